// Lessons and presenter mode (issue 25): every step of the built-in lesson opens (by
// lab.openLesson, by its link, by → and ←) and shows the state it declares; its action does what
// it says; at 1280×720 and 1920×1080 every step fits one screen with no text under 18 px and no
// axe-core violation; a lesson written with "+ Step", exported, imported in a fresh browser and
// opened by its link gives the same states; the embed layout shows the step's views and action
// only; the viewer's own points survive a lesson.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { ROOT, SIX, launch, openLab, serve } from "./harness.mjs";

const AXE = readFileSync(join(ROOT, "node_modules", "axe-core", "axe.min.js"), "utf8");

let server;
before(async () => {
  server = await serve();
});
after(() => server?.close());

/**
 * Records every text drawn on a canvas with its size in CSS px (the font's size × the context's
 * scale ÷ the canvas's backing scale) in `window.canvasTexts`.
 */
function recordCanvasTexts() {
  window.canvasTexts = [];
  for (const name of ["fillText", "strokeText"]) {
    const draw = CanvasRenderingContext2D.prototype[name];
    CanvasRenderingContext2D.prototype[name] = function (text, ...rest) {
      const c = this.canvas;
      const backing = c.clientWidth ? c.width / c.clientWidth : 1;
      const t = this.getTransform();
      const px = (Number.parseFloat(/(\d+(?:\.\d+)?)px/.exec(this.font)?.[1] ?? "0") * Math.hypot(t.a, t.b)) / backing;
      window.canvasTexts.push({ canvas: c.id, px, text: String(text).slice(0, 20) });
      return draw.call(this, text, ...rest);
    };
  }
}

/** A fresh browser at `viewport` with the lab open at `path`; closes with `close()`. */
async function open(viewport, path = "") {
  const browser = await launch({ viewport });
  await browser.context.addInitScript(recordCanvasTexts);
  const { page, errors } = await openLab(browser.context, server.url + path);
  return { page, errors, browser, close: () => browser.close() };
}

/** The page's points, mode, shown rules and compared rules, as a step's state would set them. */
function pictureOf(state) {
  const shown = state.shown.filter((n) => n !== "exact").sort();
  return { points: state.points.map((p) => [p.x, p.y, p.label]), threshold: state.threshold, compare: state.compare ? [...state.compare.rules].sort() : null, shown };
}

/** What a step of a lesson file declares, in pictureOf's terms. */
function declared(step) {
  const s = step.state;
  const shown = s.shown.filter((n) => n !== "exact").sort();
  const compared = s.compare ? shown : null;
  return { points: s.points, threshold: !!s.threshold, compare: compared, shown };
}

/** Texts visible on the page smaller than `min` CSS px (their element and size). */
function smallTexts(page, min) {
  return page.evaluate((min) => {
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent.trim()) continue;
      const el = n.parentElement;
      if (!el?.getClientRects().length || el.closest(".visually-hidden, dialog:not([open])")) continue;
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1 || r.bottom < 0 || r.top > innerHeight) continue; // out of sight (the page's heading in presenter mode)
      const size = Number.parseFloat(getComputedStyle(el).fontSize);
      if (size < min) out.push(`${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""} ${size}px "${n.textContent.trim().slice(0, 30)}"`);
    }
    return out;
  }, min);
}

/** The step's canvases and action controls that lie outside the window, and whether the page can scroll. */
function outside(page) {
  return page.evaluate(() => {
    const parts = [...document.querySelectorAll("#lesson, #lesson-action, main canvas, #side > *, #curves canvas, #curves #lc-run, #animation button")];
    const out = parts
      .filter((e) => e.getClientRects().length && !e.hidden)
      .filter((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth);
      })
      .map((e) => e.id || e.className);
    window.scrollTo(0, 1e6);
    const scrolled = window.scrollY;
    window.scrollTo(0, 0);
    return { out, scrolled, scrollHeight: document.documentElement.scrollHeight, height: innerHeight };
  });
}

/** The names of the lesson views shown (not hidden by the step). */
function shownViews(page) {
  return page.evaluate(async () => {
    const { LESSON_VIEWS } = await import("/www/lesson-format.js"); // the page's own names → elements
    return Object.keys(LESSON_VIEWS).filter((n) => document.querySelector(LESSON_VIEWS[n])?.getClientRects().length > 0);
  });
}

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
]) {
  test(`every step of the built-in lesson opens, shows its state and fits ${viewport.width}×${viewport.height}`, async () => {
    const { page, errors, close } = await open(viewport);
    try {
      const lessons = await page.evaluate(() => window.lab.lessons());
      const chapter = lessons.find((l) => l.id === "chapter");
      assert.ok(chapter && chapter.steps.length >= 13, "the built-in lesson follows the chapter in at least 13 steps");
      await page.evaluate(() => window.lab.openLesson("chapter", 0));
      const file = JSON.parse(await page.evaluate(() => window.lab.exportLesson()));
      await page.evaluate(AXE);
      for (let i = 0; i < file.steps.length; i++) {
        const step = file.steps[i];
        await page.evaluate((i) => window.lab.openLesson("chapter", i), i);
        const state = await page.evaluate(() => window.lab.getState());
        assert.deepEqual(state.lesson, { id: "chapter", title: file.title, step: i, steps: file.steps.length });
        assert.deepEqual(pictureOf(state), declared(step), `step ${i + 1} shows the state it declares`);
        for (const name of declared(step).shown) assert.ok(state.algorithms[name].settled, `step ${i + 1}: ${name} has settled`);
        assert.deepEqual((await shownViews(page)).sort(), [...step.views].sort(), `step ${i + 1} shows exactly its views`);
        await page.waitForTimeout(100); // the equations typeset, the panels filled in
        const fit = await outside(page);
        assert.deepEqual(fit.out, [], `step ${i + 1}: every view and control inside the window`);
        assert.equal(fit.scrolled, 0, `step ${i + 1}: the page does not scroll`);
        if (viewport.width === 1280) {
          assert.deepEqual(await smallTexts(page, 18), [], `step ${i + 1}: no text under 18 px`);
          // the step drawn again from its start (its reset): every text a canvas shows at least 18 px
          await page.evaluate(() => {
            window.canvasTexts = [];
          });
          await page.evaluate((i) => window.lab.openLesson("chapter", i), i);
          await page.waitForTimeout(100);
          assert.ok((await page.evaluate(() => window.canvasTexts.length)) > 0, `step ${i + 1}: its canvases drew their labels`);
          const small = await page.evaluate(() =>
            window.canvasTexts
              .filter((t) => t.px < 17.95 && document.getElementById(t.canvas)?.getClientRects().length)
              .map((t) => `${t.canvas} ${t.px.toFixed(1)}px "${t.text}"`),
          );
          assert.deepEqual([...new Set(small)], [], `step ${i + 1}: no canvas text under 18 px`);
        }
        const violations = await page.evaluate(async () =>
          (await window.axe.run(document)).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
        );
        assert.deepEqual(violations, [], `step ${i + 1}: axe-core finds no violation`);
      }
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });
}

test("→ ← PageDown PageUp step through the lesson; Space runs each step's action; R resets; Escape brings the viewer's points back", async () => {
  const { page, errors, close } = await open({ width: 1280, height: 720 });
  try {
    const mine = SIX.slice(0, 4).map((p) => ({ ...p, x: p.x + 0.25 }));
    await page.evaluate((pts) => window.lab.setPoints(pts), mine);
    await page.evaluate(() => window.lab.openLesson("chapter", 0));
    const titles = (await page.evaluate(() => window.lab.lessons()))[0].steps.map((s) => s.title);
    const stepNow = () => page.evaluate(() => window.lab.getState().lesson.step);
    const settle = () => page.evaluate(() => window.lab.settled(20000));
    // → through every step to the last (and no further), ← back to the first
    for (let i = 1; i < titles.length; i++) {
      await page.keyboard.press("ArrowRight");
      await page.waitForFunction((i) => window.lab.getState().lesson.step === i, i);
      assert.equal(await page.evaluate(() => document.getElementById("lesson-title").textContent), titles[i]);
    }
    await page.keyboard.press("ArrowRight");
    await page.waitForTimeout(200);
    assert.equal(await stepNow(), titles.length - 1, "→ on the last step stays there");
    for (let i = titles.length - 2; i >= 0; i--) {
      await page.keyboard.press("ArrowLeft");
      await page.waitForFunction((i) => window.lab.getState().lesson.step === i, i);
    }
    await page.keyboard.press("ArrowRight");
    await page.waitForFunction(() => window.lab.getState().lesson.step === 1);
    await page.keyboard.press("PageDown");
    await page.waitForFunction(() => window.lab.getState().lesson.step === 2);
    await page.keyboard.press("PageUp");
    await page.waitForFunction(() => window.lab.getState().lesson.step === 1);
    await page.keyboard.press("ArrowLeft");
    await page.waitForFunction(() => window.lab.getState().lesson.step === 0);
    // step 1 has no action: Space goes on
    await page.keyboard.press(" ");
    await page.waitForFunction(() => window.lab.getState().lesson.step === 1);
    assert.match(titles[1], /Rosenblatt/);
    // the Fig. 3.4 step: Space plays the animation
    await settle();
    await page.keyboard.press(" ");
    await page.waitForFunction(() => window.lab.getState().animation.step > 1, null, { timeout: 20000 });
    assert.equal(await stepNow(), 1, "Space played the animation, it did not leave the step");
    // R: the step as prepared (the animation back at its start)
    await page.keyboard.press("r");
    await page.waitForFunction(() => window.lab.getState().animation.step === 0);
    // the race step: Space races the compared rules, both advance
    const race = titles.findIndex((t) => /race/i.test(t));
    await page.evaluate((i) => window.lab.openLesson("chapter", i), race);
    const before = await page.evaluate(() => window.lab.getState());
    assert.ok(before.compare.rules.length >= 2);
    await page.keyboard.press(" ");
    await page.waitForFunction(() => (window.lab.getState().compare.step ?? 0) > 3, null, { timeout: 20000 });
    const racing = await page.evaluate(() => window.lab.getState());
    for (const name of before.compare.rules) assert.ok(racing.traces[name].t.length > 1, `${name} advanced in the race`);
    // the ε_g step: Space adds an example labelled by the teacher
    const student = titles.findIndex((t) => /ε_g live/.test(t));
    await page.evaluate((i) => window.lab.openLesson("chapter", i), student);
    const p0 = (await page.evaluate(() => window.lab.getState())).points.length;
    await page.keyboard.press(" ");
    await page.waitForFunction((p0) => window.lab.getState().points.length === p0 + 1, p0);
    assert.equal((await page.evaluate(() => window.lab.getState())).learningCurve.p.length, 1);
    // an edit during the step, then R: the prepared points come back
    const prepared = (await page.evaluate(() => window.lab.getState())).points.length - 1;
    await page.keyboard.press("R");
    await page.waitForFunction((n) => window.lab.getState().points.length === n, prepared);
    // Escape: the lesson closes and the viewer's own points are back, untouched
    await page.keyboard.press("Escape");
    await page.waitForFunction(() => window.lab.getState().lesson === null);
    const back = await page.evaluate(() => window.lab.getState());
    assert.deepEqual(back.points, mine);
    assert.equal(await page.evaluate(() => document.body.classList.contains("presenter")), false);
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test("lessonAction runs the step's action: the animation steps, the race advances every compared rule, an example is added, the sweep runs", async () => {
  const { page, errors, close } = await open({ width: 1280, height: 720 });
  try {
    const file = JSON.parse(await page.evaluate(() => window.lab.openLesson("chapter", 0).then(() => window.lab.exportLesson())));
    for (let i = 0; i < file.steps.length; i++) {
      const { action } = file.steps[i];
      if (action === "none") continue;
      await page.evaluate((i) => window.lab.openLesson("chapter", i), i);
      const before = await page.evaluate(() => window.lab.getState());
      await page.evaluate(() => window.lab.lessonAction());
      if (action === "animate") await page.waitForFunction(() => window.lab.getState().animation.step > 0, null, { timeout: 20000 });
      else if (action === "race") {
        await page.waitForFunction(() => (window.lab.getState().compare?.step ?? 0) > 2, null, { timeout: 20000 });
        const s = await page.evaluate(() => window.lab.getState());
        for (const name of before.compare.rules) assert.ok(s.traces[name].t.at(-1) > 0, `step ${i + 1}: ${name} took steps`);
      } else if (action === "add-example") {
        const s = await page.evaluate(() => window.lab.getState());
        assert.equal(s.points.length, before.points.length + 1, `step ${i + 1}: an example was added`);
      } else if (action === "run-curves") {
        await page.waitForFunction(() => /done/.test(document.getElementById("lc-status").textContent), null, { timeout: 120000 });
      }
      await page.evaluate(() => window.lab.pause());
    }
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test("every step opens by its link, and the page reloaded mid-lesson reopens the step with the viewer's saved points kept", async () => {
  const { page, errors, browser, close } = await open({ width: 1280, height: 720 });
  try {
    await page.evaluate((pts) => window.lab.setPoints(pts), SIX.slice(0, 3));
    const n = (await page.evaluate(() => window.lab.lessons()))[0].steps.length;
    await page.evaluate(() => window.lab.openLesson("chapter", 0));
    for (let i = 0; i < n; i++) {
      const link = await page.evaluate((i) => window.lab.lessonLink(i), i);
      assert.match(link, /[?&]lesson=chapter/);
      const other = await openLab(browser.context, link);
      await other.page.waitForFunction((i) => window.lab.getState().lesson?.step === i, i);
      const mine = pictureOf(await page.evaluate((i) => window.lab.openLesson("chapter", i).then(() => window.lab.getState()), i));
      assert.deepEqual(pictureOf(await other.page.evaluate(() => window.lab.getState())), mine, `step ${i + 1} by its link`);
      assert.deepEqual(other.errors, []);
      await other.page.close();
    }
    await page.reload();
    await page.waitForFunction(() => window.lab?.ready);
    await page.evaluate(() => window.lab.ready);
    await page.waitForFunction(() => window.lab.getState().lesson !== null);
    await page.evaluate(() => window.lab.closeLesson());
    assert.deepEqual((await page.evaluate(() => window.lab.getState())).points, SIX.slice(0, 3), "the viewer's points were never replaced by the lesson's");
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test("a lesson written with + Step three times, exported, imported in a fresh browser and opened by its link gives the same three states", async () => {
  const a = await open({ width: 1280, height: 860 });
  const states = [];
  let json;
  let link;
  try {
    const { page } = a;
    const snap = async () => pictureOf(await page.evaluate(() => window.lab.getState()));
    await page.evaluate((pts) => window.lab.setPoints(pts), SIX);
    await page.click("#lesson-add");
    states.push(await snap());
    await page.evaluate(() => window.lab.setThreshold(true));
    await page.evaluate(() => window.lab.movePoint(0, 0.3, 2.2));
    await page.evaluate(() => window.lab.settled(20000));
    await page.click("#lesson-add");
    states.push(await snap());
    await page.evaluate(() => window.lab.setCompare(true, ["rosenblatt", "minover"]));
    await page.click("#lesson-add");
    states.push(await snap());
    const mine = (await page.evaluate(() => window.lab.lessons())).find((l) => l.id === "my-lesson");
    assert.equal(mine.steps.length, 3);
    json = await page.evaluate(() => window.lab.exportLesson());
    await page.evaluate(() => window.lab.openLesson("my-lesson", 0));
    link = await page.evaluate(() => window.lab.lessonLink(2));
    assert.ok(link.length < 4000, `the link is short enough to paste (${link.length} characters)`);
    assert.deepEqual(a.errors, []);
  } finally {
    await a.close();
  }
  const b = await open({ width: 1280, height: 860 });
  try {
    const { page } = b;
    const id = await page.evaluate((j) => window.lab.importLesson(j), json);
    assert.equal(id, "my-lesson");
    for (let i = 0; i < 3; i++) {
      await page.evaluate(([id, i]) => window.lab.openLesson(id, i), [id, i]);
      assert.deepEqual(pictureOf(await page.evaluate(() => window.lab.getState())), states[i], `imported step ${i + 1}`);
    }
    assert.deepEqual(b.errors, []);
  } finally {
    await b.close();
  }
  const c = await launch({ viewport: { width: 1280, height: 860 } });
  try {
    const { page, errors } = await openLab(c.context, link);
    await page.waitForFunction(() => window.lab.getState().lesson?.step === 2);
    assert.deepEqual(pictureOf(await page.evaluate(() => window.lab.getState())), states[2], "step 3 by the link, in a browser that never saw the lesson");
    assert.deepEqual(errors, []);
  } finally {
    await c.close();
  }
});

test("a bad lesson file is refused with a message naming what is wrong, and changes nothing", async () => {
  const { page, errors, close } = await open({ width: 1280, height: 860 });
  try {
    const before = await page.evaluate(() => [window.lab.getState().points, window.lab.lessons()]);
    const good = JSON.parse(await page.evaluate(() => window.lab.openLesson("chapter", 0).then(() => window.lab.exportLesson())));
    await page.evaluate(() => window.lab.closeLesson());
    const bad = [
      ["{not json", /not valid JSON/],
      [JSON.stringify({ ...good, format: "other" }), /format must be "perceptron-lab-lesson\/1"/],
      [JSON.stringify({ ...good, id: "x", steps: [] }), /at least one/],
      [JSON.stringify({ ...good, id: "x", steps: [{ ...good.steps[0], views: ["nope"] }] }), /step 1: views: unknown view "nope"/],
      [JSON.stringify({ ...good, id: "x", steps: [{ ...good.steps[0], state: { points: [[0, Number.NaN, 1]] } }] }), /step 1/],
      [JSON.stringify({ ...good, id: "x", steps: [{ ...good.steps[0], state: { ...good.steps[0].state, speed: -3 } }] }), /speed must be .* in \[1, 1000\], got -3/],
      [JSON.stringify(good), /built-in lesson's/],
    ];
    for (const [json, message] of bad) {
      const err = await page.evaluate((j) => {
        try {
          window.lab.importLesson(j);
          return null;
        } catch (e) {
          return e.message;
        }
      }, json);
      assert.match(err ?? "(accepted)", message);
    }
    assert.deepEqual(await page.evaluate(() => [window.lab.getState().points, window.lab.lessons()]), before);
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test("the embed layout shows only the step's views and its action", async () => {
  const { page, errors, close } = await open({ width: 960, height: 540 }, "?lesson=chapter&step=9&embed");
  try {
    await page.waitForFunction(() => window.lab.getState().lesson?.step === 8);
    const visible = await page.evaluate(() => {
      const seen = (sel) =>
        [...document.querySelectorAll(sel)].some((e) => {
          const r = e.getBoundingClientRect();
          return r.width > 1 && r.height > 1; // the page's heading stays for screen readers, 1 px
        });
      return {
        controls: seen("nav#controls"),
        header: seen("body > header"),
        text: seen("#lesson-text, #lesson-title"),
        nav: seen("#lesson-prev, #lesson-next, #lesson-close"),
        action: seen("#lesson-action"),
      };
    });
    assert.deepEqual(visible, { controls: false, header: false, text: false, nav: false, action: true });
    const file = JSON.parse(await page.evaluate(() => window.lab.exportLesson()));
    assert.deepEqual((await shownViews(page)).sort(), [...file.steps[8].views].sort());
    const fit = await outside(page);
    assert.deepEqual(fit.out, []);
    await page.click("#lesson-action");
    await page.waitForFunction(() => (window.lab.getState().compare?.step ?? 0) > 0, null, { timeout: 20000 });
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});
