//! What the page shows of every algorithm ([`crate::train::Algorithm`]): label, colour and dash
//! (one palette for the data view, the weight view and the charts) and which of the page's
//! instruments apply to it (a certified bound, the convergence theorem's `M*`, rings by embedding
//! strength, …). Its name, the work of its steps and its texts "optimises / stops when / rule"
//! come from its training spec.
//!
//! The palette: Okabe–Ito for Rosenblatt, MinOver, AdaTron and the exact optimum, Paul Tol's
//! palettes (bright, muted, light, medium-contrast, dark) for the rest, and two saturated blues
//! for the Gibbs and Bayes students (the only region of the gamut left), chosen so that every pair
//! of the line colours (with the teacher's and the error crosses') differs by CIE76
//! ΔE ≥ 18 both for normal vision and under a deuteranopia simulation (Machado et al. 2009,
//! severity 1), checked in `tests/e2e/catalogue.test.mjs`; relatives (Adaline and its batch form,
//! the two logistic units and the tanh Adaline, Rosenblatt and the notes' perceptron, the Gibbs
//! and Bayes students) also differ by their dash.

use super::status::StatusText;
use super::Rgb;
use super::Shape;
use crate::train::{Algorithm, StepCost};
use serde::Serialize;

/// Where an algorithm appears on the page.
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    /// Always trained in the data view, toggled in the main bar (Rosenblatt, MinOver, AdaTron).
    Core,
    /// Toggled under "More algorithms".
    Extra,
    /// The exact optimum: computed for every frame, the reference of the others.
    Reference,
}

/// What the page and the CLI show of one algorithm.
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
// independent facts the page reads one by one, not a state machine
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Clone, Copy, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AlgorithmInfo {
    /// The name (page, CLI, CSV).
    #[cfg_attr(target_arch = "wasm32", tsify(type = "Algorithm"))]
    pub name: &'static str,
    /// The label in menus, legends and the readout.
    pub label: &'static str,
    /// Its colour everywhere it is drawn.
    #[cfg_attr(target_arch = "wasm32", tsify(type = "string"))]
    pub color: Rgb,
    /// Dash pattern of its line (CSS pixels, on/off; empty: solid); rules that look alike are
    /// told apart by it.
    #[cfg_attr(target_arch = "wasm32", tsify(type = "number[]"))]
    pub dash: &'static [f64],
    /// The shape of its marks: its `w` in the weight view and its points in the learning-curve
    /// charts (the same in every run, whatever else is shown); rules likely to coincide (MinOver,
    /// AdaTron, the exact optimum, the Bayes student) differ by it.
    pub marker: Shape,
    /// Width of its line in the data view (CSS pixels); MinOver is drawn wider than AdaTron so
    /// that both show where they coincide.
    pub width: f64,
    /// Where it appears on the page.
    pub role: Role,
    /// The work of one of its steps (from its spec).
    pub cost: StepCost,
    /// Listed outside "more" in the learning-curve panel.
    pub curve_main: bool,
    /// Checked in the learning-curve panel by default.
    pub curve_default: bool,
    /// Whether the training animation can step it.
    pub animatable: bool,
    /// What it optimises (plain text).
    pub optimises: &'static str,
    /// When it stops (plain text).
    pub stops: &'static str,
    /// Its update rule (plain text).
    pub rule: &'static str,
    /// Where its runs start (plain text, after "learn from"): `w = 0` but for the rules that
    /// start elsewhere.
    pub start: &'static str,
    /// Whether its runs certify an upper bound `|w|/Σ x^μ ≥ κ_max` (its trace draws it).
    pub certifies_bound: bool,
    /// Whether the perceptron convergence theorem's `M ≤ M*` applies to its updates.
    pub update_bound: bool,
    /// Whether the data view rings its examples by their embedding strengths `x^μ`.
    pub rings_by_strength: bool,
    /// Whether its `x^μ` count its updates on the example (`1/N` each).
    pub strength_counts_updates: bool,
    /// Whether it has no answer on a set that is not linearly separable (the exact optimum; the
    /// Gibbs and Bayes students: no version space).
    pub needs_separable: bool,
    /// Whether it is a uniform draw from the version space (the Gibbs student): the page can
    /// show further draws faintly beside it (`gibbsSamples` at the boundary).
    pub draws_from_version_space: bool,
    /// Whether its answer has slacks `β^μ` (the soft margin): the view draws `E = ±1`, rings the
    /// violators and reads out `|w|²/2 + γ Σ β^μ`.
    pub slack: bool,
    /// Whether it keeps its best perceptron apart from the current one (the pocket): its trace
    /// has a second error count, which the player's errors chart draws.
    pub keeps_best: bool,
    /// Whether the scene computes its own optimum on every edit (the minimum of a gradient
    /// rule's cost, the soft margin's QP: [`crate::optimum`]): work on an edit's frame that the
    /// page weighs when it decides where a drag step trains.
    pub has_optimum: bool,
    /// The page setting of its own, if any: its symbol and the key of its default in
    /// [`super::Limits`].
    pub setting: Option<Setting>,
    /// Its own words for some of its stops (the others: [`status::generic`]).
    #[serde(skip)]
    pub status: Option<StatusText>,
}

/// A rule's own setting on the page (the soft margin's `γ`, the notes' `η`).
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Setting {
    /// Its symbol.
    pub symbol: &'static str,
    /// Its key in the page's state (`rules`) and in `window.lab`'s `setRules` and
    /// `getState().settings`.
    pub key: &'static str,
    /// The key of its default in [`super::Limits`] (camelCase, as the page reads it), also its
    /// key in the scene's `Settings` (which the page's training settings fill): a field of the
    /// run's `Config` (`gamma`) or the rule's own setting (`train::OwnSetting::key`).
    pub limit: &'static str,
    /// The key in [`super::Limits`] of the range `[min, max]` of its logarithmic slider, if it
    /// has one (the soft margin's `γ`).
    pub range: Option<&'static str>,
    /// Its key in the run settings' table ([`crate::train::settings::SETTINGS`]), whose valid
    /// range and message the page's check takes.
    pub table: &'static str,
}

/// Which of the page's instruments apply to a rule (all off by default).
#[allow(clippy::struct_excessive_bools)] // independent facts, as in `AlgorithmInfo`
#[derive(Debug, Clone, Copy)]
pub(super) struct Flags {
    pub(super) certifies_bound: bool,
    pub(super) update_bound: bool,
    pub(super) rings_by_strength: bool,
    pub(super) strength_counts_updates: bool,
    pub(super) needs_separable: bool,
    pub(super) slack: bool,
    pub(super) keeps_best: bool,
    pub(super) draws_from_version_space: bool,
    pub(super) status: Option<StatusText>,
}

/// Where a rule appears in the learning-curve panel.
#[derive(Debug, Clone, Copy)]
pub(super) struct Curve {
    /// Listed outside "more".
    pub(super) main: bool,
    /// Checked by default.
    pub(super) default: bool,
}

/// No instrument.
pub(super) const NONE: Flags = Flags {
    certifies_bound: false,
    update_bound: false,
    rings_by_strength: false,
    strength_counts_updates: false,
    needs_separable: false,
    slack: false,
    keeps_best: false,
    draws_from_version_space: false,
    status: None,
};

// one argument per column of the table, so that each row reads as a line of the table
#[allow(clippy::too_many_arguments)]
pub(super) const fn row(
    algorithm: Algorithm,
    marker: Shape,
    label: &'static str,
    color: Rgb,
    role: Role,
    flags: Flags,
    curve: Curve,
) -> AlgorithmInfo {
    let cost = algorithm.cost();
    let texts = algorithm.spec().texts;
    AlgorithmInfo {
        name: algorithm.spec().name,
        label,
        color,
        dash: &[],
        marker,
        width: 2.5,
        role,
        cost,
        curve_main: curve.main,
        curve_default: curve.default,
        animatable: !matches!(cost, StepCost::Exact),
        optimises: texts.optimises,
        stops: texts.stops,
        rule: texts.rule,
        start: "w = 0",
        certifies_bound: flags.certifies_bound,
        update_bound: flags.update_bound,
        rings_by_strength: flags.rings_by_strength,
        strength_counts_updates: flags.strength_counts_updates,
        needs_separable: flags.needs_separable,
        slack: flags.slack,
        keeps_best: flags.keeps_best,
        has_optimum: algorithm.spec().objective.is_some(),
        draws_from_version_space: flags.draws_from_version_space,
        setting: None,
        status: flags.status,
    }
}
