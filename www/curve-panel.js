/** Wires the learning-curve panel: run, progress, cancel, charts, export. */

import { CHARTS, WorkerPool, download, readForm, readParams } from "./curves.js";

/**
 * The panel's controller; `wasm` are the core's exports, `el` maps ids to elements, `onForm(form)`
 * is told of every change of the form (for the link and local storage).
 */
export class CurvePanel {
  constructor(wasm, el, onForm = () => {}) {
    this.wasm = wasm;
    this.el = el;
    this.pool = new WorkerPool();
    this.last = null; // {params, results, csv, rows, ms}
    for (const type of ["input", "change"]) {
      el("curves").addEventListener(type, (e) => {
        if (e.target.closest(".lc-controls, #lc-algorithms")) onForm(readForm(el));
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
      await this.run(readParams(this.el));
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
      const { rows, csv } = this.wasm.summarizeCurve(params, results);
      this.last = { params, results, rows, csv, ms };
      for (const which of CHARTS) this.wasm.drawCurveChart(el(`lc-chart-${which}`), which, params, results);
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

  /** All four charts in one PNG (2 × 2). */
  exportPng() {
    const canvases = CHARTS.map((w) => this.el(`lc-chart-${w}`));
    const [w, h] = [canvases[0].width, canvases[0].height];
    const out = document.createElement("canvas");
    out.width = 2 * w;
    out.height = 2 * h;
    const ctx = out.getContext("2d");
    canvases.forEach((c, k) => ctx.drawImage(c, (k % 2) * w, Math.floor(k / 2) * h));
    out.toBlob((blob) => download("learning-curves.png", blob), "image/png");
  }

  status(text) {
    this.el("lc-status").textContent = text;
  }
}
