/**
 * The weight view's circle of directions (through the origin): every example's diameter (the
 * boundary of the half it allows; from a cached layer for many points), the hovered example's
 * allowed half, the version space's arc and sector, the directions a zoomed lower plot shows, the
 * animation's path of w(t) and the solutions' marks.
 */

import { COLORS, HIGHLIGHT, TEXT } from "../../app/catalogue.js";
import { pointsKey } from "../layer.js";
import { TAU } from "./weight-plot.js";
import { line } from "../canvas.js";
import { mark, trail } from "./weight-paths.js";

/** Above this many points the diameters of those a drag does not move come from a cached layer. */
const LAYER_ABOVE = 1000;
/** Above this many examples the circle draws the diameters of a uniform subsample (the caption says so). */
const MAX_DIAMETERS = 2000;
export const BAND_FILL = "rgba(86, 180, 233, 0.28)";
export const BAND_EDGE = "#2a7fb8";

/**
 * Draws the circle into `box` (sets `v.circle` for the hit tests) and returns what of the
 * diameters it drew when not all ("" when all).
 * @param {import("./weight-view.js").WeightView} v
 * @param {import("../../app/view-frame.js").Frame} frame
 * @param {import("../../pkg/perceptron_lab.js").VersionSpaceArrays} vs the version space (kind "arc")
 * @param {import("./weight-view.js").SolutionMark[]} marks the solutions' marks
 * @param {{x: number, y: number, w: number, h: number}} box
 */
export function drawCircle(v, frame, vs, marks, box) {
  const { state } = frame;
  const ctx = v.ctx;
  // never negative: a view squeezed smaller than its labels (a narrow window) draws a point-sized circle
  const R = Math.max(1, Math.min(box.w, box.h) / 2 - 26 * v.k);
  const c = { x: box.x + box.w / 2, y: box.y + box.h / 2 + 4 };
  /** The circle's point at direction `phi` and radius `r`. @param {number} phi */
  const at = (phi, r = R) => ({ x: c.x + r * Math.cos(phi), y: c.y - r * Math.sin(phi) });
  v.circle = { c, R };
  const shown = drawDiameters(v, frame, c, R);
  // the hovered example: its diameter and the half it allows (the side of S ξ)
  const p = state.points[state.hover];
  const n = p ? Math.hypot(p.x, p.y) : 0;
  if (p && n > 0) {
    const d = [-p.y / n, p.x / n];
    ctx.strokeStyle = HIGHLIGHT;
    ctx.lineWidth = 2;
    line(ctx, c.x - R * d[0], c.y + R * d[1], c.x + R * d[0], c.y - R * d[1]);
    const z = Math.atan2(p.label * p.y, p.label * p.x);
    ctx.fillStyle = "rgba(170, 51, 119, 0.10)";
    ctx.beginPath();
    ctx.moveTo(c.x, c.y);
    ctx.arc(c.x, c.y, R, -(z + Math.PI / 2), -(z - Math.PI / 2));
    ctx.closePath();
    ctx.fill();
  }
  ctx.strokeStyle = "#9a9a95";
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.arc(c.x, c.y, R, 0, TAU);
  ctx.stroke();
  // the version space: the arc(s), and the sector they span
  for (const [s, e] of frame.concealed.has("version-space") ? [] : vs.arcs) {
    ctx.fillStyle = BAND_FILL;
    ctx.strokeStyle = BAND_EDGE;
    ctx.lineWidth = 7;
    sector(ctx, c, R, s, e);
  }
  // the directions the zoomed lower plot shows: a dashed sector
  const win = v.plot;
  if (win && win.phi1 - win.phi0 < TAU - 1e-9) {
    ctx.strokeStyle = "#555";
    ctx.lineWidth = 1.5;
    ctx.setLineDash([4, 3]);
    ctx.beginPath();
    ctx.moveTo(c.x, c.y);
    ctx.arc(c.x, c.y, R + 5, -win.phi0, -win.phi1, true);
    ctx.closePath();
    ctx.stroke();
    ctx.setLineDash([]);
  }
  drawPath(ctx, frame.animation, c, R);
  for (const m of marks) {
    const q = at(m.phi);
    mark(ctx, q.x, q.y, m);
  }
  ctx.fillStyle = TEXT.muted;
  ctx.font = v.font();
  ctx.fillText("w/|w| = (cos φ, sin φ)", box.x + 6, box.y + 14 * v.k);
  // beside the circle, inside the view where it is narrow (then over the circle's edge)
  const zero = "φ = 0";
  ctx.fillText(zero, Math.min(at(0, R + 8).x - 2, box.x + box.w - ctx.measureText(zero).width - 4), at(0).y + 4);
  return shown;
}

/**
 * The sector of the circle (centre `c`, radius `R`) from direction `s` to `e` (counter-clockwise),
 * filled, and its arc stroked, in the context's styles.
 * @param {CanvasRenderingContext2D} ctx
 * @param {{x: number, y: number}} c
 * @param {number} R
 * @param {number} s
 * @param {number} e
 */
export function sector(ctx, c, R, s, e) {
  const end = e >= s ? e : e + TAU;
  ctx.beginPath();
  ctx.moveTo(c.x, c.y);
  ctx.arc(c.x, c.y, R, -s, -end, true);
  ctx.closePath();
  ctx.fill();
  ctx.beginPath();
  ctx.arc(c.x, c.y, R, -s, -end, true);
  ctx.stroke();
}

/**
 * Every example cuts the circle in half: its boundary is the diameter ⟂ S ξ (one path); for many
 * points those a drag does not move come from a cached layer, and above MAX_DIAMETERS examples a
 * uniform subsample (every `stride`-th: the disc is an even grey either way). Returns what it drew
 * when not all.
 * @param {import("./weight-view.js").WeightView} v
 * @param {import("../../app/view-frame.js").Frame} frame
 * @param {{x: number, y: number}} c the circle's centre
 * @param {number} R its radius
 */
function drawDiameters(v, frame, c, R) {
  const points = frame.state.points;
  /** @param {CanvasRenderingContext2D} target @param {(i: number) => boolean} [keep] the examples drawn */
  const diameters = (target, keep = () => true) => {
    target.strokeStyle = "rgba(0,0,0,0.12)";
    target.lineWidth = 1;
    target.beginPath();
    points.forEach((p, i) => {
      const n = Math.hypot(p.x, p.y);
      if (n === 0 || !keep(i)) return;
      const d = [-p.y / n, p.x / n];
      target.moveTo(c.x - R * d[0], c.y + R * d[1]);
      target.lineTo(c.x + R * d[0], c.y - R * d[1]);
    });
    target.stroke();
  };
  const P = points.length;
  const stride = Math.ceil(P / MAX_DIAMETERS);
  if (P <= LAYER_ABOVE) diameters(v.ctx);
  else {
    const moving = frame.state.dragIndex < P ? frame.state.dragIndex : -1;
    const key = pointsKey(frame.pointsVersion, moving, [c.x, c.y, R, v.canvas.width, v.canvas.height]);
    v.diameterLayer.draw(v.ctx, key, v.width, v.height, v.canvas.width / v.width, (layer) => diameters(layer, (i) => i !== moving && i % stride === 0));
    if (moving >= 0) diameters(v.ctx, (i) => i === moving);
  }
  return stride > 1 ? `the circle shows the diameters of one example in ${stride} (${Math.ceil(P / stride)} of the ${P})` : "";
}

/**
 * The animation's path of w(t), scaled into the circle, and the current w.
 * @param {CanvasRenderingContext2D} ctx
 * @param {import("../../app/view-frame.js").ShownAnimation | null} anim
 * @param {{x: number, y: number}} c
 * @param {number} R
 */
function drawPath(ctx, anim, c, R) {
  if (!anim) return;
  const { frames, index } = anim;
  let maxNorm = 1e-12;
  for (const f of frames) maxNorm = Math.max(maxNorm, Math.hypot(f.w[0], f.w[1]));
  /** @param {{w: number[]}} f */
  const X = (f) => c.x + (R * f.w[0]) / maxNorm;
  /** @param {{w: number[]}} f */
  const Y = (f) => c.y - (R * f.w[1]) / maxNorm;

  ctx.strokeStyle = COLORS[anim.algorithm];
  ctx.lineWidth = 1.5;
  trail(ctx, index + 1, (k) => [X(frames[k]), Y(frames[k])]);
  const f = frames[index];
  ctx.lineWidth = 3;
  line(ctx, c.x, c.y, X(f), Y(f));
}
