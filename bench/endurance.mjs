// Benchmark of endurance: the training animation and compare mode's race played at top
// speed (1 000 steps per second) for a long time, on points that no line through the origin
// separates. Every `--every` seconds it prints the steps per second since the
// last sample, the frame interval's median and 95th percentile (requestAnimationFrame), the
// frames the core keeps, the JS heap in use after a garbage collection (Chromium's
// Runtime.getHeapUsage) and the core's wasm memory: with the history bounded, the steps per
// second, the frame interval and both memories should stay level over the run rather than
// drift as it goes on.
// Usage: make build && node bench/endurance.mjs [--seconds 180] [--every 15] [--mode animation|race|both]
import { launch, openLab, serve } from "../tests/e2e/harness.mjs";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const SECONDS = Number(arg("seconds", 180));
const EVERY = Number(arg("every", 15));
const MODE = arg("mode", "both");
// 120 points, every seventh label flipped: separable by no line through the origin, so MinOver and
// Rosenblatt run to their epoch limits (2 000 and 1 000 epochs: minutes at 1 000 steps per second)
const POINTS = Array.from({ length: 120 }, (_, i) => {
  const x = Math.cos(i * 2.399) * (0.3 + (i % 11) / 10);
  const y = Math.sin(i * 2.399) * (0.3 + (i % 13) / 12);
  const label = (x + 0.5 * y > 0 ? 1 : -1) * (i % 7 === 0 ? -1 : 1);
  return { x, y, label };
});
const MB = (bytes) => (bytes / 2 ** 20).toFixed(1);

/** Plays the player `kind` ("animation" or "race") for SECONDS, printing a sample every EVERY seconds. */
async function run(kind) {
  const server = await serve();
  const browser = await launch();
  try {
    const { page } = await openLab(browser.context, server.url);
    const cdp = await page.context().newCDPSession(page);
    await page.evaluate((p) => window.lab.setPoints(p), POINTS);
    await page.evaluate(() => window.lab.settled(30_000));
    if (kind === "race") await page.evaluate(() => window.lab.setCompare(true, ["rosenblatt", "minover", "pocket"]));
    else await page.evaluate(() => window.lab.step("minover"));
    await page.locator("#anim-speed").fill("100"); // 1 000 steps per second
    // the frame intervals, collected in the page and taken at each sample
    await page.evaluate(() => {
      window.__frames = [];
      let last = performance.now();
      const tick = (now) => {
        window.__frames.push(now - last);
        last = now;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    const progress = () =>
      page.evaluate((race) => {
        const s = window.lab.getState();
        const frames = window.__frames.splice(0).sort((a, b) => a - b);
        const at = (q) => frames[Math.min(frames.length - 1, Math.floor(q * frames.length))] ?? NaN;
        return {
          step: race ? s.compare.steps : s.animation.step,
          kept: race ? null : s.animation.steps,
          median: at(0.5),
          p95: at(0.95),
        };
      }, kind === "race");
    // the core's wasm memory: the glue's init returns the instance already made
    const wasmBytes = () =>
      page.evaluate(async () => {
        const glue = await import(new URL("www/pkg/perceptron_lab.js", location.href).href);
        return (await glue.default()).memory.buffer.byteLength;
      });
    await page.click("#anim-play");
    console.log(`${kind}: ${SECONDS} s at 1 000 steps/s`);
    console.log("   t/s     steps  steps/s  frame median/p95 ms  frames kept  JS heap MB  wasm mem MB");
    let before = await progress();
    let t0 = performance.now();
    const start = t0;
    while (performance.now() - start < SECONDS * 1000) {
      await new Promise((r) => setTimeout(r, EVERY * 1000));
      const now = performance.now();
      const p = await progress();
      await cdp.send("HeapProfiler.collectGarbage");
      const heap = await cdp.send("Runtime.getHeapUsage");
      const memory = await wasmBytes();
      const rate = (p.step - before.step) / ((now - t0) / 1000);
      console.log(
        `${((now - start) / 1000).toFixed(0).padStart(6)} ${String(p.step).padStart(9)} ${rate.toFixed(0).padStart(8)}` +
          `  ${p.median.toFixed(1).padStart(8)} / ${p.p95.toFixed(1).padEnd(8)}  ${String(p.kept ?? "—").padStart(11)}` +
          `  ${MB(heap.usedSize).padStart(10)}  ${MB(memory).padStart(11)}`,
      );
      before = p;
      t0 = now;
    }
  } finally {
    await browser.close();
    server.close();
  }
}

for (const kind of MODE === "both" ? ["animation", "race"] : [MODE]) await run(kind);
