//! The command line: its subcommands, the exit code, and the parsers, help texts and file
//! reading the subcommands share.

use clap::{Parser, Subcommand, ValueEnum};
use perceptron_lab::catalogue::{Algorithm, TheoryCurve};
use perceptron_lab::data::quote::escaped;
use perceptron_lab::data::{csv, Dataset};
use perceptron_lab::experiment::{parse_alpha, CurveParams, Labels, MAX_N, SWEEP_EPOCHS};
use std::fmt::Write as _;
use std::io::{BufWriter, ErrorKind, Read as _, Write};
use std::path::Path;
use std::process::ExitCode;

pub use crate::memory::workers_that_fit;
pub use crate::stops::{check_stop, parse_stop, stop_help, stop_note};

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
    /// Writes each learning-curve cell's data set (and teacher) as CSV files, as curve draws them.
    Sets(crate::sets::SetsArgs),
    /// The algorithms (name,optimises,rule,stops) or the run settings
    /// (key,type,default,min,max,rules,help) as CSV or Markdown.
    List(crate::list::ListArgs),
}

/// Asks the C allocator to keep the memory a cell frees for the next cell, instead of giving it
/// back to the system and faulting it in again: a sweep's cells each allocate and free megabytes
/// (the set, the Gram matrix's columns), and glibc's default trims every arena's free top above
/// 128 KiB, so at `N = 150` the CLI spent much of its system time on page faults (BENCHMARKS.md,
/// "The CLI keeps its freed memory").
///
/// Done without `unsafe` (no `mallopt`): glibc raises its mmap threshold to the size of a freed
/// mmapped block, up to 32 MiB, and its trim threshold to twice that (`mallopt(3)`, "dynamic
/// mmap threshold"), so one such block allocated and freed at the start sets both. Elsewhere
/// (another C library, another allocator) it is one allocation and one free, nothing else.
fn keep_freed_memory() {
    /// Below glibc's `DEFAULT_MMAP_THRESHOLD_MAX` (32 MiB on 64-bit) with the block's header.
    const BLOCK: usize = 31 << 20;
    drop(std::hint::black_box(Vec::<u8>::with_capacity(BLOCK)));
}

/// Runs the command line. Every subcommand writes its output to one buffered stdout, flushed
/// here: a reader that closed the pipe early (`| head`) ends the program quietly with exit code 0;
/// any other write error (`> /dev/full`) is an error.
pub fn main() -> ExitCode {
    keep_freed_memory();
    let cli = Cli::try_parse().unwrap_or_else(|e| with_hint(e).exit());
    let mut out = BufWriter::new(std::io::stdout().lock());
    let result = match cli.command {
        Command::Curve(a) => crate::curve::run(a, &mut out),
        Command::Train(a) => crate::train::run(a, &mut out),
        Command::Theory(a) => crate::theory::run(a, &mut out),
        Command::Trace(a) => crate::trace::run(a, &mut out),
        Command::Predict(a) => crate::predict::run(a, &mut out),
        Command::Count(a) => crate::count::run(a, &mut out),
        Command::Sets(a) => crate::sets::run(a, &mut out),
        Command::List(a) => crate::list::run(a, &mut out),
    }
    .and_then(|()| Ok(out.flush()?));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => match e.downcast_ref::<std::io::Error>() {
            Some(io) if io.kind() == ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Some(io) => {
                note(format_args!("cannot write the output: {io}"));
                ExitCode::FAILURE
            }
            None => {
                note(format_args!("{e}"));
                ExitCode::FAILURE
            }
        },
    }
}

/// The most characters of one note: the values a message names are cut to 200 each where it is
/// written (`data::quote`); this bounds what they are written into (a core message naming a
/// model file's value, say).
const MAX_NOTE_CHARS: usize = 2_000;

/// The course reports' names for flags the CLI spells otherwise: the unknown flag and the tip.
const HINTS: [(&str, &str); 2] = [
    ("--lambda", "label noise λ is --noise (curve, trace)"),
    (
        "--tmax",
        "the step budget t_max is --updates T, or --epochs for T/P epochs",
    ),
];

/// Clap's error with the value it names escaped and cut short (`data::quote::escaped`), and for
/// an unknown flag a tip where the flag is a name of [`HINTS`].
fn with_hint(mut e: clap::Error) -> clap::Error {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    for kind in [ContextKind::InvalidValue, ContextKind::InvalidArg] {
        if let Some(ContextValue::String(v)) = e.get(kind) {
            let shown = escaped(v);
            e.insert(kind, ContextValue::String(shown));
        }
    }
    if e.kind() != ErrorKind::UnknownArgument {
        return e;
    }
    let Some(ContextValue::String(arg)) = e.get(ContextKind::InvalidArg) else {
        return e;
    };
    let flag = arg.split('=').next().unwrap_or_default();
    if let Some((_, tip)) = HINTS.iter().find(|(name, _)| *name == flag) {
        e.insert(
            ContextKind::Suggested,
            ContextValue::StyledStrs(vec![(*tip).to_owned().into()]),
        );
    }
    e
}

/// Writes `perceptron-lab: ` and `text` to stderr, a line: control characters escaped (no value
/// forges a second line or reaches the terminal as an escape sequence), at most
/// [`MAX_NOTE_CHARS`] characters. A stderr that cannot be written (`2>/dev/full`) loses the note,
/// not the run (`eprintln!` would panic).
pub fn note(text: std::fmt::Arguments) {
    let _ = writeln!(
        std::io::stderr(),
        "perceptron-lab: {}",
        tidy(&text.to_string())
    );
}

/// `text` as a message line: control characters escaped, at most [`MAX_NOTE_CHARS`] characters
/// (then `… (N characters)`).
pub fn tidy(text: &str) -> String {
    let mut line = String::new();
    for c in text.chars().take(MAX_NOTE_CHARS) {
        if c.is_control() {
            line.extend(c.escape_default());
        } else {
            line.push(c);
        }
    }
    if text.chars().nth(MAX_NOTE_CHARS).is_some() {
        let _ = write!(line, "… ({} characters)", text.chars().count());
    }
    line
}

/// What a subcommand returns: its error is printed after `perceptron-lab: `, with exit code 1.
/// An [`std::io::Error`] is the output's (see [`main`]): subcommands read files through
/// [`read_text`], whose errors are text.
pub type CliResult = Result<(), Box<dyn std::error::Error>>;

/// The output every subcommand writes to (stdout, buffered).
pub type Out<'a> = dyn Write + 'a;

/// `--updates`' help: what one step of the budget is, the rules grouped by their specs' step
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
        "Step budget T instead of --epochs (T/P epochs): T steps of the rule. {}",
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
    /// Epoch limit of the iterative rules.
    #[arg(long, default_value_t = SWEEP_EPOCHS, conflicts_with = "updates", allow_negative_numbers = true, value_parser = number)]
    pub epochs: f64,
    #[arg(long, help = updates_help(), allow_negative_numbers = true, value_parser = whole(1, usize::MAX))]
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

/// The largest file read: 256 MiB, above any data file of [`perceptron_lab::data::MAX_POINTS`]
/// points that the rules handle in reasonable time.
pub const MAX_FILE_BYTES: u64 = 256 << 20;

/// The text of the file at `path` (the error names it), read up to [`MAX_FILE_BYTES`]: a larger
/// file or an endless one (`/dev/zero`) is refused after reading one byte past the limit. A
/// leading UTF-8 byte-order mark is dropped, for every file read (data and model files).
pub fn read_text(path: &Path) -> Result<String, String> {
    let cannot = |e: std::io::Error| format!("cannot read {}: {e}", shown(path));
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes))
        .map_err(cannot)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(format!(
            "{} is larger than {} MiB, the most a file may hold",
            shown(path),
            MAX_FILE_BYTES >> 20
        ));
    }
    let mut text = String::from_utf8(bytes).map_err(|e| {
        format!(
            "cannot read {}: not UTF-8 text (byte {})",
            shown(path),
            e.utf8_error().valid_up_to()
        )
    })?;
    // a UTF-8 byte-order mark, as some editors write it, is not part of the text
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    Ok(text)
}

/// A file's name as a message shows it: control characters escaped, at most 200 characters
/// (`data::quote::escaped`), so that a name cannot forge a message line or reach the terminal as
/// an escape sequence.
pub fn shown(path: &Path) -> String {
    escaped(&path.to_string_lossy())
}

/// The data set of the CSV file at `path` (`data::csv::parse`; the error names the file).
pub fn read_data(path: &Path) -> Result<Dataset, String> {
    csv::parse(&read_text(path)?).map_err(|e| format!("{}: {e}", shown(path)))
}

/// JSON has no NaN or ∞: those become `null`.
pub fn finite(v: f64) -> Option<f64> {
    v.is_finite().then_some(v)
}
