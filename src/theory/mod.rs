//! The theory curves the page overlays on its experiments (`docs/theory.md`).
//!
//! Conventions: inputs `ξ ~ N(0, 1)^N`, teacher `w*`, labels `S = sign(w*·ξ)`, load `α = P/N`,
//! overlap `R = w·w*/(|w||w*|)`, `ε_g = arccos(R)/π`, stability `κ(w) = min_μ S^μ w·ξ^μ/|w|`.
//! Gaussian measure `Dt = φ(t) dt` with `φ(t) = e^{−t²/2}/√(2π)`, `H(x) = ∫_x^∞ Dt`,
//! `Φ = 1 − H`.
//!
//! - Storage of random labels: Cover's count [`ln_cover_count`], [`cover_count_exact`],
//!   [`separable_fraction`]; Gardner's capacity [`gardner_kappa`], [`gardner_alpha`].
//! - Learning a teacher: the counting estimate [`cover_eps`] (finite `N`) and its limit
//!   [`cover_eps_limit`]; [`hebb_eps`], [`gibbs_eps`], [`bayes_eps`], [`max_stability`].
//! - The convergence theorem's bound on Rosenblatt's updates for given data:
//!   [`rosenblatt_update_bound`].
//! - [`curve_value`] evaluates any of them by its [`TheoryCurve`] (every one in
//!   [`TheoryCurve::ALL`]).
//!
//! Every curve except Cover's finite-`N` count is for `N → ∞`; simulations at finite `N` deviate
//! by `O(1/N)` (for the maximally stable perceptron at `N = 20`, `ε_g` lies a few per cent below
//! the curve; at `N = 100` within about 1 %).
//!
//! Gaussian integrals run over `t ∈ [−12, 12]` (the neglected tails are below `e^{−70}`) with
//! composite 10-point Gauss–Legendre quadrature; equations are solved by Brent's method or a
//! safeguarded Newton iteration inside a bracket.
//!
//! # References
//! - T. M. Cover, IEEE Trans. Electron. Comput. EC-14 (1965) 326.
//! - E. Gardner, J. Phys. A 21 (1988) 257; E. Gardner, B. Derrida, J. Phys. A 21 (1988) 271.
//! - J. A. Vallet, Europhys. Lett. 8 (1989) 747.
//! - G. Györgyi, N. Tishby, in *Neural Networks and Spin Glasses* (1990).
//! - M. Opper, D. Haussler, Phys. Rev. Lett. 66 (1991) 2677.
//! - M. Opper, W. Kinzel, J. Kleinz, R. Nehl, J. Phys. A 23 (1990) L581.
//! - T. L. H. Watkin, A. Rau, M. Biehl, Rev. Mod. Phys. 65 (1993) 499.
//! - A. Engel, C. Van den Broeck, *Statistical Mechanics of Learning* (2001).
//! - M. Biehl, *The Shallow and the Deep*, ch. 3–4.

mod convergence;
pub mod curve;
mod maxstab;
pub(crate) mod quad;
mod storage;
mod teacher;

pub use convergence::{rosenblatt_update_bound, update_bound};
pub use maxstab::{max_stability, MaxStab};
pub use storage::{
    cover_count_exact, cover_eps, cover_eps_limit, gardner_alpha, gardner_kappa, ln_cover_count,
    separable_fraction,
};
pub use teacher::{bayes_eps, gibbs_eps, gibbs_overlap, hebb_eps};

use crate::error::{Error, Result};
pub use curve::TheoryCurve;
use std::f64::consts::{FRAC_1_SQRT_2, PI};

/// Gaussian integrals are truncated to `t ∈ [−T_MAX, T_MAX]`.
const T_MAX: f64 = 12.0;

/// Whether `α` is a valid load: finite and positive.
fn valid_alpha(alpha: f64) -> bool {
    alpha > 0.0 && alpha.is_finite()
}

/// The Gaussian tail `H(x) = ∫_x^∞ Dt = ½ erfc(x/√2)`, through `libm::erfc` (accurate to a few
/// ulp also deep in the tail, where `1 − Φ(x)` would cancel).
pub fn h(x: f64) -> f64 {
    0.5 * libm::erfc(x * FRAC_1_SQRT_2)
}

/// The standard normal density `φ(x) = e^{−x²/2} / √(2π)`, so that `Dt = φ(t) dt`.
pub fn gauss_density(x: f64) -> f64 {
    libm::exp(-0.5 * x * x) / (2.0 * PI).sqrt()
}

/// One point of the theory curve `curve` at load `α = P/N`:
///
/// | name | value |
/// |---|---|
/// | `hebb` | `ε_g` of the Hebb rule, [`hebb_eps`] |
/// | `gibbs` | `ε_g` of Gibbs learning, [`gibbs_eps`] |
/// | `bayes` | `ε_g` of the Bayes-optimal student, [`bayes_eps`] |
/// | `maxstab` | `ε_g` of the maximally stable perceptron, [`max_stability`] |
/// | `maxstab-kappa` | its optimal stability `κ` |
/// | `gardner` | `κ_max` of random labels, [`gardner_kappa`]; `NaN` for `α > 2` (no curve there) |
/// | `cover-eps` | the counting estimate `ε_g = ½ C(P, N−1)/C(P, N)`, [`cover_eps`] |
/// | `cover-fraction` | the separable fraction `C(P, N)/2^P`, [`separable_fraction`] |
///
/// The two Cover curves are for finite `N`, given as `n`, at `P = round(α N)` (at least 1); the
/// others are for `N → ∞` and ignore `n`.
///
/// # Errors
/// [`Error::OutOfRange`] unless `α > 0` is finite, and for `cover-eps` and `cover-fraction`
/// when `n` is missing (reported as `NaN`) or 0.
pub fn curve_value(curve: TheoryCurve, alpha: f64, n: Option<u64>) -> Result<f64> {
    if !valid_alpha(alpha) {
        return Err(Error::OutOfRange {
            name: "alpha = P/N",
            value: alpha,
            range: "(0, ∞)",
        });
    }
    Ok(match curve {
        TheoryCurve::Hebb => hebb_eps(alpha),
        TheoryCurve::Gibbs => gibbs_eps(alpha),
        TheoryCurve::Bayes => bayes_eps(alpha),
        TheoryCurve::Maxstab => max_stability(alpha).eps,
        TheoryCurve::MaxstabKappa => max_stability(alpha).kappa,
        TheoryCurve::Gardner => gardner_kappa(alpha),
        TheoryCurve::CoverEps => {
            let n = cover_dimension(n)?;
            cover_eps(cover_p(alpha, n), n)
        }
        TheoryCurve::CoverFraction => {
            let n = cover_dimension(n)?;
            separable_fraction(cover_p(alpha, n), n)
        }
    })
}

/// `P = round(α N)`, at least 1 (a saturating float-to-integer cast).
fn cover_p(alpha: f64, n: u64) -> u64 {
    ((alpha * n as f64).round() as u64).max(1)
}

/// The dimension `N ≥ 1` the Cover curves need.
fn cover_dimension(n: Option<u64>) -> Result<u64> {
    match n {
        Some(n) if n >= 1 => Ok(n),
        _ => Err(Error::OutOfRange {
            name:
                "the dimension N (cover-eps and cover-fraction need one; NaN means none was given)",
            value: n.map_or(f64::NAN, |n| n as f64),
            range: "{1, 2, 3, …}",
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn h_reference_values() {
        // Normal tail Q(1) = 0.158655253931457051…, Q(3) = 0.001349898031630094527….
        assert!((h(0.0) - 0.5).abs() < 1e-16);
        assert!((h(1.0) - 0.158_655_253_931_457_05).abs() < 1e-16);
        // Rounding x/√2 costs about x² ulp of relative precision in the tail.
        assert!((h(3.0) / 0.001_349_898_031_630_094_5 - 1.0).abs() < 5e-15);
        assert!((h(-1.0) - (1.0 - h(1.0))).abs() < 1e-16);
        // Deep tail: H(x) ≈ φ(x)/x (1 − 1/x² + 3/x⁴ − 15/x⁶) at x = 30, to 1e-7 relative.
        let x = 30.0;
        let x2 = x * x;
        let asym =
            gauss_density(x) / x * (1.0 - 1.0 / x2 + 3.0 / (x2 * x2) - 15.0 / (x2 * x2 * x2));
        assert!((h(x) / asym - 1.0).abs() < 1e-7);
    }

    #[test]
    fn gauss_density_is_the_derivative_of_minus_h() {
        for x in [-2.0, -0.3, 0.0, 0.7, 3.0] {
            let d = 1e-5;
            let deriv = -(h(x + d) - h(x - d)) / (2.0 * d);
            assert!((deriv - gauss_density(x)).abs() < 1e-10, "x = {x}");
        }
        assert!((gauss_density(0.0) - 0.398_942_280_401_432_7).abs() < 1e-16);
    }
}
