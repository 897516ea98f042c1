//! The perceptron of maximal stability learning a teacher, for `N → ∞` (the limit of MinOver
//! and the AdaTron).
//!
//! With `s = √(1−R²)` the overlap `R` and the optimal stability `κ` solve
//! - (E1) `1 − R² = 2α ∫_{−κ}^∞ Dt (t+κ)² H(Rt/s)`,
//! - (E2) `R s³ = α ∫_{−κ}^∞ Dt (t+κ)² t φ(Rt/s)`,
//!
//! the `q → 1` limit of Gardner's replica-symmetric saddle point for students at overlap `R`
//! with stability `κ`, where the version space shrinks to a point: E1 makes the coefficient of
//! `1/(1−q)` in the entropy vanish and E2 is its stationarity in `R`.
//!
//! # Numerics
//! Work in `θ = arccos R`, so that `ε_g = θ/π` keeps its relative precision when `R → 1`. For a
//! given `θ`, the weights `a(t) = φ(t) H(t R/s)` and `b(t) = φ(t) φ(t R/s)` are tabulated once on
//! a panel grid over `[−12, 12]` graded around `t = 0` on the scale `σ = s/R` of the step
//! `H(tR/s)`: panels `σ` wide up to `|t| = 4σ`, narrowing to `4σ²/|t|` up to `9σ`, then doubling
//! up to width 1, with 10-point Gauss–Legendre on each. Since `(t+κ)²` is a polynomial in `κ`,
//! the integrals from `−κ` are sums of suffix moments `∫ t^k a`, `∫ t^k b` plus one freshly
//! integrated partial panel, so E1 is solved for `κ` by a safeguarded Newton iteration at almost
//! no cost, and E2 is then solved for `θ` by Brent's method.
//!
//! # References
//! - M. Opper, W. Kinzel, J. Kleinz, R. Nehl, J. Phys. A 23 (1990) L581.
//! - T. L. H. Watkin, A. Rau, M. Biehl, Rev. Mod. Phys. 65 (1993) 499.
//! - A. Engel, C. Van den Broeck, *Statistical Mechanics of Learning* (2001), ch. 4.

use super::quad::{bracket_from_above, brent, panel_nodes};
use super::{gauss_density, h, valid_alpha, T_MAX};
use std::f64::consts::{FRAC_PI_2, PI};

/// The maximally stable perceptron learning a teacher at load `α`, for `N → ∞`.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct MaxStab {
    /// Teacher–student overlap `R`.
    pub r: f64,
    /// The optimal stability `κ` (for `|w| = 1` and inputs with unit-variance components).
    pub kappa: f64,
    /// Generalisation error `ε_g = arccos(R)/π`.
    pub eps: f64,
    /// Support vectors per dimension, `n_SV/N = 2α ∫_{−κ}^∞ Dt H(Rt/s)`.
    pub support_fraction: f64,
}

/// Widest panel of the grid.
const MAX_WIDTH: f64 = 1.0;

/// Integrals from `−κ` at one `θ`.
#[derive(Debug, Clone, Copy)]
struct Moments {
    /// `∫_{−κ}^∞ (t+κ)² a(t) dt`, the right side of E1 over `2α`.
    e1: f64,
    /// `∂/∂κ` of `e1`: `∫_{−κ}^∞ 2(t+κ) a(t) dt`.
    de1: f64,
    /// `∫_{−κ}^∞ (t+κ)² t b(t) dt`, the right side of E2 over `α`.
    e2: f64,
    /// `∫_{−κ}^∞ a(t) dt`, the support fraction over `2α`.
    sv: f64,
}

/// The tabulated weights at one `θ`: suffix sums over panels of `∫ t^k a` (`k = 0, 1, 2`) and
/// `∫ t^k b` (`k = 1, 2, 3`).
struct Grid {
    /// `R/s = cot θ`.
    cot: f64,
    /// Panel edges, ascending from `−T_MAX` to `T_MAX`.
    edges: Vec<f64>,
    /// `a_suffix[p]` = moments of `a` over panels `p..`; one extra zero entry at the end.
    a_suffix: Vec<[f64; 3]>,
    /// `b_suffix[p]` = moments of `b` over panels `p..`; one extra zero entry at the end.
    b_suffix: Vec<[f64; 3]>,
}

impl Grid {
    /// The grid at `θ`. In `x = t/σ` with `σ = s/R`, panels are `res` wide up to `x = 4` and
    /// `4 res/x` up to `x = 9` (so that 10-point Gauss–Legendre resolves the Gaussian tails of
    /// `H(x)` and `φ(x)`; beyond `x = 9` they are below `e^{−40}`), then double in width; in `t`
    /// no panel is wider than `max_width`.
    fn new(theta: f64, res: f64, max_width: f64) -> Self {
        let (s, r) = (libm::sin(theta), libm::cos(theta));
        let cot = r / s;
        let sigma = s / r;
        let mut positive = vec![0.0];
        let mut edge: f64 = 0.0;
        let mut width: f64 = 0.0;
        while edge < T_MAX {
            let x = edge / sigma;
            width = if x < 9.0 {
                sigma * res * (4.0 / x.max(4.0))
            } else {
                2.0 * width
            }
            .min(max_width);
            edge = (edge + width).min(T_MAX);
            positive.push(edge);
        }
        let mut edges: Vec<f64> = positive[1..].iter().rev().map(|e| -e).collect();
        edges.extend_from_slice(&positive);

        let panels = edges.len() - 1;
        let mut a_suffix = vec![[0.0; 3]; panels + 1];
        let mut b_suffix = vec![[0.0; 3]; panels + 1];
        for p in (0..panels).rev() {
            let (a, b) = panel_moments(cot, edges[p], edges[p + 1]);
            for k in 0..3 {
                a_suffix[p][k] = a_suffix[p + 1][k] + a[k];
                b_suffix[p][k] = b_suffix[p + 1][k] + b[k];
            }
        }
        Self {
            cot,
            edges,
            a_suffix,
            b_suffix,
        }
    }

    /// The integrals from `−κ` to `T_MAX` (a cut below `−T_MAX` starts at `−T_MAX`).
    fn moments(&self, kappa: f64) -> Moments {
        let cut = -kappa;
        let (mut a, mut b) = ([0.0; 3], [0.0; 3]);
        if cut <= self.edges[0] {
            a = self.a_suffix[0];
            b = self.b_suffix[0];
        } else if cut < T_MAX {
            // `p ≥ 1` is the first edge above the cut; panel `p − 1` is integrated from the cut.
            let p = self.edges.partition_point(|&e| e <= cut);
            let (pa, pb) = panel_moments(self.cot, cut, self.edges[p]);
            for k in 0..3 {
                a[k] = self.a_suffix[p][k] + pa[k];
                b[k] = self.b_suffix[p][k] + pb[k];
            }
        }
        let k2 = kappa * kappa;
        Moments {
            e1: k2 * a[0] + 2.0 * kappa * a[1] + a[2],
            de1: 2.0 * (kappa * a[0] + a[1]),
            e2: k2 * b[0] + 2.0 * kappa * b[1] + b[2],
            sv: a[0],
        }
    }
}

/// Over `[lo, hi]`: `(∫ t^k a(t) dt for k = 0, 1, 2; ∫ t^k b(t) dt for k = 1, 2, 3)`, with
/// `a(t) = φ(t) H(t cot)` and `b(t) = φ(t) φ(t cot)`.
fn panel_moments(cot: f64, lo: f64, hi: f64) -> ([f64; 3], [f64; 3]) {
    let (mut a, mut b) = ([0.0; 3], [0.0; 3]);
    for (t, w) in panel_nodes(lo, hi) {
        let g = w * gauss_density(t);
        let wa = g * h(t * cot);
        let wb = g * gauss_density(t * cot) * t;
        a[0] += wa;
        a[1] += wa * t;
        a[2] += wa * t * t;
        b[0] += wb;
        b[1] += wb * t;
        b[2] += wb * t * t;
    }
    (a, b)
}

/// The `κ` solving E1, `2α e1(κ) = s²`, by Newton's method (E1 is increasing and convex in
/// `κ`) safeguarded by bisection, starting from `guess`.
fn solve_kappa(grid: &Grid, alpha: f64, s2: f64, guess: f64) -> (f64, Moments) {
    let scale = s2.sqrt();
    // For κ ≥ 0, e1(κ) ≥ κ² ∫_0^∞ a: an upper end of the bracket.
    let (mut lo, mut hi) = (-T_MAX, (s2 / (2.0 * alpha * grid.moments(0.0).sv)).sqrt());
    let mut kappa = guess.clamp(lo, hi);
    let mut m = grid.moments(kappa);
    for _ in 0..200 {
        let f = 2.0 * alpha * m.e1 - s2;
        if f == 0.0 {
            break;
        }
        if f > 0.0 {
            hi = kappa;
        } else {
            lo = kappa;
        }
        let mut next = kappa - f / (2.0 * alpha * m.de1);
        if !(next > lo && next < hi) {
            next = 0.5 * (lo + hi);
        }
        let step = (next - kappa).abs();
        kappa = next;
        m = grid.moments(kappa);
        if step <= 1e-15 * kappa.abs().max(scale) || hi - lo <= 1e-15 * kappa.abs().max(scale) {
            break;
        }
    }
    (kappa, m)
}

/// The maximally stable perceptron learning a teacher at load `α` for `N → ∞`: the overlap
/// `R` and optimal stability `κ` solving
/// (E1) `1 − R² = 2α ∫_{−κ}^∞ Dt (t+κ)² H(Rt/s)` and
/// (E2) `R s³ = α ∫_{−κ}^∞ Dt (t+κ)² t φ(Rt/s)` with `s = √(1−R²)`, then
/// `ε_g = arccos(R)/π` and `n_SV/N = 2α ∫_{−κ}^∞ Dt H(Rt/s)`.
///
/// Limits: for `α → 0`, `ε_g → ½`, `κ ≈ √(1/α)` and every example is a support vector; for large
/// `α`, `ε_g ≈ 0.5005/α` and `κ ≈ 1.0045/α`. All fields are `NaN` unless `α > 0` is finite.
/// Solved to a relative precision of about `1e-12` (see the module docs); tested for
/// `α ∈ [10⁻³, 10³]`.
///
/// # References
/// - M. Opper, W. Kinzel, J. Kleinz, R. Nehl, J. Phys. A 23 (1990) L581.
/// - T. L. H. Watkin, A. Rau, M. Biehl, Rev. Mod. Phys. 65 (1993) 499.
/// - A. Engel, C. Van den Broeck, *Statistical Mechanics of Learning* (2001), ch. 4.
pub fn max_stability(alpha: f64) -> MaxStab {
    if !valid_alpha(alpha) {
        return MaxStab {
            r: f64::NAN,
            kappa: f64::NAN,
            eps: f64::NAN,
            support_fraction: f64::NAN,
        };
    }
    let mut kappa_guess = 1.0;
    // E2 divided by s³: G(θ) = R − α e2 / s³; G(π/2) < 0 and G > 0 for θ → 0.
    let mut g = |theta: f64| {
        let s = libm::sin(theta);
        let grid = Grid::new(theta, 1.0, MAX_WIDTH);
        let (kappa, m) = solve_kappa(&grid, alpha, s * s, kappa_guess);
        kappa_guess = kappa;
        libm::cos(theta) - alpha * m.e2 / (s * s * s)
    };
    // α ε_g rises to 0.50049 (below 1.6/π), so the root lies just below θ = 1.6/α for large α.
    let (lo, g_lo, hi, g_hi) = bracket_from_above(&mut g, 1.6 / alpha, FRAC_PI_2);
    let theta = brent(&mut g, lo, hi, g_lo, g_hi, 1e-13 * lo);

    let s = libm::sin(theta);
    let grid = Grid::new(theta, 1.0, MAX_WIDTH);
    let (kappa, m) = solve_kappa(&grid, alpha, s * s, kappa_guess);
    MaxStab {
        r: libm::cos(theta),
        kappa,
        eps: theta / PI,
        support_fraction: 2.0 * alpha * m.sv,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_integrals_are_converged() {
        // A grid four times finer everywhere gives the same integrals.
        for theta in [1e-4, 0.01, 0.3, 1.2, FRAC_PI_2] {
            let coarse = Grid::new(theta, 1.0, MAX_WIDTH);
            let fine = Grid::new(theta, 0.25, 0.25);
            for kappa in [-0.5, 0.0, 1e-3, 0.1, 1.0, 4.0, 15.0] {
                let c = coarse.moments(kappa);
                let f = fine.moments(kappa);
                for (x, y) in [(c.e1, f.e1), (c.de1, f.de1), (c.e2, f.e2), (c.sv, f.sv)] {
                    assert!(
                        (x - y).abs() <= 1e-12 * y.abs() + 1e-300,
                        "θ = {theta}, κ = {kappa}: {x} vs {y}"
                    );
                }
            }
        }
    }

    #[test]
    fn at_zero_overlap_e1_is_gardners_integral() {
        // R = 0: H(0) = ½, so e1 = ½ ∫_{−κ}^∞ Dt (t+κ)² = ½ ((1+κ²)Φ(κ) + κφ(κ)).
        let grid = Grid::new(FRAC_PI_2, 1.0, MAX_WIDTH);
        for kappa in [0.0, 0.5, 2.0] {
            let gardner = (1.0 + kappa * kappa) * h(-kappa) + kappa * gauss_density(kappa);
            assert!((grid.moments(kappa).e1 - 0.5 * gardner).abs() < 1e-14);
        }
    }

    #[test]
    fn kappa_solves_e1() {
        let theta = 0.2;
        let s = libm::sin(theta);
        let grid = Grid::new(theta, 1.0, MAX_WIDTH);
        for guess in [-5.0, 0.0, 0.3, 10.0] {
            let (kappa, m) = solve_kappa(&grid, 3.0, s * s, guess);
            assert!(
                (6.0 * m.e1 - s * s).abs() < 1e-15,
                "guess {guess}: κ = {kappa}"
            );
        }
    }
}
