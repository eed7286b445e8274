//! `benchfit measure --sweep`, `--find-max-rate` and `--runs` against a fake server with a
//! known capacity (issue 14, item 5).
//!
//! The server has 2 slots. A request waits for a free slot, then gets its first token `first`
//! ms after taking it and 4 more `gap` ms apart (the slot is freed with the last):
//! TTFT = wait + first, TPOT = gap, capacity 2 / (first + 4 gap) requests/ms. Token times are
//! set from the slot's start (`sleep_until`), so timer overshoot does not add up.

mod common;

use common::{read_request, send, text_chunk, SSE_HEAD};
use serde_json::Value;
use std::process::{Command, Output};
use std::sync::Arc;
use std::time::Duration;
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;
use tokio::sync::Semaphore;
use tokio::time::{sleep_until, Instant};

/// Timing slack on a busy two-core machine, ms.
const SLACK_MS: f64 = 25.0;

/// A server's timing: first token and gap between tokens, ms.
#[derive(Clone, Copy)]
struct Timing {
    first_ms: u64,
    gap_ms: f64,
}

/// TTFT 20 ms, TPOT 12.5 ms: 70 ms a request, 28.57 requests/s.
const FAST: Timing = Timing {
    first_ms: 20,
    gap_ms: 12.5,
};

fn spawn_server(timing: Timing) -> u16 {
    common::serve(Arc::new(Semaphore::new(2)), move |sock, slots| {
        handle(sock, slots, timing)
    })
}

async fn handle(mut sock: TcpStream, slots: Arc<Semaphore>, timing: Timing) -> std::io::Result<()> {
    let (path, _, body) = read_request(&mut sock).await?;
    if !path.ends_with("/completions") {
        send(
            &mut sock,
            b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
        )
        .await;
        return Ok(());
    }
    if body["max_tokens"] == 2 {
        // The probe: not counted, no slot.
        send(&mut sock, SSE_HEAD).await;
        let c = text_chunk("x", Some("length"), Some(1));
        send(
            &mut sock,
            format!("data: {c}\n\ndata: [DONE]\n\n").as_bytes(),
        )
        .await;
        return Ok(());
    }
    let _slot = slots.acquire().await.unwrap();
    let t0 = Instant::now();
    send(&mut sock, SSE_HEAD).await;
    for i in 0..5u32 {
        let at_ms = timing.first_ms as f64 + timing.gap_ms * f64::from(i);
        sleep_until(t0 + Duration::from_secs_f64(at_ms / 1000.0)).await;
        let finish = (i == 4).then_some("length");
        send(
            &mut sock,
            format!("data: {}\n\n", text_chunk("t", finish, Some(i + 1))).as_bytes(),
        )
        .await;
    }
    send(&mut sock, b"data: [DONE]\n\n").await;
    let _ = sock.shutdown().await;
    Ok(())
}

struct Run {
    file: Value,
    out: Output,
    path: std::path::PathBuf,
    /// Holds the file until the test is done with it.
    _dir: common::Scratch,
}

/// One timed run at a time: the runs measure waits of a few ms, which two runs sharing two
/// cores would blur.
static TIMED: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn benchfit_measure(timing: Timing, args: &[&str]) -> Run {
    let _one = TIMED.lock().unwrap_or_else(|e| e.into_inner());
    let port = spawn_server(timing);
    let dir = common::Scratch::new(format!("benchfit-sweep-{}-{port}", std::process::id()));
    let path = dir.join("m.json");
    let out = Command::new(env!("CARGO_BIN_EXE_benchfit"))
        .args([
            "measure",
            "--url",
            &format!("http://127.0.0.1:{port}/v1"),
            "--model",
            "knee",
            "--output-tokens",
            "5",
            "--prompt-tokens",
            "8",
        ])
        .args(["--out", path.to_str().unwrap()])
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "exit {:?}\nstdout {}\nstderr {}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let file = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    Run {
        file,
        out,
        path,
        _dir: dir,
    }
}

#[track_caller]
fn near(v: &Value, want_ms: f64) {
    let got = v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"));
    assert!(
        got >= want_ms - 1.0 && got <= want_ms + SLACK_MS,
        "{got} ms, expected {want_ms} ms"
    );
}

#[test]
fn concurrency_sweep_has_one_steady_state_summary_per_stage() {
    let r = benchfit_measure(FAST, &["--sweep", "concurrency=2,4", "--requests", "8"]);
    let f = &r.file;
    let stages = f["stages"].as_array().unwrap();
    assert_eq!(stages.len(), 2);
    assert_eq!(f["multi_stage"]["kind"], "sweep");
    assert_eq!(f["multi_stage"]["headline_stage"], 1);
    // Concurrency 2 on 2 slots: sends at 0, 0, 70, 70, …, 210 ms; the window starts 10 % into
    // the 210 ms span (21 ms): the 2 sent at 0 are ramp-up, 6 kept, none waits: TTFT 20 ms.
    let s0 = &stages[0];
    assert_eq!(
        s0["load"],
        serde_json::json!({"mode": "concurrency", "concurrency": 2})
    );
    assert_eq!(s0["requests"], 8);
    assert_eq!(s0["steady_state"]["requests"], 6);
    near(&s0["summary"]["latency_ms"]["ttft"]["p50"], 20.0);
    near(&s0["summary"]["latency_ms"]["tpot"]["p50"], 12.5);
    // Concurrency 4: 4 sent at 0 (2 run, 2 wait 70 ms), then 2 at 70 and 2 at 140 ms, each
    // waiting for a slot until 140 and 210 ms: all 4 kept (sent at 70 and 140, after the
    // 14 ms ramp-up) waited 70 ms: TTFT 90 ms.
    let s1 = &stages[1];
    assert_eq!(s1["steady_state"]["requests"], 4);
    near(&s1["summary"]["latency_ms"]["ttft"]["p50"], 90.0);
    // The headline is the last stage: the top-level summary and load are its.
    assert_eq!(f["summary"], s1["summary"]);
    assert_eq!(f["run"]["load"], s1["load"]);
    // Every request is in the file once, tagged with its stage, indices 0…15.
    let reqs = f["requests"].as_array().unwrap();
    assert_eq!(reqs.len(), 16);
    for (i, q) in reqs.iter().enumerate() {
        assert_eq!(q["index"], i);
        assert_eq!(q["stage"], u64::from(i >= 8));
    }
    // The text output has the stage table.
    let text = String::from_utf8_lossy(&r.out.stdout);
    assert!(text.contains("concurrency 4"), "{text}");
    // The importer reads it back whole.
    let imported = Command::new(env!("CARGO_BIN_EXE_benchfit"))
        .args(["import", "--json", r.path.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(imported.status.success());
    let m: Value = serde_json::from_slice(&imported.stdout).unwrap();
    let m = if m.get("measurement").is_some() {
        &m["measurement"]
    } else {
        &m
    };
    assert_eq!(m["stages"], f["stages"]);
    assert_eq!(m["multi_stage"], f["multi_stage"]);
    let text = Command::new(env!("CARGO_BIN_EXE_benchfit"))
        .args(["import", r.path.to_str().unwrap()])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.contains("stages: 2 (sweep); below: the headline stage 1"),
        "{text}"
    );
    // A multi-stage file whose stage numbers do not hold together is refused, naming why.
    for (edit, why) in [
        (
            serde_json::json!({"multi_stage": {"headline_stage": 2}}),
            "headline_stage 2",
        ),
        (
            serde_json::json!({"requests": {"0": {"stage": 5}}}),
            "stage 5",
        ),
        (
            serde_json::json!({"stages": {"1": {"index": 0}}}),
            "stages[1] has index 0",
        ),
    ] {
        let mut bad = f.clone();
        patch(&mut bad, &edit);
        let path = r.path.with_extension("bad.json");
        std::fs::write(&path, bad.to_string()).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_benchfit"))
            .args(["import", path.to_str().unwrap()])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains(why), "{why}: {err}");
    }
}

/// Sets the leaves of `edit` in `v`; an object key that is a number indexes an array.
fn patch(v: &mut Value, edit: &Value) {
    match edit {
        Value::Object(m) => {
            for (k, e) in m {
                let slot = match k.parse::<usize>() {
                    Ok(i) if v.is_array() => &mut v[i],
                    _ => &mut v[k.as_str()],
                };
                patch(slot, e);
            }
        }
        leaf => *v = leaf.clone(),
    }
}

#[test]
fn a_server_that_stops_answering_ends_the_sweep_with_a_partial_file() {
    // Nothing listens on the port: every request gets a connect error, the first stage stops
    // after --max-connection-failures (5) in a row, and no later stage runs.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let dir = common::Scratch::new(format!("benchfit-sweep-dead-{}", std::process::id()));
    let path = dir.join("m.json");
    let out = benchfit(&[
        "measure",
        "--url",
        &format!("http://127.0.0.1:{port}/v1"),
        "--model",
        "gone",
        "--sweep",
        "concurrency=1,2",
        "--requests",
        "50",
        "--max-connection-failures",
        "5",
        "--out",
        path.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let f: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let stages = f["stages"].as_array().unwrap();
    assert_eq!(stages.len(), 1);
    assert_eq!(stages[0]["partial"], true);
    assert_eq!(f["run"]["partial"], true);
    let why = f["run"]["partial_reason"].as_str().unwrap();
    assert!(
        why.starts_with("stage 0: the server stopped answering"),
        "{why}"
    );
    // At least the 5 in a row, all in the file, none answered; far fewer than the 50 planned.
    let reqs = f["requests"].as_array().unwrap();
    assert!((5..50).contains(&reqs.len()), "{}", reqs.len());
    assert!(reqs
        .iter()
        .all(|q| q["failure_class"] == "transport" && q["stage"] == 0));
    assert_eq!(stages[0]["requests"].as_u64(), Some(reqs.len() as u64));
}

#[test]
fn single_stage_file_has_no_stage_keys() {
    let r = benchfit_measure(FAST, &["--concurrency", "2", "--requests", "4"]);
    let f = &r.file;
    assert!(f.get("stages").is_none());
    assert!(f.get("multi_stage").is_none());
    assert!(f["requests"]
        .as_array()
        .unwrap()
        .iter()
        .all(|q| q.get("stage").is_none()));
    // Today's summary: over every request (no ramp-up cut).
    assert_eq!(f["summary"]["requests"]["completed"], 4);
}

#[test]
fn find_max_rate_lands_on_the_knee() {
    // First token at 80 ms, then 4 tokens 50 ms apart: 280 ms a request, capacity 2 / 0.28 s
    // = 7.14 requests/s. SLO: TTFT ≤ 180 ms at p95 (80 ms without a wait: 100 ms for the
    // machine's own stalls). Constant arrivals, 24 a stage; the first 10 % of the send span
    // (the requests at 0, 1/r and 2/r) are ramp-up, 21 judged, so p95 allows 1 miss.
    // Below capacity nobody waits; above it each slot's wait grows by 280 − 2000/r ms a
    // request, so the p95 request (≈ the 11th of its slot) waits ≈ 10 (280 − 2000/r) ms:
    // at most 100 ms up to r = 7.41/s. From 4/s with resolution 0.5: 4 ✓, 8 ✗ (from the
    // 4th request of a slot on, waits over 100 ms), 6 ✓, 7 ✓, then 7.5 (either way): the
    // answer is 7 or 7.5, within one step (0.5/s) of the capacity and of the SLO's edge.
    let slow = Timing {
        first_ms: 80,
        gap_ms: 50.0,
    };
    let r = benchfit_measure(
        slow,
        &[
            "--find-max-rate",
            "--rate",
            "4",
            "--rate-resolution",
            "0.5",
            "--arrival",
            "constant",
            "--slo-ttft-ms",
            "180",
            "--requests",
            "24",
        ],
    );
    let f = &r.file;
    let ms = &f["multi_stage"];
    assert_eq!(ms["kind"], "find_max_rate");
    let search = &ms["search"];
    let probes: Vec<f64> = search["probes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_f64().unwrap())
        .collect();
    assert!(
        probes.len() >= 4 && probes[..4] == [4.0, 8.0, 6.0, 7.0],
        "probes {probes:?}, stopped: {}\nstderr {}",
        search["stopped"],
        String::from_utf8_lossy(&r.out.stderr)
    );
    let max = search["max_rate"].as_f64().unwrap();
    eprintln!("find-max-rate: probes {probes:?}, max rate {max}");
    assert!(
        (7.14 - 0.5..=7.41 + 0.5).contains(&max),
        "max rate {max}, probes {probes:?}"
    );
    // Every probed stage is in the file, with its verdict; the headline is the answer's.
    let stages = f["stages"].as_array().unwrap();
    assert_eq!(stages.len(), probes.len());
    for (s, p) in stages.iter().zip(&probes) {
        assert_eq!(s["load"]["requests_per_s"].as_f64(), Some(*p));
        assert_eq!(
            s["slo"]["met"].as_bool(),
            Some(*p <= max),
            "{p}/s: {}",
            s["slo"]
        );
    }
    let h = ms["headline_stage"].as_u64().unwrap() as usize;
    assert_eq!(stages[h]["load"]["requests_per_s"].as_f64(), Some(max));
    assert_eq!(f["run"]["load"]["requests_per_s"].as_f64(), Some(max));
    // At 4/s: sends at 0, 0.25, …, 5.75 s; the window starts at 0.575 s, so 21 are judged,
    // all good but for a machine stall over 100 ms (the one miss p95 allows); goodput = good /
    // the summary's window (first steady send at 0.75 s to the last token at 5.75 + 0.28 s:
    // 5.28 s, a little more with client lag) ≈ 3.98 requests/s.
    let v = &stages[0]["slo"];
    assert_eq!(v["requests"], 21);
    let good = v["good_requests"].as_f64().unwrap();
    assert!(good >= 20.0, "{v}");
    let window = stages[0]["summary"]["window_s"].as_f64().unwrap();
    assert!((5.25..=5.45).contains(&window), "window {window} s");
    let goodput = v["goodput_requests_per_s"].as_f64().unwrap();
    assert!((goodput - good / window).abs() < 1e-9, "goodput {goodput}");
}

#[test]
fn find_max_rate_runs_gives_the_found_rates_mean_and_interval() {
    // The fast server (70 ms a request on 2 slots: 28.57/s), SLO TTFT ≤ 60 ms at p95 (40 ms
    // for stalls), 24 constant arrivals a stage, twice. From 8/s with resolution 8: 8 ✓ and
    // 16 ✓ (no wait), 32 ✗ (each slot's k-th request waits (k − 1) × 7.5 ms: half of them
    // over 40 ms), 24 ✓ (13 ms to spare a request), and [24, 32] is 8 wide: the answer is 24
    // both times, mean 24, interval [24, 24].
    let r = benchfit_measure(
        FAST,
        &[
            "--find-max-rate",
            "--runs",
            "2",
            "--rate",
            "8",
            "--rate-resolution",
            "8",
            "--arrival",
            "constant",
            "--slo-ttft-ms",
            "60",
            "--requests",
            "24",
        ],
    );
    let ms = &r.file["multi_stage"];
    assert!(ms.get("search").is_none());
    let searches = ms["searches"].as_array().unwrap();
    assert_eq!(searches.len(), 2);
    for (k, s) in searches.iter().enumerate() {
        assert_eq!(
            s["probes"],
            serde_json::json!([8.0, 16.0, 32.0, 24.0]),
            "search {k}: {s}"
        );
        assert_eq!(s["max_rate"], 24.0);
        assert_eq!(s["max_rate_stage"], 3 + 4 * k);
    }
    let repeats: Vec<u64> = r.file["stages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["repeat"].as_u64().unwrap())
        .collect();
    assert_eq!(repeats, [0, 0, 0, 0, 1, 1, 1, 1]);
    let mi = &ms["max_rate_interval"];
    assert_eq!(mi["metric"], "max_rate_requests_per_s");
    assert_eq!(
        (mi["n"].as_u64(), mi["mean"].as_f64()),
        (Some(2), Some(24.0))
    );
    assert_eq!(
        (mi["ci95_low"].as_f64(), mi["ci95_high"].as_f64()),
        (Some(24.0), Some(24.0))
    );
    // The headline: the first answer nearest the mean.
    assert_eq!(ms["headline_stage"], 3);
    assert_eq!(r.file["run"]["load"]["requests_per_s"], 24.0);
    let text = String::from_utf8_lossy(&r.out.stdout);
    assert!(text.contains("over 2 searches: mean 24.000"), "{text}");
}

#[test]
fn runs_give_a_mean_and_interval_per_metric() {
    let r = benchfit_measure(
        FAST,
        &[
            "--concurrency",
            "2",
            "--requests",
            "6",
            "--runs",
            "3",
            "--json",
        ],
    );
    let f = &r.file;
    assert_eq!(f["multi_stage"]["kind"], "runs");
    assert_eq!(f["stages"].as_array().unwrap().len(), 3);
    let repeats: Vec<u64> = f["stages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["repeat"].as_u64().unwrap())
        .collect();
    assert_eq!(repeats, [0, 1, 2]);
    let agg = &f["multi_stage"]["aggregates"][0];
    assert_eq!(agg["stages"], serde_json::json!([0, 1, 2]));
    let ttft = agg["metrics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["metric"] == "ttft_ms_p50")
        .unwrap();
    assert_eq!(ttft["n"], 3);
    // No request waits at concurrency 2: each run's TTFT p50 is 20 ms.
    near(&ttft["mean"], 20.0);
    let (lo, hi, mean) = (
        ttft["ci95_low"].as_f64().unwrap(),
        ttft["ci95_high"].as_f64().unwrap(),
        ttft["mean"].as_f64().unwrap(),
    );
    assert!(lo <= mean && mean <= hi);
    // --json of a multi-stage run: the headline summary, the stages and what they were for.
    let j: Value = serde_json::from_slice(&r.out.stdout).unwrap();
    assert_eq!(j["stages"].as_array().unwrap().len(), 3);
    assert_eq!(j["multi_stage"], f["multi_stage"]);
}

fn benchfit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_benchfit"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn bad_stage_flags_exit_2_naming_the_flag() {
    let base = ["measure", "--url", "http://127.0.0.1:9/v1", "--model", "m"];
    for (extra, flag) in [
        (&["--find-max-rate"][..], "--find-max-rate"),
        (&["--sweep", "rate=1"][..], "--sweep"),
        (&["--sweep", "qps=1,2"][..], "--sweep"),
        (
            &["--sweep", "concurrency=1,2", "--arrival", "gamma"][..],
            "--arrival",
        ),
        (&["--slo-ttft-ms", "100"][..], "--slo-ttft-ms"),
        (
            &["--find-max-rate", "--slo-ttft-ms", "-5"][..],
            "--slo-ttft-ms",
        ),
        (
            &[
                "--find-max-rate",
                "--slo-ttft-ms",
                "5",
                "--rate-resolution",
                "0",
            ][..],
            "--rate-resolution",
        ),
        (&["--sweep", "rate=1,2", "--rate", "3"][..], "--rate"),
        (&["--runs", "0"][..], "--runs"),
        (
            &["--sweep", "rate=1,2", "--percentile", "p99"][..],
            "--percentile",
        ),
    ] {
        let mut args = base.to_vec();
        args.extend_from_slice(extra);
        let out = benchfit(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{extra:?}: {err}");
        assert!(err.contains(flag), "{extra:?}: {err}");
    }
}

#[test]
fn stage_numeric_flags_refuse_hostile_values() {
    // Port 1 on localhost: every refusal happens before the first request.
    let base = ["measure", "--url", "http://127.0.0.1:1/v1", "--model", "m"];
    let always = [
        "-1", "NaN", "inf", "-inf", "1e400", "abc", "", " ", "0x10", "1,000", "5%",
    ];
    let search: &[&str] = &["--find-max-rate", "--slo-ttft-ms", "100"];
    let flags: &[(&str, &[&str], &[&str])] = &[
        (
            "--slo-ttft-ms",
            &["--find-max-rate"],
            &["0", "0.0001", "1e10"],
        ),
        (
            "--slo-tpot-ms",
            &["--find-max-rate"],
            &["0", "0.0001", "1e10"],
        ),
        (
            "--slo-e2e-ms",
            &["--find-max-rate"],
            &["0", "0.0001", "1e10"],
        ),
        ("--rate-resolution", search, &["0", "100001", "1e300"]),
        ("--rate", search, &["0", "100001"]),
        ("--runs", &[], &["0", "101", "1.5"]),
    ];
    for (flag, needs, extra) in flags {
        for v in always.iter().chain(extra.iter()) {
            let mut a: Vec<&str> = base.to_vec();
            a.extend(*needs);
            a.extend([*flag, *v]);
            let out = benchfit(&a);
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{a:?}: {err}");
            assert!(err.contains(flag), "{a:?}: {err}");
            assert!(out.stdout.is_empty(), "{a:?}");
        }
    }
}
