//! The app: the reducer, its context, the URL hook and the page's sections.

use super::checklist::Checklist;
use super::claim::ClaimInput;
use super::embed::EmbedWidget;
use super::inputs::Inputs;
use super::measured::Measured;
use super::plan::PlanSection;
use super::results::Results;
use super::share::ShareBar;
use super::url_issues::UrlIssues;
use crate::hooks::use_url_sync;
use crate::state::{State, StateHandle};
use benchfit_core::Scenario;
use yew::prelude::*;

/// The state at start: the scenario of the page's URL (read this once), its issues, and
/// whether the URL asks for the embed widget.
fn initial_state() -> State {
    let search = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default();
    let (scenario, issues) = Scenario::from_query(&search);
    let embed = search
        .trim_start_matches('?')
        .split('&')
        .any(|kv| kv == "embed=1");
    State::new(scenario, issues, embed)
}

/// The page (or, for `?embed=1`, the compact widget). A section is one line in `<main>`.
#[component]
pub fn App() -> Html {
    let state = use_reducer(initial_state);
    use_url_sync(state.query.clone(), state.embed);
    let body = if state.embed {
        html! { <EmbedWidget /> }
    } else {
        html! {
            <>
            <header>
                <h1>{ "benchfit" }</h1>
                <p class="tag">{ "A benchmark says N tokens/s. What will it cost per request on your traffic?" }</p>
            </header>
            <main>
                <UrlIssues />
                <ClaimInput />
                <Checklist />
                <super::figures::Figures />
                <Inputs />
                <Results />
                <PlanSection />
                <Measured />
            </main>
            <footer><ShareBar /></footer>
            </>
        }
    };
    html! {
        <ContextProvider<StateHandle> context={state}>{ body }</ContextProvider<StateHandle>>
    }
}
