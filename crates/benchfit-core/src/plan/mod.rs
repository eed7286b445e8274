//! The buy decision (DESIGN §4.7): the cheapest deployment that serves the user's traffic within
//! their SLOs, across every catalog GPU.
//!
//! 1. Traffic as people state it ([`Traffic`]): a rate, or users × requests per user per minute ×
//!    a peak factor.
//! 2. Candidates: every chosen GPU × GPUs per replica (1, 2, 4, 8; TP = GPUs per replica) ×
//!    weight precision the GPU runs (BF16; FP8 where it has FP8 tensor cores; AWQ INT4) × KV
//!    dtype (BF16, FP8). One that cannot hold its weights and the longest request is listed with
//!    the reason.
//! 3. Capacity under the SLO per replica: screened with the analytic steady state
//!    ([`capacity::analytic_capacity`]), then the contenders, cheapest on the screen first,
//!    confirmed by simulating the user's arrivals and lengths ([`capacity::simulated_capacity`])
//!    until the cheapest rows are all simulated ones ([`Planner::done`]).
//! 4. Replicas = ⌈rate ÷ capacity × (1 + headroom)⌉, cost at each GPU's price ([`fleet_cost`]), ranked
//!    cheapest per request first, ties by the larger latency margin.
//! 5. Efficiency: the claim's calibration on its own GPU and runtime; the claim's efficiency on
//!    other GPUs with the same runtime and weight precision; the prior elsewhere. Each row says
//!    which, and its low–high $ per request from that uncertainty.
//!
//! [`Planner`] does the work in slices (one contender's simulation per [`Planner::step`]) so a
//! page can keep every slice short; [`plan`] runs it to the end.
//!
//! ```
//! use benchfit_core::plan::{plan, PlanInput};
//!
//! let mut input = PlanInput::worked_example();
//! input.gpus = vec!["h100-sxm".into(), "h200".into()];
//! let p = plan(&input).unwrap();
//! let best = &p.candidates[0];
//! assert!(best.fits && best.replicas.unwrap() >= 1);
//! ```

mod candidates;
pub mod capacity;
pub mod chart;
pub(crate) mod cost;
mod error;
pub mod export;
pub mod options;
mod validate;

pub use candidates::{kv_precisions, weight_precisions};
pub use capacity::{Binding, Capacity, Latencies, Percentile};
pub use cost::{fleet_cost, replicas_needed, FleetCost};
pub use error::{PlanError, PlanField};
pub use options::PlanOptions;

use crate::analysis::{analyse, Hints};
use crate::catalog::{self, Model, PriceTier, Runtime};
use crate::input::{Arrival, Field, Load, Scenario, Slo};
use crate::model::{Efficiency, Setup};
use candidates::{enumerate, length_dist, ClaimEfficiency};
use capacity::Shape;
use error::bad;
use serde::{Deserialize, Serialize};

/// How the user states their traffic.
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "mode", rename_all = "snake_case")]
pub enum Traffic {
    /// A peak request rate.
    Rate {
        /// Requests per second.
        requests_per_s: f64,
    },
    /// Users, each sending requests at a steady pace, and the ratio of peak to average.
    Users {
        /// Active users.
        users: f64,
        /// Requests per user per minute.
        requests_per_user_per_min: f64,
        /// Peak ÷ average load (1 = flat).
        peak_factor: f64,
    },
}

impl Traffic {
    /// The request rate the fleet must serve, requests/s: the rate, or `users × requests per user
    /// per minute ÷ 60 × peak factor`.
    pub fn requests_per_s(&self) -> f64 {
        match *self {
            Traffic::Rate { requests_per_s } => requests_per_s,
            Traffic::Users {
                users,
                requests_per_user_per_min,
                peak_factor,
            } => users * requests_per_user_per_min / 60.0 * peak_factor,
        }
    }

    /// The rate with how it was formed (`1,000 users × 2 req/min ÷ 60 × peak 1.5 = 50 req/s`).
    pub fn describe(&self) -> String {
        use crate::format::sig;
        match *self {
            Traffic::Rate { requests_per_s } => format!("{} req/s", sig(requests_per_s)),
            Traffic::Users {
                users,
                requests_per_user_per_min,
                peak_factor,
            } => format!(
                "{} users × {} req/min ÷ 60 × peak {} = {} req/s",
                sig(users),
                sig(requests_per_user_per_min),
                sig(peak_factor),
                sig(self.requests_per_s())
            ),
        }
    }
}

/// A price the user set for one GPU (or a family id such as `h100`, which sets every variant).
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PriceOverride {
    /// GPU id.
    pub gpu: String,
    /// USD per GPU-hour.
    pub usd_per_gpu_hour: f64,
}

/// Default SLOs of a plan: TTFT 450 ms and TPOT 40 ms, the MLPerf Inference v5.0 Llama 2 70B
/// *interactive* scenario's targets (mlcommons.org, 2025; judged there at p99, here at the
/// chosen percentile). Always shown and editable.
pub const DEFAULT_SLO: Slo = Slo {
    ttft_ms: Some(450.0),
    tpot_ms: Some(40.0),
    e2e_ms: None,
};

/// Requests simulated per capacity probe: 400 (the p95 is then the 20th-slowest request, the p99
/// the 4th), a trade between noise and the page's 300 ms budget for the whole catalog.
pub const DEFAULT_SIM_REQUESTS: u32 = 400;

/// Contenders confirmed by simulation at most (the cheapest on the analytic screen).
pub const DEFAULT_MAX_CONTENDERS: u32 = 12;

/// Simulation stops once the 3 cheapest rows are confirmed (the page and the embed show the top
/// three).
pub const DEFAULT_CONFIRM_TOP: u32 = 3;

/// GPUs per replica tried: 1, 2, 4, 8 (one node's NVLink / xGMI domain).
pub const GPUS_PER_REPLICA: [u32; 4] = [1, 2, 4, 8];

/// The efficiency band of the prior: ×0.8 to ×1.2 of MBU 0.7 / MFU 0.5. The uncalibrated model's
/// median absolute throughput error on `measured_dev.tsv` is ≈14% (README "How good is the
/// model?"), so ±20% covers most rows.
pub const PRIOR_BAND: (f64, f64) = (0.8, 1.2);

/// Every input of a plan.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlanInput {
    /// The rest of the scenario: the claim (for its calibration), model, runtime, lengths and
    /// their spread, arrival process (when its load is a rate), busy hours, memory fraction,
    /// engine flags, seed, price tier. Its GPU, count, TP, dtypes, load level, price and SLOs
    /// are not used: the plan chooses those or has its own.
    pub scenario: Scenario,
    /// The traffic to serve.
    pub traffic: Traffic,
    /// Latency targets.
    pub slo: Slo,
    /// The percentile they are judged at.
    pub percentile: Percentile,
    /// GPU ids to consider (family ids such as `h100` mean their variants); empty = the catalog.
    pub gpus: Vec<String>,
    /// Largest GPUs per replica tried (1, 2, 4 or 8).
    pub max_gpus_per_replica: u32,
    /// Spare capacity on top of the rate, percent (0–1,000).
    pub headroom_pct: f64,
    /// Prices the user set, replacing the presets.
    pub prices: Vec<PriceOverride>,
    /// Requests per simulated probe (50–10,000).
    pub sim_requests: u32,
    /// Contenders confirmed by simulation at most (0–1,000).
    pub max_contenders: u32,
    /// Simulation stops once this many of the cheapest rows are confirmed (0–1,000).
    pub confirm_top: u32,
}

impl PlanInput {
    /// The worked example's traffic (1,800/400 tokens, Poisson arrivals, 10 busy hours, the
    /// seed's claim) at 10 req/s under [`DEFAULT_SLO`] at p95, across the whole catalog.
    #[must_use]
    pub fn worked_example() -> Self {
        let mut scenario = Scenario::worked_example();
        scenario.load = Load::Rate {
            requests_per_s: 10.0,
            arrival: Arrival::Poisson,
            burstiness: 1.0,
        };
        PlanInput {
            scenario,
            traffic: Traffic::Rate {
                requests_per_s: 10.0,
            },
            slo: DEFAULT_SLO,
            percentile: Percentile::P95,
            gpus: vec![],
            max_gpus_per_replica: 8,
            headroom_pct: 0.0,
            prices: vec![],
            sim_requests: DEFAULT_SIM_REQUESTS,
            max_contenders: DEFAULT_MAX_CONTENDERS,
            confirm_top: DEFAULT_CONFIRM_TOP,
        }
    }
}

impl Default for PlanInput {
    fn default() -> Self {
        Self::worked_example()
    }
}

/// Where a row's efficiency comes from.
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EfficiencySource {
    /// Calibrated from the claim on this GPU and runtime.
    Claim,
    /// The claim's efficiency carried to another GPU with the same runtime and weight precision.
    ClaimSameRuntimePrecision,
    /// The prior (MBU 0.7, MFU 0.5).
    Prior,
}

/// The efficiency a row uses and its band.
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct EfficiencyUsed {
    /// Memory-bandwidth utilisation.
    pub mbu: f64,
    /// FLOPs utilisation.
    pub mfu: f64,
    /// Where it comes from.
    pub source: EfficiencySource,
    /// The low end of its band.
    #[serde(skip)]
    pub low: Efficiency,
    /// The high end of its band.
    #[serde(skip)]
    pub high: Efficiency,
}

impl EfficiencyUsed {
    fn efficiency(&self) -> Efficiency {
        Efficiency {
            mbu: self.mbu,
            mfu: self.mfu,
        }
    }
}

/// How a row's capacity was found.
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Method {
    /// Simulated under the user's arrivals and lengths.
    Simulated,
    /// The analytic steady state only (screened out as clearly dearer).
    Analytic,
    /// Not evaluated (does not fit).
    None,
}

/// The cost of a row, with the low–high band the efficiency uncertainty gives.
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct CandidateCost {
    /// The fleet's cost for the user's traffic.
    #[serde(flatten)]
    pub fleet: FleetCost,
    /// Cheapest per request within the efficiency band (busy hours), USD.
    pub per_request_usd_low: f64,
    /// Dearest per request within the efficiency band (busy hours), USD.
    pub per_request_usd_high: f64,
}

/// The row type's short name inside the crate and the shells.
pub type Candidate = PlanCandidate;

/// One candidate deployment (`PlanCandidate` in the JS package's TypeScript).
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlanCandidate {
    /// 1-based rank among the rows that can serve the traffic (None otherwise).
    pub rank: Option<u32>,
    /// GPU id.
    pub gpu: &'static str,
    /// GPU name.
    pub gpu_name: &'static str,
    /// GPUs in one replica.
    pub gpus_per_replica: u32,
    /// Tensor-parallel degree (= GPUs per replica).
    pub tp: u32,
    /// Weight dtype id.
    pub weights: &'static str,
    /// KV-cache dtype id.
    pub kv_dtype: &'static str,
    /// Whether the weights and the longest request fit in one replica.
    pub fits: bool,
    /// Why it cannot serve the traffic (does not fit, or no load meets the SLOs); None when it can.
    pub reason: Option<String>,
    /// Replicas needed (None when it cannot serve).
    pub replicas: Option<u32>,
    /// GPUs in the fleet.
    pub total_gpus: Option<u32>,
    /// Requests/s one replica serves with every SLO met.
    pub capacity_rps_per_replica: Option<f64>,
    /// Requests/s one replica completes at its KV ceiling or full batch, SLOs aside.
    pub saturation_rps_per_replica: Option<f64>,
    /// Concurrent sequences one replica's KV cache holds at the mean request size.
    pub kv_ceiling_sequences: Option<u32>,
    /// Latencies at the chosen percentile at the operating point (rate ÷ replicas per replica).
    pub latency_ms_at_operating_point: Option<Latencies>,
    /// Smallest relative SLO margin at the operating point (`(target − latency) / target`).
    pub latency_margin: Option<f64>,
    /// What limits a replica.
    pub binding_limit: Option<Binding>,
    /// The SLO metrics that bind (missed just above the capacity).
    pub binding_slo: Vec<&'static str>,
    /// How the capacity was found.
    pub method: Method,
    /// The efficiency used.
    pub efficiency: EfficiencyUsed,
    /// Price per GPU-hour, USD.
    pub price_usd_per_gpu_hour: f64,
    /// Where the price comes from.
    pub price_source: String,
    /// Cost for the user's traffic (None when it cannot serve).
    pub cost: Option<CandidateCost>,
}

impl PlanCandidate {
    /// `2 × H100 SXM 80GB (TP 2)`.
    pub fn label(&self) -> String {
        format!(
            "{} × {} (TP {})",
            self.gpus_per_replica, self.gpu_name, self.tp
        )
    }
    /// True when it serves the traffic (ranked).
    pub fn serves(&self) -> bool {
        self.rank.is_some()
    }
}

/// Counts of a plan.
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// Candidates considered.
    pub candidates: u32,
    /// That fit in memory.
    pub fitting: u32,
    /// That serve the traffic within the SLOs.
    pub serving: u32,
    /// Confirmed by simulation.
    pub simulated: u32,
}

/// The claim's calibration as the plan uses it.
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ClaimCalibration {
    /// GPU the claim ran on.
    pub gpu: &'static str,
    /// Its runtime.
    pub runtime: &'static str,
    /// Its weight precision.
    pub weights: &'static str,
    /// Calibrated MBU.
    pub mbu: f64,
    /// Calibrated MFU.
    pub mfu: f64,
}

/// A plan: every candidate, ranked.
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Plan {
    /// The rate served, requests/s (peak, before headroom).
    pub rate_rps: f64,
    /// How the rate was formed.
    pub traffic: String,
    /// Model id.
    pub model: &'static str,
    /// Runtime id.
    pub runtime: &'static str,
    /// Mean prompt tokens.
    pub prompt_tokens: f64,
    /// Mean output tokens.
    pub output_tokens: f64,
    /// Busy hours per day.
    pub busy_hours: f64,
    /// SLOs.
    pub slo: Slo,
    /// Percentile they are judged at.
    pub percentile: Percentile,
    /// Headroom, percent.
    pub headroom_pct: f64,
    /// Price tier of the presets.
    pub tier: PriceTier,
    /// The claim's calibration, when the claim is plausible.
    pub calibration: Option<ClaimCalibration>,
    /// Rows: those that serve, cheapest first; then those that fit but meet no SLO; then those
    /// that do not fit.
    pub candidates: Vec<PlanCandidate>,
    /// Counts.
    pub counts: Counts,
    /// Notes for the reader.
    pub warnings: Vec<String>,
}

struct Work {
    row: Candidate,
    setup: Option<Setup>,
    analytic_cost: Option<f64>,
    band_ratio: (f64, f64),
}

/// A plan in progress: [`Planner::new`] validates, enumerates and screens; each
/// [`Planner::step`] confirms one contender by simulation; [`Planner::finish`] ranks.
pub struct Planner {
    input: PlanInput,
    rate: f64,
    model: &'static Model,
    runtime: &'static Runtime,
    shape: Shape,
    calibration: Option<ClaimCalibration>,
    work: Vec<Work>,
    /// Rows screened so far.
    screened: usize,
    contenders: Vec<usize>,
    next: usize,
    /// The contender being simulated.
    current: Option<(usize, capacity::SimSearch)>,
    warnings: Vec<String>,
}

/// Candidates screened per [`Planner::step`] (≈40 µs each natively).
pub const SCREEN_BATCH: usize = 48;

/// The plan's model and runtime: the user's, else the claim's benchmark's (else vLLM); `Err`
/// for an unknown id, no model at all, or lengths beyond the model's context.
fn model_and_runtime(
    s: &Scenario,
    claim: &crate::claim::Claim,
    bench: Option<Setup>,
) -> Result<(&'static Model, &'static Runtime), PlanError> {
    // No reading of the benchmark fits its hardware (no setup to carry over): the model the
    // claim names is still the one to plan for.
    let claimed = claim.model.as_ref().and_then(|m| {
        catalog::model(&m.value).or_else(|| catalog::model::checkpoint_base(&m.value))
    });
    let model = match (&s.model, bench.map(|b| b.model).or(claimed)) {
        (Some(id), _) => catalog::model(id).ok_or_else(|| {
            bad(
                PlanField::Scenario(Field::Model),
                format!("unknown model id {id:?}"),
            )
        })?,
        (None, Some(m)) => m,
        (None, None) => {
            return Err(bad(
                PlanField::Scenario(Field::Model),
                "no model given and the claim names none in the catalog; give one",
            ))
        }
    };
    let runtime = match (&s.runtime, bench) {
        (Some(id), _) => catalog::runtime(id).ok_or_else(|| {
            bad(
                PlanField::Scenario(Field::Runtime),
                format!("unknown runtime id {id:?}"),
            )
        })?,
        (None, Some(b)) => b.runtime,
        (None, None) => catalog::runtime("vllm").expect("catalog has vllm"),
    };
    let total = s.prompt_tokens as u64 + s.output_tokens as u64;
    if total > model.context as u64 {
        return Err(bad(
            PlanField::Lengths,
            format!(
                "prompt + output = {total} tokens exceeds {}'s context window of {} tokens",
                model.name, model.context
            ),
        ));
    }
    Ok((model, runtime))
}

/// What every capacity search simulates: the user's lengths, arrivals (Poisson for a
/// closed-loop scenario: the plan serves a rate), prompt reuse, probe size, seed and SLOs.
fn shape(input: &PlanInput) -> Shape {
    let s = &input.scenario;
    let (arrival, burstiness) = match s.load {
        Load::Rate {
            arrival,
            burstiness,
            ..
        } => (arrival, burstiness),
        Load::Concurrency { .. } => (Arrival::Poisson, 1.0),
    };
    Shape {
        prompt: length_dist(s.prompt_tokens, s.prompt_sd),
        output: length_dist(s.output_tokens, s.output_sd),
        arrival,
        burstiness,
        prefix_tokens: s.prefix_tokens.unwrap_or(0),
        prompt_pool: s.prompt_pool.unwrap_or(0),
        requests: input.sim_requests,
        seed: s.seed,
        slo: input.slo,
        percentile: input.percentile,
    }
}

impl Planner {
    /// Validates the input, resolves model and runtime, enumerates the candidates, checks each
    /// fits, and screens them analytically.
    ///
    /// # Errors
    /// [`PlanError::BadInput`] naming the input when a value is out of range or an id is unknown,
    /// or when no model is given and the claim names none.
    pub fn new(input: &PlanInput) -> Result<Planner, PlanError> {
        validate::validate(input)?;
        let s = &input.scenario;
        let mut claim = crate::claim::read(&s.benchmark);
        s.claim_overrides.apply(&mut claim);
        let analysis = analyse(
            &claim,
            &Hints {
                model: s.model.clone(),
                gpu: s.gpu.clone(),
                runtime: s.runtime.clone(),
                weights: s.weights.clone(),
                prompt_tokens: Some(s.prompt_tokens),
                output_tokens: Some(s.output_tokens),
            },
        );
        let bench = analysis
            .chosen()
            .or(analysis.readings.first())
            .map(|r| r.bench.setup);
        let (model, runtime) = model_and_runtime(s, &claim, bench)?;
        let rate = input.traffic.requests_per_s();
        let shape = shape(input);
        let mut warnings = Vec::new();
        let claimed = ClaimEfficiency::from_analysis(&analysis, s, runtime, &mut warnings);
        let calibration = claimed.chosen.map(|(b, e)| ClaimCalibration {
            gpu: b.gpu.id,
            runtime: b.runtime.id,
            weights: b.weights.id,
            mbu: e.mbu,
            mfu: e.mfu,
        });
        let work = enumerate(input, model, runtime, &claimed);
        let planner = Planner {
            input: input.clone(),
            rate,
            model,
            runtime,
            shape,
            calibration,
            work,
            screened: 0,
            contenders: vec![],
            next: 0,
            current: None,
            warnings,
        };
        Ok(planner)
    }

    /// The analytic pass over the next [`SCREEN_BATCH`] candidates; after the last, orders the
    /// contenders.
    fn screen_batch(&mut self) {
        let end = (self.screened + SCREEN_BATCH).min(self.work.len());
        for i in self.screened..end {
            let Some(setup) = self.work[i].setup else {
                continue;
            };
            let eff = self.work[i].row.efficiency;
            let cap = capacity::analytic_capacity(&setup, eff.efficiency(), &self.shape);
            // The band: analytic capacity at the band's ends relative to its middle.
            if cap.requests_per_s > 0.0 {
                let at = |e: Efficiency| {
                    capacity::analytic_capacity(&setup, e, &self.shape).requests_per_s
                        / cap.requests_per_s
                };
                self.work[i].band_ratio = (at(eff.low), at(eff.high));
            }
            self.apply(i, &cap, Method::Analytic);
            self.work[i].analytic_cost = self.work[i].row.cost.map(|c| c.fleet.per_request_usd);
        }
        self.screened = end;
        if self.screened == self.work.len() {
            let order: Vec<(usize, f64)> = self
                .work
                .iter()
                .enumerate()
                .filter_map(|(i, w)| w.analytic_cost.map(|c| (i, c)))
                .collect();
            // Cheapest first; equal costs keep candidate order (the sort is stable).
            let by_cost =
                crate::stats::stable_order(order.len(), &|a, b| order[a].1.total_cmp(&order[b].1));
            self.contenders = by_cost.iter().map(|&k| order[k].0).collect();
        }
    }

    /// Fills a row from a capacity found by `method`.
    fn apply(&mut self, i: usize, cap: &Capacity, method: Method) {
        let setup = self.work[i].setup.expect("fitting rows have a setup");
        let band = self.work[i].band_ratio;
        let eff = self.work[i].row.efficiency.efficiency();
        let shape = &self.shape;
        let input = &self.input;
        let row = &mut self.work[i].row;
        row.method = method;
        row.capacity_rps_per_replica = Some(cap.requests_per_s);
        row.saturation_rps_per_replica = Some(cap.saturation_requests_per_s);
        row.kv_ceiling_sequences = setup
            .max_concurrent_sequences(shape.prompt.mean() + shape.output.mean())
            .ok();
        row.binding_limit = Some(cap.binding);
        row.binding_slo = cap.missed.clone();
        let Some(replicas) = replicas_needed(self.rate, cap.requests_per_s, input.headroom_pct)
        else {
            let pct = input.percentile.label();
            row.reason = Some(match cap.at_light_load {
                Some(l) => format!(
                    "no load meets the SLOs: at light load {pct} TTFT {:.0} ms, TPOT {:.1} ms, E2E {:.0} ms (missed: {})",
                    l.ttft, l.tpot, l.e2e, cap.missed.join(", ")
                ),
                None => "no load meets the SLOs (the simulation did not complete)".into(),
            });
            row.replicas = None;
            row.total_gpus = None;
            row.cost = None;
            row.latency_ms_at_operating_point = None;
            row.latency_margin = None;
            return;
        };
        row.reason = None;
        row.replicas = Some(replicas);
        let total = replicas.saturating_mul(setup.tp);
        row.total_gpus = Some(total);
        let per_replica = self.rate / replicas as f64;
        let lat = match method {
            Method::Simulated => capacity::simulated_latencies(&setup, eff, shape, per_replica),
            _ => capacity::analytic_latencies(&setup, eff, shape, per_replica),
        };
        row.latency_ms_at_operating_point = lat;
        row.latency_margin = lat.and_then(|l| l.margin(&input.slo));
        let s = &input.scenario;
        let fleet = fleet_cost(
            total,
            row.price_usd_per_gpu_hour,
            self.rate,
            shape.prompt.mean(),
            shape.output.mean(),
            s.busy_hours,
        );
        let at_capacity = |ratio: f64| {
            replicas_needed(self.rate, cap.requests_per_s * ratio, input.headroom_pct)
                .map_or(f64::INFINITY, |r| {
                    fleet.per_request_usd * r as f64 / replicas as f64
                })
        };
        row.cost = Some(CandidateCost {
            fleet,
            per_request_usd_low: at_capacity(band.1).min(fleet.per_request_usd),
            per_request_usd_high: at_capacity(band.0).max(fleet.per_request_usd),
        });
    }

    /// True when the plan is settled: every candidate screened, and [`PlanInput::max_contenders`]
    /// simulated, or every candidate that serves simulated, or the [`PlanInput::confirm_top`]
    /// cheapest simulated rows cost no more than the cheapest row not yet simulated does on the
    /// analytic screen (the screen ignores queueing, so simulation rarely makes a row cheaper).
    pub fn done(&self) -> bool {
        if self.screened < self.work.len() || self.current.is_some() {
            return false;
        }
        if self.next >= self.contenders.len() || self.next >= self.input.max_contenders as usize {
            return true;
        }
        let bound = self.work[self.contenders[self.next]]
            .analytic_cost
            .unwrap_or(f64::INFINITY);
        let confirmed = self.contenders[..self.next]
            .iter()
            .filter(|&&i| {
                self.work[i]
                    .row
                    .cost
                    .is_some_and(|c| c.fleet.per_request_usd <= bound)
            })
            .count();
        confirmed >= self.input.confirm_top as usize
    }

    /// Candidates enumerated.
    pub fn candidates(&self) -> usize {
        self.work.len()
    }

    /// Candidates simulated so far (the one in progress included).
    pub fn simulated(&self) -> usize {
        self.next
    }

    /// One slice of work: screens [`SCREEN_BATCH`] candidates, or runs one simulation of the
    /// contender in progress (the cheapest on the screen not yet simulated; ≈10 runs of
    /// [`PlanInput::sim_requests`] requests each, plus one at its operating point). Returns true
    /// while work remains.
    pub fn step(&mut self) -> bool {
        if self.done() {
            return false;
        }
        if self.screened < self.work.len() {
            self.screen_batch();
            return !self.done();
        }
        let (i, mut search) = match self.current.take() {
            Some(c) => c,
            None => {
                let i = self.contenders[self.next];
                self.next += 1;
                let setup = self.work[i].setup.expect("contenders fit");
                let eff = self.work[i].row.efficiency.efficiency();
                (i, capacity::SimSearch::new(setup, eff))
            }
        };
        match search.advance(&self.shape) {
            Some(cap) => self.apply(i, &cap, Method::Simulated),
            None => self.current = Some((i, search)),
        }
        !self.done()
    }

    /// Runs what remains and ranks the rows.
    #[must_use]
    pub fn finish(mut self) -> Plan {
        while self.step() {}
        let mut rows: Vec<Candidate> = self.work.into_iter().map(|w| w.row).collect();
        rank(&mut rows);
        let counts = Counts {
            candidates: rows.len() as u32,
            fitting: rows.iter().filter(|r| r.fits).count() as u32,
            serving: rows.iter().filter(|r| r.serves()).count() as u32,
            simulated: rows
                .iter()
                .filter(|r| r.method == Method::Simulated)
                .count() as u32,
        };
        let mut warnings = self.warnings;
        if counts.serving == 0 {
            warnings.push(
                "No candidate serves this traffic within the SLOs: loosen an SLO, allow more GPUs per replica, or add GPUs.".into(),
            );
        }
        let s = &self.input.scenario;
        Plan {
            rate_rps: self.rate,
            traffic: self.input.traffic.describe(),
            model: self.model.id,
            runtime: self.runtime.id,
            prompt_tokens: self.shape.prompt.mean(),
            output_tokens: self.shape.output.mean(),
            busy_hours: s.busy_hours,
            slo: self.input.slo,
            percentile: self.input.percentile,
            headroom_pct: self.input.headroom_pct,
            tier: s.price_tier,
            calibration: self.calibration,
            candidates: rows,
            counts,
            warnings,
        }
    }
}

/// Orders rows: those that serve first, cheapest per request first (simulated or screened;
/// [`Planner::done`] makes the top rows simulated ones); at equal cost simulated rows first (the
/// screen's latencies are optimistic), then the larger latency margin, then fewer GPUs, then
/// catalog order; then
/// the rows that fit but meet no SLO; then those that do not fit. Sets `rank` on serving rows.
pub fn rank(rows: &mut [Candidate]) {
    let class = |r: &Candidate| match (r.cost.is_some(), r.fits) {
        (true, _) => 0,
        (false, true) => 1,
        _ => 2,
    };
    let key = |r: &Candidate| r.cost.map_or(f64::INFINITY, |c| c.fleet.per_request_usd);
    let cmp = |a: &Candidate, b: &Candidate| {
        class(a)
            .cmp(&class(b))
            .then(key(a).total_cmp(&key(b)))
            .then((a.method != Method::Simulated).cmp(&(b.method != Method::Simulated)))
            .then(
                b.latency_margin
                    .unwrap_or(f64::NEG_INFINITY)
                    .total_cmp(&a.latency_margin.unwrap_or(f64::NEG_INFINITY)),
            )
            .then(a.total_gpus.cmp(&b.total_gpus))
    };
    let order = crate::stats::stable_order(rows.len(), &|a, b| cmp(&rows[a], &rows[b]));
    crate::stats::apply_order(rows, &order);
    let mut n = 0;
    for r in rows.iter_mut() {
        r.rank = if r.cost.is_some() {
            n += 1;
            Some(n)
        } else {
            None
        };
    }
}

/// Plans to the end.
///
/// # Errors
/// As [`Planner::new`].
pub fn plan(input: &PlanInput) -> Result<Plan, PlanError> {
    Ok(Planner::new(input)?.finish())
}
