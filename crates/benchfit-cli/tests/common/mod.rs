//! Helpers shared by the `benchfit measure` tests: the scripted server's request reader and
//! SSE writers.
#![allow(dead_code)] // Each test crate uses its own subset.

use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Reads one HTTP request: its path, its head, its JSON body (Null when not JSON).
pub(crate) async fn read_request(sock: &mut TcpStream) -> std::io::Result<(String, String, Value)> {
    let mut buf = Vec::new();
    let mut tmp = [0u8; 4096];
    let head_end = loop {
        let n = sock.read(&mut tmp).await?;
        if n == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        buf.extend_from_slice(&tmp[..n]);
        if let Some(p) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break p + 4;
        }
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).to_string();
    let len: usize = head
        .lines()
        .find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.eq_ignore_ascii_case("content-length")
                .then(|| v.trim().parse().ok())?
        })
        .unwrap_or(0);
    while buf.len() < head_end + len {
        let n = sock.read(&mut tmp).await?;
        if n == 0 {
            break;
        }
        buf.extend_from_slice(&tmp[..n]);
    }
    let path = head.split_whitespace().nth(1).unwrap_or("").to_string();
    let body = serde_json::from_slice(&buf[head_end..]).unwrap_or(Value::Null);
    Ok((path, head, body))
}

/// The head of a close-delimited event stream.
pub(crate) const SSE_HEAD: &[u8] =
    b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n";

/// Writes and flushes `bytes`, ignoring errors (the client may have gone).
pub(crate) async fn send(sock: &mut TcpStream, bytes: &[u8]) {
    let _ = sock.write_all(bytes).await;
    let _ = sock.flush().await;
}

/// One completions chunk (`text`, `finish_reason`), with cumulative usage when `cum` is given.
pub(crate) fn text_chunk(text: &str, finish: Option<&str>, cum: Option<u32>) -> String {
    let mut v =
        serde_json::json!({"choices": [{"index": 0, "text": text, "finish_reason": finish}]});
    if let Some(c) = cum {
        v["usage"] = serde_json::json!({"prompt_tokens": 21, "completion_tokens": c});
    }
    v.to_string()
}

/// Serves `handle` for every connection on a fresh local port, on its own thread with a
/// current-thread runtime; returns the port. `state` is cloned into each connection (a
/// counter, a semaphore of slots, …).
pub(crate) fn serve<S, F, Fut>(state: S, handle: F) -> u16
where
    S: Clone + Send + 'static,
    F: Fn(TcpStream, S) -> Fut + Send + Copy + 'static,
    Fut: std::future::Future<Output = std::io::Result<()>> + 'static,
{
    let std_listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = std_listener.local_addr().unwrap().port();
    std_listener.set_nonblocking(true).unwrap();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let local = tokio::task::LocalSet::new();
        local.block_on(&rt, async move {
            let listener = tokio::net::TcpListener::from_std(std_listener).unwrap();
            loop {
                let Ok((sock, _)) = listener.accept().await else {
                    return;
                };
                let state = state.clone();
                tokio::task::spawn_local(async move {
                    let _ = handle(sock, state).await;
                });
            }
        });
    });
    port
}

/// A scratch directory under the system's temp dir, removed with what the test wrote when
/// dropped, so repeated runs leave nothing behind.
pub(crate) struct Scratch(std::path::PathBuf);

impl Scratch {
    /// Creates `<temp dir>/<name>` (the name should carry the process id).
    pub(crate) fn new(name: String) -> Scratch {
        let d = std::env::temp_dir().join(name);
        std::fs::create_dir_all(&d).unwrap();
        Scratch(d)
    }
}

impl std::ops::Deref for Scratch {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl AsRef<std::path::Path> for Scratch {
    fn as_ref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
