/**
 * The data view's lines and arrows: every shown rule's line and band (faint
 * while it settles, interleaved dashes in compare mode), the teacher with its handle, and the
 * animation's w(t) and step Δw (Biehl Fig. 3.4). Each takes the view (`DataSpaceView`: its
 * context and transform) first.
 */

import { line } from "../canvas.js";
import { COLORS, HIGHLIGHT, INFO } from "../../app/catalogue.js";
import { textInk } from "../../text/canvas-text.js";
import { textBox } from "../label-place.js";
import { fillRich } from "../../text/rich-text.js";
import { comparedRules } from "../../app/state-fields.js";

/** @typedef {import("./data-view.js").DataSpaceView} DataSpaceView */
/** @typedef {import("../../app/state.js").PageState} PageState */
/** @typedef {import("../../training/data-view-training.js").ViewScene} ViewScene */
/** @typedef {import("../../app/view-frame.js").ShownAnimation} ShownAnimation */
/** @typedef {import("../../pkg/perceptron_lab.js").AlgorithmView} AlgorithmView */
/** @typedef {import("../../training/teacher.js").Teacher} Teacher */
/** A line `w·x = θ` (a rule's answer, the teacher). @typedef {{w: number[], theta: number}} Line */
/** The style of a rule's line: see `lineStyles`. @typedef {"settling" | "not-converged" | "stopped"} LineStyle */

/** A rule that is still training is drawn as a dotted line on a faint halo (its own dash and band once it stops). */
const SETTLING_DASH = [1, 5];
const SETTLING_HALO = 6;
/** A rule stopped short of its own criterion (at its limit, circling): dotted, no band. */
const NOT_CONVERGED_DASH = [2, 4];
/** Dash length of compared lines (compare mode interleaves the rules' dashes). */
const COMPARE_DASH = 10;
/** The band's dash of a stopped rule. */
const BAND_DASH = [7, 5];

/** The exact optimum's line and band (the chapter's dashed line of optimal stability). */
const OPTIMUM_DASH = [8, 5];
const OPTIMUM_BAND_DASH = [3, 4];

/**
 * The line w·ξ = θ + offset·|w|, i.e. at signed distance `offset` from the boundary (recorded in
 * `v.lines` for the tooltip's placement).
 * @param {DataSpaceView} v
 * @param {ArrayLike<number>} w
 * @param {number} theta
 * @param {string} color
 * @param {number} width the line's width (CSS px, before projector mode's factor)
 * @param {number[]} [dash]
 * @param {number} [offset]
 */
export function drawLine(v, w, theta, color, width, dash = [], offset = 0) {
  const n2 = w[0] * w[0] + w[1] * w[1];
  if (!(n2 > 0)) return;
  const n = Math.sqrt(n2);
  const c = (theta + offset * n) / n2;
  const x0 = [c * w[0], c * w[1]];
  const d = [-w[1] / n, w[0] / n];
  // longer than the window's diagonal from any foot x0 (the window's longer side may be the wider)
  const { x0: left, x1: right, y0: bottom, y1: top } = v.extent();
  const L = 2 * Math.hypot(right - left, top - bottom) + Math.hypot(v.view.cx, v.view.cy) + Math.abs(c) * n;
  const a = v.toPixel(x0[0] - L * d[0], x0[1] - L * d[1]);
  const b = v.toPixel(x0[0] + L * d[0], x0[1] + L * d[1]);
  v.lines.push([a.px, a.py, b.px, b.py]);
  const ctx = v.ctx;
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = width * v.widthScale;
  ctx.setLineDash(dash);
  line(ctx, a.px, a.py, b.px, b.py);
  ctx.restore();
}

/**
 * A line with its band ±`band` on both sides (none when `band` is not positive).
 * @param {DataSpaceView} v
 * @param {Line} a
 * @param {string} color
 * @param {number} band
 * @param {number[]} dash
 */
function drawBand(v, a, color, band, dash) {
  if (!(band > 0)) return;
  drawLine(v, a.w, a.theta, color, 1.5, dash, band);
  drawLine(v, a.w, a.theta, color, 1.5, dash, -band);
}

/**
 * Every shown rule's line of `scene` (the exact optimum's first, wide and faint, with its band in
 * compare mode; each gradient rule's own optimum likewise in its colour); in compare mode the compared rules interleaved; the animated rule's final line
 * left out while it is stepped, unless `showFinal` (it would give the answer away, Fig. 3.4).
 * @param {DataSpaceView} v
 * @param {PageState} state
 * @param {ViewScene} scene
 * @param {ShownAnimation | null} anim
 * @param {Set<string>} concealed the parts a lesson conceals for now: "optimum" its line, "lines" the rules'
 */
export function drawSolutions(v, state, scene, anim, concealed) {
  const exact = scene.exact;
  if (exact?.converged && state.shown[exact.name] && !concealed.has("optimum")) {
    const color = COLORS[exact.name];
    v.ctx.save();
    v.ctx.globalAlpha = 0.22;
    drawLine(v, exact.w, exact.theta, color, 9);
    v.ctx.restore();
    // as the chapter draws it: its band ±κ_max, its line dashed (solid among the dashes of a
    // race) and, unless a player draws its own w(t), its normal w
    drawBand(v, exact, color, exact.kappa, OPTIMUM_BAND_DASH);
    drawLine(v, exact.w, exact.theta, color, 1.5, state.compare ? [] : OPTIMUM_DASH);
    v.marks.push("optimum", "optimum band");
    if (!state.compare && !anim) {
      normalArrow(v, exact, color);
      v.marks.push("optimum w");
    }
  }
  // each shown gradient rule's own optimum (the minimum of its cost), wide and faint in its colour
  if (concealed.has("lines")) return;
  for (const a of scene.algorithms) {
    const o = a.optimum;
    // "at": a minimum, whose w and θ the core gives
    if (!state.shown[a.name] || o?.kind !== "at" || !o.w || o.theta === undefined) continue;
    v.ctx.save();
    v.ctx.globalAlpha = 0.18;
    drawLine(v, o.w, o.theta, COLORS[a.name], 7);
    v.ctx.restore();
  }
  const compared = comparedRules(state);
  const styles = lineStyles(state, scene, anim);
  for (const a of scene.algorithms) {
    const style = styles[a.name];
    if (!style) continue;
    v.marks.push(`line ${a.name}`);
    const k = compared.indexOf(a.name);
    if (k >= 0) drawCompared(v, a, k, compared.length, style);
    else drawSolution(v, a, style);
  }
}

/**
 * How each shown rule's line of `scene` is drawn (`getState().lines`): `settling` while it trains,
 * `not-converged` once it has stopped without meeting its own criterion (at its limit, circling,
 * stalled — whatever the rule: its `converged` flag, not its name), `stopped` once it has met it;
 * the animated rule's final line left out while it is stepped (unless `showFinal`).
 * @param {PageState} state
 * @param {ViewScene | null} scene
 * @param {ShownAnimation | null} anim
 * @returns {Record<string, LineStyle>}
 */
export function lineStyles(state, scene, anim) {
  /** @type {Record<string, LineStyle>} */
  const styles = {};
  for (const a of scene?.algorithms ?? []) {
    if (!state.shown[a.name]) continue;
    if (anim && a.name === anim.algorithm && !state.showFinal) continue;
    styles[a.name] = !a.settled ? "settling" : a.converged ? "stopped" : "not-converged";
  }
  return styles;
}

/**
 * A rule's line: still training, a faint line with a halo and no band; stopped short of its own
 * criterion (any rule: at its limit, circling), dotted without a band; stopped, its own dash
 * with its band (±κ(w), or the soft margin's lines E = ±1).
 * @param {DataSpaceView} v
 * @param {AlgorithmView} a
 * @param {LineStyle} style
 */

function drawSolution(v, a, style) {
  const color = COLORS[a.name];
  if (style === "settling") {
    v.ctx.save();
    v.ctx.globalAlpha = 0.5;
    drawLine(v, a.w, a.theta, color, SETTLING_HALO);
    v.ctx.globalAlpha = 0.8;
    drawLine(v, a.w, a.theta, color, 1.5, SETTLING_DASH);
    v.ctx.restore();
    return;
  }
  if (style === "not-converged") {
    // not at its optimum: the line where the run stopped, without a band it has not earned
    drawLine(v, a.w, a.theta, color, INFO[a.name].width, NOT_CONVERGED_DASH);
    return;
  }
  const band = a.softMargin ? a.softMargin.margin : a.kappa;
  drawBand(v, a, color, band, BAND_DASH);
  if (band > 0) v.marks.push(`band ${a.name}`);
  drawLine(v, a.w, a.theta, color, INFO[a.name].width, INFO[a.name].dash);
}

/**
 * A compared rule's line and band (compare mode): the `k`-th of `n` is dashed in its colour
 * with the gaps where the others' dashes fall, so that lines that coincide (MinOver and
 * AdaTron near the optimum) show every colour in turn; drawn as it stands also while a race
 * steps it. A rule stopped short of its own criterion (`style` `not-converged`) is dotted within
 * its dashes and has no band.
 * @param {DataSpaceView} v
 * @param {AlgorithmView} a
 * @param {number} k
 * @param {number} n
 * @param {LineStyle} style
 */
function drawCompared(v, a, k, n, style) {
  const color = COLORS[a.name];
  const ctx = v.ctx;
  ctx.save();
  const short = style === "not-converged";
  // the band's dashes interleave as the lines' do, at half the length
  const half = COMPARE_DASH / 2;
  ctx.lineDashOffset = -half * k;
  // the band as drawSolution's: ±κ(w), or the soft margin's lines E = ±1
  const band = a.softMargin ? a.softMargin.margin : a.kappa;
  if (!short) drawBand(v, a, color, band, n > 1 ? [half, half * (n - 1)] : BAND_DASH);
  if (!short && band > 0) v.marks.push(`band ${a.name}`);
  ctx.lineDashOffset = -COMPARE_DASH * k;
  // dotted: the not-converged dots inside the rule's own dash (2 on, 3 off, 2 on, 3 off = COMPARE_DASH)
  const own = short ? [2, 3, 2, 3 + COMPARE_DASH * (n - 1)] : n > 1 ? [COMPARE_DASH, COMPARE_DASH * (n - 1)] : [];
  drawLine(v, a.w, a.theta, color, 3, own);
  ctx.restore();
}

/**
 * The teacher's handle in data coordinates: the base (the point of its line nearest the origin,
 * `θ* · w* / |w*|²`) and the tip of its normal arrow, `len` beyond it.
 * @param {Line} t
 * @param {number} len
 */
export function teacherHandle(t, len) {
  const n = Math.hypot(t.w[0], t.w[1]);
  const u = [t.w[0] / n, t.w[1] / n];
  const base = [(t.theta / n) * u[0], (t.theta / n) * u[1]];
  return { base, tip: [base[0] + len * u[0], base[1] + len * u[1]] };
}

/** The teacher: its dotted line, and its normal w* as an arrow from the line's point nearest the origin, with the handle at its tip.
 * @param {DataSpaceView} v
 * @param {Line} t
 */
export function drawTeacher(v, t) {
  drawLine(v, t.w, t.theta, COLORS.teacher, 2, [2, 5]);
  const { base, tip } = teacherHandle(t, v.teacherArrow());
  arrow(v, base, tip, COLORS.teacher, 1.5);
  const q = v.toPixel(tip[0], tip[1]);
  const r = 6 * v.widthScale;
  const ctx = v.ctx;
  ctx.save();
  ctx.fillStyle = "#fff";
  ctx.strokeStyle = COLORS.teacher;
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(q.px, q.py - r);
  ctx.lineTo(q.px + r, q.py);
  ctx.lineTo(q.px, q.py + r);
  ctx.lineTo(q.px - r, q.py);
  ctx.closePath();
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = textInk(COLORS.teacher);
  ctx.font = v.font("bold");
  ctx.fillText("w*", q.px + r + 3, q.py - r);
  ctx.restore();
}

/**
 * Fig. 3.4 of Biehl: the current w(t) as an arrow from the origin (with a threshold: the
 * normal of the line at its point nearest the origin), and at an update the step Δw = w(t) −
 * w(t − 1) (ξ^μ S^μ/N for Rosenblatt) as an arrow ending at w(t)'s tip. Drawn at one scale per
 * frame: w(t) a third of the view long.
 * @param {DataSpaceView} v
 * @param {ShownAnimation} anim
 */
export function drawStepArrows(v, anim) {
  const f = anim.frames[anim.index];
  const norm = Math.hypot(f.w[0], f.w[1]);
  if (!(norm > 0)) return;
  const color = COLORS[anim.algorithm];
  const scale = (0.33 * v.view.half) / norm;
  const base = f.theta ? [(f.theta * f.w[0]) / (norm * norm), (f.theta * f.w[1]) / (norm * norm)] : [0, 0];
  const tip = [base[0] + scale * f.w[0], base[1] + scale * f.w[1]];
  arrow(v, base, tip, color, 3);
  const ctx = v.ctx;
  const prev = anim.index > 0 ? anim.frames[anim.index - 1] : null;
  if (prev && f.updated) {
    const from = [tip[0] - scale * (f.w[0] - prev.w[0]), tip[1] - scale * (f.w[1] - prev.w[1])];
    arrow(v, from, tip, HIGHLIGHT, 2, [5, 3]);
    const a = v.toPixel(from[0], from[1]);
    ctx.fillStyle = textInk(HIGHLIGHT);
    ctx.font = v.font();
    fillRich(ctx, `Δw${f.example !== null && f.example !== undefined ? ` = ξ^${f.example + 1} S^${f.example + 1}/N` : ""}`, a.px + 6, a.py - 6);
  }
  const t = v.toPixel(tip[0], tip[1]);
  ctx.fillStyle = textInk(color);
  ctx.font = v.font("bold");
  ctx.fillText(`w(${f.step})`, t.px + 6, t.py + v.textPx + 2);
}

/**
 * The normal `w` of solution `a`'s line: an arrow from the line's point nearest the origin
 * (θ w/|w|²) a quarter of the view long, labelled w.
 * @param {DataSpaceView} v
 * @param {Line} a
 * @param {string} color
 */
function normalArrow(v, a, color) {
  const n2 = a.w[0] * a.w[0] + a.w[1] * a.w[1];
  if (!(n2 > 0)) return;
  const n = Math.sqrt(n2);
  const base = [(a.theta * a.w[0]) / n2, (a.theta * a.w[1]) / n2];
  const len = 0.25 * v.view.half;
  const tip = [base[0] + (len * a.w[0]) / n, base[1] + (len * a.w[1]) / n];
  arrow(v, base, tip, color, 2.5);
  const t = v.toPixel(tip[0], tip[1]);
  const ctx = v.ctx;
  ctx.fillStyle = textInk(color);
  ctx.font = v.font("bold");
  // beside the tip, where no other label of the frame is (the points' numbers keep off it)
  const w = ctx.measureText("w").width;
  /** @type {[number, number][]} */
  const places = [
    [t.px + 6, t.py - 4],
    [t.px - w - 6, t.py - 4],
    [t.px + 6, t.py + v.textPx + 2],
    [t.px - w - 6, t.py + v.textPx + 2],
  ];
  const at = v.labels.place(places, (x, y) => textBox(ctx, "w", x, y));
  if (at) ctx.fillText("w", at[0], at[1]);
}

/**
 * An arrow between data points `a` and `b`.
 * @param {DataSpaceView} v
 * @param {number[]} a
 * @param {number[]} b
 * @param {string} color
 * @param {number} width
 * @param {number[]} [dash]
 */
function arrow(v, a, b, color, width, dash = []) {
  const p = v.toPixel(a[0], a[1]);
  const q = v.toPixel(b[0], b[1]);
  const len = Math.hypot(q.px - p.px, q.py - p.py);
  if (len < 1) return;
  const ctx = v.ctx;
  const ux = (q.px - p.px) / len;
  const uy = (q.py - p.py) / len;
  const head = 9 * v.widthScale;
  ctx.save();
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = width * v.widthScale;
  ctx.setLineDash(dash);
  line(ctx, p.px, p.py, q.px - ux * head * 0.8, q.py - uy * head * 0.8);
  ctx.setLineDash([]);
  ctx.beginPath();
  ctx.moveTo(q.px, q.py);
  ctx.lineTo(q.px - ux * head - uy * head * 0.45, q.py - uy * head + ux * head * 0.45);
  ctx.lineTo(q.px - ux * head + uy * head * 0.45, q.py - uy * head - ux * head * 0.45);
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}
