//! Planning a run from the flags: lengths, load (one stage, a sweep or a rate search), the
//! prompts' words and the API key, all checked before anything is sent.

use super::*;

pub(super) fn parse_length(flag: &str, s: &str) -> Result<TokenLength, BadInput> {
    let bad = || {
        BadInput(format!(
            "{flag}: {s:?} is not N or MIN-MAX with 1 ≤ MIN ≤ MAX ≤ 1,000,000"
        ))
    };
    let n = |x: &str| {
        x.trim()
            .parse::<u32>()
            .ok()
            .filter(|v| (1..=1_000_000).contains(v))
    };
    match s.split_once('-') {
        None => n(s)
            .map(|tokens| TokenLength::Fixed { tokens })
            .ok_or_else(bad),
        Some((a, b)) => match (n(a), n(b)) {
            (Some(min), Some(max)) if min <= max => Ok(TokenLength::Uniform { min, max }),
            _ => Err(bad()),
        },
    }
}

pub(super) fn draw(len: TokenLength, rng: &mut impl Rng) -> u32 {
    match len {
        TokenLength::Fixed { tokens } => tokens,
        TokenLength::Uniform { min, max } => rng.random_range(min..=max),
    }
}

pub(super) fn mean_of(len: TokenLength) -> f64 {
    match len {
        TokenLength::Fixed { tokens } => f64::from(tokens),
        TokenLength::Uniform { min, max } => (f64::from(min) + f64::from(max)) / 2.0,
    }
}

/// Parses `--sweep`: `rate=R1,R2,…` or `concurrency=C1,C2,…` (2–64 values, each within its
/// flag's range, no value twice).
pub(super) fn parse_sweep(
    s: &str,
    arrival: &str,
    burstiness: f64,
) -> Result<Vec<LoadMode>, BadInput> {
    let bad = |why: &str| {
        BadInput(format!(
            "--sweep: {s:?} {why} (write rate=1,2,4 or concurrency=1,2,4)"
        ))
    };
    let (kind, list) = s
        .split_once('=')
        .ok_or_else(|| bad("has no kind= before the values"))?;
    let values: Vec<&str> = list.split(',').map(str::trim).collect();
    if !(2..=64).contains(&values.len()) {
        return Err(bad("must list 2 to 64 values"));
    }
    let loads = match kind.trim() {
        "rate" => values
            .iter()
            .map(|v| match v.parse::<f64>() {
                Ok(r) if r.is_finite() && r > 0.0 && r <= 100_000.0 => Ok(LoadMode::Rate {
                    requests_per_s: r,
                    arrival: arrival.into(),
                    burstiness,
                }),
                _ => Err(bad(&format!(
                    "has {v:?}, not a rate more than 0 and at most 100,000 requests/s"
                ))),
            })
            .collect::<Result<Vec<_>, _>>()?,
        "concurrency" => values
            .iter()
            .map(|v| match v.parse::<u32>() {
                Ok(c) if (1..=100_000).contains(&c) => Ok(LoadMode::Concurrency { concurrency: c }),
                _ => Err(bad(&format!(
                    "has {v:?}, not a concurrency from 1 to 100,000"
                ))),
            })
            .collect::<Result<Vec<_>, _>>()?,
        other => return Err(bad(&format!("has kind {other:?}, not rate or concurrency"))),
    };
    if loads
        .iter()
        .enumerate()
        .any(|(i, l)| loads[..i].contains(l))
    {
        return Err(bad("lists a value twice"));
    }
    Ok(loads)
}

pub(super) fn read_key(a: &MeasureArgs) -> Result<Option<String>, BadInput> {
    if let Some(path) = &a.api_key_file {
        let text = std::fs::read_to_string(path).map_err(|e| {
            BadInput(format!(
                "--api-key-file: cannot read {}: {e}",
                path.display()
            ))
        })?;
        let key = text.lines().next().unwrap_or("").trim().to_string();
        if key.is_empty() {
            return Err(BadInput(format!(
                "--api-key-file: {} is empty",
                path.display()
            )));
        }
        return Ok(Some(key));
    }
    Ok(std::env::var(&a.api_key_env)
        .ok()
        .filter(|k| !k.trim().is_empty()))
}

/// Checks the flags into a [`Plan`]; the first bad flag (in the order of the helpers below)
/// → [`BadInput`].
pub(super) fn plan(a: &MeasureArgs) -> Result<Plan, BadInput> {
    let (url, root) = base_url(a)?;
    let traffic = TrafficProfile {
        prompt_tokens: parse_length("--prompt-tokens", &a.prompt_tokens)?,
        output_tokens: parse_length("--output-tokens", &a.output_tokens)?,
    };
    let (arrival, burstiness) = open_loop_shape(a)?;
    let mode = mode_of(a, arrival, burstiness)?;
    let slo = slo_of(a, &mode)?;
    let duration = duration_of(a)?;
    if !(a.timeout.is_finite() && a.timeout > 0.0 && a.timeout <= 86_400.0) {
        return Err(BadInput(
            "--timeout: must be more than 0 and at most 86,400 s".into(),
        ));
    }
    let extra = extra_body(a)?;
    let requests = a
        .requests
        .unwrap_or(if duration.is_some() { 10_000_000 } else { 100 });
    Ok(Plan {
        ctx: Arc::new(ctx_of(a, &url, extra)?),
        metrics_url: a
            .metrics_url
            .clone()
            .unwrap_or_else(|| format!("{root}/metrics")),
        root,
        traffic,
        mode,
        runs: a.runs,
        slo,
        requests,
        duration,
    })
}

/// `--url` checked: http(s), no credentials, ending in `/v1`; the URL without a trailing `/`,
/// and the server's root (without `/v1`).
fn base_url(a: &MeasureArgs) -> Result<(String, String), BadInput> {
    let url = a.url.trim().trim_end_matches('/').to_string();
    let parsed = reqwest::Url::parse(&url)
        .map_err(|e| BadInput(format!("--url: {url:?} is not a URL ({e})")))?;
    if !matches!(parsed.scheme(), "http" | "https") {
        return Err(BadInput(format!(
            "--url: {url:?} must start with http:// or https://"
        )));
    }
    if !parsed.username().is_empty() || parsed.password().is_some() {
        return Err(BadInput(
            "--url: must not carry credentials; pass the key with --api-key-env or --api-key-file"
                .into(),
        ));
    }
    let Some(root) = url.strip_suffix("/v1") else {
        return Err(BadInput(format!(
            "--url: {url:?} must be the API base ending in /v1 (e.g. http://127.0.0.1:8000/v1)"
        )));
    };
    let root = root.to_string();
    Ok((url, root))
}

/// `--arrival` (default Poisson) and `--burstiness` (default 1), with `--rate` and the
/// burstiness range checked.
fn open_loop_shape(a: &MeasureArgs) -> Result<(String, f64), BadInput> {
    let arrival: String = match a.arrival.unwrap_or(ArrivalArg::Poisson) {
        ArrivalArg::Constant => "constant",
        ArrivalArg::Poisson => "poisson",
        ArrivalArg::Gamma => "gamma",
    }
    .into();
    let burstiness = a.burstiness.unwrap_or(1.0);
    if let Some(r) = a.rate {
        if !(r.is_finite() && r > 0.0 && r <= 100_000.0) {
            return Err(BadInput(
                "--rate: must be more than 0 and at most 100,000 requests/s".into(),
            ));
        }
    }
    if (a.rate.is_some() || a.sweep.is_some() || a.find_max_rate)
        && !(burstiness.is_finite() && burstiness > 0.0 && burstiness <= 100.0)
    {
        return Err(BadInput(
            "--burstiness: must be more than 0 and at most 100".into(),
        ));
    }
    Ok((arrival, burstiness))
}

/// The run's stages: a `--sweep`, a `--find-max-rate` search, or one load (`--rate`,
/// `--concurrency`, or concurrency 1).
fn mode_of(a: &MeasureArgs, arrival: String, burstiness: f64) -> Result<Mode, BadInput> {
    if let Some(s) = &a.sweep {
        let loads = parse_sweep(s, &arrival, burstiness)?;
        if loads
            .iter()
            .all(|l| matches!(l, LoadMode::Concurrency { .. }))
            && (a.arrival.is_some() || a.burstiness.is_some())
        {
            return Err(BadInput(
                "--arrival/--burstiness: only for open loop (--rate, --sweep rate=…, --find-max-rate)"
                    .into(),
            ));
        }
        return Ok(Mode::Sweep(loads));
    }
    if a.find_max_rate {
        if let Some(r) = a.rate_resolution {
            if !(r.is_finite() && r > 0.0 && r <= 100_000.0) {
                return Err(BadInput(
                    "--rate-resolution: must be more than 0 and at most 100,000 requests/s".into(),
                ));
            }
        }
        return Ok(Mode::FindMaxRate {
            start_rate: a.rate.unwrap_or(1.0),
            resolution: a.rate_resolution,
            arrival,
            burstiness,
        });
    }
    Ok(Mode::Single(match (a.concurrency, a.rate) {
        (_, Some(r)) => LoadMode::Rate {
            requests_per_s: r,
            arrival,
            burstiness,
        },
        (Some(c), None) => LoadMode::Concurrency { concurrency: c },
        (None, None) => LoadMode::Concurrency { concurrency: 1 },
    }))
}

/// The SLOs (`--slo-ttft-ms`, `--slo-tpot-ms`, `--slo-e2e-ms` at `--percentile`), each within
/// the estimate's SLO range; None without any. They judge stages, so they need several
/// (`--sweep`, `--find-max-rate`, `--runs`), and `--find-max-rate` needs them.
fn slo_of(a: &MeasureArgs, mode: &Mode) -> Result<Option<Slo>, BadInput> {
    // The estimate's and plan's SLO range.
    use benchfit_core::limits::{MAX_SLO_MS, MIN_SLO_MS};
    let slo_ms = |flag: &str, v: Option<f64>| match v {
        Some(x) if !(x.is_finite() && (MIN_SLO_MS..=MAX_SLO_MS).contains(&x)) => Err(BadInput(
            format!("{flag}: must be from {MIN_SLO_MS} to {MAX_SLO_MS:e} ms"),
        )),
        _ => Ok(v),
    };
    let (ttft, tpot, e2e) = (
        slo_ms("--slo-ttft-ms", a.slo_ttft_ms)?,
        slo_ms("--slo-tpot-ms", a.slo_tpot_ms)?,
        slo_ms("--slo-e2e-ms", a.slo_e2e_ms)?,
    );
    let slo = (ttft.is_some() || tpot.is_some() || e2e.is_some()).then_some(Slo {
        ttft_ms: ttft,
        tpot_ms: tpot,
        e2e_ms: e2e,
        percentile: match a.percentile.unwrap_or(PercentileArg::P95) {
            PercentileArg::P95 => SloPercentile::P95,
            PercentileArg::P99 => SloPercentile::P99,
        },
    });
    if a.percentile.is_some() && slo.is_none() {
        return Err(BadInput(
            "--percentile: judges SLOs; give --slo-ttft-ms, --slo-tpot-ms or --slo-e2e-ms".into(),
        ));
    }
    if a.find_max_rate && slo.is_none() {
        return Err(BadInput(
            "--find-max-rate: needs an SLO (--slo-ttft-ms, --slo-tpot-ms, --slo-e2e-ms)".into(),
        ));
    }
    if slo.is_some() && matches!(mode, Mode::Single(_)) && a.runs == 1 {
        return Err(BadInput(
            "--slo-ttft-ms/--slo-tpot-ms/--slo-e2e-ms: judge stages, so they need --sweep, --find-max-rate or --runs"
                .into(),
        ));
    }
    Ok(slo)
}

/// `--duration` checked (more than 0, at most a week).
fn duration_of(a: &MeasureArgs) -> Result<Option<Duration>, BadInput> {
    match a.duration {
        None => Ok(None),
        Some(d) if d.is_finite() && d > 0.0 && d <= 7.0 * 86_400.0 => {
            Ok(Some(Duration::from_secs_f64(d)))
        }
        Some(_) => Err(BadInput(
            "--duration: must be more than 0 and at most 604,800 s".into(),
        )),
    }
}

/// `--extra-body`: a JSON object (empty without the flag).
fn extra_body(a: &MeasureArgs) -> Result<serde_json::Map<String, serde_json::Value>, BadInput> {
    match &a.extra_body {
        None => Ok(serde_json::Map::new()),
        Some(s) => match serde_json::from_str::<serde_json::Value>(s) {
            Ok(serde_json::Value::Object(m)) => Ok(m),
            Ok(_) => Err(BadInput("--extra-body: must be a JSON object".into())),
            Err(e) => Err(BadInput(format!("--extra-body: not JSON ({e})"))),
        },
    }
}

/// What every request is sent with: the endpoint of `--api` under `url`, the HTTP clients,
/// the key, the extra body fields and `--timeout` (`--max-connection-failures` checked).
fn ctx_of(
    a: &MeasureArgs,
    url: &str,
    extra: serde_json::Map<String, serde_json::Value>,
) -> Result<Ctx, BadInput> {
    let api = match a.api {
        ApiArg::Completions => Api::Completions,
        ApiArg::Chat => Api::Chat,
    };
    let endpoint = format!(
        "{url}/{}",
        match api {
            Api::Completions => "completions",
            Api::Chat => "chat/completions",
        }
    );
    let client = |max_idle: usize| {
        request::http_client(max_idle)
            .map_err(|e| BadInput(format!("--url: cannot build an HTTP client ({e})")))
    };
    if a.max_connection_failures == 0 {
        return Err(BadInput(
            "--max-connection-failures: must be at least 1".into(),
        ));
    }
    Ok(Ctx {
        wire: wire::Target::for_endpoint(&endpoint),
        pool: wire::Pool::default(),
        client: client(usize::MAX)?,
        // No idle connection kept: every request on it opens a new one.
        fresh: client(0)?,
        endpoint,
        api,
        model: a.model.clone(),
        api_key: read_key(a)?,
        extra,
        timeout: Duration::from_secs_f64(a.timeout),
    })
}

/// Words prompts are made of; any server tokenizer splits them into a stable number of tokens.
pub(super) const WORDS: &[&str] = &[
    "time", "year", "people", "way", "day", "man", "thing", "woman", "life", "child", "world",
    "school", "state", "family", "student", "group", "country", "problem", "hand", "part", "place",
    "case", "week", "company", "system", "program", "question", "work", "number", "night", "point",
    "home", "water", "room", "mother", "area", "money", "story", "fact", "month", "lot", "right",
    "study", "book", "eye", "job", "word", "business", "issue", "side", "kind", "head", "house",
    "service", "friend", "father", "power", "hour", "game", "line", "end", "member", "law", "car",
];

pub(super) fn words(n: usize, rng: &mut impl Rng) -> String {
    let mut s = String::with_capacity(n * 7);
    for i in 0..n {
        if i > 0 {
            s.push(' ');
        }
        s.push_str(WORDS[rng.random_range(0..WORDS.len())]);
    }
    s
}
