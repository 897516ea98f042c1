/**
 * A cached layer of a view: marks that do not change from frame to frame (the unmoved points of a
 * drag, their diameters in weight space) painted once into an offscreen canvas and then copied in
 * one draw — so that a frame of a drag over 10 000 points rasterises one image, not 10 000 marks.
 */

export class Layer {
  constructor() {
    /** @type {HTMLCanvasElement | null} */
    this.canvas = null;
    /** what the layer shows (it is repainted when this changes) */
    this.key = "";
  }

  /**
   * Draws the layer onto `ctx` (a view of `width` × `height` CSS px whose backing store has
   * `scale` device pixels per CSS px), first repainting it with `paint(layerContext)` (CSS px
   * coordinates) if `key` is not what it shows.
   * @param {CanvasRenderingContext2D} ctx
   * @param {string} key
   * @param {number} width
   * @param {number} height
   * @param {number} scale
   * @param {(ctx: CanvasRenderingContext2D) => void} paint
   */
  draw(ctx, key, width, height, scale, paint) {
    if (key !== this.key || !this.canvas) this.repaint(key, width, height, scale, paint);
    this.copyTo(ctx);
  }

  /**
   * Paints the layer anew (`key`: what it then shows).
   * @param {string} key
   * @param {number} width
   * @param {number} height
   * @param {number} scale
   * @param {(ctx: CanvasRenderingContext2D) => void} paint
   */
  repaint(key, width, height, scale, paint) {
    this.canvas ??= document.createElement("canvas");
    this.canvas.width = Math.round(width * scale);
    this.canvas.height = Math.round(height * scale);
    const layer = this.context();
    layer.setTransform(scale, 0, 0, scale, 0, 0);
    layer.clearRect(0, 0, width, height);
    paint(layer);
    this.key = key;
  }

  /** The layer's own 2-D context (CSS px coordinates once painted). */
  context() {
    return /** @type {CanvasRenderingContext2D} */ (/** @type {HTMLCanvasElement} */ (this.canvas).getContext("2d"));
  }

  /** @param {CanvasRenderingContext2D} ctx */
  copyTo(ctx) {
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(/** @type {HTMLCanvasElement} */ (this.canvas), 0, 0);
    ctx.restore();
  }
}

/**
 * @typedef {{x: Float64Array, y: Float64Array, kind: Int8Array}} Marks  the marks by index: centre
 *   (CSS px) and what each looks like (a nonzero kind; 0: the point is left out)
 * @typedef {{x: number, y: number}} Spot  where a mark changed
 */

/**
 * A mark layer repaints only around the marks that changed when at most this many did (a drag's
 * point taken out or put back, a point added, flipped or deleted); more, and it repaints whole.
 */
const MAX_PATCHES = 64;

/**
 * A cached layer of many small marks (the data view's points) that are painted in an order of
 * their own (all discs, then all squares: the picture depends on the set of marks, not on their
 * order). It remembers where it painted each mark; when only a few marks differ from what it
 * shows, it clears the squares of device pixels around them and paints again there, clipped,
 * every mark that reaches into them — the picture of a repaint of all the marks (up to the
 * antialiasing's rounding where marks overlap: a level of 255 at a pixel or two), for the cost
 * of a few. So the start and the end of a drag over 10 000 points, or a click that adds
 * one, rasterise a few marks rather than 10 000 (a long task in software rendering).
 */
export class MarkLayer extends Layer {
  constructor() {
    super();
    /** @type {Marks | null} the marks painted */
    this.marks = null;
    /** which marks the layer shows (`pointsKey`) */
    this.version = "";
  }

  /**
   * Draws the layer onto `ctx` as `Layer.draw` does, for the marks `marks()` placed by `key`
   * (the view: everything that places or sizes a mark); `version` changes whenever the marks may
   * have. `reach`: how far a mark's pixels go from its centre (CSS px). `paint(layerContext,
   * keep)` paints the marks with indices `keep` accepts.
   * @param {CanvasRenderingContext2D} ctx
   * @param {string} key
   * @param {string} version
   * @param {number} width
   * @param {number} height
   * @param {number} scale
   * @param {() => Marks} marks
   * @param {number} reach
   * @param {(ctx: CanvasRenderingContext2D, keep: (i: number) => boolean) => void} paint
   */
  drawMarks(ctx, key, version, width, height, scale, marks, reach, paint) {
    const whole = !this.canvas || key !== this.key || !this.marks;
    if (whole || version !== this.version) {
      const now = marks();
      const changed = whole || !this.marks ? null : changedMarks(this.marks, now);
      if (changed === null) this.repaint(key, width, height, scale, (layer) => paint(layer, (i) => now.kind[i] !== 0));
      else if (changed.length) this.patch(changed, now, reach, scale, paint);
      this.marks = now;
    }
    this.version = version;
    this.copyTo(ctx);
  }

  /**
   * Repaints the squares around the `changed` spots: each `reach` on every side, widened to
   * whole device pixels (so that the clip has no soft edge), cleared and painted with every mark
   * of `marks` that reaches into one of them.
   * @param {Spot[]} changed
   * @param {Marks} marks
   * @param {number} reach
   * @param {number} scale
   * @param {(ctx: CanvasRenderingContext2D, keep: (i: number) => boolean) => void} paint
   */
  patch(changed, marks, reach, scale, paint) {
    const layer = this.context();
    const out = (/** @type {number} */ v) => Math.floor(v * scale) / scale;
    const up = (/** @type {number} */ v) => Math.ceil(v * scale) / scale;
    const boxes = changed.map(({ x, y }) => ({ x0: out(x - reach), y0: out(y - reach), x1: up(x + reach), y1: up(y + reach) }));
    layer.save();
    layer.beginPath();
    for (const b of boxes) layer.rect(b.x0, b.y0, b.x1 - b.x0, b.y1 - b.y0);
    layer.clip();
    for (const b of boxes) layer.clearRect(b.x0, b.y0, b.x1 - b.x0, b.y1 - b.y0);
    const { x, y, kind } = marks;
    const reaches = (/** @type {number} */ i) =>
      kind[i] !== 0 && boxes.some((b) => x[i] + reach > b.x0 && x[i] - reach < b.x1 && y[i] + reach > b.y0 && y[i] - reach < b.y1);
    paint(layer, reaches);
    layer.restore();
  }
}

/**
 * Where the marks of one of `before` and `after` are not in the other (compared index by index;
 * if that finds more than `MAX_PATCHES` — a point deleted shifts every later index — as
 * multisets of marks); null if more than `MAX_PATCHES` differ.
 * @param {Marks} before
 * @param {Marks} after
 * @returns {Spot[] | null}
 */
export function changedMarks(before, after) {
  /** @type {Spot[]} */
  const changed = [];
  const n = Math.max(before.kind.length, after.kind.length);
  const mark = (/** @type {Marks} */ m, /** @type {number} */ i) => (i < m.kind.length && m.kind[i] !== 0 ? { x: m.x[i], y: m.y[i] } : null);
  for (let i = 0; i < n; i++) {
    const [a, b] = [mark(before, i), mark(after, i)];
    if (a && b && a.x === b.x && a.y === b.y && before.kind[i] === after.kind[i]) continue;
    if (!a && !b) continue;
    if (a) changed.push(a);
    if (b) changed.push(b);
    if (changed.length > MAX_PATCHES) return changedAsSets(before, after);
  }
  return changed;
}

/**
 * `changedMarks` of the marks as multisets (their indices ignored).
 * @param {Marks} before
 * @param {Marks} after
 * @returns {Spot[] | null}
 */
function changedAsSets(before, after) {
  /** @type {Map<string, {spot: Spot, count: number}>} */
  const count = new Map();
  const tally = (/** @type {Marks} */ m, /** @type {number} */ sign) => {
    for (let i = 0; i < m.kind.length; i++) {
      if (m.kind[i] === 0) continue;
      const id = `${m.x[i]} ${m.y[i]} ${m.kind[i]}`;
      const entry = count.get(id) ?? { spot: { x: m.x[i], y: m.y[i] }, count: 0 };
      entry.count += sign;
      count.set(id, entry);
    }
  };
  tally(before, -1);
  tally(after, 1);
  /** @type {Spot[]} */
  const changed = [];
  for (const { spot, count: n } of count.values()) {
    for (let k = 0; k < Math.abs(n); k++) changed.push(spot);
    if (changed.length > MAX_PATCHES) return null;
  }
  return changed;
}

/**
 * The key of a layer of the points but `moving` (the point a drag moves, or -1) in a view: it
 * changes with any edit (`version`, `App.pointsVersion`), with `moving`, and with `geometry`
 * (everything that places or sizes a mark).
 * @param {number} version
 * @param {number} moving
 * @param {unknown[]} geometry
 */
export function pointsKey(version, moving, geometry) {
  return [version, moving, ...geometry].join(" ");
}
