//! The performance model (DESIGN §4): memory, one engine step, the analytic steady state,
//! calibration of efficiencies from a claimed figure, and the discrete-event simulator
//! ([`sim`]).

pub(crate) mod calibrate;
pub(crate) mod setup;
pub mod sim;
pub(crate) mod steady;
pub mod step;

pub use calibrate::{calibrate, Calibration, CalibrationError};
pub use setup::{MemoryError, Setup, ACTIVATION_RESERVE_GIB};
pub use steady::{closed_loop, KvCap, SteadyError, SteadyState, Workload};
pub use step::{step_time, Efficiency, StepLoad, StepTime};

use crate::claim::{FigureKind, Scope};
use serde::Serialize;

/// A quantity of the steady state that a claimed figure can be compared with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum Metric {
    /// Output tokens per second, whole deployment.
    OutputTokensPerS,
    /// Input + output tokens per second, whole deployment.
    TotalTokensPerS,
    /// One request's output tokens per second (1/TPOT).
    PerUserTokensPerS,
    /// Decode tokens per second of the running batch.
    DecodeTokensPerS,
    /// One prompt's prefill tokens per second.
    PrefillTokensPerS,
    /// Completed requests per second.
    RequestsPerS,
    /// Mean time to first token, ms.
    TtftMs,
    /// Mean inter-token latency, ms.
    ItlMs,
    /// Mean time per output token, ms.
    TpotMs,
    /// Mean end-to-end latency, ms.
    E2eMs,
}

impl Metric {
    /// Reads this metric off a steady state.
    pub fn of(self, s: &SteadyState) -> f64 {
        match self {
            Metric::OutputTokensPerS => s.output_tokens_per_s,
            Metric::TotalTokensPerS => s.total_tokens_per_s,
            Metric::PerUserTokensPerS => s.per_user_tokens_per_s,
            Metric::DecodeTokensPerS => s.decode_tokens_per_s,
            Metric::PrefillTokensPerS => s.prefill_tokens_per_s,
            Metric::RequestsPerS => s.requests_per_s,
            Metric::TtftMs => s.ttft_ms.mean,
            Metric::ItlMs => s.itl_ms.mean,
            Metric::TpotMs => s.tpot_ms.mean,
            Metric::E2eMs => s.e2e_ms.mean,
        }
    }

    /// True for rates (faster engines give more), false for latencies.
    pub fn higher_is_better(self) -> bool {
        !matches!(
            self,
            Metric::TtftMs | Metric::ItlMs | Metric::TpotMs | Metric::E2eMs
        )
    }

    /// Short label with unit for tables.
    pub fn label(self) -> &'static str {
        match self {
            Metric::OutputTokensPerS => "output tok/s",
            Metric::TotalTokensPerS => "total tok/s",
            Metric::PerUserTokensPerS => "tok/s per user",
            Metric::DecodeTokensPerS => "decode tok/s",
            Metric::PrefillTokensPerS => "prefill tok/s",
            Metric::RequestsPerS => "req/s",
            Metric::TtftMs => "ms TTFT",
            Metric::ItlMs => "ms ITL",
            Metric::TpotMs => "ms TPOT",
            Metric::E2eMs => "ms E2E",
        }
    }

    /// The metrics a figure of this kind may mean: one for a clear kind, output *and* total for
    /// an unspecified token rate. Empty for kinds the model cannot reproduce (cost).
    pub fn readings(kind: FigureKind, scope: Option<Scope>) -> Vec<Metric> {
        use FigureKind::*;
        match kind {
            ThroughputOutput => vec![Metric::OutputTokensPerS],
            ThroughputTotal => vec![Metric::TotalTokensPerS],
            ThroughputUnspecified => vec![Metric::OutputTokensPerS, Metric::TotalTokensPerS],
            ThroughputPerUser => vec![Metric::PerUserTokensPerS],
            DecodeThroughput if scope == Some(Scope::PerUser) => vec![Metric::PerUserTokensPerS],
            DecodeThroughput => vec![Metric::DecodeTokensPerS],
            PrefillThroughput => vec![Metric::PrefillTokensPerS],
            RequestRate => vec![Metric::RequestsPerS],
            Ttft => vec![Metric::TtftMs],
            Itl => vec![Metric::ItlMs],
            Tpot => vec![Metric::TpotMs],
            E2eLatency => vec![Metric::E2eMs],
            Cost => vec![],
        }
    }
}
