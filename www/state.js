// @ts-check
/** The one state object of the page: points, mode, what is shown; undo/redo; local storage. No elements here. */

export const STORAGE_KEY = "perceptron-lab/v1";
export const MAX_HISTORY = 500;
import { CORE, LIMITS, SHOWN_NAMES } from "./catalogue.js";

/** Settings of the rules that have them, at the core's defaults: soft margin's γ, the notes' η. */
export function defaultRules() {
  return { gamma: LIMITS.gamma, notesEta: LIMITS.notesLearningRate };
}

/** A fresh state with the given points. */
export function createState(points = []) {
  return {
    points,
    threshold: false,
    addLabel: 1,
    deleteMode: false,
    compare: false,
    projector: false,
    explanations: true,
    shown: Object.fromEntries(SHOWN_NAMES.map((n) => [n, n === "exact" || CORE.includes(n)])),
    rules: defaultRules(),
    teacher: null,
    seed: 1,
    curves: null, // the learning-curve form as typed (curves.js readForm); null: the page's defaults
    view: fitView(points),
  };
}

/** A square data window `{cx, cy, half}` that holds the origin and every point with a margin. */
export function fitView(points) {
  let lo = [-1, -1];
  let hi = [1, 1];
  for (const p of points) {
    lo = [Math.min(lo[0], p.x), Math.min(lo[1], p.y)];
    hi = [Math.max(hi[0], p.x), Math.max(hi[1], p.y)];
  }
  const half = (1.15 * Math.max(hi[0] - lo[0], hi[1] - lo[1])) / 2;
  const nice = niceCeil(Math.max(half, 1));
  const c = [(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2];
  // keep the origin in view: centre on it when the points allow
  const centred = points.every((p) => Math.abs(p.x) <= nice && Math.abs(p.y) <= nice);
  return centred ? { cx: 0, cy: 0, half: nice } : { cx: c[0], cy: c[1], half: half };
}

function niceCeil(v) {
  const e = 10 ** Math.floor(Math.log10(v));
  for (const m of [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]) if (m * e >= v) return m * e;
  return 10 * e;
}

/**
 * Checks the shape and types of user points (`[{x, y, label}]`) and flattens them for the core,
 * which checks the values. Throws an Error naming the first bad point.
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

function describe(v) {
  if (typeof v === "string") return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (Array.isArray(v)) return "an array";
  return v === null ? "null" : typeof v === "object" ? "an object" : String(v);
}

/** Points from flat arrays (labels already ±1). */
export function pointsFrom(xs, ys) {
  return Array.from(ys, (label, i) => ({ x: xs[2 * i], y: xs[2 * i + 1], label }));
}

/** Undo/redo over snapshots of the editable part of the state. */
export class History {
  constructor() {
    this.clear();
  }
  /** Forgets every step (a picture opened from a link, storage or the default preset starts afresh). */
  clear() {
    this.undoStack = [];
    this.redoStack = [];
  }
  /** Records `snapshot` (the state before an edit). */
  push(snapshot) {
    this.undoStack.push(snapshot);
    if (this.undoStack.length > MAX_HISTORY) this.undoStack.shift();
    this.redoStack = [];
  }
  /** The snapshot to go back to, given the current one; null if none. */
  undo(current) {
    if (!this.undoStack.length) return null;
    this.redoStack.push(current);
    return this.undoStack.pop();
  }
  /** The snapshot to go forward to, given the current one; null if none. */
  redo(current) {
    if (!this.redoStack.length) return null;
    this.undoStack.push(current);
    return this.redoStack.pop();
  }
}

/** The editable part of the state (what undo/redo brings back), deep-copied. */
export function snapshot(state) {
  return {
    points: state.points.map((p) => ({ ...p })),
    threshold: state.threshold,
    teacher: state.teacher ? [...state.teacher] : null,
    shown: { ...state.shown },
    rules: { ...state.rules },
    view: { ...state.view },
  };
}

/** Puts a snapshot back into the state. */
export function restore(state, snap) {
  state.points = snap.points.map((p) => ({ ...p }));
  state.threshold = snap.threshold;
  state.teacher = snap.teacher ? [...snap.teacher] : null;
  state.shown = { ...snap.shown };
  state.rules = { ...snap.rules };
  state.view = { ...snap.view };
}

/** Saves what a reload must bring back. */
export function save(state) {
  try {
    const stored = {
      version: 1,
      ...snapshot(state),
      shown: state.shown,
      rules: state.rules,
      view: state.view,
      seed: state.seed,
      curves: state.curves,
      projector: state.projector,
      explanations: state.explanations,
    };
    localStorage.setItem(STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // storage full or disabled: the page keeps working
  }
}

/** The stored state as `{stored}` (null if none), or `{error}` if the entry is unreadable. */
export function loadStored() {
  let text;
  try {
    text = localStorage.getItem(STORAGE_KEY);
  } catch {
    return { stored: null };
  }
  if (text === null) return { stored: null };
  try {
    const stored = JSON.parse(text);
    if (stored?.version !== 1 || !Array.isArray(stored.points)) throw new Error("unknown format");
    return { stored };
  } catch (e) {
    return { error: `The saved state could not be read (${e.message}); starting from the preset.` };
  }
}

/** Checks rule settings `{gamma, notesEta}` (from a link or storage); throws an Error naming the field. */
export function checkRules(rules) {
  const out = defaultRules();
  if (rules === undefined || rules === null) return out;
  if (typeof rules !== "object") throw new Error("the rule settings are not an object");
  for (const key of Object.keys(out)) {
    if (rules[key] === undefined) continue;
    const v = rules[key];
    if (typeof v !== "number" || !(v > 0) || !Number.isFinite(v)) throw new Error(`${key} must be a positive number, got ${String(v).slice(0, 20)}`);
    out[key] = v;
  }
  return out;
}
