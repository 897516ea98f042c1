// Endurance: the animation played at top speed past the 20 000 frames the core keeps. The
// history is thinned (the recorded steps stay under 20 000 while the run goes on), the frame
// shown follows the run, the scrubber still goes back over the frames kept, in order, and the
// weight view's path of w(t) costs a frame a bounded number of vertices. Its speed and memory over
// minutes are measured by bench/endurance.mjs (BENCHMARKS.md), not asserted here; the run is
// timed by the page's clock, which the test runs, so it asserts counts, never the machine's speed.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { MAX_TRAIL, trail } from "../../www/views/weight/weight-paths.js";
import { launch, openLab, serve } from "./harness.mjs";

/** The page's server (each test that opens the page launches its own browser). */
let server;
before(async () => {
  server = await serve();
});
after(() => server?.close());

/** A context that records the path's vertices: `[["M" | "L", x, y], …]`, strokes counted. */
function recorder() {
  const ops = [];
  return {
    ops,
    strokes: 0,
    beginPath() {},
    moveTo(x, y) {
      ops.push(["M", x, y]);
    },
    lineTo(x, y) {
      ops.push(["L", x, y]);
    },
    stroke() {
      this.strokes++;
    },
  };
}

// The weight view's path of w(t) is stroked with at most MAX_TRAIL vertices however long the run
// (it was one per recorded step: a class hour at top speed slowed every frame to seconds).
test("the animation's path is stroked with a bounded number of vertices, its first and last point always", () => {
  const n = 20_000;
  // points strewn over a 400 px square (a fixed sequence): few fall within a pixel of the last one drawn
  const points = Array.from({ length: n }, (_, k) => [((k * 7919) % 4001) / 10, ((k * 104_729) % 3989) / 10]);
  const ctx = recorder();
  trail(/** @type {any} */ (ctx), n, (k) => points[k]);
  assert.equal(ctx.strokes, 1);
  assert.ok(ctx.ops.length <= MAX_TRAIL + 1, `${ctx.ops.length} vertices`);
  assert.deepEqual(ctx.ops[0], ["M", ...points[0]]);
  assert.deepEqual(ctx.ops.at(-1), ["L", ...points[n - 1]]);
  // the latest MAX_TRAIL / 2 steps are all there
  assert.deepEqual(
    ctx.ops.slice(-MAX_TRAIL / 2).map((o) => [o[1], o[2]]),
    points.slice(-MAX_TRAIL / 2),
  );
  // a short path is drawn whole, a step within a pixel of the last drawn skipped
  const short = recorder();
  trail(
    /** @type {any} */ (short),
    4,
    (k) =>
      [
        [0, 0],
        [0.3, 0.2],
        [5, 5],
        [5.2, 5],
      ][k],
  );
  assert.deepEqual(short.ops, [
    ["M", 0, 0],
    ["L", 5, 5],
    ["L", 5.2, 5],
  ]);
  // a break between two points drawn starts a new piece
  const broken = recorder();
  trail(
    /** @type {any} */ (broken),
    3,
    (k) => [k * 10, 0],
    (k) => k === 2,
  );
  assert.deepEqual(
    broken.ops.map((o) => o[0]),
    ["M", "L", "M"],
  );
});

// The page's clock is the test's (Playwright's clock): 22 simulated seconds at 1 000 steps per
// second are 22 000 steps however slowly the machine runs them (a count of steps within a
// wall-clock time would be a hidden speed requirement).
test("the animation at top speed keeps a bounded history and stays true to the run", async () => {
  const browser = await launch();
  try {
    await browser.context.clock.install();
    const { page, errors } = await openLab(browser.context, server.url);
    await run(page, errors);
  } finally {
    await browser.close();
  }
});

/** The endurance run on `page` (its clock installed), then its checks; `errors` the page's. */
async function run(page, errors) {
  const setPoints = (pts) => page.evaluate((p) => window.lab.setPoints(p), pts);
  const state = () => page.evaluate(() => window.lab.getState());
  // four points no line through the origin separates: MinOver never stops before its limit
  await setPoints([
    { x: 1, y: 0, label: 1 },
    { x: -1, y: 0.1, label: 1 },
    { x: 0, y: 1, label: -1 },
    { x: 0.1, y: -1, label: -1 },
  ]);
  await page.evaluate(() => window.lab.settled(30_000));
  await page.evaluate(() => window.lab.step("minover"));
  await page.locator("#anim-speed").fill("100"); // 1 000 steps per second
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.evaluate(() => window.lab.play());
  // 22 s of the page's clock, one second at a time (each a run of animation frames)
  for (let second = 0; second < 22; second++) await page.clock.runFor(1000);
  await page.evaluate(() => window.lab.pause());
  await page.clock.resume();
  const s = (await state()).animation;
  assert.ok(s.step > 21_000, `${s.step} steps in 22 s of the page's clock at 1 000 steps/s`);
  assert.ok(s.steps < 20_000, `${s.steps} frames recorded after ${s.step} steps`);
  assert.equal(s.playing, false);
  // the scrubber over the frames kept: back to the start and forward, steps in order
  const scrub = page.locator("#anim-scrub");
  const steps = [];
  for (const i of [0, 1, 100, 5000, s.steps]) {
    await scrub.fill(String(i));
    steps.push((await state()).animation.step);
  }
  assert.equal(steps[0], 0);
  assert.ok(
    steps.every((t, k) => k === 0 || t > steps[k - 1]),
    `steps shown ${steps}`,
  );
  assert.equal(steps.at(-1), s.step);
  // the weight view draws the path of thousands of steps with at most MAX_TRAIL more vertices
  // than that of one step
  const vertices = (i) =>
    page.evaluate(async (i) => {
      const canvas = document.getElementById("weight-view");
      const proto = CanvasRenderingContext2D.prototype;
      const [moveTo, lineTo] = [proto.moveTo, proto.lineTo];
      let count = 0;
      proto.moveTo = function (...a) {
        if (this.canvas === canvas) count++;
        return moveTo.apply(this, a);
      };
      proto.lineTo = function (...a) {
        if (this.canvas === canvas) count++;
        return lineTo.apply(this, a);
      };
      const scrub = /** @type {HTMLInputElement} */ (document.getElementById("anim-scrub"));
      scrub.value = String(i);
      scrub.dispatchEvent(new Event("input", { bubbles: true }));
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      Object.assign(proto, { moveTo, lineTo });
      return count;
    }, i);
  const one = await vertices(1);
  const all = await vertices(s.steps);
  assert.ok(all - one <= MAX_TRAIL, `${all} vertices at frame ${s.steps}, ${one} at frame 1`);
  assert.deepEqual(errors, []);
}
