//! The address bar follows the scenario (replaceState: no history entry per keystroke).

use yew::prelude::*;

/// Writes `?{query}` (and `&embed=1` for the widget) into the address bar whenever the query
/// changes. The URL is only written here; it is read once, at start.
#[hook]
pub(crate) fn use_url_sync(query: std::rc::Rc<str>, embed: bool) {
    use_effect_with(query, move |q| {
        if let Some(h) = web_sys::window().and_then(|w| w.history().ok()) {
            let url = format!("?{q}{}", if embed { "&embed=1" } else { "" });
            // A refused replaceState (a sandboxed frame) leaves the address as it was.
            let _ = h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
        }
    });
}
