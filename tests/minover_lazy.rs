//! MinOver's certified candidate window against a plain `O(P N)` MinOver written here: the same
//! example at every step, and potentials that equal recomputed ones.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{dot, signed_rows, teacher_data};
use perceptron_lab::data::Dataset;
use perceptron_lab::train::{Config, Minover, Mode, Stop, Trainer};

/// MinOver as in the book: `h_μ = w·z^μ` recomputed, `ν = argmin h` (the first of equal ones),
/// `w ← w + z^ν / N`.
struct Reference {
    z: Vec<Vec<f64>>,
    w: Vec<f64>,
}

impl Reference {
    fn new(d: &Dataset) -> Self {
        Self {
            z: signed_rows(d),
            w: vec![0.0; d.dim()],
        }
    }

    fn potentials(&self) -> Vec<f64> {
        self.z.iter().map(|z| dot(&self.w, z)).collect()
    }

    /// One step; returns the example and the potentials it chose from.
    fn step(&mut self) -> (usize, Vec<f64>) {
        let h = self.potentials();
        let mut nu = 0;
        for (mu, &v) in h.iter().enumerate() {
            if v < h[nu] {
                nu = mu;
            }
        }
        let eta = 1.0 / self.w.len() as f64;
        for (wi, zi) in self.w.iter_mut().zip(&self.z[nu]) {
            *wi += eta * zi;
        }
        (nu, h)
    }
}

/// Runs MinOver (fixed step count, no gap stop) and the reference side by side for `steps`
/// steps and asserts the same example at every step; returns how many steps the window decided.
fn assert_same_choices(d: &Dataset, steps: usize, gram_budget: usize, what: &str) -> usize {
    let config = Config {
        max_epochs: Some(steps as f64 / d.len() as f64),
        gap_tolerance: 0.0,
        ..Config::default()
    };
    let mut m = Minover::with_gram_budget(d, Mode::Homogeneous, &config, gram_budget).unwrap();
    let mut r = Reference::new(d);
    for t in 0..steps {
        let s = m.step();
        let (nu, h) = r.step();
        let mine = s
            .example
            .unwrap_or_else(|| panic!("{what}: stopped at {t}: {:?}", s.stop));
        if mine != nu {
            // only a floating-point tie may differ: equal potentials to rounding
            let scale = h.iter().fold(0.0_f64, |a, v| a.max(v.abs()));
            panic!(
                "{what} step {t}: chose {mine} (h = {}), the scan {nu} (h = {}), scale {scale}",
                h[mine], h[nu]
            );
        }
    }
    assert_eq!(m.progress().0, steps);
    m.window_steps()
}

/// 10⁵ steps on teacher sets whose `P` lets the window open (`P ≥ 2 max(P/4, N + 8)`), with the
/// Gram matrix stored, and without it (rows of the window's Gram matrix by dot products). On
/// separable sets most steps come from the window, so the comparison tests it; on a noisy
/// (non-separable) set `min h` stays negative, the bound rarely holds and the full scans decide.
#[test]
fn window_makes_the_same_choices_as_a_full_scan() {
    for (seed, n, p) in [(1, 20, 200), (2, 5, 60), (3, 12, 150)] {
        let d = teacher_data(seed, n, p, 0.0);
        let what = format!("N={n} P={p}");
        let in_window = assert_same_choices(&d, 100_000, usize::MAX, &what);
        assert!(
            in_window > 80_000,
            "{what}: {in_window} steps in the window"
        );
    }
    let d = teacher_data(4, 8, 80, 0.0);
    let in_window = assert_same_choices(&d, 30_000, 0, "N=8 P=80 without a Gram matrix");
    assert!(in_window > 20_000, "without a Gram matrix: {in_window}");
    let d = teacher_data(3, 10, 150, 0.1);
    assert_same_choices(&d, 20_000, usize::MAX, "N=10 P=150 λ=0.1");
}

/// After 10⁵ steps the potentials MinOver keeps (the window's, brought up to date from its
/// update counts) equal `w·z^μ` recomputed from its weights, to 1e-9 relative; so does `|w|²`
/// (checked through `κ(w)`, which the fit computes from `w` directly).
#[test]
fn potentials_after_many_steps_equal_recomputed_ones() {
    for (seed, n, p) in [(5, 20, 200), (6, 6, 90)] {
        let d = teacher_data(seed, n, p, 0.0);
        let config = Config {
            max_epochs: Some(100_000.0 / p as f64),
            gap_tolerance: 0.0,
            ..Config::default()
        };
        let mut m = Minover::new(&d, Mode::Homogeneous, &config).unwrap();
        let fit = m.run();
        assert_eq!(fit.steps, 100_000);
        let z = signed_rows(&d);
        let w = &fit.perceptron.w;
        let h = m.potentials();
        let scale = dot(w, w).sqrt() * z.iter().map(|z| dot(z, z).sqrt()).fold(0.0, f64::max);
        for (mu, zm) in z.iter().enumerate() {
            let direct = dot(w, zm);
            assert!(
                (h[mu] - direct).abs() <= 1e-9 * scale,
                "N={n} P={p} μ={mu}: kept {} recomputed {direct}",
                h[mu]
            );
        }
        // the embedding strengths count the updates: Σ x = steps / N
        let sum_x: f64 = fit.embedding.iter().sum();
        assert!((sum_x - 100_000.0 / n as f64).abs() <= 1e-9 * sum_x);
        // and w = Σ x^μ z^μ
        for (i, &wi) in w.iter().enumerate() {
            let from_x: f64 = fit.embedding.iter().zip(&z).map(|(x, z)| x * z[i]).sum();
            assert!((wi - from_x).abs() <= 1e-9 * scale);
        }
    }
}

/// `run` (whose hot loop takes the steps through the origin without `advance`'s checks where
/// none can apply) ends exactly where stepping one `step` at a time ends: the same stop, step
/// count, weights and embedding strengths, bit for bit — with and without the window, with the
/// certified-gap stop, the patience stop, the step limit, and with a threshold.
#[test]
fn run_ends_as_stepping_does() {
    let stepped = |mut m: perceptron_lab::train::Minover| {
        while m.step().stop.is_none() {}
        m.fit()
    };
    let mut stops = vec![];
    for (seed, n, p, gap, patience, mode) in [
        (1, 20, 200, 0.0, None, Mode::Homogeneous),
        (2, 20, 40, 0.0, None, Mode::Homogeneous),
        (3, 10, 150, 1e-3, None, Mode::Homogeneous),
        (4, 20, 30, 1e-2, None, Mode::Homogeneous),
        (5, 20, 200, 0.0, Some(200), Mode::Homogeneous),
        (6, 12, 150, 1e-3, None, Mode::Threshold),
    ] {
        let d = teacher_data(seed, n, p, 0.0);
        let build = || {
            let config = Config {
                max_epochs: Some(100.0),
                gap_tolerance: gap,
                patience,
                ..Config::default()
            };
            Minover::new(&d, mode, &config).unwrap()
        };
        let (mut fast, slow) = (build(), stepped(build()));
        let fit = fast.run();
        assert_eq!(fit, slow, "seed {seed}: N={n} P={p}");
        stops.push(fit.stop);
    }
    for stop in [Stop::Limit, Stop::GapReached, Stop::NoImprovement] {
        assert!(
            stops.contains(&Some(stop)),
            "{stop:?} not reached: {stops:?}"
        );
    }
}
