//! The page state: one [`Reducible`] holding the form as typed and the last valid [`Scenario`].
//!
//! The form is parsed once per edit ([`Form::parse`], the one range check of each input on the
//! page); a valid parse replaces [`State::scenario`], which everything downstream reads (the
//! estimate here, the curve and the URL in `hooks/`, the exports in the view). Nothing parses
//! the URL or the form again to get the scenario back.

use crate::form::{FieldError, Form};
use crate::imported::Imported;
use benchfit_core::input::{Scenario, UrlIssue};
use benchfit_core::overrides::Overrides;
use benchfit_core::report::check_with;
use benchfit_core::{estimate, CheckReport, EstimateError, EstimateReport};
use std::rc::Rc;
use yew::prelude::*;

/// Which input of the form changed.
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
    /// Shared prefix tokens (prompt reuse).
    PrefixTokens,
    /// Distinct prompts re-sent (prompt reuse).
    PromptPool,
    /// TTFT SLO.
    SloTtft,
    /// TPOT SLO.
    SloTpot,
    /// Price tier.
    PriceTier,
}

/// What the user did (or an effect reported).
#[derive(Debug)]
pub enum Action {
    /// An input changed to this text.
    Set(Field, String),
    /// Something was copied to the clipboard (what, in words).
    Copied(&'static str),
    /// Show or hide the embed snippet.
    ToggleEmbedSnippet,
    /// A measurement file was read (or refused, with the reason).
    Imported(Result<Rc<Imported>, String>),
    /// A claim chip was edited: its URL key (`o.model`, …) and the new text ("" = as read).
    Override(&'static str, String),
}

/// The whole page state.
///
/// Two states are equal when they are the same revision (see the `PartialEq` impl).
#[derive(Clone)]
pub struct State {
    /// The form as typed.
    pub form: Form,
    /// Invalid fields (the form's and the chips').
    pub field_errors: Vec<FieldError>,
    /// A chip's text as typed while it is invalid (its URL key, the text), so the chip shows
    /// what was typed beside its error instead of snapping back to the last valid value.
    pub chip_typed: Vec<(&'static str, String)>,
    /// The last valid scenario (the form's last good parse).
    pub scenario: Rc<Scenario>,
    /// Its query string (what the URL shows; written, never read back).
    pub query: Rc<str>,
    /// The claim's checklist (None for empty text).
    pub check: Option<Rc<CheckReport>>,
    /// The last good estimate (kept while an input is invalid).
    pub result: Option<Rc<EstimateReport>>,
    /// Why the current scenario gives no estimate.
    pub estimate_error: Option<String>,
    /// Bad URL values replaced by defaults.
    pub url_issues: Rc<[UrlIssue]>,
    /// Time of the last recompute, ms.
    pub computed_ms: f64,
    /// What was just copied, for the button's feedback.
    pub copied: Option<&'static str>,
    /// Rendered as the compact embed widget (`?embed=1`).
    pub embed: bool,
    /// The embed snippet is shown.
    pub show_snippet: bool,
    /// An imported measurement, or why the file was refused.
    pub measurement: Option<Result<Rc<Imported>, String>>,
    /// The text and overrides `check` was computed for.
    checked_text: Option<(String, Overrides)>,
    /// Counts the actions applied (each [`Reducible::reduce`] makes the next revision).
    revision: u64,
}

/// Equal when the same revision: the context provider compares the state on every render of
/// the App to decide whether its readers re-render, and a derived (field by field) comparison
/// of the reports cost the page 8 KB of wasm (issue 13's size budget). A revision whose content
/// happens to equal an older one's only re-renders what would have been equal.
impl PartialEq for State {
    fn eq(&self, other: &Self) -> bool {
        self.revision == other.revision
    }
}

/// The context every component reads: the state and its dispatcher (`UseReducerHandle` derefs
/// to [`State`]; `.dispatcher()` sends an [`Action`]).
pub type StateHandle = UseReducerHandle<State>;

/// The dispatcher callbacks capture.
pub type Dispatch = UseReducerDispatcher<State>;

fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map(|p| p.now())
        .unwrap_or(0.0)
}

/// An estimate error as the page says it: the input it names, then why. The one place the
/// page words the core's errors.
fn describe(e: &EstimateError) -> String {
    e.with_name(|f| f.label())
}

impl State {
    /// State for a scenario (read from the URL once, at start), computed.
    pub fn new(scenario: Scenario, url_issues: Vec<UrlIssue>, embed: bool) -> Self {
        let mut s = State {
            form: Form::from_scenario(&scenario),
            field_errors: vec![],
            chip_typed: vec![],
            query: scenario.to_query().into(),
            scenario: Rc::new(scenario),
            check: None,
            result: None,
            estimate_error: None,
            url_issues: url_issues.into(),
            computed_ms: 0.0,
            copied: None,
            embed,
            show_snippet: false,
            measurement: None,
            checked_text: None,
            revision: 0,
        };
        s.recheck();
        s.reestimate();
        s
    }

    /// Re-grades the claim when its text or the chips changed.
    fn recheck(&mut self) {
        let key = (
            self.form.benchmark.clone(),
            self.form.hidden.overrides.clone(),
        );
        if self.checked_text.as_ref() != Some(&key) {
            let text = &key.0;
            self.check = (!text.trim().is_empty()).then(|| Rc::new(check_with(text, &key.1)));
            self.checked_text = Some(key);
        }
    }

    /// Estimates the current scenario; an infeasible one keeps the last good result.
    fn reestimate(&mut self) {
        match estimate(&self.scenario) {
            Ok(r) => {
                self.result = Some(Rc::new(r));
                self.estimate_error = None;
            }
            Err(e) => self.estimate_error = Some(describe(&e)),
        }
    }

    /// Parses the form once; a valid parse that differs from the scenario replaces it and is
    /// estimated. An invalid form keeps the last valid scenario and its result.
    fn recompute(&mut self) {
        let t0 = now_ms();
        self.recheck();
        match self.form.parse() {
            Err(errors) => self.field_errors = errors,
            Ok(scenario) => {
                self.field_errors.clear();
                if scenario != *self.scenario {
                    self.query = scenario.to_query().into();
                    self.scenario = Rc::new(scenario);
                    self.reestimate();
                }
            }
        }
        self.computed_ms = now_ms() - t0;
    }

    /// True when what is shown is not for what is typed (an invalid field or no estimate).
    pub fn is_stale(&self) -> bool {
        !self.field_errors.is_empty() || self.estimate_error.is_some()
    }
}

impl Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut s = (*self).clone();
        s.revision += 1;
        match action {
            Action::Copied(what) => {
                s.copied = Some(what);
                return Rc::new(s);
            }
            Action::ToggleEmbedSnippet => {
                s.show_snippet = !s.show_snippet;
                return Rc::new(s);
            }
            Action::Imported(m) => {
                s.measurement = Some(m);
                return Rc::new(s);
            }
            Action::Override(key, v) => {
                s.field_errors.retain(|e| e.field != key);
                s.chip_typed.retain(|(k, _)| *k != key);
                if let Err(reason) = s.form.hidden.overrides.set_pair(key, v.trim()) {
                    s.field_errors.push(FieldError {
                        field: key,
                        message: format!("{}: {reason}", &key[2..]),
                    });
                    s.chip_typed.push((key, v));
                    return Rc::new(s);
                }
            }
            Action::Set(field, v) => {
                *s.form.slot(field) = v;
                s.copied = None;
            }
        }
        s.recompute();
        Rc::new(s)
    }
}

/// The state handle from the App's context (every component is rendered inside it).
#[hook]
pub fn use_app_state() -> StateHandle {
    use_context::<StateHandle>().expect("components render inside App's ContextProvider")
}
