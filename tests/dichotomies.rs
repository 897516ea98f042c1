//! The count of separable labellings (Cover's theorem) against a brute force that tests every
//! labelling with the exact separability test, against Cover's formula computed here, and against
//! hand-counted degenerate sets; the lists of separable labellings and of degeneracies.
//!
//! References (independent of the code under test): the brute force `Σ_S [exact test separable]`
//! over all `2^P` labellings (with a threshold one class alone is separable); Cover's
//! `C(P, N) = 2 Σ_{i<N} binom(P−1, i)` summed here; in the plane `C(P, 2) = 2P` and
//! `C(P, 3) = P² − P + 2`.

mod common;

use common::{cover, dataset, dot, norm};
use perceptron_lab::data::Dataset;
use perceptron_lab::dichotomies::{
    cake_number, count, count_any, count_any_with, labellings, CountParams, Degeneracy, Method,
};
use perceptron_lab::exact::max_stability;
use perceptron_lab::rng::{gaussian, rng_from_seed};
use perceptron_lab::train::Mode;
use perceptron_lab::Error;
use rand::Rng as _;
use std::time::Instant;

const MODES: [Mode; 2] = [Mode::Homogeneous, Mode::Threshold];

/// Every labelling of `data`'s inputs tested with `exact::max_stability`.
fn brute_force(data: &Dataset, mode: Mode) -> u64 {
    let p = data.len();
    if p == 0 {
        return 1;
    }
    (0..1u64 << p)
        .filter(|m| {
            let labels: Vec<f64> = (0..p)
                .map(|mu| if m >> mu & 1 == 1 { -1.0 } else { 1.0 })
                .collect();
            let d = dataset(data.features(), data.dim(), &labels);
            match max_stability(&d, mode) {
                Ok(e) => e.separable,
                Err(Error::OneClass { .. }) => true,
                Err(e) => panic!("{e}"),
            }
        })
        .count() as u64
}

/// `p` standard Gaussian points in `dim` dimensions, labels +1.
fn gaussian_set(seed: u64, p: usize, dim: usize) -> Dataset {
    let mut rng = rng_from_seed(seed);
    let xs: Vec<f64> = (0..p * dim).map(|_| gaussian(&mut rng)).collect();
    dataset(&xs, dim, &vec![1.0; p])
}

/// `p` points with integer coordinates in `−r..=r`: many coinciding, collinear, opposite points
/// and points at the origin.
fn integer_set(seed: u64, p: usize, dim: usize, r: i32) -> Dataset {
    let mut rng = rng_from_seed(seed);
    let xs: Vec<f64> = (0..p * dim)
        .map(|_| f64::from(rng.random_range(-r..=r)))
        .collect();
    dataset(&xs, dim, &vec![1.0; p])
}

/// 2-D points `[x, y]` with labels +1.
fn points(v: &[[f64; 2]]) -> Dataset {
    let xs: Vec<f64> = v.iter().flatten().copied().collect();
    dataset(&xs, 2, &vec![1.0; v.len()])
}

#[test]
fn general_position_gives_covers_count() {
    for seed in 0..3 {
        for p in 0..=12 {
            let d = gaussian_set(100 * seed + p as u64, p, 2);
            for mode in MODES {
                let c = count(&d, mode).unwrap();
                let n = if mode == Mode::Homogeneous { 2 } else { 3 };
                let formula = if p == 0 {
                    1
                } else if n == 2 {
                    2 * p as u64
                } else {
                    (p * p - p + 2) as u64
                };
                assert_eq!(cover(p as u64, n), formula);
                assert_eq!(c.cover, formula as f64, "P = {p}, {mode:?}");
                assert_eq!(c.total, (1u64 << p) as f64);
                assert_eq!(c.separable, formula as f64, "P = {p}, {mode:?}");
                assert_eq!(brute_force(&d, mode), formula, "P = {p}, {mode:?}");
                assert!(c.general_position && c.degeneracies.is_empty());
                assert_eq!(c.method, Method::Geometric);
                assert_eq!(c.std_error, None);
            }
        }
    }
}

#[test]
fn degenerate_sets_against_brute_force() {
    // (set, degenerate through the origin, degenerate with a threshold)
    let hand = [
        // collinear, not through the origin, and two more
        (
            points(&[
                [0.0, 1.0],
                [1.0, 2.0],
                [2.0, 3.0],
                [-1.0, 0.0],
                [0.5, -1.0],
                [2.0, 0.5],
            ]),
            false,
            true,
        ),
        // collinear with the origin, and one more
        (
            points(&[[1.0, 1.0], [2.0, 2.0], [-1.5, -1.5], [1.0, -2.0]]),
            true,
            true,
        ),
        // a duplicated point
        (
            points(&[[0.3, 0.7], [1.0, -0.4], [0.3, 0.7], [-0.8, 0.2], [0.1, 1.3]]),
            true,
            true,
        ),
        // ξ and −ξ
        (
            points(&[[0.3, 0.7], [-0.3, -0.7], [1.0, -0.4], [-0.8, 0.2]]),
            true,
            false,
        ),
        // a point at the origin
        (
            points(&[[0.0, 0.0], [1.0, 0.5], [-0.4, 1.0], [0.7, -0.9]]),
            true,
            false,
        ),
        // a 3×3 grid around the origin (origin, opposites, 8 lines of three)
        (integer_grid(-1), true, true),
        // a 3×3 grid off the origin
        (integer_grid(1), true, true),
        // every point the same
        (points(&[[0.5, 0.5], [0.5, 0.5], [0.5, 0.5]]), true, true),
        // all collinear with the origin, on both sides, with copies
        (
            points(&[
                [1.0, 2.0],
                [2.0, 4.0],
                [-1.0, -2.0],
                [2.0, 4.0],
                [-3.0, -6.0],
            ]),
            true,
            true,
        ),
    ];
    for (i, (d, homogeneous, threshold)) in hand.iter().enumerate() {
        for (mode, degenerate) in [
            (Mode::Homogeneous, homogeneous),
            (Mode::Threshold, threshold),
        ] {
            let c = count(d, mode).unwrap();
            let expected = brute_force(d, mode);
            assert_eq!(c.separable, expected as f64, "hand set {i}, {mode:?}");
            // degenerate sets fall short of Cover's count, and say why
            assert_eq!(c.separable < c.cover, *degenerate, "hand set {i}, {mode:?}");
            assert_eq!(c.general_position, !degenerate);
            assert_eq!(c.degeneracies.is_empty(), !degenerate);
        }
    }
    // random small-integer sets, P up to 12: coincidences of every kind
    for seed in 0..40 {
        let p = 1 + (seed as usize % 12);
        let d = integer_set(seed, p, 2, 2);
        for mode in MODES {
            let c = count(&d, mode).unwrap();
            let expected = brute_force(&d, mode);
            assert_eq!(
                c.separable, expected as f64,
                "seed {seed}, P = {p}, {mode:?}"
            );
            assert_eq!(
                c.general_position,
                expected == cover(p as u64, c.cover_n as u64)
            );
            assert_eq!(c.general_position, c.degeneracies.is_empty());
        }
    }
}

/// The points `(i + shift, j + shift)`, `i, j ∈ {0, 1, 2}`.
fn integer_grid(shift: i32) -> Dataset {
    let v: Vec<[f64; 2]> = (0..9)
        .map(|k| [f64::from(k % 3 + shift), f64::from(k / 3 + shift)])
        .collect();
    points(&v)
}

#[test]
fn hand_counted_degenerate_sets() {
    // through the origin: the lines through the origin are counted, twice each
    let d = points(&[[1.0, 1.0], [2.0, 2.0], [-1.5, -1.5]]);
    assert_eq!(count(&d, Mode::Homogeneous).unwrap().separable, 2.0);
    // with a threshold, n' collinear points: 2n'
    assert_eq!(count(&d, Mode::Threshold).unwrap().separable, 6.0);
    // a 3×3 grid with a threshold: 8 lines of 3 points and 12 of 2: 2 + 2(8·2 + 12) = 58
    assert_eq!(
        count(&integer_grid(1), Mode::Threshold).unwrap().separable,
        58.0
    );
    // through the origin, the centred grid has the origin: nothing is strictly separable
    assert_eq!(
        count(&integer_grid(-1), Mode::Homogeneous)
            .unwrap()
            .separable,
        0.0
    );
    // the shifted grid through the origin: directions of (1..3, 1..3): 7 lines (1,1)=(2,2)=(3,3)
    assert_eq!(
        count(&integer_grid(1), Mode::Homogeneous)
            .unwrap()
            .separable,
        14.0
    );
}

#[test]
fn degeneracies_name_the_points() {
    // through the origin
    let d = points(&[
        [0.0, 0.0],   // 0: at the origin
        [1.0, 2.0],   // 1
        [2.0, 4.0],   // 2: on 1's line
        [-1.0, -2.0], // 3: −ξ¹
        [3.0, 1.0],   // 4
        [3.0, 1.0],   // 5: copy of 4
        [-3.0, -1.0], // 6: −ξ⁴
        [0.0, 5.0],   // 7: alone
    ]);
    let c = count(&d, Mode::Homogeneous).unwrap();
    assert_eq!(
        c.degeneracies,
        vec![
            Degeneracy::AtOrigin { point: 0 },
            Degeneracy::Opposite { points: vec![1, 3] },
            Degeneracy::CollinearWithOrigin {
                points: vec![1, 2, 3]
            },
            Degeneracy::Duplicate { points: vec![4, 5] },
            Degeneracy::Opposite {
                points: vec![4, 5, 6]
            },
        ]
    );
    assert!(!c.general_position);
    assert_eq!(c.separable, 0.0);
    // without the point at the origin: three lines through the origin, six arcs
    let rest = dataset(&d.features()[2..], 2, &[1.0; 7]);
    assert_eq!(count(&rest, Mode::Homogeneous).unwrap().separable, 6.0);
    assert_eq!(brute_force(&rest, Mode::Homogeneous), 6);

    // with a threshold
    let d = points(&[
        [0.0, 0.0],  // 0
        [1.0, 1.0],  // 1
        [2.0, 2.0],  // 2
        [3.0, 3.0],  // 3
        [1.0, 1.0],  // 4: copy of 1
        [0.0, 1.0],  // 5
        [0.0, 2.0],  // 6: x = 0 with 0 and 5
        [5.0, -1.0], // 7
    ]);
    let c = count(&d, Mode::Threshold).unwrap();
    assert_eq!(
        c.degeneracies,
        vec![
            Degeneracy::Collinear {
                points: vec![0, 1, 2, 3, 4]
            },
            Degeneracy::Collinear {
                points: vec![0, 5, 6]
            },
            Degeneracy::Duplicate { points: vec![1, 4] },
        ]
    );
    // 7 distinct points; lines: {0,1,2,3} (3), {0,5,6} (2), and 21 − 6 − 3 = 12 pairs (1 each)
    assert_eq!(c.separable, f64::from(2 + 2 * (3 + 2 + 12)));
    assert_eq!(brute_force(&d, Mode::Threshold), 36);
    // the same points through the origin: 0 at the origin
    assert_eq!(
        count(&d, Mode::Homogeneous).unwrap().degeneracies[0],
        Degeneracy::AtOrigin { point: 0 }
    );
    // ξ and −ξ are fine with a threshold, and opposite through the origin
    let d = points(&[[0.3, 0.7], [-0.3, -0.7], [1.0, -0.4]]);
    let c = count(&d, Mode::Threshold).unwrap();
    assert!(c.general_position && c.degeneracies.is_empty());
    assert_eq!(c.separable, 8.0);
    let c = count(&d, Mode::Homogeneous).unwrap();
    assert_eq!(
        c.degeneracies,
        vec![Degeneracy::Opposite { points: vec![0, 1] }]
    );
    assert_eq!(c.separable, 4.0);
}

#[test]
fn exactly_collinear_decimals_are_found() {
    // on y = 3x + 0.1 in decimal coordinates (not exact in binary)
    let v: Vec<[f64; 2]> = [0.1, 0.2, 0.7, -1.3, 2.9]
        .iter()
        .map(|&x| [x, 3.0 * x + 0.1])
        .collect();
    let c = count(&points(&v), Mode::Threshold).unwrap();
    assert_eq!(
        c.degeneracies,
        vec![Degeneracy::Collinear {
            points: vec![0, 1, 2, 3, 4]
        }]
    );
    assert_eq!(c.separable, 10.0);
    // through the origin, y = 3x in decimals
    let v: Vec<[f64; 2]> = [0.1, 0.2, -0.7].iter().map(|&x| [x, 3.0 * x]).collect();
    let c = count(&points(&v), Mode::Homogeneous).unwrap();
    assert_eq!(c.separable, 2.0);
}

#[test]
fn one_dimensional_counts() {
    for seed in 0..10 {
        let d = integer_set(seed, 1 + seed as usize % 8, 1, 3);
        for mode in MODES {
            let c = count(&d, mode).unwrap();
            assert_eq!(c.separable, brute_force(&d, mode) as f64, "seed {seed}");
            assert_eq!(c.general_position, c.separable == c.cover, "seed {seed}");
        }
    }
}

#[test]
fn labellings_are_the_separable_ones_and_realised() {
    let mut sets: Vec<Dataset> = (0..6).map(|s| gaussian_set(s, 1 + s as usize, 2)).collect();
    sets.extend((0..8).map(|s| integer_set(50 + s, 2 + s as usize, 2, 2)));
    sets.push(points(&[[1.0, 1.0], [2.0, 2.0], [-1.5, -1.5], [0.0, 1.0]]));
    sets.push(gaussian_set(7, 12, 2));
    sets.push(gaussian_set(8, 5, 3));
    for (i, d) in sets.iter().enumerate() {
        for mode in MODES {
            let list = labellings(d, mode, 12).unwrap();
            let expected = brute_force(d, mode);
            assert_eq!(list.len() as u64, expected, "set {i}, {mode:?}");
            if d.dim() == 2 {
                assert_eq!(list.len() as f64, count(d, mode).unwrap().separable);
            }
            let mut seen = std::collections::HashSet::new();
            for l in &list {
                let key: Vec<bool> = l.labels.iter().map(|&s| s > 0.0).collect();
                assert!(seen.insert(key), "set {i}: a labelling twice");
                if mode == Mode::Homogeneous {
                    assert_eq!(l.theta, 0.0);
                }
                assert!((norm(&l.w) - 1.0).abs() < 1e-12);
                let margins: Vec<f64> = (0..d.len())
                    .map(|mu| (dot(&l.w, d.x(mu)) - l.theta) * l.labels[mu])
                    .collect();
                let least = margins.iter().copied().fold(f64::INFINITY, f64::min);
                assert!(least > 0.0, "set {i}: {l:?} does not realise its labels");
                if l.kappa.is_finite() {
                    assert!((least - l.kappa).abs() <= 1e-9 * (1.0 + l.kappa));
                } else {
                    // unbounded margin: one class with a threshold
                    assert_eq!(mode, Mode::Threshold);
                    assert!(l.labels.iter().all(|&s| s == l.labels[0]));
                }
            }
            // the stable order: by the direction of w in the plane
            if d.dim() == 2 {
                let phi: Vec<f64> = list
                    .iter()
                    .map(|l| libm::atan2(l.w[1], l.w[0]).rem_euclid(std::f64::consts::TAU))
                    .collect();
                assert!(phi.windows(2).all(|w| w[0] <= w[1] + 1e-15), "{phi:?}");
            }
        }
    }
    // the empty set has one labelling; too many points is an error
    assert_eq!(
        labellings(&gaussian_set(1, 0, 2), Mode::Threshold, 12)
            .unwrap()
            .len(),
        1
    );
    assert!(matches!(
        labellings(&gaussian_set(1, 13, 2), Mode::Threshold, 12),
        Err(Error::TooMany { got: 13, max: 12 })
    ));
}

#[test]
fn any_dimension_exhaustive_and_sampled() {
    for n in 3..=5 {
        for p in [1, 4, 7, 10] {
            let d = gaussian_set(10 * n as u64 + p as u64, p, n);
            for mode in MODES {
                let c = count_any(&d, mode).unwrap();
                let n_cover = if mode == Mode::Homogeneous { n } else { n + 1 };
                assert_eq!(c.method, Method::Exhaustive);
                assert_eq!(c.cover, cover(p as u64, n_cover as u64) as f64);
                assert_eq!(c.separable, c.cover, "N = {n}, P = {p}, {mode:?}");
                assert_eq!(c.separable, brute_force(&d, mode) as f64);
                assert!(c.general_position);
            }
        }
    }
    // a copied point in 3-D: the copy adds no hyperplane, C(P − 1, N') labellings
    let mut xs = gaussian_set(3, 7, 3).features().to_vec();
    let copy = xs[3..6].to_vec();
    xs.extend_from_slice(&copy);
    let d = dataset(&xs, 3, &[1.0; 8]);
    for mode in MODES {
        let c = count_any(&d, mode).unwrap();
        assert_eq!(c.separable, cover(7, c.cover_n as u64) as f64);
        assert_eq!(c.separable, brute_force(&d, mode) as f64);
        assert!(!c.general_position);
        assert_eq!(
            c.degeneracies,
            vec![Degeneracy::Duplicate { points: vec![1, 7] }]
        );
    }
    // four coplanar points with a threshold in 3-D: degenerate, with no degeneracy named
    let d = dataset(
        &[
            0.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 1.0, 1.0, 1.0, 1.5, 1.0, 0.3, -0.2, 0.4,
        ],
        3,
        &[1.0; 5],
    );
    let c = count_any(&d, Mode::Threshold).unwrap();
    assert_eq!(c.separable, brute_force(&d, Mode::Threshold) as f64);
    assert!(c.separable < c.cover && !c.general_position && c.degeneracies.is_empty());
    // sampled: against the exact count, within four standard errors
    let params = CountParams {
        max_exhaustive_p: 6,
        samples: 4_000,
        seed: 5,
        ..CountParams::default()
    };
    for (d, mode) in [
        (gaussian_set(11, 10, 3), Mode::Homogeneous),
        (gaussian_set(12, 11, 3), Mode::Threshold),
        (integer_set(13, 10, 3, 1), Mode::Threshold),
    ] {
        let c = count_any_with(&d, mode, &params).unwrap();
        assert_eq!(c.method, Method::Sampled);
        let exact = brute_force(&d, mode) as f64;
        let se = c.std_error.unwrap();
        assert!(se > 0.0);
        assert!(
            (c.separable - exact).abs() <= 4.0 * se,
            "{} ± {se} vs {exact}",
            c.separable
        );
        assert_eq!(c.general_position, exact == c.cover);
        // the same seed gives the same estimate
        assert_eq!(count_any_with(&d, mode, &params).unwrap(), c);
    }
    // 2-D data take the geometric count at any P
    let c = count_any(&gaussian_set(1, 40, 2), Mode::Threshold).unwrap();
    assert_eq!(
        (c.method, c.separable),
        (Method::Geometric, 40.0 * 39.0 + 2.0)
    );
}

#[test]
fn cake_numbers() {
    // C(P, N) = 2 c(P − 1, N − 1), and c(m, 1) = m + 1 (pizza), c(m, 2) = (m² + m + 2)/2 (cake)
    for p in 1..40u64 {
        for n in 1..6u64 {
            assert_eq!(2.0 * cake_number(p - 1, n - 1), cover(p, n) as f64);
        }
        assert_eq!(cake_number(p, 2), ((p * p + p + 2) / 2) as f64);
    }
}

#[test]
fn json_shape() {
    let d = points(&[[1.0, 1.0], [2.0, 2.0], [0.0, 0.0], [0.0, 1.0]]);
    let json = serde_json::to_value(count(&d, Mode::Homogeneous).unwrap()).unwrap();
    assert_eq!(
        json,
        serde_json::json!({
            "separable": 0.0, "total": 16.0, "cover": 8.0, "generalPosition": false,
            "degeneracies": [
                {"kind": "collinear-with-origin", "points": [0, 1]},
                {"kind": "at-origin", "point": 2},
            ],
            "method": "geometric", "stdError": null, "p": 4, "coverN": 2,
        })
    );
    let l = &labellings(&points(&[[1.0, 0.0]]), Mode::Homogeneous, 12).unwrap()[0];
    let json = serde_json::to_value(l).unwrap();
    assert_eq!(
        json,
        serde_json::json!({"labels": [1.0], "w": [1.0, 0.0], "theta": 0.0, "kappa": 1.0})
    );
}

/// The size the page counts on every edit: random sets reach Cover's count (no spurious
/// collinearity at the tolerance), and a line of 1 000 points among 1 000 random ones gives the
/// count of the formula. Prints the time of each count.
#[test]
fn two_thousand_points() {
    let d = gaussian_set(2024, 2000, 2);
    for (mode, expected) in [
        (Mode::Homogeneous, 4000.0),
        (Mode::Threshold, 2000.0 * 1999.0 + 2.0),
    ] {
        let mut ms = f64::INFINITY;
        for _ in 0..5 {
            let start = Instant::now();
            std::hint::black_box(count(&d, mode).unwrap());
            ms = ms.min(start.elapsed().as_secs_f64() * 1e3);
        }
        println!("P = 2000, {mode:?}: {ms:.2} ms (best of 5)");
        let c = count(&d, mode).unwrap();
        assert_eq!(c.separable, expected);
        assert!(c.general_position);
    }
    // 1 000 points on y = x/2 + 1 (exact in binary) and 1 000 Gaussian points
    let mut xs: Vec<f64> = (0..1000)
        .flat_map(|k| {
            let t = f64::from(k - 500) / 4.0;
            [t, t / 2.0 + 1.0]
        })
        .collect();
    xs.extend_from_slice(gaussian_set(7, 1000, 2).features());
    let d = dataset(&xs, 2, &[1.0; 2000]);
    let c = count(&d, Mode::Threshold).unwrap();
    // the line: m = 1000 (999); every other pair its own line: C(2000, 2) − C(1000, 2)
    let excess = 999.0 + (2000.0 * 1999.0 - 1000.0 * 999.0) / 2.0;
    assert_eq!(c.separable, 2.0 + 2.0 * excess);
    assert_eq!(c.degeneracies.len(), 1);
    assert_eq!(c.degeneracies[0].points(), (0..1000).collect::<Vec<_>>());
    // through the origin: points t·(1, 2), t ≠ 0, on one line, and 1 000 Gaussian ones
    let mut xs: Vec<f64> = (1..=1000)
        .flat_map(|k| {
            let t = f64::from(k - 500) / 4.0 + 0.125;
            [t, 2.0 * t]
        })
        .collect();
    xs.extend_from_slice(gaussian_set(8, 1000, 2).features());
    let d = dataset(&xs, 2, &[1.0; 2000]);
    let start = Instant::now();
    let c = count(&d, Mode::Homogeneous).unwrap();
    println!(
        "P = 2000 with a line through the origin: {:.2} ms",
        start.elapsed().as_secs_f64() * 1e3
    );
    assert_eq!(c.separable, 2.0 * 1001.0);
}

/// The three points `(1, 10³⁰⁰)`, `(−1, −2)`, `(10⁻³⁰⁰, 3)` through the origin: the cross products
/// of its points, computed here from the coordinates, are `1·3 − 10³⁰⁰·10⁻³⁰⁰ = 2`,
/// `1·(−2) − 10³⁰⁰·(−1) ≈ 10³⁰⁰` and `(−1)·3 − (−2)·10⁻³⁰⁰ ≈ −3`, none zero, and no point is
/// a negative multiple of another's direction, so the three lines through the origin are distinct
/// and the count is Cover's `C(3, 2) = 6` with no degeneracy; the same for the set times 10⁻³⁰⁰
/// (where `10⁻⁶⁰⁰` rounds to 0, which keeps the three lines distinct).
#[test]
fn three_points_at_extreme_scales_span_three_lines() {
    let ys = [1.0, -1.0, 1.0];
    for xs in [
        [1.0f64, 1e300, -1.0, -2.0, 1e-300, 3.0],
        [1e-300, 1.0, -1e-300, -2e-300, 0.0, 3e-300],
    ] {
        // each point divided by its largest coordinate (the cross products of the small set
        // would underflow): the same lines through the origin
        let unit = |a: usize| {
            let m = xs[2 * a].abs().max(xs[2 * a + 1].abs());
            [xs[2 * a] / m, xs[2 * a + 1] / m]
        };
        let cross = |a: usize, b: usize| unit(a)[0] * unit(b)[1] - unit(a)[1] * unit(b)[0];
        assert!(cross(0, 1) != 0.0 && cross(0, 2) != 0.0 && cross(1, 2) != 0.0);
        let c = count(&dataset(&xs, 2, &ys), Mode::Homogeneous).unwrap();
        assert_eq!(c.separable, cover(3, 2) as f64, "{xs:?}: {c:?}");
        assert_eq!(c.separable, 6.0);
        assert!(c.general_position && c.degeneracies.is_empty(), "{c:?}");
    }
}
