// How a sweep's cells are cut into the workers' chunks (www/workers/worker-pool.js `chunks`): every
// cell once, in the sweep's order; the first round shared among the workers; then whole rounds,
// small at first, so that the curve over its first ten rounds does not wait behind large chunks
// (a chunk's results reach the page when it ends), and no chunk larger than the share-based size.
import assert from "node:assert/strict";
import { test } from "node:test";
import { chunks } from "../../www/workers/worker-pool.js";

/**
 * When (in cells' time) the chunks holding cells 0…`upto`−1 of the order have all ended, on
 * `workers` workers each holding two chunks and given the next as it ends one.
 * @param {number[][]} out
 * @param {number} workers
 * @param {number} upto
 */
function wholeAt(out, workers, upto) {
  const queue = out.map((c, k) => ({ k, length: c.length }));
  const busyUntil = Array.from({ length: workers }, () => 0);
  const held = Array.from({ length: workers }, () => /** @type {{k: number, length: number}[]} */ ([]));
  for (let w = 0; w < workers; w++) held[w].push(...queue.splice(0, 2));
  /** @type {number[]} */
  const endOf = [];
  for (;;) {
    // the worker whose current chunk ends first
    let w = -1;
    for (let v = 0; v < workers; v++) if (held[v].length && (w < 0 || busyUntil[v] + held[v][0].length < busyUntil[w] + held[w][0].length)) w = v;
    if (w < 0) break;
    const c = /** @type {{k: number, length: number}} */ (held[w].shift());
    busyUntil[w] += c.length;
    endOf[c.k] = busyUntil[w];
    if (queue.length) held[w].push(/** @type {{k: number, length: number}} */ (queue.shift()));
  }
  let at = 0;
  let whole = 0;
  for (const [k, c] of out.entries()) {
    if (at < upto) whole = Math.max(whole, endOf[k]);
    at += c.length;
  }
  return whole;
}

for (const [cells, workers, alphas] of [
  [10000, 2, 20],
  [5000, 2, 10],
  [4000, 4, 40],
  [100, 16, 5],
  [12, 2, 20],
  [1, 3, 1],
]) {
  test(`${cells} cells of ${alphas} α on ${workers} workers`, () => {
    const order = Array.from({ length: cells }, (_, i) => (i * 7919) % cells);
    const out = chunks(order, workers, alphas);
    assert.deepEqual(out.flat(), order, "every cell once, in the sweep's order");
    assert.ok(
      out.every((c) => c.length > 0),
      "no empty chunk",
    );
    const first = Math.min(cells, alphas);
    let at = 0;
    const ends = out.map((c) => (at += c.length));
    assert.ok(ends.includes(first), "the first round ends a chunk");
    assert.ok(ends.filter((e) => e <= first).length <= workers, "the first round shared among the workers");
    const largest = Math.max(1, Math.ceil((cells - first) / (workers * 16)));
    assert.ok(Math.max(...out.slice(ends.indexOf(first) + 1).map((c) => c.length)) <= largest, "no chunk over the share-based size");
    // the pool's schedule with cells of equal cost: each worker holds two chunks and is given the
    // next as it ends one; the curve over its first ten rounds is whole when every chunk holding
    // those cells has ended: within half as long again as ten rounds shared evenly, and a round
    const tenth = Math.min(cells, 10 * alphas);
    const whole = wholeAt(out, workers, tenth);
    assert.ok(whole <= 1.5 * Math.ceil(tenth / workers) + alphas, `ten rounds (${tenth} cells on ${workers} workers) whole at ${whole}`);
  });
}
