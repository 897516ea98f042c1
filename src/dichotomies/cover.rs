//! Cover's count and the generalised cake numbers as floating-point numbers, from the exact and
//! log-space code of [`crate::theory`].
//!
//! The cake number `c(m, k) = Σ_{i=0}^{k} binom(m, i)` is the largest number of pieces `m` plane
//! cuts make of a `k`-dimensional cake (Biehl §3.4.3, Fig. 3.11: `c(m, 1) = m + 1` pieces of a
//! pizza, `c(m, 2) = (m² + m + 2)/2` of a cake). Cover's count of the separable labellings of `P`
//! points in general position in `N` dimensions is twice a cake number,
//! `C(P, N) = 2 Σ_{i=0}^{N−1} binom(P−1, i) = 2 c(P − 1, N − 1)`: the `P`-th hyperplane through
//! the origin meets the other `P − 1` in `N − 1` dimensions, and seen on the sphere of weight
//! directions each piece of the cake appears twice, at `w` and `−w`.

use crate::theory::{cover_count_exact, ln_cover_count};

/// Cover's count `C(P, N) = 2 Σ_{i=0}^{N−1} binom(P−1, i)` as `f64`: exact (from the `u128`
/// integer) up to `2^53`, correctly rounded up to `2^128`, then `exp(ln C)` (relative error
/// about `10⁻⁸`), `∞` above `f64::MAX` (about `2^1024`). `C(0, N) = 1`, `C(P, 0) = 0`.
pub fn cover_count(p: u64, n: u64) -> f64 {
    match cover_count_exact(p, n) {
        Some(c) => c as f64,
        None => libm::exp(ln_cover_count(p, n)),
    }
}

/// The generalised cake number `c(m, k) = Σ_{i=0}^{k} binom(m, i) = C(m + 1, k + 1) / 2`, as
/// precise as [`cover_count`] (exact up to `2^53`).
pub fn cake_number(m: u64, k: u64) -> f64 {
    cover_count(m + 1, k + 1) / 2.0
}

/// `2^P` as `f64` (`∞` from `P = 1024` on).
pub(super) fn two_to_the(p: usize) -> f64 {
    i32::try_from(p).map_or(f64::INFINITY, |e| 2f64.powi(e))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Σ_{i≤k} binom(m, i)` summed directly.
    fn cake_direct(m: u64, k: u64) -> f64 {
        let mut binom = 1.0;
        let mut sum = 0.0;
        for i in 0..=k.min(m) {
            if i > 0 {
                binom = binom * (m - i + 1) as f64 / i as f64;
            }
            sum += binom;
        }
        sum
    }

    #[test]
    fn pizza_and_cake() {
        // pizza: m + 1 pieces; cake: c(m, 2) = 1 + m + m(m−1)/2 = (m² + m + 2)/2
        for m in 0..30 {
            assert_eq!(cake_number(m, 1), (m + 1) as f64);
            assert_eq!(
                cake_number(m, 2),
                (1 + m + m * m.saturating_sub(1) / 2) as f64
            );
            for k in 0..8 {
                assert_eq!(cake_number(m, k), cake_direct(m, k), "c({m}, {k})");
            }
        }
        // C(P, N) = 2 c(P − 1, N − 1); 2^P for P ≤ N
        assert_eq!(cover_count(4, 2), 8.0);
        assert_eq!(cover_count(4, 3), 14.0);
        assert_eq!(cover_count(3, 5), 8.0);
        assert_eq!(cover_count(0, 3), 1.0);
        assert!((cover_count(1000, 500) / 2f64.powi(999) - 1.0).abs() < 1e-6);
        assert!(cover_count(5000, 2500).is_infinite());
    }
}
