// Runs the smoke steps (smoke-steps.mjs) in one browser as node:test tests: the page served over
// HTTP as `make serve` serves it, and Chromium's answers to the steps marked `sameAsChromium`
// computed first, in the same run, on the same server.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { serve } from "../e2e/harness.mjs";
import { chromiumDriver } from "./driver-chromium.mjs";
import { STEPS, openLab } from "./smoke-steps.mjs";

/** Chromium's answers (by step name) to the steps of `steps` marked `sameAsChromium`, on the page at `url`. */
export async function chromiumAnswers(url, steps) {
  const driver = await chromiumDriver();
  try {
    await openLab(driver, url);
    const answers = {};
    for (const step of steps) if (step.sameAsChromium) answers[step.name] = await step.run(driver, { url });
    assert.deepEqual(await driver.errors(), [], "Chromium's page errors");
    return answers;
  } finally {
    await driver.close();
  }
}

/**
 * Registers one test per step of `steps`, in order, in the browser `makeDriver()` starts; after
 * each, the page must have reported no error.
 */
export function smoke(browser, makeDriver, steps = STEPS) {
  const run = { server: null, driver: null, chromium: null };
  before(async () => {
    run.server = await serve();
    run.chromium = await chromiumAnswers(run.server.url, steps);
    run.driver = await makeDriver();
  });
  after(async () => {
    await run.driver?.close();
    run.server?.close();
  });
  for (const step of steps) {
    test(`${browser}: ${step.name}`, async () => {
      const answer = await step.run(run.driver, { url: run.server.url });
      if (step.sameAsChromium) assert.equal(answer, run.chromium[step.name]);
      assert.deepEqual(await run.driver.errors(), []);
    });
  }
}
