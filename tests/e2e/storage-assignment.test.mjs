// The storage assignment on one chart (a student's desk): the `storage` preset runs N = 20, 40
// and 100 one after another, each kept as a series named by its N; the separable fraction's chart
// draws Cover's C(P, N)/2^P for each N (checked against the closed form, written out here) beside
// Rosenblatt's success, and marks the capacity α_c = 2; every series exports as the CLI's CSV for
// its parameters, and all of them as one CSV with a series column.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, artifact, useLab } from "./harness.mjs";

const lab = useLab({ viewport: { width: 1280, height: 720 } });
const CLI = join(ROOT, "target", "release", "perceptron-lab");

/** The preset made small enough for a test: its N, labels, rule and budget; fewer α and repetitions. */
const SMALL = { reps: 6, alphas: [0.5, 1, 1.5, 2, 2.5, 3, 4] };
const NS = [20, 40, 100];

/** Cover's fraction C(P, N)/2^P = 2 Σ_{k<N} binom(P−1, k) / 2^P, the binomials by their product formula. */
function cover(p, n) {
  let binom = 1;
  let sum = 0;
  for (let k = 0; k < Math.min(n, p); k++) {
    if (k > 0) binom *= (p - k) / k;
    sum += binom;
  }
  return (2 * sum) / 2 ** p;
}

/** The CLI's CSV for the storage preset at `n`, made small as SMALL. */
const cliCsv = (n) =>
  execFileSync(
    CLI,
    [
      "curve",
      ...["--algorithm", "rosenblatt", "--labels", "random", "--n", String(n)],
      ...["--alpha", SMALL.alphas.join(","), "--reps", String(SMALL.reps), "--epochs", "100", "--seed", "1"],
      ...["--random-separability", "--threads", "2"],
    ],
    { encoding: "utf8" },
  );

test("the storage preset puts N = 20, 40 and 100 on one chart with Cover's curve for each N and α_c = 2", async () => {
  if (!existsSync(CLI)) assert.fail(`${CLI} is missing: run cargo build --release --bin perceptron-lab`);
  const { page } = lab;
  // the menu's preset: the form at its first N, the three N named, α_c marked in the preview
  const runs = await page.$eval('#lc-assignment option[value="storage"]', (o) => /** @type {HTMLOptionElement} */ (o).dataset.runs);
  assert.equal(runs, "20,40,100");
  await page.selectOption("#lc-assignment", "storage");
  assert.equal(await page.inputValue("#lc-n"), "20");
  assert.equal(await page.inputValue("#lc-labels"), "random");
  assert.match(await page.textContent("#lc-assignment-what"), /N = 20, 40 and 100/);
  let charts = await page.evaluate(() => window.lab.curveCharts());
  assert.deepEqual(
    charts.separable.marks.map((m) => [m.alpha, m.label]),
    [[2, "α_c = 2"]],
    "the capacity marked before Run",
  );
  // Run (the button) starts the three sweeps with N = 20; cancelled, the rest is not run
  await page.click("#lc-run");
  await page.waitForFunction(() => window.lab.getState().sweep.running);
  assert.equal((await page.evaluate(() => window.lab.getState().sweep)).series.at(-1).params.n, 20);
  await page.evaluate(() => window.lab.cancelLearningCurve());
  await page.waitForFunction(() => !window.lab.getState().sweep.running);
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(await page.evaluate(() => window.lab.getState().sweep.running), false, "no second sweep after a cancel");

  // the preset, small: three sweeps, each kept, each named by its N
  const results = await page.evaluate((s) => window.lab.runAssignment("storage", s), SMALL);
  assert.equal(results.length, 3);
  const state = await page.evaluate(() => window.lab.getState().sweep);
  assert.deepEqual(
    state.series.map((s) => s.params.n),
    NS,
  );
  assert.ok(state.series.every((s) => !s.partial && s.rows.length === SMALL.alphas.length && s.rows.every((r) => r.reps === SMALL.reps)));
  assert.ok(state.series.every((s) => s.params.labels === "random" && s.params.algorithms.join() === "rosenblatt" && s.params.epochs === 100));
  await page.screenshot({ path: artifact("storage-assignment-page.png"), fullPage: true });
  await page.locator("#lc-chart-separable").screenshot({ path: artifact("storage-assignment.png") });

  charts = await page.evaluate(() => window.lab.curveCharts());
  const separable = charts.separable;
  // a legend entry naming each N for its exact test, its Rosenblatt success and its Cover curve
  for (const n of NS) {
    const own = separable.legend.filter((t) => t.endsWith(`N = ${n}`));
    assert.equal(own.length, 3, `N = ${n}: ${JSON.stringify(separable.legend)}`);
    assert.ok(own.some((t) => t.startsWith("Rosenblatt")));
    assert.ok(own.some((t) => t.startsWith("Cover")));
    assert.ok(own.some((t) => t.startsWith("random labels (exact test)")));
  }
  // each run's points on the chart, in its own shape
  const hits = await page.$eval("#lc-chart-separable", (c) => /** @type {any} */ (c).chartHits);
  assert.deepEqual([...new Set(hits.map((h) => h.run))].sort(), [0, 1, 2]);
  assert.equal(new Set(hits.map((h) => h.shape)).size, 3);
  // Cover's curve for each N, in that run's dashes, with the closed form's values
  assert.deepEqual(
    separable.lines.map((l) => [l.name, l.run]),
    NS.map((n, k) => [`Cover C(P,N)/2^P, N = ${n}`, k]),
  );
  for (const [k, n] of NS.entries()) {
    const { points } = separable.lines[k];
    assert.ok(points.length > 100);
    for (const [alpha, value] of points) {
      const want = cover(Math.max(1, Math.round(alpha * n)), n);
      assert.ok(Math.abs(value - want) <= 1e-9 * Math.max(want, 1e-300) || Math.abs(value - want) < 1e-12, `N = ${n}, α = ${alpha}: ${value} against ${want}`);
    }
  }
  // the capacity, on the page's canvas and in what the chart reports
  assert.deepEqual(
    separable.marks.map((m) => [m.alpha, m.label]),
    [[2, "α_c = 2"]],
  );
  const mark = await page.$eval("#lc-chart-separable", (c) => /** @type {any} */ (c).chartMarks);
  assert.equal(mark.length, 1);
  const at2 = hits.filter((h) => h.alpha === 2);
  assert.ok(at2.length > 0 && at2.every((h) => Math.abs(h.x - mark[0].x) < 1), "the mark where the points at α = 2 are");
  assert.deepEqual(charts.kappa.marks, [], "only on the separable chart");

  // each series' CSV is the CLI's for its parameters
  for (const [k, n] of NS.entries()) {
    const csv = await page.evaluate((k) => window.lab.seriesCsv(k), k);
    assert.equal(csv, results[k].csv, "the run's own CSV");
    assert.equal(csv, cliCsv(n), `N = ${n}: the page's CSV is the CLI's, byte for byte`);
  }
  // "CSV of all series": the same rows, then the series' label
  assert.equal(await page.isDisabled("#lc-csv-all"), false);
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#lc-csv-all")]);
  assert.equal(download.suggestedFilename(), "learning-curves-series.csv");
  const all = readFileSync(await download.path(), "utf8")
    .trim()
    .split("\n");
  assert.equal(all[0], `${cliCsv(20).split("\n")[0]},series`);
  // the rows of each series' own CSV (the CLI's, above), each followed by its label
  const expected = [];
  for (const [k] of NS.entries()) {
    const rows = (await page.evaluate((k) => window.lab.seriesCsv(k), k)).trim().split("\n").slice(1);
    expected.push(...rows.map((row) => `${row},"${state.series[k].label.replaceAll('"', '""')}"`));
  }
  assert.deepEqual(all.slice(1), expected);
  assert.equal(await page.evaluate(() => window.lab.allSeriesCsv()), `${all.join("\n")}\n`);
  // Export CSV as before: the last kept run's
  const [one] = await Promise.all([page.waitForEvent("download"), page.click("#lc-csv")]);
  assert.equal(readFileSync(await one.path(), "utf8"), results[2].csv);
  assert.deepEqual(lab.errors, []);
});
