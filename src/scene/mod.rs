//! What the page shows for the current points: every chosen rule trained to its stop, the exact
//! optimum, and the numbers of the readout — one call per frame.

use crate::data::Dataset;
use crate::error::{Error, Result};
use crate::exact::{max_stability, Exact};
use crate::measure::Perceptron;
use crate::train::gram::{self, GRAM_BUDGET_BYTES};
use crate::train::{self, Config, Fit, Mode, Stop, Trainer};
use crate::train::{Algorithm, StepCost};
use crate::version_space::{direction, VersionSpace};
use serde::de::{Error as _, IgnoredAny, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};
use std::collections::BTreeMap;

mod optimum;
mod settling;
mod status;

pub use optimum::OptimumView;

pub use crate::trace::Trace;
pub(crate) use settling::rosenblatt_bound;
pub use settling::Settling;
pub use status::status;

/// The algorithms the data view trains by default (the catalogue's core rules; any rule can be
/// asked for).
pub fn default_algorithms() -> Vec<Algorithm> {
    Algorithm::ALL
        .into_iter()
        .filter(|a| a.info().role == crate::catalogue::Role::Core)
        .collect()
}

/// The epoch limits the page may set on the data view's rules, one for each kind of rule with a
/// limit of its own, in epochs of `P` steps; absent, the default for the work of the rule's steps
/// ([`Settings::epoch_limit`]).
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct EpochLimits {
    /// The rules whose step is one presentation ([`StepCost::Presentation`]: Rosenblatt, the
    /// notes' perceptron), in whole epochs (read as a whole number); `None`:
    /// [`rosenblatt_epoch_limit`].
    #[serde(rename = "maxEpochs", deserialize_with = "whole_epochs")]
    pub presentation: Option<f64>,
    /// The rules that certify a gap or their optimality conditions ([`StepCost::Potentials`],
    /// [`StepCost::Strengths`]: MinOver, AdaTron, the soft margin); `None`:
    /// [`optimal_epoch_limit`].
    #[serde(rename = "maxEpochsOptimal")]
    pub optimal: Option<f64>,
}

/// An epoch limit read as a whole number, as the rules of a presentation count epochs.
fn whole_epochs<'de, D: Deserializer<'de>>(d: D) -> std::result::Result<Option<f64>, D::Error> {
    Ok(Option::<usize>::deserialize(d)?.map(|e| e as f64))
}

/// Settings of the data view's training: which rules, in which mode, and the one run
/// configuration ([`Config`]) each rule's own is made from ([`Settings::config`]).
/// Every field may be left out (the page's `Partial<Settings>`); keys that no field names are
/// passed over (another part of the page's state may carry them).
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Settings {
    /// `true`: learn a threshold θ; `false`: through the origin.
    pub threshold: bool,
    /// The rules to train (`exact` is always computed and may be left out).
    #[cfg_attr(target_arch = "wasm32", tsify(type = "Algorithm[]"))]
    pub algorithms: Vec<Algorithm>,
    /// The rules whose traces against the step `t` are recorded ([`Trace`]; none by default).
    #[cfg_attr(target_arch = "wasm32", tsify(type = "Algorithm[]"))]
    pub traces: Vec<Algorithm>,
    /// The epoch limits set for a kind of rule (`maxEpochs`, `maxEpochsOptimal`).
    #[serde(flatten)]
    pub limits: EpochLimits,
    /// The rules' own settings ([`train::OwnSetting`], e.g. the notes' `η`), by their keys —
    /// each the catalogue's `setting.limit` of its rule; absent: the rule's default. (Left out of
    /// the TS type, by `skip_serializing`: the catalogue names the keys.)
    #[serde(flatten, skip_serializing)]
    pub own: OwnValues,
    /// What every rule's run takes from the page (the gap tolerance, the learning rate of the
    /// rules with a stable default `η`, the soft margin's `γ`, the seed); each rule's own
    /// configuration is made from it ([`Settings::config`]), with the epoch limit of its kind
    /// and its own setting.
    #[serde(flatten)]
    pub run: Config,
}

/// The rules' own settings ([`train::OwnSetting`]), one per rule that has one.
fn own_settings() -> impl Iterator<Item = train::OwnSetting> {
    Algorithm::ALL.into_iter().filter_map(|a| a.spec().own)
}

/// The rules' own settings by key ([`Settings::own`]).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct OwnValues(BTreeMap<&'static str, f64>);

impl OwnValues {
    /// The value set for `key`, if any.
    #[must_use]
    pub fn get(&self, key: &str) -> Option<f64> {
        self.0.get(key).copied()
    }

    /// Whether a value is set for `key`.
    #[must_use]
    pub fn contains_key(&self, key: &str) -> bool {
        self.0.contains_key(key)
    }

    /// Sets `key` to `value`, replacing the value set before.
    pub fn insert(&mut self, key: &'static str, value: f64) {
        self.0.insert(key, value);
    }
}

/// Reads the rules' own settings among the settings' other keys, passing over the rest.
impl<'de> Deserialize<'de> for OwnValues {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        struct Keys;
        impl<'de> Visitor<'de> for Keys {
            type Value = OwnValues;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a map")
            }
            fn visit_map<A: MapAccess<'de>>(
                self,
                mut map: A,
            ) -> std::result::Result<OwnValues, A::Error> {
                let mut own = OwnValues::default();
                while let Some(key) = map.next_key::<String>()? {
                    match own_settings().find(|o| o.key == key) {
                        Some(o) if own.contains_key(o.key) => {
                            return Err(A::Error::duplicate_field(o.key))
                        }
                        Some(o) => own.insert(o.key, map.next_value()?),
                        None => {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                }
                Ok(own)
            }
        }
        d.deserialize_map(Keys)
    }
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            threshold: false,
            algorithms: default_algorithms(),
            traces: vec![],
            limits: EpochLimits::default(),
            own: OwnValues::default(),
            run: Config::default(),
        }
    }
}

/// One algorithm's result, ready for the readout.
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AlgorithmView {
    /// The algorithm.
    #[cfg_attr(target_arch = "wasm32", tsify(type = "Algorithm"))]
    pub name: Algorithm,
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
    /// Why it stopped, as a short key (`no-errors`, `gap-reached`, `kkt`, `limit`, `stalled`,
    /// `no-improvement`, `one-pass`, `settled`); `None` for the exact optimum.
    pub stop: Option<Stop>,
    /// Why it stopped, in words for the readout ("settling" while it runs).
    pub status: String,
    /// Whether it has stopped (always, for the exact optimum); until then the view shows it
    /// settling.
    pub settled: bool,
    /// Rosenblatt: `M*`, the convergence theorem's bound on its updates `M` for these data
    /// (`theory::rosenblatt_update_bound`, Biehl eq. 3.35); `None` for the other rules and on
    /// data that are not separable.
    pub update_bound: Option<f64>,
    /// Certified upper bound on `κ_max` (MinOver, AdaTron).
    pub kappa_upper: Option<f64>,
    /// The soft-margin perceptron's margin lines, slacks and objective (`soft-margin` only).
    pub soft_margin: Option<SoftMarginView>,
    /// Certified gap `κ_upper − κ(w)`.
    pub gap: Option<f64>,
    /// `κ^μ` of every example.
    #[cfg_attr(target_arch = "wasm32", tsify(type = "Float64Array"))]
    pub stabilities: Vec<f64>,
    /// Indices of misclassified examples (`E^μ ≤ 0`).
    #[cfg_attr(target_arch = "wasm32", tsify(type = "Uint32Array"))]
    pub misclassified: Vec<usize>,
    /// Embedding strengths.
    #[cfg_attr(target_arch = "wasm32", tsify(type = "Float64Array"))]
    pub embedding: Vec<f64>,
    /// The gradient rules: the relative gradient `|∇E| / Σ_μ |ξ̃^μ|` where the run stands
    /// (`train::Fit::gradient`); `None` for the other rules.
    pub gradient: Option<f64>,
    /// The gradient rules: the optimum of their cost and the answer's distance to it
    /// ([`OptimumView`]); `None` for the other rules.
    pub optimum: Option<OptimumView>,
    /// Direction of `w` in `[0, 2π)` (its place on the weight circle).
    pub phi: f64,
    /// `θ / |w|` (its height in the `(φ, θ)` plane).
    pub theta_unit: f64,
}

/// The soft-margin perceptron as Biehl §4.1.2 draws it: for the primal `w` (not normalised) and
/// `θ` of `min |w|²/2 + γ Σ_μ β^μ` s.t. `E^μ = S^μ (w·ξ^μ − θ) ≥ 1 − β^μ`, `β^μ ≥ 0`, the lines
/// `E = ±1` (`w·ξ − θ = ±1`, at the distance `1/|w|` from the boundary), the slacks
/// `β^μ = max(0, 1 − E^μ)` and the objective's two terms.
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SoftMarginView {
    /// `1/|w|`: the distance of the lines `E = ±1` from the boundary.
    pub margin: f64,
    /// `β^μ = max(0, 1 − E^μ)` of every example.
    pub slack: Vec<f64>,
    /// The margin violators: examples with `β^μ > 0` (inside the margin or on the wrong side).
    pub violators: Vec<usize>,
    /// `|w|²/2`.
    pub half_norm_sq: f64,
    /// `γ Σ_μ β^μ`.
    pub penalty: f64,
}

impl SoftMarginView {
    /// The view of the soft-margin solution `p` (primal scale) with bound `gamma` on `data`.
    pub fn new(p: &Perceptron, data: &Dataset, gamma: f64) -> Self {
        let slack: Vec<f64> = (0..data.len())
            .map(|mu| {
                let e = data.y(mu) * (crate::linalg::dot(&p.w, data.x(mu)) - p.theta);
                (1.0 - e).max(0.0)
            })
            .collect();
        let norm_sq = crate::linalg::norm_sq(&p.w);
        Self {
            margin: 1.0 / norm_sq.sqrt(),
            violators: (0..data.len()).filter(|&mu| slack[mu] > 0.0).collect(),
            penalty: gamma * slack.iter().sum::<f64>(),
            half_norm_sq: 0.5 * norm_sq,
            slack,
        }
    }
}

/// Everything the data view needs for one frame.
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
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

/// The default epoch limit of MinOver, AdaTron and the soft margin in the data view, for `p`
/// examples and steps of `cost` units of work ([`step_cost`]). They train until the certified
/// gap closes (or their optimality conditions hold), in slices across frames ([`Settling`]);
/// this limit, a work limit, only ends runs that cannot stop — non-separable data, or a gap that
/// closes too slowly — and such a run is reported as not converged. On a separable set
/// `min(10⁵, W / (P·cost))` epochs of `P` steps with `W =` [`SETTLE_WORK`] `= 10⁹`: MinOver at
/// `P = 200`: 2.5·10⁴ epochs, `P = 1 000`: 1 000 epochs, `P = 10 000` (no stored Gram matrix,
/// `P·N` per step): 5 epochs; AdaTron through the origin in 2-D (`3N + 16` per step): 10⁵
/// epochs up to `P = 454`, 45 454 at `P = 1 000`, 4 545 at `P = 10 000`. On a set the exact test finds not separable
/// no gap can close: there the limit is `min(2 000, 3·10⁵ / (P·cost))` epochs, what a frame used
/// to afford. Runs that hit it report the gap they certified.
pub fn optimal_epoch_limit(p: usize, cost: usize, separable: bool) -> f64 {
    let work_per_epoch = p.max(1) as f64 * cost.max(1) as f64;
    if separable {
        (SETTLE_WORK / work_per_epoch).min(1e5)
    } else {
        (3e5 / work_per_epoch).min(2000.0)
    }
}

/// The dimension of the data view's points.
const DIM: usize = 2;

/// The work limit of one rule's run on a separable set in the data view, in [`step_cost`]'s
/// units (multiply-adds): counted, not timed, so that where a rule stops does not depend on the
/// machine (its time at 10 000 points: BENCHMARKS.md, "Drag frames and training that settles").
pub const SETTLE_WORK: f64 = 1e9;

/// The fixed work of one step besides its arithmetic on the examples (choosing, counting,
/// testing the stop), in multiply-adds, so that a rule of cheap steps (AdaTron's `O(N)` step in
/// 2-D) is not counted as nearly free: calibrated natively on 10 000 points in 2-D against
/// MinOver's cost per potential.
pub const STEP_WORK: usize = 16;

/// The work of one step of `algorithm` on `p` examples in `n` dimensions, in multiply-adds of its
/// kernel (see [`StepCost`]): `P` for the rules that update every example's potential per step
/// from the Gram matrix, `P·N` when the matrix does not fit [`GRAM_BUDGET_BYTES`] and the
/// potentials are recomputed; AdaTron's step through the origin `3N +` [`STEP_WORK`] (`w·z^μ`,
/// `w ← w + Δx z^μ`, and per example the sweep's `O(P N)` gap check); `P` for the pocket's,
/// batch and sampling steps; 1 for a presentation.
pub fn step_cost(algorithm: Algorithm, p: usize, n: usize, threshold: bool) -> usize {
    let (p, n) = (p.max(1), n.max(1));
    let potentials = if gram::fits(p, GRAM_BUDGET_BYTES) {
        p
    } else {
        p * n
    };
    match algorithm.cost() {
        StepCost::Potentials => potentials,
        StepCost::Strengths if threshold => potentials,
        StepCost::Strengths => 3 * n + STEP_WORK,
        StepCost::Pocket | StepCost::Batch | StepCost::Sample => p,
        StepCost::Presentation | StepCost::Gradient | StepCost::OnePass | StepCost::Exact => 1,
    }
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

/// The epoch limit of `algorithm` on `p` points in the data view: the one set in `settings`, or
/// the default for the work of its steps ([`StepCost`] of the catalogue) on a set that is
/// `separable` or not (exact test).
pub fn epoch_limit(settings: &Settings, algorithm: Algorithm, p: usize, separable: bool) -> f64 {
    settings.epoch_limit(algorithm, p, separable)
}

impl Settings {
    fn epoch_limit(&self, algorithm: Algorithm, p: usize, separable: bool) -> f64 {
        match algorithm.cost() {
            StepCost::Presentation => self
                .limits
                .presentation
                .unwrap_or_else(|| rosenblatt_epoch_limit(p) as f64),
            StepCost::Potentials | StepCost::Strengths => {
                self.limits.optimal.unwrap_or_else(|| {
                    let cost = step_cost(algorithm, p, DIM, self.threshold);
                    optimal_epoch_limit(p, cost, separable)
                })
            }
            StepCost::Pocket => pocket_epoch_limit(p),
            // the students ignore it: their chains run their mixing length
            StepCost::Gradient
            | StepCost::Batch
            | StepCost::OnePass
            | StepCost::Sample
            | StepCost::Exact => gradient_epoch_limit(p),
        }
    }

    /// The configuration of `algorithm`'s run on `p` points: the page's, with the epoch limit of
    /// the rule's kind, the rule's own setting written in ([`train::OwnSetting::set`]) and the
    /// learning rate only where the rule takes one.
    pub fn config(&self, algorithm: Algorithm, p: usize, separable: bool) -> Config {
        let spec = algorithm.spec();
        let mut config = Config {
            max_epochs: Some(self.epoch_limit(algorithm, p, separable)),
            ..self.run.clone()
        };
        if let Some(own) = spec.own {
            let value = self.own.get(own.key).unwrap_or(own.default);
            (own.set)(&mut config, value);
        }
        if !spec.takes.has(crate::train::Optional::LearningRate) {
            config.learning_rate = None;
        }
        config
    }
}

/// A trainer for `algorithm` on `data` with the page's settings (mode, limits for a set that is
/// `separable` or not, rates), through [`train::build`].
///
/// # Errors
/// Those of [`train::build`].
pub fn trainer(
    algorithm: Algorithm,
    data: &Dataset,
    settings: &Settings,
    separable: bool,
) -> Result<Box<dyn Trainer>> {
    let mode = Mode::from_threshold(settings.threshold);
    train::build(
        algorithm,
        data,
        mode,
        &settings.config(algorithm, data.len(), separable),
    )
}

/// Trains every chosen algorithm on `data` to its stop and computes the exact optimum: a
/// [`Settling`] run to the end in one go.
///
/// # Errors
/// [`Error::OutOfRange`] for bad settings. An empty or one-class set is not an error: the scene
/// carries a note instead.
pub fn compute(data: &Dataset, settings: &Settings) -> Result<Scene> {
    let mut settling = Settling::new(data, settings)?;
    settling.advance(|| false);
    let mut scene = settling.scene();
    scene.version_space = settling.take_version_space();
    Ok(scene)
}

/// The part of a scene that does not depend on training: the exact optimum, separability, the
/// notes and the version space.
fn reference(data: &Dataset, settings: &Settings) -> Result<Scene> {
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
    let exact = match max_stability(data, mode) {
        Ok(exact) => exact,
        Err(Error::OneClass { .. }) => {
            scene.separable = true;
            scene.notes.push(
                "All points have the same label: with a threshold the margin is unbounded. \
                 Add a point of the other class (shift-click)."
                    .into(),
            );
            scene.version_space = VersionSpace::compute_with(data, mode, None).ok();
            return Ok(scene);
        }
        // lengths spanning beyond the floating-point range, with a long point in front of the
        // short ones: the rules that can still train do, and the scene says why no optimum
        Err(e @ Error::Span { .. }) => {
            scene
                .notes
                .push(format!("The exact optimum is out of reach here: {e}."));
            return Ok(scene);
        }
        Err(e) => return Err(e),
    };
    scene.separable = exact.separable;
    scene.support.clone_from(&exact.support);
    if !exact.separable {
        scene.notes.push(format!(
            "These points are not linearly separable{}: no line gives κ > 0 \
             (exact test). The rules that stop only on separable data run to their epoch \
             limit; κ(w) is the negative stability each reaches.",
            if mode == Mode::Homogeneous {
                " by a line through the origin"
            } else {
                ""
            }
        ));
    }
    scene.exact = Some(exact_view(data, &exact));
    scene.version_space = VersionSpace::compute_with(data, mode, Some(&exact)).ok();
    Ok(scene)
}

fn exact_view(data: &Dataset, exact: &Exact) -> AlgorithmView {
    let p = exact
        .perceptron
        .clone()
        .unwrap_or_else(|| Perceptron::new(vec![0.0; data.dim()], 0.0));
    let status = if exact.separable {
        let k = exact.support.len();
        format!(
            "exact optimum: κ_max = {:.4}, {k} support vector{}",
            exact.kappa,
            if k == 1 { "" } else { "s" }
        )
    } else {
        "not linearly separable (exact test): κ_max undefined".into()
    };
    let kappa_upper = exact.separable.then_some(exact.kappa);
    AlgorithmView {
        name: Algorithm::Exact,
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
        settled: true,
        update_bound: None,
        kappa_upper,
        soft_margin: None,
        gap: exact.separable.then_some(0.0),
        embedding: exact.embedding.clone(),
        gradient: None,
        optimum: None,
        phi: direction(&p.w),
        theta_unit: p.theta / crate::linalg::norm(&p.w),
    }
}

/// The examples `p` misclassifies (`E^μ ≤ 0`; none while `w = 0`).
pub fn misclassified(p: &Perceptron, data: &Dataset) -> Vec<usize> {
    if p.w.iter().all(|&v| v == 0.0) {
        return vec![];
    }
    (0..data.len())
        .filter(|&mu| p.potential(data, mu) <= 0.0)
        .collect()
}

/// The readout's view of `algorithm`'s `fit` on `data` (the status for a set that is `separable`
/// or not).
pub(crate) fn fit_view(
    algorithm: Algorithm,
    data: &Dataset,
    fit: &Fit,
    settings: &Settings,
    separable: bool,
) -> AlgorithmView {
    let gap = fit.gap();
    let limit = settings.epoch_limit(algorithm, data.len(), separable);
    let status = status(algorithm, fit, limit, settings, separable);
    AlgorithmView {
        name: algorithm,
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
        settled: fit.stop.is_some(),
        update_bound: None,
        kappa_upper: fit.kappa_upper,
        soft_margin: algorithm
            .info()
            .slack
            .then(|| SoftMarginView::new(&fit.perceptron, data, settings.run.gamma)),
        gap,
        stabilities: fit.perceptron.stabilities(data),
        misclassified: misclassified(&fit.perceptron, data),
        embedding: fit.embedding.clone(),
        gradient: fit.gradient,
        optimum: None,
        phi: direction(&fit.perceptron.w),
        theta_unit: fit.perceptron.theta / crate::linalg::norm(&fit.perceptron.w),
    }
}
