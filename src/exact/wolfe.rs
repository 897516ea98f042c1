//! Wolfe's minimum-norm-point algorithm: the point `p*` of a polytope nearest to the origin,
//! the reference solver of maximal stability and the fallback of the active-set solver.
//!
//! Through the origin the polytope is `conv{z^μ = S^μ ξ^μ}` ([`SignedRows`]); with a threshold it
//! is the difference polytope `conv{ξ^a − ξ^b : S^a = +1, S^b = −1}` ([`ClassDifferences`]).
//! Both are given by a linear-minimisation oracle, the vertex `v` minimising `p·v`, which costs
//! `O(P N)` for either.
//!
//! **Major cycle**: with `x` the current point, take the vertex `v` minimising `x·v`; stop when
//! `|x|² − x·v ≤ 10⁻¹³ max|v|²` (no vertex is nearer in the direction `−x`: `x = p*`), else add
//! `v` to the corral. **Minor cycle**: move to the point of least norm in the corral's affine
//! hull ([`affine_min_norm`]); if one of its weights is not positive, move from `x` towards it
//! until the first weight reaches zero, drop that vertex and repeat. Each major cycle strictly
//! decreases `|x|`, so corrals (of at most `N + 1` vertices) never repeat and the method is
//! finite; it ends with the solution of a small linear system, not with an iterate that "looks
//! converged".
//!
//! # References
//! - P. Wolfe, Math. Programming 11 (1976) 128–149.

use super::dense::gauss_solve;
use crate::data::Dataset;
use crate::linalg::{axpy, dot};

/// Relative tolerance of the optimality test `|p|² − p·v ≤ TOL · max|v|²`.
const TOL: f64 = 1e-13;

/// Through the origin: the nearest point `p* = Σ λ^μ z^μ` of `conv{z^μ}` and its convex
/// weights `λ^μ` (zero off the final corral).
pub(super) fn nearest_signed_point(data: &Dataset) -> (Vec<f64>, Vec<f64>) {
    let mnp = min_norm_point(&SignedRows::new(data));
    let mut weights = vec![0.0; data.len()];
    for &(mu, l) in &mnp.corral {
        weights[mu] += l;
    }
    (mnp.point, weights)
}

/// With a threshold: the nearest point `p* = Σ λ^{ab} (ξ^a − ξ^b)` of the difference polytope,
/// and the weights `x^μ = Σ_{pairs containing μ} λ^{ab}` (each pair counts for `a` and for `b`).
/// Both classes must be present.
pub(super) fn nearest_difference_point(data: &Dataset) -> (Vec<f64>, Vec<f64>) {
    let mnp = min_norm_point(&ClassDifferences::new(data));
    let mut weights = vec![0.0; data.len()];
    for &((a, b), l) in &mnp.corral {
        weights[a] += l;
        weights[b] += l;
    }
    (mnp.point, weights)
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

/// `conv{z^μ = S^μ ξ^μ}`: its linear minimiser is `argmin_μ p·z^μ`.
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

/// The answer on the final corral: `p* = Σ λ_i v_i`, [`refine`]d.
fn finish<Id: Copy>(ids: Vec<Id>, verts: Vec<Vec<f64>>, lambda: &[f64], n: usize) -> MinNorm<Id> {
    MinNorm {
        point: refine(combine(&verts, lambda, n), &verts),
        corral: ids.into_iter().zip(lambda.iter().copied()).collect(),
    }
}

/// The nearest point of the corral's affine hull is orthogonal to the hull's directions
/// `d_i = v_i − v_1`. Forming it as `Σ λ_i v_i` cancels when it is much shorter than the `v_i`
/// (a thin version space), which spoils its direction; projecting the `d_i` out again, twice
/// ("twice is enough"), `p ← p + D β` with `β = argmin |p + D β|²`, restores the orthogonality
/// and with it the direction.
fn refine(mut p: Vec<f64>, verts: &[Vec<f64>]) -> Vec<f64> {
    if verts.len() == 1 {
        return p;
    }
    let d = directions(verts);
    for _ in 0..2 {
        let Some(beta) = least_squares_step(&d, &p) else {
            break;
        };
        for (di, bi) in d.iter().zip(&beta) {
            axpy(*bi, di, &mut p);
        }
    }
    p
}

/// `x = Σ λ_i v_i`.
fn combine(verts: &[Vec<f64>], lambda: &[f64], n: usize) -> Vec<f64> {
    let mut x = vec![0.0; n];
    for (v, l) in verts.iter().zip(lambda) {
        axpy(*l, v, &mut x);
    }
    x
}

/// The weights `α` (summing to 1) of the point of least norm in the affine hull of `verts`.
///
/// With `α = e_1 + Σ_{i≥2} β_i (e_i − e_1)` this is the least-squares problem
/// `min_β |v_1 + D β|²`, `D = [v_i − v_1]` ([`least_squares_step`]). Unlike the bordered Gram
/// system this stays well conditioned when the affine hull passes close to the origin (a thin
/// version space). `None` if the vertices are affinely dependent.
fn affine_min_norm(verts: &[Vec<f64>]) -> Option<Vec<f64>> {
    let k = verts.len();
    if k == 1 {
        return Some(vec![1.0]);
    }
    let beta = least_squares_step(&directions(verts), &verts[0])?;
    let mut alpha = Vec::with_capacity(k);
    alpha.push(1.0 - beta.iter().sum::<f64>());
    alpha.extend(beta);
    Some(alpha)
}

/// The directions `d_i = v_{i+1} − v_1` of the affine hull of `verts` (at least two).
fn directions(verts: &[Vec<f64>]) -> Vec<Vec<f64>> {
    verts[1..]
        .iter()
        .map(|v| v.iter().zip(&verts[0]).map(|(a, b)| a - b).collect())
        .collect()
}

/// `β = argmin_β |p + D β|²` for the columns `d_i` of `D`, from the normal equations
/// `DᵀD β = −Dᵀ p` (at most `N × N`) by Gaussian elimination; `None` if a pivot is at most
/// `10⁻¹³ max_i |d_i|²` (dependent directions).
fn least_squares_step(d: &[Vec<f64>], p: &[f64]) -> Option<Vec<f64>> {
    let m = d.len();
    let mut a = vec![0.0; m * m];
    let mut b = vec![0.0; m];
    for i in 0..m {
        for j in 0..m {
            a[i * m + j] = dot(&d[i], &d[j]);
        }
        b[i] = -dot(&d[i], p);
    }
    let scale = (0..m).map(|i| a[i * m + i]).fold(0.0, f64::max);
    gauss_solve(&mut a, &mut b, m, 1e-13 * scale)
}
