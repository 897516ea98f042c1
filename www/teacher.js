// @ts-check
/**
 * Student and teacher in the data view (Biehl §3.5): the teacher `(w*, θ*)` of a teacher set —
 * shown or hidden, turned and shifted by dragging, relabelling the points on request — every
 * shown rule's generalisation error against it, examples added one at a time with ε_g against P
 * over them (a single-run learning curve), and the version space's size.
 */

import { COLORS, LIMITS, NAMES } from "./catalogue.js";
import { checkTeacher } from "./schema.js";
import { fmt, teacherHandle } from "./data-view.js";
import { drawTraceChart } from "./trace-chart.js";

/** @typedef {{w: number[], theta: number, noise: number}} Teacher */

/** How many further Gibbs students the data view draws faintly beside the Gibbs rule's own. */
export const GIBBS_SHOWN = 8;

/** The teacher of a generated set: `w*` through the origin with the set's label noise λ. */
export function teacherOfSet(w, noise) {
  return /** @type {Teacher} */ (checkTeacher({ w: [...w], theta: 0, noise }));
}

/** The teacher's label of point `p` (without noise): `sign(w*·ξ − θ*)`, +1 on the line. */
export function teacherLabel(t, p) {
  return t.w[0] * p.x + t.w[1] * p.y - t.theta >= 0 ? 1 : -1;
}

/**
 * The shown rules' (and the shown exact optimum's) generalisation errors against the teacher,
 * `{name: ε_g}`, computed by the core (`generalizationError`: `arccos(R)/π` through the origin,
 * the exact probability of disagreement under Gaussian inputs with thresholds). `NaN` for a rule
 * whose `w` is still zero.
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

/** The version space's size as words: arc length through the origin, area with a threshold. */
export function sizeText(vs, threshold) {
  if (!vs) return threshold ? "Version space: every (φ, θ) (no points)." : "Version space: the whole circle (no points).";
  const s = vs.size;
  if (!(s > 0)) return "Version space: empty (the points are not linearly separable).";
  if (!Number.isFinite(s)) return "Version space: unbounded in θ (one class only).";
  if (vs.kind === "arc") return `Version space: an arc of ${fmt(s, 3)} rad (${fmt((180 * s) / Math.PI, 3)}°, ${fmt((100 * s) / (2 * Math.PI), 3)}% of the circle).`;
  return `Version space: area ${fmt(s, 3)} in the (φ, θ) plane (|w| = 1).`;
}

/**
 * The student–teacher state of the page: the single-run learning curve of the examples added so
 * far (reset by any other edit) and whether the pointer is over the teacher.
 */
export class StudentTeacher {
  /** @param {any} app */
  constructor(app) {
    this.app = app;
    /** @type {{p: number[], eps: Record<string, number[]>, size: number[]}} */
    this.curve = { p: [], eps: {}, size: [] };
    /** set while an example is being added, so that its edit keeps the curve */
    this.adding = false;
    /** whether the pointer is over the teacher (its tooltip names it) */
    this.hover = false;
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
    if (!app.state.shown.gibbs || !app.scene?.separable || typeof app.wasm.gibbsSamples !== "function") return [];
    const g = this.gibbs;
    if (g && g.revision === app.revision && g.draws === this.draws && g.threshold === app.state.threshold) return g.samples;
    const xs = Float64Array.from(app.state.points.flatMap((p) => [p.x, p.y]));
    const ys = Float64Array.from(app.state.points.map((p) => p.label));
    let samples = [];
    try {
      samples = app.wasm.gibbsSamples(xs, ys, app.state.threshold, GIBBS_SHOWN, (app.state.seed + 7919 * (this.draws + 1)) >>> 0);
    } catch {
      samples = []; // an empty version space: the Gibbs rule's row says why
    }
    this.gibbs = { revision: app.revision, draws: this.draws, threshold: app.state.threshold, samples };
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
    const eps = generalizationErrors(app.wasm, app.state.teacher, app.state, app.scene);
    const c = this.curve;
    const k = c.p.length;
    c.p.push(app.state.points.length);
    c.size.push(app.versionSpace?.size ?? NaN);
    for (const name of Object.keys(eps)) c.eps[name] ??= Array(k).fill(NaN);
    for (const name of Object.keys(c.eps)) c.eps[name].push(eps[name] ?? NaN);
  }

  /** `getState().learningCurve`: copies. */
  state() {
    const c = this.curve;
    return { p: [...c.p], eps: Object.fromEntries(Object.entries(c.eps).map(([n, v]) => [n, [...v]])), size: [...c.size] };
  }
}

/** The student–teacher panel beside the data view: a view the app renders. */
export class TeacherPanel {
  /** @param {(id: string) => any} el */
  constructor(el) {
    this.el = el;
  }

  /** @param {any} app */
  render(app) {
    const el = this.el;
    const t = app.state.teacher;
    const swatch = document.querySelector("#teacher-panel .sym.teacher");
    if (swatch instanceof HTMLElement) swatch.style.color = COLORS.teacher;
    el("teacher-show").checked = app.state.showTeacher;
    el("teacher-show").disabled = !t;
    el("add-example").disabled = !t;
    el("teacher-relabel").disabled = !t || !app.state.points.length;
    el("gibbs-resample").hidden = !app.state.shown.gibbs;
    el("teacher-text").textContent = t
      ? `Teacher w* = (${fmt(t.w[0], 3)}, ${fmt(t.w[1], 3)}), θ* = ${fmt(t.theta, 3)}, label noise λ = ${fmt(t.noise, 2)}. Drag the tip of its arrow to turn it${app.state.threshold ? ", its line to shift it" : ""}.`
      : "No teacher: the points were not drawn from one. Load a teacher set (New teacher set, or the noisy preset) to see ε_g.";
    el("vs-size").textContent = sizeText(app.versionSpace, app.state.threshold);
    const c = app.student.curve;
    const canvas = el("eps-chart");
    canvas.hidden = !c.p.length;
    if (!c.p.length) return;
    const series = Object.entries(c.eps).map(([name, y]) => ({ name, t: c.p, y }));
    drawTraceChart(
      canvas,
      series,
      null,
      "ε_g of each rule against the teacher",
      { lo: 0, hi: Math.min(0.6, Math.max(0.05, ...series.flatMap((s) => s.y).filter(Number.isFinite)) * 1.1) },
      { log: false, label: "P" },
    );
    el("eps-chart").setAttribute("aria-label", `ε_g against P for ${series.map((s) => NAMES[s.name]).join(", ")}, over the ${c.p.length} examples added`);
  }
}

/**
 * The teacher turned so that its arrow points from its base to the data point `q` (|w*| kept; the
 * line keeps passing through the base), or shifted so that its line passes through `q`.
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
