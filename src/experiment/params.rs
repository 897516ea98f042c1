//! What a sweep is: the `α` grid, repetitions, algorithms, labels and stopping rule, checked.

use crate::error::{Error, Result};
use crate::train::Algorithm;
use crate::train::{AngleStop, Budget, Config};

use serde::{Deserialize, Serialize};

/// Teacher labels (with optional noise) or random labels.
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Labels {
    /// `S = sign(w*·ξ)`, then flipped with probability λ.
    Teacher,
    /// `S = ±1` with probability ½ each (storage problem).
    Random,
}

/// When the iterative rules stop. Written `{"kind": …, …}`.
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum StopRule {
    /// Exactly `epochs` epochs (MinOver: `epochs·P` steps), for every rule: a rule stops
    /// earlier only at a fixed point that no further step leaves, and says so — Rosenblatt,
    /// pocket and the notes' perceptron with no errors, AdaTron and the soft margin where no
    /// step can move (their KKT conditions hold exactly, or no finite step exists); Hebb's one
    /// pass and the students' draws are not iterations to a limit.
    Epochs,
    /// MinOver: stop when `κ(w)` has not improved for `P` steps (the assignments' rule);
    /// the others as with `Epochs`.
    NoImprovement,
    /// MinOver and AdaTron: stop when the certified relative gap is below `tolerance`.
    Gap {
        /// Relative gap tolerance.
        tolerance: f64,
    },
    /// Every iterative rule: stop at the first block of `T` steps over which `w` turned by less
    /// than `tolerance` radians (Biehl §3.6.2; [`crate::train::AngleStop`]), or at the limit.
    Angle {
        /// The angle tolerance, in radians.
        tolerance: f64,
        /// `T` in steps; absent: one epoch, `P` steps.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        block: Option<usize>,
    },
}

impl StopRule {
    /// The name of its kind as the CLI's `--stop` and the page's form write it.
    pub const fn kind_name(self) -> &'static str {
        match self {
            StopRule::Epochs => "epochs",
            StopRule::NoImprovement => "no-improvement",
            StopRule::Gap { .. } => "gap",
            StopRule::Angle { .. } => "angle",
        }
    }

    /// Sets the fields of a run's configuration that the rule decides, for a set of `p`
    /// examples: the gap tolerance, the gradient rules' and the soft margin's KKT tolerance (0,
    /// never, unless [`StopRule::Gap`]),
    /// MinOver's patience (`P`
    /// steps for [`StopRule::NoImprovement`]) and the angle stop of [`StopRule::Angle`].
    pub fn apply(self, config: &mut Config, p: usize) {
        config.gap_tolerance = match self {
            StopRule::Gap { tolerance } => tolerance,
            _ => 0.0,
        };
        // the gradient rules and the soft margin stop at their optimum with the gap rule, else
        // run to the limit (the soft margin stops early only where its KKT conditions hold
        // exactly: no step can move it)
        (config.gradient_tolerance, config.kkt_tolerance) = match self {
            StopRule::Gap { .. } => (
                crate::train::config::GRADIENT_TOLERANCE,
                crate::train::config::KKT_TOLERANCE,
            ),
            _ => (0.0, 0.0),
        };
        config.patience = (self == StopRule::NoImprovement).then_some(p);
        config.budget.angle = match self {
            StopRule::Angle { tolerance, block } => Some(AngleStop { tolerance, block }),
            _ => None,
        };
    }
}

/// A learning-curve sweep: its grid, data, rules, limits, seed and stopping rule, as the page, its
/// workers and saved files write it; [`CurveParams::run`] is the run configuration every cell's
/// rules start from.
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CurveParams {
    /// Input dimension `N`.
    #[serde(deserialize_with = "read_n")]
    pub n: usize,
    /// The `α` grid.
    pub alphas: Vec<f64>,
    /// Repetitions per `α` (`n_D`).
    #[serde(deserialize_with = "read_reps")]
    pub reps: usize,
    /// Algorithms: any of the catalogue, `exact` included.
    #[cfg_attr(target_arch = "wasm32", tsify(type = "Algorithm[]"))]
    pub algorithms: Vec<Algorithm>,
    /// Epoch limit of the iterative rules (ignored when `updates` is set).
    pub epochs: f64,
    /// Step budget of the iterative rules instead of the epoch limit: `T` steps of the rule
    /// ([`crate::train::StepCost`] says what a step is; MinOver's are updates, the course
    /// reports' `t_max`), i.e. `T/P` epochs at each `α`. Absent: the epoch limit.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "super::whole::updates"
    )]
    pub updates: Option<usize>,
    /// Seed of the whole sweep (each cell's is drawn from it).
    #[serde(deserialize_with = "super::whole::seed")]
    pub seed: u64,
    /// Label noise λ (teacher labels only).
    pub noise: f64,
    /// Teacher or random labels.
    pub labels: Labels,
    /// Stopping rule of the iterative rules.
    pub stop: StopRule,
    /// Also test a random labelling of each cell's inputs for linear separability (the storage
    /// problem, against Cover's `C(P,N)/2^P`); with random labels that is the data itself.
    #[serde(default)]
    pub random_separability: bool,
}

/// The epoch limit of a sweep's iterative rules when it sets none (a run outside a sweep:
/// [`crate::train::config::MAX_EPOCHS`]): a sweep runs thousands of them.
pub const SWEEP_EPOCHS: f64 = 100.0;

/// The largest `N` of a sweep, the largest of a file's set ([`crate::data::MAX_DIM`]).
pub const MAX_N: usize = crate::data::MAX_DIM;

/// The most repetitions per `α` that the page and the CLI take.
pub const MAX_REPS: usize = 100_000;
/// `[1, MAX_N]` as messages write it (a test checks it against the constant).
const N_RANGE: &str = "[1, 100000]";
/// `[1, MAX_REPS]` as messages write it (a test checks it against the constant).
const REPS_RANGE: &str = "[1, 100000]";

/// `n` as a whole number in `[1, MAX_N]` ([`super::whole`]).
fn read_n<'de, D: serde::Deserializer<'de>>(d: D) -> std::result::Result<usize, D::Error> {
    super::whole::read(d, "N", (1, MAX_N as u64), N_RANGE).map(|v| v as usize)
}

/// `reps` as a whole number in `[1, MAX_REPS]` ([`super::whole`]).
fn read_reps<'de, D: serde::Deserializer<'de>>(d: D) -> std::result::Result<usize, D::Error> {
    super::whole::read(d, "repetitions", (1, MAX_REPS as u64), REPS_RANGE).map(|v| v as usize)
}

/// The largest sweep accepted (cells × `P_max` × `N`), a guard against absurd sizes.
pub const MAX_WORK: f64 = 1e12;

/// The largest set of a sweep's cell, `P·N` values (256 MiB of `f64`): each cell holds its set
/// (and a rule its own copy) while it runs, in every thread or worker at once, and the page's
/// workers have a 32-bit address space. The other memory of a cell is bounded by it: the exact
/// optimum's active set (at most `min(P, N)` rows) and the weights; a rule's Gram matrix `P²`
/// has its own budget ([`crate::train::Gram`], 64 MiB) and is not stored beyond it.
pub const MAX_SET_VALUES: usize = crate::data::MAX_VALUES;

impl CurveParams {
    /// The run configuration every cell's rules start from: the epoch limit, the step budget
    /// [`Budget::steps`] (which replaces it), the sweep's seed, the rest of [`Config`] at its
    /// defaults (each cell then sets its own seed and [`StopRule::apply`] the fields it decides).
    pub fn run(&self) -> Config {
        Config {
            max_epochs: Some(self.epochs),
            seed: self.seed,
            budget: Budget {
                steps: self.updates,
                angle: None,
            },
            ..Config::default()
        }
    }

    /// Checks the parameters.
    ///
    /// # Errors
    /// [`Error::NoExamples`] for an `α` with `P = round(αN) < 1`;
    /// [`Error::OutOfRange`] for `N = 0`, no `α`, an `α ≤ 0` or non-finite, no repetitions,
    /// a non-positive epoch limit, a budget of 0 updates, `λ ∉ [0, 1]`, a bad tolerance or
    /// block, or an absurd total size; [`Error::TooLarge`] for a cell's set of more than
    /// [`MAX_SET_VALUES`] values `P·N` (checked here, before any cell allocates it);
    /// [`Error::Unknown`] for an unknown algorithm.
    pub fn validate(&self) -> Result<()> {
        self.validate_set("the sweep's largest set")
    }

    /// [`CurveParams::validate`], the message of a set too large naming it `set` (a trace's
    /// "the run's set").
    ///
    /// # Errors
    /// Those of [`CurveParams::validate`].
    pub(crate) fn validate_set(&self, set: &str) -> Result<()> {
        let range = |name, value: f64, range| Err(Error::OutOfRange { name, value, range });
        if self.n == 0 || self.n > MAX_N {
            return range("N", self.n as f64, N_RANGE);
        }
        if self.alphas.is_empty() {
            return range("number of α values", 0.0, "[1, ∞)");
        }
        if let Some(&a) = self.alphas.iter().find(|a| !(**a > 0.0 && a.is_finite())) {
            return range("α", a, "(0, ∞)");
        }
        if let Some(&alpha) = self
            .alphas
            .iter()
            .find(|&&a| (a * self.n as f64).round() < 1.0)
        {
            return Err(Error::NoExamples { alpha, n: self.n });
        }
        if self.reps == 0 || self.reps > MAX_REPS {
            return range("repetitions", self.reps as f64, REPS_RANGE);
        }
        let epochs = self.epochs;
        if !(epochs > 0.0 && epochs.is_finite()) {
            return range("epochs", epochs, "(0, ∞)");
        }
        if !(0.0..=1.0).contains(&self.noise) {
            return range("label noise λ", self.noise, "[0, 1]");
        }
        if self.updates == Some(0) {
            let table = crate::train::settings::setting("updates")?.range;
            return range("updates", 0.0, table.map_or("[1, ∞)", |r| r.text));
        }
        match self.stop {
            StopRule::Gap { tolerance } if !(tolerance > 0.0 && tolerance.is_finite()) => {
                return range("gap tolerance", tolerance, "(0, ∞)");
            }
            StopRule::Angle { tolerance, .. } if !(tolerance > 0.0 && tolerance.is_finite()) => {
                return range("angle tolerance", tolerance, "(0, ∞) radians");
            }
            StopRule::Angle { block: Some(0), .. } => {
                return range("angle block T", 0.0, "[1, ∞) steps");
            }
            _ => {}
        }
        if self.algorithms.is_empty() {
            return range("number of algorithms", 0.0, "[1, 12]");
        }
        let p_max = self.alphas.iter().map(|&a| self.p(a)).max().unwrap_or(1);
        let work = self.cells() as f64 * p_max as f64 * self.n as f64;
        if work > MAX_WORK {
            return range("sweep size (cells × P × N)", work, "[1, 10¹²]");
        }
        self.check_memory(set)
    }

    /// [`Error::TooLarge`] when the largest set of the sweep, `P·N` values at its largest `α`,
    /// exceeds [`MAX_SET_VALUES`]; the message names the `set`, `α`, `N`, `P` and the memory it
    /// would need.
    fn check_memory(&self, set: &str) -> Result<()> {
        let alpha = self.alphas.iter().copied().fold(0.0, f64::max);
        // in f64: P·N of an absurd α overflows usize
        let p = (alpha * self.n as f64).round().max(1.0);
        let values = p * self.n as f64;
        if values > MAX_SET_VALUES as f64 {
            return Err(Error::TooLarge {
                what: format!("{set}, P × N = {p} × {} at α = {alpha}", self.n),
                values,
                max: MAX_SET_VALUES,
            });
        }
        Ok(())
    }

    /// `P = round(α N)`, at least 1 (validate refuses an `α` below that).
    pub fn p(&self, alpha: f64) -> usize {
        ((alpha * self.n as f64).round() as usize).max(1)
    }

    /// Whether each cell's own data are tested for separability (by the exact optimum, which
    /// doubles as the exact test): with random labels, with noise, or when `exact` runs anyway.
    /// Noise-free teacher labels are separable by construction (the teacher separates them).
    pub fn tests_separability(&self) -> bool {
        self.algorithms.contains(&Algorithm::Exact)
            || self.labels == Labels::Random
            || self.noise > 0.0
    }

    /// Number of cells `(α, repetition)`.
    pub fn cells(&self) -> usize {
        self.alphas.len().saturating_mul(self.reps)
    }
}

/// Parses an `α` grid: `start:stop:count` (inclusive, evenly spaced, upwards as the page's α
/// fields: `stop ≥ start`) or a comma list.
///
/// # Errors
/// [`Error::BadText`] naming the grid and what is wrong: a value that is not a number, a count
/// not in `[1, 100000]`, a range running downwards, an `α` not in `(0, ∞)`, neither form.
pub fn parse_alpha(text: &str) -> Result<Vec<f64>> {
    let bad = |expected: String| Error::BadText {
        name: "α grid",
        text: text.to_owned(),
        expected,
    };
    let num = |s: &str| {
        s.trim()
            .parse::<f64>()
            .map_err(|_| bad(format!("\"{}\" is not a number", s.trim())))
    };
    let parts: Vec<&str> = text.split(':').collect();
    let alphas = if parts.len() == 3 {
        let (a, b) = (num(parts[0])?, num(parts[1])?);
        if b < a {
            return Err(bad(format!("α stop must be a number in [{a}, ∞), got {b}")));
        }
        let count = parts[2]
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|c| (1..=100_000).contains(c))
            .ok_or_else(|| {
                bad(format!(
                    "count \"{}\" is not a whole number in [1, 100000]",
                    parts[2].trim()
                ))
            })?;
        alpha_grid(a, b, count)
    } else if parts.len() == 1 {
        text.split(',').map(num).collect::<Result<Vec<_>>>()?
    } else {
        return Err(bad("expected start:stop:count or a comma list".into()));
    };
    if let Some(a) = alphas.iter().find(|a| !(**a > 0.0 && a.is_finite())) {
        return Err(bad(format!("α = {a} is not in (0, ∞)")));
    }
    Ok(alphas)
}

/// `count` evenly spaced values from `start` to `stop` inclusive (`[start]` for one).
pub fn alpha_grid(start: f64, stop: f64, count: usize) -> Vec<f64> {
    if count == 1 {
        return vec![start];
    }
    (0..count)
        .map(|i| start + (stop - start) * i as f64 / (count - 1) as f64)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ranges messages write are the constants' own.
    #[test]
    fn range_texts_are_the_limits() {
        assert_eq!(N_RANGE, format!("[1, {MAX_N}]"));
        assert_eq!(REPS_RANGE, format!("[1, {MAX_REPS}]"));
    }
}
