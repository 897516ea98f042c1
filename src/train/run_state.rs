//! What every rule keeps of its run ([`RunState`]), which the [`Trainer`](super::Trainer)
//! accessors read by default.

use super::{Mode, Stop};
use crate::data::Dataset;
use crate::linalg::{axpy, dot};
use crate::measure::Perceptron;

/// The run of a rule as every rule keeps it: the data set, the perceptron `(w, θ)` it steps, the
/// embedding strengths, the counters and the stop. Each rule embeds one (`state`) next to what
/// is its own; the [`Trainer`](super::Trainer) methods [`perceptron`](super::Trainer::perceptron),
/// [`embedding`](super::Trainer::embedding), [`certifies`](super::Trainer::certifies),
/// [`data`](super::Trainer::data) and [`progress`](super::Trainer::progress) read it unless the
/// rule's answer is something else (MinOver's `w` while its window is open, AdaTron's and
/// MinOver's threshold, pocket's pocketed perceptron).
#[derive(Debug, Clone, PartialEq)]
pub struct RunState {
    /// The data set trained on: inputs `ξ^μ` and labels `S^μ = ±1`, `μ = 1 … P`.
    pub data: Dataset,
    /// The weights `w` the rule steps (`N` entries).
    pub w: Vec<f64>,
    /// The threshold `θ` the rule steps (the output is `sign(w·ξ − θ)`); through the origin it
    /// stays as started. MinOver and AdaTron compute theirs from `w` and leave this at 0.
    pub theta: f64,
    /// The embedding strengths `x^μ` (`P` entries), in the crate's scaling
    /// `w = Σ_μ x^μ S^μ ξ^μ` (no `1/N`; the book's are `N x^μ`) for a rule started tabula rasa;
    /// zeros for a rule that keeps none (the students).
    pub x: Vec<f64>,
    /// Steps taken, in the rule's unit ([`super::StepCost`]: presentations, updates, gradient
    /// steps over one example, presentations of a whole batch, trajectories).
    pub steps: usize,
    /// Steps that changed `w` (for a rule whose every step is an update, `steps`; for the batch
    /// Adaline, its gradient steps).
    pub updates: usize,
    /// Why the run ended; `None` while it runs.
    pub stop: Option<Stop>,
    /// Whether `x` certifies the bound `κ_max ≤ |w| / Σ_μ x^μ` (the rule keeps valid embedding
    /// strengths from tabula rasa).
    pub certifies: bool,
    /// A gradient rule's relative gradient `|∇E| / Σ_μ |ξ̃^μ|` at its last check
    /// ([`super::Fit::gradient`]); `None` for the other rules.
    pub gradient: Option<f64>,
    /// A sequential gradient rule's fixed learning rate `η` ([`super::Fit::rate`]); `None` for
    /// the other rules.
    pub rate: Option<f64>,
    /// A gradient rule's example its steps cannot fit ([`super::gradient::unresolved`]);
    /// `None` for the other rules and where every example is within reach.
    pub unresolved: Option<Unresolved>,
}

impl RunState {
    /// The start of a run on `data` at `(w, θ)`: a copy of `data`, `x = 0`, no steps, no stop.
    pub fn new(data: &Dataset, w: Vec<f64>, theta: f64, certifies: bool) -> Self {
        Self {
            x: vec![0.0; data.len()],
            data: data.clone(),
            w,
            theta,
            steps: 0,
            updates: 0,
            stop: None,
            certifies,
            gradient: None,
            rate: None,
            unresolved: None,
        }
    }

    /// The start of a run on `data` at `init`, or tabula rasa `w = 0, θ = 0` without one.
    pub fn start(data: &Dataset, init: Option<Perceptron>, certifies: bool) -> Self {
        let Perceptron { w, theta } =
            init.unwrap_or_else(|| Perceptron::new(vec![0.0; data.dim()], 0.0));
        Self::new(data, w, theta, certifies)
    }

    /// The current perceptron `(w, θ)`, cloned.
    pub fn perceptron(&self) -> Perceptron {
        Perceptron::new(self.w.clone(), self.theta)
    }

    /// The activation `a^μ = w·ξ^μ − θ` of example `μ` (its local potential is
    /// `E^μ = a^μ S^μ`).
    #[inline]
    pub fn activation(&self, mu: usize) -> f64 {
        dot(&self.w, self.data.x(mu)) - self.theta
    }

    /// One Hebbian update on example `μ` with strength `η` (Rosenblatt's, Hebb's and pocket's
    /// `η = 1/N`, an on-line rule's `η = Δ S^μ`):
    ///
    /// `w ← w + η S^μ ξ^μ`,   `θ ← θ − η S^μ` (threshold mode only),   `x^μ ← x^μ + η`,
    ///
    /// and one more update.
    #[inline]
    pub fn hebbian(&mut self, mu: usize, eta: f64, mode: Mode) {
        let s = self.data.y(mu);
        axpy(eta * s, self.data.x(mu), &mut self.w);
        if mode == Mode::Threshold {
            self.theta -= eta * s;
        }
        self.x[mu] += eta;
        self.updates += 1;
    }
}

/// An example a gradient rule's steps cannot fit: one step on it changes its potential's
/// residual by the factor `(η/N)|ξ^μ|²` (`η C̃_μμ` without the threshold's 1), and `factor` is
/// below the floating-point precision `2^−52` — a set whose lengths span far (a point at `10³⁰⁰`
/// beside one at 1: the stable `η < 2/max C̃` of the long one leaves the short one's
/// `η C̃_μμ ≈ 10⁻⁶⁰⁰`), where the gradient of the short examples is below the resolution of
/// `|∇E| ≤ tolerance · Σ_μ |ξ̃^μ|` too. The rule runs to its limit (never [`super::Stop::Stationary`]
/// or [`super::Stop::Cycling`]) and says why.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Unresolved {
    /// The example (0-based) with the smallest factor.
    pub example: usize,
    /// `log₁₀` of its factor `(η/N)|ξ^μ|²` (which itself may be below the smallest double).
    pub log10_factor: f64,
    /// The rule's step `η/N`.
    pub step: f64,
}

/// The example of `data` with the smallest factor `step·|ξ^μ|²` below `2^−52` among those not at
/// the origin ([`Unresolved`]; `step = η/N`), `None` if there is none. `O(P N)`.
pub fn unresolved(data: &Dataset, step: f64) -> Option<Unresolved> {
    (0..data.len())
        .filter_map(|mu| {
            let r = data.norm(mu);
            (r > 0.0).then_some((mu, step * r * r))
        })
        .filter(|&(_, factor)| factor < f64::EPSILON)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(example, _)| Unresolved {
            example,
            log10_factor: libm::log10(step) + 2.0 * libm::log10(data.norm(example)),
            step,
        })
}
