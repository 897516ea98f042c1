//! The gradient rules' own optima, computed here from the costs' definitions (not the crate's
//! `Loss` or solvers): the least-squares `(w, θ)` of Adaline by the normal equations, and the
//! stationary points of the sigmoid costs by Newton's method on an analytic gradient and Hessian.
//! A point is `v = (w, θ)` in threshold mode (augmented inputs `ξ̃ = (ξ, −1)`), `v = w` through
//! the origin; the activation is `a = v·ξ̃`.

use super::dot;
use perceptron_lab::data::Dataset;

/// The costs of one example with activation `a` and label `s = ±1`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Cost {
    /// Adaline: `½ (1 − a s)²`.
    Lms,
    /// Cross-entropy of `σ(a)` on `t = (s + 1)/2`: `ln(1 + e^{−a s})`.
    CrossEntropy,
    /// `½ (σ(a) − t)²`.
    SquaredLogistic,
    /// `½ (tanh a − s)²`.
    Tanh,
}

fn sigma(a: f64) -> f64 {
    1.0 / (1.0 + libm::exp(-a))
}

impl Cost {
    /// The cost of one example.
    pub fn value(self, a: f64, s: f64) -> f64 {
        let t = f64::from(u8::from(s > 0.0));
        match self {
            Cost::Lms => 0.5 * (1.0 - a * s).powi(2),
            Cost::CrossEntropy => libm::log1p(libm::exp(-a * s)),
            Cost::SquaredLogistic => 0.5 * (sigma(a) - t).powi(2),
            Cost::Tanh => 0.5 * (libm::tanh(a) - s).powi(2),
        }
    }

    /// `(∂c/∂a, ∂²c/∂a²)` of one example.
    pub fn derivatives(self, a: f64, s: f64) -> (f64, f64) {
        let t = f64::from(u8::from(s > 0.0));
        match self {
            Cost::Lms => (-(1.0 - a * s) * s, 1.0),
            Cost::CrossEntropy => {
                let y = sigma(a);
                (y - t, y * (1.0 - y))
            }
            Cost::SquaredLogistic => {
                // c = ½(y − t)², y' = y(1 − y), y'' = y(1 − y)(1 − 2y)
                let y = sigma(a);
                let d1 = y * (1.0 - y);
                let d2 = d1 * (1.0 - 2.0 * y);
                ((y - t) * d1, d1 * d1 + (y - t) * d2)
            }
            Cost::Tanh => {
                // y = tanh a, y' = 1 − y², y'' = −2y(1 − y²)
                let y = libm::tanh(a);
                let d1 = 1.0 - y * y;
                (((y - s) * d1), d1 * d1 + (y - s) * (-2.0 * y * d1))
            }
        }
    }
}

/// The augmented inputs `ξ̃^μ` of `data` (with `−1` appended if `threshold`).
pub fn augmented(data: &Dataset, threshold: bool) -> Vec<Vec<f64>> {
    (0..data.len())
        .map(|mu| {
            let mut x = data.x(mu).to_vec();
            if threshold {
                x.push(-1.0);
            }
            x
        })
        .collect()
}

/// The total cost, its gradient and Hessian at `v` over the inputs `xs` with labels of `data`.
pub fn cost_gradient_hessian(
    cost: Cost,
    v: &[f64],
    xs: &[Vec<f64>],
    data: &Dataset,
) -> (f64, Vec<f64>, Vec<Vec<f64>>) {
    let d = v.len();
    let mut total = 0.0;
    let mut g = vec![0.0; d];
    let mut h = vec![vec![0.0; d]; d];
    for (mu, x) in xs.iter().enumerate() {
        let (a, s) = (dot(v, x), data.y(mu));
        total += cost.value(a, s);
        let (d1, d2) = cost.derivatives(a, s);
        for i in 0..d {
            g[i] += d1 * x[i];
            for j in 0..d {
                h[i][j] += d2 * x[i] * x[j];
            }
        }
    }
    (total, g, h)
}

/// `A⁻¹ b` by the QR factorisation of `A` (modified Gram–Schmidt on its columns: `A = Q R`,
/// then `R x = Qᵀ b` by back substitution) — not the crate's elimination; `None` if a column is
/// (numerically) dependent on the ones before it.
pub fn solve(a: &[Vec<f64>], b: &[f64]) -> Option<Vec<f64>> {
    let n = b.len();
    let size = a.iter().flatten().fold(0.0f64, |m, v| m.max(v.abs()));
    // q[k]: the k-th orthonormal column; r[i][k] = q_i · a_k
    let mut q: Vec<Vec<f64>> = (0..n).map(|k| (0..n).map(|i| a[i][k]).collect()).collect();
    let mut r = vec![vec![0.0; n]; n];
    for k in 0..n {
        for i in 0..k {
            let proj = dot(&q[i], &q[k]);
            r[i][k] = proj;
            let qi = q[i].clone();
            for (x, y) in q[k].iter_mut().zip(&qi) {
                *x -= proj * y;
            }
        }
        let len = dot(&q[k], &q[k]).sqrt();
        if !(len > 1e-14 * size) {
            return None;
        }
        r[k][k] = len;
        for x in &mut q[k] {
            *x /= len;
        }
    }
    let mut x = vec![0.0; n];
    for k in (0..n).rev() {
        let tail: f64 = (k + 1..n).map(|j| r[k][j] * x[j]).sum();
        x[k] = (dot(&q[k], b) - tail) / r[k][k];
    }
    Some(x)
}

/// `‖A⁻¹‖_F ≥ ‖A⁻¹‖₂ = 1/λ_min` of a symmetric positive definite `A`; `None` if singular.
pub fn inverse_norm(a: &[Vec<f64>]) -> Option<f64> {
    let n = a.len();
    let mut sum = 0.0;
    for k in 0..n {
        let e: Vec<f64> = (0..n).map(|i| f64::from(u8::from(i == k))).collect();
        sum += solve(a, &e)?.iter().map(|x| x * x).sum::<f64>();
    }
    Some(sum.sqrt())
}

/// A stationary point of `cost` near `start`: damped Newton steps (halving until the cost does
/// not rise) until the gradient is below `1e-13` of its scale `Σ|ξ̃|`; `None` if the Hessian
/// is singular or no such point is reached in 200 steps.
pub fn newton(cost: Cost, start: &[f64], data: &Dataset, threshold: bool) -> Option<Vec<f64>> {
    let xs = augmented(data, threshold);
    let scale: f64 = xs.iter().map(|x| dot(x, x).sqrt()).sum();
    let mut v = start.to_vec();
    for _ in 0..200 {
        let (c, g, h) = cost_gradient_hessian(cost, &v, &xs, data);
        if dot(&g, &g).sqrt() <= 1e-13 * scale {
            return Some(v);
        }
        let step = solve(&h, &g)?;
        let mut t = 1.0;
        loop {
            let next: Vec<f64> = v.iter().zip(&step).map(|(a, b)| a - t * b).collect();
            let (c2, _, _) = cost_gradient_hessian(cost, &next, &xs, data);
            if c2 <= c || t < 1e-12 {
                v = next;
                break;
            }
            t *= 0.5;
        }
    }
    None
}

/// The least-squares Adaline `(w, θ)`: `v = (Σ ξ̃ξ̃ᵀ)⁻¹ Σ S ξ̃` (every `E^μ` as near 1 as can be).
pub fn least_squares(data: &Dataset, threshold: bool) -> Option<Vec<f64>> {
    let xs = augmented(data, threshold);
    let d = xs[0].len();
    let mut a = vec![vec![0.0; d]; d];
    let mut b = vec![0.0; d];
    for (mu, x) in xs.iter().enumerate() {
        for i in 0..d {
            b[i] += data.y(mu) * x[i];
            for j in 0..d {
                a[i][j] += x[i] * x[j];
            }
        }
    }
    solve(&a, &b)
}
