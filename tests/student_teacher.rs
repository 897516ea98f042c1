//! The student–teacher quantities of the data view against independent references: the
//! generalisation error with thresholds against Monte-Carlo estimates (with their standard
//! errors) and against `arccos(R)/π` through the origin; the growing teacher set's examples; the
//! version space's size against closed forms and brute-force scans.

use perceptron_lab::data::generate;
use perceptron_lab::data::Dataset;
use perceptron_lab::generalization::{disagreement, generalization_error};
use perceptron_lab::rng::{gaussian_vec, rng_from_seed};
use perceptron_lab::train::Mode;
use perceptron_lab::version_space::{size, VersionSpace};
use std::f64::consts::{PI, TAU};

#[test]
fn through_the_origin_eps_is_arccos_r_over_pi_at_hand_made_overlaps() {
    let teacher = [1.0, 0.0];
    let third = PI / 3.0;
    for (w, expected) in [
        ([2.0, 0.0], 0.0),                                 // R = 1
        ([0.0, 3.0], 0.5),                                 // R = 0
        ([-1.0, 0.0], 1.0),                                // R = −1
        ([libm::cos(third), libm::sin(third)], 1.0 / 3.0), // R = cos(π/3)
    ] {
        let e = generalization_error(&w, 0.0, &teacher, 0.0);
        assert!(
            (e - expected).abs() < 1e-12,
            "w = {w:?}: {e} against {expected}"
        );
    }
    assert!(generalization_error(&[0.0, 0.0], 0.0, &teacher, 0.0).is_nan());
    assert!(generalization_error(&[1.0, 0.0, 0.0], 0.0, &teacher, 0.0).is_nan());
}

#[test]
fn at_r_plus_minus_one_eps_is_the_mass_between_the_thresholds() {
    let phi = |x: f64| 1.0 - perceptron_lab::theory::h(x);
    // parallel: disagreement between the two thresholds along the same axis
    let e = generalization_error(&[2.0, 0.0], 1.0, &[1.0, 0.0], -0.5);
    assert!((e - (phi(0.5) - phi(-0.5))).abs() < 1e-12, "{e}");
    // antiparallel through the origin: always disagree
    assert!((disagreement(-1.0, 0.0, 0.0) - 1.0).abs() < 1e-12);
}

/// Monte-Carlo: `n` Gaussian inputs, the fraction of disagreements and its standard error.
fn monte_carlo(w: &[f64], theta: f64, t: &[f64], t_theta: f64, n: usize, seed: u64) -> (f64, f64) {
    let mut rng = rng_from_seed(seed);
    let mut bad = 0usize;
    for _ in 0..n {
        let x = gaussian_vec(w.len(), &mut rng);
        let s = |v: &[f64], th: f64| v.iter().zip(&x).map(|(a, b)| a * b).sum::<f64>() > th;
        bad += usize::from(s(w, theta) != s(t, t_theta));
    }
    let p = bad as f64 / n as f64;
    (p, (p * (1.0 - p) / n as f64).sqrt())
}

#[test]
fn with_thresholds_eps_agrees_with_monte_carlo_within_four_standard_errors() {
    let cases: [(&[f64], f64, &[f64], f64); 6] = [
        (&[1.0, 0.3], 0.4, &[1.0, 0.0], 0.0),
        (&[0.2, -1.0], -0.7, &[1.0, 1.0], 0.5),
        (&[-1.0, 0.1], 1.2, &[1.0, 0.0], 0.3),
        (&[1.0, 1e-4], 0.2, &[1.0, 0.0], -0.1), // R within 10⁻⁸ of 1: the steep integrand
        (&[3.0, 4.0], 2.5, &[4.0, 3.0], -2.0),
        (&[1.0, 2.0, -0.5], 0.3, &[0.5, 1.0, 1.0], 0.8), // any N
    ];
    for (k, (w, th, t, tt)) in cases.into_iter().enumerate() {
        let e = generalization_error(w, th, t, tt);
        let (mc, se) = monte_carlo(w, th, t, tt, 400_000, 11 + k as u64);
        assert!(
            (e - mc).abs() < 4.0 * se + 1e-4,
            "case {k}: computed {e}, Monte-Carlo {mc} ± {se}"
        );
    }
}

#[test]
fn the_growing_teacher_set_is_seeded_labelled_by_the_teacher_and_checked() {
    let t = [1.0, -1.0];
    let a = generate::example(&t, 0.3, 0.0, 5, 3).unwrap();
    assert_eq!(
        a,
        generate::example(&t, 0.3, 0.0, 5, 3).unwrap(),
        "same (seed, k), same example"
    );
    assert_ne!(a, generate::example(&t, 0.3, 0.0, 5, 4).unwrap());
    for k in 0..200 {
        let (x, s) = generate::example(&t, 0.3, 0.0, 9, k).unwrap();
        assert_eq!(
            s,
            if x[0] - x[1] - 0.3 >= 0.0 { 1.0 } else { -1.0 },
            "example {k}"
        );
    }
    // λ = 1 flips every label
    for k in 0..50 {
        let (x, s) = generate::example(&t, 0.0, 1.0, 9, k).unwrap();
        assert_eq!(s, if x[0] - x[1] >= 0.0 { -1.0 } else { 1.0 });
    }
    assert!(generate::example(&t, 0.0, 1.5, 9, 0).is_err());
    assert!(generate::example(&[f64::NAN, 1.0], 0.0, 0.0, 9, 0).is_err());
    assert!(generate::example(&[], 0.0, 0.0, 9, 0).is_err());
}

/// The version space's size by brute force: the fraction of `n` directions (through the origin)
/// or the `(φ, θ)` area on an `n`-angle grid from every pair of examples, no hulls.
fn scan_size(xs: &[[f64; 2]], ys: &[f64], mode: Mode, n: usize) -> f64 {
    let h = TAU / n as f64;
    (0..n)
        .map(|k| {
            let (c, s) = (libm::cos(k as f64 * h), libm::sin(k as f64 * h));
            let p = |x: &[f64; 2]| x[0] * c + x[1] * s;
            match mode {
                Mode::Homogeneous => f64::from(xs.iter().zip(ys).all(|(x, y)| y * p(x) > 0.0)),
                Mode::Threshold => {
                    let up = xs
                        .iter()
                        .zip(ys)
                        .filter(|(_, y)| **y > 0.0)
                        .map(|(x, _)| p(x));
                    let lo = xs
                        .iter()
                        .zip(ys)
                        .filter(|(_, y)| **y < 0.0)
                        .map(|(x, _)| p(x));
                    (up.fold(f64::INFINITY, f64::min) - lo.fold(f64::NEG_INFINITY, f64::max))
                        .max(0.0)
                }
            }
        })
        .sum::<f64>()
        * h
}

fn dataset(xs: &[[f64; 2]], ys: &[f64]) -> Dataset {
    Dataset::from_row_major(xs.concat(), 2, ys.to_vec()).unwrap()
}

#[test]
fn the_version_space_size_against_closed_forms_and_scans() {
    // one example through the origin: a half circle; with a threshold, one of each class at
    // distance d: the width d cos(φ − α) over a half circle, area 2d
    let one = dataset(&[[1.0, 2.0]], &[1.0]);
    assert!((size(&one, Mode::Homogeneous).unwrap() - PI).abs() < 1e-12);
    let pair = dataset(&[[1.0, 2.0], [-2.0, 0.5]], &[1.0, -1.0]);
    let d = (3.0f64 * 3.0 + 1.5 * 1.5).sqrt();
    assert!((size(&pair, Mode::Threshold).unwrap() - 2.0 * d).abs() < 1e-9 * d);
    // no examples, one class, not separable
    let empty = dataset(&[], &[]);
    assert_eq!(size(&empty, Mode::Homogeneous).unwrap(), TAU);
    assert_eq!(size(&one, Mode::Threshold).unwrap(), f64::INFINITY);
    let xor = dataset(
        &[[1.0, 1.0], [-1.0, -1.0], [1.0, -1.0], [-1.0, 1.0]],
        &[1.0, 1.0, -1.0, -1.0],
    );
    assert_eq!(size(&xor, Mode::Threshold).unwrap(), 0.0);
    assert_eq!(size(&xor, Mode::Homogeneous).unwrap(), 0.0);
    // random teacher sets: brute-force scans on 10⁶ angles
    for seed in 1..=6u64 {
        let (data, _) = generate::preset_2d(5 + 7 * seed as usize, seed, 0.0).unwrap();
        let xs: Vec<[f64; 2]> = (0..data.len())
            .map(|mu| [data.x(mu)[0], data.x(mu)[1]])
            .collect();
        for mode in [Mode::Homogeneous, Mode::Threshold] {
            let got = size(&data, mode).unwrap();
            let scan = scan_size(&xs, data.labels(), mode, 1_000_000);
            // a scan places each end of the arc to within one step 2π/10⁶; the band's width
            // vanishes at the ends of its arc, so there the scan's error is smaller still
            let step = TAU / 1e6;
            assert!(
                (got - scan).abs() < 2.0 * step + 1e-6 * scan,
                "seed {seed}, {mode:?}: {got} against the scan's {scan}"
            );
            assert_eq!(
                VersionSpace::compute(&data, mode).unwrap().size,
                got,
                "the view's size is the same number"
            );
        }
    }
}
