/**
 * The student–teacher state of the page (Biehl §3.5): examples added one at a time from the
 * teacher's stream with every shown rule's ε_g against P over them (a single-run learning curve),
 * and the faint Gibbs students sampled from the version space.
 */

import { DRAWS, LIMITS } from "../app/catalogue.js";
import { generalizationErrors } from "./teacher.js";

/** How many further Gibbs students the data view draws faintly beside the Gibbs rule's own. */
export const GIBBS_SHOWN = 8;

/** The single-run learning curve of the examples added so far (reset by any other edit), and the Gibbs students. */
export class StudentTeacher {
  /** @param {import("../app/controller.js").App} app the controller whose points it adds to */
  constructor(app) {
    this.app = app;
    /** @type {{p: number[], eps: Record<string, number[]>, size: number[]}} */
    this.curve = { p: [], eps: {}, size: [] };
    /** set while an example is being added, so that its edit keeps the curve */
    this.adding = false;
    /** how many times the faint Gibbs students were resampled (their seed) */
    this.draws = 0;
    /** @type {{revision: number, draws: number, threshold: boolean, samples: {w: number[], theta: number}[]} | null} */
    this.gibbs = null;
  }

  /**
   * The faint Gibbs students: `GIBBS_SHOWN` independent uniform samples of the version space
   * (the core's `gibbsSamples`: through the origin uniform on the arc, with a threshold uniform in
   * the (φ, θ) region), while the Gibbs rule is shown and the points are separable; computed once
   * per edit and resample.
   */
  gibbsSamples() {
    const app = this.app;
    const revision = app.training.revision;
    if (!DRAWS.some((n) => app.state.shown[n]) || !app.training.scene?.separable) return [];
    const g = this.gibbs;
    if (g && g.revision === revision && g.draws === this.draws && g.threshold === app.state.threshold) return g.samples;
    const xs = Float64Array.from(app.state.points.flatMap((p) => [p.x, p.y]));
    const ys = Float64Array.from(app.state.points.map((p) => p.label));
    /** @type {import("../pkg/perceptron_lab.js").Perceptron[]} */
    let samples = [];
    try {
      samples = app.wasm.gibbsSamples(xs, ys, app.state.threshold, GIBBS_SHOWN, (app.state.seed + 7919 * (this.draws + 1)) >>> 0);
    } catch {
      samples = []; // an empty version space: the Gibbs rule's row says why
    }
    this.gibbs = { revision, draws: this.draws, threshold: app.state.threshold, samples };
    return samples;
  }

  /** New faint Gibbs students. */
  resample() {
    this.draws++;
    this.app.scheduleRender();
  }

  /** An edit other than adding an example: the curve no longer describes these points. */
  edited() {
    if (!this.adding) this.curve = { p: [], eps: {}, size: [] };
  }

  /**
   * Adds example number P (P the points so far) of the teacher's Gaussian stream (`teacherExample`,
   * seeded by the page's seed), labelled by the teacher with its noise λ; trains the shown rules
   * and records their ε_g at the new P. Returns the point. Throws an Error without a teacher or
   * at the page's point limit (changing nothing).
   */
  addExample() {
    const app = this.app;
    const t = app.state.teacher;
    if (!t) throw new Error("Adding an example needs a teacher: load a teacher set first.");
    const p = app.state.points.length;
    const max = LIMITS.maxPoints;
    if (p >= max) throw new Error(`The page holds at most ${max} points.`);
    const e = app.wasm.teacherExample(Float64Array.from(t.w), t.theta, t.noise, app.state.seed, p);
    const point = { x: e.x, y: e.y, label: e.label };
    this.adding = true;
    try {
      app.addPoint(point);
    } finally {
      this.adding = false;
    }
    app.settleNow();
    this.record();
    return { ...point };
  }

  /** Appends the current P, every shown rule's ε_g and the version space's size to the curve. */
  record() {
    const app = this.app;
    const eps = generalizationErrors(app.wasm, app.state.teacher, app.state, app.training.scene);
    const c = this.curve;
    const k = c.p.length;
    c.p.push(app.state.points.length);
    c.size.push(app.training.versionSpace?.size ?? NaN);
    for (const name of Object.keys(eps)) c.eps[name] ??= Array(k).fill(NaN);
    for (const name of Object.keys(c.eps)) c.eps[name].push(eps[name] ?? NaN);
  }

  /** `getState().learningCurve`: copies. */
  state() {
    const c = this.curve;
    return { p: [...c.p], eps: Object.fromEntries(Object.entries(c.eps).map(([n, v]) => [n, [...v]])), size: [...c.size] };
  }
}
