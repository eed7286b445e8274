//! Stage: the text every later stage reads. Lowercased (ASCII only, so every byte offset is the
//! original text's) and with box-drawing characters (U+2500–U+257F, three bytes each in UTF-8)
//! turned into three ASCII bytes: horizontal strokes into `---`, every other piece (verticals,
//! corners, junctions) into ` | `. Rich-console tables (genai-perf, AIPerf, GuideLLM) then read
//! as the pipe tables and rule lines the table stage knows, and spans still point into the
//! pasted text. Full-width `：（）` become their ASCII forms padded to three bytes, a
//! two-cell `Metric | Value` row a `label: value` record, and an HTML table's tags the bars and
//! line breaks of pipe rows ([`html_tables`]).

/// The lowercased, box-normalised text; the same length as `text`, byte for byte.
pub(super) fn prepare(text: &str) -> String {
    let lower = bold_list_keys(key_value_rows(flattened_tables(fullwidth_punctuation(
        cjk_terms(russian_terms(dot_grouped_thousands(foreign_rate_units(
            device_file_names(packed_cells(csv_tables(numeric_code_spans(
                hub_cache_names(spaced_model_names(unicode_hyphens(html_tables(
                    text.to_ascii_lowercase(),
                )))),
            )))),
        )))),
    ))));
    if !lower.contains(|c: char| ('\u{2500}'..='\u{257f}').contains(&c)) {
        return lower;
    }
    let mut out = String::with_capacity(lower.len());
    for c in lower.chars() {
        if ('\u{2500}'..='\u{257f}').contains(&c) {
            out.push_str(if is_horizontal(c) { "---" } else { " | " });
        } else {
            out.push(c);
        }
    }
    out
}

/// Tags of an HTML table and of the markup inside its cells, by name (`/td` and `br/` are
/// `td`'s close and `br` written self-closing).
const HTML_TABLE_TAGS: &[&str] = &[
    "table", "thead", "tbody", "tfoot", "tr", "td", "th", "b", "strong", "i", "em", "ins", "del",
    "u", "code", "span", "sup", "sub", "br", "p", "div", "a",
];

/// The `rowspan` a tag's attributes give (`rowspan="2"`, `rowspan=3`), 1 when none (at most 64).
fn rowspan(attrs: &[u8]) -> u32 {
    let a = std::str::from_utf8(attrs).unwrap_or("");
    a.find("rowspan=").map_or(1, |k| {
        let v = a[k + 8..].trim_start_matches(['"', '\'']);
        let n = v.find(|c: char| !c.is_ascii_digit()).unwrap_or(v.len());
        v[..n].parse::<u32>().map_or(1, |n| n.clamp(1, 64))
    })
}

/// An HTML table (a model card's `<table>`, `<tr>`, `<td align="center">37.81</td>`) as the pipe
/// rows the table stage reads, byte for byte: each row on a line of its own (its line breaks
/// turned into spaces, its `<tr>` tag into a line break and spaces), a cell's opening tag and
/// the row's close into a bar and spaces, every other tag of the table and of its cells' markup
/// into spaces. The text between the tags, and so every span, stays where it was.
fn html_tables(lower: String) -> String {
    if !lower.contains("<td") && !lower.contains("<th") {
        return lower;
    }
    let mut b = lower.into_bytes();
    let mut in_row = false;
    // Cells opened in the current row; rows still under a first cell's `rowspan`.
    let (mut cell_in_row, mut spans_down) = (0_usize, 0_u32);
    // Whether the line so far (as rewritten) holds only whitespace.
    let mut line_blank = true;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'<' => {
                // The tag's name, up to `>`, a space or the end of a short window.
                let close = b[i + 1..]
                    .iter()
                    .take(400)
                    .position(|&c| c == b'>')
                    .map(|k| i + 1 + k);
                let Some(close) = close else {
                    i += 1;
                    continue;
                };
                let name_end = b[i + 1..close]
                    .iter()
                    .position(|c| c.is_ascii_whitespace())
                    .map_or(close, |k| i + 1 + k);
                let name = std::str::from_utf8(&b[i + 1..name_end]).unwrap_or("");
                let bare = name.trim_start_matches('/').trim_end_matches('/');
                if !HTML_TABLE_TAGS.contains(&bare) {
                    i += 1;
                    continue;
                }
                // A first cell spanning rows (`<td rowspan="2">Model</td>`): the rows under it
                // begin with an empty cell of their own, so their columns stay aligned.
                let mut span_bar = false;
                let first = match (name, bare) {
                    ("tr", _) => {
                        in_row = true;
                        cell_in_row = 0;
                        // (`<tr>` is four bytes at least: the bar fits after its first.)
                        if spans_down > 0 {
                            spans_down -= 1;
                            span_bar = true;
                        }
                        // A row starts a line of its own; a blank line before it would end
                        // the table, so a row already at a line's start keeps that line.
                        if line_blank {
                            b' '
                        } else {
                            line_blank = true;
                            b'\n'
                        }
                    }
                    ("/tr", _) => {
                        in_row = false;
                        b'|'
                    }
                    (_, "td" | "th") if !name.starts_with('/') => {
                        cell_in_row += 1;
                        if cell_in_row == 1 {
                            spans_down = rowspan(&b[name_end..close]).saturating_sub(1);
                        }
                        b'|'
                    }
                    _ => b' ',
                };
                line_blank &= first == b' ' || first == b'\n';
                b[i] = first;
                for c in &mut b[i + 1..=close] {
                    *c = b' ';
                }
                if span_bar {
                    b[i + 1] = b'|';
                    line_blank = false;
                }
                i = close + 1;
            }
            b'\n' | b'\r' if in_row => {
                b[i] = b' ';
                i += 1;
            }
            b'\n' => {
                line_blank = true;
                i += 1;
            }
            c => {
                line_blank &= c.is_ascii_whitespace();
                i += 1;
            }
        }
    }
    String::from_utf8(b).expect(
        "whole tags (between ASCII `<` and `>`, so whole characters) and ASCII line breaks \
         replaced by ASCII",
    )
}

/// Device names written as identifiers (`NVIDIA_H100_80GB_HBM3` in vLLM's kernel config file
/// names, `AMD_Instinct_MI300X`): their underscores as spaces (same length, so spans hold), so
/// they read as the names they are.
fn device_file_names(mut lower: String) -> String {
    if !lower.contains("nvidia_") && !lower.contains("amd_") {
        return lower;
    }
    let mut spans = Vec::new();
    for pre in ["nvidia_", "amd_"] {
        for (i, _) in lower.match_indices(pre) {
            let end = lower[i..]
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
                .map_or(lower.len(), |e| i + e);
            spans.push((i, end));
        }
    }
    // `_` and ` ` are both one ASCII byte: the text stays valid UTF-8 with the same spans.
    let mut bytes = std::mem::take(&mut lower).into_bytes();
    for (a, b) in spans {
        for x in &mut bytes[a..b] {
            if *x == b'_' {
                *x = b' ';
            }
        }
    }
    String::from_utf8(bytes).unwrap_or_default()
}

/// Japanese and Korean serving terms written as the Chinese ones the reader knows (input and
/// output 入力/出力, 입력/출력 → 输入/输出; concurrency 同時リクエスト数, 同時実行数, 並列数, 동시 요청
/// → 并发; throughput スループット, 처리량 → 吞吐; the card counters 枚, 장 → 张, and 한 → 1 before
/// it), each padded with spaces to its own byte length so every span still points into the
/// pasted text.
fn cjk_terms(lower: String) -> String {
    const TERMS: &[(&str, &str)] = &[
        ("同時リクエスト数", "并发数"),
        ("同時実行数", "并发数"),
        ("並列数", "并发数"),
        ("동시 요청 수", "并发数"),
        ("동시 요청", "并发"),
        ("동시성", "并发"),
        ("入力", "输入"),
        ("出力", "输出"),
        ("입력", "输入"),
        ("출력", "输出"),
        ("スループット", "吞吐"),
        ("처리량", "吞吐"),
        ("枚", "张"),
        ("장", "张"),
        ("한 张", "1 张"),
        ("한张", "1张"),
    ];
    // Traditional Chinese forms of the terms the reader knows in simplified form (輸入 → 输入,
    // 並發 → 并发): the same three bytes a character, so spans hold.
    const TRADITIONAL: &[(&str, &str)] = &[
        ("輸入", "输入"),
        ("輸出", "输出"),
        ("並發", "并发"),
        ("長度", "长度"),
        ("單卡", "单卡"),
        ("雙卡", "双卡"),
        ("顯卡", "显卡"),
        ("預填充", "预填充"),
        ("解碼", "解码"),
        ("延遲", "延迟"),
        ("時間", "时间"),
        ("總吞吐", "总吞吐"),
    ];
    let mut lower = lower;
    for (from, to) in TRADITIONAL {
        debug_assert_eq!(from.len(), to.len());
        if lower.contains(from) {
            lower = lower.replace(from, to);
        }
    }
    // Only Japanese or Korean text holds these (kana, hangul, or the Japanese forms above).
    let cjk = lower
        .chars()
        .any(|c| ('\u{3040}'..='\u{30ff}').contains(&c) || ('\u{ac00}'..='\u{d7af}').contains(&c));
    if !cjk {
        return lower;
    }
    padded_terms(lower, TERMS)
}

/// "Tokens per second" written in other languages (French `tokens par seconde`, Spanish and
/// Portuguese `tokens por segundo`, German `Tokens pro Sekunde`, Italian `token al secondo`,
/// Russian `токенов в секунду`) as `tokens/s`, padded with spaces to the phrase's byte length so
/// every span still points into the pasted text. The text is lowercased in ASCII only, so the
/// Russian forms are listed with a capital too.
fn foreign_rate_units(lower: String) -> String {
    const PHRASES: &[&str] = &[
        "tokens par seconde",
        "token par seconde",
        "tokens por segundo",
        "token por segundo",
        "tokens/segundo",
        "tokens pro sekunde",
        "token pro sekunde",
        "tokens/sekunde",
        "token/sekunde",
        "tokens/seconde",
        "tokens al secondo",
        "token al secondo",
        "токенов в секунду",
        "токена в секунду",
        "Токенов в секунду",
        // The longer form first: `токенов/с` would leave `ек` of `токенов/сек` behind.
        "токенов/сек",
        "токенов/с",
    ];
    if !PHRASES.iter().any(|p| lower.contains(p)) {
        return lower;
    }
    // These languages group thousands with a dot or a space (`5.800 tokens por segundo`,
    // `335 000 токенов`): the number right before the phrase gets commas in their place (one
    // byte for one byte) when every group after the first has three digits.
    let mut bytes = lower.into_bytes();
    for p in PHRASES {
        let starts: Vec<usize> = String::from_utf8_lossy(&bytes)
            .match_indices(p)
            .map(|(i, _)| i)
            .collect();
        for at in starts {
            let mut end = at;
            while end > 0 && bytes[end - 1] == b' ' {
                end -= 1;
            }
            let mut start = end;
            while start > 0
                && (bytes[start - 1].is_ascii_digit() || matches!(bytes[start - 1], b'.' | b' '))
            {
                start -= 1;
            }
            while start < end && !bytes[start].is_ascii_digit() {
                start += 1;
            }
            let number = &bytes[start..end];
            let groups: Vec<&[u8]> = number.split(|b| matches!(b, b'.' | b' ')).collect();
            let grouped = groups.len() > 1
                && (1..=3).contains(&groups[0].len())
                && groups[1..].iter().all(|g| g.len() == 3);
            if grouped {
                for b in &mut bytes[start..end] {
                    if matches!(*b, b'.' | b' ') {
                        *b = b',';
                    }
                }
            }
            let unit = format!("tokens/s{}", " ".repeat(p.len() - "tokens/s".len()));
            bytes[at..at + p.len()].copy_from_slice(unit.as_bytes());
        }
    }
    String::from_utf8(bytes).expect("ASCII written over whole phrases and ASCII bytes")
}

/// Words frequent in prose of languages that group thousands with a dot (German, Dutch,
/// Italian, Spanish, Portuguese, Indonesian, Vietnamese, Turkish, Polish): `3.500 tok/s` is
/// 3,500 there. Only words that are not also English ones, and no single letters.
#[rustfmt::skip]
const DOT_GROUPING_WORDS: &[&str] = &[
    // German, Dutch
    "und", "der", "das", "mit", "nicht", "auf", "für", "eine", "ist", "wird", "auch", "bei",
    "sind", "oder", "wenn", "het", "een", "van", "voor", "niet", "zijn", "wordt", "ook",
    // Italian, Spanish, Portuguese
    "il", "che", "non", "con", "una", "sono", "della", "gli", "delle", "questo", "anche", "più",
    "nel", "el", "los", "las", "que", "para", "por", "del", "como", "más", "pero", "está", "não",
    "com", "em", "os", "mais", "são", "pelo", "uma", "da", "do",
    // Indonesian
    "dan", "yang", "untuk", "dengan", "pada", "ini", "adalah", "dari", "tidak", "di", "ke",
    "dapat", "akan", "juga", "atau",
    // Vietnamese
    "và", "của", "cho", "là", "không", "được", "với", "trên", "các", "những", "có", "một",
    "này", "để", "khi", "từ", "hơn",
    // Turkish
    "ve", "bir", "bu", "için", "ile", "olarak", "üzerinde", "daha", "kadar", "gibi", "çok",
    // Polish
    "że", "się", "nie", "jest", "oraz", "dla", "przez", "jak", "czy",
];

/// English words of the same frequency, to weigh a text's language against.
const ENGLISH_WORDS: &[&str] = &[
    "the", "and", "of", "to", "is", "with", "for", "on", "in", "that", "this", "are", "it", "as",
    "at", "by", "from", "we", "you", "was", "be", "an", "or", "not",
];

/// True when the text's prose is in a language that groups thousands with a dot: at least 6
/// of its words are frequent words of such a language ([`DOT_GROUPING_WORDS`]) and they
/// outnumber the English ones ([`ENGLISH_WORDS`]).
fn dot_grouping_language(lower: &str) -> bool {
    let (mut foreign, mut english) = (0usize, 0usize);
    for w in lower.split(|c: char| !c.is_alphabetic()) {
        if w.is_empty() {
            continue;
        }
        if DOT_GROUPING_WORDS.contains(&w) {
            foreign += 1;
        } else if ENGLISH_WORDS.contains(&w) {
            english += 1;
        }
    }
    foreign >= 6 && foreign > english
}

/// In prose of a language that groups thousands with a dot ([`dot_grouping_language`]), a
/// number grouped so (`3.500`, `16.200`, `1.000.000`: every group after the first three
/// digits, the first not opening with 0, no digit or decimal after) gets commas in place of
/// its dots, one byte for one byte so spans hold: `3,500`, read as 3,500. Lines of a tool's
/// English output (`Mean TTFT (ms): 45.030`) keep theirs.
fn dot_grouped_thousands(lower: String) -> String {
    let b = lower.as_bytes();
    // A quick test first: a digit, a dot and three digits.
    let candidate = b
        .windows(5)
        .any(|w| w[0].is_ascii_digit() && w[1] == b'.' && w[2..5].iter().all(u8::is_ascii_digit));
    if !candidate || !dot_grouping_language(&lower) {
        return lower;
    }
    let mut bytes = lower.into_bytes();
    let n = bytes.len();
    let mut i = 0;
    while i < n {
        if !bytes[i].is_ascii_digit()
            || (i > 0 && (bytes[i - 1].is_ascii_digit() || matches!(bytes[i - 1], b'.' | b',')))
        {
            i += 1;
            continue;
        }
        // A number starts at i: 1–3 digits, then groups of `.ddd`.
        let mut j = i;
        while j < n && bytes[j].is_ascii_digit() {
            j += 1;
        }
        let lead = j - i;
        let mut dots = Vec::new();
        while j + 3 < n
            && bytes[j] == b'.'
            && bytes[j + 1..j + 4].iter().all(u8::is_ascii_digit)
            && !(j + 4 < n && bytes[j + 4].is_ascii_digit())
        {
            dots.push(j);
            j += 4;
        }
        let decimal_after =
            j + 1 < n && matches!(bytes[j], b'.' | b',') && bytes[j + 1].is_ascii_digit();
        // A group never opens with 0 (`$0.012` is a decimal).
        if (1..=3).contains(&lead)
            && bytes[i] != b'0'
            && !dots.is_empty()
            && !decimal_after
            && !tool_line(&bytes, i)
        {
            for d in dots {
                bytes[d] = b',';
            }
        }
        i = j.max(i + 1);
    }
    String::from_utf8(bytes).expect("ASCII dots replaced by ASCII commas")
}

/// True when the line around byte `at` is a tool's English record (a unit in brackets or a
/// statistic's name): its numbers use the decimal point.
fn tool_line(bytes: &[u8], at: usize) -> bool {
    let start = bytes[..at]
        .iter()
        .rposition(|&c| c == b'\n')
        .map_or(0, |k| k + 1);
    let end = bytes[at..]
        .iter()
        .position(|&c| c == b'\n')
        .map_or(bytes.len(), |k| at + k);
    let line = String::from_utf8_lossy(&bytes[start..end]);
    [
        "(ms)",
        "(s)",
        "(tok/s)",
        "(tokens/s)",
        "(req/s)",
        "mean ",
        "median ",
        "p99",
        "p50",
    ]
    .iter()
    .any(|m| line.contains(m))
}

/// Russian length terms as the English ones the reader knows (`промпт из 512 токенов` → `prompt
/// of 512 tokens`, `входных токенов` → `input tokens`, `контекст` → `context`), each padded with
/// spaces to its own byte length so every span still points into the pasted text. Rates
/// (`токенов/с`) were turned into `tokens/s` before. The text is lowercased in ASCII only, so
/// the forms that open a sentence are listed with a capital too.
fn russian_terms(lower: String) -> String {
    const TERMS: &[(&str, &str)] = &[
        ("входных токенов", "input tokens"),
        ("выходных токенов", "output tokens"),
        ("сгенерированных токенов", "generated tokens"),
        ("промпт из", "prompt of"),
        ("Промпт из", "prompt of"),
        ("промпта", "prompt"),
        ("промпт", "prompt"),
        ("Промпт", "prompt"),
        ("контекст", "context"),
        ("Контекст", "context"),
        ("токенов", "tokens"),
        ("токена", "tokens"),
    ];
    if !lower.contains("токен") && !lower.contains("промпт") && !lower.contains("онтекст")
    {
        return lower;
    }
    padded_terms(lower, TERMS)
}

/// `lower` with each `from` of `terms` replaced by its `to` padded with spaces to the same byte
/// length (every `to` is no longer than its `from`), so every span still points into the text.
fn padded_terms(mut lower: String, terms: &[(&str, &str)]) -> String {
    for (from, to) in terms {
        if lower.contains(from) {
            let padded = format!("{to}{}", " ".repeat(from.len() - to.len()));
            lower = lower.replace(from, &padded);
        }
    }
    lower
}

/// Each line of `s` (split at `\n`, the newline left out) with the offset it starts at.
fn lines_at(s: &str) -> impl Iterator<Item = (usize, &str)> {
    s.split('\n').scan(0, |at, l| {
        let start = *at;
        *at += l.len() + 1;
        Some((start, l))
    })
}

/// `lower` with the ASCII byte at each of `at` turned into a bar: one byte for one byte, so
/// offsets hold and the string stays valid UTF-8.
fn bars_at(lower: String, at: impl IntoIterator<Item = usize>) -> String {
    let mut bytes = lower.into_bytes();
    for i in at {
        debug_assert!(bytes[i].is_ascii());
        bytes[i] = b'|';
    }
    String::from_utf8(bytes).expect("ASCII replaced by ASCII")
}

/// The cells of a table line that starts at `at`, split at its bars, each with its offset.
fn cells_at(at: usize, line: &str) -> Vec<(usize, &str)> {
    line.split('|')
        .scan(at, |from, c| {
            let start = *from;
            *from += c.len() + 1;
            Some((start, c))
        })
        .collect()
}

/// Comma-separated tables (a pasted CSV file: a header line, then rows) as pipe tables: a run of
/// three or more lines that each hold the same number of commas (three or more), no quote, no bar
/// and no `key: value` pair, all with or all without a space after their commas, one of them
/// with a digit, has its commas turned into bars. One byte for one byte:
/// offsets are kept. Prose rarely keeps the same count of commas over three lines.
fn csv_tables(lower: String) -> String {
    if !lower.contains(',') {
        return lower;
    }
    // (start, end, commas, whether a space follows them) of every line: a run keeps one style.
    let lines: Vec<(usize, usize, usize, bool)> = lines_at(&lower)
        .map(|(at, line)| {
            // (A log line of `key: value, key: value` pairs is no CSV row.)
            let commas = if line.contains(['"', '|']) || line.contains(": ") {
                0
            } else {
                line.bytes().filter(|&b| b == b',').count()
            };
            (at, at + line.len(), commas, line.contains(", "))
        })
        .collect();
    let mut runs: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let (k, spaced) = (lines[i].2, lines[i].3);
        let mut j = i + 1;
        while j < lines.len() && k >= 3 && lines[j].2 == k && lines[j].3 == spaced {
            j += 1;
        }
        let digits = lines[i..j]
            .iter()
            .any(|&(a, b, ..)| lower.as_bytes()[a..b].iter().any(u8::is_ascii_digit));
        if k >= 3 && j - i >= 3 && digits {
            runs.push((lines[i].0, lines[j - 1].1));
        }
        i = j;
    }
    if runs.is_empty() {
        return lower;
    }
    let commas: Vec<usize> = runs
        .into_iter()
        .flat_map(|(a, b)| (a..b).filter(|&i| lower.as_bytes()[i] == b','))
        .collect();
    bars_at(lower, commas)
}

/// A pipe table whose header cell packs several metrics, each with its unit, joined by `/`
/// (`| Online Request throughput (req/s)/ Input token throughput (tok/s)/ Output token
/// throughput (tok/s) |` over `| 12.29/3024.07/2396.00 |`): when every row's cell in that column
/// holds as many numbers joined by `/` as the header names metrics, both are split into
/// columns, their joining slashes turned into bars (byte for byte: offsets are kept). Only a
/// `/` right after a unit's closing parenthesis joins two metrics (the one in `req/s` does not).
fn packed_cells(lower: String) -> String {
    if !lower.contains(")/") {
        return lower;
    }
    let lines: Vec<(usize, &str)> = lines_at(&lower).collect();
    let is_table = |l: &str| l.trim_start().starts_with('|');
    let mut cuts: Vec<usize> = Vec::new();
    let mut i = 0;
    while i + 2 < lines.len() {
        let (head, sep) = (lines[i], lines[i + 1]);
        if !(is_table(head.1) && is_table(sep.1) && sep.1.contains("---")) {
            i += 1;
            continue;
        }
        let rows: Vec<(usize, &str)> = lines[i + 2..]
            .iter()
            .copied()
            .take_while(|l| is_table(l.1))
            .collect();
        let head_cells = cells_at(head.0, head.1);
        let row_cells: Vec<Vec<(usize, &str)>> =
            rows.iter().map(|&(at, l)| cells_at(at, l)).collect();
        for (k, (h_at, h)) in head_cells.iter().enumerate() {
            let joins: Vec<usize> = h.match_indices(")/").map(|(j, _)| h_at + j + 1).collect();
            if joins.is_empty() {
                continue;
            }
            let packed = |cell: &str| -> Option<Vec<usize>> {
                let t = cell.trim();
                let parts: Vec<&str> = t.split('/').collect();
                let numeric = parts.iter().all(|p| {
                    let p = p.trim();
                    !p.is_empty()
                        && p.bytes().any(|b| b.is_ascii_digit())
                        && p.bytes()
                            .all(|b| b.is_ascii_digit() || b == b'.' || b == b',')
                });
                (parts.len() == joins.len() + 1 && numeric)
                    .then(|| cell.match_indices('/').map(|(j, _)| j).collect())
            };
            let mut row_cuts = Vec::new();
            let all = !row_cells.is_empty()
                && row_cells.iter().all(|r| {
                    r.get(k)
                        .and_then(|(at, c)| {
                            packed(c).map(|js| row_cuts.extend(js.iter().map(|j| at + j)))
                        })
                        .is_some()
                });
            if all {
                cuts.extend(joins);
                cuts.extend(row_cuts);
            }
        }
        i += 2 + rows.len();
    }
    if cuts.is_empty() {
        return lower;
    }
    bars_at(lower, cuts)
}

/// Full-width colon and parentheses (three bytes each: `（最高）：13.35`) as their ASCII forms
/// followed by two spaces, so `label (note): value` records written with them read as any other;
/// `™` as spaces. Every replacement keeps the byte length, so spans stay valid.
fn fullwidth_punctuation(lower: String) -> String {
    // The trademark sign as spaces of its width (`Intel® Arc™ Pro B60`): a product name reads
    // as if it were not there (`®`, which the names' patterns allow, stays).
    if !lower.contains(['：', '（', '）', '™']) {
        return lower;
    }
    lower
        .replace('：', ":  ")
        .replace('（', "(  ")
        .replace('）', ")  ")
        .replace('™', "   ")
}

/// Words that make a two-cell row's first cell a metric or setting name (`| Output token
/// throughput | 3,012 tok/s |`, `| Concurrency | 64 |`), not a row label of a grid (`| H100 |
/// 3,012 |`).
const KEY_WORDS: &[&str] = &[
    "throughput",
    "token",
    "tok/s",
    "ttft",
    "itl",
    "tpot",
    "latency",
    "concurrency",
    "batch",
    "rate",
    "requests",
    "duration",
    "input",
    "output",
    "prompt",
    "time",
];

/// Unicode hyphens (U+2010 hyphen, U+2011 non-breaking hyphen: three bytes each) as an ASCII
/// `-`, the two bytes each saves added as spaces after the word they stand in, so `512‑token`
/// and `gpt‑oss‑120B` read as their ASCII forms in one piece and every offset outside the word
/// holds (a span inside it stays inside it).
fn unicode_hyphens(lower: String) -> String {
    if !lower.contains(['\u{2010}', '\u{2011}']) {
        return lower;
    }
    let mut out = String::with_capacity(lower.len());
    let mut pad = 0;
    for c in lower.chars() {
        if c == '\u{2010}' || c == '\u{2011}' {
            out.push('-');
            pad += c.len_utf8() - 1;
            continue;
        }
        if pad > 0 && (c.is_whitespace() || !(c.is_alphanumeric() || c == '-' || c == '.')) {
            out.extend(std::iter::repeat_n(' ', pad));
            pad = 0;
        }
        out.push(c);
    }
    out.extend(std::iter::repeat_n(' ', pad));
    out
}

/// A model family written with a space or underscore where its name has a hyphen (`GPT OSS
/// 120B`, `gpt_oss_20b`: OpenAI's gpt-oss) in its hyphenated form, one byte for one byte, so it
/// reads as the family and not as a model named `oss`.
fn spaced_model_names(mut lower: String) -> String {
    for from in ["gpt oss", "gpt_oss"] {
        if lower.contains(from) {
            lower = lower.replace(from, "gpt-oss");
        }
    }
    lower
}

/// A number set as code (`` `3261.60` `` in a results table, `` `+7.88%` ``) as the plain
/// number: its two backticks become spaces, one byte for one byte.
fn numeric_code_spans(lower: String) -> String {
    if !lower.contains('`') {
        return lower;
    }
    let mut bytes = lower.into_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'`' {
            i += 1;
            continue;
        }
        let inner = bytes[i + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit() || b",.%+-~".contains(b))
            .count();
        let close = i + 1 + inner;
        let numeric = inner > 0 && bytes[i + 1..close].iter().any(u8::is_ascii_digit);
        if numeric && bytes.get(close) == Some(&b'`') {
            bytes[i] = b' ';
            bytes[close] = b' ';
            i = close + 1;
        } else {
            i += 1;
        }
    }
    // Only ASCII backticks were replaced by ASCII spaces.
    String::from_utf8(bytes).unwrap_or_default()
}

/// A Hugging Face cache folder (`models--meta-llama--Meta-Llama-3-8B-Instruct`, the hub's
/// `models--{org}--{name}` layout) as the repository id it stands for (`meta-llama /Meta-…`),
/// byte for byte: `models--` as spaces and the `--` after the org as ` /`.
fn hub_cache_names(lower: String) -> String {
    if !lower.contains("models--") {
        return lower;
    }
    // Each folder's `models--` and the `--` after its org (within the folder's name).
    let mut edits = Vec::new();
    for (at, _) in lower.match_indices("models--") {
        let org = at + "models--".len();
        let name = &lower[org..];
        let end = name
            .find(|c: char| !(c.is_ascii_alphanumeric() || "-_.".contains(c)))
            .unwrap_or(name.len());
        if let Some(sep) = name[..end].find("--") {
            edits.push((at, org + sep));
        }
    }
    let mut bytes = lower.into_bytes();
    for (at, sep) in edits {
        bytes[at..at + "models--".len()].fill(b' ');
        bytes[sep] = b' ';
        bytes[sep + 1] = b'/';
    }
    // Only ASCII bytes were replaced by ASCII bytes.
    String::from_utf8(bytes).unwrap_or_default()
}

/// A pipe table whose rows were run together on one line, as scraped pages print them
/// (`| Metric | Value | |---|---| | Median output tokens/second | 812 | | TTFT | 18ms |`): the
/// space between one row's closing bar and the next row's opening bar becomes a line end, the
/// rows counted by the header's bars, so the table reads as the table it was. A ` ... ` between
/// rows (an elided row) stands on its own line; without a separator row, every `| |` splits when
/// the rows it gives all have the same bars. One byte for one byte: offsets are kept.
fn flattened_tables(mut lower: String) -> String {
    if !lower.contains("| |") {
        return lower;
    }
    let mut breaks = Vec::new();
    let mut at = 0;
    for line in lower.split_inclusive('\n') {
        let start = at;
        at += line.len();
        let b = line.as_bytes();
        // The separator row, run in after the header: `| |---` or `| |:--` or `| | ---`.
        let Some(sep) = line.match_indices("| |").map(|(i, _)| i).find(|&i| {
            line[i + 3..]
                .trim_start_matches(' ')
                .trim_start_matches(':')
                .starts_with('-')
        }) else {
            // No separator: split where one row's closing bar meets the next one's opening bar,
            // when that gives at least three rows of the same number of bars (at least three:
            // two cells), so an empty cell of an ordinary row splits nothing.
            let joins: Vec<usize> = line.match_indices("| |").map(|(i, _)| i + 1).collect();
            let mut from = 0;
            let bars: Vec<usize> = joins
                .iter()
                .chain(std::iter::once(&line.len()))
                .map(|&e| {
                    let n = line[from..e].matches('|').count();
                    from = e;
                    n
                })
                .collect();
            if bars.len() >= 3 && bars[0] >= 3 && bars.iter().all(|&n| n == bars[0]) {
                breaks.extend(joins.iter().map(|&j| start + j));
            }
            continue;
        };
        let Some(first) = line[..sep].find('|') else {
            continue;
        };
        let bars = line[first..=sep].matches('|').count();
        if bars < 3 {
            continue;
        }
        let mut found = vec![start + sep + 1];
        let mut count = 0;
        let mut i = sep + 2;
        while i < b.len() {
            if b[i] == b'|' {
                count += 1;
                if count == bars {
                    count = 0;
                    // The next row opens right after, or after an elided row (` ... `).
                    if b.get(i + 1) == Some(&b' ') && b.get(i + 2) == Some(&b'|') {
                        found.push(start + i + 1);
                    } else if line[i + 1..].starts_with(" ... |")
                        || line[i + 1..].starts_with(" … |")
                    {
                        // `...` and `…` are both three bytes.
                        found.push(start + i + 1);
                        found.push(start + i + 5);
                    } else {
                        break;
                    }
                }
            }
            i += 1;
        }
        if found.len() >= 2 {
            // Prose run in before the header (`… **H200 FP8 Max throughput** |Model | …`) is
            // a caption, not the header's first cell: it gets its own line.
            if first > 0 && b[first - 1] == b' ' && !line[..first].trim().is_empty() {
                breaks.push(start + first - 1);
            }
            breaks.extend(found);
        }
    }
    for k in breaks {
        if lower.as_bytes().get(k) == Some(&b' ') {
            lower.replace_range(k..k + 1, "\n");
        }
    }
    lower
}

/// A two-cell table row whose first cell names a metric or setting and whose second starts with
/// a number (a `Metric | Value` table) gets a colon for the bar between its cells, so it reads
/// as the `label: value` record it is. One byte for one byte: offsets are kept.
fn key_value_rows(mut lower: String) -> String {
    if !lower.contains('|') {
        return lower;
    }
    let mut bars = Vec::new();
    let mut stars = Vec::new();
    let mut at = 0;
    // Whether the line before was a row of runs (`| 3 | 5.77 tokens/s |`): the row after it
    // that names a statistic (`| **Average Eval Rate** | 5.83 tokens/second |`) is the table's
    // summary row, not a record.
    let mut after_runs = false;
    for line in lower.split_inclusive('\n') {
        let start = at;
        at += line.len();
        let lead = line.len() - line.trim_start().len();
        let body = line.trim();
        let opened = body.starts_with('|');
        let inner = body.strip_prefix('|').unwrap_or(body);
        let inner = inner.strip_suffix('|').unwrap_or(inner);
        let cells: Vec<&str> = inner.split('|').collect();
        let [key, value] = cells.as_slice() else {
            after_runs = false;
            continue;
        };
        let k = key.trim().trim_matches('*').trim();
        let summary = after_runs
            && ["average", "avg", "mean", "median"]
                .iter()
                .any(|w| k.starts_with(w));
        if is_key(key.trim()) && starts_numeric(value) && !summary {
            let key_at = start + lead + usize::from(opened);
            bars.push(key_at + key.len());
            // A bold key (`| **Decode Batch Size** | 480 |`) reads as the plain one.
            stars.extend(
                (key_at..key_at + key.len()).filter(|&i| line.as_bytes()[i - start] == b'*'),
            );
        }
        after_runs = opened && !k.is_empty() && k.bytes().all(|b| b.is_ascii_digit());
    }
    for b in bars {
        if lower.as_bytes().get(b) == Some(&b'|') {
            lower.replace_range(b..b + 1, ":");
        }
    }
    for i in stars {
        lower.replace_range(i..i + 1, " ");
    }
    lower
}

/// A list item whose key is bold and whose value is a number (`- **long bucket decode_tps
/// (median)**: 103.74`, `**Output tok/s**: 512`): the stars as spaces, so it reads as the plain
/// `key: value` record it is. One byte for one byte: offsets are kept.
fn bold_list_keys(mut lower: String) -> String {
    if !lower.contains("**:") {
        return lower;
    }
    let mut stars = Vec::new();
    for (start, line) in lines_at(&lower) {
        let lead = line.len() - line.trim_start().len();
        let body = line.trim_start();
        let item = list_item(body).unwrap_or(body);
        let Some(key) = item.strip_prefix("**") else {
            continue;
        };
        let Some(close) = key.find("**:") else {
            continue;
        };
        if !starts_numeric(&key[close + 3..]) || key[..close].contains('*') {
            continue;
        }
        let open = start + lead + (body.len() - item.len());
        stars.extend([open, open + 1, open + 2 + close, open + 3 + close]);
    }
    for i in stars {
        lower.replace_range(i..i + 1, " ");
    }
    lower
}

/// A metric or setting name: one of [`KEY_WORDS`], and no digits but a percentile's (`p99`).
/// A list line's text after its marker (`- `, `* `, `+ `, `• `), or None when `line` (its
/// leading spaces trimmed) is no list item.
pub(super) fn list_item(line: &str) -> Option<&str> {
    ["- ", "* ", "+ ", "• "]
        .iter()
        .find_map(|m| line.strip_prefix(m))
}

fn is_key(cell: &str) -> bool {
    let digits_only_in_percentiles = cell.split(|c: char| !c.is_ascii_alphanumeric()).all(|w| {
        !w.contains(|c: char| c.is_ascii_digit())
            || (w.starts_with('p') && w[1..].chars().all(|c| c.is_ascii_digit()))
    });
    KEY_WORDS.iter().any(|w| cell.contains(w)) && digits_only_in_percentiles
}

/// A cell that starts with a number (`3,012 tok/s`, `~64`).
fn starts_numeric(cell: &str) -> bool {
    cell.trim_start()
        .trim_start_matches('~')
        .starts_with(|c: char| c.is_ascii_digit())
}

/// A horizontal stroke of the box-drawing block (light, heavy, double, dashed).
fn is_horizontal(c: char) -> bool {
    matches!(
        c,
        '─' | '━'
            | '═'
            | '┄'
            | '┅'
            | '┈'
            | '┉'
            | '╌'
            | '╍'
            | '╴'
            | '╶'
            | '╸'
            | '╺'
            | '╼'
            | '╾'
    )
}

#[cfg(test)]
mod flattened_tests {
    use super::flattened_tables;

    #[test]
    fn rows_run_together_are_split_with_offsets_kept() {
        let t = "x | a | b | |---|---| | 1 | 2 | ... | 3 | 4 |".to_string();
        let out = flattened_tables(t.clone());
        assert_eq!(out.len(), t.len());
        assert_eq!(
            out.lines().collect::<Vec<_>>(),
            [
                "x",
                "| a | b |",
                "|---|---|",
                "| 1 | 2 |",
                "...",
                "| 3 | 4 |"
            ]
        );
        // Text before the header's first bar is a caption (the separator row gives two
        // columns), on its own line; a header that starts the line is left as it is.
        let t = "**H200 FP8 Max throughput** |Model | TP | |---|---| | a | 1 | | b | 2 |";
        let out = flattened_tables(t.to_string());
        assert_eq!(out.lines().next(), Some("**H200 FP8 Max throughput**"));
        assert_eq!(out.lines().nth(1), Some("|Model | TP |"));
        // No separator: three rows of the same bars split; an empty cell alone does not.
        let out = flattened_tables("| a | b | | 1 | 2 | | 3 | 4 |".to_string());
        assert_eq!(out.lines().count(), 3);
        let one = "| a | | b |".to_string();
        assert_eq!(flattened_tables(one.clone()), one);
    }
}

#[cfg(test)]
mod tests {
    use super::{csv_tables, prepare};

    #[test]
    fn csv_runs_become_pipe_tables_byte_for_byte() {
        let t = "intro, with, three, commas\nmodel,tp,batch,tok/s\na,1,8,100\nb,2,16,190\n\nnot, a, table, here";
        let out = csv_tables(t.to_string());
        assert_eq!(out.len(), t.len());
        assert_eq!(
            out,
            "intro, with, three, commas\nmodel|tp|batch|tok/s\na|1|8|100\nb|2|16|190\n\nnot, a, table, here"
        );
        // Two rows are no table; a quoted field leaves the run alone.
        assert_eq!(csv_tables("a,b,c,d\n1,2,3,4".into()), "a,b,c,d\n1,2,3,4");
        let q = "a,b,c,d\n\"1,5\",2,3,4\n5,6,7,8\n";
        assert_eq!(csv_tables(q.into()), q);
    }

    #[test]
    fn packed_cells_split_into_columns_byte_for_byte() {
        let t = "| | offline (req/s)/ token (tok/s) | note |\n| --- | --- | --- |\n| 1gpu | 14.33/6895.75 | a/b |\n| 4gpu | 8.05/3871.86 | c |\n";
        let out = super::packed_cells(t.to_string());
        assert_eq!(
            out,
            "| | offline (req/s)| token (tok/s) | note |\n| --- | --- | --- |\n| 1gpu | 14.33|6895.75 | a/b |\n| 4gpu | 8.05|3871.86 | c |\n"
        );
        // A row whose cell does not pack as many numbers leaves the column alone.
        let t = "| (req/s)/ (tok/s) |\n|---|\n| 1/2 |\n| 3 |\n";
        assert_eq!(super::packed_cells(t.to_string()), t);
    }

    #[test]
    fn boxes_become_pipes_and_rules_of_the_same_length() {
        let t = "┃ Statistic ┃ avg ┃\n┡━━━╇━━┩\n│ Output token throughput (per sec) │ 1,412.33 │";
        let p = prepare(t);
        assert_eq!(p.len(), t.len());
        assert!(p.starts_with(" |  statistic  |  avg  | \n | ---------"));
        assert!(p.contains(" |  output token throughput (per sec)  |  1,412.33  | "));
    }

    #[test]
    fn other_text_is_only_lowercased() {
        assert_eq!(prepare("H100 输出 Tok/s"), "h100 输出 tok/s");
    }
}
