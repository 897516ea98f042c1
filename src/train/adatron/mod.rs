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
//! **Without squared lengths**: the step is taken, exactly, on `b^μ = x^μ |ξ^μ|` along
//! the unit direction `u^μ = S^μ ξ^μ/|ξ^μ|`: `w = Σ b^μ u^μ`, `E^μ = |ξ^μ| h^μ` with
//! `h^μ = w·u^μ`, and the step above reads `b^μ ← max(0, b^μ + η (1/|ξ^μ| − h^μ))`. Neither
//! `|ξ^μ|²` nor `x^μ` appears, so a set whose lengths span `10³⁰⁰` (a point at `10³⁰⁰` beside one
//! at 1, where the short point's `|ξ|²` or `x^μ` leave the floating-point range once the long one
//! is near 1) trains like any other; the certified bound is computed as
//! `|2^a w| / Σ_μ 2^a b^μ/|ξ^μ|` with `2^a` bringing `w` near 1. The pair steps with a threshold
//! are taken on the same `b^μ` and unit directions (`pair.rs`): `|ξ^i − ξ^j|²` is computed
//! relative to the longer of the two, `m² (a² + c² − 2 S^i S^j a c u^i·u^j)` with
//! `a = |ξ^i|/m`, `c = |ξ^j|/m`, and the step in units of `m`.
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

use super::directions::Directions;
use super::online::max_diagonal;
use super::spec::{Optional, Spec, StepCost, Takes, Texts};
use super::{
    check_classes, check_init, check_positive, check_tolerance, relative_gap, Config, Gram,
    RunState, Step, Stop, Trainer,
};
use crate::data::Dataset;
use crate::data::{exponent_to_one, max_abs};
use crate::error::{Error, Result};
use crate::linalg::{axpy, dot, norm};
use crate::measure::{best_threshold, stability_upper_bound, Perceptron};
use crate::train::gram::GRAM_BUDGET_BYTES;
use crate::train::Mode;
use pair::Masks;

mod pair;
pub mod reference;

pub use super::config::GAMMA;
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

/// AdaTron's settings that the run's [`Config`] does not hold: the bound of the embedding
/// strengths, their start and the normalised step on them.
#[derive(Debug, Clone, PartialEq)]
pub struct Strengths {
    /// Upper bound `γ` of the embedding strengths (the soft-margin perceptron); `∞`: the hard margin.
    pub bound: f64,
    /// Initial embedding strengths `x^μ ≥ 0` (`None`: tabula rasa `x = 0`); `w` follows from them.
    pub init: Option<Vec<f64>>,
    /// Learning rate `η ∈ (0, 2)` of the normalised step `η (1 − E^μ)/|ξ^μ|²` (1: the exact
    /// coordinate step), used unless [`Config::learning_rate`] sets the book's fixed `η`.
    pub step: f64,
}

impl Default for Strengths {
    fn default() -> Self {
        Self {
            bound: f64::INFINITY,
            init: None,
            step: 1.0,
        }
    }
}

impl Adatron {
    /// AdaTron from the run's [`Config`] (the epoch limit in sweeps of `P` steps, the gap
    /// tolerance, the soft margin's KKT tolerance and the book's fixed `η`,
    /// [`Config::learning_rate`], converging for `0 < η < 2/max_μ C^μμ`, with a threshold
    /// `1/(2 max_μ C^μμ)`; `None`: the normalised step) and the [`Strengths`]' own settings; the
    /// soft margin is the bound `γ` of [`Strengths::bound`].
    ///
    /// # Errors
    /// [`Error::Empty`]; [`Error::OneClass`] with a threshold and one class only;
    /// [`Error::OutOfRange`] for `η ∉ (0, 2)`, a bad tolerance or limit, a negative initial
    /// strength, or (with a threshold) initial strengths with `Σ x^μ S^μ ≠ 0`;
    /// [`Error::AboveBound`] for a fixed `η` outside its bound for `data` ([`fixed_rate_bound`]);
    /// [`Error::Shape`] if the initial strengths do not have `P` entries.
    pub fn new(data: &Dataset, mode: Mode, config: &Config, strengths: Strengths) -> Result<Self> {
        let max_epochs = config.epochs()?;
        check_classes(data, mode)?;
        if !(strengths.step > 0.0 && strengths.step < 2.0) {
            return Err(Error::OutOfRange {
                name: "AdaTron learning rate η",
                value: strengths.step,
                range: "(0, 2)",
            });
        }
        check_tolerance("gap tolerance", config.gap_tolerance)?;
        check_tolerance("KKT tolerance", config.kkt_tolerance)?;
        if strengths.bound != f64::INFINITY {
            check_gamma(strengths.bound)?; // ∞: AdaTron, the hard margin
        }
        if let Some(eta) = config.learning_rate {
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
        check_positive("max_epochs", max_epochs)?;
        check_init(None, data)?;
        let x = strengths.initial(data, mode)?;
        // through the origin only rows are needed (O(N) per update); with a threshold the Gram
        // matrix keeps all potentials current in O(P) per pair update
        let budget = match mode {
            Mode::Homogeneous => 0,
            Mode::Threshold => GRAM_BUDGET_BYTES,
        };
        // the unit directions u^μ = z^μ/|z^μ| and |z^μ| (pair steps included: no |ξ|², `pair.rs`)
        let Directions { rows, norms } = Directions::unit(data);
        let gram = Gram::new(rows, data.dim(), budget);
        let coords = strengths.coordinates(config.learning_rate, &norms, data.dim());
        // w = Σ x^μ z^μ = Σ b^μ u^μ with b^μ = x^μ |z^μ| (x^μ itself at the origin)
        let b: Vec<f64> = x.iter().zip(&coords).map(|(x, c)| x / c.inverse).collect();
        let mut w = vec![0.0; data.dim()];
        for (mu, &bm) in b.iter().enumerate() {
            axpy(bm, gram.row(mu), &mut w);
        }
        let (h, masks) = match mode {
            Mode::Homogeneous => (vec![], Masks::default()),
            Mode::Threshold => (
                // h_μ = w·z^μ = |z^μ| (w·u^μ)
                (0..data.len())
                    .map(|mu| norms[mu] * dot(&w, gram.row(mu)))
                    .collect(),
                Masks::new(data.labels(), &b, &coords),
            ),
        };
        let max_steps = (max_epochs * data.len() as f64).ceil() as usize;
        let certifies = strengths.bound.is_infinite();
        let mut run = Self {
            state: RunState {
                x,
                ..RunState::new(data, w, 0.0, certifies)
            },
            mode,
            next: (0, 0, 0.0),
            masks,
            scratch: vec![],
            bound: strengths.bound,
            step: strengths.step,
            fixed_rate: config.learning_rate,
            gap_tolerance: config.gap_tolerance,
            kkt_tolerance: config.kkt_tolerance,
            gram,
            h,
            norms,
            b,
            coords,
            sweep_violation: 0.0,
            sweep_position: 0,
            max_steps,
        };
        if mode == Mode::Threshold {
            run.choose_pair();
        }
        Ok(run)
    }
}

impl Strengths {
    /// The starting strengths: `x = 0`, or the given ones checked (`P` of them in `[0, γ]`, with a
    /// threshold `Σ x^μ S^μ = 0`).
    ///
    /// # Errors
    /// As [`Adatron::new`] for the initial strengths.
    fn initial(&self, data: &Dataset, mode: Mode) -> Result<Vec<f64>> {
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

    /// The [`Coordinate`] of each example of length `r = |z^μ|`, with the book's fixed `η` if
    /// given.
    fn coordinates(&self, fixed_rate: Option<f64>, norms: &[f64], n: usize) -> Vec<Coordinate> {
        norms
            .iter()
            .map(|&r| {
                // b^μ = ρ x^μ: ρ = |z^μ|, or 1 at the origin (with a threshold its x^μ still moves)
                let rho = if r > 0.0 { r } else { 1.0 };
                Coordinate {
                    r,
                    inverse: 1.0 / rho,
                    rate: match fixed_rate {
                        Some(eta) => eta / n as f64 * r * r,
                        None => self.step,
                    },
                    top: self.bound * rho,
                }
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
    /// Threshold mode: the pair `(i, j)` of the next step and the maximal violation
    /// `score_i − min score` (`pair.rs`).
    next: (usize, usize, f64),
    /// Threshold mode: which strengths may move which way.
    masks: Masks,
    /// Work space of [`violating_pair`].
    scratch: Vec<f64>,
    /// Upper bound `γ` of the embedding strengths; `∞`: the hard margin.
    bound: f64,
    /// The normalised step `η` ([`Strengths::step`]).
    step: f64,
    /// The book's fixed `η` in place of the normalised step ([`Config::learning_rate`]).
    fixed_rate: Option<f64>,
    /// Stop when the certified relative gap is at most this.
    gap_tolerance: f64,
    /// Soft margin: stop when no example violates the optimality conditions by more than this.
    kkt_tolerance: f64,
    /// The unit directions `u^μ = z^μ/|z^μ|` (`z^μ = S^μ ξ^μ`; 0 at the origin) and, with a
    /// threshold, their Gram matrix `u^μ·u^ν`.
    gram: Gram,
    /// Threshold mode: potentials `h_μ = w·z^μ`, kept incrementally.
    h: Vec<f64>,
    /// `|z^μ|`, contiguous (the pair step's update of `h`).
    norms: Vec<f64>,
    /// The strengths `b^μ = x^μ |z^μ|` the steps move (`w = Σ b^μ u^μ`; `b^μ = x^μ` at the
    /// origin); [`RunState::x`] follows from them.
    b: Vec<f64>,
    /// Each example's constants of the step.
    coords: Vec<Coordinate>,
    /// Through the origin: the largest KKT violation seen in the current sweep.
    sweep_violation: f64,
    /// `steps mod P`, kept by counting (no division per step).
    sweep_position: usize,
    max_steps: usize,
}

/// The constants of the steps on one example, kept together.
#[derive(Debug, Clone, Copy)]
struct Coordinate {
    /// `|z^μ|`.
    r: f64,
    /// `1/ρ` with `b^μ = ρ x^μ`: `1/|z^μ|`, or 1 for a point at the origin.
    inverse: f64,
    /// The step `η_b` of `b^μ` per unit of `1/|z^μ| − h^μ`: `η`, or the book's fixed
    /// `(η/N)|z^μ|²`.
    rate: f64,
    /// The box `b^μ ≤ γ ρ` (`∞` for the hard margin).
    top: f64,
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
    /// Soft margin: `θ` = the mean of `g_μ = w·ξ^μ − S^μ` over the free examples
    /// `0 < x^μ < γ` (where `E^μ = 1`, so `θ = g_μ`); when none is free, the middle of the
    /// interval the KKT conditions leave (as libsvm): `E^μ ≥ 1` at `x^μ = 0` and `E^μ ≤ 1` at
    /// `x^μ = γ` bound `θ` below by `g_μ` where `S^μ = −1, x^μ = 0` or `S^μ = +1, x^μ = γ` and
    /// above where `S^μ = +1, x^μ = 0` or `S^μ = −1, x^μ = γ` (the finite end if one is open).
    fn soft_threshold(&self) -> f64 {
        let (mut sum, mut count) = (0.0, 0usize);
        let (mut lower, mut upper) = (f64::NEG_INFINITY, f64::INFINITY);
        for mu in 0..self.state.data.len() {
            let (s, b, top) = (self.state.data.y(mu), self.b[mu], self.coords[mu].top);
            // w·ξ^μ = S^μ h_μ
            let g = s * self.h[mu] - s;
            if b > 0.0 && b < top {
                (sum, count) = (sum + g, count + 1);
            } else if (s < 0.0) == (b <= 0.0) {
                lower = lower.max(g);
            } else {
                upper = upper.min(g);
            }
        }
        match (count, lower.is_finite(), upper.is_finite()) {
            (1.., _, _) => sum / count as f64,
            (0, true, true) => 0.5 * (lower + upper),
            (0, true, false) => lower,
            (0, false, true) => upper,
            (0, false, false) => 0.0,
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

    /// `κ_upper = |w| / Σ_μ x^μ` with `x^μ = b^μ/|z^μ|`, both sides times `2^a` bringing `w`
    /// near 1: `|2^a w| / Σ_μ (2^a b^μ)/|z^μ|`, in range where the `x^μ` are not (a point `10³⁰⁰`
    /// shorter than the longest has `x^μ ≈ 10⁶⁰⁰` of the longest's scale).
    fn upper(&self) -> f64 {
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
        axpy(db, u, &mut self.state.w);
        self.set_strength(mu, new);
        true
    }

    /// Sets `b^μ` and from it `x^μ = b^μ/ρ` — at the box exactly `γ` (`γρ·(1/ρ)` may round off
    /// it).
    fn set_strength(&mut self, mu: usize, b: f64) {
        let c = self.coords[mu];
        self.b[mu] = b;
        self.state.x[mu] = if b >= c.top {
            self.bound
        } else {
            b * c.inverse
        };
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
            let stop = if self.bound.is_finite() {
                let done =
                    self.mode == Mode::Homogeneous && self.sweep_violation <= self.kkt_tolerance;
                self.sweep_violation = 0.0;
                done.then_some(Stop::Kkt)
            } else {
                // a tolerance of 0 never stops (and costs no O(P N) check)
                (self.gap_tolerance > 0.0 && self.gap() <= self.gap_tolerance)
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
                    // or a step beyond the floating-point range). The hard margin's own stop is
                    // the certified gap: said where it holds, so that where the exact fixed
                    // point falls (rounding: the data's scale) does not change the stop
                    let optimal = self.next.2 <= self.pair_tolerance()
                        && self.state.w.iter().any(|&v| v != 0.0);
                    let certified = self.bound.is_infinite() && self.gap() <= self.gap_tolerance;
                    let stop = match (optimal, certified) {
                        (true, true) => Stop::GapReached,
                        (true, false) => Stop::Kkt,
                        (false, _) => Stop::Stalled,
                    };
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
            Mode::Threshold if self.bound.is_finite() => self.soft_threshold(),
            Mode::Threshold => best_threshold(&self.state.w, &self.state.data).unwrap_or(0.0),
        };
        Perceptron::new(self.state.w.clone(), theta)
    }

    fn run_state(&self) -> &RunState {
        &self.state
    }

    /// `|w| / Σ_μ x^μ`, computed without the `x^μ` where they leave the range ([`Adatron::upper`]).
    fn kappa_upper(&self) -> Option<f64> {
        self.state.certifies.then(|| self.upper())
    }
}

/// AdaTron's spec: a coordinate step on one embedding strength (a pair with a threshold); it
/// takes the book's fixed `η`.
pub const SPEC: Spec = Spec::new("adatron", StepCost::Strengths, build)
    .taking(Takes::of(&[Optional::LearningRate]))
    .on_unit_directions()
    .describing(Texts {
        optimises: "the maximal stability κ_max, by coordinate ascent on the embedding strengths",
        stops: "when the certified gap is below the tolerance, or at the step limit",
        rule: "xμ ← max(0, xμ + (1 − Eμ)/|ξμ|²);  w = Σ xμ Sμ ξμ",
    });

/// The soft margin's spec: AdaTron with strengths bounded by `γ`.
pub const SOFT_MARGIN_SPEC: Spec = Spec::new("soft-margin", StepCost::Strengths, build_soft_margin)
    .taking(Takes::of(&[Optional::Gamma]))
    .minimising(super::objective::Objective::Hinge { gamma: GAMMA })
    .on_unit_directions()
    .describing(Texts {
        optimises: "|w|²/2 + γ Σμ slackμ: a wide margin, paying γ per unit of violation",
        stops: "when the optimality (KKT) conditions hold to 10⁻⁶, or at the step limit",
        rule: "xμ ← clip(xμ + (1 − Eμ)/|ξμ|², 0, γ): AdaTron with bounded strengths",
    });

/// AdaTron ([`Adatron::new`], the hard margin), boxed.
fn build(data: &Dataset, mode: Mode, config: &Config) -> Result<Box<dyn Trainer>> {
    Ok(Box::new(Adatron::new(
        data,
        mode,
        config,
        Strengths::default(),
    )?))
}

/// The soft margin: AdaTron's with the bound [`Config::gamma`], boxed.
fn build_soft_margin(data: &Dataset, mode: Mode, config: &Config) -> Result<Box<dyn Trainer>> {
    let strengths = Strengths {
        bound: config.gamma,
        ..Strengths::default()
    };
    Ok(Box::new(Adatron::new(data, mode, config, strengths)?))
}
