//! The dev sets of real claims (issues 3 and 11): every claim's expected headline figure, setup
//! fields, checklist statuses and verdict, checked field by field through `check()`'s JSON.
//!
//! Data (`tests/data/`, copies of `../shared/data/`, sources in `claims_dev.README.md`):
//! `claims_dev.jsonl` (28, set `a`), `claims_dev_b.jsonl` (60, GitHub issues, PRs and tool
//! output) and `claims_dev_c.jsonl` (60, vendor and cloud blogs, docs, papers, forums). The
//! expectations are the data's own, labelled by hand to `CLAIMS.md`; nothing here is copied from
//! the code's output.
//!
//! **Tune / check split.** The 120 claims of `b` and `c` are split by a hash of their id, fixed
//! before any of them was read closely: FNV-1a 64 of the id, `mod 10 < 3` → *check* (34 claims),
//! else *tune* (86). The reader is built from `a` and the tune part; the check part is only a
//! score. Set `a` counts as tune.
//!
//! **Ratchet.** `tests/data/claims_known_misses.txt` lists the misses known today, one
//! `id field` a line. One test per claim (libtest-mimic trials named by id): a miss not in the
//! file fails ("new miss"), and a listed miss that now reads right fails too ("fixed: remove it
//! from the file"), so the file only shrinks. `CLAIMS_RATCHET_WRITE=1` rewrites the file from the
//! current reading (for a deliberate re-baseline; the diff shows in review).
//!
//! A summary test prints field accuracy and verdict agreement per set, per tune/check and per
//! text shape, and asserts the floors the reader has reached (so a regression fails).

use benchfit_core::check;
use libtest_mimic::{Arguments, Failed, Trial};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

const SETS: &[(&str, &str)] = &[
    ("a", include_str!("data/claims_dev.jsonl")),
    ("b", include_str!("data/claims_dev_b.jsonl")),
    ("c", include_str!("data/claims_dev_c.jsonl")),
];
const KNOWN: &str = include_str!("data/claims_known_misses.txt");

/// FNV-1a, 64 bit (offset basis 0xcbf29ce484222325, prime 0x100000001b3: the published
/// parameters).
fn fnv1a(s: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in s.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// `check` for the blind part of sets b and c, `tune` otherwise.
fn part(set: &str, id: &str) -> &'static str {
    if set != "a" && fnv1a(id) % 10 < 3 {
        "check"
    } else {
        "tune"
    }
}

/// A coarse shape of the text, for the summary only: `tool` (a tool's summary block), `table`,
/// `command`, `chinese`, else `prose`.
fn shape(text: &str) -> &'static str {
    let lower = text.to_lowercase();
    if text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)) {
        "chinese"
    } else if lower.contains("============")
        || lower.contains("benchmark result")
        || lower.contains("successful requests")
        || lower.contains("genai-perf")
        || lower.contains("aiperf")
        || lower.contains("guidellm")
    {
        "tool"
    } else if text.matches('|').count() >= 4 || text.contains('\t') {
        "table"
    } else if text.contains(" --") {
        "command"
    } else {
        "prose"
    }
}

struct Case {
    set: &'static str,
    id: String,
    text: String,
    expected: Value,
}

fn cases() -> Vec<Case> {
    let mut out = vec![];
    for (set, text) in SETS {
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let v: Value = serde_json::from_str(line).expect("each line is one JSON object");
            out.push(Case {
                set,
                id: v["id"].as_str().expect("id").to_string(),
                text: v["text"].as_str().expect("text").to_string(),
                expected: v["expected"].clone(),
            });
        }
    }
    out
}

/// Numbers compare to 1e-9 relative; everything else exactly.
fn same(expected: &Value, got: &Value) -> bool {
    match (expected.as_f64(), got.as_f64()) {
        (Some(e), Some(g)) => (e - g).abs() <= 1e-9 * e.abs().max(1.0),
        _ => expected == got,
    }
}

const FIELDS: &[&str] = &[
    "model",
    "gpu",
    "gpu_count",
    "tp",
    "batch_size",
    "concurrency",
    "request_rate",
    "prompt_tokens",
    "output_tokens",
    "weight_dtype",
    "kv_dtype",
    "runtime",
    "runtime_version",
];

const ROWS: &[&str] = &[
    "batch_size",
    "sequence_length",
    "quantisation",
    "runtime",
    "metric",
    "hardware",
];

/// One claim scored: (field name, expected, got, right?) for every field and the verdict.
struct Scored {
    fields: Vec<(String, Value, Value, bool)>,
    verdict_ok: bool,
}

fn score(case: &Case) -> Scored {
    let exp = &case.expected;
    let report = serde_json::to_value(check(&case.text)).expect("report serialises");
    let claim = &report["claim"];
    let primary = &claim["figures"][0];
    let mut fields = vec![];
    let mut push = |name: String, e: &Value, g: &Value| {
        let ok = same(e, g);
        fields.push((name, e.clone(), g.clone(), ok));
    };
    for key in ["value", "kind", "scope"] {
        push(
            format!("primary.{key}"),
            &exp["primary"][key],
            &primary[key],
        );
    }
    for key in FIELDS {
        push((*key).to_string(), &exp[key], &claim[key]);
    }
    for (i, row) in ROWS.iter().enumerate() {
        let got = &report["checklist"][i];
        assert_eq!(got["condition"], *row, "row order");
        push(
            format!("checklist.{row}"),
            &exp["checklist"][row],
            &got["status"],
        );
    }
    let verdict_ok = exp["expected_verdict"] == report["verdict"];
    push(
        "verdict".into(),
        &exp["expected_verdict"],
        &report["verdict"],
    );
    Scored { fields, verdict_ok }
}

fn known() -> BTreeSet<(String, String)> {
    KNOWN
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let (id, field) = l.split_once(' ')?;
            Some((id.to_string(), field.trim().to_string()))
        })
        .collect()
}

fn ratchet(case: &Case, known: &BTreeSet<(String, String)>) -> Result<(), Failed> {
    let s = score(case);
    let mut problems = vec![];
    for (name, e, g, ok) in &s.fields {
        let listed = known.contains(&(case.id.clone(), name.clone()));
        if !ok && !listed {
            problems.push(format!("new miss {name}: expected {e}, got {g}"));
        }
        if *ok && listed {
            problems.push(format!(
                "fixed {name} (now {g}): remove `{} {name}` from claims_known_misses.txt",
                case.id
            ));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n").into())
    }
}

#[derive(Default, Clone, Copy)]
struct Acc {
    fields: usize,
    fields_ok: usize,
    verdicts: usize,
    verdicts_ok: usize,
}

impl Acc {
    fn add(&mut self, s: &Scored) {
        // The verdict is counted on its own, not among the fields.
        for (name, _, _, ok) in &s.fields {
            if name != "verdict" {
                self.fields += 1;
                self.fields_ok += usize::from(*ok);
            }
        }
        self.verdicts += 1;
        self.verdicts_ok += usize::from(s.verdict_ok);
    }
    fn field_pct(&self) -> f64 {
        100.0 * self.fields_ok as f64 / self.fields.max(1) as f64
    }
    fn verdict_pct(&self) -> f64 {
        100.0 * self.verdicts_ok as f64 / self.verdicts.max(1) as f64
    }
    fn line(&self, name: &str) -> String {
        format!(
            "{name:<12} n={:>3}  fields {:>4}/{:<4} = {:5.1}%  verdicts {:>3}/{:<3} = {:5.1}%",
            self.verdicts,
            self.fields_ok,
            self.fields,
            self.field_pct(),
            self.verdicts_ok,
            self.verdicts,
            self.verdict_pct()
        )
    }
}

fn summary(cases: &[Case]) -> Result<(), Failed> {
    let mut groups: BTreeMap<String, Acc> = BTreeMap::new();
    let mut per_field: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut per_field_check: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut lines = vec![];
    for case in cases {
        let s = score(case);
        for key in [
            "all".to_string(),
            format!("set {}", case.set),
            format!("part {}", part(case.set, &case.id)),
            format!("shape {}", shape(&case.text)),
        ] {
            groups.entry(key).or_default().add(&s);
        }
        for (name, _, _, ok) in &s.fields {
            if part(case.set, &case.id) == "check" {
                let e = per_field_check.entry(name.clone()).or_default();
                e.0 += 1;
                e.1 += usize::from(*ok);
            }
            let e = per_field.entry(name.clone()).or_default();
            e.0 += 1;
            e.1 += usize::from(*ok);
            if !ok {
                lines.push(format!("{} {name}", case.id));
                // Misses of the tune part only: the check part stays blind.
                if std::env::var_os("CLAIMS_DUMP").is_some() && part(case.set, &case.id) == "tune" {
                    println!(
                        "  miss {} {name}: expected {}, got {}",
                        case.id,
                        s.fields
                            .iter()
                            .find(|f| &f.0 == name)
                            .map(|f| f.1.to_string())
                            .unwrap_or_default(),
                        s.fields
                            .iter()
                            .find(|f| &f.0 == name)
                            .map(|f| f.2.to_string())
                            .unwrap_or_default()
                    );
                }
            }
        }
    }
    println!("claims_dev summary (fields exclude the verdict):");
    for (k, acc) in &groups {
        println!("  {}", acc.line(k));
    }
    let worst: Vec<String> = per_field
        .iter()
        .map(|(k, (n, ok))| format!("{k} {:.0}%", 100.0 * *ok as f64 / *n as f64))
        .collect();
    println!("  per field: {}", worst.join(", "));
    let check: Vec<String> = per_field_check
        .iter()
        .map(|(k, (n, ok))| format!("{k} {:.0}%", 100.0 * *ok as f64 / *n as f64))
        .collect();
    println!("  per field, check part: {}", check.join(", "));
    if std::env::var_os("CLAIMS_RATCHET_WRITE").is_some() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/claims_known_misses.txt"
        );
        let head = "# Known misses of the claim reader on the dev sets: `id field`, one a line.\n\
                    # Written by CLAIMS_RATCHET_WRITE=1 cargo test --test claims_dev; it may only shrink.\n";
        std::fs::write(path, format!("{head}{}\n", lines.join("\n"))).map_err(|e| e.to_string())?;
    }
    let all = groups["all"];
    assert_eq!(all.verdicts, 148, "the dev sets hold 148 claims");
    // Floors: what the reader has reached on all 148 (a regression below them fails; the
    // per-claim ratchet catches each miss). The targets (92% / 90%) are not yet met.
    let floor_fields = 89.5;
    let floor_verdicts = 89.0;
    if all.field_pct() < floor_fields || all.verdict_pct() < floor_verdicts {
        return Err(format!("below the floor: {}", all.line("all")).into());
    }
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let cases = cases();
    // `CLAIMS_SHOW=id,id` prints the reading of those tune-part claims (figures, setup,
    // checklist) for debugging; check-part claims stay blind.
    // `CLAIMS_PROBE=file` prints the headline and setup of each text in `file` (texts
    // separated by a line `%%%`): for probing the reader on hand-written claims.
    if let Some(path) = std::env::var_os("CLAIMS_PROBE") {
        let all = std::fs::read_to_string(path).expect("probe file reads");
        for (i, t) in all.split("\n%%%\n").enumerate() {
            let r = serde_json::to_value(check(t)).expect("report serialises");
            let f = &r["claim"]["figures"][0];
            let first = t.lines().next().unwrap_or("");
            println!(
                "#{i} {:.60} => {} {} {} {} | metric {} | {}",
                first,
                f["value"],
                f["unit"],
                f["kind"],
                f["scope"],
                r["checklist"][4]["status"],
                f["headline_reason"]
            );
            let mut claim = r["claim"].clone();
            if let Some(o) = claim.as_object_mut() {
                o.remove("figures");
                o.remove("evidence");
            }
            println!("     {claim}");
            let rows: Vec<String> = r["checklist"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|row| format!("{}={}", row["condition"], row["status"]))
                .collect();
            println!("     rows {} verdict {}", rows.join(" "), r["verdict"]);
            if std::env::var_os("CLAIMS_PROBE_FIGURES").is_some() {
                for f in r["claim"]["figures"].as_array().into_iter().flatten() {
                    println!(
                        "       fig {} {} {} {} | {}",
                        f["value"], f["unit"], f["kind"], f["scope"], f["headline_reason"]
                    );
                }
            }
        }
        return;
    }
    // `CLAIMS_SCORE=file.jsonl` scores a set labelled like the dev sets (a blind set kept
    // outside the repository) with the same rules and prints its summary; with
    // `CLAIMS_SCORE_MISSES` set it also lists each miss (expected, got).
    if let Some(path) = std::env::var_os("CLAIMS_SCORE") {
        let all = std::fs::read_to_string(&path).expect("score file reads");
        let mut acc = Acc::default();
        let mut per_field: BTreeMap<String, (usize, usize)> = BTreeMap::new();
        for line in all.lines().filter(|l| !l.trim().is_empty()) {
            let v: Value = serde_json::from_str(line).expect("each line is one JSON object");
            let case = Case {
                set: "x",
                id: v["id"].as_str().unwrap_or("?").to_string(),
                text: v["text"].as_str().unwrap_or("").to_string(),
                expected: v["expected"].clone(),
            };
            let s = score(&case);
            acc.add(&s);
            for (name, e, g, ok) in &s.fields {
                let f = per_field.entry(name.clone()).or_default();
                f.0 += 1;
                f.1 += usize::from(*ok);
                if !ok && std::env::var_os("CLAIMS_SCORE_MISSES").is_some() {
                    println!("  miss {} {name}: expected {e}, got {g}", case.id);
                }
            }
        }
        println!("{}", acc.line("score"));
        for (name, (n, ok)) in &per_field {
            if ok < n {
                println!("  {name:<28} {ok}/{n}");
            }
        }
        return;
    }
    if let Some(ids) = std::env::var_os("CLAIMS_SHOW") {
        let ids = ids.to_string_lossy().to_string();
        for c in cases.iter().filter(|c| ids.split(',').any(|i| i == c.id)) {
            if part(c.set, &c.id) == "check" {
                println!("{}: check part, not shown", c.id);
                continue;
            }
            let r = serde_json::to_value(check(&c.text)).expect("report serialises");
            println!("===== {}", c.id);
            for f in r["claim"]["figures"].as_array().into_iter().flatten() {
                println!("  figure {}", f);
            }
            let mut claim = r["claim"].clone();
            if let Some(o) = claim.as_object_mut() {
                o.remove("figures");
                o.remove("evidence");
            }
            println!("  claim {claim}");
            for row in r["checklist"].as_array().into_iter().flatten() {
                println!(
                    "  row {} {} {}",
                    row["condition"], row["status"], row["note"]
                );
            }
            println!("  verdict {}", r["verdict"]);
        }
        return;
    }
    let known = known();
    let mut trials = vec![];
    for c in cases.iter() {
        let case = Case {
            set: c.set,
            id: c.id.clone(),
            text: c.text.clone(),
            expected: c.expected.clone(),
        };
        let known = known.clone();
        trials.push(Trial::test(
            format!("claim::{}::{}", c.set, c.id),
            move || ratchet(&case, &known),
        ));
    }
    trials.push(Trial::test("summary", move || summary(&cases)));
    libtest_mimic::run(&args, trials).exit();
}
