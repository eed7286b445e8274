//! Capacity under the SLO of one replica: the largest request rate it serves with every SLO met
//! at the chosen percentile (goodput), analytically (the screen) and by simulation (the answer).

use crate::input::{Arrival, Arrivals, LengthDist, Slo};
use crate::model::sim::{simulate, SimConfig, SimResult};
use crate::model::{closed_loop, Efficiency, KvCap, Setup, SteadyState, Workload};
use crate::stats::Percentiles;
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

/// The percentile SLOs are judged at.
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Percentile {
    /// 95th percentile (the default).
    #[default]
    P95,
    /// 99th percentile.
    P99,
}

impl Percentile {
    /// This percentile of a distribution.
    pub fn of(self, p: &Percentiles) -> f64 {
        match self {
            Percentile::P95 => p.p95,
            Percentile::P99 => p.p99,
        }
    }
    /// `p95` / `p99`.
    pub fn label(self) -> &'static str {
        match self {
            Percentile::P95 => "p95",
            Percentile::P99 => "p99",
        }
    }
}

/// Latencies at one percentile, ms.
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Latencies {
    /// Time to first token.
    pub ttft: f64,
    /// Time per output token.
    pub tpot: f64,
    /// End-to-end.
    pub e2e: f64,
}

impl Latencies {
    /// The SLO metrics these latencies miss, in the order TTFT, TPOT, E2E.
    pub fn misses(&self, slo: &Slo) -> Vec<&'static str> {
        let mut out = Vec::new();
        for (name, v, target) in [
            ("ttft", self.ttft, slo.ttft_ms),
            ("tpot", self.tpot, slo.tpot_ms),
            ("e2e", self.e2e, slo.e2e_ms),
        ] {
            if let Some(t) = target {
                if !matches!(v.partial_cmp(&t), Some(Ordering::Less | Ordering::Equal)) {
                    out.push(name);
                }
            }
        }
        out
    }

    /// The smallest relative margin to a given SLO, `(target − latency) / target` (negative when
    /// missed); `None` without SLOs.
    pub fn margin(&self, slo: &Slo) -> Option<f64> {
        [
            (self.ttft, slo.ttft_ms),
            (self.tpot, slo.tpot_ms),
            (self.e2e, slo.e2e_ms),
        ]
        .iter()
        .filter_map(|(v, t)| t.map(|t| (t - v) / t))
        .reduce(f64::min)
    }
}

/// The traffic one replica sees, minus its rate.
#[derive(Debug, Clone, PartialEq)]
pub struct Shape {
    /// Prompt lengths.
    pub prompt: LengthDist,
    /// Output lengths.
    pub output: LengthDist,
    /// Arrival process.
    pub arrival: Arrival,
    /// Gamma burstiness (1 = Poisson).
    pub burstiness: f64,
    /// Prompt tokens every request shares from the prefix cache.
    pub prefix_tokens: u32,
    /// Distinct prompts the traffic draws from (0: every prompt is new), as the simulator's.
    pub prompt_pool: u32,
    /// Simulated requests per run.
    pub requests: u32,
    /// Seed.
    pub seed: u64,
    /// SLOs.
    pub slo: Slo,
    /// The percentile they are judged at.
    pub percentile: Percentile,
}

impl Shape {
    fn mean_prompt(&self) -> f64 {
        self.prompt.mean()
    }
    fn mean_output(&self) -> f64 {
        self.output.mean()
    }
    fn has_slo(&self) -> bool {
        self.slo.ttft_ms.is_some() || self.slo.tpot_ms.is_some() || self.slo.e2e_ms.is_some()
    }
}

/// What limits one replica.
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Binding {
    /// A latency target: more load would miss it.
    Slo,
    /// The KV cache: the running batch cannot grow.
    KvCache,
    /// Compute: the batch may grow (`max_num_seqs`) but the steps only get slower.
    Compute,
}

/// One replica's capacity under the SLO.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Capacity {
    /// Requests/s one replica serves with every SLO met (0: none at any load).
    pub requests_per_s: f64,
    /// Requests/s at the KV ceiling or full batch, SLOs aside.
    pub saturation_requests_per_s: f64,
    /// What binds.
    pub binding: Binding,
    /// The SLO metrics missed just above the capacity (`ttft`, `tpot`, `e2e`).
    pub missed: Vec<&'static str>,
    /// Latencies at the lightest load tried when no load meets the SLOs.
    pub at_light_load: Option<Latencies>,
}

/// Halvings of the rate bracket in the simulated search: 6 leave it 1/64 of the saturation rate
/// wide (≈ 1.6%), below the run-to-run spread of a few hundred simulated requests.
pub const BISECTION_STEPS: u32 = 6;

/// The lightest load tried, as a fraction of the saturation rate (1/64): below it a replica is
/// idle most of the time and its latencies are those of a lone request.
pub const LIGHT_LOAD_FRACTION: f64 = 1.0 / 64.0;

fn kv_ceiling(setup: &Setup, shape: &Shape) -> (u32, bool) {
    let per = shape.mean_prompt() + shape.mean_output();
    let by_kv = setup
        .kv_capacity_tokens()
        .map(|cap| (cap / setup.kv_tokens_per_sequence(per).max(1.0)).floor())
        .unwrap_or(0.0);
    let seqs = (by_kv.min(setup.max_num_seqs as f64)).max(0.0) as u32;
    (seqs, by_kv < setup.max_num_seqs as f64)
}

fn steady(setup: &Setup, eff: Efficiency, shape: &Shape, c: f64) -> Option<SteadyState> {
    closed_loop(
        setup,
        eff,
        &Workload {
            prompt_tokens: shape.mean_prompt(),
            output_tokens: shape.mean_output(),
            concurrency: c,
        },
        KvCap::Enforce,
    )
    .ok()
}

fn steady_latencies(s: &SteadyState, p: Percentile) -> Latencies {
    Latencies {
        ttft: p.of(&s.ttft_ms),
        tpot: p.of(&s.tpot_ms),
        e2e: p.of(&s.e2e_ms),
    }
}

/// The analytic screen: the steady state over concurrency 1…KV ceiling, the largest completed
/// rate whose latencies meet the SLOs (bisection on concurrency; latencies grow with it).
pub fn analytic_capacity(setup: &Setup, eff: Efficiency, shape: &Shape) -> Capacity {
    let (max_seqs, kv_bound) = kv_ceiling(setup, shape);
    let saturation_binding = if kv_bound {
        Binding::KvCache
    } else {
        Binding::Compute
    };
    let Some(top) = steady(setup, eff, shape, max_seqs.max(1) as f64) else {
        return Capacity {
            requests_per_s: 0.0,
            saturation_requests_per_s: 0.0,
            binding: saturation_binding,
            missed: vec![],
            at_light_load: None,
        };
    };
    let sat = top.requests_per_s;
    let meets = |s: &SteadyState| steady_latencies(s, shape.percentile).misses(&shape.slo);
    if meets(&top).is_empty() {
        return Capacity {
            requests_per_s: sat,
            saturation_requests_per_s: sat,
            binding: saturation_binding,
            missed: vec![],
            at_light_load: None,
        };
    }
    let one = steady(setup, eff, shape, 1.0).expect("one fits when the ceiling does");
    if !meets(&one).is_empty() {
        return Capacity {
            requests_per_s: 0.0,
            saturation_requests_per_s: sat,
            binding: Binding::Slo,
            missed: meets(&one),
            at_light_load: Some(steady_latencies(&one, shape.percentile)),
        };
    }
    let (mut lo, mut hi) = (1.0, max_seqs.max(1) as f64);
    let mut missed = meets(&top);
    let mut best = one.requests_per_s;
    for _ in 0..20 {
        let mid = (lo + hi) / 2.0;
        match steady(setup, eff, shape, mid) {
            Some(s) if meets(&s).is_empty() => {
                lo = mid;
                best = s.requests_per_s;
            }
            Some(s) => {
                missed = meets(&s);
                hi = mid;
            }
            None => hi = mid,
        }
    }
    Capacity {
        requests_per_s: best,
        saturation_requests_per_s: sat,
        binding: Binding::Slo,
        missed,
        at_light_load: None,
    }
}

/// Analytic latencies of one replica serving `rate` requests/s (the concurrency at which the
/// steady state completes that rate, Little's law), `None` when it cannot.
pub fn analytic_latencies(
    setup: &Setup,
    eff: Efficiency,
    shape: &Shape,
    rate: f64,
) -> Option<Latencies> {
    let (max_seqs, _) = kv_ceiling(setup, shape);
    let top = steady(setup, eff, shape, max_seqs.max(1) as f64)?;
    if top.requests_per_s < rate {
        return None;
    }
    let (mut lo, mut hi) = (1e-3, max_seqs.max(1) as f64);
    for _ in 0..40 {
        let mid = (lo + hi) / 2.0;
        if steady(setup, eff, shape, mid).map_or(0.0, |s| s.requests_per_s) < rate {
            lo = mid
        } else {
            hi = mid
        }
    }
    steady(setup, eff, shape, hi).map(|s| steady_latencies(&s, shape.percentile))
}

fn sim_config(setup: &Setup, eff: Efficiency, shape: &Shape, arrivals: Arrivals) -> SimConfig {
    SimConfig {
        setup: *setup,
        efficiency: eff,
        arrivals,
        prompt: shape.prompt.clone(),
        output: shape.output.clone(),
        requests: shape.requests,
        seed: shape.seed,
        prefix_tokens: shape.prefix_tokens,
        prompt_pool: shape.prompt_pool,
        slo: shape.slo,
        max_steps: crate::project::MAX_SIM_STEPS,
    }
}

fn open(shape: &Shape, rate: f64) -> Arrivals {
    Arrivals::Open {
        requests_per_s: rate,
        arrival: shape.arrival,
        burstiness: shape.burstiness,
    }
}

fn sim_latencies(r: &SimResult, p: Percentile) -> Option<Latencies> {
    Some(Latencies {
        ttft: p.of(r.ttft_ms.as_ref()?),
        // One-token outputs have no TPOT: count them as meeting any TPOT target.
        tpot: r.tpot_ms.as_ref().map_or(0.0, |t| p.of(t)),
        e2e: p.of(r.e2e_ms.as_ref()?),
    })
}

/// Simulated latencies of one replica at `rate` requests/s under the shape's arrivals and
/// lengths; `None` when some request did not finish (over the step limit, or longer than the
/// whole KV cache).
pub fn simulated_latencies(
    setup: &Setup,
    eff: Efficiency,
    shape: &Shape,
    rate: f64,
) -> Option<Latencies> {
    let r = simulate(&sim_config(setup, eff, shape, open(shape, rate)));
    if r.requests.incomplete > 0 || r.requests.rejected > 0 || r.requests.over_budget > 0 {
        return None;
    }
    sim_latencies(&r, shape.percentile)
}

/// The capacity under the SLO found by simulation: the saturation rate is the closed-loop
/// throughput at the KV ceiling; then the open-loop rate is bisected on `[saturation / 64,
/// saturation]` ([`BISECTION_STEPS`] halvings, the answer the highest rate that met every SLO).
/// The bracket does not depend on the SLOs and each rate's verdict is deterministic (same seed),
/// so a looser SLO never gives a lower capacity.
pub fn simulated_capacity(setup: &Setup, eff: Efficiency, shape: &Shape) -> Capacity {
    let mut search = SimSearch::new(*setup, eff);
    loop {
        if let Some(c) = search.advance(shape) {
            return c;
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Stage {
    Saturation,
    Top,
    Light,
    Bisect(u32),
}

/// [`simulated_capacity`] one simulation at a time, so a page can keep each slice of work short.
#[derive(Debug, Clone)]
pub struct SimSearch {
    setup: Setup,
    eff: Efficiency,
    stage: Stage,
    sat: f64,
    binding: Binding,
    lo: f64,
    hi: f64,
    missed: Vec<&'static str>,
}

impl SimSearch {
    /// A search for this replica.
    pub fn new(setup: Setup, eff: Efficiency) -> Self {
        SimSearch {
            setup,
            eff,
            stage: Stage::Saturation,
            sat: 0.0,
            binding: Binding::Compute,
            lo: 0.0,
            hi: 0.0,
            missed: vec![],
        }
    }

    fn done(&self, requests_per_s: f64, binding: Binding, light: Option<Latencies>) -> Capacity {
        Capacity {
            requests_per_s,
            saturation_requests_per_s: self.sat,
            binding,
            missed: self.missed.clone(),
            at_light_load: light,
        }
    }

    /// Runs one simulation; returns the capacity once it is known.
    pub fn advance(&mut self, shape: &Shape) -> Option<Capacity> {
        let verdict = |rate: f64| slo_verdict(&self.setup, self.eff, shape, rate);
        match self.stage {
            Stage::Saturation => self.saturation(shape),
            Stage::Top => {
                let (missed, _) = verdict(self.sat);
                if missed.is_empty() {
                    return Some(self.done(self.sat, self.binding, None));
                }
                self.missed = missed;
                self.stage = Stage::Light;
                None
            }
            Stage::Light => {
                let light = self.sat * LIGHT_LOAD_FRACTION;
                let (missed, lat) = verdict(light);
                if !missed.is_empty() {
                    self.missed = missed;
                    return Some(self.done(0.0, Binding::Slo, lat));
                }
                (self.lo, self.hi) = (light, self.sat);
                self.stage = Stage::Bisect(0);
                None
            }
            Stage::Bisect(k) => {
                let mid = (self.lo + self.hi) / 2.0;
                let (m, _) = verdict(mid);
                if m.is_empty() {
                    self.lo = mid;
                } else {
                    self.hi = mid;
                    self.missed = m;
                }
                if k + 1 >= BISECTION_STEPS {
                    return Some(self.done(self.lo, Binding::Slo, None));
                }
                self.stage = Stage::Bisect(k + 1);
                None
            }
        }
    }

    /// The first simulation: the closed loop at the KV ceiling gives the saturation rate and
    /// whether KV or compute binds; done at once when it fails, or without an SLO.
    fn saturation(&mut self, shape: &Shape) -> Option<Capacity> {
        let (setup, eff) = (&self.setup, self.eff);
        let (max_seqs, kv_bound) = kv_ceiling(setup, shape);
        self.binding = if kv_bound {
            Binding::KvCache
        } else {
            Binding::Compute
        };
        let closed = simulate(&sim_config(
            setup,
            eff,
            shape,
            Arrivals::Closed {
                concurrency: max_seqs.max(1),
            },
        ));
        self.sat = closed.requests_per_s;
        if !(self.sat > 0.0 && self.sat.is_finite())
            || closed.requests.rejected > 0
            || closed.requests.over_budget > 0
        {
            return Some(self.done(0.0, self.binding, None));
        }
        if !shape.has_slo() {
            return Some(self.done(self.sat, self.binding, None));
        }
        self.stage = Stage::Top;
        None
    }
}

/// Misses at a rate: the SLO metrics missed, or every one set when the run did not finish;
/// with the latencies when it did.
fn slo_verdict(
    setup: &Setup,
    eff: Efficiency,
    shape: &Shape,
    rate: f64,
) -> (Vec<&'static str>, Option<Latencies>) {
    match simulated_latencies(setup, eff, shape, rate) {
        Some(l) => (l.misses(&shape.slo), Some(l)),
        None => (
            [
                ("ttft", shape.slo.ttft_ms),
                ("tpot", shape.slo.tpot_ms),
                ("e2e", shape.slo.e2e_ms),
            ]
            .iter()
            .filter(|(_, t)| t.is_some())
            .map(|(n, _)| *n)
            .collect(),
            None,
        ),
    }
}
