//! Discrete-event simulation of one continuous-batching engine replica (DESIGN §4.3).
//!
//! A vLLM-like iteration scheduler: running requests first (decodes and unfinished prefill
//! chunks, in admission order), then waiting requests while the token budget
//! (`max_num_batched_tokens`), `max_num_seqs` and free KV blocks allow. Paged runtimes allocate
//! blocks as sequences grow and preempt the most recently admitted request (recompute) when
//! blocks run out; non-paged runtimes reserve a request's whole length at admission. Each step
//! takes [`step_time`] of its load. Same seed, same result.
//!
//! Inter-token gaps are kept as counts of equal gaps (all sequences that decode in consecutive
//! steps share the step time), so a million tokens cost a few thousand entries.

mod cache;
mod engine;
mod requests;

use crate::input::arrival_times;
pub use crate::input::{Arrival, Arrivals, LengthDist, Slo, TraceRow};
use crate::model::{step_time, Efficiency, Setup};
use crate::stats::Percentiles;
use engine::{Idle, Sim};
use rand_pcg::Pcg64Mcg;
use serde::Serialize;

/// One simulation's inputs.
#[derive(Debug, Clone, PartialEq)]
pub struct SimConfig {
    /// The replica (its `replicas` field is ignored: this is one replica).
    pub setup: Setup,
    /// Efficiencies.
    pub efficiency: Efficiency,
    /// Arrivals.
    pub arrivals: Arrivals,
    /// Prompt lengths (ignored for traces).
    pub prompt: LengthDist,
    /// Output lengths (ignored for traces).
    pub output: LengthDist,
    /// Requests to simulate.
    pub requests: u32,
    /// RNG seed.
    pub seed: u64,
    /// Prompt tokens every request shares and the prefix cache holds (skipped at prefill).
    pub prefix_tokens: u32,
    /// Distinct prompts the requests draw from, uniformly (0: every prompt is new), as a
    /// benchmark client re-sending a dataset of N prompts does. Paged runtimes keep a finished
    /// prompt's whole blocks in a prefix cache (least recently used evicted under KV pressure),
    /// so a re-sent prompt skips its cached prefill. Ignored for traces.
    pub prompt_pool: u32,
    /// SLOs for goodput.
    pub slo: Slo,
    /// Stop after this many engine steps; unfinished requests are reported as incomplete.
    pub max_steps: u64,
}

/// Request counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct RequestCounts {
    /// Finished.
    pub completed: u32,
    /// Still waiting or running when the simulation stopped (step limit).
    pub incomplete: u32,
    /// Could never run: one request needs more KV than the whole cache.
    pub rejected: u32,
    /// Could never run: the prompt is longer than a step's token budget (`max_batched_tokens`)
    /// and the runtime does not chunk prefill.
    pub over_budget: u32,
}

/// What a simulation yields.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct SimResult {
    /// Request counts.
    pub requests: RequestCounts,
    /// Time to first token, ms (completed requests).
    pub ttft_ms: Option<Percentiles>,
    /// Every inter-token gap, ms.
    pub itl_ms: Option<Percentiles>,
    /// Per-request `(E2E − TTFT) / (out − 1)`, ms (requests with ≥ 2 output tokens).
    pub tpot_ms: Option<Percentiles>,
    /// End-to-end latency, ms.
    pub e2e_ms: Option<Percentiles>,
    /// Time from arrival to first admission, ms.
    pub queue_ms: Option<Percentiles>,
    /// Output tokens per second over the window (first arrival → last token).
    pub output_tokens_per_s: f64,
    /// Prompt + output tokens per second over the window.
    pub total_tokens_per_s: f64,
    /// Completed requests per second.
    pub requests_per_s: f64,
    /// Completed requests per second that met every SLO (null without SLOs).
    pub goodput_requests_per_s: Option<f64>,
    /// The measured window, seconds.
    pub window_s: f64,
    /// Preemptions (recompute).
    pub preemptions: u32,
    /// Output tokens produced by requests that did not complete.
    pub incomplete_output_tokens: u64,
    /// Engine steps run.
    pub steps: u64,
    /// Mean sequences per step.
    pub mean_batch: f64,
    /// KV-cache usage over time: (seconds, fraction of blocks in use), at most 400 points.
    pub kv_usage: Vec<(f64, f64)>,
    /// Highest KV usage seen.
    pub peak_kv_usage: f64,
    /// Prompt tokens served from the prefix cache of a prompt pool (not the shared prefix).
    pub prompt_pool_hit_tokens: u64,
}

#[derive(Debug, Clone)]
struct Req {
    arrival: f64,
    prompt: u32,
    output: u32,
    len: u32,
    computed: u32,
    generated: u32,
    blocks: u32,
    /// Prompt id in the pool (`u32::MAX`: none).
    pid: u32,
    /// Of `blocks`, those shared from the prefix cache.
    shared: u32,
    admitted: Option<f64>,
    first_token: Option<f64>,
    last_token: f64,
    rejected: bool,
}

fn gaps(cfg: &SimConfig, rng: &mut Pcg64Mcg, n: usize) -> Vec<f64> {
    let Arrivals::Open {
        requests_per_s,
        arrival,
        burstiness,
    } = cfg.arrivals
    else {
        return vec![];
    };
    arrival_times(arrival, requests_per_s, burstiness, rng, n)
}

/// Runs the simulation: each step schedules the running requests, admits waiting ones, and
/// either advances a run of identical decode steps in closed form or runs one step (the phases
/// are [`engine::Sim`]'s methods).
pub fn simulate(cfg: &SimConfig) -> SimResult {
    let mut sim = Sim::new(cfg);
    loop {
        sim.arrive();
        if sim.running.is_empty() && sim.waiting.is_empty() {
            match sim.next_arrival_time() {
                Some(t) => {
                    sim.now = t;
                    continue;
                }
                None => break,
            }
        }
        if sim.steps >= cfg.max_steps {
            break;
        }
        let budget = sim.schedule_running();
        sim.admit(budget);
        if !sim.setup.runtime.mixed_prefill {
            sim.prefill_only();
        }
        if sim.sched.is_empty() {
            match sim.idle() {
                Idle::Continue => continue,
                Idle::Stop => break,
            }
        }
        let load = sim.step_load();
        if sim.fast_forward(&load) {
            continue;
        }
        let t = step_time(sim.setup, cfg.efficiency, &load).total.value();
        sim.step(t);
    }
    sim.result()
}

/// The benchmark scenario of the simulator's speed target: `requests` requests of 1,800/400
/// tokens at closed-loop concurrency `concurrency`, Llama 3.1 8B BF16 on one H100 SXM (its KV
/// cache holds all 64 sequences, so every step carries the full batch).
pub fn bench_config(requests: u32, concurrency: u32) -> SimConfig {
    use crate::catalog::{dtype, gpu, model, runtime};
    let fp8 = dtype("bf16").expect("catalog has bf16");
    let setup = crate::analysis::make_setup(
        model("llama-3.1-8b").expect("catalog model"),
        gpu("h100-sxm").expect("catalog gpu"),
        1,
        1,
        fp8,
        fp8,
        runtime("vllm").expect("catalog runtime"),
        None,
    );
    SimConfig {
        setup,
        efficiency: Efficiency::PRIOR,
        arrivals: Arrivals::Closed { concurrency },
        prompt: LengthDist::Fixed { tokens: 1800 },
        output: LengthDist::Fixed { tokens: 400 },
        requests,
        seed: 1,
        prefix_tokens: 0,
        prompt_pool: 0,
        slo: Slo::default(),
        max_steps: u64::MAX,
    }
}

/// At most `n` points, each the highest usage in its stretch of time.
fn downsample(points: &[(f64, f64)], n: usize) -> Vec<(f64, f64)> {
    if points.len() <= n {
        return points.to_vec();
    }
    let chunk = points.len().div_ceil(n);
    points
        .chunks(chunk)
        .map(|c| {
            let peak = c.iter().map(|p| p.1).fold(0.0, f64::max);
            (c.last().expect("non-empty chunk").0, peak)
        })
        .collect()
}

#[cfg(test)]
mod tests;
