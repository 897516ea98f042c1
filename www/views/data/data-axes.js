/**
 * The data view's axes through the origin and its grid at round steps, with their labels.
 */
import { line } from "../canvas.js";
import { TEXT } from "../../app/catalogue.js";
import { AXIS_COLOR, GRID_COLOR } from "./data-style.js";
import { fmtTick, niceStep } from "../../text/format.js";

/** @typedef {import("./data-view.js").DataSpaceView} DataSpaceView */

/** Grid lines drawn at most (a view is about 8 steps across its shorter side). */
const MAX_GRID = 200;

/**
 * The multiples of `step` from `lo` to `hi`, at most MAX_GRID of them, within the floating-point
 * range: a view of points near ±1e308 reaches beyond it along its longer side (its ends are
 * ±Infinity), where `x += step` would never pass `hi`.
 * @param {number} lo
 * @param {number} hi
 * @param {number} step
 */
export function gridValues(lo, hi, step) {
  /** @type {number[]} */
  const out = [];
  if (!(step > 0) || !Number.isFinite(step)) return out;
  const from = Math.ceil(Math.max(lo, -Number.MAX_VALUE) / step);
  const to = Math.min(hi, Number.MAX_VALUE);
  for (let k = from; out.length < MAX_GRID; k++) {
    const v = k * step;
    if (!(v <= to)) break;
    out.push(v);
  }
  return out;
}

/** The axes through the origin, the grid at round steps, and their labels (those the view's edge would cut left out). @param {DataSpaceView} v */
export function drawAxes(v) {
  const ctx = v.ctx;
  const { x0, x1, y0, y1 } = v.extent();
  const step = niceStep(v.view.half / 4);
  ctx.lineWidth = 1;
  const fs = v.textPx;
  ctx.font = v.font();
  ctx.fillStyle = TEXT.muted;
  // a label only where it clears the one before it (a narrow view at projector type)
  let free = 2 * fs;
  for (const x of gridValues(x0, x1, step)) {
    const { px } = v.toPixel(x, 0);
    ctx.strokeStyle = Math.abs(x) < step / 2 ? AXIS_COLOR : GRID_COLOR;
    line(ctx, px, 0, px, v.height);
    const label = fmtTick(x);
    const wide = ctx.measureText(label).width;
    if (Math.abs(x) > step / 2 && px > free && px + 2 + wide <= v.width) {
      ctx.fillText(label, px + 2, v.height - 4);
      free = px + wide + fs / 2;
    }
  }
  for (const y of gridValues(y0, y1, step)) {
    const { py } = v.toPixel(0, y);
    ctx.strokeStyle = Math.abs(y) < step / 2 ? AXIS_COLOR : GRID_COLOR;
    line(ctx, 0, py, v.width, py);
    if (Math.abs(y) > step / 2 && py < v.height - 2 * fs && py - 2 - fs >= 0) ctx.fillText(fmtTick(y), 3, py - 2);
  }
  const o = v.toPixel(0, 0);
  ctx.fillStyle = AXIS_COLOR;
  ctx.beginPath();
  ctx.arc(o.px, o.py, 3, 0, 2 * Math.PI);
  ctx.fill();
}
