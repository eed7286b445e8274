//! Resolving the scenario into the user's deployment: range checks, catalog look-ups, and the
//! benchmark's values carried over where the user gave none.

use super::{bad, EstimateError};
use crate::analysis::{assume, default_kv, make_setup, Analysis, Assumption, PlausibilityStatus};
use crate::catalog::{self, Gpu, Model};
use crate::claim::Claim;
use crate::input::{Load, Scenario};
use crate::limits;
use crate::model::{Efficiency, Setup};

/// Checks every input's range.
///
/// # Errors
/// [`EstimateError::BadInput`] naming the first input out of range.
pub(super) fn validate(s: &Scenario) -> Result<(), EstimateError> {
    if s.prompt_tokens == 0 || s.prompt_tokens > limits::MAX_TOKENS {
        return Err(bad(
            "--prompt-tokens",
            "must be a whole number from 1 to 10,000,000",
        ));
    }
    if s.output_tokens == 0 || s.output_tokens > limits::MAX_TOKENS {
        return Err(bad(
            "--output-tokens",
            "must be a whole number from 1 to 10,000,000",
        ));
    }
    if let Some(n) = s.gpus {
        if n == 0 || n > limits::MAX_GPUS {
            return Err(bad("--gpus", "must be a whole number from 1 to 4096"));
        }
    }
    if let Some(t) = s.tp {
        if t == 0 || t > 64 {
            return Err(bad("--tp", "must be a whole number from 1 to 64"));
        }
    }
    if let Some(m) = s.mem_fraction {
        if !(m.is_finite() && (0.05..=1.0).contains(&m)) {
            return Err(bad("--mem-fraction", "must be between 0.05 and 1"));
        }
    }
    if let Some(p) = s.price_usd_per_gpu_hour {
        if !(p.is_finite() && (0.0..=limits::MAX_PRICE_USD_PER_GPU_HOUR).contains(&p)) {
            return Err(bad(
                "--price",
                "must be a number of USD per GPU-hour from 0 to 1,000",
            ));
        }
    }
    if !(s.busy_hours.is_finite() && (limits::MIN_BUSY_HOURS..=24.0).contains(&s.busy_hours)) {
        return Err(bad("--busy-hours", "must be from 0.1 to 24"));
    }
    match s.load {
        Load::Concurrency { concurrency }
            if concurrency == 0 || concurrency > limits::MAX_CONCURRENCY =>
        {
            Err(bad(
                "--concurrency",
                "must be a whole number from 1 to 100,000",
            ))
        }
        Load::Concurrency { .. } => Ok(()),
        Load::Rate { requests_per_s, .. }
            if !(requests_per_s.is_finite()
                && (limits::MIN_RATE..=limits::MAX_RATE).contains(&requests_per_s)) =>
        {
            Err(bad(
                "--rate",
                "must be a number of requests/s from 0.000001 to 1,000,000",
            ))
        }
        Load::Rate { burstiness, .. }
            if !(burstiness.is_finite()
                && (limits::MIN_BURSTINESS..=limits::MAX_BURSTINESS).contains(&burstiness)) =>
        {
            Err(bad("--burstiness", "must be from 0.01 to 100"))
        }
        Load::Rate { .. } => Ok(()),
    }?;
    if s.requests == 0 || s.requests > limits::MAX_REQUESTS {
        return Err(bad(
            "--requests",
            "must be a whole number from 1 to 100,000",
        ));
    }
    for (flag, v) in [("--prompt-sd", s.prompt_sd), ("--output-sd", s.output_sd)] {
        if let Some(v) = v {
            if !(v.is_finite() && (0.0..=1e7).contains(&v)) {
                return Err(bad(flag, "must be a number of tokens from 0 to 10,000,000"));
            }
        }
    }
    for (flag, v) in [
        ("--slo-ttft-ms", s.slo.ttft_ms),
        ("--slo-tpot-ms", s.slo.tpot_ms),
        ("--slo-e2e-ms", s.slo.e2e_ms),
    ] {
        if let Some(v) = v {
            if !(v.is_finite() && (limits::MIN_SLO_MS..=limits::MAX_SLO_MS).contains(&v)) {
                return Err(bad(
                    flag,
                    "must be a number of milliseconds from 0.001 to 1,000,000,000",
                ));
            }
        }
    }
    if s.max_num_seqs.is_some_and(|n| n == 0 || n > 65_536) {
        return Err(bad(
            "--max-num-seqs",
            "must be a whole number from 1 to 65,536",
        ));
    }
    if s.max_batched_tokens
        .is_some_and(|n| n == 0 || n > 10_000_000)
    {
        return Err(bad(
            "--max-batched-tokens",
            "must be a whole number from 1 to 10,000,000",
        ));
    }
    if s.block_size.is_some_and(|n| n == 0 || n > 1024) {
        return Err(bad(
            "--block-size",
            "must be a whole number of tokens from 1 to 1,024",
        ));
    }
    if s.prompt_pool
        .is_some_and(|n| n == 0 || n > crate::limits::MAX_TOKENS)
    {
        return Err(bad(
            "--prompt-pool",
            "must be a whole number of prompts from 1 to 10,000,000",
        ));
    }
    if s.prefix_tokens.is_some_and(|n| n >= s.prompt_tokens) {
        return Err(bad(
            "--prefix-tokens",
            format!("must be fewer than the {} prompt tokens", s.prompt_tokens),
        ));
    }
    Ok(())
}

fn lookup<T>(
    input: &'static str,
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
            "--gpu",
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
    input: &'static str,
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
        (Some(id), _) => lookup("--model", id, catalog::model, "model", &ids),
        (None, Some(b)) => Ok(b.model),
        (None, None) => {
            let why = match &claim.model {
                Some(m) if catalog::model(&m.value).is_none() => format!(
                    "the claim's model {:?} is not in the catalog; give --model",
                    m.value
                ),
                _ => "no model given and the claim names none; give --model".into(),
            };
            Err(EstimateError::Missing {
                input: "--model",
                reason: why,
            })
        }
    }
}

/// The user's GPU, GPU count, tensor parallelism and replica count.
fn hardware_of(
    s: &Scenario,
    bench: Option<Setup>,
    assumptions: &mut Vec<Assumption>,
) -> Result<(&'static Gpu, u32, u32), EstimateError> {
    let gpu = match (&s.gpu, bench) {
        (Some(id), b) => resolve_gpu(id, b.map(|b| b.gpu), assumptions)?,
        (None, Some(b)) => b.gpu,
        (None, None) => {
            return Err(EstimateError::Missing { input: "--gpu", reason: "no GPU given and the claim names none (or it is not in the catalog); give --gpu".into() });
        }
    };
    let gpus = s.gpus.or(bench.map(|b| b.total_gpus())).unwrap_or(1);
    let tp = s.tp.unwrap_or_else(|| match bench {
        Some(b) if gpus % b.tp == 0 && b.gpu.id == gpu.id => b.tp,
        _ => gpus.min(64),
    });
    if gpus % tp != 0 {
        return Err(bad(
            "--tp",
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
/// GPUs, or weights that do not fit.
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
    let total_tokens = s.prompt_tokens as u64 + s.output_tokens as u64;
    if total_tokens > model.context as u64 {
        return Err(bad(
            "--prompt-tokens/--output-tokens",
            format!(
                "prompt + output = {total_tokens} tokens exceeds {}'s context window of {} tokens",
                model.name, model.context
            ),
        ));
    }
    let (gpu, tp, replicas) = hardware_of(s, bench, assumptions)?;
    let dtypes: Vec<&str> = catalog::DTYPES.iter().map(|d| d.id).collect();
    let runtimes: Vec<&str> = catalog::RUNTIMES.iter().map(|r| r.id).collect();
    let weights = pick(
        s.weights.as_deref(),
        "--weights",
        catalog::dtype,
        "dtype",
        &dtypes,
        bench.map(|b| b.weights),
        || {
            let d = catalog::dtype("bf16").expect("catalog has bf16");
            assume(assumptions, "weights", d.id, "not given; BF16 assumed");
            d
        },
    )?;
    let runtime = pick(
        s.runtime.as_deref(),
        "--runtime",
        catalog::runtime,
        "runtime",
        &runtimes,
        bench.map(|b| b.runtime),
        || {
            let r = catalog::runtime("vllm").expect("catalog has vllm");
            assume(assumptions, "runtime", r.id, "not given; vLLM assumed");
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
        "--kv-dtype",
        catalog::dtype,
        "dtype",
        &dtypes,
        bench.map(|b| b.kv),
        || default_kv(weights),
    )?;
    let mem_fraction = s.mem_fraction.or_else(|| {
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
    });
    let mut user = make_setup(model, gpu, tp, replicas, weights, kv, runtime, mem_fraction);
    if let Some(n) = s.max_num_seqs {
        user.max_num_seqs = n;
    }
    if let Some(n) = s.max_batched_tokens {
        user.max_batched_tokens = n;
    }
    if let Some(n) = s.block_size {
        user.block_tokens = n;
    }
    user.kv_capacity_tokens()
        .map_err(|e| EstimateError::Infeasible(e.to_string()))?;
    Ok(user)
}

/// The efficiencies of the projection: the chosen reading's calibration, the hardware ceiling
/// for an impossible claim, or the prior without a usable claim. Returns them with their source
/// (`claim`, `ceiling`, `prior`) and a note.
pub(super) fn efficiency(
    s: &Scenario,
    analysis: &Analysis,
    warnings: &mut Vec<String>,
) -> (Efficiency, &'static str, String) {
    match (analysis.status, analysis.chosen()) {
        (PlausibilityStatus::Plausible, Some(r)) => (
            r.calibration
                .as_ref()
                .expect("plausible has calibration")
                .efficiency,
            "claim",
            r.note.clone(),
        ),
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
