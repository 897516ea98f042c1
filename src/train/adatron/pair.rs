//! AdaTron's pair steps with a threshold (Keerthi et al. 2001, as in SMO/libsvm; module docs of
//! [`super`]), taken on the strengths `b^μ = ρ x^μ` along the unit directions `u^μ` so that no
//! squared length appears.
//!
//! The step of the pair `(i, j)` with violation `v = score_i − score_j` moves
//! `x^i += S^i t`, `x^j −= S^j t` with `t = η v / |ξ^i − ξ^j|²` (or the book's `(η/N) v`). With
//! `m = max(|ξ^i|, |ξ^j|)`, `a = |ξ^i|/m`, `c = |ξ^j|/m`:
//!
//! `|ξ^i − ξ^j|² = m² q`,   `q = a² + c² − 2 S^i S^j a c (u^i·u^j)`,
//!
//! and the step is taken as `τ = t m = η v/(m q)` (the book's: `(η/N) v m`):
//! `Δb^i = S^i τ ρ_i/m`, `Δb^j = −S^j τ ρ_j/m`, `w ← w + Δb^i u^i + Δb^j u^j`,
//! `h_μ ← h_μ + |z^μ| (Δb^i u^i·u^μ + Δb^j u^j·u^μ)`. Every factor is in range where the
//! lengths span `10³⁰⁰` (the longest near 1), where `|ξ|²` of the short points is not.
//!
//! **The pair**: the maximal violating pair (Keerthi et al. 2001), `i = argmax score` over the
//! examples that may move up, `j = argmin score` over those that may move down; the stop reads
//! its violation `score_i − score_j`. Where several examples tie at the lowest score in floating
//! point, `j` is the one among them whose step gains the dual most, `argmax b_ij²/|ξ^i − ξ^j|²`
//! (Fan, Chen & Lin 2005's second-order choice, "WSS 2" of libsvm, restricted to the tie). Where
//! the lengths span `10³⁰⁰` the scores of a long and a short point tie, and the first of equal
//! ones can be a long point, whose step leaves the short points' potentials where they were: the
//! run would cycle. The gain divides by the pair's squared distance, here relative to
//! `|ξ^i|²`: `1 + ρ(ρ − 2c)` with `ρ = |ξ^j|/|ξ^i|`, `c = S^i S^j u^i·u^j` (or `b_ij/|ξ^j|` when
//! `ξ^i` is at the origin). Without a tie the pair, and so the run, is the first-order one.

use super::{Adatron, Coordinate};
use crate::linalg::{argmin2_by, axpy};

/// With `score_μ = S^μ − w·ξ^μ = S^μ (1 − h_μ)`: `i = argmax score` over the examples whose
/// `x^μ` may move along `+S^μ`, `j = argmin score` over those that may move along `−S^μ` (the
/// masks of [`Masks`]). Returns `(i, j, score_i − score_j)`.
///
/// Written as one branch-free pass into `scratch` (`−score` and `score`, each plus its mask)
/// and two vectorised [`argmin`](crate::linalg::argmin)s ([`argmin2_by`]): the hot loop of
/// threshold AdaTron.
pub(super) fn violating_pair(
    ys: &[f64],
    h: &[f64],
    masks: &Masks,
    scratch: &mut Vec<f64>,
) -> (usize, usize, f64) {
    let [i, j] = argmin2_by(
        h,
        [ys, &masks.up, &masks.low],
        |hm, s, up, low| {
            let score = s * (1.0 - hm);
            [-score + up, score + low]
        },
        scratch,
    );
    (i, j, ys[i] * (1.0 - h[i]) - ys[j] * (1.0 - h[j]))
}

/// Which embedding strengths may move which way, as masks added to the scores (`0`: it may,
/// `+∞`: it may not): `up` where `x^μ` may move along `+S^μ` (`S = +1` and `x < γ`, or `S = −1`
/// and `x > 0`), `low` where it may move along `−S^μ` (`S = −1` and `x < γ`, or `S = +1` and
/// `x > 0`), read on `b^μ = ρ x^μ` against its box `γρ` (in range where `x^μ` may not be). Kept
/// per example, updated where a step moves `b`.
#[derive(Debug, Clone, Default)]
pub(super) struct Masks {
    up: Vec<f64>,
    low: Vec<f64>,
}

impl Masks {
    /// The masks of examples with labels `ys`, strengths `b` and boxes `coords[μ].top`.
    pub(super) fn new(ys: &[f64], b: &[f64], coords: &[Coordinate]) -> Self {
        let mut m = Self {
            up: vec![0.0; ys.len()],
            low: vec![0.0; ys.len()],
        };
        for mu in 0..ys.len() {
            m.set(mu, ys[mu], b[mu], coords[mu].top);
        }
        m
    }

    /// The masks of example `mu` with label `s`, strength `b` and box `top`.
    fn set(&mut self, mu: usize, s: f64, b: f64, top: f64) {
        let mask = |may: bool| if may { 0.0 } else { f64::INFINITY };
        let (up, down) = (b < top, b > 0.0);
        self.up[mu] = mask((s > 0.0 && up) || (s < 0.0 && down));
        self.low[mu] = mask((s < 0.0 && up) || (s > 0.0 && down));
    }
}

impl Adatron {
    /// The violation of the maximal violating pair at which threshold mode stops: the soft
    /// margin's KKT tolerance, `0` for the hard margin (its stop is the certified gap).
    pub(super) fn pair_tolerance(&self) -> f64 {
        if self.bound.is_finite() {
            self.kkt_tolerance
        } else {
            0.0
        }
    }

    /// One pair step (threshold mode) on the pair chosen after the previous step (module docs);
    /// then the potentials, in one pass, and the next pair ([`Adatron::choose_pair`]). Returns the pair and whether
    /// `w` moved: not where no finite step exists (two points at the origin, coinciding points,
    /// a step beyond the floating-point range).
    pub(super) fn pair_step(&mut self) -> (usize, usize, bool) {
        let (i, j, gap) = self.next;
        if !(gap > self.pair_tolerance()) || i == j {
            return (i, j, false);
        }
        let (si, sj) = (self.state.data.y(i), self.state.data.y(j));
        let violation = si * (1.0 - self.h[i]) - sj * (1.0 - self.h[j]);
        let (ci, cj) = (self.coords[i], self.coords[j]);
        let m = ci.r.max(cj.r);
        let (a, c) = (ci.r / m, cj.r / m);
        // |ξ^i − ξ^j|²/m²; `!(q > 0)` also catches m = 0 (both at the origin: a = c = NaN)
        let q = a * a + c * c - 2.0 * si * sj * a * c * self.gram.get(i, j);
        if !(q > 0.0) {
            return (i, j, false);
        }
        let tau = match self.fixed_rate {
            Some(eta) => eta / self.state.data.dim() as f64 * violation * m,
            None => self.step / q * violation / m,
        };
        // the room of x^i along S^i and of x^j along −S^j inside [0, γ], in units of τ:
        // Δb = τ ρ/m, so τ ≤ (room of b)·m/ρ; a strength whose room ends the step is set on its
        // bound exactly (the round trip through τ may miss it by an ulp, and a strength an ulp
        // inside its box would be chosen again for steps of nothing)
        let (bi, bj) = (self.b[i], self.b[j]);
        let (end_i, end_j) = (
            if si > 0.0 { ci.top } else { 0.0 },
            if sj > 0.0 { 0.0 } else { cj.top },
        );
        let (room_i, room_j) = (
            (end_i - bi).abs() * m * ci.inverse,
            (end_j - bj).abs() * m * cj.inverse,
        );
        let tau = tau.min(room_i).min(room_j);
        let moved = |b: f64, end: f64, room: f64, dir: f64, inverse: f64, top: f64| {
            if tau >= room {
                end
            } else {
                (b + dir * tau / (m * inverse)).clamp(0.0, top)
            }
        };
        let new_i = moved(bi, end_i, room_i, si, ci.inverse, ci.top);
        let new_j = moved(bj, end_j, room_j, -sj, cj.inverse, cj.top);
        let (di, dj) = (new_i - bi, new_j - bj);
        if !(tau > 0.0 && new_i.is_finite() && new_j.is_finite()) || (di == 0.0 && dj == 0.0) {
            return (i, j, false);
        }
        self.set_strength(i, new_i);
        self.set_strength(j, new_j);
        let g = &self.gram;
        axpy(di, g.row(i), &mut self.state.w);
        axpy(dj, g.row(j), &mut self.state.w);
        if let (Some(ki), Some(kj)) = (g.column(i), g.column(j)) {
            let terms = self.h.iter_mut().zip(&self.norms).zip(ki.iter().zip(kj));
            for ((hm, r), (a, b)) in terms {
                *hm += r * (di * a + dj * b);
            }
        } else {
            g.potentials(&self.state.w, &mut self.h);
            for (hm, r) in self.h.iter_mut().zip(&self.norms) {
                *hm *= r;
            }
        }
        self.masks.set(i, si, new_i, ci.top);
        self.masks.set(j, sj, new_j, cj.top);
        self.choose_pair();
        (i, j, true)
    }

    /// The next pair (module docs): `(i, j, gap)` with `gap` the maximal violation
    /// ([`violating_pair`]) and `j` [`Adatron::partner`], or the first-order partner where none
    /// has a finite gain.
    pub(super) fn choose_pair(&mut self) {
        let labels = self.state.data.labels();
        let (i, first, gap) = violating_pair(labels, &self.h, &self.masks, &mut self.scratch);
        // the partner's keys (score plus mask) are the second half of the scratch; `first` is
        // the first position of the lowest, so a tie lies after it (the search ends at the
        // first); a second pass only where there is one
        let keys = &self.scratch[labels.len()..];
        let lowest = keys[first];
        let tied = keys[first + 1..].contains(&lowest);
        let j = if tied {
            self.partner(i, gap).unwrap_or(first)
        } else {
            first
        };
        self.next = (i, j, gap);
    }

    /// The partner of `i` whose step gains the dual most, `argmax b_it²/|ξ^i − ξ^t|²` (the
    /// squared distance relative to `|ξ^i|²`, module docs), among the examples `t` of the lowest
    /// score that may move down, `b_it = gap > 0`: where several tie in floating point.
    /// `None` where no `t` has a positive gain.
    fn partner(&self, i: usize, gap: f64) -> Option<usize> {
        // a rare pass (ties), written for size: one scalar loop keeping the best
        let ys = self.state.data.labels();
        let si = ys[i];
        let score_i = si * (1.0 - self.h[i]);
        let ri = self.norms[i];
        let mut best: Option<(usize, f64)> = None;
        for (t, &st) in ys.iter().enumerate() {
            let rt = self.norms[t];
            let b = score_i - st * (1.0 - self.h[t]);
            if b != gap || self.masks.low[t] != 0.0 {
                continue;
            }
            // the gain b²/(|ξ^i − ξ^t|²/|ξ^i|²) = b²/(1 + ρ(ρ − 2c)), or b/|ξ^t| from the origin
            let gain = if ri > 0.0 {
                let rho = rt / ri;
                let den = 1.0 + rho * (rho - 2.0 * si * st * self.gram.get(i, t));
                b * b / den
            } else {
                b / rt
            };
            if gain > 0.0 && gain.is_finite() && best.is_none_or(|(_, g)| gain > g) {
                best = Some((t, gain));
            }
        }
        best.map(|(t, _)| t)
    }
}
