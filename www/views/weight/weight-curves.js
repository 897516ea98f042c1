/**
 * The weight view's faint example curves (+1 solid; −1 dashed with a threshold), cached. With a
 * threshold at 1 000 points the version space carries 400 curves, about 100 000 px of line, and
 * the −1 half dashed `[4, 3]`: the canvas rasterises all that ink at every frame's commit, the
 * dashed half and the solid half alike (BENCHMARKS.md, "Rasterisation at P = 1 000") — whether
 * the dashes are the canvas's or drawn as one path of segments (the cost is the ink, not the
 * dashing). In a drag one example moves and every other curve stays: they are painted once into a
 * layer, the picture of the one path per class the view stroked before, and copied in one draw
 * while nothing they show changes — their values, classes and the plot's window and size, checked
 * value by value, so that a stale layer cannot be shown — with the moving example's curve stroked
 * on top in the same style.
 */

import { Layer } from "../layer.js";
import { TAU, plotX, plotY, turnsIn } from "./weight-plot.js";

/** The +1 examples' curves. */
export const CURVE_PLUS = "rgba(27, 27, 27, 0.22)";
/** The −1 examples' curves. */
export const CURVE_MINUS = "rgba(120, 120, 120, 0.32)";
/** The −1 examples' dash with a threshold (CSS px). */
export const MINUS_DASH = [4, 3];

/**
 * What the faint curves show: the version space's `curves` (row `j` the curve of example
 * `examples[j]` on the angles `phi`), each example's class (`plus[j]`), the examples left out
 * (`skip`: the hovered one, drawn highlighted, and the moving one, drawn over the layer), every
 * `stride`-th sample drawn, −1 dashed (`band`: with a threshold), in the plot `p`.
 * @typedef {{phi: ArrayLike<number>, curves: ArrayLike<number>, examples: ArrayLike<number>, plus: boolean[], skip: number[], stride: number, band: boolean, p: import("./weight-plot.js").Plot}} Curves
 */

/**
 * Strokes the curves `c` whose example `keep(mu)` accepts (one path per class, −1 dashed when
 * `c.band`), for every turn the plot's window overlaps, clipped to the plot.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Curves} c
 * @param {(mu: number) => boolean} keep
 */
export function strokeCurves(ctx, c, keep) {
  const { p, phi, curves, examples, stride } = c;
  const n = phi.length;
  /** @param {number} value */
  const Y = (value) => plotY(p, value);
  ctx.save();
  ctx.beginPath();
  ctx.rect(p.x, p.y, p.w, p.h);
  ctx.clip();
  ctx.lineWidth = 1;
  for (const shift of turnsIn(p.phi0, p.phi1)) {
    /** @param {number} a */
    const X = (a) => plotX(p, a + shift);
    for (const plus of [true, false]) {
      ctx.strokeStyle = plus ? CURVE_PLUS : CURVE_MINUS;
      ctx.setLineDash(c.band && !plus ? MINUS_DASH : []);
      ctx.beginPath();
      for (let j = 0; j < examples.length; j++) {
        if (c.plus[j] !== plus || !keep(examples[j])) continue;
        ctx.moveTo(X(phi[0]), Y(curves[j * n]));
        for (let k = stride; k < n; k += stride) ctx.lineTo(X(phi[k]), Y(curves[j * n + k]));
        ctx.lineTo(X(TAU), Y(curves[j * n]));
      }
      ctx.stroke();
    }
  }
  ctx.restore();
}

/** Whether two array-likes hold the same values. @param {ArrayLike<number | boolean>} a @param {ArrayLike<number | boolean>} b */
function equal(a, b) {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Whether the layer of `a` shows what one of `b` would: the same plot, examples, classes and left
 * out, and the same values on every curve drawn.
 * @param {Curves} a
 * @param {Curves} b
 */
function sameLayer(a, b) {
  /** @param {Curves} c */
  const place = (c) => [c.p.x, c.p.y, c.p.w, c.p.h, c.p.phi0, c.p.phi1, c.p.lo, c.p.hi, c.stride, c.band];
  if (!equal(place(a), place(b)) || !equal(a.phi, b.phi) || !equal(a.examples, b.examples) || !equal(a.plus, b.plus) || !equal(a.skip, b.skip)) return false;
  if (a.curves === b.curves) return true;
  const n = a.phi.length;
  for (let j = 0; j < a.examples.length; j++) {
    if (a.skip.includes(a.examples[j])) continue;
    for (let k = j * n; k < (j + 1) * n; k++) if (a.curves[k] !== b.curves[k]) return false;
  }
  return true;
}

/** The faint curves of a view: all but the moving example's from a cached layer, that one stroked over it. */
export class CurveLayer {
  constructor() {
    this.layer = new Layer();
    /** @type {Curves | null} what the layer shows */
    this.shown = null;
    /** counts the changes of what the layer shows (its key) */
    this.version = 0;
    /** counts the layer's repaints */
    this.paints = 0;
  }

  /**
   * Draws the curves `c` but the hovered example's (`hover`) onto `ctx` (a view of `width` ×
   * `height` CSS px): those of every example but `hover` and `moving` (-1: none) from the layer
   * (repainted if they differ from what it shows), then `moving`'s.
   * @param {CanvasRenderingContext2D} ctx
   * @param {{width: number, height: number}} size
   * @param {Omit<Curves, "skip">} curves
   * @param {number} hover
   * @param {number} moving
   */
  draw(ctx, { width, height }, curves, hover, moving) {
    /** @type {Curves} */
    const c = { ...curves, skip: [hover, moving] };
    if (!this.shown || !sameLayer(this.shown, c)) this.version++;
    const scale = ctx.canvas.width / width;
    const key = `${this.version} ${ctx.canvas.width} ${ctx.canvas.height}`;
    this.layer.draw(ctx, key, width, height, scale, (layer) => {
      this.paints++;
      strokeCurves(layer, c, (mu) => mu !== hover && mu !== moving);
    });
    this.shown = c;
    if (moving >= 0 && moving !== hover) strokeCurves(ctx, c, (mu) => mu === moving);
  }
}
