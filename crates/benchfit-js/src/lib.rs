//! benchfit for plain JavaScript, built with `wasm-pack build --target web`.
//!
//! ```js
//! import init, { check } from "./pkg/benchfit_js.js";
//! await init();
//! const report = JSON.parse(check("3,200 tok/s for Llama 3 70B on one H100"));
//! console.log(report.verdict); // "caution"
//! ```
//!
//! Functions take and return JSON text with the keys of DESIGN §5.2; errors are thrown as JS
//! `Error`s with the same messages as the CLI.

use wasm_bindgen::prelude::*;

/// Grades a claim: the JSON document of `benchfit check --json`. Throws on empty text.
#[wasm_bindgen]
pub fn check(text: &str) -> Result<String, JsError> {
    check_json(text).map_err(|e| JsError::new(&e))
}

/// The native-testable body of [`check`].
pub fn check_json(text: &str) -> Result<String, String> {
    if text.trim().is_empty() {
        return Err("check: the claim text is empty".into());
    }
    serde_json::to_string(&benchfit_core::check(text)).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_returns_the_cli_document() {
        let v: serde_json::Value =
            serde_json::from_str(&check_json(benchfit_core::scenario::WORKED_EXAMPLE).unwrap())
                .unwrap();
        assert_eq!(v["verdict"], "usable");
        assert_eq!(v["checklist"][4]["condition"], "metric");
        assert_eq!(v["checklist"][4]["status"], "partial");
        assert_eq!(
            check_json("  ").unwrap_err(),
            "check: the claim text is empty"
        );
    }
}
