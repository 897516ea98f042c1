//! Helpers of the training suites (`tests/training_*.rs`): teacher sets, shifted or not, and the
//! exact optimum of a set that must be separable.

use super::shifted;
use perceptron_lab::data::Dataset;
use perceptron_lab::exact::{max_stability, Exact};
use perceptron_lab::train::Mode;

/// A teacher set (Gaussian inputs labelled by a homogeneous teacher, label noise `noise`),
/// optionally shifted by `offset` in every coordinate (then separable with `θ = w*·offset`).
pub fn teacher_data(seed: u64, n: usize, p: usize, noise: f64, offset: f64) -> Dataset {
    shifted(&super::teacher_data(seed, n, p, noise), offset)
}

/// The exact optimum of `data` in `mode`; panics unless `data` are separable.
pub fn exact(data: &Dataset, mode: Mode) -> Exact {
    let e = max_stability(data, mode).unwrap();
    assert!(e.separable, "teacher data are separable");
    e
}
