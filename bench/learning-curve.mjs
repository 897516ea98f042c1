// Benchmark: the heaviest assignment experiment — N = 20, 100 α values in [0.1, 10], 100
// repetitions, MinOver for 100 epochs (1.01·10⁸ MinOver steps) — in headless Chromium with one
// module worker per core, then natively with the CLI on all cores, in one run.
// Usage: make build && cargo build --release --bin perceptron-lab && node bench/learning-curve.mjs [--quick]
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { ROOT, launch, openLab, serve } from "../tests/e2e/harness.mjs";
import { heavySweep } from "./heavy-sweep.mjs";

const quick = process.argv.includes("--quick");
const params = heavySweep(quick ? { count: 10, reps: 10 } : {});
const steps = params.alphas.reduce((s, a) => s + params.reps * params.epochs * Math.max(1, Math.round(a * params.n)), 0);
console.log(`workload: ${params.alphas.length} α × ${params.reps} reps of MinOver, ${params.epochs} epochs: ${steps.toExponential(3)} steps`);

const server = await serve();
const browser = await launch();
let browserMs;
try {
  const { page } = await openLab(browser.context, server.url);
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  const { ms, rows } = await page.evaluate((p) => window.lab.runLearningCurve(p), params);
  browserMs = ms;
  console.log(
    `browser (${cores} workers): ${(ms / 1000).toFixed(2)} s  (${(steps / ms / 1000).toFixed(1)} M steps/s); ε_g at α = ${rows[rows.length - 1].alpha}: ${rows[rows.length - 1].epsGMean.toFixed(4)}`,
  );
} finally {
  await browser.close();
  server.close();
}

const cli = join(ROOT, "target", "release", "perceptron-lab");
const alpha = `0.1:10:${params.alphas.length}`;
const t0 = process.hrtime.bigint();
execFileSync(cli, ["curve", "--algorithm", "minover", "--n", "20", "--alpha", alpha, "--reps", String(params.reps), "--epochs", "100", "--seed", "1"], {
  stdio: ["ignore", "ignore", "ignore"],
});
const nativeMs = Number(process.hrtime.bigint() - t0) / 1e6;
console.log(`native CLI (all cores): ${(nativeMs / 1000).toFixed(2)} s  (${(steps / nativeMs / 1000).toFixed(1)} M steps/s)`);
console.log(`browser / native: ${(browserMs / nativeMs).toFixed(2)}×`);
