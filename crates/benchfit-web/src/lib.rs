//! The benchfit page: paste a claim, see its checklist and plausibility, and its re-projection
//! onto your traffic, GPU and price. Every edit recomputes at once and updates the URL.
//!
//! Layout (Yew 0.23 function components):
//! - [`state`]: one reducer ([`state::State`]) holding the form as typed and the last valid
//!   [`benchfit_core::Scenario`]; components reach it through a `ContextProvider`.
//! - [`form`]: the form's text and its one parse into a scenario (pure, tested natively).
//! - `hooks/`: the effects (the debounced curve, the URL update, the measurement import).
//! - `components/`: the sections of the page and their pieces.
//!
//! All computation is in `benchfit-core`; this crate only collects inputs and renders.

pub mod address;
mod components;
pub mod form;
mod hooks;
pub mod imported;
pub mod state;

pub use components::App;
pub use hooks::MAX_IMPORT_BYTES;
