/**
 * How far a learning-curve sweep is, by its work rather than its count of cells, and how long it
 * has left: from the measured time of the cells done.
 *
 * The cells of one α cost about the same (the same P, N and rules; only the data differ), while
 * cells of different α differ by orders of magnitude (MinOver's cell is `epochs·P` steps of `O(P)`
 * each: `∝ P²`), so the share of cells done says little: a sweep whose cost grows like `P²`
 * has 50 % of its work done when 20 % of its cells are, run α by α. The pool runs the cells round
 * robin over the α (every α measured after the first round), and here each
 * α's cost per cell is the mean of its measured cells, and an α not measured yet costs
 * `c·P^e`, fitted to the measured cells (least squares in `log P`, drawn towards `e = 2`,
 * MinOver's, while the measured sizes span little of `log P`; `e` in [1, 3]: a cell is at least
 * `epochs·P` steps or a pass over its `P·N` inputs, so it never costs less at a larger `P`; the
 * first cells of a worker, slow while its code is optimised, must not make it seem so).
 */

/** The exponent of the cost in `P` before the measured sizes say otherwise. */
const PRIOR_EXPONENT = 2;
/**
 * The prior's weight in the fit of `e`, against `Σ (log P − mean)²` over the measured cells: a
 * cell's time varies by some 10–30 % within an α (its random data), so the slope between close
 * sizes (the pool starts with the largest α, all close) is mostly noise until their spread in
 * `log P`, summed over the cells, outweighs this.
 */
const PRIOR_WEIGHT = 0.05;
/** The range the fitted exponent is kept in. */
const EXPONENTS = [1, 3];
/** A measured mean below this (ms: the timer's resolution in a worker) counts as this. */
const MIN_MS = 0.005;

export class SweepClock {
  /**
   * @param {number[]} sizes P of each α, in the sweep's order (cell `c` is of α `floor(c / reps)`)
   * @param {number} reps repetitions per α
   * @param {number} workers the cells run this many at a time
   */
  constructor(sizes, reps, workers) {
    this.sizes = sizes;
    this.reps = reps;
    this.workers = Math.max(1, workers);
    /** Per α: ms of its measured cells, and how many. */
    this.sum = sizes.map(() => 0);
    this.count = sizes.map(() => 0);
  }

  /**
   * A cell done in `ms` of its worker's time.
   * @param {number} cell
   * @param {number} ms
   */
  record(cell, ms) {
    const k = Math.floor(cell / this.reps);
    if (!(k >= 0 && k < this.sizes.length) || !Number.isFinite(ms) || ms < 0) return;
    this.sum[k] += ms;
    this.count[k]++;
  }

  /** The cost of one cell at each α (ms): its measured mean, else the fit; all 0 before any cell. */
  costs() {
    const measured = [];
    for (let k = 0; k < this.sizes.length; k++) {
      if (this.count[k]) measured.push([Math.log(Math.max(1, this.sizes[k])), Math.log(Math.max(MIN_MS, this.sum[k] / this.count[k])), this.count[k]]);
    }
    if (!measured.length) return this.sizes.map(() => 0);
    const [e, logC] = fit(measured);
    return this.sizes.map((p, k) => (this.count[k] ? Math.max(MIN_MS, this.sum[k] / this.count[k]) : Math.exp(logC + e * Math.log(Math.max(1, p)))));
  }

  /**
   * The work done as a share of the estimated whole (0 before any cell, 1 when all are measured),
   * and the estimated wall time left (ms): the cells not measured at their α's cost, `workers` at
   * a time.
   * @returns {{ done: number, leftMs: number }}
   */
  estimate() {
    const costs = this.costs();
    let done = 0;
    let left = 0;
    for (let k = 0; k < this.sizes.length; k++) {
      const measured = Math.min(this.count[k], this.reps);
      done += measured * costs[k];
      left += (this.reps - measured) * costs[k];
    }
    const total = done + left;
    return { done: total > 0 ? done / total : 0, leftMs: left / this.workers };
  }
}

/**
 * Weighted least squares of `y = logC + e·x` over points `[x, y, weight]` with the prior
 * `e = PRIOR_EXPONENT` of weight PRIOR_WEIGHT, `e` kept in EXPONENTS, through the weighted mean
 * point (a single `x` gives the prior).
 * @param {number[][]} points
 * @returns {[number, number]} `[e, logC]`
 */
function fit(points) {
  let w = 0;
  let mx = 0;
  let my = 0;
  for (const [x, y, n] of points) {
    w += n;
    mx += n * x;
    my += n * y;
  }
  mx /= w;
  my /= w;
  let sxx = 0;
  let sxy = 0;
  for (const [x, y, n] of points) {
    sxx += n * (x - mx) ** 2;
    sxy += n * (x - mx) * (y - my);
  }
  const e = Math.min(EXPONENTS[1], Math.max(EXPONENTS[0], (sxy + PRIOR_WEIGHT * PRIOR_EXPONENT) / (sxx + PRIOR_WEIGHT)));
  return [e, my - e * mx];
}

/**
 * The time left, as a status line says it: "about 40 s left", "about 3 min left".
 * @param {number} ms
 */
export function timeLeft(ms) {
  const s = ms / 1000;
  if (s < 60) return `about ${Math.max(5, Math.round(s / 5) * 5)} s left`;
  return `about ${Math.round(s / 60)} min left`;
}
