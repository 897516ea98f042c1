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
//! - an error-driven rule moved `(w, θ)` on no example in the epoch ([`Stop::NoErrors`]);
//! - a gradient rule (`Δ = −(η/N) ∂E^μ/∂a`) stands where its cost is stationary: the gradient
//!   `∇E = Σ_μ (∂E^μ/∂a) ξ̃^μ` over the whole set, `ξ̃^μ = (ξ^μ, −1)` (`ξ^μ` through the
//!   origin), has `|∇E| ≤ tolerance · Σ_μ |ξ̃^μ|` ([`Stop::Stationary`], converged). The measure
//!   is the gradient against the one every example would give with slope 1: it does not change
//!   when the data are scaled, and it is what "converged" means for a gradient rule (slow
//!   progress is not convergence: a plateau runs on);
//! - a gradient rule circles: over the epoch `(w, θ)` came back to within `10⁻⁴` of the path it
//!   travelled, and the gradient is not small ([`Stop::Cycling`], not converged: sequential LMS
//!   with a fixed `η` on a set it cannot fit);
//! - the epoch limit is reached ([`Stop::Limit`]); a gradient rule whose cost stayed flat over
//!   the last epochs stops there as stalled on a plateau ([`Stop::Plateau`], not converged,
//!   [`super::plateau`]).
//!
//! With tolerance 0 a gradient rule runs to its limit (`--stop epochs`), its gradient checked
//! at the end only.

use super::objective::Objective;
use super::plateau::{self, PlateauWatch};
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
    /// A gradient rule's step size `η/N`, by which `Δ = −(η/N) ∂E^μ/∂a`; `None` for an
    /// error-driven rule (perceptron-type: an epoch without a move means no errors).
    fn step_size(&self) -> Option<f64>;
    /// A gradient rule's cost, for its plateau stop ([`super::plateau`]); `None` for the others.
    fn objective(&self) -> Option<Objective> {
        None
    }
}

/// A circle: the net move over an epoch at most this fraction of the path travelled in it.
const CYCLE: f64 = 1e-4;

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
    /// `(w, θ)` at the start of the epoch, for the circle test.
    epoch_start: (Vec<f64>, f64),
    moves_this_epoch: usize,
    /// The length of the path `(w, θ)` travelled in this epoch: `Σ |Δ| |ξ̃^μ|`.
    path: f64,
    /// `|ξ̃^μ|` of every example.
    norms: Vec<f64>,
    max_steps: usize,
    /// A gradient rule's cost watch for the plateau stop (with a tolerance above 0).
    plateau: Option<PlateauWatch>,
}

impl<R: OnlineRule> Online<R> {
    /// Starts `rule` on `data` (parameters already checked with [`Drive::check`]). Through the
    /// origin an initial `θ` is ignored.
    pub(super) fn new(rule: R, data: &Dataset, mode: Mode, drive: Drive) -> Self {
        let mut state = RunState::start(data, drive.init.clone(), false);
        if mode != Mode::Threshold {
            state.theta = 0.0;
        }
        // a gradient rule's η, whose step is η/N
        state.rate = rule.step_size().map(|r| r * data.dim() as f64);
        state.unresolved = rule
            .step_size()
            .and_then(|step| super::run_state::unresolved(data, step));
        let extra = f64::from(u8::from(mode == Mode::Threshold));
        let norms = (0..data.len())
            .map(|mu| (dot(data.x(mu), data.x(mu)) + extra).sqrt())
            .collect();
        let plateau = rule.objective().filter(|_| drive.tolerance > 0.0).map(|o| {
            let limit = drive.max_epochs.ceil() as usize;
            PlateauWatch::new(o, limit, &state.w, state.theta, data)
        });
        Self {
            plateau,
            schedule: Schedule::new(data.len(), drive.shuffle),
            path: 0.0,
            norms,
            max_steps: (drive.max_epochs * data.len() as f64).ceil() as usize,
            epoch_start: (state.w.clone(), state.theta),
            state,
            mode,
            rule,
            drive,
            moves_this_epoch: 0,
        }
    }

    /// The stop reason at the end of an epoch, if any (module docs).
    fn end_of_epoch(&mut self) -> Option<Stop> {
        let limit = self.state.steps >= self.max_steps;
        let stop = match self.rule.step_size() {
            None if self.moves_this_epoch == 0 => Some(Stop::NoErrors),
            None => limit.then_some(Stop::Limit),
            Some(rate) => {
                let tolerance = self.drive.tolerance;
                if tolerance > 0.0 || limit || self.moves_this_epoch == 0 {
                    self.state.gradient = Some(self.relative_gradient(rate));
                }
                let gradient = self.state.gradient.unwrap_or(f64::INFINITY);
                // an example beyond the steps' reach: neither stop can be told (Unresolved)
                let resolved = self.state.unresolved.is_none();
                if resolved
                    && (self.moves_this_epoch == 0 || (tolerance > 0.0 && gradient <= tolerance))
                {
                    Some(Stop::Stationary)
                } else if resolved && tolerance > 0.0 && self.net_move() <= CYCLE * self.path {
                    Some(Stop::Cycling)
                } else {
                    let st = &self.state;
                    let epoch = st.steps / st.data.len().max(1);
                    plateau::stop_at(self.plateau.as_mut(), epoch, limit, st)
                }
            }
        };
        self.epoch_start = (self.state.w.clone(), self.state.theta);
        self.moves_this_epoch = 0;
        self.path = 0.0;
        stop
    }

    /// `|Δ(w, θ)|` over the epoch.
    fn net_move(&self) -> f64 {
        let (w0, t0) = &self.epoch_start;
        let st = &self.state;
        let theta = st.theta - t0;
        (st.w
            .iter()
            .zip(w0)
            .map(|(a, b)| (a - b) * (a - b))
            .sum::<f64>()
            + theta * theta)
            .sqrt()
    }

    /// `|∇E| / Σ_μ |ξ̃^μ|` at the current `(w, θ)`, with `∇E = −Σ_μ (Δ^μ/rate) ξ̃^μ` summed over
    /// the whole set (module docs).
    fn relative_gradient(&self, rate: f64) -> f64 {
        let st = &self.state;
        let mut gw = vec![0.0; st.w.len()];
        let mut gt = 0.0;
        for mu in 0..st.data.len() {
            let d = self.rule.delta(st.activation(mu), st.data.y(mu));
            crate::linalg::axpy(d, st.data.x(mu), &mut gw);
            gt -= d;
        }
        if self.mode != Mode::Threshold {
            gt = 0.0;
        }
        let scale = rate * self.norms.iter().sum::<f64>();
        let size = length(&gw, gt);
        if size == 0.0 {
            0.0
        } else {
            size / scale
        }
    }
}

impl<R: OnlineRule> Trainer for Online<R> {
    fn advance(&mut self) -> Step {
        let st = &mut self.state;
        let mu = self.schedule.example();
        let (a, s) = (st.activation(mu), st.data.y(mu));
        let delta = self.rule.delta(a, s);
        let updated = delta != 0.0 && delta.is_finite();
        if updated {
            // η = Δ S^μ: w gains Δ ξ^μ, θ loses Δ (multiplying by S^μ = ±1 twice is exact)
            st.hebbian(mu, delta * s, self.mode);
            self.moves_this_epoch += 1;
            self.path += delta.abs() * self.norms[mu];
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

/// `|(g, t)|`, `√(g·g + t²)`, without over- or underflow where the squares leave the normal
/// range (a gradient of `10⁻³⁰⁰` is not 0).
pub(super) fn length(g: &[f64], t: f64) -> f64 {
    let sq = dot(g, g) + t * t;
    if sq.is_normal() || sq == 0.0 && g.iter().all(|&v| v == 0.0) && t == 0.0 {
        return sq.sqrt();
    }
    let mut all = g.to_vec();
    all.push(t);
    crate::linalg::safe_norm(&all)
}
