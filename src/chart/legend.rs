//! The legend of the learning-curve charts, under the plot and outside it, so that it covers no
//! data: its entries flow left to right in rows as wide as the chart.

use super::marker::Shape;
use crate::catalogue::CHART_TEXT;
use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// What an entry shows before its text.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Swatch {
    /// A theory curve: a short line (dashed or not).
    Line {
        /// Its colour.
        color: RGBColor,
        /// Dashed.
        dashed: bool,
    },
    /// A theory curve drawn for one run of several: a short line in that run's dashes
    /// (`(dash, gap)` before scaling; `None`: solid), as wide as a theory curve's.
    RunLine {
        /// Its colour.
        color: RGBColor,
        /// Its dashes.
        dash: Option<(f64, f64)>,
    },
    /// A measured series: its point's shape.
    Marker {
        /// Its colour.
        color: RGBColor,
        /// Its shape.
        shape: Shape,
    },
    /// A run's series on a chart of several runs: its line (solid, or `(dash, gap)` before
    /// scaling) through its point's shape.
    Run {
        /// Its colour.
        color: RGBColor,
        /// Its shape.
        shape: Shape,
        /// Its dashes (`None`: solid).
        dash: Option<(f64, f64)>,
    },
}

/// One entry: a swatch and its text.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    /// What it names.
    pub text: String,
    /// What it looks like in the chart.
    pub swatch: Swatch,
}

impl Entry {
    /// An entry for a line of `color`, dashed or not.
    pub fn line(text: impl Into<String>, color: RGBColor, dashed: bool) -> Self {
        Self {
            text: text.into(),
            swatch: Swatch::Line { color, dashed },
        }
    }
}

/// Splits `area` into the plot (returned) and, below it, the legend of `entries` in the charts'
/// text (sizes times `scale`), which it draws. No entries: no legend.
///
/// # Errors
/// The backend's drawing errors.
pub fn below<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    entries: &[Entry],
    scale: f64,
) -> Result<DrawingArea<DB, Shift>, DrawingAreaErrorKind<DB::ErrorType>> {
    if entries.is_empty() {
        return Ok(area.clone());
    }
    let font = super::text(scale);
    let left_middle = font.pos(Pos::new(HPos::Left, VPos::Center));
    let (width, height) = area.dim_in_pixel();
    // the layout in pixels as f64 (rows of entries at their x), drawn at whole pixels
    let (margin, swatch, gap, row_height) = (
        12.0 * scale,
        22.0 * scale,
        16.0 * scale,
        (CHART_TEXT.px + 5.0) * scale,
    );
    // rows of (x, the entry whose swatch starts there or None for a continued text, the text)
    let mut rows: Vec<Vec<(f64, Option<&Entry>, String)>> = vec![vec![]];
    let mut x = margin;
    let room = f64::from(width) - 2.0 * margin - swatch;
    for e in entries {
        let text_width = f64::from(super::rich::size(area, &e.text, &font)?.0);
        if text_width > room {
            // too wide for a row of its own (a run's parameters): its text wrapped, under itself
            let lines = super::wrap::wrap(
                area,
                std::slice::from_ref(&e.text),
                &font,
                room.max(1.0) as u32,
            )?;
            if !rows.last().expect("a row").is_empty() {
                rows.push(vec![]);
            }
            for (k, line) in lines.into_iter().enumerate() {
                if k > 0 {
                    rows.push(vec![]);
                }
                rows.last_mut()
                    .expect("a row")
                    .push((margin, (k == 0).then_some(e), line));
            }
            rows.push(vec![]);
            x = margin;
            continue;
        }
        let w = swatch + text_width;
        if x > margin && x + w > f64::from(width) - margin {
            rows.push(vec![]);
            x = margin;
        }
        rows.last_mut()
            .expect("a row")
            .push((x, Some(e), e.text.clone()));
        x += w + gap;
    }
    if rows.len() > 1 && rows.last().is_some_and(Vec::is_empty) {
        rows.pop();
    }
    let legend_height = rows.len() as f64 * row_height + 4.0 * scale;
    let (plot, legend) = area.split_vertically((f64::from(height) - legend_height).round() as i32);
    let swatch = swatch.round() as i32;
    for (k, row) in rows.iter().enumerate() {
        let y = ((k as f64 + 0.5) * row_height).round() as i32;
        for (x, e, text) in row {
            let x = x.round() as i32;
            let Some(e) = e else {
                super::rich::draw(&legend, text, &left_middle, (x + swatch, y))?;
                continue;
            };
            draw_swatch(&legend, e.swatch, (x, y), swatch, scale)?;
            super::rich::draw(&legend, text, &left_middle, (x + swatch, y))?;
        }
    }
    Ok(plot)
}

/// Draws `swatch` at `(x, y)` (its left end, its middle), `width` pixels wide.
fn draw_swatch<DB: DrawingBackend>(
    legend: &DrawingArea<DB, Shift>,
    swatch: Swatch,
    (x, y): (i32, i32),
    width: i32,
    scale: f64,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let s = |v: f64| (v * scale).round() as i32;
    let path = vec![(x, y), (x + width - s(5.0), y)];
    // a line of `color`, `stroke` wide, in `dash` (None: solid)
    let line = |color: RGBColor, stroke: f64, dash: Option<(f64, f64)>| {
        let style = color.stroke_width(s(stroke).max(1) as u32);
        match dash {
            Some((d, g)) => legend.draw(&DashedPathElement::new(path.clone(), s(d), s(g), style)),
            None => legend.draw(&PathElement::new(path.clone(), style)),
        }
    };
    match swatch {
        Swatch::Line { color, dashed } => line(color, 2.0, dashed.then_some((4.0, 3.0)))?,
        Swatch::RunLine { color, dash } => line(color, 2.0, dash)?,
        Swatch::Marker { color, shape } => {
            legend.draw(&shape.at((x + s(8.0), y), 8.0 * scale, color.filled()))?;
        }
        Swatch::Run { color, shape, dash } => {
            line(color, 1.5, dash)?;
            legend.draw(&shape.at((x + s(8.0), y), 8.0 * scale, color.filled()))?;
        }
    }
    Ok(())
}
