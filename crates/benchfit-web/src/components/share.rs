//! Copy link, embed snippet, Markdown and CSV.

use crate::state::{Action, Dispatch, State, StateHandle};
use yew::prelude::*;

/// Copies `text` and reports `what` was copied.
fn clipboard(text: String, what: &'static str, d: &Dispatch) -> Callback<MouseEvent> {
    let d = d.clone();
    Callback::from(move |_| {
        if let Some(w) = web_sys::window() {
            // The promise is not awaited: the button's label confirms the copy was asked for.
            let _ = w.navigator().clipboard().write_text(&text);
            d.dispatch(Action::Copied(what));
        }
    })
}

/// This page's address with the current scenario's query.
pub(crate) fn page_link(state: &State) -> String {
    let origin = web_sys::window()
        .and_then(|w| w.location().origin().ok())
        .unwrap_or_default();
    format!(
        "{origin}{}",
        crate::address::relative(&crate::address::path(), &state.query)
    )
}

/// The share bar in the footer.
pub(crate) fn share_bar(state: &StateHandle) -> Html {
    let d = state.dispatcher();
    let link = page_link(state);
    let snippet = format!("<iframe src=\"{link}&embed=1\" width=\"520\" height=\"330\" style=\"border:0\" title=\"benchfit\" loading=\"lazy\"></iframe>");
    // The exports are of the last valid scenario and its estimate.
    let (md, csv) = match &state.result {
        Some(r) => (
            benchfit_core::present::export::markdown(&state.scenario, &r.estimate),
            benchfit_core::present::export::csv(&state.scenario, &r.estimate),
        ),
        None => (String::new(), String::new()),
    };
    let toggle = {
        let d = d.clone();
        Callback::from(move |_| d.dispatch(Action::ToggleEmbedSnippet))
    };
    let label = |what: &str, text: &str| {
        if state.copied == Some(what) {
            format!("{what} copied")
        } else {
            text.to_string()
        }
    };
    html! {
        <div class="share">
            <button id="copy-link" onclick={clipboard(link.clone(), "link", &d)}>{ label("link", "Copy link") }</button>
            <button id="embed-button" class="secondary" onclick={toggle} aria-expanded={state.show_snippet.to_string()}>{ "Embed" }</button>
            <button id="copy-md" class="secondary" onclick={clipboard(md, "Markdown", &d)}>{ label("Markdown", "Copy as Markdown") }</button>
            <button id="copy-csv" class="secondary" onclick={clipboard(csv, "CSV", &d)}>{ label("CSV", "Copy as CSV") }</button>
            // (Bytes first: never fewer than characters, so most texts skip the count.)
            if state.scenario.benchmark.len() > benchfit_core::input::MAX_URL_BENCHMARK_CHARS
                && state.scenario.benchmark.chars().count() > benchfit_core::input::MAX_URL_BENCHMARK_CHARS {
                <span class="muted" id="link-cut">{ format!(" · the link carries the claim's first {} characters", benchfit_core::format::thousands(benchfit_core::input::MAX_URL_BENCHMARK_CHARS as f64)) }</span>
            }
            <span class="muted" id="computed">{ format!(" computed in {:.1} ms", state.computed_ms) }</span>
            <span class="muted">{ " · everything runs in your browser" }</span>
            if state.show_snippet {
                <div class="snippet">
                    <label for="snippet">{ "Paste into a wiki page (an iframe with this scenario):" }</label>
                    <textarea id="snippet" rows="3" readonly=true value={snippet.clone()} />
                    <button class="secondary" onclick={clipboard(snippet, "snippet", &d)}>{ label("snippet", "Copy snippet") }</button>
                </div>
            }
        </div>
    }
}
