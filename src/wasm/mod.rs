//! The WebAssembly boundary: converts arguments, results and errors; holds no logic of its own.
//!
//! One way of building JS values: every structured result is a serde value turned into a plain
//! object by [`to_js`] (serde-wasm-bindgen, JSON-compatible); its numeric bulk crosses as typed
//! arrays that serde passes through ([`arrays`]). Structured arguments come in by [`from_js`];
//! errors leave as JS `Error`s carrying the core's message ([`js_error`]). The TypeScript types of
//! these values are derived with tsify, on the core types and on the boundary's own structs; the
//! few core values without a derived type are declared in `TS_TYPES` below.
//!
//! One file per exported family:
//! - [`points`]: the catalogue, checking and parsing 2-D points;
//! - [`training`]: the data view's `Training` (scene, traces, version space);
//! - [`animation`]: the training animation's `Animation` and compare mode's `Race`;
//! - [`geometry`]: labelling counts, separable labellings, weight-space regions, example curves;
//! - [`students`]: the Gibbs and Bayes students, the teacher's examples and sets;
//! - [`curve`]: learning-curve cells, the finished `Curve`, previews and the cell trace;
//! - [`trace_charts`]: the page's trace charts (rules' traces, `ε_g(P)`), drawn by the core's
//!   one trace renderer;
//! - `bench` (with the `bench` feature): timing hooks.

use crate::catalogue::Algorithm;
use crate::data::Dataset;
use crate::scene;
use crate::train::Mode;
use plotters::coord::Shift;
use plotters::prelude::{DrawingArea, IntoDrawingArea};
use plotters_canvas::CanvasBackend;
use serde::Serialize;
use std::collections::BTreeMap;
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

mod animation;
mod arrays;
#[cfg(feature = "bench")]
mod bench;
mod curve;
mod geometry;
mod points;
mod students;
mod trace_charts;
mod training;

pub use animation::{Animation, Race};
#[cfg(feature = "bench")]
pub use bench::{bench_floor_sweep, bench_kernel, ExactBench};
pub use curve::{alpha_grid, curve_cells, draw_preview, run_cells, trace_cell, CellTrace, Curve};
pub use geometry::{dichotomy_count, example_curve, region_at, separable_labellings};
pub use points::{catalogue, check_points, parse_points_csv, Browser};
pub use students::{
    bayes_point, generalization_error, gibbs_samples, teacher_example, teacher_set,
};
pub use trace_charts::{draw_example_chart, draw_rule_traces};
pub use training::Training;

/// Installs the panic hook so that a broken invariant shows up in the console with its message.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// The one conversion of any error (the core's, serde's) into a JS `Error` with its message.
fn js_error(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

/// `value` as a plain JS object (JSON-compatible: maps as objects, `None` as `null`), typed
/// arrays passed through ([`arrays`]).
fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(js_error)
}

/// A structured argument, or `default` when it is `undefined` or `null`.
fn from_js<T: serde::de::DeserializeOwned + Default>(
    value: JsValue,
    what: &str,
) -> Result<T, JsError> {
    if value.is_undefined() || value.is_null() {
        Ok(T::default())
    } else {
        argument(value, what)
    }
}

/// A structured argument; an error says `bad {what}: ` and serde's message.
fn argument<T: serde::de::DeserializeOwned>(value: JsValue, what: &str) -> Result<T, JsError> {
    serde_wasm_bindgen::from_value(value).map_err(|e| js_error(format!("bad {what}: {e}")))
}

/// Rules' traces (`scene::Trace`) as `{name: Trace}`, in the order of the names (of a name given
/// twice, the later trace).
fn traces_js<T: Serialize>(traces: Vec<(Algorithm, T)>) -> Result<JsValue, JsError> {
    let by_name: BTreeMap<&str, T> = traces.into_iter().map(|(a, t)| (a.name(), t)).collect();
    to_js(&by_name)
}

/// A chart canvas as a plotters drawing area.
fn chart_area(canvas: HtmlCanvasElement) -> Result<DrawingArea<CanvasBackend, Shift>, JsError> {
    let backend = CanvasBackend::with_canvas_object(canvas)
        .ok_or_else(|| js_error("the chart canvas has no 2-D context"))?;
    Ok(backend.into_drawing_area())
}

/// 2-D points from the page: `xs` row-major `[x0, y0, x1, y1, …]`, labels ±1 or 0/1, not both.
fn points(xs: &[f64], ys: &[f64]) -> Result<Dataset, JsError> {
    Ok(Dataset::from_user(xs.to_vec(), 2, ys.to_vec())?)
}

/// 2-D points (as [`points`]) and the mode: with a threshold `θ` if `threshold`, else through
/// the origin.
fn points_in_mode(xs: &[f64], ys: &[f64], threshold: bool) -> Result<(Dataset, Mode), JsError> {
    Ok((points(xs, ys)?, Mode::from_threshold(threshold)))
}

/// The data view's settings (`Partial<Settings>`; every field optional).
fn settings_from(settings: JsValue) -> Result<scene::Settings, JsError> {
    from_js(settings, "settings")
}
