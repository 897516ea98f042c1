//! The sigmoid Adalines (course notes on sigmoid activations): a unit with a smooth activation of
//! `a = w·ξ − θ`, trained by on-line gradient descent with one of three costs ([`Loss`]):
//!
//! - **cross-entropy** (`logistic`): the logistic unit `σ(a) = 1 / (1 + e^{−a})` on the targets
//!   `t^μ = (S^μ + 1)/2 ∈ {0, 1}`, `L = −Σ_μ [t ln σ(a^μ) + (1 − t) ln(1 − σ(a^μ))]`,
//!   `∂L/∂w = Σ_μ (σ(a^μ) − t^μ) ξ^μ`;
//! - **squared error** (`logistic-squared`): the same unit, `L = ½ Σ_μ (σ(a^μ) − t^μ)²`,
//!   `∂L/∂w = Σ_μ (σ − t) σ (1 − σ) ξ^μ`. The factor `σ(1 − σ) → 0` for a saturated unit: an
//!   example that is confidently wrong hardly moves `w` (the vanishing gradient), so this cost
//!   learns far more slowly from a bad start;
//! - **the tanh Adaline** (`adaline-tanh`): the unit `tanh(a)` on the labels `S^μ = ±1` themselves,
//!   `L = ½ Σ_μ (tanh(a^μ) − S^μ)²`, `∂L/∂w = Σ_μ (tanh a − S)(1 − tanh² a) ξ^μ`. Near `a = 0`
//!   it is Adaline (`tanh a ≈ a`); a saturated example (`|a|` large) has `1 − tanh² a ≈ 4e^{−2|a|}`
//!   and hardly moves `w`. To show it, the rule starts **far off on the wrong side**
//!   ([`far_start`]: against Hebb's direction, at a length that puts the farthest example at
//!   `|a| = 6`), so that the animation shows its slow start: `w` creeps while the confidently
//!   wrong examples are stuck on the flat tail of tanh, then swings round once they come near the
//!   line.
//!
//! In all three, `∂L/∂θ = −Σ_μ g^μ` where `g^μ` is the example's factor in front of `ξ^μ`. One step
//! on example `μ` is `w ← w − (η/N) g^μ ξ^μ`, `θ ← θ + (η/N) g^μ`; the default
//! `η = 2 / max_μ C̃_μμ` for the logistic unit (whose slope is at most ¼) and `1 / max_μ C̃_μμ` for
//! tanh (slope 1 at `a = 0`: Adaline's rate). On separable data no cost has a minimum at finite `w`
//! (`|w|` grows like the log of the time): the gradient falls only as fast as the examples
//! saturate, and the run ends at the epoch limit unless it gets below the tolerance. A run stops
//! as converged only where the gradient vanishes ([`super::Stop::Stationary`], module
//! [`super::online`]); a plateau (the tanh unit's far start) runs on, and at the epoch limit
//! stops as stalled on a plateau ([`super::Stop::Plateau`], not converged).

use super::gradient;
use super::objective::Objective;
pub use super::objective::{sigmoid, Loss};
use super::online::{max_diagonal, Online, OnlineRule};
use super::spec::{Optional, Spec, StepCost, Takes, Texts};
use super::{Config, Mode, Trainer};
use crate::data::Dataset;
use crate::error::{Error, Result};
use crate::measure::Perceptron;

/// How far off the tanh Adaline starts: the farthest example's `|a| = |w₀·ξ − θ₀|` is at most
/// this (`1 − tanh² 6 ≈ 2.5·10⁻⁵`).
pub const FAR_START: f64 = 6.0;

/// The tanh Adaline's start, far off on the wrong side: `(w₀, θ₀) = −FAR_START · h / (|h| r)` for
/// Hebb's vector `h = Σ_μ S^μ (ξ^μ, −1)` (`Σ_μ S^μ ξ^μ` through the origin, `θ₀ = 0`) and
/// `r = max_μ |(ξ^μ, −1)|` (`max_μ |ξ^μ|`), so that `|a^μ| ≤ FAR_START` for every example
/// (Cauchy–Schwarz) while the examples Hebb's rule gets right — most of them — sit far out on the
/// wrong flat tail of tanh. Where `h = 0` the direction is the first axis. Scaling the inputs by
/// `c` scales the start by `1/c`: the same picture at any scale.
pub fn far_start(data: &Dataset, mode: Mode) -> Perceptron {
    let threshold = mode == Mode::Threshold;
    let mut h = vec![0.0; data.dim() + usize::from(threshold)];
    for mu in 0..data.len() {
        let s = data.y(mu);
        crate::linalg::axpy(s, data.x(mu), &mut h[..data.dim()]);
        if threshold {
            h[data.dim()] -= s;
        }
    }
    let mut size = crate::linalg::norm(&h);
    if size == 0.0 {
        h[0] = 1.0;
        size = 1.0;
    }
    let r = (data.max_norm_sq() + if threshold { 1.0 } else { 0.0 }).sqrt();
    let scale = -FAR_START / (size * r);
    if !scale.is_finite() {
        // every input is 0 (through the origin): no example can saturate, start at 0
        return Perceptron::new(vec![0.0; data.dim()], 0.0);
    }
    for v in &mut h {
        *v *= scale;
    }
    let theta = if threshold {
        h.pop().unwrap_or(0.0)
    } else {
        0.0
    };
    Perceptron::new(h, theta)
}

/// One on-line gradient step: `Δ = −(η/N) g`.
#[derive(Debug, Clone, Copy)]
pub struct LogisticStep {
    rate: f64,
    loss: Loss,
}

impl OnlineRule for LogisticStep {
    fn delta(&self, a: f64, s: f64) -> f64 {
        -self.rate * self.loss.slope(a, s)
    }
    fn step_size(&self) -> Option<f64> {
        Some(self.rate)
    }
    fn objective(&self) -> Option<Objective> {
        Some(Objective::Sigmoid(self.loss))
    }
}

/// The unit and cost `loss` on `data` from the run's [`Config`]: the learning rate (`None`: the
/// loss's default, see the module), the epoch limit, the gradient tolerance, the order and the
/// start (`gradient::drive`); without a given start the tanh Adaline starts at [`far_start`],
/// the logistic unit tabula rasa.
///
/// # Errors
/// [`Error::Empty`]; [`Error::OutOfRange`] for `η ≤ 0` or bad limits; [`Error::Shape`] for an
/// initial `w` of the wrong length.
pub fn unit(
    data: &Dataset,
    mode: Mode,
    config: &Config,
    loss: Loss,
) -> Result<Online<LogisticStep>> {
    let mut drive = gradient::drive(config)?;
    if drive.init.is_none() && loss == Loss::Tanh && !data.is_empty() {
        drive.init = Some(far_start(data, mode));
    }
    drive.check(data)?;
    let c = max_diagonal(data, mode);
    let eta = match config.learning_rate {
        None if c > 0.0 => loss.default_rate(c),
        None => 1.0,
        Some(eta) if eta > 0.0 && eta.is_finite() => eta,
        Some(eta) => {
            return Err(Error::OutOfRange {
                name: "logistic learning rate η",
                value: eta,
                range: "(0, ∞)",
            })
        }
    };
    let rule = LogisticStep {
        rate: eta / data.dim() as f64,
        loss,
    };
    Ok(Online::new(rule, data, mode, drive))
}

/// The logistic unit's spec (cross-entropy): a gradient step on one example per step; it takes a
/// start, a learning rate and the order.
pub const SPEC: Spec = Spec::new("logistic", StepCost::Gradient, |d, m, c| {
    build(d, m, c, Loss::CrossEntropy)
})
.taking(Takes::of(&[Optional::Init, Optional::LearningRate, Optional::Order]))
.minimising(Objective::Sigmoid(Loss::CrossEntropy))
.describing(Texts {
                optimises: "the cross-entropy −Σμ [tμ ln σ(aμ) + (1 − tμ) ln(1 − σ(aμ))], t = 0/1",
                stops: "converged where the gradient vanishes (|∇L| ≤ 10⁻⁶ Σ|ξ̃|); not converged when w circles (a fixed η), or at the epoch limit; on separable data |w| grows for ever",
                rule: "w ← w − (η/N)(σ(aμ) − tμ) ξμ,  θ ← θ + (η/N)(σ(aμ) − tμ),  a = w·ξ − θ",
            });

/// The logistic unit with squared error: as [`SPEC`].
pub const SQUARED_SPEC: Spec = Spec::new("logistic-squared", StepCost::Gradient, |d, m, c| {
    build(d, m, c, Loss::Squared)
})
.taking(Takes::of(&[
    Optional::Init,
    Optional::LearningRate,
    Optional::Order,
]))
.minimising(Objective::Sigmoid(Loss::Squared))
.describing(Texts {
    optimises: "the squared error ½ Σμ (σ(aμ) − tμ)² of the sigmoid output",
    stops: "as logistic; note how slowly it leaves a confidently wrong start (σ′ → 0)",
    rule: "w ← w − (η/N)(σ − t) σ(1 − σ) ξμ",
});

/// The tanh Adaline (from [`far_start`] unless given a start): as [`SPEC`].
pub const TANH_SPEC: Spec = Spec::new("adaline-tanh", StepCost::Gradient, |d, m, c| {
    build(d, m, c, Loss::Tanh)
})
.taking(Takes::of(&[Optional::Init, Optional::LearningRate, Optional::Order]))
.minimising(Objective::Sigmoid(Loss::Tanh))
.describing(Texts {
                    optimises: "the squared error ½ Σμ (tanh(aμ) − Sμ)² of the tanh output, a = w·ξ − θ",
                    stops: "converged where the gradient vanishes (|∇L| ≤ 10⁻⁶ Σ|ξ̃|); not converged when w circles, or at the epoch limit; it starts far off (|a| up to 6), where tanh′ ≈ 0: the wrong examples hardly move w at first (the vanishing gradient)",
                    rule: "w ← w − (η/N)(tanh aμ − Sμ)(1 − tanh² aμ) ξμ,  θ ← θ + (η/N)(tanh aμ − Sμ)(1 − tanh² aμ),  η = 1/max Cμμ",
                });

/// [`unit`], boxed.
fn build(data: &Dataset, mode: Mode, config: &Config, loss: Loss) -> Result<Box<dyn Trainer>> {
    Ok(Box::new(unit(data, mode, config, loss)?))
}
