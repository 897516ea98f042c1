//! Cholesky factorisation with diagonal pivoting of a symmetric positive semi-definite matrix,
//! stopping at its numerical rank: `Πᵀ C Π ≈ L Lᵀ` with `L` lower triangular `m × r`.
//!
//! Used by the polish of the dual solver ([`super::dual`]) for the support-set system
//! `C_SS x_S = 1`, `C_μν = z^μ·z^ν`. Pivoting on the largest remaining diagonal makes the factor
//! rank-revealing: the remaining diagonal after `k` pivots is the squared distance of each `z^μ`
//! from the span of the `k` chosen ones, so duplicated or linearly dependent support vectors are
//! left out (their constraint is then checked, not imposed) instead of breaking the solve.

/// `Πᵀ C Π = L Lᵀ` on the first `rank` pivots.
#[derive(Debug, Clone)]
pub(crate) struct PivotedCholesky {
    /// `L`, row-major `m × m` (columns beyond `rank` unused).
    l: Vec<f64>,
    /// `perm[k]`: the original index of pivot `k`.
    perm: Vec<usize>,
    m: usize,
    rank: usize,
}

impl PivotedCholesky {
    /// Factors the `m × m` row-major symmetric matrix `c` (overwritten), stopping when the largest
    /// remaining diagonal is at most `rel_tol · max_i C_ii`.
    pub(crate) fn new(mut c: Vec<f64>, m: usize, rel_tol: f64) -> Self {
        debug_assert_eq!(c.len(), m * m);
        let mut perm: Vec<usize> = (0..m).collect();
        let floor = rel_tol * (0..m).map(|i| c[i * m + i]).fold(0.0, f64::max);
        let mut l = vec![0.0; m * m];
        let mut rank = 0;
        for k in 0..m {
            // pivot: the largest remaining diagonal of the Schur complement (kept in c)
            let j = (k..m)
                .max_by(|&a, &b| c[a * m + a].total_cmp(&c[b * m + b]))
                .expect("k < m");
            let d = c[j * m + j];
            if !(d > floor) {
                break;
            }
            if j != k {
                perm.swap(j, k);
                for col in 0..m {
                    c.swap(k * m + col, j * m + col);
                }
                for row in 0..m {
                    c.swap(row * m + k, row * m + j);
                }
                for col in 0..k {
                    l.swap(k * m + col, j * m + col);
                }
            }
            let piv = d.sqrt();
            l[k * m + k] = piv;
            for i in k + 1..m {
                l[i * m + k] = c[i * m + k] / piv;
            }
            // Schur complement: C_ij ← C_ij − L_ik L_jk (lower triangle and diagonal suffice,
            // but the pivot swap reads whole rows and columns, so keep both halves)
            for i in k + 1..m {
                let lik = l[i * m + k];
                for jj in k + 1..=i {
                    let v = c[i * m + jj] - lik * l[jj * m + k];
                    c[i * m + jj] = v;
                    c[jj * m + i] = v;
                }
            }
            rank = k + 1;
        }
        Self { l, perm, m, rank }
    }

    /// Solves the subsystem of the `r` pivot rows, `C_PP x_P = b_P`, by `L y = Πᵀb`,
    /// `Lᵀ x' = y`, `x = Π x'`; the other (dependent) unknowns are 0.
    pub(crate) fn solve(&self, b: &[f64]) -> Vec<f64> {
        let (m, r) = (self.m, self.rank);
        let mut y: Vec<f64> = self.perm[..r].iter().map(|&i| b[i]).collect();
        for i in 0..r {
            let s: f64 = (0..i).map(|k| self.l[i * m + k] * y[k]).sum();
            y[i] = (y[i] - s) / self.l[i * m + i];
        }
        for i in (0..r).rev() {
            let s: f64 = (i + 1..r).map(|k| self.l[k * m + i] * y[k]).sum();
            y[i] = (y[i] - s) / self.l[i * m + i];
        }
        let mut x = vec![0.0; m];
        for (k, v) in y.into_iter().enumerate() {
            x[self.perm[k]] = v;
        }
        x
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solves_a_definite_system() {
        // C = [[4, 2, 0], [2, 3, 1], [0, 1, 2]], b = C·(1, −1, 2) = (2, 1, 3)
        let c = vec![4.0, 2.0, 0.0, 2.0, 3.0, 1.0, 0.0, 1.0, 2.0];
        let f = PivotedCholesky::new(c, 3, 1e-13);
        assert_eq!(f.rank, 3);
        let x = f.solve(&[2.0, 1.0, 3.0]);
        for (a, b) in x.iter().zip([1.0, -1.0, 2.0]) {
            assert!((a - b).abs() < 1e-14, "{x:?}");
        }
    }

    #[test]
    fn drops_a_dependent_row() {
        // rows z = (1,0), (1,0), (0,2): C = [[1,1,0],[1,1,0],[0,0,4]], rank 2; C x = (1,1,1)
        // has the solutions x = (t, 1 − t, ¼); the factor pivots on 2 then 0 and sets x_1 = 0.
        let c = vec![1.0, 1.0, 0.0, 1.0, 1.0, 0.0, 0.0, 0.0, 4.0];
        let f = PivotedCholesky::new(c, 3, 1e-13);
        assert_eq!(f.rank, 2);
        assert_eq!(f.solve(&[1.0, 1.0, 1.0]), vec![1.0, 0.0, 0.25]);
    }
}
