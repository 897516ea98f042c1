//! What training knows of one rule ([`Spec`]): the work of one step ([`StepCost`]), the
//! optional settings it takes ([`Takes`] of [`Optional`]), a setting of its own ([`OwnSetting`]), and its
//! builder. Each rule declares its spec in its own file; [`super::algorithm`] collects them.

use super::config::Config;
use super::objective::Objective;
use super::{Mode, Trainer};
use crate::data::Dataset;
use crate::error::Result;
use serde::Serialize;

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

/// The optional settings of [`Config`] a rule may take ([`Takes`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Optional {
    /// [`Config::init`].
    Init,
    /// [`Config::learning_rate`].
    LearningRate,
    /// [`Config::margin`].
    Margin,
    /// [`Config::order`].
    Order,
    /// [`Config::gamma`] (always has a value: a caller that lets users set it asks
    /// [`Optional::check`] when they do, as the CLI's `--gamma`).
    Gamma,
}

/// The optional settings a rule takes, a set of [`Optional`] (the others must be left unset).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Takes(u8);

impl Takes {
    /// No optional setting.
    pub const NOTHING: Takes = Takes(0);

    /// These settings.
    pub const fn of(settings: &[Optional]) -> Takes {
        let mut bits = 0;
        let mut k = 0;
        while k < settings.len() {
            bits |= 1 << settings[k] as u8;
            k += 1;
        }
        Takes(bits)
    }

    /// Whether it takes `setting`.
    pub const fn has(self, setting: Optional) -> bool {
        self.0 & (1 << setting as u8) != 0
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
    pub objective: Option<Objective>,
    /// Whether it steps on strengths along the examples' unit directions (AdaTron and the soft
    /// margin, `adatron/`: no squared length, so a set whose lengths span `10³⁰⁰` trains like any
    /// other): like the gradient rules, which train on any finite set and stop short of
    /// "converged" where an example is beyond their steps' reach
    /// ([`super::gradient::unresolved`]), it is refused by name only for a set spanning beyond
    /// `2^1000` ([`crate::data::SPAN_BITS`]), where the short points round to the origin.
    pub unit_steps: bool,
    /// What it is, in plain text: the page shows it beside the views, `list algorithms` and the
    /// docs' tables print it.
    pub texts: Texts,
    /// Its trainer.
    pub build: Builder,
}

/// What a rule is, in plain text (one line each).
#[derive(Debug, Clone, Copy)]
pub struct Texts {
    /// What it optimises.
    pub optimises: &'static str,
    /// When it stops.
    pub stops: &'static str,
    /// Its update rule.
    pub rule: &'static str,
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
            texts: Texts {
                optimises: "",
                stops: "",
                rule: "",
            },
            build,
        }
    }

    /// This spec, described by `texts`.
    #[must_use]
    pub const fn describing(self, texts: Texts) -> Spec {
        Spec { texts, ..self }
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
    pub const fn minimising(self, objective: Objective) -> Spec {
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
