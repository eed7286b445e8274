//! GuideLLM `benchmarks.json`.

use super::*;

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
    let mut missing = Vec::new();
    let dist = |key: &str| {
        metrics
            .get(key)
            .and_then(|m| m.get("successful"))
            .and_then(Value::as_object)
    };
    let lat = |key: &str, name: &str, k: f64, missing: &mut Vec<String>| {
        let Some(d) = dist(key) else {
            missing.push(format!("{name} (no `{key}.successful`)"));
            return None;
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
        scaled(complete(name, num(d.get("mean")), known, missing), k)
    };
    let latency = LatencySummary {
        ttft: lat("time_to_first_token_ms", "ttft", 1.0, &mut missing),
        itl: None,
        tpot: lat("inter_token_latency_ms", "tpot", 1.0, &mut missing),
        e2e: lat("request_latency", "e2e", 1000.0, &mut missing),
    };
    missing.push("itl (GuideLLM reports per-request means, not pooled gaps)".into());
    let totals = b.get("request_totals");
    let completed = count(totals.and_then(|t| t.get("successful"))).unwrap_or(0);
    let failed = count(totals.and_then(|t| t.get("errored"))).unwrap_or(0);
    let incomplete = count(totals.and_then(|t| t.get("incomplete"))).unwrap_or(0);
    let duration = num(b.get("duration")).or_else(|| {
        match (num(b.get("start_time")), num(b.get("end_time"))) {
            (Some(s), Some(e)) if e > s => Some(e - s),
            _ => None,
        }
    });
    let sum_of = |key: &str| num(dist(key).and_then(|d| d.get("total_sum")));
    let out_sum = sum_of("output_token_count");
    let in_sum = sum_of("prompt_token_count");
    let throughput = match (duration, out_sum) {
        (Some(d), Some(out)) if d > 0.0 => ThroughputSummary {
            output_tokens_per_s: out / d,
            total_tokens_per_s: (out + in_sum.unwrap_or(0.0)) / d,
            requests_per_s: completed as f64 / d,
        },
        _ => {
            missing
                .push("throughput (no duration or token totals: the rate means were used)".into());
            let mean = |k: &str| num(dist(k).and_then(|d| d.get("mean"))).unwrap_or(0.0);
            ThroughputSummary {
                output_tokens_per_s: mean("output_tokens_per_second"),
                total_tokens_per_s: mean("tokens_per_second"),
                requests_per_s: mean("requests_per_second"),
            }
        }
    };
    let args = b.get("args").or_else(|| o.get("args"));
    let model = args
        .and_then(|a| a.get("model"))
        .or_else(|| b.get("worker").and_then(|w| w.get("backend_model")))
        .and_then(Value::as_str)
        .map(str::to_string);
    let mut run = run_info("guidellm", None, model);
    if benchmarks.len() > 1 {
        run.notes.push(format!(
            "the file holds {} benchmarks (a sweep); this is the first",
            benchmarks.len()
        ));
    }
    let strategy = args
        .and_then(|a| a.get("strategy"))
        .or_else(|| b.get("scheduler").and_then(|s| s.get("strategy")));
    let stype = strategy
        .and_then(|s| s.get("type_"))
        .and_then(Value::as_str)
        .unwrap_or("");
    run.load = match stype {
        "concurrent" => {
            num(strategy.and_then(|s| s.get("streams"))).map(|c| LoadMode::Concurrency {
                concurrency: to_u32(c),
            })
        }
        "synchronous" => Some(LoadMode::Concurrency { concurrency: 1 }),
        "constant" | "poisson" => {
            num(strategy.and_then(|s| s.get("rate"))).map(|r| LoadMode::Rate {
                requests_per_s: r,
                arrival: stype.into(),
                burstiness: 1.0,
            })
        }
        _ => None,
    };
    let mut requests = Vec::new();
    let successful = b
        .get("requests")
        .and_then(|r| r.get("successful"))
        .and_then(Value::as_array);
    for (i, r) in successful.into_iter().flatten().enumerate() {
        let e2e = num(r.get("request_latency")).map(|s| s * 1000.0);
        requests.push(RequestRecord {
            index: i as u64,
            ttft_ms: num(r.get("time_to_first_token_ms")),
            e2e_ms: e2e,
            output_tokens: to_u32(num(r.get("output_tokens")).unwrap_or(0.0)),
            prompt_tokens: num(r.get("prompt_tokens")).map(to_u32),
            token_source: "usage_final".into(),
            status: RequestStatus::Ok,
            ..RequestRecord::default()
        });
    }
    let summary = Summary {
        throughput,
        latency_ms: latency,
        requests: RequestCounts {
            completed,
            failed,
            incomplete,
        },
        window_s: duration.unwrap_or(0.0),
        output_tokens: out_sum.map(|x| x as u64).unwrap_or(0),
        prompt_tokens: in_sum.map(|x| x as u64).unwrap_or(0),
        ..Summary::default()
    };
    let defs = vec![
        "GuideLLM time_per_output_token_ms includes the first token (E2E / output tokens): not imported as TPOT".into(),
        "GuideLLM inter_token_latency_ms is per request (E2E − TTFT)/(output tokens − 1): imported as benchfit's TPOT".into(),
        "request_latency is in seconds in the file (converted to ms)".into(),
    ];
    let mut m = measurement(tool, run, summary, defs, missing);
    m.requests = requests;
    Ok(m)
}
