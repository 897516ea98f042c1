//! The readout's words for why a rule stopped.

use super::Settings;
use crate::catalogue::Algorithm;
use crate::train::{Fit, Stop};

/// Why `algorithm` stopped, in words for the readout (`limit`: its epoch limit).
pub fn status(
    algorithm: Algorithm,
    fit: &Fit,
    limit: f64,
    settings: &Settings,
    separable: bool,
) -> String {
    use Algorithm as A;
    let Some(stop) = fit.stop else {
        return "settling: still training".into();
    };
    match (stop, algorithm) {
        (Stop::NoErrors, A::Pocket) => format!(
            "converged: pocket holds a perceptron without errors (step {})",
            fit.steps
        ),
        (Stop::NoErrors, _) => format!("converged: no errors in epoch {}", fit.epochs.ceil()),
        (Stop::Kkt, A::SoftMargin) => format!(
            "converged: optimality conditions hold (γ = {}, {} examples at the bound)",
            settings.gamma,
            fit.embedding
                .iter()
                .filter(|&&x| x >= settings.gamma)
                .count()
        ),
        (Stop::Kkt, _) => "converged: optimality conditions hold".into(),
        (Stop::Settled, _) => "converged: w settled (relative change per epoch ≤ tolerance)".into(),
        (Stop::GapReached, _) => format!(
            "converged: certified gap ≤ {}% of κ_max",
            settings.gap_tolerance * 100.0
        ),
        (Stop::Stalled, A::Gibbs | A::Bayes) => {
            "no version space: the set is not linearly separable (exact test), so no student classifies it without errors".into()
        }
        (Stop::Stalled, _) => "stalled: no example can move w".into(),
        (Stop::Sampled, A::Bayes) if fit.steps <= 1 => {
            "centre of mass of the version space (exact)".into()
        }
        (Stop::Sampled, A::Bayes) => format!(
            "centre of mass estimated: the mean of {} samples of the chain ({} trajectories)",
            crate::train::students::BAYES_SAMPLES,
            fit.steps
        ),
        (Stop::Sampled, _) if fit.steps <= 1 => {
            "sampled: a uniform random draw from the version space (exact)".into()
        }
        (Stop::Sampled, _) => format!(
            "sampled: a draw from the version space after {} trajectories of the chain",
            fit.steps
        ),
        (Stop::NoImprovement, _) => "stopped: κ(w) did not improve for P steps".into(),
        (Stop::OnePass, _) => "one pass through the data".into(),
        (Stop::Limit, A::Rosenblatt | A::PerceptronNotes) => {
            format!("not separable within {limit} epochs")
        }
        (Stop::Limit, A::Pocket) => format!(
            "best after {} epochs: {} training errors{}",
            limit.ceil(),
            fit.errors,
            if separable {
                ""
            } else {
                " (set not separable)"
            }
        ),
        (Stop::Limit, A::Logistic) if separable => format!(
            "epoch limit ({}): on separable data cross-entropy has no minimum, |w| keeps growing",
            limit.ceil()
        ),
        (Stop::Limit, A::AdalineTanh) if separable => format!(
            "epoch limit ({}): on separable data the squared error of tanh has no minimum, |w| keeps growing",
            limit.ceil()
        ),
        (Stop::Limit, A::Minover | A::Adatron) if !separable => format!(
            "stopped after {} steps ({} epochs): set not separable{}",
            fit.steps,
            limit.ceil(),
            if fit.kappa.is_finite() {
                format!(", κ(w) = {:.3}", fit.kappa)
            } else {
                String::new() // w = 0: no κ(w) to report
            }
        ),
        (Stop::Limit, A::Minover | A::Adatron) => format!(
            "step limit ({} steps) before the gap closed to {}%",
            fit.steps,
            settings.gap_tolerance * 100.0
        ),
        (
            Stop::Limit,
            A::Hebb
            | A::Adaline
            | A::AdalineBatch
            | A::SoftMargin
            | A::Logistic
            | A::LogisticSquared
            | A::Gibbs
            | A::Bayes
            | A::AdalineTanh
            | A::Exact,
        ) => format!("epoch limit ({}) before w settled", limit.ceil()),
    }
}
