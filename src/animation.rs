//! Step-by-step training for the animation: one rule stepped from its start (tabula rasa but for
//! the notes' perceptron and the tanh Adaline), every step recorded as a [`Frame`] (the history
//! the scrubber moves over), and the [`Race`] of compare mode: several rules stepped in lockstep,
//! each an [`Animation`], scrubbed together.
//!
//! The traces of a stepped rule (`scene::Trace`) and the views the page draws at a recorded step
//! are built from the recorded frames — the run that is shown — never from a second run.

use crate::data::Dataset;
use crate::error::{Error, Result};
use crate::exact::max_stability;
use crate::measure::Perceptron;
use crate::scene::{fit_view, rosenblatt_bound, trainer, AlgorithmView, Settings};
use crate::trace::{Sample, Sampler, Sampling, Trace};
use crate::train::Algorithm;
use crate::train::{Fit, Mode, Stop, Trainer};
use crate::version_space::direction;
use serde::Serialize;

/// The state after one step.
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Frame {
    /// The frame's number since the start (0: the start; one per step taken). Thinning
    /// ([`Animation`]) keeps the numbers, so a frame is found by it ([`Animation::index_of`]).
    pub number: usize,
    /// Steps taken so far (0: the start).
    pub step: usize,
    /// Weights `w(t)`.
    pub w: Vec<f64>,
    /// Threshold `θ(t)`.
    pub theta: f64,
    /// Direction of `w(t)` in `[0, 2π)`.
    pub phi: f64,
    /// `θ(t) / |w(t)|`.
    pub theta_unit: f64,
    /// The example this step looked at.
    pub example: Option<usize>,
    /// The second example of a pair step.
    pub partner: Option<usize>,
    /// Whether this step changed `w`.
    pub updated: bool,
    /// Updates so far.
    pub updates: usize,
    /// `κ(w(t))` (`NaN` while `w = 0`).
    pub kappa: f64,
    /// Training errors of `w(t)` (pocket: of the pocketed perceptron, the answer).
    pub errors: usize,
    /// Pocket only: training errors of the current Rosenblatt `w` (the one it steps); `None` for
    /// every other rule.
    pub current_errors: Option<usize>,
    /// Certified upper bound on `κ_max`, where the rule keeps one.
    pub kappa_upper: Option<f64>,
    /// Set once the rule has stopped.
    pub stop: Option<Stop>,
}

/// At most this many frames are kept: beyond, the older ones are thinned ([`Animation`]).
pub const MAX_FRAMES: usize = 20_000;
/// The latest frames, which thinning never touches (the scrubber's near past, step by step).
pub const RECENT_FRAMES: usize = 5_000;

/// A rule being stepped, with its recorded frames. Every step is recorded; a run longer than
/// [`MAX_FRAMES`] keeps the start, the latest [`RECENT_FRAMES`] frames, every frame its trace
/// samples and every other one of the frames before them, thinning again as it grows, so that a class hour at top speed keeps its
/// memory and its frame time bounded (the frames kept are those of the run, never recomputed; a
/// frame's [`Frame::number`] says which step of the run it is).
pub struct Animation {
    algorithm: Algorithm,
    trainer: Box<dyn Trainer>,
    frames: Vec<Frame>,
    settings: Settings,
    /// Whether the set is separable (the trainer's limits and the status texts).
    separable: bool,
    /// The embedding strengths `x^μ` each frame changed: `(μ, x^μ)` (frame 0: from zero), so
    /// that a frame's strengths are known without a copy of all `P` per frame.
    strengths: Vec<Vec<(usize, f64)>>,
    /// The strengths at the last frame.
    last_strengths: Vec<f64>,
    /// Frames recorded since the start (the next frame's number).
    recorded: usize,
    /// How many times the frames were thinned (the page re-reads which it keeps).
    thinned: usize,
}

impl Animation {
    /// Starts `algorithm` (any training rule) on `data` with the page's settings.
    ///
    /// # Errors
    /// Those of [`trainer`] (`exact` is not a rule and cannot be stepped).
    pub fn new(algorithm: Algorithm, data: &Dataset, settings: &Settings) -> Result<Self> {
        // stepped by hand: the limits of a separable set (an animation is stopped at will)
        Self::with_limits(algorithm, data, settings, true)
    }

    /// [`Animation::new`] with the limits (and status texts) of a set that is `separable` or not
    /// (exact test), as the data view's training has them.
    ///
    /// # Errors
    /// Those of [`trainer`].
    pub fn with_limits(
        algorithm: Algorithm,
        data: &Dataset,
        settings: &Settings,
        separable: bool,
    ) -> Result<Self> {
        let trainer = trainer(algorithm, data, settings, separable)?;
        let mut a = Self {
            algorithm,
            last_strengths: vec![0.0; trainer.embedding().len()],
            trainer,
            frames: vec![],
            settings: settings.clone(),
            separable,
            strengths: vec![],
            recorded: 0,
            thinned: 0,
        };
        a.record(None, None, false, None);
        Ok(a)
    }

    /// The rule stepped.
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    /// Whether the rule has stopped (the last frame says why).
    pub fn stopped(&self) -> bool {
        self.frames.last().is_some_and(|f| f.stop.is_some())
    }

    /// Takes one step (none once the rule has stopped) and returns the last frame: the new one,
    /// or, when the rule stopped without a step, the previous frame marked with the stop.
    pub fn step(&mut self) -> &Frame {
        if !self.stopped() {
            let before = self.trainer.progress().0;
            let s = self.trainer.step();
            if self.trainer.progress().0 == before {
                // the rule stopped without taking a step: mark the last frame (a batch step,
                // as batch Adaline's, looks at no single example but is a step)
                if let Some(last) = self.frames.last_mut() {
                    last.stop = s.stop;
                }
            } else {
                self.record(s.example, s.partner, s.updated, s.stop);
            }
        }
        self.frames.last().expect("the start frame")
    }

    /// Every frame kept so far, from the start.
    pub fn frames(&self) -> &[Frame] {
        &self.frames
    }

    /// How many times the frames were thinned.
    pub fn thinned(&self) -> usize {
        self.thinned
    }

    /// The index of the last kept frame whose number is at most `number` (the frame shown at
    /// step `number` of a scrubbed run).
    pub fn index_of(&self, number: usize) -> usize {
        self.frames
            .partition_point(|f| f.number <= number)
            .saturating_sub(1)
    }

    /// Keeps the start, every other frame before the latest [`RECENT_FRAMES`], those, and every
    /// frame the traces' logarithmic plan samples (so that a thinned run's trace is the full
    /// run's: [`Animation::trace`]); the strengths a dropped frame changed go with the next frame
    /// kept.
    fn thin(&mut self) {
        let old_end = self.frames.len() - RECENT_FRAMES;
        let mut sampler = Sampler::new(Sampling::Log);
        let sampled: Vec<bool> = self
            .frames
            .iter()
            .map(|f| sampler.due(f.step, false))
            .collect();
        let mut frames = Vec::with_capacity(self.frames.len());
        let mut strengths = Vec::with_capacity(self.frames.len());
        let mut pending: Vec<(usize, f64)> = vec![];
        let old = std::mem::take(&mut self.frames);
        let changes = std::mem::take(&mut self.strengths);
        for (k, (frame, mut change)) in old.into_iter().zip(changes).enumerate() {
            if k == 0 || k >= old_end || k % 2 == 0 || sampled[k] {
                pending.append(&mut change);
                strengths.push(std::mem::take(&mut pending));
                frames.push(frame);
            } else {
                pending.append(&mut change);
            }
        }
        self.frames = frames;
        self.strengths = strengths;
        self.thinned += 1;
    }

    /// The examples `w(t)` of frame `i` misclassifies (`E^μ ≤ 0`; none at `w = 0`), computed
    /// when asked rather than stored with every frame; `None` for no such frame.
    pub fn misclassified(&self, i: usize) -> Option<Vec<usize>> {
        let f = self.frames.get(i)?;
        let p = crate::measure::Perceptron::new(f.w.clone(), f.theta);
        Some(crate::scene::misclassified(&p, self.trainer.data()))
    }

    /// The embedding strengths `x^μ` at frame `i` (clamped to the last frame).
    pub fn embedding_at(&self, i: usize) -> Vec<f64> {
        let mut x = vec![0.0; self.last_strengths.len()];
        for changes in self.strengths.iter().take(i + 1) {
            for &(mu, v) in changes {
                x[mu] = v;
            }
        }
        x
    }

    /// The trace up to frame `i` (clamped to the last frame): the frames `1..=i` on the sampling
    /// plan of the data view's traces, and frame `i` itself; empty for `i = 0`.
    pub fn trace(&self, i: usize) -> Trace {
        let i = i.min(self.frames.len() - 1);
        let mut trace = Trace::new(self.trainer.as_ref(), false);
        let mut sampler = Sampler::new(Sampling::Log);
        for (k, f) in self.frames.iter().enumerate().take(i + 1).skip(1) {
            if sampler.due(f.step, k == i) {
                trace.push(Sample {
                    t: f.step,
                    kappa: f.kappa,
                    upper: f.kappa_upper,
                    updates: f.updates,
                    errors: f.errors,
                    current_errors: f.current_errors,
                    eps_g: None,
                });
            }
        }
        trace
    }

    /// The readout's view of the rule at frame `i` (clamped to the last frame), as the data view's
    /// training gives it for a rule that has taken those steps (`scene::fit_view`).
    pub fn view(&self, i: usize) -> AlgorithmView {
        let i = i.min(self.frames.len() - 1);
        let f = &self.frames[i];
        let data = self.trainer.data();
        let certifies = self.trainer.certifies();
        let fit = Fit {
            perceptron: Perceptron::new(f.w.clone(), f.theta),
            stop: f.stop,
            converged: f
                .stop
                .is_some_and(|s| s.converged_at(self.trainer.run_state())),
            steps: f.step,
            updates: f.updates,
            epochs: f.step as f64 / data.len().max(1) as f64,
            kappa: f.kappa,
            errors: f.errors,
            kappa_upper: certifies.then(|| f.kappa_upper.unwrap_or(f64::INFINITY)),
            embedding: self.embedding_at(i),
            // the gradient is checked at the ends of epochs: the run's last check, once stopped
            gradient: f.stop.and(self.trainer.run_state().gradient),
            rate: self.trainer.run_state().rate,
            unresolved: self.trainer.run_state().unresolved,
        };
        fit_view(self.algorithm, data, &fit, &self.settings, self.separable)
    }

    /// Appends the frame of the trainer as it stands and the strengths that changed.
    fn record(
        &mut self,
        example: Option<usize>,
        partner: Option<usize>,
        updated: bool,
        stop: Option<Stop>,
    ) {
        let frame = self.frame(example, partner, updated, stop);
        self.frames.push(frame);
        self.recorded += 1;
        let x = self.trainer.embedding();
        let changes = x
            .iter()
            .zip(&mut self.last_strengths)
            .enumerate()
            .filter(|(_, (new, old))| new.to_bits() != old.to_bits())
            .map(|(mu, (&new, old))| {
                *old = new;
                (mu, new)
            })
            .collect();
        self.strengths.push(changes);
        if self.frames.len() > MAX_FRAMES {
            self.thin();
        }
    }

    fn frame(
        &self,
        example: Option<usize>,
        partner: Option<usize>,
        updated: bool,
        stop: Option<Stop>,
    ) -> Frame {
        let p = self.trainer.perceptron();
        let data = self.trainer.data();
        let (steps, updates, _) = self.trainer.progress();
        let n = crate::linalg::norm(&p.w);
        Frame {
            number: self.recorded,
            step: steps,
            phi: direction(&p.w),
            theta_unit: if n > 0.0 { p.theta / n } else { f64::NAN },
            kappa: p.stability(data),
            errors: p.errors(data),
            current_errors: self.trainer.current_errors(),
            kappa_upper: if updates > 0 {
                self.trainer.kappa_upper()
            } else {
                None
            },
            w: p.w,
            theta: p.theta,
            example,
            partner,
            updated,
            updates,
            stop,
        }
    }
}

/// Compare mode's race: the compared rules stepped in lockstep from tabula rasa, each an
/// [`Animation`] with its recorded frames, so that the race can be scrubbed: at race step `t`
/// every rule shows its frame number `t` (or the last kept before it, once thinned; its last,
/// once it has stopped).
pub struct Race {
    runs: Vec<Animation>,
    /// Rosenblatt's `M*` for these data (`None` if not separable or not raced).
    update_bound: Option<f64>,
    /// Race steps taken.
    steps: usize,
}

impl Race {
    /// Starts `rules` (the training rules among them) on `data` with the page's settings and the
    /// limits of the data view's training (from the exact separability test); rules that refuse
    /// one class with a threshold are left out, as in the data view.
    ///
    /// # Errors
    /// [`Error::OutOfRange`] for bad settings; the rules' other errors.
    pub fn new(data: &Dataset, settings: &Settings, rules: &[Algorithm]) -> Result<Self> {
        let mode = Mode::from_threshold(settings.threshold);
        let mut race = Self {
            runs: vec![],
            update_bound: None,
            steps: 0,
        };
        if data.is_empty() {
            return Ok(race);
        }
        let (separable, kappa_max) = match max_stability(data, mode) {
            Ok(exact) => (exact.separable, Some(exact.kappa)),
            Err(Error::OneClass { .. }) => (true, None),
            Err(e) => return Err(e),
        };
        for &rule in rules.iter().filter(|a| a.is_rule()) {
            match Animation::with_limits(rule, data, settings, separable) {
                Ok(a) => race.runs.push(a),
                Err(Error::OneClass { .. }) => {}
                Err(e) => return Err(e),
            }
        }
        if rules.iter().any(|a| a.info().update_bound) {
            race.update_bound = rosenblatt_bound(data, mode, separable, kappa_max)?;
        }
        Ok(race)
    }

    /// One step of every rule that has not stopped (nothing once all have); returns whether
    /// every rule has stopped.
    pub fn step(&mut self) -> bool {
        if !self.stopped() {
            for run in &mut self.runs {
                run.step();
            }
            self.steps += 1;
        }
        self.stopped()
    }

    /// Whether every rule has stopped.
    pub fn stopped(&self) -> bool {
        self.runs.iter().all(Animation::stopped)
    }

    /// The race steps taken.
    pub fn steps(&self) -> usize {
        self.steps
    }

    /// The rules racing, each at race step `t` (clamped to the steps taken): the views the page
    /// draws and reads out.
    pub fn views(&self, t: usize) -> Vec<AlgorithmView> {
        let t = t.min(self.steps);
        self.runs
            .iter()
            .map(|run| {
                let mut view = run.view(run.index_of(t));
                if run.algorithm.info().update_bound {
                    view.update_bound = self.update_bound;
                }
                view
            })
            .collect()
    }

    /// Every rule's trace up to race step `t` (clamped to the steps taken).
    pub fn traces(&self, t: usize) -> Vec<(Algorithm, Trace)> {
        let t = t.min(self.steps);
        self.runs
            .iter()
            .map(|run| (run.algorithm, run.trace(run.index_of(t))))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::EpochLimits;

    /// Frames replay the rule: the last frame equals a run to the stop, step by step.
    #[test]
    fn frames_follow_the_rule_to_its_stop() {
        let d = Dataset::from_row_major(
            vec![1.0, 2.0, 2.0, 0.5, -1.5, -0.5, 1.0, -1.5],
            2,
            vec![1.0, 1.0, -1.0, -1.0],
        )
        .unwrap();
        let settings = Settings::default();
        for name in Algorithm::rules() {
            let mut a = Animation::new(name, &d, &settings).unwrap();
            assert_eq!(a.frames()[0].step, 0);
            if !matches!(
                name,
                Algorithm::PerceptronNotes
                    | Algorithm::AdalineTanh
                    | Algorithm::Gibbs
                    | Algorithm::Bayes
            ) {
                // tabula rasa (the notes' perceptron starts from random weights, the tanh
                // Adaline far off, the students at the maximal-stability optimum, where their
                // chains start)
                assert!(a.frames()[0].kappa.is_nan(), "{name}: w = 0 at the start");
            }
            let mut n = 0;
            while a.step().stop.is_none() {
                n += 1;
                assert!(n < 1_000_000);
            }
            let fit = trainer(name, &d, &settings, true).unwrap().run();
            let last = a.frames().last().unwrap();
            assert_eq!(last.w, fit.perceptron.w, "{name}");
            assert_eq!(last.stop, fit.stop, "{name}");
            assert_eq!(last.step, fit.steps, "{name}");
            // a stopped animation does not move
            let before = a.frames().len();
            a.step();
            assert_eq!(a.frames().len(), before);
        }
    }

    /// A run far longer than [`MAX_FRAMES`] (MinOver on a set that is not separable, which never
    /// stops before its limit) keeps at most that many frames, numbered in order from the start
    /// to the latest, and every frame it keeps is the run's own: the same as a fresh animation
    /// stepped to that number, its embedding strengths too.
    #[test]
    fn long_runs_keep_a_bounded_history_of_true_frames() {
        let d = Dataset::from_row_major(
            vec![1.0, 0.0, -1.0, 0.1, 0.0, 1.0, 0.1, -1.0],
            2,
            vec![1.0, 1.0, -1.0, -1.0],
        )
        .unwrap();
        let settings = Settings::default();
        let steps = 2 * MAX_FRAMES + 1234;
        let mut a = Animation::new(Algorithm::Minover, &d, &settings).unwrap();
        for _ in 0..steps {
            a.step();
            assert!(a.frames().len() <= MAX_FRAMES);
        }
        assert!(!a.stopped());
        assert!(a.thinned() >= 2);
        let numbers: Vec<usize> = a.frames().iter().map(|f| f.number).collect();
        assert_eq!(numbers[0], 0);
        assert_eq!(*numbers.last().unwrap(), steps);
        assert!(numbers.windows(2).all(|w| w[0] < w[1]));
        // the latest frames are all there, step by step
        let recent = &numbers[numbers.len() - RECENT_FRAMES..];
        assert!(recent.windows(2).all(|w| w[1] == w[0] + 1));
        for i in [1, 2, 777, a.frames().len() / 2, a.frames().len() - 1] {
            let f = &a.frames()[i];
            assert_eq!(a.index_of(f.number), i);
            let mut fresh = Animation::new(Algorithm::Minover, &d, &settings).unwrap();
            for _ in 0..f.number {
                fresh.step();
            }
            let g = fresh.frames().last().unwrap();
            assert_eq!(
                (f.w.clone(), f.step, f.updates),
                (g.w.clone(), g.step, g.updates),
                "frame {i}"
            );
            assert_eq!(
                a.embedding_at(i),
                fresh.embedding_at(fresh.frames().len() - 1),
                "frame {i}"
            );
        }
        // a number between two kept frames shows the earlier one
        let k = a.frames().len() / 3;
        let (lo, hi) = (a.frames()[k].number, a.frames()[k + 1].number);
        if hi > lo + 1 {
            assert_eq!(a.index_of(lo + 1), k);
        }
    }

    /// The race keeps the same bound: two rules raced far past [`MAX_FRAMES`] steps (neither stops
    /// on this set before its limit) keep at most that many frames each, while the race's step count and its views follow the run: the
    /// start at step 0, each rule's latest (or stopped) state at the last step.
    #[test]
    fn long_races_keep_a_bounded_history() {
        let d = Dataset::from_row_major(
            vec![1.0, 0.0, -1.0, 0.1, 0.0, 1.0, 0.1, -1.0],
            2,
            vec![1.0, 1.0, -1.0, -1.0],
        )
        .unwrap();
        // limits far beyond the race's length (the page's defaults stop MinOver at 2 000 epochs)
        let settings = Settings {
            limits: EpochLimits {
                presentation: Some(1e6),
                optimal: Some(1e6),
            },
            ..Settings::default()
        };
        let rules = [Algorithm::Rosenblatt, Algorithm::Minover];
        let mut race = Race::new(&d, &settings, &rules).unwrap();
        let steps = 2 * MAX_FRAMES + 567;
        for _ in 0..steps {
            race.step();
            assert!(race.runs.iter().all(|run| run.frames().len() <= MAX_FRAMES));
        }
        assert_eq!(race.steps(), steps);
        assert!(!race.stopped());
        let minover = &race.runs[1];
        assert!(minover.thinned() >= 2);
        assert_eq!(minover.frames().last().unwrap().number, steps);
        let start = race.views(0);
        assert!(start.iter().all(|v| v.steps == 0), "the start at step 0");
        for (view, run) in race.views(steps).iter().zip(&race.runs) {
            let last = run.frames().last().unwrap();
            assert_eq!((&view.w, view.steps), (&last.w, last.step), "{}", view.name);
        }
        assert_eq!(race.traces(steps).len(), rules.len());
    }
}
