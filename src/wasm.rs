//! The WebAssembly boundary: converts arguments, results and errors; holds no logic of its own.

use crate::data::{generate, Dataset};
use crate::rng::rng_from_seed;
use crate::scene;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// Installs the panic hook so that a broken invariant shows up in the console with its message.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&e.to_string()))
}

fn points(xs: &[f64], ys: &[f64]) -> Result<Dataset, JsError> {
    Ok(Dataset::from_user(xs.to_vec(), 2, ys.to_vec())?)
}

/// Checks 2-D points (`xs` row-major `[x0, y0, x1, y1, …]`, labels ±1 or 0/1) and returns the
/// labels mapped to ±1.
///
/// # Errors
/// Throws an `Error` naming the first bad point (NaN, ±∞, bad label, > 10 000 points).
#[wasm_bindgen(js_name = checkPoints)]
pub fn check_points(xs: &[f64], ys: &[f64]) -> Result<Box<[f64]>, JsError> {
    Ok(points(xs, ys)?.labels().into())
}

/// Trains the chosen algorithms on 2-D points and returns the scene (see `scene::Scene`) as a
/// plain object. `settings`: `{threshold, algorithms, maxEpochs, maxEpochsOptimal, gapTolerance}`,
/// every field optional.
///
/// # Errors
/// Throws on bad points (see `checkPoints`), unknown algorithm names or malformed settings.
#[wasm_bindgen(js_name = computeScene)]
pub fn compute_scene(xs: &[f64], ys: &[f64], settings: JsValue) -> Result<JsValue, JsError> {
    let data = points(xs, ys)?;
    let settings: scene::Settings = if settings.is_undefined() || settings.is_null() {
        scene::Settings::default()
    } else {
        serde_wasm_bindgen::from_value(settings).map_err(|e| JsError::new(&e.to_string()))?
    };
    to_js(&scene::compute(&data, &settings)?)
}

#[derive(Serialize)]
struct TeacherSet {
    xs: Vec<f64>,
    ys: Vec<f64>,
    teacher: Vec<f64>,
}

/// A seeded 2-D student–teacher set: `{xs, ys, teacher}` with Gaussian inputs, `|w*|² = 2` and
/// labels flipped with probability `noise`.
///
/// # Errors
/// Throws for `p` above 10 000 or `noise ∉ [0, 1]`.
#[wasm_bindgen(js_name = teacherSet)]
pub fn teacher_set(p: usize, seed: u32, noise: f64) -> Result<JsValue, JsError> {
    if p > crate::data::MAX_POINTS {
        return Err(crate::Error::TooMany {
            got: p,
            max: crate::data::MAX_POINTS,
        }
        .into());
    }
    let mut rng = rng_from_seed(u64::from(seed));
    let teacher = generate::teacher(2, &mut rng);
    let data = generate::teacher_set(p, &teacher, noise, &mut rng)?;
    to_js(&TeacherSet {
        xs: data.features().to_vec(),
        ys: data.labels().to_vec(),
        teacher,
    })
}
