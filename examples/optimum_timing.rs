//! The cost per edit of the gradient rules' and the soft margin's reference optima (`optimum::optimum`, computed once
//! per set in the data view) against the exact optimum's (`exact::max_stability`, computed once
//! per set too), on noisy 2-D teacher sets (not separable, so every cost has a finite minimum)
//! with a threshold, at `P = 200` and `1 000`: milliseconds per solve and the ratio to the exact
//! optimum's, and whether a minimum was found, in one run.
//!
//! Run: `cargo run --release --example optimum_timing -- [--reps 20]`
use perceptron_lab::data::{generate, Dataset};
use perceptron_lab::exact::max_stability;
use perceptron_lab::optimum::{optimum, Optimum};
use perceptron_lab::rng::rng_from_seed;
use perceptron_lab::train::logistic::Loss;
use perceptron_lab::train::objective::Objective;
use perceptron_lab::train::Mode;
use std::time::Instant;

fn arg<T: std::str::FromStr>(name: &str, default: T) -> T {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Milliseconds per call of `f`, over `reps` calls.
fn ms(reps: usize, mut f: impl FnMut()) -> f64 {
    let t = Instant::now();
    for _ in 0..reps {
        f();
    }
    t.elapsed().as_secs_f64() * 1e3 / reps as f64
}

fn main() {
    let reps: usize = arg("--reps", 20);
    println!("P,objective,ms,ratio_to_exact,found");
    for p in [200, 1000] {
        let mut rng = rng_from_seed(7);
        let t = generate::teacher(2, &mut rng);
        let d = generate::teacher_set(p, &t, 0.1, &mut rng).expect("a teacher set");
        let xs = d.features().iter().map(|v| v + 0.3).collect();
        let data = Dataset::from_row_major(xs, 2, d.labels().to_vec()).expect("shifted");
        let exact = ms(reps, || {
            let _ = max_stability(&data, Mode::Threshold);
        });
        println!("{p},exact,{exact:.3},1.00,true");
        for (name, objective) in [
            ("least-squares", Objective::LeastSquares),
            ("cross-entropy", Objective::Sigmoid(Loss::CrossEntropy)),
            ("squared-logistic", Objective::Sigmoid(Loss::Squared)),
            ("tanh", Objective::Sigmoid(Loss::Tanh)),
            // the soft margin's exact optimum (smoothed Newton, then the exact partition) at
            // the page's default γ and at a large one
            ("soft-margin-gamma-1", Objective::Hinge { gamma: 1.0 }),
            ("soft-margin-gamma-1000", Objective::Hinge { gamma: 1000.0 }),
        ] {
            let t = ms(reps, || {
                let _ = optimum(objective, &data, Mode::Threshold, false);
            });
            // whether a minimum was found (`Optimum::At`), not `Unknown`
            let found = matches!(
                optimum(objective, &data, Mode::Threshold, false),
                Optimum::At { .. }
            );
            println!("{p},{name},{t:.3},{:.2},{found}", t / exact);
        }
    }
}
