//! The benchmark a claim describes: its model, GPU variants, runtime, formats, parallelism and
//! lengths, from the claim, else the user's hints, else a default (each of the latter two
//! recorded as an assumption).

use super::{assume, default_kv, Assumption, Hints};
use crate::catalog::{self, Model};
use crate::claim::Claim;

/// The benchmark's conditions as [`super::analyse`] resolves them: from the claim, else the user's
/// hints, else a default (each of the latter two recorded as an assumption).
pub(super) struct Benchmark {
    pub(super) model: &'static catalog::Model,
    /// Every catalog variant of the claim's GPU (an "H100" may be SXM or PCIe).
    pub(super) variants: Vec<&'static catalog::Gpu>,
    pub(super) runtime: &'static catalog::Runtime,
    pub(super) weights: &'static catalog::Dtype,
    pub(super) kv: &'static catalog::Dtype,
    /// The KV dtype was stated (so the memory inference may not change it).
    pub(super) kv_stated: bool,
    pub(super) tp: u32,
    pub(super) replicas: u32,
    /// Prompt and output tokens per request.
    pub(super) isl: u32,
    pub(super) osl: u32,
}

/// The claim's model, GPU, runtime, precision, parallelism and lengths; `Err` with the reason
/// when the model or the GPU is unknown or unnamed (then nothing can be checked).
pub(super) fn resolve_benchmark(
    claim: &Claim,
    hints: &Hints,
    assumptions: &mut Vec<Assumption>,
) -> Result<Benchmark, String> {
    let model = benchmark_model(claim, hints, assumptions)?;
    let gpu_id = benchmark_gpu(claim, hints, assumptions)?;
    let variants = catalog::gpu_variants(&gpu_id);
    if variants.is_empty() {
        return Err(format!("GPU {gpu_id} is not in the catalog"));
    }
    let runtime = claim
        .catalog_runtime()
        .or_else(|| hints.runtime.as_deref().and_then(catalog::runtime))
        .unwrap_or_else(|| catalog::runtime("vllm").expect("catalog has vllm"));
    match &claim.runtime {
        None => assume(
            assumptions,
            "benchmark.runtime",
            runtime.id,
            "the claim names no runtime",
        ),
        // An engine outside the catalog (`ktransformers`, `core-ml`): its scheduler and memory
        // defaults are unknown, so another runtime's stand in, and the user is told which.
        Some(r) if catalog::runtime(&r.value).is_none() => assume(
            assumptions,
            "benchmark.runtime",
            runtime.id,
            format!(
                "the claim's engine `{}` is not in the catalog; {}'s scheduling and memory defaults stand in for it",
                r.value, runtime.name
            ),
        ),
        Some(_) => {}
    }
    let stated_weights = claim
        .weight_dtype
        .as_ref()
        .and_then(|w| catalog::dtype(&w.value));
    let weights = stated_weights
        .or_else(|| hints.weights.as_deref().and_then(catalog::dtype))
        .unwrap_or_else(|| catalog::dtype("bf16").expect("catalog has bf16"));
    if stated_weights.is_none() {
        assume(
            assumptions,
            "benchmark.weights",
            weights.id,
            "weight precision not stated; the model's native BF16 (or yours) is assumed",
        );
    }
    let kv_stated = claim
        .kv_dtype
        .as_ref()
        .and_then(|k| catalog::dtype(&k.value));
    let kv = kv_stated.unwrap_or_else(|| default_kv(weights));
    let (tp, replicas) = parallelism(claim, assumptions);
    let (isl, osl) = lengths(claim, hints, assumptions);
    Ok(Benchmark {
        model,
        variants,
        runtime,
        weights,
        kv,
        kv_stated: kv_stated.is_some(),
        tp,
        replicas,
        isl,
        osl,
    })
}

/// The claim's model, else the user's (assumed); `Err` when neither names one in the catalog.
fn benchmark_model(
    claim: &Claim,
    hints: &Hints,
    assumptions: &mut Vec<Assumption>,
) -> Result<&'static Model, String> {
    Ok(match (&claim.model, &hints.model) {
        (Some(m), _) => match catalog::model(&m.value) {
            Some(found) => found,
            None => match catalog::model::checkpoint_base(&m.value) {
                Some(base) => {
                    assume(
                        assumptions,
                        "benchmark.model",
                        base.id,
                        "the claim names a dated or tuned checkpoint of this model; its architecture is the base's",
                    );
                    base
                }
                None => {
                    let only = only_release(&m.value)
                        .ok_or_else(|| format!("model {} is not in the catalog", m.value))?;
                    assume(
                    assumptions,
                    "benchmark.model",
                    only.id,
                    "the claim names the family and size only; this is the catalog's one release of that size",
                );
                    only
                }
            },
        },
        (None, Some(h)) => {
            let m = catalog::model(h).ok_or_else(|| format!("model {h} is not in the catalog"))?;
            assume(
                assumptions,
                "benchmark.model",
                m.id,
                "the claim names no model; yours is assumed",
            );
            m
        }
        (None, None) => return Err("the claim names no model".into()),
    })
}

/// The one catalog model of a family and size named without its release (`llama-405b`: Llama
/// 3.1 405B is the only 405B Llama); None when the catalog has none or several.
fn only_release(id: &str) -> Option<&'static Model> {
    let (family, size) = id.split_once('-').filter(|(_, s)| !s.contains('-'))?;
    let (prefix, suffix) = (format!("{family}-"), format!("-{size}"));
    let mut hits = catalog::MODELS
        .iter()
        .filter(|m| m.id.starts_with(&prefix) && m.id.ends_with(&suffix));
    let first = hits.next()?;
    hits.next().is_none().then_some(first)
}

/// The claim's GPU id, else the user's (assumed); `Err` when neither names one.
fn benchmark_gpu(
    claim: &Claim,
    hints: &Hints,
    assumptions: &mut Vec<Assumption>,
) -> Result<String, String> {
    Ok(match (&claim.gpu, &hints.gpu) {
        (Some(g), _) => g.value.clone(),
        (None, Some(h)) => {
            assume(
                assumptions,
                "benchmark.gpu",
                h,
                "the claim names no GPU; yours is assumed",
            );
            h.clone()
        }
        (None, None) => return Err("the claim names no GPU".into()),
    })
}

/// (TP, replicas): the stated TP, else all the stated GPUs in one TP group, else one GPU.
fn parallelism(claim: &Claim, assumptions: &mut Vec<Assumption>) -> (u32, u32) {
    let count = claim.gpu_count.as_ref().map(|g| g.value);
    let tp = claim
        .tp
        .as_ref()
        .map(|t| t.value)
        .or(count)
        .unwrap_or(1)
        .clamp(1, 1024);
    if claim.tp.is_none() && count.is_none() {
        assume(assumptions, "benchmark.gpus", 1, "GPU count not stated");
    } else if claim.tp.is_none() && tp > 1 {
        assume(
            assumptions,
            "benchmark.tp",
            tp,
            "tensor parallelism not stated; all GPUs in one TP group",
        );
    }
    (tp, (count.unwrap_or(tp) / tp).max(1))
}

/// (prompt, output) tokens: the claim's, else the user's, else 512 / 256.
fn lengths(claim: &Claim, hints: &Hints, assumptions: &mut Vec<Assumption>) -> (u32, u32) {
    let isl = claim
        .prompt_tokens
        .as_ref()
        .map(|p| p.value)
        .or(hints.prompt_tokens)
        .unwrap_or(512)
        .max(1);
    let osl = claim
        .output_tokens
        .as_ref()
        .map(|p| p.value)
        .or(hints.output_tokens)
        .unwrap_or(256)
        .max(1);
    if claim.prompt_tokens.is_none() {
        assume(assumptions, "benchmark.prompt_tokens", isl,
            "prompt length not stated; yours is assumed, so no prompt-length correction is applied (the true one is unknown)");
    }
    if claim.output_tokens.is_none() {
        assume(assumptions, "benchmark.output_tokens", osl,
            "output length not stated; yours is assumed, so no output-length correction is applied (the true one is unknown)");
    }
    (isl, osl)
}

#[cfg(test)]
mod release_tests {
    use super::only_release;

    /// Worked from the catalog: Llama 405B was released only as Llama 3.1 405B; 70B Llamas
    /// come as Llama 2, 3, 3.1 and 3.3 (several, so none is assumed); a catalog id is no family.
    #[test]
    fn one_release_of_a_family_and_size() {
        assert_eq!(
            only_release("llama-405b").map(|m| m.id),
            Some("llama-3.1-405b")
        );
        assert!(only_release("llama-70b").is_none());
        assert!(only_release("llama-3.1-405b").is_none());
        assert!(only_release("nonexistent-7b").is_none());
    }
}
