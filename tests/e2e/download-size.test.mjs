// The page's download (issue 27): both wasm builds that `make build` writes to www/pkg — the SIMD
// build every current browser gets and the no-SIMD fallback — within 300 000 bytes gzipped at the
// strongest level, `gzip -9` as `make build` prints it (zlib's level 9 packs the same module
// 1.4 KB less tightly), the budget of BENCHMARKS.md's Size section. A change that grows
// the module past it fails here by name, with the size, instead of in a later measurement.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./harness.mjs";

const BUDGET = 300_000;

for (const name of ["perceptron_lab_bg.wasm", "perceptron_lab_baseline_bg.wasm"]) {
  test(`www/pkg/${name} is within ${BUDGET} bytes gzipped`, () => {
    const bytes = readFileSync(join(ROOT, "www", "pkg", name));
    // an unoptimised module (e.g. `make lint`'s, before `wasm-opt`) carries its name section
    assert.ok(!bytes.includes(Buffer.from("\x04name")), `www/pkg/${name} still has its name section: run make build (wasm-opt) first`);
    const gzipped = execFileSync("gzip", ["-9", "-c", join(ROOT, "www", "pkg", name)], {
      maxBuffer: 1 << 26,
    }).length;
    assert.ok(
      gzipped <= BUDGET,
      `www/pkg/${name} is ${gzipped} bytes gzipped, over the ${BUDGET}-byte budget (BENCHMARKS.md, Size: scripts/wasm-parts.mjs shows where the bytes go)`,
    );
  });
}
