/** The pointer on the learning-curve charts: the count of the point under it in a tip, and a click
 * on a training rule's point traces one run at its α (curve-trace.js). */

import { NAMES, REFERENCES } from "../app/catalogue.js";
import { nearestHit } from "./curve-png.js";
import { traceRun } from "./curve-trace.js";

/** @typedef {import("./curve-panel.js").CurvePanel} CurvePanel */
/** @typedef {import("../pkg/perceptron_lab.js").Hit} Hit */

/** How near (CSS pixels) the pointer must be to a chart's point to show its count. */
const HIT_RADIUS = 8;
/**
 * Wires the pointer on every chart of `panel`.
 * @param {CurvePanel} panel
 */
export function bindChartPointer(panel) {
  panel.canvases.forEach((canvas, k) => {
    canvas.addEventListener("pointermove", (e) => showTip(panel, k, e));
    canvas.addEventListener("pointerleave", () => hideTip(panel));
    canvas.addEventListener("click", (e) => clickPoint(panel, k, e));
  });
}

/**
 * The point of chart `k` under the pointer event `e` (within HIT_RADIUS), or null.
 * @param {CurvePanel} panel
 * @param {number} k
 * @param {MouseEvent} e
 */
export function hitAt(panel, k, e) {
  return nearestHit(panel.canvases[k], panel.drawn[k].hits, e, HIT_RADIUS);
}

/**
 * Shows the count of the point under the pointer (and whether a click traces it).
 * @param {CurvePanel} panel
 * @param {number} k
 * @param {MouseEvent} e
 */
export function showTip(panel, k, e) {
  const hit = hitAt(panel, k, e);
  const canvas = panel.canvases[k];
  canvas.classList.toggle("traceable", Boolean(hit && traceable(hit)));
  if (!hit) {
    hideTip(panel);
    return;
  }
  const tip = panel.el("lc-tip");
  const more = !hit.algorithm ? "" : traceable(hit) ? "\nclick: trace one run at this α below" : `\n${NAMES[hit.algorithm]} is not a training rule: no trace`;
  tip.textContent = hit.text + more;
  tip.hidden = false;
  // fixed to the viewport, beside the pointer, kept on screen
  tip.style.left = `${Math.max(4, Math.min(e.clientX + 14, window.innerWidth - tip.offsetWidth - 4))}px`;
  tip.style.top = `${e.clientY + 14 + tip.offsetHeight > window.innerHeight ? e.clientY - tip.offsetHeight - 8 : e.clientY + 14}px`;
}

/** @param {CurvePanel} panel */
export function hideTip(panel) {
  panel.el("lc-tip").hidden = true;
}

/**
 * A click on a rule's point traces one run at its α with the sweep's settings (the CLI's `trace`).
 * @param {CurvePanel} panel
 * @param {number} k
 * @param {MouseEvent} e
 */
export function clickPoint(panel, k, e) {
  const hit = hitAt(panel, k, e);
  if (!hit) return;
  if (!traceable(hit)) {
    if (hit.algorithm) panel.traceStatus(`${NAMES[hit.algorithm]} is the reference, not a training rule: it has no trace`);
    return;
  }
  const params = runParams(panel, hit);
  if (!params) return;
  panel.el("lc-trace-algorithm").value = hit.algorithm;
  panel.el("lc-trace-alpha").value = String(Number(hit.alpha.toPrecision(6)));
  traceRun(panel, params, hit.algorithm, hit.alpha);
}

/**
 * The sweep parameters of the run a chart point belongs to: a kept run's own, or the current
 * run's (the runs are drawn kept first, then the current one: curve-charts.js's `chartRuns`).
 * @param {CurvePanel} panel
 * @param {Hit} hit
 */
function runParams(panel, hit) {
  if (hit.run === null || hit.run === undefined) {
    // a chart of one run: the current one, or the one kept
    return panel.last?.params ?? panel.kept[0]?.series.params ?? null;
  }
  return hit.run < panel.kept.length ? panel.kept[hit.run].series.params : (panel.last?.params ?? null);
}

/**
 * Whether a chart point is a training rule's (it has a trace; the references and the data's fractions have none).
 * @param {Hit} hit
 * @returns {hit is Hit & {algorithm: import("../pkg/perceptron_lab.js").Algorithm}}
 */
function traceable(hit) {
  return hit.algorithm ? !REFERENCES.includes(hit.algorithm) : false;
}
