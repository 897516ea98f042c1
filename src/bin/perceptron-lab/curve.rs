//! `curve`: a learning-curve sweep on all cores, CSV on stdout (`experiment::CSV_HEADER`),
//! progress on stderr.

use crate::args::{alphas, parse_algorithm, whole, Grid, RunArgs};
use crate::memory::workers_that_fit;
use crate::output::{note, CliResult, Out};
use crate::stops::stop_note;
use indicatif::{ProgressBar, ProgressStyle};
use perceptron_lab::catalogue::Algorithm;
use perceptron_lab::experiment::{self, CSV_HEADER, MAX_REPS};
use rayon::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};

#[derive(clap::Args)]
pub struct CurveArgs {
    #[arg(
        long = "algorithm",
        required = true,
        value_delimiter = ',',
        value_parser = parse_algorithm,
        help = format!("Algorithms (repeat the flag or give a comma list): {}", Algorithm::names())
    )]
    algorithms: Vec<Algorithm>,
    /// α grid: start:stop:count or a comma list.
    #[arg(long, allow_hyphen_values = true, value_parser = alphas)]
    alpha: Grid,
    /// Repetitions per α (at most 100000, as the page).
    #[arg(long, default_value_t = 100, allow_negative_numbers = true, value_parser = whole(1, MAX_REPS))]
    reps: usize,
    #[command(flatten)]
    run: RunArgs,
    /// Worker threads (default: all cores; more than the machine's cores run as many as it has,
    /// with a note on stderr).
    #[arg(long, allow_negative_numbers = true, value_parser = whole(1, usize::MAX))]
    threads: Option<usize>,
    /// Also test a random labelling of each set's inputs for linear separability (the
    /// `random_separable_fraction` column, the page's storage chart; `NaN` without it).
    #[arg(long)]
    random_separability: bool,
}

/// Runs the sweep's cells in parallel and prints its rows.
pub fn run(a: CurveArgs, out: &mut Out) -> CliResult {
    let mut params = a.run.params(a.alpha.0, a.reps, a.algorithms)?;
    params.random_separability = a.random_separability;
    params.validate()?;
    if let Some(text) = stop_note(&params.algorithms, params.stop, &a.run.stop) {
        note(format_args!("{text}"));
    }
    let total = params.cells();
    let p_max = params
        .alphas
        .iter()
        .map(|&a| params.p(a))
        .max()
        .unwrap_or(1);
    let asked = threads(a.threads);
    let fit = workers_that_fit(
        p_max as f64 * params.n as f64,
        asked.min(total),
        &format!("the sweep's largest set, P × N = {p_max} × {}", params.n),
    )?;
    if fit < asked.min(total) {
        note(format_args!(
            "the memory this process may allocate holds {fit} of the sweep's largest cells at once: running {fit} threads"
        ));
    }
    let pool = rayon::ThreadPoolBuilder::new().num_threads(fit).build()?;
    let bar = ProgressBar::new(total as u64).with_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} cells  {elapsed_precise} (eta {eta})")
            .expect("a valid template"),
    );
    let done = AtomicUsize::new(0);
    let results = pool.install(|| {
        (0..total)
            .into_par_iter()
            .map(|i| experiment::round_robin(&params, i))
            .map(|cell| {
                let r = experiment::run_cells(&params, cell..cell + 1, |_| {});
                let d = done.fetch_add(1, Ordering::Relaxed) + 1;
                if d.is_multiple_of(16) || d == total {
                    bar.set_position(d as u64);
                }
                r
            })
            .collect::<Result<Vec<_>, _>>()
    })?;
    bar.finish_and_clear();
    let results: Vec<_> = results.into_iter().flatten().collect();
    let rows = experiment::summarize(&params, &results)?;
    writeln!(out, "{CSV_HEADER}")?;
    for row in rows {
        writeln!(out, "{}", row.to_csv())?;
    }
    Ok(())
}

/// The threads of `--threads`: at most the machine's available parallelism (saying so on stderr
/// when fewer than asked); all cores when not given.
fn threads(asked: Option<usize>) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let Some(asked) = asked else {
        return rayon::current_num_threads();
    };
    if asked > cores {
        note(format_args!(
            "--threads {asked}: this machine runs {cores} at once; using {cores}"
        ));
    }
    asked.min(cores)
}
