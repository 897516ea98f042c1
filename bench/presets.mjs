// Benchmark of the heavy presets: the time of each course preset of the learning-curve panel
// (www/curves/assignments.js) in the page, as a user runs it: the preset chosen in the menu
// (`#lc-assignment`, which fills the form), then `lab.runLearningCurve(params)` with the form's
// sweep (the page's workers, the progressive charts, the final summary; `ms` as the page reports
// it).
// One page for all presets, in the order of the menu.
// Usage: make build && node bench/presets.mjs [--only id,id,…] [--reps R] [--progress]
//   --reps      run each preset with R repetitions instead of its own (the cells are independent, so
//               the time is about proportional to R: a figure of the whole preset from it is an estimate)
//   --progress  also how well the progress bar and the status line's time left told the time, read
//               every 250 ms during the sweep (www/curves/sweep-clock.js): the worst distance of the bar from
//               the share of the sweep's time gone, that of the share of cells done, and the time the
//               status line gave in all (elapsed + left) against the real one at 10, 25, 50 and 75 %
const progress = process.argv.includes("--progress");
import { launch, openLab, serve } from "../tests/e2e/harness.mjs";

const i = process.argv.indexOf("--only");
const only = i > 0 ? process.argv[i + 1].split(",") : null;
const r = process.argv.indexOf("--reps");
const reps = r > 0 ? Number(process.argv[r + 1]) : null;

const server = await serve();
const browser = await launch();
try {
  const { page } = await openLab(browser.context, server.url);
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  const presets = await page.$$eval("#lc-assignment option", (os) =>
    os.filter((o) => o.value).map((o) => ({ id: o.value, label: `${o.parentElement?.getAttribute("label")}: ${o.textContent}` })),
  );
  const progressLines = [];
  console.log(`the course presets in the page (${cores} workers), seconds per sweep\n`);
  console.log("| preset | sweep | time |");
  console.log("|---|---|---|");
  for (const { id, label } of presets.filter((p) => !only || only.includes(p.id))) {
    const { ms, sweep, samples } = await page.evaluate(
      async ([id, reps]) => {
        const menu = /** @type {HTMLSelectElement} */ (document.getElementById("lc-assignment"));
        menu.value = id;
        menu.dispatchEvent(new Event("change"));
        // the sweep of the filled form, as `readParams` of www/curves/curve-form.js reads it
        const value = (f) => /** @type {HTMLInputElement} */ (document.getElementById(f)).value;
        const [a0, a1, count] = ["lc-alpha-start", "lc-alpha-stop", "lc-alpha-count"].map((f) => Number(value(f)));
        const byUpdates = value("lc-budget") === "updates";
        const params = {
          n: Number(value("lc-n")),
          alphas: Array.from({ length: count }, (_, i) => (count === 1 ? a0 : a0 + ((a1 - a0) * i) / (count - 1))),
          reps: reps ?? Number(value("lc-reps")),
          algorithms: [...document.querySelectorAll("#lc-algorithms input:checked")].map((b) => /** @type {HTMLInputElement} */ (b).value),
          epochs: byUpdates ? 100 : Number(value("lc-epochs")),
          ...(byUpdates ? { updates: Number(value("lc-updates")) } : {}),
          seed: Number(value("lc-seed")),
          noise: Number(value("lc-noise")),
          labels: value("lc-labels"),
          stop: { kind: "epochs" },
        };
        const budget = byUpdates ? `T = ${params.updates} updates` : `${params.epochs} epochs`;
        const sweep = `N = ${params.n}, ${count} α, ${params.reps} reps, ${budget}, ${params.algorithms.join(", ")}`;
        const bar = /** @type {HTMLProgressElement} */ (document.getElementById("lc-progress"));
        const status = /** @type {HTMLElement} */ (document.getElementById("lc-status"));
        const samples = [];
        const t0 = performance.now();
        const sampler = setInterval(() => {
          const m = /^(\d+) \/ (\d+) cells(?:, about (\d+) (s|min) left)?/.exec(status.textContent ?? "");
          if (m)
            samples.push({
              t: performance.now() - t0,
              bar: bar.value,
              cells: Number(m[1]) / Number(m[2]),
              left: m[3] ? Number(m[3]) * (m[4] === "min" ? 60_000 : 1000) : null,
            });
        }, 250);
        const { ms } = await window.lab.runLearningCurve(params);
        clearInterval(sampler);
        return { ms, sweep, samples };
      },
      [id, reps],
    );
    console.log(`| ${label} (\`${id}\`) | ${sweep} | **${(ms / 1000).toFixed(2)} s** |`);
    if (progress) progressLines.push(progressLine(id, ms, samples));
  }
  if (progress) {
    console.log("\n| preset | bar − time share, worst | cells − time share, worst | the status's whole time / the real one, at 10 %, 25 %, 50 %, 75 % of it |");
    console.log("|---|---|---|---|");
    for (const line of progressLines) console.log(line);
  }
} finally {
  await browser.close();
  server.close();
}

/**
 * A row of the --progress table: how far the bar and the cells' share were from the share of the
 * time gone, and the whole time the status line implied at some shares of the real one.
 * @param {string} id
 * @param {number} ms
 * @param {{ t: number, bar: number, cells: number, left: number | null }[]} samples
 */
function progressLine(id, ms, samples) {
  const worst = (f) => Math.max(0, ...samples.map((s) => Math.abs(f(s) - s.t / ms)));
  const at = [0.1, 0.25, 0.5, 0.75].map((share) => {
    const s = samples.find((s) => s.t >= share * ms);
    return s?.left == null ? "–" : `${((s.t + s.left) / ms).toFixed(2)}`;
  });
  return `| \`${id}\` | ${worst((s) => s.bar).toFixed(2)} | ${worst((s) => s.cells).toFixed(2)} | ${at.join(", ")} |`;
}
