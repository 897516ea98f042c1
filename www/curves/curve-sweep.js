/** A learning-curve sweep run from the panel: the cells in the worker pool, the progress bar and
 * the time left, the finished α drawn as they come, and the run kept (or its cells done, when
 * cancelled) as the panel's current run. */

import { errorMessage, isAbort, sentence } from "../text/format.js";
import { seriesLabel } from "./series-labels.js";
import { drawCharts, drawCurve, preview } from "./curve-charts.js";
import { SweepClock, timeLeft } from "./sweep-clock.js";

/** @typedef {import("./curve-panel.js").CurvePanel} CurvePanel */

/** While a sweep runs, its finished α are drawn at most this often (ms). */
const PROGRESS_DRAW_MS = 150;
/**
 * The progressive drawing's share of a sweep's time at most: after a drawing that took `c` ms the
 * next waits `c / PROGRESS_SHARE` (its cost measured as it goes, so a slow machine or a large
 * sweep draws less often rather than slowing the sweep; BENCHMARKS.md, "The page during a sweep").
 */
const PROGRESS_SHARE = 0.05;
/**
 * The progress bar and the status line change at most this often (ms): every worker speaks up to ten
 * times a second, and each change of the line costs the page a layout and a paint, taken from the
 * sweep's cores (BENCHMARKS.md, "The page during a sweep").
 */
const PROGRESS_SHOW_MS = 250;
/** The status line says the time left once the sweep has run this long and has at least this long left (ms). */
const ETA_AFTER_MS = 2000;

/**
 * Runs `params` in the worker pool, the cells round robin over the α (the core's `sweepOrder`):
 * the whole curve shows after the first round, each α's point over the repetitions done so far;
 * resolves `{rows, csv, ms}`. Cancelled, the cells done stay on the chart as a partial series
 * (or, with none done, the chart is as before Run); the status says which.
 * @param {CurvePanel} panel
 * @param {import("../pkg/perceptron_lab.js").CurveParams} params
 */
export async function runSweep(panel, params) {
  const cells = panel.wasm.curveCells(params); // validates; throws a clear Error
  const order = panel.wasm.sweepOrder(params);
  const { el } = panel;
  el("lc-run").disabled = true;
  el("lc-cancel").disabled = false;
  el("lc-progress").value = 0;
  panel.running = true;
  panel.status(`running ${cells} cells on ${panel.pool.size} workers…`);
  const t0 = performance.now();
  const clock = new SweepClock(Array.from(panel.wasm.curveSizes(params)), params.reps, panel.pool.size);
  /** the sweep under way: its results so far (getState().sweep, the partial series of a Cancel), its clock */
  const sweep = { params, results: /** @type {any[]} */ ([]), done: 0, total: cells, clock, t0 };
  panel.sweep = sweep;
  let shownAt = Number.NEGATIVE_INFINITY;
  let nextDraw = t0;
  let drawnCount = 0;
  try {
    const running = panel.pool.run(
      params,
      cells,
      order,
      (done, total, finished, times) => {
        const now = performance.now();
        for (const [i, ms] of times.entries()) clock.record(finished[i], ms, now);
        sweep.done = done;
        if (now - shownAt < PROGRESS_SHOW_MS) return;
        shownAt = now;
        // by the work done, not the cells (they differ by orders of magnitude); never backwards
        const { done: share, leftMs } = clock.estimate(now);
        el("lc-progress").value = share;
        const elapsed = now - t0;
        const left = elapsed >= ETA_AFTER_MS && leftMs >= ETA_AFTER_MS ? `, ${timeLeft(leftMs)}` : "";
        panel.status(`${done} / ${total} cells${left}`);
      },
      (sofar) => {
        sweep.results = sofar;
        // every α reached so far, over its repetitions so far (at most every PROGRESS_DRAW_MS,
        // and at most PROGRESS_SHARE of the time)
        const start = performance.now();
        if (start < nextDraw || sofar.length === drawnCount) return;
        drawnCount = sofar.length;
        const partial = panel.wasm.Curve.soFar(params, sofar);
        drawCurve(panel, { curve: partial, params, label: seriesLabel(params) });
        partial.free();
        const end = performance.now();
        nextDraw = end + Math.max(PROGRESS_DRAW_MS, (end - start) / PROGRESS_SHARE);
      },
    );
    // the new sweep's theory while its points come, drawn while the workers load
    preview(panel, params);
    const results = await running;
    const ms = performance.now() - t0;
    sweep.results = results;
    sweep.done = cells;
    return keepCurve(panel, params, new panel.wasm.Curve(params, results), ms, "", cells);
  } catch (e) {
    if (isAbort(e) && sweep.results.length) {
      const note = `partial: cancelled after ${sweep.results.length} of ${cells} cells`;
      keepCurve(panel, params, panel.wasm.Curve.soFar(params, sweep.results), performance.now() - t0, note, sweep.results.length);
      panel.status(`The sweep was cancelled after ${sweep.results.length} of ${cells} cells: the chart keeps them, a partial series.`);
    } else {
      const aborted = "The sweep was cancelled before any cell finished: the chart is as before Run.";
      panel.status(isAbort(e) ? aborted : sentence(`The sweep failed: ${errorMessage(e)}`));
      if (panel.last) drawCharts(panel);
      else preview(panel);
    }
    throw e;
  } finally {
    panel.sweep = null;
    panel.running = false;
    el("lc-run").disabled = false;
    el("lc-cancel").disabled = true;
    panel.showButtons();
  }
}

/**
 * Keeps `curve` (a core `Curve` of `params`, summarised once for the table, CSV and charts) as
 * the panel's run and draws it; `note` marks a partial one of `cells` cells. Returns `{rows, csv, ms}`.
 * @param {CurvePanel} panel
 * @param {import("../pkg/perceptron_lab.js").CurveParams} params
 * @param {import("../pkg/perceptron_lab.js").Curve} curve
 * @param {number} ms
 * @param {string} note
 * @param {number} cells
 */
export function keepCurve(panel, params, curve, ms, note, cells) {
  const rows = curve.rows();
  const csv = curve.csv();
  panel.last?.curve.free();
  panel.last = { params, curve, rows, csv, ms, note, cells };
  drawCharts(panel);
  panel.el("lc-progress").value = note ? panel.el("lc-progress").value : 1;
  panel.showButtons();
  if (!note) panel.status(`done: ${cells} cells in ${(ms / 1000).toFixed(2)} s on ${panel.pool.size} workers`);
  return { rows, csv, ms };
}
