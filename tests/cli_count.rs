//! `perceptron-lab count` through the binary: its count of the separable labellings of a CSV
//! file's inputs against a brute force done here (every labelling tested with the exact
//! separability test), for `N = 2…5`, through the origin and with a threshold; Cover's count
//! computed here; the JSON keys; the sampled estimate within its standard error.

mod common;

use common::cli::{cli, cli_refuses, file, header_only_message, run};
use perceptron_lab::data::Dataset;
use perceptron_lab::exact::max_stability;
use perceptron_lab::rng::{gaussian, rng_from_seed};
use perceptron_lab::train::Mode;
use perceptron_lab::Error;
use rand::Rng as _;
use std::fmt::Write as _;

/// The CSV text of `p` rows of `n` inputs (labels alternating 1, 0).
fn csv_text(xs: &[f64], n: usize) -> String {
    let header: Vec<String> = (1..=n).map(|i| format!("x{i}")).collect();
    let mut text = format!("{},label\n", header.join(","));
    for (mu, row) in xs.chunks(n).enumerate() {
        let row: Vec<String> = row.iter().map(f64::to_string).collect();
        writeln!(text, "{},{}", row.join(","), (mu + 1) % 2).unwrap();
    }
    text
}

/// Every labelling of the inputs `xs` (`n` per row) tested with `exact::max_stability`.
fn brute_force(xs: &[f64], n: usize, mode: Mode) -> u64 {
    let p = xs.len() / n;
    (0..1u64 << p)
        .filter(|m| {
            let labels: Vec<f64> = (0..p)
                .map(|mu| if m >> mu & 1 == 1 { -1.0 } else { 1.0 })
                .collect();
            let d = Dataset::from_row_major(xs.to_vec(), n, labels).unwrap();
            match max_stability(&d, mode) {
                Ok(e) => e.separable,
                Err(Error::OneClass { .. }) => true,
                Err(e) => panic!("{e}"),
            }
        })
        .count() as u64
}

/// Runs `count` on the inputs `xs` and parses its JSON.
fn count(xs: &[f64], n: usize, threshold: bool, extra: &[&str]) -> (String, serde_json::Value) {
    let path = file(
        &format!("points-{n}-{}-{threshold}.csv", xs.len()),
        &csv_text(xs, n),
    );
    let mut args = vec!["count", "--data", path.to_str().unwrap()];
    if threshold {
        args.push("--threshold");
    }
    args.extend(extra);
    let out = cli(&args);
    let json = serde_json::from_str(&out).unwrap();
    (out, json)
}

#[test]
fn count_matches_brute_force_for_n_2_to_5() {
    let mut rng = rng_from_seed(31);
    for n in 2..=5 {
        // Gaussian inputs (general position), and small integers (coinciding, collinear,
        // coplanar points, points at the origin)
        for (kind, p) in [("gaussian", 9), ("integer", 8)] {
            let xs: Vec<f64> = (0..p * n)
                .map(|_| {
                    if kind == "gaussian" {
                        gaussian(&mut rng)
                    } else {
                        f64::from(rng.random_range(-1..=1))
                    }
                })
                .collect();
            for threshold in [false, true] {
                let mode = Mode::from_threshold(threshold);
                let (text, json) = count(&xs, n, threshold, &[]);
                let expected = brute_force(&xs, n, mode);
                let n_cover = if threshold { n + 1 } else { n };
                let c = common::cover(p as u64, n_cover as u64);
                let what = format!("N = {n}, {kind}, threshold {threshold}: {text}");
                assert_eq!(json["separable"].as_u64(), Some(expected), "{what}");
                assert_eq!(json["total"].as_u64(), Some(1 << p), "{what}");
                assert_eq!(json["cover"].as_u64(), Some(c), "{what}");
                assert_eq!(json["general_position"], expected == c, "{what}");
                if kind == "gaussian" {
                    assert_eq!(expected, c, "{what}");
                }
                let method = if n == 2 { "geometric" } else { "exhaustive" };
                assert_eq!(json["method"], method, "{what}");
                assert_eq!(json["std_error"], serde_json::Value::Null);
                // the keys docs/cli.md lists first, in its order
                let at = |key: &str| text.find(&format!("\"{key}\"")).unwrap();
                let keys = ["separable", "total", "cover", "general_position", "method"];
                assert!(keys.windows(2).all(|k| at(k[0]) < at(k[1])), "{text}");
            }
        }
    }
}

#[test]
fn degeneracies_are_named() {
    // (1,1), (2,2), (−1.5,−1.5) and (0,1): three points on a line through the origin
    let xs = [1.0, 1.0, 2.0, 2.0, -1.5, -1.5, 0.0, 1.0];
    let (_, json) = count(&xs, 2, false, &[]);
    assert_eq!(json["separable"], 4);
    assert_eq!(json["general_position"], false);
    assert_eq!(
        json["degeneracies"],
        serde_json::json!([{"kind": "collinear-with-origin", "points": [0, 1, 2]}])
    );
    let (_, json) = count(&xs, 2, true, &[]);
    assert_eq!(
        json["separable"].as_u64(),
        Some(brute_force(&xs, 2, Mode::Threshold))
    );
    assert_eq!(
        json["degeneracies"],
        serde_json::json!([{"kind": "collinear", "points": [0, 1, 2]}])
    );
}

#[test]
fn sampled_estimate_within_its_error() {
    // P = 22 Gaussian points in 5-D with a threshold: 2^22 labellings, too many to test; in
    // general position the count is C(22, 6)
    let mut rng = rng_from_seed(5);
    let xs: Vec<f64> = (0..22 * 5).map(|_| gaussian(&mut rng)).collect();
    let (_, json) = count(&xs, 5, true, &["--samples", "3000", "--seed", "2"]);
    assert_eq!(json["method"], "sampled");
    assert_eq!(json["total"].as_u64(), Some(1 << 22));
    let c = common::cover(22, 6) as f64;
    assert_eq!(json["cover"].as_f64(), Some(c));
    let estimate = json["separable"].as_f64().unwrap();
    let se = json["std_error"].as_f64().unwrap();
    assert!(se > 0.0);
    assert!((estimate - c).abs() <= 4.0 * se, "{estimate} ± {se} vs {c}");
    assert_eq!(json["general_position"], true);
}

#[test]
fn bad_input_is_reported() {
    let out = run(&["count", "--data", "/nonexistent/points.csv"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read"));
    let path = file("bad.csv", "x1,x2,label\n1,2,1\n3,oops,0\n");
    let out = run(&["count", "--data", path.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 3"));
    // a header and no rows: refused, naming the file, as the page refuses it (it used to count
    // the one labelling of the empty set)
    let path = file("empty.csv", "x1,x2,label\n");
    cli_refuses(
        &["count", "--data", path.to_str().unwrap()],
        &header_only_message(&path),
    );
}
