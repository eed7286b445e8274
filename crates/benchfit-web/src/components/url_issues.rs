//! The notice of URL values that were replaced by defaults.

use crate::state::State;
use yew::prelude::*;

/// Lists the link's invalid values (nothing when there were none).
pub(crate) fn url_issues(state: &State) -> Html {
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
