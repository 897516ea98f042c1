//! The learning-curve engine against theory, with fixed seeds and tolerances from the standard
//! error: simulated points must lie within a few standard errors of the formula (plus the stated
//! finite-N allowance where the formula is for N → ∞).

use perceptron_lab::experiment::{self, CurveParams, Labels, StopRule};
use perceptron_lab::theory;

fn params(
    n: usize,
    alphas: Vec<f64>,
    reps: usize,
    algorithms: &[&str],
    labels: Labels,
) -> CurveParams {
    CurveParams {
        n,
        alphas,
        reps,
        algorithms: algorithms.iter().map(|a| a.parse().unwrap()).collect(),
        epochs: 100.0,
        updates: None,
        seed: 2024,
        noise: 0.0,
        labels,
        stop: StopRule::Epochs,
        random_separability: false,
    }
}

/// Hebb's ε_g has an exact large-N formula (Vallet 1989); at N = 200 the finite-size correction
/// is O(1/N) ≈ 0.005 relative. Tolerance: 4 standard errors + 2 % of the value.
#[test]
fn hebb_matches_its_formula() {
    let p = params(
        200,
        vec![0.5, 1.0, 2.0, 4.0],
        60,
        &["hebb"],
        Labels::Teacher,
    );
    for row in experiment::run(&p).unwrap() {
        let expected = theory::hebb_eps(row.p as f64 / row.n as f64);
        let tol = 4.0 * row.eps_g_sem + 0.02 * expected;
        assert!(
            (row.eps_g_mean - expected).abs() <= tol,
            "α = {}: simulated {} ± {}, formula {expected}",
            row.alpha,
            row.eps_g_mean,
            row.eps_g_sem
        );
    }
}

/// The exact maximally stable perceptron at N = 100 lies within about 1 % of the N → ∞ curve
/// (docs/theory.md); tolerance: 4 standard errors + 3 % of the value.
#[test]
fn exact_maximal_stability_is_near_theory_at_n_100() {
    let p = params(100, vec![1.0, 2.0, 4.0], 16, &["exact"], Labels::Teacher);
    for row in experiment::run(&p).unwrap() {
        let th = theory::max_stability(row.p as f64 / row.n as f64);
        let tol = 4.0 * row.eps_g_sem + 0.03 * th.eps;
        assert!(
            (row.eps_g_mean - th.eps).abs() <= tol,
            "α = {}: simulated ε_g {} ± {}, theory {}",
            row.alpha,
            row.eps_g_mean,
            row.eps_g_sem,
            th.eps
        );
        let tol = 4.0 * row.kappa_sem + 0.05 * th.kappa;
        assert!(
            (row.kappa_mean - th.kappa).abs() <= tol,
            "α = {}: simulated κ {} ± {}, theory {}",
            row.alpha,
            row.kappa_mean,
            row.kappa_sem,
            th.kappa
        );
    }
}

/// A simulated separable fraction of `row` within 4 binomial standard errors of Cover's
/// C(P,N)/2^P (at least 10⁻³, where the fraction is 0 or 1).
fn assert_near_cover(row: &experiment::Row, simulated: f64) {
    let expected = theory::separable_fraction(row.p as u64, row.n as u64);
    let sem = (expected * (1.0 - expected) / row.reps as f64)
        .sqrt()
        .max(1e-3);
    assert!(
        (simulated - expected).abs() <= 4.0 * sem,
        "P = {}: simulated {simulated}, Cover {expected}",
        row.p
    );
}

/// With random labels at N = 10, the fraction of separable sets (exact test per set) is
/// binomial with mean C(P,N)/2^P (Cover). Tolerance: 4 binomial standard errors.
#[test]
fn separable_fraction_matches_cover_at_n_10() {
    let p = params(
        10,
        vec![1.0, 1.6, 2.0, 2.4, 3.0],
        200,
        &["exact"],
        Labels::Random,
    );
    for row in experiment::run(&p).unwrap() {
        assert_near_cover(&row, row.separable_fraction);
    }
}

/// With teacher labels, the random relabelling of each cell's inputs (the storage panel) is
/// separable with probability C(P,N)/2^P (Cover), while the teacher sets themselves all are;
/// the relabelling does not touch the teacher data: ε_g is the same with and without it.
/// Tolerance: 4 binomial standard errors.
#[test]
fn random_labellings_of_teacher_inputs_match_cover_at_n_10() {
    let mut p = params(
        10,
        vec![1.0, 1.6, 2.0, 2.4, 3.0],
        200,
        &["hebb", "exact"],
        Labels::Teacher,
    );
    let without = experiment::run(&p).unwrap();
    p.random_separability = true;
    let rows = experiment::run(&p).unwrap();
    for (row, plain) in rows.iter().zip(&without) {
        assert_eq!(row.eps_g_mean, plain.eps_g_mean, "the same teacher data");
        assert!(
            plain.random_separable_fraction.is_nan(),
            "not computed unless asked"
        );
        assert_eq!(
            row.separable_fraction, 1.0,
            "teacher sets are separable (exact test)"
        );
        assert_near_cover(row, row.random_separable_fraction);
    }
}

/// MinOver's assignment rule (stop when κ has not improved for P steps) stops no later than the
/// epoch limit, and the certified-gap rule reaches the exact κ within its tolerance.
#[test]
fn stopping_rules() {
    let mut p = params(20, vec![2.0], 10, &["minover", "exact"], Labels::Teacher);
    let fixed = experiment::run(&p).unwrap();
    p.stop = StopRule::NoImprovement;
    let patient = experiment::run(&p).unwrap();
    assert!(patient[0].updates_mean <= fixed[0].updates_mean);
    p.stop = StopRule::Gap { tolerance: 1e-3 };
    p.epochs = 1e5;
    let gap = experiment::run(&p).unwrap();
    let (minover, exact) = (&gap[0], &gap[1]);
    assert!(minover.kappa_mean <= exact.kappa_mean + 1e-12);
    assert!(minover.kappa_mean >= exact.kappa_mean * (1.0 - 1e-3) - 1e-12);
}

/// Sizes that pass the other checks but whose set would not fit in memory are refused by the
/// validation, before a cell allocates anything (the CLI's `curve` and `trace` and the page's
/// workers all run `run_cells` or `trace` on these parameters): the message names P × N, the
/// memory and the limit.
#[test]
fn sets_too_large_for_memory_are_refused_before_allocating() {
    let cases = [
        (5, 1e9, "minover"),         // 200 GB
        (100_000, 100.0, "minover"), // 8 TB
        (1000, 1000.0, "minover"),
        (2000, 500.0, "adatron"),
    ];
    for (n, alpha, algorithm) in cases {
        let p = params(n, vec![alpha], 1, &[algorithm], Labels::Teacher);
        let e = experiment::run_cells(&p, 0..1, |_| {})
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("P × N") && e.contains("at most 33554432 values"),
            "{e}"
        );
        assert!(p.validate().is_err());
        let algorithm = algorithm.parse().unwrap();
        assert!(experiment::trace(&p, algorithm, 0, 1).is_err());
    }
    let e = params(5, vec![1e9], 1, &["minover"], Labels::Teacher)
        .validate()
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("5000000000 × 5") && e.contains("200.0 GB"),
        "{e}"
    );
    // the largest set allowed, P × N = 2¹⁵ × 2¹⁰, passes; one more example does not
    let p = params(1024, vec![32.0], 1, &["hebb"], Labels::Teacher);
    assert!(p.validate().is_ok());
    let p = params(
        1024,
        vec![32.0 + 1.0 / 1024.0],
        1,
        &["hebb"],
        Labels::Teacher,
    );
    assert!(p.validate().is_err());
}

/// An `α` whose sets hold no example, `P = round(αN) < 1`, is refused by the core (the page, the
/// CLI and Python alike), naming `α`, `N` and the least `α` with one example, `1/(2N)`; the
/// least such `α` itself passes (`round(½) = 1` rounds half away from zero).
#[test]
fn an_alpha_without_examples_is_refused_with_the_least_alpha() {
    let e = params(20, vec![0.01, 1.0], 1, &["hebb"], Labels::Teacher)
        .validate()
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "α = 0.01 gives P = round(αN) = 0 examples at N = 20: α must be in [0.025, ∞) (P ≥ 1)"
    );
    assert!(experiment::run_cells(
        &params(20, vec![0.01], 1, &["hebb"], Labels::Teacher),
        0..1,
        |_| {}
    )
    .is_err());
    assert!(params(20, vec![0.025], 1, &["hebb"], Labels::Teacher)
        .validate()
        .is_ok());
}
