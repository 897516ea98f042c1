// Benchmark: the Gibbs and Bayes students of the data view in WebAssembly (Node's V8, the
// engine of Chromium): exact 2-D draws per second from `gibbsSamples` and `bayesPoint` calls per
// second, on a seeded 2-D teacher set of P points (`teacherSet`), through the origin and with a
// threshold (the set shifted by 0.5 so that the threshold matters).
// Usage: make build && node bench/students.mjs [--p 100] [--k 100000]
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../tests/e2e/harness.mjs";
import { bayesPoint, gibbsSamples, initSync, teacherSet } from "../www/pkg/perceptron_lab.js";

initSync({ module: readFileSync(join(ROOT, "www/pkg/perceptron_lab_bg.wasm")) });
/** The value after `--name`, or `fallback`. */
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const p = arg("--p", 100);
const k = arg("--k", 100000);
const set = teacherSet(p, 1, 0);
for (const threshold of [false, true]) {
  const xs = new Float64Array(set.xs.map((v) => (threshold ? v + 0.5 : v)));
  const ys = new Float64Array(set.ys);
  gibbsSamples(xs, ys, threshold, 1000, 1); // warm-up
  let t = performance.now();
  const draws = gibbsSamples(xs, ys, threshold, k, 2);
  const drawMs = performance.now() - t;
  const calls = 2000;
  t = performance.now();
  for (let i = 0; i < calls; i++) bayesPoint(xs, ys, threshold);
  const bayesMs = performance.now() - t;
  console.log(
    `P = ${p}, ${threshold ? "with a threshold" : "through the origin"}: ${((k / drawMs) * 1000).toExponential(3)} exact draws/s (one call of ${draws.length / 3}); bayesPoint ${((calls / bayesMs) * 1000).toFixed(0)}/s`,
  );
}
