//! The input vocabulary: every input of one estimate ([`Scenario`]) and the traffic words it is
//! made of — how load is offered ([`Load`], [`Arrival`], the simulator's [`Arrivals`]), request
//! lengths ([`LengthDist`]), latency targets ([`Slo`]) — plus the arrival-time generator
//! ([`arrival_times`]), and the table of every input's URL key, CLI flag, page label, unit, range
//! and default ([`FIELDS`], [`Field`]): the URL codec and the range checks read it; shells map a
//! [`Field`] to their own word with [`Field::flag`] (CLI) or [`Field::label`] (page). The model and the projection read these; nothing here depends on them.

mod fields;
mod length;
mod load;
pub(crate) mod scenario;
mod slo;

pub use fields::{Bound, Field, InputError, Spec, FIELDS};
pub use length::LengthDist;
pub use load::{arrival_times, Arrival, Arrivals, Load, TraceRow};
pub use scenario::{
    Scenario, UrlIssue, DEFAULT_REQUESTS, MAX_URL_BENCHMARK_CHARS, URL_VERSION, WORKED_EXAMPLE,
};
pub use slo::Slo;
