//! `trace`: one student–teacher run step by step, CSV `experiment::TRACE_HEADER` on stdout (the
//! first repetition of `curve --alpha α` with the same seed).

use crate::args::{number, parse_algorithm, whole, RunArgs};
use crate::memory::workers_that_fit;
use crate::output::{CliResult, Out};
use crate::stops::check_stop;
use perceptron_lab::catalogue::Algorithm;
use perceptron_lab::experiment;

#[derive(clap::Args)]
pub struct TraceArgs {
    #[arg(long, value_parser = parse_algorithm, help = format!("One of the training rules: {}", Algorithm::names()))]
    algorithm: Algorithm,
    /// α = P/N of the set (the first repetition of `curve --alpha α` with the same seed).
    #[arg(long, allow_negative_numbers = true, value_parser = number)]
    alpha: f64,
    /// A row every K steps (and at t = 0 and at the end).
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = whole(1, usize::MAX))]
    every: usize,
    #[command(flatten)]
    run: RunArgs,
}

/// Prints the trace, a row as each point is reached; the header with the first row, so that a
/// run the core refuses prints nothing.
pub fn run(a: TraceArgs, out: &mut Out) -> CliResult {
    let params = a.run.params(vec![a.alpha], 1, vec![a.algorithm])?;
    check_stop(a.algorithm, params.stop, &a.run.stop)?;
    if a.alpha > 0.0 && a.alpha.is_finite() {
        // a set the core accepts (its size checked by `trace_with`) and that fits in memory
        let p = params.p(a.alpha);
        if (p as f64) * (params.n as f64) <= experiment::MAX_SET_VALUES as f64 {
            workers_that_fit(
                p as f64 * params.n as f64,
                1,
                &format!("the run's set, P × N = {p} × {}", params.n),
            )?;
        }
    }
    let (mut written, mut first) = (Ok(()), true);
    experiment::trace_with(&params, a.algorithm, 0, a.every, |p| {
        if first {
            written = writeln!(out, "{}", experiment::TRACE_HEADER);
            first = false;
        }
        if written.is_ok() {
            written = writeln!(out, "{}", p.to_csv());
        }
    })?;
    Ok(written?)
}
