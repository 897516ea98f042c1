//! `curve`: a learning-curve sweep on all cores, CSV on stdout (`experiment::CSV_HEADER`),
//! progress on stderr.

use crate::cli::{parse_algorithm, parse_stop, CliResult, RunArgs, UPDATES_HELP};
use indicatif::{ProgressBar, ProgressStyle};
use perceptron_lab::catalogue::Algorithm;
use perceptron_lab::experiment::{self, CurveParams, CSV_HEADER};
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
    /// Input dimension N.
    #[arg(long)]
    n: usize,
    /// α grid: start:stop:count or a comma list.
    #[arg(long)]
    alpha: String,
    /// Repetitions per α.
    #[arg(long, default_value_t = 100)]
    reps: usize,
    /// Epoch limit of the iterative rules.
    #[arg(long, default_value_t = 100.0, conflicts_with = "updates")]
    epochs: f64,
    #[arg(long, help = UPDATES_HELP)]
    updates: Option<usize>,
    /// Seed of the sweep.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    run: RunArgs,
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
}

/// Runs the sweep's cells in parallel and prints its rows.
pub fn run(a: CurveArgs) -> CliResult {
    let params = curve_params(&a)?;
    params.validate()?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.threads.unwrap_or(0))
        .build()?;
    let total = params.cells();
    let bar = ProgressBar::new(total as u64).with_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} cells  {elapsed_precise} (eta {eta})")
            .expect("a valid template"),
    );
    let done = AtomicUsize::new(0);
    let results = pool.install(|| {
        (0..total)
            .into_par_iter()
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
    println!("{CSV_HEADER}");
    for row in experiment::summarize(&params, &results)? {
        println!("{}", row.to_csv());
    }
    Ok(())
}

/// The sweep of the arguments.
fn curve_params(a: &CurveArgs) -> Result<CurveParams, Box<dyn std::error::Error>> {
    Ok(CurveParams {
        n: a.n,
        alphas: experiment::parse_alpha(&a.alpha)?,
        reps: a.reps,
        algorithms: a.algorithms.clone(),
        epochs: a.epochs,
        updates: a.updates,
        seed: a.seed,
        noise: a.run.noise,
        labels: a.run.labels.into(),
        stop: parse_stop(&a.run.stop)?,
        random_separability: false, // not in the CLI's columns
    })
}
