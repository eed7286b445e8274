//! The plan's own inputs beside a [`Scenario`], for the page and the JS package, and their URL
//! keys (DESIGN §5.4: one scenario = one URL; the plan rides in the same URL).
//!
//! Keys: `prate` requests/s, or `pusers` users with `prpm` requests per user per minute and
//! `ppeak` peak factor; `pttft` / `ptpot` / `pe2e` SLOs in ms (`none` for no target); `ppct`
//! percentile (95 or 99); `pgpus` comma-separated GPU ids; `pmaxg` most GPUs per replica;
//! `phead` headroom %; `pprice` `GPU:USD` (repeatable); `ptier` `on_demand` or `committed`
//! (default: the scenario's `tier`). Missing keys keep the defaults; bad values
//! are reported and replaced by them.

use super::{
    Percentile, PlanError, PlanField, PlanInput, PriceOverride, Traffic, DEFAULT_CONFIRM_TOP,
    DEFAULT_MAX_CONTENDERS, DEFAULT_SIM_REQUESTS, DEFAULT_SLO, GPUS_PER_REPLICA,
};
use crate::catalog::{self, PriceTier};
use crate::input::{Load, Scenario, Slo, UrlIssue};
use serde::{Deserialize, Serialize};

/// A plan's inputs beside the scenario; every field has a default.
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PlanOptions {
    /// The traffic (default: the scenario's rate when it has one, else 10 req/s).
    pub traffic: Option<Traffic>,
    /// SLOs (default: the scenario's when it sets any, else [`DEFAULT_SLO`]).
    pub slo: Option<Slo>,
    /// Percentile.
    pub percentile: Percentile,
    /// GPU ids (empty: the catalog).
    pub gpus: Vec<String>,
    /// Most GPUs per replica.
    pub max_gpus_per_replica: u32,
    /// Headroom, %.
    pub headroom_pct: f64,
    /// Prices the user set.
    pub prices: Vec<PriceOverride>,
    /// Preset price tier (default: the scenario's).
    pub tier: Option<PriceTier>,
    /// Requests per simulated probe.
    pub sim_requests: u32,
    /// Contenders simulated at most.
    pub max_contenders: u32,
    /// Cheapest rows to confirm by simulation.
    pub confirm_top: u32,
}

/// The rate a plan serves when neither the options nor the scenario give one, requests/s.
pub const DEFAULT_PLAN_RATE: f64 = 10.0;

impl Default for PlanOptions {
    fn default() -> Self {
        PlanOptions {
            traffic: None,
            slo: None,
            percentile: Percentile::P95,
            gpus: vec![],
            max_gpus_per_replica: 8,
            headroom_pct: 0.0,
            prices: vec![],
            tier: None,
            sim_requests: DEFAULT_SIM_REQUESTS,
            max_contenders: DEFAULT_MAX_CONTENDERS,
            confirm_top: DEFAULT_CONFIRM_TOP,
        }
    }
}

impl PlanOptions {
    /// The traffic in use for `s`.
    pub fn traffic_for(&self, s: &Scenario) -> Traffic {
        self.traffic.unwrap_or(match s.load {
            Load::Rate { requests_per_s, .. } => Traffic::Rate { requests_per_s },
            Load::Concurrency { .. } => Traffic::Rate {
                requests_per_s: DEFAULT_PLAN_RATE,
            },
        })
    }

    /// The SLOs in use for `s`.
    pub fn slo_for(&self, s: &Scenario) -> Slo {
        self.slo.unwrap_or(
            if s.slo.ttft_ms.is_some() || s.slo.tpot_ms.is_some() || s.slo.e2e_ms.is_some() {
                s.slo
            } else {
                DEFAULT_SLO
            },
        )
    }

    /// The full plan input for a scenario.
    pub fn input(&self, s: &Scenario) -> PlanInput {
        let mut scenario = s.clone();
        if let Some(t) = self.tier {
            scenario.price_tier = t;
        }
        PlanInput {
            scenario,
            traffic: self.traffic_for(s),
            slo: self.slo_for(s),
            percentile: self.percentile,
            gpus: self.gpus.clone(),
            max_gpus_per_replica: self.max_gpus_per_replica,
            headroom_pct: self.headroom_pct,
            prices: self.prices.clone(),
            sim_requests: self.sim_requests,
            max_contenders: self.max_contenders,
            confirm_top: self.confirm_top,
        }
    }

    /// The plan for a scenario, to the end.
    ///
    /// # Errors
    /// As [`super::plan`].
    pub fn plan(&self, s: &Scenario) -> Result<super::Plan, PlanError> {
        super::plan(&self.input(s))
    }

    /// `(key, value)` pairs for the URL, only where they differ from the defaults.
    pub fn to_pairs(&self) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        match self.traffic {
            Some(Traffic::Rate { requests_per_s }) => {
                out.push(("prate", requests_per_s.to_string()))
            }
            Some(Traffic::Users {
                users,
                requests_per_user_per_min,
                peak_factor,
            }) => {
                out.push(("pusers", users.to_string()));
                out.push(("prpm", requests_per_user_per_min.to_string()));
                out.push(("ppeak", peak_factor.to_string()));
            }
            None => {}
        }
        if let Some(slo) = self.slo {
            for (k, v) in [
                ("pttft", slo.ttft_ms),
                ("ptpot", slo.tpot_ms),
                ("pe2e", slo.e2e_ms),
            ] {
                out.push((k, v.map_or("none".into(), |v| v.to_string())));
            }
        }
        if self.percentile == Percentile::P99 {
            out.push(("ppct", "99".into()));
        }
        if !self.gpus.is_empty() {
            out.push(("pgpus", self.gpus.join(",")));
        }
        if self.max_gpus_per_replica != 8 {
            out.push(("pmaxg", self.max_gpus_per_replica.to_string()));
        }
        if self.headroom_pct != 0.0 {
            out.push(("phead", self.headroom_pct.to_string()));
        }
        for p in &self.prices {
            out.push(("pprice", format!("{}:{}", p.gpu, p.usd_per_gpu_hour)));
        }
        match self.tier {
            Some(PriceTier::OnDemand) => out.push(("ptier", "on_demand".into())),
            Some(PriceTier::Committed) => out.push(("ptier", "committed".into())),
            None => {}
        }
        out
    }

    /// Reads the plan keys of a query string (others are ignored). Never fails: bad values are
    /// listed and replaced by the defaults. Numbers are checked against their
    /// [`PlanField::range`], the same range the plan's validation uses.
    #[must_use]
    pub fn from_query(query: &str) -> (PlanOptions, Vec<UrlIssue>) {
        let query = query.strip_prefix('?').unwrap_or(query);
        let mut r = QueryReader::default();
        for (k, raw) in form_urlencoded::parse(query.as_bytes()) {
            let v = raw.trim();
            if let Err(reason) = r.read(&k, v) {
                r.issues.push(UrlIssue {
                    key: k.to_string(),
                    value: v.chars().take(80).collect(),
                    reason: reason.into(),
                });
            }
        }
        r.finish()
    }
}

/// The state of [`PlanOptions::from_query`] between keys: the options so far, the traffic's
/// parts (combined at the end) and the issues.
#[derive(Default)]
struct QueryReader {
    o: PlanOptions,
    rate: Option<f64>,
    users: Option<f64>,
    rpm: Option<f64>,
    peak: Option<f64>,
    slo: Option<Slo>,
    issues: Vec<UrlIssue>,
}

impl QueryReader {
    /// Reads one pair; `Err` with what the value must be. Unknown keys are ignored.
    fn read(&mut self, key: &str, v: &str) -> Result<(), &'static str> {
        use PlanField as P;
        let number = |f: PlanField| number(f, v);
        match key {
            "prate" => self.rate = Some(number(P::Rate)?),
            "pusers" => self.users = Some(number(P::Users)?),
            "prpm" => self.rpm = Some(number(P::RequestsPerUserPerMin)?),
            "ppeak" => self.peak = Some(number(P::PeakFactor)?),
            "pttft" | "ptpot" | "pe2e" => self.read_slo(key, v)?,
            "ppct" => {
                self.o.percentile = match v {
                    "95" => Percentile::P95,
                    "99" => Percentile::P99,
                    _ => return Err("must be 95 or 99"),
                }
            }
            "pgpus" => self.o.gpus = gpu_ids(v)?,
            "pmaxg" => {
                self.o.max_gpus_per_replica = v
                    .parse()
                    .ok()
                    .filter(|n| GPUS_PER_REPLICA.contains(n))
                    .ok_or("must be 1, 2, 4 or 8")?
            }
            "phead" => self.o.headroom_pct = number(P::Headroom)?,
            "ptier" => {
                self.o.tier = Some(match v {
                    "on_demand" => PriceTier::OnDemand,
                    "committed" => PriceTier::Committed,
                    _ => return Err("must be on_demand or committed"),
                })
            }
            "pprice" => self.o.prices.push(price_override(v)?),
            _ => {}
        }
        Ok(())
    }

    /// Reads one SLO target (`pttft`, `ptpot`, `pe2e`): milliseconds, or `none`.
    fn read_slo(&mut self, key: &str, v: &str) -> Result<(), &'static str> {
        use PlanField as P;
        let f = match key {
            "pttft" => P::SloTtft,
            "ptpot" => P::SloTpot,
            _ => P::SloE2e,
        };
        let target = if v == "none" {
            None
        } else {
            Some(number(f, v).map_err(|_| {
                "must be a number of milliseconds from 0.001 to 1,000,000,000, or none"
            })?)
        };
        let s = self.slo.get_or_insert(Slo::default());
        match f {
            P::SloTtft => s.ttft_ms = target,
            P::SloTpot => s.tpot_ms = target,
            _ => s.e2e_ms = target,
        }
        Ok(())
    }

    /// The options, with the traffic from a rate, or users × requests per user (× peak).
    fn finish(mut self) -> (PlanOptions, Vec<UrlIssue>) {
        self.o.slo = self.slo;
        self.o.traffic = match (self.rate, self.users, self.rpm) {
            (Some(r), _, _) => Some(Traffic::Rate { requests_per_s: r }),
            (None, Some(u), Some(m)) => Some(Traffic::Users {
                users: u,
                requests_per_user_per_min: m,
                peak_factor: self.peak.unwrap_or(1.0),
            }),
            (None, Some(_), None) => {
                self.issues.push(UrlIssue {
                    key: "prpm".into(),
                    value: String::new(),
                    reason: "is needed with pusers".into(),
                });
                None
            }
            _ => None,
        };
        (self.o, self.issues)
    }
}

/// A plain number in the field's range; the error is the range's sentence.
fn number(f: PlanField, v: &str) -> Result<f64, &'static str> {
    v.parse::<f64>()
        .ok()
        .and_then(|x| f.check(x).ok())
        .ok_or_else(|| f.range().map_or("must be a number", |r| r.2))
}

/// Comma-separated catalog GPU ids (`pgpus`), lower-cased.
fn gpu_ids(v: &str) -> Result<Vec<String>, &'static str> {
    let ids: Vec<String> = v
        .split(',')
        .map(|s| s.trim().to_ascii_lowercase())
        .filter(|s| !s.is_empty())
        .collect();
    if !ids.iter().all(|id| !catalog::gpu_variants(id).is_empty()) {
        return Err("must be comma-separated catalog GPU ids");
    }
    Ok(ids)
}

/// One `pprice` value: `GPU:USD per GPU-hour`.
fn price_override(v: &str) -> Result<PriceOverride, &'static str> {
    v.split_once(':')
        .and_then(|(g, p)| {
            let g = g.trim().to_ascii_lowercase();
            let p = PlanField::PriceFor
                .check(p.trim().parse::<f64>().ok()?)
                .ok()?;
            (!catalog::gpu_variants(&g).is_empty()).then_some(PriceOverride {
                gpu: g,
                usd_per_gpu_hour: p,
            })
        })
        .ok_or("must be GPU:USD per GPU-hour (a catalog GPU id, 0 to 1,000)")
}

/// The URL keys of [`PlanOptions`].
pub const PLAN_KEYS: [&str; 13] = [
    "prate", "pusers", "prpm", "ppeak", "pttft", "ptpot", "pe2e", "ppct", "pgpus", "pmaxg",
    "phead", "pprice", "ptier",
];

/// `k=v&…`, form-encoded.
pub fn encode_pairs<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> String {
    let mut q = form_urlencoded::Serializer::new(String::new());
    for (k, v) in pairs {
        q.append_pair(k, v);
    }
    q.finish()
}

/// A query string (with or without `?`) without the plan's keys, then `plan` appended: how the
/// page puts the plan into an address that already carries the scenario.
pub fn with_plan_query(query: &str, plan: &str) -> String {
    let query = query.strip_prefix('?').unwrap_or(query);
    let kept: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes())
        .filter(|(k, _)| !PLAN_KEYS.contains(&k.as_ref()))
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    let mut q = encode_pairs(kept.iter().map(|(k, v)| (k.as_str(), v.as_str())));
    if !plan.is_empty() {
        if !q.is_empty() {
            q.push('&');
        }
        q.push_str(plan);
    }
    q
}

impl PlanOptions {
    /// The URL keys of these options (only where they differ from the defaults), form-encoded.
    #[must_use]
    pub fn to_query(&self) -> String {
        let pairs = self.to_pairs();
        encode_pairs(pairs.iter().map(|(k, v)| (*k, v.as_str())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        let o = PlanOptions {
            traffic: Some(Traffic::Users {
                users: 1000.0,
                requests_per_user_per_min: 2.5,
                peak_factor: 1.5,
            }),
            slo: Some(Slo {
                ttft_ms: Some(300.0),
                tpot_ms: None,
                e2e_ms: Some(9000.0),
            }),
            percentile: Percentile::P99,
            gpus: vec!["h100-sxm".into(), "mi300x".into()],
            max_gpus_per_replica: 4,
            headroom_pct: 20.0,
            prices: vec![PriceOverride {
                gpu: "h200".into(),
                usd_per_gpu_hour: 3.1,
            }],
            tier: Some(PriceTier::Committed),
            ..PlanOptions::default()
        };
        let q = o.to_query();
        let (back, issues) = PlanOptions::from_query(&format!("v=1&c=8&{q}"));
        assert!(issues.is_empty(), "{issues:?}");
        assert_eq!(back, o);
        // Defaults write nothing.
        assert!(PlanOptions::default().to_pairs().is_empty());
    }

    #[test]
    fn the_plan_replaces_its_own_keys_only() {
        assert_eq!(
            with_plan_query("?v=1&c=8&prate=3&b=a%26b&pgpus=h200", "prate=5"),
            "v=1&c=8&b=a%26b&prate=5"
        );
        assert_eq!(with_plan_query("", "prate=5"), "prate=5");
        assert_eq!(with_plan_query("v=1&ptier=committed", ""), "v=1");
        // Every key the decoder reads is one the page replaces.
        let all = PlanOptions {
            traffic: Some(Traffic::Rate {
                requests_per_s: 1.0,
            }),
            slo: Some(Slo::default()),
            percentile: Percentile::P99,
            gpus: vec!["l4".into()],
            max_gpus_per_replica: 2,
            headroom_pct: 1.0,
            prices: vec![PriceOverride {
                gpu: "l4".into(),
                usd_per_gpu_hour: 1.0,
            }],
            tier: Some(PriceTier::Committed),
            ..PlanOptions::default()
        };
        for (k, _) in all.to_pairs() {
            assert!(PLAN_KEYS.contains(&k), "{k}");
        }
    }

    #[test]
    fn bad_values_are_reported_and_defaulted() {
        let (o, issues) =
            PlanOptions::from_query("prate=-1&pmaxg=3&pgpus=tpu&pprice=h100:abc&ppct=50&ptpot=NaN");
        assert_eq!(o, PlanOptions::default());
        let keys: Vec<&str> = issues.iter().map(|i| i.key.as_str()).collect();
        assert_eq!(keys, ["prate", "pmaxg", "pgpus", "pprice", "ppct", "ptpot"]);
    }

    #[test]
    fn defaults_follow_the_scenario() {
        let mut s = Scenario::worked_example();
        let o = PlanOptions::default();
        // Closed loop: 10 req/s; no SLO on the scenario: the plan's defaults.
        assert_eq!(o.traffic_for(&s).requests_per_s(), DEFAULT_PLAN_RATE);
        assert_eq!(o.slo_for(&s), DEFAULT_SLO);
        s.load = Load::Rate {
            requests_per_s: 3.0,
            arrival: crate::input::Arrival::Gamma,
            burstiness: 0.5,
        };
        s.slo.tpot_ms = Some(25.0);
        assert_eq!(o.traffic_for(&s).requests_per_s(), 3.0);
        assert_eq!(o.slo_for(&s).tpot_ms, Some(25.0));
        assert_eq!(o.slo_for(&s).ttft_ms, None);
    }
}
