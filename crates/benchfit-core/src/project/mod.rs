//! Projecting a claim onto the user's deployment (DESIGN §1 project, §4.6 cost), in phases:
//! [`resolve`] the scenario into a setup and efficiencies, the user's [`load`] on it, the
//! [`waterfall`] from the benchmark's setup to the user's, the [`simulate`]d traffic, the
//! [`cost`], and the throughput–latency [`curve`] over concurrency. [`estimate`] runs them in
//! that order.

mod cost;
mod curve;
mod load;
mod output;
mod resolve;
mod simulate;
mod waterfall;

pub use curve::{concurrency_curve, highest_concurrency_within_slo, CurvePoint, CURVE_LEVELS};
pub use output::{
    Band, CalibrationInfo, Cost, Deployment, Estimate, Factor, Headline, Kv, KvBenchmark, Latency,
    Range, Simulation, Throughput,
};
pub use simulate::MAX_SIM_STEPS;

use crate::analysis::{analyse, Analysis, Hints};
use crate::claim::{self, Claim};
use crate::input::{Arrivals, Field, InputError, Scenario};

/// Why an estimate cannot be made. Input errors name the input as a [`Field`] (displayed with
/// its page label; [`EstimateError::with_name`] names it another way, e.g. the CLI's flag) and
/// the allowed range.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum EstimateError {
    /// An input is out of range.
    #[error("{}: {reason}", input.label())]
    BadInput {
        /// The input.
        input: Field,
        /// Why, with the allowed range.
        reason: String,
    },
    /// An input is missing and the claim does not supply it.
    #[error("{}: {reason}", input.label())]
    Missing {
        /// The input.
        input: Field,
        /// What would supply it.
        reason: String,
    },
    /// Prompt plus output tokens exceed the model's context window: both inputs are named.
    #[error("{}/{}: {reason}", Field::PromptTokens.label(), Field::OutputTokens.label())]
    TooLong {
        /// The sum and the window.
        reason: String,
    },
    /// The deployment cannot serve the traffic at all.
    #[error("{0}")]
    Infeasible(String),
}

impl EstimateError {
    /// The input the error is about (the prompt for [`EstimateError::TooLong`]; None for an
    /// infeasible deployment).
    #[must_use]
    pub fn input(&self) -> Option<Field> {
        match self {
            EstimateError::BadInput { input, .. } | EstimateError::Missing { input, .. } => {
                Some(*input)
            }
            EstimateError::TooLong { .. } => Some(Field::PromptTokens),
            EstimateError::Infeasible(_) => None,
        }
    }

    /// The message with the input named by `name`: the CLI passes the flag
    /// (`|f| f.flag().unwrap_or(f.key())` → `--prompt-tokens: must be …`).
    #[must_use]
    pub fn with_name(&self, name: impl Fn(Field) -> &'static str) -> String {
        match self {
            EstimateError::BadInput { input, reason }
            | EstimateError::Missing { input, reason } => {
                format!("{}: {reason}", name(*input))
            }
            EstimateError::TooLong { reason } => format!(
                "{}/{}: {reason}",
                name(Field::PromptTokens),
                name(Field::OutputTokens)
            ),
            EstimateError::Infeasible(why) => why.clone(),
        }
    }
}

impl From<InputError> for EstimateError {
    fn from(e: InputError) -> Self {
        EstimateError::BadInput {
            input: e.field,
            reason: e.reason,
        }
    }
}

fn bad(input: Field, reason: impl Into<String>) -> EstimateError {
    EstimateError::BadInput {
        input,
        reason: reason.into(),
    }
}

/// The report of one estimate, plus the claim analysis behind it.
#[derive(Debug, Clone, PartialEq)]
pub struct EstimateReport {
    /// The estimate.
    pub estimate: Estimate,
    /// The claim as read.
    pub claim: Claim,
    /// The analysis of the claim.
    pub analysis: Analysis,
}

/// What to do when the scenario gives no price.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PricePolicy {
    /// Use the GPU's preset price and list it among the assumptions (the page).
    Preset,
    /// Leave the cost keys null (the CLI without `--price`, DESIGN §5.1).
    OnlyGiven,
}

/// Estimates a scenario, pricing with the GPU's preset when no price is given.
///
/// # Errors
/// [`EstimateError`] naming the input when a value is out of range, an id is unknown, a needed
/// input is missing, or the deployment cannot serve even one request.
pub fn estimate(s: &Scenario) -> Result<EstimateReport, EstimateError> {
    estimate_with(s, PricePolicy::Preset)
}

/// Estimates a scenario with an explicit [`PricePolicy`].
///
/// # Errors
/// As [`estimate`].
/// Estimates a scenario with an explicit [`PricePolicy`].
///
/// # Errors
/// As [`estimate`].
pub fn estimate_with(
    s: &Scenario,
    price_policy: PricePolicy,
) -> Result<EstimateReport, EstimateError> {
    resolve::validate(s)?;
    let mut claim = claim::read(&s.benchmark);
    s.claim_overrides.apply(&mut claim);
    let analysis = analyse(&claim, &hints(s));
    let mut assumptions = analysis.assumptions.clone();
    let mut warnings = Vec::new();
    let chosen = analysis.chosen();

    let user = resolve::deployment(s, &claim, &analysis, &mut assumptions)?;
    let (eff, source, note) = resolve::efficiency(s, &analysis, &mut warnings);
    let (concurrency, offered_rate, stable) = load::operating_point(s, &user, eff, &mut warnings)?;
    let label = load::arrivals_label(s);
    let projections = simulate::projections(s, &analysis, eff, &user, concurrency, &label)?;
    let (state, sim) = simulate::primary(s, &projections, eff, &user, concurrency)?;
    simulate::warn(
        &state,
        &sim,
        concurrency,
        offered_rate.is_some(),
        // Below capacity an open loop completes what it is offered, once past its ramp-up: the
        // offered output rate and the time the simulated arrivals of one replica span.
        offered_rate.filter(|_| stable).map(|r| {
            let per_replica = s.requests.div_ceil(user.replicas).max(1) as f64;
            (
                r * s.output_tokens as f64,
                per_replica / (r / user.replicas as f64),
            )
        }),
        user.max_batched_tokens,
        &mut warnings,
    );
    let scale = Arrivals::replica_scale(s.load, user.replicas);
    let rates = simulate::rates_of(&sim, &state, scale);

    let price = cost::price(s, user.gpu, price_policy, &mut assumptions);
    let cost = cost::cost(&rates, user.total_gpus(), price.clone(), s.busy_hours);
    let range = cost::range(&projections, scale, user.total_gpus(), price, s.busy_hours);
    let (correction_factor, factors, headline) = match (projections.first(), chosen) {
        (Some((p, _)), Some(r)) => {
            let cf: f64 = p.factors.iter().map(|f| f.ratio).product();
            let headline = Headline {
                value: r.target,
                metric: p.metric,
                effective: r.target * cf,
            };
            (Some(cf), p.factors.clone(), Some(headline))
        }
        _ => (None, vec![], None),
    };
    let estimate = Estimate {
        latency_ms: Latency::of(&sim, &state),
        throughput: rates,
        kv: Kv::of(&state, &sim, &user, chosen),
        cost,
        correction_factor,
        factors,
        headline,
        range,
        assumptions,
        calibration: CalibrationInfo {
            mbu: eff.mbu,
            mfu: eff.mfu,
            source,
            note,
        },
        deployment: Deployment::of(&user, concurrency),
        simulation: Simulation::of(&sim, scale, label),
        warnings,
    };
    Ok(EstimateReport {
        estimate,
        claim,
        analysis,
    })
}

/// What the analysis may take from the scenario when reading the claim.
fn hints(s: &Scenario) -> Hints {
    Hints {
        model: s.model.clone(),
        gpu: s.gpu.clone(),
        runtime: s.runtime.clone(),
        weights: s.weights.clone(),
        prompt_tokens: Some(s.prompt_tokens),
        output_tokens: Some(s.output_tokens),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::Load;
    use crate::model::Metric;

    #[test]
    fn cost_arithmetic() {
        // 1 GPU at $3.60/h serving 0.5 req/s: 2 GPU-seconds = $0.002 a request; at 100 output
        // tok/s, $0.001 per GPU-second / 100 tok/s = $10 per 1M output tokens; 10 busy hours
        // a day spread 24 h of rent: × 2.4.
        let rates = Throughput {
            requests_per_s: 0.5,
            output_tokens_per_s: 100.0,
            total_tokens_per_s: 400.0,
        };
        let c = cost::cost(&rates, 1, Some((3.6, "test".into())), 10.0);
        assert!((c.per_request_usd.unwrap() - 0.002).abs() < 1e-12);
        assert!((c.per_request_whole_day_usd.unwrap() - 0.0048).abs() < 1e-12);
        assert!((c.per_million_output_tokens_usd.unwrap() - 10.0).abs() < 1e-9);
        assert!((c.per_million_total_tokens_usd.unwrap() - 2.5).abs() < 1e-9);
        assert_eq!(c.gpu_seconds_per_request, 2.0);
        let none = cost::cost(&rates, 1, None, 10.0);
        assert_eq!(
            (none.per_request_usd, none.per_million_output_tokens_usd),
            (None, None)
        );
    }

    #[test]
    fn claims_formats_carry_over_when_no_reading_fits_its_hardware() {
        // Llama 3 70B at FP8 is ~70 GB: no reading fits one 24 GB RTX 4090, so there is no
        // benchmark setup to carry over. The claim's own FP8 and SGLang are still the user's
        // best guess; BF16 (141 GB) would not fit the user's one H100 at all.
        let s = Scenario {
            benchmark: "Llama 3 70B FP8 on one RTX 4090 under SGLang: 3,200 tok/s aggregate at \
                        batch 32."
                .into(),
            gpu: Some("h100-sxm".into()),
            prompt_tokens: 512,
            output_tokens: 128,
            ..Scenario::worked_example()
        };
        let r = estimate(&s).expect("an estimate on FP8 weights");
        let d = &r.estimate.deployment;
        assert_eq!((d.weights, d.runtime), ("fp8", "sglang"));
        assert!(r
            .estimate
            .assumptions
            .iter()
            .any(|a| a.field == "weights" && a.reason == "the claim's"));
    }

    #[test]
    fn requests_fewer_than_replicas_keep_only_that_many_busy() {
        // 8 requests in flight on 64 one-GPU replicas busy 8 of them: the deployment completes
        // what 8 GPUs would (not 64 replicas × one request each), and Little's law holds:
        // requests/s = 8 in flight / mean E2E.
        let on = |gpus: u32, concurrency: u32| Scenario {
            benchmark: "Llama 3 8B on one H100, vLLM, BF16, batch 64, 1000 in / 500 out: \
                        5000 tok/s"
                .into(),
            gpu: Some("h100-sxm".into()),
            gpus: Some(gpus),
            tp: Some(1),
            prompt_tokens: 1000,
            output_tokens: 500,
            load: Load::Concurrency { concurrency },
            ..Scenario::worked_example()
        };
        let wide = estimate(&on(64, 8)).unwrap().estimate;
        let fit = estimate(&on(8, 8)).unwrap().estimate;
        let (x64, x8) = (
            wide.throughput.requests_per_s,
            fit.throughput.requests_per_s,
        );
        assert!((x64 / x8 - 1.0).abs() < 1e-9, "{x64} vs {x8}");
        let little = 8.0 / (wide.latency_ms.e2e.mean / 1e3);
        assert!((x64 / little - 1.0).abs() < 0.02, "{x64} vs {little}");
        // 10 on 8 replicas: the simulated one runs 2, and the deployment completes 5 of it
        // (10 in flight), not 8 (16 in flight).
        let ten = estimate(&on(8, 10)).unwrap().estimate;
        let little = 10.0 / (ten.latency_ms.e2e.mean / 1e3);
        let x = ten.throughput.requests_per_s;
        assert!((x / little - 1.0).abs() < 0.05, "{x} vs {little}");
    }

    #[test]
    fn the_claims_engine_version_picks_its_scheduler() {
        // vLLM made asynchronous scheduling the default in 0.14: a claim measured on 0.9.2 is
        // re-projected with the synchronous engine, one on 0.15 (or no version) with the current.
        let at = |text: &str| {
            let s = Scenario {
                benchmark: text.into(),
                ..Scenario::worked_example()
            };
            estimate(&s).unwrap().estimate.deployment.runtime
        };
        let claim = |engine: &str| {
            format!("Llama 3 8B on one H100 with {engine}, BF16, batch 64, 1000 in / 500 out: 5000 tok/s")
        };
        assert_eq!(at(&claim("vLLM 0.9.2")), "vllm@0.13");
        assert_eq!(at(&claim("vLLM v0.15.1")), "vllm");
        assert_eq!(at(&claim("vLLM")), "vllm");
        // A runtime the user chooses is taken as given.
        let s = Scenario {
            benchmark: claim("vLLM 0.9.2"),
            runtime: Some("vllm".into()),
            ..Scenario::worked_example()
        };
        assert_eq!(estimate(&s).unwrap().estimate.deployment.runtime, "vllm");
    }

    #[test]
    fn a_stated_batch_above_the_releases_cap_was_run_with_a_raised_cap() {
        // vLLM before 0.8 capped a step at 256 sequences by default; a claim at batch 512 on
        // 0.5.4 was run with a raised --max-num-seqs, so its calibration is the same as on a
        // release whose default admits 512.
        let cal = |version: &str| {
            let s = Scenario {
                benchmark: format!(
                    "Llama 3 8B on one H100 with vLLM {version}, BF16, batch 512, 1000 in / 500 \
                     out: 6000 output tok/s"
                ),
                ..Scenario::worked_example()
            };
            let e = estimate(&s).unwrap().estimate;
            (e.deployment.runtime, e.calibration.mfu)
        };
        let (old, old_mfu) = cal("0.5.4");
        let (new, new_mfu) = cal("0.9.2");
        assert_eq!((old, new), ("vllm@0.7", "vllm@0.13"));
        assert!(
            (old_mfu / new_mfu - 1.0).abs() < 1e-9,
            "{old_mfu} vs {new_mfu}"
        );
    }

    #[test]
    fn worked_example_projection() {
        let r = estimate(&Scenario::worked_example()).unwrap();
        let e = &r.estimate;
        // Calibrated on the total-token reading (the only possible one).
        let h = e.headline.as_ref().unwrap();
        assert_eq!((h.value, h.metric), (3200.0, Metric::TotalTokensPerS));
        // Waterfall ratios multiply to the correction factor.
        let product: f64 = e.factors.iter().map(|f| f.ratio).product();
        let cf = e.correction_factor.unwrap();
        assert!((product / cf - 1.0).abs() < 1e-9, "{product} vs {cf}");
        // Like for like the user gets a third to a half of the headline (seed article).
        assert!((0.33..=0.5).contains(&cf), "{cf}");
        assert!((h.effective - e.throughput.total_tokens_per_s).abs() < 1e-6 * h.effective);
        // KV: FP8 cache at 0.93 carried over; (85.521 × 0.93 − 72.655 − 2.147) GB / 163,840 B
        // = 28,878 tokens; 2,200-token requests take 138 blocks of 16 = 2,208 → 13 sequences.
        assert_eq!(e.kv.kv_dtype, "fp8");
        assert_eq!(e.kv.capacity_tokens, 28_878.0);
        assert_eq!(e.kv.max_concurrent_sequences, 13);
        assert_eq!(
            e.kv.benchmark.as_ref().unwrap().max_concurrent_sequences,
            37
        );
        assert!(!e.kv.limits_concurrency);
        // Cost per request = GPU-hours per request × price.
        let price = e.cost.price_usd_per_gpu_hour.unwrap();
        let per_req = 1.0 / e.throughput.requests_per_s / 3600.0 * price;
        assert!((e.cost.per_request_usd.unwrap() - per_req).abs() < 1e-12);
        // Business hours (10 h of 24): the whole-day figure is 2.4× the busy-hour one.
        assert!(
            (e.cost.per_request_whole_day_usd.unwrap() / e.cost.per_request_usd.unwrap() - 2.4)
                .abs()
                < 1e-9
        );
        // Percentiles are ordered.
        for p in [&e.latency_ms.ttft, &e.latency_ms.itl, &e.latency_ms.e2e] {
            assert!(p.p50 <= p.p90 && p.p90 <= p.p95 && p.p95 <= p.p99, "{p:?}");
        }
        // The user's 1,800-token prefill on 70B FP8 at MFU ≤ 0.8 takes at least
        // 1,800 × 2 × 69.5e9 FLOP / (1,979 TFLOPS × 0.8) = 158 ms.
        assert!(e.latency_ms.ttft.p50 > 158.0);
    }

    #[test]
    fn kv_ceiling_queues_the_excess() {
        let mut s = Scenario::worked_example();
        s.load = Load::Concurrency { concurrency: 40 };
        let e = estimate(&s).unwrap().estimate;
        assert!(e.kv.limits_concurrency);
        let kv = e.factors.iter().find(|f| f.name == "KV ceiling").unwrap();
        assert!(kv.ratio < 1.0, "{kv:?}");
        assert!(e
            .warnings
            .iter()
            .any(|w| w.contains("exceeds the KV-cache ceiling of 13")));
    }

    #[test]
    fn bad_inputs_name_the_field() {
        let mut s = Scenario::worked_example();
        s.prompt_tokens = 8000;
        let e = estimate(&s).unwrap_err().to_string();
        assert!(
            e.starts_with("Prompt tokens/Output tokens: ") && e.contains("8192"),
            "{e}"
        );
        let mut s = Scenario::worked_example();
        s.gpu = Some("tpu-v9".into());
        assert!(estimate(&s)
            .unwrap_err()
            .to_string()
            .starts_with("GPU: unknown GPU id"));
        let mut s = Scenario::worked_example();
        s.price_usd_per_gpu_hour = Some(f64::NAN);
        let e = estimate(&s).unwrap_err();
        assert_eq!(e.input(), Some(Field::Price));
        assert_eq!(
            e.with_name(|f| f.flag().unwrap_or("")),
            "--price: must be a number of USD per GPU-hour from 0 to 1,000"
        );
        let mut s = Scenario::worked_example();
        s.benchmark = String::new();
        s.model = None;
        assert!(matches!(
            estimate(&s),
            Err(EstimateError::Missing {
                input: Field::Model,
                ..
            })
        ));
        let mut s = Scenario::worked_example();
        s.gpu = Some("l4".into());
        s.benchmark = String::new();
        s.model = Some("llama-3-70b".into());
        // 141 GB of BF16 weights on a 24 GB L4.
        assert!(matches!(estimate(&s), Err(EstimateError::Infeasible(_))));
    }

    #[test]
    fn a_claim_with_no_fitting_reading_still_names_the_model_and_gpu() {
        // 70B at BF16 is 141 GB: no reading of "1x H100" fits, so there is no benchmark setup to
        // carry over. The model and GPU the claim names are still the user's: the error is that
        // the weights do not fit (not "the claim names no model"), and with two GPUs given the
        // estimate runs on 2 × H100 SXM at TP 2.
        let mut s = Scenario::worked_example();
        s.benchmark = "Llama 3 70B on 1x H100 SXM: 3,200 output tokens/s".into();
        s.model = None;
        s.gpu = None;
        s.gpus = None;
        s.weights = None;
        s.kv_dtype = None;
        assert!(matches!(estimate(&s), Err(EstimateError::Infeasible(_))));
        s.gpus = Some(2);
        let e = estimate(&s).unwrap().estimate;
        assert_eq!(
            (e.deployment.gpu, e.deployment.gpus, e.deployment.tp),
            ("h100-sxm", 2, 2)
        );
        assert!(e.headline.is_none());
    }
}
