//! Import a measurement file (picker or drop) and compare it with the prediction.

use crate::hooks::use_import;
use crate::imported::Imported;
use crate::state::{use_app_state, Action, Field};
use benchfit_core::format::sig;
use benchfit_core::Estimate;
use wasm_bindgen::JsCast;
use yew::prelude::*;

fn pair(p: Option<(f64, f64)>) -> String {
    p.map(|(a, b)| format!("{} / {}", sig(a), sig(b)))
        .unwrap_or_else(|| "–".into())
}

/// The measured-vs-predicted table and the recalibration button.
fn comparison(m: &Imported, e: Option<&Estimate>, on_use: Option<Callback<MouseEvent>>) -> Html {
    let pred = |f: &dyn Fn(&Estimate) -> f64| e.map(|e| sig(f(e))).unwrap_or_else(|| "–".into());
    let (done, failed, incomplete) = m.requests;
    html! {
        <>
        <p id="import-summary">{ format!("{done} requests completed, {failed} failed, {incomplete} incomplete{} (from {}).",
            if m.partial { "; the run was partial" } else { "" }, m.tool) }</p>
        // A run that completed nothing measured nothing: its zeros are not figures to compare
        // or to calibrate on.
        if done <= 0.0 {
            <p class="warn" id="import-nothing">{ "No request completed, so this file has no measured latency or throughput to compare with the prediction." }</p>
        } else {
        <table class="measured" id="measured">
            <thead><tr><th></th><th>{ "measured" }</th><th>{ "predicted" }</th></tr></thead>
            <tbody>
                <tr><td>{ "output tok/s" }</td><td>{ sig(m.output_tokens_per_s) }</td><td>{ pred(&|e| e.throughput.output_tokens_per_s) }</td></tr>
                <tr><td>{ "total tok/s" }</td><td>{ sig(m.total_tokens_per_s) }</td><td>{ pred(&|e| e.throughput.total_tokens_per_s) }</td></tr>
                <tr><td>{ "TTFT p50 / p99 ms" }</td><td>{ pair(m.ttft) }</td>
                    <td>{ format!("{} / {}", pred(&|e| e.latency_ms.ttft.p50), pred(&|e| e.latency_ms.ttft.p99)) }</td></tr>
                <tr><td>{ "ITL p50 / p99 ms" }</td><td>{ pair(m.itl) }</td>
                    <td>{ format!("{} / {}", pred(&|e| e.latency_ms.itl.p50), pred(&|e| e.latency_ms.itl.p99)) }</td></tr>
                <tr><td>{ "E2E p50 ms" }</td><td>{ m.e2e_p50.map(sig).unwrap_or_else(|| "–".into()) }</td><td>{ pred(&|e| e.latency_ms.e2e.p50) }</td></tr>
            </tbody>
        </table>
        if let Some(cb) = on_use {
            <button id="use-measurement" class="secondary" onclick={cb}>{ "Recalibrate on this measurement" }</button>
            <p class="small muted">{ format!("Makes it the scenario's benchmark: {}", m.claim.clone().unwrap_or_default()) }</p>
        }
        }
        { for m.notes.iter().map(|n| html! { <p class="small warn">{ n }</p> }) }
        { definitions(m) }
        </>
    }
}

/// How the tool defines each metric beside benchfit's (`#import-definitions`): those that still
/// differ after conversion first and marked ≠, with the tool's definition and why.
fn definitions(m: &Imported) -> Html {
    if m.definitions.is_empty() {
        return html! {};
    }
    let differ = m.definitions.iter().filter(|d| !d.same).count();
    // Differing first (two passes: no sort to instantiate in the page).
    let defs: Vec<_> = m
        .definitions
        .iter()
        .filter(|d| !d.same)
        .chain(m.definitions.iter().filter(|d| d.same))
        .collect();
    html! {
        <details id="import-definitions" open={differ > 0}>
            <summary>{ format!("Metric definitions: {} of {} differ from benchfit's", differ, m.definitions.len()) }</summary>
            <table class="small">
                <thead><tr><th></th><th>{ "benchfit" }</th><th>{ format!("{} (its definition)", m.tool) }</th><th>{ "conversion" }</th></tr></thead>
                <tbody>{ for defs.iter().map(|d| html! {
                    <tr class={if d.same { "same" } else { "differs" }} data-metric={d.metric.clone()}>
                        <td>{ if d.same { "=" } else { "≠" } }</td>
                        <td>{ &d.metric }</td>
                        <td>{ format!("{}: {}", d.tool_metric, d.tool_definition) }</td>
                        <td>{ &d.conversion }</td>
                    </tr>
                }) }</tbody>
            </table>
        </details>
    }
}

/// The measurement card: a file picker and drop target, then the comparison.
#[component]
pub(crate) fn Measured() -> Html {
    let state = use_app_state();
    let on_file = use_import(state.dispatcher());
    let pick = {
        let on_file = on_file.clone();
        Callback::from(move |e: Event| {
            let file = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
                .and_then(|i| i.files())
                .and_then(|f| f.get(0));
            if let Some(f) = file {
                on_file.emit(f);
            }
        })
    };
    let drop = Callback::from(move |e: DragEvent| {
        e.prevent_default();
        if let Some(f) = e
            .data_transfer()
            .and_then(|dt| dt.files())
            .and_then(|f| f.get(0))
        {
            on_file.emit(f);
        }
    });
    let over = Callback::from(|e: DragEvent| e.prevent_default());
    let body = match &state.measurement {
        None => html! {},
        Some(Err(e)) => {
            html! { <p class="error" role="alert" id="import-error">{ format!("Not imported: {e}") }</p> }
        }
        Some(Ok(m)) => {
            let on_use = m.claim.clone().map(|c| {
                let d = state.dispatcher();
                Callback::from(move |_| d.dispatch(Action::Set(Field::Benchmark, c.clone())))
            });
            comparison(m, state.result.as_ref().map(|r| &r.estimate), on_use)
        }
    };
    html! {
        <section class="card" aria-labelledby="measured-h" ondragover={over} ondrop={drop}>
            <h2 id="measured-h">{ "Measured vs predicted" }</h2>
            <p class="small muted">{ "Import a file from benchfit measure, or a vLLM bench / SGLang bench_serving / genai-perf / AIPerf / GuideLLM / inference-perf / llmperf result (drop it here). It is read in your browser; nothing is uploaded." }</p>
            <label for="import-file">{ "Measurement file " }</label>
            <input id="import-file" type="file" accept=".json,.jsonl,application/json" onchange={pick} />
            { body }
        </section>
    }
}
