//! Every plan input in range and every id known, before anything is planned. The scenario's
//! inputs are checked against their row of the input table (one range per input, shared with
//! the estimate and the page); the plan's own inputs here.

use super::error::{bad, PlanError, PlanField};
use super::{PlanInput, Traffic, GPUS_PER_REPLICA};
use crate::catalog;
use crate::input::{Field, Load, Scenario};

/// Every input in range, every id known. The scenario's inputs are checked against their row of
/// the input table (one range per input, shared with the estimate and the page); the plan's own
/// here.
pub(super) fn validate(p: &PlanInput) -> Result<(), PlanError> {
    validate_traffic(p)?;
    validate_search(p)?;
    validate_scenario(&p.scenario)
}

/// The rate (or users × requests × peak) and the SLOs.
fn validate_traffic(p: &PlanInput) -> Result<(), PlanError> {
    use PlanField as P;
    match p.traffic {
        Traffic::Rate { requests_per_s } => drop(P::Rate.check(requests_per_s)?),
        Traffic::Users {
            users,
            requests_per_user_per_min,
            peak_factor,
        } => {
            P::Users.check(users)?;
            P::RequestsPerUserPerMin.check(requests_per_user_per_min)?;
            P::PeakFactor.check(peak_factor)?;
            P::UsersRate.check(p.traffic.requests_per_s())?;
        }
    }
    for (input, v) in [
        (P::SloTtft, p.slo.ttft_ms),
        (P::SloTpot, p.slo.tpot_ms),
        (P::SloE2e, p.slo.e2e_ms),
    ] {
        if let Some(v) = v {
            input.check(v)?;
        }
    }
    Ok(())
}

/// The candidate space and the search: GPUs, prices, GPUs per replica, headroom, probe sizes.
fn validate_search(p: &PlanInput) -> Result<(), PlanError> {
    use PlanField as P;
    if !GPUS_PER_REPLICA.contains(&p.max_gpus_per_replica) {
        return Err(bad(P::MaxGpusPerReplica, "must be 1, 2, 4 or 8"));
    }
    P::Headroom.check(p.headroom_pct)?;
    if !(50..=10_000).contains(&p.sim_requests) {
        return Err(bad(
            P::SimRequests,
            "must be a whole number from 50 to 10,000",
        ));
    }
    if p.max_contenders > 1000 {
        return Err(bad(P::Contenders, "must be a whole number from 0 to 1,000"));
    }
    if p.confirm_top > 1000 {
        return Err(bad(P::ConfirmTop, "must be a whole number from 0 to 1,000"));
    }
    for id in &p.gpus {
        if catalog::gpu_variants(id).is_empty() {
            return Err(bad(P::Gpus, format!("unknown GPU id {id:?}")));
        }
    }
    for o in &p.prices {
        if catalog::gpu_variants(&o.gpu).is_empty() {
            return Err(bad(P::PriceFor, format!("unknown GPU id {:?}", o.gpu)));
        }
        P::PriceFor.check(o.usd_per_gpu_hour)?;
    }
    Ok(())
}

/// The scenario's inputs the plan uses, each against its row of the input table.
fn validate_scenario(s: &Scenario) -> Result<(), PlanError> {
    use Field as F;
    let whole = |f: Field, v: Option<u32>| v.map_or(Ok(0), |v| f.check_whole(v as u64));
    let number = |f: Field, v: Option<f64>| v.map_or(Ok(0.0), |v| f.check_number(v));
    whole(F::PromptTokens, Some(s.prompt_tokens))?;
    whole(F::OutputTokens, Some(s.output_tokens))?;
    number(F::PromptSd, s.prompt_sd)?;
    number(F::OutputSd, s.output_sd)?;
    number(F::BusyHours, Some(s.busy_hours))?;
    if let Load::Rate { burstiness, .. } = s.load {
        number(F::Burstiness, Some(burstiness))?;
    }
    number(F::MemFraction, s.mem_fraction)?;
    whole(F::MaxNumSeqs, s.max_num_seqs)?;
    whole(F::MaxBatchedTokens, s.max_batched_tokens)?;
    whole(F::BlockSize, s.block_size)?;
    whole(F::PromptPool, s.prompt_pool)?;
    if s.prefix_tokens.is_some_and(|n| n >= s.prompt_tokens) {
        return Err(bad(
            PlanField::Scenario(F::PrefixTokens),
            format!("must be fewer than the {} prompt tokens", s.prompt_tokens),
        ));
    }
    Ok(())
}
