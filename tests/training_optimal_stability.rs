//! MinOver and AdaTron against the exact maximal stability ([`max_stability`]): they reach it to
//! their certified gap, the certified bound `|w|/Σx` brackets the exact `κ_max` at every step,
//! the threshold rules find a boundary away from the origin, AdaTron refuses an unbalanced
//! initial embedding with a threshold; and on data that are not separable every rule (Rosenblatt
//! too) ends at its limit with finite weights.
//!
//! Conventions (crate docs): `E^μ = (w·ξ^μ − θ) S^μ`, `κ(w) = min_μ E^μ / |w|`; weights are
//! `w = Σ x^μ S^μ ξ^μ` with step `η = 1/N`.

mod common;

use approx::assert_abs_diff_eq;
use common::training::{exact, teacher_data};
use common::{dataset, dot, embedded_weights, min_potential, norm};
use perceptron_lab::data::Dataset;
use perceptron_lab::exact::{max_stability, Exact};
use perceptron_lab::measure::stability_upper_bound;
use perceptron_lab::train::{
    Adatron, Config, Fit, Minover, Mode, Rosenblatt, Stop, Strengths, Trainer,
};

/// `κ(w)` of the trainer's `w` in `mode`: through the origin `min_μ S^μ w·ξ^μ / |w|`; with a
/// threshold the best one for this `w`, `(min_{S=+1} w·ξ − max_{S=−1} w·ξ) / 2|w|`, and that
/// threshold divided by `|w|`. Computed here, independently of the crate's measures.
fn kappa_and_theta(w: &[f64], data: &Dataset, mode: Mode) -> (f64, f64) {
    let n = norm(w);
    match mode {
        Mode::Homogeneous => (min_potential(w, 0.0, data) / n, 0.0),
        Mode::Threshold => {
            let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
            for mu in 0..data.len() {
                let h = dot(w, data.x(mu));
                if data.y(mu) > 0.0 {
                    lo = lo.min(h);
                } else {
                    hi = hi.max(h);
                }
            }
            ((lo - hi) / (2.0 * n), (lo + hi) / (2.0 * n))
        }
    }
}

/// Checks that `x ≥ 0` and `w = Σ x^μ S^μ ξ^μ` (and `Σ x^μ S^μ = 0` with a threshold): then, by
/// the argument in `measure::stability_upper_bound`, `|w| / Σ x^μ ≥ κ_max`. Returns that bound,
/// computed here.
fn certified_upper(w: &[f64], x: &[f64], data: &Dataset, mode: Mode) -> f64 {
    assert!(x.iter().all(|&v| v >= 0.0), "embedding strengths ≥ 0");
    let sum = embedded_weights(x, data);
    let total: f64 = x.iter().sum();
    for (a, b) in sum.iter().zip(w) {
        assert!(
            (a - b).abs() <= 1e-9 * (1.0 + norm(w)),
            "w = Σ x S ξ: {a} vs {b}"
        );
    }
    if mode == Mode::Threshold {
        let balance: f64 = x.iter().zip(data.labels()).map(|(a, s)| a * s).sum();
        assert!(balance.abs() <= 1e-9 * (1.0 + total), "Σ x S = {balance}");
    }
    norm(w) / total
}
// ---------------------------------------------------------------------------------------------
// MinOver and AdaTron against the exact optimum

/// AdaTron's gap shrinks quickly; MinOver is Frank–Wolfe with step `1/t` on the convex hull of
/// the `z^μ`, whose certified gap shrinks like `1/t`, so a gap ten times smaller takes about ten
/// times the steps: 1e-4 on every set is too slow for a debug build, so MinOver runs to 1e-3 on
/// every set and to 1e-4 on three of them.
const GAP: f64 = 1e-4;
const MINOVER_GAP: f64 = 1e-3;

/// The run's settings with the gap tolerance `gap` and the epoch limit `max_epochs`.
fn limits(gap: f64, max_epochs: Option<f64>) -> Config {
    Config {
        gap_tolerance: gap,
        max_epochs,
        ..Config::default()
    }
}

fn minover(data: &Dataset, mode: Mode, gap: f64) -> Fit {
    Minover::new(data, mode, &limits(gap, Some(100_000.0)))
        .unwrap()
        .run()
}

fn adatron(data: &Dataset, mode: Mode, gap: f64) -> Fit {
    let config = limits(gap, Some(100_000.0));
    Adatron::new(data, mode, &config, Strengths::default())
        .unwrap()
        .run()
}

/// `κ(w) ≤ κ_max` always (κ_max is the maximum); when the certified relative gap
/// `(U − κ)/U ≤ g` with `U ≥ κ_max`, also `κ ≥ (1 − g) U ≥ (1 − g) κ_max`. Rounding: 1e-12.
fn assert_near_optimal(fit: &Fit, data: &Dataset, mode: Mode, e: &Exact, gap: f64, what: &str) {
    let (kappa, _) = kappa_and_theta(&fit.perceptron.w, data, mode);
    assert_abs_diff_eq!(kappa, fit.kappa, epsilon = 1e-12 * (1.0 + kappa.abs()));
    assert!(fit.converged, "{what}: stopped by {:?}", fit.stop);
    assert!(
        kappa <= e.kappa * (1.0 + 1e-12),
        "{what}: κ = {kappa} > κ_max = {}",
        e.kappa
    );
    assert!(
        kappa >= e.kappa * (1.0 - gap - 1e-12),
        "{what}: κ = {kappa} < (1 − {gap}) κ_max = {}",
        e.kappa * (1.0 - gap)
    );
    let upper = fit.kappa_upper.expect("tabula rasa certifies");
    assert!(
        upper >= e.kappa * (1.0 - 1e-12),
        "{what}: bound {upper} < κ_max = {}",
        e.kappa
    );
    let mine = certified_upper(&fit.perceptron.w, &fit.embedding, data, mode);
    assert_abs_diff_eq!(mine, upper, epsilon = 1e-12 * upper);
}

#[test]
fn minover_and_adatron_reach_the_exact_maximal_stability() {
    for seed in 0..10u64 {
        let n = 2 + (seed * 2) as usize; // 2..20
        let p = 2 * n + 8 + (seed % 3) as usize * 5;
        for mode in [Mode::Homogeneous, Mode::Threshold] {
            let offset = if mode == Mode::Threshold { 1.5 } else { 0.0 };
            let data = teacher_data(500 + seed, n, p, 0.0, offset);
            let e = exact(&data, mode);
            let what = format!("seed {seed} N={n} P={p} {mode:?}");
            let gap = if seed % 4 == 1 { GAP } else { MINOVER_GAP };
            let m = minover(&data, mode, gap);
            assert_near_optimal(&m, &data, mode, &e, gap, &format!("MinOver {what}"));
            let a = adatron(&data, mode, GAP);
            assert_near_optimal(&a, &data, mode, &e, GAP, &format!("AdaTron {what}"));
        }
    }
}

/// Steps a rule from tabula rasa and checks `κ(w) ≤ κ_max ≤ |w| / Σx` after every step, both
/// sides computed here from `w` and the embedding strengths.
fn assert_brackets_every_step(
    trainer: &mut dyn Trainer,
    data: &Dataset,
    mode: Mode,
    kappa_max: f64,
    what: &str,
) -> usize {
    let mut checked = 0;
    for k in 0..5_000 {
        let s = trainer.step();
        let w = trainer.perceptron().w;
        let x = trainer.embedding().to_vec();
        if x.iter().sum::<f64>() > 0.0 {
            let (lower, _) = kappa_and_theta(&w, data, mode);
            let upper = certified_upper(&w, &x, data, mode);
            assert!(
                lower <= kappa_max * (1.0 + 1e-12),
                "{what} step {k}: κ(w) = {lower} > κ_max = {kappa_max}"
            );
            assert!(
                upper >= kappa_max * (1.0 - 1e-12),
                "{what} step {k}: |w|/Σx = {upper} < κ_max = {kappa_max}"
            );
            let fit = trainer.fit();
            let crate_upper = fit.kappa_upper.unwrap();
            assert_abs_diff_eq!(crate_upper, stability_upper_bound(&w, &x));
            assert_abs_diff_eq!(crate_upper, upper, epsilon = 1e-12 * upper);
            checked += 1;
        }
        if s.stop.is_some() {
            break;
        }
    }
    checked
}

#[test]
fn certified_gap_brackets_the_exact_kappa_at_every_step() {
    for seed in 0..6u64 {
        let n = [2, 3, 5, 8, 12, 20][seed as usize];
        let p = 3 * n;
        for mode in [Mode::Homogeneous, Mode::Threshold] {
            let offset = if mode == Mode::Threshold { -2.0 } else { 0.0 };
            let data = teacher_data(700 + seed, n, p, 0.0, offset);
            let kappa_max = exact(&data, mode).kappa;
            let what = format!("seed {seed} N={n} {mode:?}");
            let mut m = Minover::new(&data, mode, &limits(1e-6, None)).unwrap();
            let checked = assert_brackets_every_step(
                &mut m,
                &data,
                mode,
                kappa_max,
                &format!("MinOver {what}"),
            );
            // MinOver updates from its first step on
            assert!(checked >= 1);
            assert!(m.embedding().iter().sum::<f64>() > 0.0);
            let mut a =
                Adatron::new(&data, mode, &limits(1e-6, None), Strengths::default()).unwrap();
            let checked = assert_brackets_every_step(
                &mut a,
                &data,
                mode,
                kappa_max,
                &format!("AdaTron {what}"),
            );
            assert!(checked >= 1);
        }
    }
}

#[test]
fn threshold_rules_find_a_boundary_away_from_the_origin() {
    // +1: (4,5), (6,5), (5,6), (3,8), (8,7); −1: (4,3), (6,3), (5,2), (2,0), (7,1).
    // Every +1 point has y ≥ 5 and every −1 point y ≤ 3, so the slab 3 < y < 5 separates them
    // and the hull distance is ≥ 2; the segments (4,5)–(6,5) and (4,3)–(6,3) are 2 apart, so it
    // is exactly 2. Optimum: w = (0, 1), θ = 4, κ_max = 1.
    let data = dataset(
        &[
            4.0, 5.0, 6.0, 5.0, 5.0, 6.0, 3.0, 8.0, 8.0, 7.0, 4.0, 3.0, 6.0, 3.0, 5.0, 2.0, 2.0,
            0.0, 7.0, 1.0,
        ],
        2,
        &[1.0, 1.0, 1.0, 1.0, 1.0, -1.0, -1.0, -1.0, -1.0, -1.0],
    );
    let e = exact(&data, Mode::Threshold);
    assert_abs_diff_eq!(e.kappa, 1.0, epsilon = 1e-13);
    assert_abs_diff_eq!(e.perceptron.as_ref().unwrap().theta, 4.0, epsilon = 1e-12);
    // Through the origin the same set is much worse (κ_max < 1, any w must pass the origin).
    assert!(exact(&data, Mode::Homogeneous).kappa < 0.5);

    let r = data.max_norm_sq().sqrt();
    let gap = 1e-6;
    for (name, fit) in [
        ("MinOver", minover(&data, Mode::Threshold, gap)),
        ("AdaTron", adatron(&data, Mode::Threshold, gap)),
    ] {
        assert_near_optimal(&fit, &data, Mode::Threshold, &e, gap, name);
        // Direction and threshold. v = ŵ/κ and v* = (0,1)/κ_max are feasible for
        // min |v|²/2 s.t. S(v·ξ − θ) ≥ 1 (with their best θ), and v* is the nearest point of that
        // convex set to the origin, so |v − v*|² ≤ |v|² − |v*|² = 1/κ² − 1/κ_max² =: δ².
        // Then |ŵ − ŵ*| = |κ v − κ_max v*| ≤ κ |v − v*| + (κ_max − κ) |v*| ≤ κδ + (κ_max − κ)/κ_max
        // (= κδ + 1 − κ here), and the unit threshold θ(ŵ) = (min_{+} ŵ·ξ + max_{−} ŵ·ξ)/2 is
        // R-Lipschitz in ŵ, R = max|ξ|, so |θ(ŵ) − θ*| ≤ R |ŵ − ŵ*|.
        let (kappa, theta) = kappa_and_theta(&fit.perceptron.w, &data, Mode::Threshold);
        let delta = (1.0 / (kappa * kappa) - 1.0).max(0.0).sqrt();
        let dir_tol = kappa * delta + (1.0 - kappa) + 1e-12;
        let wn = norm(&fit.perceptron.w);
        let dw =
            ((fit.perceptron.w[0] / wn).powi(2) + (fit.perceptron.w[1] / wn - 1.0).powi(2)).sqrt();
        assert!(dw <= dir_tol, "{name}: |ŵ − ŵ*| = {dw} > {dir_tol}");
        assert!(
            (theta - 4.0).abs() <= r * dir_tol,
            "{name}: θ = {theta}, bound {}",
            r * dir_tol
        );
        // the crate's θ is the same best threshold, for the unnormalised w
        assert_abs_diff_eq!(fit.perceptron.theta / wn, theta, epsilon = 1e-12);
        // and it is a real threshold, far from 0
        assert!(theta > 3.9, "{name}: θ = {theta}");
    }
}
// ---------------------------------------------------------------------------------------------
// Non-separable data

#[test]
fn non_separable_data_end_at_the_limit() {
    for seed in [1u64, 2, 3] {
        // α = 8 with 20 % of the labels flipped: not separable (checked by the exact solver)
        let data = teacher_data(seed, 5, 40, 0.2, 0.0);
        for mode in [Mode::Homogeneous, Mode::Threshold] {
            let e = max_stability(&data, mode).unwrap();
            assert!(
                !e.separable,
                "seed {seed} {mode:?}: must be non-separable for this test"
            );
            let what = format!("seed {seed} {mode:?}");

            let fifty = Config {
                max_epochs: Some(50.0),
                ..Config::default()
            };
            let fit = Rosenblatt::new(&data, mode, &fifty).unwrap().run();
            assert_eq!(fit.stop, Some(Stop::Limit), "Rosenblatt {what}");
            assert_eq!(fit.steps, 50 * data.len(), "Rosenblatt {what}");
            assert!(!fit.converged && fit.errors > 0);
            assert!(fit.perceptron.w.iter().all(|v| v.is_finite()));
            assert!(fit.perceptron.theta.is_finite());

            let fits = [
                ("MinOver", Minover::new(&data, mode, &fifty).unwrap().run()),
                (
                    "AdaTron",
                    Adatron::new(&data, mode, &fifty, Strengths::default())
                        .unwrap()
                        .run(),
                ),
            ];
            for (name, fit) in fits {
                assert_eq!(fit.stop, Some(Stop::Limit), "{name} {what}");
                assert!(!fit.converged);
                assert_eq!(fit.steps, 50 * data.len(), "{name} {what}");
                assert!(
                    fit.perceptron.w.iter().all(|v| v.is_finite())
                        && fit.perceptron.theta.is_finite(),
                    "{name} {what}: {:?}",
                    fit.perceptron
                );
                let (kappa, _) = kappa_and_theta(&fit.perceptron.w, &data, mode);
                assert!(kappa < 0.0, "{name} {what}: κ = {kappa}");
                assert!(fit.kappa < 0.0 && fit.errors > 0, "{name} {what}");
            }
        }
    }
}

/// With a threshold the pair steps keep `Σ x^μ S^μ`, and `|w|/Σx ≥ κ_max` needs it to be 0: an
/// unbalanced initial embedding is refused rather than "converging" to the wrong problem.
#[test]
fn adatron_threshold_refuses_an_unbalanced_init() {
    // +1 at (1,0), (−1,0); −1 at (0,5): κ_max = 2.5 (w = (0,−1), θ = −2.5)
    let d = Dataset::from_row_major(vec![1.0, 0.0, -1.0, 0.0, 0.0, 5.0], 2, vec![1.0, 1.0, -1.0])
        .unwrap();
    assert_eq!(max_stability(&d, Mode::Threshold).unwrap().kappa, 2.5);
    let start = |x: Vec<f64>| Strengths {
        init: Some(x),
        ..Strengths::default()
    };
    let e = Adatron::new(
        &d,
        Mode::Threshold,
        &Config::default(),
        start(vec![1.0, 1.0, 0.0]),
    )
    .unwrap_err();
    assert!(matches!(e, perceptron_lab::Error::OutOfRange { .. }), "{e}");
    // a balanced start is accepted and the certificate holds
    let config = Config {
        gap_tolerance: 1e-6,
        ..Config::default()
    };
    let fit = Adatron::new(&d, Mode::Threshold, &config, start(vec![0.5, 0.5, 1.0]))
        .unwrap()
        .run();
    assert!(fit.kappa_upper.unwrap() >= 2.5 - 1e-12);
    assert!(fit.kappa <= 2.5 + 1e-12 && fit.kappa >= 2.5 * (1.0 - 1e-6) - 1e-12);
}

/// AdaTron's `η` in the book's units (Biehl §3.7): the fixed step `x̂^μ ← max(0, x̂^μ + η(1 − E^μ))`
/// with `w = (1/N) Σ x̂^μ S^μ ξ^μ`, so the first step from tabula rasa on example 0 gives
/// `w = (η/N) S^0 ξ^0`; it converges to the certified gap for `0 < η < 2/max C^μμ`,
/// `C^μμ = |ξ^μ|²/N` (with a threshold `1/(2 max C^μμ)`), and is refused outside with a message
/// that names the value and the bound for the data set.
#[test]
fn adatron_takes_the_books_eta_within_its_bound() {
    use perceptron_lab::train::{self, Algorithm, Config};
    for (seed, n, p) in [(11, 10, 40), (12, 4, 30)] {
        for mode in [Mode::Homogeneous, Mode::Threshold] {
            let offset = if mode == Mode::Threshold { 0.2 } else { 0.0 };
            let data = teacher_data(seed, n, p, 0.0, offset);
            let max_c = (0..p)
                .map(|mu| dot(data.x(mu), data.x(mu)) / n as f64)
                .fold(0.0, f64::max);
            let bound = match mode {
                Mode::Homogeneous => 2.0 / max_c,
                Mode::Threshold => 0.5 / max_c,
            };
            let config = |eta: f64| Config {
                learning_rate: Some(eta),
                max_epochs: Some(1e5),
                ..Config::default()
            };
            let what = format!("seed {seed}, {mode:?}");
            if mode == Mode::Homogeneous {
                let eta = 0.7 * bound;
                let mut t = train::build(Algorithm::Adatron, &data, mode, &config(eta)).unwrap();
                t.step();
                let want: Vec<f64> = data
                    .x(0)
                    .iter()
                    .map(|v| eta / n as f64 * data.y(0) * v)
                    .collect();
                for (g, w) in t.perceptron().w.iter().zip(&want) {
                    assert!((g - w).abs() <= 1e-15 * w.abs().max(1.0), "{what}");
                }
            }
            let kappa_max = exact(&data, mode).kappa;
            for eta in [0.3 * bound, 0.95 * bound] {
                let fit = train::build(Algorithm::Adatron, &data, mode, &config(eta))
                    .unwrap()
                    .run();
                assert_eq!(fit.stop, Some(Stop::GapReached), "{what}, η = {eta}");
                let kappa = kappa_and_theta(&fit.perceptron.w, &data, mode).0;
                assert!(
                    kappa >= kappa_max * (1.0 - 1e-3) - 1e-12 && kappa <= kappa_max + 1e-12,
                    "{what}, η = {eta}: κ = {kappa} vs κ_max = {kappa_max}"
                );
            }
            for eta in [bound * (1.0 + 1e-9), 1.5 * bound, 0.0, -1.0] {
                let err = train::build(Algorithm::Adatron, &data, mode, &config(eta))
                    .err()
                    .unwrap_or_else(|| panic!("{what}: η = {eta} accepted"));
                let text = err.to_string();
                let shown: f64 = text
                    .split("must be in (0, ")
                    .nth(1)
                    .and_then(|r| r.split(')').next())
                    .and_then(|b| b.parse().ok())
                    .unwrap_or_else(|| panic!("{what}: no bound in {text}"));
                assert!((shown - bound).abs() <= 1e-5 * bound, "{what}: {text}");
                assert!(text.contains(&format!("got {eta}")), "{what}: {text}");
            }
        }
    }
    // the soft margin takes no η
    let data = teacher_data(13, 3, 10, 0.0, 0.0);
    let config = Config {
        learning_rate: Some(0.1),
        ..Config::default()
    };
    let err = train::build(Algorithm::SoftMargin, &data, Mode::Homogeneous, &config)
        .err()
        .unwrap();
    assert!(err.to_string().contains("adatron"), "{err}");
}
