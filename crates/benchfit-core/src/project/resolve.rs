//! Resolving the scenario into the user's deployment: range checks, catalog look-ups, and the
//! benchmark's values carried over where the user gave none.

use super::{bad, EstimateError};
use crate::analysis::{assume, default_kv, make_setup, Analysis, Assumption, PlausibilityStatus};
use crate::catalog::{self, Dtype, Gpu, Model, Runtime};
use crate::claim::Claim;
use crate::input::{Field, Load, Scenario};
use crate::model::{Efficiency, Setup};
use crate::units::Tokens;

/// Checks every input's range ([`crate::input::FIELDS`]) and that the shared prefix is shorter
/// than the prompt.
///
/// # Errors
/// [`EstimateError::BadInput`] naming the first input out of range.
pub(super) fn validate(s: &Scenario) -> Result<(), EstimateError> {
    use Field as F;
    let whole = |f: Field, v: Option<u32>| v.map_or(Ok(0), |v| f.check_whole(v as u64));
    let number = |f: Field, v: Option<f64>| v.map_or(Ok(0.0), |v| f.check_number(v));
    whole(F::PromptTokens, Some(s.prompt_tokens))?;
    whole(F::OutputTokens, Some(s.output_tokens))?;
    whole(F::Gpus, s.gpus)?;
    whole(F::Tp, s.tp)?;
    number(F::MemFraction, s.mem_fraction)?;
    number(F::Price, s.price_usd_per_gpu_hour)?;
    number(F::BusyHours, Some(s.busy_hours))?;
    match s.load {
        Load::Concurrency { concurrency } => whole(F::Concurrency, Some(concurrency)).map(drop),
        Load::Rate {
            requests_per_s,
            burstiness,
            ..
        } => number(F::Rate, Some(requests_per_s))
            .and(number(F::Burstiness, Some(burstiness)))
            .map(drop),
    }?;
    whole(F::Requests, Some(s.requests))?;
    number(F::PromptSd, s.prompt_sd)?;
    number(F::OutputSd, s.output_sd)?;
    number(F::SloTtftMs, s.slo.ttft_ms)?;
    number(F::SloTpotMs, s.slo.tpot_ms)?;
    number(F::SloE2eMs, s.slo.e2e_ms)?;
    whole(F::MaxNumSeqs, s.max_num_seqs)?;
    whole(F::MaxBatchedTokens, s.max_batched_tokens)?;
    whole(F::BlockSize, s.block_size)?;
    whole(F::PromptPool, s.prompt_pool)?;
    if s.prefix_tokens.is_some_and(|n| n >= s.prompt_tokens) {
        return Err(bad(
            F::PrefixTokens,
            format!("must be fewer than the {} prompt tokens", s.prompt_tokens),
        ));
    }
    Ok(())
}

fn lookup<T>(
    input: Field,
    id: &str,
    f: fn(&str) -> Option<&'static T>,
    what: &str,
    all: &[&str],
) -> Result<&'static T, EstimateError> {
    f(id).ok_or_else(|| {
        bad(
            input,
            format!("unknown {what} id {id:?}; known: {}", all.join(", ")),
        )
    })
}

fn gpu_ids() -> Vec<&'static str> {
    let mut v: Vec<&str> = catalog::GPUS.iter().map(|g| g.id).collect();
    v.extend(catalog::AMBIGUOUS_GPUS_IDS);
    v
}

/// Resolves the user's GPU: an exact id, or a family id resolved to the benchmark's variant.
fn resolve_gpu(
    id: &str,
    bench: Option<&'static Gpu>,
    assumptions: &mut Vec<Assumption>,
) -> Result<&'static Gpu, EstimateError> {
    let variants = catalog::gpu_variants(id);
    match variants.len() {
        0 => Err(bad(
            Field::Gpu,
            format!("unknown GPU id {id:?}; known: {}", gpu_ids().join(", ")),
        )),
        1 => Ok(variants[0]),
        _ => {
            let g = bench
                .filter(|b| variants.iter().any(|v| v.id == b.id))
                .unwrap_or(variants[0]);
            let why = if bench.is_some_and(|b| b.id == g.id) {
                "variant not given; the benchmark's (the only one its figure is possible on, or the first) is assumed"
            } else {
                "variant not given; the first is assumed"
            };
            assume(assumptions, "gpu", g.id, why);
            Ok(g)
        }
    }
}

/// Picks an id the user gave, else the benchmark's value, else a default.
fn pick<T>(
    given: Option<&str>,
    input: Field,
    find: fn(&str) -> Option<&'static T>,
    what: &str,
    all: &[&str],
    bench: Option<&'static T>,
    default: impl FnOnce() -> &'static T,
) -> Result<&'static T, EstimateError> {
    match (given, bench) {
        (Some(id), _) => lookup(input, id, find, what, all),
        (None, Some(b)) => Ok(b),
        (None, None) => Ok(default()),
    }
}

/// The user's model: the given id, else the claim's.
fn model_of(
    s: &Scenario,
    claim: &Claim,
    bench: Option<Setup>,
) -> Result<&'static Model, EstimateError> {
    let ids: Vec<&str> = catalog::MODELS.iter().map(|m| m.id).collect();
    match (&s.model, bench) {
        (Some(id), _) => lookup(Field::Model, id, catalog::model, "model", &ids),
        (None, Some(b)) => Ok(b.model),
        (None, None) => {
            // No reading of the benchmark fits its hardware (so no setup to carry over): the
            // model the claim names is still the user's best guess.
            if let Some(m) = claim.model.as_ref().and_then(|m| {
                catalog::model(&m.value).or_else(|| catalog::model::checkpoint_base(&m.value))
            }) {
                return Ok(m);
            }
            let why = match &claim.model {
                Some(m) if catalog::model(&m.value).is_none() => format!(
                    "the claim's model {:?} is not in the catalog; give the model",
                    m.value
                ),
                _ => "no model given and the claim names none; give the model".into(),
            };
            Err(EstimateError::Missing {
                input: Field::Model,
                reason: why,
            })
        }
    }
}

/// The user's GPU, GPU count, tensor parallelism and replica count: as given, else the
/// benchmark's setup, else (when no reading of the benchmark fits its hardware) the GPU and count
/// the claim names.
fn hardware_of(
    s: &Scenario,
    claim: &Claim,
    bench: Option<Setup>,
    assumptions: &mut Vec<Assumption>,
) -> Result<(&'static Gpu, u32, u32), EstimateError> {
    let claimed = claim
        .gpu
        .as_ref()
        .filter(|g| !catalog::gpu_variants(&g.value).is_empty());
    let gpu = match (&s.gpu, bench, claimed) {
        (Some(id), b, _) => resolve_gpu(id, b.map(|b| b.gpu), assumptions)?,
        (None, Some(b), _) => b.gpu,
        (None, None, Some(g)) => resolve_gpu(&g.value, None, assumptions)?,
        (None, None, None) => {
            return Err(EstimateError::Missing { input: Field::Gpu, reason: "no GPU given and the claim names none (or it is not in the catalog); give the GPU".into() });
        }
    };
    let claimed_count = claim.gpu_count.as_ref().map(|c| c.value);
    let gpus = s
        .gpus
        .or(bench.map(|b| b.total_gpus()))
        .or(claimed_count.filter(|_| s.gpu.is_none()))
        .unwrap_or(1);
    let tp = s.tp.unwrap_or_else(|| match bench {
        Some(b) if gpus % b.tp == 0 && b.gpu.id == gpu.id => b.tp,
        _ => gpus.min(64),
    });
    if gpus % tp != 0 {
        return Err(bad(
            Field::Tp,
            format!("{tp} does not divide the {gpus} GPUs into whole replicas"),
        ));
    }
    Ok((gpu, tp, gpus / tp))
}

/// Resolves the user's deployment: each input as given, else carried from the benchmark's setup
/// (with an assumption where the claim only implies it), else the default; then the runtime knobs.
///
/// # Errors
/// An unknown id, a missing model or GPU, a context overflow, a TP that does not divide the
/// GPUs or the model's attention heads, or weights that do not fit.
pub(super) fn deployment(
    s: &Scenario,
    claim: &Claim,
    analysis: &Analysis,
    assumptions: &mut Vec<Assumption>,
) -> Result<Setup, EstimateError> {
    let chosen = analysis.chosen();
    let bench = chosen.map(|r| r.bench.setup);
    let memory_note = chosen.and_then(|r| r.bench.memory_note.as_ref()).is_some();
    let model = model_of(s, claim, bench)?;
    fits_context(s, model)?;
    let (gpu, mut tp, mut replicas) = hardware_of(s, claim, bench, assumptions)?;
    // Tensor parallelism splits the attention heads evenly across the GPUs (vLLM refuses a TP
    // that does not divide `num_attention_heads`; the planner skips such candidates too). A TP
    // the user did not give falls back to the largest that divides both the GPUs and the heads.
    let divides = |t: u32| t == 1 || model.heads.checked_rem(t) == Some(0);
    if s.tp.is_none() && !divides(tp) {
        let gpus = tp * replicas;
        tp = (1..=tp)
            .rev()
            .find(|&t| gpus % t == 0 && divides(t))
            .unwrap_or(1);
        replicas = gpus / tp;
        assume(
            assumptions,
            "tp",
            tp,
            format!(
                "the largest TP dividing the {gpus} GPUs and the model's {} attention heads",
                model.heads
            ),
        );
    }
    if !divides(tp) {
        return Err(bad(
            Field::Tp,
            format!(
                "TP {tp} does not divide {}'s {} attention heads; use a TP that does (1, 2, 4, 8…) and more replicas",
                model.name, model.heads
            ),
        ));
    }
    let (weights, runtime, kv) = formats(s, claim, bench, memory_note, assumptions)?;
    let mem_fraction = mem_fraction_of(s, bench, runtime, memory_note, assumptions);
    let user = make_setup(model, gpu, tp, replicas, weights, kv, runtime, mem_fraction);
    let user = with_engine_knobs(s, user);
    user.kv_capacity_tokens()
        .map_err(|e| EstimateError::Infeasible(e.to_string()))?;
    Ok(user)
}

/// Checks that prompt + output fit the model's context window.
fn fits_context(s: &Scenario, model: &Model) -> Result<(), EstimateError> {
    let total_tokens = Tokens::new(s.prompt_tokens as f64) + Tokens::new(s.output_tokens as f64);
    if total_tokens > Tokens::new(model.context as f64) {
        return Err(EstimateError::TooLong {
            reason: format!(
                "prompt + output = {} tokens exceeds {}'s context window of {} tokens",
                total_tokens.value(),
                model.name,
                model.context
            ),
        });
    }
    Ok(())
}

/// The claim's own catalog entry for a format (with the reason "the claim's"), else the
/// catalog's `default` (with no reason: the caller says why it was assumed).
fn claims_else<T>(
    written: Option<&crate::claim::Found<String>>,
    find: fn(&str) -> Option<&'static T>,
    default: &str,
) -> (&'static T, Option<&'static str>) {
    match written.and_then(|w| find(&w.value)) {
        Some(t) => (t, Some("the claim's")),
        None => (find(default).expect("the catalog has the default"), None),
    }
}

/// The weights, runtime and KV formats: as given, else the benchmark's (the KV format with an
/// assumption where the benchmark's memory implies it), else the claim's own (when no reading
/// of the benchmark fits its hardware, the claim's FP8 is still the best guess), else BF16,
/// vLLM and the weights' KV default.
fn formats(
    s: &Scenario,
    claim: &Claim,
    bench: Option<Setup>,
    memory_note: bool,
    assumptions: &mut Vec<Assumption>,
) -> Result<(&'static Dtype, &'static Runtime, &'static Dtype), EstimateError> {
    let dtypes: Vec<&str> = catalog::DTYPES.iter().map(|d| d.id).collect();
    let runtimes: Vec<&str> = catalog::runtime_choices().map(|r| r.id).collect();
    let weights = pick(
        s.weights.as_deref(),
        Field::Weights,
        catalog::dtype,
        "dtype",
        &dtypes,
        bench.map(|b| b.weights),
        || {
            let (d, why) = claims_else(claim.weight_dtype.as_ref(), catalog::dtype, "bf16");
            assume(
                assumptions,
                "weights",
                d.id,
                why.unwrap_or("not given; BF16 assumed"),
            );
            d
        },
    )?;
    let runtime = pick(
        s.runtime.as_deref(),
        Field::Runtime,
        catalog::runtime,
        "runtime",
        &runtimes,
        bench.map(|b| b.runtime),
        || {
            // The claim's engine at the claim's version (`vLLM 0.9.2` schedules synchronously).
            let (r, why) = match claim.catalog_runtime() {
                Some(r) => (r, Some("the claim's")),
                None => (catalog::runtime("vllm").expect("catalog has vllm"), None),
            };
            assume(
                assumptions,
                "runtime",
                r.id,
                why.unwrap_or("not given; vLLM assumed"),
            );
            r
        },
    )?;
    if let (None, Some(b)) = (&s.kv_dtype, bench) {
        if memory_note {
            assume(
                assumptions,
                "kv_dtype",
                b.kv.id,
                "carried from what the benchmark must have used",
            );
        }
    }
    let kv = pick(
        s.kv_dtype.as_deref(),
        Field::KvDtype,
        catalog::dtype,
        "dtype",
        &dtypes,
        bench.map(|b| b.kv),
        || default_kv(weights),
    )?;
    Ok((weights, runtime, kv))
}

/// The memory fraction: as given, else the benchmark's when it ran the same runtime (with an
/// assumption where the benchmark's memory implies it).
fn mem_fraction_of(
    s: &Scenario,
    bench: Option<Setup>,
    runtime: &Runtime,
    memory_note: bool,
    assumptions: &mut Vec<Assumption>,
) -> Option<f64> {
    s.mem_fraction.or_else(|| {
        let b = bench.filter(|b| b.runtime.id == runtime.id)?;
        if memory_note {
            assume(
                assumptions,
                "mem_fraction",
                format!("{:.2}", b.mem_fraction),
                "carried from what the benchmark must have used",
            );
        }
        Some(b.mem_fraction)
    })
}

/// The setup with the scenario's engine knobs (`max_num_seqs`, the token budget, the KV block
/// size) where given; the runtime's defaults otherwise.
fn with_engine_knobs(s: &Scenario, mut user: Setup) -> Setup {
    if let Some(n) = s.max_num_seqs {
        user.max_num_seqs = n;
    }
    if let Some(n) = s.max_batched_tokens {
        user.max_batched_tokens = n;
    }
    if let Some(n) = s.block_size {
        user.block_tokens = n;
    }
    user
}

/// The efficiencies of the projection: the chosen reading's calibration, the hardware ceiling
/// for an impossible claim, or the prior without a usable claim. Returns them with their source
/// (`claim`, `ceiling`, `prior`) and a note.
/// Below this share of the model's value at the hardware's ceiling (MBU 0.9, MFU 0.8) for the
/// claim's own setup (0.05), a calibrated claim is flagged as implausibly slow. Not a physical
/// bound (an engine can be arbitrarily slow) but a judgement: the prior (MBU 0.7, MFU 0.5,
/// [`Efficiency::PRIOR`]) sits at 0.6–0.8 of the ceiling, and single-stream decode on today's
/// engines reaches MBU 0.6–0.7 (Databricks, "LLM inference performance engineering", 2023), so
/// a GPU-served run at a twentieth of the ceiling is more likely another setup than a slow
/// engine.
pub(super) const SLOW_CLAIM_SHARE: f64 = 0.01;

pub(super) fn efficiency(
    s: &Scenario,
    analysis: &Analysis,
    warnings: &mut Vec<String>,
) -> (Efficiency, &'static str, String) {
    match (analysis.status, analysis.chosen()) {
        (PlausibilityStatus::Plausible, Some(r)) => {
            let c = r.calibration.as_ref().expect("plausible has calibration");
            // Possible is not likely: a claim this far below the model's ceiling for its setup
            // is usually another setup's.
            let share = if r.metric.higher_is_better() {
                r.target / c.ceiling_value
            } else {
                c.ceiling_value / r.target
            };
            // Only for a claim that states its own model, GPU and load: an assumed one (the
            // user's model, the saturated batch) makes the share the assumption's, not the claim's.
            let assumed = analysis.assumptions.iter().any(|a| {
                ["benchmark.model", "benchmark.gpu", "benchmark.concurrency"]
                    .contains(&a.field.as_str())
            });
            if share < SLOW_CLAIM_SHARE && !assumed {
                warnings.push(format!(
                    "The claim is {:.2} % of what the model gives its setup at the hardware's ceiling: far slower than a tuned engine (a run offloaded to the CPU, another GPU, or a figure in another unit?). The projection carries that slowness over.",
                    share * 100.0
                ));
            }
            (c.efficiency, "claim", r.note.clone())
        }
        (PlausibilityStatus::Implausible, Some(r)) => {
            warnings.push("The claim is not possible as written under any reading; the projection uses the hardware ceiling (MBU 0.9, MFU 0.8) and is an upper bound.".into());
            (Efficiency::MAX, "ceiling", r.note.clone())
        }
        _ => {
            if !s.benchmark.trim().is_empty() {
                warnings.push(format!(
                    "The claim could not be calibrated ({}); prior efficiencies are used.",
                    analysis.note
                ));
            }
            (
                Efficiency::PRIOR,
                "prior",
                "no usable claim: prior MBU 0.7, MFU 0.5".into(),
            )
        }
    }
}
