//! `predict`: a trained model ([`Model`], train's JSON) on inputs, one output per line.

use crate::cli::{number, read_text, CliResult, Out};
use crate::model::Model;
use perceptron_lab::data::csv;
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
/// `label` is skipped.
fn read_inputs(path: &Path) -> Result<Vec<Vec<f64>>, String> {
    let at = |line: usize, what: String| format!("{} line {line}: {what}", path.display());
    let text = read_text(path)?;
    let records = csv::records(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let Some((header, rows)) = records.split_first() else {
        return Err(format!(
            "{}: empty, expected a header x1,…,xN",
            path.display()
        ));
    };
    let names: Vec<String> = header.fields.iter().map(|c| c.to_lowercase()).collect();
    let label = names.iter().position(|c| c == "label");
    if rows.is_empty() {
        return Err(format!(
            "{}: the header {} is followed by no rows: the file has no inputs",
            path.display(),
            // the header as written
            text.lines()
                .nth(header.line - 1)
                .unwrap_or_default()
                .trim_start_matches('\u{feff}')
                .trim()
        ));
    }
    rows.iter()
        .map(|row| {
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
