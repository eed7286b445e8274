//! `benchfit measure` when the connection or the server fails under it (issue 14), against stub
//! servers on 127.0.0.1 whose every step the test controls:
//!
//! - a keep-alive server that closes each connection when a second request arrives on it
//!   (llama.cpp's server closes after every streamed response while advertising keep-alive):
//!   every request still succeeds, those that went out on a closed pooled connection are
//!   re-sent once on a new connection and say so (`retried: 1`, the reason);
//! - a server that stops accepting after three requests: the run stops after
//!   `--max-connection-failures` requests in a row got no answer, the file is partial with the
//!   reason, and the summary counts the requests that never got an answer;
//! - Ctrl-C (SIGINT) while two requests stream: both are recorded incomplete with their TTFT and
//!   tokens so far, and the process exits 130.

mod common;

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Reads one HTTP request (headers and a Content-Length body); returns the head and body.
fn read_request(r: &mut BufReader<TcpStream>) -> Option<(String, Value)> {
    let mut head = String::new();
    loop {
        let mut line = String::new();
        if r.read_line(&mut line).ok()? == 0 {
            return None;
        }
        if line == "\r\n" {
            break;
        }
        head.push_str(&line);
    }
    let len = head
        .lines()
        .find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.eq_ignore_ascii_case("content-length")
                .then(|| v.trim().parse::<usize>().ok())?
        })
        .unwrap_or(0);
    let mut body = vec![0; len];
    r.read_exact(&mut body).ok()?;
    Some((head, serde_json::from_slice(&body).unwrap_or(Value::Null)))
}

fn chunk(text: &str, finish: Option<&str>) -> String {
    let v = serde_json::json!({"choices": [{"index": 0, "text": text, "finish_reason": finish}]});
    format!("data: {v}\n\n")
}

/// A whole SSE body of `n` one-token chunks, [DONE] included.
fn sse_body(n: usize) -> String {
    let mut b: String = (0..n)
        .map(|i| chunk("t", (i + 1 == n).then_some("length")))
        .collect();
    b.push_str("data: [DONE]\n\n");
    b
}

fn tmp(name: &str) -> common::Scratch {
    common::Scratch::new(format!("benchfit-faults-{name}-{}", std::process::id()))
}

fn benchfit(port: u16, file: &std::path::Path, extra: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_benchfit"));
    c.args([
        "measure",
        "--url",
        &format!("http://127.0.0.1:{port}/v1"),
        "--model",
        "m",
        "--timeout",
        "30",
        "--out",
        file.to_str().unwrap(),
    ])
    .args(["--metrics-url", &format!("http://127.0.0.1:{port}/metrics")])
    .args(extra);
    c
}

fn read_file(file: &std::path::Path, out: &Output) -> Value {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| {
        panic!(
            "{e}: exit {:?}\n{}\n{}",
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    serde_json::from_str(&text).unwrap()
}

#[test]
fn a_request_on_a_closed_pooled_connection_is_resent_once_on_a_new_one() {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = l.local_addr().unwrap().port();
    let connections = Arc::new(AtomicUsize::new(0));
    let dropped = Arc::new(AtomicUsize::new(0));
    {
        let (connections, dropped) = (connections.clone(), dropped.clone());
        std::thread::spawn(move || {
            for s in l.incoming() {
                let Ok(s) = s else { continue };
                connections.fetch_add(1, Ordering::SeqCst);
                let dropped = dropped.clone();
                std::thread::spawn(move || {
                    let mut w = s.try_clone().unwrap();
                    let mut r = BufReader::new(s);
                    // The first request on a connection is answered with keep-alive.
                    let Some((head, _)) = read_request(&mut r) else {
                        return;
                    };
                    let body = if head.starts_with("GET") {
                        "llamacpp:requests_processing 1\n".to_string()
                    } else {
                        sse_body(3)
                    };
                    let ctype = if head.starts_with("GET") {
                        "text/plain"
                    } else {
                        "text/event-stream"
                    };
                    let _ = write!(
                        w,
                        "HTTP/1.1 200 OK\r\nContent-Type: {ctype}\r\nContent-Length: {}\r\nConnection: keep-alive\r\n\r\n{body}",
                        body.len()
                    );
                    let _ = w.flush();
                    // A second request on it: the connection is closed without an answer.
                    if read_request(&mut r).is_some() {
                        dropped.fetch_add(1, Ordering::SeqCst);
                    }
                    let _ = w.shutdown(std::net::Shutdown::Both);
                });
            }
        });
    }
    let dir = tmp("retry");
    let file = dir.join("m.json");
    let out = benchfit(
        port,
        &file,
        &[
            "--requests",
            "30",
            "--concurrency",
            "3",
            "--output-tokens",
            "3",
        ],
    )
    .output()
    .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let m = read_file(&file, &out);
    let s = &m["summary"];
    assert_eq!(
        s["requests"],
        serde_json::json!({"completed": 30, "failed": 0, "incomplete": 0}),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let reqs = m["requests"].as_array().unwrap();
    let retried: Vec<&Value> = reqs.iter().filter(|r| r["retried"] == 1).collect();
    // Each counted request after the first one on a pooled connection hit a closed one.
    assert!(!retried.is_empty(), "no request was re-sent");
    assert_eq!(s["retried"], retried.len());
    for r in &retried {
        let why = r["retry_reason"].as_str().unwrap();
        assert!(
            why.contains("connection closed before message completed")
                || why.contains("reset")
                || why.contains("broken pipe"),
            "{why}"
        );
        assert_eq!(r["output_tokens"], 3);
    }
    for r in reqs.iter().filter(|r| r["retried"] == 0) {
        assert!(r.get("retry_reason").is_none(), "{r}");
    }
    // The server dropped at least the retried counted requests (the probe and the metrics
    // scrapes may have hit closed connections too).
    assert!(dropped.load(Ordering::SeqCst) >= retried.len());
    assert!(String::from_utf8_lossy(&out.stdout).contains("re-sent once on a new connection"));
}

#[test]
fn a_server_that_stops_answering_ends_the_run_partial_with_the_reason() {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = l.local_addr().unwrap().port();
    let answered = Arc::new(AtomicUsize::new(0));
    {
        let answered = answered.clone();
        std::thread::spawn(move || {
            // Three counted requests (and the probe, and any scrape) are answered; then the
            // listener is closed: every later connect is refused.
            for s in l.incoming() {
                let Ok(s) = s else { continue };
                let mut w = s.try_clone().unwrap();
                let mut r = BufReader::new(s);
                let Some((head, body)) = read_request(&mut r) else {
                    continue;
                };
                let text = if head.starts_with("GET") {
                    "llamacpp:requests_processing 1\n".to_string()
                } else {
                    sse_body(2)
                };
                let _ = write!(
                    w,
                    "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{text}",
                    text.len()
                );
                let _ = w.flush();
                if body["max_tokens"] == 5 && answered.fetch_add(1, Ordering::SeqCst) + 1 == 3 {
                    break;
                }
            }
            // `l` is dropped here.
        });
    }
    let dir = tmp("dead");
    let file = dir.join("m.json");
    let out = benchfit(
        port,
        &file,
        &[
            "--requests",
            "400",
            "--concurrency",
            "4",
            "--output-tokens",
            "5",
        ],
    )
    .output()
    .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let m = read_file(&file, &out);
    assert_eq!(m["run"]["partial"], true);
    let why = m["run"]["partial_reason"].as_str().unwrap();
    assert!(
        why.starts_with("the server stopped answering at ")
            && why.ends_with(" s: 20 requests in a row got no answer"),
        "{why}"
    );
    let s = &m["summary"];
    let completed = s["requests"]["completed"].as_u64().unwrap();
    let failed = s["requests"]["failed"].as_u64().unwrap();
    // The server answered 3; one still being read when the stop cancels those in flight is
    // recorded incomplete instead (seen once in 58 runs).
    let incomplete = s["requests"]["incomplete"].as_u64().unwrap();
    assert!(completed <= 3 && completed + incomplete >= 3, "{s}");
    // 20 in a row (in the order requests end) stop it. Failures that end before the last
    // answered request's record reset the streak, and each worker may have one more in flight
    // at the stop, so the count is at least 20 but not fixed (23, 24 and 29 were all seen).
    // What matters: the run stops soon instead of sending all 400.
    assert!((20..100).contains(&failed), "{s}");
    assert_eq!(s["failure_classes"]["transport"], failed);
    assert!(m["requests"].as_array().unwrap().len() as u64 <= completed + failed + 4);
    for r in m["requests"].as_array().unwrap() {
        if r["status"] == "failed" {
            assert_eq!(r["failure_class"], "transport", "{r}");
            // Refused once the listener is gone; a request whose connection the kernel had
            // already queued on the listener (the workers connect before the server accepts)
            // is reset when the listener closes instead.
            let e = r["error"].as_str().unwrap();
            assert!(
                e.starts_with("connect error")
                    || e.starts_with("transport error: connection closed before message completed"),
                "{r}"
            );
        }
    }
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("(partial run)"), "{stdout}");
    assert!(
        stdout.contains(&format!("{failed} never got an answer")),
        "{stdout}"
    );
    assert!(
        stdout.contains("stopped: the server stopped answering at"),
        "{stdout}"
    );
}

#[test]
fn ctrl_c_records_in_flight_requests_as_incomplete_and_exits_130() {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = l.local_addr().unwrap().port();
    let tokens_sent = Arc::new(AtomicUsize::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    {
        let (tokens_sent, stop) = (tokens_sent.clone(), stop.clone());
        std::thread::spawn(move || {
            for s in l.incoming() {
                let Ok(s) = s else { continue };
                let (tokens_sent, stop) = (tokens_sent.clone(), stop.clone());
                std::thread::spawn(move || {
                    let mut w = s.try_clone().unwrap();
                    let mut r = BufReader::new(s);
                    let Some((head, body)) = read_request(&mut r) else {
                        return;
                    };
                    if head.starts_with("GET") || body["max_tokens"] != 500 {
                        // Metrics scrape or the probe: a short whole answer.
                        let text = sse_body(1);
                        let _ = write!(
                            w,
                            "HTTP/1.1 200 OK\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{text}",
                            text.len()
                        );
                        return;
                    }
                    // Counted requests: a close-delimited stream, one token per 20 ms, 500
                    // tokens (10 s: longer than the test waits).
                    let _ = write!(
                        w,
                        "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n"
                    );
                    for _ in 0..500 {
                        if stop.load(Ordering::SeqCst)
                            || w.write_all(chunk("t", None).as_bytes()).is_err()
                            || w.flush().is_err()
                        {
                            return;
                        }
                        tokens_sent.fetch_add(1, Ordering::SeqCst);
                        std::thread::sleep(Duration::from_millis(20));
                    }
                });
            }
        });
    }
    let dir = tmp("sigint");
    let file = dir.join("m.json");
    let child = benchfit(
        port,
        &file,
        &[
            "--requests",
            "10",
            "--concurrency",
            "2",
            "--output-tokens",
            "500",
        ],
    )
    .stdout(Stdio::piped())
    .stderr(Stdio::piped())
    .spawn()
    .unwrap();
    // Both streams have delivered some tokens (at least 10 in all): interrupt.
    let t0 = Instant::now();
    while tokens_sent.load(Ordering::SeqCst) < 10 {
        assert!(
            t0.elapsed() < Duration::from_secs(60),
            "the streams never started"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let out = child.wait_with_output().unwrap();
    stop.store(true, Ordering::SeqCst);
    assert_eq!(
        out.status.code(),
        Some(130),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let m = read_file(&file, &out);
    assert_eq!(m["run"]["partial"], true);
    let why = m["run"]["partial_reason"].as_str().unwrap();
    assert!(why.starts_with("interrupted (Ctrl-C) at "), "{why}");
    let reqs = m["requests"].as_array().unwrap();
    assert_eq!(reqs.len(), 2, "{reqs:?}");
    assert_eq!(
        m["summary"]["requests"],
        serde_json::json!({"completed": 0, "failed": 0, "incomplete": 2})
    );
    for r in reqs {
        assert_eq!(r["status"], "incomplete");
        assert!(r["ttft_ms"].as_f64().unwrap() >= 0.0, "{r}");
        let n = r["output_tokens"].as_u64().unwrap();
        assert!(n >= 1, "{r}");
        assert_eq!(r["chunks"].as_array().unwrap().len() as u64, n);
        assert_eq!(r["e2e_ms"], Value::Null);
    }
    // The in-flight requests are in the .jsonl too.
    let jsonl = std::fs::read_to_string(dir.join("m.json.jsonl")).unwrap();
    assert_eq!(jsonl.lines().count(), 2);
    assert!(String::from_utf8_lossy(&out.stdout).contains("2 incomplete (partial run)"));
}
