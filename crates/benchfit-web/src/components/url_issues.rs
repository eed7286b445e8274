//! The notice of URL values that were replaced by defaults.

use crate::state::use_app_state;
use yew::prelude::*;

/// Lists the link's invalid values (nothing when there were none).
#[component]
pub fn UrlIssues() -> Html {
    let state = use_app_state();
    if state.url_issues.is_empty() {
        return html! {};
    }
    html! {
        <section class="card warn" role="alert">
            <p>{ "Some values in the link were not valid and were replaced by defaults:" }</p>
            <ul>{ for state.url_issues.iter().map(|i| html! { <li><code>{ &i.key }</code>{ format!(" = {:?}: {}", i.value, i.reason) }</li> }) }</ul>
        </section>
    }
}
