/**
 * The cells the examples cut out of weight space (each is one separable labelling, Biehl
 * §3.4.3): with `showRegions`, each numbered at its labelling's optimal perceptron (for few
 * points); the cell under the pointer (`region`) outlined, with its number.
 */

import { HIGHLIGHT, TEXT } from "../../app/catalogue.js";
import { textInk } from "../../text/canvas-text.js";
import { LabelPlacer } from "../label-place.js";
import { sector } from "./weight-circle.js";
import { clampY, fillBetween } from "./weight-paths.js";
import { TAU, plotX, plotY, turnsIn } from "./weight-plot.js";

/**
 * @param {import("./weight-view.js").WeightView} v
 * @param {import("../../app/view-frame.js").Frame} frame
 */
export function drawRegions(v, frame) {
  const { state } = frame;
  const labellings = state.showRegions ? frame.counts.labellings : null;
  const region = state.region;
  if (!labellings && !region) return;
  const ctx = v.ctx;
  const p = /** @type {import("./weight-plot.js").Plot} */ (v.plot);
  /** @param {number} phi */
  const X = (phi) => plotX(p, phi);
  /** @param {number} value */
  const Y = (value) => plotY(p, value);
  ctx.save();
  ctx.font = v.font("bold");
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  /** @param {string} text @param {number} x @param {number} y @returns {import("../label-place.js").Box} the label's box at (x, y): its white backing */
  const backing = (text, x, y) => {
    const w = ctx.measureText(text).width + 6;
    return [x - w / 2, y - 8 * v.k, x + w / 2, y + 8 * v.k];
  };
  /** @param {string} text @param {number} x @param {number} y @param {string} color */
  const label = (text, x, y, color) => {
    const [x0, y0, x1, y1] = backing(text, x, y);
    ctx.fillStyle = "rgba(255,255,255,0.85)";
    ctx.fillRect(x0, y0, x1 - x0, y1 - y0);
    ctx.fillStyle = textInk(color);
    ctx.fillText(text, x, y);
  };
  // a cell's number at its labelling's optimal perceptron, or beside it where an earlier number is; left out where the cells crowd (pointing at a cell names it)
  const placer = new LabelPlacer();
  /** @param {string} text @param {number} x @param {number} y */
  const number = (text, x, y) => {
    const [dx, dy] = [ctx.measureText(text).width + 8, 17 * v.k];
    // each place moved inside the view should its backing reach past an edge (a cell at φ = 0 or 2π)
    const [x0, y0, x1, y1] = backing(text, 0, 0);
    /** @param {number} px @param {number} py @returns {[number, number]} */
    const inside = (px, py) => [Math.min(Math.max(px, -x0), v.width - x1), Math.min(Math.max(py, -y0), v.height - y1)];
    const places = [inside(x, y), inside(x, y - dy), inside(x, y + dy), inside(x + dx, y), inside(x - dx, y)];
    const at = placer.place(places, (px, py) => backing(text, px, py));
    if (at) label(text, at[0], at[1], TEXT.color);
  };
  if (region) {
    ctx.fillStyle = "rgba(170, 51, 119, 0.16)";
    ctx.strokeStyle = HIGHLIGHT;
    ctx.lineWidth = 3;
    const n = region.lower.length;
    // the cell within the lower plot: with a threshold its band, else its stretch of φ below the circle
    ctx.save();
    ctx.beginPath();
    ctx.rect(p.x, p.y, p.w, p.h);
    ctx.clip();
    const bandCell = state.threshold && n > 0;
    if (bandCell) {
      const closed = Array.from({ length: n + 1 }, (_, k) => (TAU * k) / n);
      /** @param {number} k */
      const lo = (k) => clampY(region.lower[k % n], p);
      /** @param {number} k */
      const hi = (k) => clampY(region.upper[k % n], p);
      for (const shift of turnsIn(p.phi0, p.phi1)) fillBetween(ctx, n + 1, (phi) => X(phi + shift), Y, closed, lo, hi);
    } else if (region.arc && v.circle) {
      const [s, e] = region.arc;
      const end = e >= s ? e : e + TAU;
      const stretches =
        end > TAU
          ? [
              [s, TAU],
              [0, end - TAU],
            ]
          : [[s, end]];
      for (const [a, b] of stretches) for (const shift of turnsIn(p.phi0, p.phi1)) ctx.fillRect(X(a + shift), p.y, X(b) - X(a), p.h);
    }
    ctx.restore();
    if (!bandCell && region.arc && v.circle) sector(ctx, v.circle.c, v.circle.R, region.arc[0], region.arc[1]);
  }
  for (const [k, l] of (labellings ?? []).entries()) {
    const phi = (Math.atan2(l.w[1], l.w[0]) + TAU) % TAU;
    const norm = Math.hypot(l.w[0], l.w[1]);
    if (!(norm > 0)) continue;
    if (state.threshold) {
      // inside the plot: a cell unbounded in θ (all +1, all −1) numbered at the plot's edge, in the cell
      const x = turnsIn(p.phi0, p.phi1)
        .map((shift) => X(phi + shift))
        .find((x) => x >= p.x && x <= p.x + p.w);
      const edge = 9 * v.k;
      if (x !== undefined) number(String(k + 1), x, Math.min(Math.max(Y(l.theta / norm), p.y + edge), p.y + p.h - edge));
    } else if (v.circle) {
      const { c, R } = v.circle;
      number(String(k + 1), c.x + (R - 16) * Math.cos(phi), c.y - (R - 16) * Math.sin(phi));
    }
  }
  if (region) {
    const k = frame.regionNumber;
    const caption = `${k ? `labelling ${k}` : "this cell's labelling"}: shown in the data view`;
    label(caption, v.width - ctx.measureText(caption).width / 2 - 8, v.reserveTop + 8 * v.k, HIGHLIGHT);
  }
  ctx.restore();
}
