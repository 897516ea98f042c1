//! Storage of random labels: Cover's count of linearly separable dichotomies, the counting
//! estimate of the generalisation error built on it, and Gardner's capacity with stability `κ`.
//!
//! # References
//! - T. M. Cover, IEEE Trans. Electron. Comput. EC-14 (1965) 326–334.
//! - M. Biehl, *The Shallow and the Deep*, §3.4 and eq. (3.52).
//! - E. Gardner, J. Phys. A 21 (1988) 257–270; E. Gardner, B. Derrida, J. Phys. A 21 (1988) 271–284.

use super::quad::brent;
use super::{gauss_density, h, valid_alpha};
use std::f64::consts::LN_2;

/// `ln binom(m, k)` through `ln Γ` (absolute error about `1e-16 · m ln m`).
fn ln_binom(m: u64, k: u64) -> f64 {
    let m_f = m as f64;
    let k_f = k as f64;
    libm::lgamma(m_f + 1.0) - libm::lgamma(k_f + 1.0) - libm::lgamma(m_f - k_f + 1.0)
}

/// `ln F(m, k)` with `F(m, k) = 2^{−m} Σ_{i=0}^{k} binom(m, i)`, the distribution function of
/// `Bin(m, ½)` at `k`, so that `C(m + 1, k + 1) = 2^{m+1} F(m, k)`.
///
/// Below the median the sum runs from its largest term `binom(m, k)` downwards and stops once
/// the terms drop below `1e-17` of the sum (`O(min(k, √m))` terms); above it the complement
/// `F(m, k) = 1 − F(m, m − k − 1)` is used, and `F = ½` exactly when `2k + 1 = m`.
fn ln_binom_cdf_half(m: u64, k: u64) -> f64 {
    if k >= m {
        return 0.0;
    }
    let twice_k_plus_one = 2 * u128::from(k) + 1;
    let m_wide = u128::from(m);
    if twice_k_plus_one == m_wide {
        return -LN_2;
    }
    if twice_k_plus_one > m_wide {
        let tail = libm::exp(ln_binom_cdf_half(m, m - k - 1));
        return libm::log1p(-tail);
    }
    let mut term = 1.0;
    let mut sum = 1.0;
    let mut i = k;
    while i > 0 {
        term *= i as f64 / (m - i + 1) as f64;
        sum += term;
        if term < 1e-17 * sum {
            break;
        }
        i -= 1;
    }
    ln_binom(m, k) - m as f64 * LN_2 + libm::log(sum)
}

/// `ln C(P, N)`, the logarithm of Cover's number of linearly separable dichotomies of `P`
/// points in general position in `N` dimensions (homogeneous perceptron):
/// `C(P, N) = 2 Σ_{i=0}^{N−1} binom(P−1, i)`, which is `2^P` for `P ≤ N`.
///
/// Computed in log space, as `P ln 2 + ln F` with `F = 2^{1−P} Σ_{i<N} binom(P−1, i)` summed from
/// its largest term, so it never overflows; the cost grows like `min(N, √P)`, and the relative
/// error of `C` stays below about `1e-8` for `P ≤ 10⁶` (ln Γ of large arguments).
/// Conventions: `C(0, N) = 1` (the empty dichotomy), so `ln C = 0`; `C(P, 0) = 0` for `P ≥ 1`,
/// so `ln C = −∞`.
///
/// # References
/// - T. M. Cover, IEEE Trans. Electron. Comput. EC-14 (1965) 326, Theorem 1.
/// - M. Biehl, *The Shallow and the Deep*, §3.4.
pub fn ln_cover_count(p: u64, n: u64) -> f64 {
    if p == 0 {
        return 0.0;
    }
    if n == 0 {
        return f64::NEG_INFINITY;
    }
    p as f64 * LN_2 + ln_binom_cdf_half(p - 1, n - 1)
}

/// Cover's count `C(P, N) = 2 Σ_{i=0}^{N−1} binom(P−1, i)` as an exact integer, or `None` when
/// it does not fit in `u128` (with the conventions of [`ln_cover_count`]: `C(0, N) = 1`,
/// `C(P, 0) = 0`).
///
/// # References
/// - T. M. Cover, IEEE Trans. Electron. Comput. EC-14 (1965) 326, Theorem 1.
pub fn cover_count_exact(p: u64, n: u64) -> Option<u128> {
    if p == 0 {
        return Some(1);
    }
    let m = u128::from(p - 1);
    let top = u128::from(n).min(m + 1); // binom(m, i) = 0 for i > m
    let mut binom: u128 = 1;
    let mut sum: u128 = 0;
    for i in 0..top {
        if i > 0 {
            // binom(m, i) = binom(m, i−1) (m − i + 1) / i, divided before multiplying.
            let num = m - i + 1;
            let g = gcd(num, i);
            binom = (binom / (i / g)).checked_mul(num / g)?;
        }
        sum = sum.checked_add(binom)?;
    }
    sum.checked_mul(2)
}

/// Greatest common divisor (Euclid).
fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The fraction of linearly separable dichotomies `P_ls = C(P, N) / 2^P` (Cover 1965): 1 for
/// `P ≤ N`, exactly ½ at `P = 2N`, and for `N → ∞` a step down at `α = P/N = 2`.
///
/// Computed as `exp(ln F)` without forming `C` (see [`ln_cover_count`]). `P = 0` gives 1;
/// `N = 0` with `P ≥ 1` gives 0.
///
/// # References
/// - T. M. Cover, IEEE Trans. Electron. Comput. EC-14 (1965) 326.
/// - M. Biehl, *The Shallow and the Deep*, §3.4.
pub fn separable_fraction(p: u64, n: u64) -> f64 {
    if p == 0 {
        return 1.0;
    }
    if n == 0 {
        return 0.0;
    }
    if u128::from(p) == 2 * u128::from(n) {
        return 0.5;
    }
    libm::exp(ln_binom_cdf_half(p - 1, n - 1))
}

/// The counting estimate of the generalisation error after `P` examples in `N` dimensions,
/// `ε_g = ½ C(P, N−1) / C(P, N)` (Biehl eq. 3.52): the chance that a dichotomy consistent with
/// the `P` examples disagrees with the teacher on a new one.
///
/// It is ½ for `P < N` and tends to [`cover_eps_limit`] as `N → ∞` at fixed `α = P/N`, slowly
/// (the deviation is `O(1/N)` away from `α = 2` and `O(1/√N)` near it).
/// Small cases: `N = 1` gives 0 for `P ≥ 1` (`C(P, 0) = 0`: in one dimension the examples fix the
/// teacher's sign, so the version space is a single point); `P = 0` gives ½ (nothing learnt);
/// `N = 0` has no perceptron and gives `NaN`.
///
/// # References
/// - M. Biehl, *The Shallow and the Deep*, eq. (3.52).
/// - T. M. Cover, IEEE Trans. Electron. Comput. EC-14 (1965) 326.
pub fn cover_eps(p: u64, n: u64) -> f64 {
    if n == 0 {
        return f64::NAN;
    }
    if p == 0 {
        return 0.5;
    }
    if n == 1 {
        return 0.0;
    }
    0.5 * libm::exp(ln_binom_cdf_half(p - 1, n - 2) - ln_binom_cdf_half(p - 1, n - 1))
}

/// The `N → ∞` limit of [`cover_eps`] at load `α = P/N`: `ε_g = ½` for `α ≤ 2` and
/// `ε_g = 1 / (2(α − 1))` for `α > 2`. `NaN` unless `α > 0` is finite.
///
/// # References
/// - M. Biehl, *The Shallow and the Deep*, §3.4, after eq. (3.52).
pub fn cover_eps_limit(alpha: f64) -> f64 {
    if !valid_alpha(alpha) {
        return f64::NAN;
    }
    if alpha <= 2.0 {
        0.5
    } else {
        0.5 / (alpha - 1.0)
    }
}

/// Gardner's `∫_{−κ}^∞ Dt (t+κ)² = (1+κ²) Φ(κ) + κ φ(κ)`, with `Φ(κ) = H(−κ)`.
fn gardner_integral(kappa: f64) -> f64 {
    (1.0 + kappa * kappa) * h(-kappa) + kappa * gauss_density(kappa)
}

/// The largest stability `κ ≥ 0` that random labels admit at load `α` for `N → ∞` (Gardner
/// 1988): the root of `1/α = ∫_{−κ}^∞ Dt (t+κ)² = (1+κ²) Φ(κ) + κ φ(κ)`, `Φ = 1 − H`.
///
/// `κ = 0` at the capacity `α = 2`, and `κ ≈ √(1/α − 1)` for small `α`. The formula is the
/// replica-symmetric result, exact only for `κ ≥ 0`; for `α > 2` (where `κ` would be negative
/// and replica symmetry breaks) this returns `NaN`, as it does unless `α > 0` is finite.
///
/// # References
/// - E. Gardner, J. Phys. A 21 (1988) 257; E. Gardner, B. Derrida, J. Phys. A 21
///   (1988) 271.
pub fn gardner_kappa(alpha: f64) -> f64 {
    if !valid_alpha(alpha) || alpha > 2.0 {
        return f64::NAN;
    }
    if alpha == 2.0 {
        return 0.0;
    }
    let target = 1.0 / alpha;
    let f = |kappa: f64| gardner_integral(kappa) - target;
    // The integral is increasing in κ and at least (1 + κ²)/2 for κ ≥ 0.
    let hi = (2.0 * target).sqrt();
    brent(f, 0.0, hi, f(0.0), f(hi), 1e-15 * hi)
}

/// The load at which random labels can just be stored with stability `κ ≥ 0` (Gardner 1988),
/// the inverse of [`gardner_kappa`]: `α_c(κ) = 1 / ((1+κ²) Φ(κ) + κ φ(κ))`, with `α_c(0) = 2`.
/// `NaN` for `κ < 0` (outside the replica-symmetric formula's validity) or `κ = NaN`; 0 for
/// `κ = ∞`.
///
/// # References
/// - E. Gardner, J. Phys. A 21 (1988) 257.
pub fn gardner_alpha(kappa: f64) -> f64 {
    if !(kappa >= 0.0) {
        return f64::NAN;
    }
    if kappa == f64::INFINITY {
        return 0.0;
    }
    1.0 / gardner_integral(kappa)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `ln F(m, k)` by exact integer sums, for small `m`.
    fn ln_cdf_exact(m: u64, k: u64) -> f64 {
        let mut binom: u128 = 1;
        let mut sum: u128 = 1;
        for i in 1..=k.min(m) {
            binom = binom * u128::from(m - i + 1) / u128::from(i);
            sum += binom;
        }
        libm::log(sum as f64) - m as f64 * LN_2
    }

    #[test]
    fn binomial_cdf_matches_exact_sums_on_both_sides_of_the_median() {
        for m in 0..=100u64 {
            for k in 0..=m + 1 {
                let got = ln_binom_cdf_half(m, k);
                let exact = ln_cdf_exact(m, k);
                assert!(
                    (got - exact).abs() <= 1e-12 * exact.abs().max(1.0),
                    "m = {m}, k = {k}: {got} vs {exact}"
                );
            }
        }
    }

    #[test]
    fn gcd_examples() {
        assert_eq!(gcd(12, 18), 6);
        assert_eq!(gcd(7, 1), 1);
        assert_eq!(gcd(5, 0), 5);
    }

    #[test]
    fn exact_count_does_not_overflow_early() {
        // C(128, 128) = 2^128 does not fit; C(127, N ≥ 127) = 2^127 does.
        assert_eq!(cover_count_exact(127, 200), Some(1u128 << 127));
        assert_eq!(cover_count_exact(128, 128), None);
        // binom(126, 63)·2 intermediate products would overflow without the gcd reduction.
        assert!(cover_count_exact(127, 64).is_some());
    }
}
