//! Version-space geometry of 2-D data, computed here and returned as plain arrays to draw.
//!
//! **Through the origin** a perceptron is a direction `u(φ) = (cos φ, sin φ)` on the unit circle.
//! Example `μ` allows the open half circle `z^μ·u(φ) > 0` (`z^μ = S^μ ξ^μ`), centred on the angle
//! `α_μ` of `z^μ`: `φ ∈ (α_μ − π/2, α_μ + π/2)`. The version space is the intersection: a convex
//! cone, so one arc or nothing. Its stability landscape is `κ(φ) = min_μ κ^μ(φ)` with
//! `κ^μ(φ) = z^μ·u(φ) = |ξ^μ| cos(φ − α_μ)`; the version space is where `κ(φ) > 0` and its peak is
//! the perceptron of optimal stability.
//!
//! **With a threshold** a perceptron is a point `(φ, θ)` (with `|w| = 1`). Example `μ` is the
//! sinusoid `θ = ξ^μ·u(φ)`; `S = +1` needs `θ` below it, `S = −1` above it. So the version space
//! is the band `lower(φ) < θ < upper(φ)` with `lower = max_{S=−1} ξ·u` (the upper envelope of
//! the −1 curves) and `upper = min_{S=+1} ξ·u` (the lower envelope of the +1 curves). The
//! vertical distance from `(φ, θ)` to example `μ`'s curve is `κ^μ`, so the widest gap of the
//! band is `2 κ_max`.

use crate::data::{unscale, Dataset};
use crate::error::{Error, Result};
use crate::exact::{max_stability, Exact};
use crate::hull::min_projections;

pub mod plane;

use crate::measure::Mode;
use plane::band_area;
use serde::Serialize;
use std::f64::consts::{FRAC_PI_2, PI, TAU};

/// Grid size of sampled curves (at least 360 angles, as `getState().versionSpace` promises).
pub const GRID: usize = 360;

/// Everything the weight-space view draws, sampled on [`grid`].
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VersionSpace {
    /// `homogeneous` (the circle of directions) or `threshold` (the `(φ, θ)` plane).
    pub mode: Mode,
    /// Through the origin: the arcs (see [`arcs`]); empty with a threshold.
    pub arcs: Vec<[f64; 2]>,
    /// Angles `φ_k = 2πk/GRID`.
    pub phi: Vec<f64>,
    /// The stability landscape: `κ(φ) = min_μ κ^μ(φ)` through the origin; with a threshold the
    /// half-width `(upper − lower)/2` of the band (`NaN` where it is empty).
    pub kappa: Vec<f64>,
    /// With a threshold: the band's lower edge (see [`band`]); empty through the origin.
    pub lower: Vec<f64>,
    /// With a threshold: the band's upper edge; empty through the origin.
    pub upper: Vec<f64>,
    /// The examples whose curves are in [`Self::curves`]: every one up to [`MAX_CURVES`]
    /// examples, above that a uniform subsample of `MAX_CURVES` or fewer (every `⌈P/MAX_CURVES⌉`-th),
    /// so that drawing and hit-testing a frame stay bounded; the envelopes, the landscape and the
    /// arcs are computed from every example.
    pub curve_examples: Vec<usize>,
    /// Those examples' curves ([`curve`]), row-major `curve_examples.len() × GRID`.
    pub curves: Vec<f64>,
    /// The peak of the landscape `(φ*, κ_max)` from the exact optimum (`None` if not separable).
    pub peak: Option<[f64; 2]>,
    /// Its [`size`]: the arc length (radians) through the origin, the area in the `(φ, θ)` plane
    /// with a threshold.
    pub size: f64,
}

impl VersionSpace {
    /// The version space of 2-D `data` in `mode`.
    ///
    /// # Errors
    /// [`Error::OutOfRange`] unless the data are 2-D; [`Error::Empty`] for no data.
    pub fn compute(data: &Dataset, mode: Mode) -> Result<Self> {
        Self::compute_with(data, mode, max_stability(data, mode).ok().as_ref())
    }

    /// [`Self::compute`] with the exact optimum in `mode` already known (`None`: undefined, as with one
    /// class and a threshold), so that a caller that has it does not solve for it twice.
    ///
    /// # Errors
    /// As [`Self::compute`].
    pub fn compute_with(data: &Dataset, mode: Mode, exact: Option<&Exact>) -> Result<Self> {
        check_2d(data)?;
        if data.is_empty() {
            return Err(Error::Empty);
        }
        // Far from 1 in magnitude the envelopes' and the band's arithmetic under- or overflows:
        // computed on the set times 2^k (exact), the optimum solved there again, and every length
        // (κ, θ, the curves, the band's area in (φ, θ)) scaled back; the angles are the same.
        let (scaled, k) = data.in_range();
        if k != 0 {
            return Ok(Self::compute(&scaled, mode)?.unscaled(k));
        }
        let curve_examples = curve_examples(data.len());
        let curves = curves(data, mode, &curve_examples);
        let peak = exact.and_then(|e| e.perceptron.as_ref().map(|p| [direction(&p.w), e.kappa]));
        Ok(match mode {
            Mode::Homogeneous => {
                let (phi, kappa) = landscape(data)?;
                let arcs = match exact {
                    Some(e) => arcs_with(data, e),
                    _ => arcs(data)?,
                };
                let size = arcs.iter().map(|&[a, b]| arc_length(a, b)).sum();
                Self {
                    mode,
                    arcs,
                    phi,
                    kappa,
                    lower: vec![],
                    upper: vec![],
                    curve_examples,
                    curves,
                    peak,
                    size,
                }
            }
            Mode::Threshold => {
                let hulls = ClassHulls::of(data);
                let Band { phi, lower, upper } = hulls.band();
                let size = hulls.area(data, exact);
                let kappa = lower
                    .iter()
                    .zip(&upper)
                    .map(|(l, u)| 0.5 * (u - l))
                    .collect();
                Self {
                    mode,
                    arcs: vec![],
                    phi,
                    kappa,
                    lower,
                    upper,
                    curve_examples,
                    curves,
                    peak,
                    size,
                }
            }
        })
    }
}

impl VersionSpace {
    /// This version space of a set times `2^k` in the set's own units: its lengths times `2^−k`.
    fn unscaled(mut self, k: i32) -> Self {
        for v in self
            .kappa
            .iter_mut()
            .chain(&mut self.lower)
            .chain(&mut self.upper)
            .chain(&mut self.curves)
        {
            *v = unscale(*v, k);
        }
        if let Some(peak) = self.peak.as_mut() {
            peak[1] = unscale(peak[1], k);
        }
        if self.mode == Mode::Threshold {
            self.size = unscale(self.size, k);
        }
        self
    }
}

/// The version space through the origin: arcs `[φ_start, φ_end]` in `[0, 2π)`, counter-clockwise
/// (an arc may wrap past 0: `φ_end < φ_start`); empty when no direction separates the data; the
/// whole circle `[0, 2π]` for an empty set.
///
/// # Errors
/// [`Error::OutOfRange`] unless the data are 2-D.
pub fn arcs(data: &Dataset) -> Result<Vec<[f64; 2]>> {
    check_2d(data)?;
    if data.is_empty() {
        return Ok(vec![[0.0, TAU]]);
    }
    Ok(arcs_with(data, &max_stability(data, Mode::Homogeneous)?))
}

/// [`arcs`] of non-empty 2-D `data` with its exact optimum through the origin already known.
fn arcs_with(data: &Dataset, exact: &Exact) -> Vec<[f64; 2]> {
    match &exact.perceptron {
        // φ* lies strictly inside every half circle
        Some(opt) => vec![arc_around(data, libm::atan2(opt.w[1], opt.w[0]))],
        None => vec![],
    }
}

/// The arc of directions around `φ` that no example's boundary `α_μ ± π/2` crosses: from `φ`,
/// rotate to the nearest boundary each way (`φ` strictly inside every example's half circle).
fn arc_around(data: &Dataset, phi: f64) -> [f64; 2] {
    let (mut ccw, mut cw) = (PI, PI);
    for mu in 0..data.len() {
        let a = angle_of(data, mu);
        // boundaries of example μ's half circle, measured from φ
        ccw = ccw.min(wrap(a + FRAC_PI_2 - phi));
        cw = cw.min(wrap(phi - (a - FRAC_PI_2)));
    }
    [wrap(phi - cw), wrap(phi + ccw)]
}

/// One cell of weight space, cut out by the examples' boundaries: the labelling every perceptron
/// in it gives the inputs, and its outline.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Region {
    /// `S^μ = sign(ξ^μ·u(φ) − θ)` for every example.
    pub labels: Vec<f64>,
    /// Through the origin: the cell's arc `[φ_start, φ_end]` (counter-clockwise, as [`arcs`]).
    pub arc: Option<[f64; 2]>,
    /// With a threshold: the cell as the band `lower(φ) < θ < upper(φ)` on the grid ([`band`] of the
    /// inputs with these labels; `NaN` where the cell has no point); empty through the origin.
    pub lower: Vec<f64>,
    /// With a threshold: the band's upper edge.
    pub upper: Vec<f64>,
}

/// The cell that contains the perceptron `w = u(φ)` with threshold `θ` (`θ` is ignored through
/// the origin): every labelling realised by a perceptron is such a cell (the version space of
/// that labelling), and the version space of the data is the cell of their own labels. `None`
/// when the perceptron lies on an example's boundary (`ξ^μ·u(φ) = θ`: no open cell; through the
/// origin this includes a point at the origin) or for no examples.
///
/// # Errors
/// [`Error::OutOfRange`] unless the data are 2-D.
pub fn region_at(data: &Dataset, mode: Mode, phi: f64, theta: f64) -> Result<Option<Region>> {
    check_2d(data)?;
    let theta = match mode {
        Mode::Homogeneous => 0.0,
        Mode::Threshold => theta,
    };
    let (c, s) = (libm::cos(phi), libm::sin(phi));
    let mut labels = Vec::with_capacity(data.len());
    for mu in 0..data.len() {
        let h = data.x(mu)[0] * c + data.x(mu)[1] * s - theta;
        if h == 0.0 || !h.is_finite() {
            return Ok(None);
        }
        labels.push(h.signum());
    }
    if labels.is_empty() {
        return Ok(None);
    }
    let relabelled = Dataset::from_row_major(data.features().to_vec(), 2, labels.clone())?;
    Ok(Some(match mode {
        Mode::Homogeneous => Region {
            arc: Some(arc_around(&relabelled, phi)),
            labels,
            lower: vec![],
            upper: vec![],
        },
        Mode::Threshold => {
            let Band { lower, upper, .. } = band(&relabelled)?;
            Region {
                labels,
                arc: None,
                lower,
                upper,
            }
        }
    }))
}

/// The stability landscape through the origin on `GRID` angles `φ_k = 2πk/GRID`:
/// `(φ, κ(φ) = min_μ κ^μ(φ))`, the minimum taken over the vertices of the convex hull of the
/// `z^μ` only ([`crate::hull`]: `O(P log P)` rather than `O(GRID·P)`).
///
/// # Errors
/// [`Error::OutOfRange`] unless the data are 2-D; [`Error::Empty`] for no data.
pub fn landscape(data: &Dataset) -> Result<(Vec<f64>, Vec<f64>)> {
    check_2d(data)?;
    if data.is_empty() {
        return Err(Error::Empty);
    }
    let z: Vec<[f64; 2]> = (0..data.len())
        .map(|mu| signed(data, mu, data.y(mu)))
        .collect();
    let kappa = min_projections(&z, &cos_sin_table());
    Ok((grid(), kappa))
}

/// The band of the threshold version space on `GRID` angles: `(φ, lower, upper)` with
/// `lower = max_{S=−1} ξ·u(φ)`, `upper = min_{S=+1} ξ·u(φ)`, both `NaN` where the band is empty
/// (`lower ≥ upper`). With one class only, the missing side is `∓∞`. Each envelope is taken over
/// the convex hull of its class's inputs ([`crate::hull`]).
///
/// # Errors
/// [`Error::OutOfRange`] unless the data are 2-D; [`Error::Empty`] for no data.
pub fn band(data: &Dataset) -> Result<Band> {
    check_2d(data)?;
    if data.is_empty() {
        return Err(Error::Empty);
    }
    Ok(ClassHulls::of(data).band())
}

/// The convex hulls of the two classes' inputs: every envelope of the band is a minimum or
/// maximum over a hull's vertices (module docs of [`crate::hull`]).
struct ClassHulls {
    plus: Vec<[f64; 2]>,
    minus: Vec<[f64; 2]>,
}

impl ClassHulls {
    fn of(data: &Dataset) -> Self {
        let (plus, minus): (Vec<usize>, Vec<usize>) =
            (0..data.len()).partition(|&mu| data.y(mu) > 0.0);
        let hull = |examples: &[usize]| {
            crate::hull::convex_hull(
                &examples
                    .iter()
                    .map(|&mu| signed(data, mu, 1.0))
                    .collect::<Vec<_>>(),
            )
        };
        Self {
            plus: hull(&plus),
            minus: hull(&minus),
        }
    }

    /// `(lower, upper) = (max_{S=−1} ξ·u(φ), min_{S=+1} ξ·u(φ))` (a missing class gives `∓∞`).
    fn envelopes(&self, phi: f64) -> (f64, f64) {
        let (c, s) = (libm::cos(phi), libm::sin(phi));
        let proj = |a: &[f64; 2]| a[0] * c + a[1] * s;
        let upper = self.plus.iter().map(proj).fold(f64::INFINITY, f64::min);
        let lower = self
            .minus
            .iter()
            .map(proj)
            .fold(f64::NEG_INFINITY, f64::max);
        (lower, upper)
    }

    /// The band on [`grid`] ([`band`]).
    fn band(&self) -> Band {
        let phi = grid();
        let (lower, upper) = phi
            .iter()
            .map(|&p| match self.envelopes(p) {
                (lo, hi) if lo < hi => (lo, hi),
                _ => (f64::NAN, f64::NAN),
            })
            .unzip();
        Band { phi, lower, upper }
    }

    /// The band's area ([`size`] with a threshold) of `data` (whose hulls these are), with the
    /// exact optimum known (`None`: undefined): `∞` with one class only, 0 without a version
    /// space, else `∫ (upper − lower)₊ dφ` in closed form from the direction `φ*` of the optimum,
    /// inside the band ([`band_area`], the Gibbs and Bayes students' own).
    fn area(&self, data: &Dataset, exact: Option<&Exact>) -> f64 {
        if self.plus.is_empty() || self.minus.is_empty() {
            return f64::INFINITY;
        }
        exact
            .and_then(|e| e.perceptron.as_ref())
            .map_or(0.0, |opt| band_area(data, direction(&opt.w)))
    }
}

/// The size of the version space: through the origin the total length of its arcs (radians;
/// `2π` for no examples, 0 when not separable); with a threshold the area of the region
/// `lower(φ) < θ < upper(φ)` of the `(φ, θ)` plane, `∫ (upper − lower)₊ dφ` (∞ with one class
/// only or no examples, 0 when not separable).
///
/// # Errors
/// [`Error::OutOfRange`] unless the data are 2-D.
pub fn size(data: &Dataset, mode: Mode) -> Result<f64> {
    check_2d(data)?;
    if data.is_empty() {
        return Ok(if mode == Mode::Homogeneous {
            TAU
        } else {
            f64::INFINITY
        });
    }
    let exact = max_stability(data, mode).ok();
    Ok(match mode {
        Mode::Homogeneous => exact.map_or(0.0, |e| {
            arcs_with(data, &e)
                .iter()
                .map(|&[a, b]| arc_length(a, b))
                .sum()
        }),
        Mode::Threshold => ClassHulls::of(data).area(data, exact.as_ref()),
    })
}

/// The length of the counter-clockwise arc from `a` to `b` (`2π` for the whole circle `[0, 2π]`).
fn arc_length(a: f64, b: f64) -> f64 {
    if b - a >= TAU {
        TAU
    } else {
        wrap(b - a)
    }
}

/// The sampled threshold version space.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Band {
    /// Angles `φ_k = 2πk/GRID`.
    pub phi: Vec<f64>,
    /// `max_{S=−1} ξ·u(φ)` (`NaN` where the band is empty).
    pub lower: Vec<f64>,
    /// `min_{S=+1} ξ·u(φ)` (`NaN` where the band is empty).
    pub upper: Vec<f64>,
}

/// Example `μ`'s curve on the grid: `κ^μ(φ) = S^μ ξ^μ·u(φ)` (through the origin) or the
/// sinusoid `θ = ξ^μ·u(φ)` (with a threshold).
///
/// # Errors
/// [`Error::OutOfRange`] unless the data are 2-D and `μ < P`.
pub fn curve(data: &Dataset, mu: usize, mode: Mode) -> Result<Vec<f64>> {
    check_2d(data)?;
    if mu >= data.len() {
        return Err(Error::OutOfRange {
            name: "example index μ",
            value: mu as f64,
            range: "[0, P)",
        });
    }
    let table = cos_sin_table();
    let mut out = Vec::with_capacity(GRID);
    push_curve(data, mu, mode, &table, &mut out);
    Ok(out)
}

/// Most example curves a version space carries (see [`VersionSpace::curve_examples`]).
pub const MAX_CURVES: usize = 400;

/// The examples whose curves are sampled: all of `0..p` up to [`MAX_CURVES`], else every
/// `⌈p / MAX_CURVES⌉`-th.
pub fn curve_examples(p: usize) -> Vec<usize> {
    (0..p).step_by(p.div_ceil(MAX_CURVES).max(1)).collect()
}

/// The [`curve`]s of `examples`, row-major, from one table of `cos φ_k, sin φ_k` (2-D data;
/// [`VersionSpace::compute`] checks).
fn curves(data: &Dataset, mode: Mode, examples: &[usize]) -> Vec<f64> {
    let table = cos_sin_table();
    let mut out = Vec::with_capacity(examples.len() * GRID);
    for &mu in examples {
        push_curve(data, mu, mode, &table, &mut out);
    }
    out
}

fn cos_sin_table() -> Vec<(f64, f64)> {
    grid()
        .iter()
        .map(|&p| (libm::cos(p), libm::sin(p)))
        .collect()
}

/// Appends `s ξ^μ·u(φ_k)` for every grid angle, `s = S^μ` through the origin, 1 with a threshold.
fn push_curve(data: &Dataset, mu: usize, mode: Mode, table: &[(f64, f64)], out: &mut Vec<f64>) {
    let s = match mode {
        Mode::Homogeneous => data.y(mu),
        Mode::Threshold => 1.0,
    };
    let (x, y) = (s * data.x(mu)[0], s * data.x(mu)[1]);
    out.extend(table.iter().map(|(c, sn)| x * c + y * sn));
}

/// `φ_k = 2πk/GRID`, `k = 0..GRID`.
pub fn grid() -> Vec<f64> {
    (0..GRID).map(|k| TAU * k as f64 / GRID as f64).collect()
}

/// The angle of `w` in `[0, 2π)`.
pub fn direction(w: &[f64]) -> f64 {
    wrap(libm::atan2(w[1], w[0]))
}

/// `s ξ^μ`.
fn signed(data: &Dataset, mu: usize, s: f64) -> [f64; 2] {
    [s * data.x(mu)[0], s * data.x(mu)[1]]
}

/// The angle `α_μ` of `z^μ = S^μ ξ^μ`.
fn angle_of(data: &Dataset, mu: usize) -> f64 {
    let (x, s) = (data.x(mu), data.y(mu));
    libm::atan2(s * x[1], s * x[0])
}

/// `a` reduced to `[0, 2π)`.
fn wrap(a: f64) -> f64 {
    let r = a.rem_euclid(TAU);
    if r >= TAU {
        0.0
    } else {
        r
    }
}

/// [`Error::OutOfRange`] unless `data` are 2-D.
pub(crate) fn check_2d(data: &Dataset) -> Result<()> {
    if data.dim() == 2 {
        Ok(())
    } else {
        Err(Error::OutOfRange {
            name: "dimension N of the version-space view",
            value: data.dim() as f64,
            range: "{2}",
        })
    }
}
