// Benchmark of bounded settling: on 10 000 points with a small margin — the seeded 2-D
// set of tests/e2e/harness.mjs `lineSet("small-margin", 10000, threshold, 4.6e-4)`: points within
// 4.6·10⁻⁴ of the teacher line dropped, so κ_max ≈ 4.6·10⁻⁴ — the time from the edit
// (`lab.setPoints`) until every shown rule has stopped (`lab.settled`), through the origin and
// with a threshold, `--runs` times each (default 3), with each rule's stop, steps and status.
// The page's default rules (Rosenblatt, MinOver, AdaTron and the exact optimum) train in the
// training worker; MinOver and AdaTron end at their own stop or at their work limit
// (`scene::SETTLE_WORK`, counted in operations, so where they stop does not depend on the machine).
// Usage: make build && node bench/settle-10k.mjs [--runs 3]
import { launch, lineSet, openLab, serve } from "../tests/e2e/harness.mjs";

const i = process.argv.indexOf("--runs");
const runs = i > 0 ? Number(process.argv[i + 1]) : 3;
const P = 10_000;
const MARGIN = 4.6e-4;

const server = await serve();
const browser = await launch();
try {
  const { page } = await openLab(browser.context, server.url);
  console.log(`P = ${P}, small margin ${MARGIN}: seconds from lab.setPoints until lab.settled, ${runs} runs per mode`);
  for (const threshold of [false, true]) {
    const pts = lineSet("small-margin", P, threshold, MARGIN);
    const times = [];
    let rules = [];
    for (let r = 0; r < runs; r++) {
      // another set first, so that each run is a new edit of the whole set
      await page.evaluate(() =>
        window.lab.setPoints([
          { x: 0.5, y: 0.5, label: 1 },
          { x: -0.5, y: -0.5, label: -1 },
        ]),
      );
      await page.evaluate(() => window.lab.settled(60_000));
      const res = await page.evaluate(
        async ([pts, threshold]) => {
          window.lab.setThreshold(threshold);
          const t0 = performance.now();
          window.lab.setPoints(pts);
          await window.lab.settled(600_000);
          const ms = performance.now() - t0;
          const s = window.lab.getState();
          return {
            ms,
            rules: Object.entries(s.algorithms).map(([name, a]) => ({ name, stop: a.stop ?? "", steps: a.steps ?? 0, status: a.status })),
          };
        },
        [pts, threshold],
      );
      times.push(res.ms / 1000);
      rules = res.rules;
    }
    const sorted = [...times].sort((a, b) => a - b);
    console.log(
      `\n${threshold ? "with a threshold" : "through the origin"}: settled after ${times.map((t) => t.toFixed(2)).join(", ")} s (median ${sorted[sorted.length >> 1].toFixed(2)} s)`,
    );
    for (const r of rules) console.log(`  ${r.name}: ${r.stop} after ${r.steps} steps — ${r.status}`);
  }
} finally {
  await browser.close();
  server.close();
}
