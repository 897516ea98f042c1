//! MinOver's certified candidate window: `argmin_ν h_ν` over all `P` examples from the exact
//! potentials of `k < P` candidates and a lower bound on all the others (bound and policy in the
//! [`super`] module docs).
//!
//! Opened at a checkpoint `t₀` where every `h_ν(t₀)` is known. Then, with `d = w(t) − w(t₀)`
//! split along `ŵ₀ = w(t₀)/|w(t₀)|` as `u = d·ŵ₀` and across it as `r = |d − u ŵ₀|`, every
//! outsider obeys
//!
//! `h_ν(t) ≥ a·h_ν(t₀) − r·|z^ν_⊥| ≥ a·m − r·R`, `a = 1 + u/|w₀| ≥ 0`,
//!
//! with `m = min_{ν∉K} h_ν(t₀)` and `R = max_{ν∉K} |z^ν_⊥|`, `|z^ν_⊥|² = |z^ν|² − h_ν(t₀)²/|w₀|²`.
//! An update `d ← d + η z^a` (`a ∈ K`) changes `u` by `η z^a·ŵ₀` and `r²` by
//! `2η (d·z^a − u z^a·ŵ₀) + η²|z^a_⊥|²`, where `d·z^a = h_a(t) − h_a(t₀)`: `O(1)`. The
//! candidates' potentials follow from their `k × k` Gram matrix, `h_K ← h_K + η G_·a`: `O(k)`
//! (a row of `G` is filled the first time its candidate is updated: `O(k)` from the stored Gram
//! matrix, `O(k N)` without it).

use super::Gram;
use crate::linalg::axpy_argmin;

/// Relative allowance for rounding in the certificate: a candidate is certified only if it beats
/// the outsiders' bound by this much of the potentials' scale (ties within it go to a full scan).
const ROUNDING: f64 = 1e-9;

/// Relative rounding allowed per step in `d·z^a = h_a(t) − h_a(t₀)` when `r²` is accumulated.
const CROSS_ROUNDING: f64 = 1e-12;

/// The candidate set `K` of a checkpoint and what certifies its argmin.
#[derive(Debug, Clone, Default)]
pub(super) struct Window {
    /// Candidates in ascending order, so that ties in [`axpy_argmin`] go to the lowest example, as
    /// in a scan of all `P`.
    idx: Vec<usize>,
    /// `h_ν(t)` of the candidates, kept exactly.
    h: Vec<f64>,
    /// `h_ν(t₀)` of the candidates.
    h0: Vec<f64>,
    /// `z^ν·ŵ₀` of the candidates (0 for `w₀ = 0`).
    along: Vec<f64>,
    /// `|z^ν_⊥|²` of the candidates.
    across2: Vec<f64>,
    /// The candidates' Gram matrix `G_ij = z^{K_i}·z^{K_j}`, row-major `k × k`.
    g: Vec<f64>,
    /// Updates on each candidate since `t₀`.
    counts: Vec<u32>,
    /// Whether row `i` of `g` is filled.
    have_row: Vec<bool>,
    /// `1/|w₀|` (0 for `w₀ = 0`, where `ŵ₀` is undefined and `u` stays 0).
    inv_w0: f64,
    /// `m = min_{ν∉K} h_ν(t₀)`.
    out_min: f64,
    /// `R² = max_{ν∉K} |z^ν_⊥|²`.
    out_across2: f64,
    /// `ROUNDING · |w₀| max_ν |z^ν|`: the potentials' scale at `t₀`.
    slack: f64,
    /// `u = d·ŵ₀`.
    u: f64,
    /// `r² = |d_⊥|²` and a bound on its accumulated rounding error.
    r2: f64,
    r2_err: f64,
    /// Position in `idx` of the next update.
    next: usize,
    /// Steps taken since `t₀`.
    len: usize,
    /// Scratch for the selection: a copy of the potentials.
    values: Vec<f64>,
}

impl Window {
    /// Opens at a checkpoint: `K` = the `k` examples of least `h_ν(t₀)` (ties to the lowest
    /// index), `next` = `argmin h`, which is among them. `z2` holds `|z^ν|²`; `k < P`.
    pub fn open(&mut self, k: usize, h: &[f64], z2: &[f64], w0_norm: f64, next: usize) {
        debug_assert!(k < h.len() && k > 0);
        // the k-th smallest potential `t` (a selection on the values alone); K = those below `t`,
        // then those equal to it by index until there are `k`: the k smallest by (h, index),
        // compared with `<` as `argmin` does (−0 = +0), and already in ascending order
        self.values.clear();
        self.values.extend_from_slice(h);
        let t = *self.values.select_nth_unstable_by(k - 1, f64::total_cmp).1;
        let mut ties = k - h.iter().filter(|&&v| v < t).count();
        self.inv_w0 = if w0_norm > 0.0 { 1.0 / w0_norm } else { 0.0 };
        let inv2 = self.inv_w0 * self.inv_w0;
        // m and R² over the outsiders, in the same pass
        let (mut out_min, mut out_across2) = (f64::INFINITY, 0.0_f64);
        self.idx.clear();
        for (nu, (&hv, &zz)) in h.iter().zip(z2).enumerate() {
            if hv < t || (hv == t && ties > 0) {
                if hv == t {
                    ties -= 1;
                }
                self.idx.push(nu);
            } else {
                out_min = out_min.min(hv);
                out_across2 = out_across2.max(zz - hv * hv * inv2);
            }
        }
        (self.out_min, self.out_across2) = (out_min, out_across2);
        let z_max = z2.iter().fold(0.0_f64, |m, &v| m.max(v)).sqrt();
        self.slack = ROUNDING * w0_norm * z_max;
        // padded to whole lanes: h = +∞ and G = 0 there, so the padding is never the argmin
        let pad = k.next_multiple_of(LANES) - k;
        self.h.clear();
        self.h.extend(self.idx.iter().map(|&nu| h[nu]));
        self.h0.clone_from(&self.h);
        self.h.extend(std::iter::repeat_n(f64::INFINITY, pad));
        self.along.clear();
        self.along
            .extend(self.h0.iter().map(|&hv| hv * self.inv_w0));
        self.across2.clear();
        self.across2.extend(
            self.idx
                .iter()
                .zip(&self.along)
                .map(|(&nu, &c)| (z2[nu] - c * c).max(0.0)),
        );
        // rows of G are filled when first needed (an update on that candidate)
        if self.g.len() < k * (k + pad) {
            self.g.resize(k * (k + pad), 0.0);
        }
        self.have_row.clear();
        self.have_row.resize(k, false);
        self.counts.clear();
        self.counts.resize(k, 0);
        (self.u, self.r2, self.r2_err, self.len) = (0.0, 0.0, 0.0, 0);
        self.next = self
            .idx
            .binary_search(&next)
            .expect("the argmin is a candidate");
    }

    /// `h` of the next example.
    pub fn next_potential(&self) -> f64 {
        self.h[self.next]
    }

    /// Steps taken since the checkpoint.
    pub fn len(&self) -> usize {
        self.len
    }

    /// `d ← d + η z^a` on the next example `a`: `h_K ← h_K + η G_·a`, `u` and `r²` as in the
    /// module docs. Then returns the new `argmin_K h` if the bound certifies it as the global
    /// argmin, `None` if the window must close.
    pub fn update(&mut self, eta: f64, gram: &Gram) -> Option<usize> {
        let (j, k) = (self.next, self.h.len());
        if !self.have_row[j] {
            let a = self.idx[j];
            let row = &mut self.g[j * k..(j + 1) * k];
            for (gv, &b) in row.iter_mut().zip(&self.idx) {
                *gv = gram.get(a, b);
            }
            row[self.idx.len()..].fill(0.0);
            self.have_row[j] = true;
        }
        let dz = self.h[j] - self.h0[j];
        let uz = self.u * self.along[j];
        self.r2 += eta * (2.0 * (dz - uz) + eta * self.across2[j]);
        self.r2_err += 2.0 * eta * CROSS_ROUNDING * (self.h[j].abs() + self.h0[j].abs() + uz.abs());
        self.u += eta * self.along[j];
        self.next = axpy_argmin(eta, &self.g[j * k..(j + 1) * k], &mut self.h);
        self.counts[j] += 1;
        self.len += 1;
        self.certifies().then(|| self.idx[self.next])
    }

    /// `min_K h(t) < a·m − r·R`, with a rounding allowance.
    fn certifies(&self) -> bool {
        let a = 1.0 + self.u * self.inv_w0;
        let best = self.h[self.next];
        let bound = a * self.out_min;
        let gap = bound - best - self.slack - ROUNDING * (best.abs() + bound.abs());
        a >= 0.0 && gap > 0.0 && (self.r2.max(0.0) + self.r2_err) * self.out_across2 < gap * gap
    }

    /// The candidates and their update counts since the checkpoint, to bring `w` and the other
    /// potentials up to date.
    pub fn updates(&self) -> impl Iterator<Item = (usize, u32)> + '_ {
        self.idx
            .iter()
            .zip(&self.counts)
            .filter(|(_, &c)| c > 0)
            .map(|(&nu, &c)| (nu, c))
    }
}

/// Candidate arrays are padded to a multiple of this (the lanes of [`axpy_argmin`]), so that the
/// fused step has no tail.
pub const LANES: usize = 4;

#[cfg(test)]
mod tests {
    use super::*;

    /// The candidates are the `k` least potentials by (value, index) — ties, and −0 against +0,
    /// to the lower index, as `argmin` takes them — found here by sorting every example, and
    /// `m` is the least potential of the others.
    #[test]
    fn opens_on_the_k_least_potentials_ties_by_index() {
        let h = [
            3.0, -1.0, 0.0, 2.0, -0.0, 0.0, -1.0, 5.0, 0.0, 2.0, -3.0, 0.0, 4.0,
        ];
        let z2 = vec![1.0; h.len()];
        let next = 10; // argmin h
        for k in 1..h.len() {
            let mut w = Window::default();
            w.open(k, &h, &z2, 2.0, next);
            let mut order: Vec<usize> = (0..h.len()).collect();
            order.sort_by(|&a, &b| {
                let (x, y) = (h[a], h[b]);
                if x < y {
                    std::cmp::Ordering::Less
                } else if y < x {
                    std::cmp::Ordering::Greater
                } else {
                    a.cmp(&b)
                }
            });
            let mut expected = order[..k].to_vec();
            expected.sort_unstable();
            assert_eq!(w.idx, expected, "k = {k}");
            assert_eq!(w.out_min, h[order[k]], "k = {k}");
            assert_eq!(w.idx[w.next], next);
        }
    }
}
