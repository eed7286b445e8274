//! The planner in slices, for a page that must never block input for long (issue 13: ≤ 50 ms at
//! a time): `new PlanJob(scenario, options)`, then `step(budgetMs)` until it returns false
//! (awaiting between calls), then `finish()` (the `Plan` object) or `finishJson()` (its JSON
//! text).

use crate::from_js;
use benchfit_core::plan::{PlanOptions, Planner};
use wasm_bindgen::prelude::*;

/// A plan being made (`PlanJob` in JavaScript).
#[wasm_bindgen(js_name = PlanJob)]
pub struct PlanJob {
    /// None once finished.
    planner: Option<Planner>,
}

#[wasm_bindgen(js_class = PlanJob)]
impl PlanJob {
    /// Starts a plan: `options` as for `plan()`. Throws with the CLI's message on bad input.
    #[wasm_bindgen(constructor)]
    pub fn new(scenario: &JsValue, options: &JsValue) -> Result<PlanJob, JsError> {
        let s = from_js(scenario)?;
        let text = crate::options_text(options)?;
        let o: PlanOptions = match text {
            Some(t) => {
                serde_json::from_str(&t).map_err(|e| JsError::new(&format!("options: {e}")))?
            }
            None => PlanOptions::default(),
        };
        let planner = Planner::new(&o.input(&s))
            .map_err(|e| JsError::new(&e.with_name(benchfit_core::plan::PlanField::flag)))?;
        Ok(PlanJob {
            planner: Some(planner),
        })
    }

    /// Runs planning steps (at least one; each a batch of the analytic screen or one simulation)
    /// until `budget_ms` milliseconds have passed; true while there is more to do.
    pub fn step(&mut self, budget_ms: f64) -> bool {
        let start = js_sys::Date::now();
        self.step_until(|| js_sys::Date::now() - start >= budget_ms)
    }

    /// Candidates considered.
    #[wasm_bindgen(getter)]
    pub fn candidates(&self) -> usize {
        self.planner.as_ref().map_or(0, Planner::candidates)
    }

    /// Capacity searches simulated so far.
    #[wasm_bindgen(getter)]
    pub fn simulated(&self) -> usize {
        self.planner.as_ref().map_or(0, Planner::simulated)
    }

    /// The plan (the document of `benchfit plan --json`), finishing any steps left. Throws when
    /// called twice.
    pub fn finish(&mut self) -> Result<JsValue, JsError> {
        crate::to_js(&self.take()?.finish())
    }

    /// [`PlanJob::finish`] as JSON text.
    #[wasm_bindgen(js_name = finishJson)]
    pub fn finish_json(&mut self) -> Result<String, JsError> {
        serde_json::to_string(&self.take()?.finish()).map_err(|e| JsError::new(&e.to_string()))
    }
}

impl PlanJob {
    /// Steps until `done()` says the slice is over (after at least one step) or nothing is left.
    fn step_until(&mut self, mut done: impl FnMut() -> bool) -> bool {
        let Some(p) = self.planner.as_mut() else {
            return false;
        };
        loop {
            if !p.step() {
                return false;
            }
            if done() {
                return true;
            }
        }
    }

    fn take(&mut self) -> Result<Planner, JsError> {
        self.planner
            .take()
            .ok_or_else(|| JsError::new("PlanJob: already finished"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use benchfit_core::input::Scenario;

    #[test]
    fn steps_give_the_same_plan_as_one_call() {
        let s = Scenario::worked_example();
        let o: PlanOptions = serde_json::from_str(
            r#"{"traffic": {"mode": "rate", "requests_per_s": 4}, "gpus": ["h100-sxm", "l40s"], "max_gpus_per_replica": 2}"#,
        )
        .unwrap();
        let whole = o.plan(&s).unwrap();
        let mut job = PlanJob {
            planner: Some(Planner::new(&o.input(&s)).unwrap()),
        };
        // One step per slice: the slices end, and the plan is the one-call plan.
        let mut slices = 0;
        while job.step_until(|| true) {
            slices += 1;
            assert!(slices < 10_000, "never ends");
        }
        assert!(slices >= 1);
        assert!(!job.step_until(|| true));
        let p = job.planner.take().unwrap().finish();
        assert_eq!(p, whole);
        assert!(job.planner.is_none());
    }
}
