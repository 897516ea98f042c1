//! An independent solver of the soft margin's quadratic programme (Biehl §4.1.2), written from
//! the formulas and sharing no code with the crate's AdaTron.
//!
//! Primal, in the crate's units (`w = Σ x^μ S^μ ξ^μ`, `E^μ = (w·ξ^μ − θ) S^μ`):
//! `min |w|²/2 + γ Σ_μ β^μ` s.t. `E^μ ≥ 1 − β^μ`, `β^μ ≥ 0`. (In the book's units,
//! `w = (1/N) Σ x̂^μ ξ^μ S^μ` and cost `(N/2)|w|² + γ̂ Σ β^μ`, the same problem with `γ̂ = N γ`
//! and `N` times the cost.)
//!
//! Dual: `max D(x) = Σ x^μ − ½ Σ_μν x^μ x^ν C^μν`, `C^μν = S^μ S^ν ξ^μ·ξ^ν`, over the box
//! `0 ≤ x^μ ≤ γ` (and `Σ x^μ S^μ = 0` with a threshold). It is solved by projected gradient
//! ascent with Nesterov's momentum (FISTA, step `1/L`, `L ≥ λ_max(C)` by power iteration), then
//! polished: the examples strictly inside the box are solved for exactly (one linear system, by
//! Gaussian elimination with partial pivoting) with the others held at their bounds. The
//! primal `(w, θ)` follows from `x`: `w = Σ x^μ S^μ ξ^μ`, and `θ` minimises the slack (a convex
//! piecewise-linear function of `θ`, minimal at one of its breakpoints `w·ξ^μ − S^μ`). Weak
//! duality brackets the optimum: `D(x) ≤ optimum ≤ primal(w, θ)`, so the returned `gap` certifies
//! the answer.

use super::dot;
use perceptron_lab::data::Dataset;

/// The solution of [`soft_margin_qp`].
#[derive(Debug, Clone)]
pub struct QpSolution {
    /// The dual variables (embedding strengths) `x^μ ∈ [0, γ]`.
    pub x: Vec<f64>,
    /// `w = Σ x^μ S^μ ξ^μ`.
    pub w: Vec<f64>,
    /// The threshold minimising the slack for `w` (0 through the origin).
    pub theta: f64,
    /// The primal cost `|w|²/2 + γ Σ β^μ` of `(w, θ)`.
    pub primal: f64,
    /// The dual value `D(x)`.
    pub dual: f64,
}

/// The primal cost `|w|²/2 + γ Σ_μ max(0, 1 − (w·ξ^μ − θ) S^μ)` of `(w, θ)` on `data`.
pub fn soft_margin_cost(data: &Dataset, w: &[f64], theta: f64, gamma: f64) -> f64 {
    let slack: f64 = (0..data.len())
        .map(|mu| (1.0 - (dot(w, data.x(mu)) - theta) * data.y(mu)).max(0.0))
        .sum();
    dot(w, w) / 2.0 + gamma * slack
}

/// The soft margin's optimum on `data` with bound `gamma`, with a threshold or not (module docs).
pub fn soft_margin_qp(data: &Dataset, gamma: f64, threshold: bool) -> QpSolution {
    let p = data.len();
    let z: Vec<Vec<f64>> = (0..p)
        .map(|mu| data.x(mu).iter().map(|v| v * data.y(mu)).collect())
        .collect();
    let c: Vec<Vec<f64>> = z
        .iter()
        .map(|a| z.iter().map(|b| dot(a, b)).collect())
        .collect();
    let s: Vec<f64> = (0..p).map(|mu| data.y(mu)).collect();
    let project = |v: &[f64]| project_box(v, gamma, threshold.then_some(s.as_slice()));
    // L ≥ λ_max(C): power iteration, with room to spare
    let mut u = vec![1.0; p];
    let mut lambda = 0.0;
    for _ in 0..200 {
        let cu = mul(&c, &u);
        lambda = dot(&cu, &cu).sqrt();
        if lambda == 0.0 {
            break;
        }
        u = cu.iter().map(|v| v / lambda).collect();
    }
    let step = 1.0 / (1.1 * lambda).max(1e-300);
    let grad = |x: &[f64]| -> Vec<f64> { mul(&c, x).iter().map(|v| 1.0 - v).collect() };
    let (mut x, mut y, mut t) = (project(&vec![0.0; p]), project(&vec![0.0; p]), 1.0_f64);
    for _ in 0..20_000 {
        let g = grad(&y);
        let next = project(
            &y.iter()
                .zip(&g)
                .map(|(a, b)| a + step * b)
                .collect::<Vec<_>>(),
        );
        let t_next = f64::midpoint(1.0, (1.0 + 4.0 * t * t).sqrt());
        y = next
            .iter()
            .zip(&x)
            .map(|(n, o)| n + (t - 1.0) / t_next * (n - o))
            .collect();
        x = next;
        t = t_next;
    }
    if let Some(polished) = polish(&c, &s, &x, gamma, threshold) {
        if dual(&c, &polished) >= dual(&c, &x) {
            x = polished;
        }
    }
    let n = data.dim();
    let mut w = vec![0.0; n];
    for (mu, xm) in x.iter().enumerate() {
        for (wi, zi) in w.iter_mut().zip(&z[mu]) {
            *wi += xm * zi;
        }
    }
    let theta = if threshold {
        (0..p)
            .map(|mu| dot(&w, data.x(mu)) - data.y(mu))
            .map(|th| (soft_margin_cost(data, &w, th, gamma), th))
            .fold((f64::INFINITY, 0.0), |a, b| if b.0 < a.0 { b } else { a })
            .1
    } else {
        0.0
    };
    QpSolution {
        primal: soft_margin_cost(data, &w, theta, gamma),
        dual: dual(&c, &x),
        x,
        w,
        theta,
    }
}

/// `C x`.
fn mul(c: &[Vec<f64>], x: &[f64]) -> Vec<f64> {
    c.iter().map(|row| dot(row, x)).collect()
}

/// `D(x) = Σ x − ½ xᵀ C x`.
fn dual(c: &[Vec<f64>], x: &[f64]) -> f64 {
    x.iter().sum::<f64>() - dot(x, &mul(c, x)) / 2.0
}

/// The Euclidean projection of `v` onto `[0, γ]^P`, and with labels `s` onto its intersection
/// with `Σ x^μ S^μ = 0`: `x(λ) = clip(v − λ S)`, with `λ` found by bisection (`Σ S x(λ)` falls
/// as `λ` grows).
fn project_box(v: &[f64], gamma: f64, s: Option<&[f64]>) -> Vec<f64> {
    let clip = |lambda: f64, s: &[f64]| -> Vec<f64> {
        v.iter()
            .zip(s)
            .map(|(a, b)| (a - lambda * b).clamp(0.0, gamma))
            .collect()
    };
    let Some(s) = s else {
        return v.iter().map(|a| a.clamp(0.0, gamma)).collect();
    };
    let big = v.iter().fold(0.0_f64, |m, a| m.max(a.abs())) + gamma + 1.0;
    let (mut lo, mut hi) = (-big, big);
    for _ in 0..200 {
        let mid = f64::midpoint(lo, hi);
        if dot(s, &clip(mid, s)) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    clip(f64::midpoint(lo, hi), s)
}

/// The examples strictly inside the box (by `x`) solved for exactly, the others held at their
/// bounds: `C_FF x_F (+ b S_F) = 1 − C_FB x_B` (and `S_F·x_F = −S_B·x_B`). `None` if the system is
/// singular or its answer leaves the box.
fn polish(c: &[Vec<f64>], s: &[f64], x: &[f64], gamma: f64, threshold: bool) -> Option<Vec<f64>> {
    let tol = 1e-7 * gamma.min(1.0);
    let free: Vec<usize> = (0..x.len())
        .filter(|&m| x[m] > tol && x[m] < gamma - tol)
        .collect();
    let mut fixed = x.to_vec();
    for (m, v) in fixed.iter_mut().enumerate() {
        if free.contains(&m) {
            *v = 0.0;
        } else if *v >= gamma - tol {
            *v = gamma;
        } else {
            *v = 0.0;
        }
    }
    let k = free.len() + usize::from(threshold);
    if k == 0 {
        return Some(fixed);
    }
    let cb = mul(c, &fixed);
    let mut a = vec![vec![0.0; k + 1]; k];
    for (r, &i) in free.iter().enumerate() {
        for (col, &j) in free.iter().enumerate() {
            a[r][col] = c[i][j];
        }
        if threshold {
            a[r][k - 1] = s[i];
        }
        a[r][k] = 1.0 - cb[i];
    }
    if threshold {
        for (col, &j) in free.iter().enumerate() {
            a[k - 1][col] = s[j];
        }
        a[k - 1][k] = -dot(s, &fixed);
    }
    let sol = solve(a)?;
    for (r, &i) in free.iter().enumerate() {
        if !(0.0..=gamma).contains(&sol[r]) {
            return None;
        }
        fixed[i] = sol[r];
    }
    Some(fixed)
}

/// Gaussian elimination with partial pivoting on the augmented matrix `[A | b]`.
fn solve(mut a: Vec<Vec<f64>>) -> Option<Vec<f64>> {
    let k = a.len();
    for col in 0..k {
        let pivot = (col..k).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-14 {
            return None;
        }
        a.swap(col, pivot);
        let (top, rest) = a.split_at_mut(col + 1);
        let pivot_row = &top[col];
        for row in rest {
            let f = row[col] / pivot_row[col];
            for (v, p) in row[col..].iter_mut().zip(&pivot_row[col..]) {
                *v -= f * p;
            }
        }
    }
    let mut x = vec![0.0; k];
    for r in (0..k).rev() {
        let rest: f64 = (r + 1..k).map(|cc| a[r][cc] * x[cc]).sum();
        x[r] = (a[r][k] - rest) / a[r][r];
    }
    Some(x)
}
