//! SGLang `python -m sglang.bench_serving --output-file` records (one JSON object a line,
//! appended per run; sgl-project/sglang `python/sglang/bench_serving.py`).
//!
//! The keys are vLLM's with three differences: the end-to-end latency is `*_e2e_latency_ms`
//! (vLLM: `*_e2el_ms`), the total token rate `total_throughput` (vLLM:
//! `total_token_throughput`, absent from older SGLang records, which give `input_throughput`
//! and `output_throughput`), and the record has `backend` and
//! `total_output_tokens_retokenized`. Older releases write only medians for TTFT and ITL (the
//! DataCrunch H200 records of December 2024 hold `median_ttft_ms` and `median_itl_ms`).

use super::vllm::{flat_run, load_mode, rates, FlatRun};
use super::*;

/// Whether `o` is an SGLang bench_serving record.
pub(super) fn detect(o: &Map<String, Value>) -> bool {
    let has = |k: &str| o.contains_key(k);
    has("completed")
        && (has("mean_e2e_latency_ms")
            || has("median_e2e_latency_ms")
            || has("total_output_tokens_retokenized"))
}

pub(super) fn sglang(o: &Map<String, Value>) -> Result<Measurement, ImportError> {
    let tool = SourceTool::SglangBench;
    let numeric =
        |k: &str| k.ends_with("_ms") || k.ends_with("throughput") || k.starts_with("total_");
    let FlatRun {
        latency,
        missing,
        completed,
        duration_s,
    } = flat_run(o, tool, numeric, "e2e_latency")?;
    let throughput = rates(o, completed, duration_s, "total_throughput");
    let mut run = run_info(
        "sglang.bench_serving",
        None,
        str_of(o.get("model_id")).or_else(|| str_of(o.get("model"))),
    );
    run.load = load_mode(o);
    if let Some(b) = str_of(o.get("backend")) {
        run.notes
            .push(format!("SGLang bench_serving backend `{b}`"));
    }
    // The dataset's requested lengths, where the dataset is the random one that uses them.
    if str_of(o.get("dataset_name")).as_deref() == Some("random") {
        if let (Some(i), Some(out)) = (
            num(o.get("random_input_len")),
            num(o.get("random_output_len")),
        ) {
            let ratio = num(o.get("random_range_ratio")).unwrap_or(1.0);
            run.notes.push(format!(
                "random dataset: {i:.0} input / {out:.0} output tokens requested (range ratio {ratio})"
            ));
        }
    }
    let summary = Summary {
        throughput,
        latency_ms: latency,
        requests: RequestCounts {
            completed,
            failed: 0,
            incomplete: 0,
        },
        window_s: duration_s.unwrap_or(0.0),
        output_tokens: count(o.get("total_output_tokens")).unwrap_or(0),
        prompt_tokens: count(o.get("total_input_tokens")).unwrap_or(0),
        samples: SampleCounts {
            ttft: completed,
            itl: 0,
            tpot: completed,
            e2e: completed,
        },
        ..Summary::default()
    };
    Ok(measurement(tool, run, summary, definitions(), missing))
}

/// The Rosetta entries of an SGLang record.
fn definitions() -> Vec<MetricDefinition> {
    vec![
        def("ttft", "ttft", "request sent → first streamed chunk", "same definition", true),
        def("e2e", "e2e_latency", "request sent → last chunk", "same definition", true),
        def("tpot", "tpot", "per request (E2E − TTFT)/(output tokens − 1)", "same formula, SGLang's output count", true),
        def("itl", "itl", "one gap per streamed chunk, pooled", "not converted: per chunk (a chunk of k tokens is one gap, benchfit's k)", false),
        def("throughput", "duration", "tokens of successful requests over the benchmark's duration (first request sent → last response)", "same definition", true),
        def("output_tokens", "total_output_tokens", "SGLang's count: the server's reported completion tokens (`total_output_tokens_retokenized` re-counts the text)", "summary only", false),
    ]
}
