//! The user's load on the deployment: the concurrency the analytic steady state runs at (for an
//! open loop found by Little's law), the workload, the length distributions and the label of the
//! arrivals.

use super::EstimateError;
use crate::format::sig;
use crate::input::{Arrival, LengthDist, Load, Scenario};
use crate::model::steady::closed_loop_cached;
use crate::model::{Efficiency, KvCap, Setup, Workload};

/// The concurrency the analytic steady state runs at, the offered rate (open loop only, req/s)
/// and whether the deployment can serve it: the offered concurrency (always served), or for an
/// open loop the one at which the deployment completes the offered rate (Little's law, by
/// bisection on the steady state). Warns when the rate is at or above what the deployment
/// completes (then not served).
///
/// # Errors
/// [`EstimateError::Infeasible`] when not one sequence fits in the KV cache.
pub(super) fn operating_point(
    s: &Scenario,
    user: &Setup,
    eff: Efficiency,
    warnings: &mut Vec<String>,
) -> Result<(f64, Option<f64>, bool), EstimateError> {
    let replicas = user.replicas;
    let per_request = s.prompt_tokens as f64 + s.output_tokens as f64;
    let requests_per_s = match s.load {
        Load::Concurrency { concurrency } => return Ok((concurrency as f64, None, true)),
        Load::Rate { requests_per_s, .. } => requests_per_s,
    };
    // A cached shared prefix is held once, so more sequences fit (as in the simulation).
    let cached = s.prefix_tokens.unwrap_or(0) as f64;
    let max = user
        .max_concurrent_sequences(per_request - cached)
        .map_err(|e| EstimateError::Infeasible(e.to_string()))? as f64
        * replicas as f64;
    let x = |c: f64| {
        closed_loop_cached(user, eff, &workload(s, c), KvCap::Enforce, cached)
            .map(|st| st.requests_per_s)
            .unwrap_or(0.0)
    };
    let capacity = x(max.max(1.0));
    let stable = capacity > requests_per_s;
    let c = if !stable {
        warnings.push(format!(
            "The offered {} req/s is at or above what the deployment completes ({:.3} req/s at its KV ceiling): the queue grows without bound.",
            sig(requests_per_s), capacity));
        max.max(1.0)
    } else {
        let (mut lo, mut hi) = (replicas as f64 * 1e-3, max.max(1.0));
        for _ in 0..60 {
            let mid = (lo + hi) / 2.0;
            if x(mid) < requests_per_s {
                lo = mid
            } else {
                hi = mid
            }
        }
        (lo + hi) / 2.0
    };
    Ok((c, Some(requests_per_s), stable))
}

/// The user's mean workload at `concurrency` sequences in flight (whole deployment).
pub(super) fn workload(s: &Scenario, concurrency: f64) -> Workload {
    Workload {
        prompt_tokens: s.prompt_tokens as f64,
        output_tokens: s.output_tokens as f64,
        concurrency,
    }
}

/// A length distribution: lognormal with this mean and standard deviation, fixed without one.
pub(super) fn length(mean: u32, sd: Option<f64>) -> LengthDist {
    match sd {
        Some(sd) if sd > 0.0 => LengthDist::LogNormal {
            mean: mean as f64,
            sd,
        },
        _ => LengthDist::Fixed { tokens: mean },
    }
}

/// How the arrivals read in the waterfall and the output (`closed loop, 32 in flight`,
/// `Poisson 2 req/s, lengths spread`).
pub(super) fn arrivals_label(s: &Scenario) -> String {
    let arrivals = match s.load {
        Load::Concurrency { concurrency } => format!("closed loop, {concurrency} in flight"),
        Load::Rate {
            requests_per_s,
            arrival,
            burstiness,
        } => match arrival {
            Arrival::Constant => format!("constant {} req/s", sig(requests_per_s)),
            Arrival::Poisson => format!("Poisson {} req/s", sig(requests_per_s)),
            Arrival::Gamma => format!(
                "gamma {} req/s, burstiness {}",
                sig(requests_per_s),
                sig(burstiness)
            ),
        },
    };
    let spread = s.prompt_sd.is_some_and(|v| v > 0.0) || s.output_sd.is_some_and(|v| v > 0.0);
    format!("{arrivals}{}", if spread { ", lengths spread" } else { "" })
}
