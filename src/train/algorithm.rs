//! Every algorithm of the lab by name, and what training needs to know of it: its [`Spec`] (the
//! work of one step, the settings it takes, its builder), declared in the rule's own file and
//! collected here by one exhaustive match ([`Algorithm::spec`]). How the page shows an algorithm
//! (label, colour, texts) is the catalogue's business (`crate::catalogue`), which reads this
//! module and never the other way round.

use super::spec::Optional;
use super::spec::{Spec, StepCost, Texts};
use super::{adaline, adatron, hebb, logistic, minover, notes, pocket, rosenblatt, students};
use super::{Config, Mode, Trainer};
use crate::data::Dataset;
use crate::error::{Error, Result};
use crate::named::named_enum;

/// Declares every algorithm once, in menu order: its variant (whose kebab-case is its name, which
/// the spec repeats and a test checks) and its spec, from the rule's file. From that one list come
/// the enum [`Algorithm`], [`Algorithm::ALL`] and [`Algorithm::spec`]; a new rule is its file,
/// one line here and its presentation in the catalogue (`crate::catalogue`).
macro_rules! algorithms {
    ($($(#[$doc:meta])* $variant:ident => $spec:expr,)*) => {
        /// An algorithm: a training rule, or `exact`, the exact optimum of maximal stability (the
        /// reference every rule is compared with; see [`crate::exact`]).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        // the TypeScript type is the union of the names (serde's kebab-case of the variants,
        // which the tests check against the specs)
        #[cfg_attr(
            target_arch = "wasm32",
            derive(tsify::Tsify),
            serde(rename_all = "kebab-case")
        )]
        pub enum Algorithm {
            $($(#[$doc])* $variant,)*
        }

        impl Algorithm {
            /// How many algorithms there are.
            pub const COUNT: usize = [$(stringify!($variant)),*].len();

            /// Every algorithm, in the order of the menus.
            pub const ALL: [Algorithm; Algorithm::COUNT] = [$(Algorithm::$variant),*];

            /// Its spec, from the rule's file.
            pub const fn spec(self) -> &'static Spec {
                match self {
                    $(Algorithm::$variant => &$spec,)*
                }
            }
        }
    };
}

algorithms! {
    /// Rosenblatt's perceptron rule (`src/train/rosenblatt.rs`).
    Rosenblatt => rosenblatt::SPEC,
    /// MinOver (`src/train/minover/`).
    Minover => minover::SPEC,
    /// AdaTron (`src/train/adatron/`).
    Adatron => adatron::SPEC,
    /// Hebb's rule, one pass (`src/train/hebb.rs`).
    Hebb => hebb::SPEC,
    /// Sequential Adaline / LMS (`src/train/adaline.rs`).
    Adaline => adaline::SPEC,
    /// Batch Adaline, gradient descent on all examples (`src/train/adaline.rs`).
    AdalineBatch => adaline::BATCH_SPEC,
    /// Gallant's pocket algorithm with ratchet (`src/train/pocket.rs`).
    Pocket => pocket::SPEC,
    /// AdaTron with bounded embedding strengths (`src/train/adatron/`).
    SoftMargin => adatron::SOFT_MARGIN_SPEC,
    /// Logistic unit, cross-entropy (`src/train/logistic.rs`).
    Logistic => logistic::SPEC,
    /// Logistic unit, squared error (`src/train/logistic.rs`).
    LogisticSquared => logistic::SQUARED_SPEC,
    /// The tanh Adaline of the course notes: squared error of `tanh(a)`, started far off
    /// (`src/train/logistic.rs`).
    AdalineTanh => logistic::TANH_SPEC,
    /// The lecture notes' perceptron: 0/1 targets, learning rate η (`src/train/notes.rs`).
    PerceptronNotes => notes::SPEC,
    /// The Gibbs student: a uniform draw from the version space (`src/train/students/`).
    Gibbs => students::GIBBS_SPEC,
    /// The Bayes student: the version space's centre of mass (`src/train/students/`).
    Bayes => students::BAYES_SPEC,
    /// The exact optimum of maximal stability (`src/exact/`); not a training rule.
    Exact => EXACT,
}

/// `exact`'s spec: the exact optimum is not a training rule ([`crate::exact`] computes it).
const EXACT: Spec = Spec::new("exact", StepCost::Exact, not_a_rule)
.describing(Texts {
                optimises: "the maximal stability κ_max exactly: the nearest point of the convex hull of Sμξμ to the origin (with θ: of the classes' hulls to each other)",
                stops: "exactly, after finitely many active-set steps ending in a linear solve",
                rule: "min |w|²/2 subject to (w·ξμ − θ)Sμ ≥ 1 for every μ",
            });

/// The builder of `exact`.
///
/// # Errors
/// Always [`Error::Unknown`], naming the training rules.
fn not_a_rule(_data: &Dataset, _mode: Mode, _config: &Config) -> Result<Box<dyn Trainer>> {
    Err(Error::Unknown {
        kind: "training rule",
        name: Algorithm::Exact.name().into(),
        expected: Algorithm::rules()
            .map(Algorithm::name)
            .collect::<Vec<_>>()
            .join(", "),
    })
}

impl Algorithm {
    /// The work of one of its steps.
    pub const fn cost(self) -> StepCost {
        self.spec().cost
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

impl Config {
    /// Checks the settings against the rule of `spec`: the epoch limit, the budget, and that the
    /// rule takes every optional setting that is set. (The rule's builder checks the values of
    /// its own settings.)
    ///
    /// # Errors
    /// [`Error::Unknown`] naming an optional setting the rule does not take and the rules that
    /// do; [`Error::OutOfRange`] for an epoch limit that is not positive and finite, a budget of
    /// 0 steps, an angle tolerance that is not positive and finite, a block of 0 steps.
    pub fn check(&self, spec: &Spec) -> Result<()> {
        self.epochs()?;
        for (is_set, setting) in [
            (self.init.is_some(), Optional::Init),
            (self.learning_rate.is_some(), Optional::LearningRate),
            (self.margin.is_some(), Optional::Margin),
            (self.order.is_some(), Optional::Order),
        ] {
            if is_set {
                setting.check(spec)?;
            }
        }
        if self.budget.steps == Some(0) {
            return Err(Error::OutOfRange {
                name: "step budget",
                value: 0.0,
                range: "[1, ∞)",
            });
        }
        if let Some(a) = self.budget.angle {
            if !(a.tolerance > 0.0 && a.tolerance.is_finite()) {
                return Err(Error::OutOfRange {
                    name: "angle tolerance",
                    value: a.tolerance,
                    range: "(0, ∞) radians",
                });
            }
            if a.block == Some(0) {
                return Err(Error::OutOfRange {
                    name: "angle block T",
                    value: 0.0,
                    range: "[1, ∞) steps",
                });
            }
        }
        Ok(())
    }
}

impl Optional {
    /// What the rule would be for, in the message.
    fn kind(self) -> &'static str {
        match self {
            Optional::Init => "rule for an initial perceptron",
            Optional::LearningRate => "rule for a learning rate",
            Optional::Margin => "rule for a margin",
            Optional::Order => "rule for a presentation order",
            Optional::Gamma => "rule for a bound γ",
        }
    }

    /// Checks that the rule of `spec` takes this setting.
    ///
    /// # Errors
    /// [`Error::Unknown`] naming the rule and the rules that take it.
    pub fn check(self, spec: &Spec) -> Result<()> {
        if spec.takes.has(self) {
            return Ok(());
        }
        Err(Error::Unknown {
            kind: self.kind(),
            name: spec.name.into(),
            expected: Algorithm::ALL
                .iter()
                .filter(|a| a.spec().takes.has(self))
                .map(|a| a.name())
                .collect::<Vec<_>>()
                .join(", "),
        })
    }
}

named_enum!(Algorithm, "algorithm", spec);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_the_promised_ones_in_menu_order() {
        // docs/design.md: the same names everywhere (page, CLI, CSV)
        let promised = [
            "rosenblatt",
            "minover",
            "adatron",
            "hebb",
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
            "exact",
        ];
        assert_eq!(Algorithm::names(), promised.join(", "));
        for (k, name) in promised.into_iter().enumerate() {
            assert_eq!(Algorithm::from_name(name).unwrap(), Algorithm::ALL[k]);
            assert_eq!(Algorithm::ALL[k] as usize, k);
        }
    }

    /// Every algorithm says what it optimises, when it stops and how it steps: the page, `list
    /// algorithms` and the docs read it from its spec.
    #[test]
    fn every_spec_is_described() {
        for a in Algorithm::ALL {
            let t = a.spec().texts;
            for (what, text) in [
                ("optimises", t.optimises),
                ("stops", t.stops),
                ("rule", t.rule),
            ] {
                assert!(!text.trim().is_empty(), "{a:?} has no {what}");
            }
        }
    }
}
