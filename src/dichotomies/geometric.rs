//! The geometric count for data in the plane (and on the line), and the points that break general
//! position in any dimension.
//!
//! # Through the origin (`N = 2`)
//! Each example `ξ^μ ≠ 0` cuts the plane of weights along the line `w·ξ^μ = 0`; on the circle of
//! directions `w = u(φ)` this line is the pair of boundary directions `α_μ ± π/2` (`α_μ` the angle
//! of `ξ^μ`). A labelling is strictly separable iff some open arc between consecutive boundary
//! directions realises it, and different arcs realise different labellings (crossing a boundary
//! flips the examples on that line). Examples on one line through the origin (`ξ^b = c ξ^a`,
//! `c ≠ 0`) share their boundary, so with `L` distinct lines there are `2L` boundary directions
//! and `2L` arcs: **`2L` separable labellings** for `P ≥ 1`. A point at the origin has
//! `w·ξ = 0` for every `w`, so no labelling is strictly separable (`κ > 0`, as the exact test
//! decides): **0**. No examples: **1** (the empty labelling). In general position (no two
//! examples on a line through the origin) `L = P` and the count is `2P = C(P, 2)`.
//!
//! # With a threshold (`N = 3`)
//! The augmented inputs `(ξ^μ, −1)` are the normals of the planes `H_μ: w·ξ^μ − θ = 0` of the
//! weight space `(w₁, w₂, θ) ∈ R³`, all through the origin (a central arrangement). The strictly
//! separable labellings are the regions of this arrangement, one labelling each; coinciding
//! points give one plane (and must have the same label). Zaslavsky's theorem counts the regions
//! as `r = Σ_X |μ(R³, X)|` over the intersection lattice (the flats `X`, ordered by reverse
//! inclusion, `μ` its Möbius function):
//! - `R³` itself: `μ = 1`;
//! - the planes, one per distinct point (`n'` of them): `μ = −1` each;
//! - the lines: `H_a ∩ H_b` for distinct points `a ≠ b` is the line
//!   `{(w, θ): w ⊥ ξ^a − ξ^b, θ = w·ξ^a}`, and `H_c` contains it iff `w·ξ^c = w·ξ^a` for every
//!   `w ⊥ ξ^b − ξ^a`, i.e. iff `ξ^c` lies on the line of the data plane through `ξ^a` and `ξ^b`.
//!   So the lines of the lattice are the lines `L` of the data plane that carry `m_L ≥ 2` distinct
//!   points, and `μ(R³, ℓ) = −(1 − m_L) = m_L − 1`;
//! - the origin `{0}`, a flat iff the normals span `R³`, i.e. iff the distinct points are not
//!   all on one line: `μ(R³, {0}) = −Σ_{X ⊋ {0}} μ = −(1 − n' + S)` with `S = Σ_L (m_L − 1)`. The
//!   Möbius function of a geometric lattice alternates in sign with the rank (Rota), so
//!   `μ({0}) < 0` and `1 − n' + S > 0`.
//!
//! Adding up: `r = 1 + n' + S + (1 − n' + S)` = **`2 + 2 Σ_L (m_L − 1)`** when the distinct points
//! are not all collinear. When all `n' ≥ 2` distinct points lie on one line there is a single
//! line flat with `m = n'` and no `{0}`: `r = 1 + n' + (n' − 1)` = **`2n'`** (the affine functions
//! along a line realise `n' + 1` cuts × 2 signs, less the two constant labellings counted twice);
//! the first formula gives the same. One distinct point: **2**; none: **1**.
//!
//! In general position (no coinciding points, no three on a line) every pair spans its own
//! line: `S = P(P − 1)/2` and `r = P² − P + 2 = 2[1 + (P − 1) + (P − 1)(P − 2)/2] = C(P, 3)`.
//!
//! `S` is computed as `Σ_a` (number of distinct directions from `a` to the distinct points after
//! it): a line with `m_L` points is seen once from each of its points but the last
//! ([`super::directions::lines`]); in the plane that costs `O(P² log P)`.
//!
//! # On the line (`N = 1`)
//! Through the origin every non-zero example has the same boundary `w = 0`: **2** labellings
//! (`C(P, 1) = 2`), 0 with a point at the origin. With a threshold, `n'` distinct points on the
//! line: **`2n'`** (`C(P, 2) = 2P`); only coinciding points break general position.
//!
//! # General position in any dimension
//! Through the origin the examples are in general position iff every `min(P, N)` of them are
//! linearly independent; with a threshold, the augmented inputs `(ξ, −1)` (every `min(P, N+1)`
//! of the points affinely independent). The degeneracies named here are the pairwise ones —
//! points at the origin, coinciding points, `ξ` and `−ξ`, several points on one line through
//! the origin — and, with a threshold, three or more points on one line (in more than two
//! dimensions only up to [`COLLINEAR_MAX_P`] points: the search costs `O(P³ N)`). In more than
//! two dimensions a set may also be degenerate through `k + 1` points in a `k`-flat with
//! `k ≥ 2`, which is not named (the count and the verdict of [`super::count_any`] still see it).

use super::directions::{
    direction, lines, parallel_by_coordinates, parallel_groups, parallel_groups_by,
    same_point_classes, same_point_radius_sq, Direction,
};
use super::Degeneracy;
use crate::data::Dataset;
use crate::train::Mode;

/// Above this many points the collinear triples of data with `N ≥ 3` inputs are not searched
/// (the search costs `O(P³ N)`).
pub const COLLINEAR_MAX_P: usize = 200;

/// The geometric count and the degeneracies of 1-D or 2-D data.
pub(super) fn count_low_dim(data: &Dataset, mode: Mode) -> (u64, Vec<Degeneracy>) {
    let p = data.len();
    let dim = data.dim();
    debug_assert!(dim <= 2);
    if p == 0 {
        return (1, vec![]);
    }
    match mode {
        Mode::Homogeneous => {
            let origin = at_origin(data);
            let rest = not_in(p, &origin);
            let groups = origin_lines(data, &rest);
            let count = if origin.is_empty() {
                2 * groups.len() as u64
            } else {
                0
            };
            let mut deg: Vec<Degeneracy> = origin
                .iter()
                .map(|&point| Degeneracy::AtOrigin { point })
                .collect();
            if dim == 2 {
                deg.extend(classify_origin_lines(data, &groups));
            }
            (count, sorted(deg))
        }
        Mode::Threshold => {
            let all: Vec<usize> = (0..p).collect();
            let classes = same_point_classes(data, &all);
            let mut deg = duplicates(&classes);
            let reps: Vec<usize> = classes.iter().map(|c| c[0]).collect();
            let count = if dim == 1 {
                2 * reps.len() as u64
            } else {
                let l = lines(reps.len(), |i| data.x(reps[i]));
                deg.extend(collinear(&classes, &l.collinear));
                2 + 2 * l.excess as u64
            };
            (count, sorted(deg))
        }
    }
}

/// The degeneracies of data in any dimension that this module names (see the module docs).
pub(super) fn degeneracies(data: &Dataset, mode: Mode) -> Vec<Degeneracy> {
    let p = data.len();
    match mode {
        Mode::Homogeneous => {
            let origin = at_origin(data);
            let rest = not_in(p, &origin);
            let mut deg: Vec<Degeneracy> = origin
                .iter()
                .map(|&point| Degeneracy::AtOrigin { point })
                .collect();
            if data.dim() >= 2 {
                deg.extend(classify_origin_lines(data, &origin_lines(data, &rest)));
            }
            sorted(deg)
        }
        Mode::Threshold => {
            let all: Vec<usize> = (0..p).collect();
            let classes = same_point_classes(data, &all);
            let mut deg = duplicates(&classes);
            if data.dim() >= 2 && (data.dim() == 2 || p <= COLLINEAR_MAX_P) {
                let reps: Vec<usize> = classes.iter().map(|c| c[0]).collect();
                let l = lines(reps.len(), |i| data.x(reps[i]));
                deg.extend(collinear(&classes, &l.collinear));
            }
            sorted(deg)
        }
    }
}

/// The examples at the origin: `|ξ|² ≤ 10⁻²⁰ max_μ |ξ^μ|²` (the exact test's tolerance).
fn at_origin(data: &Dataset) -> Vec<usize> {
    let r_sq = same_point_radius_sq(data);
    (0..data.len())
        .filter(|&mu| data.x(mu).iter().map(|v| v * v).sum::<f64>() <= r_sq)
        .collect()
}

/// `0..p` without the sorted indices `skip`.
fn not_in(p: usize, skip: &[usize]) -> Vec<usize> {
    let mut mask = vec![true; p];
    for &i in skip {
        mask[i] = false;
    }
    (0..p).filter(|&i| mask[i]).collect()
}

/// The lines through the origin spanned by the examples `points` (none at the origin): groups of
/// indices into `data`.
fn origin_lines(data: &Dataset, points: &[usize]) -> Vec<Vec<usize>> {
    if data.dim() == 1 {
        // on the line, every example spans the same line through the origin
        return if points.is_empty() {
            vec![]
        } else {
            vec![points.to_vec()]
        };
    }
    let dirs: Vec<Direction> = points
        .iter()
        .map(|&mu| direction(data.x(mu), 0.0))
        .collect();
    // in the plane, parallel to the digits of the coordinates (`parallel_by_coordinates`)
    let groups = if data.dim() == 2 {
        parallel_groups_by(&dirs, parallel_by_coordinates)
    } else {
        parallel_groups(&dirs)
    };
    groups
        .into_iter()
        .map(|g| g.into_iter().map(|i| points[i]).collect())
        .collect()
}

/// The degeneracies of the lines through the origin that carry several examples: coinciding
/// points ([`Degeneracy::Duplicate`]), a point and its negative ([`Degeneracy::Opposite`]), and
/// examples that are neither on one line ([`Degeneracy::CollinearWithOrigin`], listing every
/// example on the line).
fn classify_origin_lines(data: &Dataset, groups: &[Vec<usize>]) -> Vec<Degeneracy> {
    let r_sq = same_point_radius_sq(data);
    let mut deg = vec![];
    for g in groups.iter().filter(|g| g.len() >= 2) {
        let classes = same_point_classes(data, g);
        deg.extend(duplicates(&classes));
        // classes of ±ξ: a class and the one of its negatives
        let mut signed: Vec<Option<usize>> = vec![None; classes.len()];
        let mut n_signed = 0;
        for i in 0..classes.len() {
            if signed[i].is_some() {
                continue;
            }
            signed[i] = Some(n_signed);
            let xi = data.x(classes[i][0]);
            for j in i + 1..classes.len() {
                let xj = data.x(classes[j][0]);
                let sum_sq: f64 = xi.iter().zip(xj).map(|(a, b)| (a + b) * (a + b)).sum();
                if signed[j].is_none() && sum_sq <= r_sq {
                    signed[j] = Some(n_signed);
                    let mut points = classes[i].clone();
                    points.extend(&classes[j]);
                    points.sort_unstable();
                    deg.push(Degeneracy::Opposite { points });
                }
            }
            n_signed += 1;
        }
        if n_signed >= 2 {
            deg.push(Degeneracy::CollinearWithOrigin { points: g.clone() });
        }
    }
    deg
}

/// [`Degeneracy::Duplicate`] for each class of two coinciding points or more.
fn duplicates(classes: &[Vec<usize>]) -> Vec<Degeneracy> {
    classes
        .iter()
        .filter(|c| c.len() >= 2)
        .map(|c| Degeneracy::Duplicate { points: c.clone() })
        .collect()
}

/// [`Degeneracy::Collinear`] for each line of three distinct points or more (given as positions
/// in `classes`), listing every example on it (coinciding ones included).
fn collinear(classes: &[Vec<usize>], lines: &[Vec<usize>]) -> Vec<Degeneracy> {
    lines
        .iter()
        .map(|line| {
            let mut points: Vec<usize> = line.iter().flat_map(|&c| classes[c].clone()).collect();
            points.sort_unstable();
            Degeneracy::Collinear { points }
        })
        .collect()
}

/// The degeneracies ordered by their first point, then by kind, then by their points.
fn sorted(mut deg: Vec<Degeneracy>) -> Vec<Degeneracy> {
    deg.sort_by(|a, b| {
        (a.points()[0], a.rank())
            .cmp(&(b.points()[0], b.rank()))
            .then_with(|| a.points().cmp(b.points()))
    });
    deg
}
