//! The exact perceptron of maximal stability, the reference for the iterative rules: the public
//! API ([`max_stability`], [`max_stability_with`], [`is_separable`])
//! and the glue that turns a solver's answer into an [`Exact`].
//!
//! Through the origin, with `z^μ = S^μ ξ^μ`,
//! `κ_max = max_{|w|=1} min_μ w·z^μ = dist(0, conv{z^μ})` (minimax duality): the optimal `w` points
//! at the point `p*` of the convex hull nearest to the origin, and the set is separable iff
//! `p* ≠ 0`.
//!
//! With a threshold, the true optimum of `min |w|²/2` s.t. `(w·ξ^μ − θ) S^μ ≥ 1` (Biehl §3.8) has
//! `κ_max = ½ dist(conv{ξ^μ: S=+1}, conv{ξ^μ: S=−1})`: `p*` is the nearest point to the origin
//! of the difference polytope `conv{ξ^a − ξ^b : S^a = +1, S^b = −1}`, `w ∝ p*` and `θ` lies in
//! the middle of the gap. This is not the answer of the augmented-input trick (a constant input
//! `−1` with weight `θ`), which also penalises `θ²`.
//!
//! The solvers, one file each:
//! - [`ldp`]: through the origin, the least-distance programme solved by the Lawson–Hanson
//!   active-set method, then polished and KKT-checked (`polish.rs`); exact and fast on large
//!   sets, the default of [`max_stability`];
//! - `wolfe.rs`: Wolfe's minimum-norm-point algorithm for both polytopes, finite and ending with
//!   the exact solution of a small linear system; the threshold solver, the fallback for
//!   whatever the active-set solver cannot certify, and the tests' reference
//!   ([`Solver::Wolfe`] through [`max_stability_with`]);
//! - `dual` (only with the `bench` feature): the dual coordinate ascent of liblinear, also
//!   polished, kept for comparison: on hard-margin sets near capacity it needs tens of thousands
//!   of sweeps;
//! - `dense.rs`: the dense factorisations they share (Gaussian elimination, pivoted and updated
//!   Cholesky).
//!
//! # References
//! - P. Wolfe, Math. Programming 11 (1976) 128–149.
//! - C. L. Lawson, R. J. Hanson, *Solving Least Squares Problems* (SIAM 1995), ch. 23.
//! - M. Biehl, *The Shallow and the Deep*, §3.6 and §3.8.

mod dense;
#[cfg(feature = "bench")]
pub mod dual;
pub mod ldp;
mod polish;
mod scales;
mod wolfe;

use crate::data::{unscale, Dataset};
use crate::error::{Error, Result};
use crate::linalg::{norm, norm_sq};
use crate::measure::Mode;
use crate::measure::{best_threshold, Perceptron};
use serde::Serialize;

/// The exact maximally stable perceptron, or the verdict that none separates the data.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Exact {
    /// Whether the set is linearly separable (strictly, in the given mode).
    pub separable: bool,
    /// The optimum, with `|w| = 1` (`None` when not separable).
    pub perceptron: Option<Perceptron>,
    /// `κ_max` (`NaN` when not separable).
    pub kappa: f64,
    /// The support vectors: examples with `κ^μ = κ_max` (to 1e-9 relative).
    pub support: Vec<usize>,
    /// Embedding strengths `x^μ ≥ 0` of `w_opt = Σ x^μ S^μ ξ^μ`, scaled so that `min_μ E^μ = 1`
    /// (then `Σ x^μ = |w_opt|² = 1/κ_max²`). Zeros when not separable.
    pub embedding: Vec<f64>,
}

/// Which algorithm computes the optimum.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Solver {
    /// Through the origin: the Lawson–Hanson active-set solver of the least-distance programme
    /// ([`ldp`]), falling back to Wolfe's algorithm when it cannot certify the answer. With a
    /// threshold: Wolfe's.
    ActiveSet,
    /// Through the origin: dual coordinate ascent with these parameters, polished, falling back
    /// to Wolfe's algorithm when it cannot certify the answer. With a threshold: Wolfe's.
    /// Only with the `bench` feature.
    #[cfg(feature = "bench")]
    Dual(dual::DualParams),
    /// Wolfe's minimum-norm-point algorithm (the reference).
    Wolfe,
}

/// The exact maximal stability of `data` in `mode`: [`Solver::ActiveSet`].
///
/// # Errors
/// [`Error::Empty`] for no data; [`Error::OneClass`] in threshold mode with one class only
/// (the margin is unbounded); [`Error::Span`] for points whose lengths span more than floating
/// point holds ([`Dataset::check_span`]) where the far points' constraints are not met at the
/// short points' optimum (`scales.rs`: otherwise that optimum is the answer).
pub fn max_stability(data: &Dataset, mode: Mode) -> Result<Exact> {
    max_stability_with(data, mode, Solver::ActiveSet)
}

/// The exact maximal stability of `data` in `mode` with the given solver.
///
/// # Errors
/// As [`max_stability`].
pub fn max_stability_with(data: &Dataset, mode: Mode, solver: Solver) -> Result<Exact> {
    if data.is_empty() {
        return Err(Error::Empty);
    }
    if let Err(span) = data.check_span() {
        return scales::across_scales(data, span, |short| max_stability_with(short, mode, solver));
    }
    // Far from 1 in magnitude, squared norms under- or overflow: solve on the data scaled by a
    // power of two (exact in floating point), then scale κ, θ and the embedding back.
    let (scaled, k) = data.in_range();
    if k != 0 {
        let mut e = max_stability_with(&scaled, mode, solver)?;
        e.kappa = unscale(e.kappa, k);
        if let Some(p) = e.perceptron.as_mut() {
            p.theta = unscale(p.theta, k);
        }
        // w_opt = Σ x^μ S^μ ξ^μ has |w_opt| = 1/κ_max: w_opt scales by 2^k and ξ by 2^−k, so x by 2^2k
        for x in &mut e.embedding {
            *x = unscale(*x, -2 * k);
        }
        return Ok(e);
    }
    let scale_sq = data.max_norm_sq();
    match (mode, solver) {
        (Mode::Homogeneous, Solver::ActiveSet) => {
            let run = ldp::solve(data);
            match run.stop {
                ldp::LdpStop::Optimal => return Ok(from_dual(data, &run.w, &run.x)),
                // w = 0, which assemble reports as not separable
                ldp::LdpStop::NotSeparable => {
                    return Ok(assemble(data, mode, &run.w, &run.x, scale_sq))
                }
                ldp::LdpStop::Undecided => {}
            }
        }
        #[cfg(feature = "bench")]
        (Mode::Homogeneous, Solver::Dual(params)) => {
            let run = dual::solve(data, &params);
            if run.stop == dual::DualStop::Polished {
                return Ok(from_dual(data, &run.w, &run.x));
            }
        }
        _ => {}
    }
    let (point, weights, scale_sq) = match mode {
        Mode::Homogeneous => {
            let (point, weights) = wolfe::nearest_signed_point(data);
            (point, weights, data.max_norm_sq())
        }
        Mode::Threshold => {
            if !data.has_both_classes() {
                return Err(Error::OneClass {
                    label: data.y(0) as i8,
                });
            }
            let (point, weights) = wolfe::nearest_difference_point(data);
            (point, weights, 4.0 * data.max_norm_sq())
        }
    };
    Ok(assemble(data, mode, &point, &weights, scale_sq))
}

/// The homogeneous optimum from a certified dual solution `w_opt = Σ x^μ z^μ` (`min w_opt·z = 1`):
/// the nearest point of the hull is `p* = w_opt/|w_opt|²` with weights `λ = x/|w_opt|²`
/// (`Σ λ = Σ x/|w_opt|² = 1`), which [`assemble`] turns into the [`Exact`] answer.
fn from_dual(data: &Dataset, w_opt: &[f64], x: &[f64]) -> Exact {
    let w_sq = norm_sq(w_opt);
    let point: Vec<f64> = w_opt.iter().map(|v| v / w_sq).collect();
    let weights: Vec<f64> = x.iter().map(|v| v / w_sq).collect();
    assemble(
        data,
        Mode::Homogeneous,
        &point,
        &weights,
        data.max_norm_sq(),
    )
}

/// The optimum from the nearest point `p* = Σ λ^μ z^μ` of the hull and its weights:
/// `w = p*/|p*|`, `κ_max = κ(w)` (with a threshold, `θ` in the middle of the gap along `w`), and
/// the embedding `λ / (|p*| κ_max)` so that `w_opt = w/κ_max` has `min_μ E^μ = 1`. Not separable if
/// `|p*|² ≤ 10⁻²⁰ scale_sq` or `κ(w) ≤ 0`.
fn assemble(data: &Dataset, mode: Mode, point: &[f64], weights: &[f64], scale_sq: f64) -> Exact {
    let p = data.len();
    let not_separable = || Exact {
        separable: false,
        perceptron: None,
        kappa: f64::NAN,
        support: vec![],
        embedding: vec![0.0; p],
    };
    let d = norm(point);
    if !(d * d > 1e-20 * scale_sq) {
        return not_separable();
    }
    let w: Vec<f64> = point.iter().map(|v| v / d).collect();
    let theta = match mode {
        Mode::Homogeneous => 0.0,
        Mode::Threshold => best_threshold(&w, data).expect("both classes present"),
    };
    let perceptron = Perceptron::new(w, theta);
    let kappa = perceptron.stability(data);
    if kappa <= 0.0 {
        return not_separable();
    }
    // w_opt = p*/(d κ): min E = 1. p* = Σ λ z (Σλ = 1; with a threshold each λ_ab counts for a and b).
    let scale = 1.0 / (d * kappa);
    let embedding = weights.iter().map(|l| l * scale).collect();
    let support = perceptron
        .stabilities(data)
        .iter()
        .enumerate()
        .filter(|(_, &k)| k <= kappa * (1.0 + 1e-9))
        .map(|(mu, _)| mu)
        .collect();
    Exact {
        separable: true,
        perceptron: Some(perceptron),
        kappa,
        support,
        embedding,
    }
}

/// Whether `data` is strictly linearly separable in `mode` (exactly, by the nearest-point test).
///
/// # Errors
/// [`Error::Empty`] for no data. With a threshold, one class alone counts as separable.
pub fn is_separable(data: &Dataset, mode: Mode) -> Result<bool> {
    match max_stability(data, mode) {
        Err(Error::OneClass { .. }) => Ok(true),
        r => r.map(|e| e.separable),
    }
}
