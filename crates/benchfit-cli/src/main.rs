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
        Command::Check { text, json } => {
            let text = match text.as_deref() {
                None | Some("-") => {
                    let mut s = String::new();
                    std::io::stdin()
                        .read_to_string(&mut s)
                        .context("reading the claim from standard input")?;
                    s
                }
                Some(t) => t.to_string(),
            };
            if text.trim().is_empty() {
                return Err(bad_input(
                    "check: the claim text is empty; pass it as an argument or on standard input",
                ));
            }
            let report = check(&text);
            if json {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&report).context("serialising the report")?
                );
            } else {
                print!("{}", render::check(&text, &report));
            }
            Ok(())
        }
        Command::Estimate(a) => {
            let scenario = Scenario::try_from(&*a).map_err(|e| bad_input(e.to_string()))?;
            let report = estimate_with(&scenario, PricePolicy::OnlyGiven)
                .map_err(|e| bad_input(args::describe(&e)))?;
            if a.json {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&report.estimate)
                        .context("serialising the estimate")?
                );
            } else {
                print!("{}", render::estimate(&scenario, &report));
            }
            Ok(())
        }
        Command::Measure(a) => match measure::run(*a) {
            Err(measure::BadInput(m)) => Err(bad_input(format!("measure: {m}"))),
            Ok(r) => Ok(r?),
        },
        Command::Plan(a) => match plan::run(&a) {
            Ok(out) => {
                print!("{out}");
                Ok(())
            }
            Err(plan::BadInput(m)) => Err(bad_input(m)),
        },
        Command::Import { file, json } => {
            let m = import::read(&file).map_err(|e| bad_input(e.to_string()))?;
            if json {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&m).context("serialising the measurement")?
                );
            } else {
                print!("{}", import::render(&file, &m));
            }
            Ok(())
        }
        Command::Validate { file, json } => {
            let text = std::fs::read_to_string(&file)
                .map_err(|e| bad_input(format!("validate: cannot read {file}: {e}")))?;
            // Online-serving rows (measured_online.tsv's columns): TTFT, ITL, output tok/s per
            // tune/check part, source, engine and load band.
            if text
                .lines()
                .next()
                .is_some_and(|h| h.split('\t').any(|c| c == "load_kind"))
            {
                let report = benchfit_core::validate::validate_online(&text)
                    .map_err(|e| bad_input(format!("validate: {file}: {e}")))?;
                if json {
                    println!(
                        "{}",
                        serde_json::to_string_pretty(&report).context("serialising the report")?
                    );
                } else {
                    print!("{report}");
                }
                return Ok(());
            }
            let report = benchfit_core::validate::validate(&text)
                .map_err(|e| bad_input(format!("validate: {file}: {e}")))?;
            if json {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&report).context("serialising the report")?
                );
            } else {
                print!("{}", render::validation(&report));
            }
            Ok(())
        }
        Command::Gpu { json } => {
            let devices = match measure::gpu::open() {
                Ok((_, d)) => d,
                Err(note) => {
                    if json {
                        println!(
                            "{}",
                            serde_json::json!({"available": false, "note": note, "devices": []})
                        );
                    } else {
                        println!("{note}");
                    }
                    return Ok(());
                }
            };
            if json {
                println!(
                    "{}",
                    serde_json::to_string_pretty(
                        &serde_json::json!({"available": true, "note": null, "devices": devices})
                    )
                    .context("serialising the GPU list")?
                );
            } else {
                for d in &devices {
                    println!(
                        "{}: {} ({:.0} MiB) → {}",
                        d.index, d.name, d.memory_total_mib, d.catalog_id
                    );
                }
            }
            Ok(())
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
