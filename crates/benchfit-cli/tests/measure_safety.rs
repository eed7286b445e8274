//! `benchfit measure` against misbehaving servers (issue 7): redirects are not followed (and the
//! key does not travel), an endless stream event is cut, the API key read from a file never
//! reaches the output file, its `.jsonl`, stdout or stderr, and TLS is rustls with certificate
//! checks on.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

const SECRET: &str = "sk-safety-SECRET-777";

/// Reads one HTTP request (headers and a Content-Length body); returns the header text.
fn read_request(sock: &mut TcpStream) -> Option<String> {
    let mut r = BufReader::new(sock.try_clone().ok()?);
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
    Some(head)
}

/// Serves every connection on its own thread with `reply(request head, socket)`.
fn serve(reply: impl Fn(&str, &mut TcpStream) + Send + Sync + 'static) -> (u16, Arc<AtomicUsize>) {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = l.local_addr().unwrap().port();
    let count = Arc::new(AtomicUsize::new(0));
    let seen = count.clone();
    let reply = Arc::new(reply);
    std::thread::spawn(move || {
        for s in l.incoming() {
            let Ok(mut s) = s else { continue };
            seen.fetch_add(1, Ordering::SeqCst);
            let reply = reply.clone();
            std::thread::spawn(move || {
                while let Some(head) = read_request(&mut s) {
                    reply(&head, &mut s);
                }
            });
        }
    });
    (port, count)
}

fn measure(port: u16, extra: &[&str], dir: &std::path::Path) -> (Output, String, String) {
    std::fs::create_dir_all(dir).unwrap();
    let file = dir.join("m.json");
    let out = Command::new(env!("CARGO_BIN_EXE_benchfit"))
        .args([
            "measure",
            "--url",
            &format!("http://127.0.0.1:{port}/v1"),
            "--model",
            "m",
        ])
        .args([
            "--requests",
            "2",
            "--timeout",
            "30",
            "--out",
            file.to_str().unwrap(),
        ])
        .args(["--metrics-url", &format!("http://127.0.0.1:{port}/metrics")])
        .args(extra)
        .env("OPENAI_API_KEY", SECRET)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&file).unwrap();
    let jsonl = std::fs::read_to_string(dir.join("m.json.jsonl")).unwrap();
    for s in [
        &text,
        &jsonl,
        &String::from_utf8_lossy(&out.stdout).into_owned(),
        &String::from_utf8_lossy(&out.stderr).into_owned(),
    ] {
        assert!(!s.contains(SECRET), "the API key leaked: {s}");
    }
    (out, text, jsonl)
}

fn tmp(name: &str) -> common::Scratch {
    common::Scratch::new(format!("benchfit-safety-{name}-{}", std::process::id()))
}

#[test]
fn redirects_are_not_followed_and_the_key_stays_home() {
    // B records every connection and would answer; A redirects everything to B.
    let (b, b_seen) = serve(|_, s| {
        let _ = s.write_all(b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}");
    });
    let (a, _) = serve(move |_, s| {
        let r = format!(
            "HTTP/1.1 307 Temporary Redirect\r\nlocation: http://127.0.0.1:{b}/v1/completions\r\ncontent-length: 0\r\n\r\n"
        );
        let _ = s.write_all(r.as_bytes());
    });
    let (_, text, _) = measure(a, &[], &tmp("redirect"));
    let m: serde_json::Value = serde_json::from_str(&text).unwrap();
    let reqs = m["requests"].as_array().unwrap();
    assert_eq!(reqs.len(), 2);
    for r in reqs {
        assert_eq!(r["status"], "failed");
        assert!(r["error"].as_str().unwrap().starts_with("http 307"), "{r}");
    }
    assert_eq!(b_seen.load(Ordering::SeqCst), 0, "a redirect was followed");
}

#[test]
fn an_endless_stream_event_is_cut_and_the_key_file_never_shows() {
    // Every request: 200, an event stream whose first line never ends (2 MiB of 'x'), with the
    // Authorization header echoed at its start. Metrics: 404.
    let (port, _) = serve(|head, s| {
        if head.starts_with("GET") || head.contains("/tokenize") {
            let _ = s.write_all(b"HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n");
            return;
        }
        let auth = head
            .lines()
            .find(|l| l.to_ascii_lowercase().starts_with("authorization"))
            .unwrap_or("")
            .to_string();
        let _ = s.write_all(
            b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\nconnection: close\r\n\r\n",
        );
        let _ = s.write_all(format!("data: {auth} ").as_bytes());
        let chunk = vec![b'x'; 64 << 10];
        for _ in 0..32 {
            if s.write_all(&chunk).is_err() {
                return;
            }
        }
        let _ = s.shutdown(std::net::Shutdown::Both);
    });
    let dir = tmp("endless");
    std::fs::create_dir_all(&dir).unwrap();
    let key = dir.join("key");
    std::fs::write(&key, format!("{SECRET}\n")).unwrap();
    let (_, text, _) = measure(
        port,
        &[
            "--api-key-env",
            "BENCHFIT_NO_SUCH_VAR",
            "--api-key-file",
            key.to_str().unwrap(),
        ],
        &dir,
    );
    let m: serde_json::Value = serde_json::from_str(&text).unwrap();
    for r in m["requests"].as_array().unwrap() {
        assert_eq!(r["status"], "failed", "{r}");
        let e = r["error"].as_str().unwrap();
        assert!(e.contains("larger than 1 MiB"), "{e}");
    }
}

#[test]
fn a_server_echoing_the_key_file_gets_it_redacted() {
    // HTTP 500 whose body echoes the Authorization header: the key from the file was sent
    // (the echo shows "[redacted]") and appears nowhere.
    let (port, _) = serve(|head, s| {
        let auth = head
            .lines()
            .find(|l| l.to_ascii_lowercase().starts_with("authorization"))
            .unwrap_or("")
            .to_string();
        let body = format!("{{\"error\": \"you sent {auth}\"}}");
        let r = format!(
            "HTTP/1.1 500 Internal Server Error\r\ncontent-length: {}\r\n\r\n{body}",
            body.len()
        );
        let _ = s.write_all(r.as_bytes());
    });
    let dir = tmp("echo");
    std::fs::create_dir_all(&dir).unwrap();
    let key = dir.join("key");
    std::fs::write(&key, format!("{SECRET}\n")).unwrap();
    let (out, text, jsonl) = measure(
        port,
        &[
            "--api-key-env",
            "BENCHFIT_NO_SUCH_VAR",
            "--api-key-file",
            key.to_str().unwrap(),
        ],
        &dir,
    );
    assert!(text.contains("Bearer [redacted]"), "{text}");
    assert!(jsonl.contains("Bearer [redacted]"));
    assert!(String::from_utf8_lossy(&out.stderr).contains("[redacted]"));
}

#[test]
fn tls_is_rustls_with_certificate_checks() {
    // reqwest is built with rustls only (no native-tls), and nothing turns certificate checks
    // off.
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let manifest = std::fs::read_to_string(format!("{root}/Cargo.toml")).unwrap();
    let line = manifest
        .lines()
        .find(|l| l.starts_with("reqwest"))
        .expect("reqwest in [workspace.dependencies]");
    assert!(
        line.contains("default-features = false") && line.contains("\"rustls-tls\""),
        "{line}"
    );
    assert!(!line.contains("native-tls"), "{line}");
    for f in ["mod.rs", "request.rs", "gpu.rs", "metrics.rs", "sse.rs"] {
        let src =
            std::fs::read_to_string(format!("{}/src/measure/{f}", env!("CARGO_MANIFEST_DIR")))
                .unwrap();
        for off in [
            "danger_accept_invalid",
            "tls_built_in_root_certs(false)",
            "use_native_tls",
        ] {
            assert!(!src.contains(off), "{f} has {off}");
        }
    }
}
