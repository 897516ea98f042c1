//! `predict`: a trained model ([`Model`], train's JSON) on inputs, one output per line.

use crate::cli::{number, read_text, CliResult, Out};
use crate::model::Model;
use perceptron_lab::data::csv;
use perceptron_lab::data::reading::Std;
use perceptron_lab::train;
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

/// Prints the model's output on each input (`train::output`: the rule's convention), once every
/// input is checked.
pub fn run(a: PredictArgs, out: &mut Out) -> CliResult {
    let bad = |what: String| format!("{}: {what}", a.model.display());
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
    for x in &inputs {
        writeln!(out, "{}", train::output(model.algorithm, &perceptron, x))?;
    }
    Ok(())
}

/// Inputs from CSV with a header naming the columns (`data::csv::records`); a column named
/// `label` is skipped. The rows are counted and the size checked from the header before any row
/// is parsed (`csv::count_rows`, `csv::check_size`: the limits of a data file), and each row is
/// read into numbers as it comes.
fn read_inputs(path: &Path) -> Result<Vec<Vec<f64>>, String> {
    let in_file = |e: perceptron_lab::Error| format!("{}: {e}", path.display());
    let at = |line: usize, what: String| format!("{} line {line}: {what}", path.display());
    let text = read_text(path)?;
    let count = csv::count_rows(&text).map_err(in_file)?;
    let mut records = csv::records(&text);
    let Some(first) = records.next() else {
        return Err(format!(
            "{}: empty, expected a header x1,…,xN",
            path.display()
        ));
    };
    let (hline, header, names) = csv::header(Some(first), &Std).map_err(in_file)?;
    let label = names.iter().position(|c| c == "label");
    let n = names.len() - usize::from(label.is_some());
    csv::check_size(hline, count, n).map_err(in_file)?;
    if count == 0 {
        return Err(format!(
            "{}: the header {header} is followed by no rows: the file has no inputs",
            path.display()
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
            row.fields
                .iter()
                .enumerate()
                .filter(|(c, _)| Some(*c) != label)
                .map(|(_, f)| {
                    f.parse::<f64>()
                        .ok()
                        .filter(|v| v.is_finite())
                        .ok_or_else(|| at(row.line, format!("\"{f}\" is not a number")))
                })
                .collect()
        })
        .collect()
}
