//! The address bar follows the scenario (replaceState: no history entry per keystroke).

use yew::prelude::*;

/// Writes `?{query}` (and `&embed={embed}` for the widget: `1` or `plan`) into the address bar
/// whenever the query changes. The scenario's keys are only written here, and read once, at
/// start; the plan's keys are put back by `use_plan`.
#[hook]
pub(crate) fn use_url_sync(query: std::rc::Rc<str>, embed: Option<&'static str>) {
    use_effect_with(query, move |q| {
        if let Some(h) = web_sys::window().and_then(|w| w.history().ok()) {
            let q = match embed {
                Some(m) => format!("{q}&embed={m}"),
                None => q.to_string(),
            };
            let url = crate::address::relative(&crate::address::path(), &q);
            // A refused replaceState (a sandboxed frame) leaves the address as it was.
            let _ = h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
        }
    });
}
