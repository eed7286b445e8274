//! The page's function components. Each section reads the state from the App's context
//! ([`crate::state::use_app_state`]) and sends [`crate::state::Action`]s through its dispatcher;
//! the smaller pieces take what they show as `Properties`.

mod app;
mod charts;
mod checklist;
mod claim;
mod embed;
mod fields;
mod figures;
mod inputs;
mod measured;
mod plan;
mod results;
mod share;
mod url_issues;

pub use app::App;
