//! Traces of the data view's rules against the step `t`, recorded from the very run whose line
//! is drawn (no second computation that could disagree): `κ(w(t))`, the certified upper bound
//! `κ_upper(t) ≥ κ_max` where the rule has one (MinOver, AdaTron: `|w| / Σ_μ x^μ` with the
//! embedding strengths `x^μ`; Biehl §3.6), the updates `M(t)` (for Rosenblatt against the
//! convergence theorem's `M*`) and the training errors of the current `w(t)` — for pocket both
//! the running Rosenblatt `w(t)`'s (`errors`) and the pocket's (`pocket_errors`).
//!
//! Samples are taken at every step up to [`DENSE_STEPS`], then at steps growing by a factor of
//! about [`GROWTH`] (about 40 per decade), and at the step where the rule stops, so a trace of
//! `10⁷` steps holds a few hundred points and looks right on a logarithmic `t` axis. The
//! settling runs record theirs with a [`Recorder`]; the animation and the race build theirs from
//! their recorded frames (`animation::Animation::trace`) on the same plan.

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
    /// it has, or for a stepped rule the step shown).
    pub t: Vec<usize>,
    /// `κ(w(t))` of the rule's answer (pocket: the pocketed perceptron, as the readout shows).
    pub kappa: Vec<f64>,
    /// The certified upper bound on `κ_max` after step `t` (`∞` before the first update); `None`
    /// for a rule without one.
    pub upper: Option<Vec<f64>>,
    /// The updates `M(t)` of `w` up to step `t`.
    pub updates: Vec<usize>,
    /// Training errors of the current `w(t)`: the perceptron the rule steps (pocket: the running
    /// Rosenblatt `w`, not the pocketed one; every other rule: its answer).
    pub errors: Vec<usize>,
    /// Pocket only: training errors of the pocketed perceptron (the answer; by the ratchet never
    /// more than those of any earlier current `w`); `None` for every other rule.
    pub pocket_errors: Option<Vec<usize>>,
}

/// One sampled step of a [`Trace`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Sample {
    /// The step `t`.
    pub t: usize,
    /// `κ(w(t))` of the answer.
    pub kappa: f64,
    /// The certified bound, where the rule keeps one (`None` also before the first update).
    pub upper: Option<f64>,
    /// Updates so far.
    pub updates: usize,
    /// Training errors of the answer.
    pub errors: usize,
    /// Training errors of the current `w` when the answer is another perceptron (pocket).
    pub current_errors: Option<usize>,
}

impl Trace {
    /// An empty trace for a rule that does (`certifies`) or does not have a certified bound, and
    /// that does (`pocket`) or does not answer with another perceptron than the one it steps.
    pub(crate) fn new(certifies: bool, pocket: bool) -> Self {
        Self {
            t: vec![],
            kappa: vec![],
            upper: certifies.then(Vec::new),
            updates: vec![],
            errors: vec![],
            pocket_errors: pocket.then(Vec::new),
        }
    }

    /// Appends `s`.
    pub(crate) fn push(&mut self, s: Sample) {
        self.t.push(s.t);
        self.kappa.push(s.kappa);
        if let Some(upper) = &mut self.upper {
            upper.push(s.upper.unwrap_or(f64::INFINITY));
        }
        self.updates.push(s.updates);
        self.errors.push(s.current_errors.unwrap_or(s.errors));
        if let Some(pocket) = &mut self.pocket_errors {
            pocket.push(s.errors);
        }
    }
}

/// Records a [`Trace`] as a rule is stepped.
#[derive(Debug, Clone)]
pub(super) struct Recorder {
    trace: Trace,
    next: usize,
}

impl Recorder {
    /// An empty trace for `trainer` (with its certified bound where it keeps one, with the
    /// pocket's errors where its answer is not the `w` it steps).
    pub(super) fn new(trainer: &dyn Trainer) -> Self {
        Self {
            trace: Trace::new(trainer.certifies(), trainer.current_errors().is_some()),
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
        self.trace.push(Sample {
            t: steps,
            kappa: fit.kappa,
            upper: fit.kappa_upper,
            updates: fit.updates,
            errors: fit.errors,
            current_errors: trainer.current_errors(),
        });
        self.next = next_sample(steps);
    }

    /// The trace so far.
    pub(super) fn trace(&self) -> &Trace {
        &self.trace
    }
}

/// The step sampled after step `t`: `t + 1` up to [`DENSE_STEPS`], then `⌈t·GROWTH⌉`.
pub(crate) fn next_sample(t: usize) -> usize {
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
