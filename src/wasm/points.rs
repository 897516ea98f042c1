//! The catalogue, and 2-D points: checked, or parsed from CSV text.

use super::arrays::f64s;
use super::{points, to_js};
use crate::data::reading::{literal, Literal, Reading};
use js_sys::{Float64Array, JsString};
use serde::Serialize;
use tsify::Tsify;
use wasm_bindgen::prelude::*;

/// The catalogue: every algorithm (name, label, colour, dash, width, role, texts), the charts,
/// the theory curves, the teacher's and the error colour, and the settings' defaults and limits
/// (see `catalogue::Catalogue`). The page builds its menus, legends and palette from it.
///
/// # Errors
/// Throws only if the catalogue cannot be converted.
#[wasm_bindgen(unchecked_return_type = "Catalogue")]
pub fn catalogue() -> Result<JsValue, JsError> {
    to_js(&crate::catalogue::catalogue())
}

/// Checks 2-D points (`xs` row-major `[x0, y0, x1, y1, …]`, labels ±1 or 0/1, not both) and
/// returns the labels mapped to ±1.
///
/// # Errors
/// Throws an `Error` naming the first bad point (NaN, ±∞, bad label, > 10 000 points).
#[wasm_bindgen(js_name = checkPoints)]
pub fn check_points(xs: &[f64], ys: &[f64]) -> Result<Box<[f64]>, JsError> {
    Ok(points(xs, ys)?.labels().into())
}

/// 2-D points from CSV text.
#[derive(Serialize, Tsify)]
pub struct ParsedPoints {
    /// Row-major `[x0, y0, x1, y1, …]`.
    #[serde(with = "serde_wasm_bindgen::preserve")]
    xs: Float64Array,
    /// The labels, mapped to ±1.
    #[serde(with = "serde_wasm_bindgen::preserve")]
    ys: Float64Array,
    /// What was read but not used (ignored columns).
    notices: Vec<String>,
}

/// Parses CSV text of 2-D points (`x1,x2,label` or `x,y,label`; other columns ignored) into
/// `{xs, ys, notices}` (labels mapped to ±1).
///
/// # Errors
/// Throws an `Error` naming the line and the problem.
#[wasm_bindgen(js_name = parsePointsCsv, unchecked_return_type = "ParsedPoints")]
pub fn parse_points_csv(text: &str) -> Result<JsValue, JsError> {
    let (data, notices) = crate::data::csv::parse_2d_with(text, &Browser)?;
    to_js(&ParsedPoints {
        xs: f64s(data.features()),
        ys: f64s(data.labels()),
        notices,
    })
}

/// The browser's reading of a data file: which strings are numbers is the core's
/// [`literal`]; their values come from `parseFloat` (correctly rounded, as `f64::from_str`), the
/// column names' lowercase from `toLowerCase` (Unicode's default case conversion, as
/// `str::to_lowercase`). The page's module then holds neither the float parser's tables nor
/// Unicode's case tables; `tests/wasm_api.rs` checks both against the standard library.
pub struct Browser;

impl Reading for Browser {
    fn number(&self, text: &str) -> Option<f64> {
        Some(match literal(text)? {
            Literal::Decimal => js_sys::parse_float(text),
            Literal::Infinite { negative: true } => f64::NEG_INFINITY,
            Literal::Infinite { negative: false } => f64::INFINITY,
            Literal::NaN => f64::NAN,
        })
    }

    fn lowercase(&self, text: &str) -> String {
        String::from(JsString::from(text).to_lower_case())
    }
}
