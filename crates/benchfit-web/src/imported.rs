//! Measurement import, done by the JavaScript package (`dist/pkg/`), loaded only when a file is
//! imported: the page itself carries no JSON parser, which keeps its download small.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[wasm_bindgen(inline_js = r#"
export async function importWithPackage(bytes) {
  const base = document.baseURI;
  const m = await import(new URL("pkg/benchfit_js.js", base).href);
  await m.default({ module_or_path: new URL("pkg/benchfit_js_bg.wasm", base) });
  return m.importMeasurement(bytes);
}"#)]
extern "C" {
    #[wasm_bindgen(catch, js_name = importWithPackage)]
    async fn import_with_package(bytes: js_sys::Uint8Array) -> Result<JsValue, JsValue>;
}

/// What the page shows of an imported measurement.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Imported {
    /// Tool that measured.
    pub tool: String,
    /// Completed, failed, incomplete requests.
    pub requests: (f64, f64, f64),
    /// The run was interrupted.
    pub partial: bool,
    /// Output tokens per second.
    pub output_tokens_per_s: f64,
    /// Total tokens per second.
    pub total_tokens_per_s: f64,
    /// TTFT p50, p99 (ms).
    pub ttft: Option<(f64, f64)>,
    /// ITL p50, p99 (ms).
    pub itl: Option<(f64, f64)>,
    /// E2E p50 (ms).
    pub e2e_p50: Option<f64>,
    /// The measurement as a benchmark claim.
    pub claim: Option<String>,
    /// The run's notes.
    pub notes: Vec<String>,
    /// The metric Rosetta of an imported file: each metric's definition in the tool and how it
    /// was converted to benchfit's.
    pub definitions: Vec<Definition>,
    /// The stages of a `--sweep` over concurrency: (concurrency, output tok/s, p95 TPOT ms),
    /// drawn on the predicted curve (empty for single-stage files and rate sweeps).
    pub curve: Vec<(f64, f64, Option<f64>)>,
}

/// One metric's definition in the measuring tool beside benchfit's (the core's
/// `measurement::import::MetricDefinition`).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Definition {
    /// benchfit's metric (`ttft`, `itl`, `tpot`, `e2e`, `throughput`, …).
    pub metric: String,
    /// The tool's name for it.
    pub tool_metric: String,
    /// How the tool defines it.
    pub tool_definition: String,
    /// What was done to the value, or why it still differs.
    pub conversion: String,
    /// The imported value has benchfit's definition.
    pub same: bool,
}

/// The paths the page reads in the JSON of [`benchfit_core::measurement::Measurement`] (the
/// `measurement` of the JavaScript package's `importMeasurement`). A native test checks each
/// against the core's serde output, so a renamed field fails the build's tests, not the page.
pub(crate) mod paths {
    /// The tool of an imported file.
    pub(crate) const SOURCE_TOOL: &[&str] = &["source", "tool"];
    /// The tool of a run `benchfit measure` made.
    pub(crate) const RUN_TOOL: &[&str] = &["run", "tool"];
    /// The run's notes.
    pub(crate) const NOTES: &[&str] = &["run", "notes"];
    /// The run was interrupted.
    pub(crate) const PARTIAL: &[&str] = &["run", "partial"];
    /// Completed requests.
    pub(crate) const COMPLETED: &[&str] = &["summary", "requests", "completed"];
    /// Failed requests.
    pub(crate) const FAILED: &[&str] = &["summary", "requests", "failed"];
    /// Incomplete requests.
    pub(crate) const INCOMPLETE: &[&str] = &["summary", "requests", "incomplete"];
    /// Output tokens per second.
    pub(crate) const OUTPUT_TPS: &[&str] = &["summary", "throughput", "output_tokens_per_s"];
    /// Total tokens per second.
    pub(crate) const TOTAL_TPS: &[&str] = &["summary", "throughput", "total_tokens_per_s"];
    /// TTFT percentiles (with `p50`, `p99`).
    pub(crate) const TTFT: &[&str] = &["summary", "latency_ms", "ttft"];
    /// ITL percentiles.
    pub(crate) const ITL: &[&str] = &["summary", "latency_ms", "itl"];
    /// E2E median.
    pub(crate) const E2E_P50: &[&str] = &["summary", "latency_ms", "e2e", "p50"];
    /// The metric Rosetta of an imported file (an array of definitions).
    pub(crate) const DEFINITIONS: &[&str] = &["source", "definitions"];
    /// A definition's fields.
    pub(crate) const DEF_METRIC: &[&str] = &["metric"];
    /// See [`DEF_METRIC`].
    pub(crate) const DEF_TOOL_METRIC: &[&str] = &["tool_metric"];
    /// See [`DEF_METRIC`].
    pub(crate) const DEF_TOOL_DEFINITION: &[&str] = &["tool_definition"];
    /// See [`DEF_METRIC`].
    pub(crate) const DEF_CONVERSION: &[&str] = &["conversion"];
    /// See [`DEF_METRIC`].
    pub(crate) const DEF_SAME: &[&str] = &["same_as_benchfit"];
    /// The stages of a multi-stage file.
    pub(crate) const STAGES: &[&str] = &["stages"];
    /// A stage's load mode (`concurrency` or `rate`).
    pub(crate) const STAGE_MODE: &[&str] = &["load", "mode"];
    /// A stage's concurrency.
    pub(crate) const STAGE_CONCURRENCY: &[&str] = &["load", "concurrency"];
    /// A stage's output tokens per second.
    pub(crate) const STAGE_OUTPUT_TPS: &[&str] = &["summary", "throughput", "output_tokens_per_s"];
    /// A stage's p95 TPOT.
    pub(crate) const STAGE_TPOT_P95: &[&str] = &["summary", "latency_ms", "tpot", "p95"];
    /// The percentiles a pair shows.
    pub(crate) const P50: &[&str] = &["p50"];
    /// See [`P50`].
    pub(crate) const P99: &[&str] = &["p99"];
}

fn get(v: &JsValue, path: &[&str]) -> JsValue {
    let mut cur = v.clone();
    for key in path {
        cur = js_sys::Reflect::get(&cur, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED);
        if cur.is_undefined() || cur.is_null() {
            return JsValue::UNDEFINED;
        }
    }
    cur
}

/// The array at `path` (empty when it is absent or not an array: `Array.from(undefined)` would
/// throw).
fn array(v: &JsValue, path: &[&str]) -> Vec<JsValue> {
    let a = get(v, path);
    if js_sys::Array::is_array(&a) {
        js_sys::Array::from(&a).iter().collect()
    } else {
        Vec::new()
    }
}

fn num(v: &JsValue, path: &[&str]) -> Option<f64> {
    get(v, path).as_f64().filter(|x| x.is_finite())
}

fn pair(v: &JsValue, path: &[&str]) -> Option<(f64, f64)> {
    let p = get(v, path);
    Some((num(&p, paths::P50)?, num(&p, paths::P99)?))
}

/// Imports a file's bytes; Err with the importer's message.
pub async fn import(bytes: Vec<u8>) -> Result<Imported, String> {
    let bytes = js_sys::Uint8Array::from(bytes.as_slice());
    let out = import_with_package(bytes).await.map_err(|e| {
        e.dyn_ref::<js_sys::Error>()
            .map(|e| String::from(e.message()))
            .or_else(|| e.as_string())
            .unwrap_or_else(|| "the file could not be imported".into())
    })?;
    let m = get(&out, &["measurement"]);
    let notes = array(&m, paths::NOTES)
        .into_iter()
        .filter_map(|n| n.as_string())
        .collect();
    let tool = get(&m, paths::SOURCE_TOOL)
        .as_string()
        .or_else(|| get(&m, paths::RUN_TOOL).as_string())
        .unwrap_or_default();
    Ok(Imported {
        tool,
        requests: (
            num(&m, paths::COMPLETED).unwrap_or(0.0),
            num(&m, paths::FAILED).unwrap_or(0.0),
            num(&m, paths::INCOMPLETE).unwrap_or(0.0),
        ),
        partial: get(&m, paths::PARTIAL).as_bool().unwrap_or(false),
        output_tokens_per_s: num(&m, paths::OUTPUT_TPS).unwrap_or(0.0),
        total_tokens_per_s: num(&m, paths::TOTAL_TPS).unwrap_or(0.0),
        ttft: pair(&m, paths::TTFT),
        itl: pair(&m, paths::ITL),
        e2e_p50: num(&m, paths::E2E_P50),
        claim: get(&out, &["claim"]).as_string(),
        notes,
        definitions: definitions(&m),
        curve: stage_curve(&m),
    })
}

/// The concurrency stages as (concurrency, output tok/s, p95 TPOT ms).
fn stage_curve(m: &JsValue) -> Vec<(f64, f64, Option<f64>)> {
    array(m, paths::STAGES)
        .into_iter()
        .filter(|s| get(s, paths::STAGE_MODE).as_string().as_deref() == Some("concurrency"))
        .filter_map(|s| {
            Some((
                num(&s, paths::STAGE_CONCURRENCY)?,
                num(&s, paths::STAGE_OUTPUT_TPS)?,
                num(&s, paths::STAGE_TPOT_P95),
            ))
        })
        .collect()
}

/// The file's metric definitions (none for benchfit's own files).
fn definitions(m: &JsValue) -> Vec<Definition> {
    let text = |d: &JsValue, p: &[&str]| get(d, p).as_string().unwrap_or_default();
    array(m, paths::DEFINITIONS)
        .into_iter()
        .map(|d| Definition {
            metric: text(&d, paths::DEF_METRIC),
            tool_metric: text(&d, paths::DEF_TOOL_METRIC),
            tool_definition: text(&d, paths::DEF_TOOL_DEFINITION),
            conversion: text(&d, paths::DEF_CONVERSION),
            same: get(&d, paths::DEF_SAME).as_bool().unwrap_or(false),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::paths;
    use serde_json::Value;

    fn at<'a>(v: &'a Value, path: &[&str]) -> &'a Value {
        path.iter().fold(v, |v, k| &v[*k])
    }

    /// Every path the page reads names a field of the core's measurement JSON, of the type the
    /// page reads it as (a vLLM bench result has them all).
    #[test]
    fn paths_match_the_core_measurement_json() {
        let bytes = include_bytes!("../../benchfit-core/tests/data/import/vllm_bench_serve.json");
        let m = benchfit_core::measurement::import(bytes).unwrap();
        let v = serde_json::to_value(&m).unwrap();
        assert!(at(&v, paths::SOURCE_TOOL).is_string());
        assert!(at(&v, paths::RUN_TOOL).is_string());
        assert!(at(&v, paths::NOTES).is_array());
        assert!(at(&v, paths::PARTIAL).is_boolean());
        for p in [
            paths::COMPLETED,
            paths::FAILED,
            paths::INCOMPLETE,
            paths::OUTPUT_TPS,
            paths::TOTAL_TPS,
            paths::E2E_P50,
        ] {
            assert!(at(&v, p).is_number(), "{p:?}: {}", at(&v, p));
        }
        for p in [paths::TTFT, paths::ITL] {
            assert!(at(at(&v, p), paths::P50).is_number(), "{p:?}");
            assert!(at(at(&v, p), paths::P99).is_number(), "{p:?}");
        }
        // The values, as in the file (the same numbers benchfit-js's test reads).
        assert_eq!(at(&v, paths::OUTPUT_TPS), 6.0);
    }

    /// The stage paths name the core's fields, with their types, in a serialised stage.
    #[test]
    fn stage_paths_match_the_core_stage_json() {
        use benchfit_core::measurement::stages::{Stage, SteadyState};
        use benchfit_core::measurement::{LoadMode, Summary};
        let mut summary = Summary::default();
        summary.throughput.output_tokens_per_s = 123.0;
        summary.latency_ms.tpot = Some(benchfit_core::stats::Percentiles {
            mean: 10.0,
            p50: 9.0,
            p90: 11.0,
            p95: 12.0,
            p99: 13.0,
        });
        let stage = Stage {
            index: 0,
            load: LoadMode::Concurrency { concurrency: 4 },
            repeat: 0,
            started_ms: 0.0,
            ended_ms: 1.0,
            steady_state: SteadyState {
                from_ms: 0.0,
                to_ms: 1.0,
                requests: 1,
                rule: String::new(),
            },
            summary,
            requests: 1,
            partial: false,
            slo: None,
        };
        let mut m = benchfit_core::measurement::Measurement::new(
            benchfit_core::measurement::RunInfo::default(),
        );
        m.stages.push(stage);
        let m = serde_json::to_value(&m).unwrap();
        let v = &at(&m, paths::STAGES)[0];
        assert_eq!(at(v, paths::STAGE_MODE), "concurrency");
        assert_eq!(at(v, paths::STAGE_CONCURRENCY), 4);
        assert_eq!(at(v, paths::STAGE_OUTPUT_TPS), 123.0);
        assert_eq!(at(v, paths::STAGE_TPOT_P95), 12.0);
    }

    /// The Rosetta paths name the core's fields, with their types, in a real vLLM file (whose
    /// TPOT keeps vLLM's re-tokenised count, so one definition differs from benchfit's).
    #[test]
    fn definition_paths_match_the_core_measurement_json() {
        let bytes = include_bytes!(
            "../../benchfit-core/tests/data/import/real/vllm-0.33.0/vllm_bench_serve.json"
        );
        let m = benchfit_core::measurement::import(bytes).unwrap();
        let v = serde_json::to_value(&m).unwrap();
        let defs = at(&v, paths::DEFINITIONS).as_array().expect("an array");
        assert!(!defs.is_empty());
        for d in defs {
            for p in [
                paths::DEF_METRIC,
                paths::DEF_TOOL_METRIC,
                paths::DEF_TOOL_DEFINITION,
                paths::DEF_CONVERSION,
            ] {
                assert!(at(d, p).is_string(), "{p:?}");
            }
            assert!(at(d, paths::DEF_SAME).is_boolean());
        }
        let tpot = defs
            .iter()
            .find(|d| at(d, paths::DEF_METRIC) == "tpot")
            .expect("a TPOT definition");
        assert_eq!(at(tpot, paths::DEF_SAME), false);
    }
}
