//! `--stop epochs` (the page's "at the limit") runs every rule exactly to its limit. A rule may
//! end earlier only at a fixed point of its own steps, which no further step leaves, and says so:
//! the error-driven rules (Rosenblatt, pocket, the notes' perceptron) with no errors, AdaTron and
//! the soft margin where their optimality (KKT) conditions hold exactly — checked here from the
//! run's `w` and embedding strengths, not from the rule's own stop; Hebb's one pass and the
//! students' draws are not iterations towards a limit.

mod common;

use common::cli::{data_file, run};
use common::{dot, errors, teacher_data};
use perceptron_lab::catalogue::Algorithm;
use perceptron_lab::data::Dataset;
use perceptron_lab::experiment::StopRule;
use perceptron_lab::train::{self, Config, Fit, Mode, Stop};

const LIMIT: f64 = 7.0;

/// The sets: noisy teacher sets (not separable) and separable ones, shifted so that a threshold
/// matters, in 2-D and 10-D.
fn sets() -> Vec<Dataset> {
    [
        (1, 2, 12, 0.2),
        (2, 2, 9, 0.0),
        (3, 10, 40, 0.15),
        (4, 10, 25, 0.0),
    ]
    .into_iter()
    .map(|(seed, n, p, noise)| common::shifted(&teacher_data(seed, n, p, noise), 0.2))
    .collect()
}

/// The early stops `a` may have under `--stop epochs` (fixed points, or no iteration at all).
fn early_stops(a: Algorithm) -> &'static [Stop] {
    match a {
        Algorithm::Rosenblatt | Algorithm::Pocket | Algorithm::PerceptronNotes => &[Stop::NoErrors],
        Algorithm::Adatron | Algorithm::SoftMargin => &[Stop::Kkt],
        Algorithm::Hebb => &[Stop::OnePass],
        Algorithm::Gibbs | Algorithm::Bayes => &[Stop::Sampled, Stop::Stalled],
        _ => &[],
    }
}

/// The largest violation of the KKT conditions of AdaTron's dual (`γ = ∞`) or the soft margin's
/// at the run's `w` and strengths `x`, relative to the potentials' scale: through the origin, with
/// `E^μ = w·ξ^μ S^μ`, `x = 0 ⇒ E ≥ 1`, `0 < x < γ ⇒ E = 1`, `x = γ ⇒ E ≤ 1`; with a threshold
/// (which the pair steps leave free), with `s_μ = S^μ − w·ξ^μ`, `max s` over the strengths that
/// may move along `+S` is at most `min s` over those that may move along `−S`.
fn kkt_violation(fit: &Fit, data: &Dataset, mode: Mode, gamma: f64) -> f64 {
    let w = &fit.perceptron.w;
    let x = &fit.embedding;
    let field = |mu: usize| dot(w, data.x(mu));
    match mode {
        Mode::Homogeneous => (0..data.len())
            .map(|mu| {
                let e = field(mu) * data.y(mu);
                if x[mu] <= 0.0 {
                    1.0 - e
                } else if x[mu] >= gamma {
                    e - 1.0
                } else {
                    (1.0 - e).abs()
                }
            })
            .fold(0.0, f64::max),
        Mode::Threshold => {
            let (mut up, mut low) = (f64::NEG_INFINITY, f64::INFINITY);
            for (mu, &xm) in x.iter().enumerate() {
                let s = data.y(mu);
                let score = s - field(mu);
                let (rise, fall) = (xm < gamma, xm > 0.0);
                if (s > 0.0 && rise) || (s < 0.0 && fall) {
                    up = up.max(score);
                }
                if (s < 0.0 && rise) || (s > 0.0 && fall) {
                    low = low.min(score);
                }
            }
            (up - low).max(0.0)
        }
    }
}

/// Core: under [`StopRule::Epochs`] every rule in the catalogue runs exactly `LIMIT` epochs, or
/// ends at one of its fixed points, verified independently.
#[test]
fn every_rule_runs_to_the_limit_or_to_a_fixed_point() {
    let mut ran_to_limit = [false; Algorithm::ALL.len()];
    let mut soft_at_limit = false;
    for data in sets() {
        for mode in [Mode::Homogeneous, Mode::Threshold] {
            for (k, a) in Algorithm::ALL.into_iter().enumerate() {
                if a == Algorithm::Exact {
                    continue; // a solver, not an iteration
                }
                let mut config = Config {
                    max_epochs: Some(LIMIT),
                    ..Config::default()
                };
                StopRule::Epochs.apply(&mut config, data.len());
                let Ok(mut trainer) = train::build(a, &data, mode, &config) else {
                    continue; // e.g. a student on a set without version space
                };
                let fit = trainer.run();
                let stop = fit.stop.expect("ended");
                if !early_stops(a).contains(&stop) {
                    assert_eq!(
                        (stop, fit.epochs),
                        (Stop::Limit, LIMIT),
                        "{a} {mode:?}: not at the limit"
                    );
                    ran_to_limit[k] = true;
                    soft_at_limit |= a == Algorithm::SoftMargin;
                    continue;
                }
                match stop {
                    Stop::NoErrors => {
                        let p = &fit.perceptron;
                        assert_eq!(errors(&p.w, p.theta, &data), 0, "{a} {mode:?}");
                    }
                    Stop::Kkt => {
                        let gamma = if a == Algorithm::SoftMargin {
                            config.gamma
                        } else {
                            f64::INFINITY
                        };
                        let v = kkt_violation(&fit, &data, mode, gamma);
                        assert!(
                            v <= 1e-12,
                            "{a} {mode:?}: stopped as a fixed point with KKT violation {v:e}"
                        );
                    }
                    _ => {}
                }
            }
        }
    }
    // the iterative rules without an exact fixed point all reached the limit somewhere
    for (k, a) in Algorithm::ALL.into_iter().enumerate() {
        if early_stops(a).is_empty() && a != Algorithm::Exact {
            assert!(ran_to_limit[k], "{a} never ran to its limit");
        }
    }
    assert!(soft_at_limit, "the soft margin never ran to its limit");
}

/// The default stop (not `--stop epochs`) keeps the soft margin's tolerance: it stops on its KKT
/// conditions within 10⁻⁶, before the limit (the test above is not vacuous).
#[test]
fn the_default_soft_margin_stops_at_its_tolerance() {
    let data = common::shifted(&teacher_data(3, 10, 40, 0.15), 0.2);
    let fit = train::build(
        Algorithm::SoftMargin,
        &data,
        Mode::Homogeneous,
        &Config {
            max_epochs: Some(1e4),
            ..Config::default()
        },
    )
    .unwrap()
    .run();
    assert_eq!(fit.stop, Some(Stop::Kkt));
    assert!(fit.epochs < 1e4);
    let v = kkt_violation(&fit, &data, Mode::Homogeneous, 1.0);
    assert!(v <= 1e-6 * 1.01, "{v:e}");
}

/// The CLI: `train --stop epochs --epochs 7` for every rule: `epochs` is 7, or the stop is one of
/// the rule's fixed points (with no errors where that is the fixed point).
#[test]
fn the_cli_runs_every_rule_to_the_limit() {
    for (k, data) in sets().iter().enumerate() {
        let path = data_file(data, 1.0, &format!("stop-epochs-{k}.csv"));
        let path = path.to_str().unwrap();
        for threshold in [false, true] {
            for a in Algorithm::ALL {
                if a == Algorithm::Exact {
                    continue;
                }
                let mut args = vec![
                    "train",
                    "--algorithm",
                    a.name(),
                    "--data",
                    path,
                    "--stop",
                    "epochs",
                    "--epochs",
                    "7",
                ];
                if threshold {
                    args.push("--threshold");
                }
                let out = run(&args);
                if !out.status.success() {
                    continue; // a student without version space: refused, by the tests of students
                }
                let json: serde_json::Value =
                    serde_json::from_str(&String::from_utf8(out.stdout).unwrap()).unwrap();
                let stop = json["stop"].as_str().unwrap();
                let allowed: Vec<String> = early_stops(a)
                    .iter()
                    .map(|s| {
                        serde_json::to_value(s)
                            .unwrap()
                            .as_str()
                            .unwrap()
                            .to_owned()
                    })
                    .collect();
                if !allowed.iter().any(|s| s == stop) {
                    assert_eq!(
                        (stop, json["epochs"].as_f64()),
                        ("limit", Some(LIMIT)),
                        "{a} threshold {threshold}: not at the limit"
                    );
                    continue;
                }
                if stop == "no-errors" {
                    assert_eq!(json["errors"].as_u64(), Some(0), "{a}");
                }
            }
        }
    }
}
