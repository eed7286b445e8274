//! "What to buy" (issue 13): the plan for the page's scenario across every GPU: the ranked
//! table, $ per 1M output tokens against TPOT with the Pareto front and the SLO line, GPU and
//! price-tier filters, editable prices, "why not" for the rejected, Markdown/CSV export.
//!
//! A self-contained component: it reads the page's last valid scenario from the App's context, keeps
//! its own inputs ([`PlanOptions`], in the URL under their own keys), and plans in slices
//! (`hooks::use_plan`: a few ms at a time, yielding to the browser between slices) so typing
//! never waits for it. All computation is in `benchfit_core::plan`.

use crate::hooks::{use_plan, Outcome, PlanRun};
use crate::state::use_app_state;
use benchfit_core::catalog::{self, PriceTier};
use benchfit_core::format::{sig, usd};
use benchfit_core::input::{Scenario, UrlIssue};
use benchfit_core::plan::chart::plan_chart;
use benchfit_core::plan::options::encode_pairs;
use benchfit_core::plan::{
    export, Binding, Candidate, EfficiencySource, Method, Plan, PlanField, PlanOptions,
};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Rows shown before "Show all".
const TOP_ROWS: usize = 12;

/// The plan inputs as typed.
#[derive(Clone, PartialEq, Default)]
struct Form {
    /// `rate` or `users`.
    mode: String,
    /// Text per URL key (`prate`, `pttft`, …).
    fields: TextMap,
    /// GPUs to consider (empty: all).
    gpus: Vec<String>,
    /// Typed prices per GPU id.
    prices: TextMap,
}

/// Text per key, in key order: a sorted `Vec`, not a `BTreeMap` (a dozen keys at most; the
/// map's code was ~1 KB gzipped of the page, issue 13's size budget).
#[derive(Clone, PartialEq, Default)]
struct TextMap(Vec<(String, String)>);

impl TextMap {
    fn get(&self, k: &str) -> Option<&String> {
        self.0
            .binary_search_by(|(key, _)| key.as_str().cmp(k))
            .ok()
            .map(|i| &self.0[i].1)
    }

    /// Sets `k` to `v`, replacing its text if `k` is there.
    fn insert(&mut self, k: String, v: String) {
        match self.0.binary_search_by(|(key, _)| key.cmp(&k)) {
            Ok(i) => self.0[i].1 = v,
            Err(i) => self.0.insert(i, (k, v)),
        }
    }
}

impl Form {
    fn from_options(o: &PlanOptions, s: &Scenario) -> Form {
        let mut f = Form {
            mode: "rate".into(),
            ..Form::default()
        };
        fn put(f: &mut Form, k: &'static str, v: Option<f64>) {
            f.fields
                .insert(k.into(), v.map(|v| v.to_string()).unwrap_or_default());
        }
        match o.traffic {
            Some(benchfit_core::plan::Traffic::Users {
                users,
                requests_per_user_per_min,
                peak_factor,
            }) => {
                put(&mut f, "pusers", Some(users));
                put(&mut f, "prpm", Some(requests_per_user_per_min));
                put(&mut f, "ppeak", Some(peak_factor));
                f.mode = "users".into();
            }
            Some(benchfit_core::plan::Traffic::Rate { requests_per_s }) => {
                put(&mut f, "prate", Some(requests_per_s))
            }
            None => {}
        }
        let slo = o.slo_for(s);
        put(&mut f, "pttft", slo.ttft_ms);
        put(&mut f, "ptpot", slo.tpot_ms);
        put(&mut f, "pe2e", slo.e2e_ms);
        f.fields.insert(
            "ppct".into(),
            match o.percentile {
                benchfit_core::plan::Percentile::P95 => "95".into(),
                benchfit_core::plan::Percentile::P99 => "99".into(),
            },
        );
        f.fields
            .insert("pmaxg".into(), o.max_gpus_per_replica.to_string());
        put(
            &mut f,
            "phead",
            (o.headroom_pct != 0.0).then_some(o.headroom_pct),
        );
        f.fields.insert(
            "ptier".into(),
            match o.tier {
                Some(PriceTier::OnDemand) => "on_demand".into(),
                Some(PriceTier::Committed) => "committed".into(),
                None => String::new(),
            },
        );
        f.gpus = o.gpus.clone();
        for p in &o.prices {
            f.prices
                .insert(p.gpu.clone(), p.usd_per_gpu_hour.to_string());
        }
        f
    }

    fn get(&self, k: &str) -> &str {
        self.fields.get(k).map(|s| s.trim()).unwrap_or("")
    }

    /// The plan's query pairs as typed (validated by [`PlanOptions::from_query`]).
    fn query(&self) -> String {
        let mut pairs: Vec<(&str, String)> = Vec::new();
        let mut put = |k: &'static str, v: &str| pairs.push((k, v.to_string()));
        if self.mode == "users" {
            for k in ["pusers", "prpm", "ppeak"] {
                if !self.get(k).is_empty() {
                    put(k, self.get(k));
                }
            }
        } else if !self.get("prate").is_empty() {
            put("prate", self.get("prate"));
        }
        for k in ["pttft", "ptpot", "pe2e"] {
            let v = self.get(k);
            put(k, if v.is_empty() { "none" } else { v });
        }
        if self.get("ppct") == "99" {
            put("ppct", "99");
        }
        if !self.gpus.is_empty() {
            put("pgpus", &self.gpus.join(","));
        }
        if self.get("pmaxg") != "8" && !self.get("pmaxg").is_empty() {
            put("pmaxg", self.get("pmaxg"));
        }
        if !self.get("phead").is_empty() {
            put("phead", self.get("phead"));
        }
        for (g, p) in &self.prices.0 {
            if !p.trim().is_empty() {
                put("pprice", &format!("{g}:{}", p.trim()));
            }
        }
        if !self.get("ptier").is_empty() {
            put("ptier", self.get("ptier"));
        }
        encode_pairs(pairs.iter().map(|(k, v)| (*k, v.as_str())))
    }
}

fn input_value(e: &Event) -> Option<String> {
    let t = e.target()?;
    if let Some(i) = t.dyn_ref::<web_sys::HtmlInputElement>() {
        return Some(i.value());
    }
    t.dyn_ref::<web_sys::HtmlSelectElement>().map(|s| s.value())
}

fn binding(c: &Candidate) -> String {
    match c.binding_limit {
        Some(Binding::Slo) if !c.binding_slo.is_empty() => {
            format!("SLO ({})", c.binding_slo.join(", ").to_ascii_uppercase())
        }
        Some(Binding::Slo) => "SLO".into(),
        Some(Binding::KvCache) => "KV cache".into(),
        Some(Binding::Compute) => "compute".into(),
        None => "–".into(),
    }
}

fn source(c: &Candidate) -> &'static str {
    match c.efficiency.source {
        EfficiencySource::Claim => "claim",
        EfficiencySource::ClaimSameRuntimePrecision => "claim's (same runtime, precision)",
        EfficiencySource::Prior => "prior",
    }
}

fn chart(plan: &Plan) -> Html {
    let (w, h, left, top) = (560.0, 240.0, 56.0, 12.0);
    let c = plan_chart(plan, w, h);
    if c.points.is_empty() {
        return html! {};
    }
    let pts = |v: &[(f64, f64)]| {
        v.iter()
            .map(|(x, y)| format!("{:.1},{:.1}", x, y))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let pct = plan.percentile.label();
    html! {
        <figure class="curve plan-chart">
            <svg id="plan-chart" viewBox={format!("0 0 {} {}", w + left + 10.0, h + top + 40.0)} role="img"
                aria-label={format!("$ per 1M output tokens against {pct} TPOT for {} deployments", c.points.len())}>
                <g transform={format!("translate({left},{top})")}>
                    <line class="axis" x1="0" y1={h.to_string()} x2={w.to_string()} y2={h.to_string()} />
                    <line class="axis" x1="0" y1="0" x2="0" y2={h.to_string()} />
                    { for c.x_ticks.iter().map(|t| html! { <text class="lbl" x={format!("{:.1}", t.at)} y={format!("{}", h + 14.0)} text-anchor="middle">{ &t.label }</text> }) }
                    { for c.y_ticks.iter().map(|t| html! { <text class="lbl" x="-6" y={format!("{:.1}", t.at + 4.0)} text-anchor="end">{ format!("${}", t.label) }</text> }) }
                    if let Some(x) = c.slo_x {
                        <line class="slo" id="plan-slo-line" x1={format!("{x:.1}")} y1="0" x2={format!("{x:.1}")} y2={h.to_string()} />
                        <text class="lbl" x={format!("{:.1}", x + 4.0)} y="10">{ "TPOT SLO" }</text>
                    }
                    <polyline class="front" id="plan-front" points={pts(&c.front)} />
                    { for c.points.iter().map(|p| html! {
                        <circle class={classes!("pt", p.on_front.then_some("on-front"))} cx={format!("{:.1}", p.x)} cy={format!("{:.1}", p.y)} r={if p.rank <= 3 { "4.5" } else { "3" }}>
                            <title>{ format!("#{} {}: {} TPOT {} ms, {} per 1M output tokens", p.rank, p.label, pct, sig(p.tpot_ms), usd(p.usd_per_million_output)) }</title>
                        </circle>
                    }) }
                    <text class="lbl" x={format!("{}", w / 2.0)} y={format!("{}", h + 30.0)} text-anchor="middle">{ format!("{pct} TPOT at the operating point (ms)") }</text>
                </g>
            </svg>
            <figcaption>{ format!("$ per 1M output tokens against {pct} TPOT: each deployment that serves the traffic is a point; the line joins the Pareto front (none cheaper and faster).") }</figcaption>
        </figure>
    }
}

fn row(c: &Candidate, pct: &str) -> Html {
    let lat = c.latency_ms_at_operating_point;
    let cost = c.cost.expect("ranked rows have a cost");
    html! {
        <tr data-gpu={c.gpu} class={classes!((c.method == Method::Simulated).then_some("simulated"))}>
            <td>{ c.rank.unwrap_or(0) }</td>
            <td>{ c.gpu_name }</td>
            <td>{ format!("{} × TP {}", c.gpus_per_replica, c.tp) }</td>
            <td>{ format!("{} / {}", c.weights, c.kv_dtype) }</td>
            <td>{ c.replicas.unwrap_or(0) }</td>
            <td>{ c.total_gpus.unwrap_or(0) }</td>
            <td title={format!("{pct} TTFT")}>{ lat.map_or("–".into(), |l| sig(l.ttft)) }</td>
            <td title={format!("{pct} TPOT")}>{ lat.map_or("–".into(), |l| sig(l.tpot)) }</td>
            <td class="cost" title={format!("{}–{} within the efficiency band; {} over the whole day", usd(cost.per_request_usd_low), usd(cost.per_request_usd_high), usd(cost.fleet.per_request_whole_day_usd))}>
                { usd(cost.fleet.per_request_usd) }
                <span class="muted small">{ format!(" ({}–{})", usd(cost.per_request_usd_low), usd(cost.per_request_usd_high)) }</span>
            </td>
            <td>{ usd(cost.fleet.per_million_output_tokens_usd) }</td>
            <td>{ binding(c) }</td>
            <td class="small muted">{ format!("{}; {}; {}/h", if c.method == Method::Simulated { "simulated" } else { "screen" }, source(c), usd(c.price_usd_per_gpu_hour)) }</td>
        </tr>
    }
}

/// An edit of the plan form. The reducer applies it to the latest form, so two quick edits (a
/// change event arriving before the re-render of the one before) never undo each other.
struct Edit(Box<dyn FnOnce(&mut Form)>);

impl Reducible for Form {
    type Action = Edit;
    fn reduce(self: Rc<Self>, edit: Edit) -> Rc<Self> {
        let mut f = (*self).clone();
        (edit.0)(&mut f);
        Rc::new(f)
    }
}

/// A callback that applies the changed value of an `<input>`/`<select>` to the form.
fn on_edit(
    form: &UseReducerHandle<Form>,
    apply: impl Fn(&mut Form, String) + 'static,
) -> Callback<Event> {
    let d = form.dispatcher();
    let apply = Rc::new(apply);
    Callback::from(move |e: Event| {
        if let Some(v) = input_value(&e) {
            let apply = apply.clone();
            d.dispatch(Edit(Box::new(move |f| apply(f, v))));
        }
    })
}

/// One text input of the plan form (`#plan-{key}`) with its unit and its URL issue, if any.
fn text_field(
    form: &UseReducerHandle<Form>,
    issues: &[UrlIssue],
    k: &'static str,
    label: &str,
    unit: &str,
    placeholder: String,
) -> Html {
    let bad = issues.iter().find(|i| i.key == k);
    html! {
        <div class={classes!("field", bad.is_some().then_some("invalid"))}>
            <label for={format!("plan-{k}")}>{ label }</label>
            <div class="with-unit">
                <input id={format!("plan-{k}")} type="text" inputmode="decimal" value={form.get(k).to_string()}
                    placeholder={placeholder} aria-invalid={bad.is_some().to_string()} onchange={on_edit(form, move |f, v| { f.fields.insert(k.into(), v); })} />
                <span class="unit">{ unit }</span>
            </div>
            if let Some(b) = bad { <p class="error" role="alert">{ format!("{}: {}", label, b.reason) }</p> }
        </div>
    }
}

/// The plan's inputs: traffic (a rate, or users × requests × peak), SLOs and their percentile,
/// GPUs per replica, headroom, price tier. Labels are the core's ([`PlanField::label`]).
fn inputs(
    form: &UseReducerHandle<Form>,
    issues: &[UrlIssue],
    pct: &str,
    default_rate: String,
) -> Html {
    let set = |k: &'static str| {
        on_edit(form, move |f, v| {
            f.fields.insert(k.into(), v);
        })
    };
    let field = |k: &'static str, f: PlanField, unit: &str, placeholder: String| {
        text_field(form, issues, k, f.label(), unit, placeholder)
    };
    let slo = |k: &'static str, what: &str| {
        text_field(
            form,
            issues,
            k,
            &format!("SLO {pct} {what}"),
            "ms",
            "none".into(),
        )
    };
    html! {
        <div class="grid">
            <div class="field">
                <label for="plan-mode">{ "Traffic as" }</label>
                <select id="plan-mode" onchange={on_edit(form, |f, v| f.mode = v)}>
                    <option value="rate" selected={form.mode != "users"}>{ "a request rate" }</option>
                    <option value="users" selected={form.mode == "users"}>{ "users × requests" }</option>
                </select>
            </div>
            if form.mode == "users" {
                { field("pusers", PlanField::Users, "users", "1000".into()) }
                { field("prpm", PlanField::RequestsPerUserPerMin, "/min", "1".into()) }
                { field("ppeak", PlanField::PeakFactor, "× average", "1".into()) }
            } else {
                { field("prate", PlanField::Rate, "req/s", default_rate) }
            }
            { slo("pttft", "TTFT") }
            { slo("ptpot", "TPOT") }
            { slo("pe2e", "E2E") }
            <div class="field">
                <label for="plan-ppct">{ "Percentile" }</label>
                <select id="plan-ppct" onchange={set("ppct")}>
                    <option value="95" selected={form.get("ppct") != "99"}>{ "p95" }</option>
                    <option value="99" selected={form.get("ppct") == "99"}>{ "p99" }</option>
                </select>
            </div>
            <div class="field">
                <label for="plan-pmaxg">{ PlanField::MaxGpusPerReplica.label() }</label>
                <select id="plan-pmaxg" onchange={set("pmaxg")}>
                    { for ["1", "2", "4", "8"].iter().map(|n| html! { <option value={*n} selected={form.get("pmaxg") == *n || (form.get("pmaxg").is_empty() && *n == "8")}>{ *n }</option> }) }
                </select>
            </div>
            { field("phead", PlanField::Headroom, "%", "0".into()) }
            <div class="field">
                <label for="plan-ptier">{ "Prices" }</label>
                <select id="plan-ptier" onchange={set("ptier")}>
                    <option value="" selected={form.get("ptier").is_empty()}>{ "as above" }</option>
                    <option value="on_demand" selected={form.get("ptier") == "on_demand"}>{ "on-demand" }</option>
                    <option value="committed" selected={form.get("ptier") == "committed"}>{ "1-year commitment" }</option>
                </select>
            </div>
        </div>
    }
}

/// The GPUs to consider and their prices (`#plan-gpus`): a checkbox and a price per catalog GPU,
/// beside its preset for the tier in force.
fn gpu_table(form: &UseReducerHandle<Form>, issues: &[UrlIssue], tier: PriceTier) -> Html {
    let toggle = |id: &'static str| {
        let d = form.dispatcher();
        Callback::from(move |_: Event| {
            d.dispatch(Edit(Box::new(move |f: &mut Form| {
                if let Some(i) = f.gpus.iter().position(|g| g == id) {
                    f.gpus.remove(i);
                } else {
                    f.gpus.push(id.to_string());
                }
            })))
        })
    };
    let set_price = |id: &'static str| {
        on_edit(form, move |f, v| {
            f.prices.insert(id.to_string(), v);
        })
    };
    html! {
        <details id="plan-gpus">
            <summary>{ if form.gpus.is_empty() { "GPUs: all, at their preset prices (choose, or edit a price)".to_string() } else { format!("GPUs: {} chosen", form.gpus.len()) } }</summary>
            <table class="small">
                <thead><tr><th>{ "Consider" }</th><th>{ "GPU" }</th><th>{ "Your price, $/GPU-hour" }</th><th>{ "Preset" }</th></tr></thead>
                <tbody>
                { for catalog::GPUS.iter().map(|g| {
                    let (preset, src) = g.price.for_tier(tier);
                    let bad = issues.iter().any(|i| i.key == "pprice" && i.value.starts_with(&format!("{}:", g.id)));
                    html! {
                        <tr>
                            <td><input type="checkbox" id={format!("plan-gpu-{}", g.id)} checked={form.gpus.iter().any(|x| x == g.id)} onchange={toggle(g.id)} /></td>
                            <td><label for={format!("plan-gpu-{}", g.id)}>{ g.name }</label></td>
                            <td class={classes!("field", bad.then_some("invalid"))}><input type="text" inputmode="decimal" id={format!("plan-price-{}", g.id)} data-gpu={g.id}
                                value={form.prices.get(g.id).cloned().unwrap_or_default()} placeholder={format!("{preset:.2}")} aria-invalid={bad.to_string()} onchange={set_price(g.id)} /></td>
                            <td class="muted" title={src}>{ format!("${preset:.2}") }</td>
                        </tr>
                    }
                }) }
                </tbody>
            </table>
        </details>
    }
}

/// The section.
#[component]
pub(crate) fn PlanSection() -> Html {
    let state = use_app_state();
    // The scenario's query string; None while a field is invalid (the last plan stays, stale).
    let query: Option<String> = state
        .field_errors
        .is_empty()
        .then(|| state.query.to_string());
    // Inputs from the URL on first render.
    let init = use_memo((), |_| {
        let (o, issues) = PlanOptions::from_query(&crate::address::current());
        (Form::from_options(&o, &state.scenario), issues)
    });
    let form = use_reducer(|| init.0.clone());
    let url_issues: Vec<UrlIssue> = init.1.clone();
    let show_all = use_state(|| false);
    let copied = use_state(|| None::<&'static str>);

    let (options, issues) = PlanOptions::from_query(&form.query());
    let key = query.as_ref().map(|q| format!("{q}&{}", form.query()));
    let PlanRun {
        outcome,
        error,
        progress,
    } = use_plan(
        key.clone(),
        state.scenario.clone(),
        options.clone(),
        issues.is_empty(),
        true,
    );

    // The state's last valid scenario (never parsed back from the URL).
    let scenario = state.scenario.clone();
    let default_rate = options.traffic_for(&scenario).requests_per_s();
    let tier_now = options.tier.unwrap_or(scenario.price_tier);
    let current = outcome;
    let stale = current
        .as_ref()
        .map(|o| Some(&o.key) != key.as_ref())
        .unwrap_or(true);
    let pct = options.percentile.label();
    let link = web_sys::window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default();

    html! {
        <section class="card plan" id="plan" aria-labelledby="plan-h">
            <h2 id="plan-h">{ "What to buy" }</h2>
            <p class="small muted">{ "The cheapest deployment that serves your traffic within your SLOs, across every GPU: each GPU × GPUs per replica × weight precision × KV dtype, its capacity under the SLO found by simulating your arrivals and lengths (the cheapest few; the rest by the analytic screen), the replicas that takes and what it costs at each GPU's price." }</p>
            if !url_issues.is_empty() {
                <ul class="warn small" id="plan-url-issues">{ for url_issues.iter().map(|i| html! { <li><code>{ &i.key }</code>{ format!(" = {:?}: {}", i.value, i.reason) }</li> }) }</ul>
            }
            { inputs(&form, &issues, pct, sig(default_rate)) }
            { gpu_table(&form, &issues, tier_now) }
            if let Some(e) = &error {
                <p class="error" role="alert" id="plan-error">{ e }</p>
            }
            if let Some((done, n)) = progress {
                <p class="muted small" id="plan-progress">{ format!("Planning {n} candidates… {done} simulated") }</p>
            }
            if let Some(o) = current {
                { outcome_view(&o, stale, pct, *show_all, show_all.clone()) }
                { share_buttons(&o, link, &copied) }
            } else if query.is_none() {
                <p class="muted">{ "Fix the inputs above to plan." }</p>
            }
        </section>
    }
}

/// The buttons that copy the plan's link, or its table as Markdown or CSV (each says "copied"
/// once used).
fn share_buttons(o: &Outcome, link: String, copied: &UseStateHandle<Option<&'static str>>) -> Html {
    let copy = |text: String, what: &'static str| {
        let copied = copied.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(w) = web_sys::window() {
                let _ = w.navigator().clipboard().write_text(&text);
                copied.set(Some(what));
            }
        })
    };
    let label = |what: &'static str, text: &str| {
        if **copied == Some(what) {
            format!("{what} copied")
        } else {
            text.to_string()
        }
    };
    html! {
    <div class="share">
        <button id="plan-copy-link" class="secondary" onclick={copy(link, "link")}>{ label("link", "Copy link to this plan") }</button>
        <button id="plan-copy-md" class="secondary" onclick={copy(export::plan_markdown(&o.plan), "Markdown")}>{ label("Markdown", "Copy table as Markdown") }</button>
        <button id="plan-copy-csv" class="secondary" onclick={copy(export::plan_csv(&o.plan), "CSV")}>{ label("CSV", "Copy table as CSV") }</button>
    </div>
    }
}

fn outcome_view(
    o: &Outcome,
    stale: bool,
    pct: &str,
    all: bool,
    show_all: UseStateHandle<bool>,
) -> Html {
    let p = &o.plan;
    let serving: Vec<&Candidate> = p.candidates.iter().filter(|c| c.serves()).collect();
    let rejected: Vec<&Candidate> = p.candidates.iter().filter(|c| !c.serves()).collect();
    let shown = if all {
        serving.len()
    } else {
        TOP_ROWS.min(serving.len())
    };
    let toggle = Callback::from(move |_: MouseEvent| show_all.set(!*show_all));
    html! {
        <div class={classes!("plan-result", stale.then_some("stale"))}>
            <p id="plan-summary">
                { format!("{}, {} in / {} out tokens, model {}, runtime {}.", p.traffic, sig(p.prompt_tokens), sig(p.output_tokens), p.model, p.runtime) }
                if let Some(best) = serving.first() {
                    { format!(" Cheapest: {} {} / {}, {} replica(s), {} GPUs, {} per request ({} over the whole day).",
                        best.label(), best.weights, best.kv_dtype, best.replicas.unwrap_or(0), best.total_gpus.unwrap_or(0),
                        usd(best.cost.map_or(f64::NAN, |c| c.fleet.per_request_usd)), usd(best.cost.map_or(f64::NAN, |c| c.fleet.per_request_whole_day_usd))) }
                }
            </p>
            <p class="muted small" id="plan-time" data-ms={format!("{:.1}", o.ms)} data-busy-ms={format!("{:.1}", o.busy_ms)} data-longest-slice-ms={format!("{:.1}", o.longest_ms)} data-candidates={p.counts.candidates.to_string()}>
                { format!("Planned {} candidates in {:.0} ms ({} fit, {} serve the traffic, {} simulated; longest slice {:.0} ms of {}).",
                    p.counts.candidates, o.ms, p.counts.fitting, p.counts.serving, p.counts.simulated, o.longest_ms, o.slices) }
            </p>
            if let Some(cal) = &p.calibration {
                <p class="small muted">{ format!("The claim calibrates {} + {} ({} weights) at MBU {:.2} / MFU {:.2}: rows on that GPU and runtime use it, other GPUs with the same runtime and precision carry it, the rest use the prior (MBU 0.7 / MFU 0.5). The $ range per request is what that uncertainty gives.", cal.gpu, cal.runtime, cal.weights, cal.mbu, cal.mfu) }</p>
            }
            { for p.warnings.iter().map(|w| html! { <p class="warn">{ w }</p> }) }
            if !serving.is_empty() {
                <div class="table-scroll">
                <table id="plan-table">
                    <thead><tr>
                        <th>{ "#" }</th><th>{ "GPU" }</th><th>{ "per replica" }</th><th>{ "weights / KV" }</th><th>{ "replicas" }</th><th>{ "GPUs" }</th>
                        <th>{ format!("{pct} TTFT ms") }</th><th>{ format!("{pct} TPOT ms") }</th><th>{ "$ / request (range)" }</th><th>{ "$ / 1M out" }</th><th>{ "binds" }</th><th>{ "how" }</th>
                    </tr></thead>
                    <tbody>{ for serving.iter().take(shown).map(|c| row(c, pct)) }</tbody>
                </table>
                </div>
                if serving.len() > TOP_ROWS {
                    <button class="secondary" id="plan-show-all" onclick={toggle}>{ if all { "Show the top rows".to_string() } else { format!("Show all {}", serving.len()) } }</button>
                }
                { chart(p) }
            }
            if !rejected.is_empty() {
                <details id="plan-why-not">
                    <summary>{ format!("Why not: {} candidates do not serve this traffic", rejected.len()) }</summary>
                    <ul class="small">{ for rejected.iter().map(|c| html! {
                        <li data-gpu={c.gpu}>{ format!("{} {} / {}: {}", c.label(), c.weights, c.kv_dtype, c.reason.as_deref().unwrap_or("–")) }</li>
                    }) }</ul>
                </details>
            }
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::TextMap;

    #[test]
    fn text_map_keeps_key_order_and_replaces() {
        let mut m = TextMap::default();
        m.insert("h200".into(), "3.5".into());
        m.insert("a100".into(), "1.2".into());
        m.insert("h100".into(), "2".into());
        m.insert("h200".into(), "3.9".into());
        let keys: Vec<&str> = m.0.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, ["a100", "h100", "h200"]);
        assert_eq!(m.get("h200").map(String::as_str), Some("3.9"));
        assert_eq!(m.get("l40s"), None);
    }
}
