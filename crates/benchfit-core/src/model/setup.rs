//! A deployment the performance model runs at, and its memory arithmetic (DESIGN §4.1).

use crate::catalog::{Dtype, Gpu, LinkKind, MemoryPolicy, Model, Runtime};
use crate::units::{Bytes, Seconds};
use serde::Serialize;

/// Activation / CUDA-graph / workspace reserve per GPU that the runtime keeps out of the KV
/// cache: 2 GiB. An assumption ("a few GiB", DESIGN §4.1): vLLM profiles a forward pass at
/// `max_num_batched_tokens` (≈1–2 GiB for 70B at 8,192 tokens) plus CUDA graphs and NCCL buffers.
pub const ACTIVATION_RESERVE_GIB: f64 = 2.0;

/// Highest memory fraction benchfit will infer a benchmark used (vLLM accepts up to 1.0, but
/// above ~0.98 the allocator fails at start-up in practice).
pub(crate) const MAX_INFERRED_MEM_FRACTION: f64 = 0.98;

/// One tensor-parallel replica (or several identical ones) of a model on a GPU type.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct Setup {
    /// The model.
    pub model: &'static Model,
    /// The GPU.
    pub gpu: &'static Gpu,
    /// GPUs in one tensor-parallel group (N in DESIGN §4.2).
    pub tp: u32,
    /// Identical replicas (data parallel); total GPUs = `tp × replicas`.
    pub replicas: u32,
    /// Weight format.
    pub weights: &'static Dtype,
    /// KV-cache format.
    pub kv: &'static Dtype,
    /// Serving runtime.
    pub runtime: &'static Runtime,
    /// Memory fraction in the runtime's policy (vLLM `gpu_memory_utilization`).
    pub mem_fraction: f64,
    /// Cap on sequences per step (`max_num_seqs`).
    pub max_num_seqs: u32,
    /// Token budget per step (`max_num_batched_tokens`).
    pub max_batched_tokens: u32,
    /// KV block size in tokens (paged runtimes; vLLM `--block-size`, default 16).
    pub block_tokens: u32,
}

/// Why a setup cannot serve at all.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum MemoryError {
    /// The weights (plus reserve) exceed the memory the runtime may use.
    #[error("{model} weights ({weights_gb:.1} GB at {dtype}) do not fit in {gpus} × {gpu} at memory fraction {fraction:.2} (usable {usable_gb:.1} GB)")]
    WeightsDoNotFit {
        /// Model name.
        model: &'static str,
        /// Weight bytes, GB.
        weights_gb: f64,
        /// Weight format.
        dtype: &'static str,
        /// GPUs in the group.
        gpus: u32,
        /// GPU name.
        gpu: &'static str,
        /// Memory fraction.
        fraction: f64,
        /// Usable memory, GB.
        usable_gb: f64,
    },
}

impl Setup {
    /// Total GPUs (`tp × replicas`).
    pub fn total_gpus(&self) -> u32 {
        self.tp * self.replicas
    }

    /// Replicas a load of `concurrency` requests in flight keeps busy: all of them from one
    /// request per replica up, else one per request (a load balancer never splits a request, so
    /// 8 requests on 64 replicas busy 8 of them). Never below a tiny positive number, so rates
    /// stay finite for a vanishing load.
    pub fn busy_replicas(&self, concurrency: f64) -> f64 {
        (self.replicas.max(1) as f64)
            .min(concurrency)
            .max(f64::MIN_POSITIVE)
    }

    /// Activation reserve of the whole TP group.
    pub fn reserve(&self) -> Bytes {
        Bytes::from_gib(ACTIVATION_RESERVE_GIB) * self.tp as f64
    }

    /// KV bytes per token of context (DESIGN §4.1).
    pub fn kv_bytes_per_token(&self) -> Bytes {
        self.model.kv_bytes_per_token(self.kv)
    }

    /// Memory the KV cache gets in one TP group, bytes.
    pub fn kv_memory(&self) -> Result<Bytes, MemoryError> {
        let total = self.gpu.memory() * self.tp as f64;
        let weights = self.model.weight_bytes(self.weights);
        let kv = match self.runtime.memory {
            MemoryPolicy::FractionOfTotal(_) => {
                total * self.mem_fraction - weights - self.reserve()
            }
            MemoryPolicy::FractionOfFree(_) => {
                (total - weights - self.reserve()) * self.mem_fraction
            }
        };
        if kv.value() <= 0.0 {
            return Err(MemoryError::WeightsDoNotFit {
                model: self.model.name,
                weights_gb: weights.gb(),
                dtype: self.weights.name,
                gpus: self.tp,
                gpu: self.gpu.name,
                fraction: self.mem_fraction,
                usable_gb: (total * self.mem_fraction - self.reserve()).gb(),
            });
        }
        Ok(kv)
    }

    /// KV capacity of one TP group in tokens.
    pub fn kv_capacity_tokens(&self) -> Result<f64, MemoryError> {
        Ok((self.kv_memory()? / self.kv_bytes_per_token()).floor())
    }

    /// Tokens of KV a sequence of `tokens` occupies: paged runtimes round up to whole blocks;
    /// the others reserve the sequence's full length up front (the same number here, since a
    /// request's length is its prompt + output).
    pub fn kv_tokens_per_sequence(&self, tokens: f64) -> f64 {
        let t = self.model.kv_tokens(tokens);
        let block = self.block_tokens.max(1) as f64;
        if self.runtime.paged_kv {
            (t / block).ceil() * block
        } else {
            t
        }
    }

    /// The KV-cache ceiling on concurrency for one TP group: `floor(capacity / tokens per
    /// sequence)`, also capped by `max_num_seqs`.
    pub fn max_concurrent_sequences(&self, tokens_per_request: f64) -> Result<u32, MemoryError> {
        let cap = self.kv_capacity_tokens()?;
        let per = self.kv_tokens_per_sequence(tokens_per_request).max(1.0);
        Ok(((cap / per).floor() as u32).min(self.max_num_seqs))
    }

    /// Latency of one all-reduce message on this GPU's link (NCCL small-message latency, order
    /// of 10 µs on NVLink and 25 µs over PCIe, from nccl-tests all_reduce_perf runs). Gaudi's
    /// RoCE ports are taken at the PCIe figure and a TPU's ICI at NVLink's: assumptions, no
    /// small-message measurement of either was found.
    pub fn allreduce_latency(&self) -> Seconds {
        match self.gpu.link {
            LinkKind::Nvlink => Seconds::from_us(10.0),
            LinkKind::Xgmi => Seconds::from_us(15.0),
            LinkKind::Pcie | LinkKind::Roce => Seconds::from_us(25.0),
            LinkKind::Ici => Seconds::from_us(10.0),
            LinkKind::None => Seconds::new(0.0),
        }
    }
}
