//! Stage: tables of the common shapes, read by what their headers say. A table is a run of
//! lines split into cells by `|` (markdown, pasted tool tables), tabs, or two or more spaces
//! (space-aligned console output); a web table pasted with single spaces is read when its
//! header names a token rate by its unit (`PP (t/s) TG (t/s)`, see `space_blocks`). Each column
//! gets a role from its header (a throughput with its kind and scope, an input or output length,
//! a batch, a concurrency, a device count, a precision); a table whose first column names
//! metrics (`| Output Tokens/s | 642.43 | 678.94 |`) is read row by row instead.
//!
//! The headline cell follows CLAIMS.md §1: the throughput column that ranks first by §1.3's
//! order (output, total, unspecified/decode, per user, prefill); among equals, the last column
//! shown (§1.5); the row the surrounding words name, else the last data row (§1.5). The
//! settings of that row (§1.5: "settings are read from the same row") come with it.

use super::{Figure, FigureKind, Found, Scope, Span};
use std::cell::OnceCell;

/// What a column holds.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Role {
    Rate(FigureKind, Option<Scope>),
    Input,
    Output,
    /// Both lengths in one cell (`10000-500`, `1000/1000`) under `ISL/OSL`, `input-output`.
    Lengths,
    Batch,
    Concurrency,
    Devices,
    /// The device's name (`GPU`, `Hardware`): one device unless the cell counts them (`8x H100`).
    Device,
    /// The tensor-parallel degree (`TP`): the devices too, when no column counts them.
    Tp,
    Precision,
    /// A decoding or launch setting that is no load, length, device or precision (`num_beams`,
    /// `ngl`, `threads`): never a rate column.
    Knob,
    Other,
}

/// The settings a table row gives its figure.
#[derive(Debug, Default, Clone)]
pub(crate) struct RowSettings {
    pub prompt_tokens: Option<Found<u32>>,
    pub output_tokens: Option<Found<u32>>,
    pub batch_size: Option<Found<u32>>,
    pub concurrency: Option<Found<u32>>,
    pub gpu_count: Option<Found<u32>>,
    pub weight_dtype: Option<Found<String>>,
    pub tp: Option<Found<u32>>,
    /// The model the row's first cell names (carried down to the rows that leave it out).
    pub model: Option<Found<String>>,
    /// The device the figure's column header names (`| H20 GPU 性能 | 910B4 NPU 性能 |`): a
    /// table whose columns are devices compares them, and the figure is its column's.
    pub gpu: Option<Found<String>>,
    /// A load written only as a count of requests (`Throughput (50 req)`): concurrent or in
    /// total, the header does not say (the batch row is at most partial).
    pub load_unsure: Option<Span>,
    /// The rate a row's label says the client sent at (GuideLLM's `constant@4.45`,
    /// `poisson@2.00`), requests per second.
    pub request_rate: Option<Found<f64>>,
}

struct Line {
    cells: Vec<Span>,
}

/// The span of `lower[a..b]` without its leading and trailing whitespace.
fn trimmed(lower: &str, a: usize, b: usize) -> Span {
    let raw = &lower[a..b];
    let lead = raw.len() - raw.trim_start().len();
    Span {
        start: a + lead,
        end: a + lead + raw.trim().len(),
    }
}

/// A pipe table's cell that writes a change (`5.49 → 10.79`, `**18.1 -> 28.9**`): the span of
/// the value it ends at, the tuned result (CLAIMS.md §1.6: a change is read at its end); any
/// other cell as it is. Both ends must be numbers, so a header (`tok/s, baseline → candidate`)
/// stays whole.
fn change_end(lower: &str, c: Span) -> Span {
    let t = &lower[c.start..c.end];
    let Some((at, len)) = ["→", "->", "=>", "⇒"]
        .iter()
        .find_map(|a| t.find(a).map(|i| (i, a.len())))
    else {
        return c;
    };
    let (from, to) = (&t[..at], &t[at + len..]);
    if cell_number(from).is_none() || cell_number(to).is_none() {
        return c;
    }
    // The markup around the value (`2.77 → **5.22**`) stays outside its span.
    let to = to.trim_start().trim_start_matches('*').trim_start();
    let start = c.end - to.len();
    let end = c.end - (to.len() - to.trim_end_matches('*').trim_end().len());
    Span { start, end }
}

/// Cells of one line, or None when it is not a table line.
fn split(lower: &str, start: usize, end: usize) -> Option<Vec<Span>> {
    let line = &lower[start..end];
    let mut out = Vec::new();
    let cell = |a: usize, b: usize| trimmed(lower, a, b);
    let mut push = |a: usize, b: usize| {
        let c = cell(a, b);
        if c.end > c.start {
            out.push(c);
        }
    };
    // One bar is a row too when it splits the line in two cells (`System | Throughput`).
    let bars = line.matches('|').count();
    if bars >= 2 || (bars == 1 && !line.trim().starts_with('|') && !line.trim().ends_with('|')) {
        // Pipe rows keep their empty cells (columns stay aligned); only the empty ends that
        // outer pipes make are dropped.
        let mut cells = Vec::new();
        let mut from = start;
        for (i, _) in line.match_indices('|') {
            cells.push(change_end(lower, cell(from, start + i)));
            from = start + i + 1;
        }
        cells.push(change_end(lower, cell(from, end)));
        if cells.first().is_some_and(|c| c.end == c.start) {
            cells.remove(0);
        }
        if cells.last().is_some_and(|c| c.end == c.start) {
            cells.pop();
        }
        // Two columns are a table too (`| TP | Throughput (tok/s) |`, `| Metric | Value |`).
        return (cells.len() >= 2).then_some(cells);
    } else if line.matches(',').count() >= 2 && !line.contains(", ") && !thousands(line) {
        // CSV (a tool's export: `Metric,avg,min,max`): commas with no space after them, and
        // none inside a number (`1,450`); empty cells keep their columns.
        let mut from = start;
        for (i, _) in line.match_indices(',') {
            out.push(cell(from, start + i));
            from = start + i + 1;
        }
        out.push(cell(from, end));
        return (out.len() >= 3).then_some(out);
    } else if line.contains('\t') {
        let mut from = start;
        for (i, _) in line.match_indices('\t') {
            push(from, start + i);
            from = start + i + 1;
        }
        push(from, end);
    } else if line.contains("  ") {
        // Two or more spaces separate cells.
        let bytes = line.as_bytes();
        let mut from = start;
        let mut i = 0;
        while i + 1 < bytes.len() {
            if bytes[i] == b' ' && bytes[i + 1] == b' ' {
                push(from, start + i);
                while i < bytes.len() && bytes[i] == b' ' {
                    i += 1;
                }
                from = start + i;
            } else {
                i += 1;
            }
        }
        push(from, end);
        // `label:   value` log lines are records, not a space-aligned table.
        if out.iter().any(|c| lower[c.start..c.end].ends_with(':')) {
            return None;
        }
    } else {
        return None;
    }
    (out.len() >= 3).then_some(out)
}

/// True when a comma in `line` groups a number's thousands (`1,450.2`, `12,000`).
fn thousands(line: &str) -> bool {
    let b = line.as_bytes();
    (0..b.len()).any(|i| {
        b[i] == b','
            && i > 0
            && b[i - 1].is_ascii_digit()
            && b.len() >= i + 4
            && b[i + 1..i + 4].iter().all(u8::is_ascii_digit)
            && b.get(i + 4).is_none_or(|c| !c.is_ascii_digit())
    })
}

fn is_rule(t: &str) -> bool {
    !t.is_empty()
        && t.chars()
            .all(|c| matches!(c, '-' | ':' | '=' | ' ' | '|' | '+'))
}

/// Token-rate units a table cell may write after its number (`24,167 tokens/sec`).
const RATE_UNITS: &[&str] = &[
    "toks/sec",
    "toks/s",
    "tokens/sec",
    "tokens/secs",
    "tokens/second",
    "token/second",
    "tokens/s",
    "token/s",
    "tok/s",
    "tok/sec",
    "t/s",
    "tk/s",
    "tps",
    // Chinese: 秒 (second).
    "tokens/秒",
    "token/秒",
    "tok/秒",
];

/// A number in a cell (`3,516`, `13212.5`, `~80`, `4k`, `1.2 ± 0.1`, `**678.94**`,
/// `**90.19** tokens/s`), else None.
fn cell_number(t: &str) -> Option<f64> {
    // Markdown emphasis anywhere in the cell (`**90.19** tokens/s`) is no part of the number.
    let unmarked;
    let t = if t.contains('*') {
        unmarked = t.replace('*', "");
        unmarked.as_str()
    } else {
        t
    };
    let t = t.trim().trim_start_matches('~').trim();
    let t = t.split('±').next()?.trim();
    // A note in parentheses after the number (`4 (TP=4)`, `1,120 (+12%)`): the number.
    let t = match t.split_once(" (") {
        Some((n, note)) if note.ends_with(')') => n.trim(),
        _ => t,
    };
    // An interval in brackets after the number, and what follows it (`2184 [2176 2186] N=8`, a
    // mean with its confidence bounds and sample count): the number.
    let t = match t.split_once(" [") {
        Some((n, note)) if note.contains(']') => n.trim(),
        _ => t,
    };
    // Two figures of one run in a cell (`43.1 / 185`, a caption's `decode tokens per second /
    // time to first token in milliseconds`): the first, the one the column's unit names first.
    // A longer list (`39.4 / 61.3 / 87.4 tok/s`) is a sweep, read elsewhere.
    let t = match t.split_once(" / ") {
        Some((a, b)) if !b.contains('/') && cell_number(b).is_some() => a.trim(),
        _ => t,
    };
    // A token-rate unit written in the cell (`24,167 tokens/sec`): the number. (Times are left
    // alone: a log line's `latency: 0.0057 s` is no table cell.)

    let t = match t.rsplit_once(' ') {
        Some((n, u)) if RATE_UNITS.contains(&u.trim()) => n.trim(),
        _ => t,
    };
    // A range (`16.3-17.5`, `30–60`): its low end (CLAIMS.md §1.7; [`cell_high`] gives the
    // other).
    let t = match t.split_once(['-', '–']) {
        Some((lo, hi)) if !lo.is_empty() && cell_number(hi).is_some() => lo.trim(),
        _ => t,
    };
    let (body, mult) = match t.strip_suffix(['k', 'K']) {
        Some(b) => (b, 1000.0),
        None => (t, 1.0),
    };
    if body.is_empty() || !body.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    if !body
        .chars()
        .all(|c| c.is_ascii_digit() || c == ',' || c == '.')
    {
        return None;
    }
    // A decimal comma (`111,62`, `0,5`): one comma with one or two digits after it (a
    // thousands separator always groups three); the thousands then grouped by dots
    // (`1.174,08`, German and most of Europe).
    if let Some((int, frac)) = body.split_once(',') {
        let grouped = int.split('.').skip(1).all(|g| g.len() == 3)
            && int
                .split('.')
                .next()
                .is_some_and(|g| (1..=3).contains(&g.len()));
        let int = if int.contains('.') && grouped {
            int.replace('.', "")
        } else {
            int.to_string()
        };
        if !frac.contains([',', '.']) && (1..=2).contains(&frac.len()) {
            return format!("{int}.{frac}")
                .parse::<f64>()
                .ok()
                .map(|v| v * mult);
        }
    }
    body.replace(',', "").parse::<f64>().ok().map(|v| v * mult)
}

/// A load in a batch or concurrency cell: a number, also written as a multiple (`×16`, `x16`,
/// `16x`: sixteen at once), between 1 and 10 million.
fn load_number(t: &str) -> Option<f64> {
    let t = t.trim().trim_matches('*').trim();
    let t = t
        .strip_prefix(['×', 'x'])
        .or_else(|| t.strip_suffix(['×', 'x']))
        .unwrap_or(t);
    cell_number(t).filter(|v| (1.0..1e7).contains(v))
}

/// The high end of a range cell (`16.3-17.5 tok/s` → 17.5), else None.
fn cell_high(t: &str) -> Option<f64> {
    let (lo, hi) = t.split_once(['-', '–'])?;
    cell_number(lo)?;
    cell_number(hi)
}

/// A Chinese, Japanese or Korean length header (`输入长度`, `入力トークン`, `입력 길이`): one of
/// `words` alone or followed by a length or token word.
fn cjk_length(h: &str, words: &[&str]) -> bool {
    const AFTER: &[&str] = &["长度", "token", "トークン", "長", "길이", "토큰"];
    words.iter().any(|w| {
        h.strip_prefix(w).is_some_and(|rest| {
            rest.is_empty() || AFTER.iter().any(|t| rest.trim_start().starts_with(t))
        })
    })
}

/// The role of a column (or of a metric row) from its header text.
/// The load a header writes beside its metric: `N req`, `N requests`, `N users`, `N concurrent`
/// (`Throughput (50 req)` → 50).
fn header_load(h: &str) -> Option<u32> {
    let b = h.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() && (i == 0 || !b[i - 1].is_ascii_alphanumeric()) {
            let j = (i..b.len())
                .find(|&j| !b[j].is_ascii_digit())
                .unwrap_or(b.len());
            let rest = h[j..].trim_start();
            if ["req", "users", "concurrent"]
                .iter()
                .any(|w| rest.starts_with(w))
            {
                return h[i..j].parse().ok();
            }
            i = j;
        } else {
            i += 1;
        }
    }
    None
}

/// Whether a column header is in requests per second (`Tput (req/s)`, `QPS`, `RPS`).
pub(super) fn in_requests_per_second(h: &str) -> bool {
    [
        "req/s",
        "requests/s",
        "req/sec",
        "requests/sec",
        "qps",
        "rps",
    ]
    .iter()
    .any(|w| h.contains(w))
}

fn role(h: &str) -> Role {
    // A footnote mark in HTML (`TP<sup>(2)</sup>`, `Batch Size<sup>1</sup>`) is not part of the
    // header's words.
    let plain;
    let h = if h.contains("<sup>") {
        plain = without_sup(h);
        plain.as_str()
    } else {
        h
    };
    let h = h.trim_matches('*');
    // A unit written with spaces around its slash (`token / sec`, `ms / token`).
    let unspaced;
    let h = if h.contains(" / ") {
        unspaced = h.replace(" / ", "/");
        unspaced.as_str()
    } else {
        h
    };
    // A footnote digit glued to a header word (`TP1 Size`, `Throughput2`) is not part of it.
    let unnoted;
    let h = if h.contains(|c: char| c.is_ascii_digit()) {
        unnoted = without_footnotes(h);
        unnoted.as_str()
    } else {
        h
    };
    let has = |w: &str| h.contains(w);
    let rate = has("tok/s")
        || has("toks/s")
        || has("tokens/s")
        // llama-bench's test names as rates (`PP/s`, `TG/s`).
        || has("pp/s")
        || has("tg/s")
        || has("token/s")
        || has("t/s")
        || has("tk/s")
        || has("tok/sec")
        || has("tokens/sec")
        || has("throughput")
        || has("tps")
        || has("tokens per second")
        // A stacked header's joined name (`output tokens per sec mean`).
        || has("tokens per sec")
        || h.starts_with("tput")
        || has(" tput")
        // A speed column with its unit left out (`Token Generation Speed`, `生成速度`, `출력
        // 토큰/초`): a token rate, unless it is a ratio (`Speedup`).
        || has("speed") && !has("speedup") && !has("speed-up") && !has("speed up")
        || has("速度")
        // 出字率 ("output rate", Baidu's name for output tokens per second).
        || has("出字率")
        // A decode phase's name with its unit in the cells (`| 146k token generation |` over
        // `| 5.95 t/s |`).
        || has("token generation")
        || has("토큰/초")
        || has("トークン/秒")
        // llama-bench's test name alone as a header (`| pp512 | tg128 |` over bare numbers):
        // the tool prints those tests in t/s, so the unit is implied.
        || is_bench_test(h);
    // A request rate (`req/s`, `Request throughput`) is no token rate; a load written beside a
    // token rate (`Throughput (50 req)`) leaves it one.
    let request_rate = has("req/")
        || has("requests/")
        || has("request throughput")
        || has("requests per")
        || has("req per")
        || has("rps")
        || has("rpm")
        || has("request per")
        || has("qps");
    // A rate over a resource (`tok/s per GB/s`, `tok/s/W`) is an efficiency ratio.
    let ratio = ["tok/s", "tokens/s", "t/s", "tps"].iter().any(|u| {
        h.match_indices(u)
            .any(|(i, _)| super::reader::per_resource(&h[i + u.len()..]))
    });
    if rate && !request_rate && !has("ms") && !ratio {
        // Abbreviated headers (GuideLLM's `Out Tok/sec`, `Tot Tok/sec`, `In Tok/sec`; `Gen
        // tok/s`): the first word names the tokens.
        let first = h.split_whitespace().next().unwrap_or("");
        // llama-bench's test names as headers (`pp512 t/s`, `tg128 t/s`).
        let test = |p: &str| {
            h.split(|c: char| !c.is_ascii_alphanumeric())
                .any(|w| bench_test_name(w, p))
        };
        let kind = if has("prefill")
            || has("pp ")
            || has("pp/s")
            || has("s_pp")
            || test("pp")
            || has("input tok")
            || has("prompt")
            || first == "in"
            || has("预填充")
        {
            FigureKind::PrefillThroughput
        } else if has("s_tg")
            || has("tg/s")
            || has("decod")
            || has("tg ")
            || test("tg")
            || has("解码")
            // ollama's `eval rate`, a phase's name (`Token generation (t/s)`).
            || has("eval rate")
            || has("token generation")
            || has("generat")
            || first == "gen"
        {
            FigureKind::DecodeThroughput
        } else if (has("total") || first == "tot" || has("总吞吐") || has("gesamtdurchsatz"))
            && !has("output")
        {
            FigureKind::ThroughputTotal
        } else if has("output")
            || has("generat")
            || first == "out"
            || first == "gen"
            // `Throughput (out tok/s/GPU)`.
            || has("out tok")
            || has("out tput")
            || has("输出")
            || has("生成速度")
            || has("生成吞吐")
            || has("出字率")
            || has("출력")
        {
            FigureKind::ThroughputOutput
        } else {
            FigureKind::ThroughputUnspecified
        };
        let scope = if has("/gpu") || has("per gpu") || has("per-gpu") || has("per card") {
            Some(Scope::PerGpu)
        } else if has("/user")
            || has("per user")
            || has("per-user")
            // `Tput User (TPS)`, `User TPS`: the word "user" in a rate's name.
            || h.split(|c: char| !c.is_alphanumeric()).any(|w| w == "user")
            || has("eval rate")
            // One request's or stream's rate (`Per-req tok/s`, `tok/s per stream`).
            || has("per-req")
            || has("per req")
            || has("per stream")
            || has("per-stream")
        {
            // ollama's `eval rate` is one request's.
            Some(Scope::PerUser)
        } else if has("/node") || has("per node") {
            Some(Scope::PerNode)
        } else if h.starts_with("median ")
            || (h.starts_with('p')
                && h[1..].starts_with(|c: char| c.is_ascii_digit())
                && h.contains(' '))
        {
            // A median or percentile of a token rate is over requests: one user's rate.
            Some(Scope::PerUser)
        } else if has("token throughput")
            || header_load(h).is_some_and(|n| n > 1)
            // `Agg tok/s`, `Aggregate throughput`: summed over the load.
            || h.starts_with("agg")
            || has(" agg")
        {
            // vLLM's and SGLang's summary labels ("Output token throughput"): the whole load's;
            // so is a rate measured under a load of several requests the header states
            // (`Throughput (50 req)`, CLAIMS.md §2).
            Some(Scope::Aggregate)
        } else {
            None
        };
        return Role::Rate(kind, scope);
    }
    // `w` as the whole header or its first or last word (no allocation: this runs per cell); an
    // abbreviation's full stop (`| Conc. |`, `| Out. |`) is not part of the word.
    let word = |w: &str| {
        let h = h.trim_end_matches('.');
        h == w
            || h.strip_prefix(w).is_some_and(|r| r.starts_with(' '))
            || h.strip_suffix(w).is_some_and(|r| r.ends_with(' '))
    };
    if (has("isl") && has("osl")) || (has("input") && has("output")) || has("in/out") {
        return Role::Lengths;
    }
    if has("input len")
        || has("input length")
        || has("isl")
        || has("input tokens")
        || has("prompt len")
        || has("prompt tokens")
        || word("input")
        || word("pp")
        || word("in")
        // The context a test runs at (`| context | MLX gen t/s |`, llama-bench's depth).
        || word("context")
        || word("ctx")
        || word("depth")
        || cjk_length(h, &["输入", "入力", "입력"])
    {
        Role::Input
    } else if has("output len")
        || has("output length")
        || has("osl")
        || has("output tokens")
        // Each request's generated tokens (`| Avg completion tokens |`), not a run's total.
        || ((has("completion tokens") || has("generated tokens")) && !has("total"))
        || has("max output")
        || word("output")
        || word("tg")
        || word("out")
        || cjk_length(h, &["输出", "出力", "출력"])
    {
        Role::Output
    } else if has("batch") || word("bs") || word("b") || h.starts_with("bs=") {
        Role::Batch
    } else if has("concurrency")
        || word("conc")
        || word("concur")
        || word("concurrent")
        // A column named `c` alone (`| cell | c | TTFT ms | … |`): the client's concurrency.
        || h.trim() == "c"
        // A load point as a column (`conc=64`, `c=64`).
        || h.starts_with("conc=")
        || h.starts_with("c=")
        || has("users")
        // Concurrent streams, as GuideLLM's concurrent profile names them (`| Streams | … |`).
        || word("streams")
        || has("并发")
        // German `Nebenläufigkeit` ("concurrency").
        || has("nebenläufigkeit")
    {
        Role::Concurrency
    } else if has("# hpu")
        || has("#hpu")
        || has("# gpu")
        || has("#gpu")
        || has("num gpu")
        || has("gpu num")
        || has("gpu count")
        || has("number of gpus")
        || has("# of gpus")
        || has("卡数")
        || word("gpus")
        || word("hpu")
    {
        Role::Devices
    } else if word("gpu")
        || word("hardware")
        || word("device")
        || word("accelerator")
        || word("platform")
    {
        Role::Device
    } else if word("tp") || has("tp size") || has("tp_size") {
        Role::Tp
    } else if has("precision")
        || has("dtype")
        || has("quant")
        || word("bits")
        || word("bit")
        || word("bpw")
        || word("w-bits")
    {
        Role::Precision
    } else if has("beam") || word("ngl") || word("threads") || word("seed") {
        Role::Knob
    } else {
        Role::Other
    }
}

/// True for a header that is one llama-bench test name and nothing else (`pp512`, `tg128`): a
/// prompt-processing or token-generation test of that many tokens, whose cells llama-bench
/// prints in tokens per second.
fn is_bench_test(h: &str) -> bool {
    ["pp", "tg"].iter().any(|p| bench_test_name(h.trim(), p))
}

/// True when `w` is llama-bench's test `p` (`pp`, `tg`) with its token count (`pp512`).
fn bench_test_name(w: &str, p: &str) -> bool {
    w.strip_prefix(p)
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// `h` without its `<sup>…</sup>` parts (footnote marks); an unclosed `<sup>` ends the header.
fn without_sup(h: &str) -> String {
    let mut out = String::with_capacity(h.len());
    let mut rest = h;
    while let Some(i) = rest.find("<sup>") {
        out.push_str(&rest[..i]);
        rest = match rest[i..].find("</sup>") {
            Some(j) => &rest[i + j + "</sup>".len()..],
            None => "",
        };
    }
    out.push_str(rest);
    out.trim().to_string()
}

/// `h` without one-digit footnote marks glued to the end of a word of three or more letters
/// or to `tp` followed by another word (`throughput2` → `throughput`, `tp1 size` → `tp size`);
/// numbers that are values (`tp 8`, `h100`, `pp512`) stay.
fn without_footnotes(h: &str) -> String {
    let words: Vec<&str> = h.split(' ').collect();
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    for (i, w) in words.iter().enumerate() {
        let letters = w.len() - w.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        let stem = &w[..w.len() - letters];
        let alpha = !stem.is_empty() && stem.chars().all(|c| c.is_ascii_alphabetic());
        // A footnote mark in parentheses glued to the word (`TP(2)`, `Batch Size(1)`).
        if let Some(stem) = w.strip_suffix(')').and_then(|r| {
            let (stem, n) = r.rsplit_once('(')?;
            (n.len() == 1
                && n.bytes().all(|b| b.is_ascii_digit())
                && !stem.is_empty()
                && stem.chars().all(|c| c.is_ascii_alphabetic()))
            .then_some(stem)
        }) {
            out.push(stem.to_string());
            continue;
        }
        let footnote = letters == 1
            && alpha
            && (stem.len() >= 3 && !["pp", "tg"].contains(&stem)
                || (stem == "tp" && words.get(i + 1).is_some_and(|n| *n == "size")));
        out.push(if footnote {
            stem.to_string()
        } else {
            (*w).to_string()
        });
    }
    out.join(" ")
}

/// CLAIMS.md §1.3 order; lower first. Per-user and per-GPU rates after aggregate ones.
fn rank(k: FigureKind, s: Option<Scope>) -> u8 {
    let base = match k {
        FigureKind::ThroughputOutput => 0,
        FigureKind::ThroughputTotal | FigureKind::DecodeThroughput => 1,
        FigureKind::ThroughputUnspecified => 2,
        FigureKind::ThroughputPerUser => 4,
        _ => 5,
    };
    base + if matches!(s, Some(Scope::PerGpu) | Some(Scope::PerUser)) {
        2
    } else {
        0
    }
}

/// Table blocks: runs of table lines with the same cell count (a `...` line may sit between).
fn blocks(lower: &str) -> Vec<Vec<Line>> {
    let mut out: Vec<Vec<Line>> = Vec::new();
    let mut cur: Vec<Line> = Vec::new();
    let mut start = 0;
    for line in lower.split_inclusive('\n') {
        let end = start + line.trim_end_matches(['\n', '\r']).len();
        // (A table run onto one line was split into its rows by the text stage.)
        let text = lower[start..end].trim();
        if text == "..." || text == "…" || is_rule(text) {
            // An excerpt gap or a rule line: the block goes on (a rule above the header, a
            // box's top border, starts none).
        } else if let Some(mut cells) = split(lower, start, end) {
            // A continuation row that also drops the empty cells it would end on (the
            // last row of a block, `| 2048 | 2048 | 500 | 500 | 2153.7 |` under rows ending
            // `| 11312.8 | |||`): padded back to the block's width.
            // A row the paste cut off (`| chat | … | 2 | python -m sglang.launch_server …`, no
            // closing `|`): its cells are the block's first ones, padded likewise.
            let cut_off = text.starts_with('|') && !text.ends_with('|');
            if let Some(l) = cur.last() {
                let (n, m) = (l.cells.len(), cells.len());
                if m >= 2 && m < n && (cut_off || empty_tail(&l.cells) >= n - m) {
                    let at = cells.last().map_or(end, |c| c.end);
                    cells.resize(n, Span { start: at, end: at });
                }
            }
            if cur.last().is_some_and(|l| l.cells.len() != cells.len()) {
                out.push(std::mem::take(&mut cur));
            }
            cur.push(Line { cells });
        } else if !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
        start += line.len();
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out.retain(|b| b.len() >= 2);
    out
}

/// Each line's start and end (without its line break), as byte offsets.
fn line_spans(lower: &str) -> Vec<(usize, usize)> {
    let mut lines = Vec::new();
    let mut start = 0;
    for line in lower.split_inclusive('\n') {
        let end = start + line.trim_end_matches(['\n', '\r']).len();
        lines.push((start, end));
        start += line.len();
    }
    lines
}

/// A word that is a token rate's unit in a header written with single spaces (`PP (t/s)`,
/// `Output token/s`, `Mean t/s`): one of [`RATE_UNITS`], bare or in parentheses.
fn unit_word(w: &str) -> bool {
    let w = w
        .strip_prefix('(')
        .and_then(|w| w.strip_suffix(')'))
        .unwrap_or(w);
    RATE_UNITS.contains(&w)
}

/// Words that open a two-word column name (`Mean acceptance`, `Output tokens`).
const SPACE_PREFIXES: &[&str] = &[
    "mean", "median", "avg", "average", "p50", "p90", "p95", "p99", "total", "output", "input",
    "prompt", "peak", "min", "max",
];

/// The whitespace-separated tokens of `lower[start..end]` with their spans.
fn tokens(lower: &str, start: usize, end: usize) -> Vec<Span> {
    let mut out = Vec::new();
    let mut at = start;
    for tok in lower[start..end].split(' ') {
        if !tok.is_empty() {
            out.push(Span {
                start: at,
                end: at + tok.len(),
            });
        }
        at += tok.len() + 1;
    }
    out
}

/// A token that fills a value cell: a number, a ratio (`1.07x`), a share (`86%`), a spread
/// (`±1.2`), numbers joined by `/` (`231.00/179.63`) or an empty marker (`n/a`, `-`).
fn value_token(t: &str) -> bool {
    let t = t.trim_end_matches([',', ';']);
    if ["n/a", "-", "—", "–", "oom", "na"].contains(&t) {
        return true;
    }
    let t = t.trim_start_matches('±').trim_end_matches(['x', '×', '%']);
    !t.is_empty() && t.split('/').all(|p| cell_number(p).is_some())
}

/// Tables pasted from a web page with their cells joined by single spaces (`양자화 포맷 PP (t/s)
/// TG (t/s)` over `Q4_0 143.23 32.27`): a header that names a token rate by its unit, then two
/// or more rows that end in the same number of values. The header's words are grouped into
/// column names (a unit joins the word before it, `Mean acceptance` is one name) and the values
/// are aligned to its last columns; a row's leading words are one label cell.
fn space_blocks(lower: &str) -> Vec<Vec<Line>> {
    let lines = line_spans(lower);
    let text = |s: Span| &lower[s.start..s.end];
    let mut out = Vec::new();
    let mut i = 0;
    while i + 2 < lines.len() {
        let (hs, he) = lines[i];
        let h = lower[hs..he].trim();
        let plain = |l: &str| !l.contains('|') && !l.contains('\t') && !l.contains("  ");
        let htoks = tokens(lower, hs, he);
        // The header names a rate by its unit, or it is all words and the rows carry the unit in
        // their cells (`Concurrent Throughput p99 Latency` over `10 1,090 tok/s 16.17s`).
        let header_unit = htoks.iter().any(|t| unit_word(text(*t)));
        let all_words = htoks
            .iter()
            .all(|t| !text(*t).starts_with(|c: char| c.is_ascii_digit()));
        if !plain(h)
            || htoks.len() < 2
            || htoks.len() > 24
            || !(header_unit || all_words)
            || htoks.iter().all(|t| value_token(text(*t)))
        {
            i += 1;
            continue;
        }
        // Column names: a unit joins the word before it; a lone opening word joins the next.
        let mut cols: Vec<Span> = Vec::new();
        for t in &htoks {
            let w = text(*t);
            match cols.last_mut() {
                Some(last) if unit_word(w) => last.end = t.end,
                Some(last) if SPACE_PREFIXES.contains(&text(*last)) && !unit_word(w) => {
                    last.end = t.end
                }
                _ => cols.push(*t),
            }
        }
        // Rows: leading words, then values to the line's end.
        let mut rows: Vec<Line> = Vec::new();
        let mut j = i + 1;
        while j < lines.len() {
            let (rs, re) = lines[j];
            let r = lower[rs..re].trim();
            if r == "..." || r == "…" {
                j += 1;
                continue;
            }
            if !plain(r) || r.is_empty() {
                break;
            }
            let toks = tokens(lower, rs, re);
            // A row that starts with a value fills every column, a rate unit kept in its value's
            // cell (`10 1,090 tok/s 16.17s ok` under five names).
            if toks.first().is_some_and(|t| value_token(text(*t))) {
                let cells = unit_cells(lower, &toks);
                let values = cells
                    .iter()
                    .filter(|c| cell_number(text(**c)).is_some() || value_token(text(**c)))
                    .count();
                if cells.len() != cols.len() || values < 2 {
                    break;
                }
                rows.push(Line { cells });
                j += 1;
                continue;
            }
            if !header_unit {
                break;
            }
            // A label that ends in a number (`RTX 3090 1138 36.24` under `GPU pp512 (t/s) tg128
            // (t/s)`): the values fill the columns after the first, the rest is the label.
            let m = toks
                .iter()
                .rev()
                .take_while(|t| value_token(text(**t)))
                .count()
                .min(cols.len().saturating_sub(1));
            let label = toks.len() - m;
            if m == 0 || label == 0 || label > 6 || m >= cols.len() {
                break;
            }
            let mut cells = vec![Span {
                start: toks[0].start,
                end: toks[label - 1].end,
            }];
            // Columns the label does not fill stay empty; the values take the last ones.
            let at = toks[label - 1].end;
            cells.resize(cols.len() - m, Span { start: at, end: at });
            cells.extend(toks[label..].iter().copied());
            rows.push(Line { cells });
            j += 1;
        }
        let rate_in_values = rows.iter().all(|r| {
            r.cells.iter().zip(&cols).any(|(c, h)| {
                c.end > c.start
                    && cell_number(text(*c)).is_some()
                    && (text(*h).rsplit(' ').next().is_some_and(unit_word)
                        || text(*c).rsplit(' ').next().is_some_and(unit_word))
            })
        });
        if rows.len() >= 2 && rate_in_values {
            let mut block = vec![Line { cells: cols }];
            block.extend(rows);
            out.push(block);
            i = j;
        } else {
            i += 1;
        }
    }
    out
}

/// Tables pasted from a web page one cell to a line (a rendered HTML table copied as text):
/// `k` short header lines (2 to 8), one of which names a rate, then two or more rows of `k`
/// lines each whose cell under that header is a number. The run of short lines must split into
/// whole rows; a blank or long line ends it. The cells keep their own lines' spans.
fn cell_blocks(lower: &str) -> Vec<Vec<Line>> {
    const MAX_CELL: usize = 48;
    // Some pages copy each cell with the column's closing pipe (`Llama-3.1-8B-Instruct |`) and
    // keep the header's rule (`|---|---|`): the pipe is no part of the cell, and the rule is
    // skipped.
    let lines: Vec<Span> = line_spans(lower)
        .into_iter()
        .map(|(s, e)| {
            let t = trimmed(lower, s, e);
            let line = &lower[t.start..t.end];
            if line.ends_with('|') && line.matches('|').count() == 1 {
                trimmed(lower, t.start, t.end - 1)
            } else {
                t
            }
        })
        .filter(|t| !is_rule(&lower[t.start..t.end]))
        .collect();
    let text = |s: Span| &lower[s.start..s.end];
    // A cell line: short, not a table line of its own, not a sentence.
    let cell = |s: Span| {
        let t = text(s);
        !t.is_empty()
            && t.chars().count() <= MAX_CELL
            && !t.contains('|')
            && !t.contains('\t')
            && !t.ends_with(['.', ':', '。', '：'])
            && t.split_whitespace().count() <= 6
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        // A run of cell lines (a single blank line between two cells does not end it: some
        // pages copy with a blank line after every cell).
        let mut run: Vec<Span> = Vec::new();
        let mut j = i;
        while j < lines.len() {
            if cell(lines[j]) {
                run.push(lines[j]);
                j += 1;
            } else if text(lines[j]).is_empty()
                && !run.is_empty()
                && lines.get(j + 1).is_some_and(|l| cell(*l))
            {
                j += 1;
            } else {
                break;
            }
        }
        if let Some(block) = cell_table(lower, &run) {
            out.push(block);
        }
        i = j.max(i + 1);
    }
    out
}

/// The table a run of one-cell lines holds (see [`cell_blocks`]): after up to two title lines,
/// `k` header cells, then whole rows of `k`, up to two trailing lines (a note) left over.
fn cell_table(lower: &str, run: &[Span]) -> Option<Vec<Line>> {
    let text = |s: Span| &lower[s.start..s.end];
    for skip in 0..=2usize {
        let body = run.get(skip..)?;
        for k in 2..=8usize {
            let Some(n_rows) = (body.len() / k).checked_sub(1) else {
                continue;
            };
            if n_rows < 2 || body.len() - (n_rows + 1) * k > 2 {
                continue;
            }
            let header = &body[..k];
            if header.iter().any(|c| cell_number(text(*c)).is_some()) {
                continue;
            }
            let rows: Vec<&[Span]> = body[k..(n_rows + 1) * k].chunks(k).collect();
            let rate_col = (0..k).find(|&c| {
                matches!(role(text(header[c])), Role::Rate(..))
                    && rows.iter().all(|r| cell_number(text(r[c])).is_some())
            });
            // Every row's first cell is of one sort, all numbers or all words (a run split at
            // the wrong width mixes them).
            let numeric = |r: &[Span]| cell_number(text(r[0])).is_some();
            let same_sort = rows.iter().all(|r| numeric(r) == numeric(rows[0]));
            if rate_col.is_some() && same_sort {
                let mut block = vec![Line {
                    cells: header.to_vec(),
                }];
                block.extend(rows.iter().map(|r| Line { cells: r.to_vec() }));
                return Some(block);
            }
        }
    }
    None
}

/// Whether a row's cells sit on lines of their own (a [`cell_blocks`] row).
fn one_cell_lines(lower: &str, row: &Line) -> bool {
    match (row.cells.first(), row.cells.last()) {
        (Some(a), Some(b)) if row.cells.len() > 1 => lower[a.start..b.end].contains('\n'),
        _ => false,
    }
}

/// Units other than a rate's that a value cell may write after a space (`2.1 s`, `18.9 GB`,
/// `512 tokens`): they stay in their value's cell.
const CELL_UNITS: &[&str] = &[
    "s", "ms", "sec", "secs", "gb", "gib", "mb", "mib", "w", "%", "tokens", "token",
];

/// The cells of a single-spaced row: its tokens, a rate unit (or one of [`CELL_UNITS`]) joined
/// to the number before it (`1,090 tok/s`, `2.1 s` are one cell each).
fn unit_cells(lower: &str, toks: &[Span]) -> Vec<Span> {
    let mut cells: Vec<Span> = Vec::with_capacity(toks.len());
    for t in toks {
        match cells.last_mut() {
            Some(last)
                if (unit_word(&lower[t.start..t.end])
                    || CELL_UNITS.contains(&&lower[t.start..t.end]))
                    && cell_number(&lower[last.start..last.end]).is_some() =>
            {
                last.end = t.end
            }
            _ => cells.push(*t),
        }
    }
    cells
}

/// A length cell without its unit word (`512 tokens` → `512`).
fn length_cell(lower: &str, c: Span) -> Span {
    let t = &lower[c.start..c.end];
    match t.rsplit_once(' ') {
        Some((n, u)) if ["tokens", "token", "tok", "toks"].contains(&u) => Span {
            start: c.start,
            end: c.start + n.trim_end().len(),
        },
        _ => c,
    }
}

/// How many empty cells a row ends on.
fn empty_tail(cells: &[Span]) -> usize {
    cells.iter().rev().take_while(|c| c.end == c.start).count()
}

fn set_u32(slot: &mut Option<Found<u32>>, lower: &str, s: Span) {
    if let Some(v) = cell_number(&lower[s.start..s.end]) {
        if (1.0..1e7).contains(&v) && v.fract() == 0.0 {
            *slot = Some(Found {
                value: v as u32,
                span: s,
            });
        }
    }
}

/// Rows that leave out a merged first cell and end on an empty one instead (`| 2 | fp8 | 2,048
/// | 78 | 1,438 | |` under `| Model | # HPU | … |`, after a row that names the model): their
/// cells moved one column right, the first cell carried from the row above.
fn continuation_rows(lower: &str, block: &[Line]) -> Vec<Line> {
    let text = |s: Span| &lower[s.start..s.end];
    let first_is_text = block[0]
        .cells
        .first()
        .is_some_and(|c| cell_number(text(*c)).is_none());
    let mut out: Vec<Line> = Vec::with_capacity(block.len());
    let mut carried: Option<Vec<Span>> = None;
    for l in block {
        let n = l.cells.len();
        // How many leading cells the row leaves out: as many as the empty cells it ends on,
        // when the row that named them had them filled (`| 128 | 4096 | 1500 | 1500 | 11312.8 |
        // |||` under `| Llama 3.1 70B | FP8 | 8 | 128 | …`: model, precision and TP carried).
        let k = empty_tail(&l.cells);
        let shifted = first_is_text
            && n >= 3
            && k >= 1
            && k < n
            && carried
                .as_ref()
                .is_some_and(|c| c.len() == n && c[..k].iter().all(|s| s.end > s.start))
            && cell_number(text(l.cells[0])).is_some();
        if shifted {
            let mut cells = Vec::with_capacity(n);
            cells.extend_from_slice(&carried.as_ref().expect("checked above")[..k]);
            cells.extend_from_slice(&l.cells[..n - k]);
            out.push(Line { cells });
        } else {
            if l.cells
                .first()
                .is_some_and(|c| c.end > c.start && cell_number(text(*c)).is_none())
            {
                carried = Some(l.cells.clone());
            }
            out.push(Line {
                cells: l.cells.clone(),
            });
        }
    }
    out
}

/// Whether the line right above the table's header says its rates are per GPU.
fn caption_per_gpu(lower: &str, header: &Line) -> bool {
    let Some(start) = header.cells.first().map(|c| c.start) else {
        return false;
    };
    let before = lower[..start].trim_end_matches([' ', '|', '\t']);
    let Some(line_end) = before.rfind('\n') else {
        return false;
    };
    let above = &before[..line_end];
    let caption = above.rsplit('\n').next().unwrap_or(above);
    ["per gpu", "/gpu", "per-gpu"]
        .iter()
        .any(|w| caption.contains(w))
}

/// The 300 bytes of text right above a table's header (its caption, if any), trailing rule
/// and table characters trimmed.
fn above_header<'a>(lower: &'a str, header: &Line) -> Option<&'a str> {
    let start = header.cells.first()?.start;
    let from = super::reader::floor_boundary(lower, start.saturating_sub(300));
    Some(lower[from..start].trim_end_matches(['|', ' ', '\n', '\t']))
}

/// A header naming a measure other than a token rate (`Acceptance`, `Accuracy`, `Speedup`,
/// `VRAM (GB)`, `Power`, `Latency`, `PPL`, `Cost`): its column never takes a caption's rate.
fn names_another_measure(h: &str) -> bool {
    [
        "accept",
        "accuracy",
        "ratio",
        "speedup",
        "speed-up",
        "×",
        "%",
        "vram",
        "memory",
        "gb",
        "mib",
        "watt",
        "power",
        "latency",
        "time",
        "ttft",
        "ppl",
        "perplexity",
        "cost",
        "price",
        "score",
    ]
    .iter()
    .any(|w| h.contains(w))
}

/// The rate a caption right above a table names (its last two lines before the header, at
/// most 300 bytes), read as a header would be: `Throughput (output tokens/s) — Llama 3.1 70B`
/// is output tokens per second. Only the words up to and including the unit are read, so a
/// caption's other words ("systems", "ms" in a note) do not make it a time.
fn caption_rate(lower: &str, header: &Line) -> Option<Role> {
    // A quoted caption's bare `>` lines are blank.
    let mut lines = above_header(lower, header)?
        .rsplit('\n')
        .filter(|l| !l.trim().trim_start_matches('>').trim().is_empty());
    let caption = [lines.next()?, lines.next().unwrap_or("")];
    // A caption that is only a rate's name introducing the table (`Output throughput:` over
    // `| Main | #8278 | #8279 |`): its unit left out, as in a header.
    let named = caption[0].trim().trim_matches(['*', '#', ' ']);
    if let Some(name) = named.strip_suffix(':').filter(|n| n.len() <= 60) {
        if let r @ Role::Rate(..) = role(name.trim()) {
            return Some(r);
        }
    }
    for line in caption {
        for unit in [
            "tokens/s",
            "tokens/sec",
            "tok/s",
            "tokens per second",
            "token/s",
            "t/s",
        ] {
            if let Some(i) = line.find(unit) {
                // The whole unit (`tokens/second/GPU`, `tok/s per user`'s `tok/s`).
                let after = &line[i + unit.len()..];
                let tail = after
                    .find(|c: char| !(c.is_ascii_alphabetic() || c == '/'))
                    .unwrap_or(after.len());
                let head = &line[..i + unit.len() + tail];
                let head =
                    &head[super::reader::floor_boundary(head, head.len().saturating_sub(48))..];
                if let r @ Role::Rate(..) = role(head) {
                    return Some(r);
                }
            }
        }
    }
    None
}

/// The kind the line right above a table names when it introduces the table (ends with `:` or
/// is a heading, at most 160 bytes): `BS1 ISL8000/OSL1000 decode throughput:` makes an unqualified
/// `tok/s` column a decode rate.
/// The phase a row label or column header names (`Decode`, `Generation`, `TG (Decode)`,
/// `Prompt processing`, `gemma4:e4b tg128`): decode or prefill; None for any other words.
fn phase_label(l: &str) -> Option<FigureKind> {
    if l.starts_with("decode") || l.starts_with("generation") || l == "tg" {
        Some(FigureKind::DecodeThroughput)
    } else if l.starts_with("prefill") || l.starts_with("prompt") || l == "pp" {
        Some(FigureKind::PrefillThroughput)
    } else {
        super::reader::kind_from_words(l).filter(|k| {
            matches!(
                k,
                FigureKind::DecodeThroughput | FigureKind::PrefillThroughput
            )
        })
    }
}

fn caption_phase(lower: &str, header: &Line) -> Option<FigureKind> {
    let line = above_header(lower, header)?
        .rsplit('\n')
        .find(|l| !l.trim().is_empty())?
        .trim();
    let intro = line.ends_with(':') || line.ends_with('：') || line.starts_with('#');
    if !intro || line.len() > 160 {
        return None;
    }
    super::reader::caption_kind(line).filter(|k| *k != FigureKind::ThroughputTotal)
}

/// The numbers the author marks outside any table: those in the title (rounded forms allowed,
/// `false`) and those in bold on a prose line (exact, `true`). None when there are none.
fn marked_values(lower: &str) -> Option<Vec<(f64, bool)>> {
    let mut out = Vec::new();
    let numbers = |t: &str, exact: bool, out: &mut Vec<(f64, bool)>| {
        let part = |c: char| c.is_ascii_digit() || c == ',' || c == '.' || c == 'k';
        // Runs of number characters with their byte offsets.
        let mut runs: Vec<(usize, &str)> = Vec::new();
        let mut start = None;
        for (i, c) in t.char_indices().chain(std::iter::once((t.len(), ' '))) {
            match (part(c), start) {
                (true, None) => start = Some(i),
                (false, Some(s0)) => {
                    runs.push((s0, &t[s0..i]));
                    start = None;
                }
                _ => {}
            }
        }
        for (start, w) in runs {
            // A number glued to letters names a thing, not a figure (`90B`, `H100`, `V2`).
            let glued = t[..start].ends_with(|c: char| c.is_ascii_alphabetic())
                || t[start + w.len()..].starts_with(|c: char| c.is_ascii_alphabetic());
            let w = w.trim_matches(['.', ',']);
            if glued || w.len() < 2 || !w.starts_with(|c: char| c.is_ascii_digit()) {
                continue;
            }
            // A date's day or year (`March 31, 2026`) is no figure.
            let month = t[..start]
                .trim_end()
                .rsplit(|c: char| !c.is_ascii_alphabetic())
                .next()
                .is_some_and(|m| {
                    m.len() >= 3
                        && [
                            "january",
                            "february",
                            "march",
                            "april",
                            "may",
                            "june",
                            "july",
                            "august",
                            "september",
                            "october",
                            "november",
                            "december",
                        ]
                        .iter()
                        .any(|full| full.starts_with(m))
                });
            let year = w.len() == 4
                && (1990..=2100).contains(&w.parse::<u32>().unwrap_or(0))
                && t[..start].trim_end().ends_with(',')
                && t[..start]
                    .trim_end()
                    .trim_end_matches(',')
                    .ends_with(|c: char| c.is_ascii_digit());
            if month || year {
                continue;
            }
            if let Some(v) = cell_number(w).filter(|v| *v >= 10.0) {
                out.push((v, exact));
            }
        }
    };
    if let Some(t) = super::reader::title_span(lower) {
        numbers(&lower[t.start..t.end], false, &mut out);
    }
    // A prose line that states the author's pick (`Operating point: conc 256 (~4040 tok/s at
    // 100% goodput)`, `Recommended: …`, `Sweet spot: …`): its numbers, rounded forms allowed.
    for line in lower.lines().filter(|l| !l.contains('|')) {
        let l = line.trim_start_matches(['#', '*', '-', ' ', '>']);
        let picked = [
            "operating point:",
            "recommended:",
            "recommendation:",
            "sweet spot:",
            "best configuration:",
            "best config:",
        ]
        .iter()
        .any(|w| l.starts_with(w));
        if picked {
            numbers(l, false, &mut out);
        }
    }
    // Bold runs on prose lines, over the first 4 KB.
    let head = &lower[..super::reader::floor_boundary(lower, lower.len().min(4096))];
    // The end of a change the prose states (`throughput climb from 122 → 1384 tok/s`, "from 25
    // to 283 tok/s"): the author's result (CLAIMS.md §1.6), rounded forms allowed.
    static CHAIN: std::sync::OnceLock<crate::claim::re::Regex> = std::sync::OnceLock::new();
    let chain = CHAIN.get_or_init(|| {
        crate::claim::re::compile(
            r"(?:→|->|⟶|\bfrom\s+~?[\d.,]+\s*(?:k\s*)?(?:tok/s|tokens/s|t/s)?\s+to)\s*~?([\d.,]+\s*k?)\s*(?:tok/s|tokens/s|tokens per second|t/s|tok/sec)",
        )
        .expect("static pattern compiles")
    });
    for line in head.lines().filter(|l| !l.contains('|')) {
        if line.contains('→') || line.contains("->") || line.contains("from ") {
            for c in chain.captures_iter(line) {
                numbers(&c[1], false, &mut out);
            }
        }
    }
    for line in head.lines().filter(|l| !l.contains('|')) {
        let mut parts = line.split("**");
        parts.next();
        while let Some(inside) = parts.next() {
            if parts.next().is_none() {
                break;
            }
            // A change in bold (`**106.71 → 118.42 tok/s**`) marks where it ends, not the
            // baseline it starts from (CLAIMS.md §1.6).
            let inside = ["→", "->", "⟶"]
                .iter()
                .filter_map(|a| inside.rfind(a).map(|i| i + a.len()))
                .max()
                .map_or(inside, |i| &inside[i..]);
            numbers(inside, true, &mut out);
        }
    }
    (!out.is_empty()).then_some(out)
}

/// The one number a header holds (`Batch 16`, `BS=32`), if it holds exactly one.
fn header_number(h: &str) -> Option<u32> {
    let mut nums = h
        .split(|c: char| !c.is_ascii_digit())
        .filter(|t| !t.is_empty());
    let n = nums.next()?.parse().ok()?;
    nums.next().is_none().then_some(n)
}

/// The load a load column's header writes as its one number (`| conc=64 |`, `| batch 32 |`),
/// set on `s` as the batch or the concurrency the column's role says.
fn set_column_load(lower: &str, h: Span, role: Role, s: &mut RowSettings) {
    let Some(n) = header_number(&lower[h.start..h.end]) else {
        return;
    };
    match role {
        Role::Batch => s.batch_size = Some(Found { value: n, span: h }),
        Role::Concurrency => s.concurrency = Some(Found { value: n, span: h }),
        _ => {}
    }
}

/// A column header written as a length pair (`128/2048`, `ISL/OSL 1000/1000`, `1k/8k`): input
/// and output tokens.
fn header_lengths(h: &str) -> Option<(u32, u32)> {
    let tok = h.split_whitespace().last()?;
    let (a, b) = tok.split_once('/')?;
    let n = |t: &str| -> Option<u32> {
        let (body, mult) = match t.strip_suffix('k') {
            Some(b) => (b, 1000),
            None => (t, 1),
        };
        let v: u32 = body.parse().ok()?;
        (v > 0).then_some(v * mult)
    };
    Some((n(a)?, n(b)?))
}

/// When the rows of a table name two or more devices in a device column: that column and the
/// device the text before the table names first (its title: `Groq LPU vs NVIDIA GPU`), else the
/// one its conclusion after the table names first, if it is one of them.
fn subject_device(
    lower: &str,
    header: &Line,
    roles: &[Role],
    data: &[&Line],
) -> Option<(usize, String)> {
    let dcol = roles.iter().position(|r| matches!(r, Role::Device))?;
    let mut ids: Vec<String> = Vec::new();
    for l in data {
        if let Some(id) = l
            .cells
            .get(dcol)
            .and_then(|c| super::reader::device_named(&lower[c.start..c.end]))
        {
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
    }
    if ids.len() < 2 {
        return None;
    }
    let start = header.cells.first()?.start;
    // The words before the table first; else a conclusion after it (`结论：H20 的吞吐只比 A800
    // 低 12%…`, "The H20 wins on price"), in the 400 bytes after its last row.
    let named = super::reader::first_device_in(&lower[..start], &ids).or_else(|| {
        let end = data.last()?.cells.last()?.end.min(lower.len());
        let to = super::reader::floor_boundary(lower, (end + 400).min(lower.len()));
        super::reader::first_device_in(&lower[end..to], &ids)
    })?;
    Some((dcol, named))
}

/// The row of a table of setups (a header cell names a provider, engine, framework, backend,
/// system or platform: that column's cells label the rows) whose label's first word the text
/// before the table names first, not on the far side of a comparison ("lower than
/// Llama.cpp"); none when the labels' first words are not distinct words, or the text names
/// none of them.
fn subject_row<'a>(lower: &str, header: &Line, data: &[&'a Line], col: usize) -> Option<&'a Line> {
    let first = header.cells.first()?;
    let setups = [
        "provider",
        "engine",
        "framework",
        "backend",
        "system",
        "platform",
        "runtime",
        "vendor",
        "service",
    ];
    let key_col = header.cells.iter().take(col.max(1)).position(|c| {
        let h = &lower[c.start..c.end];
        setups.iter().any(|w| h.contains(w))
    })?;
    let key = |l: &Line| -> Option<&str> {
        let c = l.cells.get(key_col)?;
        let w = lower[c.start..c.end]
            .trim_matches(|c: char| c == '*' || c.is_whitespace())
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '.' || c == '-'))
            .next()?;
        (w.len() >= 3 && w.starts_with(|c: char| c.is_ascii_alphabetic())).then_some(w)
    };
    // At most 64 rows, and the 8 KB before the table (a long paste stays linear).
    let rows: Vec<(&'a Line, &str)> = data
        .iter()
        .take(64)
        .filter(|l| {
            l.cells
                .get(col)
                .is_some_and(|c| cell_number(&lower[c.start..c.end]).is_some())
        })
        .filter_map(|l| Some((*l, key(l)?)))
        .collect();
    if rows.len() < 2 || (1..rows.len()).any(|i| rows[..i].iter().any(|r| r.1 == rows[i].1)) {
        return None;
    }
    let before =
        &lower[super::reader::floor_boundary(lower, first.start.saturating_sub(8192))..first.start];
    let word_at = |w: &str| {
        before.match_indices(w).map(|(i, _)| i).find(|&i| {
            let pre = before[..i].chars().next_back();
            let post = before[i + w.len()..].chars().next();
            !pre.is_some_and(|c| c.is_ascii_alphanumeric())
                && !post.is_some_and(|c| c.is_ascii_alphanumeric())
                && !super::reader::compared_side(before, i)
        })
    };
    rows.iter()
        .filter_map(|(l, w)| Some((word_at(w)?, *l)))
        .min_by_key(|(i, _)| *i)
        .map(|(_, l)| l)
}

/// Of rate columns of one rank, the one whose header's first word the text's title names
/// (`Performance of W4A8 throughput on Hopper GPU.` over `| FP8 | W4A8_AWQ | FP16 |`): the
/// column the text is about (CLAIMS.md §1.5, the column the surrounding words name). None when
/// the title names no column's word, or several; words of under three characters are no names.
fn title_column(
    lower: &str,
    header: &Line,
    tied: &[&(usize, FigureKind, Option<Scope>)],
) -> Option<(usize, FigureKind, Option<Scope>)> {
    if tied.len() < 2 {
        return None;
    }
    let title = super::reader::title_span(lower)?;
    if title.end > header.cells.first()?.start {
        return None;
    }
    let title = &lower[title.start..title.end];
    let word = |i: usize| -> Option<&str> {
        let c = header.cells.get(i)?;
        lower[c.start..c.end]
            .trim_matches(|c: char| c == '*' || c.is_whitespace())
            .split(|c: char| !c.is_ascii_alphanumeric())
            .next()
            .filter(|w| w.len() >= 3)
    };
    let in_title = |w: &str| {
        title.match_indices(w).any(|(i, _)| {
            let pre = title[..i].chars().next_back();
            let post = title[i + w.len()..].chars().next();
            !pre.is_some_and(|c| c.is_ascii_alphanumeric())
                && !post.is_some_and(|c| c.is_ascii_alphanumeric())
        })
    };
    let words: Vec<Option<&str>> = tied.iter().map(|(i, _, _)| word(*i)).collect();
    let mut named = tied.iter().zip(&words).filter(|(_, w)| {
        w.is_some_and(|w| in_title(w) && words.iter().flatten().filter(|o| **o == w).count() == 1)
    });
    let first = named.next()?;
    named.next().is_none().then_some(**first.0)
}

/// Whether the header's cells after column `at` name two or more different devices or serving
/// engines (`| Metric | vLLM (AWQ Marlin) | Ollama (Q4_K_M GGUF) | Delta |`): setups compared side by
/// side, whose first is the text's subject (CLAIMS.md §1.5).
fn compares_setups(lower: &str, header: &Line, at: usize) -> bool {
    let mut devices: Vec<String> = Vec::new();
    let mut engines: Vec<&str> = Vec::new();
    for c in header.cells.iter().skip(at + 1) {
        let cell = &lower[c.start..c.end];
        if let Some(id) = super::reader::device_named(cell) {
            if !devices.contains(&id) {
                devices.push(id);
            }
        }
        if let Some(id) = super::reader::engine_named(cell) {
            if !engines.contains(&id) {
                engines.push(id);
            }
        }
    }
    devices.len() >= 2 || engines.len() >= 2
}

/// The settings a row's cells give by their columns' roles.
fn row_settings(lower: &str, roles: &[Role], cells: &[Span]) -> RowSettings {
    let text = |s: Span| &lower[s.start..s.end];
    let mut s = RowSettings::default();
    if let Some(c) = cells.first().filter(|c| c.end > c.start) {
        s.model = super::reader::cell_model(lower, *c);
        // A row named by its prompt and generation tests (`pp4096/tg128`, llama-bench's names
        // for a 4,096-token prompt and 128 generated tokens): the row's lengths.
        let t = text(*c);
        if let Some((pp, tg)) = t.split_once('/') {
            if bench_test_name(pp, "pp") && bench_test_name(tg, "tg") {
                set_u32(
                    &mut s.prompt_tokens,
                    lower,
                    Span {
                        start: c.start + 2,
                        end: c.start + pp.len(),
                    },
                );
                set_u32(
                    &mut s.output_tokens,
                    lower,
                    Span {
                        start: c.start + pp.len() + 3,
                        end: c.end,
                    },
                );
            }
        }
    }
    for (i, r) in roles.iter().enumerate() {
        let Some(c) = cells.get(i).copied() else {
            continue;
        };
        match r {
            Role::Input => set_u32(&mut s.prompt_tokens, lower, length_cell(lower, c)),
            Role::Output => set_u32(&mut s.output_tokens, lower, length_cell(lower, c)),
            Role::Lengths => {
                let t = text(c);
                if let Some((a, b)) = t.split_once(['-', '/']) {
                    let a_end = c.start + a.len();
                    set_u32(
                        &mut s.prompt_tokens,
                        lower,
                        Span {
                            start: c.start,
                            end: a_end,
                        },
                    );
                    set_u32(
                        &mut s.output_tokens,
                        lower,
                        Span {
                            start: a_end + 1,
                            end: c.end,
                        },
                    );
                    let _ = b;
                }
            }
            Role::Batch => {
                if let Some(v) = load_number(text(c)).filter(|v| v.fract() == 0.0) {
                    s.batch_size = Some(Found {
                        value: v as u32,
                        span: c,
                    });
                }
            }
            // An observed concurrency (GuideLLM's `18.20`) is the load to the nearest request.
            Role::Concurrency => {
                // A note glued after the load (`128(1K TO 1K)`): the load, and the lengths the
                // note writes as "input to output".
                let t = text(c);
                let (load, note) = match t.split_once(['(', '（']) {
                    Some((n, rest)) if !n.trim().is_empty() => {
                        (n, rest.trim_end_matches([')', '）']).trim())
                    }
                    _ => (t, ""),
                };
                if let Some(v) = load_number(load) {
                    s.concurrency = Some(Found {
                        value: v.round() as u32,
                        span: c,
                    });
                }
                if let Some((i, o)) = note.split_once(" to ") {
                    if let (Some(i), Some(o)) = (cell_number(i), cell_number(o)) {
                        if (1.0..1e7).contains(&i) && (1.0..1e7).contains(&o) {
                            s.prompt_tokens = Some(Found {
                                value: i as u32,
                                span: c,
                            });
                            s.output_tokens = Some(Found {
                                value: o as u32,
                                span: c,
                            });
                        }
                    }
                }
            }
            Role::Devices => {
                set_u32(&mut s.gpu_count, lower, c);
                // `2 (TP=2)`: the row's tensor-parallel degree written beside its count.
                let t = text(c);
                if let Some(i) = t.find("tp=").or_else(|| t.find("tp ")) {
                    let digits: String = t[i + 3..]
                        .trim_start()
                        .chars()
                        .take_while(char::is_ascii_digit)
                        .collect();
                    if let Ok(v) = digits.parse::<u32>() {
                        s.tp = Some(Found { value: v, span: c });
                    }
                }
            }
            Role::Tp => set_u32(&mut s.tp, lower, c),
            Role::Precision => {
                let t = text(c);
                // A method and a width in two words (`INT4 AWQ`, `GPTQ int4`): one id.
                let words: Vec<&str> = t.split_whitespace().collect();
                if let [a, b] = words[..] {
                    let method = [a, b].into_iter().find(|w| ["awq", "gptq"].contains(w));
                    let width = [a, b].into_iter().find(|w| {
                        w.strip_prefix("int")
                            .is_some_and(|n| n.parse::<u8>().is_ok())
                    });
                    if let (Some(m), Some(w)) = (method, width) {
                        s.weight_dtype = Some(Found {
                            value: format!("{m}-{w}"),
                            span: c,
                        });
                        continue;
                    }
                }
                // A word that names no format (`none`, `auto`, a backend such as vLLM-Ascend's
                // `--quantization ascend`) is no precision: a cell counts when it reads as one
                // or carries its width (`q4_k_m`, `w8a8`, `exl2-4.0`).
                let format = super::reader::dtype_cell(t).is_some()
                    || t.contains(|ch: char| ch.is_ascii_digit());
                if format
                    && t.len() <= 12
                    && t.chars()
                        .all(|ch| ch.is_ascii_alphanumeric() || ch == '_' || ch == '-')
                {
                    // A bit width alone (a `Bits` column): 16 is the 16-bit float baseline,
                    // fewer bits an integer quantisation.
                    let value = match t {
                        "16" => "fp16".to_string(),
                        "8" | "4" | "3" | "2" => format!("int{t}"),
                        _ => t.replace("bfloat16", "bf16").replace("float16", "fp16"),
                    };
                    s.weight_dtype = Some(Found { value, span: c });
                }
            }
            _ => {}
        }
    }
    // A GuideLLM row label names the rate it sent at (`constant@4.45`).
    if let Some(first) = cells.first().copied() {
        let t = text(first);
        if let Some(rate) = ["constant@", "poisson@"]
            .iter()
            .find_map(|k| t.strip_prefix(k))
            .and_then(|r| r.parse::<f64>().ok())
            .filter(|r| r.is_finite() && *r > 0.0)
        {
            s.request_rate = Some(Found {
                value: rate,
                span: first,
            });
        }
        // The streams a `concurrent@8` row kept in flight, and a `synchronous` row's one at a
        // time, are the load the client set, whatever concurrency the run then observed.
        let set = match t.strip_prefix("concurrent@") {
            Some(n) => n.parse::<u32>().ok().filter(|n| *n > 0),
            None => (t == "synchronous").then_some(1),
        };
        if let Some(n) = set {
            s.concurrency = Some(Found {
                value: n,
                span: first,
            });
        }
    }
    // A row label that states its load (`Random, input cap 8192, concurrency 16`, `bs=8`).
    if s.concurrency.is_none() && s.batch_size.is_none() {
        if let Some(first) = cells.first().copied().filter(|c| c.end > c.start) {
            static LOAD: std::sync::OnceLock<crate::claim::re::Regex> = std::sync::OnceLock::new();
            let re = LOAD.get_or_init(|| {
                crate::claim::re::compile(
                    r"\b(?:(concurrency|conc)\s*[=:]?\s*(\d{1,5})|(\d{1,5})\s+concurrent\b|(?:batch(?:[\s_-]*size)?|bs)\s*[=:]?\s*(\d{1,5}))\b",
                )
                .expect("static pattern compiles")
            });
            if let Some(c) = re.captures(text(first)) {
                let span = first;
                if let Some(n) = c.get(2).or(c.get(3)).and_then(|m| m.as_str().parse().ok()) {
                    s.concurrency = Some(Found { value: n, span });
                } else if let Some(n) = c.get(4).and_then(|m| m.as_str().parse().ok()) {
                    s.batch_size = Some(Found { value: n, span });
                }
            }
        }
    }
    // A device cell's own count (`8x H100`) comes next, then TP alone (CLAIMS.md §3 Hardware:
    // TP × PP when only those are given), then a device cell's name alone: one device.
    let device = roles
        .iter()
        .position(|r| matches!(r, Role::Device))
        .and_then(|i| cells.get(i).copied());
    let device_count = device.and_then(|c| device_cell_count(text(c)).map(|n| (n, c)));
    if s.gpu_count.is_none() {
        if let Some((n, c)) = device_count.filter(|(n, _)| *n > 1) {
            s.gpu_count = Some(Found { value: n, span: c });
        }
    }
    if s.gpu_count.is_none() {
        s.gpu_count = s.tp.clone();
    }
    if s.gpu_count.is_none() {
        if let Some((n, c)) = device_count {
            s.gpu_count = Some(Found { value: n, span: c });
        }
    }
    // A row label that counts its GPUs (`| 4GPU, Llama 70B, v0.4.3 |`, `| 8 GPUs, TP8 |`).
    if s.gpu_count.is_none() {
        if let Some(c) = cells.first().filter(|c| c.end > c.start) {
            s.gpu_count = label_gpu_count(text(*c)).map(|n| Found { value: n, span: *c });
        }
    }
    s
}

/// The GPUs a row label counts: a number glued or spaced before `gpu`/`gpus` at a word start
/// (`4gpu`, `8 gpus`), the first such.
fn label_gpu_count(label: &str) -> Option<u32> {
    let b = label.as_bytes();
    for (i, _) in label.match_indices("gpu") {
        let before = label[..i].trim_end();
        let digits = before.len() - before.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        let from = before.len() - digits;
        let word_start = from == 0 || !b[from - 1].is_ascii_alphanumeric();
        let after = &label[i + 3..];
        let word_end = after
            .strip_prefix('s')
            .unwrap_or(after)
            .starts_with(|c: char| !c.is_ascii_alphanumeric())
            || after.strip_prefix('s').unwrap_or(after).is_empty();
        if digits > 0 && digits <= 3 && word_start && word_end {
            return before[from..].parse().ok().filter(|n| *n > 0);
        }
    }
    None
}

/// The devices a device cell names: its multiplier (`8x H100`, `4 × A100`, `2*L40S`), else one
/// for a name alone (`H100 SXM`); None for a cell without a name.
fn device_cell_count(cell: &str) -> Option<u32> {
    // Bold (`**A100-80G-SXM**`) is emphasis, not part of the name.
    let t = cell.trim().trim_matches('*').trim();
    let digits = t.len() - t.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 {
        let rest = t[digits..].trim_start();
        if let Some(r) = rest
            .strip_prefix(['x', '*'])
            .or_else(|| rest.strip_prefix('×'))
        {
            if r.trim_start()
                .starts_with(|c: char| c.is_ascii_alphabetic())
            {
                return t[..digits].parse().ok().filter(|n| *n > 0);
            }
        }
        return None;
    }
    // A name that carries its own count (`TPU v5e-8`, `a3-highgpu-8g`) is left to the device
    // reader.
    let tail = t.rsplit('-').next().unwrap_or("").trim_end_matches('g');
    if t.contains('-') && !tail.is_empty() && tail.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    // A service's accelerator (Groq's LPUs, Cerebras, SambaNova) runs on chips the row does
    // not count.
    if ["groq", "cerebras", "sambanova", "lpu"]
        .iter()
        .any(|w| t.contains(w))
    {
        return None;
    }
    t.starts_with(|c: char| c.is_ascii_alphabetic())
        .then_some(1)
}

/// The headline figure of the first table that has one, with its row's settings.
pub(crate) fn headline(lower: &str) -> Option<(Figure, RowSettings)> {
    let unlinked = without_link_targets(lower);
    let lower = unlinked.as_deref().unwrap_or(lower);
    let marks = OnceCell::new();
    // Several tables: the last one whose headline ranks best (CLAIMS.md §1.5: a pasted
    // excerpt ends on the row its author cared about; §1.3's order between kinds).
    let mut best: Option<(Figure, RowSettings)> = None;
    for block in blocks(lower)
        .into_iter()
        .chain(space_blocks(lower))
        .chain(cell_blocks(lower))
    {
        if let Some(found) = read_block(lower, &block, &marks) {
            let better = best
                .as_ref()
                .is_none_or(|(b, _)| rank(found.0.kind, found.0.scope) <= rank(b.kind, b.scope));
            if better {
                best = Some(found);
            }
        }
    }
    best.map(|(f, s)| (pair_second_phase(lower, f), s))
        .or_else(|| flattened(lower))
}

/// A cell holding a pair of one run's rates (`4007 / 33.1`) under words that name the pair's
/// phases prefill first (`(Prefill tps / Decode tps)`): the decode side, the rate that ranks
/// before prefill (CLAIMS.md §1.3, §1.4). Else the figure as read (its first side).
fn pair_second_phase(lower: &str, mut f: Figure) -> Figure {
    if f.kind != FigureKind::PrefillThroughput && f.kind != FigureKind::ThroughputUnspecified {
        return f;
    }
    // The cell as read (`4007 / 33.1`): its second number, where it stands in the text.
    let (start, end) = (f.span.start.min(lower.len()), f.span.end.min(lower.len()));
    let cell = &lower[start..end];
    let Some(slash) = cell.find(" / ") else {
        return f;
    };
    let second = &cell[slash + 3..];
    let lead = second.len() - second.trim_start_matches([' ', '*']).len();
    let second = second[lead..].trim_end_matches([' ', '*']);
    let Some(v) = cell_number(second).filter(|_| !second.contains('/')) else {
        return f;
    };
    // The words naming the pair: a "prefill … / decode" (or `pp … / tg`) before the cell,
    // within 2 KB.
    let from = super::reader::floor_boundary(lower, start.saturating_sub(2048));
    let before = &lower[from..start];
    let named = ["prefill", "prompt", "pp"].iter().any(|p| {
        before.match_indices(p).any(|(i, _)| {
            let tail =
                &before[i..super::reader::floor_boundary(before, (i + 48).min(before.len()))];
            tail.split_once('/').is_some_and(|(_, d)| {
                let d = d.trim_start();
                d.starts_with("decod") || d.starts_with("generat") || d.starts_with("tg")
            })
        })
    });
    if !named {
        return f;
    }
    let at = start + slash + 3 + lead;
    f.value = v;
    f.kind = FigureKind::DecodeThroughput;
    f.span = Span {
        start: at,
        end: at + second.len(),
    };
    f
}

/// The text with each Markdown link's brackets and target blanked (`[GB10](https://…/34)` →
/// ` GB10` and spaces), byte for byte so every span still points at the same text; None when
/// there is no link. A link target's slashes, digits and parentheses are not cells, numbers or
/// units of a table row (a README's results table links each system to its issue).
fn without_link_targets(lower: &str) -> Option<String> {
    if !lower.contains("](http") {
        return None;
    }
    let mut out = lower.as_bytes().to_vec();
    for (i, _) in lower.match_indices("](http") {
        let rest = &lower[i + 2..];
        // The target runs to its `)` on the same line, without spaces.
        let Some(end) = rest.find([')', ' ', '\n', '|']) else {
            continue;
        };
        if rest.as_bytes()[end] != b')' {
            continue;
        }
        // The label's opening bracket on the same line.
        let line_start = lower[..i].rfind('\n').map_or(0, |j| j + 1);
        let Some(open) = lower[line_start..i].rfind('[').map(|j| line_start + j) else {
            continue;
        };
        out[open] = b' ';
        out[i..i + 2 + end + 1].fill(b' ');
    }
    // Only ASCII bytes were overwritten, each by a space: still UTF-8.
    String::from_utf8(out).ok()
}

/// The numbers of a line that holds only numbers separated by single spaces (`100 2,000
/// 10,400`), each with its span; None when any token is not a number.
fn number_row(lower: &str, start: usize, end: usize) -> Option<Vec<Span>> {
    let mut out = Vec::new();
    let line = &lower[start..end];
    let mut at = 0;
    for tok in line.split(' ') {
        if !tok.is_empty() {
            cell_number(tok)?;
            out.push(Span {
                start: start + at,
                end: start + at + tok.len(),
            });
        }
        at += tok.len() + 1;
    }
    (out.len() >= 2).then_some(out)
}

/// A header's columns when its words run together with single spaces (a table flattened by a
/// copy from a web page: `Input Sequence Length Output Sequence Length Maximum Throughput
/// Performance (tokens/second)`): a new column starts at each word that names a role other
/// than the current column's (input, output, batch, concurrency, devices, a rate); words that
/// name none stay with the column they follow (the first column takes the words before it).
fn header_columns(lower: &str, start: usize, end: usize) -> Vec<Span> {
    let line = &lower[start..end];
    let mut cols: Vec<(Span, Option<Role>)> = Vec::new();
    let mut at = 0;
    for w in line.split(' ') {
        if w.is_empty() {
            at += 1;
            continue;
        }
        let span = Span {
            start: start + at,
            end: start + at + w.len(),
        };
        at += w.len() + 1;
        let r = match role(w.trim_matches(['(', ')', ',', ':'])) {
            Role::Other => None,
            // One kind of rate per column: its words are read together below.
            Role::Rate(..) => Some(Role::Rate(FigureKind::ThroughputUnspecified, None)),
            r => Some(r),
        };
        match cols.last_mut() {
            Some((c, cur)) if r.is_none() || *cur == r || cur.is_none() => {
                c.end = span.end;
                if cur.is_none() {
                    *cur = r;
                }
            }
            _ => cols.push((span, r)),
        }
    }
    cols.into_iter()
        .filter(|(_, r)| r.is_some())
        .map(|(s, _)| s)
        .collect()
}

/// A header's columns split where a unit in parentheses closes one (`Token-level Throughput
/// (token/second) Request-level Latency (second) …`): a column ends after its last `(…)` group
/// (groups written back to back, `(TTFT)(second)` or `(Request per minute) (RPM)`, stay
/// together), and a first column that names a setting (`Concurrency`, `Batch size`) before the
/// first rate's words stands alone. Empty when the header has fewer than two such groups.
fn paren_columns(lower: &str, start: usize, end: usize) -> Vec<Span> {
    let line = &lower[start..end];
    let b = line.as_bytes();
    let mut cols: Vec<Span> = Vec::new();
    let mut depth = 0i32;
    let mut col_start = None;
    let mut groups = 0;
    for (k, &c) in b.iter().enumerate() {
        match c {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    groups += 1;
                }
            }
            _ => {}
        }
        if depth < 0 {
            return Vec::new();
        }
        if c != b' ' && col_start.is_none() {
            col_start = Some(k);
        }
        // A space after a closed group, not followed by another group, ends the column.
        if c == b' ' && depth == 0 && k > 0 && b[k - 1] == b')' && b.get(k + 1) != Some(&b'(') {
            if let Some(s0) = col_start.take() {
                cols.push(Span {
                    start: start + s0,
                    end: start + k,
                });
            }
        }
    }
    if let Some(s0) = col_start {
        let t = line.trim_end();
        if s0 < t.len() {
            cols.push(Span {
                start: start + s0,
                end: start + t.len(),
            });
        }
    }
    if groups < 2 || depth != 0 {
        return Vec::new();
    }
    // `Concurrency Token-level Inference Speed (token/second)`: the setting's word stands
    // alone.
    if let Some(first) = cols.first().copied() {
        let t = &lower[first.start..first.end];
        if let Some((w, _)) = t.split_once(' ') {
            if matches!(
                role(w),
                Role::Concurrency
                    | Role::Batch
                    | Role::Input
                    | Role::Output
                    | Role::Devices
                    | Role::Tp
            ) {
                cols[0].end = first.start + w.len();
                cols.insert(
                    1,
                    Span {
                        start: first.start + w.len() + 1,
                        end: first.end,
                    },
                );
            }
        }
    }
    cols
}

/// The number tokens of `lower[start..end]` when every token there is a number.
fn all_numbers(lower: &str, start: usize, end: usize) -> Option<Vec<Span>> {
    let mut out = Vec::new();
    for t in tokens(lower, start, end) {
        cell_number(&lower[t.start..t.end])?;
        out.push(t);
    }
    Some(out)
}

/// CLAIMS.md §1.5 on a table flattened by a copy from a web page: a header that names a token
/// rate, then its rows as numbers only. Three shapes: each row on its own line with as many
/// numbers as the header has columns ([`header_columns`]); the header's columns split at their
/// units ([`paren_columns`]) with every value after it, on the header's own line or one per
/// line; or one column name per line with the values one per line below. In the last two the
/// values are cut into rows of the header's width, which must start with a rising whole number
/// (the load or length the table sweeps). The last row's rate cell heads (the last rate column
/// the header names), with that row's settings.
fn flattened(lower: &str) -> Option<(Figure, RowSettings)> {
    let raw = line_spans(lower);
    // A pipe table copied one cell per line (`Concurrency |`, `1 |`): each line is its cell,
    // and the separator row (`|---|---|`) is dropped.
    let separator = |t: &str| {
        t.contains('-')
            && t.bytes()
                .all(|b| matches!(b, b'|' | b'-' | b':' | b' ' | b'\t'))
    };
    let lines: Vec<(usize, usize)> = raw
        .iter()
        .filter(|(s, e)| !separator(lower[*s..*e].trim()))
        .map(|&(s, e)| {
            let t = &lower[s..e];
            let body = t.trim_end().strip_suffix('|').map(|b| b.trim_end());
            match body {
                Some(b) if !b.contains('|') => (s, s + b.len()),
                _ => (s, e),
            }
        })
        .collect();
    let mut i = 0;
    while i < lines.len() {
        let (hs, he) = lines[i];
        let head = &lower[hs..he];
        // (A header line may carry its table's values: up to a few hundred numbers.)
        if head.len() > 4000 || head.contains('|') {
            i += 1;
            continue;
        }
        // One column name per line: short lines without numbers, the last few naming rates.
        let vertical = || -> Option<(Vec<Span>, usize)> {
            let mut cols = Vec::new();
            let mut k = i;
            while let Some(&(s, e)) = lines.get(k) {
                let t = lower[s..e].trim();
                // (At most 16 names: a run of short lines is scanned once per start.)
                if t.is_empty()
                    || t.len() > 60
                    || cols.len() >= 16
                    || all_numbers(lower, s, e).is_some()
                {
                    break;
                }
                cols.push(tokens(lower, s, e).first().map(|f| Span {
                    start: f.start,
                    end: s + lower[s..e].trim_end().len(),
                })?);
                k += 1;
            }
            (cols.len() >= 3
                && cols
                    .iter()
                    .any(|c| matches!(role(&lower[c.start..c.end]), Role::Rate(..)))
                && !matches!(role(&lower[cols[0].start..cols[0].end]), Role::Rate(..)))
            .then_some((cols, k))
        };
        // Rows of one line each (the first shape).
        let mut rows = Vec::new();
        let mut j = i + 1;
        if head.len() <= 400 && matches!(role(head), Role::Rate(..)) {
            while let Some(&(s, e)) = lines.get(j) {
                match number_row(lower, s, e) {
                    Some(r) if rows.first().is_none_or(|f: &Vec<Span>| f.len() == r.len()) => {
                        rows.push(r)
                    }
                    _ => break,
                }
                j += 1;
            }
        }
        let mut cols = header_columns(lower, hs, he);
        if !(rows.len() >= 2 && cols.len() == rows[0].len()) {
            rows.clear();
            // The header's own line may end in the values (everything after its last name).
            let toks = tokens(lower, hs, he);
            let lead = toks
                .iter()
                .rposition(|t| cell_number(&lower[t.start..t.end]).is_none())
                .map_or(0, |p| p + 1);
            let (header_end, mut values) = if lead > 0 && lead < toks.len() {
                (toks[lead - 1].end, toks[lead..].to_vec())
            } else {
                (he, Vec::new())
            };
            let (named, after) = match paren_columns(lower, hs, header_end) {
                c if c.len() >= 3
                    && c.iter()
                        .any(|c| matches!(role(&lower[c.start..c.end]), Role::Rate(..))) =>
                {
                    (c, i + 1)
                }
                _ => match vertical() {
                    Some(v) if values.is_empty() => v,
                    _ => {
                        i += 1;
                        continue;
                    }
                },
            };
            let mut k = after;
            while let Some(&(s, e)) = lines.get(k) {
                match all_numbers(lower, s, e) {
                    Some(n) if !n.is_empty() => values.extend(n),
                    _ => break,
                }
                k += 1;
            }
            let width = named.len();
            let rising = |rows: &[Vec<Span>]| {
                rows.windows(2).all(|w| {
                    let a = cell_number(&lower[w[0][0].start..w[0][0].end]);
                    let b = cell_number(&lower[w[1][0].start..w[1][0].end]);
                    matches!((a, b), (Some(a), Some(b)) if a.fract() == 0.0 && b.fract() == 0.0 && b > a)
                })
            };
            let chunked: Vec<Vec<Span>> =
                values.chunks_exact(width).map(<[Span]>::to_vec).collect();
            if chunked.len() < 2 || !rising(&chunked) {
                i += 1;
                continue;
            }
            rows = chunked;
            cols = named;
            j = k;
        }
        if rows.len() >= 2 && cols.len() == rows[0].len() {
            let roles: Vec<Role> = cols.iter().map(|c| role(&lower[c.start..c.end])).collect();
            let (col, kind, scope) = roles.iter().enumerate().rev().find_map(|(k, r)| match r {
                Role::Rate(kind, scope) => Some((k, *kind, *scope)),
                _ => None,
            })?;
            let row = rows.last()?;
            let cell = row[col];
            let v = cell_number(&lower[cell.start..cell.end])?;
            let mut f = Figure::new(v, "tok/s", kind, cell);
            f.scope = scope;
            f.kind_stated = kind != FigureKind::ThroughputUnspecified;
            f.scope_stated = scope.is_some();
            f.label = Some(lower[cols[col].start..cols[col].end].to_string());
            let settings = row_settings(lower, &roles, row);
            return Some((super::reader::settle_figure(f), settings));
        }
        i = j.max(i + 1);
    }
    None
}

/// A table turned on its side (`| Concurrency | 1 | 8 | 32 |` over `| Output tok/s | 95 | 690 |
/// 2,100 |`): the header's first cell names the setting its numbers give each column, so the
/// chosen cell's column carries it (CLAIMS.md §1.5: settings from the same column).
fn column_settings(lower: &str, header: &Line, row: &Line, cell: Span) -> RowSettings {
    let (Some(first), Some(col)) = (
        header.cells.first(),
        row.cells.iter().position(|c| *c == cell),
    ) else {
        return RowSettings::default();
    };
    let Some(&h) = header.cells.get(col).filter(|_| col > 0) else {
        return RowSettings::default();
    };
    let roles = [Role::Other, role(&lower[first.start..first.end])];
    row_settings(lower, &roles, &[Span { start: 0, end: 0 }, h])
}

/// A header written over several rows, a group's name spanning the columns its empty cells
/// (`||`) continue (GuideLLM's `| Requests |||| Output Tokens || …` over `| Per Sec || … |` over
/// `| Mdn | Mean | … |`, or its older `Metadata | Request Stats || Out Tok/sec | …` above
/// `Benchmark | Per Second | Concurrency | mean | …`): each column's name, its groups' names and
/// its own joined (`output tokens per sec mean`). None when the header is one row, or none of
/// its rows spans columns.
fn stacked_names(lower: &str, block: &[Line]) -> Option<Vec<String>> {
    let text = |s: Span| &lower[s.start..s.end];
    let numeric = |l: &Line| l.cells.iter().any(|c| cell_number(text(*c)).is_some());
    let line_of = |l: &Line| -> (usize, usize) {
        let at = l.cells.first().map_or(0, |c| c.start);
        let start = lower[..at].rfind('\n').map_or(0, |i| i + 1);
        let end = lower[at..].find('\n').map_or(lower.len(), |i| at + i);
        (start, end)
    };
    let spans = |(a, b): (usize, usize)| lower[a..b].contains("||");
    let mut rows: Vec<Vec<Span>> = Vec::new();
    // A group row right above the block, of another width (the older layout), rules skipped.
    let (first_start, _) = line_of(block.first()?);
    let mut end = first_start.saturating_sub(1);
    while end > 0 {
        let start = lower[..end].rfind('\n').map_or(0, |i| i + 1);
        if is_rule(lower[start..end].trim()) {
            end = start.saturating_sub(1);
            continue;
        }
        if spans((start, end)) {
            if let Some(cells) = split(lower, start, end) {
                let l = Line { cells };
                if !numeric(&l) && l.cells.len() <= block[0].cells.len() {
                    rows.push(l.cells);
                }
            }
        }
        break;
    }
    let mut spanning = !rows.is_empty();
    for l in block.iter().take_while(|l| !numeric(l)) {
        spanning |= spans(line_of(l));
        rows.push(l.cells.clone());
    }
    if rows.len() < 2 || !spanning {
        return None;
    }
    let width = block[0].cells.len();
    let mut names = vec![String::new(); width];
    for row in &rows {
        let mut group = "";
        for (i, name) in names.iter_mut().enumerate() {
            match row.get(i).map(|c| text(*c).trim().trim_matches('*').trim()) {
                Some(t) if !t.is_empty() => group = t,
                // An empty first cell names nothing; an empty later one continues its group.
                Some(_) if i == 0 => group = "",
                _ => {}
            }
            if !group.is_empty() {
                if !name.is_empty() {
                    name.push(' ');
                }
                name.push_str(group);
            }
        }
    }
    Some(names)
}

/// `marks`: the numbers the author marks outside any table ([`marked_values`]), found once for
/// all the text's tables and only when a table needs them.
fn read_block(
    lower: &str,
    block: &[Line],
    marks: &OnceCell<Option<Vec<(f64, bool)>>>,
) -> Option<(Figure, RowSettings)> {
    let text = |s: Span| &lower[s.start..s.end];
    let header = &block[0];
    let aligned = continuation_rows(lower, block);
    let data: Vec<&Line> = aligned[1..]
        .iter()
        .filter(|l| l.cells.iter().any(|c| lat_number(text(*c)).is_some()))
        .collect();
    if data.is_empty() {
        return None;
    }
    let header_is_text = header
        .cells
        .iter()
        .filter(|c| cell_number(text(**c)).is_some())
        .count()
        * 2
        < header.cells.len();
    let stacked = stacked_names(lower, block);
    let mut roles: Vec<Role> = match &stacked {
        Some(names) => names.iter().map(|n| role(n)).collect(),
        None => header.cells.iter().map(|c| role(text(*c))).collect(),
    };
    // A generation column beside a prefill column (`| Prefill (tok/s) | Generation (tok/s) |`)
    // is the decode phase's rate (CLAIMS.md §2).
    if roles
        .iter()
        .any(|r| matches!(r, Role::Rate(FigureKind::PrefillThroughput, _)))
    {
        for (r, c) in roles.iter_mut().zip(&header.cells) {
            if let Role::Rate(k @ FigureKind::ThroughputOutput, _) = r {
                let h = text(*c).trim_matches('*');
                if h.contains("generat") || h.starts_with("gen ") {
                    *k = FigureKind::DecodeThroughput;
                }
            }
        }
    }
    // A generation column beside a total one (`| Generation throughput (tok/s) | Total
    // throughput (tok/s) |`, a serving benchmark's table) counts the generated tokens of the
    // whole load, the complement of the total: the output rate (CLAIMS.md §1.3).
    if roles
        .iter()
        .any(|r| matches!(r, Role::Rate(FigureKind::ThroughputTotal, _)))
        && !roles
            .iter()
            .any(|r| matches!(r, Role::Rate(FigureKind::PrefillThroughput, _)))
    {
        let output_named = roles
            .iter()
            .any(|r| matches!(r, Role::Rate(FigureKind::ThroughputOutput, _)));
        for (r, c) in roles.iter_mut().zip(&header.cells) {
            let h = text(*c).trim_matches('*');
            match r {
                Role::Rate(k @ FigureKind::DecodeThroughput, _)
                    if h.starts_with("generat") && !h.contains("decod") =>
                {
                    *k = FigureKind::ThroughputOutput;
                }
                // So is a plain token throughput beside the total (OCI's `Token-level
                // Throughput` beside `Total Throughput`), where no column names the output.
                Role::Rate(k @ FigureKind::ThroughputUnspecified, s)
                    if !output_named && *s != Some(Scope::PerUser) && h.contains("throughput") =>
                {
                    *k = FigureKind::ThroughputOutput;
                }
                _ => {}
            }
        }
    }
    // Token counts beside a count of prompts (`| Prompts | Tokens in | Tokens out |`: 512,
    // 4,194,304, 524,288) are the run's totals, not each request's lengths.
    if header.cells.iter().any(|c| {
        let h = text(*c).trim_matches('*').trim();
        [
            "prompts",
            "requests",
            "num prompts",
            "# prompts",
            "# requests",
            "num requests",
        ]
        .contains(&h)
    }) {
        for (r, c) in roles.iter_mut().zip(&header.cells) {
            let h = text(*c).trim_matches('*').trim();
            if matches!(r, Role::Input | Role::Output)
                && (h.starts_with("tokens") || h.starts_with("total"))
            {
                *r = Role::Other;
            }
        }
    }
    let mut rate_cols: Vec<(usize, FigureKind, Option<Scope>)> = roles
        .iter()
        .enumerate()
        .filter_map(|(i, r)| match r {
            Role::Rate(k, s) => Some((i, *k, *s)),
            _ => None,
        })
        // A rate column no row fills (`| n/a |` on every row) holds no figure.
        .filter(|(i, _, _)| {
            data.iter().any(|l| {
                l.cells
                    .get(*i)
                    .is_some_and(|c| cell_number(text(*c)).is_some())
            })
        })
        .collect();
    // No header names a rate, but the caption right above the table gives the unit
    // (`Throughput (output tokens/s)` over `| GPU | TP | 128/2048 | 2048/2048 |`): the columns
    // whose headers name no setting and whose every row holds a number are its rates, and a
    // header written as lengths gives its column's lengths.
    let mut caption_rates = false;
    // Rows named for metrics (`| Median output tokens/second | 812 |`, `| Errors | 0 |`) are a
    // record, not rows of one rate.
    let metric_rows = data.iter().any(|l| {
        l.cells.first().is_some_and(|c| {
            let t = text(*c);
            matches!(role(t), Role::Rate(..))
                || [
                    "latency",
                    "time",
                    "ttft",
                    "tpot",
                    "itl",
                    "request",
                    "error",
                    "throughput",
                ]
                .iter()
                .any(|w| t.contains(w))
        })
    });
    if header_is_text && rate_cols.is_empty() && !metric_rows {
        if let Some(Role::Rate(kind, scope)) = caption_rate(lower, header) {
            rate_cols = roles
                .iter()
                .enumerate()
                .skip(1)
                .filter(|(i, r)| {
                    // A column per load (`| Batch 1 | Batch 4 | Batch 16 |`): rates at that load.
                    let per_load = matches!(r, Role::Batch | Role::Concurrency)
                        && header_number(text(header.cells[*i])).is_some();
                    (matches!(r, Role::Other | Role::Lengths) || per_load)
                        && !names_another_measure(text(header.cells[*i]))
                        && data.iter().all(|l| {
                            l.cells
                                .get(*i)
                                .is_some_and(|c| cell_number(text(*c)).is_some())
                        })
                })
                .map(|(i, _)| (i, kind, scope))
                .collect();
            caption_rates = !rate_cols.is_empty();
        }
    }
    // No header names a rate, but every cell of a column writes a token rate's unit (`| prompt
    // (16 toks) | 2.35 toks/sec | 27.8 toks/sec |`): those columns are rates.
    if header_is_text && rate_cols.is_empty() && !metric_rows {
        let rated = |t: &str| {
            let t = t.trim().trim_matches('*').trim_end();
            RATE_UNITS.iter().any(|u| t.ends_with(u)) && cell_number(t).is_some()
        };
        // A row left blank in that column (`-`, `n/a`, empty) states nothing against it.
        let blank = |t: &str| {
            matches!(
                t.trim().trim_matches('*').trim(),
                "" | "-" | "–" | "—" | "n/a" | "na" | "/"
            )
        };
        rate_cols = (1..roles.len())
            .filter(|&i| {
                data.iter()
                    .any(|l| l.cells.get(i).is_some_and(|c| rated(text(*c))))
                    && data.iter().all(|l| {
                        l.cells
                            .get(i)
                            .is_some_and(|c| rated(text(*c)) || blank(text(*c)))
                    })
            })
            // The column's header names its phase (`| Prompt processing | Generation |`,
            // `| … tg128 |`): that phase's rate (CLAIMS.md §2).
            .map(|i| {
                let kind = phase_label(text(header.cells[i]).trim_matches('*').trim())
                    .unwrap_or(FigureKind::ThroughputUnspecified);
                (i, kind, None)
            })
            .collect();
    }
    // Columns that are statistics of one measure (`| Average | Lowest | Highest | p50 | p99 |`,
    // text-generation-benchmark's tables): its mean, else its median, is the figure; the
    // extremes and the tails describe its spread.
    if rate_cols.len() >= 2 {
        let head = |i: usize| text(header.cells[i]).trim_matches('*').trim();
        let stat = |h: &str| {
            [
                "average", "avg", "mean", "lowest", "highest", "min", "max", "minimum", "maximum",
                "median", "p50", "p90", "p95", "p99", "std", "stddev",
            ]
            .contains(&h)
        };
        if rate_cols.iter().all(|(i, _, _)| stat(head(*i))) {
            let pick = stat_column(lower, header)
                .and_then(|col| rate_cols.iter().find(|(i, _, _)| *i == col).copied());
            if let Some(p) = pick {
                rate_cols = vec![p];
            }
        }
    }
    // A column's numbers, row by row (for the derived-column checks below).
    let values = |col: usize| -> Vec<Option<f64>> {
        data.iter()
            .map(|l| l.cells.get(col).and_then(|c| cell_number(text(*c))))
            .collect()
    };
    // A rate column that is another rate column divided by a whole number on every row (`Tokens/s
    // per accelerator` = `Tokens/s` ÷ 8) is derived from it (CLAIMS.md §1.6): the measured
    // column heads.
    if rate_cols.len() >= 2 {
        // Only a column per device (`per accelerator`, `/GPU`) is divided from the system's.
        let per_device = |col: usize, scope: Option<Scope>| {
            let h = text(header.cells[col]);
            scope == Some(Scope::PerGpu)
                || [
                    "per accelerator",
                    "per chip",
                    "per card",
                    "per device",
                    "per gpu",
                ]
                .iter()
                .any(|w| h.contains(w))
        };
        let derived: Vec<usize> = rate_cols
            .iter()
            .filter(|(a, _, sa)| per_device(*a, *sa))
            .filter(|(a, _, _)| {
                let va = values(*a);
                rate_cols.iter().any(|(b, _, sb)| {
                    let vb = values(*b);
                    a != b
                        && !per_device(*b, *sb)
                        && va.iter().flatten().count() >= 1
                        && va.iter().zip(&vb).all(|(x, y)| match (x, y) {
                            (Some(x), Some(y)) if *x > 0.0 => {
                                let n = (y / x).round();
                                (2.0..=72.0).contains(&n) && (y / x - n).abs() <= 0.02
                            }
                            (None, _) => true,
                            _ => false,
                        })
                })
            })
            .map(|(a, _, _)| *a)
            .collect();
        if derived.len() < rate_cols.len() {
            rate_cols.retain(|(c, _, _)| !derived.contains(c));
        }
    }
    // A rate column that is a per-user rate column times the row's concurrency or batch on
    // every row (`Tput Decode` = `Tput User` × `Concurrency`, tt-inference-server's tables) is
    // computed, not measured (CLAIMS.md §1.6): the per-user column heads.
    if rate_cols.len() >= 2 {
        let load_col = header.cells.iter().position(|c| {
            matches!(
                role(text(*c).trim_matches('*').trim()),
                Role::Concurrency | Role::Batch
            )
        });
        if let Some(lc) = load_col {
            let loads = values(lc);
            let per_user: Vec<usize> = rate_cols
                .iter()
                .filter(|(_, _, sc)| *sc == Some(Scope::PerUser))
                .map(|(c, _, _)| *c)
                .collect();
            let derived: Vec<usize> = rate_cols
                .iter()
                .filter(|(_, _, sa)| *sa != Some(Scope::PerUser))
                .filter(|(a, _, _)| {
                    let va = values(*a);
                    per_user.iter().any(|u| {
                        let vu = values(*u);
                        let mut checked = 0;
                        let all =
                            va.iter()
                                .zip(&vu)
                                .zip(&loads)
                                .all(|((x, y), n)| match (x, y, n) {
                                    (Some(x), Some(y), Some(n)) if *y > 0.0 && *n >= 1.0 => {
                                        checked += 1;
                                        (x / (y * n) - 1.0).abs() <= 0.02
                                    }
                                    _ => true,
                                });
                        all && checked >= 1
                    })
                })
                .map(|(a, _, _)| *a)
                .collect();
            if derived.len() < rate_cols.len() {
                rate_cols.retain(|(c, _, _)| !derived.contains(c));
            }
        }
    }
    if header_is_text && !rate_cols.is_empty() {
        // Columns by role: the best-ranked throughput column, the last among equals; but rate
        // columns that are different devices (`| MI300X (tok/s) | H100 SXM (tok/s) |`) compare
        // setups: the one the text before the table names first, else the first (CLAIMS.md
        // §1.5: a comparison's first result is its subject).
        let best = rate_cols.iter().map(|(_, k, s)| rank(*k, *s)).min()?;
        let tied: Vec<&(usize, FigureKind, Option<Scope>)> = rate_cols
            .iter()
            .filter(|(_, k, s)| rank(*k, *s) == best)
            .collect();
        let devices: Vec<Option<String>> = tied
            .iter()
            .map(|(i, _, _)| super::reader::device_named(text(header.cells[*i])))
            .collect();
        let distinct = {
            let mut d: Vec<&String> = devices.iter().flatten().collect();
            d.dedup();
            d.len()
        };
        let (col, kind, scope) = if distinct >= 2 && devices.iter().all(Option::is_some) {
            let ids: Vec<String> = devices.iter().flatten().cloned().collect();
            let start = header.cells.first()?.start;
            let named = super::reader::first_device_in(&lower[..start], &ids);
            **named
                .and_then(|id| {
                    tied.iter()
                        .zip(&devices)
                        .find(|(_, d)| d.as_ref() == Some(&id))
                })
                .map(|(t, _)| t)
                .unwrap_or(&tied[0])
        } else if let Some(t) = title_column(lower, header, &tied) {
            t
        } else {
            **tied.last()?
        };
        // The row: the last data row with a number in that column, among the rows of the
        // device the text names first when the rows compare devices (CLAIMS.md §1.5: the row
        // the surrounding words are about).
        let about = subject_device(lower, header, &roles, &data);
        let has_number = |l: &&&Line| {
            l.cells
                .get(col)
                .is_some_and(|c| cell_number(text(*c)).is_some())
        };
        // Rows of a change labelled by its sides (`old` / `new`, `before` / `after`, `master` /
        // `PR`): the changed side is the result (CLAIMS.md §1.6), wherever it stands.
        let label = |l: &Line| -> String {
            l.cells
                .first()
                .map(|c| text(*c).trim_matches('*').trim().to_string())
                .unwrap_or_default()
        };
        const BASE_SIDE: &[&str] = &["old", "before", "baseline", "master", "main", "original"];
        const NEW_SIDE: &[&str] = &[
            "new",
            "after",
            "pr",
            "this pr",
            "optimized",
            "optimised",
            "patched",
        ];
        // The side as written, or its first word before a note (`before (main)`, `after (this
        // PR)`).
        let side = |l: &Line, sides: &[&str]| {
            let full = label(l);
            let head = full.split([' ', '(']).next().unwrap_or("").to_string();
            sides.contains(&full.as_str()) || sides.contains(&head.as_str())
        };
        let has_base = data.iter().any(|l| side(l, BASE_SIDE));
        let changed = data
            .iter()
            .rev()
            .filter(has_number)
            .find(|l| has_base && side(l, NEW_SIDE))
            .copied();
        // A row the author set in bold is the one they mark (CLAIMS.md §1.2).
        let bold = changed.or_else(|| {
            data.iter()
                .rev()
                .filter(has_number)
                .find(|l| {
                    l.cells.iter().any(|c| {
                        let t = text(*c);
                        t.len() > 4 && t.starts_with("**") && t.ends_with("**")
                    }) || l.cells.first().is_some_and(|c| {
                        // A row labelled as the author's own (`This work`, `Ours`, `vLLM (ours)`,
                        // `Proposed`): a paper's mark for its result.
                        let t = text(*c).trim_matches('*').trim();
                        t == "this work"
                            || t == "ours"
                            || t.ends_with("(ours)")
                            || t == "proposed"
                            || t.starts_with("ours ")
                    }) || l.cells.iter().any(|c| {
                        // A cell of words praising its row (`LFM2 系列最快`, "fastest", "best
                        // overall"): the author's mark (CLAIMS.md §1.2).
                        let t = text(*c);
                        cell_number(t).is_none()
                            && ["fastest", "best overall", "最快", "最佳", "最好", "最高"]
                                .iter()
                                .any(|w| t.contains(w))
                    })
                })
                .copied()
        });
        // Else the row whose value the author marks outside the table: written in bold in the
        // prose (`**11,819 tokens/s on Llama2-13B**`) or, rounded, in the title ("nearly 12,000
        // tokens/sec"), CLAIMS.md §1.2.
        let marked_row = || {
            let marks = marks.get_or_init(|| marked_values(lower)).as_ref()?;
            data.iter()
                .filter(has_number)
                .find(|l| {
                    l.cells
                        .get(col)
                        .and_then(|c| cell_number(text(*c)))
                        .is_some_and(|v| {
                            marks.iter().any(|&(m, exact)| {
                                m == v || (!exact && super::reader::rounds_to(m, v))
                            })
                        })
                })
                .copied()
        };
        let bold = bold.or_else(marked_row);
        // Else the row a conclusion after the table names by its label (`the g6e.12xlarge
        // result … is the configuration we use`), when no device column decides.
        let named = about.is_none().then(|| {
            let end = data.last()?.cells.last()?.end.min(lower.len());
            let to = super::reader::floor_boundary(lower, (end + 400).min(lower.len()));
            let after = &lower[end..to];
            data.iter()
                .filter(has_number)
                .filter_map(|l| {
                    let label = text(*l.cells.first()?).trim_matches('*').trim();
                    let wordy = label.len() >= 4
                        && label.chars().any(|c| c.is_ascii_alphabetic())
                        && cell_number(label).is_none();
                    // Named in a sentence that concludes (`… is the configuration we use`,
                    // "we recommend", "offers the best").
                    // The label, or its first word when that is a name of its own
                    // (`LFM2-24B-A2B Q4_K_M` named "LFM2-24B" … "winner").
                    let short = label
                        .split_whitespace()
                        .next()
                        .filter(|w| w.len() >= 5 && w.contains(|c: char| c.is_ascii_digit()))
                        .map(|w| w.split('-').take(2).collect::<Vec<_>>().join("-"))
                        .filter(|w| w.len() >= 5);
                    let i = after
                        .find(label)
                        .or_else(|| after.find(short.as_deref()?))
                        .filter(|_| wordy)?;
                    let from = [". ", "\n"]
                        .iter()
                        .filter_map(|b| after[..i].rfind(b).map(|k| k + b.len()))
                        .max()
                        .unwrap_or(0);
                    let to = [". ", "\n"]
                        .iter()
                        .filter_map(|b| after[i..].find(b).map(|k| i + k))
                        .min()
                        .unwrap_or(after.len());
                    let sentence = &after[from..to];
                    [
                        "we use",
                        "we chose",
                        "we picked",
                        "we recommend",
                        "recommended",
                        "the best",
                        "best balance",
                        "winner",
                        "we went with",
                        "we deploy",
                    ]
                    .iter()
                    .any(|w| sentence.contains(w))
                    .then_some((i, *l))
                })
                .min_by_key(|(i, _)| *i)
                .map(|(_, l)| l)
        });
        // Else, in a table whose rows are other providers or engines (`| Provider | … |`,
        // `| Engine | … |`), the row the words before it name first: the text's subject
        // (CLAIMS.md §1.5, a comparison's first-stated setup).
        let subject = about
            .is_none()
            .then(|| subject_row(lower, header, &data, col))
            .flatten();
        let row = bold.or(named.flatten()).or(subject).or_else(|| {
            data.iter()
                .rev()
                .find(|l| {
                    l.cells
                        .get(col)
                        .is_some_and(|c| cell_number(text(*c)).is_some())
                        && about.as_ref().is_none_or(|(dcol, id)| {
                            l.cells
                                .get(*dcol)
                                .and_then(|c| super::reader::device_named(text(*c)))
                                .as_ref()
                                == Some(id)
                        })
                })
                .copied()
        })?;
        let cell = row.cells[col];
        let v = cell_number(text(cell))?;
        // A row named for a phase (`| Decode | 8 | 402.7 |`, `| Prefill | … |`, or with the
        // phase word anywhere in it: `| TG (Decode) | … |`) says which tokens an unqualified
        // rate column counts there.
        let kind = match (kind, row.cells.first().map(|c| text(*c).trim_matches('*'))) {
            (FigureKind::ThroughputUnspecified, Some(l)) if cell_number(l).is_none() => {
                phase_label(l).unwrap_or(kind)
            }
            _ => kind,
        };
        let kind = match kind {
            FigureKind::ThroughputUnspecified => caption_phase(lower, header).unwrap_or(kind),
            _ => kind,
        };
        // A caption right above the table that gives the unit per GPU (`results (tokens/s per
        // GPU)`) scopes an unqualified rate column.
        let scope = scope.or_else(|| caption_per_gpu(lower, header).then_some(Scope::PerGpu));
        let mut f = Figure::new(v, "tok/s", kind, cell);
        f.value_high = cell_high(text(cell));
        f.scope = scope;
        f.kind_stated = kind != FigureKind::ThroughputUnspecified;
        f.scope_stated = scope.is_some();
        f.label = Some(match stacked.as_ref().and_then(|n| n.get(col)) {
            Some(name) => name.clone(),
            None => text(header.cells[col]).to_string(),
        });
        // A load or length cell left blank (`| Decode |   | 281.43 tokens/secs |` under `| Prefill
        // | 4 | … |`, text-generation-benchmark's table) is the row above's, as a merged cell.
        let at = data.iter().position(|l| std::ptr::eq(*l, row));
        let mut cells = row.cells.clone();
        for (i, r) in roles.iter().enumerate() {
            let blank = cells.get(i).is_some_and(|c| text(*c).trim().is_empty());
            if !blank
                || !matches!(
                    r,
                    Role::Batch | Role::Concurrency | Role::Input | Role::Output | Role::Tp
                )
            {
                continue;
            }
            if let Some(above) = at.and_then(|k| {
                data[..k]
                    .iter()
                    .rev()
                    .find_map(|l| l.cells.get(i).filter(|c| !text(**c).trim().is_empty()))
            }) {
                cells[i] = *above;
            }
        }
        let mut s = row_settings(lower, &roles, &cells);
        if caption_rates {
            let h = header.cells[col];
            if let Some((i, o)) = header_lengths(text(h)) {
                s.prompt_tokens = Some(Found { value: i, span: h });
                s.output_tokens = Some(Found { value: o, span: h });
            }
            set_column_load(lower, h, roles[col], &mut s);
            // Columns that are precisions (`| fp16 | gptq-int4 |` under `speed metric is
            // tokens/s`): the figure's column gives its weights.
            if let Some(d) = super::reader::dtype_cell(text(h)) {
                s.weight_dtype = Some(Found { value: d, span: h });
            }
        }
        if let Some(id) = super::reader::device_named(text(header.cells[col])) {
            s.gpu = Some(Found {
                value: id,
                span: header.cells[col],
            });
        } else if let Some(c) = roles
            .iter()
            .position(|r| matches!(r, Role::Device))
            .and_then(|i| row.cells.get(i).copied())
            .filter(|_| one_cell_lines(lower, row))
        {
            // A row pasted one cell to a line names its device in its device cell, which the
            // figure's own line does not hold.
            if let Some(id) = super::reader::device_named(text(c)) {
                s.gpu = Some(Found { value: id, span: c });
            }
        }
        // A load written in the rate column's header (`Throughput (50 req)`) is its figure's.
        if s.concurrency.is_none() && s.batch_size.is_none() {
            let h = header.cells[col];
            if let Some(n) = header_load(text(h)).filter(|&n| n > 0) {
                s.concurrency = Some(Found { value: n, span: h });
                if !text(h).contains("user") && !text(h).contains("concurren") {
                    s.load_unsure = Some(h);
                }
            }
        }
        return Some((super::reader::settle_figure(f), s));
    }
    // Metric rows: a text cell names the metric (the first one that names a rate), the last
    // number after it is the latest column.
    let mut best: Option<(u8, Figure, RowSettings)> = None;
    // Empty cells repeat the cell above (a merged cell: `| | | Output Tokens/s |`).
    let mut carried: Vec<Span> = Vec::new();
    let prefill_row = block.iter().any(|l| {
        l.cells.iter().any(|c| {
            let t = text(*c);
            !t.is_empty()
                && cell_number(t).is_none()
                && matches!(role(t), Role::Rate(FigureKind::PrefillThroughput, _))
        })
    });
    for l in block {
        if carried.len() < l.cells.len() {
            carried.resize(l.cells.len(), Span { start: 0, end: 0 });
        }
        for (i, c) in l.cells.iter().enumerate() {
            if c.end > c.start {
                carried[i] = *c;
            }
        }
        let Some((at, kind, scope)) = l.cells.iter().enumerate().find_map(|(i, c)| {
            let t = text(*c);
            if t.is_empty() || cell_number(t).is_some() {
                return None;
            }
            match role(t) {
                // A generation row beside a prompt-processing row (`| **Prompt Processing** |
                // 220.6 tokens/sec |` over `| **Generation Speed** | 91.5 tokens/sec |`) is the
                // decode phase's rate (CLAIMS.md §2).
                Role::Rate(FigureKind::ThroughputOutput, s)
                    if prefill_row && t.trim_matches('*').starts_with("generat") =>
                {
                    Some((i, FigureKind::DecodeThroughput, s))
                }
                Role::Rate(k, s) => Some((i, k, s)),
                _ => None,
            }
        }) else {
            continue;
        };
        let first = &l.cells[at];
        // Columns that are different devices (`| Metric | A30 (4 GPU) | V100 (4 GPU) |`) compare
        // setups: the first is the text's subject (CLAIMS.md §1.5); other columns (a sweep, a
        // date) end on the latest.
        let numbers = l.cells[at + 1..]
            .iter()
            .filter(|c| cell_number(text(**c)).is_some());
        // Columns of statistics (`| Metric | avg | min | max | p99 | … | std |`, AIPerf's
        // summary): the mean's column, else the median's, never the last (a spread).
        let stat_cell = stat_column(lower, header)
            .and_then(|i| l.cells.get(i).copied())
            .filter(|c| cell_number(text(*c)).is_some());
        let picked = if stat_cell.is_some() {
            stat_cell
        } else if compares_setups(lower, header, at) {
            numbers.copied().next()
        } else {
            numbers.copied().last()
        };
        let Some(cell) = picked else {
            continue;
        };
        // A row named for throughput whose column holds requests per second (`| Test name |
        // GPU | Tput (req/s) |` over `| throughput_llama8B_tp1 | H200 | 22.57 |`) is a request
        // rate, the whole server's (CLAIMS.md §2).
        let (kind, scope) = if l
            .cells
            .iter()
            .position(|c| *c == cell)
            .and_then(|i| header.cells.get(i))
            .is_some_and(|h| in_requests_per_second(text(*h)))
        {
            (FigureKind::RequestRate, Some(Scope::Aggregate))
        } else {
            (kind, scope)
        };
        let v = cell_number(text(cell))?;
        // A percentile other than the median (`p10 output tokens/second`, `P99 …`) is the
        // spread of a figure, not the figure: after the median or mean of the same metric.
        let label = text(*first).trim_matches('*');
        // So is a peak or a maximum (`Peak Output Throughput`): never the headline beside the
        // run's own rate (CLAIMS.md §1.3).
        let spread = (label.starts_with('p')
            && label[1..].starts_with(|c: char| c.is_ascii_digit())
            && !label.starts_with("p50"))
            || label.starts_with("peak")
            || label.starts_with("max ");
        let r = rank(kind, scope) * 2 + u8::from(spread);
        // Equal ranks: the later row (CLAIMS.md §1.5, the last row shown).
        if best.as_ref().is_none_or(|(b, _, _)| r <= *b) {
            let unit = if kind == FigureKind::RequestRate {
                "req/s"
            } else {
                "tok/s"
            };
            let mut f = Figure::new(v, unit, kind, cell);
            // A tool's metric row (`Output Tokens/s`, `Output token throughput`) is the run's
            // whole load; a row that only says "throughput" does not say.
            let t = text(*first);
            f.scope = scope.or(t.contains("tok").then_some(Scope::Aggregate));
            f.kind_stated = kind != FigureKind::ThroughputUnspecified;
            f.scope_stated = scope.is_some();
            f.label = Some(text(*first).to_string());
            let mut settings = if header_is_text {
                row_settings(lower, &roles, &carried)
            } else {
                column_settings(lower, header, l, cell)
            };
            // Columns that are load points (`| Metric | conc=8 | … | conc=64 |`): the figure's
            // column header gives its load.
            if let Some(i) = l.cells.iter().position(|c| *c == cell) {
                if let (Some(&h), Some(&r)) = (header.cells.get(i), roles.get(i)) {
                    set_column_load(lower, h, r, &mut settings);
                }
            }
            best = Some((r, f, settings));
        }
    }
    best.map(|(_, f, s)| (super::reader::settle_figure(f), s))
        .or_else(|| latency_rows(lower, block))
        .or_else(|| latency_columns(lower, block))
        .or_else(|| stat_columns_of_caption(lower, block))
}

/// A table of statistics (`| GPU | #GPU | Average | P50 | P99 |`) whose metric and unit only
/// the words right above it name ("the metric of interest here is simply latency per token (in
/// ms) for each request"): the mean's column (else the median's) of the last data row (CLAIMS.md
/// §1.5), per user, of the latency those words name.
fn stat_columns_of_caption(lower: &str, block: &[Line]) -> Option<(Figure, RowSettings)> {
    let text = |s: Span| &lower[s.start..s.end];
    let header = block.first()?;
    let col = stat_column(lower, header)?;
    // The header itself names no rate or latency (those tables are read above).
    if header.cells.iter().any(|c| {
        let t = text(*c);
        matches!(role(t), Role::Rate(..)) || latency_kind(t).is_some()
    }) {
        return None;
    }
    let above = above_header(lower, header)?;
    let above = &above[super::reader::floor_boundary(above, above.len().saturating_sub(400))..];
    let (kind, at) = [
        ("latency per token", FigureKind::Tpot),
        ("per-token latency", FigureKind::Tpot),
        ("per token latency", FigureKind::Tpot),
        ("time per output token", FigureKind::Tpot),
        ("inter-token latency", FigureKind::Itl),
        ("time to first token", FigureKind::Ttft),
        ("end-to-end latency", FigureKind::E2eLatency),
    ]
    .iter()
    .filter_map(|(w, k)| above.rfind(w).map(|i| (*k, i + w.len())))
    .max_by_key(|(_, i)| *i)?;
    // The unit written with the metric's name (`(in ms)`, `(ms)`, `in seconds`).
    let near = &above[at..super::reader::floor_boundary(above, (at + 16).min(above.len()))];
    let unit = if near.contains("ms") || near.contains("millisecond") {
        "ms"
    } else if near.contains("(s)") || near.contains("second") {
        "s"
    } else {
        return None;
    };
    let data: Vec<&Line> = block[1..]
        .iter()
        .filter(|l| l.cells.len() == header.cells.len())
        .collect();
    let last = data.last()?;
    let cell = *last.cells.get(col)?;
    let (v, _) = lat_number(text(cell))?;
    let mut f = Figure::new(v, unit, kind, cell);
    f.scope = Some(Scope::PerUser);
    f.kind_stated = true;
    f.label = Some(text(header.cells[col]).to_string());
    let roles: Vec<Role> = header.cells.iter().map(|c| role(text(*c))).collect();
    Some((
        super::reader::settle_figure(f),
        row_settings(lower, &roles, &last.cells),
    ))
}

/// The latency a row label or column header names (`TPOT (ms)`, `Inter-token latency`,
/// `LightInferra TTFT`, `E2E`), if any.
pub(super) fn latency_kind(h: &str) -> Option<FigureKind> {
    if h.contains("tpot")
        || h.contains("time per output token")
        || h.contains("time-per-output-token")
    {
        Some(FigureKind::Tpot)
    } else if h.contains("itl")
        || h.contains("inter-token")
        || h.contains("inter token")
        || h.contains("tbt")
        || h.contains("time between tokens")
    {
        Some(FigureKind::Itl)
    } else if h.contains("ttft")
        || h.contains("time to first token")
        || h.contains("time-to-first-token")
    {
        Some(FigureKind::Ttft)
    } else if h.contains("e2e")
        || h.contains("end-to-end")
        // One request's whole time (`Average inference time | 0.78 seconds`, `Request
        // latency`), not a run's total.
        || ((h.contains("inference time")
            || h.contains("request latency")
            || h.contains("response time"))
            && !h.contains("total"))
    {
        Some(FigureKind::E2eLatency)
    } else {
        None
    }
}

/// [`latency_kind`], or a latency a column header names by its unit: `ms/token` (a time per
/// output token), or a bare latency (`avg latency (ms)`, `Gaudi2 latency (seconds)`): one
/// token's when the header says so, the first token's, else one request's whole time
/// (CLAIMS.md §2). Not a run's total, nor a prompt phase's (`prefill (ms/token)` is a prefill
/// rate's inverse, `prompt latency` no request's whole time).
fn column_latency_kind(h: &str) -> Option<FigureKind> {
    if let Some(k) = latency_kind(h) {
        return Some(k);
    }
    if ["prefill", "prompt", "pp"].iter().any(|w| h.contains(w)) {
        return None;
    }
    if h.contains("ms/token") {
        return Some(FigureKind::Tpot);
    }
    if !h.contains("latency") || h.contains("total") {
        None
    } else if ["first token", "first-token", "1st token"]
        .iter()
        .any(|w| h.contains(w))
    {
        Some(FigureKind::Ttft)
    } else if [
        "per token",
        "per-token",
        "/token",
        "token latency",
        "next token",
        "2nd token",
        "decod",
    ]
    .iter()
    .any(|w| h.contains(w))
    {
        Some(FigureKind::Tpot)
    } else {
        Some(FigureKind::E2eLatency)
    }
}

/// CLAIMS.md §1.3's order among latencies, when nothing else is given: TPOT, ITL, TTFT, E2E.
fn latency_rank(k: FigureKind) -> u8 {
    match k {
        FigureKind::Tpot => 0,
        FigureKind::Itl => 1,
        FigureKind::Ttft => 2,
        _ => 3,
    }
}

/// A table whose columns are latencies and which holds no token rate (`| Model & Sequence
/// Length | Baseline TTFT | LightInferra TTFT | Improvement |`): the time per output token's
/// column (else ITL, TTFT, end-to-end latency: CLAIMS.md §1.3 order); among columns of one
/// metric, not a baseline's (§1.6: the tuned result beats the baseline it improves on), the last
/// shown; the last data row (§1.5), per user, its unit from the cell or the header.
fn latency_columns(lower: &str, block: &[Line]) -> Option<(Figure, RowSettings)> {
    let text = |s: Span| &lower[s.start..s.end];
    let header = block.first()?;
    let baseline = |h: &str| {
        [
            "baseline", "stock", "before", "vanilla", "original", "w/o", "without",
        ]
        .iter()
        .any(|w| h.contains(w))
    };
    let unit_of = |cell: &str, h: &str| -> Option<&'static str> {
        match lat_number(cell)? {
            (_, Some(u)) => Some(u),
            _ if h.contains("(ms)") || h.contains(" ms") || h.contains("(ms/") => Some("ms"),
            _ if h.contains("(s)") || h.contains("(sec") => Some("s"),
            _ => None,
        }
    };
    let data: Vec<&Line> = block[1..]
        .iter()
        .filter(|l| l.cells.len() == header.cells.len())
        .collect();
    // A table that gives a request rate too (`| Throughput | Latency |` over `5.82 requests/s |
    // 343.54 s`) is read for that rate before its latencies (CLAIMS.md §1.3).
    if data
        .iter()
        .any(|l| l.cells.iter().any(|c| in_requests_per_second(text(*c))))
    {
        return None;
    }
    let last = data.last()?;
    let cols: Vec<(usize, FigureKind)> = header
        .cells
        .iter()
        .enumerate()
        .skip(1)
        .filter_map(|(i, h)| Some((i, column_latency_kind(text(*h))?)))
        // Every row holds a time there with a unit the cell or the header writes.
        .filter(|(i, _)| {
            data.iter().all(|l| {
                l.cells
                    .get(*i)
                    .is_some_and(|c| unit_of(text(*c), text(header.cells[*i])).is_some())
            })
        })
        .collect();
    let best = cols.iter().map(|(_, k)| latency_rank(*k)).min()?;
    let tied: Vec<&(usize, FigureKind)> = cols
        .iter()
        .filter(|(_, k)| latency_rank(*k) == best)
        .collect();
    // Columns of different devices or engines (`| Gaudi2 latency (seconds) | A100-80GB latency
    // (seconds) |`) are setups side by side: the first is the subject (CLAIMS.md §1.5).
    let own = |(i, _): &&&(usize, FigureKind)| !baseline(text(header.cells[*i]));
    let &&(col, kind) = if compares_setups(lower, header, 0) {
        tied.iter().find(own).or(tied.first())?
    } else {
        tied.iter().rev().find(own).or(tied.last())?
    };
    let cell = last.cells[col];
    let h = text(header.cells[col]);
    let (v, _) = lat_number(text(cell))?;
    let mut f = Figure::new(v, unit_of(text(cell), h)?, kind, cell);
    f.scope = Some(Scope::PerUser);
    f.kind_stated = true;
    f.label = Some(h.to_string());
    let roles: Vec<Role> = header.cells.iter().map(|c| role(text(*c))).collect();
    Some((
        super::reader::settle_figure(f),
        row_settings(lower, &roles, &last.cells),
    ))
}

/// The column of a header that holds a statistic a metric row is read at: the mean's (`avg`,
/// `mean`, `average`, or one followed by its unit, `mean (ms)`), else the median's (`p50`,
/// `median`); `None` when the header names neither (its columns are setups or devices).
fn stat_column(lower: &str, header: &Line) -> Option<usize> {
    let find = |names: &[&str]| {
        header.cells.iter().position(|c| {
            let t = lower[c.start..c.end].trim_matches('*').trim();
            names
                .iter()
                .any(|n| t == *n || t.strip_prefix(n).is_some_and(|r| r.starts_with(' ')))
        })
    };
    find(&["mean", "avg", "average"]).or_else(|| find(&["p50", "median"]))
}

/// A latency cell's number and the unit it writes, if any (`378.7 ms`, `1.2 s`, `41.3`).
fn lat_number(t: &str) -> Option<(f64, Option<&'static str>)> {
    let t = t.trim().trim_matches('*').trim();
    if let Some(n) = t.strip_suffix("ms").and_then(|n| cell_number(n.trim_end())) {
        return Some((n, Some("ms")));
    }
    if let Some(n) = t.strip_suffix(" s").and_then(cell_number) {
        return Some((n, Some("s")));
    }
    cell_number(t).map(|n| (n, None))
}

/// A table of latency rows and statistic columns (`| Metric | Mean | P50 | P99 |` over `| TPOT
/// (ms) | 41.3 | 39.8 | 71.0 |`) when it holds no token rate: the time per output token (else
/// ITL, TTFT, end-to-end latency, CLAIMS.md §1.3 order) at its mean column (else the median,
/// else the first number), per user, with the column's statistic as its percentile.
fn latency_rows(lower: &str, block: &[Line]) -> Option<(Figure, RowSettings)> {
    let text = |s: Span| &lower[s.start..s.end];
    let header = block.first()?;
    let col = stat_column(lower, header);
    // Without a statistic column the columns are setups (`| Metric | Stock | With L0 + L1 | Δ
    // |`): the tuned one heads (CLAIMS.md §1.6), the last shown, unless the columns are
    // different devices (the first is the subject, §1.5); a change column (`Δ`, `speedup`, `%`)
    // is derived, never a figure.
    let derived = |t: &str| {
        [
            "δ",
            "Δ",
            "change",
            "diff",
            "delta",
            "speedup",
            "improvement",
            "gain",
            "ratio",
            "%",
        ]
        .iter()
        .any(|w| t.contains(w))
    };
    let setup_cells = |l: &Line| -> Vec<Span> {
        l.cells
            .iter()
            .enumerate()
            .skip(1)
            .filter(|(i, c)| {
                let t = text(**c).trim().trim_matches('*').trim();
                !header.cells.get(*i).is_some_and(|h| derived(text(*h)))
                    && !t.ends_with(['%', 'x', '×'])
                    && lat_number(t).is_some()
            })
            .map(|(_, c)| *c)
            .collect()
    };
    let first_setup = compares_setups(lower, header, 0);

    // Among rows of one metric, the mean, then the median, then a plain row, before the tails.
    let stat_rank = |label: &str| -> u8 {
        if ["mean", "avg", "average"].iter().any(|w| label.contains(w)) {
            0
        } else if label.contains("p50") || label.contains("median") {
            1
        } else if label.contains("p9") || label.contains("p8") || label.contains("max") {
            3
        } else {
            2
        }
    };
    let mut best: Option<(u8, Figure)> = None;
    for l in &block[1..] {
        let Some(first) = l.cells.first() else {
            continue;
        };
        let label = text(*first).trim_matches('*').trim();
        let Some(kind) = latency_kind(label) else {
            continue;
        };
        let rank = latency_rank(kind) * 4 + if col.is_none() { stat_rank(label) } else { 0 };
        let cell = match col {
            Some(c) => l
                .cells
                .get(c)
                .copied()
                .filter(|c| lat_number(text(*c)).is_some()),
            None => {
                let cells = setup_cells(l);
                if first_setup {
                    cells.first().copied()
                } else {
                    cells.last().copied()
                }
            }
        }
        .or_else(|| {
            l.cells[1..]
                .iter()
                .copied()
                .find(|c| lat_number(text(*c)).is_some())
        });
        let Some(cell) = cell else { continue };
        let Some((v, written)) = lat_number(text(cell)) else {
            continue;
        };
        let unit = written.unwrap_or(if label.contains("(s)") || label.ends_with(" s") {
            "s"
        } else {
            "ms"
        });
        if best.as_ref().is_none_or(|(r, _)| rank < *r) {
            let mut f = Figure::new(v, unit, kind, cell);
            f.scope = Some(Scope::PerUser);
            f.kind_stated = true;
            f.scope_stated = true;
            f.label = Some(label.to_string());
            f.percentile = col
                .and_then(|c| header.cells.get(c))
                .map(|c| text(*c).trim_matches('*').to_string());
            best = Some((rank, f));
        }
    }
    best.map(|(_, f)| (f, RowSettings::default()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_roles_last_row_and_its_settings() {
        let t = "model | input length | output length | batch size | throughput (tokens/sec)\n\
                 --|--|--|--|--\n\
                 llama | 128 | 128 | 32 | 3,516\n\
                 llama | 2048 | 2048 | 64 | 1,200\n";
        let (f, s) = headline(t).unwrap();
        assert_eq!(f.value, 1200.0);
        assert_eq!(s.prompt_tokens.unwrap().value, 2048);
        assert_eq!(s.batch_size.unwrap().value, 64);
    }

    #[test]
    fn metric_rows_take_the_last_column() {
        let t = "| metric | main | pr |\n|---|---|---|\n| Total Tokens/s | 14318.03 | 14986.92 |\n| Output Tokens/s | 642.43 | 678.94 |\n";
        let (f, _) = headline(&t.to_lowercase()).unwrap();
        assert_eq!(f.value, 678.94);
        assert_eq!(f.kind, FigureKind::ThroughputOutput);
    }

    #[test]
    fn cells_with_units_are_numbers() {
        let t = "model | batch size | input length | output length | throughput/gpu\n\
                 -- | -- | -- | -- | --\n\
                 gpt-j 6b | 512 | 128 | 128 | 24,167 tokens/sec\n\
                 llama v2 7b | 120 | 128 | 2048 | 6,944 tokens/sec\n";
        let (f, s) = headline(t).unwrap();
        assert_eq!(f.value, 6944.0);
        assert_eq!(f.scope, Some(Scope::PerGpu));
        assert_eq!(s.batch_size.unwrap().value, 120);
        assert_eq!(s.output_tokens.unwrap().value, 2048);
    }

    #[test]
    fn flattened_single_space_table() {
        // A web table copied as text: header words and cells joined by single spaces.
        let t = "table 2 shows peak throughput.\n\
                 input length output length batch size throughput (tokens/sec)\n\
                 128 128 64 5,210\n\
                 128 2,048 32 3,480\n\
                 2,048 128 16 1,905\n";
        let (f, s) = headline(t).unwrap();
        assert_eq!(f.value, 1905.0);
        assert_eq!(s.prompt_tokens.unwrap().value, 2048);
        assert_eq!(s.output_tokens.unwrap().value, 128);
        assert_eq!(s.batch_size.unwrap().value, 16);
        // A header whose columns do not match the rows' numbers reads nothing.
        let t = "throughput (tokens/sec)\n128 128 64\n128 2048 32\n";
        assert!(headline(t).is_none());
    }

    #[test]
    fn space_aligned_columns() {
        let t = "conc   isl    osl    output tok/s\n1      1024   1024   95.2\n8      1024   1024   640.5\n";
        let (f, s) = headline(t).unwrap();
        assert_eq!(f.value, 640.5);
        assert_eq!(s.prompt_tokens.unwrap().value, 1024);
    }
}
