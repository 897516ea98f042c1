//! Times the MinOver kernel alone: teacher data through the origin, a fixed number of epochs
//! (no gap stop), by default N = 20, P = 200, 100 epochs (20 000 steps), 50 runs.
//!
//! Run: `cargo run --release --example minover_kernel [-- N P EPOCHS RUNS]`,
//! e.g. `-- 150 1500 100 3` for the bigger shape.
use perceptron_lab::data::generate;
use perceptron_lab::rng::rng_from_seed;
use perceptron_lab::train::{Config, Minover, Mode, Trainer};
use std::time::Instant;

fn main() {
    let args: Vec<f64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers: N P EPOCHS RUNS"))
        .collect();
    let arg = |i: usize, default: f64| args.get(i).copied().unwrap_or(default);
    let (n, p, epochs, reps) = (
        arg(0, 20.0) as usize,
        arg(1, 200.0) as usize,
        arg(2, 100.0),
        arg(3, 50.0) as usize,
    );
    let mut rng = rng_from_seed(1);
    let t = generate::teacher(n, &mut rng);
    let d = generate::teacher_set(p, &t, 0.0, &mut rng).expect("a teacher set");
    let t0 = Instant::now();
    let mut steps = 0;
    let mut kappa = 0.0;
    let config = Config {
        max_epochs: Some(epochs),
        gap_tolerance: 0.0,
        ..Config::default()
    };
    for _ in 0..reps {
        let fit = Minover::new(&d, Mode::Homogeneous, &config)
            .expect("valid")
            .run();
        steps += fit.steps;
        kappa = fit.kappa;
    }
    let s = t0.elapsed().as_secs_f64();
    println!(
        "{steps} MinOver steps at N = {n}, P = {p} in {s:.3} s: {:.1} ns per step, \
         {:.2} ns per example; κ = {kappa:.12}",
        s * 1e9 / steps as f64,
        s * 1e9 / steps as f64 / p as f64
    );
}
