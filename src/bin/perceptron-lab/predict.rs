//! `predict`: a trained model ([`Model`], train's JSON) on inputs, one output per line.

use crate::args::number;
use crate::files::{read_text, shown};
use crate::model::Model;
use crate::output::{CliResult, Out};
use crate::sign::activation_sign;
use perceptron_lab::data::csv;
use perceptron_lab::data::reading::Std;
use std::path::Path;

#[derive(clap::Args)]
pub struct PredictArgs {
    /// The model: train's JSON output ({algorithm, w, theta, …}).
    #[arg(long)]
    model: std::path::PathBuf,
    /// Inputs as CSV with a header x1,…,xN (a label column is ignored); one output per row.
    #[arg(long, conflicts_with = "x", required_unless_present = "x")]
    data: Option<std::path::PathBuf>,
    /// One input x1,…,xN (finite numbers).
    #[arg(long, value_delimiter = ',', allow_hyphen_values = true, value_parser = number)]
    x: Option<Vec<f64>>,
}

/// Prints the model's output on each input, once every input is checked: the sign of
/// `w·x − θ` computed exactly ([`activation_sign`], at any scale, as `train` rescales its set),
/// in the rule's convention (`train::output`: `perceptron-notes` 1 for a positive activation and
/// 0 otherwise, every other rule −1, 0 or +1).
pub fn run(a: PredictArgs, out: &mut Out) -> CliResult {
    let bad = |what: String| format!("{}: {what}", shown(&a.model));
    let model = Model::read(&read_text(&a.model)?).map_err(bad)?;
    let perceptron = model.perceptron().map_err(bad)?;
    let n = perceptron.w.len();
    let inputs = match (&a.x, &a.data) {
        (Some(x), _) => vec![x.clone()],
        (None, Some(path)) => read_inputs(path)?,
        (None, None) => return Err("give --x or --data".into()),
    };
    if let Some((i, x)) = inputs.iter().enumerate().find(|(_, x)| x.len() != n) {
        return Err(format!(
            "input {}: {} values, but the model has N = {n} weights",
            i + 1,
            x.len()
        )
        .into());
    }
    let zero_one = model.algorithm.spec().zero_one;
    for x in &inputs {
        let sign = activation_sign(&perceptron.w, x, perceptron.theta);
        let output = if zero_one { i32::from(sign > 0) } else { sign };
        writeln!(out, "{output}")?;
    }
    Ok(())
}

/// Inputs from CSV with a header naming the columns `x1…xN` in any order (`data::csv::columns`:
/// a column `label` is skipped, any other refused by name). The rows are counted and the size
/// checked from the header before any row is parsed (`csv::count_rows`, `csv::check_size`: the
/// limits of a data file), and each row is read into numbers as it comes.
fn read_inputs(path: &Path) -> Result<Vec<Vec<f64>>, String> {
    let in_file = |e: perceptron_lab::Error| format!("{}: {e}", shown(path));
    let at = |line: usize, what: String| format!("{} line {line}: {what}", shown(path));
    let text = read_text(path)?;
    let count = csv::count_rows(&text).map_err(in_file)?;
    let mut records = csv::records(&text);
    let Some(first) = records.next() else {
        return Err(format!("{}: empty, expected a header x1,…,xN", shown(path)));
    };
    let (hline, header, names) = csv::header(Some(first), &Std).map_err(in_file)?;
    let labelled = names.iter().any(|c| c == "label");
    csv::check_size(hline, count, names.len() - usize::from(labelled)).map_err(in_file)?;
    let columns = csv::columns(hline, &header, &names, false).map_err(in_file)?;
    if count == 0 {
        return Err(format!(
            "{}: the header {} is followed by no rows: the file has no inputs",
            shown(path),
            perceptron_lab::data::quote::escaped(&header)
        ));
    }
    records
        .map(|row| {
            let row = row.map_err(in_file)?;
            if row.fields.len() != names.len() {
                return Err(at(
                    row.line,
                    format!(
                        "expected {} fields, found {}",
                        names.len(),
                        row.fields.len()
                    ),
                ));
            }
            columns
                .inputs
                .iter()
                .map(|&c| csv::number(&Std, &row.fields[c]).map_err(|e| at(row.line, e)))
                .collect()
        })
        .collect()
}
