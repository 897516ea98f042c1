//! What a learning-curve chart shows ([`ChartSpec`]): one series of measured points per
//! algorithm of the sweep (or the separable fractions of its sets), the theory overlays
//! (`theory.rs`), the notes on what each point averages and what is left out.

use super::theory::{alpha_range, theory_grid, theory_line, Line};
use super::{rgb, short};
use crate::catalogue::{Algorithm, Chart, TheoryCurve, TEACHER_COLOR};
use crate::experiment::{CurveParams, Labels, Row};
use plotters::style::RGBColor;

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
    /// On a chart of several runs ([`super::runs_spec`]), the run it belongs to: its points take
    /// that run's shape and are joined by that run's dashed line; `None` on a chart of one run.
    pub run: Option<usize>,
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
    /// The y axis in decades (`log₁₀`; points and bar ends ≤ 0 left out, ticks at powers of ten).
    pub log_y: bool,
    /// Vertical lines at an `α` of note, each labelled (the capacity `α_c = 2` on the separable
    /// fraction's chart); one outside the x axis is not drawn.
    pub marks: Vec<AlphaMark>,
}

/// A vertical line at `α`, labelled at its top.
#[derive(Debug, Clone, PartialEq)]
pub struct AlphaMark {
    /// Where.
    pub alpha: f64,
    /// Its label (`α_c = 2`).
    pub label: String,
}

/// Cover's capacity: `C(P, N)/2^P` is ½ at `P = 2N` for every `N`, and falls from 1 to 0 there
/// as `N → ∞`.
pub const CAPACITY: f64 = 2.0;

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
            log_y: false,
            marks: vec![],
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
            log_y: false,
            marks: vec![],
        },
        Chart::TrainError => ChartSpec {
            title: "training error".into(),
            y_label: "training error".into(),
            series: measured(|r| (r.train_error_mean, f64::NAN)),
            theory: vec![],
            empty: None,
            alpha_range: (0.0, 0.0),
            notes: vec![],
            log_y: false,
            marks: vec![],
        },
        Chart::Separable => ChartSpec {
            title: format!("fraction of linearly separable sets, N = {}", params.n),
            y_label: "P_ls".into(),
            series: separable_series(params, rows),
            theory: vec![line(TheoryCurve::CoverFraction)],
            empty: None,
            alpha_range: (0.0, 0.0),
            notes: vec![],
            log_y: false,
            marks: vec![AlphaMark {
                alpha: CAPACITY,
                label: format!("α_c = {CAPACITY}"),
            }],
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
                // the catalogue's label ("MinOver", "exact optimum"), never the code name
                name: algorithm.info().label.into(),
                algorithm: Some(algorithm),
                color: rgb(algorithm.info().color),
                points,
                omitted,
                run: None,
            }
        })
        .collect()
}

/// The hover text of a measured point: its series, `α`, how many sets its mean is over and why
/// not all, then the value (`mean ± sem`).
fn mark_text(algorithm: Algorithm, quantity: &str, r: &Row, mean: f64, sem: f64) -> String {
    let head = format!("{} at α = {}", algorithm.info().label, short(r.alpha));
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

/// Whether `algorithm` has no answer on a set that is not linearly separable (its catalogue
/// row: the exact optimum, and the Gibbs and Bayes students, without a version space).
fn needs_separable(algorithm: Algorithm) -> bool {
    algorithm.info().needs_separable
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
        // the algorithms that have no answer on a set that is not separable, from the catalogue
        let labels: Vec<&str> = Algorithm::ALL
            .iter()
            .filter(|a| a.info().needs_separable)
            .map(|a| a.info().label)
            .collect();
        let needing = match labels.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => labels.concat(),
        };
        out.push(format!(
            "hollow marks (white inside): a mean over fewer than the {reps} sets asked for ({needing}: the separable ones only); point at one for the count."
        ));
    }
    out
}

/// A value to three significant digits.
pub(super) fn sig(x: f64) -> String {
    if x == 0.0 || !x.is_finite() {
        return format!("{x}");
    }
    let digits = (2 - libm::log10(x.abs()).floor() as i32).clamp(0, 12);
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
        run: None,
    };
    let mut out = data_series(params, &series);
    out.extend(converged_series(rows));
    out
}

/// Rosenblatt's success fraction: the runs that reached zero training errors within the budget
/// (the storage assignment's measure), beside the separable fractions it cannot exceed.
fn converged_series(rows: &[Row]) -> Option<Series> {
    let rule = Algorithm::Rosenblatt;
    let name = format!("{}: zero errors within the budget", rule.info().label);
    let points: Vec<Mark> = rows
        .iter()
        .filter(|r| r.algorithm == rule)
        .map(|r| Mark {
            alpha: r.alpha,
            mean: r.converged_fraction,
            sem: r.converged_fraction_sem,
            valid: r.reps,
            reps: r.reps,
            text: format!(
                "{name} at α = {}: {} of {} runs\nfraction {} ± {} (P = {})",
                short(r.alpha),
                (r.converged_fraction * r.reps as f64).round(),
                r.reps,
                sig(r.converged_fraction),
                sig(r.converged_fraction_sem),
                r.p
            ),
        })
        .collect();
    (!points.is_empty()).then(|| Series {
        points,
        name,
        algorithm: Some(rule),
        color: rgb(rule.info().color),
        omitted: vec![],
        run: None,
    })
}

/// The data's separable fractions: the sweep's own sets and the random labellings of them.
fn data_series(
    params: &CurveParams,
    series: &dyn Fn(String, RGBColor, fn(&Row) -> f64) -> Series,
) -> Vec<Series> {
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
