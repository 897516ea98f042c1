//! The data view's traces against the step t (`scene::Settling::traces`), checked against
//! independent references: the exact optimum's κ_max (the certified bound never below it, κ(w(t))
//! never above it), the convergence theorem's M* (Rosenblatt's M(t) never above it), the scene's
//! own readout at the end, and a run without traces (recording changes nothing).

mod common;

use common::{shifted, teacher_data};
use perceptron_lab::catalogue::Algorithm;
use perceptron_lab::exact::max_stability;
use perceptron_lab::scene::{Settings, Settling};
use perceptron_lab::theory::rosenblatt_update_bound;
use perceptron_lab::train::Mode;

fn settings(threshold: bool, traces: bool) -> Settings {
    let rules = vec![
        Algorithm::Rosenblatt,
        Algorithm::Minover,
        Algorithm::Adatron,
        Algorithm::Pocket,
    ];
    Settings {
        threshold,
        algorithms: rules.clone(),
        traces: if traces { rules } else { vec![] },
        ..Settings::default()
    }
}

#[test]
fn traces_respect_the_bounds_and_end_at_the_readout() {
    for seed in 0..12u64 {
        for threshold in [false, true] {
            let base = teacher_data(seed, 2, 15 + seed as usize * 3, 0.0);
            let data = if threshold { shifted(&base, 0.8) } else { base };
            let mode = Mode::from_threshold(threshold);
            let exact = max_stability(&data, mode).unwrap();
            assert!(exact.separable);
            let mut run = Settling::new(&data, &settings(threshold, true)).unwrap();
            // in slices of a chunk each, as the page steps it
            while !run.advance(|| true) {}
            let scene = run.scene();
            let bound = rosenblatt_update_bound(&data, mode, 0.0).unwrap().unwrap();
            let traces = run.traces();
            assert_eq!(traces.len(), 4);
            for (name, trace) in traces {
                let view = scene.algorithms.iter().find(|a| a.name == name).unwrap();
                let n = trace.t.len();
                assert!(
                    n > 0
                        && trace.kappa.len() == n
                        && trace.updates.len() == n
                        && trace.errors.len() == n
                );
                assert!(
                    trace.t.windows(2).all(|w| w[0] < w[1]),
                    "{name}: steps increase"
                );
                assert!(
                    trace.updates.windows(2).all(|w| w[0] <= w[1]),
                    "{name}: updates never decrease"
                );
                // the last sample is where the rule stopped: the readout's numbers
                assert_eq!(*trace.t.last().unwrap(), view.steps, "{name}");
                assert_eq!(*trace.updates.last().unwrap(), view.updates, "{name}");
                assert_eq!(
                    trace.kappa.last().unwrap().to_bits(),
                    view.kappa.to_bits(),
                    "{name}"
                );
                for k in 0..n {
                    assert!(
                        trace.kappa[k] <= exact.kappa + 1e-9,
                        "{name} seed {seed}: κ(t) = {} > κ_max = {}",
                        trace.kappa[k],
                        exact.kappa
                    );
                    if trace.t[k] <= 20 {
                        assert_eq!(trace.t[k], k + 1, "{name}: every step up to 20 is sampled");
                    }
                }
                match name {
                    Algorithm::Minover | Algorithm::Adatron => {
                        let upper = trace.upper.as_ref().expect("a certified bound");
                        for (t, u) in trace.t.iter().zip(upper) {
                            assert!(
                                *u >= exact.kappa * (1.0 - 1e-9),
                                "{name} seed {seed} t = {t}: κ_upper = {u} < κ_max = {}",
                                exact.kappa
                            );
                        }
                    }
                    Algorithm::Rosenblatt => {
                        assert!(
                            trace
                                .updates
                                .iter()
                                .all(|&m| m as f64 <= bound * (1.0 + 1e-9)),
                            "M(t) ≤ M* = {bound}"
                        );
                    }
                    _ => {}
                }
            }
            // recording changes nothing
            let plain = perceptron_lab::scene::compute(&data, &settings(threshold, false)).unwrap();
            let json =
                |s: &perceptron_lab::scene::Scene| serde_json::to_string(&s.algorithms).unwrap();
            assert_eq!(json(&scene), json(&plain));
        }
    }
}

#[test]
fn rosenblatt_readout_bound_is_the_theorem_bound() {
    for threshold in [false, true] {
        let base = teacher_data(5, 2, 30, 0.0);
        let data = if threshold { shifted(&base, 0.8) } else { base };
        let scene = perceptron_lab::scene::compute(&data, &settings(threshold, false)).unwrap();
        let view = scene
            .algorithms
            .iter()
            .find(|a| a.name == Algorithm::Rosenblatt)
            .unwrap();
        let bound = rosenblatt_update_bound(&data, Mode::from_threshold(threshold), 0.0)
            .unwrap()
            .unwrap();
        assert!(
            (view.update_bound.unwrap() - bound).abs() <= 1e-9 * bound,
            "{:?} vs {bound}",
            view.update_bound
        );
        assert!(view.updates as f64 <= bound);
        for a in scene
            .algorithms
            .iter()
            .filter(|a| a.name != Algorithm::Rosenblatt)
        {
            assert_eq!(a.update_bound, None);
        }
    }
}
