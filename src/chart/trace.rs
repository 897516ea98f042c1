//! The chart of one run's trace ([`experiment::trace`]): `κ(w)`, its certified bound and the
//! exact `κ_max` above, `ε_g` and the training error below, against the steps `t` on a
//! logarithmic axis.

use super::clip::{clip, Point};
use super::legend::{self, Entry as LegendEntry};
use super::{bounds, rgb, short, valid_scale};
use crate::catalogue::Algorithm;
use crate::error::Result as CoreResult;
use crate::experiment::{self, CurveParams, TracePoint};
use crate::train::Mode;
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;

/// What the chart of one run's trace ([`experiment::trace`]) shows: `κ(w)`, the certified bound
/// `κ_upper` where the rule has one and the exact `κ_max` of the run's set above; `ε_g` (teacher
/// labels) and the training error below, all against the steps `t`.
#[derive(Debug, Clone, PartialEq)]
pub struct TraceSpec {
    /// Caption.
    pub title: String,
    /// Legend text of the rule.
    pub name: String,
    /// The rule's colour.
    pub color: RGBColor,
    /// `(t, κ(w))` where `κ` is defined (`w ≠ 0`).
    pub kappa: Vec<(f64, f64)>,
    /// `(t, κ_upper)` where the bound is finite (after the first update).
    pub kappa_upper: Vec<(f64, f64)>,
    /// The exact maximal stability of the run's set; `None` if it is not linearly separable.
    pub kappa_max: Option<f64>,
    /// `(t, ε_g)`; empty for random labels.
    pub eps_g: Vec<(f64, f64)>,
    /// `(t, training error)`.
    pub train_error: Vec<(f64, f64)>,
}

/// The chart of `points`, the trace of `algorithm` in cell `cell` of the sweep `params`; the
/// exact `κ_max` of that cell's set is computed here.
///
/// # Errors
/// Those of [`experiment::cell_data`] and of the exact solver.
pub fn trace_spec(
    params: &CurveParams,
    algorithm: Algorithm,
    cell: usize,
    points: &[TracePoint],
) -> CoreResult<TraceSpec> {
    let (data, _) = experiment::cell_data(params, cell)?;
    let exact = crate::exact::max_stability(&data, Mode::Homogeneous)?;
    let alpha = params.alphas[cell / params.reps];
    let series = |value: fn(&TracePoint) -> Option<f64>| -> Vec<(f64, f64)> {
        points
            .iter()
            .filter_map(|p| value(p).filter(|v| v.is_finite()).map(|v| (p.t as f64, v)))
            .collect()
    };
    Ok(TraceSpec {
        title: format!(
            "{algorithm}: one run at α = {} (P = {}), N = {}",
            short(alpha),
            data.len(),
            params.n
        ),
        name: algorithm.name().into(),
        color: rgb(algorithm.info().color),
        kappa: series(|p| Some(p.kappa)),
        kappa_upper: series(|p| p.kappa_upper),
        kappa_max: exact.separable.then_some(exact.kappa),
        eps_g: series(|p| p.eps_g),
        train_error: series(|p| Some(p.train_error)),
    })
}

/// Draws the trace chart `spec` on `area` (sizes times `scale`, as [`super::draw`]): `κ` above, the
/// errors below, against the steps `t` on a logarithmic axis from the first row after `t = 0`. The `κ` axis spans the run's late values and `κ_max`
/// (the early `κ_upper`, up to `max |ξ|`, and the early negative `κ` leave it and are cut).
///
/// # Errors
/// The backend's drawing errors.
pub fn draw_trace<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    spec: &TraceSpec,
    scale: f64,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let scale = valid_scale(scale);
    area.fill(&WHITE)?;
    let area = area.titled(&spec.title, ("sans-serif", 15.0 * scale))?;
    let (_, height) = area.dim_in_pixel();
    let (top, bottom) = area.split_vertically(height * 3 / 5);
    let t_max = spec
        .kappa
        .iter()
        .chain(&spec.train_error)
        .map(|p| p.0)
        .fold(0.0, f64::max);
    // a logarithmic axis from the first row after the start (the approach is quick and the tail
    // long; the rows come every K steps, so the axis starts at the first)
    let t_first = spec
        .kappa
        .iter()
        .chain(&spec.train_error)
        .map(|p| p.0)
        .filter(|&t| t >= 1.0)
        .fold(f64::INFINITY, f64::min);
    let t_first = if t_first.is_finite() { t_first } else { 1.0 };
    let t_range = (t_first, t_max.max(2.0 * t_first));
    trace_kappa(&top, spec, t_range, scale)?;
    trace_errors(&bottom, spec, t_range, scale)?;
    area.present()?;
    Ok(())
}

/// The points from the first step on (the logarithmic axis starts at `t = 1`; at `t = 0`,
/// `w = 0`).
fn from_first_step(points: &[Point]) -> Vec<Point> {
    points.iter().copied().filter(|p| p.0 >= 1.0).collect()
}

/// A tick of the steps axis: `t` in full up to 9999, else as `1e4`, `2e5`, ….
fn steps_label(t: f64) -> String {
    if t < 1e4 {
        format!("{t:.0}")
    } else {
        format!("{t:.0e}")
    }
}

/// The upper panel of the trace: `κ(w)`, `κ_upper` and `κ_max` against `t`, its legend under it
/// ([`legend::below`]: outside the plot, where it covers no line).
fn trace_kappa<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    spec: &TraceSpec,
    (t0, t1): (f64, f64),
    scale: f64,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let px = |v: f64| (v * scale).round().max(1.0) as u32;
    let color = spec.color;
    let exact = rgb(Algorithm::Exact.info().color);
    // κ: around its late values, the final bound and κ_max, with room of about |κ_max| for the
    // approach from either side
    let last = |v: &[(f64, f64)]| v.last().map(|p| p.1);
    let late: Vec<f64> = spec
        .kappa
        .iter()
        .skip(spec.kappa.len() / 2)
        .map(|p| p.1)
        .chain(last(&spec.kappa_upper))
        .chain(spec.kappa_max)
        .collect();
    let reference = spec.kappa_max.or(last(&spec.kappa)).unwrap_or(0.0);
    let (lo, hi) = bounds(late.into_iter(), 0.0);
    let room = (hi - lo).max(0.5 * reference.abs()).max(1e-3);
    let (k0, k1) = (lo - room, hi + room);
    let upper = clip(&from_first_step(&spec.kappa_upper), k0, k1);
    let kappa = clip(&from_first_step(&spec.kappa), k0, k1);
    let mut entries = vec![];
    if spec.kappa_max.is_some() {
        entries.push(LegendEntry::line("κ_max (exact)", exact, false));
    }
    if !upper.is_empty() {
        let text = format!("{}: κ_upper (certified)", spec.name);
        entries.push(LegendEntry::line(text, color, true));
    }
    if !kappa.is_empty() {
        entries.push(LegendEntry::line(
            format!("{}: κ(w)", spec.name),
            color,
            false,
        ));
    }
    let area = legend::below(area, &entries, 11.0, scale)?;
    let axes = TraceAxes {
        t: (t0, t1),
        y: (k0, k1),
        y_desc: "κ",
        y_labels: 6,
        t_desc: None,
    };
    let mut chart = axes.draw(&area, scale)?;
    if let Some(k) = spec.kappa_max {
        chart.draw_series(LineSeries::new(
            [(t0, k), (t1, k)],
            exact.stroke_width(px(1.5)),
        ))?;
    }
    draw_dashed(
        &mut chart,
        upper,
        (px(5.0), px(4.0)),
        color.stroke_width(px(1.5)),
    )?;
    for part in kappa {
        chart.draw_series(LineSeries::new(part, color.stroke_width(px(2.0))))?;
    }
    Ok(())
}

/// The lower panel of the trace: `ε_g` and the training error against `t`, its legend under it.
fn trace_errors<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    spec: &TraceSpec,
    (t0, t1): (f64, f64),
    scale: f64,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let px = |v: f64| (v * scale).round().max(1.0) as u32;
    let color = spec.color;
    let grey = RGBColor(0x77, 0x77, 0x77);
    // the errors, from 0 (to their largest after the start, where w = 0 errs on every example)
    let e1 = spec
        .eps_g
        .iter()
        .chain(&spec.train_error)
        .filter(|p| p.0 > 0.0)
        .map(|p| p.1)
        .fold(0.05, f64::max)
        * 1.08;
    let train = clip(&from_first_step(&spec.train_error), 0.0, e1);
    let mut entries = vec![];
    if !spec.eps_g.is_empty() {
        entries.push(LegendEntry::line(
            format!("{}: ε_g", spec.name),
            color,
            false,
        ));
    }
    if !train.is_empty() {
        entries.push(LegendEntry::line("training error", grey, true));
    }
    let area = legend::below(area, &entries, 11.0, scale)?;
    let axes = TraceAxes {
        t: (t0, t1),
        y: (0.0, e1),
        y_desc: "error",
        y_labels: 4,
        t_desc: Some("t (steps of the rule, logarithmic)"),
    };
    let mut chart = axes.draw(&area, scale)?;
    if !spec.eps_g.is_empty() {
        chart.draw_series(LineSeries::new(
            from_first_step(&spec.eps_g),
            color.stroke_width(px(2.0)),
        ))?;
    }
    draw_dashed(
        &mut chart,
        train,
        (px(3.0), px(3.0)),
        grey.stroke_width(px(1.5)),
    )?;
    Ok(())
}

/// A trace panel's coordinates: the steps `t` across on a logarithmic axis, a quantity up.
type TracePlot<'a, DB> = ChartContext<'a, DB, Cartesian2d<LogCoord<f64>, RangedCoordf64>>;

/// The axes of a trace panel.
struct TraceAxes<'s> {
    /// `t` across, logarithmic.
    t: (f64, f64),
    /// The quantity up.
    y: (f64, f64),
    /// The quantity's name.
    y_desc: &'s str,
    /// How many ticks up.
    y_labels: usize,
    /// The name of the `t` axis, on the lower panel only (which then has room for it).
    t_desc: Option<&'s str>,
}

impl TraceAxes<'_> {
    /// Draws the axes and their grid on `area`, sizes times `scale`; returns the plot.
    fn draw<'a, DB: DrawingBackend>(
        &self,
        area: &'a DrawingArea<DB, Shift>,
        scale: f64,
    ) -> Result<TracePlot<'a, DB>, DrawingAreaErrorKind<DB::ErrorType>> {
        let px = |v: f64| (v * scale).round().max(1.0) as u32;
        let (t0, t1) = self.t;
        let (y0, y1) = self.y;
        let mut chart = ChartBuilder::on(area)
            .margin(px(8.0))
            .margin_right(px(20.0))
            .x_label_area_size(px(if self.t_desc.is_some() { 34.0 } else { 22.0 }))
            .y_label_area_size(px(52.0))
            .build_cartesian_2d((t0..t1).log_scale(), y0..y1)?;
        let mut mesh = chart.configure_mesh();
        if let Some(t_desc) = self.t_desc {
            mesh.x_desc(t_desc);
        }
        mesh.y_desc(self.y_desc)
            .y_labels(self.y_labels)
            .x_label_formatter(&|t| steps_label(*t))
            .light_line_style(RGBColor(0xee, 0xee, 0xee))
            .label_style(("sans-serif", 11.0 * scale))
            .axis_desc_style(("sans-serif", 12.0 * scale))
            .draw()?;
        Ok(chart)
    }
}

/// Draws each part of a clipped line ([`clip`]) dashed `(dash, gap)` pixels in `style`.
fn draw_dashed<DB: DrawingBackend>(
    chart: &mut TracePlot<'_, DB>,
    parts: Vec<Vec<Point>>,
    (dash, gap): (u32, u32),
    style: ShapeStyle,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    for part in parts {
        chart.draw_series(DashedLineSeries::new(part, dash, gap, style))?;
    }
    Ok(())
}
