//! Numeric formats of weights and KV cache.

use serde::{Deserialize, Serialize};

/// What tensor-core rate a format computes at (which column of a GPU spec sheet applies).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum ComputeClass {
    /// BF16/FP16 tensor cores (also weight-only quantisation, which dequantises to 16 bit).
    Bf16,
    /// FP8 tensor cores (W8A8 FP8).
    Fp8,
    /// INT8 tensor cores (W8A8 INT8).
    Int8,
    /// FP4 tensor cores (Blackwell NVFP4/MXFP4 with FP4 activations).
    Fp4,
}

/// A weight or KV-cache format with its storage width.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct Dtype {
    /// Id as in DESIGN §5.2 (`bf16`, `fp8`, `awq-int4`, `q4_k_m`, …).
    pub id: &'static str,
    /// Human name.
    pub name: &'static str,
    /// Bytes per element including block scales (GGUF: bits per weight / 8 from llama.cpp's
    /// `ggml-common.h` block layouts, e.g. Q4_0 = 18 bytes per 32 weights = 4.5 bits).
    pub bytes_per_element: f64,
    /// The tensor-core rate it computes at when it is the weight format.
    pub compute: ComputeClass,
    /// Quantised formats keep embeddings and `lm_head` at 16 bit in the usual checkpoints
    /// (e.g. `neuralmagic/Meta-Llama-3-70B-Instruct-FP8`, AutoAWQ, GPTQ); GGUF quantises them.
    pub embeddings_at_16_bit: bool,
}

const fn dt(
    id: &'static str,
    name: &'static str,
    bytes_per_element: f64,
    compute: ComputeClass,
    embeddings_at_16_bit: bool,
) -> Dtype {
    Dtype {
        id,
        name,
        bytes_per_element,
        compute,
        embeddings_at_16_bit,
    }
}

/// The KV-cache formats the page offers: the 16-bit formats and FP8, the choices vLLM's
/// `--kv-cache-dtype` (auto = the model's 16-bit dtype, fp8) and SGLang's `--kv-cache-dtype`
/// share. Every id is in [`DTYPES`].
pub static KV_DTYPES: &[&str] = &["bf16", "fp16", "fp8"];

/// The formats of [`KV_DTYPES`], from the catalog.
pub fn kv_dtypes() -> impl Iterator<Item = &'static Dtype> {
    KV_DTYPES.iter().filter_map(|id| dtype(id))
}

/// Every format benchfit knows. Sources: IEEE/OCP format definitions for the float types;
/// llama.cpp `ggml-common.h` block sizes for the GGUF types.
pub static DTYPES: &[Dtype] = &[
    dt("fp32", "FP32", 4.0, ComputeClass::Bf16, false),
    dt("bf16", "BF16", 2.0, ComputeClass::Bf16, false),
    dt("fp16", "FP16", 2.0, ComputeClass::Bf16, false),
    dt("fp8", "FP8", 1.0, ComputeClass::Fp8, true),
    dt("int8", "INT8 (W8A16)", 1.0, ComputeClass::Bf16, true),
    dt("w8a8", "W8A8 INT8", 1.0, ComputeClass::Int8, true),
    dt("int4", "INT4 (W4A16)", 0.5, ComputeClass::Bf16, true),
    dt(
        "awq-int4",
        "AWQ INT4",
        0.5 + 4.0 / 128.0,
        ComputeClass::Bf16,
        true,
    ),
    dt(
        "gptq-int4",
        "GPTQ INT4",
        0.5 + 4.0 / 128.0,
        ComputeClass::Bf16,
        true,
    ),
    dt("fp4", "FP4", 0.5, ComputeClass::Fp4, true),
    dt("nvfp4", "NVFP4", 0.5 + 1.0 / 16.0, ComputeClass::Fp4, true),
    dt("mxfp4", "MXFP4", 0.5 + 1.0 / 32.0, ComputeClass::Fp4, true),
    dt("q8_0", "GGUF Q8_0", 34.0 / 32.0, ComputeClass::Bf16, false),
    dt(
        "q6_k",
        "GGUF Q6_K",
        210.0 / 256.0,
        ComputeClass::Bf16,
        false,
    ),
    dt(
        "q5_k_m",
        "GGUF Q5_K_M",
        5.69 / 8.0,
        ComputeClass::Bf16,
        false,
    ),
    dt(
        "q4_k_m",
        "GGUF Q4_K_M",
        4.89 / 8.0,
        ComputeClass::Bf16,
        false,
    ),
    dt("q4_0", "GGUF Q4_0", 18.0 / 32.0, ComputeClass::Bf16, false),
    dt("q4_1", "GGUF Q4_1", 20.0 / 32.0, ComputeClass::Bf16, false),
    dt(
        "q3_k_m",
        "GGUF Q3_K_M",
        3.91 / 8.0,
        ComputeClass::Bf16,
        false,
    ),
    dt("q2_k", "GGUF Q2_K", 2.96 / 8.0, ComputeClass::Bf16, false),
];

/// Looks a format up by id (case-insensitive).
pub fn dtype(id: &str) -> Option<&'static Dtype> {
    DTYPES.iter().find(|d| d.id.eq_ignore_ascii_case(id))
}
