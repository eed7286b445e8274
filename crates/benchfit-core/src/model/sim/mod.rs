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

use crate::input::arrival_times;
pub use crate::input::{Arrival, Arrivals, LengthDist, Slo, TraceRow};
use crate::model::{step_time, Efficiency, Setup, StepLoad};
use crate::stats::{summarize, Percentiles, WeightedSamples};
use cache::PrefixCache;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde::Serialize;
use std::collections::VecDeque;

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

/// Runs the simulation.
pub fn simulate(cfg: &SimConfig) -> SimResult {
    let setup = &cfg.setup;
    let mut rng = Pcg64Mcg::seed_from_u64(cfg.seed);
    // The frontend's per-request cost: a request reaches the engine this long after it is
    // sent, and its TTFT and E2E count it (`Req::arrival` is when it reaches the engine).
    let frontend = setup.runtime.frontend_ms.max(0.0) / 1e3;
    // Requests with their lengths, in arrival order.
    let mut reqs: Vec<Req> = Vec::new();
    let new_req = |arrival: f64, prompt: u32, output: u32| Req {
        arrival,
        prompt,
        output: output.max(1),
        len: prompt.max(1),
        computed: 0,
        generated: 0,
        blocks: 0,
        pid: u32::MAX,
        shared: 0,
        admitted: None,
        first_token: None,
        last_token: 0.0,
        rejected: false,
    };
    let closed = match &cfg.arrivals {
        Arrivals::Trace { rows } => {
            let mut rows = rows.clone();
            let order = crate::stats::stable_order(rows.len(), &|a, b| {
                rows[a].time_s.total_cmp(&rows[b].time_s)
            });
            crate::stats::apply_order(&mut rows, &order);
            reqs.extend(
                rows.iter()
                    .map(|r| new_req(r.time_s.max(0.0), r.prompt_tokens.max(1), r.output_tokens)),
            );
            None
        }
        Arrivals::Open { .. } => {
            let n = cfg.requests.max(1) as usize;
            let lens: Vec<(u32, u32)> = (0..n)
                .map(|_| (cfg.prompt.sample(&mut rng), cfg.output.sample(&mut rng)))
                .collect();
            let times = gaps(cfg, &mut rng, n);
            reqs.extend(times.iter().zip(lens).map(|(t, (p, o))| new_req(*t, p, o)));
            None
        }
        Arrivals::Closed { concurrency } => {
            let n = cfg.requests.max(1) as usize;
            for _ in 0..n {
                let (p, o) = (cfg.prompt.sample(&mut rng), cfg.output.sample(&mut rng));
                reqs.push(new_req(f64::INFINITY, p, o));
            }
            let c = (*concurrency).max(1).min(n as u32) as usize;
            // Benchmark clients (genai-perf, `vllm bench serve --max-concurrency`, guidellm's
            // concurrent profile) send the first C requests at once. With fixed lengths a cohort
            // whose prompts fit one step's token budget finishes together and is resent
            // together, so the engine sees bursts of C prompts (NVIDIA NIM's genai-perf sweep in
            // tests/data/measured_online.tsv: TTFT at concurrency 10 with 200-token prompts is
            // about one step of ten prompts' prefill). A cohort whose prefill takes k steps
            // leaves them one step apart here (decodes share the prefill steps), and the loop
            // settles into a stagger; the NIM sweep's long prompts stay bunched longer (see
            // ARCHITECTURE.md, "Closed loops"). Length spreads break the cohort up on their own.
            for r in reqs.iter_mut().take(c) {
                r.arrival = frontend;
            }
            Some(c)
        }
    };
    if closed.is_none() {
        for r in reqs.iter_mut() {
            r.arrival += frontend;
        }
    }
    // A pool of N prompts: each has one length; each request sends one of them at random.
    let pool = match cfg.arrivals {
        Arrivals::Trace { .. } => 0,
        _ => cfg.prompt_pool,
    };
    if pool > 0 {
        let lens: Vec<u32> = (0..pool).map(|_| cfg.prompt.sample(&mut rng)).collect();
        for r in reqs.iter_mut() {
            let id = rng.random_range(0..pool);
            r.pid = id;
            r.prompt = lens[id as usize];
            r.len = r.prompt.max(1);
        }
    }
    let total = reqs.len();
    // Blocks grow with the sequence (vLLM, SGLang) unless the runtime reserves a request's
    // whole length at admission (TensorRT-LLM GUARANTEED_NO_EVICT, and non-paged runtimes).
    let paged = setup.runtime.paged_kv && !setup.runtime.reserve_full_length;
    let async_sched = setup.runtime.async_scheduling;
    let block = if setup.runtime.paged_kv {
        setup.block_tokens.max(1)
    } else {
        1
    };
    let capacity_tokens = setup.kv_capacity_tokens().unwrap_or(0.0).max(0.0);
    let total_blocks = (capacity_tokens / block as f64).floor() as u64;
    let mut free_blocks = total_blocks;
    let caching = pool > 0 && paged;
    let mut cache = PrefixCache::new(if caching { pool } else { 0 });
    let blocks_for = |tokens: u32| -> u32 { tokens.div_ceil(block) };
    let prefix = cfg.prefix_tokens;
    let budget_max = setup.max_batched_tokens.max(1);
    let max_seqs = setup.max_num_seqs.max(1) as usize;
    let chunked = setup.runtime.chunked_prefill;

    let mut next_arrival = 0usize; // index of the next request not yet arrived (in arrival order)
    let mut next_closed = closed.unwrap_or(0); // next request a closed loop sends
    let mut waiting: VecDeque<usize> = VecDeque::new();
    let mut running: Vec<usize> = Vec::new();
    let mut sched: Vec<(usize, u32)> = Vec::new();
    let mut itl = WeightedSamples::new();
    let mut kv_trace: Vec<(f64, f64)> = Vec::new();
    let mut now = 0.0_f64;
    let mut prev_step_end = f64::NAN;
    let mut prev_step_start = f64::NAN;
    let mut steps = 0u64;
    let mut batch_sum = 0u64;
    let mut preemptions = 0u32;
    let mut rejected = 0u32;
    let mut completed: Vec<usize> = Vec::new();
    let mut last_token_time = 0.0_f64;

    loop {
        // Arrivals up to now (closed-loop requests get their arrival time when sent).
        while next_arrival < total && reqs[next_arrival].arrival <= now {
            waiting.push_back(next_arrival);
            next_arrival += 1;
        }
        if running.is_empty() && waiting.is_empty() {
            if next_arrival < total && reqs[next_arrival].arrival.is_finite() {
                now = reqs[next_arrival].arrival;
                continue;
            }
            break;
        }
        if steps >= cfg.max_steps {
            break;
        }

        // Schedule the running requests first.
        sched.clear();
        let mut budget = budget_max;
        let mut i = 0;
        while i < running.len() {
            let r = running[i];
            let need = reqs[r].len - reqs[r].computed;
            let mut n = need.min(budget);
            if !chunked && need > 1 && need > budget {
                n = 0;
            }
            if n == 0 {
                i += 1;
                continue;
            }
            if paged {
                let want = blocks_for(reqs[r].computed + n).saturating_sub(reqs[r].blocks) as u64;
                if free_blocks < want {
                    free_blocks += cache.evict(want - free_blocks);
                }
                let mut preempted_self = false;
                while free_blocks < want {
                    let victim = *running.last().expect("r is running");
                    let v = &mut reqs[victim];
                    free_blocks += (v.blocks - v.shared) as u64;
                    if v.shared > 0 {
                        cache.release(v.pid);
                        v.shared = 0;
                    }
                    v.blocks = 0;
                    v.computed = 0;
                    running.pop();
                    waiting.push_front(victim);
                    preemptions += 1;
                    sched.retain(|(s, _)| *s != victim);
                    if victim == r {
                        preempted_self = true;
                        break;
                    }
                }
                if preempted_self {
                    break;
                }
                free_blocks -= want;
                reqs[r].blocks += want as u32;
            }
            sched.push((r, n));
            budget -= n;
            i += 1;
        }
        // Then admit waiting requests. An asynchronous scheduler planned this step while the
        // previous one ran, so it only knows the requests that had arrived when that one began.
        let known_by = if async_sched && prev_step_end == now && !running.is_empty() {
            prev_step_start
        } else {
            now
        };
        while budget > 0 && running.len() < max_seqs {
            let Some(&r) = waiting.front() else { break };
            if reqs[r].arrival > known_by {
                break;
            }
            if caching && reqs[r].computed == 0 && reqs[r].shared == 0 && reqs[r].generated == 0 {
                // A re-sent prompt: its cached blocks are shared and their tokens skipped.
                let (tokens, blocks) = cache.lookup(reqs[r].pid, reqs[r].prompt, now);
                if tokens > 0 {
                    reqs[r].computed = tokens;
                    reqs[r].blocks = blocks;
                    reqs[r].shared = blocks;
                }
            }
            if reqs[r].computed == 0 && prefix > 0 && reqs[r].generated == 0 {
                // Prefix-cache hit: the shared prefix is already computed (its blocks are shared).
                reqs[r].computed = prefix.min(reqs[r].len.saturating_sub(1));
            }
            let need = reqs[r].len - reqs[r].computed;
            if !chunked && need > budget {
                break;
            }
            let n = need.min(budget);
            let want = if paged {
                blocks_for(reqs[r].computed + n).saturating_sub(reqs[r].blocks) as u64
            } else {
                blocks_for(reqs[r].prompt + reqs[r].output).saturating_sub(reqs[r].blocks) as u64
            };
            let fits_at_all = if paged {
                blocks_for(reqs[r].prompt + reqs[r].output) as u64 <= total_blocks
            } else {
                want <= total_blocks
            };
            if !fits_at_all {
                // Needs more KV than the whole cache: it can never run.
                waiting.pop_front();
                if reqs[r].shared > 0 {
                    cache.release(reqs[r].pid);
                    reqs[r].shared = 0;
                }
                reqs[r].rejected = true;
                rejected += 1;
                if closed.is_some() && next_closed < total {
                    reqs[next_closed].arrival = now + frontend;
                    next_closed += 1;
                }
                continue;
            }
            if free_blocks < want {
                free_blocks += cache.evict(want - free_blocks);
            }
            if free_blocks < want {
                break;
            }
            waiting.pop_front();
            free_blocks -= want;
            reqs[r].blocks += want as u32;
            if reqs[r].admitted.is_none() {
                reqs[r].admitted = Some(now);
            }
            running.push(r);
            sched.push((r, n));
            budget -= n;
        }
        if !setup.runtime.mixed_prefill {
            // Prefill-only step when any prompt work is scheduled: the decodes wait for it (their
            // blocks stay reserved for the next step).
            let is_decode = |&(r, n): &(usize, u32)| n == 1 && reqs[r].generated > 0;
            if sched.iter().any(|x| !is_decode(x)) {
                sched.retain(|x| !is_decode(x));
            }
        }
        if sched.is_empty() {
            if running.is_empty() && waiting.is_empty() {
                continue;
            }
            if running.is_empty() {
                // The head of the queue waits for nothing that will change: give up on it.
                if let Some(r) = waiting.pop_front() {
                    reqs[r].rejected = true;
                    rejected += 1;
                }
                continue;
            }
            break;
        }

        // Step time from the batch's load.
        let mut load = StepLoad::default();
        for &(r, n) in &sched {
            let q = &reqs[r];
            if n == 1 && q.generated > 0 && q.len - q.computed == 1 {
                load.decode_seqs += 1.0;
                load.decode_context += setup.model.kv_tokens(q.len as f64);
            } else {
                load.prefill_tokens += n as f64;
                load.prefill_pairs +=
                    n as f64 * q.computed as f64 + n as f64 * (n as f64 + 1.0) / 2.0;
            }
        }
        // Fast path: a decode-only batch whose members all decoded in the previous step runs the
        // same batch until the first of them finishes, an arrival is due, or blocks run short.
        // Advance all but the last of those steps at once: their times are linear in the growing
        // context (same roofline regime at both ends), so they sum in closed form, and their
        // gaps go into the ITL counts in four equal-count segments.
        if load.prefill_tokens == 0.0
            && setup.model.sliding_window.is_none()
            && (!async_sched || waiting.is_empty())
            && sched
                .iter()
                .all(|&(r, _)| reqs[r].last_token == prev_step_end)
        {
            let b = sched.len() as u64;
            let first = step_time(setup, cfg.efficiency, &load);
            let mut k = sched
                .iter()
                .map(|&(r, _)| reqs[r].output - reqs[r].generated)
                .min()
                .unwrap_or(1) as u64
                - 1;
            k = k.min(cfg.max_steps.saturating_sub(steps + 1));
            if next_arrival < total && reqs[next_arrival].arrival.is_finite() {
                let room = ((reqs[next_arrival].arrival - now) / first.total.value())
                    .floor()
                    .max(0.0) as u64;
                k = k.min(room);
            }
            if paged && k >= 2 {
                // The longest run whose block growth fits in the free blocks (growth is
                // monotone in the run length: bisect).
                let extra = |k: u64| -> u64 {
                    sched
                        .iter()
                        .map(|&(r, _)| {
                            blocks_for(reqs[r].computed + k as u32).saturating_sub(reqs[r].blocks)
                                as u64
                        })
                        .sum()
                };
                let short = extra(k).saturating_sub(free_blocks);
                if short > 0 {
                    free_blocks += cache.evict(short);
                }
                if extra(k) > free_blocks {
                    let (mut lo, mut hi) = (0u64, k);
                    while lo < hi {
                        let mid = (lo + hi).div_ceil(2);
                        if extra(mid) <= free_blocks {
                            lo = mid;
                        } else {
                            hi = mid - 1;
                        }
                    }
                    k = lo;
                }
            }
            if k >= 2 {
                let last = step_time(
                    setup,
                    cfg.efficiency,
                    &StepLoad {
                        decode_context: load.decode_context + (k - 1) as f64 * b as f64,
                        ..load
                    },
                );
                if (first.memory >= first.compute) == (last.memory >= last.compute) {
                    let (a, z) = (first.total.value(), last.total.value());
                    let segments = 4.min(k);
                    for sgm in 0..segments {
                        let (lo, hi) = (sgm * k / segments, (sgm + 1) * k / segments);
                        let mid = (lo + hi - 1) as f64 / 2.0;
                        itl.add((a + (z - a) * mid / (k - 1) as f64) * 1e3, (hi - lo) * b);
                    }
                    now += k as f64 * (a + z) / 2.0;
                    prev_step_start = now - z;
                    for &(r, _) in &sched {
                        let q = &mut reqs[r];
                        if paged {
                            let want = blocks_for(q.computed + k as u32).saturating_sub(q.blocks);
                            free_blocks -= want as u64;
                            q.blocks += want;
                        }
                        q.computed += k as u32;
                        q.generated += k as u32;
                        q.len += k as u32;
                        q.last_token = now;
                    }
                    steps += k;
                    batch_sum += b * k;
                    prev_step_end = now;
                    if total_blocks > 0 {
                        kv_trace.push((
                            now,
                            (total_blocks - free_blocks) as f64 / total_blocks as f64,
                        ));
                    }
                    continue;
                }
            }
        }
        let t = step_time(setup, cfg.efficiency, &load).total.value();
        prev_step_start = now;
        now += t;
        steps += 1;
        batch_sum += sched.len() as u64;

        // Apply: progress, emissions, completions.
        let mut regular = 0u64;
        let mut finished_any = false;
        for &(r, n) in &sched {
            let q = &mut reqs[r];
            q.computed += n;
            if q.computed < q.len {
                continue;
            }
            if q.generated == 0 {
                q.first_token = Some(now);
            } else if q.last_token == prev_step_end {
                regular += 1;
            } else {
                itl.add((now - q.last_token) * 1e3, 1);
            }
            q.last_token = now;
            q.generated += 1;
            q.len += 1;
            if q.generated >= q.output {
                let own = q.blocks - q.shared;
                if q.shared > 0 {
                    cache.release(q.pid);
                    q.shared = 0;
                }
                let freed = if caching {
                    cache.insert(q.pid, q.prompt, block, own, now)
                } else {
                    own
                };
                free_blocks += freed as u64;
                q.blocks = 0;
                completed.push(r);
                finished_any = true;
                last_token_time = now;
                if closed.is_some() && next_closed < total {
                    reqs[next_closed].arrival = now + frontend;
                    next_closed += 1;
                }
            }
        }
        itl.add(t * 1e3, regular);
        prev_step_end = now;
        if finished_any {
            running.retain(|&r| reqs[r].generated < reqs[r].output);
        }
        if total_blocks > 0 {
            kv_trace.push((
                now,
                (total_blocks - free_blocks) as f64 / total_blocks as f64,
            ));
        }
    }

    // Summaries.
    let mut ttft = Vec::with_capacity(completed.len());
    let mut tpot = Vec::with_capacity(completed.len());
    let mut e2e = Vec::with_capacity(completed.len());
    let mut queue = Vec::with_capacity(completed.len());
    let mut good = 0u32;
    let mut out_tokens = 0u64;
    let mut in_tokens = 0u64;
    for &r in &completed {
        let q = &reqs[r];
        let first = q.first_token.unwrap_or(q.last_token);
        let sent = q.arrival - frontend;
        let ttft_ms = (first - sent) * 1e3;
        let e2e_ms = (q.last_token - sent) * 1e3;
        let tpot_ms = (q.output > 1).then(|| (e2e_ms - ttft_ms) / (q.output - 1) as f64);
        ttft.push(ttft_ms);
        e2e.push(e2e_ms);
        if let Some(t) = tpot_ms {
            tpot.push(t);
        }
        queue.push((q.admitted.unwrap_or(q.arrival) - q.arrival) * 1e3);
        out_tokens += q.output as u64;
        in_tokens += q.prompt as u64;
        let ok = cfg.slo.ttft_ms.is_none_or(|s| ttft_ms <= s)
            && cfg.slo.e2e_ms.is_none_or(|s| e2e_ms <= s)
            && cfg
                .slo
                .tpot_ms
                .is_none_or(|s| tpot_ms.is_none_or(|t| t <= s));
        if ok {
            good += 1;
        }
    }
    // Unfinished: sent (finite arrival) but not all tokens out, and not rejected.
    let incomplete: Vec<&Req> = reqs
        .iter()
        .filter(|q| q.generated < q.output && q.arrival.is_finite() && !q.rejected)
        .collect();
    let incomplete_output_tokens = incomplete.iter().map(|q| q.generated as u64).sum();
    let start = reqs
        .iter()
        .map(|q| q.arrival - frontend)
        .filter(|a| a.is_finite())
        .fold(f64::INFINITY, f64::min);
    let end = if incomplete.is_empty() {
        last_token_time
    } else {
        now
    };
    let window_s = if start.is_finite() {
        (end - start).max(0.0)
    } else {
        0.0
    };
    let per_s = |x: f64| if window_s > 0.0 { x / window_s } else { 0.0 };
    let has_slo =
        cfg.slo.ttft_ms.is_some() || cfg.slo.tpot_ms.is_some() || cfg.slo.e2e_ms.is_some();
    let peak_kv_usage = kv_trace.iter().map(|p| p.1).fold(0.0, f64::max);
    SimResult {
        requests: RequestCounts {
            completed: completed.len() as u32,
            incomplete: incomplete.len() as u32,
            rejected,
        },
        ttft_ms: summarize(&mut ttft),
        itl_ms: itl.summarize(),
        tpot_ms: summarize(&mut tpot),
        e2e_ms: summarize(&mut e2e),
        queue_ms: summarize(&mut queue),
        output_tokens_per_s: per_s(out_tokens as f64),
        total_tokens_per_s: per_s((out_tokens + in_tokens) as f64),
        requests_per_s: per_s(completed.len() as f64),
        goodput_requests_per_s: has_slo.then(|| per_s(good as f64)),
        window_s,
        preemptions,
        incomplete_output_tokens,
        steps,
        mean_batch: if steps > 0 {
            batch_sum as f64 / steps as f64
        } else {
            0.0
        },
        kv_usage: downsample(&kv_trace, 400),
        peak_kv_usage,
        prompt_pool_hit_tokens: cache.hit_tokens,
    }
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
