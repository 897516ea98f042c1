//! The soft margin (Biehl §4.1.2) against independent references: for `γ → ∞` the hard margin's
//! exact optimum ([`perceptron_lab::exact::max_stability`]), and for finite `γ` the optimum of its
//! quadratic programme from an independent solver (`tests/common/qp.rs`: projected gradient on
//! the dual, polished on the free set, certified by its own duality gap).

mod common;

use common::qp::{soft_margin_cost, soft_margin_qp};
use common::{teacher_data, training::exact};
use perceptron_lab::train::{self, Algorithm, Config, Mode, Stop};

const MODES: [Mode; 2] = [Mode::Homogeneous, Mode::Threshold];

/// On separable teacher sets the soft margin with `γ = 10⁴` (above every hard-margin strength,
/// so the box does not bind) reaches the exact `κ_max` to a relative `10⁻⁵` (its stop: the
/// optimality conditions to `10⁻⁶`), given enough epochs; `κ_max` is checked against the
/// independent dual QP at the same `γ` (`tests/common/qp.rs`) as well as the crate's exact solver.
#[test]
fn large_gamma_reaches_the_hard_margin() {
    for (seed, n, p) in [(1, 10, 30), (2, 20, 60), (3, 5, 50)] {
        let data = teacher_data(seed, n, p, 0.0);
        for mode in MODES {
            let data = if mode == Mode::Threshold {
                common::shifted(&data, 0.3)
            } else {
                data.clone()
            };
            let kappa_max = exact(&data, mode).kappa;
            // the independent reference: the dual QP at the same large γ (tests/common/qp.rs),
            // certified by its duality gap; with no slack left its (w, θ) is the hard margin's,
            // κ = min_μ E^μ / |w|, computed here
            let qp = soft_margin_qp(&data, 1e4, mode == Mode::Threshold);
            assert!(qp.primal - qp.dual <= 1e-9 * qp.primal, "QP gap");
            let potentials: Vec<f64> = (0..data.len())
                .map(|mu| (common::dot(&qp.w, data.x(mu)) - qp.theta) * data.y(mu))
                .collect();
            assert!(
                potentials.iter().all(|&e| e >= 1.0 - 1e-9),
                "no slack at γ = 10⁴"
            );
            let kappa_qp =
                potentials.iter().copied().fold(f64::INFINITY, f64::min) / common::norm(&qp.w);
            assert!(
                (kappa_max - kappa_qp).abs() <= 1e-6 * kappa_qp,
                "exact κ_max = {kappa_max} vs the QP's {kappa_qp}"
            );
            let config = Config {
                gamma: 1e4,
                max_epochs: Some(1e6),
                ..Config::default()
            };
            let fit = train::build(Algorithm::SoftMargin, &data, mode, &config)
                .unwrap()
                .run();
            let what = format!("seed {seed}, N = {n}, P = {p}, {mode:?}");
            assert_eq!(fit.stop, Some(Stop::Kkt), "{what}");
            assert!(
                (fit.kappa - kappa_max).abs() <= 1e-5 * kappa_max,
                "{what}: κ = {} vs κ_max = {kappa_max}",
                fit.kappa
            );
            assert!(
                (fit.kappa - kappa_qp).abs() <= 1e-5 * kappa_qp,
                "{what}: κ = {} vs the QP's κ_max = {kappa_qp}",
                fit.kappa
            );
        }
    }
}

/// For several `γ`, on noisy teacher sets (not separable), the soft margin's cost
/// `|w|²/2 + γ Σ β^μ` (the book's `(N/2) w² + γ̂ Σ β^μ` with `γ̂ = N γ`, `N` times as large)
/// equals the independent QP solution's to a relative `10⁻⁶`.
#[test]
fn cost_equals_an_independent_qp_solution() {
    for (seed, n, p) in [(4, 5, 30), (5, 8, 40)] {
        let data = teacher_data(seed, n, p, 0.15);
        for mode in MODES {
            for gamma in [0.02, 0.1, 0.5, 2.0, 10.0] {
                let what = format!("seed {seed}, N = {n}, {mode:?}, γ = {gamma}");
                let qp = soft_margin_qp(&data, gamma, mode == Mode::Threshold);
                // the reference certifies itself: its primal and dual agree
                assert!(
                    qp.primal - qp.dual <= 1e-9 * qp.primal,
                    "{what}: QP primal {} dual {}",
                    qp.primal,
                    qp.dual
                );
                let config = Config {
                    gamma,
                    max_epochs: Some(1e6),
                    ..Config::default()
                };
                let fit = train::build(Algorithm::SoftMargin, &data, mode, &config)
                    .unwrap()
                    .run();
                assert_eq!(fit.stop, Some(Stop::Kkt), "{what}");
                let cost = soft_margin_cost(&data, &fit.perceptron.w, fit.perceptron.theta, gamma);
                assert!(
                    (cost - qp.primal).abs() <= 1e-6 * qp.primal,
                    "{what}: soft margin {cost} vs QP {}",
                    qp.primal
                );
            }
        }
    }
}
