//! A throwaway rule, added to a copy of the crate by `tests/throwaway_rule.rs` (never compiled
//! into the crate itself): the normalised Hebb sum, one pass through the data,
//!
//! `w = (1/N) Σ_μ S^μ ξ^μ / |ξ^μ|`,
//!
//! with a threshold also `θ = −(1/N) Σ_μ S^μ / |ξ^μ|`. It takes a start (`--init`) and nothing
//! else.

use super::spec::{Optional, Spec, StepCost, Takes, Texts};
use super::{check_init, Config, Mode, RunState, Step, Stop, Trainer};
use crate::data::Dataset;
use crate::error::{Error, Result};
use crate::linalg::{axpy, norm};

/// A pass in progress.
struct NormalisedHebb {
    state: RunState,
    mode: Mode,
}

impl Trainer for NormalisedHebb {
    fn advance(&mut self) -> Step {
        let st = &mut self.state;
        let mu = st.steps;
        let a = 1.0 / (st.data.dim() as f64 * norm(st.data.x(mu)));
        let s = st.data.y(mu);
        axpy(a * s, st.data.x(mu), &mut st.w);
        if self.mode == Mode::Threshold {
            st.theta -= a * s;
        }
        st.x[mu] += a;
        st.updates += 1;
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

/// Its spec.
pub const SPEC: Spec = Spec::new("normalised-hebb", StepCost::OnePass, build)
    .taking(Takes::of(&[Optional::Init]))
    .describing(Texts {
        optimises: "nothing: it adds every example once, scaled to unit length",
        stops: "after one pass",
        rule: "w = (1/N) Σμ Sμ ξμ/|ξμ|",
    });

fn build(data: &Dataset, mode: Mode, config: &Config) -> Result<Box<dyn Trainer>> {
    if data.is_empty() {
        return Err(Error::Empty);
    }
    check_init(config.init.as_ref(), data)?;
    Ok(Box::new(NormalisedHebb {
        state: RunState::start(data, config.init.clone(), false),
        mode,
    }))
}
