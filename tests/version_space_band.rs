//! The threshold band `lower < θ < upper` of each direction against direct evaluation at every
//! grid angle, its half-width against the exact maximal stability with a threshold
//! ([`perceptron_lab::exact`]), the band of one class (open on the missing side) and one whose
//! edges touch.
//!
//! Conventions: those of `tests/common/version_space.rs`.
//!
//! Resolution bound: every curve `ξ·u(φ)` has `|d/dφ| ≤ |ξ| ≤ R = max_μ |ξ^μ|`, and a min, a
//! max, or the half-difference of one of each keeps the Lipschitz constant `R`; the optimum lies
//! within half a grid step `π/n` of a grid angle, so a grid maximum is at most `R π / n` below
//! the true one.

mod common;

use approx::assert_abs_diff_eq;
use common::dataset;
use common::version_space::{assert_band_matches, band_at, max_norm, teacher_data};
use perceptron_lab::exact::max_stability;
use perceptron_lab::train::Mode;
use perceptron_lab::version_space::{band, GRID};
use perceptron_lab::Error;
use std::f64::consts::{PI, TAU};

#[test]
fn band_matches_direct_evaluation_and_brackets_the_threshold_optimum() {
    for (seed, p, offset) in [
        (31, 2, 0.0),
        (32, 4, 1.0),
        (33, 6, -2.0),
        (34, 10, 3.0),
        (35, 15, 0.5),
        (36, 20, -1.0),
        (37, 30, 2.5),
        (38, 40, -3.0),
    ] {
        let data = teacher_data(seed, p, offset, 0.0);
        let what = format!("seed {seed} P={p} offset {offset}");
        assert!(data.has_both_classes(), "{what}: pick another seed");
        let best = assert_band_matches(&data, &what);
        let exact = max_stability(&data, Mode::Threshold).unwrap();
        assert!(exact.separable, "{what}");
        let resolution = max_norm(&data) * PI / GRID as f64;
        // the grid can only miss the optimum, never exceed it
        assert!(
            best <= exact.kappa + 1e-12,
            "{what}: band half-width {best} above κ_max = {}",
            exact.kappa
        );
        // where the band is empty at every grid angle the sampled half-width is ≤ 0
        assert!(
            best.max(0.0) >= exact.kappa - resolution,
            "{what}: band half-width {best} below κ_max = {} − {resolution}",
            exact.kappa
        );
    }
    // noisy (not separable with a threshold) and partially empty bands
    for (seed, p, offset, noise) in [(41, 20, 1.0, 0.3), (42, 30, 0.0, 0.5), (43, 8, 2.0, 0.2)] {
        let data = teacher_data(seed, p, offset, noise);
        let what = format!("noisy seed {seed}");
        let best = assert_band_matches(&data, &what);
        if let Ok(exact) = max_stability(&data, Mode::Threshold) {
            if exact.separable {
                assert!(best <= exact.kappa + 1e-12, "{what}");
            } else {
                assert!(best <= 1e-12, "{what}: not separable but band width {best}");
            }
        }
    }
}

#[test]
fn band_with_one_class_is_open_on_the_missing_side() {
    // only +1: lower = −∞ (no −1 curve to stay above), upper = min ξ·u; only −1: the mirror
    let xs = [1.0, 0.5, -2.0, 1.0, 0.3, -1.5];
    for (label, what) in [(1.0, "only +1"), (-1.0, "only −1")] {
        let d = dataset(&xs, 2, &[label; 3]);
        let b = band(&d).unwrap();
        for k in 0..GRID {
            let (lo, hi) = band_at(&d, TAU * k as f64 / GRID as f64);
            if label > 0.0 {
                assert_eq!(b.lower[k], f64::NEG_INFINITY, "{what}");
                assert!(b.upper[k].is_finite(), "{what}");
                assert_abs_diff_eq!(b.upper[k], hi, epsilon = 1e-12);
            } else {
                assert!(b.lower[k].is_finite(), "{what}");
                assert_eq!(b.upper[k], f64::INFINITY, "{what}");
                assert_abs_diff_eq!(b.lower[k], lo, epsilon = 1e-12);
            }
        }
    }
    // the exact solver has no optimum there (the margin is unbounded)
    let d = dataset(&xs, 2, &[1.0; 3]);
    assert_eq!(
        max_stability(&d, Mode::Threshold),
        Err(Error::OneClass { label: 1 })
    );
}

#[test]
fn band_is_empty_where_the_edges_touch() {
    // the same point with both labels: lower = upper at every φ, and `lower < θ < upper` is empty
    let d = dataset(&[1.0, 2.0, 1.0, 2.0], 2, &[1.0, -1.0]);
    let b = band(&d).unwrap();
    assert!(b.lower.iter().chain(&b.upper).all(|v| v.is_nan()));

    // +1 at (0,1), −1 at (0,−1): −sin φ < θ < sin φ, non-empty exactly for φ ∈ (0, π); at φ = 0
    // the edges are both exactly 0 (at φ = π they differ by rounding, sin π ≈ 1.2e-16, so that
    // grid angle is not checked)
    assert_eq!(GRID % 4, 0);
    let d = dataset(&[0.0, 1.0, 0.0, -1.0], 2, &[1.0, -1.0]);
    let b = band(&d).unwrap();
    assert!(b.lower[0].is_nan() && b.upper[0].is_nan());
    assert_abs_diff_eq!(b.lower[GRID / 4], -1.0, epsilon = 1e-15);
    assert_abs_diff_eq!(b.upper[GRID / 4], 1.0, epsilon = 1e-15);
    for k in 1..GRID {
        let phi = TAU * k as f64 / GRID as f64;
        let inside = b.lower[k] < b.upper[k];
        if k < GRID / 2 {
            assert!(inside, "φ = {phi}");
            assert_abs_diff_eq!(b.upper[k], libm::sin(phi), epsilon = 1e-15);
        } else if k > GRID / 2 {
            assert!(b.lower[k].is_nan() && b.upper[k].is_nan(), "φ = {phi}");
        }
    }
    // the threshold optimum: w = (0,1), θ = 0, κ_max = 1 = the half-width at φ = π/2
    let exact = max_stability(&d, Mode::Threshold).unwrap();
    assert_abs_diff_eq!(exact.kappa, 1.0, epsilon = 1e-14);
    assert_abs_diff_eq!(
        0.5 * (b.upper[GRID / 4] - b.lower[GRID / 4]),
        exact.kappa,
        epsilon = 1e-14
    );
}
