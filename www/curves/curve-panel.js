/** The learning-curve panel: its state (the current run, the kept series, the sweep under way,
 * the trace) and its wiring — the form and the course assignments, Run and Cancel, the ε_g axis
 * linear or in decades. Its parts: the sweep with its progress (curve-sweep.js), the charts
 * (curve-charts.js), the pointer on them (curve-hits.js), the kept series and the exports
 * (kept-series.js), the trace of one run (curve-trace.js). */

import { ALGORITHMS, CHARTS, NAMES } from "../app/catalogue.js";
import { WARM_UP, applyAssignment, assignment, fillAssignments } from "./assignments.js";
import { fillAlgorithms, readForm, readParams, syncForm } from "./curve-form.js";
import { errorMessage, isAbort, sentence } from "../text/format.js";
import { runLabel } from "./series-labels.js";
import { drawCharts, drawTrace, pngCanvas, preview, sizeCharts } from "./curve-charts.js";
import { bindChartPointer } from "./curve-hits.js";
import { runSweep } from "./curve-sweep.js";
import { clearKept, csvRun, exportAllCsv, exportCsv, exportPng, importCurve, importFile, keepRun } from "./kept-series.js";
import { assignmentSweeps, runSeries } from "./assignment-runs.js";
import { traceCommand, exportTrace, traceFromForm } from "./curve-trace.js";
import { DEFAULT_TRACED } from "../app/state-fields.js";
import { WorkerPool } from "../workers/worker-pool.js";

/** @typedef {import("../pkg/perceptron_lab.js").CurveParams} CurveParams */
/** A run as the core's `Runs` takes it: its curve, its parameters and its label. @typedef {{curve: import("../pkg/perceptron_lab.js").Curve, params: CurveParams, label: string}} Run */
/**
 * The last sweep: its parameters, its curve (the core's) summarised once as rows and CSV, its time,
 * why it is partial ("" when whole) and its cells.
 * @typedef {{params: CurveParams, curve: import("../pkg/perceptron_lab.js").Curve, rows: import("../pkg/perceptron_lab.js").Row[], csv: string, ms: number, note: string, cells: number}} SweepRun
 */

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
    /** @type {SweepRun | null} */
    this.last = null;
    /**
     * The series kept on the charts besides the current run, in order: a kept run `{series,
     * params, curve, csv}` or an imported curve `{series, points}` (`series`: its entry of
     * `getState().sweep.series`; `points`: curve-import.js's arrays).
     * @type {any[]}
     */
    this.kept = [];
    /** whether the ε_g chart's y axis is in decades (the "log ε_g" box) */
    this.logEps = false;
    /** The sweep under way: `{params, results, done, total, clock, t0}` (its SweepClock, its start), else null. */
    this.sweep = null;
    this.trace = null; // {trace, params, algorithm, alpha, every, csv}
    /** whether a sweep is running */
    this.running = false;
    /** the charts' text (and marks) at this many times their size: presenter mode's large type (lesson-view.js) */
    this.textScale = 1;
    /** What each chart drew: its points `{x, y, algorithm, alpha, hollow, text}` (canvas pixels) and notes. */
    /** @type {import("../pkg/perceptron_lab.js").Drawn[]} */
    this.drawn = CHARTS.map(() => ({ hits: [], notes: [], yTicks: [], lines: [], marks: [], legend: [] }));
    /** the charts' backing-store pixels per CSS pixel (curve-charts.js sizeCharts) */
    this.scale = 1;
    /** how many series the charts were last sized for */
    this.sizedFor = 1;
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
      el("curves").addEventListener(type, (/** @type {Event} */ e) => {
        if (!(/** @type {Element} */ (e.target).closest(".lc-controls, #lc-algorithms"))) return;
        syncForm(el);
        el("lc-assignment").value = ""; // the form is no longer the preset (nor a preset's several sweeps)
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
    el("lc-csv").addEventListener("click", () => exportCsv(this));
    el("lc-csv-all").addEventListener("click", () => exportAllCsv(this));
    el("lc-png").addEventListener("click", () => exportPng(this));
    el("lc-keep").addEventListener("click", () => this.keepRun());
    el("lc-clear-kept").addEventListener("click", () => this.clearKept());
    el("lc-import").addEventListener("change", () => importFile(this));
    el("lc-log-eps").addEventListener("change", () => this.setLogEps(el("lc-log-eps").checked));
    bindChartPointer(this);
    const rules = el("lc-trace-algorithm");
    for (const name of ALGORITHMS) rules.append(new Option(NAMES[name], name, false, name === DEFAULT_TRACED));
    el("lc-trace-run").addEventListener("click", () => traceFromForm(this));
    el("lc-trace-csv").addEventListener("click", () => exportTrace(this));
  }

  /** Runs the sweep described by the form (the sweeps of a preset of several, each kept: assignment-runs.js). */
  async runFromForm() {
    try {
      const several = assignment(this.el("lc-assignment").value);
      const params = readParams(this.wasm, this.el);
      if (several?.ns) await runSeries(this, assignmentSweeps(several, params));
      else await this.run(params);
    } catch (e) {
      if (!isAbort(e)) this.status(sentence(`Not run: ${errorMessage(e)}`));
    }
  }

  /** Runs `params` in the worker pool (curve-sweep.js); resolves `{rows, csv, ms}`. @param {CurveParams} params */
  run(params) {
    return runSweep(this, params);
  }

  /** Stops a running sweep. */
  cancel() {
    this.pool.cancel();
  }

  /**
   * Puts the course assignment `id` into the form and previews its charts' theory curves (the
   * last sweep's points are cleared: they belong to other parameters); the sweep waits for Run.
   * @param {string} id
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
      this.status(sentence(`Not previewed: ${errorMessage(e)}`));
    }
  }

  /**
   * Chooses the course assignment `id` and runs it: its sweep, or each of its sweeps kept as a
   * series (assignment-runs.js), `overrides` (fields of `CurveParams` but a preset's N) laid
   * over the preset's parameters; resolves a list of `{rows, csv, ms}`, one per sweep.
   * @param {string} id
   * @param {Partial<CurveParams>} [overrides]
   */
  async runAssignment(id, overrides = {}) {
    const a = assignment(id);
    if (!a) throw new Error(`no course assignment "${id}"`);
    this.applyAssignment(id);
    const sweeps = assignmentSweeps(a, { ...readParams(this.wasm, this.el), ...overrides });
    return a.ns ? runSeries(this, sweeps) : [await this.run(sweeps[0])];
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
    el("lc-csv").disabled = !csvRun(this);
    el("lc-csv-all").disabled = !csvRun(this);
    el("lc-png").disabled = !any;
    el("lc-keep").disabled = !this.last || this.running;
    el("lc-clear-kept").disabled = this.kept.length === 0;
  }

  /** Keeps the current run on the charts as a series of its own (kept-series.js); its series, or null. */
  keepRun() {
    return keepRun(this);
  }

  /** Removes every kept series (kept-series.js). */
  clearKept() {
    clearKept(this);
  }

  /** Adds the curve of a CSV text as a series named `label` (kept-series.js). @param {string} text @param {string} label */
  importCurve(text, label) {
    return importCurve(this, text, label);
  }

  /** Puts the ε_g chart's y axis in decades (true) or back to linear, and redraws. @param {unknown} on taken for its truth (the automation interface passes what it is given) */
  setLogEps(on) {
    this.logEps = Boolean(on);
    this.el("lc-log-eps").checked = this.logEps;
    this.drawCharts();
  }

  /** The current run as `Runs` takes it, or null. */
  current() {
    const last = this.last;
    return last ? { curve: last.curve, params: last.params, label: runLabel(last) } : null;
  }

  /** Draws the charts' theory curves for `params` (default: the form's), no points (curve-charts.js). @param {CurveParams | null} [params] */
  preview(params = null) {
    preview(this, params);
  }

  /** Sizes the charts' backing stores (curve-charts.js). @param {number} scale @param {{fixed?: boolean}} [options] */
  sizeCharts(scale, options) {
    sizeCharts(this, scale, options);
  }

  /** Draws every chart of the kept series and the last sweep (curve-charts.js). */
  drawCharts() {
    drawCharts(this);
  }

  /** Draws the kept trace (curve-charts.js). */
  drawTrace() {
    drawTrace(this);
  }

  /** Says `text` on the trace's status line. @param {string} text */
  traceStatus(text) {
    this.el("lc-trace-status").textContent = text;
  }

  /** Every chart of every series in one canvas of a fixed pixel size, or null (curve-charts.js). */
  pngCanvas() {
    return pngCanvas(this);
  }

  /** Says `text` on the sweep's status line. @param {string} text */
  status(text) {
    this.el("lc-status").textContent = text;
  }
}

export { traceCommand };
