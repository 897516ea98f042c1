//! The Hebb rule (Biehl §3.5): one pass through the data,
//!
//! `w = (1/N) Σ_μ ξ^μ S^μ`   (with a threshold also `θ = −(1/N) Σ_μ S^μ`),
//!
//! each step adding one example. Its learning curve has a closed form (Vallet 1989):
//! `R = √(2α/(2α+π))`.

use super::spec::{Optional, Spec, StepCost, Takes, Texts};
use super::{check_init, Config, RunState, Step, Stop, Trainer};
use crate::data::Dataset;
use crate::error::{Error, Result};
use crate::train::Mode;

/// A Hebb pass in progress.
#[derive(Debug, Clone)]
pub struct Hebb {
    /// The data, `(w, θ)`, the embedding strengths `x^μ = 1/N` of the examples added so far, the
    /// counters (every step is an update).
    state: RunState,
    mode: Mode,
    /// The step size `η = 1/N`.
    eta: f64,
}

impl Hebb {
    /// Hebb from the run's [`Config`] (only its start, `None`: tabula rasa; one pass needs no
    /// limit).
    ///
    /// # Errors
    /// [`Error::Empty`] for no data; [`Error::Shape`] for an initial `w` of the wrong length.
    pub fn new(data: &Dataset, mode: Mode, config: &Config) -> Result<Self> {
        if data.is_empty() {
            return Err(Error::Empty);
        }
        check_init(config.init.as_ref(), data)?;
        let certifies = config.init.is_none() && mode == Mode::Homogeneous;
        Ok(Self {
            state: RunState::start(data, config.init.clone(), certifies),
            mode,
            eta: 1.0 / data.dim() as f64,
        })
    }
}

impl Trainer for Hebb {
    fn advance(&mut self) -> Step {
        let st = &mut self.state;
        let mu = st.steps;
        st.hebbian(mu, self.eta, self.mode);
        st.steps += 1;
        if st.steps == st.data.len() {
            st.stop = Some(Stop::OnePass);
        }
        Step::on(mu, true, st.stop)
    }

    fn run_state(&self) -> &RunState {
        &self.state
    }
}

/// Hebb's spec: one pass; it takes a start.
pub const SPEC: Spec = Spec::new("hebb", StepCost::OnePass, build)
    .taking(Takes::of(&[Optional::Init]))
    .describing(Texts {
        optimises: "nothing: it adds every example once (the correlation of inputs and labels)",
        stops: "after one pass",
        rule: "w = (1/N) Σμ ξμ Sμ,  θ = −(1/N) Σμ Sμ",
    });

/// [`Hebb::new`], boxed.
fn build(data: &Dataset, mode: Mode, config: &Config) -> Result<Box<dyn Trainer>> {
    Ok(Box::new(Hebb::new(data, mode, config)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_pass_is_the_hebb_sum() {
        let d = Dataset::from_row_major(vec![1.0, 2.0, -3.0, 0.5], 2, vec![1.0, -1.0]).unwrap();
        let fit = Hebb::new(&d, Mode::Homogeneous, &Config::default())
            .unwrap()
            .run();
        // w = (1/2)[(1, 2) − (−3, 0.5)] = (2, 0.75)
        assert_eq!(fit.perceptron.w, vec![2.0, 0.75]);
        assert_eq!(fit.steps, 2);
        assert_eq!(fit.stop, Some(Stop::OnePass));
        let t = Hebb::new(&d, Mode::Threshold, &Config::default())
            .unwrap()
            .run();
        // θ = −(1/2)(1 − 1) = 0
        assert_eq!(t.perceptron.theta, 0.0);
    }
}
