//! The command line: its subcommands, the exit code, and the parsers, help texts and file
//! reading the subcommands share.

use clap::{Parser, Subcommand, ValueEnum};
use perceptron_lab::catalogue::{Algorithm, TheoryCurve};
use perceptron_lab::data::{csv, Dataset};
use perceptron_lab::experiment::{Labels, StopRule};
use std::path::Path;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "perceptron-lab",
    version,
    about = "Perceptron Lab on the command line"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// A learning-curve sweep: CSV on stdout, progress on stderr.
    Curve(crate::curve::CurveArgs),
    /// Trains one algorithm on a CSV file (header x1,…,xN,label) and prints JSON.
    Train(crate::train::TrainArgs),
    /// A theory curve as CSV `curve,n,alpha,value`.
    Theory(crate::theory::TheoryArgs),
    /// One student–teacher run step by step: CSV `t,updates,kappa,kappa_upper,eps_g,train_error`.
    Trace(crate::trace::TraceArgs),
    /// A trained model (train's JSON) on inputs: one output per line.
    Predict(crate::predict::PredictArgs),
    /// Counts the linearly separable labellings of a CSV file's inputs against Cover's C(P, N): JSON.
    Count(crate::count::CountArgs),
}

/// Runs the command line.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Curve(a) => crate::curve::run(a),
        Command::Train(a) => crate::train::run(a),
        Command::Theory(a) => crate::theory::run(a),
        Command::Trace(a) => crate::trace::run(a),
        Command::Predict(a) => crate::predict::run(a),
        Command::Count(a) => crate::count::run(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("perceptron-lab: {e}");
            ExitCode::FAILURE
        }
    }
}

/// What a subcommand returns: its error is printed after `perceptron-lab: `, with exit code 1.
pub type CliResult = Result<(), Box<dyn std::error::Error>>;

/// What one step of the budget is, for `--updates`' help.
pub const UPDATES_HELP: &str = "Step budget T instead of --epochs (T/P epochs): T steps of the rule. \
    MinOver: one update on the least stable example (every step is an update: the reports' t_max); \
    Rosenblatt, perceptron-notes, pocket, adaline, logistic, adaline-tanh: one presentation of an example (updating or not); \
    AdaTron, soft-margin: one coordinate step (a pair step with a threshold); \
    adaline-batch: one gradient step counts P; hebb: one pass, not cut";

/// The stopping rules, for `--stop`'s help.
pub const STOP_HELP: &str = "Stopping rule: epochs (the limit only), no-improvement (MinOver: κ not improved in P steps), \
    gap:TOL (MinOver, AdaTron: certified relative gap ≤ TOL), or angle:TOL[:T] \
    (any rule: stop at the first block of T steps, default T = P (one epoch), over which w turned by less than TOL radians)";

/// The labels of the student–teacher sets and the stopping rule, as `curve` and `trace` take
/// them.
#[derive(clap::Args)]
pub struct RunArgs {
    /// Label noise λ (teacher labels).
    #[arg(long, default_value_t = 0.0)]
    pub noise: f64,
    /// Teacher or random labels.
    #[arg(long, value_enum, default_value_t = LabelsArg::Teacher)]
    pub labels: LabelsArg,
    #[arg(long, default_value = "epochs", help = STOP_HELP)]
    pub stop: String,
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
        .map_err(|e: perceptron_lab::Error| e.to_string())
}

/// A theory curve by its catalogue name.
pub fn parse_curve(text: &str) -> Result<TheoryCurve, String> {
    text.parse()
        .map_err(|e: perceptron_lab::Error| e.to_string())
}

/// A stopping rule as `--stop` writes it (see [`STOP_HELP`]).
pub fn parse_stop(text: &str) -> Result<StopRule, String> {
    let angle = |rest: &str| -> Option<StopRule> {
        let (tol, block) = match rest.split_once(':') {
            None => (rest, None),
            Some((tol, "P")) => (tol, None),
            Some((tol, t)) => (tol, Some(t.parse().ok()?)),
        };
        Some(StopRule::Angle {
            tolerance: tol.parse().ok()?,
            block,
        })
    };
    match text {
        "epochs" => Ok(StopRule::Epochs),
        "no-improvement" => Ok(StopRule::NoImprovement),
        _ => text
            .strip_prefix("gap:")
            .and_then(|t| t.parse().ok())
            .map(|tolerance| StopRule::Gap { tolerance })
            .or_else(|| text.strip_prefix("angle:").and_then(angle))
            .ok_or_else(|| {
                format!(
                    "--stop \"{text}\": expected epochs, no-improvement, gap:TOL or angle:TOL[:T] (T a number of steps or P)"
                )
            }),
    }
}

/// The text of the file at `path` (the error names it).
pub fn read_text(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// The data set of the CSV file at `path` (`data::csv::parse`; the error names the file).
pub fn read_data(path: &Path) -> Result<Dataset, String> {
    csv::parse(&read_text(path)?).map_err(|e| format!("{}: {e}", path.display()))
}

/// JSON has no NaN or ∞: those become `null`.
pub fn finite(v: f64) -> Option<f64> {
    v.is_finite().then_some(v)
}
