// Benchmark: one drag step with P = 200 — retrain Rosenblatt, MinOver, AdaTron and the exact
// optimum, and redraw the data view and readout — timed inside headless Chromium.
// Usage: make bench   (or: node bench/drag.mjs [P] [steps])
import { launch, openLab, serve } from "../tests/e2e/harness.mjs";

const P = Number(process.argv[2] ?? 200);
const STEPS = Number(process.argv[3] ?? 100);

const server = await serve();
const browser = await launch();
try {
  // time to interactive: five fresh loads from localhost (the first warms the HTTP cache, as a
  // second visit would; all five are reported)
  const loads = [];
  for (let k = 0; k < 5; k++) {
    const { page } = await openLab(browser.context, server.url);
    loads.push(await page.evaluate(() => window.lab.readyAt));
    await page.close();
  }
  const { page } = await openLab(browser.context, server.url);
  const rows = [];
  for (const threshold of [false, true]) {
    const result = await page.evaluate(
      async ([P, STEPS, threshold]) => {
        document.getElementById("teacher-p").value = String(P);
        document.getElementById("teacher-seed").value = "1";
        window.lab.loadPreset("teacher");
        window.lab.setThreshold(threshold);
        const pts = window.lab.getState().points;
        const i = pts.findIndex((p) => p.label > 0);
        const { x, y } = pts[i];
        const times = [];
        const train = [];
        const info = [];
        for (let k = 0; k < STEPS; k++) {
          // a small circle around the point's original place, as a hand would drag it
          const a = (2 * Math.PI * k) / STEPS;
          const t0 = performance.now();
          window.lab.movePoint(i, x + 0.15 * Math.cos(a), y + 0.15 * Math.sin(a));
          times.push(performance.now() - t0);
          train.push(window.lab.lastFrame().trainMs);
          if (k % 25 === 0) {
            const s = window.lab.getState().algorithms;
            info.push(Object.fromEntries(["rosenblatt", "minover", "adatron"].map((n) => [n, s[n].steps])));
          }
          await new Promise(requestAnimationFrame);
        }
        times.sort((a, b) => a - b);
        train.sort((a, b) => a - b);
        return {
          train: train[Math.floor(train.length / 2)],
          median: times[Math.floor(times.length / 2)],
          p90: times[Math.floor(times.length * 0.9)],
          max: times[times.length - 1],
          steps: info,
        };
      },
      [P, STEPS, threshold],
    );
    rows.push({ mode: threshold ? "with threshold" : "through the origin", ...result });
  }
  console.log(`time from navigation to window.lab ready (5 loads): ${loads.map((t) => t.toFixed(0)).join(", ")} ms`);
  console.log(`drag frame, P = ${P}, ${STEPS} drag steps per mode (retrain 3 algorithms + exact, redraw)`);
  for (const r of rows) {
    console.log(
      `${r.mode.padEnd(20)} frame median ${r.median.toFixed(2)} ms  p90 ${r.p90.toFixed(2)} ms  max ${r.max.toFixed(2)} ms;` +
        ` training alone (wasm) median ${r.train.toFixed(2)} ms` +
        `   (steps per run, sampled: ${JSON.stringify(r.steps[0])})`,
    );
  }
} finally {
  await browser.close();
  server.close();
}
