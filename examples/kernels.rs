//! Times the MinOver and AdaTron kernels and MinOver's step floor natively on one thread
//! (`perceptron_lab::kernels::run_named`), the reference for the same calls in WebAssembly
//! (`bench/kernels.mjs`, which runs this example).
//!
//! Prints one JSON line per kernel: `{"algorithm", "n", "p", "epochs", "seed", "reps", "steps", "ms"}`.
//!
//! Run: `cargo run --release --features bench --example kernels` (`kernels` is benchmark-only
//! code, behind the `bench` feature), or `… --example kernels -- ALGORITHM N P EPOCHS REPS` for
//! one kernel (`minover`, `adatron` or `minover-floor`), or `… -- floor-sweep REPS [N ALPHA]` for
//! the floor of the heavy learning-curve sweep (N = 20, α = 0.1:10:100, 100 epochs, seed 1; or
//! that dimension and `α` grid, e.g. `150 0.1:10:50` for the `dimension-150` preset) with `REPS`
//! repetitions, to set against `perceptron-lab curve --threads 1` with the same arguments.
use perceptron_lab::experiment::{self, alpha_grid, CurveParams, Labels, StopRule};
use perceptron_lab::kernels;
use perceptron_lab::train::Algorithm;
use std::time::Instant;

/// `(algorithm, N, P, epochs, reps)`: teacher data, 100 epochs; `reps` repetitions make each
/// timing about 0.1–0.3 s. MinOver and its step floor at the heavy sweep's sizes (N = 20,
/// P = αN for α = 1, 2.5, 5, 7.5, 10).
const KERNELS: [(&str, usize, usize, f64, usize); 14] = [
    ("minover", 20, 200, 100.0, 100),
    ("adatron", 20, 200, 100.0, 200),
    ("minover", 150, 1500, 100.0, 3),
    ("adatron", 150, 1500, 100.0, 10),
    (kernels::FLOOR, 20, 200, 100.0, 100),
    ("minover", 20, 20, 100.0, 1000),
    (kernels::FLOOR, 20, 20, 100.0, 1000),
    ("minover", 20, 50, 100.0, 400),
    (kernels::FLOOR, 20, 50, 100.0, 400),
    ("minover", 20, 100, 100.0, 200),
    (kernels::FLOOR, 20, 100, 100.0, 200),
    ("minover", 20, 150, 100.0, 135),
    (kernels::FLOOR, 20, 150, 100.0, 135),
    (kernels::FLOOR, 150, 1500, 100.0, 3),
];

const SEED: u64 = 1;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if (args.len() == 2 || args.len() == 4) && args[0] == "floor-sweep" {
        let (n, alphas) = if args.len() == 4 {
            let grid = experiment::parse_alpha(&args[3]).expect("an α grid");
            (args[2].parse().expect("a dimension N"), grid)
        } else {
            (20, alpha_grid(0.1, 10.0, 100))
        };
        let params = CurveParams {
            n,
            alphas,
            reps: args[1].parse().expect("a repetition count"),
            algorithms: vec![Algorithm::Minover],
            epochs: 100.0,
            updates: None,
            seed: 1,
            noise: 0.0,
            labels: Labels::Teacher,
            stop: StopRule::Epochs,
            random_separability: false,
        };
        let t0 = Instant::now();
        let steps = kernels::floor_sweep(&params).expect("a valid sweep");
        let ms = t0.elapsed().as_secs_f64() * 1e3;
        println!("{{\"kernel\":\"floor-sweep\",\"steps\":{steps},\"ms\":{ms:.3}}}");
        return;
    }
    let chosen: Vec<(String, usize, usize, f64, usize)> = if args.len() == 5 {
        let num = |i: usize| args[i].parse::<f64>().expect("a number");
        vec![(
            args[0].clone(),
            num(1) as usize,
            num(2) as usize,
            num(3),
            num(4) as usize,
        )]
    } else {
        KERNELS
            .iter()
            .map(|&(a, n, p, e, r)| (a.to_string(), n, p, e, r))
            .collect()
    };
    for (algorithm, n, p, epochs, reps) in chosen {
        let t0 = Instant::now();
        let steps =
            kernels::run_named(&algorithm, n, p, epochs, SEED, reps).expect("a valid kernel");
        let ms = t0.elapsed().as_secs_f64() * 1e3;
        println!(
            "{{\"algorithm\":\"{algorithm}\",\"n\":{n},\"p\":{p},\"epochs\":{epochs},\"seed\":{SEED},\"reps\":{reps},\"steps\":{steps},\"ms\":{ms:.3}}}"
        );
    }
}
