//! One streamed request against an OpenAI-compatible server → one [`RequestRecord`].
//!
//! Token counts come from the server: with vLLM's `continuous_usage_stats` every chunk carries
//! the cumulative `completion_tokens`, so a chunk's tokens are the increase; otherwise each
//! chunk with text (content or reasoning) is one token and the final `usage` gives the total
//! (labelled in `token_source`). A chat role-only chunk carries no token.
//!
//! A request that fails before any byte of its response because the pooled keep-alive
//! connection it went out on was already closed (llama.cpp's server closes the connection after
//! every streamed response while advertising keep-alive) is re-sent once on a new connection
//! from [`Ctx::fresh`], a client that keeps no idle connections, and recorded `retried: 1`.

use super::chunk::StreamChunk;
use super::sse::{EventRef, Parser, MAX_EVENT_BYTES};
use super::wire;
use benchfit_core::measurement::{Chunk, FailureClass, RequestRecord, RequestStatus};
use serde_json::{Map, Value};
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// Which endpoint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Api {
    /// `/v1/completions`.
    Completions,
    /// `/v1/chat/completions`.
    Chat,
}

/// Which optional body fields the server accepts (probed once).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BodyFeatures {
    /// `stream_options.include_usage` + `continuous_usage_stats`, `ignore_eos`, `min_tokens`.
    Full,
    /// `stream_options.include_usage` only.
    UsageOnly,
    /// Plain OpenAI streaming body.
    Plain,
}

/// The HTTP client of a run, keeping at most `max_idle` idle connections per host (0: none, so
/// every request opens a new connection).
///
/// TLS is rustls (reqwest's `rustls-tls`, no native TLS) with certificate checks on.
/// Redirects are not followed: a benchmark should time the server it was given, and the API key
/// must not travel to wherever a 3xx points (the request fails "http 30x").
pub fn http_client(max_idle: usize) -> reqwest::Result<reqwest::Client> {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .pool_max_idle_per_host(max_idle)
        .tcp_nodelay(true)
        .connect_timeout(Duration::from_secs(10))
        .build()
}

/// A prompt as sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Prompt {
    /// Text (chat, or completions where the server takes no token ids).
    Text(String),
    /// Token ids (the completions API's `prompt` as a list of integers).
    Ids(Vec<u32>),
}

/// Everything a request needs that does not change between requests.
pub struct Ctx {
    /// HTTP client (keep-alive connections pooled).
    pub client: reqwest::Client,
    /// Same settings, no idle connections kept: every request on it opens a new connection
    /// (the one re-send of a request whose pooled connection was closed).
    pub fresh: reqwest::Client,
    /// The full endpoint URL.
    pub endpoint: String,
    /// Which API.
    pub api: Api,
    /// Model name as sent.
    pub model: String,
    /// Bearer token (never logged).
    pub api_key: Option<String>,
    /// Extra JSON body fields (override ours).
    pub extra: Map<String, Value>,
    /// Per-request time limit.
    pub timeout: Duration,
    /// The endpoint for [`wire`], the streamed requests' own HTTP/1.1 client (plain `http://`
    /// without a proxy); None: they go through reqwest ([`Ctx::client`]).
    pub wire: Option<wire::Target>,
    /// [`wire`]'s idle keep-alive connections.
    pub pool: wire::Pool,
}

impl Ctx {
    /// `text` with the API key (if any) replaced, for anything that may be shown.
    pub fn redact(&self, text: &str) -> String {
        match &self.api_key {
            Some(k) if !k.is_empty() => text.replace(k.as_str(), "[redacted]"),
            _ => text.to_string(),
        }
    }

    /// The JSON body of one streamed request.
    pub fn body(&self, prompt: &Prompt, max_tokens: u32, features: BodyFeatures) -> Value {
        let mut b = Map::new();
        b.insert("model".into(), self.model.clone().into());
        match (self.api, prompt) {
            (Api::Completions, Prompt::Text(t)) => {
                b.insert("prompt".into(), t.as_str().into());
            }
            (Api::Completions, Prompt::Ids(ids)) => {
                b.insert("prompt".into(), ids.clone().into());
            }
            (Api::Chat, p) => {
                let text = match p {
                    Prompt::Text(t) => t.clone(),
                    // Not made for chat (no id prompts there); kept total for safety.
                    Prompt::Ids(ids) => {
                        ids.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
                    }
                };
                b.insert(
                    "messages".into(),
                    serde_json::json!([{"role": "user", "content": text}]),
                );
            }
        }
        b.insert("max_tokens".into(), max_tokens.into());
        b.insert("stream".into(), true.into());
        match features {
            BodyFeatures::Full => {
                b.insert(
                    "stream_options".into(),
                    serde_json::json!({"include_usage": true, "continuous_usage_stats": true}),
                );
                b.insert("ignore_eos".into(), true.into());
                b.insert("min_tokens".into(), max_tokens.into());
            }
            BodyFeatures::UsageOnly => {
                b.insert(
                    "stream_options".into(),
                    serde_json::json!({"include_usage": true}),
                );
            }
            BodyFeatures::Plain => {}
        }
        for (k, v) in &self.extra {
            b.insert(k.clone(), v.clone());
        }
        Value::Object(b)
    }
}

/// One event as seen, for counting tokens once the stream is over.
#[derive(Debug, Clone, Copy)]
struct Seen {
    t_ms: f64,
    has_text: bool,
    has_choices: bool,
    cumulative: Option<u32>,
}

/// What a stream delivered so far.
#[derive(Debug, Default)]
pub struct StreamState {
    seen: Vec<Seen>,
    prompt_tokens: Option<u32>,
    final_completion: Option<u32>,
    finish_reason: Option<String>,
    done: bool,
    error: Option<String>,
}

fn snippet(s: &str) -> String {
    let s = s.trim();
    let mut out: String = s.chars().take(200).collect();
    if s.chars().count() > 200 {
        out.push('…');
    }
    out
}

impl StreamState {
    /// Reads one SSE event that arrived `t_ms` after the send.
    pub fn on_event(&mut self, ev: EventRef<'_>, t_ms: f64) {
        if self.error.is_some() {
            return;
        }
        let data = ev.data.trim();
        if ev.name == "error" {
            self.error = Some(format!("error event: {}", snippet(data)));
            return;
        }
        if data.is_empty() {
            return;
        }
        if data == "[DONE]" {
            self.done = true;
            return;
        }
        let v = match StreamChunk::read(data) {
            Ok(v) => v,
            Err(_) => {
                self.error = Some(format!("malformed event: {}", snippet(data)));
                return;
            }
        };
        if let Some(e) = v.error {
            let msg = e
                .get("message")
                .and_then(Value::as_str)
                .or_else(|| e.as_str())
                .map(str::to_string)
                .unwrap_or_else(|| e.to_string());
            self.error = Some(format!("error event: {}", snippet(&msg)));
            return;
        }
        let clamp = |x: u64| x.min(u64::from(u32::MAX)) as u32;
        let cumulative = v.usage.completion_tokens.map(clamp);
        if let Some(p) = v.usage.prompt_tokens {
            self.prompt_tokens = Some(clamp(p));
        }
        if cumulative.is_some() {
            self.final_completion = cumulative;
        }
        let choices = v.choices.0.unwrap_or_default();
        if choices.finish_reason.is_some() {
            self.finish_reason = choices.finish_reason;
        }
        self.seen.push(Seen {
            t_ms,
            has_text: choices.has_text,
            has_choices: choices.count > 0,
            cumulative,
        });
    }

    /// Token-carrying chunks, total output tokens, and where the counts came from.
    fn tokens(&self) -> (Vec<Chunk>, u32, &'static str) {
        let continuous = self
            .seen
            .iter()
            .filter(|s| s.has_choices && s.cumulative.is_some())
            .count()
            >= 2;
        let mut chunks = Vec::new();
        if continuous {
            let mut prev = 0u32;
            for s in &self.seen {
                if let Some(c) = s.cumulative {
                    if c > prev {
                        chunks.push(Chunk {
                            t_ms: s.t_ms,
                            tokens: c - prev,
                        });
                        prev = c;
                    }
                }
            }
            return (chunks, prev, "usage_per_chunk");
        }
        chunks.extend(self.seen.iter().filter(|s| s.has_text).map(|s| Chunk {
            t_ms: s.t_ms,
            tokens: 1,
        }));
        let counted = chunks.len() as u32;
        match self.final_completion {
            Some(total) => {
                if chunks.is_empty() && total > 0 {
                    // Tokens announced only by the final usage: they arrived with it.
                    if let Some(s) = self.seen.iter().rev().find(|s| s.cumulative.is_some()) {
                        chunks.push(Chunk {
                            t_ms: s.t_ms,
                            tokens: total,
                        });
                    }
                }
                (chunks, total, "usage_final")
            }
            None => (chunks, counted, "chunks"),
        }
    }

    /// The record of a stream that ended (`end_ms` after the send) or was cut by `cut` (a
    /// transport error, a broken event, or `incomplete` when the run stopped).
    pub fn finish(self, base: RequestRecord, end_ms: f64, cut: Option<Cut>) -> RequestRecord {
        let (chunks, output_tokens, token_source) = self.tokens();
        let ttft_ms = chunks.first().map(|c| c.t_ms);
        let failed = |class, e: String| (RequestStatus::Failed, Some((class, e)), Some(end_ms));
        let (status, failure, e2e_ms) = match (cut, self.error) {
            (Some(Cut::Incomplete), _) => (RequestStatus::Incomplete, None, None),
            (_, Some(e)) | (Some(Cut::Broken(e)), None) => failed(FailureClass::StreamError, e),
            (Some(Cut::Transport(e)), None) => {
                failed(FailureClass::StreamCut, format!("stream cut: {e}"))
            }
            (None, None) if !self.done && self.finish_reason.is_none() => failed(
                FailureClass::StreamCut,
                "stream cut: the body ended with neither [DONE] nor a finish_reason".into(),
            ),
            (None, None) if output_tokens == 0 => failed(
                FailureClass::Empty,
                "no tokens: the stream ended without any output token".into(),
            ),
            (None, None) => (RequestStatus::Ok, None, Some(end_ms)),
        };
        let (failure_class, error) = match failure {
            Some((c, e)) => (Some(c), Some(e)),
            None => (None, None),
        };
        RequestRecord {
            ttft_ms,
            e2e_ms,
            chunks,
            output_tokens,
            prompt_tokens: self.prompt_tokens,
            token_source: token_source.into(),
            finish_reason: self.finish_reason,
            status,
            error,
            failure_class,
            ..base
        }
    }
}

/// Why a stream stopped early.
pub enum Cut {
    /// The run stopped while it was running.
    Incomplete,
    /// A read failed after the response head (reset, timeout).
    Transport(String),
    /// The stream broke its format (an event over the size cap).
    Broken(String),
}

/// How far a request got when it failed outside the stream.
enum Early {
    /// No response head: the request never got an answer.
    NoAnswer(String),
    /// A non-2xx status.
    Http(String),
}

/// True when `e` (from sending a request, before any response byte) says the connection was
/// closed or reset under the request: hyper's "connection closed before message completed",
/// a cancelled dispatch, or a reset/broken-pipe/EOF I/O error. Connect errors and timeouts are
/// not: the server did not take the connection, or took it and stayed silent.
pub fn closed_before_response(e: &reqwest::Error) -> bool {
    if e.is_timeout() || e.is_connect() {
        return false;
    }
    let mut source = std::error::Error::source(e);
    while let Some(s) = source {
        if let Some(h) = s.downcast_ref::<hyper::Error>() {
            if h.is_incomplete_message() || h.is_canceled() {
                return true;
            }
        }
        if let Some(io) = s.downcast_ref::<std::io::Error>() {
            use std::io::ErrorKind as K;
            if matches!(
                io.kind(),
                K::ConnectionReset | K::BrokenPipe | K::ConnectionAborted | K::UnexpectedEof
            ) {
                return true;
            }
        }
        source = s.source();
    }
    false
}

/// Sends a request built by `build` on the pooled client; when that fails before any response
/// byte because the pooled connection was closed ([`closed_before_response`]), sends it once
/// more on a new connection ([`Ctx::fresh`]). For the side requests (`/tokenize`, `/metrics`).
pub async fn send_with_fresh_retry(
    ctx: &Ctx,
    build: impl Fn(&reqwest::Client) -> reqwest::RequestBuilder,
) -> reqwest::Result<reqwest::Response> {
    match build(&ctx.client).send().await {
        Err(e) if closed_before_response(&e) => build(&ctx.fresh).send().await,
        r => r,
    }
}

/// A response being read: from reqwest, or from [`wire`] (plain `http://`, no proxy: the
/// cheaper path per streamed token).
enum Body<'a> {
    Reqwest(reqwest::Response),
    Wire(wire::Response<'a>),
}

impl Body<'_> {
    fn status(&self) -> u16 {
        match self {
            Body::Reqwest(r) => r.status().as_u16(),
            Body::Wire(r) => r.status(),
        }
    }

    /// Appends what the next read of the body brought to `out`; false once the body has
    /// ended; the transport reason when a read failed.
    async fn next(&mut self, out: &mut Vec<u8>) -> Result<bool, String> {
        match self {
            Body::Reqwest(r) => match r.chunk().await {
                Ok(Some(b)) => {
                    out.extend_from_slice(&b);
                    Ok(true)
                }
                Ok(None) => Ok(false),
                Err(e) => Err(transport_reason(&e)),
            },
            Body::Wire(r) => r.next(out).await.map_err(|e| format!("body error: {e}")),
        }
    }

    /// The start of the body (at most [`MAX_ERROR_BODY_BYTES`]), for an error status.
    async fn error_text(mut self) -> String {
        let mut out = Vec::new();
        let read = async {
            while out.len() < MAX_ERROR_BODY_BYTES && self.next(&mut out).await? {}
            Ok::<_, String>(())
        };
        let _ = tokio::time::timeout(Duration::from_secs(5), read).await;
        out.truncate(MAX_ERROR_BODY_BYTES);
        String::from_utf8_lossy(&out).into_owned()
    }
}

/// When the request went out, and whether it was re-sent (with the reason).
struct Sent {
    at: std::sync::Mutex<Instant>,
    retry_reason: std::sync::Mutex<Option<String>>,
}

impl Sent {
    fn at(&self) -> Instant {
        *self.at.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The request is sent again now, because of `why`.
    fn resend(&self, why: String) {
        *self.retry_reason.lock().unwrap_or_else(|e| e.into_inner()) = Some(why);
        *self.at.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
    }
}

/// Sends the request with `body` and waits for the response head: on a pooled connection, and
/// once more on a new one when that one was closed before any response byte (the reason in
/// `sent`). Err: the request got no answer (the transport reason).
async fn send<'a>(ctx: &'a Ctx, body: &Value, sent: &Sent) -> Result<Body<'a>, String> {
    if let Some(target) = &ctx.wire {
        let bytes = serde_json::to_vec(body).unwrap_or_default();
        let key = ctx.api_key.as_deref();
        let r = match wire::post(target, &ctx.pool, key, &bytes, false).await {
            Err(e) if e.closed_pooled => {
                sent.resend(ctx.redact(&e.reason));
                wire::post(target, &ctx.pool, key, &bytes, true).await
            }
            r => r,
        };
        return r.map(Body::Wire).map_err(|e| e.reason);
    }
    let build = |client: &reqwest::Client| {
        let req = client.post(&ctx.endpoint).json(body);
        match &ctx.api_key {
            Some(k) => req.bearer_auth(k),
            None => req,
        }
    };
    let mut resp = build(&ctx.client).send().await;
    if let Err(e) = &resp {
        if closed_before_response(e) {
            sent.resend(ctx.redact(&transport_reason(e)));
            resp = build(&ctx.fresh).send().await;
        }
    }
    resp.map(Body::Reqwest).map_err(|e| transport_reason(&e))
}

/// Reads a streamed body to its end into `state`, each read's events stamped with the time it
/// returned (ms after `sent`); the reason the stream stopped early, if it did.
async fn read_stream(mut body: Body<'_>, state: &mut StreamState, sent: Instant) -> Option<Cut> {
    let mut parser = Parser::default();
    let mut bytes = Vec::with_capacity(4096);
    loop {
        bytes.clear();
        let more = match body.next(&mut bytes).await {
            Ok(more) => more,
            Err(e) => return Some(Cut::Transport(e)),
        };
        let t = (Instant::now() - sent).as_secs_f64() * 1000.0;
        if !bytes.is_empty() {
            parser.feed_with(&bytes, |ev| state.on_event(ev, t));
            if parser.pending_bytes() > MAX_EVENT_BYTES {
                return Some(Cut::Broken(format!(
                    "body error: one stream event is larger than {} MiB",
                    MAX_EVENT_BYTES >> 20
                )));
            }
        }
        if !more {
            if let Some(ev) = parser.finish() {
                state.on_event(
                    EventRef {
                        name: &ev.name,
                        data: &ev.data,
                    },
                    t,
                );
            }
            return None;
        }
    }
}

/// Sends one streamed request and reads it to the end; never fails: every outcome is a record.
/// `base` carries the index, scheduled time and requested lengths; `start` is the run's start.
///
/// When the send fails before any response byte because the connection was closed
/// ([`closed_before_response`]), the request is re-sent once on a new connection
/// ([`Ctx::fresh`]), timed from the re-send, and the record says `retried: 1` with the reason.
pub async fn run(
    ctx: &Ctx,
    base: RequestRecord,
    prompt: &Prompt,
    max_tokens: u32,
    features: BodyFeatures,
    start: Instant,
    mut cancel: watch::Receiver<bool>,
) -> RequestRecord {
    let body = ctx.body(prompt, max_tokens, features);
    let sent = Sent {
        at: std::sync::Mutex::new(Instant::now()),
        retry_reason: std::sync::Mutex::new(None),
    };
    let mut state = StreamState::default();
    let mut got_head = false;
    let work = async {
        let resp = send(ctx, &body, &sent).await.map_err(Early::NoAnswer)?;
        got_head = true;
        let status = resp.status();
        if !(200..300).contains(&status) {
            let text = resp.error_text().await;
            return Err(Early::Http(format!("http {status}: {}", snippet(&text))));
        }
        // The send time is final once the head is in: read it once, not per chunk.
        Ok(read_stream(resp, &mut state, sent.at()).await)
    };
    let timeout_reason = || format!("timeout after {} s", ctx.timeout.as_secs_f64());
    let outcome = tokio::select! {
        r = tokio::time::timeout(ctx.timeout, work) => Some(r),
        _ = cancel.wait_for(|c| *c) => None,
    };
    let sent_at = sent.at();
    let end = (Instant::now() - sent_at).as_secs_f64() * 1000.0;
    let retry_reason = sent
        .retry_reason
        .into_inner()
        .unwrap_or_else(|e| e.into_inner());
    let base = RequestRecord {
        sent_ms: (sent_at - start).as_secs_f64() * 1000.0,
        retried: u32::from(retry_reason.is_some()),
        retry_reason,
        ..base
    };
    let failed = |class, e: &str| RequestRecord {
        e2e_ms: Some(end),
        status: RequestStatus::Failed,
        error: Some(ctx.redact(e)),
        failure_class: Some(class),
        token_source: "chunks".into(),
        ..base.clone()
    };
    match outcome {
        None => state.finish(base, end, Some(Cut::Incomplete)),
        Some(Err(_)) if !got_head => failed(FailureClass::Transport, &timeout_reason()),
        Some(Err(_)) => {
            let mut r = state.finish(base, end, Some(Cut::Transport(timeout_reason())));
            r.error = r.error.map(|e| ctx.redact(&e));
            r
        }
        Some(Ok(Err(Early::NoAnswer(e)))) => failed(FailureClass::Transport, &e),
        Some(Ok(Err(Early::Http(e)))) => failed(FailureClass::Http, &e),
        Some(Ok(Ok(cut))) => {
            let mut r = state.finish(base, end, cut);
            r.error = r.error.map(|e| ctx.redact(&e));
            r
        }
    }
}

/// Most bytes of an error response read (only its start is shown).
pub const MAX_ERROR_BODY_BYTES: usize = 64 << 10;

/// Reads a response body, at most `limit` bytes (the rest is left unread), so a misbehaving
/// server cannot fill memory. Returns the bytes read and whether that was the whole body.
pub async fn read_limited(
    mut resp: reqwest::Response,
    limit: usize,
) -> Result<(Vec<u8>, bool), String> {
    let mut out = Vec::new();
    while let Some(chunk) = resp.chunk().await.map_err(|e| transport_reason(&e))? {
        if out.len() + chunk.len() > limit {
            out.extend_from_slice(&chunk[..limit - out.len()]);
            return Ok((out, false));
        }
        out.extend_from_slice(&chunk);
    }
    Ok((out, true))
}

/// A short reason for a reqwest error: its kind and message chain, without the URL.
fn transport_reason(e: &reqwest::Error) -> String {
    let kind = if e.is_timeout() {
        "timeout"
    } else if e.is_connect() {
        "connect error"
    } else if e.is_body() || e.is_decode() {
        "body error"
    } else if e.is_request() {
        "request error"
    } else {
        "transport error"
    };
    let mut parts = Vec::new();
    let mut source = std::error::Error::source(e);
    while let Some(s) = source {
        parts.push(s.to_string());
        source = s.source();
    }
    if parts.is_empty() {
        kind.to_string()
    } else {
        format!("{kind}: {}", parts.join(": "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn feed(events: &[(&str, f64)]) -> RequestRecord {
        let mut s = StreamState::default();
        for (d, t) in events {
            s.on_event(EventRef { name: "", data: d }, *t);
        }
        s.finish(RequestRecord::default(), 100.0, None)
    }

    #[test]
    fn role_chunk_is_not_a_token_and_reasoning_counts_for_ttft() {
        let r = feed(&[
            (r#"{"choices":[{"delta":{"role":"assistant"}}]}"#, 5.0),
            (
                r#"{"choices":[{"delta":{"reasoning_content":"hm"}}]}"#,
                10.0,
            ),
            (
                r#"{"choices":[{"delta":{"content":"a"},"finish_reason":"stop"}]}"#,
                20.0,
            ),
            ("[DONE]", 21.0),
        ]);
        assert_eq!(r.ttft_ms, Some(10.0));
        assert_eq!(r.output_tokens, 2);
        assert_eq!(r.token_source, "chunks");
        assert_eq!(r.status, RequestStatus::Ok);
    }

    #[test]
    fn continuous_usage_counts_multi_token_chunks() {
        let r = feed(&[
            (
                r#"{"choices":[{"text":"ab"}],"usage":{"prompt_tokens":7,"completion_tokens":2}}"#,
                10.0,
            ),
            (
                r#"{"choices":[{"text":"cde"}],"usage":{"prompt_tokens":7,"completion_tokens":5}}"#,
                40.0,
            ),
            (
                r#"{"choices":[],"usage":{"prompt_tokens":7,"completion_tokens":5}}"#,
                41.0,
            ),
            ("[DONE]", 41.0),
        ]);
        assert_eq!(
            r.chunks,
            vec![
                Chunk {
                    t_ms: 10.0,
                    tokens: 2
                },
                Chunk {
                    t_ms: 40.0,
                    tokens: 3
                }
            ]
        );
        assert_eq!((r.output_tokens, r.prompt_tokens), (5, Some(7)));
        assert_eq!(r.token_source, "usage_per_chunk");
    }

    #[test]
    fn error_object_in_data_fails_the_request() {
        let r = feed(&[
            (r#"{"choices":[{"text":"a"}]}"#, 10.0),
            (r#"{"error":{"message":"out of memory","code":500}}"#, 20.0),
        ]);
        assert_eq!(r.status, RequestStatus::Failed);
        assert_eq!(r.error.as_deref(), Some("error event: out of memory"));
    }

    /// Answers every request on every connection with a small keep-alive response; counts
    /// connections.
    async fn keep_alive_server() -> (u16, std::sync::Arc<std::sync::atomic::AtomicUsize>) {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let l = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = l.local_addr().unwrap().port();
        let n = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let seen = n.clone();
        tokio::spawn(async move {
            while let Ok((mut s, _)) = l.accept().await {
                seen.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                tokio::spawn(async move {
                    let mut buf = vec![0u8; 4096];
                    // GET requests without a body: one read per request head.
                    while let Ok(k) = s.read(&mut buf).await {
                        if k == 0 {
                            break;
                        }
                        let _ = s
                            .write_all(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
                            .await;
                    }
                });
            }
        });
        (port, n)
    }

    #[tokio::test]
    async fn the_fresh_client_opens_a_new_connection_for_every_request() {
        for (max_idle, want) in [(usize::MAX, 1), (0, 3)] {
            let (port, connections) = keep_alive_server().await;
            let c = http_client(max_idle).unwrap();
            for _ in 0..3 {
                let r = c
                    .get(format!("http://127.0.0.1:{port}/"))
                    .send()
                    .await
                    .unwrap();
                assert_eq!(r.text().await.unwrap(), "ok");
            }
            assert_eq!(
                connections.load(std::sync::atomic::Ordering::SeqCst),
                want,
                "max_idle {max_idle}"
            );
        }
    }

    #[test]
    fn typed_chunks_tolerate_odd_fields() {
        // A float token count and a numeric text are read as absent, not as a failure.
        let r = feed(&[
            (
                r#"{"choices":[{"text":"a","finish_reason":null}],"usage":{"completion_tokens":1.5}}"#,
                10.0,
            ),
            (r#"{"choices":[{"text":7}]}"#, 15.0),
            (r#"{"choices":null,"usage":null}"#, 18.0),
            (
                r#"{"choices":[{"text":"b","finish_reason":"length"}],"usage":{"prompt_tokens":3,"completion_tokens":2}}"#,
                20.0,
            ),
            ("[DONE]", 21.0),
        ]);
        assert_eq!(r.status, RequestStatus::Ok);
        assert_eq!((r.output_tokens, r.prompt_tokens), (2, Some(3)));
        assert_eq!(r.ttft_ms, Some(10.0));
        assert_eq!(r.finish_reason.as_deref(), Some("length"));
    }

    #[test]
    fn failure_classes_follow_how_far_the_stream_got() {
        let cut = feed(&[(r#"{"choices":[{"text":"a"}]}"#, 10.0)]);
        assert_eq!(cut.failure_class, Some(FailureClass::StreamCut));
        let empty = feed(&[("[DONE]", 10.0)]);
        assert_eq!(empty.failure_class, Some(FailureClass::Empty));
        let bad = feed(&[("{oops", 10.0)]);
        assert_eq!(bad.failure_class, Some(FailureClass::StreamError));
        let ok = feed(&[(r#"{"choices":[{"text":"a","finish_reason":"stop"}]}"#, 10.0)]);
        assert_eq!((ok.status, ok.failure_class), (RequestStatus::Ok, None));
    }
}
