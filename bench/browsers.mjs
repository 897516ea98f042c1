// Benchmark of the heavy learning-curve sweep in each browser engine the tests drive —
// Debian's Chromium, Firefox ESR and WebKitGTK (Safari's engine) — and the CLI on the same machine,
// alternating. The sweep is `bench/learning-curve.mjs`'s (N = 20, α = 0.1…10 in 100 values, 100
// repetitions, MinOver, 100 epochs), run with `lab.runLearningCurve` (the page's workers, its
// progressive charts and summary, the storage chart's test as the form has it; `ms` as the page
// reports it); the same ε_g at α = 10 in each.
// With `--sweeps K` each page runs the sweep K times in a row (its workers kept warm between them):
// the first sweep of a page against the next, i.e. what the engine's compiler tiers cost once.
// With `--warm-ms T` the pointer first enters the learning-curve panel (its workers start and warm up,
// `WorkerPool.warm`) and the sweep starts T ms later, as a lecturer's Run after choosing a preset.
// Usage: make build && cargo build --release --bin perceptron-lab && node bench/browsers.mjs [--rounds R] [--reps N] [--sweeps K] [--warm-ms T]
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { chromiumDriver } from "../tests/browsers/driver-chromium.mjs";
import { firefoxDriver } from "../tests/browsers/driver-firefox.mjs";
import { webkitDriver } from "../tests/browsers/driver-webkit.mjs";
import { evaluate, openLab } from "../tests/browsers/smoke-steps.mjs";
import { ROOT, serve } from "../tests/e2e/harness.mjs";
import { heavySweep } from "./heavy-sweep.mjs";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const rounds = arg("--rounds", 2);
const reps = arg("--reps", 100);
const sweeps = arg("--sweeps", 1);
const warmMs = arg("--warm-ms", -1);
const SWEEP = heavySweep({ reps });

const server = await serve();
const engines = [
  ["Chromium", chromiumDriver],
  ["Firefox ESR", firefoxDriver],
  ["WebKitGTK", () => webkitDriver()],
];
/** `sweeps` sweeps in a row in a fresh browser: `{ms, later, eps, workers, build}` (`later`: the ms of those after the first). */
async function inBrowser(makeDriver) {
  const driver = await makeDriver();
  try {
    await openLab(driver, server.url);
    if (warmMs >= 0) {
      await evaluate(driver, () => document.getElementById("curves")?.dispatchEvent(new PointerEvent("pointerenter")));
      await new Promise((r) => setTimeout(r, warmMs));
    }
    const runs = [];
    for (let k = 0; k < sweeps; k++) {
      runs.push(
        await evaluate(
          driver,
          async (p) => {
            const { ms, rows } = await window.lab.runLearningCurve(p);
            return { ms, eps: rows.at(-1).epsGMean, workers: navigator.hardwareConcurrency, build: window.lab.getState().wasmBuild };
          },
          SWEEP,
        ),
      );
    }
    return { ...runs[0], later: runs.slice(1).map((r) => r.ms) };
  } finally {
    await driver.close();
  }
}
/** The CLI on the same sweep, all cores: wall ms. */
function cli() {
  const bin = join(ROOT, "target", "release", "perceptron-lab");
  const args = ["curve", "--algorithm", "minover", "--n", "20", "--alpha", "0.1:10:100", "--reps", String(reps), "--epochs", "100", "--seed", "1"];
  const t0 = performance.now();
  execFileSync(bin, args, { stdio: ["ignore", "ignore", "ignore"] });
  return performance.now() - t0;
}
try {
  const times = Object.fromEntries([...engines.map(([n]) => [n, []]), ["CLI", []]]);
  for (let r = 0; r < rounds; r++) {
    for (const [name, make] of engines) {
      const { ms, later, eps, workers, build } = await inBrowser(make);
      times[name].push(ms);
      const then = later.length ? `; then in the same page ${later.map((t) => (t / 1000).toFixed(2)).join(", ")} s` : "";
      console.log(`round ${r + 1}: ${name} (${workers} workers, ${build}): ${(ms / 1000).toFixed(2)} s${then}, ε_g(α = 10) = ${eps.toFixed(4)}`);
    }
    times.CLI.push(cli());
    console.log(`round ${r + 1}: CLI: ${(times.CLI.at(-1) / 1000).toFixed(2)} s`);
  }
  const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
  const cliMs = median(times.CLI);
  console.log("\n| where | median | / the CLI |\n|---|---|---|");
  for (const [name, v] of Object.entries(times)) console.log(`| ${name} | ${(median(v) / 1000).toFixed(2)} s | ${(median(v) / cliMs).toFixed(2)}× |`);
} finally {
  server.close();
}
