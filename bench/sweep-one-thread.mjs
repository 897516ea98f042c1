// Benchmark: the heaviest assignment experiment on ONE thread, wasm against native, to separate
// the engine's wasm/native ratio from the parallel part (workers vs rayon). The sweep of
// bench/learning-curve.mjs (N = 20, α = 0.1:10:100, MinOver, 100 epochs) with `--reps` repetitions
// (default 10, a tenth of it): natively `perceptron-lab curve --threads 1`, in wasm `runCells` of
// www/pkg in Node (V8, as in Chromium), after a warm-up. Rounds alternate; prints the medians.
// Usage: make build && cargo build --release --bin perceptron-lab && node bench/sweep-one-thread.mjs [--rounds 7] [--reps 10]
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../tests/e2e/harness.mjs";
import { heavySweep } from "./heavy-sweep.mjs";

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const rounds = arg("rounds", 7);
const reps = arg("reps", 10);

const { initSync, runCells } = await import(join(ROOT, "www", "pkg", "perceptron_lab.js"));
initSync({ module: readFileSync(join(ROOT, "www", "pkg", "perceptron_lab_bg.wasm")) });
const params = heavySweep({ reps });
const cli = join(ROOT, "target", "release", "perceptron-lab");
const cliArgs = ["curve", "--algorithm", "minover", "--n", "20", "--alpha", "0.1:10:100", "--reps", String(reps), "--epochs", "100", "--seed", "1", "--threads", "1"];

runCells(params, 0, 40); // warm-up: V8 tiers the hot code up
const native = [];
const wasm = [];
for (let r = 0; r < rounds; r++) {
  let t0 = performance.now();
  execFileSync(cli, cliArgs, { stdio: ["ignore", "ignore", "ignore"] });
  native.push(performance.now() - t0);
  t0 = performance.now();
  runCells(params, 0, 100 * reps);
  wasm.push(performance.now() - t0);
}
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const fmt = (v) => v.map((x) => (x / 1000).toFixed(2)).join(", ");
console.log(`one thread, ${reps} repetitions, ${rounds} alternating rounds`);
console.log(`native CLI: median ${(median(native) / 1000).toFixed(2)} s (${fmt(native)}); includes process start`);
console.log(`wasm (Node): median ${(median(wasm) / 1000).toFixed(2)} s (${fmt(wasm)})`);
console.log(`wasm / native: ${(median(wasm) / median(native)).toFixed(2)}×`);
