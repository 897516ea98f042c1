//! Estimator checks: what is refused before any rule runs. NaN and ±∞ never reach an algorithm
//! (the data layer and the CSV reader refuse them, naming the point and coordinate); a bad
//! initial perceptron (or initial embedding strengths) and bad shared settings are refused with a
//! message, never run, and never panic.

mod common;

use common::estimator_checks::{check_finite, config, named, rules, Outcome, MODES};
use common::teacher_data;
use perceptron_lab::data::{csv, Dataset, MAX_POINTS};
use perceptron_lab::measure::Perceptron;
use perceptron_lab::train::{
    self, adaline, logistic, notes, AdalineBatch, Adatron, Config, Hebb, Loss, Minover, Mode,
    Pocket, Rosenblatt, Strengths, Trainer,
};
use perceptron_lab::Error;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// NaN and ±∞ cannot reach any algorithm: the only ways to make a [`Dataset`] (the checked
/// constructors, the CSV parser) refuse them, naming the point and coordinate; every trainer
/// and `exact` take a `&Dataset`.
#[test]
fn the_data_layer_refuses_nan_and_infinity() {
    for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let xs = vec![1.0, 2.0, 3.0, bad, 5.0, 6.0];
        let ys = vec![1.0, -1.0, 1.0];
        for e in [
            Dataset::from_row_major(xs.clone(), 2, ys.clone()).unwrap_err(),
            Dataset::from_user(xs.clone(), 2, ys.clone()).unwrap_err(),
        ] {
            assert!(
                matches!(e, Error::NotFinite { index: 1, coord: 1, value } if value.to_bits() == bad.to_bits()),
                "{e:?}"
            );
            assert!(e.to_string().contains("point 1: coordinate 1"), "{e}");
        }
        // a label that is NaN or infinite is not a label
        let e = Dataset::from_row_major(vec![1.0, 2.0, 3.0, 4.0], 2, vec![1.0, bad]).unwrap_err();
        assert!(matches!(e, Error::BadLabel { index: 1, .. }), "{e:?}");
        assert!(e.to_string().contains("point 1: label"), "{e}");
        // the CSV reader: the line of the bad value
        let text = format!("x1,x2,label\n1,2,1\n3,{bad},-1\n");
        let e = csv::parse(&text).unwrap_err();
        assert!(matches!(e, Error::Parse { line: 3, .. }), "{text:?}: {e:?}");
    }
    // Scaling a valid set into overflow goes through the same check.
    let huge = Dataset::from_row_major(vec![1e200, -1e200], 2, vec![1.0]).unwrap();
    let e = Dataset::from_row_major(
        huge.features().iter().map(|v| v * 1e200).collect(),
        2,
        vec![1.0],
    )
    .unwrap_err();
    assert!(
        matches!(
            e,
            Error::NotFinite {
                index: 0,
                coord: 0,
                ..
            }
        ),
        "{e:?}"
    );
    // Too many points, from the user.
    let n = MAX_POINTS + 1;
    let e = Dataset::from_user(vec![0.5; n], 1, vec![1.0; n]).unwrap_err();
    assert!(matches!(e, Error::TooMany { .. }), "{e:?}");
}

/// A builder of rule `name` from a given initial perceptron.
type FromInit = fn(Perceptron, &Dataset, Mode) -> Result<Box<dyn Trainer>, Error>;

/// The run's settings with the start `p` and an epoch limit of 50.
fn from(p: Perceptron) -> Config {
    Config {
        max_epochs: Some(50.0),
        init: Some(p),
        ..Config::default()
    }
}

/// Every rule that takes an initial perceptron `(w, θ)`, through its own constructor.
fn rules_with_init() -> Vec<(&'static str, FromInit)> {
    fn boxed<T: Trainer + 'static>(r: Result<T, Error>) -> Result<Box<dyn Trainer>, Error> {
        r.map(|t| Box::new(t) as Box<dyn Trainer>)
    }
    vec![
        ("rosenblatt", |p, d, m| {
            boxed(Rosenblatt::new(d, m, &from(p)))
        }),
        ("hebb", |p, d, m| {
            let config = Config {
                init: Some(p),
                ..Config::default()
            };
            boxed(Hebb::new(d, m, &config))
        }),
        ("minover", |p, d, m| boxed(Minover::new(d, m, &from(p)))),
        ("adaline", |p, d, m| boxed(adaline::lms(d, m, &from(p)))),
        ("adaline-batch", |p, d, m| {
            boxed(AdalineBatch::new(d, m, &from(p)))
        }),
        ("pocket", |p, d, m| boxed(Pocket::new(d, m, &from(p)))),
        ("logistic", |p, d, m| {
            boxed(logistic::unit(d, m, &from(p), Loss::CrossEntropy))
        }),
        ("perceptron-notes", |p, d, m| {
            boxed(notes::perceptron(d, m, &from(p)))
        }),
    ]
}

/// A given initial perceptron of the wrong dimension is [`Error::Shape`]; one with NaN or ±∞
/// in `w` or `θ` is refused with a message naming the initial perceptron; a good one runs to a
/// finite perceptron. AdaTron (and the soft margin) start from embedding strengths `x^μ`
/// instead: `P` of them, finite, in `[0, γ]`.
#[test]
fn a_bad_initial_perceptron_is_refused() {
    let data = teacher_data(5, 4, 12, 0.0);
    let n = data.dim();
    let mut failures = Vec::new();
    for (name, build) in rules_with_init() {
        for mode in MODES {
            let what = format!("{name} / {mode:?}");
            for len in [0, n - 1, n + 1] {
                match catch_unwind(|| build(Perceptron::new(vec![0.5; len], 0.0), &data, mode)) {
                    Err(_) => failures.push(format!("{what}: w of length {len} panicked")),
                    Ok(Err(Error::Shape { expected, got })) if expected == n && got == len => {}
                    Ok(r) => failures.push(format!(
                        "{what}: w of length {len}: expected Error::Shape, got {:?}",
                        r.err()
                    )),
                }
            }
            for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
                let mut w = vec![0.5; n];
                w[n - 1] = bad;
                for p in [Perceptron::new(w, 0.0), Perceptron::new(vec![0.5; n], bad)] {
                    match catch_unwind(|| build(p.clone(), &data, mode)) {
                        Err(_) => failures.push(format!("{what}: {p:?} panicked")),
                        Ok(Err(e)) if e.to_string().contains("initial perceptron") => {}
                        Ok(r) => failures.push(format!(
                            "{what}: {p:?}: expected an error naming the initial perceptron, got {:?}",
                            r.err()
                        )),
                    }
                }
            }
            let good = Perceptron::new(vec![0.5; n], 0.25);
            match catch_unwind(|| build(good, &data, mode).map(|mut t| t.run())) {
                Ok(Ok(fit)) => {
                    let o = Outcome {
                        perceptron: Some(fit.perceptron),
                        stop: fit.stop,
                        embedding: fit.embedding,
                        separable: None,
                        kappa_max: f64::NAN,
                    };
                    if let Err(why) = check_finite(&o) {
                        failures.push(format!("{what}: good init: {why}"));
                    }
                }
                other => failures.push(format!(
                    "{what}: good init failed: {:?}",
                    other.map(Result::err)
                )),
            }
        }
    }
    // AdaTron: initial embedding strengths
    let p = data.len();
    for mode in MODES {
        for (x, ok) in [
            (vec![0.0; p - 1], false),
            (vec![0.0; p + 1], false),
            ([vec![f64::NAN], vec![0.0; p - 1]].concat(), false),
            ([vec![f64::INFINITY], vec![0.0; p - 1]].concat(), false),
            ([vec![-1.0], vec![0.0; p - 1]].concat(), false),
            (vec![0.0; p], true),
        ] {
            let r = catch_unwind(|| {
                let config = Config {
                    max_epochs: Some(50.0),
                    ..Config::default()
                };
                let start = Strengths {
                    init: Some(x.clone()),
                    ..Strengths::default()
                };
                Adatron::new(&data, mode, &config, start).map(|mut t| t.run())
            });
            let verdict = match (r, ok) {
                (Err(_), _) => Some("panicked".to_string()),
                (Ok(Ok(fit)), true) if fit.perceptron.w.iter().all(|v| v.is_finite()) => None,
                (Ok(Err(Error::Shape { expected, got })), false)
                    if expected == p && got == x.len() =>
                {
                    None
                }
                (Ok(Err(e @ Error::OutOfRange { .. })), false)
                    if e.to_string().contains("initial embedding strength") =>
                {
                    None
                }
                (Ok(r), _) => Some(format!("unexpected {:?}", r.map(|f| f.perceptron))),
            };
            if let Some(why) = verdict {
                failures.push(format!("adatron / {mode:?} / init {x:?}: {why}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Bad shared settings are refused by [`train::build`] (or ignored by rules without them),
/// never run: NaN, ±∞, 0 and negative values of every [`Config`] field.
#[test]
fn bad_settings_are_refused_not_run() {
    let data = teacher_data(6, 4, 12, 0.2);
    let bad = [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 0.0, -1.0];
    // First, without running anything: an epoch limit that is not a positive finite number is
    // refused by every rule (an accepted `∞` would be a run without end on non-separable data).
    for value in bad {
        let cfg = Config {
            max_epochs: Some(value),
            ..config()
        };
        for algo in rules() {
            assert!(
                train::build(named(algo), &data, Mode::Homogeneous, &cfg).is_err(),
                "{algo}: max_epochs = {value} accepted"
            );
        }
    }
    let mut failures = Vec::new();
    for value in bad {
        // (the lecture-notes perceptron's η is `learning_rate` too)
        let configs: [(&str, Config); 4] = [
            (
                "max_epochs",
                Config {
                    max_epochs: Some(value),
                    ..config()
                },
            ),
            (
                "gap_tolerance",
                Config {
                    gap_tolerance: value,
                    ..config()
                },
            ),
            (
                "learning_rate",
                Config {
                    learning_rate: Some(value),
                    ..config()
                },
            ),
            (
                "gamma",
                Config {
                    gamma: value,
                    ..config()
                },
            ),
        ];
        for (field, cfg) in configs {
            for algo in rules() {
                for mode in MODES {
                    let what = format!("{algo} / {mode:?} / {field} = {value}");
                    match catch_unwind(AssertUnwindSafe(|| {
                        train::build(named(algo), &data, mode, &cfg)
                    })) {
                        Err(_) => failures.push(format!("{what}: build panicked")),
                        Ok(Err(e)) => {
                            if e.to_string().is_empty() {
                                failures.push(format!("{what}: empty message"));
                            }
                        }
                        // accepted: a setting the rule does not read (or 0 where 0 means
                        // "never stop on it"), so the run is bounded by the default settings
                        Ok(Ok(mut t)) => {
                            let o = catch_unwind(AssertUnwindSafe(|| t.run()));
                            match o {
                                Err(_) => failures.push(format!("{what}: run panicked")),
                                Ok(fit) => {
                                    let w = &fit.perceptron;
                                    if !w.w.iter().chain([&w.theta]).all(|v| v.is_finite()) {
                                        failures.push(format!("{what}: non-finite {w:?}"));
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
