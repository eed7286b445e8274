//! Stage: attach settings to the figure they belong to. Each figure's own stretch of text is the
//! table row it sits in (a line holding `|` or tabs), else its sentence (cut at `. `, `;`, `。`,
//! `；` or a line end); the setup read there is the figure's own (CLAIMS.md §1 rule 5), and words
//! that mark a different setup in that stretch (`vs`, `compared to`, `baseline`, `try`,
//! `would`, `instead of`) flag it (CLAIMS.md §4).

use super::reader::{floor_boundary, read_load_into, read_setup_into, row_model};
use super::{Claim, Found, Span};
use serde::Serialize;

/// The most figures given their own settings; later ones keep none (bounds the work on long
/// pastes: each attachment reads one line).
const MAX_ATTACHED: usize = 24;

/// The longest stretch read for one figure, bytes (a sentence or a table row).
const MAX_STRETCH: usize = 320;

/// The setup written beside one figure. Every value keeps the span it was read from; a key is
/// left out of the JSON when its stretch of text does not say it.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct FigureSettings {
    /// Model id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<Found<String>>,
    /// GPU or accelerator id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gpu: Option<Found<String>>,
    /// Devices.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gpu_count: Option<Found<u32>>,
    /// Tensor-parallel degree.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tp: Option<Found<u32>>,
    /// Fixed batch size.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub batch_size: Option<Found<u32>>,
    /// Requests kept in flight.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub concurrency: Option<Found<u32>>,
    /// Prompt tokens per request.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prompt_tokens: Option<Found<u32>>,
    /// Output tokens per request.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output_tokens: Option<Found<u32>>,
    /// Weight precision id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub weight_dtype: Option<Found<String>>,
    /// Serving engine id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub runtime: Option<Found<String>>,
    /// The figure's stretch marks a different setup (a comparison's other side, a baseline, a
    /// suggestion): the marker word as written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub other_setup: Option<Found<String>>,
}

impl FigureSettings {
    /// How many of the setup's keys (model … runtime; not the other-setup marker) are named.
    pub fn named(&self) -> usize {
        [
            self.model.is_some(),
            self.gpu.is_some(),
            self.gpu_count.is_some(),
            self.tp.is_some(),
            self.batch_size.is_some(),
            self.concurrency.is_some(),
            self.prompt_tokens.is_some(),
            self.output_tokens.is_some(),
            self.weight_dtype.is_some(),
            self.runtime.is_some(),
        ]
        .iter()
        .filter(|b| **b)
        .count()
    }

    /// Each key `over` names replaces this one's; the others stay, as does the other-setup
    /// marker.
    pub fn overlay(&mut self, over: FigureSettings) {
        self.model = over.model.or(self.model.take());
        self.gpu = over.gpu.or(self.gpu.take());
        self.gpu_count = over.gpu_count.or(self.gpu_count.take());
        self.tp = over.tp.or(self.tp.take());
        self.batch_size = over.batch_size.or(self.batch_size.take());
        self.concurrency = over.concurrency.or(self.concurrency.take());
        self.prompt_tokens = over.prompt_tokens.or(self.prompt_tokens.take());
        self.output_tokens = over.output_tokens.or(self.output_tokens.take());
        self.weight_dtype = over.weight_dtype.or(self.weight_dtype.take());
        self.runtime = over.runtime.or(self.runtime.take());
    }
}

/// Words that put a figure on a different setup than the one the text describes (CLAIMS.md §4).
const OTHER_SETUP: &[&str] = &[
    " vs ",
    " vs. ",
    "versus",
    "compared to",
    "compared with",
    "baseline",
    "instead of",
    " try ",
    " would ",
    "competitor",
    "对比",
    "基准",
    // Another configuration tried after the first (`换成 Q8_0 之后 tg128 掉到 17.9`).
    "换成",
    "改成",
    "switching to",
    "switched to",
    // A figure quoted from the project's documentation, set against the author's own run (`the
    // document shows it will reach 640 token/s with batch=8`).
    "document shows",
    "documentation shows",
    "docs show",
    "documentation says",
    "docs say",
    "readme says",
    "according to the doc",
    "according to the readme",
];

/// Words that put a whole sentence on an earlier run or post of the author's ("In our earlier
/// sequential benchmark, v0.16 produced 259.3 tok/s versus 241.0"): every figure in it belongs
/// to that run, its comparison's first side too (CLAIMS.md §4). Looked for before
/// [`OTHER_SETUP`], whose `versus` would leave the first side the subject.
pub(crate) const EARLIER_RUN: &[&str] = &[
    "in our earlier",
    "in an earlier",
    "in our previous",
    "in a previous",
    "previous blog",
    "previous post",
    "上一篇",
];

/// Where `word` first stands in `hay`, as a word of another setup: `基准` ("baseline") is not
/// one where it begins `基准测试` or `基准评测` ("benchmark").
pub(crate) fn find_setup_word(hay: &str, word: &str) -> Option<usize> {
    hay.match_indices(word)
        .find(|(i, w)| word != "基准" || !hay[i + w.len()..].starts_with(['测', '评']))
        .map(|(i, _)| i)
}

/// The figure's own stretch of `lower`: its table row or its sentence.
pub(super) fn stretch(lower: &str, span: Span) -> Span {
    let start = span.start.min(lower.len());
    let end = span.end.min(lower.len()).max(start);
    // A span that ran on over the line's end (`…: 9050.05\n`) still ends on its own line.
    let end = start + lower[start..end].trim_end().len();
    let line_start = lower[..start].rfind('\n').map(|i| i + 1).unwrap_or(0);
    let line_end = lower[end..]
        .find('\n')
        .map(|i| end + i)
        .unwrap_or(lower.len());
    let line = &lower[line_start..line_end];
    let (s, e) = if line.contains('|') || line.contains('\t') {
        (line_start, line_end)
    } else {
        let is_stop = |w: &str| {
            w.starts_with(". ")
                || w.starts_with("? ")
                || w.starts_with("! ")
                || w.starts_with(';')
                || w.starts_with(['。', '；', '？', '！'])
        };
        // Only the bytes the bound below keeps are scanned (a long line is not walked whole).
        let mut from = line_start.max(start.saturating_sub(MAX_STRETCH / 2));
        while !lower.is_char_boundary(from) {
            from += 1;
        }
        let mut to = line_end.min(end + MAX_STRETCH / 2).max(end);
        while !lower.is_char_boundary(to) {
            to += 1;
        }
        let mut s = line_start;
        for (i, _) in lower[from..start].char_indices() {
            if is_stop(&lower[from + i..]) {
                s = from + i + 1;
            }
        }
        let mut e = line_end;
        for (i, _) in lower[end..to].char_indices() {
            if is_stop(&lower[end + i..]) {
                e = end + i;
                break;
            }
        }
        (s, e)
    };
    // Bounded around the figure, on character boundaries.
    let mut s = s.max(start.saturating_sub(MAX_STRETCH / 2));
    while !lower.is_char_boundary(s) {
        s += 1;
    }
    let mut e = e.min(end + MAX_STRETCH / 2).max(s);
    while !lower.is_char_boundary(e) {
        e -= 1;
    }
    Span {
        start: s,
        end: e.max(s),
    }
}

/// A list written in one sentence (`batch 1: 52 tok/s, batch 8: 300 tok/s, batch 32: 910
/// tok/s`): when the stretch holds another figure of the same unit, the figure's own clause
/// (between the `, `, `;` or `，` around it), where each point of the list states its own
/// setting (CLAIMS.md §1.5, sweeps written in prose); else the stretch.
fn list_clause(lower: &str, st: Span, f: Span, others: &[(Span, &str)], unit: &str) -> Span {
    let listed = others
        .iter()
        .filter(|(s, u)| *u == unit && *s != f && st.start <= s.start && s.end <= st.end)
        .count();
    if listed == 0 || f.start < st.start || f.end > st.end {
        return st;
    }
    let pre = &lower[st.start..f.start];
    // A point's clause starts after the previous point's figure at the latest (`batch 8 620
    // tok/s and batch 32 1,900 tok/s`: the last point's clause is `and batch 32`).
    let prev_end = others
        .iter()
        .filter(|(s, u)| *u == unit && *s != f && st.start <= s.start && s.end <= f.start)
        .map(|(s, _)| s.end)
        .max()
        .unwrap_or(st.start);
    let start = [", ", "; ", "，", "；"]
        .iter()
        .filter_map(|w| pre.rfind(w).map(|i| st.start + i + w.len()))
        .max()
        .unwrap_or(st.start)
        .max(prev_end);
    let post = &lower[f.end..st.end];
    let end = [", ", "; ", "，", "；"]
        .iter()
        .filter_map(|w| post.find(w).map(|i| f.end + i))
        .min()
        .unwrap_or(st.end);
    Span { start, end }
}

/// The nearest line above `start` (at most 8 lines up) that only sets a load (`batch_size=64`,
/// `Concurrency: 32`, `--max-concurrency 16`): its span. Lines with other text are not headers.
fn block_load_header(lower: &str, start: usize) -> Option<Span> {
    let start = start.min(lower.len());
    let line_start = lower[..start].rfind('\n')?;
    let mut end = line_start;
    for _ in 0..8 {
        let from = lower[..end].rfind('\n').map_or(0, |i| i + 1);
        let line = lower[from..end].trim();
        let key = line
            .trim_end_matches(|c: char| c.is_ascii_digit())
            .trim_end();
        let digits = line.len() - key.len();
        let key = key
            .trim_end_matches(['=', ':', ' '])
            .trim_start_matches(['-', '#', '=', ' ']);
        if digits > 0
            && [
                "batch_size",
                "batch size",
                "batch",
                "bs",
                "concurrency",
                "max-concurrency",
                "max_concurrency",
            ]
            .contains(&key)
        {
            let lead = lower[from..end].len() - lower[from..end].trim_start().len();
            return Some(Span {
                start: from + lead,
                end: from + lead + line.len(),
            });
        }
        if from == 0 {
            return None;
        }
        end = from - 1;
    }
    None
}

/// The context length a point of a list states (`at 4K`, `at 16k`, `at 8,192 tokens`) when its
/// sentence speaks of the context (`context`, `ctx`, 上下文): tokens, `k` = 1000 (CLAIMS.md §3).
fn context_point(clause: &str, sentence: &str) -> Option<u32> {
    if !["context", "ctx", "上下文"]
        .iter()
        .any(|w| sentence.contains(w))
    {
        return None;
    }
    let i = clause.find(" at ")?;
    let rest = clause[i + 4..].trim_start();
    let digits = rest.len()
        - rest
            .trim_start_matches(|c: char| c.is_ascii_digit() || c == ',' || c == '.')
            .len();
    let v: f64 = rest[..digits].replace(',', "").parse().ok()?;
    let after = rest[digits..].trim_start();
    let v = if after.starts_with('k') && !after[1..].starts_with(|c: char| c.is_ascii_alphabetic())
    {
        v * 1000.0
    } else if after.starts_with("token") {
        v
    } else {
        return None;
    };
    ((1.0..1e7).contains(&v)).then(|| v.round() as u32)
}

/// The caption of the table whose row starts at `row_start`: the line above its first row
/// (past at most one blank line) when it is short (≤ 200 bytes) and reads as a caption (a
/// heading, a `key: value` line or one that ends with `:`), not a paragraph.
fn table_caption(lower: &str, row_start: usize) -> Option<Span> {
    let mut at = lower[..row_start.min(lower.len())]
        .rfind('\n')
        .map_or(0, |i| i + 1);
    // Up past the table's own lines (header, rule, earlier rows).
    loop {
        if at == 0 {
            return None;
        }
        let prev_start = lower[..at - 1].rfind('\n').map_or(0, |i| i + 1);
        let line = lower[prev_start..at - 1].trim();
        if line.starts_with('|') {
            at = prev_start;
            continue;
        }
        let (s, line) = if line.is_empty() {
            if prev_start == 0 {
                return None;
            }
            let s = lower[..prev_start - 1].rfind('\n').map_or(0, |i| i + 1);
            (s, lower[s..prev_start - 1].trim())
        } else {
            (prev_start, line)
        };
        let caption = !line.is_empty()
            && line.len() <= 200
            && (line.starts_with('#') || line.contains(':') || line.starts_with("**"));
        return caption.then(|| Span {
            start: s,
            end: s + lower[s..].find('\n').unwrap_or(lower.len() - s),
        });
    }
}

/// Gives every figure (up to [`MAX_ATTACHED`]) the settings of its own stretch of text.
pub(super) fn attach(lower: &str, claim: &mut Claim) {
    let spans: Vec<(Span, String)> = claim
        .figures
        .iter()
        .take(MAX_ATTACHED)
        .filter(|f| !f.derived)
        .map(|f| (f.span, f.unit.clone()))
        .collect();
    let others: Vec<(Span, &str)> = spans.iter().map(|(s, u)| (*s, u.as_str())).collect();
    for f in claim.figures.iter_mut().take(MAX_ATTACHED) {
        if f.derived {
            continue;
        }
        let st = stretch(lower, f.span);
        let part = &lower[st.start..st.end];
        let mut c = Claim::default();
        read_setup_into(part, st.start, &mut c);
        // A table row whose first cell names a model no pattern knows (`| LFM2-24B-A2B Q4_K_M
        // | 24B | …`): that name.
        if c.model.is_none() && part.trim_start().starts_with('|') {
            let cell_from = part.find('|').map_or(0, |i| i + 1);
            let cell_to = part[cell_from..]
                .find('|')
                .map_or(part.len(), |i| cell_from + i);
            c.model = row_model(&part[cell_from..cell_to], st.start + cell_from);
        }
        // A table row that names no model or device: the ones its table's caption names
        // (`Llama 3.1 70B: tp=4, rps=inf` over the table; CLAIMS.md §1.5, the same block).
        if (c.model.is_none() || c.gpu.is_none()) && part.trim_start().starts_with('|') {
            if let Some(cap) = table_caption(lower, st.start) {
                let mut named = Claim::default();
                read_setup_into(&lower[cap.start..cap.end], cap.start, &mut named);
                if c.model.is_none() {
                    c.model = named.model;
                }
                if c.gpu.is_none() && named.gpu.is_some() {
                    c.gpu = named.gpu;
                    c.gpu_count = c.gpu_count.or(named.gpu_count);
                }
            }
        }
        // A column header that names the device (`| 4090实测速度 |`, `| H100 tok/s |`): the
        // column's figures ran on it.
        if c.gpu.is_none() && part.trim_start().starts_with('|') {
            if let Some(label) = f.label.as_deref().filter(|l| l.len() <= 80) {
                let mut named = Claim::default();
                // The header's words are read on their own (offset 0); the device found there
                // points at the figure's cell, where the text states it for this figure.
                read_setup_into(label, 0, &mut named);
                if let Some(mut g) = named.gpu {
                    g.span = f.span;
                    c.gpu = Some(g);
                }
            }
        }
        // A point of a list keeps the load, count and lengths its own clause states; the rest
        // (model, device, engine) still comes from the whole stretch.
        let cl = list_clause(lower, st, f.span, &others, &f.unit);
        // Only a clause with a word of load, count or length can state one (a cheap test
        // before reading it).
        let keyed = |t: &str| {
            [
                "batch", "bs", "conc", "gpu", "tp", "input", "output", "isl", "osl", "user", "req",
                "prompt", "card", "并发", "卡", "输入", "输出",
            ]
            .iter()
            .any(|w| t.contains(w))
        };
        // A tool's output printed in blocks, each under a line that sets its load
        // (`batch_size=64`, `concurrency: 32`): the block's figures have that load.
        if c.batch_size.is_none() && c.concurrency.is_none() {
            if let Some(h) = block_load_header(lower, f.span.start) {
                let mut own = Claim::default();
                read_load_into(&lower[h.start..h.end], h.start, &mut own);
                c.batch_size = own.batch_size;
                c.concurrency = own.concurrency;
            }
        }
        let mut own_clause = false;
        // An engine named after the figure, in a later point of its list or with a number of
        // its own (`~6 tok/s, and ollama is 20`), is that other point's.
        let later_own_number = |r: &Found<String>| {
            r.span.start >= f.span.end && {
                let after = &lower[r.span.end.min(lower.len())..];
                let near = &after[..after.char_indices().nth(14).map_or(after.len(), |(i, _)| i)];
                let words = near.trim_start();
                [
                    "is ",
                    "does ",
                    "gets ",
                    "got ",
                    "at ",
                    "was ",
                    "can ",
                    "reaches ",
                    "reached ",
                    "hits ",
                    "achieves ",
                    "delivers ",
                ]
                .iter()
                .any(|w| words.starts_with(w))
                    && near.contains(|ch: char| ch.is_ascii_digit())
            }
        };
        if c.runtime
            .as_ref()
            .is_some_and(|r| (cl != st && r.span.start >= cl.end) || later_own_number(r))
        {
            c.runtime = None;
        }
        // A device named as the other side of a comparison in the figure's sentence (`a 2.7×
        // improvement over H100 HGX systems`, `faster than the A100`) is the baseline's, not
        // the figure's (CLAIMS.md §4).
        if c.gpu.as_ref().is_some_and(|g| {
            let pre = &lower[floor_boundary(lower, g.span.start.saturating_sub(24))..g.span.start];
            let pre = pre
                .trim_end()
                .trim_end_matches(" the")
                .trim_end_matches(" an")
                .trim_end();
            g.span.start > f.span.end
                && [
                    " over",
                    " than",
                    "compared to",
                    "compared with",
                    " vs",
                    " vs.",
                    "versus",
                    "relative to",
                ]
                .iter()
                .any(|w| pre.ends_with(w))
        }) {
            c.gpu = None;
            c.gpu_count = None;
        }
        // A point of a list or a contrast that names its own device or model (`NVIDIA claims
        // 30,000 tokens/s on H100, but our number on 8x MI300X was 21,400`): that one.
        if cl != st {
            let mut named = Claim::default();
            read_setup_into(&lower[cl.start..cl.end], cl.start, &mut named);
            if named.gpu.is_some() {
                c.gpu = named.gpu;
                c.gpu_count = named.gpu_count;
            }
            if named.model.is_some() {
                c.model = named.model;
            }
        }
        // For the load, a point before "and" is another's (`61 at batch 4 and 118 tok/s at
        // batch 16`: 118's batch is 16).
        let load_from = if cl == st {
            cl.start
        } else {
            lower[cl.start..f.span.start.clamp(cl.start, cl.end)]
                .rfind(" and ")
                .map_or(cl.start, |i| cl.start + i + " and ".len())
        };
        let cl = Span {
            start: load_from,
            end: cl.end,
        };
        // A sweep over the context in prose (`speed drops as the context fills: 38 tok/s at 4K,
        // 31 tok/s at 16K, 22 tok/s at 32K`): each point's `at NK` is its prompt length.
        if cl != st && c.prompt_tokens.is_none() {
            if let Some(n) = context_point(&lower[cl.start..cl.end], part) {
                c.prompt_tokens = Some(Found { value: n, span: cl });
                own_clause = true;
            }
        }
        if cl != st && keyed(&lower[cl.start..cl.end]) {
            let mut own = Claim::default();
            read_load_into(&lower[cl.start..cl.end], cl.start, &mut own);
            let states = own.batch_size.is_some()
                || own.concurrency.is_some()
                || own.gpu_count.is_some()
                || own.tp.is_some()
                || own.prompt_tokens.is_some()
                || own.output_tokens.is_some();
            if states {
                own_clause = true;
                c.batch_size = own.batch_size;
                c.concurrency = own.concurrency;
                c.gpu_count = own.gpu_count;
                c.tp = own.tp;
                c.prompt_tokens = own.prompt_tokens;
                c.output_tokens = own.output_tokens;
            }
        }
        // A load written after the figure, past its own clause, is a later point's (`每秒9token，
        // 100并发下每秒700token`: 100 is the second point's).
        if cl != st && !own_clause {
            let later = |s: Span| s.start >= cl.end;
            if c.batch_size.as_ref().is_some_and(|b| later(b.span)) {
                c.batch_size = None;
            }
            if c.concurrency.as_ref().is_some_and(|b| later(b.span)) {
                c.concurrency = None;
            }
        }
        let padded = format!(" {part} ");
        let mut other = EARLIER_RUN.iter().chain(OTHER_SETUP).find_map(|w| {
            let i = find_setup_word(&padded, w)?;
            let from = (st.start + i.saturating_sub(1)).min(st.end);
            let to = (from + w.trim().len()).min(st.end);
            Some(Found {
                value: w.trim().to_string(),
                span: Span {
                    start: from,
                    end: to,
                },
            })
        });
        // A marker of another setup written after this figure and before another figure of the
        // same stretch (`I get 70.98 token/s while the document shows 640 token/s with
        // batch=8`) is the later figure's: this one stays the author's run, and the load written
        // past the marker is the other setup's.
        if let Some(m) = other.as_ref().map(|o| o.span.start) {
            let after_this = m >= f.span.end;
            let later_figure = others
                .iter()
                .any(|(s, _)| *s != f.span && s.start >= m && s.end <= st.end);
            if after_this && later_figure && !EARLIER_RUN.iter().any(|w| part.contains(w)) {
                other = None;
                if c.batch_size.as_ref().is_some_and(|b| b.span.start >= m) {
                    c.batch_size = None;
                }
                if c.concurrency.as_ref().is_some_and(|b| b.span.start >= m) {
                    c.concurrency = None;
                }
            }
        }
        // A figure on a quoted line (`> about 22ms/token`, a reply quoting an earlier comment)
        // is the quoted person's, another setup (CLAIMS.md §4), when the text has lines of its
        // own author too.
        if other.is_none() {
            if let Some(q) = quote_marker(lower, f.span.start) {
                other = Some(q);
            }
        }
        f.settings = FigureSettings {
            model: c.model,
            gpu: c.gpu,
            gpu_count: c.gpu_count,
            tp: c.tp,
            batch_size: c.batch_size,
            concurrency: c.concurrency,
            prompt_tokens: c.prompt_tokens,
            output_tokens: c.output_tokens,
            weight_dtype: c.weight_dtype,
            runtime: c.runtime,
            other_setup: other,
        };
    }
}

/// Where the `>` opening the line at `at` stands, when that line is a Markdown or e-mail
/// quote (`> about 22ms/token`, a reply quoting an earlier comment).
pub(crate) fn quote_start(lower: &str, at: usize) -> Option<usize> {
    let at = at.min(lower.len());
    let line_start = lower[..at].rfind('\n').map_or(0, |i| i + 1);
    let line = &lower[line_start..];
    let lead = line.len() - line.trim_start().len();
    line[lead..].starts_with('>').then_some(line_start + lead)
}

/// Whether the text has an unquoted line with a number on it: words of its own author beside
/// what it quotes.
pub(crate) fn has_own_numbered_line(lower: &str) -> bool {
    lower.lines().any(|l| {
        let t = l.trim_start();
        !t.starts_with('>') && t.chars().any(|c| c.is_ascii_digit())
    })
}

/// The quote marker of the line at `at` ([`quote_start`]) when the text also has lines of its
/// own author ([`has_own_numbered_line`]); `None` otherwise.
fn quote_marker(lower: &str, at: usize) -> Option<Found<String>> {
    let q = quote_start(lower, at)?;
    has_own_numbered_line(lower).then(|| Found {
        value: ">".to_string(),
        span: Span {
            start: q,
            end: q + 1,
        },
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn settings_stay_with_their_sentence() {
        let c = crate::claim::read(
            "We get 3,200 tok/s on 8xH100 with batch size 64. A competitor reports 2,000 tok/s \
             at batch size 16.",
        );
        let a = &c
            .figures
            .iter()
            .find(|f| f.value == 3200.0)
            .unwrap()
            .settings;
        assert_eq!(a.batch_size.as_ref().unwrap().value, 64);
        assert_eq!(a.gpu_count.as_ref().unwrap().value, 8);
        let b = &c
            .figures
            .iter()
            .find(|f| f.value == 2000.0)
            .unwrap()
            .settings;
        assert_eq!(b.batch_size.as_ref().unwrap().value, 16);
        assert!(b.gpu.is_none());
        assert_eq!(b.other_setup.as_ref().unwrap().value, "competitor");
    }
}
