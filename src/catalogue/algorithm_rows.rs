//! The catalogue's rows: what the page shows of each algorithm ([`AlgorithmInfo`]), written
//! with named fields. A rule without a row of its own (a new one) is shown plainly: its name as
//! its label, grey, under "More algorithms", without instruments ([`plain`]).

use super::algorithm::{row, Curve, Flags, NONE};
use super::status;
use super::{AlgorithmInfo, Rgb, Role, Setting, Shape};
use crate::experiment::StopRule;
use crate::train::{Algorithm, StepCost};

/// The presented algorithms' rows, in menu order.
const ROWS: [AlgorithmInfo; 15] = [
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
    ),
];

/// Every algorithm's row, in the order of [`Algorithm::ALL`] (the order of the menus): its row
/// of [`ROWS`], or [`plain`] for a rule that has none.
pub const TABLE: [AlgorithmInfo; Algorithm::COUNT] = table();

/// How a rule without a row of its own is shown.
const fn plain(algorithm: Algorithm) -> AlgorithmInfo {
    row(
        algorithm,
        Shape::Circle,
        algorithm.spec().name,
        Rgb(0x77, 0x77, 0x77),
        Role::Extra,
        NONE,
        Curve {
            main: false,
            default: false,
        },
    )
}

/// [`TABLE`]: [`plain`] rows, overwritten by the rows of [`ROWS`] (one each at most; a row that
/// names no algorithm, or one twice, stops the build).
const fn table() -> [AlgorithmInfo; Algorithm::COUNT] {
    let mut table = [plain(Algorithm::ALL[0]); Algorithm::COUNT];
    let mut presented = [false; Algorithm::COUNT];
    let mut k = 0;
    while k < Algorithm::COUNT {
        table[k] = plain(Algorithm::ALL[k]);
        k += 1;
    }
    let mut r = 0;
    while r < ROWS.len() {
        let mut k = 0;
        while k < Algorithm::COUNT && !same(ROWS[r].name, table[k].name) {
            k += 1;
        }
        assert!(k < Algorithm::COUNT, "a catalogue row names no algorithm");
        assert!(!presented[k], "two catalogue rows for one algorithm");
        presented[k] = true;
        table[k] = ROWS[r];
        r += 1;
    }
    table
}

/// `a == b`, in a constant.
const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

impl Algorithm {
    /// Its row of [`TABLE`]: what the page shows of it.
    pub fn info(self) -> &'static AlgorithmInfo {
        &TABLE[self as usize]
    }

    /// Whether this rule takes the stopping rule `stop`: `gap` the rules that certify a bound
    /// (their relative gap ≤ TOL) and those with a cost of their own (the gradient rules and the
    /// soft margin: at their optimum's condition), `no-improvement` MinOver (κ not improved in
    /// `P` steps, read from its spec's step cost), `epochs` and `angle` every rule.
    pub fn takes_stop(self, stop: StopRule) -> bool {
        match stop {
            StopRule::Gap { .. } => self.info().certifies_bound || self.spec().objective.is_some(),
            StopRule::NoImprovement => self.cost() == StepCost::Potentials,
            StopRule::Epochs | StopRule::Angle { .. } => true,
        }
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

    #[test]
    fn every_shipped_algorithm_has_a_row_of_its_own() {
        for a in Algorithm::ALL {
            assert!(
                ROWS.iter().any(|r| r.name == a.name()),
                "{} has no row",
                a.name()
            );
        }
    }
}
