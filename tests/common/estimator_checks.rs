//! Helpers of the estimator checks (`tests/estimator_checks_*.rs`): the algorithms under test
//! (every training rule of the catalogue and the exact optimum), the suite's bounded
//! configuration, and one run reduced to what the checks need, with a panic caught and named.

use super::errors;
use perceptron_lab::catalogue::Algorithm;
use perceptron_lab::data::Dataset;
use perceptron_lab::exact::max_stability;
use perceptron_lab::measure::Perceptron;
use perceptron_lab::train::{self, Config, Mode, Stop};
use perceptron_lab::Error;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// The exact optimum's name (not a training rule).
pub const EXACT: &str = "exact";

/// The training rules' names, from the catalogue.
pub fn rules() -> impl Iterator<Item = &'static str> {
    Algorithm::rules().map(Algorithm::name)
}

/// Every algorithm under test: the rules and `exact`.
pub fn algorithms() -> impl Iterator<Item = &'static str> {
    rules().chain([EXACT])
}

/// The catalogue entry called `name`.
pub fn named(name: &str) -> Algorithm {
    name.parse().expect("a catalogue name")
}

/// Both modes: through the origin and with a threshold.
pub const MODES: [Mode; 2] = [Mode::Homogeneous, Mode::Threshold];

/// The bounded configuration of the suite: 50 epochs at most, so every run is short.
pub fn config() -> Config {
    Config {
        max_epochs: Some(50.0),
        ..Config::default()
    }
}

/// What one algorithm gave, reduced to what the checks need.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The perceptron (`None`: `exact` on a set that is not separable).
    pub perceptron: Option<Perceptron>,
    /// Why the run stopped (`None` for `exact`).
    pub stop: Option<Stop>,
    /// Embedding strengths.
    pub embedding: Vec<f64>,
    /// `exact` only: whether the set is separable.
    pub separable: Option<bool>,
    /// `exact` only: `κ_max`.
    pub kappa_max: f64,
}

impl Outcome {
    /// Training errors `#{μ : E^μ ≤ 0}` of the perceptron (every example, when there is none).
    pub fn errors(&self, data: &Dataset) -> usize {
        self.perceptron
            .as_ref()
            .map_or(data.len(), |p| errors(&p.w, p.theta, data))
    }
}

/// Builds and runs `algo` on `data`.
pub fn train(algo: &str, data: &Dataset, mode: Mode, config: &Config) -> Result<Outcome, Error> {
    if algo == EXACT {
        let e = max_stability(data, mode)?;
        return Ok(Outcome {
            perceptron: e.perceptron,
            stop: None,
            embedding: e.embedding,
            separable: Some(e.separable),
            kappa_max: e.kappa,
        });
    }
    let fit = train::build(named(algo), data, mode, config)?.run();
    Ok(Outcome {
        perceptron: Some(fit.perceptron),
        stop: fit.stop,
        embedding: fit.embedding,
        separable: None,
        kappa_max: f64::NAN,
    })
}

/// [`train`] with a panic turned into an `Err` naming the run and the panic message.
pub fn train_caught(
    algo: &str,
    data: &Dataset,
    mode: Mode,
    config: &Config,
) -> Result<Result<Outcome, Error>, String> {
    catch_unwind(AssertUnwindSafe(|| train(algo, data, mode, config))).map_err(|payload| {
        let msg = payload
            .downcast_ref::<&str>()
            .map(ToString::to_string)
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        format!("panicked: {msg}")
    })
}

/// `Err` if any weight, the threshold or any embedding strength is NaN or infinite.
pub fn check_finite(o: &Outcome) -> Result<(), String> {
    if let Some(p) = &o.perceptron {
        if let Some(v) = p.w.iter().chain([&p.theta]).find(|v| !v.is_finite()) {
            return Err(format!("non-finite perceptron ({v}): {p:?}"));
        }
    }
    if let Some(v) = o.embedding.iter().find(|v| !v.is_finite()) {
        return Err(format!("non-finite embedding strength {v}"));
    }
    Ok(())
}
/// `data` with every input multiplied by `c`.
pub fn scaled(data: &Dataset, c: f64) -> Dataset {
    let xs = data.features().iter().map(|v| v * c).collect();
    Dataset::from_row_major(xs, data.dim(), data.labels().to_vec()).expect("finite scaled data")
}
