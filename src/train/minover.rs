//! MinOver (Krauth & Mézard 1987; Biehl §3.6.2): the perceptron of optimal stability by repeated
//! Hebbian updates on the least stable example.
//!
//! Through the origin, each step takes `ν = argmin_μ E^μ` with `E^μ = w·ξ^μ S^μ` and applies
//!
//! `w ← w + (1/N) ξ^ν S^ν`.
//!
//! With a threshold, each step takes the worst example of each class,
//! `a = argmin_{S=+1} w·ξ`, `b = argmax_{S=−1} w·ξ`, and applies `w ← w + (1/N)(ξ^a − ξ^b)`:
//! MinOver on the difference vectors, whose optimum is the maximal margin between the classes;
//! `θ` is then the middle of the gap, `θ = (w·ξ^a + w·ξ^b)/2`.
//!
//! The potentials are kept up to date in `O(P)` per step from the Gram matrix ([`super::Gram`]).
//! From tabula rasa the update counts are embedding strengths, so every step certifies
//! `κ(w) ≤ κ_max ≤ |w| / Σ x^μ`; the run stops when the relative gap falls below the tolerance.
//!
//! # References
//! - W. Krauth, M. Mézard, J. Phys. A 20 (1987) L745.

use super::{check_init, check_positive, relative_gap, Gram, Step, Stop, Trainer};
use crate::data::Dataset;
use crate::error::{Error, Result};
use crate::linalg::{axpy, dot, norm};
use crate::measure::{best_threshold, Perceptron};
use crate::train::gram::GRAM_BUDGET_BYTES;
use crate::train::Mode;

/// Parameters of [`Minover`].
#[derive(Debug, Clone, PartialEq)]
pub struct MinoverParams {
    /// Stop when `(κ_upper − κ(w)) / κ_upper ≤ gap_tolerance`.
    pub gap_tolerance: f64,
    /// The most steps (one update each), as a multiple of `P`.
    pub max_epochs: f64,
    /// Initial weights; `None` is tabula rasa (which certifies the gap).
    pub init: Option<Perceptron>,
    /// Memory allowed for the Gram matrix, in bytes.
    pub gram_budget: usize,
}

impl Default for MinoverParams {
    fn default() -> Self {
        Self {
            gap_tolerance: 1e-3,
            max_epochs: 1000.0,
            init: None,
            gram_budget: GRAM_BUDGET_BYTES,
        }
    }
}

impl MinoverParams {
    /// Sets the relative gap tolerance.
    #[must_use]
    pub fn gap_tolerance(mut self, tol: f64) -> Self {
        self.gap_tolerance = tol;
        self
    }
    /// Sets the step limit in units of `P` steps.
    #[must_use]
    pub fn max_epochs(mut self, n: f64) -> Self {
        self.max_epochs = n;
        self
    }
    /// Starts from given weights (the gap is then not certified).
    #[must_use]
    pub fn init(mut self, p: Perceptron) -> Self {
        self.init = Some(p);
        self
    }
    /// Sets the Gram matrix budget in bytes (0: always recompute).
    #[must_use]
    pub fn gram_budget(mut self, bytes: usize) -> Self {
        self.gram_budget = bytes;
        self
    }

    /// Validates the parameters and starts a run on `data`.
    ///
    /// # Errors
    /// [`Error::Empty`] for no data; [`Error::OneClass`] with a threshold and one class only;
    /// [`Error::OutOfRange`] for a non-positive tolerance or limit; [`Error::Shape`] for a bad init.
    pub fn build(self, data: &Dataset, mode: Mode) -> Result<Minover> {
        if data.is_empty() {
            return Err(Error::Empty);
        }
        if mode == Mode::Threshold && !data.has_both_classes() {
            return Err(Error::OneClass {
                label: data.y(0) as i8,
            });
        }
        check_positive("gap tolerance", self.gap_tolerance)?;
        check_positive("max_epochs", self.max_epochs)?;
        check_init(self.init.as_ref(), data)?;
        let rows = match mode {
            Mode::Homogeneous => data.signed_rows(),
            Mode::Threshold => data.features().to_vec(),
        };
        let gram = Gram::new(rows, data.dim(), self.gram_budget);
        let w = self
            .init
            .as_ref()
            .map_or_else(|| vec![0.0; data.dim()], |p| p.w.clone());
        let h = (0..data.len()).map(|mu| dot(&w, gram.row(mu))).collect();
        let max_steps = (self.max_epochs * data.len() as f64).ceil() as usize;
        Ok(Minover {
            data: data.clone(),
            mode,
            eta: 1.0 / data.dim() as f64,
            certifies: self.init.is_none(),
            params: self,
            gram,
            w2: dot(&w, &w),
            w,
            h,
            x: vec![0.0; data.len()],
            max_steps,
            steps: 0,
            stop: None,
        })
    }
}

/// A MinOver run in progress.
#[derive(Debug, Clone)]
pub struct Minover {
    data: Dataset,
    mode: Mode,
    eta: f64,
    certifies: bool,
    params: MinoverParams,
    /// `z^μ = S^μ ξ^μ` (through the origin) or `ξ^μ` (threshold), and their Gram matrix.
    gram: Gram,
    w: Vec<f64>,
    /// `|w|²`, kept incrementally.
    w2: f64,
    /// Potentials `h_μ = w·z^μ` (through the origin) or `w·ξ^μ` (threshold).
    h: Vec<f64>,
    x: Vec<f64>,
    max_steps: usize,
    steps: usize,
    stop: Option<Stop>,
}

impl Minover {
    /// The example(s) to update on and the current `κ(w)` they give:
    /// `(ν, None, min_μ h_μ / |w|)` or `(a, Some(b), (h_a − h_b) / 2|w|)`.
    fn select(&self) -> (usize, Option<usize>, f64) {
        let wn = self.w2.sqrt();
        match self.mode {
            Mode::Homogeneous => {
                let nu = argmin(self.h.iter().copied());
                (nu, None, self.h[nu] / wn)
            }
            Mode::Threshold => {
                let ys = self.data.labels();
                let a = argmin(self.h.iter().zip(ys).map(
                    |(&h, &y)| {
                        if y > 0.0 {
                            h
                        } else {
                            f64::INFINITY
                        }
                    },
                ));
                let b = argmin(self.h.iter().zip(ys).map(
                    |(&h, &y)| {
                        if y < 0.0 {
                            -h
                        } else {
                            f64::INFINITY
                        }
                    },
                ));
                (a, Some(b), (self.h[a] - self.h[b]) / (2.0 * wn))
            }
        }
    }

    /// Adds `s·row(μ)` to `w`, keeping `|w|²` and the potentials current; returns whether `w` moved.
    fn add(&mut self, mu: usize, s: f64) -> bool {
        let k = self.gram.get(mu, mu);
        self.w2 += 2.0 * s * self.h[mu] + s * s * k;
        axpy(s, self.gram.row(mu), &mut self.w);
        self.gram.add_column(mu, s, &mut self.h);
        k > 0.0
    }
}

/// Index of the smallest value (the first on ties).
fn argmin(values: impl Iterator<Item = f64>) -> usize {
    let mut best = (0, f64::INFINITY);
    for (i, v) in values.enumerate() {
        if v < best.1 {
            best = (i, v);
        }
    }
    best.0
}

impl Trainer for Minover {
    fn step(&mut self) -> Step {
        if let Some(stop) = self.stop {
            return Step::stopped(stop);
        }
        let (a, b, kappa) = self.select();
        if self.certifies && self.steps > 0 {
            let upper = norm(&self.w) / self.x.iter().sum::<f64>();
            if relative_gap(kappa, upper) <= self.params.gap_tolerance {
                self.stop = Some(Stop::GapReached);
                return Step::stopped(Stop::GapReached);
            }
        }
        if self.steps >= self.max_steps {
            self.stop = Some(Stop::Limit);
            return Step::stopped(Stop::Limit);
        }
        let mut moved = self.add(a, self.eta);
        self.x[a] += self.eta;
        if let Some(b) = b {
            // row(b) = ξ^b and S^b = −1: w ← w − ξ^b/N
            moved |= self.add(b, -self.eta);
            self.x[b] += self.eta;
        }
        self.steps += 1;
        if !moved {
            self.stop = Some(Stop::Stalled);
        }
        Step {
            example: Some(a),
            partner: b,
            updated: moved,
            stop: self.stop,
        }
    }

    fn perceptron(&self) -> Perceptron {
        let theta = match self.mode {
            Mode::Homogeneous => 0.0,
            Mode::Threshold => best_threshold(&self.w, &self.data).unwrap_or(0.0),
        };
        Perceptron::new(self.w.clone(), theta)
    }

    fn embedding(&self) -> &[f64] {
        &self.x
    }

    fn certifies(&self) -> bool {
        self.certifies
    }

    fn data(&self) -> &Dataset {
        &self.data
    }

    fn progress(&self) -> (usize, usize, Option<Stop>) {
        (self.steps, self.steps, self.stop)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::generate::{teacher, teacher_set};
    use crate::rng::rng_from_seed;

    /// The incremental potentials equal potentials recomputed from `w` (Gram stored or not).
    #[test]
    fn incremental_potentials_match_recomputed() {
        let mut rng = rng_from_seed(2);
        let t = teacher(10, &mut rng);
        let d = teacher_set(60, &t, 0.1, &mut rng).unwrap();
        for mode in [Mode::Homogeneous, Mode::Threshold] {
            for budget in [0, usize::MAX] {
                let mut m = MinoverParams::default()
                    .gram_budget(budget)
                    .max_epochs(50.0)
                    .gap_tolerance(1e-12)
                    .build(&d, mode)
                    .unwrap();
                m.run();
                for mu in 0..d.len() {
                    let direct = dot(&m.w, m.gram.row(mu));
                    assert!((m.h[mu] - direct).abs() <= 1e-9 * (1.0 + direct.abs()));
                }
                assert!((m.w2 - dot(&m.w, &m.w)).abs() <= 1e-9 * m.w2);
            }
        }
    }
}
