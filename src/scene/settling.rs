//! The data view's training, resumable and time-sliced: every shown rule is stepped, a slice at a
//! time, until it reaches its own stop (never a frame budget), so the page can paint between
//! slices and the lines settle in front of the class. An edit starts a new `Settling`: the rules
//! restart from tabula rasa, as they are defined (no warm start), and the exact optimum and the
//! version space are computed once for the new points.
//!
//! A rule run in slices takes exactly the steps it takes in one go (it is the same trainer,
//! stepped), so its answer does not depend on how the work was sliced.

use super::{fit_view, reference, step_cost, trainer, OptimumView, Scene, Settings};
use crate::catalogue::{Algorithm, StepCost};
use crate::data::Dataset;
use crate::error::{Error, Result};
use crate::optimum::{self, Optimum};
use crate::theory;
use crate::trace::{Recorder, Trace};
use crate::train::objective::Objective;
use crate::train::students::NoStudent;
use crate::train::{Mode, Trainer};
use crate::version_space::VersionSpace;

/// Work (potential updates or presentations) a rule does between two looks at the clock: small
/// enough that a slice overruns its deadline by a small fraction of the slice at most.
const CHUNK_WORK: usize = 20_000;

/// One rule being trained.
struct Run {
    algorithm: Algorithm,
    trainer: Box<dyn Trainer>,
    stopped: bool,
    /// Steps per chunk: [`CHUNK_WORK`] over the cost of one step.
    chunk: usize,
    /// Its trace, when asked for ([`Settings::traces`]).
    recorder: Option<Recorder>,
    /// A gradient rule's cost and its optimum on the set (computed once).
    optimum: Option<(Objective, Optimum)>,
}

/// Every shown rule of the data view, trained until it stops, in slices.
pub struct Settling {
    data: Dataset,
    settings: Settings,
    /// The exact optimum, separability and notes (computed once).
    reference: Scene,
    /// The version space (computed once, kept apart so that a scene per frame does not copy it).
    version_space: Option<VersionSpace>,
    /// Rosenblatt's `M*` (computed once; `None` if not separable).
    update_bound: Option<f64>,
    runs: Vec<Run>,
}

impl Settling {
    /// Starts every rule of `settings` on `data` (tabula rasa) and computes the reference.
    ///
    /// # Errors
    /// [`Error::OutOfRange`] for bad settings; the rules' own errors but the one-class refusal
    /// of the margin rules with a threshold (those rules are left out, the scene says why) and
    /// the Gibbs and Bayes students' refusal of a set without a version space (shown without a
    /// perceptron, stopped as [`crate::train::Stop::Stalled`], the readout says why) and the
    /// span refusal (left out, with a note: AdaTron, the soft margin and the gradient rules on a
    /// set whose lengths span beyond `2^1000`, [`crate::train::build_spec`]).
    pub fn new(data: &Dataset, settings: &Settings) -> Result<Self> {
        let mut reference = reference(data, settings)?;
        let version_space = reference.version_space.take();
        let mut runs = Vec::new();
        if !data.is_empty() {
            for &algorithm in settings.algorithms.iter().filter(|a| a.is_rule()) {
                let built = match trainer(algorithm, data, settings, reference.separable) {
                    // the students of a set without a version space: shown as absent, with why
                    Err(Error::NotSeparable { .. }) if algorithm.cost() == StepCost::Sample => {
                        Ok(Box::new(NoStudent::new(data)) as Box<dyn Trainer>)
                    }
                    other => other,
                };
                match built {
                    Ok(trainer) => runs.push(Run {
                        algorithm,
                        optimum: algorithm.spec().objective.map(|o| {
                            let (o, mode) = (o.with_gamma(settings.run.gamma), reference.mode);
                            (o, optimum::optimum(o, data, mode, reference.separable))
                        }),
                        recorder: settings
                            .traces
                            .contains(&algorithm)
                            .then(|| Recorder::new(trainer.as_ref())),
                        trainer,
                        stopped: false,
                        chunk: (CHUNK_WORK
                            / step_cost(algorithm, data.len(), data.dim(), settings.threshold))
                        .max(1),
                    }),
                    Err(Error::OneClass { .. }) => {}
                    // a set spanning beyond what the rule's steps hold (build_spec)
                    Err(e @ Error::Span { .. }) => reference.notes.push(format!(
                        "{} is not trained here: {e}.",
                        algorithm.info().label
                    )),
                    Err(e) => return Err(e),
                }
            }
        }
        let update_bound = if runs.iter().any(|r| r.algorithm.info().update_bound) {
            let kappa_max = reference.exact.as_ref().map(|e| e.kappa);
            rosenblatt_bound(data, reference.mode, reference.separable, kappa_max)?
        } else {
            None
        };
        Ok(Self {
            data: data.clone(),
            settings: settings.clone(),
            reference,
            version_space,
            update_bound,
            runs,
        })
    }

    /// Steps the rules that have not stopped, a chunk of each in turn, until every rule has
    /// stopped or `out_of_time()` says so (asked after every chunk); returns whether every rule
    /// has stopped.
    pub fn advance(&mut self, mut out_of_time: impl FnMut() -> bool) -> bool {
        loop {
            let mut running = false;
            for run in self.runs.iter_mut().filter(|r| !r.stopped) {
                for _ in 0..run.chunk {
                    let stopped = run.trainer.step().stop.is_some();
                    if let Some(recorder) = &mut run.recorder {
                        recorder.observe(run.trainer.as_ref());
                    }
                    if stopped {
                        run.stopped = true;
                        break;
                    }
                }
                running |= !run.stopped;
                if running && out_of_time() {
                    return false;
                }
            }
            if !running {
                return true;
            }
        }
    }

    /// The version space of the points (computed once).
    pub fn version_space(&self) -> Option<&VersionSpace> {
        self.version_space.as_ref()
    }

    /// The version space, taken out (for a scene that carries it).
    pub fn take_version_space(&mut self) -> Option<VersionSpace> {
        self.version_space.take()
    }

    /// The traces recorded so far ([`Settings::traces`]), in the order of the rules.
    pub fn traces(&self) -> Vec<(Algorithm, &Trace)> {
        self.runs
            .iter()
            .filter_map(|r| r.recorder.as_ref().map(|rec| (r.algorithm, rec.trace())))
            .collect()
    }

    /// Whether every rule has stopped.
    pub fn settled(&self) -> bool {
        self.runs.iter().all(|r| r.stopped)
    }

    /// The scene as it stands, without the version space: the reference and every rule's current
    /// state (`settled` says which have stopped; a running rule's status says so).
    pub fn scene(&self) -> Scene {
        let mut scene = self.reference.clone();
        scene.algorithms = self
            .runs
            .iter()
            .map(|run| {
                let fit = run.trainer.fit();
                let mut view = fit_view(
                    run.algorithm,
                    &self.data,
                    &fit,
                    &self.settings,
                    scene.separable,
                );
                view.optimum = run.optimum.as_ref().map(|(objective, optimum)| {
                    OptimumView::new(optimum, *objective, &fit.perceptron, &self.data, scene.mode)
                });
                if run.algorithm.info().update_bound {
                    view.update_bound = self.update_bound;
                }
                view
            })
            .collect();
        scene
    }
}

/// Rosenblatt's `M*` in the data view (margin `c = 0`) for a set that is `separable` or not:
/// through the origin from the exact optimum's `kappa_max` already solved (`R²/κ_max²`), with a
/// threshold from the augmented problem's ([`theory::rosenblatt_update_bound`]); `None` if not
/// separable.
///
/// # Errors
/// Those of [`theory::rosenblatt_update_bound`].
pub(crate) fn rosenblatt_bound(
    data: &Dataset,
    mode: Mode,
    separable: bool,
    kappa_max: Option<f64>,
) -> Result<Option<f64>> {
    if !separable {
        return Ok(None);
    }
    match (mode, kappa_max) {
        (Mode::Homogeneous, Some(kappa)) => Ok(Some(theory::update_bound(
            data.max_norm_sq(),
            kappa,
            0.0,
            data.dim(),
        ))),
        (mode, _) => theory::rosenblatt_update_bound(data, mode, 0.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::generate;
    use crate::scene::EpochLimits;

    /// Resuming is invisible: slices of one chunk give the same w, κ and step count as one go.
    #[test]
    fn slices_give_the_answer_of_one_go() {
        let (data, _) = generate::preset_2d(60, 3, 0.1).unwrap();
        for threshold in [false, true] {
            let settings = Settings {
                threshold,
                algorithms: Algorithm::rules().collect(),
                // not separable (noise): a limit that keeps the test short
                limits: EpochLimits {
                    optimal: Some(300.0),
                    ..EpochLimits::default()
                },
                ..Settings::default()
            };
            let mut whole = super::super::compute(&data, &settings).unwrap();
            whole.version_space = None;
            let mut sliced = Settling::new(&data, &settings).unwrap();
            let mut slices = 0;
            while !sliced.advance(|| true) {
                slices += 1;
            }
            assert!(slices > 1, "the work was sliced");
            assert!(sliced.settled());
            // compared as JSON, where NaN (κ of w = 0, the exact optimum of a non-separable set)
            // equals itself
            let json = |s: &Scene| serde_json::to_string(s).unwrap();
            assert_eq!(
                json(&sliced.scene()),
                json(&whole),
                "threshold = {threshold}"
            );
            // and each rule is where a plain run of its trainer to the stop ends
            for view in &sliced.scene().algorithms {
                let fit = match trainer(view.name, &data, &settings, whole.separable) {
                    Ok(mut t) => t.run(),
                    // the students of a set without a version space are shown absent
                    Err(Error::NotSeparable { .. }) => {
                        assert_eq!(view.stop, Some(crate::train::Stop::Stalled));
                        assert!(view.w.iter().all(|&v| v == 0.0), "{}", view.name);
                        continue;
                    }
                    Err(e) => panic!("{}: {e}", view.name),
                };
                assert_eq!(
                    (&view.w, view.theta, view.steps, view.stop),
                    (&fit.perceptron.w, fit.perceptron.theta, fit.steps, fit.stop),
                    "{}",
                    view.name
                );
            }
        }
    }
}
