//! Helpers shared by the integration tests, written from the definitions and independent of the
//! crate's own `linalg` and `measure` (a test that checks the crate against them does not check
//! the crate against itself).
//!
//! Conventions (crate docs): `E^μ = (w·ξ^μ − θ) S^μ`, `κ^μ = E^μ / |w|`, `κ(w) = min_μ κ^μ`,
//! `z^μ = S^μ ξ^μ`, embedding strengths `x^μ` with `w = Σ_μ x^μ S^μ ξ^μ`.
//!
//! Each test file is its own crate and uses some of these, hence `dead_code` is allowed.
//! Running the binary is in [`cli`]; the helpers of the suites split over several files are in
//! a module each ([`charts`], [`estimator_checks`], [`training`], [`version_space`]); the soft
//! margin's independent QP solver is [`qp`].
#![allow(dead_code)]

pub mod charts;
pub mod cli;
pub mod docs;
pub mod estimator_checks;
pub mod optimum;
pub mod qp;
pub mod training;
pub mod version_space;

use perceptron_lab::data::{generate, Dataset};
use perceptron_lab::exact::{max_stability_with, Exact, Solver};
use perceptron_lab::rng::rng_from_seed;
use perceptron_lab::train::Mode;

/// The exact maximal stability of `data` in `mode` by Wolfe's algorithm alone (the reference the
/// fast solvers are checked against, `tests/exact_dual.rs`).
///
/// # Errors
/// As `exact::max_stability`.
pub fn max_stability_reference(data: &Dataset, mode: Mode) -> perceptron_lab::Result<Exact> {
    max_stability_with(data, mode, Solver::Wolfe)
}

/// `a·b`, summed left to right.
pub fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// `|a| = √(a·a)`.
pub fn norm(a: &[f64]) -> f64 {
    dot(a, a).sqrt()
}

/// `max_μ |ξ^μ|`.
pub fn max_norm(data: &Dataset) -> f64 {
    (0..data.len())
        .map(|mu| norm(data.x(mu)))
        .fold(0.0, f64::max)
}

/// The unit vector `u(φ) = (cos φ, sin φ)`.
pub fn unit(phi: f64) -> [f64; 2] {
    let (s, c) = (libm::sin(phi), libm::cos(phi));
    [c, s]
}

/// A data set from row-major inputs `xs` (`P × dim`) and labels `ys`; panics if invalid.
pub fn dataset(xs: &[f64], dim: usize, ys: &[f64]) -> Dataset {
    Dataset::from_row_major(xs.to_vec(), dim, ys.to_vec()).unwrap()
}

/// A seeded teacher set: teacher `w*` (`N` components), then `P` Gaussian inputs labelled
/// `S = sign(w*·ξ)`, each label flipped with probability `noise`.
pub fn teacher_data(seed: u64, n: usize, p: usize, noise: f64) -> Dataset {
    let mut rng = rng_from_seed(seed);
    let t = generate::teacher(n, &mut rng);
    generate::teacher_set(p, &t, noise, &mut rng).unwrap()
}

/// `data` with `offset` added to every coordinate, labels kept (a teacher set shifted so: then
/// separable with the threshold `θ = w*·(offset, …, offset)`, in general not through the origin).
pub fn shifted(data: &Dataset, offset: f64) -> Dataset {
    let xs: Vec<f64> = data.features().iter().map(|v| v + offset).collect();
    Dataset::from_row_major(xs, data.dim(), data.labels().to_vec()).unwrap()
}

/// `z^μ = S^μ ξ^μ`, one vector per example.
pub fn signed_rows(data: &Dataset) -> Vec<Vec<f64>> {
    (0..data.len())
        .map(|mu| data.x(mu).iter().map(|v| v * data.y(mu)).collect())
        .collect()
}

/// The local potential `E^μ = (w·ξ^μ − θ) S^μ`.
pub fn potential(w: &[f64], theta: f64, data: &Dataset, mu: usize) -> f64 {
    (dot(w, data.x(mu)) - theta) * data.y(mu)
}

/// `min_μ E^μ`.
pub fn min_potential(w: &[f64], theta: f64, data: &Dataset) -> f64 {
    (0..data.len())
        .map(|mu| potential(w, theta, data, mu))
        .fold(f64::INFINITY, f64::min)
}

/// The stability `κ(w, θ) = min_μ (w·ξ^μ − θ) S^μ / |w|`.
pub fn kappa(w: &[f64], theta: f64, data: &Dataset) -> f64 {
    let n = norm(w);
    (0..data.len())
        .map(|mu| potential(w, theta, data, mu) / n)
        .fold(f64::INFINITY, f64::min)
}

/// The number of training errors `#{μ : E^μ ≤ 0}` (on or behind the boundary).
pub fn errors(w: &[f64], theta: f64, data: &Dataset) -> usize {
    (0..data.len())
        .filter(|&mu| potential(w, theta, data, mu) <= 0.0)
        .count()
}

/// The weights `w = Σ_μ x^μ S^μ ξ^μ` of the embedding strengths `x`.
pub fn embedded_weights(x: &[f64], data: &Dataset) -> Vec<f64> {
    let mut w = vec![0.0; data.dim()];
    for (mu, &xm) in x.iter().enumerate() {
        for (wi, xi) in w.iter_mut().zip(data.x(mu)) {
            *wi += xm * data.y(mu) * xi;
        }
    }
    w
}

/// Cover's `C(P, N) = 2 Σ_{i<N} binom(P−1, i)`; `C(0, N) = 1`.
pub fn cover(p: u64, n: u64) -> u64 {
    if p == 0 {
        return 1;
    }
    if n == 0 {
        return 0;
    }
    // binom(P−1, i) for i = 0, 1, …, N − 1
    let mut binom = 1u64;
    let mut sum = 1;
    for i in 1..n.min(p) {
        binom = binom * (p - i) / i;
        sum += binom;
    }
    2 * sum
}

/// The exact peak `(φ, κ)` of the landscape `κ(φ) = min_μ κ^μ(φ)` through the origin, found
/// without the optimiser of `perceptron_lab::exact`: the maximum of a lower envelope of sinusoids lies
/// either at the crest `φ = α_μ` of one curve (value `|ξ^μ|`) or where two curves cross,
/// `(z^i − z^j)·u(φ) = 0`, i.e. `φ = atan2(Δz_y, Δz_x) ± π/2`. Every candidate is evaluated; the
/// best is returned. `O(P³)`: a reference for the tests of `version_space`.
///
/// # Errors
/// `Error::OutOfRange` unless the data are 2-D; `Error::Empty` for no data (as the crate's
/// `version_space` functions).
pub fn landscape_peak(data: &Dataset) -> perceptron_lab::Result<(f64, f64)> {
    use perceptron_lab::Error;
    use std::f64::consts::{FRAC_PI_2, TAU};
    if data.dim() != 2 {
        return Err(Error::OutOfRange {
            name: "dimension N of the version-space view",
            value: data.dim() as f64,
            range: "{2}",
        });
    }
    if data.is_empty() {
        return Err(Error::Empty);
    }
    let z: Vec<[f64; 2]> = (0..data.len())
        .map(|mu| [data.y(mu) * data.x(mu)[0], data.y(mu) * data.x(mu)[1]])
        .collect();
    // into [0, 2π) (`rem_euclid` can round up to 2π)
    let wrap = |a: f64| {
        let r = a.rem_euclid(TAU);
        if r >= TAU {
            0.0
        } else {
            r
        }
    };
    let kappa_at = |phi: f64| {
        let (c, s) = (libm::cos(phi), libm::sin(phi));
        z.iter()
            .map(|v| v[0] * c + v[1] * s)
            .fold(f64::INFINITY, f64::min)
    };
    let mut candidates: Vec<f64> = z.iter().map(|v| libm::atan2(v[1], v[0])).collect();
    for i in 0..z.len() {
        for j in i + 1..z.len() {
            let d = [z[i][0] - z[j][0], z[i][1] - z[j][1]];
            if d != [0.0, 0.0] {
                let a = libm::atan2(d[1], d[0]);
                candidates.extend([a + FRAC_PI_2, a - FRAC_PI_2]);
            }
        }
    }
    let (phi, kappa) = candidates
        .into_iter()
        .map(|phi| (wrap(phi), kappa_at(phi)))
        .fold((0.0, f64::NEG_INFINITY), |best, c| {
            if c.1 > best.1 {
                c
            } else {
                best
            }
        });
    Ok((phi, kappa))
}
