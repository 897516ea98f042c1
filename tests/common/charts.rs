//! Helpers of the chart suites (`tests/charts_*.rs`): the sweep parameters they start from and
//! the texts of a chart drawn as SVG.

use perceptron_lab::catalogue::Algorithm;
use perceptron_lab::experiment::{CurveParams, Labels, StopRule};

/// A small sweep (`N = 10`, three `α`, four sets each, 20 epochs) of `algorithms` with `labels`.
pub fn params(labels: Labels, algorithms: &[Algorithm]) -> CurveParams {
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

/// Each `<text>` element of an SVG: its text and its `x`, `y`.
pub fn svg_placed_texts(svg: &str) -> Vec<(String, f64, f64)> {
    let attr = |t: &str, name: &str| -> f64 {
        let at = t.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
        t[at..at + t[at..].find('"').unwrap()].parse().unwrap()
    };
    svg.split("<text")
        .skip(1)
        .map(|t| {
            let body = &t[t.find('>').unwrap() + 1..];
            let text = body[..body.find("</text>").unwrap()].trim().to_string();
            (text, attr(t, "x"), attr(t, "y"))
        })
        .collect()
}
