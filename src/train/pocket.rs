//! The pocket algorithm with ratchet (Gallant 1990; Biehl §4.1.1): the best perceptron for
//! data that need not be separable.
//!
//! Rosenblatt steps on examples drawn at random (uniformly, with replacement, seeded): if
//! `E^μ = (w·ξ^μ − θ) S^μ ≤ 0`,
//!
//! `w ← w + ξ^μ S^μ / N`,   `θ ← θ − S^μ / N` (threshold mode only).
//!
//! After each such update the training errors of the new `w` are counted (`O(P N)`), and `w` goes
//! into the "pocket" when it has fewer errors than the pocketed one (the ratchet). The pocketed
//! perceptron is the answer: its training error never increases, and with probability one it
//! reaches the minimum number of errors given enough steps. The run stops when the pocket holds
//! a perceptron without errors, or at the step limit.
//!
//! # References
//! - S. I. Gallant, IEEE Trans. Neural Netw. 1 (1990) 179.

use super::spec::{Optional, Spec, StepCost, Takes, Texts};
use super::{check_start, Config, Mode, RunState, Step, Stop, Trainer};
use crate::data::Dataset;
use crate::error::Result;
use crate::measure::Perceptron;
use crate::rng::{rng_from_seed, Rng};
use rand::Rng as _;

/// Number of examples with `(w·ξ^μ − θ) S^μ ≤ 0` ([`Perceptron::errors`]: decided without
/// underflow for a tiny `w`).
fn count_errors(w: &[f64], theta: f64, data: &Dataset) -> usize {
    Perceptron::new(w.to_vec(), theta).errors(data)
}

/// A pocket run in progress.
#[derive(Debug, Clone)]
pub struct Pocket {
    /// The data, the current Rosenblatt perceptron `(w, θ)` and its embedding strengths `x^μ`
    /// (`η = 1/N` per update), the counters.
    state: RunState,
    mode: Mode,
    /// The step size `η = 1/N`.
    eta: f64,
    rng: Rng,
    /// Training errors of the current `w`.
    errors: usize,
    /// The best perceptron so far and its errors.
    best: (Perceptron, usize),
    /// The embedding strengths of the best perceptron.
    best_x: Vec<f64>,
    max_steps: usize,
}

impl Pocket {
    /// Pocket from the run's [`Config`]: the epoch limit (of `P` random draws each), the seed of
    /// the draws and the start (`None`: tabula rasa).
    ///
    /// # Errors
    /// [`Error::Empty`](crate::Error::Empty); [`Error::OutOfRange`](crate::Error::OutOfRange) for a
    /// bad limit; [`Error::Shape`](crate::Error::Shape) for an initial
    /// `w` of the wrong length.
    pub fn new(data: &Dataset, mode: Mode, config: &Config) -> Result<Self> {
        let max_epochs = config.epochs()?;
        check_start(data, config.init.as_ref(), max_epochs)?;
        let mut state = RunState::start(data, config.init.clone(), false);
        if mode != Mode::Threshold {
            state.theta = 0.0;
        }
        let errors = count_errors(&state.w, state.theta, data);
        state.stop = (errors == 0).then_some(Stop::NoErrors);
        Ok(Self {
            eta: 1.0 / data.dim() as f64,
            max_steps: (max_epochs * data.len() as f64).ceil() as usize,
            rng: rng_from_seed(config.seed),
            best: (state.perceptron(), errors),
            errors,
            best_x: vec![0.0; data.len()],
            state,
            mode,
        })
    }

    /// Training errors of the pocketed perceptron.
    pub fn pocket_errors(&self) -> usize {
        self.best.1
    }
}

impl Trainer for Pocket {
    fn advance(&mut self) -> Step {
        let st = &mut self.state;
        let mu = self.rng.random_range(0..st.data.len());
        let s = st.data.y(mu);
        let e = st.activation(mu) * s;
        let updated = e <= 0.0;
        if updated {
            st.hebbian(mu, self.eta, self.mode);
            let errors = count_errors(&st.w, st.theta, &st.data);
            self.errors = errors;
            if errors < self.best.1 {
                self.best = (st.perceptron(), errors);
                self.best_x.clone_from(&st.x);
            }
        }
        st.steps += 1;
        if self.best.1 == 0 {
            st.stop = Some(Stop::NoErrors);
        } else if st.steps >= self.max_steps {
            st.stop = Some(Stop::Limit);
        }
        Step::on(mu, updated, st.stop)
    }

    fn run_state(&self) -> &RunState {
        &self.state
    }

    /// The pocketed perceptron.
    fn perceptron(&self) -> Perceptron {
        self.best.0.clone()
    }

    /// The pocketed perceptron's embedding strengths.
    fn embedding(&self) -> &[f64] {
        &self.best_x
    }

    /// The training errors of the current Rosenblatt `w` (the pocket's are [`Pocket::pocket_errors`]).
    fn current_errors(&self) -> Option<usize> {
        Some(self.errors)
    }
}

/// Pocket's spec: every update counts the errors; it takes a start.
pub const SPEC: Spec = Spec::new("pocket", StepCost::Pocket, build)
    .taking(Takes::of(&[Optional::Init]))
    .describing(Texts {
        optimises: "the fewest training errors (works on non-separable data)",
        stops: "when the pocket holds a line without errors, or at the epoch limit",
        rule:
            "Rosenblatt steps on random examples; keep w in the pocket when it makes fewer errors",
    });

/// [`Pocket::new`], boxed.
fn build(data: &Dataset, mode: Mode, config: &Config) -> Result<Box<dyn Trainer>> {
    Ok(Box::new(Pocket::new(data, mode, config)?))
}
