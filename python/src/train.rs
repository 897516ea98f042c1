//! One rule on a data set with the page's settings (`scene::Settings`, the one settings model:
//! same keys, same checks), the exact optimum, the count of separable labellings, and the theory
//! curves.

use super::{array, dataset, json_error, value_error};
use numpy::{PyArray1, PyReadonlyArray1};
use perceptron_lab::catalogue::tables::{self, Format};
use perceptron_lab::catalogue::{Algorithm, TheoryCurve};
use perceptron_lab::exact::{is_separable, max_stability};
use perceptron_lab::scene::{self, Settings};
use perceptron_lab::train::settings::Given;
use perceptron_lab::train::{build, Fit, Mode};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The page's settings from their JSON object (keys as the page writes them, `maxEpochs`,
/// `gapTolerance`, …) with `threshold` set. A key the settings do not read is refused: the page's
/// reader passes over keys it does not know (another part of the page's state may carry them),
/// which for a keyword argument would hide a misspelling. A key is the settings' own if a value
/// of no setting's type (a string) for it is refused.
fn settings(json: &str, threshold: bool) -> PyResult<Settings> {
    let object: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(json).map_err(value_error)?;
    for key in object.keys() {
        let probe = serde_json::json!({ key.as_str(): "?" });
        if key == "threshold" || serde_json::from_value::<Settings>(probe).is_ok() {
            return Err(value_error(format!(
                "unknown setting \"{key}\": the settings are the page's (docs/python.md lists them)"
            )));
        }
    }
    let mut s: Settings = serde_json::from_str(json).map_err(|e| json_error(&e))?;
    s.threshold = threshold;
    Ok(s)
}

/// Trains `algorithm` on the set to its stop with the page's settings (JSON) and returns
/// `{w, theta, kappa, converged, stop, updates, epochs, steps, errors, kappa_upper}`.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub fn train<'py>(
    py: Python<'py>,
    algorithm: &str,
    xs: PyReadonlyArray1<'py, f64>,
    dim: usize,
    ys: PyReadonlyArray1<'py, f64>,
    threshold: bool,
    settings: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let algorithm = rule(algorithm)?;
    let data = dataset(&xs, dim, &ys)?;
    let settings = self::settings(settings, threshold)?;
    let mode = Mode::from_threshold(threshold);
    let fit = py
        .detach(|| {
            let separable = is_separable(&data, mode)?;
            scene::trainer(algorithm, &data, &settings, separable).map(|mut t| t.run())
        })
        .map_err(value_error)?;
    fit_dict(py, fit)
}

/// Trains `algorithm` on the set to its stop with the settings table's keys (JSON: `epochs`,
/// `updates`, `init`, `eta`, `gamma`, `margin`, `order`, `seed`; `train::settings::Given`), each
/// checked as the CLI's `train` checks its flags: the run of `perceptron-lab train`.
#[pyfunction]
pub fn train_given<'py>(
    py: Python<'py>,
    algorithm: &str,
    xs: PyReadonlyArray1<'py, f64>,
    dim: usize,
    ys: PyReadonlyArray1<'py, f64>,
    threshold: bool,
    settings: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let algorithm = rule(algorithm)?;
    let data = dataset(&xs, dim, &ys)?;
    let given: Given = serde_json::from_str(settings).map_err(|e| json_error(&e))?;
    let config = given
        .config(algorithm, dim, threshold)
        .map_err(value_error)?;
    let mode = Mode::from_threshold(threshold);
    let fit = py
        .detach(|| build(algorithm, &data, mode, &config).map(|mut t| t.run()))
        .map_err(value_error)?;
    fit_dict(py, fit)
}

/// A training rule by name (`exact` is not one).
fn rule(name: &str) -> PyResult<Algorithm> {
    let algorithm: Algorithm = name.parse().map_err(value_error)?;
    if algorithm == Algorithm::Exact {
        return Err(value_error(
            "exact is not a training rule: call exact(X, y) for the optimum of maximal stability",
        ));
    }
    Ok(algorithm)
}

/// A run's result: `{w, theta, kappa, converged, stop, updates, epochs, steps, errors,
/// kappa_upper}`.
fn fit_dict(py: Python<'_>, fit: Fit) -> PyResult<Bound<'_, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("w", array(py, fit.perceptron.w))?;
    d.set_item("theta", fit.perceptron.theta)?;
    d.set_item("kappa", fit.kappa)?;
    d.set_item("converged", fit.converged)?;
    let stop = serde_json::to_value(fit.stop).map_err(value_error)?;
    d.set_item("stop", stop.as_str())?;
    d.set_item("updates", fit.updates)?;
    d.set_item("steps", fit.steps)?;
    d.set_item("epochs", fit.epochs)?;
    d.set_item("errors", fit.errors)?;
    d.set_item("kappa_upper", fit.kappa_upper)?;
    Ok(d)
}

/// The exact perceptron of maximal stability (`exact::max_stability`): `{separable, w, theta,
/// kappa, support, embedding}` (`w`, `theta` `None` when not separable).
#[pyfunction]
pub fn exact<'py>(
    py: Python<'py>,
    xs: PyReadonlyArray1<'py, f64>,
    dim: usize,
    ys: PyReadonlyArray1<'py, f64>,
    threshold: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let data = dataset(&xs, dim, &ys)?;
    let e = py
        .detach(|| max_stability(&data, Mode::from_threshold(threshold)))
        .map_err(value_error)?;
    let d = PyDict::new(py);
    d.set_item("separable", e.separable)?;
    d.set_item("kappa", e.kappa)?;
    d.set_item("w", e.perceptron.as_ref().map(|p| array(py, p.w.clone())))?;
    d.set_item("theta", e.perceptron.as_ref().map(|p| p.theta))?;
    d.set_item("support", e.support)?;
    d.set_item("embedding", array(py, e.embedding))?;
    Ok(d)
}

/// The separable labellings of the set's inputs against Cover's count
/// (`dichotomies::count_any`), as JSON (`separable`, `total`, `cover`, `generalPosition`, …).
#[pyfunction]
pub fn count<'py>(
    py: Python<'py>,
    xs: PyReadonlyArray1<'py, f64>,
    dim: usize,
    ys: PyReadonlyArray1<'py, f64>,
    threshold: bool,
) -> PyResult<String> {
    let data = dataset(&xs, dim, &ys)?;
    let c = py
        .detach(|| perceptron_lab::dichotomies::count_any(&data, Mode::from_threshold(threshold)))
        .map_err(value_error)?;
    serde_json::to_string(&c).map_err(value_error)
}

/// The theory curve `curve` (its catalogue name) at each `α` (`theory::curve_value`).
#[pyfunction]
#[pyo3(signature = (curve, alphas, n=None))]
pub fn theory<'py>(
    py: Python<'py>,
    curve: &str,
    alphas: Vec<f64>,
    n: Option<u64>,
) -> PyResult<Bound<'py, PyArray1<f64>>> {
    let curve: TheoryCurve = curve.parse().map_err(value_error)?;
    let values = py
        .detach(|| {
            alphas
                .iter()
                .map(|&a| perceptron_lab::theory::curve_value(curve, a, n))
                .collect::<Result<Vec<_>, _>>()
        })
        .map_err(value_error)?;
    Ok(array(py, values))
}

/// The run settings' table as CSV (`key,type,default,min,max,rules,help`: `perceptron-lab list
/// settings`).
#[pyfunction]
pub fn settings_table() -> String {
    tables::settings(Format::Csv)
}

/// The catalogue's algorithm names.
#[pyfunction]
pub fn algorithm_names() -> Vec<&'static str> {
    Algorithm::ALL.iter().map(|a| a.name()).collect()
}
