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
//! (a row of `G` is filled the first time its candidate is updated: `O(k)` gathered from the
//! stored Gram matrix's column, `O(k N)` without it).

use super::{surely_open, Gram};
use crate::linalg::axpy_argmin;

/// Relative allowance for rounding in the certificate: a candidate is certified only if it beats
/// the outsiders' bound by this much of the potentials' scale (ties within it go to a full scan).
const ROUNDING: f64 = 1e-9;

/// Relative rounding allowed per step in `d·z^a = h_a(t) − h_a(t₀)` when `r²` is accumulated.
const CROSS_ROUNDING: f64 = 1e-12;

/// What the window keeps per candidate besides its potential (one record, read once per step).
#[derive(Debug, Clone, Copy, Default)]
struct Candidate {
    /// `h_ν(t₀)`.
    h0: f64,
    /// `z^ν·ŵ₀` (0 for `w₀ = 0`).
    along: f64,
    /// `|z^ν_⊥|²`.
    across2: f64,
    /// `|z^ν|²`.
    z2: f64,
    /// The example.
    idx: usize,
    /// Updates on it since `t₀`.
    count: u32,
    /// Whether its row of `g` is filled.
    have_row: bool,
}

/// The candidate set `K` of a checkpoint and what certifies its argmin.
#[derive(Debug, Clone, Default)]
pub(super) struct Window {
    /// Candidates in ascending order, so that ties in [`axpy_argmin`] go to the lowest example, as
    /// in a scan of all `P`.
    idx: Vec<usize>,
    /// `h_ν(t)` of the candidates, kept exactly (padded with `+∞` to whole lanes).
    h: Vec<f64>,
    /// The candidates' other data, in the order of `idx`.
    cands: Vec<Candidate>,
    /// The candidates' Gram matrix `G_ij = z^{K_i}·z^{K_j}`, row-major `k × k` (rows padded).
    g: Vec<f64>,
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

/// The run's state that a step in the window advances besides the window itself (the caller's,
/// copied in and out around [`Window::walk`]).
#[derive(Debug)]
pub(super) struct Walk<'a> {
    /// `η`.
    pub eta: f64,
    /// `|w|²`.
    pub w2: f64,
    /// `Σ x^μ` and the embedding strengths `x^μ`.
    pub sum_x: f64,
    pub x: &'a mut [f64],
    /// Steps so far and the limit.
    pub steps: usize,
    pub max_steps: usize,
    /// Steps whose example the window certified.
    pub window_steps: usize,
    /// `1 − g` where the certified gap is tested before each step, else `None`.
    pub gap: Option<f64>,
}

/// Why [`Window::walk`] returned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum WalkEnd {
    /// The last step's certificate failed: the window must close (that step is otherwise done).
    Close,
    /// The next step may stop the run (the certified gap is not surely open, `z = 0`, or the
    /// step limit): the caller takes it.
    Stop,
}

impl Window {
    /// Opens at a checkpoint: `K` = the `k` examples of least `h_ν(t₀)` (ties to the lowest
    /// index), `next` = `argmin h`, which is among them. `z2` holds `|z^ν|²`, `z_max` is
    /// `max_ν |z^ν|`; `k < P`.
    pub fn open(&mut self, k: usize, h: &[f64], z2: &[f64], z_max: f64, w0_norm: f64, next: usize) {
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
        self.slack = ROUNDING * w0_norm * z_max;
        // padded to whole lanes: h = +∞ and G = 0 there, so the padding is never the argmin
        let pad = k.next_multiple_of(LANES) - k;
        self.h.clear();
        self.h.extend(self.idx.iter().map(|&nu| h[nu]));
        self.h.extend(std::iter::repeat_n(f64::INFINITY, pad));
        let inv_w0 = self.inv_w0;
        self.cands.clear();
        self.cands.extend(self.idx.iter().map(|&nu| {
            let along = h[nu] * inv_w0;
            Candidate {
                h0: h[nu],
                along,
                across2: (z2[nu] - along * along).max(0.0),
                z2: z2[nu],
                idx: nu,
                count: 0,
                have_row: false,
            }
        }));
        // rows of G are filled when first needed (an update on that candidate)
        if self.g.len() < k * (k + pad) {
            self.g.resize(k * (k + pad), 0.0);
        }
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
        let j = self.next;
        self.step(eta, 2.0 * eta * CROSS_ROUNDING, j, gram);
        self.certifies().then(|| self.idx[self.next])
    }

    /// Steps in the window for as long as each is certified and none may stop the run: before
    /// each step, as [`super::Minover`]'s `run` tests it, the step limit, the certified gap
    /// `h Σx < (1 − g)|w|²` by more than `10⁻⁹` of its terms and `z^a ≠ 0`; then the step:
    /// `|w|² ← |w|² + 2η h_a + η²|z^a|²`, [`Window::update`]'s arithmetic, `x^a ← x^a + η`,
    /// `Σx ← Σx + η` — the same operations in the same order as one step at a time.
    pub fn walk(&mut self, gram: &Gram, run: &mut Walk) -> WalkEnd {
        let (eta, two_eta, eta2) = (run.eta, 2.0 * run.eta, run.eta * run.eta);
        let err = 2.0 * eta * CROSS_ROUNDING;
        let (mut w2, mut sum_x, mut steps) = (run.w2, run.sum_x, run.steps);
        let (start, max_steps) = (steps, run.max_steps);
        let (test_gap, one_minus_g) = (run.gap.is_some(), run.gap.unwrap_or(0.0));
        let end = loop {
            let j = self.next;
            let (hj, c) = (self.h[j], self.cands[j]);
            if steps >= max_steps
                || (test_gap && steps > 0 && !surely_open(hj, sum_x, one_minus_g, w2))
                || c.z2 <= 0.0
            {
                break WalkEnd::Stop;
            }
            w2 += two_eta * hj + eta2 * c.z2;
            self.step(eta, err, j, gram);
            run.x[c.idx] += eta;
            sum_x += eta;
            steps += 1;
            if !self.certifies() {
                break WalkEnd::Close;
            }
        };
        // every step certified its example but a last one that closes the window
        run.window_steps += steps - start - usize::from(end == WalkEnd::Close);
        (run.w2, run.sum_x, run.steps) = (w2, sum_x, steps);
        end
    }

    /// The update on candidate `j` (`err = 2η·CROSS_ROUNDING`), without the certificate.
    /// Inlined into both callers: it is the innermost step of [`Window::walk`].
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn step(&mut self, eta: f64, err: f64, j: usize, gram: &Gram) {
        let k = self.h.len();
        let c = &mut self.cands[j];
        if !c.have_row {
            fill_row(&mut self.g[j * k..(j + 1) * k], c.idx, &self.idx, gram);
            c.have_row = true;
        }
        let hj = self.h[j];
        let dz = hj - c.h0;
        let uz = self.u * c.along;
        self.r2 += eta * (2.0 * (dz - uz) + eta * c.across2);
        self.r2_err += err * (hj.abs() + c.h0.abs() + uz.abs());
        self.u += eta * c.along;
        c.count += 1;
        self.next = axpy_argmin(eta, &self.g[j * k..(j + 1) * k], &mut self.h);
        self.len += 1;
    }

    /// `min_K h(t) < a·m − r·R`, with a rounding allowance.
    #[inline]
    fn certifies(&self) -> bool {
        let a = 1.0 + self.u * self.inv_w0;
        let best = self.h[self.next];
        let bound = a * self.out_min;
        let gap = bound - best - self.slack - ROUNDING * (best.abs() + bound.abs());
        a >= 0.0 && gap > 0.0 && (self.r2.max(0.0) + self.r2_err) * self.out_across2 < gap * gap
    }

    /// The example of the next update.
    pub fn next_example(&self) -> usize {
        self.idx[self.next]
    }

    /// The candidates and their update counts since the checkpoint, to bring `w` and the other
    /// potentials up to date.
    pub fn updates(&self) -> impl Iterator<Item = (usize, u32)> + '_ {
        self.cands
            .iter()
            .filter(|c| c.count > 0)
            .map(|c| (c.idx, c.count))
    }
}

/// Row `G_{a,K}` of the candidates' Gram matrix for candidate example `a` (zero in the padding):
/// gathered from the stored column `K_·a` (computed here if it is not yet: the window's close
/// adds that column to every potential anyway), else entry by entry ([`Gram::get`]).
#[cold]
fn fill_row(row: &mut [f64], a: usize, idx: &[usize], gram: &Gram) {
    if let Some(column) = gram.column(a) {
        for (gv, &b) in row.iter_mut().zip(idx) {
            *gv = column[b];
        }
    } else {
        for (gv, &b) in row.iter_mut().zip(idx) {
            *gv = gram.get(a, b);
        }
    }
    row[idx.len()..].fill(0.0);
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
            w.open(k, &h, &z2, 1.0, 2.0, next);
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
