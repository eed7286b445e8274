//! Importers for other tools' result files (issue 5).
//!
//! The sample files in tests/data/import/ were written for these tests from each tool's
//! documented output format, with round numbers so the expected values below can be worked out
//! by hand:
//! - `vllm_bench_serve.json`: the `result_json` keys of vLLM `benchmarks/benchmark_serving.py`
//!   / `vllm bench serve --save-result --save-detailed --metric-percentiles 50,90,99
//!   --percentile-metrics ttft,tpot,itl,e2el` (vllm-project/vllm).
//! - `genai_perf_profile_export_genai_perf.json`: the metric objects `{unit, avg, p25…p99, min,
//!   max, std}` of triton-inference-server/perf_analyzer genai-perf's JSON exporter.
//! - `aiperf_profile_export_aiperf.json`: the "Complete File Structure" example of AIPerf's
//!   docs/tutorials/working-with-profile-exports.md (ai-dynamo/aiperf), values as published.
//! - `guidellm_benchmarks.json`: GuideLLM's `GenerativeBenchmark` (`metrics.<name>.successful`
//!   distribution summaries with `percentiles`, `request_totals`), vllm-project/guidellm.
//! - `llmperf_summary.json`: ray-project/llmperf `token_benchmark_ray.py` summary keys
//!   (`results_<metric>_quantiles_pXX`, `_mean`, `_min`, `_max`, seconds).

use benchfit_core::measurement::{
    import, summarize, ImportError, LoadMode, Measurement, RequestRecord, RequestStatus, RunInfo,
    SourceTool,
};
use benchfit_core::stats::Percentiles;

fn sample(name: &str) -> Vec<u8> {
    std::fs::read(format!(
        "{}/tests/data/import/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

#[track_caller]
fn close(a: f64, b: f64) {
    assert!((a - b).abs() < 1e-6 * b.abs().max(1.0), "{a} != {b}");
}

#[track_caller]
fn pct(p: Option<Percentiles>, want: [f64; 5]) {
    let p = p.expect("statistic present");
    for (got, want) in [p.mean, p.p50, p.p90, p.p95, p.p99].into_iter().zip(want) {
        close(got, want);
    }
}

fn tool(m: &Measurement) -> SourceTool {
    m.source.as_ref().unwrap().tool
}

#[test]
fn vllm_bench_serve_summary_and_per_request() {
    let m = import(&sample("vllm_bench_serve.json")).unwrap();
    assert_eq!(tool(&m), SourceTool::VllmBench);
    let s = &m.summary;
    // p95 is not in the file: between p90 = 280 and p99 = 298, 5/9 of the way.
    pct(s.latency_ms.ttft, [200.0, 200.0, 280.0, 290.0, 298.0]);
    pct(s.latency_ms.tpot, [20.0, 20.0, 28.0, 29.0, 29.8]);
    pct(s.latency_ms.itl, [20.0, 20.0, 30.0, 30.0, 30.0]);
    pct(s.latency_ms.e2e, [260.0, 260.0, 356.0, 368.0, 377.6]);
    close(s.throughput.output_tokens_per_s, 6.0);
    close(s.throughput.total_tokens_per_s, 156.0);
    close(s.throughput.requests_per_s, 1.5);
    assert_eq!((s.requests.completed, s.requests.failed), (3, 1));
    assert_eq!(
        m.run.model.as_deref(),
        Some("meta-llama/Llama-3.1-8B-Instruct")
    );
    assert_eq!(m.run.load, Some(LoadMode::Concurrency { concurrency: 2 }));
    assert!(m
        .source
        .as_ref()
        .unwrap()
        .missing
        .iter()
        .any(|x| x.starts_with("ttft.p95")));
    // Per-request: request 0 has TTFT 100 ms and gaps of 10 ms → tokens at 100, 110, 120, 130.
    assert_eq!(m.requests.len(), 4);
    let r0 = &m.requests[0];
    close(r0.ttft_ms.unwrap(), 100.0);
    close(r0.e2e_ms.unwrap(), 130.0);
    assert_eq!(r0.chunks.len(), 4);
    assert_eq!(r0.output_tokens, 4);
    assert_eq!(r0.prompt_tokens, Some(100));
    assert_eq!(m.requests[3].status, RequestStatus::Failed);
    assert_eq!(m.requests[3].error.as_deref(), Some("Bad Request"));
    assert_eq!(s.failure_reasons[0].count, 1);
}

#[test]
fn genai_perf_itl_becomes_tpot() {
    let m = import(&sample("genai_perf_profile_export_genai_perf.json")).unwrap();
    assert_eq!(tool(&m), SourceTool::GenaiPerf);
    let s = &m.summary;
    pct(s.latency_ms.ttft, [100.0, 95.0, 120.0, 130.0, 140.0]);
    pct(s.latency_ms.tpot, [4.0, 4.0, 5.0, 5.5, 6.0]);
    pct(s.latency_ms.e2e, [500.0, 480.0, 600.0, 620.0, 650.0]);
    assert_eq!(s.latency_ms.itl, None);
    close(s.throughput.output_tokens_per_s, 200.0);
    close(s.throughput.total_tokens_per_s, 200.0 + 2.0 * 128.0);
    close(s.throughput.requests_per_s, 2.0);
    assert_eq!(s.requests.completed, 100);
    assert_eq!(m.run.load, Some(LoadMode::Concurrency { concurrency: 1 }));
    let defs = &m.source.as_ref().unwrap().metric_definitions;
    assert!(defs[0].contains("imported as benchfit's TPOT"), "{defs:?}");
}

#[test]
fn aiperf_published_example() {
    let m = import(&sample("aiperf_profile_export_aiperf.json")).unwrap();
    assert_eq!(tool(&m), SourceTool::Aiperf);
    let s = &m.summary;
    // TTFT has avg, p50, p95, min, max: p90 lies between p50 and p95 (0.4/0.45 of the way),
    // p99 between p95 and max (0.8 of the way).
    let (p50, p95, max) = (787.5439584999999, 4051.42644575, 4121.087335);
    pct(
        s.latency_ms.ttft,
        [
            1588.797775365,
            p50,
            p50 + 0.4 / 0.45 * (p95 - p50),
            p95,
            p95 + 0.8 * (max - p95),
        ],
    );
    pct(s.latency_ms.tpot, [51.76, 51.98, 53.18, 54.32, 55.87]);
    close(s.throughput.requests_per_s, 13.16084556379392);
    close(s.throughput.output_tokens_per_s, 1274.63);
    close(
        s.throughput.total_tokens_per_s,
        1274.63 + 13.16084556379392 * 550.0,
    );
    close(s.window_s, 15.196591969000002);
    assert_eq!(s.requests.completed, 200);
    assert_eq!(s.requests.failed, 84); // 81 + 3 from error_summary
    assert_eq!(
        s.failure_reasons[0].reason,
        "http 499 RequestCancellationError"
    );
    assert!(m.run.partial); // was_cancelled
    assert_eq!(m.run.model.as_deref(), Some("openai/gpt-oss-20b"));
    assert_eq!(m.run.load, Some(LoadMode::Concurrency { concurrency: 100 }));
}

#[test]
fn guidellm_first_benchmark() {
    let m = import(&sample("guidellm_benchmarks.json")).unwrap();
    assert_eq!(tool(&m), SourceTool::Guidellm);
    let s = &m.summary;
    pct(s.latency_ms.ttft, [120.0, 110.0, 200.0, 250.0, 290.0]);
    // GuideLLM's inter_token_latency_ms (per request, first token excluded) is benchfit's TPOT.
    pct(s.latency_ms.tpot, [13.8, 13.0, 19.0, 21.0, 23.0]);
    // request_latency is in seconds.
    pct(s.latency_ms.e2e, [1500.0, 1400.0, 2000.0, 2200.0, 2400.0]);
    // 2000 output + 5120 prompt tokens, 20 requests, over 10 s.
    close(s.throughput.output_tokens_per_s, 200.0);
    close(s.throughput.total_tokens_per_s, 712.0);
    close(s.throughput.requests_per_s, 2.0);
    assert_eq!(
        (
            s.requests.completed,
            s.requests.failed,
            s.requests.incomplete
        ),
        (20, 2, 1)
    );
    assert_eq!(m.run.load, Some(LoadMode::Concurrency { concurrency: 4 }));
    assert!(m.run.notes[0].contains("2 benchmarks"));
    assert_eq!(m.requests.len(), 1);
    close(m.requests[0].e2e_ms.unwrap(), 1500.0);
    let defs = &m.source.as_ref().unwrap().metric_definitions;
    assert!(defs[0].contains("includes the first token"));
}

#[test]
fn llmperf_summary_in_seconds() {
    let m = import(&sample("llmperf_summary.json")).unwrap();
    assert_eq!(tool(&m), SourceTool::Llmperf);
    let s = &m.summary;
    pct(s.latency_ms.ttft, [270.0, 250.0, 400.0, 450.0, 600.0]);
    pct(s.latency_ms.e2e, [4100.0, 4000.0, 5000.0, 5500.0, 6000.0]);
    assert_eq!((s.latency_ms.itl, s.latency_ms.tpot), (None, None));
    close(s.throughput.output_tokens_per_s, 300.0);
    close(s.throughput.total_tokens_per_s, 300.0 * 700.0 / 150.0);
    close(s.throughput.requests_per_s, 2.0);
    assert_eq!((s.requests.completed, s.requests.failed), (98, 2));
    assert_eq!(m.run.load, Some(LoadMode::Concurrency { concurrency: 8 }));
}

#[test]
fn benchfit_file_round_trips() {
    let rec = RequestRecord {
        ttft_ms: Some(10.0),
        e2e_ms: Some(30.0),
        output_tokens: 3,
        chunks: vec![
            benchfit_core::measurement::Chunk {
                t_ms: 10.0,
                tokens: 1,
            },
            benchfit_core::measurement::Chunk {
                t_ms: 30.0,
                tokens: 2,
            },
        ],
        ..Default::default()
    };
    let mut m = Measurement::new(RunInfo {
        tool: "benchfit".into(),
        ..Default::default()
    });
    m.summary = summarize(std::slice::from_ref(&rec));
    m.requests = vec![rec];
    let bytes = serde_json::to_vec(&m).unwrap();
    assert_eq!(import(&bytes).unwrap(), m);
    let newer = String::from_utf8(bytes)
        .unwrap()
        .replacen("\"schema\":1", "\"schema\":99", 1);
    let e = import(newer.as_bytes()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "benchfit measurement file: schema 99 is not supported (this version reads schema 1)"
    );
}

#[test]
fn bad_files_give_typed_errors_naming_the_kind() {
    assert_eq!(import(b"  \n"), Err(ImportError::Empty));
    assert!(matches!(
        import(b"ttft,itl\n1,2"),
        Err(ImportError::NotJson { .. })
    ));
    let e = import(b"[1, 2]").unwrap_err();
    assert!(e.to_string().contains("the top level is an array"), "{e}");
    let e = import(br#"{"hello": 1}"#).unwrap_err();
    assert!(e.to_string().contains("top-level keys hello"), "{e}");
    let e = import(br#"{"mean_ttft_ms": 3}"#).unwrap_err();
    assert_eq!(
        e.to_string(),
        "vLLM bench serve result file: no `completed` count"
    );
    let e = import(br#"{"benchmarks": []}"#).unwrap_err();
    assert_eq!(
        e.to_string(),
        "GuideLLM benchmarks file: `benchmarks` is empty"
    );
    let e = import(br#"{"time_to_first_token": {"unit": "tokens", "avg": 1}}"#).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("genai-perf profile export file: `time_to_first_token` has unit"),
        "{e}"
    );
}

/// The page calls the importer on whatever the user drops: no bytes may make it panic.
#[test]
fn no_bytes_panic() {
    let mut inputs: Vec<Vec<u8>> = Vec::new();
    for name in [
        "vllm_bench_serve.json",
        "genai_perf_profile_export_genai_perf.json",
        "aiperf_profile_export_aiperf.json",
        "guidellm_benchmarks.json",
        "llmperf_summary.json",
    ] {
        let b = sample(name);
        // Every prefix (truncated downloads).
        for n in (0..b.len()).step_by(7) {
            inputs.push(b[..n].to_vec());
        }
        // Every number replaced by a string, by a negative, by a huge value, by null.
        let text = String::from_utf8(b.clone()).unwrap();
        for rep in ["\"x\"", "-1e308", "1e308", "null", "[]", "{}"] {
            let mut out = String::new();
            let mut in_num = false;
            for ch in text.chars() {
                let numeric = ch.is_ascii_digit() || ch == '.';
                if numeric && !in_num && out.ends_with([' ', ':', '[', ',']) {
                    out.push_str(rep);
                    in_num = true;
                } else if !(in_num && numeric) {
                    in_num = false;
                    out.push(ch);
                }
            }
            inputs.push(out.into_bytes());
        }
        inputs.push(b);
    }
    // Pseudo-random bytes (xorshift), some of them JSON-ish.
    let alphabet = b"{}[]\":,0123456789.-eE truefalsnul_abc\xff\x00";
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    for len in 0..300 {
        let mut v = Vec::new();
        for _ in 0..len {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            v.push(alphabet[(x % alphabet.len() as u64) as usize]);
        }
        inputs.push(v);
    }
    inputs.push(b"[".repeat(100_000));
    for input in &inputs {
        let _ = import(input);
    }
}
