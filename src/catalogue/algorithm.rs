//! Every algorithm of the lab, by name, with what the page shows of it: label, colour and dash
//! (one palette for the data view, the weight view and the charts), its per-frame work budget in
//! the data view, and the texts "optimises / stops when / rule" shown beside the views.
//!
//! The palette: Okabe–Ito for Rosenblatt, MinOver, AdaTron and the exact optimum, Paul Tol's
//! palettes (bright, muted, light, medium-contrast, dark) for the rest, and two saturated blues
//! for the Gibbs and Bayes students (the only region of the gamut left), chosen so that every pair
//! of the line colours (with the teacher's and the error crosses') differs by CIE76
//! ΔE ≥ 18 both for normal vision and under a deuteranopia simulation (Machado et al. 2009,
//! severity 1), checked in `tests/e2e/catalogue.test.mjs`; relatives (Adaline and its batch form,
//! the two logistic units and the tanh Adaline, Rosenblatt and the notes' perceptron, the Gibbs
//! and Bayes students) also differ by their dash.

use super::{named_enum, Rgb};
use crate::train::registry::Builder;
use crate::train::{
    adaline, adatron, hebb, logistic, minover, notes, pocket, registry, rosenblatt, students,
};
use serde::Serialize;

/// An algorithm: a training rule, or `exact`, the exact optimum of maximal stability (the
/// reference every rule is compared with; see [`crate::exact`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
// the TypeScript type is the union of the names (serde's kebab-case of the variants, which the
// tests check against the table)
#[cfg_attr(
    target_arch = "wasm32",
    derive(tsify::Tsify),
    serde(rename_all = "kebab-case")
)]
pub enum Algorithm {
    /// Rosenblatt's perceptron rule (`src/train/rosenblatt.rs`).
    Rosenblatt,
    /// MinOver (`src/train/minover.rs`).
    Minover,
    /// AdaTron (`src/train/adatron.rs`).
    Adatron,
    /// Hebb's rule, one pass (`src/train/hebb.rs`).
    Hebb,
    /// Sequential Adaline / LMS (`src/train/adaline.rs`).
    Adaline,
    /// Batch Adaline, gradient descent on all examples (`src/train/adaline.rs`).
    AdalineBatch,
    /// Gallant's pocket algorithm with ratchet (`src/train/pocket.rs`).
    Pocket,
    /// AdaTron with bounded embedding strengths (`src/train/adatron.rs`).
    SoftMargin,
    /// Logistic unit, cross-entropy (`src/train/logistic.rs`).
    Logistic,
    /// Logistic unit, squared error (`src/train/logistic.rs`).
    LogisticSquared,
    /// The tanh Adaline of the course notes: squared error of `tanh(a)`, started far off
    /// (`src/train/logistic.rs`).
    AdalineTanh,
    /// The lecture notes' perceptron: 0/1 targets, learning rate η (`src/train/notes.rs`).
    PerceptronNotes,
    /// The Gibbs student: a uniform draw from the version space (`src/train/students/`).
    Gibbs,
    /// The Bayes student: the version space's centre of mass (`src/train/students/`).
    Bayes,
    /// The exact optimum of maximal stability (`src/exact.rs`); not a training rule.
    Exact,
}

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

/// The work of one step of a rule, which sets how many steps a slice of the data view's training
/// takes between looks at the clock and the default limit of a run that cannot stop
/// (`scene::epoch_limit`).
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum StepCost {
    /// One example presented, `O(N)` (Rosenblatt, the notes' perceptron).
    Presentation,
    /// Every example's potential, `O(P)` per step (MinOver).
    Potentials,
    /// One embedding strength, `O(N)` per step through the origin; with a threshold a maximal
    /// violating pair, `O(P)` (AdaTron, soft margin).
    Strengths,
    /// A gradient step on one example, `O(N)` (Adaline, logistic).
    Gradient,
    /// A gradient step on every example, `O(PN)` (batch Adaline).
    Batch,
    /// Every update counts the errors, `O(PN)` (pocket).
    Pocket,
    /// One pass (Hebb).
    OnePass,
    /// One trajectory of the version-space sampler, `O(PN)` and `O(P)` per wall hit; in 2-D one
    /// exact draw (Gibbs, Bayes).
    Sample,
    /// Not iterative (the exact optimum).
    Exact,
}

/// What the page and the CLI know of one algorithm, and how the core builds it.
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
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
    /// Width of its line in the data view (CSS pixels); MinOver is drawn wider than AdaTron so
    /// that both show where they coincide.
    pub width: f64,
    /// Where it appears on the page.
    pub role: Role,
    /// The work of one of its steps.
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
    /// Its trainer from the shared settings (the function in the rule's file).
    #[serde(skip)]
    pub build: Builder,
}

// one argument per column of the table, so that each row reads as a line of the table
#[allow(clippy::too_many_arguments)]
const fn row(
    build: Builder,
    name: &'static str,
    label: &'static str,
    color: Rgb,
    role: Role,
    cost: StepCost,
    curve: (bool, bool),
    texts: [&'static str; 3],
) -> AlgorithmInfo {
    AlgorithmInfo {
        name,
        label,
        color,
        dash: &[],
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
        build,
    }
}

/// The table, in the order of [`Algorithm::ALL`] (the order of the menus).
pub const TABLE: [AlgorithmInfo; 15] = [
    AlgorithmInfo {
        width: 2.5,
        ..row(
            rosenblatt::from_config,
            "rosenblatt",
            "Rosenblatt",
            Rgb(0xE6, 0x9F, 0x00),
            Role::Core,
            StepCost::Presentation,
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
            minover::from_config,
            "minover",
            "MinOver",
            Rgb(0x00, 0x72, 0xB2),
            Role::Core,
            StepCost::Potentials,
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
            adatron::from_config,
            "adatron",
            "AdaTron",
            Rgb(0x00, 0x9E, 0x73),
            Role::Core,
            StepCost::Strengths,
            (true, false),
            [
                "the maximal stability κ_max, by coordinate ascent on the embedding strengths",
                "when the certified gap is below the tolerance, or at the step limit",
                "xμ ← max(0, xμ + (1 − Eμ)/|ξμ|²);  w = Σ xμ Sμ ξμ",
            ],
        )
    },
    row(
        hebb::from_config,
        "hebb",
        "Hebb",
        Rgb(0x56, 0xB4, 0xE9),
        Role::Extra,
        StepCost::OnePass,
        (true, true),
        [
            "nothing: it adds every example once (the correlation of inputs and labels)",
            "after one pass",
            "w = (1/N) Σμ ξμ Sμ,  θ = −(1/N) Σμ Sμ",
        ],
    ),
    row(
        adaline::from_config,
        "adaline",
        "Adaline",
        Rgb(0x33, 0x22, 0x88),
        Role::Extra,
        StepCost::Gradient,
        (false, false),
        [
            "the squared error ½ Σμ (1 − Eμ)² (every example at potential 1)",
            "when w changes less than 10⁻⁶ (relative) in an epoch, or at the epoch limit",
            "w ← w + (η/N)(1 − Eμ) ξμSμ,  η = 1/max Cμμ (stable below 2/max Cμμ)",
        ],
    ),
    AlgorithmInfo {
        dash: &[10.0, 4.0],
        ..row(
            adaline::batch_from_config,
            "adaline-batch",
            "Adaline (batch)",
            Rgb(0x22, 0x22, 0x55),
            Role::Extra,
            StepCost::Batch,
            (false, false),
            [
                "the squared error ½ Σμ (1 − Eμ)², by gradient steps over all examples at once",
                "when w changes less than 10⁻⁶ (relative) in a step, or at the epoch limit",
                "w ← w + (η/N) Σμ (1 − Eμ) ξμSμ,  η = 1/λ̂ with λ̂ ≥ λ_max(C) (Gershgorin)",
            ],
        )
    },
    row(
        pocket::from_config,
        "pocket",
        "pocket",
        Rgb(0xAA, 0x44, 0x99),
        Role::Extra,
        StepCost::Pocket,
        (false, false),
        [
            "the fewest training errors (works on non-separable data)",
            "when the pocket holds a line without errors, or at the epoch limit",
            "Rosenblatt steps on random examples; keep w in the pocket when it makes fewer errors",
        ],
    ),
    row(
        adatron::soft_margin_from_config,
        "soft-margin",
        "soft margin",
        Rgb(0xEE, 0x99, 0xAA),
        Role::Extra,
        StepCost::Strengths,
        (false, false),
        [
            "|w|²/2 + γ Σμ slackμ: a wide margin, paying γ per unit of violation",
            "when the optimality (KKT) conditions hold to 10⁻⁶, or at the step limit",
            "xμ ← clip(xμ + (1 − Eμ)/|ξμ|², 0, γ): AdaTron with bounded strengths",
        ],
    ),
    row(
        logistic::from_config,
        "logistic",
        "logistic",
        Rgb(0x22, 0x88, 0x33),
        Role::Extra,
        StepCost::Gradient,
        (false, false),
        [
            "the cross-entropy −Σμ [tμ ln σ(aμ) + (1 − tμ) ln(1 − σ(aμ))], t = 0/1",
            "when w settles (10⁻⁵ relative per epoch) or at the epoch limit; on separable data |w| grows for ever",
            "w ← w − (η/N)(σ(aμ) − tμ) ξμ,  θ ← θ + (η/N)(σ(aμ) − tμ),  a = w·ξ − θ",
        ],
    ),
    AlgorithmInfo {
        dash: &[10.0, 4.0],
        ..row(
            logistic::squared_from_config,
            "logistic-squared",
            "logistic (squared error)",
            Rgb(0x22, 0x55, 0x22),
            Role::Extra,
            StepCost::Gradient,
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
            logistic::tanh_from_config,
            "adaline-tanh",
            "Adaline (tanh)",
            Rgb(0xDD, 0x33, 0xFF),
            Role::Extra,
            StepCost::Gradient,
            (false, false),
            [
                "the squared error ½ Σμ (tanh(aμ) − Sμ)² of the tanh output, a = w·ξ − θ",
                "when w settles (10⁻⁵ relative per epoch) or at the epoch limit; it starts far off (|a| up to 6), where tanh′ ≈ 0: the wrong examples hardly move w at first (the vanishing gradient)",
                "w ← w − (η/N)(tanh aμ − Sμ)(1 − tanh² aμ) ξμ,  θ ← θ + (η/N)(tanh aμ − Sμ)(1 − tanh² aμ),  η = 1/max Cμμ",
            ],
        )
    },
    AlgorithmInfo {
        dash: &[2.0, 4.0],
        start: "random weights and threshold in [−1, 1]",
        ..row(
            notes::from_config,
            "perceptron-notes",
            "perceptron (notes)",
            Rgb(0xEE, 0x88, 0x66),
            Role::Extra,
            StepCost::Presentation,
            (false, false),
            [
                "any separating line, as in the lecture notes (0/1 targets, learning rate η)",
                "after an epoch without mistakes, or at the epoch limit",
                "y = [w·x > θ];  w ← w + η(t − y)x,  θ ← θ − η(t − y); random start in [−1, 1]",
            ],
        )
    },
    row(
        students::gibbs_from_config,
        "gibbs",
        "Gibbs student",
        Rgb(0x22, 0x22, 0xEE),
        Role::Extra,
        StepCost::Sample,
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
            students::bayes_from_config,
            "bayes",
            "Bayes student",
            Rgb(0x77, 0x55, 0xFF),
            Role::Extra,
            StepCost::Sample,
            (true, false),
            [
                "the generalisation error on average: the centre of mass of the version space",
                "at once in 2-D (exact midpoint of the arc, centroid of the band), else after averaging 50 samples of the chain",
                "w = ∫_V w dw / |∫_V w dw|; N-D: the normalised mean of 50 Gibbs samples, 2 trajectories apart",
            ],
        )
    },
    row(
        registry::not_a_rule,
        "exact",
        "exact optimum",
        Rgb(0x00, 0x00, 0x00),
        Role::Reference,
        StepCost::Exact,
        (true, true),
        [
            "the maximal stability κ_max exactly: the nearest point of the convex hull of Sμξμ to the origin (with θ: of the classes' hulls to each other)",
            "exactly, after finitely many active-set steps ending in a linear solve",
            "min |w|²/2 subject to (w·ξμ − θ)Sμ ≥ 1 for every μ",
        ],
    ),
];

impl Algorithm {
    /// Every algorithm, in the order of the menus.
    pub const ALL: [Algorithm; 15] = [
        Algorithm::Rosenblatt,
        Algorithm::Minover,
        Algorithm::Adatron,
        Algorithm::Hebb,
        Algorithm::Adaline,
        Algorithm::AdalineBatch,
        Algorithm::Pocket,
        Algorithm::SoftMargin,
        Algorithm::Logistic,
        Algorithm::LogisticSquared,
        Algorithm::AdalineTanh,
        Algorithm::PerceptronNotes,
        Algorithm::Gibbs,
        Algorithm::Bayes,
        Algorithm::Exact,
    ];

    /// Its row of [`TABLE`].
    pub fn info(self) -> &'static AlgorithmInfo {
        &TABLE[self as usize]
    }

    /// Whether it is a training rule (everything but `exact`).
    pub fn is_rule(self) -> bool {
        self != Algorithm::Exact
    }

    /// The training rules, in menu order.
    pub fn rules() -> impl Iterator<Item = Algorithm> {
        Self::ALL.into_iter().filter(|a| a.is_rule())
    }
}

named_enum!(Algorithm, "algorithm");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_in_the_order_of_the_enum() {
        for (k, a) in Algorithm::ALL.iter().enumerate() {
            assert_eq!(*a as usize, k);
            assert_eq!(a.info().name, TABLE[k].name);
        }
        let names: Vec<&str> = TABLE.iter().map(|r| r.name).collect();
        assert_eq!(Algorithm::names(), names.join(", "));
    }

    #[test]
    fn names_are_the_promised_ones() {
        // docs/design.md: the same names everywhere (page, CLI, CSV)
        for name in [
            "rosenblatt",
            "hebb",
            "minover",
            "adatron",
            "exact",
            "adaline",
            "adaline-batch",
            "pocket",
            "soft-margin",
            "logistic",
            "logistic-squared",
            "adaline-tanh",
            "perceptron-notes",
            "gibbs",
            "bayes",
        ] {
            assert_eq!(Algorithm::from_name(name).unwrap().name(), name);
        }
    }
}
