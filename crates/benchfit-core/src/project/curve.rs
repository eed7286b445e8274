//! The throughput–latency curve over closed-loop concurrency and the highest level meeting the
//! SLOs.

use super::{estimate, EstimateError};
use crate::input::{Load, Scenario};
use crate::stats::Percentiles;
use serde::Serialize;

/// One point of the throughput–latency curve.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct CurvePoint {
    /// Requests in flight.
    pub concurrency: u32,
    /// Output tokens per second, whole deployment.
    pub output_tokens_per_s: f64,
    /// p95 time to first token, ms.
    pub ttft_p95_ms: f64,
    /// p95 time per output token, ms.
    pub tpot_p95_ms: f64,
    /// p95 end-to-end latency, ms.
    pub e2e_p95_ms: f64,
    /// Cost per request while busy, USD (null without a price).
    pub per_request_usd: Option<f64>,
    /// True beyond the KV-cache ceiling.
    pub kv_limited: bool,
    /// Whether the p95 latencies meet every SLO given (null without SLOs).
    pub meets_slo: Option<bool>,
}

/// Concurrency levels of the curve: 1, 2, 4, … 256.
pub const CURVE_LEVELS: [u32; 9] = [1, 2, 4, 8, 16, 32, 64, 128, 256];

/// The throughput–latency curve over closed-loop concurrency: the scenario re-estimated at each
/// level (its simulation shortened to `max(300, 3 × concurrency)` requests).
///
/// # Errors
/// As [`estimate`].
pub fn concurrency_curve(s: &Scenario, levels: &[u32]) -> Result<Vec<CurvePoint>, EstimateError> {
    let slo = s.slo;
    let has_slo = slo.ttft_ms.is_some() || slo.tpot_ms.is_some() || slo.e2e_ms.is_some();
    levels
        .iter()
        .map(|&c| {
            let mut at = s.clone();
            at.load = Load::Concurrency { concurrency: c };
            at.requests = s.requests.min(300.max(3 * c));
            let e = estimate(&at)?.estimate;
            let p95 = |p: &Percentiles| p.p95;
            let (ttft, tpot, e2e) = (
                p95(&e.latency_ms.ttft),
                p95(&e.latency_ms.tpot),
                p95(&e.latency_ms.e2e),
            );
            let meets = has_slo.then(|| {
                slo.ttft_ms.is_none_or(|x| ttft <= x)
                    && slo.tpot_ms.is_none_or(|x| tpot <= x)
                    && slo.e2e_ms.is_none_or(|x| e2e <= x)
            });
            Ok(CurvePoint {
                concurrency: c,
                output_tokens_per_s: e.throughput.output_tokens_per_s,
                ttft_p95_ms: ttft,
                tpot_p95_ms: tpot,
                e2e_p95_ms: e2e,
                per_request_usd: e.cost.per_request_usd,
                kv_limited: e.kv.limits_concurrency,
                meets_slo: meets,
            })
        })
        .collect()
}

/// The highest concurrency on the curve whose p95 latencies meet the SLOs (None without SLOs or
/// when even concurrency 1 misses them).
#[must_use]
pub fn highest_concurrency_within_slo(curve: &[CurvePoint]) -> Option<u32> {
    curve
        .iter()
        .filter(|p| p.meets_slo == Some(true))
        .map(|p| p.concurrency)
        .max()
}

#[cfg(test)]
mod curve_tests {
    use super::*;

    #[test]
    fn throughput_rises_until_the_kv_ceiling_and_latency_with_it() {
        let s = Scenario::worked_example();
        let curve = concurrency_curve(&s, &[1, 4, 13, 64]).unwrap();
        assert!(curve[0].output_tokens_per_s < curve[1].output_tokens_per_s);
        assert!(curve[1].output_tokens_per_s < curve[2].output_tokens_per_s);
        // Beyond the ceiling of 13 sequences throughput stops growing, latency keeps rising.
        assert!(curve[3].output_tokens_per_s < curve[2].output_tokens_per_s * 1.05);
        assert!(curve[3].kv_limited && !curve[2].kv_limited);
        assert!(curve[3].e2e_p95_ms > curve[2].e2e_p95_ms * 2.0);
        assert_eq!(curve[0].meets_slo, None);
    }

    #[test]
    fn slo_picks_the_highest_concurrency_that_meets_it() {
        let mut s = Scenario::worked_example();
        // By hand: one request alone decodes at TPOT(1) ≈ 25 ms (each step reads ~73 GB of FP8
        // weights at ~3 TB/s). In a closed loop of c equal requests, each of the other c − 1
        // prefills once while one request makes its 400 tokens, so
        // TPOT(c) ≈ TPOT(1) + (c − 1) × t_prefill / 399. The 1,800-token prefill of 70B on an
        // H100 takes at least 1,800 × 2 × 69.5e9 FLOP / (1,979 TFLOPS × 0.8) = 158 ms.
        // An SLO of 30 ms then admits c − 1 ≤ 5 × 399 / t_prefill: c = 16 would need
        // t_prefill ≤ 133 ms (impossible), c = 8 holds for any t_prefill ≤ 285 ms (MFU ≥ 0.44).
        // So on the curve 1, 2, 4, …, 256 the highest level within the SLO is exactly 8
        // (simulated p95 TPOT: 28.8 ms at 8, 34.0 ms at 16).
        s.slo.tpot_ms = Some(30.0);
        let curve = concurrency_curve(&s, &CURVE_LEVELS).unwrap();
        assert_eq!(highest_concurrency_within_slo(&curve), Some(8));
        assert!(curve.iter().all(|p| p.meets_slo.is_some()));
    }
}
