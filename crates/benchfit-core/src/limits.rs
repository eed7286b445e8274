//! Input ranges shared by the CLI, the URL decoder and the page.

/// Most GPUs in one deployment benchfit accepts (larger is not a real single deployment).
pub const MAX_GPUS: u32 = 4096;
/// Most tokens in a prompt or an output.
pub const MAX_TOKENS: u32 = 10_000_000;
/// Most concurrent requests.
pub const MAX_CONCURRENCY: u32 = 100_000;
/// Highest price per GPU-hour accepted, USD.
pub const MAX_PRICE_USD_PER_GPU_HOUR: f64 = 1000.0;
/// Most requests one simulation runs.
pub const MAX_REQUESTS: u32 = 100_000;
/// Lowest and highest open-loop request rate, requests/s (the URL decoder's range).
pub const MIN_RATE: f64 = 1e-6;
/// See [`MIN_RATE`].
pub const MAX_RATE: f64 = 1e6;
/// Lowest and highest gamma burstiness.
pub const MIN_BURSTINESS: f64 = 0.01;
/// See [`MIN_BURSTINESS`].
pub const MAX_BURSTINESS: f64 = 100.0;
/// Fewest busy hours a day (six minutes).
pub const MIN_BUSY_HOURS: f64 = 0.1;
/// Lowest and highest latency target, ms.
pub const MIN_SLO_MS: f64 = 0.001;
/// See [`MIN_SLO_MS`].
pub const MAX_SLO_MS: f64 = 1e9;
