/**
 * The data view's points and their marks: +1 filled discs and −1 open squares (from a cached
 * layer above LAYER_ABOVE points), the rings of the frame (rings.js), one cross beside each
 * point a shown rule misclassifies, the soft margin's violators, the points' numbers and the
 * examples the animation's step used. Each takes the view (`DataSpaceView`) first.
 */

import { COLORS, REFERENCES, TEXT } from "../../app/catalogue.js";
import { POINT_COLOR } from "./data-style.js";
import { pointsKey } from "../layer.js";
import { textBox } from "../label-place.js";
import { dashedRings, ringsAsPath } from "./ring-stamp.js";

/** @typedef {import("./data-view.js").DataSpaceView} DataSpaceView */
/** @typedef {import("../../app/state.js").PageState} PageState */
/** @typedef {import("../../app/state.js").Point} Point */
/** @typedef {import("../../training/data-view-training.js").ViewScene} ViewScene */
/** @typedef {import("../../app/view-frame.js").ShownAnimation} ShownAnimation */

/** Most misclassification crosses drawn (a uniform subsample of the crossed points above it). */
const MAX_CROSSES = 300;
/** Above this many points the points but the one a drag moves are drawn from a cached layer. */
const LAYER_ABOVE = 1000;
/** Points are numbered (when asked) up to this many. */
const MAX_NUMBERED = 300;

/**
 * The points the shown rules misclassify, each with the names of the rules that do (the animated
 * rule: the examples w(t) of the shown frame misclassifies, not its final line's).
 * @param {PageState} state
 * @param {ViewScene} scene
 * @param {ShownAnimation | null} anim
 * @returns {Map<number, string[]>}
 */
export function misclassifiedBy(state, scene, anim) {
  /** @type {Map<number, string[]>} */
  const out = new Map();
  for (const a of scene.algorithms) {
    if (!state.shown[a.name]) continue;
    const wrong = anim && a.name === anim.algorithm ? (anim.frames[anim.index].misclassified ?? []) : a.misclassified;
    for (const i of wrong) {
      if (!out.has(i)) out.set(i, []);
      out.get(i)?.push(a.name);
    }
  }
  return out;
}

/**
 * The points, the rings of the frame, and one cross beside each point a shown rule misclassifies:
 * in that rule's colour, or the error colour where several do (the tooltip names them); at most
 * MAX_CROSSES, a uniform subsample — the readout counts them all. `labelling`: the labels the
 * points carry when not their own (another cached layer).
 * @param {DataSpaceView} v
 * @param {import("../../app/view-frame.js").Frame} frame
 * @param {PageState} state
 * @param {ViewScene | null} scene
 * @param {ShownAnimation | null} anim
 * @param {string} labelling
 */
export function drawPoints(v, frame, state, scene, anim, labelling) {
  const ctx = v.ctx;
  const pixels = state.points.map((p) => v.toPixel(p.x, p.y));
  markPoints(v, state.points, pixels, frame, labelling);
  const groups = frame.rings.groups;
  if (groups.some((g) => g.rings.length)) v.marks.push(frame.rings.byStrength ? "rings x^μ" : "rings");
  groups.forEach((g, k) => {
    ctx.save();
    ctx.lineWidth = frame.rings.byStrength ? 2 : 1.5;
    // rings of several rules are dashed in turn (as compared lines are), so that coinciding rings show every colour
    if (frame.rings.byStrength && groups.length > 1) {
      ctx.setLineDash([5, 5 * (groups.length - 1)]);
      ctx.lineDashOffset = -5 * k;
    }
    ctx.strokeStyle = COLORS[g.rule];
    ctx.beginPath();
    for (const r of g.rings) {
      const q = pixels[r.point];
      ctx.moveTo(q.px + r.radius, q.py);
      ctx.arc(q.px, q.py, r.radius, 0, 2 * Math.PI);
    }
    ctx.stroke();
    ctx.restore();
  });
  if (!scene) return;
  const wrong = misclassifiedBy(state, scene, anim);
  const crossed = [...wrong.keys()].sort((a, b) => a - b);
  const every = Math.ceil(crossed.length / MAX_CROSSES);
  const R = v.pointRadius;
  /** @type {Map<string, number[][]>} colour → where its crosses go */
  const byColor = new Map();
  for (let j = 0; j < crossed.length; j += every) {
    const names = /** @type {string[]} */ (wrong.get(crossed[j]));
    const color = names.length === 1 ? COLORS[names[0]] : COLORS.error;
    const q = pixels[crossed[j]];
    if (!q) continue;
    if (!byColor.has(color)) byColor.set(color, []);
    byColor.get(color)?.push([q.px + R + 4, q.py - R - 4]);
  }
  for (const [color, at] of byColor) crosses(ctx, at, 4, color);
  // the soft margin's violators (slack β^μ > 0: inside the lines E = ±1 or beyond): a dashed ring,
  // stamped (ring-stamp.js: hundreds of dashed rings stroked as a path cost a long task per frame)
  for (const a of scene.algorithms) {
    if (!state.shown[a.name] || !a.softMargin) continue;
    const at = [...a.softMargin.violators].map((i) => pixels[i]).filter(Boolean);
    dashedRings(ctx, at, R + 9, COLORS[a.name], { lineWidth: 2, dash: [3, 3] });
    if (at.length) v.marks.push(`violators ${a.name}`);
  }
}

/**
 * The points as two paths (+1 discs, −1 squares). Above `LAYER_ABOVE` points those a drag does
 * not move come from a cached layer (repainted around the points an edit changed, whole after a
 * change of the view), and only the moved one is drawn anew.
 * @param {DataSpaceView} v
 * @param {Point[]} points
 * @param {{px: number, py: number}[]} pixels the points' canvas pixels
 * @param {import("../../app/view-frame.js").Frame} frame
 * @param {string} labelling
 */
function markPoints(v, points, pixels, frame, labelling) {
  const ctx = v.ctx;
  if (points.length <= LAYER_ABOVE) {
    tracePoints(ctx, points, pixels, v.pointRadius);
    return;
  }
  const moving = frame.state.dragIndex < points.length ? frame.state.dragIndex : -1;
  const { cx, cy, half } = v.view;
  const view = [cx, cy, half, v.width, v.height, v.canvas.width, v.pointRadius, labelling].join(" ");
  const scale = v.canvas.width / v.width;
  const marks = () => {
    const n = points.length;
    const m = { x: new Float64Array(n), y: new Float64Array(n), kind: new Int8Array(n) };
    for (let i = 0; i < n; i++) {
      m.x[i] = pixels[i].px;
      m.y[i] = pixels[i].py;
      m.kind[i] = i === moving ? 0 : points[i].label > 0 ? 1 : -1;
    }
    return m;
  };
  // a disc's radius, a square's half side and half its outline, and a pixel of antialiasing
  const reach = v.pointRadius + 2;
  v.pointLayer.drawMarks(ctx, view, pointsKey(frame.pointsVersion, moving, []), v.width, v.height, scale, marks, reach, (layer, keep) =>
    tracePoints(layer, points, pixels, v.pointRadius, keep),
  );
  if (moving >= 0) tracePoints(ctx, points, pixels, v.pointRadius, (i) => i === moving);
}

/**
 * Points `i` (those `keep(i)` accepts) as two paths on `ctx`: +1 filled discs of radius `R`, −1
 * open squares (one path per class, so that thousands of points cost a few draw calls).
 * @param {CanvasRenderingContext2D} ctx
 * @param {{label: number}[]} points
 * @param {{px: number, py: number}[]} pixels
 * @param {number} R
 * @param {(i: number) => boolean} keep
 */
function tracePoints(ctx, points, pixels, R, keep = () => true) {
  const r = R - 1;
  ctx.lineWidth = 2;
  ctx.strokeStyle = POINT_COLOR;
  ctx.fillStyle = POINT_COLOR;
  ctx.beginPath();
  points.forEach((p, i) => {
    if (p.label <= 0 || !keep(i)) return;
    const { px, py } = pixels[i];
    ctx.moveTo(px + R, py);
    ctx.arc(px, py, R, 0, 2 * Math.PI);
  });
  ctx.fill();
  ctx.beginPath();
  points.forEach((p, i) => {
    if (p.label > 0 || !keep(i)) return;
    const { px, py } = pixels[i];
    ctx.rect(px - r, py - r, 2 * r, 2 * r);
  });
  ctx.fillStyle = "#fff";
  ctx.fill();
  ctx.stroke();
}

/**
 * Crosses of half-size `r` at the pixels `at`, in one path (in the reference's colour: in the error colour instead).
 * @param {CanvasRenderingContext2D} ctx
 * @param {number[][]} at
 * @param {number} r
 * @param {string} color
 */
function crosses(ctx, at, r, color) {
  if (!at.length) return;
  ctx.save();
  ctx.strokeStyle = REFERENCES.some((n) => COLORS[n] === color) ? COLORS.error : color;
  ctx.lineWidth = 2.5;
  ctx.beginPath();
  for (const [x, y] of at) {
    ctx.moveTo(x - r, y - r);
    ctx.lineTo(x + r, y + r);
    ctx.moveTo(x - r, y + r);
    ctx.lineTo(x + r, y - r);
  }
  ctx.stroke();
  ctx.restore();
}

/**
 * Every point's number (1-based, as the status line and the tooltip name them), up to
 * MAX_NUMBERED points: above right of the point, or where no earlier number is (above left, below,
 * beside), or left out where the points crowd (the tooltip still names the point).
 * @param {DataSpaceView} v
 * @param {Point[]} points
 */
export function drawNumbers(v, points) {
  if (points.length > MAX_NUMBERED) return;
  const ctx = v.ctx;
  const R = v.pointRadius;
  const fs = v.textPx;
  ctx.fillStyle = TEXT.color;
  ctx.font = v.font();
  const placer = v.labels;
  points.forEach((p, i) => {
    const text = String(i + 1);
    const { px, py } = v.toPixel(p.x, p.y);
    const w = ctx.measureText(text).width;
    const [left, right, above, below, middle] = [px - R - 2 - w, px + R + 2, py - R + 2, py + R + fs - 2, py + fs / 2 - 1];
    /** @type {[number, number][]} */
    const places = [
      [right, above],
      [left, above],
      [right, below],
      [left, below],
      [right + 2, middle],
      [left - 2, middle],
      [px - w / 2, py - R - 3],
      [px - w / 2, py + R + fs + 1],
    ];
    const at = placer.place(places, (x, y) => textBox(ctx, text, x, y));
    if (at) ctx.fillText(text, at[0], at[1]);
  });
}

/**
 * The example (and partner) the animation's shown step used, ringed in the rule's colour.
 * @param {DataSpaceView} v
 * @param {Point[]} points
 * @param {ShownAnimation} anim
 */
export function drawExamplesUsed(v, points, anim) {
  const f = anim.frames[anim.index];
  const used = [f.example, f.partner]
    .filter((i) => i !== null && i !== undefined)
    .filter((i) => points[i])
    .map((i) => v.toPixel(points[i].x, points[i].y));

  ringsAsPath(v.ctx, used, v.pointRadius + 9, COLORS[anim.algorithm], 3);
  if (used.length) v.marks.push("example presented");
}
