//! Learning a teacher for `N → ∞`: the Hebb rule, Gibbs learning and the Bayes-optimal
//! student, as the overlap `R` and the generalisation error `ε_g = arccos(R)/π` at load `α`.
//!
//! # References
//! - J. A. Vallet, Europhys. Lett. 8 (1989) 747.
//! - G. Györgyi, N. Tishby, in *Neural Networks and Spin Glasses* (World Scientific, 1990).
//! - M. Opper, D. Haussler, Phys. Rev. Lett. 66 (1991) 2677.
//! - A. Engel, C. Van den Broeck, *Statistical Mechanics of Learning* (2001), ch. 2.

use super::quad::{bracket_from_above, brent, composite};
use super::{gauss_density, h, valid_alpha, T_MAX};
use std::f64::consts::{FRAC_PI_2, PI};

/// `ε = θ/π` from `1 − R`, accurate also for `R` near 1 (`θ = 2 arcsin √((1−R)/2)`).
fn eps_from_one_minus_r(d: f64) -> f64 {
    2.0 * libm::asin((0.5 * d).sqrt()) / PI
}

/// Generalisation error of the Hebb rule `w ∝ Σ_μ S^μ ξ^μ` (Vallet 1989):
/// `R = √(2α / (2α + π))`, `ε_g = arccos(√(2α/(2α+π))) / π`; `ε_g ≈ 1/√(2πα)` for large `α`.
/// `NaN` unless `α > 0` is finite.
///
/// # References
/// - J. A. Vallet, Europhys. Lett. 8 (1989) 747.
/// - A. Engel, C. Van den Broeck, *Statistical Mechanics of Learning* (2001).
pub fn hebb_eps(alpha: f64) -> f64 {
    if !valid_alpha(alpha) {
        return f64::NAN;
    }
    // 1 − R = π / ((2α + π)(1 + R)) avoids the cancellation in 1 − R for large α.
    let r = (2.0 * alpha / (2.0 * alpha + PI)).sqrt();
    eps_from_one_minus_r(PI / ((2.0 * alpha + PI) * (1.0 + r)))
}

/// `I(R) = ∫ Dt e^{−R t²/2} / H(√R t)` on `[−T_MAX, T_MAX]` (both tails are below `e^{−70}`;
/// `H(√R t) ≥ H(12)` has not underflowed there).
fn gibbs_integral(r: f64) -> f64 {
    let sqrt_r = r.sqrt();
    let f = |t: f64| gauss_density(t) * libm::exp(-0.5 * r * t * t) / h(sqrt_r * t);
    composite(f, -T_MAX, T_MAX, 2 * T_MAX as usize)
}

/// The angle `θ = arccos R` between the Gibbs student and the teacher, solving
/// `R/√(1−R) = (α/π) I(R)` by Brent's method in `θ ∈ (0, π/2)` (relative precision of `θ`
/// about `1e-13`, also for large `α` where `R → 1`).
fn gibbs_theta(alpha: f64) -> f64 {
    let f = |theta: f64| {
        let r = libm::cos(theta);
        let one_minus_r = 2.0 * libm::sin(0.5 * theta).powi(2);
        r / one_minus_r.sqrt() - alpha / PI * gibbs_integral(r)
    };
    // f(π/2) = −2α/π < 0 and f → +∞ as θ → 0; α ε_g rises to 0.6247 (below 2/π), so the root
    // lies just below θ = 2/α for large α.
    let (lo, f_lo, hi, f_hi) = bracket_from_above(f, 2.0 / alpha, FRAC_PI_2);
    brent(f, lo, hi, f_lo, f_hi, 1e-13 * lo)
}

/// Teacher–student overlap `R` of Gibbs learning (a random student from the version space),
/// the root in `(0, 1)` of `R / √(1−R) = (α/π) ∫ Dt e^{−R t²/2} / H(√R t)` (Györgyi & Tishby
/// 1990). `R ≈ 2α/π` for small `α`. `NaN` unless `α > 0` is finite.
///
/// The integral runs over `t ∈ [−12, 12]` with 10-point Gauss–Legendre on unit panels (error
/// below `1e-13`), and the root is found by Brent's method in `θ = arccos R`.
///
/// # References
/// - G. Györgyi, N. Tishby, in *Neural Networks and Spin Glasses* (1990).
/// - A. Engel, C. Van den Broeck, *Statistical Mechanics of Learning* (2001), ch. 2.
pub fn gibbs_overlap(alpha: f64) -> f64 {
    if !valid_alpha(alpha) {
        return f64::NAN;
    }
    libm::cos(gibbs_theta(alpha))
}

/// Generalisation error of Gibbs learning, `ε_g = arccos(R)/π` with `R` from
/// [`gibbs_overlap`]; `ε_g → ½` for `α → 0` and `ε_g ≈ 0.625/α` for large `α`.
/// `NaN` unless `α > 0` is finite.
///
/// # References
/// - G. Györgyi, N. Tishby, in *Neural Networks and Spin Glasses* (1990).
/// - A. Engel, C. Van den Broeck, *Statistical Mechanics of Learning* (2001), ch. 2.
pub fn gibbs_eps(alpha: f64) -> f64 {
    if !valid_alpha(alpha) {
        return f64::NAN;
    }
    gibbs_theta(alpha) / PI
}

/// Generalisation error of the Bayes-optimal student (the centre of mass of the version
/// space, Opper & Haussler 1991): `R_Bayes = √R_Gibbs`, `ε_g = arccos(R_Bayes)/π`;
/// `ε_g ≈ 0.442/α` for large `α`. `NaN` unless `α > 0` is finite.
///
/// # References
/// - M. Opper, D. Haussler, Phys. Rev. Lett. 66 (1991) 2677.
/// - A. Engel, C. Van den Broeck, *Statistical Mechanics of Learning* (2001).
pub fn bayes_eps(alpha: f64) -> f64 {
    if !valid_alpha(alpha) {
        return f64::NAN;
    }
    let theta = gibbs_theta(alpha);
    let r_gibbs = libm::cos(theta);
    let one_minus_r_gibbs = 2.0 * libm::sin(0.5 * theta).powi(2);
    // 1 − √R = (1 − R) / (1 + √R).
    eps_from_one_minus_r(one_minus_r_gibbs / (1.0 + r_gibbs.sqrt()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gibbs_integral_is_converged_in_the_panel_count() {
        for r in [0.0, 0.1, 0.5, 0.9, 0.999_999] {
            let sqrt_r = f64::sqrt(r);
            let f = |t: f64| gauss_density(t) * libm::exp(-0.5 * r * t * t) / h(sqrt_r * t);
            let fine = composite(f, -14.0, 14.0, 112);
            let got = gibbs_integral(r);
            assert!(
                (got - fine).abs() < 1e-13 * fine,
                "R = {r}: {got} vs {fine}"
            );
        }
        // I(0) = ∫ Dt / H(0) = 2.
        assert!((gibbs_integral(0.0) - 2.0).abs() < 1e-14);
    }

    #[test]
    fn eps_from_one_minus_r_matches_arccos() {
        for r in [0.0f64, 0.3, 0.9, 0.999] {
            assert!((eps_from_one_minus_r(1.0 - r) - libm::acos(r) / PI).abs() < 1e-15);
        }
    }
}
