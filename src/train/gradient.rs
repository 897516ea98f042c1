//! The parameters of the on-line gradient rules ([`GradientParams`]): the Adalines (least
//! squares on the local potentials, [`super::adaline`]) and the sigmoid Adalines (a smooth unit
//! and its cost, [`super::logistic`]) share them; the sigmoid Adalines add their cost.

use super::config::GRADIENT_TOLERANCE;
use super::online::Drive;
use super::Config;
use crate::data::Dataset;
use crate::error::Result;
use crate::measure::Perceptron;

/// Parameters of an on-line gradient rule: the step `η`, the limits and the start.
#[derive(Debug, Clone, PartialEq)]
pub struct GradientParams {
    /// Learning rate `η > 0` (a step is `−(η/N) ∂E^μ/∂a` along `ξ̃^μ`); `None`: the rule's
    /// stable default (see its module).
    pub learning_rate: Option<f64>,
    /// The most epochs.
    pub max_epochs: f64,
    /// The relative gradient `|∇E| / Σ_μ |ξ̃^μ|` at which the run has converged
    /// ([`super::Stop::Stationary`]; 0: run to the limit).
    pub tolerance: f64,
    /// Seed of a random order per epoch; `None`: cyclic (the batch Adaline sees all at once).
    pub shuffle: Option<u64>,
    /// Starting perceptron (`None`: tabula rasa).
    pub init: Option<Perceptron>,
}

impl Default for GradientParams {
    fn default() -> Self {
        Self {
            learning_rate: None,
            max_epochs: 1000.0,
            tolerance: GRADIENT_TOLERANCE,
            shuffle: None,
            init: None,
        }
    }
}

impl GradientParams {
    /// What the run's [`Config`] sets: the epoch limit, the learning rate, the gradient
    /// tolerance, the order (a random order seeded by [`Config::seed`]) and the start.
    ///
    /// # Errors
    /// Those of [`Config::epochs`].
    pub fn from_config(config: &Config) -> Result<Self> {
        Ok(Self {
            learning_rate: config.learning_rate,
            max_epochs: config.epochs()?,
            tolerance: config.gradient_tolerance,
            shuffle: config.shuffle_seed(),
            init: config.init.clone(),
        })
    }

    /// The driver's share: the limits, the order and the start.
    pub(super) fn drive(&self) -> Drive {
        Drive {
            max_epochs: self.max_epochs,
            tolerance: self.tolerance,
            shuffle: self.shuffle,
            init: self.init.clone(),
        }
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
            log10_factor: step.log10() + 2.0 * data.norm(example).log10(),
            step,
        })
}
