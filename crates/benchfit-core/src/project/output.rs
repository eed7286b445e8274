//! What an estimate yields (DESIGN §5.2 `estimate`): the JSON shape of `benchfit estimate --json`
//! and of the page's export. Key names are a public contract (README).

use crate::analysis::Assumption;
use crate::analysis::Reading;
use crate::model::sim::{RequestCounts, SimResult};
use crate::model::{Metric, Setup, SteadyState};
use crate::stats::Percentiles;
use serde::Serialize;

/// Deployment-wide rates.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
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
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
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
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
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
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
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
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
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
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
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
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct Band {
    /// Low end.
    pub low: f64,
    /// High end.
    pub high: f64,
}

/// Range of the main outputs when the claim left conditions open.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct Range {
    /// Output tokens/s.
    pub output_tokens_per_s: Band,
    /// Cost per request (busy hours), when priced.
    pub per_request_usd: Option<Band>,
}

/// Where the efficiencies came from.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
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
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
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
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
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
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
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
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
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

impl Latency {
    /// The simulation's latencies, each the analytic steady state's where it has none.
    pub(super) fn of(sim: &SimResult, state: &SteadyState) -> Self {
        let or = |p: Option<Percentiles>, analytic: Percentiles| p.unwrap_or(analytic);
        Latency {
            ttft: or(sim.ttft_ms, state.ttft_ms),
            itl: or(sim.itl_ms, state.itl_ms),
            tpot: or(sim.tpot_ms, state.tpot_ms),
            e2e: or(sim.e2e_ms, state.e2e_ms),
        }
    }
}

impl Kv {
    /// The user's KV cache (peak usage simulated where the simulation ran) and the benchmark's.
    pub(super) fn of(
        state: &SteadyState,
        sim: &SimResult,
        user: &Setup,
        chosen: Option<&Reading>,
    ) -> Self {
        Kv {
            capacity_tokens: state.kv_capacity_tokens,
            max_concurrent_sequences: state.max_concurrent_sequences,
            peak_usage: if sim.steps > 0 {
                sim.peak_kv_usage
            } else {
                state.peak_kv_usage
            },
            kv_dtype: user.kv.id,
            mem_fraction: user.mem_fraction,
            bytes_per_token: user.kv_bytes_per_token().value(),
            limits_concurrency: state.kv_limited,
            benchmark: chosen.map(|r| KvBenchmark {
                capacity_tokens: r.bench.kv_capacity_tokens,
                needed_tokens: r.bench.needed_kv_tokens,
                max_concurrent_sequences: r.bench.max_concurrent_sequences,
                note: r.bench.memory_note.clone(),
            }),
        }
    }
}

impl Deployment {
    /// The user's setup at `concurrency` (rounded) sequences in flight.
    pub(super) fn of(user: &Setup, concurrency: f64) -> Self {
        Deployment {
            model: user.model.id,
            gpu: user.gpu.id,
            gpus: user.total_gpus(),
            tp: user.tp,
            replicas: user.replicas,
            weights: user.weights.id,
            kv_dtype: user.kv.id,
            runtime: user.runtime.id,
            mem_fraction: user.mem_fraction,
            concurrency: concurrency.round() as u32,
            max_num_seqs: user.max_num_seqs,
            max_batched_tokens: user.max_batched_tokens,
            block_tokens: user.block_tokens,
        }
    }
}

impl Simulation {
    /// One replica's simulation, goodput × `scale` (the replicas' worth of it the deployment
    /// completes, [`crate::input::Arrivals::replica_scale`]).
    pub(super) fn of(sim: &SimResult, scale: f64, arrivals: String) -> Self {
        Simulation {
            requests: sim.requests,
            steps: sim.steps,
            preemptions: sim.preemptions,
            goodput_requests_per_s: sim.goodput_requests_per_s.map(|g| g * scale),
            queue_ms: sim.queue_ms,
            mean_batch: sim.mean_batch,
            window_s: sim.window_s,
            kv_usage: sim.kv_usage.clone(),
            arrivals,
        }
    }
}
