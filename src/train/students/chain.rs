//! Exact Hamiltonian Monte Carlo for the standard Gaussian restricted to a polyhedral cone
//! `C = {v ∈ R^D : z^μ·v > 0 for every μ}` (Pakman & Paninski 2014).
//!
//! The Gaussian density `e^{−|v|²/2}` is rotation invariant, so the direction `v/|v|` of a sample
//! from the Gaussian restricted to `C` is uniform on the cone's spherical region `C ∩ S^{D−1}`
//! (the radial part factorises).
//!
//! One step of the chain is one trajectory of the Hamiltonian `|v|²/2 + |s|²/2` with a fresh
//! momentum `s ~ N(0, 1_D)`, for the time `T = π/2`. Inside the cone the motion is exactly
//! harmonic, `v(t) = v cos t + s sin t`, so each potential moves on a sinusoid,
//! `h^μ(t) = z^μ·v(t) = a^μ cos t + b^μ sin t` with `a^μ = z^μ·v > 0`, `b^μ = z^μ·s`; it reaches
//! the wall `h^μ = 0` at `t^μ = atan2(b^μ, a^μ) + π/2`. The first wall `ν = argmin t^μ` (that is,
//! `argmin b^μ/a^μ`, one division per example) is hit at `t^ν`, where the velocity is reflected,
//! `v̇ ← v̇ − 2 (v̇·z^ν / |z^ν|²) z^ν`, and the motion goes on for the time left. The dynamics
//! conserve the energy and the volume of phase space and are reversible, so every trajectory's
//! end point is accepted: the chain leaves the restricted Gaussian invariant with no rejection
//! (for `T = π/2` without walls, each step would be an independent draw).
//!
//! A trajectory costs the two products `Zv`, `Zs` (`O(PD)`, also clearing any rounding drift of
//! the potentials) and, per wall hit, `O(P + D)`: the momenta's potentials change by the column
//! `z^μ·z^ν` of the Gram matrix ([`super::super::Gram`], stored when it fits its budget, else
//! `O(PD)` per hit). How many walls a trajectory meets grows with `D` and with the narrowness of
//! the cone (at `α = 10`, `N = 20`: about 15).
//!
//! **Tilt.** With a tilt exponent `e`, the chain targets instead the restricted Gaussian times
//! `W(v) = (|v|² / |v_{1..D−1}|²)^e`, a function of the direction only: each trajectory's end
//! point is a proposal, accepted with probability `min(1, W(end)/W(start))` (Metropolis–Hastings
//! on a proposal kernel reversible for the restricted Gaussian; a rejected proposal leaves the
//! chain where it was). The threshold students use it to turn the augmented sphere's measure
//! into the cylinder's (`super`, "the measures").
//!
//! Rounding at a corner (two walls within an ulp) can leave a potential at `−10⁻¹⁶` with the
//! momentum pointing out; such a wall is reflected at once (`t = 0`), so the trajectory stays in
//! the cone to rounding. A trajectory is cut after [`MAX_BOUNCES`] walls (never seen).
//!
//! # References
//! - A. Pakman, L. Paninski, J. Comput. Graph. Stat. 23 (2014) 518–542.
//! - R. M. Neal, in *Handbook of Markov Chain Monte Carlo* (2011), ch. 5 (reflection at walls).

use crate::linalg::{axpy, dot, norm};
use crate::rng::{gaussian, Rng};
use crate::train::gram::{Gram, GRAM_BUDGET_BYTES};
use std::f64::consts::FRAC_PI_2;

/// The duration of a trajectory: a quarter period of the harmonic motion.
pub const DURATION: f64 = FRAC_PI_2;

/// The most walls one trajectory may hit before it is cut.
pub const MAX_BOUNCES: usize = 1_000_000;

/// The state of one chain.
#[derive(Debug, Clone)]
pub struct Chain {
    /// The cone's normals `z^μ` and their Gram matrix.
    gram: Gram,
    /// `|z^μ|²`.
    norm_sq: Vec<f64>,
    /// The current point `v ∈ C`.
    x: Vec<f64>,
    /// Scratch: the momentum, the potentials of `v` and of the momentum.
    s: Vec<f64>,
    a: Vec<f64>,
    b: Vec<f64>,
    /// The tilt exponent `e` (`None`: no tilt).
    tilt: Option<f64>,
    /// The point before the current trajectory (to return to on a rejection).
    before: Vec<f64>,
    rng: Rng,
    steps: usize,
    bounces: usize,
    rejected: usize,
}

impl Chain {
    /// A chain in the cone of the rows of `z` (`P × d`, row-major), started at `√d · start`
    /// (the typical radius of the `d`-dimensional Gaussian), which must lie strictly inside the
    /// cone (e.g. the direction of maximal stability).
    ///
    /// # Panics
    /// If `start` is not strictly inside the cone (a broken invariant of the callers).
    /// With `tilt = Some(e)` the target is tilted by `W(v) = (|v|²/|v_{1..D−1}|²)^e` (module
    /// docs).
    pub fn new(z: Vec<f64>, d: usize, start: &[f64], rng: Rng, tilt: Option<f64>) -> Self {
        debug_assert_eq!(z.len() % d, 0);
        let scale = (d as f64).sqrt() / norm(start);
        let x: Vec<f64> = start.iter().map(|v| v * scale).collect();
        let norm_sq: Vec<f64> = z.chunks_exact(d).map(|zr| dot(zr, zr)).collect();
        assert!(
            z.chunks_exact(d).all(|zr| dot(zr, &x) > 0.0),
            "the chain's start is not strictly inside the cone"
        );
        let p = norm_sq.len();
        Self {
            gram: Gram::new(z, d, GRAM_BUDGET_BYTES),
            norm_sq,
            before: x.clone(),
            x,
            tilt,
            rejected: 0,
            s: vec![0.0; d],
            a: vec![0.0; p],
            b: vec![0.0; p],
            rng,
            steps: 0,
            bounces: 0,
        }
    }

    /// The current point `v` (not normalised).
    pub fn point(&self) -> &[f64] {
        &self.x
    }

    /// Trajectories run.
    pub fn steps(&self) -> usize {
        self.steps
    }

    /// Walls hit, over every trajectory.
    pub fn bounces(&self) -> usize {
        self.bounces
    }

    /// Trajectories whose end point the tilt rejected.
    pub fn rejected(&self) -> usize {
        self.rejected
    }

    /// `ln W(v)` of the tilt `e` at `v`.
    fn log_weight(v: &[f64], e: f64) -> f64 {
        let last = v[v.len() - 1];
        let head = crate::linalg::norm_sq(&v[..v.len() - 1]);
        e * libm::log1p(last * last / head)
    }

    /// The tilt's accept/reject step after a trajectory.
    fn tilt_step(&mut self) {
        if let Some(e) = self.tilt {
            let log_ratio = Self::log_weight(&self.x, e) - Self::log_weight(&self.before, e);
            if log_ratio < 0.0 && libm::log(crate::rng::uniform_open0(&mut self.rng)) > log_ratio {
                self.rejected += 1;
                self.x.clone_from(&self.before);
            }
        }
    }

    /// One trajectory of duration [`DURATION`] from the current point with a fresh momentum.
    pub fn step(&mut self) {
        self.steps += 1;
        if self.tilt.is_some() {
            self.before.clone_from(&self.x);
        }
        self.trajectory();
        self.tilt_step();
    }

    /// One trajectory of the restricted Gaussian's dynamics.
    fn trajectory(&mut self) {
        for v in &mut self.s {
            *v = gaussian(&mut self.rng);
        }
        for mu in 0..self.a.len() {
            let zr = self.gram.row(mu);
            self.a[mu] = dot(zr, &self.x);
            self.b[mu] = dot(zr, &self.s);
        }
        let mut left = DURATION;
        for _ in 0..MAX_BOUNCES {
            let Some((nu, t)) = self.first_wall() else {
                self.advance(left);
                return;
            };
            if t >= left {
                self.advance(left);
                return;
            }
            self.advance(t);
            left -= t;
            self.reflect(nu);
        }
    }

    /// The first wall the motion meets and when: `argmin_μ b^μ/a^μ` over the walls ahead
    /// (`t = atan(b/a) + π/2`); a wall the point is on or past with the momentum outwards is met
    /// at once; `None` if no wall is ahead within a half period.
    fn first_wall(&self) -> Option<(usize, f64)> {
        let mut best: Option<(usize, f64)> = None;
        for (mu, (&a, &b)) in self.a.iter().zip(&self.b).enumerate() {
            let key = if a > 0.0 {
                b / a
            } else if b > 0.0 {
                continue; // on the wall, moving in: it comes back only after a half period
            } else {
                return Some((mu, 0.0)); // on or past the wall moving out (rounding): reflect now
            };
            if best.is_none_or(|(_, k)| key < k) {
                best = Some((mu, key));
            }
        }
        best.map(|(mu, key)| (mu, libm::atan(key) + FRAC_PI_2))
    }

    /// The harmonic motion for the time `t`: `(v, s) ← (v cos t + s sin t, −v sin t + s cos t)`,
    /// the potentials alike.
    fn advance(&mut self, t: f64) {
        let (c, sn) = (libm::cos(t), libm::sin(t));
        for (x, s) in self.x.iter_mut().zip(&mut self.s) {
            (*x, *s) = (*x * c + *s * sn, *s * c - *x * sn);
        }
        for (a, b) in self.a.iter_mut().zip(&mut self.b) {
            (*a, *b) = (*a * c + *b * sn, *b * c - *a * sn);
        }
    }

    /// Reflects the momentum at wall `ν`: `s ← s − 2 (b^ν/|z^ν|²) z^ν`; the momenta's potentials
    /// change by the Gram column of `ν`; wall `ν`'s own become exactly `(0, −b^ν)`.
    fn reflect(&mut self, nu: usize) {
        self.bounces += 1;
        let b_nu = self.b[nu];
        let coef = -2.0 * b_nu / self.norm_sq[nu];
        axpy(coef, self.gram.row(nu), &mut self.s);
        self.gram.add_column(nu, coef, &mut self.b);
        self.a[nu] = 0.0;
        self.b[nu] = -b_nu;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::rng_from_seed;

    /// With no walls each step is an independent standard Gaussian in `D` dimensions: the mean
    /// of `|v|²` is `D` within five standard errors `√(2D/n)`.
    #[test]
    fn unconstrained_chain_is_the_gaussian() {
        let d = 5;
        let mut c = Chain::new(
            vec![],
            d,
            &[1.0, 0.0, 0.0, 0.0, 0.0],
            rng_from_seed(3),
            None,
        );
        let n = 4000;
        let mut sum = 0.0;
        for _ in 0..n {
            c.step();
            sum += crate::linalg::norm_sq(c.point());
        }
        let mean = sum / f64::from(n);
        let se = (2.0 * d as f64 / f64::from(n)).sqrt();
        assert!((mean - d as f64).abs() < 5.0 * se, "{mean}");
        assert_eq!(c.bounces(), 0);
    }

    /// In the half line `v > 0` (`D = 1`) the chain samples the half Gaussian: mean `√(2/π)`,
    /// standard deviation `√(1 − 2/π)`, within five standard errors of independent draws (the
    /// quarter period makes them nearly so: the lag-one correlation is checked below 0.1).
    #[test]
    fn half_line() {
        let mut c = Chain::new(vec![1.0], 1, &[1.0], rng_from_seed(4), None);
        let n = 20_000;
        let xs: Vec<f64> = (0..n)
            .map(|_| {
                c.step();
                c.point()[0]
            })
            .collect();
        assert!(xs.iter().all(|&x| x > 0.0));
        let mean = xs.iter().sum::<f64>() / f64::from(n);
        let sd = (1.0 - 2.0 / std::f64::consts::PI).sqrt();
        assert!(
            (mean - (2.0 / std::f64::consts::PI).sqrt()).abs() < 5.0 * sd / f64::from(n).sqrt(),
            "{mean}"
        );
        let lag1 = xs
            .windows(2)
            .map(|w| (w[0] - mean) * (w[1] - mean))
            .sum::<f64>()
            / f64::from(n - 1)
            / (sd * sd);
        assert!(lag1.abs() < 0.1, "{lag1}");
        assert!(c.bounces() > 0);
    }

    /// The tilt `W = (1 + v₂²/v₁²)^e` on the wedge `|v₂| < v₁` in 2-D: the angle
    /// `ψ = atan(v₂/v₁)` of the untilted chain is uniform on `(−π/4, π/4)`; tilted by `e = 1`
    /// its density is `∝ 1/cos²ψ`, i.e. `tan ψ` is uniform on `(−1, 1)`: mean 0 (within 7.5
    /// standard errors of 20 000 draws) and variance ⅓ (within 0.02, about 9 standard errors).
    #[test]
    fn tilt_reweights_by_direction() {
        let r = std::f64::consts::FRAC_1_SQRT_2;
        let z = vec![r, r, r, -r]; // v₁ + v₂ > 0 and v₁ − v₂ > 0
        let mut c = Chain::new(z, 2, &[1.0, 0.0], rng_from_seed(6), Some(1.0));
        let n = 20_000;
        let ts: Vec<f64> = (0..n)
            .map(|_| {
                c.step();
                c.point()[1] / c.point()[0]
            })
            .collect();
        let mean = ts.iter().sum::<f64>() / f64::from(n);
        let var = ts.iter().map(|t| (t - mean).powi(2)).sum::<f64>() / f64::from(n);
        let se = (1.0 / 3.0 / f64::from(n)).sqrt();
        assert!(mean.abs() < 5.0 * se * 1.5, "{mean}");
        assert!((var - 1.0 / 3.0).abs() < 0.02, "{var}");
        assert!(c.rejected() > 0);
    }
}
