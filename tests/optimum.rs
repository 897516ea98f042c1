//! The gradient rules' optima (`perceptron_lab::optimum`) against the test's own: the normal
//! equations for least squares, Newton's method on the test's gradient and Hessian for the
//! sigmoid costs (`tests/common/optimum.rs`, written from the definitions); no finite optimum
//! for a sigmoid cost on a separable set; the scene reports each gradient rule's distance to it.

mod common;

use common::optimum::{
    augmented, cost_gradient_hessian, inverse_norm, least_squares, newton, Cost,
};
use common::{norm, shifted, teacher_data};
use perceptron_lab::catalogue::Algorithm;
use perceptron_lab::data::Dataset;
use perceptron_lab::optimum::{optimum, Optimum};
use perceptron_lab::scene::{Scene, Settings, Settling};
use perceptron_lab::train::logistic::Loss;
use perceptron_lab::train::objective::Objective;
use perceptron_lab::train::Mode;

fn pairs() -> [(Objective, Cost); 4] {
    [
        (Objective::LeastSquares, Cost::Lms),
        (Objective::Sigmoid(Loss::CrossEntropy), Cost::CrossEntropy),
        (Objective::Sigmoid(Loss::Squared), Cost::SquaredLogistic),
        (Objective::Sigmoid(Loss::Tanh), Cost::Tanh),
    ]
}

fn vector(o: &Optimum, threshold: bool) -> Vec<f64> {
    let Optimum::At { perceptron, .. } = o else {
        panic!("no finite optimum: {o:?}")
    };
    let mut v = perceptron.w.clone();
    if threshold {
        v.push(perceptron.theta);
    }
    v
}

/// On noisy (not separable) sets every cost has a minimum: the crate's is the test's (least
/// squares, the convex cross-entropy: the same point to 10⁻⁹; the squared costs: a point where
/// the test's gradient vanishes and its Hessian is positive definite, i.e. a minimum).
#[test]
fn optima_match_independent_solutions() {
    for seed in 0..5 {
        for (n, p) in [(2, 40), (5, 80)] {
            let base = teacher_data(100 + seed, n, p, 0.25);
            for (mode, data) in [
                (Mode::Homogeneous, base.clone()),
                (Mode::Threshold, shifted(&base, 0.4)),
            ] {
                let threshold = mode == Mode::Threshold;
                for (objective, cost) in pairs() {
                    let found = optimum(objective, &data, mode, false);
                    let v = vector(&found, threshold);
                    let xs = augmented(&data, threshold);
                    let scale: f64 = xs.iter().map(|x| norm(x)).sum();
                    let (_, g, h) = cost_gradient_hessian(cost, &v, &xs, &data);
                    assert!(
                        norm(&g) <= 1e-10 * scale,
                        "{objective:?} seed {seed}: |∇E| = {:e}",
                        norm(&g) / scale
                    );
                    assert!(
                        inverse_norm(&h).is_some_and(f64::is_finite),
                        "{objective:?}: a strict minimum"
                    );
                    let reference = match cost {
                        Cost::Lms => Some(least_squares(&data, threshold).unwrap()),
                        Cost::CrossEntropy => newton(cost, &vec![0.0; v.len()], &data, threshold),
                        _ => None, // not convex: stationarity and a positive Hessian above
                    };
                    if let Some(r) = reference {
                        let d = norm(&v.iter().zip(&r).map(|(a, b)| a - b).collect::<Vec<_>>());
                        assert!(
                            d <= 1e-9 * norm(&r),
                            "{objective:?} seed {seed}: {v:?} vs {r:?}"
                        );
                    }
                }
            }
        }
    }
}

/// On a separable set a sigmoid cost has no minimum at finite `(w, θ)`; least squares has one.
#[test]
fn sigmoid_costs_have_no_optimum_on_separable_sets() {
    let data = teacher_data(9, 3, 30, 0.0);
    for (objective, _) in pairs() {
        let o = optimum(objective, &data, Mode::Homogeneous, true);
        match objective {
            Objective::LeastSquares => assert!(matches!(o, Optimum::At { .. })),
            Objective::Sigmoid(_) => assert_eq!(o, Optimum::Unbounded, "{objective:?}"),
            Objective::Hinge { .. } => unreachable!("pairs() holds the gradient rules' costs"),
        }
    }
}

/// The scene's gradient rules carry their optimum and the answer's distance to it: the batch
/// Adaline, converged, stands at the least-squares optimum; the sequential one (a fixed η)
/// circles at a cost above it.
#[test]
fn the_scene_reports_each_gradient_rule_against_its_optimum() {
    let xs = [
        0.2, 1.0, 1.0, 0.4, -0.3, -0.9, -1.0, 0.1, 0.6, 0.5, -0.5, -0.2, 0.9, -0.4,
    ];
    let ys = [1.0, 1.0, -1.0, -1.0, 1.0, -1.0, 1.0];
    let data: Dataset = common::dataset(&xs, 2, &ys);
    let settings = Settings {
        algorithms: vec![
            Algorithm::Adaline,
            Algorithm::AdalineBatch,
            Algorithm::Logistic,
            Algorithm::Minover,
        ],
        ..Settings::default()
    };
    let mut s = Settling::new(&data, &settings).unwrap();
    while !s.advance(|| false) {}
    let scene: Scene = s.scene();
    let view = |a: Algorithm| scene.algorithms.iter().find(|v| v.name == a).unwrap();
    let ls = least_squares(&data, false).unwrap();
    for a in [Algorithm::Adaline, Algorithm::AdalineBatch] {
        let o = view(a).optimum.as_ref().expect("a gradient rule");
        assert_eq!(o.kind, "at");
        let w = o.w.as_ref().unwrap();
        assert!(
            norm(&w.iter().zip(&ls).map(|(a, b)| a - b).collect::<Vec<_>>()) <= 1e-9 * norm(&ls)
        );
        assert!(o.cost_gap.unwrap() >= -1e-12 * o.cost.unwrap());
    }
    let batch = view(Algorithm::AdalineBatch);
    if batch.converged {
        assert!(batch.optimum.as_ref().unwrap().angle.unwrap() < 1e-4);
    }
    assert!(view(Algorithm::Logistic).optimum.is_some());
    assert!(view(Algorithm::Minover).optimum.is_none());
}

/// The CLI's model carries each gradient rule's optimum (`train`'s `optimum` key): on a noisy set
/// with a threshold, the least-squares `(w, θ)` of both Adalines is the normal equations' and the
/// cross-entropy minimum is the test's Newton point (to 10⁻⁹); the cost gap is not negative; on a
/// separable set the logistic cost's optimum is `unbounded`; the rules that minimise no cost carry
/// none.
#[test]
fn the_cli_model_carries_each_gradient_rules_optimum() {
    let csv = |data: &Dataset, name: &str| {
        let rows: Vec<String> = (0..data.len())
            .map(|mu| format!("{:?},{:?},{}", data.x(mu)[0], data.x(mu)[1], data.y(mu)))
            .collect();
        common::cli::file(name, &format!("x1,x2,label\n{}\n", rows.join("\n")))
    };
    let train = |path: &std::path::Path, algo: &str, threshold: bool| -> serde_json::Value {
        let mut args = vec![
            "train",
            "--algorithm",
            algo,
            "--data",
            path.to_str().unwrap(),
        ];
        if threshold {
            args.push("--threshold");
        }
        serde_json::from_str(&common::cli::cli(&args)).unwrap()
    };
    let close = |o: &serde_json::Value, reference: &[f64]| {
        let mut v: Vec<f64> = o["w"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_f64().unwrap())
            .collect();
        v.push(o["theta"].as_f64().unwrap());
        let diff: Vec<f64> = v.iter().zip(reference).map(|(a, b)| a - b).collect();
        assert!(
            norm(&diff) <= 1e-9 * norm(reference),
            "{v:?} vs {reference:?}"
        );
    };
    let noisy = teacher_data(12, 2, 40, 0.3);
    let path = csv(&noisy, "noisy.csv");
    let ls = least_squares(&noisy, true).unwrap();
    for algo in ["adaline", "adaline-batch"] {
        let o = &train(&path, algo, true)["optimum"];
        assert_eq!(o["kind"], "at", "{algo}: {o}");
        close(o, &ls);
        assert!(o["costGap"].as_f64().unwrap() >= -1e-12 * o["cost"].as_f64().unwrap());
    }
    let newton_point = newton(Cost::CrossEntropy, &ls, &noisy, true).unwrap();
    let o = &train(&path, "logistic", true)["optimum"];
    assert_eq!(o["kind"], "at", "{o}");
    close(o, &newton_point);
    let separable = csv(&teacher_data(9, 2, 30, 0.0), "separable.csv");
    assert_eq!(
        train(&separable, "logistic", false)["optimum"]["kind"],
        "unbounded"
    );
    for algo in ["rosenblatt", "minover", "exact"] {
        assert!(train(&path, algo, true).get("optimum").is_none(), "{algo}");
    }
}
