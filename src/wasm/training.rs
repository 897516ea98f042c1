//! The data view's training (`Training`), and its scene and version space as JS values.

use super::arrays::{f64s, ViewArrays};
use super::{js_error, points, settings_from, to_js, traces_js};
use crate::scene::{self, Scene};
use crate::train::Mode;
use crate::version_space::VersionSpace;
use js_sys::Float64Array;
use serde::Serialize;
use tsify::Tsify;
use wasm_bindgen::prelude::*;

/// The scene (`scene::Scene`, without the version space), each rule's per-example arrays typed
/// ([`ViewArrays`]).
fn scene_js(mut scene: Scene) -> Result<JsValue, JsError> {
    let exact = scene.exact.as_mut().map(ViewArrays::take);
    let algorithms = scene.algorithms.iter_mut().map(ViewArrays::take).collect();
    let js = to_js(&scene)?;
    let field = |key: &str| {
        js_sys::Reflect::get(&js, &JsValue::from_str(key)).map_err(|_| js_error("no scene object"))
    };
    if let Some(exact) = exact {
        exact.put(&field("exact")?)?;
    }
    ViewArrays::put_all(algorithms, &field("algorithms")?)?;
    Ok(js)
}

/// Through the origin an arc of directions, with a threshold a band of the `(φ, θ)` plane.
#[derive(Serialize, Tsify)]
#[serde(rename_all = "lowercase")]
pub enum VersionSpaceKind {
    /// Through the origin.
    Arc,
    /// With a threshold.
    Band,
}

/// The version space sampled for the weight view (`version_space::VersionSpace`), its sampled
/// arrays as typed arrays.
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct VersionSpaceArrays {
    /// `arc` through the origin, `band` with a threshold.
    kind: VersionSpaceKind,
    /// Through the origin: the arcs `[start, end]`; empty with a threshold.
    arcs: Vec<[f64; 2]>,
    /// The landscape's peak `(φ*, κ_max)` (`null` if not separable).
    #[tsify(type = "[number, number] | null")]
    peak: Option<[f64; 2]>,
    /// The arc length (radians) through the origin, the area of the `(φ, θ)` region with a
    /// threshold.
    size: f64,
    /// The examples whose curves are in `curves`.
    curve_examples: Vec<usize>,
    /// The grid's angles `φ_k`.
    #[serde(with = "serde_wasm_bindgen::preserve")]
    phi: Float64Array,
    /// The stability landscape (with a threshold the band's half-width).
    #[serde(with = "serde_wasm_bindgen::preserve")]
    kappa: Float64Array,
    /// With a threshold: the band's lower edge; empty through the origin.
    #[serde(with = "serde_wasm_bindgen::preserve")]
    lower: Float64Array,
    /// With a threshold: the band's upper edge; empty through the origin.
    #[serde(with = "serde_wasm_bindgen::preserve")]
    upper: Float64Array,
    /// Those examples' curves, row-major `curveExamples.length × phi.length`.
    #[serde(with = "serde_wasm_bindgen::preserve")]
    curves: Float64Array,
}

impl From<&VersionSpace> for VersionSpaceArrays {
    fn from(vs: &VersionSpace) -> Self {
        Self {
            kind: match vs.mode {
                Mode::Homogeneous => VersionSpaceKind::Arc,
                Mode::Threshold => VersionSpaceKind::Band,
            },
            arcs: vs.arcs.clone(),
            peak: vs.peak,
            size: vs.size,
            curve_examples: vs.curve_examples.clone(),
            phi: f64s(&vs.phi),
            kappa: f64s(&vs.kappa),
            lower: f64s(&vs.lower),
            upper: f64s(&vs.upper),
            curves: f64s(&vs.curves),
        }
    }
}

/// The data view's training for one set of points, resumable (see `scene::Settling`): the page
/// makes one per edit, advances it a slice per frame and draws its scene until it has settled.
#[wasm_bindgen]
pub struct Training {
    inner: scene::Settling,
}

#[wasm_bindgen]
impl Training {
    /// Starts every rule of `settings` on 2-D points (tabula rasa) and computes the exact optimum
    /// and the version space.
    ///
    /// # Errors
    /// Throws on bad points or malformed settings.
    #[wasm_bindgen(constructor)]
    pub fn new(
        xs: &[f64],
        ys: &[f64],
        #[wasm_bindgen(unchecked_param_type = "Partial<Settings> | undefined")] settings: JsValue,
    ) -> Result<Training, JsError> {
        let data = points(xs, ys)?;
        Ok(Self {
            inner: scene::Settling::new(&data, &settings_from(settings)?)?,
        })
    }

    /// Trains until every rule has stopped or `out_of_time()` returns true (asked every few tens
    /// of microseconds of work); returns whether every rule has stopped.
    pub fn advance(&mut self, out_of_time: &js_sys::Function) -> bool {
        self.inner.advance(|| {
            out_of_time
                .call0(&JsValue::NULL)
                .map_or(true, |v| v.is_truthy())
        })
    }

    /// Whether every rule has stopped.
    #[wasm_bindgen(getter)]
    pub fn settled(&self) -> bool {
        self.inner.settled()
    }

    /// The scene as it stands (`scene::Scene`, without the version space): each rule's
    /// per-example arrays as typed arrays, `stabilities` and `embedding` as `Float64Array`,
    /// `misclassified` as `Uint32Array`.
    ///
    /// # Errors
    /// Throws only if the scene cannot be converted.
    #[wasm_bindgen(unchecked_return_type = "Scene")]
    pub fn scene(&self) -> Result<JsValue, JsError> {
        scene_js(self.inner.scene())
    }

    /// The traces recorded so far of the rules in `settings.traces`: `{name: {t, kappa, upper,
    /// updates, errors}}` (`scene::Trace`).
    ///
    /// # Errors
    /// Throws only if they cannot be converted.
    #[wasm_bindgen(unchecked_return_type = "Record<string, Trace>")]
    pub fn traces(&self) -> Result<JsValue, JsError> {
        traces_js(self.inner.traces())
    }

    /// The version space of these points (it does not change while the rules train), or `null`.
    ///
    /// # Errors
    /// Throws only if it cannot be converted.
    #[wasm_bindgen(js_name = versionSpace, unchecked_return_type = "VersionSpaceArrays | null")]
    pub fn version_space(&self) -> Result<JsValue, JsError> {
        to_js(&self.inner.version_space().map(VersionSpaceArrays::from))
    }
}
