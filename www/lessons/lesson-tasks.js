/**
 * A step's task: something a student does alone on the live page, checked against its state by
 * one of a fixed list of checks the lesson file names, and shown as done once met. The checks
 * read the training's scene (the full runs), Cover's count and ε_g against the teacher.
 */

import { INFO, REFERENCES } from "../app/catalogue.js";
import { generalizationErrors } from "../training/teacher.js";

/**
 * The checks a task may name: what each reads and whether it takes a `value` (and of which kind).
 * @type {Record<string, {value: "none" | "number" | "count", test: (s: TaskInput, value: number) => boolean}>}
 */
export const TASK_CHECKS = {
  /** the set is linearly separable (in the mode shown) */
  separable: { value: "none", test: (s) => s.separable },
  /** the set is not linearly separable */
  "not-separable": { value: "none", test: (s) => !s.separable },
  /** κ_max above `value` (a separable set) */
  "kappa-above": { value: "number", test: (s, v) => s.separable && s.kappaMax > v },
  /** κ_max below `value` (a separable set) */
  "kappa-below": { value: "number", test: (s, v) => s.separable && s.kappaMax < v },
  /** Cover's count: the number of separable labellings equals `value` */
  labellings: { value: "count", test: (s, v) => s.labellings === v },
  /** Rosenblatt's rule (shown) needs at least `value` updates */
  "updates-at-least": { value: "count", test: (s, v) => s.rosenblattUpdates !== null && s.rosenblattUpdates >= v },
  /** some shown rule's ε_g against the teacher below `value` */
  "eps-below": { value: "number", test: (s, v) => s.eps.some((e) => e < v) },
};

/**
 * What the checks read.
 * @typedef {object} TaskInput
 * @property {boolean} separable
 * @property {number} kappaMax the exact optimum's κ (NaN when not separable)
 * @property {number | null} labellings Cover's count of the separable labellings (null while counted or above the page's limit)
 * @property {number | null} rosenblattUpdates Rosenblatt's updates (null when it is not shown)
 * @property {number[]} eps ε_g of each shown rule against the teacher (none without a teacher)
 */

/** @typedef {{check: string, text: string, value?: number}} LessonTask */

/**
 * Checks a step's `task` from a lesson file (absent: null); throws naming the field and what is allowed.
 * @param {any} v
 * @param {(v: any, what: string, max: number, optional?: boolean) => string} text the file's check of a text field
 * @returns {LessonTask | null}
 */
export function checkTask(v, text) {
  if (v === undefined || v === null) return null;
  if (typeof v !== "object" || Array.isArray(v)) throw new Error("task must be an object {check, text, value}");
  const kind = typeof v.check === "string" && Object.hasOwn(TASK_CHECKS, v.check) ? TASK_CHECKS[v.check] : undefined;
  if (!kind) throw new Error(`task: check must be one of ${Object.keys(TASK_CHECKS).join(", ")}, got ${JSON.stringify(String(v.check)).slice(0, 40)}`);
  const task = { check: String(v.check), text: text(v.text, "task: text", 400, false) };
  if (kind.value === "none") {
    if (v.value !== undefined) throw new Error(`task: the check "${v.check}" takes no value`);
    return task;
  }
  const ok = kind.value === "count" ? Number.isInteger(v.value) && v.value >= 0 && v.value <= 1e6 : Number.isFinite(v.value);
  if (!ok)
    throw new Error(
      `task: the check "${v.check}" needs a value, ${kind.value === "count" ? "a whole number in [0, 1000000]" : "a finite number"}; got ${String(v.value).slice(0, 20)}`,
    );
  return { ...task, value: v.value };
}

/**
 * What the checks read, from the training's scene, Cover's count and the teacher of `app`.
 * @param {import("../app/controller.js").App} app
 * @returns {TaskInput}
 */
export function taskInput(app) {
  app.ensureTrained();
  const scene = app.training.scene;
  const { state } = app;
  const count = app.counts.current();
  // the rule with the convergence theorem's bound M ≤ M* (Rosenblatt), when it is shown
  const rosenblatt = scene?.algorithms.find((/** @type {any} */ a) => INFO[a.name]?.updateBound && state.shown[a.name]) ?? null;
  const eps = state.teacher ? generalizationErrors(app.wasm, state.teacher, state, scene) : {};
  return {
    separable: scene?.separable ?? false,
    kappaMax: scene?.exact?.converged ? scene.exact.kappa : Number.NaN,
    labellings: count ? count.separable : null,
    rosenblattUpdates: rosenblatt ? rosenblatt.updates : null,
    eps: Object.entries(eps)
      .filter(([name]) => !REFERENCES.includes(/** @type {any} */ (name)))
      .map(([, e]) => e),
  };
}

/**
 * Whether `task` is met by `input`.
 * @param {LessonTask} task
 * @param {TaskInput} input
 */
export function taskDone(task, input) {
  return TASK_CHECKS[task.check].test(input, task.value ?? 0);
}
