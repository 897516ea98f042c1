//! Combining the cells of a sweep into rows: means and standard errors per algorithm and `α`,
//! how many repetitions they average and how many sets were separable, and the rows as CSV (the
//! CLI's columns and the page's).
//!
//! A mean is over the repetitions that gave a value: `exact` has no perceptron on a set that is
//! not linearly separable, so with random labels or noise its means are over the separable sets
//! only. `valid_reps` says how many those were, `separable_fraction` what fraction of the sets
//! were separable.

use super::{CellResult, CurveParams, Outcome};
use crate::error::{Error, Result};
use crate::train::Algorithm;
use serde::Serialize;
use std::fmt::Write as _;

/// One row of the learning curve: an algorithm at one `α` (the CLI's CSV columns).
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Row {
    /// The algorithm.
    #[cfg_attr(target_arch = "wasm32", tsify(type = "Algorithm"))]
    pub algorithm: Algorithm,
    /// `N`.
    pub n: usize,
    /// `P = round(α N)`.
    pub p: usize,
    /// `α` as asked for.
    pub alpha: f64,
    /// Repetitions.
    pub reps: usize,
    /// Mean `ε_g`.
    pub eps_g_mean: f64,
    /// Standard error of the mean of `ε_g`.
    pub eps_g_sem: f64,
    /// Mean `κ(w)`.
    pub kappa_mean: f64,
    /// Standard error of the mean of `κ`.
    pub kappa_sem: f64,
    /// Mean training error.
    pub train_error_mean: f64,
    /// Mean number of updates.
    pub updates_mean: f64,
    /// Repetitions that gave a perceptron, over which the means are taken: `reps`, except for
    /// `exact`, `gibbs` and `bayes` on sets that are not linearly separable (they have no answer
    /// there).
    pub valid_reps: usize,
    /// Fraction of the repetitions whose data were linearly separable through the origin (exact
    /// test; noise-free teacher data are separable by construction and give 1 without a test).
    pub separable_fraction: f64,
    /// Fraction of the repetitions in which a random labelling of the inputs was linearly
    /// separable (exact test); `NaN` unless [`CurveParams::random_separability`].
    pub random_separable_fraction: f64,
    /// Standard error of `separable_fraction` (that of the mean of the 0/1 verdicts,
    /// `√(f(1−f)/(n−1))`; `NaN` for one repetition).
    pub separable_fraction_sem: f64,
    /// Fraction of the repetitions in which the rule reached its own stop within the budget
    /// ([`super::Outcome::converged`]: Rosenblatt, zero training errors within its epochs).
    pub converged_fraction: f64,
    /// Standard error of `converged_fraction`, as `separable_fraction_sem`.
    pub converged_fraction_sem: f64,
}

/// The first columns of every CSV of [`Row`]s (docs/design.md), in this order; the CLI and the
/// page add theirs after them.
pub const BASE_COLUMNS: &str =
    "algorithm,n,p,alpha,reps,eps_g_mean,eps_g_sem,kappa_mean,kappa_sem,train_error_mean,updates_mean";

/// The columns of every CSV of [`Row`]s, the CLI's and the page's, in this order:
/// [`BASE_COLUMNS`], then `valid_reps` and `separable_fraction` (the CLI's first thirteen), then
/// the columns added since, each at the end.
pub const CSV_HEADER: &str = "algorithm,n,p,alpha,reps,eps_g_mean,eps_g_sem,kappa_mean,kappa_sem,train_error_mean,updates_mean,valid_reps,separable_fraction,random_separable_fraction,separable_fraction_sem,converged_fraction,converged_fraction_sem";

impl Row {
    /// The row in the columns of [`CSV_HEADER`].
    pub fn to_csv(&self) -> String {
        format!(
            "{},{},{},{},{},{},{}",
            self.base_csv(),
            self.valid_reps,
            self.separable_fraction,
            self.random_separable_fraction,
            self.separable_fraction_sem,
            self.converged_fraction,
            self.converged_fraction_sem
        )
    }

    /// The row in the columns of [`BASE_COLUMNS`].
    fn base_csv(&self) -> String {
        format!(
            "{},{},{},{},{},{},{},{},{},{},{}",
            self.algorithm,
            self.n,
            self.p,
            self.alpha,
            self.reps,
            self.eps_g_mean,
            self.eps_g_sem,
            self.kappa_mean,
            self.kappa_sem,
            self.train_error_mean,
            self.updates_mean
        )
    }
}

/// Means and standard errors per algorithm and `α`, from the results of every cell (in any order).
///
/// # Errors
/// [`Error::Shape`] unless `results` holds every cell exactly once.
pub fn summarize(params: &CurveParams, results: &[CellResult]) -> Result<Vec<Row>> {
    let by_cell = by_cell(params, results)?;
    if by_cell.iter().any(Option::is_none) {
        return Err(Error::Shape {
            expected: params.cells(),
            got: results.len(),
        });
    }
    Ok(rows(params, &by_cell))
}

/// The rows of the `α` whose cells have all finished, from the results so far (any order): what
/// the page draws while a sweep runs. With every cell it is [`summarize`].
///
/// # Errors
/// [`Error::Shape`] for a cell out of range or given twice.
pub fn summarize_finished(params: &CurveParams, results: &[CellResult]) -> Result<Vec<Row>> {
    Ok(rows(params, &by_cell(params, results)?))
}

/// The rows of every `α` with at least one cell among `results` (any order), each over the
/// repetitions done so far (its `reps`): what the page draws while a sweep runs its cells round
/// robin ([`super::round_robin`]), sharpening as repetitions arrive. With every cell it is
/// [`summarize`].
///
/// # Errors
/// [`Error::Shape`] for a cell out of range or given twice.
pub fn summarize_so_far(params: &CurveParams, results: &[CellResult]) -> Result<Vec<Row>> {
    let by_cell = by_cell(params, results)?;
    let mut rows = Vec::new();
    for (a, &algorithm) in params.algorithms.iter().enumerate() {
        for (k, &alpha) in params.alphas.iter().enumerate() {
            let cells: Vec<&CellResult> = (0..params.reps)
                .filter_map(|r| by_cell[k * params.reps + r])
                .collect();
            if !cells.is_empty() {
                rows.push(row(params, algorithm, a, alpha, &cells));
            }
        }
    }
    Ok(rows)
}

/// Each cell's result by its index (`None`: not given).
fn by_cell<'a>(
    params: &CurveParams,
    results: &'a [CellResult],
) -> Result<Vec<Option<&'a CellResult>>> {
    let mut by_cell: Vec<Option<&CellResult>> = vec![None; params.cells()];
    for r in results {
        if r.cell >= by_cell.len() || by_cell[r.cell].is_some() {
            return Err(Error::Shape {
                expected: params.cells(),
                got: results.len(),
            });
        }
        by_cell[r.cell] = Some(r);
    }
    Ok(by_cell)
}

/// The rows of every `α` whose `reps` cells are all in `by_cell`, per algorithm, in `α` order.
fn rows(params: &CurveParams, by_cell: &[Option<&CellResult>]) -> Vec<Row> {
    let mut rows = Vec::new();
    for (a, &algorithm) in params.algorithms.iter().enumerate() {
        for (k, &alpha) in params.alphas.iter().enumerate() {
            let Some(cells) = (0..params.reps)
                .map(|r| by_cell[k * params.reps + r])
                .collect::<Option<Vec<&CellResult>>>()
            else {
                continue;
            };
            rows.push(row(params, algorithm, a, alpha, &cells));
        }
    }
    rows
}

/// The row of `algorithm` (the `a`-th) at `alpha` from its cells: means and standard errors
/// over them, `reps` their number.
fn row(
    params: &CurveParams,
    algorithm: crate::train::Algorithm,
    a: usize,
    alpha: f64,
    cells: &[&CellResult],
) -> Row {
    let outs: Vec<Outcome> = cells.iter().map(|c| c.outcomes[a]).collect();
    let (eps_g_mean, eps_g_sem) = mean_sem(outs.iter().map(|o| o.eps_g));
    let (kappa_mean, kappa_sem) = mean_sem(outs.iter().map(|o| o.kappa));
    let (separable_fraction, separable_fraction_sem) =
        mean_sem(cells.iter().map(|c| f64::from(u8::from(c.separable))));
    let (converged_fraction, converged_fraction_sem) =
        mean_sem(outs.iter().map(|o| f64::from(u8::from(o.converged))));
    Row {
        algorithm,
        n: params.n,
        p: params.p(alpha),
        alpha,
        reps: cells.len(),
        eps_g_mean,
        eps_g_sem,
        kappa_mean,
        kappa_sem,
        train_error_mean: mean_sem(outs.iter().map(|o| o.train_error)).0,
        updates_mean: mean_sem(outs.iter().map(|o| o.updates)).0,
        // an outcome without a perceptron has every measure NaN, its training error too
        valid_reps: outs.iter().filter(|o| !o.train_error.is_nan()).count(),
        separable_fraction,
        random_separable_fraction: if params.random_separability {
            cells
                .iter()
                .filter(|c| c.random_separable == Some(true))
                .count() as f64
                / cells.len() as f64
        } else {
            f64::NAN
        },
        separable_fraction_sem,
        converged_fraction,
        converged_fraction_sem,
    }
}

/// Mean and standard error of the mean `s/√n` of the finite values (`NaN`s skipped);
/// `(NaN, NaN)` if there are none, SEM `NaN` for one value.
pub fn mean_sem(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let v: Vec<f64> = values.filter(|x| !x.is_nan()).collect();
    let n = v.len() as f64;
    if v.is_empty() {
        return (f64::NAN, f64::NAN);
    }
    let mean = v.iter().sum::<f64>() / n;
    if v.len() < 2 {
        return (mean, f64::NAN);
    }
    let var = v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, (var / n).sqrt())
}

/// The rows of several series in one CSV, as the page exports its kept series: [`CSV_HEADER`]
/// and [`Row::to_csv`] as [`page_csv`] writes them, then one more column, `series`, naming the
/// series each row belongs to (quoted as CSV quotes a field with a comma or a quote).
pub fn series_csv(series: &[(&str, &[Row])]) -> String {
    let mut csv = format!("{CSV_HEADER},series\n");
    for (label, rows) in series {
        let label = if label.contains([',', '"', '\n', '\r']) {
            format!("\"{}\"", label.replace('"', "\"\""))
        } else {
            (*label).to_string()
        };
        for r in *rows {
            let _ = writeln!(csv, "{},{label}", r.to_csv());
        }
    }
    csv
}

/// The rows as the page exports them: the CLI's CSV, [`CSV_HEADER`] and [`Row::to_csv`] (the
/// page's columns were [`BASE_COLUMNS`], `separable_fraction`, `random_separable_fraction`,
/// `valid_reps` before the two came to one list).
pub fn page_csv(rows: &[Row]) -> String {
    let mut csv = format!("{CSV_HEADER}\n");
    for r in rows {
        let _ = writeln!(csv, "{}", r.to_csv());
    }
    csv
}
