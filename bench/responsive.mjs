// Benchmark: how quickly the page's main thread answers while a large learning-curve sweep runs in
// the workers (the figure tests/e2e/curves.test.mjs used to assert): `lab.getState()` round trips
// from the test driver, 20 of them during the sweep, against 20 with the page idle.
// Usage: make build && node bench/responsive.mjs
import { launch, openLab, serve } from "../tests/e2e/harness.mjs";

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
  const run = page.evaluate(() =>
    window.lab
      .runLearningCurve({
        n: 50,
        alphas: Array.from({ length: 40 }, (_, i) => 0.5 + i * 0.25),
        reps: 200,
        algorithms: ["minover", "exact"],
        epochs: 200,
        seed: 2,
        noise: 0,
        labels: "teacher",
        stop: { kind: "epochs" },
      })
      .catch((e) => e.name),
  );
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
