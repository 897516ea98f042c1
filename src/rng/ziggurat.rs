//! A standard Gaussian sample by the ziggurat method (Marsaglia and Tsang 2000), step for step
//! `rand_distr::StandardNormal`'s, with its two transcendental functions, `exp` (the density's
//! rejection test) and `ln` (the tail), taken from the `libm` crate. `rand_distr` calls the
//! platform's: natively the C library's, in wasm the `libm` crate's copy, which differ in the last
//! bit for a few arguments — enough to give a data set one different input now and then. With
//! `libm` here both builds draw the same numbers, and in wasm exactly `rand_distr`'s.

use super::ziggurat_tables::{F, R, X};
use rand::distr::Open01;
use rand::Rng;

/// One sample `t ~ N(0, 1)`.
pub fn standard_normal(rng: &mut (impl Rng + ?Sized)) -> f64 {
    loop {
        // 8 bits choose the layer; the top 52 a uniform u in [−1, 1): [2, 4) minus 3
        let bits = rng.next_u64();
        let i = (bits & 0xff) as usize;
        let u = f64::from_bits((bits >> 12) | (1024 << 52)) - 3.0;
        let x = u * X[i];
        // inside the layer's rectangle under the next layer's edge: accepted at once
        if x.abs() < X[i + 1] {
            return x;
        }
        if i == 0 {
            return tail(rng, u);
        }
        // in the wedge: accepted under the density, f_{i+1} + U (f_i − f_{i+1}) < exp(−x²/2)
        if F[i + 1] + (F[i] - F[i + 1]) * rng.random::<f64>() < libm::exp(-x * x / 2.0) {
            return x;
        }
    }
}

/// A sample beyond `R` on the side of `u` (Marsaglia 1964): `x = ln(U₁)/R`, `y = ln(U₂)` until
/// `−2y ≥ x²`, then `±(R − x)`.
fn tail(rng: &mut (impl Rng + ?Sized), u: f64) -> f64 {
    let (mut x, mut y) = (1.0_f64, 0.0_f64);
    while -2.0 * y < x * x {
        let u1: f64 = rng.sample(Open01);
        let u2: f64 = rng.sample(Open01);
        x = libm::log(u1) / R;
        y = libm::log(u2);
    }
    if u < 0.0 {
        x - R
    } else {
        R - x
    }
}
