//! Typed arrays at the boundary: numeric bulk crosses as `Float64Array`/`Uint32Array` copies
//! rather than as one JS number per element (at `P = 10 000` a scene per frame would otherwise
//! build some 10⁵ numbers one by one, a large share of a drag frame).
//!
//! A value that holds typed arrays is still built by serde, in one pass ([`super::to_js`]): its
//! struct stores them as JS values and marks those fields
//! `#[serde(with = "serde_wasm_bindgen::preserve")]`, which passes them through unchanged.
//! Where a core type already serializes the arrays as plain arrays (`scene::AlgorithmView`), they
//! are taken out of it first ([`ViewArrays::take`]) and set on the object serde built in place of
//! the empty arrays it holds ([`ViewArrays::put`]), so the keys keep the core type's order; not
//! a wrapper type with `#[serde(flatten)]`, whose serializer copies each field.

use super::js_error;
use crate::scene::AlgorithmView;
use js_sys::{Float64Array, Reflect, Uint32Array};
use wasm_bindgen::{JsError, JsValue};

/// A `Float64Array` copy of `values`.
pub fn f64s(values: &[f64]) -> Float64Array {
    Float64Array::from(values)
}

/// A `Uint32Array` copy of the indices `values` (examples, at most `data::MAX_POINTS`).
pub fn indices(values: &[usize]) -> Uint32Array {
    let values: Vec<u32> = values.iter().map(|&i| i as u32).collect();
    Uint32Array::from(&values[..])
}

/// One rule's per-example arrays (`scene::AlgorithmView`'s, whose TS type already names them
/// typed arrays): `stabilities` and `embedding` as `Float64Array`, `misclassified` as
/// `Uint32Array`.
pub struct ViewArrays([(&'static str, JsValue); 3]);

impl ViewArrays {
    /// Takes the arrays out of `view`, leaving them empty.
    pub fn take(view: &mut AlgorithmView) -> Self {
        Self([
            (
                "stabilities",
                f64s(&std::mem::take(&mut view.stabilities)).into(),
            ),
            (
                "embedding",
                f64s(&std::mem::take(&mut view.embedding)).into(),
            ),
            (
                "misclassified",
                indices(&std::mem::take(&mut view.misclassified)).into(),
            ),
        ])
    }

    /// Sets them on `view`, the object serde built of the view they were taken from.
    pub fn put(self, view: &JsValue) -> Result<(), JsError> {
        for (key, array) in self.0 {
            Reflect::set(view, &JsValue::from_str(key), &array)
                .map_err(|_| js_error("a view is not an object"))?;
        }
        Ok(())
    }

    /// Sets each of `arrays` on the element of the same index of `views` (a JS array).
    pub fn put_all(arrays: Vec<Self>, views: &JsValue) -> Result<(), JsError> {
        for (i, a) in arrays.into_iter().enumerate() {
            a.put(
                &Reflect::get_u32(views, i as u32)
                    .map_err(|_| js_error("views are not an array"))?,
            )?;
        }
        Ok(())
    }
}

/// Rules' views (as `Scene.algorithms`), their arrays typed.
pub fn views_js(mut views: Vec<AlgorithmView>) -> Result<JsValue, JsError> {
    let arrays = views.iter_mut().map(ViewArrays::take).collect();
    let js = super::to_js(&views)?;
    ViewArrays::put_all(arrays, &js)?;
    Ok(js)
}
