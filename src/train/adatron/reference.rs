//! AdaTron as the chapter writes it (Biehl §3.6.3, §3.7), through the origin, from tabula rasa,
//! with hard margin: the reference the fast path ([`super::Adatron`]) is tested against.
//!
//! In the book's units `w = (1/N) Σ_μ x^μ S^μ ξ^μ` and `C^μμ = |ξ^μ|²/N`, the examples are
//! swept in order, and for example `μ`, with `E^μ = w·ξ^μ S^μ`,
//!
//! `x^μ ← max(0, x^μ + η_μ (1 − E^μ))`,   `w ← w + (1/N) Δx^μ S^μ ξ^μ`,
//!
//! with `η_μ = η` the book's fixed step, or `η_μ = 1/C^μμ` (the exact coordinate step). After each
//! sweep it stops when the certified gap `(U − κ(w)) / U`, `U = N|w| / Σ_μ x^μ ≥ κ_max`, is at most
//! the tolerance.

use crate::data::Dataset;
use crate::linalg::{axpy, dot, norm};
use crate::train::Stop;

/// An AdaTron run in the book's units.
#[derive(Debug, Clone)]
pub struct Reference<'a> {
    data: &'a Dataset,
    /// The fixed step `η`; `None`: `1/C^μμ` per example.
    eta: Option<f64>,
    /// The weights `w`.
    pub w: Vec<f64>,
    /// The embedding strengths `x^μ`.
    pub x: Vec<f64>,
    /// Steps taken (one example each).
    pub steps: usize,
}

impl<'a> Reference<'a> {
    /// Tabula rasa on `data` with the step `eta` (`None`: the exact coordinate step).
    pub fn new(data: &'a Dataset, eta: Option<f64>) -> Self {
        Self {
            data,
            eta,
            w: vec![0.0; data.dim()],
            x: vec![0.0; data.len()],
            steps: 0,
        }
    }

    /// `E^μ = w·ξ^μ S^μ`.
    fn potential(&self, mu: usize) -> f64 {
        dot(&self.w, self.data.x(mu)) * self.data.y(mu)
    }

    /// `κ(w) = min_μ E^μ / |w|`.
    pub fn kappa(&self) -> f64 {
        let least = (0..self.data.len())
            .map(|mu| self.potential(mu))
            .fold(f64::INFINITY, f64::min);
        least / norm(&self.w)
    }

    /// The certified bound `U = N|w| / Σ_μ x^μ ≥ κ_max`.
    pub fn kappa_upper(&self) -> f64 {
        self.data.dim() as f64 * norm(&self.w) / self.x.iter().sum::<f64>()
    }

    /// One step on the next example of the sweep; returns it.
    pub fn step(&mut self) -> usize {
        let mu = self.steps % self.data.len();
        let n = self.data.dim() as f64;
        let c = self.data.norm(mu).powi(2) / n;
        let eta = self.eta.unwrap_or(1.0 / c);
        let new = (self.x[mu] + eta * (1.0 - self.potential(mu))).max(0.0);
        let dx = new - self.x[mu];
        axpy(dx * self.data.y(mu) / n, self.data.x(mu), &mut self.w);
        self.x[mu] = new;
        self.steps += 1;
        mu
    }

    /// Sweeps until the certified gap is at most `gap_tolerance` after a sweep
    /// ([`Stop::GapReached`]) or `max_steps` ([`Stop::Limit`]).
    pub fn run(&mut self, gap_tolerance: f64, max_steps: usize) -> Stop {
        loop {
            if self.steps > 0 && self.steps.is_multiple_of(self.data.len()) {
                let upper = self.kappa_upper();
                if (upper - self.kappa()) / upper <= gap_tolerance {
                    return Stop::GapReached;
                }
            }
            if self.steps >= max_steps {
                return Stop::Limit;
            }
            self.step();
        }
    }
}
