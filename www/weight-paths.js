// @ts-check
/** Paths the weight view draws with: sampled curves and the areas between them, the solutions' marks, wrapped text. */

import { TAU } from "./weight-plot.js";

/** The sampled curve `k ↦ (X(phi[k]), Y(value(k)))`, k < n, broken where the value is not finite. */
export function polyline(ctx, n, X, Y, phi, value) {
  ctx.beginPath();
  let pen = false;
  for (let k = 0; k < n; k++) {
    const v = value(k);
    if (!Number.isFinite(v)) {
      pen = false;
      continue;
    }
    if (pen) ctx.lineTo(X(phi[k]), Y(v));
    else ctx.moveTo(X(phi[k]), Y(v));
    pen = true;
  }
  ctx.stroke();
}

/** Fills between two sampled curves wherever both are finite. */
export function fillBetween(ctx, n, X, Y, phi, lo, hi) {
  let k = 0;
  while (k < n) {
    while (k < n && !(Number.isFinite(lo(k)) && Number.isFinite(hi(k)))) k++;
    const start = k;
    while (k < n && Number.isFinite(lo(k)) && Number.isFinite(hi(k))) k++;
    if (k > start) {
      ctx.beginPath();
      for (let j = start; j < k; j++) ctx.lineTo(X(phi[j]), Y(hi(j)));
      for (let j = k - 1; j >= start; j--) ctx.lineTo(X(phi[j]), Y(lo(j)));
      ctx.closePath();
      ctx.fill();
    }
  }
}

/** `v` kept within a little beyond the plot's y range (∓∞ edges of one class draw to the frame). */
export function clampY(v, p) {
  const span = p.hi - p.lo;
  return Number.isNaN(v) ? v : Math.min(p.hi + span, Math.max(p.lo - span, v));
}

/** A solution's mark at (x, y): `m.shape` "ring" (the exact optimum), "diamond" (the teacher), "open" (still training) or a dot. */
export function mark(ctx, x, y, m) {
  ctx.save();
  ctx.fillStyle = m.color;
  ctx.strokeStyle = m.color;
  ctx.lineWidth = 2.5;
  ctx.beginPath();
  if (m.shape === "ring") {
    ctx.arc(x, y, 9, 0, TAU);
    ctx.stroke();
  } else if (m.shape === "diamond") {
    ctx.moveTo(x, y - 7);
    ctx.lineTo(x + 7, y);
    ctx.lineTo(x, y + 7);
    ctx.lineTo(x - 7, y);
    ctx.closePath();
    ctx.fill();
  } else if (m.shape === "open") {
    // a rule still training: an open dot, filled once it stops
    ctx.lineWidth = 2;
    ctx.arc(x, y, 5, 0, TAU);
    ctx.stroke();
  } else {
    ctx.arc(x, y, 5.5, 0, TAU);
    ctx.fill();
  }
  ctx.restore();
}

/** `text` broken at spaces into lines no wider than `width` (in the context's font). */
export function wrapText(ctx, text, width) {
  const lines = [];
  let current = "";
  for (const word of text.split(" ")) {
    const next = current ? `${current} ${word}` : word;
    if (current && ctx.measureText(next).width > width) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  if (current) lines.push(current);
  return lines;
}
