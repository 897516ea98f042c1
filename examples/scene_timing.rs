//! The native twin of `bench/drag.mjs`: the same P = 200 teacher set (seed 1), the same 100 drag
//! steps of one point around a circle of radius 0.15, the same `scene::compute` — timed natively,
//! so that the wasm/native ratio of one frame's training can be read off one run.
//!
//! Run: `cargo run --release --example scene_timing [P] [steps]` (`ALGORITHMS=minover` for a subset)
use perceptron_lab::data::{generate, Dataset};
use perceptron_lab::rng::rng_from_seed;
use perceptron_lab::scene::{compute, Settings};
use std::time::Instant;

fn main() {
    let mut args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<usize>().expect("a number"));
    let p = args.next().unwrap_or(200);
    let steps = args.next().unwrap_or(100);
    let mut rng = rng_from_seed(1);
    let teacher = generate::teacher(2, &mut rng);
    let data = generate::teacher_set(p, &teacher, 0.0, &mut rng).expect("a teacher set");
    let i = (0..p).find(|&mu| data.y(mu) > 0.0).expect("a +1 point");
    println!("native training of one drag frame, P = {p}, {steps} drag steps per mode");
    for threshold in [false, true] {
        let mut settings = Settings {
            threshold,
            ..Settings::default()
        };
        // ALGORITHMS=minover,adatron times a subset (the exact optimum is always computed)
        if let Ok(list) = std::env::var("ALGORITHMS") {
            settings.algorithms = list
                .split(',')
                .map(|a| a.parse().expect("an algorithm name"))
                .collect();
        }
        let mut times = Vec::with_capacity(steps);
        for k in 0..steps {
            let a = 2.0 * std::f64::consts::PI * k as f64 / steps as f64;
            let mut xs = data.features().to_vec();
            xs[2 * i] += 0.15 * libm::cos(a);
            xs[2 * i + 1] += 0.15 * libm::sin(a);
            let t0 = Instant::now();
            let moved = Dataset::from_user(xs, 2, data.labels().to_vec()).expect("valid points");
            let scene = compute(&moved, &settings).expect("a scene");
            times.push(t0.elapsed().as_secs_f64() * 1e3);
            std::hint::black_box(scene);
        }
        times.sort_by(f64::total_cmp);
        let mode = if threshold {
            "with threshold"
        } else {
            "through the origin"
        };
        println!("{mode:<20} training median {:.2} ms", times[steps / 2]);
    }
}
