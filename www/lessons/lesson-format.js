/**
 * A lesson file: what it holds and how it is checked. A lesson is `{format, id, title, steps}`; a
 * step is a title, a few sentences (`text`, with TeX between `$…$` or `$$…$$`), what to look at
 * (`look`) and what to try (`try`), the views it shows, the action Space runs, and the page's
 * state: the fields of state-fields.js by their own names (points as `[x, y, label]`, threshold, the
 * shown rules, the rule settings, seed, preset, the learning-curve form, teacher, view) and the
 * player's set-up (`compare`, `animate`, `speed`, `step`) and the weight view's zoom
 * (`weightWindow`). docs/lessons.md describes the format for a lecturer.
 */

import { ALGORITHMS, INFO, REFERENCES } from "../app/catalogue.js";
import { checkTask } from "./lesson-tasks.js";
import { checkReveal } from "./lesson-parts.js";
import { DEFAULT_ANIMATED, decodeRecord, encodeRecord, initialFields } from "../app/state-fields.js";
import { errorMessage } from "../text/format.js";

/** The format tag of a lesson file. */
export const LESSON_FORMAT = "perceptron-lab-lesson/1";

/** The views and panels a step can show, by name → the element (presenter mode hides the rest). */
export const LESSON_VIEWS = {
  data: "#data-section",
  weights: "#weight-section",
  readout: "#readout-box",
  player: "#animation",
  compare: "#compare-panel",
  teacher: "#teacher-panel",
  count: "#count-panel",
  curves: "#curves",
};

/**
 * The page's controls a step can show in presenter mode (its text asks for them), by name → the
 * element, taken into the lesson's panel while the step is shown (presenter mode hides the
 * control bar): the boundary's mode and the soft margin's γ.
 * @type {Record<string, string>}
 */
export const LESSON_CONTROLS = {
  boundary: '.group[aria-label="Mode"]',
  gamma: "label:has(> #rule-gamma)",
};

/** What Space runs in a step: nothing, the training animation, the race of the compared rules, "Add an example", the learning-curve sweep. */
export const LESSON_ACTIONS = ["none", "animate", "race", "add-example", "run-curves"];

/**
 * Longest title, text and number of steps a lesson may have (a lesson is a page of notes, not a
 * book), and the largest lesson file in bytes (an imported file, or a link's lesson once inflated).
 */
export const LESSON_LIMITS = { title: 120, text: 4000, steps: 100, fileBytes: 4 << 20 };

/**
 * The most work a step may replay when it opens: `step × points × rules` (the player's steps
 * taken, each touching every point for every rule it steps), checked with the file before any
 * work, so that opening a step cannot hold the page however the file is written.
 */
export const REPLAY_BUDGET = 10_000_000;
/** What a step can hide until its action has run (predict, then reveal): the race's or the run's traces, ε_g, the rules' own lines (where they end) and the exact optimum. */
export const LESSON_HIDDEN = ["traces", "eps", "lines", "optimum"];

/** Fastest and slowest player speed a step may ask for (steps per second; the speed slider's range). */
const SPEEDS = [1, 1000];

/**
 * @typedef {object} StepState the page state of a step
 * @property {Record<string, any>} fields the schema fields (state keys → state values, points as `{x, y, label}`)
 * @property {boolean} compare whether the shown rules race (compare mode)
 * @property {string} animate the rule the animation steps
 * @property {number} speed the player's speed in steps per second
 * @property {number} step how many steps the player has taken when the step opens
 * @property {{phi0: number, phi1: number, lo: number, hi: number, kind: string} | null} weightWindow the weight view's zoom (null: the whole)
 * @property {boolean} cells whether the weight view numbers its cells (Cover's count)
 * @property {boolean} rings whether the rings are sized by the embedding strengths x^μ
 */

/**
 * @typedef {object} LessonStep
 * @property {string} title
 * @property {string} text sentences, with TeX between `$…$` (inline) or `$$…$$` (displayed)
 * @property {string} look what to look at
 * @property {string} try what to try
 * @property {string[]} views names of LESSON_VIEWS
 * @property {string[]} controls names of LESSON_CONTROLS (the page's controls the step shows in its panel)
 * @property {string} action one of LESSON_ACTIONS
 * @property {string} notes the speaker's notes (the speaker view shows them; the audience never)
 * @property {string[]} hide names of LESSON_HIDDEN: shown once the step's action has run
 * @property {string[]} reveal the parts each → reveals in turn (lesson-parts.js); empty: the step shown whole
 * @property {import("./lesson-tasks.js").LessonTask | null} task what a student does alone, checked live (lesson-tasks.js)
 * @property {StepState} state
 */

/** @typedef {{id: string, title: string, steps: LessonStep[]}} Lesson */

/** @param {any} v */
const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/** @param {any} v */
const shortly = (v) => {
  const s = typeof v === "string" ? JSON.stringify(v) : String(v);
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
};

/**
 * A string field, at most `max` characters (`optional`: absent is "").
 * @param {any} v @param {string} what @param {number} max
 */
function text(v, what, max, optional = true) {
  if (v === undefined && optional) return "";
  if (typeof v !== "string") throw new Error(`${what} must be text, got ${shortly(v)}`);
  if (!optional && !v.trim()) throw new Error(`${what} is empty`);
  if (v.length > max) throw new Error(`${what} is ${v.length} characters long, at most ${max} allowed`);
  return v;
}

/**
 * Checks a lesson (parsed JSON) and returns it in the page's terms; throws an Error naming the
 * step, the field, the value and what is allowed. `checkPoints` is the core's check of a step's
 * points (app.checkPoints: throws naming the point).
 * @param {any} v
 * @param {(points: any[]) => {x: number, y: number, label: number}[]} checkPoints
 * @returns {Lesson}
 */
export function checkLesson(v, checkPoints) {
  if (!isObject(v)) throw new Error("a lesson must be an object {format, id, title, steps}");
  if (v.format !== LESSON_FORMAT) throw new Error(`the lesson's format must be "${LESSON_FORMAT}", got ${shortly(v.format)}`);
  if (typeof v.id !== "string" || !/^[a-z0-9][a-z0-9-]{0,39}$/.test(v.id))
    throw new Error(`the lesson's id must be 1 to 40 lower-case letters, digits and hyphens, got ${shortly(v.id)}`);
  const title = text(v.title, "the lesson's title", LESSON_LIMITS.title, false);
  if (!Array.isArray(v.steps) || v.steps.length === 0) throw new Error("the lesson must have a list of steps, at least one");
  if (v.steps.length > LESSON_LIMITS.steps) throw new Error(`the lesson has ${v.steps.length} steps, at most ${LESSON_LIMITS.steps} allowed`);
  const steps = v.steps.map((/** @type {unknown} */ s, /** @type {number} */ i) => {
    try {
      return checkStep(s, checkPoints);
    } catch (e) {
      throw new Error(`step ${i + 1}: ${errorMessage(e)}`);
    }
  });
  return { id: v.id, title, steps };
}

/**
 * @param {any} s
 * @param {(points: any[]) => {x: number, y: number, label: number}[]} checkPoints
 * @returns {LessonStep}
 */
function checkStep(s, checkPoints) {
  if (!isObject(s)) throw new Error("a step must be an object {title, text, views, action, state}");
  const views = s.views ?? ["data", "weights", "readout", "player"];
  if (!Array.isArray(views) || !views.length) throw new Error("views must be a list of view names, at least one");
  const unknown = views.find((n) => typeof n !== "string" || !Object.hasOwn(LESSON_VIEWS, n));
  if (unknown !== undefined) throw new Error(`views: unknown view ${shortly(unknown)} (known: ${Object.keys(LESSON_VIEWS).join(", ")})`);
  const controls = s.controls ?? [];
  if (!Array.isArray(controls)) throw new Error("controls must be a list of control names");
  const unknownControl = controls.find((n) => typeof n !== "string" || !Object.hasOwn(LESSON_CONTROLS, n));
  if (unknownControl !== undefined) throw new Error(`controls: unknown control ${shortly(unknownControl)} (known: ${Object.keys(LESSON_CONTROLS).join(", ")})`);
  const action = s.action ?? "none";
  if (!LESSON_ACTIONS.includes(action)) throw new Error(`action must be one of ${LESSON_ACTIONS.join(", ")}, got ${shortly(action)}`);
  const hide = s.hide ?? [];
  if (!Array.isArray(hide)) throw new Error(`hide must be a list of ${LESSON_HIDDEN.join(", ")}`);
  const unknownHidden = hide.find((n) => !LESSON_HIDDEN.includes(n));
  if (unknownHidden !== undefined) throw new Error(`hide: unknown part ${shortly(unknownHidden)} (known: ${LESSON_HIDDEN.join(", ")})`);
  if (hide.length && action === "none") throw new Error("hide needs an action that reveals what it hides (the step's action is none)");
  const state = checkState(s.state, checkPoints);
  if (action === "race" && !state.compare) throw new Error('the action "race" needs "compare": true in its state');
  if (action === "add-example" && !state.fields.teacher) throw new Error('the action "add-example" needs a teacher in its state');
  const words = {
    title: text(s.title, "the title", LESSON_LIMITS.title, false),
    text: text(s.text, "the text", LESSON_LIMITS.text),
    look: text(s.look, "look", LESSON_LIMITS.text),
    try: text(s.try, "try", LESSON_LIMITS.text),
  };
  return {
    ...words,
    views: [...new Set(views)],
    controls: [...new Set(controls)],
    action,
    notes: text(s.notes, "notes", LESSON_LIMITS.text),
    hide: [...new Set(hide)],
    reveal: checkReveal(s.reveal, words),
    task: checkTask(s.task, text),
    state,
  };
}

/**
 * @param {any} v
 * @param {(points: any[]) => {x: number, y: number, label: number}[]} checkPoints
 * @returns {StepState}
 */
function checkState(v, checkPoints) {
  if (!isObject(v)) throw new Error("state must be an object with at least points: [[x, y, label], …]");
  const { values, dropped } = decodeRecord(v, "step", { by: "key" });
  if (dropped.length) throw new Error(dropped[0].replace(/^The step's /, "state: the ").replace(/^The step /, "state: "));
  values.points = checkPoints(values.points);
  const animate = v.animate ?? DEFAULT_ANIMATED;
  if (!ALGORITHMS.includes(animate) || !INFO[animate].animatable)
    throw new Error(`animate must be a rule the animation steps (${ALGORITHMS.filter((n) => INFO[n].animatable).join(", ")}), got ${shortly(animate)}`);
  const speed = v.speed ?? 10;
  if (typeof speed !== "number" || !(speed >= SPEEDS[0] && speed <= SPEEDS[1]))
    throw new Error(`speed must be a number of steps per second in [${SPEEDS.join(", ")}], got ${shortly(speed)}`);
  const step = v.step ?? 0;
  if (!Number.isInteger(step) || step < 0 || step > 100_000) throw new Error(`step must be a whole number in [0, 100000], got ${shortly(step)}`);
  for (const key of ["compare", "cells", "rings"])
    if (v[key] !== undefined && typeof v[key] !== "boolean") throw new Error(`${key} must be true or false, got ${shortly(v[key])}`);
  if (values.curves && !values.curves.algorithms.length) throw new Error("curves: the learning-curve form names no algorithm (algorithms is empty); name at least one");
  const rules = v.compare ? raced(values.shown) : 1;
  const work = step * values.points.length * rules;
  if (work > REPLAY_BUDGET)
    throw new Error(
      `step ${step} × ${values.points.length} points × ${rules} rule${rules === 1 ? "" : "s"} = ${work.toExponential(1)} steps to replay when it opens, at most ${REPLAY_BUDGET.toExponential(0)}: lower step, or use fewer points or rules`,
    );
  return {
    fields: values,
    compare: v.compare ?? false,
    animate,
    speed,
    step,
    weightWindow: checkWindow(v.weightWindow),
    cells: v.cells ?? false,
    rings: v.rings ?? false,
  };
}

/**
 * How many rules a race steps: the shown training rules (the references are not raced).
 * @param {Record<string, boolean> | undefined} shown the step's shown rules (absent: a fresh page's)
 */
function raced(shown) {
  const on = shown ?? initialFields().shown;
  return Math.max(1, ALGORITHMS.filter((n) => on[n] === true && !REFERENCES.includes(n)).length);
}

/** @param {any} w */
function checkWindow(w) {
  if (w === undefined || w === null) return null;
  const ok = isObject(w) && ["phi0", "phi1", "lo", "hi"].every((k) => Number.isFinite(w[k])) && w.phi0 < w.phi1 && w.lo < w.hi && typeof w.kind === "string";
  if (!ok) throw new Error(`weightWindow must be null or {phi0 < phi1, lo < hi, kind}, got ${shortly(JSON.stringify(w))}`);
  return { phi0: w.phi0, phi1: w.phi1, lo: w.lo, hi: w.hi, kind: w.kind };
}

/**
 * A step as a lesson file writes it.
 * @param {LessonStep} step
 */
export function encodeStep(step) {
  const { fields, compare, animate, speed, step: taken, weightWindow, cells, rings } = step.state;
  return {
    title: step.title,
    text: step.text,
    look: step.look,
    try: step.try,
    views: [...step.views],
    ...(step.controls.length ? { controls: [...step.controls] } : {}),
    action: step.action,
    ...(step.notes ? { notes: step.notes } : {}),
    ...(step.hide.length ? { hide: [...step.hide] } : {}),
    ...(step.reveal.length ? { reveal: [...step.reveal] } : {}),
    ...(step.task ? { task: { ...step.task } } : {}),
    state: { ...encodeRecord(fields, "store", { by: "key" }), compare, animate, speed, step: taken, weightWindow, cells, rings },
  };
}

/**
 * A lesson as its file holds it (JSON-ready).
 * @param {Lesson} lesson
 */
export function encodeLesson(lesson) {
  return { format: LESSON_FORMAT, id: lesson.id, title: lesson.title, steps: lesson.steps.map(encodeStep) };
}

/**
 * The schema fields a step keeps (those undo brings back, and the seed and learning-curve form a link keeps).
 * @type {readonly (keyof import("../app/state.js").PageState)[]}
 */
export const STEP_FIELDS = ["points", "threshold", "shown", "rules", "seed", "preset", "curves", "teacher", "showTeacher", "view"];
