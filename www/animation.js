// @ts-check
/** The training animation: one rule stepped by the core, which keeps the history (what counts as a
 * step, when the rule stopped); `frames` mirrors it for the views and the scrubber. */

import { ALGORITHMS, INFO } from "./catalogue.js";

/** The rules the animation can step (the catalogue's animatable ones). */
export const ANIMATED = ALGORITHMS;
const MAX_STEPS_PER_FRAME = 500;

/** Steps one algorithm on the current points; `app` supplies points, settings and redraws. */
export class Animator {
  /**
   * `wasm`: the core's exports; `app`: the App.
   * @param {typeof import("./pkg/perceptron_lab.js")} wasm
   * @param {import("./app.js").App} app
   */
  constructor(wasm, app) {
    this.wasm = wasm;
    this.app = app;
    this.algorithm = "rosenblatt";
    this.speed = 10; // steps per second
    this.playing = false;
    /** @type {number | null} the pending animation frame while playing */
    this.raf = null;
    /** @type {import("./pkg/perceptron_lab.js").Animation | null} */
    this.handle = null;
    /** @type {any[]} mirror of the core's frames `{step, w, theta, …, stop}`, index 0 the start */
    this.frames = [];
    this.index = 0;
    /** @type {string | null} */
    this.error = null;
    this.clear();
  }

  /** Forgets the run (the points or the mode changed). */
  clear() {
    this.pause();
    this.handle?.free();
    this.handle = null;
    this.frames = [];
    this.index = 0;
    this.error = null;
  }

  /** `{algorithm, step, playing}` as in docs/design.md. */
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
    };
  }

  /** The frame shown now, or null before the first step. */
  current() {
    return this.frames.length > 1 ? this.frames[this.index] : null;
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
      const { xs, ys, settings } = this.app.trainingInput();
      this.handle = new this.wasm.Animation(this.algorithm, xs, ys, settings);
      this.frames = [this.handle.frame(0)];
      this.index = 0;
      this.error = null;
      return true;
    } catch (e) {
      this.error = e.message;
      this.pause();
      return false;
    }
  }

  /** One step forward: through the recorded history if scrubbed back, else a new step of the rule. */
  step() {
    if (!this.ensure()) return false;
    if (this.index < this.frames.length - 1) {
      this.index += 1;
      return true;
    }
    const handle = /** @type {import("./pkg/perceptron_lab.js").Animation} */ (this.handle);
    if (handle.stopped) return false;
    handle.step();
    this.sync(handle);
    this.index = this.frames.length - 1;
    return !handle.stopped;
  }

  /**
   * Brings the mirror up to the core's history: new frames appended, the last one refreshed (the
   * core marks it when the rule stops without a step).
   * @param {import("./pkg/perceptron_lab.js").Animation} handle
   */
  sync(handle) {
    const n = handle.length;
    if (this.frames.length) this.frames[this.frames.length - 1] = handle.frame(this.frames.length - 1);
    while (this.frames.length < n) this.frames.push(handle.frame(this.frames.length));
  }

  /** Back to step 0 (the recorded history is kept for the scrubber until the points change). */
  reset() {
    this.pause();
    this.clear();
    this.app.scheduleRender();
  }

  /**
   * Shows recorded frame `i`.
   * @param {number} i
   */
  scrub(i) {
    this.pause();
    this.index = Math.max(0, Math.min(this.frames.length - 1, i));
    this.app.scheduleRender();
  }

  /** Plays at `speed` steps per second until the rule stops or `pause()`. */
  play() {
    if (this.playing || !this.ensure()) return;
    this.playing = true;
    let last = performance.now();
    let owed = 0;
    /** @param {number} now */
    const tick = (now) => {
      if (!this.playing) return;
      owed += ((now - last) / 1000) * this.speed;
      last = now;
      let n = Math.min(Math.floor(owed), MAX_STEPS_PER_FRAME);
      owed -= Math.floor(owed);
      let going = true;
      while (n-- > 0 && going) going = this.step();
      if (!going) this.playing = false;
      this.app.scheduleRender();
      if (this.playing) this.raf = requestAnimationFrame(tick);
    };
    this.raf = requestAnimationFrame(tick);
    this.app.scheduleRender();
  }

  /** Stops playing. */
  pause() {
    this.playing = false;
    if (this.raf) cancelAnimationFrame(this.raf);
    this.raf = null;
  }
}
