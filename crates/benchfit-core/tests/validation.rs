//! The model against published measurements (tests/data/measured_dev.tsv, copied from
//! ../shared/data/measured_dev.tsv; sources and trust levels in tests/data/measured_sources.md).
//! Targets from issue 4: median absolute error ≤ 15% for throughput rows and ≤ 20% for latency
//! rows, uncalibrated; the assertions are ratchets below those (tightened as the model
//! improves, never loosened).

use benchfit_core::validate::{validate, RowMetric};

#[test]
fn dev_set_errors_within_targets() {
    let r = validate(include_str!("data/measured_dev.tsv")).expect("the dev file validates");
    let t = r.throughput_uncalibrated.as_ref().expect("throughput rows");
    let l = r.latency_uncalibrated.as_ref().expect("latency rows");
    println!("throughput uncalibrated: {t:?}\nlatency uncalibrated: {l:?}");
    println!(
        "throughput calibrated: {:?}\nlatency calibrated: {:?}",
        r.throughput_calibrated, r.latency_calibrated
    );
    println!(
        "same rows uncalibrated: throughput {:?}\nlatency {:?}",
        r.throughput_uncalibrated_paired, r.latency_uncalibrated_paired
    );
    if std::env::var_os("BENCHFIT_ROWS").is_some() {
        for x in r.rows.iter().filter(|x| x.predicted.is_some()) {
            let m = x.measured.unwrap();
            let e = |p: f64| (p / m - 1.0) * 100.0;
            println!(
                "{:>4} {:<70} {:?} meas {:>10.2} pred {:>+6.0}% cal {:>+6.0}% (from line {})",
                x.line,
                x.label,
                x.metric.unwrap(),
                m,
                x.predicted.map(e).unwrap_or(f64::NAN),
                x.calibrated.map(|c| e(c.0)).unwrap_or(f64::NAN),
                x.calibrated.map(|c| c.1).unwrap_or(0)
            );
        }
    }
    // Leave-one-out calibration against no calibration on the same rows. Before issue 12 it was
    // 19.6% (throughput, 37 rows) and 43.5% (latency, 5 rows): one scale moved MBU and MFU
    // together, so a decode-bound claim rewrote the compute efficiency of a prefill-bound row.
    // Calibration now moves each efficiency by how much the figure measures it. Ratchet on the
    // remaining gap (throughput 11.8% calibrated vs 10.8% uncalibrated; latency 19.8% both).
    // With issue 12's step-time terms (model::step: attention chain and fixed cost, KV reads at
    // the weight-stream bandwidth, all-reduce bus efficiency) calibration is no longer worse:
    // throughput 10.7% calibrated vs 11.6% uncalibrated (35 rows), latency 15.2% both (5 rows);
    // uncalibrated throughput 14.1% → 12.4% (56 rows), latency 11.5% → 8.4% (17 rows).
    let tc = r
        .throughput_calibrated
        .as_ref()
        .expect("calibrated throughput rows");
    let tp = r
        .throughput_uncalibrated_paired
        .as_ref()
        .expect("paired rows");
    assert!(
        tc.median_ape <= 11.0,
        "calibrated throughput {:.1}%",
        tc.median_ape
    );
    assert!(
        tc.median_ape <= tp.median_ape,
        "calibrated {:.1}% vs uncalibrated {:.1}% on the same rows",
        tc.median_ape,
        tp.median_ape
    );
    let lc = r
        .latency_calibrated
        .as_ref()
        .expect("calibrated latency rows");
    let lp = r.latency_uncalibrated_paired.as_ref().expect("paired rows");
    assert!(lc.median_ape <= lp.median_ape + 0.5, "{lc:?} vs {lp:?}");
    assert!(t.n >= 64, "{} throughput rows", t.n);
    assert!(l.n >= 15, "{} latency rows", l.n);
    // 56 rows at 12.4% until the catalog gained Apple silicon and the RTX 3090 (issue 12
    // item 5): their 8 llama.cpp rows (M1/M2 Ultra/M3 Max, RTX 3090; |error| 1–50%, median
    // 15%) now run too and the 64 rows' median is 12.84%; the first 56 are unchanged.
    assert!(
        t.median_ape <= 12.9,
        "throughput median |error| {:.1}%",
        t.median_ape
    );
    assert!(
        l.median_ape <= 9.0,
        "latency median |error| {:.1}%",
        l.median_ape
    );
}

#[test]
fn rows_map_as_a_person_would_read_them() {
    let r = validate(include_str!("data/measured_dev.tsv")).unwrap();
    let row = |line: usize| r.rows.iter().find(|x| x.line == line).unwrap();
    // Line 2: TRT-LLM 0.9, Llama 2 70B FP8, 2 × H100 SXM TP2, batch 1024, 128/128,
    // 3,214 output tok/s per GPU → 6,428 for the TP group.
    assert_eq!(row(2).measured, Some(6428.0));
    assert_eq!(row(2).metric, Some(RowMetric::OutputTokensPerS));
    assert!(
        row(2).label.contains("2×h100-sxm TP2") && row(2).label.contains("C=1024"),
        "{}",
        row(2).label
    );
    // Apple silicon is in the catalog (issue 12): Llama 3 8B Q4_K_M (4.58 GB of weights, the
    // row's note) decoding one sequence on an M2 Ultra (800 GB/s) is bounded by the bandwidth:
    // at most 800 / 4.58 = 174.7 tok/s; the prediction sits below that and above 40% of it.
    let m2 = row(97);
    assert!(m2.label.contains("m2-ultra"), "{}", m2.label);
    let p = m2.predicted.expect("the M2 Ultra row is predicted");
    assert!(p < 174.7 && p > 0.4 * 174.7, "{p}");
    // Pipeline parallelism is not modelled: skipped.
    assert!(
        row(46)
            .skipped
            .as_deref()
            .unwrap_or("")
            .contains("not modelled")
            || row(46).skipped.as_deref().unwrap_or("").contains("catalog")
    );
}

#[test]
fn bad_files_are_refused_with_a_reason() {
    assert!(validate("").unwrap_err().to_string().contains("model"));
    assert!(validate("model\tgpu\n")
        .unwrap_err()
        .to_string()
        .contains("column"));
}
