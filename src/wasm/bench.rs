//! Benchmark hooks, only with the `bench` feature (`make build-bench`): a training kernel or
//! MinOver's step floor, the floor of a whole sweep, and the exact solve, for `bench/kernels.mjs`,
//! `bench/sweep-one-thread.mjs` and `bench/exact-wasm.mjs` to time.

use crate::data::{generate, Dataset};
use crate::train::Mode;
use wasm_bindgen::prelude::*;

/// Runs a training kernel for timing (`kernels::run_named`): a seeded teacher set of `p` examples
/// in `n` dimensions, then `reps` runs of `algorithm` (`minover`, `adatron`) through the origin
/// for exactly `epochs` epochs, or of MinOver's step floor (`minover-floor`) for as many steps.
/// Returns the total number of steps; the caller times the call.
///
/// # Errors
/// Throws for an unknown kernel or a bad size or epoch count.
#[wasm_bindgen(js_name = benchKernel)]
pub fn bench_kernel(
    algorithm: &str,
    n: usize,
    p: usize,
    epochs: f64,
    seed: u32,
    reps: usize,
) -> Result<usize, JsError> {
    Ok(crate::kernels::run_named(
        algorithm,
        n,
        p,
        epochs,
        u64::from(seed),
        reps,
    )?)
}

/// The step floor of a whole MinOver sweep (`kernels::floor_sweep`; `params` as `runCells` takes
/// them), on this thread. Returns the total number of steps; the caller times the call.
///
/// # Errors
/// Throws on bad parameters.
#[wasm_bindgen(js_name = benchFloorSweep)]
pub fn bench_floor_sweep(
    #[wasm_bindgen(unchecked_param_type = "CurveParams")] params: JsValue,
) -> Result<usize, JsError> {
    Ok(crate::kernels::floor_sweep(&super::curve::curve_params(
        params,
    )?)?)
}

/// Benchmark hook: a seeded teacher set (teacher, then `p` inputs of dimension `n`, from one
/// generator seeded with `seed`: the set of `examples/exact_timing.rs`) kept in wasm memory, so
/// that `bench/exact-wasm.mjs` can time the exact solve alone.
#[wasm_bindgen(js_name = ExactBench)]
pub struct ExactBench {
    data: Dataset,
}

#[wasm_bindgen(js_class = ExactBench)]
impl ExactBench {
    /// Generates the set.
    ///
    /// # Errors
    /// Throws for `n = 0`.
    #[wasm_bindgen(constructor)]
    pub fn new(n: usize, p: usize, seed: u32) -> Result<ExactBench, JsError> {
        let mut rng = crate::rng::rng_from_seed(u64::from(seed));
        let teacher = generate::teacher(n, &mut rng);
        let data = generate::teacher_set(p, &teacher, 0.0, &mut rng)?;
        Ok(ExactBench { data })
    }

    /// `κ_max` through the origin by the default solver (`exact::max_stability`); NaN if not
    /// separable.
    ///
    /// # Errors
    /// Never for a generated set (kept for the error conversion).
    pub fn solve(&self) -> Result<f64, JsError> {
        Ok(crate::exact::max_stability(&self.data, Mode::Homogeneous)?.kappa)
    }
}
