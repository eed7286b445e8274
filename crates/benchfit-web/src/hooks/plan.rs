//! Planning in slices: the plan for the page's scenario and the plan inputs, computed a few
//! milliseconds at a time ([`Planner::step`], ≤ [`SLICE_MS`] per slice, yielding to the browser
//! between slices) so typing never waits for it. Used by the "What to buy" section and by the
//! embed widget's top three (`?embed=plan`).

use benchfit_core::input::Scenario;
use benchfit_core::plan::options::with_plan_query;
use benchfit_core::plan::{Plan, PlanOptions, Planner};
use std::cell::Cell;
use std::rc::Rc;
use yew::prelude::*;

/// Longest stretch of planning between two yields to the browser, ms (the limit is 50 ms
/// of blocked input; one slice may overrun this by one `Planner::step`, ≈ 15 ms natively).
pub(crate) const SLICE_MS: f64 = 25.0;

/// A finished plan.
#[derive(Clone, PartialEq)]
pub(crate) struct Outcome {
    /// Scenario query + plan query it was made for.
    pub key: String,
    /// The plan.
    pub plan: Rc<Plan>,
    /// Wall-clock ms from the start of planning to the result (yields included).
    pub ms: f64,
    /// Time spent computing, ms.
    pub busy_ms: f64,
    /// Slices it took.
    pub slices: u32,
    /// The longest slice, ms.
    pub longest_ms: f64,
}

/// What [`use_plan`] has: the last finished plan (kept while the next one runs), the error that
/// stopped the last attempt, and progress (simulated, candidates) while one runs.
#[derive(Clone, PartialEq)]
pub(crate) struct PlanRun {
    /// The last finished plan.
    pub outcome: Option<Outcome>,
    /// Why the last attempt made no plan, in the page's words.
    pub error: Option<String>,
    /// (simulated, candidates) while planning.
    pub progress: Option<(usize, usize)>,
}

/// Plans `scenario` (the state's last valid one) with `options` whenever `key` (the scenario's
/// query + the plan's query, the plan's identity) changes: at once the first time, 150 ms after
/// the last change afterwards; a newer key cancels an older run between slices. `None` (an
/// invalid input) or `valid == false` keeps the last plan. When `write_url`, the plan's keys are
/// written back into the address bar beside the scenario's.
#[hook]
pub(crate) fn use_plan(
    key: Option<String>,
    scenario: Rc<Scenario>,
    options: PlanOptions,
    valid: bool,
    write_url: bool,
) -> PlanRun {
    let outcome = use_state(|| None::<Outcome>);
    let error = use_state(|| None::<String>);
    let progress = use_state(|| None::<(usize, usize)>);
    let generation = use_mut_ref(|| Rc::new(Cell::new(0u64)));
    {
        let outcome = outcome.clone();
        let error = error.clone();
        let progress = progress.clone();
        let generation = generation.borrow().clone();
        let plan_pairs = options.to_query();
        use_effect_with(key, move |key| {
            let gen = generation.get() + 1;
            generation.set(gen);
            let key = key.clone();
            wasm_bindgen_futures::spawn_local(async move {
                // After the page's own URL update (same tick), put the plan keys back in.
                sleep(0).await;
                if valid && write_url {
                    write_plan_url(&plan_pairs);
                }
                let Some(key) = key.filter(|_| valid) else {
                    return;
                };
                // A moment after the last edit, except on the first plan.
                if gen > 1 {
                    sleep(150).await;
                }
                if generation.get() != gen {
                    return;
                }
                let t0 = now_ms();
                let mut planner = match Planner::new(&options.input(&scenario)) {
                    Ok(p) => p,
                    Err(e) => {
                        // Named by the page's label (the error's Display).
                        error.set(Some(e.to_string()));
                        outcome.set(None);
                        return;
                    }
                };
                let so_far = (now_ms() - t0, 1u32, now_ms() - t0);
                let Some((mut busy, slices, longest)) =
                    run_in_slices(&mut planner, &progress, &generation, gen, so_far).await
                else {
                    return;
                };
                let f = now_ms();
                let plan = planner.finish();
                busy += now_ms() - f;
                progress.set(None);
                error.set(None);
                outcome.set(Some(Outcome {
                    key,
                    plan: Rc::new(plan),
                    ms: now_ms() - t0,
                    busy_ms: busy,
                    slices,
                    longest_ms: longest,
                }));
            });
        });
    }
    PlanRun {
        outcome: (*outcome).clone(),
        error: (*error).clone(),
        progress: *progress,
    }
}

/// Steps `planner` to the end in slices of at most [`SLICE_MS`], showing the progress and
/// yielding to the browser between slices; `None` when a newer key (generation) cancelled the
/// run. `(busy ms, slices, longest slice ms)` counts on from `so_far`.
async fn run_in_slices(
    planner: &mut Planner,
    progress: &UseStateHandle<Option<(usize, usize)>>,
    generation: &Cell<u64>,
    gen: u64,
    so_far: (f64, u32, f64),
) -> Option<(f64, u32, f64)> {
    let (mut busy, mut slices, mut longest) = so_far;
    loop {
        let slice = now_ms();
        let mut more = true;
        while more && now_ms() - slice < SLICE_MS {
            more = planner.step();
        }
        let took = now_ms() - slice;
        busy += took;
        slices += 1;
        longest = longest.max(took);
        if !more {
            return Some((busy, slices, longest));
        }
        progress.set(Some((planner.simulated(), planner.candidates())));
        sleep(0).await;
        if generation.get() != gen {
            return None;
        }
    }
}

/// Writes the plan keys into the address bar, keeping every other key as it is.
fn write_plan_url(plan_query: &str) {
    let Some(w) = web_sys::window() else { return };
    let q = with_plan_query(&crate::address::current(), plan_query);
    if let Ok(h) = w.history() {
        let url = crate::address::relative(&crate::address::path(), &q);
        let _ = h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
}

/// The page clock, ms (0 where there is no `performance`).
fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map(|p| p.now())
        .unwrap_or(0.0)
}

/// Yields to the browser for `ms` (a `setTimeout` promise).
async fn sleep(ms: i32) {
    let p = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(p).await;
}
