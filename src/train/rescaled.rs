//! A rule on a set far from 1 in magnitude ([`Rescaled`]): trained on the set times `2^k`
//! ([`Dataset::in_range`]) and reported in the set's own units.
//!
//! With `ξ' = 2^k ξ` the rule runs on `ξ'` from the start `(w₀, 2^k θ₀)` (the same decisions as
//! `(w₀, θ₀)` on `ξ`). Its `(w', θ')` is reported as `(w', 2^−k θ')`, which classifies `ξ` as
//! `(w', θ')` classifies `ξ'` (`w'·ξ' − θ' = 2^k (w'·ξ − 2^−k θ')`): the direction of `w` is the
//! rule's on `ξ'`, and `κ(w)`, `θ` and the certified bound `κ_upper` are lengths, scaled by
//! `2^−k`. The settings with units of their own — Rosenblatt's margin, a learning rate, the soft
//! margin's `γ` — apply to the set the rule runs on, `ξ'`.

use super::{Fit, RunState, Step, Stop, Trainer};
use crate::data::{unscale, Dataset};
use crate::measure::Perceptron;

/// A trainer run on the set times `2^k`, with its answers in the set's own units (module docs).
pub struct Rescaled {
    inner: Box<dyn Trainer>,
    /// The set in its own units.
    data: Dataset,
    /// The exponent: the inner rule trains on `data` times `2^k`.
    k: i32,
}

impl Rescaled {
    /// `inner`, trained on `data` times `2^k`, reported in `data`'s units.
    pub fn new(inner: Box<dyn Trainer>, data: &Dataset, k: i32) -> Self {
        Self {
            inner,
            data: data.clone(),
            k,
        }
    }

    /// The start `(w₀, θ₀)` on `ξ` as the start `(w₀, 2^k θ₀)` on `2^k ξ`.
    pub fn start(init: Option<&Perceptron>, k: i32) -> Option<Perceptron> {
        init.map(|p| Perceptron::new(p.w.clone(), unscale(p.theta, -k)))
    }
}

impl Trainer for Rescaled {
    /// The inner rule's step (whose run state holds the stop).
    fn advance(&mut self) -> Step {
        self.inner.step()
    }

    /// The inner rule's, on the set times `2^k`.
    fn run_state(&self) -> &RunState {
        self.inner.run_state()
    }

    /// `(w', 2^−k θ')`.
    fn perceptron(&self) -> Perceptron {
        let p = self.inner.perceptron();
        Perceptron::new(p.w, unscale(p.theta, self.k))
    }

    /// The inner rule's strengths: `w' = Σ x^μ S^μ 2^k ξ^μ`.
    fn embedding(&self) -> &[f64] {
        self.inner.embedding()
    }

    fn certifies(&self) -> bool {
        self.inner.certifies()
    }

    /// The inner rule's bound, a length: scaled by `2^−k`.
    fn kappa_upper(&self) -> Option<f64> {
        self.inner.kappa_upper().map(|u| unscale(u, self.k))
    }

    /// The set in its own units.
    fn data(&self) -> &Dataset {
        &self.data
    }

    fn progress(&self) -> (usize, usize, Option<Stop>) {
        self.inner.progress()
    }

    fn current_errors(&self) -> Option<usize> {
        self.inner.current_errors()
    }

    /// The inner rule's summary (computed where the numbers are in range) with `θ`, `κ` and
    /// `κ_upper` scaled by `2^−k`.
    fn fit(&self) -> Fit {
        let mut fit = self.inner.fit();
        fit.perceptron.theta = unscale(fit.perceptron.theta, self.k);
        fit.kappa = unscale(fit.kappa, self.k);
        fit.kappa_upper = self.kappa_upper();
        fit
    }
}
