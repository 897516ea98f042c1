// The page compiles its core once and hands the compiled module to every worker (worker-pool.js
// spawnWorker): the training worker and a sweep's workers fetch no wasm of their own, and the
// sweep's numbers are those of workers that load the core themselves (the single-file build's
// path, and a browser that cannot post a module).
import { test } from "node:test";
import assert from "node:assert/strict";
import { SMALL_SWEEP, fromSources, launch, openLab, serve } from "./harness.mjs";

/**
 * Opens the page without a service worker (every request reaches the network, and is seen);
 * `sources`: from its source modules, so that the test can reach the page's worker pool.
 */
async function withPage(fn, { sources = false } = {}) {
  const server = await serve();
  const browser = await launch({ serviceWorkers: "block" });
  if (sources) await fromSources(browser.context);
  try {
    const wasm = [];
    browser.context.on("request", (r) => {
      if (r.url().endsWith(".wasm")) wasm.push(r.url());
    });
    const { page, errors } = await openLab(browser.context, server.url);
    await fn(page, wasm);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    server.close();
  }
}

const sweep = { ...SMALL_SWEEP, n: 20, alphas: [0.5, 1, 2, 4], reps: 8, algorithms: ["minover", "adatron", "rosenblatt"], epochs: 30 };

test("the page fetches its core once: the training worker and a sweep's workers get the compiled module", async () => {
  let shared;
  await withPage(async (page, wasm) => {
    await page.evaluate(() => window.lab.settled(30_000)); // the training worker has run
    const { csv } = await page.evaluate((p) => window.lab.runLearningCurve(p), sweep);
    assert.equal(wasm.length, 1, `one fetch of the core: ${JSON.stringify(wasm)}`);
    shared = csv;
  });
  // the same sweep where each worker loads the core itself (its first message says it has none)
  await withPage(
    async (page, wasm) => {
      const csv = await page.evaluate(async (p) => {
        const { shareCore } = await import("/www/workers/worker-pool.js");
        shareCore(null); // as where the browser cannot post a module

        return (await window.lab.runLearningCurve(p)).csv;
      }, sweep);
      assert.ok(wasm.length >= 2, `the workers fetched the core themselves: ${JSON.stringify(wasm)}`);
      assert.equal(csv, shared, "the same numbers either way");
    },
    { sources: true },
  );
});

test("a worker that gets work before any core (a page of an older version sends none) loads its own and answers", async () => {
  await withPage(async (page, wasm) => {
    const { fromWorker, onPage } = await page.evaluate(async (p) => {
      const worker = new Worker("/www/workers/worker.js", { type: "module" });
      const fromWorker = await new Promise((resolve, reject) => {
        worker.onmessage = ({ data }) => {
          if (data.results) resolve(data.results);
          if (data.error) reject(new Error(data.error));
        };
        worker.postMessage({ id: 1, params: p, start: 0, end: 12 });
        setTimeout(() => reject(new Error("the worker did not answer within 30 s")), 30_000);
      });
      worker.terminate();
      // the core's module of its own here (the page's is inside its bundle), instantiated
      const core = await import("/www/pkg/perceptron_lab.js");
      await core.default();
      return { fromWorker, onPage: core.runCells(p, 0, 12) };
    }, sweep);
    assert.equal(fromWorker.length, 12);
    assert.deepEqual(fromWorker, onPage, "the worker's cells are the page's");
    assert.ok(wasm.length >= 2, `the worker fetched the core itself: ${JSON.stringify(wasm)}`);
  });
});
