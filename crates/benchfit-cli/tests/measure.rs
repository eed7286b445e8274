//! `benchfit measure` against a scripted fault server on 127.0.0.1 with exactly known timings
//! (issue 5). Each scenario's expected metrics are worked out from the script: the server sleeps
//! the stated times, so a measured time is never below the script and, on a busy two-core
//! machine, at most a few ms above it (the tolerance `SLACK_MS`). The runs take turns (`SERIAL`):
//! a dozen timed clients and servers at once on two cores would measure the scheduler, not
//! benchfit.
//!
//! The server answers every body as a close-delimited `text/event-stream` (no Content-Length,
//! no chunked encoding: the body ends when the connection closes), writes some events in
//! pieces and several in one write, mixes `data:` with and without the space, and sends
//! comment lines. `/tokenize` is 404 (so calibration falls back to `usage.prompt_tokens`),
//! `/metrics` answers llama.cpp gauges. The probe request (max_tokens 2) gets a short valid
//! stream and is not counted.

mod common;

use common::{read_request, send, text_chunk, SSE_HEAD};
use serde_json::Value;
use std::process::{Command, Output};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;
use tokio::time::sleep;

const SLACK_MS: f64 = 40.0;

/// One scripted run at a time (see the module doc).
static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());
const SECRET: &str = "sk-test-SECRET-4242";

#[derive(Clone, Copy, PartialEq)]
enum Script {
    /// Completions with vLLM continuous usage: 2 tokens at 100 ms, 3 at 130, 1 at 160.
    MultiToken,
    /// Chat: role-only chunk at 50 ms, content at 100/120/140/160 ms, finish, then usage
    /// (completion_tokens 4) in a chunk with no choices.
    Chat,
    /// Completions, max_tokens 10 but the server stops after 3 tokens (finish "stop").
    EarlyStop,
    /// Odd requests (1st, 3rd, …) get HTTP 500 whose body echoes the Authorization header.
    Http500OnOdd,
    /// Every request: HTTP 500.
    AllFail,
    /// 3 tokens then the connection closes: no [DONE], no finish_reason.
    Cut,
    /// 200 with only [DONE].
    NoTokens,
    /// Headers and first token after 300 ms, then 1 token at 310 ms with finish.
    SlowFirstByte,
    /// One token, then a malformed event.
    Malformed,
    /// One token, then `event: error`.
    ErrorEvent,
    /// 1 token every 100 ms, 50 tokens (for --duration cuts).
    Slow,
}

fn spawn_server(script: Script) -> u16 {
    common::serve(Arc::new(AtomicU64::new(0)), move |sock, counter| {
        handle(sock, script, counter)
    })
}

async fn handle(
    mut sock: TcpStream,
    script: Script,
    counter: Arc<AtomicU64>,
) -> std::io::Result<()> {
    let (path, head, body) = read_request(&mut sock).await?;
    if path.ends_with("/metrics") {
        let text = "# TYPE llamacpp:requests_processing gauge\nllamacpp:requests_processing 1\nllamacpp:requests_deferred 0\n";
        let resp = format!(
            "HTTP/1.1 200 OK\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{text}",
            text.len()
        );
        send(&mut sock, resp.as_bytes()).await;
        return Ok(());
    }
    if !path.ends_with("/completions") {
        send(
            &mut sock,
            b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
        )
        .await;
        return Ok(());
    }
    if body["max_tokens"] == 2 {
        // The probe.
        send(&mut sock, SSE_HEAD).await;
        let c = text_chunk("x", Some("length"), Some(1));
        send(
            &mut sock,
            format!("data: {c}\n\ndata: [DONE]\n\n").as_bytes(),
        )
        .await;
        return Ok(());
    }
    let n = counter.fetch_add(1, Ordering::SeqCst);
    let fail_500 = match script {
        Script::AllFail => true,
        Script::Http500OnOdd => n % 2 == 0,
        _ => false,
    };
    if fail_500 {
        // Echo what the client sent, key included: the client must redact it.
        let auth = head
            .lines()
            .find(|l| l.to_ascii_lowercase().starts_with("authorization"))
            .unwrap_or("");
        let text = format!("{{\"error\": \"internal error, you sent {auth}\"}}");
        let resp = format!(
            "HTTP/1.1 500 Internal Server Error\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{text}",
            text.len()
        );
        send(&mut sock, resp.as_bytes()).await;
        return Ok(());
    }
    let ms = |m: u64| sleep(Duration::from_millis(m));
    match script {
        Script::MultiToken => {
            send(&mut sock, SSE_HEAD).await;
            ms(100).await;
            // One event split over two writes, with a comment line before it.
            let first = format!(
                ": keep-alive\n\ndata: {}\n\n",
                text_chunk("ab", None, Some(2))
            );
            let (a, b) = first.split_at(first.len() / 2);
            send(&mut sock, a.as_bytes()).await;
            send(&mut sock, b.as_bytes()).await;
            ms(30).await;
            send(
                &mut sock,
                format!("data:{}\n\n", text_chunk("cde", None, Some(5))).as_bytes(),
            )
            .await;
            ms(30).await;
            // Several events in one write: last token with finish, usage-only chunk, [DONE].
            let usage = serde_json::json!({"choices": [], "usage": {"prompt_tokens": 21, "completion_tokens": 6}});
            send(
                &mut sock,
                format!(
                    "data: {}\n\ndata: {usage}\n\ndata: [DONE]\n\n",
                    text_chunk("f", Some("length"), Some(6))
                )
                .as_bytes(),
            )
            .await;
        }
        Script::Chat => {
            send(&mut sock, SSE_HEAD).await;
            ms(50).await;
            let role =
                serde_json::json!({"choices": [{"index": 0, "delta": {"role": "assistant"}}]});
            send(&mut sock, format!("data: {role}\r\n\r\n").as_bytes()).await;
            ms(50).await;
            for (i, w) in ["a", "b", "c", "d"].iter().enumerate() {
                if i > 0 {
                    ms(20).await;
                }
                let finish = if i == 3 {
                    Value::from("length")
                } else {
                    Value::Null
                };
                let c = serde_json::json!({"choices": [{"index": 0, "delta": {"content": w}, "finish_reason": finish}]});
                send(&mut sock, format!("data: {c}\r\n\r\n").as_bytes()).await;
            }
            ms(5).await;
            let usage = serde_json::json!({"choices": [], "usage": {"prompt_tokens": 30, "completion_tokens": 4}});
            send(
                &mut sock,
                format!("data: {usage}\r\n\r\ndata: [DONE]\r\n\r\n").as_bytes(),
            )
            .await;
        }
        Script::EarlyStop => {
            send(&mut sock, SSE_HEAD).await;
            for i in 0..3 {
                ms(if i == 0 { 40 } else { 10 }).await;
                let finish = (i == 2).then_some("stop");
                send(
                    &mut sock,
                    format!("data: {}\n\n", text_chunk("t", finish, None)).as_bytes(),
                )
                .await;
            }
            // No [DONE]: the body just closes after the finish_reason.
        }
        Script::Http500OnOdd => {
            send(&mut sock, SSE_HEAD).await;
            for i in 0..5 {
                ms(if i == 0 { 20 } else { 100 }).await;
                let finish = (i == 4).then_some("length");
                send(
                    &mut sock,
                    format!("data: {}\n\n", text_chunk("t", finish, None)).as_bytes(),
                )
                .await;
            }
            send(&mut sock, b"data: [DONE]\n\n").await;
        }
        Script::AllFail | Script::Slow => {
            send(&mut sock, SSE_HEAD).await;
            for i in 0..50 {
                ms(if i == 0 { 20 } else { 100 }).await;
                let finish = (i == 49).then_some("length");
                send(
                    &mut sock,
                    format!("data: {}\n\n", text_chunk("t", finish, None)).as_bytes(),
                )
                .await;
            }
            send(&mut sock, b"data: [DONE]\n\n").await;
        }
        Script::Cut => {
            send(&mut sock, SSE_HEAD).await;
            for _ in 0..3 {
                ms(10).await;
                send(
                    &mut sock,
                    format!("data: {}\n\n", text_chunk("t", None, None)).as_bytes(),
                )
                .await;
            }
        }
        Script::NoTokens => {
            send(&mut sock, SSE_HEAD).await;
            ms(10).await;
            send(&mut sock, b"data: [DONE]\n\n").await;
        }
        Script::SlowFirstByte => {
            ms(300).await;
            send(&mut sock, SSE_HEAD).await;
            send(
                &mut sock,
                format!("data: {}\n\n", text_chunk("t", None, None)).as_bytes(),
            )
            .await;
            ms(10).await;
            send(
                &mut sock,
                format!(
                    "data: {}\n\ndata: [DONE]\n\n",
                    text_chunk("u", Some("length"), None)
                )
                .as_bytes(),
            )
            .await;
        }
        Script::Malformed => {
            send(&mut sock, SSE_HEAD).await;
            ms(10).await;
            send(
                &mut sock,
                format!("data: {}\n\n", text_chunk("t", None, None)).as_bytes(),
            )
            .await;
            send(
                &mut sock,
                b"data: {\"choices\": [{\"text\": \"oops\"\n\ndata: [DONE]\n\n",
            )
            .await;
        }
        Script::ErrorEvent => {
            send(&mut sock, SSE_HEAD).await;
            ms(10).await;
            send(
                &mut sock,
                format!("data: {}\n\n", text_chunk("t", None, None)).as_bytes(),
            )
            .await;
            send(
                &mut sock,
                b"event: error\ndata: {\"message\": \"engine died\"}\n\n",
            )
            .await;
        }
    }
    let _ = sock.shutdown().await;
    Ok(())
}

struct Run {
    file: Value,
    jsonl: String,
    out: Output,
}

fn measure(script: Script, args: &[&str]) -> Run {
    let _turn = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let port = spawn_server(script);
    let dir = common::Scratch::new(format!("benchfit-measure-{}-{port}", std::process::id()));
    let file = dir.join("m.json");
    let out = Command::new(env!("CARGO_BIN_EXE_benchfit"))
        .args([
            "measure",
            "--url",
            &format!("http://127.0.0.1:{port}/v1"),
            "--model",
            "fault",
        ])
        .args(["--out", file.to_str().unwrap()])
        .args(args)
        .env("OPENAI_API_KEY", SECRET)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "exit {:?}\nstdout {}\nstderr {}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&file).unwrap();
    let jsonl = std::fs::read_to_string(dir.join("m.json.jsonl")).unwrap();
    for s in [
        &text,
        &jsonl,
        &String::from_utf8_lossy(&out.stdout).to_string(),
        &String::from_utf8_lossy(&out.stderr).to_string(),
    ] {
        assert!(!s.contains(SECRET), "the API key leaked: {s}");
    }
    Run {
        file: serde_json::from_str(&text).unwrap(),
        jsonl,
        out,
    }
}

#[track_caller]
fn at(v: &Value, want_ms: f64) {
    let got = v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"));
    assert!(
        got >= want_ms - 1.0 && got <= want_ms + SLACK_MS,
        "{got} ms, scripted {want_ms} ms"
    );
}

fn summary(r: &Run) -> &Value {
    &r.file["summary"]
}

#[test]
fn multi_token_chunks_with_continuous_usage() {
    let r = measure(
        Script::MultiToken,
        &["--requests", "2", "--output-tokens", "6"],
    );
    let s = summary(&r);
    assert_eq!(
        s["requests"],
        serde_json::json!({"completed": 2, "failed": 0, "incomplete": 0})
    );
    for req in r.file["requests"].as_array().unwrap() {
        assert_eq!(req["output_tokens"], 6);
        assert_eq!(req["prompt_tokens"], 21);
        assert_eq!(req["token_source"], "usage_per_chunk");
        let chunks: Vec<u64> = req["chunks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["tokens"].as_u64().unwrap())
            .collect();
        assert_eq!(chunks, vec![2, 3, 1]);
        at(&req["ttft_ms"], 100.0);
        at(&req["e2e_ms"], 160.0);
    }
    // Gaps per request: 0 (2nd token of the first chunk), 10, 10, 10 (30 ms over 3 tokens), 30.
    assert_eq!(s["samples"]["itl"], 10);
    at(&s["latency_ms"]["itl"]["p50"], 10.0);
    at(&s["latency_ms"]["itl"]["p99"], 30.0);
    assert!(s["latency_ms"]["itl"]["p50"].as_f64().unwrap() < 10.0 + SLACK_MS / 3.0);
    // TPOT = (160 − 100) / 5 = 12.
    at(&s["latency_ms"]["tpot"]["mean"], 12.0);
    assert_eq!(r.jsonl.lines().count(), 2);
    assert_eq!(
        r.file["server_metrics"]["families_found"],
        serde_json::json!(["llamacpp:requests_deferred", "llamacpp:requests_processing"])
    );
    assert_eq!(r.file["run"]["runtime"], "llama.cpp");
    assert_eq!(r.file["run"]["prompt_calibration"]["method"], "usage");
}

#[test]
fn chat_role_chunk_is_not_a_token_and_usage_without_text_counts() {
    let r = measure(
        Script::Chat,
        &["--api", "chat", "--requests", "1", "--output-tokens", "4"],
    );
    let req = &r.file["requests"][0];
    assert_eq!(req["status"], "ok");
    at(&req["ttft_ms"], 100.0); // not 50: the role-only chunk carries no token
    assert_eq!(req["output_tokens"], 4);
    assert_eq!(req["prompt_tokens"], 30);
    assert_eq!(req["token_source"], "usage_final");
    at(&req["e2e_ms"], 165.0);
    // TPOT = (165 − 100) / 3.
    at(&summary(&r)["latency_ms"]["tpot"]["mean"], 65.0 / 3.0);
    at(&summary(&r)["latency_ms"]["itl"]["mean"], 20.0);
}

#[test]
fn early_stop_is_a_success_with_what_came_back() {
    let r = measure(
        Script::EarlyStop,
        &["--requests", "1", "--output-tokens", "10"],
    );
    let req = &r.file["requests"][0];
    assert_eq!(req["status"], "ok");
    assert_eq!(req["finish_reason"], "stop");
    assert_eq!(req["requested_output_tokens"], 10);
    assert_eq!(req["output_tokens"], 3);
    assert_eq!(req["token_source"], "chunks");
    at(&req["ttft_ms"], 40.0);
    at(&summary(&r)["latency_ms"]["tpot"]["mean"], 10.0);
}

#[test]
fn http_500_on_some_requests_is_counted_beside_the_latencies() {
    let r = measure(
        Script::Http500OnOdd,
        &["--requests", "2", "--output-tokens", "5"],
    );
    let s = summary(&r);
    assert_eq!(
        s["requests"],
        serde_json::json!({"completed": 1, "failed": 1, "incomplete": 0})
    );
    assert_eq!(
        s["failure_reasons"],
        serde_json::json!([{"reason": "http 500", "count": 1}])
    );
    assert_eq!(s["samples"]["ttft"], 1);
    let failed = r.file["requests"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["status"] == "failed")
        .unwrap();
    assert!(
        failed["error"].as_str().unwrap().contains("[redacted]"),
        "{failed}"
    );
    // The success: first token at 20 ms, then 4 gaps of 100 ms.
    at(&s["latency_ms"]["ttft"]["mean"], 20.0);
    at(&s["latency_ms"]["e2e"]["mean"], 420.0);
    at(&s["latency_ms"]["tpot"]["mean"], 100.0);
    // Throughput over the window (first send → last token).
    let window = s["window_s"].as_f64().unwrap();
    let tps = s["throughput"]["output_tokens_per_s"].as_f64().unwrap();
    assert!((tps - 5.0 / window).abs() < 1e-9);
    at(&Value::from(window * 1000.0), 420.0);
}

#[test]
fn every_request_failing_still_writes_the_file_and_exits_0() {
    let r = measure(Script::AllFail, &["--requests", "3", "--json"]);
    let s = summary(&r);
    assert_eq!(
        s["requests"],
        serde_json::json!({"completed": 0, "failed": 3, "incomplete": 0})
    );
    assert_eq!(s["latency_ms"]["ttft"], Value::Null);
    assert_eq!(s["throughput"]["output_tokens_per_s"], 0.0);
    // --json: stdout is the summary and nothing else.
    let stdout: Value = serde_json::from_slice(&r.out.stdout).unwrap();
    assert_eq!(&stdout, s);
}

#[test]
fn stream_cut_no_tokens_malformed_and_error_events_fail_with_reasons() {
    for (script, reason) in [
        (Script::Cut, "stream cut"),
        (Script::NoTokens, "no tokens"),
        (Script::Malformed, "malformed event"),
        (Script::ErrorEvent, "error event"),
    ] {
        let r = measure(script, &["--requests", "2"]);
        let s = summary(&r);
        assert_eq!(s["requests"]["failed"], 2, "{reason}");
        assert_eq!(s["failure_reasons"][0]["reason"], reason);
        assert_eq!(s["failure_reasons"][0]["count"], 2);
        assert_eq!(s["latency_ms"]["e2e"], Value::Null);
        if script == Script::Cut {
            // The tokens it produced are kept on the record.
            assert_eq!(r.file["requests"][0]["output_tokens"], 3);
        }
    }
}

#[test]
fn slow_first_byte_counts_in_ttft_and_one_token_has_no_tpot() {
    // (max_tokens 3: 2 is the probe's.)
    let r = measure(
        Script::SlowFirstByte,
        &["--requests", "1", "--output-tokens", "3"],
    );
    let req = &r.file["requests"][0];
    at(&req["ttft_ms"], 300.0);
    at(&req["e2e_ms"], 310.0);
    assert_eq!(req["output_tokens"], 2);
    at(&summary(&r)["latency_ms"]["tpot"]["mean"], 10.0);
}

#[test]
fn duration_cut_reports_incomplete_requests_with_their_tokens() {
    let r = measure(
        Script::Slow,
        &[
            "--duration",
            "0.5",
            "--concurrency",
            "2",
            "--output-tokens",
            "50",
        ],
    );
    let s = summary(&r);
    assert_eq!(
        s["requests"],
        serde_json::json!({"completed": 0, "failed": 0, "incomplete": 2})
    );
    for req in r.file["requests"].as_array().unwrap() {
        assert_eq!(req["status"], "incomplete");
        // Tokens at 20, 120, 220, 320, 420 ms before the 500 ms cut (one may be in flight).
        let n = req["output_tokens"].as_u64().unwrap();
        assert!((4..=5).contains(&n), "{n}");
        assert_eq!(req["e2e_ms"], Value::Null);
    }
    assert_eq!(r.file["run"]["partial"], false);
}

#[test]
fn open_loop_constant_rate_sends_on_schedule() {
    let r = measure(
        Script::EarlyStop,
        &[
            "--rate",
            "20",
            "--arrival",
            "constant",
            "--requests",
            "4",
            "--output-tokens",
            "3",
        ],
    );
    let reqs = r.file["requests"].as_array().unwrap();
    assert_eq!(reqs.len(), 4);
    for (i, req) in reqs.iter().enumerate() {
        assert!((req["scheduled_ms"].as_f64().unwrap() - 50.0 * i as f64).abs() < 1e-9);
        let lag = req["sent_ms"].as_f64().unwrap() - req["scheduled_ms"].as_f64().unwrap();
        assert!((0.0..SLACK_MS).contains(&lag), "lag {lag}");
    }
}

fn benchfit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_benchfit"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn bad_measure_flags_exit_2_naming_the_flag() {
    for (args, needle) in [
        (
            vec!["--url", "http://127.0.0.1:1/api", "--model", "m"],
            "--url",
        ),
        (
            vec![
                "--url",
                "http://127.0.0.1:1/v1",
                "--model",
                "m",
                "--prompt-tokens",
                "0",
            ],
            "--prompt-tokens",
        ),
        (
            vec![
                "--url",
                "http://127.0.0.1:1/v1",
                "--model",
                "m",
                "--output-tokens",
                "9-3",
            ],
            "--output-tokens",
        ),
        (
            vec![
                "--url",
                "http://127.0.0.1:1/v1",
                "--model",
                "m",
                "--rate",
                "-1",
            ],
            "--rate",
        ),
        (
            vec![
                "--url",
                "http://127.0.0.1:1/v1",
                "--model",
                "m",
                "--extra-body",
                "[1]",
            ],
            "--extra-body",
        ),
        (
            vec!["--url", "http://u:pw@127.0.0.1:1/v1", "--model", "m"],
            "credentials",
        ),
    ] {
        let mut all = vec!["measure"];
        all.extend(args);
        let out = benchfit(&all);
        assert_eq!(out.status.code(), Some(2), "{all:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{err}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn api_key_file_is_read_and_never_shown() {
    let dir = common::Scratch::new(format!("benchfit-key-{}", std::process::id()));
    let key = dir.join("key");
    std::fs::write(&key, format!("{SECRET}\n")).unwrap();
    let port = spawn_server(Script::AllFail);
    let out = benchfit(&[
        "measure",
        "--url",
        &format!("http://127.0.0.1:{port}/v1"),
        "--model",
        "m",
        "--api-key-file",
        key.to_str().unwrap(),
        "--requests",
        "1",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let all = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!all.contains(SECRET));
    let out = benchfit(&[
        "measure",
        "--url",
        "http://127.0.0.1:1/v1",
        "--model",
        "m",
        "--api-key-file",
        "/nonexistent/key",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--api-key-file"));
}

#[test]
fn import_and_gpu_subcommands() {
    let sample = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../benchfit-core/tests/data/import/llmperf_summary.json"
    );
    let out = benchfit(&["import", sample, "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let m: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(m["source"]["tool"], "llmperf");
    assert_eq!(m["summary"]["latency_ms"]["ttft"]["p50"], 250.0);
    let out = benchfit(&["import", "/nonexistent.json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent.json"));
    let bad = std::env::temp_dir().join(format!("benchfit-bad-{}.json", std::process::id()));
    std::fs::write(&bad, "{\"hello\": 1}").unwrap();
    let out = benchfit(&["import", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a result file benchfit knows"));
    let _ = std::fs::remove_file(&bad);
    // No NVIDIA driver on CI: one clear line, exit 0.
    let out = benchfit(&["gpu", "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let g: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(g["available"].is_boolean());
}
