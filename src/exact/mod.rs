//! The exact perceptron of maximal stability, the reference for the iterative rules.
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
//! Both are found by Wolfe's minimum-norm-point algorithm, which is finite (like the simplex
//! method it moves between corrals of at most `N + 1` vertices and never repeats one) and ends
//! with the exact solution of a small linear system, not with an iterate that "looks converged".
//! Each step needs only the vertex minimising `p·v`, which is `O(P N)` for both polytopes.
//!
//! Through the origin, [`max_stability`] uses the active-set solver of [`ldp`] (the least-distance
//! programme by Lawson–Hanson NNLS, polished and KKT-checked), which is exact and much faster on
//! large sets; whatever it cannot certify goes to Wolfe's algorithm. [`dual`] holds the dual
//! coordinate ascent of liblinear (also polished), kept for comparison: on hard-margin sets near
//! capacity it needs tens of thousands of sweeps (BENCHMARKS.md). [`max_stability_reference`]
//! always uses Wolfe's algorithm.
//!
//! # References
//! - P. Wolfe, Math. Programming 11 (1976) 128–149.
//! - M. Biehl, *The Shallow and the Deep*, §3.6 and §3.8.

mod dense;
pub mod dual;
pub mod ldp;
mod polish;

use crate::data::Dataset;
use crate::error::{Error, Result};
use crate::linalg::{dot, norm};
use crate::measure::{best_threshold, Perceptron};
use crate::train::Mode;
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

/// Relative tolerance of the optimality test `|p|² − p·v ≤ TOL · max|v|²`.
const TOL: f64 = 1e-13;

/// Which algorithm computes the optimum.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Solver {
    /// Through the origin: the Lawson–Hanson active-set solver of the least-distance programme
    /// ([`ldp`]), falling back to Wolfe's algorithm when it cannot certify the answer. With a
    /// threshold: Wolfe's.
    ActiveSet,
    /// Through the origin: dual coordinate ascent with these parameters, polished, falling back
    /// to Wolfe's algorithm when it cannot certify the answer. With a threshold: Wolfe's.
    Dual(dual::DualParams),
    /// Wolfe's minimum-norm-point algorithm (the reference).
    Wolfe,
}

/// The exact maximal stability of `data` in `mode`: [`Solver::ActiveSet`].
///
/// # Errors
/// [`Error::Empty`] for no data; [`Error::OneClass`] in threshold mode with one class only
/// (the margin is unbounded).
pub fn max_stability(data: &Dataset, mode: Mode) -> Result<Exact> {
    max_stability_with(data, mode, Solver::ActiveSet)
}

/// The exact maximal stability of `data` in `mode` by Wolfe's algorithm alone (the reference).
///
/// # Errors
/// As [`max_stability`].
pub fn max_stability_reference(data: &Dataset, mode: Mode) -> Result<Exact> {
    max_stability_with(data, mode, Solver::Wolfe)
}

/// The exact maximal stability of `data` in `mode` with the given solver.
///
/// # Errors
/// As [`max_stability`].
pub fn max_stability_with(data: &Dataset, mode: Mode, solver: Solver) -> Result<Exact> {
    if data.is_empty() {
        return Err(Error::Empty);
    }
    // Far from 1 in magnitude, squared norms under- or overflow: solve on the data scaled by a
    // power of two (exact in floating point), then scale κ and the embedding back.
    let max_abs = data.features().iter().fold(0.0f64, |m, v| m.max(v.abs()));
    if max_abs > 0.0 && !(1e-100..=1e100).contains(&max_abs) {
        let s = 2f64.powi(-(max_abs.log2().round() as i32));
        let scaled = Dataset::from_row_major(
            data.features().iter().map(|v| v * s).collect(),
            data.dim(),
            data.labels().to_vec(),
        )?;
        let mut e = max_stability_with(&scaled, mode, solver)?;
        e.kappa /= s;
        if let Some(p) = e.perceptron.as_mut() {
            p.theta /= s;
        }
        // w_opt scales by 1/s and ξ by 1/s, so x = w_opt/(ξ…) scales by 1/s²
        for x in &mut e.embedding {
            *x *= s * s;
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
        (Mode::Homogeneous, Solver::Dual(params)) => {
            let run = dual::solve(data, &params);
            if run.stop == dual::DualStop::Polished {
                return Ok(from_dual(data, &run.w, &run.x));
            }
        }
        _ => {}
    }
    let p = data.len();
    let (point, weights, scale_sq) = match mode {
        Mode::Homogeneous => {
            let poly = SignedRows::new(data);
            let mnp = min_norm_point(&poly);
            let mut x = vec![0.0; p];
            for &(mu, l) in &mnp.corral {
                x[mu] += l;
            }
            (mnp.point, x, data.max_norm_sq())
        }
        Mode::Threshold => {
            if !data.has_both_classes() {
                return Err(Error::OneClass {
                    label: data.y(0) as i8,
                });
            }
            let poly = ClassDifferences::new(data);
            let mnp = min_norm_point(&poly);
            let mut x = vec![0.0; p];
            for &((a, b), l) in &mnp.corral {
                x[a] += l;
                x[b] += l;
            }
            (mnp.point, x, 4.0 * data.max_norm_sq())
        }
    };
    Ok(assemble(data, mode, &point, &weights, scale_sq))
}

/// The homogeneous optimum from a certified dual solution `w_opt = Σ x^μ z^μ` (`min w_opt·z = 1`):
/// the nearest point of the hull is `p* = w_opt/|w_opt|²` with weights `λ = x/|w_opt|²`
/// (`Σ λ = Σ x/|w_opt|² = 1`), which [`assemble`] turns into the [`Exact`] answer.
fn from_dual(data: &Dataset, w_opt: &[f64], x: &[f64]) -> Exact {
    let w_sq = crate::linalg::norm_sq(w_opt);
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

/// The optimum from the nearest point `p* = Σ λ^μ z^μ` of the hull and its weights: `w = p*/|p*|`, `κ_max = κ(w)`, and the embedding
/// `λ / (|p*| κ_max)` so that `w_opt = w/κ_max` has `min_μ E^μ = 1`. Not separable if
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

/// A polytope given by its vertices, through a linear-minimisation oracle.
trait Polytope {
    /// A vertex's name.
    type Id: Copy + PartialEq;
    /// The dimension.
    fn dim(&self) -> usize;
    /// Writes vertex `id` into `out`.
    fn vertex(&self, id: Self::Id, out: &mut [f64]);
    /// The vertex minimising `p·v`.
    fn minimize(&self, p: &[f64]) -> Self::Id;
}

/// `conv{z^μ = S^μ ξ^μ}`.
struct SignedRows {
    z: Vec<f64>,
    dim: usize,
}

impl SignedRows {
    fn new(data: &Dataset) -> Self {
        Self {
            z: data.signed_rows(),
            dim: data.dim(),
        }
    }
}

impl Polytope for SignedRows {
    type Id = usize;
    fn dim(&self) -> usize {
        self.dim
    }
    fn vertex(&self, id: usize, out: &mut [f64]) {
        out.copy_from_slice(&self.z[id * self.dim..(id + 1) * self.dim]);
    }
    fn minimize(&self, p: &[f64]) -> usize {
        let mut best = (0, f64::INFINITY);
        for (mu, z) in self.z.chunks_exact(self.dim).enumerate() {
            let v = dot(p, z);
            if v < best.1 {
                best = (mu, v);
            }
        }
        best.0
    }
}

/// `conv{ξ^a − ξ^b : S^a = +1, S^b = −1}`: its linear minimiser is the pair
/// `(argmin_{+} p·ξ, argmax_{−} p·ξ)`, found in `O(P N)`.
struct ClassDifferences<'a> {
    data: &'a Dataset,
}

impl<'a> ClassDifferences<'a> {
    fn new(data: &'a Dataset) -> Self {
        Self { data }
    }
}

impl Polytope for ClassDifferences<'_> {
    type Id = (usize, usize);
    fn dim(&self) -> usize {
        self.data.dim()
    }
    fn vertex(&self, (a, b): (usize, usize), out: &mut [f64]) {
        for ((o, xa), xb) in out.iter_mut().zip(self.data.x(a)).zip(self.data.x(b)) {
            *o = xa - xb;
        }
    }
    fn minimize(&self, p: &[f64]) -> (usize, usize) {
        let (mut a, mut lo) = (usize::MAX, f64::INFINITY);
        let (mut b, mut hi) = (usize::MAX, f64::NEG_INFINITY);
        for mu in 0..self.data.len() {
            let h = dot(p, self.data.x(mu));
            if self.data.y(mu) > 0.0 {
                if h < lo || a == usize::MAX {
                    (a, lo) = (mu, h);
                }
            } else if h > hi || b == usize::MAX {
                (b, hi) = (mu, h);
            }
        }
        (a, b)
    }
}

/// The nearest point to the origin and its convex weights on the final corral.
struct MinNorm<Id> {
    point: Vec<f64>,
    corral: Vec<(Id, f64)>,
}

/// Wolfe's algorithm: major cycles add the vertex minimising `x·v`; minor cycles move to the
/// affine minimum-norm point of the corral, dropping vertices whose weight would turn negative.
fn min_norm_point<P: Polytope>(poly: &P) -> MinNorm<P::Id> {
    let n = poly.dim();
    let zero = vec![0.0; n];
    let first = poly.minimize(&zero);
    let mut ids = vec![first];
    let mut verts = vec![vec![0.0; n]];
    poly.vertex(first, &mut verts[0]);
    let mut lambda = vec![1.0];
    let mut x = verts[0].clone();
    let mut max_sq = dot(&x, &x);
    let mut v = vec![0.0; n];
    // Each major cycle strictly decreases |x| (Wolfe's theorem), so corrals never repeat; the
    // bound only guards against floating-point cycling.
    for _ in 0..100_000 {
        let xx = dot(&x, &x);
        if xx <= 1e-24 * max_sq.max(f64::MIN_POSITIVE) {
            break; // the origin is in the polytope
        }
        let id = poly.minimize(&x);
        poly.vertex(id, &mut v);
        max_sq = max_sq.max(dot(&v, &v));
        if xx - dot(&x, &v) <= TOL * max_sq || ids.contains(&id) {
            break;
        }
        ids.push(id);
        verts.push(v.clone());
        lambda.push(0.0);
        loop {
            let Some(alpha) = affine_min_norm(&verts) else {
                // affinely dependent corral (rounding): drop the new vertex and stop
                ids.pop();
                verts.pop();
                lambda.pop();
                return finish(ids, verts, &lambda, n);
            };
            if alpha.iter().all(|&a| a > 1e-14) {
                lambda = alpha;
                break;
            }
            // move from λ towards α until the first weight reaches zero
            let mut t = 1.0f64;
            for (l, a) in lambda.iter().zip(&alpha) {
                if *a <= 1e-14 {
                    let d = l - a;
                    if d > 0.0 {
                        t = t.min(l / d);
                    }
                }
            }
            for (l, a) in lambda.iter_mut().zip(&alpha) {
                *l = (1.0 - t) * *l + t * a;
            }
            // drop vertices whose weight vanished (at least the one that hit zero)
            let mut k = 0;
            while k < lambda.len() {
                if lambda[k] <= 1e-14 && lambda.len() > 1 {
                    lambda.remove(k);
                    ids.remove(k);
                    verts.remove(k);
                } else {
                    k += 1;
                }
            }
            let s: f64 = lambda.iter().sum();
            for l in &mut lambda {
                *l /= s;
            }
        }
        x = combine(&verts, &lambda, n);
    }
    finish(ids, verts, &lambda, n)
}

fn finish<Id: Copy>(ids: Vec<Id>, verts: Vec<Vec<f64>>, lambda: &[f64], n: usize) -> MinNorm<Id> {
    MinNorm {
        point: refine(combine(&verts, lambda, n), &verts),
        corral: ids.into_iter().zip(lambda.iter().copied()).collect(),
    }
}

/// The nearest point of the corral's affine hull is orthogonal to the hull's directions
/// `d_i = v_i − v_1`. Forming it as `Σ λ_i v_i` cancels when it is much shorter than the `v_i`
/// (a thin version space), which spoils its direction; projecting the `d_i` out again, twice
/// ("twice is enough"), restores the orthogonality and with it the direction.
fn refine(mut p: Vec<f64>, verts: &[Vec<f64>]) -> Vec<f64> {
    let m = verts.len() - 1;
    if m == 0 {
        return p;
    }
    let d: Vec<Vec<f64>> = verts[1..]
        .iter()
        .map(|v| v.iter().zip(&verts[0]).map(|(a, b)| a - b).collect())
        .collect();
    for _ in 0..2 {
        let mut a = vec![0.0; m * m];
        let mut b = vec![0.0; m];
        for i in 0..m {
            for j in 0..m {
                a[i * m + j] = dot(&d[i], &d[j]);
            }
            b[i] = -dot(&d[i], &p);
        }
        let scale = (0..m).map(|i| a[i * m + i]).fold(0.0, f64::max);
        let Some(beta) = solve(&mut a, &mut b, m, 1e-13 * scale) else {
            break;
        };
        for (di, bi) in d.iter().zip(&beta) {
            crate::linalg::axpy(*bi, di, &mut p);
        }
    }
    p
}

fn combine(verts: &[Vec<f64>], lambda: &[f64], n: usize) -> Vec<f64> {
    let mut x = vec![0.0; n];
    for (v, l) in verts.iter().zip(lambda) {
        crate::linalg::axpy(*l, v, &mut x);
    }
    x
}

/// The weights `α` (summing to 1) of the point of least norm in the affine hull of `verts`.
///
/// With `α = e_1 + Σ_{i≥2} β_i (e_i − e_1)` this is the least-squares problem
/// `min_β |v_1 + D β|²`, `D = [v_i − v_1]`, solved from the normal equations `DᵀD β = −Dᵀ v_1`
/// (at most `N × N`). Unlike the bordered Gram system this stays well conditioned when the
/// affine hull passes close to the origin (a thin version space). `None` if the vertices are
/// affinely dependent.
fn affine_min_norm(verts: &[Vec<f64>]) -> Option<Vec<f64>> {
    let k = verts.len();
    if k == 1 {
        return Some(vec![1.0]);
    }
    let m = k - 1;
    let d: Vec<Vec<f64>> = verts[1..]
        .iter()
        .map(|v| v.iter().zip(&verts[0]).map(|(a, b)| a - b).collect())
        .collect();
    let mut a = vec![0.0; m * m];
    let mut b = vec![0.0; m];
    for i in 0..m {
        for j in 0..m {
            a[i * m + j] = dot(&d[i], &d[j]);
        }
        b[i] = -dot(&d[i], &verts[0]);
    }
    let scale = (0..m).map(|i| a[i * m + i]).fold(0.0, f64::max);
    let beta = solve(&mut a, &mut b, m, 1e-13 * scale)?;
    let mut alpha = Vec::with_capacity(k);
    alpha.push(1.0 - beta.iter().sum::<f64>());
    alpha.extend(beta);
    Some(alpha)
}

/// Solves `A x = b` (`m × m`, row-major) by Gaussian elimination with partial pivoting;
/// `None` if a pivot is at most `tiny`.
fn solve(a: &mut [f64], b: &mut [f64], m: usize, tiny: f64) -> Option<Vec<f64>> {
    for col in 0..m {
        let piv =
            (col..m).max_by(|&r, &s| a[r * m + col].abs().total_cmp(&a[s * m + col].abs()))?;
        if !(a[piv * m + col].abs() > tiny) {
            return None;
        }
        if piv != col {
            for c in 0..m {
                a.swap(col * m + c, piv * m + c);
            }
            b.swap(col, piv);
        }
        for r in col + 1..m {
            let f = a[r * m + col] / a[col * m + col];
            if f != 0.0 {
                for c in col..m {
                    a[r * m + c] -= f * a[col * m + c];
                }
                b[r] -= f * b[col];
            }
        }
    }
    let mut x = vec![0.0; m];
    for r in (0..m).rev() {
        let s: f64 = (r + 1..m).map(|c| a[r * m + c] * x[c]).sum();
        x[r] = (b[r] - s) / a[r * m + r];
    }
    Some(x)
}
