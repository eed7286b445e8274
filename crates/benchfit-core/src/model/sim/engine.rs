//! The simulator's state between steps and one method per phase of a step: arrivals, the running
//! requests' work (preempting the newest when blocks run short), admission from the queue, the
//! step's load, the closed-form run of identical decode steps, and applying a step's progress.
//! [`super::simulate`] is the loop over them; the summaries come from [`Sim::result`]
//! (`engine/result.rs`).

use super::cache::PrefixCache;
use super::requests::requests;
use super::{Arrivals, Req, SimConfig};
use crate::model::{step_time, Setup, StepLoad};
use crate::stats::WeightedSamples;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use std::collections::VecDeque;

mod result;

/// Blocks for `tokens` tokens at `block` tokens a block.
fn blocks_for(tokens: u32, block: u32) -> u32 {
    tokens.div_ceil(block)
}

/// What the loop does when nothing could be scheduled.
pub(super) enum Idle {
    /// Go round again (a request was given up, or the queue is empty).
    Continue,
    /// Stop: running requests wait for blocks nothing will free.
    Stop,
}

/// The simulation in progress.
pub(super) struct Sim<'a> {
    pub(super) cfg: &'a SimConfig,
    pub(super) setup: &'a Setup,
    /// Every request, in arrival order.
    reqs: Vec<Req>,
    total: usize,
    /// Concurrency of a closed loop.
    closed: Option<usize>,
    /// The frontend's per-request cost, s: a request reaches the engine this long after it is
    /// sent, and its TTFT and E2E count it (`Req::arrival` is when it reaches the engine).
    frontend: f64,
    /// Blocks grow with the sequence (vLLM, SGLang) unless the runtime reserves a request's
    /// whole length at admission (TensorRT-LLM GUARANTEED_NO_EVICT, and non-paged runtimes).
    paged: bool,
    async_sched: bool,
    block: u32,
    total_blocks: u64,
    free_blocks: u64,
    caching: bool,
    cache: PrefixCache,
    prefix: u32,
    budget_max: u32,
    max_seqs: usize,
    chunked: bool,
    /// Index of the next request not yet arrived (in arrival order).
    next_arrival: usize,
    /// Next request a closed loop sends.
    next_closed: usize,
    pub(super) waiting: VecDeque<usize>,
    pub(super) running: Vec<usize>,
    pub(super) sched: Vec<(usize, u32)>,
    itl: WeightedSamples,
    kv_trace: Vec<(f64, f64)>,
    pub(super) now: f64,
    prev_step_end: f64,
    prev_step_start: f64,
    /// Requests that had arrived by this time were considered for admission this step.
    known_by: f64,
    pub(super) steps: u64,
    batch_sum: u64,
    preemptions: u32,
    rejected: u32,
    /// Given up because the prompt is longer than a step's token budget and prefill is not
    /// chunked.
    over_budget: u32,
    completed: Vec<usize>,
    last_token_time: f64,
}

impl<'a> Sim<'a> {
    /// The requests (lengths, arrivals, pool prompts) and the engine's empty state.
    pub(super) fn new(cfg: &'a SimConfig) -> Sim<'a> {
        let setup = &cfg.setup;
        let mut rng = Pcg64Mcg::seed_from_u64(cfg.seed);
        let frontend = setup.runtime.frontend_ms.max(0.0) / 1e3;
        let (reqs, closed) = requests(cfg, &mut rng, frontend);
        let total = reqs.len();
        let pool = match cfg.arrivals {
            Arrivals::Trace { .. } => 0,
            _ => cfg.prompt_pool,
        };
        let paged = setup.runtime.paged_kv && !setup.runtime.reserve_full_length;
        let block = if setup.runtime.paged_kv {
            setup.block_tokens.max(1)
        } else {
            1
        };
        let capacity_tokens = setup.kv_capacity_tokens().unwrap_or(0.0).max(0.0);
        let total_blocks = (capacity_tokens / block as f64).floor() as u64;
        let caching = pool > 0 && paged;
        Sim {
            cfg,
            setup,
            reqs,
            total,
            closed,
            frontend,
            paged,
            async_sched: setup.runtime.async_scheduling,
            block,
            total_blocks,
            free_blocks: total_blocks,
            caching,
            cache: PrefixCache::new(if caching { pool } else { 0 }),
            prefix: cfg.prefix_tokens,
            budget_max: setup.max_batched_tokens.max(1),
            max_seqs: setup.max_num_seqs.max(1) as usize,
            chunked: setup.runtime.chunked_prefill,
            next_arrival: 0,
            next_closed: closed.unwrap_or(0),
            waiting: VecDeque::new(),
            running: Vec::new(),
            sched: Vec::new(),
            itl: WeightedSamples::new(),
            kv_trace: Vec::new(),
            now: 0.0,
            prev_step_end: f64::NAN,
            prev_step_start: f64::NAN,
            known_by: 0.0,
            steps: 0,
            batch_sum: 0,
            preemptions: 0,
            rejected: 0,
            over_budget: 0,
            completed: Vec::new(),
            last_token_time: 0.0,
        }
    }

    /// Queues the requests that have arrived by now (closed-loop requests get their arrival
    /// time when sent).
    pub(super) fn arrive(&mut self) {
        while self.next_arrival < self.total && self.reqs[self.next_arrival].arrival <= self.now {
            self.waiting.push_back(self.next_arrival);
            self.next_arrival += 1;
        }
    }

    /// When the next request arrives, if one will.
    pub(super) fn next_arrival_time(&self) -> Option<f64> {
        (self.next_arrival < self.total && self.reqs[self.next_arrival].arrival.is_finite())
            .then(|| self.reqs[self.next_arrival].arrival)
    }

    /// A closed loop sends its next request `frontend` after `at`.
    fn send_next(&mut self, at: f64) {
        if self.closed.is_some() && self.next_closed < self.total {
            self.reqs[self.next_closed].arrival = at + self.frontend;
            self.next_closed += 1;
        }
    }

    /// Schedules the running requests' next work first, within the token budget; returns the
    /// budget left. Where blocks run short it evicts cached prefixes, then preempts the newest
    /// running request (recomputed later from scratch, as vLLM does).
    pub(super) fn schedule_running(&mut self) -> u32 {
        self.sched.clear();
        let mut budget = self.budget_max;
        let block = self.block;
        let mut i = 0;
        while i < self.running.len() {
            let r = self.running[i];
            let need = self.reqs[r].len - self.reqs[r].computed;
            let mut n = need.min(budget);
            if !self.chunked && need > 1 && need > budget {
                n = 0;
            }
            if n == 0 {
                i += 1;
                continue;
            }
            if self.paged {
                let want = blocks_for(self.reqs[r].computed + n, block)
                    .saturating_sub(self.reqs[r].blocks) as u64;
                if self.free_blocks < want {
                    self.free_blocks += self.cache.evict(want - self.free_blocks);
                }
                let mut preempted_self = false;
                while self.free_blocks < want {
                    let victim = *self.running.last().expect("r is running");
                    let v = &mut self.reqs[victim];
                    self.free_blocks += (v.blocks - v.shared) as u64;
                    if v.shared > 0 {
                        self.cache.release(v.pid);
                        v.shared = 0;
                    }
                    v.blocks = 0;
                    v.computed = 0;
                    self.running.pop();
                    self.waiting.push_front(victim);
                    self.preemptions += 1;
                    self.sched.retain(|(s, _)| *s != victim);
                    if victim == r {
                        preempted_self = true;
                        break;
                    }
                }
                if preempted_self {
                    break;
                }
                self.free_blocks -= want;
                self.reqs[r].blocks += want as u32;
            }
            self.sched.push((r, n));
            budget -= n;
            i += 1;
        }
        budget
    }

    /// Admits waiting requests within what is left of the budget, the sequence limit and the
    /// free blocks. An asynchronous scheduler planned this step while the previous one ran, so
    /// it only knows the requests that had arrived when that one began. A re-sent pool prompt
    /// shares its cached blocks; a shared prefix is already computed; a request larger than the
    /// whole cache is rejected.
    pub(super) fn admit(&mut self, mut budget: u32) {
        let block = self.block;
        let known_by =
            if self.async_sched && self.prev_step_end == self.now && !self.running.is_empty() {
                self.prev_step_start
            } else {
                self.now
            };
        self.known_by = known_by;
        while budget > 0 && self.running.len() < self.max_seqs {
            let Some(&r) = self.waiting.front() else {
                break;
            };
            if self.reqs[r].arrival > known_by {
                break;
            }
            let q = &mut self.reqs[r];
            if self.caching && q.computed == 0 && q.shared == 0 && q.generated == 0 {
                let (tokens, blocks) = self.cache.lookup(q.pid, q.prompt, self.now);
                if tokens > 0 {
                    q.computed = tokens;
                    q.blocks = blocks;
                    q.shared = blocks;
                }
            }
            if q.computed == 0 && self.prefix > 0 && q.generated == 0 {
                q.computed = self.prefix.min(q.len.saturating_sub(1));
            }
            let need = q.len - q.computed;
            if !self.chunked && need > budget {
                break;
            }
            let n = need.min(budget);
            let want = if self.paged {
                blocks_for(q.computed + n, block).saturating_sub(q.blocks) as u64
            } else {
                blocks_for(q.prompt + q.output, block).saturating_sub(q.blocks) as u64
            };
            let fits_at_all = if self.paged {
                blocks_for(q.prompt + q.output, block) as u64 <= self.total_blocks
            } else {
                want <= self.total_blocks
            };
            if !fits_at_all {
                // Needs more KV than the whole cache: it can never run.
                self.waiting.pop_front();
                if q.shared > 0 {
                    self.cache.release(q.pid);
                    q.shared = 0;
                }
                q.rejected = true;
                self.rejected += 1;
                let now = self.now;
                self.send_next(now);
                continue;
            }
            if self.free_blocks < want {
                self.free_blocks += self.cache.evict(want - self.free_blocks);
            }
            if self.free_blocks < want {
                break;
            }
            self.waiting.pop_front();
            self.free_blocks -= want;
            let q = &mut self.reqs[r];
            q.blocks += want as u32;
            if q.admitted.is_none() {
                q.admitted = Some(self.now);
            }
            self.running.push(r);
            self.sched.push((r, n));
            budget -= n;
        }
    }

    /// A runtime without mixed batches (SGLang) runs a prefill-only step when any prompt work is
    /// scheduled: the decodes wait for it (their blocks stay reserved for the next step).
    pub(super) fn prefill_only(&mut self) {
        let reqs = &self.reqs;
        let is_decode = |&(r, n): &(usize, u32)| n == 1 && reqs[r].generated > 0;
        if self.sched.iter().any(|x| !is_decode(x)) {
            self.sched.retain(|x| !is_decode(x));
        }
    }

    /// Nothing was scheduled: with nothing running, the head of the queue waits for nothing that
    /// will change, so it is given up; with requests running, the simulation stops.
    pub(super) fn idle(&mut self) -> Idle {
        if self.running.is_empty() && self.waiting.is_empty() {
            return Idle::Continue;
        }
        if self.running.is_empty() {
            if let Some(r) = self.waiting.pop_front() {
                let q = &mut self.reqs[r];
                q.rejected = true;
                // A prompt that no step can take whole, where prefill is not chunked.
                if !self.chunked && q.len - q.computed > self.budget_max {
                    self.over_budget += 1;
                } else {
                    self.rejected += 1;
                }
                // A closed loop's client sends its next request when this one fails.
                let now = self.now;
                self.send_next(now);
            }
            return Idle::Continue;
        }
        Idle::Stop
    }

    /// The step's load from the scheduled work: decodes (one token at full context) and prompt
    /// chunks (tokens and attention pairs).
    pub(super) fn step_load(&self) -> StepLoad {
        let mut load = StepLoad::default();
        for &(r, n) in &self.sched {
            let q = &self.reqs[r];
            if n == 1 && q.generated > 0 && q.len - q.computed == 1 {
                load.decode_seqs += 1.0;
                load.decode_context += self.setup.model.kv_tokens(q.len as f64);
            } else {
                load.prefill_tokens += n as f64;
                load.prefill_pairs +=
                    n as f64 * q.computed as f64 + n as f64 * (n as f64 + 1.0) / 2.0;
            }
        }
        load
    }

    /// Fast path: a decode-only batch whose members all decoded in the previous step runs the
    /// same batch until the first of them finishes, an arrival is due, or blocks run short.
    /// Advances all but the last of those steps at once: their times are linear in the growing
    /// context (same roofline regime at both ends), so they sum in closed form, and their gaps
    /// go into the ITL counts in four equal-count segments. False when the path does not apply.
    pub(super) fn fast_forward(&mut self, load: &StepLoad) -> bool {
        let (setup, cfg, block) = (self.setup, self.cfg, self.block);
        let eligible = load.prefill_tokens == 0.0
            && setup.model.sliding_window.is_none()
            && (!self.async_sched || self.head_was_refused())
            && self
                .sched
                .iter()
                .all(|&(r, _)| self.reqs[r].last_token == self.prev_step_end);
        if !eligible {
            return false;
        }
        let b = self.sched.len() as u64;
        let first = step_time(setup, cfg.efficiency, load);
        let mut k = self
            .sched
            .iter()
            .map(|&(r, _)| self.reqs[r].output - self.reqs[r].generated)
            .min()
            .unwrap_or(1) as u64
            - 1;
        k = k.min(cfg.max_steps.saturating_sub(self.steps + 1));
        if let Some(at) = self.next_arrival_time() {
            let room = ((at - self.now) / first.total.value()).floor().max(0.0) as u64;
            k = k.min(room);
        }
        if self.paged && k >= 2 {
            k = self.longest_run_that_fits(k);
        }
        if k < 2 {
            return false;
        }
        let last = step_time(
            setup,
            cfg.efficiency,
            &StepLoad {
                decode_context: load.decode_context + (k - 1) as f64 * b as f64,
                ..*load
            },
        );
        if (first.memory >= first.compute) != (last.memory >= last.compute) {
            return false;
        }
        let (a, z) = (first.total.value(), last.total.value());
        let segments = 4.min(k);
        for sgm in 0..segments {
            let (lo, hi) = (sgm * k / segments, (sgm + 1) * k / segments);
            let mid = (lo + hi - 1) as f64 / 2.0;
            self.itl
                .add((a + (z - a) * mid / (k - 1) as f64) * 1e3, (hi - lo) * b);
        }
        self.now += k as f64 * (a + z) / 2.0;
        self.prev_step_start = self.now - z;
        for &(r, _) in &self.sched {
            let q = &mut self.reqs[r];
            if self.paged {
                let want = blocks_for(q.computed + k as u32, block).saturating_sub(q.blocks);
                self.free_blocks -= want as u64;
                q.blocks += want;
            }
            q.computed += k as u32;
            q.generated += k as u32;
            q.len += k as u32;
            q.last_token = self.now;
        }
        self.steps += k;
        self.batch_sum += b * k;
        self.prev_step_end = self.now;
        self.trace_kv();
        true
    }

    /// True when no request waits, or the head of the queue was considered for admission this
    /// step and refused. A refusal (blocks, the sequence limit, an unchunked prompt over the
    /// budget) stands for a whole decode-only run: its blocks only grow and its batch and budget
    /// stay the same until the first completion, where the run stops. An asynchronous scheduler
    /// did not yet consider a request that arrived during the previous step; it may admit it at
    /// the next one, so then there is no run.
    fn head_was_refused(&self) -> bool {
        self.waiting
            .front()
            .is_none_or(|&r| self.reqs[r].arrival <= self.known_by)
    }

    /// The longest run of at most `k` decode steps whose block growth fits in the free blocks
    /// (after evicting cached prefixes); growth is monotone in the run length, so bisect.
    fn longest_run_that_fits(&mut self, k: u64) -> u64 {
        let block = self.block;
        let extra = |sim: &Sim, k: u64| -> u64 {
            sim.sched
                .iter()
                .map(|&(r, _)| {
                    blocks_for(sim.reqs[r].computed + k as u32, block)
                        .saturating_sub(sim.reqs[r].blocks) as u64
                })
                .sum()
        };
        let short = extra(self, k).saturating_sub(self.free_blocks);
        if short > 0 {
            self.free_blocks += self.cache.evict(short);
        }
        if extra(self, k) <= self.free_blocks {
            return k;
        }
        let (mut lo, mut hi) = (0u64, k);
        while lo < hi {
            let mid = (lo + hi).div_ceil(2);
            if extra(self, mid) <= self.free_blocks {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        lo
    }

    /// Runs one step of `t` seconds: progress, first tokens, inter-token gaps, completions (their
    /// blocks freed or kept in the prefix cache; a closed loop sends the next request).
    pub(super) fn step(&mut self, t: f64) {
        self.prev_step_start = self.now;
        self.now += t;
        self.steps += 1;
        self.batch_sum += self.sched.len() as u64;
        let now = self.now;
        let mut regular = 0u64;
        let mut finished_any = false;
        for k in 0..self.sched.len() {
            let (r, n) = self.sched[k];
            let q = &mut self.reqs[r];
            q.computed += n;
            if q.computed < q.len {
                continue;
            }
            if q.generated == 0 {
                q.first_token = Some(now);
            } else if q.last_token == self.prev_step_end {
                regular += 1;
            } else {
                self.itl.add((now - q.last_token) * 1e3, 1);
            }
            q.last_token = now;
            q.generated += 1;
            q.len += 1;
            if q.generated >= q.output {
                let own = q.blocks - q.shared;
                if q.shared > 0 {
                    self.cache.release(q.pid);
                    q.shared = 0;
                }
                let freed = if self.caching {
                    self.cache.insert(q.pid, q.prompt, self.block, own, now)
                } else {
                    own
                };
                self.free_blocks += freed as u64;
                q.blocks = 0;
                self.completed.push(r);
                finished_any = true;
                self.last_token_time = now;
                self.send_next(now);
            }
        }
        self.itl.add(t * 1e3, regular);
        self.prev_step_end = now;
        if finished_any {
            let reqs = &self.reqs;
            self.running.retain(|&r| reqs[r].generated < reqs[r].output);
        }
        self.trace_kv();
    }

    /// Records the KV usage now.
    fn trace_kv(&mut self) {
        if self.total_blocks > 0 {
            self.kv_trace.push((
                self.now,
                (self.total_blocks - self.free_blocks) as f64 / self.total_blocks as f64,
            ));
        }
    }
}
