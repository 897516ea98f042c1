/**
 * The teacher `(w*, θ*)` of a teacher set (Biehl §3.5): its labels, its turn and shift by
 * dragging, and every shown rule's generalisation error against it.
 */

import { teacherHandle } from "../views/data/data-lines.js";
import { checkTeacher } from "../app/state-fields.js";
import { setFields } from "../app/state.js";

/** @typedef {import("../app/controller.js").App} App */

/** @typedef {{w: number[], theta: number, noise: number}} Teacher */

/** The teacher of a generated set: `w*` through the origin with the set's label noise λ. @param {Iterable<number>} w @param {number} noise */
export function teacherOfSet(w, noise) {
  return /** @type {Teacher} */ (checkTeacher({ w: [...w], theta: 0, noise }));
}

/** The teacher's label of point `p` (without noise): `sign(w*·ξ − θ*)`, +1 on the line. @param {Teacher} t @param {{x: number, y: number}} p */
export function teacherLabel(t, p) {
  return t.w[0] * p.x + t.w[1] * p.y - t.theta >= 0 ? 1 : -1;
}

/**
 * The shown rules' (and the shown exact optimum's) generalisation errors against the teacher,
 * `{name: ε_g}`, computed by the core (`generalizationError`: `arccos(R)/π` through the origin,
 * the exact probability of disagreement under Gaussian inputs with thresholds). `NaN` for a rule
 * whose `w` is still zero.
 * @param {typeof import("../pkg/perceptron_lab.js")} wasm
 * @param {Teacher | null} teacher
 * @param {{shown: Record<string, boolean>}} state which rules are shown
 * @param {import("./data-view-training.js").ViewScene | null} scene
 */
export function generalizationErrors(wasm, teacher, state, scene) {
  /** @type {Record<string, number>} */
  const out = {};
  if (!teacher || !scene) return out;
  const list = scene.algorithms.filter((a) => state.shown[a.name]);
  if (scene.exact?.converged && state.shown.exact) list.push(scene.exact);
  for (const a of list) out[a.name] = wasm.generalizationError(Float64Array.from(a.w), a.theta, Float64Array.from(teacher.w), teacher.theta);
  return out;
}

/**
 * The teacher turned so that its arrow points from its base to the data point `q` (|w*| kept; the
 * line keeps passing through the base), or shifted so that its line passes through `q`.
 * @param {Teacher} t
 * @param {string} how "turn" or "shift"
 * @param {number[]} q
 * @param {number} len the arrow's length (data units)
 * @returns {Teacher}
 */
export function draggedTeacher(t, how, q, len) {
  const n = Math.hypot(t.w[0], t.w[1]);
  if (how === "shift") return { ...t, theta: t.w[0] * q[0] + t.w[1] * q[1] };
  const { base } = teacherHandle(t, len);
  const d = [q[0] - base[0], q[1] - base[1]];
  const m = Math.hypot(d[0], d[1]);
  if (!(m > 0)) return t;
  const w = [(n * d[0]) / m, (n * d[1]) / m];
  return { ...t, w, theta: w[0] * base[0] + w[1] * base[1] };
}

/**
 * Sets the teacher `{w, theta, noise}` (or null; checked first: a bad one throws and changes
 * nothing). The points keep their labels (`relabelByTeacher` relabels them) and the rules their
 * training; every ε_g follows. `record` false: one step of a drag, not an edit of its own.
 * @param {App} app
 * @param {unknown} teacher
 * @param {{record?: boolean}} [options]
 */
export function setTeacher(app, teacher, { record = true } = {}) {
  const t = checkTeacher(teacher);
  if (record) app.beginEdit();
  setFields(app.state, { teacher: t });
  app.student.edited();
  app.persist();
}

/**
 * Shows or hides the teacher's line and mark (one edit).
 * @param {App} app
 * @param {boolean} on
 */
export function setShowTeacher(app, on) {
  app.beginEdit();
  setFields(app.state, { showTeacher: on });
  app.persist();
}

/**
 * Gives every point the teacher's label `sign(w*·ξ − θ*)` (without noise; one edit).
 * @param {App} app
 */
export function relabelByTeacher(app) {
  const t = app.state.teacher;
  if (!t) throw new Error("relabelByTeacher: the points have no teacher");
  app.beginEdit();
  for (const p of app.state.points) p.label = teacherLabel(t, p);
  setFields(app.state, { region: null });
  app.commit();
}
