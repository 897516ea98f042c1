//! The parameters of the on-line gradient rules ([`GradientParams`]): the Adalines (least
//! squares on the local potentials, [`super::adaline`]) and the sigmoid Adalines (a smooth unit
//! and its cost, [`super::logistic`]) share them; the sigmoid Adalines add their cost.

use super::config::GRADIENT_TOLERANCE;
use super::online::Drive;
pub use super::run_state::{unresolved, Unresolved};
use super::Config;
use crate::error::Result;
use crate::measure::Perceptron;
use crate::train::config::MAX_EPOCHS;

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
            max_epochs: MAX_EPOCHS,
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
