// A sweep's worker that dies without a word — it closes itself, as a browser's closing of a
// worker looks to the page: no error, no message — fails the sweep with a message that says so,
// instead of hanging; the points are kept and the next Run works. The fault is injected at the
// network layer (the sweep's worker script served with a line that closes it), not in the page.
import { test } from "node:test";
import assert from "node:assert/strict";
import { LARGE_SWEEP, SIX, SMALL_SWEEP, launch, openLab, serve } from "./harness.mjs";

test("a sweep whose worker dies silently fails with a message, keeps the points, and Run works again", async () => {
  const server = await serve();
  // no service worker, so that every worker script is fetched (and can be routed)
  const browser = await launch({ serviceWorkers: "block" });
  try {
    const { page, errors } = await openLab(browser.context, server.url);
    await page.evaluate((p) => window.lab.setPoints(p), SIX);
    await page.evaluate(() => window.lab.settled(30_000));
    const before = await page.evaluate(() => window.lab.getState().points);
    // from now on the worker script closes itself after its first batch of cells
    await browser.context.route("**/worker.js", async (route) => {
      const response = await route.fetch();
      const body = `${await response.text()}\nsetTimeout(() => self.close(), 500);\n`;
      await route.fulfill({ response, body });
    });
    const outcome = await page.evaluate(
      (sweep) =>
        Promise.race([
          window.lab.runLearningCurve(sweep).then(
            () => "finished",
            (e) => `${e.name}: ${e.message}`,
          ),
          // a hang detector only (not a timing requirement): far beyond the watchdog's limit
          new Promise((r) => setTimeout(() => r("hung"), 90_000)),
        ]),
      LARGE_SWEEP,
    );
    assert.match(outcome, /a worker stopped answering \(silent for \d+ s\)/);
    assert.match(await page.textContent("#lc-status"), /failed: a worker stopped answering/);
    assert.deepEqual(await page.evaluate(() => window.lab.getState().points), before, "the points are kept");
    // healthy workers again: the next run finishes
    await browser.context.unroute("**/worker.js");
    const { rows } = await page.evaluate((sweep) => window.lab.runLearningCurve(sweep), SMALL_SWEEP);
    assert.ok(rows.length > 0);
    assert.equal(await page.isDisabled("#lc-run"), false);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    server.close();
  }
});

test("a sweep's worker that cannot load fails the sweep with a message that says so; the next Run works", async () => {
  const server = await serve();
  const browser = await launch({ serviceWorkers: "block" });
  try {
    const { page, errors } = await openLab(browser.context, server.url);
    await page.evaluate((p) => window.lab.setPoints(p), SIX);
    // the sweep's worker script is missing: the worker's error event carries no message
    await browser.context.route("**/worker.js", (route) => route.fulfill({ status: 404, body: "not found" }));
    const outcome = await page.evaluate(
      (sweep) =>
        window.lab.runLearningCurve(sweep).then(
          () => "finished",
          (e) => e.message,
        ),
      SMALL_SWEEP,
    );
    assert.match(outcome, /^a worker could not start \(its script or the core did not load\)/);
    assert.doesNotMatch(outcome, /undefined/);
    assert.match(await page.textContent("#lc-status"), /^The sweep failed: a worker could not start .*\.$/);
    assert.equal(await page.isDisabled("#lc-run"), false);
    assert.deepEqual(await page.evaluate(() => window.lab.getState().points), SIX, "the points are kept");
    await browser.context.unroute("**/worker.js");
    const { rows } = await page.evaluate((sweep) => window.lab.runLearningCurve(sweep), SMALL_SWEEP);
    assert.ok(rows.length > 0);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    server.close();
  }
});

// Sizes that pass every other check but whose sets would not fit in a worker's memory (the issue's
// reproductions: they panicked in the worker, "capacity overflow", and the status read "failed:
// unreachable"): refused before any worker starts, with the size and the limit, the points and the
// last sweep kept, the next Run working.
test("sweeps too large for memory are refused before they start, naming P × N and the limit", async () => {
  const server = await serve();
  const browser = await launch();
  try {
    const { page, errors } = await openLab(browser.context, server.url);
    await page.evaluate((p) => window.lab.setPoints(p), SIX);
    const first = await page.evaluate((sweep) => window.lab.runLearningCurve(sweep), SMALL_SWEEP);
    for (const [n, alpha] of [
      [5, 1e9],
      [1000, 1000],
      [2000, 500],
    ]) {
      const outcome = await page.evaluate(
        (sweep) =>
          window.lab.runLearningCurve(sweep).then(
            () => "finished",
            (e) => e.message,
          ),
        { ...SMALL_SWEEP, n, alphas: [alpha], reps: 1, algorithms: ["minover"] },
      );
      assert.match(outcome, new RegExp(`P × N = \\d+ × ${n} at α = ${alpha}: .* at most 33554432 values \\(256 MiB\\) are allowed`), outcome);
      assert.doesNotMatch(outcome, /unreachable|capacity overflow|panicked/);
      assert.equal(await page.isDisabled("#lc-run"), false, "Run is not left disabled");
    }
    // the form: the same refusal in the status line, as a sentence
    for (const [id, value] of [
      ["lc-n", "1000"],
      ["lc-alpha-start", "1000"],
      ["lc-alpha-stop", "1000"],
      ["lc-alpha-count", "1"],
    ])
      await page.fill(`#${id}`, value);
    await page.click("#lc-run");
    await page.waitForFunction(() => /^Not run:/.test(document.getElementById("lc-status").textContent));
    assert.match(await page.textContent("#lc-status"), /^Not run: the sweep's largest set, P × N = 1000000 × 1000 .*\.$/);
    assert.deepEqual(await page.evaluate(() => window.lab.getState().points), SIX, "the points are kept");
    const again = await page.evaluate((sweep) => window.lab.runLearningCurve(sweep), SMALL_SWEEP);
    assert.equal(again.csv, first.csv, "the next sweep runs as before");
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    server.close();
  }
});
