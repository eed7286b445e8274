//! Model architectures, from each model's `config.json`.

use super::dtype::Dtype;
use crate::units::Bytes;
use serde::Serialize;

/// One model architecture. Shapes are read from the model's `config.json` (never derived).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct Model {
    /// Id as in DESIGN §5.2 (`llama-3-70b`).
    pub id: &'static str,
    /// Display name.
    pub name: &'static str,
    /// Transformer layers (`num_hidden_layers`).
    pub layers: u32,
    /// Hidden size (`hidden_size`).
    pub hidden: u32,
    /// Query heads (`num_attention_heads`).
    pub heads: u32,
    /// Key/value heads (`num_key_value_heads`).
    pub kv_heads: u32,
    /// Head dimension (`head_dim`, or hidden/heads where the config says so implicitly).
    pub head_dim: u32,
    /// MLP intermediate size (`intermediate_size`).
    pub intermediate: u32,
    /// Vocabulary (`vocab_size`).
    pub vocab: u32,
    /// Total parameters, billions (all experts for MoE), from the model card.
    pub params_total_b: f64,
    /// Parameters active per token, billions (equal to total for dense models).
    pub params_active_b: f64,
    /// Routed experts per MoE layer (0 for dense).
    pub experts: u32,
    /// Experts each token is routed to.
    pub experts_active: u32,
    /// Maximum context (`max_position_embeddings`).
    pub context: u32,
    /// Sliding-window attention span in tokens, if any (`sliding_window`).
    pub sliding_window: Option<u32>,
    /// Layers that use the sliding window (the others attend to the whole context): all of
    /// Mistral 7B's, every other layer of Gemma 2 and gpt-oss.
    pub sliding_layers: u32,
    /// Multi-head latent attention (DeepSeek-V2/V3): (`kv_lora_rank`, `qk_rope_head_dim`); the
    /// KV cache holds one compressed vector of their sum per layer and token.
    pub mla: Option<(u32, u32)>,
    /// Input embedding and `lm_head` share weights (`tie_word_embeddings`).
    pub tied_embeddings: bool,
    /// Where the numbers come from.
    pub source: &'static str,
}

impl Model {
    /// Embedding + `lm_head` parameters (`vocab × hidden`, twice unless tied).
    pub fn embedding_params(&self) -> f64 {
        let one = self.vocab as f64 * self.hidden as f64;
        if self.tied_embeddings {
            one
        } else {
            2.0 * one
        }
    }

    /// Resident weight bytes at a weight format (DESIGN §4.1): all experts are resident; quantised
    /// checkpoints that keep embeddings and `lm_head` at 16 bit count them at 2 bytes.
    ///
    /// Llama 3 70B at FP8: (70.554e9 − 2.101e9) × 1 + 2.101e9 × 2 = 72.66 GB.
    pub fn weight_bytes(&self, w: &Dtype) -> Bytes {
        let total = self.params_total_b * 1e9;
        let emb = self.embedding_params();
        if w.embeddings_at_16_bit {
            Bytes::new((total - emb) * w.bytes_per_element + emb * 2.0)
        } else {
            Bytes::new(total * w.bytes_per_element)
        }
    }

    /// Weight bytes one decode step reads with `batch` sequences: dense models read everything;
    /// MoE models read the shared part plus the experts the batch touches, each expert touched
    /// with probability `1 − (1 − k/E)^batch` (uniform routing).
    pub fn weight_bytes_read(&self, w: &Dtype, batch: f64) -> Bytes {
        let all = self.weight_bytes(w);
        if self.experts == 0 || self.experts_active >= self.experts {
            return all;
        }
        let e = self.experts as f64;
        let k = self.experts_active as f64;
        // P_total = shared + E·x, P_active = shared + k·x.
        let per_expert = (self.params_total_b - self.params_active_b) * 1e9 / (e - k);
        let experts_bytes = per_expert * e * w.bytes_per_element;
        let touched = 1.0 - (1.0 - k / e).powf(batch.max(1.0));
        Bytes::new(all.value() - experts_bytes * (1.0 - touched))
    }

    /// KV-cache bytes per token: `2 × L × h_kv × d_h × b_kv` (DESIGN §4.1).
    ///
    /// Llama 3 70B at 2 bytes: 2 × 80 × 8 × 128 × 2 = 327,680 B.
    pub fn kv_bytes_per_token(&self, kv: &Dtype) -> Bytes {
        if let Some((rank, rope)) = self.mla {
            // DESIGN §4.1: MLA caches L × (kv_lora_rank + rope_dim) elements per token.
            return Bytes::new(self.layers as f64 * (rank + rope) as f64 * kv.bytes_per_element);
        }
        Bytes::new(
            2.0 * self.layers as f64
                * self.kv_heads as f64
                * self.head_dim as f64
                * kv.bytes_per_element,
        )
    }

    /// Tokens of KV a sequence of `tokens` keeps, averaged over layers: sliding-window layers cap
    /// their context at the window, the others keep everything.
    pub fn kv_tokens(&self, tokens: f64) -> f64 {
        match self.sliding_window {
            Some(w) => {
                let l = self.layers.max(1) as f64;
                let s = self.sliding_layers.min(self.layers) as f64;
                ((l - s) * tokens + s * tokens.min(w as f64)) / l
            }
            None => tokens,
        }
    }

    /// Dense FLOPs per token of the matmuls: `2 × P_active` (embedding lookup excluded).
    pub fn matmul_flops_per_token(&self) -> f64 {
        let emb_in = if self.tied_embeddings {
            0.0
        } else {
            self.vocab as f64 * self.hidden as f64
        };
        2.0 * (self.params_active_b * 1e9 - emb_in)
    }

    /// Attention FLOPs per (query, key) pair: `4 × L × h × d_h` (QKᵀ and PV).
    pub fn attention_flops_per_pair(&self) -> f64 {
        4.0 * self.layers as f64 * self.heads as f64 * self.head_dim as f64
    }
}

impl Model {
    const fn with_head_dim(self, head_dim: u32) -> Model {
        Model { head_dim, ..self }
    }
    const fn tied(self) -> Model {
        Model {
            tied_embeddings: true,
            ..self
        }
    }
    const fn window(self, sliding_window: u32, sliding_layers: u32) -> Model {
        Model {
            sliding_window: Some(sliding_window),
            sliding_layers,
            ..self
        }
    }
    const fn moe(self, params_active_b: f64, experts: u32, experts_active: u32) -> Model {
        Model {
            params_active_b,
            experts,
            experts_active,
            ..self
        }
    }
}

const fn llama(
    id: &'static str,
    name: &'static str,
    shape: (u32, u32, u32, u32, u32, u32),
    params_b: f64,
    context: u32,
    source: &'static str,
) -> Model {
    let (layers, hidden, heads, kv_heads, intermediate, vocab) = shape;
    Model {
        id,
        name,
        layers,
        hidden,
        heads,
        kv_heads,
        head_dim: 128,
        intermediate,
        vocab,
        params_total_b: params_b,
        params_active_b: params_b,
        experts: 0,
        experts_active: 0,
        context,
        sliding_window: None,
        sliding_layers: 0,
        mla: None,
        tied_embeddings: false,
        source,
    }
}

/// DeepSeek-V3 (and R1, the same architecture).
const DEEPSEEK_V3: Model = Model {
        mla: Some((512, 64)),
        ..llama("deepseek-v3", "DeepSeek-V3", (61, 7168, 128, 128, 18432, 129280), 671.0, 163840,
            "https://huggingface.co/deepseek-ai/DeepSeek-V3/blob/main/config.json (MLA kv_lora_rank 512, qk_rope_head_dim 64; 256 routed experts top-8 + 1 shared; 671B total, 37B active)")
            .moe(37.0, 256, 8)
    };

/// Models benchfit knows. Shapes from each `config.json` on the Hugging Face hub (URL given),
/// parameter counts from the model cards / safetensors index totals.
pub static MODELS: &[Model] = &[
    llama("llama-2-7b", "Llama 2 7B", (32, 4096, 32, 32, 11008, 32000), 6.738, 4096,
        "https://huggingface.co/meta-llama/Llama-2-7b-hf/blob/main/config.json"),
    llama("llama-2-13b", "Llama 2 13B", (40, 5120, 40, 40, 13824, 32000), 13.016, 4096,
        "https://huggingface.co/meta-llama/Llama-2-13b-hf/blob/main/config.json"),
    llama("llama-2-70b", "Llama 2 70B", (80, 8192, 64, 8, 28672, 32000), 68.977, 4096,
        "https://huggingface.co/meta-llama/Llama-2-70b-hf/blob/main/config.json"),
    llama("llama-3-8b", "Llama 3 8B", (32, 4096, 32, 8, 14336, 128256), 8.030, 8192,
        "https://huggingface.co/meta-llama/Meta-Llama-3-8B/blob/main/config.json"),
    llama("llama-3-70b", "Llama 3 70B", (80, 8192, 64, 8, 28672, 128256), 70.554, 8192,
        "https://huggingface.co/meta-llama/Meta-Llama-3-70B/blob/main/config.json"),
    llama("llama-3.1-8b", "Llama 3.1 8B", (32, 4096, 32, 8, 14336, 128256), 8.030, 131072,
        "https://huggingface.co/meta-llama/Llama-3.1-8B/blob/main/config.json"),
    llama("llama-3.1-70b", "Llama 3.1 70B", (80, 8192, 64, 8, 28672, 128256), 70.554, 131072,
        "https://huggingface.co/meta-llama/Llama-3.1-70B/blob/main/config.json"),
    llama("llama-3.1-405b", "Llama 3.1 405B", (126, 16384, 128, 8, 53248, 128256), 405.853, 131072,
        "https://huggingface.co/meta-llama/Llama-3.1-405B/blob/main/config.json"),
    llama("llama-3.3-70b", "Llama 3.3 70B", (80, 8192, 64, 8, 28672, 128256), 70.554, 131072,
        "https://huggingface.co/meta-llama/Llama-3.3-70B-Instruct/blob/main/config.json"),
    llama("mistral-7b", "Mistral 7B (v0.1)", (32, 4096, 32, 8, 14336, 32000), 7.242, 32768,
            "https://huggingface.co/mistralai/Mistral-7B-v0.1/blob/main/config.json")
        .window(4096, 32),
    Model {
        params_active_b: 12.879,
        experts: 8,
        experts_active: 2,
        ..llama("mixtral-8x7b", "Mixtral 8x7B", (32, 4096, 32, 8, 14336, 32000), 46.703, 32768,
            "https://huggingface.co/mistralai/Mixtral-8x7B-v0.1/blob/main/config.json (46.7B total, 12.9B active per the model card)")
    },
    llama("llama-3.2-1b", "Llama 3.2 1B", (16, 2048, 32, 8, 8192, 128256), 1.236, 131072,
        "https://huggingface.co/meta-llama/Llama-3.2-1B/blob/main/config.json (head_dim 64, tied embeddings)")
        .with_head_dim(64).tied(),
    llama("llama-3.2-3b", "Llama 3.2 3B", (28, 3072, 24, 8, 8192, 128256), 3.213, 131072,
        "https://huggingface.co/meta-llama/Llama-3.2-3B/blob/main/config.json (tied embeddings)").tied(),
    llama("codellama-34b", "CodeLlama 34B", (48, 8192, 64, 8, 22016, 32000), 33.744, 16384,
        "https://huggingface.co/codellama/CodeLlama-34b-hf/blob/main/config.json"),
    llama("llama-4-scout", "Llama 4 Scout 17B-16E", (48, 5120, 40, 8, 8192, 202048), 108.6, 10_485_760,
        "https://huggingface.co/meta-llama/Llama-4-Scout-17B-16E/blob/main/config.json (16 routed experts + 1 shared, top-1; 109B total, 17B active per the model card)")
        .moe(17.2, 16, 1),
    llama("mixtral-8x22b", "Mixtral 8x22B", (56, 6144, 48, 8, 16384, 32768), 140.6, 65536,
        "https://huggingface.co/mistralai/Mixtral-8x22B-v0.1/blob/main/config.json (141B total, 39B active per the model card)")
        .moe(39.1, 8, 2),
    llama("qwen2-7b", "Qwen2 7B", (28, 3584, 28, 4, 18944, 152064), 7.616, 32768,
        "https://huggingface.co/Qwen/Qwen2-7B-Instruct/blob/main/config.json (the architecture Qwen2.5 7B kept)"),
    llama("qwen2.5-7b", "Qwen2.5 7B", (28, 3584, 28, 4, 18944, 152064), 7.616, 32768,
        "https://huggingface.co/Qwen/Qwen2.5-7B-Instruct/blob/main/config.json"),
    llama("qwen2.5-14b", "Qwen2.5 14B", (48, 5120, 40, 8, 13824, 152064), 14.77, 32768,
        "https://huggingface.co/Qwen/Qwen2.5-14B-Instruct/blob/main/config.json"),
    llama("qwen2.5-32b", "Qwen2.5 32B", (64, 5120, 40, 8, 27648, 152064), 32.76, 32768,
        "https://huggingface.co/Qwen/Qwen2.5-32B-Instruct/blob/main/config.json"),
    llama("qwen2.5-72b", "Qwen2.5 72B", (80, 8192, 64, 8, 29568, 152064), 72.71, 32768,
        "https://huggingface.co/Qwen/Qwen2.5-72B-Instruct/blob/main/config.json"),
    llama("qwen3-8b", "Qwen3 8B", (36, 4096, 32, 8, 12288, 151936), 8.19, 40960,
        "https://huggingface.co/Qwen/Qwen3-8B/blob/main/config.json"),
    llama("qwen3-14b", "Qwen3 14B", (40, 5120, 40, 8, 17408, 151936), 14.8, 40960,
        "https://huggingface.co/Qwen/Qwen3-14B/blob/main/config.json"),
    llama("qwen3-32b", "Qwen3 32B", (64, 5120, 64, 8, 25600, 151936), 32.8, 40960,
        "https://huggingface.co/Qwen/Qwen3-32B/blob/main/config.json (head_dim 128)"),
    llama("qwen3-30b-a3b", "Qwen3 30B-A3B", (48, 2048, 32, 4, 768, 151936), 30.5, 40960,
        "https://huggingface.co/Qwen/Qwen3-30B-A3B/blob/main/config.json (128 experts, top-8; 30.5B total, 3.3B active)")
        .moe(3.3, 128, 8),
    llama("qwen3-235b-a22b", "Qwen3 235B-A22B", (94, 4096, 64, 4, 1536, 151936), 235.1, 40960,
        "https://huggingface.co/Qwen/Qwen3-235B-A22B/blob/main/config.json (head_dim 128, moe_intermediate_size 1536, 128 experts top-8; 235B total, 22B active per the model card)")
        .moe(22.2, 128, 8),
    llama("llama-4-maverick", "Llama 4 Maverick 17B-128E", (48, 5120, 40, 8, 8192, 202048), 400.7, 1_048_576,
        "https://huggingface.co/meta-llama/Llama-4-Maverick-17B-128E/blob/main/config.json (128 routed experts + 1 shared, top-1, MoE on alternate layers; 400B total, 17B active per the model card)")
        .moe(17.2, 128, 1),
    llama("glm-4.5", "GLM-4.5", (92, 5120, 96, 8, 1536, 151552), 355.0, 131072,
        "https://huggingface.co/zai-org/GLM-4.5/blob/main/config.json (head_dim 128, moe_intermediate_size 1536, 160 routed experts top-8 + 1 shared; 355B total, 32B active per the model card)")
        .moe(32.0, 160, 8),
    llama("glm-4.5-air", "GLM-4.5-Air", (46, 4096, 96, 8, 1408, 151552), 106.0, 131072,
        "https://huggingface.co/zai-org/GLM-4.5-Air/blob/main/config.json (head_dim 128, moe_intermediate_size 1408, 128 routed experts top-8 + 1 shared; 106B total, 12B active per the model card)")
        .moe(12.0, 128, 8),
    // DeepSeek-R1's distills are their base models' shapes fine-tuned on R1's outputs (the R1
    // model card's distill table names each base).
    llama("deepseek-r1-distill-qwen-1.5b", "DeepSeek-R1-Distill-Qwen-1.5B", (28, 1536, 12, 2, 8960, 151936), 1.777, 131072,
        "https://huggingface.co/deepseek-ai/DeepSeek-R1-Distill-Qwen-1.5B/blob/main/config.json (Qwen2.5-Math-1.5B shape, tied embeddings)").tied(),
    llama("deepseek-r1-distill-qwen-7b", "DeepSeek-R1-Distill-Qwen-7B", (28, 3584, 28, 4, 18944, 152064), 7.616, 131072,
        "https://huggingface.co/deepseek-ai/DeepSeek-R1-Distill-Qwen-7B/blob/main/config.json (Qwen2.5-Math-7B shape)"),
    llama("deepseek-r1-distill-qwen-14b", "DeepSeek-R1-Distill-Qwen-14B", (48, 5120, 40, 8, 13824, 152064), 14.77, 131072,
        "https://huggingface.co/deepseek-ai/DeepSeek-R1-Distill-Qwen-14B/blob/main/config.json (Qwen2.5-14B shape)"),
    llama("deepseek-r1-distill-qwen-32b", "DeepSeek-R1-Distill-Qwen-32B", (64, 5120, 40, 8, 27648, 152064), 32.76, 131072,
        "https://huggingface.co/deepseek-ai/DeepSeek-R1-Distill-Qwen-32B/blob/main/config.json (Qwen2.5-32B shape)"),
    llama("deepseek-r1-distill-llama-8b", "DeepSeek-R1-Distill-Llama-8B", (32, 4096, 32, 8, 14336, 128256), 8.030, 131072,
        "https://huggingface.co/deepseek-ai/DeepSeek-R1-Distill-Llama-8B/blob/main/config.json (Llama 3.1 8B shape)"),
    llama("deepseek-r1-distill-llama-70b", "DeepSeek-R1-Distill-Llama-70B", (80, 8192, 64, 8, 28672, 128256), 70.554, 131072,
        "https://huggingface.co/deepseek-ai/DeepSeek-R1-Distill-Llama-70B/blob/main/config.json (Llama 3.3 70B shape)"),
    llama("deepseek-r1-0528-qwen3-8b", "DeepSeek-R1-0528-Qwen3-8B", (36, 4096, 32, 8, 12288, 151936), 8.19, 131072,
        "https://huggingface.co/deepseek-ai/DeepSeek-R1-0528-Qwen3-8B/blob/main/config.json (Qwen3 8B shape)"),
    Model {
        id: "kimi-k2",
        name: "Kimi K2",
        heads: 64,
        kv_heads: 64,
        vocab: 163840,
        params_total_b: 1026.0,
        params_active_b: 32.6,
        experts: 384,
        context: 131072,
        source: "https://huggingface.co/moonshotai/Kimi-K2-Instruct/blob/main/config.json (DeepSeek-V3 architecture: 61 layers, hidden 7168, MLA; 64 heads, 384 routed experts top-8 + 1 shared, vocab 163,840; 1.04T total, 32B active per the model card)",
        ..DEEPSEEK_V3
    },
    DEEPSEEK_V3,
    Model {
        id: "deepseek-r1",
        name: "DeepSeek-R1",
        source: "https://huggingface.co/deepseek-ai/DeepSeek-R1/blob/main/config.json (DeepSeek-V3 architecture)",
        ..DEEPSEEK_V3
    },
    llama("gpt-oss-120b", "gpt-oss 120B", (36, 2880, 64, 8, 2880, 201088), 116.8, 131072,
            "https://huggingface.co/openai/gpt-oss-120b/blob/main/config.json (head_dim 64, 128 experts top-4, sliding window 128 on alternate layers; 116.8B total, 5.1B active per the model card)")
            .with_head_dim(64).moe(5.1, 128, 4)
        .window(128, 18),
    llama("gpt-oss-20b", "gpt-oss 20B", (24, 2880, 64, 8, 2880, 201088), 20.9, 131072,
            "https://huggingface.co/openai/gpt-oss-20b/blob/main/config.json (head_dim 64, 32 experts top-4, sliding window 128 on alternate layers; 20.9B total, 3.6B active per the model card)")
            .with_head_dim(64).moe(3.6, 32, 4)
        .window(128, 12),
    llama("gemma-2-9b", "Gemma 2 9B", (42, 3584, 16, 8, 14336, 256000), 9.242, 8192,
            "https://huggingface.co/google/gemma-2-9b/blob/main/config.json (head_dim 256, tied embeddings, sliding window 4096 on alternate layers)")
            .with_head_dim(256).tied()
        .window(4096, 21),
    llama("gemma-2-27b", "Gemma 2 27B", (46, 4608, 32, 16, 36864, 256000), 27.227, 8192,
            "https://huggingface.co/google/gemma-2-27b/blob/main/config.json (head_dim 128, tied embeddings, sliding window 4096 on alternate layers)")
            .tied()
        .window(4096, 23),
];

/// Looks a model up by id (case-insensitive).
pub fn model(id: &str) -> Option<&'static Model> {
    MODELS.iter().find(|m| m.id.eq_ignore_ascii_case(id))
}

/// The catalog model a checkpoint is named after (`deepseek-r1-0528` → `deepseek-r1`,
/// `qwen3-30b-a3b-instruct-2507` → `qwen3-30b-a3b`): the id with its trailing checkpoint
/// parts stripped one by one (a four-digit date, `instruct`, `thinking`, `chat`, `it`) until
/// the catalog holds it. A dated or tuned checkpoint keeps its base's `config.json` (layers,
/// heads, experts), so its physics are the base's; its weights differ, so the claim reader
/// keeps the full name (CLAIMS.md §3 Model) and the caller says which base it used. None when
/// no stripped form is in the catalog. A fine-tune named before its base
/// (`hermes-3-llama-3.1-8b`) is its base too: a tail of the id after a hyphen, starting with a
/// letter, that the catalog holds (or holds once its checkpoint parts are stripped).
pub fn checkpoint_base(id: &str) -> Option<&'static Model> {
    stripped_base(id).or_else(|| {
        id.match_indices('-')
            .map(|(i, _)| &id[i + 1..])
            .filter(|t| t.starts_with(|c: char| c.is_ascii_alphabetic()))
            .find_map(|t| model(t).or_else(|| stripped_base(t)))
    })
}

/// [`checkpoint_base`]'s trailing parts: a date, `instruct`, `thinking`, `reasoning`, `chat`,
/// `it`, `hf`, or a quantisation tag of a re-published checkpoint (`fp8`, `fp8-dynamic`, `awq`,
/// `gptq`, `int4`, `w8a8`, `nvfp4`, …: the same architecture at another precision), stripped
/// one by one until the catalog holds the rest.
fn stripped_base(id: &str) -> Option<&'static Model> {
    let mut rest = id;
    while let Some((head, tail)) = rest.rsplit_once('-') {
        let date = tail.len() == 4 && tail.bytes().all(|b| b.is_ascii_digit());
        let tag = [
            "instruct",
            "thinking",
            "reasoning",
            "chat",
            "it",
            "hf",
            "fp8",
            "fp16",
            "bf16",
            "awq",
            "gptq",
            "int4",
            "int8",
            "w8a8",
            "w4a16",
            "nvfp4",
            "mxfp4",
            "dynamic",
        ]
        .iter()
        .any(|t| tail.eq_ignore_ascii_case(t));
        if !(date || tag) {
            return None;
        }
        if let Some(m) = model(head) {
            return Some(m);
        }
        rest = head;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::dtype::dtype;

    #[test]
    fn checkpoints_resolve_to_their_base() {
        assert_eq!(
            checkpoint_base("deepseek-r1-0528").map(|m| m.id),
            Some("deepseek-r1")
        );
        assert_eq!(
            checkpoint_base("qwen3-30b-a3b-instruct-2507").map(|m| m.id),
            Some("qwen3-30b-a3b")
        );
        // A size is no checkpoint part: a 13B is not its 1B sibling, nor a 70B a 7B.
        assert_eq!(checkpoint_base("llama-3.2-1b-13b").map(|m| m.id), None);
        assert_eq!(checkpoint_base("nonexistent-0528").map(|m| m.id), None);
        // A fine-tune named before its base has the base's architecture.
        assert_eq!(
            checkpoint_base("hermes-3-llama-3.1-8b").map(|m| m.id),
            Some("llama-3.1-8b")
        );
        assert_eq!(checkpoint_base("hermes-3-unknown-8b").map(|m| m.id), None);
        // A re-published quantised checkpoint keeps its base's architecture.
        assert_eq!(
            checkpoint_base("llama-3.1-405b-fp8").map(|m| m.id),
            Some("llama-3.1-405b")
        );
        assert_eq!(
            checkpoint_base("llama-3.1-70b-instruct-fp8-dynamic").map(|m| m.id),
            Some("llama-3.1-70b")
        );
    }

    #[test]
    fn llama3_70b_kv_bytes_per_token() {
        let m = model("llama-3-70b").unwrap();
        // 2 × 80 layers × 8 KV heads × 128 dims × 2 bytes.
        assert_eq!(
            m.kv_bytes_per_token(dtype("bf16").unwrap()).value(),
            327_680.0
        );
        assert_eq!(
            m.kv_bytes_per_token(dtype("fp8").unwrap()).value(),
            163_840.0
        );
    }

    #[test]
    fn llama3_70b_fp8_weights_keep_embeddings_at_bf16() {
        let m = model("llama-3-70b").unwrap();
        // Embeddings: 2 × 128,256 × 8,192 = 2.1013e9 params.
        // (70.554e9 − 2.1013e9) × 1 B + 2.1013e9 × 2 B = 72.655 GB ("about 72.7 GB").
        let gb = m.weight_bytes(dtype("fp8").unwrap()).gb();
        assert!((gb - 72.655).abs() < 0.01, "{gb}");
        // BF16: 141.1 GB.
        let gb16 = m.weight_bytes(dtype("bf16").unwrap()).gb();
        assert!((gb16 - 141.108).abs() < 0.01, "{gb16}");
    }

    #[test]
    fn mla_and_sliding_window_kv() {
        let bf16 = dtype("bf16").unwrap();
        // DeepSeek-V3: 61 layers × (512 + 64) × 2 bytes = 70,272 B per token.
        assert_eq!(
            model("deepseek-v3")
                .unwrap()
                .kv_bytes_per_token(bf16)
                .value(),
            70_272.0
        );
        // Gemma 2 9B: 2 × 42 × 8 × 256 × 2 = 344,064 B per token of full attention; at 8,192
        // tokens half its layers keep only 4,096: (21 × 8,192 + 21 × 4,096) / 42 = 6,144.
        let g = model("gemma-2-9b").unwrap();
        assert_eq!(g.kv_bytes_per_token(bf16).value(), 344_064.0);
        assert_eq!(g.kv_tokens(8192.0), 6144.0);
        assert_eq!(g.kv_tokens(1000.0), 1000.0);
        // Llama 3.2 1B ties its embeddings: one 128,256 × 2,048 matrix.
        assert_eq!(
            model("llama-3.2-1b").unwrap().embedding_params(),
            128_256.0 * 2048.0
        );
    }

    #[test]
    fn mixtral_batch_one_reads_two_of_eight_experts() {
        let m = model("mixtral-8x7b").unwrap();
        let bf16 = dtype("bf16").unwrap();
        // At batch 1 a token touches 2 of 8 experts per layer: bytes read = active params × 2 B.
        let read = m.weight_bytes_read(bf16, 1.0).gb();
        assert!((read - 12.879 * 2.0).abs() < 0.01, "{read}");
        // A large batch touches every expert.
        let all = m.weight_bytes_read(bf16, 512.0).gb();
        assert!((all - 46.703 * 2.0).abs() < 0.01, "{all}");
    }
}
