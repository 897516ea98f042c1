// One layout per lesson step: for every step of the built-in lesson at 1280×720 and 1920×1080,
// and in the embed layout at 960×540, the step's canvases keep their boxes (±2 px) from the
// moment it opens, through its action run to its end, to R; every chart's plot area (measured
// from its drawn axes) is at least 120 px both ways once drawn, and the data view at least 40 %
// of the window's shorter side on each axis. One browser; one page per viewport.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { launch, playerAtFastest, serve } from "./harness.mjs";
import { canvasBoxes, plotAreas } from "./layout-measure.mjs";

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

/** Waits for the step's equations to be typeset and two frames after. */
async function settled(page) {
  await page.waitForFunction(() => document.getElementById("lesson-text").getAttribute("aria-busy") === "false");
  await page.evaluate(() => window.lab.settled());
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/**
 * Runs the step's action to its end: plays the animation or the race at the player's fastest
 * speed until it stops, adds an example, or runs the sweep until it is done.
 */
async function runAction(page, action) {
  await page.evaluate(() => window.lab.lessonAction());
  if (action === "animate" || action === "race") {
    await playerAtFastest(page);
    await page.waitForFunction(
      (race) => {
        const s = window.lab.getState();
        return race ? s.compare && !s.compare.playing && s.compare.step === s.compare.steps : !s.animation.playing && s.animation.step > 0;
      },
      action === "race",
      { timeout: 180000 },
    );
  } else if (action === "run-curves") {
    await page.waitForFunction(() => /done/.test(document.getElementById("lc-status").textContent), null, { timeout: 120000 });
  }
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** Boxes equal within 2 px: the same canvases, each edge within 2 px. */
function sameBoxes(a, b, what) {
  assert.deepEqual(Object.keys(b).sort(), Object.keys(a).sort(), `${what}: the same canvases`);
  for (const id of Object.keys(a)) {
    const far = a[id].some((v, k) => Math.abs(v - b[id][k]) > 2);
    assert.ok(!far, `${what}: ${id} at ${b[id]} (was ${a[id]})`);
  }
}

/** Every chart drawn with a plot area of at least 120 px both ways. */
async function readableCharts(page, what) {
  const plots = await page.evaluate(plotAreas);
  for (const [id, p] of Object.entries(plots)) assert.ok(p.width >= 120 && p.height >= 120, `${what}: ${id}'s plot is ${p.width}×${p.height} px`);
}

/** The data view, when shown, at least 40 % of the window's shorter side on each axis. */
function readableData(boxes, viewport, what) {
  const data = boxes["data-view"];
  if (!data) return;
  const least = 0.4 * Math.min(viewport.width, viewport.height) - 1;
  assert.ok(data[2] >= least && data[3] >= least, `${what}: the data view is ${data[2]}×${data[3]} px, under ${least + 1}`);
}

for (const { viewport, embed } of [
  { viewport: { width: 1280, height: 720 }, embed: false },
  { viewport: { width: 1920, height: 1080 }, embed: false },
  { viewport: { width: 960, height: 540 }, embed: true },
]) {
  test(`every step of the built-in lesson keeps its layout through its action and R at ${viewport.width}×${viewport.height}${embed ? ", embedded" : ""}`, async () => {
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
        const what = `step ${i + 1}`;
        if (embed) {
          await page.goto(`${server.url}?lesson=chapter&step=${i + 1}&embed`);
          await page.waitForFunction(() => window.lab?.ready);
          await page.evaluate(() => window.lab.ready);
        } else await page.evaluate((i) => window.lab.openLesson("chapter", i), i);
        await settled(page);
        const opened = await page.evaluate(canvasBoxes);
        readableData(opened, viewport, `${what} opened`);
        await readableCharts(page, `${what} opened`);
        await runAction(page, file.steps[i].action);
        sameBoxes(opened, await page.evaluate(canvasBoxes), `${what} after its action`);
        await readableCharts(page, `${what} after its action`);
        await page.keyboard.press("r");
        await settled(page);
        sameBoxes(opened, await page.evaluate(canvasBoxes), `${what} after R`);
      }
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });
}

// A narrower lesson's panel is a taller one: the layout's search must not judge every arrangement
// by the narrowest panel's (whose text overflows), or the step's panels fold under the views.
test("a step whose panels fit beside readable views is laid out on one screen: step 1 at 1280×720 shows its readout", async () => {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1280, height: 720 });
  try {
    await page.goto(server.url);
    await page.waitForFunction(() => window.lab?.ready);
    await page.evaluate(() => window.lab.ready);
    await page.evaluate(() => window.lab.openLesson("chapter", 0));
    await settled(page);
    const fit = await page.evaluate(() => {
      const box = (id) => document.getElementById(id).getBoundingClientRect();
      return {
        below: document.body.classList.contains("presenter-below"),
        readout: box("readout").bottom,
        data: [box("data-view").width, box("data-view").height],
        scroll: document.documentElement.scrollHeight,
      };
    });
    assert.equal(fit.below, false, "the panels are not folded under the views");
    assert.ok(fit.readout <= 720, `the readout ends at ${fit.readout} px, inside the window`);
    assert.ok(fit.scroll <= 720, `the page is ${fit.scroll} px high`);
    readableData({ "data-view": [0, 0, ...fit.data] }, { width: 1280, height: 720 }, "step 1");
  } finally {
    await page.close();
  }
});
