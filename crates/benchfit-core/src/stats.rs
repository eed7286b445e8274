//! Latency summaries: mean and the p50/p90/p95/p99 percentiles.

use serde::{Deserialize, Serialize};

/// Mean and percentiles of one latency, in milliseconds (field names carry no unit because the
/// enclosing key does: `latency_ms.ttft.p95`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, Default)]
pub struct Percentiles {
    /// Arithmetic mean.
    pub mean: f64,
    /// Median.
    pub p50: f64,
    /// 90th percentile.
    pub p90: f64,
    /// 95th percentile.
    pub p95: f64,
    /// 99th percentile.
    pub p99: f64,
}

impl Percentiles {
    /// Every statistic equal to `v`.
    pub fn constant(v: f64) -> Self {
        Self {
            mean: v,
            p50: v,
            p90: v,
            p95: v,
            p99: v,
        }
    }

    /// A value uniformly distributed on `[lo, hi]`: quantile q is `lo + q (hi − lo)`.
    pub fn uniform(lo: f64, hi: f64) -> Self {
        let q = |p: f64| lo + p * (hi - lo);
        Self {
            mean: q(0.5),
            p50: q(0.5),
            p90: q(0.9),
            p95: q(0.95),
            p99: q(0.99),
        }
    }

    /// `low` with probability `1 − f`, `high` with probability `f`.
    pub fn two_point(low: f64, high: f64, f: f64) -> Self {
        let f = f.clamp(0.0, 1.0);
        let q = |p: f64| if p <= 1.0 - f { low } else { high };
        Self {
            mean: low * (1.0 - f) + high * f,
            p50: q(0.5),
            p90: q(0.9),
            p95: q(0.95),
            p99: q(0.99),
        }
    }

    /// Every statistic plus `d`.
    pub fn shifted(self, d: f64) -> Self {
        Self {
            mean: self.mean + d,
            p50: self.p50 + d,
            p90: self.p90 + d,
            p95: self.p95 + d,
            p99: self.p99 + d,
        }
    }

    /// True when every statistic is finite.
    pub fn is_finite(&self) -> bool {
        [self.mean, self.p50, self.p90, self.p95, self.p99]
            .iter()
            .all(|v| v.is_finite())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_point_tail() {
        // 2% of gaps at 200 ms, the rest at 30 ms: p50..p95 = 30, p99 = 200, mean = 33.4.
        let p = Percentiles::two_point(30.0, 200.0, 0.02);
        assert_eq!((p.p50, p.p95, p.p99), (30.0, 30.0, 200.0));
        assert!((p.mean - 33.4).abs() < 1e-9);
    }

    #[test]
    fn uniform_quantiles() {
        let p = Percentiles::uniform(100.0, 200.0);
        assert_eq!((p.mean, p.p90, p.p99), (150.0, 190.0, 199.0));
    }
}
