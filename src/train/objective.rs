//! What a gradient rule minimises ([`Objective`]), one example at a time: the cost `c(a, S)` of
//! an example with activation `a = w·ξ − θ` and label `S = ±1`, its slope `∂c/∂a` (the rule's
//! step is `−(η/N) ∂c/∂a ξ̃`) and its curvature `∂²c/∂a²` (for Newton's method,
//! [`crate::optimum`]). The total is `E(w, θ) = R(w) + Σ_μ c(a^μ, S^μ)`, with a regulariser `R`
//! only for the soft margin's hinge cost ([`Objective::regulariser`]).

use super::logistic::{sigmoid, Loss};
use crate::maths;

/// A gradient rule's cost, or the soft margin's (whose reference optimum is measured alike).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Objective {
    /// Adaline: `c = ½ (1 − a S)²` (every example at potential 1; Biehl §3.7.2).
    LeastSquares,
    /// A sigmoid unit's cost ([`Loss`]).
    Sigmoid(Loss),
    /// The soft margin (Biehl §4.1.2): `c = γ max(0, 1 − a S)` beside the regulariser
    /// `R(w) = |w|²/2`, so `E = |w|²/2 + γ Σ_μ β^μ` with slacks `β^μ = max(0, 1 − E^μ)`.
    Hinge {
        /// The bound `γ` of the embedding strengths.
        gamma: f64,
    },
}

impl Objective {
    /// `c(a, S)`.
    pub fn cost(self, a: f64, s: f64) -> f64 {
        match self {
            Objective::LeastSquares => 0.5 * (1.0 - a * s) * (1.0 - a * s),
            Objective::Sigmoid(loss) => loss.cost(a, s),
            Objective::Hinge { gamma } => gamma * (1.0 - a * s).max(0.0),
        }
    }

    /// `R(w)`: `|w|²/2` for the hinge cost, 0 for the others.
    pub fn regulariser(self, w: &[f64]) -> f64 {
        match self {
            Objective::Hinge { .. } => crate::linalg::norm_sq(w) / 2.0,
            _ => 0.0,
        }
    }

    /// This cost with the soft margin's `γ` set to `gamma` (the others have none).
    #[must_use]
    pub fn with_gamma(self, gamma: f64) -> Self {
        match self {
            Objective::Hinge { .. } => Objective::Hinge { gamma },
            other => other,
        }
    }

    /// `∂c/∂a`: `−(1 − a S) S`, the loss's slope, or the hinge's `−γ S [a S < 1]`.
    pub fn slope(self, a: f64, s: f64) -> f64 {
        match self {
            Objective::LeastSquares => -(1.0 - a * s) * s,
            Objective::Sigmoid(loss) => loss.slope(a, s),
            Objective::Hinge { gamma } => {
                if a * s < 1.0 {
                    -gamma * s
                } else {
                    0.0
                }
            }
        }
    }

    /// `∂²c/∂a²`: 1 for least squares; `σ(1 − σ)` for cross-entropy; for `½(y − t)²` with
    /// `y = σ(a)` or `y = tanh a`, `y′² + (y − t) y″` (`σ′ = σ(1 − σ)`, `σ″ = σ′(1 − 2σ)`;
    /// `tanh′ = 1 − tanh²`, `tanh″ = −2 tanh · tanh′`); 0 for the hinge (off its kink).
    pub fn curvature(self, a: f64, s: f64) -> f64 {
        let t = f64::from(u8::from(s > 0.0));
        match self {
            Objective::LeastSquares => 1.0,
            Objective::Hinge { .. } => 0.0,
            Objective::Sigmoid(Loss::CrossEntropy) => {
                let y = sigmoid(a);
                y * (1.0 - y)
            }
            Objective::Sigmoid(Loss::Squared) => {
                let y = sigmoid(a);
                let d1 = y * (1.0 - y);
                d1 * d1 + (y - t) * d1 * (1.0 - 2.0 * y)
            }
            Objective::Sigmoid(Loss::Tanh) => {
                let y = maths::tanh(a);
                let d1 = 1.0 - y * y;
                d1 * d1 - (y - s) * 2.0 * y * d1
            }
        }
    }

    /// Whether the cost has a minimum at finite `(w, θ)` on a set that is `separable` or not:
    /// least squares and the hinge always; a sigmoid cost not on a separable set, where it falls
    /// for ever as `|w|` grows along a separating direction.
    pub fn bounded(self, separable: bool) -> bool {
        !matches!(self, Objective::Sigmoid(_)) || !separable
    }
}
