//! `benchfit`: read a benchmark claim, grade it, and re-project it onto your traffic.
//!
//! Exit codes: 0 success, 2 bad input (stderr names the input and why), 1 other failure.

// A binary: `pub` in its modules marks what main uses; `unreachable_pub` guards the libraries.
#![allow(unreachable_pub)]

mod args;
mod import;
mod measure;
mod plan;
mod render;

use anyhow::Context;
use args::{Cli, Command};
use benchfit_core::check;
use benchfit_core::input::Scenario;
use benchfit_core::project::{estimate_with, PricePolicy};
use clap::Parser;
use std::io::Read;
use std::process::ExitCode;

/// An error with its exit code.
struct Failure {
    code: u8,
    message: String,
}

fn bad_input(message: impl Into<String>) -> Failure {
    Failure {
        code: 2,
        message: message.into(),
    }
}

impl From<anyhow::Error> for Failure {
    fn from(e: anyhow::Error) -> Self {
        Failure {
            code: 1,
            message: format!("{e:#}"),
        }
    }
}

fn run(cli: Cli) -> Result<(), Failure> {
    match cli.command {
        Command::Check { text, json } => check_cmd(text.as_deref(), json),
        Command::Estimate(a) => {
            let scenario = Scenario::try_from(&*a).map_err(|e| bad_input(e.to_string()))?;
            let report = estimate_with(&scenario, PricePolicy::OnlyGiven)
                .map_err(|e| bad_input(args::describe(&e)))?;
            emit(a.json, &report.estimate, "the estimate", || {
                render::estimate(&scenario, &report)
            })
        }
        Command::Measure(a) => measure::run(*a).map_err(|e| match e {
            measure::MeasureError::BadInput(m) => bad_input(format!("measure: {m}")),
            measure::MeasureError::Failed(e) => e.into(),
        }),
        Command::Plan(a) => {
            let out = plan::run(&a).map_err(|plan::BadInput(m)| bad_input(m))?;
            out_text(&out);
            Ok(())
        }
        Command::Import { file, json } => {
            let m = import::read(&file).map_err(|e| bad_input(e.to_string()))?;
            emit(json, &m, "the measurement", || import::render(&file, &m))
        }
        Command::Validate { file, json } => validate_cmd(&file, json),
        Command::Gpu { json } => gpu_cmd(json),
    }
}

/// Prints `value` as pretty JSON (`--json`), or the text `render` gives.
fn emit<T: serde::Serialize>(
    json: bool,
    value: &T,
    what: &str,
    render: impl FnOnce() -> String,
) -> Result<(), Failure> {
    if json {
        let text =
            serde_json::to_string_pretty(value).with_context(|| format!("serialising {what}"))?;
        out_text(&format!("{text}\n"));
    } else {
        out_text(&render());
    }
    Ok(())
}

/// `benchfit check [TEXT | FILE | -]`: the claim from the argument, the file it names, or standard
/// input.
fn check_cmd(text: Option<&str>, json: bool) -> Result<(), Failure> {
    let text = match text {
        None | Some("-") => {
            // Bytes that are not UTF-8 (a binary paste) are replaced, as an argument's are by
            // the shell: the claim still gets a report.
            let mut b = Vec::new();
            std::io::stdin()
                .read_to_end(&mut b)
                .context("reading the claim from standard input")?;
            String::from_utf8_lossy(&b).into_owned()
        }
        // One word that names a file (`benchfit check claim.txt`) is that file's text: no
        // claim is a single word, and reading the path itself would report "no figure". A word
        // written as a path (`./x`, `/x`, `claim.txt`) that names no file is a mistake, not a
        // claim.
        Some(t) if is_path_word(t) => {
            let why = match std::fs::metadata(t) {
                Ok(m) if m.is_dir() => format!("{t} is a directory"),
                Ok(_) => {
                    let b = std::fs::read(t)
                        .map_err(|e| bad_input(format!("check: cannot read {t}: {e}")))?;
                    return check_text(String::from_utf8_lossy(&b).into_owned(), json);
                }
                Err(_) => format!("no such file: {t}"),
            };
            return Err(bad_input(format!(
                "check: {why}; pass the claim text, a file that holds it, or - for standard input"
            )));
        }
        Some(t) => t.to_string(),
    };
    check_text(text, json)
}

/// Grades `text`, refusing text that is empty once whitespace and invisible characters go.
fn check_text(text: String, json: bool) -> Result<(), Failure> {
    // Zero-width characters and a byte-order mark alone are no text either.
    let blank = |c: char| {
        c.is_whitespace() || matches!(c, '\u{200b}'..='\u{200d}' | '\u{2060}' | '\u{feff}')
    };
    if text.trim_matches(blank).is_empty() {
        return Err(bad_input(
            "check: the claim text is empty; pass it as an argument or on standard input",
        ));
    }
    let report = check(&text);
    emit(json, &report, "the report", || {
        render::check(&text, &report)
    })
}

/// True when `word`, a single word, is meant as a path: it names something that exists, or it
/// is written as one (`/…`, `./…`, `~/…`, or a text file's extension) and is not a URL.
fn is_path_word(word: &str) -> bool {
    let path_like = word.starts_with(['/', '.', '~'])
        || [".txt", ".md", ".json", ".jsonl", ".log", ".csv", ".tsv"]
            .iter()
            .any(|e| word.to_ascii_lowercase().ends_with(e));
    !word.contains(char::is_whitespace)
        && (std::path::Path::new(word).exists() || (path_like && !word.contains("://")))
}

/// `benchfit validate FILE`: the online-serving table (it has a `load_kind` column: TTFT, ITL,
/// output tok/s per tune/check part, source, engine and load band) or the developers' table.
fn validate_cmd(file: &str, json: bool) -> Result<(), Failure> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| bad_input(format!("validate: cannot read {file}: {e}")))?;
    let online = text
        .lines()
        .next()
        .is_some_and(|h| h.split('\t').any(|c| c == "load_kind"));
    if online {
        let report = benchfit_core::validate::validate_online(&text)
            .map_err(|e| bad_input(format!("validate: {file}: {e}")))?;
        return emit(json, &report, "the report", || report.to_string());
    }
    let report = benchfit_core::validate::validate(&text)
        .map_err(|e| bad_input(format!("validate: {file}: {e}")))?;
    emit(json, &report, "the report", || render::validation(&report))
}

/// `benchfit gpu`: the local GPUs through NVML and the catalog id each maps to.
fn gpu_cmd(json: bool) -> Result<(), Failure> {
    let devices = match measure::gpu::open() {
        Ok((_, d)) => d,
        Err(note) => {
            if json {
                out_text(&format!(
                    "{}\n",
                    serde_json::json!({"available": false, "note": note, "devices": []})
                ));
            } else {
                out_text(&format!("{note}\n"));
            }
            return Ok(());
        }
    };
    let doc = serde_json::json!({"available": true, "note": null, "devices": devices});
    emit(json, &doc, "the GPU list", || {
        devices
            .iter()
            .map(|d| {
                format!(
                    "{}: {} ({:.0} MiB) → {}\n",
                    d.index, d.name, d.memory_total_mib, d.catalog_id
                )
            })
            .collect()
    })
}

/// Writes `text` to standard output. A reader that closed the pipe early (`benchfit check … |
/// head`) has all it wanted: the rest is dropped without an error, as Unix tools do, where
/// `print!` would panic.
pub(crate) fn out_text(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            eprintln!("benchfit: writing to standard output: {e}");
            std::process::exit(1);
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            eprintln!("benchfit: {}", f.message);
            ExitCode::from(f.code)
        }
    }
}
