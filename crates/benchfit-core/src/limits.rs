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
