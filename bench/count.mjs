// Benchmark of Cover's count on the page (the count shown as the points are edited): the core's
// `dichotomyCount` in WebAssembly in headless Chromium, through the origin and with a threshold,
// on teacher sets of P = 300, 1 000 and 2 000 points (median of 7 calls). The page counts both
// modes on every edit up to LIMITS.countPoints points.
// Usage: make build && node bench/count.mjs
import { launch, lineSet, openLab, serve } from "../tests/e2e/harness.mjs";
const server = await serve();
const browser = await launch();
try {
  const { page } = await openLab(browser.context, server.url);
  for (const P of [300, 1000, 2000]) {
    const pts = lineSet("teacher", P, false);
    const r = await page.evaluate(async (pts) => {
      const m = await import(new URL("pkg/perceptron_lab.js", document.querySelector("script[type=module]").src).href);
      const xs = new Float64Array(pts.flatMap((p) => [p.x, p.y]));
      const ys = new Float64Array(pts.map((p) => p.label));
      const out = {};
      for (const t of [false, true]) {
        const v = [];
        for (let k = 0; k < 7; k++) {
          const t0 = performance.now();
          m.dichotomyCount(xs, ys, t);
          v.push(performance.now() - t0);
        }
        v.sort((a, b) => a - b);
        out[t ? "threshold" : "origin"] = v[3].toFixed(1);
      }
      return out;
    }, pts);
    console.log(`P = ${P}: through the origin ${r.origin} ms, with a threshold ${r.threshold} ms`);
  }
} finally {
  await browser.close();
  server.close();
}
