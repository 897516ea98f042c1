// Benchmark (issue 27, heavy presets): the time of each course preset of the learning-curve panel
// (www/assignments.js) in the page, as a user runs it: the preset chosen in the menu
// (`#lc-assignment`, which fills the form), then `lab.runLearningCurve(params)` with the form's
// sweep (the page's workers, the progressive charts, the final summary; `ms` as the page reports
// it).
// One page for all presets, in the order of the menu.
// Usage: make build && node bench/presets.mjs [--only id,id,…] [--reps R]
//   --reps  run each preset with R repetitions instead of its own (the cells are independent, so
//           the time is about proportional to R: a figure of the whole preset from it is an estimate)
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
  console.log(`the course presets in the page (${cores} workers), seconds per sweep\n`);
  console.log("| preset | sweep | time |");
  console.log("|---|---|---|");
  for (const { id, label } of presets.filter((p) => !only || only.includes(p.id))) {
    const { ms, sweep } = await page.evaluate(
      async ([id, reps]) => {
        const menu = /** @type {HTMLSelectElement} */ (document.getElementById("lc-assignment"));
        menu.value = id;
        menu.dispatchEvent(new Event("change"));
        // the sweep of the filled form, as `readParams` of www/curve-form.js reads it
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
        const { ms } = await window.lab.runLearningCurve(params);
        return { ms, sweep };
      },
      [id, reps],
    );
    console.log(`| ${label} (\`${id}\`) | ${sweep} | **${(ms / 1000).toFixed(2)} s** |`);
  }
} finally {
  await browser.close();
  server.close();
}
