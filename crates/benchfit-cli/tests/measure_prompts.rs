//! Exact prompt lengths (issue 14): against a stub server whose `/tokenize` lists token ids and
//! whose completions endpoint takes a token-id prompt and adds one BOS token (as llama.cpp's
//! does for a model with `add_bos`), every counted request's prompt is exactly the requested
//! length as the server counts it, and the file says how prompts were made.

mod common;

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::process::Command;
use std::sync::{Arc, Mutex};

fn serve(bodies: Arc<Mutex<Vec<Value>>>) -> u16 {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = l.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for s in l.incoming() {
            let Ok(s) = s else { continue };
            let bodies = bodies.clone();
            std::thread::spawn(move || {
                let mut w = s.try_clone().unwrap();
                let mut r = BufReader::new(s);
                let mut head = String::new();
                loop {
                    let mut line = String::new();
                    if r.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
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
                r.read_exact(&mut body).unwrap();
                let body: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
                let path = head.split_whitespace().nth(1).unwrap_or("").to_string();
                let (ctype, text) = if path.ends_with("/tokenize") {
                    // Two ids per word: enough to tell a word count from an id count.
                    let words = body["content"].as_str().unwrap_or("").split(' ').count();
                    let ids: Vec<u32> = (0..2 * words as u32).map(|k| 100 + k % 50).collect();
                    (
                        "application/json",
                        serde_json::json!({"tokens": ids}).to_string(),
                    )
                } else if path.ends_with("/completions") {
                    let prompt_tokens = match &body["prompt"] {
                        Value::Array(ids) => ids.len() + 1, // the BOS this server adds
                        Value::String(t) => 2 * t.split(' ').count() + 1,
                        _ => 0,
                    };
                    bodies.lock().unwrap().push(body.clone());
                    let n = body["max_tokens"].as_u64().unwrap_or(1);
                    let mut t = String::new();
                    for k in 0..n {
                        let fin = if k + 1 == n { "\"length\"" } else { "null" };
                        t.push_str(&format!(
                            "data: {{\"choices\":[{{\"index\":0,\"text\":\"x\",\"finish_reason\":{fin}}}]}}\n\n"
                        ));
                    }
                    t.push_str(&format!(
                        "data: {{\"choices\":[],\"usage\":{{\"prompt_tokens\":{prompt_tokens},\"completion_tokens\":{n}}}}}\n\ndata: [DONE]\n\n"
                    ));
                    ("text/event-stream", t)
                } else {
                    ("text/plain", String::new())
                };
                let _ = write!(
                    w,
                    "HTTP/1.1 200 OK\r\nContent-Type: {ctype}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{text}",
                    text.len()
                );
            });
        }
    });
    port
}

#[test]
fn completions_prompts_are_token_ids_of_exactly_the_requested_length() {
    let bodies = Arc::new(Mutex::new(Vec::new()));
    let port = serve(bodies.clone());
    let dir = common::Scratch::new(format!("benchfit-prompts-{}", std::process::id()));
    let file = dir.join("m.json");
    let out = Command::new(env!("CARGO_BIN_EXE_benchfit"))
        .args(["measure", "--url", &format!("http://127.0.0.1:{port}/v1")])
        .args(["--model", "m", "--requests", "12", "--concurrency", "3"])
        .args(["--prompt-tokens", "20-90", "--output-tokens", "3"])
        .args(["--out", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let m: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(m["run"]["prompt_calibration"]["method"], "token_ids");
    let reqs = m["requests"].as_array().unwrap();
    assert_eq!(reqs.len(), 12);
    let mut lengths = std::collections::BTreeSet::new();
    for r in reqs {
        assert_eq!(r["status"], "ok", "{r}");
        let want = r["requested_prompt_tokens"].as_u64().unwrap();
        assert!((20..=90).contains(&want));
        assert_eq!(r["prompt_tokens"].as_u64().unwrap(), want, "{r}");
        lengths.insert(want);
    }
    assert!(lengths.len() > 1, "lengths are drawn, not constant");
    // Each counted body sent `requested − 1` ids (the server adds its BOS).
    let sent = bodies.lock().unwrap();
    let id_prompts = sent
        .iter()
        .filter(|b| b["max_tokens"] == 3 && b["prompt"].is_array())
        .count();
    assert_eq!(id_prompts, 12);
    let mean = m["run"]["prompt_calibration"]["actual_mean_tokens"]
        .as_f64()
        .unwrap();
    let requested: f64 = reqs
        .iter()
        .map(|r| r["requested_prompt_tokens"].as_f64().unwrap())
        .sum::<f64>()
        / 12.0;
    assert!((mean - requested).abs() < 1e-9);
}

#[test]
fn chat_prompts_stay_calibrated_words() {
    let bodies = Arc::new(Mutex::new(Vec::new()));
    let port = serve(bodies.clone());
    let dir = common::Scratch::new(format!("benchfit-prompts-chat-{}", std::process::id()));
    let file = dir.join("m.json");
    // This stub answers chat on the same path suffix (/chat/completions) with the same
    // stream; its "prompt" is absent, so it reports 0 prompt tokens: only the method is checked.
    let out = Command::new(env!("CARGO_BIN_EXE_benchfit"))
        .args(["measure", "--url", &format!("http://127.0.0.1:{port}/v1")])
        .args(["--model", "m", "--requests", "2", "--api", "chat"])
        .args(["--prompt-tokens", "40", "--output-tokens", "2"])
        .args(["--out", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let m: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(m["run"]["prompt_calibration"]["method"], "tokenize");
    assert!(bodies.lock().unwrap().iter().all(|b| b["prompt"].is_null()));
}
