//! The polish shared by the fast solvers: from a near-optimal embedding `x`, the exact optimum.
//!
//! On the support set `S = {μ : x^μ > 0}` the optimum of `min |w|²/2` s.t. `w·z^μ ≥ 1` has
//! `w·z^μ = 1`, i.e. `C_SS x_S = 1` with `C_μν = z^μ·z^ν`. This system is solved by a
//! rank-revealing Cholesky factorisation ([`super::dense::PivotedCholesky`]) with two steps of
//! iterative refinement on the residual `1 − w·z^μ`, computed from `w = Σ x^μ z^μ` itself. The result is
//! accepted if it is dual feasible (`x_S ≥ 0`) and primal feasible (`w·z^μ ≥ 1 − 10⁻⁹` for every
//! `μ`): with `x^μ (w·z^μ − 1) = 0` on `S` these are the KKT conditions of the convex primal,
//! hence the optimum. Examples with a negative `x` leave `S`, violated ones join it, and the
//! solve is repeated, a few rounds at most (a good start needs one).

use super::dense::PivotedCholesky;
use crate::linalg::{axpy, dot};

/// Relative feasibility slack: `w·z^μ ≥ 1 − FEAS_TOL`.
const FEAS_TOL: f64 = 1e-9;
/// Most rounds.
const POLISH_ROUNDS: usize = 4;

/// The exact optimum from a near-optimal `x`: solves `C_SS x_S = 1` on the support set and
/// adjusts `S` until `x ≥ 0` and `w·z^μ ≥ 1 − FEAS_TOL` hold (module docs). `None` if that
/// does not happen within [`POLISH_ROUNDS`].
pub(crate) fn polish(z: &[f64], n: usize, x0: &[f64]) -> Option<(Vec<f64>, Vec<f64>)> {
    let p = x0.len();
    let row = |mu: usize| &z[mu * n..(mu + 1) * n];
    let mut in_s: Vec<bool> = x0.iter().map(|&v| v > 0.0).collect();
    for _ in 0..POLISH_ROUNDS {
        let s: Vec<usize> = (0..p).filter(|&mu| in_s[mu]).collect();
        let m = s.len();
        if m == 0 {
            return None;
        }
        let mut c = vec![0.0; m * m];
        for a in 0..m {
            for b in 0..=a {
                let v = dot(row(s[a]), row(s[b]));
                c[a * m + b] = v;
                c[b * m + a] = v;
            }
        }
        let chol = PivotedCholesky::new(c, m, 1e-13);
        let mut xs = chol.solve(&vec![1.0; m]);
        let mut w = vec![0.0; n];
        // iterative refinement: x_S ← x_S + C_SS⁻¹ (1 − Z_S w), the residual taken from w itself
        for _ in 0..2 {
            w.fill(0.0);
            for (&mu, &v) in s.iter().zip(&xs) {
                axpy(v, row(mu), &mut w);
            }
            let r: Vec<f64> = s.iter().map(|&mu| 1.0 - dot(&w, row(mu))).collect();
            for (v, d) in xs.iter_mut().zip(chol.solve(&r)) {
                *v += d;
            }
        }
        let x_max = xs.iter().fold(0.0, |a: f64, &b| a.max(b));
        if !(x_max > 0.0) || xs.iter().any(|v| !v.is_finite()) {
            return None;
        }
        let negative: Vec<usize> = (0..m).filter(|&k| xs[k] < -1e-9 * x_max).collect();
        if !negative.is_empty() {
            for k in negative {
                in_s[s[k]] = false;
            }
            continue;
        }
        let mut x = vec![0.0; p];
        w.fill(0.0);
        for (&mu, &v) in s.iter().zip(&xs) {
            x[mu] = v.max(0.0);
            axpy(x[mu], row(mu), &mut w);
        }
        let mut violated = false;
        for (mu, member) in in_s.iter_mut().enumerate() {
            if dot(&w, row(mu)) < 1.0 - FEAS_TOL {
                if *member {
                    return None; // an equality of S that the factor left out does not hold
                }
                *member = true;
                violated = true;
            }
        }
        if !violated {
            return Some((w, x));
        }
    }
    None
}
