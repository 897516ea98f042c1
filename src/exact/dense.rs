//! The dense factorisations of the exact solvers' small linear systems (at most `P × P` or
//! `N × N`):
//!
//! - [`gauss_solve`]: Gaussian elimination with partial pivoting, for the normal equations of
//!   Wolfe's affine minimum-norm point ([`super::wolfe`]);
//! - [`PivotedCholesky`]: Cholesky with diagonal pivoting of a symmetric positive semi-definite
//!   matrix, stopping at its numerical rank, `Πᵀ C Π ≈ L Lᵀ` with `L` lower triangular `m × r`.
//!   The polish ([`super::polish`]) solves the support-set system `C_SS x_S = 1`,
//!   `C_μν = z^μ·z^ν`, with it. Pivoting on the largest remaining diagonal makes the factor
//!   rank-revealing: the remaining diagonal after `k` pivots is the squared distance of each
//!   `z^μ` from the span of the `k` chosen ones, so duplicated or linearly dependent support
//!   vectors are left out (their constraint is then checked, not imposed) instead of breaking the
//!   solve;
//! - [`UpdatedCholesky`]: the Cholesky factor `L Lᵀ = G` of a Gram matrix that grows by one row
//!   and column at a time and loses any one of them (Givens rotations), for the passive set of
//!   the active-set solver ([`super::ldp`]).

use crate::linalg::{axpy, dot};

/// Solves `A x = b` (`m × m`, row-major) by Gaussian elimination with partial pivoting;
/// `None` if a pivot is at most `tiny`. `a` and `b` are overwritten.
pub(super) fn gauss_solve(a: &mut [f64], b: &mut [f64], m: usize, tiny: f64) -> Option<Vec<f64>> {
    for col in 0..m {
        let piv =
            (col..m).max_by(|&r, &s| a[r * m + col].abs().total_cmp(&a[s * m + col].abs()))?;
        if !(a[piv * m + col].abs() > tiny) {
            return None;
        }
        if piv != col {
            for c in 0..m {
                a.swap(col * m + c, piv * m + c);
            }
            b.swap(col, piv);
        }
        for r in col + 1..m {
            let f = a[r * m + col] / a[col * m + col];
            if f != 0.0 {
                for c in col..m {
                    a[r * m + c] -= f * a[col * m + c];
                }
                b[r] -= f * b[col];
            }
        }
    }
    let mut x = vec![0.0; m];
    for r in (0..m).rev() {
        let s: f64 = (r + 1..m).map(|c| a[r * m + c] * x[c]).sum();
        x[r] = (b[r] - s) / a[r * m + r];
    }
    Some(x)
}

/// `Πᵀ C Π = L Lᵀ` on the first `rank` pivots.
#[derive(Debug, Clone)]
pub(super) struct PivotedCholesky {
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
    pub(super) fn new(mut c: Vec<f64>, m: usize, rel_tol: f64) -> Self {
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
    pub(super) fn solve(&self, b: &[f64]) -> Vec<f64> {
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

/// The Cholesky factor `L Lᵀ = G` of a Gram matrix grown and shrunk one row and column at a time
/// (in [`super::ldp`], the passive set's `G_ij = e^{P_i}·e^{P_j}`).
#[derive(Debug, Default)]
pub(super) struct UpdatedCholesky {
    /// `L`, row `i` of length `i + 1`.
    l: Vec<Vec<f64>>,
    /// `L⁻¹ 1`, kept through every push and removal (`O(m)` each) for [`Self::solve_ones`].
    ones: Vec<f64>,
}

impl UpdatedCholesky {
    /// Appends a column with entries `column` against the current set and diagonal `diag`:
    /// `L l = column`, `L_mm = √(diag − |l|²)`. False if that is not positive (dependent).
    pub(super) fn push(&mut self, column: &[f64], diag: f64) -> bool {
        let mut l = self.forward(column);
        let d = diag - dot(&l, &l);
        if !(d > 1e-14 * diag) {
            return false;
        }
        let lmm = d.sqrt();
        // the new row of `L y = 1`: `y_m = (1 − l·y) / L_mm`
        self.ones.push((1.0 - dot(&l, &self.ones)) / lmm);
        l.push(lmm);
        self.l.push(l);
        true
    }

    /// Removes row and column `k` of `G`: deleting row `k` of `L` leaves `L' L'ᵀ = G'` with one
    /// entry above the diagonal in each later row; Givens rotations of columns `(j, j + 1)`
    /// (`L' ← L' Q`, which keeps `L' L'ᵀ`) zero them again, in `O((m − k)²)`. `L⁻¹ 1` follows:
    /// `L' y = 1` still holds without row `k`, so `(L' Q)(Qᵀ y) = 1`, and the last entry of
    /// `Qᵀ y` multiplies the column the rotations emptied.
    pub(super) fn remove(&mut self, k: usize) {
        self.l.remove(k);
        let m = self.l.len();
        for j in k..m {
            let (a, b) = (self.l[j][j], self.l[j][j + 1]);
            let r = libm::hypot(a, b);
            let (c, s) = if r > 0.0 { (a / r, b / r) } else { (1.0, 0.0) };
            for row in &mut self.l[j..] {
                let (x, y) = (row[j], row[j + 1]);
                row[j] = c * x + s * y;
                row[j + 1] = -s * x + c * y;
            }
            self.l[j].truncate(j + 1);
            let (x, y) = (self.ones[j], self.ones[j + 1]);
            self.ones[j] = c * x + s * y;
            self.ones[j + 1] = -s * x + c * y;
        }
        self.ones.truncate(m);
    }

    /// `L⁻¹ b` over the current rows (`b.len()` of them).
    fn forward(&self, b: &[f64]) -> Vec<f64> {
        let mut y = Vec::with_capacity(b.len() + 1);
        for (i, &bi) in b.iter().enumerate() {
            let li = &self.l[i];
            y.push((bi - dot(&li[..i], &y)) / li[i]);
        }
        y
    }

    /// `G⁻¹ 1 = L⁻ᵀ L⁻¹ 1` from the kept `L⁻¹ 1`: the back substitution only, over the rows of
    /// `L` (contiguous).
    pub(super) fn solve_ones(&self) -> Vec<f64> {
        let mut y = self.ones.clone();
        for (k, lk) in self.l.iter().enumerate().rev() {
            y[k] /= lk[k];
            let yk = y[k];
            axpy(-yk, &lk[..k], &mut y[..k]);
        }
        y
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

    /// `G⁻¹ 1` of the kept factor, through pushes and removals in any position, against
    /// Gaussian elimination on the Gram matrix of the rows it holds at that moment.
    #[test]
    fn updated_factor_solves_ones_through_pushes_and_removals() {
        // rows e^μ = (z^μ, 1) of small integers, as the active-set solver's passive columns
        let rows: Vec<[f64; 4]> = (0..9)
            .map(|i| {
                let f = |k: i32| f64::from((i * k + 3) % 7 - 3);
                [f(1), f(2), f(5), 1.0]
            })
            .filter(|r| r.iter().any(|&v| v != 1.0))
            .collect();
        let gram = |a: &[f64; 4], b: &[f64; 4]| a.iter().zip(b).map(|(x, y)| x * y).sum::<f64>();
        let mut held: Vec<[f64; 4]> = vec![];
        let mut factor = UpdatedCholesky::default();
        let check = |held: &[[f64; 4]], factor: &UpdatedCholesky| {
            let m = held.len();
            let mut g: Vec<f64> = held
                .iter()
                .flat_map(|a| held.iter().map(move |b| gram(a, b)))
                .collect();
            let mut ones = vec![1.0; m];
            let want = gauss_solve(&mut g, &mut ones, m, 1e-12).expect("independent rows");
            let got = factor.solve_ones();
            for (a, b) in got.iter().zip(&want) {
                assert!(
                    (a - b).abs() <= 1e-9 * b.abs().max(1.0),
                    "{got:?} against {want:?}"
                );
            }
        };
        // push while independent (a dependent row is refused and not held), removing one of
        // the held rows (first, middle or last) after every third push
        for (i, r) in rows.iter().enumerate() {
            let column: Vec<f64> = held.iter().map(|h| gram(h, r)).collect();
            if factor.push(&column, gram(r, r)) {
                held.push(*r);
                check(&held, &factor);
            }
            if i % 3 == 2 && held.len() > 1 {
                let k = (i / 3) % held.len();
                held.remove(k);
                factor.remove(k);
                check(&held, &factor);
            }
        }
        assert!(held.len() >= 2, "the test holds rows: {}", held.len());
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
