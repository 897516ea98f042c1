//! Several runs on one learning-curve chart ([`runs_spec`]): the sweeps a student kept and the
//! curves read from files, each a series with its own shape and dashed line, named by its
//! parameters in the legend; the theory overlays of one sweep (the base).

use super::spec::{sig, spec, ChartSpec, Mark, Series};
use super::theory::Line;
use super::{rgb, short};
use crate::catalogue::{Chart, Shape, CHART_TEXT};
use crate::experiment::{CurveParams, Row};

/// The points of a run on a chart.
#[derive(Debug, Clone, Copy)]
pub enum RunData<'a> {
    /// A sweep's rows (every chart).
    Sweep {
        /// Its parameters.
        params: &'a CurveParams,
        /// Its rows (`experiment::summarize`).
        rows: &'a [Row],
    },
    /// `ε_g(α)` read from a file, `(α, mean, standard error)` (the `ε_g` chart only).
    Imported(&'a [(f64, f64, f64)]),
}

/// A run on a chart of several: its legend text (its parameters) and its points.
#[derive(Debug, Clone, Copy)]
pub struct Run<'a> {
    /// Legend text.
    pub label: &'a str,
    /// Its points.
    pub data: RunData<'a>,
}

/// The shapes of the runs' points, in turn: run `k` has `RUN_SHAPES[k % 5]`.
const RUN_SHAPES: [Shape; 5] = [
    Shape::Circle,
    Shape::Square,
    Shape::Triangle,
    Shape::Diamond,
    Shape::TriangleDown,
];
/// The dashes `(dash, gap)` of the line joining a run's points (before scaling), in turn: run
/// `k` has `RUN_DASHES[k % 4]` (`None`: solid); with [`RUN_SHAPES`], 20 runs look different.
const RUN_DASHES: [Option<(f64, f64)>; 4] =
    [None, Some((8.0, 4.0)), Some((2.0, 3.0)), Some((12.0, 4.0))];

/// The shape and dashes of run `k`'s series.
pub fn run_style(k: usize) -> (Shape, Option<(f64, f64)>) {
    (
        RUN_SHAPES[k % RUN_SHAPES.len()],
        RUN_DASHES[k % RUN_DASHES.len()],
    )
}

/// Chart `which` of `runs`, in their order: one run of a sweep is its own chart ([`spec`], as
/// the page draws one run); otherwise the theory overlays and `α` range of `base` (and of each
/// sweep), and every run's series named by its label (with the series' own name before it where
/// a run has several), in that run's style ([`run_style`]). An imported run has only `ε_g`. When
/// a sweep's `N` differs from the base's, the theory curves that depend on `N` (Cover's) are
/// drawn once for each `N`, named by it, in the dashes of the first run with that `N`
/// ([`super::Line::run`]), and the caption leaves out `N`.
pub fn runs_spec(which: Chart, base: &CurveParams, runs: &[Run]) -> ChartSpec {
    if let [Run {
        data: RunData::Sweep { params, rows },
        ..
    }] = runs
    {
        return spec(which, params, rows);
    }
    let mut out = spec(which, base, &[]);
    let mut ns = vec![base.n];
    // the runs' `N` differ from the base's or among them: each `N`'s own theory curves (Cover's
    // fraction at N = 20, 40, 100), in the dashes of the first run with that `N`
    let own_n = runs.iter().any(|r| match r.data {
        RunData::Sweep { params, .. } => params.n != base.n,
        RunData::Imported(_) => false,
    });
    let needs_n = |l: &Line| l.curve.is_some_and(|c| c.info().needs_n);
    if own_n {
        out.theory.retain(|l| !needs_n(l));
    }
    for (k, run) in runs.iter().enumerate() {
        match run.data {
            RunData::Sweep { params, rows } => {
                let s = spec(which, params, rows);
                ns.push(params.n);
                if own_n {
                    for mut line in s.theory.iter().filter(|l| needs_n(l)).cloned() {
                        if out.theory.iter().all(|l| l.name != line.name) {
                            line.run = Some(k);
                            out.theory.push(line);
                        }
                    }
                }
                let shown: Vec<Series> = s
                    .series
                    .into_iter()
                    .filter(|x| !x.points.is_empty() || !x.omitted.is_empty())
                    .collect();
                let one = shown.len() == 1;
                for mut series in shown {
                    series.name = if one {
                        run.label.to_string()
                    } else {
                        format!("{}: {}", series.name, run.label)
                    };
                    series.run = Some(k);
                    out.series.push(series);
                }
                out.alpha_range = (
                    out.alpha_range.0.min(s.alpha_range.0),
                    out.alpha_range.1.max(s.alpha_range.1),
                );
                for note in s.notes {
                    if !out.notes.contains(&note) {
                        out.notes.push(note);
                    }
                }
            }
            RunData::Imported(points) if which == Chart::Eps => {
                out.series.push(Series {
                    name: run.label.to_string(),
                    algorithm: None,
                    color: rgb(CHART_TEXT.color),
                    points: points
                        .iter()
                        .map(|&(alpha, mean, sem)| Mark {
                            alpha,
                            mean,
                            sem,
                            valid: 1,
                            reps: 1,
                            text: format!(
                                "{} at α = {}\nε_g = {} ± {}",
                                run.label,
                                short(alpha),
                                sig(mean),
                                sig(sem)
                            ),
                        })
                        .collect(),
                    omitted: vec![],
                    run: Some(k),
                });
            }
            RunData::Imported(_) => {}
        }
    }
    if ns.iter().any(|&n| n != base.n) {
        if let Some(i) = out.title.find(", N = ") {
            out.title.truncate(i);
        }
    }
    out
}

impl ChartSpec {
    /// The chart with its y axis in decades ([`ChartSpec::log_y`]), noting the points it cannot
    /// show (a mean ≤ 0 has no logarithm).
    #[must_use]
    pub fn in_decades(mut self) -> ChartSpec {
        self.log_y = true;
        let left_out = self
            .series
            .iter()
            .flat_map(|s| &s.points)
            .filter(|p| p.mean <= 0.0)
            .count();
        if left_out > 0 {
            self.notes.push(format!(
                "log scale: {left_out} point{} at {} ≤ 0 left out.",
                if left_out == 1 { "" } else { "s" },
                self.y_label
            ));
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::Algorithm;
    use crate::experiment::{Labels, StopRule};

    fn params(n: usize) -> CurveParams {
        CurveParams {
            n,
            alphas: vec![1.0, 2.0],
            reps: 3,
            algorithms: vec![Algorithm::Hebb],
            epochs: 10.0,
            updates: None,
            seed: 1,
            noise: 0.0,
            labels: Labels::Teacher,
            stop: StopRule::Epochs,
            random_separability: false,
        }
    }

    #[test]
    fn one_sweep_is_its_own_chart() {
        let p = params(5);
        let runs = [Run {
            label: "a",
            data: RunData::Sweep {
                params: &p,
                rows: &[],
            },
        }];
        assert_eq!(runs_spec(Chart::Eps, &p, &runs), spec(Chart::Eps, &p, &[]));
    }

    #[test]
    fn imported_runs_are_named_styled_and_only_on_eps() {
        let p = params(5);
        let q = params(10);
        let points = [(1.0, 0.3, 0.01), (2.0, 0.2, 0.0)];
        let runs = [
            Run {
                label: "kept",
                data: RunData::Sweep {
                    params: &q,
                    rows: &[],
                },
            },
            Run {
                label: "book",
                data: RunData::Imported(&points),
            },
        ];
        let eps = runs_spec(Chart::Eps, &p, &runs);
        let book = eps
            .series
            .iter()
            .find(|s| s.name == "book")
            .expect("the import");
        assert_eq!(book.run, Some(1));
        assert_eq!(book.points.len(), 2);
        assert!(!eps.title.contains("N ="), "{}", eps.title);
        let kappa = runs_spec(Chart::Kappa, &p, &runs);
        assert!(kappa.series.iter().all(|s| s.name != "book"));
        assert_ne!(run_style(0), run_style(1));
    }

    /// Two imported runs drawn as SVG in decades: every y tick a power of ten, each run's
    /// points in its own shape, every legend line within the chart.
    #[test]
    fn runs_in_decades_draw_powers_of_ten_and_a_shape_per_run() {
        use plotters::prelude::*;
        let p = params(5);
        let a = [(1.0, 0.3, 0.01), (2.0, 0.05, 0.01), (4.0, 0.004, 0.001)];
        let b = [(1.0, 0.2, 0.0), (3.0, 0.02, 0.0)];
        let label = "a long label: N = 100, α 0.5:10:40, 200 reps, 1000 epochs, λ = 0, teacher labels, seed 12345";
        let runs = [
            Run {
                label,
                data: RunData::Imported(&a),
            },
            Run {
                label: "b",
                data: RunData::Imported(&b),
            },
        ];
        let spec = runs_spec(Chart::Eps, &p, &runs).in_decades();
        let mut svg = String::new();
        let drawn = {
            let area = SVGBackend::with_string(&mut svg, (560, 380)).into_drawing_area();
            super::super::draw_marked(&area, &spec, 1.0).expect("drawn")
        };
        assert!(drawn.y_ticks.len() >= 3, "{:?}", drawn.y_ticks);
        for t in &drawn.y_ticks {
            assert!(t.starts_with("10"), "{t}");
        }
        assert!(
            drawn.y_ticks.contains(&"10⁻³".to_string()),
            "{:?}",
            drawn.y_ticks
        );
        let shapes: Vec<Shape> = drawn.hits.iter().map(|h| h.shape).collect();
        assert_eq!(shapes.len(), 5);
        assert_ne!(shapes[0], shapes[3]);
        // the long label wrapped: its words all printed, its start and its end on different lines
        assert!(svg.contains("a long label"));
        assert!(svg.contains("seed 12345"));
        assert!(!svg.contains(label));
    }

    #[test]
    fn decades_note_the_points_left_out() {
        let p = params(5);
        let points = [(1.0, 0.0, 0.0), (2.0, 0.2, 0.0)];
        let runs = [
            Run {
                label: "a",
                data: RunData::Imported(&points),
            },
            Run {
                label: "b",
                data: RunData::Imported(&points),
            },
        ];
        let eps = runs_spec(Chart::Eps, &p, &runs).in_decades();
        assert!(eps.log_y);
        assert!(
            eps.notes.iter().any(|n| n.contains("2 points")),
            "{:?}",
            eps.notes
        );
    }
}
