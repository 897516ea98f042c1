//! Benchmark hooks, only with the `bench` feature (`make build-bench`): a training kernel or
//! MinOver's step floor, the floor of a whole sweep, and the exact solve, for `bench/kernels.mjs`,
//! `bench/sweep-one-thread.mjs`, `bench/exact-wasm.mjs` and `bench/optimum-wasm.mjs` to time.

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

/// Benchmark hook: the set of `examples/optimum_timing.rs` — a noisy 2-D teacher set of `p`
/// examples (teacher and inputs from one generator seeded with `seed`, 10 % of the labels
/// flipped) shifted by `(0.3, 0.3)` so that a threshold matters — kept in wasm memory, so that
/// `bench/optimum-wasm.mjs` can time each reference optimum alone, as the data view computes it
/// once per edit of the points (`scene::Settling`).
#[wasm_bindgen(js_name = OptimumBench)]
pub struct OptimumBench {
    data: Dataset,
}

#[wasm_bindgen(js_class = OptimumBench)]
impl OptimumBench {
    /// Generates the set.
    ///
    /// # Errors
    /// Throws for a bad size.
    #[wasm_bindgen(constructor)]
    pub fn new(p: usize, seed: u32) -> Result<OptimumBench, JsError> {
        let mut rng = crate::rng::rng_from_seed(u64::from(seed));
        let t = generate::teacher(2, &mut rng);
        let d = generate::teacher_set(p, &t, 0.1, &mut rng)?;
        let xs = d.features().iter().map(|v| v + 0.3).collect();
        let data = Dataset::from_row_major(xs, 2, d.labels().to_vec())?;
        Ok(OptimumBench { data })
    }

    /// With a threshold, the optimum `name` names: `exact` (`exact::max_stability`; returns
    /// whether the set is separable) or a reference optimum (`optimum::optimum`, on a set taken
    /// as not separable; returns whether a minimum was found): `least-squares`,
    /// `cross-entropy`, `squared-logistic`, `tanh`, `soft-margin` (at `γ = 1`, the page's
    /// default).
    ///
    /// # Errors
    /// Throws for another name.
    pub fn solve(&self, name: &str) -> Result<bool, JsError> {
        use crate::optimum::{optimum, Optimum};
        use crate::train::logistic::Loss;
        use crate::train::objective::Objective;
        let objective = match name {
            "exact" => {
                return Ok(crate::exact::max_stability(&self.data, Mode::Threshold)?.separable)
            }
            "least-squares" => Objective::LeastSquares,
            "cross-entropy" => Objective::Sigmoid(Loss::CrossEntropy),
            "squared-logistic" => Objective::Sigmoid(Loss::Squared),
            "tanh" => Objective::Sigmoid(Loss::Tanh),
            "soft-margin" => Objective::Hinge { gamma: 1.0 },
            other => return Err(JsError::new(&format!("unknown optimum \"{other}\""))),
        };
        Ok(matches!(
            optimum(objective, &self.data, Mode::Threshold, false),
            Optimum::At { .. }
        ))
    }
}
