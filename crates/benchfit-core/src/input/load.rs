//! How traffic is offered: closed loop (concurrency) or open loop (a rate and an arrival
//! process), the simulator's arrivals (those two plus a trace), and the arrival-time generator
//! that both the simulator and `benchfit measure` can draw from.

use rand::Rng;
use rand_distr::{Distribution, Exp, Gamma};
use serde::{Deserialize, Serialize};

/// Open-loop arrival process.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum Arrival {
    /// Evenly spaced.
    Constant,
    /// Poisson (exponential gaps).
    Poisson,
    /// Gamma gaps with a burstiness factor (1 = Poisson).
    Gamma,
}

impl Arrival {
    /// Every arrival process, in the order the page lists them.
    pub const ALL: [Arrival; 3] = [Arrival::Constant, Arrival::Poisson, Arrival::Gamma];

    /// Its word in URLs, CLI values and JSON (`constant`, `poisson`, `gamma`).
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Arrival::Constant => "constant",
            Arrival::Poisson => "poisson",
            Arrival::Gamma => "gamma",
        }
    }

    /// The arrival process of a word ([`Arrival::word`]).
    #[must_use]
    pub fn from_word(word: &str) -> Option<Arrival> {
        Arrival::ALL.into_iter().find(|a| a.word() == word)
    }
}

/// How load is offered.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(tag = "mode", rename_all = "snake_case")]
pub enum Load {
    /// Closed loop: this many requests in flight.
    Concurrency {
        /// Requests in flight.
        concurrency: u32,
    },
    /// Open loop at a request rate.
    Rate {
        /// Requests per second.
        requests_per_s: f64,
        /// Arrival process.
        arrival: Arrival,
        /// Gamma burstiness (1 = Poisson).
        burstiness: f64,
    },
}

/// How requests arrive.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(tag = "mode", rename_all = "snake_case")]
pub enum Arrivals {
    /// Closed loop: this many requests in flight; each completion sends the next at once.
    Closed {
        /// Requests in flight.
        concurrency: u32,
    },
    /// Open loop at a mean rate.
    Open {
        /// Mean requests per second.
        requests_per_s: f64,
        /// Gap distribution.
        arrival: Arrival,
        /// Gamma shape (vLLM `--burstiness`: 1 = Poisson, below 1 burstier).
        burstiness: f64,
    },
    /// Replay: (time, prompt tokens, output tokens) rows.
    Trace {
        /// The rows (any order; sorted by time).
        rows: Vec<TraceRow>,
    },
}

/// One request of a trace.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct TraceRow {
    /// Arrival time, seconds from the start.
    pub time_s: f64,
    /// Prompt tokens.
    pub prompt_tokens: u32,
    /// Output tokens.
    pub output_tokens: u32,
}

impl Arrivals {
    /// How many of the simulated replica's rates the deployment completes when `load` is
    /// spread over `replicas` engines by [`Arrivals::per_replica`]: an open loop's rate is
    /// divided, so all `replicas`; a closed loop of C runs ⌈C / replicas⌉ on the simulated one,
    /// so C / ⌈C / replicas⌉ of it (8 requests on 64 replicas: 8 replicas' worth, not 64).
    pub fn replica_scale(load: Load, replicas: u32) -> f64 {
        match load {
            Load::Concurrency { concurrency } => {
                let c = concurrency.max(1);
                c as f64 / c.div_ceil(replicas.max(1)) as f64
            }
            Load::Rate { .. } => replicas.max(1) as f64,
        }
    }

    /// One replica's share of `load` spread evenly over `replicas` engines: closed-loop
    /// concurrency rounded up, open-loop rate divided.
    pub fn per_replica(load: Load, replicas: u32) -> Self {
        match load {
            Load::Concurrency { concurrency } => Arrivals::Closed {
                concurrency: concurrency.div_ceil(replicas),
            },
            Load::Rate {
                requests_per_s,
                arrival,
                burstiness,
            } => Arrivals::Open {
                requests_per_s: requests_per_s / replicas as f64,
                arrival,
                burstiness,
            },
        }
    }
}

impl From<Load> for Arrivals {
    fn from(load: Load) -> Self {
        Arrivals::per_replica(load, 1)
    }
}

/// Arrival times, seconds from the first request (which arrives at 0), of `n` open-loop requests
/// at a mean of `requests_per_s` with the gaps of `arrival`. Gamma gaps follow vLLM
/// `benchmark_serving`: shape = `burstiness`, scale = 1 / (rate × burstiness), so the mean gap is
/// 1 / rate for any burstiness. The rate is floored at 1e-9 /s and burstiness at 1e-3.
pub fn arrival_times<R: Rng + ?Sized>(
    arrival: Arrival,
    requests_per_s: f64,
    burstiness: f64,
    rng: &mut R,
    n: usize,
) -> Vec<f64> {
    let rate = requests_per_s.max(1e-9);
    let mut t = 0.0;
    let mut out = Vec::with_capacity(n);
    let exp = Exp::new(rate).ok();
    // vLLM benchmark_serving: gamma(shape = burstiness, scale = 1 / (rate × burstiness)).
    let gamma = Gamma::new(burstiness.max(1e-3), 1.0 / (rate * burstiness.max(1e-3))).ok();
    for i in 0..n {
        if i > 0 {
            t += match (arrival, &exp, &gamma) {
                (Arrival::Constant, _, _) => 1.0 / rate,
                (Arrival::Poisson, Some(e), _) => e.sample(rng),
                (Arrival::Gamma, _, Some(g)) => g.sample(rng),
                _ => 1.0 / rate,
            };
        }
        out.push(t);
    }
    out
}
