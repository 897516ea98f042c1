// The learning-curve sweep's progress by work and its time left (www/curves/sweep-clock.js), against the
// exact shares of sweeps whose cells cost a known power of P; then in the page, a real sweep's
// progress bar and status line while it runs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { SweepClock, timeLeft } from "../../www/curves/sweep-clock.js";
import { useLab } from "./harness.mjs";

/** The heavy sweep's grid: N = 20, α = 0.1…10 (100 values), so P = 2…200. */
const SIZES = Array.from({ length: 100 }, (_, i) => Math.max(1, Math.round((0.1 + (9.9 * i) / 99) * 20)));
const REPS = 10;

/** A deterministic uniform number in [0, 1) from `i` (no Math.random: the test is the same every run). */
const uniform = (i) => {
  const x = Math.sin(i * 12.9898 + 78.233) * 43758.5453;
  return x - Math.floor(x);
};

/**
 * Runs the sweep's cells largest first (as the pool hands them out), each costing `cost(P)` ms times
 * a factor in [1 − noise, 1 + noise]; after each α, calls `check(clock, exactShare, exactLeftMs,
 * cellShare)` with the exact share of the work done, the exact time left on `workers`, and the share
 * of cells done.
 */
function replay(cost, noise, workers, check) {
  const clock = new SweepClock(SIZES, REPS, workers);
  const ms = [];
  for (let c = 0; c < SIZES.length * REPS; c++) ms.push(cost(SIZES[Math.floor(c / REPS)]) * (1 + noise * (2 * uniform(c) - 1)));
  const total = ms.reduce((a, b) => a + b, 0);
  let done = 0;
  let cells = 0;
  for (let c = ms.length - 1; c >= 0; c--) {
    clock.record(c, ms[c]);
    done += ms[c];
    cells++;
    if (c % REPS === 0) check(clock, done / total, (total - done) / workers, cells / ms.length);
  }
}

test("cells costing c·P²: the share of the work done and the time left are exact", () => {
  replay(
    (p) => 0.01 * p * p,
    0,
    2,
    (clock, share, leftMs) => {
      const est = clock.estimate();
      assert.ok(Math.abs(est.done - share) < 1e-9, `done ${est.done} against ${share}`);
      assert.ok(Math.abs(est.leftMs - leftMs) <= 1e-9 * (1 + leftMs) + 1e-6, `left ${est.leftMs} against ${leftMs}`);
    },
  );
});

test("cells costing c·P^e for other e, with or without noise: the estimate follows the work, the cells' count lags", () => {
  for (const e of [1, 2, 3]) {
    for (const noise of [0, 0.3]) {
      let worstDone = 0;
      let worstLeft = 0;
      let worstCells = 0;
      replay(
        (p) => 0.01 * p ** e,
        noise,
        2,
        (clock, share, leftMs, cellShare) => {
          const est = clock.estimate();
          worstDone = Math.max(worstDone, Math.abs(est.done - share));
          worstCells = Math.max(worstCells, Math.abs(cellShare - share));
          // early on (the largest α only) the exponent is a guess; from a third of the work on, measured
          if (share > 0.3 && share < 0.95) worstLeft = Math.max(worstLeft, Math.abs(est.leftMs - leftMs) / leftMs);
        },
      );
      const what = `e = ${e}, noise ${noise}`;
      assert.ok(worstDone <= 0.11, `${what}: the share of the work done within 0.11 (${worstDone})`);
      assert.ok(worstLeft <= 0.2, `${what}: the time left within 20 % (${worstLeft})`);
      // largest first, the cells' share is far from the work's (0.25 at e = 1, 0.47 at e = 3)
      assert.ok(worstCells > Math.max(0.2, 2 * worstDone), `${what}: the cells' share lags (${worstCells})`);
    }
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
    clock.record(cell, ms);
  }
  assert.deepEqual(clock.estimate(), { done: 0, leftMs: 0 });
  clock.record(5, 40); // α = 20's cost 40 ms; α = 10's from the prior exponent: 10 ms
  const est = clock.estimate();
  assert.ok(Math.abs(est.done - 40 / (3 * 10 + 3 * 40)) < 1e-12, String(est.done));
  assert.ok(Math.abs(est.leftMs - (3 * 10 + 2 * 40) / 2) < 1e-9, String(est.leftMs));
  // a cell that took no measurable time does not make the others free
  const fast = new SweepClock([10, 20], 1, 1);
  fast.record(0, 0);
  assert.ok(fast.estimate().leftMs > 0);
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
