//! Stage: say which figure is the headline and why, by the named rules of CLAIMS.md §1. The
//! reader orders the figures (headline first); this stage names the rule that put the first one
//! there and, for every other figure, the rule that kept it out, so the report can show both
//! (`claim.figures[].headline_reason`). A user's override (`o.fig`, [`choose`]) replaces the
//! first figure and says so.

use super::{Figure, FigureKind, Scope};

/// The CLAIMS.md §1 rules by name, each with the sentence the report shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// §1.3: a tool summary's aggregate output (else total) token throughput.
    ToolSummary,
    /// §1.4: a llama-bench `tg` row (per-user decode).
    BenchDecodeRow,
    /// §1.5: the cell of a table the surrounding words are about, else its last row.
    TableCell,
    /// §1.6: the tuned result over the baseline it improves on.
    OverBaseline,
    /// §1.5 / §1.3 order: the first result of the kind that ranks highest (output, total, then
    /// per-user, decode, prefill, request rate, latencies).
    FirstOfBestKind,
}

impl Rule {
    /// The reason as the report shows it.
    pub fn reason(self, f: &Figure) -> String {
        let what = kind_words(f.kind);
        match self {
            Rule::ToolSummary => format!(
                "headline (CLAIMS §1.3): the tool summary's {what}{}",
                f.label
                    .as_deref()
                    .map(|l| format!(" (`{l}`)"))
                    .unwrap_or_default()
            ),
            Rule::BenchDecodeRow => {
                "headline (CLAIMS §1.4): the llama-bench token-generation (tg) row".into()
            }
            Rule::TableCell => format!(
                "headline (CLAIMS §1.5): the table cell the text is about, else its last row ({what})"
            ),
            Rule::OverBaseline => format!(
                "headline (CLAIMS §1.6): the improved result, not the baseline it is compared with ({what})"
            ),
            Rule::FirstOfBestKind => format!(
                "headline (CLAIMS §1.5, §1.3 order): the first {what} the text states for its own setup"
            ),
        }
    }
}

fn kind_words(k: FigureKind) -> &'static str {
    match k {
        FigureKind::ThroughputOutput => "output token throughput",
        FigureKind::ThroughputTotal => "total token throughput",
        FigureKind::ThroughputUnspecified => "token throughput",
        FigureKind::ThroughputPerUser => "per-user token rate",
        FigureKind::PrefillThroughput => "prefill rate",
        FigureKind::DecodeThroughput => "decode rate",
        FigureKind::RequestRate => "request rate",
        FigureKind::Ttft => "time to first token",
        FigureKind::Itl => "inter-token latency",
        FigureKind::Tpot => "time per output token",
        FigureKind::E2eLatency => "end-to-end latency",
        FigureKind::Cost => "cost",
    }
}

/// Rank of a kind in CLAIMS §1.3's order (lower ranks first).
fn rank(k: FigureKind) -> u8 {
    use FigureKind::*;
    match k {
        ThroughputOutput | ThroughputTotal | ThroughputUnspecified | DecodeThroughput => 0,
        ThroughputPerUser => 1,
        PrefillThroughput => 2,
        Tpot | Itl => 3,
        RequestRate => 4,
        Ttft | E2eLatency => 5,
        Cost => 6,
    }
}

/// The rule that made `f` the headline.
fn rule_of(lower: &str, f: &Figure, from_table: bool) -> Rule {
    let label = f.label.as_deref().unwrap_or("");
    let end = f.span.end.min(lower.len());
    let start = f.span.start.min(end);
    let after = lower.get(end..).unwrap_or("").trim_start();
    let before = lower.get(..start).unwrap_or("").trim_end();
    if after.starts_with("(+") || before.ends_with('→') || before.ends_with("->") {
        Rule::OverBaseline
    } else if from_table {
        Rule::TableCell
    } else if label.starts_with("tg") {
        Rule::BenchDecodeRow
    } else if !label.is_empty() && label.contains("throughput") {
        Rule::ToolSummary
    } else {
        Rule::FirstOfBestKind
    }
}

/// Why `f` is not the headline `h`.
fn not_reason(f: &Figure, h: &Figure) -> String {
    let what = kind_words(f.kind);
    if f.derived {
        return format!("not the headline (CLAIMS §1.6): a {what} derived from another figure, not written in the text");
    }
    if let Some(m) = &f.settings.other_setup {
        return format!(
            "not the headline (CLAIMS §4): its sentence or row marks a different setup (`{}`)",
            m.value
        );
    }
    if f.label.as_deref().is_some_and(|l| l.starts_with("pp") && l.contains("tg")) {
        return "not the headline (CLAIMS §1.4): a pp+tg row averages two phases".into();
    }
    if f.kind == FigureKind::PrefillThroughput {
        return "not the headline (CLAIMS §1.4): a prefill (prompt-processing) rate".into();
    }
    if rank(f.kind) > rank(h.kind) {
        return format!(
            "not the headline (CLAIMS §1.3 order): a {what} ranks after the headline's {}",
            kind_words(h.kind)
        );
    }
    if f.scope == Some(Scope::PerUser) && h.scope != Some(Scope::PerUser) {
        return format!("not the headline (CLAIMS §1.3 order): a per-user {what} ranks after the aggregate rate");
    }
    format!("not the headline (CLAIMS §1.5): another {what} of the text (an earlier row, another point or another setup)")
}

/// Names the headline's rule and every other figure's reason.
pub(super) fn explain(lower: &str, figures: &mut [Figure], from_table: bool) {
    let Some(h) = figures.first().cloned() else {
        return;
    };
    figures[0].headline_reason = rule_of(lower, &h, from_table).reason(&h);
    for f in figures.iter_mut().skip(1) {
        f.headline_reason = not_reason(f, &h);
    }
}

/// Makes the figure read at `index` the headline (a user's choice); false when there is none.
/// Its attached settings are returned so the caller can let them replace the claim's.
pub fn choose(figures: &mut Vec<Figure>, index: usize) -> bool {
    let Some(pos) = figures.iter().position(|f| f.index == index) else {
        return false;
    };
    if pos != 0 {
        let f = figures.remove(pos);
        figures.insert(0, f);
        if let Some(old) = figures.get_mut(1) {
            old.headline_reason =
                format!("not the headline: the user chose figure {index} (was: {})", old.headline_reason);
        }
    }
    figures[0].headline_reason = format!("headline: chosen by the user (figure {index})");
    true
}
