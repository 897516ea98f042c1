//! The data view's scene: the readout's status text of every rule for every stop reason, and the
//! scene of real runs on small sets whose answers are known by hand.

use perceptron_lab::catalogue::Algorithm;
use perceptron_lab::data::Dataset;
use perceptron_lab::measure::Perceptron;
use perceptron_lab::scene::{self, status, EpochLimits, Settings};
use perceptron_lab::train::{Config, Fit, Stop};

const STOPS: [Stop; 12] = [
    Stop::NoErrors,
    Stop::GapReached,
    Stop::Kkt,
    Stop::Limit,
    Stop::Stalled,
    Stop::NoImprovement,
    Stop::OnePass,
    Stop::Sampled,
    Stop::Settled,
    Stop::Stationary,
    Stop::Cycling,
    Stop::Plateau,
];

/// A fit that stopped for `stop` after 37 steps (3.7 epochs of 10), with 2 errors, κ = −0.25 and
/// (for a gradient rule) the relative gradient 3·10⁻⁴.
fn fit(stop: Option<Stop>) -> Fit {
    Fit {
        perceptron: Perceptron::new(vec![1.0, 0.0], 0.0),
        stop,
        converged: stop.is_some_and(Stop::converged),
        steps: 37,
        updates: 12,
        epochs: 3.7,
        kappa: -0.25,
        errors: 2,
        kappa_upper: None,
        embedding: vec![0.5, 2.0, 1.0, 0.0],
        gradient: Some(3e-4),
        rate: None,
        unresolved: None,
    }
}

/// The readout's text for `algorithm` stopped for `stop` in [`fit`] (limit 40 epochs, γ = 1, gap
/// tolerance 10⁻³) on a set that is `separable` or not.
fn expected(stop: Stop, algorithm: Algorithm, separable: bool) -> String {
    match (stop, algorithm) {
        (Stop::NoErrors, Algorithm::Pocket) => {
            "converged: pocket holds a perceptron without errors (step 37)".into()
        }
        (Stop::NoErrors, _) => "converged: no errors in epoch 4".into(),
        (Stop::GapReached, _) => "converged: certified gap ≤ 0.1% of κ_max".into(),
        (Stop::Kkt, Algorithm::SoftMargin) => {
            // two of the strengths (2.0 and 1.0) are at the bound γ = 1
            "converged: optimality conditions hold (γ = 1, 2 examples at the bound)".into()
        }
        (Stop::Kkt, _) => "converged: optimality conditions hold".into(),
        (Stop::Stalled, Algorithm::Gibbs | Algorithm::Bayes) => {
            "no version space: the set is not linearly separable (exact test), so no \
             student classifies it without errors"
                .into()
        }
        (Stop::Stalled, _) => "stalled: no example can move w".into(),
        (Stop::Sampled, Algorithm::Bayes) => {
            "centre of mass estimated: the mean of 50 samples of the chain (37 \
             trajectories)"
                .into()
        }
        (Stop::Sampled, _) => {
            "sampled: a draw from the version space after 37 trajectories of the chain".into()
        }
        (Stop::NoImprovement, _) => "stopped: κ(w) did not improve for P steps".into(),
        (Stop::OnePass, _) => "one pass through the data".into(),
        // the angle rule: not the gradient rules' optimality condition, so it says |∇E| and
        // does not claim convergence
        (
            Stop::Settled,
            Algorithm::Adaline
            | Algorithm::AdalineBatch
            | Algorithm::Logistic
            | Algorithm::LogisticSquared
            | Algorithm::AdalineTanh,
        ) => "not converged: stopped by the angle rule (w turned by less than its tolerance \
              over a block of steps) with |∇E| = 3.0e-4 of its scale"
            .into(),
        (Stop::Settled, _) => "converged by the angle rule: w turned by less than its tolerance \
                               over a block of steps"
            .into(),
        (Stop::Limit, Algorithm::Rosenblatt | Algorithm::PerceptronNotes) => {
            "not separable within 40 epochs".into()
        }
        (Stop::Limit, Algorithm::Pocket) if separable => {
            "best after 40 epochs: 2 training errors".into()
        }
        (Stop::Limit, Algorithm::Pocket) => {
            "best after 40 epochs: 2 training errors (set not separable)".into()
        }
        (Stop::Limit, Algorithm::Logistic) if separable => {
            "epoch limit (40): on separable data cross-entropy has no minimum, \
             |w| keeps growing"
                .into()
        }
        (Stop::Stationary, _) => {
            "converged: the gradient vanished (|∇E| = 3.0e-4 of its scale)".into()
        }
        (Stop::Cycling, _) => "not converged: w circles around the optimum (|∇E| = 3.0e-4 of its \
             scale); the fixed η is too large for the sequential rule: try a smaller \
             η, or the batch rule"
            .into(),
        (Stop::Limit, Algorithm::LogisticSquared) if separable => {
            "epoch limit (40): on separable data the squared error of the logistic \
             unit has no minimum, |w| keeps growing"
                .into()
        }
        (Stop::Limit, Algorithm::AdalineTanh) if separable => {
            "epoch limit (40): on separable data the squared error of tanh has no \
             minimum, |w| keeps growing"
                .into()
        }
        (
            Stop::Limit,
            Algorithm::Adaline
            | Algorithm::AdalineBatch
            | Algorithm::Logistic
            | Algorithm::LogisticSquared
            | Algorithm::AdalineTanh,
        ) => "not converged: epoch limit (40) with |∇E| = 3.0e-4 of its scale".into(),
        (Stop::Limit, Algorithm::SoftMargin) => "not converged: epoch limit (40) before the \
                                                  optimality conditions held (γ = 1; the larger \
                                                  γ, the more epochs it needs)"
            .into(),
        (Stop::Limit, Algorithm::Minover | Algorithm::Adatron) if separable => {
            "not converged: work limit (37 steps) before the gap closed to 0.1%".into()
        }
        (Stop::Limit, Algorithm::Minover | Algorithm::Adatron) => {
            "stopped after 37 steps (40 epochs): set not separable, κ(w) = -0.250".into()
        }
        // the plateau stop: at the epoch limit with the cost flat and |∇E| not small, stalled
        (Stop::Plateau, _) => "not converged: stalled on a plateau: |∇E| = 3.0e-4 of its scale, \
                               the cost flat over the last epochs (epoch limit 40); a larger \
                               limit lets it leave the plateau"
            .into(),
        (Stop::Limit, _) => "epoch limit (40) before w settled".into(),
    }
}

/// The text for every rule and stop: what the stop means, with the run's own numbers.
#[test]
fn status_of_every_rule_for_every_stop() {
    let settings = Settings {
        run: Config {
            gamma: 1.0,
            gap_tolerance: 1e-3,
            ..Config::default()
        },
        ..Settings::default()
    };
    for algorithm in Algorithm::rules() {
        for separable in [true, false] {
            for stop in STOPS {
                let text = status(algorithm, &fit(Some(stop)), 40.0, &settings, separable);
                let expect = expected(stop, algorithm, separable);
                assert_eq!(
                    text, expect,
                    "{algorithm}, {stop:?}, separable = {separable}"
                );
            }
        }
        assert_eq!(
            status(algorithm, &fit(None), 40.0, &settings, true),
            "settling: still training"
        );
    }
}

fn set(xs: &[f64], labels: &[f64]) -> Dataset {
    Dataset::from_row_major(xs.to_vec(), 2, labels.to_vec()).unwrap()
}

/// Real runs: on a separable set every rule reaches its own stop with the status the stop
/// names; on XOR (not separable with a threshold) Rosenblatt runs to its limit and says so.
#[test]
fn scene_status_of_real_runs() {
    // separable through the origin
    let data = set(
        &[1.0, 1.0, 2.0, 0.5, -1.0, -1.0, -0.5, -2.0],
        &[1.0, 1.0, -1.0, -1.0],
    );
    let settings = Settings {
        algorithms: Algorithm::rules().collect(),
        ..Settings::default()
    };
    let s = scene::compute(&data, &settings).unwrap();
    assert!(s.separable);
    assert_eq!(s.algorithms.len(), Algorithm::rules().count());
    for a in &s.algorithms {
        let stop = a.stop.expect("every rule stops");
        assert_eq!(a.status, {
            let f = Fit {
                perceptron: Perceptron::new(a.w.clone(), a.theta),
                stop: a.stop,
                converged: a.converged,
                steps: a.steps,
                updates: a.updates,
                epochs: a.epochs,
                kappa: a.kappa,
                errors: a.errors,
                kappa_upper: a.kappa_upper,
                embedding: a.embedding.clone(),
                gradient: a.gradient,
                // a cycling rule's text quotes its η: sequential Adaline's default here,
                // 1/max C̃_μμ = N/max_μ |ξ^μ|² through the origin (2/4.25)
                rate: (stop == Stop::Cycling).then(|| {
                    assert_eq!(a.name, Algorithm::Adaline);
                    2.0 / 4.25
                }),
                unresolved: None,
            };
            let limit = scene::epoch_limit(&settings, a.name, data.len(), s.separable);
            status(a.name, &f, limit, &settings, true)
        });
        if a.name == Algorithm::Rosenblatt {
            assert_eq!(stop, Stop::NoErrors);
            assert!(a.status.starts_with("converged: no errors in epoch"));
        }
        if matches!(a.name, Algorithm::Minover | Algorithm::Adatron) {
            assert!(a.converged, "{}: {}", a.name, a.status);
        }
        if matches!(a.name, Algorithm::Gibbs | Algorithm::Bayes) {
            // in 2-D one exact step, a perceptron of the version space
            assert_eq!(
                (stop, a.steps, a.errors),
                (Stop::Sampled, 1, 0),
                "{}",
                a.name
            );
            assert!(a.status.ends_with("(exact)"), "{}", a.status);
        }
    }
    // XOR with a threshold: not separable (exact test), Rosenblatt to its limit
    let xor = set(
        &[0.0, 0.0, 1.0, 1.0, 0.0, 1.0, 1.0, 0.0],
        &[1.0, 1.0, -1.0, -1.0],
    );
    let settings = Settings {
        threshold: true,
        limits: EpochLimits {
            presentation: Some(25.0),
            ..EpochLimits::default()
        },
        ..Settings::default()
    };
    let s = scene::compute(&xor, &settings).unwrap();
    assert!(!s.separable);
    let ros = s
        .algorithms
        .iter()
        .find(|a| a.name == Algorithm::Rosenblatt)
        .unwrap();
    assert_eq!(ros.stop, Some(Stop::Limit));
    assert_eq!(ros.status, "not separable within 25 epochs");
    assert!(s.notes.iter().any(|n| n.contains("not linearly separable")));
}

/// `exact` in the settings is not trained (it is always computed); the scene's names are the
/// catalogue's, in the order asked for.
#[test]
fn exact_is_the_reference_not_a_trained_rule() {
    let data = set(&[1.0, 0.0, 0.0, 1.0], &[1.0, -1.0]);
    let settings = Settings {
        algorithms: vec![Algorithm::Hebb, Algorithm::Exact, Algorithm::Rosenblatt],
        ..Settings::default()
    };
    let s = scene::compute(&data, &settings).unwrap();
    let names: Vec<Algorithm> = s.algorithms.iter().map(|a| a.name).collect();
    assert_eq!(names, vec![Algorithm::Hebb, Algorithm::Rosenblatt]);
    // κ_max of {(1, 0), −(0, 1)} through the origin: w ∝ (1, −1), κ = 1/√2
    let exact = s.exact.unwrap();
    assert!((exact.kappa - std::f64::consts::FRAC_1_SQRT_2).abs() < 1e-12);
}

/// The soft margin as Biehl §4.1.2 draws it: the violators are exactly the examples with
/// `E^μ = S^μ (w·ξ^μ − θ) < 1` for the rule's own (primal) `w` and `θ`, their slacks `1 − E^μ`,
/// the objective's terms `|w|²/2` and `γ Σ β^μ`, the lines `E = ±1` at `1/|w|` — all computed
/// here from the returned `w`, `θ`; on noisy data some examples violate.
#[test]
fn soft_margin_violators_slacks_and_objective() {
    let xs = [
        1.0, 1.0, 2.0, 0.5, 1.5, 2.0, -1.0, -1.0, -2.0, -0.5, 0.3, 0.1, -0.2, 0.4,
    ];
    let labels = [1.0, 1.0, 1.0, -1.0, -1.0, 1.0, -1.0];
    let data = set(&xs, &labels);
    for threshold in [false, true] {
        let settings = Settings {
            threshold,
            algorithms: vec![Algorithm::SoftMargin, Algorithm::Adatron],
            run: Config {
                gamma: 0.5,
                ..Config::default()
            },
            ..Settings::default()
        };
        let scene = scene::compute(&data, &settings).unwrap();
        for view in &scene.algorithms {
            let Some(soft) = &view.soft_margin else {
                assert_ne!(view.name, Algorithm::SoftMargin);
                continue;
            };
            let e: Vec<f64> = (0..data.len())
                .map(|mu| {
                    labels[mu]
                        * (view.w[0] * data.x(mu)[0] + view.w[1] * data.x(mu)[1] - view.theta)
                })
                .collect();
            let violators: Vec<usize> = (0..data.len()).filter(|&mu| e[mu] < 1.0).collect();
            assert_eq!(soft.violators, violators, "threshold {threshold}");
            assert!(
                !violators.is_empty(),
                "noisy data: some examples violate the margin"
            );
            for (slack, e) in soft.slack.iter().zip(&e) {
                assert!((slack - (1.0 - e).max(0.0)).abs() < 1e-12);
            }
            let norm_sq = view.w[0] * view.w[0] + view.w[1] * view.w[1];
            assert!((soft.half_norm_sq - norm_sq / 2.0).abs() < 1e-12);
            assert!((soft.margin - 1.0 / norm_sq.sqrt()).abs() < 1e-12);
            let penalty: f64 = e.iter().map(|v| 0.5 * (1.0 - v).max(0.0)).sum();
            assert!((soft.penalty - penalty).abs() < 1e-12);
        }
        assert!(scene.algorithms.iter().any(|a| a.soft_margin.is_some()));
    }
}

/// Words, not NaN: a rule that ends at `w = 0` on a set that is not separable reports no κ(w), and
/// one support vector is singular.
#[test]
fn status_without_nan_and_in_the_singular() {
    let settings = Settings::default();
    let mut at_zero = fit(Some(Stop::Limit));
    at_zero.kappa = f64::NAN;
    let text = status(Algorithm::Minover, &at_zero, 40.0, &settings, false);
    assert_eq!(
        text,
        "stopped after 37 steps (40 epochs): set not separable"
    );
    // XOR with a threshold: MinOver ends at w = 0
    let xor = set(
        &[1.0, 1.0, -1.0, -1.0, 1.0, -1.0, -1.0, 1.0],
        &[1.0, 1.0, -1.0, -1.0],
    );
    let s = scene::compute(
        &xor,
        &Settings {
            threshold: true,
            ..Settings::default()
        },
    )
    .unwrap();
    for a in &s.algorithms {
        assert!(!a.status.contains("NaN"), "{}: {}", a.name, a.status);
    }
    // one support vector: a single point through the origin
    let one = set(&[1.0, 2.0], &[1.0]);
    let s = scene::compute(&one, &Settings::default()).unwrap();
    assert_eq!(s.support.len(), 1);
    let status = &s.exact.unwrap().status;
    assert!(status.ends_with(", 1 support vector"), "{status}");
}

/// The work limit of MinOver and AdaTron on a separable 2-D set, from the operation counts by
/// hand: MinOver `P` per step with the Gram matrix stored (`P²·8 ≤ 64 MiB`: `P ≤ 2896`), `P·N`
/// without it; AdaTron through the origin `3N + 16` per step; `min(10⁵, 10⁹ / (P·cost))` epochs.
/// At 10 000 points every rule's limit is at most 10⁹ operations.
#[test]
fn the_work_limit_counts_operations() {
    let settings = Settings::default();
    let limit = |a, p| scene::epoch_limit(&settings, a, p, true);
    assert_eq!(limit(Algorithm::Minover, 200), 1e9 / (200.0 * 200.0));
    assert_eq!(limit(Algorithm::Minover, 1_000), 1_000.0);
    assert_eq!(limit(Algorithm::Minover, 2_896), 1e9 / (2_896.0 * 2_896.0));
    assert_eq!(limit(Algorithm::Minover, 10_000), 5.0); // 10⁹ / (10⁴ · 2·10⁴)
    assert_eq!(limit(Algorithm::Adatron, 200), 1e5); // 10⁹ / (200 · 22) > 10⁵
    assert_eq!(limit(Algorithm::Adatron, 1_000), 1e9 / (1e3 * 22.0));
    assert_eq!(limit(Algorithm::Adatron, 10_000), 1e9 / (1e4 * 22.0));
    let threshold = Settings {
        threshold: true,
        ..Settings::default()
    };
    assert_eq!(
        scene::epoch_limit(&threshold, Algorithm::Adatron, 10_000, true),
        5.0
    );
    for p in [2_897, 5_000, 10_000] {
        for a in [Algorithm::Minover, Algorithm::Adatron] {
            let steps = limit(a, p) * p as f64;
            let work = steps * scene::step_cost(a, p, 2, false) as f64;
            assert!(work <= 1e9 * (1.0 + 1e-12), "{a:?} at P = {p}: {work}");
        }
    }
}

/// The page's settings object as the page writes it: each rule's own setting, under its
/// catalogue key, reaches that rule's run and no other's; the epoch limits of each kind reach
/// the rules of that kind; `maxEpochs` counts whole epochs.
#[test]
fn settings_reach_the_rules_they_name() {
    let read = |json: &str| serde_json::from_str::<Settings>(json);
    for a in Algorithm::ALL {
        let Some(setting) = a.info().setting else {
            continue;
        };
        let settings = read(&format!(
            r#"{{"{}": 0.37, "learningRate": 0.5}}"#,
            setting.limit
        ))
        .unwrap();
        let config = settings.config(a, 10, true);
        assert!(
            config.learning_rate == Some(0.37) || config.gamma == 0.37,
            "{a:?}: {config:?}"
        );
        // the shared learning rate stays the other rules'
        let others = settings.config(Algorithm::Adaline, 10, true);
        assert_eq!(others.learning_rate, Some(0.5), "{a:?}");
    }
    let settings = read(r#"{"maxEpochs": 7, "maxEpochsOptimal": 2.5}"#).unwrap();
    assert_eq!(
        scene::epoch_limit(&settings, Algorithm::Rosenblatt, 10, true),
        7.0
    );
    assert_eq!(
        scene::epoch_limit(&settings, Algorithm::Minover, 10, true),
        2.5
    );
    assert_eq!(
        scene::epoch_limit(&settings, Algorithm::Adatron, 10, true),
        2.5
    );
    let whole = read(r#"{"maxEpochs": 2.5}"#).unwrap_err().to_string();
    assert!(whole.contains("expected usize"), "{whole}");
    let twice = read(r#"{"notesLearningRate": 1, "notesLearningRate": 2}"#)
        .unwrap_err()
        .to_string();
    assert!(twice.contains("duplicate field"), "{twice}");
}
