// @ts-check
/** Draws the data view from (state, scene, hover); owns the data ↔ pixel transform. */

import { COLORS, HIGHLIGHT, INFO, NAMES } from "./catalogue.js";
import { MarkLayer, pointsKey } from "./layer.js";

/** A rule that is still training is drawn as a dotted line on a faint halo (its own dash and band once it stops). */
const SETTLING_DASH = [1, 5];
const SETTLING_HALO = 6;
/** Most misclassification crosses drawn (a uniform subsample of the crossed points above it). */
const MAX_CROSSES = 300;
const BASE_POINT_RADIUS = 7;
/** Marks and lines grow by this factor in projector mode. */
export const PROJECTOR_SCALE = 1.7;
let POINT_RADIUS = BASE_POINT_RADIUS;
const AXIS_COLOR = "#8a8a85";
const GRID_COLOR = "#ecece7";
const POINT_COLOR = "#1b1b1b";
/** Above this many points the points but the one a drag moves are drawn from a cached layer (`Layer`). */
const LAYER_ABOVE = 1000;
/**
 * A rule's embedding strength of example `i` for the tooltip: `x^μ` (w = Σ x^μ S^μ ξ^μ); for the
 * rules that add ξ^μ S^μ / N per update, also the number of updates on it (N = 2 here).
 */
function embeddingText(a, i) {
  const x = a.embedding?.[i];
  if (x === undefined || !Number.isFinite(x)) return "";
  if (a.name === "rosenblatt" || a.name === "minover") return `, x^μ = ${fmt(x)} (${Math.round(2 * x)} update${Math.round(2 * x) === 1 ? "" : "s"} on it)`;
  return `, x^μ = ${fmt(x)}`;
}

/** Points are numbered (when asked) up to this many. */
const MAX_NUMBERED = 300;
/** Dash length of compared lines (compare mode interleaves the rules' dashes). */
const COMPARE_DASH = 10;
/** The cell under the pointer in weight space and the line that realises its labelling. */
const REGION_COLOR = HIGHLIGHT;
/**
 * The rules whose rings can be sized by their embedding strengths x^μ (w = Σ x^μ S^μ ξ^μ): the
 * exact optimum, AdaTron and the soft margin, and MinOver and Rosenblatt, whose x^μ count their
 * updates on the example (1/N each).
 */
export const RING_RULES = ["exact", "adatron", "soft-margin", "minover", "rosenblatt"];
/** The radius (CSS px, before the projector's scale) of a rule's ring at its largest x^μ. */
const RING_MAX_RADIUS = 22;

/** The data view: a square canvas showing `[cx − half, cx + half] × [cy − half, cy + half]`. */
export class DataSpaceView {
  /** Wraps `canvas`. */
  constructor(canvas) {
    this.canvas = canvas;
    this.ctx = canvas.getContext("2d");
    this.size = canvas.clientWidth || 600;
    this.view = { cx: 0, cy: 0, half: 4 };
    /** whether the animated rule's final line stays visible while it is stepped */
    this.showFinal = false;
    /** whether the points carry their numbers */
    this.numberPoints = false;
    /** whether the view has the keyboard focus (its cursor is drawn) */
    this.keyboard = false;
    /** @type {{x: number, y: number} | null} the keyboard's cursor, in data coordinates */
    this.cursor = null;
    /** @type {[number, number, number, number][]} the lines drawn this frame as pixel segments (x0, y0, x1, y1): the tooltip keeps off them */
    this.lines = [];
    /** @type {{x: number, y: number, w: number, h: number} | null} where the tooltip was drawn this frame (CSS pixels), if one was */
    this.tooltip = null;
    /** whether the rings are sized by the embedding strengths (area ∝ x^μ) */
    this.ringsByStrength = false;
    /** @type {{rule: string, point: number, x: number | null, radius: number}[]} the rings drawn last (radius in CSS px; x null for the fixed support-vector rings) */
    this.rings = [];
    /** @type {{rule: string, max: number}[]} each sized rule's largest x^μ (its largest ring), as drawn last */
    this.ringScales = [];
    /** whether the pointer is over the teacher (its tooltip is drawn) */
    this.teacherHover = false;
    /** @type {{w: number[], theta: number}[]} further Gibbs students, drawn faintly */
    this.gibbs = [];
    /** the points but the one being dragged, cached for many points (`markPoints`) */
    this.pointLayer = new MarkLayer();
    /** counts the edits of the points (`App.pointsVersion`): the layer's key */
    this.pointsVersion = 0;
    /** the point a drag moves (-1: none): left out of the layer */
    this.moving = -1;
    /** the labelling the points are drawn with, if not their own (the cell under the pointer) */
    this.labelling = "";
  }

  /** Sets the CSS size (square) and the backing store for the device pixel ratio (× `scale`). */
  resize(cssSize, scale = 1) {
    const dpr = (window.devicePixelRatio || 1) * scale;
    this.size = cssSize;
    this.canvas.style.width = `${cssSize}px`;
    this.canvas.style.height = `${cssSize}px`;
    this.canvas.width = Math.round(cssSize * dpr);
    this.canvas.height = Math.round(cssSize * dpr);
    this.ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  }

  /** Canvas CSS pixel of data point (x, y). */
  toPixel(x, y) {
    const s = this.size / (2 * this.view.half);
    return { px: (x - this.view.cx) * s + this.size / 2, py: this.size / 2 - (y - this.view.cy) * s };
  }

  /** Data point of canvas CSS pixel (px, py). */
  toData(px, py) {
    const s = this.size / (2 * this.view.half);
    return { x: (px - this.size / 2) / s + this.view.cx, y: (this.size / 2 - py) / s + this.view.cy };
  }

  /** Index of the point under canvas pixel (px, py), or -1. */
  hit(points, px, py, slack = 5) {
    let best = -1;
    let bestD = (POINT_RADIUS + slack) ** 2;
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

  /** Draws everything. `scene` may be null (no result yet). */
  /** Draws the app's current picture (a view the app renders). @param {any} app */
  render(app) {
    this.canvas.classList.toggle("delete-mode", app.state.deleteMode);
    this.pointsVersion = app.pointsVersion;
    this.moving = app.dragIndex;
    this.showFinal = app.showFinal;
    this.numberPoints = app.numberPoints;
    this.ringsByStrength = app.ringsByStrength;
    this.rings = [];
    this.ringScales = [];
    this.teacherHover = app.student.hover;
    this.gibbs = app.student.gibbsSamples();
    if (app.region) this.drawRegion(app.state, app.region, app.counts.numberOf(app.region.labels));
    else this.draw(app.state, app.viewScene(), app.hover, app.shownAnimation(), app.compare !== null ? app.compareRules : null);
    if (this.keyboard) this.drawKeyboardCursor(app.state.points[app.keyboardPoint]);
  }

  /** The keyboard's cursor (a crosshair) and the selected point's focus ring, while the view has the focus. */
  drawKeyboardCursor(selected) {
    const ctx = this.ctx;
    ctx.save();
    ctx.strokeStyle = HIGHLIGHT;
    ctx.lineWidth = 2;
    if (selected) {
      const { px, py } = this.toPixel(selected.x, selected.y);
      ctx.setLineDash([4, 3]);
      ctx.beginPath();
      ctx.arc(px, py, POINT_RADIUS + 13, 0, 2 * Math.PI);
      ctx.stroke();
    } else if (this.cursor) {
      const { px, py } = this.toPixel(this.cursor.x, this.cursor.y);
      line(ctx, px - 10, py, px + 10, py);
      line(ctx, px, py - 10, px, py + 10);
    }
    ctx.restore();
  }

  /**
   * The labelling of the weight-space cell under the pointer (`region`, number `k` among the
   * separable labellings, 0 if not numbered): the points with those labels, the points it
   * relabels ringed, and the line of the perceptron under the pointer, which realises it.
   */
  drawRegion(state, region, k) {
    const points = state.points.map((p, i) => ({ ...p, label: region.labels[i] }));
    this.labelling = `${region.phi} ${region.theta}`; // the points' labels are the cell's: another layer
    this.draw({ ...state, points, teacher: null }, null, -1);
    this.labelling = "";
    const w = [Math.cos(region.phi), Math.sin(region.phi)];
    this.drawLine(w, state.threshold ? region.theta : 0, REGION_COLOR, 2.5, [8, 4]);
    const ctx = this.ctx;
    const changed = state.points.filter((p, i) => p.label !== region.labels[i]);
    ctx.strokeStyle = REGION_COLOR;
    ctx.lineWidth = 2;
    ctx.beginPath();
    for (const p of changed) {
      const { px, py } = this.toPixel(p.x, p.y);
      ctx.moveTo(px + POINT_RADIUS + 5, py);
      ctx.arc(px, py, POINT_RADIUS + 5, 0, 2 * Math.PI);
    }
    ctx.stroke();
    const fs = state.projector ? 20 : 13;
    ctx.font = `${fs}px system-ui, sans-serif`;
    const text = `${k ? `Labelling ${k}` : "The labelling of the cell under the pointer"}: ${changed.length ? `${changed.length} point${changed.length === 1 ? "" : "s"} relabelled (ringed)` : "the points' own labels (the version space)"}`;
    ctx.fillStyle = "rgba(255,255,255,0.9)";
    ctx.fillRect(4, 4, ctx.measureText(text).width + 12, fs + 10);
    ctx.fillStyle = REGION_COLOR;
    ctx.fillText(text, 10, 8 + fs);
  }

  /**
   * @param {any} state
   * @param {any} scene
   * @param {number} hover
   * @param {any} anim
   * @param {string[] | null} compared compare mode's rules (their lines drawn so that coinciding ones stay distinguishable), or null
   */
  draw(state, scene, hover, anim = null, compared = null) {
    this.view = state.view;
    const ctx = this.ctx;
    POINT_RADIUS = BASE_POINT_RADIUS * (state.projector ? PROJECTOR_SCALE : 1);
    this.widthScale = state.projector ? PROJECTOR_SCALE : 1;
    ctx.clearRect(0, 0, this.size, this.size);
    this.lines = [];
    this.drawAxes();
    const frame = anim && anim.frames.length > 1 ? anim.frames[anim.index] : null;
    if (scene) {
      const shown = (a) => state.shown[a.name];
      if (scene.exact?.converged && state.shown.exact) this.drawSolution(scene.exact, true, state.compare);
      for (const a of scene.algorithms) {
        if (!shown(a)) continue;
        // while a rule is stepped its final line would give the answer away (Fig. 3.4)
        if (frame && a.name === anim.algorithm && !this.showFinal) continue;
        const k = compared ? compared.indexOf(a.name) : -1;
        if (k >= 0) this.drawCompared(a, k, compared.length);
        else this.drawSolution(a, false);
      }
    }
    if (this.gibbs.length) {
      this.ctx.save();
      this.ctx.globalAlpha = 0.35;
      for (const g of this.gibbs) this.drawLine(g.w, g.theta, COLORS.gibbs, 1);
      this.ctx.restore();
    }
    if (state.teacher && state.showTeacher) this.drawTeacher(state.teacher);
    if (frame?.w.some((v) => v !== 0)) {
      this.drawLine(frame.w, frame.theta, COLORS[anim.algorithm], 3.5, [12, 6]);
    }
    if (frame) this.drawStepArrows(anim);
    this.drawPoints(state, scene, frame ? anim : null);
    if (this.numberPoints) this.drawNumbers(state.points);
    if (frame) {
      for (const i of [frame.example, frame.partner]) {
        if (i === null || i === undefined || !state.points[i]) continue;
        const { px, py } = this.toPixel(state.points[i].x, state.points[i].y);
        this.ctx.strokeStyle = COLORS[anim.algorithm];
        this.ctx.lineWidth = 3;
        this.ctx.beginPath();
        this.ctx.arc(px, py, POINT_RADIUS + 9, 0, 2 * Math.PI);
        this.ctx.stroke();
      }
    }
    this.tooltip = null;
    if (scene && hover >= 0 && hover < state.points.length) this.drawTooltip(state, scene, hover, frame ? anim : null);
    else if (this.teacherHover && state.teacher && state.showTeacher) this.drawTeacherTooltip(state);
  }

  /** Length of the teacher's arrow in data units (a share of the view). */
  teacherArrow() {
    return 0.3 * this.view.half;
  }

  /** The teacher: its dotted line, and its normal w* as an arrow from the line's point nearest the origin, with the handle at its tip. */
  drawTeacher(t) {
    this.drawLine(t.w, t.theta, COLORS.teacher, 2, [2, 5]);
    const { base, tip } = teacherHandle(t, this.teacherArrow());
    this.arrow(base, tip, COLORS.teacher, 1.5);
    const q = this.toPixel(tip[0], tip[1]);
    const r = 6 * (this.widthScale ?? 1);
    const ctx = this.ctx;
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
    ctx.fillStyle = COLORS.teacher;
    ctx.font = `bold ${this.widthScale > 1 ? 18 : 12}px system-ui, sans-serif`;
    ctx.fillText("w*", q.px + r + 3, q.py - r);
    ctx.restore();
  }

  /**
   * What of the teacher is under canvas pixel (px, py): "turn" at its arrow's tip, "shift" on its
   * line (with a threshold only: through the origin its line stays there), else null.
   */
  teacherHit(t, threshold, px, py, slack = 5) {
    const { tip } = teacherHandle(t, this.teacherArrow());
    const q = this.toPixel(tip[0], tip[1]);
    if (Math.hypot(q.px - px, q.py - py) <= 8 + slack) return "turn";
    const { x, y } = this.toData(px, py);
    const n = Math.hypot(t.w[0], t.w[1]);
    const d = (Math.abs(t.w[0] * x + t.w[1] * y - t.theta) / n) * (this.size / (2 * this.view.half));
    return d <= 3 + slack ? (threshold ? "shift" : "line") : null;
  }

  /** The teacher's name and values beside its arrow. */
  drawTeacherTooltip(state) {
    const t = state.teacher;
    const rows = [
      `${NAMES.teacher} = (${fmt(t.w[0], 3)}, ${fmt(t.w[1], 3)}), θ* = ${fmt(t.theta, 3)}, λ = ${fmt(t.noise, 2)}`,
      state.threshold ? "drag the arrow's tip to turn it, the line to shift it" : "drag the arrow's tip to turn it",
    ];
    const { tip } = teacherHandle(t, this.teacherArrow());
    const q = this.toPixel(tip[0], tip[1]);
    this.drawBox(rows, q.px, q.py, state.projector);
  }

  drawAxes() {
    const ctx = this.ctx;
    const { cx, cy, half } = this.view;
    const step = niceStep(half / 4);
    ctx.lineWidth = 1;
    const fs = this.widthScale > 1 ? 18 : 11;
    ctx.font = `${fs}px system-ui, sans-serif`;
    ctx.fillStyle = AXIS_COLOR;
    for (let v = Math.ceil((cx - half) / step) * step; v <= cx + half; v += step) {
      const { px } = this.toPixel(v, 0);
      ctx.strokeStyle = Math.abs(v) < step / 2 ? AXIS_COLOR : GRID_COLOR;
      line(ctx, px, 0, px, this.size);
      // a label that would be cut by the view's edge is left out
      const label = fmtTick(v);
      if (Math.abs(v) > step / 2 && px > 24 && px + 2 + ctx.measureText(label).width <= this.size) ctx.fillText(label, px + 2, this.size - 4);
    }
    for (let v = Math.ceil((cy - half) / step) * step; v <= cy + half; v += step) {
      const { py } = this.toPixel(0, v);
      ctx.strokeStyle = Math.abs(v) < step / 2 ? AXIS_COLOR : GRID_COLOR;
      line(ctx, 0, py, this.size, py);
      if (Math.abs(v) > step / 2 && py < this.size - 24 && py - 2 - fs >= 0) ctx.fillText(fmtTick(v), 3, py - 2);
    }
    const o = this.toPixel(0, 0);
    ctx.fillStyle = AXIS_COLOR;
    ctx.beginPath();
    ctx.arc(o.px, o.py, 3, 0, 2 * Math.PI);
    ctx.fill();
  }

  /** The line w·ξ = θ + offset·|w|, i.e. at signed distance `offset` from the boundary. */
  drawLine(w, theta, color, width, dash = [], offset = 0) {
    const n2 = w[0] * w[0] + w[1] * w[1];
    if (!(n2 > 0)) return;
    const n = Math.sqrt(n2);
    const c = (theta + offset * n) / n2;
    const x0 = [c * w[0], c * w[1]];
    const d = [-w[1] / n, w[0] / n];
    const L = 4 * this.view.half + Math.hypot(this.view.cx, this.view.cy) + Math.abs(c) * n;
    const a = this.toPixel(x0[0] - L * d[0], x0[1] - L * d[1]);
    const b = this.toPixel(x0[0] + L * d[0], x0[1] + L * d[1]);
    this.lines.push([a.px, a.py, b.px, b.py]);
    const ctx = this.ctx;
    ctx.save();
    ctx.strokeStyle = color;
    ctx.lineWidth = width * (this.widthScale ?? 1);
    ctx.setLineDash(dash);
    line(ctx, a.px, a.py, b.px, b.py);
    ctx.restore();
  }

  drawSolution(a, isExact, withBand = false) {
    const color = COLORS[a.name];
    if (isExact) {
      this.ctx.save();
      this.ctx.globalAlpha = 0.22;
      this.drawLine(a.w, a.theta, color, 9);
      this.ctx.restore();
      if (withBand) {
        this.drawLine(a.w, a.theta, color, 1.5, [3, 4], a.kappa);
        this.drawLine(a.w, a.theta, color, 1.5, [3, 4], -a.kappa);
        this.drawLine(a.w, a.theta, color, 1.5);
      }
      return;
    }
    if (!a.settled) {
      // still training: a faint line with a halo and no band, until the rule stops
      this.ctx.save();
      this.ctx.globalAlpha = 0.5;
      this.drawLine(a.w, a.theta, color, SETTLING_HALO);
      this.ctx.globalAlpha = 0.8;
      this.drawLine(a.w, a.theta, color, 1.5, SETTLING_DASH);
      this.ctx.restore();
      return;
    }
    // the band: ±κ(w), or for the soft margin its lines E = ±1 (at 1/|w|), which points may cross
    const band = a.softMargin ? a.softMargin.margin : a.kappa;
    if (band > 0) {
      this.drawLine(a.w, a.theta, color, 1.5, [7, 5], band);
      this.drawLine(a.w, a.theta, color, 1.5, [7, 5], -band);
    }
    this.drawLine(a.w, a.theta, color, INFO[a.name].width, INFO[a.name].dash);
  }

  /**
   * A compared rule's line and band (compare mode): the `k`-th of `n` is dashed in its colour
   * with the gaps where the others' dashes fall, so that lines that coincide (MinOver and
   * AdaTron near the optimum) show every colour in turn; drawn as it stands also while a race
   * steps it.
   */
  drawCompared(a, k, n) {
    const color = COLORS[a.name];
    const dash = n > 1 ? [COMPARE_DASH, COMPARE_DASH * (n - 1)] : [];
    const ctx = this.ctx;
    ctx.save();
    if (a.kappa > 0) {
      // the band's dashes interleave as the lines' do, at half the length
      const half = COMPARE_DASH / 2;
      ctx.lineDashOffset = -half * k;
      const bandDash = n > 1 ? [half, half * (n - 1)] : [7, 5];
      this.drawLine(a.w, a.theta, color, 1.5, bandDash, a.kappa);
      this.drawLine(a.w, a.theta, color, 1.5, bandDash, -a.kappa);
    }
    ctx.lineDashOffset = -COMPARE_DASH * k;
    this.drawLine(a.w, a.theta, color, 3, dash);
    ctx.restore();
  }

  /**
   * The points as two paths (+1 discs, −1 squares). Above `LAYER_ABOVE` points those a drag does
   * not move come from a cached layer (repainted around the points an edit changed, whole after a
   * change of the view), and only the moved one is drawn anew.
   */
  markPoints(points, pixels) {
    if (points.length <= LAYER_ABOVE) {
      tracePoints(this.ctx, points, pixels);
      return;
    }
    const moving = this.moving < points.length ? this.moving : -1;
    const { cx, cy, half } = this.view;
    const view = [cx, cy, half, this.size, this.canvas.width, POINT_RADIUS, this.labelling].join(" ");
    const scale = this.canvas.width / this.size;
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
    const reach = POINT_RADIUS + 2;
    this.pointLayer.drawMarks(this.ctx, view, pointsKey(this.pointsVersion, moving, []), this.size, this.size, scale, marks, reach, (layer, keep) =>
      tracePoints(layer, points, pixels, keep),
    );
    if (moving >= 0) tracePoints(this.ctx, points, pixels, (i) => i === moving);
  }

  /**
   * The points (+1 filled circles, −1 open squares; one path per class, so that 10 000 points
   * cost a few draw calls), the support vectors ringed, and one cross beside each point a shown
   * rule misclassifies: in that rule's colour, or the error colour where several do (the tooltip
   * names them); at most MAX_CROSSES, a uniform subsample — the readout counts them all.
   */
  drawPoints(state, scene, anim = null) {
    const ctx = this.ctx;
    const pixels = state.points.map((p) => this.toPixel(p.x, p.y));
    ctx.lineWidth = 2;
    ctx.strokeStyle = POINT_COLOR;
    ctx.fillStyle = POINT_COLOR;
    this.markPoints(state.points, pixels);
    if (scene && this.ringsByStrength) this.drawStrengthRings(state, scene, pixels, anim);
    else if (scene && state.shown.exact && scene.support.length) {
      ctx.strokeStyle = COLORS.exact;
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      for (const i of scene.support) {
        const q = pixels[i];
        if (!q) continue;
        ctx.moveTo(q.px + POINT_RADIUS + 5, q.py);
        ctx.arc(q.px, q.py, POINT_RADIUS + 5, 0, 2 * Math.PI);
        this.rings.push({ rule: "exact", point: i, x: null, radius: POINT_RADIUS + 5 });
      }
      ctx.stroke();
    }
    if (!scene) return;
    const wrong = misclassifiedBy(state, scene, anim);
    const crossed = [...wrong.keys()].sort((a, b) => a - b);
    const every = Math.ceil(crossed.length / MAX_CROSSES);
    /** @type {Map<string, number[][]>} colour → where its crosses go */
    const byColor = new Map();
    for (let j = 0; j < crossed.length; j += every) {
      const names = /** @type {string[]} */ (wrong.get(crossed[j]));
      const color = names.length === 1 ? COLORS[names[0]] : COLORS.error;
      const q = pixels[crossed[j]];
      if (!q) continue;
      if (!byColor.has(color)) byColor.set(color, []);
      byColor.get(color)?.push([q.px + POINT_RADIUS + 4, q.py - POINT_RADIUS - 4]);
    }
    for (const [color, at] of byColor) crosses(ctx, at, 4, color);
    // the soft margin's violators (slack β^μ > 0: inside the lines E = ±1 or beyond): a dashed ring
    for (const a of scene.algorithms) {
      if (!state.shown[a.name] || !a.softMargin) continue;
      ctx.save();
      ctx.strokeStyle = COLORS[a.name];
      ctx.lineWidth = 2;
      ctx.setLineDash([3, 3]);
      ctx.beginPath();
      for (const i of a.softMargin.violators) {
        const q = pixels[i];
        if (!q) continue;
        ctx.moveTo(q.px + POINT_RADIUS + 9, q.py);
        ctx.arc(q.px, q.py, POINT_RADIUS + 9, 0, 2 * Math.PI);
      }
      ctx.stroke();
      ctx.restore();
    }
  }

  /**
   * The rings sized by the embedding strengths: for every shown rule of RING_RULES (the exact
   * optimum among them when it exists), a ring in its colour around each point with x^μ > 0,
   * its area ∝ x^μ — radius RING_MAX_RADIUS·√(x^μ / max_ν x^ν), the largest x^μ of each rule
   * getting the largest ring. The rules' rings are dashed in turn (as compared lines are), so
   * rings that coincide show every colour. The animated rule is left out while its final line is.
   */
  drawStrengthRings(state, scene, pixels, anim) {
    const rules = [];
    if (scene.exact?.converged && state.shown.exact) rules.push(scene.exact);
    for (const a of scene.algorithms) {
      if (!state.shown[a.name] || !RING_RULES.includes(a.name)) continue;
      if (anim && a.name === anim.algorithm && !this.showFinal) continue;
      rules.push(a);
    }
    const ctx = this.ctx;
    const scale = this.widthScale ?? 1;
    const n = rules.length;
    rules.forEach((a, k) => {
      const x = a.embedding ?? [];
      let max = 0;
      for (const v of x) if (v > max) max = v;
      if (!(max > 0)) return;
      this.ringScales.push({ rule: a.name, max });
      ctx.save();
      ctx.strokeStyle = COLORS[a.name];
      ctx.lineWidth = 2;
      if (n > 1) {
        ctx.setLineDash([5, 5 * (n - 1)]);
        ctx.lineDashOffset = -5 * k;
      }
      ctx.beginPath();
      x.forEach((v, i) => {
        const q = pixels[i];
        if (!(v > 0) || !q) return;
        const radius = RING_MAX_RADIUS * scale * Math.sqrt(v / max);
        ctx.moveTo(q.px + radius, q.py);
        ctx.arc(q.px, q.py, radius, 0, 2 * Math.PI);
        this.rings.push({ rule: a.name, point: i, x: v, radius });
      });
      ctx.stroke();
      ctx.restore();
    });
  }

  /**
   * Fig. 3.4 of Biehl: the current w(t) as an arrow from the origin (with a threshold: the
   * normal of the line at its point nearest the origin), and at an update the step Δw = w(t) −
   * w(t − 1) (ξ^μ S^μ/N for Rosenblatt) as an arrow ending at w(t)'s tip. Drawn at one scale per
   * frame: w(t) a third of the view long.
   */
  drawStepArrows(anim) {
    const f = anim.frames[anim.index];
    const norm = Math.hypot(f.w[0], f.w[1]);
    if (!(norm > 0)) return;
    const color = COLORS[anim.algorithm];
    const scale = (0.33 * this.view.half) / norm;
    const base = f.theta && norm > 0 ? [(f.theta * f.w[0]) / (norm * norm), (f.theta * f.w[1]) / (norm * norm)] : [0, 0];
    const tip = [base[0] + scale * f.w[0], base[1] + scale * f.w[1]];
    this.arrow(base, tip, color, 3);
    const prev = anim.index > 0 ? anim.frames[anim.index - 1] : null;
    if (prev && f.updated) {
      const from = [tip[0] - scale * (f.w[0] - prev.w[0]), tip[1] - scale * (f.w[1] - prev.w[1])];
      this.arrow(from, tip, HIGHLIGHT, 2, [5, 3]);
      const a = this.toPixel(from[0], from[1]);
      this.ctx.fillStyle = HIGHLIGHT;
      this.ctx.font = `${this.widthScale > 1 ? 18 : 12}px system-ui, sans-serif`;
      this.ctx.fillText(`Δw${f.example !== null && f.example !== undefined ? ` = ξ^${f.example + 1} S^${f.example + 1}/N` : ""}`, a.px + 6, a.py - 6);
    }
    const t = this.toPixel(tip[0], tip[1]);
    this.ctx.fillStyle = color;
    this.ctx.font = `bold ${this.widthScale > 1 ? 18 : 12}px system-ui, sans-serif`;
    this.ctx.fillText(`w(${f.step})`, t.px + 6, t.py + 14);
  }

  /** An arrow between data points `a` and `b`. */
  arrow(a, b, color, width, dash = []) {
    const p = this.toPixel(a[0], a[1]);
    const q = this.toPixel(b[0], b[1]);
    const len = Math.hypot(q.px - p.px, q.py - p.py);
    if (len < 1) return;
    const ctx = this.ctx;
    const ux = (q.px - p.px) / len;
    const uy = (q.py - p.py) / len;
    const head = 9 * (this.widthScale ?? 1);
    ctx.save();
    ctx.strokeStyle = color;
    ctx.fillStyle = color;
    ctx.lineWidth = width * (this.widthScale ?? 1);
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

  /** Every point's number (1-based, as the status line and the tooltip name them), up to MAX_NUMBERED points. */
  drawNumbers(points) {
    if (points.length > MAX_NUMBERED) return;
    const ctx = this.ctx;
    ctx.fillStyle = "#333";
    const fs = this.widthScale > 1 ? 18 : 11;
    ctx.font = `${fs}px system-ui, sans-serif`;
    points.forEach((p, i) => {
      const { px, py } = this.toPixel(p.x, p.y);
      ctx.fillText(String(i + 1), px + POINT_RADIUS + 2, py - POINT_RADIUS + 2);
    });
  }

  /** The hovered point's information: its stabilities under each shown rule, and which rules misclassify it. */
  drawTooltip(state, scene, i, anim = null) {
    const p = state.points[i];
    const rows = [`point ${i + 1}: (${p.x.toFixed(2)}, ${p.y.toFixed(2)}), S = ${p.label > 0 ? "+1" : "−1"}`];
    const list = [...scene.algorithms.filter((a) => state.shown[a.name])];
    if (scene.exact?.converged && state.shown.exact) list.push(scene.exact);
    for (const a of list) {
      rows.push(`κ^μ ${NAMES[a.name]}: ${fmt(a.stabilities[i])}${embeddingText(a, i)}`);
      if (a.softMargin) rows.push(`   slack β^μ = ${fmt(a.softMargin.slack[i])}${a.softMargin.slack[i] > 0 ? " (a margin violator)" : ""}`);
    }
    const wrong = misclassifiedBy(state, scene, anim).get(i);
    if (wrong) rows.push(`misclassified by ${wrong.map((n) => NAMES[n]).join(", ")}`);
    const { px, py } = this.toPixel(p.x, p.y);
    this.drawBox(rows, px, py, state.projector);
  }

  /** A box of text `rows` beside canvas pixel (px, py), off the drawn lines where it can be (`tooltipPlace`), inside the view. */
  drawBox(rows, px, py, projector) {
    const ctx = this.ctx;
    const fs = projector ? 20 : 13;
    ctx.font = `${fs}px system-ui, sans-serif`;
    const w = Math.max(...rows.map((r) => ctx.measureText(r).width)) + 12;
    const h = rows.length * (fs + 4) + 8;
    ({ px, py } = this.tooltipPlace({ px, py }, w, h));
    this.tooltip = { x: px, y: py, w, h };
    ctx.fillStyle = "rgba(255,255,255,0.94)";
    ctx.strokeStyle = "#999";
    ctx.lineWidth = 1;
    ctx.fillRect(px, py, w, h);
    ctx.strokeRect(px, py, w, h);
    ctx.fillStyle = "#111";
    rows.forEach((r, k) => {
      ctx.fillText(r, px + 6, py + (fs + 4) * (k + 1));
    });
  }

  /**
   * Where a `w × h` tooltip for the point at pixel `at` goes: beside the point (below right,
   * below left, above right, above left) or in a corner of the view, whichever crosses the fewest
   * of the lines drawn this frame (the first such, so it stays beside the point when it can),
   * inside the view.
   */
  tooltipPlace(at, w, h) {
    const gap = POINT_RADIUS + 8;
    const inside = ({ px, py }) => ({ px: Math.min(Math.max(px, 2), this.size - w - 2), py: Math.min(Math.max(py, 2), this.size - h - 2) });
    const candidates = [
      { px: at.px + gap, py: at.py + gap },
      { px: at.px - gap - w, py: at.py + gap },
      { px: at.px + gap, py: at.py - gap - h },
      { px: at.px - gap - w, py: at.py - gap - h },
      { px: 2, py: 2 },
      { px: this.size - w - 2, py: 2 },
      { px: 2, py: this.size - h - 2 },
      { px: this.size - w - 2, py: this.size - h - 2 },
    ].map(inside);
    const covers = ({ px, py }) => {
      const pointIn = at.px >= px - POINT_RADIUS && at.px <= px + w + POINT_RADIUS && at.py >= py - POINT_RADIUS && at.py <= py + h + POINT_RADIUS;
      return this.lines.filter((l) => crossesBox(l, px, py, w, h)).length + (pointIn ? 1 : 0);
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
}

/**
 * Whether the line through the segment `[x0, y0, x1, y1]` passes through the box: its corners do
 * not all lie on one side of it.
 */
function crossesBox([x0, y0, x1, y1], x, y, w, h) {
  const side = (cx, cy) => Math.sign((x1 - x0) * (cy - y0) - (y1 - y0) * (cx - x0));
  const s = [side(x, y), side(x + w, y), side(x, y + h), side(x + w, y + h)];
  return s.some((v) => v > 0) && s.some((v) => v < 0);
}

/**
 * The points the shown rules misclassify, each with the names of the rules that do (the animated
 * rule: the examples w(t) of the shown frame misclassifies, not its final line's).
 * @returns {Map<number, string[]>}
 */
function misclassifiedBy(state, scene, anim) {
  const out = new Map();
  for (const a of scene.algorithms) {
    if (!state.shown[a.name]) continue;
    const wrong = anim && a.name === anim.algorithm ? (anim.frames[anim.index].misclassified ?? []) : a.misclassified;
    for (const i of wrong) {
      if (!out.has(i)) out.set(i, []);
      out.get(i).push(a.name);
    }
  }
  return out;
}

/**
 * The teacher's handle in data coordinates: the base (the point of its line nearest the origin,
 * `θ* · w* / |w*|²`) and the tip of its normal arrow, `len` beyond it.
 */
export function teacherHandle(t, len) {
  const n = Math.hypot(t.w[0], t.w[1]);
  const u = [t.w[0] / n, t.w[1] / n];
  const base = [(t.theta / n) * u[0], (t.theta / n) * u[1]];
  return { base, tip: [base[0] + len * u[0], base[1] + len * u[1]] };
}

function line(ctx, x0, y0, x1, y1) {
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1, y1);
  ctx.stroke();
}

/** Crosses of half-size `r` at the pixels `at`, in one path (the exact optimum's in the error colour). */
function crosses(ctx, at, r, color) {
  if (!at.length) return;
  ctx.save();
  ctx.strokeStyle = color === COLORS.exact ? COLORS.error : color;
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

function niceStep(v) {
  const e = 10 ** Math.floor(Math.log10(v));
  const m = v / e;
  return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * e;
}

function fmtTick(v) {
  return Number(v.toPrecision(6)).toString();
}

/** A number for the readout: 4 significant digits, "—" for NaN/undefined. */
export function fmt(v, digits = 4) {
  if (v === null || v === undefined || Number.isNaN(v)) return "—";
  if (!Number.isFinite(v)) return v > 0 ? "∞" : "−∞";
  return Number(v.toPrecision(digits)).toString().replace("-", "−");
}

/**
 * Points `i` (those `keep(i)` accepts) as two paths on `ctx`: +1 filled discs, −1 open squares
 * (one path per class, so that thousands of points cost a few draw calls).
 * @param {CanvasRenderingContext2D} ctx
 * @param {{label: number}[]} points
 * @param {{px: number, py: number}[]} pixels
 * @param {(i: number) => boolean} keep
 */
function tracePoints(ctx, points, pixels, keep = () => true) {
  const r = POINT_RADIUS - 1;
  ctx.lineWidth = 2;
  ctx.strokeStyle = POINT_COLOR;
  ctx.fillStyle = POINT_COLOR;
  ctx.beginPath();
  points.forEach((p, i) => {
    if (p.label <= 0 || !keep(i)) return;
    const { px, py } = pixels[i];
    ctx.moveTo(px + POINT_RADIUS, py);
    ctx.arc(px, py, POINT_RADIUS, 0, 2 * Math.PI);
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
