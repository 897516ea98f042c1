//! The perceptron convergence theorem (Biehl §3.3.5, eq. 3.35; Novikoff 1962) as a number for
//! the data at hand: the most updates `M*` the Rosenblatt rule of [`crate::train::rosenblatt`]
//! can make on a separable set before it stops.
//!
//! **Through the origin.** The rule starts at `w = 0` and, whenever `E^μ = S^μ w·ξ^μ ≤ c`
//! (`c ≥ 0` the rule's margin), adds `η S^μ ξ^μ` with `η = 1/N`. Take a unit `w*` with
//! `S^μ w*·ξ^μ ≥ κ* > 0` for every `μ`. After `M` updates
//! - `w·w* ≥ M η κ*` (each update adds at least `η κ*`), and
//! - `|w|² ≤ M (2 η c + η² R²)`, `R = max_μ |ξ^μ|` (each update adds `2η E^μ + η² |ξ^μ|²` with
//!   `E^μ ≤ c`).
//!
//! By Cauchy–Schwarz `(M η κ*)² ≤ |w|² ≤ M (2ηc + η²R²)`, so
//! `M ≤ (R² + 2c/η) / κ*² = (R² + 2cN) / κ*²`; the tightest choice of `w*` is the perceptron of
//! optimal stability, `κ* = κ_max`. With `c = 0`: `M* = max_μ |ξ^μ|² / κ_max²`. (Biehl writes it
//! for a `w*` with `E*^μ ≥ c`, `M ≤ N |w*|² (2c + Γ)/c²`, `Γ = R²/N`; with `w* = (c/κ_max) ŵ_opt`
//! this is the same number.)
//!
//! **With a threshold.** The rule also moves `θ ← θ − η S^μ`: it is the rule through the origin
//! on the augmented inputs `ξ̃^μ = (ξ^μ, −1)` and weights `w̃ = (w, θ)` (`E^μ = S^μ w̃·ξ̃^μ`), with
//! the same `η = 1/N`. The argument above holds in `N + 1` dimensions with `R̃² = max_μ |ξ^μ|² + 1`
//! and `κ̃* = κ̃_max`, the optimal stability of the augmented problem through the origin
//! (`max_{|w̃| = 1} min_μ S^μ w̃·ξ̃^μ`, where the threshold counts in the norm — not the data
//! space's `κ_max`, whose `|w| = 1` leaves `θ` free): `M* = (R̃² + 2cN) / κ̃_max²`.

use crate::data::Dataset;
use crate::error::{Error, Result};
use crate::exact::max_stability;
use crate::train::Mode;

/// `M*`, the convergence theorem's bound on the updates of the Rosenblatt rule (`η = 1/N`,
/// margin `c ≥ 0`, from `w = 0`) on `data` in `mode` (module docs); `None` when the data are not
/// separable in that mode (or empty).
///
/// # Errors
/// [`Error::OutOfRange`] for a negative or non-finite margin.
pub fn rosenblatt_update_bound(data: &Dataset, mode: Mode, margin: f64) -> Result<Option<f64>> {
    if !(margin >= 0.0 && margin.is_finite()) {
        return Err(Error::OutOfRange {
            name: "margin c",
            value: margin,
            range: "[0, ∞)",
        });
    }
    if data.is_empty() {
        return Ok(None);
    }
    let n = data.dim();
    let (augmented, extra) = match mode {
        Mode::Homogeneous => (data.clone(), 0.0),
        Mode::Threshold => {
            let mut xs = Vec::with_capacity(data.len() * (n + 1));
            for mu in 0..data.len() {
                xs.extend_from_slice(data.x(mu));
                xs.push(-1.0);
            }
            (
                Dataset::from_row_major(xs, n + 1, data.labels().to_vec())?,
                1.0,
            )
        }
    };
    let exact = max_stability(&augmented, Mode::Homogeneous)?;
    if !exact.separable || !(exact.kappa > 0.0) {
        return Ok(None);
    }
    Ok(Some(update_bound(
        data.max_norm_sq() + extra,
        exact.kappa,
        margin,
        n,
    )))
}

/// `M* = (R² + 2cN) / κ*²` (module docs) for inputs of largest squared norm `r2` (augmented with
/// a threshold), a perceptron of stability `kappa > 0` (with `|w| = 1`, augmented with a
/// threshold), margin `c` and `N` inputs (`η = 1/N`).
pub fn update_bound(r2: f64, kappa: f64, margin: f64, n: usize) -> f64 {
    (r2 + 2.0 * margin * n as f64) / (kappa * kappa)
}
