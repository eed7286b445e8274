//! Serving runtimes and the features that change the model: paging, batching, memory policy.

use serde::Serialize;

/// How a runtime sizes its KV cache.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
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
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
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
    /// Default cap on sequences per step on the largest GPUs (vLLM `max_num_seqs`: 1,024 for the
    /// OpenAI server on GPUs of at least 70 GiB but A100s; see [`Runtime::batch_tiers`]).
    pub max_num_seqs: u32,
    /// Default token budget per step on the largest GPUs (vLLM `max_num_batched_tokens`: 8,192
    /// for the OpenAI server on GPUs of at least 70 GiB but A100s; SGLang's
    /// `chunked_prefill_size`: 16,384 from 160 GiB; see [`Runtime::batch_tiers`]).
    pub max_batched_tokens: u32,
    /// Batch defaults the runtime picks instead on smaller GPUs, by memory, ascending
    /// ([`Runtime::batch_defaults`]); empty where the defaults do not depend on the GPU.
    pub batch_tiers: &'static [BatchTier],
    /// An A100 takes the first of [`Runtime::batch_tiers`] whatever its memory (vLLM).
    pub a100_first_tier: bool,
    /// Per-step scheduling / launch overhead in milliseconds. An assumption of the order DESIGN
    /// §4.2 gives ("order of a millisecond"); it is reported in `assumptions`.
    pub step_overhead_ms: f64,
    /// The release this entry describes (`"current"` for the newest behaviour; an id
    /// `runtime@version` picks the entry whose behaviour that version had, see [`runtime`]).
    pub version: &'static str,
    /// The KV blocks of a request's whole length (prompt + maximum output) are reserved when it
    /// is admitted, so a started request is never preempted (TensorRT-LLM's default capacity
    /// policy `GUARANTEED_NO_EVICT`); otherwise blocks are allocated as the sequence grows.
    pub reserve_full_length: bool,
    /// Asynchronous scheduling: the scheduler plans step k+1 while step k runs, so a request
    /// that arrives during step k joins at step k+2, one step later than in a synchronous
    /// engine (vLLM `--async-scheduling`, on by default from 0.14; SGLang's overlap scheduler,
    /// on by default from 0.4).
    pub async_scheduling: bool,
    /// Prefill chunks and decodes share a step (vLLM, TensorRT-LLM in-flight batching). When
    /// false the engine runs a prefill-only step whenever prompts wait and decodes pause for it
    /// (SGLang without `--enable-mixed-chunk`, its default).
    pub mixed_prefill: bool,
    /// Fixed cost of one request outside the engine, ms: HTTP parsing, tokenisation, and
    /// detokenising and streaming the first chunk. Added to TTFT and E2E; a closed-loop client
    /// waits it out before its next request reaches the engine. See [`FRONTEND_MS`].
    pub frontend_ms: f64,
    /// CPU time of one streamed token's output processing in the engine's loop, µs per
    /// decoding sequence per step: detokenising the token and building and sending its chunk in
    /// a Python server loop that runs between GPU steps, so a synchronous engine's step grows
    /// by it (an asynchronous one hides it behind the GPU until it is the longer of the two).
    /// 0 where output processing runs in another process or in C++ beside the GPU loop (vLLM's
    /// API server process, SGLang's detokenizer process, TensorRT-LLM's C++ executor without a
    /// Python frontend). See [`PYTHON_OUTPUT_TOKEN_US`].
    pub output_token_us: f64,
    /// Where the defaults come from.
    pub source: &'static str,
}

/// The per-request cost of an OpenAI-compatible frontend, ms: 3 ms. vLLM's v0.6.0 performance
/// blog (2024-09, "vLLM v0.6.0: 1.8–2.7x Throughput Improvement") measured the API server and
/// detokenisation at a few ms per request on Llama 3 8B / H100 before it moved them to a
/// separate process; tokenising a 1,000-token prompt with a Rust (HF `tokenizers`) tokenizer
/// takes about 1 ms, and an HTTP round trip on localhost under 1 ms.
pub const FRONTEND_MS: f64 = 3.0;

/// The output processing of one token in a Python serving loop, µs per running sequence per
/// step: 70 µs. Vidur's CPU profile of a vLLM-style Python engine on A100 hosts
/// (microsoft/vidur `data/profiling/a100/cpu_overheads.csv`) gives `PROCESS_MODEL_OUTPUTS`
/// (detokenise each sequence's new token, check stops, build its output) per step against the
/// batch size; the slope of its median is 62–112 µs per sequence over the 8 model × TP groups
/// (Llama 2 7B TP1: 0.62 ms at batch 8, 4.11 ms at 64, 62 µs), median 70.7 µs. The other
/// per-sequence parts of that profile (scheduling, input preparation, sampling: about 40 µs
/// more) run in C++ in TensorRT-LLM's executor and are not counted.
pub const PYTHON_OUTPUT_TOKEN_US: f64 = 70.0;

/// A runtime's step limits on GPUs with less memory than `below_gib` (see
/// [`Runtime::batch_tiers`]).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct BatchTier {
    /// The tier holds GPUs with less memory than this, GiB.
    pub below_gib: f64,
    /// Cap on sequences per step.
    pub max_num_seqs: u32,
    /// Token budget per step.
    pub max_batched_tokens: u32,
}

impl Runtime {
    /// The runtime's default `(max_num_seqs, max_batched_tokens)` on `gpu`: the first of
    /// [`Runtime::batch_tiers`] whose `below_gib` exceeds the GPU's memory (an A100 of any size
    /// takes the first tier where [`Runtime::a100_first_tier`] says so), else the entry's own.
    pub fn batch_defaults(&self, gpu: &super::Gpu) -> (u32, u32) {
        let gib = gpu.memory_mib / 1024.0;
        let tier = if self.a100_first_tier && gpu.id.contains("a100") {
            self.batch_tiers.first()
        } else {
            self.batch_tiers.iter().find(|t| gib < t.below_gib)
        };
        match tier {
            Some(t) => (t.max_num_seqs, t.max_batched_tokens),
            None => (self.max_num_seqs, self.max_batched_tokens),
        }
    }
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
        max_num_seqs: 1024,
        max_batched_tokens: 8192,
        // vLLM V1's OpenAI server (`EngineArgs.get_batch_defaults`, vllm/engine/arg_utils.py):
        // `device_memory >= 70 * GiB_bytes and "a100" not in device_name` gets 1,024 sequences
        // and 8,192 tokens (PRs #12369, #16158), anything else 256 and 2,048; A100s stay small
        // because 8,192 cut Llama 3.1 70B TP2 throughput there by 27 % (PR #17885, 2025-05).
        batch_tiers: &[BatchTier {
            below_gib: 70.0,
            max_num_seqs: 256,
            max_batched_tokens: 2048,
        }],
        a100_first_tier: true,
        step_overhead_ms: 1.0,
        version: "current",
        reserve_full_length: false,
        async_scheduling: true,
        mixed_prefill: true,
        frontend_ms: FRONTEND_MS,
        output_token_us: 0.0,
        source: "https://docs.vllm.ai/en/latest/configuration/engine_args.html (gpu_memory_utilization 0.9, block_size 16); batch defaults of the OpenAI server from vllm/engine/arg_utils.py get_batch_defaults (max_num_seqs 1024 and max_num_batched_tokens 8192 on GPUs of at least 70 GiB but A100s, else 256 and 2048: PRs #12369, #16158, #17885); async scheduling: vllm-project/vllm PR #19970 (0.10, opt-in), default from 0.14 (release notes; PR #27614)",
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
        max_batched_tokens: 16384,
        // `chunked_prefill_size` by GPU memory (sgl-project/sglang
        // python/sglang/srt/server_args.py, `_handle_gpu_memory_settings`): under 35 GiB 2,048
        // ("A10, L40, 4090"), under 60 GiB 4,096 ("A100 (40GB), L40"), under 160 GiB 8,192
        // ("H100, A100", "H20, H200"), else 16,384 ("B200, MI300").
        batch_tiers: &[
            BatchTier {
                below_gib: 35.0,
                max_num_seqs: 1024,
                max_batched_tokens: 2048,
            },
            BatchTier {
                below_gib: 60.0,
                max_num_seqs: 1024,
                max_batched_tokens: 4096,
            },
            BatchTier {
                below_gib: 160.0,
                max_num_seqs: 1024,
                max_batched_tokens: 8192,
            },
        ],
        a100_first_tier: false,
        step_overhead_ms: 0.8,
        version: "current",
        reserve_full_length: false,
        async_scheduling: true,
        mixed_prefill: false,
        frontend_ms: FRONTEND_MS,
        output_token_us: 0.0,
        source: "https://docs.sglang.ai/backend/server_arguments.html (mem_fraction_static, page_size 1, chunked_prefill_size by GPU memory, enable_mixed_chunk off: prefill batches run apart from decode batches; disable_overlap_schedule off: the overlap scheduler, on by default from v0.4, lmsys.org/blog/2024-12-04-sglang-v0-4 'zero-overhead batch scheduler')",
    },
    Runtime {
        id: "tensorrt-llm",
        name: "TensorRT-LLM",
        paged_kv: true,
        block_tokens: 32,
        continuous_batching: true,
        chunked_prefill: false,
        memory: MemoryPolicy::FractionOfFree(0.9),
        max_num_seqs: 2048,
        max_batched_tokens: 8192,
        batch_tiers: &[],
        a100_first_tier: false,
        step_overhead_ms: 0.5,
        version: "current",
        reserve_full_length: true,
        async_scheduling: false,
        mixed_prefill: true,
        frontend_ms: FRONTEND_MS,
        output_token_us: 0.0,
        source: "https://nvidia.github.io/TensorRT-LLM/ (kv_cache_free_gpu_mem_fraction 0.9, tokens_per_block 32, max_batch_size 2048); performance-tuning-guide/useful-runtime-flags (capacity scheduler GUARANTEED_NO_EVICT by default; chunked context off unless enable_chunked_context)",
    },
    Runtime {
        id: "nim",
        name: "NVIDIA NIM (TensorRT-LLM)",
        paged_kv: true,
        block_tokens: 32,
        continuous_batching: true,
        chunked_prefill: false,
        memory: MemoryPolicy::FractionOfFree(0.9),
        max_num_seqs: 2048,
        max_batched_tokens: 8192,
        batch_tiers: &[],
        a100_first_tier: false,
        step_overhead_ms: 0.5,
        version: "current",
        reserve_full_length: true,
        async_scheduling: false,
        mixed_prefill: true,
        frontend_ms: FRONTEND_MS,
        output_token_us: PYTHON_OUTPUT_TOKEN_US,
        source: "https://docs.nvidia.com/nim/large-language-models/ (NIM for LLMs 1.x: TensorRT-LLM engines with TensorRT-LLM's defaults, served by NIM's Python OpenAI-compatible server, whose request and response handling follows vLLM's; each streamed token is processed in that Python loop: PYTHON_OUTPUT_TOKEN_US)",
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
        batch_tiers: &[],
        a100_first_tier: false,
        step_overhead_ms: 1.5,
        version: "current",
        reserve_full_length: false,
        async_scheduling: false,
        mixed_prefill: true,
        frontend_ms: FRONTEND_MS,
        output_token_us: 0.0,
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
        batch_tiers: &[],
        a100_first_tier: false,
        step_overhead_ms: 0.8,
        version: "current",
        reserve_full_length: false,
        async_scheduling: false,
        mixed_prefill: true,
        frontend_ms: FRONTEND_MS,
        output_token_us: 0.0,
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
        batch_tiers: &[],
        a100_first_tier: false,
        step_overhead_ms: 0.3,
        version: "current",
        reserve_full_length: false,
        async_scheduling: false,
        mixed_prefill: true,
        frontend_ms: FRONTEND_MS,
        output_token_us: 0.0,
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
        batch_tiers: &[],
        a100_first_tier: false,
        step_overhead_ms: 0.5,
        version: "current",
        reserve_full_length: false,
        async_scheduling: false,
        mixed_prefill: true,
        frontend_ms: FRONTEND_MS,
        output_token_us: 0.0,
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
        batch_tiers: &[],
        a100_first_tier: false,
        step_overhead_ms: 0.5,
        version: "current",
        reserve_full_length: false,
        async_scheduling: false,
        mixed_prefill: true,
        frontend_ms: FRONTEND_MS,
        output_token_us: 0.0,
        source: "https://github.com/ml-explore/mlx-examples (mlx_lm.generate, single stream)",
    },
];

/// Older releases whose behaviour differs from the current entry: `(base id, first version
/// that behaves like the next newer entry, the entry for versions before it)`, oldest first per
/// runtime ([`runtime`] takes the first whose bound the version is below).
static OLDER: &[(&str, (u32, u32), Runtime)] = &[
    (
        "vllm",
        (0, 8),
        Runtime {
            id: "vllm@0.7",
            name: "vLLM ≤ 0.7 (V0 engine)",
            version: "0.7",
            async_scheduling: false,
            max_num_seqs: 256,
            // The token budgets stay the current entry's: V0's own default depended on the
            // model's context and on chunked prefill (`max(max_model_len, 2048)` without it),
            // which this entry does not model.
            batch_tiers: &[BatchTier {
                below_gib: 70.0,
                max_num_seqs: 256,
                max_batched_tokens: 2048,
            }],
            source: "vLLM before 0.8 ran the V0 engine by default (V1 became the default in 0.8.0, release notes 2025-03): EngineArgs max_num_seqs 256 on every GPU (vllm/engine/arg_utils.py, V0), the per-GPU 1,024-sequence default came with V1 (PRs #12369, #16158); synchronous scheduling",
            ..RUNTIMES[0]
        },
    ),
    (
        "vllm",
        (0, 14),
        Runtime {
            id: "vllm@0.13",
            name: "vLLM ≤ 0.13",
            version: "0.13",
            async_scheduling: false,
            source: "vLLM before 0.14: synchronous scheduling unless --async-scheduling (PR #19970)",
            ..RUNTIMES[0]
        },
    ),
    (
        "sglang",
        (0, 4),
        Runtime {
            id: "sglang@0.3",
            name: "SGLang ≤ 0.3",
            version: "0.3",
            async_scheduling: false,
            source: "SGLang before 0.4: the scheduler ran each batch's CPU work between GPU steps; v0.4 made the overlap scheduler the default (lmsys.org/blog/2024-12-04-sglang-v0-4)",
            ..RUNTIMES[1]
        },
    ),
];

/// Every runtime entry a user can choose: the current releases ([`RUNTIMES`]), then the older
/// releases whose behaviour differs (`vllm@0.13`, `sglang@0.3`), each with its own id.
pub fn runtime_choices() -> impl Iterator<Item = &'static Runtime> {
    RUNTIMES.iter().chain(OLDER.iter().map(|(_, _, r)| r))
}

/// Parses `major.minor` from the start of a version ("0.15", "v0.9.2", "0.10.1rc1").
fn major_minor(v: &str) -> Option<(u32, u32)> {
    let v = v.trim().trim_start_matches(['v', 'V']);
    let mut parts = v.split(|c: char| !c.is_ascii_digit());
    let major = parts.next()?.parse().ok()?;
    let minor = parts.next().and_then(|m| m.parse().ok()).unwrap_or(0);
    Some((major, minor))
}

/// Looks a runtime up by id (case-insensitive). `runtime@version` (e.g. `vllm@0.13`,
/// `vllm@0.15`) picks the behaviour of that release: the current entry from the version where
/// behaviour last changed on, an older entry before it. A bare id means the current release.
/// An unparseable version returns None.
pub fn runtime(id: &str) -> Option<&'static Runtime> {
    let (base, version) = match id.split_once('@') {
        Some((b, v)) => (b.trim(), Some(v)),
        None => (id.trim(), None),
    };
    let current = RUNTIMES.iter().find(|r| r.id.eq_ignore_ascii_case(base))?;
    let Some(v) = version else {
        return Some(current);
    };
    let v = major_minor(v)?;
    Some(
        OLDER
            .iter()
            .find(|(b, since, _)| b.eq_ignore_ascii_case(base) && v < *since)
            .map(|(_, _, r)| r)
            .unwrap_or(current),
    )
}

/// The runtime `id` at a stated `version`: the release's behaviour ([`runtime`] with
/// `id@version`) where the version names one, else the current entry. The version may be free
/// text (a claim's `vLLM 0.9.2`, a table cell `vllm/vllm-openai:v0.9.2`, `Dec 2024, ~0.4.0`):
/// its first `major.minor` (optionally after a `v`) is used; text without one (`not pinned`, a
/// commit hash) means the current release, as a bare id does. None when `id` is unknown.
pub fn runtime_at(id: &str, version: Option<&str>) -> Option<&'static Runtime> {
    let current = runtime(id)?;
    if id.contains('@') {
        return Some(current);
    }
    let found = version.and_then(first_version);
    Some(
        found
            .and_then(|(major, minor)| runtime(&format!("{id}@{major}.{minor}")))
            .unwrap_or(current),
    )
}

/// The first `major.minor` in free text: digits, a dot and digits, not inside a longer word
/// or number (`v0.9.2` → (0, 9); `2024-12` has none; `sha-11d7af7` has none).
fn first_version(text: &str) -> Option<(u32, u32)> {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let free = |at: usize| at == 0 || !(b[at - 1].is_ascii_alphanumeric() || b[at - 1] == b'.');
        let after_v = i > 0 && matches!(b[i - 1], b'v' | b'V') && free(i - 1);
        let starts = b[i].is_ascii_digit() && (free(i) || after_v);
        if starts {
            let mut j = i;
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            if j + 1 < b.len() && b[j] == b'.' && b[j + 1].is_ascii_digit() {
                let mut k = j + 1;
                while k < b.len() && b[k].is_ascii_digit() {
                    k += 1;
                }
                let followed_by_word = k < b.len() && b[k].is_ascii_alphabetic();
                if !followed_by_word {
                    let major = text[i..j].parse().ok()?;
                    let minor = text[j + 1..k].parse().ok()?;
                    return Some((major, minor));
                }
            }
            i = j.max(i + 1);
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'.') {
                i += 1;
            }
        } else {
            i += 1;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batch_defaults_follow_the_gpu() {
        let at = |rt: &str, g: &str| {
            runtime(rt)
                .unwrap()
                .batch_defaults(crate::catalog::gpu(g).unwrap())
        };
        // vLLM V1's OpenAI server (arg_utils.py get_batch_defaults): 1,024 sequences and 8,192
        // tokens a step on GPUs of at least 70 GiB that are not A100s; 256 and 2,048 elsewhere.
        // H100 80 GB, H200 141 GB, MI300X 192 GB; A100 80 GB (an A100), L40S 48 GB, RTX 4090 24 GB.
        for g in ["h100-sxm", "h200", "mi300x"] {
            assert_eq!(at("vllm", g), (1024, 8192), "{g}");
        }
        for g in ["a100-80gb", "l40s", "rtx-4090"] {
            assert_eq!(at("vllm", g), (256, 2048), "{g}");
        }
        // SGLang's chunked prefill size follows the GPU's memory (server_args.py): 2,048 under
        // 35 GiB, 4,096 under 60, 8,192 under 160, 16,384 above.
        let sglang = [
            ("rtx-4090", 2048),
            ("l40s", 4096),
            ("a100-80gb", 8192),
            ("h200", 8192),
            ("mi300x", 16384),
        ];
        for (g, budget) in sglang {
            assert_eq!(at("sglang", g).1, budget, "{g}");
        }
        // Others' defaults do not depend on the GPU.
        assert_eq!(at("tensorrt-llm", "l40s"), at("tensorrt-llm", "h100-sxm"));
    }

    #[test]
    fn versions_pick_the_behaviour_of_their_release() {
        // vLLM made asynchronous scheduling the default in 0.14.
        assert!(runtime("vllm").unwrap().async_scheduling);
        assert!(runtime("vllm@0.15").unwrap().async_scheduling);
        assert!(runtime("vLLM@v0.14.1").unwrap().async_scheduling);
        assert!(!runtime("vllm@0.13").unwrap().async_scheduling);
        assert!(!runtime("vllm@0.9.2").unwrap().async_scheduling);
        // Everything else about 0.8–0.13 is the current entry's.
        assert_eq!(runtime("vllm@0.10").unwrap().id, "vllm@0.13");
        assert_eq!(
            runtime("vllm@0.10").unwrap().batch_tiers,
            runtime("vllm").unwrap().batch_tiers
        );
        // Before 0.8 the V0 engine capped a step at 256 sequences on every GPU (V1 brought the
        // 1,024-sequence default for large GPUs).
        let h100 = crate::catalog::gpu("h100-sxm").unwrap();
        assert_eq!(runtime("vllm@0.6.3").unwrap().id, "vllm@0.7");
        assert_eq!(runtime("vllm@0.6.3").unwrap().batch_defaults(h100).0, 256);
        assert_eq!(runtime("vllm@0.8").unwrap().batch_defaults(h100).0, 1024);
        assert!(!runtime("vllm@0.7.3").unwrap().async_scheduling);
        // A runtime without older entries ignores the version; nonsense is refused.
        assert_eq!(runtime("sglang@0.4.9").unwrap().id, "sglang");
        // SGLang made its overlap scheduler the default in 0.4.
        assert!(runtime("sglang").unwrap().async_scheduling);
        assert!(runtime("sglang@0.4.1").unwrap().async_scheduling);
        assert!(!runtime("sglang@0.3.6").unwrap().async_scheduling);
        assert_eq!(runtime("sglang@0.3.6").unwrap().id, "sglang@0.3");
        assert!(!runtime("sglang@0.3.6").unwrap().mixed_prefill);
        assert!(runtime("vllm@latest").is_none());
        // A stated version in free text picks its release; text without one is the current.
        let at = |v: &str| runtime_at("vllm", Some(v)).unwrap().id;
        assert_eq!(
            at("0.9.0.2.dev108+g71faa1880.d20250730.rocm641"),
            "vllm@0.13"
        );
        assert_eq!(at("vllm/vllm-openai:v0.9.2"), "vllm@0.13");
        assert_eq!(at("v0.15.1"), "vllm");
        assert_eq!(at("not pinned ('pip install vllm', c. 2024)"), "vllm");
        assert_eq!(at("a049864"), "vllm");
        assert_eq!(runtime_at("vllm", None).unwrap().id, "vllm");
        assert_eq!(
            runtime_at("sglang", Some("lmsysorg/sglang:latest (Dec 2024, ~0.3.6)"))
                .unwrap()
                .id,
            "sglang@0.3"
        );
        assert_eq!(
            runtime_at("sglang", Some("sha-11d7af7")).unwrap().id,
            "sglang"
        );
        assert!(runtime_at("nope", Some("1.0")).is_none());
        assert!(runtime("nope@1.0").is_none());
        // TensorRT-LLM reserves whole lengths (GUARANTEED_NO_EVICT) and does not chunk context.
        let t = runtime("tensorrt-llm").unwrap();
        assert!(t.reserve_full_length && !t.chunked_prefill);
    }
}
