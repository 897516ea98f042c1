//! The page's trace charts, drawn by the core's one trace renderer (`chart::draw_trace`, which
//! also draws the CLI's and the learning-curve panel's cell trace): the compared or animated
//! rules' traces (`chart::rule_traces`) and `ε_g` against the examples added
//! (`chart::example_chart`).

use super::{argument, chart_area, js_error, to_js};
use crate::catalogue::Algorithm;
use crate::chart::{self, TraceChart};
use crate::trace::Trace;
use serde::Serialize;
use std::collections::BTreeMap;
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

/// Which of the rules' trace charts have something to show (the page hides the others).
#[derive(Serialize, tsify::Tsify)]
pub struct TracesDrawn {
    /// `κ(w(t))`: always (axes alone before the first step).
    pub kappa: bool,
    /// `M(t)` against `M*`: a traced rule of the convergence theorem.
    pub updates: bool,
    /// Pocket's errors: a traced pocket rule.
    pub errors: bool,
}

/// Draws `chart` (or clears the canvas for `None`) on `canvas`, sizes times `scale`.
fn draw_on(
    canvas: HtmlCanvasElement,
    chart: Option<&TraceChart>,
    scale: f64,
) -> Result<bool, JsError> {
    match chart {
        Some(c) => {
            chart::draw_trace(&chart_area(canvas)?, c, scale).map_err(js_error)?;
            Ok(true)
        }
        None => Ok(false),
    }
}

/// Draws the traces `traces` (`{name: Trace}`, as `Training.traces` and `Race.traces` give them)
/// of `rules`, in that order, on three canvases — `κ(w(t))` against the exact `kappaMax`, the
/// updates `M(t)` against the bound `updateBound`, the errors of a rule keeping its best answer
/// apart (its answer's and the current `w`'s) — sizes times `scale`; says
/// which charts it drew.
///
/// # Errors
/// Throws on an unknown rule name, a malformed trace or a drawing failure.
#[allow(clippy::too_many_arguments)] // three canvases and what they show
#[wasm_bindgen(js_name = drawRuleTraces, unchecked_return_type = "TracesDrawn")]
pub fn draw_rule_traces(
    kappa: HtmlCanvasElement,
    updates: HtmlCanvasElement,
    errors: HtmlCanvasElement,
    #[wasm_bindgen(unchecked_param_type = "Record<string, Trace>")] traces: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Algorithm[]")] rules: Vec<String>,
    kappa_max: Option<f64>,
    update_bound: Option<f64>,
    scale: f64,
) -> Result<JsValue, JsError> {
    let traces: BTreeMap<String, Trace> = argument(traces, "traces")?;
    let mut shown = vec![];
    for name in &rules {
        let algorithm = Algorithm::from_name(name)?;
        if let Some(trace) = traces.get(name) {
            shown.push((algorithm, trace));
        }
    }
    let charts = chart::rule_traces(&shown, kappa_max, update_bound);
    to_js(&TracesDrawn {
        kappa: draw_on(kappa, Some(&charts.kappa), scale)?,
        updates: draw_on(updates, charts.updates.as_ref(), scale)?,
        errors: draw_on(errors, charts.errors.as_ref(), scale)?,
    })
}

/// Draws `ε_g` of `rules` (their values in `eps`, `{name: number[]}`) against the numbers of
/// examples `p` on `canvas`, sizes times `scale`; false (nothing drawn) without examples.
///
/// # Errors
/// Throws on an unknown rule name, malformed values or a drawing failure.
#[wasm_bindgen(js_name = drawExampleChart)]
pub fn draw_example_chart(
    canvas: HtmlCanvasElement,
    p: Vec<f64>,
    #[wasm_bindgen(unchecked_param_type = "Algorithm[]")] rules: Vec<String>,
    #[wasm_bindgen(unchecked_param_type = "Record<string, number[]>")] eps: JsValue,
    scale: f64,
) -> Result<bool, JsError> {
    let eps: BTreeMap<String, Vec<f64>> = argument(eps, "ε_g")?;
    let mut lines = vec![];
    for name in &rules {
        if let Some(e) = eps.get(name) {
            lines.push((Algorithm::from_name(name)?, e.as_slice()));
        }
    }
    draw_on(canvas, chart::example_chart(&p, &lines).as_ref(), scale)
}
