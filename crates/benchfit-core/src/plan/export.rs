//! The plan's table as text for wikis and spreadsheets: Markdown and CSV.

use super::{Binding, Candidate, Plan};
use crate::format::{sig, usd};

const HEADER: [&str; 13] = [
    "Rank",
    "GPU",
    "GPUs × TP",
    "Weights",
    "KV",
    "Replicas",
    "Total GPUs",
    "TTFT (ms)",
    "TPOT (ms)",
    "$/request",
    "$/request (whole day)",
    "$/1M output tokens",
    "Binding limit",
];

fn binding(c: &Candidate) -> String {
    match c.binding_limit {
        Some(Binding::Slo) if !c.binding_slo.is_empty() => {
            format!("SLO ({})", c.binding_slo.join(", "))
        }
        Some(Binding::Slo) => "SLO".into(),
        Some(Binding::KvCache) => "KV cache".into(),
        Some(Binding::Compute) => "compute".into(),
        None => "–".into(),
    }
}

/// One row's cells (`usd_raw`: plain numbers for CSV).
fn cells(c: &Candidate, raw: bool) -> Vec<String> {
    let money = |v: f64| if raw { format!("{v}") } else { usd(v) };
    let num = |v: f64| if raw { format!("{v}") } else { sig(v) };
    let lat = c.latency_ms_at_operating_point;
    let cost = c.cost;
    vec![
        c.rank.map_or("–".into(), |r| r.to_string()),
        c.gpu_name.to_string(),
        format!("{} × TP {}", c.gpus_per_replica, c.tp),
        c.weights.to_string(),
        c.kv_dtype.to_string(),
        c.replicas.map_or("–".into(), |v| v.to_string()),
        c.total_gpus.map_or("–".into(), |v| v.to_string()),
        lat.map_or("–".into(), |l| num(l.ttft)),
        lat.map_or("–".into(), |l| num(l.tpot)),
        cost.map_or("–".into(), |c| money(c.fleet.per_request_usd)),
        cost.map_or("–".into(), |c| money(c.fleet.per_request_whole_day_usd)),
        cost.map_or("–".into(), |c| {
            money(c.fleet.per_million_output_tokens_usd)
        }),
        binding(c),
    ]
}

/// The ranked rows (those that serve the traffic) as a Markdown table, with a line on the traffic.
pub fn plan_markdown(plan: &Plan) -> String {
    let mut out = format!(
        "Plan for {} ({} in / {} out tokens, {}, SLO at {}), model {}, runtime {}\n\n",
        plan.traffic,
        sig(plan.prompt_tokens),
        sig(plan.output_tokens),
        slo_text(plan),
        plan.percentile.label(),
        plan.model,
        plan.runtime
    );
    out.push_str(&format!("| {} |\n", HEADER.join(" | ")));
    out.push_str(&format!("|{}\n", "---|".repeat(HEADER.len())));
    for c in plan.candidates.iter().filter(|c| c.serves()) {
        let cells: Vec<String> = cells(c, false)
            .into_iter()
            .map(|s| s.replace('|', "\\|"))
            .collect();
        out.push_str(&format!("| {} |\n", cells.join(" | ")));
    }
    out
}

fn slo_text(plan: &Plan) -> String {
    let mut parts = Vec::new();
    if let Some(v) = plan.slo.ttft_ms {
        parts.push(format!("TTFT ≤ {} ms", sig(v)));
    }
    if let Some(v) = plan.slo.tpot_ms {
        parts.push(format!("TPOT ≤ {} ms", sig(v)));
    }
    if let Some(v) = plan.slo.e2e_ms {
        parts.push(format!("E2E ≤ {} ms", sig(v)));
    }
    if parts.is_empty() {
        "no SLO".into()
    } else {
        parts.join(", ")
    }
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// Every row (ranked first, then those that cannot serve, with the reason) as CSV with plain
/// numbers.
pub fn plan_csv(plan: &Plan) -> String {
    let mut out = HEADER
        .iter()
        .chain(std::iter::once(&"Reason"))
        .map(|h| csv_field(h))
        .collect::<Vec<_>>()
        .join(",");
    out.push('\n');
    for c in &plan.candidates {
        let mut row = cells(c, true);
        row.push(c.reason.clone().unwrap_or_default());
        out.push_str(
            &row.iter()
                .map(|s| csv_field(s))
                .collect::<Vec<_>>()
                .join(","),
        );
        out.push('\n');
    }
    out
}
