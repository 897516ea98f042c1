//! Training rules, each with a step-by-step mode (for animation) and a run-to-stop mode.
//!
//! Every rule works in two modes ([`Mode`]): through the origin (`θ = 0`) or with a threshold.
//! A trainer is built from the run's [`Config`], checked, stepped with [`Trainer::step`] until it reports
//! a [`Stop`], and summarised by [`Trainer::fit`]. [`Trainer::run`] does both.
//!
//! Scaling: weights are written as `w = Σ_μ x^μ S^μ ξ^μ` (no `1/N`); the book's embedding
//! strengths are `N x^μ`. Stabilities and the certified bound do not depend on this choice.

pub mod adaline;
pub mod adatron;
pub mod algorithm;
mod build;
pub mod config;
mod directions;
pub mod gradient;
pub(crate) mod gram;
pub mod hebb;
pub mod logistic;
pub mod minover;
pub mod notes;
pub mod objective;
pub mod online;
pub mod plateau;
pub mod pocket;
pub mod rescaled;
pub mod rosenblatt;
pub mod run_state;
pub mod settings;
pub mod spec;
pub mod students;
pub mod whole;

pub use adaline::AdalineBatch;
pub use adatron::check_gamma;
pub use adatron::{Adatron, Strengths};
pub use algorithm::Algorithm;
pub use build::{build, build_spec, small_angle, Budgeted};
pub use config::{AngleStop, Budget, Config, Presentation};
pub use gram::Gram;
pub use hebb::Hebb;
pub use logistic::Loss;
pub use minover::Minover;
pub use online::Online;
pub use pocket::Pocket;
pub use rescaled::Rescaled;
pub use rosenblatt::Rosenblatt;
pub use run_state::RunState;
pub use spec::{Builder, Optional, OwnSetting, Spec, StepCost, Takes, Texts};

use crate::data::Dataset;
pub use crate::measure::Mode;
use crate::measure::{stability_upper_bound, Perceptron};
use serde::Serialize;

/// Why a run ended.
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stop {
    /// A whole epoch passed without an update: every example has `E^μ > c` (Rosenblatt).
    NoErrors,
    /// The certified optimality gap `(κ_upper − κ(w)) / κ_upper` fell below the tolerance.
    GapReached,
    /// No example violates the optimality (KKT) conditions by more than the tolerance.
    Kkt,
    /// The epoch or step limit was reached first.
    Limit,
    /// Nothing can be learnt: no example can change `w` (e.g. every point at the origin).
    Stalled,
    /// `κ(w)` did not improve for the given number of steps (MinOver's rule in the assignments).
    NoImprovement,
    /// A one-pass rule (Hebb) has seen every example once.
    OnePass,
    /// A student of the version space has its draw (Gibbs: after the chain's burn-in) or has
    /// averaged its samples (Bayes); in 2-D after one exact step ([`students`]).
    Sampled,
    /// The angle stopping rule ([`AngleStop`], any rule; Biehl §3.6.2): the angle between
    /// `(w, θ)` at the start and the end of a block of steps fell below its tolerance. Converged
    /// for the rules without an optimality condition of their own to check, not for the
    /// gradient rules ([`Stop::converged_at`]).
    Settled,
    /// The gradient rules' optimality condition holds: `|∇E| ≤ tolerance · Σ_μ |ξ̃^μ|` (the
    /// gradient against its scale, the norms of the (augmented) inputs `ξ̃^μ = (ξ^μ, −1)`, as
    /// if every example's slope `∂E^μ/∂a` were 1), [`Fit::gradient`] says how far.
    Stationary,
    /// A sequential gradient rule circles instead of converging: over the last epoch `(w, θ)`
    /// came back to where it was (its net move at most a `10⁻⁴` of the path it travelled) while
    /// the gradient is not small. A fixed learning rate keeps sequential LMS on a cycle around
    /// the optimum (its distance grows with `η`): a smaller `η` or the batch rule gets closer.
    Cycling,
    /// A gradient rule reached its epoch limit on a plateau: its cost changed by at most 1 % over
    /// the last epochs while the gradient is not small ([`plateau`]). Not converged.
    Plateau,
}

impl Stop {
    /// Whether the rule's own convergence criterion was met.
    pub fn converged(self) -> bool {
        matches!(
            self,
            Stop::NoErrors
                | Stop::GapReached
                | Stop::Kkt
                | Stop::NoImprovement
                | Stop::OnePass
                | Stop::Sampled
                | Stop::Settled
                | Stop::Stationary
        )
    }

    /// Whether a rule that stopped here converged, `state` being its run's (a gradient rule
    /// has measured its gradient or keeps its rate, [`RunState::rate`]): as
    /// [`Stop::converged`], except that the angle rule ([`Stop::Settled`]) does not certify a
    /// gradient rule's optimality condition, `|∇E|` small, so it has not converged there.
    pub fn converged_at(self, state: &RunState) -> bool {
        let gradient_rule = state.gradient.is_some() || state.rate.is_some();
        self.converged() && !(self == Stop::Settled && gradient_rule)
    }
}

/// What one step did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Step {
    /// The example looked at (for a pair update, the first of the pair).
    pub example: Option<usize>,
    /// The second example of a pair update (threshold MinOver and AdaTron).
    pub partner: Option<usize>,
    /// Whether `w` changed.
    pub updated: bool,
    /// `Some` once the rule has stopped; further steps change nothing.
    pub stop: Option<Stop>,
}

impl Step {
    /// The step of a rule that has stopped: nothing looked at, nothing changed.
    fn stopped(stop: Stop) -> Self {
        Self::whole(false, Some(stop))
    }

    /// A step on the one example `example` (no partner).
    fn on(example: usize, updated: bool, stop: Option<Stop>) -> Self {
        Self {
            example: Some(example),
            partner: None,
            updated,
            stop,
        }
    }

    /// A step on no one example (a gradient step over all of them, a step of a chain).
    fn whole(updated: bool, stop: Option<Stop>) -> Self {
        Self {
            example: None,
            partner: None,
            updated,
            stop,
        }
    }
}

/// The summary of a run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Fit {
    /// The perceptron reached.
    pub perceptron: Perceptron,
    /// Why it stopped (`None` while still running).
    pub stop: Option<Stop>,
    /// Whether the rule's own criterion was met.
    pub converged: bool,
    /// Steps taken (presentations for Rosenblatt/AdaTron, updates for MinOver).
    pub steps: usize,
    /// Steps that changed `w`.
    pub updates: usize,
    /// Steps divided by `P`.
    pub epochs: f64,
    /// `κ(w) = min_μ κ^μ` (`NaN` for `w = 0`).
    pub kappa: f64,
    /// Number of examples with `E^μ ≤ 0`.
    pub errors: usize,
    /// The certified upper bound `|w| / Σ x^μ ≥ κ_max`, where the rule keeps valid embedding
    /// strengths (MinOver, AdaTron from tabula rasa); `None` otherwise.
    pub kappa_upper: Option<f64>,
    /// The embedding strengths `x^μ` (`w = Σ x^μ S^μ ξ^μ` when started tabula rasa).
    pub embedding: Vec<f64>,
    /// The gradient rules: `|∇E| / Σ_μ |ξ̃^μ|` at the last check (the end of an epoch), the
    /// quantity [`Stop::Stationary`] bounds; `None` for the other rules.
    pub gradient: Option<f64>,
    /// The sequential gradient rules: the fixed learning rate `η` they ran with (the cycling
    /// stop's hint scales it); `None` for the other rules.
    pub rate: Option<f64>,
    /// A gradient rule's example beyond the reach of its steps ([`gradient::unresolved`]): its
    /// stop is then never [`Stop::Stationary`].
    pub unresolved: Option<gradient::Unresolved>,
}

impl Fit {
    /// The certified gap `κ_upper − κ(w) ≥ κ_max − κ(w) ≥ 0`, when a bound is known.
    pub fn gap(&self) -> Option<f64> {
        self.kappa_upper.map(|u| u - self.kappa)
    }
}

/// A training rule in progress.
///
/// A rule keeps its run in a [`RunState`] ([`Trainer::run_state`]); the accessors below read it,
/// and a rule whose answer is not its run state's field overrides that one accessor.
pub trait Trainer {
    /// Takes one step of the rule; once it returns a `stop`, further calls change nothing: by
    /// default a stopped run ([`RunState::stop`]) answers [`Step::stopped`] and a running one
    /// [`advance`](Trainer::advance)s.
    fn step(&mut self) -> Step {
        match self.run_state().stop {
            Some(stop) => Step::stopped(stop),
            None => self.advance(),
        }
    }
    /// One step of a run that has not stopped: the rule's own step (what [`Trainer::step`]
    /// calls while [`RunState::stop`] is `None`).
    fn advance(&mut self) -> Step;
    /// The run as the rule keeps it.
    fn run_state(&self) -> &RunState;

    /// The current perceptron `(w, θ)`: by default the run state's, cloned.
    fn perceptron(&self) -> Perceptron {
        self.run_state().perceptron()
    }
    /// The current embedding strengths `x^μ`: by default the run state's.
    fn embedding(&self) -> &[f64] {
        &self.run_state().x
    }
    /// Whether the embedding strengths certify a bound on `κ_max` (started tabula rasa): by
    /// default the run state's flag.
    fn certifies(&self) -> bool {
        self.run_state().certifies
    }
    /// The certified bound `κ_max ≤ |w| / Σ_μ x^μ` where the embedding strengths certify one
    /// ([`Trainer::certifies`]), else `None`: by default [`stability_upper_bound`] of the
    /// perceptron's `w` and [`Trainer::embedding`]; a rule whose strengths may leave the
    /// floating-point range (AdaTron's on a set of lengths `10³⁰⁰` apart) computes it its own way.
    fn kappa_upper(&self) -> Option<f64> {
        self.certifies()
            .then(|| stability_upper_bound(&self.perceptron().w, self.embedding()))
    }
    /// The data set trained on.
    fn data(&self) -> &Dataset {
        &self.run_state().data
    }
    /// `(steps, updates, stop)` so far: by default the run state's counters.
    fn progress(&self) -> (usize, usize, Option<Stop>) {
        let s = self.run_state();
        (s.steps, s.updates, s.stop)
    }

    /// Training errors of the rule's working `w` when its answer is another perceptron (pocket:
    /// the running Rosenblatt `w`, while [`Trainer::perceptron`] is the pocketed one); `None` for
    /// the rules whose answer is the `w` they step.
    fn current_errors(&self) -> Option<usize> {
        None
    }

    /// Steps until the rule stops, and summarises.
    fn run(&mut self) -> Fit {
        while self.step().stop.is_none() {}
        self.fit()
    }

    /// The summary of the run so far ([`summary`]: one copy of the work for every rule, not one
    /// per rule's trait object — the page's module size).
    fn fit(&self) -> Fit {
        summary(
            self.perceptron(),
            self.data(),
            self.progress(),
            self.kappa_upper(),
            self.embedding(),
            self.run_state(),
        )
    }
}

/// A run's [`Fit`] from its parts ([`Trainer::fit`]).
fn summary(
    perceptron: Perceptron,
    data: &Dataset,
    (steps, updates, stop): (usize, usize, Option<Stop>),
    kappa_upper: Option<f64>,
    embedding: &[f64],
    state: &RunState,
) -> Fit {
    Fit {
        kappa: perceptron.stability(data),
        errors: perceptron.errors(data),
        epochs: steps as f64 / data.len().max(1) as f64,
        stop,
        converged: stop.is_some_and(|s| s.converged_at(state)),
        steps,
        updates,
        kappa_upper,
        embedding: embedding.to_vec(),
        gradient: state.gradient,
        rate: state.rate,
        unresolved: state.unresolved,
        perceptron,
    }
}

/// The output of a trained perceptron `(w, θ)` on input `ξ`, in the convention of `algorithm`:
/// - a rule with 0/1 outputs ([`Spec::zero_one`]: the lecture-notes perceptron): `1` iff
///   `w·ξ > θ`, else `0` (the notes' `f(x) > 0` for class 1, `f(x) ≤ 0` for class 0; a tie is 0);
/// - every other rule: `sign(w·ξ − θ)`, i.e. `+1` or `−1`, and `0` on the boundary `w·ξ = θ`,
///   where the crate counts an example of either label as an error (`E^μ ≤ 0`).
///
/// # Panics
/// If `ξ` and `w` differ in length.
pub fn output(algorithm: Algorithm, perceptron: &Perceptron, xi: &[f64]) -> f64 {
    assert_eq!(
        xi.len(),
        perceptron.w.len(),
        "input and weights differ in length"
    );
    let a = crate::linalg::dot(&perceptron.w, xi) - perceptron.theta;
    if algorithm.spec().zero_one {
        return if a > 0.0 { 1.0 } else { 0.0 };
    }
    if a > 0.0 {
        1.0
    } else if a < 0.0 {
        -1.0
    } else {
        0.0
    }
}

/// Relative certified gap `(upper − lower) / upper`, used by the optimal-stability rules to stop.
fn relative_gap(lower: f64, upper: f64) -> f64 {
    if upper.is_finite() && upper > 0.0 {
        (upper - lower) / upper
    } else {
        f64::INFINITY
    }
}

/// Checks that there are data and, with a threshold, examples of both classes (MinOver and
/// AdaTron put `θ` between the classes; the students' version space is unbounded in `θ`
/// otherwise).
fn check_classes(data: &Dataset, mode: Mode) -> crate::Result<()> {
    if data.is_empty() {
        return Err(crate::Error::Empty);
    }
    if mode == Mode::Threshold && !data.has_both_classes() {
        return Err(crate::Error::OneClass {
            label: data.y(0) as i8,
        });
    }
    Ok(())
}

/// Checks a tolerance `≥ 0` (0: never stop on it).
fn check_tolerance(name: &'static str, value: f64) -> crate::Result<()> {
    check_finite(name, value, value >= 0.0, "[0, ∞)")
}

/// Checks a positive count or tolerance.
fn check_positive(name: &'static str, value: f64) -> crate::Result<()> {
    check_finite(name, value, value > 0.0, "(0, ∞)")
}

/// `Ok` where `value` is finite and `holds` (its range condition); otherwise
/// [`crate::Error::OutOfRange`] naming `value` and `range`.
fn check_finite(
    name: &'static str,
    value: f64,
    holds: bool,
    range: &'static str,
) -> crate::Result<()> {
    if holds && value.is_finite() {
        Ok(())
    } else {
        Err(crate::Error::OutOfRange { name, value, range })
    }
}

/// The checks of every iterated run before it starts: some data, an epoch limit `> 0`, an
/// initial perceptron (if any) of the data's dimension.
fn check_start(data: &Dataset, init: Option<&Perceptron>, max_epochs: f64) -> crate::Result<()> {
    if data.is_empty() {
        return Err(crate::Error::Empty);
    }
    check_positive("max_epochs", max_epochs)?;
    check_init(init, data)
}

/// Checks an optional initial perceptron: `w` of the data's dimension, `w` and `θ` finite.
fn check_init(init: Option<&Perceptron>, data: &Dataset) -> crate::Result<()> {
    if let Some(p) = init {
        if p.w.len() != data.dim() {
            return Err(crate::Error::Shape {
                expected: data.dim(),
                got: p.w.len(),
            });
        }
        if let Some(v) = p.w.iter().chain([&p.theta]).find(|v| !v.is_finite()) {
            return Err(crate::Error::OutOfRange {
                name: "initial perceptron (w, θ)",
                value: *v,
                range: "finite numbers (−∞, ∞)",
            });
        }
    }
    Ok(())
}
