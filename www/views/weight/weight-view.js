/**
 * The weight-space view: the circle of directions and the stability landscape (θ = 0), or the
 * (φ, θ) plane with the version-space band (with threshold). All geometry comes from the core; the
 * view lays out its parts (weight-circle.js, weight-landscape.js, weight-regions.js), keeps where
 * it drew them for the hit tests, and turns a zoom, a pan or a fit into a window (weight-plot.js)
 * that the controller puts into the state.
 */

import { COLORS, INFO, TEXT } from "../../app/catalogue.js";
import { textFont, textPx } from "../../text/canvas-text.js";
import { Layer } from "../layer.js";
import { drawCircle } from "./weight-circle.js";
import { CurveLayer } from "./weight-curves.js";
import { PAD, drawLandscape } from "./weight-landscape.js";
import { wrapText } from "./weight-paths.js";
import { TAU, inPlot, pannedWindow, plotAt, versionSpaceWindow, zoomedWindow } from "./weight-plot.js";
import { drawRegions } from "./weight-regions.js";

/** The view draws the circle beside the lower plot, not above it, when it is this many times as wide as high. */
const LANDSCAPE = 1.5;
/** The type size (CSS px) the view's spacings around its labels are given for: they grow with the type (`k`). */
const LAYOUT_PX = 12;
const CAPTION_THRESHOLD =
  "Each example is the curve θ = ξ·(cos φ, sin φ): +1 solid, −1 dashed. The version space is the shaded band between them; the vertical distance to a curve is that example's stability, so the widest gap is 2κ_max.";
/** @typedef {import("../../pkg/perceptron_lab.js").VersionSpaceArrays} VersionSpaceArrays */
/** @typedef {import("../../training/data-view-training.js").ViewScene} ViewScene */

/**
 * A shown solution's mark: where it lies (direction φ, κ, θ/|w|) and how it is drawn (colour, the
 * catalogue's shape or the teacher's "star", open while it trains).
 * @typedef {{name: string, phi: number, kappa: number, thetaUnit: number, color: string, shape: string, open: boolean}} SolutionMark
 */

const CAPTION_ORIGIN =
  "Top: directions w/|w| on the unit circle; each example allows half of it, the shaded arc is the version space. Bottom: κ^μ(φ) of every example (faint) and κ(φ) = min_μ κ^μ(φ); its peak is the perceptron of optimal stability. The zoom acts on the lower plot; a dashed sector on the circle marks the directions it shows.";

export class WeightView {
  /** Wraps `canvas`; `caption` says what it shows in the current mode. @param {HTMLCanvasElement} canvas @param {HTMLElement | null} caption */
  constructor(canvas, caption = null) {
    this.canvas = canvas;
    this.caption = caption;
    this.ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d"));
    this.width = 400;
    this.height = 400;
    /** @type {import("./weight-plot.js").Plot | null} the lower plot as last drawn, for hit tests */
    this.plot = null;
    /** @type {{c: {x: number, y: number}, R: number} | null} the circle of directions as last drawn (through the origin), for hit tests */
    this.circle = null;
    /** projector mode in the picture drawn (its type is larger) */
    this.projector = false;
    /** the type size over LAYOUT_PX: the room around the labels grows by it */
    this.k = textPx(false) / LAYOUT_PX;
    /** the diameters of the points but the one being dragged, cached for many points */
    this.diameterLayer = new Layer();
    /** the faint example curves but the one being dragged, cached */
    this.curveLayer = new CurveLayer();
    /** @type {SolutionMark[]} the solutions' marks as last drawn */
    this.marks = [];
    /** whether the last picture shaded the version space */
    this.shaded = true;
    /** CSS px kept free at the top of the lower plot for the zoom buttons over the view (projector mode; set by layout.js) */
    this.reserveTop = 0;
  }

  /** The view's font (`weight`: "" or "bold"), in projector mode or not. */
  font(weight = "") {
    return textFont(this.projector, weight);
  }

  /**
   * The lower plot's window `{phi0, phi1, lo, hi}` as last drawn, its place `x`, `y` (its top
   * left corner in the canvas) and size `width`×`height` (CSS px) and the circle's radius `radius`
   * (null with a threshold), the solutions' marks `[{name, shape, open}]` in drawing order and
   * whether the version space is shaded (a lesson may conceal it), for
   * `lab.getState().weightPlot`; null before the first picture with points.
   */
  plotState() {
    const p = this.plot;
    if (!p) return null;
    const marks = this.marks.map(({ name, shape, open }) => ({ name, shape, open }));
    return { phi0: p.phi0, phi1: p.phi1, lo: p.lo, hi: p.hi, x: p.x, y: p.y, width: p.w, height: p.h, radius: this.circle?.R ?? null, marks, versionSpace: this.shaded };
  }

  /** Whether canvas pixel (px, py) lies in the lower plot. @param {number} px @param {number} py */
  inPlot(px, py) {
    return inPlot(this.plot, px, py);
  }

  /**
   * The lower plot as last drawn, with the window `from` instead of its own when `from` is one of
   * its kind (a gesture's window set ahead of the frame that draws it); null before the first plot.
   * @param {import("./weight-plot.js").PlotWindow | null} from
   * @returns {import("./weight-plot.js").Plot | null}
   */
  plotWith(from) {
    const p = this.plot;
    return p && from?.kind === p.kind ? { ...p, ...from } : p;
  }

  /**
   * The window zoomed by `factor` (> 1: in) about canvas pixel (px, py) of the lower plot (from
   * the window `from`, if given, else the drawn one), or null outside it.
   * @param {number} factor
   * @param {number} px
   * @param {number} py
   * @param {import("./weight-plot.js").PlotWindow | null} [from]
   */
  zoomed(factor, px, py, from = null) {
    const p = this.plotWith(from);
    return p && this.inPlot(px, py) ? zoomedWindow(p, factor, px, py) : null;
  }

  /**
   * The window moved by (dx, dy) canvas pixels (a drag; from the window `from`, if given), or null before the first plot.
   * @param {number} dx
   * @param {number} dy
   * @param {import("./weight-plot.js").PlotWindow | null} [from]
   */
  panned(dx, dy, from = null) {
    const p = this.plotWith(from);
    return p ? pannedWindow(p, dx, dy) : null;
  }

  /** The window onto the version space `vs`, or null when there is none (not separable) or no plot yet. @param {VersionSpaceArrays | null | undefined} vs */
  fitted(vs) {
    return this.plot ? versionSpaceWindow(vs) : null;
  }

  /** Sets the CSS size and the backing store for the device pixel ratio (× `scale`). @param {number} width @param {number} height @param {number} [scale] */
  resize(width, height, scale = 1) {
    const dpr = (window.devicePixelRatio || 1) * scale;
    Object.assign(this, { width, height });
    this.canvas.style.width = `${width}px`;
    this.canvas.style.height = `${height}px`;
    this.canvas.width = Math.round(width * dpr);
    this.canvas.height = Math.round(height * dpr);
    this.ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  }

  /** Draws the frame and the caption (with what of it is a subsample). @param {import("../../app/view-frame.js").Frame} frame */
  render(frame) {
    const notes = this.draw(frame).filter(Boolean);
    if (!this.caption) return;
    const text = frame.state.threshold ? CAPTION_THRESHOLD : CAPTION_ORIGIN;
    this.caption.textContent = notes.length ? `${text} (Here ${notes.join("; ")}.)` : text;
  }

  /**
   * Draws the version space of the frame's scene with the marks of the shown algorithms, the
   * teacher, the hovered example and the animation; returns the notes on what is a subsample.
   * @param {import("../../app/view-frame.js").Frame} frame
   */
  draw(frame) {
    const { state, scene } = frame;
    this.projector = state.projector;
    this.k = textPx(state.projector) / LAYOUT_PX;
    const k = this.k;
    const ctx = this.ctx;
    ctx.clearRect(0, 0, this.width, this.height);
    const vs = scene?.versionSpace;
    this.plot = null;
    this.circle = null;
    this.marks = [];
    if (!vs) {
      ctx.fillStyle = TEXT.muted;
      ctx.font = this.font();
      const text = state.threshold ? "No points: every (φ, θ) is in the version space." : "No points: the whole circle is the version space.";
      wrapText(ctx, text, this.width - 32).forEach((l, i) => {
        ctx.fillText(l, 16, 30 * k + i * 20 * k);
      });
      return [];
    }
    const marks = solutionMarks(state, scene, frame.concealed);
    this.shaded = !frame.concealed.has("version-space");
    this.marks = marks;
    const range = yRange(state.points);
    const zoom = state.weightWindow?.kind === vs.kind ? state.weightWindow : null; // a window of the other mode's plot is not this one's
    const win = zoom ?? { phi0: 0, phi1: TAU, lo: -range, hi: range };
    const pad = { left: PAD * k, right: 10, bottom: 26 * k };
    /** The lower plot's rectangle with its top left corner `pad` inside (x, y). @param {number} x @param {number} y */
    const rect = (x, y) => ({ x: x + pad.left, y, w: this.width - x - pad.left - pad.right, h: this.height - y - pad.bottom, ...win, kind: vs.kind });
    const top = Math.max(14 * k, this.reserveTop);
    let diameters = "";
    if (vs.kind === "arc" && this.width >= LANDSCAPE * this.height) {
      // landscape (projector mode): the circle on the left, the landscape κ(φ) beside it
      const circleW = Math.round(Math.min(this.height + 40 * k, 0.42 * this.width));
      this.plot = rect(circleW, top);
      diameters = drawCircle(this, frame, vs, marks, { x: 0, y: 0, w: circleW, h: this.height });
    } else if (vs.kind === "arc") {
      const circleH = Math.round(this.height * 0.52);
      this.plot = rect(0, circleH + 12);
      diameters = drawCircle(this, frame, vs, marks, { x: 0, y: 0, w: this.width, h: circleH });
    } else this.plot = rect(0, top);
    const curves = drawLandscape(this, frame, vs, marks, vs.kind === "band" ? "θ" : "κ(φ)");
    drawRegions(this, frame);
    return [diameters, curves];
  }

  /** The example whose curve passes nearest to canvas pixel (px, py), or -1 (within 7 px). @param {ViewScene | null} scene @param {number} px @param {number} py */
  hitCurve(scene, px, py) {
    const vs = scene?.versionSpace;
    const p = this.plot;
    if (!vs || !p || !this.inPlot(px, py)) return -1;
    const n = vs.phi.length;
    const { phi, value: y } = plotAt(p, px, py);
    const k = Math.round(((((phi % TAU) + TAU) % TAU) / TAU) * n) % n;
    let best = -1;
    let bestD = (7 / p.h) * (p.hi - p.lo);
    // the curves the version space carries (all, or a uniform subsample of many)
    vs.curveExamples.forEach((mu, j) => {
      const d = Math.abs(vs.curves[j * n + k] - y);
      if (d < bestD) {
        best = mu;
        bestD = d;
      }
    });
    return best;
  }

  /**
   * The perceptron under canvas pixel (px, py), `{phi, theta}`, or null: on the circle of
   * directions (or inside it) its direction; in the (φ, θ) plane or the landscape below the
   * circle its φ (and θ with a threshold).
   * @param {number} px
   * @param {number} py
   */
  perceptronAt(px, py) {
    if (this.plot && this.inPlot(px, py)) {
      const { phi, value } = plotAt(this.plot, px, py);
      return { phi: ((phi % TAU) + TAU) % TAU, theta: value };
    }
    if (this.circle) {
      const { c, R } = this.circle;
      const r = Math.hypot(px - c.x, py - c.y);
      if (r > 4 && r <= R + 12) return { phi: (Math.atan2(c.y - py, px - c.x) + TAU) % TAU, theta: 0 };
    }
    return null;
  }
}

/**
 * Marks of the shown solutions, `{name, phi, kappa, thetaUnit, color, shape, open}`: the exact
 * optimum first (under the rules that reach it), each in its catalogue shape, open while it
 * trains; the teacher's star last.
 * @param {import("../../app/state.js").PageState} state
 * @param {ViewScene} scene
 * @param {Set<string>} concealed the parts a lesson conceals for now: "optimum" its mark, "lines" the rules'
 */
function solutionMarks(state, scene, concealed) {
  /** @type {SolutionMark[]} */
  const marks = [];
  /** @param {import("../../pkg/perceptron_lab.js").AlgorithmView} a @param {boolean} open @returns {SolutionMark} */
  const of = (a, open) => ({ name: a.name, phi: a.phi, kappa: a.kappa, thetaUnit: a.thetaUnit, color: COLORS[a.name], shape: INFO[a.name].marker, open });
  const e = scene.exact;
  if (e?.converged && state.shown[e.name] && !concealed.has("optimum")) marks.push(of(e, false));
  for (const a of concealed.has("lines") ? [] : scene.algorithms) {
    if (state.shown[a.name] && Number.isFinite(a.phi) && a.w.some((v) => v !== 0)) marks.push(of(a, !a.settled));
  }
  if (state.teacher && state.showTeacher) {
    const { w, theta } = state.teacher;
    const n = Math.hypot(w[0], w[1]);
    const phi = (Math.atan2(w[1], w[0]) + TAU) % TAU;
    const kappa = Math.min(...state.points.map((p) => (p.label * (w[0] * p.x + w[1] * p.y - theta)) / n));
    marks.push({ name: "teacher", phi, kappa, thetaUnit: theta / n, color: COLORS.teacher, shape: "star", open: false });
  }
  return marks;
}

/** The lower plot's value range when not zoomed: a little beyond the farthest point's |ξ|. @param {import("../../app/state.js").Point[]} points */

function yRange(points) {
  return 1.08 * Math.max(1, ...points.map((p) => Math.hypot(p.x, p.y)));
}
