// Benchmark (issue 27, the download): the page's ready time on a cold load — a new Chromium with a
// fresh profile for every load (empty HTTP cache, no compiled-wasm cache, no service worker), from
// localhost — as `lab.readyAt` (ms from navigation start until the page is interactive: the wasm
// fetched, compiled and instantiated, the catalogue read, the views drawn); then, in the same
// browser, a reload (warm: the caches filled by the cold load). `--runs` loads of each (default 5).
// Usage: make build && node bench/cold-load.mjs [--runs 5]
import { launch, openLab, serve } from "../tests/e2e/harness.mjs";

const i = process.argv.indexOf("--runs");
const runs = i > 0 ? Number(process.argv[i + 1]) : 5;
const median = (v) => [...v].sort((a, b) => a - b)[v.length >> 1];

const server = await serve();
const cold = [];
const warm = [];
try {
  for (let r = 0; r < runs; r++) {
    const browser = await launch();
    try {
      const { page } = await openLab(browser.context, server.url);
      cold.push(await page.evaluate(() => window.lab.readyAt));
      await page.reload();
      await page.waitForFunction(() => window.lab?.ready);
      await page.evaluate(() => window.lab.ready);
      warm.push(await page.evaluate(() => window.lab.readyAt));
    } finally {
      await browser.close();
    }
  }
} finally {
  server.close();
}
const fmt = (v) => v.map((t) => t.toFixed(0)).join(", ");
console.log(`cold load (fresh profile): ${fmt(cold)} ms; median ${median(cold).toFixed(0)} ms`);
console.log(`warm reload (same profile): ${fmt(warm)} ms; median ${median(warm).toFixed(0)} ms`);
