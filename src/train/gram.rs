//! Incremental potentials: `h_ν ← h_ν + s (v_ν·v_μ)` for all `ν` in `O(P)` from a stored Gram
//! matrix when `P²·8` bytes fits the budget, otherwise in `O(P N)` by recomputing the dot products.

use crate::linalg::dot;

/// Gram matrix budget: 64 MiB (P ≤ 2896).
pub const GRAM_BUDGET_BYTES: usize = 64 << 20;

/// The rows `v_μ` and, when it fits, their Gram matrix `K_μν = v_μ·v_ν`.
#[derive(Debug, Clone)]
pub struct Gram {
    rows: Vec<f64>,
    dim: usize,
    matrix: Option<Vec<f64>>,
}

impl Gram {
    /// Stores `rows` (row-major, `dim` columns) and their Gram matrix if `P²·8 ≤ budget_bytes`.
    pub fn new(rows: Vec<f64>, dim: usize, budget_bytes: usize) -> Self {
        let p = rows.len() / dim;
        let matrix = (p.saturating_mul(p).saturating_mul(8) <= budget_bytes).then(|| {
            let mut k = vec![0.0; p * p];
            for a in 0..p {
                for b in a..p {
                    let v = dot(&rows[a * dim..(a + 1) * dim], &rows[b * dim..(b + 1) * dim]);
                    k[a * p + b] = v;
                    k[b * p + a] = v;
                }
            }
            k
        });
        Self { rows, dim, matrix }
    }

    /// Number of rows `P`.
    pub fn len(&self) -> usize {
        self.rows.len() / self.dim
    }

    /// Whether there are no rows.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// Row `v_μ`.
    pub fn row(&self, mu: usize) -> &[f64] {
        &self.rows[mu * self.dim..(mu + 1) * self.dim]
    }

    /// Whether the Gram matrix is stored.
    pub fn is_stored(&self) -> bool {
        self.matrix.is_some()
    }

    /// Column `K_·μ` when the matrix is stored.
    pub fn column(&self, mu: usize) -> Option<&[f64]> {
        let p = self.len();
        self.matrix.as_deref().map(|k| &k[mu * p..(mu + 1) * p])
    }

    /// `K_μν = v_μ·v_ν`.
    pub fn get(&self, mu: usize, nu: usize) -> f64 {
        match &self.matrix {
            Some(k) => k[mu * self.len() + nu],
            None => dot(self.row(mu), self.row(nu)),
        }
    }

    /// `h_ν ← h_ν + s K_νμ` for every `ν`.
    pub fn add_column(&self, mu: usize, s: f64, h: &mut [f64]) {
        if let Some(k) = &self.matrix {
            let p = self.len();
            crate::linalg::axpy(s, &k[mu * p..(mu + 1) * p], h);
        } else {
            let vm = self.row(mu);
            for (hv, vn) in h.iter_mut().zip(self.rows.chunks_exact(self.dim)) {
                *hv += s * dot(vn, vm);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_and_recomputed_agree() {
        let rows = vec![1.0, 2.0, -1.0, 0.5, 3.0, -2.0];
        let a = Gram::new(rows.clone(), 2, usize::MAX);
        let b = Gram::new(rows, 2, 0);
        assert!(a.is_stored() && !b.is_stored());
        let (mut ha, mut hb) = (vec![0.0; 3], vec![0.0; 3]);
        a.add_column(2, 0.5, &mut ha);
        b.add_column(2, 0.5, &mut hb);
        assert_eq!(ha, hb);
        assert_eq!(ha, vec![0.5 * (3.0 - 4.0), 0.5 * (-3.0 - 1.0), 0.5 * 13.0]);
        assert_eq!(a.get(0, 1), -1.0 + 1.0);
    }
}
