//! The traffic and deployment form.

use super::fields::{number_field, picker_field, select_field, Options};
use crate::state::{Field, StateHandle};
use benchfit_core::catalog;
use yew::prelude::*;

/// An option list that starts with "" (= as in the claim) and then `(id, name)` pairs.
fn options<'a>(none: &'static str, items: impl Iterator<Item = (&'a str, String)>) -> Options {
    std::iter::once((AttrValue::Static(""), AttrValue::Static(none)))
        .chain(items.map(|(id, name)| (AttrValue::from(id.to_string()), name.into())))
        .collect()
}

/// Fixed choices (value, text).
fn fixed(items: &[(&'static str, &'static str)]) -> Options {
    items
        .iter()
        .map(|&(v, t)| (AttrValue::Static(v), AttrValue::Static(t)))
        .collect()
}

/// The catalog's option lists for the deployment pickers.
struct Choices {
    models: Options,
    gpus: Options,
    weights: Options,
    kvs: Options,
    runtimes: Options,
}

/// The models, GPUs (the ambiguous names first), weight and KV formats and runtimes, each list
/// led by "as in the claim" (or "as the benchmark used").
fn catalog_choices() -> Choices {
    let models = options(
        "as in the claim",
        catalog::MODELS.iter().map(|m| (m.id, m.name.to_string())),
    );
    let ambiguous = catalog::AMBIGUOUS_GPUS.iter().map(|(id, _)| {
        (
            *id,
            format!("{} (variant not said)", id.to_ascii_uppercase()),
        )
    });
    let gpus = options(
        "as in the claim",
        ambiguous.chain(catalog::GPUS.iter().map(|g| (g.id, g.name.to_string()))),
    );
    let weights = options(
        "as in the claim",
        catalog::DTYPES.iter().map(|d| (d.id, d.name.to_string())),
    );
    let kvs = options(
        "as the benchmark used",
        catalog::kv_dtypes().map(|d| (d.id, d.name.to_string())),
    );
    let runtimes = options(
        "as in the claim",
        catalog::runtime_choices().map(|r| (r.id, r.name.to_string())),
    );
    Choices {
        models,
        gpus,
        weights,
        kvs,
        runtimes,
    }
}

/// The form: traffic, latency targets, deployment and price.
pub(crate) fn inputs(state: &StateHandle) -> Html {
    let f = &state.form;
    let Choices {
        models,
        gpus,
        weights,
        kvs,
        runtimes,
    } = catalog_choices();
    let modes = fixed(&[
        ("concurrency", "concurrency (closed loop)"),
        ("rate", "request rate (open loop)"),
    ]);
    let arrivals = fixed(&[
        ("poisson", "Poisson"),
        ("constant", "constant"),
        ("gamma", "gamma (bursty)"),
    ]);
    let tiers = fixed(&[
        ("on_demand", "on-demand"),
        ("committed", "1-year commitment"),
    ]);
    // The preset price of the estimated GPU at the scenario's tier.
    let preset = state
        .result
        .as_ref()
        .and_then(|r| catalog::gpu(r.estimate.deployment.gpu))
        .map(|g| g.price.for_tier(state.scenario.price_tier));
    let price_placeholder = preset
        .as_ref()
        .map(|p| AttrValue::from(format!("{:.2} (preset)", p.0)))
        .unwrap_or_default();
    let rate_mode = f.mode == "rate";
    html! {
        <section class="card" aria-labelledby="traffic-h">
            <h2 id="traffic-h">{ "Your traffic and deployment" }</h2>
            <div class="grid">
                { number_field(state, "pin", "Prompt tokens", "tokens", Field::PromptTokens, AttrValue::default()) }
                { number_field(state, "pout", "Output tokens", "tokens", Field::OutputTokens, AttrValue::default()) }
                { number_field(state, "psd", "Prompt spread (sd)", "tokens", Field::PromptSd, AttrValue::Static("fixed")) }
                { number_field(state, "osd", "Output spread (sd)", "tokens", Field::OutputSd, AttrValue::Static("fixed")) }
                { number_field(state, "prefix", "Shared prefix", "tokens", Field::PrefixTokens, AttrValue::Static("none")) }
                { number_field(state, "pool", "Distinct prompts re-sent", "prompts", Field::PromptPool, AttrValue::Static("all new")) }
                { select_field(state, "mode", "Load", Field::Mode, &modes) }
                if rate_mode {
                    { number_field(state, "rate", "Request rate", "req/s", Field::Rate, AttrValue::default()) }
                    { select_field(state, "arrival", "Arrivals", Field::Arrival, &arrivals) }
                    if f.arrival == "gamma" {
                        { number_field(state, "burst", "Burstiness", "1 = Poisson", Field::Burstiness, AttrValue::default()) }
                    }
                } else {
                    { number_field(state, "conc", "Concurrency", "requests in flight", Field::Concurrency, AttrValue::default()) }
                }
                { number_field(state, "busy", "Busy hours", "h/day", Field::BusyHours, AttrValue::default()) }
                { number_field(state, "sttft", "TTFT SLO (p95)", "ms", Field::SloTtft, AttrValue::Static("none")) }
                { number_field(state, "stpot", "TPOT SLO (p95)", "ms", Field::SloTpot, AttrValue::Static("none")) }
                { picker_field(state, "model", "Model", Field::Model, &models, "as in the claim") }
                { picker_field(state, "gpu", "GPU", Field::Gpu, &gpus, "as in the claim") }
                { number_field(state, "ngpu", "GPUs", "GPUs", Field::Gpus, AttrValue::Static("as in the claim")) }
                { select_field(state, "weights", "Weights", Field::Weights, &weights) }
                { select_field(state, "kv", "KV cache", Field::KvDtype, &kvs) }
                { select_field(state, "runtime", "Runtime", Field::Runtime, &runtimes) }
                { select_field(state, "tier", "Price preset", Field::PriceTier, &tiers) }
                { number_field(state, "price", "Price", "USD/GPU-h", Field::Price, price_placeholder) }
            </div>
            if f.price.trim().is_empty() {
                if let Some(p) = preset { <p class="muted small" id="price-source">{ format!("Default price: ${:.2}/GPU-hour — {}", p.0, p.1) }</p> }
            }
        </section>
    }
}
