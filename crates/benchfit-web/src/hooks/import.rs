//! Reading a measurement file the user picked or dropped.

use crate::imported;
use crate::state::{Action, Dispatch};
use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::JsValue;
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

/// Largest measurement file the page reads, bytes (50 MB).
pub const MAX_IMPORT_BYTES: u64 = 50 * 1024 * 1024;

/// The message of a rejected `Blob.arrayBuffer()` (a `DOMException`'s `message`).
fn reason(e: &JsValue) -> String {
    js_sys::Reflect::get(e, &JsValue::from_str("message"))
        .ok()
        .and_then(|m| m.as_string())
        .unwrap_or_else(|| "unknown error".into())
}

/// A callback that reads a file and dispatches [`Action::Imported`] with the measurement or the
/// reason it was refused. The parsing is done by the JavaScript package, loaded on first use.
/// A file picked while an earlier one is still being read replaces it (the earlier one's
/// result is dropped).
///
/// The bytes come from `Blob.arrayBuffer()` (a promise), not a `FileReader` wrapper crate: one
/// dependency less in the page (issue 13's size budget).
#[hook]
pub(crate) fn use_import(dispatch: Dispatch) -> Callback<web_sys::File> {
    // Counts the files picked; a read whose number is not the latest is dropped.
    let latest = use_mut_ref(|| Rc::new(Cell::new(0u64)));
    let latest = latest.borrow().clone();
    use_callback(dispatch, move |file: web_sys::File, d| {
        let n = latest.get() + 1;
        latest.set(n);
        #[allow(clippy::cast_precision_loss)] // 50 MB is far below 2^53
        if file.size() > MAX_IMPORT_BYTES as f64 {
            let mb = file.size() / 1e6;
            d.dispatch(Action::Imported(Err(format!(
                "the file is {mb:.1} MB; files over 50 MB are refused"
            ))));
            return;
        }
        let (d, latest) = (d.clone(), latest.clone());
        wasm_bindgen_futures::spawn_local(async move {
            let result = match JsFuture::from(file.array_buffer()).await {
                Ok(buf) => imported::import(js_sys::Uint8Array::new(&buf).to_vec())
                    .await
                    .map(Rc::new),
                Err(e) => Err(format!("the file could not be read: {}", reason(&e))),
            };
            if latest.get() == n {
                d.dispatch(Action::Imported(result));
            }
        });
    })
}
