//! The traffic and deployment form.

use super::fields::{NumberField, Options, PickerField, SelectField};
use crate::state::{use_app_state, Field};
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

/// The form: traffic, latency targets, deployment and price.
#[component]
pub(crate) fn Inputs() -> Html {
    let state = use_app_state();
    let f = &state.form;
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
        catalog::RUNTIMES.iter().map(|r| (r.id, r.name.to_string())),
    );
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
                <NumberField id="pin" label="Prompt tokens" unit="tokens" field={Field::PromptTokens} />
                <NumberField id="pout" label="Output tokens" unit="tokens" field={Field::OutputTokens} />
                <NumberField id="psd" label="Prompt spread (sd)" unit="tokens" field={Field::PromptSd} placeholder="fixed" />
                <NumberField id="osd" label="Output spread (sd)" unit="tokens" field={Field::OutputSd} placeholder="fixed" />
                <NumberField id="prefix" label="Shared prefix" unit="tokens" field={Field::PrefixTokens} placeholder="none" />
                <NumberField id="pool" label="Distinct prompts re-sent" unit="prompts" field={Field::PromptPool} placeholder="all new" />
                <SelectField id="mode" label="Load" field={Field::Mode} options={modes} />
                if rate_mode {
                    <NumberField id="rate" label="Request rate" unit="req/s" field={Field::Rate} />
                    <SelectField id="arrival" label="Arrivals" field={Field::Arrival} options={arrivals} />
                    if f.arrival == "gamma" {
                        <NumberField id="burst" label="Burstiness" unit="1 = Poisson" field={Field::Burstiness} />
                    }
                } else {
                    <NumberField id="conc" label="Concurrency" unit="requests in flight" field={Field::Concurrency} />
                }
                <NumberField id="busy" label="Busy hours" unit="h/day" field={Field::BusyHours} />
                <NumberField id="sttft" label="TTFT SLO (p95)" unit="ms" field={Field::SloTtft} placeholder="none" />
                <NumberField id="stpot" label="TPOT SLO (p95)" unit="ms" field={Field::SloTpot} placeholder="none" />
                <PickerField id="model" label="Model" field={Field::Model} options={models} placeholder="as in the claim" />
                <PickerField id="gpu" label="GPU" field={Field::Gpu} options={gpus} placeholder="as in the claim" />
                <NumberField id="ngpu" label="GPUs" unit="GPUs" field={Field::Gpus} placeholder="as in the claim" />
                <SelectField id="weights" label="Weights" field={Field::Weights} options={weights} />
                <SelectField id="kv" label="KV cache" field={Field::KvDtype} options={kvs} />
                <SelectField id="runtime" label="Runtime" field={Field::Runtime} options={runtimes} />
                <SelectField id="tier" label="Price preset" field={Field::PriceTier} options={tiers} />
                <NumberField id="price" label="Price" unit="USD/GPU-h" field={Field::Price} placeholder={price_placeholder} />
            </div>
            if f.price.trim().is_empty() {
                if let Some(p) = preset { <p class="muted small" id="price-source">{ format!("Default price: ${:.2}/GPU-hour — {}", p.0, p.1) }</p> }
            }
        </section>
    }
}
