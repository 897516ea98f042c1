//! The fast paths of MinOver, AdaTron and Rosenblatt against the book's rules written plainly
//! (`train::minover::reference`, `train::adatron::reference`, and Rosenblatt's rule below), on
//! seeded teacher sets: the same example chosen at every step, the same embedding strengths and
//! weights up to rounding, the same stop.

use perceptron_lab::data::{generate, Dataset};
use perceptron_lab::linalg::{axpy, dot, norm};
use perceptron_lab::rng::rng_from_seed;
use perceptron_lab::train::adatron::reference::Reference as AdatronReference;
use perceptron_lab::train::minover::reference::Reference as MinoverReference;
use perceptron_lab::train::{self, Algorithm, Config, Mode, Stop, Trainer};

/// A separable teacher set of `p` examples in `n` dimensions, from `seed`.
fn teacher_data(p: usize, n: usize, seed: u64) -> Dataset {
    let mut rng = rng_from_seed(seed);
    let teacher = generate::teacher(n, &mut rng);
    generate::teacher_set(p, &teacher, 0.0, &mut rng).unwrap()
}

fn trainer(algorithm: Algorithm, data: &Dataset, gap: f64, epochs: f64) -> Box<dyn Trainer> {
    let config = Config {
        gap_tolerance: gap,
        max_epochs: Some(epochs),
        ..Config::default()
    };
    train::build(algorithm, data, Mode::Homogeneous, &config).unwrap()
}

/// `a` and `b` agree to `rel` of the larger magnitude in `b`.
fn close(a: &[f64], b: &[f64], rel: f64) -> bool {
    let scale = b
        .iter()
        .fold(0.0f64, |m, v| m.max(v.abs()))
        .max(f64::MIN_POSITIVE);
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| (x - y).abs() <= rel * scale)
}

/// The crate's embedding strengths in the book's units (times `N`).
fn counts(x: &[f64], n: usize) -> Vec<f64> {
    x.iter().map(|v| v * n as f64).collect()
}

/// Sets with a window (P ≥ 2k) and without, in few and more dimensions.
const SETS: [(usize, usize, u64); 5] = [
    (10, 2, 1),
    (40, 5, 2),
    (200, 10, 3),
    (400, 20, 4),
    (60, 30, 5),
];

#[test]
fn minover_chooses_the_books_example_at_every_step() {
    for (p, n, seed) in SETS {
        let data = teacher_data(p, n, seed);
        let mut book = MinoverReference::new(&data);
        let stop = book.run(1e-2, 50 * p);
        let mut fast = trainer(Algorithm::Minover, &data, 1e-2, 50.0);
        let mut book = MinoverReference::new(&data);
        let mut steps = 0;
        loop {
            let step = fast.step();
            let Some(mu) = step.example else {
                assert_eq!(step.stop, Some(stop), "P = {p}, N = {n}");
                break;
            };
            assert_eq!(mu, book.step(), "P = {p}, N = {n}, step {steps}");
            steps += 1;
        }
        assert_eq!(steps, book.steps, "P = {p}, N = {n}");
        let fit = fast.fit();
        // the same w; the crate's x^μ (w = Σ x^μ S^μ ξ^μ) are the book's counts over N
        assert!(close(&fit.perceptron.w, &book.w, 1e-9), "P = {p}, N = {n}");
        assert!(
            close(&counts(&fit.embedding, n), &book.x, 1e-9),
            "P = {p}, N = {n}"
        );
    }
}

#[test]
fn minover_run_in_its_tight_loop_stops_where_the_book_does() {
    for (p, n, seed) in SETS {
        let data = teacher_data(p, n, seed);
        for gap in [1e-1, 1e-2, 1e-3] {
            let mut book = MinoverReference::new(&data);
            let stop = book.run(gap, 200 * p);
            let fit = trainer(Algorithm::Minover, &data, gap, 200.0).run();
            assert_eq!(
                (fit.stop, fit.steps),
                (Some(stop), book.steps),
                "P = {p}, gap {gap}"
            );
            assert!(close(&counts(&fit.embedding, n), &book.x, 1e-9));
            assert!((fit.kappa - book.kappa()).abs() <= 1e-9 * book.kappa().abs());
        }
    }
}

#[test]
fn adatron_matches_the_books_sweeps_and_stop() {
    for (p, n, seed) in SETS {
        let data = teacher_data(p, n, seed);
        let mut book = AdatronReference::new(&data, None);
        let stop = book.run(1e-3, 20_000 * p);
        assert_eq!(stop, Stop::GapReached, "P = {p}, N = {n}");
        let mut fast = trainer(Algorithm::Adatron, &data, 1e-3, 20_000.0);
        let mut check = AdatronReference::new(&data, None);
        while let Some(mu) = fast.step().example {
            assert_eq!(mu, check.step());
            // every sweep: the crate's x^μ are the book's over N, up to rounding
            if check.steps.is_multiple_of(p) {
                let book_x: Vec<f64> = check.x.iter().map(|v| v / n as f64).collect();
                assert!(
                    close(&fast.fit().embedding, &book_x, 1e-8),
                    "P = {p}, N = {n}, step {}",
                    check.steps
                );
            }
        }
        let fit = fast.fit();
        assert_eq!(
            (fit.stop, fit.steps),
            (Some(stop), book.steps),
            "P = {p}, N = {n}"
        );
        // both certified within the tolerance of κ_max: κ ≥ (1 − g) U ≥ (1 − g) κ_max
        let (k, u) = (fit.kappa, fit.kappa_upper.unwrap());
        assert!(k >= (1.0 - 1e-3) * book.kappa_upper() && book.kappa() >= (1.0 - 1e-3) * u);
    }
}

/// Rosenblatt's rule as the book writes it: cyclic, `E^μ ≤ 0` ⇒ `w ← w + (1/N) ξ^μ S^μ`, until an
/// epoch without an update. Returns the examples updated on, in order, and `w`.
fn rosenblatt_book(data: &Dataset, max_epochs: usize) -> (Vec<usize>, Vec<f64>) {
    let n = data.dim() as f64;
    let mut w = vec![0.0; data.dim()];
    let mut updates = Vec::new();
    for _ in 0..max_epochs {
        let before = updates.len();
        for mu in 0..data.len() {
            if dot(&w, data.x(mu)) * data.y(mu) <= 0.0 {
                axpy(data.y(mu) / n, data.x(mu), &mut w);
                updates.push(mu);
            }
        }
        if updates.len() == before {
            break;
        }
    }
    (updates, w)
}

#[test]
fn rosenblatt_updates_on_the_books_examples() {
    for (p, n, seed) in SETS {
        let data = teacher_data(p, n, seed);
        let (book, book_w) = rosenblatt_book(&data, 1000);
        let mut fast = trainer(Algorithm::Rosenblatt, &data, 1e-3, 1000.0);
        let mut updates = Vec::new();
        loop {
            let step = fast.step();
            if step.updated {
                updates.push(step.example.unwrap());
            }
            if step.stop.is_some() {
                break;
            }
        }
        assert_eq!(updates, book, "P = {p}, N = {n}");
        let fit = fast.fit();
        assert_eq!(fit.stop, Some(Stop::NoErrors));
        let scale = norm(&fit.perceptron.w) / norm(&book_w);
        let rescaled: Vec<f64> = book_w.iter().map(|v| v * scale).collect();
        assert!(
            close(&fit.perceptron.w, &rescaled, 1e-9),
            "P = {p}, N = {n}"
        );
    }
}
