//! Lower envelopes of many sinusoids `a·u(φ)`, `u(φ) = (cos φ, sin φ)`, through the convex hull of
//! the points `a`: the version-space view's landscape and band edges at any `P`.
//!
//! A linear function `a ↦ a·u` attains its minimum over a finite point set at a vertex of the
//! set's convex hull (the minimum of a linear function over a polytope is attained at a vertex),
//! so `min_μ a^μ·u(φ) = min_{a ∈ hull} a·u(φ)`. With the hull found once in `O(P log P)`
//! (Andrew's monotone chain), a grid of `G` angles costs `O(G h)` for `h` hull vertices instead of
//! `O(G P)` (for `P` points in a disc, `h` grows like `P^{1/3}`; on a circle `h = P` and nothing
//! is lost).

use std::cmp::Ordering;

/// The vertices of the convex hull of `points`, counter-clockwise, without collinear points on
/// its edges (Andrew's monotone chain: sort by `x`, then `y`, and keep the left turns of the lower
/// and the upper chain). One point gives one vertex; equal points count once; points on a line
/// give the two ends.
pub fn convex_hull(points: &[[f64; 2]]) -> Vec<[f64; 2]> {
    let mut sorted = points.to_vec();
    sorted.sort_by(|a, b| match a[0].total_cmp(&b[0]) {
        Ordering::Equal => a[1].total_cmp(&b[1]),
        o => o,
    });
    sorted.dedup();
    if sorted.len() < 3 {
        return sorted;
    }
    let mut hull = Vec::with_capacity(2 * sorted.len());
    push_chain(&mut hull, sorted.iter().copied());
    push_chain(&mut hull, sorted.iter().rev().copied());
    hull
}

/// Appends one chain of the monotone-chain hull (the lower chain for points in increasing order,
/// the upper chain in decreasing order): the points, dropping each that does not make a left
/// turn; the chain's last point is left for the next chain to start with.
fn push_chain(hull: &mut Vec<[f64; 2]>, points: impl Iterator<Item = [f64; 2]>) {
    // (b − a) × (c − a): positive for a left (counter-clockwise) turn a → b → c
    let cross = |a: [f64; 2], b: [f64; 2], c: [f64; 2]| {
        (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    };
    let start = hull.len();
    for p in points {
        while hull.len() >= start + 2 && cross(hull[hull.len() - 2], hull[hull.len() - 1], p) <= 0.0
        {
            hull.pop();
        }
        hull.push(p);
    }
    hull.pop();
}

/// `m_k = min_μ a^μ·u_k` for every direction `u_k = (c_k, s_k)` of `table`, from the hull of the
/// points `a^μ` (module docs); `+∞` for no points.
pub fn min_projections(points: &[[f64; 2]], table: &[(f64, f64)]) -> Vec<f64> {
    let hull = convex_hull(points);
    table
        .iter()
        .map(|&(c, s)| {
            hull.iter()
                .map(|a| a[0] * c + a[1] * s)
                .fold(f64::INFINITY, f64::min)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_square_with_interior_edge_and_repeated_points() {
        let pts = [
            [0.0, 0.0],
            [1.0, 0.0],
            [0.5, 0.0], // on an edge
            [1.0, 1.0],
            [0.0, 1.0],
            [0.5, 0.5], // inside
            [1.0, 1.0], // again
        ];
        let hull = convex_hull(&pts);
        assert_eq!(hull, vec![[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]]);
    }

    #[test]
    fn degenerate_sets() {
        assert!(convex_hull(&[]).is_empty());
        assert_eq!(convex_hull(&[[2.0, 3.0]]), vec![[2.0, 3.0]]);
        assert_eq!(convex_hull(&[[2.0, 3.0], [2.0, 3.0]]), vec![[2.0, 3.0]]);
        // collinear: the two ends
        let line: Vec<[f64; 2]> = (0..10)
            .map(|i| [f64::from(i), 2.0 * f64::from(i)])
            .collect();
        assert_eq!(convex_hull(&line), vec![[0.0, 0.0], [9.0, 18.0]]);
        assert_eq!(min_projections(&[], &[(1.0, 0.0)]), vec![f64::INFINITY]);
    }
}
