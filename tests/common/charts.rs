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

/// The texts of an SVG read back as the charts write them: a label's sub- and superscripts (each
/// a `<text>` of its own at its line's size, raised by 0.38 or lowered by 0.22 of it:
/// `src/chart/rich.rs`) written with carets again and joined to their line (`κ_max = 0.3`),
/// other texts joined by spaces, in the order drawn. (A script is told from the next row of a
/// legend or the next tick by its offset: under half the text's size.)
pub fn svg_said(svg: &str) -> String {
    let attr = |t: &str, name: &str| -> f64 {
        let at = t.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
        t[at..at + t[at..].find('"').unwrap()].parse().unwrap()
    };
    let mut said = String::new();
    // the last line piece's y, and whether the last piece was a script
    let mut line_y: Option<f64> = None;
    let mut after_script = false;
    for t in svg.split("<text").skip(1) {
        let head = &t[..t.find('>').unwrap()];
        let body = &t[t.find('>').unwrap() + 1..];
        // the backend writes the text on a line of its own
        let text = &body[..body.find("</text>").unwrap()];
        let text = text.strip_prefix('\n').unwrap_or(text);
        let text = text.strip_suffix('\n').unwrap_or(text);
        // plotters' SVG backend writes the font size divided by 1.24
        let (size, y) = (1.24 * attr(head, "font-size"), attr(head, "y"));
        let rotated = head.contains("transform=");
        let offset = line_y.map(|l| y - l).filter(|d| !rotated && *d != 0.0);
        if let Some(d) = offset.filter(|d| d.abs() < 0.5 * size) {
            said.push(if d < 0.0 { '^' } else { '_' });
            if text.chars().all(|c| c.is_ascii_alphanumeric()) {
                said.push_str(text);
            } else {
                said.push('{');
                said.push_str(text);
                said.push('}');
            }
            after_script = true;
            continue;
        }
        if !said.is_empty() && !after_script {
            said.push(' ');
        }
        said.push_str(text);
        line_y = Some(y);
        after_script = false;
    }
    said
}

/// The box a text of an SVG covers, estimated from its attributes at the size the page's canvas
/// draws it (plotters' SVG backend writes the font size divided by 1.24, the canvas backend the
/// size itself): each character `0.6` of that size wide (a sans-serif digit is about `0.55 em`),
/// one size high, placed by its `text-anchor` and `dy` as the SVG backend writes them, turned by
/// its `rotate(270, x, y)`.
#[derive(Debug, Clone, PartialEq)]
pub struct TextBox {
    /// The text.
    pub text: String,
    /// Left, top, right, bottom.
    pub rect: (f64, f64, f64, f64),
}

impl TextBox {
    /// Whether the two boxes overlap by more than `slack` pixels each way.
    pub fn overlaps(&self, other: &TextBox, slack: f64) -> bool {
        let (a, b) = (self.rect, other.rect);
        a.0 + slack < b.2 && b.0 + slack < a.2 && a.1 + slack < b.3 && b.1 + slack < a.3
    }
}

/// Each `<text>` element of an SVG as a [`TextBox`].
pub fn svg_text_boxes(svg: &str) -> Vec<TextBox> {
    let attr = |t: &str, name: &str| -> Option<String> {
        let at = t.find(&format!(" {name}=\""))? + name.len() + 3;
        Some(t[at..at + t[at..].find('"')?].to_string())
    };
    svg.split("<text")
        .skip(1)
        .map(|t| {
            let head = &t[..t.find('>').unwrap()];
            let body = &t[t.find('>').unwrap() + 1..];
            let text = body[..body.find("</text>").unwrap()].trim().to_string();
            let number = |name| attr(head, name).unwrap().parse::<f64>().unwrap();
            let (x, y, size) = (number("x"), number("y"), 1.24 * number("font-size"));
            let width = 0.6 * size * text.chars().count() as f64;
            let (left, right) = match attr(head, "text-anchor").as_deref() {
                Some("middle") => (-width / 2.0, width / 2.0),
                Some("end") => (-width, 0.0),
                _ => (0.0, width),
            };
            let (top, bottom) = match attr(head, "dy").as_deref() {
                Some("0.5ex") => (-size / 2.0, size / 2.0),
                Some("-0.5ex") => (-size, 0.0),
                _ => (0.0, size),
            };
            let rect = if attr(head, "transform").is_some_and(|r| r.starts_with("rotate(270")) {
                // (dx, dy) ↦ (dy, −dx)
                (x + top, y - right, x + bottom, y - left)
            } else {
                (x + left, y + top, x + right, y + bottom)
            };
            TextBox { text, rect }
        })
        .collect()
}
