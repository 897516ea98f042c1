//! The version space of 2-D data exactly, in closed form: its arc through the origin and its band
//! in the `(φ, θ)` plane with a threshold, with their areas, uniform draws and centres of mass (the
//! 2-D Gibbs and Bayes students of [`crate::train::students`] draw from them).
//!
//! **On a circle** ([`Arc`]): through the origin the version space is one arc of directions
//! `φ ∈ (φ_a, φ_a + L)` ([`crate::version_space::arcs`]); the measure is `dφ`, so a Gibbs draw is
//! `φ_a + L U` and the centre of mass is the arc's midpoint `φ_a + L/2`. (The same arc serves
//! the augmented circle of `(w, −θ)` for `N = 1` with a threshold.)
//!
//! **In the `(φ, θ)` plane** ([`Region`]): with a threshold the version space is the band
//! `lower(φ) < θ < upper(φ)`, `upper = min_{S=+1} ξ·u(φ)`, `lower = max_{S=−1} ξ·u(φ)` (the plane
//! the weight view draws; [`crate::version_space::band`]), with `|w| = 1`. The measure is
//! `dφ dθ` (area in that plane). Each envelope is a minimum of sinusoids over the vertices of
//! its class's convex hull ([`crate::hull`]); the vertex that attains it changes only where
//! `u(φ)` is the inward normal of a hull edge. Between two such angles (of either envelope) the
//! width is one sinusoid `w(φ) = c·u(φ) = |c| cos(φ − γ)` with `c = a − b` for the active
//! vertices `a` (class +1) and `b` (class −1), so the band is a finite union of pieces on which
//! everything integrates in closed form:
//! - area `A = Σ ∫ |c| cos(φ − γ) dφ = Σ |c| [sin(φ − γ)]`;
//! - `∫∫ φ dφ dθ = Σ |c| [φ sin(φ − γ) + cos(φ − γ)]`;
//! - `∫∫ θ dφ dθ = Σ ½ ∫ ((a·u)² − (b·u)²) dφ`, with `∫ (q·u)² dφ = |q|² [φ/2 + sin(2(φ − γ_q))/4]`.
//!
//! The centre of mass is `(φ̄, θ̄) = (∫∫ φ, ∫∫ θ)/A`, exact up to rounding (relative error about
//! `10⁻¹²`; no quadrature). A Gibbs draw picks a piece with probability ∝ its area, `φ` in it by
//! inverting `F(φ) = |c| (sin(φ − γ) − sin(φ_s − γ))` (the band's length is the marginal density
//! of `φ`), and `θ` uniform between the envelopes: exactly uniform under `dφ dθ`.
//!
//! The set of feasible directions is the projection of the convex cone of `(w, θ)`, an arc of
//! length at most `π` (`φ` and `φ + π` are never both feasible when both classes are present), so
//! it is measured from the direction `φ*` of the maximal-stability optimum, strictly inside it:
//! `φ − φ* ∈ (−π, π)` has no wrap-around and `φ̄` is a plain average. The band need not be
//! convex in the `(φ, θ)` plane, so its centre of mass, the 2-D Bayes student with a threshold,
//! may (rarely, for thin curved bands) lie outside it.

use super::{arcs, check_2d, direction};
use crate::data::Dataset;
use crate::error::{Error, Result};
use crate::exact::max_stability;
use crate::hull::convex_hull;
use crate::measure::Mode;
use crate::measure::Perceptron;
use std::f64::consts::{FRAC_PI_2, PI, TAU};

/// The version space through the origin of 2-D data: the arc `(start, start + length)`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Arc {
    /// Its clockwise end `φ_a ∈ [0, 2π)`.
    pub start: f64,
    /// Its length `L ∈ (0, π]`.
    pub length: f64,
}

impl Arc {
    /// The arc of 2-D `data` through the origin.
    ///
    /// # Errors
    /// [`Error::OutOfRange`] unless the data are 2-D; [`Error::Empty`] for no data;
    /// [`Error::NotSeparable`] when no direction separates them (no version space).
    pub fn of(data: &Dataset) -> Result<Self> {
        if data.is_empty() {
            return Err(Error::Empty);
        }
        let found = arcs(data)?;
        let Some(&[start, end]) = found.first() else {
            return Err(no_version_space());
        };
        Ok(Self {
            start,
            length: (end - start).rem_euclid(TAU),
        })
    }

    /// A uniform direction on the arc, `φ_a + L U`, in `[0, 2π)`.
    pub fn sample(&self, rng: &mut impl rand::Rng) -> f64 {
        wrap(self.start + self.length * rng.random::<f64>())
    }

    /// Its midpoint `φ_a + L/2`: the centre of mass under `dφ`.
    pub fn midpoint(&self) -> f64 {
        wrap(self.start + 0.5 * self.length)
    }
}

/// One piece of the band, in angles `ψ = φ − φ*`: `ψ ∈ [s, e]` where the active vertices are
/// `a` (upper edge `a·u(ψ)`) and `b` (lower edge `b·u(ψ)`), both rotated by `−φ*`.
#[derive(Debug, Clone, Copy)]
struct Piece {
    s: f64,
    e: f64,
    a: [f64; 2],
    b: [f64; 2],
    /// `|c|` and `γ` of the width `|c| cos(ψ − γ)` (`γ` within `π/2` of every `ψ ∈ [s, e]`).
    norm: f64,
    gamma: f64,
    /// The piece's area.
    mass: f64,
}

/// The version space with a threshold of 2-D data: the band of the `(φ, θ)` plane, in pieces.
#[derive(Debug, Clone)]
pub struct Region {
    /// `φ*`, the direction of the maximal-stability optimum (inside the band).
    phi0: f64,
    /// The optimum's threshold `θ*` (in the inputs' units).
    theta0: f64,
    /// The power of two `s` the inputs were multiplied by (`θ` and areas are divided by it).
    scale: f64,
    pieces: Vec<Piece>,
    /// Cumulative areas of the pieces.
    cumulative: Vec<f64>,
}

impl Region {
    /// The band of 2-D `data` with a threshold.
    ///
    /// # Errors
    /// [`Error::OutOfRange`] unless the data are 2-D; [`Error::Empty`] for no data;
    /// [`Error::OneClass`] with one class only (the band is unbounded in `θ`);
    /// [`Error::NotSeparable`] when no line separates the classes (no version space).
    pub fn of(data: &Dataset) -> Result<Self> {
        check_2d(data)?;
        // on inputs of largest magnitude near 1 (a power of two: exact), so that the squares of
        // the centroid's θ-moment stay in range whatever the inputs' scale
        let top = data.features().iter().fold(0.0f64, |m, v| m.max(v.abs()));
        let scale = if top > 0.0 {
            libm::exp2(-libm::round(libm::log2(top)))
        } else {
            1.0
        };
        let data = &Dataset::from_row_major(
            data.features().iter().map(|v| v * scale).collect(),
            2,
            data.labels().to_vec(),
        )?;
        let exact = max_stability(data, Mode::Threshold)?;
        let Some(opt) = exact.perceptron.as_ref().filter(|_| exact.separable) else {
            return Err(no_version_space());
        };
        let phi0 = direction(&opt.w);
        let theta0 = opt.theta / crate::linalg::norm(&opt.w) / scale;
        let pieces = pieces(data, phi0);
        let cumulative: Vec<f64> = pieces
            .iter()
            .scan(0.0, |acc, p| {
                *acc += p.mass;
                Some(*acc)
            })
            .collect();
        if cumulative.last().is_none_or(|&a| !(a > 0.0)) {
            return Err(no_version_space());
        }
        Ok(Self {
            phi0,
            theta0,
            scale,
            pieces,
            cumulative,
        })
    }
}

/// The band of 2-D `data` with both classes in pieces (module docs), in angles `ψ = φ − φ0` from a
/// direction `φ0` inside it (so that no piece wraps round): on each the width is one sinusoid
/// `|c| cos(ψ − γ)`, kept where it is positive, with its area `|c| [sin(ψ − γ)]` over the piece.
fn pieces(data: &Dataset, phi0: f64) -> Vec<Piece> {
    let (c0, s0) = (libm::cos(phi0), libm::sin(phi0));
    let rotated = |mu: usize, sign: f64| {
        let x = data.x(mu);
        [
            sign * (c0 * x[0] + s0 * x[1]),
            sign * (-s0 * x[0] + c0 * x[1]),
        ]
    };
    let (plus, minus): (Vec<usize>, Vec<usize>) = (0..data.len()).partition(|&mu| data.y(mu) > 0.0);
    // upper = min over +1 of ξ·u; lower = max over −1 of ξ·u = −min over −1 of (−ξ)·u
    let upper = Envelope::new(&plus.iter().map(|&mu| rotated(mu, 1.0)).collect::<Vec<_>>());
    let lower = Envelope::new(
        &minus
            .iter()
            .map(|&mu| rotated(mu, -1.0))
            .collect::<Vec<_>>(),
    );
    let mut breaks: Vec<f64> = upper.starts.iter().chain(&lower.starts).copied().collect();
    // pieces no longer than π/2, so that each meets the half circle where its width is
    // positive in one interval
    breaks.extend([-PI, -FRAC_PI_2, 0.0, FRAC_PI_2, PI]);
    breaks.sort_by(f64::total_cmp);
    breaks.dedup();
    let mut pieces = Vec::new();
    for pair in breaks.windows(2) {
        let (s, e) = (pair[0], pair[1]);
        let mid = 0.5 * (s + e);
        let a = upper.at(mid);
        let q = lower.at(mid);
        let b = [-q[0], -q[1]];
        let c = [a[0] - b[0], a[1] - b[1]];
        let norm = libm::hypot(c[0], c[1]);
        if norm == 0.0 {
            continue;
        }
        // γ, shifted by 2π to within π of the piece's middle
        let mut gamma = libm::atan2(c[1], c[0]);
        gamma += TAU * ((mid - gamma) / TAU).round();
        let (lo, hi) = (s.max(gamma - FRAC_PI_2), e.min(gamma + FRAC_PI_2));
        if lo < hi {
            let mass = norm * (libm::sin(hi - gamma) - libm::sin(lo - gamma));
            if mass > 0.0 {
                pieces.push(Piece {
                    s: lo,
                    e: hi,
                    a,
                    b,
                    norm,
                    gamma,
                    mass,
                });
            }
        }
    }
    pieces
}

/// The area `A = ∫ (upper − lower)₊ dφ = Σ_pieces |c| [sin(φ − γ)]` of the band of 2-D `data`
/// with both classes, given a direction `φ0` strictly inside it (the maximal-stability
/// optimum's), in closed form: the area of [`Region`], without its scaling of the inputs.
pub(crate) fn band_area(data: &Dataset, phi0: f64) -> f64 {
    pieces(data, phi0).iter().map(|p| p.mass).sum()
}

impl Region {
    /// The band's area `A = ∫ (upper − lower)⁺ dφ`.
    pub fn area(&self) -> f64 {
        self.scaled_area() / self.scale
    }

    /// The area on the scaled inputs.
    fn scaled_area(&self) -> f64 {
        *self.cumulative.last().expect("a region has pieces")
    }

    /// The maximal-stability optimum `(u(φ*), θ*)`, inside the band.
    pub fn start(&self) -> Perceptron {
        Perceptron::new(
            vec![libm::cos(self.phi0), libm::sin(self.phi0)],
            self.theta0,
        )
    }

    /// The directions the band covers: `(φ_from, φ_to)` with `φ_from ∈ [0, 2π)` and
    /// `φ_from < φ_to < φ_from + π` (unwrapped: `φ_to` may pass `2π`).
    pub fn phi_range(&self) -> (f64, f64) {
        let first = self.pieces.first().expect("a region has pieces");
        let last = self.pieces.last().expect("a region has pieces");
        let from = wrap(first.s + self.phi0);
        (from, from + (last.e - first.s))
    }

    /// A uniform point `(φ, θ)` of the band under `dφ dθ` (`φ ∈ [0, 2π)`).
    pub fn sample(&self, rng: &mut impl rand::Rng) -> (f64, f64) {
        let target = self.scaled_area() * rng.random::<f64>();
        let k = self
            .cumulative
            .partition_point(|&c| c <= target)
            .min(self.pieces.len() - 1);
        let p = &self.pieces[k];
        // F(ψ) = |c| (sin(ψ − γ) − sin(s − γ)) inverted; ψ − γ stays in [−π/2, π/2]
        let (f0, f1) = (libm::sin(p.s - p.gamma), libm::sin(p.e - p.gamma));
        let x = (f0 + (f1 - f0) * rng.random::<f64>()).clamp(-1.0, 1.0);
        let psi = (p.gamma + libm::asin(x)).clamp(p.s, p.e);
        let (c, s) = (libm::cos(psi), libm::sin(psi));
        let lower = p.b[0] * c + p.b[1] * s;
        let upper = p.a[0] * c + p.a[1] * s;
        let theta = lower + (upper - lower) * rng.random::<f64>();
        (wrap(psi + self.phi0), theta / self.scale)
    }

    /// The centre of mass `(φ̄, θ̄)` of the band under `dφ dθ` (`φ̄ ∈ [0, 2π)`), in closed form
    /// (module docs).
    pub fn centroid(&self) -> (f64, f64) {
        let (mut m_phi, mut m_theta) = (0.0, 0.0);
        for p in &self.pieces {
            // ∫ ψ |c| cos(ψ − γ) dψ = |c| [ψ sin(ψ − γ) + cos(ψ − γ)]
            let f = |x: f64| x * libm::sin(x - p.gamma) + libm::cos(x - p.gamma);
            m_phi += p.norm * (f(p.e) - f(p.s));
            // ½ ∫ ((a·u)² − (b·u)²) dψ, ∫ (q·u)² = |q|² [ψ/2 + sin(2(ψ − γ_q))/4]
            let square = |q: [f64; 2]| {
                let g = libm::atan2(q[1], q[0]);
                (q[0] * q[0] + q[1] * q[1])
                    * (0.5 * (p.e - p.s)
                        + 0.25 * (libm::sin(2.0 * (p.e - g)) - libm::sin(2.0 * (p.s - g))))
            };
            m_theta += 0.5 * (square(p.a) - square(p.b));
        }
        let area = self.scaled_area();
        (wrap(self.phi0 + m_phi / area), m_theta / area / self.scale)
    }
}

/// `min_v v·u(ψ)` over a point set, as the vertex of its convex hull that attains it on each
/// interval of `ψ`: `verts[i]` on `[starts[i], starts[i+1])`, the last one wrapping round to
/// the first start (`starts` sorted in `[−π, π)`).
struct Envelope {
    starts: Vec<f64>,
    verts: Vec<[f64; 2]>,
}

impl Envelope {
    /// The envelope of `points` (at least one). On a counter-clockwise hull `v_0 … v_{k−1}`,
    /// `v_{i+1}` attains the minimum for `u` between the inward normals of the edges
    /// `v_i → v_{i+1}` and `v_{i+1} → v_{i+2}`; the inward normal of an edge `e` is
    /// `(−e_y, e_x)`.
    fn new(points: &[[f64; 2]]) -> Self {
        let hull = convex_hull(points);
        let k = hull.len();
        if k == 1 {
            return Self {
                starts: vec![-PI],
                verts: hull,
            };
        }
        let mut pairs: Vec<(f64, [f64; 2])> = (0..k)
            .map(|i| {
                let (v, next) = (hull[i], hull[(i + 1) % k]);
                let e = [next[0] - v[0], next[1] - v[1]];
                (normalise_angle(libm::atan2(e[0], -e[1])), next)
            })
            .collect();
        pairs.sort_by(|x, y| x.0.total_cmp(&y.0));
        Self {
            starts: pairs.iter().map(|p| p.0).collect(),
            verts: pairs.iter().map(|p| p.1).collect(),
        }
    }

    /// The vertex attaining the minimum at `ψ ∈ [−π, π]`.
    fn at(&self, psi: f64) -> [f64; 2] {
        let i = self.starts.partition_point(|&s| s <= psi);
        self.verts[if i == 0 { self.verts.len() - 1 } else { i - 1 }]
    }
}

/// `a` in `[−π, π)`.
fn normalise_angle(a: f64) -> f64 {
    let r = (a + PI).rem_euclid(TAU) - PI;
    if r >= PI {
        -PI
    } else {
        r
    }
}

/// `a` in `[0, 2π)`.
fn wrap(a: f64) -> f64 {
    let r = a.rem_euclid(TAU);
    if r >= TAU {
        0.0
    } else {
        r
    }
}

/// The error of a set without a version space.
pub(crate) fn no_version_space() -> Error {
    Error::NotSeparable {
        detail: ": the version space is empty, so there is no student drawn from it".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A square's envelope by hand: `(1, 0)` attains `min v·u` for `φ ∈ [π/2, π]`.
    #[test]
    fn envelope_of_a_square() {
        let e = Envelope::new(&[[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]]);
        assert_eq!(e.at(0.75 * PI), [1.0, 0.0]);
        assert_eq!(e.at(-0.25 * PI), [0.0, 1.0]);
        assert_eq!(e.at(0.25 * PI), [0.0, 0.0]);
        assert_eq!(e.at(-0.75 * PI), [1.0, 1.0]);
        // two points: each attains it on a half circle
        let two = Envelope::new(&[[0.0, 1.0], [0.0, -1.0]]);
        assert_eq!(two.at(FRAC_PI_2), [0.0, -1.0]);
        assert_eq!(two.at(-FRAC_PI_2), [0.0, 1.0]);
    }

    /// One point per class, `(0, 1)` labelled +1 and `(0, −1)` labelled −1: the band is
    /// `−sin φ < θ < sin φ` on `(0, π)`, area `∫ 2 sin φ = 4`, centre of mass `(π/2, 0)`.
    #[test]
    fn two_points_by_hand() {
        let d = Dataset::from_row_major(vec![0.0, 1.0, 0.0, -1.0], 2, vec![1.0, -1.0]).unwrap();
        let r = Region::of(&d).unwrap();
        assert!((r.area() - 4.0).abs() < 1e-12, "{}", r.area());
        let (phi, theta) = r.centroid();
        assert!(
            (phi - FRAC_PI_2).abs() < 1e-12 && theta.abs() < 1e-12,
            "{phi} {theta}"
        );
        let (from, to) = r.phi_range();
        assert!(from.abs() < 1e-12 || (from - TAU).abs() < 1e-12, "{from}");
        assert!((to - from - PI).abs() < 1e-12);
    }
}
