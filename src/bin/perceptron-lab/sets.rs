//! `sets`: each cell's data set of a learning-curve sweep written out, one CSV per cell, so that
//! one's own code trains on the very sets `curve` trains on for the same arguments
//! (`experiment::cell_data`: cell `(α_k, r)` is drawn from `(seed, k, r)` only).
//!
//! In `--out DIR`, cell `(α, r)` with `P = round(α N)` examples is `alpha{α}-p{P}-rep{r}.csv`
//! (header `x1,…,xN,label`, as `train` reads it; `r` from 0) and, with teacher labels, its teacher
//! `w*` is `alpha{α}-p{P}-rep{r}.teacher.csv` (header `w1,…,wN`, one row). `α` is written as
//! `curve`'s `alpha` column writes it. Stdout lists the files: `alpha,p,rep,data,teacher`.

use crate::args::{alphas, number, whole, Grid, LabelsArg};
use crate::output::{CliResult, Out};
use perceptron_lab::catalogue::Algorithm;
use perceptron_lab::experiment::{cell_data, CurveParams, Labels, StopRule, MAX_N};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The most values (`cells × P × N`) one call writes: some 2 GB of text.
const MAX_WRITTEN: f64 = 1e8;

#[derive(clap::Args)]
pub struct SetsArgs {
    /// Input dimension N.
    #[arg(long, allow_negative_numbers = true, value_parser = whole(1, MAX_N))]
    n: usize,
    /// α grid: start:stop:count or a comma list (as curve's).
    #[arg(long, allow_hyphen_values = true, value_parser = alphas)]
    alpha: Grid,
    /// Repetitions per α.
    #[arg(long, default_value_t = 100, allow_negative_numbers = true, value_parser = whole(1, usize::MAX))]
    reps: usize,
    /// Seed of the sweep (as curve's).
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = whole(0, u64::MAX))]
    seed: u64,
    /// Label noise λ (teacher labels).
    #[arg(long, default_value_t = 0.0, allow_negative_numbers = true, value_parser = number)]
    noise: f64,
    /// Teacher or random labels.
    #[arg(long, value_enum, default_value_t = LabelsArg::Teacher)]
    labels: LabelsArg,
    /// Directory to write the CSV files to (created if missing).
    #[arg(long)]
    out: PathBuf,
}

/// Writes every cell's set (and teacher) and lists the files on stdout.
pub fn run(a: SetsArgs, out: &mut Out) -> CliResult {
    let labels: Labels = a.labels.into();
    let params = CurveParams {
        n: a.n,
        alphas: a.alpha.0,
        reps: a.reps,
        // the sets do not depend on the rules; one is named so that the sweep checks as curve's
        algorithms: vec![Algorithm::Exact],
        epochs: 1.0,
        updates: None,
        seed: a.seed,
        noise: a.noise,
        labels,
        stop: StopRule::Epochs,
        random_separability: false,
    };
    params.validate()?;
    let values: f64 = params
        .alphas
        .iter()
        .map(|&alpha| (params.p(alpha) * params.n * params.reps) as f64)
        .sum();
    if values > MAX_WRITTEN {
        return Err(format!(
            "the sets hold {values} values (P × N × reps over the α grid); at most {MAX_WRITTEN} are written at once"
        )
        .into());
    }
    std::fs::create_dir_all(&a.out)
        .map_err(|e| format!("cannot create {}: {e}", a.out.display()))?;
    writeln!(out, "alpha,p,rep,data,teacher")?;
    for cell in 0..params.cells() {
        let (k, r) = (cell / params.reps, cell % params.reps);
        let alpha = params.alphas[k];
        let (data, teacher) = cell_data(&params, cell)?;
        let stem = format!("alpha{alpha}-p{}-rep{r}", data.len());
        let data_file = a.out.join(format!("{stem}.csv"));
        write_file(&data_file, &set_csv(&data))?;
        let teacher_file = if labels == Labels::Teacher {
            let file = a.out.join(format!("{stem}.teacher.csv"));
            write_file(&file, &teacher_csv(&teacher))?;
            file.display().to_string()
        } else {
            String::new()
        };
        writeln!(
            out,
            "{alpha},{},{r},{},{teacher_file}",
            data.len(),
            data_file.display()
        )?;
    }
    Ok(())
}

/// The set as `x1,…,xN,label`, every number as Rust's shortest text that reads back to it.
fn set_csv(data: &perceptron_lab::data::Dataset) -> String {
    let n = data.dim();
    let mut text = header("x", n);
    text.push_str(",label\n");
    for mu in 0..data.len() {
        for v in data.x(mu) {
            let _ = write!(text, "{v},");
        }
        let _ = writeln!(text, "{}", data.y(mu));
    }
    text
}

/// The teacher as `w1,…,wN` and one row.
fn teacher_csv(w: &[f64]) -> String {
    let mut text = header("w", w.len());
    text.push('\n');
    let row: Vec<String> = w.iter().map(f64::to_string).collect();
    text.push_str(&row.join(","));
    text.push('\n');
    text
}

/// `{prefix}1,…,{prefix}N`.
fn header(prefix: &str, n: usize) -> String {
    (1..=n)
        .map(|i| format!("{prefix}{i}"))
        .collect::<Vec<_>>()
        .join(",")
}

/// Writes `text` to `path` (the error names it).
fn write_file(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}
