//! Building a trainer: an [`Algorithm`] (or any rule's [`Spec`]) on a data set from the one
//! [`Config`], checked once, with its [`Budget`] around it ([`Budgeted`]). The data view, the
//! animation, the learning curves and the command line all build through [`build`].

use super::algorithm::Algorithm;
use super::config::{Budget, Config};
use super::rescaled::Rescaled;
use super::spec::{Spec, StepCost};
use super::{Mode, RunState, Step, Stop, Trainer};
use crate::data::Dataset;
use crate::error::Result;
use crate::measure::Perceptron;

/// A trainer for `algorithm` on `data`, started as the rule starts unless [`Config::init`] says
/// otherwise ([`build_spec`] with the rule's spec).
///
/// # Errors
/// [`crate::Error::Unknown`] for `exact`, which is not a training rule (see [`crate::exact`]);
/// those of [`build_spec`].
pub fn build(
    algorithm: Algorithm,
    data: &Dataset,
    mode: Mode,
    config: &Config,
) -> Result<Box<dyn Trainer>> {
    build_spec(algorithm.spec(), data, mode, config)
}

/// A trainer for the rule of `spec`: `config` checked against it ([`Config::check`]), a step
/// budget turned into the rule's epoch limit (at or just past the budget: the wrapper ends the
/// run there), the rule's builder, and the [`Budget`] around it (Hebb's pass is not cut, nor the
/// students' chains: their length is their mixing length). A set whose largest coordinate is
/// outside `10^±100` is trained on the set times `2^k` and reported in its own units
/// ([`Rescaled`], [`Dataset::in_range`]).
///
/// # Errors
/// Those of [`Config::check`] and of the rule's builder (empty set, one class with a threshold
/// for MinOver/AdaTron/soft margin, bad parameters); [`crate::Error::Span`] for AdaTron, the
/// soft margin and the gradient rules on a set spanning beyond `2^1000`
/// ([`crate::data::SPAN_BITS`], [`Spec::unit_steps`]).
pub fn build_spec(
    spec: &Spec,
    data: &Dataset,
    mode: Mode,
    config: &Config,
) -> Result<Box<dyn Trainer>> {
    config.check(spec)?;
    if spec.unit_steps || spec.objective.is_some() {
        // beyond this the short points round to the origin once the long one is near 1
        data.check_span_within(crate::data::SPAN_BITS)?;
    }
    let (scaled, k) = data.in_range();
    if k != 0 {
        let config = Config {
            init: Rescaled::start(config.init.as_ref(), k),
            ..config.clone()
        };
        let inner = build_spec(spec, &scaled, mode, &config)?;
        return Ok(Box::new(Rescaled::new(inner, data, k)));
    }
    let budget = config.budget;
    let inner = match budget.steps {
        Some(steps) => {
            let config = Config {
                max_epochs: Some(steps as f64 / data.len().max(1) as f64),
                ..config.clone()
            };
            (spec.build)(data, mode, &config)?
        }
        None => (spec.build)(data, mode, config)?,
    };
    if budget == Budget::default() || matches!(spec.cost, StepCost::OnePass | StepCost::Sample) {
        return Ok(inner);
    }
    Ok(Box::new(Budgeted::new(inner, budget)))
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
    /// `inner` with `budget` (checked by [`Config::check`]).
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
    /// This wrapper's own stop (the inner rule's run state does not hold it), or a step.
    fn step(&mut self) -> Step {
        match self.stop {
            Some(stop) => Step::stopped(stop),
            None => self.advance(),
        }
    }

    /// The inner rule's step, then the budget's checks.
    fn advance(&mut self) -> Step {
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

    /// The inner rule's (its stop is not this wrapper's: see [`Trainer::progress`]).
    fn run_state(&self) -> &RunState {
        self.inner.run_state()
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

    fn kappa_upper(&self) -> Option<f64> {
        self.inner.kappa_upper()
    }

    fn data(&self) -> &Dataset {
        self.inner.data()
    }

    /// The inner rule's counters, stopped where the budget stopped it.
    fn progress(&self) -> (usize, usize, Option<Stop>) {
        let (steps, updates, stop) = self.inner.progress();
        (steps, updates, self.stop.or(stop))
    }

    fn current_errors(&self) -> Option<usize> {
        self.inner.current_errors()
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
        let b = small_angle(&[1.0, 0.0], &[libm::cos(t), libm::sin(t)]);
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
        let config = Config {
            gap_tolerance: 0.0,
            budget: Budget {
                steps: Some(6),
                angle: None,
            },
            ..Config::default()
        };
        for (algorithm, steps, updates) in [
            (Algorithm::Minover, 6, Some(6)),
            (Algorithm::Adatron, 6, None),
            (Algorithm::Hebb, 4, Some(4)),
        ] {
            let fit = build(algorithm, &data, Mode::Homogeneous, &config)
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
        let c = Config {
            margin: Some(0.5),
            ..Config::default()
        };
        let e = c.check(Algorithm::Minover.spec()).unwrap_err().to_string();
        assert!(
            e.contains("margin") && e.contains("\"minover\"") && e.contains("rosenblatt"),
            "{e}"
        );
        assert!(c.check(Algorithm::Rosenblatt.spec()).is_ok());
        let c = Config {
            init: Some(Perceptron::new(vec![1.0], 0.0)),
            ..Config::default()
        };
        assert!(c.check(Algorithm::Adatron.spec()).is_err());
    }
}
