//! The model file: the JSON `train` prints and `predict` reads back.

use perceptron_lab::catalogue::Algorithm;
use perceptron_lab::measure::Perceptron;
use perceptron_lab::scene::OptimumView;
use perceptron_lab::train::Stop;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

/// `predict`'s message for a file without weights.
const NO_WEIGHTS: &str = "no weight array \"w\" (expected train's JSON)";

/// A trained perceptron as `train` prints it (pretty JSON, the keys in alphabetical order, as
/// here) and `predict` reads it back. Reading needs `w` only: a hand-written `{"w": [1, -2]}` is a
/// model through the origin with ±1 outputs; the other keys are read when present and otherwise
/// take their defaults.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Model {
    /// The algorithm that trained it (a catalogue name); it sets the outputs (`perceptron-notes`
    /// 0/1, every other rule ±1). Read as `rosenblatt` when absent.
    #[serde(default = "rosenblatt")]
    pub algorithm: Algorithm,
    /// Whether the rule's own criterion was met (the exact optimum: whether the set is
    /// separable).
    #[serde(default)]
    pub converged: bool,
    /// Steps divided by `P`; the exact optimum's are a whole `0`.
    #[serde(default = "zero")]
    pub epochs: serde_json::Number,
    /// Training errors `E^μ ≤ 0` (a training rule's only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub errors: Option<usize>,
    /// The gradient rules: `|∇E| / Σ_μ |ξ̃^μ|` where the run stopped (converged when at most
    /// `10⁻⁶`, stop `stationary`); absent for the other rules. `predict` does not read it.
    #[serde(skip_serializing_if = "Option::is_none", skip_deserializing)]
    pub gradient: Option<f64>,
    /// `κ(w)` on the training set; `null` where it is not finite (`w = 0`, no perceptron).
    #[serde(default)]
    pub kappa: Option<f64>,
    /// A certified upper bound on `κ_max`: the exact optimum's `κ_max` itself, MinOver's and
    /// AdaTron's `κ_upper`; `null` where there is none.
    #[serde(default)]
    pub kappa_max_bound: Option<f64>,
    /// The gradient rules and the soft margin: the minimum of the rule's own cost and the
    /// answer's distance to it (`scene::OptimumView`: `kind`, `w`, `theta`, `cost`, `costGap`,
    /// `angle`); absent for the other rules. `predict` does not read it.
    #[serde(skip_serializing_if = "Option::is_none", skip_deserializing)]
    pub optimum: Option<OptimumView>,
    /// Whether the data are linearly separable in the mode (exact test).
    #[serde(default)]
    pub separable: bool,
    /// Why the run stopped (a training rule's only; `predict` does not read it).
    #[serde(skip_serializing_if = "Option::is_none", skip_deserializing)]
    pub stop: Option<Stop>,
    /// The threshold `θ` (0 through the origin); `null` with `w`. Read as 0 when absent.
    #[serde(default, deserialize_with = "theta")]
    pub theta: Option<f64>,
    /// Whether a threshold was learned (`--threshold`).
    #[serde(default)]
    pub threshold: bool,
    /// Updates of `w` (0 for the exact optimum).
    #[serde(default)]
    pub updates: usize,
    /// The weights `w`; `null` for the exact optimum of a set that is not linearly separable.
    #[serde(deserialize_with = "weights")]
    pub w: Option<Vec<f64>>,
}

impl Model {
    /// The model in `text` (a file's contents).
    ///
    /// # Errors
    /// What is wrong, for the caller to prefix with the file's name: not JSON, no weight array
    /// `w`, weights that are not finite numbers, a `θ` that is not a finite number, a model with
    /// weights and `"threshold": true` whose `θ` is `null` or absent, an unknown algorithm.
    pub fn read(text: &str) -> Result<Model, String> {
        let value: Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
        // serde would only say "missing field"
        if value.get("w").is_none() {
            return Err(NO_WEIGHTS.into());
        }
        let model: Model = serde_json::from_value(value).map_err(|e| e.to_string())?;
        if model.threshold && model.w.is_some() && model.theta.is_none() {
            return Err(
                "\"threshold\" is true but \"theta\" is null or absent: a model with a threshold needs its θ, a finite number".into(),
            );
        }
        Ok(model)
    }

    /// The perceptron `(w, θ)`.
    ///
    /// # Errors
    /// When `w` is `null` (the exact optimum of a set that is not separable).
    pub fn perceptron(&self) -> Result<Perceptron, String> {
        let w = self
            .w
            .clone()
            .ok_or("the model has no perceptron (\"w\" is null: not separable)")?;
        Ok(Perceptron::new(w, self.theta.unwrap_or(0.0)))
    }
}

/// The ±1 convention of every rule but the notes'.
fn rosenblatt() -> Algorithm {
    Algorithm::Rosenblatt
}

fn zero() -> serde_json::Number {
    0.into()
}

/// `w`: finite numbers, or `null`.
fn weights<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<f64>>, D::Error> {
    match Value::deserialize(d)? {
        Value::Null => Ok(None),
        Value::Array(w) => w
            .iter()
            .map(|v| v.as_f64().filter(|v| v.is_finite()))
            .collect::<Option<_>>()
            .map(Some)
            .ok_or_else(|| D::Error::custom("\"w\" must hold finite numbers")),
        _ => Err(D::Error::custom(NO_WEIGHTS)),
    }
}

/// `θ`: a finite number, or `null`.
fn theta<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    match Value::deserialize(d)? {
        Value::Null => Ok(None),
        v => v
            .as_f64()
            .filter(|t| t.is_finite())
            .map(Some)
            .ok_or_else(|| D::Error::custom("\"theta\" is not a finite number")),
    }
}
