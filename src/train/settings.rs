//! The settings of a training run a user sets, one descriptor each ([`SETTINGS`]): its key (the
//! CLI's flag without `--`), type, default, valid range, unit, the rules that take it and one line
//! of help. The CLI checks its flags against it, `perceptron-lab list settings` prints it, and the
//! docs' settings table is generated from that.

use super::algorithm::Algorithm;
use super::config::{Budget, Config, Presentation, GAMMA, MAX_EPOCHS};
use super::spec::Optional;
use crate::error::{Error, Result};
use crate::measure::Perceptron;
use serde::{Deserialize, Serialize};

/// What a setting's value is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// A whole number.
    Integer,
    /// A real number.
    Number,
    /// A comma-separated list of numbers.
    Numbers,
    /// One of the names in the help.
    Choice,
}

impl Kind {
    /// Its name in the table.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Integer => "integer",
            Kind::Number => "number",
            Kind::Numbers => "numbers",
            Kind::Choice => "choice",
        }
    }
}

/// A setting's valid range `[min, max]`, either end open or closed, and how messages write it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Range {
    /// The lower end.
    pub min: f64,
    /// Whether `min` itself is refused.
    pub min_open: bool,
    /// The upper end (`∞`: none).
    pub max: f64,
    /// The range as messages write it (`(0, ∞)`); a test checks it against the ends.
    pub text: &'static str,
}

impl Range {
    /// Whether `value` is in the range (and finite).
    pub fn contains(&self, value: f64) -> bool {
        let above = if self.min_open {
            value > self.min
        } else {
            value >= self.min
        };
        value.is_finite() && above && value <= self.max
    }
}

/// `(0, ∞)`.
const POSITIVE: Range = Range {
    min: 0.0,
    min_open: true,
    max: f64::INFINITY,
    text: "(0, ∞)",
};

/// A setting's default.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum DefaultValue {
    /// This value.
    Value(f64),
    /// The rule's own (its module says which).
    Rule,
    /// Not set.
    Unset,
}

/// Which rules take a setting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rules {
    /// Every training rule.
    All,
    /// The rules whose budget counts steps ([`super::StepCost::budget_step`]).
    Budgeted,
    /// The rules that take this optional setting ([`super::Takes`]).
    Taking(Optional),
}

impl Rules {
    /// Whether `algorithm` takes the setting.
    pub fn take(self, algorithm: Algorithm) -> bool {
        algorithm.is_rule()
            && match self {
                Rules::All => true,
                Rules::Budgeted => algorithm.cost().budget_step().is_some(),
                Rules::Taking(o) => algorithm.spec().takes.has(o),
            }
    }
}

/// One setting of a run.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Descriptor {
    /// The key: the CLI's flag without `--`.
    pub key: &'static str,
    /// What its value is.
    pub kind: Kind,
    /// Its default.
    pub default: DefaultValue,
    /// Its valid range (numbers only; `None` for a choice or a list).
    pub range: Option<Range>,
    /// Its unit, if any.
    pub unit: &'static str,
    /// The rules that take it.
    pub rules: Rules,
    /// One line of help.
    pub help: &'static str,
    /// What a longer help adds (the CLI's `--help`): a rule's own meaning of it, its bounds on
    /// the data, its default per rule; empty when the line says it all.
    pub details: &'static str,
}

impl Descriptor {
    /// The rules that take it, comma-separated.
    pub fn rule_names(&self) -> String {
        Algorithm::rules()
            .filter(|&a| self.rules.take(a))
            .map(Algorithm::name)
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Checks that `algorithm` takes this setting and that `value` is in its range.
    ///
    /// # Errors
    /// [`Error::NotTaken`] naming the setting and the rules that take it; [`Error::OutOfRange`]
    /// naming the key, the value and the range ([`Error::NotWhole`] for a whole number's, as a
    /// sweep's whole fields and the CLI's flags say it: `seed must be a whole number in [0, …]`).
    pub fn check(&self, algorithm: Algorithm, value: Option<f64>) -> Result<()> {
        if !self.rules.take(algorithm) {
            return Err(Error::NotTaken {
                setting: self.key,
                rule: algorithm.name(),
                rules: self.rule_names(),
            });
        }
        match (self.range, value) {
            (Some(range), Some(v)) if !range.contains(v) && self.kind == Kind::Integer => {
                Err(Error::NotWhole {
                    name: self.key,
                    value: v,
                    range: range.text,
                })
            }
            (Some(range), Some(v)) if !range.contains(v) => Err(Error::OutOfRange {
                name: self.key,
                value: v,
                range: range.text,
            }),
            _ => Ok(()),
        }
    }

    /// The default as the table writes it.
    pub fn default_text(&self) -> String {
        match self.default {
            DefaultValue::Value(v) => v.to_string(),
            DefaultValue::Rule => "rule's own".into(),
            DefaultValue::Unset => String::new(),
        }
    }
}

/// The settings of a run, in the order of the CLI's help.
pub const SETTINGS: [Descriptor; 8] = [
    Descriptor {
        key: "epochs",
        kind: Kind::Number,
        default: DefaultValue::Value(MAX_EPOCHS),
        range: Some(POSITIVE),
        unit: "epochs",
        rules: Rules::All,
        help: "Epoch limit: at most this many times P steps",
        details: "An epoch is P steps of the rule (list algorithms says what a step is); a rule stops earlier only at its own stop",
    },
    Descriptor {
        key: "updates",
        kind: Kind::Integer,
        default: DefaultValue::Unset,
        range: Some(Range {
            min: 1.0,
            min_open: false,
            max: 18_446_744_073_709_551_615.0,
            text: "[1, 18446744073709551615]",
        }),
        unit: "steps",
        rules: Rules::Budgeted,
        help: "Step budget T instead of the epoch limit (what a step is: list algorithms' rule)",
        details: "",
    },
    Descriptor {
        key: "init",
        kind: Kind::Numbers,
        default: DefaultValue::Rule,
        range: None,
        unit: "",
        rules: Rules::Taking(Optional::Init),
        help: "Starting perceptron w1,…,wN[,θ] instead of the rule's own start",
        details: "θ needs a threshold",
    },
    Descriptor {
        key: "eta",
        kind: Kind::Number,
        default: DefaultValue::Rule,
        range: Some(POSITIVE),
        unit: "",
        rules: Rules::Taking(Optional::LearningRate),
        help: "Learning rate η (a rule stepping on strengths: the book's fixed step, below 2/max C^μμ)",
        details: "A rule stepping on its strengths x^μ takes the book's fixed step x^μ ← max(0, x^μ + η(1 − E^μ)) (Biehl §3.7), converging for 0 < η < 2/max C^μμ, C^μμ = |ξ^μ|²/N (with a threshold η < 1/(2 max C^μμ)); its default there is the exact coordinate step η = 1/C^μμ of each example",
    },
    Descriptor {
        key: "gamma",
        kind: Kind::Number,
        default: DefaultValue::Value(GAMMA),
        range: Some(POSITIVE),
        unit: "",
        rules: Rules::Taking(Optional::Gamma),
        help: "The bound γ of the embedding strengths, 0 ≤ x^μ ≤ γ",
        details: "The rule minimises |w|²/2 + γ Σ β^μ; a large γ approaches the hard margin",
    },
    Descriptor {
        key: "margin",
        kind: Kind::Number,
        default: DefaultValue::Value(0.0),
        range: Some(Range {
            min: 0.0,
            min_open: false,
            max: f64::INFINITY,
            text: "[0, ∞)",
        }),
        unit: "",
        rules: Rules::Taking(Optional::Margin),
        help: "Margin c: update when E^μ ≤ c",
        details: "",
    },
    Descriptor {
        key: "order",
        kind: Kind::Choice,
        default: DefaultValue::Rule,
        range: None,
        unit: "",
        rules: Rules::Taking(Optional::Order),
        help: "Presentation order: cyclic or random",
        details: "The rule's own is cyclic, the notes' perceptron's random",
    },
    Descriptor {
        key: "seed",
        kind: Kind::Integer,
        default: DefaultValue::Value(1.0),
        range: Some(Range {
            min: 0.0,
            min_open: false,
            max: 18_446_744_073_709_551_615.0,
            text: super::whole::SEED_RANGE,
        }),
        unit: "",
        rules: Rules::All,
        help: "Seed of the random rules (random orders, draws and starts)",
        details: "",
    },
];

/// The setting called `key`.
///
/// # Errors
/// [`Error::Unknown`] naming the keys.
pub fn setting(key: &str) -> Result<&'static Descriptor> {
    SETTINGS
        .iter()
        .find(|d| d.key == key)
        .ok_or_else(|| Error::Unknown {
            kind: "setting",
            name: key.into(),
            expected: SETTINGS.map(|d| d.key).join(", "),
        })
}

/// A run's settings as a user gives them, by the table's keys (the CLI's `train` flags, the Python
/// package's keywords); `None`: not given, the rule's or the table's default.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Given {
    /// `epochs`.
    pub epochs: Option<f64>,
    /// `updates` (a whole number).
    pub updates: Option<f64>,
    /// `init`: `w1,…,wN[,θ]`.
    pub init: Option<Vec<f64>>,
    /// `eta`.
    pub eta: Option<f64>,
    /// `gamma`.
    pub gamma: Option<f64>,
    /// `margin`.
    pub margin: Option<f64>,
    /// `order`.
    pub order: Option<Presentation>,
    /// `seed` (a whole number).
    pub seed: Option<f64>,
}

impl Given {
    /// The settings given, by key, each with its number (`None` for a list or a choice).
    fn given(&self) -> Vec<(&'static str, Option<f64>)> {
        let number = |key, v: Option<f64>| v.map(|v| (key, Some(v)));
        let other = |key, given: bool| given.then_some((key, None));
        [
            number("epochs", self.epochs),
            number("updates", self.updates),
            other("init", self.init.is_some()),
            number("eta", self.eta),
            number("gamma", self.gamma),
            number("margin", self.margin),
            other("order", self.order.is_some()),
            number("seed", self.seed),
        ]
        .into_iter()
        .flatten()
        .collect()
    }

    /// Each setting given checked against the table — refused by name where `algorithm` does not
    /// take it, with the key and the range where it is out of range or not whole — and the run's
    /// [`Config`] for inputs of dimension `dim`. (The rule's builder then checks what depends on
    /// the data, as AdaTron's `η < 2/max C^μμ`.)
    ///
    /// # Errors
    /// [`Error::NotTaken`], [`Error::OutOfRange`], [`Error::BadText`] for an `init` of the wrong
    /// length.
    pub fn config(&self, algorithm: Algorithm, dim: usize, threshold: bool) -> Result<Config> {
        for (key, value) in self.given() {
            let d = setting(key)?;
            d.check(algorithm, value)?;
            if let (Kind::Integer, Some(v), Some(range)) = (d.kind, value, d.range) {
                if v.fract() != 0.0 {
                    return Err(Error::NotWhole {
                        name: d.key,
                        value: v,
                        range: range.text,
                    });
                }
            }
        }
        Ok(Config {
            max_epochs: Some(self.epochs.unwrap_or(MAX_EPOCHS)),
            seed: self.seed.map_or(1, |s| s as u64),
            init: self
                .init
                .as_deref()
                .map(|v| init_perceptron(v, dim, threshold))
                .transpose()?,
            learning_rate: self.eta,
            gamma: self.gamma.unwrap_or(GAMMA),
            margin: self.margin,
            order: self.order,
            budget: Budget {
                steps: self.updates.map(|u| u as usize),
                angle: None,
            },
            ..Config::default()
        })
    }
}

/// The perceptron of `init = w1,…,wN[,θ]` for inputs of dimension `n`.
fn init_perceptron(v: &[f64], n: usize, threshold: bool) -> Result<Perceptron> {
    let refused = |expected: String| Error::BadText {
        name: "init",
        text: v.iter().map(f64::to_string).collect::<Vec<_>>().join(","),
        expected,
    };
    if let Some(x) = v.iter().find(|x| !x.is_finite()) {
        return Err(refused(format!("{x} is not a finite number")));
    }
    match v.len() {
        len if len == n => Ok(Perceptron::new(v.to_vec(), 0.0)),
        len if len == n + 1 && threshold => Ok(Perceptron::new(v[..n].to_vec(), v[n])),
        len if len == n + 1 => Err(refused(format!(
            "{len} values, w and θ: a θ needs a learned threshold (--threshold; in Python threshold=True), through the origin give the {n} weights only"
        ))),
        len => Err(refused(format!(
            "{len} values; the data have N = {n} inputs: give w1,…,w{n} or w1,…,w{n},θ"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each range's text is its ends: `(` or `[`, the min, the max or `∞)`.
    #[test]
    fn range_texts_are_their_ends() {
        for d in SETTINGS {
            let Some(r) = d.range else { continue };
            let open = if r.min_open { '(' } else { '[' };
            let max = if r.max.is_infinite() {
                "∞)".to_string()
            } else {
                format!("{}]", r.max as u64)
            };
            assert_eq!(r.text, format!("{open}{}, {max}", r.min), "{}", d.key);
        }
    }

    #[test]
    fn keys_are_unique_and_found() {
        for d in SETTINGS {
            assert_eq!(setting(d.key).unwrap().key, d.key);
        }
        assert!(setting("lambda").is_err());
    }
}
