//! Serving runtimes and the features that change the model: paging, batching, memory policy.

use serde::Serialize;

/// How a runtime sizes its KV cache.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(tag = "kind", content = "fraction", rename_all = "snake_case")]
pub enum MemoryPolicy {
    /// A fraction of total GPU memory for weights + activations + KV (vLLM
    /// `gpu_memory_utilization`, default 0.9; SGLang `mem_fraction_static`).
    FractionOfTotal(f64),
    /// A fraction of the memory left after weights and activations (TensorRT-LLM
    /// `kv_cache_free_gpu_mem_fraction`, default 0.9; LMDeploy `cache_max_entry_count`, 0.8).
    FractionOfFree(f64),
}

/// A serving runtime.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Runtime {
    /// Id as in DESIGN §5.2.
    pub id: &'static str,
    /// Display name.
    pub name: &'static str,
    /// Paged KV cache: a sequence holds `ceil(tokens / block) × block` tokens; otherwise its
    /// maximum length is reserved.
    pub paged_kv: bool,
    /// KV block size in tokens (vLLM default 16).
    pub block_tokens: u32,
    /// Continuous (in-flight) batching.
    pub continuous_batching: bool,
    /// Chunked prefill (prefill tokens share a step with decodes under a token budget).
    pub chunked_prefill: bool,
    /// Default KV memory policy.
    pub memory: MemoryPolicy,
    /// Default cap on sequences per step (vLLM `max_num_seqs` = 256).
    pub max_num_seqs: u32,
    /// Default token budget per step (vLLM `max_num_batched_tokens`: 8192 for the OpenAI server
    /// on ≥ 70 GiB GPUs in vLLM V1 `arg_utils.py`).
    pub max_batched_tokens: u32,
    /// Per-step scheduling / launch overhead in milliseconds. An assumption of the order DESIGN
    /// §4.2 gives ("order of a millisecond"); it is reported in `assumptions`.
    pub step_overhead_ms: f64,
    /// Where the defaults come from.
    pub source: &'static str,
}

/// Runtimes benchfit knows.
pub static RUNTIMES: &[Runtime] = &[
    Runtime {
        id: "vllm",
        name: "vLLM",
        paged_kv: true,
        block_tokens: 16,
        continuous_batching: true,
        chunked_prefill: true,
        memory: MemoryPolicy::FractionOfTotal(0.9),
        max_num_seqs: 256,
        max_batched_tokens: 8192,
        step_overhead_ms: 1.0,
        source: "https://docs.vllm.ai/en/latest/configuration/engine_args.html (gpu_memory_utilization 0.9, block_size 16, max_num_seqs 256)",
    },
    Runtime {
        id: "sglang",
        name: "SGLang",
        paged_kv: true,
        block_tokens: 1,
        continuous_batching: true,
        chunked_prefill: true,
        memory: MemoryPolicy::FractionOfTotal(0.88),
        max_num_seqs: 1024,
        max_batched_tokens: 8192,
        step_overhead_ms: 0.8,
        source: "https://docs.sglang.ai/backend/server_arguments.html (mem_fraction_static, page_size 1, chunked_prefill_size 8192)",
    },
    Runtime {
        id: "tensorrt-llm",
        name: "TensorRT-LLM",
        paged_kv: true,
        block_tokens: 32,
        continuous_batching: true,
        chunked_prefill: true,
        memory: MemoryPolicy::FractionOfFree(0.9),
        max_num_seqs: 2048,
        max_batched_tokens: 8192,
        step_overhead_ms: 0.5,
        source: "https://nvidia.github.io/TensorRT-LLM/ (kv_cache_free_gpu_mem_fraction 0.9, tokens_per_block 32, max_batch_size 2048)",
    },
    Runtime {
        id: "tgi",
        name: "TGI",
        paged_kv: true,
        block_tokens: 16,
        continuous_batching: true,
        chunked_prefill: true,
        memory: MemoryPolicy::FractionOfTotal(1.0),
        max_num_seqs: 256,
        max_batched_tokens: 4096,
        step_overhead_ms: 1.5,
        source: "https://huggingface.co/docs/text-generation-inference/reference/launcher (cuda_memory_fraction 1.0, max_batch_prefill_tokens 4096)",
    },
    Runtime {
        id: "lmdeploy",
        name: "LMDeploy",
        paged_kv: true,
        block_tokens: 64,
        continuous_batching: true,
        chunked_prefill: false,
        memory: MemoryPolicy::FractionOfFree(0.8),
        max_num_seqs: 256,
        max_batched_tokens: 8192,
        step_overhead_ms: 0.8,
        source: "https://lmdeploy.readthedocs.io/en/latest/ (cache_max_entry_count 0.8, cache_block_seq_len 64, max_batch_size 256)",
    },
    Runtime {
        id: "llama.cpp",
        name: "llama.cpp",
        paged_kv: false,
        block_tokens: 1,
        continuous_batching: true,
        chunked_prefill: false,
        memory: MemoryPolicy::FractionOfTotal(1.0),
        max_num_seqs: 64,
        max_batched_tokens: 2048,
        step_overhead_ms: 0.3,
        source: "https://github.com/ggml-org/llama.cpp/tree/master/tools/server (--parallel slots, -b 2048; the context is split evenly across slots)",
    },
    Runtime {
        id: "ollama",
        name: "Ollama",
        paged_kv: false,
        block_tokens: 1,
        continuous_batching: true,
        chunked_prefill: false,
        memory: MemoryPolicy::FractionOfTotal(1.0),
        max_num_seqs: 4,
        max_batched_tokens: 512,
        step_overhead_ms: 0.5,
        source: "https://github.com/ollama/ollama/blob/main/docs/faq.md (OLLAMA_NUM_PARALLEL default 4 when memory allows)",
    },
    Runtime {
        id: "mlx",
        name: "MLX",
        paged_kv: false,
        block_tokens: 1,
        continuous_batching: false,
        chunked_prefill: false,
        memory: MemoryPolicy::FractionOfTotal(1.0),
        max_num_seqs: 1,
        max_batched_tokens: 2048,
        step_overhead_ms: 0.5,
        source: "https://github.com/ml-explore/mlx-examples (mlx_lm.generate, single stream)",
    },
];

/// Looks a runtime up by id (case-insensitive).
pub fn runtime(id: &str) -> Option<&'static Runtime> {
    RUNTIMES.iter().find(|r| r.id.eq_ignore_ascii_case(id))
}
