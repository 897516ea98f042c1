// Layout time per step of the built-in lesson at 1280×720 (or --size WxH): the page's layout
// (layout.js, timed by its "layout" performance measures) when the step opens (its equations
// typeset), while its action runs to its end, and when R resets it — how many layouts ran and
// their total time in ms. One step after another in one page; --runs N opens each step N times
// (medians). Usage: node bench/layout-steps.mjs [--size 1280x720] [--runs 3]
import { launch, openLab, playerAtFastest, serve } from "../tests/e2e/harness.mjs";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const [width, height] = arg("--size", "1280x720").split("x").map(Number);
const runs = Number(arg("--runs", "3"));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const server = await serve();
const browser = await launch({ viewport: { width, height }, groups: false });
try {
  const { page } = await openLab(browser.context, server.url, { groups: false });
  await page.evaluate(() => window.lab.openLesson("chapter", 0));
  const file = JSON.parse(await page.evaluate(() => window.lab.exportLesson()));
  /** The layouts since the last call: [count, total ms]. */
  const layouts = () =>
    page.evaluate(() => {
      const m = performance.getEntriesByName("layout");
      performance.clearMeasures("layout");
      return [m.length, m.reduce((s, e) => s + e.duration, 0)];
    });
  const typeset = () => page.waitForFunction(() => document.getElementById("lesson-text").getAttribute("aria-busy") === "false");
  const frames = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  console.log(`| step | open: layouts, ms | action: layouts, ms | R: layouts, ms |\n|---|---|---|---|`);
  for (let i = 0; i < file.steps.length; i++) {
    const rows = { open: [], action: [], reset: [] };
    for (let r = 0; r < runs; r++) {
      await page.evaluate(() => window.lab.closeLesson());
      await layouts();
      await page.evaluate((i) => window.lab.openLesson("chapter", i), i);
      await typeset();
      await frames();
      rows.open.push(await layouts());
      await page.evaluate(() => window.lab.lessonAction());
      const action = file.steps[i].action;
      if (action === "animate" || action === "race") {
        await playerAtFastest(page);
        await page.waitForFunction(
          () => {
            const s = window.lab.getState();
            return !s.animation.playing && !s.compare?.playing;
          },
          null,
          { timeout: 300000 },
        );
      } else if (action === "run-curves") await page.waitForFunction(() => /done/.test(document.getElementById("lc-status").textContent), null, { timeout: 120000 });
      await frames();
      rows.action.push(await layouts());
      await page.keyboard.press("r");
      await typeset();
      await frames();
      rows.reset.push(await layouts());
    }
    const cell = (xs) => `${median(xs.map((x) => x[0]))}, ${median(xs.map((x) => x[1])).toFixed(1)}`;
    console.log(`| ${i + 1} ${file.steps[i].title} | ${cell(rows.open)} | ${cell(rows.action)} | ${cell(rows.reset)} |`);
  }
} finally {
  await browser.close();
  server.close();
}
