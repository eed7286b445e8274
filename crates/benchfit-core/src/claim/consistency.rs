//! Internal consistency of a claim's redundant numbers (DESIGN §3, beside the six rows): batch ×
//! per-user rate vs the aggregate; output tokens × batch ÷ end-to-end latency vs the throughput;
//! per GPU × GPUs vs the total. Each disagreement becomes one warning naming the number that
//! disagrees and by how much.

use super::{Claim, Figure, FigureKind, Scope};

/// Relative gap under which two ways of computing a number agree (rounding in the text).
pub const TOLERANCE: f64 = 0.05;

fn fmt(v: f64) -> String {
    if v >= 100.0 {
        crate::format::thousands(v.round())
    } else {
        format!("{v:.2}")
    }
}

/// The aggregate token rate the claim states, if any (not derived, not per user / per GPU).
fn aggregate(c: &Claim) -> Option<&Figure> {
    c.figures.iter().find(|f| {
        !f.derived
            && matches!(
                f.kind,
                FigureKind::ThroughputOutput
                    | FigureKind::ThroughputUnspecified
                    | FigureKind::DecodeThroughput
            )
            && matches!(f.scope, None | Some(Scope::Aggregate) | Some(Scope::System))
    })
}

fn gap(stated: f64, implied: f64) -> f64 {
    (stated - implied).abs() / implied.abs().max(f64::MIN_POSITIVE)
}

/// Warnings for every pair of redundant numbers in `c` that disagree by more than [`TOLERANCE`].
pub fn check(c: &Claim) -> Vec<String> {
    let mut out = Vec::new();
    let batches: Vec<(&str, u32)> = [
        ("batch", c.batch_size.as_ref()),
        ("concurrency", c.concurrency.as_ref()),
    ]
    .into_iter()
    .filter_map(|(n, b)| b.map(|b| (n, b.value)))
    .filter(|(_, b)| *b >= 1)
    .collect();
    let agg = aggregate(c);

    // batch × per-user rate vs aggregate: the per-user rate as written, or 1000 / TPOT (ITL) ms.
    let per_user = c
        .figures
        .iter()
        .find(|f| !f.derived && f.kind == FigureKind::ThroughputPerUser && f.value > 0.0)
        .map(|f| (f.per_second(), format!("{} tok/s per user", fmt(f.value))))
        .or_else(|| {
            c.figures
                .iter()
                .find(|f| {
                    !f.derived
                        && matches!(f.kind, FigureKind::Tpot | FigureKind::Itl)
                        && f.value > 0.0
                })
                .map(|f| {
                    let ms = match f.unit.as_str() {
                        "s" | "s/token" => f.value * 1e3,
                        _ => f.value,
                    };
                    (
                        1e3 / ms,
                        format!(
                            "{} {} {} ms (= {} tok/s per user)",
                            if f.kind == FigureKind::Tpot {
                                "TPOT"
                            } else {
                                "ITL"
                            },
                            f.percentile.as_deref().unwrap_or(""),
                            fmt(ms),
                            fmt(1e3 / ms)
                        )
                        .replace("  ", " "),
                    )
                })
        });
    if let (Some(a), Some((u, what)), false) = (agg, &per_user, batches.is_empty()) {
        let stated = a.per_second();
        let fits = batches
            .iter()
            .any(|(_, b)| gap(stated, u * *b as f64) <= TOLERANCE);
        if !fits {
            let implied: Vec<String> = batches
                .iter()
                .map(|(n, b)| {
                    let v = u * *b as f64;
                    format!(
                        "× {n} {b} = {} ({:+.0}%)",
                        fmt(v),
                        (stated / v - 1.0) * 100.0
                    )
                })
                .collect();
            out.push(format!(
                "inconsistent: the aggregate {} tok/s disagrees with {what} {}",
                fmt(a.value),
                implied.join(", ")
            ));
        }
    }

    // Output tokens × batch ÷ end-to-end latency vs the throughput.
    let e2e = c
        .figures
        .iter()
        .find(|f| !f.derived && f.kind == FigureKind::E2eLatency && f.value > 0.0);
    if let (Some(a), Some(l), Some(o), Some(&(n, b))) =
        (agg, e2e, c.output_tokens.as_ref(), batches.first())
    {
        let secs = l.in_ms() / 1e3;
        let implied = o.value as f64 * b as f64 / secs;
        let stated = a.per_second();
        if implied > 0.0 && gap(stated, implied) > TOLERANCE {
            out.push(format!(
                "inconsistent: {} tok/s disagrees with {} output tokens × {n} {b} ÷ {} s end-to-end = {} tok/s ({:+.0}%)",
                fmt(a.value),
                o.value,
                secs,
                fmt(implied),
                (stated / implied - 1.0) * 100.0
            ));
        }
    }

    // Per GPU × GPUs vs the total.
    let gpus = c
        .gpu_count
        .as_ref()
        .map(|g| g.value)
        .or(c.tp.as_ref().map(|t| t.value));
    if let Some(pg) = c
        .figures
        .iter()
        .find(|f| !f.derived && f.scope == Some(Scope::PerGpu) && f.value > 0.0)
    {
        if let Some(total) = c.figures.iter().find(|f| {
            !f.derived
                && f.kind == pg.kind
                && matches!(f.scope, Some(Scope::Aggregate) | Some(Scope::System))
        }) {
            let n = gpus.unwrap_or(1).max(1);
            let implied = pg.value * n as f64;
            if gap(total.value, implied) > TOLERANCE {
                out.push(format!(
                    "inconsistent: the total {} tok/s disagrees with {} tok/s per GPU × {n} GPU{} = {} ({:+.0}%)",
                    fmt(total.value),
                    fmt(pg.value),
                    if n == 1 { "" } else { "s" },
                    fmt(implied),
                    (total.value / implied - 1.0) * 100.0
                ));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::claim::read;

    #[test]
    fn tbt_times_load_does_not_give_the_decode_rate() {
        // dev-07: TBT p50 32 ms = 31.25 tok/s per user; × 16 = 500, × 64 = 2,000; neither is 1,480.
        let c = read("Batch 16 Max concurrent 64 Results Decode tok/s 1480 Prefill tok/s 18200 TTFT p50 ms 220 TBT p50 ms 32");
        let w = check(&c);
        assert_eq!(w.len(), 1, "{w:?}");
        assert!(w[0].contains("1,480"), "{}", w[0]);
        assert!(w[0].contains("= 500 (+196%)"), "{}", w[0]);
        assert!(w[0].contains("= 2,000 (-26%)"), "{}", w[0]);
    }

    #[test]
    fn batch_times_per_user_matches() {
        // dev-06: 14.89 × 32 = 476.48 ≈ 476.49.
        let c =
            read("Batch=32: Average speed: 67.16ms @ 14.89 tok/s/user (476.49 tok/s throughput)");
        assert!(check(&c).is_empty(), "{:?}", check(&c));
        // 20 × 32 = 640, not 476.49: 26% low.
        let c = read("Batch=32: 20 tok/s/user (476.49 tok/s throughput)");
        let w = check(&c);
        assert!(w.len() == 1 && w[0].contains("= 640 (-26%)"), "{w:?}");
    }

    #[test]
    fn tokens_over_latency() {
        // dev-03: 128 × 64 / 0.751 s = 10,908 ≈ 10,907.
        let ok = "Throughput = Output Tokens x Batch Size / Total Runtime. BS = 64 and 128 output \
                  tokens is listed at a throughput of 10,907. That is 751ms of end-to-end latency";
        assert!(check(&read(ok)).is_empty(), "{:?}", check(&read(ok)));
        let bad = ok.replace("751ms", "500ms");
        let w = check(&read(&bad));
        // 128 × 64 / 0.5 = 16,384; 10,907 is 33% below.
        assert!(
            w.len() == 1 && w[0].contains("16,384 tok/s (-33%)"),
            "{w:?}"
        );
    }

    #[test]
    fn per_gpu_times_gpus() {
        let c = read("Total Output Throughput (tokens/sec): 9000 / Per GPU Output Throughput (tokens/sec/gpu): 2000 on 4x H100");
        let w = check(&c);
        // 2,000 × 4 = 8,000; 9,000 is 12% above.
        assert!(w.len() == 1 && w[0].contains("= 8,000 (+12%)"), "{w:?}");
    }

    /// A rate of zero per user or per GPU gives nothing to multiply: no warning, and never an
    /// infinite percentage.
    #[test]
    fn zero_rates_are_not_compared() {
        for text in [
            "batch 2, 1 tok/s aggregate, 0 tok/s per user",
            "concurrency 2, 1 tok/s aggregate, 0 tok/s per user",
            "Total Output Throughput (tokens/sec): 9000 / Per GPU Output Throughput \
             (tokens/sec/gpu): 0 on 4x H100",
        ] {
            let w = check(&read(text));
            assert!(w.iter().all(|m| !m.contains("inf")), "{text}: {w:?}");
        }
    }
}
