//! Token lengths of requests: a fixed length or a distribution the simulator samples.

use rand::Rng;
use rand_distr::{Distribution, LogNormal, Normal};
use serde::{Deserialize, Serialize};

/// A distribution of token lengths (sampled values are rounded and clamped to ≥ 1).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum LengthDist {
    /// Always this length.
    Fixed {
        /// Tokens.
        tokens: u32,
    },
    /// Uniform on `[lo, hi]`.
    Uniform {
        /// Lowest.
        lo: u32,
        /// Highest.
        hi: u32,
    },
    /// Normal with this mean and standard deviation.
    Normal {
        /// Mean tokens.
        mean: f64,
        /// Standard deviation.
        sd: f64,
    },
    /// Lognormal with this mean and standard deviation of the lengths themselves.
    LogNormal {
        /// Mean tokens.
        mean: f64,
        /// Standard deviation.
        sd: f64,
    },
    /// Drawn uniformly from these lengths.
    Empirical {
        /// The lengths.
        values: Vec<u32>,
    },
}

impl LengthDist {
    /// The mean length.
    pub fn mean(&self) -> f64 {
        match self {
            LengthDist::Fixed { tokens } => *tokens as f64,
            LengthDist::Uniform { lo, hi } => (*lo as f64 + *hi as f64) / 2.0,
            LengthDist::Normal { mean, .. } | LengthDist::LogNormal { mean, .. } => *mean,
            LengthDist::Empirical { values } => {
                values.iter().map(|v| *v as f64).sum::<f64>() / values.len().max(1) as f64
            }
        }
    }

    /// The largest length it can produce (for context checks), if bounded.
    pub fn max(&self) -> Option<u32> {
        match self {
            LengthDist::Fixed { tokens } => Some(*tokens),
            LengthDist::Uniform { hi, .. } => Some(*hi),
            LengthDist::Empirical { values } => values.iter().max().copied(),
            _ => None,
        }
    }

    pub(crate) fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> u32 {
        let v = match self {
            LengthDist::Fixed { tokens } => *tokens as f64,
            LengthDist::Uniform { lo, hi } => rng.random_range(*lo.min(hi)..=*hi.max(lo)) as f64,
            LengthDist::Normal { mean, sd } => Normal::new(*mean, sd.max(0.0))
                .map(|d| d.sample(rng))
                .unwrap_or(*mean),
            LengthDist::LogNormal { mean, sd } => {
                // σ² = ln(1 + sd²/mean²), μ = ln(mean) − σ²/2 give the requested mean and sd.
                let m = mean.max(1.0);
                let s2 = (1.0 + (sd / m).powi(2)).ln();
                LogNormal::new(m.ln() - s2 / 2.0, s2.sqrt())
                    .map(|d| d.sample(rng))
                    .unwrap_or(m)
            }
            LengthDist::Empirical { values } if !values.is_empty() => {
                values[rng.random_range(0..values.len())] as f64
            }
            LengthDist::Empirical { .. } => 1.0,
        };
        v.round().clamp(1.0, 10_000_000.0) as u32
    }
}
