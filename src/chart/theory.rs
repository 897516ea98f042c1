//! The theory overlays of the learning-curve charts: the curves of `crate::theory` the
//! catalogue names for a chart, sampled across the sweep's `α` range.

use std::cell::RefCell;

use super::rgb;
use crate::catalogue::TheoryCurve;
use crate::experiment::CurveParams;
use crate::theory;
use plotters::style::RGBColor;

/// A sampled curve: the curve, `N` if it needs one, its grid's first and last `α` (bits) and length.
type Key = (TheoryCurve, Option<u64>, u64, u64, usize);
/// A curve's points `(α, value)`.
type Points = Vec<(f64, f64)>;

/// How many sampled curves are kept (the charts of one sweep use eight at most).
const KEPT: usize = 32;

thread_local! {
    /// The curves sampled last, with their keys. A running sweep's charts are redrawn with the
    /// α it finishes, the same curves on the same grid each time, and the Gibbs, Bayes and
    /// maximal-stability curves solve an equation at each of their points: sampling them was most
    /// of a drawing's time.
    static SAMPLED: RefCell<Vec<(Key, Points)>> = const { RefCell::new(Vec::new()) };
}

/// Theory curve `curve` on `grid` (where it is finite), for the sweep's `N` if it needs one.
pub(super) fn theory_line(curve: TheoryCurve, params: &CurveParams, grid: &[f64]) -> Line {
    let n = curve.info().needs_n.then_some(params.n as u64);
    let ends = |a: Option<&f64>| a.map_or(0, |a| a.to_bits());
    let key = (curve, n, ends(grid.first()), ends(grid.last()), grid.len());
    let points = SAMPLED.with_borrow_mut(|kept| {
        if let Some((_, points)) = kept.iter().find(|(k, _)| *k == key) {
            return points.clone();
        }
        let points = sample(curve, n, grid);
        if kept.len() == KEPT {
            kept.remove(0);
        }
        kept.push((key, points.clone()));
        points
    });
    Line {
        name: curve.label(params.n),
        color: rgb(curve.info().color),
        points,
        curve: Some(curve),
        run: None,
    }
}

/// The points `(α, value)` of `curve` on `grid` where it is finite.
fn sample(curve: TheoryCurve, n: Option<u64>, grid: &[f64]) -> Points {
    grid.iter()
        .filter_map(|&a| {
            theory::curve_value(curve, a, n)
                .ok()
                .filter(|v| v.is_finite())
                .map(|v| (a, v))
        })
        .collect()
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

/// A theory curve `(α, value)`.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    /// Legend text.
    pub name: String,
    /// Colour.
    pub color: RGBColor,
    /// The curve.
    pub points: Vec<(f64, f64)>,
    /// The theory curve it samples.
    pub curve: Option<TheoryCurve>,
    /// On a chart of several runs whose `N` differ, the run whose `N` it is drawn for: it takes
    /// that run's dashes ([`super::run_style`]); `None`: solid, for every run.
    pub run: Option<usize>,
}

/// The smallest and largest `α` of the sweep.
pub(super) fn alpha_range(params: &CurveParams) -> (f64, f64) {
    let lo = params.alphas.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = params.alphas.iter().copied().fold(0.0, f64::max);
    (lo, hi)
}
