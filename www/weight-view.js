// @ts-check
/** Draws the weight-space view: the circle of directions and the stability landscape (θ = 0), or
 * the (φ, θ) plane with the version-space band (with threshold). All geometry comes from the core. */

import { COLORS, HIGHLIGHT } from "./catalogue.js";
import { fmt } from "./data-view.js";
import { Layer, pointsKey } from "./layer.js";

/** Above this many points the diameters of those a drag does not move come from a cached layer. */
const LAYER_ABOVE = 1000;
/** Above this many examples the circle draws the diameters of a uniform subsample (the caption says so). */
const MAX_DIAMETERS = 2000;

const TAU = 2 * Math.PI;
const BAND_FILL = "rgba(86, 180, 233, 0.28)";
const BAND_EDGE = "#2a7fb8";
const CURVE_PLUS = "rgba(27, 27, 27, 0.22)";
const CURVE_MINUS = "rgba(120, 120, 120, 0.32)";
const PAD = 34;
/** The view draws the circle beside the lower plot, not above it, when it is this many times as wide as high. */
const LANDSCAPE = 1.5;
/** Type and the room for it grow by this factor in projector mode (12 px labels → 18 px). */
const PROJECTOR_TEXT = 1.5;

/** The weight-space view. */
export class WeightView {
  /** Wraps `canvas`. */
  constructor(canvas, caption = null) {
    this.canvas = canvas;
    /** @type {HTMLElement | null} the caption under the view, which says what it shows in the current mode */
    this.caption = caption;
    this.ctx = canvas.getContext("2d");
    this.width = 400;
    this.height = 400;
    this.plot = null; // the (φ, y) plot rectangle and its y range, for hit tests
    /** what of the example curves the last frame drew, when not all ("" when all) */
    this.curvesShown = "";
    /** which of the examples' diameters on the circle the last frame drew, when not all ("" when all) */
    this.diametersShown = "";
    /** @type {((mu: number) => Float64Array | null) | null} example μ's curve from the core, for one the version space does not carry (set by main.js) */
    this.curveOf = null;
    /** @type {{c: {x: number, y: number}, R: number} | null} the circle of directions as last drawn (through the origin), for hit tests */
    this.circle = null;
    /**
     * The lower plot's window `{phi0, phi1, lo, hi}` (φ across within [0, 2π], θ or κ up) when
     * zoomed, null for the whole view; `kind` is the version space's kind it was set for.
     * @type {{phi0: number, phi1: number, lo: number, hi: number, kind: string} | null}
     */
    this.window = null;
    /** type size factor (PROJECTOR_TEXT in projector mode) */
    this.k = 1;
    /** the diameters of the points but the one being dragged, cached for many points */
    this.diameterLayer = new Layer();
    /** counts the edits of the points (`App.pointsVersion`): the layer's key */
    this.pointsVersion = 0;
    /** the point a drag moves (-1: none) */
    this.moving = -1;
    /** CSS px kept free at the top of the lower plot for the zoom buttons over the view (projector mode; set by layout.js) */
    this.reserveTop = 0;
  }

  /** A font of `px` CSS pixels (× the projector's factor). */
  font(px, weight = "") {
    return `${weight ? `${weight} ` : ""}${Math.round(px * this.k)}px system-ui, sans-serif`;
  }

  /**
   * The lower plot's window `{phi0, phi1, lo, hi}` as last drawn, its size `width`×`height` (CSS
   * px) and the circle's radius `radius` (null with a threshold), for `lab.getState().weightPlot`;
   * null before the first picture with points.
   */
  plotState() {
    const p = this.plot;
    return p ? { phi0: p.phi0, phi1: p.phi1, lo: p.lo, hi: p.hi, width: p.w, height: p.h, radius: this.circle?.R ?? null } : null;
  }

  /** Canvas x of direction `phi` in the lower plot. */
  plotX(phi) {
    const p = /** @type {any} */ (this.plot);
    return p.x + ((phi - p.phi0) / (p.phi1 - p.phi0)) * p.w;
  }

  /** Canvas y of value `v` (θ or κ) in the lower plot. */
  plotY(v) {
    const p = /** @type {any} */ (this.plot);
    return p.y + ((p.hi - v) / (p.hi - p.lo)) * p.h;
  }

  /** The direction φ and value at canvas pixel (px, py) of the lower plot. */
  plotAt(px, py) {
    const p = /** @type {any} */ (this.plot);
    return { phi: p.phi0 + ((px - p.x) / p.w) * (p.phi1 - p.phi0), value: p.hi - ((py - p.y) / p.h) * (p.hi - p.lo) };
  }

  /** Whether canvas pixel (px, py) lies in the lower plot. */
  inPlot(px, py) {
    const p = this.plot;
    return Boolean(p) && px >= p.x && px <= p.x + p.w && py >= p.y && py <= p.y + p.h;
  }

  /**
   * Zooms the lower plot by `factor` (> 1: in) about canvas pixel (px, py) (φ wraps: the window
   * can reach across φ = 0).
   * @param {number} factor
   * @param {number} px
   * @param {number} py
   */
  zoomAt(factor, px, py) {
    const p = this.plot;
    if (!p || !this.inPlot(px, py)) return;
    const { phi, value } = this.plotAt(px, py);
    const span = (p.phi1 - p.phi0) / factor;
    const left = (phi - p.phi0) / (p.phi1 - p.phi0);
    const phi0 = phi - left * span;
    const lo = value - ((value - p.lo) / (p.hi - p.lo)) * ((p.hi - p.lo) / factor);
    this.setWindow(phi0, phi0 + span, lo, lo + (p.hi - p.lo) / factor);
  }

  /** Moves the lower plot's window by (dx, dy) canvas pixels (a drag). */
  panBy(dx, dy) {
    const p = this.plot;
    if (!p) return;
    const dphi = (-dx / p.w) * (p.phi1 - p.phi0);
    const dv = (dy / p.h) * (p.hi - p.lo);
    this.setWindow(p.phi0 + dphi, p.phi1 + dphi, p.lo + dv, p.hi + dv);
  }

  /**
   * Sets the window: the full turn at most; φ wraps (a window across φ = 0 runs from a negative φ0,
   * the window moved by whole turns so that its middle lies in [−π/2, 3π/2)).
   */
  setWindow(phi0, phi1, lo, hi) {
    const span = Math.min(TAU, phi1 - phi0);
    const turns = Math.floor((phi0 + span / 2 + Math.PI / 2) / TAU);
    const start = phi0 - turns * TAU;
    this.window = { phi0: start, phi1: start + span, lo, hi, kind: this.plot?.kind ?? "" };
  }

  /**
   * Zooms the lower plot onto the version space of `vs` (the band's φ extent and θ range with a
   * threshold; the arc's φ extent and the landscape from 0 to its peak through the origin), with a
   * margin, across φ = 0 when it lies there; false when there is none (not separable).
   */
  fitVersionSpace(vs) {
    if (!vs || !this.plot) return false;
    const n = vs.phi.length;
    const inside = [];
    let lo = Infinity;
    let hi = -Infinity;
    for (let k = 0; k < n; k++) {
      const [a, b] = vs.kind === "band" ? [vs.lower[k], vs.upper[k]] : [0, vs.kappa[k]];
      const any = Number.isFinite(a) && Number.isFinite(b) && b > a;
      inside.push(any);
      if (!any) continue;
      lo = Math.min(lo, a);
      hi = Math.max(hi, b);
    }
    if (!inside.some(Boolean)) return false;
    // the version space's directions are one stretch of the circle: the complement of the longest
    // stretch (taken round the circle) of samples outside it
    let phi0 = 0;
    let phi1 = TAU;
    if (inside.some((v) => !v)) {
      let best = { start: 0, length: 0 };
      for (let k = 0; k < n; k++) {
        if (inside[k] || !inside[(k + n - 1) % n]) continue; // k starts a stretch outside
        let length = 0;
        while (length < n && !inside[(k + length) % n]) length++;
        if (length > best.length) best = { start: k, length };
      }
      const first = (best.start + best.length) % n; // the first sample inside
      const last = (best.start + n - 1) % n; // the last sample inside
      phi0 = vs.phi[first];
      phi1 = vs.phi[last] + (last < first ? TAU : 0);
      const dphi = Math.max(0.25 * (phi1 - phi0), 0.02);
      [phi0, phi1] = [phi0 - dphi, phi1 + dphi];
    }
    const dv = Math.max(0.3 * (hi - lo), 1e-3);
    this.setWindow(phi0, phi1, lo - dv, hi + dv);
    return true;
  }

  /** Sets the CSS size and the backing store for the device pixel ratio (× `scale`). */
  resize(width, height, scale = 1) {
    const dpr = (window.devicePixelRatio || 1) * scale;
    Object.assign(this, { width, height });
    this.canvas.style.width = `${width}px`;
    this.canvas.style.height = `${height}px`;
    this.canvas.width = Math.round(width * dpr);
    this.canvas.height = Math.round(height * dpr);
    this.ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  }

  /**
   * Draws the version space of `scene` with the marks of the shown algorithms, the teacher,
   * the highlighted example `hover`, and the animation frame `anim` ({frames, index, algorithm}).
   */
  /** Draws the app's current picture and its caption (a view the app renders). @param {any} app */
  render(app) {
    if (this.caption) {
      this.caption.textContent = app.state.threshold
        ? "Each example is the curve θ = ξ·(cos φ, sin φ): +1 solid, −1 dashed. The version space is the shaded band between them; the vertical distance to a curve is that example's stability, so the widest gap is 2κ_max."
        : "Top: directions w/|w| on the unit circle; each example allows half of it, the shaded arc is the version space. Bottom: κ^μ(φ) of every example (faint) and κ(φ) = min_μ κ^μ(φ); its peak is the perceptron of optimal stability. The zoom acts on the lower plot; a dashed sector on the circle marks the directions it shows.";
    }
    this.pointsVersion = app.pointsVersion;
    this.moving = app.dragIndex;
    this.draw(app.state, app.viewScene(), app.hover, app.shownAnimation());
    if (app.scene?.versionSpace) this.drawRegions(app);
    const notes = [this.diametersShown, this.curvesShown].filter(Boolean);
    if (this.caption && notes.length) this.caption.textContent += ` (Here ${notes.join("; ")}.)`;
  }

  /**
   * The cells the examples cut out of weight space (each is one separable labelling, Biehl
   * §3.4.3): with `app.showRegions` on, each numbered at its labelling's optimal perceptron (for
   * few points); the cell under the pointer (`app.region`) outlined, with its number.
   * @param {any} app
   */
  drawRegions(app) {
    const ctx = this.ctx;
    const labellings = app.showRegions ? app.counts.update(app).labellings : null;
    const region = app.region;
    if (!labellings && !region) return;
    const threshold = app.state.threshold;
    ctx.save();
    ctx.font = this.font(12, "bold");
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    const label = (text, x, y, color) => {
      ctx.fillStyle = "rgba(255,255,255,0.85)";
      const w = ctx.measureText(text).width + 6;
      ctx.fillRect(x - w / 2, y - 8 * this.k, w, 16 * this.k);
      ctx.fillStyle = color;
      ctx.fillText(text, x, y);
    };
    const p = this.plot;
    const X = (phi) => this.plotX(phi);
    const Y = (v) => this.plotY(v);
    if (region) {
      ctx.fillStyle = "rgba(170, 51, 119, 0.16)";
      ctx.strokeStyle = HIGHLIGHT;
      ctx.lineWidth = 3;
      const n = region.lower.length;
      if (threshold && n) {
        const phi = (k) => (TAU * k) / n;
        ctx.save();
        ctx.beginPath();
        ctx.rect(p.x, p.y, p.w, p.h);
        ctx.clip();
        const closed = Array.from({ length: n + 1 }, (_, k) => phi(k));
        for (const shift of turnsIn(p.phi0, p.phi1)) {
          fillBetween(
            ctx,
            n + 1,
            (v) => X(v + shift),
            Y,
            closed,
            (k) => clampY(region.lower[k % n], p),
            (k) => clampY(region.upper[k % n], p),
          );
        }
        ctx.restore();
      } else if (region.arc && this.circle) {
        const { c, R } = this.circle;
        const [s, e] = region.arc;
        const end = e >= s ? e : e + TAU;
        ctx.beginPath();
        ctx.moveTo(c.x, c.y);
        ctx.arc(c.x, c.y, R, -s, -end, true);
        ctx.closePath();
        ctx.fill();
        ctx.beginPath();
        ctx.arc(c.x, c.y, R, -s, -end, true);
        ctx.stroke();
        // the same cell as a stretch of φ in the landscape below (inside the plot)
        ctx.save();
        ctx.beginPath();
        ctx.rect(p.x, p.y, p.w, p.h);
        ctx.clip();
        for (const [a, b] of end > TAU
          ? [
              [s, TAU],
              [0, end - TAU],
            ]
          : [[s, end]])
          for (const shift of turnsIn(p.phi0, p.phi1)) ctx.fillRect(X(a + shift), p.y, X(b) - X(a), p.h);
        ctx.restore();
      }
    }
    if (labellings) {
      labellings.forEach((l, k) => {
        const phi = (Math.atan2(l.w[1], l.w[0]) + TAU) % TAU;
        const norm = Math.hypot(l.w[0], l.w[1]);
        if (!(norm > 0)) return;
        if (threshold) label(String(k + 1), X(phi), Y(l.theta / norm), "#333");
        else if (this.circle) {
          const { c, R } = this.circle;
          label(String(k + 1), c.x + (R - 16) * Math.cos(phi), c.y - (R - 16) * Math.sin(phi), "#333");
        }
      });
    }
    if (region) {
      const k = app.counts.numberOf(region.labels);
      const text = k ? `labelling ${k}` : "this cell's labelling";
      const caption = `${text}: shown in the data view`;
      label(caption, this.width - ctx.measureText(caption).width / 2 - 8, this.reserveTop + 8 * this.k, HIGHLIGHT);
    }
    ctx.restore();
  }

  /**
   * The perceptron under canvas pixel (px, py), `{phi, theta}`, or null: on the circle of
   * directions (or inside it) its direction; in the (φ, θ) plane or the landscape below the
   * circle its φ (and θ with a threshold).
   */
  perceptronAt(px, py) {
    if (this.inPlot(px, py)) {
      const { phi, value } = this.plotAt(px, py);
      return { phi: ((phi % TAU) + TAU) % TAU, theta: value };
    }
    if (this.circle) {
      const { c, R } = this.circle;
      const r = Math.hypot(px - c.x, py - c.y);
      if (r > 4 && r <= R + 12) return { phi: (Math.atan2(c.y - py, px - c.x) + TAU) % TAU, theta: 0 };
    }
    return null;
  }

  draw(state, scene, hover, anim) {
    this.curvesShown = "";
    this.diametersShown = "";
    this.k = state.projector ? PROJECTOR_TEXT : 1;
    const k = this.k;
    const ctx = this.ctx;
    ctx.clearRect(0, 0, this.width, this.height);
    const vs = scene?.versionSpace;
    this.plot = null;
    this.circle = null;
    if (!vs) {
      ctx.fillStyle = "#777";
      ctx.font = this.font(14);
      const text = state.threshold ? "No points: every (φ, θ) is in the version space." : "No points: the whole circle is the version space.";
      wrapText(ctx, text, this.width - 32).forEach((l, i) => {
        ctx.fillText(l, 16, 30 * k + i * 20 * k);
      });
      return;
    }
    if (this.window && this.window.kind !== vs.kind) this.window = null; // the mode changed
    const marks = solutionMarks(state, scene);
    const range = yRange(state.points);
    const win = this.window ?? { phi0: 0, phi1: TAU, lo: -range, hi: range };
    const pad = { left: PAD * k, right: 10, bottom: 26 * k };
    const rect = (x, y) => ({ x: x + pad.left, y, w: this.width - x - pad.left - pad.right, h: this.height - y - pad.bottom, kind: vs.kind, ...win });
    const top = Math.max(14 * k, this.reserveTop);
    if (vs.kind === "arc" && this.width >= LANDSCAPE * this.height) {
      // landscape (projector mode): the circle on the left, the landscape κ(φ) beside it
      const circleW = Math.round(Math.min(this.height + 40 * k, 0.42 * this.width));
      this.drawCircle(state, scene, vs, marks, hover, anim, { x: 0, y: 0, w: circleW, h: this.height });
      this.plot = rect(circleW, top);
      this.drawPlot(state, vs, marks, hover, anim, "κ(φ)");
    } else if (vs.kind === "arc") {
      const circleH = Math.round(this.height * 0.52);
      this.drawCircle(state, scene, vs, marks, hover, anim, { x: 0, y: 0, w: this.width, h: circleH });
      this.plot = rect(0, circleH + 12);
      this.drawPlot(state, vs, marks, hover, anim, "κ(φ)");
    } else {
      this.plot = rect(0, top);
      this.drawPlot(state, vs, marks, hover, anim, "θ");
    }
  }

  /** The example whose curve passes nearest to canvas pixel (px, py), or -1 (within 7 px). */
  hitCurve(scene, px, py) {
    const vs = scene?.versionSpace;
    const p = this.plot;
    if (!vs || !p || !this.inPlot(px, py)) return -1;
    const n = vs.phi.length;
    const { phi, value: y } = this.plotAt(px, py);
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
   * The sampled curve of example `mu` as `k ↦ value`: from the version space if it carries it,
   * else from the core (`exampleCurve`, through `this.curveOf`), or null.
   * @param {any} vs
   * @param {number} mu
   * @returns {((k: number) => number) | null}
   */
  exampleCurve(vs, mu) {
    const n = vs.phi.length;
    const j = vs.curveExamples.indexOf(mu);
    if (j >= 0) return (k) => vs.curves[j * n + k];
    const values = this.curveOf?.(mu);
    return values ? (k) => values[k] : null;
  }

  drawCircle(state, _scene, vs, marks, hover, anim, box) {
    const ctx = this.ctx;
    const R = Math.min(box.w, box.h) / 2 - 26 * this.k;
    const c = { x: box.x + box.w / 2, y: box.y + box.h / 2 + 4 };
    const at = (phi, r = R) => ({ x: c.x + r * Math.cos(phi), y: c.y - r * Math.sin(phi) });
    this.circle = { c, R };
    // every example cuts the circle in half: its boundary is the diameter ⟂ S ξ (one path)
    // (for many points those a drag does not move come from a cached layer)
    const diameters = (/** @type {CanvasRenderingContext2D} */ target, keep = (_i) => true) => {
      target.strokeStyle = "rgba(0,0,0,0.12)";
      target.lineWidth = 1;
      target.beginPath();
      state.points.forEach((p, i) => {
        const n = Math.hypot(p.x, p.y);
        if (n === 0 || !keep(i)) return;
        const d = [-p.y / n, p.x / n];
        target.moveTo(c.x - R * d[0], c.y + R * d[1]);
        target.lineTo(c.x + R * d[0], c.y - R * d[1]);
      });
      target.stroke();
    };
    // above MAX_DIAMETERS examples a uniform subsample (every `stride`-th): the disc is an even
    // grey either way, and a layer repainted at the start and the end of a drag stays cheap
    const P = state.points.length;
    const stride = Math.ceil(P / MAX_DIAMETERS);
    this.diametersShown = stride > 1 ? `the circle shows the diameters of one example in ${stride} (${Math.ceil(P / stride)} of the ${P})` : "";
    if (P <= LAYER_ABOVE) diameters(ctx);
    else {
      const moving = this.moving < P ? this.moving : -1;
      const key = pointsKey(this.pointsVersion, moving, [c.x, c.y, R, this.canvas.width, this.canvas.height]);
      this.diameterLayer.draw(ctx, key, this.width, this.height, this.canvas.width / this.width, (layer) => diameters(layer, (i) => i !== moving && i % stride === 0));
      if (moving >= 0) diameters(ctx, (i) => i === moving);
    }
    state.points.forEach((p, i) => {
      const n = Math.hypot(p.x, p.y);
      if (i !== hover || n === 0) return;
      const d = [-p.y / n, p.x / n];
      ctx.strokeStyle = HIGHLIGHT;
      ctx.lineWidth = 2;
      line(ctx, c.x - R * d[0], c.y + R * d[1], c.x + R * d[0], c.y - R * d[1]);
      {
        // the allowed half: the side of S ξ
        const z = Math.atan2(p.label * p.y, p.label * p.x);
        ctx.fillStyle = "rgba(170, 51, 119, 0.10)";
        ctx.beginPath();
        ctx.moveTo(c.x, c.y);
        ctx.arc(c.x, c.y, R, -(z + Math.PI / 2), -(z - Math.PI / 2));
        ctx.closePath();
        ctx.fill();
      }
    });
    ctx.strokeStyle = "#9a9a95";
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.arc(c.x, c.y, R, 0, TAU);
    ctx.stroke();
    // the version space: the arc(s), and the sector they span
    for (const [s, e] of vs.arcs) {
      const end = e >= s ? e : e + TAU;
      ctx.fillStyle = BAND_FILL;
      ctx.beginPath();
      ctx.moveTo(c.x, c.y);
      ctx.arc(c.x, c.y, R, -s, -end, true);
      ctx.closePath();
      ctx.fill();
      ctx.strokeStyle = BAND_EDGE;
      ctx.lineWidth = 7;
      ctx.beginPath();
      ctx.arc(c.x, c.y, R, -s, -end, true);
      ctx.stroke();
    }
    // the directions the zoomed lower plot shows: a dashed sector
    const win = this.window;
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
    // animation: the path of w(t), scaled into the circle, and the current w
    if (anim && anim.frames.length > 1) {
      const frames = anim.frames.slice(0, anim.index + 1);
      const maxNorm = Math.max(1e-12, ...anim.frames.map((f) => Math.hypot(f.w[0], f.w[1])));
      ctx.strokeStyle = COLORS[anim.algorithm];
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      frames.forEach((f, k) => {
        const x = c.x + (R * f.w[0]) / maxNorm;
        const y = c.y - (R * f.w[1]) / maxNorm;
        if (k === 0) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      });
      ctx.stroke();
      const f = frames[frames.length - 1];
      const tip = { x: c.x + (R * f.w[0]) / maxNorm, y: c.y - (R * f.w[1]) / maxNorm };
      ctx.lineWidth = 3;
      line(ctx, c.x, c.y, tip.x, tip.y);
    }
    for (const m of marks) {
      const q = at(m.phi);
      mark(ctx, q.x, q.y, m);
    }
    ctx.fillStyle = "#444";
    ctx.font = this.font(12);
    ctx.fillText("w/|w| = (cos φ, sin φ)", box.x + 6, box.y + 14 * this.k);
    ctx.fillText("φ = 0", at(0, R + 8).x - 2, at(0).y + 4);
  }

  drawPlot(state, vs, marks, hover, anim, yLabel) {
    const ctx = this.ctx;
    const p = this.plot;
    const n = vs.phi.length;
    const Y = (v) => this.plotY(v);
    ctx.save();
    ctx.beginPath();
    ctx.rect(p.x, p.y, p.w, p.h);
    ctx.clip();
    // axes: θ = 0 / κ = 0
    ctx.strokeStyle = "#b5b5b0";
    ctx.lineWidth = 1;
    line(ctx, p.x, Y(0), p.x + p.w, Y(0));
    // the drawing once for each turn the window overlaps (φ wraps: a window across φ = 0 shows
    // the end of the turn left of 0 and its start right of it)
    // the samples on [0, 2π) closed by the first one again at 2π, so that the turns join
    const closed = [...vs.phi, TAU];
    const wrap = (f) => (k) => f(k % n);
    for (const shift of turnsIn(p.phi0, p.phi1)) {
      const X = (phi) => this.plotX(phi + shift);
      // the version space
      ctx.fillStyle = BAND_FILL;
      if (vs.kind === "band") {
        fillBetween(
          ctx,
          n + 1,
          X,
          Y,
          closed,
          wrap((k) => vs.lower[k]),
          wrap((k) => vs.upper[k]),
        );
      } else {
        fillBetween(
          ctx,
          n + 1,
          X,
          Y,
          closed,
          () => 0,
          wrap((k) => (vs.kappa[k] > 0 ? vs.kappa[k] : NaN)),
        );
      }
      // every example's curve the version space carries, faintly (one path per class; every
      // `stride`-th sample when many): all, or for many examples the core's uniform subsample, so
      // that a frame strokes a bounded number of segments — the envelopes, the version space and
      // every w stay exact
      const P = state.points.length;
      const shown = vs.curveExamples;
      const stride = P > 50 ? 3 : 1;
      this.curvesShown = shown.length < P ? `${shown.length} of the ${P} example curves are drawn (a uniform subsample); the envelopes are exact` : "";
      ctx.lineWidth = 1;
      for (const plus of [true, false]) {
        ctx.strokeStyle = plus ? CURVE_PLUS : CURVE_MINUS;
        ctx.setLineDash(vs.kind === "band" && !plus ? [4, 3] : []);
        ctx.beginPath();
        shown.forEach((mu, j) => {
          if (mu === hover || state.points[mu]?.label > 0 !== plus) return;
          ctx.moveTo(X(vs.phi[0]), Y(vs.curves[j * n]));
          for (let k = stride; k < n; k += stride) ctx.lineTo(X(vs.phi[k]), Y(vs.curves[j * n + k]));
          ctx.lineTo(X(TAU), Y(vs.curves[j * n]));
        });
        ctx.stroke();
      }
      ctx.setLineDash([]);
      // the envelope(s)
      ctx.lineWidth = 2.5;
      ctx.strokeStyle = BAND_EDGE;
      if (vs.kind === "band") {
        polyline(
          ctx,
          n + 1,
          X,
          Y,
          closed,
          wrap((k) => vs.lower[k]),
        );
        polyline(
          ctx,
          n + 1,
          X,
          Y,
          closed,
          wrap((k) => vs.upper[k]),
        );
      } else {
        ctx.strokeStyle = "#111";
        polyline(
          ctx,
          n + 1,
          X,
          Y,
          closed,
          wrap((k) => vs.kappa[k]),
        );
      }
      const hovered = hover >= 0 && hover < P ? this.exampleCurve(vs, hover) : null;
      if (hovered) {
        ctx.strokeStyle = HIGHLIGHT;
        ctx.lineWidth = 2.5;
        polyline(ctx, n + 1, X, Y, closed, wrap(hovered));
      }
      // the example(s) the animation's current step used, in the algorithm's colour
      const frame = anim ? anim.frames[anim.index] : null;
      for (const mu of [frame?.example, frame?.partner]) {
        const used = mu === null || mu === undefined || mu >= P ? null : this.exampleCurve(vs, mu);
        if (!used) continue;
        ctx.strokeStyle = COLORS[anim.algorithm];
        ctx.lineWidth = 3;
        polyline(ctx, n + 1, X, Y, closed, wrap(used));
      }
      // animation path in the (φ, θ) plane
      if (anim && anim.frames.length > 1 && vs.kind === "band") {
        ctx.strokeStyle = COLORS[anim.algorithm];
        ctx.lineWidth = 1.5;
        const frames = anim.frames.slice(1, anim.index + 1).filter((f) => Number.isFinite(f.thetaUnit));
        ctx.beginPath();
        frames.forEach((f, k) => {
          const jump = k > 0 && Math.abs(f.phi - frames[k - 1].phi) > Math.PI;
          if (k === 0 || jump) ctx.moveTo(X(f.phi), Y(f.thetaUnit));
          else ctx.lineTo(X(f.phi), Y(f.thetaUnit));
        });
        ctx.stroke();
      }
      for (const m of marks) mark(ctx, X(m.phi), Y(vs.kind === "band" ? m.thetaUnit : m.kappa), m);
    }
    ctx.restore();
    // frame and ticks
    ctx.strokeStyle = "#9a9a95";
    ctx.lineWidth = 1;
    ctx.strokeRect(p.x, p.y, p.w, p.h);
    ctx.fillStyle = "#555";
    ctx.font = this.font(12);
    const k = this.k;
    const X = (phi) => this.plotX(phi);
    const below = p.y + p.h + 15 * k;
    for (const { phi, text } of phiTicks(p.phi0, p.phi1)) {
      const x = X(phi) - ctx.measureText(text).width / 2;
      ctx.fillText(text, Math.min(Math.max(x, p.x - PAD * k), this.width - ctx.measureText(text).width), below);
    }
    const left = p.x - PAD * k; // the left edge of the plot's column
    ctx.fillText("φ", left + 4, below);
    ctx.fillText(yLabel, left + 4, p.y + 12 * k);
    ctx.fillText(fmt(p.hi, 2), left + 2, p.y + 26 * k);
    ctx.fillText(fmt(p.lo, 2), left + 2, p.y + p.h - 2);
  }
}

/** The whole turns `2πj` by which the samples on [0, 2π) are moved to cover the window φ0…φ1. */
function turnsIn(phi0, phi1) {
  const out = [];
  for (let j = Math.floor(phi0 / TAU); j * TAU < phi1; j++) out.push(j * TAU);
  return out;
}

/** Marks of the shown solutions: `{phi, kappa, thetaUnit, color, shape}`. */
function solutionMarks(state, scene) {
  const marks = [];
  for (const a of scene.algorithms) {
    if (state.shown[a.name] && Number.isFinite(a.phi) && a.w.some((v) => v !== 0)) {
      marks.push({ phi: a.phi, kappa: a.kappa, thetaUnit: a.thetaUnit, color: COLORS[a.name], shape: a.settled ? "dot" : "open" });
    }
  }
  const e = scene.exact;
  if (e?.converged && state.shown.exact) {
    marks.push({ phi: e.phi, kappa: e.kappa, thetaUnit: e.thetaUnit, color: COLORS.exact, shape: "ring" });
  }
  if (state.teacher && state.showTeacher) {
    const { w, theta } = state.teacher;
    const n = Math.hypot(w[0], w[1]);
    const phi = (Math.atan2(w[1], w[0]) + 2 * Math.PI) % (2 * Math.PI);
    const kappa = Math.min(...state.points.map((p) => (p.label * (w[0] * p.x + w[1] * p.y - theta)) / n));
    marks.push({ phi, kappa, thetaUnit: theta / n, color: COLORS.teacher, shape: "diamond" });
  }
  return marks;
}

function yRange(points) {
  const m = Math.max(1, ...points.map((p) => Math.hypot(p.x, p.y)));
  return 1.08 * m;
}

function mark(ctx, x, y, m) {
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

function polyline(ctx, n, X, Y, phi, value) {
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
function fillBetween(ctx, n, X, Y, phi, lo, hi) {
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
function clampY(v, p) {
  const span = p.hi - p.lo;
  return Number.isNaN(v) ? v : Math.min(p.hi + span, Math.max(p.lo - span, v));
}

/**
 * Ticks of the φ axis between `phi0` and `phi1`: the multiples of π/2 when the window spans half a
 * turn or more (0, π/2, …, 2π), else about four round values in radians.
 */
function phiTicks(phi0, phi1) {
  const span = phi1 - phi0;
  if (span >= Math.PI) {
    const out = [];
    for (let k = Math.ceil(phi0 / (Math.PI / 2) - 1e-9); k <= phi1 / (Math.PI / 2) + 1e-9; k++) out.push({ phi: (k * Math.PI) / 2, text: halfPis(k) });
    return out;
  }
  const raw = span / 4;
  const e = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * e).find((s) => s >= raw) ?? 10 * e;
  const out = [];
  for (let phi = Math.ceil(phi0 / step) * step; phi <= phi1 + 1e-12; phi += step) out.push({ phi, text: fmt(Math.abs(phi) < 1e-12 ? 0 : phi, 3) });
  return out;
}

/** `k·π/2` written as "0", "π/2", "π", "3π/2", "2π", "−π/2", … */
function halfPis(k) {
  if (k === 0) return "0";
  const a = Math.abs(k);
  const text = a % 2 ? `${a === 1 ? "" : a}π/2` : `${a === 2 ? "" : a / 2}π`;
  return k < 0 ? `−${text}` : text;
}

/** `text` broken at spaces into lines no wider than `width` (in the context's font). */
function wrapText(ctx, text, width) {
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

function line(ctx, x0, y0, x1, y1) {
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1, y1);
  ctx.stroke();
}
