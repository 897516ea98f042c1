//! Learning-curve sweeps: their cells (run in the worker), the finished `Curve` with its table,
//! CSV and charts, previews of a sweep's theory curves, and the trace of one cell (`CellTrace`).

use super::{argument, chart_area, js_error, to_js};
use crate::catalogue::{Algorithm, Chart};
use crate::chart;
use crate::experiment::{self, CellResult, CurveParams, Row, RunTrace};
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

pub(super) fn curve_params(params: JsValue) -> Result<CurveParams, JsError> {
    argument(params, "sweep parameters")
}

/// Runs cells `start..end` of a learning-curve sweep (`params` as `experiment::CurveParams`,
/// camelCase) and returns their results, for a `Curve` to combine; calls `progress(done)`, if
/// given, after each cell (so that a worker can speak while a long batch runs: the pool takes a
/// silent worker for dead).
///
/// # Errors
/// Throws on invalid parameters or cell indices, and what `progress` throws.
#[wasm_bindgen(js_name = runCells, unchecked_return_type = "CellResult[]")]
pub fn run_cells(
    #[wasm_bindgen(unchecked_param_type = "CurveParams")] params: JsValue,
    start: usize,
    end: usize,
    #[wasm_bindgen(unchecked_param_type = "((done: number) => void) | undefined")] progress: Option<
        js_sys::Function,
    >,
) -> Result<JsValue, JsError> {
    let params = curve_params(params)?;
    let results = with_progress(progress, |report| {
        experiment::run_cells(&params, start..end, report)
    })?;
    to_js(&results)
}

/// Runs the cells `cells` (indices, in that order) of a learning-curve sweep, as `runCells`: the
/// page's workers run chunks of `sweepOrder`.
///
/// # Errors
/// Throws on invalid parameters or cell indices, and what `progress` throws.
#[wasm_bindgen(js_name = runCellList, unchecked_return_type = "CellResult[]")]
pub fn run_cell_list(
    #[wasm_bindgen(unchecked_param_type = "CurveParams")] params: JsValue,
    cells: &[u32],
    #[wasm_bindgen(unchecked_param_type = "((done: number) => void) | undefined")] progress: Option<
        js_sys::Function,
    >,
) -> Result<JsValue, JsError> {
    let params = curve_params(params)?;
    let cells: Vec<usize> = cells.iter().map(|&c| c as usize).collect();
    if let Some(&bad) = cells.iter().find(|&&c| c >= params.cells()) {
        return Err(JsError::new(&format!(
            "cell index {bad} is out of range: the sweep has {} cells",
            params.cells()
        )));
    }
    let results = with_progress(progress, |report| {
        experiment::run_cell_list(&params, &cells, report)
    })?;
    to_js(&results)
}

/// Runs `run` with a reporter that calls `progress` (if any) with the cells done, stopping the
/// calls at its first throw, which then fails the run.
fn with_progress(
    progress: Option<js_sys::Function>,
    run: impl FnOnce(&mut dyn FnMut(usize)) -> crate::error::Result<Vec<CellResult>>,
) -> Result<Vec<CellResult>, JsError> {
    let mut thrown = None;
    let results = run(&mut |done| {
        if let (Some(f), None) = (&progress, &thrown) {
            thrown = f.call1(&JsValue::NULL, &JsValue::from(done)).err();
        }
    })?;
    match thrown {
        Some(e) => Err(JsError::new(&format!(
            "the progress callback failed: {e:?}"
        ))),
        None => Ok(results),
    }
}

/// The order the page runs a sweep's cells in (`experiment::round_robin`): every `α` gets
/// repetition 1 before any gets 2, so the whole curve shows after the first round.
///
/// # Errors
/// Throws on invalid parameters.
#[wasm_bindgen(js_name = sweepOrder)]
pub fn sweep_order(
    #[wasm_bindgen(unchecked_param_type = "CurveParams")] params: JsValue,
) -> Result<Box<[u32]>, JsError> {
    let params = curve_params(params)?;
    params.validate()?;
    Ok((0..params.cells())
        .map(|i| experiment::round_robin(&params, i) as u32)
        .collect())
}

/// The number of cells `(α, repetition)` of a sweep.
///
/// # Errors
/// Throws on invalid parameters.
#[wasm_bindgen(js_name = curveCells)]
pub fn curve_cells(
    #[wasm_bindgen(unchecked_param_type = "CurveParams")] params: JsValue,
) -> Result<usize, JsError> {
    let params = curve_params(params)?;
    params.validate()?;
    Ok(params.cells())
}

/// `P = round(α N)` of each `α` of a sweep (`CurveParams::p`), in its order: what the page
/// weighs the cells' measured times by to estimate the time left.
///
/// # Errors
/// Throws on invalid parameters.
#[wasm_bindgen(js_name = curveSizes)]
pub fn curve_sizes(
    #[wasm_bindgen(unchecked_param_type = "CurveParams")] params: JsValue,
) -> Result<Box<[f64]>, JsError> {
    let params = curve_params(params)?;
    params.validate()?;
    Ok(params.alphas.iter().map(|&a| params.p(a) as f64).collect())
}

/// `count` evenly spaced values of `α` from `start` to `stop` (`experiment::alpha_grid`).
#[wasm_bindgen(js_name = alphaGrid)]
pub fn alpha_grid(start: f64, stop: f64, count: usize) -> Box<[f64]> {
    experiment::alpha_grid(start, stop, count).into()
}

/// A finished sweep: its rows, summarised once from the results of every cell, for the table,
/// the CSV and the charts.
#[wasm_bindgen]
pub struct Curve {
    params: CurveParams,
    rows: Vec<Row>,
}

impl Curve {
    /// The curve of `params` from the cells' `results`, summarised by `summarize` (all cells, or
    /// the finished `α`).
    fn summarized(
        params: JsValue,
        results: JsValue,
        summarize: fn(&CurveParams, &[CellResult]) -> crate::error::Result<Vec<Row>>,
    ) -> Result<Curve, JsError> {
        let params = curve_params(params)?;
        let results: Vec<CellResult> = serde_wasm_bindgen::from_value(results).map_err(js_error)?;
        let rows = summarize(&params, &results)?;
        Ok(Curve { params, rows })
    }
}

#[wasm_bindgen]
impl Curve {
    /// Combines the results of every cell (`runCells`) of `params`.
    ///
    /// # Errors
    /// Throws on bad parameters, or unless `results` holds every cell exactly once.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "CurveParams")] params: JsValue,
        #[wasm_bindgen(unchecked_param_type = "CellResult[]")] results: JsValue,
    ) -> Result<Curve, JsError> {
        Curve::summarized(params, results, experiment::summarize)
    }

    /// The curve of a sweep still running: the rows of the `α` whose cells are all among
    /// `results` (`experiment::summarize_finished`), drawn as they come.
    ///
    /// # Errors
    /// Throws on bad parameters, or a cell out of range or given twice.
    pub fn partial(
        #[wasm_bindgen(unchecked_param_type = "CurveParams")] params: JsValue,
        #[wasm_bindgen(unchecked_param_type = "CellResult[]")] results: JsValue,
    ) -> Result<Curve, JsError> {
        Curve::summarized(params, results, experiment::summarize_finished)
    }

    /// The curve of a sweep still running: every `α` with a finished cell among `results`, each
    /// over the repetitions done so far (`experiment::summarize_so_far`).
    ///
    /// # Errors
    /// Throws on bad parameters, or a cell out of range or given twice.
    #[wasm_bindgen(js_name = soFar)]
    pub fn so_far(
        #[wasm_bindgen(unchecked_param_type = "CurveParams")] params: JsValue,
        #[wasm_bindgen(unchecked_param_type = "CellResult[]")] results: JsValue,
    ) -> Result<Curve, JsError> {
        Curve::summarized(params, results, experiment::summarize_so_far)
    }

    /// The rows `{algorithm, n, p, alpha, reps, epsGMean, …}`.
    ///
    /// # Errors
    /// Throws only if the rows cannot be converted.
    #[wasm_bindgen(unchecked_return_type = "Row[]")]
    pub fn rows(&self) -> Result<JsValue, JsError> {
        to_js(&self.rows)
    }

    /// The page's CSV: the CLI's columns in the CLI's order (`experiment::page_csv`).
    pub fn csv(&self) -> String {
        experiment::page_csv(&self.rows)
    }

    /// Draws chart `which` (a name of the catalogue's charts) on `canvas` with plotters, the
    /// theory curves overlaid, its sizes times `scale` (the backing store's pixels per CSS
    /// pixel), and returns `{hits, notes}` (`chart::Drawn`): where each point was drawn (canvas
    /// pixels), its algorithm, `α`, whether it is hollow and its hover text; and the notes
    /// printed under the chart.
    ///
    /// # Errors
    /// Throws for an unknown chart or a drawing failure.
    #[wasm_bindgen(js_name = drawMarked, unchecked_return_type = "Drawn")]
    pub fn draw_marked(
        &self,
        canvas: HtmlCanvasElement,
        #[wasm_bindgen(unchecked_param_type = "Chart")] which: &str,
        scale: f64,
    ) -> Result<JsValue, JsError> {
        let spec = chart::spec(Chart::from_name(which)?, &self.params, &self.rows);
        to_js(&chart::draw_marked(&chart_area(canvas)?, &spec, scale).map_err(js_error)?)
    }
}

/// Draws chart `which` of the sweep `params` before it has run: its theory curves on its α
/// range, no points (a preview of a preset's overlays); returns what it drew (`chart::Drawn`,
/// no hits).
///
/// # Errors
/// Throws on bad parameters, an unknown chart or a drawing failure.
#[wasm_bindgen(js_name = drawPreview, unchecked_return_type = "Drawn")]
pub fn draw_preview(
    canvas: HtmlCanvasElement,
    #[wasm_bindgen(unchecked_param_type = "CurveParams")] params: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Chart")] which: &str,
    scale: f64,
) -> Result<JsValue, JsError> {
    let params = curve_params(params)?;
    params.validate()?;
    let spec = chart::spec(Chart::from_name(which)?, &params, &[]);
    to_js(&chart::draw_marked(&chart_area(canvas)?, &spec, scale).map_err(js_error)?)
}

/// One run of a sweep's cell step by step (`experiment::trace`), kept for its chart and CSV.
#[wasm_bindgen]
pub struct CellTrace {
    params: CurveParams,
    algorithm: Algorithm,
    cell: usize,
    run: RunTrace,
}

/// The trace of rule `algorithm` in cell `cell` of the sweep `params`, a point every `every`
/// steps (and at the start and the end): the CLI's `trace` is cell 0 of the sweep with
/// `alphas: [α], reps: 1`.
///
/// # Errors
/// Throws on bad parameters, `every = 0`, a cell out of range, `exact` (not a training rule)
/// or an unknown name.
#[wasm_bindgen(js_name = traceCell)]
pub fn trace_cell(
    #[wasm_bindgen(unchecked_param_type = "CurveParams")] params: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Algorithm")] algorithm: &str,
    cell: usize,
    every: usize,
) -> Result<CellTrace, JsError> {
    let params = curve_params(params)?;
    let algorithm = Algorithm::from_name(algorithm)?;
    let run = experiment::trace_run(&params, algorithm, cell, every)?;
    Ok(CellTrace {
        params,
        algorithm,
        cell,
        run,
    })
}

#[wasm_bindgen]
impl CellTrace {
    /// The trace points `{t, updates, kappa, kappaUpper, epsG, trainError}`.
    ///
    /// # Errors
    /// Throws only if they cannot be converted.
    #[wasm_bindgen(unchecked_return_type = "TracePoint[]")]
    pub fn points(&self) -> Result<JsValue, JsError> {
        to_js(&self.run.points())
    }

    /// The trace as the CLI's `trace` prints it (`t,updates,kappa,kappa_upper,eps_g,train_error`).
    pub fn csv(&self) -> String {
        experiment::trace_csv(&self.run.points())
    }

    /// Draws the trace's chart (`chart::trace_spec`: κ(w), κ_upper and the exact κ_max above,
    /// ε_g and the training error below; the one trace renderer `chart::draw_trace`) on
    /// `canvas`, sizes times `scale`.
    ///
    /// # Errors
    /// Throws on a drawing failure.
    pub fn draw(&self, canvas: HtmlCanvasElement, scale: f64) -> Result<(), JsError> {
        let spec = chart::trace_spec(&self.params, self.algorithm, self.cell, &self.run)?;
        chart::draw_trace(&chart_area(canvas)?, &spec, scale).map_err(js_error)
    }
}

/// What one run of [`Runs`] holds: a sweep's parameters and rows, or imported `(α, ε_g, sem)`.
enum RunRows {
    Sweep(Box<CurveParams>, Vec<Row>),
    Imported(Vec<(f64, f64, f64)>),
}

/// Several runs on one chart (`chart::runs_spec`): the sweeps kept on the page and the curves
/// imported from files, then the current one, each a series in its own style named by its label;
/// the theory overlays of the `base` sweep.
#[wasm_bindgen]
pub struct Runs {
    base: CurveParams,
    log_eps: bool,
    entries: Vec<(String, RunRows)>,
}

#[wasm_bindgen]
impl Runs {
    /// No runs yet, the theory of the sweep `base`; `logEps`: the ε_g chart's y axis in decades.
    ///
    /// # Errors
    /// Throws on bad parameters.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "CurveParams")] base: JsValue,
        #[wasm_bindgen(js_name = logEps)] log_eps: bool,
    ) -> Result<Runs, JsError> {
        let base = curve_params(base)?;
        base.validate()?;
        Ok(Runs {
            base,
            log_eps,
            entries: vec![],
        })
    }

    /// Adds the sweep `curve` (a copy of its rows), named `label`.
    #[wasm_bindgen(js_name = addCurve)]
    pub fn add_curve(&mut self, curve: &Curve, label: &str) {
        self.entries.push((
            label.into(),
            RunRows::Sweep(Box::new(curve.params.clone()), curve.rows.clone()),
        ));
    }

    /// Adds `ε_g(α)` read from a file (`alpha`, `eps`, `sem` of one length), named `label`.
    ///
    /// # Errors
    /// Throws unless the three arrays have one length.
    #[wasm_bindgen(js_name = addImported)]
    pub fn add_imported(
        &mut self,
        label: &str,
        alpha: &[f64],
        eps: &[f64],
        sem: &[f64],
    ) -> Result<(), JsError> {
        if eps.len() != alpha.len() || sem.len() != alpha.len() {
            return Err(JsError::new(&format!(
                "expected as many ε_g and standard errors as α ({}), got {} and {}",
                alpha.len(),
                eps.len(),
                sem.len()
            )));
        }
        let points = (0..alpha.len())
            .map(|i| (alpha[i], eps[i], sem[i]))
            .collect();
        self.entries.push((label.into(), RunRows::Imported(points)));
        Ok(())
    }

    /// The rows of every sweep added, in order, in one CSV: the page's columns, then `series`,
    /// each row's run named by its label (`experiment::series_csv`); imported curves have no
    /// rows of a sweep and are left out.
    pub fn csv(&self) -> String {
        let series: Vec<(&str, &[Row])> = self
            .entries
            .iter()
            .filter_map(|(label, rows)| match rows {
                RunRows::Sweep(_, rows) => Some((label.as_str(), rows.as_slice())),
                RunRows::Imported(_) => None,
            })
            .collect();
        experiment::series_csv(&series)
    }

    /// Draws chart `which` of every run as `Curve.drawMarked` does (one sweep alone: its own
    /// chart), the ε_g chart in decades if asked.
    ///
    /// # Errors
    /// Throws for an unknown chart or a drawing failure.
    #[wasm_bindgen(js_name = drawMarked, unchecked_return_type = "Drawn")]
    pub fn draw_marked(
        &self,
        canvas: HtmlCanvasElement,
        #[wasm_bindgen(unchecked_param_type = "Chart")] which: &str,
        scale: f64,
    ) -> Result<JsValue, JsError> {
        let which = Chart::from_name(which)?;
        let runs: Vec<chart::Run> = self
            .entries
            .iter()
            .map(|(label, rows)| chart::Run {
                label,
                data: match rows {
                    RunRows::Sweep(params, rows) => chart::RunData::Sweep { params, rows },
                    RunRows::Imported(points) => chart::RunData::Imported(points),
                },
            })
            .collect();
        let mut spec = chart::runs_spec(which, &self.base, &runs);
        if self.log_eps && which == Chart::Eps {
            spec = spec.in_decades();
        }
        to_js(&chart::draw_marked(&chart_area(canvas)?, &spec, scale).map_err(js_error)?)
    }
}
