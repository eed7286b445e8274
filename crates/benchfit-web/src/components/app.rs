//! The app: the reducer, its context, the URL hook and the page's sections.

use super::checklist::checklist;
use super::claim::claim_input;
use super::embed::EmbedWidget;
use super::figures::figures;
use super::inputs::inputs;
use super::measured::Measured;
use super::plan::PlanSection;
use super::results::Results;
use super::share::share_bar;
use super::url_issues::url_issues;
use crate::hooks::use_url_sync;
use crate::state::{State, StateHandle};
use benchfit_core::Scenario;
use yew::prelude::*;

/// The state at start: the scenario of the page's URL (read this once), its issues, and
/// whether the URL asks for the embed widget.
fn initial_state() -> State {
    let search = crate::address::current();
    let (scenario, issues) = Scenario::from_query(&search);
    State::new(scenario, issues, embed_mode(&search).is_some())
}

/// The URL's embed mode: `embed=1` (the widget) or `embed=plan` (the widget with the plan's top
/// three); None for the full page.
fn embed_mode(search: &str) -> Option<&'static str> {
    search
        .trim_start_matches('?')
        .split('&')
        .find_map(|kv| match kv {
            "embed=1" => Some("1"),
            "embed=plan" => Some("plan"),
            _ => None,
        })
}

/// The page (or, for `?embed=1` / `?embed=plan`, the compact widget). A section is one line in `<main>`.
#[component]
pub fn App() -> Html {
    let state = use_reducer(initial_state);
    let mode = use_memo((), |_| embed_mode(&crate::address::current()));
    use_url_sync(state.query.clone(), *mode);
    let body = if state.embed {
        html! { <EmbedWidget plan={*mode == Some("plan")} /> }
    } else {
        html! {
            <>
            <header>
                <h1>{ "benchfit" }</h1>
                <p class="tag">{ "A benchmark says N tokens/s. What will it cost per request on your traffic?" }</p>
            </header>
            <main>
                { url_issues(&state) }
                { claim_input(&state) }
                { checklist(&state) }
                { figures(&state) }
                { inputs(&state) }
                <Results />
                <PlanSection />
                <Measured />
            </main>
            <footer>{ share_bar(&state) }</footer>
            </>
        }
    };
    html! {
        <ContextProvider<StateHandle> context={state}>{ body }</ContextProvider<StateHandle>>
    }
}
