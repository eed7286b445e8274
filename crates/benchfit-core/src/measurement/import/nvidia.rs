//! NVIDIA genai-perf `profile_export_genai_perf.json` and AIPerf `profile_export_aiperf.json`.

use super::*;

pub(super) fn unit_to_ms(unit: &str) -> Option<f64> {
    match unit.trim().to_ascii_lowercase().as_str() {
        "ms" | "milliseconds" => Some(1.0),
        "ns" | "nanoseconds" => Some(1e-6),
        "us" | "µs" | "microseconds" => Some(1e-3),
        "s" | "sec" | "seconds" => Some(1000.0),
        _ => None,
    }
}

pub(super) fn nvidia(o: &Map<String, Value>, tool: SourceTool) -> Result<Measurement, ImportError> {
    let mut missing = Vec::new();
    // Some AIPerf versions nest the metrics under `records`.
    let metrics = o.get("records").and_then(Value::as_object).unwrap_or(o);
    let lat = |key: &str,
               name: &str,
               missing: &mut Vec<String>|
     -> Result<Option<Percentiles>, ImportError> {
        let Some(m) = metrics.get(key).and_then(Value::as_object) else {
            missing.push(format!("{name} (no `{key}`)"));
            return Ok(None);
        };
        let unit = m.get("unit").and_then(Value::as_str).unwrap_or("ms");
        let k = unit_to_ms(unit).ok_or_else(|| ImportError::Invalid {
            tool,
            reason: format!("`{key}` has unit {unit:?}, not a time unit"),
        })?;
        let known = [
            ("p50", 0.5),
            ("p90", 0.9),
            ("p95", 0.95),
            ("p99", 0.99),
            ("p75", 0.75),
            ("p25", 0.25),
        ]
        .iter()
        .filter_map(|(p, q)| num(m.get(*p)).map(|v| (*q, v)))
        .chain(num(m.get("min")).map(|v| (0.0, v)))
        .chain(num(m.get("max")).map(|v| (1.0, v)))
        .collect();
        Ok(scaled(complete(name, num(m.get("avg")), known, missing), k))
    };
    let avg = |key: &str| num(metrics.get(key).and_then(|m| m.get("avg")));
    let latency = LatencySummary {
        ttft: lat("time_to_first_token", "ttft", &mut missing)?,
        itl: None,
        tpot: lat("inter_token_latency", "tpot", &mut missing)?,
        e2e: lat("request_latency", "e2e", &mut missing)?,
    };
    missing.push("itl (the tool reports no pooled inter-token gaps)".into());
    let requests_per_s = avg("request_throughput").unwrap_or(0.0);
    let output_tokens_per_s = avg("output_token_throughput").unwrap_or(0.0);
    let isl = avg("input_sequence_length");
    let total_tokens_per_s = match isl {
        Some(isl) => output_tokens_per_s + requests_per_s * isl,
        None => {
            missing.push("throughput.total_tokens_per_s (no input_sequence_length)".into());
            output_tokens_per_s
        }
    };
    let errors = count(o.get("error_request_count")).or_else(|| {
        o.get("error_summary").and_then(Value::as_array).map(|a| {
            a.iter()
                .filter_map(|e| count(e.get("count")))
                .fold(0u64, u64::saturating_add)
        })
    });
    let completed = avg("request_count").map(|c| to_u32(c) as u64).unwrap_or(0);
    let failure_reasons = o
        .get("error_summary")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(|e| {
                    let d = e.get("error_details")?;
                    let reason = match (num(d.get("code")), d.get("type").and_then(Value::as_str)) {
                        (Some(c), Some(t)) => format!("http {c} {t}"),
                        (Some(c), None) => format!("http {c}"),
                        (None, Some(t)) => t.to_string(),
                        (None, None) => "unknown".into(),
                    };
                    Some(FailureReason {
                        reason,
                        count: count(e.get("count"))?,
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    let cfg = o.get("input_config");
    let model = cfg
        .and_then(|c| {
            c.get("endpoint")
                .and_then(|e| e.get("model_names"))
                .or_else(|| c.get("model_names"))
        })
        .and_then(|m| m.get(0))
        .and_then(Value::as_str)
        .map(str::to_string);
    let name = if tool == SourceTool::Aiperf {
        "aiperf"
    } else {
        "genai-perf"
    };
    let mut run = run_info(name, str_of(o.get("aiperf_version")), model);
    run.started_at = str_of(o.get("start_time"));
    run.ended_at = str_of(o.get("end_time"));
    run.partial = o
        .get("was_cancelled")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    let conc = cfg.and_then(|c| {
        c.get("loadgen")
            .and_then(|l| l.get("concurrency"))
            .or_else(|| c.get("concurrency"))
    });
    run.load = num(conc).map(|c| LoadMode::Concurrency {
        concurrency: to_u32(c),
    });
    let window_s = num(metrics.get("benchmark_duration").and_then(|m| m.get("avg"))).unwrap_or(0.0);
    let summary = Summary {
        throughput: ThroughputSummary {
            output_tokens_per_s,
            total_tokens_per_s,
            requests_per_s,
        },
        latency_ms: latency,
        requests: RequestCounts {
            completed,
            failed: errors.unwrap_or(0),
            incomplete: 0,
        },
        failure_reasons,
        window_s,
        output_tokens: avg("total_osl").map(|x| x as u64).unwrap_or(0),
        prompt_tokens: avg("total_isl").map(|x| x as u64).unwrap_or(0),
        ..Summary::default()
    };
    let defs = vec![
        format!("{name} inter_token_latency is per request (E2E − TTFT)/(output tokens − 1): imported as benchfit's TPOT"),
        "TTFT: request sent → first response chunk with content".into(),
        "total_tokens_per_s derived: output tokens/s + requests/s × mean input sequence length".into(),
    ];
    Ok(measurement(tool, run, summary, defs, missing))
}
