//! One continuous-batching engine iteration (DESIGN §4.2).

use super::setup::Setup;
use crate::units::{Bytes, Flops, Seconds};
use serde::{Deserialize, Serialize};

/// Achieved fractions of peak: memory-bandwidth utilisation and FLOPs utilisation.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
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

    /// The prior moved along a calibration path: MBU scaled by `s^a`, MFU by `s^b`, each
    /// clamped to [`Efficiency::MAX`] (`a = b = 1` is [`Efficiency::scaled`]).
    pub fn along(s: f64, a: f64, b: f64) -> Efficiency {
        Efficiency {
            mbu: (Self::PRIOR.mbu * s.powf(a)).min(Self::MAX.mbu),
            mfu: (Self::PRIOR.mfu * s.powf(b)).min(Self::MAX.mfu),
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
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
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

/// Kernels one decoder layer launches in a fused serving engine: input norm, QKV projection,
/// rotary embedding + attention, output projection, residual + post-attention norm, gate/up
/// projection, activation, down projection (TensorRT-LLM's and vLLM's Llama layers fuse to about
/// this many; the unfused PyTorch layer launches over 20).
pub const KERNELS_PER_LAYER: f64 = 8.0;

/// The fixed cost of one kernel in a CUDA-graph-replayed decode step, µs: the launch and the
/// ramp-up/tail of a short kernel that cannot reach full bandwidth. Launching through the driver
/// costs 4–6 µs per kernel (measured on an RTX 5070 Ti, susun-blog.com "pegainfer (3): From
/// Launch Overhead to CUDA Graph", 2025); a replayed graph hides most of the CPU side, and the
/// GPU side of a back-to-back kernel boundary is about 2 µs (NVIDIA, "Getting Started with CUDA
/// Graphs", 2019: 3.8 µs → 3.4 µs per 2.9 µs kernel once in a graph). 2 µs is used.
pub const KERNEL_FIXED_US: f64 = 2.0;

/// The fixed time of a layer's attention kernel, µs: 10 µs, in place of [`KERNEL_FIXED_US`] for
/// that one of the [`KERNELS_PER_LAYER`]. A decode-attention call launches a split-KV kernel and
/// the reduction of its partial results, and pays a prologue (block tables, Q load) and a tail
/// that no byte count explains. Measured on H100 as the intercept of kernel time against KV
/// bytes: FlashAttention-3 paged decode with CUDA graphs, batch 16, 32 KV heads: 27.6 µs for
/// 33.5 MB (128 tokens) and 292 µs for 524 MB (2,000 tokens), intercept 9.5 µs
/// (Dao-AILab/flash-attention issue #1572, 2025-04); FlashAttention-2 paged batch decode,
/// 64 sequences, 8 KV heads: 15.1 µs for 9.4 MB (32 tokens) and 61.9 µs for 135 MB
/// (512 tokens), intercept 11.5 µs (microsoft/onnxruntime PR #21414, 2024-08).
pub const ATTENTION_FIXED_US: f64 = 10.0;

/// The fixed time a mixture-of-experts layer adds to a step beyond the dense FFN's kernels, µs:
/// 20 µs. A MoE layer runs a router GEMM, top-k, the token-to-expert sort and two grouped
/// GEMMs whose tiles are mostly padding at decode batch sizes, where a dense layer runs three
/// GEMM/activation kernels. Measured with vLLM's `benchmark_moe.py` on one H100 (Qwen3-30B-A3B
/// FP8, 128 experts, top 8, hidden 2,048, expert width 768; vllm-project/vllm PR #24700,
/// 2025-09): the fused-MoE path takes 40.4–44.5 µs at batch 1, where its 8 experts' 37.7 MB at
/// the 0.7 weight-stream prior take 16.1 µs; the rest, 24–28 µs, less the 6 µs the dense FFN's
/// three kernels already count ([`KERNEL_FIXED_US`]), is 18–22 µs (13–26 µs at batch 4). Added
/// for every layer of a model with experts: the catalog does not say which layers are dense
/// (DeepSeek-V3 has 3 of its 61), so such a model is over-counted by that share. At batch 16 and
/// above the same benchmark is at its byte time, so this over-counts large decode batches by
/// about this much a layer.
pub const MOE_LAYER_FIXED_US: f64 = 20.0;

/// Decode attention reads the paged KV cache at this fraction of the bandwidth the weight
/// stream reaches: 1, the same. Measured marginal bandwidths of today's paged decode kernels on
/// H100 (the slope of time against bytes, so the fixed part [`ATTENTION_FIXED_US`] is apart)
/// straddle the weight-stream prior of 0.7 of peak: FlashAttention-3, MHA, 8-token pages,
/// batch 16, 2,000 → 4,000 tokens: 275 µs for 524 MB more, 1.9 TB/s = 57% of peak
/// (Dao-AILab/flash-attention issue #1572, 2025-04); FlashAttention-2 paged batch decode, GQA,
/// 16-token pages, 64 sequences, 32 → 512 tokens: 46.9 µs for 126 MB more, 2.7 TB/s = 80% of
/// peak (microsoft/onnxruntime PR #21414, 2024-08). The old paged kernel ran at half to
/// two-thirds of that (FlashInfer blog, 2024-02); today's defaults (vLLM's FlashAttention,
/// TensorRT-LLM's XQA, SGLang's FlashInfer) are the faster kernels. A single sequence's
/// attention at small batch is latency-bound instead: [`decode_attention_chain`].
pub const KV_READ_EFFICIENCY_RATIO: f64 = 1.0;

/// The rate at which one decode-attention work unit — one sequence's context for one KV head —
/// streams its keys and values, bytes/s: 100 GB/s. A decode kernel gives each (sequence, KV
/// head) pair one thread block that walks the context tile by tile, so at small batch few SMs
/// are busy and a sequence's attention takes `context × bytes per token per KV head / rate`
/// however few heads a GPU holds, far longer than its bytes at HBM bandwidth: single-query
/// attention is latency-bound, not bandwidth-bound, until enough units fill the GPU (Dao et al.,
/// "Flash-Decoding for long-context inference", 2023-10; splitting the context across blocks is
/// their remedy). Measured: ROCm/aiter PR #4794 (2026-08), one workgroup per (KV head, batch)
/// moves 17 MB of one sequence's KV (batch 1, one KV head, 32,768 tokens) in 169 µs on an
/// MI355X, 0.1 TB/s of its 8 TB/s; vLLM's first paged kernel, one block per query head, took
/// 100 µs for 2.1 MB (batch 1, 4,096 tokens, vllm-project/vllm issue #1880, 2024-01): 21 GB/s.
/// The newer measurement is used; a kernel that splits the context across blocks (multi-block,
/// split-KV) shortens this chain, which is not modelled per engine.
pub const DECODE_UNIT_KV_BYTES_PER_S: f64 = 100e9;

/// The time of the longest decode-attention chain of a step (see
/// [`DECODE_UNIT_KV_BYTES_PER_S`]): the mean decoding sequence's context times one KV head's
/// bytes per token over all layers (multi-head latent attention caches one vector per layer,
/// one unit), at the unit rate. Zero without decodes.
pub fn decode_attention_chain(setup: &Setup, load: &StepLoad) -> Seconds {
    if load.decode_seqs <= 0.0 {
        return Seconds::new(0.0);
    }
    let m = setup.model;
    let units_per_token = if m.mla.is_some() {
        1.0
    } else {
        m.kv_heads.max(1) as f64
    };
    let unit_bytes = setup.kv_bytes_per_token().value() / units_per_token;
    Seconds::new(load.decode_context / load.decode_seqs * unit_bytes / DECODE_UNIT_KV_BYTES_PER_S)
}

/// FLOPs and bytes of one iteration (before efficiencies).
pub fn step_work(setup: &Setup, load: &StepLoad) -> (Flops, Bytes) {
    let (flops, weights, kv_read, kv_write) = step_work_split(setup, load);
    (flops, weights + kv_read + kv_write)
}

/// FLOPs, and the bytes split into weights, KV read and KV written.
fn step_work_split(setup: &Setup, load: &StepLoad) -> (Flops, Bytes, Bytes, Bytes) {
    let m = setup.model;
    let tokens = load.prefill_tokens + load.decode_seqs;
    let flops = m.matmul_flops_per_token() * tokens
        + m.attention_flops_per_pair() * (load.prefill_pairs + load.decode_context);
    let kvb = setup.kv_bytes_per_token().value();
    // Weights once, the decoders' KV read, and the new tokens' KV written.
    (
        Flops::new(flops),
        m.weight_bytes_read(setup.weights, tokens),
        Bytes::new(load.decode_context * kvb),
        Bytes::new(tokens * kvb),
    )
}

/// The fraction of a link's one-way bandwidth a ring all-reduce reaches as bus bandwidth: 0.8.
/// nccl-tests `all_reduce_perf` on 8 × H100 SXM (NVLink 4, 450 GB/s a direction): 365–370 GB/s
/// bus bandwidth with the ring algorithm from 2 to 8 GPUs (NVIDIA/nccl issue #1455, 2024-09),
/// about 80% of the link.
pub const ALLREDUCE_BUS_EFFICIENCY: f64 = 0.8;

/// The latency of one all-reduce of a small message across `tp` GPUs: the link's base latency
/// ([`Setup::allreduce_latency`]) times `(1 + log2 tp) / 2`, since NCCL's tree and NVLS
/// algorithms take `log2 tp` steps (1× at TP2, 1.5× at TP4, 2× at TP8).
pub fn allreduce_latency(setup: &Setup) -> Seconds {
    let n = setup.tp.max(1) as f64;
    if n <= 1.0 {
        return Seconds::new(0.0);
    }
    setup.allreduce_latency() * ((1.0 + n.log2()) / 2.0)
}

/// The time of one iteration (DESIGN §4.2):
/// `max(compute, weights + KV read + KV write) + all-reduces + per-step + per-layer overhead`.
///
/// * compute: FLOPs / (N × dense peak × MFU × the GPU's achievable-matmul share,
///   [`crate::catalog::Gpu::achievable_matmul`]);
/// * weights and KV written at N × HBM bandwidth × MBU; KV read at
///   [`KV_READ_EFFICIENCY_RATIO`] of that, or the single-sequence attention chain
///   ([`decode_attention_chain`]) when that is longer (small batches);
/// * all-reduces: two per layer, each a ring transfer of the step's activations at
///   [`ALLREDUCE_BUS_EFFICIENCY`] of the link plus [`allreduce_latency`];
/// * overhead: the runtime's per-step CPU cost (hidden behind the GPU when the runtime
///   schedules asynchronously) plus, per layer, [`KERNEL_FIXED_US`] for each of the
///   [`KERNELS_PER_LAYER`] but attention, whose fixed time is [`ATTENTION_FIXED_US`], and
///   [`MOE_LAYER_FIXED_US`] more in a model with experts.
pub fn step_time(setup: &Setup, eff: Efficiency, load: &StepLoad) -> StepTime {
    let (flops, weights, kv_read, kv_write) = step_work_split(setup, load);
    let n = setup.tp as f64;
    let compute = flops
        / (setup.gpu.peak(setup.weights.compute) * (n * eff.mfu * setup.gpu.achievable_matmul));
    let bw = setup.gpu.hbm_bandwidth() * (n * eff.mbu);
    // The KV read takes its bytes at the paged-read bandwidth, or the longest single-sequence
    // attention chain when few sequences leave the GPU's SMs idle.
    let kv_time =
        (kv_read / (bw * KV_READ_EFFICIENCY_RATIO)).max(decode_attention_chain(setup, load));
    let memory = (weights + kv_write) / bw + kv_time;
    let layers = setup.model.layers as f64;
    let comm = if setup.tp > 1 {
        let tokens = load.prefill_tokens + load.decode_seqs;
        let msg = Bytes::new(tokens * setup.model.hidden as f64 * 2.0);
        let ring =
            msg * (2.0 * (n - 1.0) / n) / (setup.gpu.link_bandwidth() * ALLREDUCE_BUS_EFFICIENCY);
        (ring + allreduce_latency(setup)) * (2.0 * layers)
    } else {
        Seconds::new(0.0)
    };
    // FP8 activation quantisation adds no kernels: vLLM and TensorRT-LLM fuse it into the
    // preceding norm, activation or all-reduce (vLLM `fused_layernorm_dynamic_per_token_quant`,
    // TensorRT-LLM's fused RMSNorm-quant plugins). SGLang's CUDA path still launches a standalone
    // quantisation kernel before each FP8 GEMM (sgl-project/sglang issue #31504, 2026-07), which
    // is not modelled.
    let kernels = KERNELS_PER_LAYER;
    // An asynchronous scheduler plans step k+1 on the CPU while step k runs on the GPU, so the
    // per-step CPU cost leaves the critical path (vLLM PR #19970: "minimize scheduler overhead
    // by overlapping scheduling with model execution"). Each decoding sequence's new token is
    // processed on the CPU too (the runtime's `output_token_us`): between GPU steps in a
    // synchronous loop, beside them in an asynchronous one, where it only counts when it is the
    // longer of the two.
    let output = Seconds::from_us(setup.runtime.output_token_us * load.decode_seqs);
    let cpu = if setup.runtime.async_scheduling {
        Seconds::new(0.0)
    } else {
        Seconds::from_ms(setup.runtime.step_overhead_ms) + output
    };
    let moe = if setup.model.experts > 0 && setup.model.experts_active < setup.model.experts {
        MOE_LAYER_FIXED_US
    } else {
        0.0
    };
    let per_layer = KERNEL_FIXED_US * (kernels - 1.0) + ATTENTION_FIXED_US + moe;
    let overhead = cpu + Seconds::from_us(per_layer * layers);
    let gpu_bound = compute.max(memory) + comm + overhead;
    let total = if setup.runtime.async_scheduling {
        gpu_bound.max(output)
    } else {
        gpu_bound
    };
    StepTime {
        total,
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

    /// `m` on `tp` H100 SXM GPUs (one replica) with weights and KV in `d`, under `rt`.
    fn on_h100(m: &str, tp: u32, d: &str, rt: &'static crate::catalog::Runtime) -> Setup {
        let d = dtype(d).unwrap();
        make_setup(
            model(m).unwrap(),
            gpu("h100-sxm").unwrap(),
            tp,
            1,
            d,
            d,
            rt,
            None,
        )
    }

    #[test]
    fn all_reduce_latency_grows_with_log2_tp() {
        let at = |tp| {
            allreduce_latency(&on_h100(
                "llama-3-70b",
                tp,
                "bf16",
                runtime("vllm").unwrap(),
            ))
            .value()
                * 1e6
        };
        // NVLink base 10 µs: TP1 none, TP2 10 µs, TP4 15 µs, TP8 20 µs.
        assert_eq!(at(1), 0.0);
        assert!((at(2) - 10.0).abs() < 1e-9);
        assert!((at(4) - 15.0).abs() < 1e-9);
        assert!((at(8) - 20.0).abs() < 1e-9);
    }

    #[test]
    fn moe_layers_pay_their_routing_and_grouped_gemm_fixed_time() {
        let at = |m: &str| on_h100(m, 1, "fp8", runtime("vllm").unwrap());
        let load = StepLoad {
            decode_seqs: 1.0,
            decode_context: 1000.0,
            ..Default::default()
        };
        let eff = Efficiency::PRIOR;
        // vLLM schedules asynchronously, so the overhead is the layers' fixed kernel time only.
        // Llama 3 8B, dense, 32 layers: 32 × (7 × 2 + 10) µs = 768 µs.
        let dense = step_time(&at("llama-3-8b"), eff, &load);
        assert!((dense.overhead.value() * 1e6 - 768.0).abs() < 1e-6);
        // Qwen3 30B-A3B, 48 MoE layers: 48 × (7 × 2 + 10 + 20) µs = 2,112 µs.
        let moe = step_time(&at("qwen3-30b-a3b"), eff, &load);
        assert!((moe.overhead.value() * 1e6 - 2112.0).abs() < 1e-6);
        // One MoE layer at batch 1 against vLLM's kernel benchmark (PR #24700, one H100, FP8):
        // 8 experts × 3 × 2,048 × 768 bytes = 37.7 MB at 0.7 × 3.35 TB/s = 16.1 µs, plus the
        // dense FFN's three kernels (6 µs) and this term (20 µs): 42 µs, where the benchmark
        // measured 40.4 µs (the PR) and 44.5 µs (main).
        let bytes = 8.0 * 3.0 * 2048.0 * 768.0;
        let block_us = bytes / (0.7 * 3.35e12) * 1e6 + 3.0 * KERNEL_FIXED_US + MOE_LAYER_FIXED_US;
        assert!((40.4..=44.5).contains(&block_us), "{block_us}");
    }

    #[test]
    fn streamed_tokens_cost_cpu_time_per_sequence() {
        let at = |rt: &'static crate::catalog::Runtime| on_h100("llama-3-8b", 1, "bf16", rt);
        let load = StepLoad {
            decode_seqs: 10.0,
            decode_context: 10.0 * 1000.0,
            ..Default::default()
        };
        let eff = Efficiency::PRIOR;
        let trt = step_time(&at(runtime("tensorrt-llm").unwrap()), eff, &load);
        let nim = step_time(&at(runtime("nim").unwrap()), eff, &load);
        // NIM runs TensorRT-LLM's engine and streams from a Python loop between steps: 10
        // decoding sequences × 70 µs = 0.7 ms more per step; the GPU part is the same.
        assert_eq!(nim.memory, trt.memory);
        assert!((nim.total.ms() - trt.total.ms() - 0.7).abs() < 1e-9);
        assert!((nim.overhead.ms() - trt.overhead.ms() - 0.7).abs() < 1e-9);
        // Processed beside the GPU (asynchronously), the same cost only bounds the step: 10 ×
        // 5 ms = 50 ms outlasts the GPU's few ms, and the step is those 50 ms.
        let beside: &'static crate::catalog::Runtime =
            Box::leak(Box::new(crate::catalog::Runtime {
                async_scheduling: true,
                output_token_us: 5000.0,
                ..*runtime("nim").unwrap()
            }));
        let gpu_ms = step_time(&at(runtime("vllm").unwrap()), eff, &load)
            .total
            .ms();
        assert!(gpu_ms < 50.0);
        assert!((step_time(&at(beside), eff, &load).total.ms() - 50.0).abs() < 1e-9);
    }

    fn t_ms(s: f64) -> f64 {
        s * 1e3
    }

    #[test]
    fn an_instinct_gpus_compute_runs_at_its_achievable_share_of_the_datasheet() {
        // A 2,048-token prefill of Llama 3 8B in BF16 on one MI300X. FLOPs by hand: 2 × (8.03 B
        // active − 128,256 × 4,096 input-embedding) per token = 15.01 GFLOP, 30.74 TFLOP for
        // the prompt, plus attention 4 × 32 layers × 32 heads × 128 × (2,048 · 2,049 / 2 pairs)
        // = 1.10 TFLOP: 31.84 TFLOP. At 1,307.4 TFLOPS × MFU 0.5 the datasheet says 48.7 ms;
        // AMD's achievable FLOPs (0.68 of the H100's share of its peak) make it 71.6 ms.
        let d = dtype("bf16").unwrap();
        let m = model("llama-3-8b").unwrap();
        let setup = make_setup(
            m,
            gpu("mi300x").unwrap(),
            1,
            1,
            d,
            d,
            runtime("vllm").unwrap(),
            None,
        );
        let p = 2048.0;
        let load = StepLoad {
            prefill_tokens: p,
            prefill_pairs: p * (p + 1.0) / 2.0,
            ..Default::default()
        };
        let flops =
            m.matmul_flops_per_token() * p + m.attention_flops_per_pair() * p * (p + 1.0) / 2.0;
        assert!((flops / 1e12 - 31.84).abs() < 0.01, "{flops}");
        assert!((t_ms(flops / (1307.4e12 * 0.5 * 0.68)) - 71.6).abs() < 0.05);
        let t = step_time(&setup, Efficiency::PRIOR, &load);
        let by_hand = flops / (1307.4e12 * 0.5 * 0.68);
        assert!(
            (t.compute.value() - by_hand).abs() < 1e-9,
            "{} vs {by_hand}",
            t.compute.value()
        );
        // The H100 SXM keeps its datasheet peak (989.4 TFLOPS BF16): the prior describes it.
        let h = on_h100("llama-3-8b", 1, "bf16", runtime("vllm").unwrap());
        let th = step_time(&h, Efficiency::PRIOR, &load);
        assert!((th.compute.value() - flops / (989.4e12 * 0.5)).abs() < 1e-9);
    }

    #[test]
    fn one_sequence_attention_is_a_chain_not_a_bandwidth() {
        let bf16 = dtype("bf16").unwrap();
        let at = |m: &str, tp| {
            make_setup(
                model(m).unwrap(),
                gpu("h100-sxm").unwrap(),
                tp,
                1,
                bf16,
                bf16,
                runtime("vllm").unwrap(),
                None,
            )
        };
        let decode = |seqs: f64| StepLoad {
            decode_seqs: seqs,
            decode_context: seqs * 8192.0,
            ..Default::default()
        };
        // Llama 3 8B: 2 × 32 layers × 8 KV heads × 128 × 2 B = 131,072 B of KV per token, 16,384 B
        // per KV head. One sequence at 8,192 tokens: chain 8,192 × 16,384 B / 100 GB/s =
        // 1.342 ms, where its 1.074 GB at 3.35 TB/s × 0.7 (the prior MBU; KV reads at the same
        // bandwidth) would take 0.458 ms.
        let s = at("llama-3-8b", 1);
        assert!((decode_attention_chain(&s, &decode(1.0)).ms() - 1.3422).abs() < 1e-3);
        let eff = Efficiency::PRIOR;
        let one = step_time(&s, eff, &decode(1.0));
        let empty = step_time(
            &s,
            eff,
            &StepLoad {
                decode_seqs: 1.0,
                ..Default::default()
            },
        );
        // The step grows by the chain, not by the bandwidth time (less the new token's KV, 0).
        assert!((one.memory.ms() - empty.memory.ms() - 1.3422).abs() < 1e-3);
        // At 32 sequences the bytes (34.36 GB / 2.345 TB/s = 14.65 ms) outlast the chain (still
        // 1.34 ms).
        let many = step_time(&s, eff, &decode(32.0));
        let bytes_ms: f64 = 32.0 * 8192.0 * 131_072.0 / (3.35e12 * 0.7) * 1e3;
        assert!((bytes_ms - 14.652).abs() < 1e-3, "{bytes_ms}");
        let base = step_time(
            &s,
            eff,
            &StepLoad {
                decode_seqs: 32.0,
                ..Default::default()
            },
        );
        assert!((many.memory.ms() - base.memory.ms() - bytes_ms).abs() < 1e-3);
        // The chain does not shrink with TP: Llama 3 70B (40,960 B per KV head and token) at
        // 8,192 tokens takes 3.355 ms on one GPU and on eight.
        for tp in [1, 8] {
            let c = decode_attention_chain(&at("llama-3-70b", tp), &decode(1.0)).ms();
            assert!((c - 3.3554).abs() < 1e-3, "TP{tp}: {c}");
        }
    }

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
        assert!(
            (bytes.value() - expect_bytes).abs() < 1.0,
            "{}",
            bytes.value()
        );
        // FLOPs: 2 × (70.554e9 − 1.0507e9 input embedding) × 32 + 4 × 80 × 64 × 128 × 20,480.
        let expect_flops =
            2.0 * (70.554e9 - 128_256.0 * 8192.0) * 32.0 + 4.0 * 80.0 * 64.0 * 128.0 * 20_480.0;
        assert!((flops.value() / expect_flops - 1.0).abs() < 1e-12);
        // At full efficiency: weights + new KV 72.66 GB / 3.35 TB/s = 21.690 ms, and the KV read
        // 3.355 GB at the same 3.35 TB/s = 1.002 ms: memory 22.691 ms ≫ compute 4.50 TFLOP /
        // 1,979 TFLOPS = 2.27 ms. The attention chain (640 × 20,480 B / 100 GB/s = 0.13 ms) is
        // shorter than the KV read, so it does not count.
        let t = step_time(&s, Efficiency { mbu: 1.0, mfu: 1.0 }, &load);
        assert!((t.memory.ms() - 22.691).abs() < 0.01, "{}", t.memory.ms());
        assert!((t.compute.ms() - 2.275).abs() < 0.01, "{}", t.compute.ms());
        // Memory-bound: the step is the memory time plus, per layer, 7 kernels × 2 µs and the
        // attention kernel's 10 µs: 80 × 24 µs = 1.92 ms (vLLM schedules asynchronously, so its
        // per-step CPU cost is off the critical path).
        assert!((t.overhead.ms() - 1.92).abs() < 1e-9, "{}", t.overhead.ms());
        assert!((t.total.ms() - (t.memory.ms() + 1.92)).abs() < 1e-9);
        // So 32 output tokens per 24.6 ms is at most ~1,300 tok/s of decode: 3,200 is impossible.
        assert!(32.0 / t.total.value() < 1400.0);
    }
}
