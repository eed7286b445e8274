//! Calibration (DESIGN §4.4) and plausibility (§4.5): find the efficiency that reproduces a
//! claimed figure at the claim's own setup.
//!
//! One figure fixes one unknown, so the two efficiencies move along one path from the prior of
//! [`Efficiency::PRIOR`]: `MBU = 0.7 s^a`, `MFU = 0.5 s^b`, each clamped at the hardware ceiling
//! of [`Efficiency::MAX`], where `a` and `b` are the figure's elasticities to MBU and MFU
//! ([`shares`]): a figure moves the efficiency it measures. The model's rates rise monotonically
//! with `s`, so bisection finds the unique `s`; a figure the model cannot reach even at the
//! ceiling is impossible as written.

use super::steady::{closed_loop, KvCap, SteadyError, Workload};
use super::step::Efficiency;
use super::{Metric, Setup};
use serde::Serialize;

/// The result of calibrating on one reading of a figure.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct Calibration {
    /// The efficiency that reproduces the figure (clamped at the ceiling when impossible).
    pub efficiency: Efficiency,
    /// True when the figure is reachable within [`Efficiency::MAX`].
    pub plausible: bool,
    /// The MBU the figure needs with MFU at its ceiling (above 1 for impossible claims; None when
    /// no bandwidth would do, because compute alone is too slow).
    pub implied_mbu: Option<f64>,
    /// The MFU the figure needs with MBU at its ceiling (None when no compute would do).
    pub implied_mfu: Option<f64>,
    /// The model's value at the ceiling.
    pub ceiling_value: f64,
}

/// Why a figure cannot be calibrated.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CalibrationError {
    /// The setup itself cannot run.
    #[error(transparent)]
    Setup(#[from] SteadyError),
    /// The figure is zero, negative or not finite.
    #[error("the figure {0} cannot be calibrated on (it must be a positive number)")]
    BadFigure(f64),
}

fn value(setup: &Setup, eff: Efficiency, w: &Workload, metric: Metric) -> Result<f64, SteadyError> {
    Ok(metric.of(&closed_loop(setup, eff, w, KvCap::Enforce)?))
}

/// How much the figure depends on bandwidth and on compute at the prior: the elasticities of
/// the metric to MBU and to MFU, normalised to sum to 1 (`(0.5, 0.5)` when neither moves it).
///
/// Calibration moves each efficiency in proportion to how much the figure measures it, so a
/// decode-bound figure fixes MBU and leaves MFU at the prior (and the reverse for a prefill-bound
/// one). Scaling both together made a decode claim rewrite the compute efficiency it never
/// measured, which is why leave-one-out calibration across regimes (a 128/2,048 claim
/// predicting a 128/128 row) was worse than no calibration at all.
pub(crate) fn shares(setup: &Setup, w: &Workload, metric: Metric) -> (f64, f64) {
    let p = Efficiency::PRIOR;
    let at = |e: Efficiency| value(setup, e, w, metric).unwrap_or(f64::NAN);
    let v0 = at(p);
    let step = 1.05_f64;
    let em = (at(Efficiency {
        mbu: p.mbu * step,
        ..p
    }) / v0)
        .ln()
        .abs();
    let ef = (at(Efficiency {
        mfu: p.mfu * step,
        ..p
    }) / v0)
        .ln()
        .abs();
    if !(em.is_finite() && ef.is_finite()) || em + ef <= 1e-12 {
        return (0.5, 0.5);
    }
    (em / (em + ef), ef / (em + ef))
}

/// Bisects `f(x) = target` for x in `[lo, hi]` where `f` rises with x (after `sign`).
fn solve(mut lo: f64, mut hi: f64, target: f64, higher: bool, f: impl Fn(f64) -> f64) -> f64 {
    for _ in 0..100 {
        let mid = (lo * hi).sqrt();
        let v = f(mid);
        let below = if higher { v < target } else { v > target };
        if below {
            lo = mid;
        } else {
            hi = mid;
        }
        if hi / lo < 1.0 + 1e-9 {
            break;
        }
    }
    (lo * hi).sqrt()
}

/// Calibrates the efficiencies on `target` (in the metric's unit, whole deployment).
pub fn calibrate(
    setup: &Setup,
    w: &Workload,
    metric: Metric,
    target: f64,
) -> Result<Calibration, CalibrationError> {
    if !(target.is_finite() && target > 0.0) {
        return Err(CalibrationError::BadFigure(target));
    }
    let higher = metric.higher_is_better();
    let v = |e: Efficiency| value(setup, e, w, metric).unwrap_or(f64::NAN);
    let ceiling_value = value(setup, Efficiency::MAX, w, metric)?;
    // Implied efficiencies, each with the other at its ceiling (searching up to 1,000× peak).
    let reaches = |x: f64| if higher { x >= target } else { x <= target };
    let implied = |f: &dyn Fn(f64) -> f64| -> Option<f64> {
        reaches(f(1e3)).then(|| solve(1e-4, 1e3, target, higher, f))
    };
    let implied_mbu = implied(&|m| {
        v(Efficiency {
            mbu: m,
            mfu: Efficiency::MAX.mfu,
        })
    });
    let implied_mfu = implied(&|m| {
        v(Efficiency {
            mbu: Efficiency::MAX.mbu,
            mfu: m,
        })
    });
    let reachable = reaches(ceiling_value);
    let efficiency = if reachable {
        let (a, b) = shares(setup, w, metric);
        let s = solve(1e-6, 1e12, target, higher, |s| {
            v(Efficiency::along(s, a, b))
        });
        Efficiency::along(s, a, b)
    } else {
        Efficiency::MAX
    };
    Ok(Calibration {
        efficiency,
        plausible: reachable,
        implied_mbu,
        implied_mfu,
        ceiling_value,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::make_setup;
    use crate::catalog::{dtype, gpu, model, runtime};

    fn recover(model_id: &str, gpu_id: &str, w: Workload, metric: Metric, scale: f64) {
        let bf16 = dtype("bf16").unwrap();
        let setup = make_setup(
            model(model_id).unwrap(),
            gpu(gpu_id).unwrap(),
            1,
            1,
            bf16,
            bf16,
            runtime("vllm").unwrap(),
            None,
        );
        // The truth lies on the figure's calibration path (MBU and MFU moved as much as the
        // figure measures each), so one figure pins both.
        let (a, b) = shares(&setup, &w, metric);
        let truth = Efficiency::along(scale, a, b);
        let claimed = metric.of(&closed_loop(&setup, truth, &w, KvCap::Enforce).unwrap());
        let c = calibrate(&setup, &w, metric, claimed).unwrap();
        assert!(c.plausible);
        assert!(
            (c.efficiency.mbu / truth.mbu - 1.0).abs() < 0.01,
            "{:?} vs {:?}",
            c.efficiency,
            truth
        );
        assert!(
            (c.efficiency.mfu / truth.mfu - 1.0).abs() < 0.01,
            "{:?} vs {:?}",
            c.efficiency,
            truth
        );
    }

    #[test]
    fn a_decode_claim_moves_mbu_more_than_mfu() {
        // 16 sequences decoding 256 tokens after 1,024-token prompts: about four fifths of the
        // output rate's sensitivity is to bandwidth, so a claim 10% above the prior's figure
        // moves MBU several times as much as MFU (before, both moved by the same factor).
        let bf16 = dtype("bf16").unwrap();
        let setup = make_setup(
            model("llama-3.1-8b").unwrap(),
            gpu("h100-sxm").unwrap(),
            1,
            1,
            bf16,
            bf16,
            runtime("vllm").unwrap(),
            None,
        );
        let w = Workload {
            prompt_tokens: 1024.0,
            output_tokens: 256.0,
            concurrency: 16.0,
        };
        let (a, b) = shares(&setup, &w, Metric::OutputTokensPerS);
        assert!(a > 0.7 && (a + b - 1.0).abs() < 1e-12, "{a} {b}");
        let prior = value(&setup, Efficiency::PRIOR, &w, Metric::OutputTokensPerS).unwrap();
        let c = calibrate(&setup, &w, Metric::OutputTokensPerS, prior * 1.1).unwrap();
        let dm = c.efficiency.mbu / Efficiency::PRIOR.mbu - 1.0;
        let df = c.efficiency.mfu / Efficiency::PRIOR.mfu - 1.0;
        assert!(dm > 0.1 && df < dm / 2.0, "{:?}", c.efficiency);
    }

    #[test]
    fn a_claim_generated_at_a_known_mbu_calibrates_back_within_one_percent() {
        let w = Workload {
            prompt_tokens: 1024.0,
            output_tokens: 256.0,
            concurrency: 16.0,
        };
        // MBU 0.56 / MFU 0.40, decode-heavy output throughput.
        recover("llama-3.1-8b", "h100-sxm", w, Metric::OutputTokensPerS, 0.8);
        // MBU 0.84 / MFU 0.60 on an A100, total throughput.
        recover("llama-2-13b", "a100-80gb", w, Metric::TotalTokensPerS, 1.2);
        // MBU clamped at 0.9, MFU 0.75: the only free knob left is MFU.
        recover(
            "llama-3-8b",
            "l40s",
            Workload {
                prompt_tokens: 2048.0,
                output_tokens: 64.0,
                concurrency: 4.0,
            },
            Metric::TotalTokensPerS,
            1.5,
        );
        // A latency figure (lower is better).
        recover(
            "mistral-7b",
            "h100-sxm",
            Workload {
                prompt_tokens: 512.0,
                output_tokens: 128.0,
                concurrency: 1.0,
            },
            Metric::ItlMs,
            0.9,
        );
    }

    #[test]
    fn non_positive_figures_are_refused() {
        let bf16 = dtype("bf16").unwrap();
        let setup = make_setup(
            model("llama-3-8b").unwrap(),
            gpu("h100-sxm").unwrap(),
            1,
            1,
            bf16,
            bf16,
            runtime("vllm").unwrap(),
            None,
        );
        let w = Workload {
            prompt_tokens: 10.0,
            output_tokens: 10.0,
            concurrency: 1.0,
        };
        assert!(matches!(
            calibrate(&setup, &w, Metric::OutputTokensPerS, 0.0),
            Err(CalibrationError::BadFigure(_))
        ));
        assert!(matches!(
            calibrate(&setup, &w, Metric::OutputTokensPerS, f64::NAN),
            Err(CalibrationError::BadFigure(_))
        ));
    }
}
