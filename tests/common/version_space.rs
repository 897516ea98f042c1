//! Helpers of the 2-D version-space suites (`tests/version_space_*.rs`): teacher sets, the
//! geometry computed here from the definitions (signed inputs, the landscape and the band by
//! direct evaluation, angles and arcs on the circle), and the assertions that hold the crate's
//! arcs, band and landscape against it.
//!
//! Conventions (module docs of `perceptron_lab::version_space`): a direction is
//! `u(φ) = (cos φ, sin φ)`; example `μ` allows the open half circle `κ^μ(φ) = S^μ ξ^μ·u(φ) > 0`;
//! arcs are `[start, end]` in `[0, 2π)`, counter-clockwise, possibly wrapping past 0
//! (`end < start`). With a threshold the band is
//! `lower = max_{S=−1} ξ·u < θ < upper = min_{S=+1} ξ·u`.

use super::{shifted, unit};
use approx::assert_abs_diff_eq;
use perceptron_lab::data::{generate, Dataset};
use perceptron_lab::rng::rng_from_seed;
use perceptron_lab::version_space::{band, landscape, GRID};
use std::f64::consts::{PI, TAU};

/// A 2-D teacher set (Gaussian inputs, labels of a random homogeneous teacher), shifted by
/// `offset` in both coordinates (labels kept: separable with a threshold, in general not through
/// the origin), with label noise `noise`.
pub fn teacher_data(seed: u64, p: usize, offset: f64, noise: f64) -> Dataset {
    shifted(&super::teacher_data(seed, 2, p, noise), offset)
}

/// A 2-D teacher set whose teacher points at angle `phi` (so `phi` is in the version space).
pub fn teacher_data_at(seed: u64, p: usize, phi: f64) -> Dataset {
    let mut rng = rng_from_seed(seed);
    let t = [2f64.sqrt() * libm::cos(phi), 2f64.sqrt() * libm::sin(phi)];
    generate::teacher_set(p, &t, 0.0, &mut rng).unwrap()
}

pub fn dot2(a: &[f64], b: [f64; 2]) -> f64 {
    a[0] * b[0] + a[1] * b[1]
}

/// `z^μ = S^μ ξ^μ`, computed here.
pub fn signed(data: &Dataset) -> Vec<[f64; 2]> {
    (0..data.len())
        .map(|mu| [data.y(mu) * data.x(mu)[0], data.y(mu) * data.x(mu)[1]])
        .collect()
}

/// `κ(φ) = min_μ z^μ·u(φ)`, computed here.
pub fn envelope(z: &[[f64; 2]], phi: f64) -> f64 {
    let u = unit(phi);
    z.iter()
        .map(|v| v[0] * u[0] + v[1] * u[1])
        .fold(f64::INFINITY, f64::min)
}

/// `max_μ |ξ^μ|` in 2-D, by `hypot` (no overflow or underflow at the extreme scales tested here).
pub fn max_norm(data: &Dataset) -> f64 {
    (0..data.len())
        .map(|mu| libm::hypot(data.x(mu)[0], data.x(mu)[1]))
        .fold(0.0, f64::max)
}

/// `a` reduced to `[0, 2π)`.
pub fn wrap(a: f64) -> f64 {
    let r = a.rem_euclid(TAU);
    if r >= TAU {
        0.0
    } else {
        r
    }
}

/// Distance of two angles on the circle.
pub fn circ_dist(a: f64, b: f64) -> f64 {
    let d = (a - b).rem_euclid(TAU);
    d.min(TAU - d)
}

/// Counter-clockwise length of an arc (`2π` for the whole circle `[0, 2π]`).
pub fn arc_len(arc: [f64; 2]) -> f64 {
    if arc[1] - arc[0] >= TAU {
        TAU
    } else {
        wrap(arc[1] - arc[0])
    }
}

/// Whether `phi` lies on the closed counter-clockwise arc.
pub fn in_arc(phi: f64, arc: [f64; 2]) -> bool {
    arc_len(arc) >= TAU || wrap(phi - arc[0]) <= arc_len(arc)
}

/// Every direction `φ_k = 2πk/n` of the scan has `min_μ z^μ·u(φ_k) > 0` exactly when it lies on
/// the returned arc (no arc: no such direction), except grid angles within one step `2π/n` of an
/// endpoint. Returns the number of such tolerated disagreements.
pub fn assert_scan_matches(data: &Dataset, found: &[[f64; 2]], n: usize, what: &str) -> usize {
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
pub fn assert_arc_shape(data: &Dataset, arc: [f64; 2], what: &str) {
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

/// `(max_{S=−1} ξ·u, min_{S=+1} ξ·u)` at `φ`, computed here.
pub fn band_at(data: &Dataset, phi: f64) -> (f64, f64) {
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
pub fn assert_band_matches(data: &Dataset, what: &str) -> f64 {
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

/// `landscape()` against the envelope computed here; returns its grid maximum.
pub fn assert_landscape_matches(data: &Dataset, what: &str) -> f64 {
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
