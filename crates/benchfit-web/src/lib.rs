//! The benchfit page: paste a claim, see its checklist and plausibility, and its re-projection
//! onto your traffic, GPU and price. Every edit recomputes at once and updates the URL.
//!
//! One reducer holds the state ([`State`]); the view is a set of function components over it.
//! All computation is in `benchfit-core`; this crate only collects inputs and renders.

pub mod form;
pub mod imported;
mod view;

use benchfit_core::input::{Scenario, UrlIssue};
use benchfit_core::project::{concurrency_curve, CurvePoint, CURVE_LEVELS};
use benchfit_core::report::check_with;
use benchfit_core::{estimate, CheckReport, EstimateReport};
use form::{FieldError, Form};
use std::rc::Rc;
use yew::prelude::*;

/// Which input changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// Claim text.
    Benchmark,
    /// Model id.
    Model,
    /// GPU id.
    Gpu,
    /// GPU count.
    Gpus,
    /// Weight dtype.
    Weights,
    /// KV dtype.
    KvDtype,
    /// Runtime.
    Runtime,
    /// Prompt tokens.
    PromptTokens,
    /// Output tokens.
    OutputTokens,
    /// Concurrency.
    Concurrency,
    /// Price.
    Price,
    /// Busy hours.
    BusyHours,
    /// Concurrency or rate.
    Mode,
    /// Request rate.
    Rate,
    /// Arrival process.
    Arrival,
    /// Burstiness.
    Burstiness,
    /// Prompt spread.
    PromptSd,
    /// Output spread.
    OutputSd,
    /// TTFT SLO.
    SloTtft,
    /// TPOT SLO.
    SloTpot,
    /// Price tier.
    PriceTier,
}

/// What the user did.
pub enum Action {
    /// An input changed to this text.
    Set(Field, String),
    /// Something was copied to the clipboard (what, in words).
    Copied(String),
    /// Show or hide the embed snippet.
    ToggleEmbedSnippet,
    /// A measurement file was read (or refused, with the reason).
    Imported(Result<Rc<imported::Imported>, String>),
    /// A claim chip was edited: its URL key (`o.model`, …) and the new text ("" = as read).
    Override(&'static str, String),
}

/// The whole page state.
#[derive(Clone, PartialEq)]
pub struct State {
    /// The form as typed.
    pub form: Form,
    /// Invalid fields.
    pub field_errors: Vec<FieldError>,
    /// The claim's checklist (None for empty text).
    pub check: Option<Rc<CheckReport>>,
    /// The last good estimate (kept while an input is invalid).
    pub result: Option<Rc<EstimateReport>>,
    /// Why the current inputs give no estimate.
    pub estimate_error: Option<String>,
    /// Bad URL values replaced by defaults.
    pub url_issues: Vec<UrlIssue>,
    /// The query string of the current valid scenario.
    pub query: Option<String>,
    /// Time of the last recompute, ms.
    pub computed_ms: f64,
    /// What was just copied, for the button's feedback.
    pub copied: Option<String>,
    /// Rendered as the compact embed widget (`?embed=1`).
    pub embed: bool,
    /// The embed snippet is shown.
    pub show_snippet: bool,
    /// An imported measurement, or why the file was refused.
    pub measurement: Option<Result<Rc<imported::Imported>, String>>,
    /// The text `check` was computed for.
    checked_text: Option<(String, benchfit_core::overrides::Overrides)>,
}

fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map(|p| p.now())
        .unwrap_or(0.0)
}

impl State {
    /// State for a scenario, computed.
    pub fn new(scenario: &Scenario, url_issues: Vec<UrlIssue>) -> Self {
        let mut s = State {
            form: Form::from_scenario(scenario),
            field_errors: vec![],
            check: None,
            result: None,
            estimate_error: None,
            url_issues,
            query: None,
            computed_ms: 0.0,
            copied: None,
            embed: false,
            show_snippet: false,
            measurement: None,
            checked_text: None,
        };
        s.recompute();
        s
    }

    /// Re-reads the form and recomputes what it can; an invalid form keeps the last good result.
    pub fn recompute(&mut self) {
        let t0 = now_ms();
        // The checklist depends on the text alone: re-read it only when the text changed.
        let key = (
            self.form.benchmark.clone(),
            self.form.hidden.overrides.clone(),
        );
        if self.checked_text.as_ref() != Some(&key) {
            let text = &self.form.benchmark;
            self.check = (!text.trim().is_empty()).then(|| Rc::new(check_with(text, &key.1)));
            self.checked_text = Some(key);
        }
        match self.form.parse() {
            Err(errors) => {
                self.field_errors = errors;
            }
            Ok(scenario) => {
                self.field_errors.clear();
                match estimate(&scenario) {
                    Ok(r) => {
                        self.result = Some(Rc::new(r));
                        self.estimate_error = None;
                    }
                    Err(e) => {
                        self.estimate_error =
                            Some(e.to_string().trim_start_matches("--").to_string());
                    }
                }
                self.query = Some(scenario.to_query());
            }
        }
        self.computed_ms = now_ms() - t0;
    }
}

impl Reducible for State {
    type Action = Action;
    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut s = (*self).clone();
        match action {
            Action::Copied(what) => {
                s.copied = Some(what);
                return Rc::new(s);
            }
            Action::ToggleEmbedSnippet => {
                s.show_snippet = !s.show_snippet;
                return Rc::new(s);
            }
            Action::Override(key, v) => {
                s.field_errors.retain(|e| e.field != key);
                if let Err(reason) = s.form.hidden.overrides.set_pair(key, v.trim()) {
                    s.field_errors.push(form::FieldError {
                        field: key,
                        message: format!("{}: {reason}", &key[2..]),
                    });
                    return Rc::new(s);
                }
            }
            Action::Imported(m) => {
                s.measurement = Some(m);
                return Rc::new(s);
            }
            Action::Set(field, v) => {
                let f = &mut s.form;
                let slot = match field {
                    Field::Benchmark => &mut f.benchmark,
                    Field::Model => &mut f.model,
                    Field::Gpu => &mut f.gpu,
                    Field::Gpus => &mut f.gpus,
                    Field::Weights => &mut f.weights,
                    Field::KvDtype => &mut f.kv_dtype,
                    Field::Runtime => &mut f.runtime,
                    Field::PromptTokens => &mut f.prompt_tokens,
                    Field::OutputTokens => &mut f.output_tokens,
                    Field::Concurrency => &mut f.concurrency,
                    Field::Price => &mut f.price,
                    Field::BusyHours => &mut f.busy_hours,
                    Field::Mode => &mut f.mode,
                    Field::Rate => &mut f.rate,
                    Field::Arrival => &mut f.arrival,
                    Field::Burstiness => &mut f.burstiness,
                    Field::PromptSd => &mut f.prompt_sd,
                    Field::OutputSd => &mut f.output_sd,
                    Field::SloTtft => &mut f.slo_ttft,
                    Field::SloTpot => &mut f.slo_tpot,
                    Field::PriceTier => &mut f.price_tier,
                };
                *slot = v;
                s.copied = None;
            }
        }
        s.recompute();
        Rc::new(s)
    }
}

/// The throughput–latency curve of one scenario.
#[derive(Clone, PartialEq)]
pub struct Curve {
    /// The scenario's query string.
    pub query: String,
    /// Points over concurrency.
    pub points: Rc<Vec<CurvePoint>>,
    /// Time it took, ms.
    pub computed_ms: f64,
}

/// Largest measurement file the page reads, bytes (50 MB).
pub const MAX_IMPORT_BYTES: u64 = 50 * 1024 * 1024;

/// The dispatcher components use.
pub type Dispatch = UseReducerDispatcher<State>;

fn initial_state() -> State {
    let search = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default();
    let (scenario, issues) = Scenario::from_query(&search);
    let mut state = State::new(&scenario, issues);
    state.embed = search
        .trim_start_matches('?')
        .split('&')
        .any(|kv| kv == "embed=1");
    state
}

/// The app.
#[function_component(App)]
pub fn app() -> Html {
    let state = use_reducer(initial_state);
    // The concurrency curve: computed after the main result, a moment after the last edit, so
    // that typing never waits for it (a newer edit drops the pending computation).
    let curve = use_state(|| None::<Curve>);
    let pending = use_mut_ref(|| None::<gloo_timers::callback::Timeout>);
    {
        let query = state.query.clone();
        let curve = curve.clone();
        let embed = state.embed;
        use_effect_with(query, move |q| {
            if let (Some(q), Some(w)) = (q, web_sys::window()) {
                if let Ok(h) = w.history() {
                    let _ = h.replace_state_with_url(
                        &wasm_bindgen::JsValue::NULL,
                        "",
                        Some(&format!("?{q}{}", if embed { "&embed=1" } else { "" })),
                    );
                }
                if embed {
                    // The widget shows no curve.
                    return;
                }
                let q = q.clone();
                *pending.borrow_mut() = Some(gloo_timers::callback::Timeout::new(120, move || {
                    let (scenario, _) = Scenario::from_query(&q);
                    let t0 = now_ms();
                    let points = concurrency_curve(&scenario, &CURVE_LEVELS).unwrap_or_default();
                    curve.set(Some(Curve {
                        query: q,
                        points: Rc::new(points),
                        computed_ms: now_ms() - t0,
                    }));
                }));
            }
        });
    }
    // Reading an imported file: the reader must live until its callback runs; the parsing is
    // done by the JavaScript package, loaded on first use.
    let reader = use_mut_ref(|| None::<gloo_file::callbacks::FileReader>);
    let on_file = {
        let d = state.dispatcher();
        Callback::from(move |file: web_sys::File| {
            let blob = gloo_file::Blob::from(file);
            if blob.size() > MAX_IMPORT_BYTES {
                d.dispatch(Action::Imported(Err(format!(
                    "the file is {:.1} MB; files over 50 MB are refused",
                    blob.size() as f64 / 1e6
                ))));
                return;
            }
            let d = d.clone();
            *reader.borrow_mut() =
                Some(gloo_file::callbacks::read_as_bytes(
                    &blob,
                    move |bytes| match bytes {
                        Ok(b) => wasm_bindgen_futures::spawn_local(async move {
                            d.dispatch(Action::Imported(imported::import(b).await.map(Rc::new)));
                        }),
                        Err(e) => d.dispatch(Action::Imported(Err(format!(
                            "the file could not be read: {e}"
                        )))),
                    },
                ));
        })
    };
    let current = (*curve)
        .clone()
        .filter(|c| Some(&c.query) == state.query.as_ref());
    view::page(&state, state.dispatcher(), current.as_ref(), on_file)
}
