//! Re-projecting a claim onto the user's traffic, GPU and price (DESIGN §1 project, §4.6 cost).

use crate::analysis::{
    analyse, assume, default_kv, make_setup, Analysis, Assumption, Hints, PlausibilityStatus,
    Reading,
};
use crate::catalog::{self, Gpu};
use crate::claim::{self, Claim};
use crate::limits;
use crate::model::{
    closed_loop, Efficiency, KvCap, Metric, Setup, SteadyError, SteadyState, Workload,
};
use crate::scenario::{Arrival, Load, Scenario};
use crate::sim::{simulate, Arrivals, LengthDist, RequestCounts, SimConfig, SimResult};
use crate::stats::Percentiles;
use crate::units::{Seconds, UsdPerGpuHour};
use serde::Serialize;

/// Why an estimate cannot be made. Messages name the input and the allowed range.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EstimateError {
    /// An input is out of range.
    #[error("{input}: {reason}")]
    BadInput {
        /// The flag / field name (`--prompt-tokens`).
        input: &'static str,
        /// Why, with the allowed range.
        reason: String,
    },
    /// An input is missing and the claim does not supply it.
    #[error("{input}: {reason}")]
    Missing {
        /// The flag / field name.
        input: &'static str,
        /// What would supply it.
        reason: String,
    },
    /// The deployment cannot serve the traffic at all.
    #[error("{0}")]
    Infeasible(String),
}

fn bad(input: &'static str, reason: impl Into<String>) -> EstimateError {
    EstimateError::BadInput {
        input,
        reason: reason.into(),
    }
}

/// Deployment-wide rates.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Throughput {
    /// Output tokens per second.
    pub output_tokens_per_s: f64,
    /// Input + output tokens per second.
    pub total_tokens_per_s: f64,
    /// Completed requests per second.
    pub requests_per_s: f64,
}

/// Latency percentiles, ms.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Latency {
    /// Time to first token.
    pub ttft: Percentiles,
    /// Inter-token latency.
    pub itl: Percentiles,
    /// Time per output token.
    pub tpot: Percentiles,
    /// End to end.
    pub e2e: Percentiles,
}

/// KV-cache facts of the user's deployment (and of the benchmark, for comparison).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Kv {
    /// Capacity of one replica, tokens.
    pub capacity_tokens: f64,
    /// KV-limited concurrency per replica for the user's request size.
    pub max_concurrent_sequences: u32,
    /// Peak fraction of capacity in use.
    pub peak_usage: f64,
    /// KV dtype id used.
    pub kv_dtype: &'static str,
    /// Memory fraction used.
    pub mem_fraction: f64,
    /// KV bytes per token.
    pub bytes_per_token: f64,
    /// True when the ceiling limits the user's concurrency.
    pub limits_concurrency: bool,
    /// The benchmark's KV facts, when a claim was read.
    pub benchmark: Option<KvBenchmark>,
}

/// The benchmark's KV cache as reconstructed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct KvBenchmark {
    /// Capacity, tokens.
    pub capacity_tokens: f64,
    /// KV tokens its running batch needed.
    pub needed_tokens: f64,
    /// KV-limited concurrency for its request size.
    pub max_concurrent_sequences: u32,
    /// What was inferred for it to fit.
    pub note: Option<String>,
}

/// Costs (DESIGN §4.6). All null without a price.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Cost {
    /// The price used, USD per GPU-hour.
    pub price_usd_per_gpu_hour: Option<f64>,
    /// Where the price comes from.
    pub price_source: Option<String>,
    /// Per request while traffic runs.
    pub per_request_usd: Option<f64>,
    /// Per request with 24 h of rent spread over the busy hours' requests.
    pub per_request_whole_day_usd: Option<f64>,
    /// Per million output tokens (busy hours).
    pub per_million_output_tokens_usd: Option<f64>,
    /// Per million input + output tokens (busy hours).
    pub per_million_total_tokens_usd: Option<f64>,
    /// GPU-seconds per request.
    pub gpu_seconds_per_request: f64,
}

/// One step of the correction waterfall: one input changed from the benchmark's value to yours.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Factor {
    /// What changed (`hardware`, `prompt length`, `concurrency`, `KV ceiling`, …).
    pub name: String,
    /// The benchmark's value.
    pub from: String,
    /// Yours.
    pub to: String,
    /// Metric after ÷ before.
    pub ratio: f64,
}

/// Low–high band over the plausible readings of an ambiguous claim.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Band {
    /// Low end.
    pub low: f64,
    /// High end.
    pub high: f64,
}

/// Range of the main outputs when the claim left conditions open.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Range {
    /// Output tokens/s.
    pub output_tokens_per_s: Band,
    /// Cost per request (busy hours), when priced.
    pub per_request_usd: Option<Band>,
}

/// Where the efficiencies came from.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CalibrationInfo {
    /// Achieved memory-bandwidth fraction.
    pub mbu: f64,
    /// Achieved compute fraction.
    pub mfu: f64,
    /// `claim` (calibrated on a plausible reading), `ceiling` (the claim is impossible; the
    /// hardware ceiling is used), or `prior` (no usable claim).
    pub source: &'static str,
    /// Which reading, in words.
    pub note: String,
}

/// The headline as compared like for like.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Headline {
    /// Claimed value in the metric's unit (whole deployment).
    pub value: f64,
    /// The metric it is read as.
    pub metric: Metric,
    /// The same metric for your traffic.
    pub effective: f64,
}

/// Your deployment as resolved.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Deployment {
    /// Model id.
    pub model: &'static str,
    /// GPU id.
    pub gpu: &'static str,
    /// GPUs in all.
    pub gpus: u32,
    /// Tensor-parallel degree.
    pub tp: u32,
    /// Replicas.
    pub replicas: u32,
    /// Weight dtype id.
    pub weights: &'static str,
    /// KV dtype id.
    pub kv_dtype: &'static str,
    /// Runtime id.
    pub runtime: &'static str,
    /// Memory fraction.
    pub mem_fraction: f64,
    /// Concurrency offered (for a request rate: the concurrency it settles at, Little's law).
    pub concurrency: u32,
    /// Engine `max_num_seqs`.
    pub max_num_seqs: u32,
    /// Engine `max_num_batched_tokens`.
    pub max_batched_tokens: u32,
    /// KV block size, tokens.
    pub block_tokens: u32,
}

/// What the simulation of your traffic saw (one replica; rates scaled to the deployment).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Simulation {
    /// Completed / incomplete / rejected requests (one replica).
    pub requests: RequestCounts,
    /// Engine steps.
    pub steps: u64,
    /// Preemptions (recompute) when KV blocks ran out.
    pub preemptions: u32,
    /// Requests per second meeting every SLO (null without SLOs), whole deployment.
    pub goodput_requests_per_s: Option<f64>,
    /// Time waiting for admission, ms.
    pub queue_ms: Option<Percentiles>,
    /// Mean sequences per step.
    pub mean_batch: f64,
    /// Simulated window, s.
    pub window_s: f64,
    /// KV usage over time: (s, fraction).
    pub kv_usage: Vec<(f64, f64)>,
    /// The arrivals, in words.
    pub arrivals: String,
}

/// The estimate (DESIGN §5.2 `estimate`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Estimate {
    /// Rates.
    pub throughput: Throughput,
    /// Latencies, ms.
    pub latency_ms: Latency,
    /// KV cache.
    pub kv: Kv,
    /// Costs.
    pub cost: Cost,
    /// Effective ÷ headline, like for like; null without a usable claim.
    pub correction_factor: Option<f64>,
    /// The waterfall; the ratios multiply to `correction_factor`.
    pub factors: Vec<Factor>,
    /// The headline and its effective value.
    pub headline: Option<Headline>,
    /// Band over plausible readings.
    pub range: Option<Range>,
    /// Everything filled in.
    pub assumptions: Vec<Assumption>,
    /// Efficiencies used.
    pub calibration: CalibrationInfo,
    /// Your deployment.
    pub deployment: Deployment,
    /// The simulation behind the latencies and rates.
    pub simulation: Simulation,
    /// Warnings.
    pub warnings: Vec<String>,
}

fn validate(s: &Scenario) -> Result<(), EstimateError> {
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

struct Projection {
    state: SteadyState,
    factors: Vec<Factor>,
    metric: Metric,
}

fn metric_value(
    setup: &Setup,
    eff: Efficiency,
    w: &Workload,
    metric: Metric,
    cap: KvCap,
) -> Result<f64, SteadyError> {
    Ok(metric.of(&closed_loop(setup, eff, w, cap)?))
}

struct Walk {
    setup: Setup,
    w: Workload,
    prev: f64,
    eff: Efficiency,
    metric: Metric,
    factors: Vec<Factor>,
}

impl Walk {
    /// Moves to `(setup, w)`, recording the ratio as one factor (skipped when nothing changed,
    /// unless `always`).
    #[allow(clippy::too_many_arguments)]
    fn step(
        &mut self,
        name: &str,
        from: String,
        to: String,
        setup: Setup,
        w: Workload,
        cap: KvCap,
        always: bool,
    ) -> Result<(), EstimateError> {
        if from == to && !always {
            return Ok(());
        }
        let v = metric_value(&setup, self.eff, &w, self.metric, cap)
            .map_err(|e| EstimateError::Infeasible(e.to_string()))?;
        self.factors.push(Factor {
            name: name.into(),
            from,
            to,
            ratio: v / self.prev,
        });
        self.prev = v;
        self.setup = setup;
        self.w = w;
        Ok(())
    }
}

/// Walks from the benchmark's setup to the user's, one input at a time.
fn waterfall(
    reading: &Reading,
    eff: Efficiency,
    user: &Setup,
    uw: &Workload,
) -> Result<Projection, EstimateError> {
    let metric = reading.metric;
    let infeasible = |e: SteadyError| EstimateError::Infeasible(e.to_string());
    let bench = reading.bench.setup;
    let bw = reading.bench.workload;
    let m0 = metric_value(&bench, eff, &bw, metric, KvCap::Enforce).map_err(infeasible)?;
    let uncapped = metric_value(&bench, eff, &bw, metric, KvCap::Ignore).map_err(infeasible)?;
    let mut walk = Walk {
        setup: bench,
        w: bw,
        prev: uncapped,
        eff,
        metric,
        factors: Vec::new(),
    };
    if (uncapped / m0 - 1.0).abs() > 1e-9 {
        walk.factors.push(Factor {
            name: "benchmark batch beyond its KV cache".into(),
            from: "capped".into(),
            to: "uncapped".into(),
            ratio: uncapped / m0,
        });
    }
    let hw = |s: &Setup| format!("{} × {}", s.total_gpus(), s.gpu.name);
    let s = Setup {
        gpu: user.gpu,
        tp: user.tp,
        replicas: user.replicas,
        ..walk.setup
    };
    walk.step(
        "hardware",
        hw(&bench),
        hw(user),
        s,
        walk.w,
        KvCap::Ignore,
        false,
    )?;
    let s = Setup {
        weights: user.weights,
        ..walk.setup
    };
    walk.step(
        "precision",
        format!("{} weights", bench.weights.name),
        format!("{} weights", user.weights.name),
        s,
        walk.w,
        KvCap::Ignore,
        false,
    )?;
    let s = Setup {
        runtime: user.runtime,
        max_num_seqs: user.max_num_seqs,
        max_batched_tokens: user.max_batched_tokens,
        ..walk.setup
    };
    walk.step(
        "runtime",
        bench.runtime.name.into(),
        user.runtime.name.into(),
        s,
        walk.w,
        KvCap::Ignore,
        false,
    )?;
    let w = Workload {
        prompt_tokens: uw.prompt_tokens,
        ..walk.w
    };
    walk.step(
        "prompt length",
        format!("{} tokens", bw.prompt_tokens),
        format!("{} tokens", uw.prompt_tokens),
        walk.setup,
        w,
        KvCap::Ignore,
        false,
    )?;
    let w = Workload {
        output_tokens: uw.output_tokens,
        ..walk.w
    };
    walk.step(
        "output length",
        format!("{} tokens", bw.output_tokens),
        format!("{} tokens", uw.output_tokens),
        walk.setup,
        w,
        KvCap::Ignore,
        false,
    )?;
    let w = Workload {
        concurrency: uw.concurrency,
        ..walk.w
    };
    walk.step(
        "concurrency",
        format!("{}", bw.concurrency),
        format!("{}", uw.concurrency),
        walk.setup,
        w,
        KvCap::Ignore,
        false,
    )?;
    let kvname = |s: &Setup| format!("{} KV at {:.2}", s.kv.name, s.mem_fraction);
    let max_user = user
        .max_concurrent_sequences(uw.prompt_tokens + uw.output_tokens)
        .map_err(|e| EstimateError::Infeasible(e.to_string()))?;
    walk.step(
        "KV ceiling",
        format!("unlimited ({})", kvname(&bench)),
        format!("{} sequences per replica ({})", max_user, kvname(user)),
        *user,
        *uw,
        KvCap::Enforce,
        true,
    )?;
    let state = closed_loop(user, eff, uw, KvCap::Enforce).map_err(infeasible)?;
    Ok(Projection {
        state,
        factors: walk.factors,
        metric,
    })
}

/// The report of one estimate, plus the claim analysis behind it.
#[derive(Debug, Clone, PartialEq)]
pub struct EstimateReport {
    /// The estimate.
    pub estimate: Estimate,
    /// The claim as read.
    pub claim: Claim,
    /// The analysis of the claim.
    pub analysis: Analysis,
}

/// What to do when the scenario gives no price.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PricePolicy {
    /// Use the GPU's preset price and list it among the assumptions (the page).
    Preset,
    /// Leave the cost keys null (the CLI without `--price`, DESIGN §5.1).
    OnlyGiven,
}

/// Estimates a scenario, pricing with the GPU's preset when no price is given.
///
/// # Errors
/// [`EstimateError`] naming the input when a value is out of range, an id is unknown, a needed
/// input is missing, or the deployment cannot serve even one request.
pub fn estimate(s: &Scenario) -> Result<EstimateReport, EstimateError> {
    estimate_with(s, PricePolicy::Preset)
}

/// Estimates a scenario with an explicit [`PricePolicy`].
///
/// # Errors
/// As [`estimate`].
pub fn estimate_with(
    s: &Scenario,
    price_policy: PricePolicy,
) -> Result<EstimateReport, EstimateError> {
    validate(s)?;
    let mut claim = claim::read(&s.benchmark);
    s.claim_overrides.apply(&mut claim);
    let hints = Hints {
        model: s.model.clone(),
        gpu: s.gpu.clone(),
        runtime: s.runtime.clone(),
        weights: s.weights.clone(),
        prompt_tokens: Some(s.prompt_tokens),
        output_tokens: Some(s.output_tokens),
    };
    let analysis = analyse(&claim, &hints);
    let mut assumptions = analysis.assumptions.clone();
    let mut warnings = Vec::new();
    let chosen = analysis.chosen();
    let bench_setup = chosen.map(|r| r.bench.setup);

    let model = match (&s.model, bench_setup) {
        (Some(id), _) => lookup(
            "--model",
            id,
            catalog::model,
            "model",
            &catalog::MODELS.iter().map(|m| m.id).collect::<Vec<_>>(),
        )?,
        (None, Some(b)) => b.model,
        (None, None) => {
            let why = match &claim.model {
                Some(m) if catalog::model(&m.value).is_none() => format!(
                    "the claim's model {:?} is not in the catalog; give --model",
                    m.value
                ),
                _ => "no model given and the claim names none; give --model".into(),
            };
            return Err(EstimateError::Missing {
                input: "--model",
                reason: why,
            });
        }
    };
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
    let gpu = match (&s.gpu, bench_setup) {
        (Some(id), b) => resolve_gpu(id, b.map(|b| b.gpu), &mut assumptions)?,
        (None, Some(b)) => b.gpu,
        (None, None) => {
            return Err(EstimateError::Missing { input: "--gpu", reason: "no GPU given and the claim names none (or it is not in the catalog); give --gpu".into() });
        }
    };
    let gpus = s.gpus.or(bench_setup.map(|b| b.total_gpus())).unwrap_or(1);
    let tp = s.tp.unwrap_or_else(|| match bench_setup {
        Some(b) if gpus % b.tp == 0 && b.gpu.id == gpu.id => b.tp,
        _ => gpus.min(64),
    });
    if gpus % tp != 0 {
        return Err(bad(
            "--tp",
            format!("{tp} does not divide the {gpus} GPUs into whole replicas"),
        ));
    }
    let replicas = gpus / tp;
    let weights = match (&s.weights, bench_setup) {
        (Some(id), _) => lookup(
            "--weights",
            id,
            catalog::dtype,
            "dtype",
            &catalog::DTYPES.iter().map(|d| d.id).collect::<Vec<_>>(),
        )?,
        (None, Some(b)) => b.weights,
        (None, None) => {
            let d = catalog::dtype("bf16").expect("catalog has bf16");
            assume(&mut assumptions, "weights", d.id, "not given; BF16 assumed");
            d
        }
    };
    let runtime = match (&s.runtime, bench_setup) {
        (Some(id), _) => lookup(
            "--runtime",
            id,
            catalog::runtime,
            "runtime",
            &catalog::RUNTIMES.iter().map(|r| r.id).collect::<Vec<_>>(),
        )?,
        (None, Some(b)) => b.runtime,
        (None, None) => {
            let r = catalog::runtime("vllm").expect("catalog has vllm");
            assume(&mut assumptions, "runtime", r.id, "not given; vLLM assumed");
            r
        }
    };
    let kv = match (&s.kv_dtype, bench_setup) {
        (Some(id), _) => lookup(
            "--kv-dtype",
            id,
            catalog::dtype,
            "dtype",
            &catalog::DTYPES.iter().map(|d| d.id).collect::<Vec<_>>(),
        )?,
        (None, Some(b)) => {
            if chosen.and_then(|r| r.bench.memory_note.as_ref()).is_some() {
                assume(
                    &mut assumptions,
                    "kv_dtype",
                    b.kv.id,
                    "carried from what the benchmark must have used",
                );
            }
            b.kv
        }
        (None, None) => default_kv(weights),
    };
    let mem_fraction = s.mem_fraction.or_else(|| {
        let b = bench_setup?;
        if b.runtime.id != runtime.id {
            return None;
        }
        if chosen.and_then(|r| r.bench.memory_note.as_ref()).is_some() {
            assume(
                &mut assumptions,
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

    // Efficiency: the chosen reading's calibration, the ceiling for an impossible claim, or the
    // prior without a usable claim.
    let (eff, source, cal_note) = match (analysis.status, chosen) {
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
    };

    // The concurrency the analytic steady state runs at: the offered one, or for an open loop
    // the one at which the deployment completes the offered rate (Little's law).
    let per_request = s.prompt_tokens as f64 + s.output_tokens as f64;
    let (concurrency, offered_rate) = match s.load {
        Load::Concurrency { concurrency } => (concurrency as f64, None),
        Load::Rate { requests_per_s, .. } => {
            let max =
                user.max_concurrent_sequences(per_request)
                    .map_err(|e| EstimateError::Infeasible(e.to_string()))? as f64
                    * replicas as f64;
            let x = |c: f64| {
                closed_loop(
                    &user,
                    eff,
                    &Workload {
                        prompt_tokens: s.prompt_tokens as f64,
                        output_tokens: s.output_tokens as f64,
                        concurrency: c,
                    },
                    KvCap::Enforce,
                )
                .map(|st| st.requests_per_s)
                .unwrap_or(0.0)
            };
            let capacity = x(max.max(1.0));
            let c = if capacity <= requests_per_s {
                warnings.push(format!(
                    "The offered {} req/s is at or above what the deployment completes ({:.3} req/s at its KV ceiling): the queue grows without bound.",
                    crate::format::sig(requests_per_s), capacity));
                max.max(1.0)
            } else {
                let (mut lo, mut hi) = (replicas as f64 * 1e-3, max.max(1.0));
                for _ in 0..60 {
                    let mid = (lo + hi) / 2.0;
                    if x(mid) < requests_per_s {
                        lo = mid
                    } else {
                        hi = mid
                    }
                }
                (lo + hi) / 2.0
            };
            (c, Some(requests_per_s))
        }
    };
    let uw = Workload {
        prompt_tokens: s.prompt_tokens as f64,
        output_tokens: s.output_tokens as f64,
        concurrency,
    };

    // The simulation of one replica under the real arrivals and length spread.
    let dist = |mean: u32, sd: Option<f64>| match sd {
        Some(sd) if sd > 0.0 => LengthDist::LogNormal {
            mean: mean as f64,
            sd,
        },
        _ => LengthDist::Fixed { tokens: mean },
    };
    let sim_config = |e: Efficiency| SimConfig {
        setup: user,
        efficiency: e,
        arrivals: match s.load {
            Load::Concurrency { concurrency } => Arrivals::Closed {
                concurrency: concurrency.div_ceil(replicas),
            },
            Load::Rate {
                requests_per_s,
                arrival,
                burstiness,
            } => Arrivals::Open {
                requests_per_s: requests_per_s / replicas as f64,
                arrival,
                burstiness,
            },
        },
        prompt: dist(s.prompt_tokens, s.prompt_sd),
        output: dist(s.output_tokens, s.output_sd),
        requests: s.requests.div_ceil(replicas).max(1),
        seed: s.seed,
        prefix_tokens: s.prefix_tokens.unwrap_or(0),
        slo: s.slo,
        max_steps: MAX_SIM_STEPS,
    };
    let arrivals_label = match s.load {
        Load::Concurrency { concurrency } => format!("closed loop, {concurrency} in flight"),
        Load::Rate {
            requests_per_s,
            arrival,
            burstiness,
        } => match arrival {
            Arrival::Constant => format!("constant {} req/s", crate::format::sig(requests_per_s)),
            Arrival::Poisson => format!("Poisson {} req/s", crate::format::sig(requests_per_s)),
            Arrival::Gamma => format!(
                "gamma {} req/s, burstiness {}",
                crate::format::sig(requests_per_s),
                crate::format::sig(burstiness)
            ),
        },
    };
    let spread = s.prompt_sd.is_some_and(|v| v > 0.0) || s.output_sd.is_some_and(|v| v > 0.0);
    let to_label = format!(
        "{arrivals_label}{}",
        if spread { ", lengths spread" } else { "" }
    );

    // Projections per plausible reading (the first is the primary; the band spans them all).
    let readings: Vec<(&Reading, Efficiency)> = match chosen {
        Some(_) if analysis.status == PlausibilityStatus::Plausible => analysis
            .plausible()
            .map(|r| (r, r.calibration.as_ref().expect("plausible").efficiency))
            .collect(),
        Some(r) => vec![(r, eff)],
        None => vec![],
    };
    let mut projections: Vec<(Projection, SimResult)> = Vec::new();
    for (r, e) in &readings {
        let mut p = waterfall(r, *e, &user, &uw)?;
        let sim = simulate(&sim_config(*e));
        let analytic = p.metric.of(&p.state);
        if let Some(v) =
            metric_of_sim(p.metric, &sim, replicas).filter(|v| v.is_finite() && *v > 0.0)
        {
            if analytic > 0.0 {
                p.factors.push(Factor {
                    name: "traffic (simulated)".into(),
                    from: "steady state".into(),
                    to: to_label.clone(),
                    ratio: v / analytic,
                });
            }
        }
        projections.push((p, sim));
    }
    let (state, sim) = match projections.first() {
        Some((p, sim)) => (p.state.clone(), sim.clone()),
        None => (
            closed_loop(&user, eff, &uw, KvCap::Enforce)
                .map_err(|e| EstimateError::Infeasible(e.to_string()))?,
            simulate(&sim_config(eff)),
        ),
    };
    if state.kv_limited && offered_rate.is_none() {
        warnings.push(format!(
            "Your concurrency {} exceeds the KV-cache ceiling of {} sequences per replica: the rest queue (+{:.0} ms TTFT).",
            concurrency, state.max_concurrent_sequences, state.queue_ms));
    }
    if sim.requests.incomplete > 0 {
        warnings.push(format!(
            "The simulation stopped after {} engine steps with {} requests unfinished; figures cover the {} that finished.",
            sim.steps, sim.requests.incomplete, sim.requests.completed));
    }
    if sim.requests.rejected > 0 {
        warnings.push(format!(
            "{} simulated requests need more KV cache than the whole cache holds and never ran.",
            sim.requests.rejected
        ));
    }
    let rates = rates_of(&sim, &state, replicas);

    // Cost.
    let price = s
        .price_usd_per_gpu_hour
        .map(|p| (p, "your input".to_string()))
        .or_else(|| {
            if price_policy == PricePolicy::OnlyGiven {
                return None;
            }
            let (p, source) = gpu.price.for_tier(s.price_tier);
            assume(&mut assumptions, "price_usd_per_gpu_hour", p, &source);
            Some((p, source))
        });
    let cost = cost(&rates, user.total_gpus(), price.clone(), s.busy_hours);

    let (correction_factor, factors, headline, range) = match projections.first() {
        Some((p, _)) => {
            let cf: f64 = p.factors.iter().map(|f| f.ratio).product();
            let r = chosen.expect("projection implies a reading");
            let target = r.target;
            let range = (projections.len() > 1).then(|| {
                let all: Vec<Throughput> = projections
                    .iter()
                    .map(|(p, sim)| rates_of(sim, &p.state, replicas))
                    .collect();
                let outs: Vec<f64> = all.iter().map(|t| t.output_tokens_per_s).collect();
                let costs: Vec<Option<f64>> = all
                    .iter()
                    .map(|t| {
                        self::cost(t, user.total_gpus(), price.clone(), s.busy_hours)
                            .per_request_usd
                    })
                    .collect();
                let band = |v: &[f64]| Band {
                    low: v.iter().cloned().fold(f64::INFINITY, f64::min),
                    high: v.iter().cloned().fold(f64::NEG_INFINITY, f64::max),
                };
                Range {
                    output_tokens_per_s: band(&outs),
                    per_request_usd: costs
                        .iter()
                        .all(Option::is_some)
                        .then(|| band(&costs.iter().flatten().cloned().collect::<Vec<_>>())),
                }
            });
            (
                Some(cf),
                p.factors.clone(),
                Some(Headline {
                    value: target,
                    metric: p.metric,
                    effective: target * cf,
                }),
                range,
            )
        }
        None => (None, vec![], None, None),
    };

    let or = |p: Option<Percentiles>, analytic: Percentiles| p.unwrap_or(analytic);
    let estimate = Estimate {
        latency_ms: Latency {
            ttft: or(sim.ttft_ms, state.ttft_ms),
            itl: or(sim.itl_ms, state.itl_ms),
            tpot: or(sim.tpot_ms, state.tpot_ms),
            e2e: or(sim.e2e_ms, state.e2e_ms),
        },
        throughput: rates,
        kv: Kv {
            capacity_tokens: state.kv_capacity_tokens,
            max_concurrent_sequences: state.max_concurrent_sequences,
            peak_usage: if sim.steps > 0 {
                sim.peak_kv_usage
            } else {
                state.peak_kv_usage
            },
            kv_dtype: user.kv.id,
            mem_fraction: user.mem_fraction,
            bytes_per_token: user.kv_bytes_per_token().0,
            limits_concurrency: state.kv_limited,
            benchmark: chosen.map(|r| KvBenchmark {
                capacity_tokens: r.bench.kv_capacity_tokens,
                needed_tokens: r.bench.needed_kv_tokens,
                max_concurrent_sequences: r.bench.max_concurrent_sequences,
                note: r.bench.memory_note.clone(),
            }),
        },
        cost,
        correction_factor,
        factors,
        headline,
        range,
        assumptions,
        calibration: CalibrationInfo {
            mbu: eff.mbu,
            mfu: eff.mfu,
            source,
            note: cal_note,
        },
        deployment: Deployment {
            model: model.id,
            gpu: gpu.id,
            gpus: user.total_gpus(),
            tp,
            replicas,
            weights: weights.id,
            kv_dtype: kv.id,
            runtime: runtime.id,
            mem_fraction: user.mem_fraction,
            concurrency: concurrency.round() as u32,
            max_num_seqs: user.max_num_seqs,
            max_batched_tokens: user.max_batched_tokens,
            block_tokens: user.block_tokens,
        },
        simulation: Simulation {
            requests: sim.requests,
            steps: sim.steps,
            preemptions: sim.preemptions,
            goodput_requests_per_s: sim.goodput_requests_per_s.map(|g| g * replicas as f64),
            queue_ms: sim.queue_ms,
            mean_batch: sim.mean_batch,
            window_s: sim.window_s,
            kv_usage: sim.kv_usage.clone(),
            arrivals: to_label,
        },
        warnings,
    };
    Ok(EstimateReport {
        estimate,
        claim,
        analysis,
    })
}

/// Engine steps one estimate's simulation may run before it stops and reports the rest as
/// incomplete (keeps the page responsive on absurd inputs).
pub const MAX_SIM_STEPS: u64 = 2_000_000;

/// A metric of the simulation, whole deployment (None for metrics it does not produce).
fn metric_of_sim(metric: Metric, sim: &SimResult, replicas: u32) -> Option<f64> {
    let r = replicas as f64;
    match metric {
        Metric::OutputTokensPerS => Some(sim.output_tokens_per_s * r),
        Metric::TotalTokensPerS => Some(sim.total_tokens_per_s * r),
        Metric::RequestsPerS => Some(sim.requests_per_s * r),
        Metric::PerUserTokensPerS => sim.tpot_ms.map(|t| 1e3 / t.mean),
        Metric::TtftMs => sim.ttft_ms.map(|p| p.mean),
        Metric::ItlMs => sim.itl_ms.map(|p| p.mean),
        Metric::TpotMs => sim.tpot_ms.map(|p| p.mean),
        Metric::E2eMs => sim.e2e_ms.map(|p| p.mean),
        Metric::DecodeTokensPerS | Metric::PrefillTokensPerS => None,
    }
}

/// Deployment rates from the simulation (the analytic steady state when it finished nothing).
fn rates_of(sim: &SimResult, state: &SteadyState, replicas: u32) -> Throughput {
    if sim.requests.completed > 0 && sim.requests_per_s > 0.0 {
        let r = replicas as f64;
        Throughput {
            output_tokens_per_s: sim.output_tokens_per_s * r,
            total_tokens_per_s: sim.total_tokens_per_s * r,
            requests_per_s: sim.requests_per_s * r,
        }
    } else {
        Throughput {
            output_tokens_per_s: state.output_tokens_per_s,
            total_tokens_per_s: state.total_tokens_per_s,
            requests_per_s: state.requests_per_s,
        }
    }
}

pub(crate) fn cost(
    rates: &Throughput,
    gpus: u32,
    price: Option<(f64, String)>,
    busy_hours: f64,
) -> Cost {
    let gpu_seconds = Seconds(gpus as f64 / rates.requests_per_s);
    match price {
        None => Cost {
            price_usd_per_gpu_hour: None,
            price_source: None,
            per_request_usd: None,
            per_request_whole_day_usd: None,
            per_million_output_tokens_usd: None,
            per_million_total_tokens_usd: None,
            gpu_seconds_per_request: gpu_seconds.0,
        },
        Some((p, src)) => {
            let price = UsdPerGpuHour(p);
            let per_request = price.cost_of(gpu_seconds).0;
            let per_gpu_second = price.cost_of(Seconds(gpus as f64)).0;
            Cost {
                price_usd_per_gpu_hour: Some(p),
                price_source: Some(src),
                per_request_usd: Some(per_request),
                per_request_whole_day_usd: Some(per_request * 24.0 / busy_hours),
                per_million_output_tokens_usd: Some(
                    per_gpu_second / rates.output_tokens_per_s * 1e6,
                ),
                per_million_total_tokens_usd: Some(per_gpu_second / rates.total_tokens_per_s * 1e6),
                gpu_seconds_per_request: gpu_seconds.0,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cost_arithmetic() {
        // 1 GPU at $3.60/h serving 0.5 req/s: 2 GPU-seconds = $0.002 a request; at 100 output
        // tok/s, $0.001 per GPU-second / 100 tok/s = $10 per 1M output tokens; 10 busy hours
        // a day spread 24 h of rent: × 2.4.
        let rates = Throughput {
            requests_per_s: 0.5,
            output_tokens_per_s: 100.0,
            total_tokens_per_s: 400.0,
        };
        let c = cost(&rates, 1, Some((3.6, "test".into())), 10.0);
        assert!((c.per_request_usd.unwrap() - 0.002).abs() < 1e-12);
        assert!((c.per_request_whole_day_usd.unwrap() - 0.0048).abs() < 1e-12);
        assert!((c.per_million_output_tokens_usd.unwrap() - 10.0).abs() < 1e-9);
        assert!((c.per_million_total_tokens_usd.unwrap() - 2.5).abs() < 1e-9);
        assert_eq!(c.gpu_seconds_per_request, 2.0);
        let none = cost(&rates, 1, None, 10.0);
        assert_eq!(
            (none.per_request_usd, none.per_million_output_tokens_usd),
            (None, None)
        );
    }

    #[test]
    fn worked_example_projection() {
        let r = estimate(&Scenario::worked_example()).unwrap();
        let e = &r.estimate;
        // Calibrated on the total-token reading (the only possible one).
        let h = e.headline.as_ref().unwrap();
        assert_eq!((h.value, h.metric), (3200.0, Metric::TotalTokensPerS));
        // Waterfall ratios multiply to the correction factor.
        let product: f64 = e.factors.iter().map(|f| f.ratio).product();
        let cf = e.correction_factor.unwrap();
        assert!((product / cf - 1.0).abs() < 1e-9, "{product} vs {cf}");
        // Like for like the user gets a third to a half of the headline (seed article).
        assert!((0.33..=0.5).contains(&cf), "{cf}");
        assert!((h.effective - e.throughput.total_tokens_per_s).abs() < 1e-6 * h.effective);
        // KV: FP8 cache at 0.93 carried over; (85.521 × 0.93 − 72.655 − 2.147) GB / 163,840 B
        // = 28,878 tokens; 2,200-token requests take 138 blocks of 16 = 2,208 → 13 sequences.
        assert_eq!(e.kv.kv_dtype, "fp8");
        assert_eq!(e.kv.capacity_tokens, 28_878.0);
        assert_eq!(e.kv.max_concurrent_sequences, 13);
        assert_eq!(
            e.kv.benchmark.as_ref().unwrap().max_concurrent_sequences,
            37
        );
        assert!(!e.kv.limits_concurrency);
        // Cost per request = GPU-hours per request × price.
        let price = e.cost.price_usd_per_gpu_hour.unwrap();
        let per_req = 1.0 / e.throughput.requests_per_s / 3600.0 * price;
        assert!((e.cost.per_request_usd.unwrap() - per_req).abs() < 1e-12);
        // Business hours (10 h of 24): the whole-day figure is 2.4× the busy-hour one.
        assert!(
            (e.cost.per_request_whole_day_usd.unwrap() / e.cost.per_request_usd.unwrap() - 2.4)
                .abs()
                < 1e-9
        );
        // Percentiles are ordered.
        for p in [&e.latency_ms.ttft, &e.latency_ms.itl, &e.latency_ms.e2e] {
            assert!(p.p50 <= p.p90 && p.p90 <= p.p95 && p.p95 <= p.p99, "{p:?}");
        }
        // The user's 1,800-token prefill on 70B FP8 at MFU ≤ 0.8 takes at least
        // 1,800 × 2 × 69.5e9 FLOP / (1,979 TFLOPS × 0.8) = 158 ms.
        assert!(e.latency_ms.ttft.p50 > 158.0);
    }

    #[test]
    fn kv_ceiling_queues_the_excess() {
        let mut s = Scenario::worked_example();
        s.load = Load::Concurrency { concurrency: 40 };
        let e = estimate(&s).unwrap().estimate;
        assert!(e.kv.limits_concurrency);
        let kv = e.factors.iter().find(|f| f.name == "KV ceiling").unwrap();
        assert!(kv.ratio < 1.0, "{kv:?}");
        assert!(e
            .warnings
            .iter()
            .any(|w| w.contains("exceeds the KV-cache ceiling of 13")));
    }

    #[test]
    fn bad_inputs_name_the_flag() {
        let mut s = Scenario::worked_example();
        s.prompt_tokens = 8000;
        let e = estimate(&s).unwrap_err().to_string();
        assert!(e.contains("--prompt-tokens") && e.contains("8192"), "{e}");
        let mut s = Scenario::worked_example();
        s.gpu = Some("tpu-v9".into());
        assert!(estimate(&s)
            .unwrap_err()
            .to_string()
            .starts_with("--gpu: unknown GPU id"));
        let mut s = Scenario::worked_example();
        s.price_usd_per_gpu_hour = Some(f64::NAN);
        assert!(estimate(&s).unwrap_err().to_string().starts_with("--price"));
        let mut s = Scenario::worked_example();
        s.benchmark = String::new();
        s.model = None;
        assert!(matches!(
            estimate(&s),
            Err(EstimateError::Missing {
                input: "--model",
                ..
            })
        ));
        let mut s = Scenario::worked_example();
        s.gpu = Some("l4".into());
        s.benchmark = String::new();
        s.model = Some("llama-3-70b".into());
        // 141 GB of BF16 weights on a 24 GB L4.
        assert!(matches!(estimate(&s), Err(EstimateError::Infeasible(_))));
    }
}

/// One point of the throughput–latency curve.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CurvePoint {
    /// Requests in flight.
    pub concurrency: u32,
    /// Output tokens per second, whole deployment.
    pub output_tokens_per_s: f64,
    /// p95 time to first token, ms.
    pub ttft_p95_ms: f64,
    /// p95 time per output token, ms.
    pub tpot_p95_ms: f64,
    /// p95 end-to-end latency, ms.
    pub e2e_p95_ms: f64,
    /// Cost per request while busy, USD (null without a price).
    pub per_request_usd: Option<f64>,
    /// True beyond the KV-cache ceiling.
    pub kv_limited: bool,
    /// Whether the p95 latencies meet every SLO given (null without SLOs).
    pub meets_slo: Option<bool>,
}

/// Concurrency levels of the curve: 1, 2, 4, … 256.
pub const CURVE_LEVELS: [u32; 9] = [1, 2, 4, 8, 16, 32, 64, 128, 256];

/// The throughput–latency curve over closed-loop concurrency: the scenario re-estimated at each
/// level (its simulation shortened to `max(300, 3 × concurrency)` requests).
///
/// # Errors
/// As [`estimate`].
pub fn concurrency_curve(s: &Scenario, levels: &[u32]) -> Result<Vec<CurvePoint>, EstimateError> {
    let slo = s.slo;
    let has_slo = slo.ttft_ms.is_some() || slo.tpot_ms.is_some() || slo.e2e_ms.is_some();
    levels
        .iter()
        .map(|&c| {
            let mut at = s.clone();
            at.load = Load::Concurrency { concurrency: c };
            at.requests = s.requests.min(300.max(3 * c));
            let e = estimate(&at)?.estimate;
            let p95 = |p: &Percentiles| p.p95;
            let (ttft, tpot, e2e) = (
                p95(&e.latency_ms.ttft),
                p95(&e.latency_ms.tpot),
                p95(&e.latency_ms.e2e),
            );
            let meets = has_slo.then(|| {
                slo.ttft_ms.is_none_or(|x| ttft <= x)
                    && slo.tpot_ms.is_none_or(|x| tpot <= x)
                    && slo.e2e_ms.is_none_or(|x| e2e <= x)
            });
            Ok(CurvePoint {
                concurrency: c,
                output_tokens_per_s: e.throughput.output_tokens_per_s,
                ttft_p95_ms: ttft,
                tpot_p95_ms: tpot,
                e2e_p95_ms: e2e,
                per_request_usd: e.cost.per_request_usd,
                kv_limited: e.kv.limits_concurrency,
                meets_slo: meets,
            })
        })
        .collect()
}

/// The highest concurrency on the curve whose p95 latencies meet the SLOs (None without SLOs or
/// when even concurrency 1 misses them).
pub fn highest_concurrency_within_slo(curve: &[CurvePoint]) -> Option<u32> {
    curve
        .iter()
        .filter(|p| p.meets_slo == Some(true))
        .map(|p| p.concurrency)
        .max()
}

#[cfg(test)]
mod curve_tests {
    use super::*;

    #[test]
    fn throughput_rises_until_the_kv_ceiling_and_latency_with_it() {
        let s = Scenario::worked_example();
        let curve = concurrency_curve(&s, &[1, 4, 13, 64]).unwrap();
        assert!(curve[0].output_tokens_per_s < curve[1].output_tokens_per_s);
        assert!(curve[1].output_tokens_per_s < curve[2].output_tokens_per_s);
        // Beyond the ceiling of 13 sequences throughput stops growing, latency keeps rising.
        assert!(curve[3].output_tokens_per_s < curve[2].output_tokens_per_s * 1.05);
        assert!(curve[3].kv_limited && !curve[2].kv_limited);
        assert!(curve[3].e2e_p95_ms > curve[2].e2e_p95_ms * 2.0);
        assert_eq!(curve[0].meets_slo, None);
    }

    #[test]
    fn slo_picks_the_highest_concurrency_that_meets_it() {
        let mut s = Scenario::worked_example();
        // One request alone has a p95 TPOT of ≈ 25 ms (each decode step reads ~73 GB of FP8
        // weights at ~3 TB/s); at 16 in flight, prefills of other requests interrupt its decode
        // and p95 TPOT is ≈ 34 ms: an SLO of 30 ms admits only the lower concurrencies.
        s.slo.tpot_ms = Some(30.0);
        let curve = concurrency_curve(&s, &CURVE_LEVELS).unwrap();
        let best = highest_concurrency_within_slo(&curve).unwrap();
        assert!((1..=8).contains(&best), "{best}");
        assert!(curve.iter().all(|p| p.meets_slo.is_some()));
    }
}
