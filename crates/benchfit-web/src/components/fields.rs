//! Form inputs: a number with its unit and error, a select, a type-to-search picker.

use crate::form::{error_key, FieldError};
use crate::state::{Action, Dispatch, Field, StateHandle};
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Sends the input's (or text area's) text as `field` on every keystroke.
pub(crate) fn on_input(d: &Dispatch, field: Field) -> Callback<InputEvent> {
    let d = d.clone();
    Callback::from(move |e: InputEvent| {
        let Some(target) = e.target() else { return };
        let v = if let Some(i) = target.dyn_ref::<web_sys::HtmlInputElement>() {
            i.value()
        } else if let Some(t) = target.dyn_ref::<web_sys::HtmlTextAreaElement>() {
            t.value()
        } else {
            return;
        };
        d.dispatch(Action::Set(field, v));
    })
}

/// The value of a `<select>`'s change event.
pub(crate) fn select_value(e: &Event) -> Option<String> {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok())
        .map(|s| s.value())
}

/// The message for the field keyed `key` (`prompt_tokens`, `o.model`), if it is invalid.
pub(crate) fn error_for<'a>(errors: &'a [FieldError], key: &str) -> Option<&'a str> {
    errors
        .iter()
        .find(|e| e.field == key)
        .map(|e| e.message.as_str())
}

/// A `(value, text)` option list.
pub(crate) type Options = Vec<(AttrValue, AttrValue)>;

/// A numeric text box (`#{id}`) with its unit; shows its error from the state when invalid.
///
/// View functions rather than `#[component]`s: they read the state their parent already holds
/// and re-render with it anyway, and each component costs the page ~0.7 KB gzipped of Yew's
/// per-component code (issue 13's size budget).
pub(crate) fn number_field(
    state: &StateHandle,
    id: &'static str,
    label: &'static str,
    unit: &'static str,
    field: Field,
    placeholder: AttrValue,
) -> Html {
    let value = state.form.get(field).to_string();
    let err = error_for(&state.field_errors, error_key(field));
    let invalid = err.is_some();
    html! {
        <div class={classes!("field", invalid.then_some("invalid"))}>
            <label for={id}>{ label }</label>
            <div class="with-unit">
                <input {id} type="text" inputmode="decimal" {value}
                    {placeholder}
                    aria-invalid={invalid.to_string()}
                    oninput={on_input(&state.dispatcher(), field)} />
                <span class="unit">{ unit }</span>
            </div>
            if let Some(e) = err { <p class="error" role="alert">{ e.to_string() }</p> }
        </div>
    }
}

/// A drop-down (`#{id}`) over fixed choices.
pub(crate) fn select_field(
    state: &StateHandle,
    id: &'static str,
    label: &'static str,
    field: Field,
    options: &Options,
) -> Html {
    let value = state.form.get(field).to_string();
    let onchange = {
        let d = state.dispatcher();
        Callback::from(move |e: Event| {
            if let Some(v) = select_value(&e) {
                d.dispatch(Action::Set(field, v));
            }
        })
    };
    html! {
        <div class="field">
            <label for={id}>{ label }</label>
            <select {id} {onchange}>
                { for options.iter().map(|(v, text)| {
                    let selected = **v == value;
                    html! { <option value={v.clone()} {selected}>{ text.clone() }</option> }
                }) }
            </select>
        </div>
    }
}

/// A text input (`#{id}`) with type-to-search suggestions (a `<datalist>` `#{id}-list` of ids
/// with their names).
pub(crate) fn picker_field(
    state: &StateHandle,
    id: &'static str,
    label: &'static str,
    field: Field,
    options: &Options,
    placeholder: &'static str,
) -> Html {
    let value = state.form.get(field).to_string();
    let list = format!("{id}-list");
    html! {
        <div class="field">
            <label for={id}>{ label }</label>
            <input {id} type="text" list={list.clone()} {value} {placeholder}
                autocomplete="off" spellcheck="false" oninput={on_input(&state.dispatcher(), field)} />
            <datalist id={list}>
                { for options.iter().map(|(v, text)| html! { <option value={v.clone()}>{ text.clone() }</option> }) }
            </datalist>
        </div>
    }
}
