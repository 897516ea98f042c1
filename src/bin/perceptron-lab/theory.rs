//! `theory`: a theory curve of `perceptron_lab::theory` on an α grid, CSV `curve,n,alpha,value`.

use crate::cli::{parse_curve, CliResult};
use perceptron_lab::catalogue::TheoryCurve;
use perceptron_lab::{experiment, theory};

#[derive(clap::Args)]
pub struct TheoryArgs {
    #[arg(long, value_parser = parse_curve, help = format!("One of: {}", TheoryCurve::names()))]
    curve: TheoryCurve,
    /// α grid: start:stop:count or a comma list.
    #[arg(long)]
    alpha: String,
    /// N (required for the two cover curves; empty means N → ∞).
    #[arg(long)]
    n: Option<u64>,
}

/// Prints the curve's values.
pub fn run(a: TheoryArgs) -> CliResult {
    let alphas = experiment::parse_alpha(&a.alpha)?;
    println!("curve,n,alpha,value");
    for alpha in alphas {
        let v = theory::curve_value(a.curve, alpha, a.n)?;
        let n = a.n.map_or(String::new(), |n| n.to_string());
        println!("{},{n},{alpha},{v}", a.curve);
    }
    Ok(())
}
