//! The rows AdaTron steps along ([`Directions`]): through the origin the unit directions
//! `u^μ = S^μ ξ^μ/|ξ^μ|` with their lengths, computed without squaring a length (a set
//! whose lengths span `10³⁰⁰`), through the origin and with a threshold alike.

use crate::data::Dataset;
use crate::linalg::norm_sq;

/// The rows the steps move `w` along, and their lengths.
pub(super) struct Directions {
    /// The rows, row-major.
    pub rows: Vec<f64>,
    /// Their lengths.
    pub norms: Vec<f64>,
}

impl Directions {
    /// The unit directions `u^μ = z^μ/|z^μ|` (`0` at the origin), `z^μ = S^μ ξ^μ`, and
    /// `|z^μ|`, each computed without over- or underflow: `√(z·z)` where `z·z` is a normal
    /// number, else [`Dataset::norm`] (scaled by a power of two first).
    pub fn unit(data: &Dataset) -> Self {
        let mut rows = data.signed_rows();
        let mut norms = Vec::with_capacity(data.len());
        for (mu, row) in rows.chunks_exact_mut(data.dim().max(1)).enumerate() {
            let sq = norm_sq(row);
            let r = if sq.is_normal() {
                sq.sqrt()
            } else {
                data.norm(mu)
            };
            if r > 0.0 {
                let inverse = 1.0 / r;
                for v in row.iter_mut() {
                    *v *= inverse;
                }
            }
            norms.push(r);
        }
        Self { rows, norms }
    }
}
