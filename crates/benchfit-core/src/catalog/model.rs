//! Model architectures, from each model's `config.json`.

use super::dtype::Dtype;
use crate::units::Bytes;
use serde::Serialize;

/// One model architecture. Shapes are read from the model's `config.json` (never derived).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
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
    /// Sliding-window attention span in tokens on every layer, if any (`sliding_window`).
    pub sliding_window: Option<u32>,
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
            Bytes((total - emb) * w.bytes_per_element + emb * 2.0)
        } else {
            Bytes(total * w.bytes_per_element)
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
        Bytes(all.0 - experts_bytes * (1.0 - touched))
    }

    /// KV-cache bytes per token: `2 × L × h_kv × d_h × b_kv` (DESIGN §4.1).
    ///
    /// Llama 3 70B at 2 bytes: 2 × 80 × 8 × 128 × 2 = 327,680 B.
    pub fn kv_bytes_per_token(&self, kv: &Dtype) -> Bytes {
        Bytes(
            2.0 * self.layers as f64
                * self.kv_heads as f64
                * self.head_dim as f64
                * kv.bytes_per_element,
        )
    }

    /// Tokens of context a sequence of `tokens` keeps in its KV cache (sliding window caps it).
    pub fn kv_tokens(&self, tokens: f64) -> f64 {
        match self.sliding_window {
            Some(w) => tokens.min(w as f64),
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
        tied_embeddings: false,
        source,
    }
}

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
    Model {
        sliding_window: Some(4096),
        ..llama("mistral-7b", "Mistral 7B (v0.1)", (32, 4096, 32, 8, 14336, 32000), 7.242, 32768,
            "https://huggingface.co/mistralai/Mistral-7B-v0.1/blob/main/config.json")
    },
    Model {
        params_active_b: 12.879,
        experts: 8,
        experts_active: 2,
        ..llama("mixtral-8x7b", "Mixtral 8x7B", (32, 4096, 32, 8, 14336, 32000), 46.703, 32768,
            "https://huggingface.co/mistralai/Mixtral-8x7B-v0.1/blob/main/config.json (46.7B total, 12.9B active per the model card)")
    },
];

/// Looks a model up by id (case-insensitive).
pub fn model(id: &str) -> Option<&'static Model> {
    MODELS.iter().find(|m| m.id.eq_ignore_ascii_case(id))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::dtype::dtype;

    #[test]
    fn llama3_70b_kv_bytes_per_token() {
        let m = model("llama-3-70b").unwrap();
        // 2 × 80 layers × 8 KV heads × 128 dims × 2 bytes.
        assert_eq!(m.kv_bytes_per_token(dtype("bf16").unwrap()).0, 327_680.0);
        assert_eq!(m.kv_bytes_per_token(dtype("fp8").unwrap()).0, 163_840.0);
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
