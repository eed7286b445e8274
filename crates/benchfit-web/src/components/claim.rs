//! The claim text box.

use super::fields::on_input;
use crate::state::{Field, StateHandle};
use yew::prelude::*;

/// The benchmark claim, as pasted.
pub(crate) fn claim_input(state: &StateHandle) -> Html {
    let text = &state.form.benchmark;
    html! {
        <section class="card" aria-labelledby="claim-h">
            <h2 id="claim-h"><label for="claim">{ "Benchmark claim" }</label></h2>
            <textarea id="claim" rows="4" value={text.clone()} oninput={on_input(&state.dispatcher(), Field::Benchmark)}
                placeholder="Paste a benchmark sentence, table or tool output" />
            if text.trim().is_empty() { <p class="hint">{ "Paste a benchmark claim to grade it; the estimate then needs a model and a GPU below." }</p> }
        </section>
    }
}
