//! The Gibbs and Bayes students of 2-D points, the generalisation error, and the teacher's
//! examples and sets.

use super::{js_error, points_in_mode, to_js};
use crate::data::generate;
use crate::train::students;
use serde::Serialize;
use tsify::Tsify;
use wasm_bindgen::prelude::*;

/// `k` draws of the Gibbs student from the version space of the 2-D points
/// (`train::students::samples`: exact uniform draws, through the origin a uniform direction on
/// the arc, with a threshold a uniform point of the `(φ, θ)` band), seeded with `seed` (the
/// data view's `gibbs` rule shows the first draw of the same seed; another seed resamples):
/// `[{w, theta}, …]` with `|w| = 1`.
///
/// # Errors
/// Throws on bad points, for no points, one class with a threshold, or an empty version space
/// (the set is not linearly separable in the mode).
#[wasm_bindgen(js_name = gibbsSamples, unchecked_return_type = "Perceptron[]")]
pub fn gibbs_samples(
    xs: &[f64],
    ys: &[f64],
    threshold: bool,
    k: usize,
    seed: u32,
) -> Result<JsValue, JsError> {
    let (data, mode) = points_in_mode(xs, ys, threshold)?;
    to_js(&students::samples(&data, mode, k, u64::from(seed))?)
}

/// The Bayes student of the 2-D points (`train::students::bayes_point`; exact in 2-D: through
/// the origin the arc's midpoint, with a threshold the band's centroid under `dφ dθ`):
/// `{perceptron: {w, theta}, samples, angleSe, thetaSe, steps}`.
///
/// # Errors
/// As `gibbsSamples`.
#[wasm_bindgen(js_name = bayesPoint, unchecked_return_type = "BayesPoint")]
pub fn bayes_point(xs: &[f64], ys: &[f64], threshold: bool) -> Result<JsValue, JsError> {
    let (data, mode) = points_in_mode(xs, ys, threshold)?;
    to_js(&students::bayes_point(&data, mode, 1)?)
}

/// The generalisation error of `(w, θ)` against the teacher `(w*, θ*)` for Gaussian inputs
/// (`generalization::generalization_error`): `arccos(R)/π` through the origin, the exact
/// probability of disagreement with thresholds; `NaN` for a zero vector.
#[wasm_bindgen(js_name = generalizationError)]
pub fn generalization_error(w: &[f64], theta: f64, teacher: &[f64], teacher_theta: f64) -> f64 {
    crate::generalization::generalization_error(w, theta, teacher, teacher_theta)
}

/// One teacher-labelled example (`data::generate::example`).
#[derive(Serialize, Tsify)]
pub struct TeacherExample {
    /// Its first input.
    x: f64,
    /// Its second input.
    y: f64,
    /// The teacher's label ±1 (flipped with probability `noise`).
    label: f64,
}

/// Example `k` of the growing teacher set of `seed` (`data::generate::example`): a 2-D Gaussian
/// input labelled by the teacher `(w*, θ*)`, flipped with probability `noise`.
///
/// # Errors
/// Throws for a teacher that is not 2-D and for a bad noise level.
#[wasm_bindgen(js_name = teacherExample, unchecked_return_type = "TeacherExample")]
pub fn teacher_example(
    teacher: &[f64],
    teacher_theta: f64,
    noise: f64,
    seed: u32,
    k: u32,
) -> Result<JsValue, JsError> {
    if teacher.len() != 2 {
        return Err(js_error("the teacher must be a 2-D vector"));
    }
    let (x, label) =
        generate::example(teacher, teacher_theta, noise, u64::from(seed), u64::from(k))?;
    to_js(&TeacherExample {
        x: x[0],
        y: x[1],
        label,
    })
}

/// A seeded student–teacher set.
#[derive(Serialize, Tsify)]
pub struct TeacherSet {
    /// The inputs, row-major `[x0, y0, x1, y1, …]`.
    xs: Vec<f64>,
    /// The labels ±1.
    ys: Vec<f64>,
    /// The teacher `w*`.
    teacher: Vec<f64>,
}

/// A seeded 2-D student–teacher set: `{xs, ys, teacher}` with Gaussian inputs, `|w*|² = 2` and
/// labels flipped with probability `noise`.
///
/// # Errors
/// Throws for `p` above 10 000 or `noise ∉ [0, 1]`.
#[wasm_bindgen(js_name = teacherSet, unchecked_return_type = "TeacherSet")]
pub fn teacher_set(p: usize, seed: u32, noise: f64) -> Result<JsValue, JsError> {
    let (data, teacher) = generate::preset_2d(p, u64::from(seed), noise)?;
    to_js(&TeacherSet {
        xs: data.features().to_vec(),
        ys: data.labels().to_vec(),
        teacher,
    })
}
