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

use super::{check_init, check_positive, check_tolerance, Mode, Step, Stop, Trainer};
use crate::data::Dataset;
use crate::error::{Error, Result};
use crate::linalg::{axpy, dot};
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
        if data.is_empty() {
            return Err(Error::Empty);
        }
        check_positive("max_epochs", self.max_epochs)?;
        check_tolerance("tolerance", self.tolerance)?;
        check_init(self.init.as_ref(), data)
    }
}

/// An on-line rule in progress (see the module documentation).
#[derive(Debug, Clone)]
pub struct Online<R> {
    data: Dataset,
    mode: Mode,
    rule: R,
    drive: Drive,
    w: Vec<f64>,
    theta: f64,
    x: Vec<f64>,
    order: Vec<usize>,
    rng: Option<Rng>,
    pos: usize,
    /// `(w, θ)` at the start of the epoch, for the settle test.
    epoch_start: (Vec<f64>, f64),
    moves_this_epoch: usize,
    max_steps: usize,
    steps: usize,
    updates: usize,
    stop: Option<Stop>,
}

impl<R: OnlineRule> Online<R> {
    /// Starts `rule` on `data` (parameters already checked with [`Drive::check`]). Through the
    /// origin an initial `θ` is ignored.
    pub(super) fn new(rule: R, data: &Dataset, mode: Mode, drive: Drive) -> Self {
        let Perceptron { w, theta } = drive
            .init
            .clone()
            .unwrap_or_else(|| Perceptron::new(vec![0.0; data.dim()], 0.0));
        let theta = if mode == Mode::Threshold { theta } else { 0.0 };
        let mut rng = drive.shuffle.map(rng_from_seed);
        let order = permutation(data.len(), rng.as_mut());
        Self {
            max_steps: (drive.max_epochs * data.len() as f64).ceil() as usize,
            epoch_start: (w.clone(), theta),
            data: data.clone(),
            mode,
            rule,
            drive,
            x: vec![0.0; data.len()],
            w,
            theta,
            order,
            rng,
            pos: 0,
            moves_this_epoch: 0,
            steps: 0,
            updates: 0,
            stop: None,
        }
    }

    /// The stop reason at the end of an epoch, if any.
    fn end_of_epoch(&mut self) -> Option<Stop> {
        let (w0, t0) = &self.epoch_start;
        let moved: f64 = self
            .w
            .iter()
            .zip(w0)
            .map(|(a, b)| (a - b) * (a - b))
            .sum::<f64>()
            + (self.theta - t0) * (self.theta - t0);
        let size = dot(&self.w, &self.w) + self.theta * self.theta;
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
        } else if self.steps >= self.max_steps {
            Some(Stop::Limit)
        } else {
            None
        };
        self.epoch_start = (self.w.clone(), self.theta);
        self.moves_this_epoch = 0;
        if let Some(rng) = self.rng.as_mut() {
            self.order = permutation(self.order.len(), Some(rng));
        }
        stop
    }
}

impl<R: OnlineRule> Trainer for Online<R> {
    fn step(&mut self) -> Step {
        if let Some(stop) = self.stop {
            return Step::stopped(stop);
        }
        let mu = self.order[self.pos];
        let s = self.data.y(mu);
        let xi = self.data.x(mu);
        let delta = self.rule.delta(dot(&self.w, xi) - self.theta, s);
        let updated = delta != 0.0 && delta.is_finite();
        if updated {
            axpy(delta, xi, &mut self.w);
            if self.mode == Mode::Threshold {
                self.theta -= delta;
            }
            self.x[mu] += delta * s;
            self.updates += 1;
            self.moves_this_epoch += 1;
        }
        self.steps += 1;
        self.pos += 1;
        if self.pos == self.order.len() {
            self.pos = 0;
            self.stop = self.end_of_epoch();
        }
        Step::on(mu, updated, self.stop)
    }

    accessors! {
        perceptron: (w, theta),
        embedding: x,
        certifies: false,
        data: data,
        progress: (steps, updates, stop),
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
