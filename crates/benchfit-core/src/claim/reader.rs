//! The claim reader: free text in, [`Claim`] out. Pattern-based over an ASCII-lowercased copy of
//! the text (same byte offsets), so every value keeps the span it was read from.

use super::{Claim, Figure, FigureKind, Found, Scope, Span};
use regex_lite::{Captures, Regex};
use std::sync::OnceLock;

/// A number as people write it: `3,200`, `3200`, `3.5`.
const NUM: &str = r"(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)";

struct Patterns {
    throughput: Regex,
    tps: Regex,
    request_rate: Regex,
    latency_before: Regex,
    ms_per_token: Regex,
    batch: Regex,
    concurrency: Regex,
    concurrency_after: Regex,
    batch_described: Regex,
    isl_osl: Regex,
    tokens_prompt: Regex,
    tokens_output: Regex,
    input_kw: Regex,
    output_kw: Regex,
    pp_tg: Regex,
    in_out: Regex,
    gpu: Regex,
    tp: Regex,
    kv_dtype: Regex,
    dtype: Regex,
    quantised: Regex,
    runtime: Regex,
    llama: Regex,
    mixtral: Regex,
    other_model: Regex,
    interconnect: Regex,
}

fn patterns() -> &'static Patterns {
    static P: OnceLock<Patterns> = OnceLock::new();
    P.get_or_init(|| {
        let re = |s: &str| Regex::new(&s.replace("NUM", NUM)).expect("static pattern compiles");
        Patterns {
            throughput: re(
                r"NUM\s*(k)?(\+)?(?:\s*(?:-|–|—|to)\s*NUM\s*(k)?)?\s*((?:output|total|generated|generation|input|prompt|completion|decode|prefill)\s+)?(?:tokens?|toks?|t)\s*(?:/|\bper\s)\s*(?:s|sec|second)\b(\s*(?:/|\bper\s)\s*(?:user|gpu|node|req(?:uest)?)\b)?",
            ),
            tps: re(r"NUM\s*(k)?(\+)?\s*tps\b(\s*(?:/|\bper\s)\s*(?:user|gpu|node|req(?:uest)?)\b)?"),
            request_rate: re(r"(\bat\s+)?NUM\s*(?:req(?:uests?)?\s*/\s*s(?:ec)?|requests? per second|qps|rps)\b"),
            latency_before: re(
                r"\b(ttft|time to first token|itl|inter[\s-]token latency|tpot|time per output token|e2e(?:\s*latency)?|end-to-end latency|latency)\b[^0-9\n]{0,30}?NUM\s*(ms|milliseconds?|s|sec|seconds)\b",
            ),
            ms_per_token: re(r"NUM\s*ms\s*(?:/|\bper\s)\s*(?:output\s+)?tok(?:en)?s?\b"),
            batch: re(r"\b(?:batch[\s_-]*size|batch|bs|b)\s*(?:of\s*|=|:)?\s*(\d+)\b"),
            concurrency: re(r"\b(?:max[\s_-]*)?concurrency\s*(?:of\s*|=|:)?\s*(\d+)\b"),
            concurrency_after: re(r"\b(\d+)\s*(?:concurrent|parallel|simultaneous)\s*(?:requests|users|clients|streams)"),
            batch_described: re(r"\b(saturat\w*|max(?:imum)?[\s-]*batch|max(?:imum)?[\s-]*throughput|offline)\b"),
            isl_osl: re(r"\bisl\s*/\s*osl\s*(?:of\s*|=|:)?\s*(\d+)\s*(k)?\s*/\s*(\d+)\s*(k)?"),
            tokens_prompt: re(r"\b(\d[\d,]*)\s*(k)?[\s-]*tokens?[\s-]*(?:long\s+)?(?:prompts?|inputs?|input\s+prompts?)\b"),
            tokens_output: re(r"\b(\d[\d,]*)\s*(k)?[\s-]*tokens?[\s-]*(?:long\s+)?(?:outputs?|completions?|generations?|responses?)\b"),
            input_kw: re(r"\b(?:input|prompt)(?:\s*(?:length|len|tokens|size|seq(?:uence)?\s*len(?:gth)?))?\s*(?:of\s*|=|:)?\s*(\d[\d,]*)\s*(k)?"),
            output_kw: re(r"\b(?:output|completion|generation)(?:\s*(?:length|len|tokens|size|seq(?:uence)?\s*len(?:gth)?))?\s*(?:of\s*|=|:)?\s*(\d[\d,]*)\s*(k)?"),
            pp_tg: re(r"\b(pp|tg)(\d+)\b"),
            in_out: re(r"\b(\d+)\s*(?:in|input)\s*/\s*(\d+)\s*(?:out|output)\b"),
            gpu: re(
                r"(?:(\d+)\s*[x×]\s*|\b(single|one|an?)\s+|\b)(?:nvidia\s+)?(h100|h200|h800|h20|gh200|gb200|b200|a100|a10g|l40s|l4|mi300x|mi325x|rtx\s*4090|rtx\s*6000\s*ada)((?:[\s-]*(?:sxm\d?|pcie|nvl|\d+\s*gb?))*)\b(?:\s*[x×]\s*(\d+))?",
            ),
            tp: re(r"(?:\btp\s*(?:=|:)?\s*|tensor[\s-]parallel(?:ism|[\s-]size)?\s*(?:of\s*|=|:)?\s*)(\d+)\b"),
            kv_dtype: re(r"\b(fp8|fp16|bf16|int8|int4)[\s_-]*kv\b|\bkv[\s_-]*cache[^.\n]{0,20}?\b(fp8|fp16|bf16|int8|int4)\b"),
            dtype: re(
                r"\b(fp16|bf16|fp8|int8|int4|w8a8|w4a16|awq|gptq|nvfp4|mxfp4|fp4|q\d_k_[msl]|q\d_k|q\d_\d)\b",
            ),
            quantised: re(r"\bquanti[sz](?:ed|ation)\b"),
            runtime: re(
                r"\b(vllm|tensorrt[\s-]?llm|trt[\s-]?llm|sglang|llama\.cpp|llama-server|llama-bench|text-generation-inference|tgi|lmdeploy|ollama|mlx(?:[_-]lm)?)\s*(?:v(?:ersion)?\s*)?(\d+\.\d+(?:\.\d+)?(?:[\w.+-]*\w)?)?",
            ),
            llama: re(r"\b(?:meta[\s-]*)?(?:code)?llama[\s-]*v?([123](?:\.\d)?)?[\s-]*(\d+(?:\.\d+)?)\s*b\b"),
            mixtral: re(r"\bmixtral[\s-]*(\d+)\s*x\s*(\d+)\s*b\b"),
            other_model: re(
                r"\b(mistral|qwen[\d.]*|gemma[\d.]*|deepseek(?:-v\d(?:\.\d)?|-r1)?|gpt-oss|phi-?[\d.]*|falcon|gpt-j|yi|codellama)[\s-]*(\d+(?:\.\d+)?)\s*b\b",
            ),
            interconnect: re(r"\b(nvlink|nvswitch|pcie|infiniband|xgmi)\b"),
        }
    })
}

fn num(s: &str) -> Option<f64> {
    let v: f64 = s.replace(',', "").parse().ok()?;
    v.is_finite().then_some(v)
}

fn span_of(c: &Captures, i: usize) -> Span {
    let m = c.get(i).expect("group exists");
    Span {
        start: m.start(),
        end: m.end(),
    }
}

fn whole(c: &Captures) -> Span {
    span_of(c, 0)
}

fn found<T>(value: T, span: Span) -> Option<Found<T>> {
    Some(Found { value, span })
}

fn kilo(k: Option<regex_lite::Match>) -> f64 {
    if k.is_some() {
        1000.0
    } else {
        1.0
    }
}

/// Token counts are whole, positive and below 10 million; anything else is not a length.
fn token_count(v: f64) -> Option<u32> {
    (v >= 1.0 && v < 1e7).then_some(v.round() as u32)
}

/// The text just before `start` within the same clause (cut at `.`, `;`, `|`, newline), at most
/// `max` bytes.
fn before(lower: &str, start: usize, max: usize) -> &str {
    let mut from = start.saturating_sub(max);
    while !lower.is_char_boundary(from) {
        from += 1;
    }
    let s = &lower[from..start];
    let cut = s
        .rfind(['.', ';', '|', '\n', '/'])
        .map(|i| i + 1)
        .unwrap_or(0);
    // A decimal point inside a number is not a clause end.
    &s[cut..]
}

fn after(lower: &str, end: usize, max: usize) -> &str {
    let mut to = (end + max).min(lower.len());
    while !lower.is_char_boundary(to) {
        to -= 1;
    }
    let s = &lower[end..to];
    let cut = s.find(['.', ';', '|', '\n']).unwrap_or(s.len());
    &s[..cut]
}

/// True when a number ending at `end` is followed by a rate unit (so it is a figure, not a length).
fn followed_by_rate(lower: &str, end: usize) -> bool {
    let rest = lower[end..].trim_start();
    [
        "tok",
        "t/s",
        "tps",
        "token/s",
        "tokens/s",
        "tokens per",
        "req",
        "ms",
        "qps",
    ]
    .iter()
    .any(|u| rest.starts_with(u))
}

fn kind_from_words(words: &str) -> Option<FigureKind> {
    let has = |w: &str| words.contains(w);
    if has("prefill") || has("prompt processing") || has("input tok") {
        Some(FigureKind::PrefillThroughput)
    } else if has("total") || has("input+output") || has("input + output") {
        Some(FigureKind::ThroughputTotal)
    } else if has("output") || has("generat") || has("completion") {
        Some(FigureKind::ThroughputOutput)
    } else if has("decode") {
        Some(FigureKind::DecodeThroughput)
    } else {
        None
    }
}

fn scope_from_words(words: &str) -> Option<Scope> {
    let has = |w: &str| words.contains(w);
    if has("per user") || has("/user") || has("per request") || has("per-user") {
        Some(Scope::PerUser)
    } else if has("per gpu") || has("/gpu") || has("per-gpu") {
        Some(Scope::PerGpu)
    } else if has("per node") || has("/node") {
        Some(Scope::PerNode)
    } else if has("aggregate") {
        Some(Scope::Aggregate)
    } else if has("cluster") || has("system") {
        Some(Scope::System)
    } else {
        None
    }
}

fn throughput_figure(lower: &str, c: &Captures, tps: bool) -> Option<Figure> {
    let (k1, k2, qual, per) = if tps { (2, 99, 99, 4) } else { (2, 5, 6, 7) };
    let mut lo = num(c.get(1)?.as_str())?;
    let mut hi = if tps {
        None
    } else {
        c.get(4).and_then(|m| num(m.as_str()))
    };
    let k_lo = c.get(k1).is_some();
    let k_hi = c.get(k2).is_some();
    if k_lo {
        lo *= 1000.0;
    }
    if let Some(h) = hi.as_mut() {
        if k_hi {
            *h *= 1000.0;
            if !k_lo && lo * 1000.0 <= *h {
                // "2–3k": the k belongs to both ends.
                lo *= 1000.0;
            }
        }
    }
    let span = whole(c);
    let pre = before(lower, span.start, 48);
    let post = after(lower, span.end, 24);
    let qual = c.get(qual).map(|m| m.as_str()).unwrap_or("");
    let per = c.get(per).map(|m| m.as_str()).unwrap_or("");
    let mut scope = scope_from_words(per)
        .or_else(|| scope_from_words(pre))
        .or_else(|| scope_from_words(post));
    let mut kind = kind_from_words(qual)
        .or_else(|| kind_from_words(pre))
        .unwrap_or(FigureKind::ThroughputUnspecified);
    if scope == Some(Scope::PerUser) {
        kind = FigureKind::ThroughputPerUser;
    }
    if kind == FigureKind::ThroughputPerUser {
        scope = Some(Scope::PerUser);
    }
    Some(Figure {
        value: lo,
        value_high: hi,
        unit: "tok/s".into(),
        kind,
        scope,
        derived: false,
        span,
    })
}

fn gpu_id(family: &str, variant: &str) -> String {
    let family: String = family.split_whitespace().collect::<Vec<_>>().join("-");
    let v = variant;
    match family.as_str() {
        "h100" if v.contains("sxm") => "h100-sxm".into(),
        "h100" if v.contains("pcie") => "h100-pcie".into(),
        "h100" if v.contains("nvl") => "h100-nvl".into(),
        "a100" if v.contains("pcie") => "a100-pcie".into(),
        "a100" if v.contains("80") => "a100-80gb".into(),
        "a100" if v.contains("40") => "a100-40gb".into(),
        f => f.to_string(),
    }
}

fn dtype_id(word: &str) -> String {
    match word {
        "awq" => "awq-int4".into(),
        "gptq" => "gptq-int4".into(),
        "w4a16" => "int4".into(),
        w => w.to_string(),
    }
}

fn runtime_id(word: &str) -> (&'static str, bool) {
    let w = word.replace(['-', ' '], "");
    match w.as_str() {
        "vllm" => ("vllm", false),
        "tensorrtllm" | "trtllm" => ("tensorrt-llm", false),
        "sglang" => ("sglang", false),
        "llama.cpp" | "llamaserver" => ("llama.cpp", false),
        "llamabench" => ("llama.cpp", true),
        "textgenerationinference" | "tgi" => ("tgi", false),
        "lmdeploy" => ("lmdeploy", false),
        "ollama" => ("ollama", false),
        _ => ("mlx", false),
    }
}

/// Reads a claim. Never fails: text with nothing recognisable gives an empty [`Claim`].
pub fn read(text: &str) -> Claim {
    let lower = text.to_ascii_lowercase();
    let p = patterns();
    let mut claim = Claim::default();
    let mut taken: Vec<Span> = Vec::new();
    let overlaps =
        |taken: &[Span], s: Span| taken.iter().any(|t| s.start < t.end && t.start < s.end);

    // Figures: throughput first (most specific), then latencies and rates.
    let mut figures: Vec<Figure> = Vec::new();
    for c in p.throughput.captures_iter(&lower) {
        if let Some(f) = throughput_figure(&lower, &c, false) {
            taken.push(f.span);
            figures.push(f);
        }
    }
    for c in p.tps.captures_iter(&lower) {
        if overlaps(&taken, whole(&c)) {
            continue;
        }
        if let Some(f) = throughput_figure(&lower, &c, true) {
            taken.push(f.span);
            figures.push(f);
        }
    }
    for c in p.ms_per_token.captures_iter(&lower) {
        let span = whole(&c);
        if overlaps(&taken, span) {
            continue;
        }
        if let Some(v) = num(&c[1]) {
            taken.push(span);
            figures.push(Figure {
                value: v,
                value_high: None,
                unit: "ms/token".into(),
                kind: FigureKind::Tpot,
                scope: Some(Scope::PerUser),
                derived: false,
                span,
            });
        }
    }
    for c in p.latency_before.captures_iter(&lower) {
        let span = span_of(&c, 2);
        let span = Span {
            start: span.start,
            end: whole(&c).end,
        };
        if overlaps(&taken, span) {
            continue;
        }
        let Some(v) = num(&c[2]) else { continue };
        let kind = match &c[1] {
            k if k.starts_with("ttft") || k.starts_with("time to") => FigureKind::Ttft,
            k if k.starts_with("itl") || k.starts_with("inter") => FigureKind::Itl,
            k if k.starts_with("tpot") || k.starts_with("time per") => FigureKind::Tpot,
            _ => FigureKind::E2eLatency,
        };
        let unit = if c[3].starts_with('m') { "ms" } else { "s" };
        taken.push(span);
        figures.push(Figure {
            value: v,
            value_high: None,
            unit: unit.into(),
            kind,
            scope: Some(Scope::PerUser),
            derived: false,
            span,
        });
    }
    for c in p.request_rate.captures_iter(&lower) {
        let span = whole(&c);
        if overlaps(&taken, span) {
            continue;
        }
        let Some(v) = num(&c[2]) else { continue };
        taken.push(span);
        if c.get(1).is_some() {
            // "at 2 QPS": the offered load, a condition rather than a result.
            claim.request_rate = found(v, span);
        } else {
            figures.push(Figure {
                value: v,
                value_high: None,
                unit: "req/s".into(),
                kind: FigureKind::RequestRate,
                scope: Some(Scope::Aggregate),
                derived: false,
                span,
            });
        }
    }
    figures.sort_by_key(|f| f.span.start);
    // Headline: the first token throughput, else the first figure.
    if let Some(i) = figures.iter().position(|f| f.kind.is_throughput()) {
        let h = figures.remove(i);
        figures.insert(0, h);
    }

    // Hardware.
    for c in p.gpu.captures_iter(&lower) {
        let fam = c[3].to_string();
        let variant = c.get(4).map(|m| m.as_str()).unwrap_or("");
        let gpu_span = Span {
            start: span_of(&c, 3).start,
            end: c.get(4).map(|m| m.end()).unwrap_or(span_of(&c, 3).end),
        };
        claim.gpu = found(gpu_id(&fam, variant), gpu_span);
        if let Some(n) = c
            .get(1)
            .or(c.get(5))
            .and_then(|m| m.as_str().parse::<u32>().ok())
        {
            claim.gpu_count = found(n, whole(&c));
        } else if c.get(2).is_some() {
            claim.gpu_count = found(1, whole(&c));
        }
        break;
    }
    if let Some(c) = p.tp.captures(&lower) {
        if let Ok(n) = c[1].parse::<u32>() {
            claim.tp = found(n, whole(&c));
        }
    }
    if let Some(c) = p.interconnect.captures(&lower) {
        claim.interconnect = found(c[1].to_string(), whole(&c));
    }

    // Batch and concurrency.
    for c in p.batch.captures_iter(&lower) {
        let span = whole(&c);
        // A bare "b" only counts in the "B: 32" shorthand.
        let head = &lower[span.start..span.end];
        if head.starts_with("b")
            && !head.starts_with("batch")
            && !head.starts_with("bs")
            && !head.contains(':')
        {
            continue;
        }
        if followed_by_rate(&lower, span.end) {
            continue;
        }
        if let Ok(n) = c[1].parse::<u32>() {
            if n > 0 {
                claim.batch_size = found(n, span);
                break;
            }
        }
    }
    if let Some(c) = p
        .concurrency
        .captures(&lower)
        .or_else(|| p.concurrency_after.captures(&lower))
    {
        if let Ok(n) = c[1].parse::<u32>() {
            claim.concurrency = found(n, whole(&c));
        }
    }
    if let Some(m) = p.batch_described.find(&lower) {
        claim.batch_described = Some(Span {
            start: m.start(),
            end: m.end(),
        });
    }

    // Sequence lengths.
    if let Some(c) = p.isl_osl.captures(&lower) {
        let i = num(&c[1]).map(|v| v * kilo(c.get(2))).and_then(token_count);
        let o = num(&c[3]).map(|v| v * kilo(c.get(4))).and_then(token_count);
        if let (Some(i), Some(o)) = (i, o) {
            claim.prompt_tokens = found(i, whole(&c));
            claim.output_tokens = found(o, whole(&c));
        }
    }
    if claim.prompt_tokens.is_none() {
        if let Some(c) = p.in_out.captures(&lower) {
            if let (Some(i), Some(o)) = (
                num(&c[1]).and_then(token_count),
                num(&c[2]).and_then(token_count),
            ) {
                claim.prompt_tokens = found(i, whole(&c));
                claim.output_tokens = found(o, whole(&c));
            }
        }
    }
    let length = |re: &Regex| -> Option<Found<u32>> {
        re.captures_iter(&lower).find_map(|c| {
            let m = c.get(1)?;
            if followed_by_rate(&lower, c.get(2).map(|k| k.end()).unwrap_or(m.end())) {
                return None;
            }
            let v = num(m.as_str())? * kilo(c.get(2));
            found(token_count(v)?, whole(&c))
        })
    };
    if claim.prompt_tokens.is_none() {
        claim.prompt_tokens = length(&p.tokens_prompt).or_else(|| length(&p.input_kw));
    }
    if claim.output_tokens.is_none() {
        claim.output_tokens = length(&p.tokens_output).or_else(|| length(&p.output_kw));
    }
    for c in p.pp_tg.captures_iter(&lower) {
        let Some(n) = num(&c[2]).and_then(token_count) else {
            continue;
        };
        if &c[1] == "pp" && claim.prompt_tokens.is_none() {
            claim.prompt_tokens = found(n, whole(&c));
        } else if &c[1] == "tg" && claim.output_tokens.is_none() {
            claim.output_tokens = found(n, whole(&c));
        }
    }

    // Precision.
    let mut kv_span: Option<Span> = None;
    if let Some(c) = p.kv_dtype.captures(&lower) {
        let m = c.get(1).or(c.get(2)).expect("one alternative matched");
        claim.kv_dtype = found(m.as_str().to_string(), whole(&c));
        kv_span = Some(Span {
            start: m.start(),
            end: m.end(),
        });
    }
    for c in p.dtype.captures_iter(&lower) {
        let s = span_of(&c, 1);
        if kv_span == Some(s) {
            continue;
        }
        claim.weight_dtype = found(dtype_id(&c[1]), s);
        break;
    }
    if claim.weight_dtype.is_none() {
        if let Some(m) = p.quantised.find(&lower) {
            claim.quantised_untyped = Some(Span {
                start: m.start(),
                end: m.end(),
            });
        }
    }

    // Runtime.
    if let Some(c) = p.runtime.captures(&lower) {
        let (id, from_shape) = runtime_id(&c[1]);
        claim.runtime = found(id.to_string(), span_of(&c, 1));
        claim.runtime_from_shape = from_shape;
        if let Some(v) = c.get(2) {
            claim.runtime_version = found(
                v.as_str().to_string(),
                Span {
                    start: v.start(),
                    end: v.end(),
                },
            );
        }
    }

    // Model.
    claim.model = read_model(&lower, p);

    // Derived totals: per GPU × GPUs, per user × batch.
    let gpus = claim
        .tp
        .as_ref()
        .map(|t| t.value)
        .or(claim.gpu_count.as_ref().map(|g| g.value));
    let batch = claim
        .batch_size
        .as_ref()
        .or(claim.concurrency.as_ref())
        .map(|b| b.value);
    let mut derived = Vec::new();
    for f in &figures {
        let (factor, kind) = match (f.scope, gpus, batch) {
            (Some(Scope::PerGpu), Some(n), _) if n > 1 => (n as f64, f.kind),
            (Some(Scope::PerUser), _, Some(b))
                if b > 1 && f.kind == FigureKind::ThroughputPerUser =>
            {
                (b as f64, FigureKind::ThroughputOutput)
            }
            _ => continue,
        };
        derived.push(Figure {
            value: f.value * factor,
            value_high: f.value_high.map(|h| h * factor),
            unit: f.unit.clone(),
            kind,
            scope: Some(Scope::Aggregate),
            derived: true,
            span: f.span,
        });
    }
    figures.extend(derived);
    claim.figures = figures;
    claim
}

fn read_model(lower: &str, p: &Patterns) -> Option<Found<String>> {
    let mut best: Option<Found<String>> = None;
    let mut consider = |id: String, span: Span| {
        if best
            .as_ref()
            .map(|b| span.start < b.span.start)
            .unwrap_or(true)
        {
            best = Some(Found { value: id, span });
        }
    };
    if let Some(c) = p.llama.captures(lower) {
        let size = &c[2];
        let code = lower[whole(&c).start..whole(&c).end].contains("codellama");
        let id = match (code, c.get(1)) {
            (true, _) => format!("codellama-{size}b"),
            (false, Some(v)) => format!("llama-{}-{size}b", v.as_str()),
            (false, None) => format!("llama-{size}b"),
        };
        consider(id, whole(&c));
    }
    if let Some(c) = p.mixtral.captures(lower) {
        consider(format!("mixtral-{}x{}b", &c[1], &c[2]), whole(&c));
    }
    if let Some(c) = p.other_model.captures(lower) {
        consider(
            format!("{}-{}b", c[1].trim_end_matches('-'), &c[2]),
            whole(&c),
        );
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    const WORKED: &str =
        "3,200 tokens/sec aggregate for Llama 3 70B on a single H100, batch size 32, \
        512-token prompts, 256-token outputs, FP8, under vLLM.";

    #[test]
    fn worked_example() {
        let c = read(WORKED);
        let h = c.headline().unwrap();
        assert_eq!(h.value, 3200.0);
        assert_eq!(h.kind, FigureKind::ThroughputUnspecified);
        assert_eq!(h.scope, Some(Scope::Aggregate));
        assert_eq!(&WORKED[h.span.start..h.span.end], "3,200 tokens/sec");
        assert_eq!(c.model.unwrap().value, "llama-3-70b");
        assert_eq!(c.gpu.unwrap().value, "h100");
        assert_eq!(c.gpu_count.unwrap().value, 1);
        assert_eq!(c.batch_size.unwrap().value, 32);
        assert_eq!(c.prompt_tokens.unwrap().value, 512);
        assert_eq!(c.output_tokens.unwrap().value, 256);
        assert_eq!(c.weight_dtype.unwrap().value, "fp8");
        assert!(c.kv_dtype.is_none());
        assert_eq!(c.runtime.unwrap().value, "vllm");
        assert!(c.runtime_version.is_none());
    }

    #[track_caller]
    fn headline(text: &str) -> (f64, Option<f64>, FigureKind, Option<Scope>) {
        let c = read(text);
        let h = c
            .headline()
            .unwrap_or_else(|| panic!("no figure in {text:?}"));
        (h.value, h.value_high, h.kind, h.scope)
    }

    #[test]
    fn figure_phrasings() {
        use FigureKind::*;
        assert_eq!(
            headline("3.2k tok/s"),
            (3200.0, None, ThroughputUnspecified, None)
        );
        assert_eq!(
            headline("about 1,500-2,500 output tokens per second"),
            (1500.0, Some(2500.0), ThroughputOutput, None)
        );
        assert_eq!(
            headline("2–3k t/s total"),
            (2000.0, Some(3000.0), ThroughputUnspecified, None)
        );
        assert_eq!(
            headline("total throughput 2,209 tok/s/gpu"),
            (2209.0, None, ThroughputTotal, Some(Scope::PerGpu))
        );
        assert_eq!(
            headline("30 tokens/s per user"),
            (30.0, None, ThroughputPerUser, Some(Scope::PerUser))
        );
        assert_eq!(
            headline("1800+ tokens per second"),
            (1800.0, None, ThroughputUnspecified, None)
        );
    }

    #[test]
    fn condition_phrasings() {
        let c = read("Llama-3.1-70B on 8xH100 SXM, TP=8, BS=64, ISL/OSL 1000/1000, BF16, TensorRT-LLM 0.9.0: 9,000 tok/s");
        assert_eq!(c.model.unwrap().value, "llama-3.1-70b");
        assert_eq!(c.gpu.unwrap().value, "h100-sxm");
        assert_eq!(c.gpu_count.unwrap().value, 8);
        assert_eq!(c.tp.unwrap().value, 8);
        assert_eq!(c.batch_size.unwrap().value, 64);
        assert_eq!(
            (
                c.prompt_tokens.unwrap().value,
                c.output_tokens.unwrap().value
            ),
            (1000, 1000)
        );
        assert_eq!(c.weight_dtype.unwrap().value, "bf16");
        assert_eq!(c.runtime.unwrap().value, "tensorrt-llm");
        assert_eq!(c.runtime_version.unwrap().value, "0.9.0");

        let c = read("Meta-Llama-3-8B-Instruct, 8× A100 80GB, input 1024, output 128, concurrency 16, AWQ, SGLang v0.5.2");
        assert_eq!(c.model.unwrap().value, "llama-3-8b");
        assert_eq!(c.gpu.unwrap().value, "a100-80gb");
        assert_eq!(c.gpu_count.unwrap().value, 8);
        assert_eq!(c.concurrency.unwrap().value, 16);
        assert_eq!(
            (
                c.prompt_tokens.unwrap().value,
                c.output_tokens.unwrap().value
            ),
            (1024, 128)
        );
        assert_eq!(c.weight_dtype.unwrap().value, "awq-int4");
        assert_eq!(c.runtime_version.unwrap().value, "0.5.2");

        let c = read("llama 2 13B, FP16 with FP8 KV cache, batch 8");
        assert_eq!(c.model.unwrap().value, "llama-2-13b");
        assert_eq!(c.weight_dtype.unwrap().value, "fp16");
        assert_eq!(c.kv_dtype.unwrap().value, "fp8");
    }

    #[test]
    fn per_gpu_figure_gets_a_derived_total() {
        let c = read("2,209 output tokens per second per GPU on H100 TP2");
        assert_eq!(c.figures.len(), 2);
        assert!(!c.figures[0].derived);
        assert!(c.figures[1].derived);
        assert_eq!(c.figures[1].value, 4418.0);
        assert_eq!(c.figures[1].scope, Some(Scope::Aggregate));
    }

    #[test]
    fn nothing_recognised() {
        let c = read("the weather is nice 🌤 \u{0} ü");
        assert!(c.figures.is_empty() && c.model.is_none() && c.gpu.is_none());
    }
}
