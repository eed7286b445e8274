//! The plan's inputs by name and its one error: an input out of range or unknown, named by a
//! typed [`PlanField`] that each shell spells its own way (flag, label, URL key).

use crate::input::{Field, InputError};
use crate::limits;

/// Why a plan cannot be made.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum PlanError {
    /// An input is out of range or unknown. Displays with the input's page label;
    /// [`PlanError::with_name`] names it another way (the CLI's flag).
    #[error("{}: {reason}", input.label())]
    BadInput {
        /// The input.
        input: PlanField,
        /// Why, with the allowed range.
        reason: String,
    },
}

impl PlanError {
    /// The message with the input named by `name` (the CLI: `e.with_name(PlanField::flag)` →
    /// `--rate: must be …`).
    #[must_use]
    pub fn with_name(&self, name: impl Fn(PlanField) -> &'static str) -> String {
        match self {
            PlanError::BadInput { input, reason } => format!("{}: {reason}", name(*input)),
        }
    }
}

/// A plan input, as [`PlanError`] names it: one of the scenario's (a [`Field`] of the input
/// table) or one only the plan has. Each has a CLI flag ([`PlanField::flag`]), a page label
/// ([`PlanField::label`]) and, where the page has it, a URL key ([`PlanField::key`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum PlanField {
    /// A scenario input (lengths, engine settings, busy hours, model, runtime).
    Scenario(Field),
    /// Prompt + output tokens together (the context-window check).
    Lengths,
    /// The peak request rate.
    Rate,
    /// Users.
    Users,
    /// Requests per user per minute.
    RequestsPerUserPerMin,
    /// Peak factor over the average.
    PeakFactor,
    /// The rate users × requests per user × peak factor gives.
    UsersRate,
    /// The plan's TTFT SLO.
    SloTtft,
    /// The plan's TPOT SLO.
    SloTpot,
    /// The plan's E2E SLO.
    SloE2e,
    /// Most GPUs in one replica.
    MaxGpusPerReplica,
    /// Headroom over the rate, %.
    Headroom,
    /// Requests per simulated probe.
    SimRequests,
    /// Candidates simulated at most.
    Contenders,
    /// Cheapest rows confirmed by simulation.
    ConfirmTop,
    /// The GPUs considered.
    Gpus,
    /// A price per GPU-hour for one GPU.
    PriceFor,
}

impl PlanField {
    /// (CLI flag, URL key or "" where the page has none, page label, path in the JSON of the
    /// scenario or of `PlanOptions`).
    fn names(self) -> (&'static str, &'static str, &'static str, &'static str) {
        use PlanField as P;
        match self {
            P::Scenario(f) => (
                f.flag().unwrap_or(f.key()),
                f.key(),
                f.label(),
                f.json_key(),
            ),
            P::Lengths => (
                "--prompt-tokens/--output-tokens",
                "pin",
                "Prompt + output tokens",
                "prompt_tokens + output_tokens",
            ),
            P::Rate => ("--rate", "prate", "Peak rate", "traffic.requests_per_s"),
            P::Users => ("--users", "pusers", "Users", "traffic.users"),
            P::RequestsPerUserPerMin => (
                "--req-per-user-min",
                "prpm",
                "Requests per user",
                "traffic.requests_per_user_per_min",
            ),
            P::PeakFactor => (
                "--peak-factor",
                "ppeak",
                "Peak factor",
                "traffic.peak_factor",
            ),
            P::UsersRate => (
                "--users/--req-per-user-min",
                "pusers",
                "Users × requests per user",
                "traffic",
            ),
            P::SloTtft => ("--slo-ttft-ms", "pttft", "SLO TTFT", "slo.ttft_ms"),
            P::SloTpot => ("--slo-tpot-ms", "ptpot", "SLO TPOT", "slo.tpot_ms"),
            P::SloE2e => ("--slo-e2e-ms", "pe2e", "SLO E2E", "slo.e2e_ms"),
            P::MaxGpusPerReplica => (
                "--max-gpus-per-replica",
                "pmaxg",
                "Most GPUs per replica",
                "max_gpus_per_replica",
            ),
            P::Headroom => ("--headroom", "phead", "Headroom", "headroom_pct"),
            P::SimRequests => (
                "--requests",
                "",
                "Simulated requests per probe",
                "sim_requests",
            ),
            P::Contenders => ("--contenders", "", "Contenders", "max_contenders"),
            P::ConfirmTop => (
                "--confirm-top",
                "",
                "Rows confirmed by simulation",
                "confirm_top",
            ),
            P::Gpus => ("--gpus-from", "pgpus", "GPUs", "gpus"),
            P::PriceFor => ("--price-for", "pprice", "Your price", "prices"),
        }
    }

    /// Its path in the JSON the JS package takes (`traffic.requests_per_s`, `headroom_pct`, a
    /// scenario input's [`Field::json_key`]).
    #[must_use]
    pub fn json_key(self) -> &'static str {
        self.names().3
    }

    /// Its `benchfit plan` flag, with the dashes.
    #[must_use]
    pub fn flag(self) -> &'static str {
        self.names().0
    }

    /// Its URL key on the page ("" where the page has none).
    #[must_use]
    pub fn key(self) -> &'static str {
        self.names().1
    }

    /// Its label on the page.
    #[must_use]
    pub fn label(self) -> &'static str {
        self.names().2
    }

    /// The range of a plain-number input and what it must be, as a sentence end (`must be …`);
    /// None for inputs that are not plain numbers (ids, choices, whole counts, scenario inputs,
    /// which have their row in the input table). One range per input: the URL reader and the
    /// plan's validation both use it.
    #[must_use]
    pub fn range(self) -> Option<(f64, f64, &'static str)> {
        use PlanField as P;
        Some(match self {
            P::Rate => (
                limits::MIN_RATE,
                limits::MAX_RATE,
                "must be a number of requests/s from 0.000001 to 1,000,000",
            ),
            P::Users => (
                1.0,
                1e9,
                "must be a number of users from 1 to 1,000,000,000",
            ),
            P::RequestsPerUserPerMin => (
                1e-6,
                1e4,
                "must be a number of requests per user per minute from 0.000001 to 10,000",
            ),
            P::PeakFactor => (1.0, 100.0, "must be a peak factor from 1 to 100"),
            P::UsersRate => (
                limits::MIN_RATE,
                limits::MAX_RATE,
                "must give a rate from 0.000001 to 1,000,000 requests/s",
            ),
            P::SloTtft | P::SloTpot | P::SloE2e => (
                limits::MIN_SLO_MS,
                limits::MAX_SLO_MS,
                "must be a number of milliseconds from 0.001 to 1,000,000,000",
            ),
            P::Headroom => (0.0, 1000.0, "must be a percentage from 0 to 1,000"),
            P::PriceFor => (
                0.0,
                limits::MAX_PRICE_USD_PER_GPU_HOUR,
                "must be a number of USD per GPU-hour from 0 to 1,000",
            ),
            _ => return None,
        })
    }

    /// Checks a number against [`PlanField::range`] (NaN and infinities are out of every range;
    /// an input without a range accepts any finite number).
    ///
    /// # Errors
    /// [`PlanError::BadInput`] naming this input, with the range.
    pub fn check(self, v: f64) -> Result<f64, PlanError> {
        match self.range() {
            Some((lo, hi, _)) if v.is_finite() && (lo..=hi).contains(&v) => Ok(v),
            None if v.is_finite() => Ok(v),
            Some((_, _, what)) => Err(bad(self, what)),
            None => Err(bad(self, "must be a number")),
        }
    }
}

pub(super) fn bad(input: PlanField, reason: impl Into<String>) -> PlanError {
    PlanError::BadInput {
        input,
        reason: reason.into(),
    }
}

impl From<InputError> for PlanError {
    fn from(e: InputError) -> Self {
        bad(PlanField::Scenario(e.field), e.reason)
    }
}
