// End-to-end tests of several series on the learning-curve charts: runs kept beside the current
// one (window.lab's `keep`, the panel's Keep this run / Clear kept), curves imported from CSV
// (importCurve, the Import results… input), the PNG of them all, and the ε_g chart in decades.
import { test } from "node:test";
import assert from "node:assert/strict";
import { SMALL_SWEEP, artifact, useLab } from "./harness.mjs";

const lab = useLab();

const sweep = () => lab.page.evaluate(() => window.lab.getState().sweep);
const png = () => lab.page.evaluate(() => window.lab.curvePng());
/** A PNG data URL's width and height, from its header (IHDR). */
const size = (url) => {
  const bytes = Buffer.from(url.split(",")[1], "base64");
  assert.equal(bytes.subarray(1, 4).toString(), "PNG");
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
};
/** How many pixels of two same-sized PNG data URLs differ. */
const pngDiff = (a, b) =>
  lab.page.evaluate(
    async ([a, b]) => {
      const pixels = async (url) => {
        const img = new Image();
        img.src = url;
        await img.decode();
        const c = document.createElement("canvas");
        c.width = img.width;
        c.height = img.height;
        const ctx = c.getContext("2d");
        ctx.drawImage(img, 0, 0);
        return ctx.getImageData(0, 0, c.width, c.height).data;
      };
      const [p, q] = [await pixels(a), await pixels(b)];
      let n = 0;
      for (let i = 0; i < p.length; i += 4) if (p[i] !== q[i] || p[i + 1] !== q[i + 1] || p[i + 2] !== q[i + 2]) n++;
      return n;
    },
    [a, b],
  );
/** The ε_g chart's pixels as a string, to compare. */
const epsPixels = () => lab.page.$eval("#lc-chart-eps", (c) => c.toDataURL());

const CSV = "alpha,eps_g,eps_g_sem,source\n1,0.35,0.02,book\n2,0.25,0.015,book\n";

test("runs kept with keep: true or Keep this run share the charts, each a series in the state and the PNG", async () => {
  const { page } = lab;
  const first = await page.evaluate((s) => window.lab.runLearningCurve(s), SMALL_SWEEP);
  assert.deepEqual(Object.keys(first).sort(), ["csv", "ms", "rows"], "the return value as before");
  const one = await png();
  const [w, h] = size(one);
  assert.equal(await page.isDisabled("#lc-keep"), false);
  await page.click("#lc-keep");
  assert.equal(await page.isDisabled("#lc-clear-kept"), false);
  await page.evaluate((s) => window.lab.runLearningCurve(s), { ...SMALL_SWEEP, n: 8 });
  let state = await sweep();
  assert.equal(state.series.length, 2);
  assert.match(state.series[0].label, /N = 5,/, "the kept run first");
  assert.match(state.series[1].label, /N = 8,/, "then the current one");
  assert.equal(state.series[0].params.n, 5);
  assert.ok(state.series.every((s) => s.rows.length === 2));
  // each run in its own shape on the chart
  const shapes = await page.$eval("#lc-chart-eps", (c) => [...new Set(c.chartHits.map((h) => h.shape))]);
  assert.equal(shapes.length, 2, `shapes ${shapes}`);
  const two = await png();
  assert.deepEqual(size(two), [w, h], "the PNG keeps its pixel size");
  assert.ok((await pngDiff(one, two)) > 500, "and draws the second series");
  // a run without keep replaces the current one; with keep it is kept
  await page.evaluate((s) => window.lab.runLearningCurve(s), { ...SMALL_SWEEP, n: 8, seed: 2 });
  state = await sweep();
  assert.deepEqual(
    state.series.map((s) => [s.params.n, s.params.seed]),
    [
      [5, 1],
      [8, 2],
    ],
  );
  const kept = await page.evaluate((s) => window.lab.runLearningCurve(s, { keep: true }), { ...SMALL_SWEEP, n: 12 });
  assert.equal(kept.rows.length, 2);
  state = await sweep();
  assert.deepEqual(
    state.series.map((s) => s.params.n),
    [5, 12],
    "the n = 8 run was current, replaced; n = 12 kept",
  );
  assert.equal(await page.isDisabled("#lc-keep"), true, "nothing current to keep");
  await page.click("#lc-clear-kept");
  assert.deepEqual((await sweep()).series, []);
  assert.deepEqual(lab.errors, []);
});

test("importCurve adds a series; a malformed file is refused naming its line and column", async () => {
  const { page } = lab;
  await page.evaluate((s) => window.lab.runLearningCurve(s), SMALL_SWEEP);
  const before = await epsPixels();
  const added = await page.evaluate((csv) => window.lab.importCurve(csv, "Engel & Van den Broeck, fig. 2.1"), CSV);
  assert.deepEqual(added.rows, [
    { alpha: 1, eps_g: 0.35, eps_g_sem: 0.02 },
    { alpha: 2, eps_g: 0.25, eps_g_sem: 0.015 },
  ]);
  let state = await sweep();
  assert.equal(state.series.length, 2);
  assert.equal(state.series[0].label, "Engel & Van den Broeck, fig. 2.1");
  assert.equal(state.series[0].params, null);
  assert.notEqual(await epsPixels(), before, "drawn on the ε_g chart");
  // importCurve throws synchronously: wrapped for the page
  const refuse = (csv) =>
    page.evaluate((c) => {
      try {
        window.lab.importCurve(c, "bad");
        return "accepted";
      } catch (e) {
        return e.message;
      }
    }, csv);
  assert.equal(await refuse("alpha,eps_g\n1,0.3\n2,abc\n"), 'line 3, column eps_g: "abc" is not a number');
  assert.match(await refuse("alpha,eps_g_sem\n1,0.3\n"), /^line 1, column eps_g: missing from the header/);
  assert.match(await refuse("eps_g,alpha\n0.3,x\n"), /^line 2, column alpha: "x" is not a number/);
  state = await sweep();
  assert.equal(state.series.length, 2, "nothing added");
  // the panel's input: the file's name labels it; a bad file says why in the status line
  await page.setInputFiles("#lc-import", { name: "book.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) });
  await page.waitForFunction(() => window.lab.getState().sweep.series.length === 3);
  assert.equal((await sweep()).series[1].label, "book");
  await page.setInputFiles("#lc-import", { name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from("alpha,eps_g\n1,\n") });
  await page.waitForFunction(() => document.getElementById("lc-status").textContent.startsWith("Not imported"));
  assert.match(await page.textContent("#lc-status"), /line 2, column eps_g/);
  assert.equal((await sweep()).series.length, 3);
  // in the PNG with the others, at its fixed size
  const [w] = size(await png());
  assert.equal(w, 2 * 1120);
  await page.click("#lc-clear-kept");
  assert.equal((await sweep()).series.length, 1);
  assert.deepEqual(lab.errors, []);
});

test("log ε_g puts the ε_g chart's y axis in decades, its ticks powers of ten", async () => {
  const { page } = lab;
  await page.evaluate((s) => window.lab.runLearningCurve(s), { ...SMALL_SWEEP, alphas: [0.5, 2, 6] });
  const linear = await epsPixels();
  const linearTicks = await page.$eval("#lc-chart-eps", (c) => c.chartYTicks);
  assert.ok(linearTicks.length >= 2, `${linearTicks}`);
  assert.ok(!linearTicks.every((t) => /^10⁻?[⁰¹²³⁴⁵⁶⁷⁸⁹]+$/.test(t)), `${linearTicks}`);
  await page.check("#lc-log-eps");
  assert.equal((await sweep()).logEps, true);
  const ticks = await page.$eval("#lc-chart-eps", (c) => c.chartYTicks);
  assert.ok(ticks.length >= 2, `${ticks}`);
  for (const t of ticks) assert.match(t, /^10⁻?[⁰¹²³⁴⁵⁶⁷⁸⁹]+$/);
  assert.notEqual(await epsPixels(), linear, "the chart is redrawn");
  const kappaTicks = await page.$eval("#lc-chart-kappa", (c) => c.chartYTicks);
  assert.ok(!kappaTicks.every((t) => t.startsWith("10")), "only the ε_g chart");
  // with a kept run and an import too, and back to linear
  await page.click("#lc-keep");
  await page.evaluate((csv) => window.lab.importCurve(csv, "book"), CSV);
  for (const t of await page.$eval("#lc-chart-eps", (c) => c.chartYTicks)) assert.match(t, /^10⁻?[⁰¹²³⁴⁵⁶⁷⁸⁹]+$/);
  await page.evaluate((s) => window.lab.runLearningCurve(s), { ...SMALL_SWEEP, n: 10, alphas: [0.5, 2, 6] });
  await page.locator("#lc-charts").screenshot({ path: artifact("curve-series.png") });
  await page.uncheck("#lc-log-eps");
  assert.equal((await sweep()).logEps, false);
  assert.ok(!(await page.$eval("#lc-chart-eps", (c) => c.chartYTicks)).every((t) => t.startsWith("10")));
  assert.deepEqual(lab.errors, []);
});

test("on a phone each series added makes the shown charts higher by its legend's rows: the ε_g plot keeps its height", async () => {
  const { page } = lab;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.lab.clearKeptCurves());
  await page.evaluate((p) => window.lab.runLearningCurve(p, { keep: true }), SMALL_SWEEP);
  assert.equal((await sweep()).series.length, 1);
  const heights = [await page.$eval("#lc-chart-eps", (c) => c.getBoundingClientRect().height)];
  for (const n of [6, 7]) {
    await page.evaluate((p) => window.lab.runLearningCurve(p, { keep: true }), { ...SMALL_SWEEP, n });
    heights.push(await page.$eval("#lc-chart-eps", (c) => c.getBoundingClientRect().height));
  }
  assert.equal((await sweep()).series.length, 3);
  assert.ok(heights[1] > heights[0] && heights[2] > heights[1], `higher with each series: ${heights}`);
  await page.evaluate(() => window.lab.clearKeptCurves());
  await page.evaluate((p) => window.lab.runLearningCurve(p), SMALL_SWEEP);
  assert.equal(await page.$eval("#lc-chart-eps", (c) => c.getBoundingClientRect().height), heights[0], "back to one series' height");
  await page.setViewportSize({ width: 1280, height: 720 });
  assert.deepEqual(lab.errors, []);
});

test("several runs' legends name each by what differs, the PNG's band by what they share; one run keeps its full label", async () => {
  const { legendLabels, sharedLabel } = await import("../../www/curves/series-labels.js");
  const { seriesLabel } = await import("../../www/curves/series-labels.js");
  const a = { ...SMALL_SWEEP, n: 5 };
  const b = { ...SMALL_SWEEP, n: 8 };
  const c = { ...SMALL_SWEEP, n: 8, reps: 4 };
  const runs = [a, b, c].map((params) => ({ label: seriesLabel(params), params }));
  const book = { label: "book", params: null };
  assert.deepEqual(legendLabels([...runs, book]), ["N = 5, 3 reps", "N = 8, 3 reps", "N = 8, 4 reps", "book"]);
  assert.deepEqual(legendLabels([runs[0], book]), [runs[0].label, "book"], "one run: its full label");
  assert.deepEqual(legendLabels([runs[1], { ...runs[1] }]), ["run 1", "run 2"], "the same run twice: numbered");
  const band = sharedLabel([...runs, book]);
  assert.equal(band, "3 runs, each named by what differs, all with hebb, α 1,2, 10 epochs, λ = 0, teacher labels, seed 1; 1 imported curve");
  assert.equal(sharedLabel([runs[0]]), runs[0].label);
  // every parameter of every run is on the PNG: in the band or in its legend
  for (const [k, run] of runs.entries()) {
    for (const part of run.label.split(/: |, (?=[A-Zαλ\d]|seed|teacher|random)/)) {
      assert.ok(band.includes(part) || legendLabels(runs)[k].includes(part), `${part} of run ${k + 1} on the PNG`);
    }
  }
});

test("a click on a kept run's point traces that run, with its own parameters; on the current run's, the current ones", async () => {
  const { page } = lab;
  await page.evaluate((s) => window.lab.runLearningCurve(s, { keep: true }), { ...SMALL_SWEEP, n: 5 });
  await page.evaluate((s) => window.lab.runLearningCurve(s), { ...SMALL_SWEEP, n: 8 });
  const hits = await page.$eval("#lc-chart-eps", (c) => /** @type {any} */ (c).chartHits);
  for (const [run, n] of [
    [0, 5],
    [1, 8],
  ]) {
    const hit = hits.find((h) => h.run === run && h.algorithm === "hebb" && h.alpha === 2);
    assert.ok(hit, `a point of run ${run} at α = 2`);
    const at = await page.$eval(
      "#lc-chart-eps",
      (c, h) => {
        c.scrollIntoView({ block: "center" });
        const r = c.getBoundingClientRect();
        return { x: r.left + (h.x * r.width) / c.width, y: r.top + (h.y * r.height) / c.height };
      },
      hit,
    );
    await page.mouse.click(at.x, at.y);
    await page.waitForFunction((n) => document.querySelector("#lc-trace-command")?.textContent?.includes(`--n ${n} `), n);
    assert.match(await page.textContent("#lc-trace-status"), /rows, a row every/);
  }
  await page.click("#lc-clear-kept");
  assert.deepEqual(lab.errors, []);
});
