//! Estimator checks of invariance, for every training rule of the catalogue and the exact
//! optimum in both modes: the same seed gives a bit-identical fit, and scaling all inputs
//! `ξ → c ξ` leaves the decisions and the ranking of the examples by `κ^μ` unchanged where the
//! rule is scale invariant by design; where it is not, the suite asserts the weaker property the
//! rule's definition gives instead (see [`Scaling`]).

mod common;

use common::estimator_checks::{
    algorithms, check_finite, config, named, scaled, train_caught, EXACT, MODES,
};
use common::teacher_data;
use perceptron_lab::data::Dataset;
use perceptron_lab::exact::max_stability;
use perceptron_lab::measure::Perceptron;
use perceptron_lab::rng::{gaussian_vec, rng_from_seed};
use perceptron_lab::train::{self, notes, Config, Mode, Trainer};
use perceptron_lab::Error;
use std::panic::{catch_unwind, AssertUnwindSafe};

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
/// KKT tolerance 10⁻⁶), so their support vectors are ordered only to about that precision, and
/// which of the near-equal examples or pairs a step picks is decided by rounding, which the
/// scaling changes. So pairs within 10× the gap (a margin over that precision) count as ties. `exact` places its support vectors to 10⁻⁹; the
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
        let config = Config {
            max_epochs: Some(50.0),
            seed: 11,
            init: Some(start),
            ..Config::default()
        };
        notes::perceptron(data, mode, &config).map(|mut t| t.run())
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
