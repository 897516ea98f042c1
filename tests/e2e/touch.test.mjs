// End-to-end tests of the page on a phone: at 390×844 with a touch screen nothing is
// wider than the window and the data view lies within it; every control is 44 px high; the hint
// speaks of taps; the skip link is the first stop of the keyboard; the weight view pans with one
// finger and zooms with two, and its zoom goes back to the whole when the data change; a tap that
// drifts 8 px flips a point; the information a long press or a tap showed goes with a tap
// elsewhere, and none stays after a drag.
import { test } from "node:test";
import assert from "node:assert/strict";
import { SIX, artifact, useLab } from "./harness.mjs";

const PHONE = { width: 390, height: 844 };
const lab = useLab({ viewport: PHONE, hasTouch: true, isMobile: true });
const TAU = 2 * Math.PI;

/** Touches through CDP, as a finger gives them: `points` the fingers down (none for touchEnd). */
async function toucher(page) {
  const cdp = await page.context().newCDPSession(page);
  return (type, points = []) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id })) });
}

/** A finger pressed at `from`, moved to `to` in `steps` moves, lifted; then a pause, so that Chromium takes the next touch as a new gesture. */
async function drag(page, from, to, steps = 6) {
  const touch = await toucher(page);
  await touch("touchStart", [from]);
  for (let k = 1; k <= steps; k++) await touch("touchMove", [{ x: from.x + ((to.x - from.x) * k) / steps, y: from.y + ((to.y - from.y) * k) / steps }]);
  await touch("touchEnd");
  await page.waitForTimeout(400);
}

const state = () => lab.page.evaluate(() => window.lab.getState());

/** Scrolls the element into the middle of the window; its client rectangle. */
const reveal = (id) =>
  lab.page.evaluate((id) => {
    const e = document.getElementById(id);
    e.scrollIntoView({ block: "center" });
    return e.getBoundingClientRect().toJSON();
  }, id);

/** The middle of the weight view's lower plot in client coordinates, the plot as drawn, scrolled into view. */
async function plotMiddle() {
  const r = await reveal("weight-view");
  const plot = (await state()).weightPlot;
  // the canvas's 1 px border, then the plot's place in the canvas
  return { x: r.left + 1 + plot.x + plot.width / 2, y: r.top + 1 + plot.y + plot.height / 2, plot };
}

test("at 390×844 nothing is wider than the window and the data view with all its points lies within it", async () => {
  const { page } = lab;
  await lab.setPoints(SIX);
  await lab.frame();
  const m = await page.evaluate(() => ({ inner: innerWidth, scroll: document.documentElement.scrollWidth }));
  assert.equal(m.inner, PHONE.width, "the page is laid out at the phone's width, not zoomed out to a wider one");
  assert.ok(m.scroll <= m.inner, `scrollWidth ${m.scroll} > innerWidth ${m.inner}`);
  const view = await reveal("data-view");
  assert.ok(view.left >= 0 && view.right <= m.inner && view.width > 300, `the data view: ${JSON.stringify(view)}`);
  for (const p of SIX) {
    const c = await lab.client(p.x, p.y);
    assert.ok(c.x > view.left && c.x < view.right, `point (${p.x}, ${p.y}) at x = ${c.x}, the view ${view.left}–${view.right}`);
  }
  // the readout fits its box (updates M and steps t aside), every rule shown too
  await page.evaluate(() => {
    for (const c of document.querySelectorAll("#shown input[type=checkbox]")) if (!c.checked) c.click();
  });
  await lab.frame();
  const readout = await page.evaluate(() => {
    const box = document.getElementById("readout-box");
    return { scroll: box.scrollWidth, client: box.clientWidth, right: box.getBoundingClientRect().right };
  });
  assert.ok(readout.scroll <= readout.client && readout.right <= m.inner, `the readout: ${JSON.stringify(readout)}`);
  const weights = await reveal("weight-view");
  assert.ok(weights.left >= 0 && weights.right <= m.inner, `the weight view: ${JSON.stringify(weights)}`);
  await page.screenshot({ path: artifact("phone-390x844.png") });
  assert.deepEqual(lab.errors, []);
});

test("on a touch screen every button, menu and checkbox (with its label) is at least 44 px high", async () => {
  const { page } = lab;
  await page.evaluate(() => {
    window.lab.setCompare(true);
    document.getElementById("more-algorithms").open = true;
    document.querySelector(".lc-more").open = true;
  });
  await lab.frame();
  const small = await page.evaluate(() =>
    [...document.querySelectorAll("button, select, summary, input[type=checkbox]")]
      .filter((e) => e.getClientRects().length)
      .map((e) => {
        const target = e.matches("input[type=checkbox]") ? (e.closest("label") ?? e) : e;
        return { what: `${e.tagName} ${e.id || target.textContent.trim().slice(0, 30)}`, height: target.getBoundingClientRect().height };
      })
      .filter((t) => t.height < 44),
  );
  const count = await page.evaluate(() => document.querySelectorAll("button, input[type=checkbox]").length);
  assert.ok(count > 30, `${count} controls`);
  assert.deepEqual(small, []);
  await page.evaluate(() => {
    window.lab.setCompare(false);
    window.lab.undo(); // the ticks setCompare gave
  });
});

test("the hint speaks of taps, and the skip link, the first stop of the keyboard, focuses the data view without touching the link in the URL", async () => {
  const { page } = lab;
  const hints = await page.evaluate(() =>
    [...document.querySelectorAll("#data-section .hint")].map((e) => ({ text: e.textContent, shown: e.getClientRects().length > 0 })),
  );
  const shown = hints.filter((h) => h.shown).map((h) => h.text);
  assert.equal(shown.length, 1, JSON.stringify(hints));
  assert.match(shown[0], /tap a point: flip/);
  assert.match(shown[0], /long-press/);
  assert.doesNotMatch(shown[0], /right-click|shift-click/);
  const hash = await page.evaluate(() => location.hash);
  await page.evaluate(() => {
    document.activeElement?.blur();
    window.scrollTo(0, 0);
  });
  await page.keyboard.press("Tab");
  const link = await page.evaluate(() => ({ id: document.activeElement.id, box: document.activeElement.getBoundingClientRect().toJSON() }));
  assert.equal(link.id, "skip-link");
  assert.ok(
    link.box.top >= 0 && link.box.left >= 0 && link.box.right <= PHONE.width && link.box.height > 20,
    `the link in sight with the focus: ${JSON.stringify(link.box)}`,
  );
  await page.keyboard.press("Enter");
  assert.equal(await page.evaluate(() => document.activeElement.id), "data-view");
  assert.equal(await page.evaluate(() => location.hash), hash, "the state's link stays in the URL");
  await page.evaluate(() => document.activeElement?.blur());
  assert.deepEqual(lab.errors, []);
});

test("one finger pans the weight view's lower plot the whole way, two fingers zoom it, and new data show the whole again", async () => {
  const { page } = lab;
  await lab.setPoints(SIX);
  await lab.frame();
  const { x, y, plot } = await plotMiddle();
  assert.equal(plot.phi0, 0);
  assert.equal(plot.phi1, TAU);
  // 80 px to the left in eight moves: the window turns by 80 / width of the full turn
  await drag(page, { x: x + 40, y }, { x: x - 40, y }, 8);
  const panned = (await state()).weightPlot;
  const expected = (80 / plot.width) * TAU;
  const turned = ((((panned.phi0 - expected) % TAU) + 1.5 * TAU) % TAU) - TAU / 2; // φ wraps: the window may start a turn lower
  assert.ok(Math.abs(turned) < 0.05 * expected, `panned to φ0 = ${panned.phi0}, expected ${expected} (mod 2π)`);
  assert.ok(Math.abs(panned.phi1 - panned.phi0 - TAU) < 1e-9, "a pan keeps the span");
  // a pinch: two fingers from 40 px apart to 120 px apart about the middle zoom in three times
  const touch = await toucher(page);
  const fingers = (half) => [
    { x: x - half, y },
    { x: x + half, y },
  ];
  await touch("touchStart", fingers(20));
  for (let k = 1; k <= 8; k++) await touch("touchMove", fingers(20 + 5 * k));
  await touch("touchEnd");
  await page.waitForTimeout(400);
  const zoomed = (await state()).weightPlot;
  const factor = TAU / (zoomed.phi1 - zoomed.phi0);
  assert.ok(Math.abs(factor - 3) < 0.3, `zoomed in by ${factor}, expected 3: ${JSON.stringify(zoomed)}`);
  assert.ok(Math.abs((plot.hi - plot.lo) / (zoomed.hi - zoomed.lo) - factor) < 1e-6, "both axes zoom alike");
  // the data change: the whole plot again
  await lab.page.evaluate(() => window.lab.loadPreset("xor"));
  await lab.frame();
  const whole = (await state()).weightPlot;
  assert.equal(whole.phi0, 0);
  assert.equal(whole.phi1, TAU);
  assert.deepEqual(lab.errors, []);
});

test("a tap that drifts 8 px flips the point and leaves it where it was; a drag moves it and leaves no tooltip", async () => {
  const { page } = lab;
  await lab.setPoints(SIX);
  await reveal("data-view");
  const c = await lab.client(2, 0.5);
  await drag(page, c, { x: c.x + 8, y: c.y }, 4);
  let s = await state();
  assert.equal(s.points[1].label, -1, "flipped");
  assert.deepEqual([s.points[1].x, s.points[1].y], [2, 0.5], "not moved");
  assert.equal(s.points.length, 6);
  // a drag of 40 px moves it; its tooltip goes with the finger
  await drag(page, c, { x: c.x + 40, y: c.y - 40 }, 8);
  s = await state();
  assert.ok(s.points[1].x > 2.2 && s.points[1].y > 0.7, `moved: ${JSON.stringify(s.points[1])}`);
  assert.equal(s.points[1].label, -1, "a drag does not flip");
  assert.equal(s.hover, -1, "no tooltip after the drag");
  assert.deepEqual(lab.errors, []);
});

test("what a long press or a tap showed goes with a tap elsewhere", async () => {
  const { page } = lab;
  await lab.setPoints(SIX);
  await reveal("data-view");
  const touch = await toucher(page);
  const c = await lab.client(2, 0.5);
  await touch("touchStart", [c]);
  await page.waitForFunction(() => window.lab.getState().hover === 1, null, { timeout: 5000 });
  await touch("touchEnd");
  await page.waitForTimeout(400);
  assert.equal((await state()).hover, 1, "the long press's information stays after the finger lifts");
  // a tap on the page's text, outside the data view
  const readout = await reveal("readout");
  await page.touchscreen.tap(readout.left + 5, readout.top + 5);
  await lab.frame();
  assert.equal((await state()).hover, -1, "gone after a tap elsewhere");
  // a tap on a curve of the weight view highlights its point; elsewhere off the curves the cell's labelling shows; a tap outside puts both away
  const { x, y } = await plotMiddle();
  await page.touchscreen.tap(x, y);
  await page.waitForTimeout(400);
  const tapped = await state();
  assert.ok(tapped.hover >= 0 || tapped.region !== null, `the tap showed something: hover ${tapped.hover}, region ${JSON.stringify(tapped.region)}`);
  const heading = await reveal("teacher-panel");
  await page.touchscreen.tap(heading.left + 5, heading.top + 5);
  await lab.frame();
  const after = await state();
  assert.equal(after.hover, -1);
  assert.equal(after.region ?? null, null);
  assert.deepEqual(lab.errors, []);
});
