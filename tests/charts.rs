//! The learning-curve charts' content: which series, colours, axes, theory curves and legend
//! entries each chart has, for teacher and random labels (the catalogue and the theory module
//! are the references).

use perceptron_lab::catalogue::{Algorithm, Chart, TheoryCurve, TEACHER_COLOR};
use perceptron_lab::chart::{self, ChartSpec};
use perceptron_lab::experiment::{self, CurveParams, Labels, Row, StopRule};
use perceptron_lab::theory;
use plotters::prelude::*;

fn params(labels: Labels, algorithms: &[Algorithm]) -> CurveParams {
    CurveParams {
        n: 10,
        alphas: vec![0.5, 1.5, 3.0],
        reps: 4,
        algorithms: algorithms.to_vec(),
        epochs: 20.0,
        updates: None,
        seed: 5,
        noise: 0.0,
        labels,
        stop: StopRule::Epochs,
        random_separability: true,
    }
}

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
    assert_eq!(names, ["minover", "hebb", "exact"]);
    for (s, &a) in eps.series.iter().zip(&algorithms) {
        assert_eq!(s.color, rgb(a), "{a}");
        let mine: Vec<&Row> = rows.iter().filter(|r| r.algorithm == a).collect();
        assert_eq!(s.points.len(), 3);
        for (pt, r) in s.points.iter().zip(&mine) {
            assert_eq!((pt.0, pt.1, pt.2), (r.alpha, r.eps_g_mean, r.eps_g_sem));
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
    let text = svg(&eps);
    for name in names.iter().copied().chain(theory.iter().copied()) {
        assert!(text.contains(name), "legend entry {name}");
    }
    assert!(text.contains("α = P/N") && text.contains("ε_g"));

    let kappa = chart::spec(Chart::Kappa, &p, &rows);
    assert_eq!(kappa.y_label, "κ");
    assert_eq!(kappa.theory.len(), 1);
    assert_eq!(kappa.theory[0].name, TheoryCurve::MaxstabKappa.label(10));
    assert!(
        kappa.series[0].points.iter().all(|pt| pt.1 > 0.0),
        "κ > 0 on teacher sets"
    );

    let train = chart::spec(Chart::TrainError, &p, &rows);
    assert!(train.theory.is_empty());
    assert!(train
        .series
        .iter()
        .all(|s| s.points.iter().all(|pt| pt.2 == 0.0)));

    // the data's separability, not an algorithm's: the teacher sets (separable by construction)
    // and a random labelling of the same inputs, against Cover's fraction
    let sep = chart::spec(Chart::Separable, &p, &rows);
    assert_eq!(sep.series.len(), 2);
    assert_eq!(
        sep.series[0].color,
        RGBColor(TEACHER_COLOR.0, TEACHER_COLOR.1, TEACHER_COLOR.2)
    );
    assert!(sep.series[0].points.iter().all(|pt| pt.1 == 1.0));
    assert_eq!(sep.theory[0].name, "Cover C(P,N)/2^P, N = 10");
    assert!(sep.legend_lower_left);
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
    // every chart draws (an empty one too) and names its series
    for which in Chart::ALL {
        let spec = chart::spec(which, &p, &rows);
        let text = svg(&spec);
        for s in &spec.series {
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
