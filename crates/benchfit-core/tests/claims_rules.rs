//! Reading rules of CLAIMS.md, one small text each, with the reading worked out by hand from the
//! rule (not from the reader's output).

use benchfit_core::claim::{read, FigureKind, Scope};

/// §1 rule 6: the end of a chain of improvements is the best tuned result, even when a later
/// line holds another arrow (`38 → 31 GB`).
#[test]
fn chain_of_improvements_ends_where_it_stops() {
    let c = read(
        "Baseline: 1820 tokens/s.\n- Throughput: 1820 → 3120 tokens/s\n\
         - Throughput: 3120 → 4520 tokens/s\n- Per-card weight footprint: 38 → 31 GB",
    );
    assert_eq!(c.figures[0].value, 4520.0);
}

/// §1 rule 3: with no token throughput, the mean TPOT before the request rate; "latency per
/// output token" is a time per output token.
#[test]
fn latency_per_output_token_is_tpot() {
    let c = read(
        "Throughput: 5.99 requests/s\nAverage latency: 67.59 s\n\
         Average latency per output token: 1.10 s",
    );
    assert_eq!(c.figures[0].kind, FigureKind::Tpot);
    assert_eq!(c.figures[0].value, 1.1);
}

/// §2: a throughput measured at saturation (requests at an infinite rate) is the whole load's.
#[test]
fn saturation_run_is_aggregate() {
    let c = read(
        "Requests are fed at an infinite rate. Llama 3.1 8B on one H100 reached 9000 tokens/s.",
    );
    assert_eq!(c.figures[0].value, 9000.0);
    assert_eq!(c.figures[0].scope, Some(Scope::Aggregate));
}

/// §2: Chinese kind words: 输出吞吐 is output throughput, 解码速度 a decode rate.
#[test]
fn chinese_kind_words() {
    let c = read("单节点上输出吞吐达到每秒 1200 tokens/s");
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
    let c = read("解码速度 35 tokens/s");
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
}

/// §3 Hardware: a JSON record's `gpu_type` names the one device the run used.
#[test]
fn gpu_type_record_is_one_device() {
    let c = read(
        r#"{"current_gpu_type": "NVIDIA H100 80GB HBM3", "throughput": 812.5} 812.5 tokens/s"#,
    );
    assert_eq!(c.gpu_count.as_ref().map(|g| g.value), Some(1));
}
