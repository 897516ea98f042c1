//! A gradient rule's (or the soft margin's) own optimum in the scene ([`OptimumView`]): where its cost is minimal
//! ([`crate::optimum`], computed once per set) and how far the rule's answer is from it.

use crate::data::Dataset;
use crate::measure::Perceptron;
use crate::optimum::Optimum;
use crate::train::logistic::Loss;
use crate::train::objective::Objective;
use crate::train::Mode;
use serde::Serialize;

/// The optimum of the cost a gradient rule minimises, beside the rule's answer.
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OptimumView {
    /// `"at"` (a minimum at finite `(w, θ)`), `"unbounded"` (a sigmoid cost on a separable set:
    /// none, `|w|` grows for ever) or `"unknown"` (a singular Hessian: fewer independent examples
    /// than weights; the soft margin: its optimality conditions not certified).
    pub kind: &'static str,
    /// The minimiser's `w` (`"at"` only).
    pub w: Option<Vec<f64>>,
    /// The minimiser's `θ` (`"at"` only).
    pub theta: Option<f64>,
    /// The minimal cost `E(v*)` (`"at"` only).
    pub cost: Option<f64>,
    /// The answer's cost gap `E(v) − E(v*)` (`"at"` only).
    pub cost_gap: Option<f64>,
    /// The angle between the answer's `(w, θ)` and the minimiser's, in radians (`"at"` only).
    pub angle: Option<f64>,
    /// `"max-stability"` where the cost has no minimum but gradient descent on it runs to a known
    /// direction: the cross-entropy on a separable set through the origin, whose gradient descent
    /// turns (as `1/log t`) towards the maximal-stability direction, the L2 maximal margin
    /// (Soudry et al. 2018, JMLR 19(70), for gradient descent at a small enough fixed step). With a threshold the theorem gives the
    /// maximal margin of the augmented `(w, θ)`, which penalises `θ` and is not the maximal
    /// stability; for the squared costs nothing is established. `None` otherwise.
    pub runs_to: Option<&'static str>,
}

impl OptimumView {
    /// `optimum` of `objective` beside the rule's `answer` on `data` in `mode`.
    pub fn new(
        optimum: &Optimum,
        objective: Objective,
        answer: &Perceptron,
        data: &Dataset,
        mode: Mode,
    ) -> Self {
        let distance = optimum.distance(objective, answer, data, mode);
        let (kind, at) = match optimum {
            Optimum::At { perceptron, cost } => ("at", Some((perceptron, *cost))),
            Optimum::Unbounded => ("unbounded", None),
            Optimum::Unknown => ("unknown", None),
        };
        Self {
            kind,
            w: at.map(|(p, _)| p.w.clone()),
            theta: at.map(|(p, _)| p.theta),
            cost: at.map(|(_, c)| c),
            cost_gap: distance.map(|d| d.cost_gap),
            angle: distance.map(|d| d.angle),
            runs_to: (matches!(optimum, Optimum::Unbounded)
                && objective == Objective::Sigmoid(Loss::CrossEntropy)
                && mode == Mode::Homogeneous)
                .then_some("max-stability"),
        }
    }
}
