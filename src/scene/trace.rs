//! Traces of the data view's rules against the step `t`, recorded from the very run whose line
//! is drawn (no second computation that could disagree): `κ(w(t))`, the certified upper bound
//! `κ_upper(t) ≥ κ_max` where the rule has one (MinOver, AdaTron: `|w| / Σ_μ x^μ` with the
//! embedding strengths `x^μ`; Biehl §3.6), the updates `M(t)` (for Rosenblatt against the
//! convergence theorem's `M*`) and the training errors (for pocket: those of the current `w`).
//!
//! Samples are taken at every step up to [`DENSE_STEPS`], then at steps growing by a factor of
//! about [`GROWTH`] (about 40 per decade), and at the step where the rule stops, so a trace of
//! `10⁷` steps holds a few hundred points and looks right on a logarithmic `t` axis.

use crate::train::Trainer;
use serde::Serialize;

/// Every step up to this one is sampled.
pub const DENSE_STEPS: usize = 20;
/// Beyond [`DENSE_STEPS`], the next sample is at `⌈t·GROWTH⌉`.
pub const GROWTH: f64 = 1.06;

/// One rule's trace: parallel arrays, one entry per sampled step.
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Trace {
    /// The steps `t` sampled (from 1, increasing; the last is the step the rule stopped at, once
    /// it has).
    pub t: Vec<usize>,
    /// `κ(w(t))`.
    pub kappa: Vec<f64>,
    /// The certified upper bound on `κ_max` after step `t`; `None` for a rule without one.
    pub upper: Option<Vec<f64>>,
    /// The updates `M(t)` of `w` up to step `t`.
    pub updates: Vec<usize>,
    /// Training errors of `w(t)`.
    pub errors: Vec<usize>,
}

/// Records a [`Trace`] as a rule is stepped.
#[derive(Debug, Clone)]
pub(super) struct Recorder {
    trace: Trace,
    next: usize,
}

impl Recorder {
    /// An empty trace for a rule that does (`certifies`) or does not have a certified bound.
    pub(super) fn new(certifies: bool) -> Self {
        Self {
            trace: Trace {
                t: vec![],
                kappa: vec![],
                upper: certifies.then(Vec::new),
                updates: vec![],
                errors: vec![],
            },
            next: 1,
        }
    }

    /// Samples `trainer` if its step count has reached the next sample, or if it has stopped
    /// (once).
    pub(super) fn observe(&mut self, trainer: &dyn Trainer) {
        let (steps, _, stop) = trainer.progress();
        let recorded = self.trace.t.last() == Some(&steps);
        if steps == 0 || recorded || (steps < self.next && stop.is_none()) {
            return;
        }
        let fit = trainer.fit();
        self.trace.t.push(steps);
        self.trace.kappa.push(fit.kappa);
        if let Some(upper) = &mut self.trace.upper {
            upper.push(fit.kappa_upper.unwrap_or(f64::INFINITY));
        }
        self.trace.updates.push(fit.updates);
        self.trace.errors.push(fit.errors);
        self.next = next_sample(steps);
    }

    /// Samples `trainer` at its current step, whatever the sampling plan (a race shows every
    /// step it takes).
    pub(super) fn observe_every_step(&mut self, trainer: &dyn Trainer) {
        self.next = self.next.min(trainer.progress().0);
        self.observe(trainer);
    }

    /// The trace so far.
    pub(super) fn trace(&self) -> &Trace {
        &self.trace
    }
}

/// The step sampled after step `t`: `t + 1` up to [`DENSE_STEPS`], then `⌈t·GROWTH⌉`.
fn next_sample(t: usize) -> usize {
    if t < DENSE_STEPS {
        t + 1
    } else {
        ((t as f64 * GROWTH).ceil() as usize).max(t + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_are_dense_then_geometric() {
        let mut t = 1;
        let mut samples = vec![];
        while t <= 10_000_000 {
            samples.push(t);
            t = next_sample(t);
        }
        assert_eq!(&samples[..20], &(1..=20).collect::<Vec<_>>()[..]);
        // about 40 per decade: from 20 to 10⁷ is 5.7 decades
        assert!(
            (200..=300).contains(&samples.len()),
            "{} samples",
            samples.len()
        );
    }
}
