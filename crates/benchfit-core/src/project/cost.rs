//! Cost (DESIGN §4.6): GPU-seconds per request times the price, per request and per million
//! tokens.

use super::simulate::rates_of;
use super::waterfall::Projection;
use super::{Band, Cost, PricePolicy, Range, Throughput};
use crate::analysis::{assume, Assumption};
use crate::catalog::Gpu;
use crate::input::Scenario;
use crate::model::sim::SimResult;
use crate::units::{Seconds, UsdPerGpuHour};

/// The cost of serving at `rates` on `gpus` GPUs at `price` (USD per GPU-hour and its source),
/// busy `busy_hours` a day; every USD key null without a price.
pub(crate) fn cost(
    rates: &Throughput,
    gpus: u32,
    price: Option<(f64, String)>,
    busy_hours: f64,
) -> Cost {
    let gpu_seconds = Seconds::new(gpus as f64 / rates.requests_per_s);
    match price {
        None => Cost {
            price_usd_per_gpu_hour: None,
            price_source: None,
            per_request_usd: None,
            per_request_whole_day_usd: None,
            per_million_output_tokens_usd: None,
            per_million_total_tokens_usd: None,
            gpu_seconds_per_request: gpu_seconds.value(),
        },
        Some((p, src)) => {
            let price = UsdPerGpuHour::new(p);
            let per_request = price.cost_of(gpu_seconds).value();
            let per_gpu_second = price.cost_of(Seconds::new(gpus as f64)).value();
            Cost {
                price_usd_per_gpu_hour: Some(p),
                price_source: Some(src),
                per_request_usd: Some(per_request),
                per_request_whole_day_usd: Some(per_request * 24.0 / busy_hours),
                per_million_output_tokens_usd: Some(
                    per_gpu_second / rates.output_tokens_per_s * 1e6,
                ),
                per_million_total_tokens_usd: Some(per_gpu_second / rates.total_tokens_per_s * 1e6),
                gpu_seconds_per_request: gpu_seconds.value(),
            }
        }
    }
}

/// The price per GPU-hour and its source: the user's, else (under [`PricePolicy::Preset`]) the
/// GPU's preset for the scenario's tier, listed among the assumptions.
pub(super) fn price(
    s: &Scenario,
    gpu: &Gpu,
    policy: PricePolicy,
    assumptions: &mut Vec<Assumption>,
) -> Option<(f64, String)> {
    s.price_usd_per_gpu_hour
        .map(|p| (p, "your input".to_string()))
        .or_else(|| {
            if policy == PricePolicy::OnlyGiven {
                return None;
            }
            let (p, source) = gpu.price.for_tier(s.price_tier);
            assume(assumptions, "price_usd_per_gpu_hour", p, &source);
            Some((p, source))
        })
}

/// The band of output throughput and cost per request over the projections (None for one).
pub(super) fn range(
    projections: &[(Projection, SimResult)],
    scale: f64,
    gpus: u32,
    price: Option<(f64, String)>,
    busy_hours: f64,
) -> Option<Range> {
    (projections.len() > 1).then(|| {
        let all: Vec<Throughput> = projections
            .iter()
            .map(|(p, sim)| rates_of(sim, &p.state, scale))
            .collect();
        let outs: Vec<f64> = all.iter().map(|t| t.output_tokens_per_s).collect();
        let costs: Vec<Option<f64>> = all
            .iter()
            .map(|t| cost(t, gpus, price.clone(), busy_hours).per_request_usd)
            .collect();
        let band = |v: &[f64]| Band {
            low: v.iter().cloned().fold(f64::INFINITY, f64::min),
            high: v.iter().cloned().fold(f64::NEG_INFINITY, f64::max),
        };
        Range {
            output_tokens_per_s: band(&outs),
            per_request_usd: costs
                .iter()
                .all(Option::is_some)
                .then(|| band(&costs.iter().flatten().cloned().collect::<Vec<_>>())),
        }
    })
}
