//! The candidates of a plan: which GPUs, GPUs per replica, weight and KV precisions are tried,
//! whether each fits the user's longest request, its price and the efficiency it assumes.

use super::{
    Candidate, EfficiencySource, EfficiencyUsed, Method, PlanInput, Work, GPUS_PER_REPLICA,
    PRIOR_BAND,
};
use crate::analysis::{default_kv, make_setup, Analysis, PlausibilityStatus};
use crate::catalog::{self, Dtype, Gpu, Model, Runtime};
use crate::input::{LengthDist, Scenario};
use crate::model::{Efficiency, Setup};

/// Weight precisions tried on a GPU: BF16; FP8 where it has FP8 tensor cores; AWQ INT4.
pub fn weight_precisions(gpu: &Gpu) -> Vec<&'static Dtype> {
    let mut out = vec![catalog::dtype("bf16").expect("catalog has bf16")];
    if gpu.fp8_tflops.is_some() {
        out.push(catalog::dtype("fp8").expect("catalog has fp8"));
    }
    out.push(catalog::dtype("awq-int4").expect("catalog has awq-int4"));
    out
}

/// KV dtypes tried for a weight precision: the runtime's default (the activation dtype) and FP8.
pub fn kv_precisions(weights: &Dtype) -> Vec<&'static Dtype> {
    let d = default_kv(weights);
    let fp8 = catalog::dtype("fp8").expect("catalog has fp8");
    if d.id == fp8.id {
        vec![d]
    } else {
        vec![d, fp8]
    }
}

pub(super) fn length_dist(mean: u32, sd: Option<f64>) -> LengthDist {
    match sd {
        Some(sd) if sd > 0.0 => LengthDist::LogNormal {
            mean: mean as f64,
            sd,
        },
        _ => LengthDist::Fixed { tokens: mean },
    }
}

/// The longest request the fit check uses: the mean plus three standard deviations of each
/// length (the fixed lengths when there is no spread), within the model's context.
fn longest_request(s: &Scenario, context: u32) -> f64 {
    let hi = |m: u32, sd: Option<f64>| m as f64 + 3.0 * sd.unwrap_or(0.0);
    (hi(s.prompt_tokens, s.prompt_sd) + hi(s.output_tokens, s.output_sd)).min(context as f64)
}

fn price_of(input: &PlanInput, gpu: &Gpu) -> (f64, String) {
    // The last override that names this GPU (exact or by family) wins.
    let mut found = None;
    for o in &input.prices {
        if catalog::gpu_variants(&o.gpu).iter().any(|g| g.id == gpu.id) {
            found = Some(o.usd_per_gpu_hour);
        }
    }
    match found {
        Some(p) => (p, "your price".into()),
        None => gpu.price.for_tier(input.scenario.price_tier),
    }
}

/// What the claim says about efficiency, for [`Planner::new`]'s rows: its plausible calibrated
/// readings and the chosen one (none when the claim does not calibrate).
pub(super) struct ClaimEfficiency {
    /// (GPU, runtime, weights, efficiency) of each plausible reading.
    plausible: Vec<(&'static str, &'static str, &'static str, Efficiency)>,
    /// The chosen reading's setup and efficiency.
    pub(super) chosen: Option<(Setup, Efficiency)>,
    /// The plan's runtime.
    runtime: &'static Runtime,
}

impl ClaimEfficiency {
    pub(super) fn from_analysis(
        analysis: &Analysis,
        s: &Scenario,
        runtime: &'static Runtime,
        warnings: &mut Vec<String>,
    ) -> ClaimEfficiency {
        let plausible = if analysis.status == PlausibilityStatus::Plausible {
            analysis
                .plausible()
                .filter_map(|r| {
                    let c = r.calibration.as_ref()?;
                    let b = r.bench.setup;
                    Some((b.gpu.id, b.runtime.id, b.weights.id, c.efficiency))
                })
                .collect()
        } else {
            if !s.benchmark.trim().is_empty() {
                warnings.push(format!(
                    "The claim does not calibrate ({}); every row uses the prior efficiency.",
                    analysis.note
                ));
            }
            vec![]
        };
        let chosen = analysis
            .chosen()
            .filter(|_| analysis.status == PlausibilityStatus::Plausible)
            .and_then(|r| Some((r.bench.setup, r.calibration.as_ref()?.efficiency)));
        ClaimEfficiency {
            plausible,
            chosen,
            runtime,
        }
    }

    /// The efficiency a row on `gpu` at `weights` uses: the claim's on its own GPU and runtime,
    /// the claim's chosen one where the runtime and weight precision match, else the prior; with
    /// the low–high band each gives.
    fn for_row(&self, gpu: &Gpu, weights: &Dtype) -> EfficiencyUsed {
        let same: Vec<Efficiency> = self
            .plausible
            .iter()
            .filter(|(g, r, _, _)| *g == gpu.id && *r == self.runtime.id)
            .map(|p| p.3)
            .collect();
        let span = |es: &[Efficiency]| {
            let lo = es
                .iter()
                .fold(f64::INFINITY, |a, e| a.min(e.mbu / Efficiency::PRIOR.mbu));
            let hi = es
                .iter()
                .fold(0.0_f64, |a, e| a.max(e.mbu / Efficiency::PRIOR.mbu));
            (Efficiency::scaled(lo), Efficiency::scaled(hi))
        };
        if let Some(first) = same.first() {
            let e = self
                .chosen
                .filter(|(b, _)| b.gpu.id == gpu.id)
                .map_or(*first, |(_, e)| e);
            let (low, high) = span(&same);
            return EfficiencyUsed {
                mbu: e.mbu,
                mfu: e.mfu,
                source: EfficiencySource::Claim,
                low,
                high,
            };
        }
        if let Some((b, e)) = self.chosen {
            if b.runtime.id == self.runtime.id && b.weights.id == weights.id {
                let (low, high) = span(&[e, Efficiency::PRIOR]);
                return EfficiencyUsed {
                    mbu: e.mbu,
                    mfu: e.mfu,
                    source: EfficiencySource::ClaimSameRuntimePrecision,
                    low,
                    high,
                };
            }
        }
        EfficiencyUsed {
            mbu: Efficiency::PRIOR.mbu,
            mfu: Efficiency::PRIOR.mfu,
            source: EfficiencySource::Prior,
            low: Efficiency::scaled(PRIOR_BAND.0),
            high: Efficiency::scaled(PRIOR_BAND.1),
        }
    }
}

/// Every candidate: the chosen GPUs (catalog order; all when none are chosen) × GPUs per replica
/// up to the maximum × weight precisions × KV dtypes, each checked for fit (a row that does not
/// fit keeps its reason and no setup).
pub(super) fn enumerate(
    input: &PlanInput,
    model: &'static Model,
    runtime: &'static Runtime,
    claimed: &ClaimEfficiency,
) -> Vec<Work> {
    let s = &input.scenario;
    let gpus = catalog::GPUS.iter().filter(|g| {
        (input.gpus.is_empty() && g.plan_default)
            || input
                .gpus
                .iter()
                .any(|id| catalog::gpu_variants(id).iter().any(|v| v.id == g.id))
    });
    let longest = longest_request(s, model.context);
    let mut work = Vec::new();
    for gpu in gpus {
        let (price, price_source) = price_of(input, gpu);
        for n in GPUS_PER_REPLICA
            .iter()
            .copied()
            .filter(|n| *n <= input.max_gpus_per_replica)
        {
            for weights in weight_precisions(gpu) {
                for kv in kv_precisions(weights) {
                    let mut setup =
                        make_setup(model, gpu, n, 1, weights, kv, runtime, s.mem_fraction);
                    if let Some(v) = s.max_num_seqs {
                        setup.max_num_seqs = v;
                    }
                    if let Some(v) = s.max_batched_tokens {
                        setup.max_batched_tokens = v;
                    }
                    if let Some(v) = s.block_size {
                        setup.block_tokens = v;
                    }
                    let reason = fit_reason(&setup, longest);
                    let row = Candidate {
                        rank: None,
                        gpu: gpu.id,
                        gpu_name: gpu.name,
                        gpus_per_replica: n,
                        tp: n,
                        weights: weights.id,
                        kv_dtype: kv.id,
                        fits: reason.is_none(),
                        reason: reason.clone(),
                        replicas: None,
                        total_gpus: None,
                        capacity_rps_per_replica: None,
                        saturation_rps_per_replica: None,
                        kv_ceiling_sequences: None,
                        latency_ms_at_operating_point: None,
                        latency_margin: None,
                        binding_limit: None,
                        binding_slo: vec![],
                        method: Method::None,
                        efficiency: claimed.for_row(gpu, weights),
                        price_usd_per_gpu_hour: price,
                        price_source: price_source.clone(),
                        cost: None,
                    };
                    work.push(Work {
                        row,
                        setup: reason.is_none().then_some(setup),
                        analytic_cost: None,
                        band_ratio: (1.0, 1.0),
                    });
                }
            }
        }
    }
    work
}

/// Why a setup cannot hold its weights and the longest request, or None when it can.
pub(super) fn fit_reason(setup: &Setup, longest: f64) -> Option<String> {
    if setup.tp > 1 && setup.model.heads.checked_rem(setup.tp) != Some(0) {
        return Some(format!(
            "TP {} does not divide {}'s {} attention heads",
            setup.tp, setup.model.name, setup.model.heads
        ));
    }
    let cap = match setup.kv_capacity_tokens() {
        Ok(c) => c,
        Err(e) => return Some(e.to_string()),
    };
    let need = setup.kv_tokens_per_sequence(longest);
    (need > cap).then(|| {
        format!(
            "the longest request ({longest:.0} tokens) needs {need:.0} KV tokens; the cache holds {cap:.0} ({} KV)",
            setup.kv.name
        )
    })
}
