//! benchfit's core: read a pasted benchmark claim, grade it on the six-condition checklist, check
//! it against physics, and re-project it onto your traffic, GPU and price.
//!
//! Every stage is a pure function: text, numbers and seeds in, data out. Nothing here knows about
//! the DOM, files, clocks or the network (DESIGN §1–2).
//!
//! The folders are the phases (ARCHITECTURE.md): [`input`] (the scenario, the traffic vocabulary
//! and the table of inputs), [`claim`] → [`checklist`] / [`analysis`] (reading a claim),
//! [`catalog`], [`model`] (step, steady state, calibration, the simulator [`model::sim`]),
//! [`project`] (resolve → load → waterfall → simulate → cost, and the curve), [`present`] (chart
//! geometry, export), [`measurement`] and [`validate`]. The functions and types the shells use
//! are re-exported here.
//!
//! ```
//! use benchfit_core::{check, estimate, Scenario};
//!
//! let report = check(benchfit_core::input::WORKED_EXAMPLE);
//! assert_eq!(report.verdict, benchfit_core::checklist::Verdict::Usable);
//!
//! let e = estimate(&Scenario::worked_example()).unwrap().estimate;
//! // The user's traffic gets well under the headline, like for like.
//! assert!(e.correction_factor.unwrap() < 0.6);
//! ```

#![warn(missing_docs)]

pub mod analysis;
pub mod catalog;
pub mod checklist;
pub mod claim;
pub mod format;
pub mod input;
pub mod limits;
pub mod measurement;
pub mod model;
pub mod overrides;
pub mod plan;
pub mod present;
pub mod project;
pub mod report;
pub mod stats;
pub mod units;
pub mod validate;

// The facade: what the shells (CLI, page, JS package) use, importable from the crate root.
pub use checklist::Verdict;
pub use input::{
    Arrival, Field, InputError, Load, Scenario, Slo, UrlIssue, FIELDS, WORKED_EXAMPLE,
};
pub use measurement::{
    as_claim, import as import_measurement, prompt_reuse, ImportError, Measurement, PromptReuse,
};
pub use overrides::Overrides;
pub use plan::{Plan, PlanError, PlanField, PlanInput, PlanOptions, Planner};
pub use project::{
    concurrency_curve, estimate, estimate_with, highest_concurrency_within_slo, CurvePoint,
    Estimate, EstimateError, EstimateReport, PricePolicy, CURVE_LEVELS,
};
pub use report::{check, check_with, CheckReport};
