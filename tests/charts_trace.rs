//! The trace chart of one run: κ(w), its certified bound, the exact κ_max and the errors, every
//! line inside the canvas, and the legends under their panels where they cover no line.

mod common;

use common::charts::{params, svg_placed_texts, svg_said, svg_text_boxes};
use perceptron_lab::catalogue::Algorithm;
use perceptron_lab::chart;
use perceptron_lab::experiment::{self, Labels};
use plotters::prelude::*;

/// The trace chart: κ(w), the certified bound and the exact κ_max of the run's set (checked
/// against the bounds the trace itself must respect), the errors; every line inside the canvas
/// although the early bound and κ lie far off the axis.
#[test]
fn trace_chart_shows_kappa_its_bound_and_the_errors_inside_the_plot() {
    let mut p = params(Labels::Teacher, &[Algorithm::Minover]);
    p.alphas = vec![3.0];
    p.reps = 1;
    p.n = 20;
    p.updates = Some(600);
    let run = experiment::trace_run(&p, Algorithm::Minover, 0, 5).unwrap();
    let points = run.points();
    let spec = chart::trace_spec(&p, Algorithm::Minover, 0, &run).unwrap();
    assert_eq!(
        spec.title.as_deref(),
        Some("minover: one run at α = 3 (P = 60), N = 20")
    );
    let kappa_panel = spec.panel("κ").expect("the κ panel");
    let errors_panel = spec.panel("error").expect("the error panel");
    let line = |panel: &chart::trace::Panel, label: &str| {
        panel
            .line(label)
            .unwrap_or_else(|| panic!("no line {label}"))
            .points
            .clone()
    };
    let kappa_max = kappa_panel
        .references
        .iter()
        .find(|r| r.label == "κ_max (exact)")
        .expect("teacher sets are separable")
        .value;
    let last = points.last().unwrap();
    assert!(last.kappa <= kappa_max + 1e-9 && kappa_max <= last.kappa_upper.unwrap() + 1e-9);
    assert_eq!(
        line(kappa_panel, "minover: κ(w)").len(),
        points.iter().filter(|q| q.kappa.is_finite()).count()
    );
    let finite_bounds = points
        .iter()
        .filter(|q| q.kappa_upper.is_some_and(f64::is_finite))
        .count();
    let upper = line(kappa_panel, "minover: κ_upper (certified)");
    assert_eq!(upper.len(), finite_bounds);
    let finite_eps = points
        .iter()
        .filter(|q| q.eps_g.is_some_and(f64::is_finite))
        .count();
    assert_eq!(line(errors_panel, "minover: ε_g").len(), finite_eps);
    assert!(finite_eps + 1 >= points.len(), "ε_g is defined once w ≠ 0");
    assert!(upper[0].1 > 3.0 * kappa_max, "the early bound is far above");
    let (w, h) = (560, 320);
    let mut text = String::new();
    {
        let area = SVGBackend::with_string(&mut text, (w, h)).into_drawing_area();
        chart::draw_trace(&area, &spec, 1.0).unwrap();
    }
    for label in [
        "minover: κ(w)",
        "minover: κ_upper (certified)",
        "κ_max (exact)",
        "minover: ε_g",
        "training error",
    ] {
        assert!(svg_said(&text).contains(label), "legend {label}");
    }
    let mut coords = 0;
    for poly in text.split("<polyline").skip(1) {
        let pts = &poly[poly.find("points=\"").unwrap() + 8..];
        for pair in pts[..pts.find('"').unwrap()].split_whitespace() {
            let (x, y) = pair.split_once(',').unwrap();
            let (x, y): (f64, f64) = (x.parse().unwrap(), y.parse().unwrap());
            assert!(
                (0.0..=f64::from(w)).contains(&x) && (0.0..=f64::from(h)).contains(&y),
                "({x}, {y})"
            );
            coords += 1;
        }
    }
    assert!(coords > 100, "{coords} polyline points");
}

/// The trace chart's legends lie under their panels, outside the plots, where they cover no
/// line: the κ panel's under its axis's tick labels and above the error panel, the error panel's
/// under its axis's description; every line of the data above its panel's legend.
#[test]
fn trace_legends_lie_under_their_panels() {
    let mut p = params(Labels::Teacher, &[Algorithm::Minover]);
    p.alphas = vec![3.0];
    p.reps = 1;
    p.n = 20;
    p.updates = Some(600);
    let run = experiment::trace_run(&p, Algorithm::Minover, 0, 5).unwrap();
    let spec = chart::trace_spec(&p, Algorithm::Minover, 0, &run).unwrap();
    let (w, h) = (560, 420);
    let mut text = String::new();
    {
        let area = SVGBackend::with_string(&mut text, (w, h)).into_drawing_area();
        chart::draw_trace(&area, &spec, 1.0).unwrap();
    }
    let placed = svg_placed_texts(&text);
    // a label with a subscript is its line's piece, then the script's (`κ`, `max`, ` (exact)`)
    let at = |label: &str| {
        let (line, script) = match label.split_once('_') {
            Some((line, rest)) => (line, rest.split(' ').next()),
            None => (label, None),
        };
        (0..placed.len())
            .find(|&k| {
                placed[k].0 == line.trim()
                    && script.is_none_or(|s| placed.get(k + 1).is_some_and(|t| t.0 == s))
            })
            .map_or_else(|| panic!("no text {label}"), |k| placed[k].2)
    };
    let error_desc = at("error");
    let axis_desc = at("t (steps of the rule, logarithmic)");
    // the κ panel's steps axis (its tick labels, which the error panel's axis repeats lower
    // down) above its legend, the error panel below it
    let kappa_axis = placed
        .iter()
        .filter(|t| t.0.parse::<f64>().is_ok())
        .filter_map(|t| {
            let ys: Vec<f64> = placed.iter().filter(|u| u.0 == t.0).map(|u| u.2).collect();
            (ys.len() >= 2).then(|| ys.iter().copied().fold(f64::INFINITY, f64::min))
        })
        .fold(f64::NEG_INFINITY, f64::max);
    assert!(kappa_axis > 0.0, "the κ panel's steps axis");
    let kappa_entries = [
        "κ_max (exact)",
        "minover: κ_upper (certified)",
        "minover: κ(w)",
    ];
    for entry in kappa_entries {
        let y = at(entry);
        assert!(
            y > kappa_axis && y < error_desc,
            "{entry} at y = {y}: the κ panel's axis at {kappa_axis}, the error panel from {error_desc}"
        );
    }
    for entry in ["minover: ε_g", "training error"] {
        let y = at(entry);
        assert!(
            y > axis_desc,
            "{entry} at y = {y}, the axis's description at {axis_desc}"
        );
    }
    // the lines of the data (the polylines longer than a legend's swatch) stay above the legends
    let kappa_legend = kappa_entries
        .iter()
        .map(|e| at(e))
        .fold(f64::INFINITY, f64::min);
    let error_legend = at("minover: ε_g").min(at("training error"));
    let kappa_legend_end = kappa_entries
        .iter()
        .map(|e| at(e))
        .fold(f64::NEG_INFINITY, f64::max);
    for poly in text.split("<polyline").skip(1) {
        let pts = &poly[poly.find("points=\"").unwrap() + 8..];
        let coords: Vec<(f64, f64)> = pts[..pts.find('"').unwrap()]
            .split_whitespace()
            .map(|pair| {
                let (x, y) = pair.split_once(',').unwrap();
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect();
        let (x0, x1) = coords
            .iter()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), p| {
                (a.min(p.0), b.max(p.0))
            });
        if x1 - x0 <= 25.0 {
            continue; // a legend's swatch
        }
        for &(_, y) in &coords {
            // the κ panel ends with its legend's last row
            let legend = if y <= kappa_legend_end + 8.0 {
                kappa_legend
            } else {
                error_legend
            };
            assert!(
                y < legend - 6.0,
                "a line at y = {y}, its panel's legend from {legend}"
            );
        }
    }
}

/// No tick label overprints an axis's description, and every tick label lies inside the canvas (the
/// last tick's label was cut, "10", and the tick labels overprinted the axes' titles), at the
/// page's sizes and at a narrow one, on a log and a linear steps axis.
#[test]
fn trace_tick_labels_clear_the_axis_titles_and_the_edges() {
    for (updates, every, w, h) in [
        (600, 5, 560, 420),
        (600, 5, 360, 300),
        (9, 1, 560, 420),
        (20_000, 100, 480, 360),
    ] {
        let mut p = params(Labels::Teacher, &[Algorithm::Minover]);
        p.alphas = vec![3.0];
        p.reps = 1;
        p.n = 20;
        p.updates = Some(updates);
        let run = experiment::trace_run(&p, Algorithm::Minover, 0, every).unwrap();
        let spec = chart::trace_spec(&p, Algorithm::Minover, 0, &run).unwrap();
        let mut text = String::new();
        {
            let area = SVGBackend::with_string(&mut text, (w, h)).into_drawing_area();
            chart::draw_trace(&area, &spec, 1.0).unwrap();
        }
        let boxes = svg_text_boxes(&text);
        let descs: Vec<&str> = std::iter::once(spec.t.desc.as_str())
            .chain(spec.panels.iter().map(|p| p.y.desc.as_str()))
            .collect();
        let ticks: Vec<_> = boxes
            .iter()
            .filter(|b| b.text.replace('−', "-").parse::<f64>().is_ok())
            .collect();
        assert!(ticks.len() > 6, "{updates} updates: {ticks:?}");
        for desc in &descs {
            let d = boxes
                .iter()
                .find(|b| b.text == *desc)
                .unwrap_or_else(|| panic!("no axis title {desc}"));
            for t in &ticks {
                assert!(
                    !t.overlaps(d, 1.0),
                    "{updates} updates, {w}×{h}: the tick label {t:?} overprints the axis title {d:?}"
                );
            }
        }
        for b in &ticks {
            let (l, top, r, bottom) = b.rect;
            assert!(
                l >= 0.0 && r <= f64::from(w) && top >= 0.0 && bottom <= f64::from(h),
                "{updates} updates, {w}×{h}: {b:?} outside the canvas"
            );
        }
    }
}
