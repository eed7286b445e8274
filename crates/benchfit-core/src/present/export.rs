//! Results as text for wikis and spreadsheets: a Markdown table and CSV.

use crate::format::{sig, thousands, usd};
use crate::input::{Load, Scenario};
use crate::project::Estimate;

/// (label, value with unit) rows shared by both formats.
fn rows(s: &Scenario, e: &Estimate) -> Vec<(String, String)> {
    let mut out = setup_rows(s, e);
    out.extend(performance_rows(e));
    out.extend(cost_rows(e));
    out
}

/// What was projected: the deployment, the traffic and the headline against yours.
fn setup_rows(s: &Scenario, e: &Estimate) -> Vec<(String, String)> {
    let d = &e.deployment;
    let load = match s.load {
        Load::Concurrency { concurrency } => format!("concurrency {concurrency}"),
        Load::Rate { requests_per_s, .. } => {
            format!("{} req/s ({})", sig(requests_per_s), e.simulation.arrivals)
        }
    };
    let mut out = vec![
        (
            "Deployment".into(),
            format!(
                "{} × {} (TP {}), {} weights, {} KV, {}",
                d.gpus, d.gpu, d.tp, d.weights, d.kv_dtype, d.runtime
            ),
        ),
        (
            "Traffic".into(),
            format!(
                "{} in / {} out tokens, {load}",
                s.prompt_tokens, s.output_tokens
            ),
        ),
    ];
    if let (Some(h), Some(cf)) = (&e.headline, e.correction_factor) {
        out.push((
            "Headline → yours".into(),
            format!(
                "{} → {} {} (×{cf:.2})",
                thousands(h.value),
                thousands(h.effective),
                h.metric.label()
            ),
        ));
    }
    out
}

/// Throughput, latency and the KV-cache ceiling.
fn performance_rows(e: &Estimate) -> [(String, String); 6] {
    [
        (
            "Output throughput".into(),
            format!("{} tok/s", thousands(e.throughput.output_tokens_per_s)),
        ),
        (
            "Total throughput".into(),
            format!("{} tok/s", thousands(e.throughput.total_tokens_per_s)),
        ),
        (
            "Requests".into(),
            format!("{:.3} req/s", e.throughput.requests_per_s),
        ),
        (
            "TTFT p50 / p99".into(),
            format!(
                "{} / {} ms",
                sig(e.latency_ms.ttft.p50),
                sig(e.latency_ms.ttft.p99)
            ),
        ),
        (
            "ITL p50 / p99".into(),
            format!(
                "{} / {} ms",
                sig(e.latency_ms.itl.p50),
                sig(e.latency_ms.itl.p99)
            ),
        ),
        (
            "KV-cache ceiling".into(),
            format!("{} sequences per replica", e.kv.max_concurrent_sequences),
        ),
    ]
}

/// The price and the costs (– where no price is known).
fn cost_rows(e: &Estimate) -> [(String, String); 4] {
    let money = |v: Option<f64>| v.map(usd).unwrap_or_else(|| "–".into());
    [
        (
            "Price".into(),
            e.cost
                .price_usd_per_gpu_hour
                .map(|p| format!("${p:.2}/GPU-hour"))
                .unwrap_or_else(|| "–".into()),
        ),
        (
            "Cost per request".into(),
            format!(
                "{} busy, {} whole day",
                money(e.cost.per_request_usd),
                money(e.cost.per_request_whole_day_usd)
            ),
        ),
        (
            "Cost per 1M output tokens".into(),
            money(e.cost.per_million_output_tokens_usd),
        ),
        (
            "Cost per 1M total tokens".into(),
            money(e.cost.per_million_total_tokens_usd),
        ),
    ]
}

/// A two-column Markdown table (pipes in values escaped).
#[must_use]
pub fn markdown(s: &Scenario, e: &Estimate) -> String {
    let esc = |t: &str| t.replace('|', "\\|").replace('\n', " ");
    let mut o = String::from("| benchfit | |\n|---|---|\n");
    for (k, v) in rows(s, e) {
        o.push_str(&format!("| {} | {} |\n", esc(&k), esc(&v)));
    }
    o
}

/// CSV with a header row `metric,value` (RFC 4180 quoting).
#[must_use]
pub fn csv(s: &Scenario, e: &Estimate) -> String {
    let q = |t: &str| {
        if t.contains([',', '"', '\n']) {
            format!("\"{}\"", t.replace('"', "\"\""))
        } else {
            t.to_string()
        }
    };
    let mut o = String::from("metric,value\n");
    for (k, v) in rows(s, e) {
        o.push_str(&format!("{},{}\n", q(&k), q(&v)));
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_and_csv_of_the_worked_example() {
        let s = Scenario::worked_example();
        let e = crate::estimate(&s).unwrap().estimate;
        let md = markdown(&s, &e);
        assert!(
            md.starts_with("| benchfit | |\n|---|---|\n| Deployment | 1 × h100-sxm (TP 1)"),
            "{md}"
        );
        assert!(md.contains("| Traffic | 1800 in / 400 out tokens, concurrency 8 |"));
        assert!(md.contains("| Price | $2.99/GPU-hour |"));
        // Every line is a two-cell row.
        assert!(md.lines().all(|l| l.starts_with('|')
            && l.ends_with('|')
            && l.matches(" | ").count() == 1
            || l == "|---|---|"));
        let c = csv(&s, &e);
        assert!(
            c.starts_with("metric,value\nDeployment,\"1 × h100-sxm (TP 1), fp8 weights"),
            "{c}"
        );
        assert_eq!(c.lines().count(), md.lines().count() - 1);
    }
}
