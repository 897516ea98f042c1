//! The one place that maps the algorithms' names (the same on the page, in the CLI and in CSV) to
//! trainers: the data view, the animation, the learning curves and the CLI all build through
//! [`build`].

use super::{
    AdalineParams, AdatronParams, HebbParams, LogisticParams, Loss, MinoverParams, Mode,
    NotesParams, PocketParams, RosenblattParams, Trainer,
};
use crate::data::Dataset;
use crate::error::{Error, Result};
use serde::Deserialize;

/// Every training rule, by name. (`exact`, the exact optimum, is not a rule: see
/// [`crate::exact`].)
pub const ALGORITHMS: [&str; 11] = [
    "rosenblatt",
    "hebb",
    "minover",
    "adatron",
    "adaline",
    "adaline-batch",
    "pocket",
    "soft-margin",
    "logistic",
    "logistic-squared",
    "perceptron-notes",
];

/// The accepted names, for error messages.
pub const ALGORITHM_LIST: &str = "rosenblatt, hebb, minover, adatron, adaline, adaline-batch, \
                                  pocket, soft-margin, logistic, logistic-squared, perceptron-notes";

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
            gap_tolerance: 1e-3,
            patience: None,
            learning_rate: None,
            notes_learning_rate: 0.1,
            gamma: 1.0,
            seed: 1,
        }
    }
}

/// A trainer for rule `name` on `data`, started as the rule starts by default (tabula rasa;
/// the lecture-notes perceptron from random weights).
///
/// # Errors
/// [`Error::Unknown`] for an unknown name; the rule's own errors (empty set, one class with a
/// threshold for MinOver/AdaTron/soft margin, bad parameters).
pub fn build(name: &str, data: &Dataset, mode: Mode, config: &Config) -> Result<Box<dyn Trainer>> {
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
    Ok(match name {
        "rosenblatt" => Box::new(
            RosenblattParams::default()
                .max_epochs(epochs.ceil() as usize)
                .build(data, mode)?,
        ),
        "hebb" => Box::new(HebbParams::default().build(data, mode)?),
        "minover" => {
            let mut p = MinoverParams::default()
                .max_epochs(epochs)
                .gap_tolerance(config.gap_tolerance);
            if let Some(patience) = config.patience {
                p = p.patience(patience);
            }
            Box::new(p.build(data, mode)?)
        }
        "adatron" | "soft-margin" => {
            let mut p = AdatronParams::default()
                .max_epochs(epochs)
                .gap_tolerance(config.gap_tolerance);
            if name == "soft-margin" {
                p = p.bound(config.gamma);
            }
            Box::new(p.build(data, mode)?)
        }
        "adaline" => Box::new(adaline().build(data, mode)?),
        "adaline-batch" => Box::new(adaline().build_batch(data, mode)?),
        "pocket" => Box::new(
            PocketParams::default()
                .max_epochs(epochs)
                .seed(config.seed)
                .build(data, mode)?,
        ),
        "logistic" => Box::new(logistic(Loss::CrossEntropy).build(data, mode)?),
        "logistic-squared" => Box::new(logistic(Loss::Squared).build(data, mode)?),
        "perceptron-notes" => Box::new(
            NotesParams::default()
                .learning_rate(config.notes_learning_rate)
                .max_epochs(epochs)
                .seed(config.seed)
                .build(data, mode)?,
        ),
        _ => {
            return Err(Error::Unknown {
                kind: "algorithm",
                name: name.into(),
                expected: ALGORITHM_LIST,
            })
        }
    })
}

/// Whether `name` is a training rule of [`ALGORITHMS`].
pub fn is_algorithm(name: &str) -> bool {
    ALGORITHMS.contains(&name)
}
