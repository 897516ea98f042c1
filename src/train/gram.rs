//! Incremental potentials: `h_ν ← h_ν + s (v_ν·v_μ)` for all `ν` in `O(P)` from a stored Gram
//! matrix when `P²·8` bytes fits the budget, otherwise in `O(P N)` by recomputing the dot products.
//!
//! The stored matrix is filled a column at a time, the first time a column is asked for
//! (`O(P N)` each): a rule that only ever updates a few examples (MinOver cycling through the
//! support vectors) computes a few columns, and building a trainer costs no `O(P² N)` up front —
//! the data view starts a new one on every drag step.

use crate::linalg::{dot, dot_columns, COLUMNS_MAX_DIM};
use std::cell::OnceCell;

/// Gram matrix budget: 64 MiB (P ≤ 2896).
pub const GRAM_BUDGET_BYTES: usize = 64 << 20;

/// Whether the Gram matrix of `p` rows is stored within `budget_bytes`: `P²·8 ≤ budget_bytes`.
pub fn fits(p: usize, budget_bytes: usize) -> bool {
    p.saturating_mul(p).saturating_mul(8) <= budget_bytes
}

/// The rows `v_μ` and, when it fits, their Gram matrix `K_μν = v_μ·v_ν` (filled a column at a
/// time, when first used).
#[derive(Debug, Clone)]
pub struct Gram {
    rows: Vec<f64>,
    dim: usize,
    /// Column `μ` of `K` once computed; `None` when the matrix does not fit the budget.
    matrix: Option<Vec<OnceCell<Box<[f64]>>>>,
    /// The rows by coordinate (`[i P + μ] = v_μi`), made the first time [`Gram::potentials`]
    /// recomputes every potential in fewer than 8 dimensions.
    columns: OnceCell<Box<[f64]>>,
}

impl Gram {
    /// Stores `rows` (row-major, `dim` columns); their Gram matrix is kept (column by column, as
    /// used) if `P²·8 ≤ budget_bytes`.
    pub fn new(rows: Vec<f64>, dim: usize, budget_bytes: usize) -> Self {
        let p = rows.len() / dim;
        let matrix = fits(p, budget_bytes).then(|| (0..p).map(|_| OnceCell::new()).collect());
        Self {
            rows,
            dim,
            matrix,
            columns: OnceCell::new(),
        }
    }

    /// Column `K_·μ` of the stored matrix, computed the first time it is asked for.
    fn stored_column<'a>(&'a self, cells: &'a [OnceCell<Box<[f64]>>], mu: usize) -> &'a [f64] {
        cells[mu].get_or_init(|| {
            let vm = self.row(mu);
            self.rows
                .chunks_exact(self.dim)
                .map(|vn| dot(vn, vm))
                .collect()
        })
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
        self.matrix
            .as_deref()
            .map(|cells| self.stored_column(cells, mu))
    }

    /// `K_μν = v_μ·v_ν` (from a column already computed when there is one, so that the same
    /// product always has the same bits).
    pub fn get(&self, mu: usize, nu: usize) -> f64 {
        match &self.matrix {
            Some(cells) => match (cells[mu].get(), cells[nu].get()) {
                (Some(col), _) => col[nu],
                (None, Some(col)) => col[mu],
                (None, None) => dot(self.row(nu), self.row(mu)),
            },
            None => dot(self.row(mu), self.row(nu)),
        }
    }

    /// `h_ν = w·v_ν` for every `ν`, each with the bits of `dot(w, v_ν)`: in fewer than 8
    /// dimensions from the rows stored by coordinate ([`dot_columns`]: `P·N` multiply-adds
    /// vectorised across the examples, the data view's 2-D step without a stored matrix), else a
    /// dot product per row.
    pub fn potentials(&self, w: &[f64], h: &mut [f64]) {
        if self.dim <= COLUMNS_MAX_DIM {
            let columns = self.columns.get_or_init(|| {
                (0..self.dim)
                    .flat_map(|i| self.rows.chunks_exact(self.dim).map(move |v| v[i]))
                    .collect()
            });
            dot_columns(w, columns, h);
        } else {
            for (hv, v) in h.iter_mut().zip(self.rows.chunks_exact(self.dim)) {
                *hv = dot(w, v);
            }
        }
    }

    /// `h_ν ← h_ν + s K_νμ` for every `ν`.
    pub fn add_column(&self, mu: usize, s: f64, h: &mut [f64]) {
        if let Some(cells) = &self.matrix {
            crate::linalg::axpy(s, self.stored_column(cells, mu), h);
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
