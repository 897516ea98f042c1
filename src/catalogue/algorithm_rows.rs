//! The catalogue's rows, one per algorithm in menu order: what the page shows of each
//! ([`AlgorithmInfo`]), written with named fields.

use super::algorithm::{row, Curve, Flags, Texts, NONE};
use super::status;
use super::{AlgorithmInfo, Rgb, Role, Setting, Shape};
use crate::train::Algorithm;

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
            Curve {
                main: true,
                default: true,
            },
            Texts {
                optimises: "any separating line (no margin asked for)",
                stops: "after an epoch without errors; on non-separable data at the epoch limit",
                rule: "if Eμ = (w·ξμ − θ)Sμ ≤ 0:  w ← w + ξμSμ/N,  θ ← θ − Sμ/N",
            },
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
            Curve {
                main: true,
                default: true,
            },
            Texts {
                optimises: "the maximal stability κ_max (the widest margin)",
                stops: "when the certified gap |w|/Σxμ − κ(w) is below the tolerance, or at the step limit",
                rule: "ν = argmin_μ Eμ;  w ← w + ξνSν/N",
            },
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
            Curve {
                main: true,
                default: false,
            },
            Texts {
                optimises: "the maximal stability κ_max, by coordinate ascent on the embedding strengths",
                stops: "when the certified gap is below the tolerance, or at the step limit",
                rule: "xμ ← max(0, xμ + (1 − Eμ)/|ξμ|²);  w = Σ xμ Sμ ξμ",
            },
        )
    },
    row(
        Algorithm::Hebb,
        Shape::Triangle,
        "Hebb",
        Rgb(0x56, 0xB4, 0xE9),
        Role::Extra,
        NONE,
        Curve {
            main: true,
            default: true,
        },
        Texts {
            optimises: "nothing: it adds every example once (the correlation of inputs and labels)",
            stops: "after one pass",
            rule: "w = (1/N) Σμ ξμ Sμ,  θ = −(1/N) Σμ Sμ",
        },
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
        Curve {
            main: false,
            default: false,
        },
        Texts {
            optimises: "the squared error ½ Σμ (1 − Eμ)² (every example at potential 1)",
            stops: "converged where the gradient vanishes (|∇E| ≤ 10⁻⁶ Σ|ξ̃|); not converged when w circles (a fixed η), or at the epoch limit",
            rule: "w ← w + (η/N)(1 − Eμ) ξμSμ,  η = 1/max Cμμ (stable below 2/max Cμμ)",
        },
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
            Curve {
                main: false,
                default: false,
            },
            Texts {
                optimises: "the squared error ½ Σμ (1 − Eμ)², by gradient steps over all examples at once",
                stops: "converged where the gradient vanishes (|∇E| ≤ 10⁻⁶ Σ|ξ̃|), or at the epoch limit",
                rule: "w ← w + (η/N) Σμ (1 − Eμ) ξμSμ,  η = 1/λ̂ with λ̂ ≥ λ_max(C) (Gershgorin)",
            },
        )
    },
    row(
        Algorithm::Pocket,
        Shape::Triangle,
        "pocket",
        Rgb(0xAA, 0x44, 0x99),
        Role::Extra,
        Flags {
            keeps_best: true,
            status: Some(status::pocket),
            ..NONE
        },
        Curve {
            main: false,
            default: false,
        },
        Texts {
            optimises: "the fewest training errors (works on non-separable data)",
            stops: "when the pocket holds a line without errors, or at the epoch limit",
            rule: "Rosenblatt steps on random examples; keep w in the pocket when it makes fewer errors",
        },
    ),
    AlgorithmInfo {
        setting: Some(Setting {
            symbol: "γ",
            key: "gamma",
            limit: "gamma",
            range: Some("gammaRange"),
            table: "gamma",
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
            Curve {
                main: false,
                default: false,
            },
            Texts {
                optimises: "|w|²/2 + γ Σμ slackμ: a wide margin, paying γ per unit of violation",
                stops: "when the optimality (KKT) conditions hold to 10⁻⁶, or at the step limit",
                rule: "xμ ← clip(xμ + (1 − Eμ)/|ξμ|², 0, γ): AdaTron with bounded strengths",
            },
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
        Curve {
            main: false,
            default: false,
        },
        Texts {
            optimises: "the cross-entropy −Σμ [tμ ln σ(aμ) + (1 − tμ) ln(1 − σ(aμ))], t = 0/1",
            stops: "converged where the gradient vanishes (|∇L| ≤ 10⁻⁶ Σ|ξ̃|); not converged when w circles (a fixed η), or at the epoch limit; on separable data |w| grows for ever",
            rule: "w ← w − (η/N)(σ(aμ) − tμ) ξμ,  θ ← θ + (η/N)(σ(aμ) − tμ),  a = w·ξ − θ",
        },
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
            Curve {
                main: false,
                default: false,
            },
            Texts {
                optimises: "the squared error ½ Σμ (σ(aμ) − tμ)² of the sigmoid output",
                stops: "as logistic; note how slowly it leaves a confidently wrong start (σ′ → 0)",
                rule: "w ← w − (η/N)(σ − t) σ(1 − σ) ξμ",
            },
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
            Curve {
                main: false,
                default: false,
            },
            Texts {
                optimises: "the squared error ½ Σμ (tanh(aμ) − Sμ)² of the tanh output, a = w·ξ − θ",
                stops: "converged where the gradient vanishes (|∇L| ≤ 10⁻⁶ Σ|ξ̃|); not converged when w circles, or at the epoch limit; it starts far off (|a| up to 6), where tanh′ ≈ 0: the wrong examples hardly move w at first (the vanishing gradient)",
                rule: "w ← w − (η/N)(tanh aμ − Sμ)(1 − tanh² aμ) ξμ,  θ ← θ + (η/N)(tanh aμ − Sμ)(1 − tanh² aμ),  η = 1/max Cμμ",
            },
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
            table: "eta",
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
            Curve {
                main: false,
                default: false,
            },
            Texts {
                optimises: "any separating line, as in the lecture notes (0/1 targets, learning rate η)",
                stops: "after an epoch without mistakes, or at the epoch limit",
                rule: "y = [w·x > θ];  w ← w + η(t − y)x,  θ ← θ − η(t − y); random start in [−1, 1]",
            },
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
        Curve {
            main: true,
            default: false,
        },
        Texts {
            optimises: "nothing: a perceptron drawn uniformly from the version space (the typical student without errors)",
            stops: "with its draw: at once in 2-D (exact), else after the chain's burn-in of 5 trajectories",
            rule: "w uniform on {w : Sμ(w·ξμ − θ) > 0 ∀μ}; 2-D: uniform φ on the arc (with θ: uniform (φ, θ) in the band); N-D: Hamiltonian Monte Carlo reflected at the walls, from the optimum",
        },
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
            Curve {
                main: true,
                default: false,
            },
            Texts {
                optimises: "the generalisation error on average: the centre of mass of the version space",
                stops: "at once in 2-D (exact midpoint of the arc, centroid of the band), else after averaging 50 samples of the chain",
                rule: "w = ∫_V w dw / |∫_V w dw|; N-D: the normalised mean of 50 Gibbs samples, 2 trajectories apart",
            },
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
        Curve {
            main: true,
            default: true,
        },
        Texts {
            optimises: "the maximal stability κ_max exactly: the nearest point of the convex hull of Sμξμ to the origin (with θ: of the classes' hulls to each other)",
            stops: "exactly, after finitely many active-set steps ending in a linear solve",
            rule: "min |w|²/2 subject to (w·ξμ − θ)Sμ ≥ 1 for every μ",
        },
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
