// Benchmark (issue 27, the download): the page's ready time on a cold load — a new Chromium with a
// fresh profile for every load (empty HTTP cache, no compiled-wasm cache, no service worker), from
// localhost — as `lab.readyAt` (ms from navigation start until the page is interactive: the wasm
// fetched, compiled and instantiated, the catalogue read, the views drawn); then, in the same
// browser, a reload (warm: the caches filled by the cold load). `--runs` loads of each (default 5).
// `--link MBIT,MS`: every load over an emulated link of that bandwidth and latency (Chromium's
// network emulation, e.g. `10,40`: 10 Mbit/s each way, 40 ms).
// `--vs DIR`: the same loads of another checkout's page (built, e.g. a git worktree of an earlier
// commit) too, alternated with this one's, and the ratios of this one's to it.
// Usage: make build && node bench/cold-load.mjs [--runs 5] [--link 10,40] [--vs DIR]
import { launch, serve } from "../tests/e2e/harness.mjs";

const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : null;
};
const runs = Number(arg("--runs") ?? 5);
const [mbit, latency] = (arg("--link") ?? "").split(",").map(Number);

/** A new tab of `context` on `url` (over the emulated link, if one is asked for), ready. */
async function open(context, url) {
  const page = await context.newPage();
  if (mbit) {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    const bytes = (mbit * 1e6) / 8;
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency, downloadThroughput: bytes, uploadThroughput: bytes });
  }
  await page.goto(url);
  await page.waitForFunction(() => window.lab?.ready);
  await page.evaluate(() => window.lab.ready);
  return page;
}
const median = (v) => [...v].sort((a, b) => a - b)[v.length >> 1];

/** One cold load and reload of the page served at `url`, in a new browser: `{cold, warm}` (readyAt, ms). */
async function measure(url) {
  const browser = await launch();
  try {
    const page = await open(browser.context, url);
    const cold = await page.evaluate(() => window.lab.readyAt);
    await page.reload();
    await page.waitForFunction(() => window.lab?.ready);
    await page.evaluate(() => window.lab.ready);
    return { cold, warm: await page.evaluate(() => window.lab.readyAt) };
  } finally {
    await browser.close();
  }
}

const vs = arg("--vs");
const sides = [{ name: "this page", server: await serve(), cold: [], warm: [] }];
if (vs) sides.push({ name: vs, server: await serve(vs), cold: [], warm: [] });
try {
  for (let r = 0; r < runs; r++) {
    // alternated, each side first in turn
    for (const side of r % 2 ? [...sides].reverse() : sides) {
      const { cold, warm } = await measure(side.server.url);
      side.cold.push(cold);
      side.warm.push(warm);
    }
  }
} finally {
  for (const side of sides) side.server.close();
}
const fmt = (v) => v.map((t) => t.toFixed(0)).join(", ");
const over = mbit ? ` over ${mbit} Mbit/s, ${latency} ms` : "";
for (const { name, cold, warm } of sides) {
  if (vs) console.log(`${name}:`);
  console.log(`cold load (fresh profile)${over}: ${fmt(cold)} ms; median ${median(cold).toFixed(0)} ms`);
  console.log(`warm reload (same profile): ${fmt(warm)} ms; median ${median(warm).toFixed(0)} ms`);
}
if (vs) {
  const ratios = sides[0].cold.map((t, i) => t / sides[1].cold[i]);
  console.log(`cold load, this page / ${vs}: ${ratios.map((r) => r.toFixed(2)).join(", ")}; median ${median(ratios).toFixed(2)}`);
}
