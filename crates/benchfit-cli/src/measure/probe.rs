//! Probing the server once before the run: which optional body fields it accepts and how its
//! tokenizer counts the prompt's words (`/tokenize`, or `usage.prompt_tokens`).

use super::*;

/// Most bytes of a `/tokenize` answer read (a token list of the 200-word probe is a few KB).
pub(super) const MAX_TOKENIZE_BODY_BYTES: usize = 1 << 20;

/// Tokenizes `text` with the server's `/tokenize` (llama.cpp: `content`, vLLM: `prompt`;
/// no special tokens added), if it offers one.
pub(super) async fn tokenize(ctx: &Ctx, root: &str, text: &str) -> Option<Tokenized> {
    let body = serde_json::json!({"model": ctx.model, "prompt": text, "content": text, "add_special": false});
    let build = |c: &reqwest::Client| {
        let req = c
            .post(format!("{root}/tokenize"))
            .timeout(Duration::from_secs(10))
            .json(&body);
        match &ctx.api_key {
            Some(k) => req.bearer_auth(k),
            None => req,
        }
    };
    // llama.cpp's server closes the connection after the probe's streamed response.
    let resp = request::send_with_fresh_retry(ctx, build)
        .await
        .ok()?
        .error_for_status()
        .ok()?;
    let (body, whole) = request::read_limited(resp, MAX_TOKENIZE_BODY_BYTES)
        .await
        .ok()?;
    if !whole {
        return None;
    }
    let v: serde_json::Value = serde_json::from_slice(&body).ok()?;
    // `tokens` is a list of ids (or, with llama.cpp's `with_pieces`, of {id, piece}).
    let ids: Vec<u32> = v
        .get("tokens")
        .and_then(serde_json::Value::as_array)
        .map(|t| {
            t.iter()
                .filter_map(|x| x.as_u64().or_else(|| x.get("id")?.as_u64()))
                .filter_map(|x| u32::try_from(x).ok())
                .collect()
        })
        .unwrap_or_default();
    let count = v
        .get("count")
        .and_then(serde_json::Value::as_u64)
        .or_else(|| {
            v.get("tokens")
                .and_then(serde_json::Value::as_array)
                .map(|t| t.len() as u64)
        })?;
    Some(Tokenized {
        count: u32::try_from(count).ok()?,
        ids,
    })
}

/// One small streamed request per body variant, richest first, until the server accepts one;
/// then the prompt-length calibration: token-id prompts where the server takes them, else
/// words calibrated with `/tokenize` or the probe's `usage.prompt_tokens`.
pub(super) async fn probe(ctx: &Ctx, root: &str, start: Instant) -> Probe {
    const PROBE_WORDS: usize = 200;
    let mut rng = rand_pcg::Pcg64::seed_from_u64(u64::MAX);
    let text = words(PROBE_WORDS, &mut rng);
    // The request itself is short, to fit any context; /tokenize gets the long text.
    let short = words(8, &mut rng);
    let mut notes = Vec::new();
    let (chosen, usage) = body_features(ctx, &short, start, &mut notes).await;
    let tokenized = tokenize(ctx, root, &text).await;
    // Token-id prompts: only with the completions API, a listed vocabulary sample, and a
    // probe whose usage.prompt_tokens shows how many tokens the server adds.
    if let (Api::Completions, Some(t)) = (ctx.api, &tokenized) {
        if let Some(prompts) = id_prompts(ctx, t, chosen, start, &mut notes).await {
            return Probe {
                features: chosen,
                prompts,
                method: "token_ids",
                notes,
            };
        }
    }
    let usage_prompt = usage.map(|n| (n, 8usize));
    let (tokens_per_word, method) = match tokenized {
        Some(t) if t.count > 0 => (Some(f64::from(t.count) / PROBE_WORDS as f64), "tokenize"),
        _ => match usage_prompt {
            Some((n, w)) if n > 0 => (Some(f64::from(n) / w as f64), "usage"),
            _ => {
                notes.push("prompt length could not be calibrated (no /tokenize, no usage.prompt_tokens): prompts use the synthesized length of one token per word".into());
                (None, "none")
            }
        },
    };
    Probe {
        features: chosen,
        prompts: Prompts::Words { tokens_per_word },
        method,
        notes,
    }
}

/// The richest body the server accepts (a 400 or 422 answer rejects one; with every variant
/// rejected, the full body and a note), with the probe's `usage.prompt_tokens` for the `short`
/// prompt; what it means for the run goes to `notes`.
async fn body_features(
    ctx: &Ctx,
    short: &str,
    start: Instant,
    notes: &mut Vec<String>,
) -> (BodyFeatures, Option<u32>) {
    let (_tx, rx) = watch::channel(false);
    let mut chosen = None;
    let mut first_error = None;
    let mut usage = None;
    for f in [
        BodyFeatures::Full,
        BodyFeatures::UsageOnly,
        BodyFeatures::Plain,
    ] {
        let r = request::run(
            ctx,
            RequestRecord::default(),
            &Prompt::Text(short.to_string()),
            2,
            f,
            start,
            rx.clone(),
        )
        .await;
        let rejected = r
            .error
            .as_deref()
            .is_some_and(|e| e.starts_with("http 400") || e.starts_with("http 422"));
        if !rejected {
            usage = r.prompt_tokens;
            if let Some(e) = &r.error {
                notes.push(format!("the probe request failed ({e}); going on"));
            }
            chosen = Some(f);
            break;
        }
        first_error.get_or_insert(r.error);
    }
    let chosen = match chosen {
        Some(f) => f,
        None => {
            notes.push(format!(
                "the server rejected every probe request ({}); going on with the full body",
                first_error.flatten().unwrap_or_default()
            ));
            BodyFeatures::Full
        }
    };
    match chosen {
        BodyFeatures::Full => {}
        BodyFeatures::UsageOnly => notes.push(
            "the server rejected ignore_eos/min_tokens/continuous_usage_stats: output length is max_tokens at most, and multi-token chunks are counted from the final usage".into(),
        ),
        BodyFeatures::Plain => notes.push(
            "the server rejected stream_options: no usage from the server, tokens are counted one per streamed chunk (labelled fallback)".into(),
        ),
    }
    (chosen, usage)
}

/// Token-id prompts drawn from the ids `/tokenize` listed, when a probe with 8 of them comes
/// back with `usage.prompt_tokens` 8 to 10 (the server's own additions: a BOS); None (with a
/// note when the probe was made) otherwise.
async fn id_prompts(
    ctx: &Ctx,
    t: &Tokenized,
    chosen: BodyFeatures,
    start: Instant,
    notes: &mut Vec<String>,
) -> Option<Prompts> {
    let mut pool = t.ids.clone();
    pool.sort_unstable();
    pool.dedup();
    if pool.len() < 8 {
        return None;
    }
    let (_tx, rx) = watch::channel(false);
    let sent: Vec<u32> = t.ids.iter().copied().take(8).collect();
    let r = request::run(
        ctx,
        RequestRecord::default(),
        &Prompt::Ids(sent.clone()),
        2,
        chosen,
        start,
        rx,
    )
    .await;
    let n = sent.len() as u32;
    match (r.status, r.prompt_tokens) {
        (RequestStatus::Ok, Some(u)) if (n..=n + 2).contains(&u) => Some(Prompts::Ids {
            pool: Arc::new(pool),
            added: u - n,
        }),
        (status, u) => {
            notes.push(format!(
                "token-id prompts not used (the probe with {n} ids: {}, usage.prompt_tokens {}): prompt lengths are calibrated with /tokenize, approximate",
                r.error.as_deref().unwrap_or(match status {
                    RequestStatus::Ok => "ok",
                    _ => "not ok",
                }),
                u.map_or("absent".to_string(), |u| u.to_string())
            ));
            None
        }
    }
}
