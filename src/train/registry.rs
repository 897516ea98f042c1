//! Building a trainer for an [`Algorithm`] of the catalogue from the settings every rule shares
//! ([`Config`]): each rule's file has its builder, named in its catalogue row; the data view, the
//! animation, the learning curves and the CLI all build through [`build`].

use super::{Mode, Trainer};
use crate::catalogue::{Algorithm, LIMITS};
use crate::data::Dataset;
use crate::error::{Error, Result};
use serde::Deserialize;

/// Settings shared by every rule; each rule reads the ones it has.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Config {
    /// Epoch limit (`None`: the rule's own default, 1000 epochs).
    pub max_epochs: Option<f64>,
    /// MinOver, AdaTron: stop when the certified relative gap is at most this (0: never).
    pub gap_tolerance: f64,
    /// MinOver: stop when `κ(w)` has not improved for this many steps.
    pub patience: Option<usize>,
    /// Adaline and logistic: the learning rate (`None`: the rule's stable default).
    pub learning_rate: Option<f64>,
    /// The lecture-notes perceptron: its learning rate `η`.
    pub notes_learning_rate: f64,
    /// Soft margin: the bound `γ` of the embedding strengths.
    pub gamma: f64,
    /// Seed of the random rules (pocket's draws, the notes' initial weights and order).
    pub seed: u64,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            max_epochs: None,
            gap_tolerance: LIMITS.gap_tolerance,
            patience: None,
            learning_rate: None,
            notes_learning_rate: LIMITS.notes_learning_rate,
            gamma: LIMITS.gamma,
            seed: 1,
        }
    }
}

impl Config {
    /// The epoch limit: the one set, or the rules' default of 1000 epochs.
    ///
    /// # Errors
    /// [`Error::OutOfRange`] unless it is positive and finite (Rosenblatt counts whole epochs,
    /// and `∞ as usize` would be no limit).
    pub fn epochs(&self) -> Result<f64> {
        let epochs = self.max_epochs.unwrap_or(1000.0);
        super::check_positive("max_epochs", epochs)?;
        Ok(epochs)
    }
}

/// How the catalogue builds a rule: its trainer on `data` in `mode` with the shared settings.
pub type Builder = fn(&Dataset, Mode, &Config) -> Result<Box<dyn Trainer>>;

/// A trainer for `algorithm` on `data` (the builder of its catalogue row), started as the rule
/// starts by default (tabula rasa; the lecture-notes perceptron from random weights).
///
/// # Errors
/// [`Error::Unknown`] for `exact`, which is not a training rule (see [`crate::exact`]); the
/// rule's own errors (empty set, one class with a threshold for MinOver/AdaTron/soft margin, bad
/// parameters).
pub fn build(
    algorithm: Algorithm,
    data: &Dataset,
    mode: Mode,
    config: &Config,
) -> Result<Box<dyn Trainer>> {
    config.epochs()?;
    (algorithm.info().build)(data, mode, config)
}

/// The builder of `exact`'s row: the exact optimum is not a training rule.
///
/// # Errors
/// Always [`Error::Unknown`], naming the training rules.
pub fn not_a_rule(_data: &Dataset, _mode: Mode, _config: &Config) -> Result<Box<dyn Trainer>> {
    Err(Error::Unknown {
        kind: "training rule",
        name: Algorithm::Exact.name().into(),
        expected: Algorithm::rules()
            .map(Algorithm::name)
            .collect::<Vec<_>>()
            .join(", "),
    })
}
