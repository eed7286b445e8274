//! Every figure the claim holds, with the settings written beside it and why it is or is not the
//! headline (`claim.figures[]` of `check --json`). A click makes another figure the headline
//! through the `o.fig` override (kept in the URL like the chips), so the checklist and the
//! estimate follow it; "as read" clears the choice.

use crate::state::{Action, StateHandle};
use benchfit_core::checklist::{kind_label, scope_label};
use benchfit_core::claim::{Figure, FigureSettings, Found};
use yew::prelude::*;

/// The most figures listed (a long paste can hold hundreds; the reader attaches settings to the
/// first 24 only).
const MAX_LISTED: usize = 24;

/// The figure's own settings in a few words (`llama-3-70b · h100 ×8 · batch 32 · 512/256`).
fn settings_words(s: &FigureSettings) -> String {
    let v = |f: &Option<Found<String>>| f.as_ref().map(|f| f.value.clone());
    let n = |f: &Option<Found<u32>>| f.as_ref().map(|f| f.value);
    let mut out: Vec<String> = Vec::new();
    out.extend(v(&s.model));
    match (v(&s.gpu), n(&s.gpu_count)) {
        (Some(g), Some(c)) => out.push(format!("{g} ×{c}")),
        (Some(g), None) => out.push(g),
        (None, Some(c)) => out.push(format!("{c} GPUs")),
        (None, None) => {}
    }
    if let Some(t) = n(&s.tp) {
        out.push(format!("TP {t}"));
    }
    if let Some(b) = n(&s.batch_size) {
        out.push(format!("batch {b}"));
    }
    if let Some(c) = n(&s.concurrency) {
        out.push(format!("concurrency {c}"));
    }
    match (n(&s.prompt_tokens), n(&s.output_tokens)) {
        (Some(i), Some(o)) => out.push(format!("{i}/{o} tokens")),
        (Some(i), None) => out.push(format!("{i} in")),
        (None, Some(o)) => out.push(format!("{o} out")),
        (None, None) => {}
    }
    out.extend(v(&s.weight_dtype));
    out.extend(v(&s.runtime));
    if let Some(o) = &s.other_setup {
        out.push(format!("another setup (\"{}\")", o.value));
    }
    if out.is_empty() {
        "no settings beside it".into()
    } else {
        out.join(" · ")
    }
}

fn value_words(f: &Figure) -> String {
    let v = match f.value_high {
        Some(h) => format!("{}–{}", f.value, h),
        None => f.value.to_string(),
    };
    let scope = f.scope.map(scope_label).unwrap_or("scope not said");
    let derived = if f.derived { ", derived" } else { "" };
    format!("{v} {} — {} ({scope}{derived})", f.unit, kind_label(f.kind))
}

/// The figures list (`#figures`); renders nothing for a claim with fewer than two figures.
pub(crate) fn figures(state: &StateHandle) -> Html {
    let Some(report) = state.check.clone() else {
        return html! {};
    };
    let figures = &report.claim.figures;
    if figures.len() < 2 {
        return html! {};
    }
    let chosen = state.form.hidden.overrides.headline.is_some();
    let pick = |index: Option<usize>| {
        let d = state.dispatcher();
        Callback::from(move |_: MouseEvent| {
            d.dispatch(Action::Override(
                "o.fig",
                index.map(|i| i.to_string()).unwrap_or_default(),
            ))
        })
    };
    html! {
        <section id="figures">
            <h2>{ "Figures in the claim" }</h2>
            <p class="hint">{ "Pick another figure to grade and estimate from it instead (kept in the link)." }</p>
            if chosen {
                <button type="button" id="figures-reset" onclick={pick(None)}>{ "Headline as read" }</button>
            }
            <ol class="figures">
                { for figures.iter().take(MAX_LISTED).enumerate().map(|(pos, f)| {
                    let head = pos == 0;
                    html! {
                        <li class={classes!("figure", head.then_some("headline"))} data-index={f.index.to_string()}>
                            <button type="button" disabled={head} onclick={pick(Some(f.index))}
                                title={ if head { "the headline" } else { "make this the headline" } }>
                                { value_words(f) }
                            </button>
                            <span class="settings">{ settings_words(&f.settings) }</span>
                            <span class="reason">{ &f.headline_reason }</span>
                        </li>
                    }
                }) }
            </ol>
        </section>
    }
}
