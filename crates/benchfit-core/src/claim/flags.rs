//! Stage: the load a benchmark client was told to apply, from its own flags (CLAIMS.md §3
//! "Load"), for the clients whose flags the older patterns do not read:
//!
//! - GuideLLM (`guidellm benchmark`): `--rate-type` (or `--profile`) `synchronous` is one
//!   request at a time (concurrency 1); `concurrent` with `--rate N` keeps N in flight;
//!   `constant` / `poisson` with `--rate R` offer R requests per second; `throughput` sends
//!   everything at once (saturation: described, not a number). A list of rates (`--rate
//!   1,4,16`) is a sweep, read at its last point (CLAIMS.md §1.5).
//! - LLMPerf: `--num-concurrent-requests N` keeps N in flight.
//!
//! Flags are read only where written as flags (`--name value` or `--name=value`).
//!
//! Also the load written in words that the patterns leave: a list of loads is a sweep read at
//! its last point (`batch 1 / 8 / 32`, `concurrency levels of 1, 8, 32 and 64`: CLAIMS.md
//! §1.5), "N requests concurrently", "with N users", and an offered rate ("a request rate of
//! 4 req/s", `QPS: 2.5`).

use super::{Claim, Found, Span};

/// The value written after `flag` (`--rate 16`, `--rate=16`, `--rate "1,4,16"`): its span and
/// text, or None when the flag is absent or has no value.
fn flag_value<'a>(lower: &'a str, flag: &str) -> Option<(Span, &'a str)> {
    let mut from = 0;
    while let Some(i) = lower[from..].find(flag).map(|i| i + from) {
        from = i + flag.len();
        let after = &lower[from..];
        // The whole flag (`--rate` is not `--rate-type`).
        if after.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
            continue;
        }
        let rest = after
            .trim_start_matches([' ', '=', ':'])
            .trim_start_matches(['"', '\'']);
        let v_start = lower.len() - rest.len();
        let n = rest
            .find(|c: char| c.is_whitespace() || c == '"' || c == '\'' || c == '`')
            .unwrap_or(rest.len());
        if n == 0 || rest.starts_with("--") {
            continue;
        }
        return Some((
            Span {
                start: i,
                end: v_start + n,
            },
            &rest[..n],
        ));
    }
    None
}

/// Lengths and batch from `mlx_lm.benchmark`'s short flags, read only on its command line
/// (elsewhere `-p` is as often a port): `-p N` prompt tokens, `-g N` generated tokens, `-b N`
/// the batch. (llama-bench's `-p`/`-n` name the tests its table prints as `pp512`/`tg128`,
/// read there; its `-b` is a limit.) Only empty fields are filled.
pub(super) fn mlx_benchmark_command(lower: &str, claim: &mut Claim) {
    for (line_start, line) in lower
        .split_inclusive('\n')
        .scan(0, |at, l| {
            let s = *at;
            *at += l.len();
            Some((s, l))
        })
        .take(4096)
    {
        if !line.contains("mlx_lm.benchmark") {
            continue;
        }
        let (p, g, b) = mlx_flags(line, line_start);
        if claim.prompt_tokens.is_none() {
            claim.prompt_tokens = p;
        }
        if claim.output_tokens.is_none() {
            claim.output_tokens = g;
        }
        if claim.batch_size.is_none() && claim.concurrency.is_none() {
            claim.batch_size = b;
        }
    }
}

/// `mlx_lm.benchmark`'s `-p`, `-g` and `-b` (prompt tokens, generated tokens, batch), each
/// if given.
type MlxFlags = (Option<Found<u32>>, Option<Found<u32>>, Option<Found<u32>>);

/// `mlx_lm.benchmark`'s `-p`, `-g` and `-b` on one command line starting at `line_start`.
fn mlx_flags(line: &str, line_start: usize) -> MlxFlags {
    let value = |flag: &str| -> Option<Found<u32>> {
        let (span, v) = flag_value(line, flag)?;
        let n: u32 = v.parse().ok().filter(|n| *n > 0)?;
        Some(Found {
            value: n,
            span: Span {
                start: line_start + span.start,
                end: line_start + span.end,
            },
        })
    };
    (value(" -p"), value(" -g"), value(" -b"))
}

/// A sweep of `mlx_lm.benchmark` runs (`-b 1`, then `-b 32`) read at a later run: the lengths
/// and batch of the last command before `at` (the headline's) replace the first command's
/// (CLAIMS.md §1.5: settings from the same point).
pub(super) fn mlx_command_before(lower: &str, at: usize, claim: &mut Claim) {
    let at = floor(lower, at);
    let Some(i) = lower[..at].rfind("mlx_lm.benchmark") else {
        return;
    };
    let line_start = lower[..i].rfind('\n').map_or(0, |j| j + 1);
    let line_end = lower[i..].find('\n').map_or(lower.len(), |j| i + j);
    let (p, g, b) = mlx_flags(&lower[line_start..line_end], line_start);
    if p.is_some() {
        claim.prompt_tokens = p;
    }
    if g.is_some() {
        claim.output_tokens = g;
    }
    if b.is_some() {
        claim.batch_size = b;
        claim.concurrency = None;
    }
}

/// The largest char boundary at or below `i`.
fn floor(s: &str, mut i: usize) -> usize {
    i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The last number of a value that may be a list (`16`, `1,4,16`).
fn last_number(v: &str) -> Option<f64> {
    v.split(',')
        .filter_map(|x| x.trim().parse::<f64>().ok())
        .rfind(|x| x.is_finite() && *x > 0.0)
}

/// What the client flags say about the load, into `claim` where it has none yet. Returns true
/// when they set a concurrency (a load the text states, CLAIMS.md §3).
pub(super) fn read_load(lower: &str, claim: &mut Claim) -> bool {
    let mut set = false;
    // LLMPerf's flag, or its key in the summary JSON (`"num_concurrent_requests": 10`).
    let key = ["--num-concurrent-requests", "\"num_concurrent_requests\""]
        .into_iter()
        .find(|k| lower.contains(k));
    if let (Some(key), None) = (key, &claim.concurrency) {
        if let Some((span, v)) = flag_value(lower, key) {
            if let Some(n) = last_number(v).filter(|n| n.fract() == 0.0 && *n < 1e7) {
                claim.concurrency = Some(Found {
                    value: n as u32,
                    span,
                });
                set = true;
            }
        }
    }
    // EvalScope's load test (`evalscope perf --parallel 1`): `--parallel` is the number of
    // requests it keeps in flight (EvalScope's perf docs), a concurrency; not llama-server's
    // `--parallel` (its slots, an engine limit), so only in an `evalscope perf` command.
    if claim.concurrency.is_none() && lower.contains("evalscope perf") {
        if let Some((span, v)) = flag_value(lower, "--parallel") {
            if let Some(n) = last_number(v).filter(|n| n.fract() == 0.0 && *n < 1e7) {
                claim.concurrency = Some(Found {
                    value: n as u32,
                    span,
                });
                set = true;
            }
        }
    }
    // llama.cpp's `llama-batched-bench -npl 1,2,4,8,16,32`: the numbers of parallel sequences
    // decoded together, a fixed batch per point (llama.cpp's batched-bench README); a sweep, read
    // at its last point (CLAIMS.md §1.5). A table row's own `B` column, where the headline comes
    // from one, is read by the table stage before this.
    if claim.batch_size.is_none() && claim.concurrency.is_none() {
        if let Some((span, v)) = flag_value(lower, " -npl") {
            let v = v.trim_end_matches(|c: char| !c.is_ascii_digit());
            if let Some(n) = last_number(v).filter(|n| n.fract() == 0.0 && *n < 1e7) {
                claim.batch_size = Some(Found {
                    value: n as u32,
                    span,
                });
            }
        }
    }
    // vLLM's serving benchmark run with neither a rate nor a concurrency cap sends every prompt
    // at once (`--request-rate` defaults to inf, per its `--help`): saturation, so the batch row
    // is partial (CLAIMS.md §3 Load: `--request-rate inf` with no limit).
    if claim.concurrency.is_none() && claim.request_rate.is_none() && claim.batch_size.is_none() {
        let command = ["vllm bench serve", "benchmark_serving.py"]
            .iter()
            .find_map(|c| lower.find(c).map(|i| (i, c.len())));
        let limited = [
            "--request-rate",
            "--request_rate",
            "--max-concurrency",
            "--max_concurrency",
        ]
        .iter()
        .any(|f| lower.contains(f));
        if let (Some((i, n)), false) = (command, limited) {
            claim.batch_described.get_or_insert(Span {
                start: i,
                end: i + n,
            });
        }
    }
    if !lower.contains("guidellm") {
        return set;
    }
    let Some((type_span, kind)) =
        flag_value(lower, "--rate-type").or_else(|| flag_value(lower, "--profile"))
    else {
        return set;
    };
    let rate = flag_value(lower, "--rate").and_then(|(s, v)| Some((s, last_number(v)?)));
    match kind {
        "synchronous" if claim.concurrency.is_none() => {
            claim.concurrency = Some(Found {
                value: 1,
                span: type_span,
            });
            set = true;
        }
        "concurrent" if claim.concurrency.is_none() => {
            if let Some((span, n)) = rate.filter(|(_, n)| n.fract() == 0.0 && *n < 1e7) {
                claim.concurrency = Some(Found {
                    value: n as u32,
                    span,
                });
                set = true;
            }
        }
        "constant" | "poisson" if claim.request_rate.is_none() => {
            if let Some((span, r)) = rate {
                claim.request_rate = Some(Found { value: r, span });
            }
        }
        "throughput" => {
            claim.batch_described.get_or_insert(type_span);
        }
        _ => {}
    }
    set
}

/// A list continuing a load number that ends at `end` (`/ 8 / 32`, `, 8, 32 and 64`): its last
/// number and where it ends, else None.
pub(super) fn list_tail(lower: &str, end: usize) -> Option<(u32, usize)> {
    let mut at = end;
    let mut last = None;
    let mut first_sep: Option<&str> = None;
    loop {
        let rest = &lower[at..];
        let t = rest.trim_start();
        let Some(sep) = [",", "/", "and", "&"].iter().find(|w| t.starts_with(**w)) else {
            break;
        };
        // One list keeps one separator (`1, 8, 32`, `1/8/32`, with `and` or `&` before its
        // last element): `batch 256, 2048/128` is a batch, then lengths.
        if matches!(*sep, "," | "/") {
            if first_sep.is_some_and(|f| f != *sep) {
                break;
            }
            first_sep = Some(sep);
        }
        let after = t[sep.len()..].trim_start();
        let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        if digits == 0 || digits > 6 {
            break;
        }
        // Not a decimal or a thousands group (`1,024`): a separate number.
        if *sep == "," && t[1..].starts_with(|c: char| c.is_ascii_digit()) && digits == 3 {
            break;
        }
        let n: u32 = after[..digits].parse().ok()?;
        let tail = &after[digits..];
        // The element's own thousands group (`64, 2,048 input`): a larger number, not a point.
        if tail.starts_with(',')
            && tail.len() >= 4
            && tail.as_bytes()[1..4].iter().all(u8::is_ascii_digit)
        {
            break;
        }
        if tail.starts_with(['.', 'k', 'x']) && !tail.starts_with(". ") && tail != "." {
            return None;
        }
        // An element ends the clause or the list: `… and 128 output tokens` is another number.
        let t2 = tail.trim_start();
        let ends = t2.is_empty()
            || t2.starts_with([',', '/', ';', ':', '.', ')', '&', '\n'])
            || t2.starts_with("and ")
            || t2.starts_with("or ")
            || t2.starts_with("respectively");
        // An element followed by the other separator starts something else (`256, 2048/128`).
        let other_sep = matches!(
            (first_sep, t2.chars().next()),
            (Some(","), Some('/')) | (Some("/"), Some(','))
        );
        if !ends || other_sep {
            break;
        }
        at = lower.len() - after.len() + digits;
        last = Some((n, at));
    }
    last
}

/// The load written in words (see the module doc), into `claim` where it has none yet.
/// Returns true when it set a concurrency.
pub(super) fn read_prose_load(lower: &str, claim: &mut Claim) -> bool {
    let mut set = false;
    let number_at = |i: usize| -> Option<(u32, usize)> {
        let rest = &lower[i..];
        let d = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        (d > 0 && d <= 6)
            .then(|| Some((rest[..d].parse().ok()?, i + d)))
            .flatten()
    };
    if claim.concurrency.is_none() {
        for key in [
            "concurrency levels of ",
            "concurrency levels ",
            "concurrencies of ",
        ] {
            if let Some(i) = lower.find(key) {
                let from = i + key.len();
                if let Some((n, end)) = number_at(from) {
                    let (n, end) = list_tail(lower, end).unwrap_or((n, end));
                    claim.concurrency = Some(Found {
                        value: n,
                        span: Span { start: i, end },
                    });
                    set = n > 0;
                    break;
                }
            }
        }
    }
    if claim.batch_size.is_none() && claim.concurrency.is_none() {
        // "at batch sizes 16, 64 and 128 (respectively)": a sweep, read at its last point.
        for key in ["batch sizes of ", "batch sizes "] {
            if let Some(i) = lower.find(key) {
                let from = i + key.len();
                if let Some((n, end)) = number_at(from) {
                    let (n, end) = list_tail(lower, end).unwrap_or((n, end));
                    if n > 0 {
                        claim.batch_size = Some(Found {
                            value: n,
                            span: Span { start: i, end },
                        });
                    }
                    break;
                }
            }
        }
    }
    if claim.concurrency.is_none() {
        // "100 requests concurrently", "with 32 users".
        for (i, _) in lower.match_indices(" requests concurrently").take(8) {
            let head = &lower[..i];
            let d = head.len() - head.trim_end_matches(|c: char| c.is_ascii_digit()).len();
            if let Some(n) = (d > 0 && d <= 6)
                .then(|| head[i - d..].parse::<u32>().ok())
                .flatten()
            {
                claim.concurrency = Some(Found {
                    value: n,
                    span: Span {
                        start: i - d,
                        end: i + 22,
                    },
                });
                set = n > 0;
                break;
            }
        }
    }
    if claim.concurrency.is_none() {
        for key in ["with "] {
            for (i, _) in lower.match_indices(key).take(32) {
                let from = i + key.len();
                let Some((n, end)) = number_at(from) else {
                    continue;
                };
                let rest = &lower[end..];
                if [" users", " clients", " concurrent users"]
                    .iter()
                    .any(|w| rest.starts_with(w))
                {
                    claim.concurrency = Some(Found {
                        value: n,
                        span: Span { start: i, end },
                    });
                    set = n > 0;
                    break;
                }
            }
        }
    }
    if claim.request_rate.is_none() {
        for key in [
            "request rate of ",
            "qps: ",
            "qps of ",
            "qps=",
            "rps: ",
            "qps ",
            "rps ",
        ] {
            let Some(i) = lower.find(key) else { continue };
            // `Average QPS: 0.587` is what the run saw, not the rate the client set.
            let pre = &lower[floor(lower, i.saturating_sub(10))..i];
            if pre.contains("average") || pre.contains("avg") || pre.contains("mean") {
                continue;
            }
            // `at 16 QPS: 3,100 tok/s`: the rate was written before the unit; what follows
            // the colon is a figure.
            if pre.trim_end().ends_with(|c: char| c.is_ascii_digit()) {
                continue;
            }
            let from = i + key.len();
            let rest = &lower[from..];
            let n = rest.len()
                - rest
                    .trim_start_matches(|c: char| c.is_ascii_digit() || c == '.')
                    .len();
            if let Some(v) = rest[..n]
                .parse::<f64>()
                .ok()
                .filter(|v| *v > 0.0 && v.is_finite())
            {
                // Per second only (a per-minute rate stays a figure).
                if !rest[n..].trim_start().starts_with("req/min") {
                    claim.request_rate = Some(Found {
                        value: v,
                        span: Span {
                            start: i,
                            end: from + n,
                        },
                    });
                    break;
                }
            }
        }
    }
    set
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guidellm_profiles() {
        let mut c = Claim::default();
        assert!(read_load(
            "guidellm benchmark --rate-type concurrent --rate 1,4,16 --max-seconds 60",
            &mut c
        ));
        assert_eq!(c.concurrency.unwrap().value, 16);
        let mut c = Claim::default();
        read_load("guidellm benchmark --rate-type=poisson --rate=2.5", &mut c);
        assert_eq!(c.request_rate.unwrap().value, 2.5);
        let mut c = Claim::default();
        read_load("guidellm benchmark --rate-type synchronous", &mut c);
        assert_eq!(c.concurrency.unwrap().value, 1);
        let mut c = Claim::default();
        read_load("guidellm benchmark --rate-type throughput", &mut c);
        assert!(c.concurrency.is_none() && c.batch_described.is_some());
    }

    #[test]
    fn lists_are_read_at_their_last_point() {
        assert_eq!(list_tail("batch 1 / 8 / 32: 40", 7).map(|x| x.0), Some(32));
        assert_eq!(list_tail("bs = 64 and 128 output tokens", 7), None);
        assert_eq!(
            list_tail("of 1, 8, 32 and 64; at", 4).map(|x| x.0),
            Some(64)
        );
        assert_eq!(list_tail("batch 1,024 tokens", 7), None);
        let mut c = Claim::default();
        read_prose_load("we tested concurrency levels of 1, 8, 32 and 64.", &mut c);
        assert_eq!(c.concurrency.unwrap().value, 64);
        let mut c = Claim::default();
        read_prose_load("sending 100 requests concurrently", &mut c);
        assert_eq!(c.concurrency.unwrap().value, 100);
        let mut c = Claim::default();
        read_prose_load("at a request rate of 4 req/s", &mut c);
        assert_eq!(c.request_rate.unwrap().value, 4.0);
    }

    #[test]
    fn llmperf_concurrent_requests() {
        let mut c = Claim::default();
        read_load(
            "python token_benchmark_ray.py --num-concurrent-requests 10",
            &mut c,
        );
        assert_eq!(c.concurrency.unwrap().value, 10);
    }
}
