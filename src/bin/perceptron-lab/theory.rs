//! `theory`: a theory curve of `perceptron_lab::theory` on an α grid, CSV `curve,n,alpha,value`.

use crate::args::{alphas, parse_curve, whole, Grid};
use crate::output::{CliResult, Out};
use perceptron_lab::catalogue::TheoryCurve;
use perceptron_lab::theory;

#[derive(clap::Args)]
pub struct TheoryArgs {
    #[arg(long, value_parser = parse_curve, help = format!("One of: {}", TheoryCurve::names()))]
    curve: TheoryCurve,
    /// α grid: start:stop:count or a comma list.
    #[arg(long, allow_hyphen_values = true, value_parser = alphas)]
    alpha: Grid,
    /// N (required for the two cover curves; empty means N → ∞).
    #[arg(long, allow_negative_numbers = true, value_parser = whole(0, u64::MAX))]
    n: Option<u64>,
}

/// Prints the curve's values, computed first: a curve the core refuses prints nothing.
pub fn run(a: TheoryArgs, out: &mut Out) -> CliResult {
    if a.curve.info().needs_n && a.n.unwrap_or(0) == 0 {
        return Err(format!(
            "--curve {} needs --n, the dimension N (a whole number ≥ 1){}",
            a.curve,
            a.n.map_or(String::new(), |n| format!(", got --n {n}"))
        )
        .into());
    }
    let values = a
        .alpha
        .0
        .iter()
        .map(|&alpha| theory::curve_value(a.curve, alpha, a.n))
        .collect::<Result<Vec<_>, _>>()?;
    let n = a.n.map_or(String::new(), |n| n.to_string());
    writeln!(out, "curve,n,alpha,value")?;
    for (alpha, v) in a.alpha.0.iter().zip(values) {
        writeln!(out, "{},{n},{alpha},{v}", a.curve)?;
    }
    Ok(())
}
