/**
 * Loading data sets into the controller: the presets by id (fixed points, shipped files, generated
 * teacher sets) and a new teacher set from the control bar's P, λ and seed (`TeacherForm`).
 */

import { parseCsv } from "../files/data-io.js";
import { FILE_PRESETS, FIXED_PRESETS, GENERATED_PRESETS } from "./presets.js";
import { checkSeed } from "./state-fields.js";
import { pointsFrom } from "./state.js";
import { teacherOfSet } from "../training/teacher.js";
import { errorMessage } from "../text/format.js";

/**
 * The control bar's fields of a generated set as typed (P, the label noise λ, the seed); a
 * generated preset writes its own λ into `noise`.
 * @typedef {{p: string, noise: string, seed: string}} TeacherForm
 */

/**
 * The teacher-set fields of the control bar, read and written through the elements.
 * @param {(id: string) => any} el
 * @returns {TeacherForm}
 */
export function teacherForm(el) {
  /** The field `id` as a property of the form. @param {string} id */
  const field = (id) => ({
    get: () => el(id).value,
    set: (/** @type {string} */ v) => {
      el(id).value = v;
    },
    enumerable: true,
  });
  return Object.defineProperties(/** @type {TeacherForm} */ ({}), { p: field("teacher-p"), noise: field("teacher-noise"), seed: field("teacher-seed") });
}

/**
 * Loads a preset by id; generated presets use P and the seed of `form`, the teacher sets their
 * own λ, which they put in `form.noise` (`newTeacherSet`). A file preset arrives later
 * (`app.loading` resolves then). Throws on an unknown id.
 * @param {import("./controller.js").App} app
 * @param {string} id
 * @param {TeacherForm} form
 * @param {{record?: boolean}} [options] `record` false: not an edit (for undo), as at boot
 */
export function loadPreset(app, id, form, options = {}) {
  const fixed = FIXED_PRESETS.find((p) => p.id === id);
  if (fixed) {
    app.setPoints(
      fixed.points.map((p) => ({ ...p })),
      { threshold: fixed.threshold, preset: id, ...options },
    );
    return;
  }
  const file = FILE_PRESETS.find((p) => p.id === id);
  if (file) {
    const embedded = globalThis.PLAB_FILES?.[file.path];
    const url = new URL(`www/${file.path}`, document.baseURI);
    app.loading = (
      embedded !== undefined
        ? Promise.resolve(embedded)
        : fetch(url).then((r) => {
            if (!r.ok) throw new Error(`${url.pathname}: HTTP ${r.status}`);
            return r.text();
          })
    )
      .then((text) => {
        app.setPoints(parseCsv(app.wasm, text).points, { threshold: file.threshold, preset: id, ...options });
        app.render();
      })
      .catch((e) => app.setMessage(`The preset could not be loaded: ${e.message}`, "error"));
    return;
  }
  const gen = GENERATED_PRESETS.find((p) => p.id === id);
  if (!gen) throw new Error(`unknown preset "${id}"`);
  if (id !== "random") form.noise = String(gen.noise);
  newTeacherSet(app, form, id === "random", options);
}

/**
 * A new generated set from the form's P, λ and seed, of the kind the menu shows unless `random`
 * says otherwise: random labels, else a teacher's with label noise λ. The menu then names it
 * ("teacher", or "noisy" when λ > 0, or "random"). A bad field is said in the status line.
 * @param {import("./controller.js").App} app
 * @param {TeacherForm} form
 * @param {{record?: boolean}} [options] as loadPreset's
 */
export function newTeacherSet(app, form, random = app.state.preset === "random", options = {}) {
  const p = Number(form.p);
  const seed = Number(form.seed);
  const noise = random ? 0.5 : Number(form.noise);
  try {
    if (!Number.isInteger(p) || p < 1) throw new Error(`P must be a whole number ≥ 1, got ${form.p}`);
    if (!(noise >= 0 && noise <= 1)) throw new Error(`λ must be a number in [0, 1], got ${form.noise}`);
    checkSeed(seed);
    const set = app.wasm.teacherSet(p, seed, noise);
    const preset = random ? "random" : noise > 0 ? "noisy" : "teacher";
    app.setPoints(pointsFrom(set.xs, set.ys), { teacher: random ? null : teacherOfSet(set.teacher, noise), preset, seed, ...options });
  } catch (e) {
    app.setMessage(errorMessage(e), "error");
  }
}
