//! The run's summary on the terminal, one stage or a table of stages.

use super::*;

pub(super) fn fmt_p(p: Option<benchfit_core::stats::Percentiles>) -> String {
    match p {
        Some(p) => format!(
            "{:>9.2} {:>9.2} {:>9.2} {:>9.2} {:>9.2}",
            p.mean, p.p50, p.p90, p.p95, p.p99
        ),
        None => format!("{:>9}", "–"),
    }
}

/// The human summary printed on stdout.
pub(super) fn render(m: &Measurement) -> String {
    let s = &m.summary;
    let mut o = String::new();
    if let Some(h) = m
        .multi_stage
        .as_ref()
        .and_then(|ms| m.stages.get(ms.headline_stage as usize))
    {
        o.push_str(&format!(
            "headline: stage {} ({}), steady state ({} of its {} requests):\n",
            h.index,
            load_label(&h.load),
            h.steady_state.requests,
            h.requests
        ));
    }
    o.push_str(&format!(
        "requests: {} completed, {} failed, {} incomplete{}\n",
        s.requests.completed,
        s.requests.failed,
        s.requests.incomplete,
        if m.run.partial { " (partial run)" } else { "" }
    ));
    if let Some(why) = &m.run.partial_reason {
        o.push_str(&format!("  stopped: {why}\n"));
    }
    let c = s.failure_classes;
    if s.requests.failed > 0 {
        o.push_str(&format!(
            "  failed by class: {} never got an answer (transport), {} http error, {} stream cut, {} stream error, {} empty\n",
            c.transport, c.http, c.stream_cut, c.stream_error, c.empty
        ));
    }
    for f in &s.failure_reasons {
        o.push_str(&format!("  failed: {} × {}\n", f.count, f.reason));
    }
    if s.retried > 0 {
        o.push_str(&format!(
            "  re-sent once on a new connection (pooled connection closed before any response): {}\n",
            s.retried
        ));
    }
    o.push_str(&format!(
        "throughput over {:.2} s: {:.1} output tokens/s, {:.1} total tokens/s, {:.2} requests/s\n",
        s.window_s,
        s.throughput.output_tokens_per_s,
        s.throughput.total_tokens_per_s,
        s.throughput.requests_per_s
    ));
    o.push_str(&format!(
        "{:<12} {:>9} {:>9} {:>9} {:>9} {:>9}\n",
        "latency ms", "mean", "p50", "p90", "p95", "p99"
    ));
    for (name, p) in [
        ("ttft", s.latency_ms.ttft),
        ("itl", s.latency_ms.itl),
        ("tpot", s.latency_ms.tpot),
        ("e2e", s.latency_ms.e2e),
    ] {
        o.push_str(&format!("{name:<12} {}\n", fmt_p(p)));
    }
    if let Some(ms) = &m.multi_stage {
        o.push_str(&render_stages(m, ms));
    }
    o.push_str(&render_engine_time(&m.engine_time));
    if !m.server_metrics.families_found.is_empty() {
        o.push_str(&format!(
            "server metrics: {} samples of {}\n",
            m.server_metrics.samples.len(),
            m.server_metrics.families_found.join(", ")
        ));
    }
    o
}

/// The stage table, the search's answer and the per-load intervals of a multi-stage run.
pub(super) fn render_stages(m: &Measurement, ms: &stages::MultiStage) -> String {
    let pct = Pct(ms.slo.map_or(SloPercentile::P95, |s| s.percentile));
    let mut o = stage_table(m, ms, pct);
    o.push_str(&render_searches(ms, pct.name()));
    if ms.search.is_none() && ms.searches.is_empty() && ms.slo.is_some() {
        o.push_str(&sweep_answer(m, pct.name()));
    }
    if let Some(search) = &ms.search {
        o.push_str(&render_search(search, pct.name()));
    }
    o.push_str(&render_aggregates(&ms.aggregates));
    o
}

/// The percentile the SLOs are judged at (p95 without SLOs), for the stage table's columns.
#[derive(Clone, Copy)]
struct Pct(SloPercentile);

impl Pct {
    fn name(self) -> &'static str {
        match self.0 {
            SloPercentile::P95 => "p95",
            SloPercentile::P99 => "p99",
        }
    }

    fn pick(self, p: benchfit_core::stats::Percentiles) -> f64 {
        match self.0 {
            SloPercentile::P95 => p.p95,
            SloPercentile::P99 => p.p99,
        }
    }
}

/// One row per stage: load, run, counts, throughput, TTFT and TPOT at the percentile, SLO.
fn stage_table(m: &Measurement, ms: &stages::MultiStage, pct: Pct) -> String {
    let name = pct.name();
    let mut o = format!(
        "stages ({}; steady state: {}):\n{:>5} {:<18} {:>4} {:>5} {:>6} {:>9} {:>10} {:>11} {:>11} {:>8}\n",
        ms.kind,
        stages::STEADY_STATE_RULE,
        "stage",
        "load",
        "run",
        "done",
        "failed",
        "req/s",
        "out tok/s",
        format!("ttft {name}"),
        format!("tpot {name}"),
        "slo"
    );
    let ms_or_dash = |v: Option<f64>| v.map_or("–".to_string(), |v| format!("{v:.2}"));
    for st in &m.stages {
        let s = &st.summary;
        o.push_str(&format!(
            "{:>5} {:<18} {:>4} {:>5} {:>6} {:>9.3} {:>10.1} {:>11} {:>11} {:>8}\n",
            st.index,
            load_label(&st.load),
            st.repeat + 1,
            s.requests.completed,
            s.requests.failed,
            s.throughput.requests_per_s,
            s.throughput.output_tokens_per_s,
            ms_or_dash(s.latency_ms.ttft.map(|p| pct.pick(p))),
            ms_or_dash(s.latency_ms.tpot.map(|p| pct.pick(p))),
            match st.slo {
                Some(v) if v.met => "met",
                Some(_) => "missed",
                None => "–",
            }
        ));
    }
    o
}

/// Each of several `--find-max-rate` searches' answer, and the found rate's interval.
fn render_searches(ms: &stages::MultiStage, name: &str) -> String {
    let mut o = String::new();
    for (k, search) in ms.searches.iter().enumerate() {
        o.push_str(&format!(
            "search {}: {} (stopped: {})\n",
            k + 1,
            search
                .max_rate
                .map_or("no probed rate met every SLO".into(), |r| format!(
                    "{r} requests/s met every SLO at {name}, {} missed",
                    search
                        .lowest_missed_rate
                        .map_or("none".into(), |r| r.to_string())
                )),
            search.stopped
        ));
    }
    if let Some(mi) = &ms.max_rate_interval {
        o.push_str(&match (mi.ci95_low, mi.ci95_high) {
            (Some(lo), Some(hi)) => format!(
                "highest rate meeting every SLO at {name}, over {} searches: mean {:.3} requests/s [95 % interval {lo:.3}, {hi:.3}]\n",
                mi.n, mi.mean
            ),
            _ => format!(
                "highest rate meeting every SLO at {name}: {:.3} requests/s (1 search found one)\n",
                mi.mean
            ),
        });
    }
    o
}

/// A sweep's answer as one reads it off the table: the last load met before the first miss.
fn sweep_answer(m: &Measurement, name: &str) -> String {
    let last_met = m
        .stages
        .iter()
        .take_while(|st| st.slo.is_some_and(|v| v.met))
        .last();
    match last_met {
        Some(st) => format!(
            "highest load meeting every SLO at {name} before the first miss: {} (stage {})\n",
            load_label(&st.load),
            st.index
        ),
        None => format!("the first stage already missed an SLO at {name}\n"),
    }
}

/// The one `--find-max-rate` search's answer and why it stopped.
fn render_search(search: &stages::RateSearch, name: &str) -> String {
    let mut o = match search.max_rate {
        Some(r) => format!(
            "highest rate meeting every SLO at {name}: {r} requests/s (stage {}); lowest missed: {}\n",
            search.max_rate_stage.map_or("?".into(), |s| s.to_string()),
            search
                .lowest_missed_rate
                .map_or("none".into(), |r| format!("{r} requests/s"))
        ),
        None => format!("no probed rate met every SLO at {name}\n"),
    };
    o.push_str(&format!("  search stopped: {}\n", search.stopped));
    o
}

/// Each load's metrics over its `--runs`: mean and 95 % interval.
fn render_aggregates(aggregates: &[stages::RunsAggregate]) -> String {
    let mut o = String::new();
    for agg in aggregates {
        o.push_str(&format!(
            "{} over {} runs: mean [95 % interval]\n",
            load_label(&agg.load),
            agg.stages.len()
        ));
        for mi in &agg.metrics {
            match (mi.ci95_low, mi.ci95_high) {
                (Some(lo), Some(hi)) => o.push_str(&format!(
                    "  {:<24} {:>10.3} [{:.3}, {:.3}]\n",
                    mi.metric, mi.mean, lo, hi
                )),
                _ => o.push_str(&format!(
                    "  {:<24} {:>10.3} (n = {})\n",
                    mi.metric, mi.mean, mi.n
                )),
            }
        }
    }
    o
}

/// `v` in ms with two decimals, or a dash.
fn ms_or_dash(v: Option<f64>) -> String {
    v.map_or("–".to_string(), |v| format!("{v:.2}"))
}

/// A count, or a dash.
fn count_or_dash(v: Option<f64>) -> String {
    v.map_or("–".to_string(), |v| format!("{v}"))
}

/// The prefix cache's hit rate and query tokens, or a dash.
fn cache_rate(e: &EngineTime) -> String {
    e.prefix_cache.map_or("–".to_string(), |c| {
        format!("{:.1} % of {}", 100.0 * c.hit_rate, c.query_tokens)
    })
}

/// Where the time went, from the engine's series: one block for a single stage, a table row
/// per stage otherwise; nothing without the section.
pub(super) fn render_engine_time(list: &[EngineTime]) -> String {
    match list {
        [] => String::new(),
        [e] if e.stage.is_none() => engine_time_block(e),
        _ => engine_time_table(list),
    }
}

/// A single stage's engine time, a few lines.
fn engine_time_block(e: &EngineTime) -> String {
    let ms = ms_or_dash;
    let mut o = format!(
        "where the time goes ({} /metrics, read before and after; {} requests the engine finished, {} benchfit completed):\n",
        e.runtime,
        count_or_dash(e.engine_requests),
        e.client_requests
    );
    if let Some(t) = e.ttft {
        o.push_str(&format!(
            "  ttft mean {:.2} ms = queue {} + prefill {} + rest {} ms\n",
            t.measured_ms,
            ms(t.queue_ms),
            ms(t.prefill_ms),
            ms(t.rest_ms)
        ));
    }
    o.push_str(&format!(
        "  engine mean per request, ms: queue {}, prefill {}, decode {}, inference {}\n",
        ms(e.queue_ms),
        ms(e.prefill_ms),
        ms(e.decode_ms),
        ms(e.inference_ms)
    ));
    o.push_str(&format!(
        "  prefix cache: {} prompt tokens hit; preemptions: {}\n",
        cache_rate(e),
        count_or_dash(e.preemptions)
    ));
    for n in &e.notes {
        o.push_str(&format!("  note: {n}\n"));
    }
    o
}

/// Several stages' engine time: a row per stage, each note once (under the first stage that
/// has it).
fn engine_time_table(list: &[EngineTime]) -> String {
    let ms = ms_or_dash;
    let mut o = format!(
        "where the time goes ({} /metrics, ms per request):\n{:>5} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>22} {:>8}\n",
        list.first().map_or("", |e| e.runtime.as_str()),
        "stage",
        "ttft",
        "queue",
        "prefill",
        "rest",
        "decode",
        "infer",
        "prefix cache hit",
        "preempt"
    );
    let mut said: Vec<&str> = Vec::new();
    for e in list {
        let t = e.ttft;
        o.push_str(&format!(
            "{:>5} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>22} {:>8}\n",
            e.stage.map_or("–".to_string(), |s| s.to_string()),
            ms(t.map(|t| t.measured_ms)),
            ms(e.queue_ms),
            ms(e.prefill_ms),
            ms(t.and_then(|t| t.rest_ms)),
            ms(e.decode_ms),
            ms(e.inference_ms),
            cache_rate(e),
            count_or_dash(e.preemptions)
        ));
        // A note said for an earlier stage (llama.cpp's missing series) is not repeated.
        for n in e.notes.iter().filter(|n| !said.contains(&n.as_str())) {
            o.push_str(&format!(
                "  stage {}: {n}\n",
                e.stage.map_or("–".to_string(), |s| s.to_string())
            ));
        }
        said.extend(e.notes.iter().map(String::as_str));
    }
    o
}
