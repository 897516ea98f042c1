//! Drawing a learning-curve chart ([`ChartSpec`]): axes, theory lines, the measured points in
//! their shapes with error bars, the legend and the notes under the plot; [`draw_marked`] says
//! where it drew each point ([`Hit`]) so that the page hit-tests the pointer without a second
//! axis mapping.

use super::legend::{self, Entry as LegendEntry, Swatch};
use super::marker::Shape;
use super::spec::{ChartSpec, Series};
use super::{bounds, caption, muted_text, text, valid_scale};
use crate::catalogue::Algorithm;
use crate::catalogue::CHART_TEXT;
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;
use serde::Serialize;

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
}

/// What a drawn chart shows besides its pixels: its points ([`Hit`]) and its notes.
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Drawn {
    /// Every measured point, in drawing order.
    pub hits: Vec<Hit>,
    /// The notes printed under the chart ([`ChartSpec::notes`]).
    pub notes: Vec<String>,
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
    let plot_area = legend::below(&plot_area, &legend_entries(spec), scale)?;
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
    let ys = spec
        .series
        .iter()
        .flat_map(|s| {
            s.points
                .iter()
                .flat_map(|p| [p.mean - p.sem, p.mean + p.sem])
        })
        .chain(
            spec.theory
                .iter()
                .flat_map(|l| l.points.iter().map(|p| p.1)),
        );
    // one value (a chart of zeros): an axis around it, not a span of 10⁻⁹ labelled 0.0 0.0 …
    let (y0, y1) = widen(bounds(ys, 0.05), 0.05);
    let mut chart = ChartBuilder::on(&plot_area)
        .caption(&spec.title, caption(scale))
        .margin(px(10.0))
        .margin_right(px(24.0)) // the last tick's label is centred on the plot's edge
        .x_label_area_size(px(2.0 * CHART_TEXT.px + 12.0))
        .y_label_area_size(px(4.0 * CHART_TEXT.px + 8.0))
        .build_cartesian_2d(x0..x1, y0..y1)?;
    chart
        .configure_mesh()
        .x_desc("α = P/N")
        .y_desc(spec.y_label.as_str())
        .x_label_formatter(&|v| tick(*v))
        .y_label_formatter(&|v| tick(*v))
        .light_line_style(RGBColor(0xee, 0xee, 0xee))
        .label_style(text(scale))
        .axis_desc_style(text(scale))
        .draw()?;
    for l in &spec.theory {
        chart.draw_series(LineSeries::new(
            l.points.iter().copied(),
            l.color.stroke_width(px(2.0)),
        ))?;
    }
    let hits = draw_points(&mut chart, &spec.series, scale)?;
    if let Some(why) = &spec.empty {
        let plot = chart.plotting_area().strip_coord_spec();
        let (w, h) = plot.dim_in_pixel();
        let font = muted_text(scale);
        let lines = wrap(&plot, std::slice::from_ref(why), &font, w * 4 / 5)?;
        let line_height = (CHART_TEXT.px + 5.0) * scale;
        let top = f64::from(h) / 2.0 - lines.len() as f64 * line_height / 2.0;
        for (k, line) in lines.iter().enumerate() {
            plot.draw_text(
                line,
                &font,
                (
                    (f64::from(w) / 10.0).round() as i32,
                    (top + k as f64 * line_height).round() as i32,
                ),
            )?;
        }
    }
    area.present()?;
    Ok(Drawn {
        hits,
        notes: spec.notes.clone(),
    })
}

/// The chart's coordinates: `α` across, the measured quantity up.
type Plot<'a, DB> = ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// The legend of `spec`: its theory curves, then the series that have points, each with its
/// shape.
fn legend_entries(spec: &ChartSpec) -> Vec<LegendEntry> {
    let lines = spec
        .theory
        .iter()
        .map(|l| LegendEntry::line(l.name.clone(), l.color, false));
    let series = spec
        .series
        .iter()
        .filter(|s| !s.points.is_empty())
        .map(|s| LegendEntry {
            text: s.name.clone(),
            swatch: Swatch::Marker {
                color: s.color,
                shape: Shape::of(s.algorithm),
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
/// fewer sets than asked: white inside an outline of the series' colour); returns where each
/// point went.
fn draw_points<DB: DrawingBackend>(
    chart: &mut Plot<'_, DB>,
    series: &[Series],
    scale: f64,
) -> Result<Vec<Hit>, DrawingAreaErrorKind<DB::ErrorType>> {
    let px = move |v: f64| (v * scale).round().max(1.0) as u32;
    let mut hits = Vec::new();
    for s in series {
        let color = s.color;
        let shape = Shape::of(s.algorithm);
        chart.draw_series(s.points.iter().map(|p| {
            ErrorBar::new_vertical(
                p.alpha,
                p.mean - p.sem,
                p.mean,
                p.mean + p.sem,
                color.filled(),
                px(6.0),
            )
        }))?;
        let hollow = || s.points.iter().filter(|p| p.hollow());
        let size = 7.0 * scale;
        chart.draw_series(hollow().map(|p| shape.at((p.alpha, p.mean), size, WHITE.filled())))?;
        chart.draw_series(
            hollow().map(|p| shape.at((p.alpha, p.mean), size, color.stroke_width(px(1.5)))),
        )?;
        chart.draw_series(
            s.points
                .iter()
                .filter(|p| !p.hollow())
                .map(|p| shape.at((p.alpha, p.mean), 6.0 * scale, color.filled())),
        )?;
        for p in &s.points {
            let (x, y) = chart.backend_coord(&(p.alpha, p.mean));
            hits.push(Hit {
                x: f64::from(x),
                y: f64::from(y),
                algorithm: s.algorithm,
                alpha: p.alpha,
                hollow: p.hollow(),
                shape,
                text: p.text.clone(),
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
        note_area.draw_text(line, &font, (margin as i32, y))?;
    }
    Ok(plot_area)
}

/// The notes broken into lines no wider than `width` pixels (greedily, at spaces).
pub(super) fn wrap<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    notes: &[String],
    font: &TextStyle,
    width: u32,
) -> Result<Vec<String>, DrawingAreaErrorKind<DB::ErrorType>> {
    let mut lines = Vec::new();
    for note in notes {
        let mut line = String::new();
        for word in note.split(' ') {
            let candidate = if line.is_empty() {
                word.to_string()
            } else {
                format!("{line} {word}")
            };
            if !line.is_empty() && area.estimate_text_size(&candidate, font)?.0 > width {
                lines.push(std::mem::replace(&mut line, word.to_string()));
            } else {
                line = candidate;
            }
        }
        lines.push(line);
    }
    Ok(lines)
}

/// `(lo, hi)`, or `(lo − half, hi + half)` if it is a single value (an axis needs a span).
fn widen((lo, hi): (f64, f64), half: f64) -> (f64, f64) {
    if hi - lo < 1e-6 {
        (lo - half, hi + half)
    } else {
        (lo, hi)
    }
}
