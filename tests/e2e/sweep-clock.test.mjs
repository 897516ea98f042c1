// The learning-curve sweep's progress by work and its time left (www/curves/sweep-clock.js), against the
// exact shares of sweeps whose cells cost a known power of P, and the true time left of sweeps
// simulated in a pool of workers on a simulated clock; then in the page, a real sweep's progress
// bar and status line while it runs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { SweepClock, timeLeft } from "../../www/curves/sweep-clock.js";
import { chunks } from "../../www/workers/worker-pool.js";
import { useLab } from "./harness.mjs";

/** The heavy sweep's grid: N = 20, α = 0.1…10 (100 values), so P = 2…200. */
const SIZES = Array.from({ length: 100 }, (_, i) => Math.max(1, Math.round((0.1 + (9.9 * i) / 99) * 20)));
const REPS = 10;
/** The simulated pool's repetitions: the course presets' (10 000 cells). */
const POOL_REPS = 100;

/** A deterministic uniform number in [0, 1) from `i` (no Math.random: the test is the same every run). */
const uniform = (i) => {
  const x = Math.sin(i * 12.9898 + 78.233) * 43758.5453;
  return x - Math.floor(x);
};

/**
 * Runs the sweep's cells α by α, largest first, each costing `cost(P)` ms times a factor in
 * [1 − noise, 1 + noise] on one worker's clock; after each α, calls `check(clock, exactShare,
 * cellShare)` with the exact share of the work done and the share of cells done.
 */
function replay(cost, noise, check) {
  const clock = new SweepClock(SIZES, REPS, 1);
  const ms = [];
  for (let c = 0; c < SIZES.length * REPS; c++) ms.push(cost(SIZES[Math.floor(c / REPS)]) * (1 + noise * (2 * uniform(c) - 1)));
  const total = ms.reduce((a, b) => a + b, 0);
  let done = 0;
  let cells = 0;
  for (let c = ms.length - 1; c >= 0; c--) {
    done += ms[c];
    clock.record(c, ms[c], done);
    cells++;
    if (c % REPS === 0) check(clock, done / total, cells / ms.length);
  }
}

/**
 * A sweep in a simulated pool, on a simulated clock: the cells in the pool's order (round robin
 * over the α, smallest first: the core's `round_robin`) and chunks (worker-pool.js `chunks`), each
 * worker taking the next chunk when free after `gap` ms (its messages), a cell costing `cost(P)`
 * ms times a factor in [1 − noise, 1 + noise], and `slow` times that while its worker has run less
 * than `warmUp` ms (the engine optimising the core), with `between` ms after it that its time
 * leaves out (the worker's own work between cells). A worker reports its cells done at most every
 * 100 ms and at the end of each chunk (worker.js). Returns the reports in time order
 * `{t, cells, times}`, the sweep's end and each cell's nominal cost (`cost(P)`, the work).
 */
function simulate({ sizes = SIZES, reps = POOL_REPS, workers = 2, cost, noise = 0.3, slow = 1, warmUp = 0, between = 0, gap = 0 }) {
  const K = sizes.length;
  const order = Array.from({ length: K * reps }, (_, i) => (i % K) * reps + Math.floor(i / K));
  const queue = chunks(order, workers, K);
  const reports = [];
  const free = Array.from({ length: workers }, () => 0);
  const busy = Array.from({ length: workers }, () => 0);
  const said = Array.from({ length: workers }, () => 0);
  for (const chunk of queue) {
    const w = free.indexOf(Math.min(...free));
    let t = free[w] + gap;
    let batch = { cells: /** @type {number[]} */ ([]), times: /** @type {number[]} */ ([]) };
    for (const [i, c] of chunk.entries()) {
      const ms = cost(sizes[Math.floor(c / reps)]) * (1 + noise * (2 * uniform(c) - 1)) * (busy[w] < warmUp ? slow : 1);
      t += ms + between;
      busy[w] += ms;
      batch.cells.push(c);
      batch.times.push(ms);
      if (t - said[w] >= 100 || i === chunk.length - 1) {
        reports.push({ t, ...batch });
        said[w] = t;
        batch = { cells: [], times: [] };
      }
    }
    free[w] = t;
  }
  reports.sort((a, b) => a.t - b.t);
  return { reports, end: Math.max(...free), work: order.map((c) => cost(sizes[Math.floor(c / reps)])) };
}

test("cells costing c·P², measured one by one: the share of the work done is exact", () => {
  replay(
    (p) => 0.01 * p * p,
    0,
    (clock, share) => {
      const est = clock.estimate(clock.log.at(-1)[0]);
      assert.ok(Math.abs(est.done - share) < 1e-9, `done ${est.done} against ${share}`);
    },
  );
});

test("cells costing c·P^e for other e, with or without noise: the share follows the work, the cells' count lags", () => {
  for (const e of [1, 2, 3]) {
    for (const noise of [0, 0.3]) {
      let worstDone = 0;
      let worstCells = 0;
      replay(
        (p) => 0.01 * p ** e,
        noise,
        (clock, share, cellShare) => {
          const est = clock.estimate(clock.log.at(-1)[0]);
          worstDone = Math.max(worstDone, Math.abs(est.done - share));
          worstCells = Math.max(worstCells, Math.abs(cellShare - share));
        },
      );
      const what = `e = ${e}, noise ${noise}`;
      assert.ok(worstDone <= 0.11, `${what}: the share of the work done within 0.11 (${worstDone})`);
      // largest first, the cells' share is far from the work's (0.25 at e = 1, 0.47 at e = 3)
      assert.ok(worstCells > Math.max(0.2, 2 * worstDone), `${what}: the cells' share lags (${worstCells})`);
    }
  }
});

test("a simulated pool: from 10 % of the work on, the time left is within 30 % of the true; the bar moves with every report", () => {
  // cells of 0.001–4 ms, as the presets' (sweeps of some 2–7 s); the pool's own time between cells
  // and chunks, which no cell's time holds (in the page some 10–35 % of the sweep); a slow start:
  // the first cells of each worker several times slower (the engine optimising the core's code)
  const sweeps = [
    { what: "P², 2 workers", cost: (p) => 1e-4 * p * p, between: 0.3, gap: 5 },
    { what: "P, 4 workers", cost: (p) => 0.02 * p, workers: 4, between: 0.5, gap: 20 },
    { what: "P³, 2 workers", cost: (p) => 5e-7 * p ** 3, between: 0.2, gap: 5 },
    { what: "P², a slow start", cost: (p) => 1e-4 * p * p, between: 0.1, gap: 5, slow: 5, warmUp: 300 },
    { what: "P, one worker, a slow start", cost: (p) => 0.02 * p, workers: 1, between: 0.1, gap: 2, slow: 4, warmUp: 400 },
  ];
  for (const sweep of sweeps) {
    const { reports, end, work } = simulate(sweep);
    const whole = work.reduce((a, b) => a + b, 0);
    const costOf = new Map(work.map((w, i) => [i, w]));
    const K = SIZES.length;
    const clock = new SweepClock(SIZES, POOL_REPS, sweep.workers ?? 2);
    let done = 0;
    let shown = 0;
    let worst = 0;
    let checked = 0;
    for (const r of reports) {
      for (const [i, c] of r.cells.entries()) {
        clock.record(c, r.times[i], r.t);
        // the cell's nominal cost: its place in the pool's order is (c % reps)·K + floor(c / reps)
        done += /** @type {number} */ (costOf.get((c % POOL_REPS) * K + Math.floor(c / POOL_REPS)));
      }
      const est = clock.estimate(r.t);
      assert.ok(est.done > shown || (est.done === 1 && shown === 1), `${sweep.what}: the bar moves with every report (${shown} → ${est.done})`);
      shown = est.done;
      const truth = end - r.t;
      // from 10 % of the work to the last report but a worker's (one worker then idles)
      if (done >= 0.1 * whole && truth > 0 && done <= 0.95 * whole) {
        worst = Math.max(worst, Math.abs(est.leftMs - truth) / truth);
        checked++;
      }
    }
    assert.equal(shown, 1, `${sweep.what}: the bar full at the end`);
    assert.ok(checked > 20, `${sweep.what}: checked ${checked} reports`);
    assert.ok(worst <= 0.3, `${sweep.what}: the time left within 30 % from 10 % of the work (worst ${(100 * worst).toFixed(0)} %)`);
  }
});

test("cells out of range or with a bad time are ignored; nothing measured is nothing done", () => {
  const clock = new SweepClock([10, 20], 3, 2);
  assert.deepEqual(clock.estimate(), { done: 0, leftMs: 0 });
  for (const [cell, ms] of [
    [-1, 5],
    [6, 5],
    [2.5e9, 5],
    [0, Number.NaN],
    [0, -1],
    [0, Number.POSITIVE_INFINITY],
  ]) {
    clock.record(cell, ms, 1000);
  }
  clock.record(5, 40, Number.NaN);
  assert.deepEqual(clock.estimate(1000), { done: 0, leftMs: 0 });
  // α = 20's cost 40 ms, begun at 960, reported at 1000; α = 10's from the prior exponent: 10 ms
  clock.record(5, 40, 1000);
  const est = clock.estimate(1000);
  const left = 3 * 10 + 2 * 40;
  assert.ok(Math.abs(est.done - 40 / (3 * 10 + 3 * 40)) < 1e-12, String(est.done));
  // the work of the last 20 ms (the recent half of 40 ms) was 40: 2 a millisecond
  assert.ok(Math.abs(est.leftMs - left / 2) < 1e-9, String(est.leftMs));
  // 40 ms later without a report, the whole run's rate: 40 in 80 ms
  assert.ok(Math.abs(clock.estimate(1040).leftMs - left * 2) < 1e-9);
  // a cell that took no measurable time does not make the others free
  const fast = new SweepClock([10, 20], 1, 1);
  fast.record(0, 0, 1000);
  assert.ok(fast.estimate(1000).leftMs > 0 && fast.estimate(1010).leftMs > 0);
});

test("the time left reads in seconds, then minutes", () => {
  assert.equal(timeLeft(1200), "about 5 s left");
  assert.equal(timeLeft(41_000), "about 40 s left");
  assert.equal(timeLeft(59_000), "about 60 s left");
  assert.equal(timeLeft(150_000), "about 3 min left");
});

const lab = useLab();

test("in the page, a sweep's progress bar goes by the work done and its status says the time left", async () => {
  // MinOver's cells cost ∝ P² (up to 1600 times from the smallest α to the largest). The
  // sweep is cancelled once the time left is said (after 2 s), so it is large enough that a much
  // faster machine still has that much left: 80 000 cells
  const params = {
    n: 20,
    alphas: Array.from({ length: 40 }, (_, i) => 0.25 + (9.75 * i) / 39),
    reps: 2000,
    algorithms: ["minover"],
    epochs: 200,
    seed: 3,
    noise: 0,
    labels: "teacher",
    stop: { kind: "epochs" },
  };
  const seen = await lab.page.evaluate(async (p) => {
    const bar = /** @type {HTMLProgressElement} */ (document.getElementById("lc-progress"));
    const status = document.getElementById("lc-status");
    const samples = [];
    let running = true;
    const watch = () => {
      const m = /^(\d+) \/ (\d+) cells/.exec(status.textContent);
      if (m) samples.push({ bar: bar.value, cells: Number(m[1]) / Number(m[2]), text: status.textContent });
      if (running && samples.some((s) => / left$/.test(s.text))) window.lab.cancelLearningCurve();
      if (running) requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
    try {
      await window.lab.runLearningCurve(p);
    } catch (e) {
      if (e.name !== "AbortError") throw e;
    } finally {
      running = false;
    }
    return samples;
  }, params);
  assert.ok(seen.length > 3, `progress was shown (${seen.length} samples)`);
  for (let i = 1; i < seen.length; i++) assert.ok(seen[i].bar >= seen[i - 1].bar, "the bar never goes back");
  // the cells run round robin over the α, every round costing the same: when the time left is
  // first said (2 s in, every α measured) the bar, by the work, is at the cells' count — within a
  // quarter of it and a round's share (run α by α, largest first, it would be several times it)
  const said = seen.find((s) => / left$/.test(s.text));
  const round = params.alphas.length / (params.alphas.length * params.reps);
  assert.ok(said && Math.abs(said.bar - said.cells) <= 0.25 * said.cells + round, `the bar at the cells' count: ${JSON.stringify(said)}`);
  assert.ok(
    seen.some((s) => /^\d+ \/ \d+ cells, about \d+ (s|min) left$/.test(s.text)),
    `the time left in the status: ${seen.at(-1)?.text}`,
  );
  assert.deepEqual(lab.errors, []);
});
