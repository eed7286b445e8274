//! The catalog: models, GPUs, numeric formats and runtimes, each entry with its source.
//!
//! Ids follow DESIGN §5.2: lowercase kebab-case of the common name. A name outside the catalog
//! still gets an id formed the same way ([`slug`]).

pub mod dtype;
pub mod gpu;
pub mod model;
pub mod runtime;

pub use dtype::{dtype, kv_dtypes, ComputeClass, Dtype, DTYPES, KV_DTYPES};
pub use gpu::{
    gpu, gpu_variants, Gpu, LinkKind, PricePreset, PriceTier, AMBIGUOUS_GPUS, AMBIGUOUS_GPUS_IDS,
    COMMITTED_DISCOUNT, GPUS,
};
pub use model::{model, Model, MODELS};
pub use runtime::{
    runtime, runtime_at, runtime_choices, BatchTier, MemoryPolicy, Runtime, RUNTIMES,
};

/// Lowercase kebab-case id from a free-form name: `"Qwen1.5 14B"` → `qwen1.5-14b`.
pub fn slug(name: &str) -> String {
    let mut out = String::new();
    for ch in name.trim().chars() {
        if ch.is_ascii_alphanumeric() || ch == '.' || ch == '_' {
            out.push(ch.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs() {
        assert_eq!(slug("Qwen1.5 14B"), "qwen1.5-14b");
        assert_eq!(slug("RTX 3090"), "rtx-3090");
    }

    #[test]
    fn every_entry_cites_a_source() {
        assert!(MODELS.iter().all(|m| m.source.starts_with("https://")));
        // GPUs cite a spec page or a named document (the H800 and H20 have no public NVIDIA
        // page), and every price names who lists it and when.
        for g in GPUS {
            assert!(
                g.source.starts_with("https://")
                    || g.source.contains("whitepaper")
                    || g.source.contains("white paper")
                    || g.source.contains("report")
                    || g.source.contains("brief"),
                "{}",
                g.id
            );
            assert!(
                g.price.source.contains("2025")
                    || g.price.source.contains("2026")
                    || g.price.source.contains("no public")
                    || g.price.source.contains("no rental market"),
                "{}",
                g.id
            );
        }
        assert!(RUNTIMES.iter().all(|r| r.source.starts_with("https://")));
    }
}
