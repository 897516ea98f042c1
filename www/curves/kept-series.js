/** The series the learning-curve charts keep beside the current run (runs kept, curves imported
 * from CSV), and the exports: the CSV of a run, of each series or of all of them, and every chart
 * in one PNG. */

import { download } from "../files/download.js";
import { errorMessage, sentence } from "../text/format.js";
import { parseCurveCsv } from "./curve-import.js";
import { runLabel, series } from "./series-labels.js";
import { drawCharts, pngCanvas } from "./curve-charts.js";

/** @typedef {import("./curve-panel.js").CurvePanel} CurvePanel */

/**
 * Keeps the current run on the charts as a series of its own: the next Run adds a new one
 * beside it. Returns its series (`getState().sweep.series`' entry), or null with no run.
 * @param {CurvePanel} panel
 */
export function keepRun(panel) {
  const last = panel.last;
  if (!last || panel.running) return null;
  const kept = { series: series(last.params, last.rows, last.note), params: last.params, curve: last.curve, csv: last.csv };
  panel.kept.push(kept);
  panel.last = null; // its curve is the kept series' now
  panel.showButtons();
  drawCharts(panel);
  panel.status(`kept: ${kept.series.label}; ${panel.kept.length} series on the charts`);
  return kept.series;
}

/**
 * Removes every kept series (runs kept and curves imported); the current run stays.
 * @param {CurvePanel} panel
 */
export function clearKept(panel) {
  for (const k of panel.kept) k.curve?.free();
  panel.kept = [];
  panel.showButtons();
  drawCharts(panel);
}

/**
 * Adds the curve of `text` (CSV, curve-import.js: `alpha,eps_g[,eps_g_sem]`) as a series named
 * `label`, drawn on the ε_g chart with the others; returns its series. Throws, changing
 * nothing, on a malformed file (the Error names the line and column).
 * @param {string} text
 * @param {string} label
 * @param {CurvePanel} panel
 */
export function importCurve(panel, text, label) {
  const points = parseCurveCsv(text);
  const name = String(label ?? "").trim() || "imported";
  const rows = Array.from(points.alpha, (alpha, i) => ({ alpha, eps_g: points.eps[i], eps_g_sem: points.sem[i] }));
  const kept = { series: { label: name, params: null, rows, partial: false }, points };
  panel.kept.push(kept);
  panel.showButtons();
  drawCharts(panel);
  return structuredClone(kept.series);
}

/**
 * Reads the file chosen in "Import results…" as `importCurve` (named by the file), saying what it did.
 * @param {CurvePanel} panel
 */
export async function importFile(panel) {
  const input = panel.el("lc-import");
  const file = input.files?.[0];
  if (!file) return;
  try {
    const added = importCurve(panel, await file.text(), file.name.replace(/\.csv$/i, ""));
    panel.status(`imported ${file.name}: ${added.rows.length} points of ε_g`);
  } catch (e) {
    panel.status(sentence(`Not imported: ${errorMessage(e)}`));
  } finally {
    input.value = ""; // the same file again is a new change
  }
}

/**
 * The run the CSV exports: the current one, else the last run kept.
 * @param {CurvePanel} panel
 */
export function csvRun(panel) {
  return panel.last ?? [...panel.kept].reverse().find((k) => k.curve) ?? null;
}

/** @param {CurvePanel} panel */
export function exportCsv(panel) {
  const run = csvRun(panel);
  if (run) download("learning-curve.csv", new Blob([run.csv], { type: "text/csv" }));
}

/**
 * The runs on the charts, in the order of `getState().sweep.series` (kept, then the current
 * one), each `{label, curve, csv}` or, for an imported curve, null.
 * @param {CurvePanel} panel
 */
function seriesRuns(panel) {
  const kept = panel.kept.map((k) => (k.curve ? { label: k.series.label, curve: k.curve, csv: k.csv } : null));
  const last = panel.last;
  return last ? [...kept, { label: runLabel(last), curve: last.curve, csv: last.csv }] : kept;
}

/**
 * The CSV of series `k` of `getState().sweep.series` as the CLI writes it (`perceptron-lab curve`
 * with its parameters: the same columns and rows); null for an imported curve or no such series.
 * @param {CurvePanel} panel
 * @param {number} k
 */
export function seriesCsv(panel, k) {
  return seriesRuns(panel)[k]?.csv ?? null;
}

/**
 * Every run's rows on the charts (kept, then the current one) in one CSV: the CSV's columns
 * in their order, then `series`, the run's label (the core's `Runs.csv`); imported curves are
 * left out. Null with no run.
 * @param {CurvePanel} panel
 */
export function allSeriesCsv(panel) {
  const runs = seriesRuns(panel).filter((r) => r !== null);
  if (!runs.length) return null;
  const all = new panel.wasm.Runs(panel.last?.params ?? panel.kept.find((k) => k.curve).params, false);
  try {
    for (const r of runs) all.addCurve(r.curve, r.label);
    return all.csv();
  } finally {
    all.free();
  }
}

/** @param {CurvePanel} panel */
export function exportAllCsv(panel) {
  const csv = allSeriesCsv(panel);
  if (csv) download("learning-curves-series.csv", new Blob([csv], { type: "text/csv" }));
}

/**
 * Every chart in one PNG of a fixed pixel size (`pngCanvas`).
 * @param {CurvePanel} panel
 */
export function exportPng(panel) {
  // the blob is null when the canvas cannot be encoded (too large): nothing to save
  pngCanvas(panel)?.toBlob((blob) => blob && download("learning-curves.png", blob), "image/png");
}
