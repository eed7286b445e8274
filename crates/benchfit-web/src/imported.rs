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

fn num(v: &JsValue, path: &[&str]) -> Option<f64> {
    get(v, path).as_f64().filter(|x| x.is_finite())
}

fn pair(v: &JsValue, path: &[&str]) -> Option<(f64, f64)> {
    let p = get(v, path);
    Some((num(&p, &["p50"])?, num(&p, &["p99"])?))
}

/// Imports a file's bytes; Err with the importer's message.
pub async fn import(bytes: Vec<u8>) -> Result<Imported, String> {
    let array = js_sys::Uint8Array::from(bytes.as_slice());
    let out = import_with_package(array).await.map_err(|e| {
        e.dyn_ref::<js_sys::Error>()
            .map(|e| String::from(e.message()))
            .or_else(|| e.as_string())
            .unwrap_or_else(|| "the file could not be imported".into())
    })?;
    let m = get(&out, &["measurement"]);
    let notes = js_sys::Array::from(&get(&m, &["run", "notes"]))
        .iter()
        .filter_map(|n| n.as_string())
        .collect();
    let tool = get(&m, &["source", "tool"])
        .as_string()
        .or_else(|| get(&m, &["run", "tool"]).as_string())
        .unwrap_or_default();
    Ok(Imported {
        tool,
        requests: (
            num(&m, &["summary", "requests", "completed"]).unwrap_or(0.0),
            num(&m, &["summary", "requests", "failed"]).unwrap_or(0.0),
            num(&m, &["summary", "requests", "incomplete"]).unwrap_or(0.0),
        ),
        partial: get(&m, &["run", "partial"]).as_bool().unwrap_or(false),
        output_tokens_per_s: num(&m, &["summary", "throughput", "output_tokens_per_s"])
            .unwrap_or(0.0),
        total_tokens_per_s: num(&m, &["summary", "throughput", "total_tokens_per_s"])
            .unwrap_or(0.0),
        ttft: pair(&m, &["summary", "latency_ms", "ttft"]),
        itl: pair(&m, &["summary", "latency_ms", "itl"]),
        e2e_p50: num(&m, &["summary", "latency_ms", "e2e", "p50"]),
        claim: get(&out, &["claim"]).as_string(),
        notes,
    })
}
