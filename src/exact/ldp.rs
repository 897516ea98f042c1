//! Maximal stability through the origin as a least-distance programme, solved exactly by the
//! active-set NNLS method of Lawson and Hanson.
//!
//! With `z^μ = S^μ ξ^μ` the perceptron of maximal stability is the least-distance programme
//! (LDP) `min |w|` s.t. `w·z^μ ≥ 1`, and `κ_max = 1/|w|`. Lawson & Hanson (ch. 23) reduce it to
//! non-negative least squares with the columns `e^μ = (z^μ, 1) ∈ R^{N+1}` and `f = (0, …, 0, 1)`:
//!
//! `min_{u ≥ 0} |Σ_μ u^μ e^μ − f|²`,  residual `r = f − Σ u^μ e^μ = (−Σ u^μ z^μ, 1 − Σ u^μ)`.
//!
//! At the optimum `|r|² = r_{N+1} = 1 − Σu`; if it is positive the set is separable, with
//! `w = Σ x^μ z^μ`, `x = u / (1 − Σu)` (the dual embedding strengths: `x ≥ 0`, `w·z^μ ≥ 1`,
//! equality where `x^μ > 0`); if `r = 0` then `p = Σ u^μ z^μ / Σu = 0` is a point of
//! `conv{z^μ}`: not separable, with that point as the certificate.
//!
//! **Lawson–Hanson.** Keep a passive set `P` (the candidate support vectors, `u_P > 0`) and
//! `u = 0` elsewhere. Outer step: the gradient `g^μ = e^μ·r = (1 − Σu) − w_u·z^μ`
//! (`w_u = Σ u z`) is largest for the example of least potential (MinOver's choice); add it to
//! `P` if `g > 0`, i.e. if its constraint is violated. The potentials are priced a block of
//! examples at a time (partial pricing, [`pricing_block`]): the least potential of the first
//! block that holds a violated constraint is added, and all `P` are computed only when none is
//! left. Inner steps: solve the unconstrained least squares on `P`, `(E_Pᵀ E_P) s = E_Pᵀ f = 1`
//! (`(E_Pᵀ E_P)_μν = z^μ·z^ν + 1`); if `s > 0` take it, else move from `u` towards `s` until the
//! first weight reaches zero and drop it. The method is finite; each outer step costs up to
//! `O(P N)` (the potentials) plus an `O(|P| N)` update of the Cholesky factor of `E_Pᵀ E_P`
//! ([`super::dense::UpdatedCholesky`]; a drop re-triangularises the rows after the dropped one by
//! Givens rotations).
//!
//! It stops when no constraint is violated by more than `10⁻¹¹` (relative). The result then
//! goes through the exact polish ([`super::polish`]), which verifies the KKT conditions. On a set
//! that is not separable, `N + 1` passive columns typically fit `f` exactly (`r ≈ 0`): the
//! gradient is then at rounding level, may still pick a column, and that column is numerically
//! dependent on the others; the hull point `Σ u^μ z^μ / Σu` at the origin found by then is the
//! certificate all the same (without this, such sets, most random labellings far above
//! capacity, went to Wolfe's algorithm at several times the cost). What it
//! cannot certify (`κ_max` below `10⁻⁶ max|ξ|`, a numerically dependent column, the iteration
//! limit) is reported as [`LdpStop::Undecided`], and [`super::max_stability`] falls back to
//! Wolfe's algorithm.
//!
//! The data are scaled by a power of two (exact) so that `max_μ |z^μ| ≈ 1` before the
//! reduction, which mixes `z` with the constant 1.
//!
//! # References
//! - C. L. Lawson, R. J. Hanson, *Solving Least Squares Problems* (SIAM 1995), ch. 23.
//! - W. Krauth, M. Mézard, J. Phys. A 20 (1987) L745 (MinOver's selection rule).

use super::dense::UpdatedCholesky;
use super::polish::polish;
use crate::data::Dataset;
use crate::linalg::{argmin_offset, axpy, dot};

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum LdpStop {
    /// The exact optimum, KKT conditions verified.
    Optimal,
    /// Not separable: a point of `conv{z^μ}` within `10⁻¹⁰ max|z|` of the origin was found.
    NotSeparable,
    /// Neither could be certified.
    Undecided,
}

/// The result of [`solve`].
#[derive(Debug, Clone, PartialEq)]
pub struct LdpRun {
    /// `w_opt = Σ x^μ z^μ` with `min_μ w_opt·z^μ = 1` (zeros unless [`LdpStop::Optimal`]).
    pub w: Vec<f64>,
    /// Embedding strengths `x^μ ≥ 0`.
    pub x: Vec<f64>,
    /// Outer (add) steps.
    pub adds: usize,
    /// Drops in inner steps.
    pub drops: usize,
    /// How the run ended.
    pub stop: LdpStop,
}

/// Stop when every `g^μ ≤ GRAD_TOL (1 − Σu)`, i.e. `w·z^μ ≥ 1 − GRAD_TOL`.
const GRAD_TOL: f64 = 1e-11;

/// Rows priced per block in `N` dimensions: an outer step computes the potentials of blocks of
/// this many examples until one holds a violated constraint, and adds that block's most violated
/// (Lawson & Hanson's Lemma 23.17 asks only a positive gradient of the column added, so the
/// method stays finite); only the last step, which finds none, scans all `P`.
///
/// Blocks of about `N/3` beat a full scan of every step (the potentials, `O(P N)` an add, are
/// most of a step's cost) at large `N`, and are within the noise at small `N`.
fn pricing_block(n: usize) -> usize {
    (n / 3).max(32)
}

/// Partial pricing ([`pricing_block`]): where the next scan for a violated constraint starts.
struct Pricing {
    block: usize,
    cursor: usize,
}

impl Pricing {
    fn new(n: usize) -> Self {
        Self {
            block: pricing_block(n),
            cursor: 0,
        }
    }

    /// The example to add: the least potential `h^μ = w_u·z^μ` of the first block, from the
    /// cursor on and wrapping round, that holds a violated constraint `(1 − Σu) − h^μ > 0` (by
    /// more than the tolerance) among the non-passive examples (`offset` 0; +∞ for the passive
    /// ones); `None` if no example violates its constraint. The next scan starts after that block.
    fn violated(
        &mut self,
        z: &[f64],
        wu: &[f64],
        offset: &[f64],
        rest: f64,
        h: &mut [f64],
    ) -> Option<usize> {
        let (p, n) = (h.len(), wu.len());
        let mut scanned = 0;
        while scanned < p {
            let (start, end) = (self.cursor, (self.cursor + self.block).min(p));
            for (hm, zm) in h[start..end]
                .iter_mut()
                .zip(z[start * n..end * n].chunks_exact(n))
            {
                *hm = dot(wu, zm);
            }
            let t = start + argmin_offset(&h[start..end], &offset[start..end]);
            scanned += end - start;
            self.cursor = if end == p { 0 } else { end };
            if offset[t] == 0.0 && rest - h[t] > GRAD_TOL * rest.max(0.0) + 1e-15 {
                return Some(t);
            }
        }
        None
    }
}

/// Runs Lawson–Hanson on the LDP of `data` (homogeneous case), then the polish.
pub fn solve(data: &Dataset) -> LdpRun {
    let (p, n) = (data.len(), data.dim());
    let z_orig = data.signed_rows();
    let mut run = LdpRun {
        w: vec![0.0; n],
        x: vec![0.0; p],
        adds: 0,
        drops: 0,
        stop: LdpStop::Undecided,
    };
    let r_max = data.max_norm_sq().sqrt();
    if !(r_max > 0.0) {
        return run;
    }
    let scale = 2f64.powi(-(libm::log2(r_max).round() as i32));
    let z: Vec<f64> = z_orig.iter().map(|v| v * scale).collect();
    let row = |mu: usize| &z[mu * n..(mu + 1) * n];

    let mut u = vec![0.0; p];
    let mut passive: Vec<usize> = Vec::new();
    let mut factor = UpdatedCholesky::default();
    // +∞ on passive examples, so that the argmin of potential + offset runs over the others
    let mut offset = vec![0.0; p];
    let mut wu = vec![0.0; n];
    let mut h = vec![0.0; p];
    let max_adds = 3 * p + 3 * n + 10;
    let mut pricing = Pricing::new(n);
    let (sum, rest) = loop {
        // w_u = Σ u z, potentials h = w_u·z, gradient g = (1 − Σu) − h
        wu.fill(0.0);
        for &mu in &passive {
            axpy(u[mu], row(mu), &mut wu);
        }
        let sum: f64 = passive.iter().map(|&mu| u[mu]).sum();
        let rest = 1.0 - sum;
        let found = if passive.len() < p {
            pricing.violated(&z, &wu, &offset, rest, &mut h)
        } else {
            None
        };
        let Some(t) = found else {
            break (sum, rest);
        };
        if run.adds == max_adds {
            return run;
        }
        run.adds += 1;
        let column: Vec<f64> = passive
            .iter()
            .map(|&nu| dot(row(nu), row(t)) + 1.0)
            .collect();
        if !factor.push(&column, dot(row(t), row(t)) + 1.0) {
            // numerically dependent: the certificate below if r ≈ 0 (module docs), else Undecided
            break (sum, -1.0);
        }
        passive.push(t);
        offset[t] = f64::INFINITY;
        loop {
            let s = factor.solve_ones();
            if s.iter().all(|&v| v > 0.0) {
                for (&mu, v) in passive.iter().zip(s) {
                    u[mu] = v;
                }
                break;
            }
            // step from u towards s until the first weight reaches zero
            let mut alpha = 1.0f64;
            for (&mu, &sv) in passive.iter().zip(&s) {
                if sv <= 0.0 {
                    alpha = alpha.min(u[mu] / (u[mu] - sv));
                }
            }
            for (&mu, &sv) in passive.iter().zip(&s) {
                u[mu] += alpha * (sv - u[mu]);
            }
            let before = passive.len();
            for k in (0..passive.len()).rev() {
                let mu = passive[k];
                if u[mu] <= 0.0 || (s[k] <= 0.0 && u[mu] <= 1e-15) {
                    u[mu] = 0.0;
                    offset[mu] = 0.0;
                    passive.remove(k);
                    factor.remove(k);
                    run.drops += 1;
                }
            }
            if passive.len() == before || passive.is_empty() {
                return run; // no progress (rounding): leave it to Wolfe
            }
        }
    };
    // not separable: p = w_u/Σu is a point of the hull of the scaled z, |z| ≤ ~1.4
    if sum > 0.0 && crate::linalg::norm(&wu) <= 1e-10 * sum {
        run.stop = LdpStop::NotSeparable;
        return run;
    }
    if !(rest > 1e-12) {
        return run;
    }
    // x for the scaled z is u/(1 − Σu); for the original z = z_scaled/scale it is that / scale²
    let x0: Vec<f64> = u.iter().map(|v| v / rest * scale * scale).collect();
    if let Some((w, x)) = polish(&z_orig, n, &x0) {
        run.w = w;
        run.x = x;
        run.stop = LdpStop::Optimal;
    }
    run
}
