// @ts-check
/** Wires the learning-curve panel: the course assignments, run, progress, cancel, charts (with the
 * count of every point on hover; the runs kept and the curves imported drawn beside the current
 * one, the ε_g axis linear or in decades), export, and the trace of one run. */

import { ALGORITHMS, CHARTS, NAMES, REFERENCES } from "../app/catalogue.js";
import { WARM_UP, applyAssignment, assignment, fillAssignments } from "./assignments.js";
import { fillAlgorithms, readForm, readParams, syncForm } from "./curve-form.js";
import { download } from "../files/download.js";
import { sentence } from "../text/format.js";
import { parseCurveCsv } from "./curve-import.js";
import { bandLabels, chartsCanvas, nearestHit } from "./curve-png.js";
import { runLabel, series, seriesLabel } from "./curve-series.js";
import { traceCommand, exportTrace, traceFromForm, traceRun } from "./curve-trace.js";
import { DEFAULT_TRACED } from "../app/state-fields.js";
import { SweepClock, timeLeft } from "./sweep-clock.js";
import { WorkerPool } from "../workers/worker-pool.js";

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
 */
function shownWidth(canvas, fallback) {
  return canvas.clientWidth > 0 ? canvas.clientWidth : fallback;
}

/** How near (CSS pixels) the pointer must be to a chart's point to show its count. */
const HIT_RADIUS = 8;
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
 * The panel's controller; `wasm` are the core's exports, `el` maps ids to elements, `onForm(form)`
 * is told of every change of the form (for the link and local storage).
 */
export class CurvePanel {
  /**
   * @param {any} wasm
   * @param {(id: string) => any} el
   * @param {(form: any) => void} [onForm]
   */
  constructor(wasm, el, onForm = () => {}) {
    this.wasm = wasm;
    this.el = el;
    this.onForm = onForm;
    this.pool = new WorkerPool();
    this.last = null; // {params, curve, csv, rows, ms, note} (note: why it is partial, else "")
    /**
     * The series kept on the charts besides the current run, in order: a kept run `{series,
     * params, curve, csv}` or an imported curve `{series, points}` (`series`: its entry of
     * `getState().sweep.series`; `points`: curve-import.js's arrays).
     * @type {any[]}
     */
    this.kept = [];
    /** whether the ε_g chart's y axis is in decades (the "log ε_g" box) */
    this.logEps = false;
    /** The sweep under way: `{params, results, done, total}`, else null. */
    this.sweep = null;
    this.trace = null; // {trace, params, algorithm, alpha, every, csv}
    /** whether a sweep is running */
    this.running = false;
    /** the charts' text (and marks) at this many times their size: presenter mode's large type (lesson-view.js) */
    this.textScale = 1;
    /** What each chart drew: its points `{x, y, algorithm, alpha, hollow, text}` (canvas pixels) and notes. */
    this.drawn = CHARTS.map(() => ({ hits: [], notes: [] }));
    fillAlgorithms(el);
    fillAssignments(el);
    syncForm(el);
    this.canvases = CHARTS.map((c) => {
      const canvas = document.createElement("canvas");
      canvas.id = `lc-chart-${c.name}`;
      canvas.setAttribute("aria-label", c.description);
      return canvas;
    });
    el("lc-charts").replaceChildren(...this.canvases);
    this.sizeCharts(1);
    for (const type of ["input", "change"]) {
      el("curves").addEventListener(type, (e) => {
        if (!(/** @type {Element} */ (e.target).closest(".lc-controls, #lc-algorithms"))) return;
        syncForm(el);
        el("lc-assignment").value = ""; // the form is no longer the preset
        el("lc-assignment-what").textContent = "";
        onForm(readForm(el));
        if (!this.last) this.preview();
      });
    }
    el("lc-assignment").addEventListener("change", () => this.applyAssignment(el("lc-assignment").value));
    // a hand or the keyboard in the panel: the workers start and warm up before the first Run
    const warm = () => {
      try {
        this.pool.warm(WARM_UP, this.wasm.curveCells(WARM_UP));
      } catch {
        // a warm-up the core refuses is only a lost head start: the sweep itself says what is wrong
      }
    };
    el("curves").addEventListener("pointerenter", warm, { once: true });
    el("curves").addEventListener("focusin", warm, { once: true });
    el("lc-run").addEventListener("click", () => this.runFromForm());
    el("lc-cancel").addEventListener("click", () => this.cancel());
    el("lc-csv").addEventListener("click", () => this.exportCsv());
    el("lc-png").addEventListener("click", () => this.exportPng());
    el("lc-keep").addEventListener("click", () => this.keepRun());
    el("lc-clear-kept").addEventListener("click", () => this.clearKept());
    el("lc-import").addEventListener("change", () => this.importFile());
    el("lc-log-eps").addEventListener("change", () => this.setLogEps(el("lc-log-eps").checked));
    this.canvases.forEach((canvas, k) => {
      canvas.addEventListener("pointermove", (e) => this.hover(k, e));
      canvas.addEventListener("pointerleave", () => this.hideTip());
      canvas.addEventListener("click", (e) => this.clickPoint(k, e));
    });
    const rules = el("lc-trace-algorithm");
    for (const name of ALGORITHMS) rules.append(new Option(NAMES[name], name, false, name === DEFAULT_TRACED));
    el("lc-trace-run").addEventListener("click", () => traceFromForm(this));
    el("lc-trace-csv").addEventListener("click", () => exportTrace(this));
  }

  /** Runs the sweep described by the form. */
  async runFromForm() {
    try {
      await this.run(readParams(this.wasm, this.el));
    } catch (e) {
      if (e.name !== "AbortError") this.status(sentence(`Not run: ${e.message}`));
    }
  }

  /**
   * Runs `params` in the worker pool, the cells round robin over the α (the core's `sweepOrder`):
   * the whole curve shows after the first round, each α's point over the repetitions done so far;
   * resolves `{rows, csv, ms}`. Cancelled, the cells done stay on the chart as a partial series
   * (or, with none done, the chart is as before Run); the status says which.
   */
  async run(params) {
    const cells = this.wasm.curveCells(params); // validates; throws a clear Error
    const order = this.wasm.sweepOrder(params);
    const { el } = this;
    el("lc-run").disabled = true;
    el("lc-cancel").disabled = false;
    el("lc-progress").value = 0;
    this.running = true;
    this.status(`running ${cells} cells on ${this.pool.size} workers…`);
    const t0 = performance.now();
    const clock = new SweepClock(Array.from(this.wasm.curveSizes(params)), params.reps, this.pool.size);
    /** the sweep under way: its results so far (getState().sweep, the partial series of a Cancel) */
    const sweep = { params, results: /** @type {any[]} */ ([]), done: 0, total: cells };
    this.sweep = sweep;
    let shown = 0;
    let shownAt = Number.NEGATIVE_INFINITY;
    let nextDraw = t0;
    let drawnCount = 0;
    try {
      const running = this.pool.run(
        params,
        cells,
        order,
        (done, total, finished, times) => {
          for (const [i, ms] of times.entries()) clock.record(finished[i], ms);
          sweep.done = done;
          const now = performance.now();
          if (now - shownAt < PROGRESS_SHOW_MS) return;
          shownAt = now;
          const { done: share, leftMs } = clock.estimate();
          Object.assign(sweep, { share, leftMs });
          // by the work done, not the cells (they differ by orders of magnitude); never backwards
          shown = Math.max(shown, share);
          el("lc-progress").value = shown;
          const elapsed = now - t0;
          const left = elapsed >= ETA_AFTER_MS && leftMs >= ETA_AFTER_MS ? `, ${timeLeft(leftMs)}` : "";
          this.status(`${done} / ${total} cells${left}`);
        },
        (sofar) => {
          sweep.results = sofar;
          // every α reached so far, over its repetitions so far (at most every PROGRESS_DRAW_MS,
          // and at most PROGRESS_SHARE of the time)
          const start = performance.now();
          if (start < nextDraw || sofar.length === drawnCount) return;
          drawnCount = sofar.length;
          const partial = this.wasm.Curve.soFar(params, sofar);
          this.drawCurve({ curve: partial, params, label: seriesLabel(params) });
          partial.free();
          const end = performance.now();
          nextDraw = end + Math.max(PROGRESS_DRAW_MS, (end - start) / PROGRESS_SHARE);
        },
      );
      // the new sweep's theory while its points come, drawn while the workers load
      this.preview(params);
      const results = await running;
      const ms = performance.now() - t0;
      sweep.results = results;
      sweep.done = cells;
      return this.keep(params, new this.wasm.Curve(params, results), ms, "", cells);
    } catch (e) {
      if (e.name === "AbortError" && sweep.results.length) {
        const note = `partial: cancelled after ${sweep.results.length} of ${cells} cells`;
        this.keep(params, this.wasm.Curve.soFar(params, sweep.results), performance.now() - t0, note, sweep.results.length);
        this.status(`The sweep was cancelled after ${sweep.results.length} of ${cells} cells: the chart keeps them, a partial series.`);
      } else {
        const aborted = "The sweep was cancelled before any cell finished: the chart is as before Run.";
        this.status(e.name === "AbortError" ? aborted : sentence(`The sweep failed: ${e.message}`));
        if (this.last) this.drawCharts();
        else this.preview();
      }
      throw e;
    } finally {
      this.sweep = null;
      this.running = false;
      el("lc-run").disabled = false;
      el("lc-cancel").disabled = true;
      this.showButtons();
    }
  }

  /**
   * Keeps `curve` (a core `Curve` of `params`, summarised once for the table, CSV and charts) as
   * the panel's run and draws it; `note` marks a partial one of `cells` cells. Returns `{rows, csv, ms}`.
   */
  keep(params, curve, ms, note, cells) {
    const rows = curve.rows();
    const csv = curve.csv();
    this.last?.curve.free();
    this.last = { params, curve, rows, csv, ms, note, cells };
    this.drawCharts();
    this.el("lc-progress").value = note ? this.el("lc-progress").value : 1;
    this.showButtons();
    if (!note) this.status(`done: ${cells} cells in ${(ms / 1000).toFixed(2)} s on ${this.pool.size} workers`);
    return { rows, csv, ms };
  }

  /** Stops a running sweep. */
  cancel() {
    this.pool.cancel();
  }

  /**
   * Puts the course assignment `id` into the form and previews its charts' theory curves (the
   * last sweep's points are cleared: they belong to other parameters); the sweep waits for Run.
   */
  applyAssignment(id) {
    const a = assignment(id);
    if (!a) return;
    const { el } = this;
    applyAssignment(el, a);
    el("lc-assignment").value = id;
    el("lc-assignment-what").textContent = a.what;
    this.onForm(readForm(el));
    this.clearResults();
    try {
      const params = readParams(this.wasm, el);
      const cells = this.wasm.curveCells(params);
      this.preview(params);
      this.status(`${a.group}, ${a.label}: ${cells} cells; press Run (the lines are the theory)${a.long ? "; this one takes minutes" : ""}`);
    } catch (e) {
      this.status(sentence(`Not previewed: ${e.message}`));
    }
  }

  /** Forgets the last sweep's results (its points belong to other parameters). */
  clearResults() {
    this.last?.curve.free();
    this.last = null;
    this.showButtons();
    this.el("lc-progress").value = 0;
  }

  /** Enables the buttons that have something to act on (Keep: a run not running; Clear kept: a kept series). */
  showButtons() {
    const { el } = this;
    const any = Boolean(this.last) || this.kept.length > 0;
    el("lc-csv").disabled = !this.csvRun();
    el("lc-png").disabled = !any;
    el("lc-keep").disabled = !this.last || this.running;
    el("lc-clear-kept").disabled = this.kept.length === 0;
  }

  /**
   * Keeps the current run on the charts as a series of its own: the next Run adds a new one
   * beside it. Returns its series (`getState().sweep.series`' entry), or null with no run.
   */
  keepRun() {
    const last = this.last;
    if (!last || this.running) return null;
    const kept = { series: series(last.params, last.rows, last.note), params: last.params, curve: last.curve, csv: last.csv };
    this.kept.push(kept);
    this.last = null; // its curve is the kept series' now
    this.showButtons();
    this.drawCharts();
    this.status(`kept: ${kept.series.label}; ${this.kept.length} series on the charts`);
    return kept.series;
  }

  /** Removes every kept series (runs kept and curves imported); the current run stays. */
  clearKept() {
    for (const k of this.kept) k.curve?.free();
    this.kept = [];
    this.showButtons();
    this.drawCharts();
  }

  /**
   * Adds the curve of `text` (CSV, curve-import.js: `alpha,eps_g[,eps_g_sem]`) as a series named
   * `label`, drawn on the ε_g chart with the others; returns its series. Throws, changing
   * nothing, on a malformed file (the Error names the line and column).
   * @param {string} text
   * @param {string} label
   */
  importCurve(text, label) {
    const points = parseCurveCsv(text);
    const name = String(label ?? "").trim() || "imported";
    const rows = Array.from(points.alpha, (alpha, i) => ({ alpha, eps_g: points.eps[i], eps_g_sem: points.sem[i] }));
    const kept = { series: { label: name, params: null, rows, partial: false }, points };
    this.kept.push(kept);
    this.showButtons();
    this.drawCharts();
    return structuredClone(kept.series);
  }

  /** Reads the file chosen in "Import results…" as `importCurve` (named by the file), saying what it did. */
  async importFile() {
    const input = this.el("lc-import");
    const file = input.files?.[0];
    if (!file) return;
    try {
      const added = this.importCurve(await file.text(), file.name.replace(/\.csv$/i, ""));
      this.status(`imported ${file.name}: ${added.rows.length} points of ε_g`);
    } catch (e) {
      this.status(sentence(`Not imported: ${e.message}`));
    } finally {
      input.value = ""; // the same file again is a new change
    }
  }

  /** Puts the ε_g chart's y axis in decades (true) or back to linear, and redraws. */
  setLogEps(on) {
    this.logEps = Boolean(on);
    this.el("lc-log-eps").checked = this.logEps;
    this.drawCharts();
  }

  /** The run the CSV exports: the current one, else the last run kept. */
  csvRun() {
    return this.last ?? [...this.kept].reverse().find((k) => k.curve) ?? null;
  }

  /** The current run as `Runs` takes it, or null. */
  current() {
    const last = this.last;
    return last ? { curve: last.curve, params: last.params, label: runLabel(last) } : null;
  }

  /**
   * The core's `Runs` of the kept series and `current` (`{curve, params, label}`, or null), with
   * the theory of `base` (default: the current run's, the last kept run's, else the form's); the
   * caller frees it.
   */
  runs(current = null, base = null) {
    const p = base ?? current?.params ?? [...this.kept].reverse().find((k) => k.params)?.params ?? readParams(this.wasm, this.el);
    const runs = new this.wasm.Runs(p, this.logEps);
    try {
      for (const k of this.kept) {
        if (k.curve) runs.addCurve(k.curve, k.series.label);
        else runs.addImported(k.series.label, k.points.alpha, k.points.eps, k.points.sem);
      }
      if (current) runs.addCurve(current.curve, current.label);
      return runs;
    } catch (e) {
      runs.free();
      throw e;
    }
  }

  /**
   * Draws every chart's theory curves for the sweep `params` (default: the form's), no points:
   * what the charts show before Run. A form that does not read leaves the charts as they are.
   */
  preview(params = null) {
    try {
      const p = params ?? (this.kept.length ? null : readParams(this.wasm, this.el));
      if (this.kept.length || this.logEps) {
        this.drawCurve(null, p);
        return;
      }
      CHARTS.forEach((c, k) => {
        this.wasm.drawPreview(this.canvases[k], p, c.name, this.scale * this.textScale);
        this.setDrawn(k, { hits: [], notes: [], yTicks: [] });
      });
    } catch {
      // the form is being typed: the charts keep what they show
    }
  }

  exportCsv() {
    const run = this.csvRun();
    if (run) download("learning-curve.csv", new Blob([run.csv], { type: "text/csv" }));
  }

  /**
   * Sets every chart's backing store for the width it is shown at (in CHART_CSS's proportions)
   * × the device pixel ratio × `scale`, so that its text has the charts' size in CSS px whatever
   * the column's width.
   */
  sizeCharts(scale, { fixed = false } = {}) {
    // fixed (an export): CHART_CSS's size × scale whatever the screen and its pixel ratio
    this.scale = (fixed ? 1 : window.devicePixelRatio || 1) * scale;
    this.sizedFor = this.seriesCount();
    for (const c of this.canvases) {
      const width = fixed ? CHART_CSS.width : shownWidth(c, CHART_CSS.width);
      c.width = Math.round(width * this.scale);
      // shown: never lower than CHART_MIN_HEIGHT (a phone's narrow column: the legend and the
      // labels keep their size, the plot its height), and higher by the legend rows of each
      // series beyond the first
      const height = Math.round((width * CHART_CSS.height) / CHART_CSS.width);
      const shown = Math.max(CHART_MIN_HEIGHT, height) + SERIES_HEIGHT * (this.sizedFor - 1);
      c.height = Math.round((fixed ? height : shown) * this.scale);
    }
  }

  /** How many series the charts show: the kept ones and the current run (or the one running), at least one. */
  seriesCount() {
    return Math.max(1, (this.kept?.length ?? 0) + (this.last || this.running ? 1 : 0));
  }

  /**
   * Draws every chart of the kept series and the last sweep at the current scale, keeping where
   * their points went (with neither: the form's preview).
   */
  drawCharts() {
    if (this.last) this.drawCurve(this.current());
    else this.preview();
  }

  /**
   * Draws every chart of the kept series and `current` (`{curve, params, label}`: a finished
   * sweep, or the finished α of a running one; null: none), the theory of `base` (`runs`).
   */
  drawCurve(current, base = null) {
    // a series added or removed: the shown charts made as much higher or lower first
    if (this.sizedFor !== this.seriesCount() && this.scale === (window.devicePixelRatio || 1)) this.sizeCharts(1);
    const runs = this.runs(current, base);
    try {
      CHARTS.forEach((c, k) => {
        this.setDrawn(k, runs.drawMarked(this.canvases[k], c.name, this.scale * this.textScale));
      });
    } finally {
      runs.free();
    }
  }

  /** Keeps chart `k`'s points and notes (the notes also in its accessible description). */
  setDrawn(k, drawn) {
    this.drawn[k] = drawn;
    const canvas = this.canvases[k];
    /** @type {any} */ (canvas).chartHits = drawn.hits; // for scripts and tests: where each point is
    /** @type {any} */ (canvas).chartYTicks = drawn.yTicks; // and the y axis' tick labels
    if (drawn.notes.length) canvas.setAttribute("aria-description", drawn.notes.join(" "));
    else canvas.removeAttribute("aria-description");
  }

  /** The point of chart `k` under the pointer event `e` (within HIT_RADIUS), or null. */
  hitAt(k, e) {
    return nearestHit(this.canvases[k], this.drawn[k].hits, e, HIT_RADIUS);
  }

  /** Shows the count of the point under the pointer (and whether a click traces it). */
  hover(k, e) {
    const hit = this.hitAt(k, e);
    const canvas = this.canvases[k];
    canvas.classList.toggle("traceable", Boolean(hit && traceable(hit)));
    if (!hit) {
      this.hideTip();
      return;
    }
    const tip = this.el("lc-tip");
    const more =
      !hit.algorithm || (traceable(hit) && this.kept.length)
        ? ""
        : traceable(hit)
          ? "\nclick: trace one run at this α below"
          : `\n${NAMES[hit.algorithm]} is not a training rule: no trace`;
    tip.textContent = hit.text + more;
    tip.hidden = false;
    // fixed to the viewport, beside the pointer, kept on screen
    tip.style.left = `${Math.max(4, Math.min(e.clientX + 14, window.innerWidth - tip.offsetWidth - 4))}px`;
    tip.style.top = `${e.clientY + 14 + tip.offsetHeight > window.innerHeight ? e.clientY - tip.offsetHeight - 8 : e.clientY + 14}px`;
  }

  hideTip() {
    this.el("lc-tip").hidden = true;
  }

  /** A click on a rule's point traces one run at its α with the sweep's settings (the CLI's `trace`). */
  clickPoint(k, e) {
    const hit = this.hitAt(k, e);
    if (!hit || !this.last) return;
    if (!traceable(hit)) {
      if (hit.algorithm) this.traceStatus(`${NAMES[hit.algorithm]} is the reference, not a training rule: it has no trace`);
      return;
    }
    if (this.kept.length) {
      // the point may be a kept run's, of other parameters than the current run's
      this.traceStatus("with kept series on the charts, trace from the form here (rule, α) or clear the kept ones");
      return;
    }
    this.el("lc-trace-algorithm").value = hit.algorithm;
    this.el("lc-trace-alpha").value = String(Number(hit.alpha.toPrecision(6)));
    traceRun(this, this.last.params, hit.algorithm, hit.alpha);
  }

  /** Draws the kept trace at the device's resolution, for the width it is shown at (as `sizeCharts`). */
  drawTrace() {
    if (!this.trace) return;
    const canvas = this.el("lc-trace-chart");
    const scale = window.devicePixelRatio || 1;
    const width = shownWidth(canvas, TRACE_CSS.width);
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(Math.round((width * TRACE_CSS.height) / TRACE_CSS.width) * scale);
    this.trace.trace.draw(canvas, scale);
  }

  traceStatus(text) {
    this.el("lc-trace-status").textContent = text;
  }

  /**
   * Every chart of every series in one canvas of a fixed pixel size, under the run's parameters
   * or the count of series (each legend names them; curve-png.js); null with no series.
   */
  pngCanvas() {
    if (!this.last && !this.kept.length) return null;
    const runs = this.runs(this.current());
    try {
      const labels = [...this.kept.map((k) => k.series.label), ...(this.last ? [runLabel(this.last)] : [])];
      return chartsCanvas(runs, bandLabels(labels));
    } finally {
      runs.free();
    }
  }

  /** Every chart in one PNG of a fixed pixel size (`pngCanvas`). */
  exportPng() {
    this.pngCanvas()?.toBlob((blob) => download("learning-curves.png", blob), "image/png");
  }

  status(text) {
    this.el("lc-status").textContent = text;
  }
}

/** Whether a chart point is a training rule's (it has a trace; the references and the data's fractions have none). */
function traceable(hit) {
  return Boolean(hit.algorithm) && !REFERENCES.includes(hit.algorithm);
}

export { traceCommand };
