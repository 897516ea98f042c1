/** The one state object of the page: points, mode, what is shown, and the transient state of
 * this page view (hover, the cell under the pointer, compare mode, the status message, …);
 * undo/redo. No elements here (every field, and what of it persists and how, is state-fields.js;
 * saving and restoring, persistence.js). */

export const MAX_HISTORY = 500;
import { initialFields } from "./state-fields.js";

export { restore, setFields, snapshot } from "./state-fields.js";

/** A point of the data view: its coordinates and its label (±1). @typedef {{x: number, y: number, label: number}} Point */
/** @typedef {import("./state-fields.js").Snapshot} Snapshot */
/** The data window drawn: `[cx − half, cx + half] × [cy − half, cy + half]` on the view's shorter side. @typedef {{cx: number, cy: number, half: number}} DataWindow */

/**
 * The page's state: the fields of state-fields.js, persistent and transient.
 * @typedef {object} PageState
 * @property {Point[]} points
 * @property {boolean} threshold
 * @property {Record<string, boolean>} shown
 * @property {Record<string, number>} rules the rules' own settings, by the catalogue's `setting.key` (e.g. `{gamma, notesEta}`)
 * @property {number} seed
 * @property {string | null} preset the preset the points are (null: edited, "custom")
 * @property {any} curves
 * @property {{w: number[], theta: number, noise: number} | null} teacher
 * @property {boolean} showTeacher
 * @property {DataWindow} view
 * @property {boolean} projector
 * @property {boolean} explanations
 * @property {number} addLabel
 * @property {boolean} deleteMode
 * @property {boolean} compare
 * @property {number} hover
 * @property {number} dragIndex
 * @property {boolean} teacherHover
 * @property {number} keyboardPoint
 * @property {boolean} keyboardFocus
 * @property {{x: number, y: number} | null} keyboardCursor
 * @property {{phi: number, theta: number, labels: Float64Array, arc: number[] | null, lower: Float64Array, upper: Float64Array} | null} region
 * @property {{phi0: number, phi1: number, lo: number, hi: number, kind: string} | null} weightWindow
 * @property {boolean} showFinal
 * @property {boolean} numberPoints
 * @property {boolean} ringsByStrength
 * @property {boolean} showRegions
 * @property {{text: string, kind: string} | null} message
 * @property {boolean} lessonExplanations
 * @property {{id: string, title: string, step: number, steps: number} | null} lesson
 */

/**
 * A fresh state with the given points: every field of state-fields.js at its initial value.
 * @param {Point[]} [points]
 * @returns {PageState}
 */
export function createState(points = []) {
  return /** @type {PageState} */ ({ ...initialFields(), points, view: fitView(points) });
}

/** The share of the half-width kept free between the outermost point and the view's edge (its mark, a cross beside it). */
export const VIEW_MARGIN = 0.1;

/** A square data window `{cx, cy, half}` that holds the origin and every point with a margin. @param {readonly {x: number, y: number}[]} points @returns {DataWindow} */
export function fitView(points) {
  let lo = [-1, -1];
  let hi = [1, 1];
  for (const p of points) {
    lo = [Math.min(lo[0], p.x), Math.min(lo[1], p.y)];
    hi = [Math.max(hi[0], p.x), Math.max(hi[1], p.y)];
  }
  const half = Math.max(hi[0] - lo[0], hi[1] - lo[1]) / 2 / (1 - VIEW_MARGIN);
  const c = [(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2];
  // keep the origin in view: centre on it when that costs at most a third of the zoom
  const reach = Math.max(...[...lo, ...hi].map(Math.abs)) / (1 - VIEW_MARGIN);
  const nice = niceCeil(Math.max(reach, 1));
  return nice <= 1.5 * Math.max(half, 1) ? { cx: 0, cy: 0, half: nice } : { cx: c[0], cy: c[1], half: half };
}

/** The round value (1, 1.5, 2, 2.5, 3, 4, 5, 6, 8 times a power of ten) at or above `v`. @param {number} v */
function niceCeil(v) {
  const e = 10 ** Math.floor(Math.log10(v));
  for (const m of [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]) if (m * e >= v) return m * e;
  return 10 * e;
}

/**
 * Checks the shape and types of user points (`[{x, y, label}]`) and flattens them for the core,
 * which checks the values. Throws an Error naming the first bad point.
 * @param {any} points unchecked: the user's (the automation interface's, a file's)
 */
export function flattenPoints(points) {
  if (!Array.isArray(points)) throw new Error(`points must be an array of {x, y, label}, got ${describe(points)}`);
  const xs = new Float64Array(points.length * 2);
  const ys = new Float64Array(points.length);
  points.forEach((p, i) => {
    if (p === null || typeof p !== "object") throw new Error(`point ${i}: expected {x, y, label}, got ${describe(p)}`);
    for (const key of ["x", "y", "label"]) {
      if (typeof p[key] !== "number") throw new Error(`point ${i}: ${key} must be a number, got ${describe(p[key])}`);
    }
    xs[2 * i] = p.x;
    xs[2 * i + 1] = p.y;
    ys[i] = p.label;
  });
  return { xs, ys };
}

/** `v` in a few words for a message (a string quoted and cut short). @param {unknown} v */
function describe(v) {
  if (typeof v === "string") return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (Array.isArray(v)) return "an array";
  return v === null ? "null" : typeof v === "object" ? "an object" : String(v);
}

/** Points from flat arrays (labels already ±1). @param {ArrayLike<number>} xs @param {ArrayLike<number>} ys @returns {Point[]} */
export function pointsFrom(xs, ys) {
  return Array.from(ys, (label, i) => ({ x: xs[2 * i], y: xs[2 * i + 1], label }));
}

/** Undo/redo over snapshots of the editable part of the state. */
export class History {
  /** @type {Snapshot[]} */
  #undo = [];
  /** @type {Snapshot[]} */
  #redo = [];

  /** Forgets every step (a picture opened from a link, storage or the default preset starts afresh). */
  clear() {
    this.#undo = [];
    this.#redo = [];
  }
  /** Whether there is a step to go back to. */
  canUndo() {
    return this.#undo.length > 0;
  }
  /** Whether there is a step to go forward to. */
  canRedo() {
    return this.#redo.length > 0;
  }
  /** Records `snapshot` (the state before an edit). @param {Snapshot} snapshot */
  push(snapshot) {
    this.#undo.push(snapshot);
    if (this.#undo.length > MAX_HISTORY) this.#undo.shift();
    this.#redo = [];
  }
  /** The snapshot to go back to, given the current one; null if none. @param {Snapshot} current */
  undo(current) {
    if (!this.#undo.length) return null;
    this.#redo.push(current);
    return this.#undo.pop();
  }
  /** The snapshot to go forward to, given the current one; null if none. @param {Snapshot} current */
  redo(current) {
    if (!this.#redo.length) return null;
    this.#undo.push(current);
    return this.#redo.pop();
  }
}
