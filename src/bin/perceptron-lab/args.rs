//! The flags' parsers and help texts the subcommands share, and the student–teacher run's flags
//! of `curve` and `trace` ([`RunArgs`]).

use crate::output::tidy;
use crate::stops::{parse_stop, stop_help};
use clap::ValueEnum;
use perceptron_lab::catalogue::{Algorithm, TheoryCurve};
use perceptron_lab::experiment::{parse_alpha, CurveParams, Labels, MAX_N, SWEEP_EPOCHS};
use perceptron_lab::train::settings::DefaultValue;

/// The line of help of the run setting `key` in the settings table.
///
/// # Panics
/// If the table has no setting `key`.
pub fn setting_line(key: &str) -> &'static str {
    perceptron_lab::train::settings::setting(key)
        .expect("a setting of the table")
        .help
}

/// The help of the run setting `key`: its line of the settings table
/// ([`SETTINGS`](perceptron_lab::train::settings::SETTINGS)) and its default, written once there.
///
/// # Panics
/// If the table has no setting `key` (a flag the table lacks: a test of `--help` finds it).
pub fn setting_help(key: &str) -> String {
    let d = perceptron_lab::train::settings::setting(key).expect("a setting of the table");
    match d.default_text() {
        default if default.is_empty() => d.help.to_string(),
        default => format!("{} [default: {default}]", d.help),
    }
}

/// The long help (`--help`) of the run setting `key`, all from its row of the table: its line,
/// what the row adds, its range, the rules that take it, and its default.
///
/// # Panics
/// If the table has no setting `key`.
pub fn setting_long_help(key: &str) -> String {
    let d = perceptron_lab::train::settings::setting(key).expect("a setting of the table");
    let mut parts = vec![d.help.to_string()];
    if !d.details.is_empty() {
        parts.push(d.details.to_string());
    }
    if let Some(range) = d.range {
        parts.push(format!("Valid range: {}", range.text));
    }
    parts.push(format!("Taken by: {}", d.rule_names()));
    match d.default {
        DefaultValue::Value(_) if !d.unit.is_empty() => {
            parts.push(format!("Default: {} {}", d.default_text(), d.unit));
        }
        DefaultValue::Value(_) | DefaultValue::Rule => {
            parts.push(format!("Default: {}", d.default_text()));
        }
        DefaultValue::Unset => {}
    }
    parts.join(". ")
}

/// `--updates`' long help: its row of the table, then what one step of the budget is, the rules grouped by their specs' step
/// cost ([`StepCost::budget_step`](perceptron_lab::train::StepCost::budget_step)).
pub fn updates_help() -> String {
    let mut groups: Vec<(&str, Vec<&str>)> = vec![];
    for a in Algorithm::rules() {
        let Some(step) = a.cost().budget_step() else {
            continue;
        };
        match groups.iter_mut().find(|(s, _)| *s == step) {
            Some((_, names)) => names.push(a.name()),
            None => groups.push((step, vec![a.name()])),
        }
    }
    let steps: Vec<String> = groups
        .iter()
        .map(|(step, names)| format!("{}: {step}", names.join(", ")))
        .collect();
    format!(
        "{}. T steps are T/P epochs; what a step is: {}",
        setting_long_help("updates"),
        steps.join("; ")
    )
}

/// The student–teacher sets and runs of `curve` and `trace`: N, the budget, the seed, the labels
/// and the stopping rule.
#[derive(clap::Args)]
pub struct RunArgs {
    /// Input dimension N.
    #[arg(long, allow_negative_numbers = true, value_parser = whole(1, MAX_N))]
    pub n: usize,
    // a sweep's own default (its cells are many short runs), the table's line and range
    #[arg(long, help = setting_line("epochs"), long_help = setting_long_help("epochs"), default_value_t = SWEEP_EPOCHS, conflicts_with = "updates", allow_negative_numbers = true, value_parser = number)]
    pub epochs: f64,
    #[arg(long, help = setting_help("updates"), long_help = updates_help(), allow_negative_numbers = true, value_parser = whole(1, usize::MAX))]
    pub updates: Option<usize>,
    /// Seed of the sweep (trace: as curve's).
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = whole(0, u64::MAX))]
    pub seed: u64,
    /// Label noise λ (teacher labels).
    #[arg(long, default_value_t = 0.0, allow_negative_numbers = true, value_parser = number)]
    pub noise: f64,
    /// Teacher or random labels.
    #[arg(long, value_enum, default_value_t = LabelsArg::Teacher)]
    pub labels: LabelsArg,
    #[arg(long, default_value = "epochs", help = stop_help())]
    pub stop: String,
}

impl RunArgs {
    /// The sweep of these settings over `alphas`, `reps` repetitions and `algorithms`, not yet
    /// checked: `curve` checks it ([`CurveParams::validate`]), `trace` through
    /// `experiment::trace_with` (whose message names the run's set), each before anything is
    /// allocated or printed.
    ///
    /// # Errors
    /// A `--stop` that does not parse.
    pub fn params(
        &self,
        alphas: Vec<f64>,
        reps: usize,
        algorithms: Vec<Algorithm>,
    ) -> Result<CurveParams, Box<dyn std::error::Error>> {
        let params = CurveParams {
            n: self.n,
            alphas,
            reps,
            algorithms,
            epochs: self.epochs,
            updates: self.updates,
            seed: self.seed,
            noise: self.noise,
            labels: self.labels.into(),
            stop: parse_stop(&self.stop)?,
            random_separability: false, // `curve --random-separability` sets it
        };
        Ok(params)
    }
}

/// A whole number in `[min, max]`, as a flag takes it: clap's message names the flag and the
/// value, this one the range (`--n 1e9`, `--seed -1`).
pub fn whole<T>(min: T, max: T) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy + Send + Sync + 'static,
{
    move |text| {
        text.trim()
            .parse::<T>()
            .ok()
            .filter(|v| (min..=max).contains(v))
            .ok_or_else(|| format!("expected a whole number in [{min}, {max}]"))
    }
}

/// A finite number, as a flag takes it (its range is the core's to check and name).
pub fn number(text: &str) -> Result<f64, String> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite())
        .ok_or_else(|| "expected a finite number such as 0.5, -2 or 1e-3".into())
}

/// The values of an `α` grid (one flag's value, not a list of flags).
#[derive(Clone)]
pub struct Grid(pub Vec<f64>);

/// An `α` grid as `--alpha` takes it (`experiment::parse_alpha`).
pub fn alphas(text: &str) -> Result<Grid, String> {
    parse_alpha(text)
        .map(Grid)
        .map_err(|e| tidy(&e.to_string()))
}

/// `--labels`: teacher or random labels.
#[derive(Clone, Copy, ValueEnum)]
pub enum LabelsArg {
    Teacher,
    Random,
}

impl From<LabelsArg> for Labels {
    fn from(a: LabelsArg) -> Self {
        match a {
            LabelsArg::Teacher => Labels::Teacher,
            LabelsArg::Random => Labels::Random,
        }
    }
}

/// An algorithm by its catalogue name (the core's message for an unknown one).
pub fn parse_algorithm(text: &str) -> Result<Algorithm, String> {
    text.parse()
        .map_err(|e: perceptron_lab::Error| tidy(&e.to_string()))
}

/// A theory curve by its catalogue name.
pub fn parse_curve(text: &str) -> Result<TheoryCurve, String> {
    text.parse()
        .map_err(|e: perceptron_lab::Error| tidy(&e.to_string()))
}
