//! Times each part of one data-view frame natively (P = 200 teacher set in 2-D).
use perceptron_lab::data::generate;
use perceptron_lab::exact::max_stability;
use perceptron_lab::rng::rng_from_seed;
use perceptron_lab::train::{AdatronParams, MinoverParams, Mode, RosenblattParams, Trainer};
use std::time::Instant;

fn main() {
    let mut rng = rng_from_seed(1);
    let t = generate::teacher(2, &mut rng);
    let d = generate::teacher_set(200, &t, 0.0, &mut rng).unwrap();
    for mode in [Mode::Homogeneous, Mode::Threshold] {
        let n = 50;
        let time = |f: &dyn Fn() -> usize| {
            let t0 = Instant::now();
            let mut s = 0;
            for _ in 0..n {
                s += f();
            }
            (t0.elapsed().as_secs_f64() * 1e3 / n as f64, s / n)
        };
        let r = time(&|| {
            RosenblattParams::default()
                .build(&d, mode)
                .unwrap()
                .run()
                .steps
        });
        let m = time(&|| {
            MinoverParams::default()
                .max_epochs(50.0)
                .build(&d, mode)
                .unwrap()
                .run()
                .steps
        });
        let a = time(&|| {
            AdatronParams::default()
                .max_epochs(50.0)
                .build(&d, mode)
                .unwrap()
                .run()
                .steps
        });
        let e = time(&|| max_stability(&d, mode).unwrap().support.len());
        println!("{mode:?}: rosenblatt {r:?} minover {m:?} adatron {a:?} exact {e:?} (ms, steps)");
    }
}
