//! Estimator checks, in the spirit of scikit-learn's `check_estimator`, on hostile data sets: one
//! table-driven suite run over every training rule of the catalogue and the exact optimum
//! ([`max_stability`]), in both modes ([`Mode`]).
//!
//! For every (algorithm, mode, case) the run must not panic (a panic is caught with
//! [`std::panic::catch_unwind`] and reported by name), and must give either an `Err` whose
//! message names the problem, or an `Ok` whose weights, threshold and embedding strengths are all
//! finite; on top of that each case states its documented outcome (e.g. the empty set is
//! [`Error::Empty`] for every rule). The values asserted are worked out from the definitions (a
//! point at the origin has `E^μ = 0` for every `w`; two copies of a point with opposite labels
//! have potentials `E` and `−E`, so at least one is an error), never taken from the code's own
//! output.

mod common;

use common::estimator_checks::{
    algorithms, check_finite, config, scaled, train_caught, Outcome, EXACT, MODES,
};
use common::teacher_data;
use perceptron_lab::data::Dataset;
use perceptron_lab::exact::max_stability;
use perceptron_lab::train::Mode;
use perceptron_lab::Error;

/// The rules that refuse one class with a threshold (their margin would be unbounded; the
/// students' version space too).
const NEED_TWO_CLASSES: [&str; 6] = ["minover", "adatron", "soft-margin", "gibbs", "bayes", EXACT];

/// The Gibbs and Bayes students: they live in the version space, and refuse a set without one.
const STUDENTS: [&str; 2] = ["gibbs", "bayes"];
/// The documented outcome of one (algorithm, mode) on one case.
enum Expect {
    /// This error, recognised by the predicate; its message must contain the phrase.
    Error(fn(&Error) -> bool, &'static str),
    /// A finite perceptron that passes this check (`Ok(())`: as documented).
    Finite(Check),
}

/// A check of a finite outcome.
type Check = Box<dyn Fn(&Outcome) -> Result<(), String>>;

/// A finite result and nothing more.
fn finite() -> Expect {
    Expect::Finite(Box::new(|_| Ok(())))
}

/// A finite result with at least `k` training errors.
fn at_least_errors(data: &Dataset, k: usize) -> Expect {
    let data = data.clone();
    Expect::Finite(Box::new(move |o| {
        let e = o.errors(&data);
        if e >= k {
            Ok(())
        } else {
            Err(format!("{e} training errors, expected at least {k}"))
        }
    }))
}

/// `exact` on a set that is not separable: `separable = false`, no perceptron, `κ_max = NaN`.
fn not_separable() -> Expect {
    Expect::Finite(Box::new(|o| {
        if o.separable == Some(false) && o.perceptron.is_none() && o.kappa_max.is_nan() {
            Ok(())
        } else {
            Err(format!(
                "expected \"not separable\", got separable = {:?}, κ = {}",
                o.separable, o.kappa_max
            ))
        }
    }))
}

/// `exact` on a separable set: `κ_max` equal to `expected` (computed by hand) to 1e-9.
fn exact_kappa(expected: f64) -> Expect {
    Expect::Finite(Box::new(move |o| {
        if o.separable == Some(true) && (o.kappa_max - expected).abs() <= 1e-9 * expected.abs() {
            Ok(())
        } else {
            Err(format!(
                "expected separable with κ_max = {expected}, got separable = {:?}, κ = {}",
                o.separable, o.kappa_max
            ))
        }
    }))
}

/// A finite result without training errors (rules guaranteed to separate separable data).
fn no_errors(data: &Dataset) -> Expect {
    at_most_errors(data, 0)
}

/// A finite result with at most `k` training errors.
fn at_most_errors(data: &Dataset, k: usize) -> Expect {
    let data = data.clone();
    Expect::Finite(Box::new(move |o| {
        let e = o.errors(&data);
        if e <= k {
            Ok(())
        } else {
            Err(format!("{e} training errors, expected at most {k}"))
        }
    }))
}

fn is_empty(e: &Error) -> bool {
    matches!(e, Error::Empty)
}

/// The students on a set that is not separable: [`Error::NotSeparable`], naming the empty
/// version space.
fn no_version_space() -> Expect {
    Expect::Error(
        |e| matches!(e, Error::NotSeparable { .. }),
        "version space is empty",
    )
}

/// A hostile case: a name, a data set (which the data layer accepted), and the documented
/// outcome of each (algorithm, mode).
struct Case {
    name: &'static str,
    data: Dataset,
    expect: Documented,
}

/// The documented outcome of each (algorithm, mode) on a case.
type Documented = Box<dyn Fn(&str, Mode) -> Expect>;

fn rows(xs: &[[f64; 2]], ys: &[f64]) -> Dataset {
    Dataset::from_row_major(xs.concat(), 2, ys.to_vec()).expect("valid hand-made data")
}

/// One class with a threshold: [`Error::OneClass`] with that label for the rules that need two
/// classes; otherwise `otherwise`.
fn one_class(label: i8, algo: &str, mode: Mode, otherwise: Expect) -> Expect {
    if mode == Mode::Threshold && NEED_TWO_CLASSES.contains(&algo) {
        match label {
            1 => Expect::Error(|e| matches!(e, Error::OneClass { label: 1 }), "label +1"),
            _ => Expect::Error(|e| matches!(e, Error::OneClass { label: -1 }), "label -1"),
        }
    } else {
        otherwise
    }
}

/// The hostile cases and their documented outcomes.
#[allow(clippy::too_many_lines)]
fn cases() -> Vec<Case> {
    let mut cases = Vec::new();

    // The empty set: `Error::Empty` for every rule and for `exact`.
    cases.push(Case {
        name: "empty set",
        data: Dataset::from_row_major(vec![], 2, vec![]).unwrap(),
        expect: Box::new(|_, _| Expect::Error(is_empty, "empty")),
    });

    // One point. Through the origin it is separable with κ_max = |ξ| = 5.
    let single = rows(&[[3.0, -4.0]], &[-1.0]);
    let d = single.clone();
    cases.push(Case {
        name: "single point",
        data: single,
        expect: Box::new(move |algo, mode| match (algo, mode) {
            (EXACT, Mode::Homogeneous) => exact_kappa(5.0),
            ("rosenblatt" | "minover" | "adatron" | "gibbs" | "bayes", Mode::Homogeneous) => {
                no_errors(&d)
            }
            _ => one_class(-1, algo, mode, finite()),
        }),
    });

    // One class, distinct points: separable through the origin (w = (1, 0) gives E > 0), so
    // the rules guaranteed to converge reach no error; with a threshold the margin is unbounded.
    let single_class = rows(
        &[[1.0, 0.0], [2.0, 1.0], [0.5, -0.2], [3.0, 2.5]],
        &[1.0, 1.0, 1.0, 1.0],
    );
    let d = single_class.clone();
    cases.push(Case {
        name: "single class",
        data: single_class,
        expect: Box::new(move |algo, mode| match (algo, mode) {
            // Rosenblatt with a threshold: the first update gives θ = −1/N, w = ξ¹/N; from
            // then on it only moves θ down and w along the class: it stops without errors.
            ("rosenblatt", _) | ("minover" | "adatron" | "gibbs" | "bayes", Mode::Homogeneous) => {
                no_errors(&d)
            }
            _ => one_class(1, algo, mode, finite()),
        }),
    });

    // Duplicate points with opposite labels among separable ones: the duplicates have
    // potentials E and −E, so at least one is an error in either mode, and no perceptron
    // separates the set.
    let duplicates = rows(
        &[
            [2.0, 1.0],
            [1.0, 2.0],
            [-1.0, -2.0],
            [-2.0, -1.0],
            [1.5, 0.5],
            [1.5, 0.5],
        ],
        &[1.0, 1.0, -1.0, -1.0, 1.0, -1.0],
    );
    let d = duplicates.clone();
    cases.push(Case {
        name: "duplicate points with opposite labels",
        data: duplicates,
        expect: Box::new(move |algo, _| match algo {
            EXACT => not_separable(),
            _ if STUDENTS.contains(&algo) => no_version_space(),
            _ => at_least_errors(&d, 1),
        }),
    });

    // A zero input vector among separable points. Through the origin its potential is 0 for
    // every w: it counts as an error and the set is not separable. With a threshold it is an
    // ordinary point: w = (1, 1), θ = −1 separates the set.
    let zero = rows(
        &[
            [2.0, 1.0],
            [1.0, 2.0],
            [-1.0, -2.0],
            [-2.0, -1.0],
            [0.0, 0.0],
        ],
        &[1.0, 1.0, -1.0, -1.0, 1.0],
    );
    let d = zero.clone();
    cases.push(Case {
        name: "a zero input vector",
        data: zero,
        expect: Box::new(move |algo, mode| match (algo, mode) {
            (EXACT, Mode::Homogeneous) => not_separable(),
            (_, Mode::Homogeneous) if STUDENTS.contains(&algo) => no_version_space(),
            (_, Mode::Homogeneous) => at_least_errors(&d, 1),
            // κ_max with a threshold: the hulls are the triangle (0,0), (2,1), (1,2) (in
            // x + y ≥ 0) and the segment from (−1,−2) to (−2,−1) (on x + y = −3), at distance
            // 3/√2 = 1.5√2 (from the origin to (−1.5,−1.5)); κ_max is half of it.
            (EXACT, Mode::Threshold) => exact_kappa(0.75 * 2f64.sqrt()),
            ("rosenblatt" | "gibbs" | "bayes", Mode::Threshold) => no_errors(&d),
            _ => finite(),
        }),
    });

    // Every input at the origin, both labels: every potential is 0 through the origin (all P
    // are errors); with a threshold the points coincide with both labels.
    let origin = rows(&[[0.0, 0.0], [0.0, 0.0], [0.0, 0.0]], &[1.0, -1.0, 1.0]);
    let d = origin.clone();
    cases.push(Case {
        name: "every input at the origin",
        data: origin,
        expect: Box::new(move |algo, mode| match (algo, mode) {
            (EXACT, _) => not_separable(),
            _ if STUDENTS.contains(&algo) => no_version_space(),
            (_, Mode::Homogeneous) => at_least_errors(&d, 3),
            _ => at_least_errors(&d, 1),
        }),
    });

    // All points equal, one label: through the origin separable with κ_max = |ξ| = √5 (all
    // examples coincide); with a threshold one class. The tanh Adaline starts with every example
    // at a = −6 on the flat tail of tanh (its far-off start), where 50 epochs move a by about 0.01
    // (the vanishing gradient it is there to show): finite, still wrong.
    let equal = rows(&[[1.0, 2.0]; 4], &[1.0; 4]);
    let d = equal.clone();
    cases.push(Case {
        name: "all-equal points, one label",
        data: equal,
        expect: Box::new(move |algo, mode| match (algo, mode) {
            (EXACT, Mode::Homogeneous) => exact_kappa(5f64.sqrt()),
            ("adaline-tanh", Mode::Homogeneous) => finite(),
            (_, Mode::Homogeneous) => no_errors(&d),
            _ => one_class(1, algo, mode, finite()),
        }),
    });

    // All points equal, both labels: w·ξ − θ is one number a for all four, so the two of one
    // label are errors whatever the sign of a.
    let equal_both = rows(&[[1.0, 2.0]; 4], &[1.0, -1.0, 1.0, -1.0]);
    let d = equal_both.clone();
    cases.push(Case {
        name: "all-equal points, both labels",
        data: equal_both,
        expect: Box::new(move |algo, _| match algo {
            EXACT => not_separable(),
            _ if STUDENTS.contains(&algo) => no_version_space(),
            _ => at_least_errors(&d, 2),
        }),
    });

    // Huge, tiny and mixed magnitudes: finite results for every rule; `exact` reports the
    // κ_max of the unscaled set times the scale (κ is a length).
    let base = teacher_data(3, 5, 20, 0.0);
    let kappa = max_stability(&base, Mode::Homogeneous).unwrap().kappa;
    let kappa_t = max_stability(&base, Mode::Threshold).unwrap().kappa;
    for (name, c) in [("huge (1e150)", 1e150), ("tiny (1e-150)", 1e-150)] {
        let d = scaled(&base, c);
        cases.push(Case {
            name,
            data: scaled(&base, c),
            expect: Box::new(move |algo, mode| match (algo, mode) {
                (EXACT, Mode::Homogeneous) => exact_kappa(kappa * c),
                (EXACT, Mode::Threshold) => exact_kappa(kappa_t * c),
                _ if STUDENTS.contains(&algo) => no_errors(&d),
                _ => finite(),
            }),
        });
    }
    // Inputs near the top of the f64 range, where squared norms would overflow (`|ξ|² = ∞`):
    // the rules train on the set rescaled by a power of two (`data::exponent_to_one`,
    // `train/rescaled.rs`) and learn as at scale 1 (compared there by `tests/cli_scale.rs` and
    // `tests/scale_invariance.rs`); here none may panic or return NaN weights, and `exact`
    // reports κ_max times the scale.
    cases.push(Case {
        name: "extreme (1e300)",
        data: scaled(&base, 1e300),
        expect: Box::new(move |algo, mode| match (algo, mode) {
            (EXACT, Mode::Homogeneous) => exact_kappa(kappa * 1e300),
            (EXACT, Mode::Threshold) => exact_kappa(kappa_t * 1e300),
            _ => finite(),
        }),
    });
    let mut xs = base.features().to_vec();
    xs[..5].iter_mut().for_each(|v| *v *= 1e150);
    cases.push(Case {
        name: "one huge outlier (1e150) among O(1) points",
        data: Dataset::from_row_major(xs, 5, base.labels().to_vec()).unwrap(),
        expect: Box::new(|_, _| finite()),
    });

    // Noisy (non-separable) teacher data: no rule may fail, `exact` says "not separable" if so.
    let noisy = teacher_data(4, 5, 40, 0.3);
    cases.push(Case {
        name: "label noise 0.3 (not separable)",
        data: noisy,
        expect: Box::new(|algo, _| {
            if STUDENTS.contains(&algo) {
                no_version_space()
            } else {
                finite()
            }
        }),
    });

    cases
}

/// Every algorithm, both modes, every hostile case: no panic, a named error or a finite
/// perceptron, and the documented outcome.
#[test]
fn every_algorithm_survives_every_hostile_case() {
    let mut failures = Vec::new();
    let mut runs = 0;
    for case in cases() {
        for algo in algorithms() {
            for mode in MODES {
                runs += 1;
                let what = format!("{algo} / {mode:?} / {}", case.name);
                let expect = (case.expect)(algo, mode);
                let result = match train_caught(algo, &case.data, mode, &config()) {
                    Err(panic) => {
                        failures.push(format!("{what}: {panic}"));
                        continue;
                    }
                    Ok(r) => r,
                };
                let verdict = match (result, expect) {
                    (Err(e), Expect::Error(is, phrase)) => {
                        let msg = e.to_string();
                        if !is(&e) {
                            Err(format!("wrong error {e:?}"))
                        } else if !msg.contains(phrase) {
                            Err(format!("message \"{msg}\" does not say \"{phrase}\""))
                        } else {
                            Ok(())
                        }
                    }
                    (Err(e), Expect::Finite(_)) => {
                        Err(format!("expected a finite result, got error \"{e}\""))
                    }
                    (Ok(o), Expect::Error(_, phrase)) => Err(format!(
                        "expected an error ({phrase}), got {:?} stopping on {:?}",
                        o.perceptron, o.stop
                    )),
                    (Ok(o), Expect::Finite(check)) => check_finite(&o).and_then(|()| check(&o)),
                };
                if let Err(why) = verdict {
                    failures.push(format!("{what}: {why}"));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {runs} runs failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
