//! The six-row checklist and the verdict (DESIGN §3, from the seed article).

use crate::catalog::{gpu, AMBIGUOUS_GPUS_IDS};
use crate::claim::{Claim, FigureKind, Scope};
use serde::Serialize;

/// How fully a claim states one condition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Stated.
    Stated,
    /// Partly stated (see the row's note).
    Partial,
    /// Not stated.
    Unstated,
}

/// The verdict on a claim: 0 unstated rows = usable, 1–2 = caution, 3+ = reject.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Usable in a capacity model.
    Usable,
    /// Use with caution.
    Caution,
    /// Do not put in your capacity model.
    Reject,
}

impl Verdict {
    /// The seed's rule on the count of unstated rows.
    pub fn from_unstated(n: usize) -> Self {
        match n {
            0 => Verdict::Usable,
            1 | 2 => Verdict::Caution,
            _ => Verdict::Reject,
        }
    }
    /// The words the page shows.
    pub fn label(self) -> &'static str {
        match self {
            Verdict::Usable => "usable",
            Verdict::Caution => "use with caution",
            Verdict::Reject => "do not use",
        }
    }
}

/// One checklist row.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct Row {
    /// `batch_size`, `sequence_length`, `quantisation`, `runtime`, `metric` or `hardware`.
    pub condition: &'static str,
    /// How fully it is stated.
    pub status: Status,
    /// What was read, for display (`32`, `512 in / 256 out`), or null.
    pub value: Option<String>,
    /// Why it is partial, or what is missing.
    pub note: Option<String>,
}

fn row(condition: &'static str, status: Status, value: Option<String>, note: Option<&str>) -> Row {
    Row {
        condition,
        status,
        value,
        note: note.map(str::to_string),
    }
}

/// Grades a claim on the six conditions, in DESIGN §3 order.
pub fn grade(c: &Claim) -> Vec<Row> {
    vec![
        batch_row(c),
        lengths_row(c),
        quantisation_row(c),
        runtime_row(c),
        metric_row(c),
        hardware_row(c),
    ]
}

/// The load row: a batch, a concurrency or a request rate stated; partial when only observed
/// (a peak count, a progress bar) or described (saturated, maximum).
fn batch_row(c: &Claim) -> Row {
    let observed = c.load_observed.is_some();
    if observed && (c.batch_size.is_some() || c.concurrency.is_some() || c.request_rate.is_none()) {
        let value = c
            .batch_size
            .as_ref()
            .map(|b| format!("batch {}", b.value))
            .or(c
                .concurrency
                .as_ref()
                .map(|n| format!("concurrency {}", n.value)));
        row(
        "batch_size",
        Status::Partial,
        value,
        Some("the load was only observed (a peak count, a progress bar, a request total) or is a limit, not set"),
    )
    } else if let Some(b) = &c.batch_size {
        row(
            "batch_size",
            Status::Stated,
            Some(format!("batch {}", b.value)),
            None,
        )
    } else if let Some(n) = &c.concurrency {
        row(
            "batch_size",
            Status::Stated,
            Some(format!("concurrency {}", n.value)),
            None,
        )
    } else if let Some(r) = &c.request_rate {
        row(
            "batch_size",
            Status::Stated,
            Some(format!("{} req/s offered", r.value)),
            None,
        )
    } else if c.batch_described.is_some() {
        // A latency target ("under 50ms TPOT SLA", `(<50 ms TPOT)`) or an interactivity
        // target sets the load only implicitly (CLAIMS.md §3 Load).
        let target = c.load_by_target;
        row(
            "batch_size",
            Status::Partial,
            Some(
                if target {
                    "set by a latency target"
                } else {
                    "max / saturated"
                }
                .into(),
            ),
            Some(if target {
                "the load is only implied by a latency or interactivity target, not given as a number"
            } else {
                "the batch is only described (saturated or maximum), not given as a number"
            }),
        )
    } else {
        row(
            "batch_size",
            Status::Unstated,
            None,
            Some("no batch size, concurrency or request rate"),
        )
    }
}

/// The sequence-length row: prompt and output tokens per request.
fn lengths_row(c: &Claim) -> Row {
    match (&c.prompt_tokens, &c.output_tokens) {
    (Some(i), Some(o)) => row(
        "sequence_length",
        Status::Stated,
        Some(format!("{} in / {} out", i.value, o.value)),
        None,
    ),
    (Some(i), None) => row(
        "sequence_length",
        Status::Partial,
        Some(format!("{} in", i.value)),
        Some("output length not stated"),
    ),
    (None, Some(o)) => row(
        "sequence_length",
        Status::Partial,
        Some(format!("{} out", o.value)),
        Some("prompt length not stated"),
    ),
    (None, None) if c.lengths_described.is_some() => row(
        "sequence_length",
        Status::Partial,
        None,
        Some("lengths only as totals, rates or a dataset name; per-request prompt and output lengths not stated"),
    ),
    (None, None) => row(
        "sequence_length",
        Status::Unstated,
        None,
        Some("neither prompt nor output length stated"),
    ),
}
}

/// The quantisation row: the weight precision (and the KV cache's, when said).
fn quantisation_row(c: &Claim) -> Row {
    match (&c.weight_dtype, c.quantised_untyped) {
        (Some(w), _) => {
            let kv = c
                .kv_dtype
                .as_ref()
                .map(|k| format!(", KV {}", k.value.to_ascii_uppercase()))
                .unwrap_or_default();
            row(
                "quantisation",
                Status::Stated,
                Some(format!("{}{kv}", w.value.to_ascii_uppercase())),
                c.kv_dtype
                    .is_none()
                    .then_some("KV-cache precision not stated (defaults to the activation dtype)"),
            )
        }
        (None, Some(_)) => row(
            "quantisation",
            Status::Partial,
            Some("quantised".into()),
            Some("\"quantised\" without the type"),
        ),
        (None, None) => row(
            "quantisation",
            Status::Unstated,
            None,
            Some("weight precision not stated"),
        ),
    }
}

/// The runtime row: the serving engine and its version.
fn runtime_row(c: &Claim) -> Row {
    match &c.runtime {
    Some(r) if c.runtime_from_shape => row(
        "runtime",
        Status::Partial,
        Some(r.value.clone()),
        Some("recognised only from the shape of its output, or a vendor stack without a serving engine named"),
    ),
    Some(r) => {
        let v = c
            .runtime_version
            .as_ref()
            .map(|v| format!(" {}", v.value))
            .unwrap_or_default();
        row(
            "runtime",
            Status::Stated,
            Some(format!("{}{v}", r.value)),
            c.runtime_version.is_none().then_some("version not stated"),
        )
    }
    None if c.runtime_baseline_only.is_some() => row(
        "runtime",
        Status::Partial,
        None,
        Some("a runtime is named only as the baseline; the one behind the figure is not named"),
    ),
    None => row(
        "runtime",
        Status::Unstated,
        None,
        Some("no serving engine named"),
    ),
}
}

/// The metric row (CLAIMS.md §3): the headline's kind and scope are both said (or read from
/// the shape of a tool's output); a price says which tokens it prices.
fn metric_row(c: &Claim) -> Row {
    match c.headline() {
        None => row("metric", Status::Unstated, None, Some("no figure found")),
        Some(h) => {
            // CLAIMS.md §3 "Metric row": the headline's kind is specific (anything but a bare
            // tok/s or a cost) and its scope is known, whether written or read from the shape
            // (a tool summary is aggregate, a llama-bench `tg` row per user).
            let kind_known =
                !matches!(h.kind, FigureKind::ThroughputUnspecified | FigureKind::Cost);
            // At batch 1 aggregate and per user coincide.
            let single = [&c.batch_size, &c.concurrency]
                .iter()
                .any(|b| b.as_ref().is_some_and(|b| b.value == 1));
            let scope_known = h.scope.is_some() || h.kind.is_latency() || single;
            let value = Some(format!(
                "{} ({})",
                kind_label(h.kind),
                h.scope.map(scope_label).unwrap_or("scope not said")
            ));
            // A price is partial unless it says which tokens it prices (output or total) or
            // that it is per request (CLAIMS.md §3 "Metric row"); a scope does not complete it.
            let priced = h.kind == FigureKind::Cost && {
                let words =
                    format!("{} {}", h.unit, h.label.as_deref().unwrap_or("")).to_ascii_lowercase();
                ["output", "total", "request"]
                    .iter()
                    .any(|w| words.contains(w))
            };
            match (kind_known, scope_known) {
                _ if h.kind == FigureKind::Cost && priced => {
                    row("metric", Status::Stated, value, None)
                }
                _ if h.kind == FigureKind::Cost => row(
                    "metric",
                    Status::Partial,
                    value,
                    Some("a price that does not say output or total tokens, or per request"),
                ),
                (true, true) => row("metric", Status::Stated, value, None),
                (false, true) => row(
                    "metric",
                    Status::Partial,
                    value,
                    Some(if h.scope == Some(Scope::Aggregate) {
                        "aggregate, but output or total (input + output) tokens is not said"
                    } else {
                        "output or total (input + output) tokens is not said"
                    }),
                ),
                (true, false) => row(
                    "metric",
                    Status::Partial,
                    value,
                    Some("aggregate, per user or per GPU is not said"),
                ),
                (false, false) => row(
                    "metric",
                    Status::Unstated,
                    value,
                    Some("neither output vs total tokens nor aggregate vs per user is said"),
                ),
            }
        }
    }
}

/// The hardware row: the GPU (its variant, when the id leaves it open), the count, the
/// interconnect between several.
fn hardware_row(c: &Claim) -> Row {
    let count = c
        .gpu_count
        .as_ref()
        .map(|g| g.value)
        .or(c.tp.as_ref().map(|t| t.value));
    match &c.gpu {
        None if c.gpu_lumped.is_some() => row(
            "hardware",
            Status::Partial,
            count.map(|n| format!("{n} × ?")),
            Some("two GPU models named together; no single GPU"),
        ),
        None => row("hardware", Status::Unstated, None, Some("no GPU named")),
        Some(g) => {
            // A family sold in several configurations that the id does not pick (CLAIMS.md §3
            // Hardware): Ascend 910B (B1–B4), the Atlas 800 servers, Apple M-series (memory and
            // GPU cores), V100 (16/32 GB, SXM2/PCIe), RTX 3080 (10/12 GB), MI50 (16/32 GB), AMD's
            // Strix Halo / Ryzen AI Max without its number (385/390/395); partial unless the
            // text writes the configuration beside the name (`M3 Max, 64 GB`, `30-core M2 Max`).
            // The base Apple chips too (an M4 ships with 16, 24 or 32 GB and 8 or 10 GPU
            // cores), and parts whose id the reader leaves open when no size is written: the
            // A800 (40/80 GB, PCIe/SXM), the P100 (12/16 GB PCIe, 16 GB SXM2), the Jetson AGX
            // Orin (32/64 GB), Orin NX (8/16 GB) and the Jetson Nano (2/4 GB), the Arc A770 (8/16
            // GB) and the RTX PRO 6000 Blackwell (Workstation 600 W, Max-Q 300 W, Server:
            // NVIDIA's product pages);
            // Qualcomm's laptop SoC lines, each several SKUs with their own CPU cores and clocks
            // (Snapdragon X Elite X1E-78-100 … X1E-00-1DE, X Plus X1P-42-100 … X1P-66-100:
            // Qualcomm's product pages).
            let id = g.value.as_str();
            let apple = id.starts_with('m')
                && id[1..].starts_with(|ch: char| ch.is_ascii_digit())
                && (id.len() == 2 || id[2..].starts_with('-'));
            let families = apple
                || [
                    "v100",
                    "rtx-3080",
                    "mi50",
                    "strix-halo",
                    "ryzen-ai-max",
                    "a800",
                    "p100",
                    "jetson-agx-orin",
                    "jetson-orin-nx",
                    // The Jetson Nano: 4 GB and 2 GB developer kits (NVIDIA's product pages).
                    "jetson-nano",
                    "arc-a770",
                    "rtx-pro-6000",
                    "snapdragon-x-elite",
                    "snapdragon-x-plus",
                    "snapdragon-x",
                ]
                .contains(&id)
                || id.starts_with("ascend-atlas-800");
            // An A100 named by its memory only (`A100 80GB`, `A100(80G)`): SXM or PCIe not said.
            let a100_memory_only = (id == "a100-80gb" || id == "a100-40gb") && !c.gpu_form_factor;
            // An AMD LLVM target (`gfx1100`) names an architecture several cards share.
            let configurable = id == "ascend-910b"
                || (id.starts_with("gfx") && id[3..].starts_with(|ch: char| ch.is_ascii_digit()))
                || a100_memory_only
                || (families && c.gpu_configuration.is_none());
            let ambiguous = AMBIGUOUS_GPUS_IDS.contains(&id) || configurable;
            let known = gpu(&g.value).is_some() || AMBIGUOUS_GPUS_IDS.contains(&id);
            let value = Some(match count {
                Some(n) => format!("{n} × {}", g.value),
                None => g.value.clone(),
            });
            let mut notes: Vec<&str> = Vec::new();
            if ambiguous {
                notes.push(match g.value.as_str() {
                    "a100" => "memory size (40 or 80 GB) not said",
                    _ if configurable => "configuration (memory, cores or sub-model) not said",
                    _ => "variant (SXM or PCIe) not said",
                });
            }
            if count.is_none() {
                notes.push("GPU count not said");
            }
            if !known {
                notes.push("not in the catalog: physics cannot be checked");
            }
            if count.unwrap_or(1) > 1 && c.interconnect.is_none() {
                notes.push("interconnect (NVLink or PCIe) not said");
            }
            if c.gpu_count_conflict {
                notes.push("the GPU count is said two different ways");
            }
            let partial = ambiguous || count.is_none() || c.gpu_count_conflict;
            let note = (!notes.is_empty()).then(|| notes.join("; "));
            Row {
                condition: "hardware",
                status: if partial {
                    Status::Partial
                } else {
                    Status::Stated
                },
                value,
                note,
            }
        }
    }
}

/// What a figure measures, in the words the checklist and the page show (`output tok/s`, `TPOT`).
pub fn kind_label(k: FigureKind) -> &'static str {
    match k {
        FigureKind::ThroughputOutput => "output tok/s",
        FigureKind::ThroughputTotal => "total tok/s",
        FigureKind::ThroughputUnspecified => "tok/s",
        FigureKind::ThroughputPerUser => "tok/s per user",
        FigureKind::PrefillThroughput => "prefill tok/s",
        FigureKind::DecodeThroughput => "decode tok/s",
        FigureKind::RequestRate => "req/s",
        FigureKind::Ttft => "TTFT",
        FigureKind::Itl => "ITL",
        FigureKind::Tpot => "TPOT",
        FigureKind::E2eLatency => "E2E latency",
        FigureKind::Cost => "cost",
    }
}

/// A figure's scope in the checklist's and the page's words (`aggregate`, `per GPU`).
pub fn scope_label(s: Scope) -> &'static str {
    match s {
        Scope::Aggregate => "aggregate",
        Scope::PerUser => "per user",
        Scope::PerGpu => "per GPU",
        Scope::PerNode => "per node",
        Scope::System => "whole system",
    }
}

/// Rows graded `unstated`.
pub fn unstated_count(rows: &[Row]) -> usize {
    rows.iter().filter(|r| r.status == Status::Unstated).count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::claim::read;

    #[test]
    fn worked_example_rows() {
        let c = read(
            "3,200 tokens/sec aggregate for Llama 3 70B on a single H100, batch size 32, \
            512-token prompts, 256-token outputs, FP8, under vLLM.",
        );
        let rows = grade(&c);
        let st: Vec<_> = rows.iter().map(|r| (r.condition, r.status)).collect();
        use Status::*;
        assert_eq!(
            st,
            vec![
                ("batch_size", Stated),
                ("sequence_length", Stated),
                ("quantisation", Stated),
                ("runtime", Stated),
                ("metric", Partial),
                ("hardware", Partial),
            ]
        );
        assert_eq!(rows[3].note.as_deref(), Some("version not stated"));
        assert!(rows[4].note.as_ref().unwrap().contains("output or total"));
        assert!(rows[5].note.as_ref().unwrap().contains("SXM or PCIe"));
        assert_eq!(
            Verdict::from_unstated(unstated_count(&rows)),
            Verdict::Usable
        );
    }

    #[test]
    fn nothing_stated_is_reject() {
        let rows = grade(&read("great speed!"));
        assert_eq!(unstated_count(&rows), 6);
        assert_eq!(Verdict::from_unstated(6), Verdict::Reject);
        assert_eq!(Verdict::from_unstated(2), Verdict::Caution);
    }
}
