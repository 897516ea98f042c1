//! The geometry of the points' weight space: labelling counts, the separable labellings, the
//! cell around a perceptron, one example's curve.

use super::arrays::f64s;
use super::{points_in_mode, to_js};
use crate::catalogue::LIMITS;
use crate::dichotomies;
use crate::version_space;
use js_sys::Float64Array;
use serde::Serialize;
use tsify::Tsify;
use wasm_bindgen::prelude::*;

/// The curve of one 2-D example on the version space's grid (`version_space::curve`): its
/// stability `S ξ·u(φ)` through the origin, `ξ·u(φ)` with a threshold — for the examples a
/// version space of many points does not carry.
///
/// # Errors
/// Throws on a bad point.
#[wasm_bindgen(js_name = exampleCurve)]
pub fn example_curve(x: f64, y: f64, label: f64, threshold: bool) -> Result<Box<[f64]>, JsError> {
    let (data, mode) = points_in_mode(&[x, y], &[label], threshold)?;
    Ok(version_space::curve(&data, 0, mode)?.into())
}

/// How many of the `2^P` labellings of the points are strictly separable in the mode
/// (`dichotomies::count`: exact, from the geometry), beside Cover's `C(P, N)`; the points' own
/// labels are ignored.
///
/// # Errors
/// Throws on bad points.
#[wasm_bindgen(js_name = dichotomyCount, unchecked_return_type = "Count")]
pub fn dichotomy_count(xs: &[f64], ys: &[f64], threshold: bool) -> Result<JsValue, JsError> {
    let (data, mode) = points_in_mode(xs, ys, threshold)?;
    to_js(&dichotomies::count(&data, mode)?)
}

/// Every separable labelling of the points in the mode, each with its optimal perceptron
/// (`dichotomies::labellings`), for at most `LIMITS.labelling_points` points.
///
/// # Errors
/// Throws on bad points or too many of them.
#[wasm_bindgen(js_name = separableLabellings, unchecked_return_type = "Labelling[]")]
pub fn separable_labellings(xs: &[f64], ys: &[f64], threshold: bool) -> Result<JsValue, JsError> {
    let (data, mode) = points_in_mode(xs, ys, threshold)?;
    to_js(&dichotomies::labellings(
        &data,
        mode,
        LIMITS.labelling_points,
    )?)
}

/// The cell of weight space that holds a perceptron (`version_space::Region`), its sampled
/// arrays as typed arrays.
#[derive(Serialize, Tsify)]
pub struct RegionArrays {
    /// Through the origin: the cell's arc `[φ_start, φ_end]`; `null` with a threshold.
    #[tsify(type = "[number, number] | null")]
    arc: Option<[f64; 2]>,
    /// `S^μ = sign(ξ^μ·u(φ) − θ)` for every example.
    #[serde(with = "serde_wasm_bindgen::preserve")]
    labels: Float64Array,
    /// With a threshold: the cell's lower edge on the grid; empty through the origin.
    #[serde(with = "serde_wasm_bindgen::preserve")]
    lower: Float64Array,
    /// With a threshold: the cell's upper edge.
    #[serde(with = "serde_wasm_bindgen::preserve")]
    upper: Float64Array,
}

/// The cell of weight space that holds the perceptron `(u(φ), θ)` (`version_space::region_at`):
/// `{labels, arc, lower, upper}` with `labels`, `lower` and `upper` as `Float64Array`s, or `null`
/// on a boundary.
///
/// # Errors
/// Throws on bad points.
#[wasm_bindgen(js_name = regionAt, unchecked_return_type = "RegionArrays | null")]
pub fn region_at(
    xs: &[f64],
    ys: &[f64],
    threshold: bool,
    phi: f64,
    theta: f64,
) -> Result<JsValue, JsError> {
    let (data, mode) = points_in_mode(xs, ys, threshold)?;
    let region = version_space::region_at(&data, mode, phi, theta)?;
    to_js(&region.map(|r| RegionArrays {
        arc: r.arc,
        labels: f64s(&r.labels),
        lower: f64s(&r.lower),
        upper: f64s(&r.upper),
    }))
}
