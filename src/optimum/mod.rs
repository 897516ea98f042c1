//! The gradient rules' own optima, the references their answers are measured against as
//! MinOver's and AdaTron's are against the exact maximal stability ([`crate::exact`]): the
//! minimum of the cost `E(v) = Σ_μ c(v·ξ̃^μ, S^μ)` a rule's spec says it minimises
//! ([`Objective`]), over `v = (w, θ)` with the augmented inputs `ξ̃ = (ξ, −1)` (`v = w`,
//! `ξ̃ = ξ` through the origin).
//!
//! Computed independently of the rules, by Newton's method on the exact gradient
//! `∇E = Σ_μ c′ ξ̃^μ` and Hessian `H = Σ_μ c″ ξ̃^μ ξ̃^μᵀ` ([`newton`]): for least squares
//! (Adaline) one step from 0 is the closed form `v* = (Σ ξ̃ξ̃ᵀ)⁻¹ Σ S ξ̃`; for the convex
//! cross-entropy it converges from 0; the squared sigmoid costs, which are not convex, start
//! from the cross-entropy's (logistic) or the least-squares (tanh) optimum and take
//! Levenberg–Marquardt-damped steps to the minimum near it. A sigmoid cost has no minimum at
//! finite `v` on a separable set ([`Optimum::Unbounded`]): it falls for ever as `|w|` grows
//! along a separating direction.
//!
//! The soft margin's cost `|w|²/2 + γ Σ_μ max(0, 1 − E^μ)` ([`Objective::Hinge`]) is not smooth:
//! its optimum is found by an exact active-set solution of its optimality conditions
//! ([`soft_margin`]).
//!
//! [`Distance`] is how far a rule's answer is from the optimum: its cost gap `E(v) − E(v*)` and
//! the angle between `v` and `v*`.

mod newton;
pub mod soft_margin;

use crate::data::{unscale, Dataset};
use crate::linalg::{angle, dot};
use crate::measure::Perceptron;
use crate::train::logistic::Loss;
use crate::train::objective::Objective;
use crate::train::Mode;
pub use newton::newton;

/// Newton's method stops at `|∇E| ≤ TOLERANCE · Σ_μ |ξ̃^μ|` (the rules' own stop is at 10⁻⁶).
pub const TOLERANCE: f64 = 1e-12;

/// A cost's optimum on a set.
#[derive(Debug, Clone, PartialEq)]
pub enum Optimum {
    /// The minimum at `(w, θ)` and its cost `E`.
    At {
        /// The minimiser.
        perceptron: Perceptron,
        /// `E` there.
        cost: f64,
    },
    /// No minimum at finite `(w, θ)`: a sigmoid cost on a separable set.
    Unbounded,
    /// No stationary point found: a singular Hessian (fewer independent examples than
    /// weights), or Newton's method did not converge.
    Unknown,
}

/// How far an answer is from the optimum.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Distance {
    /// `E(v) − E(v*)` (negative only where a non-convex cost's answer found a lower minimum).
    pub cost_gap: f64,
    /// The angle between `v = (w, θ)` and `v*`, in radians.
    pub angle: f64,
}

/// `v = (w, θ)` of `p` in `mode` (`w` through the origin).
pub(crate) fn vector(p: &Perceptron, mode: Mode) -> Vec<f64> {
    let mut v = p.w.clone();
    if mode == Mode::Threshold {
        v.push(p.theta);
    }
    v
}

/// The perceptron of `v` in `mode`.
fn perceptron(mut v: Vec<f64>, mode: Mode) -> Perceptron {
    let theta = if mode == Mode::Threshold {
        v.pop().unwrap_or(0.0)
    } else {
        0.0
    };
    Perceptron::new(v, theta)
}

/// `E(p) = R(w) + Σ_μ c(w·ξ^μ − θ, S^μ)` on `data` ([`Objective::regulariser`]).
pub fn total(objective: Objective, p: &Perceptron, data: &Dataset) -> f64 {
    objective.regulariser(&p.w)
        + (0..data.len())
            .map(|mu| objective.cost(dot(&p.w, data.x(mu)) - p.theta, data.y(mu)))
            .sum::<f64>()
}

/// The optimum of `objective` on `data` in `mode`, on a set that is `separable` or not (exact
/// test; module docs), in the units the rules run in: on the set brought near 1 by `2^k`
/// ([`Dataset::in_range`], [`crate::train::rescaled`]), its `w` as found there and `θ` times
/// `2^−k`, its cost that of the set near 1 (the same as the set's own where `k = 0`; the
/// soft margin's `γ` applies there, as for the rule).
pub fn optimum(objective: Objective, data: &Dataset, mode: Mode, separable: bool) -> Optimum {
    let (near, k) = data.in_range();
    match optimum_near_one(objective, &near, mode, separable) {
        Optimum::At { perceptron, cost } => Optimum::At {
            perceptron: Perceptron::new(perceptron.w, unscale(perceptron.theta, k)),
            cost,
        },
        other => other,
    }
}

/// [`optimum`] on a set near 1.
fn optimum_near_one(objective: Objective, data: &Dataset, mode: Mode, separable: bool) -> Optimum {
    if data.is_empty() {
        return Optimum::Unknown;
    }
    if !objective.bounded(separable) {
        return Optimum::Unbounded;
    }
    let zero = vec![0.0; data.dim() + usize::from(mode == Mode::Threshold)];
    let start = match objective {
        Objective::LeastSquares | Objective::Sigmoid(Loss::CrossEntropy) => Some(zero),
        Objective::Sigmoid(Loss::Squared) => {
            newton(Objective::Sigmoid(Loss::CrossEntropy), &zero, data, mode)
        }
        Objective::Sigmoid(Loss::Tanh) => newton(Objective::LeastSquares, &zero, data, mode),
        Objective::Hinge { gamma } => return soft_margin::optimum(data, mode, gamma),
    };
    match start.and_then(|s| newton(objective, &s, data, mode)) {
        Some(v) => {
            let p = perceptron(v, mode);
            Optimum::At {
                cost: total(objective, &p, data),
                perceptron: p,
            }
        }
        None => Optimum::Unknown,
    }
}

impl Optimum {
    /// How far `answer` is from the optimum, where there is one: both on the set near 1, as
    /// [`optimum`] (`θ` times `2^k`).
    pub fn distance(
        &self,
        objective: Objective,
        answer: &Perceptron,
        data: &Dataset,
        mode: Mode,
    ) -> Option<Distance> {
        let Optimum::At { perceptron, cost } = self else {
            return None;
        };
        let (near, k) = data.in_range();
        let near_one = |p: &Perceptron| Perceptron::new(p.w.clone(), unscale(p.theta, -k));
        let (answer, perceptron) = (near_one(answer), near_one(perceptron));
        Some(Distance {
            cost_gap: total(objective, &answer, &near) - cost,
            angle: angle(&vector(&answer, mode), &vector(&perceptron, mode)),
        })
    }
}
