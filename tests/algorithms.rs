//! The rest of the algorithm family against independent references: Adaline against the
//! pseudo-inverse solution, the pocket algorithm against the enumerated minimum of training
//! errors, the soft margin against the exact hard-margin optimum and its own optimality
//! conditions, the logistic and tanh Adalines' gradients against finite differences (and the tanh
//! Adaline's slow start from far off and its stops), and the lecture-notes
//! perceptron against the notes' worked exercise.

mod common;

use common::{dot, embedded_weights, errors, norm, potential, teacher_data};
use perceptron_lab::data::Dataset;
use perceptron_lab::exact::max_stability;
use perceptron_lab::measure::Perceptron;
use perceptron_lab::rng::{gaussian_vec, rng_from_seed};
use perceptron_lab::train::{
    self, adaline, logistic, notes, AdalineBatch, Adatron, Config, Loss, Mode, Pocket, Stop,
    Strengths, Trainer,
};

fn gaussian_data(seed: u64, n: usize, p: usize) -> Dataset {
    let mut rng = rng_from_seed(seed);
    let xs = gaussian_vec(n * p, &mut rng);
    let ys = (0..p)
        .map(|mu| {
            if (mu * 7 + seed as usize).is_multiple_of(3) {
                -1.0
            } else {
                1.0
            }
        })
        .collect();
    Dataset::from_row_major(xs, n, ys).unwrap()
}

/// Solves `A x = b` (`A` dense, row-major, `k × k`) by Gaussian elimination with partial pivoting.
fn solve(mut a: Vec<f64>, mut b: Vec<f64>) -> Vec<f64> {
    let k = b.len();
    for col in 0..k {
        let piv = (col..k)
            .max_by(|&i, &j| a[i * k + col].abs().total_cmp(&a[j * k + col].abs()))
            .unwrap();
        for c in 0..k {
            a.swap(col * k + c, piv * k + c);
        }
        b.swap(col, piv);
        for r in col + 1..k {
            let f = a[r * k + col] / a[col * k + col];
            for c in col..k {
                a[r * k + c] -= f * a[col * k + c];
            }
            b[r] -= f * b[col];
        }
    }
    let mut x = vec![0.0; k];
    for r in (0..k).rev() {
        let s: f64 = (r + 1..k).map(|c| a[r * k + c] * x[c]).sum();
        x[r] = (b[r] - s) / a[r * k + r];
    }
    x
}

/// The pseudo-inverse solution `w = Σ x^μ z̃^μ`, `x = (Z̃ Z̃ᵀ)⁻¹ 1`, for the signed (and, with a
/// threshold, augmented by `−1`) inputs `z̃^μ`: every `E^μ = 1`. Returns `(w, θ)`.
fn pseudo_inverse(data: &Dataset, mode: Mode) -> (Vec<f64>, f64) {
    let z: Vec<Vec<f64>> = (0..data.len())
        .map(|mu| {
            let mut v: Vec<f64> = data.x(mu).iter().map(|v| v * data.y(mu)).collect();
            if mode == Mode::Threshold {
                v.push(-data.y(mu));
            }
            v
        })
        .collect();
    let p = z.len();
    let gram: Vec<f64> = (0..p * p).map(|i| dot(&z[i / p], &z[i % p])).collect();
    let x = solve(gram, vec![1.0; p]);
    let mut w = vec![0.0; z[0].len()];
    for (zm, xm) in z.iter().zip(&x) {
        for (wi, zi) in w.iter_mut().zip(zm) {
            *wi += xm * zi;
        }
    }
    let theta = if mode == Mode::Threshold {
        w.pop().unwrap()
    } else {
        0.0
    };
    (w, theta)
}

#[test]
fn adaline_converges_to_the_pseudo_inverse_solution() {
    for (seed, n, p) in [(1, 6, 4), (2, 10, 8), (3, 3, 2), (4, 20, 7)] {
        let data = gaussian_data(seed, n, p);
        for mode in [Mode::Homogeneous, Mode::Threshold] {
            if mode == Mode::Threshold && p > n {
                continue; // the augmented C̃ would be singular
            }
            let (w_ref, theta_ref) = pseudo_inverse(&data, mode);
            let config = Config {
                gradient_tolerance: 1e-14,
                max_epochs: Some(200_000.0),
                ..Config::default()
            };
            let seq = adaline::lms(&data, mode, &config).unwrap().run();
            let batch = AdalineBatch::new(&data, mode, &config).unwrap().run();
            for (name, fit) in [("sequential", &seq), ("batch", &batch)] {
                // converged where the gradient vanishes (a set fitted exactly: every E^μ = 1)
                assert_eq!(fit.stop, Some(Stop::Stationary), "{name} {seed} {mode:?}");
                let err = fit
                    .perceptron
                    .w
                    .iter()
                    .zip(&w_ref)
                    .map(|(a, b)| (a - b).abs())
                    .fold((fit.perceptron.theta - theta_ref).abs(), f64::max);
                assert!(
                    err < 1e-8 * (1.0 + norm(&w_ref)),
                    "{name} Adaline, seed {seed}, {mode:?}: |w − w_pinv|∞ = {err:e}"
                );
                // every example at potential 1
                let (w, theta) = (&fit.perceptron.w, fit.perceptron.theta);
                for mu in 0..data.len() {
                    let e = potential(w, theta, &data, mu);
                    assert!((e - 1.0).abs() < 1e-7, "{name}: E^{mu} = {e}");
                }
            }
        }
    }
}

#[test]
fn adaline_rejects_an_unstable_learning_rate() {
    let data = gaussian_data(5, 4, 6);
    let c_max = (0..6)
        .map(|mu| dot(data.x(mu), data.x(mu)))
        .fold(0.0, f64::max)
        / 4.0;
    let rate = |eta: f64| Config {
        learning_rate: Some(eta),
        ..Config::default()
    };
    let err = adaline::lms(&data, Mode::Homogeneous, &rate(2.01 / c_max))
        .expect_err("η above 2/max C_μμ is refused");
    assert!(err.to_string().contains("learning rate"), "{err}");
    assert!(adaline::lms(&data, Mode::Homogeneous, &rate(1.99 / c_max)).is_ok());
}

/// The fewest training errors (`E^μ ≤ 0`) of any `w` through the origin in 2-D, by enumeration:
/// the error count only changes where `w ⟂ ξ^μ`, so the midpoints between consecutive critical
/// angles `φ_μ ± π/2` visit every attainable count.
fn min_errors_2d(data: &Dataset) -> usize {
    use std::f64::consts::{FRAC_PI_2, TAU};
    let mut crit: Vec<f64> = (0..data.len())
        .flat_map(|mu| {
            let a = libm::atan2(data.x(mu)[1], data.x(mu)[0]);
            [
                (a + FRAC_PI_2).rem_euclid(TAU),
                (a - FRAC_PI_2).rem_euclid(TAU),
            ]
        })
        .collect();
    crit.sort_by(f64::total_cmp);
    (0..crit.len())
        .map(|i| {
            let next = if i + 1 < crit.len() {
                crit[i + 1]
            } else {
                crit[0] + TAU
            };
            let phi = f64::midpoint(crit[i], next);
            let w = [libm::cos(phi), libm::sin(phi)];
            (0..data.len())
                .filter(|&mu| dot(&w, data.x(mu)) * data.y(mu) <= 0.0)
                .count()
        })
        .min()
        .unwrap()
}

#[test]
fn pocket_never_gets_worse_and_finds_the_fewest_errors() {
    for seed in 0..6u64 {
        // noisy teacher sets in 2-D: not separable, small enough to enumerate
        let data = teacher_data(100 + seed, 2, 16, 0.25);
        let best = min_errors_2d(&data);
        let config = Config {
            seed,
            max_epochs: Some(400.0),
            ..Config::default()
        };
        let mut pocket = Pocket::new(&data, Mode::Homogeneous, &config).unwrap();
        let mut last = usize::MAX;
        loop {
            let step = pocket.step();
            let now = pocket.perceptron();
            let errors = errors(&now.w, now.theta, &data);
            assert!(
                errors <= last,
                "seed {seed}: pocket errors rose {last} → {errors}"
            );
            assert_eq!(errors, pocket.pocket_errors());
            last = errors;
            if step.stop.is_some() {
                break;
            }
        }
        assert_eq!(
            last, best,
            "seed {seed}: pocket ends at {last}, the minimum is {best}"
        );
    }
}

#[test]
fn pocket_stops_without_errors_on_separable_data() {
    let data = teacher_data(7, 5, 40, 0.0);
    let fit = Pocket::new(&data, Mode::Homogeneous, &Config::default())
        .unwrap()
        .run();
    assert_eq!(fit.stop, Some(Stop::NoErrors));
    assert_eq!(fit.errors, 0);
}

/// Unit `w` and `θ/|w|`.
fn unit(p: &Perceptron) -> (Vec<f64>, f64) {
    let n = norm(&p.w);
    (p.w.iter().map(|v| v / n).collect(), p.theta / n)
}

#[test]
fn soft_margin_tends_to_the_hard_margin_optimum() {
    for (seed, n, p, mode) in [
        (1, 2, 12, Mode::Homogeneous),
        (2, 5, 30, Mode::Homogeneous),
        (3, 2, 12, Mode::Threshold),
        (4, 4, 25, Mode::Threshold),
    ] {
        let data = teacher_data(seed, n, p, 0.0);
        let exact = max_stability(&data, mode).unwrap();
        assert!(exact.separable);
        let (w_ref, t_ref) = unit(exact.perceptron.as_ref().unwrap());
        // the hard-margin optimum is feasible for the box, hence optimal, once γ ≥ max_μ x*^μ;
        // below that some strength is held at γ and the solution differs
        let gamma_c = exact.embedding.iter().fold(0.0, |a: f64, &b| a.max(b));
        for (gamma, same) in [(0.5 * gamma_c, false), (1.01 * gamma_c, true), (1e6, true)] {
            let config = Config {
                kkt_tolerance: 1e-10,
                max_epochs: Some(200_000.0),
                ..Config::default()
            };
            let bound = Strengths {
                bound: gamma,
                ..Strengths::default()
            };
            let fit = Adatron::new(&data, mode, &config, bound).unwrap().run();
            assert_eq!(fit.stop, Some(Stop::Kkt), "γ = {gamma}");
            let (w, t) = unit(&fit.perceptron);
            let distance = w
                .iter()
                .zip(&w_ref)
                .map(|(a, b)| (a - b).abs())
                .fold((t - t_ref).abs(), f64::max);
            if same {
                assert!(distance < 1e-6, "seed {seed} γ = {gamma}: {distance:e}");
                assert!((fit.kappa - exact.kappa).abs() < 1e-6 * exact.kappa);
            } else {
                assert!(
                    distance > 1e-4,
                    "seed {seed} γ = {gamma} < γ_c: {distance:e}"
                );
                assert!(fit.embedding.contains(&gamma));
            }
        }
    }
}

/// The optimality conditions of the soft-margin problem, checked from the run's own `x` and `w`:
/// `w = Σ x^μ S^μ ξ^μ`, `0 ≤ x ≤ γ`, and `x = 0 ⇒ E ≥ 1`, `0 < x < γ ⇒ E = 1`, `x = γ ⇒ E ≤ 1`.
#[test]
fn soft_margin_meets_its_optimality_conditions_on_noisy_data() {
    let tol = 1e-7;
    for (seed, mode) in [(11, Mode::Homogeneous), (12, Mode::Threshold)] {
        let data = teacher_data(seed, 3, 80, 0.15);
        assert!(!max_stability(&data, mode).unwrap().separable);
        let gamma = 0.5;
        let config = Config {
            kkt_tolerance: tol,
            max_epochs: Some(100_000.0),
            ..Config::default()
        };
        let bound = Strengths {
            bound: gamma,
            ..Strengths::default()
        };
        let fit = Adatron::new(&data, mode, &config, bound).unwrap().run();
        assert_eq!(fit.stop, Some(Stop::Kkt));
        for &x in &fit.embedding {
            assert!((0.0..=gamma).contains(&x));
        }
        let w = embedded_weights(&fit.embedding, &data);
        for (a, b) in w.iter().zip(&fit.perceptron.w) {
            assert!((a - b).abs() < 1e-9 * (1.0 + norm(&w)));
        }
        let slack = 10.0 * tol; // the threshold is an average over the free examples
        for (mu, &x) in fit.embedding.iter().enumerate() {
            let e = potential(&fit.perceptron.w, fit.perceptron.theta, &data, mu);
            if x == 0.0 {
                assert!(e >= 1.0 - slack, "x = 0 but E = {e}");
            } else if x == gamma {
                assert!(e <= 1.0 + slack, "x = γ but E = {e}");
            } else {
                assert!((e - 1.0).abs() <= slack, "free x = {x} but E = {e}");
            }
        }
        // low training error: about the noise level, far from chance
        let train =
            errors(&fit.perceptron.w, fit.perceptron.theta, &data) as f64 / data.len() as f64;
        assert!(train < 0.3, "{mode:?}: training error {train}");
    }
}

#[test]
fn logistic_gradient_matches_finite_differences() {
    let data = gaussian_data(21, 4, 15);
    let mut rng = rng_from_seed(5);
    for loss in [Loss::CrossEntropy, Loss::Squared] {
        for _ in 0..5 {
            let p = Perceptron::new(gaussian_vec(4, &mut rng), gaussian_vec(1, &mut rng)[0]);
            let (gw, gt) = loss.gradient(&p, &data);
            let h = 1e-6;
            for (i, analytic) in gw.iter().copied().chain([gt]).enumerate() {
                let shifted = |d: f64| {
                    let mut q = p.clone();
                    if i < 4 {
                        q.w[i] += d;
                    } else {
                        q.theta += d;
                    }
                    loss.total(&q, &data)
                };
                let numeric = (shifted(h) - shifted(-h)) / (2.0 * h);
                assert!(
                    (numeric - analytic).abs() < 1e-6 * (1.0 + analytic.abs()),
                    "{loss:?} ∂L/∂{i}: analytic {analytic}, numeric {numeric}"
                );
            }
        }
    }
}

#[test]
fn cross_entropy_lowers_its_cost_and_squared_error_learns_slower_from_a_bad_start() {
    let data = teacher_data(31, 5, 60, 0.0);
    // start far on the wrong side: the sigmoid saturates at the wrong answer
    let start = {
        let t = max_stability(&data, Mode::Homogeneous)
            .unwrap()
            .perceptron
            .unwrap();
        Perceptron::new(t.w.iter().map(|v| -40.0 * v).collect(), 0.0)
    };
    let run = |loss| {
        let config = Config {
            init: Some(start.clone()),
            max_epochs: Some(20.0),
            ..Config::default()
        };
        logistic::unit(&data, Mode::Homogeneous, &config, loss)
            .unwrap()
            .run()
    };
    let (ce, sq) = (run(Loss::CrossEntropy), run(Loss::Squared));
    assert!(
        Loss::CrossEntropy.total(&ce.perceptron, &data) < Loss::CrossEntropy.total(&start, &data)
    );
    assert!(
        ce.errors < sq.errors,
        "after 20 epochs: cross-entropy {} errors, squared error {}",
        ce.errors,
        sq.errors
    );
}

#[test]
fn lecture_notes_worked_exercise() {
    // weights (2.5, −3, 1.5), threshold 2, input (1, 1, 2), target 0, η = 0.1:
    // w·x − θ = 2.5 − 3 + 3 − 2 = 0.5 ≥ 0, so y = 1 and t − y = −1:
    // w ← (2.5, −3, 1.5) − 0.1 (1, 1, 2) = (2.4, −3.1, 1.3), θ ← 2 + 0.1 = 2.1.
    let data = Dataset::from_user(vec![1.0, 1.0, 2.0], 3, vec![0.0]).unwrap();
    let config = Config {
        learning_rate: Some(0.1),
        init: Some(Perceptron::new(vec![2.5, -3.0, 1.5], 2.0)),
        ..Config::default()
    };
    let mut notes = notes::perceptron(&data, Mode::Threshold, &config).unwrap();
    let step = notes.step();
    assert!(step.updated);
    let p = notes.perceptron();
    for (a, b) in p.w.iter().zip([2.4, -3.1, 1.3]) {
        assert!((a - b).abs() < 1e-12, "{:?}", p.w);
    }
    assert!((p.theta - 2.1).abs() < 1e-12);
    // now w·x − θ = 2.4 − 3.1 + 2.6 − 2.1 = −0.2 < 0: output 0, correct; the next epoch has no
    // mistake and the run stops
    let fit = notes.run();
    assert_eq!(fit.stop, Some(Stop::NoErrors));
    assert_eq!(fit.updates, 1);
}

#[test]
fn lecture_notes_perceptron_separates_separable_data_and_reports_non_separable() {
    let data = teacher_data(41, 3, 50, 0.0);
    let fit = notes::perceptron(&data, Mode::Threshold, &Config::default())
        .unwrap()
        .run();
    assert_eq!(fit.stop, Some(Stop::NoErrors));
    // XOR: no line separates it
    let xor = Dataset::from_user(
        vec![1.0, 1.0, -1.0, -1.0, 1.0, -1.0, -1.0, 1.0],
        2,
        vec![1.0, 1.0, 0.0, 0.0],
    )
    .unwrap();
    let config = Config {
        max_epochs: Some(200.0),
        ..Config::default()
    };
    let fit = notes::perceptron(&xor, Mode::Threshold, &config)
        .unwrap()
        .run();
    assert_eq!(fit.stop, Some(Stop::Limit));
    assert!(fit.perceptron.w.iter().all(|v| v.is_finite()));
}

#[test]
fn every_rule_is_reachable_by_name_and_seeded() {
    let noisy = teacher_data(51, 4, 30, 0.1);
    // the Gibbs and Bayes students need a version space: noise-free labels
    let clean = teacher_data(51, 4, 30, 0.0);
    for name in perceptron_lab::catalogue::Algorithm::rules() {
        let data = match name.info().cost {
            perceptron_lab::catalogue::StepCost::Sample => &clean,
            _ => &noisy,
        };
        for mode in [Mode::Homogeneous, Mode::Threshold] {
            let config = Config {
                max_epochs: Some(30.0),
                seed: 9,
                ..Config::default()
            };
            let a = train::build(name, data, mode, &config).unwrap().run();
            let b = train::build(name, data, mode, &config).unwrap().run();
            assert_eq!(a, b, "{name} {mode:?} is not reproducible");
            assert!(a.stop.is_some());
        }
    }
    let exact = perceptron_lab::catalogue::Algorithm::Exact;
    assert!(train::build(exact, &noisy, Mode::Homogeneous, &Config::default()).is_err());
}

/// The tanh Adaline's cost `½ Σ_μ (tanh(w·ξ^μ − θ) − S^μ)²`, written from the definition.
fn tanh_cost(w: &[f64], theta: f64, data: &Dataset) -> f64 {
    (0..data.len())
        .map(|mu| {
            let d = libm::tanh(dot(w, data.x(mu)) - theta) - data.y(mu);
            0.5 * d * d
        })
        .sum()
}

/// The six points of the page's first preset (cf. Biehl Fig. 3.4), separable through the origin.
fn six_points() -> Dataset {
    Dataset::from_row_major(
        vec![
            1.0, 2.0, 2.0, 0.5, 0.5, 1.0, -1.5, -0.5, -0.5, -2.0, 1.0, -1.5,
        ],
        2,
        vec![1.0, 1.0, 1.0, -1.0, -1.0, -1.0],
    )
    .unwrap()
}

/// `(w, θ)` as one vector, `θ` last.
fn flat(p: &Perceptron) -> Vec<f64> {
    p.w.iter().copied().chain([p.theta]).collect()
}

/// `|a − b|` of two perceptrons as `(w, θ)` vectors.
fn distance(a: &Perceptron, b: &Perceptron) -> f64 {
    let d: Vec<f64> = flat(a).iter().zip(flat(b)).map(|(x, y)| x - y).collect();
    norm(&d)
}

/// The tanh Adaline's cost and its on-line step against finite differences of the cost written
/// above: `Loss::Tanh`'s gradient, and one step of the catalogue's rule on example μ moves
/// `(w, θ)` by `−(η/N) ∂cost^μ/∂(w, θ)` with `η = 1 / max_μ C̃_μμ`.
#[test]
fn tanh_adaline_gradient_and_step_match_finite_differences() {
    use perceptron_lab::catalogue::Algorithm;
    let data = gaussian_data(23, 4, 15);
    let mut rng = rng_from_seed(6);
    let h = 1e-6;
    for _ in 0..5 {
        let p = Perceptron::new(gaussian_vec(4, &mut rng), gaussian_vec(1, &mut rng)[0]);
        let (gw, gt) = Loss::Tanh.gradient(&p, &data);
        assert!((Loss::Tanh.total(&p, &data) - tanh_cost(&p.w, p.theta, &data)).abs() < 1e-12);
        let numeric = |cost: &dyn Fn(&[f64], f64) -> f64, i: usize| {
            let shifted = |d: f64| {
                let mut v = flat(&p);
                v[i] += d;
                cost(&v[..4], v[4])
            };
            (shifted(h) - shifted(-h)) / (2.0 * h)
        };
        for (i, analytic) in gw.iter().copied().chain([gt]).enumerate() {
            let fd = numeric(&|w, t| tanh_cost(w, t, &data), i);
            assert!(
                (fd - analytic).abs() < 1e-6 * (1.0 + analytic.abs()),
                "∂L/∂{i}: analytic {analytic}, numeric {fd}"
            );
        }
        // one step on the first example (cyclic order) from p
        let config = Config {
            init: Some(p.clone()),
            order: Some(train::Presentation::Cyclic),
            ..Config::default()
        };
        let mut t = train::build(Algorithm::AdalineTanh, &data, Mode::Threshold, &config).unwrap();
        let step = t.step();
        assert_eq!(step.example, Some(0));
        let first = Dataset::from_row_major(data.x(0).to_vec(), 4, vec![data.y(0)]).unwrap();
        let max_c = (0..data.len())
            .map(|mu| (dot(data.x(mu), data.x(mu)) + 1.0) / 4.0)
            .fold(0.0, f64::max);
        let rate = 1.0 / max_c / 4.0;
        let moved: Vec<f64> = flat(&t.perceptron())
            .iter()
            .zip(flat(&p))
            .map(|(a, b)| a - b)
            .collect();
        for (i, m) in moved.iter().enumerate() {
            let fd = numeric(&|w, t| tanh_cost(w, t, &first), i);
            assert!(
                (m + rate * fd).abs() < 1e-8 * (1.0 + m.abs()),
                "step along {i}: moved {m}, −(η/N)∂cost/∂ = {}",
                -rate * fd
            );
        }
    }
}

/// The slow start: from its far-off start on the wrong side (every example saturated, `|a| ≤ 6`)
/// the tanh Adaline needs many times the steps it needs from tabula rasa to classify the six
/// points, and its first epoch hardly moves `(w, θ)`; it stops at the epoch limit on separable
/// data (no minimum at finite `w`: the cost falls towards 0 as `|w|` grows) with no errors, and
/// settles on a set that is not separable, where one more epoch moves `(w, θ)` by at most the
/// tolerance.
#[test]
fn tanh_adaline_starts_slowly_from_far_off_and_stops() {
    use perceptron_lab::catalogue::Algorithm;
    use perceptron_lab::train::logistic::{far_start, FAR_START};
    let data = six_points();
    let config = Config {
        max_epochs: Some(1000.0),
        ..Config::default()
    };
    for mode in [Mode::Homogeneous, Mode::Threshold] {
        let start = far_start(&data, mode);
        let a: Vec<f64> = (0..data.len())
            .map(|mu| potential(&start.w, start.theta, &data, mu))
            .collect();
        assert!(
            a.iter().all(|&e| (-FAR_START - 1e-12..0.0).contains(&e)),
            "{a:?}"
        );
        let steps_to_separate = |start: Option<Perceptron>| {
            let config = Config {
                init: start,
                ..config.clone()
            };
            let mut t = train::build(Algorithm::AdalineTanh, &data, mode, &config).unwrap();
            let mut k = 0;
            loop {
                let p = t.perceptron();
                if errors(&p.w, p.theta, &data) == 0 {
                    return (k, t);
                }
                t.step();
                k += 1;
            }
        };
        let (far, mut t) = steps_to_separate(None);
        let (near, _) = steps_to_separate(Some(Perceptron::new(vec![0.0; 2], 0.0)));
        assert!(
            far >= 10 * near.max(1),
            "{mode:?}: {far} steps from far off, {near} from 0"
        );
        // its first epoch moves (w, θ) by less than 5% of its length
        let mut first = train::build(Algorithm::AdalineTanh, &data, mode, &config).unwrap();
        for _ in 0..data.len() {
            first.step();
        }
        let moved = distance(&first.perceptron(), &start) / norm(&flat(&start));
        assert!(
            moved < 0.05,
            "{mode:?}: the first epoch moved {moved} of |(w, θ)|"
        );
        // separable: no minimum, the run ends at the epoch limit without errors
        let fit = t.run();
        assert_eq!(fit.stop, Some(Stop::Limit), "{mode:?}");
        assert_eq!(fit.errors, 0);
        assert!(tanh_cost(&fit.perceptron.w, fit.perceptron.theta, &data) < 1e-3);
    }
    // the six points and a seventh −1 among the +1s: not separable, a minimum at finite w
    let mut xs = data.features().to_vec();
    xs.extend([0.8, 1.6]);
    let mut ys = data.labels().to_vec();
    ys.push(-1.0);
    let noisy = Dataset::from_row_major(xs, 2, ys).unwrap();
    for mode in [Mode::Homogeneous, Mode::Threshold] {
        let fit = train::build(Algorithm::AdalineTanh, &noisy, mode, &Config::default())
            .unwrap()
            .run();
        // a sequential rule with a fixed η on a set it cannot fit ends on a circle around the
        // minimum, and says so (not converged): one more epoch (the same cyclic order) from
        // where it stopped comes back to within 10⁻⁴ of the path it travels
        assert_eq!(fit.stop, Some(Stop::Cycling), "{mode:?}");
        assert!(!fit.converged);
        let again = Config {
            init: Some(fit.perceptron.clone()),
            ..Config::default()
        };
        let mut t = train::build(Algorithm::AdalineTanh, &noisy, mode, &again).unwrap();
        let mut path = 0.0;
        let mut before = t.perceptron();
        for _ in 0..noisy.len() {
            t.step();
            path += distance(&t.perceptron(), &before);
            before = t.perceptron();
        }
        let moved = distance(&t.perceptron(), &fit.perceptron);
        assert!(
            path > 0.0 && moved <= 1.1e-4 * path,
            "{mode:?}: one more epoch moved {moved} of {path}"
        );
        let start = far_start(&noisy, mode);
        assert!(
            tanh_cost(&fit.perceptron.w, fit.perceptron.theta, &noisy)
                < 0.5 * tanh_cost(&start.w, start.theta, &noisy)
        );
    }
}
