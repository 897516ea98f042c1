//! Where a new training's time goes (the drag frame's "training" part): the exact optimum, the
//! version space and the trainers' set-up, natively. Run: `cargo run --release --example settle_parts [P]`
use perceptron_lab::catalogue::Algorithm;
use perceptron_lab::data::generate;
use perceptron_lab::exact::max_stability;
use perceptron_lab::scene::{trainer, Settings};
use perceptron_lab::train::Mode;
use perceptron_lab::version_space::VersionSpace;
use std::time::Instant;

fn main() {
    let p: usize = std::env::args()
        .nth(1)
        .map_or(10_000, |s| s.parse().expect("P"));
    let (data, _) = generate::preset_2d(p, 1, 0.0).expect("a preset");
    for threshold in [false, true] {
        let mode = Mode::from_threshold(threshold);
        let settings = Settings {
            threshold,
            ..Settings::default()
        };
        let t = Instant::now();
        let exact = max_stability(&data, mode).expect("exact");
        let t_exact = t.elapsed();
        let t = Instant::now();
        let vs = VersionSpace::compute(&data, mode).expect("version space");
        let t_vs = t.elapsed();
        let t = Instant::now();
        for a in [
            Algorithm::Rosenblatt,
            Algorithm::Minover,
            Algorithm::Adatron,
        ] {
            let _ = trainer(a, &data, &settings, exact.separable).expect("trainer");
        }
        let t_tr = t.elapsed();
        println!("P = {p}, {mode:?}: exact {t_exact:?}, version space {t_vs:?} ({} curve samples), three trainers {t_tr:?}", vs.curves.len());
    }
}
