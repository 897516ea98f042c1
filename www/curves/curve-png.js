/**
 * The learning-curve charts as one PNG of a fixed pixel size, whatever the device's pixel ratio,
 * zoom or column width: every chart drawn by the core at PNG_CHART's size, PNG_COLUMNS to a row,
 * under a band of one line — the one series' parameters, or the parameters several runs share
 * while each legend names what differs (series-labels.js) —; and where a chart's points are under
 * the pointer.
 */

import { CHARTS } from "../app/catalogue.js";

/** Pixel size of one chart in the PNG, and the scale its text and marks are drawn at (×2 the screen's CSS size). */
export const PNG_CHART = { width: 1120, height: 760, scale: 2 };
/** Charts per row. */
export const PNG_COLUMNS = 2;
/** The band above the charts: its font (px), line height and margin. */
const BAND = { font: 26, line: 36, margin: 16 };

/**
 * The PNG's canvas: the charts of `curve` (a core `Curve`, or `Runs`: anything with the core's
 * `drawMarked(canvas, chart, scale)`) under the labels of `labels`.
 * @param {any} curve
 * @param {string[]} labels one line per series
 * @returns {HTMLCanvasElement}
 */
export function chartsCanvas(curve, labels) {
  const rows = Math.ceil(CHARTS.length / PNG_COLUMNS);
  const band = 2 * BAND.margin + labels.length * BAND.line;
  const out = document.createElement("canvas");
  out.width = PNG_COLUMNS * PNG_CHART.width;
  out.height = band + rows * PNG_CHART.height;
  const ctx = /** @type {CanvasRenderingContext2D} */ (out.getContext("2d"));
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.fillStyle = "#000";
  ctx.font = `${BAND.font}px sans-serif`;
  ctx.textBaseline = "top";
  labels.forEach((text, k) => {
    ctx.fillText(text, BAND.margin, BAND.margin + k * BAND.line, out.width - 2 * BAND.margin);
  });
  const chart = document.createElement("canvas");
  chart.width = PNG_CHART.width;
  chart.height = PNG_CHART.height;
  CHARTS.forEach((c, k) => {
    curve.drawMarked(chart, c.name, PNG_CHART.scale);
    ctx.drawImage(chart, (k % PNG_COLUMNS) * PNG_CHART.width, band + Math.floor(k / PNG_COLUMNS) * PNG_CHART.height);
  });
  return out;
}

/**
 * The PNG of `chartsCanvas` as a data URL.
 * @param {any} curve
 * @param {string[]} labels
 */
export function chartsPng(curve, labels) {
  return chartsCanvas(curve, labels).toDataURL("image/png");
}

/**
 * The hit of `hits` (the core's `{x, y, …}` in backing-store pixels of `canvas`) nearest the
 * pointer event `e`, within `radius` CSS pixels, or null.
 * @param {HTMLCanvasElement} canvas
 * @template {{x: number, y: number}} T
 * @param {T[]} hits
 * @param {{clientX: number, clientY: number}} e
 * @param {number} radius
 * @returns {T | null}
 */
export function nearestHit(canvas, hits, e, radius) {
  const rect = canvas.getBoundingClientRect();
  if (!rect.width || !rect.height) return null;
  // client → backing-store pixels, the unit of the core's hits
  const sx = canvas.width / rect.width;
  const x = (e.clientX - rect.left) * sx;
  const y = (e.clientY - rect.top) * (canvas.height / rect.height);
  /** @type {T | null} */
  let best = null;
  let bestD = (radius * sx) ** 2;
  for (const h of hits) {
    const d = (h.x - x) ** 2 + (h.y - y) ** 2;
    if (d <= bestD) {
      best = h;
      bestD = d;
    }
  }
  return best;
}
