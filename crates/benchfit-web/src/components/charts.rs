//! The SVG charts: the correction waterfall, the throughput–latency curve, KV use over time.
//! Geometry comes from `benchfit_core::present::chart`; these only draw it.

use crate::hooks::Curve;
use benchfit_core::format::sig;
use benchfit_core::input::Slo;
use benchfit_core::present::chart::{self, BarKind};
use benchfit_core::project::highest_concurrency_within_slo;
use benchfit_core::EstimateReport;
use yew::prelude::*;

fn polyline(points: &[(f64, f64)]) -> String {
    points
        .iter()
        .map(|(x, y)| format!("{x:.1},{y:.1}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The correction waterfall from the headline to the user's traffic.
///
/// The charts are view functions, not `#[component]`s: each component costs the page ~0.7 KB
/// gzipped of Yew's per-component code (issue 13's size budget), and they re-render only with
/// the results card anyway.
pub(crate) fn waterfall(report: &EstimateReport) -> Html {
    let e = &report.estimate;
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

/// Throughput and p95 TPOT over concurrency, with the KV ceiling, the TPOT SLO (`slo`) and your
/// point; `curve` is None while it is computed; `measured` are the stages of an imported
/// concurrency sweep: (concurrency, output tok/s, p95 TPOT).
pub(crate) fn curve_chart(
    report: &EstimateReport,
    curve: Option<&Curve>,
    slo: Slo,
    measured: &[(f64, f64, Option<f64>)],
) -> Html {
    let Some(c) = curve else {
        return html! { <p class="muted small" id="curve-pending">{ "Computing the throughput–latency curve…" }</p> };
    };
    let e = &report.estimate;
    let pts: Vec<(f64, f64, f64)> = c
        .points
        .iter()
        .map(|p| {
            (
                f64::from(p.concurrency),
                p.output_tokens_per_s,
                p.tpot_p95_ms,
            )
        })
        .collect();
    #[allow(clippy::cast_precision_loss)] // a ceiling far below 2^53
    let kv = e.kv_ceiling() as f64;
    let user = (
        f64::from(e.deployment.concurrency),
        e.throughput.output_tokens_per_s,
    );
    let (w, h) = (560.0, 180.0);
    let Some(l) = chart::curve(&pts, Some(kv), slo.tpot_ms, Some(user), measured, w, h) else {
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
                { for l.measured.iter().map(|(x, yt, yl)| html! {
                    <g class="measured-stage">
                        <rect class="m-tput" x={format!("{:.1}", x - 3.5)} y={format!("{:.1}", yt - 3.5)} width="7" height="7" />
                        if let Some(yl) = yl { <rect class="m-lat" x={format!("{:.1}", x - 3.5)} y={format!("{:.1}", yl - 3.5)} width="7" height="7" /> }
                    </g>
                }) }
            </svg>
            <figcaption>
                <span class="key tput">{ "output tok/s (left)" }</span>{ " · " }<span class="key lat">{ "p95 TPOT, ms (right)" }</span>
                { format!(" · your operating point marked · computed in {:.0} ms", c.computed_ms) }
                if !l.measured.is_empty() { <span id="curve-measured">{ format!(" · squares: {} measured stages of the imported sweep", l.measured.len()) }</span> }
                if let Some(b) = best { <br/><strong id="best-concurrency">{ format!("Highest concurrency that meets the SLOs: {b}") }</strong> }
                else if slo.ttft_ms.is_some() || slo.tpot_ms.is_some() { <br/><strong id="best-concurrency">{ "No concurrency on the curve meets the SLOs." }</strong> }
            </figcaption>
        </figure>
    }
}

/// KV-cache use over the simulated time.
pub(crate) fn kv_chart(report: &EstimateReport) -> Html {
    let e = &report.estimate;
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
