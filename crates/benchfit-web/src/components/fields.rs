//! Form inputs: a number with its unit and error, a select, a type-to-search picker.

use crate::form::{error_key, FieldError};
use crate::state::{use_app_state, Action, Dispatch, Field};
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

/// Props of [`NumberField`].
#[derive(Properties, PartialEq)]
pub(crate) struct NumberProps {
    /// Element id (kept stable: the browser tests select by it).
    pub id: &'static str,
    /// Label.
    pub label: &'static str,
    /// Unit shown after the box.
    pub unit: &'static str,
    /// The form field.
    pub field: Field,
    /// Placeholder when empty.
    #[prop_or_default]
    pub placeholder: AttrValue,
}

/// A numeric text box with its unit; shows its error from the state when invalid.
#[component]
pub(crate) fn NumberField(p: &NumberProps) -> Html {
    let state = use_app_state();
    let value = state.form.get(p.field).to_string();
    let err = error_for(&state.field_errors, error_key(p.field));
    let invalid = err.is_some();
    html! {
        <div class={classes!("field", invalid.then_some("invalid"))}>
            <label for={p.id}>{ p.label }</label>
            <div class="with-unit">
                <input id={p.id} type="text" inputmode="decimal" {value}
                    placeholder={p.placeholder.clone()}
                    aria-invalid={invalid.to_string()}
                    oninput={on_input(&state.dispatcher(), p.field)} />
                <span class="unit">{ p.unit }</span>
            </div>
            if let Some(e) = err { <p class="error" role="alert">{ e.to_string() }</p> }
        </div>
    }
}

/// Props of [`SelectField`].
#[derive(Properties, PartialEq)]
pub(crate) struct SelectProps {
    /// Element id.
    pub id: &'static str,
    /// Label.
    pub label: &'static str,
    /// The form field.
    pub field: Field,
    /// The choices.
    pub options: Options,
}

/// A drop-down over fixed choices.
#[component]
pub(crate) fn SelectField(p: &SelectProps) -> Html {
    let state = use_app_state();
    let value = state.form.get(p.field).to_string();
    let onchange = {
        let (d, field) = (state.dispatcher(), p.field);
        Callback::from(move |e: Event| {
            if let Some(v) = select_value(&e) {
                d.dispatch(Action::Set(field, v));
            }
        })
    };
    html! {
        <div class="field">
            <label for={p.id}>{ p.label }</label>
            <select id={p.id} {onchange}>
                { for p.options.iter().map(|(v, text)| {
                    let selected = **v == value;
                    html! { <option value={v.clone()} {selected}>{ text.clone() }</option> }
                }) }
            </select>
        </div>
    }
}

/// Props of [`PickerField`].
#[derive(Properties, PartialEq)]
pub(crate) struct PickerProps {
    /// Element id (the list is `{id}-list`).
    pub id: &'static str,
    /// Label.
    pub label: &'static str,
    /// The form field.
    pub field: Field,
    /// Suggestions: id and name.
    pub options: Options,
    /// Placeholder when empty.
    pub placeholder: &'static str,
}

/// A text input with type-to-search suggestions (a `<datalist>` of ids with their names).
#[component]
pub(crate) fn PickerField(p: &PickerProps) -> Html {
    let state = use_app_state();
    let value = state.form.get(p.field).to_string();
    let list = format!("{}-list", p.id);
    html! {
        <div class="field">
            <label for={p.id}>{ p.label }</label>
            <input id={p.id} type="text" list={list.clone()} {value} placeholder={p.placeholder}
                autocomplete="off" spellcheck="false" oninput={on_input(&state.dispatcher(), p.field)} />
            <datalist id={list}>
                { for p.options.iter().map(|(v, text)| html! { <option value={v.clone()}>{ text.clone() }</option> }) }
            </datalist>
        </div>
    }
}
