//! One run of a sweep's cell step by step: `κ(w)`, the certified bound, `ε_g` and the training
//! error along the way, e.g. to see how MinOver and AdaTron approach the optimal stability.
//!
//! The run is the one the sweep makes in that cell: the cell's data ([`super::cell_data`]), the
//! epoch limit or step budget and the stopping rule of the [`CurveParams`], the rule seeded as in
//! the sweep. The CLI's `trace` takes the cell `(α, repetition) = (0, 0)` of a sweep with one `α`
//! and one repetition: the set of the first repetition of `curve --alpha α` with the same seed.

use super::{cells, CurveParams, Labels};
use crate::error::{Error, Result};
use crate::trace::{Recorder, Sampling, Trace};
pub use crate::trace::{TracePoint, TRACE_HEADER};
use crate::train::Algorithm;
use std::fmt::Write as _;

/// One cell's run traced: the [`Trace`] (every `K` steps, with `ε_g` against the teacher) and the
/// size `P` of its set, of which the rows' training error is a fraction.
#[derive(Debug, Clone, PartialEq)]
pub struct RunTrace {
    /// The trace.
    pub trace: Trace,
    /// `P`.
    pub p: usize,
}

impl RunTrace {
    /// The trace's entries as rows ([`Trace::rows`]).
    pub fn points(&self) -> Vec<TracePoint> {
        self.trace.rows(self.p)
    }
}

/// The trace of `algorithm` in cell `cell` of the sweep `params`, one point every `every` steps:
/// at `t = 0`, at each multiple of `every` the run passes (a rule whose step counts several, as
/// batch Adaline's, at the first step at or past it), and at the end (the state
/// [`crate::train::Trainer::fit`] reports), calling `emit` with each entry's row as it is
/// recorded.
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
) -> Result<RunTrace> {
    params.validate_set("the run's set")?;
    if every == 0 {
        return Err(Error::OutOfRange {
            name: "trace interval (steps)",
            value: 0.0,
            range: "[1, ∞)",
        });
    }
    let (data, teacher) = cells::cell_data(params, cell)?;
    let teacher = (params.labels == Labels::Teacher).then_some(&teacher[..]);
    let mut trainer = cells::trainer(algorithm, &data, params, cell)?;
    let mut recorder = Recorder::on(trainer.as_ref(), Sampling::Every(every), teacher.is_some());
    let p = data.len();
    let mut stopped = false;
    loop {
        if recorder.observe_at(trainer.as_ref(), stopped, teacher) {
            let trace = recorder.trace();
            emit(trace.row(trace.len() - 1, p));
        }
        if stopped {
            return Ok(RunTrace {
                trace: recorder.into_trace(),
                p,
            });
        }
        stopped = trainer.step().stop.is_some();
    }
}

/// [`trace_with`], without a row at a time.
///
/// # Errors
/// Those of [`trace_with`].
pub fn trace_run(
    params: &CurveParams,
    algorithm: Algorithm,
    cell: usize,
    every: usize,
) -> Result<RunTrace> {
    trace_with(params, algorithm, cell, every, |_| {})
}

/// [`trace_run`]'s rows.
///
/// # Errors
/// Those of [`trace_with`].
pub fn trace(
    params: &CurveParams,
    algorithm: Algorithm,
    cell: usize,
    every: usize,
) -> Result<Vec<TracePoint>> {
    Ok(trace_run(params, algorithm, cell, every)?.points())
}

/// The points as CSV with [`TRACE_HEADER`].
pub fn trace_csv(points: &[TracePoint]) -> String {
    let mut csv = format!("{TRACE_HEADER}\n");
    for p in points {
        let _ = writeln!(csv, "{}", p.to_csv());
    }
    csv
}
