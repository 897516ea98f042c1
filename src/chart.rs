//! Learning-curve charts, drawn by plotters on any backend (a `<canvas>` in the page, an SVG
//! string in the tests): the measured means with standard-error bars per algorithm, and the
//! theory curves of `crate::theory` overlaid and labelled.

use crate::catalogue::{Algorithm, Chart, Rgb, TheoryCurve, TEACHER_COLOR};
use crate::experiment::{CurveParams, Labels, Row};
use crate::theory;
use plotters::coord::Shift;
use plotters::prelude::*;

/// A measured series: `(α, mean, standard error)`.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    /// Legend text.
    pub name: String,
    /// Colour.
    pub color: RGBColor,
    /// Points with error bars.
    pub points: Vec<(f64, f64, f64)>,
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
    /// The legend in the lower left instead of the upper right (for curves that fall from 1 at
    /// small α to 0 at large α, whose upper right is taken).
    pub legend_lower_left: bool,
}

/// The spec of chart `which` for the rows of a sweep.
pub fn spec(which: Chart, params: &CurveParams, rows: &[Row]) -> ChartSpec {
    let measured = |value: fn(&Row) -> (f64, f64)| -> Vec<Series> {
        params
            .algorithms
            .iter()
            .map(|&algorithm| Series {
                name: algorithm.name().into(),
                color: rgb(algorithm.info().color),
                points: rows
                    .iter()
                    .filter(|r| r.algorithm == algorithm)
                    .map(|r| {
                        let (m, s) = value(r);
                        (r.alpha, m, if s.is_nan() { 0.0 } else { s })
                    })
                    .filter(|p| p.1.is_finite())
                    .collect(),
            })
            .collect()
    };
    let grid = theory_grid(params);
    let n = params.n as u64;
    let line = |curve: TheoryCurve| Line {
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
    };
    match which {
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
            legend_lower_left: false,
        },
        Chart::Kappa => ChartSpec {
            title: format!("stability κ(α), N = {}", params.n),
            y_label: "κ".into(),
            series: measured(|r| (r.kappa_mean, r.kappa_sem)),
            theory: match params.labels {
                Labels::Teacher => vec![line(TheoryCurve::MaxstabKappa)],
                Labels::Random => vec![line(TheoryCurve::Gardner)],
            },
            legend_lower_left: false,
        },
        Chart::TrainError => ChartSpec {
            title: "training error".into(),
            y_label: "training error".into(),
            series: measured(|r| (r.train_error_mean, f64::NAN)),
            theory: vec![],
            legend_lower_left: false,
        },
        Chart::Separable => ChartSpec {
            title: format!("fraction of linearly separable sets, N = {}", params.n),
            y_label: "P_ls".into(),
            series: separable_series(params, rows),
            theory: vec![line(TheoryCurve::CoverFraction)],
            legend_lower_left: true,
        },
    }
}

/// The separable fractions are properties of the data, not of an algorithm: the sweep's own sets
/// and, when computed, random labellings of the same inputs (Cover's problem), each with the
/// binomial standard error `√(f(1−f)/n_D)`. With random labels the two are the same sets.
fn separable_series(params: &CurveParams, rows: &[Row]) -> Vec<Series> {
    let Some(&first) = params.algorithms.first() else {
        return vec![];
    };
    let series = |name: String, color: RGBColor, fraction: fn(&Row) -> f64| Series {
        name,
        color,
        points: rows
            .iter()
            .filter(|r| r.algorithm == first)
            .map(|r| {
                let f = fraction(r);
                (r.alpha, f, (f * (1.0 - f) / r.reps as f64).sqrt())
            })
            .collect(),
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

/// 120 points across the sweep's α range (theory curves are smooth).
fn theory_grid(params: &CurveParams) -> Vec<f64> {
    let lo = params.alphas.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = params.alphas.iter().copied().fold(0.0, f64::max);
    if lo >= hi {
        return vec![lo];
    }
    (0..120)
        .map(|i| lo + (hi - lo) * f64::from(i) / 119.0)
        .collect()
}

/// Draws `spec` on `area`, every size (type, margins, marks, strokes) times `scale`: 1 for a
/// canvas whose backing store has its CSS size, the device pixel ratio (× the export factor)
/// otherwise, so the chart looks the same at any resolution.
///
/// # Errors
/// The backend's drawing errors.
pub fn draw<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    spec: &ChartSpec,
    scale: f64,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let scale = if scale.is_finite() && scale > 0.0 {
        scale
    } else {
        1.0
    };
    let px = |v: f64| (v * scale).round().max(1.0) as u32;
    let ipx = |v: f64| (v * scale).round() as i32;
    area.fill(&WHITE)?;
    let xs = spec
        .series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.0))
        .chain(
            spec.theory
                .iter()
                .flat_map(|l| l.points.iter().map(|p| p.0)),
        );
    let (x0, x1) = bounds(xs, 0.0);
    let ys = spec
        .series
        .iter()
        .flat_map(|s| s.points.iter().flat_map(|p| [p.1 - p.2, p.1 + p.2]))
        .chain(
            spec.theory
                .iter()
                .flat_map(|l| l.points.iter().map(|p| p.1)),
        );
    let (y0, y1) = bounds(ys, 0.05);
    let mut chart = ChartBuilder::on(area)
        .caption(&spec.title, ("sans-serif", 16.0 * scale))
        .margin(px(10.0))
        .x_label_area_size(px(36.0))
        .y_label_area_size(px(52.0))
        .build_cartesian_2d(x0..x1, y0..y1)?;
    chart
        .configure_mesh()
        .x_desc("α = P/N")
        .y_desc(spec.y_label.as_str())
        .light_line_style(RGBColor(0xee, 0xee, 0xee))
        .label_style(("sans-serif", 12.0 * scale))
        .axis_desc_style(("sans-serif", 12.0 * scale))
        .draw()?;
    for l in &spec.theory {
        let color = l.color;
        chart
            .draw_series(LineSeries::new(
                l.points.iter().copied(),
                color.stroke_width(px(2.0)),
            ))?
            .label(l.name.as_str())
            .legend(move |(x, y)| {
                PathElement::new(
                    vec![(x, y), (x + ipx(18.0), y)],
                    color.stroke_width(px(2.0)),
                )
            });
    }
    for s in &spec.series {
        let color = s.color;
        chart.draw_series(s.points.iter().map(|&(x, m, e)| {
            ErrorBar::new_vertical(x, m - e, m, m + e, color.filled(), px(6.0))
        }))?;
        chart
            .draw_series(
                s.points
                    .iter()
                    .map(|&(x, m, _)| Circle::new((x, m), px(3.0), color.filled())),
            )?
            .label(s.name.as_str())
            .legend(move |(x, y)| Circle::new((x + ipx(9.0), y), px(4.0), color.filled()));
    }
    chart
        .configure_series_labels()
        .label_font(("sans-serif", 12.0 * scale))
        .background_style(WHITE.mix(0.85))
        .border_style(RGBColor(0xbb, 0xbb, 0xbb))
        .position(if spec.legend_lower_left {
            SeriesLabelPosition::LowerLeft
        } else {
            SeriesLabelPosition::UpperRight
        })
        .draw()?;
    area.present()?;
    Ok(())
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
