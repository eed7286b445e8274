//! Figures: each number with a rate, latency or price unit read with its label, kind and scope (the reader's "typed tokens" stage for figures).

use super::*;

/// The integer part of a decimal-comma number whose fraction `frac` matched alone (`82,40`: 82
/// and where it starts), when `frac` is one or two digits after a comma that follows one to
/// four digits, with no other number glued before them (`1,234,56` and `1.5,40` are not).
fn decimal_comma_before(lower: &str, frac: M) -> Option<(f64, usize)> {
    let f = frac.as_str();
    if !(1..=2).contains(&f.len()) || !f.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let head = lower[..frac.start()].strip_suffix(',')?;
    let digits = head.len() - head.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let from = head.len() - digits;
    let glued = from > 0 && matches!(lower.as_bytes()[from - 1], b',' | b'.' | b'0'..=b'9');
    if !(1..=4).contains(&digits) || glued {
        return None;
    }
    Some((head[from..].parse().ok()?, from))
}

pub(super) fn throughput_figure(
    lower: &str,
    lines: &LineStarts,
    c: &Caps,
    tps: bool,
) -> Option<Figure> {
    // Both patterns: 1 the number, 2 its multiplier, 3 a `+`, 4 a range's high end, 5 its
    // multiplier; then the token words (6) and the per-unit (7), or for `tps` the per-unit (6).
    let (k1, k2, qual, per) = if tps { (2, 5, 99, 6) } else { (2, 5, 6, 7) };
    // Megatransfers per second (`Speed: 4800 MT/s`, a memory's or a link's rate) are no
    // million tokens per second: the `m` glued to `t/s`.
    if !tps {
        if let Some(m) = c.get(k1).filter(|m| m.as_str() == "m") {
            if lower[m.end()..].starts_with("t/s") || lower[m.end()..].starts_with("t/sec") {
                return None;
            }
        }
    }
    let mut lo = num(c.get(1)?.as_str())?;
    let mut hi = c.get(4).and_then(|m| num(m.as_str()));
    // A "low end" glued to letters is a name's digits, not a number (`8x H200 — 34,864
    // tokens/s`): the figure is the high end alone.
    let glued = c
        .get(1)
        .is_some_and(|m| lower[..m.start()].ends_with(|ch: char| ch.is_ascii_alphabetic()));
    let k_lo = c.get(k1);
    let k_hi = c.get(k2);
    lo *= kilo(k_lo);
    if let Some(h) = hi.as_mut() {
        if k_hi.is_some() {
            *h *= kilo(k_hi);
            if k_lo.is_none() && lo * kilo(k_hi) <= *h {
                // "2–3k": the k belongs to both ends.
                lo *= kilo(k_hi);
            }
        }
    }
    if glued {
        lo = hi.take()?;
    }
    let mut span = whole(c);
    // A rate divided by a resource (`0.13 tok/s per GB/s`, `tok/s/W`) is an efficiency ratio.
    if per_resource(&lower[span.end..]) {
        return None;
    }
    // A setting's value before a unit that heads a list item (`c=64 tokens/s/user: 254 -> 256`):
    // the unit labels the numbers after the colon; the one before it is the load.
    let set_before = lower[..span.start].trim_end().ends_with('=');
    let colon_after = lower[span.end..]
        .trim_start_matches([' ', '\t'])
        .strip_prefix(':')
        .is_some_and(|r| {
            r.trim_start()
                .starts_with(|ch: char| ch.is_ascii_digit() || ch == '~')
        });
    if set_before && colon_after {
        return None;
    }
    // A number after `±` is the error of the one before it (`40.96 ± 0.37 t/s`): the figure is
    // the one before.
    let bare = lower[..span.start].trim_end();
    if let Some(b) = bare
        .strip_suffix('±')
        .or_else(|| bare.strip_suffix("+/-"))
        .or_else(|| bare.strip_suffix("+-"))
    {
        let b = b.trim_end();
        let n = b.len()
            - b.trim_end_matches(|ch: char| ch.is_ascii_digit() || ch == '.' || ch == ',')
                .len();
        let v = num(b[b.len() - n..].trim_start_matches(','))?;
        lo = v;
        hi = None;
        span.start = b.len() - n;
    } else if let Some((int, from)) = decimal_comma_before(lower, c.get(1)?) {
        // A decimal comma (`82,40 tokens per second`, as European locales print it): the
        // pattern starts at the fraction; the integer part is just before its comma.
        lo = int + lo / 10f64.powi(c.get(1)?.as_str().len() as i32);
        span.start = from;
    }
    // Words before a `, ` belong to the figure before it (`5,900 tokens/s total throughput,
    // 2,200 tokens/s output`).
    let pre = before(lower, span.start, 48);
    let pre = pre.rsplit_once(", ").map_or(pre, |(_, p)| p);
    let pre = pre.rsplit_once(['，', '、', '；']).map_or(pre, |(_, p)| p);
    let pre = match pre.rfind(',') {
        Some(i) if !pre[i + 1..].starts_with(|c: char| c.is_ascii_digit()) => &pre[i + 1..],
        _ => pre,
    };
    // Words before an earlier figure belong to it (`85 tokens/s for a single user and about
    // 900 tokens/s with 32 requests`: "single user" is the 85's).
    let pre = ["tokens/s", "tok/s", "t/s", "tokens per second", "tps"]
        .iter()
        .filter_map(|u| pre.rfind(u).map(|i| i + u.len()))
        .max()
        .map_or(pre, |i| &pre[i..]);
    // [`before`] cut at an earlier figure's unit (`tokens/s for a single user and about`): its
    // trailing words are that figure's up to the conjunction that starts this one.
    let raw = &lower[floor_boundary(lower, span.start.saturating_sub(48))..span.start];
    let after_unit = raw.len() > pre.len() && {
        let cut = &raw[..raw.len() - pre.len()];
        (cut.ends_with("/") && (pre.starts_with("s ") || pre.starts_with("sec")))
            // `914 tokens per second (t/s) for a 512-token prompt (pp512) and about 46.8`:
            // the earlier figure's unit, then its words up to the conjunction.
            || ["t/s", "tok/s", "tokens/s", "tokens per second", "tps"]
                .iter()
                .any(|u| cut.ends_with(u))
    };
    // `… for a 512-token prompt (pp512) and about 46.8 t/s`: the words before a conjunction
    // that follows a number are the earlier figure's.
    let pre = match pre.rfind(" and ") {
        Some(i) if pre[..i].contains(|c: char| c.is_ascii_digit()) => &pre[i + " and ".len()..],
        _ => pre,
    };
    let pre = if after_unit {
        [" and ", " while ", " but ", " whereas "]
            .iter()
            .filter_map(|w| pre.rfind(w).map(|i| i + w.len()))
            .max()
            .map_or("", |i| &pre[i..])
    } else {
        pre
    };
    let post = after(lower, span.end, 48);
    // The next clause (after `, ` or a Chinese comma) that holds another rate is the next
    // figure's words (`系统吞吐 2,560 tokens/s，单用户 40 tokens/s`: 单用户 is the second
    // figure's scope); one without (`, measured on one NVL72`) still speaks of this one.
    let cut = [", ", "，", "、", "；"]
        .iter()
        .filter_map(|w| post.find(w))
        .min()
        .filter(|&i| {
            let rest = &post[i..];
            // Or another figure of any kind (`，首字延迟 0.8 秒`: a latency's words).
            [
                "tok", "/s", "延迟", "时延", "latency", "ttft", "itl", "tpot",
            ]
            .iter()
            .any(|w| rest.contains(w))
        });
    let post = cut.map_or(post, |i| &post[..i]);
    // A count of something else per request (`2 images per request`) says nothing of the
    // figure's scope.
    let counted_per;
    let post = if post.contains(" per request") || post.contains(" per prompt") {
        counted_per = without_counts_per(post);
        counted_per.as_str()
    } else {
        post
    };
    // `from 1,200 to 1,900 tokens/s` is a change, not a range: the result is where it ends
    // (CLAIMS.md §1 rule 6); `3,100 vs 1,400 tokens/s` compares two setups, the first is the
    // subject (§1.5).
    let between = c
        .get(1)
        .zip(c.get(4))
        .map_or("", |(a, b)| &lower[a.end()..b.start()]);
    // So is the last link of a chain (`from 1,900 to 2,600 to 3,100 tokens/s`: this match is
    // `2,600 to 3,100`, after `1,900 to`).
    let lead = before(lower, span.start, 16).trim_end_matches(['~', ' ']);
    // The link before must be a number, not a name's digits (`Llama-3.1-405B FP8 to 1.8k–2.1k`).
    let chained = lead
        .strip_suffix(" to")
        .or_else(|| lead.strip_suffix('→'))
        .is_some_and(|b| {
            let b = b.trim_end();
            let num = b.trim_end_matches(|ch: char| ch.is_ascii_digit() || ch == '.' || ch == ',');
            num.len() < b.len() && !num.ends_with(|ch: char| ch.is_ascii_alphabetic())
        });
    // A signed percentage right after (`69.3 to 82.3 tok/s (+18.8%)`) says the two ends are
    // before and after, a change too.
    let signed_change = lower[span.end.min(lower.len())..]
        .trim_start()
        .strip_prefix('(')
        .map(str::trim_start)
        .is_some_and(|p| {
            let p = p
                .strip_prefix('+')
                .or_else(|| p.strip_prefix('-'))
                .or_else(|| p.strip_prefix('−'));
            p.is_some_and(|p| {
                let d = p.len()
                    - p.trim_start_matches(|ch: char| ch.is_ascii_digit() || ch == '.')
                        .len();
                d > 0 && p[d..].trim_start().starts_with('%')
            })
        });
    // `ranging from 0.03 to 0.05`, `varies from …`: a range after all (rule 7).
    let ranging = lead.strip_suffix("from").is_some_and(|b| {
        let word = b.trim_end().rsplit(' ').next().unwrap_or("");
        ["rang", "vari", "vary"].iter().any(|w| word.starts_with(w))
    });
    if hi.is_some() && ((lead.ends_with("from") && !ranging) || chained || signed_change) {
        lo = hi.take().unwrap_or(lo);
    } else if between.contains("vs") {
        hi = None;
    }
    let qual = c.get(qual).map(|m| m.as_str()).unwrap_or("");
    // TGS, "tokens per GPU per second" (`7360 TGS`), is a per-device rate.
    let tgs = tps && {
        let w = whole(c);
        lower[w.start..w.end].trim_end().ends_with("tgs")
    };
    let per = c
        .get(per)
        .map(|m| m.as_str())
        .unwrap_or(if tgs { "/gpu" } else { "" });
    // `5,000 aggregate tokens/s`: the word before the unit says the scope.
    let unit_scope = scope_from_words(per).or_else(|| scope_from_words(qual));
    let label = line_label(lower, span.start);
    // The line's own label (`Output tput/GPU:`) is the figure's name: before the words after it.
    let scope = unit_scope
        .or_else(|| scope_from_words(pre))
        .or_else(|| scope_from_words(label))
        .or_else(|| scope_from_words(post))
        .or_else(|| scope_from_words(lead_label(lower, span.start)))
        .or_else(|| scope_from_words(change_subject(lower, span.start)))
        // Only one user's words carry that far: "system" or "aggregate" at a line's start
        // names a company or a topic as often as the figure's scope.
        .or_else(|| {
            scope_from_words(line_lead_alone(lower, span.start)).filter(|s| *s == Scope::PerUser)
        })
        .or_else(|| scope_from_words(slashed_label(lower, span.start)))
        .or_else(|| scope_from_words(row_label(lower, span.start)));
    let pre_words = without_lengths(pre);
    let word_kind = if qual.contains('+') {
        // `input+output tokens per second`: both.
        Some(FigureKind::ThroughputTotal)
    } else if qual.starts_with("input") || qual.starts_with("prompt") || qual.starts_with("输入")
    {
        Some(FigureKind::PrefillThroughput)
    } else if matches!(qual.trim(), "pp" | "tg" | "gen") {
        // llama.cpp's shorthand before the unit (`1200 pp t/s`, `63.5 gen t/s`, `61 tg t/s`):
        // prompt processing, or token generation (a decode rate, CLAIMS.md §2).
        Some(if qual.trim() == "pp" {
            FigureKind::PrefillThroughput
        } else {
            FigureKind::DecodeThroughput
        })
    } else {
        kind_from_words(qual)
            // A phase named as such (`Generation phase:`, `Text Gen:`, `Prompt 階段`): that
            // phase's rate (CLAIMS.md §2: labelled token generation or prompt processing).
            .or_else(|| phase_named(label))
            .or_else(|| kind_from_words(&pre_words))
            .or_else(|| kind_from_words(&without_lengths(wrapped_clause(lower, span.start))))
            .or_else(|| kind_from_words(&without_lengths(change_subject(lower, span.start))))
            // After the unit, a phase word ("tok/s decode"); a trailing "total" is as often
            // "in total" (summed) as input + output, so it is left unread.
            .or_else(|| {
                // Lengths in the words after it (`… tok/s with output 256`) are settings.
                let post = without_lengths(post);
                let near = &post[..floor_boundary(&post, post.len().min(28))];
                // Up to the next figure's words (`9,000 tok/s and output throughput 1,100`).
                let cut = [", ", " and ", " vs", " while "]
                    .iter()
                    .filter_map(|w| near.find(w))
                    .chain(near.find(|c: char| c.is_ascii_digit()))
                    .min()
                    .unwrap_or(near.len());
                let near = &near[..cut];
                // llama.cpp's shorthand after the rate (`185 t/s tg`, `4,900 t/s pp`).
                let t = near.trim_start().trim_start_matches('(');
                let short = |w: &str| {
                    t.strip_prefix(w)
                        .is_some_and(|r| !r.starts_with(|c: char| c.is_ascii_alphabetic()))
                };
                if short("tg") {
                    return Some(FigureKind::DecodeThroughput);
                }
                if short("pp") || ((short("input") || short("prompt")) && !post.contains('+')) {
                    return Some(FigureKind::PrefillThroughput);
                }
                kind_from_words(near).filter(|k| {
                    *k != FigureKind::ThroughputTotal
                        || near.contains("total throughput")
                        || near.contains("total token")
                        || post.contains(" + ")
                        || post.contains("+output")
                        || post.contains("+completion")
                        // "total" beside the output rate it holds (`~1,168 tokens/sec total
                        // (~548 tok/s output)`): input + output.
                        || (t.starts_with("total") && post.contains(" output"))
                })
            })
            .or_else(|| kind_from_words(&without_lengths(label)))
            .or_else(|| kind_from_words(&without_lengths(row_label(lower, span.start))))
            .or_else(|| kind_from_words(&without_lengths(metric_head(lower, span.start))))
            .or_else(|| kind_from_words(&without_lengths(slashed_label(lower, span.start))))
            // A line led by one phase word (`Prompt: 128 tokens, 1450.3 tokens-per-sec`,
            // `Generation: …`): that phase's rate.
            .or_else(|| {
                let lead = lead_label(lower, span.start)
                    .trim_end_matches([':', '：'])
                    .trim();
                // `Prompt tokens: 7530 in 6.51s (1156.15 tokens/s)`, `Decoded tokens: …`.
                let lead = lead.strip_suffix(" tokens").unwrap_or(lead);
                match lead {
                    "decoded" | "generated" => Some(FigureKind::DecodeThroughput),
                    "prompt" | "prefill" | "prompt processing" => {
                        Some(FigureKind::PrefillThroughput)
                    }
                    // The generation phase's rate is a decode rate (CLAIMS.md §2: labelled
                    // token generation).
                    "generation" | "decode" | "decoding" => Some(FigureKind::DecodeThroughput),
                    "completion" | "output" => kind_from_words(lead),
                    _ => None,
                }
            })
            // A tool's step line just above the figure's (ExLlama's benchmark: `-- Inference,
            // first pass.` then `** Speed: 1423.20 tokens/second`, `-- Generating 128
            // tokens...` then `** Speed: 36.62 tokens/second`): that step's phase.
            .or_else(|| step_phase(lower, lines, span.start))
            // The metric the sentence names before its figures (`… higher decode throughput
            // than vLLM: 3,450 vs 1,820 tok/s`); a bare "total" there is as often a sum.
            .or_else(|| {
                let m = without_lengths(sentence_metric(lower, span.start));
                let m = m.as_str();
                kind_from_words(m).filter(|k| {
                    *k != FigureKind::ThroughputTotal
                        || m.contains("total throughput")
                        || m.contains("total token")
                })
            })
    };
    // A token rate on the same line as the run's request rate (`Throughput: 12.28 requests/s,
    // 7859.20 tokens/s`) is the run's summary: the whole load's (CLAIMS.md §2).
    let near = floor_boundary(lower, span.start.saturating_sub(120));
    let line_start = lower[near..span.start]
        .rfind('\n')
        .map_or(near, |i| near + i + 1);
    let line = &lower[line_start..span.start];
    // Also after it on a summary record's line (`Throughput:   2348 token/s, 6.5324 req/s`).
    let line_after = {
        let far = floor_boundary(lower, (span.end + 80).min(lower.len()));
        let rest = &lower[span.end.min(far)..far];
        &rest[..rest.find('\n').unwrap_or(rest.len())]
    };
    let summary_line = ["requests/s", "req/s", "requests per second"]
        .iter()
        .any(|w| line.contains(w) || (line.contains(':') && line_after.contains(w)));
    // An engine's periodic stats line (vLLM's `Avg generation throughput: … tokens/s,
    // Running: N reqs`) counts every running request: the engine's whole load.
    let engine_stats = pre.contains("avg generation throughput");
    // Each of the engine's periodic stats lines is one print of the same summary: labelled as
    // such, a later line is read as the later block (CLAIMS.md §1.5 for logs).
    let engine_label = engine_stats.then(|| "avg generation throughput".to_string());
    // A tool summary's label (`Output token throughput:`, `Total token throughput:`) names
    // the run's whole load (CLAIMS.md §2), as it does in a summary table.
    // So does a record's bare `Output throughput:` / `Total throughput:` key (SGLang's
    // `bench_sglang.py`, `trtllm-bench`): the run's totals over its wall time.
    let key = label
        .trim_start_matches(['-', '*', ' ', '\t'])
        .trim_end_matches([':', ' ']);
    let summary_label = label.contains("token throughput")
        || ["output throughput", "total throughput"].contains(&key);
    let scope =
        scope.or((summary_line || engine_stats || summary_label).then_some(Scope::Aggregate));
    // `on 72× GB300`: more GPUs than one node holds is a whole system.
    // Only a count written `N×` / `Nx` / `N*` can say so: the GPU pattern runs only then.
    let counted = post.contains('×') || post.bytes().any(|b| b == b'x' || b == b'*');
    let many = counted
        && patterns()
            .gpu
            .captures(post)
            .and_then(|g| g.get(1)?.as_str().parse::<u32>().ok())
            .is_some_and(|n| n > 8);
    let scope = if scope.is_none() && many {
        Some(Scope::System)
    } else {
        scope
    };
    // `tokens per second per H100`, `tok/s/MI300X`: per device named by its model.
    let scope = scope.or_else(|| {
        let rest = post.trim_start();
        let rest = rest
            .strip_prefix("per ")
            .or_else(|| rest.strip_prefix('/'))?
            .trim_start_matches("nvidia ")
            .trim_start_matches("amd ");
        let g = patterns().gpu.captures(rest)?;
        (whole(&g).start == 0 && g.get(1).is_none()).then_some(Scope::PerGpu)
    });
    // `tokens generated per second`: the verb inside the unit names the tokens.
    let inner = &lower[span.start..span.end];
    let word_kind = word_kind.or(if inner.contains(" decoded") {
        Some(FigureKind::DecodeThroughput)
    } else if inner.contains(" generated") || inner.contains(" produced") {
        Some(FigureKind::ThroughputOutput)
    } else {
        None
    });
    let mut f = Figure::new(
        lo,
        "tok/s",
        word_kind.unwrap_or(FigureKind::ThroughputUnspecified),
        span,
    );
    f.value_high = hi;
    f.scope = scope;
    f.kind_stated = word_kind.is_some();
    f.scope_stated = scope.is_some();
    if f.label.is_none() {
        f.label = engine_label;
    }
    // A tool summary's key names its line: the same key printed in a later block is the same
    // line of the next run (CLAIMS.md §1.5 for logs).
    if f.label.is_none() && summary_label {
        f.label = Some(key.to_string());
    }
    let window = &lower[floor_boundary(lower, span.start.saturating_sub(80))..span.start];
    if window.contains("est. speed") {
        // A progress bar's running estimate: summed over the batch, not said so.
        f.scope = Some(Scope::Aggregate);
        f.scope_stated = false;
    }
    Some(settle(f))
}

/// What a llama.cpp timing line says its rate counts.
pub(super) enum LlamaTiming {
    /// `sample time = … tokens per second`: the sampler's speed, not a token throughput.
    Sampling,
    /// `prompt eval time` (prefill) or `eval time` (decode), with the label shown.
    Phase(FigureKind, &'static str),
    /// llama-server's progress line (`n_decoded = 501, tg = 32.79 t/s`) while a request runs.
    Running,
}

/// llama.cpp's per-request timings (`llama_print_timings:` / `llama_perf_context_print:` and
/// llama-server's `print_timing`): `prompt eval time = 456.78 ms / 64 tokens ( 7.14 ms per
/// token, 140.11 tokens per second)` is prefill, `eval time = …` the request's generation
/// (decode) phase, `sample time = …` the sampler; a `n_decoded = …, tg = …` line is a running
/// estimate. Each line is one request's: a per-user rate.
/// Read from the line before the figure at `start`.
pub(super) fn llama_timing(lower: &str, start: usize) -> Option<LlamaTiming> {
    let from = floor_boundary(lower, start.saturating_sub(200));
    let line = &lower[from..start];
    let line = line.rfind('\n').map_or(line, |i| &line[i + 1..]);
    if line.contains("n_decoded") {
        return Some(LlamaTiming::Running);
    }
    if !line.contains("ms per token") {
        return None;
    }
    match last_timing_label(line)? {
        "prompt eval time" => Some(LlamaTiming::Phase(
            FigureKind::PrefillThroughput,
            "prompt eval time",
        )),
        "eval time" => Some(LlamaTiming::Phase(
            FigureKind::DecodeThroughput,
            "eval time",
        )),
        _ => Some(LlamaTiming::Sampling),
    }
}

/// The last of llama.cpp's timing labels (`prompt eval time`, `eval time`, `sample time`) in
/// `line`: the one the figure after it belongs to. Pasted timings flattened onto one line
/// (`prompt eval time = … ( 7.44 ms per token, 134.44 tokens per second) eval time = …`) hold
/// several; the nearest names the figure.
fn last_timing_label(line: &str) -> Option<&'static str> {
    let eval = line.rfind("eval time").map(|i| {
        let prompt = line[..i].ends_with("prompt ");
        (
            i,
            if prompt {
                "prompt eval time"
            } else {
                "eval time"
            },
        )
    });
    let sample = line.rfind("sample time").map(|i| (i, "sample time"));
    eval.into_iter()
        .chain(sample)
        .max_by_key(|(i, _)| *i)
        .map(|(_, l)| l)
}

/// A `label (unit): value` line from a tool summary or a JSON record.
pub(super) fn labelled_figure(
    label: &str,
    unit: &str,
    after_unit: &str,
    v: f64,
    span: Span,
) -> Option<Figure> {
    let l = label.trim().trim_matches('"');
    let key = format!("{l} ({unit}) {after_unit}");
    let has = |w: &str| key.contains(w);
    // A standard deviation (`results_ttft_s_stddev`, `std_itl_ms`) is a spread, not a value of
    // the metric.
    if has("stddev") || l.split(['_', ' ']).any(|w| w == "std") {
        return None;
    }
    let pct = if has("mean") || has("average") || has("avg") {
        Some("mean")
    } else if has("median") || has("p50") {
        Some("p50")
    } else {
        // Any other percentile written `pNN` (`p90`, `p99`, LLMPerf's `quantiles_p25`).
        ["p25", "p75", "p90", "p95", "p99"]
            .into_iter()
            .find(|p| has(p))
    };
    // A tool record's key carries its unit as one of its words (vLLM's `--save-result`
    // `mean_tpot_ms`, LLMPerf's `results_ttft_s_mean`).
    let key_unit = (unit.is_empty() && after_unit.is_empty() && l.contains('_'))
        .then(|| {
            l.split('_')
                .find_map(|w| ["ms", "s"].into_iter().find(|u| *u == w))
        })
        .flatten();
    let latency_unit = if unit == "ms" || after_unit == "ms" || key_unit == Some("ms") {
        Some("ms")
    } else if unit == "s" || after_unit == "s" || key_unit == Some("s") {
        Some("s")
    } else {
        None
    };
    // The key's words with `_` as spaces (`inter_token_latency`, `end_to_end_latency`).
    let spaced = key.replace('_', " ");
    let has_spaced = |w: &str| spaced.contains(w);
    let latency_kind =
        if has("ttft") || has_spaced("time to first token") || has("time-to-first-token") {
            Some(FigureKind::Ttft)
        } else if has("tpot") || has_spaced("time per output token") || has("time-per-output-token")
        {
            Some(FigureKind::Tpot)
        } else if has("itl") || has("inter-token") || has_spaced("inter token") || has("tbt") {
            Some(FigureKind::Itl)
        } else if has("e2e")
            || has("end-to-end")
            || has_spaced("end to end")
            || has_spaced("request latency")
        {
            Some(FigureKind::E2eLatency)
        } else {
            None
        };
    if let (Some(k), Some(u)) = (latency_kind, latency_unit) {
        let mut f = Figure::new(v, u, k, span);
        f.scope = Some(Scope::PerUser);
        f.percentile = pct.map(str::to_string);
        f.label = Some(l.to_string());
        f.kind_stated = true;
        f.scope_stated = true;
        return Some(f);
    }
    let per_min = has("/min");
    // A token unit outweighs the label's words (`Token QPS (token/s)`: tokens, not requests).
    let token_unit = ["token/s", "tokens/s", "tok/s", "token/sec", "tokens/sec"].contains(&unit);
    let request = !token_unit
        && (has("request throughput")
            || has("request_throughput")
            || has("requests/min")
            || has("req/s")
            || has("req/sec")
            || has("_rps")
            || has(" rps")
            || has("qps"));
    if request {
        let mut f = Figure::new(
            v,
            if per_min { "req/min" } else { "req/s" },
            FigureKind::RequestRate,
            span,
        );
        f.scope = Some(Scope::Aggregate);
        f.label = Some(l.to_string());
        f.kind_stated = true;
        f.scope_stated = true;
        return Some(f);
    }
    let spelled_unit = has("tokens per second")
        || has("tokens per sec")
        || has("token/s")
        || has("toks/s")
        || has("tok/sec")
        || has("tokens_per_second");
    let tokens = has("throughput")
        || has("tps")
        || has("tokens/")
        || has("tok/s")
        || spelled_unit
        || has("token generation")
        || has("prompt evaluation")
        || has("decode speed")
        || has("tokens_per_sec");
    if !tokens || has("peak") {
        return None;
    }
    let with_unit = !unit.is_empty() || per_min || has("tokens/") || has("tok/s") || spelled_unit;
    let kind = if has("input") || has("prefill") || has("prompt") {
        Some(FigureKind::PrefillThroughput)
    } else if has("token generation")
        || has("decode")
        || has("generation speed")
        // 自回归 ("autoregressive"): the token-by-token decode phase.
        || has("自回归")
        || has("解码")
        // SGLang's decode-batch log line (`Decode batch. … gen throughput (token/s): 49.02`).
        || l.starts_with("gen throughput")
    {
        // A phase's speed ("Generation speed") is the decode rate (CLAIMS.md §2).
        Some(FigureKind::DecodeThroughput)
    } else if has("total") && !has("output") {
        Some(FigureKind::ThroughputTotal)
    } else if has("output")
        || has("generation throughput")
        || has("generation only")
        || has("generated tokens")
        || has("completion")
    {
        // CLAIMS.md §2: output, generation or completion tokens of the whole load.
        Some(FigureKind::ThroughputOutput)
    } else if has("decode") {
        Some(FigureKind::DecodeThroughput)
    } else {
        None
    };
    // A median or percentile of a token rate is taken over requests: each request's own rate,
    // one user's (a whole run's throughput has one value, no distribution).
    let over_requests = pct.is_some_and(|p| p != "mean");
    // A tool's JSON record key (`output_throughput`, `total_token_throughput`: vLLM and SGLang
    // `--save-result`) is the run summary's: aggregate.
    let record_key = [
        "output_throughput",
        "output_token_throughput",
        "total_token_throughput",
    ]
    .contains(&l);
    // LLMPerf's `request_output_throughput_token_per_s` (its mean and quantiles) is each
    // request's own output rate: one user's (its run-wide rate is
    // `mean_output_throughput_token_per_s`).
    let per_request = has("request_output_throughput") || has("request output throughput");
    let scope = scope_from_words(&key)
        .or(per_request.then_some(Scope::PerUser))
        .or(over_requests.then_some(Scope::PerUser))
        .or(record_key.then_some(Scope::Aggregate))
        // A decode rate's record says nothing of the load: its scope comes from the run's
        // batch or concurrency (one stream's when there is none above 1).
        .or(
            ((with_unit || has("tps")) && kind != Some(FigureKind::DecodeThroughput))
                .then_some(Scope::Aggregate),
        );
    let mut f = Figure::new(
        v,
        if per_min { "tok/min" } else { "tok/s" },
        kind.unwrap_or(FigureKind::ThroughputUnspecified),
        span,
    );
    f.scope = scope;
    f.label = Some(l.to_string());
    f.kind_stated = kind.is_some();
    f.scope_stated = scope.is_some()
        && (with_unit && has("throughput") || per_min || scope != Some(Scope::Aggregate));
    Some(settle(f))
}

/// A rate unit in brackets heading a list of named phases, each with its number
/// (`performance(t/s): prefill 0.07, decode 0.21`): one figure per phase, in that unit, its
/// kind from its name (prefill, prompt, `pp`: prefill; decode, generation, `gen`, `tg`, eval:
/// decode; output; total). A name that says no phase gives no figure.
pub(super) fn phase_list(lower: &str) -> Vec<Figure> {
    static HEAD: OnceLock<Regex> = OnceLock::new();
    static ITEM: OnceLock<Regex> = OnceLock::new();
    let head = HEAD.get_or_init(|| {
        crate::claim::re::compile(r"\((t/s|tok/s|tokens?/s|tokens?/sec)\)[ \t]*:[ \t]*")
            .expect("static pattern compiles")
    });
    let item = ITEM.get_or_init(|| {
        crate::claim::re::compile(&format!(
            r"\A([a-z][a-z _]{{0,20}}?)[ \t]*[:=]?[ \t]*{NUM}[ \t]*(?:,[ \t]*|;[ \t]*|\.?(?:\s|$))"
        ))
        .expect("static pattern compiles")
    });
    let mut out = Vec::new();
    for h in head.captures_iter(lower).take(32) {
        let mut at = whole(&h).end;
        let mut found = Vec::new();
        while let Some(c) = item.captures(&lower[at..]) {
            let name = c.get(1).map_or("", |m| m.as_str()).trim();
            let kind = match name {
                "prefill" | "prompt" | "pp" | "prompt eval" | "prompt processing" | "input" => {
                    Some(FigureKind::PrefillThroughput)
                }
                "decode" | "generation" | "gen" | "tg" | "eval" | "generate" => {
                    Some(FigureKind::DecodeThroughput)
                }
                "output" => Some(FigureKind::ThroughputOutput),
                "total" => Some(FigureKind::ThroughputTotal),
                _ => None,
            };
            let (Some(kind), Some(v)) = (kind, c.get(2).and_then(|m| num(m.as_str()))) else {
                break;
            };
            let n = c.get(2).expect("group 2");
            let span = Span {
                start: at + c.get(1).map_or(n.start(), |m| m.start()),
                end: at + n.end(),
            };
            let mut f = Figure::new(v, "tok/s", kind, span);
            f.kind_stated = true;
            f.label = Some(name.to_string());
            found.push(f);
            at += whole(&c).end;
            if found.len() >= 6 {
                break;
            }
        }
        // One named number is a label's value, read by the label patterns.
        if found.len() >= 2 {
            out.extend(found);
        }
    }
    out
}

#[derive(Clone)]
pub(super) struct Cand {
    pub(super) fig: Figure,
    /// Lower goes first.
    pub(super) prio: i32,
}

pub(super) fn prio_of(f: &Figure) -> i32 {
    use FigureKind::*;
    match (f.kind, f.scope) {
        (
            ThroughputOutput | ThroughputTotal | ThroughputUnspecified | DecodeThroughput,
            Some(Scope::PerUser),
        ) => 1,
        (ThroughputOutput | ThroughputTotal | ThroughputUnspecified | DecodeThroughput, _) => 0,
        (ThroughputPerUser, _) => 1,
        (PrefillThroughput, _) => 2,
        // CLAIMS.md §1 rule 3: with no throughput, TPOT or ITL; never the request rate unless
        // nothing else; TTFT or E2E only when nothing else is given.
        (Tpot | Itl, _) => 3,
        (RequestRate, _) => 4,
        _ => 5,
    }
}

/// A match of an anchored pattern run `base` bytes into the haystack.
pub(super) struct Tail<'h> {
    base: usize,
    caps: Captures<'h>,
}

impl<'h> Tail<'h> {
    pub(super) fn str(&self, i: usize) -> Option<&'h str> {
        self.caps.get(i).map(|m| m.as_str())
    }
}

impl Groups for Tail<'_> {
    fn span(&self, i: usize) -> Option<Span> {
        self.caps.get(i).map(|m| Span {
            start: self.base + m.start(),
            end: self.base + m.end(),
        })
    }
}

/// The matches of `label` + [`LABEL_TAIL`] in `hay`, as the regex would find them one after the
/// other: each as where its label starts and the tail's groups (on `hay`).
///
/// The lazy, bounded label makes that regex slow (a thread per start and count). Found directly:
/// the tail runs anchored only where a label can end (a label byte before it, a `(` or `:` after
/// optional `"` and spaces); for a label ending at `q` the earliest start is the first `[a-z]`
/// from `max(from, q - 61, start of the label-byte run ending at q)`, a bound that never falls
/// as `q` grows, so the first `q` that has a start gives the leftmost match, with the shortest
/// label, as the regex's leftmost-first rule picks.
pub(super) fn labelled_matches<'h>(
    hay: &'h str,
    tail: &'h Regex,
) -> impl Iterator<Item = (usize, Tail<'h>)> + 'h {
    let b = hay.as_bytes();
    let label_byte =
        |x: u8| x.is_ascii_lowercase() || x.is_ascii_digit() || b"_ .[]/-".contains(&x);
    let mut from = 0;
    std::iter::from_fn(move || {
        for q in from + 1..=b.len() {
            if !label_byte(b[q - 1]) {
                continue;
            }
            let mut j = q;
            // A quoted key (`"output_tps":`, a Python dict's `'tokens/sec':`).
            if matches!(b.get(j), Some(b'"' | b'\'')) {
                j += 1;
            }
            while b
                .get(j)
                .is_some_and(|&x| x.is_ascii_whitespace() || x == 0x0b)
            {
                j += 1;
            }
            if !matches!(b.get(j), Some(b'(' | b':')) {
                continue;
            }
            let mut lo = q - 1;
            while lo > from && lo + 61 > q && label_byte(b[lo - 1]) {
                lo -= 1;
            }
            let Some(start) = (lo..q).find(|&i| b[i].is_ascii_lowercase()) else {
                continue;
            };
            let Some(caps) = tail.captures(&hay[q..]) else {
                continue;
            };
            let t = Tail { base: q, caps };
            from = whole(&t).end;
            return Some((start, t));
        }
        from = b.len();
        None
    })
}

/// Spans already read as figures: none of them overlap, so the one starting last before a span's
/// end is the only one that can overlap it.
#[derive(Default)]
pub(super) struct Taken(std::collections::BTreeMap<usize, usize>);

impl Taken {
    /// Takes `s` unless it overlaps a span already taken.
    pub(super) fn take(&mut self, s: Span) -> bool {
        if self
            .0
            .range(..s.end)
            .next_back()
            .is_some_and(|(_, &end)| s.start < end)
        {
            return false;
        }
        let end = self.0.entry(s.start).or_insert(s.end);
        *end = (*end).max(s.end);
        true
    }
}

/// In a pipe table whose header has two rate columns, the first naming the baseline (`t/s
/// master`, `main`, `base`, `before`) and another after it (`t/s gg/metal-fa-f16`): the number
/// in the later column of the row holding `at`, and its cell's span.
fn changed_column(lower: &str, at: usize) -> Option<(f64, Span)> {
    let at = floor_boundary(lower, at.min(lower.len()));
    let row_start = lower[..at].rfind('\n').map_or(0, |i| i + 1);
    let row_end = lower[at..].find('\n').map_or(lower.len(), |i| at + i);
    let row = &lower[row_start..row_end];
    if !row.trim_start().starts_with('|') {
        return None;
    }
    // The header: the nearest line above with a `t/s` column, within 40 lines.
    let header = lower[..row_start]
        .lines()
        .rev()
        .take(40)
        .find(|l| l.contains('|') && l.contains("t/s"))?;
    let cols: Vec<&str> = header.split('|').map(str::trim).collect();
    let rates: Vec<usize> = (0..cols.len())
        .filter(|&i| cols[i].starts_with("t/s"))
        .collect();
    let base = |h: &str| {
        ["master", "main", "base", "baseline", "before", "old"]
            .iter()
            .any(|w| h.split_whitespace().any(|t| t == *w))
    };
    let (&first, &later) = (rates.first()?, rates.get(1)?);
    if !base(cols[first]) || base(cols[later]) {
        return None;
    }
    // The row's cell at that index, with its byte offsets.
    let mut from = row_start;
    for (i, cell) in row.split('|').enumerate() {
        if i == later {
            let t = cell.trim();
            let v = num(t.trim_matches('*'))?;
            let s = from + cell.find(t).unwrap_or(0);
            return Some((
                v,
                Span {
                    start: s,
                    end: s + t.len(),
                },
            ));
        }
        from += cell.len() + 1;
    }
    None
}

/// Every figure in the text, headline first.
pub(super) fn read_figures(lower: &str) -> Vec<Figure> {
    let p = patterns();
    let lines = LineStarts::new(lower);
    // `compare-llama-bench.py`'s header names its rate columns `t/s …`: without one no row has
    // a changed column to read (checked once, not per row).
    let rate_columns = lower.contains("t/s");
    let mut cands: Vec<Cand> = Vec::new();
    let mut taken = Taken::default();
    let push = |cands: &mut Vec<Cand>, taken: &mut Taken, f: Figure, bonus: i32| {
        // A rate or time of zero measured nothing (TGI's `Throughput: 0.0 tokens/s` when its
        // script failed to count): no figure, as a negative one is none.
        if f.value == 0.0 || negative(lower, f.span) || !taken.take(f.span) {
            return;
        }
        // Half steps: among figures of one rank, an output rate before a total one (CLAIMS.md
        // §1 rule 3: output, then total).
        let half = i32::from(matches!(
            f.kind,
            FigureKind::ThroughputTotal | FigureKind::ThroughputUnspecified
        ));
        let prio = 2 * (prio_of(&f) + bonus + standing(lower, f.span)) + half;
        cands.push(Cand { fig: f, prio });
    };

    // llama-bench rows: pp = prompt processing, tg = generation, pp+tg = both phases averaged.
    for c in p.bench_row.captures_iter(lower) {
        let Some(mut v) = num(&c[2]) else { continue };
        let mut span = whole(&c);
        // A scenario named by both tests (`pp1024/tg128   454.2   10.11 …`, a row label of
        // another tool's table) is no llama-bench row: the number after it is the next column's.
        if lower[..span.start].ends_with('/') {
            continue;
        }
        // `compare-llama-bench.py`'s table (`t/s master | t/s <branch> | Speedup`): the
        // change's column, not the baseline's (CLAIMS.md §1.6).
        if let Some((w, s)) = rate_columns
            .then(|| changed_column(lower, span.start))
            .flatten()
        {
            v = w;
            span.end = s.end;
        }
        let test = &c[1];
        let (kind, bonus) = if test.contains('+') {
            (FigureKind::ThroughputTotal, 2)
        } else if test.starts_with("pp") {
            (FigureKind::PrefillThroughput, 0)
        } else {
            (FigureKind::DecodeThroughput, 0)
        };
        let mut f = Figure::new(v, "tok/s", kind, span);
        f.scope = Some(Scope::PerUser);
        f.label = Some(test.to_string());
        f.kind_stated = true;
        push(&mut cands, &mut taken, f, bonus);
    }
    for c in p.label_unit_value.captures_iter(lower) {
        let span = whole(&c);
        if let Some(word) = c.get(1) {
            let Some(v) = num(&c[2]) else { continue };
            let k = kind_from_words(word.as_str()).unwrap_or(FigureKind::ThroughputUnspecified);
            let mut f = Figure::new(v, "tok/s", k, span);
            f.kind_stated = true;
            f.label = Some(
                lower[span.start..span.end]
                    .rsplit_once(' ')
                    .map(|x| x.0)
                    .unwrap_or("")
                    .to_string(),
            );
            if k != FigureKind::PrefillThroughput {
                f.scope = Some(Scope::Aggregate);
            }
            push(&mut cands, &mut taken, f, 0);
        } else {
            let Some(v) = num(&c[6]) else { continue };
            let kind = match &c[3] {
                "ttft" => FigureKind::Ttft,
                "tpot" => FigureKind::Tpot,
                "e2e" => FigureKind::E2eLatency,
                _ => FigureKind::Itl,
            };
            let mut f = Figure::new(v, &c[5], kind, span);
            f.scope = Some(Scope::PerUser);
            f.percentile = c
                .get(4)
                .map(|m| m.as_str().replace("avg", "mean").replace("median", "p50"));
            f.kind_stated = true;
            f.scope_stated = true;
            push(&mut cands, &mut taken, f, 0);
        }
    }
    // A phase with a bare number (`TOKEN GENERATION IS 1.7`, `pp: 250`): tokens per second by
    // the llama.cpp convention, one stream's, when no unit or other word follows the number.
    for c in p.phase_bare.captures_iter(lower) {
        let span = whole(&c);
        let after = lower[span.end..].trim_start_matches([' ', '\t']);
        let bare = after.is_empty()
            || after.starts_with(['\n', '\r', ',', ';', ')'])
            || (after.starts_with('.') && !after[1..].starts_with(|ch: char| ch.is_ascii_digit()));
        let Some(v) = num(&c[3]).filter(|_| bare) else {
            continue;
        };
        let name = c.get(1).or(c.get(2)).map_or("", |m| m.as_str());
        let kind = if name.starts_with('p') {
            FigureKind::PrefillThroughput
        } else {
            FigureKind::DecodeThroughput
        };
        let mut f = Figure::new(v, "tok/s", kind, span);
        f.scope = Some(Scope::PerUser);
        f.label = Some(name.to_string());
        f.kind_stated = true;
        push(&mut cands, &mut taken, f, 0);
    }
    // `label: value` lines: the pattern runs only in a window before each `:` that a number
    // follows (a lazy label over the whole text is slow with a backtracking-free engine).
    let mut prev_end = 0;
    for (colon, _) in lower.match_indices(':') {
        let rest = lower[colon + 1..].trim_start_matches([' ', '"', '\'']);
        // A one-number list (`'tokens/sec': [17.6]`, a Python dict of results): its number.
        let rest = rest.strip_prefix('[').unwrap_or(rest);
        // A hedge before the value (`: approximately 6`, `: ~40`) as the label tail allows.
        let rest = [
            "approximately",
            "approx.",
            "approx",
            "about",
            "around",
            "roughly",
            "~",
        ]
        .iter()
        .find_map(|w| rest.strip_prefix(w))
        .map_or(rest, str::trim_start);
        if !rest.starts_with(|ch: char| ch.is_ascii_digit()) || colon < prev_end {
            continue;
        }
        // A colon between digits is a clock or a ratio (`02:25:54`, `16:9`), not a label's:
        // read as one, its window would end inside the number of the label after it.
        if lower[..colon].ends_with(|ch: char| ch.is_ascii_digit())
            && lower[colon + 1..].starts_with(|ch: char| ch.is_ascii_digit())
        {
            continue;
        }
        let ws = floor_boundary(lower, colon.saturating_sub(96)).max(prev_end);
        let we = floor_boundary(lower, colon + 48);
        let window = &lower[ws..we];
        let Some((label_start, c)) =
            labelled_matches(window, &p.label_tail).find(|(_, c)| ws + whole(c).end > colon)
        else {
            continue;
        };
        let Some(v) = c.str(2).and_then(num) else {
            continue;
        };
        // The unit is an earlier value's (`Decode TPS:11.6 tokens/sec Output tokens : 169`: the
        // number before it is a key's value), so the label after it names a count, not a rate.
        {
            let label = &window[label_start..span_of(&c, 0).start];
            let pre = lower[..ws + label_start].trim_end();
            let pre = &pre[floor_boundary(pre, pre.len().saturating_sub(24))..];
            let key =
                pre.trim_end_matches(|ch: char| ch.is_ascii_digit() || ch == '.' || ch == ',');
            let unit_first = ["tokens/s", "tok/s", "token/s", "t/s"]
                .iter()
                .any(|u| label.starts_with(u));
            if unit_first && key.len() < pre.len() && key.trim_end().ends_with([':', '=']) {
                continue;
            }
        }
        // A run of words longer than a label (61 bytes) that ends in a colon is a sentence
        // ("SGLang delivers 1.9x higher decode throughput than vLLM on one H100: 3,450 vs …"),
        // not a label: its figures are read by their units.
        let label_end = ws + span_of(&c, 0).start;
        let run = lower.as_bytes()[..label_end]
            .iter()
            .rev()
            .take(62)
            .take_while(|&&x| {
                x.is_ascii_lowercase() || x.is_ascii_digit() || b"_ .[]/-".contains(&x)
            })
            .count();
        if run > 61 {
            continue;
        }
        // A label starts after the last sentence break before it (`24,300 tokens/s. System: 8x
        // H200`: the label is `system`, not the previous sentence's unit).
        let label_start = window[label_start..span_of(&c, 0).start]
            .rfind(". ")
            .map_or(label_start, |i| label_start + i + 2);
        let label = &window[label_start..span_of(&c, 0).start];
        // A statistic between the unit and the colon (`Generation throughput (tokens/second)
        // avg: 80.786`) belongs to the label.
        let head = &window[span_of(&c, 0).start..span_of(&c, 2).start];
        let stat = head
            .rsplit_once(')')
            .map_or(head, |(_, t)| t)
            .trim_matches([' ', ':', '"']);
        let with_stat;
        let label = if stat.is_empty() || stat.contains(':') {
            label
        } else {
            with_stat = format!("{} {stat}", label.trim_end());
            with_stat.as_str()
        };
        let unit = c.str(1).unwrap_or("");
        let after_unit = c.str(3).unwrap_or("");
        let span = Span {
            start: ws + label_start,
            end: ws + whole(&c).end,
        };
        prev_end = span.end;
        // After the number itself (the tail's trailing spaces may run onto the next line).
        let number_end = ws + span_of(&c, 2).end;
        if after_unit.is_empty() && followed_by_rate(lower, number_end) {
            continue; // the unit follows the number: read by the unit patterns
        }
        if let Some(f) = labelled_figure(label, unit, after_unit, v, span) {
            let bonus = gain_bonus(lower, span.end);
            push(&mut cands, &mut taken, f, bonus);
        }
    }
    // llama-bench's JSON output (`-o json`): each test's `"avg_ts"` (tokens per second) is
    // prompt processing when its object's `"n_gen"` is 0 and token generation when its
    // `"n_prompt"` is 0 (the tool's `pp512` and `tg128` rows).
    if lower.contains("\"avg_ts\"") {
        static AVG_TS: OnceLock<Regex> = OnceLock::new();
        let re = AVG_TS.get_or_init(|| {
            crate::claim::re::compile(r#""avg_ts"\s*:\s*(\d+(?:\.\d+)?)"#)
                .expect("static pattern compiles")
        });
        let field = |obj: &str, key: &str| -> Option<u64> {
            let at = obj.rfind(key)? + key.len();
            let rest = obj[at..].trim_start_matches(['"', ':', ' ']);
            let end = rest
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(rest.len());
            rest[..end].parse().ok()
        };
        for c in re.captures_iter(lower).take(64) {
            let m = c.get(1).expect("group 1");
            let obj_start = lower[..m.start()].rfind('{').unwrap_or(0);
            let obj = &lower[obj_start..m.start()];
            let kind = match (field(obj, "\"n_prompt\""), field(obj, "\"n_gen\"")) {
                (Some(p), Some(0)) if p > 0 => FigureKind::PrefillThroughput,
                (Some(0), Some(g)) if g > 0 => FigureKind::DecodeThroughput,
                _ => continue,
            };
            let Ok(v) = m.as_str().parse::<f64>() else {
                continue;
            };
            let span = Span {
                start: m.start(),
                end: m.end(),
            };
            let mut f = Figure::new(v, "tok/s", kind, span);
            f.kind_stated = true;
            f.label = Some("avg_ts".into());
            push(&mut cands, &mut taken, f, 0);
        }
    }
    // Records with the unit in parentheses after the label and no colon, found near `anchors`:
    // each is a labelled figure like `label: value` (groups: label, unit, number).
    let records = |re: &Regex, anchors: &[&str], back: usize, fwd: usize| -> Vec<Figure> {
        captures_near(lower, re, anchors, back, fwd)
            .into_iter()
            .take(64)
            .filter_map(|c| {
                let (label, unit, n) = (c.get(1)?, c.get(2)?, c.get(3)?);
                let span = Span {
                    start: label.start(),
                    end: n.end(),
                };
                labelled_figure(label.as_str(), unit.as_str(), "", num(n.as_str())?, span)
            })
            .collect()
    };
    // `label(unit) value`, as TensorRT-LLM's C++ benchmark prints its summary (`[BENCHMARK]
    // token_throughput(token/sec) 4266.5`).
    if lower.contains("throughput(") {
        static BARE: OnceLock<Regex> = OnceLock::new();
        let re = BARE.get_or_init(|| {
            crate::claim::re::compile(&format!(
                r"\b([a-z_]*throughput[a-z_]*)\(([a-z/]{{1,16}})\)[ \t]+{NUM}"
            ))
            .expect("static pattern compiles")
        });
        for f in records(re, &["throughput("], 48, 64) {
            push(&mut cands, &mut taken, f, 0);
        }
    }
    // A rate unit heading a list of named phases: KTransformers' per-request log line
    // (`Performance(T/s): prefill 0.07, decode 0.21`), `Throughput (tok/s): prompt 1200,
    // generation 35`. Each number takes the unit and the phase its own name says.
    if lower.contains("/s):") || lower.contains("/s) :") {
        for f in phase_list(lower) {
            push(&mut cands, &mut taken, f, 0);
        }
    }
    // A space-aligned record line, `Label (unit)` then padding then the value (`Token QPS
    // (token/s)            1587.65`, `Service QPS (req/s)  1.59`, as TensorRT-LLM's benchmark
    // scripts print their summaries).
    if lower.contains("(token") || lower.contains("(tok/s)") || lower.contains("(req/s)") {
        static ALIGNED: OnceLock<Regex> = OnceLock::new();
        let re = ALIGNED.get_or_init(|| {
            crate::claim::re::compile(&format!(
                r"(?m)^[ \t]*([a-z][a-z0-9_ ]{{0,40}}?)[ \t]*\((tokens?/s(?:ec)?|tok/s|req/s)\)[ \t]+{NUM}[ \t]*$"
            ))
            .expect("static pattern compiles")
        });
        for f in records(re, &["(token", "(tok/s)", "(req/s)"], 64, 48) {
            push(&mut cands, &mut taken, f, 0);
        }
    }
    // The same record in a sentence, the value after a word for "is about" (`Output token
    // throughput (tok/s) 约为 20`, `… (tok/s) is about 20`).
    if lower.contains("(tok") || lower.contains("(req/s)") {
        static PROSE: OnceLock<Regex> = OnceLock::new();
        let re = PROSE.get_or_init(|| {
            crate::claim::re::compile(&format!(
                r"([a-z][a-z0-9_ ]{{0,40}}?)[ \t]*\((tokens?/s(?:ec)?|tok/s|req/s)\)[ \t]*(?:约为|大约为|大约|约|为|是|is about|is around|is approximately|of about|of around|≈)[ \t]*~?{NUM}"
            ))
            .expect("static pattern compiles")
        });
        // Searched near the connecting words, far rarer than the units.
        let about = [
            "约",
            ")为",
            ") 为",
            ")是",
            ") 是",
            "is about",
            "is around",
            "is approximately",
            "of about",
            "of around",
            "≈",
        ];
        for f in records(re, &about, 80, 24) {
            push(&mut cands, &mut taken, f, 0);
        }
    }
    // The unit written as the metric's name, then a word for "is" and the value, as Chinese
    // posts write it (`自回归tokens/s仅为40.24`, "the autoregressive tokens/s is only 40.24";
    // `吞吐 token/s 达到 1500`).
    if lower.contains("/s") {
        static UNIT_IS: OnceLock<Regex> = OnceLock::new();
        let re = UNIT_IS.get_or_init(|| {
            crate::claim::re::compile(&format!(
                r"([^\s\d(/|:：，,。]{{0,24}}?)[ \t]*(tokens?/s(?:ec)?|tok/s|t/s)[ \t]*(?:仅为|只有|大约为|约为|大约|约|为|是|达到了?|高达|可达|能达到)[ \t]*~?{NUM}"
            ))
            .expect("static pattern compiles")
        });
        let is = [
            "仅为", "只有", "约", "/s为", "/s 为", "/s是", "/s 是", "达到", "高达", "可达",
        ];
        for f in records(re, &is, 96, 24) {
            push(&mut cands, &mut taken, f, 0);
        }
    }
    for c in p.throughput.captures_iter(lower) {
        if let Some(mut f) = throughput_figure(lower, &lines, &c, false) {
            let mut bonus = gain_bonus(lower, f.span.end);
            if before(lower, f.span.start, 40).contains("currently") {
                bonus -= 1;
            }
            if author_marked(lower, f.span) {
                bonus -= 1;
            }
            // The author's tuned result after a change they made ("I increased batch size and
            // reached 5500 tokens per second"): the best tuned result beats the first one
            // (CLAIMS.md §1.6).
            let clause = before(lower, f.span.start, 80);
            let clause = clause.rsplit(['.', '\n']).next().unwrap_or(clause);
            if [
                "i increased",
                "we increased",
                "after increasing",
                "by increasing",
                "i raised",
                "we raised",
                "after tuning",
                "i tuned",
                "we tuned",
                "with tuning",
            ]
            .iter()
            .any(|w| clause.contains(w))
            {
                bonus -= 2;
            }
            // The value a change brought the rate to ("the rate jumped to 39 tokens per
            // second", "bumps the generation speed to around 45 TPS"): the tuned result
            // (CLAIMS.md §1.6).
            if changed_to(lower, f.span.start) {
                bonus -= 2;
            }
            // An interactivity target (`at an interactivity of 50 tokens/s/user`, `at 50
            // tok/s/user interactivity`) is a setting, not the result (CLAIMS.md §1.1, §3 Load).
            if before(lower, f.span.start, 32).contains("interactivity")
                || after(lower, f.span.end, 24)
                    .trim_start()
                    .starts_with("interactivity")
            {
                bonus += 2;
            }
            match llama_timing(lower, f.span.start) {
                Some(LlamaTiming::Sampling) => continue,
                // A rate printed while the request still ran ranks after its final summary.
                Some(LlamaTiming::Running) => bonus += 1,
                Some(LlamaTiming::Phase(kind, label)) => {
                    f.kind = kind;
                    f.kind_stated = true;
                    f.scope = Some(Scope::PerUser);
                    f.scope_stated = true;
                    f.label = Some(label.into());
                    // The request's own summary over its whole decode beats a running estimate
                    // (`tg = 32.79 t/s` printed while it ran): CLAIMS.md §1.6.
                    bonus -= 1;
                }
                None => {}
            }
            let listed = listed_before(lower, f.span.start);
            let sweep =
                !listed.is_empty() && sweep_words_near(lower, listed[0].1.start, f.span.end);
            for (v, span) in listed {
                let mut g = f.clone();
                g.value = v;
                g.value_high = None;
                g.span = span;
                // A list of results (`15,944 and 15,343 tok/s respectively`) compares setups:
                // the first heads (CLAIMS.md §1.5); over a setting's values it is a sweep, read
                // at its last point, the unit's own figure.
                push(&mut cands, &mut taken, g, bonus + i32::from(sweep));
            }
            // "from 28 tokens per second to 63": the unit is written once, after the old
            // value; the new one is the same kind of figure and the tuned result (§1.6).
            if let Some((v, span)) = from_to_value(lower, f.span) {
                let mut g = f.clone();
                g.value = v;
                g.value_high = None;
                g.span = span;
                push(&mut cands, &mut taken, g, bonus - 2);
            }
            push(&mut cands, &mut taken, f, bonus);
        }
    }
    for c in p.tps.captures_iter(lower) {
        if let Some(f) = throughput_figure(lower, &lines, &c, true) {
            let bonus = gain_bonus(lower, f.span.end);
            push(&mut cands, &mut taken, f, bonus);
        }
    }
    // The unit written as a label before its number without a colon (`TTFT 25.7ms / TPS 60.9`):
    // not when a number stands right before it (`1000 TPS 50 users`: TPS is that number's unit).
    if lower.contains("tps ") {
        static LABEL_FIRST: OnceLock<Regex> = OnceLock::new();
        let re = LABEL_FIRST.get_or_init(|| {
            crate::claim::re::compile(&format!(r"(?:^|[\s/|,(])tps\s+{NUM}"))
                .expect("static pattern compiles")
        });
        for c in captures_near(lower, re, &["tps "], 16, 24) {
            let m = c.get(0).expect("group 0");
            let before = lower[..m.start()].trim_end_matches([' ', '/', '|', ',', '(', '\t']);
            let rest = &lower[m.end()..];
            let unit_after = rest
                .trim_start()
                .starts_with(|ch: char| ch.is_alphabetic() || ch == '%' || ch == '/');
            if before.ends_with(|ch: char| ch.is_ascii_digit())
                || unit_after
                || continues_number(lower, m.end())
            {
                continue;
            }
            let Some(v) = num(&c[1]) else { continue };
            let span = Span {
                start: c.get(1).expect("group 1").start(),
                end: m.end(),
            };
            let mut f = Figure::new(v, "tok/s", FigureKind::ThroughputUnspecified, span);
            // The line's lead (`- TensorRT-LLM:`) names the figure's setup: a block printed
            // again later (`**FP8:**` after `**FP16:**`) repeats it.
            let line = &lower[lower[..span.start].rfind('\n').map_or(0, |i| i + 1)..span.start];
            if let Some((lead, _)) = line.split_once(':').filter(|(l, _)| l.len() <= 40) {
                f.label = Some(format!("{}:", lead.trim_start_matches([' ', '-', '*'])));
            }
            push(&mut cands, &mut taken, f, 0);
        }
    }
    // A unit heading a list item (`c=64 tokens/s/user: 254 -> 256`): its value, the end of a
    // change written as arrows (the tuned result, CLAIMS.md §1.6).
    for c in p.unit_colon_value.captures_iter(lower) {
        let chain = c.get(3).map_or("", |m| m.as_str());
        let last = chain
            .rsplit(['>', '→'])
            .next()
            .map(|t| t.trim().trim_start_matches('~'))
            .filter(|t| !t.is_empty() && !chain.is_empty());
        let (v, at) = match last.and_then(|t| num(t.trim_end_matches([',', '.']))) {
            Some(v) => (v, c.get(3).expect("chain").end()),
            None => {
                let Some(v) = num(&c[2]) else { continue };
                (v, c.get(2).expect("value").end())
            }
        };
        let unit = &c[1];
        // Only a per-user or per-GPU unit, or a change, is read here; a plain `Total TPS: 3922`
        // is the other patterns'.
        let u0 = c.get(1).expect("unit").start();
        let line_start = lower[..u0]
            .rsplit('\n')
            .next()
            .is_some_and(|l| l.trim_start_matches([' ', '\t', '-', '*', '•']).is_empty());
        if chain.is_empty() && !unit.ends_with("/user") && !unit.ends_with("/gpu") && !line_start {
            continue;
        }
        let (kind, scope) = if unit.ends_with("/user") {
            (FigureKind::ThroughputPerUser, Some(Scope::PerUser))
        } else if unit.ends_with("/gpu") {
            (FigureKind::ThroughputUnspecified, Some(Scope::PerGpu))
        } else {
            (FigureKind::ThroughputUnspecified, None)
        };
        let span = Span {
            start: c.get(1).expect("unit").start(),
            end: at,
        };
        let mut f = Figure::new(v, "tok/s", kind, span);
        f.scope = scope;
        f.kind_stated = kind != FigureKind::ThroughputUnspecified;
        f.scope_stated = scope.is_some();
        push(&mut cands, &mut taken, f, 0);
    }
    for c in p.per_second_of.captures_iter(lower) {
        let Some(v) = num(&c[1]) else { continue };
        let span = whole(&c);
        let mut f = Figure::new(v, "tok/s", FigureKind::ThroughputUnspecified, span);
        // Paired with a time to first token: one request's view.
        if after(lower, span.end, 80).contains("first-token")
            || after(lower, span.end, 80).contains("first token")
        {
            f.kind = FigureKind::ThroughputPerUser;
            f.scope = Some(Scope::PerUser);
            f.kind_stated = true;
        }
        push(&mut cands, &mut taken, f, 0);
    }
    // Chinese per-second forms: `63.33 tokens / 秒`, `每秒1200 Token`, `8 token/秒`,
    // `每秒 10.2 個詞元`; Japanese `毎秒 40 トークン`, `1秒あたり 40 トークン`; Korean
    // `초당 500개 이상 토큰` ("over 500 tokens a second"), `134.44 토큰/초`; a key that says
    // tokens replied each second (`平均每秒回复token数量: 42.49`).
    if lower.contains('秒') || lower.contains('초') {
        static ZH: OnceLock<Regex> = OnceLock::new();
        let re = ZH.get_or_init(|| {
            crate::claim::re::compile(&format!(
                r"{NUM}\s*(k)?\s*(?:tokens?|toks?|トークン|토큰)\s*/\s*(?:秒|초)|(?:每秒|毎秒|1\s*秒(?:あたり|当たり|間に?)|초당)\s*(?:输出|生成|处理|약)?\s*(?:超过|约|大约|达到|可达|近)?\s*{NUM}\s*(k)?\s*(?:个|個|개)?\s*(?:이상의?\s*)?(?:tokens?|词元|詞元|トークン|토큰)|每秒\s*(?:输出|生成|回复|返回)?\s*(?:的)?\s*tokens?\s*(?:数|数量)?\s*(?:为|达到|达|是|超过|在|:|：|=)?\s*约?\s*`?{NUM}\s*(k)?"
            ))
            .expect("static pattern compiles")
        });
        for c in captures_near(lower, re, &["秒", "초"], 64, 64) {
            // The number after the unit (`63.33 tokens / 秒`), after 每秒 (`每秒1200 Token`) or
            // after the words (`每秒输出 token 数为 1,050`).
            let (v, k) = match (c.get(1), c.get(3), c.get(5)) {
                (Some(v), _, _) => (v.as_str(), c.get(2)),
                (None, Some(v), _) => (v.as_str(), c.get(4)),
                (None, None, Some(v)) => (v.as_str(), c.get(6)),
                _ => continue,
            };
            let Some(mut v) = num(v) else { continue };
            if k.is_some() {
                v *= 1000.0;
            }
            let m = c.get(0).expect("group 0");
            let span = Span {
                start: m.start(),
                end: m.end(),
            };
            let pre = &lower[floor_boundary(lower, span.start.saturating_sub(40))..span.start];
            let mut f = Figure::new(v, "tok/s", FigureKind::ThroughputUnspecified, span);
            if pre.contains("输出") || m.as_str().contains("输出") || m.as_str().contains("生成")
            {
                f.kind = FigureKind::ThroughputOutput;
                f.kind_stated = true;
            } else if pre.contains("生成速度") {
                // 生成速度 ("generation speed", Chinese and Japanese) labels the token-generation
                // phase, as "generation speed" does (CLAIMS.md §2: decode).
                f.kind = FigureKind::DecodeThroughput;
                f.kind_stated = true;
            }
            if pre.contains("总吞吐") {
                f.scope = Some(Scope::Aggregate);
                f.scope_stated = true;
            }
            f.scope = f.scope.or(scope_from_words(pre));
            push(&mut cands, &mut taken, settle(f), 0);
        }
    }
    for c in p.rate_units.captures_iter(lower) {
        let Some(v) = num(&c[1]) else { continue };
        let span = whole(&c);
        let mut f = Figure::new(v, "req/s", FigureKind::RequestRate, span);
        let samples = c[2].starts_with("sample");
        let said = scope_from_words(after(lower, span.end, 80));
        f.scope = said.or(Some(Scope::Aggregate));
        f.kind_stated = !samples;
        f.scope_stated = !samples || said.is_some();
        f.label = Some(c[2].to_string());
        // Progress-bar it/s is a running estimate; it never heads the claim.
        push(&mut cands, &mut taken, f, if &c[2] == "it" { 5 } else { 0 });
    }
    for c in p.ms_per_token.captures_iter(lower) {
        let Some(v) = num(&c[1]) else { continue };
        let span = whole(&c);
        // llama.cpp's `sample time` line: the sampler's cost per token, no decode latency;
        // its `prompt eval time` line: prefill time per prompt token, no TPOT either.
        let timing_line = {
            let from = floor_boundary(lower, span.start.saturating_sub(200));
            let line = &lower[from..span.start];
            line.rfind('\n').map_or(line, |i| &line[i + 1..])
        };
        if matches!(
            last_timing_label(timing_line),
            Some("sample time" | "prompt eval time")
        ) {
            continue;
        }
        // KoboldCpp's `Processing:99.62s (14.6ms/T)` and "prompt ingestion … 21ms/T": the time
        // per prompt token, a prefill rate, not a time per output token.
        // The end of the timing line read above, within its cell.
        let window =
            &timing_line[floor_boundary(timing_line, timing_line.len().saturating_sub(60))..];
        let window = window.rfind('|').map_or(window, |i| &window[i + 1..]);
        let window = window.rfind(". ").map_or(window, |i| &window[i + 1..]);
        let clause = ["generat", "decod", "output"]
            .iter()
            .filter_map(|w| window.rfind(w))
            .max()
            .map_or(window, |i| &window[i..]);
        if ["processing", "ingestion", "prefill", "prompt eval"]
            .iter()
            .any(|w| clause.contains(w))
        {
            continue;
        }
        // Seconds per token (`0.8 s/token`, `0.8秒/token`): a slow decode, in its own unit.
        let unit = if c.get(3).is_some_and(|u| u.as_str().starts_with('m')) {
            "ms/token"
        } else {
            "s/token"
        };
        let mut f = Figure::new(v, unit, FigureKind::Tpot, span);
        // `71-72ms/token`: a range, its low end the value (CLAIMS.md §1 rule 7).
        f.value_high = c.get(2).and_then(|g| num(g.as_str())).filter(|&h| h > v);
        f.scope = Some(Scope::PerUser);
        f.kind_stated = true;
        f.scope_stated = true;
        let bonus = if before(lower, span.start, 40).contains("currently") {
            -1
        } else {
            0
        };
        push(&mut cands, &mut taken, f, bonus);
    }
    for c in p
        .latency_before
        .captures_iter(lower)
        .chain(p.latency_is.captures_iter(lower))
        .chain(p.latency_from_to.captures_iter(lower))
    {
        let span = Span {
            start: span_of(&c, 2).start,
            end: whole(&c).end,
        };
        let Some(v) = num(&c[2]) else { continue };
        // A run's total inference time (`Total inference time: 310 s`) is no request's latency.
        if c[1].starts_with("inference") && before(lower, whole(&c).start, 12).contains("total") {
            continue;
        }
        // A latency named right after its own unit (`lower latency on SDXL, sub-200 ms time to
        // first token`): that name is the figure's, read with the names after a number below.
        let rest = lower[whole(&c).end..].trim_start();
        if [
            "ttft",
            "time to first token",
            "time-to-first-token",
            "tpot",
            "time per output token",
            "itl",
            "inter-token",
            "inter token",
            "tbt",
            "e2e latency",
            "end-to-end latency",
        ]
        .iter()
        .any(|w| {
            rest.strip_prefix(w)
                .is_some_and(|r| !r.starts_with(|ch: char| ch.is_ascii_alphanumeric()))
        }) {
            continue;
        }
        let kind = match &c[1] {
            k if k.starts_with("ttft") || k.starts_with("time") && k.contains("first") => {
                FigureKind::Ttft
            }
            // "Time between tokens" (TBT): the inter-token latency.
            k if k.starts_with("itl")
                || k.starts_with("inter")
                || k.starts_with("tbt")
                || k.starts_with("time between") =>
            {
                FigureKind::Itl
            }
            // TGI's log field `time_per_token="49.28ms"` too.
            k if k.starts_with("tpot") || k.starts_with("time per") || k == "time_per_token" => {
                FigureKind::Tpot
            }
            // "Average latency per output token: 1.10 s" is a time per output token.
            _ if lower[c.get(1).map_or(0, |m| m.end())..span.start]
                .contains("per output token") =>
            {
                FigureKind::Tpot
            }
            // "next-token latency" (IPEX-LLM's "2nd token latency") is the time per output
            // token, "first-token latency" ("1st token latency") the TTFT (Intel's and others'
            // names for them).
            "latency"
                if ["next-token ", "next token ", "2nd token ", "second token "]
                    .iter()
                    .any(|w| before(lower, whole(&c).start, 16).ends_with(w)) =>
            {
                FigureKind::Tpot
            }
            "latency"
                if ["first-token ", "first token ", "1st token "]
                    .iter()
                    .any(|w| before(lower, whole(&c).start, 16).ends_with(w)) =>
            {
                FigureKind::Ttft
            }
            // Any other "token latency" ("per-token latency", "cuts token latency to 20 ms") is
            // the time between output tokens.
            "latency"
                if {
                    let b = before(lower, whole(&c).start, 16);
                    b == "token " || b.ends_with(" token ") || b.ends_with("per-token ")
                } =>
            {
                FigureKind::Tpot
            }
            _ => FigureKind::E2eLatency,
        };
        let unit = if c[3].starts_with('m') { "ms" } else { "s" };
        let mut f = Figure::new(v, unit, kind, span);
        f.scope = Some(Scope::PerUser);
        f.kind_stated = true;
        f.scope_stated = true;
        let pre = before(lower, span.start, 40);
        f.percentile = if pre.contains("average") || pre.contains("mean") {
            Some("mean".into())
        } else {
            None
        };
        // A change written with two latencies (`TPOT from 42 ms to 35 ms`): the end of the
        // change is a figure of the same kind (CLAIMS.md §1 rule 6: the tuned result).
        static TO: OnceLock<Regex> = OnceLock::new();
        let to = TO.get_or_init(|| {
            crate::claim::re::compile(&format!(
                r"^\s*(?:to|→|->)\s*~?{NUM}\s*(ms|milliseconds?|s|sec|seconds)\b"
            ))
            .expect("static pattern compiles")
        });
        let end_of_change = to.captures(&lower[span.end..]).and_then(|t| {
            let n = t.get(1)?;
            let v = num(n.as_str())?;
            let u = if t[2].starts_with('m') { "ms" } else { "s" };
            let mut g = Figure::new(
                v,
                u,
                f.kind,
                Span {
                    start: span.end + n.start(),
                    end: span.end + t.get(0)?.end(),
                },
            );
            g.scope = f.scope;
            g.kind_stated = true;
            g.scope_stated = true;
            g.percentile = f.percentile.clone();
            Some(g)
        });
        push(&mut cands, &mut taken, f, 0);
        if let Some(g) = end_of_change {
            push(&mut cands, &mut taken, g, 0);
        }
    }
    for f in chinese_latencies(lower) {
        push(&mut cands, &mut taken, f, 0);
    }
    for c in p.latency_after.captures_iter(lower) {
        let span = whole(&c);
        let Some(v) = num(&c[1]) else { continue };
        // The latency's name as a table header names it (`14.8 ms TPOT`, `12 ms ITL`); a
        // decoding or per-token latency (`54ms decoding latency`) is a time per output token.
        let name = &c[3];
        let kind = crate::claim::grid::latency_kind(name)
            .or_else(|| {
                (name.starts_with("decod") || name.ends_with("token latency"))
                    .then_some(FigureKind::Tpot)
            })
            .unwrap_or(FigureKind::E2eLatency);
        let unit = if c[2].starts_with('m') { "ms" } else { "s" };
        let mut f = Figure::new(v, unit, kind, span);
        f.scope = Some(Scope::PerUser);
        f.kind_stated = true;
        push(&mut cands, &mut taken, f, 0);
    }
    // Tokens per minute (`200-300K TPM`, `12,000 tokens per minute`): kept in their own unit,
    // `tok/min` (CLAIMS.md §1 rule 8), a range's low end as the value (rule 7).
    if lower.contains("tpm") || lower.contains("per minute") || lower.contains("/min") {
        static TPM: OnceLock<Regex> = OnceLock::new();
        let re = TPM.get_or_init(|| {
            crate::claim::re::compile(&format!(
                r"{NUM}\s*(k|m)?(?:\s*(?:-|–|to)\s*{NUM}\s*(k|m)?)?\s*(?:tpm\b|tokens?\s*(?:/|per)\s*min(?:ute)?\b|toks?/min\b)"
            ))
            .expect("static pattern compiles")
        });
        for c in captures_near(lower, re, &["tpm", "per minute", "/min"], 48, 16) {
            let Some(lo) = c.get(1).and_then(|g| num(g.as_str())) else {
                continue;
            };
            let hi = c.get(3).and_then(|g| num(g.as_str()));
            let mult = |g: Option<crate::claim::re::Match>| match g.map(|m| m.as_str()) {
                Some("k") => 1000.0,
                Some("m") => 1e6,
                _ => 1.0,
            };
            let k_hi = mult(c.get(4));
            // `200-300K`: the suffix belongs to both ends.
            let k_lo = if c.get(2).is_some() {
                mult(c.get(2))
            } else {
                k_hi
            };
            let m = c.get(0).expect("group 0");
            let span = Span {
                start: m.start(),
                end: m.end(),
            };
            let mut f = Figure::new(
                lo * k_lo,
                "tok/min",
                FigureKind::ThroughputUnspecified,
                span,
            );
            f.value_high = hi.map(|h| h * k_hi);
            let pre = before(lower, span.start, 48);
            if let Some(k) = kind_from_words(pre) {
                f.kind = k;
                f.kind_stated = true;
            }
            // The words after it up to the next clause (`2.4M tokens/min on a 64×H100 cluster`).
            let post = after(lower, span.end, 48);
            let post = post.split([',', ';', '.']).next().unwrap_or(post);
            f.scope = scope_from_words(pre).or_else(|| scope_from_words(post));
            f.scope_stated = f.scope.is_some();
            push(&mut cands, &mut taken, settle(f), 0);
        }
    }
    // Tokens per millisecond (kept in their own unit, CLAIMS.md §1 rule 8) and prices per
    // million tokens (`$0.59 per 1M tokens`, kind `cost`).
    if lower.contains("/ms")
        || lower.contains("per ms")
        || lower.contains("millisecond")
        || lower.contains('$')
    {
        static OTHER: OnceLock<Regex> = OnceLock::new();
        let re = OTHER.get_or_init(|| {
            crate::claim::re::compile(&format!(
                r"{NUM}\s*(?:tokens?|toks?)\s*(?:/|per)\s*(?:ms|millisecond)\b|\$\s*{NUM}\s*(?:/|per)\s*(?:1\s*m|1\s*million|million|1,000,000|m)\s*(?:output |input )?tok(?:en)?s?\b"
            ))
            .expect("static pattern compiles")
        });
        for c in captures_near(lower, re, &["/ms", "per ms", "millisecond", "$"], 48, 64) {
            let m = c.get(0).expect("group 0");
            let span = Span {
                start: m.start(),
                end: m.end(),
            };
            let f = if let Some(v) = c.get(1).and_then(|g| num(g.as_str())) {
                let mut f = Figure::new(v, "tok/ms", FigureKind::ThroughputUnspecified, span);
                let pre = before(lower, span.start, 48);
                if let Some(k) = kind_from_words(pre) {
                    f.kind = k;
                    f.kind_stated = true;
                }
                f.scope = scope_from_words(pre);
                settle(f)
            } else if let Some(v) = c.get(2).and_then(|g| num(g.as_str())) {
                let mut f = Figure::new(v, "usd/1M tokens", FigureKind::Cost, span);
                f.label = Some(m.as_str().to_string());
                f
            } else {
                continue;
            };
            push(&mut cands, &mut taken, f, 0);
        }
    }
    // Space-separated records (`tokens_per_sec 43.09`, `generation_tokens_per_second: 12.5`,
    // `mlx_lm.benchmark`'s `prompt_tps=1077.563, generation_tps=133.149`): the key holds the
    // unit.
    if lower.contains("_per_s") || lower.contains("_tps") {
        static KEYED: OnceLock<Regex> = OnceLock::new();
        let re = KEYED.get_or_init(|| {
            crate::claim::re::compile(&format!(
                r#"\b((?:[a-z]+_)*(?:tokens?|tok)_per_s(?:ec(?:ond)?)?|(?:[a-z]+_)+tps|(?:predicted|prompt)_per_second)\b"?\s*[:=]?\s*{NUM}"#
            ))
            .expect("static pattern compiles")
        });
        for c in captures_near(lower, re, &["_per_s", "_tps"], 64, 40) {
            let Some(v) = num(&c[2]) else { continue };
            let m = c.get(0).expect("group 0");
            let key = c[1].replace('_', " ");
            // TensorRT-LLM's `benchmarks/python/benchmark.py` record (`[BENCHMARK] … tokens_per_sec
            // 43.09 … generation_tokens_per_second 50.379`): `tokens_per_sec` is generated tokens
            // over the whole latency (output), `generation_tokens_per_second` over the
            // generation phase only (decode), per the maintainers' answer in TensorRT-LLM issue
            // #1393.
            let trt_record =
                line_to(lower, m.start(), 512, &['\n']).is_some_and(|l| l.contains("[benchmark]"));
            let kind = match c[1].as_ref() {
                "tokens_per_sec" | "tokens_per_second" if trt_record => {
                    Some(FigureKind::ThroughputOutput)
                }
                "generation_tokens_per_second" if trt_record => Some(FigureKind::DecodeThroughput),
                // llama-server's `timings` block (`"prompt_per_second": 66.3`,
                // `"predicted_per_second": 102.1`): one request's prefill and decode rates.
                "predicted_per_second" => Some(FigureKind::DecodeThroughput),
                "prompt_per_second" => Some(FigureKind::PrefillThroughput),
                // mistral.rs's `Usage` record (`avg_prompt_tok_per_sec`, `avg_compl_tok_per_sec`):
                // prompt and completion tokens per second.
                k if k.contains("prompt_tok") => Some(FigureKind::PrefillThroughput),
                k if k.contains("compl_tok") => Some(FigureKind::ThroughputOutput),
                // A phase's `_tps` key (`prompt_tps`, `generation_tps`): that phase's rate.
                k if k.ends_with("_tps")
                    && (k.starts_with("prompt") || k.starts_with("prefill")) =>
                {
                    Some(FigureKind::PrefillThroughput)
                }
                k if k.ends_with("_tps")
                    && (k.starts_with("generation") || k.starts_with("decode")) =>
                {
                    Some(FigureKind::DecodeThroughput)
                }
                _ => kind_from_words(&key),
            };
            let mut f = Figure::new(
                v,
                "tok/s",
                kind.unwrap_or(FigureKind::ThroughputUnspecified),
                Span {
                    start: m.start(),
                    end: m.end(),
                },
            );
            f.kind_stated = kind.is_some();
            if &c[1] == "predicted_per_second" {
                f.scope = Some(Scope::PerUser);
                f.scope_stated = true;
            }
            f.label = Some(c[1].to_string());
            push(&mut cands, &mut taken, settle(f), 0);
        }
    }
    // `latency(ms) 432.51`, `TTFT (ms) 220`: the unit in parentheses before the number.
    if lower.contains("(ms)") || lower.contains("(s)") {
        static PAREN: OnceLock<Regex> = OnceLock::new();
        let re = PAREN.get_or_init(|| {
            crate::claim::re::compile(&format!(
                r"\b(ttft|tpot|itl|e2e(?:[\s_]latency)?|latency)\s*\((ms|s)\)\s*[:=]?\s*{NUM}"
            ))
            .expect("static pattern compiles")
        });
        // Only around each `(ms)` / `(s)` (at most 64), not over the whole paste.
        let mut hits: Vec<usize> = lower
            .match_indices("(ms)")
            .chain(lower.match_indices("(s)"))
            .map(|(i, _)| i)
            .take(64)
            .collect();
        crate::stats::sort_usizes(&mut hits, &|a, b| a.cmp(&b));
        let mut last_end = 0;
        for h in hits {
            let from = floor_boundary(lower, h.saturating_sub(24)).max(last_end);
            let mut to = floor_boundary(lower, (h + 40).min(lower.len()));
            // Never inside the number, nor short of it when the gap is all padding (a tool
            // that pads its values to a column, trtllm-bench's `Total Latency (ms):` + 31
            // spaces + `77944.05`, would be read as 7794).
            let b = lower.as_bytes();
            if b[h..to].iter().all(|x| !x.is_ascii_digit()) {
                while b
                    .get(to)
                    .is_some_and(|x| matches!(x, b' ' | b'\t' | b':' | b'='))
                {
                    to += 1;
                }
            }
            while b
                .get(to)
                .is_some_and(|x| x.is_ascii_digit() || *x == b'.' || *x == b',')
            {
                to += 1;
            }
            if from >= to {
                continue;
            }
            let Some(c) = re.captures(&lower[from..to]) else {
                continue;
            };
            let Some(v) = num(&c[3]) else { continue };
            let m = c.get(0).expect("group 0");
            let m = Span {
                start: from + m.start(),
                end: from + m.end(),
            };
            last_end = m.end;
            let kind = match &c[1] {
                "ttft" => FigureKind::Ttft,
                "tpot" => FigureKind::Tpot,
                "itl" => FigureKind::Itl,
                _ => FigureKind::E2eLatency,
            };
            let mut f = Figure::new(
                v,
                &c[2],
                kind,
                Span {
                    start: m.start,
                    end: m.end,
                },
            );
            f.scope = Some(Scope::PerUser);
            f.kind_stated = true;
            push(&mut cands, &mut taken, f, 0);
        }
    }
    for c in p.request_rate.captures_iter(lower) {
        let span = whole(&c);
        if c.get(1).is_some() {
            continue; // "at 2 QPS": a condition, read with the setup.
        }
        let Some(v) = num(&c[2]) else { continue };
        // Per minute stays per minute (CLAIMS.md §2: req/s or req/min as written).
        let unit = if c.get(3).is_some() {
            "req/min"
        } else {
            "req/s"
        };
        let mut f = Figure::new(v, unit, FigureKind::RequestRate, span);
        f.scope = Some(Scope::Aggregate);
        f.kind_stated = true;
        push(&mut cands, &mut taken, f, 0);
    }
    // A throughput written without a unit, defined by a formula elsewhere in the text.
    for c in p.unitless_throughput.captures_iter(lower) {
        let Some(v) = c.get(2).and_then(|m| num(m.as_str())) else {
            continue;
        };
        let mut f = Figure::new(v, "tok/s", FigureKind::ThroughputUnspecified, whole(&c));
        // `TPS/user is 95`, `TPS per GPU: 2,100`: tokens per second with the scope it names.
        match c.get(1).map(|m| m.as_str()) {
            Some("user") => {
                f.kind = FigureKind::ThroughputPerUser;
                f.kind_stated = true;
                f.scope = Some(Scope::PerUser);
                f.scope_stated = true;
            }
            Some("gpu") => {
                f.scope = Some(Scope::PerGpu);
                f.scope_stated = true;
            }
            _ => {
                // The words before `throughput` name its tokens (`total token throughput of
                // 36.9`); the words after the number, up to the next clause, its scope (`… for
                // single requests`).
                let span = whole(&c);
                let named = format!("{} throughput", before(lower, span.start, 24));
                if let Some(k) = kind_from_words(&named) {
                    f.kind = k;
                    f.kind_stated = true;
                }
                let post = after(lower, span.end, 32);
                let post = post.split([',', ';', '.', '\n']).next().unwrap_or("");
                let post = post.split(" and ").next().unwrap_or("");
                if let Some(sc) = scope_from_words(post) {
                    f.scope = Some(sc);
                    f.scope_stated = true;
                }
            }
        }
        if let Some(i) = lower.find("throughput =") {
            let def = after(lower, i, 100);
            if def.contains("output tokens") {
                f.kind = FigureKind::ThroughputOutput;
                f.kind_stated = true;
            }
            if def.contains("batch") {
                f.scope = Some(Scope::Aggregate);
                f.scope_stated = true;
            }
        }
        push(&mut cands, &mut taken, f, 0);
    }
    // `label: number` lines under a heading that gives their unit (CLAIMS.md §1.5: the last
    // line shown heads, as in a table).
    let listed = unit_heading_list(lower);
    let n_listed = listed.len();
    for (k, f) in listed.into_iter().enumerate() {
        push(&mut cands, &mut taken, f, i32::from(k + 1 < n_listed));
    }
    // Table cells run together (`Q4_K_M108.3593.8 GB`): the first cell after the quant type, split
    // by the header's `Decode (t/s)`.
    if lower.contains("decode (t/s)") {
        for c in p.glued_gguf.captures_iter(lower) {
            let Some(v) = num(&c[2]) else { continue };
            let mut f = Figure::new(v, "tok/s", FigureKind::DecodeThroughput, span_of(&c, 2));
            f.scope = Some(Scope::PerUser);
            f.kind_stated = true;
            f.label = Some("decode (t/s)".into());
            push(&mut cands, &mut taken, f, 0);
        }
    }

    if cands.is_empty() {
        for (k, f) in prose_durations(lower).into_iter().enumerate() {
            push(&mut cands, &mut taken, f, k as i32);
        }
    }
    introduced_as_other(lower, &mut cands);
    quoted_as_other(lower, &mut cands);
    title_marked(lower, &mut cands);
    title_names_setup(lower, &mut cands);
    title_names_cost(lower, &mut cands);
    summary_marked(lower, &mut cands);
    before_after_marked(lower, &mut cands);
    clause_before_after(lower, &mut cands);
    precise_twins(&mut cands);
    let discounted = Marks::new(lower, DISCOUNTED);
    let praised = Marks::new(lower, PRAISED);
    for c in cands.iter_mut() {
        c.prio += 2 * appraisal(lower, c.fig.span, &discounted, &praised);
        // A latency written as a bound (`TPOT < 50 ms`, `P99 TPOT ≤ 100 ms`, "below the 100 ms
        // threshold") is an SLO, not a result (CLAIMS.md §1.1): it heads only when the text
        // holds nothing else.
        if c.fig.kind.is_latency() && latency_bound(lower, c.fig.span) {
            c.prio += 6;
        }
    }
    // SGLang's `bench_one_batch` prints each decode step's rate, then their median
    // (`Decode.  median latency: 0.02098 s, median throughput: 47.67 token/s`), for a warm-up
    // block and then the benchmark block: the last median is the run's decode rate, and the
    // single steps and the warm-up rank after it (CLAIMS.md §1.3: the tool's summary line).
    if lower.contains("median throughput") {
        let line = |c: &Cand| super::line_at(lower, c.fig.span.start).trim_start();
        let last_median = cands
            .iter()
            .filter(|c| line(c).contains("median throughput"))
            .map(|c| c.fig.span.start)
            .max();
        if let Some(m) = last_median {
            for c in cands.iter_mut() {
                let l = line(&*c);
                let step = ["decode.", "prefill.", "total."]
                    .iter()
                    .any(|w| l.starts_with(w));
                if step && c.fig.span.start != m {
                    c.prio += 1;
                }
            }
        }
    }
    // Running estimates (a progress bar): the last one is the closest to steady state.
    // llama-server's progress lines (`slot print_timing: … n_gen = 2778, tg = 76.98 t/s`) are
    // running averages of one generation too.
    let running =
        lower.contains("est. speed") || (lower.contains("print_timing") && lower.contains("n_gen"));
    if running {
        // A rate over a short window beside the running average (`tg_3s = 74.85 t/s`): the
        // average is the generation's rate.
        for c in cands.iter_mut() {
            let pre = &lower[floor_boundary(lower, c.fig.span.start.saturating_sub(12))
                ..c.fig.span.start.min(lower.len())];
            let key = pre.trim_end().trim_end_matches(['=', ':']).trim_end();
            let window = key
                .strip_suffix('s')
                .map(|k| k.trim_end_matches(|ch: char| ch.is_ascii_digit()))
                .is_some_and(|k| k.ends_with('_') && !key.ends_with("_s"));
            if window {
                c.prio += 2;
            }
        }
        // A finished bar (`100%| 500/500`) is the run's rate; a bar still running is an
        // estimate, so where a bar finished the unfinished ones' estimates rank after it.
        let done = |l: &str| l.contains("est. speed") && l.contains("100%");
        if lower.lines().any(done) {
            for c in cands.iter_mut() {
                let l = super::line_at(lower, c.fig.span.start);
                if l.contains("est. speed") && !l.contains("100%") {
                    c.prio += 1;
                }
            }
        }
    }
    let key = |c: &Cand| {
        (
            c.prio,
            if running {
                usize::MAX - c.fig.span.start
            } else {
                c.fig.span.start
            },
        )
    };
    let order =
        crate::stats::stable_order(cands.len(), &|a, b| key(&cands[a]).cmp(&key(&cands[b])));
    crate::stats::apply_order(&mut cands, &order);
    comparison_first(lower, &mut cands);
    let figures: Vec<Figure> = cands.into_iter().map(|c| c.fig).collect();
    // The same number said twice, once with its scope: keep the fuller one, merged.
    let mut figures = merge_unscoped_twins(figures);
    share_twin_kinds(&mut figures);
    mean_over_requests(&mut figures);
    bench_test_named_after(lower, &mut figures);
    bench_test_named_before(lower, &mut figures);
    baseline_shares_kind(lower, &mut figures);
    generation_as_decode(lower, &mut figures);
    prefill_yields(&mut figures);
    figures
}

/// A headline found to be prefill yields to the first rate of another phase (CLAIMS.md §1.4:
/// `pp` rows are prefill, not the headline).
pub(super) fn prefill_yields(figures: &mut Vec<Figure>) {
    if figures
        .first()
        .is_some_and(|f| f.kind == FigureKind::PrefillThroughput)
    {
        if let Some(i) = figures
            .iter()
            .position(|f| f.kind.is_throughput() && f.kind != FigureKind::PrefillThroughput)
        {
            let f = figures.remove(i);
            figures.insert(0, f);
        }
    }
}

/// CLAIMS.md §1.5: output before total or unspecified ranks the metrics of *one*
/// configuration; a comparison of setups heads on the first result stated. So when the leading
/// figure won only by its kind word over an earlier rate of the same standing, and the two
/// figures' sentences name different models (`GPT-OSS-120B hits 74.3 tok/s on M4 Max … It
/// sustains 102 tok/s output on gemma4:e4b`), the earlier one heads.
fn comparison_first(lower: &str, cands: &mut Vec<Cand>) {
    let Some(top) = cands.first() else { return };
    let (top_prio, top_span, top_rank) = (top.prio, top.fig.span, prio_of(&top.fig));
    let Some(j) = cands.iter().position(|c| {
        c.prio == top_prio + 1 && c.fig.span.start < top_span.start && prio_of(&c.fig) == top_rank
    }) else {
        return;
    };
    let (a, b) = (
        sentence(lower, cands[j].fig.span),
        sentence(lower, top_span),
    );
    if a == b {
        return;
    }
    let p = patterns();
    let model_of = |s: Span| super::model::read_model(&lower[s.start..s.end], p).map(|f| f.value);
    if let (Some(x), Some(y)) = (model_of(a), model_of(b)) {
        if x != y {
            let c = cands.remove(j);
            cands.insert(0, c);
        }
    }
}

/// The sentence around `span`: from after the last `. `, `! `, `? `, `。` or line end before it
/// to the first one after it.
fn sentence(lower: &str, span: Span) -> Span {
    const ENDS: [&str; 5] = [". ", "! ", "? ", "。", "\n"];
    let before = &lower[..span.start];
    let start = ENDS
        .iter()
        .filter_map(|e| before.rfind(e).map(|i| i + e.len()))
        .max()
        .unwrap_or(0);
    let after = &lower[span.end..];
    let end = ENDS
        .iter()
        .filter_map(|e| after.find(e))
        .min()
        .map_or(lower.len(), |i| span.end + i);
    Span { start, end }
}

/// A token rate whose words name no phase: output or unspecified (the passes below may name it).
fn phase_unnamed(f: &Figure) -> bool {
    matches!(
        f.kind,
        FigureKind::ThroughputOutput | FigureKind::ThroughputUnspecified
    )
}

/// A llama-bench test named right before a rate, its model in parentheses between
/// (`PP-512(LLaMA-3.1-8B) = 254 t/s`, `tg128 (Qwen3 8B): 41 t/s`): that test's phase (CLAIMS.md
/// §1.4).
fn bench_test_named_before(lower: &str, figures: &mut [Figure]) {
    for f in figures.iter_mut().filter(|f| phase_unnamed(f)) {
        let start = f.span.start.min(lower.len());
        let from = floor_boundary(lower, start.saturating_sub(80));
        let line = &lower[from..start];
        let line = &line[line.rfind('\n').map_or(0, |i| i + 1)..];
        let t = line.trim_end_matches([' ', '=', ':', '\t']);
        let Some(t) = t.strip_suffix(')') else {
            continue;
        };
        let Some(open) = t.rfind('(') else { continue };
        let name = t[..open].trim_end();
        let word = &name[name
            .char_indices()
            .rfind(|(_, c)| !(c.is_ascii_alphanumeric() || *c == '-'))
            .map_or(0, |(i, c)| i + c.len_utf8())..];
        let test = |p: &str| {
            word.strip_prefix(p).is_some_and(|n| {
                let n = n.strip_prefix('-').unwrap_or(n);
                !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())
            })
        };
        if test("tg") {
            f.kind = FigureKind::DecodeThroughput;
        } else if test("pp") {
            f.kind = FigureKind::PrefillThroughput;
        } else {
            continue;
        }
        f.kind_stated = true;
        f.scope = Some(Scope::PerUser);
        f.scope_stated = true;
    }
}

/// The baseline written right after a figure (`254 t/s on a Ryzen CPU, up from 224 t/s`, `41
/// tok/s (vs 33 tok/s)`) measures the same thing: an unnamed one takes that figure's kind and
/// scope (it stays the baseline, CLAIMS.md §1.6).
fn baseline_shares_kind(lower: &str, figures: &mut [Figure]) {
    const LINKS: &[&str] = &[
        "up from",
        "down from",
        "(vs",
        "vs.",
        "vs",
        "compared to",
        "from",
    ];
    for i in 0..figures.len() {
        if !phase_unnamed(&figures[i]) {
            continue;
        }
        let g = figures[i].span;
        let Some(f) = figures
            .iter()
            .filter(|f| {
                f.span.end <= g.start
                    && g.start - f.span.end <= 48
                    && !phase_unnamed(f)
                    && f.unit == figures[i].unit
            })
            .max_by_key(|f| f.span.end)
            .cloned()
        else {
            continue;
        };
        let gap = &lower[f.span.end..g.start];
        if gap.contains('\n') || gap.contains(". ") || gap.contains(';') {
            continue;
        }
        let gap = gap.trim_end();
        if LINKS.iter().any(|w| gap.ends_with(w)) {
            figures[i].kind = f.kind;
            figures[i].scope = f.scope;
        }
    }
}

/// A llama-bench test named in parentheses in a rate's own clause (`914 t/s for a 512-token
/// prompt (pp512)`, `46.8 t/s for 128-token generation (tg128)`): prompt processing or token
/// generation (CLAIMS.md §1.4), one stream's rate. The clause ends at `and`, `,`, `;` or a line.
fn bench_test_named_after(lower: &str, figures: &mut [Figure]) {
    if !lower.contains("(pp") && !lower.contains("(tg") {
        return;
    }
    for f in figures.iter_mut().filter(|f| phase_unnamed(f)) {
        let end = f.span.end.min(lower.len());
        let post = &lower[end..floor_boundary(lower, (end + 60).min(lower.len()))];
        let clause = [" and ", ", ", ";", "\n"]
            .iter()
            .filter_map(|w| post.find(w))
            .min()
            .map_or(post, |i| &post[..i]);
        let test = |t: &str| {
            clause
                .find(t)
                .is_some_and(|i| clause[i + t.len()..].starts_with(|c: char| c.is_ascii_digit()))
        };
        let kind = if test("(tg") {
            FigureKind::DecodeThroughput
        } else if test("(pp") {
            FigureKind::PrefillThroughput
        } else {
            continue;
        };
        f.kind = kind;
        f.kind_stated = true;
        if !f.scope_stated {
            f.scope = Some(Scope::PerUser);
        }
    }
}

/// When a text splits a run into its phases (a prefill or prompt rate beside it), a rate named
/// only "generation" (`generation 16.1 → 13.3 t/s`, `"generationTPS"`, `gen tps`) is the decode
/// phase's (CLAIMS.md §2: decode_throughput is labelled token generation), not the whole
/// load's output. A "generation throughput" (vLLM's engine log) or an "output" rate stays.
fn generation_as_decode(lower: &str, figures: &mut [Figure]) {
    if !figures
        .iter()
        .any(|f| f.kind == FigureKind::PrefillThroughput)
    {
        return;
    }
    for f in figures.iter_mut().filter(|f| phase_unnamed(f)) {
        // The raw window (a decimal point does not end it: `generation 16.1 → 13.3`).
        let start = f.span.start.min(lower.len());
        let pre = &lower[floor_boundary(lower, start.saturating_sub(40))..start];
        let pre = pre.rsplit(['\n', ';', ',']).next().unwrap_or(pre);
        let words = format!("{} {pre}", f.label.as_deref().unwrap_or(""));
        if (words.contains("generation") || words.contains("gen "))
            && !words.contains("output")
            && !words.contains("throughput")
        {
            f.kind = FigureKind::DecodeThroughput;
            // A scope only inferred from the record's shape is left to the decode rules.
            if !f.scope_stated {
                f.scope = None;
            }
        }
    }
}

/// The phase a tool's step line names, when it stands within the two lines above `at` and starts
/// with `-- ` or `== `: generating tokens is decode, a first pass or the prompt is prefill.
fn step_phase(lower: &str, lines: &LineStarts, at: usize) -> Option<FigureKind> {
    let at = floor_boundary(lower, at.min(lower.len()));
    // The newline that ends the line above.
    let mut end = lines.start_of(at).checked_sub(1)?;
    // Two lines up, past the tool's other result lines of the same step (ExLlamaV2's `**
    // Position 1152 + 128 tokens: 29.8 t/s` under `-- Measuring token speed...`).
    let mut looked = 0;
    // At most 64 lines up, so a long paste of such lines stays linear.
    for _ in 0..64 {
        if looked == 2 {
            break;
        }
        let start = lines.start_of(end);
        let line = lower[start..end].trim();
        if !line.starts_with("** ") {
            looked += 1;
        }
        // A phase heading over a generic rate label (`Generation 階段:` then `速度: 6.385
        // tokens/s`).
        if line.ends_with([':', '：']) {
            if let Some(k) = phase_named(line) {
                return Some(k);
            }
        }
        if let Some(step) = line
            .strip_prefix("-- ")
            .or_else(|| line.strip_prefix("== "))
        {
            return if step.starts_with("generating")
                || step.contains("decode")
                || step.contains("token speed")
            {
                Some(FigureKind::DecodeThroughput)
            } else if step.contains("first pass")
                || step.contains("prompt")
                || step.contains("prefill")
            {
                Some(FigureKind::PrefillThroughput)
            } else {
                None
            };
        }
        if start == 0 {
            return None;
        }
        end = start - 1;
    }
    None
}

/// The phase a label names as a phase: "generation phase/stage", 生成阶段, "text gen" (a
/// decode rate); "prompt phase", "prefill stage", 预填充阶段 (a prefill rate). `None` for any
/// other label, a bare "generation" included (output throughput, CLAIMS.md §2).
fn phase_named(label: &str) -> Option<FigureKind> {
    let l = label
        .trim()
        .trim_start_matches(['-', '*', '•', ' ', '\t'])
        .trim_end_matches([':', '：', ' ', '*']);
    let phase_word = ["phase", "stage", "階段", "阶段"]
        .iter()
        .any(|w| l.contains(w));
    let decode = [
        "generation",
        "generate",
        "decode",
        "decoding",
        "生成",
        "解码",
    ]
    .iter()
    .any(|w| l.contains(w));
    let prefill = ["prompt", "prefill", "pre-fill", "预填充", "預填充"]
        .iter()
        .any(|w| l.contains(w));
    // A phase with its token count (`Generation (128 tokens):`, `Prompt (2048 tokens):`, as
    // `mlx_lm.benchmark` and similar tools print them).
    let counted = l
        .split_once('(')
        .filter(|(_, r)| r.contains("token"))
        .map(|(b, _)| b.trim());
    if let Some(b) = counted {
        if matches!(b, "generation" | "decode" | "decoding") {
            return Some(FigureKind::DecodeThroughput);
        }
        if matches!(b, "prompt" | "prefill" | "prompt processing") {
            return Some(FigureKind::PrefillThroughput);
        }
    }
    if l == "text gen" || l == "text generation" || l == "gen" || (phase_word && decode && !prefill)
    {
        Some(FigureKind::DecodeThroughput)
    } else if phase_word && prefill && !decode {
        Some(FigureKind::PrefillThroughput)
    } else {
        None
    }
}

/// Latencies written in Chinese, the words before the number: TTFT (`首字延迟 85 ms`,
/// `首token延迟(TTFT) P99 为 1.8 秒`, `首包时延`), time per output token (`每个token的生成时间 18
/// ms`, `token间延迟`) and end-to-end latency (`端到端延迟`, a request's `响应时间` / `响应速度`
/// "response time", `推理耗时` "inference time taken", `平均耗时` "average time taken", `单次推理时间`
/// "one inference's time", and `延迟` / `时延` "latency" alone, as the
/// English `latency 800ms` reads), with 毫秒/秒 as units. Per user, kind and scope stated, like
/// their English forms.
pub(super) fn chinese_latencies(lower: &str) -> Vec<Figure> {
    let mut out = Vec::new();
    if !lower.contains('延')
        && !lower.contains("时间")
        && !lower.contains("耗时")
        && !lower.contains("响应")
    {
        return out;
    }
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        crate::claim::re::compile(&format!(
            r"(?:(首字|首\s*tokens?|首包)\s*(?:的)?\s*(?:延迟|时延|耗时|响应时间|时间)|(每个?\s*tokens?\s*(?:的)?\s*(?:生成|输出)?\s*(?:时间|耗时|延迟|时延)|tokens?\s*间\s*(?:延迟|时延|隔)|(?:输出|生成)\s*token\s*间隔)|(端到端\s*(?:延迟|时延|耗时)|(?:端到端\s*)?响应\s*(?:速度|时间|耗时)|推理耗时|平均耗时|(?:单次\s*)?推理时间|延迟|时延))[^0-9\n。；;]{{0,24}}?(?:(p\d{{2}})[^0-9\n。；;]{{0,8}}?)?{NUM}\s*(ms|毫秒|s\b|秒)"
        ))
        .expect("static pattern compiles")
    });
    for c in captures_near(lower, re, &["延", "时间", "耗时", "间隔", "响应"], 40, 80) {
        let Some(n) = c.get(5) else { continue };
        let Some(v) = num(n.as_str()) else { continue };
        let kind = if c.get(1).is_some() {
            FigureKind::Ttft
        } else if c.get(2).is_some() {
            FigureKind::Tpot
        } else {
            FigureKind::E2eLatency
        };
        let unit = if matches!(&c[6], "ms" | "毫秒") {
            "ms"
        } else {
            "s"
        };
        let span = Span {
            start: n.start(),
            end: whole(&c).end,
        };
        let mut f = Figure::new(v, unit, kind, span);
        f.scope = Some(Scope::PerUser);
        f.kind_stated = true;
        f.scope_stated = true;
        let words = &lower[whole(&c).start..n.start()];
        let pre = before(lower, whole(&c).start, 24);
        f.percentile = if let Some(p) = c.get(4) {
            Some(p.as_str().to_string())
        } else if words.contains("平均") || pre.contains("平均") || words.contains("均值") {
            Some("mean".into())
        } else {
            None
        };
        out.push(f);
    }
    out
}

/// The numbers listed before a figure's own (`15,944 and 15,343 tok/s`, `120, 340 and 910
/// tok/s`) that share its unit: each value with its span, first first; empty when the figure's
/// number stands alone. A number glued to letters (`H100 and 400 tok/s`), after a setting's
/// word (`batch 32 and 400 tok/s`), a range's `between`, or a change's `from` is not listed.
fn listed_before(lower: &str, start: usize) -> Vec<(f64, Span)> {
    let mut out = Vec::new();
    if !lower[start..].starts_with(|c: char| c.is_ascii_digit()) {
        return out;
    }
    let mut at = start;
    while out.len() < 4 {
        let back = &lower[..at];
        let rest = back.trim_end();
        let rest = if let Some(r) = rest.strip_suffix(" and") {
            r.trim_end().trim_end_matches(',')
        } else if let Some(r) = rest.strip_suffix(',').filter(|_| !out.is_empty()) {
            // `120, 340 and 910`: commas only before an `and`.
            r
        } else {
            break;
        };
        let rest_t = rest.trim_end();
        let digits = rest_t.len()
            - rest_t
                .trim_end_matches(|c: char| c.is_ascii_digit() || c == '.' || c == ',')
                .len();
        if digits == 0 {
            break;
        }
        let n_start = rest_t.len() - digits;
        let written = rest_t[n_start..].trim_start_matches(',');
        let n_start = rest_t.len() - written.len();
        let head = rest_t[..n_start].trim_end();
        if rest_t[..n_start]
            .ends_with(|c: char| c.is_alphanumeric() || c == '-' || c == '=' || c == 'x')
            || !written.starts_with(|c: char| c.is_ascii_digit())
        {
            break;
        }
        let word = head.rsplit([' ', '(']).next().unwrap_or("");
        const NOT_LISTED: &[&str] = &[
            "between",
            "from",
            "batch",
            "size",
            "sizes",
            "bs",
            "concurrency",
            "tp",
            "users",
            "len",
            "length",
            "context",
            "to",
        ];
        if NOT_LISTED.contains(&word) {
            break;
        }
        let Some(v) = num(written) else { break };
        out.push((
            v,
            Span {
                start: n_start,
                end: n_start + written.len(),
            },
        ));
        at = n_start;
    }
    out.reverse();
    out
}

/// True when the words of the sentence around a list of figures (before `start`, after `end`)
/// name a setting varied over numbers (`at batch sizes 1 and 32`, `… at batch sizes 16, 64 and
/// 128 respectively`): a sweep, not a comparison of setups.
fn sweep_words_near(lower: &str, start: usize, end: usize) -> bool {
    let pre = before(lower, start, 100);
    let pre = pre.rsplit(['.', '\n', ';']).next().unwrap_or(pre);
    let post = after(lower, end, 100);
    let post = post.split(['\n', ';']).next().unwrap_or(post);
    let post = post.split(". ").next().unwrap_or(post);
    const SETTINGS: &[&str] = &[
        "batch",
        "concurren",
        "context",
        "users",
        "tp",
        "sequence",
        "prompt",
        "input",
        "output",
        "request",
        "gpus",
        "cards",
        "nodes",
    ];
    [pre, post]
        .iter()
        .any(|w| w.contains(|c: char| c.is_ascii_digit()) && SETTINGS.iter().any(|s| w.contains(s)))
}

/// Words of approximation between "to" and a number (`to around 45`).
const ABOUT: &[&str] = &[
    "around ",
    "about ",
    "roughly ",
    "approximately ",
    "nearly ",
    "~",
];

/// True when the figure at `start` is what a change brought a rate to: "to" right before it
/// or "into" (approximation words allowed), with a verb of change in its clause (`jumped`,
/// `rose`, `increased`, `improved`, `went up`, `climbed`, `grew`, `boosted`, `bumps`,
/// `doubled`, `lifting`, `pushed`).
pub(super) fn changed_to(lower: &str, start: usize) -> bool {
    let pre = before(lower, start, 96);
    let mut p = pre.trim_end();
    for w in ABOUT {
        p = p.strip_suffix(w.trim_end()).unwrap_or(p).trim_end();
    }
    // "to", or "into" after a lift (`lifting 20 tok/s/GPU into 2,256 tok/s/GPU`).
    if !(p.ends_with(" to") || p == "to" || p.ends_with(" into")) {
        return false;
    }
    let clause = p.rsplit(['.', '\n', ';']).next().unwrap_or(p);
    // A change that only could happen ("could climb to", "would correspond to") is no result.
    let modal = [
        "would", "could", "might", "may ", "should", "will ", "expect", "project", "if ",
    ]
    .iter()
    .any(|w| clause.contains(w));
    !modal
        && [
            "jump",
            "rose",
            "rise",
            "rises",
            "increase",
            "improve",
            "went up",
            "goes up",
            "climb",
            "grew",
            "grow",
            "boost",
            "bump",
            "doubl",
            "tripl",
            "sped up",
            "speeds up",
            "raised",
            "lift",
            "push",
        ]
        .iter()
        .any(|w| clause.contains(w))
}

/// The new value of "from <figure> to N" (`from 28 tokens per second to 63`): N and its span,
/// when N has no unit of its own (else it is its own figure).
pub(super) fn from_to_value(lower: &str, figure: Span) -> Option<(f64, Span)> {
    let pre = before(lower, figure.start, 16).trim_end();
    if !(pre.ends_with(" from") || pre == "from") {
        return None;
    }
    let rest = &lower[figure.end..];
    let r = rest.trim_start().strip_prefix("to ")?;
    let mut r2 = r.trim_start();
    for w in ABOUT {
        r2 = r2.strip_prefix(w).unwrap_or(r2);
    }
    let digits = r2
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
        .unwrap_or(r2.len());
    let n = r2[..digits].trim_end_matches(['.', ',']);
    if n.is_empty() || !n.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let start = lower.len() - r2.len();
    let end = start + n.len();
    // A unit after N makes it a figure of its own, read by the unit patterns.
    if followed_by_rate(lower, end) || lower[end..].trim_start().starts_with(['%', 'x', '×']) {
        return None;
    }
    let v = num(n)?;
    Some((v, Span { start, end }))
}

/// Durations written in prose with a verb of taking (`it took about 30 seconds`, "the total time
/// taken is approximately 2.849 seconds", `can take over 1.4 seconds to generate the first
/// token`, `the response took 21 minutes`, `needs 11s to complete`), for a text with no other
/// figure: a request's time as its writer measured it. The kind follows the words after the
/// unit: the first token or the start of streaming is a TTFT, "per token" a time per output
/// token, anything else an end-to-end latency. Per user (one request's time), in the text's own
/// unit (`ms`, `s` or `min`); a range's low end is the value (CLAIMS.md §1 rule 7). Times of
/// work that is not serving a request (loading, compiling, downloading, building, training,
/// starting up) are skipped. In text order.
pub(super) fn prose_durations(lower: &str) -> Vec<Figure> {
    const VERBS: [&str; 6] = ["take", "took", "taking", "need", "wait", "spen"];
    if !VERBS.iter().any(|w| lower.contains(w)) {
        return Vec::new();
    }
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        crate::claim::re::compile(&format!(
            r"\b(?:takes?|took|taking|taken|needs?|needed|waited|waits?|spends?|spent)\s+(?:(?:is|was)\s+|:\s*)?(?:only\s+|just\s+)?(?:about|around|approximately|approx\.?|roughly|almost|nearly|over|under|more\s+than|less\s+than|up\s+to|~)?\s*{NUM}(?:\s*(?:-|–|to)\s*{NUM})?\s*(ms|milliseconds?|s|secs?|seconds?|mins?|minutes?)\b"
        ))
        .expect("static pattern compiles")
    });
    const NOT_SERVING: [&str; 14] = [
        "load", "compil", "download", "install", "build", "warm", "boot", "startup", "start up",
        "convert", "quantiz", "train", "fine-tun", "initiali",
    ];
    let mut out = Vec::new();
    for c in re.captures_iter(lower) {
        let (Some(n), Some(u)) = (c.get(1), c.get(3)) else {
            continue;
        };
        let Some(v) = num(n.as_str()).filter(|v| *v > 0.0) else {
            continue;
        };
        let whole = whole(&c);
        let tail = after(lower, whole.end, 60);
        let head = before(lower, whole.start, 60);
        if NOT_SERVING
            .iter()
            .any(|w| tail.contains(w) || head.contains(w))
        {
            continue;
        }
        let kind = if [
            "first token",
            "first byte",
            "start streaming",
            "start generating",
            "start responding",
            "begin streaming",
        ]
        .iter()
        .any(|w| tail.contains(w))
        {
            FigureKind::Ttft
        } else if [
            "per token",
            "per output token",
            "each token",
            "per generated token",
        ]
        .iter()
        .any(|w| tail.trim_start().starts_with(w))
        {
            FigureKind::Tpot
        } else {
            FigureKind::E2eLatency
        };
        let unit = match u.as_str() {
            "ms" | "millisecond" | "milliseconds" => "ms",
            x if x.starts_with("min") => "min",
            _ => "s",
        };
        let mut f = Figure::new(
            v,
            unit,
            kind,
            Span {
                start: n.start(),
                end: u.end(),
            },
        );
        f.value_high = c.get(2).and_then(|h| num(h.as_str())).filter(|&h| h > v);
        f.scope = Some(Scope::PerUser);
        out.push(f);
    }
    out
}

/// True when the number at `span` is written negative (`: -3200 tokens/s`) or as a negative
/// power of ten (`1e-320 tokens/s`): no rate or time is either, so it is no figure. A `-`
/// after a digit or a letter is a range or a name (`100-3200`, `h100-80gb`), not a sign.
fn negative(lower: &str, span: Span) -> bool {
    let start = floor_boundary(lower, span.start);
    let Some(pre) = lower[..start].strip_suffix('-') else {
        return false;
    };
    let mut back = pre.chars().rev();
    match back.next() {
        None => true,
        Some(c) if c.is_whitespace() || matches!(c, ':' | '(' | '=' | '[' | ',' | '|') => true,
        Some('e') => back.next().is_some_and(|d| d.is_ascii_digit()),
        _ => false,
    }
}
