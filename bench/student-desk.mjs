// Benchmark: every course-assignment preset (www/curves/assignments.js) in headless Chromium (one worker
// per core) and natively with the CLI (its docs/cli.md line, all cores), in one run: the page's
// time to the whole curve (every α with at least 10 repetitions, from `getState().sweep`) and to
// the final result, the CLI's time to its result, and the error of the page's time left
// (`getState().sweep.leftMs`) after 10, 50 and 90 % of the sweep's work, against the time that
// was really left. Prints the machine's load (1-minute average) before and after each preset
// beside its row, one Markdown table row per preset.
// Usage: make build && cargo build --release --bin perceptron-lab && node bench/student-desk.mjs
//   [--only id,id] [--skip id,id]
import { execFileSync } from "node:child_process";
import { loadavg } from "node:os";
import { join } from "node:path";
import { ASSIGNMENTS } from "../www/curves/assignments.js";
import { ROOT, launch, openLab, serve } from "../tests/e2e/harness.mjs";

const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1].split(",") : null;
};
const only = arg("--only");
const skip = arg("--skip") ?? [];
const presets = ASSIGNMENTS.filter((a) => !a.ns && (!only || only.includes(a.id)) && !skip.includes(a.id));
const CLI = join(ROOT, "target", "release", "perceptron-lab");

/** The preset's `curve` command line (docs/cli.md's spelling). */
function cliArgs(a) {
  const args = ["curve", "--algorithm", a.algorithms.join(","), "--n", String(a.n), "--alpha", a.alpha.join(":"), "--reps", String(a.reps), "--seed", String(a.seed)];
  args.push(...(a.updates === undefined ? ["--epochs", String(a.epochs)] : ["--updates", String(a.updates)]));
  if (a.noise) args.push("--noise", String(a.noise));
  if (a.labels !== "teacher") args.push("--labels", a.labels);
  return args;
}

/**
 * Runs preset `a` as the menu's Run does (`lab.runAssignment`), sampling `getState().sweep` every
 * 100 ms. The time left's error after a share `q` of the work: the first sample with at least `q`
 * of the cells done (the cells run round robin over the α, every round the same work, so the share
 * of cells done is that of the work, to a round), its `leftMs` against the time the sweep really
 * had left then (its `ms` less the sample's `elapsedMs`, both on the page's clock).
 */
async function pageRun(page, a) {
  const t0 = Date.now();
  await page.evaluate((id) => {
    /** @type {any} */ (window).deskRun = window.lab.runAssignment(id);
  }, a.id);
  const samples = [];
  let whole = null;
  for (;;) {
    const s = await page.evaluate(() => window.lab.getState().sweep);
    const t = Date.now() - t0;
    if (!s.running && s.done === s.total && s.total > 0) break;
    if (s.running) {
      samples.push({ cells: s.done / s.total, leftMs: s.leftMs, elapsedMs: s.elapsedMs });
      const rows = s.series.at(-1)?.rows ?? [];
      if (whole === null && rows.length === a.alpha[2] * a.algorithms.length && rows.every((r) => r.reps >= Math.min(10, a.reps))) whole = t;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const [{ ms }] = await page.evaluate(() => /** @type {any} */ (window).deskRun);
  const total = Date.now() - t0;
  const errors = [0.1, 0.5, 0.9].map((q) => {
    const s = samples.find((x) => x.cells >= q && x.leftMs !== null);
    const truth = s ? ms - s.elapsedMs : Number.NaN;
    return s && truth > 0 ? (s.leftMs - truth) / truth : Number.NaN;
  });
  return { whole: whole ?? total, total, errors };
}

const server = await serve();
const browser = await launch();
const { page } = await openLab(browser.context, server.url);
console.log(`| preset | cells | page: whole curve (≥ 10 reps) | page: final | CLI: final | page / CLI | time left's error at 10 / 50 / 90 % | load |`);
console.log(`|---|---|---|---|---|---|---|---|`);
for (const a of presets) {
  const loadBefore = loadavg()[0];
  const p = await pageRun(page, a);
  const t0 = Date.now();
  execFileSync(CLI, cliArgs(a), { stdio: ["ignore", "ignore", "ignore"] });
  const cli = Date.now() - t0;
  const pct = (e) => (Number.isFinite(e) ? `${e >= 0 ? "+" : ""}${(100 * e).toFixed(0)} %` : "–");
  console.log(
    `| ${a.id} | ${a.alpha[2] * a.reps} | ${(p.whole / 1000).toFixed(1)} s | ${(p.total / 1000).toFixed(1)} s | ${(cli / 1000).toFixed(1)} s | ${(p.total / cli).toFixed(2)} | ${p.errors.map(pct).join(" / ")} | ${loadBefore.toFixed(1)}–${loadavg()[0].toFixed(1)} |`,
  );
}
await browser.close();
server.close();
