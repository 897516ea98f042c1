//! Estimator checks, in the spirit of scikit-learn's `check_estimator`: one table-driven suite
//! run over every training rule of the catalogue and the exact optimum
//! ([`max_stability`]), in both modes ([`Mode`]), on hostile data sets.
//!
//! For every (algorithm, mode, case) the run must not panic (a panic is caught with
//! [`catch_unwind`] and reported by name), and must give either an `Err` whose message names the
//! problem, or an `Ok` whose weights, threshold and embedding strengths are all finite; on top of
//! that each case states its documented outcome (e.g. the empty set is [`Error::Empty`] for
//! every rule). The values asserted are worked out from the definitions (a point at the origin
//! has `E^μ = 0` for every `w`; two copies of a point with opposite labels have potentials `E` and
//! `−E`, so at least one is an error), never taken from the code's own output.
//!
//! Then: the same seed gives a bit-identical fit, and scaling all inputs `ξ → c ξ` leaves the
//! decisions and the ranking of the examples by `κ^μ` unchanged where the rule is scale
//! invariant by design; where it is not, the suite asserts the weaker property the rule's
//! definition gives instead (see [`Scaling`]).

mod common;

use common::{errors, teacher_data};
use perceptron_lab::catalogue::Algorithm;
use perceptron_lab::data::{csv, Dataset, MAX_POINTS};
use perceptron_lab::exact::max_stability;
use perceptron_lab::measure::Perceptron;
use perceptron_lab::rng::{gaussian_vec, rng_from_seed};
use perceptron_lab::train::{
    self, AdalineParams, AdatronParams, Config, HebbParams, LogisticParams, MinoverParams, Mode,
    NotesParams, PocketParams, RosenblattParams, Stop, Trainer,
};
use perceptron_lab::Error;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// The exact optimum's name (not a training rule).
const EXACT: &str = "exact";

/// The training rules' names, from the catalogue.
fn rules() -> impl Iterator<Item = &'static str> {
    Algorithm::rules().map(Algorithm::name)
}

/// Every algorithm under test: the rules and `exact`.
fn algorithms() -> impl Iterator<Item = &'static str> {
    rules().chain([EXACT])
}

/// The catalogue entry called `name`.
fn named(name: &str) -> Algorithm {
    name.parse().expect("a catalogue name")
}

const MODES: [Mode; 2] = [Mode::Homogeneous, Mode::Threshold];

/// The rules that refuse one class with a threshold (their margin would be unbounded; the
/// students' version space too).
const NEED_TWO_CLASSES: [&str; 6] = ["minover", "adatron", "soft-margin", "gibbs", "bayes", EXACT];

/// The Gibbs and Bayes students: they live in the version space, and refuse a set without one.
const STUDENTS: [&str; 2] = ["gibbs", "bayes"];

/// The bounded configuration of the suite: 50 epochs at most, so every run is short.
fn config() -> Config {
    Config {
        max_epochs: Some(50.0),
        ..Config::default()
    }
}

/// What one algorithm gave, reduced to what the checks need.
#[derive(Debug, Clone)]
struct Outcome {
    /// The perceptron (`None`: `exact` on a set that is not separable).
    perceptron: Option<Perceptron>,
    /// Why the run stopped (`None` for `exact`).
    stop: Option<Stop>,
    /// Embedding strengths.
    embedding: Vec<f64>,
    /// `exact` only: whether the set is separable.
    separable: Option<bool>,
    /// `exact` only: `κ_max`.
    kappa_max: f64,
}

impl Outcome {
    /// Training errors `#{μ : E^μ ≤ 0}` of the perceptron (every example, when there is none).
    fn errors(&self, data: &Dataset) -> usize {
        self.perceptron
            .as_ref()
            .map_or(data.len(), |p| errors(&p.w, p.theta, data))
    }
}

/// Builds and runs `algo` on `data`.
fn train(algo: &str, data: &Dataset, mode: Mode, config: &Config) -> Result<Outcome, Error> {
    if algo == EXACT {
        let e = max_stability(data, mode)?;
        return Ok(Outcome {
            perceptron: e.perceptron,
            stop: None,
            embedding: e.embedding,
            separable: Some(e.separable),
            kappa_max: e.kappa,
        });
    }
    let fit = train::build(named(algo), data, mode, config)?.run();
    Ok(Outcome {
        perceptron: Some(fit.perceptron),
        stop: fit.stop,
        embedding: fit.embedding,
        separable: None,
        kappa_max: f64::NAN,
    })
}

/// [`train`] with a panic turned into an `Err` naming the run and the panic message.
fn train_caught(
    algo: &str,
    data: &Dataset,
    mode: Mode,
    config: &Config,
) -> Result<Result<Outcome, Error>, String> {
    catch_unwind(AssertUnwindSafe(|| train(algo, data, mode, config))).map_err(|payload| {
        let msg = payload
            .downcast_ref::<&str>()
            .map(ToString::to_string)
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        format!("panicked: {msg}")
    })
}

/// `Err` if any weight, the threshold or any embedding strength is NaN or infinite.
fn check_finite(o: &Outcome) -> Result<(), String> {
    if let Some(p) = &o.perceptron {
        if let Some(v) = p.w.iter().chain([&p.theta]).find(|v| !v.is_finite()) {
            return Err(format!("non-finite perceptron ({v}): {p:?}"));
        }
    }
    if let Some(v) = o.embedding.iter().find(|v| !v.is_finite()) {
        return Err(format!("non-finite embedding strength {v}"));
    }
    Ok(())
}

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

/// `data` with every input multiplied by `c`.
fn scaled(data: &Dataset, c: f64) -> Dataset {
    let xs = data.features().iter().map(|v| v * c).collect();
    Dataset::from_row_major(xs, data.dim(), data.labels().to_vec()).expect("finite scaled data")
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
    // Inputs near the top of the f64 range: squared norms overflow (`|ξ|² = ∞`), so the rules
    // cannot learn in floating point, but none may panic or return NaN weights; `exact` solves
    // on the inputs scaled by a power of two and still reports κ_max.
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

/// Every rule that takes an initial perceptron `(w, θ)`, through its own parameters.
fn rules_with_init() -> Vec<(&'static str, FromInit)> {
    fn boxed<T: Trainer + 'static>(r: Result<T, Error>) -> Result<Box<dyn Trainer>, Error> {
        r.map(|t| Box::new(t) as Box<dyn Trainer>)
    }
    vec![
        ("rosenblatt", |p, d, m| {
            boxed(
                RosenblattParams::default()
                    .max_epochs(50)
                    .init(p)
                    .build(d, m),
            )
        }),
        ("hebb", |p, d, m| {
            boxed(HebbParams { init: Some(p) }.build(d, m))
        }),
        ("minover", |p, d, m| {
            boxed(
                MinoverParams::default()
                    .max_epochs(50.0)
                    .init(p)
                    .build(d, m),
            )
        }),
        ("adaline", |p, d, m| {
            boxed(
                AdalineParams {
                    init: Some(p),
                    ..AdalineParams::default().max_epochs(50.0)
                }
                .build(d, m),
            )
        }),
        ("adaline-batch", |p, d, m| {
            boxed(
                AdalineParams {
                    init: Some(p),
                    ..AdalineParams::default().max_epochs(50.0)
                }
                .build_batch(d, m),
            )
        }),
        ("pocket", |p, d, m| {
            boxed(
                PocketParams {
                    init: Some(p),
                    ..PocketParams::default().max_epochs(50.0)
                }
                .build(d, m),
            )
        }),
        ("logistic", |p, d, m| {
            boxed(
                LogisticParams {
                    init: Some(p),
                    ..LogisticParams::default().max_epochs(50.0)
                }
                .build(d, m),
            )
        }),
        ("perceptron-notes", |p, d, m| {
            boxed(NotesParams::default().max_epochs(50.0).init(p).build(d, m))
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
                AdatronParams::default()
                    .max_epochs(50.0)
                    .init(x.clone())
                    .build(&data, mode)
                    .map(|mut t| t.run())
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

/// The same seed gives a bit-identical fit, twice, for every algorithm and both modes (on
/// noisy data, so the random rules draw for the whole run); and the seed is really used: the
/// lecture-notes perceptron (random initial weights) differs between seeds.
#[test]
fn same_seed_same_fit() {
    let data = teacher_data(7, 6, 30, 0.2);
    let cfg = Config {
        seed: 7,
        ..config()
    };
    for algo in algorithms() {
        for mode in MODES {
            let run = || {
                if algo == EXACT {
                    format!("{:?}", max_stability(&data, mode))
                } else {
                    // Debug prints every float in a form that round-trips: equal strings are
                    // bit-identical fits (NaN included)
                    format!(
                        "{:?}",
                        train::build(named(algo), &data, mode, &cfg).map(|mut t| t.run())
                    )
                }
            };
            let (a, b) = (run(), run());
            assert_eq!(a, b, "{algo} / {mode:?}: two runs with seed 7 differ");
        }
    }
    let notes = |seed| {
        let cfg = Config { seed, ..config() };
        train::build(named("perceptron-notes"), &data, Mode::Threshold, &cfg)
            .unwrap()
            .run()
            .perceptron
    };
    assert_ne!(notes(1), notes(2));
}

/// How a rule responds to scaling every input `ξ → c ξ`, worked out from its update rule.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Scaling {
    /// The run on `c ξ` is the run on `ξ` with `(w, θ)` multiplied by a constant: decisions and
    /// the `κ^μ` ranking are unchanged.
    /// - Rosenblatt, Hebb, pocket through the origin from tabula rasa: every step adds
    ///   `c ξ S / N`, so `w → c w`, `E^μ → c² E^μ`, and the test `E^μ ≤ 0` is unchanged.
    /// - MinOver: `w → c w`, all `h_μ → c² h_μ` (same argmin); `κ` and the certified bound
    ///   `|w|/Σx` both scale by `c`, so the relative gap (the stop) is unchanged; with a threshold
    ///   `θ` is the middle of the gap along `w`, also `→ c θ`.
    /// - AdaTron (hard margin): `x^μ → x^μ/c²`, `w → w/c`, `E^μ` unchanged (the step
    ///   `η (1 − E)/C_μμ` has `C_μμ → c² C_μμ`); with a threshold the pair steps scale alike and
    ///   `θ` is the middle of the gap.
    /// - Adaline, logistic through the origin: the default `η ∝ 1 / max C_μμ → η/c²`, so
    ///   `w → w/c` and every activation `w·ξ` is unchanged.
    /// - exact: the optimum direction is that of the nearest point of a hull that scales by `c`.
    Invariant,
    /// Soft margin: the box `0 ≤ x^μ ≤ γ` is in units of `1/|ξ|²` (`x^μ → x^μ/c²` as for
    /// AdaTron), so it is not invariant with a fixed `γ`; instead the run on `c ξ` with `γ` is
    /// the run on `ξ` with `c² γ` (same decisions and ranking).
    SoftMarginBox,
    /// Rosenblatt, Hebb, pocket, Adaline (both) and logistic (both costs) with a threshold: `θ`
    /// is learnt as the weight of a constant input `−1` (`θ ← θ − Δ` beside `w ← w + Δ ξ`),
    /// which `ξ → c ξ` leaves alone, so the run on `c ξ` differs (e.g. `E^μ = (c² w·ξ − θ) S^μ`
    /// for Rosenblatt after the same updates). What is invariant is scaling the constant input
    /// too: the homogeneous rule on the augmented inputs `(c ξ, −c)` gives the decisions and
    /// ranking of the threshold rule on `ξ`, for every `c`.
    ConstantInput,
    /// The lecture-notes perceptron through the origin: a fixed `η` and a random start of fixed
    /// size, so not invariant; the run on `c ξ` from `w₀` is the run on `ξ` from `w₀/c`
    /// (`w → c w` and `w·ξ → c² w·ξ` step by step).
    NotesStart,
    /// The lecture-notes perceptron with a threshold: as [`Scaling::ConstantInput`], with the
    /// augmented run started from `c (w₀, θ₀)`.
    NotesConstantInput,
    /// The Gibbs and Bayes students: `ξ → c ξ` (with `θ → c θ`) maps the version space onto
    /// itself, so the draws on `c ξ` have the law of the draws on `ξ` — not their bits: a
    /// chain's rounding differs and a random path then differs altogether. What is checked: both
    /// runs have a version space or neither; with one, neither run makes a training error, and on
    /// the test points the two disagree at most as two draws of different seeds on `ξ` do (twice
    /// that, plus 10 of the 200 points).
    InLaw,
}

/// The certified relative gap at which MinOver and AdaTron stop in the scaling checks.
const SCALING_GAP: f64 = 1e-6;

/// How far apart (relatively) two `E^μ` must be for their order to be fixed. At the optimum of
/// maximal stability (and of the soft margin) the support vectors have exactly equal `E^μ`;
/// MinOver and AdaTron stop at a certified relative gap ([`SCALING_GAP`]; the soft margin at its
/// KKT tolerance 10⁻⁶), so their support vectors are ordered only to about that precision
/// (measured: a spread of about 1.5× the gap, at gaps 10⁻³ and 10⁻⁶), and which of the
/// near-equal examples or pairs a step picks is decided by rounding, which the scaling changes.
/// So pairs within 10× the gap count as ties. `exact` places its support vectors to 10⁻⁹; the
/// other rules' order is a property of their path, which the scaling does not change at all.
fn tie(algo: &str) -> f64 {
    match algo {
        "minover" | "adatron" | "soft-margin" => 10.0 * SCALING_GAP,
        _ => 1e-9,
    }
}

fn scaling(algo: &str, mode: Mode) -> Scaling {
    match (algo, mode) {
        ("soft-margin", _) => Scaling::SoftMarginBox,
        ("gibbs" | "bayes", _) => Scaling::InLaw,
        ("perceptron-notes", Mode::Homogeneous) => Scaling::NotesStart,
        ("perceptron-notes", Mode::Threshold) => Scaling::NotesConstantInput,
        ("minover" | "adatron" | EXACT, _) | (_, Mode::Homogeneous) => Scaling::Invariant,
        (_, Mode::Threshold) => Scaling::ConstantInput,
    }
}

/// `(c ξ, −c)` for every example: the threshold as the weight of a constant input.
fn augmented(data: &Dataset, c: f64) -> Dataset {
    let n = data.dim();
    let xs = (0..data.len())
        .flat_map(|mu| data.x(mu).iter().map(|v| v * c).chain([-c]))
        .collect();
    Dataset::from_row_major(xs, n + 1, data.labels().to_vec()).unwrap()
}

/// What scaling must preserve: `E^μ = (w·ξ^μ − θ) S^μ` of the examples (their signs are the
/// training decisions, their order the `κ^μ` ranking, since `κ^μ = E^μ/|w|`), and `w·ξ − θ` of
/// fresh test points (whose signs are the decisions). `None`: no perceptron (`exact`, not
/// separable).
#[derive(Debug)]
struct View {
    train: Vec<f64>,
    test: Vec<f64>,
}

impl View {
    fn of(p: &Perceptron, data: &Dataset, test: &[Vec<f64>]) -> Self {
        let a = |x: &[f64]| x.iter().zip(&p.w).map(|(x, w)| x * w).sum::<f64>() - p.theta;
        Self {
            train: (0..data.len())
                .map(|mu| a(data.x(mu)) * data.y(mu))
                .collect(),
            test: test.iter().map(|x| a(x)).collect(),
        }
    }
}

/// Same decisions (signs) on training and test points, and the same ranking of the examples
/// by `E^μ` up to ties: a pair within `tie · max(|E^μ|, |E^ν|)` of each other may swap.
fn same_decisions_and_ranking(a: &View, b: &View, tie: f64) -> Result<(), String> {
    let sign = |v: &[f64]| v.iter().map(|&e| e > 0.0).collect::<Vec<_>>();
    if sign(&a.train) != sign(&b.train) {
        return Err(format!(
            "training decisions differ: {:?} vs {:?}",
            a.train, b.train
        ));
    }
    let flips = sign(&a.test)
        .iter()
        .zip(sign(&b.test))
        .filter(|(x, y)| *x != y)
        .count();
    if flips > 0 {
        return Err(format!("{flips} of {} test decisions differ", a.test.len()));
    }
    for (mu, (&ea, &eb)) in a.train.iter().zip(&b.train).enumerate() {
        for (nu, (&fa, &fb)) in a.train.iter().zip(&b.train).enumerate() {
            if ea < fa - tie * ea.abs().max(fa.abs()) && eb >= fb {
                return Err(format!(
                    "ranking differs: E^{mu} = {ea} < E^{nu} = {fa}, but scaled {eb} ≥ {fb}"
                ));
            }
        }
    }
    Ok(())
}

/// The view of `algo` run on `data` (test points given in the same coordinates as `data`).
fn view(
    algo: &str,
    data: &Dataset,
    mode: Mode,
    cfg: &Config,
    test: &[Vec<f64>],
) -> Result<Option<View>, String> {
    let o = train_caught(algo, data, mode, cfg)?.map_err(|e| format!("error: {e}"))?;
    check_finite(&o)?;
    Ok(o.perceptron.map(|p| View::of(&p, data, test)))
}

/// The lecture-notes perceptron from a given start (`seed` fixes the shuffle).
fn notes_view(
    data: &Dataset,
    mode: Mode,
    start: Perceptron,
    test: &[Vec<f64>],
) -> Result<Option<View>, String> {
    let run = || {
        NotesParams::default()
            .max_epochs(50.0)
            .seed(11)
            .init(start)
            .build(data, mode)
            .map(|mut t| t.run())
    };
    let fit = catch_unwind(AssertUnwindSafe(run))
        .map_err(|_| "panicked".to_string())?
        .map_err(|e| format!("error: {e}"))?;
    let p = &fit.perceptron;
    if !p.w.iter().chain([&p.theta]).all(|v| v.is_finite()) {
        return Err(format!("non-finite {p:?}"));
    }
    Ok(Some(View::of(p, data, test)))
}

/// The fixed parts of the scaling checks: fresh test points, a start for the lecture-notes
/// perceptron, and the settings.
struct ScalingCheck {
    test: Vec<Vec<f64>>,
    w0: Vec<f64>,
    theta0: f64,
    cfg: Config,
}

impl ScalingCheck {
    /// The test points scaled by `c`, and with the constant input `−c` appended (augmented).
    fn test_points(&self, c: f64, augment: bool) -> Vec<Vec<f64>> {
        let extra: &[f64] = if augment { &[-c] } else { &[] };
        self.test
            .iter()
            .map(|x| {
                x.iter()
                    .map(|v| v * c)
                    .chain(extra.iter().copied())
                    .collect()
            })
            .collect()
    }

    /// [`Scaling::InLaw`]: the check of its docs for `algo` in `mode` on `data` and `c`.
    fn in_law(&self, algo: &str, mode: Mode, data: &Dataset, c: f64) -> Result<(), String> {
        let run = |d: &Dataset, seed: u64, test: &[Vec<f64>]| -> Result<Option<View>, String> {
            let cfg = Config {
                seed,
                ..self.cfg.clone()
            };
            match train_caught(algo, d, mode, &cfg)? {
                Err(Error::NotSeparable { .. }) => Ok(None),
                Err(e) => Err(format!("error: {e}")),
                Ok(o) => {
                    check_finite(&o)?;
                    Ok(o.perceptron.map(|p| View::of(&p, d, test)))
                }
            }
        };
        let a = run(data, 1, &self.test)?;
        let b = run(&scaled(data, c), 1, &self.test_points(c, false))?;
        let other = run(data, 2, &self.test)?;
        match (a, b, other) {
            (None, None, None) => Ok(()),
            (Some(a), Some(b), Some(o)) => {
                if a.train.iter().chain(&b.train).any(|&e| e <= 0.0) {
                    return Err("a training error in the version space".into());
                }
                let flips = |x: &View, y: &View| {
                    x.test
                        .iter()
                        .zip(&y.test)
                        .filter(|(p, q)| (**p > 0.0) != (**q > 0.0))
                        .count()
                };
                let (scaled_flips, seed_flips) = (flips(&a, &b), flips(&a, &o));
                if scaled_flips <= 2 * seed_flips + 10 {
                    Ok(())
                } else {
                    Err(format!(
                        "{scaled_flips} test decisions differ after scaling, {seed_flips} between seeds"
                    ))
                }
            }
            _ => Err("the runs disagree on whether there is a version space".into()),
        }
    }

    /// The two runs that [`Scaling`] says must agree, for `algo` in `mode` on `data` and `c`.
    fn pair(
        &self,
        algo: &str,
        mode: Mode,
        data: &Dataset,
        c: f64,
    ) -> Result<(Option<View>, Option<View>), String> {
        let (cfg, test, w0) = (&self.cfg, &self.test, &self.w0);
        Ok(match scaling(algo, mode) {
            Scaling::InLaw => unreachable!("checked by `in_law`"),
            Scaling::Invariant => (
                view(algo, data, mode, cfg, test)?,
                view(
                    algo,
                    &scaled(data, c),
                    mode,
                    cfg,
                    &self.test_points(c, false),
                )?,
            ),
            Scaling::SoftMarginBox => {
                let wide = Config {
                    gamma: c * c * cfg.gamma,
                    ..cfg.clone()
                };
                (
                    view(algo, data, mode, &wide, test)?,
                    view(
                        algo,
                        &scaled(data, c),
                        mode,
                        cfg,
                        &self.test_points(c, false),
                    )?,
                )
            }
            Scaling::ConstantInput => (
                view(algo, data, Mode::Threshold, cfg, test)?,
                view(
                    algo,
                    &augmented(data, c),
                    Mode::Homogeneous,
                    cfg,
                    &self.test_points(c, true),
                )?,
            ),
            Scaling::NotesStart => (
                notes_view(
                    data,
                    mode,
                    Perceptron::new(w0.iter().map(|v| v / c).collect(), 0.0),
                    test,
                )?,
                notes_view(
                    &scaled(data, c),
                    mode,
                    Perceptron::new(w0.clone(), 0.0),
                    &self.test_points(c, false),
                )?,
            ),
            Scaling::NotesConstantInput => {
                let start = w0.iter().chain([&self.theta0]).map(|v| v * c).collect();
                (
                    notes_view(data, mode, Perceptron::new(w0.clone(), self.theta0), test)?,
                    notes_view(
                        &augmented(data, c),
                        Mode::Homogeneous,
                        Perceptron::new(start, 0.0),
                        &self.test_points(c, true),
                    )?,
                )
            }
        })
    }
}

/// Scaling all inputs by `c ∈ {10⁻³, 7, 10³}`: for every algorithm and mode, the property of
/// [`Scaling`] that its update rule gives, on a separable and on a noisy teacher set, with the
/// decisions also checked on 200 fresh test points.
#[test]
fn scaling_the_inputs() {
    let n = 8;
    let sets = [
        ("separable", teacher_data(8, n, 40, 0.0)),
        ("noisy", teacher_data(9, n, 40, 0.15)),
    ];
    let mut rng = rng_from_seed(10);
    let check = ScalingCheck {
        test: (0..200).map(|_| gaussian_vec(n, &mut rng)).collect(),
        w0: gaussian_vec(n, &mut rng).iter().map(|v| 0.5 * v).collect(),
        theta0: 0.3,
        // the optimal-stability rules run close to their optimum, so that only true ties
        // (support vectors) are left to rounding; see `tie`
        cfg: Config {
            max_epochs: Some(1000.0),
            gap_tolerance: SCALING_GAP,
            ..config()
        },
    };
    let mut failures = Vec::new();
    for (set, data) in &sets {
        for c in [1e-3, 7.0, 1e3] {
            for algo in algorithms() {
                for mode in MODES {
                    let verdict = if scaling(algo, mode) == Scaling::InLaw {
                        check.in_law(algo, mode, data, c)
                    } else {
                        match check.pair(algo, mode, data, c) {
                            Err(why) => Err(why),
                            Ok((Some(a), Some(b))) => same_decisions_and_ranking(&a, &b, tie(algo)),
                            Ok((None, None)) => Ok(()),
                            Ok((a, b)) => Err(format!(
                                "only one run has a perceptron: {} / {}",
                                a.is_some(),
                                b.is_some()
                            )),
                        }
                    };
                    if let Err(why) = verdict {
                        let kind = scaling(algo, mode);
                        failures.push(format!(
                            "{algo} / {mode:?} / {set} / c = {c} ({kind:?}): {why}"
                        ));
                    }
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
