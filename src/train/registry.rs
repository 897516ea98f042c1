//! The one place that builds a trainer for an [`Algorithm`] of the catalogue: the data view, the
//! animation, the learning curves and the CLI all build through [`build`].

use super::{
    AdalineParams, AdatronParams, HebbParams, LogisticParams, Loss, MinoverParams, Mode,
    NotesParams, PocketParams, RosenblattParams, Trainer,
};
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

/// A trainer for `algorithm` on `data`, started as the rule starts by default (tabula rasa;
/// the lecture-notes perceptron from random weights).
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
    let epochs = config.max_epochs.unwrap_or(1000.0);
    // checked here as well: Rosenblatt counts whole epochs, and `∞ as usize` would be no limit
    super::check_positive("max_epochs", epochs)?;
    let adaline = || {
        let p = AdalineParams::default().max_epochs(epochs);
        match config.learning_rate {
            Some(eta) => p.learning_rate(eta),
            None => p,
        }
    };
    let logistic = |loss| LogisticParams {
        loss,
        learning_rate: config.learning_rate,
        ..LogisticParams::default().max_epochs(epochs)
    };
    Ok(match algorithm {
        Algorithm::Rosenblatt => Box::new(
            RosenblattParams::default()
                .max_epochs(epochs.ceil() as usize)
                .build(data, mode)?,
        ),
        Algorithm::Hebb => Box::new(HebbParams::default().build(data, mode)?),
        Algorithm::Minover => {
            let mut p = MinoverParams::default()
                .max_epochs(epochs)
                .gap_tolerance(config.gap_tolerance);
            if let Some(patience) = config.patience {
                p = p.patience(patience);
            }
            Box::new(p.build(data, mode)?)
        }
        Algorithm::Adatron | Algorithm::SoftMargin => {
            let mut p = AdatronParams::default()
                .max_epochs(epochs)
                .gap_tolerance(config.gap_tolerance);
            if algorithm == Algorithm::SoftMargin {
                p = p.bound(config.gamma);
            }
            Box::new(p.build(data, mode)?)
        }
        Algorithm::Adaline => Box::new(adaline().build(data, mode)?),
        Algorithm::AdalineBatch => Box::new(adaline().build_batch(data, mode)?),
        Algorithm::Pocket => Box::new(
            PocketParams::default()
                .max_epochs(epochs)
                .seed(config.seed)
                .build(data, mode)?,
        ),
        Algorithm::Logistic => Box::new(logistic(Loss::CrossEntropy).build(data, mode)?),
        Algorithm::LogisticSquared => Box::new(logistic(Loss::Squared).build(data, mode)?),
        Algorithm::PerceptronNotes => Box::new(
            NotesParams::default()
                .learning_rate(config.notes_learning_rate)
                .max_epochs(epochs)
                .seed(config.seed)
                .build(data, mode)?,
        ),
        Algorithm::Exact => {
            return Err(Error::Unknown {
                kind: "training rule",
                name: algorithm.name().into(),
                expected: RULE_NAMES,
            })
        }
    })
}

/// The training rules' names, for the error of [`build`] (checked against the catalogue by a test).
pub const RULE_NAMES: &str = "rosenblatt, minover, adatron, hebb, adaline, adaline-batch, pocket, \
                              soft-margin, logistic, logistic-squared, perceptron-notes";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_names_are_the_catalogues_rules() {
        let names: Vec<&str> = Algorithm::rules().map(Algorithm::name).collect();
        assert_eq!(RULE_NAMES, names.join(", "));
    }
}
