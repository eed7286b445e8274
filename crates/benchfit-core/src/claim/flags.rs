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
            .trim_start_matches([' ', '='])
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
    if lower.contains("--num-concurrent-requests") && claim.concurrency.is_none() {
        if let Some((span, v)) = flag_value(lower, "--num-concurrent-requests") {
            if let Some(n) = last_number(v).filter(|n| n.fract() == 0.0 && *n < 1e7) {
                claim.concurrency = Some(Found {
                    value: n as u32,
                    span,
                });
                set = true;
            }
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
    fn llmperf_concurrent_requests() {
        let mut c = Claim::default();
        read_load(
            "python token_benchmark_ray.py --num-concurrent-requests 10",
            &mut c,
        );
        assert_eq!(c.concurrency.unwrap().value, 10);
    }
}
