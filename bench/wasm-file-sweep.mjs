// The heavy sweep of bench/sweep-one-thread.mjs (N = 20, α = 0.1:10:100, MinOver, 100 epochs,
// `--reps` repetitions) in wasm on one thread, with the module read from a given file and the glue
// of www/pkg: for A/B timings of two builds of the same code (e.g. two wasm-opt settings), as
//   farm-bench -n 9 --vs 'node bench/wasm-file-sweep.mjs A.wasm' -- node bench/wasm-file-sweep.mjs B.wasm
// Prints the sweep's CPU time after a warm-up.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../tests/e2e/harness.mjs";
import { heavySweep } from "./heavy-sweep.mjs";

const file = process.argv[2];
const i = process.argv.indexOf("--reps");
const reps = i > 0 ? Number(process.argv[i + 1]) : 10;
const { initSync, runCells } = await import(join(ROOT, "www", "pkg", "perceptron_lab.js"));
initSync({ module: readFileSync(file) });
runCells(heavySweep({ reps }), 0, 40); // warm-up: V8 tiers the hot code up
const t0 = process.cpuUsage();
runCells(heavySweep({ reps }), 0, 100 * reps);
const t = process.cpuUsage(t0);
console.log(`sweep cpu ${((t.user + t.system) / 1e6).toFixed(3)} s`);
