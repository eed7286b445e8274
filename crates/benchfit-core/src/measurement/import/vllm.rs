//! vLLM `vllm bench serve --save-result` (and `benchmarks/benchmark_serving.py`) files.

use super::*;

pub(super) fn vllm(o: &Map<String, Value>) -> Result<Measurement, ImportError> {
    let tool = SourceTool::VllmBench;
    let FlatRun {
        latency,
        missing,
        completed,
        duration_s,
    } = flat_run(o, tool, numeric_key, "e2el")?;
    let failed = count(o.get("failed"))
        .unwrap_or_else(|| count(o.get("num_prompts")).map_or(0, |n| n.saturating_sub(completed)));
    // Releases before `total_token_throughput` (benchmark_serving.py of 2024) wrote
    // `input_throughput` and `output_throughput`.
    let throughput = rates(o, completed, duration_s, "total_token_throughput");
    let mut run = run_info(
        "vllm bench serve",
        str_of(o.get("vllm_version")),
        str_of(o.get("model_id")).or_else(|| str_of(o.get("model"))),
    );
    run.started_at = str_of(o.get("date")).map(|d| compact_date(&d).unwrap_or(d));
    run.load = load_mode(o);
    let mut summary = Summary {
        throughput,
        latency_ms: latency,
        requests: RequestCounts {
            completed,
            failed,
            incomplete: 0,
        },
        window_s: duration_s.unwrap_or(0.0),
        output_tokens: count(o.get("total_output_tokens")).unwrap_or(0),
        prompt_tokens: count(o.get("total_input_tokens")).unwrap_or(0),
        ..Summary::default()
    };
    let m_requests = request_records(o);
    if let Some(records) = &m_requests {
        summary.failure_reasons = failure_reasons(records);
    }
    summary.samples = SampleCounts {
        ttft: completed,
        itl: itl_count(o),
        tpot: completed,
        e2e: completed,
    };
    let mut m = measurement(tool, run, summary, definitions(o), missing);
    m.requests = m_requests.unwrap_or_default();
    Ok(m)
}

/// What vLLM's and SGLang's flat records share, read and checked: the latency statistics (the
/// end-to-end one under `*_<e2e_key>_ms`), the completed count and the duration.
pub(super) struct FlatRun {
    pub latency: LatencySummary,
    pub missing: Vec<String>,
    pub completed: u64,
    pub duration_s: Option<f64>,
}

/// Reads a [`FlatRun`]. Errors: a key `numeric` names holding anything but a number or null,
/// no `completed` count, or a duration of 0 s or less for a run that completed requests.
pub(super) fn flat_run(
    o: &Map<String, Value>,
    tool: SourceTool,
    numeric: fn(&str) -> bool,
    e2e_key: &str,
) -> Result<FlatRun, ImportError> {
    // A count, duration, rate or latency statistic that is not a number is a broken file, not a
    // zero (`"output_throughput": "fast"`); `null` (Python's NaN, see `read_any`) is missing.
    if let Some((k, v)) = o
        .iter()
        .find(|(k, v)| numeric(k) && !(v.is_number() || v.is_null()))
    {
        return Err(ImportError::Invalid {
            tool,
            reason: format!("`{k}` is {}, not a number", kind_of(v)),
        });
    }
    let mut missing = Vec::new();
    let latency = LatencySummary {
        ttft: stat(o, "ttft", &mut missing, "ttft"),
        itl: stat(o, "itl", &mut missing, "itl"),
        tpot: stat(o, "tpot", &mut missing, "tpot"),
        e2e: stat(o, e2e_key, &mut missing, "e2e"),
    };
    let completed = count(o.get("completed")).ok_or_else(|| ImportError::Invalid {
        tool,
        reason: "no `completed` count".into(),
    })?;
    let duration_s = num(o.get("duration"));
    // A run that completed requests took time: a stated duration of 0 s (or less) is no run's.
    if let Some(d) = duration_s.filter(|d| *d <= 0.0 && completed > 0) {
        return Err(ImportError::Invalid {
            tool,
            reason: format!("`duration` is {d} s, but {completed} requests completed"),
        });
    }
    Ok(FlatRun {
        latency,
        missing,
        completed,
        duration_s,
    })
}

/// The run's rates: the record's own where it states them; else the total as
/// `input_throughput + output_throughput`; else the counts over the duration (as the tools
/// compute the rates they write), 0 without a duration.
pub(super) fn rates(
    o: &Map<String, Value>,
    completed: u64,
    duration_s: Option<f64>,
    total_key: &str,
) -> ThroughputSummary {
    let tokens = |k: &str| count(o.get(k)).unwrap_or(0) as f64;
    let over_duration = |n: f64| duration_s.filter(|d| *d > 0.0).map_or(0.0, |d| n / d);
    ThroughputSummary {
        output_tokens_per_s: num(o.get("output_throughput"))
            .unwrap_or_else(|| over_duration(tokens("total_output_tokens"))),
        total_tokens_per_s: num(o.get(total_key))
            .or_else(|| Some(num(o.get("input_throughput"))? + num(o.get("output_throughput"))?))
            .unwrap_or_else(|| {
                over_duration(tokens("total_input_tokens") + tokens("total_output_tokens"))
            }),
        requests_per_s: num(o.get("request_throughput"))
            .unwrap_or_else(|| over_duration(completed as f64)),
    }
}

/// One latency metric from the flat keys `mean_<metric>_ms`, `median_<metric>_ms` and
/// `p<q>_<metric>_ms`; a metric the file lacks is named in `missing`.
pub(super) fn stat(
    o: &Map<String, Value>,
    metric: &str,
    missing: &mut Vec<String>,
    name: &str,
) -> Option<Percentiles> {
    let mut known = Vec::new();
    for (k, v) in o {
        let Some(rest) = k.strip_suffix(&format!("_{metric}_ms")) else {
            continue;
        };
        let Some(x) = num(Some(v)) else { continue };
        if rest == "median" {
            known.push((0.5, x));
        } else if let Some(p) = rest.strip_prefix('p').and_then(|p| p.parse::<f64>().ok()) {
            if (0.0..=100.0).contains(&p) {
                known.push((p / 100.0, x));
            }
        }
    }
    complete(
        name,
        num(o.get(&format!("mean_{metric}_ms"))),
        known,
        missing,
    )
}

/// The run's load: `max_concurrency` (a closed loop) before `request_rate` (Poisson, or gamma
/// when `burstiness` is not 1).
pub(super) fn load_mode(o: &Map<String, Value>) -> Option<LoadMode> {
    match (num(o.get("max_concurrency")), o.get("request_rate")) {
        (Some(c), _) => Some(LoadMode::Concurrency {
            concurrency: to_u32(c),
        }),
        (None, Some(r)) => num(Some(r)).map(|r| LoadMode::Rate {
            requests_per_s: r,
            arrival: if num(o.get("burstiness")).unwrap_or(1.0) == 1.0 {
                "poisson"
            } else {
                "gamma"
            }
            .into(),
            burstiness: num(o.get("burstiness")).unwrap_or(1.0),
        }),
        _ => None,
    }
}

/// The per-request records of a `--save-detailed` file (`ttfts` and `itls` in seconds,
/// `input_lens`, `output_lens`, `errors`); `None` without `ttfts` and `output_lens`.
fn request_records(o: &Map<String, Value>) -> Option<Vec<RequestRecord>> {
    let ttfts = o.get("ttfts").and_then(Value::as_array)?;
    let outs = o.get("output_lens").and_then(Value::as_array)?;
    let itls = o.get("itls").and_then(Value::as_array);
    let ins = o.get("input_lens").and_then(Value::as_array);
    let errs = o.get("errors").and_then(Value::as_array);
    let mut records = Vec::new();
    for (i, t) in ttfts.iter().enumerate() {
        let err = errs
            .and_then(|e| e.get(i))
            .and_then(Value::as_str)
            .filter(|s| !s.trim().is_empty())
            .map(short_error);
        let ttft_ms = num(Some(t)).map(|s| s * 1000.0);
        let out = to_u32(num(outs.get(i)).unwrap_or(0.0));
        let mut chunks = Vec::new();
        let mut t_ms = ttft_ms.unwrap_or(0.0);
        if err.is_none() && out > 0 {
            chunks.push(Chunk { t_ms, tokens: 1 });
            for g in itls
                .and_then(|l| l.get(i))
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                t_ms += num(Some(g)).unwrap_or(0.0) * 1000.0;
                chunks.push(Chunk { t_ms, tokens: 1 });
            }
        }
        records.push(RequestRecord {
            index: i as u64,
            ttft_ms: if err.is_none() { ttft_ms } else { None },
            e2e_ms: if err.is_none() { Some(t_ms) } else { None },
            chunks,
            output_tokens: out,
            prompt_tokens: ins.and_then(|l| num(l.get(i))).map(to_u32),
            token_source: "tool_count".into(),
            status: if err.is_some() {
                RequestStatus::Failed
            } else {
                RequestStatus::Ok
            },
            error: err,
            ..RequestRecord::default()
        });
    }
    Some(records)
}

/// The failed requests' errors, counted by reason in first-seen order.
fn failure_reasons(records: &[RequestRecord]) -> Vec<FailureReason> {
    let mut reasons: Vec<FailureReason> = Vec::new();
    for r in records.iter().filter(|r| r.status == RequestStatus::Failed) {
        let reason = r.error.clone().unwrap_or_default();
        match reasons.iter_mut().find(|f| f.reason == reason) {
            Some(f) => f.count += 1,
            None => reasons.push(FailureReason { reason, count: 1 }),
        }
    }
    reasons
}

/// How many inter-token gaps the `itls` lists hold, all requests together (0 without them).
fn itl_count(o: &Map<String, Value>) -> u64 {
    o.get("itls")
        .and_then(Value::as_array)
        .map(|l| {
            l.iter()
                .filter_map(Value::as_array)
                .map(|a| a.len() as u64)
                .sum::<u64>()
        })
        .unwrap_or(0)
}

/// The Rosetta entries of a vLLM file: each metric's definition there and its conversion.
fn definitions(o: &Map<String, Value>) -> Vec<MetricDefinition> {
    vec![
        def("ttft", "ttft", "request sent → first streamed chunk", "same definition", true),
        def("e2e", "e2el", "request sent → last chunk", "same definition", true),
        def("tpot", "tpot", "per request (E2E − TTFT)/(output tokens − 1), vLLM's output count being the generated text re-tokenised", "not converted (the file has no server counts): benchfit's formula with a count that can differ from the server's by a few percent, TPOT lower by as much", false),
        def("itl", "itl", "one gap per streamed chunk, pooled; vLLM adds a near-zero gap per request for the usage-only chunk", "not converted: per chunk (a chunk of k tokens is one gap, benchfit's k)", false),
        def("throughput", "duration", "tokens of successful requests over the benchmark's duration (first request sent → last response)", "same definition", true),
        def("output_tokens", "output_lens", "vLLM's count: the server's usage where the stream carried it, else the output text re-tokenised", if o.contains_key("output_lens") { "per-request records are marked token_source \"tool_count\" (the file does not say which count it holds)" } else { "summary only" }, false),
    ]
}

/// The stable part of a vLLM error: a Python traceback's last line (`Type: message`), cut to
/// 200 characters; the client's file paths and frames are dropped.
fn short_error(e: &str) -> String {
    let line = e
        .lines()
        .rev()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with("File \"") && !l.starts_with('^'))
        .unwrap_or(e.trim());
    let mut s: String = line.chars().take(200).collect();
    if line.chars().count() > 200 {
        s.push('…');
    }
    s
}

/// vLLM's `date` (`%Y%m%d-%H%M%S`, the client's local time) as `YYYY-MM-DDTHH:MM:SS` (no
/// zone: the file does not say which).
fn compact_date(d: &str) -> Option<String> {
    let (day, time) = d.split_once('-')?;
    if day.len() != 8
        || time.len() != 6
        || !(day.chars().chain(time.chars())).all(|c| c.is_ascii_digit())
    {
        return None;
    }
    Some(format!(
        "{}-{}-{}T{}:{}:{}",
        &day[..4],
        &day[4..6],
        &day[6..],
        &time[..2],
        &time[2..4],
        &time[4..]
    ))
}

/// Whether vLLM writes key `k` as a number: its counts, duration and throughputs, and every
/// latency statistic (`mean_ttft_ms`, `p99_e2el_ms`, `std_itl_ms`). Not `request_rate`, which
/// is the string `"inf"` for an unpaced run, nor `max_concurrency` (null when unset).
fn numeric_key(k: &str) -> bool {
    const COUNTS: [&str; 9] = [
        "completed",
        "failed",
        "num_prompts",
        "duration",
        "request_throughput",
        "output_throughput",
        "total_token_throughput",
        "total_input_tokens",
        "total_output_tokens",
    ];
    if COUNTS.contains(&k) {
        return true;
    }
    let Some(stat) = k.strip_suffix("_ms") else {
        return false;
    };
    let head = stat.split('_').next().unwrap_or("");
    ["mean", "median", "std"].contains(&head)
        || (head.len() > 1
            && head.starts_with('p')
            && head[1..].chars().all(|c| c.is_ascii_digit() || c == '.'))
}
