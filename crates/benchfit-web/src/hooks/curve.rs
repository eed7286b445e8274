//! The throughput–latency curve, computed a moment after the last edit.

use benchfit_core::project::{concurrency_curve, CurvePoint, CURVE_LEVELS};
use benchfit_core::Scenario;
use gloo_timers::callback::Timeout;
use std::rc::Rc;
use yew::prelude::*;

/// Milliseconds after the last edit before the curve is computed (typing never waits for it).
const DEBOUNCE_MS: u32 = 120;

/// The throughput–latency curve of one scenario.
#[derive(Clone, PartialEq)]
pub(crate) struct Curve {
    /// The scenario it is for.
    pub(crate) scenario: Rc<Scenario>,
    /// Points over concurrency (empty when the scenario gives no estimate).
    pub(crate) points: Rc<Vec<CurvePoint>>,
    /// Time it took, ms.
    pub(crate) computed_ms: f64,
}

fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map(|p| p.now())
        .unwrap_or(0.0)
}

/// The curve of `scenario`, or None while it is pending: computed [`DEBOUNCE_MS`] after the
/// scenario last changed (a newer scenario drops the pending computation).
#[hook]
pub(crate) fn use_curve(scenario: Rc<Scenario>) -> Option<Curve> {
    let curve = use_state(|| None::<Curve>);
    let pending = use_mut_ref(|| None::<Timeout>);
    {
        let curve = curve.clone();
        use_effect_with(scenario.clone(), move |s| {
            let s = s.clone();
            *pending.borrow_mut() = Some(Timeout::new(DEBOUNCE_MS, move || {
                let t0 = now_ms();
                let points = concurrency_curve(&s, &CURVE_LEVELS).unwrap_or_default();
                curve.set(Some(Curve {
                    scenario: s,
                    points: Rc::new(points),
                    computed_ms: now_ms() - t0,
                }));
            }));
        });
    }
    (*curve).clone().filter(|c| c.scenario == scenario)
}
