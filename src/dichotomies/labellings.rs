//! Every separable labelling of a small set, each with the perceptron of maximal stability that
//! realises it: what the page numbers in weight space and shows as thumbnails.

use super::brute_force::{labels_of, relabelled};
use crate::data::Dataset;
use crate::error::{Error, Result};
use crate::exact::max_stability;
use crate::train::Mode;
use crate::version_space::direction;
use serde::Serialize;

/// One strictly separable labelling and the exact optimum of maximal stability for it.
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Labelling {
    /// The labels `S^μ = ±1`, in the order of the examples.
    pub labels: Vec<f64>,
    /// The weights, `|w| = 1`.
    pub w: Vec<f64>,
    /// The threshold `θ` (0 through the origin).
    pub theta: f64,
    /// `κ_max` of this labelling; `+∞` (JSON `null`) for one class with a threshold, whose
    /// margin is unbounded: there `w = (1, 0, …)` and `θ` puts every example at the distance
    /// `max_μ |ξ^μ|` (at least 1) from the boundary on its label's side, one perceptron that
    /// realises the labelling.
    pub kappa: f64,
}

/// Every strictly separable labelling of `data`'s inputs in `mode` (their own labels are
/// ignored), by `2^{P−1}` exact optimisations (the optimum for `−S` is `(−w, −θ)`). For `P = 0`,
/// the one empty labelling. The number of labellings equals [`super::count`]'s `separable`.
///
/// Order: for 2-D data by the direction `φ ∈ [0, 2π)` of `w` (counter-clockwise on the weight
/// circle from `φ = 0`), then by `θ`; otherwise by `θ`. Ties (and everything in other
/// dimensions) by the labelling's number `Σ_μ 2^μ [S^μ = −1]`.
///
/// # Errors
/// [`Error::TooMany`] for `P > max_p` (the cost grows as `2^P`: `max_p = 12` is 2 048 optimisations
/// of 12 points).
pub fn labellings(data: &Dataset, mode: Mode, max_p: usize) -> Result<Vec<Labelling>> {
    let p = data.len();
    if p > max_p {
        return Err(Error::TooMany { got: p, max: max_p });
    }
    let dim = data.dim();
    let unit = || {
        let mut w = vec![0.0; dim];
        w[0] = 1.0;
        w
    };
    if p == 0 {
        return Ok(vec![Labelling {
            labels: vec![],
            w: unit(),
            theta: 0.0,
            kappa: f64::INFINITY,
        }]);
    }
    let half = 1u64 << (p - 1);
    let all = 2 * half - 1;
    let mut found: Vec<(u64, Labelling)> = Vec::with_capacity(2 * half as usize);
    for m in 0..half {
        let labels = labels_of(m, p);
        let negated: Vec<f64> = labels.iter().map(|s| -s).collect();
        if mode == Mode::Threshold && labels.iter().all(|&s| s == labels[0]) {
            for (n, labels) in [(m, labels), (!m & all, negated)] {
                let theta = one_class_threshold(data, labels[0]);
                found.push((
                    n,
                    Labelling {
                        labels,
                        w: unit(),
                        theta,
                        kappa: f64::INFINITY,
                    },
                ));
            }
            continue;
        }
        let e = max_stability(&relabelled(data, labels.clone()), mode)?;
        if let Some(pc) = e.perceptron {
            found.push((
                !m & all,
                Labelling {
                    labels: negated,
                    w: pc.w.iter().map(|v| 0.0 - v).collect(),
                    theta: 0.0 - pc.theta, // not −0 through the origin
                    kappa: e.kappa,
                },
            ));
            found.push((
                m,
                Labelling {
                    labels,
                    w: pc.w,
                    theta: pc.theta,
                    kappa: e.kappa,
                },
            ));
        }
    }
    let key = |l: &Labelling| if dim == 2 { direction(&l.w) } else { 0.0 };
    found.sort_by(|(ma, a), (mb, b)| {
        key(a)
            .total_cmp(&key(b))
            .then(a.theta.total_cmp(&b.theta))
            .then(ma.cmp(mb))
    });
    Ok(found.into_iter().map(|(_, l)| l).collect())
}

/// A threshold that puts every example on the side of `label` (with `w = (1, 0, …)`) at the
/// distance `max_μ |ξ^μ|` (at least 1) from the boundary.
fn one_class_threshold(data: &Dataset, label: f64) -> f64 {
    let margin = data.max_norm_sq().sqrt().max(1.0);
    let first = (0..data.len()).map(|mu| data.x(mu)[0]);
    if label > 0.0 {
        first.fold(f64::INFINITY, f64::min) - margin
    } else {
        first.fold(f64::NEG_INFINITY, f64::max) + margin
    }
}
