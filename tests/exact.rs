//! The exact maximal-stability solver against independent references: brute-force angle scans in
//! 2-D, the KKT optimality certificate of the quadratic programme in higher dimension, cases
//! computed by hand, and the non-separable and error cases.
//!
//! Conventions (crate docs): `E^μ = (w·ξ^μ − θ) S^μ`, `κ(w) = min_μ E^μ / |w|`; the solver returns
//! a unit `w` and embedding strengths `x^μ ≥ 0` with `w_opt = Σ x^μ S^μ ξ^μ = w / κ_max`.

mod common;

use approx::assert_abs_diff_eq;
use common::{dataset, dot, embedded_weights, kappa, max_norm, norm, shifted, unit};
use perceptron_lab::data::Dataset;
use perceptron_lab::exact::{is_separable, max_stability, Exact};
use perceptron_lab::measure::Perceptron;
use perceptron_lab::train::Mode;
use perceptron_lab::Error;
use std::f64::consts::PI;

/// A teacher set (Gaussian inputs, labels of a homogeneous teacher), optionally shifted by
/// `offset` in every coordinate (the labels are kept, so the shifted set is separable with a
/// threshold `θ = w*·offset` and, in general, not through the origin).
fn teacher_data(seed: u64, n: usize, p: usize, offset: f64) -> Dataset {
    shifted(&common::teacher_data(seed, n, p, 0.0), offset)
}

/// `max_φ min_μ S^μ u(φ)·ξ^μ` over `n` equally spaced angles, the homogeneous 2-D stability.
fn scan_homogeneous(data: &Dataset, n: usize) -> f64 {
    let z: Vec<[f64; 2]> = (0..data.len())
        .map(|mu| [data.y(mu) * data.x(mu)[0], data.y(mu) * data.x(mu)[1]])
        .collect();
    let mut best = f64::NEG_INFINITY;
    for k in 0..n {
        let u = unit(2.0 * PI * k as f64 / n as f64);
        let mut worst = f64::INFINITY;
        for zm in &z {
            worst = worst.min(u[0] * zm[0] + u[1] * zm[1]);
            if worst <= best {
                break; // this angle cannot improve on the best
            }
        }
        best = best.max(worst);
    }
    best
}

/// `max_φ (min_{S=+1} u(φ)·ξ − max_{S=−1} u(φ)·ξ) / 2` over `n` angles: for each direction the
/// best threshold sits in the middle of the gap between the classes.
fn scan_threshold(data: &Dataset, n: usize) -> f64 {
    let mut best = f64::NEG_INFINITY;
    for k in 0..n {
        let u = unit(2.0 * PI * k as f64 / n as f64);
        let (mut lo_plus, mut hi_minus) = (f64::INFINITY, f64::NEG_INFINITY);
        for mu in 0..data.len() {
            let h = u[0] * data.x(mu)[0] + u[1] * data.x(mu)[1];
            if data.y(mu) > 0.0 {
                lo_plus = lo_plus.min(h);
            } else {
                hi_minus = hi_minus.max(h);
            }
        }
        best = best.max(0.5 * (lo_plus - hi_minus));
    }
    best
}

/// The scan's maximum is a lower bound on `κ_max` (each angle is a feasible unit `w`). The
/// stability `f(φ)` of `u(φ)` is Lipschitz with constant `R = max_μ |ξ^μ|` (`|d(u·ξ)/dφ| ≤ |ξ|`,
/// and a min or a max, or the half-difference of one of each, keeps the constant), and the optimal
/// angle is within `π/n` of a grid angle, so `κ_max ≤ scan + R π / n`.
fn assert_scan_brackets(exact: &Exact, scan: f64, data: &Dataset, n: usize, what: &str) {
    let resolution = max_norm(data) * PI / n as f64;
    assert!(exact.separable, "{what}: teacher data are separable");
    assert!(
        exact.kappa >= scan - 1e-12,
        "{what}: κ_max = {} below the scan's {scan}",
        exact.kappa
    );
    assert!(
        exact.kappa <= scan + resolution + 1e-12,
        "{what}: κ_max = {} above scan {scan} + resolution {resolution}",
        exact.kappa
    );
}

/// Checks the reported optimum against its own definition: `|w| = 1` and `κ = κ(w, θ)`.
fn assert_consistent(exact: &Exact, data: &Dataset) {
    let p = exact.perceptron.as_ref().expect("separable");
    assert_abs_diff_eq!(norm(&p.w), 1.0, epsilon = 1e-12);
    assert_abs_diff_eq!(kappa(&p.w, p.theta, data), exact.kappa, epsilon = 1e-12);
}

#[test]
fn homogeneous_2d_matches_an_angle_scan() {
    // 10^6 angles for the small sets, 2·10^5 for the larger ones (debug-mode run time); the
    // tolerance follows from the resolution either way.
    for (seed, p, n_angles) in [
        (1, 5, 1_000_000),
        (2, 8, 1_000_000),
        (3, 12, 1_000_000),
        (4, 20, 200_000),
        (5, 30, 200_000),
        (6, 40, 200_000),
    ] {
        let data = teacher_data(seed, 2, p, 0.0);
        let exact = max_stability(&data, Mode::Homogeneous).unwrap();
        let scan = scan_homogeneous(&data, n_angles);
        assert_scan_brackets(&exact, scan, &data, n_angles, &format!("seed {seed}"));
        assert_consistent(&exact, &data);
        assert_eq!(exact.perceptron.as_ref().unwrap().theta, 0.0);
    }
}

#[test]
fn threshold_2d_matches_an_angle_scan() {
    for (seed, p, offset, n_angles) in [
        (11, 5, 0.0, 1_000_000),
        (12, 8, 2.0, 1_000_000),
        (13, 12, -1.5, 500_000),
        (14, 20, 3.0, 200_000),
        (15, 30, 0.5, 200_000),
        (16, 40, -4.0, 200_000),
    ] {
        let data = teacher_data(seed, 2, p, offset);
        let exact = max_stability(&data, Mode::Threshold).unwrap();
        let scan = scan_threshold(&data, n_angles);
        assert_scan_brackets(&exact, scan, &data, n_angles, &format!("seed {seed}"));
        assert_consistent(&exact, &data);
        // θ is the middle of the gap along w (computed here)
        let pc = exact.perceptron.as_ref().unwrap();
        let h: Vec<f64> = (0..data.len()).map(|mu| dot(&pc.w, data.x(mu))).collect();
        let lo_plus = (0..data.len())
            .filter(|&mu| data.y(mu) > 0.0)
            .map(|mu| h[mu])
            .fold(f64::INFINITY, f64::min);
        let hi_minus = (0..data.len())
            .filter(|&mu| data.y(mu) < 0.0)
            .map(|mu| h[mu])
            .fold(f64::NEG_INFINITY, f64::max);
        assert_abs_diff_eq!(pc.theta, 0.5 * (lo_plus + hi_minus), epsilon = 1e-12);
    }
}

/// The KKT conditions of `min |w|²/2` s.t. `(w·ξ^μ − θ) S^μ ≥ 1` (convex, so they are sufficient):
/// primal feasibility `E^μ ≥ 1`, dual feasibility `x^μ ≥ 0`, stationarity `w = Σ x^μ S^μ ξ^μ`
/// (and `Σ x^μ S^μ = 0` with a threshold), complementary slackness `x^μ (E^μ − 1) = 0`.
/// The optimum `w_opt` then has `κ_max = 1/|w_opt|`, and the reported unit `w` is `κ_max w_opt`.
fn assert_kkt(data: &Dataset, mode: Mode, what: &str) {
    let exact = max_stability(data, mode).unwrap();
    assert!(exact.separable, "{what}: teacher data are separable");
    let pc = exact.perceptron.as_ref().unwrap();
    let p = data.len();
    let x = &exact.embedding;
    assert_eq!(x.len(), p);
    assert!(x.iter().all(|&v| v >= 0.0), "{what}: x ≥ 0: {x:?}");
    // stationarity: w_opt from the embedding alone
    let w_opt = embedded_weights(x, data);
    let w_norm = norm(&w_opt);
    for (i, (&wo, &wu)) in w_opt.iter().zip(&pc.w).enumerate() {
        let expected = wu / exact.kappa;
        assert!(
            (wo - expected).abs() <= 1e-8 * w_norm,
            "{what}: w_opt[{i}] = {wo} but w/κ = {expected}"
        );
    }
    let theta_opt = pc.theta / exact.kappa;
    let scale: f64 = x.iter().sum::<f64>().max(1.0);
    for (mu, &xm) in x.iter().enumerate() {
        let e = (dot(&w_opt, data.x(mu)) - theta_opt) * data.y(mu);
        assert!(e >= 1.0 - 1e-9, "{what}: E^{mu} = {e} < 1");
        assert!(
            (xm * (e - 1.0)).abs() <= 1e-9 * scale,
            "{what}: complementary slackness x^{mu} (E − 1) = {xm} · {}",
            e - 1.0
        );
        if xm > 1e-9 * scale {
            assert!(exact.support.contains(&mu), "{what}: {mu} carries weight");
        }
    }
    if mode == Mode::Threshold {
        let balance: f64 = x.iter().zip(data.labels()).map(|(a, s)| a * s).sum();
        assert!(balance.abs() <= 1e-9 * scale, "{what}: Σ x S = {balance}");
    }
    // κ_max = 1/|w_opt| and Σ x = |w_opt|² (from stationarity and complementary slackness)
    assert!((exact.kappa * w_norm - 1.0).abs() <= 1e-8, "{what}");
    assert!((x.iter().sum::<f64>() - w_norm * w_norm).abs() <= 1e-8 * w_norm * w_norm);
}

#[test]
fn kkt_certificate_in_higher_dimension() {
    for seed in 0..24u64 {
        let n = 5 + (seed % 6) as usize;
        let p = 10 + ((seed * 7) % 31) as usize;
        let offset = if seed % 2 == 0 { 0.0 } else { 1.0 };
        let data = teacher_data(100 + seed, n, p, offset);
        if offset == 0.0 {
            assert_kkt(
                &data,
                Mode::Homogeneous,
                &format!("seed {seed} hom N={n} P={p}"),
            );
        }
        assert_kkt(
            &data,
            Mode::Threshold,
            &format!("seed {seed} thr N={n} P={p}"),
        );
    }
}

#[test]
fn hand_computed_homogeneous_cases() {
    // (1,0) → +1 and (0,1) → −1: z = (1,0), (0,−1); the nearest point of the segment between
    // them to the origin is (½, −½), so κ_max = 1/√2 and w = (1, −1)/√2; w_opt = w/κ = (1, −1)
    // = 1·(1,0) + 1·(0,−1), x = (1, 1), Σx = 2 = 1/κ².
    let d = dataset(&[1.0, 0.0, 0.0, 1.0], 2, &[1.0, -1.0]);
    let e = max_stability(&d, Mode::Homogeneous).unwrap();
    let r = 1.0 / 2f64.sqrt();
    assert!(e.separable);
    assert_abs_diff_eq!(e.kappa, r, epsilon = 1e-15);
    let pc = e.perceptron.unwrap();
    assert_abs_diff_eq!(pc.w[0], r, epsilon = 1e-15);
    assert_abs_diff_eq!(pc.w[1], -r, epsilon = 1e-15);
    assert_eq!(pc.theta, 0.0);
    assert_abs_diff_eq!(e.embedding[0], 1.0, epsilon = 1e-12);
    assert_abs_diff_eq!(e.embedding[1], 1.0, epsilon = 1e-12);
    assert_eq!(e.support, vec![0, 1]);

    // Adding (2,−2) → +1 (z = (2,−2), stability 4/√2 = 2√2 > 1/√2) changes nothing, and the
    // new point is not a support vector (x = 0).
    let d = dataset(&[1.0, 0.0, 0.0, 1.0, 2.0, -2.0], 2, &[1.0, -1.0, 1.0]);
    let e = max_stability(&d, Mode::Homogeneous).unwrap();
    assert_abs_diff_eq!(e.kappa, r, epsilon = 1e-15);
    assert_eq!(e.support, vec![0, 1]);
    assert_abs_diff_eq!(e.embedding[2], 0.0, epsilon = 1e-15);

    // One point (3,4) → +1: w = (3,4)/5, κ = 5, w_opt = w/5 = x·(3,4) with x = 1/25.
    let d = dataset(&[3.0, 4.0], 2, &[1.0]);
    let e = max_stability(&d, Mode::Homogeneous).unwrap();
    assert_abs_diff_eq!(e.kappa, 5.0, epsilon = 1e-14);
    assert_abs_diff_eq!(e.perceptron.as_ref().unwrap().w[0], 0.6, epsilon = 1e-15);
    assert_abs_diff_eq!(e.perceptron.as_ref().unwrap().w[1], 0.8, epsilon = 1e-15);
    assert_abs_diff_eq!(e.embedding[0], 1.0 / 25.0, epsilon = 1e-15);

    // z = e1, e2, e3 in 3-D (labels +1, −1, +1 with ξ = e1, −e2, e3): the nearest point of the
    // simplex is (⅓, ⅓, ⅓), κ_max = 1/√3, x = (1, 1, 1).
    let d = dataset(
        &[1.0, 0.0, 0.0, 0.0, -1.0, 0.0, 0.0, 0.0, 1.0],
        3,
        &[1.0, -1.0, 1.0],
    );
    let e = max_stability(&d, Mode::Homogeneous).unwrap();
    assert_abs_diff_eq!(e.kappa, 1.0 / 3f64.sqrt(), epsilon = 1e-15);
    for i in 0..3 {
        assert_abs_diff_eq!(
            e.perceptron.as_ref().unwrap().w[i],
            1.0 / 3f64.sqrt(),
            epsilon = 1e-15
        );
        assert_abs_diff_eq!(e.embedding[i], 1.0, epsilon = 1e-12);
    }
}

#[test]
fn hand_computed_threshold_cases() {
    // +1 at (2,0), (2,1); −1 at (0,0), (0,1): the classes lie on the lines x = 2 and x = 0, so
    // the widest slab is 0 < x < 2: w = (1,0), θ = 1, κ_max = 1, every point a support vector.
    // The embedding is not unique: w_opt = (1,0) = x1(2,0) + x2(2,1) − x3(0,0) − x4(0,1) and
    // Σ x S = 0 give x1 + x2 = ½, x2 = x4, x3 + x4 = ½.
    let d = dataset(
        &[2.0, 0.0, 2.0, 1.0, 0.0, 0.0, 0.0, 1.0],
        2,
        &[1.0, 1.0, -1.0, -1.0],
    );
    let e = max_stability(&d, Mode::Threshold).unwrap();
    assert!(e.separable);
    assert_abs_diff_eq!(e.kappa, 1.0, epsilon = 1e-14);
    let pc = e.perceptron.as_ref().unwrap();
    assert_abs_diff_eq!(pc.w[0], 1.0, epsilon = 1e-14);
    assert_abs_diff_eq!(pc.w[1], 0.0, epsilon = 1e-14);
    assert_abs_diff_eq!(pc.theta, 1.0, epsilon = 1e-14);
    assert_eq!(e.support, vec![0, 1, 2, 3]);
    let x = &e.embedding;
    assert_abs_diff_eq!(x[0] + x[1], 0.5, epsilon = 1e-12);
    assert_abs_diff_eq!(x[1], x[3], epsilon = 1e-12);
    assert_abs_diff_eq!(x[2] + x[3], 0.5, epsilon = 1e-12);

    // +1 at (3,1), −1 at (1,1): boundary x = 2, w = (1,0), θ = 2, κ = 1;
    // w_opt = (1,0) = x1 (3,1) − x2 (1,1) with x1 = x2 = ½ (Σx = 1 = 1/κ²).
    let d = dataset(&[3.0, 1.0, 1.0, 1.0], 2, &[1.0, -1.0]);
    let e = max_stability(&d, Mode::Threshold).unwrap();
    assert_abs_diff_eq!(e.kappa, 1.0, epsilon = 1e-14);
    let pc = e.perceptron.as_ref().unwrap();
    assert_abs_diff_eq!(pc.w[0], 1.0, epsilon = 1e-14);
    assert_abs_diff_eq!(pc.w[1], 0.0, epsilon = 1e-14);
    assert_abs_diff_eq!(pc.theta, 2.0, epsilon = 1e-14);
    assert_abs_diff_eq!(e.embedding[0], 0.5, epsilon = 1e-12);
    assert_abs_diff_eq!(e.embedding[1], 0.5, epsilon = 1e-12);

    // 1-D: +1 at 2, −1 at 1. Through the origin z = 2, −1 have opposite signs: not separable.
    // With a threshold: θ = 1.5, κ = 0.5, w = 1.
    let d = dataset(&[2.0, 1.0], 1, &[1.0, -1.0]);
    assert!(!max_stability(&d, Mode::Homogeneous).unwrap().separable);
    let e = max_stability(&d, Mode::Threshold).unwrap();
    assert_abs_diff_eq!(e.kappa, 0.5, epsilon = 1e-15);
    assert_abs_diff_eq!(e.perceptron.as_ref().unwrap().w[0], 1.0, epsilon = 1e-15);
    assert_abs_diff_eq!(e.perceptron.as_ref().unwrap().theta, 1.5, epsilon = 1e-15);
}

fn assert_not_separable(d: &Dataset, mode: Mode, what: &str) {
    let e = max_stability(d, mode).unwrap();
    assert!(
        !e.separable,
        "{what}: reported separable with κ = {}",
        e.kappa
    );
    assert!(e.perceptron.is_none(), "{what}");
    assert!(e.kappa.is_nan(), "{what}");
    assert!(e.support.is_empty(), "{what}");
    assert_eq!(e.embedding, vec![0.0; d.len()], "{what}");
    assert!(!is_separable(d, mode).unwrap(), "{what}");
}

#[test]
fn not_separable_cases() {
    // XOR: +1 at (0,0), (1,1); −1 at (1,0), (0,1). The segments between the classes cross at
    // (½, ½), so no line separates them, with or without threshold.
    let xor = dataset(
        &[0.0, 0.0, 1.0, 1.0, 1.0, 0.0, 0.0, 1.0],
        2,
        &[1.0, 1.0, -1.0, -1.0],
    );
    assert_not_separable(&xor, Mode::Threshold, "xor threshold");
    assert_not_separable(&xor, Mode::Homogeneous, "xor homogeneous");

    // A point at the origin has w·ξ = 0 for every w: never strictly separable through the origin.
    let origin = dataset(&[0.0, 0.0], 2, &[1.0]);
    assert_not_separable(&origin, Mode::Homogeneous, "origin alone");
    let origin_and_more = dataset(&[1.0, 0.0, 0.0, 0.0, 0.0, 1.0], 2, &[1.0, 1.0, -1.0]);
    assert_not_separable(&origin_and_more, Mode::Homogeneous, "origin with others");
    // ... but with a threshold it is: +1 at (1,0), (0,0) and −1 at (0,1) are separated.
    assert!(
        max_stability(&origin_and_more, Mode::Threshold)
            .unwrap()
            .separable
    );

    // The same point with both labels.
    let twin = dataset(&[1.0, 2.0, 1.0, 2.0], 2, &[1.0, -1.0]);
    assert_not_separable(&twin, Mode::Homogeneous, "twin homogeneous");
    assert_not_separable(&twin, Mode::Threshold, "twin threshold");
    let twin_in_crowd = dataset(
        &[3.0, 1.0, 1.0, 2.0, -2.0, 0.5, 1.0, 2.0, 0.0, -3.0],
        2,
        &[1.0, 1.0, -1.0, -1.0, -1.0],
    );
    assert_not_separable(&twin_in_crowd, Mode::Homogeneous, "twin among others");
    assert_not_separable(&twin_in_crowd, Mode::Threshold, "twin among others");

    // Homogeneous: z = (1,0) and (−1,0) (ξ = (1,0) with +1 and (−1,0)... with label +1 too).
    let opposite = dataset(&[1.0, 0.0, -1.0, 0.0], 2, &[1.0, 1.0]);
    assert_not_separable(&opposite, Mode::Homogeneous, "opposite points, same label");

    // Noisy teacher sets well above capacity (α = 8, 20 % flipped labels).
    for seed in 0..3 {
        let d = common::teacher_data(seed, 5, 40, 0.2);
        assert_not_separable(&d, Mode::Homogeneous, "noisy teacher");
        assert_not_separable(&d, Mode::Threshold, "noisy teacher");
    }
}

#[test]
fn errors_for_empty_and_one_class() {
    let empty = Dataset::from_row_major(vec![], 2, vec![]).unwrap();
    assert_eq!(max_stability(&empty, Mode::Homogeneous), Err(Error::Empty));
    assert_eq!(max_stability(&empty, Mode::Threshold), Err(Error::Empty));
    assert_eq!(is_separable(&empty, Mode::Threshold), Err(Error::Empty));

    let plus = dataset(&[1.0, 0.0, 2.0, 1.0], 2, &[1.0, 1.0]);
    assert_eq!(
        max_stability(&plus, Mode::Threshold),
        Err(Error::OneClass { label: 1 })
    );
    let minus = dataset(&[1.0, 0.0, 2.0, 1.0], 2, &[-1.0, -1.0]);
    assert_eq!(
        max_stability(&minus, Mode::Threshold),
        Err(Error::OneClass { label: -1 })
    );
    // one class alone counts as separable with a threshold
    assert_eq!(is_separable(&plus, Mode::Threshold), Ok(true));
    // through the origin one class is an ordinary problem: z = (1,0), (2,1); the nearest point
    // of the segment to the origin is (1,0) itself (the segment direction (1,1) has (1,0)·(1,1) > 0),
    // so κ = 1 with w = (1,0).
    let e = max_stability(&plus, Mode::Homogeneous).unwrap();
    assert_abs_diff_eq!(e.kappa, 1.0, epsilon = 1e-15);
}

/// Solves the homogeneous problem on augmented inputs `(ξ, −1)` and reads the result as `(w, θ)`.
fn augmented_solution(data: &Dataset) -> (Exact, Perceptron) {
    let n = data.dim();
    let mut xs = Vec::with_capacity(data.len() * (n + 1));
    for mu in 0..data.len() {
        xs.extend_from_slice(data.x(mu));
        xs.push(-1.0);
    }
    let aug = Dataset::from_row_major(xs, n + 1, data.labels().to_vec()).unwrap();
    let e = max_stability(&aug, Mode::Homogeneous).unwrap();
    let v = &e.perceptron.as_ref().unwrap().w;
    let p = Perceptron::new(v[..n].to_vec(), v[n]);
    (e, p)
}

#[test]
fn threshold_optimum_beats_the_augmented_input_trick() {
    // +1 at (10,2), −1 at (10,0). Exact: the boundary y = 1, w = (0,1), θ = 1, κ_max = 1.
    // Augmented inputs (10,2,−1), (10,0,−1): minimise w1² + w2² + θ² subject to
    // 10w1 + 2w2 − θ ≥ 1 and θ − 10w1 ≥ 1. Adding them gives w2 ≥ 1; at w2 = 1 both are tight,
    // θ = 10w1 + 1, and w1² + (10w1 + 1)² is least at w1 = −10/101, θ = 1/101. So the augmented
    // optimum is v = (−10, 101, 1)/101, unit v̂ = (−10, 101, 1)/√10302, and in the original space
    // both potentials equal 1 with |w| = √10301/101: κ = 101/√10301 ≈ 0.99514 < 1.
    let d = dataset(&[10.0, 2.0, 10.0, 0.0], 2, &[1.0, -1.0]);
    let exact = max_stability(&d, Mode::Threshold).unwrap();
    assert_abs_diff_eq!(exact.kappa, 1.0, epsilon = 1e-14);
    let pc = exact.perceptron.as_ref().unwrap();
    assert_abs_diff_eq!(pc.w[0], 0.0, epsilon = 1e-14);
    assert_abs_diff_eq!(pc.w[1], 1.0, epsilon = 1e-14);
    assert_abs_diff_eq!(pc.theta, 1.0, epsilon = 1e-13);

    let (aug, p) = augmented_solution(&d);
    let s = 10302f64.sqrt();
    let v = &aug.perceptron.as_ref().unwrap().w;
    assert_abs_diff_eq!(v[0], -10.0 / s, epsilon = 1e-13);
    assert_abs_diff_eq!(v[1], 101.0 / s, epsilon = 1e-13);
    assert_abs_diff_eq!(v[2], 1.0 / s, epsilon = 1e-13);
    let kappa_aug = kappa(&p.w, p.theta, &d);
    assert_abs_diff_eq!(kappa_aug, 101.0 / 10301f64.sqrt(), epsilon = 1e-13);
    assert!(kappa_aug < exact.kappa - 4e-3);

    // On shifted random sets the exact threshold optimum is never below the augmented one.
    for seed in 0..8 {
        let data = teacher_data(300 + seed, 3, 25, 3.0);
        let exact = max_stability(&data, Mode::Threshold).unwrap();
        let (_, p) = augmented_solution(&data);
        let kappa_aug = kappa(&p.w, p.theta, &data);
        assert!(kappa_aug > 0.0, "the augmented solution separates");
        assert!(kappa_aug <= exact.kappa + 1e-12, "seed {seed}");
    }
}

/// Subnormal inputs (below 2^−1022 in magnitude, e.g. `1e-320` in a file): the solver scales them
/// by 2^1000 at a time (one power of two would overflow to ∞) and reports κ_max of the inputs
/// themselves. A single point `ξ = (3, 4)·2^−1064`: `κ_max = |ξ| = 5·2^−1064`, exactly.
#[test]
fn subnormal_inputs_are_solved() {
    let c = 2f64.powi(-1064);
    assert!(c > 0.0 && !c.is_normal());
    let e = max_stability(&dataset(&[3.0 * c, 4.0 * c], 2, &[1.0]), Mode::Homogeneous).unwrap();
    assert!(e.separable);
    assert_eq!(e.kappa, 5.0 * c);
    let p = e.perceptron.unwrap();
    assert_abs_diff_eq!(p.w[0], 0.6, epsilon = 1e-12);
    assert_abs_diff_eq!(p.w[1], 0.8, epsilon = 1e-12);
    assert!(e.embedding.iter().all(|x| !x.is_nan()));
    let e = max_stability(&dataset(&[1e-320], 1, &[1.0]), Mode::Homogeneous).unwrap();
    assert_eq!(e.kappa, 1e-320);
}
