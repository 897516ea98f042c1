/** The learning-curve panel's charts: their size for the column and the device, the core's drawing
 * of the kept series and the current run (or the theory alone before Run), what each chart drew
 * (for the pointer and the accessible description), the trace's chart and the charts as one PNG. */

import { CHARTS } from "../app/catalogue.js";
import { readParams } from "./curve-form.js";
import { chartsCanvas } from "./curve-png.js";
import { legendLabels, runLabel, sharedLabel } from "./series-labels.js";

/** @typedef {import("./curve-panel.js").CurvePanel} CurvePanel */
/** @typedef {import("../pkg/perceptron_lab.js").CurveParams} CurveParams */
/** @typedef {import("./curve-panel.js").Run} Run */

/** CSS size of a chart not laid out, and its proportions (its backing store is its shown size × devicePixelRatio). */
const CHART_CSS = { width: 560, height: 380 };
/** The least CSS height a chart is shown at: its legend's rows, its axes' labels and a plot of at least 120 px on a phone. */
const CHART_MIN_HEIGHT = 420;
/** The CSS height a shown chart grows by for each series beyond the first: their legend's rows (two or three lines each on a phone), so that the plot keeps its height. */
const SERIES_HEIGHT = 110;
/** CSS size of the trace's chart. */
const TRACE_CSS = { width: 560, height: 400 };

/**
 * The CSS width a chart is drawn for: the width `canvas` is shown at (its CSS width is its
 * column's; its height follows the backing store's proportions), else `fallback` (not laid out).
 * @param {HTMLCanvasElement} canvas
 * @param {number} fallback
 */
function shownWidth(canvas, fallback) {
  return canvas.clientWidth > 0 ? canvas.clientWidth : fallback;
}

/**
 * Sets every chart's backing store for the width it is shown at (in CHART_CSS's proportions)
 * × the device pixel ratio × `scale`, so that its text has the charts' size in CSS px whatever
 * the column's width.
 * @param {CurvePanel} panel
 * @param {number} scale
 * @param {{fixed?: boolean}} [options] `fixed`: CHART_CSS's size whatever the screen (an export)
 */
export function sizeCharts(panel, scale, { fixed = false } = {}) {
  // fixed (an export): CHART_CSS's size × scale whatever the screen and its pixel ratio
  panel.scale = (fixed ? 1 : window.devicePixelRatio || 1) * scale;
  panel.sizedFor = seriesCount(panel);
  for (const c of panel.canvases) {
    const width = fixed ? CHART_CSS.width : shownWidth(c, CHART_CSS.width);
    c.width = Math.round(width * panel.scale);
    // shown: never lower than CHART_MIN_HEIGHT (a phone's narrow column: the legend and the
    // labels keep their size, the plot its height), and higher by the legend rows of each
    // series beyond the first
    const height = Math.round((width * CHART_CSS.height) / CHART_CSS.width);
    const shown = Math.max(CHART_MIN_HEIGHT, height) + SERIES_HEIGHT * (panel.sizedFor - 1);
    c.height = Math.round((fixed ? height : shown) * panel.scale);
  }
}

/**
 * How many series the charts show: the kept ones and the current run (or the one running), at least one.
 * @param {CurvePanel} panel
 */
export function seriesCount(panel) {
  return Math.max(1, (panel.kept?.length ?? 0) + (panel.last || panel.running ? 1 : 0));
}

/**
 * Draws every chart of the kept series and the last sweep at the current scale, keeping where
 * their points went (with neither: the form's preview).
 * @param {CurvePanel} panel
 */
export function drawCharts(panel) {
  if (panel.last) drawCurve(panel, panel.current());
  else preview(panel);
}

/**
 * Draws every chart of the kept series and `current` (`{curve, params, label}`: a finished
 * sweep, or the finished α of a running one; null: none), the theory of `base` (`runs`).
 * @param {CurvePanel} panel
 * @param {Run | null} current
 * @param {CurveParams | null} [base]
 */
export function drawCurve(panel, current, base = null) {
  // a series added or removed: the shown charts made as much higher or lower first
  if (panel.sizedFor !== seriesCount(panel) && panel.scale === (window.devicePixelRatio || 1)) sizeCharts(panel, 1);
  const runs = chartRuns(panel, current, base);
  try {
    CHARTS.forEach((c, k) => {
      setDrawn(panel, k, runs.drawMarked(panel.canvases[k], c.name, panel.scale * panel.textScale));
    });
  } finally {
    runs.free();
  }
}

/**
 * Draws every chart's theory curves for the sweep `params` (default: the form's), no points:
 * what the charts show before Run. A form that does not read leaves the charts as they are.
 * @param {CurvePanel} panel
 * @param {CurveParams | null} [params]
 */
export function preview(panel, params = null) {
  try {
    const p = params ?? (panel.kept.length ? null : readParams(panel.wasm, panel.el));
    if (panel.kept.length || panel.logEps) {
      drawCurve(panel, null, p);
      return;
    }
    CHARTS.forEach((c, k) => {
      setDrawn(panel, k, panel.wasm.drawPreview(panel.canvases[k], p, c.name, panel.scale * panel.textScale));
    });
  } catch {
    // the form is being typed: the charts keep what they show
  }
}

/**
 * Keeps chart `k`'s points and notes (the notes also in its accessible description).
 * @param {CurvePanel} panel
 * @param {number} k
 * @param {import("../pkg/perceptron_lab.js").Drawn} drawn
 */
export function setDrawn(panel, k, drawn) {
  panel.drawn[k] = drawn;
  const canvas = panel.canvases[k];
  /** @type {any} */ (canvas).chartHits = drawn.hits; // for scripts and tests: where each point is
  /** @type {any} */ (canvas).chartYTicks = drawn.yTicks; // and the y axis' tick labels
  /** @type {any} */ (canvas).chartLines = drawn.lines; // the theory curves drawn
  /** @type {any} */ (canvas).chartMarks = drawn.marks; // and the vertical marks (α_c = 2)
  if (drawn.notes.length) canvas.setAttribute("aria-description", drawn.notes.join(" "));
  else canvas.removeAttribute("aria-description");
}

/**
 * The core's `Runs` of the kept series and `current` (`{curve, params, label}`, or null), with
 * the theory of `base` (default: the current run's, the last kept run's, else the form's); the
 * caller frees it.
 * @param {CurvePanel} panel
 * @param {Run | null} [current]
 * @param {CurveParams | null} [base]
 */
export function chartRuns(panel, current = null, base = null) {
  const p = base ?? current?.params ?? [...panel.kept].reverse().find((k) => k.params)?.params ?? readParams(panel.wasm, panel.el);
  const runs = new panel.wasm.Runs(p, panel.logEps);
  const names = legendLabels([...panel.kept.map((k) => k.series), ...(current ? [current] : [])]);
  try {
    panel.kept.forEach((k, i) => {
      if (k.curve) runs.addCurve(k.curve, names[i]);
      else runs.addImported(names[i], k.points.alpha, k.points.eps, k.points.sem);
    });
    if (current) runs.addCurve(current.curve, names[names.length - 1]);
    return runs;
  } catch (e) {
    runs.free();
    throw e;
  }
}

/**
 * Draws the kept trace at the device's resolution, for the width it is shown at (as `sizeCharts`).
 * @param {CurvePanel} panel
 */
export function drawTrace(panel) {
  if (!panel.trace) return;
  const canvas = panel.el("lc-trace-chart");
  const scale = window.devicePixelRatio || 1;
  const width = shownWidth(canvas, TRACE_CSS.width);
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(Math.round((width * TRACE_CSS.height) / TRACE_CSS.width) * scale);
  panel.trace.trace.draw(canvas, scale);
}

/**
 * Every chart of every series in one canvas of a fixed pixel size, under the run's parameters
 * or the count of series (each legend names them; curve-png.js); null with no series.
 * @param {CurvePanel} panel
 */
export function pngCanvas(panel) {
  if (!panel.last && !panel.kept.length) return null;
  const runs = chartRuns(panel, panel.current());
  try {
    const series = [...panel.kept.map((k) => k.series), ...(panel.last ? [{ label: runLabel(panel.last), params: panel.last.params }] : [])];
    return chartsCanvas(runs, [sharedLabel(series)]);
  } finally {
    runs.free();
  }
}
