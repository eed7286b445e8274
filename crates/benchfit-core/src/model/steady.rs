//! The analytic steady state of a continuous-batching engine under closed-loop concurrency
//! (DESIGN §4.2, last paragraph): a fixed point of the step model, not the headline scaled.
//!
//! Each of the `C` requests in flight cycles through its prefill and its decode steps; the
//! engine's steps are shared by all of them. Over one request's lifetime `T` every one of the
//! `C` slots completes one request (Little's law, `X = C / T`), so `T` holds `C` prompts'
//! prefill chunks and `OSL − 1` decode steps. With chunked prefill a chunk rides in a step with
//! the other sequences' decodes (that step is slower: the ITL tail); without it, prefill steps
//! stall the decoders.

use super::setup::{MemoryError, Setup};
use super::step::{step_time, Efficiency, StepLoad, StepTime};
use crate::stats::Percentiles;
use serde::Serialize;

/// A closed-loop workload on a deployment (all replicas together).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct Workload {
    /// Prompt (input) tokens per request (ISL).
    pub prompt_tokens: f64,
    /// Output tokens per request (OSL), at least 1.
    pub output_tokens: f64,
    /// Requests in flight across the deployment.
    pub concurrency: f64,
}

/// Whether the KV-cache ceiling limits the running batch (off only to show its effect apart).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KvCap {
    /// Admission is limited by free KV blocks (what a real engine does).
    Enforce,
    /// Pretend KV memory is unlimited (for the factor waterfall).
    Ignore,
}

/// The steady state of a deployment under a closed-loop workload.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct SteadyState {
    /// Requests in flight per replica that the engine runs at once (after the KV and
    /// `max_num_seqs` caps).
    pub running_per_replica: f64,
    /// True when the KV cache (not the offered concurrency) set the running batch.
    pub kv_limited: bool,
    /// KV capacity of one replica, tokens.
    pub kv_capacity_tokens: f64,
    /// KV-limited concurrency of one replica for this request size.
    pub max_concurrent_sequences: u32,
    /// Fraction of one replica's KV capacity in use at the end of the running requests.
    pub peak_kv_usage: f64,
    /// Completed requests per second, whole deployment.
    pub requests_per_s: f64,
    /// Output tokens per second, whole deployment.
    pub output_tokens_per_s: f64,
    /// Input + output tokens per second, whole deployment.
    pub total_tokens_per_s: f64,
    /// Decode tokens per second of the running batch, whole deployment (`running / t_decode`).
    pub decode_tokens_per_s: f64,
    /// One prompt's prefill speed when it runs alone, tokens per second.
    pub prefill_tokens_per_s: f64,
    /// One request's output speed, `1 / TPOT`, tokens per second.
    pub per_user_tokens_per_s: f64,
    /// Time to first token, ms.
    pub ttft_ms: Percentiles,
    /// Inter-token latency (every gap), ms.
    pub itl_ms: Percentiles,
    /// Time per output token per request, ms.
    pub tpot_ms: Percentiles,
    /// End-to-end latency, ms.
    pub e2e_ms: Percentiles,
    /// Time waiting for a KV slot, ms (closed loop beyond the ceiling).
    pub queue_ms: f64,
    /// A decode-only step.
    pub decode_step: StepTime,
    /// A step that carries a prefill chunk.
    pub prefill_step: StepTime,
}

/// Why a workload cannot run on a setup.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SteadyError {
    /// Weights do not fit.
    #[error(transparent)]
    Memory(#[from] MemoryError),
    /// Not even one request fits in the KV cache.
    #[error(
        "one request of {tokens} tokens needs more KV cache than the {capacity} tokens available"
    )]
    RequestTooLong {
        /// Prompt + output tokens.
        tokens: u64,
        /// KV capacity, tokens.
        capacity: u64,
    },
}

/// Solves the closed-loop steady state.
pub fn closed_loop(
    setup: &Setup,
    eff: Efficiency,
    w: &Workload,
    cap: KvCap,
) -> Result<SteadyState, SteadyError> {
    closed_loop_cached(setup, eff, w, cap, 0.0)
}

/// [`closed_loop`] when every prompt starts with `cached` tokens the prefix cache holds (a shared
/// system prompt): prefill computes only the rest, attending to the cached part, and the cached
/// blocks are held once for all sequences (vLLM automatic prefix caching, SGLang's radix cache),
/// as the simulator does.
pub(crate) fn closed_loop_cached(
    setup: &Setup,
    eff: Efficiency,
    w: &Workload,
    cap: KvCap,
    cached: f64,
) -> Result<SteadyState, SteadyError> {
    let isl = w.prompt_tokens.max(1.0);
    let cached = cached.clamp(0.0, isl - 1.0).max(0.0);
    let fresh = isl - cached;
    let osl = w.output_tokens.max(1.0);
    let replicas = setup.busy_replicas(w.concurrency);
    let per_replica = (w.concurrency / replicas).max(1.0);
    let slots = kv_slots(setup, isl, osl, cached)?;
    let mut running = per_replica.min(setup.max_num_seqs as f64);
    let mut kv_limited = false;
    if cap == KvCap::Enforce && running > slots.max_seqs as f64 {
        running = slots.max_seqs as f64;
        kv_limited = true;
    }
    let ctx_avg = setup.model.kv_tokens(isl + osl / 2.0);

    let decode = step_time(
        setup,
        eff,
        &StepLoad {
            decode_seqs: running,
            decode_context: running * ctx_avg,
            ..Default::default()
        },
    );
    let shape = CycleShape {
        running,
        isl,
        fresh,
        osl,
        budget: setup.max_batched_tokens.max(1) as f64,
        others: (running - 1.0).max(0.0),
        // The uncached part of each prompt attends to the cached prefix and to itself.
        prompt_pairs: fresh * cached + fresh * (fresh + 1.0) / 2.0,
        ctx_avg,
        t_dec: decode.total.value(),
    };
    let c = if setup.runtime.chunked_prefill && setup.runtime.continuous_batching {
        chunked_cycle(setup, eff, &shape)
    } else {
        whole_prompt_cycle(setup, eff, &shape)
    };
    Ok(steady_state(
        &shape,
        &slots,
        c,
        replicas,
        per_replica,
        kv_limited,
        decode,
    ))
}

/// One replica's KV room for this request size.
struct KvSlots {
    /// KV capacity of one replica, tokens.
    capacity_all: f64,
    /// Tokens of the cached prefix, held once for all sequences.
    shared: f64,
    /// KV tokens one sequence holds beyond the shared prefix (at least 1).
    per_seq: f64,
    /// Sequences that fit at once (capped by `max_num_seqs`), at least 1.
    max_seqs: u32,
}

/// How many sequences of `isl + osl` tokens fit in one replica's KV cache, the cached prefix
/// held once; an error when not even one does.
fn kv_slots(setup: &Setup, isl: f64, osl: f64, cached: f64) -> Result<KvSlots, SteadyError> {
    let shared = if cached > 0.0 {
        setup.kv_tokens_per_sequence(cached)
    } else {
        0.0
    };
    let capacity_all = setup.kv_capacity_tokens()?;
    let capacity = (capacity_all - shared).max(0.0);
    let per_seq = (setup.kv_tokens_per_sequence(isl + osl) - shared).max(1.0);
    let max_seqs = ((capacity / per_seq).floor() as u32).min(setup.max_num_seqs);
    if max_seqs == 0 {
        return Err(SteadyError::RequestTooLong {
            tokens: (isl + osl) as u64,
            capacity: capacity as u64,
        });
    }
    Ok(KvSlots {
        capacity_all,
        shared,
        per_seq,
        max_seqs,
    })
}

/// What one replica's cycle is made of: the running batch, the request's shape and the decode
/// step's time.
struct CycleShape {
    /// Sequences running at once.
    running: f64,
    /// Prompt tokens per request, the cached prefix included.
    isl: f64,
    /// Prompt tokens each request prefills (the uncached part).
    fresh: f64,
    /// Output tokens per request.
    osl: f64,
    /// The token budget of one step.
    budget: f64,
    /// The other running sequences (`running − 1`, at least 0).
    others: f64,
    /// Attention pairs of one prompt's prefill.
    prompt_pairs: f64,
    /// Mean KV context of a decoding sequence, tokens.
    ctx_avg: f64,
    /// A decode-only step's time, s.
    t_dec: f64,
}

/// One request's lifetime on one replica (every running slot completes one request in it).
struct Cycle {
    /// The lifetime, s.
    cycle: f64,
    /// A step that carries a prefill chunk.
    prefill_step: StepTime,
    /// The inter-token gap of a decode step that shares the engine with a prefill, s.
    gap_mix: f64,
    /// The share of a request's gaps that are such mixed steps.
    f_mix: f64,
    /// The request's own prefill time, s.
    own_prefill: f64,
    /// Time a prompt waits for other prompts' chunks, s.
    prefill_queue: f64,
    /// Engine steps in the cycle.
    steps: f64,
}

/// The cycle with chunked prefill: each chunk rides in a step with the other sequences'
/// decodes.
fn chunked_cycle(setup: &Setup, eff: Efficiency, c: &CycleShape) -> Cycle {
    let CycleShape {
        running,
        fresh,
        osl,
        budget,
        others,
        prompt_pairs,
        ctx_avg,
        t_dec,
        ..
    } = *c;
    let chunk_budget = (budget - others).max(1.0);
    let n_pf = (fresh / chunk_budget).ceil();
    let lifetime_steps = n_pf + osl - 1.0;
    let prefill_tokens = running * fresh;
    // Steps per cycle: one request's lifetime, or, when prompts arrive faster than that,
    // as many full steps as the cycle's prefill and decode tokens fill at the token budget.
    let s = lifetime_steps.max(running * (fresh + osl - 1.0) / budget);
    let pf_steps = (running * n_pf).min(s);
    let p_step = prefill_tokens / pf_steps;
    // Decoders riding in a prefill step: the cycle's `running × (OSL − 1)` decode tokens
    // less those of the decode-only steps, spread over the prefill steps (at most the other
    // sequences). When prefill sets the cycle (s above one lifetime), sequences that have
    // finished decoding wait for the next prompt's chunks instead of decoding.
    let mix_decoders =
        ((running * (osl - 1.0) - (s - pf_steps) * running) / pf_steps).clamp(0.0, others);
    let mix = step_time(
        setup,
        eff,
        &StepLoad {
            prefill_tokens: p_step,
            prefill_pairs: prompt_pairs * running / pf_steps,
            decode_seqs: mix_decoders,
            decode_context: mix_decoders * ctx_avg,
        },
    );
    let t_mix = mix.total.value();
    let my_decode_steps = (osl - 1.0).max(0.0);
    Cycle {
        cycle: pf_steps * t_mix + (s - pf_steps) * t_dec,
        prefill_step: mix,
        gap_mix: t_mix,
        f_mix: if my_decode_steps > 0.0 {
            ((pf_steps - n_pf).max(0.0) / my_decode_steps).min(1.0)
        } else {
            0.0
        },
        own_prefill: n_pf * t_mix,
        prefill_queue: (s - lifetime_steps) * t_mix,
        steps: s,
    }
}

/// The cycle without chunked prefill: whole prompts run in steps of their own and stall the
/// decoders.
fn whole_prompt_cycle(setup: &Setup, eff: Efficiency, c: &CycleShape) -> Cycle {
    let CycleShape {
        running,
        fresh,
        osl,
        budget,
        others,
        prompt_pairs,
        t_dec,
        ..
    } = *c;
    let n_pf = (fresh / budget).ceil();
    let alone = step_time(
        setup,
        eff,
        &StepLoad {
            prefill_tokens: fresh / n_pf,
            prefill_pairs: prompt_pairs / n_pf,
            ..Default::default()
        },
    );
    let t_pf = alone.total.value() * n_pf;
    let my_decode_steps = (osl - 1.0).max(0.0);
    let (gap_mix, f_mix) = if my_decode_steps > 0.0 && others > 0.0 {
        let per_gap = others / my_decode_steps;
        if per_gap <= 1.0 {
            (t_dec + t_pf, per_gap)
        } else {
            (t_dec + t_pf * per_gap, 1.0)
        }
    } else {
        (t_dec, 0.0)
    };
    Cycle {
        cycle: running * t_pf + my_decode_steps * t_dec,
        prefill_step: alone,
        gap_mix,
        f_mix,
        own_prefill: t_pf,
        prefill_queue: 0.0,
        steps: running * n_pf + my_decode_steps,
    }
}

/// The steady state from one replica's cycle: rates by Little's law, latencies from the
/// cycle's steps, the excess over the running batch queued.
fn steady_state(
    shape: &CycleShape,
    slots: &KvSlots,
    c: Cycle,
    replicas: f64,
    per_replica: f64,
    kv_limited: bool,
    decode: StepTime,
) -> SteadyState {
    let CycleShape {
        running,
        isl,
        osl,
        t_dec,
        ..
    } = *shape;
    let x_replica = running / c.cycle;
    let requests_per_s = x_replica * replicas;
    // Beyond the ceiling, the excess waits its turn: Little's law on the offered concurrency.
    let queue = (per_replica / x_replica - c.cycle).max(0.0);
    let mean_step = c.cycle / c.steps.max(1.0);
    let ttft_base = c.own_prefill + c.prefill_queue + queue;
    let ms = |s: f64| s * 1e3;
    let ttft = Percentiles::uniform(ms(ttft_base), ms(ttft_base + mean_step));
    let itl = Percentiles::two_point(ms(t_dec), ms(c.gap_mix), c.f_mix);
    let tpot_mean = if osl > 1.0 { itl.mean } else { 0.0 };
    let tpot = Percentiles::constant(tpot_mean);
    let e2e = ttft.shifted((osl - 1.0) * tpot_mean);
    let peak_tokens = running * slots.per_seq;
    SteadyState {
        running_per_replica: running,
        kv_limited,
        kv_capacity_tokens: slots.capacity_all,
        max_concurrent_sequences: slots.max_seqs,
        peak_kv_usage: (peak_tokens + slots.shared) / slots.capacity_all,
        requests_per_s,
        output_tokens_per_s: requests_per_s * osl,
        total_tokens_per_s: requests_per_s * (isl + osl),
        decode_tokens_per_s: replicas * running / t_dec,
        prefill_tokens_per_s: isl / (c.own_prefill.max(1e-12)),
        per_user_tokens_per_s: if tpot_mean > 0.0 {
            1e3 / tpot_mean
        } else {
            1e3 / ms(t_dec)
        },
        ttft_ms: ttft,
        itl_ms: itl,
        tpot_ms: tpot,
        e2e_ms: e2e,
        queue_ms: ms(queue),
        decode_step: decode,
        prefill_step: c.prefill_step,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::make_setup;
    use crate::catalog::{dtype, gpu, model, runtime};

    #[test]
    fn a_cached_prefix_skips_its_prefill_and_is_held_once() {
        let bf16 = dtype("bf16").unwrap();
        let s = make_setup(
            model("llama-3.1-8b").unwrap(),
            gpu("h100-sxm").unwrap(),
            1,
            1,
            bf16,
            bf16,
            runtime("vllm").unwrap(),
            None,
        );
        let w = Workload {
            prompt_tokens: 4000.0,
            output_tokens: 100.0,
            concurrency: 64.0,
        };
        let plain = closed_loop(&s, Efficiency::PRIOR, &w, KvCap::Enforce).unwrap();
        let cached = closed_loop_cached(&s, Efficiency::PRIOR, &w, KvCap::Enforce, 3000.0).unwrap();
        // Prefill work per request drops from 4,000 to 1,000 tokens: more requests per second,
        // and a shorter prefill (TTFT).
        assert!(cached.requests_per_s > plain.requests_per_s * 1.5);
        assert!(cached.ttft_ms.mean < plain.ttft_ms.mean);
        // 3,000 cached tokens are held once: per sequence 1,104 tokens (69 blocks of 16) instead
        // of 4,112 (257 blocks), so more sequences fit (up to max_num_seqs, 256).
        assert!(cached.max_concurrent_sequences >= 2 * plain.max_concurrent_sequences);
        // No cache is the plain steady state.
        let zero = closed_loop_cached(&s, Efficiency::PRIOR, &w, KvCap::Enforce, 0.0).unwrap();
        assert_eq!(zero, plain);
    }
}
