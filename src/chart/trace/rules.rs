//! The page's trace charts: the compared (or animated) rules' `κ(w(t))` against `κ_max` with the
//! certified bounds of the rules that keep one, the updates `M(t)` of the rules of the
//! convergence theorem against its bound `M*` (a logarithmic count axis, so that `M` and `M*`
//! stay readable whatever their ratio), pocket's two error series, and `ε_g` against the number
//! of examples `P` added one at a time. Which rule has which line is the catalogue's
//! (`certifies_bound`, `update_bound`) and the trace's (`pocket_errors`).

use super::{kappa_range, log_t_range, precise, Axis, Line, Panel, Reference, Scale, TraceChart};
use crate::catalogue::Algorithm;
use crate::chart::rgb;
use crate::trace::Trace;

/// The charts of some rules' traces; `None` where no rule has the chart's quantity.
#[derive(Debug, Clone, PartialEq)]
pub struct RuleCharts {
    /// `κ(w(t))`, the certified bounds and `κ_max` (axes alone before the first step).
    pub kappa: TraceChart,
    /// The updates `M(t)` and the bound `M*`.
    pub updates: Option<TraceChart>,
    /// Pocket's training errors: its answer's (solid) and the current `w`'s (dashed).
    pub errors: Option<TraceChart>,
}

/// A panel filling its chart.
fn single(t: Axis, y: Axis, lines: Vec<Line>, references: Vec<Reference>) -> TraceChart {
    TraceChart {
        title: None,
        t,
        panels: vec![Panel {
            y,
            y_labels: 5,
            lines,
            references,
            share: 1.0,
        }],
    }
}

/// `(t, v)` of a trace's column `v` at the steps `t`.
fn column(t: &[usize], v: impl IntoIterator<Item = f64>) -> Vec<(f64, f64)> {
    t.iter().zip(v).map(|(&t, v)| (t as f64, v)).collect()
}

/// A κ in a legend entry that changes with every step shown: signed, to four places (in
/// scientific notation far from 1), so that the entry keeps its width as the value moves.
fn signed(k: f64) -> String {
    if k == 0.0 || (1e-4..1e4).contains(&k.abs()) {
        format!("{k:+.4}")
    } else {
        format!("{k:+.3e}")
    }
}

/// `range` widened to every finite `κ` of the racing rules' lines (from the step where `κ(w)`
/// is defined), with a twentieth of the span as margin: a race's early `κ` lies far below the
/// late values around `κ_max` (Rosenblatt's is negative until its last updates), and cutting it
/// left most of a rule's line undrawn. `κ` is a signed distance of an example from the line, so
/// it never lies beyond the data's own radius; the certified bounds, which start far above,
/// stay cut.
fn with_every_kappa((lo, hi): (f64, f64), kappa: &[Line]) -> (f64, f64) {
    let (low, high) = kappa
        .iter()
        .flat_map(|l| l.points.iter().map(|p| p.1))
        .filter(|v| v.is_finite())
        .fold((lo, hi), |(a, b), v| (a.min(v), b.max(v)));
    let margin = (high - low) / 20.0;
    (
        if low < lo { low - margin } else { lo },
        if high > hi { high + margin } else { hi },
    )
}

/// Counts as values.
fn counts(v: &[usize]) -> impl Iterator<Item = f64> + '_ {
    v.iter().map(|&m| m as f64)
}

/// The charts of `traces` (in their order; rules without a step are left out) against the
/// exact `κ_max` (`None`: not separable or not known) and the convergence theorem's bound `M*`
/// of the first rule with one (Biehl eq. 3.35).
pub fn rule_traces(
    traces: &[(Algorithm, &Trace)],
    kappa_max: Option<f64>,
    update_bound: Option<f64>,
) -> RuleCharts {
    let shown: Vec<(Algorithm, &Trace)> = traces
        .iter()
        .copied()
        .filter(|(_, tr)| !tr.t.is_empty())
        .collect();
    let (mut kappa, mut upper, mut updates, mut errors) = (vec![], vec![], vec![], vec![]);
    for &(a, tr) in &shown {
        let (label, color) = (a.info().label, rgb(a.info().color));
        let now = (tr.kappa.last().copied())
            .filter(|k| k.is_finite())
            .map_or(String::new(), |k| format!(" = {}", signed(k)));
        kappa.push(Line::solid(
            format!("{label}: κ(w){now}"),
            color,
            column(&tr.t, tr.kappa.iter().copied()),
        ));
        if let (Some(up), true) = (&tr.upper, a.info().certifies_bound) {
            let text = format!("{label}: certified bound");
            upper.push(Line::dashed(
                text,
                color,
                column(&tr.t, up.iter().copied()),
                (5.0, 4.0),
            ));
        }
        if a.info().update_bound {
            let m = column(&tr.t, counts(&tr.updates));
            updates.push(Line::solid(format!("{label}: updates M(t)"), color, m));
        }
        if let Some(pocket) = &tr.pocket_errors {
            let own = column(&tr.t, counts(pocket));
            errors.push(Line::solid(
                format!("{label}: its answer's errors"),
                color,
                own,
            ));
            let current = column(&tr.t, counts(&tr.errors));
            let text = format!("{label}: the current w's errors");
            errors.push(Line::dashed(text, color, current, (4.0, 4.0)));
        }
    }
    let all = kappa.iter().chain(&updates).chain(&errors);
    let t = Axis {
        scale: Scale::Log,
        range: log_t_range(all),
        desc: "step t (logarithmic)".into(),
    };
    let kappa_chart = {
        // where the rules ended (the race's step shown) and the bounds then
        let late = kappa
            .iter()
            .chain(&upper)
            .filter_map(|l| l.points.last().map(|p| p.1));
        let y = Axis {
            scale: Scale::Linear,
            range: with_every_kappa(kappa_range(late, kappa_max), &kappa),
            desc: "κ(w(t))".into(),
        };
        let references = kappa_max
            .map(|value| Reference {
                label: format!("κ_max = {} (exact)", precise(value, 4)),
                color: rgb(Algorithm::Exact.info().color),
                value,
            })
            .into_iter()
            .collect();
        upper.extend(kappa);
        single(t.clone(), y, upper, references)
    };
    RuleCharts {
        kappa: kappa_chart,
        updates: (!updates.is_empty()).then(|| updates_chart(t.clone(), updates, update_bound)),
        errors: (!errors.is_empty()).then(|| errors_chart(t, errors)),
    }
}

/// The updates `M(t)` of `lines` against the bound `M*` on a logarithmic count axis (so that
/// `M = 1, 2` and `M* = 4485` are all readable), `M*` written with its digits.
fn updates_chart(t: Axis, lines: Vec<Line>, update_bound: Option<f64>) -> TraceChart {
    let top = lines
        .iter()
        .flat_map(|l| l.points.iter().map(|p| p.1))
        .chain(update_bound)
        .fold(1.0, f64::max);
    let y = Axis {
        scale: Scale::Log,
        range: (0.5, top * 1.6),
        desc: "updates M (logarithmic)".into(),
    };
    let references = update_bound
        .map(|value| Reference {
            label: format!("M* = {} (convergence theorem: M ≤ M*)", precise(value, 6)),
            color: rgb(Algorithm::Exact.info().color),
            value,
        })
        .into_iter()
        .collect();
    single(t, y, lines, references)
}

/// Pocket's training errors (`lines`), from 0.
fn errors_chart(t: Axis, lines: Vec<Line>) -> TraceChart {
    let top = lines
        .iter()
        .flat_map(|l| l.points.iter().map(|p| p.1))
        .fold(1.0, f64::max);
    let y = Axis {
        scale: Scale::Linear,
        range: (0.0, top * 1.1),
        desc: "training errors".into(),
    };
    single(t, y, lines, vec![])
}
/// The chart of `ε_g` against the number of examples `P` (`p`), one marked line per rule of
/// `eps` (its values at each `P`), named in the legend under it (`"{label}: ε_g"`); `None`
/// before the first example.
pub fn example_chart(p: &[f64], eps: &[(Algorithm, &[f64])]) -> Option<TraceChart> {
    let (lo, hi) = p
        .iter()
        .filter(|v| v.is_finite())
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &v| {
            (a.min(v), b.max(v))
        });
    if !lo.is_finite() {
        return None;
    }
    let (lo, hi) = if hi > lo {
        (lo, hi)
    } else {
        (lo - 1.0, hi + 1.0)
    };
    let lines: Vec<Line> = eps
        .iter()
        .map(|&(a, e)| Line {
            marked: true,
            ..Line::solid(
                format!("{}: ε_g", a.info().label),
                rgb(a.info().color),
                p.iter().copied().zip(e.iter().copied()).collect(),
            )
        })
        .collect();
    let top = lines
        .iter()
        .flat_map(|l| l.points.iter().map(|q| q.1))
        .filter(|v| v.is_finite())
        .fold(0.05, f64::max);
    let t = Axis {
        scale: Scale::Linear,
        range: (lo, hi),
        desc: "P (examples)".into(),
    };
    let y = Axis {
        scale: Scale::Linear,
        range: (0.0, (top * 1.1).min(0.6)),
        desc: "ε_g".into(),
    };
    Some(single(t, y, lines, vec![]))
}
