// Benchmark: the reference optima the data view computes once per edit of the points (the
// gradient rules' least squares and Newton minima, the soft margin's exact optimum at γ = 1)
// beside the exact maximal stability, in the page's WebAssembly in headless Chromium, on the set
// of `examples/optimum_timing.rs` (a noisy 2-D teacher set, seed 7, with a threshold) at
// P = 200 and 1 000: milliseconds per solve, timed around `OptimumBench.solve(name)` with
// performance.now() (`--reps` calls per timing, the median of `--runs` timings), the twin of
// that example natively.
// Usage: make build-bench && node bench/optimum-wasm.mjs [--pkg DIR] [--reps 20] [--runs 5]
// DIR is a wasm-bindgen --target web output built with the `bench` feature (default
// target/bench-pkg, as `make build-bench` writes it), served under /bench-pkg/ as in
// bench/exact-wasm.mjs.
import { join, resolve } from "node:path";
import { ROOT, launch, serve } from "../tests/e2e/harness.mjs";
import { benchPage } from "./bench-page.mjs";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? fallback : process.argv[i + 1];
};
const pkg = resolve(arg("--pkg", join(ROOT, "target", "bench-pkg")));
const reps = Number(arg("--reps", 20));
const runs = Number(arg("--runs", 5));
const NAMES = ["exact", "least-squares", "cross-entropy", "squared-logistic", "tanh", "soft-margin"];

const server = await serve();
const browser = await launch();
try {
  const page = await benchPage(browser, server, pkg, "bench-optimum");
  const rows = await page.evaluate(
    async ({ reps, runs, NAMES }) => {
      const mod = await import("/bench-pkg/perceptron_lab.js");
      await mod.default();
      const out = [];
      for (const p of [200, 1000]) {
        const bench = new mod.OptimumBench(p, 7);
        for (const name of NAMES) {
          const times = [];
          let found = false;
          for (let r = 0; r < runs; r++) {
            const t0 = performance.now();
            for (let i = 0; i < reps; i++) found = bench.solve(name);
            times.push((performance.now() - t0) / reps);
          }
          times.sort((a, b) => a - b);
          out.push({ p, name, ms: times[Math.floor(times.length / 2)], min: times[0], max: times[times.length - 1], found });
        }
      }
      return out;
    },
    { reps, runs, NAMES },
  );
  console.log(`wasm (${pkg}): ${reps} solves per timing, median of ${runs} timings`);
  console.log("P,optimum,ms_per_solve,min,max,found");
  for (const r of rows) console.log(`${r.p},${r.name},${r.ms.toFixed(3)},${r.min.toFixed(3)},${r.max.toFixed(3)},${r.found}`);
} finally {
  await browser.close();
  server.close();
}
