//! benchfit's core: read a pasted benchmark claim, grade it on the six-condition checklist, check
//! it against physics, and re-project it onto your traffic, GPU and price.
//!
//! Every stage is a pure function: text, numbers and seeds in, data out. Nothing here knows about
//! the DOM, files, clocks or the network (DESIGN §1–2).
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
pub mod present;
pub mod project;
pub mod report;
pub mod stats;
pub mod units;
pub mod validate;

pub use input::{Scenario, Slo};
pub use project::{estimate, Estimate, EstimateError, EstimateReport};
pub use report::{check, CheckReport};
