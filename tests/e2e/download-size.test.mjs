// The page's download: both wasm builds that `make build` writes to www/pkg — the SIMD build every
// current browser gets and the no-SIMD fallback — are the optimised modules (binaryen's wasm-opt
// ran: no name section). Their size is no longer a budget of its own: the page's budget is its load
// time (BENCHMARKS.md); the gzipped size is printed as a diagnostic of the run.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./harness.mjs";

for (const name of ["perceptron_lab_bg.wasm", "perceptron_lab_baseline_bg.wasm"]) {
  test(`www/pkg/${name} is the optimised module`, (t) => {
    const bytes = readFileSync(join(ROOT, "www", "pkg", name));
    // an unoptimised module (e.g. `make lint`'s, before `wasm-opt`) carries its name section
    assert.ok(!bytes.includes(Buffer.from("\x04name")), `www/pkg/${name} still has its name section: run make build (wasm-opt) first`);
    const gzipped = execFileSync("gzip", ["-9", "-c", join(ROOT, "www", "pkg", name)], { maxBuffer: 1 << 26 }).length;
    t.diagnostic(`www/pkg/${name}: ${bytes.length} bytes, ${gzipped} gzipped`);
  });
}
