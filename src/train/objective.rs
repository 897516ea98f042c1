//! What a gradient rule minimises ([`Objective`]), one example at a time: the cost `c(a, S)` of
//! an example with activation `a = w·ξ − θ` and label `S = ±1`, its slope `∂c/∂a` (the rule's
//! step is `−(η/N) ∂c/∂a ξ̃`) and its curvature `∂²c/∂a²` (for Newton's method,
//! [`crate::optimum`]). The total is `E(w, θ) = R(w) + Σ_μ c(a^μ, S^μ)`, with a regulariser `R`
//! only for the soft margin's hinge cost ([`Objective::regulariser`]).

use crate::data::Dataset;
use crate::linalg::dot;
use crate::measure::Perceptron;
use serde::Serialize;

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
                let y = libm::tanh(a);
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

/// The unit and cost minimised by a sigmoid Adaline.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Loss {
    /// The logistic unit: `−[t ln σ + (1 − t) ln(1 − σ)]`.
    CrossEntropy,
    /// The logistic unit: `½ (σ − t)²`.
    Squared,
    /// The tanh unit on the ±1 labels: `½ (tanh a − S)²`.
    Tanh,
}

/// `σ(a) = 1 / (1 + e^{−a})`, computed without overflow for large `|a|`.
pub fn sigmoid(a: f64) -> f64 {
    if a >= 0.0 {
        1.0 / (1.0 + libm::exp(-a))
    } else {
        let e = libm::exp(a);
        e / (1.0 + e)
    }
}

/// The 0/1 target `t = (S + 1)/2` of label `S = ±1`.
pub fn target(s: f64) -> f64 {
    if s > 0.0 {
        1.0
    } else {
        0.0
    }
}

impl Loss {
    /// The cost of one example with activation `a` and label `s = ±1` (`t = (s + 1)/2`).
    pub fn cost(self, a: f64, s: f64) -> f64 {
        match self {
            // −ln σ(s a) = ln(1 + e^{−s a}), written stably
            Loss::CrossEntropy => {
                let m = -s * a;
                m.max(0.0) + libm::log1p(libm::exp(-m.abs()))
            }
            Loss::Squared => {
                let d = sigmoid(a) - target(s);
                0.5 * d * d
            }
            Loss::Tanh => {
                let d = libm::tanh(a) - s;
                0.5 * d * d
            }
        }
    }

    /// `g = ∂cost/∂a` of one example: `σ − t`, `(σ − t) σ (1 − σ)` or `(tanh a − S)(1 − tanh² a)`.
    pub fn slope(self, a: f64, s: f64) -> f64 {
        match self {
            Loss::CrossEntropy => sigmoid(a) - target(s),
            Loss::Squared => {
                let y = sigmoid(a);
                (y - target(s)) * y * (1.0 - y)
            }
            Loss::Tanh => {
                let y = libm::tanh(a);
                (y - s) * (1.0 - y * y)
            }
        }
    }

    /// The default learning rate for the largest diagonal `c = max_μ C̃_μμ` of the (augmented)
    /// correlation matrix: `2/c` for the logistic unit, `1/c` for tanh (module docs).
    pub(super) fn default_rate(self, c: f64) -> f64 {
        match self {
            Loss::CrossEntropy | Loss::Squared => 2.0 / c,
            Loss::Tanh => 1.0 / c,
        }
    }

    /// The total cost `L(w, θ)` on `data`.
    pub fn total(self, p: &Perceptron, data: &Dataset) -> f64 {
        (0..data.len())
            .map(|mu| self.cost(dot(&p.w, data.x(mu)) - p.theta, data.y(mu)))
            .sum()
    }

    /// The gradient `(∂L/∂w, ∂L/∂θ)` on `data`: `Σ g^μ ξ^μ` and `−Σ g^μ`.
    pub fn gradient(self, p: &Perceptron, data: &Dataset) -> (Vec<f64>, f64) {
        let mut gw = vec![0.0; data.dim()];
        let mut gt = 0.0;
        for mu in 0..data.len() {
            let g = self.slope(dot(&p.w, data.x(mu)) - p.theta, data.y(mu));
            crate::linalg::axpy(g, data.x(mu), &mut gw);
            gt -= g;
        }
        (gw, gt)
    }
}
