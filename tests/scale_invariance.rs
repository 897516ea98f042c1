//! Scale invariance of the core: a set and the same set times `10^±300` give the same
//! separability, counts, `κ` (times the factor), directions `w/|w|` and stops, for the exact
//! optimum, the count of separable labellings and every training rule in both modes.
//!
//! Two checks per set and scale `c`:
//! - exactly: the run on `c ξ` is the run on `c 2^k ξ` (the set brought near 1 by the power of
//!   two the core picks, which is exact), with `θ`, `κ` and `κ_upper` times `2^−k`. This holds
//!   for every rule, whether or not its definition is scale invariant;
//! - against scale 1: for the rules that are scale invariant by design (the classes of
//!   `estimator_checks_invariance.rs`: MinOver, AdaTron and exact in both modes, the other rules
//!   through the origin but for the lecture-notes perceptron and the soft margin, the students
//!   in law only) the same stop, errors, direction, `θ/|w|/c` and `κ/c` as on `ξ` (to 10⁻⁹, or
//!   for MinOver and AdaTron, stopped at a certified gap of 10⁻⁶, `κ` to 10⁻⁵ and the direction
//!   to √10⁻⁵ rad).

mod common;

use common::estimator_checks::{config, named, rules, scaled, MODES};
use common::{cover, dot, norm, teacher_data};
use perceptron_lab::data::Dataset;
use perceptron_lab::dichotomies::count_any;
use perceptron_lab::exact::{is_separable, max_stability};
use perceptron_lab::train::{self, Config, Fit, Mode};

/// The certified relative gap at which MinOver and AdaTron stop here.
const GAP: f64 = 1e-6;

/// The scales checked besides 1.
const SCALES: [f64; 2] = [1e-300, 1e300];

/// The sets: separable teacher sets and noisy ones (mostly not separable), `N = 3`, `P = 12`.
fn sets() -> Vec<Dataset> {
    (1..=3)
        .flat_map(|seed| {
            [
                teacher_data(seed, 3, 12, 0.0),
                teacher_data(seed, 3, 12, 0.3),
            ]
        })
        .collect()
}

/// The angle between `a` and `b` (`NaN` if either is 0), written from the definition.
fn angle(a: &[f64], b: &[f64]) -> f64 {
    libm::acos((dot(a, b) / (norm(a) * norm(b))).clamp(-1.0, 1.0))
}

/// Whether `a` and `b` agree to `rel` relatively (both NaN counts as agreeing).
fn close(a: f64, b: f64, rel: f64) -> bool {
    (a.is_nan() && b.is_nan()) || (a - b).abs() <= rel * a.abs().max(b.abs())
}

/// Whether the rule is scale invariant by design in `mode` (estimator_checks_invariance.rs).
fn invariant(algo: &str, mode: Mode) -> bool {
    match algo {
        "soft-margin" | "perceptron-notes" | "gibbs" | "bayes" => false,
        "minover" | "adatron" => true,
        _ => mode == Mode::Homogeneous,
    }
}

/// A run's numbers in the units of scale 1: `θ`, `κ` and `κ_upper` divided by `c`.
fn in_units(fit: &Fit, c: f64) -> (f64, f64, Option<f64>) {
    (
        fit.perceptron.theta / c,
        fit.kappa / c,
        fit.kappa_upper.map(|u| u / c),
    )
}

#[test]
fn exact_optimum_and_count() {
    for (i, data) in sets().iter().enumerate() {
        for mode in MODES {
            let one = max_stability(data, mode).unwrap();
            let count = count_any(data, mode).unwrap();
            for c in SCALES {
                let d = scaled(data, c);
                let e = max_stability(&d, mode).unwrap();
                let what = format!("set {i}, {mode:?}, scale {c:e}");
                assert_eq!(e.separable, one.separable, "{what}");
                assert_eq!(is_separable(&d, mode).unwrap(), one.separable, "{what}");
                assert!(
                    close(e.kappa / c, one.kappa, 1e-9),
                    "{what}: κ {e:?} {one:?}"
                );
                if let (Some(p), Some(q)) = (&e.perceptron, &one.perceptron) {
                    assert!(angle(&p.w, &q.w) < 1e-9, "{what}: {p:?} {q:?}");
                    assert!(close(p.theta / c, q.theta, 1e-9), "{what}: {p:?} {q:?}");
                }
                let n = count_any(&d, mode).unwrap();
                assert_eq!(
                    (n.separable, n.general_position, &n.degeneracies),
                    (count.separable, count.general_position, &count.degeneracies),
                    "{what}"
                );
            }
        }
    }
}

#[test]
fn every_rule_at_every_scale() {
    let cfg = Config {
        gap_tolerance: GAP,
        ..config()
    };
    for (i, data) in sets().iter().enumerate() {
        for mode in MODES {
            for algo in rules() {
                let fit =
                    |d: &Dataset| train::build(named(algo), d, mode, &cfg).map(|mut t| t.run());
                let run = |d: &Dataset| fit(d).unwrap();
                let one = match fit(data) {
                    Ok(one) => one,
                    Err(e) => {
                        // refused alike at every scale (the students without a version space)
                        for c in SCALES {
                            assert_eq!(fit(&scaled(data, c)).unwrap_err(), e, "{algo}, set {i}");
                        }
                        continue;
                    }
                };
                for c in SCALES {
                    let what = format!("{algo}, set {i}, {mode:?}, scale {c:e}");
                    let d = scaled(data, c);
                    let far = run(&d);
                    // the core's own rescaling: c ξ times 2^k is exactly (c 2^k) ξ, in range
                    let k = d.scale_exponent();
                    assert_ne!(k, 0, "{what}");
                    let near_c = libm::scalbn(c, k);
                    let near = run(&scaled(data, near_c));
                    assert_eq!(near.perceptron.w, run(&d.scaled_pow2(k)).perceptron.w);
                    assert_eq!(far.perceptron.w, near.perceptron.w, "{what}");
                    assert_eq!(
                        format!("{:?}", in_units(&far, c)),
                        format!("{:?}", in_units(&near, near_c)),
                        "{what}"
                    );
                    assert_eq!(
                        (far.stop, far.steps, far.updates, far.errors),
                        (near.stop, near.steps, near.updates, near.errors),
                        "{what}"
                    );
                    assert!(far.perceptron.w.iter().all(|v| v.is_finite()), "{what}");
                    if !invariant(algo, mode) {
                        continue;
                    }
                    assert_eq!(far.stop, one.stop, "{what}");
                    if !one.converged && matches!(algo, "minover" | "adatron") {
                        // on a set that is not separable their path is chaotic: rounding steers it
                        continue;
                    }
                    assert_eq!(far.errors, one.errors, "{what}");
                    // MinOver and AdaTron stop at a certified gap: which of the near-equal
                    // examples a step picks is decided by rounding, which the scaling changes
                    let tol = if matches!(algo, "minover" | "adatron") {
                        10.0 * GAP
                    } else {
                        1e-9
                    };
                    let a = angle(&far.perceptron.w, &one.perceptron.w);
                    assert!(
                        a < tol.sqrt()
                            || (a.is_nan() && one.perceptron.w.iter().all(|&v| v == 0.0)),
                        "{what}: angle {a}"
                    );
                    let (theta, kappa, upper) = in_units(&far, c);
                    assert!(
                        close(kappa, one.kappa, tol),
                        "{what}: κ {kappa} {}",
                        one.kappa
                    );
                    // θ/|w| is a length: the boundary's distance from the origin
                    let (t1, t) = (
                        one.perceptron.theta / norm(&one.perceptron.w),
                        theta / norm(&far.perceptron.w),
                    );
                    assert!(
                        close(t, t1, tol.sqrt()) || (t - t1).abs() < 1e-12,
                        "{what}: θ/|w| {t} {t1}"
                    );
                    if let (Some(u), Some(v)) = (upper, one.kappa_upper) {
                        assert!(close(u, v, tol), "{what}: κ_upper {u} {v}");
                    }
                }
            }
        }
    }
}

/// The three points `(1, 1e300, +1)`, `(−1, −2, −1)`, `(1e-300, 3, +1)`, at scale
/// `c` = 1 and `10^−300` (at `10^300` a coordinate is ∞ and the set is refused as not finite).
/// Their lengths span 300 orders of magnitude, beyond what squared lengths hold together, yet
/// the answer is in closed form: the long point lies far in front of the short ones' optimum, so
/// it is theirs (`exact/scales.rs`). Through the origin `z² = (1, 2)` is the nearest signed point
/// and `z³ = (1e-300, 3)` lies beyond it along `w = z²/|z²|` (`w·z³ = 6/√5 > √5`): `κ_max = √5`.
/// With a threshold the gap between `ξ²` and `ξ³` is their distance `|(1, 5)|`: `κ_max = √26/2`,
/// `w = (1, 5)/√26`, `θ` at the midpoint `(−½, ½)`: `θ = 2/√26`. The count through the origin
/// sees three lines (`ξ¹` and `ξ³` differ in angle by only `7·10⁻³⁰¹`, but their cross product
/// `1·3 − 10³⁰⁰·10⁻³⁰⁰ = 2` is not zero, nor near it against the products of their coordinates):
/// Cover's `C(3, 2) = 6` labellings, in general position (it used to see two lines and count 4). With a threshold the count needs the offsets of all three together
/// and refuses by name; so does the exact optimum once a long point stands in front of the short
/// ones (`(−1e300, 1e299)` beside them).
#[test]
fn a_set_spanning_beyond_the_range_is_solved_where_its_geometry_allows() {
    let set = |c: f64, extra: &[f64]| {
        let mut xs = vec![c, 1e300 * c, -c, -2.0 * c, 1e-300 * c, 3.0 * c];
        xs.extend(extra.iter().map(|v| v * c));
        let ys = [1.0, -1.0, 1.0, 1.0][..xs.len() / 2].to_vec();
        Dataset::from_row_major(xs, 2, ys)
    };
    let (r5, r26) = (5f64.sqrt(), 26f64.sqrt());
    for c in [1.0, 1e-300] {
        let d = set(c, &[]).unwrap();
        assert!(d.check_span().is_err(), "the set spans beyond the range");
        let e = max_stability(&d, Mode::Homogeneous).unwrap();
        let w = &e.perceptron.as_ref().unwrap().w;
        assert!(close(e.kappa / c, r5, 1e-12), "{c}: κ = {}", e.kappa);
        assert!(angle(w, &[1.0, 2.0]) < 1e-12, "{c}: {w:?}");
        assert_eq!(e.support, vec![1]);
        let e = max_stability(&d, Mode::Threshold).unwrap();
        let p = e.perceptron.as_ref().unwrap();
        assert!(close(e.kappa / c, r26 / 2.0, 1e-12), "{c}: κ = {}", e.kappa);
        assert!(angle(&p.w, &[1.0, 5.0]) < 1e-12, "{c}: {:?}", p.w);
        assert!(close(p.theta / c, 2.0 / r26, 1e-12), "{c}: θ = {}", p.theta);
        assert_eq!(e.support, vec![1, 2]);
        for mode in MODES {
            assert!(is_separable(&d, mode).unwrap());
        }
        let count = count_any(&d, Mode::Homogeneous).unwrap();
        assert_eq!((count.separable, count.total), (6.0, 8.0));
        assert_eq!(count.separable, cover(3, 2) as f64);
        assert!(count.general_position && count.degeneracies.is_empty());
        let refused = |e: perceptron_lab::Error| {
            let m = e.to_string();
            assert!(
                m.starts_with("point 1's length") && m.contains("floating-point range"),
                "{m}"
            );
        };
        refused(count_any(&d, Mode::Threshold).unwrap_err());
        // a long point in front of the short ones' optimum ties the two scales together
        let d = set(c, &[-1e300, 1e299]).unwrap();
        refused(max_stability(&d, Mode::Homogeneous).unwrap_err());
    }
    let e = set(1e300, &[]).unwrap_err().to_string();
    assert!(e.contains("point 0: coordinate 1 is inf"), "{e}");
}

/// A long point behind the short points' optimum does not change it: teacher sets with one point
/// added `10³⁰⁰` times farther out, along the optimum's `S w` (in front of nothing), give the
/// optimum of the set without it (κ, w, θ and the support; its embedding strength 0) — and one
/// added along `−S w` makes the exact test refuse the set by name rather than answer.
#[test]
fn a_long_point_behind_the_optimum_leaves_it_unchanged() {
    for seed in 1..=4 {
        let d = teacher_data(seed, 3, 12, 0.0);
        for mode in MODES {
            let base = max_stability(&d, mode).unwrap();
            let Some(p) = base.perceptron.as_ref() else {
                continue;
            };
            for (sign, y) in [(1.0, 1.0), (-1.0, -1.0)] {
                let mut xs = d.features().to_vec();
                xs.extend(p.w.iter().map(|v| sign * 1e300 * v));
                let mut ys = d.labels().to_vec();
                ys.push(y);
                let far = Dataset::from_row_major(xs.clone(), 3, ys).unwrap();
                let e = max_stability(&far, mode).unwrap();
                let q = e.perceptron.as_ref().unwrap();
                assert!(close(e.kappa, base.kappa, 1e-12), "{seed} {mode:?}");
                assert!(angle(&q.w, &p.w) < 1e-9, "{seed} {mode:?}");
                assert!(close(q.theta, p.theta, 1e-9) || (q.theta - p.theta).abs() < 1e-12);
                assert_eq!(e.support, base.support);
                assert_eq!(e.embedding[12], 0.0);
                // the same point with the other label stands in front of the optimum
                let mut ys = d.labels().to_vec();
                ys.push(-y);
                let front = Dataset::from_row_major(xs, 3, ys).unwrap();
                let m = max_stability(&front, mode).unwrap_err().to_string();
                assert!(m.contains("floating-point range"), "{m}");
            }
        }
    }
}

/// The version space of a 2-D set times `c` is the set's in its units: through the origin the
/// same arcs and arc length, the landscape κ(φ) times `c`; with a threshold the band's edges
/// θ(φ) and its area in `(φ, θ)` times `c`.
#[test]
fn the_version_space_scales_with_the_set() {
    use perceptron_lab::version_space::VersionSpace;
    let base = teacher_data(4, 2, 9, 0.0);
    for mode in MODES {
        let one = VersionSpace::compute(&base, mode).unwrap();
        assert!(one.size > 0.0, "{mode:?}");
        for c in SCALES {
            let d = scaled(&base, c);
            let v = VersionSpace::compute(&d, mode).unwrap();
            let units = if mode == Mode::Threshold { c } else { 1.0 };
            assert!(
                close(v.size / units, one.size, 1e-9),
                "{mode:?} {c}: {} vs {}",
                v.size / units,
                one.size
            );
            assert_eq!(v.arcs.len(), one.arcs.len());
            for (a, b) in v.arcs.iter().flatten().zip(one.arcs.iter().flatten()) {
                assert!((a - b).abs() < 1e-9, "{mode:?} {c}");
            }
            for (a, b) in v
                .kappa
                .iter()
                .zip(&one.kappa)
                .chain(v.lower.iter().zip(&one.lower))
            {
                assert!(
                    (a.is_nan() && b.is_nan()) || (a / c - b).abs() <= 1e-9 * b.abs().max(1.0),
                    "{mode:?} {c}: {} vs {b}",
                    a / c
                );
            }
        }
    }
}

/// `w` divided by its largest magnitude (its squares, `10⁵⁹⁸` for a `w` of `10²⁹⁹`, overflow).
fn shrunk(w: &[f64]) -> Vec<f64> {
    let top = w.iter().fold(0.0f64, |m, v| m.max(v.abs()));
    w.iter().map(|v| v / top).collect()
}

/// The three points of `a_set_spanning_beyond_the_range_is_solved_where_its_geometry_allows` at
/// scale 1: `(1, 1e300, +1)`, `(−1, −2, −1)`, `(1e-300, 3, +1)`.
fn three_points() -> Dataset {
    Dataset::from_row_major(
        vec![1.0, 1e300, -1.0, -2.0, 1e-300, 3.0],
        2,
        vec![1.0, -1.0, 1.0],
    )
    .unwrap()
}

/// Every rule trains on the three points through the origin (none is refused) to a finite `w`,
/// and its stop says what holds. AdaTron, which steps on `b^μ = x^μ |ξ^μ|` without squared
/// lengths, reaches the hand-computed `κ_max = √5` (`w = (1, 2)/√5`, module docs of the test
/// above) within its certified gap, its bound `κ_upper` never below `√5`. A rule that says
/// converged separates the set (it is separable).
#[test]
fn every_rule_trains_on_the_three_points() {
    let d = three_points();
    let r5 = 5f64.sqrt();
    for algo in rules() {
        let cfg = Config::default();
        let fit = train::build(named(algo), &d, Mode::Homogeneous, &cfg)
            .unwrap_or_else(|e| panic!("{algo} refused the set: {e}"))
            .run();
        assert!(
            fit.perceptron.w.iter().all(|v| v.is_finite()) && fit.perceptron.w != [0.0, 0.0],
            "{algo}: {fit:?}"
        );
        assert!(!fit.converged || fit.errors == 0, "{algo}: {fit:?}");
        if algo == "adatron" {
            assert_eq!(fit.stop, Some(train::Stop::GapReached), "{fit:?}");
            assert!(fit.converged);
            let gap = cfg.gap_tolerance;
            assert!(
                fit.kappa >= r5 * (1.0 - gap) && fit.kappa <= r5 * (1.0 + 1e-12),
                "κ = {}",
                fit.kappa
            );
            let upper = fit.kappa_upper.unwrap();
            assert!(
                upper >= r5 * (1.0 - 1e-12) && upper.is_finite(),
                "κ_upper {upper}"
            );
            assert!(angle(&shrunk(&fit.perceptron.w), &[1.0, 2.0]) < gap.sqrt());
        }
    }
}

/// The soft margin on the three points: its `γ` applies to the set brought near 1 (`rescaled.rs`),
/// where the short points are `10⁻³⁰⁰` long, so every example is inside the margin for `γ` of
/// order 1: `γ |Σ_ν S^ν ξ^ν| max_μ |ξ^μ| < 1` (here `≈ 0.56 γ` near 1), all strengths at `γ` and
/// `w = γ Σ_μ S^μ ξ^μ` (soft_margin_optimum.rs), whose direction `(2 + 10⁻³⁰⁰, 10³⁰⁰ + 5)` is
/// `ξ¹`'s to `10⁻³⁰⁰`: `κ = min_μ E^μ/|w| = 2` (the second point's `(1·0 + 2·1)`). It stops on
/// its KKT conditions. Reaching the hard margin would take `γ ≈ 10⁵⁹⁹` near 1 (the short
/// point's strength `x = 1/5` at scale 1 times `2^{2·997}`): no representable `γ` does, and with
/// the largest, `10³⁰⁸`, it still converges (KKT), to a `w` that separates the set.
#[test]
fn the_soft_margin_on_the_three_points() {
    let d = three_points();
    for gamma in [0.5, 1.0] {
        let cfg = Config {
            gamma,
            ..Config::default()
        };
        let fit = train::build(named("soft-margin"), &d, Mode::Homogeneous, &cfg)
            .unwrap()
            .run();
        assert_eq!(fit.stop, Some(train::Stop::Kkt), "γ = {gamma}: {fit:?}");
        assert!(fit.converged);
        assert!(
            (fit.kappa - 2.0).abs() < 1e-12,
            "γ = {gamma}: κ = {}",
            fit.kappa
        );
        assert!(angle(&shrunk(&fit.perceptron.w), &[2e-300, 1.0]) < 1e-12);
    }
    let cfg = Config {
        gamma: 1e308,
        ..Config::default()
    };
    let fit = train::build(named("soft-margin"), &d, Mode::Homogeneous, &cfg)
        .unwrap()
        .run();
    assert!(fit.converged, "{fit:?}");
    assert_eq!(fit.errors, 0, "{fit:?}");
    assert!(fit.perceptron.w.iter().all(|v| v.is_finite()));
}

/// The gradient rules on the three points run (not refused) and stop short of "converged" with
/// the reason: the short points' factor `(η/N)|ξ^μ|²`, `10⁻⁶⁰⁰` near 1 beside the long point's
/// stable `η`, is below the floating-point precision, so no representable `η` fits both; the
/// readout names the point and the factor. Their reference optima do not overflow: least
/// squares is at cost `½` — the long point and the second one fitted exactly (two equations,
/// two unknowns), the third left at `E³ ≈ 0`, residual 1, which no `w` of finite cost improves
/// (module docs of `optimum`), with `w` along `(1, 0)` to `10⁻³⁰⁰`; the sigmoid costs have no
/// minimum on a separable set.
#[test]
fn the_gradient_rules_on_the_three_points() {
    use perceptron_lab::optimum::{optimum, Optimum};
    use perceptron_lab::scene::{status, Settings};
    use perceptron_lab::train::objective::Objective;
    let d = three_points();
    for algo in [
        "adaline",
        "adaline-batch",
        "logistic",
        "logistic-squared",
        "adaline-tanh",
    ] {
        let fit = train::build(named(algo), &d, Mode::Homogeneous, &Config::default())
            .unwrap_or_else(|e| panic!("{algo} refused the set: {e}"))
            .run();
        assert!(fit.perceptron.w.iter().all(|v| v.is_finite()), "{algo}");
        assert!(!fit.converged, "{algo}: {fit:?}");
        assert!(
            matches!(fit.stop, Some(train::Stop::Limit | train::Stop::Plateau)),
            "{algo}: {fit:?}"
        );
        let u = fit.unresolved.expect("a point beyond the steps' reach");
        assert!(u.example == 1 || u.example == 2, "{algo}: {u:?}");
        assert!(u.log10_factor < -500.0, "{algo}: {u:?}");
        let text = status(named(algo), &fit, 1000.0, &Settings::default(), true);
        assert!(
            text.starts_with("not converged")
                && text.contains(&format!("point {}'s step", u.example))
                && text.contains("no representable η"),
            "{algo}: {text}"
        );
    }
    let Optimum::At { perceptron, cost } =
        optimum(Objective::LeastSquares, &d, Mode::Homogeneous, true)
    else {
        panic!("least squares has a minimum")
    };
    assert!((cost - 0.5).abs() < 1e-12, "cost {cost}");
    assert!(perceptron.w.iter().all(|v| v.is_finite()));
    assert!(
        angle(&shrunk(&perceptron.w), &[1.0, 0.0]) < 1e-12,
        "{perceptron:?}"
    );
    for o in [
        Objective::Sigmoid(perceptron_lab::train::logistic::Loss::CrossEntropy),
        Objective::Sigmoid(perceptron_lab::train::logistic::Loss::Squared),
    ] {
        assert_eq!(optimum(o, &d, Mode::Homogeneous, true), Optimum::Unbounded);
    }
}

/// Beyond `2^1000` between the shortest and the longest length (`data::SPAN_BITS`), the short
/// points would round to the origin once the long one is near 1 (and `1/|ξ|` overflow): AdaTron,
/// the soft margin and the gradient rules refuse such a set by name — here `(1e300, 1)` beside
/// `(1e-5, 1e-5)`, `1.4·10⁻³⁰⁵` of its length — while the span of the three points (`2·10⁻³⁰⁰`,
/// above `2^−1000 ≈ 9.3·10⁻³⁰²`) trains; Rosenblatt, which needs no length, trains on both.
#[test]
fn a_span_beyond_2_to_the_1000_is_refused_by_name() {
    let d = Dataset::from_row_major(vec![1e300, 1.0, 1e-5, 1e-5], 2, vec![1.0, -1.0]).unwrap();
    for algo in ["adatron", "soft-margin", "adaline", "logistic"] {
        let e = train::build(named(algo), &d, Mode::Homogeneous, &Config::default())
            .err()
            .unwrap_or_else(|| panic!("{algo} trained"));
        let m = e.to_string();
        assert!(
            m.starts_with("point 1's length") && m.contains("floating-point range"),
            "{algo}: {m}"
        );
        assert!(train::build(
            named(algo),
            &three_points(),
            Mode::Homogeneous,
            &Config::default()
        )
        .is_ok());
    }
    assert!(train::build(
        named("rosenblatt"),
        &d,
        Mode::Homogeneous,
        &Config::default()
    )
    .is_ok());
}
