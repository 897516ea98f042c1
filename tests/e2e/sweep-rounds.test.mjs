// A sweep at a student's desk: the cells run round robin over the α grid, so that
// `getState().sweep` holds every α after the first round, each over the repetitions done so far,
// and the final CSV is the CLI's byte for byte; Cancel keeps the finished cells as a partial
// series (or, with none, the chart as before) and says which; `curvePng()` has the same pixel
// size whatever the device's pixel ratio.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { LARGE_SWEEP, ROOT, SMALL_SWEEP, launch, openLab, useLab } from "./harness.mjs";

const lab = useLab();
const CLI = join(ROOT, "target", "release", "perceptron-lab");

/** A sweep of a few seconds on two workers: ten α, 40 repetitions of three rules at N = 20. */
const SWEEP = {
  n: 20,
  alphas: [0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5],
  reps: 40,
  algorithms: ["minover", "adatron", "rosenblatt"],
  epochs: 100,
  seed: 3,
  noise: 0,
  labels: "teacher",
  stop: { kind: "epochs" },
};

const sweepState = (page) => page.evaluate(() => window.lab.getState().sweep);

test("a sweep shows every α after its first round, sharpening, and ends with the CLI's CSV byte for byte", async () => {
  if (!existsSync(CLI)) assert.fail(`${CLI} is missing: run cargo build --release --bin perceptron-lab`);
  const { page } = lab;
  const total = SWEEP.alphas.length * SWEEP.reps;
  const run = page.evaluate((p) => window.lab.runLearningCurve(p), SWEEP);
  // the first state whose rows hold every rule at every α
  const whole = SWEEP.alphas.length * SWEEP.algorithms.length;
  const first = await (
    await page.waitForFunction(
      (whole) => {
        const s = window.lab.getState().sweep;
        return s.running && s.series[0]?.rows.length === whole ? s : null;
      },
      whole,
      { polling: 20, timeout: 120_000 },
    )
  ).jsonValue();
  assert.equal(first.total, total);
  assert.ok(first.done < total, `the whole curve shows before the sweep ends (${first.done} of ${total} cells)`);
  const [series] = first.series;
  assert.match(series.label, /N = 20, α 0\.5:5:10, 40 reps, 100 epochs, λ = 0, teacher labels, seed 3/);
  assert.deepEqual(series.params.alphas, SWEEP.alphas);
  const seen = series.rows.map((r) => r.reps);
  assert.ok(
    seen.every((r) => r >= 1 && r < SWEEP.reps),
    `each α over the repetitions done so far: ${seen}`,
  );
  for (const r of series.rows) {
    assert.equal(typeof r.eps_g_mean, "number");
    assert.ok("eps_g_sem" in r && "converged_fraction" in r, Object.keys(r).join(","));
  }
  const { csv } = await run;
  const done = await sweepState(page);
  assert.equal(done.running, false);
  assert.equal(done.done, total);
  assert.ok(done.series[0].rows.every((r) => r.reps === SWEEP.reps));
  assert.equal(done.series[0].partial, false);
  const native = execFileSync(
    CLI,
    [
      "curve",
      "--algorithm",
      SWEEP.algorithms.join(","),
      "--n",
      "20",
      "--alpha",
      SWEEP.alphas.join(","),
      "--reps",
      "40",
      "--epochs",
      "100",
      "--seed",
      "3",
      "--threads",
      "2",
      "--random-separability",
    ],
    { encoding: "utf8" },
  );
  assert.equal(csv, native);
  assert.deepEqual(lab.errors, []);
});

test("Cancel keeps the finished cells as a partial series and says so; with none finished the chart is as before", async () => {
  const { page } = lab;
  const small = await page.evaluate((p) => window.lab.runLearningCurve(p), SMALL_SWEEP);
  const before = await sweepState(page);
  // cancelled at once: no cell has finished, the last run stays
  const quick = page.evaluate((p) => window.lab.runLearningCurve(p).catch((e) => e.name), LARGE_SWEEP);
  await page.evaluate(() => window.lab.cancelLearningCurve());
  assert.equal(await quick, "AbortError");
  assert.match(await page.textContent("#lc-status"), /cancelled before any cell finished: the chart is as before Run/);
  assert.deepEqual(await sweepState(page), before);
  assert.equal(before.series[0].rows.length, small.rows.length);
  // cancelled after some cells: those stay, as a partial series
  const run = page.evaluate((p) => window.lab.runLearningCurve(p).catch((e) => e.name), LARGE_SWEEP);
  await page.waitForFunction(() => window.lab.getState().sweep.series[0]?.rows.length > 0, null, { polling: 50, timeout: 120_000 });
  await page.click("#lc-cancel");
  assert.equal(await run, "AbortError");
  const status = await page.textContent("#lc-status");
  const m = status.match(/cancelled after (\d+) of (\d+) cells: the chart keeps them, a partial series/);
  assert.ok(m, status);
  const after = await sweepState(page);
  assert.equal(after.running, false);
  assert.equal(after.done, Number(m[1]));
  assert.equal(after.total, Number(m[2]));
  assert.equal(after.series[0].partial, true);
  assert.match(after.series[0].label, /partial: cancelled after \d+ of \d+ cells/);
  assert.ok(after.series[0].rows.every((r) => r.reps >= 1 && r.reps < LARGE_SWEEP.reps));
  // the cells kept: as many as the rows' repetitions of one rule add up to
  const cells = after.series[0].rows.filter((r) => r.algorithm === "minover").reduce((n, r) => n + r.reps, 0);
  assert.equal(cells, after.done);
  assert.equal(await page.isDisabled("#lc-csv"), false);
  assert.deepEqual(lab.errors, []);
});

/** The width and height of a PNG data URL (its IHDR). */
function pngSize(url) {
  const bytes = Buffer.from(url.slice(url.indexOf(",") + 1), "base64");
  assert.equal(bytes.subarray(1, 4).toString(), "PNG");
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

test("curvePng() has the same pixel size at device pixel ratios 1 and 2, and names the run", async () => {
  const sizes = [];
  for (const deviceScaleFactor of [1, 2]) {
    const browser = await launch({ deviceScaleFactor });
    try {
      const { page, errors } = await openLab(browser.context, lab.server.url);
      await assert.rejects(
        page.evaluate(() => window.lab.curvePng()),
        /run a sweep first/,
      );
      await page.evaluate((p) => window.lab.runLearningCurve(p), SMALL_SWEEP);
      assert.equal(await page.evaluate(() => window.devicePixelRatio), deviceScaleFactor);
      sizes.push(pngSize(await page.evaluate(() => window.lab.curvePng())));
      const { series } = await sweepState(page);
      assert.match(series[0].label, /hebb: N = 5, α 1,2, 3 reps, 10 epochs/);
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
    }
  }
  assert.deepEqual(sizes[0], sizes[1]);
  const { charts } = await lab.page.evaluate(() => window.lab.catalogue());
  assert.deepEqual(sizes[0], [2 * 1120, 2 * 16 + 36 + Math.ceil(charts.length / 2) * 760]);
});
