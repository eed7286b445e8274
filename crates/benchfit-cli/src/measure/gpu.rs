//! GPU telemetry through NVML (nvml-wrapper loads `libnvidia-ml` at run time, so the binary
//! builds and runs on machines without NVIDIA drivers: there, one line says so).

use benchfit_core::measurement::{gpu_catalog_id, GpuDevice, GpuSample, GpuTelemetry};
use nvml_wrapper::enum_wrappers::device::{Clock, TemperatureSensor};
use nvml_wrapper::Nvml;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// NVML, opened, with its devices listed; or the one-line reason it is not available.
pub fn open() -> Result<(Nvml, Vec<GpuDevice>), String> {
    let nvml =
        Nvml::init().map_err(|e| format!("no GPU telemetry: NVML is not available ({e})"))?;
    let count = nvml
        .device_count()
        .map_err(|e| format!("no GPU telemetry: NVML could not count devices ({e})"))?;
    if count == 0 {
        return Err("no GPU telemetry: NVML found no GPU".into());
    }
    let mut devices = Vec::new();
    for index in 0..count {
        let Ok(d) = nvml.device_by_index(index) else {
            continue;
        };
        let name = d.name().unwrap_or_else(|_| "unknown".into());
        let memory_total_mib = d
            .memory_info()
            .map(|m| m.total as f64 / 1_048_576.0)
            .unwrap_or(0.0);
        devices.push(GpuDevice {
            index,
            catalog_id: gpu_catalog_id(&name, memory_total_mib),
            name,
            memory_total_mib,
        });
    }
    Ok((nvml, devices))
}

/// One sample of every device; a value NVML does not give is None.
pub fn sample(nvml: &Nvml, devices: &[GpuDevice], t_ms: f64) -> Vec<GpuSample> {
    devices
        .iter()
        .filter_map(|dev| {
            let d = nvml.device_by_index(dev.index).ok()?;
            Some(GpuSample {
                t_ms,
                index: dev.index,
                utilization_pct: d.utilization_rates().ok().map(|u| f64::from(u.gpu)),
                memory_used_mib: d.memory_info().ok().map(|m| m.used as f64 / 1_048_576.0),
                power_w: d.power_usage().ok().map(|mw| f64::from(mw) / 1000.0),
                sm_clock_mhz: d.clock_info(Clock::SM).ok().map(f64::from),
                temperature_c: d.temperature(TemperatureSensor::Gpu).ok().map(f64::from),
            })
        })
        .collect()
}

/// Samples every `every` on a thread of its own (NVML calls block) until `stop` is set;
/// times are ms after `start`. Returns at once, with the note, when NVML is not available.
pub fn spawn_sampler(
    start: Instant,
    every: Duration,
    stop: Arc<AtomicBool>,
) -> std::thread::JoinHandle<GpuTelemetry> {
    std::thread::spawn(move || {
        let (nvml, devices) = match open() {
            Ok(x) => x,
            Err(note) => {
                return GpuTelemetry {
                    available: false,
                    note: Some(note),
                    ..GpuTelemetry::default()
                }
            }
        };
        let mut samples = Vec::new();
        // Bounded: at most one sample per `every` for at most a day.
        let max_ticks = (86_400_000 / every.as_millis().max(1)) as usize;
        for _ in 0..max_ticks {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            samples.extend(sample(
                &nvml,
                &devices,
                start.elapsed().as_secs_f64() * 1000.0,
            ));
            std::thread::sleep(every);
        }
        GpuTelemetry {
            available: true,
            note: None,
            devices,
            samples,
        }
    })
}
