//! One continuous-batching engine iteration (DESIGN §4.2).

use super::setup::Setup;
use crate::units::{Bytes, Flops, Seconds};
use serde::{Deserialize, Serialize};

/// Achieved fractions of peak: memory-bandwidth utilisation and FLOPs utilisation.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Efficiency {
    /// Achieved fraction of HBM bandwidth, 0–1.
    pub mbu: f64,
    /// Achieved fraction of dense tensor peak, 0–1.
    pub mfu: f64,
}

impl Efficiency {
    /// What hardware allows at most (DESIGN §4.5): MBU ≈ 0.9, MFU ≈ 0.8.
    pub const MAX: Efficiency = Efficiency { mbu: 0.9, mfu: 0.8 };
    /// Prior when nothing calibrates: MBU 0.7, MFU 0.5, typical of vLLM/TRT-LLM decode and
    /// prefill on H100-class GPUs (e.g. Databricks "LLM inference performance engineering",
    /// 2023: MBU 60–70% at small batch).
    pub const PRIOR: Efficiency = Efficiency { mbu: 0.7, mfu: 0.5 };

    /// The prior scaled by `s`, each component clamped to [`Efficiency::MAX`].
    pub fn scaled(s: f64) -> Efficiency {
        Efficiency {
            mbu: (Self::PRIOR.mbu * s).min(Self::MAX.mbu),
            mfu: (Self::PRIOR.mfu * s).min(Self::MAX.mfu),
        }
    }

    /// The largest scale at which [`Efficiency::scaled`] still changes.
    pub fn max_scale() -> f64 {
        (Self::MAX.mbu / Self::PRIOR.mbu).max(Self::MAX.mfu / Self::PRIOR.mfu)
    }
}

/// The work of one iteration in one TP group.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct StepLoad {
    /// Prefill tokens processed.
    pub prefill_tokens: f64,
    /// Context tokens each prefill token attends to, summed over the prefill tokens (query–key
    /// pairs): a fresh prompt chunk of p tokens after c cached ones has `p·c + p(p+1)/2`.
    pub prefill_pairs: f64,
    /// Sequences decoding one token each.
    pub decode_seqs: f64,
    /// Context tokens summed over the decoding sequences.
    pub decode_context: f64,
}

/// Where an iteration's time goes.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct StepTime {
    /// Total: `max(compute, memory) + comm + overhead`.
    pub total: Seconds,
    /// FLOPs / (N × peak × MFU).
    pub compute: Seconds,
    /// Bytes / (N × HBM bandwidth × MBU).
    pub memory: Seconds,
    /// Tensor-parallel all-reduces.
    pub comm: Seconds,
    /// Runtime per-step overhead.
    pub overhead: Seconds,
}

/// FLOPs and bytes of one iteration (before efficiencies).
pub fn step_work(setup: &Setup, load: &StepLoad) -> (Flops, Bytes) {
    let m = setup.model;
    let tokens = load.prefill_tokens + load.decode_seqs;
    let flops = m.matmul_flops_per_token() * tokens
        + m.attention_flops_per_pair() * (load.prefill_pairs + load.decode_context);
    let kvb = setup.kv_bytes_per_token().0;
    // Weights once, the decoders' KV read, and the new tokens' KV written.
    let bytes = m.weight_bytes_read(setup.weights, tokens).0 + load.decode_context * kvb + tokens * kvb;
    (Flops(flops), Bytes(bytes))
}

/// The time of one iteration (DESIGN §4.2).
pub fn step_time(setup: &Setup, eff: Efficiency, load: &StepLoad) -> StepTime {
    let (flops, bytes) = step_work(setup, load);
    let n = setup.tp as f64;
    let compute = flops / (setup.gpu.peak(setup.weights.compute) * (n * eff.mfu));
    let memory = bytes / (setup.gpu.hbm_bandwidth() * (n * eff.mbu));
    let comm = if setup.tp > 1 {
        let tokens = load.prefill_tokens + load.decode_seqs;
        let msg = Bytes(tokens * setup.model.hidden as f64 * 2.0);
        let ring = msg * (2.0 * (n - 1.0) / n) / setup.gpu.link_bandwidth();
        (ring + setup.allreduce_latency()) * (2.0 * setup.model.layers as f64)
    } else {
        Seconds(0.0)
    };
    let overhead = Seconds::from_ms(setup.runtime.step_overhead_ms);
    StepTime { total: compute.max(memory) + comm + overhead, compute, memory, comm, overhead }
}
