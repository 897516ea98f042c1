// Every panel a step shows lies on the screen: for every step of the built-in lesson at 1280×720
// and 1920×1080 in presenter mode, the step's buttons, the player's controls and charts, the
// readout, the student–teacher panel's texts, controls and ε_g chart, the cells' panel and the
// learning curves lie inside the window (the page never scrolls: a lecturer cannot), as the step
// opens, with all its parts revealed, and after its action ran to its end. The panels the step
// names are checked to be shown at all, so that hiding one cannot pass for fitting it.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { launch, playerAtFastest, serve } from "./harness.mjs";

let server;
let browser;
before(async () => {
  server = await serve();
  browser = await launch({ groups: false });
});
after(async () => {
  await browser?.close();
  server?.close();
});

/** What the lesson's panel and a step's panels show, the views aside: each checked when visible. */
const PANEL_PARTS = [
  "#lesson-prev",
  "#lesson-action",
  "#lesson-reset",
  "#lesson-next",
  "#lesson-close",
  "#lesson-controls",
  "#lesson-numbers",
  "#lesson-task",
  "#anim-algorithm",
  "#anim-step",
  "#anim-play",
  "#anim-reset",
  "#anim-speed",
  "#anim-scrub",
  "#anim-counters",
  "canvas.trace",
  "#readout",
  "#compare-panel",
  "#count-panel",
  "#teacher-text",
  "#teacher-show",
  "#teacher-relabel",
  "#gibbs-resample",
  "#vs-size",
  ".weight-zoom button",
  "#lc-run",
  "#lc-chart-eps",
  "#data-view",
  "#weight-view",
];

/** The parts that must be shown for each view a step names (lesson-format.js LESSON_VIEWS). */
const NAMED = {
  player: ["#anim-step", "#anim-play", "#anim-scrub"],
  teacher: ["#teacher-text", "#teacher-show", "#vs-size"],
  readout: ["#readout"],
  curves: ["#lc-run", "#lc-chart-eps"],
  data: ["#data-view"],
  weights: ["#weight-view"],
};

/** In the page: every visible part of PANEL_PARTS with its box, and the page's scroll. */
function partsOnScreen(selectors) {
  const seen = [];
  for (const selector of selectors) {
    for (const e of document.querySelectorAll(selector)) {
      if (!e.getClientRects().length || getComputedStyle(e).visibility !== "visible") continue;
      const r = e.getBoundingClientRect();
      if (r.width < 1 || r.height < 1) continue;
      seen.push({ selector, id: e.id || selector, box: [r.left, r.top, r.right, r.bottom].map((v) => Math.round(v * 10) / 10) });
    }
  }
  return { seen, width: window.innerWidth, height: window.innerHeight, scroll: [window.scrollX, window.scrollY] };
}

/** Waits for the step's equations to be typeset, its rules to stop, and two frames after. */
async function settled(page) {
  await page.waitForFunction(() => document.getElementById("lesson-text").getAttribute("aria-busy") === "false");
  await page.evaluate(() => window.lab.settled(60000));
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** Asserts the step's parts lie inside the window and the parts of the views it names are shown. */
async function onScreen(page, step, what) {
  const { seen, width, height, scroll } = await page.evaluate(partsOnScreen, PANEL_PARTS);
  assert.deepEqual(scroll, [0, 0], `${what}: the page is scrolled`);
  for (const { id, box } of seen) {
    const [left, top, right, bottom] = box;
    assert.ok(left >= -0.5 && top >= -0.5 && right <= width + 0.5 && bottom <= height + 0.5, `${what}: ${id} at [${box}] is not inside the ${width}×${height} window`);
  }
  const shown = new Set(seen.map((s) => s.selector));
  const named = step.views.flatMap((v) => NAMED[v] ?? []);
  if (step.action !== "none") named.push("#lesson-action");
  for (const selector of named) assert.ok(shown.has(selector), `${what}: ${selector} is not shown`);
}

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
]) {
  test(`every step of the built-in lesson shows its panels inside the window at ${viewport.width}×${viewport.height}`, async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize(viewport);
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    try {
      await page.goto(server.url);
      await page.waitForFunction(() => window.lab?.ready);
      await page.evaluate(() => window.lab.ready);
      await page.evaluate(() => window.lab.openLesson("chapter", 0));
      const file = JSON.parse(await page.evaluate(() => window.lab.exportLesson()));
      for (let i = 0; i < file.steps.length; i++) {
        const step = file.steps[i];
        const what = `step ${i + 1}`;
        await page.evaluate((i) => window.lab.openLesson("chapter", i), i);
        await settled(page);
        await onScreen(page, step, `${what} opened`);
        // every part revealed (→ reveals the next one; the step's last part is where → stops)
        let s = await page.evaluate(() => window.lab.getState().lesson);
        while (s.part + 1 < s.parts) {
          await page.evaluate(() => window.lab.lessonKey("ArrowRight"));
          s = await page.evaluate(() => window.lab.getState().lesson);
        }
        await settled(page);
        await onScreen(page, step, `${what} with all its parts`);
        if (step.action === "none") continue;
        await page.evaluate(() => window.lab.lessonAction());
        if (step.action === "animate" || step.action === "race") await playerAtFastest(page);
        // adding an example is done at once (the lesson never calls it done: Space adds another);
        // a run or a sweep when the lesson says its action is done
        if (step.action !== "add-example") await page.waitForFunction(() => window.lab.getState().lesson.action.done, null, { timeout: 180000 });
        await settled(page);
        await onScreen(page, step, `${what} after its action`);
        // the student–teacher panel draws its ε_g chart from the first example on
        if (step.views.includes("teacher")) {
          const { seen } = await page.evaluate(partsOnScreen, ["#eps-chart"]);
          assert.equal(seen.length, 1, `${what}: the ε_g chart is not shown after an example was added`);
        }
      }
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });
}
