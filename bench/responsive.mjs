// Benchmark: how quickly the page's main thread answers while a large learning-curve sweep runs in
// the workers (the figure tests/e2e/curves.test.mjs used to assert; the same sweep, harness
// LARGE_SWEEP): `lab.getState()` round trips
// from the test driver, 20 of them during the sweep, against 20 with the page idle.
// Usage: make build && node bench/responsive.mjs
import { LARGE_SWEEP, launch, openLab, serve } from "../tests/e2e/harness.mjs";

const ROUND_TRIPS = 20;
const server = await serve();
const browser = await launch();
try {
  const { page } = await openLab(browser.context, server.url);
  const roundTrips = async () => {
    const ms = [];
    for (let k = 0; k < ROUND_TRIPS; k++) {
      const t0 = performance.now();
      await page.evaluate(() => window.lab.getState());
      ms.push(performance.now() - t0);
    }
    return ms.sort((a, b) => a - b);
  };
  const idle = await roundTrips();
  const run = page.evaluate((sweep) => window.lab.runLearningCurve(sweep).catch((e) => e.name), LARGE_SWEEP);
  await page.waitForFunction(() => document.getElementById("lc-progress").value > 0, null, { timeout: 60_000 });
  const busy = await roundTrips();
  await page.evaluate(() => window.lab.cancelLearningCurve());
  await run;
  const median = (v) => v[Math.floor(v.length / 2)];
  console.log(
    `getState() round trip, ${ROUND_TRIPS} each: idle median ${median(idle).toFixed(1)} ms (max ${idle.at(-1).toFixed(1)}),` +
      ` during a sweep median ${median(busy).toFixed(1)} ms (max ${busy.at(-1).toFixed(1)}); ratio of medians ${(median(busy) / median(idle)).toFixed(2)}`,
  );
} finally {
  await browser.close();
  server.close();
}
