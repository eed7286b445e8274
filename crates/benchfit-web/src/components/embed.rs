//! The compact widget of `?embed=1`: claim, verdict, corrected cost, a link to the full page.

use super::checklist::VerdictBadge;
use super::fields::on_input;
use super::results::money;
use super::share::page_link;
use crate::state::{use_app_state, Field};
use yew::prelude::*;

/// The widget.
#[component]
pub(crate) fn EmbedWidget() -> Html {
    let state = use_app_state();
    let link = page_link(&state);
    let e = state.result.as_ref().map(|r| &r.estimate);
    let s = &state.scenario;
    html! {
        <main class="embed">
            <div class="embed-head">
                <a class="brand" href={link.clone()} target="_blank" rel="noopener">{ "benchfit" }</a>
                if let Some(r) = &state.check { <VerdictBadge verdict={r.verdict} /> }
            </div>
            <label for="claim" class="sr-only">{ "Benchmark claim" }</label>
            <textarea id="claim" rows="3" value={state.form.benchmark.clone()} oninput={on_input(&state.dispatcher(), Field::Benchmark)} />
            if let Some(e) = e {
                <div class="kpis">
                    <div class="kpi"><span class="k">{ "cost per request" }</span><span class="v" id="cost-request">{ money(e.cost.per_request_usd) }</span></div>
                    <div class="kpi"><span class="k">{ "per 1M output tokens" }</span><span class="v" id="cost-output">{ money(e.cost.per_million_output_tokens_usd) }</span></div>
                    if let Some(cf) = e.correction_factor { <div class="kpi"><span class="k">{ "vs headline" }</span><span class="v">{ format!("×{cf:.2}") }</span></div> }
                </div>
                <p class="small muted">{ format!("{} in / {} out tokens, {} · {} × {}", s.prompt_tokens, s.output_tokens, e.simulation.arrivals, e.deployment.gpus, e.deployment.gpu) }</p>
            } else if let Some(err) = &state.estimate_error {
                <p class="error">{ err }</p>
            }
            <a id="open-full" href={link} target="_blank" rel="noopener">{ "open in benchfit →" }</a>
            <span class="muted small" id="computed">{ format!(" computed in {:.1} ms", state.computed_ms) }</span>
        </main>
    }
}
