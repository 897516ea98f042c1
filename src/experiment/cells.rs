//! Running the cells of a sweep: each cell draws its data from its own seed and trains every
//! algorithm on them.

use super::{CurveParams, Labels};
use crate::data::{generate, Dataset};
use crate::error::{Error, Result};
use crate::exact::max_stability;
use crate::measure::{gen_error, Perceptron};
use crate::rng::rng_from_seed;
use crate::train::Algorithm;
use crate::train::{self, Config, Mode, Trainer};
use serde::{Deserialize, Serialize};

/// One algorithm's result in one cell.
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Outcome {
    /// `ε_g = arccos(R)/π` against the teacher (`NaN` for random labels or no solution).
    pub eps_g: f64,
    /// `κ(w)` on the training set (`NaN` if `w = 0` or no solution).
    pub kappa: f64,
    /// Training error.
    pub train_error: f64,
    /// Updates (0 for `exact`).
    pub updates: f64,
    /// Whether the rule reached its own stop within the budget (`Fit::converged`: Rosenblatt with
    /// no errors, AdaTron at its KKT conditions, …; `exact`: a perceptron found). Results without
    /// it (an older worker) read as not converged.
    #[serde(default)]
    pub converged: bool,
}

/// The results of one cell: the data's exact separability, that of a random labelling of its
/// inputs (when asked for), and one [`Outcome`] per algorithm.
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CellResult {
    /// The cell's index (`α` index × reps + repetition).
    pub cell: usize,
    /// Whether the data were linearly separable through the origin (exact test; noise-free
    /// teacher data are separable by construction and not tested unless `exact` runs).
    pub separable: bool,
    /// Whether a random labelling of the same inputs was separable through the origin (exact
    /// test), if [`CurveParams::random_separability`].
    pub random_separable: Option<bool>,
    /// Per algorithm, in the order of `CurveParams::algorithms`.
    pub outcomes: Vec<Outcome>,
}

/// The seed of cell `(k, r)`, from `(seed, k, r)` only.
fn cell_seed(params: &CurveParams, cell: usize) -> u64 {
    let (k, r) = (cell / params.reps, cell % params.reps);
    params
        .seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add((k as u64) << 32 | r as u64)
}

/// The data set and teacher `w*` of cell `(k, r)` (index `k · reps + r`), drawn from a generator
/// seeded by `(seed, k, r)` only: the set depends on `(seed, k, r)`, `N`, `α_k`, `λ` and the
/// labels, not on how the sweep is split, which algorithms run or how many repetitions there
/// are. With random labels `w*` is drawn but does not label the set.
///
/// # Errors
/// [`Error::OutOfRange`] for a cell index out of range; those of the generator.
pub fn cell_data(params: &CurveParams, cell: usize) -> Result<(Dataset, Vec<f64>)> {
    if cell >= params.cells() {
        return Err(Error::OutOfRange {
            name: "cell index",
            value: cell as f64,
            range: "[0, cells)",
        });
    }
    let k = cell / params.reps;
    let mut rng = rng_from_seed(cell_seed(params, cell));
    let teacher = generate::teacher(params.n, &mut rng);
    let p = params.p(params.alphas[k]);
    let noise = match params.labels {
        Labels::Teacher => params.noise,
        Labels::Random => 0.5, // flipping each label with probability ½ makes them independent of ξ
    };
    Ok((
        generate::teacher_set(p, &teacher, noise, &mut rng)?,
        teacher,
    ))
}

/// Runs the cells `cells` (indices into `0..params.cells()`), calling `progress(done)` after each.
///
/// # Errors
/// Those of [`CurveParams::validate`], and [`Error::OutOfRange`] for a cell index out of range.
pub fn run_cells(
    params: &CurveParams,
    cells: std::ops::Range<usize>,
    mut progress: impl FnMut(usize),
) -> Result<Vec<CellResult>> {
    params.validate()?;
    if cells.end > params.cells() {
        return Err(Error::OutOfRange {
            name: "cell index",
            value: cells.end as f64,
            range: "[0, cells]",
        });
    }
    let mut out = Vec::with_capacity(cells.len());
    for (done, cell) in cells.enumerate() {
        out.push(run_cell(params, cell)?);
        progress(done + 1);
    }
    Ok(out)
}

/// Runs the cells `cells` (indices into `0..params.cells()`, in any order), calling
/// `progress(done)` after each: the page's workers run the cells of [`round_robin`] order in
/// chunks of it.
///
/// # Errors
/// Those of [`CurveParams::validate`], and [`Error::OutOfRange`] for a cell index out of range.
pub fn run_cell_list(
    params: &CurveParams,
    cells: &[usize],
    mut progress: impl FnMut(usize),
) -> Result<Vec<CellResult>> {
    params.validate()?;
    let mut out = Vec::with_capacity(cells.len());
    for (done, &cell) in cells.iter().enumerate() {
        out.push(run_cell(params, cell)?);
        progress(done + 1);
    }
    Ok(out)
}

/// The `i`-th cell to run, `i < cells()`: repetition-major, every `α` once per round of `α`s
/// (cell `k · reps + r` is the `(r · |α| + k)`-th). After the first round every `α` has a point,
/// after each round one more repetition; any stretch of cells costs about its share of the
/// sweep (the cells of one `α` cost about the same, those of different `α` up to
/// `(P_max / P_min)²` times more). The cells are seeded by their index, so the numbers do not
/// depend on the order.
pub fn round_robin(params: &CurveParams, i: usize) -> usize {
    let count = params.alphas.len().max(1);
    (i % count) * params.reps + i / count
}

/// One cell: the data, its exact separability, and every algorithm's outcome.
fn run_cell(params: &CurveParams, cell: usize) -> Result<CellResult> {
    let (data, teacher) = cell_data(params, cell)?;
    let exact = if params.tests_separability() {
        Some(max_stability(&data, Mode::Homogeneous)?)
    } else {
        None
    };
    let separable = exact.as_ref().is_none_or(|e| e.separable);
    let random_separable = match (params.random_separability, params.labels) {
        (false, _) => None,
        (true, Labels::Random) => Some(separable),
        (true, Labels::Teacher) => Some(random_labelling_separable(&data, params, cell)?),
    };
    let mut outcomes = Vec::with_capacity(params.algorithms.len());
    for &algorithm in &params.algorithms {
        let (perceptron, updates, converged) = if algorithm == Algorithm::Exact {
            let p = exact.as_ref().and_then(|e| e.perceptron.clone());
            let found = p.is_some();
            (p, 0.0, found)
        } else {
            match trainer_fit(algorithm, &data, params, cell) {
                Ok((p, updates, converged)) => (Some(p), updates, converged),
                // the Gibbs and Bayes students have no answer without a version space (noise,
                // random labels): like `exact`, no perceptron there
                Err(Error::NotSeparable { .. }) => (None, 0.0, false),
                Err(e) => return Err(e),
            }
        };
        outcomes.push(match perceptron {
            Some(p) => Outcome {
                eps_g: match params.labels {
                    Labels::Teacher => gen_error(&p.w, &teacher),
                    Labels::Random => f64::NAN,
                },
                kappa: p.stability(&data),
                train_error: p.training_error(&data),
                updates,
                converged,
            },
            None => Outcome {
                eps_g: f64::NAN,
                kappa: f64::NAN,
                train_error: f64::NAN,
                updates,
                converged,
            },
        });
    }
    Ok(CellResult {
        cell,
        separable,
        random_separable,
        outcomes,
    })
}

/// Whether `S^μ = ±1` drawn with probability ½ each for the inputs of `data` is linearly
/// separable through the origin (exact test). The labels come from their own stream, seeded by
/// the cell, so the cell's data and training are the same with or without this test.
///
/// Above `P = 3N` the first `3N` examples are tested first: a set is not separable if a subset is
/// not (the subset's hull point at the origin is one of the whole set's), and a random labelling
/// of `3N` points almost never is separable (Cover: `C(3N, N)/2^{3N}`, 0.4 % at N = 20), so
/// that test decides at the cost of `3N` points instead of `P` (the active-set solver's steps
/// cost `O(P N)` each, about `N` of them); only a separable subset leaves it to the whole set.
fn random_labelling_separable(data: &Dataset, params: &CurveParams, cell: usize) -> Result<bool> {
    let labels = random_labels(data, params, cell);
    let n = data.dim();
    let m = 3 * n;
    if data.len() > m {
        let first =
            Dataset::from_row_major(data.features()[..m * n].to_vec(), n, labels[..m].to_vec())?;
        if !crate::exact::is_separable(&first, Mode::Homogeneous)? {
            return Ok(false);
        }
    }
    let relabelled = Dataset::from_row_major(data.features().to_vec(), n, labels)?;
    crate::exact::is_separable(&relabelled, Mode::Homogeneous)
}

/// The random labelling of cell `cell`'s inputs: `S^μ = ±1` with probability ½ each, from the
/// cell's own stream.
fn random_labels(data: &Dataset, params: &CurveParams, cell: usize) -> Vec<f64> {
    use rand::Rng as _;
    let mut rng = rng_from_seed(cell_seed(params, cell) ^ 0xC0FE_5EED_0000_0001);
    (0..data.len())
        .map(|_| if rng.random::<bool>() { 1.0 } else { -1.0 })
        .collect()
}

/// An iterative rule's perceptron, its number of updates and whether it reached its own stop.
fn trainer_fit(
    algorithm: Algorithm,
    data: &Dataset,
    params: &CurveParams,
    cell: usize,
) -> Result<(Perceptron, f64, bool)> {
    let fit = trainer(algorithm, data, params, cell)?.run();
    Ok((fit.perceptron, fit.updates as f64, fit.converged))
}

/// The trainer of an iterative rule in cell `cell` of the sweep, as the sweep runs it: the epoch
/// limit or step budget and the stopping rule of `params`. The random rules (pocket, the
/// lecture-notes perceptron) are seeded from the sweep's seed and the cell.
///
/// # Errors
/// [`Error::Unknown`] for `exact`; the rule's own errors.
pub(super) fn trainer(
    algorithm: Algorithm,
    data: &Dataset,
    params: &CurveParams,
    cell: usize,
) -> Result<Box<dyn Trainer>> {
    let mut config = Config {
        seed: params
            .seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(cell as u64),
        ..params.run()
    };
    params.stop.apply(&mut config, data.len());
    train::build(algorithm, data, Mode::Homogeneous, &config)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::{max_stability_with, Solver};
    use crate::experiment::StopRule;

    /// Above `P = 3N` the storage test decides on the first `3N` examples when they are not
    /// separable: its verdict is that of the whole set by Wolfe's algorithm (the reference
    /// solver), cell by cell, at sizes where both verdicts occur (N = 3: C(P, 3)/2^P is 9 % at
    /// P = 10) and where a separable subset leaves it to the whole set.
    #[test]
    fn the_storage_test_above_three_n_is_the_whole_sets() {
        let params = CurveParams {
            n: 3,
            alphas: vec![10.0 / 3.0, 4.0, 5.0],
            reps: 80,
            algorithms: vec![Algorithm::Hebb],
            epochs: 1.0,
            updates: None,
            seed: 5,
            noise: 0.0,
            labels: Labels::Teacher,
            stop: StopRule::Epochs,
            random_separability: true,
        };
        let (mut separable, mut subset_separable) = (0, 0);
        for cell in 0..params.cells() {
            let (data, _) = cell_data(&params, cell).unwrap();
            assert!(data.len() > 9);
            let labels = random_labels(&data, &params, cell);
            let whole =
                Dataset::from_row_major(data.features().to_vec(), 3, labels.clone()).unwrap();
            let first =
                Dataset::from_row_major(data.features()[..27].to_vec(), 3, labels[..9].to_vec())
                    .unwrap();
            let reference = |d: &Dataset| {
                max_stability_with(d, Mode::Homogeneous, Solver::Wolfe)
                    .unwrap()
                    .separable
            };
            let expected = reference(&whole);
            assert_eq!(
                random_labelling_separable(&data, &params, cell).unwrap(),
                expected,
                "cell {cell}"
            );
            separable += usize::from(expected);
            subset_separable += usize::from(reference(&first) && !expected);
        }
        assert!(
            separable > 3 && separable < params.cells() - 3 && subset_separable > 3,
            "{separable} separable, {subset_separable} with a separable subset only"
        );
    }
}
