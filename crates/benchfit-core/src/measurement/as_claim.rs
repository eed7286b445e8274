//! A measurement written as a benchmark claim, so that the page and the CLI can calibrate on it
//! like on any pasted claim (every condition the run knows is stated).

use super::{LoadMode, Measurement};
use crate::format::sig;

/// The claim text of a measurement, or None when it measured no throughput.
///
/// Uses the served model name as sent (the reader forms an id from it), the GPUs NVML saw (by
/// catalog id, with their count), the load, the measured mean prompt and output lengths (server
/// counts), the runtime when known, and the output throughput and TTFT p50.
#[must_use]
pub fn as_claim(m: &Measurement) -> Option<String> {
    let s = &m.summary;
    // NaN throughput counts as none.
    if s.throughput.output_tokens_per_s.partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater)
        || s.requests.completed == 0
    {
        return None;
    }
    let done = s.requests.completed as f64;
    let mut parts = vec![format!(
        "{:.1} output tokens/s aggregate",
        s.throughput.output_tokens_per_s
    )];
    if let Some(t) = s.latency_ms.ttft {
        parts.push(format!("TTFT p50 {} ms", sig(t.p50)));
    }
    let mut setup = Vec::new();
    if let Some(model) = &m.run.model {
        setup.push(format!("for {model}"));
    }
    if let Some(first) = m.gpu.devices.first() {
        setup.push(format!(
            "on {}x {}",
            m.gpu.devices.len(),
            first.catalog_id.to_ascii_uppercase().replace('-', " ")
        ));
    }
    match &m.run.load {
        Some(LoadMode::Concurrency { concurrency }) => {
            setup.push(format!("concurrency {concurrency}"))
        }
        Some(LoadMode::Rate { requests_per_s, .. }) => {
            setup.push(format!("at {} QPS", sig(*requests_per_s)))
        }
        None => {}
    }
    setup.push(format!(
        "ISL/OSL {:.0}/{:.0}",
        s.prompt_tokens as f64 / done,
        s.output_tokens as f64 / done
    ));
    if let Some(rt) = &m.run.runtime {
        setup.push(format!("under {rt}"));
    }
    Some(format!(
        "{} {} (measured by {}).",
        parts.join(", "),
        setup.join(", "),
        m.run.tool
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measurement::{GpuDevice, RunInfo};

    #[test]
    fn a_measurement_reads_back_as_a_fully_stated_claim() {
        let mut m = Measurement::new(RunInfo {
            tool: "benchfit".into(),
            model: Some("neuralmagic/Meta-Llama-3-70B-Instruct-FP8".into()),
            runtime: Some("vllm".into()),
            load: Some(LoadMode::Concurrency { concurrency: 16 }),
            ..Default::default()
        });
        m.summary.throughput.output_tokens_per_s = 812.5;
        m.summary.requests.completed = 100;
        m.summary.prompt_tokens = 180_000;
        m.summary.output_tokens = 40_000;
        m.gpu.devices.push(GpuDevice {
            index: 0,
            name: "NVIDIA H100 80GB HBM3".into(),
            catalog_id: "h100-sxm".into(),
            memory_total_mib: 81_559.0,
        });
        let text = as_claim(&m).unwrap();
        let c = crate::claim::read(&text);
        assert_eq!(c.headline().unwrap().value, 812.5);
        assert_eq!(c.model.unwrap().value, "llama-3-70b");
        assert_eq!(c.gpu.unwrap().value, "h100-sxm");
        assert_eq!(c.gpu_count.unwrap().value, 1);
        assert_eq!(c.concurrency.unwrap().value, 16);
        assert_eq!(
            (
                c.prompt_tokens.unwrap().value,
                c.output_tokens.unwrap().value
            ),
            (1800, 400)
        );
        assert_eq!(c.weight_dtype.unwrap().value, "fp8");
        assert_eq!(c.runtime.unwrap().value, "vllm");
        // A run that measured nothing gives no claim.
        m.summary.requests.completed = 0;
        assert!(as_claim(&m).is_none());
    }
}
