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

use benchfit_core::measurement::import::MetricDefinition;
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
    // genai-perf divides by its re-tokenised count: imported as TPOT and flagged as different.
    let d = defn(&m, "tpot", "inter_token_latency");
    assert!(!d.same_as_benchfit);
    assert!(d.conversion.contains("re-tokenised"), "{}", d.conversion);
    // No duration in the file: the window is request_count / request_throughput = 100 / 2.
    close(s.window_s, 50.0);
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
    let d = defn(&m, "tpot", "time_per_output_token_ms");
    assert!(d.tool_definition.contains("first token included"));
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

/// The engine-time section: absent from files without it (old files import unchanged), kept
/// through the import when present, checked, and its hit rate feeds the estimate's prompt
/// reuse: 25 % of a measured 1,800-token prompt is 450 prefix tokens.
#[test]
fn engine_time_is_optional_kept_checked_and_feeds_prompt_reuse() {
    use benchfit_core::measurement::engine::{EngineTime, PrefixCacheUse};
    let mut m = Measurement::new(RunInfo {
        tool: "benchfit".into(),
        ..Default::default()
    });
    m.summary.requests.completed = 4;
    m.summary.prompt_tokens = 4 * 1800;
    let plain = serde_json::to_string(&m).unwrap();
    assert!(!plain.contains("engine_time"), "{plain}");
    let old = import(plain.as_bytes()).unwrap();
    assert!(old.engine_time.is_empty());
    assert_eq!(benchfit_core::measurement::prompt_reuse(&old), None);

    m.engine_time.push(EngineTime {
        stage: None,
        runtime: "vllm".into(),
        from_ms: 0.0,
        to_ms: 1000.0,
        engine_requests: Some(4.0),
        client_requests: 4,
        queue_ms: Some(50.0),
        prefill_ms: Some(20.0),
        decode_ms: Some(200.0),
        inference_ms: Some(220.0),
        ttft: None,
        prefix_cache: Some(PrefixCacheUse {
            hit_tokens: 1800.0,
            query_tokens: 7200.0,
            hit_rate: 0.25,
        }),
        preemptions: Some(0.0),
        metrics: vec!["vllm:prefix_cache_hits_total".into()],
        notes: Vec::new(),
    });
    let bytes = serde_json::to_vec(&m).unwrap();
    let back = import(&bytes).unwrap();
    assert_eq!(back, m);
    let r = benchfit_core::measurement::prompt_reuse(&back).unwrap();
    assert_eq!(
        (r.hit_rate, r.mean_prompt_tokens, r.prefix_tokens),
        (0.25, 1800.0, 450)
    );
    assert_eq!(r.prefix_tokens(512), 128);

    let bad = String::from_utf8(bytes.clone())
        .unwrap()
        .replace("\"hit_rate\":0.25", "\"hit_rate\":1.5");
    let e = import(bad.as_bytes()).unwrap_err();
    assert!(
        e.to_string()
            .contains("hit_rate 1.5 is not between 0 and 1"),
        "{e}"
    );
    m.engine_time[0].stage = Some(3);
    let e = import(&serde_json::to_vec(&m).unwrap()).unwrap_err();
    assert!(
        e.to_string()
            .contains("engine_time[0] is for stage 3 but there are 0 stages"),
        "{e}"
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

/// Values no run can produce are refused with the value and its place, whatever the format:
/// a count a float like `1e308` saturates to, a negative rate, a duration of 0 s with requests
/// completed in it.
#[test]
fn impossible_values_are_refused() {
    let base: serde_json::Value = serde_json::from_slice(&sample("vllm_bench_serve.json")).unwrap();
    let with = |key: &str, v: serde_json::Value| {
        let mut f = base.clone();
        f[key] = v;
        import(&serde_json::to_vec(&f).unwrap())
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        with("completed", serde_json::json!(1e308)),
        "vLLM bench serve result file: summary: requests.completed is too large to be a count, \
         more than any run counts (at most 10^12)"
    );
    assert_eq!(
        with("duration", serde_json::json!(0)),
        "vLLM bench serve result file: `duration` is 0 s, but 3 requests completed"
    );
    assert_eq!(
        with("output_throughput", serde_json::json!(-100)),
        "vLLM bench serve result file: summary: output tokens/s is -100; it must be a number of 0 \
         or more"
    );
    let e = with("p99_ttft_ms", serde_json::json!(-1));
    assert!(e.contains("a ttft statistic is negative"), "{e}");
    // The unchanged file still imports.
    assert!(import(&serde_json::to_vec(&base).unwrap()).is_ok());
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

// ------------------------------------------------------------------ real files (issue 14)
//
// Written by scripts/peer-files.sh: each tool from PyPI, run against the project's llama.cpp
// llama-server (tiny random GGUF, 4 slots) at concurrency 4, 40 requests, 64 prompt and 128
// output tokens; the exact command, version and date are in each directory's README.txt and the
// tool's own console summary in its console.txt. Every expected number below is transcribed from
// that console summary (rounded as printed: `near` allows half a unit of the last printed digit),
// or, where the console does not print it, from the tool's own summary file; conversions are
// named at each assertion.

fn real(path: &str) -> Measurement {
    import(&sample(&format!("real/{path}"))).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// `got` equals the console's `shown`, printed with `decimals` decimals.
#[track_caller]
fn near(got: f64, shown: f64, decimals: i32) {
    let half = 0.5 * 10f64.powi(-decimals) + 1e-9;
    assert!(
        (got - shown).abs() <= half,
        "{got} is not {shown} as printed with {decimals} decimals"
    );
}

fn defn<'a>(m: &'a Measurement, metric: &str, tool_metric: &str) -> &'a MetricDefinition {
    m.source
        .as_ref()
        .unwrap()
        .definitions
        .iter()
        .find(|d| d.metric == metric && d.tool_metric == tool_metric)
        .unwrap_or_else(|| panic!("no definition for {metric} / {tool_metric}"))
}

#[test]
fn real_guidellm_0_8_1() {
    let m = real("guidellm-0.8.1/benchmarks.json");
    assert_eq!(tool(&m), SourceTool::Guidellm);
    assert_eq!(m.run.tool_version.as_deref(), Some("0.8.1"));
    assert_eq!(m.run.model.as_deref(), Some("tiny"));
    assert_eq!(m.run.load, Some(LoadMode::Concurrency { concurrency: 4 }));
    let s = &m.summary;
    // "Run Summary Info": Comp 40, Inc 0, Err 0; Output Tokens Comp Tot 5120.0; Dur 2.9 s.
    assert_eq!(
        (
            s.requests.completed,
            s.requests.incomplete,
            s.requests.failed
        ),
        (40, 0, 0)
    );
    assert_eq!(s.output_tokens, 5120);
    near(s.window_s, 2.9, 1);
    // "Server Throughput Statistics": Requests Per Sec 13.9, Output Tokens Per Sec 1776.4,
    // Total Tokens Per Sec 3178.1 (GuideLLM 0.8's means equal total / duration).
    near(s.throughput.requests_per_s, 13.9, 1);
    near(s.throughput.output_tokens_per_s, 1776.4, 1);
    near(s.throughput.total_tokens_per_s, 3178.1, 1);
    // "Request Latency Statistics": TTFT ms mean 10.9, Mdn 9.7, p95 22.8.
    let ttft = s.latency_ms.ttft.unwrap();
    near(ttft.mean, 10.9, 1);
    near(ttft.p50, 9.7, 1);
    near(ttft.p95, 22.8, 1);
    // ITL ms mean 2.1, Mdn 1.9, p95 3.4: GuideLLM's ITL is benchfit's TPOT.
    let tpot = s.latency_ms.tpot.unwrap();
    near(tpot.mean, 2.1, 1);
    near(tpot.p50, 1.9, 1);
    near(tpot.p95, 3.4, 1);
    // Request Latency Sec mean 0.3, Mdn 0.2, p95 0.4: × 1000 to ms.
    let e2e = s.latency_ms.e2e.unwrap();
    near(e2e.mean / 1000.0, 0.3, 1);
    near(e2e.p50 / 1000.0, 0.2, 1);
    near(e2e.p95 / 1000.0, 0.4, 1);
    assert_eq!(s.latency_ms.itl, None);
    // Samples: the distributions' counts (40 requests; the ITL distribution's 5080 = 40 × 127
    // weighted samples are 40 requests).
    assert_eq!(
        (s.samples.ttft, s.samples.tpot, s.samples.e2e),
        (40, 40, 40)
    );
    // Every request has 128 output tokens, so the token weighting leaves the mean as benchfit's.
    assert!(defn(&m, "tpot", "inter_token_latency_ms").same_as_benchfit);
    assert!(!defn(&m, "tpot", "time_per_output_token_ms").same_as_benchfit);
    assert!(defn(&m, "output_tokens", "output_token_count").same_as_benchfit);
    assert_eq!(m.requests.len(), 40);
    assert!(m.requests.iter().all(|r| r.output_tokens == 128));
    assert_eq!(
        m.run.started_at.as_deref().map(|s| &s[..11]),
        Some("2026-12-01T")
    );
}

#[test]
fn real_aiperf_0_13_0() {
    let m = real("aiperf-0.13.0/profile_export_aiperf.json");
    assert_eq!(tool(&m), SourceTool::Aiperf);
    assert_eq!(m.run.tool_version.as_deref(), Some("0.13.0"));
    assert_eq!(m.run.model.as_deref(), Some("tiny"));
    assert_eq!(m.run.load, Some(LoadMode::Concurrency { concurrency: 4 }));
    let s = &m.summary;
    // Console: Request Count 38, Completed Requests (Success + Error) 40, error summary
    // ServerDisconnectedError × 2.
    assert_eq!((s.requests.completed, s.requests.failed), (38, 2));
    assert_eq!(s.failure_reasons[0].reason, "ServerDisconnectedError");
    assert_eq!(s.failure_reasons[0].count, 2);
    // Time to First Token (ms): avg 33.52, p99 63.15, p90 54.48, p50 28.87.
    let ttft = s.latency_ms.ttft.unwrap();
    near(ttft.mean, 33.52, 2);
    near(ttft.p50, 28.87, 2);
    near(ttft.p90, 54.48, 2);
    near(ttft.p99, 63.15, 2);
    // Request Latency (ms): avg 276.69, p99 617.41, p90 606.93, p50 159.01.
    let e2e = s.latency_ms.e2e.unwrap();
    near(e2e.mean, 276.69, 2);
    near(e2e.p50, 159.01, 2);
    near(e2e.p90, 606.93, 2);
    near(e2e.p99, 617.41, 2);
    // TPOT: AIPerf's Inter Token Latency (avg 1.84) divides by its re-tokenised count (Output
    // Sequence Length avg 132.95); every request's server count is 128 (Usage Completion Tokens
    // min = max = 128), so benchfit's TPOT is Decode Duration / 127: avg 243.18 / 127,
    // p50 137.67 / 127, p90 547.84 / 127, p99 566.08 / 127.
    let tpot = s.latency_ms.tpot.unwrap();
    near(tpot.mean * 127.0, 243.18, 2);
    near(tpot.p50 * 127.0, 137.67, 2);
    near(tpot.p90 * 127.0, 547.84, 2);
    near(tpot.p99 * 127.0, 566.08, 2);
    assert!(tpot.mean > 1.84 * 1.03, "AIPerf's own ITL is ~4% lower");
    assert!(defn(&m, "tpot", "decode_duration").same_as_benchfit);
    // ITL: inter_chunk_latency (not printed on the console; the file's avg 1.9147849361790301 ms
    // over 4826 gaps = 38 × 127: one token per chunk, so per chunk = per token).
    let itl = s.latency_ms.itl.unwrap();
    close(itl.mean, 1.9147849361790301);
    assert_eq!(s.samples.itl, 4826);
    assert!(defn(&m, "itl", "inter_chunk_latency").same_as_benchfit);
    // Throughput: Request Throughput 13.68 requests/s as printed. Output tokens: the server's
    // Total Usage Completion Tokens 4,864 over benchmark_duration (file: 1.4230...s) instead of
    // AIPerf's 1,818.83 tokens/s from its re-tokenised 5,052: 1818.83 × 4864 / 5052.
    near(s.throughput.requests_per_s, 13.68, 2);
    assert_eq!(s.output_tokens, 4864);
    assert_eq!(s.prompt_tokens, 2432);
    near(
        s.throughput.output_tokens_per_s,
        1818.83 * 4864.0 / 5052.0,
        0,
    );
    // The window AIPerf divided by: 38 / 13.68 requests/s (its observation window, 2.78 s; the
    // file's benchmark_duration is 2.76 s).
    near(s.window_s, 38.0 / 13.680854120895537, 6);
    close(s.throughput.output_tokens_per_s * s.window_s, 4864.0);
    assert_eq!(
        (s.samples.ttft, s.samples.tpot, s.samples.e2e),
        (38, 38, 38)
    );
    assert!(!m.run.partial);
}

#[test]
fn real_inference_perf_0_7_0() {
    let m = real("inference-perf-0.7.0/summary_lifecycle_metrics.json");
    assert_eq!(tool(&m), SourceTool::InferencePerf);
    let s = &m.summary;
    // Console "Request Error Summary": 40 successes; throughput table: Req/s 36.0,
    // Out Tokens/s 4813.3 (re-tokenised: Out Mean (client) 133.8 per request).
    assert_eq!((s.requests.completed, s.requests.failed), (40, 0));
    near(s.throughput.requests_per_s, 36.0, 1);
    // benchfit counts the server's tokens (Out Mean (server) 128.0): 4813.3 × 128 / 133.75
    // (133.75 = the file's output_len mean, printed 133.8).
    near(s.throughput.output_tokens_per_s, 4813.3 * 128.0 / 133.75, 0);
    assert_eq!(s.output_tokens, 5120);
    // Latency (ms): Req Lat mean 100.4, med 98.2, P90 111.6; TTFT 9.7, 8.5, 13.6 (s → ms).
    let e2e = s.latency_ms.e2e.unwrap();
    near(e2e.mean, 100.4, 1);
    near(e2e.p50, 98.2, 1);
    near(e2e.p90, 111.6, 1);
    let ttft = s.latency_ms.ttft.unwrap();
    near(ttft.mean, 9.7, 1);
    near(ttft.p50, 8.5, 1);
    near(ttft.p90, 13.6, 1);
    // TPOT mean 0.7, med 0.7, P90 0.8; ITL 0.7, 0.6, 0.9: imported as the tool states them
    // (re-tokenised counts vary per request, so no exact conversion), and said so.
    let tpot = s.latency_ms.tpot.unwrap();
    near(tpot.mean, 0.7, 1);
    near(tpot.p50, 0.7, 1);
    near(tpot.p90, 0.8, 1);
    let itl = s.latency_ms.itl.unwrap();
    near(itl.mean, 0.7, 1);
    near(itl.p50, 0.6, 1);
    near(itl.p90, 0.9, 1);
    let d = defn(&m, "tpot", "time_per_output_token");
    assert!(!d.same_as_benchfit);
    // (133.75 − 1)/(128 − 1) − 1: the tool's TPOT is ~4.3% lower than benchfit's.
    assert!(d.conversion.contains("4.3% lower"), "{}", d.conversion);
    assert!(!defn(&m, "itl", "inter_token_latency").same_as_benchfit);
    assert_eq!(s.samples.ttft, 40);
}

#[test]
fn genai_perf_raw_export_names_the_summary_file() {
    // genai-perf's raw export: {"experiments": [{"experiment": …, "requests": […]}], …}.
    let raw = br#"{"experiments": [{"experiment": {"mode": "concurrency", "value": 4}, "requests": []}], "version": ""}"#;
    let e = import(raw).unwrap_err();
    assert!(
        matches!(
            e,
            ImportError::Invalid {
                tool: SourceTool::GenaiPerf,
                ..
            }
        ),
        "{e:?}"
    );
    assert!(
        e.to_string().contains("profile_export_genai_perf.json"),
        "{e}"
    );
}

#[test]
fn vllm_traceback_and_compact_date() {
    // vLLM bench serve writes the client's traceback as the error and `date` as %Y%m%d-%H%M%S.
    let file = serde_json::json!({
        "date": "20261201-123923",
        "completed": 1, "failed": 1, "num_prompts": 2, "duration": 2.0,
        "request_throughput": 0.5, "output_throughput": 4.0, "total_token_throughput": 8.0,
        "mean_ttft_ms": 10.0, "median_ttft_ms": 10.0, "p99_ttft_ms": 10.0,
        "ttfts": [0.01, 0.0], "itls": [[0.002, 0.002], []], "output_lens": [3, 0],
        "input_lens": [4, 4],
        "errors": ["", "Traceback (most recent call last):\n  File \"/home/u/venv/lib/python3.12/site-packages/vllm/benchmarks/lib/endpoint_request_func.py\", line 120, in async_request_openai_completions\n    raise ValueError(x)\naiohttp.client_exceptions.ServerDisconnectedError: Server disconnected\n"]
    });
    let m = import(file.to_string().as_bytes()).unwrap();
    assert_eq!(m.run.started_at.as_deref(), Some("2026-12-01T12:39:23"));
    assert_eq!(
        m.summary.failure_reasons[0].reason,
        "aiohttp.client_exceptions.ServerDisconnectedError: Server disconnected"
    );
    assert_eq!(m.requests[0].token_source, "tool_count");
    // ITL samples: the per-request gap lists hold 2 + 0 gaps.
    assert_eq!(m.summary.samples.itl, 2);
}

#[test]
fn real_vllm_bench_serve_0_33_0() {
    let m = real("vllm-0.33.0/vllm_bench_serve.json");
    assert_eq!(tool(&m), SourceTool::VllmBench);
    assert_eq!(m.run.model.as_deref(), Some("tiny"));
    assert_eq!(m.run.load, Some(LoadMode::Concurrency { concurrency: 4 }));
    // `date` 20261201-173954 (%Y%m%d-%H%M%S, the client's local time).
    assert_eq!(m.run.started_at.as_deref(), Some("2026-12-01T17:39:54"));
    let s = &m.summary;
    // Console: Successful requests 37, Failed requests 3, Benchmark duration 0.66 s,
    // Request throughput 56.31 req/s, Output token throughput 7472.64 tok/s (vLLM's count).
    assert_eq!((s.requests.completed, s.requests.failed), (37, 3));
    near(s.window_s, 0.66, 2);
    near(s.throughput.requests_per_s, 56.31, 2);
    near(s.throughput.output_tokens_per_s, 7472.64, 2);
    // Each failure is a 1,293-character traceback; the reason is its last line.
    assert_eq!(s.failure_reasons.len(), 1);
    assert_eq!(
        s.failure_reasons[0].reason,
        "aiohttp.client_exceptions.ServerDisconnectedError: Server disconnected"
    );
    assert_eq!(s.failure_reasons[0].count, 3);
    // Mean / P50 / P90 / P95 / P99 (ms) as printed.
    for (p, want) in [
        (s.latency_ms.ttft, [5.78, 5.74, 7.04, 7.21, 9.63]),
        (s.latency_ms.tpot, [0.47, 0.49, 0.54, 0.56, 0.58]),
        (s.latency_ms.itl, [0.49, 0.45, 0.66, 0.79, 1.22]),
        (s.latency_ms.e2e, [68.07, 70.44, 76.83, 79.88, 80.52]),
    ] {
        let p = p.unwrap();
        for (got, shown) in [p.mean, p.p50, p.p90, p.p95, p.p99].into_iter().zip(want) {
            near(got, shown, 2);
        }
    }
    // 37 requests × 128 gaps: 127 between tokens and the near-zero one vLLM adds per request.
    assert_eq!(s.samples.itl, 37 * 128);
    assert!(!defn(&m, "itl", "itl").same_as_benchfit);
    assert!(!defn(&m, "tpot", "tpot").same_as_benchfit);
    assert!(m.requests.iter().all(|r| r.token_source == "tool_count"));
}

#[test]
fn real_files_with_a_key_missing_or_nulled_never_panic() {
    // Each real file with one top-level key (and, for GuideLLM, one benchmark key) removed or
    // set to null, or a number where an object was: an import or a typed error, never a panic.
    for path in [
        "genai-perf-0.0.16/profile_export_genai_perf.json",
        "guidellm-0.8.1/benchmarks.json",
        "aiperf-0.13.0/profile_export_aiperf.json",
        "inference-perf-0.7.0/summary_lifecycle_metrics.json",
        "vllm-0.33.0/vllm_bench_serve.json",
    ] {
        let v: serde_json::Value =
            serde_json::from_slice(&sample(&format!("real/{path}"))).unwrap();
        let keys: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
        for k in &keys {
            for replace in [
                None,
                Some(serde_json::Value::Null),
                Some(serde_json::json!(-1)),
            ] {
                let mut w = v.clone();
                match &replace {
                    None => {
                        w.as_object_mut().unwrap().remove(k);
                    }
                    Some(x) => w[k] = x.clone(),
                }
                let _ = import(w.to_string().as_bytes());
            }
        }
        if let Some(b) = v["benchmarks"][0].as_object() {
            for k in b.keys() {
                let mut w = v.clone();
                w["benchmarks"][0][k] = serde_json::json!(-1);
                let _ = import(w.to_string().as_bytes());
            }
            for k in b["metrics"].as_object().unwrap().keys() {
                let mut w = v.clone();
                w["benchmarks"][0]["metrics"][k] = serde_json::Value::Null;
                let _ = import(w.to_string().as_bytes());
            }
        }
    }
}

#[test]
fn real_genai_perf_0_0_16() {
    let m = real("genai-perf-0.0.16/profile_export_genai_perf.json");
    assert_eq!(tool(&m), SourceTool::GenaiPerf);
    assert_eq!(m.run.model.as_deref(), Some("tiny"));
    // input_config.perf_analyzer.stimulus.concurrency.
    assert_eq!(m.run.load, Some(LoadMode::Concurrency { concurrency: 4 }));
    let s = &m.summary;
    // genai-perf's own CSV summary (console.txt): Request Count 40.00, Request Throughput 49.10,
    // Output Token Throughput 6,507.32 (its re-tokenised count: Output Sequence Length avg 132.53).
    assert_eq!((s.requests.completed, s.requests.failed), (40, 0));
    near(s.throughput.requests_per_s, 49.10, 2);
    near(s.throughput.output_tokens_per_s, 6507.32, 2);
    // No duration or token totals in the file: derived, not left at 0.
    near(s.window_s, 40.0 / 49.10, 2);
    assert_eq!(s.output_tokens, (132.525f64 * 40.0).round() as u64);
    // avg / p50 / p90 / p95 / p99 (ms) as the CSV prints them.
    for (p, want) in [
        (s.latency_ms.ttft, [3.31, 3.04, 4.17, 6.51, 6.82]),
        (s.latency_ms.tpot, [0.59, 0.59, 0.63, 0.63, 0.64]),
        (s.latency_ms.e2e, [80.93, 80.10, 85.18, 89.53, 90.09]),
    ] {
        let p = p.unwrap();
        for (got, shown) in [p.mean, p.p50, p.p90, p.p95, p.p99].into_iter().zip(want) {
            near(got, shown, 2);
        }
    }
    assert_eq!(s.latency_ms.itl, None);
    // Its Inter Token Latency divides by its re-tokenised count: kept, and said so.
    assert!(!defn(&m, "tpot", "inter_token_latency").same_as_benchfit);
    assert!(!defn(&m, "output_tokens", "output_sequence_length").same_as_benchfit);
}

/// Python's `json.dump` writes an undefined statistic as a bare `NaN` (vLLM's result file of a
/// one-request run: `std_ttft_ms: NaN`). The file imports with that statistic missing; a `NaN`
/// inside a string stays text.
#[test]
fn vllm_file_with_python_nan_imports() {
    let text = String::from_utf8(sample("vllm_bench_serve.json")).unwrap();
    let text = text.replacen(
        '{',
        r#"{"std_ttft_ms": NaN, "note": "NaN, Infinity", "p50_ttft_ms_x": -Infinity, "#,
        1,
    );
    let m = import(text.as_bytes()).unwrap();
    close(m.summary.throughput.output_tokens_per_s, 6.0);
    pct(
        m.summary.latency_ms.ttft,
        [200.0, 200.0, 280.0, 290.0, 298.0],
    );
}

/// A number written as another type is refused, naming the key, not read as 0.
#[test]
fn vllm_field_of_the_wrong_type_is_named() {
    let text = String::from_utf8(sample("vllm_bench_serve.json")).unwrap();
    for (bad, key) in [
        (r#""output_throughput": "fast", "#, "output_throughput"),
        (r#""mean_ttft_ms": [1], "#, "mean_ttft_ms"),
        (r#""p99_e2el_ms": true, "#, "p99_e2el_ms"),
    ] {
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        let mut o = v.as_object().unwrap().clone();
        let (k, val) = bad.trim_end_matches(", ").split_once(": ").unwrap();
        o.insert(
            k.trim_matches('"').to_string(),
            serde_json::from_str(val).unwrap(),
        );
        let e = import(serde_json::to_string(&o).unwrap().as_bytes()).unwrap_err();
        assert!(matches!(e, ImportError::Invalid { .. }), "{e}");
        assert!(e.to_string().contains(key), "{e}");
    }
}

#[test]
fn real_sglang_bench_serving_json_lines() {
    // DataCrunch's published file (tests/data/import/real/sglang-datacrunch-h200/README.txt):
    // seven runs appended one a line; the last is ShareGPT at 8 req/s.
    let path = "sglang-datacrunch-h200/llama_3_3_70b_online_output.jsonl";
    let m = real(path);
    assert_eq!(tool(&m), SourceTool::SglangBench);
    assert!(
        m.run.notes.iter().any(|n| n.contains("7 runs")),
        "{:?}",
        m.run.notes
    );
    assert_eq!(
        m.run.load,
        Some(LoadMode::Rate {
            requests_per_s: 8.0,
            arrival: "poisson".into(),
            burstiness: 1.0
        })
    );
    let s = &m.summary;
    assert_eq!(s.requests.completed, 2400);
    assert_eq!((s.prompt_tokens, s.output_tokens), (540_779, 461_874));
    near(s.window_s, 313.968, 3);
    near(s.throughput.output_tokens_per_s, 1471.086, 3);
    // Not in the record: 2,400 requests and 540,779 + 461,874 tokens over 313.968 s.
    near(s.throughput.requests_per_s, 7.644, 3);
    near(s.throughput.total_tokens_per_s, 3193.5, 1);
    // SGLang then wrote medians only: the mean is the median, and said so.
    let ttft = s.latency_ms.ttft.unwrap();
    near(ttft.p50, 83.166, 3);
    near(ttft.mean, 83.166, 3);
    near(s.latency_ms.itl.unwrap().p50, 17.668, 3);
    let e2e = s.latency_ms.e2e.unwrap();
    near(e2e.mean, 5302.551, 3);
    near(e2e.p50, 3291.751, 3);
    assert!(s.latency_ms.tpot.is_none());
    let missing = &m.source.as_ref().unwrap().missing;
    assert!(missing
        .iter()
        .any(|x| x.starts_with("ttft.") && x.contains("mean (set to p50)")));
    // One record alone reads the same way, without the note.
    let text = String::from_utf8(sample(&format!("real/{path}"))).unwrap();
    let first = import(text.lines().next().unwrap().as_bytes()).unwrap();
    assert_eq!(first.summary.requests.completed, 300);
    near(first.summary.throughput.output_tokens_per_s, 537.414, 3);
    assert!(first.run.notes.iter().all(|n| !n.contains("runs")));
    // A line that is not an object makes the file no JSON-lines file.
    let broken = format!("{text}[1, 2]\n");
    assert!(matches!(
        import(broken.as_bytes()),
        Err(ImportError::NotJson { .. })
    ));
    // A record with any key removed, nulled or set to a string: an import or a typed error.
    let v: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    for k in v.as_object().unwrap().keys() {
        for replace in [
            None,
            Some(serde_json::Value::Null),
            Some(serde_json::json!("x")),
        ] {
            let mut w = v.clone();
            match &replace {
                None => {
                    w.as_object_mut().unwrap().remove(k);
                }
                Some(x) => w[k] = x.clone(),
            }
            let _ = import(w.to_string().as_bytes());
        }
    }
    // A string where a statistic is: the record is broken, and the error names the key.
    let mut w = v.clone();
    w["median_ttft_ms"] = serde_json::json!("fast");
    let e = import(w.to_string().as_bytes()).unwrap_err().to_string();
    assert!(e.contains("median_ttft_ms"), "{e}");
}

#[test]
fn a_2024_vllm_record_without_a_total_rate() {
    // vLLM's benchmark_serving.py of 2024 wrote `input_throughput` and `output_throughput`, not
    // `total_token_throughput`: the total is their sum (1,000 + 500 tok/s), not zero.
    let mut v = serde_json::json!({
        "backend": "vllm", "model_id": "meta-llama/Llama-2-7b-hf", "num_prompts": 200,
        "request_rate": "inf", "duration": 100.0, "completed": 200,
        "total_input_tokens": 100000, "total_output_tokens": 50000,
        "request_throughput": 2.0, "input_throughput": 1000.0, "output_throughput": 500.0,
        "mean_ttft_ms": 900.0, "median_ttft_ms": 800.0, "p99_ttft_ms": 2000.0,
        "mean_tpot_ms": 40.0, "median_tpot_ms": 38.0, "p99_tpot_ms": 80.0
    });
    let m = import(v.to_string().as_bytes()).unwrap();
    assert_eq!(tool(&m), SourceTool::VllmBench);
    close(m.summary.throughput.total_tokens_per_s, 1500.0);
    // Without any rate: the tokens and requests over the duration (150,000 tokens, 200
    // requests and 50,000 output tokens in 100 s).
    for k in [
        "request_throughput",
        "input_throughput",
        "output_throughput",
    ] {
        v.as_object_mut().unwrap().remove(k);
    }
    let m = import(v.to_string().as_bytes()).unwrap();
    close(m.summary.throughput.total_tokens_per_s, 1500.0);
    close(m.summary.throughput.output_tokens_per_s, 500.0);
    close(m.summary.throughput.requests_per_s, 2.0);
}
