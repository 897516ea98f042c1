//! The training kernels alone, so that the same work can be timed natively and in WebAssembly
//! (`examples/kernels.rs` natively, `benchKernel` of the wasm boundary from `bench/kernels.mjs`).
//! Only with the `bench` feature: it is benchmark code, not part of the shipped build.
//!
//! A kernel run draws a seeded teacher set (`generate::teacher`, then `generate::teacher_set`
//! without noise: `P` examples in `N` dimensions) and trains on it `reps` times, through the
//! origin from tabula rasa for exactly `epochs` epochs (gap tolerance 0, so no early stop):
//! - `minover`: `epochs·P` steps of `ν = argmin_μ E^μ`, `w ← w + z^ν/N`, each `O(P)` (incremental
//!   potentials `E ← E + K_·ν/N` from the Gram matrix `K`);
//! - `adatron`: `epochs` sweeps of `x^μ ← max(0, x^μ + (1 − E^μ)/C_μμ)`, `w ← w + Δx^μ z^μ`, each
//!   step `O(N)`, plus one `O(P N)` check of the certified gap per sweep.

use crate::data::{generate, Dataset, MAX_POINTS};
use crate::error::{Error, Result};
use crate::rng::rng_from_seed;
use crate::train::Algorithm;
use crate::train::{AdatronParams, MinoverParams, Mode, Trainer};

/// The kernels that can be timed.
pub const KERNELS: [Algorithm; 2] = [Algorithm::Minover, Algorithm::Adatron];

/// The largest `P·N` accepted (80 MB of inputs).
pub const MAX_SIZE: usize = 10_000_000;

/// The seeded teacher set of a kernel run: `P` examples in `N` dimensions, labels
/// `S = sign(w*·ξ)`.
///
/// # Errors
/// [`Error::OutOfRange`] for `N = 0`, `P ∉ [1, MAX_POINTS]` or `P·N > MAX_SIZE`.
pub fn teacher_data(n: usize, p: usize, seed: u64) -> Result<Dataset> {
    if n == 0 || p == 0 || p > MAX_POINTS || p.saturating_mul(n) > MAX_SIZE {
        return Err(Error::OutOfRange {
            name: "kernel size (N, P)",
            value: p as f64 * n as f64,
            range: "N ≥ 1, 1 ≤ P ≤ 10000, P·N ≤ 10⁷",
        });
    }
    let mut rng = rng_from_seed(seed);
    let teacher = generate::teacher(n, &mut rng);
    generate::teacher_set(p, &teacher, 0.0, &mut rng)
}

/// Trains `algorithm` (one of [`KERNELS`]) on `data` for exactly `epochs` epochs; returns the
/// number of steps taken.
///
/// # Errors
/// [`Error::Unknown`] for another algorithm; [`Error::OutOfRange`] for a bad epoch count.
pub fn train(algorithm: Algorithm, data: &Dataset, epochs: f64) -> Result<usize> {
    let fit = match algorithm {
        Algorithm::Minover => MinoverParams {
            max_epochs: epochs,
            gap_tolerance: 0.0,
            ..MinoverParams::default()
        }
        .build(data, Mode::Homogeneous)?
        .run(),
        Algorithm::Adatron => AdatronParams {
            max_epochs: epochs,
            gap_tolerance: 0.0,
            ..AdatronParams::default()
        }
        .build(data, Mode::Homogeneous)?
        .run(),
        _ => {
            return Err(Error::Unknown {
                kind: "kernel",
                name: algorithm.name().to_string(),
                expected: KERNELS.map(Algorithm::name).join(", "),
            })
        }
    };
    Ok(fit.steps)
}

/// One kernel run: [`teacher_data`]`(n, p, seed)`, then [`train`] `reps` times; returns the total
/// number of steps.
///
/// # Errors
/// Those of [`teacher_data`] and [`train`].
pub fn run(
    algorithm: Algorithm,
    n: usize,
    p: usize,
    epochs: f64,
    seed: u64,
    reps: usize,
) -> Result<usize> {
    let data = teacher_data(n, p, seed)?;
    let mut steps = 0;
    for _ in 0..reps {
        steps += train(algorithm, &data, epochs)?;
    }
    Ok(steps)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Fixed epochs: MinOver takes one step per update, `epochs·P` of them; AdaTron presents
    /// every example once per sweep, also `epochs·P` steps.
    #[test]
    fn a_run_takes_epochs_times_p_steps_per_repetition() {
        let (minover, adatron) = (Algorithm::Minover, Algorithm::Adatron);
        assert_eq!(run(minover, 5, 12, 3.0, 1, 2).unwrap(), 2 * 3 * 12);
        assert_eq!(run(adatron, 5, 12, 3.0, 1, 2).unwrap(), 2 * 3 * 12);
        assert!(run(Algorithm::Rosenblatt, 5, 12, 3.0, 1, 1).is_err());
        assert!(run(minover, 0, 12, 3.0, 1, 1).is_err());
        assert!(run(minover, 5, 12, 0.0, 1, 1).is_err());
    }
}
