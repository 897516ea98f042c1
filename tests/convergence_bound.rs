//! The perceptron convergence theorem's bound `M*` (Biehl eq. 3.35) against hand computations,
//! and Rosenblatt's update count `M ≤ M*` on hundreds of random separable sets, both modes, with
//! and without a margin `c` and in both presentation orders.

mod common;

use approx::assert_relative_eq;
use common::{dataset, shifted, teacher_data};
use perceptron_lab::exact::max_stability;
use perceptron_lab::theory::rosenblatt_update_bound;
use perceptron_lab::train::{Config, Mode, Presentation, Rosenblatt, Stop, Trainer};

#[test]
fn the_bound_of_hand_made_sets() {
    // (1, 0) and (0, 1), both +1, through the origin: w_opt = (1, 1)/√2, κ_max = 1/√2, R² = 1
    let d = dataset(&[1.0, 0.0, 0.0, 1.0], 2, &[1.0, 1.0]);
    assert_relative_eq!(
        rosenblatt_update_bound(&d, Mode::Homogeneous, 0.0)
            .unwrap()
            .unwrap(),
        2.0,
        epsilon = 1e-9
    );
    // margin c = 0.5, N = 2: (R² + 2cN)/κ² = (1 + 2)/(1/2)
    assert_relative_eq!(
        rosenblatt_update_bound(&d, Mode::Homogeneous, 0.5)
            .unwrap()
            .unwrap(),
        6.0,
        epsilon = 1e-9
    );
    // (1, 0) +1 and (−1, 0) −1 with a threshold: augmented S ξ̃ = (1, 0, −1), (1, 0, 1); the unit
    // w̃ = (1, 0, 0) has stability 1, the best (the two z's average to (1, 0, 0)); R̃² = 1 + 1
    let d = dataset(&[1.0, 0.0, -1.0, 0.0], 2, &[1.0, -1.0]);
    assert_relative_eq!(
        rosenblatt_update_bound(&d, Mode::Threshold, 0.0)
            .unwrap()
            .unwrap(),
        2.0,
        epsilon = 1e-9
    );
    // (2, 0) +1 and (1, 0) −1: separable only with a threshold; the augmented z's are (2, 0, −1)
    // and (−1, 0, 1), whose best unit w̃ ∝ (2, 0, −3) (equal stabilities 7/√13): κ̃ = 1/√13;
    // R̃² = 4 + 1
    let d = dataset(&[2.0, 0.0, 1.0, 0.0], 2, &[1.0, -1.0]);
    assert_eq!(
        rosenblatt_update_bound(&d, Mode::Homogeneous, 0.0).unwrap(),
        None
    );
    assert_relative_eq!(
        rosenblatt_update_bound(&d, Mode::Threshold, 0.0)
            .unwrap()
            .unwrap(),
        5.0 * 13.0,
        epsilon = 1e-6
    );
    // not separable, empty, bad margin
    let xor = dataset(
        &[1.0, 1.0, -1.0, -1.0, 1.0, -1.0, -1.0, 1.0],
        2,
        &[1.0, 1.0, -1.0, -1.0],
    );
    assert_eq!(
        rosenblatt_update_bound(&xor, Mode::Threshold, 0.0).unwrap(),
        None
    );
    assert_eq!(
        rosenblatt_update_bound(&dataset(&[], 2, &[]), Mode::Homogeneous, 0.0).unwrap(),
        None
    );
    assert!(rosenblatt_update_bound(&d, Mode::Threshold, -1.0).is_err());
}

#[test]
fn rosenblatt_never_exceeds_the_bound() {
    let mut checked = 0;
    for seed in 0..150u64 {
        let n = 2 + (seed % 4) as usize;
        let p = 5 + (seed % 23) as usize;
        let base = teacher_data(seed, n, p, 0.0);
        for (data, mode) in [
            (base.clone(), Mode::Homogeneous),
            (shifted(&base, 0.7), Mode::Threshold),
        ] {
            if !max_stability(&data, mode).is_ok_and(|e| e.separable) {
                continue;
            }
            for (margin, order) in [(0.0, Presentation::Cyclic), (0.3, Presentation::Random)] {
                let bound = rosenblatt_update_bound(&data, mode, margin)
                    .unwrap()
                    .expect("separable");
                let config = Config {
                    margin: Some(margin),
                    order: Some(order),
                    seed,
                    max_epochs: Some(1_000_000.0),
                    ..Config::default()
                };
                let fit = Rosenblatt::new(&data, mode, &config).unwrap().run();
                assert_eq!(
                    fit.stop,
                    Some(Stop::NoErrors),
                    "seed {seed}: the rule stops on separable data"
                );
                assert!(
                    fit.updates as f64 <= bound * (1.0 + 1e-9),
                    "seed {seed}, {mode:?}, c = {margin}: M = {} > M* = {bound}",
                    fit.updates
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 300, "{checked} runs checked");
}
