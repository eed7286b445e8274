//! Ray llmperf `*_summary.json`.

use super::*;

pub(super) fn llmperf(o: &Map<String, Value>) -> Result<Measurement, ImportError> {
    let tool = SourceTool::Llmperf;
    let mut missing = Vec::new();
    let lat = |metric: &str, name: &str, missing: &mut Vec<String>| {
        let prefix = format!("results_{metric}_quantiles_p");
        let known = o
            .iter()
            .filter_map(|(k, v)| {
                let p = k.strip_prefix(&prefix)?.parse::<f64>().ok()?;
                Some((p / 100.0, num(Some(v))?))
            })
            .chain(num(o.get(&format!("results_{metric}_min"))).map(|v| (0.0, v)))
            .chain(num(o.get(&format!("results_{metric}_max"))).map(|v| (1.0, v)))
            .collect();
        scaled(
            complete(
                name,
                num(o.get(&format!("results_{metric}_mean"))),
                known,
                missing,
            ),
            1000.0,
        )
    };
    let latency = LatencySummary {
        ttft: lat("ttft_s", "ttft", &mut missing),
        itl: None,
        tpot: None,
        e2e: lat("end_to_end_latency_s", "e2e", &mut missing),
    };
    missing.push("itl, tpot (llmperf's inter_token_latency_s is E2E / output tokens, TTFT included; not converted)".into());
    let completed =
        count(o.get("results_num_completed_requests")).ok_or_else(|| ImportError::Invalid {
            tool,
            reason: "no `results_num_completed_requests`".into(),
        })?;
    let failed = count(o.get("results_number_errors")).unwrap_or(0);
    let out_tps = num(o.get("results_mean_output_throughput_token_per_s")).unwrap_or(0.0);
    let mean_in =
        num(o.get("results_number_input_tokens_mean")).or_else(|| num(o.get("mean_input_tokens")));
    let mean_out = num(o.get("results_number_output_tokens_mean"))
        .or_else(|| num(o.get("mean_output_tokens")));
    let total_tps = match (mean_in, mean_out) {
        (Some(i), Some(out)) if out > 0.0 => out_tps * (i + out) / out,
        _ => {
            missing.push("throughput.total_tokens_per_s (no mean token counts)".into());
            out_tps
        }
    };
    let mut run = run_info("llmperf", str_of(o.get("version")), str_of(o.get("model")));
    run.load = num(o.get("num_concurrent_requests")).map(|c| LoadMode::Concurrency {
        concurrency: to_u32(c),
    });
    let summary = Summary {
        throughput: ThroughputSummary {
            output_tokens_per_s: out_tps,
            total_tokens_per_s: total_tps,
            requests_per_s: num(o.get("results_num_completed_requests_per_min"))
                .map_or(0.0, |x| x / 60.0),
        },
        latency_ms: latency,
        requests: RequestCounts {
            completed,
            failed,
            incomplete: 0,
        },
        ..Summary::default()
    };
    let defs = vec![
        def("ttft", "results_ttft_s", "request sent → first streamed chunk, in seconds", "× 1000 (s → ms)", true),
        def("e2e", "results_end_to_end_latency_s", "request sent → last chunk, in seconds", "× 1000 (s → ms)", true),
        def("tpot", "results_inter_token_latency_s", "E2E / output tokens (the first token included)", "not imported (benchfit's TPOT excludes the first token)", false),
        def("output_tokens", "results_number_output_tokens", "output text re-tokenised client-side with a Llama tokenizer, not the server's usage", "not converted: can differ from the server's count", false),
        def("throughput", "results_mean_output_throughput_token_per_s", "mean over requests of each request's output tokens / E2E", "not converted: a per-request mean, not total tokens / window; total_tokens_per_s derived as output tokens/s × (mean input + mean output) / mean output", false),
    ];
    Ok(measurement(tool, run, summary, defs, missing))
}
