//! NVIDIA genai-perf `profile_export_genai_perf.json` and AIPerf `profile_export_aiperf.json`.
//!
//! Both write one object per metric, `{unit, avg, min, max, p1…p99, std, count, sum}` (genai-perf
//! without `count`/`sum`). Definitions, from AIPerf 0.13.0's `aiperf/metrics/types/*.py` (the
//! same in genai-perf's `llm_metrics.py`):
//! - `time_to_first_token`: request sent → first content chunk.
//! - `request_latency`: request sent → last response.
//! - `inter_token_latency`: per request `(request_latency − TTFT)/(OSL − 1)`, OSL being the
//!   tool's re-tokenised output count (the server's usage count only with
//!   `--use-server-token-count`): benchfit's TPOT with another token count.
//! - `inter_chunk_latency` (AIPerf): every gap between consecutive content chunks, pooled,
//!   timestamped per network read (so chunks read together have a gap of exactly 0).
//! - `decode_duration` (AIPerf): per request `request_latency − TTFT`.
//! - `output_token_throughput`: re-tokenised output tokens / `benchmark_duration` (first request
//!   sent → last response received); `usage_completion_tokens` / `total_usage_*`: the server's
//!   usage counts.

use super::*;

pub(super) fn unit_to_ms(unit: &str) -> Option<f64> {
    match unit.trim().to_ascii_lowercase().as_str() {
        "ms" | "milliseconds" => Some(1.0),
        "ns" | "nanoseconds" => Some(1e-6),
        "us" | "µs" | "microseconds" => Some(1e-3),
        "s" | "sec" | "seconds" => Some(1000.0),
        _ => None,
    }
}

/// One metric object: its percentiles (in ms for time units) and its sample count.
struct Stat {
    p: Option<Percentiles>,
    count: Option<u64>,
}

/// The file's metric objects and what the messages call the tool.
struct File<'a> {
    /// The top level.
    o: &'a Map<String, Value>,
    /// The metric objects (some AIPerf versions nest them under `records`).
    metrics: &'a Map<String, Value>,
    tool: SourceTool,
    /// `AIPerf` or `genai-perf`.
    name: &'static str,
}

/// What the phases found, in the order the file's definitions and missing statistics are
/// listed.
#[derive(Default)]
struct Found {
    defs: Vec<MetricDefinition>,
    missing: Vec<String>,
}

impl File<'_> {
    fn block(&self, key: &str) -> Option<&Map<String, Value>> {
        self.metrics.get(key).and_then(Value::as_object)
    }

    fn field(&self, key: &str, f: &str) -> Option<f64> {
        num(self.block(key).and_then(|m| m.get(f)))
    }

    /// The metric `key` as percentiles scaled by `k` (its `label` names what is missing).
    fn stat(&self, key: &str, label: &str, k: f64, missing: &mut Vec<String>) -> Stat {
        let Some(m) = self.block(key) else {
            return Stat {
                p: None,
                count: None,
            };
        };
        let known = [
            ("p50", 0.5),
            ("p90", 0.9),
            ("p95", 0.95),
            ("p99", 0.99),
            ("p75", 0.75),
            ("p25", 0.25),
        ]
        .iter()
        .filter_map(|(p, q)| num(m.get(*p)).map(|v| (*q, v)))
        .chain(num(m.get("min")).map(|v| (0.0, v)))
        .chain(num(m.get("max")).map(|v| (1.0, v)))
        .collect();
        Stat {
            p: scaled(complete(label, num(m.get("avg")), known, missing), k),
            count: count(m.get("count")),
        }
    }

    /// A time metric in ms (its `unit` converted; an error when it is no time unit).
    fn time_stat(
        &self,
        key: &str,
        label: &str,
        missing: &mut Vec<String>,
    ) -> Result<Stat, ImportError> {
        let unit = self
            .block(key)
            .and_then(|m| m.get("unit"))
            .and_then(Value::as_str)
            .unwrap_or("ms");
        let k = unit_to_ms(unit).ok_or_else(|| ImportError::Invalid {
            tool: self.tool,
            reason: format!("`{key}` has unit {unit:?}, not a time unit"),
        })?;
        Ok(self.stat(key, label, k, missing))
    }
}

/// The four latencies, with their sample counts.
struct Latencies {
    ttft: Stat,
    e2e: Stat,
    tpot: Stat,
    /// AIPerf's pooled inter-chunk gaps, as read (its count is the ITL sample count).
    icl: Stat,
    /// The ITL kept.
    itl: Option<Percentiles>,
}

pub(super) fn nvidia(o: &Map<String, Value>, tool: SourceTool) -> Result<Measurement, ImportError> {
    let f = File {
        o,
        metrics: o.get("records").and_then(Value::as_object).unwrap_or(o),
        tool,
        name: if tool == SourceTool::Aiperf {
            "AIPerf"
        } else {
            "genai-perf"
        },
    };
    let mut found = Found::default();
    let lat = latencies(&f, &mut found)?;
    let (completed, errors, failure_reasons) = requests(&f);
    let requests_per_s = f.field("request_throughput", "avg").unwrap_or(0.0);
    let window_s = window(&f, completed, requests_per_s, &mut found);
    let tokens = tokens(&f, completed, requests_per_s, window_s, &mut found);
    let run = run(&f);
    let samples = SampleCounts {
        ttft: lat.ttft.count.unwrap_or(0),
        itl: lat.icl.count.unwrap_or(0),
        tpot: lat.tpot.count.unwrap_or(0),
        e2e: lat.e2e.count.unwrap_or(0),
    };
    if samples == SampleCounts::default() {
        found
            .missing
            .push("samples (the file states no sample counts)".into());
    }
    let summary = Summary {
        throughput: ThroughputSummary {
            output_tokens_per_s: tokens.output_tokens_per_s,
            total_tokens_per_s: tokens.total_tokens_per_s,
            requests_per_s,
        },
        latency_ms: LatencySummary {
            ttft: lat.ttft.p,
            itl: lat.itl,
            tpot: lat.tpot.p,
            e2e: lat.e2e.p,
        },
        samples,
        requests: RequestCounts {
            completed,
            failed: errors.unwrap_or(0),
            incomplete: 0,
        },
        failure_reasons,
        window_s,
        output_tokens: tokens.output.max(0.0).round() as u64,
        prompt_tokens: tokens.prompt.max(0.0).round() as u64,
        ..Summary::default()
    };
    Ok(measurement(tool, run, summary, found.defs, found.missing))
}

/// TTFT and E2E as the tool defines them (benchfit's), TPOT from `decode_duration` over the
/// server's count where every request has one count (else the tool's `inter_token_latency`,
/// marked ≠), ITL from AIPerf's `inter_chunk_latency`.
fn latencies(f: &File<'_>, found: &mut Found) -> Result<Latencies, ImportError> {
    let (ttft, e2e) = ttft_e2e(f, found)?;
    let tpot = tpot(f, found)?;
    let (icl, itl) = itl(f, found)?;
    Ok(Latencies {
        ttft,
        e2e,
        tpot,
        icl,
        itl,
    })
}

/// TTFT and E2E, which both tools define as benchfit does.
fn ttft_e2e(f: &File<'_>, found: &mut Found) -> Result<(Stat, Stat), ImportError> {
    let (defs, missing) = (&mut found.defs, &mut found.missing);
    let ttft = f.time_stat("time_to_first_token", "ttft", missing)?;
    let e2e = f.time_stat("request_latency", "e2e", missing)?;
    for (s, label, key) in [
        (&ttft, "ttft", "time_to_first_token"),
        (&e2e, "e2e", "request_latency"),
    ] {
        if s.p.is_none() {
            missing.push(format!("{label} (no `{key}`)"));
        }
    }
    defs.push(def(
        "ttft",
        "time_to_first_token",
        "request sent → first response chunk with content",
        "same definition",
        true,
    ));
    defs.push(def(
        "e2e",
        "request_latency",
        "request sent → last response chunk",
        "same definition",
        true,
    ));
    Ok((ttft, e2e))
}

/// TPOT: `decode_duration` over the server's count where every request has the same one (then
/// benchfit's TPOT exactly), else the tool's `inter_token_latency`, marked not converted.
fn tpot(f: &File<'_>, found: &mut Found) -> Result<Stat, ImportError> {
    let (defs, missing) = (&mut found.defs, &mut found.missing);
    let name = f.name;
    // The server's output count per request, where the file has it and it is one number.
    let usage_n = match (
        f.field("usage_completion_tokens", "min"),
        f.field("usage_completion_tokens", "max"),
    ) {
        (Some(a), Some(b)) if a == b && a >= 2.0 => Some(a),
        _ => None,
    };
    let osl_mean = f.field("output_sequence_length", "avg");
    let decode = f.time_stat("decode_duration", "tpot", &mut Vec::new())?;
    let tpot = match (usage_n, decode.p) {
        (Some(n), Some(d)) => {
            defs.push(def(
                "tpot",
                "decode_duration",
                &format!("{name}: per request request_latency − TTFT (its inter_token_latency divides this by its re-tokenised output count − 1)"),
                &format!("divided by (server output tokens − 1) = {} − 1 (every request's usage count is {n}), which is benchfit's TPOT exactly", n),
                true,
            ));
            Stat {
                p: scaled(Some(d), 1.0 / (n - 1.0)),
                count: decode.count,
            }
        }
        _ => {
            let s = f.time_stat("inter_token_latency", "tpot", missing)?;
            if s.p.is_none() {
                missing.push("tpot (no `inter_token_latency`)".into());
            } else {
                let conv = match (osl_mean, f.field("usage_completion_tokens", "avg")) {
                    (Some(osl), Some(u)) if u > 1.0 => format!(
                        "not converted (the per-request server counts vary): {name} divides by its re-tokenised count ({osl:.4} per request on average, the server's {u:.4}), so its TPOT is about {:.1}% lower than benchfit's",
                        100.0 * (1.0 - (u - 1.0) / (osl - 1.0))
                    ),
                    _ => format!("not converted: {name} divides by its own re-tokenised output count, which can differ from the server's (benchfit divides by the server's usage count)"),
                };
                defs.push(def(
                    "tpot",
                    "inter_token_latency",
                    "per request (request_latency − TTFT)/(re-tokenised output tokens − 1)",
                    &conv,
                    false,
                ));
            }
            s
        }
    };
    Ok(tpot)
}

/// ITL: AIPerf's pooled inter-chunk gaps (as read, and the percentiles kept), per token when
/// the gap count shows every chunk carried one.
fn itl(f: &File<'_>, found: &mut Found) -> Result<(Stat, Option<Percentiles>), ImportError> {
    let (defs, missing) = (&mut found.defs, &mut found.missing);
    let name = f.name;
    let icl = f.time_stat("inter_chunk_latency", "itl", &mut Vec::new())?;
    let itl = match icl.p {
        Some(p) => {
            let usage = f.block("usage_completion_tokens");
            let per_token = match (
                icl.count,
                count(usage.and_then(|m| m.get("sum"))),
                count(usage.and_then(|m| m.get("count"))),
            ) {
                (Some(c), Some(sum), Some(n)) => Some(c + n == sum),
                _ => None,
            };
            defs.push(def(
                "itl",
                "inter_chunk_latency",
                "every gap between consecutive content chunks, pooled; timestamps per network read (chunks read together have a gap of 0)",
                match per_token {
                    Some(true) => "same as benchfit's per-token ITL here: the file's gap count equals the server's output tokens − 1 per request, so every chunk carried one token",
                    Some(false) => "per chunk, not per token: some chunks carried several tokens (the gap count differs from the server's output tokens − 1 per request); not converted",
                    None => "per chunk; benchfit's ITL is per token (a chunk of k tokens is k gaps): equal when every chunk carries one token, which the file does not let us check",
                },
                per_token == Some(true),
            ));
            Some(p)
        }
        None => {
            missing.push(format!(
                "itl ({name} reports no pooled inter-token gaps: no `inter_chunk_latency`)"
            ));
            None
        }
    };
    Ok((icl, itl))
}

/// Completed requests, failed ones (None where the file does not say) and the failures by
/// reason.
fn requests(f: &File<'_>) -> (u64, Option<u64>, Vec<FailureReason>) {
    let o = f.o;
    let errors = count(f.block("error_request_count").and_then(|m| m.get("avg")))
        .or_else(|| count(o.get("error_request_count")))
        .or_else(|| {
            o.get("error_summary").and_then(Value::as_array).map(|a| {
                a.iter()
                    .filter_map(|e| count(e.get("count")))
                    .fold(0u64, u64::saturating_add)
            })
        });
    let completed = f
        .field("request_count", "avg")
        .map_or(0, |c| to_u32(c) as u64);
    let failure_reasons = o
        .get("error_summary")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(|e| {
                    let d = e.get("error_details")?;
                    let reason = match (num(d.get("code")), d.get("type").and_then(Value::as_str)) {
                        (Some(c), Some(t)) => format!("http {c} {t}"),
                        (Some(c), None) => format!("http {c}"),
                        (None, Some(t)) => t.to_string(),
                        (None, None) => "unknown".into(),
                    };
                    Some(FailureReason {
                        reason,
                        count: count(e.get("count"))?,
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    (completed, errors, failure_reasons)
}

/// The window the tool's throughputs were computed over, s.
fn window(f: &File<'_>, completed: u64, requests_per_s: f64, found: &mut Found) -> f64 {
    let name = f.name;
    let benchmark_duration = f.field("benchmark_duration", "avg").map(|w| {
        let unit = f
            .block("benchmark_duration")
            .and_then(|m| m.get("unit"))
            .and_then(Value::as_str)
            .unwrap_or("sec");
        unit_to_ms(unit).map_or(w, |k| w * k / 1000.0)
    });
    // AIPerf divides by its observation window (`MetricResultsDict.observation_duration`: an
    // analysis window where one is set, else benchmark_duration), which the file does not state
    // but request_count / request_throughput gives back exactly.
    if requests_per_s > 0.0 && completed > 0 {
        let w = completed as f64 / requests_per_s;
        found.defs.push(def(
            "throughput",
            "request_count / request_throughput",
            &format!(
                "the tool's throughput window ({name} divides every throughput by its observation window{})",
                benchmark_duration.map_or(String::new(), |d| format!(
                    "; benchmark_duration, first request sent → last response, is {d} s"
                ))
            ),
            &format!("window_s = {completed} / {requests_per_s} = {w} s; benchfit's window runs from the first send to the last token"),
            true,
        ));
        w
    } else if let Some(d) = benchmark_duration {
        d
    } else {
        found
            .missing
            .push("window_s (not in the file; left at 0)".into());
        0.0
    }
}

/// Token totals and throughputs.
struct Tokens {
    output: f64,
    prompt: f64,
    output_tokens_per_s: f64,
    total_tokens_per_s: f64,
}

/// The server's usage totals over the window where the file has them (benchfit's definition),
/// else the tool's re-tokenised counts and throughput (marked ≠).
fn tokens(
    f: &File<'_>,
    completed: u64,
    requests_per_s: f64,
    window_s: f64,
    found: &mut Found,
) -> Tokens {
    let name = f.name;
    let osl_mean = f.field("output_sequence_length", "avg");
    let server_out = f
        .field("total_usage_completion_tokens", "avg")
        .or_else(|| f.field("usage_completion_tokens", "sum"));
    let server_in = f
        .field("total_usage_prompt_tokens", "avg")
        .or_else(|| f.field("usage_prompt_tokens", "sum"));
    let retok_out = f
        .field("total_osl", "avg")
        .or_else(|| f.field("output_sequence_length", "sum"))
        .or_else(|| osl_mean.map(|m| m * completed as f64));
    let retok_in = f
        .field("total_isl", "avg")
        .or_else(|| f.field("input_sequence_length", "sum"))
        .or_else(|| {
            f.field("input_sequence_length", "avg")
                .map(|m| m * completed as f64)
        });
    let tool_out_tps = f.field("output_token_throughput", "avg").unwrap_or(0.0);
    match (server_out, window_s > 0.0) {
        (Some(out), true) => {
            let inp = server_in.or(retok_in).unwrap_or(0.0);
            found.defs.push(def(
                    "output_tokens",
                    "total_usage_completion_tokens",
                    "the server's usage counts (the tool's output_token_throughput uses its re-tokenised total_osl instead)",
                    &format!(
                        "throughput recomputed as server tokens / the window: {out} / {window_s} s (the tool's own output_token_throughput is {tool_out_tps:.4}, from {} re-tokenised tokens)",
                        retok_out.map_or("?".into(), |x| format!("{x}"))
                    ),
                    true,
                ));
            Tokens {
                output: out,
                prompt: inp,
                output_tokens_per_s: out / window_s,
                total_tokens_per_s: (out + inp) / window_s,
            }
        }
        _ => {
            let out = retok_out.unwrap_or(0.0);
            let isl = f.field("input_sequence_length", "avg");
            found.defs.push(def(
                    "output_tokens",
                    "output_sequence_length",
                    &format!("{name}'s count of the output text re-tokenised with the tokenizer it was given"),
                    "not converted: the file has no server usage counts; a re-tokenised count can differ from the server's by a few percent",
                    false,
                ));
            let total = match isl {
                Some(isl) => tool_out_tps + requests_per_s * isl,
                None => {
                    found
                        .missing
                        .push("throughput.total_tokens_per_s (no input_sequence_length)".into());
                    tool_out_tps
                }
            };
            if retok_out.is_none() {
                found
                    .missing
                    .push("output_tokens (not in the file; left at 0)".into());
            }
            Tokens {
                output: out,
                prompt: retok_in.unwrap_or(0.0),
                output_tokens_per_s: tool_out_tps,
                total_tokens_per_s: total,
            }
        }
    }
}

/// The run: tool and version, model, times, whether it was cut short, and the load.
fn run(f: &File<'_>) -> RunInfo {
    let o = f.o;
    let cfg = o.get("input_config");
    let model = cfg
        .and_then(|c| {
            c.get("models")
                .and_then(|m| m.get("items"))
                .and_then(|i| i.get(0))
                .and_then(|i| i.get("name"))
                .or_else(|| {
                    c.get("endpoint")
                        .and_then(|e| e.get("model_names"))
                        .and_then(|m| m.get(0))
                })
                .or_else(|| c.get("model_names").and_then(|m| m.get(0)))
                .or_else(|| c.get("model").and_then(|m| m.get(0).or(Some(m))))
        })
        .and_then(Value::as_str)
        .map(str::to_string);
    let mut run = run_info(
        if f.tool == SourceTool::Aiperf {
            "aiperf"
        } else {
            "genai-perf"
        },
        str_of(o.get("aiperf_version")).or_else(|| str_of(o.get("genai_perf_version"))),
        model,
    );
    run.started_at = str_of(o.get("start_time"));
    run.ended_at = str_of(o.get("end_time"));
    let cancelled = o
        .get("was_cancelled")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    let incomplete = o.get("is_complete").and_then(Value::as_bool) == Some(false);
    run.partial = cancelled || incomplete;
    if run.partial {
        run.partial_reason = Some(
            if cancelled {
                "the tool's run was cancelled (was_cancelled)"
            } else {
                "the tool marked the run incomplete (is_complete: false)"
            }
            .into(),
        );
    }
    run.load = load(cfg);
    run
}

/// The load from the tool's input config: AIPerf 0.13 `input_config.phases[]` (the profiling
/// phase); earlier AIPerf `input_config.loadgen`; genai-perf 0.0.16
/// `input_config.perf_analyzer.stimulus`; earlier genai-perf `input_config.concurrency` /
/// `request_rate`.
fn load(cfg: Option<&Value>) -> Option<LoadMode> {
    let stimulus = cfg
        .and_then(|c| c.get("perf_analyzer"))
        .and_then(|p| p.get("stimulus"));
    let phase = cfg
        .and_then(|c| c.get("phases"))
        .and_then(Value::as_array)
        .and_then(|p| {
            p.iter()
                .find(|x| x.get("kind").and_then(Value::as_str) == Some("profiling"))
                .or(p.last())
        });
    let conc = phase
        .and_then(|p| p.get("concurrency"))
        .or_else(|| {
            cfg.and_then(|c| c.get("loadgen"))
                .and_then(|l| l.get("concurrency"))
        })
        .or_else(|| stimulus.and_then(|x| x.get("concurrency")))
        .or_else(|| cfg.and_then(|c| c.get("concurrency")));
    let rate = phase
        .and_then(|p| p.get("request_rate").or_else(|| p.get("rate")))
        .or_else(|| {
            cfg.and_then(|c| c.get("loadgen"))
                .and_then(|l| l.get("request_rate"))
        })
        .or_else(|| stimulus.and_then(|x| x.get("request_rate")))
        .or_else(|| cfg.and_then(|c| c.get("request_rate")));
    match (num(conc), num(rate)) {
        (Some(c), _) => Some(LoadMode::Concurrency {
            concurrency: to_u32(c),
        }),
        (None, Some(r)) if r > 0.0 => Some(LoadMode::Rate {
            requests_per_s: r,
            arrival: "poisson".into(),
            burstiness: 1.0,
        }),
        _ => None,
    }
}
