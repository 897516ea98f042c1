//! The driver shared by the on-line rules that look at one example at a time and move `(w, θ)`
//! along it: Adaline (LMS), the logistic Adaline and the lecture-notes perceptron.
//!
//! For example `μ` with activation `a = w·ξ^μ − θ` and label `S^μ`, a rule gives a scalar `Δ`
//! ([`OnlineRule::delta`]) and the driver applies
//!
//! `w ← w + Δ ξ^μ`,   `θ ← θ − Δ` (threshold mode only; through the origin `θ = 0` stays),
//!
//! and records the embedding strength `x^μ ← x^μ + Δ S^μ` (so `w − w₀ = Σ x^μ S^μ ξ^μ`).
//! Examples come in cyclic order or in a fresh seeded permutation per epoch. After every epoch the
//! run stops when
//! - no example moved `(w, θ)` in the epoch ([`Stop::NoErrors`] for error-driven rules), or
//! - the relative change `|Δ(w, θ)| / |(w, θ)|` over the epoch is at most the tolerance
//!   ([`Stop::Settled`]), or
//! - the epoch limit is reached ([`Stop::Limit`]).

use super::{check_start, check_tolerance, Mode, RunState, Step, Stop, Trainer};
use crate::data::Dataset;
use crate::error::Result;
use crate::linalg::dot;
use crate::measure::Perceptron;
use crate::rng::{permutation, rng_from_seed, Rng};

/// An on-line rule: the size of the move along one example.
pub trait OnlineRule: Clone {
    /// `Δ` for an example with activation `a = w·ξ − θ` and label `s = ±1`: the driver adds
    /// `Δ ξ` to `w` and `−Δ` to `θ`. `Δ = 0` leaves the perceptron unchanged.
    fn delta(&self, a: f64, s: f64) -> f64;
    /// Whether an epoch without a move means "no errors" (perceptron-type rules) rather than
    /// "settled" (gradient rules).
    fn error_driven(&self) -> bool;
}

/// How an [`Online`] run is driven.
#[derive(Debug, Clone, PartialEq)]
pub struct Drive {
    /// The most epochs.
    pub max_epochs: f64,
    /// Relative change per epoch at which the run has settled (0: never).
    pub tolerance: f64,
    /// Seed of a fresh random permutation per epoch; `None`: cyclic order.
    pub shuffle: Option<u64>,
    /// The starting perceptron (tabula rasa `w = 0, θ = 0` if `None`).
    pub init: Option<Perceptron>,
}

impl Drive {
    /// Checks the limits and the initial perceptron against `data`.
    pub(super) fn check(&self, data: &Dataset) -> Result<()> {
        check_start(data, self.init.as_ref(), self.max_epochs)?;
        check_tolerance("tolerance", self.tolerance)
    }
}

/// The order in which examples are presented: `μ = 1, 2, …, P, 1, 2, …`, or a fresh random
/// permutation each epoch from a seeded generator (shared with Rosenblatt).
#[derive(Debug, Clone)]
pub(super) struct Schedule {
    /// This epoch's presentation order.
    order: Vec<usize>,
    /// The generator of the permutations; `None`: cyclic.
    rng: Option<Rng>,
    /// The position in `order` of the next example.
    pos: usize,
}

impl Schedule {
    /// The schedule of `p` examples: cyclic, or shuffled from `seed`.
    pub(super) fn new(p: usize, seed: Option<u64>) -> Self {
        let mut rng = seed.map(rng_from_seed);
        let order = permutation(p, rng.as_mut());
        Self { order, rng, pos: 0 }
    }

    /// The example presented now.
    #[inline]
    pub(super) fn example(&self) -> usize {
        self.order[self.pos]
    }

    /// Moves on to the next example; at the end of an epoch draws the next epoch's order and
    /// returns `true`.
    #[inline]
    pub(super) fn advance(&mut self) -> bool {
        self.pos += 1;
        if self.pos < self.order.len() {
            return false;
        }
        self.pos = 0;
        if let Some(rng) = self.rng.as_mut() {
            self.order = permutation(self.order.len(), Some(rng));
        }
        true
    }
}

/// An on-line rule in progress (see the module documentation).
#[derive(Debug, Clone)]
pub struct Online<R> {
    /// The data, `(w, θ)`, the embedding strengths `x^μ` (`Δ S^μ` per move), the counters.
    state: RunState,
    mode: Mode,
    rule: R,
    drive: Drive,
    schedule: Schedule,
    /// `(w, θ)` at the start of the epoch, for the settle test.
    epoch_start: (Vec<f64>, f64),
    moves_this_epoch: usize,
    max_steps: usize,
}

impl<R: OnlineRule> Online<R> {
    /// Starts `rule` on `data` (parameters already checked with [`Drive::check`]). Through the
    /// origin an initial `θ` is ignored.
    pub(super) fn new(rule: R, data: &Dataset, mode: Mode, drive: Drive) -> Self {
        let mut state = RunState::start(data, drive.init.clone(), false);
        if mode != Mode::Threshold {
            state.theta = 0.0;
        }
        Self {
            schedule: Schedule::new(data.len(), drive.shuffle),
            max_steps: (drive.max_epochs * data.len() as f64).ceil() as usize,
            epoch_start: (state.w.clone(), state.theta),
            state,
            mode,
            rule,
            drive,
            moves_this_epoch: 0,
        }
    }

    /// The stop reason at the end of an epoch, if any.
    fn end_of_epoch(&mut self) -> Option<Stop> {
        let (w0, t0) = &self.epoch_start;
        let st = &self.state;
        let moved: f64 =
            st.w.iter()
                .zip(w0)
                .map(|(a, b)| (a - b) * (a - b))
                .sum::<f64>()
                + (st.theta - t0) * (st.theta - t0);
        let size = dot(&st.w, &st.w) + st.theta * st.theta;
        let stop = if self.moves_this_epoch == 0 {
            Some(if self.rule.error_driven() {
                Stop::NoErrors
            } else {
                Stop::Settled
            })
        } else if !self.rule.error_driven()
            && moved <= self.drive.tolerance * self.drive.tolerance * size
        {
            Some(Stop::Settled)
        } else if st.steps >= self.max_steps {
            Some(Stop::Limit)
        } else {
            None
        };
        self.epoch_start = (st.w.clone(), st.theta);
        self.moves_this_epoch = 0;
        stop
    }
}

impl<R: OnlineRule> Trainer for Online<R> {
    fn step(&mut self) -> Step {
        let st = &mut self.state;
        if let Some(stop) = st.stop {
            return Step::stopped(stop);
        }
        let mu = self.schedule.example();
        let (a, s) = (st.activation(mu), st.data.y(mu));
        let delta = self.rule.delta(a, s);
        let updated = delta != 0.0 && delta.is_finite();
        if updated {
            // η = Δ S^μ: w gains Δ ξ^μ, θ loses Δ (multiplying by S^μ = ±1 twice is exact)
            st.hebbian(mu, delta * s, self.mode);
            self.moves_this_epoch += 1;
        }
        st.steps += 1;
        if self.schedule.advance() {
            self.state.stop = self.end_of_epoch();
        }
        Step::on(mu, updated, self.state.stop)
    }

    fn run_state(&self) -> &RunState {
        &self.state
    }
}

/// `max_μ C̃_μμ` with `C̃_μμ = (|ξ^μ|² + [threshold]) / N`: the diagonal of the (augmented)
/// correlation matrix that bounds the stable learning rates of the gradient rules.
pub(super) fn max_diagonal(data: &Dataset, mode: Mode) -> f64 {
    let extra = if mode == Mode::Threshold { 1.0 } else { 0.0 };
    (data.max_norm_sq() + extra) / data.dim() as f64
}

/// The 0/1 target `t = (S + 1)/2` of label `S = ±1`.
pub(super) fn target(s: f64) -> f64 {
    if s > 0.0 {
        1.0
    } else {
        0.0
    }
}
