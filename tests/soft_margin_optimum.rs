//! The soft margin's own optimum (`perceptron_lab::optimum::soft_margin`) against independent
//! references: the test's QP solver (`tests/common/qp.rs`, projected gradient on the dual,
//! certified by its duality gap) for several `γ` on random 2-D and N-D sets, with and without a
//! threshold; the closed forms at the two ends of `γ` (large: the hard margin's exact optimum,
//! scaled to `min_μ E^μ = 1`; tiny, through the origin: every example inside the margin, so
//! `w = γ Σ_μ S^μ ξ^μ`); the soft-margin rule's answer within its KKT tolerance of it; the scene
//! reporting it.

mod common;

use common::qp::{soft_margin_cost, soft_margin_qp};
use common::{norm, shifted, teacher_data, training::exact};
use perceptron_lab::catalogue::Algorithm;
use perceptron_lab::data::Dataset;
use perceptron_lab::measure::Perceptron;
use perceptron_lab::optimum::{optimum, Optimum};
use perceptron_lab::scene::{Settings, Settling};
use perceptron_lab::train::objective::Objective;
use perceptron_lab::train::{self, Config, Mode};

const MODES: [Mode; 2] = [Mode::Homogeneous, Mode::Threshold];

/// The set in `mode`: shifted off the origin for the threshold.
fn in_mode(data: &Dataset, mode: Mode) -> Dataset {
    if mode == Mode::Threshold {
        shifted(data, 0.4)
    } else {
        data.clone()
    }
}

fn at(o: &Optimum) -> (&Perceptron, f64) {
    let Optimum::At { perceptron, cost } = o else {
        panic!("no optimum: {o:?}")
    };
    (perceptron, *cost)
}

fn distance(a: &[f64], b: &[f64]) -> f64 {
    norm(&a.iter().zip(b).map(|(x, y)| x - y).collect::<Vec<_>>())
}

/// For several `γ` on noisy 2-D and N-D sets, with and without a threshold: the crate's optimum
/// has the independent QP's cost to a relative `10⁻⁹` and its `w` (unique: the cost is strictly
/// convex in `w`) to `10⁻⁶`; its reported cost is the test's own evaluation of its `(w, θ)`.
#[test]
fn matches_an_independent_qp_solution() {
    for (seed, n, p) in [(11, 2, 50), (12, 2, 30), (13, 6, 40)] {
        let base = teacher_data(seed, n, p, 0.2);
        for mode in MODES {
            let data = in_mode(&base, mode);
            for gamma in [0.05, 0.5, 5.0] {
                let what = format!("seed {seed}, N = {n}, {mode:?}, γ = {gamma}");
                let qp = soft_margin_qp(&data, gamma, mode == Mode::Threshold);
                assert!(
                    qp.primal - qp.dual <= 1e-9 * qp.primal,
                    "{what}: QP not certified"
                );
                let found = optimum(Objective::Hinge { gamma }, &data, mode, false);
                let (p, cost) = at(&found);
                let own = soft_margin_cost(&data, &p.w, p.theta, gamma);
                assert!((cost - own).abs() <= 1e-12 * own, "{what}: {cost} vs {own}");
                assert!(
                    (cost - qp.primal).abs() <= 1e-9 * qp.primal,
                    "{what}: {cost} vs QP {}",
                    qp.primal
                );
                assert!(
                    distance(&p.w, &qp.w) <= 1e-6 * norm(&qp.w).max(1e-300),
                    "{what}: w {:?} vs QP {:?}",
                    p.w,
                    qp.w
                );
            }
        }
    }
}

/// On separable sets, with `γ` above every hard-margin embedding strength, the box does not bind:
/// the optimum is the exact maximal-stability perceptron scaled to `min_μ E^μ = 1`,
/// `(w, θ) = (w*, θ*)/κ_max` with `|w*| = 1`, to a relative `10⁻⁹`.
#[test]
fn large_gamma_is_the_hard_margin() {
    for (seed, n, p) in [(21, 2, 40), (22, 5, 60)] {
        let base = teacher_data(seed, n, p, 0.0);
        for mode in MODES {
            let data = in_mode(&base, mode);
            let hard = exact(&data, mode);
            let best = hard.perceptron.as_ref().expect("separable");
            let gamma = 2.0 * hard.embedding.iter().fold(1.0_f64, |m, x| m.max(*x));
            let found = optimum(Objective::Hinge { gamma }, &data, mode, true);
            let (p, cost) = at(&found);
            let w: Vec<f64> = best.w.iter().map(|x| x / hard.kappa).collect();
            let what = format!("seed {seed}, N = {n}, {mode:?}");
            assert!(
                distance(&p.w, &w) <= 1e-9 * norm(&w),
                "{what}: {:?} vs {w:?}",
                p.w
            );
            let theta = best.theta / hard.kappa;
            assert!(
                (p.theta - theta).abs() <= 1e-9 * norm(&w),
                "{what}: θ {} vs {theta}",
                p.theta
            );
            let half = 0.5 / (hard.kappa * hard.kappa);
            assert!(
                (cost - half).abs() <= 1e-9 * half,
                "{what}: {cost} vs |w|²/2 = {half}"
            );
        }
    }
}

/// Through the origin with `γ < 1 / (|Σ_ν S^ν ξ^ν| max_μ |ξ^μ|)` every example is inside the
/// margin (`E^μ ≤ γ |Σ S ξ| |ξ^μ| < 1`), all strengths are `γ` and `w = γ Σ_μ S^μ ξ^μ`.
#[test]
fn tiny_gamma_is_the_scaled_hebb_vector() {
    for (seed, n, p) in [(31, 2, 30), (32, 7, 50)] {
        let data = teacher_data(seed, n, p, 0.1);
        let mut hebb = vec![0.0; n];
        for mu in 0..data.len() {
            for (h, x) in hebb.iter_mut().zip(data.x(mu)) {
                *h += data.y(mu) * x;
            }
        }
        let largest = (0..data.len())
            .map(|mu| norm(data.x(mu)))
            .fold(0.0, f64::max);
        let gamma = 0.5 / (norm(&hebb) * largest);
        let found = optimum(Objective::Hinge { gamma }, &data, Mode::Homogeneous, false);
        let (p, _) = at(&found);
        let w: Vec<f64> = hebb.iter().map(|h| gamma * h).collect();
        assert!(
            distance(&p.w, &w) <= 1e-12 * norm(&w),
            "seed {seed}: {:?} vs {w:?}",
            p.w
        );
    }
}

/// The soft-margin rule, stopped on its KKT conditions (to `10⁻⁶`), is within that tolerance of
/// the optimum: a cost gap of at most `10⁻⁵` of the optimal cost, never below it beyond rounding.
#[test]
fn the_rule_reaches_its_optimum() {
    for (seed, n, p) in [(41, 2, 60), (42, 5, 50)] {
        let base = teacher_data(seed, n, p, 0.15);
        for mode in MODES {
            let data = in_mode(&base, mode);
            for gamma in [0.1, 1.0, 10.0] {
                let what = format!("seed {seed}, N = {n}, {mode:?}, γ = {gamma}");
                let config = Config {
                    gamma,
                    max_epochs: Some(1e6),
                    ..Config::default()
                };
                let fit = train::build(Algorithm::SoftMargin, &data, mode, &config)
                    .unwrap()
                    .run();
                assert!(fit.converged, "{what}");
                let objective = Objective::Hinge { gamma };
                let found = optimum(objective, &data, mode, false);
                let (_, cost) = at(&found);
                let gap = found
                    .distance(objective, &fit.perceptron, &data, mode)
                    .unwrap()
                    .cost_gap;
                assert!(
                    gap >= -1e-12 * cost && gap <= 1e-5 * cost,
                    "{what}: gap {gap}"
                );
            }
        }
    }
}

/// The scene reports the soft margin against its optimum at the settings' `γ`.
#[test]
fn the_scene_reports_the_soft_margin_against_its_optimum() {
    let data = teacher_data(51, 2, 40, 0.2);
    for gamma in [0.3, 3.0] {
        let mut settings = Settings {
            algorithms: vec![Algorithm::SoftMargin],
            ..Settings::default()
        };
        settings.run.gamma = gamma;
        let mut s = Settling::new(&data, &settings).unwrap();
        while !s.advance(|| false) {}
        let scene = s.scene();
        let view = scene
            .algorithms
            .iter()
            .find(|v| v.name == Algorithm::SoftMargin)
            .unwrap();
        let o = view.optimum.as_ref().expect("the soft margin's optimum");
        assert_eq!(o.kind, "at");
        let qp = soft_margin_qp(&data, gamma, false);
        assert!(
            (o.cost.unwrap() - qp.primal).abs() <= 1e-9 * qp.primal,
            "γ = {gamma}"
        );
        let gap = o.cost_gap.unwrap();
        assert!(
            gap >= -1e-12 * qp.primal && gap <= 1e-5 * qp.primal,
            "γ = {gamma}: {gap}"
        );
    }
}

/// Degenerate sets still get the certified optimum: every point doubled (twice as many on the
/// margin as determine it), and with a threshold a tiny `γ` on balanced classes, where `θ` is not
/// unique; the cost is the independent QP's. And a large 2-D set (`P = 10 000`) gets one.
#[test]
fn degenerate_and_large_sets() {
    let base = teacher_data(61, 2, 20, 0.2);
    let doubled: Vec<f64> = base
        .features()
        .iter()
        .chain(base.features())
        .copied()
        .collect();
    let labels: Vec<f64> = base.labels().iter().chain(base.labels()).copied().collect();
    let doubled = common::dataset(&doubled, 2, &labels);
    let balanced = common::dataset(
        &[1.0, 0.2, -0.5, 1.0, 0.3, -0.8, -1.0, 0.1],
        2,
        &[1.0, 1.0, -1.0, -1.0],
    );
    for (data, gamma) in [(&doubled, 1.0), (&doubled, 20.0), (&balanced, 1e-3)] {
        for mode in MODES {
            let data = in_mode(data, mode);
            let qp = soft_margin_qp(&data, gamma, mode == Mode::Threshold);
            let (_, cost) = at(&optimum(Objective::Hinge { gamma }, &data, mode, false));
            assert!(
                (cost - qp.primal).abs() <= 1e-9 * qp.primal,
                "{mode:?}, γ = {gamma}: {cost} vs {}",
                qp.primal
            );
        }
    }
    let large = teacher_data(62, 2, 10_000, 0.1);
    for mode in MODES {
        let found = optimum(
            Objective::Hinge { gamma: 1.0 },
            &in_mode(&large, mode),
            mode,
            false,
        );
        assert!(matches!(found, Optimum::At { .. }), "{mode:?}: {found:?}");
    }
}

/// The CLI's model carries the soft margin's optimum at `--gamma`: kind `at`, the independent
/// QP's cost, and the answer's cost gap within the rule's KKT tolerance.
#[test]
fn the_cli_model_carries_the_optimum() {
    let data = teacher_data(71, 2, 30, 0.2);
    let rows: Vec<String> = (0..data.len())
        .map(|mu| format!("{:?},{:?},{}", data.x(mu)[0], data.x(mu)[1], data.y(mu)))
        .collect();
    let csv = format!("x1,x2,label\n{}\n", rows.join("\n"));
    let path = common::cli::file("noisy.csv", &csv);
    let path = path.to_str().unwrap();
    for (threshold, gamma) in [(false, 0.2), (true, 4.0)] {
        let mut args = vec!["train", "--algorithm", "soft-margin", "--data", path];
        let gamma_arg = gamma.to_string();
        args.extend(["--gamma", &gamma_arg, "--epochs", "100000"]);
        if threshold {
            args.push("--threshold");
        }
        let model: serde_json::Value = serde_json::from_str(&common::cli::cli(&args)).unwrap();
        let o = &model["optimum"];
        assert_eq!(o["kind"], "at");
        let qp = soft_margin_qp(&data, gamma, threshold);
        let cost = o["cost"].as_f64().unwrap();
        assert!(
            (cost - qp.primal).abs() <= 1e-9 * qp.primal,
            "{cost} vs {}",
            qp.primal
        );
        assert!(o["costGap"].as_f64().unwrap().abs() <= 1e-5 * cost);
    }
}
