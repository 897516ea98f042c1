// The first screen at 1280×720: the data and weight views fully inside the window without
// scrolling, together at least 35 % of it; at most 24 interactive controls visible on it; one way
// into the built-in lesson; every group one click away, its state in its button, its controls
// (ids unchanged) shown once it is opened.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { firstScreen } from "./first-screen-measure.mjs";
import { launch, openLab, serve } from "./harness.mjs";

let server;
let browser;
before(async () => {
  server = await serve();
  browser = await launch({ viewport: { width: 1280, height: 720 }, groups: false });
});
after(async () => {
  await browser?.close();
  server?.close();
});

/** The ids of controls each group holds (a sample of each, as tests and scripts use them). */
const GROUPS = {
  "open-data": ["preset", "teacher-p", "teacher-new", "undo", "redo", "clear"],
  "open-rules": ["show-rosenblatt", "show-minover", "more-algorithms", "compare"],
  "open-views": ["projector", "explain-toggle", "ring-strength", "anim-number", "anim-final"],
  "open-curves": ["lc-assignment", "lc-n", "lc-run", "lc-png"],
  "open-files": ["import", "export-csv", "export-json", "export-png-data", "export-png-weights", "copy-link"],
  "open-lessons": ["lesson-select", "lesson-present", "lesson-add", "lesson-edit"],
  "open-count": ["count-regions"],
  "open-teacher": ["teacher-show", "add-example", "teacher-relabel"],
};

test("at 1280×720 the views are on the first screen, over a third of it, with at most 24 controls in sight", async () => {
  const { page, errors } = await openLab(browser.context, server.url, { groups: false });
  try {
    const m = await page.evaluate(firstScreen);
    assert.ok(m.inside, `the data and weight views inside the window: ${JSON.stringify(m.views)}`);
    assert.ok(m.viewShare >= 0.35, `the views cover ${(100 * m.viewShare).toFixed(1)} % of the window`);
    assert.ok(m.controls <= 24, `${m.controls} controls in sight: ${m.names.join(", ")}`);
    assert.ok(m.names.includes("present-chapter"), "Present the chapter is in sight");
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

test("every group opens with one click, says its state in its button, and shows its controls; Present the chapter opens the built-in lesson", async () => {
  const { page, errors } = await openLab(browser.context, server.url, { groups: false });
  try {
    const visible = (id) => page.locator(`#${id}`).isVisible();
    for (const [toggle, ids] of Object.entries(GROUPS)) {
      for (const id of ids) assert.equal(await visible(id), false, `${id} folded away before ${toggle} is clicked`);
      await page.click(`#${toggle}`);
      assert.equal(await page.getAttribute(`#${toggle}`, "aria-expanded"), "true");
      for (const id of ids) assert.equal(await visible(id), true, `${id} shown once ${toggle} is clicked`);
      await page.click(`#${toggle}`);
      for (const id of ids) assert.equal(await visible(id), false, `${id} folded again by a second click on ${toggle}`);
    }
    // the state at a glance: the data set and its size, the rules shown, compare mode
    assert.match(await page.textContent("#state-data"), /Six points · P = 6/);
    await page.evaluate(() =>
      window.lab.setPoints([
        { x: 1, y: 1, label: 1 },
        { x: -1, y: -1, label: -1 },
      ]),
    );
    await page.evaluate(() => window.lab.setCompare(true, ["rosenblatt", "minover"]));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    assert.match(await page.textContent("#state-data"), /P = 2/);
    assert.match(await page.textContent("#state-rules"), /Rosenblatt, MinOver.*· compare/);
    await page.click("#present-chapter");
    await page.waitForFunction(() => window.lab.getState().lesson?.id === "chapter");
    assert.equal((await page.evaluate(() => window.lab.getState())).lesson.step, 0);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});
