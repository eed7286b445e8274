//! The page's sections. Only the parts with hooks of their own are `#[component]`s (`App`,
//! `Results`, `PlanSection`, `Measured`, `EmbedWidget`; they read the state from the App's
//! context, [`crate::state::use_app_state`]); the rest are view functions that take the state
//! handle or what they show as arguments and send [`crate::state::Action`]s through its
//! dispatcher. Each component costs the page ~0.7 KB gzipped of Yew's per-component code
//! (issue 13's size budget), and the sections re-render with the state anyway.

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
