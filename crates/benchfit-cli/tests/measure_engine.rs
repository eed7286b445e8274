//! Where the time goes: `benchfit measure` reads the engine's `/metrics` before and after each
//! stage and splits TTFT into the engine's queue, prefill and the rest (issue 14, item 6).
//!
//! The scripted server exports vLLM 0.33's series (names of `vllm/v1/metrics/loggers.py`) as
//! counters that grow as its requests finish, so `/metrics` changes between reads: every counted
//! request adds 0.05 s to `vllm:request_queue_time_seconds`, 0.02 s to
//! `vllm:request_prefill_time_seconds`, 0.2 s to the decode and 0.22 s to the inference
//! histogram, 64 queried and 16 hit prompt tokens (hit rate 0.25), and every 4th request one
//! preemption. Like vLLM, it records a request a moment (100 ms) after the response has ended,
//! so the read after a stage must wait for it. Its first token comes 100 ms after the request:
//! the client's TTFT is at least 100 ms, so the rest (TTFT − 50 − 20) at least 30 ms.

mod common;

use common::{read_request, send, text_chunk, SSE_HEAD};
use serde_json::Value;
use std::ops::Range;
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio::time::sleep;

#[derive(Clone)]
struct Server {
    /// Counted requests the engine has recorded.
    finished: Arc<AtomicU64>,
    /// Serve `/metrics` (else 404).
    metrics: bool,
    /// The `/metrics` requests (numbered from 0, in the order they come) whose connection is
    /// closed without an answer. Before the run's clock starts benchfit reads `/metrics` once
    /// (read 0), then the telemetry scraper's first read comes at once (read 1), as the stage
    /// starts, and the engine's read after a single stage comes after it.
    closed: Range<u64>,
    /// `/metrics` requests so far.
    reads: Arc<AtomicU64>,
}

fn vllm_metrics(n: u64) -> String {
    let l = "{engine=\"0\",model_name=\"m\"}";
    let n = n as f64;
    let mut t = String::new();
    for (family, per) in [
        ("vllm:request_queue_time_seconds", 0.05),
        ("vllm:request_prefill_time_seconds", 0.02),
        ("vllm:request_decode_time_seconds", 0.2),
        ("vllm:request_inference_time_seconds", 0.22),
    ] {
        t.push_str(&format!(
            "# TYPE {family} histogram\n{family}_bucket{{engine=\"0\",le=\"+Inf\",model_name=\"m\"}} {n}\n{family}_count{l} {n}\n{family}_sum{l} {}\n",
            per * n
        ));
    }
    t.push_str(&format!(
        "# TYPE vllm:prefix_cache_queries_total counter\nvllm:prefix_cache_queries_total{l} {}\nvllm:prefix_cache_hits_total{l} {}\nvllm:num_preemptions_total{l} {}\nvllm:num_requests_running{l} 0\n",
        64.0 * n,
        16.0 * n,
        (n / 4.0).floor()
    ));
    t
}

async fn handle(mut sock: TcpStream, s: Server) -> std::io::Result<()> {
    let (path, _, body) = read_request(&mut sock).await?;
    if path.ends_with("/metrics") {
        if s.closed.contains(&s.reads.fetch_add(1, Ordering::SeqCst)) {
            return Ok(());
        }
        let resp = if s.metrics {
            let text = vllm_metrics(s.finished.load(Ordering::SeqCst));
            format!(
                "HTTP/1.1 200 OK\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{text}",
                text.len()
            )
        } else {
            "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".into()
        };
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
    let probe = body["max_tokens"] == 2;
    send(&mut sock, SSE_HEAD).await;
    if !probe {
        sleep(Duration::from_millis(100)).await;
    }
    let mut events = format!("data: {}\n\n", text_chunk("a", None, None));
    events.push_str(&format!(
        "data: {}\n\ndata: [DONE]\n\n",
        text_chunk("b", Some("length"), Some(2))
    ));
    send(&mut sock, events.as_bytes()).await;
    drop(sock);
    if !probe {
        sleep(Duration::from_millis(100)).await;
        s.finished.fetch_add(1, Ordering::SeqCst);
    }
    Ok(())
}

fn measure(metrics: bool, args: &[&str]) -> (Value, String) {
    let (m, stdout, _) = measure_and_import(metrics, args);
    (m, stdout)
}

/// Measures, then runs `benchfit import` on the file: (the file, measure's stdout, import's
/// stdout).
fn measure_and_import(metrics: bool, args: &[&str]) -> (Value, String, String) {
    run(
        Server {
            finished: Arc::new(AtomicU64::new(0)),
            metrics,
            closed: 0..0,
            reads: Arc::new(AtomicU64::new(0)),
        },
        args,
    )
}

fn run(server: Server, args: &[&str]) -> (Value, String, String) {
    let port = common::serve(server, handle);
    let dir = common::Scratch::new(format!("benchfit-engine-{}-{port}", std::process::id()));
    let file = dir.join("m.json");
    let out = Command::new(env!("CARGO_BIN_EXE_benchfit"))
        .args(["measure", "--url", &format!("http://127.0.0.1:{port}/v1")])
        .args(["--model", "m", "--output-tokens", "3", "--out"])
        .arg(&file)
        .args(args)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let m = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let imported = Command::new(env!("CARGO_BIN_EXE_benchfit"))
        .arg("import")
        .arg(&file)
        .output()
        .unwrap();
    assert!(imported.status.success());
    (
        m,
        stdout,
        String::from_utf8_lossy(&imported.stdout).to_string(),
    )
}

#[track_caller]
fn near(v: &Value, want: f64) {
    let got = v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"));
    assert!((got - want).abs() < 1e-6, "{got} vs {want}");
}

/// The client's mean TTFT over the completed requests of `stage` (None: every request).
fn client_ttft(m: &Value, stage: Option<u64>) -> f64 {
    let t: Vec<f64> = m["requests"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| stage.is_none() || r["stage"].as_u64() == stage)
        .filter_map(|r| r["ttft_ms"].as_f64())
        .collect();
    t.iter().sum::<f64>() / t.len() as f64
}

#[test]
fn one_stage_ttft_split_hit_rate_and_preemptions() {
    let (m, stdout) = measure(true, &["--concurrency", "2", "--requests", "8"]);
    let e = &m["engine_time"].as_array().expect("engine_time")[..];
    assert_eq!(e.len(), 1);
    let e = &e[0];
    assert!(e.get("stage").is_none(), "{e}");
    assert_eq!(e["runtime"], "vllm");
    // 8 requests between the reads: the read after waited for the engine's late records.
    near(&e["engine_requests"], 8.0);
    assert_eq!(e["client_requests"], 8);
    near(&e["queue_ms"], 50.0);
    near(&e["prefill_ms"], 20.0);
    near(&e["decode_ms"], 200.0);
    near(&e["inference_ms"], 220.0);
    let t = &e["ttft"];
    let ttft = client_ttft(&m, None);
    near(&t["measured_ms"], ttft);
    near(&t["rest_ms"], ttft - 70.0);
    assert!(t["rest_ms"].as_f64().unwrap() >= 30.0 - 1e-9, "{t}");
    // 8 × 16 of 8 × 64 prompt tokens; 2 preemptions (after the 4th and the 8th).
    near(&e["prefix_cache"]["hit_tokens"], 128.0);
    near(&e["prefix_cache"]["query_tokens"], 512.0);
    near(&e["prefix_cache"]["hit_rate"], 0.25);
    near(&e["preemptions"], 2.0);
    assert_eq!(e["notes"], serde_json::json!([]));
    assert!(
        stdout.contains("where the time goes (vllm /metrics")
            && stdout.contains("queue 50.00 + prefill 20.00 + rest")
            && stdout.contains("25.0 % of 512 prompt tokens hit; preemptions: 2"),
        "{stdout}"
    );
    // On import, the hit rate is the estimate's prompt reuse.
    let core = benchfit_core::measurement::import(m.to_string().as_bytes()).unwrap();
    let r = benchfit_core::measurement::prompt_reuse(&core).unwrap();
    assert_eq!((r.hit_rate, r.prefix_tokens(1800)), (0.25, 450));
}

#[test]
fn each_stage_of_a_sweep_has_its_own_split() {
    let (m, stdout) = measure(true, &["--sweep", "concurrency=1,2", "--requests", "4"]);
    let e = m["engine_time"].as_array().expect("engine_time");
    assert_eq!(e.len(), 2);
    for (i, e) in e.iter().enumerate() {
        assert_eq!(e["stage"], i);
        near(&e["engine_requests"], 4.0);
        near(&e["queue_ms"], 50.0);
        near(&e["prefill_ms"], 20.0);
        near(
            &e["ttft"]["rest_ms"],
            client_ttft(&m, Some(i as u64)) - 70.0,
        );
        near(&e["prefix_cache"]["hit_rate"], 0.25);
        // One preemption per 4 requests: one in each stage.
        near(&e["preemptions"], 1.0);
    }
    assert!(
        stdout.contains("where the time goes (vllm /metrics, ms per request)"),
        "{stdout}"
    );
    let core = benchfit_core::measurement::import(m.to_string().as_bytes()).unwrap();
    assert_eq!(
        benchfit_core::measurement::prompt_reuse(&core).map(|r| r.stage),
        Some(Some(1))
    );
}

#[test]
fn a_server_without_metrics_measures_fine_without_the_section() {
    let (m, stdout) = measure(false, &["--concurrency", "2", "--requests", "4"]);
    assert_eq!(m["summary"]["requests"]["completed"], 4);
    assert!(m.get("engine_time").is_none(), "{}", m["engine_time"]);
    let notes = m["server_metrics"]["notes"].to_string();
    assert!(notes.contains("answered http 404"), "{notes}");
    assert!(!stdout.contains("where the time goes"), "{stdout}");
}

/// `benchfit import` of a file with the section: the headline split and the prompt reuse (the
/// scripted usage reports 21 prompt tokens: 25 % of 21 is 5.25, so 5 prefix tokens).
#[test]
fn import_prints_the_split_and_the_prompt_reuse() {
    let (m, _, text) = measure_and_import(true, &["--concurrency", "1", "--requests", "4"]);
    assert_eq!(m["summary"]["prompt_tokens"], 4 * 21);
    assert!(
        text.contains("engine (vllm): ttft mean ")
            && text.contains("ms = queue 50.00 + prefill 20.00 + rest "),
        "{text}"
    );
    assert!(
        text.contains("prefix cache: 25.00 % of prompt tokens hit → the estimate's prompt reuse: --prefix-tokens 5 at the measured mean prompt of 21.00 tokens"),
        "{text}"
    );
}

/// The endpoint answered before the run, then stopped answering (every later read's connection
/// is closed, the telemetry scraper's too): the run measures as usual, without `engine_time`,
/// and a note says why.
#[test]
fn an_engine_read_that_fails_after_the_stage_is_a_note() {
    let (m, _, _) = run(
        Server {
            finished: Arc::new(AtomicU64::new(0)),
            metrics: true,
            closed: 1..u64::MAX,
            reads: Arc::new(AtomicU64::new(0)),
        },
        &["--concurrency", "2", "--requests", "4"],
    );
    assert_eq!(m["summary"]["requests"]["completed"], 4);
    assert!(m.get("engine_time").is_none(), "{}", m["engine_time"]);
    let notes = m["server_metrics"]["notes"].to_string();
    assert!(
        notes.contains("the engine's series were not read after the run: the connection failed; no engine_time for it"),
        "{notes}"
    );
}

/// The read before the run has its connection closed twice (on the pooled connection, then on
/// the new one it is re-sent on): it is tried again and answers, and the split is there
/// without a note.
#[test]
fn an_engine_read_whose_connection_closes_is_tried_again() {
    let (m, _, _) = run(
        Server {
            finished: Arc::new(AtomicU64::new(0)),
            metrics: true,
            closed: 0..2,
            reads: Arc::new(AtomicU64::new(0)),
        },
        &["--concurrency", "2", "--requests", "4"],
    );
    let e = m["engine_time"].as_array().expect("engine_time");
    assert_eq!(e.len(), 1);
    near(&e[0]["engine_requests"], 4.0);
    let notes = m["server_metrics"]["notes"].to_string();
    assert!(!notes.contains("engine's series"), "{notes}");
}

/// A metrics URL where nothing listens: no endpoint, as for the telemetry scrape; the run
/// measures as usual, without `engine_time` or a note about it.
#[test]
fn a_metrics_url_that_refuses_is_no_endpoint() {
    let dead = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/metrics", dead.local_addr().unwrap());
    drop(dead);
    let (m, _, _) = measure_and_import(
        true,
        &[
            "--concurrency",
            "2",
            "--requests",
            "4",
            "--metrics-url",
            &url,
        ],
    );
    assert_eq!(m["summary"]["requests"]["completed"], 4);
    assert!(m.get("engine_time").is_none(), "{}", m["engine_time"]);
    let notes = m["server_metrics"]["notes"].to_string();
    assert!(notes.contains("connection failed"), "{notes}");
    assert!(!notes.contains("engine's series"), "{notes}");
}
