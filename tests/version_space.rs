//! The 2-D version-space geometry against independent references: brute-force scans of up to
//! 10^6 directions, direct evaluation of every sampled curve in the test, the exact solver of
//! [`perceptron_lab::exact`] (a different algorithm: the active-set solver through the origin,
//! Wolfe's nearest point with a threshold), hand-computed degenerate cases and the error contract.
//!
//! Conventions (module docs): a direction is `u(φ) = (cos φ, sin φ)`; example `μ` allows the open
//! half circle `κ^μ(φ) = S^μ ξ^μ·u(φ) > 0`; arcs are `[start, end]` in `[0, 2π)`, counter-clockwise,
//! possibly wrapping past 0 (`end < start`). With a threshold the band is
//! `lower = max_{S=−1} ξ·u < θ < upper = min_{S=+1} ξ·u`.
//!
//! Resolution bound used throughout: every curve `ξ·u(φ)` has `|d/dφ| ≤ |ξ| ≤ R = max_μ |ξ^μ|`,
//! and a min, a max, or the half-difference of one of each keeps the Lipschitz constant `R`; the
//! optimum lies within half a grid step `π/n` of a grid angle, so a grid maximum is at most
//! `R π / n` below the true one.

mod common;

use approx::assert_abs_diff_eq;
use common::{dataset, landscape_peak, shifted, unit};
use perceptron_lab::data::{generate, Dataset};
use perceptron_lab::exact::max_stability;
use perceptron_lab::rng::rng_from_seed;
use perceptron_lab::train::Mode;
use perceptron_lab::version_space::{
    arcs, band, curve, direction, grid, landscape, region_at, GRID,
};
use perceptron_lab::Error;
use rand::Rng as _;
use std::f64::consts::{FRAC_PI_2, PI, TAU};

// at least 360 angles are promised (`getState().versionSpace`)
const _: () = assert!(GRID >= 360);

/// A 2-D teacher set (Gaussian inputs, labels of a random homogeneous teacher), shifted by
/// `offset` in both coordinates (labels kept: separable with a threshold, in general not through
/// the origin), with label noise `noise`.
fn teacher_data(seed: u64, p: usize, offset: f64, noise: f64) -> Dataset {
    shifted(&common::teacher_data(seed, 2, p, noise), offset)
}

/// A 2-D teacher set whose teacher points at angle `phi` (so `phi` is in the version space).
fn teacher_data_at(seed: u64, p: usize, phi: f64) -> Dataset {
    let mut rng = rng_from_seed(seed);
    let t = [2f64.sqrt() * phi.cos(), 2f64.sqrt() * phi.sin()];
    generate::teacher_set(p, &t, 0.0, &mut rng).unwrap()
}

fn dot2(a: &[f64], b: [f64; 2]) -> f64 {
    a[0] * b[0] + a[1] * b[1]
}

/// `z^μ = S^μ ξ^μ`, computed here.
fn signed(data: &Dataset) -> Vec<[f64; 2]> {
    (0..data.len())
        .map(|mu| [data.y(mu) * data.x(mu)[0], data.y(mu) * data.x(mu)[1]])
        .collect()
}

/// `κ(φ) = min_μ z^μ·u(φ)`, computed here.
fn envelope(z: &[[f64; 2]], phi: f64) -> f64 {
    let u = unit(phi);
    z.iter()
        .map(|v| v[0] * u[0] + v[1] * u[1])
        .fold(f64::INFINITY, f64::min)
}

/// `max_μ |ξ^μ|` in 2-D, by `hypot` (no overflow or underflow at the extreme scales tested here).
fn max_norm(data: &Dataset) -> f64 {
    (0..data.len())
        .map(|mu| data.x(mu)[0].hypot(data.x(mu)[1]))
        .fold(0.0, f64::max)
}

/// `a` reduced to `[0, 2π)`.
fn wrap(a: f64) -> f64 {
    let r = a.rem_euclid(TAU);
    if r >= TAU {
        0.0
    } else {
        r
    }
}

/// Distance of two angles on the circle.
fn circ_dist(a: f64, b: f64) -> f64 {
    let d = (a - b).rem_euclid(TAU);
    d.min(TAU - d)
}

/// Counter-clockwise length of an arc (`2π` for the whole circle `[0, 2π]`).
fn arc_len(arc: [f64; 2]) -> f64 {
    if arc[1] - arc[0] >= TAU {
        TAU
    } else {
        wrap(arc[1] - arc[0])
    }
}

/// Whether `phi` lies on the closed counter-clockwise arc.
fn in_arc(phi: f64, arc: [f64; 2]) -> bool {
    arc_len(arc) >= TAU || wrap(phi - arc[0]) <= arc_len(arc)
}

/// Every direction `φ_k = 2πk/n` of the scan has `min_μ z^μ·u(φ_k) > 0` exactly when it lies on
/// the returned arc (no arc: no such direction), except grid angles within one step `2π/n` of an
/// endpoint. Returns the number of such tolerated disagreements.
fn assert_scan_matches(data: &Dataset, found: &[[f64; 2]], n: usize, what: &str) -> usize {
    assert!(found.len() <= 1, "{what}: one arc or none, got {found:?}");
    let z = signed(data);
    let step = TAU / n as f64;
    let mut disagreements = 0;
    let mut positive = 0;
    for k in 0..n {
        let phi = TAU * k as f64 / n as f64;
        let u = unit(phi);
        // early exit at the first example that rejects the direction
        let scan_in = z.iter().all(|v| v[0] * u[0] + v[1] * u[1] > 0.0);
        positive += usize::from(scan_in);
        let arc_in = found.first().is_some_and(|&a| in_arc(phi, a));
        if scan_in != arc_in {
            disagreements += 1;
            let near_end = found
                .first()
                .is_some_and(|a| a.iter().any(|&e| circ_dist(phi, e) <= step * (1.0 + 1e-9)));
            assert!(
                near_end,
                "{what}: φ = {phi} (k = {k} of {n}) scan says {scan_in}, arc {found:?} says {arc_in}"
            );
        }
    }
    assert!(disagreements <= 4, "{what}: {disagreements} disagreements");
    if found.is_empty() {
        assert_eq!(positive, 0, "{what}: the scan finds separating directions");
    }
    disagreements
}

/// An arc's endpoints are in `[0, 2π)`, its length is at most `π` (strictly less when two `z`
/// are not parallel), and each endpoint is a zero of the landscape `min_μ κ^μ` (so a zero of one
/// example's `κ^μ`, with no example negative there), to `1e-9`.
fn assert_arc_shape(data: &Dataset, arc: [f64; 2], what: &str) {
    let z = signed(data);
    for e in arc {
        assert!(
            (0.0..TAU).contains(&e),
            "{what}: endpoint {e} outside [0, 2π)"
        );
        let k = envelope(&z, e);
        assert!(k.abs() <= 1e-9, "{what}: κ(endpoint {e}) = {k}");
        let closest = z
            .iter()
            .map(|v| dot2(v, unit(e)).abs())
            .fold(f64::INFINITY, f64::min);
        assert!(closest <= 1e-9, "{what}: no κ^μ vanishes at {e}");
    }
    let len = arc_len(arc);
    assert!(len > 0.0, "{what}: arc {arc:?} of zero length");
    assert!(
        len <= PI + 1e-12,
        "{what}: arc {arc:?} longer than π: {len}"
    );
    let parallel = z
        .iter()
        .all(|v| (v[0] * z[0][1] - v[1] * z[0][0]).abs() <= 1e-12 && dot2(v, z[0]) > 0.0);
    if !parallel {
        assert!(len < PI, "{what}: arc {arc:?} of length {len} not < π");
    }
}

// ---------------------------------------------------------------------------------------------
// 1. Arcs against a brute-force scan

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
    assert_abs_diff_eq!(c[0][0], FRAC_PI_2 - 0.5f64.atan(), epsilon = 1e-12);
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
// 2. The threshold band

/// `(max_{S=−1} ξ·u, min_{S=+1} ξ·u)` at `φ`, computed here.
fn band_at(data: &Dataset, phi: f64) -> (f64, f64) {
    let u = unit(phi);
    let (mut lo, mut hi) = (f64::NEG_INFINITY, f64::INFINITY);
    for mu in 0..data.len() {
        let h = dot2(data.x(mu), u);
        if data.y(mu) > 0.0 {
            hi = hi.min(h);
        } else {
            lo = lo.max(h);
        }
    }
    (lo, hi)
}

/// `band()` against the band computed here at every grid angle: equal edges to `1e-12 R`, `NaN`
/// exactly where `lower ≥ upper` (a grid angle where the two differ by less than `1e-12 R` may go
/// either way). Returns `max_φ (upper − lower)/2` over the non-empty grid angles (`−∞` if none).
fn assert_band_matches(data: &Dataset, what: &str) -> f64 {
    let b = band(data).unwrap();
    assert_eq!(b.phi.len(), GRID);
    assert_eq!(b.lower.len(), GRID);
    assert_eq!(b.upper.len(), GRID);
    let tol = 1e-12 * max_norm(data).max(1.0);
    let mut best = f64::NEG_INFINITY;
    for k in 0..GRID {
        let phi = TAU * k as f64 / GRID as f64;
        assert_abs_diff_eq!(b.phi[k], phi, epsilon = 1e-15);
        let (lo, hi) = band_at(data, phi);
        let (l, u) = (b.lower[k], b.upper[k]);
        if (hi - lo).abs() <= tol {
            continue; // a touching band: either verdict is right
        }
        if lo >= hi {
            assert!(
                l.is_nan() && u.is_nan(),
                "{what}: φ = {phi}: empty band (lower {lo} ≥ upper {hi}) but got ({l}, {u})"
            );
        } else {
            assert!(
                !l.is_nan() && !u.is_nan(),
                "{what}: φ = {phi}: band ({lo}, {hi}) reported empty"
            );
            assert!(l < u, "{what}: φ = {phi}: lower {l} ≥ upper {u}");
            assert_abs_diff_eq!(l, lo, epsilon = tol);
            assert_abs_diff_eq!(u, hi, epsilon = tol);
            best = best.max(0.5 * (u - l));
        }
    }
    best
}

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
            assert_abs_diff_eq!(b.upper[k], phi.sin(), epsilon = 1e-15);
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

// ---------------------------------------------------------------------------------------------
// 3. The landscape through the origin and its peak

/// `landscape()` against the envelope computed here; returns its grid maximum.
fn assert_landscape_matches(data: &Dataset, what: &str) -> f64 {
    let (phi, kappa) = landscape(data).unwrap();
    assert_eq!(phi.len(), GRID);
    assert_eq!(kappa.len(), GRID);
    let z = signed(data);
    let tol = 1e-12 * max_norm(data).max(1.0);
    for k in 0..GRID {
        let p = TAU * k as f64 / GRID as f64;
        assert_abs_diff_eq!(phi[k], p, epsilon = 1e-15);
        let expected = envelope(&z, p);
        assert!(
            (kappa[k] - expected).abs() <= tol,
            "{what}: κ({p}) = {} but min_μ z·u = {expected}",
            kappa[k]
        );
    }
    kappa.iter().copied().fold(f64::NEG_INFINITY, f64::max)
}

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
        let phi_exact = w[1].atan2(w[0]);
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
// 4. Curves

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
    let a = (4.0f64 / 3.0).atan();
    for (k, p) in grid().iter().enumerate() {
        assert_abs_diff_eq!(hom[k], -5.0 * (p - a).cos(), epsilon = 1e-12);
        assert_abs_diff_eq!(thr[k], 5.0 * (p - a).cos(), epsilon = 1e-12);
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

// ---------------------------------------------------------------------------------------------
// 5. Degenerate cases

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
        let alpha = (s * x[1]).atan2(s * x[0]);
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
        assert_abs_diff_eq!(kappa, x[0].hypot(x[1]), epsilon = 1e-12);
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
    let alpha = 2f64.atan();
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
        let xs: Vec<f64> = (0..p * dim).map(|i| (i as f64).sin()).collect();
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

// ---------------------------------------------------------------------------------------------
// 6. Arcs that wrap past 0

#[test]
fn arcs_wrapping_past_zero() {
    // z = (1, 0.5), (1, −0.3), (1, −0.2): half circles centred on atan ½, −atan 0.3, −atan 0.2;
    // the arc runs from atan ½ − π/2 (< 0) to π/2 − atan 0.3 (> 0)
    let d = dataset(&[1.0, 0.5, 1.0, -0.3, -1.0, 0.2], 2, &[1.0, 1.0, -1.0]);
    let a = arcs(&d).unwrap();
    assert_eq!(a.len(), 1);
    assert!(a[0][1] < a[0][0], "{a:?} does not wrap");
    assert_abs_diff_eq!(a[0][0], 1.5 * PI + 0.5f64.atan(), epsilon = 1e-12);
    assert_abs_diff_eq!(a[0][1], FRAC_PI_2 - 0.3f64.atan(), epsilon = 1e-12);
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
            [0.3 + 2.0 * a.cos(), -0.2 + 2.0 * a.sin()]
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

/// The labelling the perceptron `(u(φ), θ)` gives the inputs, computed here (`None` on a boundary).
fn labelling_at(data: &Dataset, phi: f64, theta: f64) -> Option<Vec<f64>> {
    let u = unit(phi);
    (0..data.len())
        .map(|mu| {
            let h = dot2(data.x(mu), u) - theta;
            (h != 0.0).then_some(h.signum())
        })
        .collect()
}

/// `region_at` through the origin: the cell of the labelling of a random direction is the arc
/// on which a scan of directions gives that labelling (directions a little beyond each end give
/// another); at the exact optimum of a separable set it is the version space.
#[test]
fn region_at_through_the_origin_is_the_arc_of_one_labelling() {
    let mut rng = rng_from_seed(17);
    for seed in 0..20 {
        let data = teacher_data(
            seed,
            3 + seed as usize % 9,
            0.3 * f64::from(seed as u32 % 3),
            0.0,
        );
        for _ in 0..5 {
            let phi = TAU * rng.random::<f64>();
            let labels = labelling_at(&data, phi, 0.0).unwrap();
            let r = region_at(&data, Mode::Homogeneous, phi, 0.0)
                .unwrap()
                .unwrap();
            assert_eq!(r.labels, labels, "seed {seed}");
            let arc = r.arc.unwrap();
            assert!(
                in_arc(phi, arc),
                "seed {seed}: φ = {phi} outside its cell {arc:?}"
            );
            let len = arc_len(arc);
            for k in 1..100 {
                let inside = arc[0] + len * f64::from(k) / 100.0;
                assert_eq!(
                    labelling_at(&data, inside, 0.0).as_ref(),
                    Some(&labels),
                    "seed {seed}"
                );
            }
            for beyond in [arc[0] - 1e-7, arc[1] + 1e-7] {
                assert_ne!(
                    labelling_at(&data, beyond, 0.0).as_ref(),
                    Some(&labels),
                    "seed {seed}: the cell ends at a boundary"
                );
            }
        }
        let exact = max_stability(&data, Mode::Homogeneous).unwrap();
        if let Some(opt) = exact.perceptron {
            let r = region_at(&data, Mode::Homogeneous, direction(&opt.w), 0.0)
                .unwrap()
                .unwrap();
            assert_eq!(r.labels, data.labels());
            let vs = arcs(&data).unwrap()[0];
            assert_abs_diff_eq!(circ_dist(r.arc.unwrap()[0], vs[0]), 0.0, epsilon = 1e-12);
            assert_abs_diff_eq!(circ_dist(r.arc.unwrap()[1], vs[1]), 0.0, epsilon = 1e-12);
        }
    }
}

/// `region_at` with a threshold: at every grid angle the cell is the interval of θ that gives the
/// labelling of a random `(φ, θ)` (computed here from the inputs), empty (`NaN`) where none does.
#[test]
fn region_at_with_a_threshold_is_the_band_of_one_labelling() {
    let mut rng = rng_from_seed(18);
    for seed in 0..20 {
        let data = teacher_data(seed, 4 + seed as usize % 8, 0.5, 0.1);
        for _ in 0..5 {
            let phi = TAU * rng.random::<f64>();
            let theta = 2.0 * rng.random::<f64>() - 1.0;
            let labels = labelling_at(&data, phi, theta).unwrap();
            let r = region_at(&data, Mode::Threshold, phi, theta)
                .unwrap()
                .unwrap();
            assert_eq!(r.labels, labels);
            let relabelled =
                Dataset::from_row_major(data.features().to_vec(), 2, labels.clone()).unwrap();
            for k in 0..GRID {
                let phi_k = TAU * k as f64 / GRID as f64;
                let (lo, hi) = band_at(&relabelled, phi_k);
                if lo < hi - 1e-9 {
                    // one class: the missing side is ∓∞
                    let same = |a: f64, b: f64| a == b || (a - b).abs() <= 1e-12;
                    assert!(
                        same(r.lower[k], lo) && same(r.upper[k], hi),
                        "{:?} vs {:?}",
                        (r.lower[k], r.upper[k]),
                        (lo, hi)
                    );
                    let mid = match (lo.is_finite(), hi.is_finite()) {
                        (true, true) => 0.5 * (lo + hi),
                        (true, false) => lo + 1.0,
                        (false, true) => hi - 1.0,
                        (false, false) => 0.0,
                    };
                    assert_eq!(labelling_at(&data, phi_k, mid).as_ref(), Some(&labels));
                } else if lo > hi + 1e-9 {
                    assert!(r.lower[k].is_nan() && r.upper[k].is_nan());
                }
            }
        }
    }
}

#[test]
fn region_at_a_boundary_or_of_no_points_is_none() {
    let d = dataset(&[1.0, 0.0, 0.0, 2.0], 2, &[1.0, -1.0]);
    // u(0) is on the boundary of (0, 2)
    assert_eq!(region_at(&d, Mode::Homogeneous, 0.0, 0.0).unwrap(), None);
    // θ = 1 at φ = 0 passes through (1, 0)
    assert_eq!(region_at(&d, Mode::Threshold, 0.0, 1.0).unwrap(), None);
    assert!(region_at(&d, Mode::Threshold, 0.0, 0.5).unwrap().is_some());
    let empty = dataset(&[], 2, &[]);
    assert_eq!(region_at(&empty, Mode::Threshold, 0.0, 0.0).unwrap(), None);
    assert!(region_at(
        &dataset(&[1.0, 2.0, 3.0], 3, &[1.0]),
        Mode::Threshold,
        0.0,
        0.0
    )
    .is_err());
}
