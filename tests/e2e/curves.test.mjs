// End-to-end tests of the learning-curve panel: workers, charts, CSV, cancel; and the same
// numbers as the native CLI for the same seed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { LARGE_SWEEP, ROOT, SMALL_SWEEP, artifact, launch, openLab, useLab } from "./harness.mjs";

const lab = useLab();

const fill = async (id, value) => lab.page.fill(`#${id}`, String(value));

test("a small sweep from the form draws four charts and downloads its CSV", async () => {
  await fill("lc-n", 10);
  await fill("lc-alpha-start", 0.5);
  await fill("lc-alpha-stop", 4);
  await fill("lc-alpha-count", 8);
  await fill("lc-reps", 12);
  await fill("lc-epochs", 50);
  await lab.page.click("#lc-run");
  await lab.page.waitForFunction(() => document.getElementById("lc-status").textContent.startsWith("done"), null, { timeout: 60_000 });
  // every chart has been drawn on (not blank white)
  for (const which of ["eps", "kappa", "train-error", "separable"]) {
    const inked = await lab.page.$eval(`#lc-chart-${which}`, (c) => {
      const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i] < 200 || d[i + 1] < 200 || d[i + 2] < 200) n++;
      return n;
    });
    assert.ok(inked > 2000, `${which}: ${inked} dark pixels`);
  }
  await lab.page.locator("#curves").screenshot({ path: artifact("learning-curves.png") });
  const [download] = await Promise.all([lab.page.waitForEvent("download"), lab.page.click("#lc-csv")]);
  const csv = readFileSync(await download.path(), "utf8")
    .trim()
    .split("\n");
  assert.equal(
    csv[0],
    "algorithm,n,p,alpha,reps,eps_g_mean,eps_g_sem,kappa_mean,kappa_sem,train_error_mean,updates_mean,separable_fraction,random_separable_fraction,valid_reps",
  );
  assert.equal(csv.length, 1 + 8 * 4, "one row per algorithm (4 checked by default) and α");
  // P = round(α N): α = 0.5 → P = 5
  assert.match(csv[1], /^rosenblatt,10,5,0\.5,12,/);
  // the PNG: every chart of the catalogue, two to a row, at 3× the screen's resolution; the
  // charts on screen are back at the screen's resolution afterwards
  const { charts } = await lab.page.evaluate(() => window.lab.catalogue());
  const css = await lab.page.$eval("#lc-chart-eps", (c) => ({ w: c.width, h: c.height, dpr: window.devicePixelRatio }));
  const [png] = await Promise.all([lab.page.waitForEvent("download"), lab.page.click("#lc-png")]);
  const bytes = readFileSync(await png.path());
  assert.equal(bytes.subarray(1, 4).toString(), "PNG");
  assert.equal(bytes.readUInt32BE(16), 2 * 3 * css.w, "width: two charts at 3×");
  assert.equal(bytes.readUInt32BE(20), Math.ceil(charts.length / 2) * 3 * css.h, "height: one row per two charts at 3×");
  assert.equal(css.w, Math.round(560 * css.dpr));
  assert.equal(await lab.page.$eval("#lc-chart-eps", (c) => c.width), css.w);
  assert.deepEqual(lab.errors, []);
});

test("cancelling a large sweep leaves the page usable and the points untouched", async () => {
  const before = await lab.page.evaluate(() => window.lab.getState().points);
  const run = lab.page.evaluate(
    (sweep) =>
      window.lab.runLearningCurve(sweep).then(
        () => "finished",
        (e) => e.name,
      ),
    LARGE_SWEEP,
  );
  await lab.page.waitForFunction(() => document.getElementById("lc-progress").value > 0, null, { timeout: 60_000 });
  // the page answers while the workers compute (how fast: bench/responsive.mjs)
  const during = await lab.page.evaluate(() => ({ points: window.lab.getState().points.length, progress: document.getElementById("lc-progress").value }));
  assert.equal(during.points, before.length);
  assert.ok(during.progress < 1, "the sweep is still running when the page answers");
  await lab.page.click("#lc-cancel");
  assert.equal(await run, "AbortError");
  assert.match(await lab.page.textContent("#lc-status"), /cancelled/);
  assert.deepEqual(await lab.page.evaluate(() => window.lab.getState().points), before);
  // and it still trains and runs sweeps
  await lab.page.evaluate(() =>
    window.lab.setPoints([
      { x: 1, y: 0, label: 1 },
      { x: -1, y: 0, label: -1 },
    ]),
  );
  assert.equal(await lab.page.evaluate(() => window.lab.getState().algorithms.exact.kappa), 1);
  const small = await lab.page.evaluate((sweep) => window.lab.runLearningCurve(sweep), SMALL_SWEEP);
  assert.equal(small.rows.length, 2);
  assert.deepEqual(lab.errors, []);
});

test("the page's workers and the native CLI give identical numbers for the same seed", async (_t) => {
  const cli = join(ROOT, "target", "release", "perceptron-lab");
  if (!existsSync(cli)) {
    // `make test` builds it before this suite; a missing binary is a failure, not a skip
    assert.fail(`${cli} is missing: run cargo build --release --bin perceptron-lab`);
  }
  const params = {
    n: 8,
    alphas: [0.5, 1.5, 3],
    reps: 6,
    algorithms: ["rosenblatt", "hebb", "minover", "adatron", "exact"],
    epochs: 30,
    seed: 11,
    noise: 0.1,
    labels: "teacher",
    stop: { kind: "epochs" },
  };
  const { csv } = await lab.page.evaluate((p) => window.lab.runLearningCurve(p), params);
  const native = execFileSync(
    cli,
    [
      "curve",
      "--algorithm",
      params.algorithms.join(","),
      "--n",
      "8",
      "--alpha",
      "0.5,1.5,3",
      "--reps",
      "6",
      "--epochs",
      "30",
      "--seed",
      "11",
      "--noise",
      "0.1",
      "--labels",
      "teacher",
      "--threads",
      "2",
    ],
    { encoding: "utf8" },
  )
    .trim()
    .split("\n");
  // the page's columns: the CLI's 11, then separable_fraction, random_separable_fraction,
  // valid_reps; the CLI's: the 11, then valid_reps, separable_fraction
  const asCli = csv
    .trim()
    .split("\n")
    .map((l) => {
      const c = l.split(",");
      return [...c.slice(0, 11), c[13], c[11]].join(",");
    });
  assert.deepEqual(asCli, native);
});

/** Some of the learning-curve form's values, as shown. */
const panelForm = (page) =>
  page.evaluate(() => ({
    n: document.getElementById("lc-n").value,
    reps: document.getElementById("lc-reps").value,
    stop: document.getElementById("lc-stop").value,
    gap: document.getElementById("lc-gap").value,
    labels: document.getElementById("lc-labels").value,
    algorithms: [...document.querySelectorAll("#lc-algorithms input:checked")].map((b) => b.value),
  }));

test("the learning-curve settings survive a reload and travel in a link; bad ones are refused with a message", async () => {
  const { page } = lab;
  const form = () => panelForm(page);
  await fill("lc-n", 15);
  await fill("lc-reps", 7);
  await page.selectOption("#lc-stop", "gap");
  await fill("lc-gap", 0.01);
  await page.selectOption("#lc-labels", "random");
  await page.uncheck('#lc-algorithms input[value="hebb"]');
  await page.check('#lc-algorithms input[value="adatron"]');
  const typed = await form();
  assert.deepEqual(typed, { n: "15", reps: "7", stop: "gap", gap: "0.01", labels: "random", algorithms: ["rosenblatt", "minover", "adatron", "exact"] });
  await page.reload();
  await page.evaluate(() => window.lab.ready);
  assert.deepEqual(await form(), typed, "after a reload");
  // the copied link, in a fresh browser with nothing stored
  const url = page.url();
  const fresh = await launch();
  try {
    const other = await openLab(fresh.context, url);
    assert.deepEqual(await panelForm(other.page), typed, "from the link");
    // a link whose settings are tampered with: the picture opens, the settings are refused by name
    const points = await other.page.evaluate(() => window.lab.getState().points);
    const bad = await other.page.evaluate(async () => {
      const { encodeHash } = await import(new URL("www/io.js", location.href).href);
      const state = { points: window.lab.getState().points, threshold: false, shown: {}, rules: { gamma: 1, notesEta: 0.1 }, seed: 1 };
      return encodeHash({ ...state, curves: { fields: { "lc-n": { evil: "<img src=x onerror=alert(1)>" } }, algorithms: [] } });
    });
    await other.page.goto(url.replace(/#.*$/, bad));
    await other.page.reload();
    await other.page.evaluate(() => window.lab.ready);
    assert.match(await other.page.textContent("#status"), /learning-curve settings were not used \(the learning-curve field lc-n is not a short text\)/);
    assert.deepEqual(await other.page.evaluate(() => window.lab.getState().points), points, "the picture still opens");
    assert.equal(await other.page.evaluate(() => document.getElementById("lc-n").value), "15", "the panel keeps what this browser had");
    assert.deepEqual(other.errors, []);
  } finally {
    await fresh.close();
  }
  assert.deepEqual(lab.errors, []);
});
