//! `perceptron_lab._core`: the core of Perceptron Lab for Python, a thin layer as `src/wasm` is
//! for the page — arguments in, the core's results out, the core's errors as `ValueError` with
//! its message. The GIL is released while the core computes. The Python package
//! (`perceptron_lab/`) wraps these functions in their documented signatures.
//!
//! Numbers cross flat and row-major with the shape passed (`xs`, `dim`, `ys`), checked by the
//! core's `Dataset::from_row_major`.

use numpy::{IntoPyArray, PyArray1, PyReadonlyArray1};
use perceptron_lab::data::Dataset;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

mod curve;
mod train;

/// Any core error (or other error with a message) as a Python `ValueError`.
fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// A JSON reading error's message without its place in the text the bindings wrote (`at line 1
/// column 12` names nothing the caller typed): serde's "invalid value: integer `-1`, expected u64".
fn json_error(e: &serde_json::Error) -> PyErr {
    let text = e.to_string();
    match text.rsplit_once(" at line ") {
        Some((message, _)) if e.line() > 0 => value_error(message),
        _ => value_error(text),
    }
}

/// The data set of row-major inputs `xs` (`P × dim`) and labels `ys` (±1 or 0/1, not both).
fn dataset(
    xs: &PyReadonlyArray1<f64>,
    dim: usize,
    ys: &PyReadonlyArray1<f64>,
) -> PyResult<Dataset> {
    let xs = xs.as_slice().map_err(value_error)?.to_vec();
    let ys = ys.as_slice().map_err(value_error)?.to_vec();
    Dataset::from_row_major(xs, dim, ys).map_err(value_error)
}

/// A vector as a new numpy array.
fn array<'py>(py: Python<'py>, v: Vec<f64>) -> Bound<'py, PyArray1<f64>> {
    v.into_pyarray(py)
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(curve::cell_set, m)?)?;
    m.add_function(wrap_pyfunction!(curve::curve_cells, m)?)?;
    m.add_function(wrap_pyfunction!(curve::run_cells, m)?)?;
    m.add_function(wrap_pyfunction!(curve::summarize, m)?)?;
    m.add_function(wrap_pyfunction!(train::train, m)?)?;
    m.add_function(wrap_pyfunction!(train::train_given, m)?)?;
    m.add_function(wrap_pyfunction!(train::settings_table, m)?)?;
    m.add_function(wrap_pyfunction!(curve::parse_alpha, m)?)?;
    m.add_function(wrap_pyfunction!(train::exact, m)?)?;
    m.add_function(wrap_pyfunction!(train::count, m)?)?;
    m.add_function(wrap_pyfunction!(train::theory, m)?)?;
    m.add_function(wrap_pyfunction!(train::algorithm_names, m)?)?;
    // the epoch limit of a sweep that sets none, the core's (the CLI's --epochs, the page's field)
    m.add("SWEEP_EPOCHS", perceptron_lab::experiment::SWEEP_EPOCHS)?;
    Ok(())
}
