//! One run of a sweep's cell step by step: `κ(w)`, the certified bound, `ε_g` and the training
//! error along the way, e.g. to see how MinOver and AdaTron approach the optimal stability.
//!
//! The run is the one the sweep makes in that cell: the cell's data ([`super::cell_data`]), the
//! epoch limit or step budget and the stopping rule of the [`CurveParams`], the rule seeded as in
//! the sweep. The CLI's `trace` takes the cell `(α, repetition) = (0, 0)` of a sweep with one `α`
//! and one repetition: the set of the first repetition of `curve --alpha α` with the same seed.

use super::{cells, CurveParams, Labels};
use crate::error::{Error, Result};
use crate::measure::gen_error;
use crate::train::Algorithm;
use crate::train::Trainer;
use serde::Serialize;
use std::fmt::Write as _;

/// The state of a run after `t` steps.
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TracePoint {
    /// Steps of the rule so far (the unit of the step budget: MinOver's are updates,
    /// Rosenblatt's presentations; [`crate::train::options`]).
    pub t: usize,
    /// Steps that changed `w`.
    pub updates: usize,
    /// `κ(w) = min_μ κ^μ` on the training set (`NaN` for `w = 0`).
    pub kappa: f64,
    /// The certified upper bound `|w| / Σ x^μ ≥ κ_max` (`+∞` before the first update), where the
    /// rule certifies one (MinOver, AdaTron from tabula rasa; Rosenblatt and Hebb through the
    /// origin); `None` otherwise.
    pub kappa_upper: Option<f64>,
    /// `ε_g = arccos(R)/π` against the teacher; `None` for random labels.
    pub eps_g: Option<f64>,
    /// Fraction of the training set with `E^μ ≤ 0`.
    pub train_error: f64,
}

/// The CSV header of [`TracePoint`]s.
pub const TRACE_HEADER: &str = "t,updates,kappa,kappa_upper,eps_g,train_error";

impl TracePoint {
    /// The point in the columns of [`TRACE_HEADER`]; `kappa_upper` and `eps_g` empty when absent.
    pub fn to_csv(&self) -> String {
        let opt = |v: Option<f64>| v.map_or(String::new(), |v| v.to_string());
        format!(
            "{},{},{},{},{},{}",
            self.t,
            self.updates,
            self.kappa,
            opt(self.kappa_upper),
            opt(self.eps_g),
            self.train_error
        )
    }
}

/// The trace of `algorithm` in cell `cell` of the sweep `params`, one point every `every` steps:
/// at `t = 0`, at each multiple of `every` the run passes (a rule whose step counts several, as
/// batch Adaline's, at the first step at or past it), and at the end (the state
/// [`Trainer::fit`] reports), calling `emit` with each.
///
/// # Errors
/// Those of [`CurveParams::validate`]; [`Error::OutOfRange`] for `every = 0` or a cell out of
/// range; [`Error::Unknown`] for `exact`, which is not a training rule; the rule's own errors.
pub fn trace_with(
    params: &CurveParams,
    algorithm: Algorithm,
    cell: usize,
    every: usize,
    mut emit: impl FnMut(TracePoint),
) -> Result<()> {
    params.validate()?;
    if every == 0 {
        return Err(Error::OutOfRange {
            name: "trace interval (steps)",
            value: 0.0,
            range: "[1, ∞)",
        });
    }
    let (data, teacher) = cells::cell_data(params, cell)?;
    let mut trainer = cells::trainer(algorithm, &data, params, cell)?;
    let point = |trainer: &dyn Trainer| {
        let fit = trainer.fit();
        TracePoint {
            t: fit.steps,
            updates: fit.updates,
            kappa: fit.kappa,
            kappa_upper: fit.kappa_upper,
            eps_g: (params.labels == Labels::Teacher)
                .then(|| gen_error(&fit.perceptron.w, &teacher)),
            train_error: fit.errors as f64 / data.len() as f64,
        }
    };
    emit(point(trainer.as_ref()));
    let mut last = 0;
    let mut next = every;
    loop {
        let stopped = trainer.step().stop.is_some();
        let t = trainer.progress().0;
        if stopped {
            if t != last {
                emit(point(trainer.as_ref()));
            }
            return Ok(());
        }
        if t >= next {
            emit(point(trainer.as_ref()));
            last = t;
            next = (t / every + 1) * every;
        }
    }
}

/// [`trace_with`], collected.
///
/// # Errors
/// Those of [`trace_with`].
pub fn trace(
    params: &CurveParams,
    algorithm: Algorithm,
    cell: usize,
    every: usize,
) -> Result<Vec<TracePoint>> {
    let mut points = Vec::new();
    trace_with(params, algorithm, cell, every, |p| points.push(p))?;
    Ok(points)
}

/// The points as CSV with [`TRACE_HEADER`].
pub fn trace_csv(points: &[TracePoint]) -> String {
    let mut csv = format!("{TRACE_HEADER}\n");
    for p in points {
        let _ = writeln!(csv, "{}", p.to_csv());
    }
    csv
}
