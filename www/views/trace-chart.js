/**
 * The page's trace charts, drawn by the core's one trace renderer (`chart::draw_trace`, which
 * also draws the learning-curve panel's cell trace and the CLI's): the compared or animated
 * rules' κ(w(t)) against κ_max with the certified bounds, their updates M(t) against the
 * convergence theorem's M* (a logarithmic count axis), pocket's two error series, and ε_g against
 * the examples added. This module only sizes the canvases and hands the core the data.
 */

import { projectorScale } from "../text/canvas-text.js";

/** @type {typeof import("../pkg/perceptron_lab.js") | null} */
let core = null;

/**
 * The core that draws (once, at boot, before any view is built).
 * @param {typeof import("../pkg/perceptron_lab.js")} wasm
 */
export function useTraceCore(wasm) {
  core = wasm;
}

/**
 * Sets each canvas's backing store for its own CSS size and the device pixel ratio (a canvas not
 * laid out yet, hidden until it has a chart, for the size of `canvases[0]`, the visible one: the
 * charts beside the views differ in height, and a chart drawn for another's size was squeezed to
 * its own); returns the drawing scale (projector mode: the charts' text × projectorScale()).
 * @param {HTMLCanvasElement[]} canvases
 */
function sizeCanvases(canvases) {
  const dpr = window.devicePixelRatio || 1;
  const width = canvases[0].clientWidth || 300;
  const height = canvases[0].clientHeight || 150;
  for (const c of canvases) {
    const laid = c.clientWidth > 0 && c.clientHeight > 0;
    c.width = Math.round((laid ? c.clientWidth : width) * dpr);
    c.height = Math.round((laid ? c.clientHeight : height) * dpr);
  }
  return dpr * (document.body.matches(".projector, .presenter") ? projectorScale() : 1);
}

/**
 * The charts of `traces` (`{name: Trace}`) of `rules` against the exact κ_max and the bound M*
 * of `scene` (null: none): κ on `canvases.kappa`, M(t) on `canvases.updates`, pocket's errors on
 * `canvases.errors` (each hidden when no rule has it).
 * @param {{kappa: HTMLCanvasElement, updates: HTMLCanvasElement, errors: HTMLCanvasElement}} canvases
 * @param {Record<string, any>} traces
 * @param {string[]} rules
 * @param {any} scene
 */
export function drawTraces(canvases, traces, rules, scene) {
  if (!core) return;
  const shown = rules.filter((r) => traces[r]?.t.length);
  const kappaMax = scene?.exact?.converged ? scene.exact.kappa : undefined;
  const bound = scene?.algorithms.find((/** @type {any} */ a) => shown.includes(a.name) && a.updateBound != null)?.updateBound ?? undefined;
  const scale = sizeCanvases([canvases.kappa, canvases.updates, canvases.errors]);
  const drawn = core.drawRuleTraces(canvases.kappa, canvases.updates, canvases.errors, traces, /** @type {any} */ (shown), kappaMax, bound, scale);
  canvases.updates.hidden = !drawn.updates;
  canvases.errors.hidden = !drawn.errors;
}

/**
 * ε_g of each rule of `curve.eps` against the numbers of examples `curve.p`, on `canvas`
 * (hidden before the first example).
 * @param {HTMLCanvasElement} canvas
 * @param {{p: number[], eps: Record<string, number[]>}} curve
 */
export function drawExampleChart(canvas, curve) {
  canvas.hidden = !curve.p.length;
  if (!core || !curve.p.length) return;
  const scale = sizeCanvases([canvas]);
  core.drawExampleChart(canvas, Float64Array.from(curve.p), /** @type {any} */ (Object.keys(curve.eps)), curve.eps, scale);
}
