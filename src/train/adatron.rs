//! AdaTron (Anlauf & Biehl 1989; Biehl §3.6.3): the perceptron of optimal stability by
//! coordinate ascent on the embedding strengths, clipped at zero.
//!
//! Through the origin the examples are swept in order; for example `μ`, with
//! `E^μ = w·ξ^μ S^μ` and `C_μμ = |ξ^μ|²`,
//!
//! `x^μ ← max(0, x^μ + η (1 − E^μ) / C_μμ)`,   `w ← w + Δx^μ ξ^μ S^μ`,
//!
//! which is `O(N)` per update because `w` is kept. `0 < η < 2` converges; `η = 1` is the exact
//! coordinate maximum of the dual `Σ x^μ − |w|²/2`.
//!
//! **Without squared lengths** (issue 24): the step is taken, exactly, on `b^μ = x^μ |ξ^μ|` along
//! the unit direction `u^μ = S^μ ξ^μ/|ξ^μ|`: `w = Σ b^μ u^μ`, `E^μ = |ξ^μ| h^μ` with
//! `h^μ = w·u^μ`, and the step above reads `b^μ ← max(0, b^μ + η (1/|ξ^μ| − h^μ))`. Neither
//! `|ξ^μ|²` nor `x^μ` appears, so a set whose lengths span `10³⁰⁰` (a point at `10³⁰⁰` beside one
//! at 1, where the short point's `|ξ|²` or `x^μ` leave the floating-point range once the long one
//! is near 1) trains like any other; the certified bound is computed as
//! `|2^a w| / Σ_μ 2^a b^μ/|ξ^μ|` with `2^a` bringing `w` near 1. With a threshold the pair steps
//! still use `|ξ^i − ξ^j|²`, and a set spanning beyond `2^511` is refused there
//! ([`Dataset::check_span`]).
//!
//! **The book's fixed η** (Biehl §3.7; `--eta`, [`Config::learning_rate`]): in the book's units,
//! `w = (1/N) Σ x̂^μ ξ^μ S^μ` (so `x̂^μ = N x^μ`) and `C^μμ = |ξ^μ|²/N`, the step is
//! `x̂^μ ← max(0, x̂^μ + η (1 − E^μ))` with one `η` for every example, here
//! `x^μ ← max(0, x^μ + (η/N)(1 − E^μ))`: the normalised step above with `η C^μμ` in place of `η`.
//! It converges for `0 < η C^μμ < 2` at every example, so for `0 < η < 2/max_μ C^μμ` on the data
//! set; `η = 1/C^μμ` is the exact coordinate step (the default, with its own `η` per example).
//! With a threshold the pair step is `t = (η/N)(score_i − score_j)` along a direction of
//! curvature `D^ij = |ξ^i − ξ^j|²/N ≤ 2(C^ii + C^jj) ≤ 4 max C^μμ`, which converges for
//! `η D^ij < 2`: there `η < 1/(2 max_μ C^μμ)`.
//!
//! With a threshold the embedding strengths must also satisfy `Σ x^μ S^μ = 0`, so single
//! coordinates cannot move; each step moves the pair that violates the optimality conditions most
//! (Keerthi et al. 2001, as in SMO/libsvm): with `score_μ = S^μ − w·ξ^μ`,
//! `i = argmax score` over examples whose `x^μ` may move up for `S = +1` / down for `S = −1`,
//! `j = argmin score` over the opposite sets, and the step `t = η (score_i − score_j) / |ξ^i − ξ^j|²`
//! (clipped so that `x ≥ 0`) moves `x^i += S^i t`, `x^j −= S^j t`, `w += t (ξ^i − ξ^j)`.
//! `θ` is the middle of the gap between the classes along `w`.
//!
//! **Soft margin** (Biehl §4.1.2, `soft-margin`): with the embedding strengths bounded,
//! `0 ≤ x^μ ≤ γ`, the same steps (clipped to the box) maximise the dual of
//! `min |w|²/2 + γ Σ_μ ξ_μ` s.t. `E^μ ≥ 1 − ξ_μ`, `ξ_μ ≥ 0`: examples that cannot reach
//! potential 1 are given up at strength `γ` (slack `ξ_μ = 1 − E^μ`), so the rule works on
//! non-separable data; `γ → ∞` is the hard margin. The certified gap needs unbounded strengths,
//! so a soft-margin run stops on the optimality (KKT) conditions instead: through the origin when
//! a whole sweep finds no example with `x = 0, E < 1 − tol`, `0 < x < γ, |E − 1| > tol` or
//! `x = γ, E > 1 + tol`; with a threshold when the maximal violating pair violates by at most
//! `tol`. Its threshold is the mean of `w·ξ^μ − S^μ` over the free examples (`0 < x^μ < γ`).
//!
//! Hard-margin runs stop when the certified relative gap `(|w|/Σx^μ − κ(w)) / (|w|/Σx^μ)` falls below
//! the tolerance, or at the sweep limit.
//!
//! # References
//! - J. K. Anlauf, M. Biehl, Europhys. Lett. 10 (1989) 687.
//! - S. S. Keerthi, S. K. Shevade, C. Bhattacharyya, K. R. K. Murthy, Neural Comput. 13 (2001) 637.

use super::algorithm::{Spec, StepCost, Takes};
use super::directions::Directions;
use super::online::max_diagonal;
use super::{
    check_classes, check_init, check_positive, check_tolerance, relative_gap, Config, Gram,
    RunState, Step, Stop, Trainer,
};
use crate::data::Dataset;
use crate::data::{exponent_to_one, max_abs};
use crate::error::{Error, Result};
use crate::linalg::{argmin2_by, axpy, dot, norm};
use crate::measure::{best_threshold, stability_upper_bound, Perceptron};
use crate::train::gram::GRAM_BUDGET_BYTES;
use crate::train::Mode;

/// The soft margin's default bound `γ` of the embedding strengths.
pub const GAMMA: f64 = 1.0;
/// The range `[min, max]` of the page's logarithmic `γ` slider: from a wide soft margin
/// (`γ = 10⁻²`, most examples given up) to the hard margin's neighbourhood (`γ = 10⁴`); any
/// `γ ∈ (0, ∞)` ([`check_gamma`]) can be typed.
pub const GAMMA_SLIDER: [f64; 2] = [1e-2, 1e4];

/// Checks the soft margin's bound `γ ∈ (0, ∞)` of the embedding strengths (`γ = ∞` is the hard
/// margin, AdaTron).
///
/// # Errors
/// [`Error::OutOfRange`] naming the value and the range.
pub fn check_gamma(gamma: f64) -> Result<f64> {
    if gamma > 0.0 && gamma.is_finite() {
        Ok(gamma)
    } else {
        Err(Error::OutOfRange {
            name: "the soft margin's bound γ of the embedding strengths",
            value: gamma,
            range: "(0, ∞)",
        })
    }
}

/// Parameters of [`Adatron`].
#[derive(Debug, Clone, PartialEq)]
pub struct AdatronParams {
    /// Learning rate `η ∈ (0, 2)` of the normalised step `η (1 − E^μ)/|ξ^μ|²`.
    pub learning_rate: f64,
    /// The book's fixed `η` (module docs) in place of the normalised step: `(η/N)(1 − E^μ)`,
    /// converging for `0 < η < 2/max_μ C^μμ` (with a threshold `1/(2 max_μ C^μμ)`).
    pub fixed_rate: Option<f64>,
    /// Stop when the certified relative gap is at most this.
    pub gap_tolerance: f64,
    /// The most sweeps (`P` steps each).
    pub max_epochs: f64,
    /// Initial embedding strengths `x^μ ≥ 0` (`None`: tabula rasa `x = 0`); `w` follows from them.
    pub init: Option<Vec<f64>>,
    /// Upper bound `γ` of the embedding strengths (the soft-margin perceptron); `∞`: the hard margin.
    pub bound: f64,
    /// Soft margin: stop when no example violates the optimality conditions by more than this.
    pub kkt_tolerance: f64,
}

impl Default for AdatronParams {
    fn default() -> Self {
        Self {
            learning_rate: 1.0,
            fixed_rate: None,
            gap_tolerance: 1e-3,
            max_epochs: 1000.0,
            init: None,
            bound: f64::INFINITY,
            kkt_tolerance: 1e-6,
        }
    }
}

impl AdatronParams {
    /// Validates the parameters and starts a run on `data`.
    ///
    /// # Errors
    /// [`Error::Empty`]; [`Error::OneClass`] with a threshold and one class only;
    /// [`Error::OutOfRange`] for `η ∉ (0, 2)`, a bad tolerance or limit, a negative initial
    /// strength, or (with a threshold) initial strengths with `Σ x^μ S^μ ≠ 0`;
    /// [`Error::AboveBound`] for a fixed `η` outside its bound for `data` ([`fixed_rate_bound`]);
    /// [`Error::Shape`] if the initial strengths do not have `P` entries.
    pub fn build(self, data: &Dataset, mode: Mode) -> Result<Adatron> {
        check_classes(data, mode)?;
        if !(self.learning_rate > 0.0 && self.learning_rate < 2.0) {
            return Err(Error::OutOfRange {
                name: "AdaTron learning rate η",
                value: self.learning_rate,
                range: "(0, 2)",
            });
        }
        check_tolerance("gap tolerance", self.gap_tolerance)?;
        check_tolerance("KKT tolerance", self.kkt_tolerance)?;
        if self.bound != f64::INFINITY {
            check_gamma(self.bound)?; // ∞: AdaTron, the hard margin
        }
        if let Some(eta) = self.fixed_rate {
            let (bound, why) = fixed_rate_bound(data, mode);
            if !(eta > 0.0 && eta < bound) {
                return Err(Error::AboveBound {
                    name: "AdaTron learning rate η",
                    value: eta,
                    bound,
                    why,
                });
            }
        }
        check_positive("max_epochs", self.max_epochs)?;
        check_init(None, data)?;
        let x = self.initial_strengths(data, mode)?;
        // through the origin only rows are needed (O(N) per update); with a threshold the Gram
        // matrix keeps all potentials current in O(P) per pair update
        let budget = match mode {
            Mode::Homogeneous => 0,
            Mode::Threshold => GRAM_BUDGET_BYTES,
        };
        // with a threshold a set spanning beyond 2^511 is refused before (`build_spec`,
        // `Spec::squares`): the pair steps' |ξ^i − ξ^j|² of two short points would underflow
        let Directions { rows, norms } = match mode {
            Mode::Homogeneous => Directions::unit(data),
            Mode::Threshold => Directions::signed(data),
        };
        let gram = Gram::new(rows, data.dim(), budget);
        // w = Σ x^μ z^μ = Σ b^μ u^μ with b^μ = x^μ |z^μ| through the origin
        let b: Vec<f64> = match mode {
            Mode::Homogeneous => x.iter().zip(&norms).map(|(x, r)| x * r).collect(),
            Mode::Threshold => x.clone(),
        };
        let mut w = vec![0.0; data.dim()];
        for (mu, &bm) in b.iter().enumerate() {
            axpy(bm, gram.row(mu), &mut w);
        }
        let h: Vec<f64> = (0..data.len()).map(|mu| dot(&w, gram.row(mu))).collect();
        let coords = self.coordinates(&norms, data.dim());
        let masks = Masks::new(data.labels(), &x, self.bound);
        let mut scratch = vec![];
        let next = violating_pair(data.labels(), &h, &masks, &mut scratch);
        let max_steps = (self.max_epochs * data.len() as f64).ceil() as usize;
        let certifies = self.bound.is_infinite();
        Ok(Adatron {
            state: RunState {
                x,
                ..RunState::new(data, w, 0.0, certifies)
            },
            mode,
            next,
            masks,
            scratch,
            params: self,
            gram,
            h,
            b,
            coords,
            sweep_violation: 0.0,
            sweep_position: 0,
            max_steps,
        })
    }
}

impl AdatronParams {
    /// The starting strengths: `x = 0`, or the given ones checked (`P` of them in `[0, γ]`, with a
    /// threshold `Σ x^μ S^μ = 0`).
    ///
    /// # Errors
    /// As [`AdatronParams::build`] for the initial strengths.
    fn initial_strengths(&self, data: &Dataset, mode: Mode) -> Result<Vec<f64>> {
        Ok(match &self.init {
            None => vec![0.0; data.len()],
            Some(x) if x.len() != data.len() => {
                return Err(Error::Shape {
                    expected: data.len(),
                    got: x.len(),
                })
            }
            Some(x) => {
                if let Some(&v) = x
                    .iter()
                    .find(|v| !(**v >= 0.0 && v.is_finite() && **v <= self.bound))
                {
                    return Err(Error::OutOfRange {
                        name: "initial embedding strength",
                        value: v,
                        range: "[0, γ]",
                    });
                }
                if mode == Mode::Threshold {
                    // the pair steps keep Σ x^μ S^μ, and the certificate needs it to be 0
                    let balance: f64 = x.iter().zip(data.labels()).map(|(x, s)| x * s).sum();
                    let total: f64 = x.iter().sum();
                    if balance.abs() > 1e-12 * total.max(1.0) {
                        return Err(Error::OutOfRange {
                            name: "Σ x^μ S^μ of the initial embedding strengths (threshold mode)",
                            value: balance,
                            range: "{0}",
                        });
                    }
                }
                x.clone()
            }
        })
    }

    /// Through the origin, the [`Coordinate`] of each example of length `r = |z^μ|`.
    fn coordinates(&self, norms: &[f64], n: usize) -> Vec<Coordinate> {
        norms
            .iter()
            .map(|&r| Coordinate {
                r,
                inverse: if r > 0.0 { 1.0 / r } else { 0.0 },
                rate: match self.fixed_rate {
                    Some(eta) => eta / n as f64 * r * r,
                    None => self.learning_rate,
                },
                top: self.bound * r,
            })
            .collect()
    }
}

/// An AdaTron run in progress.
#[derive(Debug, Clone)]
pub struct Adatron {
    /// The data, `w`, the embedding strengths `x^μ`, the counters; `θ` is not kept (it follows
    /// from `w` and `x`, [`Trainer::perceptron`]); the strengths certify the bound for the hard
    /// margin.
    state: RunState,
    mode: Mode,
    /// Threshold mode: the maximal violating pair `(i, j, score_i − score_j)` for the next step.
    next: (usize, usize, f64),
    /// Threshold mode: which strengths may move which way.
    masks: Masks,
    /// Work space of [`violating_pair`].
    scratch: Vec<f64>,
    params: AdatronParams,
    /// Through the origin the unit directions `u^μ = z^μ/|z^μ|`; with a threshold
    /// `z^μ = S^μ ξ^μ` and their Gram matrix.
    gram: Gram,
    /// Threshold mode: potentials `h_μ = w·z^μ`, kept incrementally.
    h: Vec<f64>,
    /// Through the origin the strengths `b^μ = x^μ |z^μ|` the steps move (`w = Σ b^μ u^μ`);
    /// with a threshold the starting `x^μ` (the pair steps move [`RunState::x`]).
    b: Vec<f64>,
    /// Through the origin each example's constants of the step (empty with a threshold).
    coords: Vec<Coordinate>,
    /// Through the origin: the largest KKT violation seen in the current sweep.
    sweep_violation: f64,
    /// `steps mod P`, kept by counting (no division per step).
    sweep_position: usize,
    max_steps: usize,
}

/// The constants of the coordinate step on one example (through the origin), kept together.
#[derive(Debug, Clone, Copy)]
struct Coordinate {
    /// `|z^μ|`.
    r: f64,
    /// `1/|z^μ|` (0 for a point at the origin).
    inverse: f64,
    /// The step `η_b` of `b^μ` per unit of `1/|z^μ| − h^μ`: `η`, or the book's fixed
    /// `(η/N)|z^μ|²`.
    rate: f64,
    /// The box `b^μ ≤ γ |z^μ|` (`∞` for the hard margin).
    top: f64,
}

/// With `score_μ = S^μ − w·ξ^μ = S^μ (1 − h_μ)`: `i = argmax score` over the examples whose
/// `x^μ` may move along `+S^μ`, `j = argmin score` over those that may move along `−S^μ` (the
/// masks of [`Masks`]). Returns `(i, j, score_i − score_j)`.
///
/// Written as one branch-free pass into `scratch` (`−score` and `score`, each plus its mask)
/// and two vectorised [`argmin`](crate::linalg::argmin)s ([`argmin2_by`]): the hot loop of
/// threshold AdaTron.
fn violating_pair(
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
/// `x > 0`). Kept per example, updated where a step moves `x`.
#[derive(Debug, Clone)]
struct Masks {
    up: Vec<f64>,
    low: Vec<f64>,
}

impl Masks {
    fn new(ys: &[f64], x: &[f64], bound: f64) -> Self {
        let mut m = Self {
            up: vec![0.0; ys.len()],
            low: vec![0.0; ys.len()],
        };
        for mu in 0..ys.len() {
            m.set(mu, ys[mu], x[mu], bound);
        }
        m
    }

    /// The masks of example `mu` with label `s` and strength `x`.
    fn set(&mut self, mu: usize, s: f64, x: f64, bound: f64) {
        let mask = |may: bool| if may { 0.0 } else { f64::INFINITY };
        let (up, down) = (x < bound, x > 0.0);
        self.up[mu] = mask((s > 0.0 && up) || (s < 0.0 && down));
        self.low[mu] = mask((s < 0.0 && up) || (s > 0.0 && down));
    }
}

/// The bound of the book's fixed `η` on `data` and its formula: `2/max_μ C^μμ` through the
/// origin, `1/(2 max_μ C^μμ)` with a threshold (module docs), `C^μμ = |ξ^μ|²/N`.
pub fn fixed_rate_bound(data: &Dataset, mode: Mode) -> (f64, &'static str) {
    let c = max_diagonal(data, Mode::Homogeneous);
    match mode {
        Mode::Homogeneous => (2.0 / c, "η < 2/max C^μμ, C^μμ = |ξ^μ|²/N"),
        Mode::Threshold => (
            0.5 / c,
            "with a threshold η < 1/(2 max C^μμ), C^μμ = |ξ^μ|²/N: the pair steps' |ξ^i − ξ^j|²/N ≤ 4 max C^μμ",
        ),
    }
}

impl Adatron {
    /// The step per unit of violation along a direction of curvature `curvature` (`|ξ^μ|²`, or
    /// `|ξ^i − ξ^j|²` for a pair): `η/curvature` (the normalised step), or the book's fixed
    /// `η/N` (module docs).
    fn step_size(&self, curvature: f64) -> f64 {
        match self.params.fixed_rate {
            Some(eta) => eta / self.state.data.dim() as f64,
            None => self.params.learning_rate / curvature,
        }
    }

    /// Soft margin: `θ` = the mean of `w·ξ^μ − S^μ` over the free examples `0 < x^μ < γ` (where
    /// `E^μ = 1`), or the middle of the gap between the classes when none is free.
    fn soft_threshold(&self) -> f64 {
        let (sum, count) = (0..self.state.data.len())
            .filter(|&mu| self.state.x[mu] > 0.0 && self.state.x[mu] < self.params.bound)
            .fold((0.0, 0usize), |(sum, count), mu| {
                let s = self.state.data.y(mu);
                (sum + s * self.h[mu] - s, count + 1)
            });
        if count > 0 {
            sum / count as f64
        } else {
            best_threshold(&self.state.w, &self.state.data).unwrap_or(0.0)
        }
    }

    /// The certified relative gap of the current `w`: `O(P N)`.
    fn gap(&self) -> f64 {
        let p = self.perceptron();
        relative_gap(
            p.stability(&self.state.data),
            self.kappa_upper().unwrap_or(f64::INFINITY),
        )
    }

    /// Through the origin, `κ_upper = |w| / Σ_μ x^μ` with `x^μ = b^μ/|z^μ|`, both sides times
    /// `2^a` bringing `w` near 1: `|2^a w| / Σ_μ (2^a b^μ)/|z^μ|`, in range where the `x^μ` are
    /// not (a point `10³⁰⁰` shorter than the longest has `x^μ ≈ 10⁶⁰⁰` of the longest's scale).
    fn homogeneous_upper(&self) -> f64 {
        let plain = stability_upper_bound(&self.state.w, &self.state.x);
        if plain.is_finite() && plain > 0.0 {
            return plain; // the x^μ and |w|² in range: the bound as every rule computes it
        }
        let a = exponent_to_one(max_abs(&self.state.w));
        let w: Vec<f64> = self.state.w.iter().map(|&v| libm::scalbn(v, a)).collect();
        let total: f64 = self
            .b
            .iter()
            .zip(&self.coords)
            .map(|(&b, c)| libm::scalbn(b, a) * c.inverse)
            .sum();
        if total <= 0.0 {
            f64::INFINITY
        } else {
            norm(&w) / total
        }
    }

    /// One coordinate step on example `μ` (through the origin), on `b^μ = x^μ |z^μ|` along the
    /// unit direction `u^μ`: with `h^μ = w·u^μ` (so `E^μ = |z^μ| h^μ`), the step
    /// `x^μ ← x^μ + η (1 − E^μ)/|z^μ|²` (module docs) is exactly
    ///
    /// `b^μ ← clamp(b^μ + η (1/|z^μ| − h^μ), 0, γ |z^μ|)`,   `w ← w + Δb^μ u^μ`,
    ///
    /// (the book's fixed `η`: `(η/N)|z^μ|²` in place of `η`), which needs no `|z^μ|²`: it holds
    /// on a set whose lengths span `10³⁰⁰`, where the squares leave the floating-point range.
    fn coordinate_step(&mut self, mu: usize) -> bool {
        let Coordinate {
            r,
            inverse,
            rate,
            top,
        } = self.coords[mu];
        if r == 0.0 {
            return false; // a point at the origin: no w can change its potential
        }
        let u = self.gram.row(mu);
        let h = dot(&self.state.w, u);
        let e = r * h;
        let old = self.b[mu];
        let violation = if old <= 0.0 {
            1.0 - e
        } else if old >= top {
            e - 1.0
        } else {
            (1.0 - e).abs()
        };
        self.sweep_violation = self.sweep_violation.max(violation);
        let new = (old + rate * (inverse - h)).clamp(0.0, top);
        let db = new - old;
        if db == 0.0 {
            return false;
        }
        self.b[mu] = new;
        // at the box exactly γ (γ|z|·(1/|z|) may round off it)
        self.state.x[mu] = if new >= top {
            self.params.bound
        } else {
            new * inverse
        };
        axpy(db, u, &mut self.state.w);
        true
    }

    /// The violation of the maximal violating pair at which threshold mode stops: the soft
    /// margin's KKT tolerance, `0` for the hard margin (its stop is the certified gap).
    fn pair_tolerance(&self) -> f64 {
        if self.params.bound.is_finite() {
            self.params.kkt_tolerance
        } else {
            0.0
        }
    }

    /// One pair step (threshold mode) on the pair chosen by the previous pass; the potentials
    /// and the next pair are updated in one pass. Returns the pair and whether `w` moved.
    fn pair_step(&mut self) -> (usize, usize, bool) {
        let (i, j, violation) = self.next;
        let g = &self.gram;
        let (si, sj) = (self.state.data.y(i), self.state.data.y(j));
        // |ξ^i − ξ^j|² = |S^i z^i − S^j z^j|²
        let d2 = g.get(i, i) + g.get(j, j) - 2.0 * si * sj * g.get(i, j);
        let bound = self.params.bound;
        // `!(d2 > 0)` also catches `d2 = ∞ − ∞ = NaN` when the squared norms overflow (inputs
        // near 1e300): no finite step exists then, and a NaN step would poison `w`
        if violation <= self.pair_tolerance() || !(d2 > 0.0 && d2.is_finite()) || i == j {
            return (i, j, false);
        }
        let mut t = self.step_size(d2) * violation;
        // room of x^i along S^i and of x^j along −S^j inside [0, γ]
        t = t.min(if si > 0.0 {
            bound - self.state.x[i]
        } else {
            self.state.x[i]
        });
        t = t.min(if sj > 0.0 {
            self.state.x[j]
        } else {
            bound - self.state.x[j]
        });
        if t <= 0.0 {
            return (i, j, false);
        }
        self.state.x[i] = (self.state.x[i] + si * t).clamp(0.0, bound);
        self.state.x[j] = (self.state.x[j] - sj * t).clamp(0.0, bound);
        // w += t (ξ^i − ξ^j) = t S^i z^i − t S^j z^j
        axpy(t * si, g.row(i), &mut self.state.w);
        axpy(-t * sj, g.row(j), &mut self.state.w);
        let (ci, cj) = (t * si, -t * sj);
        if let (Some(ki), Some(kj)) = (g.column(i), g.column(j)) {
            for (hm, (a, b)) in self.h.iter_mut().zip(ki.iter().zip(kj)) {
                *hm += ci * a + cj * b;
            }
        } else {
            g.potentials(&self.state.w, &mut self.h);
        }
        self.masks.set(i, si, self.state.x[i], bound);
        self.masks.set(j, sj, self.state.x[j], bound);
        self.next = violating_pair(
            self.state.data.labels(),
            &self.h,
            &self.masks,
            &mut self.scratch,
        );
        (i, j, true)
    }
}

impl Trainer for Adatron {
    fn advance(&mut self) -> Step {
        let p = self.state.data.len();
        // the gap (hard margin) or the sweep's KKT violation (soft margin, through the origin)
        // is checked once per sweep
        if self.sweep_position == p {
            self.sweep_position = 0;
        }
        if self.sweep_position == 0 && self.state.steps > 0 {
            let stop = if self.params.bound.is_finite() {
                let done = self.mode == Mode::Homogeneous
                    && self.sweep_violation <= self.params.kkt_tolerance;
                self.sweep_violation = 0.0;
                done.then_some(Stop::Kkt)
            } else {
                // a tolerance of 0 never stops (and costs no O(P N) check)
                (self.params.gap_tolerance > 0.0 && self.gap() <= self.params.gap_tolerance)
                    .then_some(Stop::GapReached)
            };
            if let Some(stop) = stop {
                self.state.stop = Some(stop);
                return Step::stopped(stop);
            }
        }
        if self.state.steps >= self.max_steps {
            self.state.stop = Some(Stop::Limit);
            return Step::stopped(Stop::Limit);
        }
        let (example, partner, updated) = match self.mode {
            Mode::Homogeneous => {
                let mu = self.sweep_position;
                (mu, None, self.coordinate_step(mu))
            }
            Mode::Threshold => {
                let (i, j, moved) = self.pair_step();
                if !moved {
                    // no pair can improve the dual: the KKT conditions hold (within the
                    // tolerance; with 0 exactly, a fixed point no further step leaves, so even
                    // `--stop epochs` ends here), or no finite step exists (nothing learnable,
                    // or `|ξ^i − ξ^j|²` beyond the floating-point range)
                    let optimal = self.next.2 <= self.pair_tolerance()
                        && self.state.w.iter().any(|&v| v != 0.0);
                    let stop = if optimal { Stop::Kkt } else { Stop::Stalled };
                    self.state.stop = Some(stop);
                    return Step::stopped(stop);
                }
                (i, Some(j), true)
            }
        };
        self.state.steps += 1;
        self.sweep_position += 1;
        self.state.updates += usize::from(updated);
        Step {
            example: Some(example),
            partner,
            updated,
            stop: None,
        }
    }

    /// `w` and, with a threshold, `θ` from it: the middle of the gap between the classes (hard
    /// margin) or the mean of `w·ξ^μ − S^μ` over the free examples (soft margin).
    fn perceptron(&self) -> Perceptron {
        let theta = match self.mode {
            Mode::Homogeneous => 0.0,
            Mode::Threshold if self.params.bound.is_finite() => self.soft_threshold(),
            Mode::Threshold => best_threshold(&self.state.w, &self.state.data).unwrap_or(0.0),
        };
        Perceptron::new(self.state.w.clone(), theta)
    }

    fn run_state(&self) -> &RunState {
        &self.state
    }

    /// Through the origin `homogeneous_upper` (its bound computed without the `x^μ`); with a threshold `|w| / Σ_μ x^μ`.
    fn kappa_upper(&self) -> Option<f64> {
        self.state.certifies.then(|| match self.mode {
            Mode::Homogeneous => self.homogeneous_upper(),
            Mode::Threshold => stability_upper_bound(&self.state.w, &self.state.x),
        })
    }
}

/// AdaTron's spec: a coordinate step on one embedding strength (a pair with a threshold); it
/// takes the book's fixed `η`.
pub const SPEC: Spec = Spec::new("adatron", StepCost::Strengths, build)
    .taking(Takes::NOTHING.learning_rate())
    .squaring();

/// The soft margin's spec: AdaTron with strengths bounded by `γ`.
pub const SOFT_MARGIN_SPEC: Spec = Spec::new("soft-margin", StepCost::Strengths, build_soft_margin)
    .taking(Takes::NOTHING.gamma())
    .minimising(super::objective::Objective::Hinge { gamma: GAMMA })
    .squaring();

/// AdaTron from the run's [`Config`]: the epoch limit, the gap tolerance and the book's fixed `η`
/// ([`Config::learning_rate`]; `None`: the exact coordinate step).
///
/// # Errors
/// Those of [`AdatronParams::build`].
fn build(data: &Dataset, mode: Mode, config: &Config) -> Result<Box<dyn Trainer>> {
    Ok(Box::new(params(config)?.build(data, mode)?))
}

/// The soft margin from the run's [`Config`]: AdaTron's with the bound [`Config::gamma`].
///
/// # Errors
/// Those of [`AdatronParams::build`].
fn build_soft_margin(data: &Dataset, mode: Mode, config: &Config) -> Result<Box<dyn Trainer>> {
    Ok(Box::new(
        AdatronParams {
            bound: config.gamma,
            ..params(config)?
        }
        .build(data, mode)?,
    ))
}

/// The parameters both rules read from `config`.
fn params(config: &Config) -> Result<AdatronParams> {
    Ok(AdatronParams {
        max_epochs: config.epochs()?,
        fixed_rate: config.learning_rate,
        gap_tolerance: config.gap_tolerance,
        kkt_tolerance: config.kkt_tolerance,
        ..AdatronParams::default()
    })
}
