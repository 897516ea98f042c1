// Benchmark: the exact maximal stability through the origin of the N = 200, P = 2000 teacher set
// (seed 1) in headless Chromium, timed around `new ExactBench(n, p, seed).solve()` with
// performance.now() (median of --runs), the twin of `examples/exact_timing.rs` natively.
// Usage: node bench/exact-wasm.mjs [--pkg DIR] [--n 200] [--p 2000] [--seed 1] [--runs 7]
// DIR is a wasm-bindgen --target web output built with the `bench` feature (`ExactBench` is
// benchmark-only code, not in the shipped www/pkg): default target/bench-pkg, as
// `make build-bench` writes it (bench/exact.sh builds its own). It is served under /bench-pkg/
// of the harness's server (the repository root), so a private build can be timed.
import { join, resolve } from "node:path";
import { ROOT, launch, serve } from "../tests/e2e/harness.mjs";
import { benchPage } from "./bench-page.mjs";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? fallback : process.argv[i + 1];
};
const pkg = resolve(arg("--pkg", join(ROOT, "target", "bench-pkg")));
const n = Number(arg("--n", 200));
const p = Number(arg("--p", 2000));
const seed = Number(arg("--seed", 1));
const runs = Number(arg("--runs", 7));

const server = await serve();
const browser = await launch();
try {
  const page = await benchPage(browser, server, pkg, "bench-exact");
  const result = await page.evaluate(
    async ({ n, p, seed, runs }) => {
      const mod = await import("/bench-pkg/perceptron_lab.js");
      await mod.default();
      const bench = new mod.ExactBench(n, p, seed);
      const times = [];
      let kappa = NaN;
      for (let r = 0; r < runs; r++) {
        const t0 = performance.now();
        kappa = bench.solve();
        times.push(performance.now() - t0);
      }
      return { times, kappa };
    },
    { n, p, seed, runs },
  );
  const sorted = [...result.times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(`wasm (${pkg}): N = ${n}, P = ${p}, seed ${seed}, ${runs} runs`);
  console.log(`wasm: median ${median.toFixed(3)} ms (runs: ${result.times.map((t) => t.toFixed(1)).join(" ")}); kappa_max ${result.kappa.toFixed(15)}`);
} finally {
  await browser.close();
  server.close();
}
