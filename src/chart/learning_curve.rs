//! Drawing a learning-curve chart ([`ChartSpec`]): axes, theory lines, the measured points in
//! their shapes with error bars, the legend and the notes under the plot; [`draw_marked`] says
//! where it drew each point ([`Hit`]) so that the page hit-tests the pointer without a second
//! axis mapping.

use super::legend::{self, Entry as LegendEntry, Swatch};
use super::marker::Shape;
use super::rich;
use super::runs::run_style;
use super::spec::{ChartSpec, Mark, Series};
use super::wrap::wrap;
use super::{bounds, caption, muted_text, rgb, text, valid_scale};
use crate::catalogue::Algorithm;
use crate::catalogue::CHART_TEXT;
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use serde::Serialize;
use std::cell::RefCell;

/// A point as drawn: where (in the backend's pixels), what it is and its hover text.
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Hit {
    /// Horizontal position of its centre, in the backend's pixels.
    pub x: f64,
    /// Vertical position of its centre, in the backend's pixels.
    pub y: f64,
    /// The algorithm (`null` for a property of the data).
    #[cfg_attr(target_arch = "wasm32", tsify(type = "Algorithm | null"))]
    pub algorithm: Option<Algorithm>,
    /// `α`.
    pub alpha: f64,
    /// Drawn hollow (averaged over fewer sets than asked for).
    pub hollow: bool,
    /// Its shape (its algorithm's: [`Shape::of`]).
    pub shape: Shape,
    /// The hover text ([`super::Mark::text`]).
    pub text: String,
    /// The run it belongs to, in the order the runs were added ([`super::runs`]); `null` on
    /// the chart of one run.
    #[cfg_attr(target_arch = "wasm32", tsify(type = "number | null"))]
    pub run: Option<usize>,
}

/// What a drawn chart shows besides its pixels: its points ([`Hit`]) and its notes.
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Drawn {
    /// Every measured point, in drawing order.
    pub hits: Vec<Hit>,
    /// The notes printed under the chart ([`ChartSpec::notes`]).
    pub notes: Vec<String>,
    /// The y axis' tick labels as printed, bottom to top (powers of ten on a log axis).
    #[serde(rename = "yTicks")]
    pub y_ticks: Vec<String>,
    /// The theory curves drawn, in the legend's order ([`ChartSpec::theory`]).
    pub lines: Vec<DrawnLine>,
    /// The vertical marks drawn ([`ChartSpec::marks`] within the x axis).
    pub marks: Vec<DrawnMark>,
    /// The legend's entries as printed, in order: the theory curves, then the series with points.
    pub legend: Vec<String>,
}

/// A theory curve as drawn: its legend text, the run whose dashes it has and its points.
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DrawnLine {
    /// Its legend text (`Cover C(P,N)/2^P, N = 20`).
    pub name: String,
    /// The run whose `N` it is drawn for, in its dashes ([`super::Line::run`]); `null`: for every run.
    #[cfg_attr(target_arch = "wasm32", tsify(type = "number | null"))]
    pub run: Option<usize>,
    /// Its points `[α, value]`.
    #[cfg_attr(target_arch = "wasm32", tsify(type = "[number, number][]"))]
    pub points: Vec<(f64, f64)>,
}

/// A vertical mark as drawn: its `α`, its label and where it went (the backend's pixels).
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DrawnMark {
    /// `α`.
    pub alpha: f64,
    /// Its label as printed.
    pub label: String,
    /// Its horizontal position, in the backend's pixels.
    pub x: f64,
}

/// Draws `spec` on `area` ([`draw_marked`], without its [`Drawn`]).
///
/// # Errors
/// The backend's drawing errors.
pub fn draw<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    spec: &ChartSpec,
    scale: f64,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    draw_marked(area, spec, scale).map(|_| ())
}

/// Draws `spec` on `area`, every size (type, margins, marks, strokes) times `scale`: 1 for a
/// canvas whose backing store has its CSS size, the device pixel ratio (× the export factor)
/// otherwise, so the chart looks the same at any resolution. Each series has its shape
/// ([`Shape::of`]: its algorithm's); points averaged over fewer sets than asked are drawn hollow (white
/// in an outline of the series' colour); the legend goes under the plot ([`legend::below`]) and
/// the notes under it, wrapped to its width; a chart that cannot have points says why in the
/// plot. Returns where each point was drawn.
///
/// # Errors
/// The backend's drawing errors.
pub fn draw_marked<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    spec: &ChartSpec,
    scale: f64,
) -> Result<Drawn, DrawingAreaErrorKind<DB::ErrorType>> {
    let scale = valid_scale(scale);
    let px = |v: f64| (v * scale).round().max(1.0) as u32;
    area.fill(&WHITE)?;
    let plot_area = draw_notes(area, &spec.notes, scale)?;
    let entries = legend_entries(spec);
    let plot_area = legend::below(&plot_area, &entries, scale)?;
    let xs = spec
        .series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.alpha))
        .chain(
            spec.theory
                .iter()
                .flat_map(|l| l.points.iter().map(|p| p.0)),
        )
        .chain([spec.alpha_range.0, spec.alpha_range.1]);
    let (x0, x1) = widen(bounds(xs, 0.0), 0.5);
    let fy = y_map(spec.log_y);
    let (y0, y1) = y_bounds(spec, fy);
    let printed = RefCell::new(Vec::<(f64, String)>::new());
    let y_tick = |v: &f64| {
        let label = if spec.log_y { decade(*v) } else { tick(*v) };
        let mut printed = printed.borrow_mut();
        if !printed.iter().any(|(at, _)| at == v) {
            printed.push((*v, label.clone()));
        }
        label
    };
    // the caption as plotters places it (under the top margin), with its scripts
    let margin = (10.0 * scale).round().max(1.0) as i32;
    let plot_area = rich::titled(&plot_area, &spec.title, &caption(scale), margin)?;
    let mut chart = ChartBuilder::on(&plot_area)
        .margin(px(10.0))
        .margin_top(0)
        .margin_right(px(24.0)) // the last tick's label is centred on the plot's edge
        .x_label_area_size(px(2.0 * CHART_TEXT.px + 12.0))
        .y_label_area_size(px(4.0 * CHART_TEXT.px + 8.0))
        .build_cartesian_2d(x0..x1, y0..y1)?;
    let y_desc = if spec.log_y {
        format!("{} (log scale)", spec.y_label)
    } else {
        spec.y_label.clone()
    };
    let mut mesh = chart.configure_mesh();
    if !rich::has_scripts(&y_desc) {
        mesh.y_desc(y_desc.as_str());
    }
    mesh.x_desc("α = P/N")
        .x_label_formatter(&|v| tick(*v))
        .y_label_formatter(&y_tick)
        .light_line_style(RGBColor(0xee, 0xee, 0xee))
        .label_style(text(scale))
        .axis_desc_style(text(scale));
    if spec.log_y {
        // a tick at each decade and no lines between (they would be evenly spaced in log ε)
        mesh.y_labels((y1 - y0).round() as usize + 1)
            .y_max_light_lines(0);
    }
    mesh.draw()?;
    if rich::has_scripts(&y_desc) {
        let plot = chart.plotting_area().strip_coord_spec();
        rich::draw_y_title(&plot_area, &plot, &y_desc, &text(scale), margin)?;
    }
    let marks = draw_alpha_marks(&mut chart, spec, scale, (x0, x1), (y0, y1))?;
    draw_lines(&mut chart, spec, scale, fy)?;
    let hits = draw_points(&mut chart, &spec.series, scale, fy, y0)?;
    if let Some(why) = &spec.empty {
        say_why_empty(&chart.plotting_area().strip_coord_spec(), why, scale)?;
    }
    area.present()?;
    let mut y_ticks = printed.into_inner();
    y_ticks.sort_by(|a, b| a.0.total_cmp(&b.0));
    Ok(Drawn {
        hits,
        notes: spec.notes.clone(),
        y_ticks: y_ticks.into_iter().map(|(_, label)| label).collect(),
        lines: spec
            .theory
            .iter()
            .map(|l| DrawnLine {
                name: l.name.clone(),
                run: l.run,
                points: l.points.clone(),
            })
            .collect(),
        marks,
        legend: entries.into_iter().map(|e| e.text).collect(),
    })
}

/// Draws `spec`'s theory curves, the y values through `fy`; one drawn for a run of several in
/// that run's dashes.
fn draw_lines<DB: DrawingBackend>(
    chart: &mut Plot<'_, DB>,
    spec: &ChartSpec,
    scale: f64,
    fy: impl Fn(f64) -> f64 + Copy,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let px = |v: f64| (v * scale).round().max(1.0) as u32;
    for l in &spec.theory {
        let points = l
            .points
            .iter()
            .map(|&(x, y)| (x, fy(y)))
            .filter(|p| p.1.is_finite());
        let style = l.color.stroke_width(px(2.0));
        match l.run.and_then(|k| run_style(k).1) {
            Some((d, g)) => {
                chart.draw_series(DashedLineSeries::new(points, px(d), px(g), style))?;
            }
            None => {
                chart.draw_series(LineSeries::new(points, style))?;
            }
        }
    }
    Ok(())
}

/// Writes in `plot`, wrapped and centred, why a chart has no points.
fn say_why_empty<DB: DrawingBackend>(
    plot: &DrawingArea<DB, Shift>,
    why: &str,
    scale: f64,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let (w, h) = plot.dim_in_pixel();
    let font = muted_text(scale);
    let lines = wrap(plot, &[why.to_owned()], &font, w * 4 / 5)?;
    let line_height = (CHART_TEXT.px + 5.0) * scale;
    let top = f64::from(h) / 2.0 - lines.len() as f64 * line_height / 2.0;
    for (k, line) in lines.iter().enumerate() {
        let at = (
            (f64::from(w) / 10.0).round() as i32,
            (top + k as f64 * line_height).round() as i32,
        );
        rich::draw(plot, line, &font, at)?;
    }
    Ok(())
}

/// Draws `spec`'s vertical marks within the x axis `(x0, x1)`: a dashed line in the muted ink
/// across the plot `(y0, y1)`, its label at its top, right of it. Returns what it drew.
fn draw_alpha_marks<DB: DrawingBackend>(
    chart: &mut Plot<'_, DB>,
    spec: &ChartSpec,
    scale: f64,
    (x0, x1): (f64, f64),
    (y0, y1): (f64, f64),
) -> Result<Vec<DrawnMark>, DrawingAreaErrorKind<DB::ErrorType>> {
    let px = |v: f64| (v * scale).round().max(1.0) as u32;
    let ink = rgb(CHART_TEXT.muted);
    let mut out = Vec::new();
    for m in spec.marks.iter().filter(|m| m.alpha >= x0 && m.alpha <= x1) {
        chart.draw_series(DashedLineSeries::new(
            [(m.alpha, y0), (m.alpha, y1)],
            px(6.0),
            px(4.0),
            ink.stroke_width(px(1.5)),
        ))?;
        let (x, _) = chart.backend_coord(&(m.alpha, y1));
        // its label right of the line at the plot's top, on white so that no curve crosses it
        let font = text(scale).pos(Pos::new(HPos::Left, VPos::Top));
        let gap = (5.0 * scale).round() as i32;
        let plot = chart.plotting_area().strip_coord_spec();
        let (w, h) = rich::size(&plot, &m.label, &font)?;
        let (w, h) = (
            i32::try_from(w).unwrap_or(i32::MAX),
            i32::try_from(h).unwrap_or(i32::MAX),
        );
        chart.draw_series(std::iter::once(
            EmptyElement::at((m.alpha, y1))
                + Rectangle::new(
                    [(gap - 2, gap - 2), (gap + w + 2, gap + h + 2)],
                    WHITE.filled(),
                ),
        ))?;
        let (left, top) = plot.get_base_pixel();
        let (x_at, y_at) = chart.backend_coord(&(m.alpha, y1));
        rich::draw(
            &plot,
            &m.label,
            &font,
            (x_at - left + gap, y_at - top + gap),
        )?;
        out.push(DrawnMark {
            alpha: m.alpha,
            label: m.label.clone(),
            x: f64::from(x),
        });
    }
    Ok(out)
}

/// The y axis' range: the points with their bars and the theory lines, through `fy`; on a log
/// axis whole decades.
fn y_bounds(spec: &ChartSpec, fy: impl Fn(f64) -> f64) -> (f64, f64) {
    let ys = spec
        .series
        .iter()
        .flat_map(|s| {
            s.points.iter().flat_map(|p| {
                // on a log axis a bar reaching 0 or below is cut at the axis, not stretching it
                let low = if spec.log_y { p.mean } else { p.mean - p.sem };
                [fy(low), fy(p.mean + p.sem)]
            })
        })
        .chain(
            spec.theory
                .iter()
                .flat_map(|l| l.points.iter().map(|p| fy(p.1))),
        );
    if spec.log_y {
        // whole decades, a tick at each
        let (lo, hi) = bounds(ys, 0.0);
        let (lo, hi) = (lo.floor(), hi.ceil());
        (lo, if hi > lo { hi } else { lo + 1.0 })
    } else {
        // one value (a chart of zeros): an axis around it, not a span of 10⁻⁹ labelled 0.0 0.0 …
        widen(bounds(ys, 0.05), 0.05)
    }
}

/// The y coordinate of a value: itself, or on a log axis `log₁₀` of it (NaN for a value ≤ 0,
/// which has none and is left out).
fn y_map(log_y: bool) -> impl Fn(f64) -> f64 + Copy {
    move |v: f64| {
        if !log_y {
            v
        } else if v > 0.0 {
            libm::log10(v)
        } else {
            f64::NAN
        }
    }
}

/// A tick of a log axis at `log₁₀` value `v`: `10` with the exponent in superscript (`10⁻²`).
fn decade(v: f64) -> String {
    const DIGITS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    if (v - v.round()).abs() > 1e-6 {
        return tick(libm::pow(10f64, v));
    }
    let k = v.round() as i64;
    let exponent: String = k
        .unsigned_abs()
        .to_string()
        .chars()
        .map(|c| DIGITS[c.to_digit(10).unwrap_or(0) as usize])
        .collect();
    format!("10{}{exponent}", if k < 0 { "⁻" } else { "" })
}

/// The chart's coordinates: `α` across, the measured quantity up.
type Plot<'a, DB> = ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// The legend of `spec`: its theory curves, then the series that have points, each with its
/// shape.
fn legend_entries(spec: &ChartSpec) -> Vec<LegendEntry> {
    let lines = spec.theory.iter().map(|l| match l.run {
        Some(k) => LegendEntry {
            text: l.name.clone(),
            swatch: Swatch::RunLine {
                color: l.color,
                dash: run_style(k).1,
            },
        },
        None => LegendEntry::line(l.name.clone(), l.color, false),
    });
    let series = spec
        .series
        .iter()
        .filter(|s| !s.points.is_empty())
        .map(|s| LegendEntry {
            text: s.name.clone(),
            swatch: match s.run {
                Some(k) => {
                    let (shape, dash) = run_style(k);
                    Swatch::Run {
                        color: s.color,
                        shape,
                        dash,
                    }
                }
                None => Swatch::Marker {
                    color: s.color,
                    shape: Shape::of(s.algorithm),
                },
            },
        });
    lines.chain(series).collect()
}

/// A tick label: at most six decimals, no trailing zeros, and no "−0".
fn tick(v: f64) -> String {
    let r = (v * 1e6).round() / 1e6;
    if r == 0.0 {
        "0".into()
    } else {
        format!("{r}")
    }
}

/// Draws every series' points in its shape with their error bars (hollow where a mean is over
/// fewer sets than asked: white inside an outline of the series' colour), the y values through
/// `fy` (a log axis' `log₁₀`: a point with none is left out, a bar reaching below the axis
/// `y0` is cut there); a run's series on a chart of several ([`Series::run`]) in its run's
/// shape, its points joined by its run's line ([`run_style`]). Returns where each point went.
fn draw_points<DB: DrawingBackend>(
    chart: &mut Plot<'_, DB>,
    series: &[Series],
    scale: f64,
    fy: impl Fn(f64) -> f64 + Copy,
    y0: f64,
) -> Result<Vec<Hit>, DrawingAreaErrorKind<DB::ErrorType>> {
    let px = move |v: f64| (v * scale).round().max(1.0) as u32;
    let mut hits = Vec::new();
    for s in series {
        let color = s.color;
        // on a log axis, the points with a logarithm
        let shown: Vec<&Mark> = s.points.iter().filter(|p| fy(p.mean).is_finite()).collect();
        let at = |p: &Mark| (p.alpha, fy(p.mean));
        let (shape, dash) = match s.run {
            Some(k) => run_style(k),
            None => (Shape::of(s.algorithm), None),
        };
        if s.run.is_some() {
            let mut line: Vec<(f64, f64)> = shown.iter().map(|p| at(p)).collect();
            line.sort_by(|a, b| a.0.total_cmp(&b.0));
            let style = color.stroke_width(px(1.5));
            match dash {
                Some((d, g)) => {
                    chart.draw_series(DashedLineSeries::new(line, px(d), px(g), style))?;
                }
                None => {
                    chart.draw_series(LineSeries::new(line, style))?;
                }
            }
        }
        chart.draw_series(shown.iter().map(|p| {
            let low = fy(p.mean - p.sem);
            ErrorBar::new_vertical(
                p.alpha,
                if low.is_finite() { low } else { y0 },
                fy(p.mean),
                fy(p.mean + p.sem),
                color.filled(),
                px(6.0),
            )
        }))?;
        let hollow = || shown.iter().filter(|p| p.hollow());
        let size = 7.0 * scale;
        chart.draw_series(hollow().map(|p| shape.at(at(p), size, WHITE.filled())))?;
        chart.draw_series(hollow().map(|p| shape.at(at(p), size, color.stroke_width(px(1.5)))))?;
        chart.draw_series(
            shown
                .iter()
                .filter(|p| !p.hollow())
                .map(|p| shape.at(at(p), 6.0 * scale, color.filled())),
        )?;
        for p in &shown {
            let (x, y) = chart.backend_coord(&at(p));
            hits.push(Hit {
                x: f64::from(x),
                y: f64::from(y),
                algorithm: s.algorithm,
                alpha: p.alpha,
                hollow: p.hollow(),
                shape,
                text: p.text.clone(),
                run: s.run,
            });
        }
    }
    Ok(hits)
}

/// Prints `notes` at the bottom of `area`, wrapped to its width; returns the area above them.
fn draw_notes<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    notes: &[String],
    scale: f64,
) -> Result<DrawingArea<DB, Shift>, DrawingAreaErrorKind<DB::ErrorType>> {
    let font = muted_text(scale);
    let (width, height) = area.dim_in_pixel();
    let margin = (10.0 * scale).round();
    let lines = wrap(area, notes, &font, (f64::from(width) - 2.0 * margin) as u32)?;
    let line_height = (CHART_TEXT.px + 3.0) * scale;
    let notes_height = if lines.is_empty() {
        0.0
    } else {
        lines.len() as f64 * line_height + 6.0 * scale
    };
    let (plot_area, note_area) =
        area.split_vertically((f64::from(height) - notes_height).round() as i32);
    for (k, line) in lines.iter().enumerate() {
        let y = (k as f64 * line_height).round() as i32;
        rich::draw(&note_area, line, &font, (margin as i32, y))?;
    }
    Ok(plot_area)
}

/// `(lo, hi)`, or `(lo − half, hi + half)` if it is a single value (an axis needs a span).
fn widen((lo, hi): (f64, f64), half: f64) -> (f64, f64) {
    if hi - lo < 1e-6 {
        (lo - half, hi + half)
    } else {
        (lo, hi)
    }
}
