/** The training animation: one rule stepped by the core, which keeps the history (what counts as a
 * step, when the rule stopped); `frames` mirrors it for the views and the scrubber. A `Player`:
 * step, play at a speed, scrub, as compare mode's race. */

import { ALGORITHMS, INFO } from "../app/catalogue.js";
import { Player } from "./player.js";
import { DEFAULT_ANIMATED } from "../app/state-fields.js";
import { trainingInput } from "../training/core-settings.js";
import { errorMessage } from "../text/format.js";

/** The rules the animation can step (the catalogue's animatable ones). */
export const ANIMATED = ALGORITHMS;

/** A frame of the animation: the state after one step, with the examples its w(t) misclassifies. @typedef {ReturnType<import("../pkg/perceptron_lab.js").Animation["frame"]>} AnimationFrame */

/**
 * Steps one algorithm on the current points; `app` supplies points, settings and redraws.
 * @extends {Player<import("../app/controller.js").App, import("../pkg/perceptron_lab.js").Animation>}
 */
export class Animator extends Player {
  /**
   * @param {typeof import("../pkg/perceptron_lab.js")} wasm the core's exports
   * @param {import("../app/controller.js").App} app the controller
   */
  constructor(wasm, app) {
    super(app, wasm);
    this.algorithm = DEFAULT_ANIMATED;
    /** @type {any[]} mirror of the core's frames `{step, w, theta, …, stop}`, index 0 the start */
    this.frames = [];
    /** @type {string | null} */
    this.error = null;
    /** How often the core had thinned its frames when the mirror last followed. */
    this.thinned = 0;
    this.clear();
  }

  /** Forgets the run (the points or the mode changed). */
  clear() {
    super.clear();
    this.frames = [];
    this.error = null;
    this.thinned = 0;
  }

  get length() {
    return this.frames.length;
  }

  /** `{algorithm, step, playing}` as in docs/automation.md. */
  status() {
    const f = this.frames[this.index];
    return {
      algorithm: this.algorithm,
      step: f?.step ?? 0,
      playing: this.playing,
      // extension: the shown frame's w(t), θ(t), the example it looked at and the examples w(t) misclassifies
      w: f ? [...f.w] : null,
      theta: f?.theta ?? null,
      example: f?.example ?? null,
      misclassified: f?.misclassified ? Array.from(f.misclassified) : [],
      // extension: its κ(w(t)), errors and updates, the speed (steps per second) and the recorded steps
      kappa: f?.kappa ?? null,
      errors: f?.errors ?? null,
      updates: f?.updates ?? 0,
      speed: this.speed,
      steps: Math.max(0, this.frames.length - 1),
    };
  }

  /** The frame shown now, or null before the first step. */
  current() {
    return this.frames.length > 1 ? this.frames[this.index] : null;
  }

  /**
   * The animated rule's trace up to the frame shown (`{t, kappa, upper, updates, errors,
   * pocketErrors}`, built by the core from the frames of this run), or null before the first step.
   */
  trace() {
    return this.handle && this.frames.length > 1 ? this.handle.trace(this.index) : null;
  }

  /**
   * Switches the animated algorithm (and starts over).
   * @param {string} name
   */
  setAlgorithm(name) {
    if (!ANIMATED.some((a) => a === name) || !INFO[name].animatable) throw new Error(`cannot animate "${name}": expected one of ${ANIMATED.join(", ")}`);
    if (name === this.algorithm) return;
    this.clear();
    this.algorithm = name;
    this.app.scheduleRender();
  }

  /** Starts the rule on the current points (from its own start: the catalogue's `start`). Returns false (with `error`) if it cannot. */
  ensure() {
    if (this.handle) return true;
    try {
      const { xs, ys, settings } = trainingInput(this.app.state);
      const handle = new this.wasm.Animation(this.algorithm, xs, ys, settings);
      this.setRun(handle);
      this.frames = [handle.frame(0)];
      this.index = 0;
      this.error = null;
      return true;
    } catch (e) {
      this.error = errorMessage(e);
      this.pause();
      return false;
    }
  }

  /** A new step of the rule, mirrored. */
  advance() {
    const handle = /** @type {import("../pkg/perceptron_lab.js").Animation} */ (this.handle);
    handle.step();
    this.sync(handle);
  }

  /**
   * Brings the mirror up to the core's history: once the core has thinned a long run's frames
   * (it keeps at most 20 000), only the frames it kept, the frame shown kept or the one before it;
   * new frames appended; the last one refreshed (the core marks it when the rule stops without a
   * step).
   * @param {import("../pkg/perceptron_lab.js").Animation} handle
   */
  sync(handle) {
    if (handle.thinned !== this.thinned) {
      this.thinned = handle.thinned;
      const kept = handle.numbers();
      const shown = this.frames[this.index]?.number ?? 0;
      const atEnd = this.index >= this.frames.length - 1;
      let j = 0;
      this.frames = this.frames.filter((f) => {
        while (j < kept.length && kept[j] < f.number) j++;
        return j < kept.length && kept[j] === f.number;
      });
      let i = 0;
      while (i + 1 < this.frames.length && this.frames[i + 1].number <= shown) i++;
      this.index = atEnd ? this.frames.length - 1 : i;
    }
    const n = handle.length;
    if (this.frames.length) this.frames[this.frames.length - 1] = handle.frame(this.frames.length - 1);
    while (this.frames.length < n) this.frames.push(handle.frame(this.frames.length));
  }
}
