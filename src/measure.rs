//! Measures of a perceptron `(w, θ)` on a data set (Biehl ch. 3).
//!
//! - local potential `E^μ = (w·ξ^μ − θ) S^μ`,
//! - stability `κ^μ = E^μ / |w|`, and the perceptron's stability `κ(w) = min_μ κ^μ`,
//! - training error: the fraction of examples with `E^μ ≤ 0`,
//! - generalisation error against a teacher `ε_g = arccos(w·w* / |w||w*|) / π`.

use crate::data::{exponent_to_one, max_abs, Dataset};
use crate::linalg::{angle, dot, norm};
use serde::Serialize;

/// Whether the decision boundary passes through the origin.
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    /// `θ = 0`: output `sign(w·ξ)`.
    Homogeneous,
    /// A threshold `θ` is learnt: output `sign(w·ξ − θ)`.
    Threshold,
}

impl Mode {
    /// `Threshold` if `on`, else `Homogeneous`.
    pub fn from_threshold(on: bool) -> Self {
        if on {
            Mode::Threshold
        } else {
            Mode::Homogeneous
        }
    }
}

/// A perceptron with output `sign(w·ξ − θ)`; `θ = 0` is the homogeneous case.
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Perceptron {
    /// Weights `w`.
    pub w: Vec<f64>,
    /// Threshold `θ`.
    pub theta: f64,
}

impl Perceptron {
    /// The perceptron `(w, θ)`.
    pub fn new(w: Vec<f64>, theta: f64) -> Self {
        Self { w, theta }
    }

    /// Local potential `E^μ = (w·ξ^μ − θ) S^μ`.
    pub fn potential(&self, data: &Dataset, mu: usize) -> f64 {
        (dot(&self.w, data.x(mu)) - self.theta) * data.y(mu)
    }

    /// The perceptron times `2^a`, `(2^a w, 2^a θ)`, with `a` bringing its largest number near 1
    /// (exactly: a power of two): the same decisions and stabilities, and potentials
    /// `2^a E^μ` that do not underflow when `w` is tiny (`w = (0, 10⁻³⁰⁰)` on inputs of
    /// `10⁻³⁰⁰`, whose products `10⁻⁶⁰⁰` would round to 0 and count as errors).
    fn near_one(&self) -> Self {
        let a = exponent_to_one(max_abs(&self.w).max(self.theta.abs()));
        Self::new(
            self.w.iter().map(|&v| libm::scalbn(v, a)).collect(),
            libm::scalbn(self.theta, a),
        )
    }

    /// Stabilities `κ^μ = (w·ξ^μ − θ) S^μ / |w|` of every example (computed for `2^a (w, θ)`,
    /// [`Perceptron::near_one`]); `NaN` for `w = 0`.
    pub fn stabilities(&self, data: &Dataset) -> Vec<f64> {
        let p = self.near_one();
        let n = norm(&p.w);
        (0..data.len())
            .map(|mu| {
                if n == 0.0 {
                    f64::NAN
                } else {
                    p.potential(data, mu) / n
                }
            })
            .collect()
    }

    /// `κ(w) = min_μ κ^μ`: positive iff every example is classified correctly, and then the
    /// distance from the decision boundary to the nearest example (computed for `2^a (w, θ)`,
    /// [`Perceptron::near_one`]). `NaN` if `w = 0` or the set is empty.
    pub fn stability(&self, data: &Dataset) -> f64 {
        let p = self.near_one();
        if data.is_empty() || norm(&p.w) == 0.0 {
            return f64::NAN;
        }
        // min_μ (E^μ / |w|) = (min_μ E^μ) / |w|: division by |w| > 0 keeps the order
        (0..data.len())
            .map(|mu| p.potential(data, mu))
            .fold(f64::INFINITY, f64::min)
            / norm(&p.w)
    }

    /// Number of examples with `E^μ ≤ 0` (on or behind the boundary), decided for `2^a (w, θ)`
    /// ([`Perceptron::near_one`]: the sign of `E^μ` without underflow).
    pub fn errors(&self, data: &Dataset) -> usize {
        let p = self.near_one();
        (0..data.len())
            .filter(|&mu| p.potential(data, mu) <= 0.0)
            .count()
    }

    /// Training error: [`Perceptron::errors`] divided by `P` (`NaN` for an empty set).
    pub fn training_error(&self, data: &Dataset) -> f64 {
        self.errors(data) as f64 / data.len() as f64
    }

    /// `ε_g = arccos(w·w* / |w||w*|) / π` for a homogeneous teacher `w*` and isotropic inputs.
    pub fn gen_error(&self, teacher: &[f64]) -> f64 {
        gen_error(&self.w, teacher)
    }
}

/// `ε_g = arccos(R) / π` with the overlap `R = w·w* / |w||w*|`.
pub fn gen_error(w: &[f64], teacher: &[f64]) -> f64 {
    angle(w, teacher) / std::f64::consts::PI
}

/// For fixed `w`, the threshold that maximises `min_μ (w·ξ^μ − θ) S^μ`:
/// `θ = (min_{S=+1} w·ξ + max_{S=−1} w·ξ) / 2`, the middle of the gap between the classes
/// along `w`. Returns `None` unless both classes are present.
pub fn best_threshold(w: &[f64], data: &Dataset) -> Option<f64> {
    let (lo_plus, hi_minus) = class_extremes(w, data)?;
    Some(0.5 * (lo_plus + hi_minus))
}

/// `(min_{S=+1} w·ξ, max_{S=−1} w·ξ)`, or `None` unless both classes are present.
pub fn class_extremes(w: &[f64], data: &Dataset) -> Option<(f64, f64)> {
    let mut lo_plus = f64::INFINITY;
    let mut hi_minus = f64::NEG_INFINITY;
    for mu in 0..data.len() {
        let h = dot(w, data.x(mu));
        if data.y(mu) > 0.0 {
            lo_plus = lo_plus.min(h);
        } else {
            hi_minus = hi_minus.max(h);
        }
    }
    (lo_plus.is_finite() && hi_minus.is_finite()).then_some((lo_plus, hi_minus))
}

/// The certified upper bound on the maximal stability from embedding strengths (docs/design.md,
/// "Stopping rules"): for any `x ≥ 0` with `w = Σ_μ x^μ S^μ ξ^μ` (and, with a threshold,
/// `Σ_μ x^μ S^μ = 0`), `κ_max ≤ |w| / Σ_μ x^μ`.
///
/// Proof: the optimal unit `w_opt` has `(w_opt·ξ^μ − θ_opt) S^μ ≥ κ_max` for every `μ`; multiply
/// by `x^μ ≥ 0` and sum: `κ_max Σ x^μ ≤ w_opt·w − θ_opt Σ x^μ S^μ = w_opt·w ≤ |w|`.
/// (With the book's scaling `w = (1/N) Σ x^μ S^μ ξ^μ` this reads `κ_max ≤ N|w| / Σ x^μ`.)
/// Returns `+∞` when `Σ x^μ = 0`.
pub fn stability_upper_bound(w: &[f64], embedding: &[f64]) -> f64 {
    let total: f64 = embedding.iter().sum();
    if total <= 0.0 {
        f64::INFINITY
    } else {
        norm(w) / total
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn two_points() -> Dataset {
        Dataset::from_row_major(vec![2.0, 0.0, -1.0, 0.0], 2, vec![1.0, -1.0]).unwrap()
    }

    #[test]
    fn stabilities_by_hand() {
        let d = two_points();
        let p = Perceptron::new(vec![2.0, 0.0], 0.0);
        // κ^1 = 2·2/2 = 2, κ^2 = (−1·2)(−1)/2 = 1
        assert_eq!(p.stabilities(&d), vec![2.0, 1.0]);
        assert_eq!(p.stability(&d), 1.0);
        assert_eq!(p.errors(&d), 0);
        let q = Perceptron::new(vec![1.0, 0.0], 0.5);
        // with θ = 0.5 the gap middle: κ = 1.5 both
        assert_eq!(best_threshold(&q.w, &d), Some(0.5));
        assert_eq!(q.stabilities(&d), vec![1.5, 1.5]);
        assert!(Perceptron::new(vec![0.0, 0.0], 0.0).stability(&d).is_nan());
        let bad = Perceptron::new(vec![-1.0, 0.0], 0.0);
        assert_eq!(bad.errors(&d), 2);
        assert_eq!(bad.training_error(&d), 1.0);
    }

    #[test]
    fn gen_error_is_angle_over_pi() {
        assert!((gen_error(&[1.0, 0.0], &[1.0, 1.0]) - 0.25).abs() < 1e-15);
        assert!((gen_error(&[1.0, 0.0], &[-1.0, 0.0]) - 1.0).abs() < 1e-15);
    }

    #[test]
    fn upper_bound_by_hand() {
        // w = 1·(2,0) + 1·(1,0) [z of the −1 point at (−1,0)] = (3,0); Σx = 2 → bound 1.5 ≥ κ_max = 1.5
        assert_eq!(stability_upper_bound(&[3.0, 0.0], &[1.0, 1.0]), 1.5);
        assert_eq!(
            stability_upper_bound(&[3.0, 0.0], &[0.0, 0.0]),
            f64::INFINITY
        );
    }
}
