//! The model: catalog ids and aliases, sizes, MoE active suffixes and distills (CLAIMS.md §3 Model).

use super::*;

/// A name written with its size where the catalog holds the release without one
/// (`deepseek-r1-671b` → `deepseek-r1`): the catalog id when its parameter count matches the
/// written size within 5% (the size adds nothing; CLAIMS.md §3 Model: catalog id first).
pub(super) fn catalog_alias(id: String) -> String {
    let Some((base, size)) = id.rsplit_once('-') else {
        return id;
    };
    let Some(b) = size.strip_suffix('b').and_then(|n| n.parse::<f64>().ok()) else {
        return id;
    };
    match crate::catalog::model(base) {
        Some(m) if (m.params_total_b / b - 1.0).abs() < 0.05 => base.to_string(),
        _ => id,
    }
}

pub(super) fn read_model(lower: &str, p: &Patterns) -> Option<Found<String>> {
    match size_unbracketed(lower) {
        Some(plain) => read_model_in(&plain, p),
        None => read_model_in(lower, p),
    }
}

/// A size written in brackets after its model's name (`Gemma 4 (12B)`, `LLAMA 3.1 (70B)`,
/// `Qwen2.5 (7B)`) as the plain size it is: the brackets become spaces, so the text keeps its
/// length and every span holds. None when the text has no such size.
fn size_unbracketed(lower: &str) -> Option<String> {
    // (Most texts hold no bracketed size: the pattern runs only where one may close.)
    if !lower.contains("b)") && !lower.contains("m)") {
        return None;
    }
    static SIZE: OnceLock<Regex> = OnceLock::new();
    let re = SIZE.get_or_init(|| {
        crate::claim::re::compile(r"[a-z0-9.][ \t]?(\()(?:\d+x)?\d+(?:\.\d+)?[ \t]?[bm](\))")
            .expect("static pattern compiles")
    });
    let spans: Vec<(usize, usize)> = re
        .captures_iter(lower)
        .filter_map(|c| Some((c.get(1)?.start(), c.get(2)?.start())))
        .collect();
    if spans.is_empty() {
        return None;
    }
    let mut bytes = lower.as_bytes().to_vec();
    for (open, close) in spans {
        bytes[open] = b' ';
        bytes[close] = b' ';
    }
    String::from_utf8(bytes).ok()
}

fn read_model_in(lower: &str, p: &Patterns) -> Option<Found<String>> {
    // A model named in a sentence about an earlier post ("In a previous blog post, we discussed
    // … Llama 2 70B") is that post's; the model after that sentence is this text's.
    let first = read_model_raw(lower, p);
    if let Some(end) = first.as_ref().and_then(|f| earlier_work(lower, f.span)) {
        if let Some(m) = read_model_in(&lower[end..], p) {
            return Some(Found {
                value: m.value,
                span: shift(m.span, end),
            });
        }
    }
    let raw = first.map(|f| fuller_elsewhere(lower, p, f));
    // Two models joined in one name (`DeepSeek V3/R1`, `Llama 3.1 8B/70B`): no single model
    // (CLAIMS.md §3 Model).
    if raw
        .as_ref()
        .is_some_and(|f| joined_release(&lower[f.span.end.min(lower.len())..]))
    {
        return None;
    }
    raw.map(|f| Found {
        value: unglued(f.value),
        span: f.span,
    })
    .map(|f| dated_elsewhere(lower, f))
    .map(|f| Found {
        value: catalog_alias(f.value),
        span: f.span,
    })
    .or_else(|| family_only(lower))
}

/// Words that place a sentence in an earlier publication, not the text's own run.
const EARLIER_WORK: &[&str] = &[
    "previous blog",
    "previous post",
    "previous article",
    "earlier blog",
    "earlier post",
    "last blog post",
    "in a previous",
    "in our previous",
    "prior blog",
    "上一篇",
    "前一篇",
];

/// The end of the sentence around `span` when that sentence speaks of an earlier post
/// ([`EARLIER_WORK`]) and more text follows it. Sentences end at a line end or `. `.
fn earlier_work(lower: &str, span: Span) -> Option<usize> {
    let at = span.start.min(lower.len());
    let head = &lower[..at];
    let start = [". ", "\n", "。"]
        .iter()
        .filter_map(|b| head.rfind(b).map(|i| i + b.len()))
        .max()
        .unwrap_or(0);
    let tail = &lower[at..];
    let end = [". ", "\n", "。"]
        .iter()
        .filter_map(|b| tail.find(b).map(|i| at + i + b.len()))
        .min()?;
    let sentence = lower.get(start..end)?;
    (end < lower.len() && EARLIER_WORK.iter().any(|w| sentence.contains(w))).then_some(end)
}

/// The same name written again with more of it (`Qwen3-Next` in a title, then
/// `Qwen3-Next-80B-A3B-Instruct` in the body; `DeepSeek-V4` then `DeepSeek-V4-Flash`): the fuller
/// id, since every part that changes the weights is kept (CLAIMS.md §3 Model). Only an id that
/// extends the first one part by part counts (`qwen3-next` → `qwen3-next-80b-a3b`, not
/// `qwen3-8b`); at most the next 8 mentions are read, each in an 80-byte window.
fn fuller_elsewhere(lower: &str, p: &Patterns, f: Found<String>) -> Found<String> {
    let end = f.span.end.min(lower.len());
    let Some(written) = lower
        .get(f.span.start.min(end)..end)
        .filter(|w| w.len() >= 3)
    else {
        return f;
    };
    let mut best = Found {
        value: unglued(f.value.clone()),
        span: f.span,
    };
    // A release written without its size (`DeepSeek V4` in a title) is anchored at its first
    // word, so a later mention with other separators counts (`deepseek-ai/DeepSeek-V4-Flash` in
    // the command); a sized name already names its weights and is matched as written.
    let sized = f.value.split('-').any(size_part);
    let first = written
        .split([' ', '-', '_'])
        .next()
        .filter(|w| w.len() >= 3 && !sized)
        .unwrap_or(written);
    for (i, _) in lower[end..].match_indices(first).take(12) {
        let at = end + i;
        let to = floor_boundary(lower, (at + 80).min(lower.len()));
        let Some(g) = read_model_raw(&lower[at..to], p) else {
            continue;
        };
        let id = unglued(g.value);
        if id.starts_with(&format!("{}-", best.value)) {
            best = Found {
                value: id,
                span: Span {
                    start: at + g.span.start,
                    end: at + g.span.end,
                },
            };
        }
    }
    best
}

/// Whether an id's part is a parameter count (`70b`, `1.5b`).
fn size_part(p: &str) -> bool {
    p.strip_suffix('b')
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit() || b == b'.'))
}

/// The same release named elsewhere with its dated checkpoint (`DeepSeek R1 FP8 H200 …
/// **Config:** DeepSeek-R1-0528`): the dated id, which names the weights (CLAIMS.md §3 Model:
/// every part that changes the weights kept). A distill built on that checkpoint
/// (`DeepSeek-R1-0528-Qwen3-8B`) is another model.
fn dated_elsewhere(lower: &str, f: Found<String>) -> Found<String> {
    let id = &f.value;
    let tail = id.rsplit('-').next().unwrap_or("");
    if id.len() > 40 || (tail.len() == 4 && tail.bytes().all(|b| b.is_ascii_digit())) {
        return f;
    }
    let parts: Vec<&str> = id.split('-').collect();
    let sized = parts.last().is_some_and(|p| size_part(p));
    let active = parts
        .iter()
        .any(|p| p.strip_prefix('a').is_some_and(size_part));
    let sep = |c: char| c.is_whitespace() || c == '_' || c == '-';
    // Anchored at each mention of the name's first word (no scan of the whole paste); the
    // name's parts may be written apart (`deepseek r1`, `deepseek_r1`), the date after one
    // separator.
    for (i, _) in lower.match_indices(parts[0]).take(32) {
        if lower[..i].ends_with(|ch: char| ch.is_ascii_alphanumeric()) {
            continue;
        }
        let mut at = &lower[i..];
        let mut whole = true;
        for (k, part) in parts.iter().enumerate() {
            if k > 0 {
                at = at.trim_start_matches(sep);
            }
            match at.strip_prefix(part) {
                Some(r) => at = r,
                None => {
                    whole = false;
                    break;
                }
            }
        }
        let Some(after) = at.strip_prefix(sep).filter(|_| whole) else {
            continue;
        };
        // The MoE active-parameter suffix after the size (`Qwen3.5-397B-A17B` where the text
        // first wrote `qwen35-397b`): part of the name (CLAIMS.md §3 Model).
        if sized && !active {
            if let Some(r) = after.strip_prefix('a') {
                let d = r.len()
                    - r.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.')
                        .len();
                let rest = &r[d..];
                if d > 0
                    && rest.starts_with('b')
                    && !rest[1..].starts_with(|c: char| c.is_ascii_alphanumeric())
                {
                    let end = lower.len() - rest.len() + 1;
                    return Found {
                        value: format!("{id}-a{}b", &r[..d]),
                        span: Span { start: i, end },
                    };
                }
            }
        }
        // Mistral's dated checkpoints write `Instruct` before the date
        // (`Mistral-Small-24B-Instruct-2501`): the date names the weights, the word is dropped
        // as in the release's own id (`mistral-small-2501`).
        let after = match after.strip_prefix("instruct") {
            Some(r) if id.starts_with("mistral") => r.trim_start_matches(sep),
            _ => after,
        };
        // Cohere's are month-year (`command-r-08-2024`); read as bytes, so a multi-byte
        // character after the date cannot split a slice.
        let month_year = match after.as_bytes().get(..7) {
            Some(&[m1, m2, b'-', b'2', b'0', y1, y2]) => {
                [m1, m2, y1, y2].iter().all(|b| b.is_ascii_digit())
                    && (1..=12).contains(&((m1 - b'0') * 10 + (m2 - b'0')))
            }
            _ => false,
        };
        let len = if month_year { 7 } else { 4 };
        let date = after
            .get(..len)
            .filter(|d| month_year || d.bytes().all(|b| b.is_ascii_digit()));
        let Some(date) = date else { continue };
        let end = lower.len() - after.len() + len;
        let m = Span { start: i, end };
        let rest = &lower[m.end..];
        let distill = ["-qwen", "-llama", "-distill", " distill", "-8b", "-7b"]
            .iter()
            .any(|w| rest.starts_with(w));
        if distill || rest.starts_with(|ch: char| ch.is_ascii_alphanumeric() || ch == '.') {
            continue;
        }
        return Found {
            value: format!("{id}-{date}"),
            span: m,
        };
    }
    f
}

/// A model written as its code's class or file name, the release glued to the family
/// (`DeepseekV3`, `Qwen3Next`, `qwen2moe`): the id with the hyphen the family's releases take
/// (`deepseek-v3`, `qwen3-next`, `qwen2-moe`).
pub(super) fn unglued(id: String) -> String {
    if let Some(rest) = id.strip_prefix("deepseek") {
        if rest.starts_with(['v', 'r']) && rest[1..].starts_with(|c: char| c.is_ascii_digit()) {
            return format!("deepseek-{rest}");
        }
    }
    // A release's dot dropped in a file or architecture name (`qwen35-397b`, llama.cpp's
    // `qwen35moe`, `qwen25_7b`): Qwen's releases are one digit and one decimal (`qwen3.5`).
    let id = match id.strip_prefix("qwen") {
        Some(rest)
            if rest.len() >= 2
                && rest.as_bytes()[..2].iter().all(u8::is_ascii_digit)
                && !rest[2..].starts_with(|c: char| c.is_ascii_digit() || c == '.' || c == 'b') =>
        {
            format!("qwen{}.{}", &rest[..1], &rest[1..])
        }
        _ => id,
    };
    if let Some(rest) = id.strip_prefix("qwen") {
        let v = rest.len()
            - rest
                .trim_start_matches(|c: char| c.is_ascii_digit() || c == '.')
                .len();
        if v > 0 {
            for word in ["next", "moe", "vl", "coder"] {
                if rest[v..].starts_with(word) {
                    return format!("qwen{}-{}", &rest[..v], &rest[v..]);
                }
            }
        }
    }
    id
}

/// Whether the name at `at` is the second of a list of the family's models (`Qwen3 Coder and
/// Qwen3 Coder Next`, `GLM-4.5, GLM-4.5-Air`): the sentence names several models, none of them
/// the claim's alone (CLAIMS.md §3 Model), so the name is not taken there.
fn second_of_a_list(lower: &str, at: usize) -> bool {
    let at = floor_boundary(lower, at.min(lower.len()));
    let head = &lower[floor_boundary(lower, at.saturating_sub(40))..at];
    let head = head.rsplit('\n').next().unwrap_or(head);
    let Some(before) = ["and ", ", ", "vs ", "vs. ", "& "]
        .iter()
        .find_map(|j| head.strip_suffix(j))
    else {
        return false;
    };
    let family: String = lower[at..]
        .chars()
        .take_while(|c| c.is_ascii_alphabetic())
        .collect();
    family.len() >= 3 && before.contains(family.as_str())
}

/// Whether `rest` (the text right after a model's name) starts with `/` and another release
/// or size (`/r1`, `/v3`, `/70b`).
pub(super) fn joined_release(rest: &str) -> bool {
    let Some(r) = rest.strip_prefix('/') else {
        return false;
    };
    let release = r.starts_with(['r', 'v']) && r[1..].starts_with(|c: char| c.is_ascii_digit());
    let digits = r.len()
        - r.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.')
            .len();
    let size = digits > 0 && r[digits..].starts_with('b');
    release || size
}

/// A model outside every family pattern named with its parameter count (`TinyLlama 1.1B`,
/// `Hermes 3 8B`, `SmolLM2-1.7B`): the name as an id with its size (CLAIMS.md §3 Model: the
/// name as an id, every part that changes the weights kept). The first such name wins; a
/// word that is not a name (`a 7B model`, `on 70B`) is not taken, and a name and its size share
/// a line (`ms/token\n- 13B` is no `token-13b`).
pub(super) fn sized_name(lower: &str) -> Option<Found<String>> {
    /// Words before a size that are not a model's name.
    const NOT_NAMES: &str = "a an the with of on for and to at in is vs than from using run runs \
        serve model models size params parameters dense moe our my this that llm base chat \
        instruct about around over under by or per total active largest biggest smallest larger \
        bigger smaller new newer latest huge giant massive full same sub across into beyond up \
        distributes supports fits handles serves loads includes needs requires hosts shards         activates activate activated activating uses has contains only just roughly approximately         nearly almost reaching reaches like as including between both two three four five six \
        seven eight nine ten several multiple many some all few various";
    static SIZED: OnceLock<Regex> = OnceLock::new();
    let re = SIZED.get_or_init(|| {
        crate::claim::re::compile(
            r"\b([a-z][a-z0-9.]*[a-z0-9](?:-(?:\d+(?:\.\d+)?-)?[a-z][a-z0-9.]*[a-z0-9])*)(?:[ \t_-]+(\d+(?:\.\d+)?))?[ \t_-]+(\d+(?:\.\d+)?)\s*b(?:-(a\d+(?:\.\d+)?b))?(?:-((?:instruct|thinking|reasoning)-)?(2[3-9](?:0[1-9]|1[0-2])))?\b",
        )
        .expect("static pattern compiles")
    });
    let mut from = 0;
    for (i, _) in lower.match_indices('b').take(256) {
        if i < from || !lower[..i].ends_with(|c: char| c.is_ascii_digit() || c == ' ') {
            continue;
        }
        let start = floor_boundary(lower, i.saturating_sub(40));
        // Up to 24 bytes past the size, for an active-parameter suffix (`-a22b`) and a dated
        // checkpoint (`-reasoning-2512`).
        let window = &lower[start..floor_boundary(lower, (i + 24).min(lower.len()))];
        // The match whose size ends at this `b` (not a later name inside the window).
        let Some(c) = re
            .captures_iter(window)
            .filter(|c| c.get(3).is_some_and(|m| start + m.end() <= i))
            .last()
        else {
            continue;
        };
        from = i + 1;
        let name = &c[1];
        let m = c.get(0).expect("group 0");
        let dtype = ["fp", "bf", "int", "q"].iter().any(|d| {
            name.strip_prefix(d)
                .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
        });
        // A count of something else (`processed 2.5B tokens`, `$1B`), or a verb before it.
        let next = lower[start + m.end()..].trim_start();
        let count = [
            "tok", "req", "user", "row", "word", "sample", "param", "dollar",
        ]
        .iter()
        .any(|w| next.starts_with(w))
            || window[..m.start()].ends_with('$');
        let verb = name.ends_with("ed") || name.ends_with("ing");
        // A size written before a family's name sizes that model, not the word before it
        // (`Resources 671B DeepSeek-R1/V3-q4`).
        let sizes_next = [
            "deepseek", "llama", "qwen", "mistral", "mixtral", "gemma", "glm", "kimi", "phi-",
            "gpt-", "falcon", "minimax",
        ]
        .iter()
        .any(|w| next.starts_with(w));
        if NOT_NAMES.split_whitespace().any(|w| w == name)
            || sizes_next
            || name.len() < 3
            || dtype
            || count
            || verb
        {
            continue;
        }
        let version = c
            .get(2)
            .map(|v| format!("-{}", v.as_str()))
            .unwrap_or_default();
        // The maker's name before the model's (`NVIDIA-Nemotron-3-Nano-30B-A3B`) is no part of it.
        let name = name.strip_prefix("nvidia-").unwrap_or(name);
        return Some(Found {
            // An MoE's active-parameter suffix (`LFM2-24B-A2B`) changes the weights: kept.
            // A dated checkpoint with its variant (`Ministral-3-8B-Reasoning-2512`) too.
            value: format!(
                "{name}{version}-{}b{}{}",
                &c[3],
                c.get(4)
                    .map_or(String::new(), |a| format!("-{}", a.as_str())),
                c.get(6).map_or(String::new(), |d| format!(
                    "-{}{}",
                    c.get(5).map_or("", |v| v.as_str()),
                    d.as_str()
                ))
            ),
            span: Span {
                start: start + m.start(),
                end: start + m.end(),
            },
        });
    }
    None
}

/// [`sized_name`] for the attach stage: a model no pattern knows, named in a table row's first
/// cell (`| LFM2-24B-A2B Q4_K_M | …`), spans shifted by `offset`.
/// The model a table row's label cell names (`| Mistral 7b | 1 | fp8 |`, `| Llama 3.1 405B
/// (amd/…) |`), by the same patterns as prose, else as a sized name no pattern knows.
pub(in crate::claim) fn cell_model(lower: &str, cell: Span) -> Option<Found<String>> {
    let part = lower.get(cell.start..cell.end)?;
    read_model_raw(part, patterns())
        .map(|f| Found {
            value: catalog_alias(f.value),
            span: shift(f.span, cell.start),
        })
        .or_else(|| row_model(part, cell.start))
}

pub(in crate::claim) fn row_model(cell: &str, offset: usize) -> Option<Found<String>> {
    sized_name(cell).map(|f| Found {
        value: f.value,
        span: shift(f.span, offset),
    })
}

/// A family named without size or release ("the Mixtral model", "GLM", ollama's `mistral`):
/// its id as written (CLAIMS.md §3 Model). Not a tool's name (`llama.cpp`), not two models
/// joined (`DeepSeek V3/R1`).
pub(super) fn family_only(lower: &str) -> Option<Found<String>> {
    const FAMILIES: &[&str] = &["mixtral", "mistral", "glm", "deepseek", "falcon", "gpt-j"];
    let mut best: Option<Found<String>> = None;
    for fam in FAMILIES {
        for (i, _) in lower.match_indices(fam).take(16) {
            let end = i + fam.len();
            let before_ok = lower[..i]
                .chars()
                .next_back()
                .is_none_or(|c| !c.is_ascii_alphanumeric() && c != '-' && c != '_' && c != '/');
            let rest = &lower[end..];
            let after_ok = rest
                .chars()
                .next()
                .is_none_or(|c| !c.is_ascii_alphanumeric() && !"-_./".contains(c));
            // `DeepSeek V3/R1`: a release follows; the sized patterns decide.
            let release = rest.trim_start().starts_with(['v', 'r'])
                && rest
                    .trim_start()
                    .chars()
                    .nth(1)
                    .is_some_and(|c| c.is_ascii_digit());
            // `GPT-OSS 120B`: a size follows; the sized patterns decide.
            let sized = rest.trim_start().starts_with(|c: char| c.is_ascii_digit());
            if before_ok
                && after_ok
                && !release
                && !sized
                && best.as_ref().is_none_or(|b| i < b.span.start)
            {
                best = Some(Found {
                    value: (*fam).to_string(),
                    span: Span { start: i, end },
                });
            }
        }
    }
    best
}

pub(super) fn read_model_raw(lower: &str, p: &Patterns) -> Option<Found<String>> {
    let mut best: Option<Found<String>> = None;
    // A speculative-decoding draft (`Llama 3.2 1B draft`, `draft model Qwen2.5-0.5B`) is not
    // the model served.
    let draft = |span: Span| {
        let end = span.end.min(lower.len());
        let after = &lower[end..floor_boundary(lower, (end + 16).min(lower.len()))];
        let start = span.start.min(end);
        let pre = &lower[floor_boundary(lower, start.saturating_sub(16))..start];
        after.trim_start().starts_with("draft") || pre.contains("draft")
    };
    let mut consider = |id: String, span: Span| {
        if draft(span) {
            return;
        }
        if best
            .as_ref()
            .map(|b| span.start < b.span.start)
            .unwrap_or(true)
        {
            best = Some(Found { value: id, span });
        }
    };
    if let Some(c) = p.llama.captures(lower) {
        // A release digit glued to the size is the size's first digit when together they make
        // a size Llama was released in (`Llama 13B`, `CodeLlama 34B`, LLaMA 30B / 33B), else a
        // lost space (`Llama 270B` is Llama 2 70B).
        let glued = c.get(1).zip(c.get(2)).filter(|(v, s)| {
            v.end() == s.start()
                && ["13", "30", "33", "34"]
                    .contains(&format!("{}{}", v.as_str(), s.as_str()).as_str())
        });
        let joined;
        let (version, size) = match glued {
            Some((v, s)) => {
                joined = format!("{}{}", v.as_str(), s.as_str());
                (None, joined.as_str())
            }
            None => (c.get(1), &c[2]),
        };
        let code = lower[whole(&c).start..whole(&c).end].contains("codellama");
        let id = match (code, version) {
            (true, _) => format!("codellama-{size}b"),
            (false, Some(v)) => format!("llama-{}-{size}b", v.as_str()),
            (false, None) => format!("llama-{size}b"),
        };
        // A fine-tune named before its base, joined by hyphens (`Hermes-3-Llama-3.1-8B`):
        // its name changes the weights (CLAIMS.md §3 Model); a vendor (`Meta-Llama-3-8B`)
        // does not.
        let start = whole(&c).start;
        let head = &lower[floor_boundary(lower, start.saturating_sub(24))..start];
        let tune = head.strip_suffix('-').and_then(|h| {
            let name = h.rsplit(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '-' || ch == '.'));
            let name = name.into_iter().next().unwrap_or("");
            let word = name.split('-').next().unwrap_or("");
            (word.len() >= 3
                && word.starts_with(|ch: char| ch.is_ascii_alphabetic())
                && !["meta", "the", "and", "with", "for", "vs", "hf", "nvidia"].contains(&word)
                && !code)
                .then(|| name.to_string())
        });
        let id = match tune {
            Some(t) => format!("{t}-{id}"),
            None => id,
        };
        consider(id, whole(&c));
    }
    // Qwen under its Chinese name (`通义千问2.5-7B-Instruct` is Qwen2.5-7B-Instruct).
    if lower.contains("千问") || lower.contains("千問") {
        static QIANWEN: OnceLock<Regex> = OnceLock::new();
        let re = QIANWEN.get_or_init(|| {
            crate::claim::re::compile(
                r"(?:通义|通義)?(?:千问|千問)\s*(?:(\d+(?:\.\d+)?)[\s-]+)?(\d+(?:\.\d+)?)\s*b\b",
            )
            .expect("static pattern compiles")
        });
        if let Some(c) = re.captures(lower) {
            let version = c.get(1).map_or("", |v| v.as_str());
            consider(format!("qwen{version}-{}b", &c[2]), whole(&c));
        }
    }
    if let Some(c) = p.mixtral.captures(lower) {
        consider(format!("mixtral-{}x{}b", &c[1], &c[2]), whole(&c));
    }
    // A distill keeps its base (CLAIMS.md §3 Model): `deepseek-r1-distill-llama-70b`.
    if let Some(i) = lower.find("distill") {
        static DISTILL: OnceLock<Regex> = OnceLock::new();
        let re = DISTILL.get_or_init(|| {
            crate::claim::re::compile(r"\b(deepseek[\s-]*r1)[\s-]*distill[\s-]*(llama|qwen)[\s-]*(?:(\d+(?:\.\d+)?)[\s-]+)?(\d+(?:\.\d+)?)\s*b\b")
                .expect("static pattern compiles")
        });
        let from = floor_boundary(lower, i.saturating_sub(16));
        if let Some(c) = re.captures(&lower[from..]) {
            let m = c.get(0).expect("group 0");
            let ver = c.get(3).map(|v| v.as_str()).filter(|v| !v.is_empty());
            let base = match ver {
                Some(v) => format!("{}-{v}", &c[2]),
                None => c[2].to_string(),
            };
            let id = format!("deepseek-r1-distill-{base}-{}b", &c[4]);
            // Taken first: the distill's name holds its base's name.
            best = Some(Found {
                value: id,
                span: Span {
                    start: from + m.start(),
                    end: from + m.end(),
                },
            });
            return best;
        }
    }
    if let Some(c) = p.other_model.captures(lower) {
        // The active-parameter suffix with its version (`-a3b`, `Nano-31B-A3-v3`), and a dated
        // checkpoint with its variant (`Qwen3-4B-Instruct-2507`): each changes the weights.
        let active = c
            .get(3)
            .map(|a| format!("-{}{}", a.as_str(), c.get(4).map_or("", |v| v.as_str())))
            .unwrap_or_default();
        let dated = c
            .get(6)
            .map(|d| match c.get(5) {
                Some(v) => format!("-{}-{}", v.as_str(), d.as_str()),
                None => format!("-{}", d.as_str()),
            })
            .unwrap_or_default();
        // llama.cpp names an MoE architecture `qwen3moe` / `qwen2moe` and writes its active
        // parameters as `30B.A3B` (llama-bench's model column): the release is `qwen3-30b-a3b`.
        let family = c[1]
            .trim_end_matches('-')
            .split_whitespace()
            .collect::<Vec<_>>()
            .join("-");
        let family = match family.strip_suffix("moe") {
            Some(f) if f.starts_with("qwen") => f.to_string(),
            _ => family,
        };
        // `Qwen 3 Coder`, `Qwen-2.5`: the version belongs to the name (`qwen3-coder`).
        let family = match family.strip_prefix("qwen-") {
            Some(r) if r.starts_with(|ch: char| ch.is_ascii_digit()) => format!("qwen{r}"),
            _ => family,
        };
        // A derivative named after its base (`Llama-3.1-Nemotron-70B`): the base's name is
        // part of the weights' name (CLAIMS.md §3 Model: keep every part that changes them).
        let start = whole(&c).start;
        let near = &lower[floor_boundary(lower, start.saturating_sub(12))..start];
        let base = near
            .rfind("llama")
            .map(|i| &near[i..])
            .filter(|b| {
                b.len() > 5
                    && b[5..]
                        .chars()
                        .all(|ch| ch.is_ascii_digit() || matches!(ch, '.' | '-' | ' '))
            })
            .map(|b| format!("llama-{}-", b[5..].trim_matches([' ', '-'])))
            .unwrap_or_default();
        // A release version after the size (`Mistral-7B-Instruct-v0.3`) changes the weights.
        // The catalog's entry for that release keeps its plain id (`mistral-7b` is v0.1).
        let release = c.get(7).map_or(String::new(), |v| {
            let plain = format!("{base}{family}-{}b", &c[2]);
            match crate::catalog::model(&plain) {
                Some(m) if m.name.contains(v.as_str().trim_start_matches('-')) => String::new(),
                _ => v.as_str().to_string(),
            }
        });
        consider(
            {
                // A size glued to the family with no release (`Qwen14B`): the pattern split
                // it as release 1, size 4; the digits are all the size (`qwen-14b`).
                let (family, size) = match (c.get(1), c.get(2)) {
                    (Some(f), Some(z))
                        if f.end() == z.start()
                            && family.starts_with("qwen")
                            && family[4..].bytes().all(|b| b.is_ascii_digit())
                            && family.len() == 5 =>
                    {
                        (
                            "qwen".to_string(),
                            format!("{}{}", &family[4..], z.as_str()),
                        )
                    }
                    _ => (family, c[2].to_string()),
                };
                format!("{base}{family}-{size}b{active}{release}{dated}")
            },
            whole(&c),
        );
    }
    // Releases named without a parameter count in their name (CLAIMS.md §3 Model: the name
    // as an id, every part that changes the weights kept): Llama 4 Scout / Maverick, Kimi K2 and
    // later (.x, Thinking),
    // GLM-4.5(-Air, -Flash) to GLM-5.x, QwQ-32B, Phi-1.5/2/3/4 (mini, medium…), Mistral Small / Medium / Large with
    // their version and size, Command R(+), MiniMax-M1/M2, Qwen3-Next, Qwen3-Coder-Next, and a
    // Qwen point release named by its line (`Qwen3.5-Plus`, `Qwen3.8-Flash-Next`), IBM's Granite 4.0
    // by its size names (`granite-4.0-h-small`, `Granite 4.0 Micro`; ibm-granite on Hugging Face).
    const RELEASE_WORDS: &[&str] = &[
        "scout", "maverick", "behemoth", "kimi", "glm", "qwq", "phi", "mistral", "command",
        "minimax", "next", "flash", "plus", "turbo", "granite",
    ];
    if RELEASE_WORDS.iter().any(|w| lower.contains(w)) {
        static RELEASE: OnceLock<Regex> = OnceLock::new();
        let re = RELEASE.get_or_init(|| {
            crate::claim::re::compile(r"\b(llama[\s-]*4[\s-]*(?:scout|maverick|behemoth)|kimi[\s-]*k[2-9](?:\.\d)?(?:[\s-]*thinking)?|glm[\s-]*(?:[4-9]\.\d+v?|5)(?:[\s-]*(?:air|flash))?|qwq[\s-]*32b|phi[\s-]*(?:[34](?:\.5)?|2|1(?:[._]5)?)(?:[\s-]*(?:mini|medium|small))?|mistral[\s-]*(?:small|medium|large)(?:[\s-]*\d(?:\.\d)?)?(?:[\s-]*\d+b)?|command[\s-]*r(?:[\s-]*plus|\+)?|minimax[\s-]*m[1-9](?:\.\d)?|qwen[\s-]*3[\s-]*(?:coder[\s-]*)?next(?:[\s-]*80b(?:[\s-]*a3b)?)?|qwen[\s-]*\d\.\d(?:[\s-]*(?:flash|next|plus|max|turbo))+|granite[\s-]*4(?:\.\d)?[\s-]*(?:h[\s-]*)?(?:small|tiny|micro|nano))(?:\b|$|[^a-z0-9])")
                .expect("static pattern compiles")
        });
        // Only in windows around the words (a large alternation over the whole paste is
        // slow): the earliest match wins.
        let mut starts: Vec<usize> = RELEASE_WORDS
            .iter()
            .flat_map(|w| lower.match_indices(w).take(8).map(|(i, _)| i))
            .collect();
        crate::stats::sort_usizes(&mut starts, &|a, b| a.cmp(&b));
        let hit = starts.into_iter().find_map(|i| {
            let from = floor_boundary(lower, i.saturating_sub(12));
            let to = floor_boundary(lower, i + 48);
            re.captures(&lower[from..to])
                .filter(|c| !second_of_a_list(lower, from + c.get(1).map_or(0, |m| m.start())))
                .map(|c| (from, c))
        });
        if let Some((from, c)) = hit {
            let m = c.get(1).expect("group 1");
            let (start, end) = (from + m.start(), from + m.end());
            let id = m
                .as_str()
                .replace('+', "-plus")
                .split(|ch: char| ch.is_whitespace() || ch == '-')
                .filter(|w| !w.is_empty())
                .collect::<Vec<_>>()
                .join("-");
            // The release glued to the family (`GLM4.5`): hyphenated as Z.ai names it.
            // So is Llama 4 written glued (`Llama4 Maverick`): Meta's `Llama-4-Maverick`.
            // Qwen written apart from its version (`Qwen 3.8-Flash-Next`): glued, as Alibaba
            // names it (`qwen3.8-flash-next`).
            // Phi written glued or with Hugging Face's underscore (`phi2`, `phi-1_5`): Microsoft's
            // `phi-2`, `phi-1.5`.
            let id = match id.strip_prefix("phi") {
                Some(r)
                    if r.trim_start_matches('-')
                        .starts_with(|ch: char| ch.is_ascii_digit()) =>
                {
                    format!("phi-{}", r.trim_start_matches('-').replace('_', "."))
                }
                _ => id,
            };
            let id = match (
                id.strip_prefix("glm"),
                id.strip_prefix("llama4"),
                id.strip_prefix("qwen-"),
            ) {
                (Some(r), _, _) if r.starts_with(|ch: char| ch.is_ascii_digit()) => {
                    format!("glm-{r}")
                }
                (_, Some(r), _) => format!("llama-4{r}"),
                (_, _, Some(r)) if r.starts_with(|ch: char| ch.is_ascii_digit()) => {
                    format!("qwen{r}")
                }
                _ => id,
            };
            consider(id, Span { start, end });
        }
    }
    if let Some(c) = p.named_model.captures(lower) {
        let name = &c[1];
        // GPT-J with its size is the 6B model; without it, the family as written (CLAIMS.md §3
        // Model: `gpt-j`).
        let sized = |rest: &str| {
            rest.trim_start_matches([' ', '-', '_'])
                .strip_prefix("6b")
                .is_some_and(|r| !r.starts_with(|ch: char| ch.is_ascii_alphanumeric()))
        };
        let id = if name == "gpt-j" && sized(&lower[whole(&c).end..]) {
            "gpt-j-6b".to_string()
        } else if name == "gpt-j" {
            "gpt-j".to_string()
        } else if let (Some(v), Some(s)) = (c.get(2), c.get(3)) {
            format!("gemma-{}-{}", v.as_str(), s.as_str())
        } else if let Some(s) = c.get(3) {
            // The first Gemma release is written without a number (`Gemma 7B`).
            format!("gemma-{}", s.as_str())
        } else {
            crate::catalog::slug(name)
        };
        consider(id, whole(&c));
    }
    best
}
