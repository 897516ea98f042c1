/**
 * Labels that do not cover one another (the data view's point numbers, the weight view's cell
 * numbers): each takes the first of its candidate places whose box meets no label placed before
 * it, or is left out when every place is taken.
 */

/** @typedef {[number, number, number, number]} Box left, top, right, bottom (canvas px) */

/**
 * The box of `text` drawn at (x, y) in the context's font, alignment and baseline, `pad` px wider each way.
 * @param {CanvasRenderingContext2D} ctx
 * @param {string} text
 * @param {number} x
 * @param {number} y
 * @returns {Box}
 */

export function textBox(ctx, text, x, y, pad = 1) {
  const m = ctx.measureText(text);
  return [x - m.actualBoundingBoxLeft - pad, y - m.actualBoundingBoxAscent - pad, x + m.actualBoundingBoxRight + pad, y + m.actualBoundingBoxDescent + pad];
}

export class LabelPlacer {
  constructor() {
    /** @type {Box[]} the boxes of the labels placed so far */
    this.boxes = [];
  }

  /**
   * The first of `places` ([x, y]) where the box `boxAt(x, y)` meets no earlier label (the box
   * is recorded), or null when every place is taken.
   * @param {[number, number][]} places
   * @param {(x: number, y: number) => Box} boxAt
   * @returns {[number, number] | null}
   */
  place(places, boxAt) {
    for (const [x, y] of places) {
      const b = boxAt(x, y);
      if (this.boxes.some((o) => b[0] < o[2] && o[0] < b[2] && b[1] < o[3] && o[1] < b[3])) continue;
      this.boxes.push(b);
      return [x, y];
    }
    return null;
  }
}
