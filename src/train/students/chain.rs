//! Hit-and-run for the standard Gaussian restricted to a polyhedral cone
//! `C = {v ∈ R^D : z^μ·v > 0 for every μ}`.
//!
//! The Gaussian density `e^{−|v|²/2}` is rotation invariant, so the direction `v/|v|` of a sample
//! from the Gaussian restricted to `C` is uniform on the cone's spherical region `C ∩ S^{D−1}`
//! (the radial part factorises). One step of the chain picks a direction `d` uniform on the
//! sphere and draws `t` from the target restricted to the chord `{v + t d} ∩ C`: along the line
//! the density is `∝ e^{−(t + v·d)²/2}`, a unit Gaussian of mean `−v·d` truncated to
//! `t_lo < t < t_hi` with `t_lo = max_{b^μ > 0} (−h^μ/b^μ)`, `t_hi = min_{b^μ < 0} (−h^μ/b^μ)`
//! for the potentials `h^μ = z^μ·v > 0` and `b^μ = z^μ·d`. The chain keeps the potentials, so a
//! step costs the `P` products `z^μ·d`, `O(PD)`, and `O(P + D)` besides; every
//! [`REFRESH`] steps the potentials are recomputed from `v` to stop rounding from drifting.
//! Hit-and-run leaves its target invariant and is ergodic on any open convex set (Smith 1984);
//! its mixing time is measured, not assumed (`super::Mixing`).
//!
//! # References
//! - R. L. Smith, Operations Research 32 (1984) 1296–1308.
//! - L. Lovász, S. Vempala, SIAM J. Comput. 35 (2006) 985–1005.

use crate::linalg::{axpy, dot, norm};
use crate::rng::{gaussian, truncated_gaussian, Rng};

/// Steps between two exact recomputations of the potentials.
pub const REFRESH: usize = 64;

/// The relative distance from a face below which a step is not taken ([`Chain::step`]).
const FLOOR: f64 = 1e-12;

/// The state of one chain.
#[derive(Debug, Clone)]
pub struct Chain {
    /// The cone's normals `z^μ`, row-major `P × D`.
    z: Vec<f64>,
    d: usize,
    /// The current point `v ∈ C`.
    v: Vec<f64>,
    /// `h^μ = z^μ·v > 0`.
    h: Vec<f64>,
    /// `ε |z^μ|`: the least potential a step may leave (see [`Chain::step`]).
    floor: Vec<f64>,
    /// Scratch: the step's direction and `b^μ = z^μ·d`, then the new potentials.
    dir: Vec<f64>,
    b: Vec<f64>,
    rng: Rng,
    steps: usize,
}

impl Chain {
    /// A chain in the cone of the rows of `z` (`P × d`, row-major), started at `√d · start`
    /// (the typical radius of the `d`-dimensional Gaussian), which must lie strictly inside the
    /// cone (e.g. the direction of maximal stability).
    ///
    /// # Panics
    /// If `start` is not strictly inside the cone (a broken invariant of the callers).
    pub fn new(z: Vec<f64>, d: usize, start: &[f64], rng: Rng) -> Self {
        debug_assert_eq!(z.len() % d, 0);
        let scale = (d as f64).sqrt() / norm(start);
        let v: Vec<f64> = start.iter().map(|x| x * scale).collect();
        let h: Vec<f64> = z.chunks_exact(d).map(|zr| dot(zr, &v)).collect();
        assert!(
            h.iter().all(|&x| x > 0.0),
            "the chain's start is not strictly inside the cone"
        );
        let p = h.len();
        let floor = z.chunks_exact(d).map(|zr| FLOOR * norm(zr)).collect();
        Self {
            floor,
            z,
            d,
            v,
            h,
            dir: vec![0.0; d],
            b: vec![0.0; p],
            rng,
            steps: 0,
        }
    }

    /// The current point `v` (not normalised).
    pub fn point(&self) -> &[f64] {
        &self.v
    }

    /// Steps taken.
    pub fn steps(&self) -> usize {
        self.steps
    }

    /// One hit-and-run step. A draw that ends within `10⁻¹²` (relative) of a face,
    /// `h^μ ≤ 10⁻¹² |z^μ| |v|`, is not taken (the chain stays put for this step): the kept
    /// potentials then stay positive whatever rounding adds up between two refreshes, and the
    /// chords lose a fraction of about `10⁻¹²` of their length.
    pub fn step(&mut self) {
        self.steps += 1;
        // a uniform direction: a Gaussian vector, normalised
        let mut len = 0.0;
        while len == 0.0 {
            for x in &mut self.dir {
                *x = gaussian(&mut self.rng);
            }
            len = norm(&self.dir);
        }
        for x in &mut self.dir {
            *x /= len;
        }
        let (mut lo, mut hi) = (f64::NEG_INFINITY, f64::INFINITY);
        for ((zr, b), &h) in self.z.chunks_exact(self.d).zip(&mut self.b).zip(&self.h) {
            *b = dot(zr, &self.dir);
            if *b > 0.0 {
                lo = lo.max(-h / *b);
            } else if *b < 0.0 {
                hi = hi.min(-h / *b);
            }
        }
        // t ~ N(−m, 1) on (lo, hi), m = v·d: s = t + m is a truncated standard Gaussian
        let m = dot(&self.v, &self.dir);
        if !(lo + m < hi + m) {
            return; // a chord of zero length in floating point
        }
        let t = truncated_gaussian(lo + m, hi + m, &mut self.rng) - m;
        // the new potentials in b: h + t b, all positive or the step is not taken
        // |v + t d|² = |v|² + 2tm + t²
        let radius = (crate::linalg::norm_sq(&self.v) + t * (2.0 * m + t))
            .max(0.0)
            .sqrt();
        let mut inside = true;
        for ((b, &h), &f) in self.b.iter_mut().zip(&self.h).zip(&self.floor) {
            *b = h + t * *b;
            inside &= *b > f * radius;
        }
        if !inside {
            return;
        }
        axpy(t, &self.dir, &mut self.v);
        std::mem::swap(&mut self.h, &mut self.b);
        if self.steps % REFRESH == 0 {
            for (zr, h) in self.z.chunks_exact(self.d).zip(&mut self.h) {
                *h = dot(zr, &self.v);
            }
            // the floor keeps v 10⁻¹² inside every face; rounding over REFRESH steps is far less
            assert!(self.h.iter().all(|&x| x > 0.0), "the chain left its cone");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::rng_from_seed;

    /// With no constraints the chain samples the standard Gaussian in `D` dimensions: the mean
    /// of `|v|²` is `D` (standard error `√(2D/n)` for independent draws; the draws are thinned
    /// by `D` steps, and the allowance is 5 standard errors times 2 for what correlation is left).
    #[test]
    fn unconstrained_chain_is_the_gaussian() {
        let d = 5;
        let mut c = Chain::new(vec![], d, &[1.0, 0.0, 0.0, 0.0, 0.0], rng_from_seed(3));
        let n = 4000;
        let mut sum = 0.0;
        for _ in 0..n {
            for _ in 0..d {
                c.step();
            }
            sum += crate::linalg::norm_sq(c.point());
        }
        let mean = sum / f64::from(n);
        let se = (2.0 * d as f64 / f64::from(n)).sqrt();
        assert!((mean - d as f64).abs() < 10.0 * se, "{mean}");
    }

    /// In the half line `v > 0` (`D = 1`) the chain samples the half Gaussian: mean `√(2/π)`.
    #[test]
    fn half_line() {
        let mut c = Chain::new(vec![1.0], 1, &[1.0], rng_from_seed(4));
        let n = 20_000;
        let mut sum = 0.0;
        for _ in 0..n {
            c.step();
            assert!(c.point()[0] > 0.0);
            sum += c.point()[0];
        }
        let mean = sum / f64::from(n);
        // σ of the half Gaussian: √(1 − 2/π) ≈ 0.60; 5 standard errors of independent draws
        assert!((mean - (2.0 / std::f64::consts::PI).sqrt()).abs() < 5.0 * 0.6 / 141.0);
    }
}
