//! The page's trace charts (`chart::rule_traces`, drawn by the one trace renderer): negative
//! κ inside the κ panel (a set that is not separable), the updates M(t) readable against a far
//! larger M* on a logarithmic count axis with M* written precisely, and the same drawing for a
//! trace and the same trace with κ scaled by 10^±300.

mod common;

use common::charts::{svg_said, svg_text_boxes};
use perceptron_lab::catalogue::Algorithm;
use perceptron_lab::chart::{self, TraceChart};
use perceptron_lab::trace::Trace;
use plotters::prelude::*;

/// A trace of `steps` steps with `κ(t) = kappa(t)`, `t` updates and no certified bound.
fn trace(steps: usize, kappa: impl Fn(f64) -> f64) -> Trace {
    let t: Vec<usize> = (1..=steps).collect();
    Trace {
        kappa: t.iter().map(|&s| kappa(s as f64)).collect(),
        upper: None,
        updates: t.clone(),
        errors: vec![3; steps],
        pocket_errors: None,
        eps_g: None,
        t,
    }
}

/// The SVG of `chart` on a 480×220 canvas.
fn svg(chart: &TraceChart) -> String {
    let mut text = String::new();
    {
        let area = SVGBackend::with_string(&mut text, (480, 220)).into_drawing_area();
        chart::draw_trace(&area, chart, 1.0).unwrap();
    }
    text
}

/// The points of the polylines stroked in `color` (`#RRGGBB`) longer than a legend's swatch.
fn ink(svg: &str, color: &str) -> Vec<(f64, f64)> {
    let mut out = vec![];
    for poly in svg.split("<polyline").skip(1) {
        let head = &poly[..poly.find("/>").unwrap_or(poly.len())];
        if !head.to_uppercase().contains(&color.to_uppercase()) {
            continue;
        }
        let pts = &head[head.find("points=\"").unwrap() + 8..];
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
        if x1 - x0 > 25.0 {
            out.extend(coords);
        }
    }
    out
}

fn color(a: Algorithm) -> String {
    a.info().color.hex()
}

/// On a set that is not separable every κ is negative: the κ panel's axis covers them, so the
/// line of each rule is drawn (pocket and the soft margin of §4.1, where it matters most).
#[test]
fn negative_kappa_is_drawn_inside_the_kappa_panel() {
    let pocket = trace(300, |t| -0.4 + 0.1 / t);
    let soft = trace(300, |t| -0.2 - 0.5 / t);
    let charts = chart::rule_traces(
        &[(Algorithm::Pocket, &pocket), (Algorithm::SoftMargin, &soft)],
        None,
        None,
    );
    let (lo, hi) = charts.kappa.panels[0].y.range;
    assert!(lo < -0.4 && hi > -0.2, "κ axis {lo}..{hi}");
    let text = svg(&charts.kappa);
    for a in [Algorithm::Pocket, Algorithm::SoftMargin] {
        let drawn = ink(&text, &color(a));
        assert!(
            drawn.len() >= 100,
            "{a}: {} points of its κ line drawn",
            drawn.len()
        );
        assert!(drawn
            .iter()
            .all(|&(x, y)| (0.0..=480.0).contains(&x) && (0.0..=220.0).contains(&y)));
    }
}

/// A race on a separable set: Rosenblatt's κ is negative from its first step until its last
/// updates, MinOver's climbs from below zero to κ_max. The κ axis reaches below the lowest κ
/// either rule had (the closed forms' minimum, at t = 1, computed here) with a margin of at most
/// a tenth of the span, and every step of both lines is drawn inside the canvas.
#[test]
fn the_race_kappa_axis_holds_every_kappa_of_the_racing_rules() {
    let steps = 120;
    let ros = |t: f64| -0.9 + 0.91 * (t - 1.0) / (steps as f64 - 1.0);
    let mo = |t: f64| 0.05 - 0.6 / t;
    let rosenblatt = trace(steps, ros);
    let minover = trace(steps, mo);
    let kappa_max = 0.05;
    let charts = chart::rule_traces(
        &[
            (Algorithm::Rosenblatt, &rosenblatt),
            (Algorithm::Minover, &minover),
        ],
        Some(kappa_max),
        None,
    );
    let (lo, hi) = charts.kappa.panels[0].y.range;
    let lowest = ros(1.0).min(mo(1.0));
    assert!((lowest - -0.9).abs() < 1e-12);
    let span = kappa_max - lowest;
    assert!(
        lo <= lowest && lo >= lowest - 0.1 * span,
        "κ axis from {lo}: below the lowest κ {lowest}, by at most a tenth of {span}"
    );
    assert!(hi > kappa_max, "κ_max {kappa_max} inside ..{hi}");
    let text = svg(&charts.kappa);
    for a in [Algorithm::Rosenblatt, Algorithm::Minover] {
        let drawn = ink(&text, &color(a));
        assert!(
            drawn.len() >= steps,
            "{a}: {} of its {steps} steps drawn",
            drawn.len()
        );
        assert!(drawn
            .iter()
            .all(|&(x, y)| (0.0..=480.0).contains(&x) && (0.0..=220.0).contains(&y)));
    }
}

/// The race's legend says each racing rule's κ at the step shown — the value its κ line ends
/// at — signed to four places, and the exact κ_max beside them.
#[test]
fn the_legend_carries_each_racing_rules_kappa() {
    let minover = trace(200, |t| 0.3 - 0.2 / t);
    let rosenblatt = trace(200, |t| -0.05 + 0.1 * (1.0 - 1.0 / t));
    let charts = chart::rule_traces(
        &[
            (Algorithm::Minover, &minover),
            (Algorithm::Rosenblatt, &rosenblatt),
        ],
        Some(0.3),
        None,
    );
    let text = svg(&charts.kappa);
    // the closed forms at t = 200, written here
    for (a, kappa) in [
        (Algorithm::Minover, 0.3 - 0.2 / 200.0),
        (Algorithm::Rosenblatt, -0.05 + 0.1 * (1.0 - 1.0 / 200.0)),
    ] {
        let entry = format!("{}: κ(w) = +{:.4}", a.info().label, kappa);
        assert!(text.contains(&entry), "the legend has {entry}");
    }
    let said = svg_said(&text);
    assert!(
        said.contains("κ_max = 0.3 (exact)"),
        "κ_max in the legend: {said}"
    );
}

/// M = 2 against M* = 4485: on the logarithmic count axis the updates' line lies well above
/// the axis (at a tenth of the plot's height, not on its floor), and M* is written with its
/// digits.
#[test]
fn updates_stay_readable_against_a_far_larger_bound() {
    let mut rosenblatt = trace(40, |_| 0.1);
    rosenblatt.updates = (1..=40).map(|t| usize::from(t > 1) + 1).collect();
    let charts = chart::rule_traces(
        &[(Algorithm::Rosenblatt, &rosenblatt)],
        Some(0.3),
        Some(4485.27),
    );
    let updates = charts
        .updates
        .expect("Rosenblatt's updates have the convergence theorem");
    let text = svg(&updates);
    assert!(
        text.contains("M* = 4485.27 "),
        "M* written precisely, not rounded down"
    );
    let drawn = ink(&text, &color(Algorithm::Rosenblatt));
    let ys: Vec<f64> = drawn.iter().map(|p| p.1).collect();
    let (top, bottom) = ys
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &y| {
            (a.min(y), b.max(y))
        });
    // a logarithmic axis from 1 to about M* puts M = 1 and M = 2 log 2 / log 4485 ≈ 8 % of the
    // plot's height apart: distinguishable (several line widths), not merged on the floor
    assert!(
        bottom - top > 6.0,
        "M = 1 and M = 2 at different heights ({top}..{bottom})"
    );
    assert!(charts.errors.is_none(), "no pocket rule, no error chart");
}

/// The charts are the same, pixel for pixel, for a trace and the same trace with κ (and
/// κ_max) scaled by 10^±300: every length of the κ axis is the data's own.
#[test]
fn a_scaled_trace_draws_the_same_lines() {
    let base = |s: f64| trace(200, move |t| s * (0.3 - 1.0 / t));
    let drawn = |s: f64| {
        let tr = base(s);
        let charts = chart::rule_traces(&[(Algorithm::Minover, &tr)], Some(0.31 * s), None);
        ink(&svg(&charts.kappa), &color(Algorithm::Minover))
    };
    let one = drawn(1.0);
    assert!(one.len() > 50);
    for s in [1e-300, 1e300] {
        let scaled = drawn(s);
        assert_eq!(scaled.len(), one.len(), "scale {s}");
        for (a, b) in scaled.iter().zip(&one) {
            assert!(
                (a.0 - b.0).abs() <= 1.0 && (a.1 - b.1).abs() <= 1.0,
                "scale {s}: {a:?} vs {b:?}"
            );
        }
    }
}

/// ε_g against the examples added: one marked line per rule, named in a legend.
#[test]
fn the_example_chart_has_a_legend_of_the_rules() {
    let p = [1.0, 2.0, 3.0, 4.0];
    let ros = [0.5, 0.4, 0.3, 0.25];
    let mo = [0.5, 0.35, 0.2, 0.15];
    let chart = chart::example_chart(
        &p,
        &[
            (Algorithm::Rosenblatt, &ros[..]),
            (Algorithm::Minover, &mo[..]),
        ],
    )
    .expect("examples were added");
    let text = svg(&chart);
    for a in [Algorithm::Rosenblatt, Algorithm::Minover] {
        let name = format!("{}: ε_g", a.info().label);
        assert!(svg_said(&text).contains(&name), "legend {name}");
        assert!(ink(&text, &color(a)).len() >= 4);
    }
    assert!(chart::example_chart(&[], &[]).is_none());
}

/// The page's trace charts at its sizes (230 px high, a side panel's width): no tick label
/// overprints an axis's title, and every tick label lies inside the canvas (the last tick's label
/// was cut, "10", and the labels overprinted the titles), on a linear axis of ten steps and a
/// logarithmic one of thousands.
#[test]
fn tick_labels_clear_the_axis_titles_and_the_edges() {
    for steps in [10, 3000] {
        let minover = trace(steps, |t| 0.3 - 1.0 / t);
        let mut rosenblatt = trace(steps, |t| 0.2 - 1.0 / t);
        rosenblatt.updates = (1..=steps).map(|t| t / 2 + 1).collect();
        let charts = chart::rule_traces(
            &[
                (Algorithm::Minover, &minover),
                (Algorithm::Rosenblatt, &rosenblatt),
            ],
            Some(0.31),
            Some(4485.27),
        );
        let updates = charts.updates.expect("Rosenblatt's updates");
        for (which, spec) in [("κ", &charts.kappa), ("updates", &updates)] {
            for w in [300, 420] {
                let h = 230;
                let mut text = String::new();
                {
                    let area = SVGBackend::with_string(&mut text, (w, h)).into_drawing_area();
                    chart::draw_trace(&area, spec, 1.0).unwrap();
                }
                let boxes = svg_text_boxes(&text);
                let ticks: Vec<_> = boxes
                    .iter()
                    .filter(|b| b.text.replace('−', "-").parse::<f64>().is_ok())
                    .collect();
                assert!(ticks.len() > 4, "{which}, {steps} steps: {ticks:?}");
                let descs = std::iter::once(spec.t.desc.as_str())
                    .chain(spec.panels.iter().map(|p| p.y.desc.as_str()));
                for desc in descs {
                    // (whole, or shorter where the plot's side is shorter than it)
                    let forms = chart::trace::desc_forms(desc);
                    let d = boxes
                        .iter()
                        .find(|b| forms.contains(&b.text))
                        .unwrap_or_else(|| panic!("no axis title {desc}"));
                    for t in &ticks {
                        assert!(
                            !t.overlaps(d, 1.0),
                            "{which}, {steps} steps, {w}×{h}: the tick label {t:?} overprints the axis title {d:?}"
                        );
                    }
                }
                for t in &ticks {
                    let (l, top, r, bottom) = t.rect;
                    assert!(
                        l >= 0.0 && r <= f64::from(w) && top >= 0.0 && bottom <= f64::from(h),
                        "{which}, {steps} steps, {w}×{h}: {t:?} outside the canvas"
                    );
                }
            }
        }
    }
}

/// The race's charts at the sizes presenter mode gives them (CSS px, at its type scale): every
/// axis title whole inside the canvas and clear of the tick labels. The updates chart's plot is
/// lower than "updates M (logarithmic)" is long at 1280×720, and the title, centred on the
/// plot, reached past the canvas's top; it is written shorter there ("updates M (log)").
#[test]
fn the_race_charts_axis_titles_lie_inside_their_canvases() {
    let mut rosenblatt = trace(48, |t| -0.1 + 0.18 * (1.0 - 1.0 / t));
    rosenblatt.updates = (1..=48).map(|t| 1 + t / 10).collect();
    let minover = trace(148, |t| 0.16 - 0.3 / t);
    let charts = chart::rule_traces(
        &[
            (Algorithm::Rosenblatt, &rosenblatt),
            (Algorithm::Minover, &minover),
        ],
        Some(0.1599),
        Some(180.299),
    );
    let updates = charts.updates.expect("Rosenblatt's updates");
    // (width, height, scale): 1280×720, 1920×1080 and a phone's reader view
    for (chart, w, h, scale) in [
        (&charts.kappa, 487, 361, 1.5),
        (&updates, 487, 296, 1.5),
        (&charts.kappa, 730, 554, 2.25),
        (&updates, 730, 453, 2.25),
        (&charts.kappa, 375, 460, 1.5),
        (&updates, 375, 340, 1.5),
    ] {
        let mut text = String::new();
        {
            let area = SVGBackend::with_string(&mut text, (w, h)).into_drawing_area();
            chart::draw_trace(&area, chart, scale).unwrap();
        }
        let boxes = svg_text_boxes(&text);
        let forms = |desc: &str| chart::trace::desc_forms(desc);
        let titles: Vec<_> = boxes
            .iter()
            .filter(|b| {
                forms(&chart.t.desc).contains(&b.text)
                    || chart
                        .panels
                        .iter()
                        .any(|p| forms(&p.y.desc).contains(&b.text))
            })
            .collect();
        assert_eq!(titles.len(), 2, "{w}×{h}: both axes titled: {boxes:?}");
        let ticks: Vec<_> = boxes
            .iter()
            .filter(|b| b.text.replace('−', "-").parse::<f64>().is_ok())
            .collect();
        for title in &titles {
            // the box's length at 0.5 em a character, about a sans-serif text's (the box
            // estimates 0.6, the chart library's SVG measure about 0.45; the page measures the
            // drawn text: tests/e2e/presenter-figures.test.mjs)
            let (l, top, r, bottom) = {
                let (l, t, r, b) = title.rect;
                let k = 0.5 / 0.6;
                if b - t > r - l {
                    let (c, half) = (f64::midpoint(t, b), k * (b - t) / 2.0);
                    (l, c - half, r, c + half)
                } else {
                    let (c, half) = (f64::midpoint(l, r), k * (r - l) / 2.0);
                    (c - half, t, c + half, b)
                }
            };
            assert!(
                l >= 0.0 && top >= 0.0 && r <= f64::from(w) && bottom <= f64::from(h),
                "{w}×{h} at {scale}: the axis title {title:?} reaches past the canvas"
            );
            for t in &ticks {
                assert!(
                    !t.overlaps(title, 1.0),
                    "{w}×{h} at {scale}: the tick label {t:?} overprints the axis title {title:?}"
                );
            }
        }
    }
}
