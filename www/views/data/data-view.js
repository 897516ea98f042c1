/**
 * The data view: a canvas showing `[cx − half, cx + half] × [cy − half, cy + half]` in its shorter
 * dimension and more of the plane in the longer one, at one scale on both axes (presenter mode
 * makes it wider or taller than square). Owns the data ↔ pixel transform and the hit tests, and draws a frame (view-frame.js) in layers: axes,
 * lines (data-lines.js), points and their marks (data-points.js), the tooltip (data-tooltip.js).
 */

import { LabelPlacer } from "../label-place.js";
import { COLORS, DRAWS, HIGHLIGHT } from "../../app/catalogue.js";
import { textFont, textPx } from "../../text/canvas-text.js";
import { PROJECTOR_SCALE, pointRadius } from "./data-style.js";
import { MarkLayer } from "../layer.js";
import { line } from "../canvas.js";
import { drawAxes } from "./data-axes.js";
import { drawLine, drawSolutions, drawStepArrows, drawTeacher, teacherHandle } from "./data-lines.js";
import { drawExamplesUsed, drawNumbers, drawPoints } from "./data-points.js";
import { drawTeacherTooltip, drawTooltip } from "./data-tooltip.js";

/** The cell under the pointer in weight space and the line that realises its labelling. */
const REGION_COLOR = HIGHLIGHT;
/** How faint the further Gibbs students are. */
const GIBBS_ALPHA = 0.35;

export class DataSpaceView {
  /** Wraps `canvas`. @param {HTMLCanvasElement} canvas */
  constructor(canvas) {
    this.canvas = canvas;
    this.ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d"));
    /** the CSS size (px): square but in presenter mode */
    this.width = canvas.clientWidth || 600;
    this.height = canvas.clientHeight || this.width;
    /** the data window drawn (the state's `view`) */
    this.view = { cx: 0, cy: 0, half: 4 };
    /** the marks' radius and the lines' width factor of the frame drawn (projector mode grows them) */
    this.pointRadius = pointRadius(false);
    this.widthScale = 1;
    /** projector mode in the frame drawn (its text is larger) */
    this.projector = false;
    /** @type {[number, number, number, number][]} the lines drawn this frame as pixel segments (x0, y0, x1, y1): the tooltip keeps off them */
    this.lines = [];
    /** the labels placed this frame beside the marks (the optimum's w, the points' numbers): none over another */
    this.labels = new LabelPlacer();
    /** @type {string[]} what this frame drew beside the points, by name (`getState().marks`): "optimum", "optimum band", "optimum w", "band <rule>", "version-space samples", "teacher", "w(t)", "example presented", "rings" or "rings x^μ", "violators <rule>" (the soft margin's dashed rings) */
    this.marks = [];
    /** @type {{x: number, y: number, w: number, h: number} | null} where the tooltip was drawn this frame (CSS pixels), if one was */
    this.tooltip = null;
    /** the points but the one being dragged, cached for many points (data-points.js) */
    this.pointLayer = new MarkLayer();
  }

  /** The view's type size (CSS px) in the frame drawn. */
  get textPx() {
    return textPx(this.projector);
  }

  /** The view's font (`weight`: "" or "bold") in the frame drawn. */
  font(weight = "") {
    return textFont(this.projector, weight);
  }

  /**
   * Sets the CSS size (`width` × `height`, square by default) and the backing store for the
   * device pixel ratio (× `scale`).
   * @param {number} width
   * @param {number} [height]
   * @param {number} [scale]
   */
  resize(width, height = width, scale = 1) {
    const dpr = (window.devicePixelRatio || 1) * scale;
    this.width = width;
    this.height = height;
    this.canvas.style.width = `${width}px`;
    this.canvas.style.height = `${height}px`;
    this.canvas.width = Math.round(width * dpr);
    this.canvas.height = Math.round(height * dpr);
    this.ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  }

  /** CSS pixels per data unit, the same on both axes: the shorter side spans 2·half, s = min(width, height) / (2 half). */
  get scale() {
    return Math.min(this.width, this.height) / (2 * this.view.half);
  }

  /** The data window drawn: `[x0, x1] × [y0, y1]`, cx ± width / (2s) by cy ± height / (2s). */
  extent() {
    const s = this.scale;
    const { cx, cy } = this.view;
    return { x0: cx - this.width / (2 * s), x1: cx + this.width / (2 * s), y0: cy - this.height / (2 * s), y1: cy + this.height / (2 * s) };
  }

  /**
   * Canvas CSS pixel of data point (x, y): px = (x − cx) s + width/2, py = height/2 − (y − cy) s.
   * @param {number} x
   * @param {number} y
   */
  toPixel(x, y) {
    const s = this.scale;
    return { px: (x - this.view.cx) * s + this.width / 2, py: this.height / 2 - (y - this.view.cy) * s };
  }

  /** Data point of canvas CSS pixel (px, py), toPixel's inverse. @param {number} px @param {number} py */
  toData(px, py) {
    const s = this.scale;
    return { x: (px - this.width / 2) / s + this.view.cx, y: (this.height / 2 - py) / s + this.view.cy };
  }

  /**
   * Index of the point under canvas pixel (px, py), or -1.
   * @param {readonly {x: number, y: number}[]} points
   * @param {number} px
   * @param {number} py
   * @param {number} [slack] CSS px beyond the mark's radius
   */
  hit(points, px, py, slack = 5) {
    let best = -1;
    let bestD = (this.pointRadius + slack) ** 2;
    points.forEach((p, i) => {
      const q = this.toPixel(p.x, p.y);
      const d = (q.px - px) ** 2 + (q.py - py) ** 2;
      if (d <= bestD) {
        best = i;
        bestD = d;
      }
    });
    return best;
  }

  /** Length of the teacher's arrow in data units (a share of the view). */
  teacherArrow() {
    return 0.3 * this.view.half;
  }

  /**
   * What of the teacher is under canvas pixel (px, py): "turn" at its arrow's tip, "shift" on its
   * line (with a threshold only: through the origin its line stays there), else null.
   * @param {import("../../training/teacher.js").Teacher} t
   * @param {boolean} threshold
   * @param {number} px
   * @param {number} py
   * @param {number} [slack] CSS px beyond the handle and the line
   */
  teacherHit(t, threshold, px, py, slack = 5) {
    const { tip } = teacherHandle(t, this.teacherArrow());
    const q = this.toPixel(tip[0], tip[1]);
    if (Math.hypot(q.px - px, q.py - py) <= 8 + slack) return "turn";
    const { x, y } = this.toData(px, py);
    const n = Math.hypot(t.w[0], t.w[1]);
    const d = (Math.abs(t.w[0] * x + t.w[1] * y - t.theta) / n) * this.scale;
    return d <= 3 + slack ? (threshold ? "shift" : "line") : null;
  }

  /** Draws the frame: the picture of the state, or the labelling of the cell under the pointer. @param {import("../../app/view-frame.js").Frame} frame */
  render(frame) {
    const { state } = frame;
    this.canvas.classList.toggle("delete-mode", state.deleteMode);
    if (state.region) this.drawRegion(frame);
    else this.draw(frame, state, frame.scene, frame.animation);
    if (state.keyboardFocus) this.drawKeyboardCursor(state.points[state.keyboardPoint], state.keyboardCursor);
  }

  /**
   * Draws `state` (its points, teacher, window) with the lines of `scene` (null: none), the
   * animation, the rings and the tooltip of the hovered point.
   * @param {import("../../app/view-frame.js").Frame} frame
   * @param {import("../../app/state.js").PageState} state
   * @param {import("../../training/data-view-training.js").ViewScene | null} scene
   * @param {import("../../app/view-frame.js").ShownAnimation | null} anim the animation shown, or null
   * @param {string} labelling the labels the points are drawn with, if not their own (the cell under the pointer)
   */
  draw(frame, state, scene, anim, labelling = "") {
    this.view = state.view;
    this.pointRadius = pointRadius(state.projector);
    this.widthScale = state.projector ? PROJECTOR_SCALE : 1;
    this.projector = state.projector;
    this.ctx.clearRect(0, 0, this.width, this.height);
    this.lines = [];
    this.marks = [];
    this.labels = new LabelPlacer();
    this.tooltip = null;
    drawAxes(this);
    const step = anim ? anim.frames[anim.index] : null;
    if (scene) drawSolutions(this, state, scene, anim, frame.concealed);
    if (frame.gibbs.length) {
      this.marks.push("version-space samples");
      this.ctx.save();
      this.ctx.globalAlpha = GIBBS_ALPHA;
      for (const g of frame.gibbs) drawLine(this, g.w, g.theta, COLORS[DRAWS[0]], 1);
      this.ctx.restore();
    }
    if (state.teacher && state.showTeacher) {
      drawTeacher(this, state.teacher);
      this.marks.push("teacher");
    }
    if (anim && step?.w.some((v) => v !== 0)) drawLine(this, step.w, step.theta, COLORS[anim.algorithm], 3.5, [12, 6]);
    if (anim && step) {
      drawStepArrows(this, anim);
      this.marks.push("w(t)");
    }
    drawPoints(this, frame, state, scene, anim, labelling);
    if (state.numberPoints) drawNumbers(this, state.points);
    if (anim && step) drawExamplesUsed(this, state.points, anim);
    const hover = state.hover;
    if (scene && hover >= 0 && hover < state.points.length) drawTooltip(this, state, scene, hover, anim);
    else if (state.teacherHover && state.teacher && state.showTeacher) drawTeacherTooltip(this, state);
  }

  /**
   * The labelling of the weight-space cell under the pointer (`region`, number `k` among the
   * separable labellings, 0 if not numbered): the points with those labels, the points it
   * relabels ringed, and the line of the perceptron under the pointer, which realises it.
   * @param {import("../../app/view-frame.js").Frame} frame
   */
  drawRegion(frame) {
    const { state } = frame;
    const region = /** @type {NonNullable<typeof state.region>} */ (state.region);
    const points = state.points.map((p, i) => ({ ...p, label: region.labels[i] }));
    // the points' labels are the cell's: another layer
    this.draw(frame, { ...state, points, teacher: null, hover: -1 }, null, null, `${region.phi} ${region.theta}`);
    const w = [Math.cos(region.phi), Math.sin(region.phi)];
    drawLine(this, w, state.threshold ? region.theta : 0, REGION_COLOR, 2.5, [8, 4]);
    const ctx = this.ctx;
    const changed = state.points.filter((p, i) => p.label !== region.labels[i]);
    const r = this.pointRadius + 5;
    ctx.strokeStyle = REGION_COLOR;
    ctx.lineWidth = 2;
    ctx.beginPath();
    for (const p of changed) {
      const { px, py } = this.toPixel(p.x, p.y);
      ctx.moveTo(px + r, py);
      ctx.arc(px, py, r, 0, 2 * Math.PI);
    }
    ctx.stroke();
    const fs = textPx(state.projector);
    ctx.font = textFont(state.projector);
    const k = frame.regionNumber;
    const relabelled = changed.length ? `${changed.length} point${changed.length === 1 ? "" : "s"} relabelled (ringed)` : "the points' own labels (the version space)";
    const text = `${k ? `Labelling ${k}` : "The labelling of the cell under the pointer"}: ${relabelled}`;
    ctx.fillStyle = "rgba(255,255,255,0.9)";
    ctx.fillRect(4, 4, ctx.measureText(text).width + 12, fs + 10);
    ctx.fillStyle = REGION_COLOR;
    ctx.fillText(text, 10, 8 + fs);
  }

  /**
   * The keyboard's cursor (a crosshair) and the selected point's focus ring, while the view has the focus.
   * @param {{x: number, y: number} | undefined} selected
   * @param {{x: number, y: number} | null} cursor
   */
  drawKeyboardCursor(selected, cursor) {
    const ctx = this.ctx;
    ctx.save();
    ctx.strokeStyle = HIGHLIGHT;
    ctx.lineWidth = 2;
    if (selected) {
      const { px, py } = this.toPixel(selected.x, selected.y);
      ctx.setLineDash([4, 3]);
      ctx.beginPath();
      ctx.arc(px, py, this.pointRadius + 13, 0, 2 * Math.PI);
      ctx.stroke();
    } else if (cursor) {
      const { px, py } = this.toPixel(cursor.x, cursor.y);
      line(ctx, px - 10, py, px + 10, py);
      line(ctx, px, py - 10, px, py + 10);
    }
    ctx.restore();
  }
}
