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

use super::{check_init, check_positive, check_tolerance, relative_gap, Gram, Step, Stop, Trainer};
use crate::data::Dataset;
use crate::error::{Error, Result};
use crate::linalg::{argmin, argmin_offset, axpy, dot};
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
    /// Stop when `κ(w)` has not improved for this many steps (the assignments use `P`).
    pub patience: Option<usize>,
}

impl Default for MinoverParams {
    fn default() -> Self {
        Self {
            gap_tolerance: 1e-3,
            max_epochs: 1000.0,
            init: None,
            gram_budget: GRAM_BUDGET_BYTES,
            patience: None,
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
    /// Stops when `κ(w)` has not improved for `steps` steps.
    #[must_use]
    pub fn patience(mut self, steps: usize) -> Self {
        self.patience = Some(steps);
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
        check_tolerance("gap tolerance", self.gap_tolerance)?;
        check_positive("max_epochs", self.max_epochs)?;
        check_init(self.init.as_ref(), data)?;
        let gram = Gram::new(data.signed_rows(), data.dim(), self.gram_budget);
        let w = self
            .init
            .as_ref()
            .map_or_else(|| vec![0.0; data.dim()], |p| p.w.clone());
        let h: Vec<f64> = (0..data.len()).map(|mu| dot(&w, gram.row(mu))).collect();
        let positive: Vec<bool> = data.labels().iter().map(|&y| y > 0.0).collect();
        let next = select(mode, &h, &positive);
        // 0 on the class, +∞ off it: [+1 class | −1 class]
        let class_offsets = [true, false]
            .iter()
            .flat_map(|&c| {
                positive
                    .iter()
                    .map(move |&p| if p == c { 0.0 } else { f64::INFINITY })
            })
            .collect();
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
            positive,
            class_offsets,
            next,
            x: vec![0.0; data.len()],
            sum_x: 0.0,
            best: (f64::NEG_INFINITY, 0),
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
    /// `z^μ = S^μ ξ^μ` and their Gram matrix.
    gram: Gram,
    w: Vec<f64>,
    /// `|w|²`, kept incrementally.
    w2: f64,
    /// Potentials `h_μ = w·z^μ = S^μ w·ξ^μ`, kept incrementally.
    h: Vec<f64>,
    /// `S^μ = +1`.
    positive: Vec<bool>,
    /// Threshold mode's class masks for [`argmin_offset`]: `P` entries for `S = +1`, then `P` for `S = −1`.
    class_offsets: Vec<f64>,
    /// The example(s) the next step updates on.
    next: (usize, Option<usize>),
    x: Vec<f64>,
    /// `Σ x^μ`, kept incrementally.
    sum_x: f64,
    /// The best `κ(w)` so far and the step it was reached (for `patience`).
    best: (f64, usize),
    max_steps: usize,
    steps: usize,
    stop: Option<Stop>,
}

/// Through the origin `argmin_μ h_μ`; with a threshold the least stable example of each class,
/// `(argmin_{S=+1} h, argmin_{S=−1} h)` — i.e. `argmin_+ w·ξ` and `argmax_− w·ξ`.
fn select(mode: Mode, h: &[f64], positive: &[bool]) -> (usize, Option<usize>) {
    let mut sel = Selector::new(mode);
    for (nu, (&v, &pos)) in h.iter().zip(positive).enumerate() {
        sel.offer(nu, v, pos);
    }
    sel.result()
}

/// Running minima for [`select`], fused into the potential update.
struct Selector {
    by_class: bool,
    best: [(usize, f64); 2],
}

impl Selector {
    fn new(mode: Mode) -> Self {
        Self {
            by_class: mode == Mode::Threshold,
            best: [(0, f64::INFINITY); 2],
        }
    }

    #[inline]
    fn offer(&mut self, nu: usize, v: f64, positive: bool) {
        if positive || !self.by_class {
            if v < self.best[0].1 {
                self.best[0] = (nu, v);
            }
        } else if v < self.best[1].1 {
            self.best[1] = (nu, v);
        }
    }

    fn result(&self) -> (usize, Option<usize>) {
        (self.best[0].0, self.by_class.then_some(self.best[1].0))
    }
}

impl Minover {
    /// `κ(w)` of the current weights from the selected potentials:
    /// `h_ν / |w|`, or `(h_a + h_b) / 2|w|` with the threshold in the middle of the gap.
    fn kappa(&self) -> f64 {
        let wn = self.w2.sqrt();
        match self.next {
            (nu, None) => self.h[nu] / wn,
            (a, Some(b)) => (self.h[a] + self.h[b]) / (2.0 * wn),
        }
    }

    /// `w ← w + η (z^a [+ z^b])`, with `|w|²`, the potentials and the next selection updated in
    /// one pass over the examples. Returns whether `w` moved.
    fn update(&mut self, a: usize, b: Option<usize>) -> bool {
        let eta = self.eta;
        let (ha, kaa) = (self.h[a], self.gram.get(a, a));
        let d2 = match b {
            None => {
                self.w2 += 2.0 * eta * ha + eta * eta * kaa;
                kaa
            }
            Some(b) => {
                let (hb, kbb, kab) = (self.h[b], self.gram.get(b, b), self.gram.get(a, b));
                self.w2 += 2.0 * eta * (ha + hb) + eta * eta * (kaa + kbb + 2.0 * kab);
                kaa + kbb + 2.0 * kab
            }
        };
        axpy(eta, self.gram.row(a), &mut self.w);
        if let Some(b) = b {
            axpy(eta, self.gram.row(b), &mut self.w);
        }
        let (h, positive) = (&mut self.h, &self.positive[..]);
        self.next = match (self.gram.column(a), b.map(|b| self.gram.column(b))) {
            (Some(ka), None) => {
                // the hot loop through the origin: h ← h + η K_·a, then argmin (both vectorise)
                axpy(eta, ka, h);
                (argmin(h), None)
            }
            (Some(ka), Some(Some(kb))) => {
                axpy(eta, ka, h);
                axpy(eta, kb, h);
                let (plus, minus) = self.class_offsets.split_at(h.len());
                (argmin_offset(h, plus), Some(argmin_offset(h, minus)))
            }
            _ => {
                // no stored Gram matrix: recompute h_ν = w·z^ν in O(P N)
                for (nu, hv) in h.iter_mut().enumerate() {
                    *hv = dot(&self.w, self.gram.row(nu));
                }
                select(self.mode, h, positive)
            }
        };
        d2 > 0.0
    }
}

impl Trainer for Minover {
    fn step(&mut self) -> Step {
        if let Some(stop) = self.stop {
            return Step::stopped(stop);
        }
        if let (Some(patience), true) = (self.params.patience, self.steps > 0) {
            let kappa = self.kappa();
            if kappa > self.best.0 {
                self.best = (kappa, self.steps);
            } else if self.steps - self.best.1 >= patience {
                self.stop = Some(Stop::NoImprovement);
                return Step::stopped(Stop::NoImprovement);
            }
        }
        if self.certifies && self.steps > 0 {
            let upper = self.w2.sqrt() / self.sum_x;
            if relative_gap(self.kappa(), upper) <= self.params.gap_tolerance {
                self.stop = Some(Stop::GapReached);
                return Step::stopped(Stop::GapReached);
            }
        }
        if self.steps >= self.max_steps {
            self.stop = Some(Stop::Limit);
            return Step::stopped(Stop::Limit);
        }
        let (a, b) = self.next;
        let moved = self.update(a, b);
        self.x[a] += self.eta;
        self.sum_x += self.eta;
        if let Some(b) = b {
            self.x[b] += self.eta;
            self.sum_x += self.eta;
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
