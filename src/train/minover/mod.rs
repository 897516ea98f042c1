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
//!
//! # Below `O(P)` per step, exactly: a certified candidate window
//!
//! Through the origin the argmin is mostly taken over a window of `k` candidates instead of all
//! `P` examples, with a certificate that it is the global argmin, so the run makes the same
//! choices as the `O(P)` scan (up to floating-point ties, which go to a full scan). At a
//! checkpoint `t₀` all `h_ν(t₀)` are exact; `K` = the `k` examples of least `h_ν(t₀)`. Then, for
//! `d = w(t) − w(t₀)` with `u = d·ŵ₀` along `ŵ₀ = w(t₀)/|w(t₀)|` and `r = |d − u ŵ₀|` across it,
//! Cauchy–Schwarz on the part across `ŵ₀` gives for every `ν`
//!
//! `h_ν(t) = h_ν(t₀) + u z^ν·ŵ₀ + (d − u ŵ₀)·z^ν ≥ (1 + u/|w₀|) h_ν(t₀) − r |z^ν_⊥|`,
//!
//! `|z^ν_⊥|² = |z^ν|² − h_ν(t₀)²/|w₀|²`, hence for the outsiders, with `a = 1 + u/|w₀| ≥ 0`,
//!
//! `min_{ν∉K} h_ν(t) ≥ a·min_{ν∉K} h_ν(t₀) − r·max_{ν∉K} |z^ν_⊥|`.
//!
//! While `min_K h(t)` is below that bound (by a rounding allowance), `argmin_K h` is the global
//! argmin. A step in the window costs `O(k)`: the candidates' potentials follow from their Gram
//! rows, and `u`, `r²` and `|w|²` change in `O(1)` since `d·z^a = h_a(t) − h_a(t₀)` is known.
//! `w` itself is brought up to date only when needed, from the update counts. When the bound
//! fails, the window closes: `w` and all potentials are brought up to date (`O(P)` per
//! candidate used, or `O(P N)`), the argmin is a full scan, and a new window opens at once if the
//! old one lasted at least `max(8, N)` steps ([`min_window`]), else after a back-off of full
//! `O(P)` steps that grows eightfold with each short window (8, 64, then 512), so that short
//! windows cost little: at the start of a run, while `|w|` is small against the steps, the bound
//! fails within a few steps.
//!
//! Only the part of `d` across `ŵ₀` costs margin: late in a run `w` grows along itself, the
//! gaps `h_ν − min h` grow like `|w|`, and windows last long. The bound is worst case over the
//! direction of `d_⊥`, so it is loose by about `√N` on random data: the window pays best at small
//! `N` and long runs. `k = min(max(P/4, N + max(N/4, 8)), 1024)`, and no window when `P < 2k`.
//! With a threshold every step scans all `P`.
//!
//! From tabula rasa the update counts are embedding strengths, so every step certifies
//! `κ(w) ≤ κ_max ≤ |w| / Σ x^μ`; the run stops when the relative gap falls below the tolerance.
//!
//! # References
//! - W. Krauth, M. Mézard, J. Phys. A 20 (1987) L745.

pub mod reference;
mod window;

use super::spec::{Optional, Spec, StepCost, Takes, Texts};
use super::{
    check_classes, check_init, check_positive, check_tolerance, relative_gap, Config, Fit, Gram,
    RunState, Step, Stop, Trainer,
};
use crate::data::Dataset;
use crate::error::Result;
use crate::linalg::{argmin, argmin2_by, axpy, axpy_argmin, dot, norm};
use crate::measure::{best_threshold, Perceptron};
use crate::train::gram::GRAM_BUDGET_BYTES;
use crate::train::Mode;
pub use window::LANES as WINDOW_LANES;
use window::{WalkEnd, Window};

impl Minover {
    /// MinOver from the run's [`Config`], its Gram matrix stored within the default memory
    /// budget ([`Minover::with_gram_budget`]).
    ///
    /// # Errors
    /// Those of [`Minover::with_gram_budget`].
    pub fn new(data: &Dataset, mode: Mode, config: &Config) -> Result<Self> {
        Self::with_gram_budget(data, mode, config, GRAM_BUDGET_BYTES)
    }

    /// MinOver from the run's [`Config`]: the epoch limit (in steps, one update each, as a
    /// multiple of `P`), the gap tolerance, the patience (stop when `κ(w)` has not improved for
    /// this many steps; the assignments use `P`) and the start (`None`: tabula rasa, which
    /// certifies the gap; given weights do not), with at most `gram_budget` bytes for the Gram
    /// matrix (0: always recompute).
    ///
    /// # Errors
    /// [`Error::Empty`](crate::Error::Empty) for no data;
    /// [`Error::OneClass`](crate::Error::OneClass) with a threshold and one class only;
    /// [`Error::OutOfRange`](crate::Error::OutOfRange) for a non-positive tolerance or limit;
    /// [`Error::Shape`](crate::Error::Shape) for a bad init.
    pub fn with_gram_budget(
        data: &Dataset,
        mode: Mode,
        config: &Config,
        gram_budget: usize,
    ) -> Result<Self> {
        let max_epochs = config.epochs()?;
        check_classes(data, mode)?;
        check_tolerance("gap tolerance", config.gap_tolerance)?;
        check_positive("max_epochs", max_epochs)?;
        let init = config.init.as_ref();
        check_init(init, data)?;
        let gram = Gram::new(data.signed_rows(), data.dim(), gram_budget);
        let w = init.map_or_else(|| vec![0.0; data.dim()], |p| p.w.clone());
        let h: Vec<f64> = (0..data.len()).map(|mu| dot(&w, gram.row(mu))).collect();
        // with a threshold 0 on the class, +∞ off it: [+1 class | −1 class]
        let class_offsets: Vec<f64> = match mode {
            Mode::Homogeneous => vec![],
            Mode::Threshold => [1.0, -1.0]
                .iter()
                .flat_map(|&c| {
                    data.labels().iter().map(move |&s| {
                        if (s > 0.0) == (c > 0.0) {
                            0.0
                        } else {
                            f64::INFINITY
                        }
                    })
                })
                .collect(),
        };
        let mut scratch = vec![];
        let next = select(&h, &class_offsets, &mut scratch);
        let max_steps = (max_epochs * data.len() as f64).ceil() as usize;
        let candidates = match mode {
            Mode::Homogeneous => candidates(data.len(), data.dim()),
            Mode::Threshold => 0,
        };
        let z2: Vec<f64> = (0..data.len()).map(|mu| gram.get(mu, mu)).collect();
        Ok(Minover {
            z_max: z2.iter().fold(0.0_f64, |m, &v| m.max(v)).sqrt(),
            z2,
            mode,
            eta: 1.0 / data.dim() as f64,
            w2: dot(&w, &w),
            state: RunState::new(data, w, 0.0, init.is_none()),
            gap_tolerance: config.gap_tolerance,
            patience: config.patience,
            gram,
            h,
            class_offsets,
            scratch,
            next,
            sum_x: 0.0,
            best: (f64::NEG_INFINITY, 0),
            max_steps,
            candidates,
            window: Window::default(),
            windowed: false,
            wait: 0,
            backoff: 1,
            window_steps: 0,
            pending: vec![0; data.len()],
            pending_order: vec![],
        })
    }
}

/// A MinOver run in progress.
#[derive(Debug, Clone)]
pub struct Minover {
    /// The data, `w` (while the window is open, its checkpoint's), the embedding strengths
    /// `x^μ` (`η = 1/N` per update), the counters (every step is an update); `θ` is not kept
    /// (with a threshold it is the middle of the gap, [`Trainer::perceptron`]).
    state: RunState,
    mode: Mode,
    /// The step size `η = 1/N`.
    eta: f64,
    /// Stop when `(κ_upper − κ(w)) / κ_upper` is at most this.
    gap_tolerance: f64,
    /// Stop when `κ(w)` has not improved for this many steps.
    patience: Option<usize>,
    /// `z^μ = S^μ ξ^μ` and their Gram matrix.
    gram: Gram,
    /// `|w|²`, kept incrementally.
    w2: f64,
    /// Potentials `h_μ = w·z^μ = S^μ w·ξ^μ`, kept incrementally.
    h: Vec<f64>,
    /// Threshold mode's class masks for the argmin of each class: `P` entries for `S = +1`, then
    /// `P` for `S = −1` (none through the origin).
    class_offsets: Vec<f64>,
    /// Work space of [`select`].
    scratch: Vec<f64>,
    /// The example(s) the next step updates on.
    next: (usize, Option<usize>),
    /// `Σ x^μ`, kept incrementally.
    sum_x: f64,
    /// The best `κ(w)` so far and the step it was reached (for `patience`).
    best: (f64, usize),
    max_steps: usize,
    /// `|z^μ|²` and `max_μ |z^μ|`.
    z2: Vec<f64>,
    z_max: f64,
    /// Size `k` of the candidate window (0: every step scans all `P`).
    candidates: usize,
    /// The candidate window; while `windowed`, `w` and `h` are those of its checkpoint and the
    /// current ones follow from its update counts.
    window: Window,
    windowed: bool,
    /// Full steps left before the window is tried again, and the current back-off.
    wait: usize,
    backoff: usize,
    /// Steps whose example the window certified (without a scan of all `P`).
    window_steps: usize,
    /// Full steps through the origin not yet added to `w` (with a stored Gram matrix the
    /// potentials do not need it): their count per example, and the examples in the order first
    /// counted. Added as `w ← w + η c_ν z^ν` where `w` is needed ([`Minover::flush`]).
    pending: Vec<u64>,
    pending_order: Vec<usize>,
}

/// The candidate window size `k = min(max(P/4, N + max(N/4, 8)), 1024)` for `P` examples in
/// `N` dimensions, or 0 (no window) when `P < 2k`, where the window cannot pay for its
/// checkpoints.
///
/// `k ≈ P/4` balances windows that close sooner (smaller) against steps that cost more
/// (larger); the floor leaves room beyond the up to `N` support vectors MinOver cycles through.
/// The cap keeps the candidates' Gram matrix ≤ 8 MiB.
pub fn candidates(p: usize, n: usize) -> usize {
    let k = (p / 4).max(n + (n / 4).max(8)).min(MAX_CANDIDATES);
    if p < 2 * k {
        0
    } else {
        k
    }
}

/// The most candidates in the window.
const MAX_CANDIDATES: usize = 1024;

/// The shortest window that pays for its checkpoint in few dimensions: a shorter one backs off.
const MIN_WINDOW: usize = 8;

/// The shortest window that paid for its checkpoint, `max(8, N)` steps in `N` dimensions: a
/// window's close brings the potentials of all `P` examples up to date from the columns of the
/// candidates it used (up to about `N`, the support vectors MinOver cycles through) and the next
/// open selects among all `P` again, a cost that grows with `N` while a window step's does not.
///
fn min_window(n: usize) -> usize {
    MIN_WINDOW.max(n)
}

/// The longest back-off, in full steps: failed windows then cost at most one checkpoint per
/// this many steps.
const MAX_BACKOFF: usize = 512;

/// Factor by which the back-off grows after each window shorter than [`min_window`].
const BACKOFF_GROWTH: usize = 8;

/// Relative margin of the square-root-free tests of the stopping rules (rounding is ~10⁻¹⁶).
const CHEAP_MARGIN: f64 = 1e-9;

/// Through the origin (no class masks) `argmin_μ h_μ`; with a threshold the least stable example
/// of each class, `(argmin_{S=+1} h, argmin_{S=−1} h)` — i.e. `argmin_+ w·ξ` and `argmax_− w·ξ` —
/// of `h` plus each class's mask ([`Minover::class_offsets`]; `scratch` holds the sums).
fn select(h: &[f64], class_offsets: &[f64], scratch: &mut Vec<f64>) -> (usize, Option<usize>) {
    if class_offsets.is_empty() {
        return (argmin(h), None);
    }
    let (plus, minus) = class_offsets.split_at(h.len());
    let [a, b] = argmin2_by(
        h,
        [plus, minus, minus],
        |v, p, m, _| [v + p, v + m],
        scratch,
    );
    (a, Some(b))
}

/// `h Σx < (1 − g)|w|² − 10⁻⁹ (|h Σx| + |w|²)` for `h`, `Σx`, `1 − g` and `|w|²`: the certified
/// gap `(U − κ)/U`, `U = |w|/Σx`, is surely above the tolerance `g` ([`Minover::gap_reached`]).
#[inline]
fn surely_open(h: f64, sum_x: f64, one_minus_g: f64, w2: f64) -> bool {
    let (lhs, rhs) = (h * sum_x, one_minus_g * w2);
    lhs < rhs - CHEAP_MARGIN * (lhs.abs() + w2)
}

impl Minover {
    /// `κ(w)` of the current weights from the selected potentials:
    /// `h_ν / |w|`, or `(h_a + h_b) / 2|w|` with the threshold in the middle of the gap.
    fn kappa(&self) -> f64 {
        let wn = self.w2.sqrt();
        if self.windowed {
            return self.window.next_potential() / wn;
        }
        match self.next {
            (nu, None) => self.h[nu] / wn,
            (a, Some(b)) => (self.h[a] + self.h[b]) / (2.0 * wn),
        }
    }

    /// `κ(w) |w|`: `h_ν`, or `(h_a + h_b)/2`.
    #[inline]
    fn margin(&self) -> f64 {
        if self.windowed {
            return self.window.next_potential();
        }
        match self.next {
            (nu, None) => self.h[nu],
            (a, Some(b)) => f64::midpoint(self.h[a], self.h[b]),
        }
    }

    /// Whether `κ(w) > κ_best`. When `κ_best > 0`, `κ = h/|w| ≤ κ_best` follows without a square
    /// root or division from `h ≤ 0` or `h² < κ_best² |w|² (1 − 10⁻⁹)`; only the remaining
    /// (near) cases evaluate `κ(w)`, so the decision is that of `κ(w) > κ_best`.
    fn improves(&self) -> bool {
        let (h, best) = (self.margin(), self.best.0);
        if best > 0.0 && (h <= 0.0 || h * h < best * best * self.w2 * (1.0 - CHEAP_MARGIN)) {
            return false;
        }
        self.kappa() > best
    }

    /// Whether the certified gap `(U − κ)/U` with `U = |w|/Σx` is at most the tolerance `g`.
    /// Multiplied by `|w| Σx > 0` the rule reads `h Σx ≥ (1 − g)|w|²`; when that fails by more
    /// than `10⁻⁹` of its terms the rule fails, without a square root or division; otherwise
    /// the gap itself decides.
    fn gap_reached(&self) -> bool {
        if self.gap_surely_open() {
            return false;
        }
        relative_gap(self.kappa(), self.w2.sqrt() / self.sum_x) <= self.gap_tolerance
    }

    /// The square-root-free part of [`Minover::gap_reached`]: whether `h Σx < (1 − g)|w|²` by
    /// more than `10⁻⁹` of its terms, so that the certified gap is surely above the tolerance.
    #[inline]
    fn gap_surely_open(&self) -> bool {
        let g = self.gap_tolerance;
        surely_open(self.margin(), self.sum_x, 1.0 - g, self.w2)
    }

    /// `w ← w + η (z^a [+ z^b])`, with `|w|²`, the potentials and the next selection updated in
    /// one pass over the examples. Returns whether `w` moved.
    fn update(&mut self, a: usize, b: Option<usize>) -> bool {
        let Some(b) = b else {
            return self.full_step(a);
        };
        let eta = self.eta;
        let (ha, kaa) = (self.h[a], self.z2[a]);
        let (hb, kbb, kab) = (self.h[b], self.z2[b], self.gram.get(a, b));
        let d2 = kaa + kbb + 2.0 * kab;
        self.w2 += 2.0 * eta * (ha + hb) + eta * eta * d2;
        axpy(eta, self.gram.row(a), &mut self.state.w);
        axpy(eta, self.gram.row(b), &mut self.state.w);
        let h = &mut self.h;
        if let (Some(ka), Some(kb)) = (self.gram.column(a), self.gram.column(b)) {
            axpy(eta, ka, h);
            axpy(eta, kb, h);
        } else {
            // no stored Gram matrix: recompute h_ν = w·z^ν in O(P N)
            self.gram.potentials(&self.state.w, h);
        }
        self.next = select(h, &self.class_offsets, &mut self.scratch);
        d2 > 0.0
    }

    /// A step on `a` through the origin over all `P`: `|w|² ← |w|² + 2η h_a + η²|z^a|²`,
    /// then `h ← h + η K_·a` and its argmin in one pass (the hot loop), with `w ← w + η z^a`
    /// counted in [`Minover::pending`]; or without a stored Gram matrix `w ← w + η z^a` and
    /// `h_ν = w·z^ν` recomputed in `O(P N)`. Returns whether `w` moved.
    #[inline]
    fn full_step(&mut self, a: usize) -> bool {
        let eta = self.eta;
        let kaa = self.z2[a];
        self.w2 += 2.0 * eta * self.h[a] + eta * eta * kaa;
        let nu = if let Some(ka) = self.gram.column(a) {
            if self.pending[a] == 0 {
                self.pending_order.push(a);
            }
            self.pending[a] += 1;
            axpy_argmin(eta, ka, &mut self.h)
        } else {
            axpy(eta, self.gram.row(a), &mut self.state.w);
            self.gram.potentials(&self.state.w, &mut self.h);
            argmin(&self.h)
        };
        self.next = (nu, None);
        kaa > 0.0
    }

    /// One step through the origin: in the window if it is open, else a full step, after which
    /// the window may open.
    #[inline]
    fn update_origin(&mut self, a: usize) -> bool {
        if !self.windowed {
            let moved = self.full_step(a);
            self.count_down();
            return moved;
        }
        self.window_step(a);
        self.z2[a] > 0.0
    }

    /// After a full step: the window opens if the back-off is over, else one step less of it.
    #[inline]
    fn count_down(&mut self) {
        if self.candidates > 0 {
            if self.wait == 0 {
                self.open_window();
            } else {
                self.wait -= 1;
            }
        }
    }

    /// A step in the open window on its next example `a`: `|w|²` in `O(1)`, the window's
    /// update; where its certificate fails the window closes, then opens again at once if it
    /// lasted at least [`min_window`] steps, else after a back-off.
    #[inline]
    fn window_step(&mut self, a: usize) {
        let (ha, kaa) = (self.window.next_potential(), self.z2[a]);
        self.w2 += 2.0 * self.eta * ha + self.eta * self.eta * kaa;
        if let Some(nu) = self.window.update(self.eta, &self.gram) {
            self.next = (nu, None);
            self.window_steps += 1;
        } else {
            self.close_and_reopen();
        }
    }

    /// Closes the window whose certificate failed, then opens it again at once if it lasted at
    /// least [`min_window`] steps, else after a back-off.
    fn close_and_reopen(&mut self) {
        self.close_window();
        if self.window.len() >= min_window(self.state.data.dim()) {
            self.backoff = 1;
            self.open_window();
        } else {
            self.backoff = (BACKOFF_GROWTH * self.backoff).min(MAX_BACKOFF);
            self.wait = self.backoff;
        }
    }

    /// The window's steps of [`Minover::run_origin`], in [`Window::walk`]'s loop: returns
    /// whether the caller goes on (the window closed), or must hand the next step to
    /// [`Trainer::advance`].
    fn walk_window(&mut self, gap: bool, one_minus_g: f64) -> bool {
        let mut walk = window::Walk {
            eta: self.eta,
            w2: self.w2,
            sum_x: self.sum_x,
            x: &mut self.state.x,
            steps: self.state.steps,
            max_steps: self.max_steps,
            window_steps: self.window_steps,
            gap: gap.then_some(one_minus_g),
        };
        let end = self.window.walk(&self.gram, &mut walk);
        self.state.updates += walk.steps - self.state.steps;
        (self.w2, self.sum_x, self.state.steps) = (walk.w2, walk.sum_x, walk.steps);
        self.window_steps = walk.window_steps;
        self.next = (self.window.next_example(), None);
        if end == WalkEnd::Close {
            self.close_and_reopen();
            return true;
        }
        false
    }

    /// The update's count on example `a`: `x^a ← x^a + η`, `Σx ← Σx + η`.
    #[inline]
    fn count(&mut self, a: usize) {
        self.state.x[a] += self.eta;
        self.sum_x += self.eta;
    }

    /// The hot loop of [`Trainer::run`] through the origin: steps exactly as
    /// [`Trainer::advance`] takes them, for as long as none of its other cases can arise — no
    /// patience, below the step limit, the certified gap surely above the tolerance
    /// ([`Minover::gap_surely_open`]), `z^a ≠ 0` (so `w` moves). It returns before the first
    /// step where one of them may, for `advance` to take that step.
    fn run_origin(&mut self) {
        if self.patience.is_some() || self.mode != Mode::Homogeneous {
            return;
        }
        let gap = self.state.certifies;
        let one_minus_g = 1.0 - self.gap_tolerance;
        while self.state.steps < self.max_steps {
            if self.windowed {
                if self.walk_window(gap, one_minus_g) {
                    continue;
                }
                return;
            }
            // a full step ([`Minover::update_origin`] outside the window)
            let a = self.next.0;
            let open = |m: &Self| surely_open(m.h[a], m.sum_x, one_minus_g, m.w2);
            if (gap && self.state.steps > 0 && !open(self)) || self.z2[a] <= 0.0 {
                return;
            }
            self.full_step(a);
            self.count_down();
            self.count(a);
            self.state.steps += 1;
            self.state.updates += 1;
        }
    }

    /// `w ← w + η c_ν z^ν` for the full steps not yet added to `w` ([`Minover::pending`]).
    fn flush(&mut self) {
        for a in self.pending_order.drain(..) {
            let c = std::mem::take(&mut self.pending[a]);
            axpy(self.eta * c as f64, self.gram.row(a), &mut self.state.w);
        }
    }

    /// Opens the window at the current step (`h` exact, `next` its argmin).
    fn open_window(&mut self) {
        self.flush();
        let w0 = norm(&self.state.w);
        self.window.open(
            self.candidates,
            &self.h,
            &self.z2,
            self.z_max,
            w0,
            self.next.0,
        );
        self.windowed = true;
    }

    /// Closes the window: `w ← w + η Σ_K c_ν z^ν` over the candidates' update counts `c_ν`,
    /// then every potential, by the same sums of Gram columns if fewer than `N` candidates were
    /// used, else recomputed as `h_ν = w·z^ν`; `|w|²` recomputed; `next` from a full scan.
    fn close_window(&mut self) {
        let eta = self.eta;
        let mut used = 0;
        for (nu, c) in self.window.updates() {
            axpy(eta * f64::from(c), self.gram.row(nu), &mut self.state.w);
            used += 1;
        }
        if self.gram.is_stored() && used < self.state.data.dim() {
            for (nu, c) in self.window.updates() {
                self.gram.add_column(nu, eta * f64::from(c), &mut self.h);
            }
        } else {
            self.gram.potentials(&self.state.w, &mut self.h);
        }
        self.w2 = dot(&self.state.w, &self.state.w);
        self.next = (argmin(&self.h), None);
        self.windowed = false;
    }

    /// The current weights `w(t)`: the kept `w` plus the full steps not yet added to it, or
    /// while the window is open its checkpoint's `w` plus its updates.
    fn weights(&self) -> Vec<f64> {
        let mut w = self.state.w.clone();
        for &a in &self.pending_order {
            axpy(self.eta * self.pending[a] as f64, self.gram.row(a), &mut w);
        }
        if self.windowed {
            for (nu, c) in self.window.updates() {
                axpy(self.eta * f64::from(c), self.gram.row(nu), &mut w);
            }
        }
        w
    }

    /// How many steps so far took their example from the certified candidate window, without
    /// a scan of all `P` (a diagnostic of the module docs' method).
    pub fn window_steps(&self) -> usize {
        self.window_steps
    }

    /// The potentials `h_μ = w·z^μ` of the current weights as the rule keeps them: incremental
    /// ones, brought up to date as at the close of the window (for tests and diagnostics).
    pub fn potentials(&self) -> Vec<f64> {
        if !self.windowed {
            return self.h.clone();
        }
        let mut m = self.clone();
        m.close_window();
        m.h
    }
}

impl Trainer for Minover {
    fn advance(&mut self) -> Step {
        if let (Some(patience), true) = (self.patience, self.state.steps > 0) {
            if self.improves() {
                self.best = (self.kappa(), self.state.steps);
            } else if self.state.steps - self.best.1 >= patience {
                self.state.stop = Some(Stop::NoImprovement);
                return Step::stopped(Stop::NoImprovement);
            }
        }
        if self.state.certifies && self.state.steps > 0 && self.gap_reached() {
            self.state.stop = Some(Stop::GapReached);
            return Step::stopped(Stop::GapReached);
        }
        if self.state.steps >= self.max_steps {
            self.state.stop = Some(Stop::Limit);
            return Step::stopped(Stop::Limit);
        }
        let (a, b) = self.next;
        let moved = match b {
            None => self.update_origin(a),
            Some(_) => self.update(a, b),
        };
        self.count(a);
        if let Some(b) = b {
            self.count(b);
        }
        self.state.steps += 1;
        self.state.updates += 1;
        if !moved {
            self.state.stop = Some(Stop::Stalled);
        }
        Step {
            partner: b,
            ..Step::on(a, moved, self.state.stop)
        }
    }

    /// The current `w(t)` (while the window is open, its checkpoint's plus its updates) and,
    /// with a threshold, `θ` in the middle of the gap between the classes.
    fn perceptron(&self) -> Perceptron {
        let w = self.weights();
        let theta = match self.mode {
            Mode::Homogeneous => 0.0,
            Mode::Threshold => best_threshold(&w, &self.state.data).unwrap_or(0.0),
        };
        Perceptron::new(w, theta)
    }

    fn run_state(&self) -> &RunState {
        &self.state
    }

    /// As [`Trainer::step`] until the run stops, with the window's steps in a tight loop
    /// ([`Minover::run_origin`]): the same steps, the same arithmetic, the same stop.
    fn run(&mut self) -> Fit {
        while self.state.stop.is_none() {
            self.run_origin();
            self.advance();
        }
        self.fit()
    }
}

/// MinOver's spec: every example's potential per step; it takes a start (the gap is then not
/// certified).
pub const SPEC: Spec = Spec::new("minover", StepCost::Potentials, build)
    .taking(Takes::of(&[Optional::Init]))
    .describing(Texts {
        optimises: "the maximal stability κ_max (the widest margin)",
        stops: "when the certified gap |w|/Σxμ − κ(w) is below the tolerance, or at the step limit",
        rule: "ν = argmin_μ Eμ;  w ← w + ξνSν/N",
    });

/// [`Minover::new`], boxed.
fn build(data: &Dataset, mode: Mode, config: &Config) -> Result<Box<dyn Trainer>> {
    Ok(Box::new(Minover::new(data, mode, config)?))
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
                let config = Config {
                    max_epochs: Some(50.0),
                    gap_tolerance: 1e-12,
                    ..Config::default()
                };
                let mut m = Minover::with_gram_budget(&d, mode, &config, budget).unwrap();
                m.run();
                let (w, h) = (m.perceptron().w, m.potentials());
                for (mu, hv) in h.iter().enumerate() {
                    let direct = dot(&w, m.gram.row(mu));
                    assert!((hv - direct).abs() <= 1e-9 * (1.0 + direct.abs()));
                }
                assert!((m.w2 - dot(&w, &w)).abs() <= 1e-9 * m.w2);
            }
        }
    }
}
