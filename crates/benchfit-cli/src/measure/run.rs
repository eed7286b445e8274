//! The whole run: probe, warm-up, the stages in order (one, a sweep, or a rate search, each
//! repeated `--runs` times) and the measurement file at the end (also after Ctrl-C, partial).

use super::*;

/// The whole run: probe, warm-up, the stages with the telemetry beside them, then the
/// measurement file and the summary; Err only when the file could not be written.
pub(super) async fn measure(a: MeasureArgs, plan: Plan) -> anyhow::Result<Ended> {
    let ctx = plan.ctx.clone();
    let started_at = SystemTime::now();
    let probe = probe(&ctx, &plan.root, Instant::now()).await;
    let prompts = Arc::new(probe.prompts.clone());
    warm_up(&a, &plan, probe.features, &prompts).await;
    let (jsonl_path, jsonl) = open_jsonl(&a)?;
    // The engine's series before the first stage, read before the run's clock starts (a
    // single open-loop stage's schedule starts at 0 exactly): at 0 ms.
    let first_engine_read = engine_scrape(&ctx, &plan.metrics_url, Instant::now())
        .await
        .map(|(_, c)| (0.0, c));

    let start = Instant::now();
    let cpu_at_start = cpu::thread_cpu();
    let telemetry = Telemetry::start(&ctx, &plan.metrics_url, start);
    let env = StageEnv {
        ctx: ctx.clone(),
        features: probe.features,
        prompts,
        traffic: plan.traffic,
        seed: a.seed,
        requests: plan.requests,
        duration: plan.duration,
        max_connection_failures: a.max_connection_failures,
        start,
        metrics_url: plan.metrics_url.clone(),
    };
    let mut runner = Runner::new(&env, plan.slo, jsonl, first_engine_read);
    let searches = run_stages(&mut runner, &plan).await;
    let busy = cpu_at_start
        .zip(cpu::thread_cpu())
        .and_then(|(a, b)| cpu::busy_note(b.saturating_sub(a), start.elapsed()));
    let (mut server_metrics, gpu) = telemetry.stop().await;
    server_metrics
        .notes
        .extend(runner.engine_notes.iter().map(|n| ctx.redact(n)));
    if let Some(e) = runner.write_error.take() {
        return Err(anyhow::anyhow!(
            "writing {}: {e}",
            jsonl_path
                .as_deref()
                .map(|p| p.display().to_string())
                .unwrap_or_default()
        ));
    }
    let interrupted = runner.interrupted;
    let m = measurement(
        &a,
        &plan,
        (started_at, probe),
        runner,
        searches,
        (server_metrics, gpu),
        busy,
    );
    for n in &m.run.notes {
        eprintln!("benchfit: note: {n}");
    }
    write_outputs(&a, &ctx, &m)?;
    Ok(if interrupted {
        Ended::Interrupted
    } else {
        Ended::Normally
    })
}

impl<'a> Runner<'a> {
    /// No stage run yet; `first_engine_read` is the engine read made before the run's clock
    /// started.
    fn new(
        env: &'a StageEnv,
        slo: Option<Slo>,
        jsonl: Option<JsonlWriter>,
        first_engine_read: Result<(f64, EngineCounters), ReadError>,
    ) -> Self {
        Runner {
            env,
            slo,
            jsonl,
            records: Vec::new(),
            stages: Vec::new(),
            partial_reason: None,
            interrupted: false,
            write_error: None,
            engine_time: Vec::new(),
            engine_scrapes: true,
            first_engine_read: Some(first_engine_read),
            engine_notes: Vec::new(),
        }
    }
}

/// The telemetry over every stage on the run's clock: the `/metrics` scrape (a task) and
/// the NVML sampler (a thread).
struct Telemetry {
    stop: Arc<AtomicBool>,
    gpu: std::thread::JoinHandle<benchfit_core::measurement::GpuTelemetry>,
    scraper: tokio::task::JoinHandle<ServerMetrics>,
}

impl Telemetry {
    /// Starts both, every 400 ms from `start`.
    fn start(ctx: &Arc<Ctx>, metrics_url: &str, start: Instant) -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        let gpu = gpu::spawn_sampler(start, Duration::from_millis(400), stop.clone());
        let scraper = tokio::spawn(scrape(
            ctx.clone(),
            metrics_url.to_string(),
            start,
            stop.clone(),
        ));
        Telemetry { stop, gpu, scraper }
    }

    /// Stops both and returns what they gathered (the GPU's note, if any, said on stderr).
    async fn stop(self) -> (ServerMetrics, benchfit_core::measurement::GpuTelemetry) {
        self.stop.store(true, Ordering::Relaxed);
        let server_metrics = self.scraper.await.unwrap_or_default();
        let gpu = self.gpu.join().unwrap_or_default();
        if let Some(note) = &gpu.note {
            eprintln!("benchfit: {note}");
        }
        (server_metrics, gpu)
    }
}

/// The measurement file's content: the run's description, every record (in index order), the
/// stages and their outcome, the telemetry and the engine's time.
fn measurement(
    a: &MeasureArgs,
    plan: &Plan,
    (started_at, probe): (SystemTime, Probe),
    runner: Runner<'_>,
    searches: Vec<stages::RateSearch>,
    (server_metrics, gpu): (ServerMetrics, benchfit_core::measurement::GpuTelemetry),
    busy: Option<String>,
) -> Measurement {
    let ctx = &plan.ctx;
    let Runner {
        mut records,
        stages: stage_list,
        partial_reason,
        engine_time,
        ..
    } = runner;
    records.sort_by_key(|r| r.index);
    let (multi_stage, summary, load) = outcome(plan, searches, &stage_list, &records);
    let run = RunInfo {
        tool: "benchfit".into(),
        tool_version: Some(env!("CARGO_PKG_VERSION").into()),
        started_at: Some(rfc3339(started_at)),
        ended_at: Some(rfc3339(SystemTime::now())),
        endpoint: Some(ctx.redact(&a.url)),
        api: Some(match ctx.api {
            Api::Completions => "completions".into(),
            Api::Chat => "chat".into(),
        }),
        model: Some(ctx.redact(&a.model)),
        runtime: server_metrics
            .families_found
            .iter()
            .find_map(|f| metrics::runtime_of(f))
            .map(str::to_string),
        traffic: Some(plan.traffic),
        load: Some(load),
        warmup_requests: a.warmup,
        partial: partial_reason.is_some(),
        partial_reason,
        prompt_calibration: Some(calibration(plan, probe.method, &records)),
        notes: run_notes(probe.notes, &records)
            .into_iter()
            .chain(busy)
            .collect(),
    };
    let mut m = Measurement::new(run);
    m.requests = records;
    m.summary = summary;
    m.server_metrics = server_metrics;
    m.gpu = gpu;
    m.stages = stage_list;
    m.multi_stage = multi_stage;
    m.engine_time = engine_time;
    m
}

/// The warm-up: `--warmup` requests, closed loop, not counted (at the first load's concurrency,
/// 8 for a rate, at most the warm-up count).
async fn warm_up(a: &MeasureArgs, plan: &Plan, features: BodyFeatures, prompts: &Arc<Prompts>) {
    if a.warmup == 0 {
        return;
    }
    let conc = match plan.mode.first_load() {
        LoadMode::Concurrency { concurrency } => concurrency,
        LoadMode::Rate { .. } => 8,
    }
    .min(a.warmup);
    let next = Arc::new(AtomicU64::new(0));
    let (_tx, rx) = watch::channel(false);
    let mut set = tokio::task::JoinSet::new();
    for _ in 0..conc {
        let (ctx, next, rx, traffic, tpw) = (
            plan.ctx.clone(),
            next.clone(),
            rx.clone(),
            plan.traffic,
            prompts.clone(),
        );
        let (warm, seed) = (u64::from(a.warmup), a.seed);
        set.spawn(async move {
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= warm {
                    break;
                }
                let j = job(u64::MAX - i, seed, &traffic, &tpw);
                let start = Instant::now();
                request::run(
                    &ctx,
                    j.base,
                    &j.prompt,
                    j.max_tokens,
                    features,
                    start,
                    rx.clone(),
                )
                .await;
            }
        });
    }
    while set.join_next().await.is_some() {}
}

/// `FILE.jsonl` beside `--out FILE`, created (None without `--out`).
fn open_jsonl(a: &MeasureArgs) -> anyhow::Result<(Option<PathBuf>, Option<JsonlWriter>)> {
    let jsonl_path = a.out.as_ref().map(|p| {
        let mut s = p.clone().into_os_string();
        s.push(".jsonl");
        PathBuf::from(s)
    });
    let jsonl = match &jsonl_path {
        Some(p) => Some(std::io::BufWriter::new(
            std::fs::File::create(p).with_context(|| format!("creating {}", p.display()))?,
        )),
        None => None,
    };
    Ok((jsonl_path, jsonl))
}

/// Runs the plan's stages in order; the rate searches made (`--find-max-rate`), one per run.
async fn run_stages(runner: &mut Runner<'_>, plan: &Plan) -> Vec<stages::RateSearch> {
    let mut searches: Vec<stages::RateSearch> = Vec::new();
    match &plan.mode {
        Mode::Single(load) if plan.runs == 1 => {
            runner.stage(load.clone(), 0, false).await;
        }
        Mode::Single(load) => {
            for repeat in 0..plan.runs {
                if !runner.stage(load.clone(), repeat, true).await {
                    break;
                }
            }
        }
        Mode::Sweep(loads) => {
            'sweep: for load in loads {
                for repeat in 0..plan.runs {
                    if !runner.stage(load.clone(), repeat, true).await {
                        break 'sweep;
                    }
                }
            }
        }
        Mode::FindMaxRate {
            start_rate,
            resolution,
            arrival,
            burstiness,
        } => {
            let from = RateFrom {
                start_rate: *start_rate,
                resolution: *resolution,
                arrival,
                burstiness: *burstiness,
            };
            for repeat in 0..plan.runs {
                let (search, cut) = search_max_rate(runner, &from, repeat).await;
                searches.push(search);
                if cut {
                    break;
                }
            }
        }
    }
    searches
}

/// Where a `--find-max-rate` search starts and how its stages arrive ([`Mode::FindMaxRate`]).
struct RateFrom<'a> {
    start_rate: f64,
    resolution: Option<f64>,
    arrival: &'a str,
    burstiness: f64,
}

/// One `--find-max-rate` search (repetition `repeat`): stages at the rates
/// [`stages::next_rate`] asks for until it stops; true with it when the run was cut short.
async fn search_max_rate(
    runner: &mut Runner<'_>,
    from: &RateFrom<'_>,
    repeat: u32,
) -> (stages::RateSearch, bool) {
    let RateFrom {
        start_rate,
        resolution,
        arrival,
        burstiness,
    } = from;
    let first_stage = runner.stages.len();
    let mut probes: Vec<(f64, bool)> = Vec::new();
    let mut cut = false;
    let stopped = loop {
        let rate = match stages::next_rate(*start_rate, *resolution, &probes) {
            stages::NextRate::Probe(r) => r,
            stages::NextRate::Stop(why) => break why,
        };
        let load = LoadMode::Rate {
            requests_per_s: rate,
            arrival: arrival.to_string(),
            burstiness: *burstiness,
        };
        if !runner.stage(load, repeat, true).await {
            cut = true;
            break "the run stopped before the search ended".to_string();
        }
        let met = runner
            .stages
            .last()
            .and_then(|s| s.slo)
            .is_some_and(|v| v.met);
        eprintln!(
            "benchfit: stage {}: {rate} requests/s {} the SLOs",
            runner.stages.len() - 1,
            if met { "met" } else { "missed" }
        );
        probes.push((rate, met));
    };
    let (met, missed) = stages::bracket(&probes);
    let search = stages::RateSearch {
        start_rate: *start_rate,
        resolution: *resolution,
        max_rate: met,
        // The search's stages and probes are in the same order.
        max_rate_stage: met
            .and_then(|m| probes.iter().position(|p| p.0 == m))
            .map(|i| (first_stage + i) as u32),
        lowest_missed_rate: missed,
        probes: probes.iter().map(|p| p.0).collect(),
        stopped,
    };
    (search, cut)
}

/// What the stages amount to: the multi-stage section (None for one stage), and the headline
/// stage's summary and load (the search's answer or its lowest probe, else the last stage; the
/// whole run's summary without stages).
fn outcome(
    plan: &Plan,
    mut searches: Vec<stages::RateSearch>,
    stage_list: &[stages::Stage],
    records: &[RequestRecord],
) -> (
    Option<stages::MultiStage>,
    benchfit_core::measurement::Summary,
    LoadMode,
) {
    // Several searches: the mean found rate and its interval; the headline is the answer
    // nearest the mean.
    let max_rate_interval = (searches.len() > 1)
        .then(|| {
            let found: Vec<f64> = searches.iter().filter_map(|s| s.max_rate).collect();
            stages::interval("max_rate_requests_per_s", &found)
        })
        .flatten();
    let search = match (&max_rate_interval, searches.len()) {
        (_, 0) => None,
        (_, 1) => searches.pop(),
        (Some(mi), _) => searches
            .iter()
            .filter(|s| s.max_rate.is_some())
            .min_by(|a, b| {
                let d = |s: &&stages::RateSearch| (s.max_rate.unwrap_or(f64::NAN) - mi.mean).abs();
                d(a).total_cmp(&d(b))
            })
            .cloned(),
        (None, _) => searches.first().cloned(),
    };
    let headline = match &search {
        Some(s) => s.max_rate_stage.unwrap_or_else(|| {
            stage_list
                .iter()
                .min_by(|x, y| rate_of(&x.load).total_cmp(&rate_of(&y.load)))
                .map_or(0, |s| s.index)
        }),
        None => stage_list.len().saturating_sub(1) as u32,
    };
    let (summary, load) = match stage_list.get(headline as usize) {
        Some(s) => (s.summary.clone(), s.load.clone()),
        None => (summarize(records), plan.mode.first_load()),
    };
    let multi_stage = (!stage_list.is_empty()).then(|| stages::MultiStage {
        kind: match plan.mode {
            Mode::Single(_) => "runs",
            Mode::Sweep(_) => "sweep",
            Mode::FindMaxRate { .. } => "find_max_rate",
        }
        .into(),
        headline_stage: headline,
        runs: plan.runs,
        slo: plan.slo,
        // One search: `search`; several: all in `searches`, with the interval.
        search: if searches.is_empty() { search } else { None },
        searches,
        max_rate_interval,
        aggregates: if plan.runs > 1 && !matches!(plan.mode, Mode::FindMaxRate { .. }) {
            stages::aggregate(stage_list)
        } else {
            Vec::new()
        },
    });
    (multi_stage, summary, load)
}

/// The probe's notes, and one when the client itself was late (send lag p99 above 5 ms).
fn run_notes(mut notes: Vec<String>, records: &[RequestRecord]) -> Vec<String> {
    if let Some(lag) = summarize(records).client.send_lag_ms {
        if lag.p99 > 5.0 {
            notes.push(format!(
                "the client was the bottleneck: requests went out late (send lag p99 {:.1} ms, mean {:.1} ms)",
                lag.p99, lag.mean
            ));
        }
    }
    notes
}

/// Requested vs actual prompt tokens (the server's counts over the counted requests).
fn calibration(plan: &Plan, method: &str, records: &[RequestRecord]) -> PromptCalibration {
    let counted: Vec<f64> = records
        .iter()
        .filter_map(|r| r.prompt_tokens)
        .map(f64::from)
        .collect();
    PromptCalibration {
        method: method.into(),
        requested_mean_tokens: mean_of(plan.traffic.prompt_tokens),
        actual_mean_tokens: (!counted.is_empty())
            .then(|| counted.iter().sum::<f64>() / counted.len() as f64),
    }
}

/// The measurement file (`--out`, written to a temporary name then renamed, redacted) and the
/// summary on stdout (`--json`, or the text).
fn write_outputs(a: &MeasureArgs, ctx: &Ctx, m: &Measurement) -> anyhow::Result<()> {
    if let Some(path) = &a.out {
        let text = serde_json::to_string_pretty(m).context("serialising the measurement")?;
        let tmp = path.with_extension("tmp");
        std::fs::write(&tmp, ctx.redact(&text))
            .with_context(|| format!("writing {}", tmp.display()))?;
        std::fs::rename(&tmp, path).with_context(|| format!("writing {}", path.display()))?;
    }
    if a.json {
        let text = if m.multi_stage.is_some() {
            serde_json::to_string_pretty(&MultiStageJson {
                summary: &m.summary,
                stages: &m.stages,
                multi_stage: m.multi_stage.as_ref(),
            })
        } else {
            serde_json::to_string_pretty(&m.summary)
        };
        crate::out_text(&format!("{}\n", text.context("serialising the summary")?));
    } else {
        crate::out_text(&render(m));
    }
    Ok(())
}

pub(super) fn rate_of(l: &LoadMode) -> f64 {
    match l {
        LoadMode::Rate { requests_per_s, .. } => *requests_per_s,
        LoadMode::Concurrency { concurrency } => f64::from(*concurrency),
    }
}

pub(super) fn load_label(l: &LoadMode) -> String {
    match l {
        LoadMode::Rate { requests_per_s, .. } => format!("{requests_per_s} req/s"),
        LoadMode::Concurrency { concurrency } => format!("concurrency {concurrency}"),
    }
}
