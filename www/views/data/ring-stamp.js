/**
 * Many equal dashed rings, stamped: a ring drawn once into a small canvas and copied to each
 * centre. The canvas rasterises a dashed stroke dash by dash — in Chromium's software canvas the
 * hundreds of dashed rings of the soft margin's violators on 1 000 noisy points made every drag
 * step a long task at the frame's commit (BENCHMARKS.md, "Rasterisation at P = 1 000") — while a copy of
 * a small image is cheap. The canvas starts the dash pattern anew on every subpath, so each ring of
 * the one path they were (moveTo(x + r, y), arc from angle 0) is the same image, moved: the stamp
 * is drawn at the ring's sub-pixel phase (1/PHASES of a device pixel) and copied at whole device
 * pixels, so that nothing is resampled. One difference: where two rings cross, their antialiased
 * edges are blended twice (one path covered them once).
 */

/** Sub-pixel phases per device pixel and axis: a ring lands within 1/(2·PHASES) device px of its centre. */
const PHASES = 8;
/** Stamps kept (each a few KB); the cache is emptied when it would hold more (a change of size or colour). */
const MAX_STAMPS = 256;

/** @type {Map<string, HTMLCanvasElement>} the stamps, by style, scale and phase */
const stamps = new Map();

/**
 * Rings of radius `r` (CSS px) around the pixels `at`, stroked in `color` with the line width and
 * dash of `style` (CSS px, as `ctx.lineWidth` and `ctx.setLineDash` take them) — the picture of
 * one path of `moveTo(x + r, y); arc(x, y, r, 0, 2π)` per centre, stroked once — on `ctx`, whose
 * transform scales and translates (CSS px to device px; a rotated or skewed one gets the path).
 * @param {CanvasRenderingContext2D} ctx
 * @param {{px: number, py: number}[]} at
 * @param {number} r
 * @param {string} color
 * @param {{lineWidth: number, dash: number[]}} style
 */
export function dashedRings(ctx, at, r, color, { lineWidth, dash }) {
  const m = ctx.getTransform();
  if (m.b !== 0 || m.c !== 0 || !(m.a > 0) || !(m.d > 0)) {
    ringsAsPath(ctx, at, r, color, lineWidth, dash);
    return;
  }
  // the stamp's half size (device px, whole): the ring, its line's half width and antialiasing
  const half = Math.ceil((r + lineWidth) * Math.max(m.a, m.d)) + 2;
  const { width, height } = ctx.canvas;
  const style = `${color} ${r} ${lineWidth} ${dash.join(",")} ${m.a} ${m.d}`;
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  for (const q of at) {
    const x = m.a * q.px + m.e;
    const y = m.d * q.py + m.f;
    // off the canvas (or not a number): nothing to draw
    if (!(x > -half && x < width + half && y > -half && y < height + half)) continue;
    const ix = Math.floor(x);
    const iy = Math.floor(y);
    const fx = Math.round((x - ix) * PHASES);
    const fy = Math.round((y - iy) * PHASES);
    const key = `${style} ${fx} ${fy}`;
    let stamp = stamps.get(key);
    if (!stamp) {
      // the ring centred at (half + fx/PHASES, half + fy/PHASES) device px
      stamp = newStamp(key, 2 * half + 2);
      const s = /** @type {CanvasRenderingContext2D} */ (stamp.getContext("2d"));
      s.setTransform(m.a, 0, 0, m.d, half + fx / PHASES, half + fy / PHASES);
      ringsAsPath(s, [{ px: 0, py: 0 }], r, color, lineWidth, dash);
    }
    ctx.drawImage(stamp, ix - half, iy - half);
  }
  ctx.restore();
}

/**
 * A new blank stamp of `size` device px square, kept under `key`.
 * @param {string} key
 * @param {number} size
 */
function newStamp(key, size) {
  if (stamps.size >= MAX_STAMPS) stamps.clear();
  const stamp = document.createElement("canvas");
  stamp.width = stamp.height = size;
  stamps.set(key, stamp);
  return stamp;
}

/**
 * Rings of radius `r` around the pixels `at` as one stroked path, in `color`, `lineWidth` and
 * `dash` (none: solid): the picture the stamps copy, and what a transform they cannot copy gets.
 * @param {CanvasRenderingContext2D} ctx
 * @param {{px: number, py: number}[]} at
 * @param {number} r
 * @param {string} color
 * @param {number} lineWidth
 * @param {number[]} [dash]
 */
export function ringsAsPath(ctx, at, r, color, lineWidth, dash = []) {
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = lineWidth;
  ctx.setLineDash(dash);
  ctx.beginPath();
  for (const q of at) {
    ctx.moveTo(q.px + r, q.py);
    ctx.arc(q.px, q.py, r, 0, 2 * Math.PI);
  }
  ctx.stroke();
  ctx.restore();
}
