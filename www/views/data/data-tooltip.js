/**
 * The data view's tooltips: the hovered point's stabilities, embedding strengths and slack under
 * each shown rule (and which rules misclassify it), the teacher's values; placed beside the point
 * off the lines drawn this frame where it can be. Each takes the view (`DataSpaceView`) first.
 */

import { fillRich, measureRich } from "../../text/rich-text.js";
import { INFO, NAMES, TEXT } from "../../app/catalogue.js";
import { textFont, textPx } from "../../text/canvas-text.js";
import { teacherHandle } from "./data-lines.js";
import { misclassifiedBy } from "./data-points.js";
import { fmt } from "../../text/format.js";

/** @typedef {import("./data-view.js").DataSpaceView} DataSpaceView */
/** @typedef {import("../../app/state.js").PageState} PageState */
/** A pixel of the canvas (CSS px). @typedef {{px: number, py: number}} Pixel */

/**
 * A rule's embedding strength of example `i` for the tooltip: `x^μ` (w = Σ x^μ S^μ ξ^μ); for the
 * rules that add ξ^μ S^μ / N per update, also the number of updates on it (N = 2 here).
 * @param {import("../../pkg/perceptron_lab.js").AlgorithmView} a
 * @param {number} i
 */
function embeddingText(a, i) {
  const x = a.embedding?.[i];
  if (x === undefined || !Number.isFinite(x)) return "";
  if (!INFO[a.name].strengthCountsUpdates) return `, x^μ = ${fmt(x)}`;
  const updates = Math.round(2 * x);
  return `, x^μ = ${fmt(x)} (${updates} update${updates === 1 ? "" : "s"} on it)`;
}

/**
 * The hovered point's information: its stabilities under each shown rule, and which rules misclassify it.
 * @param {DataSpaceView} v
 * @param {PageState} state
 * @param {import("../../training/data-view-training.js").ViewScene} scene
 * @param {number} i the hovered point
 * @param {import("../../app/view-frame.js").ShownAnimation | null} anim
 */
export function drawTooltip(v, state, scene, i, anim) {
  const p = state.points[i];
  const rows = [`point ${i + 1}: (${p.x.toFixed(2)}, ${p.y.toFixed(2)}), S = ${p.label > 0 ? "+1" : "−1"}`];
  const list = scene.algorithms.filter((a) => state.shown[a.name]);
  if (scene.exact?.converged && state.shown[scene.exact.name]) list.push(scene.exact);
  for (const a of list) {
    rows.push(`κ^μ ${NAMES[a.name]}: ${fmt(a.stabilities[i])}${embeddingText(a, i)}`);
    if (a.softMargin) rows.push(`   slack β^μ = ${fmt(a.softMargin.slack[i])}${a.softMargin.slack[i] > 0 ? " (a margin violator)" : ""}`);
  }
  const wrong = misclassifiedBy(state, scene, anim).get(i);
  if (wrong) rows.push(`misclassified by ${wrong.map((n) => NAMES[n]).join(", ")}`);
  const { px, py } = v.toPixel(p.x, p.y);
  drawBox(v, rows, px, py, state.projector);
}

/** The teacher's name and values beside its arrow. @param {DataSpaceView} v @param {PageState} state */
export function drawTeacherTooltip(v, state) {
  const t = state.teacher;
  if (!t) return;
  const rows = [
    `${NAMES.teacher} = (${fmt(t.w[0], 3)}, ${fmt(t.w[1], 3)}), θ* = ${fmt(t.theta, 3)}, λ = ${fmt(t.noise, 2)}`,
    state.threshold ? "drag the arrow's tip to turn it, the line to shift it" : "drag the arrow's tip to turn it",
  ];
  const { tip } = teacherHandle(t, v.teacherArrow());
  const q = v.toPixel(tip[0], tip[1]);
  drawBox(v, rows, q.px, q.py, state.projector);
}

/**
 * A box of text `rows` beside canvas pixel (px, py), off the drawn lines where it can be (`tooltipPlace`), inside the view.
 * @param {DataSpaceView} v
 * @param {string[]} rows
 * @param {number} px
 * @param {number} py
 * @param {boolean} projector
 */
function drawBox(v, rows, px, py, projector) {
  const ctx = v.ctx;
  const fs = textPx(projector);
  ctx.font = textFont(projector);
  const w = Math.max(...rows.map((r) => measureRich(ctx, r))) + 12;
  const h = rows.length * (fs + 4) + 8;
  ({ px, py } = tooltipPlace(v, { px, py }, w, h));
  v.tooltip = { x: px, y: py, w, h };
  ctx.fillStyle = "rgba(255,255,255,0.94)";
  ctx.strokeStyle = "#999";
  ctx.lineWidth = 1;
  ctx.fillRect(px, py, w, h);
  ctx.strokeRect(px, py, w, h);
  ctx.fillStyle = TEXT.color;
  rows.forEach((r, k) => {
    fillRich(ctx, r, px + 6, py + (fs + 4) * (k + 1));
  });
}

/**
 * Where a `w × h` tooltip for the point at pixel `at` goes: beside the point (below right,
 * below left, above right, above left) or in a corner of the view, whichever crosses the fewest
 * of the lines drawn this frame (the first such, so it stays beside the point when it can),
 * inside the view.
 * @param {DataSpaceView} v
 * @param {Pixel} at
 * @param {number} w
 * @param {number} h
 * @returns {Pixel}
 */
function tooltipPlace(v, at, w, h) {
  const R = v.pointRadius;
  const gap = R + 8;
  /** @param {Pixel} c */
  const inside = ({ px, py }) => ({ px: Math.min(Math.max(px, 2), v.width - w - 2), py: Math.min(Math.max(py, 2), v.height - h - 2) });
  const candidates = [
    { px: at.px + gap, py: at.py + gap },
    { px: at.px - gap - w, py: at.py + gap },
    { px: at.px + gap, py: at.py - gap - h },
    { px: at.px - gap - w, py: at.py - gap - h },
    { px: 2, py: 2 },
    { px: v.width - w - 2, py: 2 },
    { px: 2, py: v.height - h - 2 },
    { px: v.width - w - 2, py: v.height - h - 2 },
  ].map(inside);
  /** @param {Pixel} c */
  const covers = ({ px, py }) => {
    const pointIn = at.px >= px - R && at.px <= px + w + R && at.py >= py - R && at.py <= py + h + R;
    return v.lines.filter((l) => crossesBox(l, px, py, w, h)).length + (pointIn ? 1 : 0);
  };
  let best = candidates[0];
  let fewest = Infinity;
  for (const c of candidates) {
    const n = covers(c);
    if (n < fewest) [best, fewest] = [c, n];
    if (n === 0) break;
  }
  return best;
}

/**
 * Whether the line through the segment `[x0, y0, x1, y1]` passes through the box: its corners do
 * not all lie on one side of it.
 * @param {[number, number, number, number]} segment
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 */
function crossesBox([x0, y0, x1, y1], x, y, w, h) {
  /** @param {number} cx @param {number} cy */
  const side = (cx, cy) => Math.sign((x1 - x0) * (cy - y0) - (y1 - y0) * (cx - x0));
  const s = [side(x, y), side(x + w, y), side(x, y + h), side(x + w, y + h)];
  return s.some((q) => q > 0) && s.some((q) => q < 0);
}
