//! The Hebb rule (Biehl §3.5): one pass through the data,
//!
//! `w = (1/N) Σ_μ ξ^μ S^μ`   (with a threshold also `θ = −(1/N) Σ_μ S^μ`),
//!
//! each step adding one example. Its learning curve has a closed form (Vallet 1989):
//! `R = √(2α/(2α+π))`.

use super::algorithm::{Spec, StepCost, Takes};
use super::{check_init, Config, Step, Stop, Trainer};
use crate::data::Dataset;
use crate::error::{Error, Result};
use crate::linalg::axpy;
use crate::measure::Perceptron;
use crate::train::Mode;

/// Parameters of [`Hebb`].
#[derive(Debug, Clone, PartialEq, Default)]
pub struct HebbParams {
    /// Initial perceptron; `None` is tabula rasa.
    pub init: Option<Perceptron>,
}

impl HebbParams {
    /// Validates and starts a pass over `data`.
    ///
    /// # Errors
    /// [`Error::Empty`] for no data; [`Error::Shape`] for an initial `w` of the wrong length.
    pub fn build(self, data: &Dataset, mode: Mode) -> Result<Hebb> {
        if data.is_empty() {
            return Err(Error::Empty);
        }
        check_init(self.init.as_ref(), data)?;
        let certifies = self.init.is_none() && mode == Mode::Homogeneous;
        let Perceptron { w, theta } = self
            .init
            .unwrap_or_else(|| Perceptron::new(vec![0.0; data.dim()], 0.0));
        Ok(Hebb {
            data: data.clone(),
            mode,
            eta: 1.0 / data.dim() as f64,
            w,
            theta,
            x: vec![0.0; data.len()],
            steps: 0,
            stop: None,
            certifies,
        })
    }
}

/// A Hebb pass in progress.
#[derive(Debug, Clone)]
pub struct Hebb {
    data: Dataset,
    mode: Mode,
    eta: f64,
    w: Vec<f64>,
    theta: f64,
    x: Vec<f64>,
    steps: usize,
    stop: Option<Stop>,
    certifies: bool,
}

impl Trainer for Hebb {
    fn step(&mut self) -> Step {
        if let Some(stop) = self.stop {
            return Step::stopped(stop);
        }
        let mu = self.steps;
        let s = self.data.y(mu);
        axpy(self.eta * s, self.data.x(mu), &mut self.w);
        if self.mode == Mode::Threshold {
            self.theta -= self.eta * s;
        }
        self.x[mu] += self.eta;
        self.steps += 1;
        if self.steps == self.data.len() {
            self.stop = Some(Stop::OnePass);
        }
        Step::on(mu, true, self.stop)
    }

    accessors! {
        perceptron: (w, theta),
        embedding: x,
        certifies: certifies,
        data: data,
        progress: (steps, steps, stop),
    }
}

/// Hebb's spec: one pass; it takes a start.
pub const SPEC: Spec = Spec::new("hebb", StepCost::OnePass, build).taking(Takes::INIT);

/// Hebb from the run's [`Config`] (only its start: one pass needs no limit).
///
/// # Errors
/// Those of [`HebbParams::build`].
fn build(data: &Dataset, mode: Mode, config: &Config) -> Result<Box<dyn Trainer>> {
    let params = HebbParams {
        init: config.init.clone(),
    };
    Ok(Box::new(params.build(data, mode)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_pass_is_the_hebb_sum() {
        let d = Dataset::from_row_major(vec![1.0, 2.0, -3.0, 0.5], 2, vec![1.0, -1.0]).unwrap();
        let fit = HebbParams::default()
            .build(&d, Mode::Homogeneous)
            .unwrap()
            .run();
        // w = (1/2)[(1, 2) − (−3, 0.5)] = (2, 0.75)
        assert_eq!(fit.perceptron.w, vec![2.0, 0.75]);
        assert_eq!(fit.steps, 2);
        assert_eq!(fit.stop, Some(Stop::OnePass));
        let t = HebbParams::default()
            .build(&d, Mode::Threshold)
            .unwrap()
            .run();
        // θ = −(1/2)(1 − 1) = 0
        assert_eq!(t.perceptron.theta, 0.0);
    }
}
