//! Stage: say which figure is the headline and why, by the named rules of CLAIMS.md §1. The
//! reader orders the figures (headline first); this stage names the rule that put the first one
//! there and, for every other figure, the rule that kept it out, so the report can show both
//! (`claim.figures[].headline_reason`). A user's override (`o.fig`, [`choose`]) replaces the
//! first figure and says so.

use super::{Figure, FigureKind, Scope};

/// The CLAIMS.md §1 rules by name, each with the sentence the report shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// §1.2: the result the author marks as theirs ("I got", "we get", "we measured").
    AuthorMark,
    /// §1.2: the figure of the text's title, or the body's more precise form of it.
    Title,
    /// §1.3: a tool summary's aggregate output (else total) token throughput.
    ToolSummary,
    /// §1.4: a llama-bench `tg` row (per-user decode).
    BenchDecodeRow,
    /// §1.5: the cell of a table the surrounding words are about, else its last row.
    TableCell,
    /// §1.6: the tuned result over the baseline it improves on.
    OverBaseline,
    /// §1.5: a sweep (one setting varied over values) is read at its last point.
    SweepLastPoint,
    /// §1.5 / §1.3 order: the first result of the kind that ranks highest (output, total, then
    /// per-user, decode, prefill, request rate, latencies).
    FirstOfBestKind,
}

impl Rule {
    /// The reason as the report shows it.
    pub fn reason(self, f: &Figure) -> String {
        let what = kind_words(f.kind);
        match self {
            Rule::AuthorMark => format!(
                "headline (CLAIMS §1.2): the result the author marks as their own (\"I got\", \"we get\", in bold…; {what})"
            ),
            Rule::Title => format!(
                "headline (CLAIMS §1.2): the figure of the title, or the body's precise form of it ({what})"
            ),
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
            Rule::SweepLastPoint => format!(
                "headline (CLAIMS §1.5): the last point of a sweep over one setting ({what})"
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

fn article(w: &str) -> &'static str {
    if w.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}

/// Rank of a kind in CLAIMS §1.3's order (lower ranks first).
fn rank(k: FigureKind) -> u8 {
    use FigureKind::*;
    match k {
        ThroughputOutput | DecodeThroughput => 0,
        ThroughputTotal | ThroughputUnspecified => 1,
        ThroughputPerUser => 2,
        PrefillThroughput => 3,
        Tpot | Itl => 4,
        RequestRate => 5,
        Ttft | E2eLatency => 6,
        Cost => 7,
    }
}

/// The rule that made `f` the headline.
fn rule_of(lower: &str, f: &Figure, from_table: bool) -> Rule {
    let label = f.label.as_deref().unwrap_or("");
    let end = f.span.end.min(lower.len());
    let start = f.span.start.min(end);
    let after = lower.get(end..).unwrap_or("").trim_start();
    let before = lower.get(..start).unwrap_or("").trim_end();
    let arrow = before.ends_with('→') || before.ends_with("->");
    if arrow && super::reader::arrow_to_worse(lower, f.span) {
        Rule::SweepLastPoint
    } else if after.starts_with("(+") || arrow {
        Rule::OverBaseline
    } else if from_table {
        Rule::TableCell
    } else if super::reader::author_marked(lower, f.span) {
        Rule::AuthorMark
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
        return format!("not the headline (CLAIMS §1.6): {} {what} derived from another figure, not written in the text", article(what));
    }
    if let Some(m) = &f.settings.other_setup {
        return format!(
            "not the headline (CLAIMS §4): its sentence or row marks a different setup (`{}`)",
            m.value
        );
    }
    if f.label
        .as_deref()
        .is_some_and(|l| l.starts_with("pp") && l.contains("tg"))
    {
        return "not the headline (CLAIMS §1.4): a pp+tg row averages two phases".into();
    }
    if f.kind == FigureKind::PrefillThroughput {
        return "not the headline (CLAIMS §1.4): a prefill (prompt-processing) rate".into();
    }
    if rank(f.kind) > rank(h.kind) {
        return format!(
            "not the headline (CLAIMS §1.3 order): {} {what} ranks after the headline's {}",
            article(what),
            kind_words(h.kind)
        );
    }
    if f.scope == Some(Scope::PerUser) && h.scope != Some(Scope::PerUser) {
        return format!("not the headline (CLAIMS §1.3 order): a per-user {what} ranks after the aggregate rate");
    }
    format!("not the headline (CLAIMS §1.5): another {what} of the text (an earlier row, another point or another setup)")
}

/// Names the headline's rule and every other figure's reason.
pub(super) fn explain(lower: &str, figures: &mut [Figure], from_table: bool, sweep: bool) {
    let Some(h) = figures.first().cloned() else {
        return;
    };
    let titled = super::reader::title_span(lower).is_some_and(|t| {
        h.span.end <= t.end
            || figures.iter().any(|f| {
                f.span.end <= t.end
                    && f.unit == h.unit
                    && (f.value == h.value || super::reader::rounds_to(f.value, h.value))
            })
    });
    let rule = if sweep {
        Rule::SweepLastPoint
    } else if titled && !from_table {
        Rule::Title
    } else {
        match rule_of(lower, &h, from_table) {
            Rule::FirstOfBestKind if after_its_baseline(lower, figures) => Rule::OverBaseline,
            r => r,
        }
    };
    figures[0].headline_reason = rule.reason(&h);
    for f in figures.iter_mut().skip(1) {
        f.headline_reason = not_reason(f, &h);
    }
}

/// Whether the headline is the second of a before-and-after pair (`Pre/Post …`, then the same
/// kind of figure twice): another figure of its kind and unit stands between the marker and it.
fn after_its_baseline(lower: &str, figures: &[Figure]) -> bool {
    let Some(h) = figures.first() else {
        return false;
    };
    let Some(at) = super::reader::before_after_marker(lower) else {
        return false;
    };
    figures[1..].iter().any(|f| {
        f.kind == h.kind && f.unit == h.unit && f.span.start > at && f.span.start < h.span.start
    })
}

/// The setting a figure's own stretch gives, as a number, by key (for telling sweeps).
fn setting(f: &Figure, key: usize) -> Option<u32> {
    let s = &f.settings;
    match key {
        0 => s.batch_size.as_ref().map(|v| v.value),
        1 => s.concurrency.as_ref().map(|v| v.value),
        2 => s.prompt_tokens.as_ref().map(|v| v.value),
        3 => s.output_tokens.as_ref().map(|v| v.value),
        4 => s.gpu_count.as_ref().map(|v| v.value),
        _ => s.tp.as_ref().map(|v| v.value),
    }
}

/// Whether `f` measures what `h` does (same kind and unit) and is measured, not derived.
fn same_measure(h: &Figure, f: &Figure) -> bool {
    f.kind == h.kind && f.unit == h.unit && !f.derived
}

/// The points a sweep could be made of: the figures of the headline's kind and unit (and scope,
/// when `same_scope`), two or more, not derived, none marked as another setup, with no model or
/// GPU (or runtime, when `runtime_too`) differing between them, which would make them a
/// comparison of setups. Their indices, in the order of `figures`.
fn one_setup_points(figures: &[Figure], same_scope: bool, runtime_too: bool) -> Option<Vec<usize>> {
    let h = figures.first()?;
    let same: Vec<usize> = figures
        .iter()
        .enumerate()
        .filter(|(_, f)| same_measure(h, f) && (!same_scope || f.scope == h.scope))
        .map(|(i, _)| i)
        .collect();
    if same.len() < 2
        || same
            .iter()
            .any(|&i| figures[i].settings.other_setup.is_some())
    {
        return None;
    }
    let differs = |get: fn(&Figure) -> Option<&str>| {
        let named: Vec<&str> = same.iter().filter_map(|&i| get(&figures[i])).collect();
        named.windows(2).any(|w| w[0] != w[1])
    };
    let setups_differ = differs(|f| f.settings.model.as_ref().map(|m| m.value.as_str()))
        || differs(|f| f.settings.gpu.as_ref().map(|m| m.value.as_str()))
        || (runtime_too && differs(|f| f.settings.runtime.as_ref().map(|m| m.value.as_str())));
    (!setups_differ).then_some(same)
}

/// CLAIMS.md §1.5, a sweep: when the figures of the headline's kind (two or more, none marked
/// as another setup) each carry the same setting with different values and nothing else
/// differs in kind, the last one shown heads. Returns true when it reordered.
pub(super) fn sweep_end(figures: &mut [Figure]) -> bool {
    let Some(same) = one_setup_points(figures, false, false) else {
        return false;
    };
    let varies = (0..6).any(|key| {
        let vals: Vec<Option<u32>> = same.iter().map(|&i| setting(&figures[i], key)).collect();
        vals.iter().all(Option::is_some) && vals.windows(2).any(|w| w[0] != w[1])
    });
    // A rate stated bare, then the same rate under a load in the same stretch ("每秒9token，
    // 100并发下每秒700token", "9 tok/s, and 700 tok/s at 100 concurrent requests"): one stream,
    // then the load: a load sweep.
    let from_one = || {
        let mut pts = same.clone();
        pts.sort_by_key(|&i| figures[i].span.start);
        let (first, rest) = (pts[0], &pts[1..]);
        let near = figures[pts[pts.len() - 1]]
            .span
            .start
            .saturating_sub(figures[first].span.end)
            < 160;
        near && (0..2).any(|key| {
            setting(&figures[first], key).is_none()
                && rest
                    .iter()
                    .all(|&i| setting(&figures[i], key).is_some_and(|v| v > 1))
        })
    };
    if !varies && !from_one() {
        return false;
    }
    let last = *same
        .iter()
        .max_by_key(|&&i| figures[i].span.start)
        .expect("two or more");
    if last == 0 {
        return false;
    }
    figures[..=last].rotate_right(1);
    true
}

/// The most text between two points of a list of changes ([`change_list_end`]): about three
/// lines of a log or two sentences. A judgement, not a measured constant: points further apart
/// belong to different paragraphs of thought (a changelog's next entry).
const MAX_LIST_GAP_BYTES: usize = 240;

/// CLAIMS.md §1.5 and §1.6, a list of changes (`-npp 512  S_PP 2208.96 -> 2286.5 t/s` over
/// `-npp 2048  S_PP 2021.5 -> 2379.8 t/s`; `d=512 43.6 -> 48.4`, `d=4096 43.0 -> 46.7`): when the
/// headline ends a change written with an arrow and later figures of its kind and unit end
/// changes too, in the same paragraph (no blank line between, each within
/// [`MAX_LIST_GAP_BYTES`] of the last, no peak word between), none marked as another setup, the
/// list is read as a sweep of tuned results: its last point heads. A change to a worse value
/// (`201.76 -> 195.68`) is no point of it; a point on another GPU or model makes the list a
/// comparison, left as it is. Returns true when it reordered.
pub(super) fn change_list_end(lower: &str, figures: &mut [Figure]) -> bool {
    let Some(h) = figures.first() else {
        return false;
    };
    if h.derived
        || h.settings.other_setup.is_some()
        || !super::reader::arrow_improvement(lower, h.span)
    {
        return false;
    }
    let mut later: Vec<usize> = figures
        .iter()
        .enumerate()
        .filter(|(_, f)| {
            same_measure(h, f)
                && f.settings.other_setup.is_none()
                && f.span.start > h.span.end
                && super::reader::arrow_improvement(lower, f.span)
        })
        .map(|(i, _)| i)
        .collect();
    later.sort_by_key(|&i| figures[i].span.start);
    // Another GPU or model on a later point makes the list a comparison of setups, whose first
    // result is its subject (§1.5).
    let setup = |f: &Figure| {
        (
            f.settings.gpu.as_ref().map(|g| g.value.clone()),
            f.settings.model.as_ref().map(|m| m.value.clone()),
        )
    };
    let (gpu, model) = setup(h);
    let (mut last, mut end) = (0, h.span.end.min(lower.len()));
    for i in later {
        let start = figures[i].span.start.min(lower.len()).max(end);
        let gap = &lower[end..start];
        // A list's points stand close together; a peak after an average ("on average … with up
        // to …") is no point of it (§1.3: never the peak).
        if gap.contains("\n\n")
            || gap.len() > MAX_LIST_GAP_BYTES
            || ["up to", "peak", "maximum", "at most"]
                .iter()
                .any(|w| gap.contains(w))
        {
            break;
        }
        let (g, m) = setup(&figures[i]);
        if (g.is_some() && gpu.is_some() && g != gpu)
            || (m.is_some() && model.is_some() && m != model)
        {
            return false;
        }
        last = i;
        end = figures[i].span.end.min(lower.len()).max(start);
    }
    if last == 0 {
        return false;
    }
    figures[..=last].rotate_right(1);
    true
}

/// CLAIMS.md §1.3, one distribution: when the headline is a statistic (`p25`, `p99`, `mean`…)
/// and the figures of its kind, unit and scope hold two or more statistics, each once (LLMPerf's
/// `results_inter_token_latency_s_quantiles_p25` … `_p99`, `_mean`), they describe one run, not
/// the points of a sweep: its mean heads them, else its median. A statistic named twice is two
/// runs and is left to the sweep rules. Returns true when the figures are one distribution.
pub(super) fn distribution_centre(figures: &mut [Figure]) -> bool {
    let Some(h) = figures.first() else {
        return false;
    };
    if h.percentile.is_none() {
        return false;
    }
    let stats: Vec<(usize, &str)> = figures
        .iter()
        .enumerate()
        .filter(|(_, f)| f.kind == h.kind && f.unit == h.unit && f.scope == h.scope && !f.derived)
        .filter_map(|(i, f)| f.percentile.as_deref().map(|p| (i, p)))
        .collect();
    let once = stats
        .iter()
        .all(|(_, p)| stats.iter().filter(|(_, q)| q == p).count() == 1);
    if stats.len() < 2 || !once {
        return false;
    }
    let centre = ["mean", "p50"]
        .iter()
        .find_map(|c| stats.iter().find(|(_, p)| p == c).map(|(i, _)| *i));
    if let Some(i) = centre.filter(|&i| i > 0) {
        figures[..=i].rotate_right(1);
    }
    true
}

/// Words that name a workload (a scenario, task or dataset) a figure was measured on.
const WORKLOAD_WORDS: &[&str] = &[
    "scenario",
    "workload",
    "use case",
    "use-case",
    "task",
    "dataset",
    "场景",
    "任务",
    "数据集",
];

/// CLAIMS.md §1.5, a sweep over workloads written in prose: two or more figures of the
/// headline's kind, unit and scope in one paragraph, none marked as another setup, no model,
/// GPU or runtime differing between them, each after words naming its own workload ("text
/// generation scenario 128 tokens/s, multi-turn chat scenario 95 tokens/s", "chat workload: …;
/// summarisation workload: …"). The setup is one; only the workload varies, so the last point
/// shown heads, as in a table. Returns true when it reordered.
pub(super) fn workload_sweep_end(lower: &str, figures: &mut [Figure]) -> bool {
    let Some(mut same) = one_setup_points(figures, true, true) else {
        return false;
    };
    same.sort_by_key(|&i| figures[i].span.start);
    if same.first() != Some(&0) {
        return false;
    }
    // Each point's own words: from the previous point (or the start of the first one's line).
    let mut from = {
        let first = figures[same[0]].span.start.min(lower.len());
        lower[..first].rfind('\n').map_or(0, |i| i + 1)
    };
    for &i in &same {
        let start = figures[i].span.start.min(lower.len());
        let Some(own) = lower.get(from.min(start)..start) else {
            return false;
        };
        if own.contains("\n\n") || !WORKLOAD_WORDS.iter().any(|w| own.contains(w)) {
            return false;
        }
        from = figures[i].span.end.min(lower.len());
    }
    let last = *same.last().expect("two or more");
    figures[..=last].rotate_right(1);
    true
}

/// CLAIMS.md §1.5 for logs: the same tool summary printed several times (one block per load
/// point, a run repeated) — the headline's label appears again later, on a figure of the same
/// kind and unit, none marked as another setup — is read at its last block, as the last row of a
/// table. Returns true when it reordered.
pub(super) fn repeated_block_last(lower: &str, figures: &mut [Figure]) -> bool {
    let Some(h) = figures.first() else {
        return false;
    };
    let Some(label) = h.label.clone() else {
        return false;
    };
    if h.settings.other_setup.is_some() {
        return false;
    }
    let (kind, unit, start) = (h.kind, h.unit.clone(), h.span.start);
    // The first word of another source after the headline: a later printing past it is theirs
    // (found once, not once per printing).
    let other_from = [
        first_other_source(lower, start),
        next_engine_heading(lower, start),
    ]
    .into_iter()
    .flatten()
    .min();
    let last = figures
        .iter()
        .enumerate()
        .filter(|(_, f)| {
            !f.derived
                && f.kind == kind
                && f.unit == unit
                && f.label.as_deref().map(without_numbers) == Some(without_numbers(&label))
                && f.span.start > start
                && f.settings.other_setup.is_none()
                && other_from.is_none_or(|m| m >= f.span.start)
        })
        .max_by_key(|(_, f)| f.span.start)
        .map(|(i, _)| i);
    // The title naming the first block's heading (`… to easily test llama-3` over `LLAMA 3:` …
    // `LLAMA 2:`): the text is about that block (CLAIMS.md §1.5, the row the words are about).
    if let (Some(t), Some(head)) = (
        super::reader::title_span(lower),
        block_heading(lower, start),
    ) {
        let title = squeeze(&lower[t.start..t.end]);
        if head.1 > t.end && head.0.len() >= 4 && title.contains(&head.0) {
            return false;
        }
    }
    match last {
        Some(i) if i > 0 => {
            figures[..=i].rotate_right(1);
            true
        }
        _ => false,
    }
}

/// Letters and digits only (`LLAMA 3:` and `llama-3` both `llama3`).
fn squeeze(s: &str) -> String {
    s.chars().filter(|c| c.is_alphanumeric()).collect()
}

/// The heading of the block of `key: value` lines holding `at`: the nearest line above it (at
/// most 40 lines) that is neither such a record, a fence, a rule nor blank; squeezed, with
/// where its line starts.
fn block_heading(lower: &str, at: usize) -> Option<(String, usize)> {
    let at = super::reader::floor_boundary(lower, at.min(lower.len()));
    let above = &lower[..lower[..at].rfind('\n')?];
    let mut end = above.len();
    for line in above.rsplit('\n').take(40) {
        let from = end - line.len();
        end = from.saturating_sub(1);
        let l = line.trim();
        let record = l
            .split_once([':', '：'])
            .is_some_and(|(_, v)| !v.trim().is_empty());
        let rule = l.starts_with("```") || l.chars().all(|c| "-=~*# ".contains(c));
        if record || rule {
            continue;
        }
        return Some((squeeze(l), from));
    }
    None
}

/// Engines whose name alone on a line heads a block of results (`SGLang` … `LMDeploy` …).
const ENGINE_HEADINGS: &[&str] = &[
    "vllm",
    "sglang",
    "lmdeploy",
    "tensorrt-llm",
    "trt-llm",
    "tgi",
    "llama.cpp",
    "ollama",
    "mlc-llm",
    "exllamav2",
    "lightllm",
    "deepspeed-mii",
    "mindie",
    "text-generation-inference",
];

/// Where a line naming only an engine stands after `from`, when the block holding `from` is
/// headed by another engine's line: results printed per engine compare setups (CLAIMS.md §1.5:
/// the first stated is the subject), they are not one run's repeats.
fn next_engine_heading(lower: &str, from: usize) -> Option<usize> {
    let from = from.min(lower.len());
    let engine = |line: &str| {
        let l = line
            .trim()
            .trim_matches(|c: char| matches!(c, '#' | '*' | ':' | '：' | ' '));
        ENGINE_HEADINGS.iter().find(|e| l == **e).copied()
    };
    // The engine heading the headline's block: the nearest such line before it (600 bytes).
    let back = &lower[super::reader::floor_boundary(lower, from.saturating_sub(600))..from];
    let own = back.lines().rev().find_map(engine)?;
    let mut at = from;
    for line in lower[from..].split_inclusive('\n') {
        if engine(line).is_some_and(|e| e != own) {
            return Some(at);
        }
        at += line.len();
    }
    None
}

/// A label with its numbers taken out (`decode. median latency: 0.00905 s, median throughput:`
/// printed again with another latency is the same line of the next block).
fn without_numbers(label: &str) -> String {
    label
        .chars()
        .filter(|c| !c.is_ascii_digit() && *c != '.' && *c != ',')
        .collect()
}

/// Where the first word that introduces someone else's numbers (the project's official figures,
/// a reference run, the expected values, an older build, another configuration) stands after
/// `from`: a later printing of the same summary past it is theirs.
fn first_other_source(lower: &str, from: usize) -> Option<usize> {
    let from = from.min(lower.len());
    let rest = lower.get(from..)?;
    [
        "官方",
        "official",
        // An older build printed after the current one (`Now (0.4.3): …` then `Before (0.4.2):
        // …`): the baseline of a regression report.
        "before (",
        "before:",
        // Another configuration tried after the first (`换成 Q8_0 之后 tg128 掉到 17.9`,
        // "switching to FP16 it drops to").
        "换成",
        "改成",
        "switching to",
        "switched to",
        "switch to",
        "previous version",
        "previous release",
        "old version",
        "reference",
        "expected",
        "期望",
        "baseline",
        "基准",
    ]
    .iter()
    .filter_map(|w| crate::claim::attach::find_setup_word(rest, w))
    .min()
    .map(|i| from + i)
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
            old.headline_reason = format!(
                "not the headline: the user chose figure {index} (was: {})",
                old.headline_reason
            );
        }
    }
    figures[0].headline_reason = format!("headline: chosen by the user (figure {index})");
    true
}
