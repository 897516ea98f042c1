//! Native timing of the Gibbs and Bayes students (`train::students`): exact 2-D draws per
//! second (through the origin and with a threshold) and, for teacher sets at `N` and several
//! `α`, the chain's draws per second (`samples`, one draw every `THIN` trajectories), its
//! trajectories per second and walls hit per trajectory, and whole rules per second (a `gibbs`
//! run: the exact start and the burn-in; a `bayes` run: also its 50 samples).
//!
//! Run: `cargo run --release --example students_timing -- [--n 20] [--alphas 1,4,10]
//! [--draws 2000] [--seed 1]`
use perceptron_lab::data::{generate, Dataset};
use perceptron_lab::rng::rng_from_seed;
use perceptron_lab::train::students::{bayes_point, samples, Sampler, THIN};
use perceptron_lab::train::{self, Algorithm, Config, Mode};
use std::time::Instant;

fn arg<T: std::str::FromStr>(name: &str, default: T) -> T {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn teacher_set(n: usize, p: usize, seed: u64, offset: f64) -> Dataset {
    let mut rng = rng_from_seed(seed);
    let t = generate::teacher(n, &mut rng);
    let d = generate::teacher_set(p, &t, 0.0, &mut rng).expect("a teacher set");
    let xs = d.features().iter().map(|v| v + offset).collect();
    Dataset::from_row_major(xs, n, d.labels().to_vec()).expect("shifted")
}

/// Runs `f` `count` times; returns the rate per second.
fn rate(count: usize, mut f: impl FnMut()) -> f64 {
    let t = Instant::now();
    for _ in 0..count {
        f();
    }
    count as f64 / t.elapsed().as_secs_f64()
}

fn main() {
    let n: usize = arg("--n", 20);
    let draws: usize = arg("--draws", 2000);
    let seed: u64 = arg("--seed", 1);
    let alphas: String = arg("--alphas", "1,4,10".to_string());
    // exact 2-D draws, P = 100
    for (mode, offset) in [(Mode::Homogeneous, 0.0), (Mode::Threshold, 0.5)] {
        let data = teacher_set(2, 100, seed, offset);
        let t = Instant::now();
        let k = 200_000;
        samples(&data, mode, k, seed).expect("separable");
        let per = k as f64 / t.elapsed().as_secs_f64();
        let bayes = rate(200, || {
            bayes_point(&data, mode, seed).expect("separable");
        });
        println!(
            "2-D, P = 100, {mode:?}: {per:.3e} exact draws/s (one set); Bayes (exact, with the set up): {bayes:.0}/s"
        );
    }
    for alpha in alphas.split(',').map(|a| a.parse::<f64>().expect("α")) {
        let p = (alpha * n as f64).round() as usize;
        for (mode, offset) in [(Mode::Homogeneous, 0.0), (Mode::Threshold, 0.3)] {
            let data = teacher_set(n, p, seed, offset);
            let mut sampler = Sampler::new(&data, mode, seed).expect("separable");
            sampler.draw(5);
            let t = Instant::now();
            for _ in 0..draws {
                sampler.draw(THIN);
            }
            let secs = t.elapsed().as_secs_f64();
            let trajectories = (draws * THIN) as f64;
            let walls = sampler.bounces() as f64 / sampler.steps() as f64;
            let config = Config {
                seed,
                ..Config::default()
            };
            let gibbs = rate(100, || {
                train::build(Algorithm::Gibbs, &data, mode, &config)
                    .expect("separable")
                    .run();
            });
            let bayes = rate(20, || {
                train::build(Algorithm::Bayes, &data, mode, &config)
                    .expect("separable")
                    .run();
            });
            println!(
                "N = {n}, α = {alpha}, P = {p}, {mode:?}: {:.0} draws/s ({:.0} trajectories/s, \
                 {walls:.1} walls each, {} of {} rejected by the tilt); gibbs runs {gibbs:.0}/s, \
                 bayes runs {bayes:.1}/s",
                draws as f64 / secs,
                trajectories / secs,
                sampler.rejected(),
                sampler.steps(),
            );
        }
    }
}
