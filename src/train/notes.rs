//! The perceptron as the lecture notes teach it (`perceptron-notes`): 0/1 targets, a learning
//! rate and a learnt threshold.
//!
//! Output `y = 1` if `w·ξ > θ`, else `0` (as the notes define it: `f(x) > 0` for class 1,
//! `f(x) ≤ 0` for class 0); target `t = (S + 1)/2`. For each example of a shuffled (or, if asked,
//! cyclic) epoch:
//!
//! `w ← w + η (t − y) ξ`,   `θ ← θ − η (t − y)`,
//!
//! which moves only on a mistake. The run starts from random weights and threshold, each uniform
//! in `[−1, 1]` (seeded), or from a given perceptron, and stops after an epoch without a mistake
//! or at the epoch limit. Through the origin `θ` stays 0.
//!
//! Note the tie: an example exactly on the line (`w·ξ = θ`) has output 0 (class `S = −1`) here,
//! whereas the readout's error count (`E^μ ≤ 0`) counts it as an error for either label.

use super::config::Presentation;
use super::objective::target;
use super::online::{Drive, Online, OnlineRule};
use super::spec::{Optional, OwnSetting, Spec, StepCost, Takes, Texts};
use super::{Config, Mode, Trainer};
use crate::data::Dataset;
use crate::error::{Error, Result};
use crate::measure::Perceptron;
use crate::rng::rng_from_seed;
use rand::Rng as _;

/// The lecture-notes perceptron's default learning rate `η`.
pub const NOTES_LEARNING_RATE: f64 = 0.1;
/// The key of its `η` in the data view's settings, a setting of its own ([`OwnSetting`]): the
/// shared `learningRate` is the other rules'.
pub const LEARNING_RATE_KEY: &str = "notesLearningRate";

/// The notes' step `Δ = η (t − y)`.
#[derive(Debug, Clone, Copy)]
pub struct NotesStep {
    eta: f64,
}

impl OnlineRule for NotesStep {
    fn delta(&self, a: f64, s: f64) -> f64 {
        let t = target(s);
        let y = if a > 0.0 { 1.0 } else { 0.0 };
        self.eta * (t - y)
    }
    fn step_size(&self) -> Option<f64> {
        None
    }
}

/// The lecture-notes perceptron from the run's [`Config`]: `η` (`None`:
/// [`NOTES_LEARNING_RATE`]), the epoch limit, the seed of the random start and of the shuffle,
/// the start (`None`: random in `[−1, 1]` from the seed) and the order (`None`: a fresh random
/// order each epoch).
///
/// # Errors
/// [`Error::Empty`]; [`Error::OutOfRange`] for `η ≤ 0` or a bad limit; [`Error::Shape`] for an
/// initial `w` of the wrong length.
pub fn perceptron(data: &Dataset, mode: Mode, config: &Config) -> Result<Online<NotesStep>> {
    let max_epochs = config.epochs()?;
    let learning_rate = config.learning_rate.unwrap_or(NOTES_LEARNING_RATE);
    if !(learning_rate > 0.0 && learning_rate.is_finite()) {
        return Err(Error::OutOfRange {
            name: "learning rate η",
            value: learning_rate,
            range: "(0, ∞)",
        });
    }
    let mut rng = rng_from_seed(config.seed);
    let init = config.init.clone().unwrap_or_else(|| {
        let w = (0..data.dim())
            .map(|_| rng.random_range(-1.0..=1.0))
            .collect();
        Perceptron::new(w, rng.random_range(-1.0..=1.0))
    });
    let shuffle: u64 = rng.random();
    let drive = Drive {
        max_epochs,
        tolerance: 0.0,
        shuffle: (config.order != Some(Presentation::Cyclic)).then_some(shuffle),
        init: Some(init),
    };
    drive.check(data)?;
    let rule = NotesStep { eta: learning_rate };
    Ok(Online::new(rule, data, mode, drive))
}

/// The lecture-notes perceptron's spec: a presentation per step; it takes a start, its learning
/// rate `η` (default [`NOTES_LEARNING_RATE`]) and the order (default random).
pub const SPEC: Spec = Spec {
    zero_one: true,
    ..Spec::new("perceptron-notes", StepCost::Presentation, build)
        .taking(Takes::of(&[
            Optional::Init,
            Optional::LearningRate,
            Optional::Order,
        ]))
        .owning(OwnSetting {
            key: LEARNING_RATE_KEY,
            default: NOTES_LEARNING_RATE,
            set: |config, eta| config.learning_rate = Some(eta),
        })
        .describing(Texts {
            optimises:
                "any separating line, as in the lecture notes (0/1 targets, learning rate η)",
            stops: "after an epoch without mistakes, or at the epoch limit",
            rule: "y = [w·x > θ];  w ← w + η(t − y)x,  θ ← θ − η(t − y); random start in [−1, 1]",
        })
};

/// [`perceptron`], boxed.
fn build(data: &Dataset, mode: Mode, config: &Config) -> Result<Box<dyn Trainer>> {
    Ok(Box::new(perceptron(data, mode, config)?))
}
