//! The WebAssembly boundary: converts arguments, results and errors; holds no logic of its own.
//! Structured values cross as plain objects (serde-wasm-bindgen, JSON-compatible), sampled arrays
//! as `Float64Array`s, errors as JS `Error`s carrying the core's message ([`js_error`]).

use crate::animation;
use crate::catalogue::{self, Algorithm, Chart};
use crate::data::{generate, Dataset};
use crate::dichotomies;
use crate::experiment::{self, CurveParams, Row};
use crate::scene::{self, AlgorithmView, Scene};
use crate::train::{self, Mode};
use crate::version_space::VersionSpace;
use js_sys::{Float64Array, Object, Reflect, Uint32Array};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// TypeScript types of the values that cross as plain objects but are not derived with tsify
/// (the version space's sampled arrays, the results built here); the catalogue's name types
/// (`Algorithm`, `Chart`) are derived, and checked against the catalogue by
/// `tests/e2e/catalogue.test.mjs`.
#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &str = r#"
/** The version space sampled for the weight view (`version_space::VersionSpace`). */
export interface VersionSpaceArrays {
    kind: "arc" | "band";
    arcs: [number, number][];
    peak: unknown;
    phi: Float64Array;
    kappa: Float64Array;
    lower: Float64Array;
    upper: Float64Array;
    curves: Float64Array;
    curveExamples: number[];
    /** arc length (radians) through the origin, area of the (φ, θ) region with a threshold */
    size: number;
}
/** One teacher-labelled example (`data::generate::example`). */
export interface TeacherExample { x: number; y: number; label: number }
/** A scene with its version space (`null` for no points). */
export type SceneWithVersionSpace = Scene & { versionSpace: VersionSpaceArrays | null };
/** 2-D points from CSV text. */
export interface RegionArrays { labels: Float64Array; arc: [number, number] | null; lower: Float64Array; upper: Float64Array }
export interface ParsedPoints { xs: Float64Array; ys: Float64Array; notices: string[] }
/** A perceptron `(w, θ)`. */
export interface Perceptron { w: number[]; theta: number }
/** The Bayes student with the accuracy of its estimate (`train::students::BayesPoint`). */
export interface BayesPoint { perceptron: { w: number[]; theta: number }; samples: number; angleSe: number; thetaSe: number; steps: number }
/** A seeded student–teacher set. */
export interface TeacherSet { xs: number[]; ys: number[]; teacher: number[] }
"#;

/// Installs the panic hook so that a broken invariant shows up in the console with its message.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// The one conversion of any error (the core's, serde's) into a JS `Error` with its message.
fn js_error(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(js_error)
}

/// A structured argument, or `default` when it is `undefined` or `null`.
fn from_js<T: serde::de::DeserializeOwned + Default>(
    value: JsValue,
    what: &str,
) -> Result<T, JsError> {
    if value.is_undefined() || value.is_null() {
        Ok(T::default())
    } else {
        serde_wasm_bindgen::from_value(value).map_err(|e| js_error(format!("bad {what}: {e}")))
    }
}

/// The catalogue: every algorithm (name, label, colour, dash, width, role, texts), the charts,
/// the theory curves, the teacher's and the error colour, and the settings' defaults and limits
/// (see `catalogue::Catalogue`). The page builds its menus, legends and palette from it.
///
/// # Errors
/// Throws only if the catalogue cannot be converted.
#[wasm_bindgen(unchecked_return_type = "Catalogue")]
pub fn catalogue() -> Result<JsValue, JsError> {
    to_js(&catalogue::catalogue())
}

fn points(xs: &[f64], ys: &[f64]) -> Result<Dataset, JsError> {
    Ok(Dataset::from_user(xs.to_vec(), 2, ys.to_vec())?)
}

/// Checks 2-D points (`xs` row-major `[x0, y0, x1, y1, …]`, labels ±1 or 0/1) and returns the
/// labels mapped to ±1.
///
/// # Errors
/// Throws an `Error` naming the first bad point (NaN, ±∞, bad label, > 10 000 points).
#[wasm_bindgen(js_name = checkPoints)]
pub fn check_points(xs: &[f64], ys: &[f64]) -> Result<Box<[f64]>, JsError> {
    Ok(points(xs, ys)?.labels().into())
}

fn settings_from(settings: JsValue) -> Result<scene::Settings, JsError> {
    from_js(settings, "settings")
}

fn set(target: &Object, key: &str, value: &JsValue) -> Result<(), JsError> {
    Reflect::set(target, &JsValue::from_str(key), value)
        .map(|_| ())
        .map_err(|_| js_error("could not build the result object"))
}

/// The version space as `{kind: "arc" | "band", arcs, phi, kappa, lower, upper, curveExamples,
/// curves, peak, size}`, the sampled arrays as `Float64Array`s (copies).
fn version_space_js(vs: &VersionSpace) -> Result<JsValue, JsError> {
    let o = Object::new();
    let kind = match vs.mode {
        Mode::Homogeneous => "arc",
        Mode::Threshold => "band",
    };
    set(&o, "kind", &kind.into())?;
    set(&o, "arcs", &to_js(&vs.arcs)?)?;
    set(&o, "peak", &to_js(&vs.peak)?)?;
    set(&o, "size", &vs.size.into())?;
    set(&o, "curveExamples", &to_js(&vs.curve_examples)?)?;
    for (key, values) in [
        ("phi", &vs.phi),
        ("kappa", &vs.kappa),
        ("lower", &vs.lower),
        ("upper", &vs.upper),
        ("curves", &vs.curves),
    ] {
        set(&o, key, &Float64Array::from(&values[..]).into())?;
    }
    Ok(o.into())
}

/// The scene as a plain object (see `scene::Scene`, without the version space), each rule's
/// per-example arrays as typed arrays: `stabilities` and `embedding` as `Float64Array`,
/// `misclassified` as `Uint32Array` (at `P = 10 000` a scene per frame would otherwise build some
/// 10⁵ JS numbers one by one: 5 ms of a drag frame).
fn scene_js(mut scene: Scene) -> Result<JsValue, JsError> {
    let take = |v: &mut AlgorithmView| {
        (
            std::mem::take(&mut v.stabilities),
            std::mem::take(&mut v.embedding),
            std::mem::take(&mut v.misclassified),
        )
    };
    let exact = scene.exact.as_mut().map(take);
    let rules: Vec<_> = scene.algorithms.iter_mut().map(take).collect();
    let out = to_js(&scene)?;
    let attach =
        |view: &JsValue,
         (stabilities, embedding, misclassified): (Vec<f64>, Vec<f64>, Vec<usize>)| {
            let view: &Object = view.unchecked_ref();
            set(
                view,
                "stabilities",
                &Float64Array::from(&stabilities[..]).into(),
            )?;
            set(
                view,
                "embedding",
                &Float64Array::from(&embedding[..]).into(),
            )?;
            let indices: Vec<u32> = misclassified.iter().map(|&i| i as u32).collect();
            set(
                view,
                "misclassified",
                &Uint32Array::from(&indices[..]).into(),
            )
        };
    let get = |o: &JsValue, key: &str| {
        Reflect::get(o, &JsValue::from_str(key))
            .map_err(|_| js_error("could not read the scene object"))
    };
    if let Some(arrays) = exact {
        attach(&get(&out, "exact")?, arrays)?;
    }
    let views = get(&out, "algorithms")?;
    for (i, arrays) in rules.into_iter().enumerate() {
        attach(
            &Reflect::get_u32(&views, i as u32)
                .map_err(|_| js_error("could not read the scene object"))?,
            arrays,
        )?;
    }
    Ok(out)
}

/// Trains the chosen algorithms on 2-D points and returns the scene (see `scene::Scene`) as a
/// plain object, with `versionSpace` (or `null` for no points). `settings`: `{threshold, algorithms, maxEpochs, maxEpochsOptimal, gapTolerance}`,
/// every field optional.
///
/// # Errors
/// Throws on bad points (see `checkPoints`), unknown algorithm names or malformed settings.
#[wasm_bindgen(js_name = computeScene, unchecked_return_type = "SceneWithVersionSpace")]
pub fn compute_scene(
    xs: &[f64],
    ys: &[f64],
    #[wasm_bindgen(unchecked_param_type = "Partial<Settings> | undefined")] settings: JsValue,
) -> Result<JsValue, JsError> {
    let data = points(xs, ys)?;
    let mut scene = scene::compute(&data, &settings_from(settings)?)?;
    let version_space = scene.version_space.take();
    let out = scene_js(scene)?;
    let vs = match &version_space {
        Some(vs) => version_space_js(vs)?,
        None => JsValue::NULL,
    };
    set(out.unchecked_ref(), "versionSpace", &vs)?;
    Ok(out)
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

    /// The scene as it stands (as `computeScene` returns it, without the version space).
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
        let map: std::collections::BTreeMap<&str, &scene::Trace> = self
            .inner
            .traces()
            .into_iter()
            .map(|(a, t)| (a.name(), t))
            .collect();
        to_js(&map)
    }

    /// The version space of these points (it does not change while the rules train), or `null`.
    ///
    /// # Errors
    /// Throws only if it cannot be converted.
    #[wasm_bindgen(js_name = versionSpace, unchecked_return_type = "VersionSpaceArrays | null")]
    pub fn version_space(&self) -> Result<JsValue, JsError> {
        self.inner
            .version_space()
            .map_or(Ok(JsValue::NULL), version_space_js)
    }
}

/// One rule stepped for the training animation (see `animation::Animation`).
#[wasm_bindgen]
pub struct Animation {
    inner: animation::Animation,
}

#[wasm_bindgen]
impl Animation {
    /// Starts rule `name` (any training rule of the catalogue) tabula rasa on 2-D points with the
    /// page's settings (as for `computeScene`).
    ///
    /// # Errors
    /// Throws on bad points, an unknown name, or a rule that cannot start (no points; one class
    /// with a threshold for MinOver/AdaTron).
    #[wasm_bindgen(constructor)]
    pub fn new(
        name: &str,
        xs: &[f64],
        ys: &[f64],
        #[wasm_bindgen(unchecked_param_type = "Partial<Settings> | undefined")] settings: JsValue,
    ) -> Result<Animation, JsError> {
        let algorithm = Algorithm::from_name(name)?;
        let data = points(xs, ys)?;
        Ok(Self {
            inner: animation::Animation::new(algorithm, &data, &settings_from(settings)?)?,
        })
    }

    /// Recorded frame `i` (0: the start) `{step, w, theta, phi, thetaUnit, example, partner,
    /// updated, updates, kappa, errors, kappaUpper, stop}` and `misclassified` (a `Uint32Array`
    /// of the examples `w(t)` misclassifies); the history is kept here only.
    ///
    /// # Errors
    /// Throws for `i` beyond the recorded frames.
    #[wasm_bindgen(unchecked_return_type = "Frame & { misclassified: Uint32Array }")]
    pub fn frame(&self, i: usize) -> Result<JsValue, JsError> {
        let frames = self.inner.frames();
        let frame = frames.get(i).ok_or_else(|| {
            js_error(format!(
                "no frame {i}: {} frames are recorded",
                frames.len()
            ))
        })?;
        let out = to_js(frame)?;
        let misclassified: Vec<u32> = self
            .inner
            .misclassified(i)
            .unwrap_or_default()
            .into_iter()
            .map(|mu| mu as u32)
            .collect();
        set(
            out.unchecked_ref(),
            "misclassified",
            &Uint32Array::from(&misclassified[..]).into(),
        )?;
        Ok(out)
    }

    /// The number of recorded frames (at least 1, the start).
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> usize {
        self.inner.frames().len()
    }

    /// Whether the rule has stopped (further steps record nothing).
    #[wasm_bindgen(getter)]
    pub fn stopped(&self) -> bool {
        self.inner.stopped()
    }

    /// Takes one step (nothing once stopped) and returns the last frame.
    ///
    /// # Errors
    /// Throws only if the frame cannot be converted.
    #[wasm_bindgen(unchecked_return_type = "Frame")]
    pub fn step(&mut self) -> Result<JsValue, JsError> {
        to_js(self.inner.step())
    }

    /// The rule's trace up to recorded frame `i` (`{t, kappa, upper, updates, errors,
    /// pocketErrors}`, `scene::Trace`), built from the frames shown.
    ///
    /// # Errors
    /// Throws only if it cannot be converted.
    #[wasm_bindgen(unchecked_return_type = "Trace")]
    pub fn trace(&self, i: usize) -> Result<JsValue, JsError> {
        to_js(&self.inner.trace(i))
    }
}

/// One rule's view as a plain object, its per-example arrays as typed arrays (as [`scene_js`]).
fn view_js(mut view: AlgorithmView) -> Result<JsValue, JsError> {
    let stabilities = std::mem::take(&mut view.stabilities);
    let embedding = std::mem::take(&mut view.embedding);
    let misclassified: Vec<u32> = std::mem::take(&mut view.misclassified)
        .into_iter()
        .map(|i| i as u32)
        .collect();
    let out = to_js(&view)?;
    let o: &Object = out.unchecked_ref();
    set(
        o,
        "stabilities",
        &Float64Array::from(&stabilities[..]).into(),
    )?;
    set(o, "embedding", &Float64Array::from(&embedding[..]).into())?;
    set(
        o,
        "misclassified",
        &Uint32Array::from(&misclassified[..]).into(),
    )?;
    Ok(out)
}

/// Compare mode's race (see `animation::Race`): the compared rules stepped in lockstep, every
/// step recorded, so that the page can scrub it.
#[wasm_bindgen]
pub struct Race {
    inner: animation::Race,
}

#[wasm_bindgen]
impl Race {
    /// Starts `rules` tabula rasa on 2-D points with the page's settings (as for `Training`).
    ///
    /// # Errors
    /// Throws on bad points, unknown names or malformed settings.
    #[wasm_bindgen(constructor)]
    pub fn new(
        xs: &[f64],
        ys: &[f64],
        #[wasm_bindgen(unchecked_param_type = "Partial<Settings> | undefined")] settings: JsValue,
        rules: Vec<String>,
    ) -> Result<Race, JsError> {
        let data = points(xs, ys)?;
        let rules = rules
            .iter()
            .map(|r| Algorithm::from_name(r))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Self {
            inner: animation::Race::new(&data, &settings_from(settings)?, &rules)?,
        })
    }

    /// One step of every rule that has not stopped; returns whether every rule has stopped.
    pub fn step(&mut self) -> bool {
        self.inner.step()
    }

    /// The race steps taken.
    #[wasm_bindgen(getter)]
    pub fn steps(&self) -> usize {
        self.inner.steps()
    }

    /// Whether every rule has stopped.
    #[wasm_bindgen(getter)]
    pub fn stopped(&self) -> bool {
        self.inner.stopped()
    }

    /// The rules at race step `t` (clamped to the steps taken), as `Scene.algorithms`.
    ///
    /// # Errors
    /// Throws only if they cannot be converted.
    #[wasm_bindgen(unchecked_return_type = "AlgorithmView[]")]
    pub fn views(&self, t: usize) -> Result<JsValue, JsError> {
        let out = js_sys::Array::new();
        for view in self.inner.views(t) {
            out.push(&view_js(view)?);
        }
        Ok(out.into())
    }

    /// The rules' traces up to race step `t`: `{name: Trace}`.
    ///
    /// # Errors
    /// Throws only if they cannot be converted.
    #[wasm_bindgen(unchecked_return_type = "Record<string, Trace>")]
    pub fn traces(&self, t: usize) -> Result<JsValue, JsError> {
        let map: std::collections::BTreeMap<&str, scene::Trace> = self
            .inner
            .traces(t)
            .into_iter()
            .map(|(a, t)| (a.name(), t))
            .collect();
        to_js(&map)
    }
}

#[derive(Serialize)]
struct TeacherSet {
    xs: Vec<f64>,
    ys: Vec<f64>,
    teacher: Vec<f64>,
}

/// The curve of one 2-D example on the version space's grid (`version_space::curve`): its
/// stability `S ξ·u(φ)` through the origin, `ξ·u(φ)` with a threshold — for the examples a
/// version space of many points does not carry.
///
/// # Errors
/// Throws on a bad point.
#[wasm_bindgen(js_name = exampleCurve)]
pub fn example_curve(x: f64, y: f64, label: f64, threshold: bool) -> Result<Box<[f64]>, JsError> {
    let data = points(&[x, y], &[label])?;
    Ok(crate::version_space::curve(&data, 0, Mode::from_threshold(threshold))?.into())
}

/// How many of the `2^P` labellings of the points are strictly separable in the mode
/// (`dichotomies::count`: exact, from the geometry), beside Cover's `C(P, N)`; the points' own
/// labels are ignored.
///
/// # Errors
/// Throws on bad points.
#[wasm_bindgen(js_name = dichotomyCount, unchecked_return_type = "Count")]
pub fn dichotomy_count(xs: &[f64], ys: &[f64], threshold: bool) -> Result<JsValue, JsError> {
    let data = points(xs, ys)?;
    to_js(&dichotomies::count(&data, Mode::from_threshold(threshold))?)
}

/// Every separable labelling of the points in the mode, each with its optimal perceptron
/// (`dichotomies::labellings`), for at most `LIMITS.labelling_points` points.
///
/// # Errors
/// Throws on bad points or too many of them.
#[wasm_bindgen(js_name = separableLabellings, unchecked_return_type = "Labelling[]")]
pub fn separable_labellings(xs: &[f64], ys: &[f64], threshold: bool) -> Result<JsValue, JsError> {
    let data = points(xs, ys)?;
    to_js(&dichotomies::labellings(
        &data,
        Mode::from_threshold(threshold),
        catalogue::LIMITS.labelling_points,
    )?)
}

/// The cell of weight space that holds the perceptron `(u(φ), θ)` (`version_space::region_at`):
/// `{labels, arc, lower, upper}` with `labels`, `lower` and `upper` as `Float64Array`s, or `null`
/// on a boundary.
///
/// # Errors
/// Throws on bad points.
#[wasm_bindgen(js_name = regionAt, unchecked_return_type = "RegionArrays | null")]
pub fn region_at(
    xs: &[f64],
    ys: &[f64],
    threshold: bool,
    phi: f64,
    theta: f64,
) -> Result<JsValue, JsError> {
    let data = points(xs, ys)?;
    let Some(region) =
        crate::version_space::region_at(&data, Mode::from_threshold(threshold), phi, theta)?
    else {
        return Ok(JsValue::NULL);
    };
    let o = Object::new();
    set(&o, "arc", &to_js(&region.arc)?)?;
    for (key, values) in [
        ("labels", &region.labels),
        ("lower", &region.lower),
        ("upper", &region.upper),
    ] {
        set(&o, key, &Float64Array::from(&values[..]).into())?;
    }
    Ok(o.into())
}

/// `k` draws of the Gibbs student from the version space of the 2-D points
/// (`train::students::samples`: exact uniform draws, through the origin a uniform direction on
/// the arc, with a threshold a uniform point of the `(φ, θ)` band), seeded with `seed` (the
/// data view's `gibbs` rule shows the first draw of the same seed; another seed resamples):
/// `[{w, theta}, …]` with `|w| = 1`.
///
/// # Errors
/// Throws on bad points, for no points, one class with a threshold, or an empty version space
/// (the set is not linearly separable in the mode).
#[wasm_bindgen(js_name = gibbsSamples, unchecked_return_type = "Perceptron[]")]
pub fn gibbs_samples(
    xs: &[f64],
    ys: &[f64],
    threshold: bool,
    k: usize,
    seed: u32,
) -> Result<JsValue, JsError> {
    let data = points(xs, ys)?;
    to_js(&train::students::samples(
        &data,
        Mode::from_threshold(threshold),
        k,
        u64::from(seed),
    )?)
}

/// The Bayes student of the 2-D points (`train::students::bayes_point`; exact in 2-D: through
/// the origin the arc's midpoint, with a threshold the band's centroid under `dφ dθ`):
/// `{perceptron: {w, theta}, samples, angleSe, thetaSe, steps}`.
///
/// # Errors
/// As `gibbsSamples`.
#[wasm_bindgen(js_name = bayesPoint, unchecked_return_type = "BayesPoint")]
pub fn bayes_point(xs: &[f64], ys: &[f64], threshold: bool) -> Result<JsValue, JsError> {
    let data = points(xs, ys)?;
    to_js(&train::students::bayes_point(
        &data,
        Mode::from_threshold(threshold),
        1,
    )?)
}

/// The generalisation error of `(w, θ)` against the teacher `(w*, θ*)` for Gaussian inputs
/// (`generalization::generalization_error`): `arccos(R)/π` through the origin, the exact
/// probability of disagreement with thresholds; `NaN` for a zero vector.
#[wasm_bindgen(js_name = generalizationError)]
pub fn generalization_error(w: &[f64], theta: f64, teacher: &[f64], teacher_theta: f64) -> f64 {
    crate::generalization::generalization_error(w, theta, teacher, teacher_theta)
}

/// Example `k` of the growing teacher set of `seed` (`data::generate::example`): a 2-D Gaussian
/// input labelled by the teacher `(w*, θ*)`, flipped with probability `noise`.
///
/// # Errors
/// Throws for a teacher that is not 2-D and for a bad noise level.
#[wasm_bindgen(js_name = teacherExample, unchecked_return_type = "TeacherExample")]
pub fn teacher_example(
    teacher: &[f64],
    teacher_theta: f64,
    noise: f64,
    seed: u32,
    k: u32,
) -> Result<JsValue, JsError> {
    if teacher.len() != 2 {
        return Err(js_error("the teacher must be a 2-D vector"));
    }
    let (x, label) =
        generate::example(teacher, teacher_theta, noise, u64::from(seed), u64::from(k))?;
    let o = Object::new();
    set(&o, "x", &x[0].into())?;
    set(&o, "y", &x[1].into())?;
    set(&o, "label", &label.into())?;
    Ok(o.into())
}

/// A seeded 2-D student–teacher set: `{xs, ys, teacher}` with Gaussian inputs, `|w*|² = 2` and
/// labels flipped with probability `noise`.
///
/// # Errors
/// Throws for `p` above 10 000 or `noise ∉ [0, 1]`.
#[wasm_bindgen(js_name = teacherSet, unchecked_return_type = "TeacherSet")]
pub fn teacher_set(p: usize, seed: u32, noise: f64) -> Result<JsValue, JsError> {
    let (data, teacher) = generate::preset_2d(p, u64::from(seed), noise)?;
    to_js(&TeacherSet {
        xs: data.features().to_vec(),
        ys: data.labels().to_vec(),
        teacher,
    })
}

fn curve_params(params: JsValue) -> Result<CurveParams, JsError> {
    serde_wasm_bindgen::from_value(params)
        .map_err(|e| js_error(format!("bad sweep parameters: {e}")))
}

/// Runs cells `start..end` of a learning-curve sweep (`params` as `experiment::CurveParams`,
/// camelCase) and returns their results, for a `Curve` to combine.
///
/// # Errors
/// Throws on invalid parameters or cell indices.
#[wasm_bindgen(js_name = runCells, unchecked_return_type = "CellResult[]")]
pub fn run_cells(
    #[wasm_bindgen(unchecked_param_type = "CurveParams")] params: JsValue,
    start: usize,
    end: usize,
) -> Result<JsValue, JsError> {
    let params = curve_params(params)?;
    to_js(&experiment::run_cells(&params, start..end, |_| {})?)
}

/// The number of cells `(α, repetition)` of a sweep.
///
/// # Errors
/// Throws on invalid parameters.
#[wasm_bindgen(js_name = curveCells)]
pub fn curve_cells(
    #[wasm_bindgen(unchecked_param_type = "CurveParams")] params: JsValue,
) -> Result<usize, JsError> {
    let params = curve_params(params)?;
    params.validate()?;
    Ok(params.cells())
}

/// `count` evenly spaced values of `α` from `start` to `stop` (`experiment::alpha_grid`).
#[wasm_bindgen(js_name = alphaGrid)]
pub fn alpha_grid(start: f64, stop: f64, count: usize) -> Box<[f64]> {
    experiment::alpha_grid(start, stop, count).into()
}

/// A finished sweep: its rows, summarised once from the results of every cell, for the table,
/// the CSV and the charts.
#[wasm_bindgen]
pub struct Curve {
    params: CurveParams,
    rows: Vec<Row>,
}

impl Curve {
    /// The curve of `params` from the cells' `results`, summarised by `summarize` (all cells, or
    /// the finished `α`).
    fn summarized(
        params: JsValue,
        results: JsValue,
        summarize: fn(&CurveParams, &[experiment::CellResult]) -> crate::error::Result<Vec<Row>>,
    ) -> Result<Curve, JsError> {
        let params = curve_params(params)?;
        let results: Vec<experiment::CellResult> =
            serde_wasm_bindgen::from_value(results).map_err(js_error)?;
        let rows = summarize(&params, &results)?;
        Ok(Curve { params, rows })
    }
}

#[wasm_bindgen]
impl Curve {
    /// Combines the results of every cell (`runCells`) of `params`.
    ///
    /// # Errors
    /// Throws on bad parameters, or unless `results` holds every cell exactly once.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "CurveParams")] params: JsValue,
        #[wasm_bindgen(unchecked_param_type = "CellResult[]")] results: JsValue,
    ) -> Result<Curve, JsError> {
        Curve::summarized(params, results, experiment::summarize)
    }

    /// The curve of a sweep still running: the rows of the `α` whose cells are all among
    /// `results` (`experiment::summarize_finished`), drawn as they come.
    ///
    /// # Errors
    /// Throws on bad parameters, or a cell out of range or given twice.
    pub fn partial(
        #[wasm_bindgen(unchecked_param_type = "CurveParams")] params: JsValue,
        #[wasm_bindgen(unchecked_param_type = "CellResult[]")] results: JsValue,
    ) -> Result<Curve, JsError> {
        Curve::summarized(params, results, experiment::summarize_finished)
    }

    /// The rows `{algorithm, n, p, alpha, reps, epsGMean, …}`.
    ///
    /// # Errors
    /// Throws only if the rows cannot be converted.
    #[wasm_bindgen(unchecked_return_type = "Row[]")]
    pub fn rows(&self) -> Result<JsValue, JsError> {
        to_js(&self.rows)
    }

    /// The page's CSV: the CLI's columns plus `separable_fraction` and
    /// `random_separable_fraction` (`experiment::page_csv`).
    pub fn csv(&self) -> String {
        experiment::page_csv(&self.rows)
    }

    /// Draws chart `which` (a name of the catalogue's charts) on `canvas` with plotters, the
    /// theory curves overlaid, its sizes times `scale` (the backing store's pixels per CSS pixel).
    ///
    /// # Errors
    /// Throws for an unknown chart or a drawing failure.
    pub fn draw(
        &self,
        canvas: web_sys::HtmlCanvasElement,
        #[wasm_bindgen(unchecked_param_type = "Chart")] which: &str,
        scale: f64,
    ) -> Result<(), JsError> {
        let spec = crate::chart::spec(Chart::from_name(which)?, &self.params, &self.rows);
        let backend = plotters_canvas::CanvasBackend::with_canvas_object(canvas)
            .ok_or_else(|| js_error("the chart canvas has no 2-D context"))?;
        let area = plotters::prelude::IntoDrawingArea::into_drawing_area(backend);
        crate::chart::draw(&area, &spec, scale).map_err(js_error)
    }
}

// The learning-curve panel's charts that say what they average, its previews and traces (issue
// 17; `crate::chart`).

/// A chart canvas as a plotters drawing area.
fn chart_area(
    canvas: web_sys::HtmlCanvasElement,
) -> Result<
    plotters::prelude::DrawingArea<plotters_canvas::CanvasBackend, plotters::coord::Shift>,
    JsError,
> {
    let backend = plotters_canvas::CanvasBackend::with_canvas_object(canvas)
        .ok_or_else(|| js_error("the chart canvas has no 2-D context"))?;
    Ok(plotters::prelude::IntoDrawingArea::into_drawing_area(
        backend,
    ))
}

#[wasm_bindgen]
impl Curve {
    /// Draws chart `which` as `draw` does and returns `{hits, notes}` (`chart::Drawn`): where
    /// each point was drawn (canvas pixels), its algorithm, `α`, whether it is hollow and its
    /// hover text; and the notes printed under the chart.
    ///
    /// # Errors
    /// Throws for an unknown chart or a drawing failure.
    #[wasm_bindgen(js_name = drawMarked, unchecked_return_type = "Drawn")]
    pub fn draw_marked(
        &self,
        canvas: web_sys::HtmlCanvasElement,
        #[wasm_bindgen(unchecked_param_type = "Chart")] which: &str,
        scale: f64,
    ) -> Result<JsValue, JsError> {
        let spec = crate::chart::spec(Chart::from_name(which)?, &self.params, &self.rows);
        to_js(&crate::chart::draw_marked(&chart_area(canvas)?, &spec, scale).map_err(js_error)?)
    }
}

/// Draws chart `which` of the sweep `params` before it has run: its theory curves on its α
/// range, no points (a preview of a preset's overlays).
///
/// # Errors
/// Throws on bad parameters, an unknown chart or a drawing failure.
#[wasm_bindgen(js_name = drawPreview)]
pub fn draw_preview(
    canvas: web_sys::HtmlCanvasElement,
    #[wasm_bindgen(unchecked_param_type = "CurveParams")] params: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Chart")] which: &str,
    scale: f64,
) -> Result<(), JsError> {
    let params = curve_params(params)?;
    params.validate()?;
    let spec = crate::chart::spec(Chart::from_name(which)?, &params, &[]);
    crate::chart::draw(&chart_area(canvas)?, &spec, scale).map_err(js_error)
}

/// One run of a sweep's cell step by step (`experiment::trace`), kept for its chart and CSV.
#[wasm_bindgen]
pub struct CellTrace {
    params: CurveParams,
    algorithm: Algorithm,
    cell: usize,
    points: Vec<experiment::TracePoint>,
}

/// The trace of rule `algorithm` in cell `cell` of the sweep `params`, a point every `every`
/// steps (and at the start and the end): the CLI's `trace` is cell 0 of the sweep with
/// `alphas: [α], reps: 1`.
///
/// # Errors
/// Throws on bad parameters, `every = 0`, a cell out of range, `exact` (not a training rule)
/// or an unknown name.
#[wasm_bindgen(js_name = traceCell)]
pub fn trace_cell(
    #[wasm_bindgen(unchecked_param_type = "CurveParams")] params: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Algorithm")] algorithm: &str,
    cell: usize,
    every: usize,
) -> Result<CellTrace, JsError> {
    let params = curve_params(params)?;
    let algorithm = Algorithm::from_name(algorithm)?;
    let points = experiment::trace(&params, algorithm, cell, every)?;
    Ok(CellTrace {
        params,
        algorithm,
        cell,
        points,
    })
}

#[wasm_bindgen]
impl CellTrace {
    /// The trace points `{t, updates, kappa, kappaUpper, epsG, trainError}`.
    ///
    /// # Errors
    /// Throws only if they cannot be converted.
    #[wasm_bindgen(unchecked_return_type = "TracePoint[]")]
    pub fn points(&self) -> Result<JsValue, JsError> {
        to_js(&self.points)
    }

    /// The trace as the CLI's `trace` prints it (`t,updates,kappa,kappa_upper,eps_g,train_error`).
    pub fn csv(&self) -> String {
        experiment::trace_csv(&self.points)
    }

    /// Draws the trace's chart (`chart::draw_trace`: κ(w), κ_upper and the exact κ_max above,
    /// ε_g and the training error below) on `canvas`, sizes times `scale`.
    ///
    /// # Errors
    /// Throws on a drawing failure.
    pub fn draw(&self, canvas: web_sys::HtmlCanvasElement, scale: f64) -> Result<(), JsError> {
        let spec = crate::chart::trace_spec(&self.params, self.algorithm, self.cell, &self.points)?;
        crate::chart::draw_trace(&chart_area(canvas)?, &spec, scale).map_err(js_error)
    }
}

/// Parses CSV text of 2-D points (`x1,x2,label` or `x,y,label`; other columns ignored) into
/// `{xs, ys, notices}` (labels mapped to ±1).
///
/// # Errors
/// Throws an `Error` naming the line and the problem.
#[wasm_bindgen(js_name = parsePointsCsv, unchecked_return_type = "ParsedPoints")]
pub fn parse_points_csv(text: &str) -> Result<JsValue, JsError> {
    let (data, notices) = crate::data::csv::parse_2d(text)?;
    let out = Object::new();
    set(&out, "xs", &Float64Array::from(data.features()).into())?;
    set(&out, "ys", &Float64Array::from(data.labels()).into())?;
    set(&out, "notices", &to_js(&notices)?)?;
    Ok(out.into())
}

/// Runs a training kernel for timing (`kernels::run`): a seeded teacher set of `p` examples in
/// `n` dimensions, then `reps` runs of `algorithm` (`minover`, `adatron`) through the origin for
/// exactly `epochs` epochs. Returns the total number of steps; the caller times the call.
/// Only with the `bench` feature (`make build-bench`).
///
/// # Errors
/// Throws for an unknown algorithm or a bad size or epoch count.
#[cfg(feature = "bench")]
#[wasm_bindgen(js_name = benchKernel)]
pub fn bench_kernel(
    algorithm: &str,
    n: usize,
    p: usize,
    epochs: f64,
    seed: u32,
    reps: usize,
) -> Result<usize, JsError> {
    Ok(crate::kernels::run(
        Algorithm::from_name(algorithm)?,
        n,
        p,
        epochs,
        u64::from(seed),
        reps,
    )?)
}

/// Benchmark hook: a seeded teacher set (teacher, then `p` inputs of dimension `n`, from one
/// generator seeded with `seed`: the set of `examples/exact_timing.rs`) kept in wasm memory, so
/// that `bench/exact-wasm.mjs` can time the exact solve alone. Only with the `bench` feature.
#[cfg(feature = "bench")]
#[wasm_bindgen(js_name = ExactBench)]
pub struct ExactBench {
    data: Dataset,
}

#[cfg(feature = "bench")]
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
