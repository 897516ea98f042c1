/**
 * The weight view's lower plot: through the origin the stability landscape κ^μ(φ) of every example
 * and its envelope κ(φ) = min_μ κ^μ(φ), whose positive part is the version space; with a threshold
 * the (φ, θ) plane, each example a curve θ = ξ·(cos φ, sin φ) and the version space the band
 * between the envelopes. With the hovered example's curve, the examples the animation's step used,
 * its path, the solutions' marks, the frame and the ticks.
 */

import { COLORS, HIGHLIGHT, TEXT } from "../../app/catalogue.js";
import { fmt } from "../../text/format.js";
import { BAND_EDGE, BAND_FILL } from "./weight-circle.js";
import { line } from "../canvas.js";
import { fillBetween, mark, polyline, trail } from "./weight-paths.js";
import { TAU, phiTicks, plotX, plotY, turnsIn } from "./weight-plot.js";

/** The room (CSS px, × the type factor) left of the plot for its labels. */
export const PAD = 34;

/**
 * The sampled curve of example `mu` as `k ↦ value`: from the version space if it carries it, else
 * from the frame's extra curves (the core's), or null.
 * @param {import("../../app/view-frame.js").Frame} frame
 * @param {import("../../pkg/perceptron_lab.js").VersionSpaceArrays} vs
 * @param {number} mu
 * @returns {((k: number) => number) | null}
 */
function exampleCurve(frame, vs, mu) {
  const n = vs.phi.length;
  const j = vs.curveExamples.indexOf(mu);
  if (j >= 0) return (k) => vs.curves[j * n + k];
  const values = frame.curves.get(mu);
  return values ? (k) => values[k] : null;
}

/**
 * Draws the lower plot (`v.plot`) and returns what of the example curves it drew when not all
 * ("" when all).
 * @param {import("./weight-view.js").WeightView} v
 * @param {import("../../app/view-frame.js").Frame} frame
 * @param {import("../../pkg/perceptron_lab.js").VersionSpaceArrays} vs
 * @param {import("./weight-view.js").SolutionMark[]} marks
 * @param {string} yLabel
 */
export function drawLandscape(v, frame, vs, marks, yLabel) {
  const { state } = frame;
  const ctx = v.ctx;
  const p = /** @type {import("./weight-plot.js").Plot} */ (v.plot);
  const n = vs.phi.length;
  const P = state.points.length;
  /** @param {number} value */
  const Y = (value) => plotY(p, value);
  const band = vs.kind === "band";
  ctx.save();
  ctx.beginPath();
  ctx.rect(p.x, p.y, p.w, p.h);
  ctx.clip();
  // axes: θ = 0 / κ = 0
  ctx.strokeStyle = "#b5b5b0";
  ctx.lineWidth = 1;
  line(ctx, p.x, Y(0), p.x + p.w, Y(0));
  // the samples on [0, 2π) closed by the first one again at 2π, so that the turns join
  const closed = [...vs.phi, TAU];
  /** `f` on the closed samples: sample n is sample 0 again. @param {(k: number) => number} f @returns {(k: number) => number} */
  const wrap = (f) => (k) => f(k % n);
  const lower = band ? wrap((k) => vs.lower[k]) : () => 0;
  const upper = band ? wrap((k) => vs.upper[k]) : wrap((k) => (vs.kappa[k] > 0 ? vs.kappa[k] : NaN));
  const envelopes = band ? [lower, upper] : [wrap((k) => vs.kappa[k])];
  const hovered = state.hover >= 0 && state.hover < P ? exampleCurve(frame, vs, state.hover) : null;
  const anim = frame.animation;
  const step = anim ? anim.frames[anim.index] : null;
  const used = [step?.example, step?.partner]
    .filter((mu) => mu !== null && mu !== undefined)
    .filter((mu) => mu < P)
    .map((mu) => exampleCurve(frame, vs, mu));
  // every example's curve the version space carries, faintly (one path per class; every
  // `stride`-th sample when many): all, or for many examples the core's uniform subsample, so
  // that a frame strokes a bounded number of segments — the envelopes, the version space and
  // every w stay exact; cached but the moving example's (weight-curves.js)
  const shown = vs.curveExamples;
  const stride = P > 50 ? 3 : 1;
  const turns = turnsIn(p.phi0, p.phi1);
  // the drawing once for each turn the window overlaps (φ wraps: a window across φ = 0 shows
  // the end of the turn left of 0 and its start right of it)
  const Xs = turns.map((shift) => /** @param {number} phi */ (phi) => plotX(p, phi + shift));
  ctx.fillStyle = BAND_FILL;
  if (!frame.concealed.has("version-space")) for (const X of Xs) fillBetween(ctx, n + 1, X, Y, closed, lower, upper);
  const plus = Array.from(shown, (mu) => state.points[mu]?.label > 0);
  const moving = state.dragIndex >= 0 && state.dragIndex < P ? state.dragIndex : -1;
  v.curveLayer.draw(ctx, v, { phi: vs.phi, curves: vs.curves, examples: shown, plus, stride, band, p }, state.hover, moving);
  for (const X of Xs) {
    /** @param {(k: number) => number} value */
    const curve = (value) => polyline(ctx, n + 1, X, Y, closed, value);
    ctx.lineWidth = 2.5;
    ctx.strokeStyle = band && !frame.concealed.has("version-space") ? BAND_EDGE : "#111";
    for (const envelope of envelopes) curve(envelope);
    if (hovered) {
      ctx.strokeStyle = HIGHLIGHT;
      curve(wrap(hovered));
    }
    // the example(s) the animation's current step used, in the algorithm's colour
    for (const u of used) {
      if (!u || !anim) continue;
      ctx.strokeStyle = COLORS[anim.algorithm];
      ctx.lineWidth = 3;
      curve(wrap(u));
    }
    if (anim && band) drawPath(ctx, anim, X, Y);
    for (const m of marks) mark(ctx, X(m.phi), Y(band ? m.thetaUnit : m.kappa), m);
  }
  ctx.restore();
  drawFrame(v, p, yLabel);
  return shown.length < P ? `${shown.length} of the ${P} example curves are drawn (a uniform subsample); the envelopes are exact` : "";
}

/**
 * The animation's path in the (φ, θ) plane (broken where φ wraps).
 * @param {CanvasRenderingContext2D} ctx
 * @param {import("../../app/view-frame.js").ShownAnimation} anim
 * @param {(phi: number) => number} X canvas x of φ
 * @param {(value: number) => number} Y canvas y of θ/|w|
 */
function drawPath(ctx, anim, X, Y) {
  ctx.strokeStyle = COLORS[anim.algorithm];
  ctx.lineWidth = 1.5;
  const frames = anim.frames.slice(1, anim.index + 1).filter((f) => Number.isFinite(f.thetaUnit));
  trail(
    ctx,
    frames.length,
    (k) => [X(frames[k].phi), Y(frames[k].thetaUnit)],
    (k, j) => Math.abs(frames[k].phi - frames[j].phi) > Math.PI,
  );
}

/**
 * The plot's frame, the φ ticks under it and the value's range beside it.
 * @param {import("./weight-view.js").WeightView} v
 * @param {import("./weight-plot.js").Plot} p
 * @param {string} yLabel
 */
function drawFrame(v, p, yLabel) {
  const ctx = v.ctx;
  const k = v.k;
  ctx.strokeStyle = "#9a9a95";
  ctx.lineWidth = 1;
  ctx.strokeRect(p.x, p.y, p.w, p.h);
  ctx.fillStyle = TEXT.muted;
  ctx.font = v.font();
  const below = p.y + p.h + 15 * k;
  for (const { phi, text } of phiTicks(p.phi0, p.phi1)) {
    const x = plotX(p, phi) - ctx.measureText(text).width / 2;
    ctx.fillText(text, Math.min(Math.max(x, p.x - PAD * k), v.width - ctx.measureText(text).width), below);
  }
  const left = p.x - PAD * k; // the left edge of the plot's column
  ctx.fillText("φ", left + 4, below);
  ctx.fillText(yLabel, left + 4, p.y + 12 * k);
  ctx.fillText(fmt(p.hi, 2), left + 2, p.y + 26 * k);
  ctx.fillText(fmt(p.lo, 2), left + 2, p.y + p.h - 2);
}
