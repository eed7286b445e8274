//! Presenting an estimate: chart geometry for the page and Markdown/CSV export.

pub mod chart;
pub mod export;

mod readouts;
