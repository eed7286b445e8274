//! What marks a figure as the author's result or as another setup's: the conclusion, praise, records, advice, baselines and titles (CLAIMS.md §1, §4).

use super::*;

/// Where the words of a list occur in the text, found once in one pass over its bytes, so each
/// figure asks about its own window by binary search instead of searching it word by word
/// (a 100 KB paste holds thousands of figures).
pub(super) struct Marks(Vec<(usize, usize)>);

impl Marks {
    pub(super) fn new(lower: &str, words: &[&str]) -> Marks {
        // At each byte that starts some word, the words starting with it are compared there.
        let mut by_first: [u64; 256] = [0; 256];
        for (k, w) in words.iter().enumerate().take(64) {
            if let Some(&b) = w.as_bytes().first() {
                by_first[b as usize] |= 1 << k;
            }
        }
        let bytes = lower.as_bytes();
        let mut at = Vec::new();
        for (i, &b) in bytes.iter().enumerate() {
            let mut set = by_first[b as usize];
            while set != 0 {
                let k = set.trailing_zeros() as usize;
                set &= set - 1;
                let w = words[k].as_bytes();
                // The second byte first: most starts fail there, without a call to compare.
                if w.get(1).is_none_or(|c| bytes.get(i + 1) == Some(c)) && bytes[i..].starts_with(w)
                {
                    at.push((i, i + w.len()));
                }
            }
        }
        Marks(at)
    }
    /// The start of the last word lying wholly in `[from, to)`.
    pub(super) fn last_in(&self, from: usize, to: usize) -> Option<usize> {
        let k = self.0.partition_point(|&(s, _)| s < to);
        self.0[..k]
            .iter()
            .rev()
            .take_while(|&&(s, _)| s >= from)
            .find(|&&(_, e)| e <= to)
            .map(|&(s, _)| s)
    }
}

/// Words that, in the clause just before a figure, introduce another setup's result: the other
/// side of a comparison ("vs", "compared to", "than", "whereas", "while"), a baseline or a
/// competitor, hearsay ("someone", "reportedly"), an official figure (官方) (CLAIMS.md §1.5:
/// in a comparison the first result stated is the subject; §4).
pub(super) const OTHER_SIDE: &[&str] = &[
    " vs",
    "versus",
    "compared to",
    "compared with",
    "comparison",
    " than ",
    "whereas",
    "baseline",
    // An unoptimised path measured to be beaten ("a naive CPU fallback yields ~8 tok/s").
    "naive",
    "fallback",
    "unoptimi",
    "competitor",
    "instead of",
    "someone",
    "reportedly",
    // The base of a ratio ("80 tok/s (2x the 40 tok/s you quote)", "3 times the", "twice the
    // 40 tok/s"): a multiple's digit before the `x` ("fix the", "max the" are none), a space
    // before "times" ("sometimes the" is none).
    "0x the ",
    "1x the ",
    "2x the ",
    "3x the ",
    "4x the ",
    "5x the ",
    "6x the ",
    "7x the ",
    "8x the ",
    "9x the ",
    "× the ",
    " times the ",
    "twice the ",
    "对比",
    "相比",
    "官方",
];

/// CLAIMS.md §1.5 (comparison) and §4: a figure whose own clause (the words after the figure or
/// clause break before it: `,`, `;`, `. `, a line end) opens with a comparison, baseline or
/// hearsay word is another setup's result and ranks one step after the text's own (`58 tok/s
/// on X, whereas GPU providers average 25 tok/s`: 25 is not the subject). "While" is not one:
/// it joins two metrics of one setup as often ("40 tok/s per user while the server pushes
/// 3,200 in total"). Linear: the figures
/// are sorted once and each looks back at most 100 bytes.
/// A figure on a quoted line (`> about 22ms/token`, a reply quoting an earlier comment) is the
/// quoted person's, another setup (CLAIMS.md §4): it ranks one step after the figures of the
/// reply's own lines, when the text has such lines with a number on them.
pub(super) fn quoted_as_other(lower: &str, cands: &mut [Cand]) {
    use crate::claim::attach::{has_own_numbered_line, quote_start};
    let quoted = |c: &Cand| quote_start(lower, c.fig.span.start).is_some();
    if !cands.iter().any(quoted) || !has_own_numbered_line(lower) {
        return;
    }
    for c in cands.iter_mut() {
        if quoted(c) {
            c.prio += 1;
        }
    }
}

pub(super) fn introduced_as_other(lower: &str, cands: &mut [Cand]) {
    let marks = Marks::new(lower, OTHER_SIDE);
    // Whether any line is a baseline's caption, asked once (one pass) before each figure's.
    let baseline_captions = lower
        .lines()
        .any(|l| l.trim().len() <= 48 && caption_words(l).is_some_and(names_baseline));
    let order = crate::stats::stable_order(cands.len(), &|a, b| {
        cands[a].fig.span.start.cmp(&cands[b].fig.span.start)
    });
    let mut prev_end = 0;
    for &i in &order {
        let span = cands[i].fig.span;
        let start = span.start.min(lower.len());
        let from = floor_boundary(lower, start.saturating_sub(100)).max(prev_end.min(start));
        let from = floor_boundary(lower, from);
        let window = &lower[from..start];
        let clause_at = window
            .rfind([',', ';', '\n', '，', '；', '。'])
            .map_or(from, |j| from + j);
        let clause_at = lower[clause_at..start]
            .rfind(". ")
            .map_or(clause_at, |j| clause_at + j + 1);
        // A sentence that opens with "Previously" tells an earlier result (a former record, a
        // baseline), not the text's own (`Previously, Groq held the record with 800 tokens/s`).
        let head = &lower[floor_boundary(lower, start.saturating_sub(200))..start];
        let sentence_at =
            start - head.len() + head.rfind(". ").max(head.rfind('\n')).map_or(0, |j| j + 1);
        let sentence = &lower[sentence_at..start];
        // So does one about an earlier run or post of the author's ("In our earlier sequential
        // benchmark …, v0.16 produced 259.3 tok/s").
        let earlier = sentence
            .trim_start_matches([' ', '.', '\n'])
            .starts_with("previously")
            || super::super::attach::EARLIER_RUN
                .iter()
                .any(|w| sentence.contains(w));
        // The clause's own words (a leading space of ` vs` may sit just before it).
        if earlier
            || marks.last_in(clause_at.saturating_sub(1), start).is_some()
            // (A mark within 600 bytes before asked first: one binary search, not a line walk.)
            || (marks.last_in(start.saturating_sub(600), start).is_some()
                && list_caption(lower, start).is_some_and(|(a, b)| marks.last_in(a, b).is_some()))
        {
            cands[i].prio += 6;
        }
        // A block printed under a caption naming the baseline (`main branch:` above a tool's
        // output, then `pr:` above the same output again): the baseline's (CLAIMS.md §1.6).
        if baseline_captions && block_caption(lower, start).is_some_and(names_baseline) {
            cands[i].prio += 6;
        }
        prev_end = prev_end.max(span.end);
    }
}

/// The nearest line above the one holding `at` that ends with `:` or `：` (a caption), at most
/// `lines` lines up; with `blank_ends`, a blank line between ends the search (a list's caption
/// sits right above it). Returns the caption line's byte range, trimmed at its end.
fn caption_above(lower: &str, at: usize, lines: usize, blank_ends: bool) -> Option<(usize, usize)> {
    let at = floor_boundary(lower, at.min(lower.len()));
    let mut end = lower[..at].rfind('\n')?;
    for _ in 0..lines {
        let start = lower[..end].rfind('\n').map_or(0, |k| k + 1);
        let line = lower[start..end].trim_end();
        if blank_ends && line.trim().is_empty() {
            return None;
        }
        if line.ends_with(':') || line.ends_with('：') {
            return Some((start, start + line.len()));
        }
        if start == 0 {
            return None;
        }
        end = start - 1;
    }
    None
}

/// The caption of the list a figure's line belongs to: the nearest caption line above it in the
/// same block (no blank line between, at most six lines up; `对比H20 SGLang thoughout :` above
/// `Qwen3-32B 20.72 tokens/s`).
fn list_caption(lower: &str, at: usize) -> Option<(usize, usize)> {
    caption_above(lower, at, 6, true)
}

/// A caption line's words: without its colon and markup (`## main branch:` → `main branch`).
fn caption_words(line: &str) -> Option<&str> {
    let line = line.trim();
    let words = line.strip_suffix(':').or_else(|| line.strip_suffix('：'))?;
    Some(words.trim_matches(|c: char| c == '#' || c == '*' || c == ' '))
}

/// The caption of the block a figure is printed in: the nearest caption line above it, at most
/// twelve lines up, blank lines and fences between allowed, when it is short and holds no digit
/// (`main branch:` above a fenced tool output). Returns its words.
fn block_caption(lower: &str, at: usize) -> Option<&str> {
    // A tool's block runs 20–40 lines (`vllm bench serve`'s summary): its caption covers all.
    let (a, b) = caption_above(lower, at, 40, false)?;
    caption_words(&lower[a..b])
        .filter(|w| w.len() <= 40 && !w.contains(|c: char| c.is_ascii_digit()))
}

/// Whether a block's caption names the baseline of a change: the main branch, the code before
/// it, the original or the old version.
fn names_baseline(caption: &str) -> bool {
    [
        "main",
        "main branch",
        "master",
        "master branch",
        "baseline",
        "before",
        "before this pr",
        "before the pr",
        "before pr",
        "original",
        "old",
        "without this pr",
        "without the pr",
        "w/o this pr",
    ]
    .contains(&caption)
}

/// The text's title: its first line when that reads as one (a single phrase or sentence of at
/// most 200 bytes with no `. ` inside, not a table row or a label ending in `:`) and more text
/// follows it. Returns its byte range.
pub(in crate::claim) fn title_span(lower: &str) -> Option<Span> {
    let first_end = lower.find('\n')?;
    let line = &lower[..first_end];
    let t = line.trim();
    // A quoted line (`> …`, a reply quoting someone) is the quoted person's words, no title.
    if t.starts_with('>') {
        return None;
    }
    let rest = &lower[first_end..];
    let one_phrase = !t.trim_end_matches('.').contains(". ") && !t.contains("。");
    let body = rest.trim().len() >= 40;
    // A record line (`Throughput: 5.99 requests/s`, `batch 1, input 128: **30 tok/s**`): a
    // label of a few words or settings with its value right after the colon.
    let record = t.split_once(':').is_some_and(|(label, value)| {
        let value = value.trim_start_matches([' ', '*', '~']);
        value.starts_with(|c: char| c.is_ascii_digit())
            && (label.split_whitespace().count() <= 3 || label.contains(','))
    });
    // What follows a title is a blank line or prose (a subtitle, a paragraph), not a tool's
    // block or a table; elided lines (`...`) are skipped.
    let next = rest
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.chars().all(|c| c == '.' || c == '…' || c == ' '));
    let blank_after = rest.trim_start_matches([' ', '\t']).starts_with("\n\n")
        || rest.starts_with("\n\n")
        || rest.starts_with("\r\n\r\n");
    let prose_after = next.is_some_and(|l| {
        l.starts_with(|c: char| c.is_alphabetic() || c == '#' || c == '>') && !l.contains('|')
    });
    // A log or listing line (`llama_perf_context_print: prompt eval time = …`, `INFO: …`,
    // `key = value`; a title's `TP=8` is no such line), or a first line the next one repeats the start of, is output, not a title.
    let head = t.split(':').next().unwrap_or("");
    let log = t.contains(" =")
        || (t.contains(':') && (head.contains('_') || !head.contains(' ')) && head.len() < t.len())
        || next.is_some_and(|l| {
            let n = t.len().min(l.len()).min(8);
            n >= 4 && t.get(..n).is_some() && t.get(..n) == l.get(..n)
        });
    (!record
        && !log
        && (blank_after || prose_after)
        && t.len() >= 8
        && line.len() <= 200
        && one_phrase
        && body
        // One bar inside a line is a title's separator (`… on MI50 | Blog`); more, or one at
        // an edge, or a table line after it, is a table.
        && (t.matches('|').count() == 0
            || (t.matches('|').count() == 1
                && !t.starts_with('|')
                && !t.ends_with('|')
                && !next.is_some_and(|l| l.contains('|'))))
        && !t.contains('\t')
        && !t.ends_with(':')
        && !t.ends_with('：'))
    .then_some(Span {
        start: 0,
        end: first_end,
    })
}

/// True when `v` is written with fewer significant digits than `precise` and lies within 5% of
/// it: the same result rounded (`4500` for 4,520; `2.5 million` for 2.49 million).
pub(in crate::claim) fn rounds_to(v: f64, precise: f64) -> bool {
    let digits = |x: f64| {
        let mut m = x.abs();
        if m == 0.0 || !m.is_finite() {
            return 0;
        }
        while m >= 1.0 && (m / 10.0).fract() == 0.0 {
            m /= 10.0;
        }
        let s = format!("{m}");
        s.chars().filter(|c| c.is_ascii_digit()).count()
    };
    precise > 0.0 && (v - precise).abs() <= 0.05 * precise && digits(v) < digits(precise)
}

/// CLAIMS.md §1 rule 2: a figure in the text's title is the one its author marks (one step
/// ahead). When the body states the same result more precisely (a token rate of the same unit
/// within 5% of the title's, written with more digits: "4500 tokens/s" in the title, 4,520 in
/// the body; "surpasses 1M" and 1,042,110), or repeats it with the words around it, the body's
/// figure takes the mark instead.
pub(super) fn title_marked(lower: &str, cands: &mut [Cand]) {
    let Some(title) = title_span(lower) else {
        return;
    };
    let in_title: Vec<usize> = (0..cands.len())
        .filter(|&i| cands[i].fig.span.end <= title.end)
        .collect();
    // Only a title with one figure of a kind marks it (several are a comparison or a list).
    if in_title.is_empty() || in_title.len() > 2 {
        return;
    }
    for &i in &in_title {
        let t = cands[i].fig.clone();
        let twin = (0..cands.len())
            .filter(|&j| {
                let f = &cands[j].fig;
                f.span.start >= title.end
                    && f.unit == t.unit
                    && f.kind.is_throughput() == t.kind.is_throughput()
                    && !f.derived
                    && (rounds_to(t.value, f.value) || t.value == f.value)
            })
            .min_by_key(|&j| cands[j].prio);
        match twin {
            Some(j) => cands[j].prio -= 2,
            None => cands[i].prio -= 2,
        }
    }
}

/// CLAIMS.md §1.5, the setup the words are about: a title without a figure of its own that
/// names a versioned name (a word with letters and digits: `EAGLE-3`, `W4A8`, `Qwen3-8B`) which
/// stands in the own clause of exactly one token rate (`SGLang base 158 tokens/s vs EAGLE-2 244
/// tokens/s vs EAGLE-3 373 tokens/s` under `EAGLE-3: Scaling up …`) marks that rate. A clause
/// runs from the previous figure or clause break on its line to the figure.
pub(super) fn title_names_setup(lower: &str, cands: &mut [Cand]) {
    // The first line as a heading (a paper's `EAGLE-3: Scaling up …` too, which
    // [`title_span`] leaves as a `key: value` line): short, no table row, code or assignment.
    let Some(first_end) = lower.find('\n') else {
        return;
    };
    let t = lower[..first_end].trim();
    if t.len() > 160 || t.starts_with(['|', '`', '{', '[', '<']) || t.contains('=') {
        return;
    }
    if cands.iter().any(|c| c.fig.span.start < first_end) {
        return;
    }
    let names: Vec<&str> = t
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '.'))
        .map(|w| w.trim_matches(['-', '.']))
        .filter(|w| {
            w.len() >= 3
                && w.contains(|c: char| c.is_ascii_digit())
                && w.contains(|c: char| c.is_ascii_alphabetic())
        })
        .take(8)
        .collect();
    if names.is_empty() {
        return;
    }
    let ends: Vec<usize> = cands.iter().map(|c| c.fig.span.end).collect();
    let clause = |c: &Cand| -> &str {
        let start = c.fig.span.start.min(lower.len());
        let line_start = lower[..start].rfind('\n').map_or(0, |i| i + 1);
        let prev = ends
            .iter()
            .copied()
            .filter(|&e| e <= start && e >= line_start)
            .max()
            .unwrap_or(line_start);
        let from = floor_boundary(lower, prev.max(start.saturating_sub(80)));
        let seg = &lower[from..start];
        let cut = [", ", "; ", ". ", ": "]
            .iter()
            .filter_map(|w| seg.rfind(w).map(|i| i + w.len()))
            .max()
            .unwrap_or(0);
        &seg[cut..]
    };
    let has = |seg: &str, w: &str| {
        seg.match_indices(w).any(|(i, _)| {
            let pre = seg[..i].chars().next_back();
            let post = seg[i + w.len()..].chars().next();
            !pre.is_some_and(|c| c.is_ascii_alphanumeric() || c == '-')
                && !post.is_some_and(|c| c.is_ascii_alphanumeric() || c == '-')
        })
    };
    let rates: Vec<usize> = (0..cands.len())
        .filter(|&i| cands[i].fig.kind.is_throughput() && !cands[i].fig.derived)
        .collect();
    if rates.len() < 2 {
        return;
    }
    let named: Vec<usize> = rates
        .iter()
        .copied()
        .filter(|&i| {
            let seg = clause(&cands[i]);
            names.iter().any(|w| has(seg, w))
        })
        .collect();
    if let [i] = named[..] {
        let best = rates.iter().map(|&j| cands[j].prio).min().unwrap_or(0);
        cands[i].prio = cands[i].prio.min(best - 1);
    }
}

/// CLAIMS.md §1 rule 2 for a title that names a cost ("Cost Per Token Breakdown", "TCO per
/// million tokens") without a figure of its own: the text is about its price, so its cost
/// figures head before the throughputs they are worked out from.
pub(super) fn title_names_cost(lower: &str, cands: &mut [Cand]) {
    let Some(title) = title_span(lower) else {
        return;
    };
    let t = &lower[title.start..title.end.min(lower.len())];
    let costly = [
        "cost",
        "price",
        "pricing",
        "tco",
        "$/",
        "per million tokens",
    ]
    .iter()
    .any(|w| t.contains(w));
    if !costly || cands.iter().any(|c| c.fig.span.end <= title.end) {
        return;
    }
    let Some(best) = cands.iter().map(|c| c.prio).min() else {
        return;
    };
    for c in cands.iter_mut().filter(|c| c.fig.kind == FigureKind::Cost) {
        c.prio = best - 1;
    }
}

/// True when `v` is `precise` rounded to `v`'s own last digit (9,100 from 9,137; 2.5 million
/// from 2.49 million; not 32.3 from 32.79) and within 2% of it.
pub(super) fn rounds_exactly(v: f64, precise: f64) -> bool {
    if !(v > 0.0 && precise > 0.0) || v == precise || (v - precise).abs() > 0.02 * precise {
        return false;
    }
    // The place of `v`'s last significant digit; a one-digit figure (`10`, `2K`) is a round
    // number, not a rounding.
    let mut step = 1e-6;
    for e in (-6..=9).rev() {
        let m = 10f64.powi(e);
        if ((v / m).round() * m - v).abs() <= 1e-9 * v.max(1.0) {
            step = m;
            break;
        }
    }
    if v / step < 10.0 {
        return false;
    }
    ((precise / step).round() * step - v).abs() <= 1e-9 * v.max(1.0)
}

/// True when the words just before a latency's number bound it (`<`, `≤`, `<=`, "under",
/// "below", "at most", "within", "less than", "no more than") or the words after name it a
/// threshold, an SLO or a target.
pub(super) fn latency_bound(lower: &str, span: Span) -> bool {
    let start = span.start.min(lower.len());
    let pre = lower[floor_boundary(lower, start.saturating_sub(60))..start].trim_end();
    // The number itself may be inside the span (`TPOT < 50 ms`: the span starts at `tpot`).
    let inner = &lower[start..span.end.min(lower.len())];
    let digit = inner.find(|c: char| c.is_ascii_digit()).unwrap_or(0);
    let head = format!("{pre} {}", inner[..digit].trim_end());
    let head = head.trim_end();
    let bounded = [
        "<",
        "≤",
        "<=",
        "under",
        "below",
        "at most",
        "within",
        "less than",
        "no more than",
        "up to",
        "under the",
        "below the",
        "within the",
        // `Sub-20ms per token`.
        "sub-",
        "sub",
    ]
    .iter()
    .any(|w| head.ends_with(w));
    let end = span.end.min(lower.len());
    let post = &lower[end..floor_boundary(lower, (end + 40).min(lower.len()))];
    let post = post.split(['.', ';', '\n', ',']).next().unwrap_or("");
    let named = ["threshold", "slo", "target", "budget", "limit"]
        .iter()
        .any(|w| post.contains(w));
    bounded || named
}

/// Whether `x` is a rounding of `y`, a figure of the same unit and kind written more
/// precisely, within 2 %, and measured (not derived).
pub(super) fn rounds_twin(x: &Figure, y: &Figure) -> bool {
    (x.value - y.value).abs() <= 0.02 * y.value.abs()
        && x.value != y.value
        && x.unit == y.unit
        && x.kind == y.kind
        && !y.derived
        && x.value_high.is_none()
        && rounds_exactly(x.value, y.value)
}

/// A rounded figure (`9.1K output tokens/s` in an abstract) and its precise form elsewhere
/// (`9,137 output tokens/s` in the results): the precise one is the measurement, with its own
/// sentence's setup (CLAIMS.md §1: a rounded summary vs the precise body). The rounded one
/// yields its rank to its twin.
pub(super) fn precise_twins(cands: &mut [Cand]) {
    let is_twin = |a: usize, b: usize| b != a && rounds_twin(&cands[a].fig, &cands[b].fig);
    // A twin's value is within 2% of its own, so within 2.05% of the figure's (|x − y| ≤
    // 0.02 |y| gives |x − y| ≤ 0.02 / 0.98 |x|): only the figures of nearby value, in value
    // order, are tried (a long paste has thousands of figures; every pair would be millions).
    let mut by_value: Vec<usize> = (0..cands.len())
        .filter(|&i| !cands[i].fig.value.is_nan())
        .collect();
    by_value.sort_by(|&a, &b| cands[a].fig.value.total_cmp(&cands[b].fig.value));
    let twins: Vec<Option<usize>> = (0..cands.len())
        .map(|a| {
            let x = cands[a].fig.value;
            if cands[a].fig.value_high.is_some() || !x.is_finite() {
                return None;
            }
            let reach = 0.0205 * x.abs();
            let lo = by_value.partition_point(|&i| cands[i].fig.value < x - reach);
            by_value[lo..]
                .iter()
                .take_while(|&&i| cands[i].fig.value <= x + reach)
                .copied()
                .filter(|&b| is_twin(a, b))
                // The first in the list, as a scan over every figure finds it.
                .min()
        })
        .collect();
    for (a, twin) in twins.into_iter().enumerate() {
        if let Some(b) = twin {
            let p = cands[a].prio;
            cands[b].prio = cands[b].prio.min(p);
            cands[a].prio = p + 1;
        }
    }
}

/// Where the text first announces a before-and-after pair (`Pre/Post`, `Before/After`).
pub(in crate::claim) fn before_after_marker(lower: &str) -> Option<usize> {
    ["pre/post", "before/after", "before / after"]
        .iter()
        .filter_map(|w| lower.find(w))
        .min()
}

/// CLAIMS.md §1.6 for a before-and-after pair (`Pre/Post for 4-bit Mistral 7B on M2 Ultra`, then
/// two `Prompt: 33898 tokens, … tokens-per-sec` lines): the second of the two figures of one kind
/// after the marker is the change's result, the first its baseline.
pub(super) fn before_after_marked(lower: &str, cands: &mut [Cand]) {
    let Some(at) = before_after_marker(lower) else {
        return;
    };
    let after: Vec<usize> = (0..cands.len())
        .filter(|&i| cands[i].fig.span.start > at && !cands[i].fig.derived)
        .collect();
    let Some(first) = after
        .iter()
        .copied()
        .min_by_key(|&i| cands[i].fig.span.start)
    else {
        return;
    };
    let (kind, unit) = (cands[first].fig.kind, cands[first].fig.unit.clone());
    let pair: Vec<usize> = after
        .into_iter()
        .filter(|&i| cands[i].fig.kind == kind && cands[i].fig.unit == unit)
        .collect();
    if let [a, b] = pair[..] {
        let post = if cands[a].fig.span.start > cands[b].fig.span.start {
            a
        } else {
            b
        };
        cands[post].prio -= 4;
    }
}

/// CLAIMS.md §1.6 in one sentence or line: a rate whose clause opens on a "before" word
/// (`在量化之前 … 大概是670token/s`, "before the fix it ran at 31 tok/s") and a later rate of the
/// same kind whose clause says "after" (`但是awq量化之后 … 只有770token/s`, "after it, 38 tok/s"):
/// the changed setup's result is the later one. A clause runs from the last `,`, `，`, `;`, `；`,
/// `. ` or line start before the figure, at most 120 bytes back.
pub(super) fn clause_before_after(lower: &str, cands: &mut [Cand]) {
    const BEFORE: &[&str] = &["before", "之前", "优化前", "量化前", "修改前"];
    const AFTER: &[&str] = &["after", "之后", "以后", "优化后", "量化后", "修改后"];
    let clause = |start: usize| -> &str {
        let start = start.min(lower.len());
        let from = floor_boundary(lower, start.saturating_sub(120));
        let seg = &lower[from..start];
        let cut = ["\n", ", ", "，", "; ", "；", ". ", "。"]
            .iter()
            .filter_map(|w| seg.rfind(w).map(|i| i + w.len()))
            .max()
            .unwrap_or(0);
        &seg[cut..]
    };
    let has = |seg: &str, words: &[&str]| words.iter().any(|w| seg.contains(w));
    let order = crate::stats::stable_order(cands.len(), &|a, b| {
        cands[a].fig.span.start.cmp(&cands[b].fig.span.start)
    });
    for w in order.windows(2) {
        let (a, b) = (w[0], w[1]);
        let (fa, fb) = (&cands[a].fig, &cands[b].fig);
        // The same measure: one kind, or one side's kind left unsaid.
        let unsaid = |k: FigureKind| k == FigureKind::ThroughputUnspecified;
        let same = fa.kind == fb.kind
            || (fa.kind.is_throughput()
                && fb.kind.is_throughput()
                && (unsaid(fa.kind) || unsaid(fb.kind)));
        if !same || fa.unit != fb.unit || fa.derived || fb.derived {
            continue;
        }
        // The same sentence: no sentence end between the two.
        let between = &lower[fa.span.end.min(lower.len())..fb.span.start.min(lower.len())];
        if between.len() > 240
            || between.contains(". ")
            || between.contains('。')
            || between.contains('\n')
        {
            continue;
        }
        let (ca, cb) = (clause(fa.span.start), clause(fb.span.start));
        if has(ca, BEFORE) && !has(ca, AFTER) && has(cb, AFTER) && !has(cb, BEFORE) {
            let best = cands.iter().map(|c| c.prio).min().unwrap_or(0);
            cands[b].prio = cands[b].prio.min(best - 1);
            // One measure before and after: the kind said on one side is the other's.
            if unsaid(cands[b].fig.kind) && !unsaid(cands[a].fig.kind) {
                cands[b].fig.kind = cands[a].fig.kind;
                cands[b].fig.kind_stated = cands[a].fig.kind_stated;
            }
            return;
        }
    }
}

/// CLAIMS.md §1 rule 2, the mark after the figure: "~27 t/s is what I'm getting day to day",
/// "40 tok/s is what we see in production". The marked figure, or the precise figure it rounds
/// (27.3 for "~27"), takes the mark.
pub(super) fn summary_marked(lower: &str, cands: &mut [Cand]) {
    const MARKS: &[&str] = &[
        "is what i'm getting",
        "is what i am getting",
        "is what i get",
        "is what we get",
        "is what we're getting",
        "is what we are getting",
        "is what i see",
        "is what we see",
    ];
    let marked: Vec<usize> = (0..cands.len())
        .filter(|&i| {
            let end = cands[i].fig.span.end.min(lower.len());
            let after = &lower[end..floor_boundary(lower, (end + 40).min(lower.len()))];
            let after = after.trim_start();
            // The unit may stand between (`~27 t/s is what…`).
            let after = after
                .split_once(" is what")
                .filter(|(unit, _)| unit.len() <= 12 && !unit.contains(['.', ',', '\n']))
                .map_or(after, |(_, rest)| {
                    &after[after.len() - rest.len() - " is what".len()..]
                });
            MARKS.iter().any(|m| after.starts_with(m))
        })
        .collect();
    for i in marked {
        let t = cands[i].fig.clone();
        let twin = (0..cands.len())
            .filter(|&j| {
                let f = &cands[j].fig;
                j != i
                    && f.unit == t.unit
                    && f.kind.is_throughput() == t.kind.is_throughput()
                    && !f.derived
                    && rounds_to(t.value, f.value)
            })
            .min_by_key(|&j| cands[j].prio);
        match twin {
            Some(j) => cands[j].prio -= 2,
            None => cands[i].prio -= 2,
        }
    }
}

/// A label's words without its statistic (`Median output tokens/second` and `Mean output
/// tokens/second` share `output tokens second`).
pub(super) fn label_stem(label: &str) -> String {
    const STATS: &[&str] = &[
        "mean", "average", "avg", "median", "p50", "p90", "p95", "p99", "min", "max", "std",
    ];
    label
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty() && !STATS.contains(w))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A token rate given as a distribution (a median or percentile beside the mean of the same
/// label) is over requests, each request's own rate (CLAIMS.md §2: per user); its mean is then
/// the mean request's rate, not the run's throughput, and per user too.
pub(super) fn mean_over_requests(figures: &mut [Figure]) {
    let spread: Vec<String> = figures
        .iter()
        .filter(|f| f.kind.is_throughput() && f.scope == Some(Scope::PerUser))
        .filter_map(|f| f.label.as_deref())
        .filter(|l| {
            ["median", "p50", "p90", "p95", "p99"]
                .iter()
                .any(|w| l.contains(w))
        })
        .map(label_stem)
        .collect();
    if spread.is_empty() {
        return;
    }
    for f in figures.iter_mut() {
        let Some(l) = f.label.as_deref() else {
            continue;
        };
        let mean = ["mean", "average", "avg"].iter().any(|w| l.contains(w));
        if mean
            && f.kind.is_throughput()
            && f.scope != Some(Scope::PerUser)
            && spread.contains(&label_stem(l))
        {
            f.scope = Some(Scope::PerUser);
            f.scope_stated = true;
            *f = settle(f.clone());
        }
    }
}

/// The same token rate written twice (a title and its sentence, `每秒1200 Token` then
/// `输出吞吐 … 每秒1200 Token`) is one figure: where one place says which tokens (output,
/// total, decode…) and the other does not, the unqualified one takes the kind (and, if it has
/// none, the scope) that the other place gives.
pub(super) fn share_twin_kinds(figures: &mut [Figure]) {
    for i in 0..figures.len().min(64) {
        if figures[i].kind != FigureKind::ThroughputUnspecified || figures[i].kind_stated {
            continue;
        }
        let twin = figures.iter().enumerate().find(|(j, g)| {
            *j != i
                && g.kind_stated
                && g.kind.is_throughput()
                && g.kind != FigureKind::ThroughputUnspecified
                && (g.value == figures[i].value && g.value_high == figures[i].value_high
                    // A range that holds the precise figure (`5-6 token/s` in a title over the
                    // body's `eval rate: 6.149 tokens/s`): the same figure, loosely.
                    || g.value_high.is_none()
                        && figures[i].value_high.is_some_and(|hi| {
                            let lo = figures[i].value;
                            (lo <= g.value && g.value <= hi)
                                || rounds_to(lo, g.value)
                                || rounds_to(hi, g.value)
                        }))
                && g.unit == figures[i].unit
                && !g.derived
        });
        if let Some((_, g)) = twin {
            let (kind, scope) = (g.kind, g.scope);
            let f = &mut figures[i];
            f.kind = kind;
            f.kind_stated = true;
            if f.scope.is_none() {
                f.scope = scope;
            }
        }
    }
}

/// Each unscoped throughput figure with the same value and unit as a scoped one is merged into
/// the first such scoped figure, which takes the place of the earliest of them.
pub(super) fn merge_unscoped_twins(figures: Vec<Figure>) -> Vec<Figure> {
    use std::collections::HashMap;
    let key = |f: &Figure| (f.value.to_bits(), f.unit.clone());
    // The first scoped throughput figure of each value and unit.
    let mut keep_of: HashMap<(u64, String), usize> = HashMap::new();
    for (j, f) in figures.iter().enumerate() {
        if f.scope.is_some() && f.kind.is_throughput() {
            keep_of.entry(key(f)).or_insert(j);
        }
    }
    if keep_of.is_empty() {
        return figures;
    }
    // For each unscoped twin, the figure it merges into; for each kept figure, where it goes.
    let twin_of: Vec<Option<usize>> = figures
        .iter()
        .map(|f| {
            (f.scope.is_none() && f.kind.is_throughput())
                .then(|| keep_of.get(&key(f)).copied())
                .flatten()
        })
        .collect();
    let mut slot: HashMap<usize, usize> = keep_of.values().map(|&j| (j, j)).collect();
    for (i, t) in twin_of.iter().enumerate() {
        if let Some(j) = t {
            let s = slot.get_mut(j).expect("kept figure has a slot");
            *s = (*s).min(i);
        }
    }
    let mut figures: Vec<Option<Figure>> = figures.into_iter().map(Some).collect();
    for i in 0..figures.len() {
        if let Some(j) = twin_of[i] {
            let gone = figures[i].take().expect("each twin merges once");
            let keep = figures[j].as_mut().expect("kept figures stay");
            if gone.kind_stated && !keep.kind_stated {
                keep.kind_stated = true;
                if keep.kind == FigureKind::ThroughputUnspecified {
                    keep.kind = gone.kind;
                }
            }
            // A phase's rate keeps its label (`76.9 tok/s single-stream decode`: a decode rate,
            // one stream's, CLAIMS.md §2).
            if keep.scope == Some(Scope::PerUser)
                && keep.kind.is_throughput()
                && !matches!(
                    keep.kind,
                    FigureKind::DecodeThroughput | FigureKind::PrefillThroughput
                )
            {
                keep.kind = FigureKind::ThroughputPerUser;
            }
        }
    }
    let mut at_slot: HashMap<usize, usize> = slot.iter().map(|(&j, &s)| (s, j)).collect();
    let mut out = Vec::with_capacity(figures.len());
    for i in 0..figures.len() {
        if let Some(j) = at_slot.remove(&i) {
            out.push(figures[j].take().expect("kept figure placed once"));
        } else if let Some(f) = figures[i].take() {
            out.push(f);
        }
    }
    out
}

/// Tool names, log lines and flags that belong to one engine, for a text that never names it:
/// (marker, runtime id). Each is the engine's own (its benchmark tool, its log format, a flag
/// no other engine has).
pub(super) const ENGINE_MARKS: &[(&str, &str)] = &[
    ("print_timing", "llama.cpp"),
    // KoboldCpp's timing line: `Processing:99.62s (14.6ms/T), Generation:65.22s (324.5ms/T)`,
    // newer builds `Process:0.50s (2.3ms/T = 430.00T/s), Generate:…` after `CtxLimit:`.
    ("ms/t), generation:", "koboldcpp"),
    ("ms/t = ", "koboldcpp"),
    ("ctxlimit:", "koboldcpp"),
    ("llama_print_timings", "llama.cpp"),
    ("llama_perf_context_print", "llama.cpp"),
    ("batched-bench", "llama.cpp"),
    ("gptsessionbenchmark", "tensorrt-llm"),
    ("gptmanagerbenchmark", "tensorrt-llm"),
    ("trtllm-bench", "tensorrt-llm"),
    // trtllm-bench's JSON report (`"system_output_throughput_tok_s": …`).
    ("\"system_output_throughput_tok_s\"", "tensorrt-llm"),
    // trtllm-bench's report header and TensorRT-LLM's `benchmarks/python/benchmark.py` record.
    ("= performance overview", "tensorrt-llm"),
    ("[benchmark] model_name", "tensorrt-llm"),
    ("--cpu_infer", "ktransformers"),
    ("bench_one_batch", "sglang"),
    // llama.cpp's `llama-batched-bench` table columns.
    ("s_tg t/s", "llama.cpp"),
    // vLLM's offline benchmark scripts (`benchmark_serving.py` is not one: JetStream and
    // others ship their own under that name).
    ("benchmark_throughput.py", "vllm"),
    ("benchmark_latency.py", "vllm"),
    // LMDeploy's benchmark script and its TurboMind engine.
    ("profile_throughput.py", "lmdeploy"),
    ("profile_restful_api.py", "lmdeploy"),
    ("turbomind", "lmdeploy"),
    // LMDeploy's profile_throughput summary line.
    ("token throughput (completion token)", "lmdeploy"),
    // `ollama run --verbose` prints its timings as `load duration:` … `eval rate:`.
    ("load duration:", "ollama"),
    // `mlx_lm.generate` prints `Generation: N tokens, R tokens-per-sec`.
    ("tokens-per-sec", "mlx"),
    // llama-server's per-request `timings` block (`"predicted_per_second": 102.07`).
    ("\"predicted_per_second\"", "llama.cpp"),
    // SGLang's scheduler log: `Decode batch. #running-req: 20, #token: …, gen throughput`.
    ("#running-req:", "sglang"),
    // vLLM's offline Python API (`llm = LLM(model=…)`, `SamplingParams(max_tokens=…)`).
    ("samplingparams(", "vllm"),
    // llama.cpp's GPU-offload and MoE-offload flags (`-ngl 99`, `--n-gpu-layers`, the Python
    // bindings' `n_gpu_layers`, `--cpu-moe`, `--n-cpu-moe 30`).
    (" -ngl ", "llama.cpp"),
    ("`-ngl ", "llama.cpp"),
    ("--n-gpu-layers", "llama.cpp"),
    ("n_gpu_layers", "llama.cpp"),
    ("--cpu-moe", "llama.cpp"),
    ("--n-cpu-moe", "llama.cpp"),
    // LM Studio's response stats (`13.45 tok/sec • 335 tokens • 0.26s to first token • Stop
    // reason: EOS Token Found`).
    ("stop reason: eos token found", "lm-studio"),
    ("tok/sec •", "lm-studio"),
    // Optimum Habana's `run_generation.py` on Gaudi (`--use_hpu_graphs`, its `Number of HPU
    // graphs` stat line).
    ("--use_hpu_graphs", "optimum-habana"),
    ("number of hpu graphs", "optimum-habana"),
    // SGLang's server arguments (`mem-fraction-static`, `chunked-prefill-size`,
    // `max-running-requests`, `max-prefill-tokens`; vLLM names these `gpu-memory-utilization`,
    // `max-num-batched-tokens`, `max-num-seqs`), and vLLM's own two.
    ("mem-fraction-static", "sglang"),
    ("mem_fraction_static", "sglang"),
    ("chunked-prefill-size", "sglang"),
    ("max-running-requests", "sglang"),
    ("max-prefill-tokens", "sglang"),
    ("gpu-memory-utilization", "vllm"),
    ("gpu_memory_utilization", "vllm"),
    ("max-num-batched-tokens", "vllm"),
    ("max_num_batched_tokens", "vllm"),
    ("use_v2_block_manager", "vllm"),
    // llama.cpp's speculative-decoding flags (`--spec-draft-n-max 2`).
    ("--spec-draft-n-max", "llama.cpp"),
    // A vendor's software stack named as what ran the model, no engine (CLAIMS.md §3
    // Runtime: partial, as SynapseAI).
    ("rocm software stack", "rocm"),
    // OpenVINO GenAI's benchmark sample (`benchmark_genai`, printing `Load time:` … `TPOT:`
    // … `Throughput :`).
    ("benchmark_genai", "openvino"),
    // ExLlamaV2's `test_inference.py -ps` (`-- Measuring prompt speed...`, `-- Measuring token
    // speed...`).
    ("-- measuring token speed", "exllamav2"),
    ("-- measuring prompt speed", "exllamav2"),
    // OpenVINO's exported models (`…-int4-ov`, `…-ov-int4`).
    ("-int4-ov", "openvino"),
    ("-int8-ov", "openvino"),
    ("-fp16-ov", "openvino"),
    ("-ov-int4", "openvino"),
    ("-ov-int8", "openvino"),
    ("-ov-fp16", "openvino"),
];

/// An ollama model tag (`llama3.2:3b`, `deepseek-r1:14b`: a model name, a colon, a size in
/// billions): ollama names its models so, and the text ran ollama without naming it (CLAIMS.md
/// §3 Runtime: recognised from its shape, partial). Returns the tag's span in `lower`.
pub(super) fn ollama_tag(lower: &str) -> Option<Span> {
    static TAG: OnceLock<Regex> = OnceLock::new();
    let re = TAG.get_or_init(|| {
        crate::claim::re::compile(r"(?:^|[\s`'\x22(])([a-z][a-z0-9.-]*[a-z0-9]:\d+(?:\.\d+)?b)\b")
            .expect("static pattern compiles")
    });
    re.captures(lower).and_then(|c| c.get(1)).map(|m| Span {
        start: m.start(),
        end: m.end(),
    })
}

/// True when the number written at `start` (`number`, as written) after an arrow is worse than
/// the last number before that arrow (within 64 bytes): lower for a rate, higher for a time
/// (`ms`, `s` after it).
fn worse_than_before(lower: &str, start: usize, number: &str) -> bool {
    let Ok(now) = number.replace(',', "").parse::<f64>() else {
        return false;
    };
    let back = &lower[floor_boundary(lower, start.saturating_sub(64))..start];
    let Some(arrow) = back.rfind(['→', '>']) else {
        return false;
    };
    let before = back[..arrow].trim_end();
    // The condition written after the earlier value (`210.8 tok/s (1K context) →`) is not it.
    let before = match before.strip_suffix(')').and_then(|b| b.rfind('(')) {
        Some(open) => &before[..open],
        None => before,
    };
    let Some(last) = before.rfind(|c: char| c.is_ascii_digit()) else {
        return false;
    };
    // Just after the last character that is not part of the number (a multibyte one, `从`,
    // included).
    let head = before[..=last]
        .char_indices()
        .rev()
        .find(|&(_, c)| !(c.is_ascii_digit() || c == '.' || c == ','))
        .map_or(0, |(i, c)| i + c.len_utf8());
    // A number glued to letters (`1k context`, `H100`) is a setting or a name, not a value; a
    // unit glued after it (`48tok/s`, `30ms`, `2s`) still leaves it a value.
    let unit_glued = |r: &str| ["t", "ms", "s"].iter().any(|u| r.starts_with(u));
    let after = &before[last + 1..];
    if before[..head].ends_with(|c: char| c.is_ascii_alphabetic())
        || (after.starts_with(|c: char| c.is_ascii_alphabetic()) && !unit_glued(after))
    {
        return false;
    }
    let Ok(then) = before[head..=last].replace(',', "").parse::<f64>() else {
        return false;
    };
    if time_unit(lower[start + number.len()..].trim_start()) {
        now > then
    } else {
        now < then
    }
}

/// True when `unit`, the text just after a number, starts with a time unit (`ms`, `s`, `sec`,
/// 秒) rather than a rate's (`samples/s` is a rate).
fn time_unit(unit: &str) -> bool {
    unit.starts_with("ms")
        || unit.starts_with("sec")
        || unit.starts_with('秒')
        || unit
            .strip_prefix('s')
            .is_some_and(|r| !r.starts_with(|c: char| c.is_alphanumeric() || c == '/'))
}

/// True when the figure at `span` follows an arrow from a better value (`214 t/s → 158 t/s`, a
/// rate that falls or a time that grows): a sweep's later point, not rule 6's improvement.
pub(in crate::claim) fn arrow_to_worse(lower: &str, span: Span) -> bool {
    let start = span.start.min(lower.len());
    let end = span.end.min(lower.len()).max(start);
    let written = &lower[start..end];
    let n = written
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
        .unwrap_or(written.len());
    !written[..n].is_empty() && worse_than_before(lower, start, &written[..n])
}

/// The number a text starts with (`2,600 tok/s`: 2600) and its length in bytes; None when it
/// starts with no finite number.
fn leading_number(s: &str) -> Option<(f64, usize)> {
    let n = s
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
        .unwrap_or(s.len());
    Some((num(&s[..n])?, n))
}

/// The value the link written in words before the figure starting at `start` began at, when
/// the figure ends it (`from 17 tokens/s to 40 tokens/s`, `from ~10.3ms to ~8.36ms`: 17 and
/// 10.3; in a chain `from 1,900 to 2,600 to 3,100`, 2,600 for 3,100); else None. Each link's
/// value is a number with at most a unit of three words between it and `to`, and the chain
/// (at most four links, 96 bytes back) starts at `from`.
fn from_to_start(lower: &str, start: usize) -> Option<f64> {
    let back = lower[floor_boundary(lower, start.saturating_sub(96))..start].trim_end();
    let back = back.trim_end_matches(['~', ' ']).strip_suffix(" to")?;
    // Back from `to`: a unit of up to three words (`tokens per second`), the value the link
    // starts at; then `from`, or another link (`from 1,900 tok/s to 2,600 tok/s to`).
    let mut words = back.split_whitespace().rev().peekable();
    let mut then = None;
    for _link in 0..4 {
        let mut unit_words = 0;
        while words.peek().is_some_and(|w| {
            !w.trim_start_matches('~')
                .starts_with(|c: char| c.is_ascii_digit())
        }) {
            unit_words += 1;
            if unit_words > 3 || words.next().is_some_and(|w| w.contains(['(', ',', ';'])) {
                return None;
            }
        }
        let (v, _) = leading_number(words.next()?.trim_start_matches('~'))?;
        then = then.or(Some(v));
        match words.next() {
            Some("from") => return then,
            Some("to") => continue,
            _ => return None,
        }
    }
    None
}

/// True when the figure at `span` ends a change written with an arrow from a worse value
/// (`4039 -> 4193 tok/s`, `523 → 480 ms`): the tuned result of rule 6, not a sweep's later point
/// and not a setting mapped to its result (`conc=4 → 219 TPS/GPU`).
pub(in crate::claim) fn arrow_improvement(lower: &str, span: Span) -> bool {
    let start = span.start.min(lower.len());
    let pre = lower[floor_boundary(lower, start.saturating_sub(24))..start].trim_end();
    let pre = pre.trim_end_matches(['~', '*', '"', ':', ' ']);
    (pre.ends_with('→') || pre.ends_with("->") || pre.ends_with("=>")) && standing(lower, span) < 0
}

/// How the words around a figure place it (CLAIMS.md §1), as a priority step (lower heads):
/// after an arrow it is the improved result (rule 6, -1); before an arrow it is the baseline
/// (+1); a rounded threshold ("over 4,500", "1000+", "more than"), a limit or target ("SLO",
/// "target", "limit") or a peak is not the measured result when another is given (rules 1, 3:
/// +1).
pub(super) fn standing(lower: &str, span: Span) -> i32 {
    let start = span.start.min(lower.len());
    let end = span.end.min(lower.len()).max(start);
    let pre = lower[floor_boundary(lower, start.saturating_sub(24))..start].trim_end();
    let pre = pre.trim_end_matches(['~', '*', '"', ':', ' ']);
    let post = lower[end..].trim_start();
    // What the arrow leads from: a setting (`conc=4 → 219 TPS/GPU`) maps a configuration to
    // its result, not a baseline to an improvement.
    let from_setting = || {
        let head = pre
            .trim_end_matches(['→', '-', '=', '>'])
            .trim_end()
            .rsplit([' ', '('])
            .next()
            .unwrap_or("");
        head.contains('=') || head.contains(':')
    };
    if (pre.ends_with('→') || pre.ends_with("->") || pre.ends_with("=>")) && !from_setting() {
        // The end of a chain of improvements (`1820 → 3120`, later `3120 → 4520`) is the best
        // tuned result.
        // The chain goes on when this value starts a later link (`3120 → 4520`).
        let written = &lower[start..end];
        let n = written
            .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
            .unwrap_or(written.len());
        let number = &written[..n];
        // Within the next 4 KB, where a chain's next link stands (a long paste stays linear).
        let ahead = &lower[end..floor_boundary(lower, (end + 4096).min(lower.len()))];
        let later = !number.is_empty()
            && ahead.match_indices(number).any(|(i, _)| {
                let rest = ahead[i + n..].trim_start_matches([' ', '~']);
                let rest = rest
                    .trim_start_matches(|c: char| c.is_ascii_alphabetic() || c == '/' || c == ' ');
                rest.starts_with('→') || rest.starts_with("->")
            });
        // An arrow to a worse value (`210.8 tok/s (1K context) → 152.8 tok/s (256K context)`, a
        // rate that falls or a time that grows) is a sweep or a regression, not the improved
        // result rule 6 puts first.
        if worse_than_before(lower, start, number) {
            return 0;
        }
        return if later { -1 } else { -2 };
    }
    // A change written `from … to …` with the unit on both ends (`from 17 tokens/s to 40
    // tokens/s`, `reducing from 26.44ms to 12.44ms`): where it ends is the tuned result, when it
    // is better than where it began (rule 6); a change for the worse is a sweep's later point.
    // The figure may be the whole change, read as one span (`from ~100 to ~125 tokens/sec`,
    // span `100 to ~125 tokens/sec`): its value is where it ends.
    // A span `ranging from 0.03 to 0.05` is a range (rule 7), not a change.
    let lead =
        lower[floor_boundary(lower, start.saturating_sub(24))..start].trim_end_matches(['~', ' ']);
    let whole_change = (lead.ends_with("from")
        && !["rang", "vari", "vary"].iter().any(|w| {
            lead.strip_suffix("from")
                .and_then(|b| b.trim_end().rsplit(' ').next())
                .is_some_and(|word| word.starts_with(w))
        }))
    .then(|| lower[start..end].split_once(" to "))
    .flatten()
    .and_then(|(a, b)| {
        let (then, _) = leading_number(a.trim())?;
        let b = b.trim_start_matches(['~', ' ']);
        Some((then, end - b.len()))
    });
    let from_to = whole_change.or_else(|| from_to_start(lower, start).map(|then| (then, start)));
    if let Some((then, start)) = from_to {
        let written = &lower[start..end];
        if let Some((now, n)) = leading_number(written) {
            let tail = written[n..].trim_start();
            let unit = if tail.is_empty() {
                lower[end..].trim_start()
            } else {
                tail
            };
            let better = if time_unit(unit) {
                now < then
            } else {
                now > then
            };
            // A link the chain goes on from (`2,600 tok/s` in `… to 2,600 tok/s to 3,100`).
            let goes_on = post.strip_prefix("to ").is_some_and(|r| {
                r.trim_start_matches(['~', ' '])
                    .starts_with(|c: char| c.is_ascii_digit())
            });
            return match (better, goes_on) {
                (false, _) => 0,
                (true, true) => -1,
                (true, false) => -2,
            };
        }
    }
    // A change written in words (`improved to 21 tokens/s`, `超频后提升到16.02tokens/s`): where it
    // ends is the tuned result, as after an arrow.
    // A rate that rose or a time that fell (`reduced TTFT to 90 ms`, `降至20ms`).
    // The unit is inside the figure's span (`90 ms`) or just after it.
    let tail = lower[start..end]
        .trim_start_matches(|c: char| c.is_ascii_digit() || c == '.' || c == ',')
        .trim_start();
    let unit = if tail.is_empty() {
        lower[end..].trim_start()
    } else {
        tail
    };
    let improved: &[&str] = if time_unit(unit) {
        &[
            "improved to",
            "reduced to",
            "cut to",
            "dropped to",
            "lowered to",
            "down to",
            "降低到",
            "降低至",
            "降到",
            "降至",
            "缩短到",
            "缩短至",
            "减少到",
            "减少至",
        ]
    } else {
        &[
            "improved to",
            "improves to",
            "increased to",
            "increases to",
            "rose to",
            "rises to",
            "jumped to",
            "boosted to",
            "climbed to",
            "grew to",
            "提升到",
            "提升至",
            "提高到",
            "提高至",
            "增加到",
            "增加至",
            "增长到",
            "增长至",
            "升至",
            "跃升至",
        ]
    };
    // The verb may stand a few words before its `to` (`reduced TTFT to 90 ms`, `boosted
    // decode throughput to 120 tok/s`).
    let verb_before_to = pre.strip_suffix(" to").is_some_and(|head| {
        let words: Vec<&str> = head.split_whitespace().rev().take(4).collect();
        improved
            .iter()
            .filter_map(|w| w.strip_suffix(" to"))
            .any(|verb| words.contains(&verb))
    });
    if verb_before_to || improved.iter().any(|w| pre.ends_with(w)) {
        return -2;
    }
    let mut step = 0;
    // Before an arrow, or before `to` and another number (`from 1,900 tok/s to 2,600 tok/s`):
    // the baseline or a step of a change, not where it ends (rule 6).
    // Past the point's own setting (`20 tok/s/GPU at 2.4 tok/s/user into 2,256 tok/s/GPU`).
    let next = post
        .strip_prefix("at ")
        .filter(|r| r.starts_with(|ch: char| ch.is_ascii_digit()))
        .and_then(|r| {
            let mut words = r.splitn(3, ' ');
            let (_, _, rest) = (words.next()?, words.next()?, words.next()?);
            Some(rest)
        })
        .unwrap_or(post);
    let to_number = next
        .strip_prefix("to ")
        .or_else(|| next.strip_prefix("into "))
        .is_some_and(|r| {
            r.trim_start_matches(['~', ' '])
                .starts_with(|ch: char| ch.is_ascii_digit())
        });
    if post.starts_with('→') || post.starts_with("->") || to_number {
        step += 1;
    }
    // `up from 2,907 tokens/s`, `from 1,200 tokens/s to …`: the baseline of a change (rule 6).
    // In Chinese the same: `从每秒1.2个token跃升至每秒4.8个token`.
    // A hedge between (`from approximately 2000 TPS/GPU in February to 4600`) changes nothing.
    let unhedged = ["approximately", "about", "around", "roughly", "nearly"]
        .iter()
        .find_map(|h| pre.strip_suffix(h))
        .map_or(pre, str::trim_end);
    if unhedged.ends_with(" from") || unhedged == "from" || pre.ends_with('从') {
        step += 1;
    }
    let threshold = [
        "over",
        "more than",
        "surpasses",
        "surpassing",
        "exceeds",
        "exceeding",
        "above",
        "beyond",
        "up to",
        "nearly",
        "almost",
        "under",
        "less than",
        "at least",
        "<",
        ">",
        "peak",
        "target",
        "slo",
        "limit",
    ];
    // A round number named as a barrier or mark to pass ("breaking the 1,000 tokens per
    // second barrier") is a threshold too.
    let post_words = &post[..floor_boundary(post, post.len().min(24))];
    let barrier = ["barrier", "mark", "milestone"]
        .iter()
        .any(|w| post_words.contains(w));
    // `70+ tokens per second`: the `+` is inside the figure's own match.
    let written = &lower[start..end];
    let digits = written
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
        .unwrap_or(written.len());
    // A latency written with it (`TPOT=20+ms`) is the measurement rounded down, not a mark
    // to pass.
    let plus = written[digits..]
        .trim_start()
        .strip_prefix('+')
        .is_some_and(|u| !u.trim_start().starts_with(['m', 's']));
    // Chinese "not even" / "or more" after the figure (`0.1 tokens/s都不到`, `1000 tokens/s以上`).
    let cn_bound = ["都不到", "不到", "以上"]
        .iter()
        .any(|w| post.starts_with(w));
    if threshold.iter().any(|w| pre.ends_with(w))
        || cn_bound
        || barrier
        || plus
        || post.starts_with('+') && !post.starts_with("+%")
    {
        step += 1;
    }
    step
}

/// The 400 bytes before `start` (a 100 KB paste on one line stays linear), or None when the
/// figure's own line up to it is a table row (holds a `|`): its words are the table's.
pub(super) fn prose_before(lower: &str, start: usize) -> Option<&str> {
    let back = &lower[floor_boundary(lower, start.saturating_sub(400))..start];
    let line_from = back.rfind('\n').map_or(0, |i| i + 1);
    (!back[line_from..].contains('|')).then_some(back)
}

/// True when a figure stands in the text's stated conclusion (CLAIMS.md §1.2, "result"): on a
/// prose line (no table `|`) under or after a conclusion word within the three lines before it
/// (`結論（3行）`, `结论：`, "TL;DR", "Summary", "Key results", "Bottom line").
pub(super) fn in_conclusion(lower: &str, span: Span) -> bool {
    const WORDS: &[&str] = &[
        "結論",
        "结论",
        "总结",
        "まとめ",
        "결론",
        "요약",
        "tl;dr",
        "tldr",
        "conclusion",
        "summary:",
        "## summary",
        "key result",
        "key takeaway",
        "bottom line",
    ];
    let start = span.start.min(lower.len());
    let Some(back) = prose_before(lower, start) else {
        return false;
    };
    // The figure's line and the two lines above it.
    let near = back
        .rmatch_indices('\n')
        .nth(2)
        .map_or(back, |(i, _)| &back[i..]);
    WORDS.iter().any(|w| near.contains(w))
}

/// CLAIMS.md §1 rule 2, "a bold row": the one figure of the text's prose written in bold
/// (`300 completion tokens in 55.8s ≈ **5.4 tok/s**`), the bold opening right before its number;
/// more than one bold number in prose marks none, and a tool summary or a table holding the
/// same number leaves the choice to their rules.
fn bold_alone(lower: &str, start: usize) -> bool {
    // A tool summary's own rule picks its figure (CLAIMS.md §1 rule 1), and a bold figure that
    // repeats a table's cell (`**11,819 tokens/s**` over a table holding 11,819) is left to the
    // table's rules (§1.5).
    if !lower[..start].ends_with("**") {
        return false;
    }
    let number = &lower[start..];
    let number = &number[..number
        .find(|c: char| !(c.is_ascii_digit() || matches!(c, '.' | ',')))
        .unwrap_or(number.len())];
    if number.is_empty()
        || lower.contains("====")
        || lower.lines().any(|l| l.contains('|') && l.contains(number))
    {
        return false;
    }
    let prose_bold = lower
        .lines()
        .filter(|l| !l.trim_start().starts_with('|'))
        .map(|l| {
            l.match_indices("**")
                .filter(|(i, _)| l[i + 2..].starts_with(|c: char| c.is_ascii_digit() || c == '~'))
                .count()
        })
        .sum::<usize>();
    prose_bold == 1
}

/// CLAIMS.md §1 rule 2, "headline" and "a bold row" in a list: the figure's prose line is the
/// one its author labels (`(headline row)`, `headline:`) or the one line of a list written whole
/// in bold (`- **n-max 3: … overall 85.4 tok/s (+108%)**` among plain lines). A line that only
/// talks about a headline ("the headline number is misleading") has no figure of its own
/// before the word, so the label must come before the figure on its line.
fn labelled_headline_line(lower: &str, start: usize) -> bool {
    let line_from = lower[..start].rfind('\n').map_or(0, |i| i + 1);
    let line_to = lower[start..].find('\n').map_or(lower.len(), |i| start + i);
    let before_fig = &lower[line_from..start];
    if before_fig.contains('|') || before_fig.trim_start().starts_with('>') {
        return false;
    }
    let labelled = ["(headline", "headline row", "headline:", "headline result"]
        .iter()
        .any(|w| before_fig.contains(w));
    if labelled {
        return true;
    }
    // A list line bold from its marker to past the figure, and the only such line with a digit.
    fn item(line: &str) -> Option<&str> {
        crate::claim::text::list_item(line.trim_start())
    }
    let bold_from_marker = |line: &str| {
        item(line).is_some_and(|t| t.starts_with("**")) && line.chars().any(|c| c.is_ascii_digit())
    };
    let line = &lower[line_from..line_to];
    let is_list = |l: &str| item(l).is_some();
    if !is_list(line) || !bold_from_marker(line) {
        return false;
    }
    // The bold reaches the figure: its closing `**` lies after the figure's start.
    let open = line.find("**").map_or(0, |i| i + 2);
    let fig_in_line = start - line_from;
    let closes_after = line[open..]
        .find("**")
        .is_some_and(|i| open + i > fig_in_line);
    closes_after
        && lower
            .lines()
            .filter(|l| is_list(l) && bold_from_marker(l))
            .count()
            == 1
        && lower.lines().filter(|l| is_list(l)).count() >= 2
}

/// CLAIMS.md §1 rule 2: the author marks a figure as their own result ("I got", "we get",
/// "we achieved", "we measured", "we reached") in the words just before it (at most 120 bytes,
/// across a line break into a pasted output block), with no other rate figure between the mark
/// and it. A figure on a table line (`|`) is left to the table rules.
pub(in crate::claim) fn author_marked(lower: &str, span: Span) -> bool {
    const MARKS: &[&str] = &[
        "i got",
        "i get",
        "we got",
        "we get",
        "we achieved",
        "we achieve",
        "i achieved",
        "we measured",
        "i measured",
        "we reached",
        "i reached",
        // The same marks with a hedge or in the progressive ("I only get", "we are getting").
        "i only get",
        "i only got",
        "we only get",
        "we only got",
        "i'm getting",
        "i am getting",
        "i'm only getting",
        "i am only getting",
        "we're getting",
        "we are getting",
        "we observed",
        "i observed",
        "we obtained",
        "we saw",
        "i saw",
        // The author's own number set against someone else's ("NVIDIA claims X, but our
        // measured number was Y").
        "our measured",
        "our measurement",
        "our result",
        "our number",
        "my measured",
        "my result",
        // The author's own setup named before the result ("In our setting (4×RTX 4090, …),
        // ExLlamaV2 reaches 1,436 tokens/s").
        "in our setting",
        "in our setup",
        "in our tests",
        "in our experiments",
    ];
    let start = span.start.min(lower.len());
    if prose_before(lower, start).is_none() {
        return false;
    }
    if bold_alone(lower, start) || labelled_headline_line(lower, start) {
        return true;
    }
    let from = floor_boundary(lower, start.saturating_sub(120));
    let window = &lower[from..start];
    let Some(end) = MARKS
        .iter()
        .filter_map(|m| {
            window
                .rfind(m)
                .filter(|&i| {
                    // A whole word: not "ai got", "we getting".
                    let before_ok =
                        i == 0 || !window[..i].ends_with(|c: char| c.is_ascii_alphanumeric());
                    let after_ok =
                        !window[i + m.len()..].starts_with(|c: char| c.is_ascii_alphanumeric());
                    before_ok && after_ok
                })
                .map(|i| i + m.len())
        })
        .max()
    else {
        return false;
    };
    let between = &window[end..];
    let last_rate = between.char_indices().rfind(|&(j, c)| {
        if !c.is_ascii_digit() {
            return false;
        }
        let rest = between[j + 1..].trim_start();
        !between[j + 1..].starts_with(|d: char| d.is_ascii_digit() || d == '.' || d == ',')
            && [
                "tok/s",
                "tokens/s",
                "tokens per s",
                "t/s",
                "tps",
                "tok/sec",
                "tokens/sec",
            ]
            .iter()
            .any(|u| rest.starts_with(u))
    });
    // A rate between the mark and the figure: the figure shares the mark when the two are
    // joined by "and" in one sentence ("I get 35 t/s for a single user and ~600 t/s aggregate
    // with 32 requests"); the usual order then chooses between them.
    last_rate.is_none_or(|(j, _)| {
        let joint = &between[j..];
        joint.contains(" and ")
            && !joint.contains(['\n', ';'])
            && !joint.contains(". ")
            && ![" but ", " while ", " whereas ", " vs", "compared"]
                .iter()
                .any(|w| joint.contains(w))
    })
}

/// Words that make a sentence advice, not a report of the run (CLAIMS.md §4: a suggestion, "try
/// TP=4", is not the claim's condition).
pub(super) const ADVICE: &[&str] = &[
    "suggest",
    "recommend",
    "start with",
    "try ",
    "should",
    "consider ",
    "experiment with",
    "aim to",
];

/// True when the sentence around `span` (80 bytes before, 60 after, within its clause breaks)
/// gives advice ([`ADVICE`], found once in `marks`): a setting written there is not the load
/// the figure ran at.
pub(super) fn advice(lower: &str, span: Span, marks: &Marks) -> bool {
    if marks.0.is_empty() {
        return false;
    }
    let start = span.start.min(lower.len());
    let end = span.end.min(lower.len()).max(start);
    let from = start - before(lower, start, 80).len();
    let to = end + after(lower, end, 60).len();
    marks.last_in(from, start).is_some() || marks.last_in(end, to).is_some()
}

/// Words before a figure, in its sentence, that mark it as the author's own result (CLAIMS.md
/// §1 rule 2: evaluative words tied to one figure).
pub(super) const PRAISED: &[&str] = &[
    "best ",
    "record",
    "fastest",
    "headline",
    "key result",
    // "broke through N" (`轻松突破124 tokens/s`): the result a tuning guide arrives at.
    "突破",
    // "best" and "fastest" in Chinese (`解码速度最佳是维持在6.5tokens/s`).
    "最佳",
    "最快",
];

/// Words around a figure, in its sentence, that mark it as not measured or not yet valid: an
/// estimate, a projection, an expectation, a result its author does not stand behind (CLAIMS.md
/// §1 rules 1 and 6: a measured result beats a target, an extrapolation or a derived value).
pub(super) const DISCOUNTED: &[&str] = &[
    "not yet certified",
    "not certified",
    "uncertified",
    "directional",
    "preliminary",
    "projected",
    "projection",
    "extrapolat",
    "theoretical",
    "expected",
    "estimate",
    // An estimate or expectation in Chinese, Japanese and Korean (`预计`, `予想`, `예상`).
    "预计",
    "预期",
    "予想",
    "見込み",
    "예상",
    "would ",
    // Someone else's earlier result ("Prior work reports 1,200 tokens/s … [12]").
    "prior work",
    "previous work",
    "related work",
    // Another configuration tried after the first (`换成 Q8_0 之后 tg128 掉到 17.9`).
    "换成",
    "switching to",
    "switched to",
    // A suggestion to the reader ("you should be able to hit ~1,500 tok/s").
    "should be able to",
    "you should see",
    "you should get",
    "you could get",
    "you'd get",
    // CLAIMS.md §1 rule 3: never the peak.
    "maximum throughput of",
    "max throughput of",
    "peak output",
    "peak throughput",
    "peak token",
    "peak tok",
    "peak speed",
    "peak decode",
    "peak generation",
    "maximum speed",
    "max speed",
    // CLAIMS.md §1 rule 6: the baseline a text improves on.
    "before tuning",
    "before optimiz",
    "before optimis",
    "before the fix",
    // The release a text moves on from (`(old version) … decode 7.5 tok/s`).
    "old version",
    "older version",
    "previous version",
    "before the change",
    "before:",
];

/// How the words of a figure's sentence appraise it, as a priority step: -1 when they praise it
/// as the result ([`PRAISED`], at most 100 bytes before it, in its clause), +1 when they discount it
/// ([`DISCOUNTED`], 100 bytes before or 40 after), else 0. A figure both praised and discounted
/// ("best projected") is discounted.
pub(super) fn appraisal(lower: &str, span: Span, discounted: &Marks, praised: &Marks) -> i32 {
    if baseline_line(lower, span.start) {
        return 1;
    }
    if discounted.0.is_empty() && praised.0.is_empty() {
        // A record or a leading number named after the figure needs no praise word of the list.
        return -i32::from(record_after(lower, span.end.min(lower.len())));
    }
    let start = span.start.min(lower.len());
    let end = span.end.min(lower.len()).max(start);
    // A labelled figure's match may take the line break after its value: the words after it
    // start on its own line, never the next one (`Output token throughput: 1125.41` then `Peak
    // output token throughput: 1376` does not discount the 1125.41).
    let end = start + lower[start..end].trim_end().len();
    let from = floor_boundary(lower, start.saturating_sub(100));
    let pre = &lower[from..start];
    let from = pre.rfind(['\n', '|', ';']).map_or(from, |j| from + j + 1);
    let pre = &lower[from..start];
    // The sentence: cut after the last `.`, `?` or `!` that a space follows.
    let from = pre
        .rmatch_indices(['.', '?', '!'])
        .find(|(i, _)| pre[i + 1..].starts_with(' '))
        .map_or(from, |(i, _)| from + i + 1);
    let post = &lower[end..floor_boundary(lower, end + 40)];
    let post = post.split(['\n', '|', ';']).next().unwrap_or("");
    let stop = post
        .match_indices(['.', '?', '!'])
        .find(|(i, _)| post[i + 1..].starts_with(' '))
        .map_or(post.len(), |(i, _)| i);
    // A discounting word before the figure speaks of it only when no other rate figure stands
    // between them ("peak throughput was 5,100 tok/s but the sustained rate was 4,300 tok/s":
    // the peak is the 5,100).
    let discounted_before = discounted
        .last_in(from, start)
        .is_some_and(|i| !holds_rate(&lower[i..start]));
    if discounted_before || discounted.last_in(end, end + stop).is_some() {
        1
    } else if praised.last_in(from, start).is_some_and(|i| {
        // Tied to this figure: no clause break (`,`) between the word and it ("at par with the
        // best submitters, …, with 847 tokens/s" praises others).
        !lower[i..start].contains([',', '，', ';'])
    }) || record_after(lower, end)
    {
        -1
    } else {
        0
    }
}

/// True when the figure's line is led by a label that names the baseline of a comparison
/// (CLAIMS.md §1 rule 6), which covers every figure on the line: `before:` or `baseline:`
/// always; `main:`, `master:`, `old:` or `original:` when another line is led by the change
/// (`after:`, `this pr:`, `pr:`, `new:`, `patched:`, `optimized:`, `branch:`).
pub(super) fn baseline_line(lower: &str, start: usize) -> bool {
    // The line's label: the words before a colon in its first 24 bytes.
    pub(super) fn lead(line: &str) -> Option<&str> {
        let t = line.trim_start_matches([' ', '\t', '-', '*', '`', '>']);
        let head = &t[..floor_boundary(t, t.len().min(24))];
        let (label, _) = head.split_once(':')?;
        (label.len() <= 20).then(|| label.trim().trim_matches('*'))
    }
    // The line up to the figure, at most 240 bytes back (a longer line is no `before:` record).
    let Some(line) = line_to(lower, start.min(lower.len()), 240, &['\n']) else {
        return false;
    };
    // A line led by a name of an older release (`llama2-7b (old version): prefill ~160 tok/s,
    // decode 7.5`), however long the name.
    if line.split_once(':').is_some_and(|(head, _)| {
        ["(old version)", "(older version)", "(previous version)"]
            .iter()
            .any(|w| head.trim_end().ends_with(w))
    }) {
        return true;
    }
    let Some(label) = lead(line) else {
        return false;
    };
    match label {
        "before" | "baseline" => true,
        "main" | "master" | "old" | "original" => lower.lines().take(400).any(|l| {
            lead(l).is_some_and(|o| {
                [
                    "after",
                    "this pr",
                    "pr",
                    "new",
                    "patched",
                    "optimized",
                    "optimised",
                    "branch",
                ]
                .contains(&o)
            })
        }),
        _ => false,
    }
}

/// True when the figure's own clause calls it a record after it ("250 tokens per second per user
/// on the full model — a world record —"): within 80 bytes, before any other number.
pub(super) fn record_after(lower: &str, end: usize) -> bool {
    let end = end.min(lower.len());
    let post = &lower[end..floor_boundary(lower, (end + 80).min(lower.len()))];
    let clause = post
        .split(['.', ';', '\n'])
        .next()
        .unwrap_or("")
        .split(|c: char| c.is_ascii_digit())
        .next()
        .unwrap_or("");
    [
        "world record",
        "a new record",
        "record-breaking",
        "record performance",
        // CLAIMS.md §1.2's own example: "one of the leading numbers".
        "one of the leading",
        "industry-leading",
    ]
    .iter()
    .any(|w| clause.contains(w))
}

/// True when `s` holds a number followed by a token or request rate unit (another figure).
pub(super) fn holds_rate(s: &str) -> bool {
    let b = s.as_bytes();
    (0..b.len()).any(|i| {
        b[i].is_ascii_digit()
            && b.get(i + 1)
                .is_none_or(|c| !(c.is_ascii_digit() || *c == b'.' || *c == b','))
            && followed_by_rate(s, i + 1)
    })
}

/// A figure followed by its gain over a baseline (`5770.24 (+47.1%)`) is the claimed result.
pub(super) fn gain_bonus(lower: &str, end: usize) -> i32 {
    let rest = lower[end..].trim_start();
    if rest.starts_with("(+") || rest.starts_with("（+") {
        -1
    } else {
        0
    }
}
