// The built-in lesson's figures read from the back of a hall, at 1280×720 and 1920×1080 in
// presenter mode and on a phone (390×844, touch): Cover's step shows its 14 cell thumbnails at
// least 110 px wide (140 px at 1080; they were 50 px at 1280×720), drawn at that size, every one
// inside the window, and every cell's number inside the (φ, θ) window of the weight view; the
// race steps' charts (κ(w) and the updates M(t)) have every text — axis titles, tick labels,
// legend — inside the canvas, none over another (the updates chart's axis title, longer than its
// plot is high, reached past the canvas's top at 1280×720). Every text the page's canvases draw is
// recorded with its box (fillText instrumented before the page loads, so that the wasm core's
// charts are measured as the page's own drawing is).

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { launch, openLab, playerAtFastest, serve } from "./harness.mjs";

let server;
before(async () => {
  server = await serve();
});
after(() => server?.close());

/**
 * Records every fillText on a canvas with an id: `{canvas, text, bold, rect: [left, top, right,
 * bottom]}` in the canvas's CSS px (the ink's box, through the context's transform: rotated
 * titles included), in `window.__texts`; a canvas's entries are dropped when it is cleared whole
 * (its size set, or a clearRect over all of it), so that the list holds what it shows.
 */
function instrument() {
  /** @type {any[]} */
  let texts = [];
  Object.defineProperty(window, "__texts", { get: () => texts });
  const drop = (/** @type {HTMLCanvasElement} */ c) => {
    texts = texts.filter((t) => t.canvas !== c.id);
  };
  for (const side of ["width", "height"]) {
    const d = /** @type {PropertyDescriptor} */ (Object.getOwnPropertyDescriptor(HTMLCanvasElement.prototype, side));
    Object.defineProperty(HTMLCanvasElement.prototype, side, {
      ...d,
      set(v) {
        drop(this);
        d.set?.call(this, v);
      },
    });
  }
  const proto = CanvasRenderingContext2D.prototype;
  const clearRect = proto.clearRect;
  proto.clearRect = function (x, y, w, h) {
    const t = this.getTransform();
    if (x <= 0 && y <= 0 && t.a * w >= this.canvas.width - 1 && t.d * h >= this.canvas.height - 1) drop(this.canvas);
    return clearRect.call(this, x, y, w, h);
  };
  const fillText = proto.fillText;
  proto.fillText = function (text, x, y, ...rest) {
    const c = this.canvas;
    if (c.id && c.clientWidth > 0) {
      const m = this.measureText(String(text));
      const t = this.getTransform();
      const k = c.width / c.clientWidth;
      const corners = [
        [x - m.actualBoundingBoxLeft, y - m.actualBoundingBoxAscent],
        [x + m.actualBoundingBoxRight, y - m.actualBoundingBoxAscent],
        [x - m.actualBoundingBoxLeft, y + m.actualBoundingBoxDescent],
        [x + m.actualBoundingBoxRight, y + m.actualBoundingBoxDescent],
      ].map(([px, py]) => [(t.a * px + t.c * py + t.e) / k, (t.b * px + t.d * py + t.f) / k]);
      const xs = corners.map((p) => p[0]);
      const ys = corners.map((p) => p[1]);
      texts.push({
        canvas: c.id,
        text: String(text),
        bold: /\b(bold|[6-9]00)\b/.test(this.font),
        rect: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)],
      });
    }
    return fillText.call(this, text, x, y, ...rest);
  };
}

/** Opens step `i` of the built-in lesson with all its parts revealed, its equations typeset, two frames after. */
async function openStep(page, i) {
  await page.evaluate((i) => window.lab.openLesson("chapter", i), i);
  for (;;) {
    const { part, parts } = await page.evaluate(() => window.lab.getState().lesson);
    if (part + 1 >= parts) break;
    await page.evaluate(() => window.lab.lessonKey("ArrowRight"));
  }
  await page.waitForFunction(() => document.getElementById("lesson-text").getAttribute("aria-busy") === "false");
  await page.evaluate(() => window.lab.settled());
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** Runs the race of the step open to its end at the player's fastest speed. */
async function race(page) {
  await page.evaluate(() => window.lab.lessonAction());
  await playerAtFastest(page);
  await page.waitForFunction(
    () => {
      const s = window.lab.getState();
      return s.compare && !s.compare.playing && s.compare.step === s.compare.steps;
    },
    null,
    { timeout: 180000 },
  );
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** The texts drawn on canvas `id`, each once (its last drawing). */
async function textsOn(page, id) {
  const all = await page.evaluate((id) => window.__texts.filter((t) => t.canvas === id), id);
  const last = new Map();
  for (const t of all) last.set(`${t.text}@${t.rect.map(Math.round)}`, t);
  return [...last.values()];
}

/** Whether boxes `a` and `b` overlap by more than `slack` px each way. */
const overlaps = (a, b, slack) => a[0] + slack < b[2] && b[0] + slack < a[2] && a[1] + slack < b[3] && b[1] + slack < a[3];

/** Every text of the chart on canvas `id` inside the canvas and clear of the others. */
async function chartTextsFit(page, id, what) {
  const box = await page.evaluate((id) => {
    const c = document.getElementById(id);
    return c.checkVisibility({ checkVisibilityCSS: true }) ? [c.clientWidth, c.clientHeight] : null;
  }, id);
  if (!box) return 0;
  const texts = await textsOn(page, id);
  assert.ok(texts.length > 5, `${what}: ${id} drew its labels`);
  for (const t of texts) {
    const [l, top, r, bottom] = t.rect;
    assert.ok(
      l >= -0.5 && top >= -0.5 && r <= box[0] + 0.5 && bottom <= box[1] + 0.5,
      `${what}: "${t.text}" on ${id} at ${t.rect.map(Math.round)} reaches past its ${box[0]}×${box[1]} canvas`,
    );
  }
  for (const [k, a] of texts.entries()) {
    for (const b of texts.slice(k + 1)) {
      assert.ok(!overlaps(a.rect, b.rect, 1), `${what}: "${a.text}" and "${b.text}" overprint on ${id} (${a.rect.map(Math.round)} / ${b.rect.map(Math.round)})`);
    }
  }
  return texts.length;
}

for (const { viewport, touch, least } of [
  { viewport: { width: 1280, height: 720 }, touch: false, least: 110 },
  { viewport: { width: 1920, height: 1080 }, touch: false, least: 140 },
  { viewport: { width: 390, height: 844 }, touch: true, least: 60 },
]) {
  const size = `${viewport.width}×${viewport.height}`;
  test(`at ${size} Cover's thumbnails are readable and inside the window, every cell numbered inside the (φ, θ) window, and the race's charts keep every text inside and apart`, async () => {
    const browser = await launch({ viewport, hasTouch: touch, isMobile: touch, deviceScaleFactor: touch ? 3 : 1, groups: false });
    try {
      await browser.context.addInitScript(instrument);
      const { page, errors } = await openLab(browser.context, server.url, { groups: false });
      const titles = (await page.evaluate(() => window.lab.lessons())).find((l) => l.id === "chapter").steps.map((s) => s.title);
      const cover = titles.findIndex((t) => /Cover's count/.test(t));
      assert.ok(cover >= 0, "a step on Cover's count");
      await openStep(page, cover);
      const thumbs = await page.evaluate(() =>
        [...document.querySelectorAll("#count-thumbs canvas")].map((c) => {
          const r = c.getBoundingClientRect();
          return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, backing: c.width / (window.devicePixelRatio || 1) };
        }),
      );
      assert.equal(thumbs.length, 14, "C(4, 3) = 14 thumbnails");
      const page0 = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, below: document.body.classList.contains("presenter-below") }));
      assert.ok(page0.scrollWidth <= viewport.width, `${size}: the page is ${page0.scrollWidth} px wide`);
      for (const [k, t] of thumbs.entries()) {
        assert.ok(t.width >= least, `${size}: thumbnail ${k + 1} is ${t.width} px wide, under ${least}`);
        assert.ok(Math.abs(t.backing - t.width) <= 1, `${size}: thumbnail ${k + 1} drawn for ${t.backing} px, shown at ${t.width}`);
        assert.ok(t.left >= 0 && t.right <= viewport.width, `${size}: thumbnail ${k + 1} across ${t.left}–${t.right}`);
        // on a projector the step is one screen: the thumbnails in it, not under it
        if (!touch) assert.ok(t.top >= 0 && t.bottom <= viewport.height, `${size}: thumbnail ${k + 1} down ${t.top}–${t.bottom}`);
      }
      if (!touch) assert.equal(page0.below, false, `${size}: the step fits one screen`);
      // every cell's number (bold, 1 to 14) inside the (φ, θ) plot of the weight view
      const plot = await page.evaluate(() => window.lab.getState().weightPlot);
      const numbers = (await textsOn(page, "weight-view")).filter((t) => t.bold && /^\d+$/.test(t.text));
      assert.deepEqual(
        [...new Set(numbers.map((t) => Number(t.text)))].sort((a, b) => a - b),
        Array.from({ length: 14 }, (_, k) => k + 1),
        `${size}: every cell numbered`,
      );
      // (each centred on its place: the ink's centre a few px off it, a digit's ink not centred)
      const weights = await page.evaluate(() => [document.getElementById("weight-view").clientWidth, document.getElementById("weight-view").clientHeight]);
      for (const t of numbers) {
        const [cx, cy] = [(t.rect[0] + t.rect[2]) / 2, (t.rect[1] + t.rect[3]) / 2];
        assert.ok(
          cx >= plot.x - 4 && cx <= plot.x + plot.width + 4 && cy >= plot.y - 4 && cy <= plot.y + plot.height + 4,
          `${size}: cell ${t.text} at (${cx.toFixed(0)}, ${cy.toFixed(0)}), outside the plot ${JSON.stringify(plot)}`,
        );
        assert.ok(
          t.rect[0] >= 0 && t.rect[1] >= 0 && t.rect[2] <= weights[0] && t.rect[3] <= weights[1],
          `${size}: cell ${t.text} at ${t.rect.map(Math.round)} reaches past the ${weights[0]}×${weights[1]} weight view`,
        );
      }
      // the race steps' charts, once each race has run to its end
      for (const [i, title] of titles.entries()) {
        if (!/M ≤ M\*|The race/.test(title)) continue;
        await openStep(page, i);
        await race(page);
        let drawn = 0;
        for (const id of ["trace-kappa", "trace-updates"]) drawn += await chartTextsFit(page, id, `${size}, step ${i + 1}`);
        assert.ok(drawn > 0, `${size}, step ${i + 1}: its charts drawn`);
      }
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
    }
  });
}

test("embedded at 960×540, the race steps' charts keep every text inside and apart once the race has run", async () => {
  const viewport = { width: 960, height: 540 };
  const browser = await launch({ viewport, groups: false });
  try {
    await browser.context.addInitScript(instrument);
    const { page, errors } = await openLab(browser.context, server.url, { groups: false });
    const titles = (await page.evaluate(() => window.lab.lessons())).find((l) => l.id === "chapter").steps.map((s) => s.title);
    let races = 0;
    for (const [i, title] of titles.entries()) {
      if (!/M ≤ M\*|The race|Beyond separability/.test(title)) continue;
      races++;
      await page.goto(`${server.url}?lesson=chapter&step=${i + 1}&embed`);
      await page.waitForFunction(() => window.lab?.ready);
      await page.evaluate(() => window.lab.ready);
      assert.ok(await page.evaluate(() => document.body.classList.contains("embed")), "the embed layout");
      await race(page);
      let drawn = 0;
      for (const id of ["trace-kappa", "trace-updates", "trace-errors"]) drawn += await chartTextsFit(page, id, `embedded, step ${i + 1}`);
      assert.ok(drawn > 0, `embedded, step ${i + 1}: its charts drawn`);
    }
    assert.equal(races, 3, "the three race steps");
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
