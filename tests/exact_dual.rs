//! The fast exact solvers of maximal stability through the origin — the Lawson–Hanson active-set
//! solver (`exact::ldp`, the default of `max_stability`) and the polished dual coordinate ascent
//! (`exact::dual`, with the `bench` feature only: `cargo test --features bench`, as
//! `make test-native` runs it) — against the reference (Wolfe's algorithm,
//! `common::max_stability_reference`), and against the KKT conditions checked here independently.
//!
//! Conventions (crate docs): `z^μ = S^μ ξ^μ`; the solvers return `w_opt = Σ x^μ z^μ` with
//! `min_μ w_opt·z^μ = 1`, so `κ_max = 1/|w_opt|`.

mod common;

use common::{dataset, dot, embedded_weights, max_stability_reference, norm, teacher_data};
use perceptron_lab::data::Dataset;
#[cfg(feature = "bench")]
use perceptron_lab::exact::dual::{self, DualParams, DualStop};
use perceptron_lab::exact::ldp::{self, LdpStop};
use perceptron_lab::exact::{max_stability, max_stability_with, Exact, Solver};
use perceptron_lab::rng::rng_from_seed;
use perceptron_lab::train::Mode;
use rand::Rng as _;

/// Gaussian inputs with random ±1 labels (separable or not, depending on `P/N`).
fn random_label_data(seed: u64, n: usize, p: usize) -> Dataset {
    let mut rng = rng_from_seed(seed);
    let xs = perceptron_lab::rng::gaussian_vec(n * p, &mut rng);
    let ys = (0..p)
        .map(|_| if rng.random::<bool>() { 1.0 } else { -1.0 })
        .collect();
    Dataset::from_row_major(xs, n, ys).unwrap()
}

/// The fast ways to the homogeneous optimum (the dual ascent with the `bench` feature only).
fn solvers() -> Vec<(&'static str, Solver)> {
    vec![
        ("active set", Solver::ActiveSet),
        #[cfg(feature = "bench")]
        ("dual", Solver::Dual(DualParams::default())),
    ]
}

/// Same verdict; if separable, `κ_max` and the unit `w` agree to 1e-8.
fn assert_same(fast: &Exact, reference: &Exact, what: &str) {
    assert_eq!(fast.separable, reference.separable, "{what}: separable");
    if !reference.separable {
        assert!(fast.perceptron.is_none() && fast.kappa.is_nan(), "{what}");
        return;
    }
    assert!(
        (fast.kappa - reference.kappa).abs() <= 1e-8 * reference.kappa,
        "{what}: κ {} vs reference {}",
        fast.kappa,
        reference.kappa
    );
    let (a, b) = (
        &fast.perceptron.as_ref().unwrap().w,
        &reference.perceptron.as_ref().unwrap().w,
    );
    let diff: Vec<f64> = a.iter().zip(b).map(|(x, y)| x - y).collect();
    assert!(norm(&diff) <= 1e-8, "{what}: |Δw| = {}", norm(&diff));
    assert!(
        fast.kappa.is_finite() && a.iter().all(|v| v.is_finite()),
        "{what}"
    );
}

/// The KKT conditions of `min |w|²/2` s.t. `w·z^μ ≥ 1`, from the embedding alone:
/// `x ≥ 0`, `w = Σ x^μ z^μ` has `w·z^μ ≥ 1 − 1e-9`, `x^μ (w·z^μ − 1) = 0` (to 1e-9 relative),
/// and `κ = 1/|w|` with the reported unit `w` equal to `w/|w|`.
fn assert_kkt(data: &Dataset, e: &Exact, what: &str) {
    let x = &e.embedding;
    assert!(x.iter().all(|&v| v >= 0.0), "{what}: x ≥ 0");
    let w = embedded_weights(x, data);
    let scale = x.iter().sum::<f64>().max(1.0);
    for (mu, &xm) in x.iter().enumerate() {
        let m = dot(&w, data.x(mu)) * data.y(mu);
        assert!(m >= 1.0 - 1e-9, "{what}: w·z^{mu} = {m} < 1");
        assert!(
            (xm * (m - 1.0)).abs() <= 1e-9 * scale,
            "{what}: slackness x^{mu} (w·z − 1) = {xm} · {}",
            m - 1.0
        );
    }
    assert!((e.kappa * norm(&w) - 1.0).abs() <= 1e-9, "{what}: κ|w| ≠ 1");
    let unit = &e.perceptron.as_ref().unwrap().w;
    for (a, b) in unit.iter().zip(&w) {
        assert!((a - b / norm(&w)).abs() <= 1e-9, "{what}: direction");
    }
}

#[test]
fn fast_solvers_equal_the_reference_on_teacher_sets() {
    let mut seed = 0;
    for n in [2, 3, 5, 10, 20, 50] {
        for p in [1, 2, 5, 17, 60, 150, 300] {
            seed += 1;
            let data = teacher_data(seed, n, p, 0.0);
            let reference = max_stability_reference(&data, Mode::Homogeneous).unwrap();
            assert!(reference.separable);
            for (name, solver) in solvers() {
                let what = format!("{name}, teacher N={n} P={p} seed {seed}");
                let fast = max_stability_with(&data, Mode::Homogeneous, solver).unwrap();
                assert_same(&fast, &reference, &what);
                assert_kkt(&data, &fast, &what);
            }
            // the active-set solver answers on its own (no fallback to Wolfe)
            let run = ldp::solve(&data);
            assert_eq!(run.stop, LdpStop::Optimal, "teacher N={n} P={p}");
        }
    }
}

#[cfg(feature = "bench")]
#[test]
fn dual_ascent_is_polished_on_its_own_on_small_sets() {
    // at low load the ascent converges in few sweeps; its polish then certifies the optimum
    for (seed, n, p) in [(1, 5, 10), (2, 10, 20), (3, 20, 30), (4, 50, 40)] {
        let data = teacher_data(100 + seed, n, p, 0.0);
        let run = dual::solve(&data, &DualParams::default());
        assert_eq!(run.stop, DualStop::Polished, "N={n} P={p}: {run:?}");
        let reference = max_stability_reference(&data, Mode::Homogeneous).unwrap();
        assert!((1.0 / norm(&run.w) - reference.kappa).abs() <= 1e-8 * reference.kappa);
    }
}

#[test]
fn fast_solvers_equal_the_reference_on_random_labels() {
    // around Cover's capacity P = 2N some sets are separable and some are not
    let (mut separable, mut not) = (0, 0);
    for seed in 0..60u64 {
        let n = 2 + (seed % 7) as usize * 3;
        let p = 1 + ((seed * 13) % (4 * n as u64)) as usize;
        let data = random_label_data(1000 + seed, n, p);
        let reference = max_stability_reference(&data, Mode::Homogeneous).unwrap();
        if reference.separable {
            separable += 1;
        } else {
            not += 1;
        }
        for (name, solver) in solvers() {
            let what = format!("{name}, random labels N={n} P={p} seed {seed}");
            let fast = max_stability_with(&data, Mode::Homogeneous, solver).unwrap();
            assert_same(&fast, &reference, &what);
            if fast.separable {
                assert_kkt(&data, &fast, &what);
            }
        }
        // the active-set solver decides most of them itself
        let run = ldp::solve(&data);
        if reference.separable {
            assert_ne!(run.stop, LdpStop::NotSeparable, "N={n} P={p}");
        }
    }
    assert!(
        separable > 10 && not > 10,
        "{separable} separable, {not} not"
    );
}

#[test]
fn non_separable_sets_are_reported_like_the_reference() {
    // noisy teacher sets far above capacity, and XOR through the origin
    let mut sets: Vec<Dataset> = (0..4).map(|seed| teacher_data(seed, 8, 200, 0.2)).collect();
    sets.push(dataset(
        &[1.0, 1.0, -1.0, -1.0, 1.0, -1.0, -1.0, 1.0],
        2,
        &[1.0, 1.0, -1.0, -1.0],
    ));
    for (k, data) in sets.iter().enumerate() {
        assert!(
            !max_stability_reference(data, Mode::Homogeneous)
                .unwrap()
                .separable
        );
        let e = max_stability(data, Mode::Homogeneous).unwrap();
        assert!(
            !e.separable && e.perceptron.is_none() && e.kappa.is_nan(),
            "set {k}"
        );
        assert!(e.support.is_empty() && e.embedding.iter().all(|&v| v == 0.0));
        // and the active-set solver finds the certificate (a hull point at the origin) itself
        assert_eq!(ldp::solve(data).stop, LdpStop::NotSeparable, "set {k}");
    }
}

#[test]
fn the_active_set_solver_certifies_random_labellings_far_above_capacity() {
    // Random labels at α = 4–10 and N = 40–80, as the storage chart's exact test meets them in a
    // sweep: once N + 1 columns fit the LDP's right-hand side exactly the gradient is at rounding
    // level and the next column is numerically dependent; the point of the hull at the origin
    // found by then is the certificate (the solver once left these sets to Wolfe's algorithm).
    for (seed, n, p) in [
        (1, 40, 160),
        (2, 40, 400),
        (3, 60, 300),
        (4, 80, 320),
        (5, 80, 800),
    ] {
        let data = random_label_data(seed, n, p);
        let what = format!("random labels N={n} P={p} seed {seed}");
        assert!(
            !max_stability_reference(&data, Mode::Homogeneous)
                .unwrap()
                .separable,
            "{what}"
        );
        assert_eq!(ldp::solve(&data).stop, LdpStop::NotSeparable, "{what}");
        let e = max_stability(&data, Mode::Homogeneous).unwrap();
        assert!(
            !e.separable && e.perceptron.is_none() && e.kappa.is_nan(),
            "{what}"
        );
        assert!(e.support.is_empty() && e.embedding.iter().all(|&v| v == 0.0));
    }
}

#[test]
fn degenerate_inputs_match_the_reference() {
    let cases: Vec<(&str, Dataset)> = vec![
        ("one example", dataset(&[3.0, 4.0], 2, &[1.0])),
        (
            "one example, label −1",
            dataset(&[0.5, -2.0, 1.0], 3, &[-1.0]),
        ),
        ("zero vector", dataset(&[0.0, 0.0], 2, &[1.0])),
        (
            "zero vector among others",
            dataset(&[1.0, 0.0, 0.0, 0.0, 0.0, 1.0], 2, &[1.0, 1.0, -1.0]),
        ),
        (
            "duplicates",
            dataset(
                &[1.0, 0.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 2.0, -2.0],
                2,
                &[1.0, 1.0, -1.0, -1.0, 1.0],
            ),
        ),
        (
            "all equal points",
            dataset(&[1.0, 2.0, 1.0, 2.0, 1.0, 2.0], 2, &[1.0, 1.0, 1.0]),
        ),
        (
            "all equal points, both labels",
            dataset(&[1.0, 2.0, 1.0, 2.0], 2, &[1.0, -1.0]),
        ),
        (
            "mirrored pairs (same z twice)",
            dataset(&[1.0, 1.0, -1.0, -1.0, 2.0, 0.0], 2, &[1.0, -1.0, 1.0]),
        ),
        ("1-D", dataset(&[2.0, -3.0, 0.5], 1, &[1.0, -1.0, 1.0])),
        (
            "collinear, more points than dimensions",
            dataset(
                &[1.0, 1.0, 2.0, 2.0, 3.0, 3.0, -1.0, -1.0],
                2,
                &[1.0, 1.0, 1.0, -1.0],
            ),
        ),
        (
            "tiny coordinates",
            dataset(&[1e-150, 2e-150, -3e-150, 1e-150], 2, &[1.0, -1.0]),
        ),
        (
            "huge coordinates",
            dataset(&[1e150, 2e150, -3e150, 1e150], 2, &[1.0, -1.0]),
        ),
    ];
    for (what, data) in &cases {
        let reference = max_stability_reference(data, Mode::Homogeneous).unwrap();
        for (name, solver) in solvers() {
            let fast = max_stability_with(data, Mode::Homogeneous, solver).unwrap();
            assert_same(&fast, &reference, &format!("{name}: {what}"));
            assert!(
                fast.embedding.iter().all(|v| v.is_finite()),
                "{name}: {what}"
            );
        }
    }
    // the empty set is an error for every solver
    let empty = Dataset::from_row_major(vec![], 2, vec![]).unwrap();
    for (_, solver) in solvers() {
        assert!(max_stability_with(&empty, Mode::Homogeneous, solver).is_err());
    }
}

#[test]
fn scaled_sets_match_the_reference() {
    // κ_max scales with the data; the direction does not
    for seed in 0..6 {
        let data = teacher_data(500 + seed, 2 + seed as usize, 12, 0.0);
        for c in [1e-6, 1e6, 3.7e-200, 1.1e200] {
            let xs: Vec<f64> = data.features().iter().map(|v| c * v).collect();
            let scaled = dataset(&xs, data.dim(), data.labels());
            let reference = max_stability_reference(&scaled, Mode::Homogeneous).unwrap();
            for (name, solver) in solvers() {
                let fast = max_stability_with(&scaled, Mode::Homogeneous, solver).unwrap();
                assert_same(&fast, &reference, &format!("{name}: seed {seed} c = {c}"));
            }
        }
    }
}

#[test]
fn hand_computed_optimum() {
    // z = e1, e2, e3 (ξ = e1, −e2, e3 with labels +1, −1, +1): w_opt = (1, 1, 1) = Σ z, κ = 1/√3
    let d = dataset(
        &[1.0, 0.0, 0.0, 0.0, -1.0, 0.0, 0.0, 0.0, 1.0],
        3,
        &[1.0, -1.0, 1.0],
    );
    let run = ldp::solve(&d);
    assert_eq!(run.stop, LdpStop::Optimal);
    for (&a, b) in run.w.iter().zip([1.0, 1.0, 1.0]) {
        assert!((a - b).abs() < 1e-14, "{:?}", run.w);
    }
    for &x in &run.x {
        assert!((x - 1.0).abs() < 1e-14);
    }
    let e = max_stability(&d, Mode::Homogeneous).unwrap();
    assert!((e.kappa - 1.0 / 3f64.sqrt()).abs() < 1e-15);
}
