//! GuideLLM `benchmarks.json` (0.3 … 0.8).
//!
//! Layout (GuideLLM 0.8.1, `guidellm/schemas/benchmark/`): `metadata`
//! (`guidellm_version`), `config.spec` (the command's arguments), `benchmarks[]` each with
//! `config` (`strategy`, `backend`), `metrics.<name>.successful` distribution summaries (`mean`,
//! `median`, `count`, `total_sum`, `percentiles.p50…p99`), `metrics.request_totals`, `duration`
//! (s) and `requests.successful[]` (per-request `info.timings`, epoch seconds). Earlier versions
//! kept `request_totals` on the benchmark and the arguments in `args`.
//!
//! Definitions (same source):
//! - `time_to_first_token_ms`: request start → first token iteration.
//! - `inter_token_latency_ms`: per request `(request_latency − TTFT)/(output tokens − 1)`, its
//!   distribution weighted by each request's output tokens − 1 (`count` = Σ(n − 1)).
//! - `time_per_output_token_ms`: per request `request_latency / output tokens`, the first token
//!   included; weighted by output tokens.
//! - output tokens: the server's usage counts where the response has them
//!   (`prefer_response_metrics`), else its own re-tokenised count.

use super::*;

/// The `successful` distribution summary of `metrics.<key>`.
fn dist<'a>(metrics: &'a Map<String, Value>, key: &str) -> Option<&'a Map<String, Value>> {
    metrics
        .get(key)
        .and_then(|m| m.get("successful"))
        .and_then(Value::as_object)
}

/// A latency distribution as percentiles scaled by `k`, and its `count` (0 when absent).
fn lat(
    metrics: &Map<String, Value>,
    key: &str,
    name: &str,
    k: f64,
    missing: &mut Vec<String>,
) -> (Option<Percentiles>, u64) {
    let Some(d) = dist(metrics, key) else {
        missing.push(format!("{name} (no `{key}.successful`)"));
        return (None, 0);
    };
    let pct = d.get("percentiles");
    let mut known: Vec<(f64, f64)> = [
        ("p50", 0.5),
        ("p90", 0.9),
        ("p95", 0.95),
        ("p99", 0.99),
        ("p75", 0.75),
        ("p25", 0.25),
    ]
    .iter()
    .filter_map(|(p, q)| num(pct.and_then(|x| x.get(*p))).map(|v| (*q, v)))
    .collect();
    if !known.iter().any(|(q, _)| *q == 0.5) {
        if let Some(m) = num(d.get("median")) {
            known.push((0.5, m));
        }
    }
    known.extend(num(d.get("min")).map(|v| (0.0, v)));
    known.extend(num(d.get("max")).map(|v| (1.0, v)));
    (
        scaled(complete(name, num(d.get("mean")), known, missing), k),
        count(d.get("count")).unwrap_or(0),
    )
}

/// The definitions and missing statistics, in the order the file's Rosetta lists them.
#[derive(Default)]
struct Found {
    defs: Vec<MetricDefinition>,
    missing: Vec<String>,
}

pub(super) fn guidellm(o: &Map<String, Value>) -> Result<Measurement, ImportError> {
    let tool = SourceTool::Guidellm;
    let benchmarks = o
        .get("benchmarks")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or(&[]);
    let Some(b) = benchmarks.first() else {
        return Err(ImportError::Invalid {
            tool,
            reason: "`benchmarks` is empty".into(),
        });
    };
    let Some(metrics) = b.get("metrics").and_then(Value::as_object) else {
        return Err(ImportError::Invalid {
            tool,
            reason: "benchmarks[0] has no `metrics` object".into(),
        });
    };
    let mut found = Found::default();
    let l = latencies(metrics, &mut found);
    let t = totals(b, metrics, &mut found);
    let run = run(o, b, benchmarks.len());
    let requests = records(b);
    let n_requests = dist(metrics, "output_token_count")
        .and_then(|d| count(d.get("count")))
        .unwrap_or(t.requests.completed);
    let summary = Summary {
        throughput: t.throughput,
        latency_ms: LatencySummary {
            ttft: l.ttft,
            itl: None,
            tpot: l.tpot,
            e2e: l.e2e,
        },
        samples: SampleCounts {
            ttft: l.n_ttft,
            itl: 0,
            // The TPOT distribution's count is Σ(n − 1) over requests; benchfit counts requests.
            tpot: if l.n_tpot_tokens > 0 { n_requests } else { 0 },
            e2e: l.n_e2e,
        },
        requests: t.requests,
        window_s: t.duration.unwrap_or(0.0),
        output_tokens: t.out_sum.map(|x| x as u64).unwrap_or(0),
        prompt_tokens: t.in_sum.map(|x| x as u64).unwrap_or(0),
        ..Summary::default()
    };
    let mut m = measurement(tool, run, summary, found.defs, found.missing);
    m.requests = requests;
    Ok(m)
}

/// TTFT, TPOT and E2E with their sample counts.
struct Latencies {
    ttft: Option<Percentiles>,
    n_ttft: u64,
    tpot: Option<Percentiles>,
    /// The TPOT distribution's count: Σ(output tokens − 1).
    n_tpot_tokens: u64,
    e2e: Option<Percentiles>,
    n_e2e: u64,
}

/// The latencies and their definitions (GuideLLM's TPOT is token-weighted; its
/// `time_per_output_token_ms` includes the first token and is not imported).
fn latencies(metrics: &Map<String, Value>, found: &mut Found) -> Latencies {
    let (defs, missing) = (&mut found.defs, &mut found.missing);
    let (ttft, n_ttft) = lat(metrics, "time_to_first_token_ms", "ttft", 1.0, missing);
    let (tpot, n_tpot_tokens) = lat(metrics, "inter_token_latency_ms", "tpot", 1.0, missing);
    let (e2e, n_e2e) = lat(metrics, "request_latency", "e2e", 1000.0, missing);
    missing.push("itl (GuideLLM reports per-request means, not pooled gaps)".into());
    defs.push(def(
        "ttft",
        "time_to_first_token_ms",
        "request start → first token",
        "same definition",
        true,
    ));
    defs.push(def(
        "e2e",
        "request_latency",
        "request start → end, in seconds",
        "× 1000 (s → ms)",
        true,
    ));
    let out_counts = dist(metrics, "output_token_count");
    let same_n = out_counts.and_then(|d| match (num(d.get("min")), num(d.get("max"))) {
        (Some(a), Some(b)) if a == b => Some(a),
        _ => None,
    });
    defs.push(def(
        "tpot",
        "inter_token_latency_ms",
        "per request (request_latency − TTFT)/(output tokens − 1), its distribution weighted by each request's output tokens − 1",
        &match same_n {
            Some(n) => format!("imported as benchfit's TPOT: every request has {n} output tokens, so the weights are equal and the mean is benchfit's; the percentiles are over the {n_tpot_tokens} weighted samples"),
            None => "imported as benchfit's TPOT; the statistics weight long requests more (benchfit weights every request once), so they lean toward long requests".into(),
        },
        same_n.is_some(),
    ));
    defs.push(def(
        "tpot",
        "time_per_output_token_ms",
        "per request request_latency / output tokens, the first token included",
        "not imported (benchfit's TPOT excludes the first token)",
        false,
    ));
    Latencies {
        ttft,
        n_ttft,
        tpot,
        n_tpot_tokens,
        e2e,
        n_e2e,
    }
}

/// Request counts, the window, token totals and throughput.
struct Totals {
    requests: RequestCounts,
    duration: Option<f64>,
    out_sum: Option<f64>,
    in_sum: Option<f64>,
    throughput: ThroughputSummary,
}

/// Totals (GuideLLM 0.8 keeps them in `metrics.request_totals`, earlier versions on the
/// benchmark), the throughput over the benchmark's duration, and which output count it used.
fn totals(b: &Value, metrics: &Map<String, Value>, found: &mut Found) -> Totals {
    let (defs, missing) = (&mut found.defs, &mut found.missing);
    let totals = metrics
        .get("request_totals")
        .filter(|t| t.is_object())
        .or_else(|| b.get("request_totals"));
    if totals.is_none() {
        missing.push("requests (no `request_totals`)".into());
    }
    let completed = count(totals.and_then(|t| t.get("successful"))).unwrap_or(0);
    let failed = count(totals.and_then(|t| t.get("errored"))).unwrap_or(0);
    let incomplete = count(totals.and_then(|t| t.get("incomplete"))).unwrap_or(0);
    let duration = num(b.get("duration")).or_else(|| {
        match (num(b.get("start_time")), num(b.get("end_time"))) {
            (Some(s), Some(e)) if e > s => Some(e - s),
            _ => None,
        }
    });
    let sum_of = |key: &str| num(dist(metrics, key).and_then(|d| d.get("total_sum")));
    let out_sum = sum_of("output_token_count");
    let in_sum = sum_of("prompt_token_count");
    let throughput = match (duration, out_sum) {
        (Some(d), Some(out)) if d > 0.0 => {
            defs.push(def(
                "throughput",
                "output_token_count.total_sum / duration",
                "tokens of successful requests over the benchmark's duration (first request start → last request end); GuideLLM 0.8's output_tokens_per_second.mean is the same number",
                &format!("same definition: {out} tokens / {d} s"),
                true,
            ));
            ThroughputSummary {
                output_tokens_per_s: out / d,
                total_tokens_per_s: (out + in_sum.unwrap_or(0.0)) / d,
                requests_per_s: completed as f64 / d,
            }
        }
        _ => {
            missing
                .push("throughput (no duration or token totals: the rate means were used)".into());
            let mean = |k: &str| num(dist(metrics, k).and_then(|d| d.get("mean"))).unwrap_or(0.0);
            ThroughputSummary {
                output_tokens_per_s: mean("output_tokens_per_second"),
                total_tokens_per_s: mean("tokens_per_second"),
                requests_per_s: mean("requests_per_second"),
            }
        }
    };
    let prefer_server = b
        .get("config")
        .and_then(|c| c.get("prefer_response_metrics"))
        .and_then(Value::as_bool);
    defs.push(def(
        "output_tokens",
        "output_token_count",
        "the server's usage counts where the response carries them (prefer_response_metrics), else GuideLLM's re-tokenised count",
        match prefer_server {
            Some(true) => "same definition (prefer_response_metrics is on)",
            Some(false) => "re-tokenised (prefer_response_metrics is off): can differ from the server's by a few percent",
            None => "the file does not say which count was used",
        },
        prefer_server == Some(true),
    ));
    Totals {
        requests: RequestCounts {
            completed,
            failed,
            incomplete,
        },
        duration,
        out_sum,
        in_sum,
        throughput,
    }
}

/// The run: version, model, backend, load (the strategy) and times of the first benchmark of
/// `n`.
fn run(o: &Map<String, Value>, b: &Value, n: usize) -> RunInfo {
    let args = b.get("args").or_else(|| o.get("args"));
    let spec = o.get("config").and_then(|c| c.get("spec"));
    let backend = b
        .get("config")
        .and_then(|c| c.get("backend"))
        .or_else(|| spec.and_then(|s| s.get("backend")));
    let model = backend
        .and_then(|x| x.get("model"))
        .or_else(|| args.and_then(|a| a.get("model")))
        .or_else(|| b.get("worker").and_then(|w| w.get("backend_model")))
        .and_then(Value::as_str)
        .map(str::to_string);
    let version = o
        .get("metadata")
        .and_then(|m| m.get("guidellm_version"))
        .and_then(Value::as_str)
        .map(str::to_string);
    let mut run = run_info("guidellm", version, model);
    run.endpoint = backend
        .and_then(|x| x.get("target"))
        .and_then(Value::as_str)
        .map(str::to_string);
    run.api = backend
        .and_then(|x| x.get("request_format"))
        .and_then(Value::as_str)
        .map(str::to_string);
    if n > 1 {
        run.notes.push(format!(
            "the file holds {n} benchmarks (a sweep); this is the first"
        ));
    }
    let strategy = b
        .get("config")
        .and_then(|c| c.get("strategy"))
        .or_else(|| args.and_then(|a| a.get("strategy")))
        .or_else(|| b.get("scheduler").and_then(|s| s.get("strategy")));
    run.load = load(strategy);
    run.started_at = epoch(num(b.get("start_time")));
    run.ended_at = epoch(num(b.get("end_time")));
    run
}

/// The load of a strategy (`concurrent`, `synchronous`, `constant`, `poisson`).
fn load(strategy: Option<&Value>) -> Option<LoadMode> {
    let stype = strategy
        .and_then(|s| s.get("type_"))
        .and_then(Value::as_str)
        .unwrap_or("");
    match stype {
        "concurrent" => num(strategy.and_then(|s| s.get("streams")))
            .or_else(|| num(strategy.and_then(|s| s.get("max_concurrency"))))
            .map(|c| LoadMode::Concurrency {
                concurrency: to_u32(c),
            }),
        "synchronous" => Some(LoadMode::Concurrency { concurrency: 1 }),
        "constant" | "poisson" => {
            num(strategy.and_then(|s| s.get("rate"))).map(|r| LoadMode::Rate {
                requests_per_s: r,
                arrival: stype.into(),
                burstiness: 1.0,
            })
        }
        _ => None,
    }
}

/// Epoch seconds as an RFC 3339 UTC time (whole seconds).
fn epoch(x: Option<f64>) -> Option<String> {
    let t = x?;
    let secs = t.floor() as i64;
    let (d, s) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let (y, m, day) = civil_from_days(d);
    Some(format!(
        "{y:04}-{m:02}-{day:02}T{:02}:{:02}:{:02}Z",
        s / 3600,
        s / 60 % 60,
        s % 60
    ))
}

/// The first benchmark's successful requests, one record each.
fn records(b: &Value) -> Vec<RequestRecord> {
    let successful = b
        .get("requests")
        .and_then(|r| r.get("successful"))
        .and_then(Value::as_array);
    successful
        .into_iter()
        .flatten()
        .enumerate()
        .map(|(i, r)| {
            let timings = r.get("info").and_then(|x| x.get("timings"));
            let at = |k: &str| num(timings.and_then(|t| t.get(k)));
            let start = at("request_start");
            let since = |k: &str| Some((at(k)? - start?) * 1000.0);
            let ttft =
                num(r.get("time_to_first_token_ms")).or_else(|| since("first_token_iteration"));
            let e2e = num(r.get("request_latency"))
                .map(|s| s * 1000.0)
                .or_else(|| since("request_end"));
            let out = num(r.get("output_tokens"))
                .or_else(|| num(r.get("output_metrics").and_then(|m| m.get("total_tokens"))));
            let prompt = num(r.get("prompt_tokens"))
                .or_else(|| num(r.get("input_metrics").and_then(|m| m.get("total_tokens"))));
            RequestRecord {
                index: i as u64,
                ttft_ms: ttft,
                e2e_ms: e2e,
                output_tokens: to_u32(out.unwrap_or(0.0)),
                prompt_tokens: prompt.map(to_u32),
                token_source: "usage_final".into(),
                status: RequestStatus::Ok,
                ..RequestRecord::default()
            }
        })
        .collect()
}
