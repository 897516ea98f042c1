//! Learning-curve charts, drawn by plotters on any backend (a `<canvas>` in the page, an SVG
//! string in the tests): the measured means with standard-error bars per algorithm, and the
//! theory curves of `crate::theory` overlaid and labelled; and the chart of one run's trace.
//!
//! A chart says what it averages: a point averaged over fewer repetitions than asked
//! (`Row::valid_reps < reps`: `exact` on sets that are not linearly separable) is drawn hollow,
//! a point with no valid repetition is left out and named in a note under the chart, and every
//! point has a hover text with its count ([`Mark::text`]). [`draw`] returns where it drew each
//! point ([`Hit`]), so that the page hit-tests the pointer without a second axis mapping.

use crate::catalogue::{Algorithm, Chart, Rgb, TheoryCurve, TEACHER_COLOR};
use crate::error::Result as CoreResult;
use crate::experiment::{self, CurveParams, Labels, Row, TracePoint};
use crate::theory;
use crate::train::Mode;
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;
use serde::Serialize;

mod legend;
mod marker;

pub use legend::{Entry as LegendEntry, Swatch};
pub use marker::Shape;

/// A measured point: a mean with its standard error, and how many sets it averages.
#[derive(Debug, Clone, PartialEq)]
pub struct Mark {
    /// `α`.
    pub alpha: f64,
    /// The mean.
    pub mean: f64,
    /// Its standard error (0 where there is none: one value, or a measure without one).
    pub sem: f64,
    /// Repetitions the mean is over (`Row::valid_reps`).
    pub valid: usize,
    /// Repetitions asked for.
    pub reps: usize,
    /// What the pointer shows over it: the series, `α`, the value and the count.
    pub text: String,
}

impl Mark {
    /// Whether it is drawn hollow: a mean over fewer sets than asked for.
    pub fn hollow(&self) -> bool {
        self.valid < self.reps
    }
}

/// A measured series.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    /// Legend text.
    pub name: String,
    /// The algorithm it measures (`None` for a property of the data, as the separable fraction).
    pub algorithm: Option<Algorithm>,
    /// Colour.
    pub color: RGBColor,
    /// Points with error bars.
    pub points: Vec<Mark>,
    /// The `α` values at which it has no point because no repetition gave a value (each named
    /// in a note of the chart).
    pub omitted: Vec<f64>,
}

/// A theory curve `(α, value)`.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    /// Legend text.
    pub name: String,
    /// Colour.
    pub color: RGBColor,
    /// The curve.
    pub points: Vec<(f64, f64)>,
}

/// Everything one chart shows.
#[derive(Debug, Clone, PartialEq)]
pub struct ChartSpec {
    /// Caption.
    pub title: String,
    /// y-axis label.
    pub y_label: String,
    /// Measured series.
    pub series: Vec<Series>,
    /// Theory overlays.
    pub theory: Vec<Line>,
    /// Why the chart has no points, where it can have none (ε_g of random labels: no teacher);
    /// printed in the plot.
    pub empty: Option<String>,
    /// The sweep's `α` range (the x axis spans it, points or not).
    pub alpha_range: (f64, f64),
    /// Notes printed under the chart: the points left out and why, what hollow points mean.
    pub notes: Vec<String>,
}

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
    /// The hover text ([`Mark::text`]).
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

/// The spec of chart `which` for the rows of a sweep (no rows: the theory curves alone, as a
/// preview of the sweep).
pub fn spec(which: Chart, params: &CurveParams, rows: &[Row]) -> ChartSpec {
    let measured = |value: fn(&Row) -> (f64, f64)| measured_series(which, params, rows, value);
    let grid = theory_grid(params);
    let line = |curve: TheoryCurve| theory_line(curve, params, &grid);
    let mut spec = match which {
        Chart::Eps => ChartSpec {
            title: match params.labels {
                Labels::Teacher => format!("generalisation error ε_g(α), N = {}", params.n),
                Labels::Random => "ε_g: undefined for random labels (no teacher)".into(),
            },
            y_label: "ε_g".into(),
            series: measured(|r| (r.eps_g_mean, r.eps_g_sem)),
            theory: if params.labels == Labels::Teacher {
                [
                    TheoryCurve::Hebb,
                    TheoryCurve::Gibbs,
                    TheoryCurve::Bayes,
                    TheoryCurve::Maxstab,
                    TheoryCurve::CoverEps,
                ]
                .map(line)
                .into()
            } else {
                vec![]
            },
            empty: (params.labels == Labels::Random).then(|| {
                "No ε_g with random labels: there is no teacher, so nothing to generalise. \
                 κ(α) and the separable fraction show what the rules store."
                    .into()
            }),
            alpha_range: (0.0, 0.0),
            notes: vec![],
        },
        Chart::Kappa => ChartSpec {
            title: format!("stability κ(α), N = {}", params.n),
            y_label: "κ".into(),
            series: measured(|r| (r.kappa_mean, r.kappa_sem)),
            theory: match params.labels {
                Labels::Teacher => vec![line(TheoryCurve::MaxstabKappa)],
                Labels::Random => vec![line(TheoryCurve::Gardner)],
            },
            empty: None,
            alpha_range: (0.0, 0.0),
            notes: vec![],
        },
        Chart::TrainError => ChartSpec {
            title: "training error".into(),
            y_label: "training error".into(),
            series: measured(|r| (r.train_error_mean, f64::NAN)),
            theory: vec![],
            empty: None,
            alpha_range: (0.0, 0.0),
            notes: vec![],
        },
        Chart::Separable => ChartSpec {
            title: format!("fraction of linearly separable sets, N = {}", params.n),
            y_label: "P_ls".into(),
            series: separable_series(params, rows),
            theory: vec![line(TheoryCurve::CoverFraction)],
            empty: None,
            alpha_range: (0.0, 0.0),
            notes: vec![],
        },
    };
    spec.alpha_range = alpha_range(params);
    spec.notes = notes(&spec.series, params.reps);
    spec
}

/// One series per algorithm of the sweep: its points where `value` has a finite mean, and the
/// `α` where it has none although the chart's quantity is defined (every one but `ε_g` of random
/// labels, which has no teacher).
fn measured_series(
    which: Chart,
    params: &CurveParams,
    rows: &[Row],
    value: fn(&Row) -> (f64, f64),
) -> Vec<Series> {
    let quantity = match which {
        Chart::Eps => "ε_g",
        Chart::Kappa => "κ",
        Chart::TrainError => "training error",
        Chart::Separable => "separable fraction",
    };
    let defined = !(which == Chart::Eps && params.labels == Labels::Random);
    params
        .algorithms
        .iter()
        .map(|&algorithm| {
            let mut points = Vec::new();
            let mut omitted = Vec::new();
            for r in rows.iter().filter(|r| r.algorithm == algorithm) {
                let (m, s) = value(r);
                if m.is_finite() {
                    points.push(Mark {
                        alpha: r.alpha,
                        mean: m,
                        sem: if s.is_finite() { s } else { 0.0 },
                        valid: r.valid_reps,
                        reps: r.reps,
                        text: mark_text(algorithm, quantity, r, m, s),
                    });
                } else if defined {
                    omitted.push(r.alpha);
                }
            }
            Series {
                name: algorithm.name().into(),
                algorithm: Some(algorithm),
                color: rgb(algorithm.info().color),
                points,
                omitted,
            }
        })
        .collect()
}

/// Theory curve `curve` on `grid` (where it is finite), for the sweep's `N` if it needs one.
fn theory_line(curve: TheoryCurve, params: &CurveParams, grid: &[f64]) -> Line {
    let n = params.n as u64;
    Line {
        name: curve.label(params.n),
        color: rgb(curve.info().color),
        points: grid
            .iter()
            .filter_map(|&a| {
                theory::curve_value(curve, a, curve.info().needs_n.then_some(n))
                    .ok()
                    .filter(|v| v.is_finite())
                    .map(|v| (a, v))
            })
            .collect(),
    }
}

/// The hover text of a measured point: its series, `α`, how many sets its mean is over and why
/// not all, then the value (`mean ± sem`).
fn mark_text(algorithm: Algorithm, quantity: &str, r: &Row, mean: f64, sem: f64) -> String {
    let head = format!("{algorithm} at α = {}", short(r.alpha));
    let count = if r.valid_reps < r.reps {
        let why = if needs_separable(algorithm) {
            "the others are not separable"
        } else {
            "the others gave no value"
        };
        format!(
            "{quantity} averaged over {} of {} sets ({why})",
            r.valid_reps, r.reps
        )
    } else {
        format!("{quantity} averaged over all {} sets", r.reps)
    };
    let value = if sem.is_finite() {
        format!("{quantity} = {} ± {}", sig(mean), sig(sem))
    } else {
        format!("{quantity} = {}", sig(mean))
    };
    format!("{head}: {count}\n{value} (P = {})", r.p)
}

/// Whether `algorithm` has no answer on a set that is not linearly separable: the exact
/// optimum, and the Gibbs and Bayes students (no version space).
fn needs_separable(algorithm: Algorithm) -> bool {
    matches!(
        algorithm,
        Algorithm::Exact | Algorithm::Gibbs | Algorithm::Bayes
    )
}

/// The notes of a chart: each series' points left out (no repetition gave a value) and, if
/// any point is hollow, what that means.
fn notes(series: &[Series], reps: usize) -> Vec<String> {
    let mut out = Vec::new();
    for s in series {
        if s.omitted.is_empty() {
            continue;
        }
        let at = if s.omitted.len() <= 4 {
            let list: Vec<String> = s.omitted.iter().map(|&a| short(a)).collect();
            format!("α = {}", list.join(", "))
        } else {
            format!(
                "{} values of α from {} to {}",
                s.omitted.len(),
                short(s.omitted[0]),
                short(s.omitted[s.omitted.len() - 1])
            )
        };
        let why = if s.algorithm.is_some_and(needs_separable) {
            format!("none of the {reps} sets is linearly separable there")
        } else {
            format!("none of the {reps} sets gave a value there")
        };
        out.push(format!("{}: no point at {at} ({why}).", s.name));
    }
    if series.iter().any(|s| s.points.iter().any(Mark::hollow)) {
        out.push(format!(
            "hollow marks (white inside): a mean over fewer than the {reps} sets asked for (exact, Gibbs and Bayes: the separable ones only); point at one for the count."
        ));
    }
    out
}

/// `α` as people write it (at most four decimals).
fn short(x: f64) -> String {
    let r = (x * 1e4).round() / 1e4;
    format!("{r}")
}

/// A value to three significant digits.
fn sig(x: f64) -> String {
    if x == 0.0 || !x.is_finite() {
        return format!("{x}");
    }
    let digits = (2 - x.abs().log10().floor() as i32).clamp(0, 12);
    format!("{x:.*}", digits as usize)
}

/// The separable fractions are properties of the data, not of an algorithm: the sweep's own sets
/// and, when computed, random labellings of the same inputs (Cover's problem), each with the
/// binomial standard error `√(f(1−f)/n_D)`. With random labels the two are the same sets.
fn separable_series(params: &CurveParams, rows: &[Row]) -> Vec<Series> {
    let Some(&first) = params.algorithms.first() else {
        return vec![];
    };
    let series = |name: String, color: RGBColor, fraction: fn(&Row) -> f64| Series {
        points: rows
            .iter()
            .filter(|r| r.algorithm == first)
            .map(|r| {
                let f = fraction(r);
                let sem = (f * (1.0 - f) / r.reps as f64).sqrt();
                Mark {
                    alpha: r.alpha,
                    mean: f,
                    sem,
                    valid: r.reps,
                    reps: r.reps,
                    text: format!(
                        "{name} at α = {}: {} of {} sets separable\nfraction {} ± {} (P = {})",
                        short(r.alpha),
                        (f * r.reps as f64).round(),
                        r.reps,
                        sig(f),
                        sig(sem),
                        r.p
                    ),
                }
            })
            .collect(),
        name,
        algorithm: None,
        color,
        omitted: vec![],
    };
    match params.labels {
        Labels::Random => vec![series(
            "random labels (exact test)".into(),
            rgb(Algorithm::Exact.info().color),
            |r| r.separable_fraction,
        )],
        Labels::Teacher => {
            let own = match (params.noise > 0.0, params.tests_separability()) {
                (true, _) => format!("teacher sets, λ = {} (exact test)", params.noise),
                (false, true) => "teacher sets (exact test)".into(),
                (false, false) => "teacher sets (separable by construction)".into(),
            };
            let mut out = vec![series(own, rgb(TEACHER_COLOR), |r| r.separable_fraction)];
            if params.random_separability {
                out.push(series(
                    "random labels of the same inputs (exact test)".into(),
                    rgb(Algorithm::Exact.info().color),
                    |r| r.random_separable_fraction,
                ));
            }
            out
        }
    }
}

/// The catalogue's colour for plotters.
fn rgb(c: Rgb) -> RGBColor {
    RGBColor(c.0, c.1, c.2)
}

/// The smallest and largest `α` of the sweep.
fn alpha_range(params: &CurveParams) -> (f64, f64) {
    let lo = params.alphas.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = params.alphas.iter().copied().fold(0.0, f64::max);
    (lo, hi)
}

/// 120 points across the sweep's α range (theory curves are smooth).
fn theory_grid(params: &CurveParams) -> Vec<f64> {
    let (lo, hi) = alpha_range(params);
    if lo >= hi {
        return vec![lo];
    }
    (0..120)
        .map(|i| lo + (hi - lo) * f64::from(i) / 119.0)
        .collect()
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

/// A usable scale: `scale` if finite and positive, else 1.
fn valid_scale(scale: f64) -> f64 {
    if scale.is_finite() && scale > 0.0 {
        scale
    } else {
        1.0
    }
}

/// Draws `spec` on `area`, every size (type, margins, marks, strokes) times `scale`: 1 for a
/// canvas whose backing store has its CSS size, the device pixel ratio (× the export factor)
/// otherwise, so the chart looks the same at any resolution. Each series has its shape
/// ([`Shape::of_series`]); points averaged over fewer sets than asked are drawn hollow (white
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
    let plot_area = legend::below(&plot_area, &legend_entries(spec), 12.0, scale)?;
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
        .caption(&spec.title, ("sans-serif", 16.0 * scale))
        .margin(px(10.0))
        .margin_right(px(24.0)) // the last tick's label is centred on the plot's edge
        .x_label_area_size(px(36.0))
        .y_label_area_size(px(52.0))
        .build_cartesian_2d(x0..x1, y0..y1)?;
    chart
        .configure_mesh()
        .x_desc("α = P/N")
        .y_desc(spec.y_label.as_str())
        .x_label_formatter(&|v| tick(*v))
        .y_label_formatter(&|v| tick(*v))
        .light_line_style(RGBColor(0xee, 0xee, 0xee))
        .label_style(("sans-serif", 12.0 * scale))
        .axis_desc_style(("sans-serif", 12.0 * scale))
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
        let font = ("sans-serif", 13.0 * scale)
            .into_font()
            .color(&RGBColor(0x44, 0x44, 0x44));
        let lines = wrap(&plot, std::slice::from_ref(why), &font, w * 4 / 5)?;
        let line_height = 18.0 * scale;
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
        .enumerate()
        .filter(|(_, s)| !s.points.is_empty())
        .map(|(k, s)| LegendEntry {
            text: s.name.clone(),
            swatch: Swatch::Marker {
                color: s.color,
                shape: Shape::of_series(k),
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
    for (k, s) in series.iter().enumerate() {
        let color = s.color;
        let shape = Shape::of_series(k);
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
    let font = ("sans-serif", 11.0 * scale)
        .into_font()
        .color(&RGBColor(0x33, 0x33, 0x33));
    let (width, height) = area.dim_in_pixel();
    let margin = (10.0 * scale).round();
    let lines = wrap(area, notes, &font, (f64::from(width) - 2.0 * margin) as u32)?;
    let line_height = 14.0 * scale;
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
fn wrap<DB: DrawingBackend>(
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

/// `(lo, hi)`, or `(lo − half, hi + half)` if it is a single value (an axis needs a span).
fn widen((lo, hi): (f64, f64), half: f64) -> (f64, f64) {
    if hi - lo < 1e-6 {
        (lo - half, hi + half)
    } else {
        (lo, hi)
    }
}

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

/// A point of a line `(x, y)`.
type Point = (f64, f64);

/// The parts of a polyline inside `lo ≤ y ≤ hi`, cut where it crosses the bounds (so that a
/// curve leaving the range is not drawn outside the plot).
fn clip(points: &[(f64, f64)], lo: f64, hi: f64) -> Vec<Vec<(f64, f64)>> {
    let mut parts = Vec::new();
    let mut current = Vec::new();
    if let Some(&first) = points.first() {
        if (lo..=hi).contains(&first.1) {
            current.push(first);
        }
    }
    for w in points.windows(2) {
        match clip_segment(w[0], w[1], lo, hi) {
            Some((start, end, whole_end)) => {
                if current.is_empty() {
                    current.push(start);
                }
                current.push(end);
                if !whole_end {
                    parts.push(std::mem::take(&mut current));
                }
            }
            None => {
                if !current.is_empty() {
                    parts.push(std::mem::take(&mut current));
                }
            }
        }
    }
    if !current.is_empty() {
        parts.push(current);
    }
    parts
}

/// The part of the segment `a–b` inside `lo ≤ y ≤ hi` (Liang–Barsky in `y`): its start, its
/// end and whether that end is `b`; `None` if it lies outside.
fn clip_segment(a: Point, b: Point, lo: f64, hi: f64) -> Option<(Point, Point, bool)> {
    let dy = b.1 - a.1;
    let (mut t0, mut t1) = (0.0_f64, 1.0_f64);
    if dy == 0.0 {
        if a.1 < lo || a.1 > hi {
            return None;
        }
    } else {
        let (ta, tb) = ((lo - a.1) / dy, (hi - a.1) / dy);
        t0 = t0.max(ta.min(tb));
        t1 = t1.min(ta.max(tb));
        if t0 > t1 {
            return None;
        }
    }
    let at = |t: f64| {
        if t <= 0.0 {
            a
        } else if t >= 1.0 {
            b
        } else {
            (a.0 + (b.0 - a.0) * t, a.1 + dy * t)
        }
    };
    Some((at(t0), at(t1), t1 >= 1.0))
}

/// Draws the trace chart `spec` on `area` (sizes times `scale`, as [`draw`]): `κ` above, the
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
