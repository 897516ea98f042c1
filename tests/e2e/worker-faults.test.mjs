// A sweep's worker that dies without a word — it closes itself, as a browser's closing of a
// worker looks to the page: no error, no message — fails the sweep with a message that says so,
// instead of hanging; the points are kept and the next Run works. The fault is injected at the
// network layer (the sweep's worker script served with a line that closes it), not in the page.
import { test } from "node:test";
import assert from "node:assert/strict";
import { LARGE_SWEEP, SIX, SMALL_SWEEP, launch, openLab, serve } from "./harness.mjs";

/**
 * How the sweep `sweep` on `page` ends: "finished", its error as "name: message", or "hung" — a
 * hang detector only (not a timing requirement), far beyond the watchdog's limit.
 */
function runOrHang(page, sweep) {
  return page.evaluate(
    (sweep) =>
      Promise.race([
        window.lab.runLearningCurve(sweep).then(
          () => "finished",
          (e) => `${e.name}: ${e.message}`,
        ),
        new Promise((r) => setTimeout(() => r("hung"), 120_000)),
      ]),
    sweep,
  );
}

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
    const outcome = await runOrHang(page, LARGE_SWEEP);
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

// A worker the browser ends in the middle of its chunk (after it reported some of its cells, before
// its results): the workers speak after each cell while a chunk runs (runCells' progress callback,
// at most ten times a second), so the pool's watchdog takes a silence of a few seconds for death.
// The worker is ended from the page (Worker.terminate: no event, no message, as a browser's
// closing of it), found by a wrapper of the Worker constructor.
test("a sweep whose worker dies in the middle of a chunk fails with a message; form and points kept, Run works again", async () => {
  const server = await serve();
  const browser = await launch();
  try {
    const { page, errors } = await openLab(browser.context, server.url);
    await page.evaluate((p) => window.lab.setPoints(p), SIX);
    const before = await page.evaluate(() => window.lab.getState().points);
    const form = () =>
      page.evaluate(() =>
        [...document.querySelectorAll("#curves input, #curves select")].map((e) =>
          e instanceof HTMLInputElement && e.type === "checkbox" ? e.checked : /** @type {HTMLInputElement} */ (e).value,
        ),
      );
    const formBefore = await form();
    // the core calls a batch's progress callback after each of its cells
    const calls = await page.evaluate(async (sweep) => {
      // the core's module of its own here (the page's is inside its bundle), instantiated
      const core = await import("/www/pkg/perceptron_lab.js");
      await core.default();
      const { runCells } = core;
      const seen = [];
      const results = runCells(sweep, 1, 5, (done) => seen.push(done));
      return { seen, cells: results.map((r) => r.cell) };
    }, SMALL_SWEEP);
    assert.deepEqual(calls, { seen: [1, 2, 3, 4], cells: [1, 2, 3, 4] });
    // the first sweep worker to report progress is ended then, its chunk's size and the cells it
    // had reported recorded
    await page.evaluate(() => {
      const Original = window.Worker;
      window.killed = null;
      window.Worker = class extends Original {
        constructor(...args) {
          super(...args);
          let chunk = 0;
          let reported = 0;
          const post = this.postMessage.bind(this);
          this.postMessage = (message, ...rest) => {
            // a chunk: a list of cells (or, from the warm-up, a range)
            if (message && (Array.isArray(message.cells) || typeof message.start === "number")) {
              chunk = message.cells ? message.cells.length : message.end - message.start;
              reported = 0;
            }
            post(message, ...rest);
          };
          this.addEventListener("message", ({ data }) => {
            if (!data?.progress || window.killed) return;
            reported += data.progress;
            if (reported < chunk) {
              window.killed = { chunk, reported };
              this.terminate();
            }
          });
        }
      };
    });
    const outcome = await runOrHang(page, LARGE_SWEEP);
    const killed = await page.evaluate(() => window.killed);
    assert.ok(killed && killed.reported > 0 && killed.reported < killed.chunk, `ended in the middle of a chunk: ${JSON.stringify(killed)}`);
    assert.match(outcome, /a worker stopped answering \(silent for \d+ s\)/);
    assert.match(await page.textContent("#lc-status"), /failed: a worker stopped answering/);
    assert.equal(await page.isDisabled("#lc-run"), false, "Run is not left disabled");
    assert.deepEqual(await page.evaluate(() => window.lab.getState().points), before, "the points are kept");
    assert.deepEqual(await form(), formBefore, "the form is kept");
    // the next run, its workers left alone, finishes
    await page.evaluate(() => {
      window.killed = { chunk: 0, reported: 0 };
    });
    const { rows } = await page.evaluate((sweep) => window.lab.runLearningCurve(sweep), SMALL_SWEEP);
    assert.ok(rows.length > 0);
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

// Sizes that pass every other check but whose sets would not fit in a worker's memory (started,
// they would panic in the worker, "capacity overflow", and leave a status of "failed:
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
