//! benchfit for plain JavaScript, built with `wasm-pack build crates/benchfit-js --target web`.
//!
//! ```js
//! import init, { check, estimate, plan, scenarioFromUrl, scenarioToUrl } from "./pkg/benchfit_js.js";
//! await init();
//! const report = check("3,200 tok/s for Llama 3 70B on one H100, batch 32, FP8, vLLM");
//! report.verdict;                    // "caution"
//! const s = scenarioFromUrl(location.href);
//! estimate(s).cost.per_request_usd;  // a number
//! plan(s, { traffic: { mode: "rate", requests_per_s: 10 } }).candidates[0]; // the cheapest row
//! ```
//!
//! Every function returns plain JavaScript objects with the keys of DESIGN §5.2 (the JSON of
//! `benchfit check --json` / `benchfit estimate --json`); errors are thrown as JS `Error`s with
//! the CLI's messages, the input named by its key in the object passed (`load.concurrency: must
//! be …`, `headroom_pct: must be …`).

use benchfit_core::input::Scenario;
use wasm_bindgen::prelude::*;

mod plan_job;
pub use plan_job::PlanJob;

// The types (`Scenario`, `Load`, `Estimate`, `CheckReport`, ...) are generated from the core's
// own definitions by `tsify` (the core's `ts` feature); only the shapes built here by hand are
// declared below.
#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** A URL value that could not be read, and the default used instead. */
export interface ScenarioFromUrl { scenario: Scenario; issues: UrlIssue[] }
/** A measurement (DESIGN §5.3), the claim it amounts to (null when it measured no throughput) and its measured prompt reuse: the headline stage's prefix-cache hit rate from the engine's `/metrics` and the scenario's `prefix_tokens` at the measured mean prompt (null without `engine_time` hit rates). */
export interface ImportedMeasurement { measurement: { run: Record<string, unknown>; summary: Record<string, unknown>; [key: string]: unknown }; claim: string | null; prompt_reuse: { hit_rate: number; stage: number | null; mean_prompt_tokens: number; prefix_tokens: number } | null }
/** The cheapest deployments for a scenario's traffic (the document of `benchfit plan --json`). The rate is `options.traffic`, else the scenario's rate, else 10 req/s; SLOs `options.slo`, else the scenario's, else TTFT 450 ms / TPOT 40 ms. Throws with the CLI's message on bad input. */
export function plan(scenario: Scenario, options?: PlanOptions): Plan;
"#;

fn to_js<T: serde::Serialize>(v: &T) -> Result<JsValue, JsError> {
    let text = serde_json::to_string(v).map_err(|e| JsError::new(&e.to_string()))?;
    js_sys::JSON::parse(&text)
        .map_err(|_| JsError::new("internal: could not build the result object"))
}

fn from_js(v: &JsValue) -> Result<Scenario, JsError> {
    let text: String = js_sys::JSON::stringify(v)
        .map_err(|_| JsError::new("scenario: not a plain object"))?
        .into();
    scenario_from_json(&text).map_err(|e| JsError::new(&e))
}

/// Grades a claim. Throws on empty text.
#[wasm_bindgen(unchecked_return_type = "CheckReport")]
pub fn check(text: &str) -> Result<JsValue, JsError> {
    if text.trim().is_empty() {
        return Err(JsError::new(EMPTY));
    }
    to_js(&benchfit_core::check(text))
}

/// Re-projects a scenario (a plain object with the keys of `Scenario`).
#[wasm_bindgen(unchecked_return_type = "Estimate")]
pub fn estimate(
    #[wasm_bindgen(unchecked_param_type = "Scenario")] scenario: &JsValue,
) -> Result<JsValue, JsError> {
    let s = from_js(scenario)?;
    // README: errors carry the CLI's messages, the input named by its key in the object passed.
    let r =
        benchfit_core::estimate(&s).map_err(|e| JsError::new(&e.with_name(|f| f.json_key())))?;
    to_js(&r.estimate)
}

/// The cheapest deployments for a scenario's traffic: `options` (optional) holds the plan's own
/// inputs (`PlanOptions`: traffic, slo, percentile, gpus, prices, …).
#[wasm_bindgen(skip_typescript)]
pub fn plan(scenario: &JsValue, options: &JsValue) -> Result<JsValue, JsError> {
    let s = from_js(scenario)?;
    let text = options_text(options)?;
    to_js(&plan_json(&s, text.as_deref()).map_err(|e| JsError::new(&e))?)
}

/// `options` as JSON text (None when absent).
fn options_text(options: &JsValue) -> Result<Option<String>, JsError> {
    if options.is_undefined() || options.is_null() {
        return Ok(None);
    }
    Ok(Some(
        js_sys::JSON::stringify(options)
            .map_err(|_| JsError::new("options: not a plain object"))?
            .into(),
    ))
}

/// The native-testable body of [`plan`].
pub fn plan_json(s: &Scenario, options: Option<&str>) -> Result<benchfit_core::plan::Plan, String> {
    let o: benchfit_core::plan::PlanOptions = match options {
        Some(t) => serde_json::from_str(t).map_err(|e| format!("options: {e}"))?,
        None => Default::default(),
    };
    // Named by its key in the objects passed, as the estimate's errors are.
    o.plan(s)
        .map_err(|e| e.with_name(benchfit_core::plan::PlanField::json_key))
}

/// Reads a scenario from a URL or query string.
#[wasm_bindgen(js_name = scenarioFromUrl, unchecked_return_type = "ScenarioFromUrl")]
pub fn scenario_from_url(url: &str) -> Result<JsValue, JsError> {
    to_js(&scenario_from_url_json(url))
}

/// The query string of a scenario.
#[wasm_bindgen(js_name = scenarioToUrl)]
pub fn scenario_to_url(
    #[wasm_bindgen(unchecked_param_type = "Scenario")] scenario: &JsValue,
) -> Result<String, JsError> {
    Ok(from_js(scenario)?.to_query())
}

/// Reads a measurement file (benchfit measure, vLLM bench serve, SGLang bench_serving JSON lines,
/// genai-perf, AIPerf, GuideLLM, inference-perf, llmperf): `{measurement, claim, prompt_reuse}` where `claim` is the measurement written as a
/// benchmark claim (null when it measured no throughput) and `prompt_reuse` its measured
/// prefix-cache hit rate as the estimate's `prefix_tokens` (`measurement::prompt_reuse`; null
/// without one). Throws with the importer's message.
#[wasm_bindgen(js_name = importMeasurement, unchecked_return_type = "ImportedMeasurement")]
pub fn import_measurement(bytes: &[u8]) -> Result<JsValue, JsError> {
    to_js(&import_json(bytes).map_err(|e| JsError::new(&e))?)
}

/// The native-testable body of [`import_measurement`].
pub fn import_json(bytes: &[u8]) -> Result<serde_json::Value, String> {
    let m = benchfit_core::measurement::import(bytes).map_err(|e| e.to_string())?;
    let claim = benchfit_core::measurement::as_claim(&m);
    let reuse = benchfit_core::measurement::prompt_reuse(&m);
    Ok(serde_json::json!({ "measurement": m, "claim": claim, "prompt_reuse": reuse }))
}

/// The message for empty claim text, as the CLI words it.
pub const EMPTY: &str = "check: the claim text is empty";

/// The query part of a URL (everything after `?`, before `#`), or the text itself.
pub fn query_of(url: &str) -> &str {
    let q = url.split_once('?').map(|(_, q)| q).unwrap_or(url);
    q.split('#').next().unwrap_or("")
}

/// `{scenario, issues}` for a URL, as JSON-ready data.
pub fn scenario_from_url_json(url: &str) -> serde_json::Value {
    let (scenario, issues) = Scenario::from_query(query_of(url));
    serde_json::json!({ "scenario": scenario, "issues": issues })
}

/// A scenario from its JSON text, with an error naming what is wrong.
pub fn scenario_from_json(text: &str) -> Result<Scenario, String> {
    serde_json::from_str(text).map_err(|e| format!("scenario: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn url_round_trip_through_json() {
        let v =
            scenario_from_url_json("https://example.org/benchfit/?v=1&c=12&pin=1000&embed=1#top");
        assert_eq!(v["issues"].as_array().unwrap().len(), 0);
        assert_eq!(v["scenario"]["load"]["concurrency"], 12);
        assert_eq!(v["scenario"]["prompt_tokens"], 1000);
        let s = scenario_from_json(&v["scenario"].to_string()).unwrap();
        assert!(s.to_query().contains("c=12"));
    }

    #[test]
    fn imports_a_measurement_with_its_claim() {
        let v = import_json(include_bytes!(
            "../../benchfit-core/tests/data/import/vllm_bench_serve.json"
        ))
        .unwrap();
        assert_eq!(
            v["measurement"]["summary"]["throughput"]["output_tokens_per_s"],
            6.0
        );
        assert!(v["claim"]
            .as_str()
            .unwrap()
            .starts_with("6.0 output tokens/s aggregate"));
        // A peer's file has no engine series: no prompt reuse.
        assert!(v["prompt_reuse"].is_null());
        assert!(import_json(b"not json").is_err());
    }

    /// The generated declarations follow the Rust types: the fields the hand-written ones
    /// lacked are there (issue 10).
    #[test]
    fn typescript_declarations_are_generated_from_the_types() {
        use tsify::Tsify;
        let scenario = Scenario::DECL;
        for field in ["claim_overrides", "price_tier", "prompt_pool", "load: Load"] {
            assert!(scenario.contains(field), "{field} missing from {scenario}");
        }
        assert!(benchfit_core::input::Load::DECL.contains("requests_per_s: number"));
        assert!(benchfit_core::CheckReport::DECL.contains("verdict: Verdict"));
        assert!(benchfit_core::Estimate::DECL.contains("throughput: Throughput"));
        // The plan's types too (they were hand-written and had drifted from the Rust ones).
        let plan = benchfit_core::plan::Plan::DECL;
        assert!(plan.contains("candidates: PlanCandidate[]"), "{plan}");
        let cand = benchfit_core::plan::PlanCandidate::DECL;
        assert!(cand.contains("interface PlanCandidate"), "{cand}");
        assert!(
            cand.contains("per_request_usd_low") || cand.contains("cost: CandidateCost"),
            "{cand}"
        );
        let opts = benchfit_core::plan::PlanOptions::DECL;
        assert!(opts.contains("headroom_pct"), "{opts}");
        if std::env::var_os("PRINT_TS").is_some() {
            for d in [
                plan,
                cand,
                opts,
                benchfit_core::plan::Traffic::DECL,
                benchfit_core::plan::CandidateCost::DECL,
            ] {
                println!("{d}");
            }
        }
    }

    #[test]
    fn plans_a_scenario() {
        let s = Scenario::worked_example();
        let p = plan_json(
            &s,
            Some(r#"{"traffic": {"mode": "rate", "requests_per_s": 4}, "gpus": ["h100-sxm"], "max_gpus_per_replica": 2}"#),
        )
        .unwrap();
        assert_eq!(p.rate_rps, 4.0);
        assert!(p.candidates.iter().all(|c| c.gpu == "h100-sxm"));
        assert!(p.candidates[0].serves());
        let e = plan_json(&s, Some(r#"{"headroom_pct": -1}"#)).unwrap_err();
        assert!(e.starts_with("headroom_pct: "), "{e}");
        assert!(plan_json(&s, Some(r#"{"gpus": 5}"#))
            .unwrap_err()
            .starts_with("options:"));
    }

    #[test]
    fn bad_scenarios_name_the_problem() {
        let e = scenario_from_json(r#"{"benchmark": 5}"#).unwrap_err();
        assert!(e.starts_with("scenario: invalid type"), "{e}");
        let v = scenario_from_url_json("?c=-1");
        assert_eq!(v["issues"][0]["key"], "c");
    }
}
