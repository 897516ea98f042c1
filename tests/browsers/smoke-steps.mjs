// The smoke suite's steps, written once and run in every browser through a small driver adapter
// (driver-chromium.mjs, driver-firefox.mjs, driver-webkit.mjs). A driver is
//   {name, build, goto(url), evaluateJson(expression), pointer(moves), upload(selector, path), errors(), close()}:
// `evaluateJson` evaluates an expression whose value is a Promise of a JSON string (made by
// `evaluate` below); `pointer` performs [{type: "move" | "down" | "up", x, y}] with the left button
// at viewport (CSS pixel) coordinates; `errors` lists the page's errors so far; `build` is the
// build of the core the browser is to load ("simd" or "baseline").
// A step with `sameAsChromium` returns a string that must equal, byte for byte, what the same step
// returns in Chromium (smoke.mjs computes that in the same run).
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT, SIX, lineSet } from "../e2e/harness.mjs";

/** `fn(arg)` in the page (awaited), its value through JSON (so every driver returns the same: NaN becomes null). */
export async function evaluate(driver, fn, arg = null) {
  const json = await driver.evaluateJson(`Promise.resolve(JSON.parse(${JSON.stringify(JSON.stringify(arg))})).then(${fn}).then((v) => JSON.stringify(v ?? null))`);
  return JSON.parse(json);
}

/** Polls `fn(arg)` in the page until it is truthy; fails after `timeoutMs`. */
export async function waitFor(driver, fn, arg = null, timeoutMs = 60_000, what = String(fn)) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await evaluate(driver, fn, arg).catch(() => null); // a page still navigating answers with an error
    if (v) return v;
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Opens `url` and waits for `lab.ready` (polling for `window.lab` first: WebKit's navigation may return before the module ran). */
export async function openLab(driver, url) {
  await driver.goto(url);
  await waitFor(driver, () => Boolean(window.lab?.ready), null, 60_000, "window.lab");
  await evaluate(driver, () => window.lab.ready.then(() => true));
}

const state = (driver) => evaluate(driver, () => window.lab.getState());
const setPoints = (driver, pts) => evaluate(driver, (p) => window.lab.setPoints(p), pts);
const client = (driver, x, y) => evaluate(driver, ([x, y]) => window.lab.dataToClient(x, y), [x, y]);
const near = (p, x, y) => Math.abs(p.x - x) < 0.05 && Math.abs(p.y - y) < 0.05;

/** The sweep whose CSV every browser must print byte for byte as Chromium does (N = 20: the SIMD loops' lanes are used). */
export const SWEEP = {
  n: 20,
  alphas: [0.5, 1, 2],
  reps: 4,
  algorithms: ["rosenblatt", "minover", "adatron", "hebb", "exact"],
  epochs: 40,
  seed: 26,
  noise: 0.05,
  labels: "teacher",
  stop: { kind: "epochs" },
};

/** The steps, in order: each `{name, run(driver, {url}), sameAsChromium?}`. */
export const STEPS = [
  {
    name: "loads: the lab is ready, its preset trained, with the expected build of the core",
    run: async (driver, { url }) => {
      await openLab(driver, url);
      const s = await state(driver);
      assert.ok(s.points.length > 0, "a preset is shown");
      assert.ok(s.algorithms.exact.kappa > 0, `κ of the exact optimum: ${s.algorithms.exact.kappa}`);
      assert.equal(s.wasmBuild, driver.build);
    },
  },
  {
    name: "drags a point with the mouse",
    run: async (driver) => {
      await evaluate(driver, () => window.lab.setThreshold(false));
      await setPoints(driver, SIX);
      const before = await state(driver);
      const from = await client(driver, 1, 2);
      const to = await client(driver, 1.5, -0.3);
      const moves = [1, 2, 3, 4, 5].map((k) => ({ type: "move", x: from.x + ((to.x - from.x) * k) / 5, y: from.y + ((to.y - from.y) * k) / 5 }));
      await driver.pointer([{ type: "move", ...from }, { type: "down", ...from }, ...moves, { type: "up", ...to }]);
      await evaluate(driver, () => window.lab.settled(30_000).then(() => true));
      const s = await state(driver);
      assert.equal(s.points.length, 6);
      assert.ok(near(s.points[0], 1.5, -0.3), `the dragged point is at ${JSON.stringify(s.points[0])}`);
      assert.equal(s.points[0].label, 1, "a drag does not flip the label");
      assert.deepEqual(s.points.slice(1), SIX.slice(1));
      assert.notDeepEqual(s.algorithms.exact.w, before.algorithms.exact.w, "the exact optimum follows the point");
    },
  },
  {
    name: "relabels a point with a click",
    run: async (driver) => {
      const [p] = (await state(driver)).points;
      const at = await client(driver, p.x, p.y);
      await driver.pointer([
        { type: "move", ...at },
        { type: "down", ...at },
        { type: "up", ...at },
      ]);
      const s = await state(driver);
      assert.equal(s.points[0].label, -1);
      assert.equal(s.points.length, 6);
    },
  },
  {
    name: "settles every rule, to exactly Chromium's numbers",
    sameAsChromium: true,
    run: async (driver) => {
      await evaluate(driver, () => window.lab.setThreshold(true));
      await setPoints(driver, lineSet("small-margin", 80, true));
      return evaluate(driver, () =>
        window.lab.settled(60_000).then(() => {
          const { algorithms } = window.lab.getState();
          const out = {};
          for (const [name, a] of Object.entries(algorithms)) out[name] = { w: a.w, theta: a.theta, kappa: a.kappa, updates: a.updates, stop: a.stop };
          return JSON.stringify(out);
        }),
      );
    },
  },
  {
    name: "a small learning-curve sweep's CSV is byte-identical to Chromium's",
    sameAsChromium: true,
    run: async (driver) => {
      const { csv } = await evaluate(driver, (p) => window.lab.runLearningCurve(p), SWEEP);
      assert.equal(csv.trim().split("\n").length, 1 + SWEEP.alphas.length * SWEEP.algorithms.length);
      return csv;
    },
  },
  {
    name: "a reload keeps the points (from local storage: the address without its link)",
    run: async (driver) => {
      const pts = [
        { x: 0.25, y: 1.75, label: 1 },
        { x: -1.25, y: -0.5, label: -1 },
        { x: 2, y: -0.75, label: -1 },
      ];
      await setPoints(driver, pts);
      await openLab(driver, await evaluate(driver, () => location.href.replace(/#.*$/, "")));
      assert.deepEqual((await state(driver)).points, pts);
    },
  },
  {
    name: "a link opens the picture it was copied from",
    run: async (driver) => {
      const linked = SIX.slice(0, 4);
      await setPoints(driver, linked);
      await evaluate(driver, () => window.lab.setThreshold(true));
      const link = await evaluate(driver, () => location.href);
      assert.match(link, /#v1:/);
      await setPoints(driver, SIX); // what the storage keeps
      await evaluate(driver, () => window.lab.setThreshold(false));
      await driver.goto("about:blank");
      await openLab(driver, link);
      const s = await state(driver);
      assert.deepEqual(s.points, linked);
      assert.equal(s.threshold, true);
    },
  },
  {
    name: "an imported lesson is kept in this browser's lesson store (IndexedDB) and read back after a reload",
    run: async (driver) => {
      const file = JSON.parse(await evaluate(driver, () => window.lab.openLesson("chapter", 0).then(() => window.lab.exportLesson())));
      await evaluate(driver, () => window.lab.closeLesson());
      const lesson = { ...file, id: "smoke-lesson", title: "Smoke", steps: file.steps.slice(0, 1) };
      await evaluate(driver, (json) => window.lab.importLesson(json), JSON.stringify(lesson));
      const stored = () =>
        new Promise((resolve) => {
          const open = indexedDB.open("perceptron-lab");
          open.onerror = () => resolve(false);
          open.onsuccess = () => {
            const db = open.result;
            const get = db.transaction("lessons").objectStore("lessons").get("list");
            get.onsuccess = () => {
              db.close();
              resolve((get.result ?? []).some((l) => l.id === "smoke-lesson"));
            };
            get.onerror = () => resolve(false);
          };
        });
      await waitFor(driver, stored, null, 30_000, "the lesson in the store");
      await openLab(driver, await evaluate(driver, () => location.href.replace(/#.*$/, "")));
      const ids = (await evaluate(driver, () => window.lab.lessons())).map((l) => l.id);
      assert.ok(ids.includes("smoke-lesson"), `the lesson read back after a reload (${ids.join(", ")})`);
    },
  },
  {
    name: "imports a CSV file",
    run: async (driver) => {
      const file = join(mkdtempSync(join(tmpdir(), "plab-smoke-")), "smoke-import.csv");
      writeFileSync(file, "x1,x2,label\n0.5,1.5,1\n-1,-2,0\n2,0.25,1\n");
      await driver.upload("#import-file", file);
      await waitFor(driver, () => /Imported 3 points from smoke-import\.csv/.test(document.getElementById("status").textContent), null, 30_000, "the import");
      assert.deepEqual((await state(driver)).points, [
        { x: 0.5, y: 1.5, label: 1 },
        { x: -1, y: -2, label: -1 },
        { x: 2, y: 0.25, label: 1 },
      ]);
    },
  },
];

/**
 * The steps for a second build of the core: it loads, and gives exactly Chromium's numbers, on the
 * site and in the single file opened from disk (which carries both builds and picks one itself).
 */
export const NUMBER_STEPS = [
  ...STEPS.filter((s, i) => i === 0 || s.sameAsChromium),
  {
    name: "the single file from disk loads the same build, and its sweep's CSV is byte-identical to Chromium's",
    sameAsChromium: true,
    run: async (driver) => {
      await openLab(driver, pathToFileURL(join(ROOT, "dist", "perceptron-lab.html")).href);
      assert.equal(await evaluate(driver, () => window.lab.getState().wasmBuild), driver.build);
      return (await evaluate(driver, (p) => window.lab.runLearningCurve(p), SWEEP)).csv;
    },
  },
];
