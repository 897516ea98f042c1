/**
 * Cover's count of the current points, computed by the core (`dichotomyCount`: exact, from the
 * geometry) once per edit: both modes' counts and, for a few points, the separable labellings of
 * the current mode. Above a few hundred points it waits until the edits pause, so that a drag
 * costs no count per frame.
 */

import { LIMITS } from "../app/catalogue.js";
import { flattenPoints } from "../app/state.js";
import { errorMessage } from "../text/format.js";

/** Above this many points the count waits until no edit has come for COUNT_PAUSE_MS. */
const EAGER_COUNT_POINTS = 300;
const COUNT_PAUSE_MS = 250;

/** @typedef {{points: {x: number, y: number, label: number}[], threshold: boolean, revision: number}} CountInput */

/** @typedef {import("../pkg/perceptron_lab.js").Count} Count */
/** @typedef {import("../pkg/perceptron_lab.js").Labelling} Labelling */
/** Both modes' counts. @typedef {{origin: Count, threshold: Count}} Counted */

/**
 * The examples of a degeneracy (`dichotomies::Degeneracy`: `point` for one at the origin, else `points`), from 0.
 * @param {import("../pkg/perceptron_lab.js").Degeneracy} d
 * @returns {number[]}
 */
export function degeneracyPoints(d) {
  return "points" in d ? d.points : [d.point];
}

/** The counts of the current points, once per edit (`revision`) and mode. Null counts above `LIMITS.countPoints` points. */
export class Counts {
  /**
   * @param {typeof import("../pkg/perceptron_lab.js")} wasm the core's exports
   * @param {() => CountInput} input the current points, mode and revision
   * @param {() => void} onCounted a count that waited is done: redraw
   */
  constructor(wasm, input, onCounted) {
    this.wasm = wasm;
    this.input = input;
    this.onCounted = onCounted;
    this.key = "";
    /** @type {Counted | null} */
    this.counts = null;
    /** @type {Labelling[] | null} the separable labellings (current mode), for up to LIMITS.labellingPoints points */
    this.labellings = null;
    this.error = "";
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
  }

  /** Whether the counts are those of the current points and mode. */
  isCurrent() {
    return this.key === countKey(this.input());
  }

  /** Brings the counts up to date (nothing to do if no edit since the last call). */
  update() {
    const input = this.input();
    const key = countKey(input);
    if (key === this.key) return this;
    this.key = key;
    this.counts = null;
    this.labellings = null;
    this.error = "";
    const P = input.points.length;
    if (P > LIMITS.countPoints) return this;
    const { xs, ys } = flattenPoints(input.points);
    try {
      this.counts = { origin: this.wasm.dichotomyCount(xs, ys, false), threshold: this.wasm.dichotomyCount(xs, ys, true) };
      if (P <= LIMITS.labellingPoints) this.labellings = this.wasm.separableLabellings(xs, ys, input.threshold);
    } catch (e) {
      this.error = errorMessage(e);
    }
    return this;
  }

  /**
   * Brings the counts up to date for a frame, or — above EAGER_COUNT_POINTS points — once the
   * edits pause (the last counts stay meanwhile); returns whether they are waiting.
   */
  forFrame() {
    const P = this.input().points.length;
    const waiting = P > EAGER_COUNT_POINTS && P <= LIMITS.countPoints && !this.isCurrent();
    if (!waiting) {
      this.update();
      return false;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.update();
      this.onCounted();
    }, COUNT_PAUSE_MS);
    return true;
  }

  /** The count of the current mode, or null. */
  current() {
    this.update();
    return this.counts ? this.counts[this.input().threshold ? "threshold" : "origin"] : null;
  }

  /** The number (1-based) of the separable labelling `labels` among `labellings`, or 0. @param {ArrayLike<number>} labels */
  numberOf(labels) {
    const k = (this.labellings ?? []).findIndex((l) => l.labels.every((s, i) => s === labels[i]));
    return k + 1;
  }
}

/** What the counts depend on: the points (one revision per new training) and the mode. @param {CountInput} input */
function countKey({ revision, threshold }) {
  return `${revision}/${threshold}`;
}
