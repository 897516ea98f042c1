// Records how the cells of course presets finish in the page (headless Chromium, one worker per
// core), for replaying time-left estimators offline (www/curves/sweep-clock.js): every progress
// message of the pool's workers as the page gets it (its time, the cells it reports and each one's
// time in the worker) and every chunk's results, from a listener added to each Worker beside the
// pool's own. Writes one JSON file per run: {id, sizes, reps, workers, load (the 1-minute load
// average before and after), t0, ms (the sweep's time as the page reports it), events}.
// Usage: make build && node bench/sweep-trace.mjs [--only id,id] [--out target/traces]
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { ASSIGNMENTS } from "../www/curves/assignments.js";
import { ROOT, launch, openLab, serve } from "../tests/e2e/harness.mjs";

const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : null;
};
const only = arg("--only")?.split(",") ?? null;
const out = arg("--out") ?? join(ROOT, "target", "traces");
const presets = ASSIGNMENTS.filter((a) => !a.ns && (!only || only.includes(a.id)));
mkdirSync(out, { recursive: true });

const server = await serve();
const browser = await launch();
await browser.context.addInitScript(() => {
  const Native = globalThis.Worker;
  /** @type {any[]} */
  const events = [];
  Object.assign(globalThis, { sweepTrace: events });
  globalThis.Worker = class extends Native {
    /** @param {ConstructorParameters<typeof Worker>} args */
    constructor(...args) {
      super(...args);
      this.addEventListener("message", ({ data }) => {
        const t = performance.now();
        if (data?.progress) events.push({ t, cells: data.cells, times: data.times });
        else if (data?.results) events.push({ t, results: data.results.length });
      });
    }
  };
});
const { page } = await openLab(browser.context, server.url);
for (const a of presets) {
  const loadBefore = loadavg()[0];
  const trace = await page.evaluate(async (id) => {
    const trace = /** @type {any[]} */ (/** @type {any} */ (globalThis).sweepTrace);
    trace.length = 0;
    const lab = /** @type {any} */ (window).lab;
    const t0 = performance.now();
    const [{ ms }] = await lab.runAssignment(id);
    return { t0, ms, end: performance.now(), events: trace.splice(0) };
  }, a.id);
  // P = round(α N) of each α of the grid (the core's `alpha_grid` and `CurveParams::p`)
  const sizes = a.alpha[2]
    ? Array.from({ length: a.alpha[2] }, (_, i) => Math.max(1, Math.round((a.alpha[0] + ((a.alpha[1] - a.alpha[0]) * i) / Math.max(1, a.alpha[2] - 1)) * a.n)))
    : [];
  // the pool's size (worker-pool.js)
  const workers = await page.evaluate(() => Math.max(1, Math.min(16, navigator.hardwareConcurrency || 2)));
  const file = join(out, `${a.id}.json`);
  writeFileSync(file, JSON.stringify({ id: a.id, sizes, reps: a.reps, algorithms: a.algorithms.length, workers, load: [loadBefore, loadavg()[0]], ...trace }));
  console.log(`${a.id}: ${trace.events.length} events, ${(trace.ms / 1000).toFixed(1)} s → ${file}`);
}
await browser.close();
server.close();
