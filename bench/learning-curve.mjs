// Benchmark: a learning-curve sweep in headless Chromium with one module worker per core, then
// natively with the CLI on all cores, in one run. By default the heaviest assignment experiment
// — N = 20, 100 α values in [0.1, 10], 100 repetitions, MinOver for 100 epochs (1.01·10⁸
// MinOver steps); with arguments any sweep of the CLI's grid, e.g. the Gibbs and Bayes students:
// `--algorithm gibbs,bayes --alpha 0.5:10:20 --reps 50`.
// With `--cpu` (Linux) also the CPU time of the page's sweep per kind of browser thread (the two
// workers, the page's main thread, the compositor, the wasm compiler's thread pool…), read from
// /proc while it runs, against the CLI's CPU time: where the page spends beyond the CLI even on a
// loaded machine, whose wall times are noisy.
// Usage: make build && cargo build --release --bin perceptron-lab && node bench/learning-curve.mjs
//   [--quick] [--cpu] [--algorithm a,b] [--alpha start:stop:count] [--reps R] [--n N] [--threads T]
//   [--no-storage] [--warm-ms T]
//   --n        the input dimension (default 20), in the page and the CLI
//   --threads  the CLI's worker threads (default: all cores; the page always has one worker per core)
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
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
const n = Number(arg("--n", "20"));
const threads = arg("--threads", null);
// `--no-storage`: without the storage chart's test (a random labelling of each cell's inputs, exact)
const storage = !process.argv.includes("--no-storage");
const params = { ...heavySweep({ count, reps, from, to }), algorithms, n, ...(storage ? {} : { randomSeparability: false }) };
const minoverOnly = algorithms.length === 1 && algorithms[0] === "minover";
const steps = params.alphas.reduce((s, a) => s + params.reps * params.epochs * Math.max(1, Math.round(a * params.n)), 0);
const rate = (ms) => (minoverOnly ? `  (${(steps / ms / 1000).toFixed(1)} M steps/s)` : "");
console.log(
  minoverOnly
    ? `workload: ${params.alphas.length} α × ${params.reps} reps of MinOver, ${params.epochs} epochs: ${steps.toExponential(3)} steps`
    : `workload: N = ${n}, ${params.alphas.length} α in [${from}, ${to}] × ${params.reps} reps of ${algorithms.join(", ")}`,
);

const cpu = process.argv.includes("--cpu");
// `--warm-ms T`: the pointer first enters the learning-curve panel (its workers start and warm up,
// `WorkerPool.warm`) and the sweep starts T ms later, as a lecturer's Run after choosing a preset
const warmMs = Number(arg("--warm-ms", -1));
/** CPU seconds of a /proc stat line: user + system (fields 14 and 15; after the name's ")", 12 and 13). */
const cpuOf = (stat, at = 11) => {
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(f[at]) + Number(f[at + 1])) / 100; // clock ticks: 100 a second on Linux
};
/** The parent of every process: pid → ppid. */
function parents() {
  const ppid = new Map();
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      ppid.set(pid, stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ppid;
}
/**
 * Notes in `seen` every thread of this script's browser (the processes descended from it, not
 * another engineer's browser on the same machine): "pid/tid" → {kind ("renderer:DedicatedWorker"…), cpu s}.
 */
function sampleThreads(seen) {
  const ppid = parents();
  const ours = (pid) => {
    for (let p = pid; p && p !== "1"; p = ppid.get(p)) if (p === String(process.pid)) return true;
    return false;
  };
  for (const pid of ppid.keys()) {
    if (pid === String(process.pid) || !ours(pid)) continue;
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      if (!cmd.includes("chromium")) continue;
      const type = /--type=([a-z-]+)/.exec(cmd)?.[1] ?? "browser";
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
        const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
        seen.set(`${pid}/${tid}`, { kind: `${type}:${name}`, cpu: cpuOf(stat) });
      }
    } catch {
      // the process or thread ended meanwhile
    }
  }
}

const server = await serve();
const browser = await launch();
let browserMs;
try {
  const { page } = await openLab(browser.context, server.url);
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  if (warmMs >= 0) {
    await page.evaluate(() => document.getElementById("curves")?.dispatchEvent(new PointerEvent("pointerenter")));
    await new Promise((r) => setTimeout(r, warmMs));
  }
  const before = new Map();
  const seen = new Map();
  if (cpu) sampleThreads(before);
  // the workers' threads end with the sweep: sampled as it runs, their last sample kept
  const sampler = cpu ? setInterval(() => sampleThreads(seen), 50) : undefined;
  const { ms, rows } = await page.evaluate((p) => window.lab.runLearningCurve(p), params);
  clearInterval(sampler);
  browserMs = ms;
  if (cpu) {
    sampleThreads(seen);
    const kinds = new Map();
    for (const [k, { kind, cpu: s }] of seen) kinds.set(kind, (kinds.get(kind) ?? 0) + s - (before.get(k)?.cpu ?? 0));
    const total = [...kinds.values()].reduce((a, b) => a + b, 0);
    const top = [...kinds].filter(([, s]) => s >= 0.01).sort((a, b) => b[1] - a[1]);
    console.log(`browser CPU: ${total.toFixed(2)} s — ${top.map(([k, s]) => `${k} ${s.toFixed(2)}`).join(", ")}`);
  }
  const last = rows[rows.length - 1];
  console.log(`browser (${cores} workers): ${(ms / 1000).toFixed(2)} s${rate(ms)}; ε_g of ${last.algorithm} at α = ${last.alpha}: ${last.epsGMean.toFixed(4)}`);
} finally {
  await browser.close();
  server.close();
}

const cli = join(ROOT, "target", "release", "perceptron-lab");
const t0 = process.hrtime.bigint();
const childCpu = () => cpuOf(readFileSync("/proc/self/stat", "utf8"), 13); // cutime + cstime: waited-for children
const cpu0 = cpu ? childCpu() : 0;
execFileSync(
  cli,
  [
    ...["curve", "--algorithm", algorithms.join(","), "--n", String(n), "--alpha", `${from}:${to}:${count}`],
    ...["--reps", String(params.reps), "--epochs", "100", "--seed", "1", ...(threads ? ["--threads", threads] : [])],
  ],
  { stdio: ["ignore", "ignore", "ignore"] },
);
const nativeMs = Number(process.hrtime.bigint() - t0) / 1e6;
console.log(`native CLI (${threads ? `${threads} threads` : "all cores"}): ${(nativeMs / 1000).toFixed(2)} s${rate(nativeMs)}`);
if (cpu) console.log(`native CLI CPU: ${(childCpu() - cpu0).toFixed(2)} s`);
console.log(`browser / native: ${(browserMs / nativeMs).toFixed(2)}×`);
