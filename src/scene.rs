//! What the page shows for the current points: every chosen rule trained to its stop, the exact
//! optimum, and the numbers of the readout — one call per frame.

use crate::data::Dataset;
use crate::error::{Error, Result};
use crate::exact::{max_stability, Exact};
use crate::measure::Perceptron;
use crate::train::{self, registry, Config, Fit, Mode, Stop, Trainer};
use crate::version_space::{direction, VersionSpace};
use serde::Serialize;

/// The algorithms the data view shows by default (any of [`train::ALGORITHMS`] can be asked for).
pub const DEFAULT_ALGORITHMS: [&str; 3] = ["rosenblatt", "minover", "adatron"];

/// Settings of the data view's training.
#[derive(Debug, Clone, PartialEq, serde::Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Settings {
    /// `true`: learn a threshold θ; `false`: through the origin.
    pub threshold: bool,
    /// The algorithms to train (names from [`train::ALGORITHMS`]).
    pub algorithms: Vec<String>,
    /// Rosenblatt's epoch limit; `None`: [`rosenblatt_epoch_limit`].
    pub max_epochs: Option<usize>,
    /// MinOver's and AdaTron's step limit, in epochs of `P` steps; `None`: [`optimal_epoch_limit`].
    pub max_epochs_optimal: Option<f64>,
    /// Relative certified gap at which MinOver and AdaTron stop.
    pub gap_tolerance: f64,
    /// Adaline and logistic: learning rate (`None`: the rule's stable default).
    pub learning_rate: Option<f64>,
    /// The lecture-notes perceptron's learning rate.
    pub notes_learning_rate: f64,
    /// Soft margin: the bound `γ` of the embedding strengths.
    pub gamma: f64,
    /// Seed of the random rules (pocket, lecture-notes perceptron).
    pub seed: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            threshold: false,
            algorithms: DEFAULT_ALGORITHMS.iter().map(ToString::to_string).collect(),
            max_epochs: None,
            max_epochs_optimal: None,
            gap_tolerance: 1e-3,
            learning_rate: None,
            notes_learning_rate: 0.1,
            gamma: 1.0,
            seed: 1,
        }
    }
}

/// One algorithm's result, ready for the readout.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AlgorithmView {
    /// Algorithm name.
    pub name: String,
    /// Weights `w`.
    pub w: Vec<f64>,
    /// Threshold `θ`.
    pub theta: f64,
    /// `κ(w)`.
    pub kappa: f64,
    /// Whether the rule's own criterion was met.
    pub converged: bool,
    /// Updates of `w`.
    pub updates: usize,
    /// Steps taken.
    pub steps: usize,
    /// Steps divided by `P`.
    pub epochs: f64,
    /// Training errors (`E^μ ≤ 0`).
    pub errors: usize,
    /// Why it stopped, as a short key (`no-errors`, `gap-reached`, `kkt`, `limit`, `stalled`).
    pub stop: Option<Stop>,
    /// Why it stopped, in words for the readout.
    pub status: String,
    /// Certified upper bound on `κ_max` (MinOver, AdaTron).
    pub kappa_upper: Option<f64>,
    /// Certified gap `κ_upper − κ(w)`.
    pub gap: Option<f64>,
    /// `κ^μ` of every example.
    pub stabilities: Vec<f64>,
    /// Indices of misclassified examples (`E^μ ≤ 0`).
    pub misclassified: Vec<usize>,
    /// Embedding strengths.
    pub embedding: Vec<f64>,
    /// Direction of `w` in `[0, 2π)` (its place on the weight circle).
    pub phi: f64,
    /// `θ / |w|` (its height in the `(φ, θ)` plane).
    pub theta_unit: f64,
}

/// Everything the data view needs for one frame.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Scene {
    /// `homogeneous` or `threshold`.
    pub mode: Mode,
    /// The exact optimum; `None` only when it is undefined (threshold with one class).
    pub exact: Option<AlgorithmView>,
    /// Whether the set is linearly separable in this mode (exact test).
    pub separable: bool,
    /// Support vectors of the exact optimum.
    pub support: Vec<usize>,
    /// The trained algorithms, in the order asked for.
    pub algorithms: Vec<AlgorithmView>,
    /// A note for the status line (empty set, one class, point at the origin, …).
    pub notes: Vec<String>,
    /// The version space, sampled for the weight-space view (`None` for an empty set); the wasm
    /// boundary passes its arrays as typed arrays.
    #[serde(skip)]
    pub version_space: Option<VersionSpace>,
}

/// The default epoch limit of MinOver and AdaTron in the data view, a work budget that keeps a
/// drag within a frame: a step of either costs `O(P)` (potentials of all examples), so
/// `min(3·10⁵ / P², 2000)` epochs of `P` steps cost at most about `3·10⁵` potential updates
/// (for `P = 200`: 7.5 epochs = 1500 steps; for `P = 10 000`: 30 steps). Runs that hit the limit report the gap
/// they certified.
pub fn optimal_epoch_limit(p: usize) -> f64 {
    let p = p.max(1) as f64;
    (3e5 / (p * p)).min(2000.0)
}

/// The default epoch limit of Rosenblatt in the data view: `min(1000, 5·10⁶ / P)` epochs, about
/// `5·10⁶` `O(N)` presentations at most.
pub fn rosenblatt_epoch_limit(p: usize) -> usize {
    (5_000_000 / p.max(1)).clamp(1, 1000)
}

/// The default epoch limit of the `O(N)`-per-presentation gradient rules (Adaline, logistic)
/// and of the batch Adaline (`O(P N)` per epoch) in the data view: `min(1000, 2·10⁵ / P)` epochs.
pub fn gradient_epoch_limit(p: usize) -> f64 {
    (2e5 / p.max(1) as f64).clamp(1.0, 1000.0)
}

/// The default epoch limit of the pocket algorithm in the data view: every update counts the
/// errors (`O(P N)`), so `min(1000, 10⁶ / P²)` epochs.
pub fn pocket_epoch_limit(p: usize) -> f64 {
    let p = p.max(1) as f64;
    (1e6 / (p * p)).clamp(1.0, 1000.0)
}

impl Settings {
    /// The epoch limit of rule `name` on `p` points: the one set, or the frame budget.
    fn epoch_limit(&self, name: &str, p: usize) -> f64 {
        match name {
            "rosenblatt" | "perceptron-notes" => {
                self.max_epochs.unwrap_or_else(|| rosenblatt_epoch_limit(p)) as f64
            }
            "minover" | "adatron" | "soft-margin" => self
                .max_epochs_optimal
                .unwrap_or_else(|| optimal_epoch_limit(p)),
            "pocket" => pocket_epoch_limit(p),
            _ => gradient_epoch_limit(p),
        }
    }

    /// The rule settings of `name` on `p` points.
    fn config(&self, name: &str, p: usize) -> Config {
        Config {
            max_epochs: Some(self.epoch_limit(name, p)),
            gap_tolerance: self.gap_tolerance,
            patience: None,
            learning_rate: self.learning_rate,
            notes_learning_rate: self.notes_learning_rate,
            gamma: self.gamma,
            seed: self.seed,
        }
    }
}

/// A trainer for algorithm `name` on `data` with the page's settings (mode, limits, rates),
/// through [`train::build`].
///
/// # Errors
/// Those of [`train::build`].
pub fn trainer(name: &str, data: &Dataset, settings: &Settings) -> Result<Box<dyn Trainer>> {
    let mode = Mode::from_threshold(settings.threshold);
    train::build(name, data, mode, &settings.config(name, data.len()))
}

/// Trains every chosen algorithm on `data` and computes the exact optimum.
///
/// # Errors
/// [`Error::Unknown`] for an unknown algorithm name; [`Error::OutOfRange`] for bad settings.
/// An empty or one-class set is not an error: the scene carries a note instead.
pub fn compute(data: &Dataset, settings: &Settings) -> Result<Scene> {
    let mode = Mode::from_threshold(settings.threshold);
    let mut scene = Scene {
        mode,
        exact: None,
        separable: false,
        support: vec![],
        algorithms: vec![],
        notes: vec![],
        version_space: None,
    };
    for name in &settings.algorithms {
        if !registry::is_algorithm(name) {
            return Err(Error::Unknown {
                kind: "algorithm",
                name: name.clone(),
                expected: registry::ALGORITHM_LIST,
            });
        }
    }
    if data.is_empty() {
        scene
            .notes
            .push("No points yet: click in the data view to add some.".into());
        return Ok(scene);
    }
    if mode == Mode::Homogeneous && (0..data.len()).any(|mu| data.x(mu).iter().all(|&v| v == 0.0)) {
        scene.notes.push(
            "A point lies at the origin: every line through the origin passes through it, \
             so no w has positive stability. Move it, or switch on the threshold."
                .into(),
        );
    }
    match max_stability(data, mode) {
        Ok(exact) => {
            scene.separable = exact.separable;
            scene.support.clone_from(&exact.support);
            if !exact.separable {
                scene.notes.push(format!(
                    "These points are not linearly separable{}: no line gives κ > 0 \
                     (exact test). Rosenblatt runs to its epoch limit; MinOver and AdaTron \
                     report the negative stability they reach.",
                    if mode == Mode::Homogeneous {
                        " by a line through the origin"
                    } else {
                        ""
                    }
                ));
            }
            scene.exact = Some(exact_view(data, &exact));
        }
        Err(Error::OneClass { .. }) => {
            scene.separable = true;
            scene.notes.push(
                "All points have the same label: with a threshold the margin is unbounded. \
                 Add a point of the other class (shift-click)."
                    .into(),
            );
        }
        Err(e) => return Err(e),
    }
    for name in &settings.algorithms {
        match trainer(name, data, settings).map(|mut t| t.run()) {
            Ok(fit) => scene
                .algorithms
                .push(fit_view(name, data, &fit, settings, scene.separable)),
            Err(Error::OneClass { .. }) => {}
            Err(e) => return Err(e),
        }
    }
    scene.version_space = VersionSpace::compute(data, mode).ok();
    Ok(scene)
}

fn exact_view(data: &Dataset, exact: &Exact) -> AlgorithmView {
    let p = exact
        .perceptron
        .clone()
        .unwrap_or_else(|| Perceptron::new(vec![0.0; data.dim()], 0.0));
    let status = if exact.separable {
        format!(
            "exact optimum: κ_max = {:.4}, {} support vectors",
            exact.kappa,
            exact.support.len()
        )
    } else {
        "not linearly separable (exact test): κ_max undefined".into()
    };
    let kappa_upper = exact.separable.then_some(exact.kappa);
    AlgorithmView {
        name: "exact".into(),
        stabilities: p.stabilities(data),
        misclassified: misclassified(&p, data),
        errors: if exact.separable { 0 } else { p.errors(data) },
        theta: p.theta,
        w: p.w.clone(),
        kappa: exact.kappa,
        converged: exact.separable,
        updates: 0,
        steps: 0,
        epochs: 0.0,
        stop: None,
        status,
        kappa_upper,
        gap: exact.separable.then_some(0.0),
        embedding: exact.embedding.clone(),
        phi: direction(&p.w),
        theta_unit: p.theta / crate::linalg::norm(&p.w),
    }
}

fn misclassified(p: &Perceptron, data: &Dataset) -> Vec<usize> {
    if p.w.iter().all(|&v| v == 0.0) {
        return vec![];
    }
    (0..data.len())
        .filter(|&mu| p.potential(data, mu) <= 0.0)
        .collect()
}

fn fit_view(
    name: &str,
    data: &Dataset,
    fit: &Fit,
    settings: &Settings,
    separable: bool,
) -> AlgorithmView {
    let gap = fit.gap();
    let limit = settings.epoch_limit(name, data.len());
    let status = match fit.stop {
        Some(Stop::NoErrors) if name == "pocket" => {
            format!(
                "converged: pocket holds a perceptron without errors (step {})",
                fit.steps
            )
        }
        Some(Stop::NoErrors) => format!("converged: no errors in epoch {}", fit.epochs.ceil()),
        Some(Stop::Kkt) if name == "soft-margin" => format!(
            "converged: optimality conditions hold (γ = {}, {} examples at the bound)",
            settings.gamma,
            fit.embedding
                .iter()
                .filter(|&&x| x >= settings.gamma)
                .count()
        ),
        Some(Stop::Settled) => {
            "converged: w settled (relative change per epoch ≤ tolerance)".into()
        }
        Some(Stop::GapReached) => format!(
            "converged: certified gap ≤ {}% of κ_max",
            settings.gap_tolerance * 100.0
        ),
        Some(Stop::Kkt) => "converged: optimality conditions hold".into(),
        Some(Stop::Stalled) => "stalled: no example can move w".into(),
        Some(Stop::NoImprovement) => "stopped: κ(w) did not improve for P steps".into(),
        Some(Stop::OnePass) => "one pass through the data".into(),
        Some(Stop::Limit) if name == "rosenblatt" || name == "perceptron-notes" => {
            format!("not separable within {limit} epochs")
        }
        Some(Stop::Limit) if name == "pocket" => format!(
            "best after {} epochs: {} training errors{}",
            limit.ceil(),
            fit.errors,
            if separable {
                ""
            } else {
                " (set not separable)"
            }
        ),
        Some(Stop::Limit) if name == "logistic" && separable => format!(
            "epoch limit ({}): on separable data cross-entropy has no minimum, |w| keeps growing",
            limit.ceil()
        ),
        Some(Stop::Limit) if !matches!(name, "minover" | "adatron") => {
            format!("epoch limit ({}) before w settled", limit.ceil())
        }
        Some(Stop::Limit) if !separable => format!(
            "stopped after {} steps ({} epochs): set not separable, κ(w) = {:.3}",
            fit.steps,
            limit.ceil(),
            fit.kappa
        ),
        Some(Stop::Limit) => format!(
            "step limit ({} steps) before the gap closed to {}%",
            fit.steps,
            settings.gap_tolerance * 100.0
        ),
        None => "running".into(),
    };
    AlgorithmView {
        name: name.into(),
        w: fit.perceptron.w.clone(),
        theta: fit.perceptron.theta,
        kappa: fit.kappa,
        converged: fit.converged,
        updates: fit.updates,
        steps: fit.steps,
        epochs: fit.epochs,
        errors: fit.errors,
        stop: fit.stop,
        status,
        kappa_upper: fit.kappa_upper,
        gap,
        stabilities: fit.perceptron.stabilities(data),
        misclassified: misclassified(&fit.perceptron, data),
        embedding: fit.embedding.clone(),
        phi: direction(&fit.perceptron.w),
        theta_unit: fit.perceptron.theta / crate::linalg::norm(&fit.perceptron.w),
    }
}
