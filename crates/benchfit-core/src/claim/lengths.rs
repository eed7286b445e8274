//! Stage: prompt and output lengths written as pairs, records or shorthand (CLAIMS.md §3
//! "Lengths"): `Input/Output token length: 8K/1K`, a sweep `1k/1k, 1k/8k, 8k/1k` (its last
//! point, §1.5), `(1, 2048)` after words naming input and output, `3.5K+1.5K`,
//! `512 input + 512 output tokens`, tool records `Average Input Length (tokens): 1024.0000` and
//! ollama's `prompt eval count: 11` / `eval count: 120`, one-sided tool fields (llm_bench's
//! `Input token size: 128`, llama-server's `prompt_n`/`predicted_n`), Chinese `15K输入` / `1000token输出`.
//! `k` is 1000 (§3). Totals (`Total input tokens: 741804`) and limits are not lengths.

use super::{Claim, Found, Span};
use crate::claim::re::{Captures, Regex};
use std::sync::OnceLock;

struct Res {
    phase_in: Regex,
    phase_out: Regex,
    pair_kk: Regex,
    pair_named: Regex,
    paren: Regex,
    plus_k: Regex,
    in_plus_out: Regex,
    pp_tg: Regex,
    record_in: Regex,
    record_out: Regex,
    zh_in: Regex,
    zh_out: Regex,
    zh_in_kw: Regex,
    zh_out_kw: Regex,
    zh_both: Regex,
    both: Regex,
    pair_tokens: Regex,
    timing_in: Regex,
    timing_out: Regex,
    prose_in: Regex,
    prose_in_after: Regex,
    prose_out: Regex,
    in_out_short: Regex,
    new_tokens: Regex,
    synthetic: Regex,
    generating: Regex,
    tokens_done: Regex,
    zh_seq_kw: Regex,
    token_prompt: Regex,
    tool_in: Regex,
    tool_out: Regex,
    tokens_in_time: Regex,
    per_reply: Regex,
    per_request_in: Regex,
    cjk_generated: Regex,
    lm_stats: Regex,
}

fn res() -> &'static Res {
    static R: OnceLock<Res> = OnceLock::new();
    R.get_or_init(|| {
        let re = |s: &str| crate::claim::re::compile(s).expect("static pattern compiles");
        Res {
            // A phase named with its length in parentheses (`prompt (16 toks)`, `generation
            // (100 toks)`, mlx_lm's rows).
            // Only as a row's label, at a line's or cell's start.
            phase_in: re(r"(?m)(?:^|\|)[ \t]*(?:prompt|input|prefill)\s*\(\s*(\d+)\s*(k)?\s*tok(?:en)?s?\s*\)"),
            phase_out: re(r"(?m)(?:^|\|)[ \t]*(?:generation|output|decode|completion)\s*\(\s*(\d+)\s*(k)?\s*tok(?:en)?s?\s*\)"),
            // `8k/1k` (both with k), a shorthand for input/output.
            pair_kk: re(r"\b(\d+(?:\.\d+)?)\s*k\s*/\s*(\d+(?:\.\d+)?)\s*k\b"),
            // `input/output ...: 2048/128` (`2,048 / 512`), `isl/osl 1000/1000`, `in/out 512/128`, and vLLM's
            // dataset shorthand `random 1000/1000` (input first, as `--random-input-len`).
            pair_named: re(r"\b(?:input\s*/\s*output|isl\s*/\s*osl|in\s*/\s*out|i\s*/\s*o|prompt\s*/\s*(?:output|completion)|random(?:\s+dataset)?)\b[^0-9\n]{0,30}?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(k)?\s*/\s*(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(k)?"),
            paren: re(r"\(\s*(\d+)\s*,\s*(\d+)\s*\)"),
            // llama-batched-bench's settings written out (`PP=512 TG=128`, `pp = 512, tg = 128`):
            // the prompt and generated tokens of each sequence (its `-npp` / `-ntg`).
            pp_tg: re(r"\bpp\s*=\s*(\d+)(k)?[\s,;]+tg\s*=\s*(\d+)(k)?\b"),
            plus_k: re(r"\b(\d+(?:\.\d+)?)\s*k\s*\+\s*(\d+(?:\.\d+)?)\s*k\b"),
            // `512 input + 512 output tokens`, "95 prompt token ve 1329 completion token" (the
            // connective in other languages: Turkish ve, German und, French et, Spanish y, 和).
            in_plus_out: re(r"\b(\d[\d,]*)\s*(k)?\s*(?:input|prompt)(?:\s+tokens?)?\s*(?:\+|and|/|,|->|→|ve|und|et|y|e|и|和|与)\s*(\d[\d,]*)\s*(k)?\s*(?:output|generated|generation|completion|decode)"),
            record_in: re(r#"(?:^|[\n|,;{])[\s*•-]*(?:[^\x00-\x7f]{1,8}\s*)?"?(?:single[ _])?(?:average[ _]|mean[ _]|avg\.?[ _])?(?:input|prompt)(?: eval)?[ _](?:length|len|count|tokens?[ _]count(?:[ _]mean)?|tokens?[ _]length|tokens|sequence length)"?(?: \(tokens\))?(?: per request"?)?\s*[:=|]\s*~?\s*(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)|(?:^|[\n|,;{])[\s*•-]*(?:inputs?|prompts?)\s*:\**\s*~?\s*(\d{1,3}(?:,\d{3})+|\d+)\s*tokens\b|(?:^|\n)[\s*•-]*(?:average|mean|avg\.?) length of (?:the )?(?:prompts?|inputs?)(?: \(tokens\))?\s*[:=]\s*(\d+(?:\.\d+)?)"#),
            record_out: re(r#"(?:^|[\n|,;{])[\s*•-]*(?:[^\x00-\x7f]{1,8}\s*)?"?(?:average[ _]|mean[ _]|avg\.?[ _])?(?:output|completion|generated|eval)[ _](?:length|len|count|tokens?[ _]count(?:[ _]mean)?|tokens|sequence length)"?(?: \(tokens\))?(?: per request"?)?\s*[:=|]\s*~?\s*(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)|(?:^|[\n|,;{])[\s*•-]*(?:outputs?|completions?)\s*:\**\s*~?\s*(\d{1,3}(?:,\d{3})+|\d+)\s*tokens\b|(?:^|\n)[\s*•-]*(?:average|mean|avg\.?) length of (?:the )?(?:responses?|outputs?|completions?)(?: \(tokens\))?\s*[:=]\s*(\d+(?:\.\d+)?)"#),
            zh_in: re(r"(\d+(?:\.\d+)?)\s*(k)?\s*(?:tokens?)?\s*输入"),
            zh_out: re(r"(\d+(?:\.\d+)?)\s*(k)?\s*(?:tokens?)?\s*输出"),
            // The word first (`输入 2048 输出 512`, `输入长度: 1024`, `输出token长度均设置1k`).
            zh_in_kw: re(r"输入(?:长度|序列长度|tokens?[ \t]*(?:长度|数)?)?[ \t]*(?:[:：=|]|(?:均|都)?(?:设置|设定|设|固定)?(?:为|成)?)[ \t]*(?:约|~|大约|固定为|固定)?[ \t]*(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)[ \t]*(k)?"),
            // Both sides at once: `输入/输出均为 128 token`, `输入输出长度都是 1k`.
            zh_both: re(r"输入[ \t]*[/、和与]?[ \t]*输出(?:长度|tokens?)?[ \t]*(?:均|都)[ \t]*(?:为|是|设置为|设为)?[ \t]*(\d{1,3}(?:,\d{3})+|\d+)[ \t]*(k)?"),
            zh_seq_kw: re(r"序列长度[ \t]*[:：=为]?[ \t]*(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)[ \t]*(k)?"),
            zh_out_kw: re(r"输出(?:长度|序列长度|tokens?[ \t]*(?:长度|数)?)?[ \t]*(?:[:：=|]|(?:均|都)?(?:设置|设定|设|固定)?(?:为|成)?)[ \t]*(?:约|~|大约|固定为|固定)?[ \t]*(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)[ \t]*(k)?"),
            // "the length of input and output is around 2500 tokens", `ISL=OSL=1000`: both sides.
            both: re(r"\b(?:input and output(?: sequence)?(?: lengths?| tokens)?|isl\s*=\s*osl)\s*(?:is|are|were|was|of|=|:)?\s*(?:both\s+)?(?:around|about|approximately|~)?\s*(\d{1,3}(?:,\d{3})+|\d+)\s*(k)?"),
            // `512/256 tokens`, `128/2048-token requests`: a bare pair before the word tokens.
            pair_tokens: re(r"\b(\d{2,6})\s*/\s*(\d{1,6})[\s-]*tokens?\b"),
            // llama.cpp timing lines: `prompt eval time = 6265.20 ms / 4113 tokens`.
            // llama.cpp's timings (`prompt eval time = 686.7 ms / 46 tokens`), and the same
            // written by BigDL's `llm-cli` (`prompt time: 686.695 ms / 46 tokens`, `output
            // time: 1104.15 ms / 32 tokens`).
            timing_in: re(r"prompt (?:eval )?time\s*[=:]\s*[\d.]+\s*ms\s*/\s*(\d+)\s*tokens"),
            timing_out: re(r"(?:(?:^|[^t] |\|\s*)eval|output) time\s*[=:]\s*[\d.]+\s*ms\s*/\s*(\d+)\s*(?:tokens|runs)"),
            // Prose with its qualifiers: "prompts were around 500 tokens", "random prompts of
            // 3,200 tokens", "inputs averaging 600 tokens".
            // "The prompt length follows a normal distribution with a mean of 480 tokens" (a
            // stated mean is a stated length, CLAIMS.md §3).
            prose_in: re(r"\b(?:prompts?|inputs?)\s+(?:(?:(?:were|was|are|is|of|averaging|averaged|average|around|about|approximately|roughly|fixed at|set to|at|~|length|lengths|context|follows?|a|normal|distribution|with|mean|containing)\s+)+~?|~)(\d{1,3}(?:,\d{3})+|\d+)\s*(k)?[\s-]*tok(?:en)?s?\b"),
            // "about 300 tokens of prompt each".
            // "at 1024 prompt length", "a 16k input length" (not a context length: a limit).
            prose_in_after: re(r"(\d{1,3}(?:,\d{3})+|\d+)\s*(k)?(?:\s+tokens?\s+of\s+(?:prompt|input)\b|[ \t]+(?:prompt|input)[ \t]+length\b)"),
            // "outputs fixed at 800 tokens", "responses of 250 tokens"; a cap ("capped at",
            // `max_tokens`) is a limit, not a length (CLAIMS.md §3), so it has no form here.
            // `~600 in / ~150 out (per doc)`.
            in_out_short: re(r"~?\s*(\d{1,3}(?:,\d{3})+|\d+)\s*(k)?\s+in\s*/\s*~?\s*(\d{1,3}(?:,\d{3})+|\d+)\s*(k)?\s+out\b"),
            // trtllm-bench's prepared datasets name their lengths (`synthetic_128_2048.txt`).
            synthetic: re(r"synthetic_(\d+)_(\d+)\b"),
            // "generating 1,000 tokens", "force the model to generate 512 tokens", "decoding 256
            // tokens": the output length.
            generating: re(r"\b(?:generat|decod)(?:ing|es|ed|e)[ \t]+~?(\d{1,3}(?:,\d{3})+|\d+)[ \t]*(k)?[ \t]+tokens?\b"),
            // "a ~500-token coding prompt": the prompt length (one word may stand between).
            // "1220 tokens evaluated", "512 tokens generated in ~11.1s": a phase's token count.
            tokens_done: re(r"\b(\d{1,3}(?:,\d{3})+|\d+)[ \t]*(k)?[ \t]+tokens?[ \t]+(generated|decoded|evaluated)\b"),
            token_prompt: re(r"~?(\d{1,3}(?:,\d{3})+|\d+)[ \t]*(k)?[ \t-]tokens?[ \t]+(?:[a-z]+[ \t]+)?prompts?\b"),
            // "256 new tokens each time": the output length.
            new_tokens: re(r"\b(\d{1,3}(?:,\d{3})+|\d+)\s*(k)?\s+new\s+tokens\b"),
            // Tool fields named for one side: OpenVINO llm_bench's `Input token size: 128` and
            // `Output size: 128`, llama-server's timings (`"prompt_n": 16`, `"predicted_n":
            // 220`) and its web page's stats line (`23 predicted, 54 cached`).
            tool_in: re(r#"\b(?:input token size|prompt_n)"?\s*[:=]?\s*(\d+)\b"#),
            tool_out: re(r#"\b(?:output (?:token )?size|predicted_n)"?\s*[:=]?\s*(\d+)\b|\b(\d+) predicted,"#),
            // `256 tokens in 23 sec`: a count of tokens with the time they took.
            tokens_in_time: re(r"\b(\d{1,3}(?:,\d{3})+|\d+)\s+tokens?\s+(?:in|over)\s+~?[\d.,]+\s*(?:s|sec|secs|seconds)\b"),
            // "256 generated tokens per reply": the output length of each request.
            per_reply: re(r"\b(\d{1,3}(?:,\d{3})+|\d+)\s*(k)?\s+(?:generated|output|completion|new)\s+tokens?\s+(?:per|for each|each)\s+(?:reply|response|request|prompt|completion|answer|generation|run)\b"),
            // "~4000 input tokens per request": the prompt length of each request.
            per_request_in: re(r"\b(\d{1,3}(?:,\d{3})+|\d+)\s*(k)?\s+(?:input|prompt)\s+tokens?\s+(?:per|for each|each)\s+(?:request|prompt|query|sample|sequence)\b"),
            // "生成2048个token" (generating 2048 tokens), "8192個の新しいトークンを生成" (generates
            // 8192 new tokens): the output length.
            cjk_generated: re(r"生成[ \t]*(\d{1,3}(?:,\d{3})+|\d+)[ \t]*(k)?[ \t]*个?[ \t]*(?:tokens?|词元)|(\d{1,3}(?:,\d{3})+|\d+)[ \t]*個の(?:新しい)?トークンを生成"),
            // LM Studio's stats line (`13.45 tok/sec • 335 tokens • 0.26s to first token`): the
            // tokens the reply generated.
            lm_stats: re(r"tok/sec[ \t]*[•·,][ \t]*(\d{1,3}(?:,\d{3})+|\d+)[ \t]+tokens\b"),
            prose_out: re(r"\b(?:outputs?|completions?|responses?|answers?|decoding|decode|generation)\s+(?:(?:were|was|are|is|of|averaging|averaged|average|around|about|approximately|roughly|fixed at|fixed to|set to|forced to|~|length|lengths|generation|follows?|a|normal|distribution|with|mean)\s+)+~?(\d{1,3}(?:,\d{3})+|\d+)\s*(k)?[\s-]*tokens?\b"),
        }
    })
}

/// Every match of a pattern that needs a number holds one of these.
const DIGITS: &[&str] = &["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];
/// Every tool-record match (`input length: 1024`) holds one of these.
const RECORD: &[&str] = &["len", "count", "tokens"];

/// The most anchor hits looked at per pattern: bounds the work on long pastes.
const MAX_HITS: usize = 64;

/// Byte windows around each hit of an anchor literal (`back` bytes before, `fwd` after, on
/// char boundaries, merged when they overlap): the patterns run only there, so a long paste
/// costs a substring search, not a regex scan.
fn windows(lower: &str, anchors: &[&str], back: usize, fwd: usize) -> Vec<(usize, usize)> {
    let mut hits: Vec<usize> = anchors
        .iter()
        .flat_map(|a| lower.match_indices(a).take(MAX_HITS).map(|(i, _)| i))
        .collect();
    crate::stats::sort_usizes(&mut hits, &|a, b| a.cmp(&b));
    let mut out: Vec<(usize, usize)> = Vec::new();
    for h in hits.into_iter().take(MAX_HITS) {
        let mut a = h.saturating_sub(back);
        while !lower.is_char_boundary(a) {
            a -= 1;
        }
        let mut b = (h + fwd).min(lower.len());
        while !lower.is_char_boundary(b) {
            b += 1;
        }
        match out.last_mut() {
            Some(last) if a <= last.1 => last.1 = last.1.max(b),
            _ => out.push((a, b)),
        }
    }
    out
}

/// Every match of `re` inside the windows around `anchors`, with its offset in `lower`, found
/// lazily: a caller that takes the first stops the search there. A window holding none of the
/// literals in `need` (every match holds one of them; empty: no such test) is skipped without
/// running the pattern.
fn matches<'h>(
    lower: &'h str,
    re: &'h Regex,
    (anchors, need): (&[&str], &'h [&'h str]),
    back: usize,
    fwd: usize,
) -> impl Iterator<Item = (usize, Captures<'h>)> + 'h {
    let mut last_end = 0;
    windows(lower, anchors, back, fwd)
        .into_iter()
        .filter(move |(a, b)| need.is_empty() || need.iter().any(|n| lower[*a..*b].contains(n)))
        .flat_map(move |(a, b)| re.captures_iter(&lower[a..b]).map(move |c| (a, c)))
        .filter(move |(a, c)| {
            let m = c.get(0).expect("group 0");
            if a + m.start() >= last_end {
                last_end = a + m.end();
                true
            } else {
                false
            }
        })
}

/// Lengths from a tool's records (`re` captures a side's key, then its value): a key equal to
/// `input_key` gives the prompt length, any other the output length; the first positive value
/// of each side that is still unread counts.
fn record_sides(lower: &str, re: &Regex, input_key: &str, claim: &mut Claim) {
    for c in re.captures_iter(lower).take(64) {
        let Some(v) = c[2].parse::<u32>().ok().filter(|&v| v > 0) else {
            continue;
        };
        let m = c.get(0).expect("group 0");
        let side = if &c[1] == input_key {
            &mut claim.prompt_tokens
        } else {
            &mut claim.output_tokens
        };
        if side.is_none() {
            *side = found(
                v,
                Span {
                    start: m.start(),
                    end: m.end(),
                },
            );
        }
    }
}

fn n(c: &Captures, i: usize, k: Option<usize>) -> Option<u32> {
    let v: f64 = c.get(i)?.as_str().replace(',', "").parse().ok()?;
    let v = if k.and_then(|k| c.get(k)).is_some() {
        v * 1000.0
    } else {
        v
    };
    (1.0..1e7).contains(&v).then(|| v.round() as u32)
}

/// Whether a Chinese keyword match names a length (`输出长度为`, `输出token长度`), not only the
/// side (`输出 300`).
fn named_length(c: &Captures) -> bool {
    c.get(0).is_some_and(|m| m.as_str().contains("长度"))
}

fn span(off: usize, c: &Captures) -> Span {
    let m = c.get(0).expect("group 0");
    Span {
        start: off + m.start(),
        end: off + m.end(),
    }
}

fn found(v: u32, s: Span) -> Option<Found<u32>> {
    Some(Found { value: v, span: s })
}

/// Fills `prompt_tokens` / `output_tokens` that are still empty from the forms above.
/// CLAIMS.md §3 Lengths: "1k" is 1000 "unless the text writes 1024". For a shorthand length
/// `v` (a multiple of 1000), the binary form `v / 1000 × 1024` when the text writes it as a
/// length of the same side (`--random-input-len 1024`, `output_len=8192`): a length word
/// (`len`, `length`, `isl`/`osl`, `tokens`) and the side (`in`/`prompt` or `out`) at most 32
/// bytes before the number. Looks at most at the first 64 places the number is written.
pub(super) fn binary_form(lower: &str, v: u32, side: &str) -> Option<u32> {
    if v == 0 || v % 1000 != 0 {
        return None;
    }
    let b = v / 1000 * 1024;
    let digits = b.to_string();
    lower
        .match_indices(digits.as_str())
        .take(64)
        .any(|(i, _)| {
            let end = i + digits.len();
            let whole = !lower[..i].ends_with(|c: char| c.is_ascii_digit())
                && !lower[end..].starts_with(|c: char| c.is_ascii_digit());
            let pre = &lower[floor(lower, i.saturating_sub(32))..i];
            let pre = pre.rsplit_once('\n').map_or(pre, |(_, p)| p);
            let side_ok = match side {
                "in" => pre.contains("in") || pre.contains("prompt") || pre.contains("isl"),
                _ => pre.contains("out") || pre.contains("osl") || pre.contains("gen"),
            };
            let length_word = ["len", "isl", "osl", "token"]
                .iter()
                .any(|w| pre.contains(w));
            whole && side_ok && length_word
        })
        .then_some(b)
}

pub(super) fn read(lower: &str, claim: &mut Claim) {
    if claim.prompt_tokens.is_some() && claim.output_tokens.is_some() {
        return;
    }
    let r = res();
    // A benchmark's parsed arguments (`Namespace(… random_input_len=30000,
    // random_output_len=100 …)`, vLLM's `benchmark_serving.py` prints them first): the run's
    // own lengths.
    if lower.contains("_len") {
        static ARGS: OnceLock<Regex> = OnceLock::new();
        let re = ARGS.get_or_init(|| {
            crate::claim::re::compile(
                r"\b(?:random|sonnet|fixed|synthetic)_(input|output)_len(?:gth)?\s*=\s*(\d+)\b",
            )
            .expect("static pattern compiles")
        });
        record_sides(lower, re, "input", claim);
    }
    // llama-bench's JSON output: the prompt-processing test's `"n_prompt"` and the
    // token-generation test's `"n_gen"` (each the other's 0), the tool's `pp512` / `tg128`.
    if lower.contains("\"avg_ts\"") {
        static LB: OnceLock<Regex> = OnceLock::new();
        let re = LB.get_or_init(|| {
            crate::claim::re::compile(r#""(n_prompt|n_gen)"\s*:\s*(\d+)"#)
                .expect("static pattern compiles")
        });
        record_sides(lower, re, "n_prompt", claim);
    }
    let mut pair: Option<(u32, u32, Span)> = None;
    let kilo = |t: &str| t.parse::<f64>().ok().map(|v| (v * 1000.0).round() as u32);
    // Named pairs first; then shorthand (the last of a sweep).
    if let Some((off, c)) = matches(
        lower,
        &r.pair_named,
        (
            &["input", "isl", "in/", "in /", "i/o", "prompt", "random"],
            &["/"],
        ),
        0,
        60,
    )
    .next()
    {
        if let (Some(i), Some(o)) = (n(&c, 1, Some(2)), n(&c, 3, Some(4))) {
            pair = Some((i, o, span(off, &c)));
        }
    }
    if pair.is_none() {
        for (off, c) in matches(lower, &r.pair_kk, (&["k/", "k /"], DIGITS), 12, 16) {
            let s = span(off, &c);
            let pre = &lower[floor(lower, s.start.saturating_sub(12))..s.start];
            // Two rates written as one pair (`Server + Offline 53.4k/60.2k tokens/second`) are
            // figures, not lengths.
            if pre.contains("model")
                || lower[s.end..].starts_with('/')
                || per_second_after(lower, s.end)
            {
                continue;
            }
            if let (Some(i), Some(o)) = (kilo(&c[1]), kilo(&c[2])) {
                pair = Some((
                    binary_form(lower, i, "in").unwrap_or(i),
                    binary_form(lower, o, "out").unwrap_or(o),
                    s,
                ));
            }
        }
    }
    if pair.is_none() {
        for (off, c) in matches(lower, &r.paren, (&["("], &[","]), 0, 24) {
            let s = span(off, &c);
            let pre = &lower[floor(lower, s.start.saturating_sub(80))..s.start];
            if (pre.contains("input") || pre.contains("prompt")) && pre.contains("output") {
                if let (Some(i), Some(o)) = (n(&c, 1, None), n(&c, 2, None)) {
                    pair = Some((i, o, s));
                    break;
                }
            }
        }
    }
    if pair.is_none() {
        if let Some((off, c)) = matches(lower, &r.plus_k, (&["k+", "k +"], DIGITS), 12, 16).next() {
            if let (Some(i), Some(o)) = (kilo(&c[1]), kilo(&c[2])) {
                pair = Some((i, o, span(off, &c)));
            }
        }
    }
    if pair.is_none() {
        if let Some((off, c)) = matches(
            lower,
            &r.in_plus_out,
            (
                &[" input", " prompt"],
                &["output", "generated", "generation", "completion", "decode"],
            ),
            16,
            60,
        )
        .next()
        {
            if let (Some(i), Some(o)) = (n(&c, 1, Some(2)), n(&c, 3, Some(4))) {
                pair = Some((i, o, span(off, &c)));
            }
        }
    }
    if pair.is_none() {
        if let Some((off, c)) = matches(lower, &r.pp_tg, (&["pp"], &["tg"]), 4, 40).next() {
            if let (Some(i), Some(o)) = (n(&c, 1, Some(2)), n(&c, 3, Some(4))) {
                pair = Some((i, o, span(off, &c)));
            }
        }
    }
    if pair.is_none() {
        if let Some((off, c)) = matches(
            lower,
            &r.both,
            (&["input and output", "osl"], DIGITS),
            8,
            60,
        )
        .next()
        {
            if let Some(v) = n(&c, 1, Some(2)) {
                pair = Some((v, v, span(off, &c)));
            }
        }
    }
    // A bare pair before "tokens" (`512/256 tokens`), input first as everywhere else, unless
    // it is a pair of rates (`3,100/3,500 tokens/s`).
    if pair.is_none() {
        // A phase's progress counter (koboldcpp's log: `Processing Prompt [BLAS] (16284 /
        // 16284 tokens)`, `Generating (100 / 100 tokens)`): done of total for that phase alone.
        let (mut progress_in, mut progress_out) = (None, None);
        for (off, c) in matches(lower, &r.pair_tokens, (&["/"], &["token"]), 8, 24) {
            let s = span(off, &c);
            let rest = &lower[s.end..];
            if rest.starts_with('/') || rest.trim_start().starts_with("per ") {
                continue;
            }
            let line = &lower[lower[..s.start].rfind('\n').map_or(0, |i| i + 1)..s.start];
            if line.trim_end().ends_with('(') {
                let total = n(&c, 2, None).and_then(|v| found(v, s));
                if line.contains("processing prompt") {
                    progress_in = progress_in.or(total);
                    continue;
                }
                if line.contains("generating") {
                    progress_out = progress_out.or(total);
                    continue;
                }
            }
            if let (Some(i), Some(o)) = (n(&c, 1, None), n(&c, 2, None)) {
                pair = Some((i, o, s));
                break;
            }
        }
        if pair.is_none() && (progress_in.is_some() || progress_out.is_some()) {
            if claim.prompt_tokens.is_none() {
                claim.prompt_tokens = progress_in;
            }
            if claim.output_tokens.is_none() {
                claim.output_tokens = progress_out;
            }
        }
    }
    if pair.is_none() {
        let i = matches(
            lower,
            &r.timing_in,
            (&["prompt eval time", "prompt time"], &["tokens", "runs"]),
            0,
            60,
        )
        .next();
        let o = matches(
            lower,
            &r.timing_out,
            (&["eval time", "output time"], &["tokens", "runs"]),
            4,
            60,
        )
        .find(|(off, c)| !lower[off + c.get(0).map_or(0, |m| m.start())..].starts_with("prompt"));
        if let (Some((oi, ci)), Some((oo, co))) = (i, o) {
            if let (Some(a), Some(b)) = (n(&ci, 1, None), n(&co, 1, None)) {
                let s = span(oi, &ci);
                pair = Some((
                    a,
                    b,
                    Span {
                        start: s.start,
                        end: span(oo, &co).end.max(s.end),
                    },
                ));
            }
        }
    }
    if let Some((i, o, s)) = pair {
        if claim.prompt_tokens.is_none() && claim.output_tokens.is_none() {
            claim.prompt_tokens = found(i, s);
            claim.output_tokens = found(o, s);
            return;
        }
    }
    // Records, one side at a time.
    if claim.prompt_tokens.is_none() {
        if let Some((off, c)) =
            matches(lower, &r.record_in, (&["input", "prompt"], RECORD), 32, 80).next()
        {
            if let Some(v) = n(&c, 1, None)
                .or_else(|| n(&c, 2, None))
                .or_else(|| n(&c, 3, None))
            {
                claim.prompt_tokens = found(v, span(off, &c));
            }
        }
    }
    if claim.output_tokens.is_none() {
        for (off, c) in matches(
            lower,
            &r.record_out,
            (
                &["output", "completion", "generated", "eval", "response"],
                RECORD,
            ),
            32,
            80,
        ) {
            let s = span(off, &c);
            // `prompt eval count` is the input side.
            if lower[s.start..s.end].contains("prompt") {
                continue;
            }
            if let Some(v) = n(&c, 1, None)
                .or_else(|| n(&c, 2, None))
                .or_else(|| n(&c, 3, None))
            {
                claim.output_tokens = found(v, s);
                break;
            }
        }
    }
    // llama.cpp's generation timing alone (`eval time = 28897.12 ms / 808 tokens`, no prompt
    // line): the output length; of several requests' lines, the last (CLAIMS.md §1.5, the last
    // row when nothing picks one). And a count told with its time (`256 tokens in 23 sec :
    // 11,13 t/sec`, "300 tokens in 5.1 s", "~482 tokens over ~12 seconds"): the tokens
    // generated, the last such line.
    if claim.output_tokens.is_none() {
        let hit = matches(lower, &r.timing_out, (&["eval time"], &["tokens"]), 4, 60)
            .filter(|(off, c)| {
                let m = c.get(0).map_or(0, |m| m.start());
                !lower[off + m..].starts_with("prompt") && c[0].ends_with("tokens")
            })
            .last()
            .or_else(|| {
                matches(
                    lower,
                    &r.tokens_in_time,
                    (&[" in ", " over "], &["tokens"]),
                    24,
                    40,
                )
                .filter(|(off, c)| {
                    let before = lower[..span(*off, c).start].trim_end();
                    ![
                        "encoded",
                        "prompt",
                        "processed",
                        "evaluated",
                        "prefill",
                        "input",
                    ]
                    .iter()
                    .any(|w| before.ends_with(w))
                })
                .last()
            });
        claim.output_tokens = one_side(hit);
    }
    // Tool fields named for one side (`Input token size: 128`, `"predicted_n": 220`) and
    // "N generated tokens per reply".
    if claim.prompt_tokens.is_none() {
        let hit = matches(
            lower,
            &r.tool_in,
            (&["input token size", "prompt_n"], DIGITS),
            0,
            40,
        )
        .next();
        claim.prompt_tokens = one_side(hit);
    }
    if claim.output_tokens.is_none() {
        if let Some((off, c)) = matches(
            lower,
            &r.tool_out,
            (&["output size", "output token size", "predicted"], DIGITS),
            12,
            40,
        )
        .next()
        {
            let v = n(&c, 1, None).or_else(|| n(&c, 2, None));
            claim.output_tokens = v.and_then(|v| found(v, span(off, &c)));
        }
    }
    if claim.output_tokens.is_none() {
        let hit = matches(
            lower,
            &r.per_reply,
            (
                &[
                    " tokens per",
                    " tokens for each",
                    " tokens each",
                    " token per",
                ],
                DIGITS,
            ),
            40,
            40,
        )
        .next();
        claim.output_tokens = one_side(hit);
    }
    if claim.prompt_tokens.is_none() {
        let hit = matches(
            lower,
            &r.per_request_in,
            (&[" tokens per", " tokens for each", " tokens each"], DIGITS),
            40,
            40,
        )
        .next();
        claim.prompt_tokens = one_side(hit);
    }
    // Chinese with the word first (`输入 2048 输出 512`): read before the number-first forms,
    // which would take `2048 输出` as the output. Only both together (a pair written so), and
    // never a rate (`输出 1450 tokens/s`).
    // inference-perf's data config: `input_distribution: {mean: 1000, …}` (a stated mean).
    for (side, key) in [(0, "input_distribution"), (1, "output_distribution")] {
        let slot = if side == 0 {
            &mut claim.prompt_tokens
        } else {
            &mut claim.output_tokens
        };
        if slot.is_some() {
            continue;
        }
        let Some(i) = lower.find(key) else { continue };
        let rest = &lower[i + key.len()..];
        let rest = rest.trim_start_matches(['"', ':', ' ', '{']);
        let Some(after) = rest
            .strip_prefix("mean")
            .or_else(|| rest.strip_prefix("\"mean\""))
        else {
            continue;
        };
        let v = after.trim_start_matches(['"', ':', ' ']);
        let digits = v.len()
            - v.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.')
                .len();
        if let Some(n) = v[..digits]
            .parse::<f64>()
            .ok()
            .filter(|n| (1.0..1e7).contains(n))
        {
            let end = lower.len() - v.len() + digits;
            *slot = found(n.round() as u32, Span { start: i, end });
        }
    }
    if claim.prompt_tokens.is_none() || claim.output_tokens.is_none() {
        let neither = claim.prompt_tokens.is_none() && claim.output_tokens.is_none();
        let not_rate = |(off, c): &(usize, Captures)| {
            let end = span(*off, c).end;
            let rest = lower[end..].trim_start();
            // A count of tokens (`输入 512 tokens，`) is a length; tokens per second is a rate.
            let word = rest.len()
                - rest
                    .trim_start_matches(|c: char| c.is_ascii_alphabetic())
                    .len();
            let after = rest[word..].trim_start();
            // `tokens/s` is a rate; `tokens / 输出 512` separates the two lengths.
            let per = after
                .strip_prefix('/')
                .map(str::trim_start)
                .is_some_and(|u| u.starts_with(['s', '秒']) || u.starts_with("sec"))
                || per_time(after)
                || after.starts_with("每秒");
            // A price's basis (`入力1Mあたり0.59ドル`, "per 1M input tokens") is no length.
            let basis = rest.strip_prefix('m').is_some_and(|t| {
                let t = t.trim_start();
                [
                    "あたり",
                    "当たり",
                    "每",
                    "per ",
                    "$",
                    "ドル",
                    "美元",
                    "元",
                    "円",
                ]
                .iter()
                .any(|w| t.starts_with(w))
            });
            !(["t/s", "/s", "/秒"].iter().any(|u| rest.starts_with(u))
                || (rest.starts_with("tok") && per)
                || basis)
        };
        // A run's total (`总输入token:49851`, `总输出2574919`) is no length per request.
        let not_total = |(off, c): &(usize, Captures)| {
            !lower[..off + c.get(0).map_or(0, |m| m.start())].ends_with('总')
        };
        let kout = matches(lower, &r.zh_out_kw, (&["输出"], DIGITS), 0, 40)
            .filter(not_total)
            .find(not_rate);
        // "序列长度为2048,输出序列长度为128": beside the output's sequence length, a bare
        // sequence length is the input's.
        let kin = matches(lower, &r.zh_in_kw, (&["输入"], DIGITS), 0, 40)
            .filter(not_total)
            .find(not_rate)
            .or_else(|| {
                kout.as_ref()?;
                matches(lower, &r.zh_seq_kw, (&["序列长度"], DIGITS), 0, 40).find(|(off, c)| {
                    !lower[..off + c.get(0).map_or(0, |m| m.start())].ends_with("输出")
                })
            });
        let both = matches(lower, &r.zh_both, (&["输出"], DIGITS), 16, 40).next();
        match (kin, kout, both) {
            (_, _, Some((ob, cb))) if neither => {
                if let Some(v) = n(&cb, 1, Some(2)) {
                    claim.prompt_tokens = found(v, span(ob, &cb));
                    claim.output_tokens = found(v, span(ob, &cb));
                }
            }
            (Some((oi, ci)), Some((oo, co)), None) if neither => {
                if let (Some(i), Some(o)) = (n(&ci, 1, Some(2)), n(&co, 1, Some(2))) {
                    claim.prompt_tokens = found(i, span(oi, &ci));
                    claim.output_tokens = found(o, span(oo, &co));
                }
            }
            // A side named as a length (`输出长度为 1024`, `输出token长度均设置1k`) fills that
            // side when it is still empty; a bare `输出 300` may be a count in passing, so
            // alone it is not read.
            (kin, kout, _) => {
                if let Some((oo, co)) = kout.filter(|(_, c)| named_length(c)) {
                    if claim.output_tokens.is_none() {
                        claim.output_tokens =
                            n(&co, 1, Some(2)).and_then(|o| found(o, span(oo, &co)));
                    }
                }
                if let Some((oi, ci)) = kin.filter(|(_, c)| named_length(c)) {
                    if claim.prompt_tokens.is_none() {
                        claim.prompt_tokens =
                            n(&ci, 1, Some(2)).and_then(|i| found(i, span(oi, &ci)));
                    }
                }
            }
        }
    }
    if claim.prompt_tokens.is_none() {
        // Not a rate (`5.7k输出token/s`): a token unit per second after the word.
        if let Some((off, c)) = matches(lower, &r.zh_in, (&["输入"], DIGITS), 24, 8)
            .find(|(off, c)| !per_second_after(lower, span(*off, c).end))
        {
            if let Some(v) = n(&c, 1, Some(2)) {
                claim.prompt_tokens = found(v, span(off, &c));
            }
        }
    }
    if claim.output_tokens.is_none() {
        // Not a rate (`5.7k输出token/s`): a token unit per second after the word.
        if let Some((off, c)) = matches(lower, &r.zh_out, (&["输出"], DIGITS), 24, 8)
            .find(|(off, c)| !per_second_after(lower, span(*off, c).end))
        {
            if let Some(v) = n(&c, 1, Some(2)) {
                claim.output_tokens = found(v, span(off, &c));
            }
        }
    }
    if claim.prompt_tokens.is_none() && claim.output_tokens.is_none() {
        let hit = matches(
            lower,
            &r.in_out_short,
            (&[" in /", " in/"], &[" out"]),
            24,
            32,
        )
        .next();
        let pair = both_sides(hit, (Some(2), Some(4))).or_else(|| {
            let hit = matches(lower, &r.synthetic, (&["synthetic_"], DIGITS), 0, 32).next();
            both_sides(hit, (None, None))
        });
        if let Some((i, o)) = pair {
            claim.prompt_tokens = Some(i);
            claim.output_tokens = Some(o);
        }
    }
    if claim.prompt_tokens.is_none() {
        let hit = matches(lower, &r.token_prompt, (&["prompt"], DIGITS), 40, 12).next();
        claim.prompt_tokens = one_side(hit);
    }
    // Never a rate (`prompts at 900 tokens/s`, "generating 60 tokens per second").
    let not_rate = |(off, c): &(usize, Captures)| {
        let rest = lower[span(*off, c).end..].trim_start();
        !(rest.starts_with('/') || per_time(rest) || rest.starts_with("a second"))
    };
    if claim.output_tokens.is_none() {
        let generating = matches(
            lower,
            &r.generating,
            (&["generat", "decod"], &["token"]),
            0,
            40,
        )
        .find(|m| not_rate(m));
        claim.output_tokens = one_side(generating).or_else(|| {
            one_side(matches(lower, &r.new_tokens, (&["new tokens"], DIGITS), 16, 16).next())
        });
    }
    if claim.output_tokens.is_none() {
        // A count told as generated, not a rate (`每秒生成 40 个 token`: per second).
        let hit = matches(lower, &r.cjk_generated, (&["生成"], DIGITS), 40, 40).find(|(off, c)| {
            let start = off + c.get(0).map_or(0, |m| m.start());
            !lower[..start].trim_end().ends_with("每秒")
                && !per_second_after(lower, span(*off, c).end)
        });
        if let Some((off, c)) = hit {
            let v = n(&c, 1, Some(2)).or_else(|| n(&c, 3, None));
            if let Some(v) = v {
                claim.output_tokens = found(v, span(off, &c));
            }
        }
    }
    if claim.output_tokens.is_none() {
        claim.output_tokens = forced_output(lower);
    }
    // Of several replies' stats lines, the last (CLAIMS.md §1.5).
    if claim.output_tokens.is_none() {
        let hit = matches(lower, &r.lm_stats, (&["tok/sec"], &["tokens"]), 0, 40).last();
        claim.output_tokens = one_side(hit);
    }
    if claim.prompt_tokens.is_none() {
        claim.prompt_tokens =
            one_side(matches(lower, &r.phase_in, (&["("], &["tok"]), 24, 24).next());
    }
    if claim.output_tokens.is_none() {
        claim.output_tokens =
            one_side(matches(lower, &r.phase_out, (&["("], &["tok"]), 24, 24).next());
    }
    // English prose, one side at a time.
    if claim.prompt_tokens.is_none() {
        let hit = matches(lower, &r.prose_in, (&["prompt", "input"], &["tok"]), 0, 80)
            .find(not_rate)
            .or_else(|| {
                matches(
                    lower,
                    &r.prose_in_after,
                    (&["tokens of ", "prompt length", "input length"], DIGITS),
                    24,
                    24,
                )
                .find(not_rate)
            });
        claim.prompt_tokens = one_side(hit);
    }
    if claim.output_tokens.is_none() {
        let hit = matches(
            lower,
            &r.prose_out,
            (
                &[
                    "output",
                    "completion",
                    "response",
                    "answer",
                    "decod",
                    "generation",
                ],
                &["token"],
            ),
            0,
            80,
        )
        .find(not_rate);
        claim.output_tokens = one_side(hit);
    }
    // A phase's token count noted beside its rate (`(1220 tokens evaluated in ~2.2s)`, `(512
    // tokens generated in ~11.1s)`), not a rate (`tokens generated per second`).
    if claim.prompt_tokens.is_none() || claim.output_tokens.is_none() {
        let mut done: Vec<(usize, Captures)> = matches(
            lower,
            &r.tokens_done,
            (&["generated", "decoded", "evaluated"], &["token"]),
            40,
            16,
        )
        .filter(|(off, c)| {
            // Only as a rate's own note in parentheses (`46.06 tok/s (512 tokens generated in
            // ~11.1s)`): a count told in a sentence ("247 tokens generated in 0.31 seconds")
            // may be one request's outcome beside the length asked for.
            let at = span(*off, c).start;
            let rest = lower[span(*off, c).end..].trim_start();
            // Or with its rate in parentheses after it, as candle's and llama2.c's runs print
            // (`31 tokens generated (28.77 token/s)`).
            let rate_note = rest.strip_prefix('(').is_some_and(|r| {
                let r = r.trim_start();
                let digits = r.len()
                    - r.trim_start_matches(|ch: char| ch.is_ascii_digit() || ch == '.')
                        .len();
                digits > 0 && {
                    let unit = r[digits..].trim_start();
                    ["token/s", "tokens/s", "tok/s", "t/s", "tokens per s"]
                        .iter()
                        .any(|u| unit.starts_with(u))
                }
            });
            (lower[..at].trim_end_matches([' ', '~']).ends_with('(') || rate_note)
                && !(rest.starts_with('/')
                    || rest.starts_with("per ")
                    || rest.starts_with("each ")
                    || rest.starts_with("a second"))
        })
        .collect();
        let mut phase = |prompt: bool| {
            let i = done
                .iter()
                .position(|(_, c)| (&c[3] == "evaluated") == prompt)?;
            Some(done.remove(i))
        };
        if claim.prompt_tokens.is_none() {
            claim.prompt_tokens = one_side(phase(true));
        }
        if claim.output_tokens.is_none() {
            claim.output_tokens = one_side(phase(false));
        }
    }
}

/// A client's output cap that is also its floor (`min_tokens=128, max_tokens=128`,
/// `max_tokens=min_tokens=256`, `min_new_tokens`/`max_new_tokens`), or a cap or floor with
/// end-of-sequence ignored (`ignore_eos`, `--ignore-eos`): every reply is that long, a forced
/// output length (CLAIMS.md §3 Lengths). A cap alone is a limit and gives nothing.
fn forced_output(lower: &str) -> Option<Found<u32>> {
    static RE: OnceLock<(Regex, Regex)> = OnceLock::new();
    let (min_re, max_re) = RE.get_or_init(|| {
        let re = |s: &str| crate::claim::re::compile(s).expect("static pattern compiles");
        (
            re(r#"\bmin_(?:new_)?tokens["']?\s*[:=]\s*(?:max_(?:new_)?tokens\s*=\s*)?(\d+)\b"#),
            re(r#"(?:\bmax_(?:new_)?tokens|--max-tokens)["']?\s*[:=\s]\s*(?:min_(?:new_)?tokens\s*=\s*)?(\d+)\b"#),
        )
    });
    if !lower.contains("_tokens") && !lower.contains("--max-tokens") {
        return None;
    }
    let first = |re: &Regex| {
        re.captures(lower).and_then(|c| {
            let m = c.get(1)?;
            let v: u32 = m.as_str().parse().ok().filter(|v| *v > 0)?;
            Some((v, span(0, &c)))
        })
    };
    // Set, not turned off (`ignore_eos=False`, `"ignore_eos": false`).
    let ignore_eos = ["ignore_eos", "ignore-eos"].iter().any(|k| {
        lower.match_indices(k).any(|(i, _)| {
            let rest = lower[i + k.len()..].trim_start_matches([' ', '"', '\'', ':', '=']);
            !rest.starts_with("false") && !rest.starts_with('0')
        })
    });
    match (first(min_re), first(max_re)) {
        (Some((lo, span)), Some((hi, _))) if lo == hi => found(lo, span),
        (Some((lo, span)), _) if ignore_eos => found(lo, span),
        (None, Some((hi, span))) if ignore_eos => found(hi, span),
        _ => None,
    }
}

/// The length a one-number match gives (group 1, with a `k` in group 2), spanning the match.
fn one_side(hit: Option<(usize, Captures)>) -> Option<Found<u32>> {
    let (off, c) = hit?;
    found(n(&c, 1, Some(2))?, span(off, &c))
}

/// Both lengths of a pair match (input in group 1, output in group 2 or 3, with their `k`
/// groups `ks`), each spanning the match; None unless both read.
fn both_sides(
    hit: Option<(usize, Captures)>,
    ks: (Option<usize>, Option<usize>),
) -> Option<(Found<u32>, Found<u32>)> {
    let (off, c) = hit?;
    let out = if ks.1.is_some() { 3 } else { 2 };
    let (i, o) = (n(&c, 1, ks.0)?, n(&c, out, ks.1)?);
    Some((found(i, span(off, &c))?, found(o, span(off, &c))?))
}

/// The words that name a prompt's length before its number (`input sequence length is 1024`,
/// `Input length = 640`, `avg ISL ≈ 7387`, `inputs of length 512`, `Prompt tokens: 42`).
const NAMED_IN: &[&str] = &[
    "input sequence length",
    "input seq len",
    "input length",
    "input len",
    "input_len",
    "input tokens",
    "inputs of length",
    "prompt length",
    "prompt len",
    "prompt_len",
    "prompt tokens",
    "prompt_tokens",
    "prefill length",
    "prefill tokens",
    "isl",
];

/// The words that name an output's length before its number (`output sequence length is 1024`,
/// `Output lenght = 100`, `Response tokens: 1122`, `Tokens generated: 256`,
/// `'completion_tokens': 216`, `avg OSL ≈ 922`).
const NAMED_OUT: &[&str] = &[
    "output sequence length",
    "output seq len",
    "output token length",
    "output length",
    "output lenght",
    "output len",
    "output_len",
    "output tokens",
    "response tokens",
    "response length",
    "generation length",
    "gen len",
    "gen_len",
    "generated tokens",
    "tokens generated",
    "num generated token",
    "completion tokens",
    "completion_tokens",
    "decode tokens",
    "osl",
];

/// Last, where the patterns above left a side empty: a length named by its words and a
/// connector (`:`, `=`, `is`, `of`, `≈`, `~`) before its number ([`NAMED_IN`], [`NAMED_OUT`]);
/// `200 tokens in / 200 out`, `4096-in/1024-out`, `4K in + 2K out`; `ISL/OSL=1024` (both the
/// same). Not a limit (`max …` before the words), not a rate or a time after the number, not a
/// total (`total …`). Of a key written several times, the one on the headline's line (`head`),
/// else the last (a sweep's or a log's last point, CLAIMS.md §1.5). Read on the setup text
/// (hypotheticals blanked).
pub(super) fn named_fallback(lower: &str, head: Option<Span>, claim: &mut Claim) {
    if claim.prompt_tokens.is_some() && claim.output_tokens.is_some() {
        return;
    }
    static IN_OUT: OnceLock<Regex> = OnceLock::new();
    let in_out = IN_OUT.get_or_init(|| {
        crate::claim::re::compile(
            r"\b(\d+(?:\.\d+)?)\s*(k)?[\s-]*(?:tokens?[\s-]*)?in\s*(?:/|\+|,|and)\s*(\d+(?:\.\d+)?)\s*(k)?[\s-]*(?:tokens?[\s-]*)?out\b",
        )
        .expect("static pattern compiles")
    });
    if claim.prompt_tokens.is_none() && claim.output_tokens.is_none() {
        // Not a cap (`≤256 in, 128 out`, `up to 4K in`).
        let capped = |s: Span| {
            let pre = lower[floor(lower, s.start.saturating_sub(8))..s.start].trim_end();
            pre.ends_with('≤')
                || pre.ends_with('<')
                || pre.ends_with("<=")
                || pre.ends_with("up to")
        };
        if let Some(c) = in_out.captures(lower).filter(|c| !capped(span(0, c))) {
            let s = span(0, &c);
            if let (Some(i), Some(o)) = (n(&c, 1, Some(2)), n(&c, 3, Some(4))) {
                claim.prompt_tokens = found(i, s);
                claim.output_tokens = found(o, s);
                return;
            }
        }
    }
    // text-generation-webui's log line: `Output generated in 81.62 seconds (4.47 tokens/s, 365
    // tokens, context 3036, seed …)`: the reply's tokens and the prompt it was given.
    static WEBUI: OnceLock<Regex> = OnceLock::new();
    let webui = WEBUI.get_or_init(|| {
        crate::claim::re::compile(r"tokens/s, (\d+) tokens, context (\d+)\b")
            .expect("static pattern compiles")
    });
    if lower.contains("output generated in") {
        if let Some(c) = webui.captures_iter(lower).last() {
            let s = span(0, &c);
            if let (Some(o), Some(i)) = (n(&c, 1, None), n(&c, 2, None)) {
                fill_empty(claim, i, o, s);
            }
        }
    }
    // `ISL/OSL=1024`: one number for both sides.
    static SAME: OnceLock<Regex> = OnceLock::new();
    let same = SAME.get_or_init(|| {
        crate::claim::re::compile(r"\bisl\s*/\s*osl\s*[=:]\s*(\d+)\s*(k)?\b")
            .expect("static pattern compiles")
    });
    if let Some(c) = same.captures(lower) {
        let end = c.get(0).map_or(0, |m| m.end());
        if !lower[end..].starts_with('/') {
            if let Some(v) = n(&c, 1, Some(2)) {
                fill_empty(claim, v, v, span(0, &c));
                return;
            }
        }
    }
    if claim.prompt_tokens.is_none() {
        claim.prompt_tokens = named_side(lower, NAMED_IN, head);
    }
    if claim.output_tokens.is_none() {
        claim.output_tokens = named_side(lower, NAMED_OUT, head);
    }
}

/// Sets whichever of the prompt (`i`) and output (`o`) lengths is still empty, both read at `s`.
fn fill_empty(claim: &mut Claim, i: u32, o: u32, s: Span) {
    claim
        .prompt_tokens
        .get_or_insert(Found { value: i, span: s });
    claim
        .output_tokens
        .get_or_insert(Found { value: o, span: s });
}

/// The length named by one of `words` on the line of `head`, else the last (see
/// [`named_fallback`]).
fn named_side(lower: &str, words: &[&str], head: Option<Span>) -> Option<Found<u32>> {
    static NUMBER: OnceLock<Regex> = OnceLock::new();
    let number = NUMBER.get_or_init(|| {
        crate::claim::re::compile(
            r#"\A["']?\s*(?:\(tokens?\))?\s*(?:[:=≈~]|\bis\b|\bof\b|\bwas\b|\bfixed to\b|\babout\b|\baround\b|\s)*\s*[\[~]?\s*(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(k)?\b"#,
        )
        .expect("static pattern compiles")
    });
    // Whether a span starts on the headline's line.
    let on_head_line = |x: Span| {
        head.is_some_and(|h| {
            let (a, b) = (x.start.min(h.start), x.start.max(h.start));
            !lower[a..b.min(lower.len())].contains('\n')
        })
    };
    let mut best: Option<Found<u32>> = None;
    for w in words {
        for (i, _) in lower.match_indices(w).take(16) {
            // A whole word or key: not `mainput`, `prompt_tokens_total`.
            let before = lower[..i].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            let end = i + w.len();
            if lower[end..]
                .chars()
                .next()
                .is_some_and(|c| c.is_alphanumeric() || c == '_')
            {
                continue;
            }
            let pre = lower[floor(lower, i.saturating_sub(12))..i]
                .trim_end_matches([' ', '_', '-', '"', '\'']);
            // A limit, or a run's total (`Total num prompt tokens: 5014`, LMDeploy's `number of
            // prompt tokens: 676779`).
            if pre.ends_with("max")
                || pre.ends_with("maximum")
                || pre.contains("total")
                || pre.ends_with("number of")
                || pre.ends_with("sum of")
            {
                continue;
            }
            let Some(c) = number.captures(&lower[end..]) else {
                continue;
            };
            // After the number and its `k` (the pattern's trailing spaces may run onto the next
            // line).
            let num_end = end + c.get(2).or_else(|| c.get(1)).map_or(0, |m| m.end());
            // What follows on the same line only (a record's next line is another key).
            let line = &lower[..lower[num_end..]
                .find('\n')
                .map_or(lower.len(), |k| num_end + k)];
            if per_second_after(line, num_end) || time_or_share_after(line, num_end) {
                continue;
            }
            let Some(v) = n(&c, 1, Some(2)) else { continue };
            // A six-figure count with a fraction (`Output tokens is: 212053.33`) is an aggregate.
            if v > 100_000 && c.get(1).is_some_and(|m| m.as_str().contains('.')) {
                continue;
            }
            let s = Span {
                start: i,
                end: num_end,
            };
            let better = match &best {
                None => true,
                Some(b) => match (on_head_line(s), on_head_line(b.span)) {
                    (true, false) => true,
                    (false, true) => false,
                    _ => s.start > b.span.start,
                },
            };
            if better {
                best = found(v, s);
            }
        }
    }
    best
}

/// True when a unit of time, a share or a multiplier follows `end` (`… length 640 ms`, `50%`,
/// `2x`): the number is no length.
fn time_or_share_after(lower: &str, end: usize) -> bool {
    let rest = lower[end.min(lower.len())..].trim_start();
    rest.starts_with('%')
        || rest.starts_with("ms")
        || rest.starts_with("sec")
        || rest.starts_with("s ")
        || rest.starts_with("s,")
        || rest.starts_with("s)")
        || rest == "s"
        || rest.starts_with("x ")
        || rest.starts_with("gb")
        || rest.starts_with("mb")
}

fn floor(s: &str, mut i: usize) -> usize {
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// True when the text at `end` goes on as a rate (`token/s`, `tokens / 秒`): the number before
/// is a throughput, not a length.
fn per_second_after(lower: &str, end: usize) -> bool {
    let rest = lower[end.min(lower.len())..].trim_start();
    let rest = rest
        .strip_prefix("tokens")
        .or_else(|| rest.strip_prefix("token"))
        .or_else(|| rest.strip_prefix("toks"))
        .or_else(|| rest.strip_prefix("tok"))
        .unwrap_or(rest)
        .trim_start();
    rest.starts_with('/') || per_time(rest) || rest.starts_with("每秒") || rest.starts_with("tps")
}

/// `rest` opens with "per" and a basis of time or money (`per second`, `per 1M`), not of one
/// request (`4000 input tokens per request`, `per prompt`, `per sequence`: a length's).
fn per_time(rest: &str) -> bool {
    rest.strip_prefix("per ")
        .is_some_and(|r| !PER_ITEM.iter().any(|w| r.trim_start().starts_with(w)))
}

/// The word starts after "tokens per" that make it a length's basis, not a rate's time: one
/// request, prompt, sequence, query or queries (`quer`), sample, call or turn. Read by
/// [`per_time`] and by the scope words (`reader/words.rs`).
pub(in crate::claim) const PER_ITEM: &[&str] = &[
    "request", "prompt", "sequence", "quer", "sample", "call", "turn",
];

#[cfg(test)]
mod tests {
    fn lens(t: &str) -> (Option<u32>, Option<u32>) {
        let mut c = crate::claim::Claim::default();
        super::read(&t.to_lowercase(), &mut c);
        (
            c.prompt_tokens.map(|f| f.value),
            c.output_tokens.map(|f| f.value),
        )
    }

    #[test]
    fn forms() {
        assert_eq!(
            lens("Input/Output token length: 8K/1K"),
            (Some(8000), Some(1000))
        );
        assert_eq!(
            lens("we ran 1k/1k, 1k/8k and 8k/1k"),
            (Some(8000), Some(1000))
        );
        assert_eq!(
            lens("fixed input token and output token number (1, 2048)"),
            (Some(1), Some(2048))
        );
        assert_eq!(
            lens("prompts of 3.5K+1.5K tokens"),
            (Some(3500), Some(1500))
        );
        assert_eq!(
            lens("64 prompts × 512 input + 512 output tokens"),
            (Some(512), Some(512))
        );
        assert_eq!(
            lens("Average Input Length (tokens):  1024.0000\nAverage Output Length (tokens): 16384.0000"),
            (Some(1024), Some(16384))
        );
        assert_eq!(
            lens("prompt eval count:    11 token(s)\neval count:           120 token(s)"),
            (Some(11), Some(120))
        );
        assert_eq!(lens("1并发 15K输入"), (Some(15000), None));
        assert_eq!(lens("Total input tokens: 741804"), (None, None));
    }
}
