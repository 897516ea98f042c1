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
//!   step `O(N)`, plus one `O(P N)` check of the certified gap per sweep;
//! - the floor of MinOver's step ([`floor_steps`], named [`FLOOR`]): the same number of steps of
//!   the bare windowed step, `h_K ← h_K + η G_{j,K}` and `j ← argmin_K h`, on `k` candidates with
//!   their Gram rows precomputed and contiguous, and nothing else.

use crate::data::{generate, Dataset, MAX_POINTS};
use crate::error::{Error, Result};
use crate::experiment::CurveParams;
use crate::linalg::{axpy_argmin, dot};
use crate::rng::rng_from_seed;
use crate::train::minover::{candidates, WINDOW_LANES};
use crate::train::Algorithm;
use crate::train::{Adatron, Config, Minover, Mode, Strengths, Trainer};

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
    let config = Config {
        max_epochs: Some(epochs),
        gap_tolerance: 0.0,
        ..Config::default()
    };
    let fit = match algorithm {
        Algorithm::Minover => Minover::new(data, Mode::Homogeneous, &config)?.run(),
        Algorithm::Adatron => {
            Adatron::new(data, Mode::Homogeneous, &config, Strengths::default())?.run()
        }
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

/// The name of MinOver's step floor among the kernels ([`run_named`]).
pub const FLOOR: &str = "minover-floor";

/// The floor of MinOver's step on `data`: `steps` steps of the bare loop
///
/// `h_i ← h_i + η G_{ji}` for `i ∈ K`, then `j ← argmin_{i∈K} h_i` (one [`axpy_argmin`]),
///
/// with `η = 1/N`, `h = 0` and `j = 0` at the start, over `k` candidates `K` (the first `k`
/// examples): MinOver's window size ([`candidates`]), or all `P` where MinOver opens no window
/// (`P < 2k`). Their Gram matrix `G_ij = z^i·z^j` is computed up front, row-major and contiguous,
/// padded to whole lanes as MinOver's window is ([`WINDOW_LANES`]: `h = +∞`, `G = 0` there).
/// Nothing else is done: no certificate, no update counts, no stopping rule. This is MinOver on
/// the `k` candidates alone, so the argmin wanders as MinOver's does. Returns the last `j` (which
/// keeps the loop from being optimised away).
pub fn floor_steps(data: &Dataset, steps: usize) -> usize {
    let (p, n) = (data.len(), data.dim());
    let k = match candidates(p, n) {
        0 => p,
        k => k,
    };
    let rows = data.signed_rows();
    let z = |i: usize| &rows[i * n..(i + 1) * n];
    let width = k.next_multiple_of(WINDOW_LANES);
    let mut g = vec![0.0; k * width];
    for (i, row) in g.chunks_exact_mut(width).enumerate() {
        for (j, gv) in row[..k].iter_mut().enumerate() {
            *gv = dot(z(i), z(j));
        }
    }
    let mut h = vec![0.0; k];
    h.resize(width, f64::INFINITY);
    let eta = 1.0 / n as f64;
    let mut j = 0;
    for _ in 0..steps {
        j = axpy_argmin(eta, &g[j * width..(j + 1) * width], &mut h);
    }
    j
}

/// The floor's counterpart of [`run`]: [`teacher_data`]`(n, p, seed)`, then `reps` times
/// [`floor_steps`] with the steps of `epochs` epochs of MinOver (`⌈epochs·P⌉`); returns the total
/// number of steps.
///
/// # Errors
/// Those of [`teacher_data`]; [`Error::OutOfRange`] for an epoch count that is not positive and
/// finite.
pub fn floor(n: usize, p: usize, epochs: f64, seed: u64, reps: usize) -> Result<usize> {
    if !(epochs > 0.0 && epochs.is_finite()) {
        return Err(Error::OutOfRange {
            name: "epochs",
            value: epochs,
            range: "(0, ∞)",
        });
    }
    let data = teacher_data(n, p, seed)?;
    let steps = (epochs * p as f64).ceil() as usize;
    for _ in 0..reps {
        std::hint::black_box(floor_steps(std::hint::black_box(&data), steps));
    }
    Ok(steps * reps)
}

/// The floor of a whole sweep of MinOver with fixed epochs (the learning-curve section's heavy
/// sweep): for every `α` of `params`, [`floor`] at `N`, `P = round(α N)` ([`CurveParams::p`]),
/// the sweep's epochs, seed and repetitions, on one thread. Returns the total number of steps.
///
/// # Errors
/// Those of [`floor`].
pub fn floor_sweep(params: &CurveParams) -> Result<usize> {
    params.alphas.iter().try_fold(0, |steps, &alpha| {
        let p = params.p(alpha);
        Ok(steps
            + floor(
                params.n,
                p,
                params.run().epochs()?,
                params.seed,
                params.reps,
            )?)
    })
}

/// [`run`] for a kernel's name: [`FLOOR`] for [`floor`], else an algorithm of [`KERNELS`].
///
/// # Errors
/// [`Error::Unknown`] for another name; those of [`run`] and [`floor`].
pub fn run_named(
    name: &str,
    n: usize,
    p: usize,
    epochs: f64,
    seed: u64,
    reps: usize,
) -> Result<usize> {
    if name == FLOOR {
        floor(n, p, epochs, seed, reps)
    } else {
        run(name.parse()?, n, p, epochs, seed, reps)
    }
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
        assert_eq!(run_named(FLOOR, 5, 12, 3.0, 1, 2).unwrap(), 2 * 3 * 12);
        assert!(run_named(FLOOR, 5, 12, 0.0, 1, 1).is_err());
    }

    /// The floor's loop is MinOver on its candidates: with a window of all `P` (here `P < 2k`)
    /// its last argmin is the example MinOver itself would update next after as many steps.
    #[test]
    fn the_floor_steps_as_minover_does() {
        let data = teacher_data(20, 40, 3).unwrap();
        assert_eq!(candidates(40, 20), 0, "no window at P = 40");
        for steps in [1, 7, 200] {
            let config = Config {
                max_epochs: Some(1e3),
                gap_tolerance: 0.0,
                ..Config::default()
            };
            let mut m = Minover::new(&data, Mode::Homogeneous, &config).unwrap();
            for _ in 0..steps {
                m.step();
            }
            assert_eq!(
                Some(floor_steps(&data, steps)),
                m.step().example,
                "{steps} steps"
            );
        }
    }
}
