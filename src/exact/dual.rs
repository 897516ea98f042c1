//! Maximal stability through the origin by dual coordinate ascent, polished to the exact optimum.
//! Kept for comparison with the default active-set solver ([`super::ldp`]), so built only with
//! the `bench` feature.
//!
//! With `z^μ = S^μ ξ^μ` and `C_μν = z^μ·z^ν`, the perceptron of maximal stability is the primal
//! `min |w|²/2` s.t. `w·z^μ ≥ 1` (then `κ_max = 1/|w|`), whose dual is
//!
//! `max_{x ≥ 0} D(x) = Σ_μ x^μ − |Σ_μ x^μ z^μ|²/2`,  with `w = Σ_μ x^μ z^μ`,
//! `∂D/∂x^μ = 1 − w·z^μ` and `∂²D/∂(x^μ)² = −C_μμ`.
//!
//! **Coordinate ascent** (Hsieh et al. 2008, liblinear's Algorithm 3 without the upper bound,
//! since the margin is hard): each step maximises `D` exactly along one coordinate,
//!
//! `x^μ ← max(0, x^μ + (1 − w·z^μ)/C_μμ)`,  `w ← w + Δx^μ z^μ`,
//!
//! in `O(N)` (AdaTron with the exact step `η = 1/C_μμ`). A sweep visits the active examples in a
//! fresh seeded random permutation. The projected gradient of `−D` is `PG = G = w·z^μ − 1` if
//! `x^μ > 0` and `PG = min(G, 0)` if `x^μ = 0`; all `PG = 0` is the KKT condition.
//!
//! **Shrinking**: an example with `x^μ = 0` and `G > M̄`, where `M̄` is the largest `PG` of the
//! previous sweep (`+∞` when that was `≤ 0`), is taken out of the active set: it is far outside
//! the margin and likely to stay a non-support vector.
//!
//! **Stopping**: when the spread `max PG − min PG` over the active set in one sweep is at most
//! the KKT tolerance, every example is made active again and swept; the run stops when the
//! spread is within tolerance on all examples.
//!
//! **Polish** ("exact to rounding", [`super::polish`]): on the support set `S = {μ : x^μ > 0}`
//! the optimum has `w·z^μ = 1`, i.e. `C_SS x_S = 1`; that system is solved exactly and accepted
//! if the KKT conditions hold.
//!
//! **Non-separable sets** have an unbounded dual (`Σ x` grows without end), and a tiny `κ_max`
//! makes the ascent slow. Neither is decided here: the run gives up ([`DualStop::NotSeparated`])
//! when no sweep has produced a separating `w` (`min_μ w·z^μ > 0`, checked exactly) within
//! [`DualParams::separation_sweeps`], or at the sweep limit, and [`super::max_stability_with`]
//! with [`super::Solver::Dual`] then falls back to Wolfe's algorithm, which decides
//! separability exactly.
//!
//! # References
//! - C.-J. Hsieh, K.-W. Chang, C.-J. Lin, S. S. Keerthi, S. Sundararajan, *A dual coordinate
//!   descent method for large-scale linear SVM*, ICML 2008.
//! - J. K. Anlauf, M. Biehl, *The AdaTron: an adaptive perceptron algorithm*, Europhys. Lett. 10
//!   (1989) 687.

use super::polish::polish;
use crate::data::Dataset;
use crate::linalg::{axpy, dot};
use crate::rng::rng_from_seed;
use rand::seq::SliceRandom;

/// Parameters of [`solve`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DualParams {
    /// KKT tolerance: the largest allowed spread `max PG − min PG` of the projected gradient.
    pub tol: f64,
    /// The most sweeps (over the active set) before giving up.
    pub max_sweeps: usize,
    /// Sweeps allowed before some `w` must have separated the set.
    pub separation_sweeps: usize,
    /// Seed of the sweep permutations.
    pub seed: u64,
    /// Whether to polish the result to the exact optimum.
    pub polish: bool,
}

impl Default for DualParams {
    fn default() -> Self {
        Self {
            tol: 1e-6,
            max_sweeps: 20_000,
            separation_sweeps: 100,
            seed: 0,
            polish: true,
        }
    }
}

/// How a dual run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DualStop {
    /// KKT within tolerance, then polished to the exact optimum.
    Polished,
    /// KKT within tolerance, not polished (polish off, or rejected).
    Kkt,
    /// No separating `w` within the separation budget: perhaps not separable.
    NotSeparated,
    /// The sweep limit came first.
    Limit,
    /// Some `z^μ = 0`: never strictly separable through the origin.
    ZeroExample,
}

/// The result of a dual run: `w = Σ x^μ z^μ` (not normalised; `κ(w) = min_μ w·z^μ / |w|`).
#[derive(Debug, Clone, PartialEq)]
pub struct DualRun {
    /// `w = Σ_μ x^μ z^μ`.
    pub w: Vec<f64>,
    /// Embedding strengths `x^μ ≥ 0`.
    pub x: Vec<f64>,
    /// Sweeps done (over the active set).
    pub sweeps: usize,
    /// Coordinate updates done.
    pub updates: usize,
    /// The last projected-gradient spread `max PG − min PG`.
    pub spread: f64,
    /// How the run ended.
    pub stop: DualStop,
}

/// Runs dual coordinate ascent on `data` (homogeneous case), then the polish.
pub fn solve(data: &Dataset, params: &DualParams) -> DualRun {
    let (p, n) = (data.len(), data.dim());
    let z = data.signed_rows();
    let row = |mu: usize| &z[mu * n..(mu + 1) * n];
    let qd: Vec<f64> = (0..p).map(|mu| dot(row(mu), row(mu))).collect();
    let mut run = DualRun {
        w: vec![0.0; n],
        x: vec![0.0; p],
        sweeps: 0,
        updates: 0,
        spread: f64::INFINITY,
        stop: DualStop::Limit,
    };
    if qd.iter().any(|&q| !(q > 0.0)) {
        run.stop = DualStop::ZeroExample;
        return run;
    }
    let mut rng = rng_from_seed(params.seed);
    let mut index: Vec<usize> = (0..p).collect();
    let mut active = p;
    let mut pg_max_old = f64::INFINITY;
    let mut separated = false;
    let (w, x) = (&mut run.w, &mut run.x);
    while run.sweeps < params.max_sweeps {
        index[..active].shuffle(&mut rng);
        let (mut pg_max, mut pg_min) = (f64::NEG_INFINITY, f64::INFINITY);
        let mut misclassified = false;
        let mut s = 0;
        while s < active {
            let mu = index[s];
            let g = dot(w, row(mu)) - 1.0;
            misclassified |= g <= -1.0;
            let pg = if x[mu] > 0.0 {
                g
            } else if g > pg_max_old {
                active -= 1;
                index.swap(s, active);
                continue;
            } else {
                g.min(0.0)
            };
            pg_max = pg_max.max(pg);
            pg_min = pg_min.min(pg);
            if pg.abs() > 1e-12 {
                let new = (x[mu] - g / qd[mu]).max(0.0);
                axpy(new - x[mu], row(mu), w);
                x[mu] = new;
                run.updates += 1;
            }
            s += 1;
        }
        run.sweeps += 1;
        run.spread = pg_max - pg_min;
        if !separated && !misclassified {
            separated = z.chunks_exact(n).all(|zm| dot(w, zm) > 0.0);
        }
        if !separated && run.sweeps >= params.separation_sweeps {
            run.stop = DualStop::NotSeparated;
            return run;
        }
        if run.spread <= params.tol {
            if active == p {
                run.stop = DualStop::Kkt;
                break;
            }
            active = p;
            pg_max_old = f64::INFINITY;
            continue;
        }
        pg_max_old = if pg_max <= 0.0 { f64::INFINITY } else { pg_max };
    }
    if run.stop == DualStop::Kkt && separated && params.polish {
        if let Some((w, x)) = polish(&z, n, &run.x) {
            run.w = w;
            run.x = x;
            run.stop = DualStop::Polished;
        }
    }
    run
}
