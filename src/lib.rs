//! Perceptron Lab: the perceptron of Rosenblatt and the perceptron of optimal stability
//! (MinOver, AdaTron), their version space and their learning curves — a pure-Rust core that
//! builds natively and to WebAssembly.
//!
//! # Notation (Biehl, *The Shallow and the Deep*, ch. 3–4)
//! - examples `ξ^μ ∈ R^N` with labels `S^μ = ±1`, `μ = 1..P`; load `alpha = α = P/N`; `dim = N`;
//! - output `sign(w·ξ − θ)`; `θ = 0` is the homogeneous case ([`measure::Mode`]);
//! - local potential `E^μ = (w·ξ^μ − θ) S^μ`; stability `kappa = κ^μ = E^μ / |w|`;
//!   the perceptron's stability `κ(w) = min_μ κ^μ`;
//! - embedding strengths `x^μ` with `w = Σ_μ x^μ S^μ ξ^μ` (the book writes `w = (1/N) Σ …`);
//! - teacher `w*` with `|w*|² = N`; overlap `R = w·w*/|w||w*|`; `ε_g = arccos(R)/π`.
//!
//! # Example
//! ```
//! use perceptron_lab::{data::generate, rng::rng_from_seed};
//! use perceptron_lab::train::{Config, Mode, Rosenblatt, Trainer};
//! let mut rng = rng_from_seed(1);
//! let teacher = generate::teacher(10, &mut rng);
//! let data = generate::teacher_set(30, &teacher, 0.0, &mut rng).unwrap();
//! let fit = Rosenblatt::new(&data, Mode::Homogeneous, &Config::default()).unwrap().run();
//! assert!(fit.converged && fit.errors == 0);
//! ```

pub mod animation;
pub mod catalogue;
pub mod chart;
pub mod data;
pub mod dichotomies;
pub mod error;
pub mod exact;
pub mod experiment;
pub mod generalization;
pub mod hull;
#[cfg(feature = "bench")]
pub mod kernels;
pub mod linalg;
pub mod measure;
mod named;
pub mod optimum;
pub mod rng;
pub mod scene;
pub mod theory;
pub mod trace;
pub mod train;
pub mod version_space;
#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use error::{Error, Result};
