//! Human-readable output for the terminal.

use benchfit_core::analysis::PlausibilityStatus;
use benchfit_core::checklist::Status;
use benchfit_core::format::{sig, thousands, usd};
use benchfit_core::{CheckReport, Estimate, EstimateReport, Scenario};
use std::fmt::Write;

fn status_mark(s: Status) -> &'static str {
    match s {
        Status::Stated => "stated  ",
        Status::Partial => "partial ",
        Status::Unstated => "UNSTATED",
    }
}

/// The checklist, verdict and plausibility.
pub fn check(text: &str, r: &CheckReport) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        "Verdict: {} ({} of 6 conditions unstated)\n",
        r.verdict.label(),
        r.unstated_count
    );
    for row in &r.checklist {
        let _ = writeln!(
            o,
            "  {:<16} {}  {}{}",
            row.condition,
            status_mark(row.status),
            row.value.as_deref().unwrap_or("–"),
            row.note
                .as_ref()
                .map(|n| format!("  ({n})"))
                .unwrap_or_default()
        );
    }
    if let Some(h) = r.claim.headline() {
        let _ = writeln!(
            o,
            "\nHeadline: {:?} read as {} {}",
            &text[h.span.start..h.span.end],
            sig(h.value),
            h.unit
        );
    }
    let p = &r.plausibility;
    let status = match p.status {
        PlausibilityStatus::Plausible => "plausible",
        PlausibilityStatus::Implausible => "IMPLAUSIBLE",
        PlausibilityStatus::Unknown => "unknown",
    };
    let _ = writeln!(o, "\nPlausibility: {status}. {}", p.note);
    for reading in &p.readings {
        let _ = writeln!(o, "  - {}", reading.note);
    }
    for w in &r.warnings {
        let _ = writeln!(o, "\nNote: {w}");
    }
    o
}

/// The estimate summary: deployment and headline, throughput and latency, the simulation, the KV
/// cache, cost, calibration, assumptions and warnings, in that order.
pub fn estimate(s: &Scenario, r: &EstimateReport) -> String {
    let e = &r.estimate;
    let mut o = String::new();
    deployment_and_headline(&mut o, s, e);
    throughput_and_latency(&mut o, e);
    kv_cache(&mut o, e);
    cost(&mut o, s, e);
    footer(&mut o, e);
    o
}

/// The deployment line, then the headline's re-projection and its factors (when there is one).
fn deployment_and_headline(o: &mut String, s: &Scenario, e: &Estimate) {
    let d = &e.deployment;
    // An open loop's concurrency is what its rate settles at (Little's law), not an input.
    let load = match s.load {
        benchfit_core::Load::Concurrency { .. } => format!("concurrency {}", d.concurrency),
        benchfit_core::Load::Rate { .. } => {
            format!("{} (≈ {} in flight)", e.simulation.arrivals, d.concurrency)
        }
    };
    let _ = writeln!(o, "Your deployment: {} × {} (TP {}), {} weights, {} KV cache at {:.2}, {}; {} in / {} out tokens, {load}\n",
        d.gpus, d.gpu, d.tp, d.weights, d.kv_dtype, d.mem_fraction, d.runtime, s.prompt_tokens, s.output_tokens);
    let (Some(h), Some(cf)) = (&e.headline, e.correction_factor) else {
        return;
    };
    let _ = writeln!(
        o,
        "Headline {} {} → {} {} on your traffic: correction factor {:.2}",
        thousands(h.value),
        h.metric.label(),
        thousands(h.effective),
        h.metric.label(),
        cf
    );
    for f in &e.factors {
        let _ = writeln!(
            o,
            "  × {:.3}  {:<14} {} → {}",
            f.ratio, f.name, f.from, f.to
        );
    }
    o.push('\n');
}

/// Throughput, the latency percentiles, the simulation's summary and its queueing.
fn throughput_and_latency(o: &mut String, e: &Estimate) {
    let t = &e.throughput;
    let _ = writeln!(
        o,
        "Throughput: {} output tok/s, {} total tok/s, {:.3} req/s",
        thousands(t.output_tokens_per_s),
        thousands(t.total_tokens_per_s),
        t.requests_per_s
    );
    let l = &e.latency_ms;
    let _ = writeln!(
        o,
        "TTFT ms: mean {} p50 {} p99 {}   ITL ms: mean {} p50 {} p99 {}   E2E s: mean {}",
        sig(l.ttft.mean),
        sig(l.ttft.p50),
        sig(l.ttft.p99),
        sig(l.itl.mean),
        sig(l.itl.p50),
        sig(l.itl.p99),
        sig(l.e2e.mean / 1e3)
    );
    let sim = &e.simulation;
    let _ = writeln!(
        o,
        "Simulated {} requests ({}): {} steps, mean batch {:.1}, {} preemptions{}",
        sim.requests.completed,
        sim.arrivals,
        sim.steps,
        sim.mean_batch,
        sim.preemptions,
        sim.goodput_requests_per_s
            .map(|g| format!(", goodput {g:.3} req/s within the SLOs"))
            .unwrap_or_default()
    );
    if let Some(q) = sim.queue_ms.as_ref().filter(|q| q.p99 > 1.0) {
        let _ = writeln!(o, "Queueing ms: p50 {} p99 {}", sig(q.p50), sig(q.p99));
    }
}

/// The KV-cache ceiling on the user's deployment and, when known, on the benchmark's.
fn kv_cache(o: &mut String, e: &Estimate) {
    let _ = writeln!(
        o,
        "KV cache: {} tokens, ceiling {} concurrent sequences per replica (peak use {:.0}%)",
        thousands(e.kv.capacity_tokens),
        e.kv.max_concurrent_sequences,
        e.kv.peak_usage * 100.0
    );
    if let Some(b) = &e.kv.benchmark {
        let _ = writeln!(
            o,
            "Benchmark KV: {} tokens, ceiling {} sequences; its batch needed {}{}",
            thousands(b.capacity_tokens),
            b.max_concurrent_sequences,
            thousands(b.needed_tokens),
            b.note
                .as_ref()
                .map(|n| format!(" ({n})"))
                .unwrap_or_default()
        );
    }
}

/// Cost per request and per 1M tokens, when a price is known.
fn cost(o: &mut String, s: &Scenario, e: &Estimate) {
    let c = &e.cost;
    let (Some(p), Some(req), Some(day), Some(m_out), Some(m_tot)) = (
        c.price_usd_per_gpu_hour,
        c.per_request_usd,
        c.per_request_whole_day_usd,
        c.per_million_output_tokens_usd,
        c.per_million_total_tokens_usd,
    ) else {
        return;
    };
    let _ = writeln!(
        o,
        "\nCost at ${p:.2}/GPU-hour ({}):",
        c.price_source.as_deref().unwrap_or("")
    );
    let _ = writeln!(
        o,
        "  {} per request while busy, {} per request over the whole day ({} busy h/day)",
        usd(req),
        usd(day),
        s.busy_hours
    );
    let _ = writeln!(
        o,
        "  {} per 1M output tokens, {} per 1M total tokens",
        usd(m_out),
        usd(m_tot)
    );
}

/// Calibration, the assumptions made and the warnings.
fn footer(o: &mut String, e: &Estimate) {
    let _ = writeln!(
        o,
        "\nCalibration: MBU {:.2}, MFU {:.2} ({})",
        e.calibration.mbu, e.calibration.mfu, e.calibration.source
    );
    if !e.assumptions.is_empty() {
        let _ = writeln!(o, "\nAssumed:");
        for a in &e.assumptions {
            let _ = writeln!(o, "  {} = {}: {}", a.field, a.value, a.reason);
        }
    }
    for w in &e.warnings {
        let _ = writeln!(o, "\nWarning: {w}");
    }
}

/// The validation table: per row predicted vs measured, then the error summary.
pub fn validation(r: &benchfit_core::validate::ValidationReport) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        "{:>5}  {:<66} {:>11} {:>11} {:>7} {:>7}",
        "line", "row", "measured", "predicted", "err", "cal err"
    );
    for row in &r.rows {
        match (row.measured, row.predicted) {
            (Some(m), Some(p)) => {
                let cal = row
                    .calibrated
                    .map(|(c, _)| format!("{:+.0}%", (c / m - 1.0) * 100.0))
                    .unwrap_or_else(|| "–".into());
                let _ = writeln!(
                    o,
                    "{:>5}  {:<66} {:>11} {:>11} {:>+6.0}% {:>7}",
                    row.line,
                    row.label,
                    sig(m),
                    sig(p),
                    (p / m - 1.0) * 100.0,
                    cal
                );
            }
            _ => {
                let _ = writeln!(
                    o,
                    "{:>5}  skipped: {} ({})",
                    row.line,
                    row.label,
                    row.skipped.as_deref().unwrap_or("")
                );
            }
        }
    }
    let line = |name: &str, s: &Option<benchfit_core::validate::ErrorStats>| match s {
        Some(s) => format!(
            "{name}: n = {}, median |error| {:.1}%, p90 {:.1}%\n",
            s.n, s.median_ape, s.p90_ape
        ),
        None => format!("{name}: no rows\n"),
    };
    o.push('\n');
    o.push_str(&line(
        "throughput, uncalibrated",
        &r.throughput_uncalibrated,
    ));
    o.push_str(&line("latency, uncalibrated", &r.latency_uncalibrated));
    o.push_str(&line(
        "throughput, calibrated (leave one out)",
        &r.throughput_calibrated,
    ));
    o.push_str(&line(
        "latency, calibrated (leave one out)",
        &r.latency_calibrated,
    ));
    o
}
