//! Adaline (Widrow & Hoff 1960; Biehl §3.7.2): least squares on the local potentials.
//!
//! The cost `E(w) = ½ Σ_μ (1 − E^μ)²`, `E^μ = (w·ξ^μ − θ) S^μ`, asks every example to sit at
//! potential 1. With `C̃_μν = (ξ^μ·ξ^ν + [threshold]) S^μ S^ν / N`:
//!
//! - **sequential** (LMS, `adaline`): for one example at a time,
//!   `w ← w + (η/N)(1 − E^μ) ξ^μ S^μ`, `θ ← θ − (η/N)(1 − E^μ) S^μ`.
//!   After the step `1 − E^μ` is multiplied by `1 − η C̃_μμ`, so `0 < η < 2 / max_μ C̃_μμ`
//!   is stable; the default `η = 1 / max_μ C̃_μμ` puts the largest example exactly on target.
//! - **parallel** (batch gradient, `adaline-batch`): all examples at once,
//!   `w ← w + (η/N) Σ_μ (1 − E^μ) ξ^μ S^μ`, stable for `η < 2 / λ_max(C̃)`; the default
//!   `η = 1 / λ̂` with `λ̂ ≥ λ_max` from Gershgorin's theorem on the smaller of `C̃` (`P × P`) and
//!   `Z̃ᵀZ̃/N` (`N × N`), which share their non-zero eigenvalues.
//!
//! From tabula rasa `w` stays in the span of the examples; when `C̃` is non-singular (`P ≤ N`,
//! independent inputs) both converge to the pseudo-inverse solution `x = (N C̃)⁻¹ 1`,
//! `w = Σ x^μ S^μ ξ^μ`, at which every `E^μ = 1` (Biehl eq. 3.58). For `P > N` the batch rule
//! converges to the least-squares `w`; the sequential rule with a fixed `η` circles near it.
//! Both stop as converged where the gradient vanishes, `|∇E| ≤ tolerance · Σ_μ |ξ̃^μ|`
//! ([`Stop::Stationary`]); the sequential rule stops as [`Stop::Cycling`] (not converged) once it
//! is on its circle ([`super::online`]).

use super::gradient;
use super::objective::Objective;
use super::online::{max_diagonal, Online, OnlineRule};
use super::plateau::{self, PlateauWatch};
use super::spec::{Optional, Spec, StepCost, Takes, Texts};
use super::{Config, Mode, RunState, Step, Stop, Trainer};
use crate::data::Dataset;
use crate::error::{Error, Result};
use crate::linalg::{axpy, dot};

/// The LMS step `Δ = (η/N)(1 − aS) S`.
#[derive(Debug, Clone, Copy)]
pub struct Lms {
    rate: f64,
}

impl OnlineRule for Lms {
    fn delta(&self, a: f64, s: f64) -> f64 {
        self.rate * (1.0 - a * s) * s
    }
    fn step_size(&self) -> Option<f64> {
        Some(self.rate)
    }
    fn objective(&self) -> Option<Objective> {
        Some(Objective::LeastSquares)
    }
}

/// Checks the given `η ∈ (0, limit)`; the default where none is given.
fn rate(learning_rate: Option<f64>, limit: f64, default: f64) -> Result<f64> {
    match learning_rate {
        None => Ok(if default.is_finite() { default } else { 1.0 }),
        Some(eta) if eta > 0.0 && eta < limit => Ok(eta),
        Some(eta) => Err(Error::OutOfRange {
            name:
                "Adaline learning rate η (stable below 2/max C_μμ, or 2/λ_max for the batch rule)",
            value: eta,
            range: "(0, 2/C)",
        }),
    }
}

/// The sequential rule (LMS) on `data` from the run's [`Config`]: the learning rate (`None`:
/// `1 / max_μ C̃_μμ`), the epoch limit, the gradient tolerance, the order and the start
/// (`gradient::drive`).
///
/// # Errors
/// [`Error::Empty`]; [`Error::OutOfRange`] for an unstable `η` or bad limits;
/// [`Error::Shape`] for an initial `w` of the wrong length.
pub fn lms(data: &Dataset, mode: Mode, config: &Config) -> Result<Online<Lms>> {
    let drive = gradient::drive(config)?;
    drive.check(data)?;
    let c = max_diagonal(data, mode);
    let eta = rate(config.learning_rate, 2.0 / c, 1.0 / c)?;
    let rule = Lms {
        rate: eta / data.dim() as f64,
    };
    Ok(Online::new(rule, data, mode, drive))
}

impl AdalineBatch {
    /// The parallel rule (batch gradient) on `data` from the run's [`Config`], as [`lms`] (the
    /// default `η = 1 / λ̂`; it takes no order).
    ///
    /// # Errors
    /// As [`lms`], with the batch rule's stability limit `2 / λ̂`.
    pub fn new(data: &Dataset, mode: Mode, config: &Config) -> Result<Self> {
        let drive = gradient::drive(config)?;
        drive.check(data)?;
        let lambda = gershgorin_bound(data, mode);
        let eta = rate(config.learning_rate, 2.0 / lambda, 1.0 / lambda)?;
        let mut state = RunState::start(data, drive.init, false);
        if mode != Mode::Threshold {
            state.theta = 0.0;
        }
        let plateau = (drive.tolerance > 0.0).then(|| {
            let limit = drive.max_epochs.ceil() as usize;
            PlateauWatch::new(Objective::LeastSquares, limit, &state.w, state.theta, data)
        });
        state.unresolved = super::run_state::unresolved(data, eta / data.dim() as f64);
        Ok(Self {
            plateau,
            rate: eta / data.dim() as f64,
            state,
            residual: vec![0.0; data.len()],
            norm_sum: (0..data.len())
                .map(|mu| {
                    let extra = f64::from(u8::from(mode == Mode::Threshold));
                    (dot(data.x(mu), data.x(mu)) + extra).sqrt()
                })
                .sum(),
            max_batches: drive.max_epochs.ceil() as usize,
            tolerance: drive.tolerance,
            mode,
        })
    }
}

/// A bound `λ̂ ≥ λ_max(C̃)` by Gershgorin's theorem (the largest absolute row sum) on the smaller
/// of `C̃ = Z̃Z̃ᵀ/N` and `Z̃ᵀZ̃/N`, where `Z̃` has the rows `(ξ^μ, −1) S^μ` (without the `−1`
/// through the origin): `O(P N min(P, N))`.
pub fn gershgorin_bound(data: &Dataset, mode: Mode) -> f64 {
    let (p, n) = (data.len(), data.dim());
    let extra = f64::from(u8::from(mode == Mode::Threshold));
    let cols = n + usize::from(mode == Mode::Threshold);
    let row = |mu: usize, k: usize| if k < n { data.x(mu)[k] } else { -1.0 };
    let bound = if p <= cols {
        (0..p)
            .map(|a| {
                (0..p)
                    .map(|b| (dot(data.x(a), data.x(b)) + extra).abs())
                    .sum::<f64>()
            })
            .fold(0.0, f64::max)
    } else {
        (0..cols)
            .map(|i| {
                (0..cols)
                    .map(|j| (0..p).map(|mu| row(mu, i) * row(mu, j)).sum::<f64>().abs())
                    .sum::<f64>()
            })
            .fold(0.0, f64::max)
    };
    bound / n as f64
}

/// The parallel Adaline in progress: one step is one gradient step over all `P` examples.
#[derive(Debug, Clone)]
pub struct AdalineBatch {
    /// The data, `(w, θ)`, the embedding strengths `x^μ` (the sum of the example's residuals
    /// `(η/N)(1 − E^μ)`), the counters: steps in presentations (`P` per gradient step), updates
    /// in gradient steps.
    state: RunState,
    mode: Mode,
    /// `η/N`.
    rate: f64,
    /// The residuals `(η/N)(1 − E^μ)` of the current step.
    residual: Vec<f64>,
    /// `Σ_μ |ξ̃^μ|`, the scale of the gradient ([`Stop::Stationary`]).
    norm_sum: f64,
    max_batches: usize,
    tolerance: f64,
    /// The cost watch for the plateau stop (with a tolerance above 0).
    plateau: Option<PlateauWatch>,
}

impl Trainer for AdalineBatch {
    fn advance(&mut self) -> Step {
        let st = &mut self.state;
        for (mu, r) in self.residual.iter_mut().enumerate() {
            let e = st.activation(mu) * st.data.y(mu);
            *r = self.rate * (1.0 - e);
        }
        let mut change = vec![0.0; st.w.len()];
        let mut dtheta = 0.0;
        for (mu, &r) in self.residual.iter().enumerate() {
            let s = st.data.y(mu);
            axpy(r * s, st.data.x(mu), &mut change);
            dtheta -= r * s;
            st.x[mu] += r;
        }
        if self.mode == Mode::Homogeneous {
            dtheta = 0.0;
        }
        for (w, c) in st.w.iter_mut().zip(&change) {
            *w += c;
        }
        st.theta += dtheta;
        st.steps += st.data.len();
        st.updates += 1;
        // the step is −(η/N) ∇E: the gradient before it, against its scale Σ_μ |ξ̃^μ|
        let moved = super::online::length(&change, dtheta);
        let gradient = if moved == 0.0 {
            0.0
        } else {
            moved / (self.rate * self.norm_sum)
        };
        st.gradient = Some(gradient);
        // an example beyond the steps' reach: stationarity cannot be told (Unresolved)
        st.stop = if st.unresolved.is_none() && (gradient <= self.tolerance || moved == 0.0) {
            Some(Stop::Stationary)
        } else {
            let limit = st.updates >= self.max_batches;
            plateau::stop_at(self.plateau.as_mut(), st.updates, limit, st)
        };
        Step::whole(moved > 0.0, st.stop)
    }

    fn run_state(&self) -> &RunState {
        &self.state
    }
}

/// The sequential Adaline's spec: a gradient step on one example per step; it takes a start, a
/// learning rate and the order.
pub const SPEC: Spec = Spec::new("adaline", StepCost::Gradient, build)
    .taking(Takes::of(&[Optional::Init, Optional::LearningRate, Optional::Order]))
    .minimising(Objective::LeastSquares)
.describing(Texts {
                optimises: "the squared error ½ Σμ (1 − Eμ)² (every example at potential 1)",
                stops: "converged where the gradient vanishes (|∇E| ≤ 10⁻⁶ Σ|ξ̃|); not converged when w circles (a fixed η), or at the epoch limit",
                rule: "w ← w + (η/N)(1 − Eμ) ξμSμ,  η = 1/max Cμμ (stable below 2/max Cμμ)",
            });

/// The batch Adaline's spec: a gradient step on every example per step; it takes a start and a
/// learning rate.
pub const BATCH_SPEC: Spec = Spec::new("adaline-batch", StepCost::Batch, build_batch)
    .taking(Takes::of(&[Optional::Init, Optional::LearningRate]))
    .minimising(Objective::LeastSquares)
    .describing(Texts {
        optimises: "the squared error ½ Σμ (1 − Eμ)², by gradient steps over all examples at once",
        stops: "converged where the gradient vanishes (|∇E| ≤ 10⁻⁶ Σ|ξ̃|), or at the epoch limit",
        rule: "w ← w + (η/N) Σμ (1 − Eμ) ξμSμ,  η = 1/λ̂ with λ̂ ≥ λ_max(C) (Gershgorin)",
    });

/// [`lms`], boxed.
fn build(data: &Dataset, mode: Mode, config: &Config) -> Result<Box<dyn Trainer>> {
    Ok(Box::new(lms(data, mode, config)?))
}

/// [`AdalineBatch::new`], boxed.
fn build_batch(data: &Dataset, mode: Mode, config: &Config) -> Result<Box<dyn Trainer>> {
    Ok(Box::new(AdalineBatch::new(data, mode, config)?))
}
