//! The training animation (`Animation`: one rule stepped and recorded) and compare mode's race
//! (`Race`: the compared rules in lockstep).

use super::arrays::indices;
use super::arrays::views_js;
use super::{js_error, points, settings_from, to_js, traces_js};
use crate::animation;
use crate::catalogue::Algorithm;
use js_sys::Uint32Array;
use wasm_bindgen::prelude::*;

/// One rule stepped for the training animation (see `animation::Animation`).
#[wasm_bindgen]
pub struct Animation {
    inner: animation::Animation,
}

#[wasm_bindgen]
impl Animation {
    /// Starts rule `name` (any training rule of the catalogue) tabula rasa on 2-D points with the
    /// page's settings (as for `Training`).
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
        // the frame with the examples `w(t)` misclassifies, a typed array after its fields
        let js = to_js(frame)?;
        let misclassified = indices(&self.inner.misclassified(i).unwrap_or_default());
        js_sys::Reflect::set(&js, &JsValue::from_str("misclassified"), &misclassified)
            .map_err(|_| js_error("a frame is not an object"))?;
        Ok(js)
    }

    /// The number of recorded frames (at least 1, the start).
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> usize {
        self.inner.frames().len()
    }

    /// How many times the recorded frames were thinned (a long run keeps at most
    /// `animation::MAX_FRAMES`): when it changes, the page keeps the frames of
    /// [`Animation::numbers`].
    #[wasm_bindgen(getter)]
    pub fn thinned(&self) -> usize {
        self.inner.thinned()
    }

    /// The numbers of the frames kept (`Frame.number`, increasing; frame `i` is number
    /// `numbers()[i]`).
    pub fn numbers(&self) -> Uint32Array {
        let numbers: Vec<usize> = self.inner.frames().iter().map(|f| f.number).collect();
        indices(&numbers)
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
        views_js(self.inner.views(t))
    }

    /// The rules' traces up to race step `t`: `{name: Trace}`.
    ///
    /// # Errors
    /// Throws only if they cannot be converted.
    #[wasm_bindgen(unchecked_return_type = "Record<string, Trace>")]
    pub fn traces(&self, t: usize) -> Result<JsValue, JsError> {
        traces_js(self.inner.traces(t))
    }
}
