//! Geometry of the plan chart: $ per 1M output tokens (y) against TPOT at the operating point (x)
//! for every row that serves the traffic, the Pareto front (no other row is both cheaper and
//! faster) and the TPOT SLO line. SVG user units, origin top-left, y down.

use super::Plan;
use serde::Serialize;

/// One candidate's point.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlanPoint {
    /// Index into [`Plan::candidates`].
    pub index: usize,
    /// Rank.
    pub rank: u32,
    /// x in plot units.
    pub x: f64,
    /// y in plot units.
    pub y: f64,
    /// TPOT at the operating point, ms.
    pub tpot_ms: f64,
    /// USD per 1M output tokens.
    pub usd_per_million_output: f64,
    /// On the Pareto front.
    pub on_front: bool,
    /// `1 × H100 SXM 80GB (TP 1), fp8 / kv bf16`.
    pub label: String,
}

/// An axis tick.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Tick {
    /// Position along the axis, plot units.
    pub at: f64,
    /// Text.
    pub label: String,
}

/// The chart's geometry.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlanChart {
    /// Points, in rank order.
    pub points: Vec<PlanPoint>,
    /// The Pareto front as a staircase polyline from the fastest to the cheapest point.
    pub front: Vec<(f64, f64)>,
    /// x of the TPOT SLO line, when a TPOT SLO is set and inside the axis.
    pub slo_x: Option<f64>,
    /// x-axis ticks (ms).
    pub x_ticks: Vec<Tick>,
    /// y-axis ticks (USD per 1M output tokens).
    pub y_ticks: Vec<Tick>,
}

fn nice_step(span: f64) -> f64 {
    let raw = span / 4.0;
    let mag = 10f64.powf(raw.log10().floor());
    let r = raw / mag;
    mag * if r <= 1.0 {
        1.0
    } else if r <= 2.0 {
        2.0
    } else if r <= 5.0 {
        5.0
    } else {
        10.0
    }
}

fn ticks(max: f64, len: f64, flip: bool, fmt: impl Fn(f64) -> String) -> Vec<Tick> {
    let step = nice_step(max);
    let mut out = Vec::new();
    let mut v = 0.0;
    while v <= max * (1.0 + 1e-9) {
        let at = v / max * len;
        out.push(Tick {
            at: if flip { len - at } else { at },
            label: fmt(v),
        });
        v += step;
    }
    out
}

/// Indices of the rows on the Pareto front of `(x, y)` pairs, both minimised: a row is on the
/// front when no other row is at least as good in both and better in one.
pub fn pareto_front(xy: &[(f64, f64)]) -> Vec<usize> {
    (0..xy.len())
        .filter(|&i| {
            let (xi, yi) = xy[i];
            !xy.iter()
                .any(|&(x, y)| x <= xi && y <= yi && (x < xi || y < yi))
        })
        .collect()
}

/// Lays the chart out in a `width` × `height` plot area. Axes start at 0 and end at the largest
/// value (and the SLO) plus 10%.
pub fn plan_chart(plan: &Plan, width: f64, height: f64) -> PlanChart {
    let rows: Vec<(usize, u32, f64, f64, String)> = plan
        .candidates
        .iter()
        .enumerate()
        .filter_map(|(i, c)| {
            let tpot = c.latency_ms_at_operating_point?.tpot;
            let usd = c.cost?.fleet.per_million_output_tokens_usd;
            let rank = c.rank?;
            (tpot.is_finite() && usd.is_finite()).then(|| {
                (
                    i,
                    rank,
                    tpot,
                    usd,
                    format!("{}, {} / kv {}", c.label(), c.weights, c.kv_dtype),
                )
            })
        })
        .collect();
    let slo = plan.slo.tpot_ms;
    let x_max = rows.iter().map(|r| r.2).chain(slo).fold(0.0_f64, f64::max) * 1.1;
    let y_max = rows.iter().map(|r| r.3).fold(0.0_f64, f64::max) * 1.1;
    if !(x_max > 0.0 && y_max > 0.0) {
        return PlanChart {
            points: vec![],
            front: vec![],
            slo_x: None,
            x_ticks: vec![],
            y_ticks: vec![],
        };
    }
    let sx = |v: f64| v / x_max * width;
    let sy = |v: f64| height - v / y_max * height;
    let xy: Vec<(f64, f64)> = rows.iter().map(|r| (r.2, r.3)).collect();
    let front = pareto_front(&xy);
    let points: Vec<PlanPoint> = rows
        .iter()
        .enumerate()
        .map(|(k, r)| PlanPoint {
            index: r.0,
            rank: r.1,
            x: sx(r.2),
            y: sy(r.3),
            tpot_ms: r.2,
            usd_per_million_output: r.3,
            on_front: front.contains(&k),
            label: r.4.clone(),
        })
        .collect();
    // Staircase through the front, fastest (smallest x) first.
    let mut f: Vec<(f64, f64)> = front.iter().map(|&k| xy[k]).collect();
    let order = crate::stats::stable_order(f.len(), &|a, b| {
        f[a].0.total_cmp(&f[b].0).then(f[b].1.total_cmp(&f[a].1))
    });
    crate::stats::apply_order(&mut f, &order);
    let mut line = Vec::new();
    for (j, &(x, y)) in f.iter().enumerate() {
        if j > 0 {
            line.push((sx(x), sy(f[j - 1].1)));
        }
        line.push((sx(x), sy(y)));
    }
    PlanChart {
        points,
        front: line,
        slo_x: slo.map(sx),
        x_ticks: ticks(x_max, width, false, |v| format!("{v:.0}")),
        y_ticks: ticks(y_max, height, true, crate::format::sig),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pareto_front_by_hand() {
        // (10 ms, $5) and (30 ms, $2) are each best at something; (20 ms, $6) is beaten by the
        // first in both; (30 ms, $3) by the second; (40 ms, $1) is the cheapest.
        let xy = [
            (10.0, 5.0),
            (20.0, 6.0),
            (30.0, 2.0),
            (30.0, 3.0),
            (40.0, 1.0),
        ];
        assert_eq!(pareto_front(&xy), vec![0, 2, 4]);
        // Duplicates are both on the front (neither is strictly better).
        assert_eq!(pareto_front(&[(1.0, 1.0), (1.0, 1.0)]), vec![0, 1]);
    }

    #[test]
    fn nice_steps() {
        assert_eq!(nice_step(44.0), 20.0);
        assert_eq!(nice_step(4.0), 1.0);
        assert_eq!(nice_step(0.33), 0.1);
    }
}
