//! Learning-curve experiments: a sweep over an `α` grid × repetitions × algorithms.
//!
//! Every cell `(α_k, r)` draws its own data from a generator seeded by `(seed, k, r)`, and every
//! algorithm of the cell trains on the same data. Cells are independent, so the sweep can be
//! split into chunks in any way (threads natively, Web Workers in the page) and gives the same
//! numbers however it is split: [`run_cells`] on any partition of `0..cells()`, then
//! [`summarize`], equals one [`run`].

use crate::data::{generate, Dataset};
use crate::error::{Error, Result};
use crate::exact::max_stability;
use crate::measure::{gen_error, Perceptron};
use crate::rng::rng_from_seed;
use crate::train::{self, registry, Config, Mode};
use serde::{Deserialize, Serialize};

/// The algorithms a learning curve can use (names as on the page and in the CLI): every training
/// rule of [`train::ALGORITHMS`] and `exact`, the exact maximal-stability solution.
pub fn is_curve_algorithm(name: &str) -> bool {
    name == "exact" || registry::is_algorithm(name)
}

/// Teacher labels (with optional noise) or random labels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Labels {
    /// `S = sign(w*·ξ)`, then flipped with probability λ.
    Teacher,
    /// `S = ±1` with probability ½ each (storage problem).
    Random,
}

/// When the iterative rules stop.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum StopRule {
    /// Exactly `epochs` epochs (MinOver: `epochs·P` steps); Rosenblatt also stops with no errors.
    Epochs,
    /// MinOver: stop when `κ(w)` has not improved for `P` steps (the assignments' rule);
    /// the others as with `Epochs`.
    NoImprovement,
    /// MinOver and AdaTron: stop when the certified relative gap is below `tolerance`.
    Gap {
        /// Relative gap tolerance.
        tolerance: f64,
    },
}

/// A learning-curve sweep.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CurveParams {
    /// Input dimension `N`.
    pub n: usize,
    /// The `α` grid.
    pub alphas: Vec<f64>,
    /// Repetitions per `α` (`n_D`).
    pub reps: usize,
    /// Algorithms: names of [`train::ALGORITHMS`] or `exact`.
    pub algorithms: Vec<String>,
    /// Epoch limit of the iterative rules.
    pub epochs: f64,
    /// Seed of the whole sweep.
    pub seed: u64,
    /// Label noise λ (teacher labels only).
    pub noise: f64,
    /// Teacher or random labels.
    pub labels: Labels,
    /// Stopping rule of the iterative rules.
    pub stop: StopRule,
    /// Also test a random labelling of each cell's inputs for linear separability (the storage
    /// problem, against Cover's `C(P,N)/2^P`); with random labels that is the data itself.
    #[serde(default)]
    pub random_separability: bool,
}

/// The largest sweep accepted (cells × `P_max` × `N`), a guard against absurd sizes.
pub const MAX_WORK: f64 = 1e12;

impl CurveParams {
    /// Checks the parameters.
    ///
    /// # Errors
    /// [`Error::OutOfRange`] for `N = 0`, no `α`, an `α ≤ 0` or non-finite, no repetitions,
    /// a non-positive epoch limit, `λ ∉ [0, 1]`, a bad tolerance or an absurd total size;
    /// [`Error::Unknown`] for an unknown algorithm.
    pub fn validate(&self) -> Result<()> {
        let range = |name, value: f64, range| Err(Error::OutOfRange { name, value, range });
        if self.n == 0 || self.n > 100_000 {
            return range("N", self.n as f64, "[1, 100000]");
        }
        if self.alphas.is_empty() {
            return range("number of α values", 0.0, "[1, ∞)");
        }
        if let Some(&a) = self.alphas.iter().find(|a| !(**a > 0.0 && a.is_finite())) {
            return range("α", a, "(0, ∞)");
        }
        if self.reps == 0 {
            return range("repetitions", 0.0, "[1, ∞)");
        }
        if !(self.epochs > 0.0 && self.epochs.is_finite()) {
            return range("epochs", self.epochs, "(0, ∞)");
        }
        if !(0.0..=1.0).contains(&self.noise) {
            return range("label noise λ", self.noise, "[0, 1]");
        }
        if let StopRule::Gap { tolerance } = self.stop {
            if !(tolerance > 0.0 && tolerance.is_finite()) {
                return range("gap tolerance", tolerance, "(0, ∞)");
            }
        }
        if self.algorithms.is_empty() {
            return range("number of algorithms", 0.0, "[1, 12]");
        }
        for a in &self.algorithms {
            if !is_curve_algorithm(a) {
                return Err(Error::Unknown {
                    kind: "algorithm",
                    name: a.clone(),
                    expected: "exact, rosenblatt, hebb, minover, adatron, adaline, \
                               adaline-batch, pocket, soft-margin, logistic, logistic-squared, \
                               perceptron-notes",
                });
            }
        }
        let p_max = self.alphas.iter().map(|&a| self.p(a)).max().unwrap_or(1);
        let work = self.cells() as f64 * p_max as f64 * self.n as f64;
        if work > MAX_WORK {
            return range("sweep size (cells × P × N)", work, "[1, 10¹²]");
        }
        Ok(())
    }

    /// `P = round(α N)`, at least 1.
    pub fn p(&self, alpha: f64) -> usize {
        ((alpha * self.n as f64).round() as usize).max(1)
    }

    /// Whether each cell's own data are tested for separability (by the exact optimum, which
    /// doubles as the exact test): with random labels, with noise, or when `exact` runs anyway.
    /// Noise-free teacher labels are separable by construction (the teacher separates them).
    pub fn tests_separability(&self) -> bool {
        self.algorithms.iter().any(|a| a == "exact")
            || self.labels == Labels::Random
            || self.noise > 0.0
    }

    /// Number of cells `(α, repetition)`.
    pub fn cells(&self) -> usize {
        self.alphas.len() * self.reps
    }
}

/// One algorithm's result in one cell.
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
}

/// The results of one cell: the data's exact separability, that of a random labelling of its
/// inputs (when asked for), and one [`Outcome`] per algorithm.
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

/// One row of the learning curve: an algorithm at one `α` (the CLI's CSV columns).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Row {
    /// Algorithm name.
    pub algorithm: String,
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
    /// Fraction of the repetitions whose data were linearly separable (exact test).
    pub separable_fraction: f64,
    /// Fraction of the repetitions in which a random labelling of the inputs was linearly
    /// separable (exact test); `NaN` unless [`CurveParams::random_separability`].
    pub random_separable_fraction: f64,
    /// Repetitions that gave a solution (the means are over these; fewer than `reps` only for
    /// `exact` on non-separable data).
    pub count: usize,
}

/// The CSV header of [`Row`]s, as the CLI prints it.
pub const CSV_HEADER: &str =
    "algorithm,n,p,alpha,reps,eps_g_mean,eps_g_sem,kappa_mean,kappa_sem,train_error_mean,updates_mean";

impl Row {
    /// The row in the columns of [`CSV_HEADER`].
    pub fn to_csv(&self) -> String {
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

/// The seed of cell `(k, r)`, from `(seed, k, r)` only.
fn cell_seed(params: &CurveParams, cell: usize) -> u64 {
    let (k, r) = (cell / params.reps, cell % params.reps);
    params
        .seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add((k as u64) << 32 | r as u64)
}

/// The data of cell `(k, r)`: seeded by `(seed, k, r)` only.
fn cell_data(params: &CurveParams, cell: usize) -> Result<(Dataset, Vec<f64>)> {
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
    for name in &params.algorithms {
        let (perceptron, updates) = if name == "exact" {
            (exact.as_ref().and_then(|e| e.perceptron.clone()), 0.0)
        } else {
            let (p, updates) = trainer_fit(name, &data, params, cell)?;
            (Some(p), updates)
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
            },
            None => Outcome {
                eps_g: f64::NAN,
                kappa: f64::NAN,
                train_error: f64::NAN,
                updates,
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
fn random_labelling_separable(data: &Dataset, params: &CurveParams, cell: usize) -> Result<bool> {
    use rand::Rng as _;
    let mut rng = rng_from_seed(cell_seed(params, cell) ^ 0xC0FE_5EED_0000_0001);
    let labels = (0..data.len())
        .map(|_| if rng.random::<bool>() { 1.0 } else { -1.0 })
        .collect();
    let relabelled = Dataset::from_row_major(data.features().to_vec(), data.dim(), labels)?;
    crate::exact::is_separable(&relabelled, Mode::Homogeneous)
}

/// An iterative rule's perceptron and its number of updates. The random rules (pocket, the
/// lecture-notes perceptron) are seeded from the sweep's seed and the cell.
fn trainer_fit(
    name: &str,
    data: &Dataset,
    params: &CurveParams,
    cell: usize,
) -> Result<(Perceptron, f64)> {
    let config = Config {
        max_epochs: Some(params.epochs),
        gap_tolerance: match params.stop {
            StopRule::Gap { tolerance } => tolerance,
            _ => 0.0,
        },
        patience: (params.stop == StopRule::NoImprovement).then_some(data.len()),
        seed: params
            .seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(cell as u64),
        ..Config::default()
    };
    let fit = train::build(name, data, Mode::Homogeneous, &config)?.run();
    Ok((fit.perceptron, fit.updates as f64))
}

/// Means and standard errors per algorithm and `α`, from the results of every cell (in any order).
///
/// # Errors
/// [`Error::Shape`] unless `results` holds every cell exactly once.
pub fn summarize(params: &CurveParams, results: &[CellResult]) -> Result<Vec<Row>> {
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
    if by_cell.iter().any(Option::is_none) {
        return Err(Error::Shape {
            expected: params.cells(),
            got: results.len(),
        });
    }
    let mut rows = Vec::new();
    for (a, name) in params.algorithms.iter().enumerate() {
        for (k, &alpha) in params.alphas.iter().enumerate() {
            let cells: Vec<&CellResult> = (0..params.reps)
                .filter_map(|r| by_cell[k * params.reps + r])
                .collect();
            let outs: Vec<Outcome> = cells.iter().map(|c| c.outcomes[a]).collect();
            let (eps_g_mean, eps_g_sem) = mean_sem(outs.iter().map(|o| o.eps_g));
            let (kappa_mean, kappa_sem) = mean_sem(outs.iter().map(|o| o.kappa));
            rows.push(Row {
                algorithm: name.clone(),
                n: params.n,
                p: params.p(alpha),
                alpha,
                reps: params.reps,
                eps_g_mean,
                eps_g_sem,
                kappa_mean,
                kappa_sem,
                train_error_mean: mean_sem(outs.iter().map(|o| o.train_error)).0,
                updates_mean: mean_sem(outs.iter().map(|o| o.updates)).0,
                separable_fraction: cells.iter().filter(|c| c.separable).count() as f64
                    / cells.len() as f64,
                random_separable_fraction: if params.random_separability {
                    cells
                        .iter()
                        .filter(|c| c.random_separable == Some(true))
                        .count() as f64
                        / cells.len() as f64
                } else {
                    f64::NAN
                },
                count: outs.iter().filter(|o| !o.kappa.is_nan()).count(),
            });
        }
    }
    Ok(rows)
}

/// The whole sweep in one thread.
///
/// # Errors
/// Those of [`CurveParams::validate`].
pub fn run(params: &CurveParams) -> Result<Vec<Row>> {
    let results = run_cells(params, 0..params.cells(), |_| {})?;
    summarize(params, &results)
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

/// Parses an `α` grid: `start:stop:count` (inclusive, evenly spaced) or a comma list.
///
/// # Errors
/// [`Error::Parse`] with what is wrong.
pub fn parse_alpha(text: &str) -> Result<Vec<f64>> {
    let bad = |message: String| Error::Parse { line: 1, message };
    let num = |s: &str| {
        s.trim()
            .parse::<f64>()
            .map_err(|_| bad(format!("\"{}\" is not a number", s.trim())))
    };
    let parts: Vec<&str> = text.split(':').collect();
    let alphas = if parts.len() == 3 {
        let (a, b) = (num(parts[0])?, num(parts[1])?);
        let count: usize = parts[2].trim().parse().map_err(|_| {
            bad(format!(
                "count \"{}\" is not a whole number",
                parts[2].trim()
            ))
        })?;
        if count == 0 || count > 100_000 {
            return Err(bad(format!("count {count} is not in [1, 100000]")));
        }
        if count == 1 {
            vec![a]
        } else {
            (0..count)
                .map(|i| a + (b - a) * i as f64 / (count - 1) as f64)
                .collect()
        }
    } else if parts.len() == 1 {
        text.split(',').map(num).collect::<Result<Vec<_>>>()?
    } else {
        return Err(bad(format!(
            "\"{text}\" is neither start:stop:count nor a comma list"
        )));
    };
    if let Some(a) = alphas.iter().find(|a| !(**a > 0.0 && a.is_finite())) {
        return Err(bad(format!("α = {a} must be positive")));
    }
    Ok(alphas)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params() -> CurveParams {
        CurveParams {
            n: 10,
            alphas: vec![0.5, 1.0, 2.5],
            reps: 4,
            algorithms: ["rosenblatt", "hebb", "minover", "adatron", "exact"]
                .iter()
                .map(ToString::to_string)
                .collect(),
            epochs: 20.0,
            seed: 3,
            noise: 0.0,
            labels: Labels::Teacher,
            stop: StopRule::Epochs,
            random_separability: true,
        }
    }

    /// Any split of the cells, in any order, gives the same rows as one run.
    #[test]
    fn chunking_does_not_change_the_numbers() {
        let p = params();
        let whole = run(&p).unwrap();
        let mut parts = run_cells(&p, 7..12, |_| {}).unwrap();
        parts.extend(run_cells(&p, 0..3, |_| {}).unwrap());
        parts.extend(run_cells(&p, 3..7, |_| {}).unwrap());
        assert_eq!(summarize(&p, &parts).unwrap(), whole);
        assert!(
            summarize(&p, &parts[1..]).is_err(),
            "a missing cell is an error"
        );
    }

    #[test]
    fn parse_alpha_forms() {
        assert_eq!(parse_alpha("0.5:2:4").unwrap(), vec![0.5, 1.0, 1.5, 2.0]);
        assert_eq!(parse_alpha("1, 2,3").unwrap(), vec![1.0, 2.0, 3.0]);
        assert_eq!(parse_alpha("2:2:1").unwrap(), vec![2.0]);
        for bad in ["", "a", "1:2", "1:2:0", "0:1:3", "-1", "1:2:x"] {
            assert!(parse_alpha(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn p_rounds_and_is_at_least_one() {
        let p = CurveParams { n: 20, ..params() };
        assert_eq!(p.p(0.01), 1);
        assert_eq!(p.p(0.125), 3); // 2.5 rounds away from zero
        assert_eq!(p.p(10.0), 200);
    }

    #[test]
    fn mean_and_standard_error_by_hand() {
        let (m, s) = mean_sem([1.0, 2.0, 3.0, f64::NAN].into_iter());
        assert_eq!(m, 2.0);
        // s² = ((1)² + 0 + (1)²)/2 = 1, SEM = 1/√3
        assert!((s - 1.0 / 3f64.sqrt()).abs() < 1e-15);
        assert!(mean_sem(std::iter::empty()).0.is_nan());
    }

    #[test]
    fn bad_parameters_are_named() {
        let mut p = params();
        p.algorithms = vec!["nope".into()];
        assert!(p
            .validate()
            .unwrap_err()
            .to_string()
            .contains("unknown algorithm"));
        let mut p = params();
        p.alphas = vec![1.0, f64::NAN];
        assert!(p.validate().unwrap_err().to_string().contains("α"));
        let mut p = params();
        p.n = 100_000;
        p.reps = 1_000_000;
        assert!(p.validate().unwrap_err().to_string().contains("sweep size"));
    }
}
