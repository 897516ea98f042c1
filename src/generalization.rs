//! The generalisation error of a student `(w, θ)` against a teacher `(w*, θ*)`: the probability
//! that the two disagree on a new input `ξ ~ N(0, 1)^N` (the inputs of every student–teacher set
//! of the lab, [`crate::data::generate`]), computed, not sampled.
//!
//! # Derivation
//! The projections `u = w·ξ/|w|` and `v = w*·ξ/|w*|` are standard normal with correlation
//! `R = w·w*/(|w||w*|)` (the overlap). The student says `+1` iff `u > a` with `a = θ/|w|`, the
//! teacher iff `v > b` with `b = θ*/|w*|`. Writing `v = R u + s z` with `s = √(1 − R²)` and `z`
//! standard normal independent of `u`, given `u` the teacher says `−1` with probability
//! `Φ(c(u))`, `c(u) = (b − R u)/s`. So
//!
//! `ε_g = ∫_a^∞ φ(u) Φ(c(u)) du + ∫_{−∞}^a φ(u) H(c(u)) du`,
//!
//! which for `a = b = 0` is `arccos(R)/π` (the angle between `w` and `w*` over `π`). At `R = ±1`
//! (`s = 0`) the teacher's projection is `±u` and `ε_g = |Φ(a) − Φ(b)|` (`R = 1`) or
//! `H(max(a, −b)) + Φ(min(a, −b))` (`R = −1`).
//!
//! The integral runs over `[−12, 12]` (the tails are below `e^{−70}`) with the 10-point
//! Gauss–Legendre rule on a mesh split at `u = a` (where the integrand jumps) and graded towards
//! `u₀ = b/R`, where `Φ(c(u))` steps from 1 to 0 over a width `s/|R|` (panels of width
//! `s/|R|·2^k` around it, and at most ½ elsewhere): the error is below `1e-12` for every `R`.

use crate::linalg::{dot, norm};
use crate::theory::h;
use crate::theory::quad::gauss_legendre;

/// Beyond this the Gaussian tails do not count (`H(12) < e^{−70}`).
const T_MAX: f64 = 12.0;

/// `ε_g`, the probability under `ξ ~ N(0, 1)^N` that `sign(w·ξ − θ) ≠ sign(w*·ξ − θ*)` (see the
/// module's derivation). `NaN` when `w` or `w*` is zero or the dimensions differ.
pub fn generalization_error(w: &[f64], theta: f64, teacher: &[f64], teacher_theta: f64) -> f64 {
    let (nw, nt) = (norm(w), norm(teacher));
    if w.len() != teacher.len() || !(nw > 0.0 && nt > 0.0) {
        return f64::NAN;
    }
    let r = (dot(w, teacher) / (nw * nt)).clamp(-1.0, 1.0);
    disagreement(r, theta / nw, teacher_theta / nt)
}

/// The probability that `sign(u − a) ≠ sign(v − b)` for standard normal `u`, `v` with
/// correlation `r` (the module's formula).
pub fn disagreement(r: f64, a: f64, b: f64) -> f64 {
    let phi = |x: f64| h(-x);
    let s = (1.0 - r * r).max(0.0).sqrt();
    if s < 1e-9 {
        return if r > 0.0 {
            (phi(a) - phi(b)).abs()
        } else {
            h(a.max(-b)) + phi(a.min(-b))
        };
    }
    let c = |u: f64| (b - r * u) / s;
    let mut upper = |u: f64| crate::theory::gauss_density(u) * phi(c(u));
    let mut lower = |u: f64| crate::theory::gauss_density(u) * h(c(u));
    let a_in = a.clamp(-T_MAX, T_MAX);
    let mesh = mesh(a_in, (r.abs() > 1e-300).then(|| (b / r, s / r.abs())));
    let mut total = 0.0;
    for pair in mesh.windows(2) {
        let (lo, hi) = (pair[0], pair[1]);
        total += if hi <= a_in {
            gauss_legendre(&mut lower, lo, hi)
        } else {
            gauss_legendre(&mut upper, lo, hi)
        };
    }
    total.clamp(0.0, 1.0)
}

/// The breakpoints on `[−T_MAX, T_MAX]`: every ½, the jump at `a`, and around the step
/// `(u₀, width)` points `u₀ ± width·2^k` (sorted, without repeats).
fn mesh(a: f64, step: Option<(f64, f64)>) -> Vec<f64> {
    let mut points: Vec<f64> = (0..=48).map(|k| -T_MAX + 0.5 * f64::from(k)).collect();
    points.push(a);
    if let Some((u0, width)) = step {
        if u0.abs() < T_MAX {
            points.push(u0);
            let mut d = width / 4.0;
            while d < 2.0 * T_MAX {
                points.extend([u0 - d, u0 + d]);
                d *= 2.0;
            }
        }
    }
    points.retain(|p| p.abs() <= T_MAX);
    points.sort_by(f64::total_cmp);
    points.dedup_by(|x, y| (*x - *y).abs() < 1e-15);
    points
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::f64::consts::PI;

    #[test]
    fn through_the_origin_it_is_the_angle_over_pi() {
        for r in [-1.0, -0.9, -0.3, 0.0, 0.5, 0.99, 0.999_999, 1.0] {
            let e = disagreement(r, 0.0, 0.0);
            assert!((e - libm::acos(r) / PI).abs() < 1e-12, "R = {r}: {e}");
        }
    }
}
