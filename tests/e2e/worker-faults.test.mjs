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
