//! MinOver as the chapter writes it (Biehl §3.6.2), through the origin, from tabula rasa: the
//! reference the fast path ([`super::Minover`]) is tested against step for step.
//!
//! In the book's units `w = (1/N) Σ_μ x^μ S^μ ξ^μ`, each step takes the least stable example and
//! makes a Hebbian update on it:
//!
//! `ν = argmin_μ E^μ`,  `E^μ = w·ξ^μ S^μ`;   `w ← w + (1/N) ξ^ν S^ν`,  `x^ν ← x^ν + 1`.
//!
//! Every `w` of this form certifies `κ(w) ≤ κ_max ≤ N|w| / Σ_μ x^μ`, so the run stops when the
//! relative gap `(U − κ(w)) / U`, `U = N|w| / Σ_μ x^μ`, is at most the tolerance.

use crate::data::Dataset;
use crate::linalg::{axpy, dot, norm};
use crate::train::Stop;

/// A MinOver run in the book's units.
#[derive(Debug, Clone)]
pub struct Reference<'a> {
    data: &'a Dataset,
    /// The weights `w`.
    pub w: Vec<f64>,
    /// The embedding strengths `x^μ`: how often each example was chosen.
    pub x: Vec<f64>,
    /// Steps taken.
    pub steps: usize,
}

impl<'a> Reference<'a> {
    /// Tabula rasa on `data`: `w = 0`, `x = 0`.
    pub fn new(data: &'a Dataset) -> Self {
        Self {
            data,
            w: vec![0.0; data.dim()],
            x: vec![0.0; data.len()],
            steps: 0,
        }
    }

    /// `E^μ = w·ξ^μ S^μ`.
    fn potential(&self, mu: usize) -> f64 {
        dot(&self.w, self.data.x(mu)) * self.data.y(mu)
    }

    /// `ν = argmin_μ E^μ` (the first of equal ones).
    pub fn least_stable(&self) -> usize {
        (0..self.data.len()).fold(0, |nu, mu| {
            if self.potential(mu) < self.potential(nu) {
                mu
            } else {
                nu
            }
        })
    }

    /// `κ(w) = min_μ E^μ / |w|`.
    pub fn kappa(&self) -> f64 {
        self.potential(self.least_stable()) / norm(&self.w)
    }

    /// The certified bound `U = N|w| / Σ_μ x^μ ≥ κ_max`.
    pub fn kappa_upper(&self) -> f64 {
        self.data.dim() as f64 * norm(&self.w) / self.x.iter().sum::<f64>()
    }

    /// One step; returns `ν`.
    pub fn step(&mut self) -> usize {
        let nu = self.least_stable();
        let n = self.data.dim() as f64;
        axpy(self.data.y(nu) / n, self.data.x(nu), &mut self.w);
        self.x[nu] += 1.0;
        self.steps += 1;
        nu
    }

    /// Steps until the certified gap is at most `gap_tolerance` ([`Stop::GapReached`]), the
    /// chosen example cannot move `w` ([`Stop::Stalled`]), or `max_steps` ([`Stop::Limit`]).
    pub fn run(&mut self, gap_tolerance: f64, max_steps: usize) -> Stop {
        loop {
            if self.steps > 0 {
                let upper = self.kappa_upper();
                if (upper - self.kappa()) / upper <= gap_tolerance {
                    return Stop::GapReached;
                }
            }
            if self.steps >= max_steps {
                return Stop::Limit;
            }
            let nu = self.step();
            if norm(self.data.x(nu)) == 0.0 {
                return Stop::Stalled;
            }
        }
    }
}
