//! The three points `(1, 1e300, +1)`, `(−1, −2, −1)`, `(1e-300, 3, +1)`, whose lengths span 300
//! orders of magnitude, through the CLI, against answers worked out by hand: through the origin,
//! with `w = (cos φ, sin φ)`, the potentials are `E¹ = cos φ + 10³⁰⁰ sin φ`,
//! `E² = cos φ + 2 sin φ`, `E³ = 10⁻³⁰⁰ cos φ + 3 sin φ`; `E²` is at most `√5`, reached at
//! `w = (1, 2)/√5`, where `E³ = 6/√5 > √5` and `E¹` is huge, so `κ_max = √5` there and the set
//! is separable (`w = (0.2, 0.4)` separates it too).

mod common;

use common::cli::{cli, file};
use serde_json::{json, Value};

const SET: &str = "x1,x2,label\n1,1e300,1\n-1,-2,-1\n1e-300,3,1\n";

fn train(algorithm: &str) -> Value {
    let path = file(&format!("three-{algorithm}.csv"), SET);
    serde_json::from_str(&cli(&[
        "train",
        "--algorithm",
        algorithm,
        "--data",
        path.to_str().unwrap(),
    ]))
    .unwrap()
}

/// `w` of a model.
fn weights(model: &Value) -> Vec<f64> {
    let w = model["w"].as_array().unwrap();
    w.iter().map(|v| v.as_f64().unwrap()).collect()
}

#[test]
fn the_exact_optimum_is_the_hand_computed_one() {
    let m = train("exact");
    assert_eq!(m["separable"], true);
    let kappa = m["kappa"].as_f64().unwrap();
    assert!((kappa - 5f64.sqrt()).abs() < 1e-12, "κ_max = {kappa}");
    let w = weights(&m);
    let len = libm::hypot(w[0], w[1]);
    assert!((w[0] / len - 1.0 / 5f64.sqrt()).abs() < 1e-12, "{w:?}");
    assert!((w[1] / len - 2.0 / 5f64.sqrt()).abs() < 1e-12, "{w:?}");
}

/// The rules that take the set separate it (no errors, `κ > 0`) and call it separable.
#[test]
fn the_perceptron_rules_separate_it() {
    for algorithm in ["minover", "rosenblatt", "hebb"] {
        let m = train(algorithm);
        assert_eq!(m["separable"], true, "{algorithm}");
        assert_eq!(m["errors"], 0, "{algorithm}");
        assert!(m["kappa"].as_f64().unwrap() > 0.0, "{algorithm}: {m}");
        // and its w does, by the potentials computed here
        let w = weights(&m);
        let potentials = [
            w[0] + 1e300 * w[1],
            -(-w[0] - 2.0 * w[1]),
            1e-300 * w[0] + 3.0 * w[1],
        ];
        assert!(
            potentials.iter().all(|&e| e > 0.0),
            "{algorithm}: {potentials:?}"
        );
    }
}

/// AdaTron (stepping on `x^μ |ξ^μ|` along unit directions, without squared lengths) trains on
/// the set through the origin to the hand-computed optimum: `κ = √5` within its certified gap of
/// 10⁻³, `w` along `(1, 2)`, converged; its certified bound `κ_max_bound` is not below `√5`.
#[test]
fn adatron_reaches_the_hand_computed_optimum() {
    let m = train("adatron");
    let r5 = 5f64.sqrt();
    assert_eq!(m["converged"], true, "{m}");
    assert_eq!(m["stop"], "gap-reached", "{m}");
    let kappa = m["kappa"].as_f64().unwrap();
    assert!(
        kappa >= r5 * (1.0 - 1e-3) && kappa <= r5 * (1.0 + 1e-12),
        "{m}"
    );
    assert!(
        m["kappa_max_bound"].as_f64().unwrap() >= r5 * (1.0 - 1e-12),
        "{m}"
    );
    let w = weights(&m);
    let len = libm::hypot(w[0], w[1]);
    assert!((w[0] / len - 1.0 / r5).abs() < 0.05, "{w:?}");
    assert!((w[1] / len - 2.0 / r5).abs() < 0.05, "{w:?}");
}

/// Every rule the CLI trains takes the set through the origin (none refuses it): a finite `w`;
/// the gradient rules do not claim convergence (the short points are beyond their steps' reach
/// at any stable η: their stop's text says so on stderr); the soft margin separates it and stops
/// on its KKT conditions; Adaline's reference optimum is the hand-computed least-squares one,
/// cost ½ (`scale_invariance.rs`), and its answer is reported ½ above it.
#[test]
fn every_rule_trains_on_it() {
    let path = file("three-every.csv", SET);
    for algorithm in
        perceptron_lab::train::Algorithm::rules().map(perceptron_lab::train::Algorithm::name)
    {
        let m = train(algorithm);
        let w = weights(&m);
        assert!(w.iter().all(|v| v.is_finite()), "{algorithm}: {m}");
        if algorithm.starts_with("adaline") || algorithm.starts_with("logistic") {
            assert_eq!(m["converged"], false, "{algorithm}: {m}");
            let stop = m["stop"].as_str().unwrap();
            assert!(stop == "limit" || stop == "plateau", "{algorithm}: {m}");
        }
        if algorithm == "soft-margin" {
            assert_eq!(
                (&m["converged"], &m["errors"]),
                (&true.into(), &0.into()),
                "{m}"
            );
        }
    }
    let out = common::cli::run(&[
        "train",
        "--algorithm",
        "adaline",
        "--data",
        path.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("no representable η fits both"), "{stderr}");
    let m = train("adaline");
    let o = &m["optimum"];
    assert_eq!(o["kind"], "at", "{m}");
    assert!((o["cost"].as_f64().unwrap() - 0.5).abs() < 1e-12, "{m}");
    assert!((o["costGap"].as_f64().unwrap() - 0.5).abs() < 1e-9, "{m}");
}

/// With a threshold AdaTron's and the soft margin's pair steps are taken on unit directions
/// (`adatron/pair.rs`), where the strengths of the short points would be `10⁶⁰⁰`: AdaTron reaches
/// the closed form of `scale_invariance.rs` — `κ_max = √26/2`, `w ∥ (1, 5)`, `θ/|w| = 2/√26` —
/// and stops at its certified gap; the soft margin (γ = 1, all three given up or at the margin)
/// stops on its KKT conditions at the cost of the exact QP's optimum (`optimum::soft_margin`).
#[test]
fn the_pair_steps_reach_the_optimum_with_a_threshold() {
    let path = file("three-threshold.csv", SET);
    let train = |algorithm: &str| -> Value {
        let args = [
            "train",
            "--algorithm",
            algorithm,
            "--data",
            path.to_str().unwrap(),
            "--threshold",
        ];
        serde_json::from_str(&cli(&args)).unwrap()
    };
    let m = train("adatron");
    assert_eq!(
        (&m["converged"], &m["stop"]),
        (&json!(true), &json!("gap-reached")),
        "{m}"
    );
    let kappa = m["kappa"].as_f64().unwrap();
    let exact = 26f64.sqrt() / 2.0;
    assert!(
        kappa <= exact * (1.0 + 1e-12) && kappa >= exact * (1.0 - 1e-3),
        "{m}"
    );
    let w: Vec<f64> = m["w"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    let norm = libm::hypot(w[0], w[1]);
    assert!((w[1] / w[0] - 5.0).abs() < 1e-3, "{m}");
    let theta = m["theta"].as_f64().unwrap() / norm;
    assert!((theta - 2.0 / 26f64.sqrt()).abs() < 1e-3, "{m}");
    let m = train("soft-margin");
    assert_eq!(
        (&m["converged"], &m["stop"]),
        (&json!(true), &json!("kkt")),
        "{m}"
    );
    assert!(m["optimum"]["costGap"].as_f64().unwrap() <= 1e-6, "{m}");
}

/// `count` through the origin: the three points span three distinct lines through the origin
/// (cross products `1·3 − 10³⁰⁰·10⁻³⁰⁰ = 2`, about `10³⁰⁰` and about `−3`, computed here), so
/// the count is Cover's `C(3, 2) = 2(1 + 2) = 6`, in general position, at scale 1 and times
/// 10⁻³⁰⁰ (where `10⁻⁶⁰⁰` is written as 0, the nearest finite value).
#[test]
fn the_count_through_the_origin_is_covers() {
    let scaled = "x1,x2,label\n1e-300,1,1\n-1e-300,-2e-300,-1\n0,3e-300,1\n";
    for (name, set) in [("three-count.csv", SET), ("three-count-small.csv", scaled)] {
        let path = file(name, set);
        let c: Value =
            serde_json::from_str(&cli(&["count", "--data", path.to_str().unwrap()])).unwrap();
        assert_eq!(c["separable"], 6.0, "{name}: {c}");
        assert_eq!(c["cover"], 6.0, "{name}: {c}");
        assert_eq!(c["general_position"], true, "{name}: {c}");
        assert_eq!(c["degeneracies"], serde_json::json!([]), "{name}: {c}");
    }
}

/// Pocket's answer on the set (its `w` is tiny, about `10⁻³⁰⁰`): the errors and `κ` it reports
/// are those of its own `w`, computed here with `w` divided by its largest component (the
/// products `10⁻³⁰⁰ · 10⁻³⁰⁰` would underflow): `κ = min_μ (ŵ·ξ^μ) S^μ / |ŵ|`. It used to report
/// 2 errors and `κ = null` for a `w` that separates the set.
#[test]
fn pocket_reports_the_errors_and_kappa_of_its_w() {
    let m = train("pocket");
    let w = weights(&m);
    let top = w[0].abs().max(w[1].abs());
    let u = [w[0] / top, w[1] / top];
    let points = [
        ([1.0, 1e300], 1.0),
        ([-1.0, -2.0], -1.0),
        ([1e-300, 3.0], 1.0),
    ];
    let stabilities: Vec<f64> = points
        .iter()
        .map(|(x, s)| (u[0] * x[0] + u[1] * x[1]) * s / libm::hypot(u[0], u[1]))
        .collect();
    let errors = stabilities.iter().filter(|&&k| k <= 0.0).count();
    assert_eq!(errors, 0, "{m}: {stabilities:?}");
    assert_eq!(m["errors"], errors, "{m}");
    let kappa = stabilities.iter().copied().fold(f64::INFINITY, f64::min);
    let reported = m["kappa"].as_f64().unwrap_or(f64::NAN);
    assert!(
        (reported - kappa).abs() <= 1e-12 * kappa,
        "{reported} vs {kappa}"
    );
    assert_eq!(m["stop"], "no-errors", "{m}");
    assert_eq!(m["converged"], true, "{m}");
}
