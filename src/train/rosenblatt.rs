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

use super::config::MAX_EPOCHS;
use super::online::Schedule;
use super::spec::{Spec, StepCost, Takes, Texts};
use super::{check_start, Config, RunState, Step, Stop, Trainer};
use crate::data::Dataset;
use crate::error::{Error, Result};
use crate::measure::Perceptron;
use crate::train::Mode;

/// The order in which examples are presented.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// `μ = 1, 2, …, P, 1, 2, …`.
    Cyclic,
    /// A fresh random permutation each epoch, from this seed.
    Random(u64),
}

/// Parameters of [`Rosenblatt`].
#[derive(Debug, Clone, PartialEq)]
pub struct RosenblattParams {
    /// Margin `c ≥ 0`: update when `E^μ ≤ c`.
    pub margin: f64,
    /// Presentation order.
    pub order: Order,
    /// The most epochs (sweeps through the data) before giving up.
    pub max_epochs: usize,
    /// Initial perceptron; `None` is tabula rasa `w = 0, θ = 0`.
    pub init: Option<Perceptron>,
}

impl Default for RosenblattParams {
    fn default() -> Self {
        Self {
            margin: 0.0,
            order: Order::Cyclic,
            max_epochs: MAX_EPOCHS as usize,
            init: None,
        }
    }
}

impl RosenblattParams {
    /// Validates the parameters and starts a run on `data`.
    ///
    /// # Errors
    /// [`Error::Empty`] for no data; [`Error::OutOfRange`] for `c < 0` or a zero epoch limit;
    /// [`Error::Shape`] if the initial `w` has the wrong length.
    pub fn build(self, data: &Dataset, mode: Mode) -> Result<Rosenblatt> {
        check_start(data, self.init.as_ref(), self.max_epochs as f64)?;
        if !(self.margin >= 0.0 && self.margin.is_finite()) {
            return Err(Error::OutOfRange {
                name: "margin c",
                value: self.margin,
                range: "[0, ∞)",
            });
        }
        let certifies = self.init.is_none() && mode == Mode::Homogeneous;
        let seed = match self.order {
            Order::Random(seed) => Some(seed),
            Order::Cyclic => None,
        };
        Ok(Rosenblatt {
            state: RunState::start(data, self.init.clone(), certifies),
            mode,
            eta: 1.0 / data.dim() as f64,
            params: self,
            schedule: Schedule::new(data.len(), seed),
            updates_this_epoch: 0,
        })
    }
}

/// A Rosenblatt run in progress.
#[derive(Debug, Clone)]
pub struct Rosenblatt {
    /// The data, `(w, θ)`, the embedding strengths `x^μ` (`η = 1/N` per update), the counters.
    state: RunState,
    mode: Mode,
    /// The step size `η = 1/N`.
    eta: f64,
    params: RosenblattParams,
    schedule: Schedule,
    updates_this_epoch: usize,
}

impl Trainer for Rosenblatt {
    fn advance(&mut self) -> Step {
        let st = &mut self.state;
        let mu = self.schedule.example();
        let s = st.data.y(mu);
        let e = st.activation(mu) * s;
        let updated = e <= self.params.margin;
        if updated {
            st.hebbian(mu, self.eta, self.mode);
            self.updates_this_epoch += 1;
        }
        st.steps += 1;
        if self.schedule.advance() {
            let epochs = st.steps / st.data.len();
            if self.updates_this_epoch == 0 {
                st.stop = Some(Stop::NoErrors);
            } else if epochs >= self.params.max_epochs {
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
    .taking(Takes::INIT.margin().order())
    .describing(Texts {
        optimises: "any separating line (no margin asked for)",
        stops: "after an epoch without errors; on non-separable data at the epoch limit",
        rule: "if Eμ = (w·ξμ − θ)Sμ ≤ 0:  w ← w + ξμSμ/N,  θ ← θ − Sμ/N",
    });

/// Rosenblatt from the run's [`Config`]: the epoch limit in whole epochs, the margin `c`, the
/// presentation order (a random order seeded by [`Config::seed`]) and the starting perceptron.
///
/// # Errors
/// Those of [`RosenblattParams::build`].
fn build(data: &Dataset, mode: Mode, config: &Config) -> Result<Box<dyn Trainer>> {
    let mut params = RosenblattParams {
        max_epochs: config.epochs()?.ceil() as usize,
        margin: config.margin.unwrap_or(0.0),
        ..RosenblattParams::default()
    };
    params.order = match config.shuffle_seed() {
        Some(seed) => Order::Random(seed),
        None => Order::Cyclic,
    };
    params.init.clone_from(&config.init);
    Ok(Box::new(params.build(data, mode)?))
}
