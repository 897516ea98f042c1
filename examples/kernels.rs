//! Times the MinOver and AdaTron kernels natively on one thread (`perceptron_lab::kernels::run`),
//! the reference for the same calls in WebAssembly (`bench/kernels.mjs`, which runs this example).
//!
//! Prints one JSON line per kernel: `{"algorithm", "n", "p", "epochs", "seed", "reps", "steps", "ms"}`.
//!
//! Run: `cargo run --release --features bench --example kernels` (`kernels` is benchmark-only
//! code, behind the `bench` feature), or `… --example kernels -- ALGORITHM N P EPOCHS REPS` for
//! one kernel.
use perceptron_lab::kernels;
use std::time::Instant;

/// `(algorithm, N, P, epochs, reps)`: teacher data at α = 10, 100 epochs; `reps` repetitions make
/// each timing about 0.1–0.3 s.
const KERNELS: [(&str, usize, usize, f64, usize); 4] = [
    ("minover", 20, 200, 100.0, 100),
    ("adatron", 20, 200, 100.0, 200),
    ("minover", 150, 1500, 100.0, 3),
    ("adatron", 150, 1500, 100.0, 10),
];

const SEED: u64 = 1;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
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
        let kernel = algorithm.parse().expect("a catalogue name");
        let steps = kernels::run(kernel, n, p, epochs, SEED, reps).expect("a valid kernel");
        let ms = t0.elapsed().as_secs_f64() * 1e3;
        println!(
            "{{\"algorithm\":\"{algorithm}\",\"n\":{n},\"p\":{p},\"epochs\":{epochs},\"seed\":{SEED},\"reps\":{reps},\"steps\":{steps},\"ms\":{ms:.3}}}"
        );
    }
}
