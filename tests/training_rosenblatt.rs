//! Rosenblatt's rule against independent references: its steps computed by hand (through the
//! origin and with a threshold), the perceptron convergence (Novikoff) bounds on the number of
//! updates, seeded runs that are reproducible, and the updates of the plain rules written out
//! here (Rosenblatt's, and AdaTron's sweeps through the origin).
//!
//! Conventions (crate docs): `E^μ = (w·ξ^μ − θ) S^μ`, `κ(w) = min_μ E^μ / |w|`; weights are
//! `w = Σ x^μ S^μ ξ^μ` with step `η = 1/N`.

mod common;

use approx::assert_abs_diff_eq;
use common::training::{exact, teacher_data};
use common::{dataset, dot, min_potential, norm};
use perceptron_lab::measure::Perceptron;
use perceptron_lab::train::{
    Adatron, Config, Mode, Presentation, Rosenblatt, Stop, Strengths, Trainer,
};

// ---------------------------------------------------------------------------------------------
// Rosenblatt, by hand

#[test]
fn rosenblatt_steps_by_hand() {
    // N = 2, so each update is w ← w + ½ ξ^μ S^μ. Cyclic order, tabula rasa, θ = 0.
    //   ξ1 = (−1, 3) +1   ξ2 = (3, 3) +1   ξ3 = (−3, −3) −1
    //   ξ4 = (1, −2) −1   ξ5 = (−3, 1) −1  ξ6 = (2, −2) −1
    // (the teacher (1, 2) labels them). Update when E = S w·ξ ≤ 0 (E = 0 counts).
    //  step μ  w before     E                         w after
    //   1   1  (0, 0)       0                    upd  (−½, 3/2)
    //   2   2  (−½, 3/2)    −3/2 + 9/2 = 3            —
    //   3   3               −(3/2 − 9/2) = 3          —
    //   4   4               −(−½ − 3) = 7/2           —
    //   5   5               −(3/2 + 3/2) = −3    upd  (−½, 3/2) − ½(−3, 1) = (1, 1)
    //   6   6  (1, 1)       −(2 − 2) = 0         upd  (1, 1) − ½(2, −2) = (0, 2)
    //   7   1  (0, 2)       6                         —
    //   8   2               6                         —
    //   9   3               −(−6) = 6                 —
    //  10   4               −(−4) = 4                 —
    //  11   5               −(2) = −2            upd  (0, 2) + (3/2, −½) = (3/2, 3/2)
    //  12   6  (3/2, 3/2)   −(3 − 3) = 0         upd  (3/2, 3/2) − (1, −1) = (½, 5/2)
    //  13   1  (½, 5/2)     −½ + 15/2 = 7             —
    //  14   2               3/2 + 15/2 = 9            —
    //  15   3               −(−3/2 − 15/2) = 9        —
    //  16   4               −(½ − 5) = 9/2            —
    //  17   5               −(−3/2 + 5/2) = −1   upd  (½, 5/2) + (3/2, −½) = (2, 2)
    //  18   6  (2, 2)       −(4 − 4) = 0         upd  (2, 2) − (1, −1) = (1, 3)
    //  19   1  (1, 3)       −1 + 9 = 8                —
    //  20   2               3 + 9 = 12                —
    //  21   3               −(−3 − 9) = 12            —
    //  22   4               −(1 − 6) = 5              —
    //  23   5               −(−3 + 3) = 0        upd  (1, 3) + (3/2, −½) = (5/2, 5/2)
    //  24   6  (5/2, 5/2)   −(5 − 5) = 0         upd  (5/2, 5/2) − (1, −1) = (3/2, 7/2)
    //  25–30   (3/2, 7/2)   E = 9, 15, 15, 11/2, 1, 4: no update in a whole epoch → stop.
    // 9 updates in 30 steps (5 epochs); every number is a multiple of ½, exact in binary.
    let data = dataset(
        &[
            -1.0, 3.0, 3.0, 3.0, -3.0, -3.0, 1.0, -2.0, -3.0, 1.0, 2.0, -2.0,
        ],
        2,
        &[1.0, 1.0, -1.0, -1.0, -1.0, -1.0],
    );
    let mut r = Rosenblatt::new(&data, Mode::Homogeneous, &Config::default()).unwrap();
    let mut expected = Vec::new();
    let mut w = [0.0, 0.0];
    let updates_at: [(usize, [f64; 2]); 9] = [
        (1, [-0.5, 1.5]),
        (5, [1.0, 1.0]),
        (6, [0.0, 2.0]),
        (11, [1.5, 1.5]),
        (12, [0.5, 2.5]),
        (17, [2.0, 2.0]),
        (18, [1.0, 3.0]),
        (23, [2.5, 2.5]),
        (24, [1.5, 3.5]),
    ];
    for step in 1..=30 {
        let upd = updates_at.iter().find(|(s, _)| *s == step);
        if let Some((_, w_new)) = upd {
            w = *w_new;
        }
        expected.push((step, upd.is_some(), w));
    }
    for &(step, updated, w) in &expected {
        let s = r.step();
        assert_eq!(s.example, Some((step - 1) % 6), "step {step}");
        assert_eq!(s.updated, updated, "step {step}");
        assert_eq!(r.perceptron().w, w.to_vec(), "step {step}");
        assert_eq!(r.perceptron().theta, 0.0);
        let stop = if step == 30 {
            Some(Stop::NoErrors)
        } else {
            None
        };
        assert_eq!(s.stop, stop, "step {step}");
    }
    // further steps change nothing
    let s = r.step();
    assert!(!s.updated && s.stop == Some(Stop::NoErrors));
    let fit = r.fit();
    assert_eq!(fit.perceptron.w, vec![1.5, 3.5]);
    assert_eq!((fit.steps, fit.updates, fit.errors), (30, 9, 0));
    assert_abs_diff_eq!(fit.epochs, 5.0);
    assert!(fit.converged);
    // min E = 1 (ξ5) and |w| = √(9/4 + 49/4) = √58/2: κ = 2/√58
    assert_abs_diff_eq!(fit.kappa, 2.0 / 58f64.sqrt(), epsilon = 1e-15);
    // updates on ξ1 once, ξ5 and ξ6 four times each: x = (½, 0, 0, 0, 2, 2); Σx = 9/2
    assert_eq!(fit.embedding, vec![0.5, 0.0, 0.0, 0.0, 2.0, 2.0]);
    assert_abs_diff_eq!(
        fit.kappa_upper.unwrap(),
        58f64.sqrt() / 9.0,
        epsilon = 1e-15
    );

    // Run to the end in one go: the same result.
    let again = Rosenblatt::new(&data, Mode::Homogeneous, &Config::default())
        .unwrap()
        .run();
    assert_eq!(again, fit);
}

#[test]
fn rosenblatt_threshold_steps_by_hand() {
    // N = 1 (η = 1), +1 at ξ = 2, −1 at ξ = 1; update w ← w + ξS, θ ← θ − S when
    // E = (wξ − θ)S ≤ 0.
    //  step ξ  (w, θ) before  E                   (w, θ) after
    //   1   2  (0, 0)         0              upd  (2, −1)
    //   2   1  (2, −1)        −(2 + 1) = −3  upd  (1, 0)
    //   3   2  (1, 0)         2                   —
    //   4   1                 −(1 − 0) = −1  upd  (0, 1)
    //   5   2  (0, 1)         −1             upd  (2, 0)
    //   6   1  (2, 0)         −2             upd  (1, 1)
    //   7   2  (1, 1)         2 − 1 = 1           —
    //   8   1                 −(1 − 1) = 0   upd  (0, 2)
    //   9   2  (0, 2)         −2             upd  (2, 1)
    //  10   1  (2, 1)         −(2 − 1) = −1  upd  (1, 2)
    //  11   2  (1, 2)         2 − 2 = 0      upd  (3, 1)
    //  12   1  (3, 1)         −(3 − 1) = −2  upd  (2, 2)
    //  13   2  (2, 2)         4 − 2 = 2           —
    //  14   1                 −(2 − 2) = 0   upd  (1, 3)
    //  15   2  (1, 3)         2 − 3 = −1     upd  (3, 2)
    //  16   1  (3, 2)         −(3 − 2) = −1  upd  (2, 3)
    //  17   2  (2, 3)         4 − 3 = 1           —
    //  18   1                 −(2 − 3) = 1        —    a clean epoch: stop
    // 13 updates in 18 steps; boundary at θ/w = 1.5.
    let data = dataset(&[2.0, 1.0], 1, &[1.0, -1.0]);
    let table: [(f64, f64); 18] = [
        (2.0, -1.0),
        (1.0, 0.0),
        (1.0, 0.0),
        (0.0, 1.0),
        (2.0, 0.0),
        (1.0, 1.0),
        (1.0, 1.0),
        (0.0, 2.0),
        (2.0, 1.0),
        (1.0, 2.0),
        (3.0, 1.0),
        (2.0, 2.0),
        (2.0, 2.0),
        (1.0, 3.0),
        (3.0, 2.0),
        (2.0, 3.0),
        (2.0, 3.0),
        (2.0, 3.0),
    ];
    let mut r = Rosenblatt::new(&data, Mode::Threshold, &Config::default()).unwrap();
    for (k, &(w, theta)) in table.iter().enumerate() {
        let s = r.step();
        assert_eq!(
            r.perceptron(),
            Perceptron::new(vec![w], theta),
            "step {}",
            k + 1
        );
        assert_eq!(s.stop.is_some(), k == 17, "step {}", k + 1);
    }
    let fit = r.fit();
    assert_eq!(fit.stop, Some(Stop::NoErrors));
    assert_eq!((fit.steps, fit.updates, fit.errors), (18, 13, 0));
    // with a threshold the Rosenblatt embedding does not satisfy Σ x S = 0: no certified bound
    assert_eq!(fit.kappa_upper, None);
}
// ---------------------------------------------------------------------------------------------
// Perceptron convergence theorem

/// Random separable sets: `(seed, N, P)` with `N` from 2 to 20 and `P` up to 100.
fn convergence_cases() -> impl Iterator<Item = (u64, usize, usize)> {
    (0..40u64).map(|seed| {
        let n = 2 + (seed % 19) as usize;
        let p = 5 + ((seed * 37) % 96) as usize;
        (seed, n, p)
    })
}

#[test]
fn rosenblatt_update_count_obeys_novikoff() {
    // c = 0. Let u be the unit optimum, u·z^μ ≥ κ_max for z^μ = S^μ ξ^μ, R² = max_μ |ξ^μ|².
    // Each update adds z/N with w·z ≤ 0, so after M updates u·w ≥ M κ_max / N and
    // |w|² ≤ M R² / N² (|w + z/N|² = |w|² + 2w·z/N + |z|²/N²). Cauchy–Schwarz u·w ≤ |w| gives
    // M κ_max / N ≤ √M R / N, i.e. M ≤ R² / κ_max².
    for (seed, n, p) in convergence_cases() {
        let data = teacher_data(seed, n, p, 0.0, 0.0);
        let kappa_max = exact(&data, Mode::Homogeneous).kappa;
        let bound = data.max_norm_sq() / (kappa_max * kappa_max);
        let config = Config {
            max_epochs: Some(1_000_000.0),
            ..Config::default()
        };
        let fit = Rosenblatt::new(&data, Mode::Homogeneous, &config)
            .unwrap()
            .run();
        assert_eq!(fit.stop, Some(Stop::NoErrors), "seed {seed}");
        assert_eq!(fit.errors, 0, "seed {seed}");
        assert!(min_potential(&fit.perceptron.w, 0.0, &data) > 0.0);
        assert!(
            fit.updates as f64 <= bound,
            "seed {seed} N={n} P={p}: M = {} > R²/κ² = {bound}",
            fit.updates
        );
        // the stability reached never exceeds the maximum
        assert!(fit.kappa <= kappa_max * (1.0 + 1e-12));
    }
}

#[test]
fn rosenblatt_with_margin_obeys_the_margin_bound() {
    // c > 0: update when E = w·z ≤ c. With the unit optimum u, w* = c u / κ_max has
    // w*·z^μ ≥ c for all μ and |w*| = c / κ_max. Each update adds z/N with w·z ≤ c, so
    // |w|² grows by at most 2c/N + |z|²/N² ≤ (2c + Γ)/N with Γ = max_μ |ξ^μ|²/N, and w*·w grows
    // by at least c/N. After M updates: M c/N ≤ w*·w ≤ |w*||w| ≤ (c/κ_max) √(M (2c + Γ)/N),
    // hence M ≤ N (2c + Γ) / κ_max² (Biehl eq. 3.35 with |w*|² = c²/κ_max²).
    for (seed, n, p) in convergence_cases().step_by(2) {
        let data = teacher_data(seed, n, p, 0.0, 0.0);
        let kappa_max = exact(&data, Mode::Homogeneous).kappa;
        let gamma = data.max_norm_sq() / n as f64;
        for c in [0.25, 1.0] {
            let bound = n as f64 * (2.0 * c + gamma) / (kappa_max * kappa_max);
            let config = Config {
                margin: Some(c),
                max_epochs: Some(1_000_000.0),
                ..Config::default()
            };
            let fit = Rosenblatt::new(&data, Mode::Homogeneous, &config)
                .unwrap()
                .run();
            assert_eq!(fit.stop, Some(Stop::NoErrors), "seed {seed} c={c}");
            assert_eq!(fit.errors, 0);
            // a clean epoch means every E^μ > c
            assert!(min_potential(&fit.perceptron.w, 0.0, &data) > c);
            assert!(
                fit.updates as f64 <= bound,
                "seed {seed} N={n} P={p} c={c}: M = {} > {bound}",
                fit.updates
            );
        }
    }
}
// ---------------------------------------------------------------------------------------------
// Determinism

#[test]
fn seeded_runs_are_reproducible() {
    let make = |seed: u64| teacher_data(seed, 10, 60, 0.0, 0.0);
    assert_eq!(make(3), make(3));
    assert_ne!(make(3), make(4));

    let data = make(3);
    // `None`: cyclic; a seed: a random order from it
    let order = |seed: Option<u64>| Config {
        order: seed.map(|_| Presentation::Random),
        seed: seed.unwrap_or(1),
        ..Config::default()
    };
    let run = |seed| {
        Rosenblatt::new(&data, Mode::Homogeneous, &order(seed))
            .unwrap()
            .run()
    };
    let a = run(Some(17));
    let b = run(Some(17));
    assert_eq!(a, b);
    assert!(a.converged);
    // a different presentation order gives a different path (for this set: the weights differ)
    let c = run(Some(18));
    let cyclic = run(None);
    assert!(c.converged && cyclic.converged);
    assert_ne!(a.perceptron.w, c.perceptron.w);
    assert_ne!(a.perceptron.w, cyclic.perceptron.w);

    // the step-by-step path is reproducible too
    let path = |seed| {
        let mut r = Rosenblatt::new(&data, Mode::Homogeneous, &order(Some(seed))).unwrap();
        (0..100).map(|_| r.step().example).collect::<Vec<_>>()
    };
    assert_eq!(path(5), path(5));
    assert_ne!(path(5), path(6));
}
// ---------------------------------------------------------------------------------------------
// The plain rules

/// Rosenblatt and AdaTron (through the origin) make the updates of the plain rules, written out
/// here, also at larger N where the vectorised dot product rounds differently.
#[test]
fn rosenblatt_and_adatron_match_the_plain_rules() {
    for (seed, n, p, noise) in [(1, 20, 200, 0.0), (2, 150, 600, 0.0), (3, 5, 100, 0.1)] {
        let data = teacher_data(seed, n, p, noise, 0.0);
        for mode in [Mode::Homogeneous, Mode::Threshold] {
            // plain Rosenblatt: cyclic, η = 1/N, update when E ≤ 0
            let (mut w, mut theta, mut updates) = (vec![0.0; n], 0.0, 0usize);
            for _ in 0..100 {
                let before = updates;
                for mu in 0..p {
                    let s = data.y(mu);
                    if (dot(&w, data.x(mu)) - theta) * s <= 0.0 {
                        for (wi, xi) in w.iter_mut().zip(data.x(mu)) {
                            *wi += s * xi / n as f64;
                        }
                        if mode == Mode::Threshold {
                            theta -= s / n as f64;
                        }
                        updates += 1;
                    }
                }
                if updates == before {
                    break;
                }
            }
            let config = Config {
                max_epochs: Some(100.0),
                ..Config::default()
            };
            let fit = Rosenblatt::new(&data, mode, &config).unwrap().run();
            assert_eq!(fit.updates, updates, "Rosenblatt seed {seed} {mode:?}");
            for (a, b) in fit.perceptron.w.iter().zip(&w) {
                assert!((a - b).abs() <= 1e-9 * norm(&w), "Rosenblatt seed {seed}");
            }
        }
        // plain AdaTron through the origin: sweeps of x ← max(0, x + (1 − E)/C), 50 sweeps
        let mut x = vec![0.0; p];
        let mut w = vec![0.0; n];
        let mut updates = 0usize;
        for _ in 0..50 {
            for (mu, xm) in x.iter_mut().enumerate() {
                let z: Vec<f64> = data.x(mu).iter().map(|v| v * data.y(mu)).collect();
                let new = (*xm + (1.0 - dot(&w, &z)) / dot(&z, &z)).max(0.0);
                if new != *xm {
                    for (wi, zi) in w.iter_mut().zip(&z) {
                        *wi += (new - *xm) * zi;
                    }
                    *xm = new;
                    updates += 1;
                }
            }
        }
        let config = Config {
            max_epochs: Some(50.0),
            gap_tolerance: 0.0,
            ..Config::default()
        };
        let fit = Adatron::new(&data, Mode::Homogeneous, &config, Strengths::default())
            .unwrap()
            .run();
        assert_eq!(fit.updates, updates, "AdaTron seed {seed}");
        for (a, b) in fit.perceptron.w.iter().zip(&w) {
            assert!((a - b).abs() <= 1e-9 * norm(&w), "AdaTron seed {seed}");
        }
    }
}
