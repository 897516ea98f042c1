//! Where the data view's settling time goes on the 10 000-point small-margin set of
//! `bench/settle-10k.mjs` (issue 27): the exact optimum, the version space and each default
//! rule run alone to its stop, natively, through the origin and with a threshold.
//! Run: `cargo run --release --example settle_10k [P] [margin] [origin|threshold] [rule]`
use perceptron_lab::data::Dataset;
use perceptron_lab::exact::max_stability;
use perceptron_lab::scene::{default_algorithms, trainer, Settings};
use perceptron_lab::train::Mode;
use perceptron_lab::version_space::VersionSpace;
use std::time::Instant;

/// `lineSet("small-margin", p, threshold, margin)` of `tests/e2e/harness.mjs`, with its
/// JavaScript arithmetic (doubles, `%` as `fmod`): the same points bit for bit.
fn line_set(p: usize, threshold: bool, margin: f64) -> Dataset {
    let mut s = (2024 + p + usize::from(threshold)) as f64;
    let mut rand = || {
        s = (s * 1_103_515_245.0 + 12_345.0) % 2_147_483_648.0;
        (2.0 * s) / 2_147_483_648.0 - 1.0
    };
    let w = [libm::cos(1f64), libm::sin(1f64)];
    let theta = if threshold { 0.3 } else { 0.0 };
    let (mut xs, mut ys) = (vec![], vec![]);
    while ys.len() < p {
        let (x, y) = (rand(), rand());
        let d = w[0] * x + w[1] * y - theta;
        if d.abs() <= margin {
            continue;
        }
        xs.extend([x, y]);
        ys.push(if d > 0.0 { 1.0 } else { -1.0 });
    }
    Dataset::from_user(xs, 2, ys).expect("a data set")
}

fn main() {
    let mut args = std::env::args().skip(1);
    let p: usize = args.next().map_or(10_000, |s| s.parse().expect("P"));
    let margin: f64 = args.next().map_or(4.6e-4, |s| s.parse().expect("margin"));
    let modes = match args.next().as_deref() {
        Some("origin") => vec![false],
        Some("threshold") => vec![true],
        _ => vec![false, true],
    };
    let only = args.next();
    for threshold in modes {
        let data = line_set(p, threshold, margin);
        let mode = Mode::from_threshold(threshold);
        let settings = Settings {
            threshold,
            ..Settings::default()
        };
        let t = Instant::now();
        let exact = max_stability(&data, mode).expect("exact");
        let t_exact = t.elapsed();
        let t = Instant::now();
        let _vs = VersionSpace::compute(&data, mode).expect("version space");
        println!(
            "P = {p}, {mode:?}: exact {t_exact:.2?} (κ_max = {:.3e}), version space {:.2?}",
            exact.kappa,
            t.elapsed()
        );
        for a in default_algorithms()
            .into_iter()
            .filter(|a| only.as_ref().is_none_or(|o| a.to_string() == *o))
        {
            let t = Instant::now();
            let fit = trainer(a, &data, &settings, exact.separable)
                .expect("trainer")
                .run();
            println!(
                "  {a}: {:.2?}, {:?} after {} steps, κ = {:.4e}",
                t.elapsed(),
                fit.stop,
                fit.steps,
                fit.kappa
            );
        }
    }
}
