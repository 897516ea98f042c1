//! The data view's traces against the step t (`scene::Settling::traces`), checked against
//! independent references: the exact optimum's κ_max (the certified bound never below it, κ(w(t))
//! never above it), the convergence theorem's M* (Rosenblatt's M(t) never above it), the scene's
//! own readout at the end, and a run without traces (recording changes nothing). The race of
//! compare mode and the animation (`animation::Race`, `animation::Animation`): the views at race
//! step t are the rules stepped t times, their traces end at those views, and a race run to the
//! end gives the data view's lines and traces bit for bit. Pocket's two error series: the
//! pocket's never above any earlier current w's (the ratchet).

mod common;

use common::{embedded_weights, errors, kappa, shifted, teacher_data};
use perceptron_lab::animation::{Animation, Race};
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

/// The race scrubbed to step t shows every rule as a fresh run of it stepped t times (its frame t,
/// or its last once it stopped); each trace up to t ends at that view's κ and step; a race run to
/// the end gives the data view's lines, readout and traces exactly (the same runs).
#[test]
fn race_at_step_t_is_every_rule_after_t_steps() {
    let rules = [
        Algorithm::Rosenblatt,
        Algorithm::Minover,
        Algorithm::Adatron,
        Algorithm::Pocket,
    ];
    for seed in 0..4u64 {
        for threshold in [false, true] {
            let base = teacher_data(seed + 40, 2, 12 + 4 * seed as usize, 0.0);
            let data = if threshold { shifted(&base, 0.6) } else { base };
            let settings = settings(threshold, true);
            let checked = 40;
            let mut race = Race::new(&data, &settings, &rules).unwrap();
            assert_eq!(race.steps(), 0);
            for _ in 0..checked {
                race.step();
            }
            let mut fresh: Vec<_> = rules
                .iter()
                .map(|&r| Animation::new(r, &data, &settings).unwrap())
                .collect();
            for t in 0..=checked {
                let views = race.views(t);
                let traces = race.traces(t);
                assert_eq!(views.len(), rules.len());
                for ((view, (name, trace)), alone) in views.iter().zip(&traces).zip(&fresh) {
                    assert_eq!(view.name, *name);
                    let f = alone.frames().last().unwrap();
                    assert_eq!(
                        (&view.w, view.theta, view.steps),
                        (&f.w, f.theta, f.step),
                        "{name} at t = {t}"
                    );
                    // the view's numbers from the data, independently
                    if view.w.iter().any(|&v| v != 0.0) {
                        assert!(
                            (view.kappa - kappa(&view.w, view.theta, &data)).abs() < 1e-12,
                            "{name} t = {t}"
                        );
                        assert_eq!(view.errors, errors(&view.w, view.theta, &data));
                    }
                    // the strengths at step t embed w(t) (through the origin, w = Σ x^μ S^μ ξ^μ)
                    if !threshold {
                        let w = embedded_weights(&view.embedding, &data);
                        for (a, b) in w.iter().zip(&view.w) {
                            assert!(
                                (a - b).abs() < 1e-9,
                                "{name} t = {t}: {w:?} vs {:?}",
                                view.w
                            );
                        }
                    }
                    if t == 0 {
                        assert!(trace.t.is_empty());
                    } else {
                        assert_eq!(*trace.t.last().unwrap(), view.steps, "{name} t = {t}");
                        assert_eq!(
                            trace.kappa.last().unwrap().to_bits(),
                            view.kappa.to_bits(),
                            "{name} t = {t}"
                        );
                        if view.steps <= 20 {
                            assert_eq!(trace.t.len(), view.steps, "{name}: every step up to 20");
                        }
                    }
                }
                for a in &mut fresh {
                    a.step();
                }
            }
            // to the end: the data view's runs, lines and traces
            while !race.step() {}
            let mut run = Settling::new(&data, &settings).unwrap();
            while !run.advance(|| true) {}
            let scene = run.scene();
            let json = |v: &dyn erased::Json| v.json();
            let end = race.views(usize::MAX);
            for view in &end {
                let full = scene
                    .algorithms
                    .iter()
                    .find(|a| a.name == view.name)
                    .unwrap();
                assert_eq!(json(view), json(full), "{}", view.name);
            }
            let full_traces = run.traces();
            for (name, trace) in race.traces(usize::MAX) {
                let (_, full) = full_traces.iter().find(|(n, _)| *n == name).unwrap();
                assert_eq!(json(&trace), json(*full), "{name}");
            }
        }
    }
}

/// JSON of the views and traces (NaN, the κ of w = 0, equals itself there).
mod erased {
    pub trait Json {
        fn json(&self) -> String;
    }
    impl<T: serde::Serialize> Json for T {
        fn json(&self) -> String {
            serde_json::to_string(self).unwrap()
        }
    }
}

/// Pocket's trace has both series: the pocket's errors (the answer, `pocket_errors`) and the
/// current Rosenblatt w's (`errors`); by the ratchet the pocket's are the fewest of any w so far —
/// at every step of the animation exactly the minimum over the current w's (and the start's P).
#[test]
fn pocket_trace_has_the_ratchet() {
    for seed in 0..6u64 {
        for threshold in [false, true] {
            let base = teacher_data(seed + 7, 2, 30, 0.25);
            let data = if threshold { shifted(&base, 0.5) } else { base };
            let settings = settings(threshold, true);
            let mut a = Animation::new(Algorithm::Pocket, &data, &settings).unwrap();
            for _ in 0..400 {
                if a.step().stop.is_some() {
                    break;
                }
            }
            let last = a.frames().len() - 1;
            let trace = a.trace(last);
            let pocket = trace.pocket_errors.as_ref().expect("pocket's errors");
            assert_eq!(pocket.len(), trace.t.len());
            let mut fewest = data.len(); // w = 0 errs on every example
            for k in 0..trace.t.len() {
                if trace.t[k] <= 20 {
                    fewest = fewest.min(trace.errors[k]);
                    assert_eq!(pocket[k], fewest, "seed {seed} t = {}", trace.t[k]);
                }
                let earlier = trace.errors[..=k].iter().min().unwrap();
                assert!(pocket[k] <= *earlier, "t = {}", trace.t[k]);
                if k > 0 {
                    assert!(pocket[k] <= pocket[k - 1], "the ratchet never lets go");
                }
            }
            // the pocket's series is the answer's: the frame's errors and the readout's
            let f = &a.frames()[last];
            assert_eq!(*pocket.last().unwrap(), f.errors);
            assert_eq!(f.errors, errors(&f.w, f.theta, &data));
            assert_eq!(*trace.errors.last().unwrap(), f.current_errors.unwrap());
            // the other rules have no second series
            let r = Animation::new(Algorithm::Rosenblatt, &data, &settings).unwrap();
            assert_eq!(r.trace(0).pocket_errors, None);
            // the data view's pocket records both too, ending at its readout
            let mut run = Settling::new(&data, &settings).unwrap();
            while !run.advance(|| true) {}
            let view = run
                .scene()
                .algorithms
                .into_iter()
                .find(|v| v.name == Algorithm::Pocket)
                .unwrap();
            let (_, tr) = run
                .traces()
                .into_iter()
                .find(|(n, _)| *n == Algorithm::Pocket)
                .unwrap();
            let pe = tr.pocket_errors.as_ref().unwrap();
            assert_eq!(*pe.last().unwrap(), view.errors);
            for (k, p) in pe.iter().enumerate() {
                assert!(*p <= *tr.errors[..=k].iter().min().unwrap());
            }
        }
    }
}

/// The animation's trace up to frame i ends at frame i (its κ, step, updates) and grows by one
/// sample per step while every step is sampled.
#[test]
fn animation_trace_ends_at_the_frame_shown() {
    let data = teacher_data(3, 2, 25, 0.0);
    for rule in [
        Algorithm::Rosenblatt,
        Algorithm::Minover,
        Algorithm::Adatron,
    ] {
        let mut a = Animation::new(rule, &data, &Settings::default()).unwrap();
        for i in 1..=200 {
            if a.step().stop.is_some() && a.frames().len() <= i {
                break;
            }
            let tr = a.trace(i);
            let f = &a.frames()[i];
            assert_eq!(*tr.t.last().unwrap(), f.step);
            assert_eq!(tr.kappa.last().unwrap().to_bits(), f.kappa.to_bits());
            assert_eq!(*tr.updates.last().unwrap(), f.updates);
            if i <= 20 {
                assert_eq!(tr.t.len(), i, "{rule}: one sample per step");
            }
            if rule != Algorithm::Rosenblatt {
                let upper = tr.upper.as_ref().expect("a certified bound");
                assert_eq!(upper.len(), tr.t.len());
            }
            // scrubbed back: the trace up to an earlier frame is a prefix
            let back = a.trace(i / 2);
            assert!(back.t.iter().all(|&t| t <= i / 2));
        }
    }
}
