//! The page's markup. Text only (no `innerHTML`): whatever a user pastes renders as text.

use crate::form::FieldError;
use crate::{Action, Curve, Dispatch, Field, State};
use benchfit_core::analysis::PlausibilityStatus;
use benchfit_core::catalog;
use benchfit_core::checklist::{Status, Verdict};
use benchfit_core::format::{sig, thousands, usd};
use benchfit_core::present::chart::{self, BarKind};
use benchfit_core::project::highest_concurrency_within_slo;
use benchfit_core::{CheckReport, EstimateReport};
use wasm_bindgen::JsCast;
use yew::prelude::*;

fn on_input(d: &Dispatch, field: Field) -> Callback<InputEvent> {
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

fn on_change(d: &Dispatch, field: Field) -> Callback<Event> {
    let d = d.clone();
    Callback::from(move |e: Event| {
        if let Some(s) = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok())
        {
            d.dispatch(Action::Set(field, s.value()));
        }
    })
}

fn error_for<'a>(errors: &'a [FieldError], field: &str) -> Option<&'a str> {
    errors
        .iter()
        .find(|e| e.field == field)
        .map(|e| e.message.as_str())
}

#[allow(clippy::too_many_arguments)]
fn number(
    id: &'static str,
    label: &str,
    unit: &str,
    value: &str,
    field: Field,
    err: Option<&str>,
    d: &Dispatch,
    placeholder: &str,
) -> Html {
    let invalid = err.is_some();
    html! {
        <div class={classes!("field", invalid.then_some("invalid"))}>
            <label for={id}>{ label }</label>
            <div class="with-unit">
                <input id={id} type="text" inputmode="decimal" value={value.to_string()}
                    placeholder={placeholder.to_string()}
                    aria-invalid={invalid.to_string()}
                    oninput={on_input(d, field)} />
                <span class="unit">{ unit }</span>
            </div>
            if let Some(e) = err { <p class="error" role="alert">{ e }</p> }
        </div>
    }
}

fn select(
    id: &'static str,
    label: &str,
    value: &str,
    field: Field,
    options: Vec<(String, String)>,
    d: &Dispatch,
) -> Html {
    html! {
        <div class="field">
            <label for={id}>{ label }</label>
            <select id={id} onchange={on_change(d, field)}>
                { for options.into_iter().map(|(v, text)| {
                    let selected = v == value;
                    html! { <option value={v} {selected}>{ text }</option> }
                }) }
            </select>
        </div>
    }
}

/// A text input with type-to-search suggestions (a `<datalist>` of ids with their names).
fn picker(
    id: &'static str,
    label: &str,
    value: &str,
    field: Field,
    options: Vec<(String, String)>,
    d: &Dispatch,
    placeholder: &str,
) -> Html {
    let list = format!("{id}-list");
    html! {
        <div class="field">
            <label for={id}>{ label }</label>
            <input id={id} type="text" list={list.clone()} value={value.to_string()} placeholder={placeholder.to_string()}
                autocomplete="off" spellcheck="false" oninput={on_input(d, field)} />
            <datalist id={list}>
                { for options.into_iter().filter(|(v, _)| !v.is_empty()).map(|(v, text)| html! { <option value={v}>{ text }</option> }) }
            </datalist>
        </div>
    }
}

fn verdict_badge(v: Verdict) -> Html {
    let class = match v {
        Verdict::Usable => "badge usable",
        Verdict::Caution => "badge caution",
        Verdict::Reject => "badge reject",
    };
    html! { <span class={class} id="verdict">{ v.label() }</span> }
}

fn status_badge(s: Status) -> Html {
    let (class, text) = match s {
        Status::Stated => ("status stated", "stated"),
        Status::Partial => ("status partial", "partial"),
        Status::Unstated => ("status unstated", "unstated"),
    };
    html! { <span class={class}>{ text }</span> }
}

/// The claim text with each piece of evidence marked.
fn evidence(text: &str, r: &CheckReport) -> Html {
    let mut out: Vec<Html> = Vec::new();
    let mut pos = 0usize;
    for e in &r.evidence {
        let (s, t) = (e.span.start, e.span.end);
        if s < pos || t > text.len() || !text.is_char_boundary(s) || !text.is_char_boundary(t) {
            continue;
        }
        out.push(html! { { &text[pos..s] } });
        out.push(html! { <mark class={format!("ev ev-{}", e.field)} title={e.field}>{ &text[s..t] }</mark> });
        pos = t;
    }
    out.push(html! { { &text[pos..] } });
    html! { <p class="evidence" id="evidence">{ for out }</p> }
}

/// The fields as read, as editable chips: an edit wins over what was read (kept in the URL).
fn chips(r: &CheckReport, state: &State, d: &Dispatch) -> Html {
    let c = &r.claim;
    let o = &state.form.hidden.overrides;
    let chip = |key: &'static str, label: &str, read: Option<String>, set: Option<String>| {
        let edited = set.is_some();
        let value = set.or(read).unwrap_or_default();
        let dd = d.clone();
        // On every keystroke, like the other inputs: the state always holds what is typed, so
        // a re-render (the curve arriving) never resets a half-typed chip.
        let oninput = Callback::from(move |e: InputEvent| {
            if let Some(i) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
            {
                dd.dispatch(Action::Override(key, i.value()));
            }
        });
        let id = format!("chip-{}", &key[2..]);
        let err = error_for(&state.field_errors, key).map(str::to_string);
        html! {
            <span class={classes!("chip", edited.then_some("edited"), err.is_some().then_some("invalid"))}>
                <label for={id.clone()}>{ label }</label>
                <input id={id} type="text" size="10" value={value} placeholder="not stated" {oninput} aria-invalid={err.is_some().to_string()} title={err.clone().unwrap_or_else(|| if edited { "edited by you".into() } else { "as read; edit to correct".into() })} />
            </span>
        }
    };
    let num =
        |f: &Option<benchfit_core::claim::Found<u32>>| f.as_ref().map(|x| x.value.to_string());
    let txt = |f: &Option<benchfit_core::claim::Found<String>>| f.as_ref().map(|x| x.value.clone());
    let metric_value = match o.metric {
        Some(benchfit_core::overrides::MetricOverride::Output) => "output",
        Some(benchfit_core::overrides::MetricOverride::Total) => "total",
        None => "",
    };
    let dd = d.clone();
    let on_metric = Callback::from(move |e: Event| {
        if let Some(sel) = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok())
        {
            dd.dispatch(Action::Override("o.metric", sel.value()));
        }
    });
    html! {
        <div class="chips" id="chips">
            { chip("o.model", "model", txt(&c.model), o.model.clone()) }
            { chip("o.gpu", "GPU", txt(&c.gpu), o.gpu.clone()) }
            { chip("o.n", "GPUs", num(&c.gpu_count), o.gpu_count.map(|n| n.to_string())) }
            { chip("o.batch", "batch", num(&c.batch_size).or(num(&c.concurrency)), o.batch_size.map(|n| n.to_string())) }
            { chip("o.pin", "prompt", num(&c.prompt_tokens), o.prompt_tokens.map(|n| n.to_string())) }
            { chip("o.pout", "output", num(&c.output_tokens), o.output_tokens.map(|n| n.to_string())) }
            { chip("o.w", "weights", txt(&c.weight_dtype), o.weight_dtype.clone()) }
            { chip("o.rt", "runtime", txt(&c.runtime), o.runtime.clone()) }
            <span class={classes!("chip", o.metric.is_some().then_some("edited"))}>
                <label for="chip-metric">{ "tokens counted" }</label>
                <select id="chip-metric" onchange={on_metric}>
                    <option value="" selected={metric_value.is_empty()}>{ "as read" }</option>
                    <option value="output" selected={metric_value == "output"}>{ "output" }</option>
                    <option value="total" selected={metric_value == "total"}>{ "total (in + out)" }</option>
                </select>
            </span>
        </div>
    }
}

fn checklist(text: &str, r: &CheckReport, state: &State, d: &Dispatch) -> Html {
    let p = &r.plausibility;
    let (pclass, ptext) = match p.status {
        PlausibilityStatus::Plausible => ("plaus ok", "plausible"),
        PlausibilityStatus::Implausible => ("plaus bad", "not possible as written"),
        PlausibilityStatus::Unknown => ("plaus unknown", "could not be checked"),
    };
    html! {
        <section class="card" aria-labelledby="checklist-h">
            <h2 id="checklist-h">{ "Checklist " }{ verdict_badge(r.verdict) }
                <span class="muted">{ format!(" {} of 6 unstated", r.unstated_count) }</span></h2>
            { evidence(text, r) }
            { chips(r, state, d) }
            <table class="checklist">
                <thead><tr><th>{ "condition" }</th><th>{ "status" }</th><th>{ "read as" }</th><th>{ "note" }</th></tr></thead>
                <tbody>
                { for r.checklist.iter().map(|row| html! {
                    <tr>
                        <td>{ row.condition.replace('_', " ") }</td>
                        <td>{ status_badge(row.status) }</td>
                        <td>{ row.value.clone().unwrap_or_else(|| "–".into()) }</td>
                        <td class="note">{ row.note.clone().unwrap_or_default() }</td>
                    </tr>
                }) }
                </tbody>
            </table>
            <h3>{ "Physics check: " }<span class={pclass}>{ ptext }</span></h3>
            <p>{ &p.note }</p>
            <ul class="readings">
                { for p.readings.iter().map(|rd| html! {
                    <li class={if rd.plausible { "ok" } else { "bad" }}>{ &rd.note }</li>
                }) }
            </ul>
            { for r.warnings.iter().map(|w| html! { <p class="warn">{ w }</p> }) }
        </section>
    }
}

fn waterfall_svg(r: &EstimateReport) -> Html {
    let e = &r.estimate;
    let Some(h) = &e.headline else {
        return html! {};
    };
    let (w, hgt) = (640.0, 200.0);
    let bars = chart::waterfall(h.value, &e.factors, w, hgt);
    if bars.is_empty() {
        return html! {};
    }
    html! {
        <figure class="waterfall">
            <svg viewBox={format!("0 -18 {w} {}", hgt + 58.0)} role="img"
                aria-label={format!("Correction waterfall from {} to {} {}", sig(h.value), sig(h.effective), h.metric.label())}>
                <line x1="0" y1={hgt.to_string()} x2={w.to_string()} y2={hgt.to_string()} class="axis" />
                { for bars.iter().map(|b| {
                    let class = match b.kind { BarKind::Start => "bar start", BarKind::End => "bar end", BarKind::Up => "bar up", BarKind::Down => "bar down" };
                    let cx = b.x + b.width / 2.0;
                    html! {
                        <g>
                            <rect class={class} x={format!("{:.1}", b.x)} y={format!("{:.1}", b.y)} width={format!("{:.1}", b.width)} height={format!("{:.1}", b.height)} />
                            <text class="val" x={format!("{cx:.1}")} y={format!("{:.1}", b.y - 4.0)} text-anchor="middle">{ &b.value_label }</text>
                            <text class="lbl" x={format!("{cx:.1}")} y={format!("{:.1}", hgt + 16.0)} text-anchor="middle">{ &b.label }</text>
                        </g>
                    }
                }) }
            </svg>
            <figcaption>{ format!("{} from the headline to your traffic; each bar changes one input.", h.metric.label()) }</figcaption>
        </figure>
    }
}

fn pct_row(name: &str, p: &benchfit_core::stats::Percentiles) -> Html {
    html! { <tr><td>{ name }</td><td>{ sig(p.mean) }</td><td>{ sig(p.p50) }</td><td>{ sig(p.p90) }</td><td>{ sig(p.p99) }</td></tr> }
}

fn results(state: &State, curve: Option<&Curve>) -> Html {
    let Some(r) = &state.result else {
        return html! { <section class="card"><p class="error">{ state.estimate_error.clone().unwrap_or_default() }</p></section> };
    };
    let e = &r.estimate;
    let c = &e.cost;
    let stale = !state.field_errors.is_empty() || state.estimate_error.is_some();
    let money = |v: Option<f64>| v.map(usd).unwrap_or_else(|| "–".into());
    html! {
        <section class={classes!("card", "results", stale.then_some("stale"))} aria-labelledby="results-h" aria-live="polite">
            <h2 id="results-h">{ "For your traffic" }</h2>
            if let Some(err) = &state.estimate_error { <p class="error" role="alert">{ format!("{err} (showing the last good result)") }</p> }
            <div class="kpis">
                <div class="kpi"><span class="k">{ "cost per request" }</span><span class="v" id="cost-request">{ money(c.per_request_usd) }</span>
                    <span class="s">{ format!("{} over the whole day", money(c.per_request_whole_day_usd)) }</span></div>
                <div class="kpi"><span class="k">{ "per 1M output tokens" }</span><span class="v" id="cost-output">{ money(c.per_million_output_tokens_usd) }</span>
                    <span class="s">{ format!("{} per 1M total tokens", money(c.per_million_total_tokens_usd)) }</span></div>
                <div class="kpi"><span class="k">{ "throughput" }</span><span class="v" id="throughput">{ format!("{} tok/s", thousands(e.throughput.output_tokens_per_s)) }</span>
                    <span class="s">{ format!("output; {} tok/s total, {:.2} req/s", thousands(e.throughput.total_tokens_per_s), e.throughput.requests_per_s) }</span></div>
                if let (Some(cf), Some(h)) = (e.correction_factor, &e.headline) {
                    <div class="kpi"><span class="k">{ "correction factor" }</span><span class="v" id="correction">{ format!("×{cf:.2}") }</span>
                        <span class="s">{ format!("{} → {} {}", thousands(h.value), thousands(h.effective), h.metric.label()) }</span></div>
                }
            </div>
            if let Some(range) = &e.range {
                <p class="range">{ format!("The claim leaves conditions open: output {}–{} tok/s{}.", thousands(range.output_tokens_per_s.low), thousands(range.output_tokens_per_s.high),
                    range.per_request_usd.as_ref().map(|b| format!(", {}–{} per request", usd(b.low), usd(b.high))).unwrap_or_default()) }</p>
            }
            { waterfall_svg(r) }
            <table class="factors">
                <thead><tr><th>{ "factor" }</th><th>{ "benchmark" }</th><th>{ "yours" }</th><th>{ "×" }</th></tr></thead>
                <tbody>{ for e.factors.iter().map(|f| html! {
                    <tr><td>{ &f.name }</td><td>{ &f.from }</td><td>{ &f.to }</td><td>{ format!("{:.3}", f.ratio) }</td></tr>
                }) }</tbody>
            </table>
            <h3>{ "Throughput and latency over concurrency" }</h3>
            { curve_svg(state, curve) }
            <p class="small muted" id="simulation">{ format!("Simulated {} requests ({}): mean batch {:.1}, {} preemptions{}{}.",
                thousands(e.simulation.requests.completed as f64), e.simulation.arrivals, e.simulation.mean_batch, e.simulation.preemptions,
                e.simulation.queue_ms.filter(|q| q.p95 >= 1.0).map(|q| format!(", p95 wait for a KV slot {} ms", sig(q.p95))).unwrap_or_default(),
                e.simulation.goodput_requests_per_s.map(|g| format!(", goodput {g:.3} req/s within the SLOs ({:.0}% of requests)", if e.throughput.requests_per_s > 0.0 { g / e.throughput.requests_per_s * 100.0 } else { 0.0 })).unwrap_or_default()) }</p>
            <h3>{ "Latency (ms)" }</h3>
            <table class="latency">
                <thead><tr><th></th><th>{ "mean" }</th><th>{ "p50" }</th><th>{ "p90" }</th><th>{ "p99" }</th></tr></thead>
                <tbody>
                    { pct_row("TTFT", &e.latency_ms.ttft) }
                    { pct_row("ITL", &e.latency_ms.itl) }
                    { pct_row("TPOT", &e.latency_ms.tpot) }
                    { pct_row("E2E", &e.latency_ms.e2e) }
                </tbody>
            </table>
            <h3>{ "KV cache" }</h3>
            <p id="kv">{ format!("Yours: {} tokens ({} KV at memory fraction {:.2}); at {} tokens a request the ceiling is {} concurrent sequences per replica, peak use {:.0}%.",
                thousands(e.kv.capacity_tokens), e.kv.kv_dtype.to_uppercase(), e.kv.mem_fraction,
                thousands((state.form.prompt_tokens.trim().replace(',', "").parse::<f64>().unwrap_or(0.0)) + state.form.output_tokens.trim().replace(',', "").parse::<f64>().unwrap_or(0.0)),
                e.kv.max_concurrent_sequences, e.kv.peak_usage * 100.0) }</p>
            if let Some(b) = &e.kv.benchmark {
                <p>{ format!("Benchmark: {} tokens, ceiling {} sequences at its request size; its batch needed {} tokens.", thousands(b.capacity_tokens), b.max_concurrent_sequences, thousands(b.needed_tokens)) }
                   if let Some(n) = &b.note { <br/>{ format!("It {n}.").replace("It its", "Its") } }</p>
            }
            { kv_svg(e) }
            <h3>{ "Calibration and assumptions" }</h3>
            <p>{ format!("MBU {:.2}, MFU {:.2} ({}). {}", e.calibration.mbu, e.calibration.mfu, e.calibration.source, e.calibration.note) }</p>
            <ul class="assumptions">{ for e.assumptions.iter().map(|a| html! { <li><code>{ &a.field }</code>{ format!(" = {}: {}", a.value, a.reason) }</li> }) }</ul>
            { for e.warnings.iter().map(|w| html! { <p class="warn">{ w }</p> }) }
        </section>
    }
}

fn inputs(state: &State, d: &Dispatch) -> Html {
    let f = &state.form;
    let errs = &state.field_errors;
    let mut models = vec![(String::new(), "as in the claim".to_string())];
    models.extend(
        catalog::MODELS
            .iter()
            .map(|m| (m.id.to_string(), m.name.to_string())),
    );
    let mut gpus = vec![(String::new(), "as in the claim".to_string())];
    gpus.extend(catalog::AMBIGUOUS_GPUS.iter().map(|(id, _)| {
        (
            id.to_string(),
            format!("{} (variant not said)", id.to_uppercase()),
        )
    }));
    gpus.extend(
        catalog::GPUS
            .iter()
            .map(|g| (g.id.to_string(), g.name.to_string())),
    );
    let mut weights = vec![(String::new(), "as in the claim".to_string())];
    weights.extend(
        catalog::DTYPES
            .iter()
            .map(|d| (d.id.to_string(), d.name.to_string())),
    );
    let mut kvs = vec![(String::new(), "as the benchmark used".to_string())];
    kvs.extend(
        ["bf16", "fp16", "fp8"]
            .iter()
            .map(|k| (k.to_string(), k.to_uppercase())),
    );
    let mut rts = vec![(String::new(), "as in the claim".to_string())];
    rts.extend(
        catalog::RUNTIMES
            .iter()
            .map(|r| (r.id.to_string(), r.name.to_string())),
    );
    let modes = vec![
        (
            "concurrency".to_string(),
            "concurrency (closed loop)".to_string(),
        ),
        ("rate".to_string(), "request rate (open loop)".to_string()),
    ];
    let arrivals = vec![
        ("poisson".to_string(), "Poisson".to_string()),
        ("constant".to_string(), "constant".to_string()),
        ("gamma".to_string(), "gamma (bursty)".to_string()),
    ];
    let tier = if f.price_tier == "committed" {
        catalog::PriceTier::Committed
    } else {
        catalog::PriceTier::OnDemand
    };
    let preset = state
        .result
        .as_ref()
        .and_then(|r| catalog::gpu(r.estimate.deployment.gpu))
        .map(|g| g.price.for_tier(tier));
    let rate_mode = f.mode == "rate";
    html! {
        <section class="card" aria-labelledby="traffic-h">
            <h2 id="traffic-h">{ "Your traffic and deployment" }</h2>
            <div class="grid">
                { number("pin", "Prompt tokens", "tokens", &f.prompt_tokens, Field::PromptTokens, error_for(errs, "prompt_tokens"), d, "") }
                { number("pout", "Output tokens", "tokens", &f.output_tokens, Field::OutputTokens, error_for(errs, "output_tokens"), d, "") }
                { number("psd", "Prompt spread (sd)", "tokens", &f.prompt_sd, Field::PromptSd, error_for(errs, "prompt_sd"), d, "fixed") }
                { number("osd", "Output spread (sd)", "tokens", &f.output_sd, Field::OutputSd, error_for(errs, "output_sd"), d, "fixed") }
                { select("mode", "Load", &f.mode, Field::Mode, modes, d) }
                if rate_mode {
                    { number("rate", "Request rate", "req/s", &f.rate, Field::Rate, error_for(errs, "rate"), d, "") }
                    { select("arrival", "Arrivals", &f.arrival, Field::Arrival, arrivals, d) }
                    if f.arrival == "gamma" {
                        { number("burst", "Burstiness", "1 = Poisson", &f.burstiness, Field::Burstiness, error_for(errs, "burstiness"), d, "") }
                    }
                } else {
                    { number("conc", "Concurrency", "requests in flight", &f.concurrency, Field::Concurrency, error_for(errs, "concurrency"), d, "") }
                }
                { number("busy", "Busy hours", "h/day", &f.busy_hours, Field::BusyHours, error_for(errs, "busy_hours"), d, "") }
                { number("sttft", "TTFT SLO (p95)", "ms", &f.slo_ttft, Field::SloTtft, error_for(errs, "slo_ttft"), d, "none") }
                { number("stpot", "TPOT SLO (p95)", "ms", &f.slo_tpot, Field::SloTpot, error_for(errs, "slo_tpot"), d, "none") }
                { picker("model", "Model", &f.model, Field::Model, models, d, "as in the claim") }
                { picker("gpu", "GPU", &f.gpu, Field::Gpu, gpus, d, "as in the claim") }
                { number("ngpu", "GPUs", "GPUs", &f.gpus, Field::Gpus, error_for(errs, "gpus"), d, "as in the claim") }
                { select("weights", "Weights", &f.weights, Field::Weights, weights, d) }
                { select("kv", "KV cache", &f.kv_dtype, Field::KvDtype, kvs, d) }
                { select("runtime", "Runtime", &f.runtime, Field::Runtime, rts, d) }
                { select("tier", "Price preset", &f.price_tier, Field::PriceTier,
                    vec![("on_demand".into(), "on-demand".into()), ("committed".into(), "1-year commitment".into())], d) }
                { number("price", "Price", "USD/GPU-h", &f.price, Field::Price, error_for(errs, "price"), d,
                    &preset.as_ref().map(|p| format!("{:.2} (preset)", p.0)).unwrap_or_default()) }
            </div>
            if f.price.trim().is_empty() {
                if let Some(p) = preset { <p class="muted small" id="price-source">{ format!("Default price: ${:.2}/GPU-hour — {}", p.0, p.1) }</p> }
            }
        </section>
    }
}

fn polyline(points: &[(f64, f64)]) -> String {
    points
        .iter()
        .map(|(x, y)| format!("{x:.1},{y:.1}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Throughput and p95 TPOT over concurrency, with the KV ceiling, the TPOT SLO and your point.
fn curve_svg(state: &State, curve: Option<&Curve>) -> Html {
    let Some(c) = curve else {
        return html! { <p class="muted small" id="curve-pending">{ "Computing the throughput–latency curve…" }</p> };
    };
    let Some(r) = &state.result else {
        return html! {};
    };
    let e = &r.estimate;
    let pts: Vec<(f64, f64, f64)> = c
        .points
        .iter()
        .map(|p| (p.concurrency as f64, p.output_tokens_per_s, p.tpot_p95_ms))
        .collect();
    let kv = (e.kv.max_concurrent_sequences * e.deployment.replicas) as f64;
    let user = (
        e.deployment.concurrency as f64,
        e.throughput.output_tokens_per_s,
    );
    let slo = state.form.slo_tpot.trim().parse::<f64>().ok();
    let (w, h) = (560.0, 180.0);
    let Some(l) = chart::curve(&pts, Some(kv), slo, Some(user), w, h) else {
        return html! {};
    };
    let best = highest_concurrency_within_slo(&c.points);
    html! {
        <figure class="curve" id="curve">
            <svg viewBox={format!("-60 -12 {} {}", w + 120.0, h + 44.0)} role="img" aria-label="Output tokens per second and p95 TPOT over concurrency">
                <line class="axis" x1="0" y1={h.to_string()} x2={w.to_string()} y2={h.to_string()} />
                { for l.left_ticks.iter().map(|(y, t)| html! { <text class="lbl" x="-6" y={format!("{:.1}", y + 3.0)} text-anchor="end">{ t }</text> }) }
                { for l.right_ticks.iter().map(|(y, t)| html! { <text class="lbl" x={format!("{}", w + 6.0)} y={format!("{:.1}", y + 3.0)}>{ format!("{t} ms") }</text> }) }
                { for l.x_ticks.iter().map(|(x, t)| html! { <text class="lbl" x={format!("{x:.1}")} y={format!("{}", h + 14.0)} text-anchor="middle">{ t }</text> }) }
                <text class="lbl" x={format!("{}", w / 2.0)} y={format!("{}", h + 30.0)} text-anchor="middle">{ "concurrency (requests in flight)" }</text>
                if let Some(x) = l.kv_x {
                    <line class="kv-line" x1={format!("{x:.1}")} y1="0" x2={format!("{x:.1}")} y2={h.to_string()} />
                    <text class="lbl" x={format!("{:.1}", x + 3.0)} y="8">{ "KV ceiling" }</text>
                }
                if let Some(y) = l.slo_y {
                    <line class="slo-line" x1="0" y1={format!("{y:.1}")} x2={w.to_string()} y2={format!("{y:.1}")} />
                    <text class="lbl" x={format!("{}", w - 4.0)} y={format!("{:.1}", y - 3.0)} text-anchor="end">{ "TPOT SLO" }</text>
                }
                <polyline class="tput" points={polyline(&l.throughput)} />
                <polyline class="lat" points={polyline(&l.tpot)} />
                if let Some((x, y)) = l.user { <circle class="you" cx={format!("{x:.1}")} cy={format!("{y:.1}")} r="4" /> }
            </svg>
            <figcaption>
                <span class="key tput">{ "output tok/s (left)" }</span>{ " · " }<span class="key lat">{ "p95 TPOT, ms (right)" }</span>
                { format!(" · your operating point marked · computed in {:.0} ms", c.computed_ms) }
                if let Some(b) = best { <br/><strong id="best-concurrency">{ format!("Highest concurrency that meets the SLOs: {b}") }</strong> }
                else if state.form.slo_tpot.trim().len() + state.form.slo_ttft.trim().len() > 0 { <br/><strong id="best-concurrency">{ "No concurrency on the curve meets the SLOs." }</strong> }
            </figcaption>
        </figure>
    }
}

fn kv_svg(e: &benchfit_core::Estimate) -> Html {
    let (w, h) = (560.0, 80.0);
    let path = chart::fraction_series(&e.simulation.kv_usage, w, h);
    if path.len() < 2 {
        return html! {};
    }
    html! {
        <figure class="kvplot">
            <svg viewBox={format!("-40 -6 {} {}", w + 50.0, h + 24.0)} role="img" aria-label="KV-cache usage over the simulated time">
                <line class="axis" x1="0" y1={h.to_string()} x2={w.to_string()} y2={h.to_string()} />
                <text class="lbl" x="-4" y="4" text-anchor="end">{ "100%" }</text>
                <text class="lbl" x="-4" y={h.to_string()} text-anchor="end">{ "0%" }</text>
                <text class="lbl" x={w.to_string()} y={format!("{}", h + 14.0)} text-anchor="end">{ format!("{:.0} s", e.simulation.window_s) }</text>
                <polyline class="kvline" points={polyline(&path)} />
            </svg>
            <figcaption>{ format!("KV-cache usage over the simulated {:.0} s (peak {:.0}%)", e.simulation.window_s, e.kv.peak_usage * 100.0) }</figcaption>
        </figure>
    }
}

fn clipboard(text: String, what: &'static str, d: &Dispatch) -> Callback<MouseEvent> {
    let d = d.clone();
    Callback::from(move |_| {
        if let Some(w) = web_sys::window() {
            let _ = w.navigator().clipboard().write_text(&text);
            d.dispatch(Action::Copied(what.to_string()));
        }
    })
}

/// This page's address without query, and the query of the current scenario.
fn base_and_query(state: &State) -> (String, String) {
    let base = web_sys::window()
        .and_then(|w| {
            let l = w.location();
            Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
        })
        .unwrap_or_default();
    (base, state.query.clone().unwrap_or_default())
}

/// The compact widget of `?embed=1`: claim, verdict, corrected cost, a link to the full page.
fn embed_widget(state: &State, d: &Dispatch) -> Html {
    let (base, q) = base_and_query(state);
    let e = state.result.as_ref().map(|r| &r.estimate);
    let money = |v: Option<f64>| v.map(usd).unwrap_or_else(|| "–".into());
    html! {
        <main class="embed">
            <div class="embed-head">
                <a class="brand" href={format!("{base}?{q}")} target="_blank" rel="noopener">{ "benchfit" }</a>
                if let Some(r) = &state.check { { verdict_badge(r.verdict) } }
            </div>
            <label for="claim" class="sr-only">{ "Benchmark claim" }</label>
            <textarea id="claim" rows="3" value={state.form.benchmark.clone()} oninput={on_input(d, Field::Benchmark)} />
            if let Some(e) = e {
                <div class="kpis">
                    <div class="kpi"><span class="k">{ "cost per request" }</span><span class="v" id="cost-request">{ money(e.cost.per_request_usd) }</span></div>
                    <div class="kpi"><span class="k">{ "per 1M output tokens" }</span><span class="v" id="cost-output">{ money(e.cost.per_million_output_tokens_usd) }</span></div>
                    if let Some(cf) = e.correction_factor { <div class="kpi"><span class="k">{ "vs headline" }</span><span class="v">{ format!("×{cf:.2}") }</span></div> }
                </div>
                <p class="small muted">{ format!("{} in / {} out tokens, {} · {} × {}", state.form.prompt_tokens, state.form.output_tokens, e.simulation.arrivals, e.deployment.gpus, e.deployment.gpu) }</p>
            } else if let Some(err) = &state.estimate_error {
                <p class="error">{ err }</p>
            }
            <a id="open-full" href={format!("{base}?{q}")} target="_blank" rel="noopener">{ "open in benchfit →" }</a>
            <span class="muted small" id="computed">{ format!(" computed in {:.1} ms", state.computed_ms) }</span>
        </main>
    }
}

/// Copy link, embed snippet, Markdown and CSV.
fn share_bar(state: &State, d: &Dispatch) -> Html {
    let (base, q) = base_and_query(state);
    let link = format!("{base}?{q}");
    let snippet = format!("<iframe src=\"{base}?{q}&embed=1\" width=\"520\" height=\"330\" style=\"border:0\" title=\"benchfit\" loading=\"lazy\"></iframe>");
    let scenario = state.form.parse().ok();
    let (md, csv) = match (&state.result, &scenario) {
        (Some(r), Some(s)) => (
            benchfit_core::present::export::markdown(s, &r.estimate),
            benchfit_core::present::export::csv(s, &r.estimate),
        ),
        _ => (String::new(), String::new()),
    };
    let toggle = {
        let d = d.clone();
        Callback::from(move |_| d.dispatch(Action::ToggleEmbedSnippet))
    };
    let label = |what: &str, text: &str| {
        if state.copied.as_deref() == Some(what) {
            format!("{what} copied")
        } else {
            text.to_string()
        }
    };
    html! {
        <div class="share">
            <button id="copy-link" onclick={clipboard(link, "link", d)}>{ label("link", "Copy link") }</button>
            <button id="embed-button" class="secondary" onclick={toggle} aria-expanded={state.show_snippet.to_string()}>{ "Embed" }</button>
            <button id="copy-md" class="secondary" onclick={clipboard(md, "Markdown", d)}>{ label("Markdown", "Copy as Markdown") }</button>
            <button id="copy-csv" class="secondary" onclick={clipboard(csv, "CSV", d)}>{ label("CSV", "Copy as CSV") }</button>
            <span class="muted" id="computed">{ format!(" computed in {:.1} ms", state.computed_ms) }</span>
            <span class="muted">{ " · everything runs in your browser" }</span>
            if state.show_snippet {
                <div class="snippet">
                    <label for="snippet">{ "Paste into a wiki page (an iframe with this scenario):" }</label>
                    <textarea id="snippet" rows="3" readonly=true value={snippet.clone()} />
                    <button class="secondary" onclick={clipboard(snippet, "snippet", d)}>{ label("snippet", "Copy snippet") }</button>
                </div>
            }
        </div>
    }
}

/// Import a measurement file (picker or drop) and compare it with the prediction.
fn measured(state: &State, d: &Dispatch, on_file: Callback<web_sys::File>) -> Html {
    let pick = {
        let on_file = on_file.clone();
        Callback::from(move |e: Event| {
            let file = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
                .and_then(|i| i.files())
                .and_then(|f| f.get(0));
            if let Some(f) = file {
                on_file.emit(f);
            }
        })
    };
    let drop = Callback::from(move |e: DragEvent| {
        e.prevent_default();
        if let Some(f) = e
            .data_transfer()
            .and_then(|dt| dt.files())
            .and_then(|f| f.get(0))
        {
            on_file.emit(f);
        }
    });
    let over = Callback::from(|e: DragEvent| e.prevent_default());
    let body = match (&state.measurement, &state.result) {
        (None, _) => html! {},
        (Some(Err(e)), _) => {
            html! { <p class="error" role="alert" id="import-error">{ format!("Not imported: {e}") }</p> }
        }
        (Some(Ok(m)), r) => {
            let e = r.as_ref().map(|r| &r.estimate);
            let pred = |f: &dyn Fn(&benchfit_core::Estimate) -> f64| {
                e.map(|e| sig(f(e))).unwrap_or_else(|| "–".into())
            };
            let both = |p: Option<(f64, f64)>| {
                p.map(|(a, b)| format!("{} / {}", sig(a), sig(b)))
                    .unwrap_or_else(|| "–".into())
            };
            let use_it = m.claim.clone().map(|c| {
                let d = d.clone();
                Callback::from(move |_| d.dispatch(Action::Set(Field::Benchmark, c.clone())))
            });
            let (done, failed, incomplete) = m.requests;
            html! {
                <>
                <p id="import-summary">{ format!("{done} requests completed, {failed} failed, {incomplete} incomplete{} (from {}).",
                    if m.partial { "; the run was partial" } else { "" }, m.tool) }</p>
                <table class="measured" id="measured">
                    <thead><tr><th></th><th>{ "measured" }</th><th>{ "predicted" }</th></tr></thead>
                    <tbody>
                        <tr><td>{ "output tok/s" }</td><td>{ sig(m.output_tokens_per_s) }</td><td>{ pred(&|e| e.throughput.output_tokens_per_s) }</td></tr>
                        <tr><td>{ "total tok/s" }</td><td>{ sig(m.total_tokens_per_s) }</td><td>{ pred(&|e| e.throughput.total_tokens_per_s) }</td></tr>
                        <tr><td>{ "TTFT p50 / p99 ms" }</td><td>{ both(m.ttft) }</td>
                            <td>{ format!("{} / {}", pred(&|e| e.latency_ms.ttft.p50), pred(&|e| e.latency_ms.ttft.p99)) }</td></tr>
                        <tr><td>{ "ITL p50 / p99 ms" }</td><td>{ both(m.itl) }</td>
                            <td>{ format!("{} / {}", pred(&|e| e.latency_ms.itl.p50), pred(&|e| e.latency_ms.itl.p99)) }</td></tr>
                        <tr><td>{ "E2E p50 ms" }</td><td>{ m.e2e_p50.map(sig).unwrap_or_else(|| "–".into()) }</td><td>{ pred(&|e| e.latency_ms.e2e.p50) }</td></tr>
                    </tbody>
                </table>
                if let Some(cb) = use_it {
                    <button id="use-measurement" class="secondary" onclick={cb}>{ "Recalibrate on this measurement" }</button>
                    <p class="small muted">{ format!("Makes it the scenario's benchmark: {}", m.claim.clone().unwrap_or_default()) }</p>
                }
                { for m.notes.iter().map(|n| html! { <p class="small warn">{ n }</p> }) }
                </>
            }
        }
    };
    html! {
        <section class="card" aria-labelledby="measured-h" ondragover={over} ondrop={drop}>
            <h2 id="measured-h">{ "Measured vs predicted" }</h2>
            <p class="small muted">{ "Import a file from benchfit measure, or a vLLM bench / genai-perf / AIPerf / GuideLLM / llmperf result (drop it here). It is read in your browser; nothing is uploaded." }</p>
            <label for="import-file">{ "Measurement file " }</label>
            <input id="import-file" type="file" accept=".json,.jsonl,application/json" onchange={pick} />
            { body }
        </section>
    }
}

/// The whole page.
pub(crate) fn page(
    state: &State,
    d: Dispatch,
    curve: Option<&Curve>,
    on_file: Callback<web_sys::File>,
) -> Html {
    if state.embed {
        return embed_widget(state, &d);
    }
    let text = &state.form.benchmark;
    html! {
        <>
        <header>
            <h1>{ "benchfit" }</h1>
            <p class="tag">{ "A benchmark says N tokens/s. What will it cost per request on your traffic?" }</p>
        </header>
        <main>
            if !state.url_issues.is_empty() {
                <section class="card warn" role="alert">
                    <p>{ "Some values in the link were not valid and were replaced by defaults:" }</p>
                    <ul>{ for state.url_issues.iter().map(|i| html! { <li><code>{ &i.key }</code>{ format!(" = {:?}: {}", i.value, i.reason) }</li> }) }</ul>
                </section>
            }
            <section class="card" aria-labelledby="claim-h">
                <h2 id="claim-h"><label for="claim">{ "Benchmark claim" }</label></h2>
                <textarea id="claim" rows="4" value={text.clone()} oninput={on_input(&d, Field::Benchmark)}
                    placeholder="Paste a benchmark sentence, table or tool output" />
                if text.trim().is_empty() { <p class="hint">{ "Paste a benchmark claim to grade it; the estimate then needs a model and a GPU below." }</p> }
            </section>
            if let Some(r) = &state.check { { checklist(text, r, state, &d) } }
            { inputs(state, &d) }
            { results(state, curve) }
            { measured(state, &d, on_file) }
        </main>
        <footer>{ share_bar(state, &d) }</footer>
        </>
    }
}
