//! The optimum of a set whose lengths span more than squared lengths hold together (a point at
//! `10³⁰⁰` beside one at 1, [`Dataset::check_span`]): solved on its short points, with the long
//! ones entering by their constraints alone.
//!
//! Let `S` be the short points — every point within `2^500` of the shortest non-zero one, and
//! the points at the origin — and `F` the far ones. Both problems,
//! `min |w|²` s.t. `S^μ (w·ξ^μ − θ) ≥ 1` (with `θ = 0` through the origin), are convex, and the
//! constraints of `S` are a subset of the whole set's, so:
//!
//! - if `S` is not separable, neither is the whole set;
//! - if the optimum `(w*, θ*)` of `S` satisfies every far constraint,
//!   `S^μ (w*·ξ^μ − θ*) ≥ κ*` for `μ ∈ F`, it is feasible for the whole set and optimal for
//!   a larger feasible set, hence the whole set's optimum, with the same `κ_max`, the same
//!   support vectors and zero embedding strengths on `F`.
//!
//! The far test is computed on `ξ^μ` scaled by a power of two `c = 2^k` into range (exact):
//! `S^μ (w*·cξ^μ − cθ*) ≥ cκ*`, where `cθ*` and `cκ*` may round to zero, as they are below
//! the precision of `w*·cξ^μ`. What is left — a far point in front of the short points' optimum,
//! whose constraint would tie the two scales together, or short points of one class with a
//! threshold — is refused with the span error, naming the two points.
//!
//! Through the origin, a far point's constraint at the optimum reads `w·ξ^μ/|ξ^μ| ≥ κ/|ξ^μ|`,
//! a right-hand side below `2^−500 κ`: the far points matter only by their direction, which is
//! the answer's precision anyway.

use super::Exact;
use crate::data::{exponent_to_one, max_abs, unscale, Dataset};
use crate::error::{Error, Result};
use crate::linalg::dot;

/// The span of the short points, `2^500` (below the `2^511` of [`Dataset::check_span`], so that
/// they pass it).
const NEAR_SPAN: i32 = 500;

/// The optimum of `data`, which failed [`Dataset::check_span`] with `span`, from the optimum of
/// its short points (`solve`, the ordinary solver) — or `span` where the far points' constraints
/// are not all met there (see the module docs).
///
/// # Errors
/// `span` as described; those of `solve` but [`Error::OneClass`], which becomes `span`.
pub(super) fn across_scales(
    data: &Dataset,
    span: Error,
    solve: impl Fn(&Dataset) -> Result<Exact>,
) -> Result<Exact> {
    let norms: Vec<f64> = (0..data.len()).map(|mu| data.norm(mu)).collect();
    let shortest = norms
        .iter()
        .copied()
        .filter(|&r| r > 0.0)
        .fold(f64::INFINITY, f64::min);
    let reach = libm::scalbn(shortest, NEAR_SPAN);
    let (near, far): (Vec<usize>, Vec<usize>) = (0..data.len()).partition(|&mu| norms[mu] <= reach);
    let xs: Vec<f64> = near.iter().flat_map(|&mu| data.x(mu).to_vec()).collect();
    let ys: Vec<f64> = near.iter().map(|&mu| data.y(mu)).collect();
    let short = Dataset::from_row_major(xs, data.dim(), ys)?;
    let e = match solve(&short) {
        Err(Error::OneClass { .. }) => return Err(span),
        r => r?,
    };
    let mut embedding = vec![0.0; data.len()];
    let Some(p) = e.perceptron.as_ref() else {
        // a subset that is not separable: neither is the whole set
        return Ok(Exact { embedding, ..e });
    };
    let clears = |mu: usize| {
        let x = data.x(mu);
        let k = exponent_to_one(max_abs(x));
        let scaled: Vec<f64> = x.iter().map(|&v| libm::scalbn(v, k)).collect();
        data.y(mu) * (dot(&p.w, &scaled) - unscale(p.theta, -k)) >= unscale(e.kappa, -k)
    };
    if !far.iter().all(|&mu| clears(mu)) {
        return Err(span);
    }
    for (i, &mu) in near.iter().enumerate() {
        embedding[mu] = e.embedding[i];
    }
    let support = e.support.iter().map(|&i| near[i]).collect();
    Ok(Exact {
        support,
        embedding,
        ..e
    })
}
