// Benchmark of bounded settling, the training worker's part of bench/settle-10k.mjs
// without the page: on the same 10 000-point small-margin set, each default rule alone trained to
// its stop by the core's `Training` export (www/pkg's wasm in Node, V8 as in Chromium), with its
// wall and CPU seconds (`process.cpuUsage`: less sensitive than the wall to other work on the
// machine), through the origin and with a threshold; then all of them together, as the worker
// trains them. `--pkg DIR` times another build (e.g. the main branch's www/pkg) for an A/B run.
// Usage: make build && node bench/settle-10k-rules.mjs [--pkg www/pkg] [--only minover]
import { readFileSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { lineSet, ROOT } from "../tests/e2e/harness.mjs";

const opt = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const pkgArg = opt("pkg", "www/pkg");
const pkg = isAbsolute(pkgArg) ? pkgArg : join(ROOT, pkgArg);
const only = opt("only", "");
const { initSync, Training, catalogue } = await import(join(pkg, "perceptron_lab.js"));
initSync({ module: readFileSync(join(pkg, "perceptron_lab_bg.wasm")) });

const P = 10_000;
const MARGIN = 4.6e-4;
const rules = catalogue()
  .algorithms.filter((a) => a.role === "core")
  .map((a) => a.name)
  .filter((name) => !only || name === only);

/** Trains `algorithms` on the set to their stops; wall and CPU seconds and each rule's stop. */
function settle(xs, ys, threshold, algorithms) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const t = new Training(xs, ys, { threshold, algorithms });
  while (!t.advance(() => false)) {}
  const wall = (performance.now() - t0) / 1000;
  const { user, system } = process.cpuUsage(cpu0);
  const scene = t.scene();
  t.free();
  return { wall, cpu: (user + system) / 1e6, stops: scene.algorithms.map((a) => `${a.name}: ${a.stop} after ${a.steps}`) };
}

console.log(`${pkg}: P = ${P}, small margin ${MARGIN}`);
for (const threshold of [false, true]) {
  const pts = lineSet("small-margin", P, threshold, MARGIN);
  const xs = new Float64Array(pts.flatMap((p) => [p.x, p.y]));
  const ys = new Float64Array(pts.map((p) => p.label));
  console.log(threshold ? "with a threshold" : "through the origin");
  for (const set of [...rules.map((r) => [r]), ...(only ? [] : [rules])]) {
    const r = settle(xs, ys, threshold, set);
    console.log(`  ${set.join("+")}: wall ${r.wall.toFixed(2)} s, cpu ${r.cpu.toFixed(2)} s — ${r.stops.join("; ")}`);
  }
}
