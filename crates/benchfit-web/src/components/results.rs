//! The estimate for the user's traffic: costs, throughput, the waterfall, the curve, latency,
//! KV cache, calibration and assumptions.

use super::charts::{curve_chart, kv_chart, waterfall};
use crate::hooks::use_curve;
use crate::state::use_app_state;
use benchfit_core::format::{sig, thousands, usd};
use benchfit_core::stats::Percentiles;
use benchfit_core::Estimate;
use yew::prelude::*;

fn pct_row(name: &str, p: &Percentiles) -> Html {
    html! { <tr><td>{ name }</td><td>{ sig(p.mean) }</td><td>{ sig(p.p50) }</td><td>{ sig(p.p90) }</td><td>{ sig(p.p99) }</td></tr> }
}

/// A price, or a dash without one.
pub(crate) fn money(v: Option<f64>) -> String {
    v.map(usd).unwrap_or_else(|| "–".into())
}

/// The one-line summary of the simulation (`#simulation`).
fn simulation_line(e: &Estimate) -> String {
    let s = &e.simulation;
    let wait = s
        .queue_ms
        .filter(|q| q.p95 >= 1.0)
        .map(|q| format!(", p95 wait for a KV slot {} ms", sig(q.p95)))
        .unwrap_or_default();
    let goodput = s
        .goodput_requests_per_s
        .zip(e.goodput_share())
        .map(|(g, share)| {
            format!(
                ", goodput {g:.3} req/s within the SLOs ({:.0}% of requests)",
                share * 100.0
            )
        })
        .unwrap_or_default();
    #[allow(clippy::cast_precision_loss)] // request counts far below 2^53
    let completed = s.requests.completed as f64;
    format!(
        "Simulated {} requests ({}): mean batch {:.1}, {} preemptions{wait}{goodput}.",
        thousands(completed),
        s.arrivals,
        s.mean_batch,
        s.preemptions
    )
}

/// The results card; while the form is invalid or infeasible it shows the last good result,
/// marked stale. The concurrency curve is computed here, a moment after the last change.
#[component]
pub(crate) fn Results() -> Html {
    let state = use_app_state();
    let curve = use_curve(state.scenario.clone());
    let Some(r) = state.result.clone() else {
        return html! { <section class="card"><p class="error">{ state.estimate_error.clone().unwrap_or_default() }</p></section> };
    };
    let e = &r.estimate;
    let c = &e.cost;
    let stale = state.is_stale();
    #[allow(clippy::cast_precision_loss)] // token counts far below 2^53
    let request_tokens = state.scenario.request_tokens() as f64;
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
            { waterfall(&r) }
            <table class="factors">
                <thead><tr><th>{ "factor" }</th><th>{ "benchmark" }</th><th>{ "yours" }</th><th>{ "×" }</th></tr></thead>
                <tbody>{ for e.factors.iter().map(|f| html! {
                    <tr><td>{ &f.name }</td><td>{ &f.from }</td><td>{ &f.to }</td><td>{ format!("{:.3}", f.ratio) }</td></tr>
                }) }</tbody>
            </table>
            <h3>{ "Throughput and latency over concurrency" }</h3>
            { curve_chart(&r, curve.as_ref(), state.scenario.slo,
                state.measurement.as_ref().and_then(|m| m.as_ref().ok()).map(|m| m.curve.as_slice()).unwrap_or_default()) }
            <p class="small muted" id="simulation">{ simulation_line(e) }</p>
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
                thousands(e.kv.capacity_tokens), e.kv.kv_dtype.to_ascii_uppercase(), e.kv.mem_fraction,
                thousands(request_tokens), e.kv.max_concurrent_sequences, e.kv.peak_usage * 100.0) }</p>
            if let Some(b) = &e.kv.benchmark {
                <p>{ format!("Benchmark: {} tokens, ceiling {} sequences at its request size; its batch needed {} tokens.", thousands(b.capacity_tokens), b.max_concurrent_sequences, thousands(b.needed_tokens)) }
                   if let Some(n) = &b.note { <br/>{ format!("It {n}.").replace("It its", "Its") } }</p>
            }
            { kv_chart(&r) }
            <h3>{ "Calibration and assumptions" }</h3>
            <p>{ format!("MBU {:.2}, MFU {:.2} ({}). {}", e.calibration.mbu, e.calibration.mfu, e.calibration.source, e.calibration.note) }</p>
            <ul class="assumptions">{ for e.assumptions.iter().map(|a| html! { <li><code>{ &a.field }</code>{ format!(" = {}: {}", a.value, a.reason) }</li> }) }</ul>
            { for e.warnings.iter().map(|w| html! { <p class="warn">{ w }</p> }) }
        </section>
    }
}
