//! The soft margin's optimum at a given `γ` (Biehl §4.1.2), exact to rounding: the minimum of
//!
//! `F(v) = |w|²/2 + γ Σ_μ max(0, 1 − a^μ·v)`,  `a^μ = S^μ ξ̃^μ`,
//!
//! over `v = (w, θ)` with `ξ̃ = (ξ, −1)` (`v = w`, `ξ̃ = ξ` through the origin), solved in the
//! primal, whose `N (+1)` variables are few, rather than in the dual's `P` embedding strengths.
//!
//! `F` is convex and piecewise quadratic. Its minimum is fixed by a partition of the examples
//! into `L` (inside the margin, `a^μ·v < 1`, embedding strength `x^μ = γ`), `M` (on it,
//! `a^μ·v = 1`, `0 ≤ x^μ ≤ γ`) and `R` (outside, `a^μ·v > 1`, `x^μ = 0`): with
//! `D = diag(1, …, 1, 0)` (`θ` is not penalised) the optimality (KKT) conditions are
//!
//! `D v − Σ_{μ∈M} x^μ a^μ = γ Σ_{μ∈L} a^μ`,  `a^μ·v = 1` (`μ ∈ M`),
//!
//! a linear system in `(v, x_M)` (its `θ` row is the dual's `Σ_μ x^μ S^μ = 0`), together with
//! the inequalities of the partition. The partition is found in two phases:
//!
//! 1. **Approximate**: the hinge smoothed over a width `δ` (Huber: `h_δ(t) = t²/(2δ)` on
//!    `0 < t < δ`, `t − δ/2` above), a convex `C¹` cost with gradient
//!    `D v − γ Σ_μ clamp(t^μ/δ, 0, 1) a^μ` and Hessian `D + (γ/δ) Σ_{0<t^μ<δ} a^μ a^μᵀ`
//!    (`t^μ = 1 − a^μ·v`), minimised by damped Newton ([`super::newton::damped`]) for
//!    `δ = 1, 10⁻², 10⁻⁴, 10⁻⁶`, each from the last: `O(P (N+1)²)` per step.
//! 2. **Exact**: the partition read off the last `v` (`|t^μ| ≤ 10 δ`: `M`), the system above
//!    solved exactly (where it is singular, with a vanishing proximal regularisation that keeps
//!    the undetermined components at the smoothed answer's), and the inequalities checked to a
//!    relative `10⁻⁹`: `0 ≤ x^μ ≤ γ` on `M`, `a^μ·v ≤ 1` on `L`, `a^μ·v ≥ 1` on `R`. Violators
//!    change sides and the system is solved again, for at most [`ROUNDS`] rounds; an answer is
//!    given only where the conditions hold, the optimum by convexity.

use super::newton::{damped, solve, Derivatives};
use super::{perceptron, total, Optimum};
use crate::data::Dataset;
use crate::linalg::{dot, norm};
use crate::train::objective::Objective;
use crate::train::Mode;

/// The smoothing widths of the approximate phase, in turn.
const SMOOTHING: [f64; 4] = [1.0, 1e-2, 1e-4, 1e-6];
/// Examples within this many widths of the margin start on it.
const MARGIN_WIDTHS: f64 = 10.0;
/// The most rounds of the exact phase.
pub const ROUNDS: usize = 50;
/// Relative tolerance of the KKT inequalities.
const KKT_TOL: f64 = 1e-9;
/// The most examples on the margin the exact phase solves for (its system is dense).
const MAX_MARGIN: usize = 400;
/// The most proximal iterations on a singular system.
const PROXIMAL_STEPS: usize = 60;

/// Where an example lies relative to the margin.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    /// `a·v < 1`, `x = γ`.
    Inside,
    /// `a·v = 1`, `0 ≤ x ≤ γ`.
    Margin,
    /// `a·v > 1`, `x = 0`.
    Outside,
}

/// The problem: the rows `a^μ` and `γ`.
struct Problem {
    /// `a^μ = S^μ ξ̃^μ`, one per example.
    rows: Vec<Vec<f64>>,
    /// The number of weights `w` (the rest of `v` is `θ`).
    dim: usize,
    gamma: f64,
}

impl Problem {
    fn new(data: &Dataset, mode: Mode, gamma: f64) -> Self {
        let rows = (0..data.len())
            .map(|mu| {
                let s = data.y(mu);
                let mut a: Vec<f64> = data.x(mu).iter().map(|x| s * x).collect();
                if mode == Mode::Threshold {
                    a.push(-s);
                }
                a
            })
            .collect();
        Self {
            rows,
            dim: data.dim(),
            gamma,
        }
    }

    /// `D_ii`: 1 for a weight, 0 for `θ`.
    fn penalised(&self, i: usize) -> f64 {
        f64::from(u8::from(i < self.dim))
    }

    /// The smoothed cost `|w|²/2 + γ Σ_μ h_δ(1 − a^μ·v)`, its gradient and Hessian (module
    /// docs), and the gradient's scale `|w| + γ Σ_μ |a^μ|`.
    fn smoothed(&self, v: &[f64], delta: f64) -> Derivatives {
        let d = v.len();
        let w = &v[..self.dim];
        let mut e = dot(w, w) / 2.0;
        let mut g: Vec<f64> = (0..d).map(|i| self.penalised(i) * v[i]).collect();
        let mut h: Vec<Vec<f64>> = (0..d)
            .map(|i| {
                (0..d)
                    .map(|j| if i == j { self.penalised(i) } else { 0.0 })
                    .collect()
            })
            .collect();
        let mut scale = norm(w);
        for a in &self.rows {
            scale += self.gamma * norm(a);
            let t = 1.0 - dot(a, v);
            if t <= 0.0 {
                continue;
            }
            let slope = if t >= delta {
                e += self.gamma * (t - delta / 2.0);
                self.gamma
            } else {
                e += self.gamma * t * t / (2.0 * delta);
                let curvature = self.gamma / delta;
                for (hi, ai) in h.iter_mut().zip(a) {
                    for (hij, aj) in hi.iter_mut().zip(a) {
                        *hij += curvature * ai * aj;
                    }
                }
                self.gamma * t / delta
            };
            for (gi, ai) in g.iter_mut().zip(a) {
                *gi -= slope * ai;
            }
        }
        (e, g, h, scale)
    }

    /// The KKT system of a partition (module docs) in `(v, x_M)` for the examples `margin` on
    /// the margin, solved exactly, or where it is singular by proximal steps
    /// `y ← y + (K + ρI)⁻¹ (r − K y)` from `guess` (`ρ = 10⁻¹²` of `K`'s largest entry), which
    /// leave the undetermined components where `guess` has them. `None` if the system has no
    /// solution to rounding.
    fn stationary(&self, sides: &[Side], margin: &[usize], guess: &[f64]) -> Option<Vec<f64>> {
        let d = self.rows.first().map_or(0, Vec::len);
        let n = d + margin.len();
        let mut k = vec![vec![0.0; n]; n];
        let mut r = vec![0.0; n];
        for (i, row) in k.iter_mut().enumerate().take(d) {
            row[i] = self.penalised(i);
        }
        for (a, _) in self
            .rows
            .iter()
            .zip(sides)
            .filter(|(_, s)| **s == Side::Inside)
        {
            for (ri, ai) in r.iter_mut().zip(a) {
                *ri += self.gamma * ai;
            }
        }
        for (m, &mu) in margin.iter().enumerate() {
            for (i, &ai) in self.rows[mu].iter().enumerate() {
                k[i][d + m] = -ai;
                k[d + m][i] = ai;
            }
            r[d + m] = 1.0;
        }
        if let Some(y) = solve(&k, &r) {
            return Some(y);
        }
        let size = k.iter().flatten().fold(0.0_f64, |m, x| m.max(x.abs()));
        let rho = 1e-12 * size.max(f64::MIN_POSITIVE);
        let regularised: Vec<Vec<f64>> = k
            .iter()
            .enumerate()
            .map(|(i, row)| {
                let mut row = row.clone();
                row[i] += rho;
                row
            })
            .collect();
        let residual = |y: &[f64]| -> Vec<f64> {
            k.iter().zip(&r).map(|(row, ri)| ri - dot(row, y)).collect()
        };
        let mut y = guess.to_vec();
        for _ in 0..PROXIMAL_STEPS {
            let step = solve(&regularised, &residual(&y))?;
            y.iter_mut().zip(&step).for_each(|(yi, si)| *yi += si);
        }
        let scale = size * y.iter().fold(1.0_f64, |m, x| m.max(x.abs()));
        residual(&y)
            .iter()
            .all(|e| e.abs() <= KKT_TOL * scale)
            .then_some(y)
    }
}

/// The soft margin's optimum on non-empty `data` in `mode` at `gamma` (module docs);
/// [`Optimum::Unknown`] where the exact phase does not certify one.
pub fn optimum(data: &Dataset, mode: Mode, gamma: f64) -> Optimum {
    let problem = Problem::new(data, mode, gamma);
    let d = data.dim() + usize::from(mode == Mode::Threshold);
    let mut v = vec![0.0; d];
    for delta in SMOOTHING {
        v = damped(
            &v,
            |v| problem.smoothed(v, delta),
            |v| problem.smoothed(v, delta).0,
        )
        .0;
    }
    let delta = SMOOTHING[SMOOTHING.len() - 1];
    let slack = |a: &[f64], v: &[f64]| 1.0 - dot(a, v);
    let mut sides: Vec<Side> = problem
        .rows
        .iter()
        .map(|a| match slack(a, &v) {
            t if t > MARGIN_WIDTHS * delta => Side::Inside,
            t if t < -MARGIN_WIDTHS * delta => Side::Outside,
            _ => Side::Margin,
        })
        .collect();
    for _ in 0..ROUNDS {
        let margin: Vec<usize> = (0..sides.len())
            .filter(|&mu| sides[mu] == Side::Margin)
            .collect();
        if margin.len() > MAX_MARGIN {
            return Optimum::Unknown;
        }
        // the smoothed answer's strengths γ clamp(t/δ, 0, 1) as the guess for x_M
        let guess: Vec<f64> = v
            .iter()
            .copied()
            .chain(
                margin
                    .iter()
                    .map(|&mu| gamma * (slack(&problem.rows[mu], &v) / delta).clamp(0.0, 1.0)),
            )
            .collect();
        let Some(y) = problem.stationary(&sides, &margin, &guess) else {
            return Optimum::Unknown;
        };
        let (next, x) = y.split_at(d);
        let mut violated = false;
        for (&mu, &xm) in margin.iter().zip(x) {
            if xm < -KKT_TOL * gamma {
                (sides[mu], violated) = (Side::Outside, true);
            } else if xm > gamma * (1.0 + KKT_TOL) {
                (sides[mu], violated) = (Side::Inside, true);
            }
        }
        for (a, side) in problem.rows.iter().zip(sides.iter_mut()) {
            let tol = KKT_TOL * (norm(a) * norm(next)).max(1.0);
            let t = slack(a, next);
            if (*side == Side::Inside && t < -tol) || (*side == Side::Outside && t > tol) {
                (*side, violated) = (Side::Margin, true);
            }
        }
        v = next.to_vec();
        if !violated {
            let p = perceptron(v, mode);
            let objective = Objective::Hinge { gamma };
            return Optimum::At {
                cost: total(objective, &p, data),
                perceptron: p,
            };
        }
    }
    Optimum::Unknown
}
