//! `trace`: one student–teacher run step by step, CSV `experiment::TRACE_HEADER` on stdout (the
//! first repetition of `curve --alpha α` with the same seed).

use crate::cli::{parse_algorithm, parse_stop, CliResult, RunArgs, UPDATES_HELP};
use perceptron_lab::catalogue::Algorithm;
use perceptron_lab::experiment::{self, CurveParams};
use std::io::Write as _;

#[derive(clap::Args)]
pub struct TraceArgs {
    #[arg(long, value_parser = parse_algorithm, help = format!("One of the training rules: {}", Algorithm::names()))]
    algorithm: Algorithm,
    /// Input dimension N.
    #[arg(long)]
    n: usize,
    /// α = P/N of the set (the first repetition of `curve --alpha α` with the same seed).
    #[arg(long)]
    alpha: f64,
    /// Seed (as curve's).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Epoch limit.
    #[arg(long, default_value_t = 100.0, conflicts_with = "updates")]
    epochs: f64,
    #[arg(long, help = UPDATES_HELP)]
    updates: Option<usize>,
    /// A row every K steps (and at t = 0 and at the end).
    #[arg(long, default_value_t = 1)]
    every: usize,
    #[command(flatten)]
    run: RunArgs,
}

/// Prints the trace, a row as each point is reached.
pub fn run(a: TraceArgs) -> CliResult {
    let params = CurveParams {
        n: a.n,
        alphas: vec![a.alpha],
        reps: 1,
        algorithms: vec![a.algorithm],
        epochs: a.epochs,
        updates: a.updates,
        seed: a.seed,
        noise: a.run.noise,
        labels: a.run.labels.into(),
        stop: parse_stop(&a.run.stop)?,
        random_separability: false,
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    writeln!(out, "{}", experiment::TRACE_HEADER)?;
    let mut written = Ok(());
    experiment::trace_with(&params, a.algorithm, 0, a.every, |p| {
        if written.is_ok() {
            written = writeln!(out, "{}", p.to_csv());
        }
    })?;
    written?;
    out.flush()?;
    Ok(())
}
