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
    let bytes =
        m.weight_bytes_read(setup.weights, tokens).0 + load.decode_context * kvb + tokens * kvb;
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
    StepTime {
        total: compute.max(memory) + comm + overhead,
        compute,
        memory,
        comm,
        overhead,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::make_setup;
    use crate::catalog::{dtype, gpu, model, runtime};

    #[test]
    fn llama3_70b_fp8_decode_roofline_at_batch_32_on_h100_sxm() {
        let fp8 = dtype("fp8").unwrap();
        let s = make_setup(
            model("llama-3-70b").unwrap(),
            gpu("h100-sxm").unwrap(),
            1,
            1,
            fp8,
            fp8,
            runtime("vllm").unwrap(),
            None,
        );
        // 32 sequences at an average context of 640 tokens (512 prompt + 256/2 generated).
        let load = StepLoad {
            decode_seqs: 32.0,
            decode_context: 32.0 * 640.0,
            ..Default::default()
        };
        let (flops, bytes) = step_work(&s, &load);
        // Bytes: weights 72.655 GB + KV read 20,480 × 163,840 B = 3.355 GB + 32 new tokens' KV.
        let expect_bytes = 72_655_346_304.0 + 20_480.0 * 163_840.0 + 32.0 * 163_840.0;
        assert!((bytes.0 - expect_bytes).abs() < 1.0, "{}", bytes.0);
        // FLOPs: 2 × (70.554e9 − 1.0507e9 input embedding) × 32 + 4 × 80 × 64 × 128 × 20,480.
        let expect_flops =
            2.0 * (70.554e9 - 128_256.0 * 8192.0) * 32.0 + 4.0 * 80.0 * 64.0 * 128.0 * 20_480.0;
        assert!((flops.0 / expect_flops - 1.0).abs() < 1e-12);
        // At full efficiency: memory 76.02 GB / 3.35 TB/s = 22.69 ms ≫ compute 4.50 TFLOP / 1,979 TFLOPS = 2.27 ms.
        let t = step_time(&s, Efficiency { mbu: 1.0, mfu: 1.0 }, &load);
        assert!((t.memory.ms() - 22.692).abs() < 0.01, "{}", t.memory.ms());
        assert!((t.compute.ms() - 2.275).abs() < 0.01, "{}", t.compute.ms());
        // Memory-bound: the step is the memory time plus vLLM's 1 ms overhead.
        assert!((t.total.ms() - (t.memory.ms() + 1.0)).abs() < 1e-9);
        // So 32 output tokens per 23.7 ms is at most ~1,350 tok/s of decode: 3,200 is impossible.
        assert!(32.0 / t.total.0 < 1400.0);
    }
}
