//! The Gibbs and Bayes students: learning in version space (Biehl §3.5; Engel & Van den Broeck
//! ch. 2–3).
//!
//! The version space of a set is every perceptron that classifies it without error,
//! `V = {(w, θ) : S^μ (w·ξ^μ − θ) > 0 for every μ}` (`θ = 0` through the origin), a convex cone.
//! Two students live in it:
//! - **Gibbs** (`gibbs`): a perceptron drawn uniformly from `V`; over the draws and the data its
//!   generalisation error is the Gibbs learning curve ([`crate::theory::gibbs_eps`] for
//!   `N → ∞`);
//! - **Bayes** (`bayes`): the centre of mass of `V`, which generalises best on average (its
//!   decision approximates the Bayes-optimal vote of all students of `V`; Opper & Haussler 1991,
//!   `R_Bayes = √R_Gibbs` for `N → ∞`, [`crate::theory::bayes_eps`]).
//!
//! Cover's counting estimate (Biehl eq. 3.52, [`crate::theory::cover_eps`]),
//! `ε_g = ½ C(P, N−1)/C(P, N)`, is the error of a random student too, but of one that counts
//! every labelling the perceptron can realise once — the cells of weight space cut by the
//! examples, whatever their volume — with the teacher's labelling drawn the same way: the
//! chance that a new example splits the cell, times ½. The Gibbs student weighs the cells by
//! their volume (large cells are both likelier and seldom split), so its error is smaller
//! (`tests/students.rs`: at `N = 20`, `α = 1`, about ⅓ against the count's ½).
//!
//! # The measures
//! Every draw has `|w| = 1`; "uniform" means:
//! - **through the origin**: `w` uniform on the unit sphere `S^{N−1}` restricted to `V` (the
//!   surface measure `dS(w)`); the centre of mass is the direction of `∫_{V∩S^{N−1}} w dS`. In
//!   2-D: a uniform angle on the version-space arc, and its midpoint ([`crate::version_space::plane::Arc`]);
//! - **with a threshold**: `(w, θ)` uniform under `dS(w) dθ` on the cylinder `S^{N−1} × R`
//!   restricted to `V` (bounded when both classes are present). In 2-D, with `w = u(φ)`, that is
//!   `dφ dθ` on the band `lower(φ) < θ < upper(φ)` the weight view draws, and the centre of mass
//!   is the band's centroid `(φ̄, θ̄)` ([`crate::version_space::plane::Region`], exact); for `N = 1` the sign of `w` is
//!   fixed by the data and `θ` is uniform on the gap between the classes (centre: its middle);
//!   for `N ≥ 3` the centre of mass is the mean `(w̄, θ̄)` of `(w, θ)`, scaled to `|w̄| = 1`
//!   (for a narrow band it agrees with the 2-D centroid to second order in the band's width).
//!   The measure is the same in every dimension and covariant under `ξ → cξ` (`θ → cθ`).
//!
//! # The estimators
//! - In 2-D, and for `N = 1` with a threshold, both students are exact: an exact uniform draw,
//!   the exact centre of mass; one step each.
//! - Otherwise the Gibbs draw is the state of a Markov chain ([`chain`]): exact Hamiltonian
//!   Monte Carlo of the standard Gaussian restricted to the cone `{v : z^μ·v > 0}`, reflected
//!   at its walls. The Gaussian is rotation invariant, so the direction of `v` is uniform on the
//!   cone's spherical region. Through the origin `v = w` and `z^μ = S^μ ξ^μ`. With a threshold
//!   `v = (u, t) ∈ R^{N+1}` with the constant input `c = √(N+1) R`,
//!   `z^μ = S^μ (ξ^μ, c)`, `w = u/|u|`, `θ = −c t/|u|`: the augmented sphere's uniform measure
//!   is `(1 + θ²/c²)^{−(N+1)/2} dS(w) dθ`, so the chain is tilted by
//!   `W = (1 + θ²/c²)^{(N+1)/2}` (a Metropolis step per trajectory, [`chain`]), which makes it
//!   exactly `dS(w) dθ`. `R = max(min_{S=+1} |ξ|, min_{S=−1} |ξ|)` bounds `|θ|` in `V`, so
//!   `1 ≤ W < √e` and at least 60 % of the proposals are accepted. The chain starts at the centre of the largest spherical cap inside
//!   the cone (the maximal-stability direction of the normalised constraints, [`crate::exact`])
//!   and runs [`Mixing::burn_in`] trajectories, each costing `O(PD)` plus `O(P)` per wall hit
//!   (`D = N`, or `N + 1`). The lengths were chosen from measurements ([`Mixing`]) and are
//!   checked in `tests/students.rs`: the overlap with the teacher forgets the start within the
//!   burn-in, and states [`Mixing::thin`] trajectories apart are nearly uncorrelated.
//! - The Bayes student in `N ≥ 3` is the mean of `K` = [`BAYES_SAMPLES`] draws `w_k` (and `θ_k`)
//!   of one chain, taken every [`Mixing::thin`] trajectories after the burn-in, scaled to
//!   `|w̄| = 1`: an estimate of the centre of mass whose direction has the angular standard
//!   error `σ_∠ = √(Σ_k |P⊥(w_k − w̄)|² / (K(K−1))) / |w̄|` (`P⊥` across `w̄`;
//!   [`BayesPoint::angle_se`]), about `ρ/√K` on a version space of angular radius `ρ`, and `θ`
//!   the standard error [`BayesPoint::theta_se`]. The estimate's error is independent of where
//!   the teacher lies in `V`, so on average it adds `σ_∠²` to the squared angle between student
//!   and teacher: its `ε_g` exceeds the exact centre of mass's by a relative `≈ 1/(2K)`, 1 %.
//!
//! Every draw is seeded by [`Config::seed`](super::Config::seed) (mixed with a constant, so that
//! the same seed as the data's gives an unrelated stream); `exp`, `ln` and the trigonometry are
//! libm's, so a seed gives the same numbers natively and in wasm.
//!
//! # References
//! - G. Györgyi, N. Tishby, in *Neural Networks and Spin Glasses* (World Scientific, 1990).
//! - M. Opper, D. Haussler, Phys. Rev. Lett. 66 (1991) 2677.
//! - T. L. H. Watkin, Europhys. Lett. 21 (1993) 871 (the centre of mass of version space).
//! - P. Ruján, Neural Computation 9 (1997) 99 (the billiard, another estimator of the centre).
//! - A. Pakman, L. Paninski, J. Comput. Graph. Stat. 23 (2014) 518 (exact HMC).
//! - M. Biehl, *The Shallow and the Deep*, §3.5 (eq. 3.52).

pub mod chain;

use super::spec::{Spec, StepCost, Texts};
use super::{check_classes, Config, Mode, RunState, Step, Stop, Trainer};
use crate::data::Dataset;
use crate::error::Result;
use crate::exact::max_stability;
use crate::linalg::{dot, norm, safe_norm};
use crate::measure::Perceptron;
use crate::rng::{rng_from_seed, Rng};
use crate::version_space::plane::{no_version_space, Arc, Region};
use chain::Chain;

/// Trajectories of the chain from the start to the first sample (see [`Mixing`]).
pub const BURN_IN: usize = 5;
/// Trajectories between two retained samples (see [`Mixing`]).
pub const THIN: usize = 2;
/// Samples of the chain averaged by the Bayes student in `N ≥ 3` dimensions.
pub const BAYES_SAMPLES: usize = 50;

/// The mixing length of the chain, in trajectories ([`chain`]), measured with
/// `examples/gibbs_mixing.rs` on teacher sets at `N = 20` and `50`, `α` from 0.5 to 10: from the
/// start, the mean overlaps with the
/// teacher and with the start reach their stationary values within the noise (≤ 0.002 of an
/// initial excess up to 0.33) after one trajectory, and the autocorrelation of either overlap
/// is below 0.35 in magnitude at lag 1 (mostly negative) and below 0.2 from lag 2. The lengths
/// are several times that.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mixing {
    /// Trajectories before the first sample: [`BURN_IN`].
    pub burn_in: usize,
    /// Trajectories between two retained samples: [`THIN`].
    pub thin: usize,
}

impl Mixing {
    /// The lengths used by the students.
    pub const DEFAULT: Mixing = Mixing {
        burn_in: BURN_IN,
        thin: THIN,
    };
}

/// The version space in the form its sampler needs.
#[derive(Debug, Clone)]
enum Space {
    /// The arc of directions (2-D through the origin).
    Arc(Arc),
    /// The `(φ, θ)` band (2-D with a threshold).
    Region(Region),
    /// `N = 1` with a threshold: `w = sign`, `lower < θ < upper`.
    Gap { sign: f64, lower: f64, upper: f64 },
    /// A cone in `D` dimensions sampled by a chain: `D = N` through the origin (`c = None`),
    /// `D = N + 1` with the constant input `c` of a threshold.
    Cone { chain: Box<Chain>, c: Option<f64> },
}

/// Uniform draws from the version space of a set (module docs: the measures): exact in 2-D and
/// for `N = 1` with a threshold, else the states of a Markov chain ([`chain`]).
#[derive(Debug, Clone)]
pub struct Sampler {
    space: Space,
    rng: Rng,
    n: usize,
    /// Where a chain starts (and what a student shows before its first step).
    start: Perceptron,
}

impl Sampler {
    /// A sampler of the version space of `data` in `mode`, seeded with `seed`. A chain starts at
    /// the centre of the largest spherical cap inside the cone: the direction of maximal
    /// stability of the normalised constraints `z^μ/|z^μ|` ([`crate::exact`]; the constraints
    /// are normalised anyway, which leaves the cone as it is and keeps every product in range
    /// whatever the inputs' scale). With a threshold in 2-D it is the exact optimum.
    ///
    /// # Errors
    /// [`Error::Empty`](crate::Error::Empty) for no data;
    /// [`Error::OneClass`](crate::Error::OneClass) with a threshold and one class (the version
    /// space is unbounded in `θ`); [`Error::NotSeparable`](crate::Error::NotSeparable) when the
    /// version space is empty (the set is not linearly separable in `mode`, e.g. a point at the
    /// origin through it).
    pub fn new(data: &Dataset, mode: Mode, seed: u64) -> Result<Self> {
        check_classes(data, mode)?;
        let mut rng = rng_from_seed(seed ^ SEED_MIX);
        let n = data.dim();
        let (space, start) = match (mode, n) {
            (Mode::Threshold, 2) => {
                let region = Region::of(data)?;
                let start = region.start();
                (Space::Region(region), start)
            }
            (Mode::Threshold, 1) => {
                let (sign, lower, upper) = gap(data)?;
                let start = Perceptron::new(vec![sign], 0.5 * (lower + upper));
                (Space::Gap { sign, lower, upper }, start)
            }
            _ => {
                let c = (mode == Mode::Threshold).then(|| constant_input(data));
                let cone = cone(data, c)?;
                let exact = max_stability(&cone, Mode::Homogeneous)?;
                let centre = match exact.perceptron {
                    Some(p) if exact.separable => p.w,
                    _ => return Err(no_version_space()),
                };
                let start = from_cone(&centre, n, c);
                if cone.dim() == 2 && c.is_none() {
                    (Space::Arc(Arc::of(&cone)?), start)
                } else {
                    // the tilt W = (|v|²/|u|²)^{(N+1)/2} of a threshold (module docs)
                    let tilt = c.map(|_| 0.5 * (n + 1) as f64);
                    let chain = Box::new(Chain::new(
                        cone.features().to_vec(),
                        cone.dim(),
                        &centre,
                        child(&mut rng),
                        tilt,
                    ));
                    (Space::Cone { chain, c }, start)
                }
            }
        };
        Ok(Self {
            space,
            rng,
            n,
            start,
        })
    }

    /// Whether the draws are exact and independent (2-D, or `N = 1` with a threshold).
    pub fn is_exact(&self) -> bool {
        !matches!(self.space, Space::Cone { .. })
    }

    /// Trajectories run (0 for exact draws).
    pub fn steps(&self) -> usize {
        match &self.space {
            Space::Cone { chain, .. } => chain.steps(),
            _ => 0,
        }
    }

    /// Walls hit by the chain's trajectories so far (0 for exact draws).
    pub fn bounces(&self) -> usize {
        match &self.space {
            Space::Cone { chain, .. } => chain.bounces(),
            _ => 0,
        }
    }

    /// Trajectories rejected by the tilt of a threshold (0 otherwise).
    pub fn rejected(&self) -> usize {
        match &self.space {
            Space::Cone { chain, .. } => chain.rejected(),
            _ => 0,
        }
    }

    /// Where a chain starts.
    pub fn start(&self) -> &Perceptron {
        &self.start
    }

    /// One step of the chain (nothing for exact draws).
    pub fn step(&mut self) {
        if let Space::Cone { chain, .. } = &mut self.space {
            chain.step();
        }
    }

    /// The next draw, with `|w| = 1`: an independent exact draw, or the chain's state after
    /// `steps` more trajectories.
    pub fn draw(&mut self, steps: usize) -> Perceptron {
        use rand::Rng as _;
        match &mut self.space {
            Space::Arc(arc) => from_angle(arc.sample(&mut self.rng)),
            Space::Region(region) => {
                let (phi, theta) = region.sample(&mut self.rng);
                Perceptron {
                    theta,
                    ..from_angle(phi)
                }
            }
            Space::Gap { sign, lower, upper } => Perceptron::new(
                vec![*sign],
                *lower + (*upper - *lower) * self.rng.random::<f64>(),
            ),
            Space::Cone { chain, c } => {
                for _ in 0..steps {
                    chain.step();
                }
                from_cone(chain.point(), self.n, *c)
            }
        }
    }

    /// The chain's state as a perceptron (`None` for exact draws).
    fn state(&self) -> Option<Perceptron> {
        match &self.space {
            Space::Cone { chain, c } => Some(from_cone(chain.point(), self.n, *c)),
            _ => None,
        }
    }

    /// The exact centre of mass (`None` for a chain).
    pub fn exact_centre(&self) -> Option<Perceptron> {
        match &self.space {
            Space::Arc(arc) => Some(from_angle(arc.midpoint())),
            Space::Region(region) => {
                let (phi, theta) = region.centroid();
                Some(Perceptron {
                    theta,
                    ..from_angle(phi)
                })
            }
            Space::Gap { sign, lower, upper } => {
                Some(Perceptron::new(vec![*sign], 0.5 * (lower + upper)))
            }
            Space::Cone { .. } => None,
        }
    }
}

/// Mixed into every seed (the first 64 bits of the fractional part of √2).
const SEED_MIX: u64 = 0x6A09_E667_F3BC_C908;

/// A generator for the chain, drawn from the sampler's own.
fn child(rng: &mut Rng) -> Rng {
    rng_from_seed(rand::Rng::random::<u64>(rng))
}

/// The constant input of a threshold, `c = √(N+1) R` with `R = max(min_{S=+1} |ξ|, min_{S=−1} |ξ|)`,
/// a bound on `|θ|` in the version space (for `|w| = 1`, `θ < ξ^a·w ≤ |ξ^a|` for every example
/// `a` of class +1 and `θ > −|ξ^b|` for every `b` of class −1); 1 if `R = 0`.
fn constant_input(data: &Dataset) -> f64 {
    let (mut plus, mut minus) = (f64::INFINITY, f64::INFINITY);
    for mu in 0..data.len() {
        let r = safe_norm(data.x(mu));
        if data.y(mu) > 0.0 {
            plus = plus.min(r);
        } else {
            minus = minus.min(r);
        }
    }
    let r = plus.max(minus);
    if r > 0.0 && r.is_finite() {
        ((data.dim() + 1) as f64).sqrt() * r
    } else {
        1.0
    }
}

/// The cone's constraints as a data set: the rows `z^μ = S^μ ξ^μ`, or `S^μ (ξ^μ, c)` with the
/// constant input `c` of a threshold, each normalised to `|z^μ| = 1`, all labelled +1.
/// Normalising leaves the cone as it is.
///
/// # Errors
/// [`Error::NotSeparable`](crate::Error::NotSeparable) for a zero row (through the origin, a point
/// at the origin: no `w` has `z·w > 0`).
fn cone(data: &Dataset, c: Option<f64>) -> Result<Dataset> {
    let n = data.dim();
    let d = n + usize::from(c.is_some());
    let mut xs = Vec::with_capacity(data.len() * d);
    let mut row = vec![0.0; d];
    for mu in 0..data.len() {
        row[..n].copy_from_slice(data.x(mu));
        if let Some(c) = c {
            row[n] = c;
        }
        let r = safe_norm(&row);
        if r == 0.0 {
            return Err(no_version_space());
        }
        xs.extend(row.iter().map(|v| data.y(mu) * (v / r)));
    }
    Dataset::from_row_major(xs, d, vec![1.0; data.len()])
}

/// The perceptron of a point `v` of the cone: `w = v/|v|`, or with the constant input `c`,
/// `v = (u, t)`: `w = u/|u|`, `θ = −c t/|u|`.
fn from_cone(v: &[f64], n: usize, c: Option<f64>) -> Perceptron {
    let r = norm(&v[..n]);
    let w = v[..n].iter().map(|x| x / r).collect();
    Perceptron::new(w, c.map_or(0.0, |c| -c * v[n] / r))
}

/// `(u(φ), 0)`.
fn from_angle(phi: f64) -> Perceptron {
    Perceptron::new(vec![libm::cos(phi), libm::sin(phi)], 0.0)
}

/// `N = 1` with a threshold: the sign `s` of `w` and the gap `(lower, upper)` of `θ`, with
/// `s ξ > θ` for class +1 and `< θ` for class −1.
///
/// # Errors
/// [`Error::NotSeparable`](crate::Error::NotSeparable) when neither sign separates the classes.
fn gap(data: &Dataset) -> Result<(f64, f64, f64)> {
    for sign in [1.0, -1.0] {
        let (mut lower, mut upper) = (f64::NEG_INFINITY, f64::INFINITY);
        for mu in 0..data.len() {
            let h = sign * data.x(mu)[0];
            if data.y(mu) > 0.0 {
                upper = upper.min(h);
            } else {
                lower = lower.max(h);
            }
        }
        if lower < upper {
            return Ok((sign, lower, upper));
        }
    }
    Err(no_version_space())
}

/// `k` draws of the Gibbs student from the version space of `data` in `mode`, seeded with
/// `seed`: in 2-D (and `N = 1` with a threshold) `k` independent exact draws; otherwise the
/// chain's states after the burn-in and then every [`Mixing::thin`] trajectories (the first
/// draw is the `gibbs` rule's answer for the same seed). The page draws a few as faint lines
/// and resamples with a new seed.
///
/// # Errors
/// Those of [`Sampler::new`].
pub fn samples(data: &Dataset, mode: Mode, k: usize, seed: u64) -> Result<Vec<Perceptron>> {
    let mut sampler = Sampler::new(data, mode, seed)?;
    let mixing = Mixing::DEFAULT;
    Ok((0..k)
        .map(|i| sampler.draw(if i == 0 { mixing.burn_in } else { mixing.thin }))
        .collect())
}

/// The Bayes student with the accuracy of its estimate.
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BayesPoint {
    /// The centre of mass, with `|w| = 1`.
    pub perceptron: Perceptron,
    /// Samples averaged (0 when exact).
    pub samples: usize,
    /// The angular standard error `σ_∠` of the direction of `w`, in radians (module docs); 0
    /// when exact.
    pub angle_se: f64,
    /// The standard error of `θ` (0 when exact or through the origin).
    pub theta_se: f64,
    /// Trajectories of the chain run (0 when exact).
    pub steps: usize,
}

/// The Bayes student of `data` in `mode`, seeded with `seed` (the `bayes` rule's answer for the
/// same seed), with the accuracy of the estimate.
///
/// # Errors
/// Those of [`Sampler::new`].
pub fn bayes_point(data: &Dataset, mode: Mode, seed: u64) -> Result<BayesPoint> {
    let mut student = Student::new(data, mode, seed, Kind::Bayes)?;
    let perceptron = student.run().perceptron;
    let (angle_se, theta_se) = student.standard_errors();
    Ok(BayesPoint {
        perceptron,
        samples: student.kept.len(),
        angle_se,
        theta_se,
        steps: student.sampler.steps(),
    })
}

/// Which student.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Gibbs,
    Bayes,
}

/// The Gibbs or the Bayes student as a trainer: each step one trajectory of the chain (one exact
/// step in 2-D and for `N = 1` with a threshold); it stops ([`Stop::Sampled`]) at its draw
/// (Gibbs: after the burn-in) or once it has averaged its samples (Bayes). Before its first step
/// it shows the chain's start, while the chain runs the chain's state, and for Bayes, once
/// samples come, their running mean.
#[derive(Debug, Clone)]
pub struct Student {
    /// The data, the student shown `(w, θ)`, the counters (every step, one trajectory or one
    /// exact step, is an update); no embedding strengths (zeros).
    state: RunState,
    kind: Kind,
    sampler: Sampler,
    mixing: Mixing,
    /// Samples to average (1 for Gibbs).
    wanted: usize,
    /// The samples kept (Bayes).
    kept: Vec<Perceptron>,
}

impl Student {
    fn new(data: &Dataset, mode: Mode, seed: u64, kind: Kind) -> Result<Self> {
        let sampler = Sampler::new(data, mode, seed)?;
        Ok(Self {
            state: RunState::start(data, Some(sampler.start.clone()), false),
            kind,
            mixing: Mixing::DEFAULT,
            wanted: match kind {
                Kind::Gibbs => 1,
                Kind::Bayes => BAYES_SAMPLES,
            },
            kept: vec![],
            sampler,
        })
    }

    /// Shows `p` as the student.
    fn show(&mut self, p: Perceptron) {
        self.state.w = p.w;
        self.state.theta = p.theta;
    }

    /// The mean `(w̄, θ̄)` of the kept samples, scaled to `|w̄| = 1`, and `|w̄|` before.
    fn mean(&self) -> (Perceptron, f64) {
        let k = self.kept.len() as f64;
        let mut w = vec![0.0; self.state.data.dim()];
        let mut theta = 0.0;
        for p in &self.kept {
            crate::linalg::axpy(1.0 / k, &p.w, &mut w);
            theta += p.theta / k;
        }
        let r = norm(&w);
        for v in &mut w {
            *v /= r;
        }
        (Perceptron::new(w, theta / r), r)
    }

    /// `(σ_∠, σ_θ)` of the kept samples (module docs); 0 for fewer than two.
    fn standard_errors(&self) -> (f64, f64) {
        let k = self.kept.len();
        if k < 2 {
            return (0.0, 0.0);
        }
        let (centre, r) = self.mean();
        let mean_w: Vec<f64> = centre.w.iter().map(|v| v * r).collect();
        let theta_mean = centre.theta * r;
        let (mut across, mut spread) = (0.0, 0.0);
        for p in &self.kept {
            let d: Vec<f64> = p.w.iter().zip(&mean_w).map(|(a, b)| a - b).collect();
            across += (crate::linalg::norm_sq(&d) - dot(&d, &centre.w).powi(2)).max(0.0);
            spread += (p.theta - theta_mean).powi(2);
        }
        let kk = (k * (k - 1)) as f64;
        ((across / kk).sqrt() / r, (spread / kk).sqrt() / r)
    }
}

impl Trainer for Student {
    fn advance(&mut self) -> Step {
        self.state.steps += 1;
        self.state.updates += 1;
        if self.sampler.is_exact() {
            let p = match self.kind {
                Kind::Gibbs => self.sampler.draw(0),
                Kind::Bayes => self.sampler.exact_centre().expect("exact"),
            };
            self.show(p);
            self.state.stop = Some(Stop::Sampled);
        } else {
            self.sampler.step();
            let steps = self.state.steps;
            let due = steps >= self.mixing.burn_in
                && (steps - self.mixing.burn_in).is_multiple_of(self.mixing.thin);
            let state = self.sampler.state().expect("a chain");
            if due {
                self.kept.push(state.clone());
            }
            let p = match self.kind {
                Kind::Bayes if !self.kept.is_empty() => self.mean().0,
                _ => state,
            };
            self.show(p);
            if due && self.kept.len() == self.wanted {
                self.state.stop = Some(Stop::Sampled);
            }
        }
        Step::whole(true, self.state.stop)
    }

    fn run_state(&self) -> &RunState {
        &self.state
    }
}

/// The Gibbs student's spec: one trajectory of its chain per step (one exact draw in 2-D).
pub const GIBBS_SPEC: Spec = Spec::new("gibbs", StepCost::Sample, |d, m, c| {
    student(d, m, c, Kind::Gibbs)
})
.describing(Texts {
                optimises: "nothing: a perceptron drawn uniformly from the version space (the typical student without errors)",
                stops: "with its draw: at once in 2-D (exact), else after the chain's burn-in of 5 trajectories",
                rule: "w uniform on {w : Sμ(w·ξμ − θ) > 0 ∀μ}; 2-D: uniform φ on the arc (with θ: uniform (φ, θ) in the band); N-D: Hamiltonian Monte Carlo reflected at the walls, from the optimum",
            });

/// The Bayes student's spec: as [`GIBBS_SPEC`], averaging its samples.
pub const BAYES_SPEC: Spec = Spec::new("bayes", StepCost::Sample, |d, m, c| {
    student(d, m, c, Kind::Bayes)
})
.describing(Texts {
                    optimises: "the generalisation error on average: the centre of mass of the version space",
                    stops: "at once in 2-D (exact midpoint of the arc, centroid of the band), else after averaging 50 samples of the chain",
                    rule: "w = ∫_V w dw / |∫_V w dw|; N-D: the normalised mean of 50 Gibbs samples, 2 trajectories apart",
                });

/// A student of `kind` seeded with [`Config::seed`].
///
/// # Errors
/// Those of [`Sampler::new`].
fn student(data: &Dataset, mode: Mode, config: &Config, kind: Kind) -> Result<Box<dyn Trainer>> {
    Ok(Box::new(Student::new(data, mode, config.seed, kind)?))
}

/// What the data view shows for a student of a set without a version space: no perceptron
/// (`w = 0`), stopped at once with [`Stop::Stalled`] (nothing can be learnt), so that the
/// readout can say why.
#[derive(Debug, Clone)]
pub struct NoStudent {
    /// The data, `w = 0`, stopped.
    state: RunState,
}

impl NoStudent {
    /// The placeholder for `data`.
    pub fn new(data: &Dataset) -> Self {
        Self {
            state: RunState {
                stop: Some(Stop::Stalled),
                ..RunState::start(data, None, false)
            },
        }
    }
}

impl Trainer for NoStudent {
    /// Never reached: the placeholder is stopped from the start.
    fn advance(&mut self) -> Step {
        Step::stopped(Stop::Stalled)
    }

    fn run_state(&self) -> &RunState {
        &self.state
    }
}
