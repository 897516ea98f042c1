//! Times the MinOver kernel alone: N = 20, P = 200 teacher data, 100 epochs (20 000 steps).
//!
//! Run: `cargo run --release --example minover_kernel`
use perceptron_lab::data::generate;
use perceptron_lab::rng::rng_from_seed;
use perceptron_lab::train::{MinoverParams, Mode, Trainer};
use std::time::Instant;

fn main() {
    let mut rng = rng_from_seed(1);
    let t = generate::teacher(20, &mut rng);
    let d = generate::teacher_set(200, &t, 0.0, &mut rng).expect("a teacher set");
    let reps = 50;
    let t0 = Instant::now();
    let mut steps = 0;
    for _ in 0..reps {
        steps += MinoverParams::default()
            .max_epochs(100.0)
            .gap_tolerance(0.0)
            .build(&d, Mode::Homogeneous)
            .expect("valid")
            .run()
            .steps;
    }
    let s = t0.elapsed().as_secs_f64();
    println!(
        "{steps} MinOver steps at P = 200 in {s:.3} s: {:.1} ns per step, {:.2} ns per example",
        s * 1e9 / steps as f64,
        s * 1e9 / steps as f64 / 200.0
    );
}
