//! The one configuration of a training run ([`Config`]): the limits and tolerances every rule
//! reads, the optional settings some rules take (a starting perceptron, a learning rate,
//! Rosenblatt's margin, the presentation order; each rule's `Takes` says which), and two ways
//! to end a run that work for every rule ([`Budget`]). It is checked once against the rule
//! (`Config::check`, in `super::algorithm`); the data view's settings, the learning-curve sweep and the command line
//! all produce one.
//!
//! # What one step is
//! The budget counts the steps of the rule, the time `t` of its dynamics `w(t) → w(t + 1)`, in the
//! unit of [`Fit::steps`](super::Fit::steps) (so `T` steps are `T/P` epochs):
//! - MinOver: one update on the least stable example (a pair with a threshold); every step is an
//!   update, so `T` steps are the `t_max` of the course reports;
//! - Rosenblatt, the lecture-notes perceptron, pocket, Adaline, logistic: one presentation of one
//!   example, which changes `w` only when the rule says so (an error; Adaline and logistic
//!   always);
//! - AdaTron, soft margin: one coordinate step on one embedding strength through the origin (a
//!   presentation), one pair step with a threshold;
//! - batch Adaline: one gradient step over all `P` examples counts `P` steps, so the budget ends
//!   it at the first gradient step that reaches `T`;
//! - Hebb: one pass whatever the budget (its one step per example is not cut, as no epoch limit
//!   cuts it);
//! - Gibbs, Bayes: one trajectory of their chain (one exact step in 2-D); neither the budget nor the
//!   angle rule cuts their chains, whose length is their mixing length ([`super::students`]).
//!
//! # References
//! - M. Biehl, *The Shallow and the Deep*, §3.6.2 (the angle between `w(t)` and `w(t + P)` as a
//!   stopping criterion for MinOver).

use crate::error::Result;
use crate::measure::Perceptron;
use serde::{Deserialize, Serialize};

/// The certified relative gap at which MinOver and AdaTron stop by default.
pub const GAP_TOLERANCE: f64 = 1e-3;
/// The relative gradient `|∇E| / Σ_μ |ξ̃^μ|` at which the gradient rules (Adaline, logistic,
/// tanh) stop as converged by default ([`super::Stop::Stationary`]).
pub const GRADIENT_TOLERANCE: f64 = 1e-6;
/// The largest violation of the optimality (KKT) conditions at which the soft margin stops as
/// converged by default ([`super::Stop::Kkt`]; module docs of `super::adatron`).
pub const KKT_TOLERANCE: f64 = 1e-6;
/// The soft margin's default bound `γ` of the embedding strengths.
pub const GAMMA: f64 = 1.0;
/// The epoch limit of a run that sets none.
pub const MAX_EPOCHS: f64 = 1000.0;

/// The order in which a sequential rule presents the examples.
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Presentation {
    /// `μ = 1, 2, …, P, 1, 2, …`.
    Cyclic,
    /// A fresh random permutation each epoch, seeded by [`Config::seed`].
    Random,
}

/// The settings of one training run; each rule reads the ones it has.
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Config {
    /// Epoch limit (`None`: [`MAX_EPOCHS`]); a step budget replaces it.
    pub max_epochs: Option<f64>,
    /// MinOver, AdaTron: stop when the certified relative gap is at most this (0: never).
    pub gap_tolerance: f64,
    /// The gradient rules: stop when `|∇E| / Σ_μ |ξ̃^μ|` is at most this (0: never, they run to
    /// their limit).
    pub gradient_tolerance: f64,
    /// The soft margin: stop when no example violates the optimality (KKT) conditions by more
    /// than this (0: only where they hold exactly, a fixed point of its steps; else it runs to
    /// its limit).
    pub kkt_tolerance: f64,
    /// MinOver: stop when `κ(w)` has not improved for this many steps.
    pub patience: Option<usize>,
    /// The learning rate `η` of the rules that take one (`None`: the rule's default — the
    /// lecture-notes perceptron's [`NOTES_LEARNING_RATE`](super::notes::NOTES_LEARNING_RATE), the stable `1/max C^μμ` of Adaline,
    /// logistic and tanh, AdaTron's exact coordinate step; AdaTron's `η` is the book's fixed
    /// step, `0 < η < 2/max C^μμ`: `super::adatron`).
    pub learning_rate: Option<f64>,
    /// Soft margin: the bound `γ` of the embedding strengths, `0 ≤ x^μ ≤ γ` ([`check_gamma`](super::adatron::check_gamma));
    /// the other rules ignore it.
    pub gamma: f64,
    /// Seed of the random rules (pocket's draws, the notes' initial weights and order, a random
    /// presentation order).
    #[serde(deserialize_with = "super::whole::seed")]
    pub seed: u64,
    /// The starting perceptron `(w, θ)` instead of the rule's own start (tabula rasa; the
    /// lecture-notes perceptron: random; the tanh Adaline: far off). A start other than tabula
    /// rasa gives up the certified bound.
    #[serde(skip)]
    pub init: Option<Perceptron>,
    /// Rosenblatt's margin `c ≥ 0`: update when `E^μ ≤ c` (`None`: 0).
    #[serde(skip)]
    pub margin: Option<f64>,
    /// Presentation order of the sequential rules (`None`: the rule's default).
    #[serde(skip)]
    pub order: Option<Presentation>,
    /// How the run may end besides the rule's own stops.
    #[serde(skip)]
    pub budget: Budget,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            max_epochs: None,
            gap_tolerance: GAP_TOLERANCE,
            gradient_tolerance: GRADIENT_TOLERANCE,
            kkt_tolerance: KKT_TOLERANCE,
            patience: None,
            learning_rate: None,
            gamma: GAMMA,
            seed: 1,
            init: None,
            margin: None,
            order: None,
            budget: Budget::default(),
        }
    }
}

/// Ends of a run that every rule can have (module docs: what a step is).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Budget {
    /// At most this many steps; replaces the epoch limit ([`Config::max_epochs`] is ignored).
    pub steps: Option<usize>,
    /// Stop when the angle between `(w, θ)` at the start and at the end of a block of steps is
    /// below a tolerance.
    pub angle: Option<AngleStop>,
}

/// The angle stopping rule (Biehl §3.6.2): after every block of `T` steps, the angle between
/// `(w, θ)` at the block's start and at its end; the run stops ([`super::Stop::Settled`]) at the
/// first block where it is below `tolerance`. A block whose start is `w = 0, θ = 0` (tabula rasa)
/// has no angle and never stops the run. Through the origin `θ = 0` and this is the angle between
/// the weight vectors.
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct AngleStop {
    /// The tolerance, in radians.
    pub tolerance: f64,
    /// `T`, the block in steps; `None`: one epoch, `P` steps.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub block: Option<usize>,
}

impl Config {
    /// The epoch limit: the one set, or [`MAX_EPOCHS`].
    ///
    /// # Errors
    /// [`crate::Error::OutOfRange`] unless it is positive and finite (Rosenblatt counts whole epochs,
    /// and `∞ as usize` would be no limit).
    pub fn epochs(&self) -> Result<f64> {
        let epochs = self.max_epochs.unwrap_or(MAX_EPOCHS);
        super::check_positive("epoch limit", epochs)?;
        Ok(epochs)
    }

    /// The seed of a random presentation order, `None` for cyclic (the default of the rules
    /// that call this).
    pub fn shuffle_seed(&self) -> Option<u64> {
        (self.order == Some(Presentation::Random)).then_some(self.seed)
    }
}
