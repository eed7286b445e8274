//! The compact widget of `?embed=1`: claim, verdict, corrected cost, a link to the full page;
//! with `?embed=plan`, also the plan's three cheapest deployments (the page's "What to buy" for
//! the plan keys in the URL).

use super::checklist::verdict_badge;
use super::fields::on_input;
use super::results::money;
use super::share::page_link;
use crate::hooks::{use_plan, PlanRun};
use crate::state::{use_app_state, Field};
use benchfit_core::format::{sig, usd};
use benchfit_core::plan::PlanOptions;
use yew::prelude::*;

/// Props of [`EmbedWidget`].
#[derive(Properties, PartialEq)]
pub(crate) struct EmbedProps {
    /// Show the plan's top three (`?embed=plan`).
    pub plan: bool,
}

/// The widget.
#[component]
pub(crate) fn EmbedWidget(p: &EmbedProps) -> Html {
    let state = use_app_state();
    // The plan's inputs come from the URL once (the widget has no plan form).
    let (options, plan_query) = use_memo((), |_| {
        let (o, _) = PlanOptions::from_query(&crate::address::current());
        let q = o.to_query();
        (o, q)
    })
    .as_ref()
    .clone();
    let key =
        (p.plan && state.field_errors.is_empty()).then(|| format!("{}&{plan_query}", state.query));
    let PlanRun { outcome, error, .. } =
        use_plan(key, state.scenario.clone(), options.clone(), true, p.plan);
    let mut link = page_link(&state);
    if p.plan && !plan_query.is_empty() {
        link = format!("{link}&{plan_query}");
    }
    let e = state.result.as_ref().map(|r| &r.estimate);
    let s = &state.scenario;
    html! {
        <main class="embed">
            <div class="embed-head">
                <a class="brand" href={link.clone()} target="_blank" rel="noopener">{ "benchfit" }</a>
                if let Some(r) = &state.check { { verdict_badge(r.verdict) } }
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
            if p.plan {
                { top_three(outcome.as_ref().map(|o| &*o.plan), error.as_deref(), options.percentile.label()) }
            }
            <a id="open-full" href={link} target="_blank" rel="noopener">{ "open in benchfit →" }</a>
            <span class="muted small" id="computed">{ format!(" computed in {:.1} ms", state.computed_ms) }</span>
        </main>
    }
}

/// The plan's three cheapest deployments as a small table (`#embed-plan`), or why there are none.
fn top_three(plan: Option<&benchfit_core::plan::Plan>, error: Option<&str>, pct: &str) -> Html {
    let Some(plan) = plan else {
        return match error {
            Some(e) => html! { <p class="error" id="embed-plan-error">{ e }</p> },
            None => html! { <p class="muted small" id="embed-plan-wait">{ "Planning…" }</p> },
        };
    };
    let best: Vec<_> = plan
        .candidates
        .iter()
        .filter(|c| c.serves())
        .take(3)
        .collect();
    if best.is_empty() {
        return html! { <p class="warn small" id="embed-plan-none">{ "No deployment serves this traffic within the SLOs." }</p> };
    }
    html! {
        <table class="small" id="embed-plan">
            <caption class="muted">{ format!("What to buy for {}", plan.traffic) }</caption>
            <thead><tr><th>{ "#" }</th><th>{ "deployment" }</th><th>{ "GPUs" }</th><th>{ format!("{pct} TPOT ms") }</th><th>{ "$ / request" }</th></tr></thead>
            <tbody>{ for best.iter().map(|c| html! {
                <tr data-gpu={c.gpu}>
                    <td>{ c.rank.unwrap_or(0) }</td>
                    <td>{ format!("{} {} / {}", c.label(), c.weights, c.kv_dtype) }</td>
                    <td>{ c.total_gpus.unwrap_or(0) }</td>
                    <td>{ c.latency_ms_at_operating_point.map_or("–".into(), |l| sig(l.tpot)) }</td>
                    <td>{ c.cost.map_or("–".into(), |k| usd(k.fleet.per_request_usd)) }</td>
                </tr>
            }) }</tbody>
        </table>
    }
}
