// @ts-check
/** Wires the learning-curve panel: run, progress, cancel, charts, export. */

import { CHARTS } from "./catalogue.js";
import { fillAlgorithms, readForm, readParams } from "./curve-form.js";
import { download } from "./download.js";
import { EXPORT_SCALE } from "./io.js";
import { WorkerPool } from "./worker-pool.js";

/** CSS size of a chart (its backing store is this × devicePixelRatio, × EXPORT_SCALE when exported). */
const CHART_CSS = { width: 560, height: 380 };
/** Charts per row of the exported PNG. */
const EXPORT_COLUMNS = 2;

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
    this.pool = new WorkerPool();
    this.last = null; // {params, curve, csv, rows, ms}
    fillAlgorithms(el);
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
        if (/** @type {Element} */ (e.target).closest(".lc-controls, #lc-algorithms")) onForm(readForm(el));
      });
    }
    el("lc-run").addEventListener("click", () => this.runFromForm());
    el("lc-cancel").addEventListener("click", () => this.cancel());
    el("lc-csv").addEventListener("click", () => this.exportCsv());
    el("lc-png").addEventListener("click", () => this.exportPng());
  }

  /** Runs the sweep described by the form. */
  async runFromForm() {
    try {
      await this.run(readParams(this.wasm, this.el));
    } catch (e) {
      if (e.name !== "AbortError") this.status(`Not run: ${e.message}`);
    }
  }

  /** Runs `params` in the worker pool; resolves `{rows, csv, ms}`. */
  async run(params) {
    const cells = this.wasm.curveCells(params); // validates; throws a clear Error
    const { el } = this;
    el("lc-run").disabled = true;
    el("lc-cancel").disabled = false;
    el("lc-progress").value = 0;
    this.status(`running ${cells} cells on ${this.pool.size} workers…`);
    const t0 = performance.now();
    try {
      const results = await this.pool.run(params, cells, (done, total) => {
        el("lc-progress").value = done / total;
        this.status(`${done} / ${total} cells`);
      });
      const ms = performance.now() - t0;
      this.last?.curve.free();
      const curve = new this.wasm.Curve(params, results); // summarised once for the table, CSV and charts
      const rows = curve.rows();
      const csv = curve.csv();
      this.last = { params, curve, rows, csv, ms };
      this.drawCharts();
      el("lc-progress").value = 1;
      el("lc-csv").disabled = false;
      el("lc-png").disabled = false;
      this.status(`done: ${cells} cells in ${(ms / 1000).toFixed(2)} s on ${this.pool.size} workers`);
      return { rows, csv, ms };
    } catch (e) {
      this.status(e.name === "AbortError" ? "cancelled; nothing else changed" : `failed: ${e.message}`);
      throw e;
    } finally {
      el("lc-run").disabled = false;
      el("lc-cancel").disabled = true;
    }
  }

  /** Stops a running sweep. */
  cancel() {
    this.pool.cancel();
  }

  exportCsv() {
    if (this.last) download("learning-curve.csv", new Blob([this.last.csv], { type: "text/csv" }));
  }

  /** Sets every chart's backing store for the device pixel ratio × `scale` (CSS size unchanged). */
  sizeCharts(scale) {
    this.scale = (window.devicePixelRatio || 1) * scale;
    for (const c of this.canvases) {
      c.width = Math.round(CHART_CSS.width * this.scale);
      c.height = Math.round(CHART_CSS.height * this.scale);
    }
  }

  /** Draws every chart of the last sweep at the current scale. */
  drawCharts() {
    if (!this.last) return;
    CHARTS.forEach((c, k) => {
      this.last.curve.draw(this.canvases[k], c.name, this.scale);
    });
  }

  /** Every chart in one PNG, EXPORT_COLUMNS to a row, at EXPORT_SCALE × the screen's resolution. */
  exportPng() {
    if (!this.last) return;
    this.sizeCharts(EXPORT_SCALE);
    this.drawCharts();
    const [w, h] = [this.canvases[0].width, this.canvases[0].height];
    const out = document.createElement("canvas");
    out.width = EXPORT_COLUMNS * w;
    out.height = Math.ceil(this.canvases.length / EXPORT_COLUMNS) * h;
    const ctx = out.getContext("2d");
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, out.width, out.height);
    this.canvases.forEach((c, k) => {
      ctx.drawImage(c, (k % EXPORT_COLUMNS) * w, Math.floor(k / EXPORT_COLUMNS) * h);
    });
    this.sizeCharts(1);
    this.drawCharts();
    out.toBlob((blob) => download("learning-curves.png", blob), "image/png");
  }

  status(text) {
    this.el("lc-status").textContent = text;
  }
}
