//! The Gibbs and Bayes students: learning in version space (Biehl §3.5; Engel & Van den Broeck
//! ch. 2–3).
//!
//! The version space of a set is every perceptron that classifies it without error,
//! `V = {w : S^μ (w·ξ^μ − θ) > 0 for every μ}`, a convex cone. Two students live in it:
//! - **Gibbs** (`gibbs`): a perceptron drawn uniformly from `V`; its average generalisation
//!   error over the draws and the data is the Gibbs learning curve ([`crate::theory::gibbs_eps`]),
//!   and at finite `N` it is what Cover's counting estimate (Biehl eq. 3.52,
//!   [`crate::theory::cover_eps`]) describes: the error of a random student in version space;
//! - **Bayes** (`bayes`): the centre of mass of `V`, which generalises best on average (its
//!   vote approximates the Bayes-optimal majority of all students of `V`; Opper & Haussler 1991,
//!   `R_Bayes = √R_Gibbs` for `N → ∞`, [`crate::theory::bayes_eps`]).
//!
//! # The measures
//! "Uniform" needs a measure, and it is not the same in every mode:
//! - **through the origin** (any `N`): the direction `w/|w|` uniform on the unit sphere
//!   `S^{N−1}` restricted to `V` (the surface measure); the centre of mass is the direction of
//!   `∫_{V∩S^{N−1}} w dS`. In 2-D that is a uniform angle on the version-space arc and its
//!   midpoint ([`plane::Arc`]);
//! - **with a threshold in 2-D**: `(φ, θ)` with `w = u(φ) = (cos φ, sin φ)`, `|w| = 1`, uniform
//!   under `dφ dθ` on the band `lower(φ) < θ < upper(φ)` of the `(φ, θ)` plane the weight view
//!   draws; the centre of mass is the centroid `(φ̄, θ̄)` of the band under `dφ dθ`
//!   ([`plane::Region`], exact);
//! - **with a threshold in `N ≠ 2` dimensions**: the augmented vector `v = (w, −θ) ∈ R^{N+1}`
//!   (the constant input 1: `S^μ (ξ^μ, 1)·v > 0`) uniform on the sphere `S^N` restricted to the
//!   cone; `w = v_{1..N}`, `θ = −v_{N+1}` with `|v| = 1`. This measure depends on the scale of the
//!   inputs against the constant 1 (as the augmented-input trick does); it is not the 2-D
//!   `dφ dθ`. For `N = 1` the augmented sphere is a circle and the draw is exact.
//!
//! # The estimators
//! - In 2-D (and `N = 1` with a threshold) both students are exact: a Gibbs draw is an exact
//!   uniform draw, the Bayes student the exact centre of mass; one step each.
//! - Otherwise the Gibbs draw is the state of a Markov chain whose stationary law is the
//!   Gaussian restricted to the cone, whose direction is uniform on the cone's spherical region:
//!   exact Hamiltonian Monte Carlo with reflections at the walls ([`chain`]), started at the
//!   maximal-stability direction ([`crate::exact`]) and run for [`Mixing::burn_in`]
//!   trajectories, each costing `O(PD)` plus `O(P)` per wall hit (`D = N`, or `N + 1` with a
//!   threshold). The lengths were chosen from measurements ([`Mixing`]) and are checked in
//!   `tests/students.rs`: the overlap with the teacher forgets the start within the burn-in,
//!   and states [`Mixing::thin`] trajectories apart are uncorrelated to within the test's
//!   resolution. (Hit-and-run, tried first, needed 20–30 `D` steps of `O(PD)` per independent
//!   state at `N = 20`–50, `α ≥ 2`: 25–40 times the work; BENCHMARKS.md.)
//! - The Bayes student in `D ≥ 3` is the normalised mean `m/|m|` of `K` = [`BAYES_SAMPLES`]
//!   unit vectors `v_k/|v_k|` of one chain, taken every [`Mixing::thin`] trajectories after the
//!   burn-in: an estimate of the direction of the centre of mass with the angular standard error
//!   `σ_∠ = √(Σ_k (1 − (v̂_k·m̂)²) / (K(K−1))) / |m|` ([`BayesPoint::angle_se`]), about `ρ/√K`
//!   on a version space of angular radius `ρ`. Its error is independent of where the teacher
//!   lies in `V`, so on average it adds `σ_∠²` to the squared angle between the student and the
//!   teacher: the estimate's `ε_g` exceeds the exact centre of mass's by a relative `≈ 1/(2K)`,
//!   1 %.
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
pub mod plane;

use super::{Mode, Step, Stop, Trainer};
use crate::data::Dataset;
use crate::error::{Error, Result};
use crate::exact::max_stability;
use crate::linalg::{dot, norm};
use crate::measure::Perceptron;
use crate::rng::{rng_from_seed, Rng};
use chain::Chain;
use plane::{no_version_space, Arc, Region};
use std::f64::consts::TAU;

/// Trajectories of the chain from the start (the maximal-stability direction) to the first
/// sample (see [`Mixing`]).
pub const BURN_IN: usize = 5;
/// Trajectories between two retained samples (see [`Mixing`]).
pub const THIN: usize = 2;
/// Samples of the chain averaged by the Bayes student in `D ≥ 3` dimensions.
pub const BAYES_SAMPLES: usize = 50;

/// The mixing length of the chain, in trajectories ([`chain`]), measured with
/// `examples/gibbs_mixing.rs` on teacher sets at `N = 20` and `50`, `α` from 0.5 to 10
/// (BENCHMARKS.md, "Gibbs and Bayes students"): from the maximal-stability start, the mean
/// overlaps with the teacher and with the start reach their stationary values within the
/// noise (≤ 0.002 of an initial excess up to 0.33) after one trajectory, and the
/// autocorrelation of either overlap is below 0.35 in magnitude at lag 1 (mostly negative)
/// and below 0.2 from lag 2. The lengths below are several times that, for every `N` and `α`.
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
    /// An arc of directions: of `w` (2-D through the origin) or of the augmented `(w, −θ)`
    /// (`N = 1` with a threshold).
    Arc { arc: Arc, augmented: bool },
    /// The `(φ, θ)` band (2-D with a threshold).
    Region(Region),
    /// A cone in `D ≥ 1` dimensions (`D = N`, or `N + 1` augmented), sampled by a chain.
    Cone { chain: Chain, augmented: bool },
}

/// Uniform draws from the version space of a set (module docs: the measures): exact in 2-D,
/// else the states of a Markov chain ([`chain`]).
#[derive(Debug, Clone)]
pub struct Sampler {
    space: Space,
    rng: Rng,
    n: usize,
}

impl Sampler {
    /// A sampler of the version space of `data` in `mode`, seeded with `seed`; a chain starts at
    /// the direction of maximal stability.
    ///
    /// # Errors
    /// [`Error::Empty`] for no data; [`Error::OneClass`] with a threshold and one class (as the
    /// exact optimum, which starts the chain); [`Error::NotSeparable`] when the version space is
    /// empty (the set is not linearly separable in `mode`, e.g. a point at the origin through
    /// it).
    pub fn new(data: &Dataset, mode: Mode, seed: u64) -> Result<Self> {
        if data.is_empty() {
            return Err(Error::Empty);
        }
        if mode == Mode::Threshold && !data.has_both_classes() {
            return Err(Error::OneClass {
                label: data.y(0) as i8,
            });
        }
        let mut rng = rng_from_seed(seed ^ SEED_MIX);
        let n = data.dim();
        let space = match (mode, n) {
            (Mode::Homogeneous, 2) => Space::Arc {
                arc: Arc::of(data)?,
                augmented: false,
            },
            (Mode::Threshold, 2) => Space::Region(Region::of(data)?),
            (Mode::Threshold, 1) => Space::Arc {
                arc: Arc::of(&augmented(data)?)?,
                augmented: true,
            },
            (Mode::Homogeneous, _) => {
                let exact = max_stability(data, mode)?;
                let start = match exact.perceptron {
                    Some(p) if exact.separable => p.w,
                    _ => return Err(no_version_space()),
                };
                let rows = data.signed_rows();
                Space::Cone {
                    chain: Chain::new(rows, n, &start, child(&mut rng)),
                    augmented: false,
                }
            }
            (Mode::Threshold, _) => {
                let exact = max_stability(data, mode)?;
                let start = match exact.perceptron {
                    Some(p) if exact.separable => {
                        let mut v = p.w;
                        v.push(-p.theta);
                        v
                    }
                    _ => return Err(no_version_space()),
                };
                Space::Cone {
                    chain: Chain::new(
                        augmented(data)?.signed_rows(),
                        n + 1,
                        &start,
                        child(&mut rng),
                    ),
                    augmented: true,
                }
            }
        };
        Ok(Self { space, rng, n })
    }

    /// Whether the draws are exact and independent (2-D, or `N = 1` with a threshold).
    pub fn is_exact(&self) -> bool {
        !matches!(self.space, Space::Cone { .. })
    }

    /// The dimension `D` of the sampled vector: `N` through the origin, `N + 1` with a
    /// threshold (`(w, −θ)`; 3 for the 2-D band).
    pub fn dim(&self) -> usize {
        match &self.space {
            Space::Arc { augmented, .. } | Space::Cone { augmented, .. } => {
                self.n + usize::from(*augmented)
            }
            Space::Region(_) => 3,
        }
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

    /// One step of the chain (nothing for exact draws).
    pub fn step(&mut self) {
        if let Space::Cone { chain, .. } = &mut self.space {
            chain.step();
        }
    }

    /// The next draw: an independent exact draw, or the chain's state after `steps` more
    /// trajectories,
    /// as a perceptron (through the origin `|w| = 1`; with a threshold `|w| = 1` in 2-D, else
    /// `|(w, −θ)| = 1`).
    pub fn draw(&mut self, steps: usize) -> Perceptron {
        match &mut self.space {
            Space::Arc { arc, augmented } => {
                let phi = arc.sample(&mut self.rng);
                from_angle(phi, *augmented)
            }
            Space::Region(region) => {
                let (phi, theta) = region.sample(&mut self.rng);
                Perceptron::new(vec![libm::cos(phi), libm::sin(phi)], theta)
            }
            Space::Cone { chain, augmented } => {
                for _ in 0..steps {
                    chain.step();
                }
                from_vector(chain.point(), self.n, *augmented)
            }
        }
    }

    /// The chain's state as a unit vector `v/|v|` of `D` components (`None` for exact draws).
    fn unit(&self) -> Option<Vec<f64>> {
        match &self.space {
            Space::Cone { chain, .. } => {
                let v = chain.point();
                let r = norm(v);
                Some(v.iter().map(|x| x / r).collect())
            }
            _ => None,
        }
    }

    /// The exact centre of mass (2-D, or `N = 1` with a threshold; `None` for a chain).
    pub fn exact_centre(&self) -> Option<Perceptron> {
        match &self.space {
            Space::Arc { arc, augmented } => Some(from_angle(arc.midpoint(), *augmented)),
            Space::Region(region) => {
                let (phi, theta) = region.centroid();
                Some(Perceptron::new(vec![libm::cos(phi), libm::sin(phi)], theta))
            }
            Space::Cone { .. } => None,
        }
    }

    /// The perceptron of a `D`-vector (`(w)` or `(w, −θ)`), as the draws give it.
    fn perceptron_of(&self, v: &[f64]) -> Perceptron {
        let augmented = match &self.space {
            Space::Cone { augmented, .. } | Space::Arc { augmented, .. } => *augmented,
            Space::Region(_) => true,
        };
        from_vector(v, self.n, augmented)
    }
}

/// Mixed into every seed (the first 64 bits of the fractional part of √2).
const SEED_MIX: u64 = 0x6A09_E667_F3BC_C908;

/// A generator for the chain, drawn from the sampler's own.
fn child(rng: &mut Rng) -> Rng {
    rng_from_seed(rand::Rng::random::<u64>(rng))
}

/// The inputs `(ξ^μ, 1)` with the same labels.
fn augmented(data: &Dataset) -> Result<Dataset> {
    let n = data.dim();
    let mut xs = Vec::with_capacity(data.len() * (n + 1));
    for mu in 0..data.len() {
        xs.extend_from_slice(data.x(mu));
        xs.push(1.0);
    }
    Dataset::from_row_major(xs, n + 1, data.labels().to_vec())
}

/// The perceptron at angle `φ` of a circle of `w` (`N = 2`) or of `(w, −θ)` (`N = 1`).
fn from_angle(phi: f64, augmented: bool) -> Perceptron {
    let (c, s) = (libm::cos(phi), libm::sin(phi));
    if augmented {
        Perceptron::new(vec![c], -s)
    } else {
        Perceptron::new(vec![c, s], 0.0)
    }
}

/// The perceptron of `v` normalised: `w = v/|v|` or, augmented, `(w, −θ) = v/|v|`.
fn from_vector(v: &[f64], n: usize, augmented: bool) -> Perceptron {
    let r = norm(v);
    let w: Vec<f64> = v[..n].iter().map(|x| x / r).collect();
    let theta = if augmented { -v[n] / r } else { 0.0 };
    Perceptron::new(w, theta)
}

/// `k` draws of the Gibbs student from the version space of `data` in `mode`, seeded with
/// `seed`: in 2-D (and `N = 1` with a threshold) `k` independent exact draws; otherwise the
/// chain's states after the burn-in and then every [`Mixing::thin`] steps (the first draw is
/// the `gibbs` rule's answer for the same seed). The page draws a few as faint lines and
/// resamples with a new seed.
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
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BayesPoint {
    /// The centre of mass (normalised as [`Sampler::draw`]).
    pub perceptron: Perceptron,
    /// Samples averaged (0 when exact).
    pub samples: usize,
    /// The angular standard error `σ_∠` of the estimated direction in radians (module docs);
    /// 0 when exact.
    pub angle_se: f64,
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
    Ok(BayesPoint {
        perceptron,
        samples: student.kept.len(),
        angle_se: student.angle_se(),
        steps: student.sampler.steps(),
    })
}

/// The size of the version space of 2-D `data` in `mode`, in the measure of the draws: through
/// the origin the arc's length (radians, `2π` for no points), with a threshold the band's area
/// in the `(φ, θ)` plane (`∞` with one class or no points); 0 when it is empty.
///
/// # Errors
/// [`Error::OutOfRange`] unless the data are 2-D.
pub fn version_space_size(data: &Dataset, mode: Mode) -> Result<f64> {
    crate::version_space::check_2d(data)?;
    let size = match mode {
        Mode::Homogeneous if data.is_empty() => return Ok(TAU),
        Mode::Threshold if data.is_empty() || !data.has_both_classes() => return Ok(f64::INFINITY),
        Mode::Homogeneous => Arc::of(data).map(|a| a.length),
        Mode::Threshold => Region::of(data).map(|r| r.area()),
    };
    match size {
        Ok(s) => Ok(s),
        Err(Error::NotSeparable { .. }) => Ok(0.0),
        Err(e) => Err(e),
    }
}

/// Which student.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Gibbs,
    Bayes,
}

/// The Gibbs or the Bayes student as a trainer: each step one trajectory of the chain (one exact
/// step in 2-D); it stops ([`Stop::Sampled`]) at its draw (Gibbs: after the burn-in) or once it has
/// averaged its samples (Bayes). While the chain runs, the perceptron shown is the chain's
/// state, and for Bayes, once samples come, their normalised running mean.
#[derive(Debug, Clone)]
pub struct Student {
    data: Dataset,
    kind: Kind,
    sampler: Sampler,
    mixing: Mixing,
    /// Samples to average (1 for Gibbs).
    wanted: usize,
    /// The unit samples kept (Bayes).
    kept: Vec<Vec<f64>>,
    sum: Vec<f64>,
    current: Perceptron,
    steps: usize,
    stop: Option<Stop>,
    /// No embedding strengths: zeros.
    x: Vec<f64>,
}

impl Student {
    fn new(data: &Dataset, mode: Mode, seed: u64, kind: Kind) -> Result<Self> {
        let sampler = Sampler::new(data, mode, seed)?;
        let d = sampler.dim();
        let current = match &sampler.space {
            Space::Cone { chain, .. } => sampler.perceptron_of(chain.point()),
            _ => max_stability(data, mode)?
                .perceptron
                .ok_or_else(no_version_space)?,
        };
        Ok(Self {
            data: data.clone(),
            kind,
            mixing: Mixing::DEFAULT,
            wanted: match kind {
                Kind::Gibbs => 1,
                Kind::Bayes => BAYES_SAMPLES,
            },
            kept: vec![],
            sum: vec![0.0; d],
            current,
            steps: 0,
            stop: None,
            x: vec![0.0; data.len()],
            sampler,
        })
    }

    /// `σ_∠` of the kept samples (module docs); 0 for fewer than two.
    fn angle_se(&self) -> f64 {
        let k = self.kept.len();
        if k < 2 {
            return 0.0;
        }
        let m = norm(&self.sum) / k as f64;
        let centre: Vec<f64> = self.sum.iter().map(|s| s / (k as f64 * m)).collect();
        let across: f64 = self
            .kept
            .iter()
            .map(|u| (1.0 - dot(u, &centre).powi(2)).max(0.0))
            .sum();
        (across / (k * (k - 1)) as f64).sqrt() / m
    }
}

impl Trainer for Student {
    fn step(&mut self) -> Step {
        if let Some(stop) = self.stop {
            return Step {
                example: None,
                partner: None,
                updated: false,
                stop: Some(stop),
            };
        }
        self.steps += 1;
        if self.sampler.is_exact() {
            self.current = match self.kind {
                Kind::Gibbs => self.sampler.draw(0),
                Kind::Bayes => self.sampler.exact_centre().expect("exact"),
            };
            self.stop = Some(Stop::Sampled);
        } else {
            self.sampler.step();
            let due = self.steps >= self.mixing.burn_in
                && (self.steps - self.mixing.burn_in).is_multiple_of(self.mixing.thin);
            let unit = self.sampler.unit().expect("a chain");
            match self.kind {
                Kind::Gibbs => {
                    self.current = self.sampler.perceptron_of(&unit);
                    if due {
                        self.stop = Some(Stop::Sampled);
                    }
                }
                Kind::Bayes => {
                    if due {
                        crate::linalg::axpy(1.0, &unit, &mut self.sum);
                        self.kept.push(unit);
                        self.current = self.sampler.perceptron_of(&self.sum);
                        if self.kept.len() == self.wanted {
                            self.stop = Some(Stop::Sampled);
                        }
                    } else if self.kept.is_empty() {
                        self.current = self.sampler.perceptron_of(&unit);
                    }
                }
            }
        }
        Step {
            example: None,
            partner: None,
            updated: true,
            stop: self.stop,
        }
    }

    fn perceptron(&self) -> Perceptron {
        self.current.clone()
    }

    fn embedding(&self) -> &[f64] {
        &self.x
    }

    fn certifies(&self) -> bool {
        false
    }

    fn data(&self) -> &Dataset {
        &self.data
    }

    fn progress(&self) -> (usize, usize, Option<Stop>) {
        (self.steps, self.steps, self.stop)
    }
}

/// The catalogue's builder of `gibbs`: the Gibbs student seeded with [`Config::seed`](super::Config::seed).
///
/// # Errors
/// Those of [`Sampler::new`].
pub fn gibbs_from_config(
    data: &Dataset,
    mode: Mode,
    config: &super::Config,
) -> Result<Box<dyn Trainer>> {
    Ok(Box::new(Student::new(
        data,
        mode,
        config.seed,
        Kind::Gibbs,
    )?))
}

/// The catalogue's builder of `bayes`: the Bayes student seeded with [`Config::seed`](super::Config::seed).
///
/// # Errors
/// Those of [`Sampler::new`].
pub fn bayes_from_config(
    data: &Dataset,
    mode: Mode,
    config: &super::Config,
) -> Result<Box<dyn Trainer>> {
    Ok(Box::new(Student::new(
        data,
        mode,
        config.seed,
        Kind::Bayes,
    )?))
}

/// What the data view shows for a student of a set without a version space: no perceptron
/// (`w = 0`), stopped at once with [`Stop::Stalled`] (nothing can be learnt), so that the
/// readout can say why.
#[derive(Debug, Clone)]
pub struct NoStudent {
    data: Dataset,
    x: Vec<f64>,
}

impl NoStudent {
    /// The placeholder for `data`.
    pub fn new(data: &Dataset) -> Self {
        Self {
            data: data.clone(),
            x: vec![0.0; data.len()],
        }
    }
}

impl Trainer for NoStudent {
    fn step(&mut self) -> Step {
        Step {
            example: None,
            partner: None,
            updated: false,
            stop: Some(Stop::Stalled),
        }
    }

    fn perceptron(&self) -> Perceptron {
        Perceptron::new(vec![0.0; self.data.dim()], 0.0)
    }

    fn embedding(&self) -> &[f64] {
        &self.x
    }

    fn certifies(&self) -> bool {
        false
    }

    fn data(&self) -> &Dataset {
        &self.data
    }

    fn progress(&self) -> (usize, usize, Option<Stop>) {
        (0, 0, Some(Stop::Stalled))
    }
}
