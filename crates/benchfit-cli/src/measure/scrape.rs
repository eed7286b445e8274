//! Scraping the engine's `/metrics` (and NVML) during a stage.

use super::*;

/// Scrapes the metrics URL every 400 ms until `stop`. A first answer that is not 2xx, or a
/// refused connection before any sample, ends it with a note; timeouts (a busy server) do not.
pub(super) async fn scrape(
    ctx: Arc<Ctx>,
    url: String,
    start: Instant,
    stop: Arc<AtomicBool>,
) -> ServerMetrics {
    let shown = ctx.redact(&url);
    let mut out = ServerMetrics {
        url: Some(shown.clone()),
        ..ServerMetrics::default()
    };
    let mut found = BTreeSet::new();
    let mut timeouts = 0u32;
    let mut tick = tokio::time::interval(Duration::from_millis(400));
    // Bounded: one scrape per 400 ms for at most a day.
    for _ in 0..216_000 {
        tick.tick().await;
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let t_ms = start.elapsed().as_secs_f64() * 1000.0;
        match scrape_once(&ctx, &url).await {
            Scraped::Text(text) => {
                let (sample, f) = metrics::parse(&text, t_ms);
                found.extend(f);
                out.samples.push(sample);
            }
            Scraped::TimedOut => timeouts += 1,
            Scraped::Nothing => {}
            Scraped::Failed(_) if !out.samples.is_empty() => {}
            Scraped::Failed(why) | Scraped::TooLarge(why) => {
                out.notes.push(format!("no server metrics: {shown} {why}"));
                break;
            }
        }
    }
    if out.samples.is_empty() && timeouts > 0 {
        out.notes.push(format!(
            "no server metrics: {shown} did not answer within 2 s ({timeouts} tries)"
        ));
    }
    out.families_found = found.into_iter().collect();
    if let Some(note) = families_note(&out) {
        out.notes.push(note);
    }
    out.notes.iter_mut().for_each(|n| *n = ctx.redact(n));
    out
}

/// What one scrape of the metrics URL gave.
enum Scraped {
    /// The exposition text.
    Text(String),
    /// No answer within 2 s (a busy server: llama.cpp with every HTTP thread streaming).
    TimedOut,
    /// More than [`MAX_METRICS_BODY_BYTES`]: the scrape stops (the words say why).
    TooLarge(String),
    /// A non-2xx answer or a failed connection: the scrape stops when no sample was taken yet
    /// (no endpoint), else it goes on (the words say why).
    Failed(String),
    /// A body cut short: nothing this time, the scrape goes on.
    Nothing,
}

/// One scrape: a GET of `url` (2 s limit, the bearer token when there is one), read up to
/// [`MAX_METRICS_BODY_BYTES`].
async fn scrape_once(ctx: &Ctx, url: &str) -> Scraped {
    let build = |c: &reqwest::Client| {
        let req = c.get(url).timeout(Duration::from_secs(2));
        match &ctx.api_key {
            Some(k) => req.bearer_auth(k),
            None => req,
        }
    };
    match request::send_with_fresh_retry(ctx, build).await {
        Ok(r) if r.status().is_success() => {
            match request::read_limited(r, MAX_METRICS_BODY_BYTES).await {
                Ok((body, true)) => Scraped::Text(String::from_utf8_lossy(&body).into_owned()),
                Ok((_, false)) => Scraped::TooLarge(format!(
                    "answered with more than {} MiB",
                    MAX_METRICS_BODY_BYTES >> 20
                )),
                Err(_) => Scraped::Nothing,
            }
        }
        Ok(r) => Scraped::Failed(format!("answered http {}", r.status().as_u16())),
        Err(e) if e.is_timeout() => Scraped::TimedOut,
        Err(_) => Scraped::Failed("did not answer (connection failed)".into()),
    }
}

/// The note on what the scrape found: none of the families benchfit reads, or no KV-cache
/// gauge; None when it found them (or took no sample).
fn families_note(out: &ServerMetrics) -> Option<String> {
    if out.samples.is_empty() {
        return None;
    }
    if out.families_found.is_empty() {
        return Some("the metrics endpoint answered but none of the vLLM, SGLang, TGI or llama.cpp families benchfit reads were there".into());
    }
    if out.samples.iter().any(|s| s.kv_usage.is_some()) {
        return None;
    }
    let rt = out
        .families_found
        .iter()
        .find_map(|f| metrics::runtime_of(f))
        .unwrap_or("this server");
    Some(format!(
        "{rt} exports no KV-cache usage gauge here: kv_usage is null"
    ))
}

/// Why a read of the engine's series failed.
pub(super) enum ReadError {
    /// The endpoint is not there (a non-2xx answer, or more than [`MAX_METRICS_BODY_BYTES`]):
    /// trying again will not help.
    Absent(String),
    /// It did not answer in time, or closed the connection: a busy server may answer later.
    Busy(String),
    /// No connection could be made: before any read answered, no endpoint (as for the
    /// telemetry scrape); after one did, the server may answer later.
    Refused(String),
}

impl ReadError {
    /// Why, in words.
    pub(super) fn why(&self) -> &str {
        match self {
            ReadError::Absent(w) | ReadError::Busy(w) | ReadError::Refused(w) => w,
        }
    }
}

/// Seconds an engine read may take (no load runs while it is made: between stages).
const ENGINE_READ_TIMEOUT_S: u64 = 5;
/// Tries of an engine read that timed out or whose connection failed (each with
/// [`request::send_with_fresh_retry`]'s one re-send on a new connection).
const ENGINE_READ_TRIES: u32 = 3;

/// One read of the engine's cumulative series ([`metrics::engine_counters`]) at `t_ms` after the
/// run's start, tried again (at most [`ENGINE_READ_TRIES`] times in all) while the server does
/// not answer within [`ENGINE_READ_TIMEOUT_S`] or its connection fails.
pub(super) async fn engine_scrape(
    ctx: &Ctx,
    url: &str,
    start: Instant,
) -> Result<(f64, EngineCounters), ReadError> {
    let mut tries = 1;
    loop {
        match engine_read(ctx, url, start).await {
            Err(ReadError::Busy(_) | ReadError::Refused(_)) if tries < ENGINE_READ_TRIES => {
                tries += 1;
            }
            r => return r,
        }
    }
}

async fn engine_read(
    ctx: &Ctx,
    url: &str,
    start: Instant,
) -> Result<(f64, EngineCounters), ReadError> {
    let build = |c: &reqwest::Client| {
        let req = c
            .get(url)
            .timeout(Duration::from_secs(ENGINE_READ_TIMEOUT_S));
        match &ctx.api_key {
            Some(k) => req.bearer_auth(k),
            None => req,
        }
    };
    let r = request::send_with_fresh_retry(ctx, build)
        .await
        .map_err(|e| {
            if e.is_timeout() {
                ReadError::Busy(format!("no answer within {ENGINE_READ_TIMEOUT_S} s"))
            } else if e.is_connect() {
                ReadError::Refused("no connection could be made".into())
            } else {
                ReadError::Busy("the connection failed".into())
            }
        })?;
    if !r.status().is_success() {
        return Err(ReadError::Absent(format!("http {}", r.status().as_u16())));
    }
    let (body, whole) = request::read_limited(r, MAX_METRICS_BODY_BYTES)
        .await
        .map_err(ReadError::Busy)?;
    if !whole {
        return Err(ReadError::Absent("too large".into()));
    }
    let t_ms = start.elapsed().as_secs_f64() * 1000.0;
    Ok((
        t_ms,
        metrics::engine_counters(&String::from_utf8_lossy(&body)),
    ))
}

/// Requests the engine counted between two reads (the first phase histogram with a count);
/// None where it counts none (llama.cpp).
fn engine_count(before: &EngineCounters, after: &EngineCounters) -> Option<f64> {
    let pick = |c: &EngineCounters| {
        [c.queue, c.prefill, c.inference, c.decode]
            .into_iter()
            .flatten()
            .find_map(|t| t.count)
    };
    Some(pick(after)? - pick(before)?)
}

/// Reads the engine's series after a stage. An engine records a request's histograms as the
/// request finishes, which may be a moment after its last byte reached the client: while the
/// engine has counted fewer requests than `completed`, it is read again, every 200 ms, at most
/// 5 more times (1 s), until a read fails (the last answer is kept).
pub(super) async fn engine_scrape_after(
    ctx: &Ctx,
    url: &str,
    start: Instant,
    before: &EngineCounters,
    completed: u64,
) -> Result<(f64, EngineCounters), ReadError> {
    let mut after = engine_scrape(ctx, url, start).await;
    for _ in 0..5 {
        match &after {
            Ok((_, a)) if engine_count(before, a).is_some_and(|n| n < completed as f64) => {}
            _ => break,
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
        match engine_scrape(ctx, url, start).await {
            Ok(again) => after = Ok(again),
            Err(_) => break,
        }
    }
    after
}
