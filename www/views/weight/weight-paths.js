/** Paths the weight view draws with: sampled curves and the areas between them, the solutions' marks, wrapped text. */

import { TAU } from "./weight-plot.js";

/**
 * The sampled curve `k ↦ (X(phi[k]), Y(value(k)))`, k < n, broken where the value is not finite.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} n
 * @param {(phi: number) => number} X
 * @param {(value: number) => number} Y
 * @param {ArrayLike<number>} phi
 * @param {(k: number) => number} value
 */
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

/**
 * Fills between two sampled curves wherever both are finite.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} n
 * @param {(phi: number) => number} X
 * @param {(value: number) => number} Y
 * @param {ArrayLike<number>} phi
 * @param {(k: number) => number} lo
 * @param {(k: number) => number} hi
 */
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

/** Most vertices a path of the animation (`trail`) is stroked with, whatever the steps recorded. */
export const MAX_TRAIL = 2000;

/**
 * The path of `n` points `at(k) = [x, y]` in order, stroked with a bounded number of vertices so
 * that a long animation costs each frame the same (BENCHMARKS.md, "Endurance"): a point less than a
 * pixel from the last one drawn adds nothing and is skipped; of what is left, the latest
 * `MAX_TRAIL / 2` are all drawn and the older ones evenly thinned to the other half. The first and
 * the last point are always drawn. `jump(k, j)`: whether the path breaks between point `j` drawn
 * and point `k` (the (φ, θ) plane's wrap of φ).
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} n
 * @param {(k: number) => number[]} at
 * @param {(k: number, j: number) => boolean} [jump]
 */
export function trail(ctx, n, at, jump = () => false) {
  /** @type {number[]} */
  const kept = [];
  let last = [Number.NaN, Number.NaN];
  for (let k = 0; k < n; k++) {
    const p = at(k);
    if (k > 0 && k < n - 1 && Math.abs(p[0] - last[0]) < 1 && Math.abs(p[1] - last[1]) < 1) continue;
    kept.push(k);
    last = p;
  }
  const recent = MAX_TRAIL / 2;
  const older = kept.length - recent;
  const stride = older > recent ? Math.ceil(older / recent) : 1;
  ctx.beginPath();
  let j = -1;
  kept.forEach((k, i) => {
    if (i > 0 && i < older && i % stride) return;
    const [x, y] = at(k);
    if (j < 0 || jump(k, j)) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
    j = k;
  });
  ctx.stroke();
}

/** `v` kept within a little beyond the plot's y range (∓∞ edges of one class draw to the frame). @param {number} v @param {{lo: number, hi: number}} p */
export function clampY(v, p) {
  const span = p.hi - p.lo;
  return Number.isNaN(v) ? v : Math.min(p.hi + span, Math.max(p.lo - span, v));
}

/**
 * A solution's mark at (x, y) in its shape `m.shape`: a rule's or the exact optimum's from the
 * catalogue (`marker`: "circle", "square", "triangle", "triangle-down", "diamond"; the charts'
 * points have the same), filled once it stops and open while it trains (`m.open`); the teacher's
 * a star ("star").
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x
 * @param {number} y
 * @param {{color: string, shape: string, open: boolean}} m
 */
export function mark(ctx, x, y, m) {
  ctx.save();
  ctx.fillStyle = m.color;
  ctx.strokeStyle = m.color;
  ctx.lineWidth = 2;
  ctx.beginPath();
  /** @param {number[][]} corners offsets from (x, y) */
  const polygon = (corners) => {
    ctx.moveTo(x + corners[0][0], y + corners[0][1]);
    for (const [dx, dy] of corners.slice(1)) ctx.lineTo(x + dx, y + dy);
    ctx.closePath();
  };
  const r = 5.5;
  if (m.shape === "square")
    polygon([
      [-0.9 * r, -0.9 * r],
      [0.9 * r, -0.9 * r],
      [0.9 * r, 0.9 * r],
      [-0.9 * r, 0.9 * r],
    ]);
  else if (m.shape === "triangle")
    polygon([
      [0, -1.25 * r],
      [1.2 * r, 0.8 * r],
      [-1.2 * r, 0.8 * r],
    ]);
  else if (m.shape === "triangle-down")
    polygon([
      [0, 1.25 * r],
      [1.2 * r, -0.8 * r],
      [-1.2 * r, -0.8 * r],
    ]);
  else if (m.shape === "diamond")
    polygon([
      [0, -1.35 * r],
      [1.35 * r, 0],
      [0, 1.35 * r],
      [-1.35 * r, 0],
    ]);
  else if (m.shape === "star")
    polygon(Array.from({ length: 10 }, (_, k) => [(k % 2 ? 0.6 : 1.5) * r * Math.sin((k * TAU) / 10), -(k % 2 ? 0.6 : 1.5) * r * Math.cos((k * TAU) / 10)]));
  else ctx.arc(x, y, r, 0, TAU);
  if (m.open) ctx.stroke();
  else ctx.fill();
  ctx.restore();
}

/** `text` broken at spaces into lines no wider than `width` (in the context's font). @param {CanvasRenderingContext2D} ctx @param {string} text @param {number} width */
export function wrapText(ctx, text, width) {
  /** @type {string[]} */
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
