// Phones and tablets (390×844 and 768×1024, touch): nothing wider than the window — the page as it
// opens, with every group of the control bar opened ("More algorithms" and the learning curves'
// "more" lists too), and in every step of the built-in lesson
// (the reader view); a touch drag moves a point; a sweep runs and its ε_g chart's plot area is at
// least 120 px high; the learning curves' PNG from a phone has the size it has at 1280×720.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { SIX, SMALL_SWEEP, launch, openGroups, openLab, serve } from "./harness.mjs";
import { plotAreas } from "./layout-measure.mjs";

let server;
before(async () => {
  server = await serve();
});
after(() => server?.close());

/** How far the page and its parts reach past the window's right edge (0: nowhere), with the widest part's name. */
function overflow(page) {
  return page.evaluate(() => {
    let worst = { by: document.documentElement.scrollWidth - innerWidth, what: "the page" };
    /** Whether a box of `e`'s ancestors clips it inside the window (a text cut short with an ellipsis). */
    const clipped = (e) => {
      for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== "visible" && a.getBoundingClientRect().right <= innerWidth) return true;
      }
      return false;
    };
    for (const e of document.querySelectorAll("body *")) {
      if (!e.getClientRects().length || e.closest("dialog:not([open]), .visually-hidden") || clipped(e)) continue;
      const r = e.getBoundingClientRect();
      if (r.width > 0 && r.right - innerWidth > worst.by) worst = { by: r.right - innerWidth, what: e.id || e.className || e.tagName };
    }
    return worst;
  });
}

/**
 * Opens "More algorithms" (the Rules group's list) and the learning-curve form's "more" (its
 * further rules) with a tap on their summaries, as a user would; returns the page's scroll width
 * and every element of the two opened lists that reaches past the window's left or right edge.
 */
async function openMoreLists(page) {
  for (const selector of ["#more-algorithms", "#lc-algorithms .lc-more"]) {
    const summary = page.locator(`${selector} > summary`);
    await summary.scrollIntoViewIfNeeded();
    await summary.tap();
    assert.equal(await page.locator(selector).evaluate((d) => d.open), true, `${selector} opened`);
  }
  return page.evaluate(() => {
    const outside = [];
    for (const list of document.querySelectorAll("#more-algorithms, #lc-algorithms .lc-more")) {
      for (const e of [list, ...list.querySelectorAll("*")]) {
        if (!e.getClientRects().length) continue;
        const r = e.getBoundingClientRect();
        if (r.width > 0 && (r.left < -0.5 || r.right > innerWidth + 0.5)) outside.push(`${e.id || e.className || e.tagName} ${r.left.toFixed(0)}–${r.right.toFixed(0)}`);
      }
    }
    return {
      scrollWidth: document.scrollingElement.scrollWidth,
      width: innerWidth,
      outside,
      items: document.querySelectorAll("#more-algorithms input, #lc-algorithms .lc-more input").length,
    };
  });
}

/** Drags the data view's point `i` with one finger (touch events through CDP) to (x, y); a pause after. */
async function touchDrag(page, from, to) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type, points = []) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id })) });
  await touch("touchStart", [from]);
  for (let k = 1; k <= 8; k++) await touch("touchMove", [{ x: from.x + ((to.x - from.x) * k) / 8, y: from.y + ((to.y - from.y) * k) / 8 }]);
  await touch("touchEnd");
  await page.waitForTimeout(400);
}

/** The size of the learning curves' exported PNG (its IHDR), after a small sweep, in a page at `viewport`. */
async function exportedPng(browser, viewport) {
  const { page } = await openLab(browser.context, server.url);
  await page.setViewportSize(viewport);
  await page.evaluate((p) => window.lab.runLearningCurve(p), SMALL_SWEEP);
  await page.waitForFunction(() => !document.getElementById("lc-png").disabled);
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#lc-png")]);
  const chunks = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk);
  const png = Buffer.concat(chunks);
  await page.close();
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
]) {
  test(`at ${viewport.width}×${viewport.height} with touch nothing is wider than the window, a drag moves a point, a sweep's chart is readable`, async () => {
    const browser = await launch({ viewport, hasTouch: true, isMobile: true, deviceScaleFactor: viewport.width < 500 ? 3 : 2, groups: false });
    try {
      const { page, errors } = await openLab(browser.context, server.url, { groups: false });
      assert.deepEqual(await overflow(page), { by: 0, what: "the page" }, "as the page opens");
      await openGroups(page);
      const opened = await overflow(page);
      assert.ok(opened.by <= 0, `every group opened: ${opened.what} reaches ${opened.by} px past the right edge`);
      // "More algorithms" and the learning curves' "more" opened too: their lists inside the window
      const lists = await openMoreLists(page);
      assert.ok(lists.items > 0, "the opened lists have their rules");
      assert.ok(lists.scrollWidth <= lists.width, `the page scrolls sideways with the lists open: ${lists.scrollWidth} > ${lists.width}`);
      assert.deepEqual(lists.outside, [], "every element of the opened lists inside the window");
      const listed = await overflow(page);
      assert.ok(listed.by <= 0, `the lists opened: ${listed.what} reaches ${listed.by} px past the right edge`);
      // closed again with a tap, as a user closes a list (open, "More algorithms" lies over what is under it)
      for (const selector of ["#more-algorithms", "#lc-algorithms .lc-more"]) {
        await page.locator(`${selector} > summary`).scrollIntoViewIfNeeded();
        await page.locator(`${selector} > summary`).tap();
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      // nothing made the phone lay the page out wider than its screen and zoom it out (where
      // innerWidth, which the checks above measure against, grows with it)
      assert.equal(await page.evaluate(() => innerWidth), viewport.width, "the page laid out at the screen's width");
      // a touch drag moves a point
      await page.evaluate((p) => window.lab.setPoints(p), SIX);
      await page.locator("#data-view").scrollIntoViewIfNeeded();
      const from = await page.evaluate(() => window.lab.dataToClient(2, 0.5));
      const to = await page.evaluate(() => window.lab.dataToClient(1.5, -0.5));
      await touchDrag(page, from, to);
      const moved = (await page.evaluate(() => window.lab.getState())).points[1];
      assert.ok(Math.abs(moved.x - 1.5) < 0.15 && Math.abs(moved.y + 0.5) < 0.15, `the point followed the finger: ${JSON.stringify(moved)}`);
      // a sweep runs; its ε_g chart's plot is readable
      await page.evaluate((p) => window.lab.runLearningCurve(p), SMALL_SWEEP);
      await page.waitForFunction(() => /done/.test(document.getElementById("lc-status").textContent), null, { timeout: 60000 });
      const plot = (await page.evaluate(plotAreas))["lc-chart-eps"];
      assert.ok(plot && plot.height >= 120 && plot.width >= 120, `the ε_g chart's plot: ${JSON.stringify(plot)}`);
      // every step of the built-in lesson, a reader view no wider than the window
      const steps = (await page.evaluate(() => window.lab.lessons())).find((l) => l.id === "chapter").steps.length;
      for (let i = 0; i < steps; i++) {
        await page.evaluate((i) => window.lab.openLesson("chapter", i), i);
        await page.waitForFunction(() => document.getElementById("lesson-text").getAttribute("aria-busy") === "false");
        const o = await overflow(page);
        assert.ok(o.by <= 0, `step ${i + 1}: ${o.what} reaches ${o.by} px past the right edge`);
        const data = await page.evaluate(() => document.getElementById("data-view").getBoundingClientRect().toJSON());
        if (data.width > 0) assert.ok(data.width >= 0.8 * viewport.width, `step ${i + 1}: the data view across the screen (${data.width} px)`);
      }
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
    }
  });
}

test("the learning curves' PNG exported from a phone (390×844, pixel ratio 3) has the size it has at 1280×720", async () => {
  const phone = await launch({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 3 });
  const desk = await launch({ viewport: { width: 1280, height: 720 } });
  try {
    const a = await exportedPng(phone, { width: 390, height: 844 });
    const b = await exportedPng(desk, { width: 1280, height: 720 });
    assert.deepEqual(a, b);
  } finally {
    await phone.close();
    await desk.close();
  }
});
