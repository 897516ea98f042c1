//! `region_at`, the cell of one labelling: through the origin the arc on which a scan of
//! directions gives that labelling (the version space at the exact optimum of a separable set),
//! with a threshold the interval of `θ` at every grid angle (computed here from the inputs), and
//! none on a boundary or for no points.
//!
//! Conventions: those of `tests/common/version_space.rs`.

mod common;

use approx::assert_abs_diff_eq;
use common::version_space::{arc_len, band_at, circ_dist, dot2, in_arc, teacher_data};
use common::{dataset, unit};
use perceptron_lab::data::Dataset;
use perceptron_lab::exact::max_stability;
use perceptron_lab::rng::rng_from_seed;
use perceptron_lab::train::Mode;
use perceptron_lab::version_space::{arcs, direction, region_at, GRID};
use rand::Rng as _;
use std::f64::consts::TAU;

/// The labelling the perceptron `(u(φ), θ)` gives the inputs, computed here (`None` on a boundary).
fn labelling_at(data: &Dataset, phi: f64, theta: f64) -> Option<Vec<f64>> {
    let u = unit(phi);
    (0..data.len())
        .map(|mu| {
            let h = dot2(data.x(mu), u) - theta;
            (h != 0.0).then_some(h.signum())
        })
        .collect()
}

/// `region_at` through the origin: the cell of the labelling of a random direction is the arc
/// on which a scan of directions gives that labelling (directions a little beyond each end give
/// another); at the exact optimum of a separable set it is the version space.
#[test]
fn region_at_through_the_origin_is_the_arc_of_one_labelling() {
    let mut rng = rng_from_seed(17);
    for seed in 0..20 {
        let data = teacher_data(
            seed,
            3 + seed as usize % 9,
            0.3 * f64::from(seed as u32 % 3),
            0.0,
        );
        for _ in 0..5 {
            let phi = TAU * rng.random::<f64>();
            let labels = labelling_at(&data, phi, 0.0).unwrap();
            let r = region_at(&data, Mode::Homogeneous, phi, 0.0)
                .unwrap()
                .unwrap();
            assert_eq!(r.labels, labels, "seed {seed}");
            let arc = r.arc.unwrap();
            assert!(
                in_arc(phi, arc),
                "seed {seed}: φ = {phi} outside its cell {arc:?}"
            );
            let len = arc_len(arc);
            for k in 1..100 {
                let inside = arc[0] + len * f64::from(k) / 100.0;
                assert_eq!(
                    labelling_at(&data, inside, 0.0).as_ref(),
                    Some(&labels),
                    "seed {seed}"
                );
            }
            for beyond in [arc[0] - 1e-7, arc[1] + 1e-7] {
                assert_ne!(
                    labelling_at(&data, beyond, 0.0).as_ref(),
                    Some(&labels),
                    "seed {seed}: the cell ends at a boundary"
                );
            }
        }
        let exact = max_stability(&data, Mode::Homogeneous).unwrap();
        if let Some(opt) = exact.perceptron {
            let r = region_at(&data, Mode::Homogeneous, direction(&opt.w), 0.0)
                .unwrap()
                .unwrap();
            assert_eq!(r.labels, data.labels());
            let vs = arcs(&data).unwrap()[0];
            assert_abs_diff_eq!(circ_dist(r.arc.unwrap()[0], vs[0]), 0.0, epsilon = 1e-12);
            assert_abs_diff_eq!(circ_dist(r.arc.unwrap()[1], vs[1]), 0.0, epsilon = 1e-12);
        }
    }
}

/// `region_at` with a threshold: at every grid angle the cell is the interval of θ that gives the
/// labelling of a random `(φ, θ)` (computed here from the inputs), empty (`NaN`) where none does.
#[test]
fn region_at_with_a_threshold_is_the_band_of_one_labelling() {
    let mut rng = rng_from_seed(18);
    for seed in 0..20 {
        let data = teacher_data(seed, 4 + seed as usize % 8, 0.5, 0.1);
        for _ in 0..5 {
            let phi = TAU * rng.random::<f64>();
            let theta = 2.0 * rng.random::<f64>() - 1.0;
            let labels = labelling_at(&data, phi, theta).unwrap();
            let r = region_at(&data, Mode::Threshold, phi, theta)
                .unwrap()
                .unwrap();
            assert_eq!(r.labels, labels);
            let relabelled =
                Dataset::from_row_major(data.features().to_vec(), 2, labels.clone()).unwrap();
            for k in 0..GRID {
                let phi_k = TAU * k as f64 / GRID as f64;
                let (lo, hi) = band_at(&relabelled, phi_k);
                if lo < hi - 1e-9 {
                    // one class: the missing side is ∓∞
                    let same = |a: f64, b: f64| a == b || (a - b).abs() <= 1e-12;
                    assert!(
                        same(r.lower[k], lo) && same(r.upper[k], hi),
                        "{:?} vs {:?}",
                        (r.lower[k], r.upper[k]),
                        (lo, hi)
                    );
                    let mid = match (lo.is_finite(), hi.is_finite()) {
                        (true, true) => 0.5 * (lo + hi),
                        (true, false) => lo + 1.0,
                        (false, true) => hi - 1.0,
                        (false, false) => 0.0,
                    };
                    assert_eq!(labelling_at(&data, phi_k, mid).as_ref(), Some(&labels));
                } else if lo > hi + 1e-9 {
                    assert!(r.lower[k].is_nan() && r.upper[k].is_nan());
                }
            }
        }
    }
}

#[test]
fn region_at_a_boundary_or_of_no_points_is_none() {
    let d = dataset(&[1.0, 0.0, 0.0, 2.0], 2, &[1.0, -1.0]);
    // u(0) is on the boundary of (0, 2)
    assert_eq!(region_at(&d, Mode::Homogeneous, 0.0, 0.0).unwrap(), None);
    // θ = 1 at φ = 0 passes through (1, 0)
    assert_eq!(region_at(&d, Mode::Threshold, 0.0, 1.0).unwrap(), None);
    assert!(region_at(&d, Mode::Threshold, 0.0, 0.5).unwrap().is_some());
    let empty = dataset(&[], 2, &[]);
    assert_eq!(region_at(&empty, Mode::Threshold, 0.0, 0.0).unwrap(), None);
    assert!(region_at(
        &dataset(&[1.0, 2.0, 3.0], 3, &[1.0]),
        Mode::Threshold,
        0.0,
        0.0
    )
    .is_err());
}
