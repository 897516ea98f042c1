// Benchmark: the MinOver and AdaTron kernels and MinOver's step floor (`minover-floor`: the bare
// windowed step, `kernels::floor_steps`) on one thread, wasm (headless Chromium, main thread,
// `benchKernel`) against native (`examples/kernels.rs`), the same calls of `kernels::run_named`.
// Rounds alternate native and wasm so that a change in the machine's load hits both; each
// kernel's time is the median over the rounds, and the ratio is wasm / native of the medians.
// A second table sets MinOver's time per step against the floor's at the same N and P, natively
// (the CLI's code) and in wasm (the page's).
//
// Needs the benchmark-only code (the `bench` feature), which the shipped build (`make build`,
// www/pkg) leaves out: build both sides with it first,
//   make build-bench && cargo build --release --features bench --example kernels
//
// Usage: node bench/kernels.mjs [--rounds 7] [--pkg DIR] [--native PATH]
//   --pkg     wasm-bindgen output to load, built with `--features bench` (default target/bench-pkg,
//             as `make build-bench` writes it)
//   --native  the built example (default $CARGO_TARGET_DIR or target, /release/examples/kernels)
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { ROOT, launch, serve } from "../tests/e2e/harness.mjs";

const ROUNDS_DEFAULT = 7;
const PKG_ROUTE = "__kernels_pkg/";

function option(name, fallback) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

/** The median of an array of numbers. */
function median(values) {
  const v = [...values].sort((a, b) => a - b);
  const m = v.length >> 1;
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

const rounds = Number(option("--rounds", ROUNDS_DEFAULT));
const pkg = resolve(option("--pkg", join(ROOT, "target", "bench-pkg")));
const targetDir = process.env.CARGO_TARGET_DIR ?? join(ROOT, "target");
const native = resolve(option("--native", join(targetDir, "release", "examples", "kernels")));

/** One native round: every kernel once, as `{key: {config, ms}}`. */
function nativeRound() {
  const lines = execFileSync(native, [], { encoding: "utf8" }).trim().split("\n");
  return lines.map((l) => JSON.parse(l));
}

const server = await serve();
const browser = await launch();
const times = new Map(); // key → {config, native: [ms], wasm: [ms]}
const key = (c) => `${c.algorithm} N=${c.n} P=${c.p}`;
try {
  const page = await browser.context.newPage();
  // serve the chosen pkg under a path of its own, whatever directory it is in
  await page.route(`${server.url}${PKG_ROUTE}*`, (route) => {
    const file = new URL(route.request().url()).pathname.split("/").pop();
    const type = file.endsWith(".wasm") ? "application/wasm" : "text/javascript";
    route.fulfill({ body: readFileSync(join(pkg, file)), contentType: type });
  });
  await page.goto(`${server.url}bench/`);
  const info = await page.evaluate(async (url) => {
    const m = await import(url);
    await m.default();
    window.benchKernel = m.benchKernel;
    return navigator.userAgent.match(/Chrom\S+/)?.[0] ?? navigator.userAgent;
  }, `${server.url}${PKG_ROUTE}perceptron_lab.js`);
  console.log(`native: ${native}\nwasm: ${pkg} in ${info}, main thread\nrounds: ${rounds} (alternating)`);

  const configs = nativeRound(); // also a native warm-up
  // wasm warm-up: V8 compiles with Liftoff first and tiers hot functions up to TurboFan
  for (const c of configs) {
    await page.evaluate((c) => window.benchKernel(c.algorithm, c.n, c.p, c.epochs, c.seed, 1), c);
  }
  for (const c of configs) times.set(key(c), { config: c, native: [], wasm: [] });
  for (let r = 0; r < rounds; r++) {
    for (const c of nativeRound()) times.get(key(c)).native.push(c.ms);
    for (const { config: c, wasm } of times.values()) {
      const { ms, steps } = await page.evaluate((c) => {
        const t0 = performance.now();
        const steps = window.benchKernel(c.algorithm, c.n, c.p, c.epochs, c.seed, c.reps);
        return { ms: performance.now() - t0, steps };
      }, c);
      if (steps !== c.steps) throw new Error(`${key(c)}: wasm took ${steps} steps, native ${c.steps}`);
      wasm.push(ms);
    }
  }
} finally {
  await browser.close();
  server.close();
}

console.log("\n| kernel | steps per run | native, ns/step (median; range) | wasm, ns/step (median; range) | wasm / native |");
console.log("|---|---|---|---|---|");
for (const [k, { config: c, native: nat, wasm }] of times) {
  const ns = (ms) => (ms * 1e6) / c.steps;
  const cell = (v) => `${ns(median(v)).toFixed(1)} (${ns(Math.min(...v)).toFixed(1)}–${ns(Math.max(...v)).toFixed(1)})`;
  console.log(`| ${k} | ${c.steps / c.reps} × ${c.reps} | ${cell(nat)} | ${cell(wasm)} | **${(median(wasm) / median(nat)).toFixed(2)}×** |`);
}

const perStep = ({ config: c, native: nat, wasm }) => ({ native: median(nat) / c.steps, wasm: median(wasm) / c.steps });
const floors = [...times.values()].filter((t) => t.config.algorithm === "minover-floor");
if (floors.length) {
  console.log("\n| MinOver step, N, P | floor native, ns | floor wasm, ns | **native MinOver / floor** | **wasm MinOver / floor** |");
  console.log("|---|---|---|---|---|");
  for (const f of floors) {
    const m = times.get(key({ ...f.config, algorithm: "minover" }));
    if (!m) continue;
    const [fs, ms] = [perStep(f), perStep(m)];
    const ns = (v) => (v * 1e6).toFixed(1);
    console.log(
      `| N = ${f.config.n}, P = ${f.config.p} | ${ns(fs.native)} | ${ns(fs.wasm)} | **${(ms.native / fs.native).toFixed(2)}×** | **${(ms.wasm / fs.wasm).toFixed(2)}×** |`,
    );
  }
}
