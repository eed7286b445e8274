//! The CLI contract (DESIGN §5.1–5.2) on the worked example and on bad input.

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Output, Stdio};

const WORKED: &str = "3,200 tokens/sec aggregate for Llama 3 70B on a single H100, batch size 32, \
    512-token prompts, 256-token outputs, FP8, under vLLM.";

fn benchfit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_benchfit"))
        .args(args)
        .output()
        .expect("runs")
}

fn json(out: &Output) -> Value {
    assert!(
        out.status.success(),
        "exit {:?}: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("stdout is one JSON document")
}

#[track_caller]
fn exit2(args: &[&str], mentions: &str) {
    let out = benchfit(args);
    assert_eq!(
        out.status.code(),
        Some(2),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(mentions),
        "{args:?}: stderr {err:?} should mention {mentions:?}"
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn check_worked_example() {
    let v = json(&benchfit(&["check", WORKED, "--json"]));
    assert_eq!(v["verdict"], "usable");
    assert_eq!(v["unstated_count"], 0);
    let rows: Vec<(String, String)> = v["checklist"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["condition"].as_str().unwrap().into(),
                r["status"].as_str().unwrap().into(),
            )
        })
        .collect();
    let expect = [
        ("batch_size", "stated"),
        ("sequence_length", "stated"),
        ("quantisation", "stated"),
        ("runtime", "stated"),
        ("metric", "partial"),
        ("hardware", "partial"),
    ];
    assert_eq!(rows, expect.map(|(a, b)| (a.to_string(), b.to_string())));
    let c = &v["claim"];
    assert_eq!(c["model"], "llama-3-70b");
    assert_eq!(c["gpu"], "h100");
    assert_eq!(c["gpu_count"], 1);
    assert_eq!(c["batch_size"], 32);
    assert_eq!(
        (c["prompt_tokens"].as_u64(), c["output_tokens"].as_u64()),
        (Some(512), Some(256))
    );
    assert_eq!(c["weight_dtype"], "fp8");
    assert_eq!(c["runtime"], "vllm");
    assert_eq!(c["runtime_version"], Value::Null);
    assert_eq!(c["figures"][0]["value"], 3200.0);
    assert_eq!(c["figures"][0]["kind"], "throughput_unspecified");
    assert_eq!(c["figures"][0]["scope"], "aggregate");
    assert_eq!(c["figures"][0]["derived"], false);
    let p = &v["plausibility"];
    assert_eq!(p["status"], "plausible");
    let readings = p["readings"].as_array().unwrap();
    let ok: Vec<_> = readings
        .iter()
        .filter(|r| r["plausible"] == true)
        .map(|r| (r["metric"].as_str().unwrap(), r["gpu"].as_str().unwrap()))
        .collect();
    assert_eq!(ok, vec![("total_tokens_per_s", "h100-sxm")]);
    assert!(v["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .any(|w| w.as_str().unwrap().contains("FP8 KV cache")));
}

/// `benchfit check - --json` with `bytes` on standard input.
fn check_stdin(bytes: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_benchfit"))
        .args(["check", "-", "--json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(bytes).unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn check_reads_stdin_and_refuses_empty_text() {
    assert_eq!(json(&check_stdin(WORKED.as_bytes()))["verdict"], "usable");
    exit2(&["check", "   "], "empty");
}

/// A single argument that names a file is read as the claim: the worked example from a file
/// grades as it does from standard input.
#[test]
fn check_reads_a_file_named_as_its_argument() {
    let dir = std::env::temp_dir().join(format!("benchfit-check-file-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("claim.txt");
    std::fs::write(&path, WORKED).unwrap();
    let v = json(&benchfit(&["check", path.to_str().unwrap(), "--json"]));
    assert_eq!(v["verdict"], "usable");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A word written as a path that names no file, a directory, or text of zero-width characters
/// only is refused with the reason (exit 2), not graded as a claim.
#[test]
fn check_refuses_missing_paths_directories_and_invisible_text() {
    exit2(&["check", "./no-such-claim.txt"], "no such file");
    exit2(
        &["check", std::env::temp_dir().to_str().unwrap()],
        "is a directory",
    );
    exit2(&["check", "\u{200b}\u{feff}"], "empty");
}

/// TP splits the attention heads: Llama 3.1 8B's 32 heads do not split three ways, so `--tp 3`
/// is refused, and three GPUs with no TP given run as three TP-1 replicas.
#[test]
fn estimate_tp_must_divide_the_attention_heads() {
    let base: Vec<&str> = "estimate --model llama-3.1-8b --gpu h100-sxm --prompt-tokens 512 \
        --output-tokens 128 --concurrency 1 --gpus 3"
        .split_whitespace()
        .collect();
    let mut with_tp = base.clone();
    with_tp.extend(["--tp", "3"]);
    exit2(&with_tp, "32 attention heads");
    let out = benchfit(&base);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("3 × h100-sxm (TP 1)"), "{text}");
}

/// A claim that names its model, GPU and batch but is a ten-millionth of what the model gives
/// that setup at the ceiling is calibrated with a warning; the worked example gets none.
#[test]
fn estimate_warns_of_an_implausibly_slow_claim() {
    let run = |claim: &str| {
        let out = benchfit(&[
            "estimate",
            "--benchmark",
            claim,
            "--prompt-tokens",
            "512",
            "--output-tokens",
            "128",
            "--concurrency",
            "4",
            "--gpu",
            "h100-sxm",
        ]);
        assert_eq!(out.status.code(), Some(0));
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let slow = run("Llama 3 8B on one H100 SXM, batch 1: 0.0000001 tokens/s");
    assert!(slow.contains("of what the model gives its setup"), "{slow}");
    assert!(!run(WORKED).contains("of what the model gives its setup"));
}

#[test]
fn check_unrecognised_text_is_reject_not_an_error() {
    let v = json(&benchfit(&["check", "hello there 🙂", "--json"]));
    assert_eq!(v["verdict"], "reject");
    assert_eq!(v["unstated_count"], 6);
    assert_eq!(v["plausibility"]["status"], "unknown");
}

#[test]
fn estimate_worked_example_keys_and_consistency() {
    let v = json(&benchfit(&[
        "estimate",
        "--benchmark",
        WORKED,
        "--gpu",
        "h100",
        "--prompt-tokens",
        "1800",
        "--output-tokens",
        "400",
        "--concurrency",
        "8",
        "--price",
        "2.5",
        "--busy-hours",
        "10",
        "--json",
    ]));
    for k in [
        "output_tokens_per_s",
        "total_tokens_per_s",
        "requests_per_s",
    ] {
        assert!(v["throughput"][k].as_f64().unwrap() > 0.0, "{k}");
    }
    for k in ["ttft", "itl", "tpot", "e2e"] {
        for s in ["mean", "p50", "p90", "p95", "p99"] {
            assert!(v["latency_ms"][k][s].as_f64().unwrap() > 0.0, "{k}.{s}");
        }
    }
    assert_eq!(v["kv"]["max_concurrent_sequences"], 13);
    assert!(v["kv"]["capacity_tokens"].as_f64().unwrap() > 28_000.0);
    assert!(v["kv"]["peak_usage"].as_f64().unwrap() > 0.0);
    // Cost per request = GPU-hours per request × price.
    let rps = v["throughput"]["requests_per_s"].as_f64().unwrap();
    let per_request = v["cost"]["per_request_usd"].as_f64().unwrap();
    assert!((per_request - 1.0 / rps / 3600.0 * 2.5).abs() < 1e-12);
    assert!(
        (v["cost"]["per_request_whole_day_usd"].as_f64().unwrap() - per_request * 2.4).abs()
            < 1e-12
    );
    let out_tps = v["throughput"]["output_tokens_per_s"].as_f64().unwrap();
    assert!(
        (v["cost"]["per_million_output_tokens_usd"].as_f64().unwrap()
            - 2.5 / 3600.0 / out_tps * 1e6)
            .abs()
            < 1e-9
    );
    let cf = v["correction_factor"].as_f64().unwrap();
    let product: f64 = v["factors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["ratio"].as_f64().unwrap())
        .product();
    assert!((product / cf - 1.0).abs() < 1e-9);
    assert!(cf > 0.33 && cf < 0.5, "{cf}");
    assert_eq!(v["calibration"]["source"], "claim");
    assert!(v["assumptions"]
        .as_array()
        .unwrap()
        .iter()
        .any(|a| a["field"] == "kv_dtype" && a["value"] == "fp8"));
}

#[test]
fn estimate_without_price_has_null_costs() {
    let v = json(&benchfit(&[
        "estimate",
        "--benchmark",
        WORKED,
        "--prompt-tokens",
        "1800",
        "--output-tokens",
        "400",
        "--concurrency",
        "8",
        "--json",
    ]));
    assert_eq!(v["cost"]["per_request_usd"], Value::Null);
    assert_eq!(v["cost"]["per_million_total_tokens_usd"], Value::Null);
}

#[test]
fn explicit_flags_override_the_claim() {
    let v = json(&benchfit(&[
        "estimate",
        "--benchmark",
        WORKED,
        "--gpu",
        "h200",
        "--prompt-tokens",
        "1800",
        "--output-tokens",
        "400",
        "--concurrency",
        "8",
        "--json",
    ]));
    assert_eq!(v["deployment"]["gpu"], "h200");
    let hw = v["factors"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == "hardware")
        .unwrap();
    // 4.8 vs 3.35 TB/s of HBM: a memory-bound deployment gets faster.
    assert!(hw["ratio"].as_f64().unwrap() > 1.0);
}

#[test]
fn bad_input_exits_2_naming_the_flag() {
    let base = [
        "estimate",
        "--benchmark",
        WORKED,
        "--prompt-tokens",
        "1800",
        "--output-tokens",
        "400",
    ];
    let with = |extra: &[&'static str]| -> Vec<&str> {
        base.iter().copied().chain(extra.iter().copied()).collect()
    };
    exit2(&with(&["--concurrency", "0"]), "--concurrency");
    exit2(&with(&["--concurrency", "-4"]), "--concurrency");
    exit2(&with(&["--concurrency", "8", "--price", "NaN"]), "--price");
    exit2(&with(&["--concurrency", "8", "--price", "-1"]), "--price");
    exit2(&with(&["--concurrency", "8", "--gpu", "tpu-v9"]), "--gpu");
    exit2(&with(&["--concurrency", "8", "--gpus", "100000"]), "--gpus");
    exit2(
        &with(&["--concurrency", "8", "--busy-hours", "30"]),
        "--busy-hours",
    );
    exit2(&with(&["--rate", "0"]), "--rate");
    exit2(&with(&["--rate", "2", "--burstiness", "0"]), "--burstiness");
    exit2(
        &with(&["--concurrency", "8", "--requests", "0"]),
        "--requests",
    );
    exit2(
        &with(&["--concurrency", "8", "--slo-ttft-ms", "-5"]),
        "--slo-ttft-ms",
    );
    exit2(
        &with(&["--concurrency", "8", "--prefix-tokens", "5000"]),
        "--prefix-tokens",
    );
    exit2(
        &[
            "estimate",
            "--benchmark",
            WORKED,
            "--prompt-tokens",
            "8000",
            "--output-tokens",
            "400",
            "--concurrency",
            "1",
        ],
        "context window",
    );
    exit2(
        &[
            "estimate",
            "--prompt-tokens",
            "100",
            "--output-tokens",
            "10",
            "--concurrency",
            "1",
        ],
        "--model",
    );
    exit2(
        &[
            "estimate",
            "--model",
            "llama-3-70b",
            "--gpu",
            "l4",
            "--prompt-tokens",
            "100",
            "--output-tokens",
            "10",
            "--concurrency",
            "1",
        ],
        "do not fit",
    );
}

#[test]
fn open_loop_rate_is_simulated() {
    // 0.3 req/s is below what one H100 completes for these requests (~0.68 req/s at 8 in
    // flight): the deployment keeps up, so it completes the offered rate.
    let args = [
        "estimate",
        "--benchmark",
        WORKED,
        "--gpu",
        "h100",
        "--prompt-tokens",
        "1800",
        "--output-tokens",
        "400",
        "--rate",
        "0.3",
        "--arrival",
        "poisson",
        "--requests",
        "500",
        "--seed",
        "3",
        "--slo-ttft-ms",
        "2000",
        "--json",
    ];
    let v = json(&benchfit(&args));
    let rps = v["throughput"]["requests_per_s"].as_f64().unwrap();
    assert!((rps / 0.3 - 1.0).abs() < 0.1, "{rps}");
    let goodput = v["simulation"]["goodput_requests_per_s"].as_f64().unwrap();
    assert!(goodput > 0.0 && goodput <= rps + 1e-9);
    assert_eq!(v, json(&benchfit(&args)), "same seed, same result");
}

/// Bytes that are not UTF-8 on standard input still get a report (replaced, as an argument's
/// are), never an "other failure" exit.
#[test]
fn check_reads_non_utf8_stdin_into_a_report() {
    let mut bytes = WORKED.as_bytes().to_vec();
    bytes.extend_from_slice(&[0xff, 0xfe, 0x00, 0xc3]);
    assert_eq!(json(&check_stdin(&bytes))["verdict"], "usable");
}

/// `plan` takes the prompt pool as `estimate` does: re-sent prompts hit the prefix cache, so
/// the same H100 serves more and answers sooner; `--gpus-from` that names no GPU is refused.
#[test]
fn plan_prompt_pool_and_empty_gpu_list() {
    let base = [
        "plan",
        "--model",
        "llama-3-8b",
        "--prompt-tokens",
        "1800",
        "--output-tokens",
        "400",
        "--rate",
        "3",
        "--gpus-from",
        "h100-sxm",
        "--json",
    ];
    let row = |extra: &[&str]| {
        let args: Vec<&str> = base.iter().chain(extra).copied().collect();
        json(&benchfit(&args))["candidates"][0].clone()
    };
    let (plain, pooled) = (row(&[]), row(&["--prompt-pool", "10"]));
    let f = |v: &Value, k: &str| v[k].as_f64().unwrap();
    assert!(f(&pooled, "capacity_rps_per_replica") > f(&plain, "capacity_rps_per_replica"));
    let ttft = |v: &Value| v["latency_ms_at_operating_point"]["ttft"].as_f64().unwrap();
    assert!(ttft(&pooled) < ttft(&plain));
    // The same plan with a GPU list that names none.
    let empty: Vec<&str> = base[..9]
        .iter()
        .chain(&["--gpus-from", ","])
        .copied()
        .collect();
    exit2(&empty, "--gpus-from");
}

/// `plan --percentile` takes `p99` as `measure` spells it, and plans the same as `99`.
#[test]
fn plan_percentile_takes_both_spellings() {
    let run = |p: &str| {
        let args: Vec<&str> = "plan --model llama-3-8b --prompt-tokens 512 --output-tokens 128 \
            --rate 3 --slo-ttft-ms 500 --gpus-from h100-sxm --json --percentile"
            .split_whitespace()
            .chain([p])
            .collect();
        json(&benchfit(&args))["candidates"][0].clone()
    };
    assert_eq!(run("p99"), run("99"));
}
