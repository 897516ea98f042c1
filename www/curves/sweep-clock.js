/**
 * How far a learning-curve sweep is, by its work rather than its count of cells, and how long it
 * has left: the work left divided by the rate at which the work is being done now.
 *
 * The work. The cells of one α cost about the same (the same P, N and rules; only the data
 * differ), while cells of different α differ by orders of magnitude (MinOver's cell is `epochs·P`
 * steps of `O(P)` each: `∝ P²`), so each cell weighs its α's cost: the mean time of its measured
 * cells, and for an α not measured yet `c·P^e`, fitted to the measured cells (least squares in
 * `log P`, drawn towards `e = 2`, MinOver's, while the measured sizes span little of `log P`; `e`
 * in [1, 3]: a cell is at least `epochs·P` steps or a pass over its `P·N` inputs, so it never
 * costs less at a larger `P`). These costs serve only as weights: the share of the work done, and
 * how much is left, in the same unit as the work done.
 *
 * The rate. The pool runs the cells round robin over the α, so every stretch of the sweep holds
 * the same mix of cells, and the work done per millisecond of the page's clock over the recent past
 * tells the rate of the rest. Measured on the wall clock it takes in at once what the cells' own
 * times leave out: how many workers really run (the machine's other load, the page's drawing), the
 * chunks' messages, the workers waiting for their next chunk. "Recent": the later half of the
 * time since the first cell began, so that the sweep's slow start (workers loading, the engine
 * optimising the core's code: the first cells run several times slower) leaves the rate after a
 * while, and a change of the machine's load is followed within about the time already run.
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
/** The rate is the work done over this share of the time since the first cell began, the latest. */
const RECENT = 0.5;

export class SweepClock {
  /**
   * @param {number[]} sizes P of each α, in the sweep's order (cell `c` is of α `floor(c / reps)`)
   * @param {number} reps repetitions per α
   * @param {number} workers the cells run this many at a time (the estimate before any rate is known)
   */
  constructor(sizes, reps, workers) {
    this.sizes = sizes;
    this.reps = reps;
    this.workers = Math.max(1, workers);
    /** Per α: ms of its measured cells, and how many. */
    this.sum = sizes.map(() => 0);
    this.count = sizes.map(() => 0);
    /** The cells measured, all of them and per α those of the recent past (the rate's). */
    this.cells = 0;
    this.recent = sizes.map(() => 0);
    /** When each cell of the recent past was reported (the page's clock, ms) and its α, in order, from `head`. @type {number[][]} */
    this.log = [];
    this.head = 0;
    /** When the first cell began (ms), null before any. @type {number | null} */
    this.start = null;
    /** The share of the work shown (never back) and the cells measured when it was last moved. */
    this.shown = 0;
    this.shownCells = 0;
  }

  /**
   * A cell done in `ms` of its worker's time, reported to the page at `now` (its clock, ms).
   * @param {number} cell
   * @param {number} ms
   * @param {number} [now]
   */
  record(cell, ms, now = performance.now()) {
    const k = Math.floor(cell / this.reps);
    if (!(k >= 0 && k < this.sizes.length) || !Number.isFinite(ms) || ms < 0 || !Number.isFinite(now)) return;
    this.sum[k] += ms;
    this.count[k]++;
    this.cells++;
    this.start ??= now - ms;
    this.recent[k]++;
    this.log.push([Math.max(now, this.log.at(-1)?.[0] ?? now), k]);
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
   * At `now` (the page's clock, ms): the share of the work done (0 before any cell, 1 when all are
   * measured; it never goes back, and moves whenever cells finish) and the estimated wall time
   * left (ms): the work left over the recent rate (with no cell reported in the recent half, the
   * whole run's; before any time has passed, the cells' costs `workers` at a time).
   * @param {number} [now]
   * @returns {{ done: number, leftMs: number }}
   */
  estimate(now = performance.now()) {
    const costs = this.costs();
    let done = 0;
    let left = 0;
    for (let k = 0; k < this.sizes.length; k++) {
      const measured = Math.min(this.count[k], this.reps);
      done += measured * costs[k];
      left += (this.reps - measured) * costs[k];
    }
    const total = done + left;
    if (!(total > 0) || this.start === null) return { done: 0, leftMs: 0 };
    this.advance(done / total);
    // the work reported since `from`, over the time since (`from` only moves on: older cells leave)
    const from = now - RECENT * Math.max(0, now - this.start);
    for (; this.head < this.log.length && this.log[this.head][0] <= from; this.head++) this.recent[this.log[this.head][1]]--;
    if (this.head > 1024 && 2 * this.head > this.log.length) {
      this.log.splice(0, this.head);
      this.head = 0;
    }
    let recent = 0;
    for (let k = 0; k < this.sizes.length; k++) recent += this.recent[k] * costs[k];
    // none reported lately: the whole run's rate (it falls while none come); no time yet: the costs
    const elapsed = now - this.start;
    const leftMs = elapsed > 0 ? (left * (recent > 0 ? now - from : elapsed)) / (recent > 0 ? recent : done) : left / this.workers;
    return { done: this.shown, leftMs };
  }

  /**
   * Moves the share shown to `share`; when the costs' new estimates put `share` behind it, forward
   * by the cells measured since the last move as a share of those then left instead: the bar
   * neither goes back nor stalls while cells finish, and reaches 1 with the last cell.
   * @param {number} share
   */
  advance(share) {
    const all = this.sizes.length * this.reps;
    const cells = Math.min(all, this.cells);
    const step = all > this.shownCells ? ((1 - this.shown) * (cells - this.shownCells)) / (all - this.shownCells) : 0;
    this.shown = share >= this.shown ? share : Math.min(1, this.shown + step);
    this.shownCells = cells;
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
