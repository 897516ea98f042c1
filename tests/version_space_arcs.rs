//! The version space through the origin as an arc of directions, against a brute-force scan of
//! up to 10^6 directions and hand-computed endpoints: invariance under scaling and a label flip,
//! arcs that wrap past 0, and version spaces only ~1e-8 wide or at the ends of the `f64` range.
//!
//! Conventions: those of `tests/common/version_space.rs`.

mod common;

use approx::assert_abs_diff_eq;
use common::version_space::{
    assert_arc_shape, assert_scan_matches, circ_dist, envelope, in_arc, signed, teacher_data,
    teacher_data_at, wrap,
};
use common::{dataset, landscape_peak, unit};
use perceptron_lab::data::Dataset;
use perceptron_lab::exact::max_stability;
use perceptron_lab::train::Mode;
use perceptron_lab::version_space::{arcs, curve};
use std::f64::consts::{FRAC_PI_2, PI, TAU};

// ---------------------------------------------------------------------------------------------
// Arcs against a brute-force scan

#[test]
fn arcs_match_a_brute_force_scan_of_directions() {
    // 10^6 directions, and 2·10^5 for a few more sets (the tolerance is one scan step either way)
    let mut cases: Vec<(u64, usize, usize)> = [1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 18, 21, 24, 27, 30]
        .iter()
        .enumerate()
        .map(|(i, &p)| (1 + i as u64, p, 1_000_000))
        .collect();
    cases.extend([
        (21, 1, 200_000),
        (22, 2, 200_000),
        (23, 7, 200_000),
        (24, 40, 200_000),
    ]);
    let mut total = 0;
    for (seed, p, n) in cases {
        let data = teacher_data(seed, p, 0.0, 0.0);
        let what = format!("seed {seed} P={p}");
        let found = arcs(&data).unwrap();
        assert_eq!(found.len(), 1, "{what}: teacher data are separable");
        assert_arc_shape(&data, found[0], &what);
        total += assert_scan_matches(&data, &found, n, &what);
    }
    // with random data no scan angle falls between the true and the returned endpoint (those
    // differ by rounding only)
    assert_eq!(total, 0, "tolerated disagreements");
}

#[test]
fn arcs_of_hand_made_sets_match_the_scan_and_hand_computed_endpoints() {
    let n = 1_000_000;
    // (1,0) → +1, (0,1) → −1: z = (1,0), (0,−1): half circles (−π/2, π/2) ∩ (−π, 0) = (−π/2, 0),
    // i.e. [3π/2, 0] (it ends exactly at 0)
    let d = dataset(&[1.0, 0.0, 0.0, 1.0], 2, &[1.0, -1.0]);
    let a = arcs(&d).unwrap();
    assert_eq!(a.len(), 1);
    assert_abs_diff_eq!(circ_dist(a[0][0], 1.5 * PI), 0.0, epsilon = 1e-12);
    assert_abs_diff_eq!(circ_dist(a[0][1], 0.0), 0.0, epsilon = 1e-12);
    assert_arc_shape(&d, a[0], "quadrant");
    assert_scan_matches(&d, &a, n, "quadrant");

    // adding (2,−2) → +1 (half circle (−3π/4, π/4)) changes nothing
    let d = dataset(&[1.0, 0.0, 0.0, 1.0, 2.0, -2.0], 2, &[1.0, -1.0, 1.0]);
    let b = arcs(&d).unwrap();
    assert_abs_diff_eq!(circ_dist(b[0][0], 1.5 * PI), 0.0, epsilon = 1e-12);
    assert_abs_diff_eq!(circ_dist(b[0][1], 0.0), 0.0, epsilon = 1e-12);
    assert_scan_matches(&d, &b, n, "quadrant + redundant point");

    // (1,1), (−1,2) → +1 and (2,−1) → −1: z = (1,1), (−1,2), (−2,1), half circles centred on
    // π/4, π − atan 2, π − atan ½. The first ends at π/4 + π/2 = 3π/4, the third starts at
    // π − atan ½ − π/2 = π/2 − atan ½; the second (π/2 − atan 2, 3π/2 − atan 2) does not bind.
    let d = dataset(&[1.0, 1.0, -1.0, 2.0, 2.0, -1.0], 2, &[1.0, 1.0, -1.0]);
    let c = arcs(&d).unwrap();
    assert_eq!(c.len(), 1);
    assert_abs_diff_eq!(c[0][0], FRAC_PI_2 - libm::atan(0.5f64), epsilon = 1e-12);
    assert_abs_diff_eq!(c[0][1], 0.75 * PI, epsilon = 1e-12);
    assert_arc_shape(&d, c[0], "three points");
    assert_scan_matches(&d, &c, n, "three points");

    // a narrow cone: z at angles ±0.01 around 2 (two points) — arc [2 + 0.01 − π/2, 2 − 0.01 + π/2]
    let (p1, p2) = (unit(2.01), unit(1.99));
    let d = dataset(&[p1[0], p1[1], -3.0 * p2[0], -3.0 * p2[1]], 2, &[1.0, -1.0]);
    let e = arcs(&d).unwrap();
    assert_abs_diff_eq!(e[0][0], 2.01 - FRAC_PI_2, epsilon = 1e-12);
    assert_abs_diff_eq!(e[0][1], 1.99 + FRAC_PI_2, epsilon = 1e-12);
    assert_arc_shape(&d, e[0], "narrow cone");
    assert_scan_matches(&d, &e, n, "narrow cone");

    // a very narrow version space: z at angles 1 − π/2 + 1e-4 and 1 + π/2 − 1e-4 (nearly
    // opposite): the arc is [1 − 1e-4, 1 + 1e-4] of length 2e-4 (about 32 scan steps)
    let (q1, q2) = (unit(1.0 - FRAC_PI_2 + 1e-4), unit(1.0 + FRAC_PI_2 - 1e-4));
    let d = dataset(&[q1[0], q1[1], q2[0], q2[1]], 2, &[1.0, 1.0]);
    let f = arcs(&d).unwrap();
    assert_eq!(f.len(), 1);
    assert_abs_diff_eq!(f[0][0], 1.0 - 1e-4, epsilon = 1e-12);
    assert_abs_diff_eq!(f[0][1], 1.0 + 1e-4, epsilon = 1e-12);
    assert_arc_shape(&d, f[0], "very narrow");
    assert_scan_matches(&d, &f, n, "very narrow");
}

#[test]
fn arcs_are_invariant_under_scaling_and_label_flip_with_reflection() {
    // scaling every ξ by c > 0 changes no half circle; replacing ξ by −ξ and S by −S changes no z
    for seed in 20..26 {
        let data = teacher_data(seed, 10, 0.0, 0.0);
        let a = arcs(&data).unwrap();
        for c in [1e-6, 1e6] {
            let xs: Vec<f64> = data.features().iter().map(|v| c * v).collect();
            let scaled = dataset(&xs, 2, data.labels());
            let b = arcs(&scaled).unwrap();
            assert_eq!(b.len(), 1, "seed {seed} c={c}");
            for i in 0..2 {
                assert_abs_diff_eq!(circ_dist(a[0][i], b[0][i]), 0.0, epsilon = 1e-9);
            }
        }
        let xs: Vec<f64> = data.features().iter().map(|v| -v).collect();
        let ys: Vec<f64> = data.labels().iter().map(|s| -s).collect();
        let b = arcs(&dataset(&xs, 2, &ys)).unwrap();
        for i in 0..2 {
            assert_abs_diff_eq!(circ_dist(a[0][i], b[0][i]), 0.0, epsilon = 1e-12);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Arcs that wrap past 0

#[test]
fn arcs_wrapping_past_zero() {
    // z = (1, 0.5), (1, −0.3), (1, −0.2): half circles centred on atan ½, −atan 0.3, −atan 0.2;
    // the arc runs from atan ½ − π/2 (< 0) to π/2 − atan 0.3 (> 0)
    let d = dataset(&[1.0, 0.5, 1.0, -0.3, -1.0, 0.2], 2, &[1.0, 1.0, -1.0]);
    let a = arcs(&d).unwrap();
    assert_eq!(a.len(), 1);
    assert!(a[0][1] < a[0][0], "{a:?} does not wrap");
    assert_abs_diff_eq!(a[0][0], 1.5 * PI + libm::atan(0.5f64), epsilon = 1e-12);
    assert_abs_diff_eq!(a[0][1], FRAC_PI_2 - libm::atan(0.3f64), epsilon = 1e-12);
    assert!(in_arc(0.0, a[0]));
    assert_arc_shape(&d, a[0], "hand-made wrap");
    assert_scan_matches(&d, &a, 1_000_000, "hand-made wrap");

    // random teacher sets with the teacher at φ = 0 (so 0 is inside the version space), and at
    // angles just either side of 0
    for (seed, p, teacher) in [
        (81, 3, 0.0),
        (82, 6, 0.0),
        (83, 10, 0.0),
        (84, 20, 1e-3),
        (85, 20, -1e-3),
        (86, 4, TAU - 0.05),
    ] {
        let data = teacher_data_at(seed, p, teacher);
        let what = format!("seed {seed} P={p} teacher at {teacher}");
        let a = arcs(&data).unwrap();
        assert_eq!(a.len(), 1, "{what}");
        assert!(in_arc(wrap(teacher), a[0]), "{what}: teacher off arc {a:?}");
        let n = if p <= 10 { 1_000_000 } else { 200_000 };
        assert_scan_matches(&data, &a, n, &what);
        assert_arc_shape(&data, a[0], &what);
        // (seeds chosen so that 0 itself is inside for the teachers off 0 too)
        assert!(envelope(&signed(&data), 0.0) > 0.0, "{what}: 0 not inside");
        assert!(
            a[0][1] < a[0][0],
            "{what}: contains 0 but {a:?} does not wrap"
        );
    }
}

/// Regressions found while writing these tests: a version space only ~1e-8 wide (the affine step
/// of Wolfe's algorithm must stay well conditioned), and coordinates near the ends of the `f64`
/// range (squared norms must not under- or overflow).
#[test]
fn thin_and_extreme_version_spaces_are_found() {
    let d = Dataset::from_row_major(
        vec![
            0.087_851_206_512_079_34,
            -0.996_133_608_264_660_5,
            -0.087_851_186_589_407_16,
            0.996_133_610_021_684_3,
        ],
        2,
        vec![1.0, 1.0],
    )
    .unwrap();
    let (_, kappa) = landscape_peak(&d).unwrap();
    assert!(kappa > 0.0);
    let exact = max_stability(&d, Mode::Homogeneous).unwrap();
    assert!(exact.separable);
    assert!(
        (exact.kappa - kappa).abs() <= 1e-12,
        "{} vs {kappa}",
        exact.kappa
    );
    assert_eq!(arcs(&d).unwrap().len(), 1);
    for c in [1e-170, 1e160] {
        let d = Dataset::from_row_major(vec![c, 0.0, 0.0, c], 2, vec![1.0, -1.0]).unwrap();
        let exact = max_stability(&d, Mode::Homogeneous).unwrap();
        assert!(exact.separable, "c = {c}");
        assert!(
            (exact.kappa / c - std::f64::consts::FRAC_1_SQRT_2).abs() < 1e-12,
            "c = {c}"
        );
        assert_eq!(arcs(&d).unwrap().len(), 1, "c = {c}");
    }
    assert!(curve(&d, 2, Mode::Homogeneous).is_err());
}
