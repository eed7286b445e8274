//! The `check` report (DESIGN §5.2 `check`).

use crate::analysis::{analyse, Hints, PlausibilityStatus};
use crate::checklist::{grade, unstated_count, Row, Verdict};
use crate::claim::{self, Claim, Evidence, Figure, FigureKind, Scope};
use crate::model::Metric;
use crate::overrides::Overrides;
use serde::Serialize;

/// One reading in the plausibility report.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct ReadingSummary {
    /// What the figure is read as.
    pub metric: Metric,
    /// GPU variant.
    pub gpu: &'static str,
    /// Within the ceiling?
    pub plausible: bool,
    /// MBU it needs (MFU at its ceiling).
    pub implied_mbu: Option<f64>,
    /// MFU it needs (MBU at its ceiling).
    pub implied_mfu: Option<f64>,
    /// In words.
    pub note: String,
}

/// The plausibility block.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct Plausibility {
    /// `plausible`, `implausible` or `unknown`.
    pub status: PlausibilityStatus,
    /// MBU of the chosen reading (calibrated when plausible, needed when not).
    pub implied_mbu: Option<f64>,
    /// MFU of the chosen reading.
    pub implied_mfu: Option<f64>,
    /// Every reading tried.
    pub readings: Vec<ReadingSummary>,
    /// Summary.
    pub note: String,
    /// The same check for every throughput and latency figure the claim states (headline first).
    pub figures: Vec<FigurePlausibility>,
}

/// The physics check of one figure of the claim.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct FigurePlausibility {
    /// The number as written.
    pub value: f64,
    /// Its unit as written (normalised).
    pub unit: String,
    /// What it measures.
    pub kind: FigureKind,
    /// Over what it is counted.
    pub scope: Option<Scope>,
    /// `plausible`, `implausible` or `unknown`.
    pub status: PlausibilityStatus,
    /// MBU of the chosen reading.
    pub implied_mbu: Option<f64>,
    /// MFU of the chosen reading.
    pub implied_mfu: Option<f64>,
    /// Which readings fit, or why none does.
    pub note: String,
}

/// Figures checked against physics, at most (each one calibrates the model).
pub const MAX_FIGURES_CHECKED: usize = 8;

/// `claim` with figure `i` as its headline, per-minute units turned into per-second.
fn with_headline(claim: &Claim, i: usize) -> Claim {
    let mut c = claim.clone();
    let mut f: Figure = c.figures.remove(i);
    if f.unit.ends_with("/min") {
        f.value /= 60.0;
        f.value_high = f.value_high.map(|h| h / 60.0);
        f.unit = f.unit.replace("/min", "/s");
    } else if f.unit.ends_with("/ms") {
        // Tokens per millisecond, kept as written in the claim, per second for the physics.
        f.value *= 1000.0;
        f.value_high = f.value_high.map(|h| h * 1000.0);
        f.unit = f.unit.replace("/ms", "/s");
    }
    c.figures.insert(0, f);
    c
}

fn figure_plausibility(claim: &Claim) -> Vec<FigurePlausibility> {
    if claim.model.is_none() || claim.gpu.is_none() {
        return Vec::new();
    }
    claim
        .figures
        .iter()
        .enumerate()
        .filter(|(_, f)| !f.derived && (f.kind.is_throughput() || f.kind.is_latency()))
        .take(MAX_FIGURES_CHECKED)
        .map(|(i, f)| {
            let a = analyse(&with_headline(claim, i), &Hints::default());
            let chosen = a.chosen().and_then(|r| r.calibration.as_ref());
            let (implied_mbu, implied_mfu) = match (a.status, chosen) {
                (PlausibilityStatus::Plausible, Some(c)) => {
                    (Some(c.efficiency.mbu), Some(c.efficiency.mfu))
                }
                (_, Some(c)) => (c.implied_mbu, c.implied_mfu),
                _ => (None, None),
            };
            FigurePlausibility {
                value: f.value,
                unit: f.unit.clone(),
                kind: f.kind,
                scope: f.scope,
                status: a.status,
                implied_mbu,
                implied_mfu,
                note: a.note,
            }
        })
        .collect()
}

/// The `check` report.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct CheckReport {
    /// `usable`, `caution` or `reject`.
    pub verdict: Verdict,
    /// Rows graded unstated.
    pub unstated_count: usize,
    /// Six rows in DESIGN §3 order.
    pub checklist: Vec<Row>,
    /// What was read.
    pub claim: Claim,
    /// Physics check.
    pub plausibility: Plausibility,
    /// Warnings.
    pub warnings: Vec<String>,
    /// Spans of the text each field came from (byte offsets), for highlighting.
    pub evidence: Vec<Evidence>,
}

/// Largest claim text read, bytes; longer text is cut at a character boundary and a warning says so.
pub const MAX_CLAIM_BYTES: usize = 1 << 20;

/// Reads and grades a claim.
#[must_use]
pub fn check(text: &str) -> CheckReport {
    check_with(text, &Overrides::default())
}

/// Reads a claim, applies the user's corrections, and grades it.
#[must_use]
pub fn check_with(text: &str, overrides: &Overrides) -> CheckReport {
    let mut warnings = Vec::new();
    let mut end = text.len().min(MAX_CLAIM_BYTES);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    if end < text.len() {
        warnings.push(format!(
            "only the first {} bytes of {} were read",
            end,
            text.len()
        ));
    }
    let mut claim = claim::read(&text[..end]);
    overrides.apply(&mut claim);
    // A headline chosen by index (a shared link's `o.fig`) that this text has no figure for.
    if let Some(i) = overrides.headline {
        if claim.figures.first().is_none_or(|f| f.index != i) {
            warnings.push(match claim.figures.len() {
                0 => format!("figure {i} was chosen as the headline, but no figure was read"),
                n => format!(
                    "figure {i} was chosen as the headline, but the claim has figures 0 to {}: the headline is the one read",
                    n - 1
                ),
            });
        }
    }
    let checklist = grade(&claim);
    let unstated = unstated_count(&checklist);
    let analysis = if claim.figures.is_empty() {
        analyse(&claim, &Hints::default())
    } else {
        analyse(&with_headline(&claim, 0), &Hints::default())
    };
    let figures = figure_plausibility(&claim);
    warnings.extend(claim::consistency::check(&claim));
    if claim.gpu_count_conflict {
        warnings.push(
            "the GPU count is said two different ways; per-GPU figures may be off by that factor"
                .into(),
        );
    }
    let chosen = analysis.chosen().and_then(|r| r.calibration.as_ref());
    let (implied_mbu, implied_mfu) = match (analysis.status, chosen) {
        (PlausibilityStatus::Plausible, Some(c)) => {
            (Some(c.efficiency.mbu), Some(c.efficiency.mfu))
        }
        (_, Some(c)) => (c.implied_mbu, c.implied_mfu),
        _ => (None, None),
    };
    let readings = analysis
        .readings
        .iter()
        .map(|r| ReadingSummary {
            metric: r.metric,
            gpu: r.gpu,
            plausible: r.calibration.as_ref().is_some_and(|c| c.plausible),
            implied_mbu: r.calibration.as_ref().and_then(|c| c.implied_mbu),
            implied_mfu: r.calibration.as_ref().and_then(|c| c.implied_mfu),
            note: r.note.clone(),
        })
        .collect();
    if let Some(m) = analysis.chosen().and_then(|r| r.bench.memory_note.clone()) {
        warnings.push(format!("KV cache: {m}."));
    }
    if claim.figures.is_empty() {
        warnings.push("no throughput or latency figure was recognised".into());
    }
    let evidence = claim.evidence();
    CheckReport {
        verdict: Verdict::from_unstated(unstated),
        unstated_count: unstated,
        checklist,
        claim,
        plausibility: Plausibility {
            status: analysis.status,
            implied_mbu,
            implied_mfu,
            readings,
            note: analysis.note,
            figures,
        },
        warnings,
        evidence,
    }
}
