//! The model against public online-serving measurements (tests/data/measured_online.tsv,
//! copied from ../shared/data/measured_online.tsv; sources and trust in
//! tests/data/measured_online_sources.md). Issue 12's targets are median |error| TTFT ≤ 20%,
//! ITL/TPOT ≤ 10%, output tok/s ≤ 10%, each signed median within ±5%, on both the tune and the
//! check rows. The assertions below are ratchets: today's numbers as upper bounds, tightened as
//! the model improves (never loosened). `cargo test -p benchfit-core --test online_validation
//! -- --nocapture` prints the report per part, source, engine and load band.

use benchfit_core::validate::{validate_online, MetricErrors, Part};

fn at_most(what: &str, m: Option<&MetricErrors>, median: f64, signed: f64) {
    let m = m.unwrap_or_else(|| panic!("{what}: no rows scored"));
    assert!(
        m.median_ape <= median,
        "{what}: median |error| {:.1}% > ratchet {median}%",
        m.median_ape
    );
    assert!(
        m.signed_median.abs() <= signed,
        "{what}: signed median {:+.1}% beyond ratchet ±{signed}%",
        m.signed_median
    );
}

#[test]
fn online_errors_within_ratchets() {
    let r = validate_online(include_str!("data/measured_online.tsv")).expect("the file validates");
    println!("{r}");
    if std::env::var_os("BENCHFIT_ROWS").is_some() {
        for x in r.rows.iter().filter(|x| x.skipped.is_none()) {
            let e = |p: Option<f64>, m: Option<f64>| match (p, m) {
                (Some(p), Some(m)) => {
                    format!("{:>9.1} {:>9.1} {:>+6.0}%", p, m, (p / m - 1.0) * 100.0)
                }
                _ => "-".into(),
            };
            println!(
                "{:>4} {:?} {:<60} ttft {} | itl {} | out {}",
                x.line,
                x.part,
                x.label,
                e(x.predicted.ttft_ms, x.measured.ttft_ms),
                e(x.predicted.itl_ms, x.measured.itl_ms),
                e(
                    x.predicted.output_tokens_per_s,
                    x.measured.output_tokens_per_s
                )
            );
        }
    }
    let tune = r.group("tune").expect("tune group");
    let check = r.group("check").expect("check group");
    // Baseline before issue 12's physics (median |error| / signed median, %):
    // tune  TTFT 79.5 / −76.9, ITL 28.4 / −25.9, output tok/s 32.5 / +32.5 (171 rows);
    // check TTFT 76.6 / −76.6, ITL 18.2 / −14.8, output tok/s 19.0 / +19.0 (32 rows).
    // Before the step-time terms of this change (attention chain, attention fixed cost, KV
    // reads at the weight-stream bandwidth, all-reduce bus efficiency; model::step): tune 36.0 /
    // −25.9, 18.1 / −16.7, 20.5 / +20.1; check 34.0 / −3.2, 12.8 / −10.8, 13.3 / +13.0.
    // After them: tune 33.7 / −23.9, 15.5 / −14.0, 18.2 / +17.2; check 32.8 / −3.6, 12.5 /
    // −11.0, 10.8 / +10.7.
    // Now, with NIM as its own runtime whose Python server processes each streamed token
    // between steps (70 µs per decoding sequence, Vidur's CPU profile; catalog::runtime
    // `PYTHON_OUTPUT_TOKEN_US`): tune 32.5 / −23.4, 13.1 / −3.1, 10.1 / +3.6; check 29.0 /
    // −2.2, 8.2 / −0.4, 8.9 / +1.7. With SGLang's overlap scheduler (asynchronous, its default
    // from 0.4): tune TTFT 31.5 / −21.3, ITL 12.2 / −3.1 (check has no SGLang rows). Issue 12's
    // targets (20 / 10 / 10, ±5) are met on the check rows for ITL and output tok/s, not yet
    // for TTFT or on the tune rows.
    // Open-loop rows now simulate the run's own request count where the row states it (the
    // DataCrunch sweeps: 300 prompts at 1 req/s … 3,200 at 16) instead of 400–1,200: a short
    // run's tail lowers its measured throughput, and the 400-request runs drew their own
    // arrival noise. DataCrunch output tok/s 9.7 / −9.7 → 5.5 / +3.6; tune TTFT 31.5 / −21.3 →
    // 30.6 / −20.3, output tok/s 10.1 / +3.6 → 9.6 / +4.6. The tune part's signed median is
    // now the NIM rows' own (+4.6%): the DataCrunch rows' artificial −9.7% had pulled it to
    // +3.6%, so that bound moves to issue 12's ±5% while every median |error| tightens.
    at_most("tune TTFT", tune.ttft.as_ref(), 31.0, 21.0);
    at_most("tune ITL", tune.itl.as_ref(), 12.5, 3.5);
    at_most(
        "tune output tok/s",
        tune.output_tokens_per_s.as_ref(),
        10.0,
        5.0,
    );
    at_most("check TTFT", check.ttft.as_ref(), 29.5, 2.5);
    at_most("check ITL", check.itl.as_ref(), 8.5, 1.0);
    at_most(
        "check output tok/s",
        check.output_tokens_per_s.as_ref(),
        9.0,
        2.0,
    );
}

#[test]
fn the_split_holds_out_whole_sweeps_and_is_stable() {
    let r = validate_online(include_str!("data/measured_online.tsv")).unwrap();
    let scored = |p: Part| {
        r.rows
            .iter()
            .filter(|x| x.part == p && x.skipped.is_none())
            .count()
    };
    // 203 scorable rows (190 NIM + 13 DataCrunch); the hash puts one NIM model × GPU sweep of
    // 32 rows in the check part.
    assert_eq!(scored(Part::Tune) + scored(Part::Check), 203);
    assert_eq!(scored(Part::Check), 32);
    // MLPerf rows are left out as runs tuned to a latency limit with unstated batch settings,
    // offline rows as not online.
    let why = |line: usize| {
        r.rows
            .iter()
            .find(|x| x.line == line)
            .unwrap()
            .skipped
            .clone()
    };
    assert!(why(2).is_none());
    assert!(r
        .rows
        .iter()
        .filter(|x| x.source.starts_with("MLPerf"))
        .all(|x| x.skipped.as_deref().unwrap_or("").contains("latency limit")));
    assert!(r
        .rows
        .iter()
        .filter(|x| x.source.starts_with("Argonne"))
        .all(|x| x.skipped.as_deref().unwrap_or("").contains("offline")));
}

#[test]
fn online_rows_map_as_a_person_would_read_them() {
    let r = validate_online(include_str!("data/measured_online.tsv")).unwrap();
    // Line 2: NIM TRT-LLM, Llama 3 8B FP16 on 2 × A100 TP2, 200/2000 at concurrency 50:
    // TTFT 259.5 ms, ITL 14.57 ms, 3,399.6 output tok/s.
    let row = r.rows.iter().find(|x| x.line == 2).unwrap();
    assert_eq!(row.measured.ttft_ms, Some(259.5));
    assert_eq!(row.measured.itl_ms, Some(14.57));
    assert_eq!(row.measured.output_tokens_per_s, Some(3399.6));
    assert_eq!(row.band, "c=17-64");
    assert!(!row.medians);
    // DataCrunch rows give medians: ITL from the notes ("median ITL 13.64 ms").
    let dc = r
        .rows
        .iter()
        .find(|x| x.source.starts_with("DataCrunch") && x.measured.ttft_ms == Some(85.75))
        .unwrap();
    assert!(dc.medians);
    assert_eq!(dc.measured.itl_ms, Some(13.64));
}

/// Sources the model was never built or tuned on (tests/data/measured_online_extra.tsv, 82
/// rows checked cell by cell against their sources; measured_online_extra_sources.md): scored
/// whole, as the "real runs neither of us has seen" would be. The bounds are today's
/// numbers (ratchets); they are far from issue 12's targets, and the report says why
/// (ARCHITECTURE.md, "Where the model is known to be wrong").
#[test]
fn unseen_sources_within_ratchets() {
    let r = validate_online(include_str!("data/measured_online_extra.tsv"))
        .expect("the file validates");
    println!("{r}");
    // First scored (session 47): TTFT 81.0 / −75.7, ITL 52.2 / −48.0, output tok/s 136.9 /
    // +136.9 (median |error| / signed median, %). With vLLM's V0 engine for releases before
    // 0.8 (256 sequences a step on every GPU): 81.0 / −73.6, 51.6 / −51.6, 144.1 / +144.1.
    // dstack's Llama 3.1 405B FP8 on 8 × H100 under vLLM 0.6.3 at 32 req/s went from an ITL of
    // 320 ms (1,024 sequences thrashing a small KV cache) to 107.5 ms against 101.9 measured;
    // the signed ITL and the output medians moved the other way because the MI300X rows, which
    // the model over-predicts by 2–3× in throughput, had been hidden by that thrashing. The
    // bounds follow the mechanism, not the aggregate. With Qwen2 7B in the catalog (its
    // config.json; 6 more rows, dense on an A100): 59 rows, 77.6 / −71.5, 47.3 / −47.3,
    // 105.3 / +105.3. With V0's token budgets left at today's (8,192 a step on large GPUs, not
    // 2,048): 77.6 / −63.2, 47.2 / −47.2, 105.3 / +105.3. With the MI300X's compute at AMD's
    // published max-achievable FLOPs (0.68 of the H100's share of its datasheet peak;
    // `catalog::Gpu::achievable_matmul`): 76.3 / −48.5, 47.2 / −47.2, 105.3 / +105.3.
    // Session 49: a random dataset's lengths spread as its range says (`--random-input-len
    // 1000` with SGLang's default ratio 0 is uniform in [0, 1000], not fixed: 16 equal prompts
    // arriving together had made a burst the real run never had, TTFT +1,463 % on 8 × A100 at
    // concurrency 100), and a GPU family without its variant (`a100`, `h100 (variant not
    // stated)`) is scored as the variant the cell names or the family's first, as the claim
    // reader assumes: 8 more rows. On the 59 rows scored before: 80.7 / −59.6, 48.0 / −43.8,
    // 53.4 / +53.4 (output error halved; TTFT's median rose because prompts that no longer
    // arrive in step no longer hide the fixed cost the B200 MoE rows measure). On all 67:
    // 81.0 / −48.1, 43.5 / −40.1, 40.5 / +40.5.
    // Checkpoint names, free-text versions and formats and infinite rates map (67 of 82 rows);
    // the rest name models or formats the catalog cannot hold as stated.
    let scored = r.rows.iter().filter(|x| x.skipped.is_none()).count();
    assert_eq!(scored, 67);
    let all = r.group("all").expect("all group");
    at_most("unseen TTFT", all.ttft.as_ref(), 81.5, 48.5);
    at_most("unseen ITL/TPOT", all.itl.as_ref(), 44.0, 40.5);
    at_most(
        "unseen output tok/s",
        all.output_tokens_per_s.as_ref(),
        41.0,
        41.0,
    );
}
