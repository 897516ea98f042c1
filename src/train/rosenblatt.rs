//! The Rosenblatt perceptron algorithm (Biehl §3.3).
//!
//! Examples are presented one at a time (cyclic or random order). Whenever the local potential
//! `E^μ = (w·ξ^μ − θ) S^μ ≤ c` the weights move towards the example:
//!
//! `w ← w + (1/N) ξ^μ S^μ`,   `θ ← θ − (1/N) S^μ` (threshold mode only),
//!
//! and the run stops after an epoch without an update. On separable data with margin `c ≥ 0`
//! the number of updates `M` is bounded (Biehl eq. 3.35, a Novikoff-type bound): for any `w*`
//! with `min_μ E*^μ ≥ c > 0`, `M ≤ N |w*|² (2c + Γ) / c²` with `Γ = max_μ |ξ^μ|² / N`; with the
//! unit optimal `w*` and `c = 0`, `M ≤ max_μ |ξ^μ|² / κ_max²`. On non-separable data it never
//! stops by itself: the epoch limit ends the run.

use super::online::Schedule;
use super::spec::{Optional, Spec, StepCost, Takes, Texts};
use super::{check_start, Config, RunState, Step, Stop, Trainer};
use crate::data::Dataset;
use crate::error::{Error, Result};
use crate::train::Mode;

/// A Rosenblatt run in progress.
#[derive(Debug, Clone)]
pub struct Rosenblatt {
    /// The data, `(w, θ)`, the embedding strengths `x^μ` (`η = 1/N` per update), the counters.
    state: RunState,
    mode: Mode,
    /// The step size `η = 1/N`.
    eta: f64,
    /// Margin `c ≥ 0`: update when `E^μ ≤ c`.
    margin: f64,
    /// The most epochs (sweeps through the data) before giving up.
    max_epochs: usize,
    schedule: Schedule,
    updates_this_epoch: usize,
}

impl Rosenblatt {
    /// Rosenblatt from the run's [`Config`]: the epoch limit in whole epochs, the margin `c`
    /// (`None`: 0), the presentation order (a random order seeded by [`Config::seed`]) and the
    /// starting perceptron (`None`: tabula rasa `w = 0, θ = 0`).
    ///
    /// # Errors
    /// [`Error::Empty`] for no data; [`Error::OutOfRange`] for `c < 0` or a bad epoch limit;
    /// [`Error::Shape`] if the initial `w` has the wrong length.
    pub fn new(data: &Dataset, mode: Mode, config: &Config) -> Result<Self> {
        let max_epochs = config.epochs()?.ceil() as usize;
        check_start(data, config.init.as_ref(), max_epochs as f64)?;
        let margin = config.margin.unwrap_or(0.0);
        if !(margin >= 0.0 && margin.is_finite()) {
            return Err(Error::OutOfRange {
                name: "margin c",
                value: margin,
                range: "[0, ∞)",
            });
        }
        let certifies = config.init.is_none() && mode == Mode::Homogeneous;
        Ok(Self {
            state: RunState::start(data, config.init.clone(), certifies),
            mode,
            eta: 1.0 / data.dim() as f64,
            margin,
            max_epochs,
            schedule: Schedule::new(data.len(), config.shuffle_seed()),
            updates_this_epoch: 0,
        })
    }
}

impl Trainer for Rosenblatt {
    fn advance(&mut self) -> Step {
        let st = &mut self.state;
        let mu = self.schedule.example();
        let s = st.data.y(mu);
        let e = st.activation(mu) * s;
        let updated = e <= self.margin;
        if updated {
            st.hebbian(mu, self.eta, self.mode);
            self.updates_this_epoch += 1;
        }
        st.steps += 1;
        if self.schedule.advance() {
            let epochs = st.steps / st.data.len();
            if self.updates_this_epoch == 0 {
                st.stop = Some(Stop::NoErrors);
            } else if epochs >= self.max_epochs {
                st.stop = Some(Stop::Limit);
            }
            self.updates_this_epoch = 0;
        }
        Step::on(mu, updated, st.stop)
    }

    fn run_state(&self) -> &RunState {
        &self.state
    }
}

/// Rosenblatt's spec: a presentation per step; it takes a start, the margin `c` and the order.
pub const SPEC: Spec = Spec::new("rosenblatt", StepCost::Presentation, build)
    .taking(Takes::of(&[
        Optional::Init,
        Optional::Margin,
        Optional::Order,
    ]))
    .describing(Texts {
        optimises: "any separating line (no margin asked for)",
        stops: "after an epoch without errors; on non-separable data at the epoch limit",
        rule: "if Eμ = (w·ξμ − θ)Sμ ≤ 0:  w ← w + ξμSμ/N,  θ ← θ − Sμ/N",
    });

/// [`Rosenblatt::new`], boxed.
fn build(data: &Dataset, mode: Mode, config: &Config) -> Result<Box<dyn Trainer>> {
    Ok(Box::new(Rosenblatt::new(data, mode, config)?))
}
