//! The command line: its subcommands and the exit code. The subcommands' modules hold their
//! arguments and runs; what they share is below them ([`crate::args`], [`crate::output`],
//! [`crate::files`]), so this module only parses and dispatches.

use crate::output::note;
use clap::{CommandFactory as _, Parser, Subcommand};
use perceptron_lab::data::quote::escaped;
use std::io::{BufWriter, ErrorKind, Write};
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
        // clap's own guess by spelling (`--gamma` for `--lambda` in `train`) would come before
        // the tip and mislead, and its usage line would name that flag: the tip alone, with the
        // (sub)command's usage
        if e.remove(ContextKind::SuggestedArg).is_some() {
            if let Some(usage) = plain_usage(&e) {
                e.insert(ContextKind::Usage, ContextValue::StyledStr(usage));
            }
        }
        e.insert(
            ContextKind::Suggested,
            ContextValue::StyledStrs(vec![(*tip).to_owned().into()]),
        );
    }
    e
}

/// The usage of the subcommand (or of the command) whose usage `e` shows, as `--help` writes it:
/// `Usage: perceptron-lab train [OPTIONS] --algorithm <ALGORITHM> --data <DATA>`.
fn plain_usage(e: &clap::Error) -> Option<clap::builder::StyledStr> {
    use clap::error::{ContextKind, ContextValue};
    let Some(ContextValue::StyledStr(usage)) = e.get(ContextKind::Usage) else {
        return None;
    };
    let text = usage.to_string();
    let name = text.split_whitespace().nth(2)?; // `Usage:`, `perceptron-lab`, the subcommand
    let mut cmd = Cli::command();
    cmd.build();
    Some(match cmd.find_subcommand_mut(name) {
        Some(sub) => sub.render_usage(),
        None => cmd.render_usage(),
    })
}
