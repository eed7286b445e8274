//! One streamed request against an OpenAI-compatible server → one [`RequestRecord`].
//!
//! Token counts come from the server: with vLLM's `continuous_usage_stats` every chunk carries
//! the cumulative `completion_tokens`, so a chunk's tokens are the increase; otherwise each
//! chunk with text (content or reasoning) is one token and the final `usage` gives the total
//! (labelled in `token_source`). A chat role-only chunk carries no token.

use super::sse::{Event, Parser, MAX_EVENT_BYTES};
use benchfit_core::measurement::{Chunk, RequestRecord, RequestStatus};
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

/// Everything a request needs that does not change between requests.
pub struct Ctx {
    /// HTTP client.
    pub client: reqwest::Client,
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
    pub fn body(&self, prompt: &str, max_tokens: u32, features: BodyFeatures) -> Value {
        let mut b = Map::new();
        b.insert("model".into(), self.model.clone().into());
        match self.api {
            Api::Completions => {
                b.insert("prompt".into(), prompt.into());
            }
            Api::Chat => {
                b.insert(
                    "messages".into(),
                    serde_json::json!([{"role": "user", "content": prompt}]),
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

fn as_u32(v: Option<&Value>) -> Option<u32> {
    v.and_then(Value::as_u64)
        .map(|x| x.min(u64::from(u32::MAX)) as u32)
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
    pub fn on_event(&mut self, ev: &Event, t_ms: f64) {
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
        let v: Value = match serde_json::from_str(data) {
            Ok(v) => v,
            Err(_) => {
                self.error = Some(format!("malformed event: {}", snippet(data)));
                return;
            }
        };
        if let Some(e) = v.get("error") {
            let msg = e
                .get("message")
                .and_then(Value::as_str)
                .map(str::to_string)
                .unwrap_or_else(|| e.to_string());
            self.error = Some(format!("error event: {}", snippet(&msg)));
            return;
        }
        let usage = v.get("usage").filter(|u| u.is_object());
        let cumulative = usage.and_then(|u| as_u32(u.get("completion_tokens")));
        if let Some(p) = usage.and_then(|u| as_u32(u.get("prompt_tokens"))) {
            self.prompt_tokens = Some(p);
        }
        if cumulative.is_some() {
            self.final_completion = cumulative;
        }
        let choices = v.get("choices").and_then(Value::as_array);
        let mut has_text = false;
        for c in choices.into_iter().flatten() {
            let text_of =
                |x: Option<&Value>| x.and_then(Value::as_str).is_some_and(|s| !s.is_empty());
            let delta = c.get("delta");
            has_text |= text_of(c.get("text"))
                || text_of(delta.and_then(|d| d.get("content")))
                || text_of(delta.and_then(|d| d.get("reasoning_content")))
                || text_of(delta.and_then(|d| d.get("reasoning")));
            if let Some(f) = c.get("finish_reason").and_then(Value::as_str) {
                self.finish_reason = Some(f.to_string());
            }
        }
        self.seen.push(Seen {
            t_ms,
            has_text,
            has_choices: choices.is_some_and(|c| !c.is_empty()),
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
    /// transport error, or `incomplete` when the run stopped).
    pub fn finish(self, base: RequestRecord, end_ms: f64, cut: Option<Cut>) -> RequestRecord {
        let (chunks, output_tokens, token_source) = self.tokens();
        let ttft_ms = chunks.first().map(|c| c.t_ms);
        let (status, error, e2e_ms) = match (cut, self.error) {
            (Some(Cut::Incomplete), _) => (RequestStatus::Incomplete, None, None),
            (_, Some(e)) => (RequestStatus::Failed, Some(e), Some(end_ms)),
            (Some(Cut::Transport(e)), None) => (
                RequestStatus::Failed,
                Some(format!("stream cut: {e}")),
                Some(end_ms),
            ),
            (None, None) if !self.done && self.finish_reason.is_none() => (
                RequestStatus::Failed,
                Some("stream cut: the body ended with neither [DONE] nor a finish_reason".into()),
                Some(end_ms),
            ),
            (None, None) if output_tokens == 0 => (
                RequestStatus::Failed,
                Some("no tokens: the stream ended without any output token".into()),
                Some(end_ms),
            ),
            (None, None) => (RequestStatus::Ok, None, Some(end_ms)),
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
            ..base
        }
    }
}

/// Why a stream stopped early.
pub enum Cut {
    /// The run stopped while it was running.
    Incomplete,
    /// A read failed (reset, timeout).
    Transport(String),
}

/// Sends one streamed request and reads it to the end; never fails: every outcome is a record.
/// `base` carries the index, scheduled time and requested lengths; `start` is the run's start.
pub async fn run(
    ctx: &Ctx,
    base: RequestRecord,
    prompt: &str,
    max_tokens: u32,
    features: BodyFeatures,
    start: Instant,
    mut cancel: watch::Receiver<bool>,
) -> RequestRecord {
    let body = ctx.body(prompt, max_tokens, features);
    let build = || {
        let req = ctx.client.post(&ctx.endpoint).json(&body);
        match &ctx.api_key {
            Some(k) => req.bearer_auth(k),
            None => req,
        }
    };
    let sent = std::sync::Mutex::new(Instant::now());
    let sent_at = || *sent.lock().unwrap_or_else(|e| e.into_inner());
    let ms = |i: Instant| (i - sent_at()).as_secs_f64() * 1000.0;
    let mut state = StreamState::default();
    let work = async {
        let mut resp = build().send().await;
        // A pooled keep-alive connection the server closed just before reuse fails before
        // anything was sent: retry once on a fresh connection, timed from the retry.
        if let Err(e) = &resp {
            if e.is_request() && !e.is_timeout() && sent_at().elapsed() < Duration::from_secs(1) {
                *sent.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
                resp = build().send().await;
            }
        }
        let resp = match resp {
            Ok(r) => r,
            Err(e) => return Err(transport_reason(&e)),
        };
        let status = resp.status();
        if !status.is_success() {
            let text = tokio::time::timeout(
                Duration::from_secs(5),
                read_limited(resp, MAX_ERROR_BODY_BYTES),
            )
            .await
            .ok()
            .and_then(Result::ok)
            .map(|(b, _)| String::from_utf8_lossy(&b).into_owned())
            .unwrap_or_default();
            return Err(format!("http {}: {}", status.as_u16(), snippet(&text)));
        }
        let mut resp = resp;
        let mut parser = Parser::default();
        loop {
            match resp.chunk().await {
                Ok(Some(bytes)) => {
                    let t = ms(Instant::now());
                    for ev in parser.feed(&bytes) {
                        state.on_event(&ev, t);
                    }
                    if parser.pending_bytes() > MAX_EVENT_BYTES {
                        return Ok(Some(format!(
                            "body error: one stream event is larger than {} MiB",
                            MAX_EVENT_BYTES >> 20
                        )));
                    }
                }
                Ok(None) => {
                    let t = ms(Instant::now());
                    if let Some(ev) = parser.finish() {
                        state.on_event(&ev, t);
                    }
                    return Ok(None);
                }
                Err(e) => return Ok(Some(transport_reason(&e))),
            }
        }
    };
    let outcome = tokio::select! {
        r = tokio::time::timeout(ctx.timeout, work) => match r {
            Ok(r) => Some(r),
            Err(_) => Some(Ok(Some(format!("timeout after {} s", ctx.timeout.as_secs_f64())))),
        },
        _ = cancel.wait_for(|c| *c) => None,
    };
    let end = ms(Instant::now());
    let base = RequestRecord {
        sent_ms: (sent_at() - start).as_secs_f64() * 1000.0,
        ..base
    };
    match outcome {
        None => state.finish(base, end, Some(Cut::Incomplete)),
        Some(Err(e)) => RequestRecord {
            e2e_ms: Some(end),
            status: RequestStatus::Failed,
            error: Some(ctx.redact(&e)),
            token_source: "chunks".into(),
            ..base
        },
        Some(Ok(cut)) => {
            let mut r = state.finish(base, end, cut.map(Cut::Transport));
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
            s.on_event(
                &Event {
                    name: String::new(),
                    data: d.to_string(),
                },
                *t,
            );
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
}
