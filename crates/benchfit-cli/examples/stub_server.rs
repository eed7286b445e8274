//! A local OpenAI-compatible streaming stub for measuring benchfit's own overhead
//! (`scripts/client-overhead.sh`): plain tokio TCP with hand-written HTTP/1.1 chunked SSE, no
//! model, no extra dependencies.
//!
//! `POST /v1/completions` and `/v1/chat/completions` stream `max_tokens` tokens (default 16)
//! at `--tps` tokens/s per request (default 50): the first token 1 ms after the request was
//! read, token k exactly k/tps s after the first (absolute deadlines, so lateness never
//! accumulates). Each token chunk carries `server_t_us`, the server's send time in µs after
//! the request was read; the final chunk carries `usage`, then `[DONE]`. Keep-alive.
//! `GET /v1/models` and `/health` answer for clients that check first. Anything else answers 404. On exit (after `--seconds`, default 120) it prints its own
//! pacing lateness (actual write minus deadline) to stderr, so the stub's share of any delay
//! is known.
//!
//! Usage: `stub_server [--port 8099] [--tps 50] [--seconds 120]`.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::Instant;

/// Lateness histogram, 10 µs buckets up to 100 ms.
static LATE: [AtomicU64; 10_001] = [const { AtomicU64::new(0) }; 10_001];
static TOKENS: AtomicU64 = AtomicU64::new(0);

fn record_late(us: u64) {
    LATE[(us / 10).min(10_000) as usize].fetch_add(1, Ordering::Relaxed);
}

fn late_quantile(q: f64) -> f64 {
    let counts: Vec<u64> = LATE.iter().map(|c| c.load(Ordering::Relaxed)).collect();
    let total: u64 = counts.iter().sum();
    if total == 0 {
        return f64::NAN;
    }
    let want = (q * total as f64).ceil() as u64;
    let mut seen = 0;
    for (i, c) in counts.iter().enumerate() {
        seen += c;
        if seen >= want {
            return (i as f64 + 1.0) * 0.01; // ms, bucket upper edge
        }
    }
    f64::NAN
}

fn arg(args: &[String], name: &str, default: f64) -> f64 {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let port = arg(&args, "--port", 8099.0) as u16;
    let tps = arg(&args, "--tps", 50.0);
    let seconds = arg(&args, "--seconds", 120.0);
    let listener = TcpListener::bind(("127.0.0.1", port)).await?;
    eprintln!("stub_server: listening on 127.0.0.1:{port}, {tps} tokens/s per request");
    let gap = Duration::from_secs_f64(1.0 / tps);
    let serve = async {
        loop {
            if let Ok((sock, _)) = listener.accept().await {
                let _ = sock.set_nodelay(true);
                tokio::spawn(async move {
                    let _ = conn(sock, gap).await;
                });
            }
        }
    };
    tokio::select! {
        () = serve => {}
        () = tokio::time::sleep(Duration::from_secs_f64(seconds)) => {}
        _ = tokio::signal::ctrl_c() => {}
    }
    eprintln!(
        "stub_server: {} tokens sent; pacing lateness p50 {:.2} ms, p99 {:.2} ms, p99.9 {:.2} ms",
        TOKENS.load(Ordering::Relaxed),
        late_quantile(0.5),
        late_quantile(0.99),
        late_quantile(0.999)
    );
    Ok(())
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// Serves one keep-alive connection.
async fn conn(mut sock: TcpStream, gap: Duration) -> std::io::Result<()> {
    let mut buf = Vec::with_capacity(4096);
    loop {
        let Some((path, body)) = read_request(&mut sock, &mut buf).await? else {
            return Ok(());
        };
        let arrival = Instant::now();
        let chat = match path.as_str() {
            "/v1/completions" => false,
            "/v1/chat/completions" => true,
            other => {
                answer_other(&mut sock, other).await?;
                continue;
            }
        };
        stream(&mut sock, &body, chat, arrival, gap).await?;
    }
}

/// Reads one request (head and body) from the connection, leaving what follows it in `buf`:
/// its path and its JSON body (null when not JSON); None when the client closed or the head
/// passed 1 MiB.
async fn read_request(
    sock: &mut TcpStream,
    buf: &mut Vec<u8>,
) -> std::io::Result<Option<(String, serde_json::Value)>> {
    let head_end = loop {
        if let Some(p) = find(buf, b"\r\n\r\n") {
            break p + 4;
        }
        let mut tmp = [0u8; 4096];
        let n = sock.read(&mut tmp).await?;
        if n == 0 {
            return Ok(None);
        }
        buf.extend_from_slice(&tmp[..n]);
        if buf.len() > 1 << 20 {
            return Ok(None);
        }
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).to_ascii_lowercase();
    let path = head.split_whitespace().nth(1).unwrap_or("").to_string();
    let len: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0);
    while buf.len() < head_end + len {
        let mut tmp = [0u8; 4096];
        let n = sock.read(&mut tmp).await?;
        if n == 0 {
            return Ok(None);
        }
        buf.extend_from_slice(&tmp[..n]);
    }
    let body: serde_json::Value =
        serde_json::from_slice(&buf[head_end..head_end + len]).unwrap_or_default();
    buf.drain(..head_end + len);
    Ok(Some((path, body)))
}

/// Answers a path that streams nothing: `/v1/models` and `/health` (clients that check the
/// server first, such as guidellm, ask for these), else 404.
async fn answer_other(sock: &mut TcpStream, path: &str) -> std::io::Result<()> {
    match path {
        "/v1/models" | "/health" => {
            let body = if path == "/health" {
                "{}".to_string()
            } else {
                r#"{"object":"list","data":[{"id":"stub","object":"model","owned_by":"benchfit"}]}"#.to_string()
            };
            let head = format!("HTTP/1.1 200 OK\r\ncontent-length: {}\r\ncontent-type: application/json\r\n\r\n", body.len());
            sock.write_all(head.as_bytes()).await?;
            sock.write_all(body.as_bytes()).await
        }
        _ => {
            sock.write_all(
                b"HTTP/1.1 404 Not Found\r\ncontent-length: 9\r\ncontent-type: text/plain\r\n\r\nnot found",
            )
            .await
        }
    }
}

/// Streams one completion: `max_tokens` token chunks on their deadlines (each lateness
/// recorded), then the usage chunk and `[DONE]`.
async fn stream(
    sock: &mut TcpStream,
    body: &serde_json::Value,
    chat: bool,
    arrival: Instant,
    gap: Duration,
) -> std::io::Result<()> {
    let n = body
        .get("max_tokens")
        .and_then(serde_json::Value::as_u64)
        .unwrap_or(16)
        .clamp(1, 100_000);
    let prompt_tokens = body
        .get("prompt")
        .and_then(serde_json::Value::as_str)
        .map_or(8, |p| p.split_whitespace().count());
    sock.write_all(
        b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ncache-control: no-cache\r\ntransfer-encoding: chunked\r\n\r\n",
    )
    .await?;
    // First token 1 ms after arrival, so every token (the first included) waits on the
    // same timer tick phase.
    let first = arrival + Duration::from_millis(1);
    for k in 0..n {
        let deadline = first + gap * k as u32;
        tokio::time::sleep_until(deadline).await;
        let now = Instant::now();
        let t_us = (now - arrival).as_micros();
        let finish = if k + 1 == n { "\"length\"" } else { "null" };
        let data = if chat {
            format!(
                r#"{{"id":"stub","object":"chat.completion.chunk","model":"stub","choices":[{{"index":0,"delta":{{"content":" tok"}},"finish_reason":{finish}}}],"server_t_us":{t_us}}}"#
            )
        } else {
            format!(
                r#"{{"id":"stub","object":"text_completion","model":"stub","choices":[{{"index":0,"text":" tok","finish_reason":{finish}}}],"server_t_us":{t_us}}}"#
            )
        };
        sock.write_all(chunk(&data).as_bytes()).await?;
        record_late((now - deadline).as_micros() as u64);
        TOKENS.fetch_add(1, Ordering::Relaxed);
    }
    let usage = format!(
        r#"{{"id":"stub","choices":[],"usage":{{"prompt_tokens":{prompt_tokens},"completion_tokens":{n},"total_tokens":{}}}}}"#,
        prompt_tokens as u64 + n
    );
    let mut tail = chunk(&usage);
    tail.push_str(&chunk("[DONE]"));
    tail.push_str("0\r\n\r\n");
    sock.write_all(tail.as_bytes()).await
}

/// One SSE event as one HTTP chunk.
fn chunk(data: &str) -> String {
    let ev = format!("data: {data}\n\n");
    format!("{:x}\r\n{ev}\r\n", ev.len())
}
