//! Words that name what a figure measures: its kind (CLAIMS.md §2) from the words around it, and its scope (per user, per GPU, aggregate, system).

use super::*;

/// True when `after` (the text right after a token rate's unit, or a column header) divides the
/// rate by a resource (`tok/s per GB/s` of bandwidth, `tok/s/W`, `per watt`, `per dollar`):
/// an efficiency ratio, not a token rate (a per-device or per-user rate is a scope instead).
pub(in crate::claim) fn per_resource(after: &str) -> bool {
    let a = after.trim_start();
    let rest = a
        .strip_prefix("per ")
        .or_else(|| a.strip_prefix('/'))
        .map(str::trim_start);
    rest.is_some_and(|r| {
        [
            "gb/s", "tb/s", "gbps", "watt", "w ", "w)", "kw", "$", "dollar", "usd", "joule",
        ]
        .iter()
        .any(|u| r.starts_with(u))
            || r == "w"
    })
}

/// Tasks named for a phase's words: beside "scenario", "task", "workload" or "use case" they
/// name what was served, not which tokens a figure counts.
pub(super) const TASKS: &[&str] = &[
    "code completion",
    "code-completion",
    "text generation",
    "text-generation",
    "code generation",
    "code-generation",
];

/// The kind a figure's own words give it (CLAIMS.md §2): prefill words first (a "prompt eval
/// rate" is prefill even though it holds "eval rate"), then total, then decode words ("token
/// generation", "eval rate", "decode speed", `tg`, 解码), then output words ("generation
/// throughput", "completion", 输出, 生成速度/生成吞吐). A bare 生成 is not enough: it names a
/// task as often as a phase (文本生成场景, "the text-generation scenario").
pub(in crate::claim) fn kind_from_words(words: &str) -> Option<FigureKind> {
    // "In total", "a total of", "totaling" say the rate is summed (a scope), not that it counts
    // input and output tokens (CLAIMS.md §2: `throughput_total` is "total token throughput").
    // Engine features named for a phase ("chunked prefill") say how the run was set up, not
    // which tokens a figure counts.
    let summed;
    let words = if words.contains("total") || words.contains("prefill") || words.contains("decod") {
        summed = SUMMED
            .iter()
            .chain(FEATURES)
            .fold(words.to_string(), |w, s| w.replace(s, " "));
        summed.as_str()
    } else {
        words
    };
    // A task named with a workload word ("code completion scenario", "text generation task")
    // names the workload, not which tokens the figure counts.
    let untasked;
    let words = if ["scenario", "task", "workload", "use case"]
        .iter()
        .any(|w| words.contains(w))
    {
        untasked = TASKS
            .iter()
            .fold(words.to_string(), |w, s| w.replace(s, " "));
        untasked.as_str()
    } else {
        words
    };
    // Columns padded with spaces (`Generation  Speed   :`): one space between words.
    let spaced;
    let words = if words.contains("  ") {
        spaced = words
            .split(' ')
            .filter(|w| !w.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        spaced.as_str()
    } else {
        words
    };
    let has = |w: &str| words.contains(w);
    // llama-bench's test names as words (`tg: 8.9 t/s`, `pp at 32K depth`, `tg128`).
    // Also with a hyphen (`PP-512`, `tg-128`).
    let test = |p: &str| {
        words.contains(p)
            && (words.split(|c: char| !c.is_ascii_alphanumeric()).any(|w| {
                w.strip_prefix(p)
                    .is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()))
            }) || words.match_indices(&format!("{p}-")).any(|(i, _)| {
                (i == 0 || !words.as_bytes()[i - 1].is_ascii_alphanumeric())
                    && words.as_bytes().get(i + 3).is_some_and(u8::is_ascii_digit)
            }))
    };
    if has("prefill")
        || test("pp")
        || has("prompt processing")
        || (has("prompt") && has("processed"))
        || has("prompt throughput")
        || has("prompt eval")
        || has("encode speed")
        || has("input tok")
        || has("input throughput")
        || has("input:")
        || has("预填充")
        // 预处理速度 ("preprocessing speed"): the prompt's phase in Chinese serving posts.
        || has("预处理速度")
        || has("首字")
    {
        Some(FigureKind::PrefillThroughput)
    } else if has("total")
        || has("input+output")
        || has("input + output")
        || has("prompt+completion")
        || has("prompt + completion")
        || has("prompt + generation")
        || has("prompt+generation")
        || has("input and output tokens")
        || has("总吞吐")
        || has("总token")
    {
        Some(FigureKind::ThroughputTotal)
    } else if has("token generation")
        || test("tg")
        || has("eval rate")
        // Ollama's `eval rate` written out ("The evaluation rate dropped from 149 tokens/s").
        || has("evaluation rate")
        // llama.cpp's and ollama's bare `eval` (after `prompt eval`, which is prefill above).
        || words
            .split(|c: char| c.is_whitespace() || matches!(c, ':' | '=' | ','))
            .any(|w| w == "eval")
        || has("decode speed")
        || has("generation speed")
        // SGLang's decode-batch log line (`Decode batch. … gen throughput (token/s): 49.02`).
        || has("gen throughput")
        || has("decode rate")
        || has("decoding speed")
        || has("decoding")
        || has("decode phase")
        || has("tg =")
        || has("s_tg")
        || has("解码")
        // "Generation speed" and "decoding" in French, Spanish, Portuguese, German, Russian,
        // Korean and Japanese.
        || has("vitesse de génération")
        || has("décodage")
        || has("velocidad de generación")
        || has("decodificación")
        || has("velocidade de geração")
        || has("decodificação")
        || has("generierungsgeschwindigkeit")
        || has("скорость генерации")
        // Korean "token generation", "generation speed", "decoding"; Japanese "decode".
        || has("토큰 생성")
        || has("생성 속도")
        || has("디코딩")
        || has("デコード")
        // A rate labelled with the generation phase ("11 t/s generation", "generation rate"),
        // not a whole load's generation throughput or its generated tokens.
        || (has("generation") && !has("throughput") && !has("generation time"))
    {
        Some(FigureKind::DecodeThroughput)
    } else if has("output")
        || has("generat")
        || has("completion")
        || has("输出")
        // Japanese: 出力 (output), 出力されたトークン.
        || has("出力")
        || has("生成速")
        || has("生成吞吐")
    {
        Some(FigureKind::ThroughputOutput)
    } else if has("decode") {
        Some(FigureKind::DecodeThroughput)
    } else {
        None
    }
}

/// Phrases in which "total" means summed over the load (a scope), not input + output tokens.
pub(super) const SUMMED: &[&str] = &[
    "in total",
    "a total of",
    "totaling",
    "totalling",
    "totals ",
    "for a total",
    // "the total" as a noun: the sum over the load ("the total is about 110 tok/s").
    "the total is",
    "the total was",
    "the total comes",
    "the total reaches",
];

/// Engine features whose names hold a phase word ("chunked prefill", "speculative decoding").
pub(super) const FEATURES: &[&str] = &[
    "chunked prefill",
    "chunked-prefill",
    "chunked_prefill",
    "disaggregated prefill",
    "speculative decoding",
    "speculative-decoding",
    "spec decoding",
    "lookahead decoding",
];

/// What a use case named for one user goes on with (`single-user application`, `single user
/// chat app`): a use, not a load of one stream.
pub(super) const ONE_USER_USE_CASES: &[&str] =
    &[" application", " app", " chat app", " use", " workload"];

/// "Per <one word> <noun>": a device or server named between (`per H800 node`, `per H100 GPU`).
fn per_named(words: &str, nouns: &[&str]) -> bool {
    words.match_indices("per ").any(|(i, _)| {
        let mut it = words[i + 4..].split_whitespace();
        match (it.next(), it.next()) {
            (Some(w), Some(n)) => {
                !matches!(w, "second" | "sec" | "s" | "minute" | "hour" | "day")
                    && nouns.contains(&n.trim_end_matches([',', ':', '.', ')', ';']))
            }
            _ => false,
        }
    })
}

pub(super) fn scope_from_words(words: &str) -> Option<Scope> {
    // Engine features named for one batch ("Single-Batch Overlap") say nothing of the load.
    let unfeatured;
    let words = if words.contains("batch overlap") {
        unfeatured = words
            .replace("single-batch overlap", " ")
            .replace("single batch overlap", " ");
        unfeatured.as_str()
    } else {
        words
    };
    // A use case named for one user ("enough for most single-user applications", "single-user
    // chat apps") says what the speed suffices for, not that one stream was measured.
    let unused;
    let words = if words.contains("single-user") || words.contains("single user") {
        let mut w = words.to_string();
        for one in ["single-user", "single user"] {
            for noun in ONE_USER_USE_CASES {
                w = w.replace(&format!("{one}{noun}"), " ");
            }
        }
        unused = w;
        unused.as_str()
    } else {
        words
    };
    // A length's basis ("~4000 input tokens per request") says how long each request is, not
    // whose rate a figure is.
    let unlengthed;
    let words = if words.contains("tokens per ") {
        let mut w = words.to_string();
        for basis in crate::claim::lengths::PER_ITEM {
            w = w.replace(&format!("tokens per {basis}"), " ");
        }
        unlengthed = w;
        unlengthed.as_str()
    } else {
        words
    };
    let has = |w: &str| words.contains(w);
    if has("per user")
        || has("/user")
        || words.trim_end().ends_with("/u")
        || has("single request")
        || has("one request")
        || has("a single prompt")
        || has("response generated")
        || has("单请求")
        // 单次 ("a single run/call": 单次吞吐, 单次推理).
        || has("单次")
        || has("单用户")
        || has("per request")
        || has("per-request")
        || has("per-user")
        // Report keys (`output_throughput_per_user_tok_s`).
        || has("per_user")
        || has("1/req")
        || has("single-stream")
        || has("single stream")
        || has("single chat")
        || has("single conversation")
        || has("one chat at a time")
        || has("single user")
        || has("single-user")
        || has("single-batch")
        || has("single batch")
        || batch_one(words)
        || has("single-request")
        || has("per stream")
        || has("per-stream")
        || has("/stream")
        || has("per sequence")
        || has("per prompt")
        || has("per session")
        || has("each user")
        || has("every user")
        || has("each session")
        || has("each stream")
        || has("每用户")
        || has("每个用户")
        || has("单路")
        || has("每路")
    {
        Some(Scope::PerUser)
    } else if has("per gpu")
        || has("per_gpu")
        || has("/gpu")
        || has("per-gpu")
        || has("per card")
        || has("/card")
        || has("per chip")
        || has("/chip")
        || has("per accelerator")
        || has("each gpu")
        || has("each card")
        || has("per device")
        || has("per-device")
        || has("/device")
        || has("per npu")
        || has("/npu")
        || has("per hpu")
        || has("/hpu")
        || has("每卡")
        || has("单卡吞吐")
        || has("单卡性能")
        || has("/卡")
        || has("每张卡")
        || has("每gpu")
        || has("每 gpu")
        || per_named(words, &["gpu", "card", "chip", "accelerator"])
    {
        Some(Scope::PerGpu)
    } else if per_named(words, &["node", "server", "machine"])
        || has("per instance")
        || has("/instance")
        || has("per server")
        || has("per node")
        || has("/node")
        || has("per-replica")
        || has("per replica")
        || has("single node")
        || has("one node")
        || has("per machine")
        || has("per server")
        // A server named by its GPU count (`the 8-GPU server`, `an 8-GPU node`).
        || has("-gpu server")
        || has("-gpu node")
        || has("-gpu machine")
        || has("-gpu box")
        || has("-gpu system")
        || has("单机")
        || has("单节点")
        || has("每个节点")
        || has("每节点")
        || has("每台")
    {
        Some(Scope::PerNode)
    } else if has("aggregate")
        || SUMMED.iter().any(|w| has(w))
        // trtllm-bench's "System Output/Total Throughput" (`system_output_throughput_tok_s` in
        // its JSON report) is the whole load's rate on the benchmarked GPUs, not a cluster's.
        || has("system output")
        || has("system total")
        || has("system_output")
        || has("system_total")
        || has("combined")
        || has("across all")
        || has("summed")
    {
        Some(Scope::Aggregate)
    } else if has("cluster")
        // The word, not a company's "Systems" or an "ecosystem".
        || words.match_indices("system").any(|(i, _)| {
            !words[i + 6..].starts_with('s')
                && !words[..i].ends_with(|c: char| c.is_ascii_alphabetic())
        })
        || has("rack")
        || has(" pod")
        || has("superpod")
        || has("nvl72")
        || has("hgx")
        || has("per mw")
    {
        Some(Scope::System)
    } else {
        None
    }
}

/// A batch of one written out (`batch-1`, `batch 1`, `batch size of 1`, `bs=1`), the number
/// not followed by another digit or a list's separator.
fn batch_one(words: &str) -> bool {
    [
        "batch-1",
        "batch 1",
        "batch=1",
        "batch size 1",
        "batch size of 1",
        "batch size=1",
        "batch_size=1",
        "bs=1",
        "bs 1",
        "bs1",
    ]
    .iter()
    .any(|w| {
        words.match_indices(w).any(|(i, _)| {
            let after = &words[i + w.len()..];
            let before = &words[..i];
            // Not a longer number, nor the first of a list (`batch 1/8/32`, `batch 1-8`).
            !after.starts_with(|c: char| c.is_ascii_digit() || ".,/-~".contains(c))
                && !before.ends_with(|c: char| c.is_ascii_alphanumeric())
        })
    })
}

/// `words` without the phrases that count something per request or prompt (`2 images per
/// request`): the count's, not a figure's scope. Tokens per request still speak of one request.
pub(super) fn without_counts_per(words: &str) -> String {
    let mut out = words.to_string();
    for key in [" per request", " per prompt"] {
        let mut from = 0;
        while let Some(i) = out[from..].find(key).map(|i| from + i) {
            let head = out[..i].trim_end();
            let noun_start = head.rfind(' ').map_or(0, |k| k + 1);
            let noun = &head[noun_start..];
            let number = head[..noun_start]
                .trim_end()
                .ends_with(|c: char| c.is_ascii_digit());
            if number && !noun.starts_with("tok") {
                let end = i + key.len();
                out.replace_range(noun_start..end, &" ".repeat(end - noun_start));
            }
            from = i + key.len();
        }
    }
    out
}

/// `words` without the lengths written in them (`output 256`, `input: 128`, `output len=512`,
/// `输出 256`): a length setting beside a figure names the run's lengths, not which tokens the
/// figure counts (CLAIMS.md §3 Lengths vs §2 kind).
pub(super) fn without_lengths(words: &str) -> String {
    let mut out = String::with_capacity(words.len());
    let mut rest = words;
    while let Some(i) = ["output", "input", "prompt", "输出", "输入"]
        .iter()
        .filter_map(|w| rest.find(w).map(|i| (i, w.len())))
        .min()
        .map(|(i, n)| (i, i + n))
    {
        let (start, end) = i;
        let sep = |c: char| matches!(c, ' ' | ':' | '=' | '_' | '-');
        let tail = rest[end..].trim_start_matches(sep);
        let tail = ["length", "len", "tokens", "toks"]
            .iter()
            .find_map(|w| tail.strip_prefix(w))
            .unwrap_or(tail)
            .trim_start_matches(sep);
        // The number before the word (`512 input / 128 output tokens`) is a length too, unless
        // the word goes on into a rate's unit (`1,800 output tokens/s`).
        let head = rest[..start].trim_end_matches([' ', '/']);
        let head = head
            .strip_suffix(['k', 'K'])
            .filter(|h| h.ends_with(|c: char| c.is_ascii_digit()))
            .unwrap_or(head);
        let rate = {
            let t = rest[end..].trim_start_matches([' ', '-']);
            let t = ["tokens", "token", "toks", "tok"]
                .iter()
                .find_map(|w| t.strip_prefix(w))
                .unwrap_or(t)
                .trim_start();
            // A slash before a number joins two lengths (`5000 input tokens / 500 output
            // tokens`); before a time it is a rate's unit.
            let per = t
                .strip_prefix('/')
                .is_some_and(|u| !u.trim_start().starts_with(|c: char| c.is_ascii_digit()));
            per || t.starts_with("per ") || t.starts_with("每秒")
        };
        let number_before = head.ends_with(|c: char| c.is_ascii_digit()) && !rate;
        out.push_str(&rest[..start]);
        if !tail.starts_with(|c: char| c.is_ascii_digit()) && !number_before {
            out.push_str(&rest[start..end]);
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// Hard-wrapped prose (a quoted paper, an e-mail: `… achieves a generation throughput\n>
/// exceeding 50K tokens per second`): the end of the previous line when the figure's line
/// continues its sentence. The previous line must be long (at least 50 bytes, as wrapped prose
/// is) and end inside a sentence (a letter, not `.`, `:` or a table's `|`), and the figure's
/// line up to the figure must hold no sentence break; returns the previous line's last clause
/// (after its last `,` `.` `;`), else empty.
pub(super) fn wrapped_clause(lower: &str, start: usize) -> &str {
    // Both lines are looked at over at most 61 and 400 bytes (linear on a long paste).
    let near = floor_boundary(lower, start.saturating_sub(61));
    let Some(nl) = lower[near..start].rfind('\n').map(|i| near + i) else {
        return "";
    };
    let own = &lower[nl + 1..start];
    if own.contains(['.', ';', '|', ':']) {
        return "";
    }
    let far = floor_boundary(lower, nl.saturating_sub(400));
    let prev_start = lower[far..nl].rfind('\n').map_or(far, |i| far + i + 1);
    let prev = lower[prev_start..nl].trim_end();
    if prev.len() < 50 || !prev.ends_with(|c: char| c.is_ascii_alphabetic()) || prev.contains('|') {
        return "";
    }
    let cut = prev.rfind([',', '.', ';']).map_or(0, |i| i + 1);
    &prev[floor_boundary(prev, cut.max(prev.len().saturating_sub(48)))..]
}

/// The end of a change written with two figures (`single-stream speed improved from 48 tok/s
/// to 91 tok/s`): the words before the change's first figure, which name what both measure
/// (its sentence up to `from`, at most 100 bytes; with an arrow and no `from`, the words
/// before the number the arrow leads from); empty when the figure at `start` does not follow
/// `… from <figure> to` or `<figure> →`.
pub(super) fn change_subject(lower: &str, start: usize) -> &str {
    let near = before(lower, start, 16);
    if !near.trim_end().ends_with(" to") && !near.trim_end().ends_with("→") {
        return "";
    }
    let from = floor_boundary(lower, start.saturating_sub(100));
    let s = &lower[from..start];
    let s = s.rsplit_once(['\n', ';', '|']).map_or(s, |(_, t)| t);
    let s = s.rsplit_once(". ").map_or(s, |(_, t)| t);
    if let Some(i) = s.rfind(" from ") {
        return &s[..i];
    }
    // An arrow with no `from` (`prefill 214 t/s peak → 158 t/s`, `generation 16.1 → 13.3
    // t/s`): the words before the number the arrow leads from.
    let Some(b) = s.trim_end().strip_suffix('→') else {
        return "";
    };
    let b = b.trim_end();
    let Some(last) = b.rfind(|c: char| c.is_ascii_digit()) else {
        return "";
    };
    let head = b[..last]
        .trim_end_matches(|c: char| c.is_ascii_digit() || c == '.' || c == ',')
        .len();
    // Digits glued to letters are a name's (`H100 → H200`), not a figure's.
    if b[..head].ends_with(|c: char| c.is_alphanumeric()) {
        return "";
    }
    // After the last clause break (`, `, a colon) before that number.
    let words = &b[..head];
    let cut = words.rfind([',', ':', '(']).map_or(0, |i| i + 1);
    &words[cut..]
}

/// The kind a table's caption line gives its unqualified rate columns (`BS1 ISL8000/OSL1000
/// decode throughput:` over `| build | tok/s |`): the caption's own words, its lengths left out.
pub(in crate::claim) fn caption_kind(caption: &str) -> Option<FigureKind> {
    kind_from_words(&without_lengths(caption))
}

/// [`settle`] for the other stages.
pub(in crate::claim) fn settle_figure(f: Figure) -> Figure {
    settle(f)
}

pub(super) fn settle(mut f: Figure) -> Figure {
    if f.scope == Some(Scope::PerUser)
        && f.kind.is_throughput()
        && f.kind != FigureKind::DecodeThroughput
    {
        f.kind = FigureKind::ThroughputPerUser;
    }
    if f.kind == FigureKind::ThroughputPerUser && f.scope.is_none() {
        f.scope = Some(Scope::PerUser);
    }
    f
}
