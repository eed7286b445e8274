//! Driving the load: arrival times, one job per request, the live view, the stop on a dead
//! server, each stage's run and the file written as requests finish.

use super::*;

/// Arrival offsets from the run's start, seconds, for open loop: the core's generator
/// ([`benchfit_core::input::arrival_times`], the one the estimate simulates with), seeded from
/// `seed`.
pub(super) fn arrivals(n: u64, rate: f64, arrival: &str, k: f64, seed: u64) -> Vec<f64> {
    use benchfit_core::input::{arrival_times, Arrival};
    let mut rng = rand_pcg::Pcg64::seed_from_u64(seed ^ 0xA881_7A15);
    let arrival = match arrival {
        "constant" => Arrival::Constant,
        "gamma" => Arrival::Gamma,
        _ => Arrival::Poisson,
    };
    arrival_times(arrival, rate, k, &mut rng, n.min(10_000_000) as usize)
}

/// Makes the `i`-th job (deterministic in seed and index): prompt length and output length
/// drawn from the traffic profile, a unique prompt of that many tokens.
pub(super) fn job(i: u64, seed: u64, traffic: &TrafficProfile, prompts: &Prompts) -> Job {
    let mut rng = rand_pcg::Pcg64::seed_from_u64(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ i);
    let p = draw(traffic.prompt_tokens, &mut rng);
    let o = draw(traffic.output_tokens, &mut rng);
    let prompt = match prompts {
        Prompts::Ids { pool, added } => Prompt::Ids(
            (0..p.saturating_sub(*added).max(1))
                .map(|_| pool[rng.random_range(0..pool.len())])
                .collect(),
        ),
        Prompts::Words { tokens_per_word } => {
            let n_words = match tokens_per_word {
                Some(r) if *r > 0.0 => ((f64::from(p) / r).round() as usize).max(1),
                _ => p as usize,
            };
            Prompt::Text(words(n_words, &mut rng))
        }
    };
    Job {
        base: RequestRecord {
            index: i,
            requested_prompt_tokens: Some(p),
            requested_output_tokens: Some(o),
            ..RequestRecord::default()
        },
        prompt,
        max_tokens: o,
    }
}

pub(super) fn rfc3339(t: SystemTime) -> String {
    humantime::format_rfc3339_millis(t).to_string()
}

impl Default for Live {
    fn default() -> Self {
        Self {
            done: 0,
            failed: 0,
            // 1 µs to 1 h; values outside are clamped (saturating_record).
            ttft_us: hdrhistogram::Histogram::new_with_bounds(1, 3_600_000_000, 3).ok(),
        }
    }
}

impl Live {
    pub(super) fn push(&mut self, r: &RequestRecord) {
        self.done += 1;
        match r.status {
            RequestStatus::Failed => self.failed += 1,
            RequestStatus::Ok => {
                if let (Some(t), Some(h)) = (
                    r.ttft_ms.filter(|t| t.is_finite() && *t >= 0.0),
                    self.ttft_us.as_mut(),
                ) {
                    h.saturating_record((t * 1000.0).round() as u64);
                }
            }
            RequestStatus::Incomplete => {}
        }
    }

    pub(super) fn message(&self, elapsed_s: f64) -> String {
        let p50 = match &self.ttft_us {
            Some(h) if !h.is_empty() => h.value_at_quantile(0.5) as f64 / 1000.0,
            _ => f64::NAN,
        };
        format!(
            "failed {} · {:.1} req/s · TTFT p50 {:.0} ms",
            self.failed,
            self.done as f64 / elapsed_s.max(1e-9),
            p50
        )
    }
}

impl ServerWatch {
    /// Counts a record as it ends.
    pub(super) fn see(&self, r: &RequestRecord) {
        let hit = self
            .streak
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(r, self.limit);
        if let Some(since_ms) = hit {
            self.stop.store(true, Ordering::Relaxed);
            let _ = self.dead_tx.try_send(format!(
                "the server stopped answering at {:.1} s: {} requests in a row got no answer",
                since_ms / 1000.0,
                self.limit
            ));
        }
    }
}

impl NoAnswerStreak {
    /// Counts `r`; returns the send time (ms from the run's start) of the streak's first
    /// request when the streak reaches `limit` (once).
    pub(super) fn push(&mut self, r: &RequestRecord, limit: u32) -> Option<f64> {
        match (r.status, r.failure_class) {
            (RequestStatus::Failed, Some(FailureClass::Transport)) => {
                self.since_ms = if self.len == 0 {
                    r.sent_ms
                } else {
                    self.since_ms.min(r.sent_ms)
                };
                self.len += 1;
                (self.len == limit).then_some(self.since_ms)
            }
            // Still running when the run stopped: says nothing about the server.
            (RequestStatus::Incomplete, _) => None,
            _ => {
                self.len = 0;
                None
            }
        }
    }
}

impl Runner<'_> {
    /// Reads the engine's series before a stage (the first stage's was read before the run's
    /// clock started). An endpoint that is not there (or refused the first read), or has no
    /// engine series, is not read again in this run; a read that failed otherwise (a busy
    /// server) is said in a note.
    async fn engine_before(&mut self, stage: Option<u32>) -> Option<(f64, EngineCounters)> {
        if !self.engine_scrapes {
            return None;
        }
        let env = self.env;
        let (first, read) = match self.first_engine_read.take() {
            Some(first) => (true, first),
            None => (
                false,
                engine_scrape(&env.ctx, &env.metrics_url, env.start).await,
            ),
        };
        match read {
            Ok((t, c)) if c.runtime.is_some() => Some((t, c)),
            Ok(_) | Err(ReadError::Absent(_)) => {
                self.engine_scrapes = false;
                None
            }
            Err(ReadError::Refused(_)) if first => {
                self.engine_scrapes = false;
                None
            }
            Err(e) => {
                let why = e.why();
                self.engine_notes.push(format!(
                    "the engine's series were not read before {}: {why}; no engine_time for it",
                    stage.map_or("the run".to_string(), |s| format!("stage {s}"))
                ));
                None
            }
        }
    }

    /// Reads the engine's series after a stage and keeps where the time went in it.
    async fn engine_after(
        &mut self,
        stage: Option<u32>,
        (from_ms, before): (f64, EngineCounters),
        records: &[RequestRecord],
    ) {
        let env = self.env;
        let client = client_side(records);
        let after = engine_scrape_after(
            &env.ctx,
            &env.metrics_url,
            env.start,
            &before,
            client.completed,
        )
        .await;
        match after {
            Ok((to_ms, after)) => self.engine_time.extend(engine::engine_time(
                stage,
                (from_ms, to_ms),
                &before,
                &after,
                client,
            )),
            Err(e) => {
                let why = e.why();
                self.engine_notes.push(format!(
                    "the engine's series were not read after {}: {why}; no engine_time for it",
                    stage.map_or("the run".to_string(), |s| format!("stage {s}"))
                ));
            }
        }
    }

    /// Runs one stage at `load` and keeps its records (and, in a multi-stage run, its stage);
    /// false when the run must stop (Ctrl-C, the server stopped answering, a write failed).
    pub(super) async fn stage(&mut self, load: LoadMode, repeat: u32, multi: bool) -> bool {
        let no = self.stages.len() as u32;
        let label = if multi {
            format!("stage {no} · {} · ", load_label(&load))
        } else {
            String::new()
        };
        let env = self.env;
        let before = self.engine_before(multi.then_some(no)).await;
        let out = run_stage(
            env,
            &load,
            multi.then_some(no),
            self.records.len() as u64,
            self.jsonl.take(),
            label,
        )
        .await;
        if let Some(before) = before {
            self.engine_after(multi.then_some(no), before, &out.records)
                .await;
        }
        self.jsonl = out.jsonl;
        if let Some(e) = out.write_error {
            self.write_error.get_or_insert(e);
        }
        let cut = out.partial_reason.is_some();
        if let Some(r) = out.partial_reason {
            let r = if multi { format!("stage {no}: {r}") } else { r };
            self.partial_reason.get_or_insert(r);
        }
        self.interrupted |= out.interrupted;
        if multi {
            let refs: Vec<&RequestRecord> = out.records.iter().collect();
            self.stages.push(stages::stage(
                no,
                repeat,
                load,
                &refs,
                cut,
                self.slo.as_ref(),
            ));
        }
        self.records.extend(out.records);
        !cut && self.write_error.is_none()
    }
}

/// What the client saw of a stage's requests, beside the engine's series: the completed ones
/// and their mean TTFT (all of the stage's requests, as the engine's reads bracket them all).
fn client_side(records: &[RequestRecord]) -> engine::ClientSide {
    let ttfts: Vec<f64> = records
        .iter()
        .filter(|r| r.status == RequestStatus::Ok)
        .filter_map(|r| r.ttft_ms)
        .filter(|t| t.is_finite())
        .collect();
    engine::ClientSide {
        completed: records
            .iter()
            .filter(|r| r.status == RequestStatus::Ok)
            .count() as u64,
        ttft_mean_ms: (!ttfts.is_empty()).then(|| ttfts.iter().sum::<f64>() / ttfts.len() as f64),
    }
}

/// Runs one stage: `env.requests` requests (or `env.duration` of sending) at `load`, indices
/// from `first_index`, each record tagged with `stage`, appended to `jsonl` as it ends; stops
/// early on Ctrl-C or when the server stopped answering (`partial_reason`). Every request has
/// ended (or was cancelled and recorded incomplete) when it returns.
pub(super) async fn run_stage(
    env: &StageEnv,
    load: &LoadMode,
    stage: Option<u32>,
    first_index: u64,
    jsonl: Option<JsonlWriter>,
    label: String,
) -> StageRun {
    let stop_sending = Arc::new(AtomicBool::new(false));
    let (cancel_tx, cancel_rx) = watch::channel(false);
    let (rec_tx, rec_rx) = mpsc::unbounded_channel::<RequestRecord>();
    // The watch on the server: when `--max-connection-failures` requests in a row got no
    // answer at all, sending stops at once (before the next request of any worker) and the
    // reason goes to `dead_rx`, which cancels those in flight.
    let (dead_tx, dead_rx) = mpsc::channel::<String>(1);
    let watch = Arc::new(ServerWatch {
        streak: std::sync::Mutex::new(NoAnswerStreak::default()),
        limit: env.max_connection_failures,
        stop: stop_sending.clone(),
        dead_tx,
    });
    let driver = spawn_driver(
        env,
        Sending {
            load: load.clone(),
            stage,
            first_index,
            stop: stop_sending.clone(),
            cancel_rx,
            watch,
            rec_tx,
        },
    );
    let bar = progress_bar(env.requests, label);
    let collector = spawn_collector(rec_rx, jsonl, bar.clone());
    let (partial_reason, interrupted) = wait_for_end(env, driver, dead_rx, &bar, || {
        stop_sending.store(true, Ordering::Relaxed);
        let _ = cancel_tx.send(true);
    })
    .await;
    let (records, write_error, jsonl) = match collector.await {
        Ok(x) => x,
        Err(e) => (
            Vec::new(),
            Some(std::io::Error::other(format!(
                "collecting the records: {e}"
            ))),
            None,
        ),
    };
    bar.finish_and_clear();
    StageRun {
        records,
        partial_reason,
        interrupted,
        write_error,
        jsonl,
    }
}

/// What the driver of one stage sends and where its records go.
struct Sending {
    load: LoadMode,
    stage: Option<u32>,
    first_index: u64,
    /// Set: no request is sent after it.
    stop: Arc<AtomicBool>,
    /// True: the requests in flight are cancelled (recorded incomplete).
    cancel_rx: watch::Receiver<bool>,
    watch: Arc<ServerWatch>,
    rec_tx: mpsc::UnboundedSender<RequestRecord>,
}

/// The stage's load: `concurrency` workers each sending the next job as the last ends (closed
/// loop), or one task per arrival at its scheduled time (open loop). Ends when every request
/// has ended.
fn spawn_driver(env: &StageEnv, s: Sending) -> tokio::task::JoinHandle<()> {
    let shared = Shared {
        ctx: env.ctx.clone(),
        features: env.features,
        traffic: env.traffic,
        prompts: env.prompts.clone(),
        seed: env.seed,
        total: env.requests,
        start: env.start,
    };
    tokio::spawn(async move {
        let mut set = tokio::task::JoinSet::new();
        match s.load.clone() {
            LoadMode::Concurrency { concurrency } => {
                closed_loop(&mut set, &shared, &s, concurrency);
            }
            LoadMode::Rate {
                requests_per_s,
                arrival,
                burstiness,
            } => open_loop(&mut set, &shared, &s, requests_per_s, &arrival, burstiness).await,
        }
        drop(s);
        while set.join_next().await.is_some() {}
    })
}

/// What every request of a stage is sent with.
#[derive(Clone)]
struct Shared {
    ctx: Arc<Ctx>,
    features: BodyFeatures,
    traffic: TrafficProfile,
    prompts: Arc<Prompts>,
    seed: u64,
    /// Requests in the stage.
    total: u64,
    /// The run's clock.
    start: Instant,
}

impl Shared {
    /// Sends job `i` of the stage, scheduled at `scheduled_ms` (None: now, once the job is
    /// built: closed loop), counts it in the server watch and returns its record.
    async fn send(&self, s: &StageSend, i: u64, scheduled_ms: Option<f64>) -> RequestRecord {
        let mut j = job(s.first_index + i, self.seed, &self.traffic, &self.prompts);
        j.base.stage = s.stage;
        j.base.scheduled_ms =
            scheduled_ms.unwrap_or_else(|| self.start.elapsed().as_secs_f64() * 1000.0);
        let r = request::run(
            &self.ctx,
            j.base,
            &j.prompt,
            j.max_tokens,
            self.features,
            self.start,
            s.cancel_rx.clone(),
        )
        .await;
        s.watch.see(&r);
        r
    }
}

/// The parts of [`Sending`] each request task needs.
#[derive(Clone)]
struct StageSend {
    stage: Option<u32>,
    first_index: u64,
    cancel_rx: watch::Receiver<bool>,
    watch: Arc<ServerWatch>,
}

impl Sending {
    fn per_request(&self) -> StageSend {
        StageSend {
            stage: self.stage,
            first_index: self.first_index,
            cancel_rx: self.cancel_rx.clone(),
            watch: self.watch.clone(),
        }
    }
}

/// Closed loop: `concurrency` workers, each sending the next job as its last one ends, until
/// the stage's jobs run out or sending stops.
fn closed_loop(set: &mut tokio::task::JoinSet<()>, shared: &Shared, s: &Sending, concurrency: u32) {
    let next = Arc::new(AtomicU64::new(0));
    for _ in 0..concurrency {
        let (shared, send, stop, next, tx) = (
            shared.clone(),
            s.per_request(),
            s.stop.clone(),
            next.clone(),
            s.rec_tx.clone(),
        );
        set.spawn(async move {
            loop {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= shared.total {
                    break;
                }
                let r = shared.send(&send, i, None).await;
                if tx.send(r).is_err() {
                    break;
                }
            }
        });
    }
}

/// Open loop: one task per arrival, sent at its scheduled time; a single stage's schedule
/// starts at the run's start (offset 0 exactly), a later stage's when it starts.
async fn open_loop(
    set: &mut tokio::task::JoinSet<()>,
    shared: &Shared,
    s: &Sending,
    requests_per_s: f64,
    arrival: &str,
    burstiness: f64,
) {
    let start = shared.start;
    let stage_start = if s.stage.is_none() {
        start
    } else {
        Instant::now()
    };
    let offset_ms = (stage_start - start).as_secs_f64() * 1000.0;
    for (i, at) in arrivals(
        shared.total,
        requests_per_s,
        arrival,
        burstiness,
        shared.seed,
    )
    .into_iter()
    .enumerate()
    {
        let when = stage_start + Duration::from_secs_f64(at);
        let mut cancelled = s.cancel_rx.clone();
        tokio::select! {
            _ = tokio::time::sleep_until(when.into()) => {}
            _ = cancelled.wait_for(|c| *c) => break,
        }
        if s.stop.load(Ordering::Relaxed) {
            break;
        }
        let (shared, send, tx) = (shared.clone(), s.per_request(), s.rec_tx.clone());
        set.spawn(async move {
            let r = shared
                .send(&send, i as u64, Some(offset_ms + at * 1000.0))
                .await;
            let _ = tx.send(r);
        });
    }
}

/// The live progress bar on stderr (no length for an unbounded `--duration` run).
fn progress_bar(requests: u64, label: String) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(
        (requests < 10_000_000).then_some(requests),
        ProgressDrawTarget::stderr(),
    );
    bar.set_style(
        ProgressStyle::with_template("{prefix}{elapsed_precise} {bar:30} {pos}/{len} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar.set_prefix(label);
    bar
}

/// The collector: each record to `jsonl` as it ends (the first write error kept), the live
/// view; returns the records, the error and the writer when every sender is gone.
fn spawn_collector(
    mut rec_rx: mpsc::UnboundedReceiver<RequestRecord>,
    mut jsonl: Option<JsonlWriter>,
    bar: ProgressBar,
) -> tokio::task::JoinHandle<(
    Vec<RequestRecord>,
    Option<std::io::Error>,
    Option<JsonlWriter>,
)> {
    tokio::spawn(async move {
        let mut records = Vec::new();
        let mut live = Live::default();
        let mut last_draw = Instant::now();
        let mut write_error = None;
        let stage_start = Instant::now();
        while let Some(r) = rec_rx.recv().await {
            if let Some(w) = jsonl.as_mut() {
                let line = serde_json::to_string(&r).unwrap_or_default();
                if let Err(e) = writeln!(w, "{line}").and_then(|()| w.flush()) {
                    write_error.get_or_insert(e);
                }
            }
            live.push(&r);
            bar.set_position(live.done);
            if last_draw.elapsed() > Duration::from_millis(250) {
                last_draw = Instant::now();
                bar.set_message(live.message(stage_start.elapsed().as_secs_f64()));
            }
            records.push(r);
        }
        (records, write_error, jsonl)
    })
}

/// Waits for the stage to end: the driver done, `--duration` passed, the server stopped
/// answering (the reason from `dead_rx`) or Ctrl-C (`stop_now` stops sending and cancels the
/// requests in flight, which are recorded incomplete). Returns the partial reason and whether
/// it was Ctrl-C, once every request has ended.
async fn wait_for_end(
    env: &StageEnv,
    mut driver: tokio::task::JoinHandle<()>,
    mut dead_rx: mpsc::Receiver<String>,
    bar: &ProgressBar,
    stop_now: impl Fn(),
) -> (Option<String>, bool) {
    let deadline = async {
        match env.duration {
            Some(d) => tokio::time::sleep(d).await,
            None => std::future::pending().await,
        }
    };
    let mut partial_reason = None;
    let mut interrupted = false;
    let mut driver_done = false;
    tokio::select! {
        _ = &mut driver => driver_done = true,
        _ = deadline => stop_now(),
        Some(reason) = dead_rx.recv() => {
            stop_now();
            bar.println(format!("stopped: {reason}"));
            partial_reason = Some(reason);
        }
        _ = tokio::signal::ctrl_c() => {
            // The requests in flight are recorded as incomplete with what they received.
            stop_now();
            interrupted = true;
            let reason = format!("interrupted (Ctrl-C) at {:.1} s", env.start.elapsed().as_secs_f64());
            bar.println(format!("{reason}: in-flight requests are recorded as incomplete"));
            partial_reason = Some(reason);
        }
    }
    if !driver_done {
        let _ = driver.await;
    }
    if partial_reason.is_none() {
        // The driver may have ended (every worker saw the stop) before the reason was read.
        if let Ok(reason) = dead_rx.try_recv() {
            partial_reason = Some(reason);
        }
    }
    (partial_reason, interrupted)
}
