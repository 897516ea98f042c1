//! [`super::CurveParams`] as the page, its workers and saved files write it: the run's
//! configuration under the sweep's names (`epochs`, `updates`, `seed`). Serde's derive reads and
//! writes this shape (its messages name `CurveParams`), tsify types it for the page, and
//! `From` converts both ways.

use super::{sweep_run, Labels, StopRule};
use crate::train::config::MAX_EPOCHS;
use crate::train::Algorithm;
use serde::{Deserialize, Serialize};

/// A learning-curve sweep.
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CurveParams {
    /// Input dimension `N`.
    n: usize,
    /// The `α` grid.
    alphas: Vec<f64>,
    /// Repetitions per `α` (`n_D`).
    reps: usize,
    /// Algorithms: any of the catalogue, `exact` included.
    #[cfg_attr(target_arch = "wasm32", tsify(type = "Algorithm[]"))]
    algorithms: Vec<Algorithm>,
    /// Epoch limit of the iterative rules (ignored when `updates` is set).
    epochs: f64,
    /// Step budget of the iterative rules instead of the epoch limit: `T` steps of the rule
    /// ([`crate::train::StepCost`] says what a step is; MinOver's are updates, the course
    /// reports' `t_max`), i.e. `T/P` epochs at each `α`. Absent: the epoch limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    updates: Option<usize>,
    /// Seed of the whole sweep.
    seed: u64,
    /// Label noise λ (teacher labels only).
    noise: f64,
    /// Teacher or random labels.
    labels: Labels,
    /// Stopping rule of the iterative rules.
    stop: StopRule,
    /// Also test a random labelling of each cell's inputs for linear separability (the storage
    /// problem, against Cover's `C(P,N)/2^P`); with random labels that is the data itself.
    #[serde(default)]
    random_separability: bool,
}

impl From<CurveParams> for super::CurveParams {
    fn from(w: CurveParams) -> Self {
        Self {
            n: w.n,
            alphas: w.alphas,
            reps: w.reps,
            algorithms: w.algorithms,
            noise: w.noise,
            labels: w.labels,
            stop: w.stop,
            random_separability: w.random_separability,
            run: sweep_run(w.epochs, w.updates, w.seed),
        }
    }
}

impl From<super::CurveParams> for CurveParams {
    fn from(p: super::CurveParams) -> Self {
        Self {
            n: p.n,
            alphas: p.alphas,
            reps: p.reps,
            algorithms: p.algorithms,
            epochs: p.run.max_epochs.unwrap_or(MAX_EPOCHS),
            updates: p.run.budget.steps,
            seed: p.run.seed,
            noise: p.noise,
            labels: p.labels,
            stop: p.stop,
            random_separability: p.random_separability,
        }
    }
}
