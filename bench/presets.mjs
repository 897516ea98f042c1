// Benchmark (issue 27, heavy presets): the time of each course preset of the learning-curve panel
// (www/assignments.js) in the page, as a user runs it: the preset chosen in the menu
// (`#lc-assignment`, which fills the form), then `lab.runLearningCurve()` on the form's parameters
// (the page's workers, the progressive charts, the final summary; `ms` as the page reports it).
// One page for all presets, in the order of the menu.
// Usage: make build && node bench/presets.mjs [--only id,id,…]
import { launch, openLab, serve } from "../tests/e2e/harness.mjs";

const i = process.argv.indexOf("--only");
const only = i > 0 ? process.argv[i + 1].split(",") : null;

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
    const { ms, sweep } = await page.evaluate(async (id) => {
      const menu = /** @type {HTMLSelectElement} */ (document.getElementById("lc-assignment"));
      menu.value = id;
      menu.dispatchEvent(new Event("change"));
      const value = (f) => /** @type {HTMLInputElement} */ (document.getElementById(f)).value;
      const budget = value("lc-budget") === "updates" ? `T = ${value("lc-updates")} updates` : `${value("lc-epochs")} epochs`;
      const sweep = `N = ${value("lc-n")}, ${value("lc-alpha-count")} α, ${value("lc-reps")} reps, ${budget}`;
      const { ms } = await window.lab.runLearningCurve();
      return { ms, sweep };
    }, id);
    console.log(`| ${label} (\`${id}\`) | ${sweep} | **${(ms / 1000).toFixed(2)} s** |`);
  }
} finally {
  await browser.close();
  server.close();
}
