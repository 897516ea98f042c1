//! What the page shows of every algorithm ([`crate::train::Algorithm`]): label, colour and dash
//! (one palette for the data view, the weight view and the charts), the texts "optimises / stops
//! when / rule" shown beside the views, and which of the page's instruments apply to it (a
//! certified bound, the convergence theorem's `M*`, rings by embedding strength, …). Its name and
//! the work of its steps come from its training spec.
//!
//! The palette: Okabe–Ito for Rosenblatt, MinOver, AdaTron and the exact optimum, Paul Tol's
//! palettes (bright, muted, light, medium-contrast, dark) for the rest, and two saturated blues
//! for the Gibbs and Bayes students (the only region of the gamut left), chosen so that every pair
//! of the line colours (with the teacher's and the error crosses') differs by CIE76
//! ΔE ≥ 18 both for normal vision and under a deuteranopia simulation (Machado et al. 2009,
//! severity 1), checked in `tests/e2e/catalogue.test.mjs`; relatives (Adaline and its batch form,
//! the two logistic units and the tanh Adaline, Rosenblatt and the notes' perceptron, the Gibbs
//! and Bayes students) also differ by their dash.

use super::status::{self, StatusText};
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
}

/// Which of the page's instruments apply to a rule (all off by default).
#[allow(clippy::struct_excessive_bools)] // independent facts, as in `AlgorithmInfo`
#[derive(Debug, Clone, Copy)]
struct Flags {
    certifies_bound: bool,
    update_bound: bool,
    rings_by_strength: bool,
    strength_counts_updates: bool,
    needs_separable: bool,
    slack: bool,
    draws_from_version_space: bool,
    status: Option<StatusText>,
}

const NONE: Flags = Flags {
    certifies_bound: false,
    update_bound: false,
    rings_by_strength: false,
    strength_counts_updates: false,
    needs_separable: false,
    slack: false,
    draws_from_version_space: false,
    status: None,
};

// one argument per column of the table, so that each row reads as a line of the table
#[allow(clippy::too_many_arguments)]
const fn row(
    algorithm: Algorithm,
    marker: Shape,
    label: &'static str,
    color: Rgb,
    role: Role,
    flags: Flags,
    curve: (bool, bool),
    texts: [&'static str; 3],
) -> AlgorithmInfo {
    let cost = algorithm.cost();
    AlgorithmInfo {
        name: algorithm.spec().name,
        label,
        color,
        dash: &[],
        marker,
        width: 2.5,
        role,
        cost,
        curve_main: curve.0,
        curve_default: curve.1,
        animatable: !matches!(cost, StepCost::Exact),
        optimises: texts[0],
        stops: texts[1],
        rule: texts[2],
        start: "w = 0",
        certifies_bound: flags.certifies_bound,
        update_bound: flags.update_bound,
        rings_by_strength: flags.rings_by_strength,
        strength_counts_updates: flags.strength_counts_updates,
        needs_separable: flags.needs_separable,
        slack: flags.slack,
        has_optimum: algorithm.spec().objective.is_some(),
        draws_from_version_space: flags.draws_from_version_space,
        setting: None,
        status: flags.status,
    }
}

/// The table, in the order of [`Algorithm::ALL`] (the order of the menus).
pub const TABLE: [AlgorithmInfo; 15] = [
    AlgorithmInfo {
        width: 2.5,
        ..row(
            Algorithm::Rosenblatt,
            Shape::Circle,
            "Rosenblatt",
            Rgb(0xE6, 0x9F, 0x00),
            Role::Core,
            Flags {
                update_bound: true,
                rings_by_strength: true,
                strength_counts_updates: true,
                status: Some(status::presentation),
                ..NONE
            },
            (true, true),
            [
                "any separating line (no margin asked for)",
                "after an epoch without errors; on non-separable data at the epoch limit",
                "if Eμ = (w·ξμ − θ)Sμ ≤ 0:  w ← w + ξμSμ/N,  θ ← θ − Sμ/N",
            ],
        )
    },
    AlgorithmInfo {
        width: 5.0,
        ..row(
            Algorithm::Minover,
            Shape::Square,
            "MinOver",
            Rgb(0x00, 0x72, 0xB2),
            Role::Core,
            Flags {
                certifies_bound: true,
                rings_by_strength: true,
                strength_counts_updates: true,
                status: Some(status::optimal),
                ..NONE
            },
            (true, true),
            [
                "the maximal stability κ_max (the widest margin)",
                "when the certified gap |w|/Σxμ − κ(w) is below the tolerance, or at the step limit",
                "ν = argmin_μ Eμ;  w ← w + ξνSν/N",
            ],
        )
    },
    AlgorithmInfo {
        width: 2.0,
        ..row(
            Algorithm::Adatron,
            Shape::TriangleDown,
            "AdaTron",
            Rgb(0x00, 0x9E, 0x73),
            Role::Core,
            Flags {
                certifies_bound: true,
                rings_by_strength: true,
                status: Some(status::optimal),
                ..NONE
            },
            (true, false),
            [
                "the maximal stability κ_max, by coordinate ascent on the embedding strengths",
                "when the certified gap is below the tolerance, or at the step limit",
                "xμ ← max(0, xμ + (1 − Eμ)/|ξμ|²);  w = Σ xμ Sμ ξμ",
            ],
        )
    },
    row(
        Algorithm::Hebb,
        Shape::Triangle,
        "Hebb",
        Rgb(0x56, 0xB4, 0xE9),
        Role::Extra,
        NONE,
        (true, true),
        [
            "nothing: it adds every example once (the correlation of inputs and labels)",
            "after one pass",
            "w = (1/N) Σμ ξμ Sμ,  θ = −(1/N) Σμ Sμ",
        ],
    ),
    row(
        Algorithm::Adaline,
        Shape::Circle,
        "Adaline",
        Rgb(0x33, 0x22, 0x88),
        Role::Extra,
        Flags {
            status: Some(status::gradient),
            ..NONE
        },
        (false, false),
        [
            "the squared error ½ Σμ (1 − Eμ)² (every example at potential 1)",
            "converged where the gradient vanishes (|∇E| ≤ 10⁻⁶ Σ|ξ̃|); not converged when w circles (a fixed η), or at the epoch limit",
            "w ← w + (η/N)(1 − Eμ) ξμSμ,  η = 1/max Cμμ (stable below 2/max Cμμ)",
        ],
    ),
    AlgorithmInfo {
        dash: &[10.0, 4.0],
        ..row(
            Algorithm::AdalineBatch,
            Shape::Square,
            "Adaline (batch)",
            Rgb(0x22, 0x22, 0x55),
            Role::Extra,
            Flags {
                status: Some(status::gradient),
                ..NONE
            },
            (false, false),
            [
                "the squared error ½ Σμ (1 − Eμ)², by gradient steps over all examples at once",
                "converged where the gradient vanishes (|∇E| ≤ 10⁻⁶ Σ|ξ̃|), or at the epoch limit",
                "w ← w + (η/N) Σμ (1 − Eμ) ξμSμ,  η = 1/λ̂ with λ̂ ≥ λ_max(C) (Gershgorin)",
            ],
        )
    },
    row(
        Algorithm::Pocket,
        Shape::Triangle,
        "pocket",
        Rgb(0xAA, 0x44, 0x99),
        Role::Extra,
        Flags {
            status: Some(status::pocket),
            ..NONE
        },
        (false, false),
        [
            "the fewest training errors (works on non-separable data)",
            "when the pocket holds a line without errors, or at the epoch limit",
            "Rosenblatt steps on random examples; keep w in the pocket when it makes fewer errors",
        ],
    ),
    AlgorithmInfo {
        setting: Some(Setting {
            symbol: "γ",
            key: "gamma",
            limit: "gamma",
            range: Some("gammaRange"),
        }),
        ..row(
            Algorithm::SoftMargin,
            Shape::TriangleDown,
            "soft margin",
            Rgb(0xEE, 0x99, 0xAA),
            Role::Extra,
            Flags {
                rings_by_strength: true,
                slack: true,
                status: Some(status::soft_margin),
                ..NONE
            },
            (false, false),
            [
                "|w|²/2 + γ Σμ slackμ: a wide margin, paying γ per unit of violation",
                "when the optimality (KKT) conditions hold to 10⁻⁶, or at the step limit",
                "xμ ← clip(xμ + (1 − Eμ)/|ξμ|², 0, γ): AdaTron with bounded strengths",
            ],
        )
    },
    row(
        Algorithm::Logistic,
        Shape::Circle,
        "logistic",
        Rgb(0x22, 0x88, 0x33),
        Role::Extra,
        Flags {
            status: Some(status::logistic),
            ..NONE
        },
        (false, false),
        [
            "the cross-entropy −Σμ [tμ ln σ(aμ) + (1 − tμ) ln(1 − σ(aμ))], t = 0/1",
            "converged where the gradient vanishes (|∇L| ≤ 10⁻⁶ Σ|ξ̃|); not converged when w circles (a fixed η), or at the epoch limit; on separable data |w| grows for ever",
            "w ← w − (η/N)(σ(aμ) − tμ) ξμ,  θ ← θ + (η/N)(σ(aμ) − tμ),  a = w·ξ − θ",
        ],
    ),
    AlgorithmInfo {
        dash: &[10.0, 4.0],
        ..row(
            Algorithm::LogisticSquared,
            Shape::Square,
            "logistic (squared error)",
            Rgb(0x22, 0x55, 0x22),
            Role::Extra,
            Flags {
                status: Some(status::logistic_squared),
                ..NONE
            },
            (false, false),
            [
                "the squared error ½ Σμ (σ(aμ) − tμ)² of the sigmoid output",
                "as logistic; note how slowly it leaves a confidently wrong start (σ′ → 0)",
                "w ← w − (η/N)(σ − t) σ(1 − σ) ξμ",
            ],
        )
    },
    AlgorithmInfo {
        dash: &[8.0, 3.0, 2.0, 3.0],
        start: "far off on the wrong side (against Hebb's w, |a| up to 6: tanh is flat there)",
        ..row(
            Algorithm::AdalineTanh,
            Shape::Triangle,
            "Adaline (tanh)",
            Rgb(0xDD, 0x33, 0xFF),
            Role::Extra,
            Flags {
                status: Some(status::tanh),
                ..NONE
            },
            (false, false),
            [
                "the squared error ½ Σμ (tanh(aμ) − Sμ)² of the tanh output, a = w·ξ − θ",
                "converged where the gradient vanishes (|∇L| ≤ 10⁻⁶ Σ|ξ̃|); not converged when w circles, or at the epoch limit; it starts far off (|a| up to 6), where tanh′ ≈ 0: the wrong examples hardly move w at first (the vanishing gradient)",
                "w ← w − (η/N)(tanh aμ − Sμ)(1 − tanh² aμ) ξμ,  θ ← θ + (η/N)(tanh aμ − Sμ)(1 − tanh² aμ),  η = 1/max Cμμ",
            ],
        )
    },
    AlgorithmInfo {
        dash: &[2.0, 4.0],
        start: "random weights and threshold in [−1, 1]",
        setting: Some(Setting {
            symbol: "η",
            key: "notesEta",
            limit: crate::train::notes::LEARNING_RATE_KEY,
            range: None,
        }),
        ..row(
            Algorithm::PerceptronNotes,
            Shape::Square,
            "perceptron (notes)",
            Rgb(0xEE, 0x88, 0x66),
            Role::Extra,
            Flags {
                status: Some(status::presentation),
                ..NONE
            },
            (false, false),
            [
                "any separating line, as in the lecture notes (0/1 targets, learning rate η)",
                "after an epoch without mistakes, or at the epoch limit",
                "y = [w·x > θ];  w ← w + η(t − y)x,  θ ← θ − η(t − y); random start in [−1, 1]",
            ],
        )
    },
    row(
        Algorithm::Gibbs,
        Shape::Triangle,
        "Gibbs student",
        Rgb(0x22, 0x22, 0xEE),
        Role::Extra,
        Flags {
            needs_separable: true,
            draws_from_version_space: true,
            status: Some(status::student),
            ..NONE
        },
        (true, false),
        [
            "nothing: a perceptron drawn uniformly from the version space (the typical student without errors)",
            "with its draw: at once in 2-D (exact), else after the chain's burn-in of 5 trajectories",
            "w uniform on {w : Sμ(w·ξμ − θ) > 0 ∀μ}; 2-D: uniform φ on the arc (with θ: uniform (φ, θ) in the band); N-D: Hamiltonian Monte Carlo reflected at the walls, from the optimum",
        ],
    ),
    AlgorithmInfo {
        dash: &[8.0, 3.0, 2.0, 3.0],
        ..row(
            Algorithm::Bayes,
            Shape::Circle,
            "Bayes student",
            Rgb(0x77, 0x55, 0xFF),
            Role::Extra,
            Flags {
                needs_separable: true,
                status: Some(status::bayes),
                ..NONE
            },
            (true, false),
            [
                "the generalisation error on average: the centre of mass of the version space",
                "at once in 2-D (exact midpoint of the arc, centroid of the band), else after averaging 50 samples of the chain",
                "w = ∫_V w dw / |∫_V w dw|; N-D: the normalised mean of 50 Gibbs samples, 2 trajectories apart",
            ],
        )
    },
    row(
        Algorithm::Exact,
        Shape::Diamond,
        "exact optimum",
        Rgb(0x00, 0x00, 0x00),
        Role::Reference,
        Flags {
            rings_by_strength: true,
            needs_separable: true,
            ..NONE
        },
        (true, true),
        [
            "the maximal stability κ_max exactly: the nearest point of the convex hull of Sμξμ to the origin (with θ: of the classes' hulls to each other)",
            "exactly, after finitely many active-set steps ending in a linear solve",
            "min |w|²/2 subject to (w·ξμ − θ)Sμ ≥ 1 for every μ",
        ],
    ),
];

impl Algorithm {
    /// Its row of [`TABLE`]: what the page shows of it.
    pub fn info(self) -> &'static AlgorithmInfo {
        &TABLE[self as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_in_the_order_of_the_enum() {
        for (k, a) in Algorithm::ALL.iter().enumerate() {
            assert_eq!(TABLE[k].name, a.name());
            assert_eq!(TABLE[k].cost, a.cost());
        }
    }
}
