//! The readout's words for why a rule stopped: one text per [`Stop`] for every rule, and where a
//! rule's stop means more, the rule's own words (its row's `status` in [`super::algorithm`]).

use crate::train::{Fit, Stop};

/// What a stop's text may quote: the run and the settings it ran with.
#[derive(Debug, Clone, Copy)]
pub struct StatusContext<'a> {
    /// The run's summary (its `stop` is set).
    pub fit: &'a Fit,
    /// Why it stopped.
    pub stop: Stop,
    /// Its epoch limit.
    pub limit: f64,
    /// The soft margin's `γ`.
    pub gamma: f64,
    /// The relative gap tolerance of MinOver and AdaTron.
    pub gap_tolerance: f64,
    /// The gradient rules' tolerance of `|∇E| / Σ_μ |ξ̃^μ|` (their optimality condition).
    pub gradient_tolerance: f64,
    /// Whether the set is linearly separable (exact test).
    pub separable: bool,
}

/// A rule's own words for some of its stops; `None` leaves the stop to [`generic`].
pub type StatusText = fn(&StatusContext) -> Option<String>;

/// The text of a stop for any rule.
pub fn generic(c: &StatusContext) -> String {
    let fit = c.fit;
    match c.stop {
        Stop::NoErrors => format!("converged: no errors in epoch {}", fit.epochs.ceil()),
        Stop::Kkt => "converged: optimality conditions hold".into(),
        Stop::Settled => "converged by the angle rule: w turned by less than its tolerance over a \
                          block of steps"
            .into(),
        Stop::GapReached => format!(
            "converged: certified gap ≤ {}% of κ_max",
            c.gap_tolerance * 100.0
        ),
        Stop::Stalled => "stalled: no example can move w".into(),
        Stop::Sampled if fit.steps <= 1 => {
            "sampled: a uniform random draw from the version space (exact)".into()
        }
        Stop::Sampled => format!(
            "sampled: a draw from the version space after {} trajectories of the chain",
            fit.steps
        ),
        Stop::NoImprovement => "stopped: κ(w) did not improve for P steps".into(),
        Stop::OnePass => "one pass through the data".into(),
        Stop::Limit => format!("epoch limit ({}) before w settled", c.limit.ceil()),
        Stop::Stationary => format!(
            "converged: the gradient vanished (|∇E| = {} of its scale)",
            relative(fit.gradient)
        ),
        Stop::Plateau => format!(
            "not converged: stalled on a plateau: |∇E| = {} of its scale, the cost flat over the \
             last epochs (epoch limit {}); a larger limit lets it leave the plateau",
            relative(fit.gradient),
            c.limit.ceil()
        ),
        Stop::Cycling => format!(
            "not converged: w circles around the optimum (|∇E| = {} of its scale); the fixed \
             η{} is too large for the sequential rule: try {}, or the batch rule",
            relative(fit.gradient),
            fit.rate.map_or_else(String::new, |r| format!(" = {r:.3e}")),
            cycling_rate(fit.rate, fit.gradient, c.gradient_tolerance)
                .map_or_else(|| "a smaller η".into(), |r| format!("η ≤ {r:.1e}"))
        ),
    }
}

/// The fixed rate at which a cycling sequential rule would end its epochs within the tolerance:
/// `η' = η · τ / g`, with `g = |∇E| / Σ_μ |ξ̃^μ|` measured on the cycle and `τ` the tolerance.
///
/// Derivation: with a fixed `η` a sequential gradient rule does not converge on a set its cost
/// does not fit exactly; it ends on a cycle whose offset from the optimum `v*` is `O(η)` (each
/// step moves `(w, θ)` by `η Δ^μ ξ̃^μ`, and over an epoch these moves cancel only to first order
/// in `η`: the LMS misadjustment of Widrow and Hoff). The gradient at an epoch's end is
/// `H (v − v*) + O(|v − v*|²)`, so to first order `g ∝ η`, and `g ≤ τ` needs `η ≤ η τ / g`.
/// (Stability alone, `0 < η |ξ̃^μ|² < 2` for every example, holds already at the default
/// `η = 1/max_μ |ξ̃^μ|²`: it keeps the cycle bounded but does not shrink it.) A smaller `η` also
/// needs proportionally more epochs. `None` without a rate, a gradient or a tolerance.
pub fn cycling_rate(rate: Option<f64>, gradient: Option<f64>, tolerance: f64) -> Option<f64> {
    let (r, g) = (rate?, gradient?);
    (g > 0.0 && tolerance > 0.0 && r.is_finite()).then(|| r * tolerance / g)
}

/// A relative gradient as the readout writes it (`–` where none was measured).
fn relative(gradient: Option<f64>) -> String {
    gradient.map_or_else(|| "–".into(), |g| format!("{g:.1e}"))
}

/// The gradient rules (Adaline, both forms): at the limit, how far the gradient is from zero;
/// stopped by the angle rule, that this is not their optimality condition.
pub fn gradient(c: &StatusContext) -> Option<String> {
    match c.stop {
        Stop::Limit => Some(format!(
            "not converged: epoch limit ({}) with |∇E| = {} of its scale",
            c.limit.ceil(),
            relative(c.fit.gradient)
        )),
        Stop::Settled => Some(format!(
            "not converged: stopped by the angle rule (w turned by less than its tolerance over \
             a block of steps){}",
            c.fit.gradient.map_or_else(
                || ", not where the gradient vanishes".into(),
                |g| format!(" with |∇E| = {g:.1e} of its scale")
            )
        )),
        _ => None,
    }
}

/// A gradient rule with an example beyond the reach of its steps ([`crate::train::gradient::Unresolved`]),
/// at its limit: why it cannot converge, with the example's factor and the bound on `η`; `None`
/// for every other run.
pub fn unresolved(c: &StatusContext) -> Option<String> {
    let u = c.fit.unresolved?;
    matches!(c.stop, Stop::Limit | Stop::Plateau).then(|| {
        format!(
            "not converged: epoch limit ({}) with |∇E| = {} of its scale; point {}'s step changes \
             its residual by the factor η|ξ|²/N ≈ 1e{:.0}, below the floating-point precision \
             {:.1e} (η/N = {:.1e}, held below 2/max_μ |ξ^μ|² by the longest point's stability): \
             the set's lengths span too far: no representable η fits both",
            c.limit.ceil(),
            relative(c.fit.gradient),
            u.example,
            u.log10_factor,
            f64::EPSILON,
            u.step
        )
    })
}

/// Rosenblatt and the notes' perceptron: at the limit the set is not separable in that time.
pub fn presentation(c: &StatusContext) -> Option<String> {
    (c.stop == Stop::Limit).then(|| format!("not separable within {} epochs", c.limit))
}

/// MinOver and AdaTron: at the limit, either the set is not separable or the gap has not closed.
pub fn optimal(c: &StatusContext) -> Option<String> {
    let fit = c.fit;
    match c.stop {
        Stop::Limit if !c.separable => Some(format!(
            "stopped after {} steps ({} epochs): set not separable{}",
            fit.steps,
            c.limit.ceil(),
            if fit.kappa.is_finite() {
                format!(", κ(w) = {:.3}", fit.kappa)
            } else {
                String::new() // w = 0: no κ(w) to report
            }
        )),
        Stop::Limit => Some(format!(
            "not converged: work limit ({} steps) before the gap closed to {}%",
            fit.steps,
            c.gap_tolerance * 100.0
        )),
        _ => None,
    }
}

/// Pocket: its answer is the pocketed perceptron.
pub fn pocket(c: &StatusContext) -> Option<String> {
    let fit = c.fit;
    match c.stop {
        Stop::NoErrors => Some(format!(
            "converged: pocket holds a perceptron without errors (step {})",
            fit.steps
        )),
        Stop::Limit => Some(format!(
            "best after {} epochs: {} training errors{}",
            c.limit.ceil(),
            fit.errors,
            if c.separable {
                ""
            } else {
                " (set not separable)"
            }
        )),
        _ => None,
    }
}

/// The soft margin: its optimality conditions, with `γ` and the strengths at the bound; at the
/// limit, that they did not hold yet (a large `γ` needs many epochs).
pub fn soft_margin(c: &StatusContext) -> Option<String> {
    match c.stop {
        Stop::Kkt => Some(format!(
            "converged: optimality conditions hold (γ = {}, {} examples at the bound)",
            c.gamma,
            c.fit.embedding.iter().filter(|&&x| x >= c.gamma).count()
        )),
        Stop::Limit => Some(format!(
            "not converged: epoch limit ({}) before the optimality conditions held (γ = {}; the \
             larger γ, the more epochs it needs)",
            c.limit.ceil(),
            c.gamma
        )),
        _ => None,
    }
}

/// The logistic unit: on separable data cross-entropy has no minimum; else as [`gradient`].
pub fn logistic(c: &StatusContext) -> Option<String> {
    unbounded(c, "cross-entropy")
}

/// The logistic unit with squared error: as [`logistic`].
pub fn logistic_squared(c: &StatusContext) -> Option<String> {
    unbounded(c, "the squared error of the logistic unit")
}

/// The tanh Adaline: on separable data its squared error has no minimum; else as [`gradient`].
pub fn tanh(c: &StatusContext) -> Option<String> {
    unbounded(c, "the squared error of tanh")
}

/// A sigmoid unit's cost (`cost`) at the limit: on separable data it has no minimum at finite
/// `w` (it falls as `|w|` grows along a separating direction); else as [`gradient`].
fn unbounded(c: &StatusContext, cost: &str) -> Option<String> {
    if c.stop == Stop::Limit && c.separable {
        Some(format!(
            "epoch limit ({}): on separable data {cost} has no minimum, |w| keeps growing",
            c.limit.ceil()
        ))
    } else {
        gradient(c)
    }
}

/// The students: without a version space there is no student.
pub fn student(c: &StatusContext) -> Option<String> {
    (c.stop == Stop::Stalled).then(|| {
        "no version space: the set is not linearly separable (exact test), so no student classifies it without errors".into()
    })
}

/// The Bayes student: its centre of mass, exact or estimated.
pub fn bayes(c: &StatusContext) -> Option<String> {
    match c.stop {
        Stop::Sampled if c.fit.steps <= 1 => {
            Some("centre of mass of the version space (exact)".into())
        }
        Stop::Sampled => Some(format!(
            "centre of mass estimated: the mean of {} samples of the chain ({} trajectories)",
            crate::train::students::BAYES_SAMPLES,
            c.fit.steps
        )),
        _ => student(c),
    }
}
