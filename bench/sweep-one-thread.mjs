// Benchmark: the heaviest assignment experiment on ONE thread, wasm against native, to separate
// the engine's wasm/native ratio from the parallel part (workers vs rayon). The sweep of
// bench/learning-curve.mjs (N = 20, α = 0.1:10:100, MinOver, 100 epochs) with `--reps` repetitions
// (default 10, a tenth of it): natively `perceptron-lab curve --threads 1`, in wasm `runCells` of
// www/pkg in Node (V8, as in Chromium), after a warm-up. Rounds alternate; prints the medians.
// Usage: make build && cargo build --release --bin perceptron-lab && node bench/sweep-one-thread.mjs [--rounds 7] [--reps 10]
// With `--floor` (after `make build-bench && cargo build --release --features bench --example
// kernels`) each round also runs the sweep's MinOver step floor (`kernels::floor_sweep`: the bare
// windowed step, as many steps at each α) natively (`examples/kernels floor-sweep`) and in wasm
// (`benchFloorSweep` of target/bench-pkg, whose `runCells` is then the one timed), and prints the
// sweep's time as a ratio to its floor on each side.
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
const withFloor = process.argv.includes("--floor");

const pkg = withFloor ? join(ROOT, "target", "bench-pkg") : join(ROOT, "www", "pkg");
const { initSync, runCells, benchFloorSweep } = await import(join(pkg, "perceptron_lab.js"));
initSync({ module: readFileSync(join(pkg, "perceptron_lab_bg.wasm")) });
const floorExample = join(ROOT, "target", "release", "examples", "kernels");
const params = heavySweep({ reps });
const cli = join(ROOT, "target", "release", "perceptron-lab");
const cliArgs = ["curve", "--algorithm", "minover", "--n", "20", "--alpha", "0.1:10:100", "--reps", String(reps), "--epochs", "100", "--seed", "1", "--threads", "1"];

runCells(params, 0, 40); // warm-up: V8 tiers the hot code up
const native = [];
const wasm = [];
const nativeFloor = [];
const wasmFloor = [];
if (withFloor) benchFloorSweep(heavySweep({ reps: 1 })); // warm-up
for (let r = 0; r < rounds; r++) {
  let t0 = performance.now();
  execFileSync(cli, cliArgs, { stdio: ["ignore", "ignore", "ignore"] });
  native.push(performance.now() - t0);
  t0 = performance.now();
  runCells(params, 0, 100 * reps);
  wasm.push(performance.now() - t0);
  if (withFloor) {
    t0 = performance.now();
    execFileSync(floorExample, ["floor-sweep", String(reps)], { stdio: ["ignore", "ignore", "ignore"] });
    nativeFloor.push(performance.now() - t0);
    t0 = performance.now();
    benchFloorSweep(params);
    wasmFloor.push(performance.now() - t0);
  }
}
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const fmt = (v) => v.map((x) => (x / 1000).toFixed(2)).join(", ");
console.log(`one thread, ${reps} repetitions, ${rounds} alternating rounds`);
console.log(`native CLI: median ${(median(native) / 1000).toFixed(2)} s (${fmt(native)}); includes process start`);
console.log(`wasm (Node): median ${(median(wasm) / 1000).toFixed(2)} s (${fmt(wasm)})`);
console.log(`wasm / native: ${(median(wasm) / median(native)).toFixed(2)}×`);
if (withFloor) {
  console.log(`native floor: median ${(median(nativeFloor) / 1000).toFixed(2)} s (${fmt(nativeFloor)}); includes process start`);
  console.log(`wasm floor (Node): median ${(median(wasmFloor) / 1000).toFixed(2)} s (${fmt(wasmFloor)})`);
  console.log(`native sweep / floor: ${(median(native) / median(nativeFloor)).toFixed(2)}×; wasm sweep / floor: ${(median(wasm) / median(wasmFloor)).toFixed(2)}×`);
}
