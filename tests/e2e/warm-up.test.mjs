// The learning-curve workers warm up before the first Run (worker-pool.js `warm`, curve-panel.js):
// nothing starts while no hand or key is in the panel; the pointer entering it (or the focus) starts
// the pool's workers once, on a small sweep; the first sweep then takes those workers, and its
// numbers are those of a page whose workers never warmed up.
import { test } from "node:test";
import assert from "node:assert/strict";
import { launch, openLab, serve } from "./harness.mjs";

const sweep = {
  n: 20,
  alphas: [0.5, 2, 6],
  reps: 4,
  algorithms: ["minover", "adatron", "rosenblatt"],
  epochs: 30,
  seed: 3,
  noise: 0,
  labels: "teacher",
  stop: { kind: "epochs" },
};

/** Counts the sweep workers the page starts from now on (`window.started`): those given cells to run. */
const countWorkers = () => {
  const Original = window.Worker;
  window.started = 0;
  window.Worker = class extends Original {
    constructor(...args) {
      super(...args);
      let counted = false;
      const post = this.postMessage.bind(this);
      this.postMessage = (message, ...rest) => {
        if (!counted && (typeof message?.start === "number" || Array.isArray(message?.cells))) {
          counted = true;
          window.started++;
        }
        post(message, ...rest);
      };
    }
  };
};

test("the sweep workers start and warm up when a hand or key comes into the panel, once; the first sweep takes them and gives the same numbers", async () => {
  const server = await serve();
  const browser = await launch();
  try {
    // a page whose workers never warm up: the sweep's numbers
    const cold = await openLab(browser.context, server.url);
    await cold.page.evaluate(countWorkers);
    const { csv: coldCsv } = await cold.page.evaluate((p) => window.lab.runLearningCurve(p), sweep);
    const size = await cold.page.evaluate(() => window.started);
    assert.ok(size >= 1, "the sweep started its workers");
    assert.deepEqual(cold.errors, []);
    await cold.page.close();

    const { page, errors } = await openLab(browser.context, server.url);
    await page.evaluate(countWorkers);
    await page.evaluate(() => window.lab.settled(30_000));
    await page.waitForTimeout(500);
    assert.equal(await page.evaluate(() => window.started), 0, "nothing starts without a hand or key in the panel");
    // the pointer comes into the panel: the pool's workers start, once
    await page.hover("#lc-run");
    await page.waitForFunction((n) => window.started === n, size, { timeout: 10_000 });
    await page.focus("#lc-run");
    await page.mouse.move(0, 0);
    await page.hover("#lc-run");
    await page.waitForTimeout(300);
    assert.equal(await page.evaluate(() => window.started), size, "the workers start once");
    // the first sweep takes the warm workers, and its numbers are the cold page's
    const { csv } = await page.evaluate((p) => window.lab.runLearningCurve(p), sweep);
    assert.equal(await page.evaluate(() => window.started), size, "the sweep started no workers of its own");
    assert.equal(csv, coldCsv, "the same numbers as without the warm-up");
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    server.close();
  }
});

test("the focus coming into the panel (the keyboard) warms the workers too", async () => {
  const server = await serve();
  const browser = await launch();
  try {
    const { page, errors } = await openLab(browser.context, server.url);
    await page.evaluate(countWorkers);
    await page.focus("#lc-run");
    await page.waitForFunction(() => window.started >= 1, null, { timeout: 10_000 });
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    server.close();
  }
});
