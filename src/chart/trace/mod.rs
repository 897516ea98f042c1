//! Trace charts: quantities of runs against the step `t` (or the number of examples `P`), one
//! renderer for every such chart — the CLI's and the learning-curve panel's trace of one sweep
//! cell ([`cell`]), the page's traces of the compared and animated rules and its `ε_g(P)` chart
//! ([`rules`]). A chart ([`TraceChart`]) is a stack of panels ([`Panel`]) sharing the `t` axis;
//! each panel has its lines ([`Line`]), horizontal references ([`Reference`]: `κ_max`, `M*`) and
//! its legend under it, outside the plot, where it covers no line. Axes are linear or
//! logarithmic ([`Scale`]); every line is cut to its panel's range, so nothing is drawn outside.

mod cell;
mod rules;

pub use cell::trace_spec;
pub use rules::{example_chart, rule_traces, RuleCharts};

use super::clip::{clip, Point};
use super::legend::{self, Entry as LegendEntry};
use super::{caption, text, valid_scale};
use crate::catalogue::CHART_TEXT;
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;

/// How an axis maps its values to the page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scale {
    /// Evenly.
    Linear,
    /// By `log₁₀` (values `≤ 0` are not drawn).
    Log,
}

impl Scale {
    /// `v` in the axis's plotting coordinate (`None` where it cannot be drawn).
    fn to_axis(self, v: f64) -> Option<f64> {
        let a = match self {
            Scale::Linear => v,
            Scale::Log if v > 0.0 => libm::log10(v),
            Scale::Log => return None,
        };
        a.is_finite().then_some(a)
    }

    /// The value at plotting coordinate `a`.
    fn value_at(self, a: f64) -> f64 {
        match self {
            Scale::Linear => a,
            Scale::Log => libm::pow(10f64, a),
        }
    }
}

/// An axis: its scale, its range in data units and its description.
#[derive(Debug, Clone, PartialEq)]
pub struct Axis {
    /// Linear or logarithmic.
    pub scale: Scale,
    /// `(lo, hi)` in data units (`0 < lo` on a logarithmic axis).
    pub range: (f64, f64),
    /// What it measures.
    pub desc: String,
}

/// One line of a panel.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    /// Its legend text (empty: no entry).
    pub label: String,
    /// Its colour.
    pub color: RGBColor,
    /// `(t, value)`; non-finite values break the line.
    pub points: Vec<Point>,
    /// Dashed `(dash, gap)` in pixels (before the scale), or solid.
    pub dash: Option<(f64, f64)>,
    /// Every point marked with a dot (a few points, one per example added).
    pub marked: bool,
}

impl Line {
    /// A solid line.
    pub fn solid(label: impl Into<String>, color: RGBColor, points: Vec<Point>) -> Self {
        Self {
            label: label.into(),
            color,
            points,
            dash: None,
            marked: false,
        }
    }

    /// A dashed line, `(dash, gap)` pixels.
    pub fn dashed(
        label: impl Into<String>,
        color: RGBColor,
        points: Vec<Point>,
        dash: (f64, f64),
    ) -> Self {
        Self {
            dash: Some(dash),
            ..Self::solid(label, color, points)
        }
    }
}

/// A horizontal line at a value the lines are measured against (`κ_max`, `M*`).
#[derive(Debug, Clone, PartialEq)]
pub struct Reference {
    /// Its legend text.
    pub label: String,
    /// Its colour.
    pub color: RGBColor,
    /// Where it lies.
    pub value: f64,
}

/// One panel: a quantity against the chart's `t` axis.
#[derive(Debug, Clone, PartialEq)]
pub struct Panel {
    /// The quantity's axis.
    pub y: Axis,
    /// How many ticks up, at most.
    pub y_labels: usize,
    /// The lines, drawn in order over the references.
    pub lines: Vec<Line>,
    /// The references, first in the legend.
    pub references: Vec<Reference>,
    /// Its share of the chart's height (the shares are relative).
    pub share: f64,
}

impl Panel {
    /// The line labelled `label`.
    pub fn line(&self, label: &str) -> Option<&Line> {
        self.lines.iter().find(|l| l.label == label)
    }
}

/// A chart of panels stacked over one `t` axis.
#[derive(Debug, Clone, PartialEq)]
pub struct TraceChart {
    /// Caption (none: the page writes one beside the canvas).
    pub title: Option<String>,
    /// The steps (or examples) across, shared by the panels; its description under the last.
    pub t: Axis,
    /// The panels, top to bottom.
    pub panels: Vec<Panel>,
}

impl TraceChart {
    /// The panel whose quantity is `desc`.
    pub fn panel(&self, desc: &str) -> Option<&Panel> {
        self.panels.iter().find(|p| p.y.desc == desc)
    }
}

/// The `t` range of `lines` for a logarithmic axis: from the first sample at `t ≥ 1` (at
/// `t = 0`, `w = 0`) to the last, at least a factor 2 wide; `(1, 10)` without samples.
pub fn log_t_range<'a>(lines: impl Iterator<Item = &'a Line> + Clone) -> (f64, f64) {
    let ts = lines.flat_map(|l| l.points.iter().map(|p| p.0));
    let first = ts
        .clone()
        .filter(|&t| t >= 1.0)
        .fold(f64::INFINITY, f64::min);
    let last = ts.fold(0.0, f64::max);
    if first.is_finite() {
        (first, last.max(2.0 * first).max(10.0))
    } else {
        (1.0, 10.0)
    }
}

/// A value as a reader wants it beside a reference: `significant` digits, no trailing zeros.
pub fn precise(v: f64, significant: i32) -> String {
    if v == 0.0 || !v.is_finite() {
        return format!("{v}");
    }
    let digits = (significant - 1 - libm::log10(v.abs()).floor() as i32).clamp(0, 12) as usize;
    if v.abs() >= 1e6 || v.abs() < 1e-4 {
        return format!("{v:.3e}");
    }
    let s = format!("{v:.digits$}");
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').into()
    } else {
        s
    }
}

/// A tick of the steps axis: in full up to 9999, else as `1e4`, `2e5`, …; two digits below 10
/// (a logarithmic axis's ticks between 1 and 10).
fn tick_label(v: f64) -> String {
    if v < 10.0 {
        let r = (v * 10.0).round() / 10.0;
        format!("{r}")
    } else if v < 1e4 {
        format!("{v:.0}")
    } else {
        format!("{v:.0e}")
    }
}

/// Draws `chart` on `area`, sizes (fonts, margins, lines) times `scale`.
///
/// # Errors
/// The backend's drawing errors.
pub fn draw_trace<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    chart: &TraceChart,
    scale: f64,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let scale = valid_scale(scale);
    area.fill(&WHITE)?;
    let area = match &chart.title {
        Some(title) => area.titled(title, caption(scale))?,
        None => area.clone(),
    };
    let total: f64 = chart.panels.iter().map(|p| p.share.max(0.0)).sum();
    let mut rest = area.clone();
    for (k, panel) in chart.panels.iter().enumerate() {
        let last = k + 1 == chart.panels.len();
        let here = if last {
            rest.clone()
        } else {
            let (_, height) = rest.dim_in_pixel();
            let left: f64 = chart.panels[k..].iter().map(|p| p.share.max(0.0)).sum();
            let share = if total > 0.0 {
                panel.share.max(0.0) / left
            } else {
                1.0
            };
            let (top, bottom) = rest.split_vertically((f64::from(height) * share).round() as u32);
            rest = bottom;
            top
        };
        draw_panel(&here, &chart.t, panel, last, scale)?;
    }
    area.present()?;
    Ok(())
}

/// The plotting coordinates of a panel (both axes mapped by their [`Scale`]).
type Plot<'a, DB> = ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// Draws `panel` on `area` against `t` (its description under the panel if `with_t_desc`).
fn draw_panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    t: &Axis,
    panel: &Panel,
    with_t_desc: bool,
    scale: f64,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let px = |v: f64| (v * scale).round().max(1.0) as u32;
    let mut entries: Vec<LegendEntry> = panel
        .references
        .iter()
        .map(|r| LegendEntry::line(r.label.clone(), r.color, false))
        .collect();
    for line in panel.lines.iter().filter(|l| !l.label.is_empty()) {
        if line.points.iter().any(|p| p.1.is_finite()) {
            entries.push(LegendEntry::line(
                line.label.clone(),
                line.color,
                line.dash.is_some(),
            ));
        }
    }
    let area = legend::below(area, &entries, scale)?;
    // room for the ticks (and under the last panel the steps' description) in the charts' text
    let line = CHART_TEXT.px + 6.0;
    let (t0, t1) = axis_range(t);
    let (y0, y1) = axis_range(&panel.y);
    let mut plot = ChartBuilder::on(&area)
        .margin(px(8.0))
        .margin_right(px(20.0))
        .x_label_area_size(px(if with_t_desc {
            2.0 * line + 4.0
        } else {
            line + 4.0
        }))
        .y_label_area_size(px(4.0 * CHART_TEXT.px + 8.0))
        .build_cartesian_2d(t0..t1, y0..y1)?;
    let t_label = |a: &f64| tick_label(t.scale.value_at(*a));
    let y_label = |a: &f64| match panel.y.scale {
        Scale::Log => tick_label(Scale::Log.value_at(*a)),
        Scale::Linear => short_tick(*a, y1 - y0),
    };
    // a short linear axis (a few examples added) ticked at most once per unit: no "22 22 22"
    let x_labels = match t.scale {
        Scale::Linear if t1 - t0 < 8.0 => (t1 - t0).floor() as usize + 1,
        _ => 8,
    };
    // each axis's title as long as the plot's side beside it: whole, or shorter (plotters centres
    // it on that side, so that a longer one reaches past the canvas's edge)
    let (plot_wide, plot_high) = plot.plotting_area().dim_in_pixel();
    let font = text(scale);
    let t_desc = fitting_desc(&area, &t.desc, &font, plot_wide)?;
    let y_desc = fitting_desc(&area, &panel.y.desc, &font, plot_high)?;
    let mut mesh = plot.configure_mesh();
    if with_t_desc {
        mesh.x_desc(t_desc.as_str());
    }
    if !super::rich::has_scripts(&y_desc) {
        mesh.y_desc(y_desc.as_str());
    }
    mesh.y_labels(panel.y_labels)
        .x_labels(x_labels)
        .x_label_formatter(&t_label)
        .y_label_formatter(&y_label)
        .light_line_style(RGBColor(0xee, 0xee, 0xee))
        .label_style(text(scale))
        .axis_desc_style(text(scale))
        .draw()?;
    if super::rich::has_scripts(&y_desc) {
        let plot_area = plot.plotting_area().strip_coord_spec();
        let left = (8.0 * scale).round().max(1.0) as i32;
        super::rich::draw_y_title(&area, &plot_area, &y_desc, &font, left)?;
    }
    for r in &panel.references {
        if let Some(v) = panel
            .y
            .scale
            .to_axis(r.value)
            .filter(|v| (y0..=y1).contains(v))
        {
            plot.draw_series(LineSeries::new(
                [(t0, v), (t1, v)],
                r.color.stroke_width(px(1.5)),
            ))?;
        }
    }
    for line in &panel.lines {
        draw_line(&mut plot, line, t.scale, panel.y.scale, (y0, y1), scale)?;
    }
    Ok(())
}

/// The forms of an axis's description `desc`, longest first: whole, its parenthetical shortened
/// ("(logarithmic)" to "(log)"), and without it ("updates M (logarithmic)": "updates M (log)",
/// "updates M").
pub fn desc_forms(desc: &str) -> Vec<String> {
    let mut forms = vec![desc.to_string()];
    if let Some(at) = desc.find(" (") {
        let short = desc.replace("logarithmic", "log");
        if short != desc {
            forms.push(short);
        }
        forms.push(desc[..at].to_string());
    }
    forms
}

/// The longest of `desc`'s forms ([`desc_forms`]) no longer than `room` pixels in `font`, else
/// the shortest.
fn fitting_desc<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    desc: &str,
    font: &TextStyle,
    room: u32,
) -> Result<String, DrawingAreaErrorKind<DB::ErrorType>> {
    let mut forms = desc_forms(desc);
    let shortest = forms.pop().unwrap_or_default();
    for form in forms {
        if super::rich::size(area, &form, font)?.0 <= room {
            return Ok(form);
        }
    }
    Ok(shortest)
}

/// An axis's range in plotting coordinates, never empty.
fn axis_range(axis: &Axis) -> (f64, f64) {
    let lo = axis.scale.to_axis(axis.range.0);
    let hi = axis.scale.to_axis(axis.range.1);
    match (lo, hi) {
        (Some(lo), Some(hi)) if hi > lo => (lo, hi),
        (Some(lo), _) => (lo, lo + 1.0),
        _ => (0.0, 1.0),
    }
}

/// A linear tick's label: as many decimals as the span needs.
fn short_tick(v: f64, span: f64) -> String {
    let decimals = (1 - libm::log10(span.abs()).floor() as i32).clamp(0, 12) as usize;
    if span.abs() < 1e-4 || span.abs() >= 1e6 {
        return format!("{v:.1e}");
    }
    format!("{v:.decimals$}")
}

/// Draws `line` mapped by the scales, cut where it leaves `y0..y1` or is undefined.
fn draw_line<DB: DrawingBackend>(
    plot: &mut Plot<'_, DB>,
    line: &Line,
    t_scale: Scale,
    y_scale: Scale,
    (y0, y1): (f64, f64),
    scale: f64,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let px = |v: f64| (v * scale).round().max(1.0) as u32;
    // runs of drawable points (an undefined one breaks the line), each cut to the range
    let mut runs: Vec<Vec<Point>> = vec![vec![]];
    for &(t, v) in &line.points {
        match (t_scale.to_axis(t), y_scale.to_axis(v)) {
            (Some(a), Some(b)) => runs.last_mut().expect("a run").push((a, b)),
            _ => runs.push(vec![]),
        }
    }
    let width = if line.dash.is_some() { 1.5 } else { 2.0 };
    let style = line.color.stroke_width(px(width));
    for run in &runs {
        for part in clip(run, y0, y1) {
            match line.dash {
                Some((dash, gap)) => {
                    plot.draw_series(DashedLineSeries::new(part, px(dash), px(gap), style))?;
                }
                None => {
                    plot.draw_series(LineSeries::new(part, style))?;
                }
            }
        }
        if line.marked {
            let inside = run.iter().filter(|p| (y0..=y1).contains(&p.1));
            plot.draw_series(
                inside.map(|&p| Circle::new(p, (2.5 * scale).max(1.0), line.color.filled())),
            )?;
        }
    }
    Ok(())
}

/// The `κ` axis's range: around the `late` values (of `κ`, of the certified bounds) and
/// `κ_max`, with room of about `|κ_max|` for the approach from either side. Negative `κ` (a set
/// that is not separable, a rule still on its way) lies inside when it is late; early `κ` and
/// bounds far off are cut (the race's chart then widens it to every `κ` of its rules:
/// `rules::with_every_kappa`). Every length is the data's own (no absolute floor), so that a set and
/// the same set scaled by `10^±300` give the same chart.
fn kappa_range(late: impl Iterator<Item = f64>, kappa_max: Option<f64>) -> (f64, f64) {
    let (lo, hi) = late
        .chain(kappa_max)
        .filter(|v| v.is_finite())
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
            (a.min(v), b.max(v))
        });
    if !lo.is_finite() {
        return (-1.0, 1.0);
    }
    let reference = kappa_max.unwrap_or(hi);
    let mut room = (hi - lo).max(0.5 * reference.abs());
    if room <= 0.0 {
        room = 0.5 * lo.abs().max(hi.abs());
    }
    if room <= 0.0 {
        room = 1.0;
    }
    (lo - room, hi + room)
}
