//! What a pasted benchmark claim says: its stated conditions and its figures, each with the span
//! of text it was read from.
//!
//! ```
//! let claim = benchfit_core::claim::read(
//!     "3,200 tokens/sec aggregate for Llama 3 70B on a single H100, batch size 32, \
//!      512-token prompts, 256-token outputs, FP8, under vLLM.",
//! );
//! assert_eq!(claim.figures[0].value, 3200.0);
//! assert_eq!(claim.model.as_ref().unwrap().value, "llama-3-70b");
//! assert_eq!(claim.batch_size.as_ref().unwrap().value, 32);
//! ```

mod attach;
pub mod consistency;
mod flags;
mod grid;
pub mod headline;
mod lengths;
mod pattern;
mod re;
mod reader;
mod table;
mod text;

pub use attach::FigureSettings;

pub use reader::read;
use serde::{Serialize, Serializer};

/// A byte range `[start, end)` of the claim text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

/// A value read from the claim and the span of text it came from. Serialises as the bare value
/// (the spans are listed separately by [`Claim::evidence`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Found<T> {
    /// The value.
    pub value: T,
    /// Where it was read.
    pub span: Span,
}

// Its TypeScript declaration, matching the hand-written `Serialize` below (the bare value).
#[cfg(feature = "ts")]
#[wasm_bindgen::prelude::wasm_bindgen(typescript_custom_section)]
const FOUND_TS: &'static str =
    "/** A value read from the claim (its span is in `evidence`). */\nexport type Found<T> = T;";

impl<T: Serialize> Serialize for Found<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.value.serialize(s)
    }
}

/// What a figure measures (DESIGN §5.2 `kind`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum FigureKind {
    /// Generated tokens per second.
    ThroughputOutput,
    /// Input + output tokens per second.
    ThroughputTotal,
    /// Tokens per second, output or total not said.
    ThroughputUnspecified,
    /// Tokens per second seen by one request (1/TPOT).
    ThroughputPerUser,
    /// Prompt-processing tokens per second.
    PrefillThroughput,
    /// Decode (generation) tokens per second.
    DecodeThroughput,
    /// Requests per second.
    RequestRate,
    /// Time to first token.
    Ttft,
    /// Inter-token latency.
    Itl,
    /// Time per output token.
    Tpot,
    /// End-to-end request latency.
    E2eLatency,
    /// A price.
    Cost,
}

impl FigureKind {
    /// True for the token-rate kinds.
    pub fn is_throughput(self) -> bool {
        matches!(
            self,
            Self::ThroughputOutput
                | Self::ThroughputTotal
                | Self::ThroughputUnspecified
                | Self::ThroughputPerUser
                | Self::PrefillThroughput
                | Self::DecodeThroughput
        )
    }
    /// True for latency kinds.
    pub fn is_latency(self) -> bool {
        matches!(self, Self::Ttft | Self::Itl | Self::Tpot | Self::E2eLatency)
    }
}

/// Over what a figure is counted (DESIGN §5.2 `scope`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum Scope {
    /// Summed over all concurrent requests of one deployment.
    Aggregate,
    /// One request's view.
    PerUser,
    /// Divided by the GPU count.
    PerGpu,
    /// One node (e.g. 8 GPUs).
    PerNode,
    /// A whole multi-node system.
    System,
}

/// One figure of the claim.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct Figure {
    /// The number as written, in `unit` (a range gives its low end).
    pub value: f64,
    /// The high end of a range (`2–3k`, `1,500-2,500`), else null.
    pub value_high: Option<f64>,
    /// The unit as normalised: `tok/s`, `req/s`, `ms`, `s`, `ms/token`, `usd`.
    pub unit: String,
    /// What it measures.
    pub kind: FigureKind,
    /// Over what it is counted, when said.
    pub scope: Option<Scope>,
    /// True for a figure computed from others (per GPU × GPUs), not written in the text.
    pub derived: bool,
    /// For latencies: the statistic (`mean`, `p50`, `p90`, `p99`…) when said.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub percentile: Option<String>,
    /// What the text says the figure is (`Output token throughput`, `tg128`), when labelled.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// Its position among the figures as the reader found them (the reader's headline is 0);
    /// the number a headline override (`o.fig`) names. Stable under overrides.
    pub index: usize,
    /// The setup written beside this figure: the same table row, line or sentence (CLAIMS.md
    /// §1 rule 5: settings belong to the figure they are written beside).
    pub settings: FigureSettings,
    /// Why this figure is or is not the headline, naming the CLAIMS.md §1 rule.
    pub headline_reason: String,
    /// Where it was read.
    #[serde(skip)]
    pub span: Span,
    /// The text itself says output / total / prefill / decode (not inferred).
    #[serde(skip)]
    pub kind_stated: bool,
    /// The text itself says aggregate / per user / per GPU / per node / system (not inferred).
    #[serde(skip)]
    pub scope_stated: bool,
}

impl Figure {
    /// A figure read from the text at `span`, nothing inferred yet.
    pub fn new(value: f64, unit: &str, kind: FigureKind, span: Span) -> Self {
        Figure {
            value,
            value_high: None,
            unit: unit.into(),
            kind,
            scope: None,
            derived: false,
            percentile: None,
            label: None,
            index: 0,
            settings: FigureSettings::default(),
            headline_reason: String::new(),
            span,
            kind_stated: false,
            scope_stated: false,
        }
    }

    /// A rate in its unit per second: the reader keeps a rate in the time unit the text wrote
    /// (`tok/min`, `req/min`, `tok/ms`, per hour); anything else is taken as per second already.
    pub fn per_second(&self) -> f64 {
        let u = self.unit.as_str();
        if u.ends_with("/min") {
            self.value / 60.0
        } else if u.ends_with("/ms") {
            self.value * 1e3
        } else if u.ends_with("/h") || u.ends_with("/hour") {
            self.value / 3600.0
        } else {
            self.value
        }
    }

    /// A latency in milliseconds: the reader keeps it in the text's unit (`ms`, `s`, `min`, and
    /// per token `ms/token`, `s/token`); anything else is taken as milliseconds already.
    pub fn in_ms(&self) -> f64 {
        match self.unit.as_str() {
            "s" | "s/token" => self.value * 1e3,
            "min" => self.value * 60e3,
            _ => self.value,
        }
    }
}

/// Everything the reader found. Fields are `None` when the claim does not say.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct Claim {
    /// Model id (`llama-3-70b`).
    pub model: Option<Found<String>>,
    /// GPU id (`h100-sxm`, or `h100` when the variant is not said).
    pub gpu: Option<Found<String>>,
    /// Number of GPUs.
    pub gpu_count: Option<Found<u32>>,
    /// Tensor-parallel degree.
    pub tp: Option<Found<u32>>,
    /// Fixed batch size.
    pub batch_size: Option<Found<u32>>,
    /// Concurrent requests.
    pub concurrency: Option<Found<u32>>,
    /// Offered request rate, requests per second.
    pub request_rate: Option<Found<f64>>,
    /// Prompt (input) tokens per request.
    pub prompt_tokens: Option<Found<u32>>,
    /// Output tokens per request.
    pub output_tokens: Option<Found<u32>>,
    /// Weight format id (`fp8`).
    pub weight_dtype: Option<Found<String>>,
    /// KV-cache format id when stated (`fp8`).
    pub kv_dtype: Option<Found<String>>,
    /// Runtime id (`vllm`).
    pub runtime: Option<Found<String>>,
    /// Runtime version as written (`0.6.2`).
    pub runtime_version: Option<Found<String>>,
    /// Figures, headline first.
    pub figures: Vec<Figure>,
    /// "saturated", "max batch", "max throughput": a batch only described.
    #[serde(skip)]
    pub batch_described: Option<Span>,
    /// The described load is a latency or interactivity target ("under 50ms TPOT SLA"), not
    /// a saturating one (CLAIMS.md §3 Load: it sets the load only implicitly).
    #[serde(skip)]
    pub load_by_target: bool,
    /// "quantised" without a type.
    #[serde(skip)]
    pub quantised_untyped: Option<Span>,
    /// NVLink / PCIe / InfiniBand, when said.
    #[serde(skip)]
    pub interconnect: Option<Found<String>>,
    /// The runtime was recognised from the shape of its output only.
    #[serde(skip)]
    pub runtime_from_shape: bool,
    /// A runtime is named only as the baseline the figure is compared against.
    #[serde(skip)]
    pub runtime_baseline_only: Option<Span>,
    /// The batch or concurrency was only observed (a peak count, a progress bar, a request
    /// total) or is a limit (`--max-num-seqs`), not a load that was set.
    #[serde(skip)]
    pub load_observed: Option<Span>,
    /// Lengths given only as totals, per-minute rates or a dataset name.
    #[serde(skip)]
    pub lengths_described: Option<Span>,
    /// Two GPU models lumped in one name (`H100/H200`): no single GPU id.
    #[serde(skip)]
    pub gpu_lumped: Option<Span>,
    /// The GPU count is said two different ways (`an H200` … `eight GPUs`).
    #[serde(skip)]
    pub gpu_count_conflict: bool,
    /// The configuration of the device written beside its name (a memory size, `64 GB`, or a
    /// core count, `30-core`), which picks one part of a family sold in several (CLAIMS.md §3
    /// Hardware: Apple M-series, V100, RTX 3080).
    #[serde(skip)]
    pub gpu_configuration: Option<Span>,
    /// The form factor written with the GPU (`SXM4`, `PCIe`), which picks one A100 of the
    /// 40/80 GB SXM/PCIe family (CLAIMS.md §3 Hardware).
    #[serde(skip)]
    pub gpu_form_factor: bool,
}

/// A highlighted piece of evidence: which field, which bytes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct Evidence {
    /// The `claim` key it supports (`model`, `figures`, …).
    pub field: &'static str,
    /// The span in the claim text.
    pub span: Span,
}

impl Claim {
    /// The headline figure (the first one), if any.
    pub fn headline(&self) -> Option<&Figure> {
        self.figures.first()
    }

    /// The catalog's entry for the claim's engine at the claim's version (`vLLM 0.9.2` →
    /// `vllm@0.13`, see [`crate::catalog::runtime_at`]); None when the claim names no engine
    /// or one outside the catalog.
    pub fn catalog_runtime(&self) -> Option<&'static crate::catalog::Runtime> {
        let version = self.runtime_version.as_ref().map(|v| v.value.as_str());
        crate::catalog::runtime_at(&self.runtime.as_ref()?.value, version)
    }

    /// Every field's span, sorted by start; for highlighting.
    pub fn evidence(&self) -> Vec<Evidence> {
        let mut out = Vec::new();
        let mut push = |field: &'static str, span: Option<Span>| {
            // An empty span marks a value the user set (not read from the text).
            if let Some(span) = span.filter(|s| s.end > s.start) {
                out.push(Evidence { field, span });
            }
        };
        push("model", self.model.as_ref().map(|f| f.span));
        push("gpu", self.gpu.as_ref().map(|f| f.span));
        push("gpu_count", self.gpu_count.as_ref().map(|f| f.span));
        push("tp", self.tp.as_ref().map(|f| f.span));
        push("batch_size", self.batch_size.as_ref().map(|f| f.span));
        push("concurrency", self.concurrency.as_ref().map(|f| f.span));
        push("request_rate", self.request_rate.as_ref().map(|f| f.span));
        push("prompt_tokens", self.prompt_tokens.as_ref().map(|f| f.span));
        push("output_tokens", self.output_tokens.as_ref().map(|f| f.span));
        push("weight_dtype", self.weight_dtype.as_ref().map(|f| f.span));
        push("kv_dtype", self.kv_dtype.as_ref().map(|f| f.span));
        push("runtime", self.runtime.as_ref().map(|f| f.span));
        push(
            "runtime_version",
            self.runtime_version.as_ref().map(|f| f.span),
        );
        push("batch_size", self.batch_described);
        push("weight_dtype", self.quantised_untyped);
        push("interconnect", self.interconnect.as_ref().map(|f| f.span));
        push("runtime", self.runtime_baseline_only);
        push("batch_size", self.load_observed);
        push("sequence_length", self.lengths_described);
        push("gpu", self.gpu_lumped);
        for f in self.figures.iter().filter(|f| !f.derived) {
            push("figures", Some(f.span));
        }
        let key = |k: usize| (out[k].span.start, out[k].span.end);
        let order = crate::stats::stable_order(out.len(), &|a, b| key(a).cmp(&key(b)));
        crate::stats::apply_order(&mut out, &order);
        out.dedup();
        out
    }
}
