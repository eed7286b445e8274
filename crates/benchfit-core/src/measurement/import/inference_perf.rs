//! inference-perf (kubernetes-sigs/inference-perf) `summary_lifecycle_metrics.json` and
//! `stage_N_lifecycle_metrics.json`.
//!
//! Layout (inference-perf 0.7.0, `inference_perf/reportgen/base.py`, `summarize_requests`):
//! `benchmark_time_seconds`, `load_summary` (`count`, `schedule_delay`), `successes` (`count`,
//! `latency.<metric>` with `mean`, `min`, `max`, `median`, `p0.1 … p99.9` in seconds,
//! `throughput` per second, `prompt_tokens`, `output_len` (re-tokenised), `output_tokens` (the
//! server's usage)), `failures` (`count`, `by_label.<label>.count`). Stage files add `stage_info`.
//!
//! Definitions (`compute_request_latency_metrics`):
//! - `time_to_first_token`: request start → first streamed token (s).
//! - `time_per_output_token`: per request (last token − first token)/(output tokens − 1), output
//!   tokens being the client's re-tokenised count unless `use_server_output_tokens`.
//! - `normalized_time_per_output_token`: request latency / output tokens (first token included).
//! - `inter_token_latency`: pooled per-token gaps, the text of each chunk re-tokenised and every
//!   token of a chunk stamped with the chunk's arrival (so a chunk of k tokens is one gap and
//!   k − 1 zeros; benchfit splits the gap evenly).
//! - throughput: tokens of successful requests / `benchmark_time_seconds` (first request start
//!   → last request end, failures included).

use super::*;

/// Whether `o` looks like an inference-perf lifecycle report.
pub(super) fn detect(o: &Map<String, Value>) -> bool {
    o.contains_key("benchmark_time_seconds")
        || (o.get("successes").is_some_and(Value::is_object)
            && o.get("failures").is_some_and(Value::is_object))
}

/// The definitions and missing statistics, in the order the file's Rosetta lists them.
#[derive(Default)]
struct Found {
    defs: Vec<MetricDefinition>,
    missing: Vec<String>,
}

/// `successes.latency.<key>` (seconds) as percentiles scaled by `k`.
fn stat(
    latency: Option<&Value>,
    key: &str,
    name: &str,
    k: f64,
    missing: &mut Vec<String>,
) -> Option<Percentiles> {
    let Some(d) = latency.and_then(|l| l.get(key)).filter(|d| d.is_object()) else {
        missing.push(format!("{name} (no `successes.latency.{key}`)"));
        return None;
    };
    let known = d
        .as_object()
        .into_iter()
        .flatten()
        .filter_map(|(k, v)| {
            let q = match k.as_str() {
                "median" => 0.5,
                "min" => 0.0,
                "max" => 1.0,
                _ => k.strip_prefix('p')?.parse::<f64>().ok()? / 100.0,
            };
            (0.0..=1.0).contains(&q).then_some((q, num(Some(v))?))
        })
        .collect();
    scaled(complete(name, num(d.get("mean")), known, missing), k)
}

/// `successes.<k>.<f>`.
fn tok(succ: &Map<String, Value>, k: &str, f: &str) -> Option<f64> {
    num(succ.get(k).and_then(|x| x.get(f)))
}

pub(super) fn inference_perf(o: &Map<String, Value>) -> Result<Measurement, ImportError> {
    let tool = SourceTool::InferencePerf;
    let Some(succ) = o.get("successes").and_then(Value::as_object) else {
        return Err(ImportError::Invalid {
            tool,
            reason: "no `successes` object".into(),
        });
    };
    let mut found = Found::default();
    let l = latencies(succ, &mut found);
    let completed = count(succ.get("count")).unwrap_or(0);
    let window = num(o.get("benchmark_time_seconds")).unwrap_or(0.0);
    let t = throughput(succ, completed, window, &mut found);
    let (failed, failure_reasons) = failures(o);
    let run = run(o, &mut found.missing);
    found
        .missing
        .push("version, model (not in the report file; see its config.yaml)".into());
    found
        .missing
        .push("samples.itl (the file does not count the pooled gaps)".into());
    let summary = Summary {
        throughput: t.summary,
        latency_ms: LatencySummary {
            ttft: l.ttft,
            itl: l.itl,
            tpot: l.tpot,
            e2e: l.e2e,
        },
        samples: SampleCounts {
            ttft: completed,
            itl: 0,
            tpot: completed,
            e2e: completed,
        },
        requests: RequestCounts {
            completed,
            failed,
            incomplete: 0,
        },
        failure_reasons,
        window_s: window,
        output_tokens: t.output_tokens.max(0.0).round() as u64,
        prompt_tokens: t.prompt_tokens.max(0.0).round() as u64,
        ..Summary::default()
    };
    Ok(measurement(tool, run, summary, found.defs, found.missing))
}

/// The four latencies, ms.
struct Latencies {
    ttft: Option<Percentiles>,
    e2e: Option<Percentiles>,
    tpot: Option<Percentiles>,
    itl: Option<Percentiles>,
}

/// TTFT and E2E (s → ms); TPOT converted to the server's count where every request has one
/// re-tokenised and one server count, else as the tool reports it (marked ≠); the tool's ITL
/// (marked ≠).
fn latencies(succ: &Map<String, Value>, found: &mut Found) -> Latencies {
    let (defs, missing) = (&mut found.defs, &mut found.missing);
    let latency = succ.get("latency");
    let ttft = stat(latency, "time_to_first_token", "ttft", 1000.0, missing);
    let e2e = stat(latency, "request_latency", "e2e", 1000.0, missing);
    let tool_tpot = stat(latency, "time_per_output_token", "tpot", 1000.0, missing);
    let tool_itl = stat(latency, "inter_token_latency", "itl", 1000.0, missing);
    defs.push(def(
        "ttft",
        "time_to_first_token",
        "request start → first streamed token, in seconds",
        "× 1000 (s → ms)",
        true,
    ));
    defs.push(def(
        "e2e",
        "request_latency",
        "request start → end, in seconds",
        "× 1000 (s → ms)",
        true,
    ));

    let tpot = tpot(succ, tool_tpot, defs);
    if tool_itl.is_some() {
        defs.push(def(
            "itl",
            "inter_token_latency",
            "pooled per-token gaps; each chunk's text re-tokenised, every token of a chunk stamped with the chunk's arrival (a chunk of k tokens: one gap and k − 1 zeros)",
            "not converted: benchfit splits a chunk's gap evenly over its tokens and counts the server's tokens, so the percentiles differ (more zeros here whenever re-tokenising splits a chunk)",
            false,
        ));
    }
    defs.push(def(
        "tpot",
        "normalized_time_per_output_token",
        "request latency / output tokens (the first token included)",
        "not imported",
        false,
    ));
    Latencies {
        ttft,
        e2e,
        tpot,
        itl: tool_itl,
    }
}

/// TPOT: the tool divides by its re-tokenised count. Converted exactly where every request has
/// one re-tokenised count and one server count; otherwise imported as is, and said so.
fn tpot(
    succ: &Map<String, Value>,
    tool_tpot: Option<Percentiles>,
    defs: &mut Vec<MetricDefinition>,
) -> Option<Percentiles> {
    let server_out_total = tok(succ, "output_tokens", "total");
    let (server_min, server_max) = (
        tok(succ, "output_tokens", "min"),
        tok(succ, "output_tokens", "max"),
    );
    let client_mean = tok(succ, "output_len", "mean");
    let (client_min, client_max) = (
        tok(succ, "output_len", "min"),
        tok(succ, "output_len", "max"),
    );
    match (tool_tpot, client_min, client_max, server_min, server_max) {
        (Some(p), Some(cmin), Some(cmax), Some(smin), Some(smax))
            if cmin == cmax && smin == smax && smin >= 2.0 && cmin >= 2.0 =>
        {
            let k = (cmin - 1.0) / (smin - 1.0);
            defs.push(def(
                "tpot",
                "time_per_output_token",
                "per request (last token − first token)/(re-tokenised output tokens − 1)",
                &format!("× ({cmin} − 1)/({smin} − 1): every request has {cmin} re-tokenised and {smin} server tokens, so this gives benchfit's TPOT exactly"),
                true,
            ));
            scaled(Some(p), k)
        }
        (Some(p), ..) => {
            let conv = match (client_mean, server_out_total.zip(count(succ.get("count")))) {
                (Some(c), Some((total, n))) if n > 0 && c > 1.0 => {
                    let s = total / n as f64;
                    format!(
                        "not converted (the per-request counts vary): the tool divides by its re-tokenised count ({c:.4} per request on average, the server's {s:.4}), so its TPOT is about {:.1}% lower than benchfit's",
                        100.0 * (1.0 - (s - 1.0) / (c - 1.0))
                    )
                }
                _ => "not converted: the tool divides by its own re-tokenised count, which can differ from the server's".into(),
            };
            defs.push(def(
                "tpot",
                "time_per_output_token",
                "per request (last token − first token)/(re-tokenised output tokens − 1)",
                &conv,
                false,
            ));
            Some(p)
        }
        _ => None,
    }
}

/// The throughput and the token totals.
struct Throughput {
    summary: ThroughputSummary,
    output_tokens: f64,
    prompt_tokens: f64,
}

/// Throughput over `benchmark_time_seconds`; the tool's token rates use re-tokenised output
/// counts, recomputed here from the server's totals where the file has them.
fn throughput(
    succ: &Map<String, Value>,
    completed: u64,
    window: f64,
    found: &mut Found,
) -> Throughput {
    let server_out_total = tok(succ, "output_tokens", "total");
    let fallbacks = count(
        succ.get("client_fallback_requests")
            .and_then(|c| c.get("output")),
    );
    let server_counts = server_out_total.is_some() && fallbacks.unwrap_or(0) == 0;
    let thr = |k: &str| num(succ.get("throughput").and_then(|t| t.get(k)));
    let prompt_total = tok(succ, "prompt_tokens", "total");
    let requests_per_s = thr("requests_per_sec").unwrap_or(if window > 0.0 {
        completed as f64 / window
    } else {
        0.0
    });
    let (output_tokens_per_s, total_tokens_per_s, output_tokens) = match (
        server_out_total,
        window > 0.0,
    ) {
        (Some(out), true) => {
            let inp = prompt_total.unwrap_or(0.0);
            found.defs.push(def(
                    "throughput",
                    "successes.output_tokens.total / benchmark_time_seconds",
                    "the tool's output_tokens_per_sec divides its re-tokenised counts by benchmark_time_seconds (first request start → last request end, failures included)",
                    &format!(
                        "recomputed from the server's usage counts: {out} / {window} s{}",
                        if server_counts { "" } else { " (some requests had no server count: the tool substituted its own)" }
                    ),
                    server_counts,
                ));
            (out / window, (out + inp) / window, out)
        }
        _ => {
            found.defs.push(def(
                "throughput",
                "successes.throughput.output_tokens_per_sec",
                "re-tokenised output tokens / benchmark_time_seconds",
                "not converted: the file has no server counts",
                false,
            ));
            let out = tok(succ, "output_len", "mean").unwrap_or(0.0) * completed as f64;
            (
                thr("output_tokens_per_sec").unwrap_or(0.0),
                thr("total_tokens_per_sec").unwrap_or(0.0),
                out,
            )
        }
    };
    Throughput {
        summary: ThroughputSummary {
            output_tokens_per_s,
            total_tokens_per_s,
            requests_per_s,
        },
        output_tokens,
        prompt_tokens: prompt_total.unwrap_or(0.0),
    }
}

/// Failed requests and the failures by label.
fn failures(o: &Map<String, Value>) -> (u64, Vec<FailureReason>) {
    let failures = o.get("failures");
    let failed = count(failures.and_then(|f| f.get("count"))).unwrap_or(0);
    let failure_reasons = failures
        .and_then(|f| f.get("by_label"))
        .and_then(Value::as_object)
        .map(|m| {
            m.iter()
                .filter_map(|(label, v)| {
                    Some(FailureReason {
                        reason: label.clone(),
                        count: count(v.get("count"))?,
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    (failed, failure_reasons)
}

/// The run: the load from a stage file's `stage_info` (the summary file does not state it).
fn run(o: &Map<String, Value>, missing: &mut Vec<String>) -> RunInfo {
    let mut run = run_info("inference-perf", None, None);
    let stage = o.get("stage_info");
    let conc = stage
        .and_then(|s| s.get("concurrency_level").or_else(|| s.get("concurrency")))
        .and_then(|c| num(Some(c)));
    let rate = stage.and_then(|s| num(s.get("rate")));
    run.load = match (conc, rate) {
        (Some(c), _) => Some(LoadMode::Concurrency {
            concurrency: to_u32(c),
        }),
        (None, Some(r)) if r > 0.0 => Some(LoadMode::Rate {
            requests_per_s: r,
            arrival: "constant".into(),
            burstiness: 1.0,
        }),
        _ => {
            missing.push(
                "load (the summary file does not state it; its stage files and config.yaml do)"
                    .into(),
            );
            None
        }
    };
    run
}
