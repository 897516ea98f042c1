//! Grouping points and directions with the tolerances of the count: which points coincide, which
//! directions are parallel (mod sign), and the lines of the data plane that carry several
//! distinct points.
//!
//! # Tolerances
//! - Two points are **the same point** when `|ξ^a − ξ^b|² ≤ 10⁻²⁰ max_μ |ξ^μ|²`
//!   ([`SAME_POINT_TOL`] = 10⁻¹⁰ relative to the largest input), and a point is **at the origin**
//!   when `|ξ|² ≤ 10⁻²⁰ max_μ |ξ^μ|²`. This is the tolerance of the exact separability test
//!   (`exact::max_stability` declares a set not separable when the nearest point of the hull is
//!   that close to the origin), so the count and the test agree on near-coincident points.
//! - Two directions `u`, `v` (unit vectors) are **parallel** (the same line, either sense) when
//!   `|sin ∠(u, v)| ≤ 10⁻¹²` ([`DIRECTION_TOL`]) plus the rounding error of the computed
//!   directions, `4ε (|ξ^a| + |ξ^b|) / |ξ^b − ξ^a|` for a direction `ξ^b − ξ^a` (ε the machine
//!   epsilon; `4ε` for a direction `ξ^μ` itself). Exactly collinear inputs (e.g. `(1, 1)`,
//!   `(2, 2)`, `(−1.5, −1.5)`, or decimal coordinates on a common line) differ only by rounding
//!   and are found; independent Gaussian points have `|sin| < 10⁻¹²` for some pair with
//!   probability about `10⁻¹² P²` through the origin and, for some triple, `10⁻¹² P³` with a
//!   threshold (below 10⁻² at `P = 2 000`). Between 10⁻¹² and about 10⁻¹⁰ the count (not
//!   collinear) and the exact test (which sees a gap of `10⁻¹⁰` as none) may disagree: such sets
//!   are collinear to the last few digits of the input.
//! - In the plane, the examples' own directions (the lines through the origin) are parallel when
//!   their cross product is within [`DIRECTION_TOL`] of the products of their coordinates,
//!   `|u₁v₂ − u₂v₁| ≤ 10⁻¹² (|u₁v₂| + |u₂v₁|)` ([`parallel_by_coordinates`]): relative to each
//!   point's own digits, so that `(1, 10³⁰⁰)` and `(10⁻³⁰⁰, 3)` (cross product 2, an angle of
//!   `7·10⁻³⁰¹`) span two lines, as they do in exact arithmetic.

use crate::data::Dataset;

/// Relative tolerance for coinciding points and points at the origin (see the module docs).
pub const SAME_POINT_TOL: f64 = 1e-10;

/// Tolerance on `|sin|` of the angle between two directions (see the module docs).
pub const DIRECTION_TOL: f64 = 1e-12;

/// A direction (unit vector) with the rounding tolerance of its computation.
#[derive(Debug, Clone)]
pub(super) struct Direction {
    /// The unit vector.
    pub u: Vec<f64>,
    /// Its rounding error, added to [`DIRECTION_TOL`] when compared.
    pub tol: f64,
}

/// The direction of `v` (which must be non-zero) whose components have absolute rounding error
/// about `ε·magnitude`.
pub(super) fn direction(v: &[f64], magnitude: f64) -> Direction {
    let n = v.iter().map(|x| x * x).sum::<f64>().sqrt();
    Direction {
        u: v.iter().map(|x| x / n).collect(),
        tol: 4.0 * f64::EPSILON * (magnitude / n).max(1.0),
    }
}

/// `|sin ∠(u, v)|` for unit vectors: `|u × v|` in 2-D, else `min(|u − v|, |u + v|)` (equal to
/// `2 sin(δ/2)` for the angle `δ` mod π, which is `|sin δ|` to first order and accurate to a few
/// ε, where `√(1 − (u·v)²)` would lose half the digits).
fn sine(u: &[f64], v: &[f64]) -> f64 {
    if u.len() == 2 {
        return (u[0] * v[1] - u[1] * v[0]).abs();
    }
    let (mut minus, mut plus) = (0.0, 0.0);
    for (a, b) in u.iter().zip(v) {
        minus += (a - b) * (a - b);
        plus += (a + b) * (a + b);
    }
    minus.min(plus).sqrt()
}

/// Whether two directions are parallel (mod sign) within their tolerances.
fn parallel(a: &Direction, b: &Direction) -> bool {
    sine(&a.u, &b.u) <= DIRECTION_TOL + a.tol + b.tol
}

/// Whether two plane vectors `u`, `v` (the examples' own directions, each component computed to a
/// relative error of a few ε) are parallel (mod sign) to the digits of their coordinates:
/// `|u₁v₂ − u₂v₁| ≤ (DIRECTION_TOL + 8ε)(|u₁v₂| + |u₂v₁|)`. Each side is relative to the
/// products of the coordinates themselves, not to `|u||v|`: a coordinate many orders of magnitude
/// below the other is still a number of the input, so `(1, 10³⁰⁰)` and `(10⁻³⁰⁰, 3)`, whose
/// cross product is `3 − 1 = 2`, span two lines (the angle between them, `7·10⁻³⁰¹`, is far
/// below any tolerance on `|sin|`), while decimal coordinates on a common line, which differ from
/// it only in their last digits, are found.
pub(super) fn parallel_by_coordinates(a: &Direction, b: &Direction) -> bool {
    let (p, q) = (a.u[0] * b.u[1], a.u[1] * b.u[0]);
    (p - q).abs() <= (DIRECTION_TOL + 8.0 * f64::EPSILON) * (p.abs() + q.abs())
}

/// The "diamond angle" of a 2-D vector `u ≠ 0` taken into the half-plane `[0, π)`: a number in
/// `[0, 2)` increasing with the angle, independent of `|u|`, accurate to a few ε everywhere
/// (unlike `cos φ`, which is flat at 0 and π), and cheaper than `atan2`.
fn half_turn_key(u: &[f64]) -> f64 {
    let (mut x, mut y) = (u[0], u[1]);
    if y < 0.0 || (y == 0.0 && x < 0.0) {
        (x, y) = (-x, -y);
    }
    1.0 - x / (x.abs() + y)
}

/// Groups of parallel directions (mod sign): each group lists indices into `dirs` in increasing
/// order; the groups are ordered by their first index.
///
/// In 2-D the directions are sorted by angle mod π and neighbours compared (the last and the
/// first too, across the wrap from π to 0): `O(k log k)`. In more dimensions every pair is
/// compared (`O(k² N)`). Parallelism within the tolerance is chained (a group is a connected
/// component of the "parallel" relation).
pub(super) fn parallel_groups(dirs: &[Direction]) -> Vec<Vec<usize>> {
    parallel_groups_by(dirs, parallel)
}

/// [`parallel_groups`] with the test of parallelism `parallel` (which must hold for directions
/// at the same angle mod π).
pub(super) fn parallel_groups_by(
    dirs: &[Direction],
    parallel: fn(&Direction, &Direction) -> bool,
) -> Vec<Vec<usize>> {
    let k = dirs.len();
    let mut groups: Vec<Vec<usize>> = if k == 0 {
        vec![]
    } else if dirs[0].u.len() == 2 {
        let keys: Vec<f64> = dirs.iter().map(|d| half_turn_key(&d.u)).collect();
        let mut order: Vec<usize> = (0..k).collect();
        order.sort_by(|&a, &b| keys[a].total_cmp(&keys[b]));
        let mut groups: Vec<Vec<usize>> = vec![vec![order[0]]];
        for w in order.windows(2) {
            if parallel(&dirs[w[0]], &dirs[w[1]]) {
                groups.last_mut().expect("one group at least").push(w[1]);
            } else {
                groups.push(vec![w[1]]);
            }
        }
        // across the wrap: a direction just below π is parallel to one just above 0
        if groups.len() > 1 && parallel(&dirs[order[k - 1]], &dirs[order[0]]) {
            let last = groups.pop().expect("two groups at least");
            groups[0].extend(last);
        }
        groups
    } else {
        let mut sets = DisjointSets::new(k);
        for a in 0..k {
            for b in a + 1..k {
                if parallel(&dirs[a], &dirs[b]) {
                    sets.union(a, b);
                }
            }
        }
        sets.classes()
    };
    for g in &mut groups {
        g.sort_unstable();
    }
    groups.sort_by(|a, b| a[0].cmp(&b[0]));
    groups
}

/// Union–find over `0..n` whose representative is the lowest index of a class.
pub(super) struct DisjointSets {
    parent: Vec<usize>,
}

impl DisjointSets {
    /// `n` singletons.
    pub fn new(n: usize) -> Self {
        Self {
            parent: (0..n).collect(),
        }
    }

    /// The representative (lowest index) of `i`'s class.
    pub fn find(&mut self, mut i: usize) -> usize {
        while self.parent[i] != i {
            self.parent[i] = self.parent[self.parent[i]];
            i = self.parent[i];
        }
        i
    }

    /// Joins the classes of `a` and `b`.
    pub fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            let (lo, hi) = (ra.min(rb), ra.max(rb));
            self.parent[hi] = lo;
        }
    }

    /// The classes, each in increasing order, ordered by their lowest index.
    pub fn classes(&mut self) -> Vec<Vec<usize>> {
        let n = self.parent.len();
        let mut by_root: Vec<Vec<usize>> = vec![vec![]; n];
        for i in 0..n {
            let r = self.find(i);
            by_root[r].push(i);
        }
        by_root.into_iter().filter(|c| !c.is_empty()).collect()
    }
}

/// The squared tolerance radius of [`SAME_POINT_TOL`] for `data`: `10⁻²⁰ max_μ |ξ^μ|²`.
pub(super) fn same_point_radius_sq(data: &Dataset) -> f64 {
    SAME_POINT_TOL * SAME_POINT_TOL * data.max_norm_sq()
}

/// `|a − b|²`.
fn dist_sq(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| (x - y) * (x - y)).sum()
}

/// The classes of coinciding points among `points` (indices into `data`), each class listed in
/// increasing order of index, ordered by their lowest index. Found by sorting on the first
/// coordinate and comparing neighbours within the tolerance: `O(P log P)` plus the pairs that
/// share a first coordinate.
pub(super) fn same_point_classes(data: &Dataset, points: &[usize]) -> Vec<Vec<usize>> {
    let r_sq = same_point_radius_sq(data);
    let r = r_sq.sqrt();
    let mut order: Vec<usize> = (0..points.len()).collect();
    order.sort_by(|&a, &b| data.x(points[a])[0].total_cmp(&data.x(points[b])[0]));
    let mut sets = DisjointSets::new(points.len());
    for (i, &a) in order.iter().enumerate() {
        let xa = data.x(points[a]);
        for &b in &order[i + 1..] {
            let xb = data.x(points[b]);
            if xb[0] - xa[0] > r {
                break;
            }
            if dist_sq(xa, xb) <= r_sq {
                sets.union(a, b);
            }
        }
    }
    sets.classes()
        .into_iter()
        .map(|c| c.into_iter().map(|i| points[i]).collect())
        .collect()
}

/// Lines of the data space through distinct points.
pub(super) struct Lines {
    /// `Σ_L (m_L − 1)` over the lines `L` spanned by the points (`m_L` distinct points on `L`):
    /// the sum over the points of the number of distinct directions to the points after them.
    pub excess: usize,
    /// The lines that carry three points or more, as positions in the list of points given
    /// (increasing), ordered by their first point.
    pub collinear: Vec<Vec<usize>>,
}

/// The lines spanned by distinct `points` (given as rows `x(i)`, `i < n`): for each point `a`,
/// the directions to the points `b > a` grouped as parallel; each group is one line through `a`.
/// A line with `m` points is seen from each of its points but the last, so the groups add up to
/// `Σ_L (m_L − 1)`; a line is reported (if it has `m ≥ 3`) from its first point, where its group
/// holds all its other points. `O(n² log n)` in 2-D ([`groups_2d`]), `O(n³ N)` otherwise.
pub(super) fn lines<'a>(n: usize, x: impl Fn(usize) -> &'a [f64]) -> Lines {
    let mut excess = 0;
    let mut collinear: Vec<Vec<usize>> = vec![];
    // the reported lines through each point (two lines share at most one point)
    let mut line_of: Vec<Vec<usize>> = vec![vec![]; n];
    let pts: Vec<[f64; 2]> = if n > 0 && x(0).len() == 2 {
        (0..n).map(|i| [x(i)[0], x(i)[1]]).collect()
    } else {
        vec![]
    };
    let planar = !pts.is_empty();
    let norms: Vec<f64> = (0..n)
        .map(|i| x(i).iter().map(|v| v * v).sum::<f64>().sqrt())
        .collect();
    let mut buf = PlanarBuffer::default();
    let mut ranges = Vec::new();
    for a in 0..n {
        let (groups, several) = if planar {
            groups_2d(a, &pts, &norms, &mut buf, &mut ranges)
        } else {
            groups_any(a, n, &x)
        };
        excess += groups;
        for members in several {
            let seen = line_of[a].iter().any(|id| line_of[members[0]].contains(id));
            if seen {
                continue;
            }
            let id = collinear.len();
            let mut line = vec![a];
            line.extend(&members);
            for &m in &line {
                line_of[m].push(id);
            }
            collinear.push(line);
        }
    }
    Lines { excess, collinear }
}

/// The direction from point `a` to a point `b > a` in the plane.
#[derive(Debug, Clone, Copy)]
struct Planar {
    /// [`half_turn_key`] of `d`.
    key: f64,
    /// The direction `ξ^b − ξ^a`, turned into the half-plane `[0, π)`.
    d: [f64; 2],
    /// `|d|`.
    len: f64,
    /// The rounding error of `d`, `4ε max(|ξ^a| + |ξ^b|, |d|)`.
    slack: f64,
}

impl Planar {
    /// Whether two directions are parallel: `|d_p × d_q| ≤ |d_p||d_q| (DIRECTION_TOL + tol_p +
    /// tol_q)` with `tol = slack/|d|`, written without divisions.
    fn parallel(&self, q: &Planar) -> bool {
        (self.d[0] * q.d[1] - self.d[1] * q.d[0]).abs()
            <= DIRECTION_TOL * self.len * q.len + self.slack * q.len + q.slack * self.len
    }
}

/// The directions from one point to the others in the plane, reused between points.
#[derive(Debug, Default)]
pub(super) struct PlanarBuffer {
    /// Direction `j` goes to the point `a + 1 + j`.
    dirs: Vec<Planar>,
    /// The directions `j` in increasing order of key.
    order: Vec<usize>,
    /// Bucket offsets of the bucket sort.
    start: Vec<u32>,
}

impl PlanarBuffer {
    /// Fills `order` with the directions sorted by key: a bucket sort into `k` buckets of
    /// `[0, 2)` (`O(k)` when the keys are spread), each bucket then sorted (`O(k log k)` at worst,
    /// when they crowd).
    fn sort(&mut self) {
        let k = self.dirs.len();
        let bucket = |key: f64| ((key * 0.5 * k as f64) as usize).min(k - 1);
        self.start.clear();
        self.start.resize(k + 2, 0);
        for p in &self.dirs {
            self.start[bucket(p.key) + 2] += 1;
        }
        for b in 1..=k {
            self.start[b + 1] += self.start[b];
        }
        // start[b + 1] is the next free slot of bucket b; afterwards it is the end of bucket b
        self.order.clear();
        self.order.resize(k, 0);
        for (j, p) in self.dirs.iter().enumerate() {
            let b = bucket(p.key);
            self.order[self.start[b + 1] as usize] = j;
            self.start[b + 1] += 1;
        }
        let dirs = &self.dirs;
        for b in 0..k {
            let (lo, hi) = (self.start[b] as usize, self.start[b + 1] as usize);
            if hi - lo > 1 {
                // equal keys by index: a total order, whatever the sort's stability
                self.order[lo..hi]
                    .sort_unstable_by(|&i, &j| dirs[i].key.total_cmp(&dirs[j].key).then(i.cmp(&j)));
            }
        }
    }
}

/// In the plane: the number of lines through point `a` and the points `b > a`, and the points
/// of those lines that carry two points `b` or more (increasing). The directions are sorted by
/// angle mod π and neighbours compared (and the last with the first, across the wrap from π to
/// 0); `norms` are the points' norms.
fn groups_2d(
    a: usize,
    pts: &[[f64; 2]],
    norms: &[f64],
    buf: &mut PlanarBuffer,
    ranges: &mut Vec<(usize, usize)>,
) -> (usize, Vec<Vec<usize>>) {
    let xa = pts[a];
    buf.dirs.clear();
    buf.dirs.extend(
        pts[a + 1..]
            .iter()
            .zip(&norms[a + 1..])
            .map(|(xb, norm_b)| {
                let mut d = [xb[0] - xa[0], xb[1] - xa[1]];
                if d[1] < 0.0 || (d[1] == 0.0 && d[0] < 0.0) {
                    d = [-d[0], -d[1]];
                }
                let len = (d[0] * d[0] + d[1] * d[1]).sqrt();
                Planar {
                    key: half_turn_key(&d),
                    d,
                    len,
                    slack: 4.0 * f64::EPSILON * (norms[a] + norm_b).max(len),
                }
            }),
    );
    let k = buf.dirs.len();
    if k == 0 {
        return (0, vec![]);
    }
    buf.sort();
    let at = |i: usize| &buf.dirs[buf.order[i]];
    ranges.clear();
    let mut start = 0;
    for i in 1..k {
        if !at(i - 1).parallel(at(i)) {
            ranges.push((start, i));
            start = i;
        }
    }
    ranges.push((start, k));
    let wrap = ranges.len() > 1 && at(k - 1).parallel(at(0));
    let members = |r: &[(usize, usize)]| {
        let mut m: Vec<usize> = r
            .iter()
            .flat_map(|&(s, e)| (s..e).map(|i| a + 1 + buf.order[i]))
            .collect();
        m.sort_unstable();
        m
    };
    let mut several: Vec<Vec<usize>> = vec![];
    let inner = if wrap {
        let last = ranges.len() - 1;
        several.push(members(&[ranges[0], ranges[last]]));
        &ranges[1..last]
    } else {
        &ranges[..]
    };
    for &r in inner.iter().filter(|(s, e)| e - s >= 2) {
        several.push(members(&[r]));
    }
    (ranges.len() - usize::from(wrap), several)
}

/// In any dimension: as [`groups_2d`], by comparing every pair of directions
/// ([`parallel_groups`]).
fn groups_any<'a>(a: usize, n: usize, x: &impl Fn(usize) -> &'a [f64]) -> (usize, Vec<Vec<usize>>) {
    let xa = x(a);
    let norm_a = xa.iter().map(|v| v * v).sum::<f64>().sqrt();
    let dirs: Vec<Direction> = (a + 1..n)
        .map(|b| {
            let xb = x(b);
            let d: Vec<f64> = xb.iter().zip(xa).map(|(p, q)| p - q).collect();
            let norm_b = xb.iter().map(|v| v * v).sum::<f64>().sqrt();
            direction(&d, norm_a + norm_b)
        })
        .collect();
    let groups = parallel_groups(&dirs);
    let several = groups
        .iter()
        .filter(|g| g.len() >= 2)
        .map(|g| g.iter().map(|&i| a + 1 + i).collect())
        .collect();
    (groups.len(), several)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dirs(v: &[[f64; 2]]) -> Vec<Direction> {
        v.iter().map(|p| direction(p, 1.0)).collect()
    }

    #[test]
    fn parallel_groups_across_the_wrap() {
        // angles 0 (and π), π/2, a hair below π: the first and last are one line
        let d = dirs(&[[1.0, 0.0], [0.0, 1.0], [-1.0, 1e-14], [-2.0, 0.0]]);
        assert_eq!(parallel_groups(&d), vec![vec![0, 2, 3], vec![1]]);
        let d = dirs(&[[1.0, 0.0], [0.0, 1.0], [-1.0, 1e-3]]);
        assert_eq!(parallel_groups(&d).len(), 3);
    }

    #[test]
    fn same_points_with_tolerance() {
        let d = Dataset::from_row_major(
            vec![1.0, 2.0, 3.0, 4.0, 1.0, 2.0 + 1e-12, 1.0, 2.1],
            2,
            vec![1.0; 4],
        )
        .unwrap();
        assert_eq!(
            same_point_classes(&d, &[0, 1, 2, 3]),
            vec![vec![0, 2], vec![1], vec![3]]
        );
    }

    #[test]
    fn lines_across_the_wrap() {
        // a horizontal line to rounding: from the first point one direction is a hair above
        // angle 0, the other a hair below π
        let y = 0.1 + 0.2; // 0.30000000000000004
        let pts = [[1.0, y], [0.0, 0.3], [2.0, 0.3], [0.5, 1.0]];
        let l = lines(4, |i| &pts[i]);
        assert_eq!(l.collinear, vec![vec![0, 1, 2]]);
        assert_eq!(l.excess, 2 + 3);
    }

    #[test]
    fn lines_of_a_grid() {
        // a 3×3 grid: 8 lines of 3 points, and C(9,2) − 8·3 = 12 lines of 2 points
        let pts: Vec<[f64; 2]> = (0..9)
            .map(|i| [f64::from(i % 3), f64::from(i / 3)])
            .collect();
        let l = lines(9, |i| &pts[i]);
        assert_eq!(l.collinear.len(), 8);
        assert_eq!(l.excess, 8 * 2 + 12);
        assert!(l.collinear.contains(&vec![0, 4, 8]));
        assert!(l.collinear.contains(&vec![2, 4, 6]));
    }
}
