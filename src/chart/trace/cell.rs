//! The trace chart of one run of a sweep's cell ([`experiment::trace`], the CLI's `trace` and
//! the learning-curve panel's): `κ(w)`, its certified bound and the exact `κ_max` above,
//! `ε_g` and the training error below, against the steps `t` on a logarithmic axis.

use super::{kappa_range, log_t_range, Axis, Line, Panel, Reference, Scale, TraceChart};
use crate::catalogue::Algorithm;
use crate::chart::{rgb, short};
use crate::error::Result as CoreResult;
use crate::experiment::{self, CurveParams, RunTrace};
use crate::train::Mode;
use plotters::style::RGBColor;

/// The values of the second half of `line` (a run's late part).
fn second_half(line: &Line) -> impl Iterator<Item = f64> + '_ {
    line.points[line.points.len() / 2..].iter().map(|p| p.1)
}

/// The last value of `line`, if any.
fn last(line: &Line) -> Option<f64> {
    line.points.last().map(|p| p.1)
}

/// The chart of `run`, the trace of `algorithm` in cell `cell` of the sweep `params`; the
/// exact `κ_max` of that cell's set is computed here. Its panels are `"κ"` (lines
/// `"{name}: κ(w)"`, `"{name}: κ_upper (certified)"`, reference `"κ_max (exact)"`) and
/// `"error"` (`"{name}: ε_g"`, `"training error"`).
///
/// # Errors
/// Those of [`experiment::cell_data`] and of the exact solver.
pub fn trace_spec(
    params: &CurveParams,
    algorithm: Algorithm,
    cell: usize,
    run: &RunTrace,
) -> CoreResult<TraceChart> {
    let (data, _) = experiment::cell_data(params, cell)?;
    let exact = crate::exact::max_stability(&data, Mode::Homogeneous)?;
    let alpha = params.alphas[cell / params.reps];
    let tr = &run.trace;
    // the finite values of a column against t
    let series = |values: &mut dyn Iterator<Item = f64>| -> Vec<(f64, f64)> {
        tr.t.iter()
            .zip(values)
            .filter(|(_, v)| v.is_finite())
            .map(|(&t, v)| (t as f64, v))
            .collect()
    };
    let column = |c: Option<&Vec<f64>>| series(&mut c.into_iter().flatten().copied());
    // the answer's errors (pocket: the pocketed perceptron's) as a fraction of P
    let answer_errors = tr.pocket_errors.as_ref().unwrap_or(&tr.errors);
    let p = run.p.max(1) as f64;
    let name = algorithm.name();
    let color = rgb(algorithm.info().color);
    let kappa_max = exact.separable.then_some(exact.kappa);
    let kappa = Line::solid(format!("{name}: κ(w)"), color, column(Some(&tr.kappa)));
    let upper = Line::dashed(
        format!("{name}: κ_upper (certified)"),
        color,
        column(tr.upper.as_ref()),
        (5.0, 4.0),
    );
    let grey = RGBColor(0x77, 0x77, 0x77);
    let eps_g = Line::solid(format!("{name}: ε_g"), color, column(tr.eps_g.as_ref()));
    let train = Line::dashed(
        "training error",
        grey,
        series(&mut answer_errors.iter().map(|&e| e as f64 / p)),
        (3.0, 3.0),
    );
    // the errors from 0 to their largest after the start (where w = 0 errs on every example)
    let e1 = eps_g
        .points
        .iter()
        .chain(&train.points)
        .filter(|p| p.0 > 0.0)
        .map(|p| p.1)
        .fold(0.05, f64::max)
        * 1.08;
    let t = log_t_range([&kappa, &train].into_iter());
    let kappa_panel = Panel {
        y: Axis {
            scale: Scale::Linear,
            range: kappa_range(second_half(&kappa).chain(last(&upper)), kappa_max),
            desc: "κ".into(),
        },
        y_labels: 6,
        references: kappa_max
            .map(|value| Reference {
                label: "κ_max (exact)".into(),
                color: rgb(Algorithm::Exact.info().color),
                value,
            })
            .into_iter()
            .collect(),
        lines: vec![upper, kappa],
        share: 3.0,
    };
    let error_panel = Panel {
        y: Axis {
            scale: Scale::Linear,
            range: (0.0, e1),
            desc: "error".into(),
        },
        y_labels: 4,
        references: vec![],
        lines: vec![eps_g, train],
        share: 2.0,
    };
    Ok(TraceChart {
        title: Some(format!(
            "{algorithm}: one run at α = {} (P = {}), N = {}",
            short(alpha),
            data.len(),
            params.n
        )),
        t: Axis {
            scale: Scale::Log,
            range: t,
            desc: "t (steps of the rule, logarithmic)".into(),
        },
        panels: vec![kappa_panel, error_panel],
    })
}
