//! Native timing of the exact maximal-stability solvers on one teacher set: the default
//! active-set solver of `exact::ldp` (Lawson–Hanson, then the exact polish), optionally the dual
//! coordinate ascent of `exact::dual` (KKT tolerance `--tol`, then the polish) and Wolfe's
//! algorithm (the reference). The twin of `bench/sklearn_svc.py` (same set, through
//! `--write-csv`) and `bench/exact-wasm.mjs` (same set generated in wasm from the same seed).
//! Needs the `bench` feature (for `exact::dual`).
//!
//! Run: `cargo run --release --features bench --example exact_timing -- [--n 200] [--p 2000]
//! [--seed 1] [--noise 0] [--tol 1e-6] [--runs 7] [--dual] [--wolfe] [--write-csv path]`
//! (`--noise 0.5`: labels independent of the inputs, as the storage chart's random labellings)
//!
//! Prints one line per solver: median ms over the runs (and all runs), κ_max, the number of
//! support vectors (`x^μ > 0`), sweeps and how the run ended.
use perceptron_lab::data::{generate, Dataset};
use perceptron_lab::exact::{
    dual::{self, DualParams},
    ldp, max_stability_with, Solver,
};
use perceptron_lab::measure::Perceptron;
use perceptron_lab::rng::rng_from_seed;
use perceptron_lab::train::Mode;
use std::fmt::Write as _;
use std::time::Instant;

/// The benchmark set: teacher `w*` then `P` inputs from one generator seeded with `seed`
/// (the same construction as `ExactBench` in the wasm boundary).
/// With label noise `noise` (each label flipped with that probability).
fn teacher_data(n: usize, p: usize, seed: u64, noise: f64) -> Dataset {
    let mut rng = rng_from_seed(seed);
    let t = generate::teacher(n, &mut rng);
    generate::teacher_set(p, &t, noise, &mut rng).expect("a teacher set")
}

/// `solve` run `runs` times: each run's wall time in ms, and the last result (panics for none).
fn timed<T>(runs: usize, mut solve: impl FnMut() -> T) -> (Vec<f64>, T) {
    let mut times = Vec::with_capacity(runs);
    let mut last = None;
    for _ in 0..runs {
        let t0 = Instant::now();
        let run = solve();
        times.push(t0.elapsed().as_secs_f64() * 1e3);
        last = Some(run);
    }
    (times, last.expect("at least one run"))
}

/// `κ(w)` of `w` through the origin on `data`, and the number of support vectors `x^μ > 0`.
fn kappa_and_support(data: &Dataset, w: &[f64], x: &[f64]) -> (f64, usize) {
    let kappa = Perceptron::new(w.to_vec(), 0.0).stability(data);
    (kappa, x.iter().filter(|&&v| v > 0.0).count())
}

fn list(times: &[f64]) -> String {
    let v: Vec<String> = times.iter().map(|t| format!("{t:.2}")).collect();
    v.join(" ")
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .map(|i| args[i + 1].clone())
    };
    let n: usize = get("--n").map_or(200, |v| v.parse().expect("--n N"));
    let p: usize = get("--p").map_or(2000, |v| v.parse().expect("--p P"));
    let seed: u64 = get("--seed").map_or(1, |v| v.parse().expect("--seed S"));
    let tol: f64 = get("--tol").map_or(1e-6, |v| v.parse().expect("--tol T"));
    let runs: usize = get("--runs").map_or(7, |v| v.parse().expect("--runs R"));
    let noise: f64 = get("--noise").map_or(0.0, |v| v.parse().expect("--noise λ"));
    let data = teacher_data(n, p, seed, noise);
    if let Some(path) = get("--write-csv") {
        let mut out = String::new();
        let header: Vec<String> = (1..=n).map(|i| format!("x{i}")).collect();
        writeln!(out, "{},label", header.join(",")).unwrap();
        for mu in 0..p {
            for v in data.x(mu) {
                write!(out, "{v:e},").unwrap(); // shortest round-trip form: the same f64 in Python
            }
            writeln!(out, "{}", data.y(mu)).unwrap();
        }
        std::fs::write(&path, out).expect("writable CSV path");
        println!("wrote {path}");
    }
    println!("teacher set N = {n}, P = {p}, seed {seed}, noise {noise}; KKT tolerance {tol}; {runs} runs");

    // the default solver: Lawson–Hanson on the least-distance programme, polished
    let (mut times, run) = timed(runs, || ldp::solve(&data));
    let (kappa, support) = kappa_and_support(&data, &run.w, &run.x);
    println!(
        "active-set: median {:.3} ms (runs: {}); kappa_max {kappa:.15}; support vectors {support}; adds {}; drops {}; stop {:?}",
        median(&mut times),
        list(&times),
        run.adds,
        run.drops,
        run.stop
    );

    if args.iter().any(|a| a == "--dual") {
        let defaults = DualParams::default();
        let params = DualParams {
            tol,
            max_sweeps: get("--max-sweeps").map_or(100_000, |v| v.parse().expect("--max-sweeps K")),
            separation_sweeps: get("--separation-sweeps")
                .map_or(100_000, |v| v.parse().expect("--separation-sweeps K")),
            ..defaults
        };
        let (mut times, run) = timed(runs.min(3), || dual::solve(&data, &params));
        let (kappa, support) = kappa_and_support(&data, &run.w, &run.x);
        println!(
            "dual coordinate ascent: median {:.3} ms (runs: {}); kappa_max {kappa:.15}; support vectors {support}; sweeps {}; updates {}; stop {:?}",
            median(&mut times),
            list(&times),
            run.sweeps,
            run.updates,
            run.stop
        );
    }

    if args.iter().any(|a| a == "--wolfe") {
        let (mut times, e) = timed(runs.min(3), || {
            max_stability_with(&data, Mode::Homogeneous, Solver::Wolfe).expect("a solution")
        });
        let kappa = e.kappa;
        println!(
            "wolfe: median {:.3} ms (runs: {}); kappa_max {kappa:.15}",
            median(&mut times),
            list(&times)
        );
    }
}
