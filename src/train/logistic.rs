//! The logistic Adaline: a sigmoid unit `σ(a) = 1 / (1 + e^{−a})`, `a = w·ξ − θ`, trained on the
//! targets `t^μ = (S^μ + 1)/2 ∈ {0, 1}` by on-line gradient descent (course notes on sigmoid
//! activations), with one of two costs:
//!
//! - **cross-entropy** (`logistic`): `L = −Σ_μ [t ln σ(a^μ) + (1 − t) ln(1 − σ(a^μ))]`,
//!   `∂L/∂w = Σ_μ (σ(a^μ) − t^μ) ξ^μ`;
//! - **squared error** (`logistic-squared`): `L = ½ Σ_μ (σ(a^μ) − t^μ)²`,
//!   `∂L/∂w = Σ_μ (σ − t) σ (1 − σ) ξ^μ`. The factor `σ(1 − σ) → 0` for a saturated unit: an
//!   example that is confidently wrong hardly moves `w` (the vanishing gradient), so this cost
//!   learns far more slowly from a bad start.
//!
//! In both, `∂L/∂θ = −Σ_μ g^μ` where `g^μ` is the example's factor in front of `ξ^μ`. One step on
//! example `μ` is `w ← w − (η/N) g^μ ξ^μ`, `θ ← θ + (η/N) g^μ`; the default `η = 2 / max_μ C̃_μμ`
//! (as for Adaline). On separable data cross-entropy has no minimum (`|w|` grows like the log of
//! the time), so the run ends at the epoch limit or when `w` settles to the relative tolerance.

use super::online::{max_diagonal, target, Drive, Online, OnlineRule};
use super::Mode;
use crate::data::Dataset;
use crate::error::{Error, Result};
use crate::linalg::dot;
use crate::measure::Perceptron;
use serde::Serialize;

/// The cost minimised by the logistic Adaline.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Loss {
    /// `−[t ln σ + (1 − t) ln(1 − σ)]`.
    CrossEntropy,
    /// `½ (σ − t)²`.
    Squared,
}

/// `σ(a) = 1 / (1 + e^{−a})`, computed without overflow for large `|a|`.
pub fn sigmoid(a: f64) -> f64 {
    if a >= 0.0 {
        1.0 / (1.0 + (-a).exp())
    } else {
        let e = a.exp();
        e / (1.0 + e)
    }
}

impl Loss {
    /// The cost of one example with activation `a` and label `s = ±1` (`t = (s + 1)/2`).
    pub fn cost(self, a: f64, s: f64) -> f64 {
        match self {
            // −ln σ(s a) = ln(1 + e^{−s a}), written stably
            Loss::CrossEntropy => {
                let m = -s * a;
                m.max(0.0) + (-m.abs()).exp().ln_1p()
            }
            Loss::Squared => {
                let d = sigmoid(a) - target(s);
                0.5 * d * d
            }
        }
    }

    /// `g = ∂cost/∂a` of one example: `σ − t` or `(σ − t) σ (1 − σ)`.
    pub fn slope(self, a: f64, s: f64) -> f64 {
        let y = sigmoid(a);
        let d = y - target(s);
        match self {
            Loss::CrossEntropy => d,
            Loss::Squared => d * y * (1.0 - y),
        }
    }

    /// The total cost `L(w, θ)` on `data`.
    pub fn total(self, p: &Perceptron, data: &Dataset) -> f64 {
        (0..data.len())
            .map(|mu| self.cost(dot(&p.w, data.x(mu)) - p.theta, data.y(mu)))
            .sum()
    }

    /// The gradient `(∂L/∂w, ∂L/∂θ)` on `data`: `Σ g^μ ξ^μ` and `−Σ g^μ`.
    pub fn gradient(self, p: &Perceptron, data: &Dataset) -> (Vec<f64>, f64) {
        let mut gw = vec![0.0; data.dim()];
        let mut gt = 0.0;
        for mu in 0..data.len() {
            let g = self.slope(dot(&p.w, data.x(mu)) - p.theta, data.y(mu));
            crate::linalg::axpy(g, data.x(mu), &mut gw);
            gt -= g;
        }
        (gw, gt)
    }
}

/// One on-line gradient step: `Δ = −(η/N) g`.
#[derive(Debug, Clone, Copy)]
pub struct LogisticStep {
    rate: f64,
    loss: Loss,
}

impl OnlineRule for LogisticStep {
    fn delta(&self, a: f64, s: f64) -> f64 {
        -self.rate * self.loss.slope(a, s)
    }
    fn error_driven(&self) -> bool {
        false
    }
}

/// Parameters of the logistic Adaline.
#[derive(Debug, Clone, PartialEq)]
pub struct LogisticParams {
    /// The cost.
    pub loss: Loss,
    /// Learning rate `η > 0`; `None`: `2 / max_μ C̃_μμ`.
    pub learning_rate: Option<f64>,
    /// The most epochs.
    pub max_epochs: f64,
    /// Relative change of `(w, θ)` per epoch at which the run has settled.
    pub tolerance: f64,
    /// Seed of a random order per epoch; `None`: cyclic.
    pub shuffle: Option<u64>,
    /// Starting perceptron (`None`: tabula rasa).
    pub init: Option<Perceptron>,
}

impl Default for LogisticParams {
    fn default() -> Self {
        Self {
            loss: Loss::CrossEntropy,
            learning_rate: None,
            max_epochs: 1000.0,
            tolerance: 1e-5,
            shuffle: None,
            init: None,
        }
    }
}

impl LogisticParams {
    /// Sets the cost.
    #[must_use]
    pub fn loss(mut self, loss: Loss) -> Self {
        self.loss = loss;
        self
    }
    /// Sets the epoch limit.
    #[must_use]
    pub fn max_epochs(mut self, n: f64) -> Self {
        self.max_epochs = n;
        self
    }

    /// Validates and starts a run on `data`.
    ///
    /// # Errors
    /// [`Error::Empty`]; [`Error::OutOfRange`] for `η ≤ 0` or bad limits; [`Error::Shape`] for an
    /// initial `w` of the wrong length.
    pub fn build(self, data: &Dataset, mode: Mode) -> Result<Online<LogisticStep>> {
        let drive = Drive {
            max_epochs: self.max_epochs,
            tolerance: self.tolerance,
            shuffle: self.shuffle,
            init: self.init.clone(),
        };
        drive.check(data)?;
        let c = max_diagonal(data, mode);
        let eta = match self.learning_rate {
            None if c > 0.0 => 2.0 / c,
            None => 1.0,
            Some(eta) if eta > 0.0 && eta.is_finite() => eta,
            Some(eta) => {
                return Err(Error::OutOfRange {
                    name: "logistic learning rate η",
                    value: eta,
                    range: "(0, ∞)",
                })
            }
        };
        let rule = LogisticStep {
            rate: eta / data.dim() as f64,
            loss: self.loss,
        };
        Ok(Online::new(rule, data, mode, drive))
    }
}

/// The catalogue's builder for the logistic unit with cross-entropy.
///
/// # Errors
/// Those of [`LogisticParams::build`].
pub fn from_config(
    data: &crate::data::Dataset,
    mode: super::Mode,
    config: &super::Config,
) -> crate::Result<Box<dyn super::Trainer>> {
    with_options(data, mode, config, &super::Options::default(), false)
}

/// The logistic unit (cross-entropy, or squared error if `squared`) with the starting perceptron
/// and presentation order of `options` (a random order seeded by [`super::Config::seed`]).
///
/// # Errors
/// Those of [`LogisticParams::build`].
pub fn with_options(
    data: &crate::data::Dataset,
    mode: super::Mode,
    config: &super::Config,
    options: &super::Options,
    squared: bool,
) -> crate::Result<Box<dyn super::Trainer>> {
    let loss = if squared {
        Loss::Squared
    } else {
        Loss::CrossEntropy
    };
    let mut p = params(config, loss)?;
    p.init.clone_from(&options.init);
    p.shuffle = super::options::shuffle(options.order, config.seed);
    Ok(Box::new(p.build(data, mode)?))
}

/// The catalogue's builder for the logistic unit with squared error.
///
/// # Errors
/// Those of [`LogisticParams::build`].
pub fn squared_from_config(
    data: &crate::data::Dataset,
    mode: super::Mode,
    config: &super::Config,
) -> crate::Result<Box<dyn super::Trainer>> {
    with_options(data, mode, config, &super::Options::default(), true)
}

fn params(config: &super::Config, loss: Loss) -> crate::Result<LogisticParams> {
    Ok(LogisticParams {
        loss,
        learning_rate: config.learning_rate,
        ..LogisticParams::default().max_epochs(config.epochs()?)
    })
}
