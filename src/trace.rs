//! The trace of a run against the step `t`, recorded from the very run whose answer is shown (no
//! second computation that could disagree): `κ(w(t))`, the certified upper bound
//! `κ_upper(t) ≥ κ_max` where the rule keeps one (MinOver, AdaTron: `|w| / Σ_μ x^μ` with the
//! embedding strengths `x^μ`; Biehl §3.6), the updates `M(t)` (for Rosenblatt against the
//! convergence theorem's `M*`), the training errors — for pocket both the running Rosenblatt
//! `w(t)`'s and the pocket's — and, against a teacher, `ε_g(t)`.
//!
//! One [`Trace`] type, one [`Sample`] of a run, and one [`Sampler`] with two plans
//! ([`Sampling`]): the data view's, animation's and race's traces sample every step up to
//! [`DENSE_STEPS`], then at steps growing by a factor of about [`GROWTH`] (about 40 per decade),
//! so a trace of `10⁷` steps holds a few hundred points and looks right on a logarithmic `t`
//! axis; a sweep's cell trace (the CLI's `trace`, the learning-curve panel's) samples `t = 0` and
//! every multiple of `K` steps. Both take the step where the run stops, and both record a
//! [`Trace`] ([`Recorder`]); [`TracePoint`] is one of its entries as a row, as the CLI's CSV and
//! the page's `traceCell` write it ([`Trace::row`]).

use crate::measure::gen_error;
use crate::train::Trainer;
use serde::{Deserialize, Serialize};

/// Every step up to this one is sampled on the logarithmic plan.
pub const DENSE_STEPS: usize = 20;
/// Beyond [`DENSE_STEPS`], the next sample of the logarithmic plan is at `⌈t·GROWTH⌉`.
pub const GROWTH: f64 = 1.06;

/// Which steps a trace samples (and always the step where the run stops).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sampling {
    /// Steps `1, 2, …, 20`, then `⌈t·1.06⌉` after each sample `t` (a logarithmic `t` axis);
    /// not `t = 0`, where tabula rasa has no `κ`.
    Log,
    /// `t = 0` and every multiple of `K` steps that the run reaches (a rule whose step counts
    /// several, as batch Adaline's, at the first step at or past it).
    Every(usize),
}

impl Sampling {
    /// The step sampled after step `t`.
    pub fn next(self, t: usize) -> usize {
        match self {
            Sampling::Log if t < DENSE_STEPS => t + 1,
            Sampling::Log => ((t as f64 * GROWTH).ceil() as usize).max(t + 1),
            Sampling::Every(k) => (t / k.max(1) + 1) * k.max(1),
        }
    }

    /// The first step sampled.
    fn first(self) -> usize {
        match self {
            Sampling::Log => 1,
            Sampling::Every(_) => 0,
        }
    }
}

/// Decides, step by step, which steps of a run are sampled.
#[derive(Debug, Clone)]
pub struct Sampler {
    plan: Sampling,
    next: usize,
    last: Option<usize>,
}

impl Sampler {
    /// A run not yet sampled, on `plan`.
    pub fn new(plan: Sampling) -> Self {
        Self {
            plan,
            next: plan.first(),
            last: None,
        }
    }

    /// Whether step `t` is sampled — it is due on the plan, or the run has `stopped` there — and
    /// not sampled before; if so the plan moves on past `t`.
    pub fn due(&mut self, t: usize, stopped: bool) -> bool {
        let due = t >= self.plan.first() && self.last != Some(t) && (t >= self.next || stopped);
        if due {
            self.last = Some(t);
            self.next = self.plan.next(t);
        }
        due
    }
}

/// The state of a run after `t` steps.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sample {
    /// The step `t` (steps of the rule: MinOver's are updates, Rosenblatt's presentations;
    /// [`crate::train::config`] says what a step is).
    pub t: usize,
    /// `κ(w(t))` of the rule's answer (pocket: the pocketed perceptron).
    pub kappa: f64,
    /// The certified bound `|w| / Σ x^μ ≥ κ_max`, where the rule keeps one (`+∞` before the
    /// first update).
    pub upper: Option<f64>,
    /// Updates so far.
    pub updates: usize,
    /// Training errors (`E^μ ≤ 0`) of the answer.
    pub errors: usize,
    /// Training errors of the current `w` when the answer is another perceptron (pocket).
    pub current_errors: Option<usize>,
    /// `ε_g = arccos(R)/π` of the answer against the teacher, when there is one.
    pub eps_g: Option<f64>,
}

impl Sample {
    /// The state of `trainer` now; `ε_g` against `teacher` (through the origin) if given.
    pub fn of(trainer: &dyn Trainer, teacher: Option<&[f64]>) -> Self {
        let fit = trainer.fit();
        Self {
            t: fit.steps,
            kappa: fit.kappa,
            upper: fit.kappa_upper,
            updates: fit.updates,
            errors: fit.errors,
            current_errors: trainer.current_errors(),
            eps_g: teacher.map(|t| gen_error(&fit.perceptron.w, t)),
        }
    }
}

/// One rule's trace: parallel arrays, one entry per sampled step.
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Trace {
    /// The steps `t` sampled (increasing; the last is the step the rule stopped at, once it has,
    /// or for a stepped rule the step shown).
    pub t: Vec<usize>,
    /// `κ(w(t))` of the rule's answer (pocket: the pocketed perceptron, as the readout shows).
    pub kappa: Vec<f64>,
    /// The certified upper bound on `κ_max` after step `t` (`∞` before the first update); `None`
    /// for a rule without one.
    #[serde(default)]
    pub upper: Option<Vec<f64>>,
    /// The updates `M(t)` of `w` up to step `t`.
    pub updates: Vec<usize>,
    /// Training errors of the current `w(t)`: the perceptron the rule steps (pocket: the running
    /// Rosenblatt `w`, not the pocketed one; every other rule: its answer).
    pub errors: Vec<usize>,
    /// Pocket only: training errors of the pocketed perceptron (the answer; by the ratchet never
    /// more than those of any earlier current `w`); `None` for every other rule.
    #[serde(default)]
    pub pocket_errors: Option<Vec<usize>>,
    /// `ε_g(t)` of the answer against the teacher; `None` without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eps_g: Option<Vec<f64>>,
}

impl Trace {
    /// An empty trace for `trainer`: with its certified bound where it keeps one, with the
    /// pocket's errors where its answer is not the `w` it steps, with `ε_g` if `teacher`.
    pub fn new(trainer: &dyn Trainer, teacher: bool) -> Self {
        Self {
            t: vec![],
            kappa: vec![],
            upper: trainer.certifies().then(Vec::new),
            updates: vec![],
            errors: vec![],
            pocket_errors: trainer.current_errors().is_some().then(Vec::new),
            eps_g: teacher.then(Vec::new),
        }
    }

    /// Appends `s`.
    pub fn push(&mut self, s: Sample) {
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
        if let (Some(eps), Some(e)) = (&mut self.eps_g, s.eps_g) {
            eps.push(e);
        }
    }
}

impl Trace {
    /// The number of sampled steps.
    pub fn len(&self) -> usize {
        self.t.len()
    }

    /// Whether no step is sampled yet.
    pub fn is_empty(&self) -> bool {
        self.t.is_empty()
    }

    /// Entry `i` as a row, for a set of `p` examples: the answer's training error as a fraction
    /// of `p` (pocket: the pocketed perceptron's, [`Trace::pocket_errors`]).
    ///
    /// # Panics
    /// If `i` is not below [`Trace::len`].
    pub fn row(&self, i: usize, p: usize) -> TracePoint {
        let errors = self.pocket_errors.as_ref().map_or(self.errors[i], |e| e[i]);
        TracePoint {
            t: self.t[i],
            updates: self.updates[i],
            kappa: self.kappa[i],
            kappa_upper: self.upper.as_ref().map(|u| u[i]),
            eps_g: self.eps_g.as_ref().map(|e| e[i]),
            train_error: errors as f64 / p.max(1) as f64,
        }
    }

    /// Every entry as a row ([`Trace::row`]).
    pub fn rows(&self, p: usize) -> Vec<TracePoint> {
        (0..self.len()).map(|i| self.row(i, p)).collect()
    }
}

/// Records a [`Trace`] as a rule is stepped, on one plan.
#[derive(Debug, Clone)]
pub struct Recorder {
    trace: Trace,
    sampler: Sampler,
}

impl Recorder {
    /// An empty trace for `trainer` on the logarithmic plan.
    pub fn new(trainer: &dyn Trainer) -> Self {
        Self::on(trainer, Sampling::Log, false)
    }

    /// An empty trace for `trainer` on `plan`, with `ε_g` if `teacher`.
    pub fn on(trainer: &dyn Trainer, plan: Sampling, teacher: bool) -> Self {
        Self {
            trace: Trace::new(trainer, teacher),
            sampler: Sampler::new(plan),
        }
    }

    /// Samples `trainer` if its step is due (or it has stopped there).
    pub fn observe(&mut self, trainer: &dyn Trainer) {
        self.observe_at(trainer, trainer.progress().2.is_some(), None);
    }

    /// Samples `trainer` if its step is due or it has `stopped` there, with `ε_g` against
    /// `teacher` if given; whether it did.
    pub fn observe_at(
        &mut self,
        trainer: &dyn Trainer,
        stopped: bool,
        teacher: Option<&[f64]>,
    ) -> bool {
        let due = self.sampler.due(trainer.progress().0, stopped);
        if due {
            self.trace.push(Sample::of(trainer, teacher));
        }
        due
    }

    /// The trace so far.
    pub fn trace(&self) -> &Trace {
        &self.trace
    }

    /// The trace recorded.
    pub fn into_trace(self) -> Trace {
        self.trace
    }
}

/// The CSV header of [`TracePoint`]s.
pub const TRACE_HEADER: &str = "t,updates,kappa,kappa_upper,eps_g,train_error";

/// An entry of a [`Trace`] as a row of the CLI's `trace` CSV and of the page's cell trace
/// ([`Trace::row`]).
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TracePoint {
    /// Steps of the rule so far (the unit of the step budget: MinOver's are updates,
    /// Rosenblatt's presentations; [`crate::train::config`]).
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_samples_are_dense_then_geometric() {
        let mut sampler = Sampler::new(Sampling::Log);
        let samples: Vec<usize> = (0..=10_000_000)
            .filter(|&t| sampler.due(t, false))
            .collect();
        assert_eq!(&samples[..20], &(1..=20).collect::<Vec<_>>()[..]);
        // about 40 per decade: from 20 to 10⁷ is 5.7 decades
        assert!(
            (200..=300).contains(&samples.len()),
            "{} samples",
            samples.len()
        );
    }

    #[test]
    fn every_k_samples_the_start_the_multiples_and_the_stop_once() {
        let mut sampler = Sampler::new(Sampling::Every(10));
        // a rule whose steps count 4 at a time (as batch Adaline's), stopping at 38
        let mut taken = vec![];
        for t in (0..=36).step_by(4).chain([38, 38]) {
            if sampler.due(t, t == 38) {
                taken.push(t);
            }
        }
        assert_eq!(taken, [0, 12, 20, 32, 38]);
    }
}
