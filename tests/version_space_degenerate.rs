//! The version space of degenerate sets, against hand-computed answers: one point, collinear
//! points through the origin, a point at the origin, empty version spaces through the origin, and
//! the error contract for empty and non-2-D data.
//!
//! Conventions: those of `tests/common/version_space.rs`.

mod common;

use approx::assert_abs_diff_eq;
use common::version_space::{
    arc_len, assert_arc_shape, assert_landscape_matches, assert_scan_matches, circ_dist,
};
use common::{dataset, landscape_peak, unit};
use perceptron_lab::data::Dataset;
use perceptron_lab::version_space::{arcs, band, landscape};
use perceptron_lab::Error;
use std::f64::consts::{FRAC_PI_2, PI, TAU};

#[test]
fn one_point_gives_the_open_half_circle_around_its_signed_direction() {
    for (x, s) in [
        ([3.0, 4.0], 1.0),
        ([3.0, 4.0], -1.0),
        ([1.0, 0.0], 1.0),  // wraps: [3π/2, π/2]
        ([1.0, 0.0], -1.0), // [π/2, 3π/2]
        ([0.0, 1.0], 1.0),  // [0, π]
        ([0.0, 1.0], -1.0), // [π, 0]: ends exactly at 0
        ([-2.0, -0.5], 1.0),
        ([1e-3, -2e-3], 1.0),
    ] {
        let d = dataset(&x, 2, &[s]);
        let what = format!("ξ = {x:?}, S = {s}");
        let alpha = libm::atan2(s * x[1], s * x[0]);
        let a = arcs(&d).unwrap();
        assert_eq!(a.len(), 1, "{what}");
        assert!(
            circ_dist(a[0][0], alpha - FRAC_PI_2) <= 1e-12,
            "{what}: {a:?}"
        );
        assert!(
            circ_dist(a[0][1], alpha + FRAC_PI_2) <= 1e-12,
            "{what}: {a:?}"
        );
        assert_abs_diff_eq!(arc_len(a[0]), PI, epsilon = 1e-12);
        assert_arc_shape(&d, a[0], &what);
        // the peak is the crest: φ* = α, κ = |ξ|
        let (phi, kappa) = landscape_peak(&d).unwrap();
        assert!(circ_dist(phi, alpha) <= 1e-12, "{what}");
        assert_abs_diff_eq!(kappa, libm::hypot(x[0], x[1]), epsilon = 1e-12);
    }
    let d = dataset(&[3.0, 4.0], 2, &[1.0]);
    assert_scan_matches(&d, &arcs(&d).unwrap(), 1_000_000, "one point");
    let d = dataset(&[1.0, 0.0], 2, &[1.0]);
    assert_scan_matches(&d, &arcs(&d).unwrap(), 1_000_000, "one point on the x axis");
}

#[test]
fn collinear_points_through_the_origin() {
    // on the line through the origin along (1,2): +1 on one side, −1 on the other, so every
    // z = S ξ is a positive multiple of (1,2): the version space is the half circle around
    // α = atan 2, and κ_max = the smallest |z| = |(0.5, 1)|
    let d = dataset(
        &[1.0, 2.0, 3.0, 6.0, -0.5, -1.0, -2.0, -4.0],
        2,
        &[1.0, 1.0, -1.0, -1.0],
    );
    let alpha = libm::atan(2f64);
    let a = arcs(&d).unwrap();
    assert_eq!(a.len(), 1);
    assert!(circ_dist(a[0][0], alpha - FRAC_PI_2) <= 1e-12, "{a:?}");
    assert!(circ_dist(a[0][1], alpha + FRAC_PI_2) <= 1e-12, "{a:?}");
    assert_abs_diff_eq!(arc_len(a[0]), PI, epsilon = 1e-12);
    assert_arc_shape(&d, a[0], "collinear, opposite labels");
    assert_scan_matches(&d, &a, 1_000_000, "collinear, opposite labels");
    let (phi, kappa) = landscape_peak(&d).unwrap();
    assert!(circ_dist(phi, alpha) <= 1e-12);
    assert_abs_diff_eq!(kappa, 1.25f64.sqrt(), epsilon = 1e-12);

    // the same label on both sides: z = (1,2) and (−2,−4) point in opposite directions and no
    // open half circle holds both: empty; κ(φ) = min(√5 c, −√20 c) with c = cos(φ − α) peaks at 0
    let d = dataset(&[1.0, 2.0, -2.0, -4.0], 2, &[1.0, 1.0]);
    assert_eq!(arcs(&d).unwrap(), Vec::<[f64; 2]>::new());
    assert_scan_matches(&d, &[], 1_000_000, "collinear, same labels");
    let (phi, kappa) = landscape_peak(&d).unwrap();
    assert_abs_diff_eq!(kappa, 0.0, epsilon = 1e-12);
    assert!(circ_dist(phi, alpha + FRAC_PI_2).min(circ_dist(phi, alpha - FRAC_PI_2)) <= 1e-12);
    let grid_max = assert_landscape_matches(&d, "collinear, same labels");
    assert!(grid_max <= 1e-12);
}

#[test]
fn a_point_at_the_origin_empties_the_version_space() {
    // z·u = 0 for every u: no direction puts the origin strictly on its side
    let d = dataset(&[0.0, 0.0], 2, &[1.0]);
    assert_eq!(arcs(&d).unwrap(), Vec::<[f64; 2]>::new());
    let (_, kappa) = landscape_peak(&d).unwrap();
    assert_eq!(kappa, 0.0);
    let (_, k) = landscape(&d).unwrap();
    assert!(k.iter().all(|&v| v == 0.0));

    // with other points that alone are separable
    let d = dataset(&[1.0, 0.0, 0.0, 0.0, 1.0, 1.0], 2, &[1.0, -1.0, 1.0]);
    assert_eq!(arcs(&d).unwrap(), Vec::<[f64; 2]>::new());
    assert_scan_matches(&d, &[], 200_000, "origin + two");
    let (_, kappa) = landscape_peak(&d).unwrap();
    assert_abs_diff_eq!(kappa, 0.0, epsilon = 1e-15);
}

#[test]
fn empty_version_spaces_through_the_origin() {
    // XOR: z = ±(1,1), ±(1,−1); κ(φ) = −max(|u·(1,1)|, |u·(1,−1)|) = −(|cos φ| + |sin φ|),
    // peak −1 on the axes
    let d = dataset(
        &[1.0, 1.0, -1.0, -1.0, 1.0, -1.0, -1.0, 1.0],
        2,
        &[1.0, 1.0, -1.0, -1.0],
    );
    assert_eq!(arcs(&d).unwrap(), Vec::<[f64; 2]>::new());
    assert_scan_matches(&d, &[], 1_000_000, "XOR");
    let (phi, kappa) = landscape_peak(&d).unwrap();
    assert_abs_diff_eq!(kappa, -1.0, epsilon = 1e-12);
    assert!(
        [0.0, FRAC_PI_2, PI, 1.5 * PI]
            .iter()
            .any(|&a| circ_dist(phi, a) <= 1e-12),
        "XOR peak at {phi}"
    );
    let grid_max = assert_landscape_matches(&d, "XOR");
    assert_abs_diff_eq!(grid_max, -1.0, epsilon = 1e-12); // φ = 0 is a grid angle

    // three unit z at 120°: peak at a crest, κ = cos(2π/3) = −½
    let z: Vec<f64> = (0..3)
        .flat_map(|i| unit(TAU * f64::from(i) / 3.0))
        .collect();
    let d = dataset(&z, 2, &[1.0; 3]);
    assert_eq!(arcs(&d).unwrap(), Vec::<[f64; 2]>::new());
    assert_scan_matches(&d, &[], 200_000, "three at 120°");
    let (_, kappa) = landscape_peak(&d).unwrap();
    assert_abs_diff_eq!(kappa, -0.5, epsilon = 1e-12);
}

#[test]
fn empty_and_non_2d_data() {
    let empty = Dataset::from_row_major(vec![], 2, vec![]).unwrap();
    assert_eq!(arcs(&empty), Ok(vec![[0.0, TAU]]));
    assert_eq!(landscape(&empty), Err(Error::Empty));
    assert_eq!(band(&empty), Err(Error::Empty));
    assert_eq!(landscape_peak(&empty), Err(Error::Empty));

    let is_dim_error =
        |e: &Error, n: f64| matches!(e, Error::OutOfRange { value, .. } if *value == n);
    for dim in [1, 3, 5] {
        let p = 4;
        let xs: Vec<f64> = (0..p * dim).map(|i| libm::sin(i as f64)).collect();
        let d = dataset(&xs, dim, &[1.0, -1.0, 1.0, -1.0]);
        let n = dim as f64;
        assert!(is_dim_error(&arcs(&d).unwrap_err(), n), "arcs N={dim}");
        assert!(
            is_dim_error(&landscape(&d).unwrap_err(), n),
            "landscape N={dim}"
        );
        assert!(is_dim_error(&band(&d).unwrap_err(), n), "band N={dim}");
        assert!(
            is_dim_error(&landscape_peak(&d).unwrap_err(), n),
            "peak N={dim}"
        );
        // the dimension is checked before emptiness
        let e = Dataset::from_row_major(vec![], dim, vec![]).unwrap();
        assert!(
            is_dim_error(&arcs(&e).unwrap_err(), n),
            "empty arcs N={dim}"
        );
        assert!(
            is_dim_error(&band(&e).unwrap_err(), n),
            "empty band N={dim}"
        );
    }
}
