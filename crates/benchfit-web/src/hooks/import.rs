//! Reading a measurement file the user picked or dropped.

use crate::imported;
use crate::state::{Action, Dispatch};
use gloo_file::callbacks::FileReader;
use std::rc::Rc;
use yew::prelude::*;

/// Largest measurement file the page reads, bytes (50 MB).
pub const MAX_IMPORT_BYTES: u64 = 50 * 1024 * 1024;

/// A callback that reads a file and dispatches [`Action::Imported`] with the measurement or the
/// reason it was refused. The parsing is done by the JavaScript package, loaded on first use.
#[hook]
pub(crate) fn use_import(dispatch: Dispatch) -> Callback<web_sys::File> {
    // The reader must live until its callback runs.
    let reader = use_mut_ref(|| None::<FileReader>);
    use_callback(dispatch, move |file: web_sys::File, d| {
        let blob = gloo_file::Blob::from(file);
        if blob.size() > MAX_IMPORT_BYTES {
            #[allow(clippy::cast_precision_loss)] // file sizes are far below 2^53
            let mb = blob.size() as f64 / 1e6;
            d.dispatch(Action::Imported(Err(format!(
                "the file is {mb:.1} MB; files over 50 MB are refused"
            ))));
            return;
        }
        let d = d.clone();
        *reader.borrow_mut() =
            Some(gloo_file::callbacks::read_as_bytes(
                &blob,
                move |bytes| match bytes {
                    Ok(b) => wasm_bindgen_futures::spawn_local(async move {
                        d.dispatch(Action::Imported(imported::import(b).await.map(Rc::new)));
                    }),
                    Err(e) => d.dispatch(Action::Imported(Err(format!(
                        "the file could not be read: {e}"
                    )))),
                },
            ));
    })
}
