//! The theory curves against independent references (docs/theory.md): exact integer counts and
//! binomial identities for Cover's count; closed forms and the Gaussian integrals redone here
//! with a plain Simpson rule for Gardner, Hebb, Gibbs and the maximally stable perceptron;
//! large- and small-`α` asymptotics derived independently of the solvers; the constants quoted
//! in the literature; and the `curve_value` dispatch and its errors.
//!
//! Conventions: `Dt = φ(t) dt`, `H(x) = ∫_x^∞ Dt`, `Φ = 1 − H`, `α = P/N`, `ε_g = arccos(R)/π`.

use approx::{assert_abs_diff_eq, assert_relative_eq};
use perceptron_lab::theory::{
    bayes_eps, cover_count_exact, cover_eps, cover_eps_limit, curve_value, gardner_alpha,
    gardner_kappa, gauss_density, gibbs_eps, gibbs_overlap, h, hebb_eps, ln_cover_count,
    max_stability, separable_fraction, TheoryCurve,
};
use perceptron_lab::Error;
use std::f64::consts::PI;

/// `∫_a^b f(t) dt` by composite Simpson's rule with step at most `step` (deliberately simpler
/// than the library's graded Gauss–Legendre panels; error `O(step⁴)`).
fn simpson(f: impl Fn(f64) -> f64, a: f64, b: f64, step: f64) -> f64 {
    let n = 2 * ((b - a) / (2.0 * step)).ceil().max(1.0) as usize;
    let h = (b - a) / n as f64;
    let inner: f64 = (1..n)
        .map(|i| f(a + h * i as f64) * if i % 2 == 1 { 4.0 } else { 2.0 })
        .sum();
    h / 3.0 * (f(a) + f(b) + inner)
}

/// `Φ(x) = 1 − H(x)`.
fn big_phi(x: f64) -> f64 {
    h(-x)
}

/// Loads from `lo` to `hi`, `n` of them, evenly spaced in `ln α`.
fn log_grid(lo: f64, hi: f64, n: usize) -> Vec<f64> {
    (0..n)
        .map(|i| lo * libm::pow(hi / lo, i as f64 / (n - 1) as f64))
        .collect()
}

/// A root of the increasing function `f` on `[lo, hi]` by plain bisection.
fn bisect(f: impl Fn(f64) -> f64, mut lo: f64, mut hi: f64) -> f64 {
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if f(mid) > 0.0 {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    0.5 * (lo + hi)
}

// ---------------------------------------------------------------------------------------------
// Gardner's capacity

#[test]
fn gardner_capacity_at_zero_stability_is_two() {
    assert_abs_diff_eq!(gardner_alpha(0.0), 2.0, epsilon = 1e-15);
    assert_abs_diff_eq!(gardner_kappa(2.0), 0.0, epsilon = 1e-15);
    // Just below capacity κ is small and positive: 1/α ≈ ½ + 2κφ(0), so κ ≈ (1/α − ½) √(π/2).
    let kappa = gardner_kappa(2.0 - 1e-6);
    assert_relative_eq!(kappa, (1e-6 / 4.0) * (PI / 2.0).sqrt(), max_relative = 1e-5);
}

#[test]
fn gardner_round_trips() {
    for alpha in log_grid(1e-3, 2.0, 40) {
        assert_relative_eq!(
            gardner_alpha(gardner_kappa(alpha)),
            alpha,
            max_relative = 1e-12
        );
    }
    for kappa in [0.0, 1e-6, 0.1, 0.5, 1.0, 2.0, 5.0, 10.0] {
        assert_abs_diff_eq!(
            gardner_kappa(gardner_alpha(kappa)),
            kappa,
            epsilon = 1e-12 * kappa.max(1.0)
        );
    }
}

#[test]
fn gardner_closed_form_matches_the_gaussian_integral() {
    // 1/α = ∫_{−κ}^∞ Dt (t+κ)², by Simpson's rule: relative 1e-10.
    for kappa in [0.0, 0.3, 1.0, 2.5, 4.0] {
        let integral = simpson(
            |t| (t + kappa) * (t + kappa) * gauss_density(t),
            -kappa,
            12.0,
            1e-3,
        );
        assert_relative_eq!(1.0 / gardner_alpha(kappa), integral, max_relative = 1e-10);
    }
}

#[test]
fn gardner_small_load_limit() {
    // For large κ the Gaussian tails (< e^{−κ²/2}) vanish and 1/α = 1 + κ²: at α = 0.01,
    // κ = √99 to 1e-12.
    assert_relative_eq!(gardner_kappa(0.01), 99f64.sqrt(), max_relative = 1e-12);
}

#[test]
fn gardner_outside_its_validity_is_nan() {
    // The replica-symmetric formula holds for κ ≥ 0, that is α ≤ 2.
    assert!(gardner_kappa(2.5).is_nan());
    assert!(gardner_kappa(0.0).is_nan());
    assert!(gardner_kappa(-1.0).is_nan());
    assert!(gardner_kappa(f64::NAN).is_nan());
    assert!(gardner_alpha(-0.1).is_nan());
    assert!(gardner_alpha(f64::NAN).is_nan());
    assert_eq!(gardner_alpha(f64::INFINITY), 0.0);
}

// ---------------------------------------------------------------------------------------------
// Hebb

#[test]
fn hebb_at_alpha_one() {
    // docs/theory.md: ε_g ≈ 0.2856 at α = 1 (±5e-5), and the closed form to rounding.
    let eps = hebb_eps(1.0);
    assert_abs_diff_eq!(eps, 0.2856, epsilon = 5e-5);
    let closed = libm::acos((2.0 / (2.0 + PI)).sqrt()) / PI;
    assert_abs_diff_eq!(eps, closed, epsilon = 1e-15);
    for alpha in [0.01, 0.3, 3.0, 30.0] {
        let closed = libm::acos((2.0 * alpha / (2.0 * alpha + PI)).sqrt()) / PI;
        assert_abs_diff_eq!(hebb_eps(alpha), closed, epsilon = 1e-13);
    }
}

#[test]
fn hebb_large_load() {
    // 1 − R ≈ π/(4α), so ε_g ≈ √(2(1−R))/π = 1/√(2πα); relative corrections O(1/α).
    let alpha = 1e6;
    assert_relative_eq!(
        hebb_eps(alpha) * alpha.sqrt(),
        1.0 / (2.0 * PI).sqrt(),
        max_relative = 1e-5
    );
}

// ---------------------------------------------------------------------------------------------
// Gibbs and Bayes

/// `I(R) = ∫ Dt e^{−Rt²/2} / H(√R t)` by Simpson's rule on `[−12, 12]`.
fn gibbs_integral(r: f64) -> f64 {
    simpson(
        |t| gauss_density(t) * libm::exp(-0.5 * r * t * t) / h(r.sqrt() * t),
        -12.0,
        12.0,
        1e-3,
    )
}

#[test]
fn gibbs_overlap_solves_its_equation() {
    // R/√(1−R) = (α/π) I(R), with I(R) from Simpson's rule: relative residual 1e-12 (observed
    // below 3e-14).
    for alpha in [0.05, 0.5, 1.0, 3.0, 10.0, 50.0] {
        let r = gibbs_overlap(alpha);
        assert!(r > 0.0 && r < 1.0);
        let lhs = r / (1.0 - r).sqrt();
        let rhs = alpha / PI * gibbs_integral(r);
        assert_relative_eq!(lhs, rhs, max_relative = 1e-12);
        assert_abs_diff_eq!(gibbs_eps(alpha), libm::acos(r) / PI, epsilon = 1e-10);
    }
}

#[test]
fn bayes_is_the_square_root_of_the_gibbs_overlap() {
    for alpha in [0.05, 0.5, 1.0, 3.0, 10.0] {
        let r_bayes = gibbs_overlap(alpha).sqrt();
        assert_abs_diff_eq!(bayes_eps(alpha), libm::acos(r_bayes) / PI, epsilon = 1e-12);
    }
}

#[test]
fn gibbs_and_bayes_large_load_constants() {
    // For α → ∞, R → 1: 1/√(1−R) = (α/π) I(1), so α ε_Gibbs → √2 / I(1) and, with
    // 1 − R_Bayes ≈ (1 − R_Gibbs)/2, α ε_Bayes → 1 / I(1). I(1) by Simpson's rule.
    let i1 = gibbs_integral(1.0);
    let c_gibbs = 2f64.sqrt() / i1;
    let c_bayes = 1.0 / i1;
    // The literature's rounded constants (docs/theory.md): 0.625 and 0.442, to 1e-3 relative.
    assert_relative_eq!(c_gibbs, 0.625, max_relative = 1e-3);
    assert_relative_eq!(c_bayes, 0.442, max_relative = 1e-3);
    // The corrections fall like 1/α² (2.4e-5 at α = 200): tolerance 1e-4 absolute at α = 200.
    let alpha = 200.0;
    assert_abs_diff_eq!(alpha * gibbs_eps(alpha), c_gibbs, epsilon = 1e-4);
    assert_abs_diff_eq!(alpha * bayes_eps(alpha), c_bayes, epsilon = 1e-4);
    assert_relative_eq!(alpha * gibbs_eps(alpha), 0.625, max_relative = 2e-3);
    assert_relative_eq!(alpha * bayes_eps(alpha), 0.442, max_relative = 2e-3);
    // …and the approach is monotone.
    let dev: Vec<f64> = [25.0, 50.0, 100.0, 200.0]
        .iter()
        .map(|&a| (a * gibbs_eps(a) - c_gibbs).abs())
        .collect();
    assert!(dev.windows(2).all(|w| w[1] < w[0]), "{dev:?}");
}

#[test]
fn gibbs_small_load() {
    // I(0) = 2, so R ≈ 2α/π for α → 0 (relative corrections O(α)), and ε_g → ½.
    let alpha = 1e-4;
    assert_relative_eq!(gibbs_overlap(alpha) / alpha, 2.0 / PI, max_relative = 1e-3);
    assert_abs_diff_eq!(gibbs_eps(1e-3), 0.5, epsilon = 3e-4);
    assert!(gibbs_eps(1e-3) < 0.5);
}

// ---------------------------------------------------------------------------------------------
// Maximal stability

/// The right sides of E1 and E2 and the support fraction, by Simpson's rule on
/// `[−κ, 12]` with a step resolving the scale `s/R` of `H(Rt/s)`.
fn maxstab_integrals(alpha: f64, r: f64, kappa: f64) -> (f64, f64, f64) {
    let s = (1.0 - r * r).sqrt();
    let step = (s / r / 100.0).min(5e-4);
    let lo = -kappa.min(12.0);
    let e1 = simpson(
        |t| (t + kappa).powi(2) * gauss_density(t) * h(r * t / s),
        lo,
        12.0,
        step,
    );
    let e2 = simpson(
        |t| (t + kappa).powi(2) * t * gauss_density(t) * gauss_density(r * t / s),
        lo,
        12.0,
        step,
    );
    let sv = simpson(|t| gauss_density(t) * h(r * t / s), lo, 12.0, step);
    (2.0 * alpha * e1, alpha * e2, 2.0 * alpha * sv)
}

#[test]
fn maxstab_solves_e1_and_e2() {
    // (E1) 1 − R² = 2α ∫_{−κ}^∞ Dt (t+κ)² H(Rt/s), (E2) R s³ = α ∫_{−κ}^∞ Dt (t+κ)² t φ(Rt/s):
    // residuals relative to the left sides below 1e-9, the accuracy of Simpson's rule with 100
    // steps per width s/R of the step H(Rt/s) (with 4× finer steps the residuals fall below
    // 1e-11, as O(step⁴) predicts).
    for alpha in [0.05, 0.2, 1.0, 2.0, 5.0, 20.0, 100.0] {
        let m = max_stability(alpha);
        let s = (1.0 - m.r * m.r).sqrt();
        let (e1, e2, sv) = maxstab_integrals(alpha, m.r, m.kappa);
        assert_relative_eq!(e1, s * s, max_relative = 1e-9);
        assert_relative_eq!(e2, m.r * s.powi(3), max_relative = 1e-9);
        assert_relative_eq!(m.support_fraction, sv, max_relative = 1e-9);
        assert_abs_diff_eq!(m.eps, libm::acos(m.r) / PI, epsilon = 1e-12);
    }
}

/// The `α → ∞` constants of the maximally stable perceptron, derived independently of the
/// solver: with `t = s v`, `κ = s k` and `s → 0`, E1 becomes `1 = 2α φ(0) s f₁(k)` and E2
/// `1 = α φ(0) s f₂(k)`, where `f₁(k) = ∫_{−k}^∞ (v+k)² H(v) dv = ((k²+2)φ(k) + (k³+3k)Φ(k))/3`
/// and `f₂(k) = ∫_{−k}^∞ (v+k)² v φ(v) dv = 2(φ(k) + kΦ(k))`. So `2f₁ = f₂`, i.e.
/// `k³ Φ(k) = (1 − k²) φ(k)`, and `α ε_g → 1/(π φ(0) f₂(k))`, `α κ → k/(φ(0) f₂(k))`.
fn maxstab_large_load_constants() -> (f64, f64) {
    let k = bisect(
        |k| k.powi(3) * big_phi(k) - (1.0 - k * k) * gauss_density(k),
        0.0,
        1.0,
    );
    let f2 = 2.0 * (gauss_density(k) + k * big_phi(k));
    let phi0 = gauss_density(0.0);
    (1.0 / (PI * phi0 * f2), k / (phi0 * f2))
}

#[test]
fn maxstab_large_load_constants_match() {
    let (c_eps, c_kappa) = maxstab_large_load_constants();
    // The literature's rounded constants (docs/theory.md): 0.5005 and 1.0045.
    assert_relative_eq!(c_eps, 0.5005, max_relative = 1e-4);
    assert_relative_eq!(c_kappa, 1.0045, max_relative = 1e-4);
    // The corrections fall like 1/α² (2.4e-5 for ε, 4e-5 for κ at α = 200).
    let alpha = 200.0;
    let m = max_stability(alpha);
    assert_abs_diff_eq!(alpha * m.eps, c_eps, epsilon = 1e-4);
    assert_abs_diff_eq!(alpha * m.kappa, c_kappa, epsilon = 2e-4);
    let m = max_stability(1000.0);
    assert_abs_diff_eq!(1000.0 * m.eps, c_eps, epsilon = 1e-5);
    assert_abs_diff_eq!(1000.0 * m.kappa, c_kappa, epsilon = 1e-5);
}

#[test]
fn maxstab_small_load() {
    // α → 0: every example is a support vector (n_SV/N → α), w is the Hebb vector to leading
    // order (½ − ε_g ≈ √(2α/π)/π), κ ≈ √(1/α) like Gardner's, and ε_g → ½.
    let alpha = 1e-3;
    let m = max_stability(alpha);
    assert_abs_diff_eq!(m.eps, 0.5, epsilon = 0.01);
    assert_relative_eq!(0.5 - m.eps, 0.5 - hebb_eps(alpha), max_relative = 1e-3);
    assert_relative_eq!(m.kappa, (1.0 / alpha).sqrt(), max_relative = 1e-3);
    assert_relative_eq!(m.support_fraction, alpha, max_relative = 1e-6);
    assert!(max_stability(0.05).kappa > 4.0);
    // Teacher labels are easier to store than random ones: κ ≥ Gardner's κ for α ≤ 2.
    for alpha in log_grid(1e-3, 2.0, 15) {
        assert!(
            max_stability(alpha).kappa >= gardner_kappa(alpha),
            "α = {alpha}"
        );
    }
}

#[test]
fn maxstab_support_vectors_are_bounded() {
    // n_SV ≤ P and n_SV ≤ N: 0 < n_SV/N ≤ min(α, 1).
    for alpha in log_grid(0.01, 100.0, 20) {
        let sv = max_stability(alpha).support_fraction;
        assert!(
            sv > 0.0 && sv <= alpha.min(1.0) * (1.0 + 1e-12),
            "α = {alpha}: {sv}"
        );
    }
}

#[test]
fn learning_curves_are_ordered_and_decreasing() {
    // Bayes is optimal (Opper & Haussler 1991); maximal stability lies between it and Gibbs,
    // and Hebb is worse than maximal stability (at small α only by O(α^{3/2})): checked on a grid
    // from α = 0.01 to 100, with every curve strictly decreasing in α.
    let grid = log_grid(0.01, 100.0, 30);
    let mut last = [0.5; 4];
    for &alpha in &grid {
        let (b, m, g, hb) = (
            bayes_eps(alpha),
            max_stability(alpha).eps,
            gibbs_eps(alpha),
            hebb_eps(alpha),
        );
        assert!(
            b <= m && m <= g,
            "α = {alpha}: Bayes {b}, maxstab {m}, Gibbs {g}"
        );
        assert!(m <= hb, "α = {alpha}: maxstab {m}, Hebb {hb}");
        for (prev, now) in last.iter_mut().zip([b, m, g, hb]) {
            assert!(now < *prev && now > 0.0, "α = {alpha}");
            *prev = now;
        }
    }
    // For large α Hebb falls off like α^{−1/2}, the others like 1/α.
    assert!(hebb_eps(50.0) > 5.0 * max_stability(50.0).eps);
}

// ---------------------------------------------------------------------------------------------
// Cover's count

#[test]
fn cover_counts_by_hand() {
    assert_eq!(cover_count_exact(3, 2), Some(6));
    assert_eq!(cover_count_exact(4, 3), Some(14));
    // One dimension: only ±sign(ξ); two dimensions: 2P (lines through the origin).
    for p in 1..50 {
        assert_eq!(cover_count_exact(p, 1), Some(2));
        assert_eq!(cover_count_exact(p, 2), Some(2 * u128::from(p)));
    }
    // Conventions: the empty set has one dichotomy; no dimension separates nothing.
    assert_eq!(cover_count_exact(0, 3), Some(1));
    assert_eq!(cover_count_exact(5, 0), Some(0));
    assert_eq!(ln_cover_count(5, 0), f64::NEG_INFINITY);
    assert_eq!(ln_cover_count(0, 5), 0.0);
}

#[test]
fn cover_count_is_two_to_the_p_up_to_n() {
    for n in 1..=130u64 {
        for p in 1..=n.min(127) {
            assert_eq!(
                cover_count_exact(p, n),
                Some(1u128 << p),
                "P = {p}, N = {n}"
            );
            assert_eq!(separable_fraction(p, n), 1.0);
        }
    }
}

#[test]
fn cover_recurrence_holds_on_a_table() {
    // C(P+1, N) = C(P, N) + C(P, N−1) (Cover 1965).
    for p in 1..=100u64 {
        for n in 1..=100u64 {
            let next = cover_count_exact(p + 1, n).unwrap();
            let sum = cover_count_exact(p, n).unwrap() + cover_count_exact(p, n - 1).unwrap();
            assert_eq!(next, sum, "P = {p}, N = {n}");
        }
    }
}

#[test]
fn ln_cover_count_matches_exact_counts() {
    for p in 1..=120u64 {
        for n in 1..=130u64 {
            let exact = cover_count_exact(p, n).unwrap() as f64;
            assert_relative_eq!(ln_cover_count(p, n), libm::log(exact), max_relative = 1e-13);
            assert_relative_eq!(
                separable_fraction(p, n),
                exact / 2f64.powi(p as i32),
                max_relative = 1e-12
            );
        }
    }
}

#[test]
fn half_of_the_dichotomies_are_separable_at_twice_the_dimension() {
    // C(2N, N) = 2^{2N−1} by the symmetry of the binomial coefficients.
    for n in [1, 2, 3, 5, 10, 64, 1000, 100_000, 500_000] {
        assert_abs_diff_eq!(separable_fraction(2 * n, n), 0.5, epsilon = 1e-15);
        assert_relative_eq!(
            ln_cover_count(2 * n, n),
            (2 * n - 1) as f64 * std::f64::consts::LN_2,
            max_relative = 1e-14
        );
    }
}

#[test]
fn separable_fraction_decreases_in_p() {
    for n in [1u64, 2, 10, 50, 300] {
        let mut prev = 1.0;
        for p in n + 1..=6 * n + 20 {
            let f = separable_fraction(p, n);
            // Strictly, except where 1 − P_ls is below the rounding of 1.
            assert!(
                f < prev || (f == prev && f > 1.0 - 1e-15),
                "N = {n}, P = {p}"
            );
            prev = f;
        }
    }
}

#[test]
fn separable_fraction_for_large_p() {
    // Up to P = 10⁶ without overflow. Binomial symmetry: P_ls(P, N) + P_ls(P, P − N) = 1, and
    // the normal approximation with continuity correction, P_ls ≈ Φ((N − P/2) / (√(P−1)/2)),
    // holds to O(1/P) for Bin(P−1, ½) (zero skewness): tolerance 1e-6 (observed 3e-8).
    let p = 1_000_000u64;
    for n in [499_000u64, 499_700, 500_000, 500_400, 501_000] {
        let f = separable_fraction(p, n);
        assert_abs_diff_eq!(f + separable_fraction(p, p - n), 1.0, epsilon = 1e-9);
        let z = (n as f64 - p as f64 / 2.0) / ((p - 1) as f64).sqrt() * 2.0;
        assert_abs_diff_eq!(f, big_phi(z), epsilon = 1e-6);
        assert!(ln_cover_count(p, n).is_finite());
    }
    // Deep below capacity (α = 4): ln C is finite although C ≈ 10^{169 000}.
    let ln_c = ln_cover_count(p, p / 4);
    assert!(ln_c.is_finite() && ln_c < p as f64 * std::f64::consts::LN_2);
}

// ---------------------------------------------------------------------------------------------
// The counting estimate of ε_g

#[test]
fn cover_eps_small_cases() {
    // ε = ½ C(P, N−1)/C(P, N) from exact counts, relative 1e-12.
    for p in 1..=100u64 {
        for n in 2..=60u64 {
            let num = cover_count_exact(p, n - 1).unwrap() as f64;
            let den = cover_count_exact(p, n).unwrap() as f64;
            assert_relative_eq!(cover_eps(p, n), 0.5 * num / den, max_relative = 1e-12);
        }
    }
    // Fewer examples than dimensions − 1: nothing is learnt.
    assert_eq!(cover_eps(5, 10), 0.5);
    assert_eq!(cover_eps(0, 10), 0.5);
    // One dimension: the examples fix the teacher.
    assert_eq!(cover_eps(7, 1), 0.0);
    assert!(cover_eps(7, 0).is_nan());
}

#[test]
fn cover_eps_limit_values() {
    assert_eq!(cover_eps_limit(0.5), 0.5);
    assert_eq!(cover_eps_limit(2.0), 0.5);
    assert_eq!(cover_eps_limit(3.0), 0.25);
    assert_eq!(cover_eps_limit(11.0), 0.05);
    assert!(cover_eps_limit(0.0).is_nan());
}

#[test]
fn cover_eps_approaches_its_limit_slowly() {
    // For α > 2, ½ C(P, N−1)/C(P, N) → ½ r with r = binom(P−1, N−2)/binom(P−1, N−1) → 1/(α−1):
    // at N = 10⁵ within 1e-4 (the deviation is about c/N with c ≈ 1.7 at α = 2.5 and smaller
    // further from α = 2); for α < 2 the ratio tends to 1 exponentially fast.
    for alpha in [0.5, 1.5, 2.5, 3.0, 4.0, 8.0] {
        let deviation = |n: u64| {
            let p = (alpha * n as f64).round() as u64;
            (cover_eps(p, n) - cover_eps_limit(alpha)).abs()
        };
        let (d2, d3, d5) = (deviation(100), deviation(1000), deviation(100_000));
        assert!(d5 < 1e-4, "α = {alpha}: {d5}");
        assert!(d5 <= d3 && d3 <= d2, "α = {alpha}: {d2} {d3} {d5}");
    }
    // At α = 2 the approach is O(1/√N): exactly ½ − ε = binom(2N−1, N−1)/2^{2N−1}
    // ≈ (1 − 1/(8N)) / √(πN) (Stirling), checked to 1e-5 relative at N = 10⁵.
    let n = 100_000u64;
    let gap = 0.5 - cover_eps(2 * n, n);
    assert_relative_eq!(gap * (PI * n as f64).sqrt(), 1.0, max_relative = 1e-5);
}

// ---------------------------------------------------------------------------------------------
// The dispatch

#[test]
fn curve_value_dispatches_every_name() {
    for alpha in [0.3, 1.0, 3.0] {
        let n = 40;
        let p = (alpha * 40.0f64).round() as u64;
        let m = max_stability(alpha);
        let expect = [
            hebb_eps(alpha),
            gibbs_eps(alpha),
            bayes_eps(alpha),
            m.eps,
            m.kappa,
            gardner_kappa(alpha),
            cover_eps(p, n),
            separable_fraction(p, n),
        ];
        for (curve, want) in TheoryCurve::ALL.into_iter().zip(expect) {
            let got = curve_value(curve, alpha, Some(n)).unwrap();
            assert!(
                got == want || (got.is_nan() && want.is_nan()),
                "{curve} at α = {alpha}"
            );
        }
    }
    // Gardner's curve ends at α = 2 (NaN beyond), the others need no N.
    assert!(curve_value(TheoryCurve::Gardner, 3.0, None)
        .unwrap()
        .is_nan());
    assert_eq!(
        curve_value(TheoryCurve::Hebb, 1.0, None).unwrap(),
        hebb_eps(1.0)
    );
    // P = round(α N) is at least 1.
    assert_eq!(
        curve_value(TheoryCurve::CoverFraction, 1e-3, Some(10)).unwrap(),
        1.0
    );
}

#[test]
fn curve_value_errors() {
    match "rosenblatt".parse::<TheoryCurve>() {
        Err(Error::Unknown {
            kind,
            name,
            expected,
        }) => {
            assert_eq!(kind, "theory curve");
            assert_eq!(name, "rosenblatt");
            assert_eq!(
                expected,
                "hebb, gibbs, bayes, maxstab, maxstab-kappa, gardner, cover-eps, cover-fraction"
            );
        }
        other => panic!("expected Error::Unknown, got {other:?}"),
    }
    for alpha in [0.0, -1.0, f64::NAN, f64::INFINITY] {
        for name in TheoryCurve::ALL {
            assert!(
                matches!(
                    curve_value(name, alpha, Some(10)),
                    Err(Error::OutOfRange { .. })
                ),
                "{name} at α = {alpha}"
            );
        }
    }
    for name in [TheoryCurve::CoverEps, TheoryCurve::CoverFraction] {
        let err = curve_value(name, 1.0, None).unwrap_err();
        assert!(matches!(err, Error::OutOfRange { .. }));
        let message = err.to_string();
        assert!(
            message.contains("dimension N") && message.contains(name.name()),
            "{message}"
        );
        assert!(matches!(
            curve_value(name, 1.0, Some(0)),
            Err(Error::OutOfRange { value, .. }) if value == 0.0
        ));
    }
}
