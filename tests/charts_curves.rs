//! The learning-curve charts' content: which series, colours, axes, theory curves and legend
//! entries each chart has, for teacher and random labels (the catalogue and the theory module
//! are the references); hollow points where sets were dropped, the hits under the marks, the
//! type scaled with the resolution, the legends below the plot and series told apart by shape.

mod common;

use common::charts::{params, svg_placed_texts, svg_said};
use perceptron_lab::catalogue::{Algorithm, Chart, TheoryCurve, TEACHER_COLOR};
use perceptron_lab::chart::{self, ChartSpec};
use perceptron_lab::experiment::{self, CurveParams, Labels, Row};
use perceptron_lab::theory;
use perceptron_lab::train::Mode;
use plotters::prelude::*;

fn rows(p: &CurveParams) -> Vec<Row> {
    experiment::run(p).unwrap()
}

fn rgb(a: Algorithm) -> RGBColor {
    let c = a.info().color;
    RGBColor(c.0, c.1, c.2)
}

/// The chart drawn as SVG text.
fn svg(spec: &ChartSpec) -> String {
    let mut out = String::new();
    {
        let area = SVGBackend::with_string(&mut out, (640, 420)).into_drawing_area();
        chart::draw(&area, spec, 1.0).unwrap();
    }
    out
}

#[test]
fn teacher_charts_have_one_series_per_algorithm_in_its_colour_and_the_theory() {
    let algorithms = [Algorithm::Minover, Algorithm::Hebb, Algorithm::Exact];
    let p = params(Labels::Teacher, &algorithms);
    let rows = rows(&p);
    let eps = chart::spec(Chart::Eps, &p, &rows);
    assert_eq!(eps.y_label, "ε_g");
    assert!(eps.title.contains("N = 10"), "{}", eps.title);
    let names: Vec<&str> = eps.series.iter().map(|s| s.name.as_str()).collect();
    // the legend's words are the catalogue's labels, which a reader knows, not the code names
    assert_eq!(names, ["MinOver", "Hebb", "exact optimum"]);
    for (s, &a) in eps.series.iter().zip(&algorithms) {
        assert_eq!(s.color, rgb(a), "{a}");
        let mine: Vec<&Row> = rows.iter().filter(|r| r.algorithm == a).collect();
        assert_eq!(s.points.len(), 3);
        for (pt, r) in s.points.iter().zip(&mine) {
            assert_eq!(
                (pt.alpha, pt.mean, pt.sem),
                (r.alpha, r.eps_g_mean, r.eps_g_sem)
            );
            assert!(!pt.hollow(), "every set counts for {a}");
        }
    }
    let theory: Vec<&str> = eps.theory.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(
        theory,
        [
            "Hebb (N→∞)",
            "Gibbs (N→∞)",
            "Bayes (N→∞)",
            "max. stability (N→∞)",
            "Cover count, N = 10"
        ]
    );
    // the lines are the theory's values on a grid across the sweep's α range
    let hebb = &eps.theory[0];
    assert_eq!(hebb.points.first().unwrap().0, 0.5);
    assert_eq!(hebb.points.last().unwrap().0, 3.0);
    for &(a, v) in &hebb.points {
        assert_eq!(v, theory::hebb_eps(a));
    }
    let cover = &eps.theory[4];
    for &(a, v) in &cover.points {
        let p_a = ((a * 10.0).round() as u64).max(1);
        assert_eq!(v, theory::cover_eps(p_a, 10));
    }
    // the legend names every series and curve; the axes say what they show
    let text = svg_said(&svg(&eps));
    for name in names.iter().copied().chain(theory.iter().copied()) {
        assert!(text.contains(name), "legend entry {name}");
    }
    assert!(text.contains("α = P/N") && text.contains("ε_g"));

    let kappa = chart::spec(Chart::Kappa, &p, &rows);
    assert_eq!(kappa.y_label, "κ");
    assert_eq!(kappa.theory.len(), 1);
    assert_eq!(kappa.theory[0].name, TheoryCurve::MaxstabKappa.label(10));
    assert!(
        kappa.series[0].points.iter().all(|pt| pt.mean > 0.0),
        "κ > 0 on teacher sets"
    );

    let train = chart::spec(Chart::TrainError, &p, &rows);
    assert!(train.theory.is_empty());
    assert!(train
        .series
        .iter()
        .all(|s| s.points.iter().all(|pt| pt.sem == 0.0)));

    // the data's separability, not an algorithm's: the teacher sets (separable by construction)
    // and a random labelling of the same inputs, against Cover's fraction
    let sep = chart::spec(Chart::Separable, &p, &rows);
    assert_eq!(sep.series.len(), 2);
    assert_eq!(
        sep.series[0].color,
        RGBColor(TEACHER_COLOR.0, TEACHER_COLOR.1, TEACHER_COLOR.2)
    );
    assert!(sep.series[0].points.iter().all(|pt| pt.mean == 1.0));
    assert_eq!(sep.theory[0].name, "Cover C(P,N)/2^P, N = 10");
}

#[test]
fn random_label_charts_have_no_generalisation_error_and_gardners_curve() {
    let p = params(Labels::Random, &[Algorithm::Adatron, Algorithm::Exact]);
    let rows = rows(&p);
    let eps = chart::spec(Chart::Eps, &p, &rows);
    assert!(eps.title.contains("undefined for random labels"));
    assert!(eps.theory.is_empty());
    assert!(
        eps.series.iter().all(|s| s.points.is_empty()),
        "no ε_g without a teacher"
    );
    let kappa = chart::spec(Chart::Kappa, &p, &rows);
    assert_eq!(kappa.theory[0].name, "Gardner κ_max (N→∞)");
    let sep = chart::spec(Chart::Separable, &p, &rows);
    assert_eq!(sep.series.len(), 1);
    assert_eq!(sep.series[0].name, "random labels (exact test)");
    // every chart draws (an empty one too) and names its series that have points
    for which in Chart::ALL {
        let spec = chart::spec(which, &p, &rows);
        let text = svg(&spec);
        for s in spec.series.iter().filter(|s| !s.points.is_empty()) {
            assert!(text.contains(&s.name), "{which}: {}", s.name);
        }
    }
}

#[test]
fn drawing_scales_type_and_marks_with_the_resolution() {
    let p = params(Labels::Teacher, &[Algorithm::Minover]);
    let rows = rows(&p);
    let spec = chart::spec(Chart::Eps, &p, &rows);
    // the largest type (the caption) and the smallest (tick labels), in SVG's font-size units
    let font_sizes = |scale: f64| {
        let mut out = String::new();
        {
            let area = SVGBackend::with_string(&mut out, (1280, 840)).into_drawing_area();
            chart::draw(&area, &spec, scale).unwrap();
        }
        let sizes: Vec<f64> = out
            .split("font-size=\"")
            .skip(1)
            .map(|t| t[..t.find('"').unwrap()].parse().unwrap())
            .collect();
        let max = sizes.iter().copied().fold(0.0, f64::max);
        let min = sizes.iter().copied().fold(f64::INFINITY, f64::min);
        (max, min)
    };
    let (max1, min1) = font_sizes(1.0);
    let (max2, min2) = font_sizes(2.0);
    assert!(max1 > min1, "caption larger than tick labels");
    assert!((max2 / max1 - 2.0).abs() < 1e-9, "{max1} → {max2}");
    assert!((min2 / min1 - 2.0).abs() < 1e-9, "{min1} → {min2}");
}

/// The separable sets among the `reps` of each `α` of `p`, counted here with the exact test on
/// the sets the sweep draws.
fn separable_counts(p: &CurveParams) -> Vec<usize> {
    (0..p.alphas.len())
        .map(|k| {
            (0..p.reps)
                .filter(|r| {
                    let (data, _) = experiment::cell_data(p, k * p.reps + r).unwrap();
                    perceptron_lab::exact::is_separable(&data, Mode::Homogeneous).unwrap()
                })
                .count()
        })
        .collect()
}

/// The white-filled marks (circles, squares, polygons) of an SVG `width` pixels wide, not counting
/// its background: the hollow points.
fn white_marks(svg: &str, width: u32) -> usize {
    let background = format!("width=\"{width}\"");
    svg.split('<')
        .skip(1)
        .filter(|e| e.starts_with("circle") || e.starts_with("rect") || e.starts_with("polygon"))
        .map(|e| &e[..e.find("/>").unwrap()])
        .filter(|e| e.contains("fill=\"#FFFFFF\"") && !e.contains(&background))
        .count()
}

/// The texts of an SVG's `<text>` elements, in order.
fn svg_texts(svg: &str) -> Vec<String> {
    svg.split("<text")
        .skip(1)
        .map(|t| {
            let body = &t[t.find('>').unwrap() + 1..];
            body[..body.find("</text>").unwrap()].to_string()
        })
        .collect()
}

/// With random labels `exact` has a perceptron on the separable sets only: its κ and training
/// error points are hollow where some sets were dropped (their count in the hover text), left
/// out with a note where none was separable, and filled where all were; the iterative rules'
/// points are all filled. The counts come from the exact test on the sweep's sets, made here.
#[test]
fn random_labels_exact_is_hollow_where_sets_are_dropped_and_noted_where_none_is_separable() {
    let mut p = params(Labels::Random, &[Algorithm::Minover, Algorithm::Exact]);
    p.alphas = vec![0.5, 1.5, 2.0, 2.5, 4.0, 5.0];
    p.reps = 16;
    let rows = rows(&p);
    let counts = separable_counts(&p);
    // the sweep has all three cases: every set, some sets and no set separable
    assert_eq!(counts[0], p.reps, "P ≤ N: always separable");
    assert!(counts.iter().any(|&c| c > 0 && c < p.reps), "{counts:?}");
    assert!(counts.contains(&0), "{counts:?}");
    for which in [Chart::Kappa, Chart::TrainError] {
        let spec = chart::spec(which, &p, &rows);
        let minover = &spec.series[0];
        assert_eq!(minover.points.len(), p.alphas.len());
        assert!(minover
            .points
            .iter()
            .all(|m| !m.hollow() && m.valid == p.reps));
        assert!(minover.omitted.is_empty());
        let exact = &spec.series[1];
        assert_eq!(exact.name, "exact optimum");
        let mut shown = exact.points.iter();
        let mut none = Vec::new();
        for (&alpha, &c) in p.alphas.iter().zip(&counts) {
            if c == 0 {
                none.push(alpha);
                continue;
            }
            let m = shown.next().unwrap();
            assert_eq!(m.alpha, alpha);
            assert_eq!((m.valid, m.reps), (c, p.reps), "{which} at α = {alpha}");
            assert_eq!(m.hollow(), c < p.reps, "{which} at α = {alpha}");
            if c < p.reps {
                let quantity = if which == Chart::Kappa {
                    "κ"
                } else {
                    "training error"
                };
                assert!(
                    m.text.starts_with(&format!(
                        "exact optimum at α = {alpha}: {quantity} averaged over {c} of {} sets (the others are not separable)\n",
                        p.reps
                    )),
                    "{}",
                    m.text
                );
            }
        }
        assert!(shown.next().is_none());
        assert_eq!(exact.omitted, none, "{which}");
        let list: Vec<String> = none.iter().map(f64::to_string).collect();
        let note = format!(
            "exact optimum: no point at α = {} (none of the {} sets is linearly separable there).",
            list.join(", "),
            p.reps
        );
        assert_eq!(spec.notes[0], note);
        assert!(
            spec.notes[1].starts_with("hollow marks"),
            "{:?}",
            spec.notes
        );
        assert_eq!(spec.notes.len(), 2);

        // drawn: the notes under the chart (wrapped), one white mark per hollow point, and a hit
        // per point in the plot, hollow where the spec says
        let mut text = String::new();
        let drawn = {
            let area = SVGBackend::with_string(&mut text, (560, 380)).into_drawing_area();
            chart::draw_marked(&area, &spec, 1.0).unwrap()
        };
        // the note as drawn, wrapped onto lines wherever they end
        let words = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
        let texts = words(&svg_texts(&text).join(" "));
        assert!(texts.contains(&words(&note)), "{texts}");
        let hollow = counts.iter().filter(|&&c| c > 0 && c < p.reps).count();
        // white shapes (exact, the second series, is a square) but the background
        let white_marks = white_marks(&text, 560);
        assert_eq!(white_marks, hollow, "{which}");
        assert_eq!(drawn.hits.len(), 2 * p.alphas.len() - none.len());
        assert_eq!(drawn.hits.iter().filter(|h| h.hollow).count(), hollow);
        for h in &drawn.hits {
            assert!(
                h.x > 52.0 && h.x < 560.0 && h.y > 0.0 && h.y < 380.0,
                "{h:?}"
            );
        }
        assert_eq!(drawn.notes, spec.notes);
    }
    // ε_g is not defined for random labels: no points and no notes (the title says why)
    let eps = chart::spec(Chart::Eps, &p, &rows);
    assert!(eps.notes.is_empty(), "{:?}", eps.notes);
    // the fraction of separable sets: counts over all repetitions, never hollow
    let sep = chart::spec(Chart::Separable, &p, &rows);
    for (m, &c) in sep.series[0].points.iter().zip(&counts) {
        assert_eq!(m.mean, c as f64 / p.reps as f64);
        assert!(!m.hollow());
        assert!(
            m.text
                .contains(&format!(": {c} of {} sets separable", p.reps)),
            "{}",
            m.text
        );
    }
}

/// The hits are where the points are: in order of `α` from left to right and, within a
/// series, higher on the canvas for a larger mean (the y axis points up).
#[test]
fn hits_follow_the_axes() {
    let p = params(Labels::Teacher, &[Algorithm::Hebb]);
    let rows = rows(&p);
    let spec = chart::spec(Chart::Eps, &p, &rows);
    let mut text = String::new();
    let drawn = {
        let area = SVGBackend::with_string(&mut text, (560, 380)).into_drawing_area();
        chart::draw_marked(&area, &spec, 1.0).unwrap()
    };
    let marks = &spec.series[0].points;
    assert_eq!(drawn.hits.len(), marks.len());
    for (h, m) in drawn.hits.iter().zip(marks) {
        assert_eq!((h.algorithm, h.alpha), (Some(Algorithm::Hebb), m.alpha));
        assert!(h.text.starts_with(&format!(
            "Hebb at α = {}: ε_g averaged over all 4 sets",
            m.alpha
        )));
        // a filled circle of the series' colour is drawn at the hit
        let at = format!("cx=\"{}\" cy=\"{}\"", h.x, h.y);
        assert!(text.contains(&at), "no mark at {at}");
    }
    for w in drawn.hits.windows(2).zip(marks.windows(2)) {
        let (h, m) = w;
        assert!(h[1].x > h[0].x);
        assert_eq!(h[1].y < h[0].y, m[1].mean > m[0].mean);
    }
    assert!(spec.notes.is_empty());
}

/// Before a sweep has run, a chart shows the theory of its parameters alone (the presets'
/// preview), on the sweep's α range.
#[test]
fn a_chart_without_rows_shows_the_theory_on_the_sweeps_range() {
    let p = params(Labels::Random, &[Algorithm::Minover, Algorithm::Exact]);
    let spec = chart::spec(Chart::Kappa, &p, &[]);
    assert!(spec
        .series
        .iter()
        .all(|s| s.points.is_empty() && s.omitted.is_empty()));
    assert!(spec.notes.is_empty());
    assert_eq!(spec.alpha_range, (0.5, 3.0));
    assert_eq!(spec.theory[0].name, "Gardner κ_max (N→∞)");
    let text = svg_said(&svg(&spec));
    assert!(text.contains("Gardner κ_max (N→∞)"), "{text}");
}
/// The theory lines are `theory::curve_value` at every point of the sweep's range, whatever was
/// drawn before: the sampled curves are kept between drawings (a running sweep redraws its charts
/// with every α it finishes), keyed by the curve, `N` and the range.
#[test]
fn theory_lines_are_the_theorys_values_whatever_was_drawn_before() {
    let first = params(Labels::Teacher, &[Algorithm::Minover]);
    let mut other_n = first.clone();
    other_n.n = 37;
    let mut other_range = first.clone();
    other_range.alphas = vec![0.25, 7.0];
    for p in [&first, &other_n, &other_range, &first, &other_n] {
        let (lo, hi) = (p.alphas[0], p.alphas[p.alphas.len() - 1]);
        for which in [Chart::Eps, Chart::Kappa] {
            let spec = chart::spec(which, p, &[]);
            assert!(!spec.theory.is_empty(), "{which:?}");
            for (line, curve) in spec.theory.iter().zip(theory_curves_of(&spec, p.n)) {
                let n = curve.info().needs_n.then_some(p.n as u64);
                assert!(line.points.len() > 100, "{}", line.name);
                for (i, &(a, v)) in line.points.iter().enumerate() {
                    assert!((lo..=hi).contains(&a), "{}: α = {a}", line.name);
                    if i == 0 {
                        assert_eq!(a, lo, "{}", line.name);
                    }
                    assert_eq!(
                        v,
                        theory::curve_value(curve, a, n).unwrap(),
                        "{} at α = {a}, N = {}",
                        line.name,
                        p.n
                    );
                }
            }
        }
    }
}

/// The theory curve of each of `spec`'s theory lines (of a sweep of `n` inputs), found by its legend text.
fn theory_curves_of(spec: &ChartSpec, n: usize) -> Vec<TheoryCurve> {
    spec.theory
        .iter()
        .map(|l| {
            let mut named = TheoryCurve::ALL
                .into_iter()
                .filter(|c| c.label(n) == l.name);
            let curve = named
                .next()
                .unwrap_or_else(|| panic!("no theory curve named {}", l.name));
            assert!(named.next().is_none(), "two theory curves named {}", l.name);
            curve
        })
        .collect()
}

/// A teacher sweep of MinOver, Hebb and exact up to α = 10 (its rows).
fn teacher_sweep() -> (CurveParams, Vec<Row>) {
    let mut p = params(
        Labels::Teacher,
        &[Algorithm::Minover, Algorithm::Hebb, Algorithm::Exact],
    );
    p.alphas = vec![0.5, 5.0, 10.0];
    let rows = rows(&p);
    (p, rows)
}

/// The legend under the plot (below the x axis's description, so that it covers no data), the
/// last tick's label inside the canvas, no "−0" among the labels, and every series in its own
/// colour within a chart (a theory line shares one only with its own rule's series: Hebb's).
#[test]
fn legends_below_the_plot_last_tick_inside_and_series_distinct() {
    let (p, rows) = teacher_sweep();
    for which in Chart::ALL {
        let spec = chart::spec(which, &p, &rows);
        let placed = svg_placed_texts(&svg(&spec));
        let axis_y = placed
            .iter()
            .find(|t| t.0 == "α = P/N")
            .expect("the x axis's description")
            .2;
        let entries = spec.theory.iter().map(|l| &l.name);
        for entry in entries.chain(spec.series.iter().map(|s| &s.name)) {
            if let Some(t) = placed.iter().find(|t| &t.0 == entry) {
                assert!(
                    t.2 > axis_y,
                    "{which}: legend entry {entry} at y = {} above the axis at {axis_y}",
                    t.2
                );
            }
        }
        let last = placed
            .iter()
            .find(|t| t.0 == "10")
            .expect("a tick at α = 10");
        assert!(
            last.1 + 8.0 < 640.0,
            "{which}: the label 10 at x = {}",
            last.1
        );
        let negative_zero = |t: &str| {
            t == "-0"
                || (t.starts_with('-') || t.starts_with('−'))
                    && t.trim_start_matches(['-', '−'])
                        .trim_end_matches('0')
                        .trim_end_matches('.')
                        == "0"
        };
        let bad: Vec<&String> = placed
            .iter()
            .map(|t| &t.0)
            .filter(|t| negative_zero(t))
            .collect();
        assert!(bad.is_empty(), "{which}: labels {bad:?}");
        for (i, a) in spec.series.iter().enumerate() {
            for b in &spec.series[i + 1..] {
                assert_ne!(a.color, b.color, "{which}: {} and {}", a.name, b.name);
            }
            for l in &spec.theory {
                let own = a.name == "Hebb" && l.name.starts_with("Hebb");
                assert!(
                    own || a.color != l.color,
                    "{which}: {} and {}",
                    a.name,
                    l.name
                );
            }
        }
    }
}

/// MinOver and exact at the same place (training error 0 at every α): each in its catalogue shape
/// (a square, a diamond, whatever the sweep's other rules), so exact's does not hide MinOver's;
/// the rules that tend to coincide all differ by shape.
#[test]
fn series_at_the_same_place_have_different_shapes() {
    let (p, rows) = teacher_sweep();
    let coincide = [
        Algorithm::Minover,
        Algorithm::Adatron,
        Algorithm::Exact,
        Algorithm::Bayes,
    ];
    let shapes: Vec<chart::Shape> = coincide.iter().map(|a| a.info().marker).collect();
    for (i, a) in shapes.iter().enumerate() {
        assert!(!shapes[i + 1..].contains(a), "{shapes:?}");
    }
    assert_eq!(
        chart::Shape::of(Some(Algorithm::Exact)),
        chart::Shape::Diamond
    );
    let text = svg(&chart::spec(Chart::TrainError, &p, &rows));
    let (c, e) = (
        Algorithm::Minover.info().color.hex(),
        Algorithm::Exact.info().color.hex(),
    );
    assert!(
        text.contains(&format!("fill=\"{c}\"")),
        "MinOver's points are drawn"
    );
    assert!(
        text.split("<polygon")
            .skip(1)
            .any(|p| p.contains(&format!("fill=\"{e}\""))),
        "exact's diamonds"
    );
}

/// A chart whose values are all zero labels its axis with distinct numbers, 0 among them (not
/// "0.0 0.0 … −0.0" over a span of 10⁻⁹).
#[test]
fn a_chart_of_zeros_has_a_sane_axis() {
    let (mut p, rows) = teacher_sweep();
    let zeros: Vec<Row> = rows
        .into_iter()
        .filter(|r| r.algorithm == Algorithm::Exact)
        .collect();
    p.algorithms = vec![Algorithm::Exact];
    let flat = svg(&chart::spec(Chart::TrainError, &p, &zeros));
    // the y ticks: the numbers above the row of the α ticks (the lowest numbers)
    let numbers: Vec<(String, f64, f64)> = svg_placed_texts(&flat)
        .into_iter()
        .filter(|t| t.0.parse::<f64>().is_ok())
        .collect();
    let x_row = numbers
        .iter()
        .map(|t| t.2)
        .fold(f64::NEG_INFINITY, f64::max);
    let ticks: Vec<String> = numbers
        .into_iter()
        .filter(|t| t.2 < x_row - 1.0)
        .map(|t| t.0)
        .collect();
    let mut unique = ticks.clone();
    unique.dedup();
    assert!(
        ticks.len() >= 2 && unique.len() == ticks.len(),
        "y ticks {ticks:?}"
    );
    assert!(ticks.contains(&"0".to_string()), "y ticks {ticks:?}");
}

/// With random labels the ε_g chart says why it has no points, and lists no series without one.
#[test]
fn the_random_label_eps_chart_says_why_it_is_empty() {
    let r = params(Labels::Random, &[Algorithm::Minover]);
    let eps = svg(&chart::spec(Chart::Eps, &r, &experiment::run(&r).unwrap()));
    let said = svg_said(&eps);
    assert!(
        said.contains("No ε_g with random labels: there is no teacher"),
        "{said}"
    );
    assert!(
        !svg_texts(&eps).iter().any(|t| t.trim() == "MinOver"),
        "no legend entry without points"
    );
}

/// Cover's fraction `C(P, N)/2^P` from its closed form, written out here:
/// `C(P, N) = 2 Σ_{k<N} binom(P−1, k)`, the binomials by their product formula.
fn cover_closed_form(p: u64, n: u64) -> f64 {
    let mut binom = 1.0; // binom(P−1, 0)
    let mut sum = 0.0;
    for k in 0..n.min(p) {
        if k > 0 {
            binom *= (p - k) as f64 / k as f64; // binom(P−1, k) from binom(P−1, k−1)
        }
        sum += binom;
    }
    2.0 * sum / 2f64.powi(p as i32)
}

/// The storage assignment on one chart: sweeps of random labels at N = 20, 40 and 100 on the
/// separable fraction's chart each have their series (the exact test and Rosenblatt's success),
/// Cover's curve is drawn once per N, named by it, in that run's dashes, with the closed form's
/// values, and the capacity α_c = 2 is marked (on the chart of one run too).
#[test]
fn the_storage_chart_has_covers_curve_per_n_and_the_capacity() {
    let sweep = |n: usize| CurveParams {
        n,
        alphas: vec![0.5, 2.0, 3.0],
        reps: 2,
        algorithms: vec![Algorithm::Rosenblatt],
        epochs: 20.0,
        labels: Labels::Random,
        ..params(Labels::Random, &[])
    };
    let sweeps: Vec<(String, CurveParams, Vec<Row>)> = [20, 40, 100]
        .into_iter()
        .map(|n| {
            let p = sweep(n);
            let r = rows(&p);
            (format!("N = {n}"), p, r)
        })
        .collect();
    let runs: Vec<chart::Run> = sweeps
        .iter()
        .map(|(label, params, rows)| chart::Run {
            label,
            data: chart::RunData::Sweep { params, rows },
        })
        .collect();
    let spec = chart::runs_spec(Chart::Separable, &sweeps[2].1, &runs);
    // each run's two series, named by its N
    for (k, (label, _, _)) in sweeps.iter().enumerate() {
        let own: Vec<&str> = spec
            .series
            .iter()
            .filter(|s| s.run == Some(k))
            .map(|s| s.name.as_str())
            .collect();
        assert_eq!(own.len(), 2, "{own:?}");
        assert!(
            own.iter().all(|name| name.ends_with(label.as_str())),
            "{own:?}"
        );
        assert!(
            own.iter().any(|name| name.starts_with("Rosenblatt")),
            "{own:?}"
        );
    }
    // one Cover curve per N, in that run's dashes, against the closed form
    assert_eq!(
        spec.theory.len(),
        3,
        "{:?}",
        spec.theory.iter().map(|l| &l.name).collect::<Vec<_>>()
    );
    for (k, (line, n)) in spec.theory.iter().zip([20u64, 40, 100]).enumerate() {
        assert_eq!(line.name, format!("Cover C(P,N)/2^P, N = {n}"));
        assert_eq!(line.curve, Some(TheoryCurve::CoverFraction));
        assert_eq!(line.run, Some(k));
        assert!(line.points.len() > 100);
        for &(alpha, value) in &line.points {
            let p = ((alpha * n as f64).round() as u64).max(1);
            let want = cover_closed_form(p, n);
            assert!(
                (value - want).abs() <= 1e-9 * want.max(1e-300) || (value - want).abs() < 1e-12,
                "N = {n}, α = {alpha} (P = {p}): {value} against {want}"
            );
        }
        // ½ at the capacity whatever N
        assert!((cover_closed_form(2 * n, n) - 0.5).abs() < 1e-12);
    }
    assert_ne!(
        chart::run_style(0).1,
        chart::run_style(1).1,
        "the curves' dashes differ"
    );
    // the capacity, in the spec and drawn
    let capacity = vec![chart::AlphaMark {
        alpha: 2.0,
        label: "α_c = 2".into(),
    }];
    assert_eq!(spec.marks, capacity);
    assert_eq!(
        chart::spec(Chart::Separable, &sweeps[0].1, &sweeps[0].2).marks,
        capacity
    );
    assert!(chart::spec(Chart::Kappa, &sweeps[0].1, &[])
        .marks
        .is_empty());
    storage_chart_drawn(&spec);
    // one N for every run: one curve, solid, as before
    let same: Vec<chart::Run> = runs[..1].iter().chain(&runs[..1]).copied().collect();
    let one = chart::runs_spec(Chart::Separable, &sweeps[0].1, &same);
    assert_eq!(one.theory.len(), 1);
    assert_eq!(one.theory[0].run, None);
}

/// The storage chart `spec` drawn: the capacity's mark and its label, each N's Cover curve in
/// what the drawing reports and in the legend.
fn storage_chart_drawn(spec: &ChartSpec) {
    let mut out = String::new();
    let drawn = {
        let area = SVGBackend::with_string(&mut out, (640, 760)).into_drawing_area();
        chart::draw_marked(&area, spec, 1.0).unwrap()
    };
    for n in [20, 40, 100] {
        let with_n = |s: &String| s.ends_with(&format!("N = {n}"));
        assert_eq!(
            drawn.legend.iter().filter(|s| with_n(s)).count(),
            3,
            "{:?}",
            drawn.legend
        );
    }
    assert_eq!(drawn.marks.len(), 1);
    assert_eq!(drawn.marks[0].label, "α_c = 2");
    assert_eq!(
        drawn
            .lines
            .iter()
            .map(|l| l.name.as_str())
            .collect::<Vec<_>>(),
        [20, 40, 100].map(|n| format!("Cover C(P,N)/2^P, N = {n}"))
    );
    let said = svg_said(&out);
    assert!(said.contains("α_c = 2"), "{said}");
    for n in [20, 40, 100] {
        let name = format!("Cover C(P,N)/2^P, N = {n}");
        assert!(said.contains(&name), "{name}: {said}");
    }
}

/// The CSV of several series: the page's columns in their order, then `series`, quoted where
/// the label has a comma.
#[test]
fn series_csv_extends_the_page_csv_by_a_series_column() {
    let p = params(Labels::Teacher, &[Algorithm::Hebb]);
    let r = rows(&p);
    let csv = experiment::series_csv(&[("N = 10", &r), ("hebb: N = 10, seed 5", &r)]);
    let page = experiment::page_csv(&r);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], format!("{},series", experiment::CSV_HEADER));
    assert_eq!(lines.len(), 1 + 2 * r.len());
    for (k, row) in page.lines().skip(1).enumerate() {
        assert_eq!(lines[1 + k], format!("{row},N = 10"));
        assert_eq!(
            lines[1 + r.len() + k],
            format!("{row},\"hebb: N = 10, seed 5\"")
        );
    }
}
