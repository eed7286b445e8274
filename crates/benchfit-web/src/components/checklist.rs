//! The claim's grade: verdict, evidence, the editable chips, the checklist and the physics check.

use super::fields::{error_for, select_value};
use crate::state::{Action, StateHandle};
use benchfit_core::analysis::PlausibilityStatus;
use benchfit_core::checklist::{Status, Verdict};
use benchfit_core::claim::Found;
use benchfit_core::overrides::MetricOverride;
use benchfit_core::CheckReport;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// The verdict as a coloured badge (`#verdict`). Leaf views here are plain functions, not
/// components: each `#[component]` costs the page 5–8 KB of wasm in Yew's per-component code,
/// and these re-render only with their parent anyway.
pub(crate) fn verdict_badge(verdict: Verdict) -> Html {
    let class = match verdict {
        Verdict::Usable => "badge usable",
        Verdict::Caution => "badge caution",
        Verdict::Reject => "badge reject",
    };
    html! { <span class={class} id="verdict">{ verdict.label() }</span> }
}

fn status_badge(s: Status) -> Html {
    let (class, text) = match s {
        Status::Stated => ("status stated", "stated"),
        Status::Partial => ("status partial", "partial"),
        Status::Unstated => ("status unstated", "unstated"),
    };
    html! { <span class={class}>{ text }</span> }
}

/// The claim text with each piece of evidence marked (text only: pasted markup stays text).
fn evidence(text: &str, report: &CheckReport) -> Html {
    let mut out: Vec<Html> = Vec::new();
    let mut pos = 0usize;
    for e in &report.evidence {
        let (s, t) = (e.span.start, e.span.end);
        if s < pos || t > text.len() || !text.is_char_boundary(s) || !text.is_char_boundary(t) {
            continue;
        }
        out.push(html! { { &text[pos..s] } });
        out.push(html! { <mark class={format!("ev ev-{}", e.field)} title={e.field}>{ &text[s..t] }</mark> });
        pos = t;
    }
    out.push(html! { { &text[pos..] } });
    html! { <p class="evidence" id="evidence">{ for out }</p> }
}

/// One field as read, editable: an edit wins over what was read (kept in the URL). `key` is the
/// URL key of the override (`o.model`); `read` as read from the claim, `set` as edited.
fn chip(
    state: &StateHandle,
    key: &'static str,
    label: &'static str,
    read: Option<String>,
    set: Option<String>,
) -> Html {
    let edited = set.is_some();
    // While invalid, the chip keeps what was typed (its error shows beside it).
    let typed = state
        .chip_typed
        .iter()
        .find(|(k, _)| *k == key)
        .map(|(_, v)| v.clone());
    let value = typed.or(set).or(read).unwrap_or_default();
    let d = state.dispatcher();
    // On every keystroke, like the other inputs: the state always holds what is typed, so a
    // re-render (the curve arriving) never resets a half-typed chip.
    let oninput = Callback::from(move |e: InputEvent| {
        if let Some(i) = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        {
            d.dispatch(Action::Override(key, i.value()));
        }
    });
    let id = format!("chip-{}", &key[2..]);
    let err = error_for(&state.field_errors, key).map(str::to_string);
    let title = err.clone().unwrap_or_else(|| {
        if edited {
            "edited by you".into()
        } else {
            "as read; edit to correct".into()
        }
    });
    html! {
        <span class={classes!("chip", edited.then_some("edited"), err.is_some().then_some("invalid"))}>
            <label for={id.clone()}>{ label }</label>
            <input id={id.clone()} type="text" size="10" {value} placeholder="not stated" {oninput} aria-invalid={err.is_some().to_string()} {title} />
            if let Some(e) = err {
                <span class="chip-error" id={format!("{id}-error")} role="alert">{ e }</span>
            }
        </span>
    }
}

/// The fields as read, as editable chips.
fn chips(state: &StateHandle, report: &CheckReport) -> Html {
    let c = &report.claim;
    let o = &state.form.hidden.overrides;
    let num = |f: &Option<Found<u32>>| f.as_ref().map(|x| x.value.to_string());
    let txt = |f: &Option<Found<String>>| f.as_ref().map(|x| x.value.clone());
    let n = |v: Option<u32>| v.map(|n| n.to_string());
    let metric_value = match o.metric {
        Some(MetricOverride::Output) => "output",
        Some(MetricOverride::Total) => "total",
        None => "",
    };
    let on_metric = {
        let d = state.dispatcher();
        Callback::from(move |e: Event| {
            if let Some(v) = select_value(&e) {
                d.dispatch(Action::Override("o.metric", v));
            }
        })
    };
    html! {
        <div class="chips" id="chips">
            { chip(state, "o.model", "model", txt(&c.model), o.model.clone()) }
            { chip(state, "o.gpu", "GPU", txt(&c.gpu), o.gpu.clone()) }
            { chip(state, "o.n", "GPUs", num(&c.gpu_count), n(o.gpu_count)) }
            { chip(state, "o.batch", "batch", num(&c.batch_size).or(num(&c.concurrency)), n(o.batch_size)) }
            { chip(state, "o.pin", "prompt", num(&c.prompt_tokens), n(o.prompt_tokens)) }
            { chip(state, "o.pout", "output", num(&c.output_tokens), n(o.output_tokens)) }
            { chip(state, "o.w", "weights", txt(&c.weight_dtype), o.weight_dtype.clone()) }
            { chip(state, "o.rt", "runtime", txt(&c.runtime), o.runtime.clone()) }
            <span class={classes!("chip", o.metric.is_some().then_some("edited"))}>
                <label for="chip-metric">{ "tokens counted" }</label>
                <select id="chip-metric" onchange={on_metric}>
                    <option value="" selected={metric_value.is_empty()}>{ "as read" }</option>
                    <option value="output" selected={metric_value == "output"}>{ "output" }</option>
                    <option value="total" selected={metric_value == "total"}>{ "total (in + out)" }</option>
                </select>
            </span>
        </div>
    }
}

/// The checklist card (nothing for an empty claim).
pub(crate) fn checklist(state: &StateHandle) -> Html {
    let Some(r) = state.check.clone() else {
        return html! {};
    };
    let p = &r.plausibility;
    let (pclass, ptext) = match p.status {
        PlausibilityStatus::Plausible => ("plaus ok", "plausible"),
        PlausibilityStatus::Implausible => ("plaus bad", "not possible as written"),
        PlausibilityStatus::Unknown => ("plaus unknown", "could not be checked"),
    };
    html! {
        <section class="card" aria-labelledby="checklist-h">
            <h2 id="checklist-h">{ "Checklist " }{ verdict_badge(r.verdict) }
                <span class="muted">{ format!(" {} of 6 unstated", r.unstated_count) }</span></h2>
            { evidence(&state.form.benchmark, &r) }
            { chips(state, &r) }
            <table class="checklist">
                <thead><tr><th>{ "condition" }</th><th>{ "status" }</th><th>{ "read as" }</th><th>{ "note" }</th></tr></thead>
                <tbody>
                { for r.checklist.iter().map(|row| html! {
                    <tr>
                        <td>{ row.condition.replace('_', " ") }</td>
                        <td>{ status_badge(row.status) }</td>
                        <td>{ row.value.clone().unwrap_or_else(|| "–".into()) }</td>
                        <td class="note">{ row.note.clone().unwrap_or_default() }</td>
                    </tr>
                }) }
                </tbody>
            </table>
            <h3>{ "Physics check: " }<span class={pclass}>{ ptext }</span></h3>
            <p>{ &p.note }</p>
            <ul class="readings">
                { for p.readings.iter().map(|rd| html! {
                    <li class={if rd.plausible { "ok" } else { "bad" }}>{ &rd.note }</li>
                }) }
            </ul>
            { for r.warnings.iter().map(|w| html! { <p class="warn">{ w }</p> }) }
        </section>
    }
}
