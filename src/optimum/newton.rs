//! Newton's method with Levenberg–Marquardt damping on a cost `E(v) = Σ_μ c(v·ξ̃^μ, S^μ)`.

use super::TOLERANCE;
use crate::data::{exponent_to_one, Dataset, SAFE_MAGNITUDE};
use crate::linalg::dot;
use crate::measure::Perceptron;
use crate::train::objective::Objective;
use crate::train::Mode;

/// The most Newton steps.
const MAX_STEPS: usize = 200;

/// `E`, `∇E = Σ_μ c′ ξ̃^μ` and `H = Σ_μ c″ ξ̃^μ ξ̃^μᵀ` at `v`, and the gradient's scale
/// `Σ_μ |ξ̃^μ|`.
fn derivatives(
    objective: Objective,
    v: &[f64],
    data: &Dataset,
    mode: Mode,
) -> (f64, Vec<f64>, Vec<Vec<f64>>, f64) {
    let d = v.len();
    let (mut e, mut g, mut h, mut scale) = (0.0, vec![0.0; d], vec![vec![0.0; d]; d], 0.0);
    let mut x = vec![0.0; d];
    for mu in 0..data.len() {
        x[..data.dim()].copy_from_slice(data.x(mu));
        if mode == Mode::Threshold {
            x[d - 1] = -1.0;
        }
        let (a, s) = (dot(v, &x), data.y(mu));
        e += objective.cost(a, s);
        let (c1, c2) = (objective.slope(a, s), objective.curvature(a, s));
        for i in 0..d {
            g[i] += c1 * x[i];
            for j in 0..d {
                h[i][j] += c2 * x[i] * x[j];
            }
        }
        scale += dot(&x, &x).sqrt();
    }
    (e, g, h, scale)
}

/// `A⁻¹ b` by Gaussian elimination with partial pivoting; `None` if `A` is (numerically)
/// singular relative to its own size.
pub(super) fn solve(a: &[Vec<f64>], b: &[f64]) -> Option<Vec<f64>> {
    let n = b.len();
    let size = a.iter().flatten().fold(0.0_f64, |m, x| m.max(x.abs()));
    let mut m: Vec<Vec<f64>> = a
        .iter()
        .zip(b)
        .map(|(row, &y)| row.iter().copied().chain([y]).collect())
        .collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&i, &j| m[i][col].abs().total_cmp(&m[j][col].abs()))?;
        if !(m[pivot][col].abs() > 1e-13 * size) {
            return None;
        }
        m.swap(col, pivot);
        let pivot_row = m[col].clone();
        for (row, r) in m.iter_mut().enumerate() {
            if row != col {
                let f = r[col] / pivot_row[col];
                for (x, p) in r.iter_mut().zip(&pivot_row).skip(col) {
                    *x -= f * p;
                }
            }
        }
    }
    Some((0..n).map(|i| m[i][n] / m[i][i]).collect())
}

/// A minimum of `objective` on `data` in `mode` from `start` ([`damped`] on its derivatives);
/// `None` if it is not reached.
///
/// A column `i` of inputs whose largest magnitude is outside [`SAFE_MAGNITUDE`] (the short
/// points' coordinates beside a long point's, once the set is brought near 1) is solved for
/// times `2^{k_i}` bringing it near 1: `v_i ξ_i = (2^{−k_i} v_i)(2^{k_i} ξ_i)` exactly, so the cost
/// is the same function of `v`, while `H`'s entries `Σ ξ_i ξ_j`, which would underflow to 0
/// (`10⁻⁶⁰⁰`) and leave `H` singular, are in range. Other sets are solved as they are.
pub fn newton(objective: Objective, start: &[f64], data: &Dataset, mode: Mode) -> Option<Vec<f64>> {
    let k = column_exponents(data);
    if k.iter().all(|&k| k == 0) {
        return newton_on(objective, start, data, mode);
    }
    let xs = data
        .features()
        .chunks_exact(data.dim())
        .flat_map(|x| x.iter().zip(&k).map(|(&v, &k)| libm::scalbn(v, k)))
        .collect();
    let scaled = Dataset::from_row_major(xs, data.dim(), data.labels().to_vec()).ok()?;
    let at = |v: &[f64], sign: i32| -> Vec<f64> {
        v.iter()
            .enumerate()
            .map(|(i, &x)| libm::scalbn(x, sign * k.get(i).copied().unwrap_or(0)))
            .collect()
    };
    newton_on(objective, &at(start, -1), &scaled, mode).map(|v| at(&v, 1))
}

/// Per input column, the `k_i` bringing its largest magnitude near 1 where that is outside
/// [`SAFE_MAGNITUDE`] (0 elsewhere, and for a column of zeros).
fn column_exponents(data: &Dataset) -> Vec<i32> {
    (0..data.dim())
        .map(|i| {
            let m = (0..data.len()).fold(0.0f64, |m, mu| m.max(data.x(mu)[i].abs()));
            if m == 0.0 || (1.0 / SAFE_MAGNITUDE..=SAFE_MAGNITUDE).contains(&m) {
                0
            } else {
                exponent_to_one(m)
            }
        })
        .collect()
}

/// [`newton`] on `data` as it is.
fn newton_on(objective: Objective, start: &[f64], data: &Dataset, mode: Mode) -> Option<Vec<f64>> {
    let (v, stationary) = damped(
        start,
        |v| derivatives(objective, v, data, mode),
        |v| {
            let p = Perceptron::new(v[..data.dim()].to_vec(), *v.get(data.dim()).unwrap_or(&0.0));
            super::total(objective, &p, data)
        },
    );
    stationary.then_some(v)
}

/// `E`, `∇E`, `H` and the gradient's scale at a point.
pub(super) type Derivatives = (f64, Vec<f64>, Vec<Vec<f64>>, f64);

/// Newton's method from `start` on a cost given by its `derivatives` and `value`: steps
/// `Δ = (H + λI)⁻¹ ∇E`, `λ` raised (from `10⁻¹²` of `H`'s mean diagonal) while the step fails or
/// raises `E`, lowered after each accepted step, until `|∇E| ≤ TOLERANCE · scale`. Returns the
/// last point and whether it is stationary there (also when no step lowers `E` and
/// `|∇E| ≤ 10³ TOLERANCE · scale`, stationary to rounding); not after `MAX_STEPS`.
pub(super) fn damped(
    start: &[f64],
    derivatives: impl Fn(&[f64]) -> Derivatives,
    value: impl Fn(&[f64]) -> f64,
) -> (Vec<f64>, bool) {
    let mut v = start.to_vec();
    let mut lambda = 0.0;
    for _ in 0..MAX_STEPS {
        let (e, g, h, scale) = derivatives(&v);
        if dot(&g, &g).sqrt() <= TOLERANCE * scale {
            return (v, true);
        }
        let mean = (0..v.len()).map(|i| h[i][i].abs()).sum::<f64>() / v.len() as f64;
        let floor = 1e-12 * mean.max(f64::MIN_POSITIVE);
        let mut accepted = false;
        for _ in 0..60 {
            let damped: Vec<Vec<f64>> = h
                .iter()
                .enumerate()
                .map(|(i, row)| {
                    let mut row = row.clone();
                    row[i] += lambda;
                    row
                })
                .collect();
            if let Some(step) = solve(&damped, &g) {
                let next: Vec<f64> = v.iter().zip(&step).map(|(a, b)| a - b).collect();
                if next.iter().all(|x| x.is_finite()) && value(&next) <= e {
                    v = next;
                    lambda /= 10.0;
                    accepted = true;
                    break;
                }
            }
            lambda = (lambda * 10.0).max(floor);
        }
        if !accepted {
            // no step lowers E: stationary to rounding if the gradient is small, else lost
            let (_, g, _, scale) = derivatives(&v);
            let stationary = dot(&g, &g).sqrt() <= 1e3 * TOLERANCE * scale;
            return (v, stationary);
        }
    }
    (v, false)
}
