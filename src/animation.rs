//! Step-by-step training for the animation: one rule stepped from its start (tabula rasa but for
//! the notes' perceptron and the tanh Adaline), every step recorded as a [`Frame`] (the history
//! the scrubber moves over).

use crate::catalogue::Algorithm;
use crate::data::Dataset;
use crate::error::Result;
use crate::measure::stability_upper_bound;
use crate::scene::{trainer, Settings};
use crate::train::{Stop, Trainer};
use crate::version_space::direction;
use serde::Serialize;

/// The state after one step.
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Frame {
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
    /// Training errors of `w(t)`.
    pub errors: usize,
    /// Certified upper bound on `κ_max`, where the rule keeps one.
    pub kappa_upper: Option<f64>,
    /// Set once the rule has stopped.
    pub stop: Option<Stop>,
}

/// A rule being stepped, with its recorded frames.
pub struct Animation {
    trainer: Box<dyn Trainer>,
    frames: Vec<Frame>,
}

impl Animation {
    /// Starts `algorithm` (any training rule) on `data` with the page's settings.
    ///
    /// # Errors
    /// Those of [`trainer`] (`exact` is not a rule and cannot be stepped).
    pub fn new(algorithm: Algorithm, data: &Dataset, settings: &Settings) -> Result<Self> {
        // stepped by hand: the limits of a separable set (an animation is stopped at will)
        let trainer = trainer(algorithm, data, settings, true)?;
        let mut a = Self {
            trainer,
            frames: vec![],
        };
        let first = a.frame(None, None, false, None);
        a.frames.push(first);
        Ok(a)
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
                let frame = self.frame(s.example, s.partner, s.updated, s.stop);
                self.frames.push(frame);
            }
        }
        self.frames.last().expect("the start frame")
    }

    /// Every frame so far, from the start.
    pub fn frames(&self) -> &[Frame] {
        &self.frames
    }

    /// The examples `w(t)` of frame `i` misclassifies (`E^μ ≤ 0`; none at `w = 0`), computed
    /// when asked rather than stored with every frame; `None` for no such frame.
    pub fn misclassified(&self, i: usize) -> Option<Vec<usize>> {
        let f = self.frames.get(i)?;
        let p = crate::measure::Perceptron::new(f.w.clone(), f.theta);
        Some(crate::scene::misclassified(&p, self.trainer.data()))
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
            step: steps,
            phi: direction(&p.w),
            theta_unit: if n > 0.0 { p.theta / n } else { f64::NAN },
            kappa: p.stability(data),
            errors: p.errors(data),
            kappa_upper: (self.trainer.certifies() && updates > 0)
                .then(|| stability_upper_bound(&p.w, self.trainer.embedding())),
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

#[cfg(test)]
mod tests {
    use super::*;

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
            if !matches!(name, Algorithm::PerceptronNotes | Algorithm::AdalineTanh) {
                // tabula rasa (the notes' perceptron starts from random weights, the tanh
                // Adaline far off)
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
}
