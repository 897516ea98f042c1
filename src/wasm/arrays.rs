//! Typed arrays at the boundary: numeric bulk crosses as `Float64Array`/`Uint32Array` copies
//! rather than as one JS number per element (at `P = 10 000` a scene per frame would otherwise
//! build some 10⁵ numbers one by one: 5 ms of a drag frame).
//!
//! A value that holds typed arrays is still built by serde, in one pass ([`super::to_js`]): its
//! struct stores them as JS values and marks those fields
//! `#[serde(with = "serde_wasm_bindgen::preserve")]`, which passes them through unchanged.
//! Where a core type already serializes the arrays as plain arrays (`scene::AlgorithmView`), its
//! boundary wrapper flattens it and names the typed array again: the later field replaces the
//! earlier in place, so the keys keep the core type's order.

use js_sys::{Float64Array, Uint32Array};

/// A `Float64Array` copy of `values`.
pub fn f64s(values: &[f64]) -> Float64Array {
    Float64Array::from(values)
}

/// A `Uint32Array` copy of the indices `values` (examples, at most `data::MAX_POINTS`).
pub fn indices(values: &[usize]) -> Uint32Array {
    let values: Vec<u32> = values.iter().map(|&i| i as u32).collect();
    Uint32Array::from(&values[..])
}
