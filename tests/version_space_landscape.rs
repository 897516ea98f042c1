//! The landscape `κ(φ) = min_μ κ^μ(φ)` through the origin and its peak, against direct
//! evaluation, the exact solver of [`perceptron_lab::exact`] (the active-set solver through the
//! origin) and a reference peak found without it; the curves `κ^μ(φ)` and their subsample for
//! many examples, `direction`, and the envelopes taken over convex hulls.
//!
//! Conventions: those of `tests/common/version_space.rs`.
//!
//! Resolution bound: every curve `ξ·u(φ)` has `|d/dφ| ≤ |ξ| ≤ R = max_μ |ξ^μ|`, and a min, a
//! max, or the half-difference of one of each keeps the Lipschitz constant `R`; the optimum lies
//! within half a grid step `π/n` of a grid angle, so a grid maximum is at most `R π / n` below
//! the true one.

mod common;

use approx::assert_abs_diff_eq;
use common::version_space::{
    assert_band_matches, assert_landscape_matches, assert_scan_matches, circ_dist, dot2, envelope,
    in_arc, max_norm, signed, teacher_data,
};
use common::{dataset, landscape_peak, unit};
use perceptron_lab::exact::max_stability;
use perceptron_lab::train::Mode;
use perceptron_lab::version_space::{arcs, curve, direction, grid, landscape, GRID};
use std::f64::consts::{FRAC_PI_2, PI, TAU};

// at least 360 angles are promised (`getState().versionSpace`)
const _: () = assert!(GRID >= 360);

// ---------------------------------------------------------------------------------------------
// The landscape through the origin and its peak

#[test]
fn landscape_peak_is_the_exact_optimum_on_separable_sets() {
    for (seed, p) in [
        (51, 1),
        (52, 2),
        (53, 3),
        (54, 5),
        (55, 8),
        (56, 12),
        (57, 20),
        (58, 30),
        (59, 50),
        (60, 100),
    ] {
        let data = teacher_data(seed, p, 0.0, 0.0);
        let what = format!("seed {seed} P={p}");
        let exact = max_stability(&data, Mode::Homogeneous).unwrap();
        assert!(exact.separable, "{what}");
        let (phi_peak, kappa_peak) = landscape_peak(&data).unwrap();
        assert!((0.0..TAU).contains(&phi_peak), "{what}: φ* = {phi_peak}");
        assert_abs_diff_eq!(kappa_peak, exact.kappa, epsilon = 1e-9);
        let w = &exact.perceptron.as_ref().unwrap().w;
        let phi_exact = libm::atan2(w[1], w[0]);
        assert!(
            circ_dist(phi_peak, phi_exact) <= 1e-6,
            "{what}: peak at {phi_peak}, exact optimum at {phi_exact}"
        );
        assert!(circ_dist(direction(w), phi_exact) <= 1e-15, "{what}");
        // the reported angle achieves the reported value
        assert_abs_diff_eq!(
            envelope(&signed(&data), phi_peak),
            kappa_peak,
            epsilon = 1e-12
        );

        let grid_max = assert_landscape_matches(&data, &what);
        let resolution = max_norm(&data) * PI / GRID as f64;
        assert!(
            grid_max <= kappa_peak + 1e-12,
            "{what}: {grid_max} above the peak"
        );
        assert!(
            grid_max >= kappa_peak - resolution,
            "{what}: grid max {grid_max} below peak {kappa_peak} − {resolution}"
        );

        // positive exactly on the arc, up to one grid cell at either end
        let arc = arcs(&data).unwrap()[0];
        let (phi, kappa) = landscape(&data).unwrap();
        let step = TAU / GRID as f64;
        for (p, k) in phi.iter().zip(&kappa) {
            if (*k > 0.0) != in_arc(*p, arc) {
                assert!(
                    arc.iter().any(|&e| circ_dist(*p, e) <= step),
                    "{what}: κ({p}) = {k} disagrees with arc {arc:?}"
                );
            }
        }
        // the peak lies on the arc
        assert!(
            in_arc(phi_peak, arc),
            "{what}: peak {phi_peak} off arc {arc:?}"
        );
    }
}

#[test]
fn landscape_peak_at_a_crest() {
    // z1 = unit(c) is the shortest z and every other z·u(c) exceeds 1 at its crest: the landscape
    // (at most |z1| everywhere) peaks at φ* = c with κ = 1. c = 0 and c = 2π − 0.1 test the wrap.
    for c in [0.0, TAU - 0.1, 2.0] {
        let (u1, u2, u3) = (unit(c), unit(c + 0.7), unit(c - 0.5));
        let d = dataset(
            &[
                u1[0],
                u1[1],
                3.0 * u2[0],
                3.0 * u2[1],
                -2.0 * u3[0],
                -2.0 * u3[1],
            ],
            2,
            &[1.0, 1.0, -1.0],
        );
        let what = format!("crest at {c}");
        let (phi, kappa) = landscape_peak(&d).unwrap();
        assert!(circ_dist(phi, c) <= 1e-12, "{what}: peak at {phi}");
        assert!((0.0..TAU).contains(&phi), "{what}: {phi}");
        assert_abs_diff_eq!(kappa, 1.0, epsilon = 1e-12);
        let exact = max_stability(&d, Mode::Homogeneous).unwrap();
        assert_abs_diff_eq!(exact.kappa, 1.0, epsilon = 1e-12);
        assert_eq!(exact.support, vec![0], "{what}");
        assert!(circ_dist(direction(&exact.perceptron.unwrap().w), c) <= 1e-12);
        // z2·u(c) = 3 cos 0.7 > 1 and z3·u(c) = 2 cos 0.5 > 1 (z3 = −(−2 u3) = 2 u3). The arc is
        // bounded by z2's half circle clockwise (it starts at c + 0.7 − π/2) and by z3's
        // counter-clockwise (it ends at c − 0.5 + π/2); z1's (c ∓ π/2) contains both
        let a = arcs(&d).unwrap();
        assert!(
            circ_dist(a[0][0], c + 0.7 - FRAC_PI_2) <= 1e-12,
            "{what}: {a:?}"
        );
        assert!(
            circ_dist(a[0][1], c - 0.5 + FRAC_PI_2) <= 1e-12,
            "{what}: {a:?}"
        );
        assert_scan_matches(&d, &a, 200_000, &what);
    }
}

#[test]
fn landscape_peak_on_non_separable_sets_matches_a_scan() {
    let n: usize = 200_000;
    for (seed, p, noise) in [
        (61, 10, 0.3),
        (62, 20, 0.3),
        (63, 30, 0.5),
        (64, 6, 0.5),
        (65, 40, 0.2),
    ] {
        let data = teacher_data(seed, p, 0.0, noise);
        let what = format!("noisy seed {seed} P={p}");
        let exact = max_stability(&data, Mode::Homogeneous).unwrap();
        assert!(!exact.separable, "{what}: pick a non-separable seed");
        assert_eq!(arcs(&data).unwrap(), Vec::<[f64; 2]>::new(), "{what}");
        let (phi_peak, kappa_peak) = landscape_peak(&data).unwrap();
        assert!(kappa_peak <= 0.0, "{what}: peak {kappa_peak} > 0");
        let z = signed(&data);
        assert_abs_diff_eq!(envelope(&z, phi_peak), kappa_peak, epsilon = 1e-12);
        // scan: max_k κ(φ_k) is a lower bound within R π / n of the true maximum
        let scan = (0..n)
            .map(|k| envelope(&z, TAU * k as f64 / n as f64))
            .fold(f64::NEG_INFINITY, f64::max);
        let resolution = max_norm(&data) * PI / n as f64;
        assert!(
            scan <= kappa_peak + 1e-12,
            "{what}: scan {scan} above peak {kappa_peak}"
        );
        assert!(
            scan >= kappa_peak - resolution,
            "{what}: scan {scan} below peak {kappa_peak} − {resolution}"
        );
        let grid_max = assert_landscape_matches(&data, &what);
        assert!(grid_max <= kappa_peak + 1e-12, "{what}");
        assert!(grid_max <= 0.0, "{what}");
    }
}

// ---------------------------------------------------------------------------------------------
// Curves

#[test]
fn curves_match_direct_evaluation() {
    for (seed, p, offset) in [(71, 5, 0.0), (72, 12, 2.0), (73, 3, -1.0)] {
        let data = teacher_data(seed, p, offset, 0.2);
        let tol = 1e-12 * max_norm(&data).max(1.0);
        for mu in 0..data.len() {
            let hom = curve(&data, mu, Mode::Homogeneous).unwrap();
            let thr = curve(&data, mu, Mode::Threshold).unwrap();
            assert_eq!(hom.len(), GRID);
            assert_eq!(thr.len(), GRID);
            for (k, p) in grid().iter().enumerate() {
                assert_abs_diff_eq!(*p, TAU * k as f64 / GRID as f64, epsilon = 1e-15);
                let u = unit(TAU * k as f64 / GRID as f64);
                let h = dot2(data.x(mu), u);
                assert_abs_diff_eq!(thr[k], h, epsilon = tol);
                assert_abs_diff_eq!(hom[k], data.y(mu) * h, epsilon = tol);
            }
        }
    }
    // a hand-computed one: ξ = (3,4), S = −1: κ = −(3 cos φ + 4 sin φ) = −5 cos(φ − atan(4/3))
    let d = dataset(&[3.0, 4.0], 2, &[-1.0]);
    let hom = curve(&d, 0, Mode::Homogeneous).unwrap();
    let thr = curve(&d, 0, Mode::Threshold).unwrap();
    let a = libm::atan(4.0f64 / 3.0);
    for (k, p) in grid().iter().enumerate() {
        assert_abs_diff_eq!(hom[k], -5.0 * libm::cos(p - a), epsilon = 1e-12);
        assert_abs_diff_eq!(thr[k], 5.0 * libm::cos(p - a), epsilon = 1e-12);
    }
    // curve(·, ·, Homogeneous) at φ = 0 and π/2 (grid angles, GRID divisible by 4)
    assert_eq!(GRID % 4, 0);
    assert_abs_diff_eq!(hom[0], -3.0, epsilon = 1e-15);
    assert_abs_diff_eq!(hom[GRID / 4], -4.0, epsilon = 1e-15);
}

#[test]
fn direction_is_the_angle_in_zero_to_two_pi() {
    assert_abs_diff_eq!(direction(&[1.0, 0.0]), 0.0, epsilon = 0.0);
    assert_abs_diff_eq!(direction(&[0.0, 2.0]), FRAC_PI_2, epsilon = 1e-15);
    assert_abs_diff_eq!(direction(&[-1.0, 0.0]), PI, epsilon = 1e-15);
    assert_abs_diff_eq!(direction(&[-1.0, -0.0]), PI, epsilon = 1e-15);
    assert_abs_diff_eq!(direction(&[0.0, -3.0]), 1.5 * PI, epsilon = 1e-15);
    assert_abs_diff_eq!(direction(&[1.0, -1.0]), 1.75 * PI, epsilon = 1e-15);
    // a tiny negative angle rounds to 2π, which must come back as 0
    let d = direction(&[1.0, -1e-300]);
    assert!((0.0..TAU).contains(&d), "{d}");
    assert!(circ_dist(d, 0.0) <= 1e-15);
}

/// A version space of many examples carries the curves of a uniform subsample (at most
/// MAX_CURVES), each equal to the example's own curve; of a few, every curve in order.
#[test]
fn many_examples_carry_a_uniform_subsample_of_curves() {
    use perceptron_lab::version_space::{curve_examples, VersionSpace, MAX_CURVES};
    assert_eq!(curve_examples(5), vec![0, 1, 2, 3, 4]);
    assert_eq!(curve_examples(MAX_CURVES).len(), MAX_CURVES);
    let every_third = curve_examples(1000);
    assert_eq!(every_third.len(), 334);
    assert!(every_third.iter().enumerate().all(|(j, &mu)| mu == 3 * j));
    let data = teacher_data(74, 1000, 0.5, 0.1);
    for mode in [Mode::Homogeneous, Mode::Threshold] {
        let vs = VersionSpace::compute(&data, mode).unwrap();
        assert_eq!(vs.curve_examples, every_third);
        assert_eq!(vs.curves.len(), every_third.len() * GRID);
        for (j, &mu) in vs.curve_examples.iter().enumerate().step_by(37) {
            assert_eq!(
                vs.curves[j * GRID..(j + 1) * GRID],
                curve(&data, mu, mode).unwrap()[..]
            );
        }
    }
}

/// The envelopes are taken over convex hulls ([`perceptron_lab::hull`]); on sets where every
/// point is a hull vertex (points on a circle), where most are interior (a large Gaussian set),
/// and with repeated and collinear points, they equal the minimum over every example.
#[test]
fn envelopes_from_the_hull_equal_those_of_every_example() {
    let mut sets = vec![];
    // 500 points on a circle of radius 2 around (0.3, −0.2), labelled by a line through it
    let circle: Vec<f64> = (0..500)
        .flat_map(|k| {
            let a = TAU * f64::from(k) / 500.0 + 0.001;
            [0.3 + 2.0 * libm::cos(a), -0.2 + 2.0 * libm::sin(a)]
        })
        .collect();
    let labels: Vec<f64> = circle
        .chunks(2)
        .map(|x| if x[0] - 0.5 * x[1] > 0.3 { 1.0 } else { -1.0 })
        .collect();
    sets.push(("circle".to_string(), dataset(&circle, 2, &labels)));
    // repeated and collinear points
    let mut xs = vec![];
    let mut ys = vec![];
    for k in 0..40 {
        let t = f64::from(k) / 10.0;
        xs.extend([1.0 + t, 0.5 * t, 1.0 + t, 0.5 * t, -1.0 - t, 2.0]);
        ys.extend([1.0, 1.0, -1.0]);
    }
    sets.push(("repeated and collinear".to_string(), dataset(&xs, 2, &ys)));
    for seed in 0..3 {
        sets.push((
            format!("Gaussian P = 10 000, seed {seed}"),
            teacher_data(seed, 10_000, 0.5, 0.0),
        ));
    }
    for (what, data) in &sets {
        assert_band_matches(data, what);
        assert_landscape_matches(data, what);
    }
}
