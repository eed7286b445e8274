//! The simulation of one replica under the user's arrivals and length spread, and the
//! deployment-wide figures read from it.

use super::load::{length, workload};
use super::waterfall::{waterfall, Projection};
use super::{EstimateError, Factor, Throughput};
use crate::analysis::{Analysis, PlausibilityStatus, Reading};
use crate::format::sig;
use crate::input::{Arrivals, Scenario};
use crate::model::sim::{simulate, SimConfig, SimResult};
use crate::model::{closed_loop, Efficiency, KvCap, Metric, Setup, SteadyState};

/// Engine steps one estimate's simulation may run before it stops and reports the rest as
/// incomplete (keeps the page responsive on absurd inputs).
pub const MAX_SIM_STEPS: u64 = 2_000_000;

/// A metric of the simulation, whole deployment: rates × `scale`, the replicas' worth of the
/// simulated one ([`Arrivals::replica_scale`]); None for metrics it does not produce.
pub(super) fn metric_of_sim(metric: Metric, sim: &SimResult, scale: f64) -> Option<f64> {
    let r = scale;
    match metric {
        Metric::OutputTokensPerS => Some(sim.output_tokens_per_s * r),
        Metric::TotalTokensPerS => Some(sim.total_tokens_per_s * r),
        Metric::RequestsPerS => Some(sim.requests_per_s * r),
        Metric::PerUserTokensPerS => sim.tpot_ms.map(|t| 1e3 / t.mean),
        Metric::TtftMs => sim.ttft_ms.map(|p| p.mean),
        Metric::ItlMs => sim.itl_ms.map(|p| p.mean),
        Metric::TpotMs => sim.tpot_ms.map(|p| p.mean),
        Metric::E2eMs => sim.e2e_ms.map(|p| p.mean),
        Metric::DecodeTokensPerS | Metric::PrefillTokensPerS => None,
    }
}

/// Deployment rates from the simulation × `scale` ([`Arrivals::replica_scale`]); the analytic
/// steady state when it finished nothing.
pub(super) fn rates_of(sim: &SimResult, state: &SteadyState, scale: f64) -> Throughput {
    if sim.requests.completed > 0 && sim.requests_per_s > 0.0 {
        let r = scale;
        Throughput {
            output_tokens_per_s: sim.output_tokens_per_s * r,
            total_tokens_per_s: sim.total_tokens_per_s * r,
            requests_per_s: sim.requests_per_s * r,
        }
    } else {
        Throughput {
            output_tokens_per_s: state.output_tokens_per_s,
            total_tokens_per_s: state.total_tokens_per_s,
            requests_per_s: state.requests_per_s,
        }
    }
}

/// The simulation of one replica of `user` under the scenario's arrivals (its share of the
/// load), length spread, requests, seed, prefix and SLOs.
pub(super) fn sim_config(s: &Scenario, user: &Setup, eff: Efficiency) -> SimConfig {
    let replicas = user.replicas;
    SimConfig {
        setup: *user,
        efficiency: eff,
        arrivals: Arrivals::per_replica(s.load, replicas),
        prompt: length(s.prompt_tokens, s.prompt_sd),
        output: length(s.output_tokens, s.output_sd),
        requests: s.requests.div_ceil(replicas).max(1),
        seed: s.seed,
        prefix_tokens: s.prefix_tokens.unwrap_or(0),
        prompt_pool: s.prompt_pool.unwrap_or(0),
        slo: s.slo,
        max_steps: MAX_SIM_STEPS,
    }
}

/// One projection per plausible reading (the first is the primary; the band spans them all),
/// each its waterfall plus the simulated traffic as the last factor, with its simulation.
/// Empty without a chosen reading.
///
/// # Errors
/// [`EstimateError::Infeasible`] when a step of a waterfall cannot run.
pub(super) fn projections(
    s: &Scenario,
    analysis: &Analysis,
    eff: Efficiency,
    user: &Setup,
    concurrency: f64,
    label: &str,
) -> Result<Vec<(Projection, SimResult)>, EstimateError> {
    let readings: Vec<(&Reading, Efficiency)> = match analysis.chosen() {
        Some(_) if analysis.status == PlausibilityStatus::Plausible => analysis
            .plausible()
            .map(|r| (r, r.calibration.as_ref().expect("plausible").efficiency))
            .collect(),
        Some(r) => vec![(r, eff)],
        None => vec![],
    };
    let uw = workload(s, concurrency);
    let mut out = Vec::new();
    for (r, e) in readings {
        let mut p = waterfall(r, e, user, &uw)?;
        let sim = simulate(&sim_config(s, user, e));
        let analytic = p.metric.of(&p.state);
        if let Some(v) = metric_of_sim(
            p.metric,
            &sim,
            Arrivals::replica_scale(s.load, user.replicas),
        )
        .filter(|v| v.is_finite() && *v > 0.0)
        {
            if analytic > 0.0 {
                p.factors.push(Factor {
                    name: "traffic (simulated)".into(),
                    from: "steady state".into(),
                    to: label.to_string(),
                    ratio: v / analytic,
                });
            }
        }
        out.push((p, sim));
    }
    Ok(out)
}

/// The primary steady state and simulation: the first projection's, else the user's setup at
/// `eff` on its own.
///
/// # Errors
/// [`EstimateError::Infeasible`] when the steady state cannot run.
pub(super) fn primary(
    s: &Scenario,
    projections: &[(Projection, SimResult)],
    eff: Efficiency,
    user: &Setup,
    concurrency: f64,
) -> Result<(SteadyState, SimResult), EstimateError> {
    Ok(match projections.first() {
        Some((p, sim)) => (p.state.clone(), sim.clone()),
        None => (
            closed_loop(user, eff, &workload(s, concurrency), KvCap::Enforce)
                .map_err(|e| EstimateError::Infeasible(e.to_string()))?,
            simulate(&sim_config(s, user, eff)),
        ),
    })
}

/// Warnings about the KV ceiling (closed loop), about simulated requests that did not finish or
/// could never run (`budget`: the step's token budget), and about an open-loop window that is
/// mostly ramp-up and drain (`steady`: the offered output tok/s and the seconds one replica's
/// arrivals span, when the deployment can serve the rate).
pub(super) fn warn(
    state: &SteadyState,
    sim: &SimResult,
    concurrency: f64,
    open_loop: bool,
    steady: Option<(f64, f64)>,
    budget: u32,
    warnings: &mut Vec<String>,
) {
    if state.kv_limited && !open_loop {
        warnings.push(format!(
            "Your concurrency {} exceeds the KV-cache ceiling of {} sequences per replica: the rest queue (+{:.0} ms TTFT).",
            concurrency, state.max_concurrent_sequences, state.queue_ms));
    }
    if sim.requests.incomplete > 0 {
        warnings.push(format!(
            "The simulation stopped after {} engine steps with {} requests unfinished; figures cover the {} that finished.",
            sim.steps, sim.requests.incomplete, sim.requests.completed));
    }
    if sim.requests.rejected > 0 {
        warnings.push(format!(
            "{} simulated requests need more KV cache than the whole cache holds and never ran.",
            sim.requests.rejected
        ));
    }
    // A window mostly ramp-up and drain (the arrivals span less than four fifths of it): the
    // throughput is a short benchmark's, not the steady state's. `steady` is the offered output
    // rate (tok/s) and the seconds the arrivals span, for a load the deployment can serve.
    if let Some((output_tok_s, span_s)) = steady {
        if sim.requests.incomplete == 0 && span_s > 0.0 && sim.window_s > 1.25 * span_s {
            warnings.push(format!(
                "The simulated requests arrive over {:.1} s, but the simulation runs {:.1} s until the last one finishes: the throughput counts the ramp-up and the drain, as a benchmark of that many requests would measure it; served for longer, the deployment completes the offered {} output tok/s.",
                span_s, sim.window_s, sig(output_tok_s)));
        }
    }
    if sim.requests.over_budget > 0 {
        warnings.push(format!(
            "{} simulated requests have prompts longer than the engine's token budget per step ({} tokens) and never ran: this runtime does not chunk prefill by default; raise the token budget (max batched tokens) to at least the longest prompt.",
            sim.requests.over_budget, budget
        ));
    }
}
