//! Scale invariance of the binary: `train` with every algorithm, `count` and
//! `predict` give the same separability, counts, `κ` (times the factor), directions `w/|w|`,
//! stops and outputs for a data file and the same file times `10^±300` (`curve` and `trace`
//! take no data file). The rules compared with scale 1 are those scale invariant by design
//! (`estimator_checks_invariance.rs`); every rule gives finite weights at every scale.

mod common;

use common::cli::{cli, cli_refuses, data_file as csv, file};
use common::{dot, norm, teacher_data};
use serde_json::Value;

/// The scales compared with 1.
const SCALES: [f64; 2] = [1e-300, 1e300];

/// `w` of a model as numbers.
fn weights(model: &Value) -> Vec<f64> {
    model["w"]
        .as_array()
        .map(|w| w.iter().map(|v| v.as_f64().unwrap()).collect())
        .unwrap_or_default()
}

/// Whether the rule is scale invariant by design with or without a threshold.
fn invariant(algo: &str, threshold: bool) -> bool {
    match algo {
        "soft-margin" | "perceptron-notes" | "gibbs" | "bayes" => false,
        "minover" | "adatron" | "exact" => true,
        _ => !threshold,
    }
}

#[test]
fn train_count_and_predict_at_every_scale() {
    let data = teacher_data(4, 3, 10, 0.0);
    let algorithms: Vec<String> = perceptron_lab::catalogue::Algorithm::ALL
        .iter()
        .map(|a| a.name().to_string())
        .collect();
    let one = csv(&data, 1.0, "one.csv");
    let one = one.to_str().unwrap();
    for (s, c) in SCALES.into_iter().enumerate() {
        let far = csv(&data, c, &format!("far{s}.csv"));
        let far = far.to_str().unwrap();
        for threshold in [false, true] {
            let t: &[&str] = if threshold { &["--threshold"] } else { &[] };
            let count = |path: &str| {
                let v: Value =
                    serde_json::from_str(&cli(&[&["count", "--data", path], t].concat())).unwrap();
                (
                    v["separable"].clone(),
                    v["general_position"].clone(),
                    v["degeneracies"].clone(),
                )
            };
            assert_eq!(
                count(far),
                count(one),
                "count at {c:e}, threshold {threshold}"
            );
            for algo in &algorithms {
                let what = format!("{algo} at {c:e}, threshold {threshold}");
                let train = |path: &str| -> Value {
                    // an epoch limit for the rules (`exact`, no rule, refuses one)
                    let epochs: &[&str] = if *algo == "exact" {
                        &[]
                    } else {
                        &["--epochs", "50"]
                    };
                    let args =
                        [&["train", "--algorithm", algo, "--data", path], epochs, t].concat();
                    serde_json::from_str(&cli(&args)).unwrap()
                };
                let (a, b) = (train(one), train(far));
                assert_eq!(a["separable"], b["separable"], "{what}");
                let w = weights(&b);
                assert!(
                    w.iter().all(|v| v.is_finite()) && !w.is_empty(),
                    "{what}: {b}"
                );
                if !invariant(algo, threshold) {
                    continue;
                }
                assert_eq!(
                    (&a["stop"], &a["converged"], &a["errors"]),
                    (&b["stop"], &b["converged"], &b["errors"]),
                    "{what}"
                );
                // MinOver and AdaTron stop at the certified gap 10⁻³: rounding, which the scaling
                // changes, picks among near-equal examples
                let tol = if matches!(algo.as_str(), "minover" | "adatron") {
                    1e-2
                } else {
                    1e-9
                };
                let wa = weights(&a);
                let cos = dot(&wa, &w) / (norm(&wa) * norm(&w));
                assert!(cos > 1.0 - tol, "{what}: {a} {b}");
                let (ka, kb) = (
                    a["kappa"].as_f64().unwrap(),
                    b["kappa"].as_f64().unwrap() / c,
                );
                assert!((ka - kb).abs() <= tol * ka.abs(), "{what}: κ {ka} {kb}");
                // the model predicts the file's own inputs alike
                let model = |m: &Value, name: &str| file(name, &m.to_string());
                let (ma, mb) = (model(&a, "a.json"), model(&b, &format!("b{s}.json")));
                let predict = |m: &std::path::Path, path: &str| {
                    cli(&["predict", "--model", m.to_str().unwrap(), "--data", path])
                };
                assert_eq!(predict(&ma, one), predict(&mb, far), "{what}");
            }
        }
    }
}

/// The three points `(1, 1e300, +1)`, `(−1, −2, −1)`, `(1e-300, 3, +1)` (`scale_invariance.rs`
/// derives their answers): `train` finds them separable with the exact `κ_max = √5` through the
/// origin and `√26/2` with a threshold; the
/// rules that use `w·ξ` alone train, with that test's `separable`, a `κ` below it and truthful
/// stops (MinOver, whose steps `ξ/N` mix the two scales, does not claim the optimum); AdaTron and
/// the soft margin step along unit directions without squared lengths, through the origin and
/// with a threshold (the pair steps, `adatron/pair.rs`): AdaTron reaches `κ_max` within its gap
/// tolerance, the soft margin its own optimum (the independent QP's cost); the gradient rules
/// train to a finite `w` without claiming convergence (no representable `η` fits both scales);
/// `count` counts 4 of 8 labellings through the origin and refuses the threshold count by name, in
/// 2-D and in 3-D (which panicked); times `10^300` a coordinate is ∞ and the file is refused
/// naming it.
#[test]
fn a_file_spanning_beyond_the_range_is_answered_where_its_geometry_allows() {
    let three = file(
        "three.csv",
        "x1,x2,label\n1,1e300,1\n-1,-2,-1\n1e-300,3,1\n",
    );
    let three = three.to_str().unwrap();
    let train = |algo: &str, threshold: bool| -> Value {
        let mut args = vec!["train", "--algorithm", algo, "--data", three];
        if threshold {
            args.push("--threshold");
        }
        serde_json::from_str(&cli(&args)).unwrap()
    };
    for (threshold, kappa) in [(false, 5f64.sqrt()), (true, 26f64.sqrt() / 2.0)] {
        let m = train("exact", threshold);
        assert_eq!(m["separable"], true, "{m}");
        assert!(
            (m["kappa"].as_f64().unwrap() / kappa - 1.0).abs() < 1e-12,
            "{m}"
        );
        for algo in ["rosenblatt", "minover", "hebb", "pocket"] {
            let m = train(algo, threshold);
            assert_eq!(m["separable"], true, "{algo}: {m}");
            // κ(w) of a stuck pocket is undefined (null); where defined it is at most κ_max
            let kappa_rule = m["kappa"].as_f64().unwrap_or(f64::NAN);
            assert!(!(kappa_rule > kappa * (1.0 + 1e-12)), "{algo}: {m}");
            if m["converged"] == true && algo == "minover" {
                assert!(
                    (kappa_rule / kappa - 1.0).abs() < 1e-2,
                    "{algo} claims: {m}"
                );
            }
        }
        for algo in [
            "adatron",
            "soft-margin",
            "adaline",
            "adaline-batch",
            "logistic",
        ] {
            let mut args = vec!["train", "--algorithm", algo, "--data", three];
            if threshold {
                args.push("--threshold");
            }
            let m = train(algo, threshold);
            assert!(
                weights(&m).iter().all(|v| v.is_finite()),
                "{algo} {threshold}: {m}"
            );
            match algo {
                "adatron" => {
                    // converged at the certified gap 10⁻³ to the exact κ_max
                    assert_eq!(m["converged"], true, "{threshold}: {m}");
                    let k = m["kappa"].as_f64().unwrap();
                    assert!(
                        k <= kappa * (1.0 + 1e-12) && k >= kappa * (1.0 - 1e-3),
                        "{m}"
                    );
                }
                "soft-margin" => {
                    assert_eq!(m["converged"], true, "{threshold}: {m}");
                    let gap = m["optimum"]["costGap"].as_f64().unwrap();
                    assert!(gap <= 1e-6, "{threshold}: {m}");
                }
                _ => assert_eq!(m["converged"], false, "{algo} {threshold}: {m}"),
            }
        }
    }
    let count: Value = serde_json::from_str(&cli(&["count", "--data", three])).unwrap();
    assert_eq!(
        (count["separable"].as_f64(), count["total"].as_f64()),
        (Some(6.0), Some(8.0))
    );
    // three distinct lines through the origin (cross products 2, about 10³⁰⁰ and about −3):
    // Cover's C(3, 2) = 6 (it used to see two lines and count 4)
    assert_eq!(count["cover"].as_f64(), Some(6.0), "{count}");
    let message = "the set spans more than the floating-point range allows";
    cli_refuses(&["count", "--data", three, "--threshold"], message);
    let three_d = file(
        "three-d.csv",
        "x1,x2,x3,label\n1,1e300,0,1\n-1,-2,1,-1\n1e-300,3,2,1\n1,1,1,-1\n",
    );
    let three_d = three_d.to_str().unwrap();
    let count: Value = serde_json::from_str(&cli(&["count", "--data", three_d])).unwrap();
    assert_eq!(count["total"].as_f64(), Some(16.0), "{count}");
    cli_refuses(&["count", "--data", three_d, "--threshold"], message);
    let inf = file("inf.csv", "x1,x2,label\n1e300,1e600,1\n-1e300,-2e300,-1\n");
    cli_refuses(&["count", "--data", inf.to_str().unwrap()], "inf");
}
