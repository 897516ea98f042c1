// Benchmark: a learning-curve sweep in headless Chromium with one module worker per core, then
// natively with the CLI on all cores, in one run. By default the heaviest assignment experiment
// — N = 20, 100 α values in [0.1, 10], 100 repetitions, MinOver for 100 epochs (1.01·10⁸
// MinOver steps); with arguments any sweep of the CLI's grid, e.g. the Gibbs and Bayes students:
// `--algorithm gibbs,bayes --alpha 0.5:10:20 --reps 50`.
// Usage: make build && cargo build --release --bin perceptron-lab && node bench/learning-curve.mjs
//   [--quick] [--algorithm a,b] [--alpha start:stop:count] [--reps R]
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { ROOT, launch, openLab, serve } from "../tests/e2e/harness.mjs";
import { heavySweep } from "./heavy-sweep.mjs";

/** The value after `--name`, or `fallback`. */
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const quick = process.argv.includes("--quick");
const algorithms = arg("--algorithm", "minover").split(",");
const [from, to, count] = arg("--alpha", quick ? "0.1:10:10" : "0.1:10:100")
  .split(":")
  .map(Number);
const reps = Number(arg("--reps", quick ? "10" : "100"));
const params = { ...heavySweep({ count, reps, from, to }), algorithms };
const minoverOnly = algorithms.length === 1 && algorithms[0] === "minover";
const steps = params.alphas.reduce((s, a) => s + params.reps * params.epochs * Math.max(1, Math.round(a * params.n)), 0);
const rate = (ms) => (minoverOnly ? `  (${(steps / ms / 1000).toFixed(1)} M steps/s)` : "");
console.log(
  minoverOnly
    ? `workload: ${params.alphas.length} α × ${params.reps} reps of MinOver, ${params.epochs} epochs: ${steps.toExponential(3)} steps`
    : `workload: N = ${params.n}, ${params.alphas.length} α in [${from}, ${to}] × ${params.reps} reps of ${algorithms.join(", ")}`,
);

const server = await serve();
const browser = await launch();
let browserMs;
try {
  const { page } = await openLab(browser.context, server.url);
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  const { ms, rows } = await page.evaluate((p) => window.lab.runLearningCurve(p), params);
  browserMs = ms;
  const last = rows[rows.length - 1];
  console.log(`browser (${cores} workers): ${(ms / 1000).toFixed(2)} s${rate(ms)}; ε_g of ${last.algorithm} at α = ${last.alpha}: ${last.epsGMean.toFixed(4)}`);
} finally {
  await browser.close();
  server.close();
}

const cli = join(ROOT, "target", "release", "perceptron-lab");
const t0 = process.hrtime.bigint();
execFileSync(
  cli,
  ["curve", "--algorithm", algorithms.join(","), "--n", "20", "--alpha", `${from}:${to}:${count}`, "--reps", String(params.reps), "--epochs", "100", "--seed", "1"],
  { stdio: ["ignore", "ignore", "ignore"] },
);
const nativeMs = Number(process.hrtime.bigint() - t0) / 1e6;
console.log(`native CLI (all cores): ${(nativeMs / 1000).toFixed(2)} s${rate(nativeMs)}`);
console.log(`browser / native: ${(browserMs / nativeMs).toFixed(2)}×`);
