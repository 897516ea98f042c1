// @ts-check
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
    if (key !== this.key || !this.canvas) {
      this.canvas ??= document.createElement("canvas");
      this.canvas.width = Math.round(width * scale);
      this.canvas.height = Math.round(height * scale);
      const layer = /** @type {CanvasRenderingContext2D} */ (this.canvas.getContext("2d"));
      layer.setTransform(scale, 0, 0, scale, 0, 0);
      layer.clearRect(0, 0, width, height);
      paint(layer);
      this.key = key;
    }
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(this.canvas, 0, 0);
    ctx.restore();
  }
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
