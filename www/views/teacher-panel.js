/** The student–teacher panel beside the data view: the teacher's values, the version space's size and ε_g against P. */

import { COLORS, DRAWS, NAMES } from "../app/catalogue.js";
import { fmt } from "../text/format.js";
import { drawExampleChart } from "./trace-chart.js";

/**
 * The version space's size as words: arc length through the origin, area with a threshold.
 * @param {import("../pkg/perceptron_lab.js").VersionSpaceArrays | null} vs
 * @param {boolean} threshold
 */

export function sizeText(vs, threshold) {
  if (!vs) return threshold ? "Version space: every (φ, θ) (no points)." : "Version space: the whole circle (no points).";
  const s = vs.size;
  if (!(s > 0)) return "Version space: empty (the points are not linearly separable).";
  if (!Number.isFinite(s)) return "Version space: unbounded in θ (one class only).";
  if (vs.kind === "arc") return `Version space: an arc of ${fmt(s, 3)} rad (${fmt((180 * s) / Math.PI, 3)}°, ${fmt((100 * s) / (2 * Math.PI), 3)}% of the circle).`;
  return `Version space: area ${fmt(s, 3)} in the (φ, θ) plane (|w| = 1).`;
}

/** The student–teacher panel beside the data view: a view of the frame. */
export class TeacherPanel {
  /** @param {(id: string) => any} el */
  constructor(el) {
    this.el = el;
  }

  /** @param {import("../app/view-frame.js").Frame} frame */
  render(frame) {
    const el = this.el;
    const { state } = frame;
    const t = state.teacher;
    const swatch = document.querySelector("#teacher-panel .sym.teacher");
    if (swatch instanceof HTMLElement) swatch.style.color = COLORS.teacher;
    el("teacher-show").checked = state.showTeacher;
    el("teacher-show").disabled = !t;
    el("add-example").disabled = !t;
    el("teacher-relabel").disabled = !t || !state.points.length;
    el("gibbs-resample").hidden = !DRAWS.some((n) => state.shown[n]);
    el("teacher-text").textContent = t
      ? `Teacher w* = (${fmt(t.w[0], 3)}, ${fmt(t.w[1], 3)}), θ* = ${fmt(t.theta, 3)}, label noise λ = ${fmt(t.noise, 2)}. Drag the tip of its arrow to turn it${state.threshold ? ", its line to shift it" : ""}.`
      : "No teacher: the points were not drawn from one. Load a teacher set (New teacher set, or the noisy preset) to see ε_g.";
    el("vs-size").textContent = sizeText(frame.versionSpace, state.threshold);
    const c = frame.learningCurve;
    drawExampleChart(el("eps-chart"), c);
    if (!c.p.length) return;
    const series = Object.keys(c.eps);
    el("eps-chart").setAttribute("aria-label", `ε_g against P for ${series.map((n) => NAMES[n]).join(", ")}, over the ${c.p.length} examples added`);
  }
}
