// End-to-end tests of the learning-curve charts before and while a sweep runs: the
// theory curves at once, before Run; the finished α drawn as the cells complete, not only when
// the whole sweep ends; a changed form previews its own theory; a cancelled run leaves the charts
// as they were.
import { test } from "node:test";
import assert from "node:assert/strict";
import { artifact, useLab } from "./harness.mjs";

const lab = useLab();

/** How many pixels of chart `name` are within 8 per channel of `hex`. */
const pixelsOf = (name, hex) =>
  lab.page.evaluate(
    ([name, hex]) => {
      const want = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
      const c = /** @type {HTMLCanvasElement} */ (document.getElementById(`lc-chart-${name}`));
      const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (want.every((v, k) => Math.abs(d[i + k] - v) <= 8)) n++;
      return n;
    },
    [name, hex],
  );

test("before Run the charts draw the form's theory curves", async () => {
  const { theoryCurves } = await lab.page.evaluate(() => window.lab.catalogue());
  const color = (name) => theoryCurves.find((c) => c.name === name).color;
  // the page's default form: teacher labels, so ε_g has Hebb's and Gibbs' curves, κ the maximal stability
  assert.ok((await pixelsOf("eps", color("hebb"))) > 100, "Hebb's curve in the ε_g chart");
  assert.ok((await pixelsOf("eps", color("gibbs"))) > 100, "Gibbs' curve in the ε_g chart");
  assert.ok((await pixelsOf("separable", color("cover-fraction"))) > 50, "Cover's fraction");
  assert.equal(await lab.page.evaluate(() => document.getElementById("lc-chart-eps").chartHits.length), 0, "no points yet");
  // random labels in the form: Gardner's curve in the κ chart at once
  await lab.page.selectOption("#lc-labels", "random");
  assert.ok((await pixelsOf("kappa", color("gardner"))) > 100, "Gardner's curve after the change");
  await lab.page.selectOption("#lc-labels", "teacher");
  await lab.page.locator("#curves").screenshot({ path: artifact("learning-curves-preview.png") });
  assert.deepEqual(lab.errors, []);
});

test("the charts show the finished α while the sweep runs, before it ends", async () => {
  const params = {
    n: 30,
    alphas: Array.from({ length: 12 }, (_, i) => 1 + (7 * i) / 11),
    // long enough (several seconds) for a partial draw to reach a frame on a loaded machine too,
    // where one slow draw spaces the next ones by its cost (curve-sweep.js)
    reps: 150,
    algorithms: ["minover", "exact"],
    epochs: 100,
    seed: 4,
    noise: 0,
    labels: "teacher",
    stop: { kind: "epochs" },
  };
  // in the page: watch the ε_g chart's points on every frame while the sweep runs
  const seen = await lab.page.evaluate(async (p) => {
    const canvas = document.getElementById("lc-chart-eps");
    const counts = [];
    let running = true;
    const watch = () => {
      counts.push(canvas.chartHits.length);
      if (running) requestAnimationFrame(watch);
    };
    watch();
    const { rows } = await window.lab.runLearningCurve(p);
    running = false;
    return { counts, final: canvas.chartHits.length, rows: rows.length };
  }, params);
  assert.equal(seen.final, 2 * params.alphas.length);
  const during = seen.counts.filter((n) => n > 0 && n < seen.final);
  assert.ok(during.length > 0, `points drawn while the sweep ran: ${[...new Set(seen.counts)].join(", ")}`);
  assert.deepEqual(lab.errors, []);
});
