//! The theory overlays of the learning-curve charts: the curves of `crate::theory` the
//! catalogue names for a chart, sampled across the sweep's `α` range.

use super::rgb;
use super::spec::{alpha_range, Line};
use crate::catalogue::TheoryCurve;
use crate::experiment::CurveParams;
use crate::theory;

/// Theory curve `curve` on `grid` (where it is finite), for the sweep's `N` if it needs one.
pub(super) fn theory_line(curve: TheoryCurve, params: &CurveParams, grid: &[f64]) -> Line {
    let n = params.n as u64;
    Line {
        name: curve.label(params.n),
        color: rgb(curve.info().color),
        points: grid
            .iter()
            .filter_map(|&a| {
                theory::curve_value(curve, a, curve.info().needs_n.then_some(n))
                    .ok()
                    .filter(|v| v.is_finite())
                    .map(|v| (a, v))
            })
            .collect(),
    }
}

/// 120 points across the sweep's α range (theory curves are smooth).
pub(super) fn theory_grid(params: &CurveParams) -> Vec<f64> {
    let (lo, hi) = alpha_range(params);
    if lo >= hi {
        return vec![lo];
    }
    (0..120)
        .map(|i| lo + (hi - lo) * f64::from(i) / 119.0)
        .collect()
}
