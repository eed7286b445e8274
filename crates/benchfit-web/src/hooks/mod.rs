//! The page's effects, as hooks: the debounced concurrency curve, the URL update and the
//! measurement import. Each reads the state's last valid scenario; none parses anything back.

mod curve;
mod import;
mod plan;
mod url;

pub(crate) use curve::{use_curve, Curve};
pub(crate) use import::use_import;
pub use import::MAX_IMPORT_BYTES;
pub(crate) use plan::{use_plan, Outcome, PlanRun};
pub(crate) use url::use_url_sync;
