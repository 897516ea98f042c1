//! Charts drawn by plotters on any backend (a `<canvas>` in the page, an SVG string in the
//! tests), one module per chart family: the learning-curve charts ([`spec`] says what one shows,
//! [`draw_marked`] draws it) — the measured means with standard-error bars per algorithm and the
//! theory curves of `crate::theory` overlaid and labelled — and the trace charts ([`trace`]:
//! one renderer, [`draw_trace`], for the CLI's cell trace and the page's traces); their legends
//! and point shapes.
//!
//! A chart says what it averages: a point averaged over fewer repetitions than asked
//! (`Row::valid_reps < reps`: `exact` on sets that are not linearly separable) is drawn hollow,
//! a point with no valid repetition is left out and named in a note under the chart, and every
//! point has a hover text with its count ([`Mark::text`]). [`draw_marked`] returns where it drew
//! each point ([`Hit`]), so that the page hit-tests the pointer without a second axis mapping.

use crate::catalogue::{Rgb, CHART_TEXT};
use plotters::style::{FontFamily, IntoFont, RGBColor, TextStyle};

mod clip;
mod learning_curve;
mod legend;
mod marker;
mod rich;
mod runs;
mod spec;
mod theory;
pub mod trace;
mod wrap;

pub use learning_curve::{draw, draw_marked, Drawn, DrawnLine, DrawnMark, Hit};
pub use legend::{Entry as LegendEntry, Swatch};
pub use marker::Shape;
pub use runs::{run_style, runs_spec, Run, RunData};
pub use spec::{spec, AlphaMark, ChartSpec, Mark, Series, CAPACITY};
pub use theory::Line;
pub use trace::{draw_trace, example_chart, rule_traces, trace_spec, RuleCharts, TraceChart};

/// The catalogue's colour for plotters.
fn rgb(c: Rgb) -> RGBColor {
    RGBColor(c.0, c.1, c.2)
}

/// The charts' text ([`CHART_TEXT`]: every label, legend and note) at `scale`, in the text ink.
fn text(scale: f64) -> TextStyle<'static> {
    (FontFamily::SansSerif, CHART_TEXT.px * scale)
        .into_font()
        .color(&rgb(CHART_TEXT.color))
}

/// Secondary text (notes, a chart's reason for having no points) at `scale`, in the muted ink.
fn muted_text(scale: f64) -> TextStyle<'static> {
    (FontFamily::SansSerif, CHART_TEXT.px * scale)
        .into_font()
        .color(&rgb(CHART_TEXT.muted))
}

/// A chart's caption at `scale`.
fn caption(scale: f64) -> TextStyle<'static> {
    (FontFamily::SansSerif, CHART_TEXT.caption_px * scale)
        .into_font()
        .color(&rgb(CHART_TEXT.color))
}

/// A usable scale: `scale` if finite and positive, else 1.
fn valid_scale(scale: f64) -> f64 {
    if scale.is_finite() && scale > 0.0 {
        scale
    } else {
        1.0
    }
}

/// `(min, max)` of finite values with a relative pad; `(0, 1)` when there are none.
fn bounds(values: impl Iterator<Item = f64>, pad: f64) -> (f64, f64) {
    let (lo, hi) = values
        .filter(|v| v.is_finite())
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
            (a.min(v), b.max(v))
        });
    if !lo.is_finite() {
        return (0.0, 1.0);
    }
    let span = (hi - lo).max(1e-9);
    (lo - pad * span, hi + pad * span)
}

/// `α` as people write it (at most four decimals).
fn short(x: f64) -> String {
    let r = (x * 1e4).round() / 1e4;
    format!("{r}")
}
