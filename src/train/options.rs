//! Settings beyond the shared [`Config`] that the command line's `train`, `trace` and `curve`
//! take: a given starting perceptron, a learning rate, Rosenblatt's margin, the presentation
//! order ([`Options`]), and two ways to end a run that work for every rule ([`Budget`]): a
//! budget of steps and a stop on the angle between `w(t)` and `w(t + T)`.
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

use super::{Config, Mode, Step, Stop, Trainer};
use crate::catalogue::{Algorithm, StepCost};
use crate::data::Dataset;
use crate::error::{Error, Result};
use crate::measure::Perceptron;
use serde::{Deserialize, Serialize};

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

/// A rule's own settings beyond [`Config`]; `None` keeps the rule's default.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Options {
    /// The starting perceptron `(w, θ)` instead of the rule's own start (tabula rasa; the
    /// lecture-notes perceptron: random; the tanh Adaline: far off). Not for AdaTron and the soft margin, which start from
    /// embedding strengths. A start other than tabula rasa gives up the certified bound.
    pub init: Option<Perceptron>,
    /// The learning rate `η`: the lecture-notes perceptron's, or Adaline's, logistic's and tanh's.
    pub learning_rate: Option<f64>,
    /// Rosenblatt's margin `c ≥ 0`: update when `E^μ ≤ c`.
    pub margin: Option<f64>,
    /// Presentation order of Rosenblatt, the lecture-notes perceptron, sequential Adaline,
    /// logistic and tanh.
    pub order: Option<Presentation>,
    /// How the run may end besides the rule's own stops.
    pub budget: Budget,
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
/// `(w, θ)` at the block's start and at its end; the run stops ([`Stop::Settled`]) at the first
/// block where it is below `tolerance`. A block whose start is `w = 0, θ = 0` (tabula rasa) has
/// no angle and never stops the run. Through the origin `θ = 0` and this is the angle between the
/// weight vectors.
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct AngleStop {
    /// The tolerance, in radians.
    pub tolerance: f64,
    /// `T`, the block in steps; `None`: one epoch, `P` steps.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub block: Option<usize>,
}

/// Which of the [`Options`] a rule takes: `(init, learning rate, margin, order)`.
fn takes(algorithm: Algorithm) -> (bool, bool, bool, bool) {
    use Algorithm as A;
    match algorithm {
        A::Rosenblatt => (true, false, true, true),
        A::PerceptronNotes | A::Adaline | A::Logistic | A::LogisticSquared | A::AdalineTanh => {
            (true, true, false, true)
        }
        A::AdalineBatch => (true, true, false, false),
        A::Minover | A::Hebb | A::Pocket => (true, false, false, false),
        A::Adatron | A::SoftMargin | A::Gibbs | A::Bayes | A::Exact => (false, false, false, false),
    }
}

impl Options {
    /// Whether only the [`Budget`] is set (the rule is built from the catalogue as it is).
    fn only_budget(&self) -> bool {
        self.init.is_none()
            && self.learning_rate.is_none()
            && self.margin.is_none()
            && self.order.is_none()
    }

    /// Checks that `algorithm` takes every option set.
    ///
    /// # Errors
    /// [`Error::Unknown`] naming the option and the rules that take it.
    pub fn check(&self, algorithm: Algorithm) -> Result<()> {
        let (init, eta, margin, order) = takes(algorithm);
        let refuse = |option: &'static str, pick: fn((bool, bool, bool, bool)) -> bool| {
            Err(Error::Unknown {
                kind: option,
                name: algorithm.name().into(),
                expected: Algorithm::ALL
                    .iter()
                    .filter(|&&a| pick(takes(a)))
                    .map(|a| a.name())
                    .collect::<Vec<_>>()
                    .join(", "),
            })
        };
        if self.init.is_some() && !init {
            return refuse("rule for an initial perceptron", |t| t.0);
        }
        if self.learning_rate.is_some() && !eta {
            return refuse("rule for a learning rate", |t| t.1);
        }
        if self.margin.is_some() && !margin {
            return refuse("rule for a margin", |t| t.2);
        }
        if self.order.is_some() && !order {
            return refuse("rule for a presentation order", |t| t.3);
        }
        Ok(())
    }
}

/// A trainer for `algorithm` as [`super::build`] makes it, with the [`Options`] applied: the
/// rule's own settings through its `with_options` builder, the [`Budget`] around it.
///
/// # Errors
/// Those of [`Options::check`] and of the rule's builder; [`Error::OutOfRange`] for a budget of
/// 0 steps or an angle tolerance that is not positive and finite, a block of 0 steps.
pub fn build_with(
    algorithm: Algorithm,
    data: &Dataset,
    mode: Mode,
    config: &Config,
    options: &Options,
) -> Result<Box<dyn Trainer>> {
    options.check(algorithm)?;
    let budget = options.budget;
    let mut config = config.clone();
    if let Some(eta) = options.learning_rate {
        config.learning_rate = Some(eta);
        config.notes_learning_rate = eta;
    }
    if let Some(steps) = budget.steps {
        if steps == 0 {
            return Err(Error::OutOfRange {
                name: "step budget",
                value: 0.0,
                range: "[1, ∞)",
            });
        }
        // the rule's own limit at or just past the budget (the wrapper ends the run there)
        config.max_epochs = Some(steps as f64 / data.len().max(1) as f64);
    }
    if let Some(a) = budget.angle {
        if !(a.tolerance > 0.0 && a.tolerance.is_finite()) {
            return Err(Error::OutOfRange {
                name: "angle tolerance",
                value: a.tolerance,
                range: "(0, ∞) radians",
            });
        }
        if a.block == Some(0) {
            return Err(Error::OutOfRange {
                name: "angle block T",
                value: 0.0,
                range: "[1, ∞) steps",
            });
        }
    }
    let inner = if options.only_budget() {
        super::build(algorithm, data, mode, &config)?
    } else {
        config.epochs()?;
        with_options(algorithm, data, mode, &config, options)?
    };
    // Hebb's pass is not cut, nor the students' chains: their length is their mixing length
    if (budget.steps.is_none() && budget.angle.is_none())
        || matches!(algorithm.info().cost, StepCost::OnePass | StepCost::Sample)
    {
        return Ok(inner);
    }
    Ok(Box::new(Budgeted::new(inner, budget)))
}

/// The rule's builder that takes [`Options`] (checked by [`Options::check`]).
fn with_options(
    algorithm: Algorithm,
    data: &Dataset,
    mode: Mode,
    config: &Config,
    options: &Options,
) -> Result<Box<dyn Trainer>> {
    use super::logistic::{self, Loss};
    use super::{adaline, hebb, minover, notes, pocket, rosenblatt};
    use Algorithm as A;
    match algorithm {
        A::Rosenblatt => rosenblatt::with_options(data, mode, config, options),
        A::PerceptronNotes => notes::with_options(data, mode, config, options),
        A::Minover => minover::with_options(data, mode, config, options),
        A::Hebb => hebb::with_options(data, mode, config, options),
        A::Pocket => pocket::with_options(data, mode, config, options),
        A::Adaline => adaline::with_options(data, mode, config, options),
        A::AdalineBatch => adaline::batch_with_options(data, mode, config, options),
        A::Logistic => logistic::with_options(data, mode, config, options, Loss::CrossEntropy),
        A::LogisticSquared => logistic::with_options(data, mode, config, options, Loss::Squared),
        A::AdalineTanh => logistic::with_options(data, mode, config, options, Loss::Tanh),
        A::Adatron | A::SoftMargin | A::Gibbs | A::Bayes | A::Exact => {
            super::build(algorithm, data, mode, config)
        }
    }
}

/// The seed of a random order, `None` for cyclic (the default of the rules that call this).
pub(super) fn shuffle(order: Option<Presentation>, seed: u64) -> Option<u64> {
    (order == Some(Presentation::Random)).then_some(seed)
}

/// A trainer with a [`Budget`]: the inner rule's steps, ended after the budget or when the
/// angle of a block falls below the tolerance.
pub struct Budgeted {
    inner: Box<dyn Trainer>,
    budget: Budget,
    /// The angle rule's block `T` in steps.
    block: usize,
    /// `(w, θ)` at the start of the current block.
    block_start: Vec<f64>,
    /// The step count at which the current block ends.
    block_end: usize,
    stop: Option<Stop>,
}

impl Budgeted {
    /// `inner` with `budget` (checked by [`build_with`]).
    pub fn new(inner: Box<dyn Trainer>, budget: Budget) -> Self {
        let p = inner.data().len().max(1);
        let block = budget.angle.and_then(|a| a.block).unwrap_or(p).max(1);
        let start = augmented(&inner.perceptron());
        let steps = inner.progress().0;
        Self {
            inner,
            budget,
            block,
            block_start: start,
            block_end: steps + block,
            stop: None,
        }
    }
}

/// `(w, θ)` as one vector.
fn augmented(p: &Perceptron) -> Vec<f64> {
    let mut v = p.w.clone();
    v.push(p.theta);
    v
}

/// The angle between `a` and `b` in radians, `2 atan2(|â − b̂|, |â + b̂|)` (accurate for small
/// angles, where `arccos` of the cosine loses half the digits); `NaN` if either is zero.
pub fn small_angle(a: &[f64], b: &[f64]) -> f64 {
    let (na, nb) = (crate::linalg::norm(a), crate::linalg::norm(b));
    if na == 0.0 || nb == 0.0 {
        return f64::NAN;
    }
    let (mut diff, mut sum) = (0.0, 0.0);
    for (x, y) in a.iter().zip(b) {
        let (u, v) = (x / na, y / nb);
        diff += (u - v) * (u - v);
        sum += (u + v) * (u + v);
    }
    2.0 * libm::atan2(diff.sqrt(), sum.sqrt())
}

impl Trainer for Budgeted {
    fn step(&mut self) -> Step {
        if let Some(stop) = self.stop {
            return Step::stopped(stop);
        }
        let mut step = self.inner.step();
        if step.stop.is_some() {
            return step;
        }
        let steps = self.inner.progress().0;
        if let Some(angle) = self.budget.angle {
            if steps >= self.block_end {
                let now = augmented(&self.inner.perceptron());
                let a = small_angle(&self.block_start, &now);
                self.block_start = now;
                while self.block_end <= steps {
                    self.block_end += self.block;
                }
                if a < angle.tolerance {
                    self.stop = Some(Stop::Settled);
                }
            }
        }
        if self.stop.is_none() && self.budget.steps.is_some_and(|t| steps >= t) {
            self.stop = Some(Stop::Limit);
        }
        step.stop = self.stop;
        step
    }

    fn perceptron(&self) -> Perceptron {
        self.inner.perceptron()
    }

    fn embedding(&self) -> &[f64] {
        self.inner.embedding()
    }

    fn certifies(&self) -> bool {
        self.inner.certifies()
    }

    fn data(&self) -> &Dataset {
        self.inner.data()
    }

    fn progress(&self) -> (usize, usize, Option<Stop>) {
        let (steps, updates, stop) = self.inner.progress();
        (steps, updates, self.stop.or(stop))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_angle_by_hand() {
        let a = small_angle(&[1.0, 0.0], &[1.0, 1.0]);
        assert!((a - std::f64::consts::FRAC_PI_4).abs() < 1e-15);
        // 1e-9 rad: arccos of the cosine would give 0 or ~1.5e-8
        let t: f64 = 1e-9;
        let b = small_angle(&[1.0, 0.0], &[t.cos(), t.sin()]);
        assert!((b - t).abs() < 1e-20, "{b}");
        assert!(small_angle(&[0.0, 0.0], &[1.0, 0.0]).is_nan());
    }

    /// The budget ends a run after exactly `T` steps, MinOver's being updates; Hebb's pass is
    /// not cut.
    #[test]
    fn budget_counts_steps() {
        let data = Dataset::from_row_major(
            vec![1.0, 0.2, -1.0, 0.1, 0.5, -1.0, 0.3, 0.9],
            2,
            vec![1.0, -1.0, 1.0, 1.0],
        )
        .unwrap();
        let options = Options {
            budget: Budget {
                steps: Some(6),
                angle: None,
            },
            ..Options::default()
        };
        let config = Config {
            gap_tolerance: 0.0,
            ..Config::default()
        };
        for (algorithm, steps, updates) in [
            (Algorithm::Minover, 6, Some(6)),
            (Algorithm::Adatron, 6, None),
            (Algorithm::Hebb, 4, Some(4)),
        ] {
            let fit = build_with(algorithm, &data, Mode::Homogeneous, &config, &options)
                .unwrap()
                .run();
            assert_eq!(fit.steps, steps, "{algorithm}");
            if let Some(u) = updates {
                assert_eq!(fit.updates, u, "{algorithm}");
            }
        }
    }

    #[test]
    fn options_a_rule_does_not_take_are_named() {
        let o = Options {
            margin: Some(0.5),
            ..Options::default()
        };
        let e = o.check(Algorithm::Minover).unwrap_err().to_string();
        assert!(
            e.contains("margin") && e.contains("\"minover\"") && e.contains("rosenblatt"),
            "{e}"
        );
        assert!(o.check(Algorithm::Rosenblatt).is_ok());
        let o = Options {
            init: Some(Perceptron::new(vec![1.0], 0.0)),
            ..Options::default()
        };
        assert!(o.check(Algorithm::Adatron).is_err());
    }
}
