//! The requests of a run, before the engine sees them: their lengths drawn, their arrival times
//! set (a trace's, an open loop's gaps, a closed loop's first cohort), a prompt pool's prompts
//! assigned.

use super::{gaps, Arrivals, Req, SimConfig, TraceRow};
use rand::Rng;
use rand_pcg::Pcg64Mcg;

/// The requests in arrival order (lengths drawn, arrival times set; a closed loop's first C are
/// sent at once and the rest get their time when sent) and the closed loop's concurrency. A
/// prompt pool gives each request one of its prompts at random.
pub(super) fn requests(
    cfg: &SimConfig,
    rng: &mut Pcg64Mcg,
    frontend: f64,
) -> (Vec<Req>, Option<usize>) {
    let (mut reqs, closed) = match &cfg.arrivals {
        Arrivals::Trace { rows } => (trace(rows), None),
        Arrivals::Open { .. } => (open_loop(cfg, rng), None),
        Arrivals::Closed { concurrency } => {
            let (reqs, c) = closed_loop(cfg, rng, *concurrency, frontend);
            (reqs, Some(c))
        }
    };
    if closed.is_none() {
        for r in reqs.iter_mut() {
            r.arrival += frontend;
        }
    }
    assign_pool(cfg, rng, &mut reqs);
    (reqs, closed)
}

/// A request of these lengths arriving at `arrival`, nothing done yet.
fn new_req(arrival: f64, prompt: u32, output: u32) -> Req {
    Req {
        arrival,
        prompt,
        output: output.max(1),
        len: prompt.max(1),
        computed: 0,
        generated: 0,
        blocks: 0,
        pid: u32::MAX,
        shared: 0,
        admitted: None,
        first_token: None,
        last_token: 0.0,
        rejected: false,
    }
}

/// A trace's requests, sorted by time (stable).
fn trace(rows: &[TraceRow]) -> Vec<Req> {
    let mut rows = rows.to_vec();
    let order = crate::stats::stable_order(rows.len(), &|a, b| {
        rows[a].time_s.total_cmp(&rows[b].time_s)
    });
    crate::stats::apply_order(&mut rows, &order);
    rows.iter()
        .map(|r| new_req(r.time_s.max(0.0), r.prompt_tokens.max(1), r.output_tokens))
        .collect()
}

/// An open loop's requests: every request's lengths drawn, then the arrival gaps.
fn open_loop(cfg: &SimConfig, rng: &mut Pcg64Mcg) -> Vec<Req> {
    let n = cfg.requests.max(1) as usize;
    let lens: Vec<(u32, u32)> = (0..n)
        .map(|_| (cfg.prompt.sample(rng), cfg.output.sample(rng)))
        .collect();
    let times = gaps(cfg, rng, n);
    times
        .iter()
        .zip(lens)
        .map(|(t, (p, o))| new_req(*t, p, o))
        .collect()
}

/// A closed loop's requests, the first C sent at once (at `frontend`) and the rest unsent, and
/// C.
fn closed_loop(
    cfg: &SimConfig,
    rng: &mut Pcg64Mcg,
    concurrency: u32,
    frontend: f64,
) -> (Vec<Req>, usize) {
    let n = cfg.requests.max(1) as usize;
    let mut reqs = Vec::new();
    for _ in 0..n {
        let (p, o) = (cfg.prompt.sample(rng), cfg.output.sample(rng));
        reqs.push(new_req(f64::INFINITY, p, o));
    }
    let c = concurrency.max(1).min(n as u32) as usize;
    // Benchmark clients (genai-perf, `vllm bench serve --max-concurrency`, guidellm's
    // concurrent profile) send the first C requests at once. With fixed lengths a cohort
    // whose prompts fit one step's token budget finishes together and is resent
    // together, so the engine sees bursts of C prompts (NVIDIA NIM's genai-perf sweep in
    // tests/data/measured_online.tsv: TTFT at concurrency 10 with 200-token prompts is
    // about one step of ten prompts' prefill). A cohort whose prefill takes k steps
    // leaves them one step apart here (decodes share the prefill steps), and the loop
    // settles into a stagger; the NIM sweep's long prompts stay bunched longer (see
    // ARCHITECTURE.md, "Closed loops"). Length spreads break the cohort up on their own.
    for r in reqs.iter_mut().take(c) {
        r.arrival = frontend;
    }
    (reqs, c)
}

/// A pool of N prompts: each has one length; each request sends one of them at random (not for
/// a trace, whose lengths are given).
fn assign_pool(cfg: &SimConfig, rng: &mut Pcg64Mcg, reqs: &mut [Req]) {
    let pool = match cfg.arrivals {
        Arrivals::Trace { .. } => 0,
        _ => cfg.prompt_pool,
    };
    if pool > 0 {
        let lens: Vec<u32> = (0..pool).map(|_| cfg.prompt.sample(rng)).collect();
        for r in reqs.iter_mut() {
            let id = rng.random_range(0..pool);
            r.pid = id;
            r.prompt = lens[id as usize];
            r.len = r.prompt.max(1);
        }
    }
}
