//! Learning-curve sweeps cell by cell (`experiment::run_cells`, `experiment::summarize`): the
//! parameters cross as the page's JSON (`experiment::CurveParams`), each cell's result as JSON,
//! so that cells can run anywhere (threads, processes, a cluster) and be stored to resume.

use super::{array, json_error, value_error};
use numpy::PyArray1;
use perceptron_lab::experiment::{self, CellResult, CurveParams, Outcome, CSV_HEADER};
use pyo3::prelude::*;
use serde_json::Value;

/// The sweep parameters of the page's JSON, checked.
fn params(json: &str) -> PyResult<CurveParams> {
    let params: CurveParams = serde_json::from_str(json).map_err(|e| json_error(&e))?;
    params.validate().map_err(value_error)?;
    Ok(params)
}

/// The number of cells `(α, repetition)` of the sweep `params` (page JSON).
#[pyfunction]
pub fn curve_cells(params: &str) -> PyResult<usize> {
    Ok(self::params(params)?.cells())
}

/// The data set and teacher of cell `cell` of the sweep `params` (`experiment::cell_data`): the
/// set `curve` and `sets` draw for that cell. Returns `(xs, dim, ys, teacher)`, `xs` row-major.
#[pyfunction]
#[allow(clippy::type_complexity)]
pub fn cell_set<'py>(
    py: Python<'py>,
    params: &str,
    cell: usize,
) -> PyResult<(
    Bound<'py, PyArray1<f64>>,
    usize,
    Bound<'py, PyArray1<f64>>,
    Bound<'py, PyArray1<f64>>,
)> {
    let params = self::params(params)?;
    let (data, teacher) = py
        .detach(|| experiment::cell_data(&params, cell))
        .map_err(value_error)?;
    Ok((
        array(py, data.features().to_vec()),
        data.dim(),
        array(py, data.labels().to_vec()),
        array(py, teacher),
    ))
}

/// Runs the cells `cells` of the sweep `params` and returns each one's result as JSON, in order.
#[pyfunction]
pub fn run_cells(py: Python<'_>, params: &str, cells: Vec<usize>) -> PyResult<Vec<String>> {
    let params = self::params(params)?;
    py.detach(|| {
        cells
            .iter()
            .map(|&cell| {
                let result = experiment::run_cells(&params, cell..cell + 1, |_| {})?;
                serde_json::to_string(&result[0]).map_err(|e| e.to_string().into())
            })
            .collect::<Result<Vec<_>, Box<dyn std::error::Error + Send + Sync>>>()
    })
    .map_err(value_error)
}

/// The rows of the sweep `params` from every cell's result (JSON): the CLI's CSV header and its
/// rows, as `curve` prints them.
#[pyfunction]
pub fn summarize(
    py: Python<'_>,
    params: &str,
    results: Vec<String>,
) -> PyResult<(String, Vec<String>)> {
    let params = self::params(params)?;
    py.detach(|| {
        let results = results
            .iter()
            .map(|r| cell_result(r))
            .collect::<Result<Vec<_>, _>>()
            .map_err(value_error)?;
        let rows = experiment::summarize(&params, &results).map_err(value_error)?;
        Ok((
            CSV_HEADER.to_string(),
            rows.iter().map(experiment::Row::to_csv).collect(),
        ))
    })
}

/// A cell's result from the JSON `run_cells` wrote (serde's form of `CellResult`), where a
/// measure that is NaN (`ε_g` with random labels, `κ` without a perceptron) was written `null`,
/// JSON having no NaN: `null` reads back as NaN.
fn cell_result(text: &str) -> Result<CellResult, String> {
    let bad = || format!("not a cell's result: {text}");
    let v: Value = serde_json::from_str(text).map_err(|e| format!("{e}: {text}"))?;
    let number = |o: &Value, key: &str| match o.get(key) {
        Some(Value::Null) => Some(f64::NAN),
        Some(x) => x.as_f64(),
        None => None,
    };
    let outcome = |o: &Value| {
        Some(Outcome {
            eps_g: number(o, "epsG")?,
            kappa: number(o, "kappa")?,
            train_error: number(o, "trainError")?,
            updates: number(o, "updates")?,
            // a results file written before the field came reads as not converged, as the core's
            // serde default does
            converged: o.get("converged").and_then(Value::as_bool).unwrap_or(false),
        })
    };
    Ok(CellResult {
        cell: v.get("cell").and_then(Value::as_u64).ok_or_else(bad)? as usize,
        separable: v
            .get("separable")
            .and_then(Value::as_bool)
            .ok_or_else(bad)?,
        random_separable: v.get("randomSeparable").and_then(Value::as_bool),
        outcomes: v
            .get("outcomes")
            .and_then(Value::as_array)
            .ok_or_else(bad)?
            .iter()
            .map(outcome)
            .collect::<Option<Vec<_>>>()
            .ok_or_else(bad)?,
    })
}

/// The `α` grid of `text` as the CLI's `--alpha` takes it: `start:stop:count` or a comma list
/// (`experiment::parse_alpha`).
#[pyfunction]
pub fn parse_alpha(text: &str) -> PyResult<Vec<f64>> {
    experiment::parse_alpha(text).map_err(value_error)
}
