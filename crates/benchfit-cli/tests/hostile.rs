//! Hostile flag values (issue 7): every numeric flag of `estimate` and `measure` given
//! out-of-range, negative, zero, NaN, infinite, huge and non-numeric values exits 2 with a
//! message naming the flag, and prints nothing on stdout.

use std::process::{Command, Output};

fn benchfit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_benchfit"))
        .args(args)
        .env_remove("OPENAI_API_KEY")
        .output()
        .expect("runs")
}

#[track_caller]
fn refused(args: &[&str], flag: &str) {
    let out = benchfit(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        out.status.code(),
        Some(2),
        "{args:?}: exit {:?}, {err}",
        out.status
    );
    assert!(
        err.contains(flag),
        "{args:?}: stderr {err:?} should name {flag}"
    );
    assert!(
        out.stdout.is_empty(),
        "{args:?}: printed {:?}",
        String::from_utf8_lossy(&out.stdout)
    );
}

/// Bad for every numeric flag.
const ALWAYS_BAD: &[&str] = &[
    "-1",
    "-0.5",
    "NaN",
    "nan",
    "inf",
    "-inf",
    "infinity",
    "1e400",
    "-1e400",
    "99999999999999999999999",
    "abc",
    "",
    " ",
    "1O",
    "0x10",
    "1,000",
    "5%",
    "1;rm -rf /",
];

/// A valid run the flags are added to: a model, GPU and load, nothing else.
const BASE: &[&str] = &[
    "estimate",
    "--model",
    "llama-3.1-8b",
    "--gpu",
    "h100-sxm",
    "--prompt-tokens",
    "512",
    "--output-tokens",
    "128",
    "--requests",
    "20",
];

fn estimate(extra: &[&str], load: &[&str]) -> Vec<String> {
    let mut args: Vec<&str> = BASE.to_vec();
    // A flag given twice is a clap error of its own; the base keeps its lengths only when the
    // flag under test is another one.
    for flag in ["--prompt-tokens", "--output-tokens", "--requests"] {
        if extra.first() == Some(&flag) {
            let i = args.iter().position(|a| *a == flag).unwrap();
            args.drain(i..=i + 1);
        }
    }
    args.extend(load);
    args.extend(extra);
    args.iter().map(|s| s.to_string()).collect()
}

#[test]
fn the_base_runs() {
    // The refusals below are of the flag, not of the base command.
    for load in [&["--concurrency", "4"][..], &["--rate", "1"][..]] {
        let a = estimate(&[], load);
        let out = benchfit(&a.iter().map(String::as_str).collect::<Vec<_>>());
        assert_eq!(
            out.status.code(),
            Some(0),
            "{a:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn estimate_numeric_flags_refuse_hostile_values() {
    // (flag, load it needs, values bad for it besides ALWAYS_BAD)
    let conc: &[&str] = &["--concurrency", "4"];
    let rate: &[&str] = &["--rate", "1"];
    let flags: &[(&str, &[&str], &[&str])] = &[
        ("--gpus", conc, &["0", "4097", "1.5", "1e3", "100000"]),
        ("--tp", conc, &["0", "65", "1.5", "3"]),
        ("--mem-fraction", conc, &["0", "0.01", "1.01", "2", "1e9"]),
        ("--prompt-tokens", conc, &["0", "10000001", "1.5", "200000"]),
        ("--output-tokens", conc, &["0", "10000001", "2.5", "200000"]),
        ("--concurrency", &[], &["0", "100001", "1.5", "4294967296"]),
        ("--rate", &[], &["0", "1e-9", "1e7", "1e300"]),
        ("--burstiness", rate, &["0", "0.001", "101", "1e300"]),
        ("--price", conc, &["1000.01", "1e12"]),
        ("--busy-hours", conc, &["0", "0.01", "24.5", "25", "1e9"]),
        ("--prompt-sd", conc, &["10000001", "1e300"]),
        ("--output-sd", conc, &["10000001", "1e300"]),
        ("--requests", conc, &["0", "100001", "1.5"]),
        ("--seed", conc, &["1.5", "18446744073709551616"]),
        ("--slo-ttft-ms", conc, &["0", "0.0001", "1e10"]),
        ("--slo-tpot-ms", conc, &["0", "0.0001", "1e10"]),
        ("--slo-e2e-ms", conc, &["0", "0.0001", "1e10"]),
        ("--max-num-seqs", conc, &["0", "65537", "1.5"]),
        ("--max-batched-tokens", conc, &["0", "10000001", "1.5"]),
        ("--block-size", conc, &["0", "1025", "1.5"]),
        (
            "--prefix-tokens",
            conc,
            &["512", "513", "4294967296", "1.5"],
        ),
    ];
    let mut checked = 0;
    for (flag, load, extra) in flags {
        for v in ALWAYS_BAD.iter().chain(extra.iter()) {
            let a = estimate(&[flag, v], load);
            refused(&a.iter().map(String::as_str).collect::<Vec<_>>(), flag);
            checked += 1;
        }
        // `--flag=value` spelling too (clap treats a leading '-' value differently there).
        let joined = format!("{flag}=-1");
        let a = estimate(&[&joined], load);
        refused(&a.iter().map(String::as_str).collect::<Vec<_>>(), flag);
    }
    assert!(checked > 400, "{checked}");
}

#[test]
fn beyond_the_context_window_and_absurd_gpu_counts() {
    // Llama 3.1 8B has a 131,072-token context: 120,000 + 20,000 does not fit.
    let a = [
        "estimate",
        "--model",
        "llama-3.1-8b",
        "--gpu",
        "h100-sxm",
        "--prompt-tokens",
        "120000",
        "--output-tokens",
        "20000",
        "--concurrency",
        "1",
    ];
    refused(&a, "--prompt-tokens/--output-tokens");
    let out = benchfit(&a);
    assert!(String::from_utf8_lossy(&out.stderr).contains("131072"));
    // More GPUs than any single deployment, and the largest count still accepted runs.
    for n in ["4097", "65536", "1000000", "4294967295", "4294967296"] {
        refused(
            &[
                "estimate",
                "--model",
                "llama-3.1-8b",
                "--gpu",
                "h100-sxm",
                "--gpus",
                n,
                "--prompt-tokens",
                "100",
                "--output-tokens",
                "10",
                "--concurrency",
                "1",
            ],
            "--gpus",
        );
    }
    let out = benchfit(&[
        "estimate",
        "--model",
        "llama-3.1-8b",
        "--gpu",
        "h100-sxm",
        "--gpus",
        "4096",
        "--tp",
        "1",
        "--prompt-tokens",
        "100",
        "--output-tokens",
        "10",
        "--concurrency",
        "1",
        "--requests",
        "5",
        "--json",
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Unknown ids name their flag and list what is known.
    refused(
        &[
            "estimate",
            "--model",
            "<script>",
            "--gpu",
            "h100-sxm",
            "--prompt-tokens",
            "1",
            "--output-tokens",
            "1",
            "--concurrency",
            "1",
        ],
        "--model",
    );
    refused(
        &[
            "estimate",
            "--model",
            "llama-3.1-8b",
            "--gpu",
            "tpu-v9",
            "--prompt-tokens",
            "1",
            "--output-tokens",
            "1",
            "--concurrency",
            "1",
        ],
        "--gpu",
    );
    refused(
        &[
            "estimate",
            "--model",
            "llama-3.1-8b",
            "--gpu",
            "h100-sxm",
            "--prompt-tokens",
            "1",
            "--output-tokens",
            "1",
            "--concurrency",
            "1",
            "--arrival",
            "bursty",
        ],
        "--arrival",
    );
}

#[test]
fn measure_numeric_flags_refuse_hostile_values() {
    // Port 1 on localhost: nothing is ever sent, every refusal happens before the first request.
    let base = ["measure", "--url", "http://127.0.0.1:1/v1", "--model", "m"];
    let flags: &[(&str, &[&str], &[&str])] = &[
        (
            "--prompt-tokens",
            &[],
            &["0", "1000001", "5-3", "0-5", "1-", "-", "1.5", "1-2-3"],
        ),
        (
            "--output-tokens",
            &[],
            &["0", "1000001", "9-3", "1.5", "2-1000001"],
        ),
        ("--concurrency", &[], &["0", "100001", "1.5"]),
        ("--rate", &[], &["0", "100001", "1e300"]),
        ("--burstiness", &["--rate", "1"], &["0", "101"]),
        ("--requests", &[], &["0", "10000001", "1.5"]),
        ("--duration", &[], &["0", "604801", "1e300"]),
        ("--warmup", &[], &["100001", "1.5"]),
        ("--timeout", &[], &["0", "86401", "1e300"]),
        ("--seed", &[], &["1.5", "18446744073709551616"]),
    ];
    for (flag, needs, extra) in flags {
        for v in ALWAYS_BAD.iter().chain(extra.iter()) {
            let mut a: Vec<&str> = base.to_vec();
            a.extend(*needs);
            a.extend([*flag, *v]);
            refused(&a, flag);
        }
    }
}

/// A reader that closes the pipe after the first bytes (`benchfit check --json … | head -c
/// 100`) ends the output quietly: no panic message, exit 0, as Unix tools do.
#[test]
fn closed_stdout_is_no_panic() {
    use std::io::Read;
    use std::process::Stdio;
    // The plan's JSON (every candidate, ~500 KB) is far larger than a pipe buffer, so the
    // writer meets the closed end.
    let mut child = Command::new(env!("CARGO_BIN_EXE_benchfit"))
        .args([
            "plan",
            "--json",
            "--rate",
            "10",
            "--prompt-tokens",
            "512",
            "--output-tokens",
            "256",
            "--benchmark",
            "3,200 tokens/s for Llama 3 70B on an H100",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("benchfit starts");
    let mut first = [0u8; 16];
    child
        .stdout
        .take()
        .expect("piped")
        .read_exact(&mut first)
        .expect("the first bytes arrive");
    // stdout is dropped here: the pipe is closed.
    let out = child.wait_with_output().expect("benchfit ends");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert!(out.status.success(), "{:?} {err}", out.status);
}
