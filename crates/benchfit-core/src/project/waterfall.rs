//! The waterfall: from the benchmark's setup to the user's, one input at a time, each step a
//! ratio of the claimed metric in the analytic steady state.

use super::{EstimateError, Factor};
use crate::analysis::Reading;
use crate::model::{
    closed_loop, Efficiency, KvCap, Metric, Setup, SteadyError, SteadyState, Workload,
};

/// One reading projected onto the user's setup.
pub(super) struct Projection {
    /// The user's steady state at the reading's efficiency.
    pub(super) state: SteadyState,
    /// The waterfall's factors.
    pub(super) factors: Vec<Factor>,
    /// The metric the claimed figure measures.
    pub(super) metric: Metric,
}

fn metric_value(
    setup: &Setup,
    eff: Efficiency,
    w: &Workload,
    metric: Metric,
    cap: KvCap,
) -> Result<f64, SteadyError> {
    Ok(metric.of(&closed_loop(setup, eff, w, cap)?))
}

struct Walk {
    setup: Setup,
    w: Workload,
    prev: f64,
    eff: Efficiency,
    metric: Metric,
    factors: Vec<Factor>,
}

impl Walk {
    /// Moves to `(setup, w)`, recording the ratio as one factor (skipped when nothing changed,
    /// unless `always`).
    #[allow(clippy::too_many_arguments)]
    fn step(
        &mut self,
        name: &str,
        from: String,
        to: String,
        setup: Setup,
        w: Workload,
        cap: KvCap,
        always: bool,
    ) -> Result<(), EstimateError> {
        if from == to && !always {
            return Ok(());
        }
        let v = metric_value(&setup, self.eff, &w, self.metric, cap)
            .map_err(|e| EstimateError::Infeasible(e.to_string()))?;
        self.factors.push(Factor {
            name: name.into(),
            from,
            to,
            ratio: v / self.prev,
        });
        self.prev = v;
        self.setup = setup;
        self.w = w;
        Ok(())
    }
}

/// Walks from the benchmark's setup to the user's, one input at a time.
pub(super) fn waterfall(
    reading: &Reading,
    eff: Efficiency,
    user: &Setup,
    uw: &Workload,
) -> Result<Projection, EstimateError> {
    let metric = reading.metric;
    let infeasible = |e: SteadyError| EstimateError::Infeasible(e.to_string());
    let bench = reading.bench.setup;
    let bw = reading.bench.workload;
    let m0 = metric_value(&bench, eff, &bw, metric, KvCap::Enforce).map_err(infeasible)?;
    let uncapped = metric_value(&bench, eff, &bw, metric, KvCap::Ignore).map_err(infeasible)?;
    let mut walk = Walk {
        setup: bench,
        w: bw,
        prev: uncapped,
        eff,
        metric,
        factors: Vec::new(),
    };
    if (uncapped / m0 - 1.0).abs() > 1e-9 {
        walk.factors.push(Factor {
            name: "benchmark batch beyond its KV cache".into(),
            from: "capped".into(),
            to: "uncapped".into(),
            ratio: uncapped / m0,
        });
    }
    walk_setup(&mut walk, &bench, user)?;
    walk_workload(&mut walk, &bw, uw)?;
    let kvname = |s: &Setup| format!("{} KV at {:.2}", s.kv.name, s.mem_fraction);
    let max_user = user
        .max_concurrent_sequences(uw.prompt_tokens + uw.output_tokens)
        .map_err(|e| EstimateError::Infeasible(e.to_string()))?;
    walk.step(
        "KV ceiling",
        format!("unlimited ({})", kvname(&bench)),
        format!("{} sequences per replica ({})", max_user, kvname(user)),
        *user,
        *uw,
        KvCap::Enforce,
        true,
    )?;
    let state = closed_loop(user, eff, uw, KvCap::Enforce).map_err(infeasible)?;
    Ok(Projection {
        state,
        factors: walk.factors,
        metric,
    })
}

/// The setup steps of the walk: hardware, precision, runtime.
fn walk_setup(walk: &mut Walk, bench: &Setup, user: &Setup) -> Result<(), EstimateError> {
    let hw = |s: &Setup| format!("{} × {}", s.total_gpus(), s.gpu.name);
    let s = Setup {
        gpu: user.gpu,
        tp: user.tp,
        replicas: user.replicas,
        ..walk.setup
    };
    walk.step(
        "hardware",
        hw(bench),
        hw(user),
        s,
        walk.w,
        KvCap::Ignore,
        false,
    )?;
    let s = Setup {
        weights: user.weights,
        ..walk.setup
    };
    walk.step(
        "precision",
        format!("{} weights", bench.weights.name),
        format!("{} weights", user.weights.name),
        s,
        walk.w,
        KvCap::Ignore,
        false,
    )?;
    let s = Setup {
        runtime: user.runtime,
        max_num_seqs: user.max_num_seqs,
        max_batched_tokens: user.max_batched_tokens,
        ..walk.setup
    };
    walk.step(
        "runtime",
        bench.runtime.name.into(),
        user.runtime.name.into(),
        s,
        walk.w,
        KvCap::Ignore,
        false,
    )?;
    Ok(())
}

/// The workload steps of the walk: prompt length, output length, concurrency.
fn walk_workload(walk: &mut Walk, bw: &Workload, uw: &Workload) -> Result<(), EstimateError> {
    let w = Workload {
        prompt_tokens: uw.prompt_tokens,
        ..walk.w
    };
    walk.step(
        "prompt length",
        format!("{} tokens", bw.prompt_tokens),
        format!("{} tokens", uw.prompt_tokens),
        walk.setup,
        w,
        KvCap::Ignore,
        false,
    )?;
    let w = Workload {
        output_tokens: uw.output_tokens,
        ..walk.w
    };
    walk.step(
        "output length",
        format!("{} tokens", bw.output_tokens),
        format!("{} tokens", uw.output_tokens),
        walk.setup,
        w,
        KvCap::Ignore,
        false,
    )?;
    let w = Workload {
        concurrency: uw.concurrency,
        ..walk.w
    };
    // An open loop's concurrency is Little's law's mean, not a whole number: three figures
    // (`5.72`); a closed loop's is whole (`8`).
    let shown = |c: f64| {
        if c.fract() == 0.0 {
            format!("{c}")
        } else {
            crate::format::sig(c)
        }
    };
    walk.step(
        "concurrency",
        shown(bw.concurrency),
        shown(uw.concurrency),
        walk.setup,
        w,
        KvCap::Ignore,
        false,
    )?;
    Ok(())
}
