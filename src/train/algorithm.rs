//! Every algorithm of the lab by name, and what training needs to know of it: its [`Spec`] (the
//! work of one step, the settings it takes, its builder), declared in the rule's own file and
//! collected here by one exhaustive match ([`Algorithm::spec`]). How the page shows an algorithm
//! (label, colour, texts) is the catalogue's business (`crate::catalogue`), which reads this
//! module and never the other way round.

use super::{adaline, adatron, hebb, logistic, minover, notes, pocket, rosenblatt, students};
use super::{Config, Mode, Trainer};
use crate::data::Dataset;
use crate::error::{Error, Result};
use crate::named::named_enum;
use serde::Serialize;

/// An algorithm: a training rule, or `exact`, the exact optimum of maximal stability (the
/// reference every rule is compared with; see [`crate::exact`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
// the TypeScript type is the union of the names (serde's kebab-case of the variants, which the
// tests check against the specs)
#[cfg_attr(
    target_arch = "wasm32",
    derive(tsify::Tsify),
    serde(rename_all = "kebab-case")
)]
pub enum Algorithm {
    /// Rosenblatt's perceptron rule (`src/train/rosenblatt.rs`).
    Rosenblatt,
    /// MinOver (`src/train/minover/`).
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
    /// The exact optimum of maximal stability (`src/exact/`); not a training rule.
    Exact,
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

impl StepCost {
    /// What one step of the budget `T` is for a rule of this cost (`--updates`' help, built
    /// from the specs); `None` where the budget does not apply (the samplers' chains, the exact
    /// optimum).
    pub const fn budget_step(self) -> Option<&'static str> {
        match self {
            StepCost::Potentials => Some(
                "one update on the least stable example (every step is an update: the reports' t_max)",
            ),
            StepCost::Presentation | StepCost::Gradient | StepCost::Pocket => {
                Some("one presentation of an example (updating or not)")
            }
            StepCost::Strengths => Some("one coordinate step (a pair step with a threshold)"),
            StepCost::Batch => Some("one gradient step counts P"),
            StepCost::OnePass => Some("one pass, not cut"),
            StepCost::Sample | StepCost::Exact => None,
        }
    }
}

/// Which of the optional settings of [`Config`] a rule takes (the others must be left unset).
#[allow(clippy::struct_excessive_bools)] // one independent flag per optional setting
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Takes {
    /// A starting perceptron [`Config::init`].
    pub init: bool,
    /// A learning rate [`Config::learning_rate`].
    pub learning_rate: bool,
    /// Rosenblatt's margin [`Config::margin`].
    pub margin: bool,
    /// A presentation order [`Config::order`].
    pub order: bool,
    /// A bound `γ` of the embedding strengths [`Config::gamma`] (the soft margin).
    pub gamma: bool,
}

impl Takes {
    /// No optional setting.
    pub const NOTHING: Takes = Takes {
        init: false,
        learning_rate: false,
        margin: false,
        order: false,
        gamma: false,
    };
    /// Only a starting perceptron.
    pub const INIT: Takes = Takes {
        init: true,
        ..Takes::NOTHING
    };

    /// These and a learning rate.
    #[must_use]
    pub const fn learning_rate(self) -> Takes {
        Takes {
            learning_rate: true,
            ..self
        }
    }

    /// These and a margin.
    #[must_use]
    pub const fn margin(self) -> Takes {
        Takes {
            margin: true,
            ..self
        }
    }

    /// These and a presentation order.
    #[must_use]
    pub const fn order(self) -> Takes {
        Takes {
            order: true,
            ..self
        }
    }

    /// These and a bound `γ`.
    #[must_use]
    pub const fn gamma(self) -> Takes {
        Takes {
            gamma: true,
            ..self
        }
    }
}

/// How a rule's trainer is built: on `data` in `mode` from the one configuration, already checked
/// against the rule's [`Takes`] ([`super::build_spec`]).
pub type Builder = fn(&Dataset, Mode, &Config) -> Result<Box<dyn Trainer>>;

/// A rule's own setting: a number the data view's settings hold for this rule alone, under `key`
/// (a name no field of [`Config`] has), written into the rule's run configuration by `set`.
#[derive(Debug, Clone, Copy)]
pub struct OwnSetting {
    /// Its key in the data view's settings (camelCase, as the page writes it).
    pub key: &'static str,
    /// Its value when the page sets none.
    pub default: f64,
    /// Writes the value into the rule's configuration: `config ← config with the value`.
    pub set: fn(&mut Config, f64),
}

/// What training knows of one rule, declared in the rule's file (`pub const SPEC`).
#[derive(Debug, Clone, Copy)]
pub struct Spec {
    /// The name (page, CLI, CSV).
    pub name: &'static str,
    /// The work of one of its steps.
    pub cost: StepCost,
    /// The optional settings it takes.
    pub takes: Takes,
    /// Whether its output is `1`/`0` (`1` iff `w·ξ > θ`, the lecture notes' convention) rather
    /// than `sign(w·ξ − θ)` ([`super::output`]).
    pub zero_one: bool,
    /// A setting of its own beside the shared ones of [`Config`] (the lecture-notes perceptron's
    /// fixed `η`): set on the page under its key for this rule alone; `None` for the others.
    pub own: Option<OwnSetting>,
    /// What a gradient rule minimises (its optimum is [`crate::optimum`]'s); `None` for the
    /// other rules.
    pub objective: Option<super::objective::Objective>,
    /// Whether it steps on strengths along the examples' unit directions (AdaTron and the soft
    /// margin, `adatron/`: no squared length, so a set whose lengths span `10³⁰⁰` trains like any
    /// other): like the gradient rules, which train on any finite set and stop short of
    /// "converged" where an example is beyond their steps' reach
    /// ([`super::gradient::unresolved`]), it is refused by name only for a set spanning beyond
    /// `2^1000` ([`crate::data::SPAN_BITS`]), where the short points round to the origin.
    pub unit_steps: bool,
    /// Its trainer.
    pub build: Builder,
}

impl Spec {
    /// The spec of a rule called `name` whose step costs `cost`, built by `build`, that takes no
    /// optional setting and outputs `sign(w·ξ − θ)`.
    pub const fn new(name: &'static str, cost: StepCost, build: Builder) -> Spec {
        Spec {
            name,
            cost,
            takes: Takes::NOTHING,
            zero_one: false,
            own: None,
            objective: None,
            unit_steps: false,
            build,
        }
    }

    /// This spec, taking the optional settings `takes`.
    #[must_use]
    pub const fn taking(self, takes: Takes) -> Spec {
        Spec { takes, ..self }
    }

    /// This spec, with a setting of its own ([`Spec::own`]).
    #[must_use]
    pub const fn owning(self, own: OwnSetting) -> Spec {
        Spec {
            own: Some(own),
            ..self
        }
    }

    /// This spec, of a gradient rule minimising `objective`.
    #[must_use]
    pub const fn minimising(self, objective: super::objective::Objective) -> Spec {
        Spec {
            objective: Some(objective),
            ..self
        }
    }

    /// This spec, of a rule stepping along unit directions ([`Spec::unit_steps`]).
    #[must_use]
    pub const fn on_unit_directions(self) -> Spec {
        Spec {
            unit_steps: true,
            ..self
        }
    }
}

/// `exact`'s spec: the exact optimum is not a training rule ([`crate::exact`] computes it).
const EXACT: Spec = Spec::new("exact", StepCost::Exact, not_a_rule);

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

    /// Its spec, from the rule's file.
    pub const fn spec(self) -> &'static Spec {
        match self {
            Algorithm::Rosenblatt => &rosenblatt::SPEC,
            Algorithm::Minover => &minover::SPEC,
            Algorithm::Adatron => &adatron::SPEC,
            Algorithm::Hebb => &hebb::SPEC,
            Algorithm::Adaline => &adaline::SPEC,
            Algorithm::AdalineBatch => &adaline::BATCH_SPEC,
            Algorithm::Pocket => &pocket::SPEC,
            Algorithm::SoftMargin => &adatron::SOFT_MARGIN_SPEC,
            Algorithm::Logistic => &logistic::SPEC,
            Algorithm::LogisticSquared => &logistic::SQUARED_SPEC,
            Algorithm::AdalineTanh => &logistic::TANH_SPEC,
            Algorithm::PerceptronNotes => &notes::SPEC,
            Algorithm::Gibbs => &students::GIBBS_SPEC,
            Algorithm::Bayes => &students::BAYES_SPEC,
            Algorithm::Exact => &EXACT,
        }
    }

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
}
