//! The gradient rules' plateau stop ([`Stop::Plateau`]): a rule that reaches its epoch limit with
//! its cost flat and its gradient not small has stalled on a plateau, not converged.
//!
//! Precisely: at the limit, after `T` epochs, with `K = min(PLATEAU_EPOCHS, T)`, the cost
//! `E = Σ_μ c(w·ξ^μ − θ, S^μ)` ([`Objective::cost`]) changed over the last `K` epochs by at most
//! [`PLATEAU_CHANGE`] of itself, `|E(T) − E(T − K)| ≤ 10⁻² |E(T − K)|`, while
//! `|∇E| / Σ_μ |ξ̃^μ|` is above the converged tolerance (otherwise the rule stopped as
//! [`Stop::Stationary`]) and some example is still misclassified (`E^μ ≤ 0`): a sigmoid cost
//! on separable data, whose `w` separates the set and grows without bound as the cost creeps
//! towards its infimum 0, is at [`Stop::Limit`] (its text says the cost has no minimum). The tanh Adaline from its far-off start is the course notes' example:
//! the loss stays within 2 % for tens of epochs before it falls. With `--stop epochs` (tolerance 0)
//! the stop stays [`Stop::Limit`]. The cost is evaluated twice per run (`O(P N)` each).

use super::objective::Objective;
use super::Stop;
use crate::data::Dataset;
use crate::linalg::dot;
use crate::measure::Perceptron;

/// `K`: the cost's change is measured over the last this many epochs (fewer in a shorter run).
pub const PLATEAU_EPOCHS: usize = 10;

/// The relative change of the cost over `K` epochs at or below which it is flat.
pub const PLATEAU_CHANGE: f64 = 1e-2;

/// `E(w, θ) = Σ_μ c(w·ξ^μ − θ, S^μ)`.
pub fn total_cost(objective: Objective, w: &[f64], theta: f64, data: &Dataset) -> f64 {
    (0..data.len())
        .map(|mu| objective.cost(dot(w, data.x(mu)) - theta, data.y(mu)))
        .sum()
}

/// Watches a gradient rule's cost for the plateau stop: the cost `K` epochs before the limit
/// (or at the start).
#[derive(Debug, Clone)]
pub(super) struct PlateauWatch {
    objective: Objective,
    /// The epoch at whose end the reference cost is taken (0: the start).
    at_epoch: usize,
    /// The reference cost `E(T − K)`.
    reference: f64,
}

impl PlateauWatch {
    /// A watch over a run of `limit` epochs from `(w, θ)`.
    pub fn new(objective: Objective, limit: usize, w: &[f64], theta: f64, data: &Dataset) -> Self {
        Self {
            objective,
            at_epoch: limit.saturating_sub(PLATEAU_EPOCHS),
            reference: total_cost(objective, w, theta, data),
        }
    }

    /// At the end of epoch `epoch` (counted from 1): takes the reference cost `K` epochs before
    /// the limit.
    pub fn end_of_epoch(&mut self, epoch: usize, w: &[f64], theta: f64, data: &Dataset) {
        if epoch == self.at_epoch {
            self.reference = total_cost(self.objective, w, theta, data);
        }
    }

    /// The stop at the limit: [`Stop::Plateau`] when the cost is flat (module docs), else
    /// [`Stop::Limit`].
    pub fn at_limit(&self, w: &[f64], theta: f64, data: &Dataset) -> Stop {
        let cost = total_cost(self.objective, w, theta, data);
        let flat = (cost - self.reference).abs() <= PLATEAU_CHANGE * self.reference.abs();
        if flat && Perceptron::new(w.to_vec(), theta).errors(data) > 0 {
            Stop::Plateau
        } else {
            Stop::Limit
        }
    }
}

/// A gradient rule's stop at the end of epoch `epoch` that is neither stationary nor cycling:
/// at the limit [`PlateauWatch::at_limit`] (or [`Stop::Limit`] without a watch), before it
/// none (the watch takes its reference cost).
pub(super) fn stop_at(
    watch: Option<&mut PlateauWatch>,
    epoch: usize,
    limit: bool,
    state: &super::RunState,
) -> Option<Stop> {
    let (w, theta, data) = (&state.w, state.theta, &state.data);
    match watch {
        Some(p) if limit => Some(p.at_limit(w, theta, data)),
        Some(p) => {
            p.end_of_epoch(epoch, w, theta, data);
            None
        }
        None => limit.then_some(Stop::Limit),
    }
}
