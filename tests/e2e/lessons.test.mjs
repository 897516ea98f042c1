// Lessons and presenter mode: every step of the built-in lesson opens (by
// lab.openLesson, by its link, by → and ←) and shows the state it declares; its action does what
// it says; at 1280×720 and 1920×1080 every step fits one screen with no text under 18 px and no
// axe-core violation; a lesson written with "+ Step", exported, imported in a fresh browser and
// opened by its link gives the same states; the embed layout shows the step's views and action
// only; the viewer's own points survive a lesson.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { inflateRawSync } from "node:zlib";
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

/** The ids of the learning-curve form's fields a step may set. */
const CURVE_FIELDS = ["lc-n", "lc-alpha-start", "lc-alpha-stop", "lc-alpha-count", "lc-reps"];

/**
 * The whole state a step puts on the page, as the page shows it: pictureOf's, the player (the
 * race or the animated rule, its speed and the step it shows), the weight view's window, the
 * teacher, the numbered cells, the rings, and the learning-curve form.
 */
async function stepStateOf(page) {
  const s = await page.evaluate(() => window.lab.getState());
  const dom = await page.evaluate((ids) => {
    const value = (id) => document.getElementById(id).value;
    return {
      cells: document.getElementById("count-regions").checked,
      curves: {
        fields: Object.fromEntries(ids.map((id) => [id, value(id)])),
        algorithms: [...document.querySelectorAll("#lc-algorithms input[type=checkbox]:checked")].map((b) => b.value).sort(),
      },
    };
  }, CURVE_FIELDS);
  const plot = s.weightPlot;
  return {
    ...pictureOf(s),
    player: s.compare
      ? { race: true, speed: s.compare.speed, step: s.compare.step ?? 0 }
      : { rule: s.animation.algorithm, speed: s.animation.speed, step: s.animation.step },
    zoom: plot ? { phi0: plot.phi0, phi1: plot.phi1, lo: plot.lo, hi: plot.hi } : null,
    teacher: s.teacher,
    showTeacher: s.showTeacher,
    cells: dom.cells,
    rings: s.rings.byStrength,
    curves: dom.curves,
  };
}

/**
 * What a step of a lesson file declares, in stepStateOf's terms (the window and the curve form
 * only where the step sets them: the page's own otherwise).
 */
function declared(step, page) {
  const s = step.state;
  const shown = s.shown.filter((n) => n !== "exact").sort();
  const out = {
    points: s.points,
    threshold: !!s.threshold,
    compare: s.compare ? shown : null,
    shown,
    player: s.compare ? { race: true, speed: s.speed, step: s.step } : { rule: s.animate, speed: s.speed, step: s.step },
    zoom: s.weightWindow ? { phi0: s.weightWindow.phi0, phi1: s.weightWindow.phi1, lo: s.weightWindow.lo, hi: s.weightWindow.hi } : page.zoom,
    teacher: s.teacher ? { w: s.teacher.w, theta: s.teacher.theta ?? 0, noise: s.teacher.noise ?? 0 } : null,
    showTeacher: s.showTeacher !== false,
    cells: s.cells,
    rings: s.rings,
    curves: s.curves
      ? { fields: Object.fromEntries(CURVE_FIELDS.map((id) => [id, s.curves.fields[id] ?? page.curves.fields[id]])), algorithms: [...s.curves.algorithms].sort() }
      : page.curves,
  };
  return out;
}

/** Texts visible on the page smaller than `min` CSS px (their element and size). */
function smallTexts(page, min) {
  return page.evaluate((min) => {
    const out = [];
    const clipped = (e) => {
      for (let a = e; a; a = a.parentElement) if (getComputedStyle(a).clipPath !== "none") return true;
      return false;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent.trim()) continue;
      const el = n.parentElement;
      if (!el?.getClientRects().length || el.closest(".visually-hidden, dialog:not([open])")) continue;
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1 || r.bottom < 0 || r.top > innerHeight) continue; // out of sight (the page's heading in presenter mode)
      if (clipped(el)) continue; // kept for assistive technology only (the page's header, clipped away)
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

/** The dark pixels of the data view (its points and lines): none when the canvas was left cleared. */
function dataInk(page) {
  return page.evaluate(() => {
    const c = /** @type {HTMLCanvasElement} */ (document.getElementById("data-view"));
    const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let k = 0; k < d.length; k += 4) if (d[k + 3] > 0 && d[k] + d[k + 1] + d[k + 2] < 200) n++;
    return n;
  });
}

/** Waits for the step's equations to be typeset (the text's aria-busy cleared) and the frame after. */
async function typeset(page) {
  await page.waitForFunction(() => document.getElementById("lesson-text").getAttribute("aria-busy") === "false");
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/**
 * The share of the screen the step's canvases (data, weights, traces, charts, the cells'
 * thumbnails) must cover at least, by screen width: "the views take most of the screen", more
 * than half of it, at both sizes and in every step. A square data view with the step's panels at
 * 18 px in rows under the views falls short of this; the data view as wide as the screen leaves
 * it, the panels that fit in the lesson's panel and the compact panels where needed
 * (layout-presenter.js fitPresenter) meet it.
 */
const VIEW_SHARE = { 1280: 0.5, 1920: 0.5 };
/**
 * A step whose panels with their charts fit neither beside nor under readable views has them in
 * two columns under the views (layout-presenter.js, body.presenter-across: steps 2, 6, 7 and 10,
 * the player's charts or the readout, the teacher's texts and its ε_g chart): every panel on the
 * screen, the canvases (the charts among them) covering at least this share of it.
 */
const ACROSS_SHARE = 0.4;

/**
 * The lesson's panel: its scroll and client heights and widths, its buttons outside the window, the share of
 * the window the step's canvases cover, and the LESSON_CONTROLS shown in it (visible, inside the window).
 */
function lessonPanel(page) {
  return page.evaluate(async () => {
    const { LESSON_CONTROLS } = await import("/www/lessons/lesson-format.js");
    const panel = document.getElementById("lesson");
    const inside = (e) => {
      const r = e.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
    };
    const navOutside = [...panel.querySelectorAll(".lesson-nav button")].filter((b) => b.getClientRects().length && !inside(b)).map((b) => b.id);
    let area = 0;
    for (const c of document.querySelectorAll("canvas")) {
      if (!c.getClientRects().length) continue;
      const r = c.getBoundingClientRect();
      const w = Math.max(0, Math.min(r.right, innerWidth) - Math.max(r.left, 0));
      const h = Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0));
      area += w * h;
    }
    const controls = Object.keys(LESSON_CONTROLS).filter((n) => {
      const e = document.querySelector(LESSON_CONTROLS[n]);
      return e && panel.contains(e) && inside(e) && e.checkVisibility();
    });
    return {
      scrollHeight: panel.scrollHeight,
      clientHeight: panel.clientHeight,
      scrollWidth: panel.scrollWidth,
      clientWidth: panel.clientWidth,
      navOutside,
      viewShare: area / (innerWidth * innerHeight),
      controls,
    };
  });
}

/** The names of the lesson views shown (not hidden by the step). */
function shownViews(page) {
  return page.evaluate(async () => {
    const { LESSON_VIEWS } = await import("/www/lessons/lesson-format.js"); // the page's own names → elements
    // (a panel laid out by its parts, display: contents — the teacher's in presenter-across — is shown when they are)
    const shown = (e) => !!e && (e.getClientRects().length > 0 || (getComputedStyle(e).display === "contents" && [...e.children].some(shown)));
    return Object.keys(LESSON_VIEWS).filter((n) => shown(document.querySelector(LESSON_VIEWS[n])));
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
        const { id, title, step: at, steps, blank, overview } = state.lesson;
        assert.deepEqual(
          { id, title, step: at, steps, blank, overview },
          { id: "chapter", title: file.title, step: i, steps: file.steps.length, blank: null, overview: null },
        );
        const shownState = await stepStateOf(page);
        assert.deepEqual(shownState, declared(step, shownState), `step ${i + 1} shows the state it declares`);
        for (const name of declared(step, shownState).shown) assert.ok(state.algorithms[name].settled, `step ${i + 1}: ${name} has settled`);
        assert.deepEqual((await shownViews(page)).sort(), [...step.views].sort(), `step ${i + 1} shows exactly its views`);
        await typeset(page);
        const tex = /\$/.test(step.text);
        const maths = await page.evaluate(() => [document.querySelectorAll("#lesson-text math").length, document.querySelectorAll("#lesson-text .math-error").length]);
        assert.deepEqual([maths[0] > 0, maths[1]], [tex, 0], `step ${i + 1}: its TeX typeset as <math>, none refused`);
        if (step.views.includes("data")) assert.ok((await dataInk(page)) > 100, `step ${i + 1}: the data view is drawn`);
        const fit = await outside(page);
        // a step whose panels leave readable views no room has them folded under the views
        // (layout-presenter.js, body.presenter-below): its views, its text and its buttons on the screen, the page scrolls to the panels
        if (await page.evaluate(() => document.body.classList.contains("presenter-below"))) {
          const main = ["lesson", "lesson-action", "data-view", "weight-view"];
          assert.deepEqual(
            fit.out.filter((id) => main.includes(id)),
            [],
            `step ${i + 1}: the views, the text and the buttons inside the window`,
          );
        } else {
          assert.deepEqual(fit.out, [], `step ${i + 1}: every view and control inside the window`);
          assert.equal(fit.scrolled, 0, `step ${i + 1}: the page does not scroll`);
        }
        const panel = await lessonPanel(page);
        assert.ok(panel.scrollHeight <= panel.clientHeight + 1, `step ${i + 1}: the lesson's panel does not scroll (${panel.scrollHeight} > ${panel.clientHeight})`);
        assert.ok(panel.scrollWidth <= panel.clientWidth + 1, `step ${i + 1}: the lesson's panel does not scroll sideways (${panel.scrollWidth} > ${panel.clientWidth})`);
        assert.deepEqual(panel.navOutside, [], `step ${i + 1}: the lesson's buttons inside the window`);
        const [titlePx, textPx] = await page.evaluate(() =>
          ["lesson-title", "lesson-text"].map((id) => Number.parseFloat(getComputedStyle(/** @type {Element} */ (document.getElementById(id))).fontSize)),
        );
        assert.ok(titlePx > textPx, `step ${i + 1}: its title (${titlePx} px) larger than its text (${textPx} px)`);
        const least = (await page.evaluate(() => document.body.classList.contains("presenter-across"))) ? ACROSS_SHARE : VIEW_SHARE[viewport.width];
        assert.ok(panel.viewShare >= least, `step ${i + 1}: the views take ${(100 * panel.viewShare).toFixed(0)} % of the screen, at least ${100 * least} %`);
        for (const name of step.controls ?? []) assert.ok(panel.controls.includes(name), `step ${i + 1}: its control "${name}" shown in the panel`);
        {
          // text at floor 1/40 of the screen's height: 18 px at 1280×720, 27 px at 1920×1080
          const floor = Math.max(18, viewport.height / 40);
          assert.deepEqual(await smallTexts(page, floor), [], `step ${i + 1}: no text under ${floor} px`);
          // the equations' scripts smaller than their base (not flattened to it), yet at floor `floor` px
          const scripts = await page.evaluate(() =>
            [...document.querySelectorAll("#lesson-text :is(msub, msup, msubsup) > :not(:first-child)")].map((e) => [
              Number.parseFloat(getComputedStyle(e).fontSize),
              Number.parseFloat(getComputedStyle(e.parentElement.firstElementChild).fontSize),
            ]),
          );
          for (const [script, base] of scripts) assert.ok(script >= floor - 0.05 && script < base, `step ${i + 1}: a script of ${script} px on a base of ${base} px`);
          // the step drawn again from its start (its reset): every text a canvas shows at floor `floor` px
          await page.evaluate(() => {
            window.canvasTexts = [];
          });
          await page.evaluate((i) => window.lab.openLesson("chapter", i), i);
          await typeset(page);
          assert.ok((await page.evaluate(() => window.canvasTexts.length)) > 0, `step ${i + 1}: its canvases drew their labels`);
          const small = await page.evaluate(
            (floor) =>
              window.canvasTexts
                .filter((t) => t.px < floor - 0.05 && document.getElementById(t.canvas)?.getClientRects().length)
                .map((t) => `${t.canvas} ${t.px.toFixed(1)}px "${t.text}"`),
            floor,
          );
          assert.deepEqual([...new Set(small)], [], `step ${i + 1}: no canvas text under ${floor} px`);
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

// Presenter mode fits the views again once the step's equations are typeset; a resized canvas is
// cleared, and the race's step opened straight from the page showed an empty data view until its
// action started.
test("a step opened straight from the page draws its data view once its text is typeset", async () => {
  const { page, errors, close } = await open({ width: 1280, height: 720 });
  try {
    const titles = (await page.evaluate(() => window.lab.lessons())).find((l) => l.id === "chapter").steps.map((s) => s.title);
    const race = titles.findIndex((t) => /race/i.test(t));
    await page.evaluate((i) => window.lab.openLesson("chapter", i), race);
    await typeset(page);
    assert.ok((await dataInk(page)) > 100, "the race's data view is drawn");
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

// Presenter mode makes the data view wider or higher than square (layout.js): the plane at one
// scale on both axes, the window's shorter side spanning 2·half around its centre. The client
// positions here come from that mapping and the canvas's box alone, not from the page's toPixel.
test("in presenter mode the data view, wider or higher than square, keeps one scale on both axes: a click relabels the point under it, a drag takes it where the pointer goes, a click on empty space adds a point there", async () => {
  const { page, errors, close } = await open({ width: 1280, height: 720 });
  try {
    const titles = (await page.evaluate(() => window.lab.lessons())).find((l) => l.id === "chapter").steps.map((s) => s.title);
    const race = titles.findIndex((t) => /race/i.test(t));
    // a landscape screen gives the first step a wide data view; a tall upright one (wider than a
    // phone's reader view; the race's panels in two columns under the views) gives the race a high one
    for (const [i, shape, viewport] of [
      [0, "wider", { width: 1280, height: 720 }],
      [race, "higher", { width: 900, height: 1400 }],
    ]) {
      await page.setViewportSize(viewport);
      await page.evaluate((i) => window.lab.openLesson("chapter", i), i);
      await typeset(page);
      await page.evaluate(() => window.lab.settled(20000));
      const { box, view, points } = await page.evaluate(() => {
        const c = document.getElementById("data-view");
        const r = c.getBoundingClientRect();
        const s = window.lab.getState();
        return { box: { left: r.left + c.clientLeft, top: r.top + c.clientTop, w: c.clientWidth, h: c.clientHeight }, view: s.view, points: s.points };
      });
      assert.ok(shape === "wider" ? box.w > 1.2 * box.h : box.h > 1.2 * box.w, `step ${i + 1}: the data view ${shape} than square (${box.w}×${box.h})`);
      const scale = Math.min(box.w, box.h) / (2 * view.half);
      const client = (x, y) => ({ x: box.left + box.w / 2 + (x - view.cx) * scale, y: box.top + box.h / 2 - (y - view.cy) * scale });
      const data = (cx, cy) => ({ x: view.cx + (cx - box.left - box.w / 2) / scale, y: view.cy - (cy - box.top - box.h / 2) / scale });
      const near = (p, q, what) =>
        assert.ok(Math.hypot(p.x - q.x, p.y - q.y) <= 2 / scale + 0.01, `step ${i + 1}: ${what} at ${JSON.stringify(p)}, expected ${JSON.stringify(q)}`);
      // a click on point 0 flips its label
      const at = client(points[0].x, points[0].y);
      await page.mouse.click(at.x, at.y);
      await page.waitForFunction((l) => window.lab.getState().points[0].label === l, -points[0].label);
      // a drag of point 1 takes it to the pointer, across the view's longer side
      const from = client(points[1].x, points[1].y);
      const to = shape === "wider" ? { x: box.left + 0.9 * box.w, y: from.y } : { x: from.x, y: box.top + 0.9 * box.h };
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
      await page.mouse.move(to.x, to.y, { steps: 4 });
      await page.mouse.up();
      const moved = (await page.evaluate(() => window.lab.getState())).points[1];
      near(moved, data(to.x, to.y), "the dragged point");
      // a click on empty space near the longer side's far end adds a point there
      const empty = shape === "wider" ? { x: box.left + 0.06 * box.w, y: box.top + 0.5 * box.h } : { x: box.left + 0.5 * box.w, y: box.top + 0.06 * box.h };
      const before = (await page.evaluate(() => window.lab.getState())).points.length;
      await page.mouse.click(empty.x, empty.y);
      await page.waitForFunction((n) => window.lab.getState().points.length === n + 1, before);
      near((await page.evaluate(() => window.lab.getState())).points.at(-1), data(empty.x, empty.y), "the added point");
    }
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test("→ ← PageDown PageUp step through the lesson; Space runs each step's action; R resets; Escape brings the viewer's points back", async () => {
  const { page, errors, close } = await open({ width: 1280, height: 720 });
  try {
    const mine = SIX.slice(0, 4).map((p) => ({ ...p, x: p.x + 0.25 }));
    await page.evaluate((pts) => window.lab.setPoints(pts), mine);
    await page.evaluate(() => window.lab.openLesson("chapter", 0));
    const titles = (await page.evaluate(() => window.lab.lessons()))[0].steps.map((s) => s.title);
    const stepNow = () => page.evaluate(() => window.lab.getState().lesson.step);
    const settle = () => page.evaluate(() => window.lab.settled(20000));
    // → through every step and each of its parts to the last (and no further), ← back to the first
    const where = () => page.evaluate(() => (({ step, part, parts }) => ({ step, part, parts }))(window.lab.getState().lesson));
    const reach = (step, part) => page.waitForFunction(([s, p]) => window.lab.getState().lesson.step === s && window.lab.getState().lesson.part === p, [step, part]);
    let at = await where();
    let built = 0;
    while (at.step < titles.length - 1 || at.part < at.parts - 1) {
      const next = at.part + 1 < at.parts ? [at.step, at.part + 1] : [at.step + 1, 0];
      await page.keyboard.press("ArrowRight");
      await reach(...next);
      at = await where();
      if (at.part > 0) built++;
      // the title as the panel typesets it: a caret's script in <sub>/<sup> (ε_g → ε<sub>g</sub>)
      assert.equal(await page.evaluate(() => document.getElementById("lesson-title").textContent), titles[at.step].replace(/[_^]/g, ""));
    }
    assert.ok(built >= 4, "the built-in lesson builds some steps one part at a time");
    await page.keyboard.press("ArrowRight");
    await page.waitForTimeout(200);
    assert.equal(await stepNow(), titles.length - 1, "→ on the last step stays there");
    while (at.step > 0 || at.part > 0) {
      const back = at.part > 0 ? at.part - 1 : null;
      await page.keyboard.press("ArrowLeft");
      if (back !== null) await reach(at.step, back);
      else await page.waitForFunction((s) => window.lab.getState().lesson.step === s, at.step - 1);
      const before = at;
      at = await where();
      if (back === null) assert.equal(at.part, at.parts - 1, `← from step ${before.step + 1} shows step ${at.step + 1} whole`);
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

/** Sets the range input `id` to `value` as a hand would (input, then change). */
function slide(page, id, value) {
  return page.evaluate(
    ([id, value]) => {
      const e = document.getElementById(id);
      e.value = String(value);
      e.dispatchEvent(new Event("input", { bubbles: true }));
      e.dispatchEvent(new Event("change", { bubbles: true }));
    },
    [id, value],
  );
}

test("a lesson written with + Step three times, exported, imported in a fresh browser and opened by its links gives the same three states", async () => {
  const a = await open({ width: 1280, height: 860 });
  const states = [];
  let json;
  const links = [];
  try {
    const { page } = a;
    const settle = () => page.evaluate(() => window.lab.settled(20000));
    // 1: six points, MinOver animated three steps at another speed
    await page.evaluate((pts) => window.lab.setPoints(pts), SIX);
    await page.selectOption("#anim-algorithm", "minover");
    await slide(page, "anim-speed", 60);
    await settle();
    for (let k = 0; k < 3; k++) await page.evaluate(() => window.lab.step("minover"));
    await page.click("#lesson-add");
    states.push(await stepStateOf(page));
    // 2: with a threshold, a point moved, the weight view zoomed onto the version space, its cells numbered, the rings by strength
    await page.evaluate(() => window.lab.setThreshold(true));
    await page.evaluate(() => window.lab.movePoint(0, 0.3, 2.2));
    await settle();
    await page.click("#weight-fit");
    await page.check("#count-regions");
    await page.check("#ring-strength");
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
    await page.click("#lesson-add");
    states.push(await stepStateOf(page));
    // 3: a teacher set raced by two rules (two race steps taken), a learning-curve form of its own
    await page.evaluate(() => window.lab.loadPreset("teacher"));
    await page.fill("#lc-n", "7");
    await page.fill("#lc-reps", "3");
    await page.evaluate(() => window.lab.setCompare(true, ["rosenblatt", "minover"]));
    await settle();
    await page.evaluate(() => window.lab.stepCompare());
    await page.evaluate(() => window.lab.stepCompare());
    await page.click("#lesson-add");
    states.push(await stepStateOf(page));
    assert.ok(states[0].player.step > 0 && states[0].player.rule === "minover", "step 1 keeps the animation part-way");
    assert.ok(states[1].cells && states[1].rings && states[1].threshold, "step 2 numbers the cells, sizes the rings, has a threshold");
    assert.ok(states[2].player.race && states[2].player.step > 0 && states[2].teacher, "step 3 races part-way with a teacher");
    assert.notDeepEqual(states[1].zoom, states[0].zoom, "step 2 is zoomed");
    const mine = (await page.evaluate(() => window.lab.lessons())).find((l) => l.id.startsWith("my-lesson-"));
    assert.equal(mine.steps.length, 3);
    json = await page.evaluate(() => window.lab.exportLesson());
    await page.evaluate((id) => window.lab.openLesson(id, 0), mine.id);
    // lessonLink answers at once with the URL (the lesson shown is compressed already)
    for (let i = 0; i < 3; i++)
      links.push(
        await page.evaluate((i) => {
          const link = window.lab.lessonLink(i);
          return typeof link === "string" ? link : `not the URL itself but ${Object.prototype.toString.call(link)}`;
        }, i),
      );
    for (const link of links) {
      assert.doesNotMatch(link, /^not the URL/, "lessonLink(step) is the URL itself");
      assert.match(link, /#lesson=/, "the lesson compressed into the link");
      assert.ok(link.length < 4000, `the link is short enough to paste (${link.length} characters)`);
    }
    // the same lesson uncompressed (#lesson-json=, what lessonLink gives before the page has compressed it) opens the same step
    const hash = links[1].slice(links[1].indexOf("#lesson=") + "#lesson=".length);
    const plain = inflateRawSync(Buffer.from(hash, "base64url")).toString("base64url");
    links.push(`${links[1].slice(0, links[1].indexOf("#"))}#lesson-json=${plain}`);
    assert.deepEqual(a.errors, []);
  } finally {
    await a.close();
  }
  const b = await open({ width: 1280, height: 860 });
  try {
    const { page } = b;
    const id = await page.evaluate((j) => window.lab.importLesson(j), json);
    assert.equal(id, JSON.parse(json).id, "a fresh browser keeps the lesson's own id");
    for (let i = 0; i < 3; i++) {
      await page.evaluate(([id, i]) => window.lab.openLesson(id, i), [id, i]);
      assert.deepEqual(await stepStateOf(page), states[i], `imported step ${i + 1}`);
    }
    assert.deepEqual(b.errors, []);
  } finally {
    await b.close();
  }
  // every step by its link, in a browser that never saw the lesson
  const c = await launch({ viewport: { width: 1280, height: 860 } });
  try {
    for (const [k, i] of [0, 1, 2, 1].entries()) {
      const { page, errors } = await openLab(c.context, links[k]);
      await page.waitForFunction((i) => window.lab.getState().lesson?.step === i, i);
      await page.evaluate(() => window.lab.settled(20000));
      assert.deepEqual(await stepStateOf(page), states[i], `step ${i + 1} by its ${k < 3 ? "link" : "uncompressed link"}`);
      assert.deepEqual(errors, []);
      await page.close();
    }
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
      [JSON.stringify({ ...good, id: "x", steps: [{ ...good.steps[0], controls: ["nope"] }] }), /step 1: controls: unknown control "nope"/],
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

test("the embed layout shows only the step's views and its action, and the slides' keys do not leave it", async () => {
  const { page, errors, close } = await open({ width: 960, height: 540 }, "?lesson=chapter&step=9&embed");
  try {
    await page.waitForFunction(() => window.lab.getState().lesson?.step === 8);
    await typeset(page);
    const file = JSON.parse(await page.evaluate(() => window.lab.exportLesson()));
    assert.deepEqual((await shownViews(page)).sort(), [...file.steps[8].views].sort());
    /** Every element drawn on the screen that is neither within the step's views or its action button, nor a box holding them. */
    const strays = () =>
      page.evaluate(async (views) => {
        const { LESSON_VIEWS } = await import("/www/lessons/lesson-format.js");
        const allowed = [...views.map((n) => document.querySelector(LESSON_VIEWS[n])), document.getElementById("lesson-action")];
        const out = [];
        for (const e of document.body.querySelectorAll("*")) {
          if (!e.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
          const r = e.getBoundingClientRect();
          if (r.width <= 1 || r.height <= 1) continue;
          // inside a box of 1 px that clips it (the page's heading, kept for screen readers): not drawn
          let clipped = false;
          for (let p = e.parentElement; p && !clipped; p = p.parentElement) {
            const q = p.getBoundingClientRect();
            clipped = (q.width <= 1 || q.height <= 1) && getComputedStyle(p).overflow !== "visible";
          }
          if (clipped) continue;
          if (allowed.some((a) => a.contains(e) || e.contains(a))) continue;
          out.push(`${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ""}${e.className && typeof e.className === "string" ? `.${e.className.split(" ")[0]}` : ""}`);
        }
        return out;
      }, file.steps[8].views);
    assert.deepEqual(await strays(), [], "nothing but the step's views and its action");
    const fit = await outside(page);
    assert.deepEqual(fit.out, []);
    // a slide's keys (Escape, the arrows, PageUp/PageDown) neither leave the step nor close the lesson
    for (const key of ["Escape", "ArrowRight", "ArrowLeft", "PageDown", "PageUp"]) {
      await page.keyboard.press(key);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const at = await page.evaluate(() => [window.lab.getState().lesson?.step, document.body.classList.contains("embed")]);
      assert.deepEqual(at, [8, true], `${key} in the embed layout`);
    }
    assert.deepEqual(await strays(), [], `after the keys: still nothing but the step's views and its action`);
    await page.click("#lesson-action");
    await page.waitForFunction(() => (window.lab.getState().compare?.step ?? 0) > 0, null, { timeout: 20000 });
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test("a step shows the controls its text asks for (the boundary's mode in §3.8, γ in §4.1) and gives them back when the lesson closes", async () => {
  const { page, errors, close } = await open({ width: 1280, height: 720 });
  try {
    const file = JSON.parse(await page.evaluate(() => window.lab.openLesson("chapter", 0).then(() => window.lab.exportLesson())));
    const threshold = file.steps.findIndex((s) => /§3\.8/.test(s.title));
    const soft = file.steps.findIndex((s) => /§4\.1/.test(s.title));
    assert.match(file.steps[threshold].try, /through the origin/);
    assert.match(file.steps[soft].try, /γ/);
    // §3.8: "through the origin", pressed in the lesson's panel, takes the threshold away
    await page.evaluate((i) => window.lab.openLesson("chapter", i), threshold);
    assert.deepEqual((await lessonPanel(page)).controls, ["boundary"]);
    assert.equal((await page.evaluate(() => window.lab.getState())).threshold, true);
    await page.click("#mode-origin");
    await page.waitForFunction(() => window.lab.getState().threshold === false);
    // §4.1: γ set in the lesson's panel trains the soft margin with it
    await page.evaluate((i) => window.lab.openLesson("chapter", i), soft);
    assert.deepEqual((await lessonPanel(page)).controls, ["gamma"]);
    await page.fill("#rule-gamma", "25");
    await page.press("#rule-gamma", "Enter");
    await page.waitForFunction(() => window.lab.getState().settings.gamma === 25);
    // a step that asks for none shows none; leaving the lesson puts them back in the control bar
    await page.evaluate(() => window.lab.openLesson("chapter", 0));
    assert.deepEqual((await lessonPanel(page)).controls, []);
    assert.equal(await page.evaluate(() => document.getElementById("lesson-controls").hidden), true);
    await page.evaluate((i) => window.lab.openLesson("chapter", i), soft);
    await page.evaluate(() => window.lab.closeLesson());
    const home = await page.evaluate(() => [
      document.querySelector("#more-algorithms").contains(document.getElementById("rule-gamma")),
      document.querySelector("nav#controls").contains(document.getElementById("mode-origin")),
      document.getElementById("lesson-controls").childElementCount,
    ]);
    assert.deepEqual(home, [true, true, 0]);
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test("Space after a click on Next, Back or Reset runs the step's action, not that button again", async () => {
  const { page, errors, close } = await open({ width: 1280, height: 720 });
  try {
    const titles = (await page.evaluate(() => window.lab.lessons()))[0].steps.map((s) => s.title);
    const animate = titles.findIndex((t) => /Fig\. 3\.4/.test(t));
    await page.evaluate((i) => window.lab.openLesson("chapter", i), animate - 1);
    for (const [button, at] of [
      ["#lesson-next", animate],
      ["#lesson-reset", animate],
    ]) {
      await page.click(button);
      await page.waitForFunction(
        (i) => window.lab.getState().lesson.step === i && window.lab.getState().animation.step === 0 && !window.lab.getState().animation.playing,
        at,
      );
      await page.evaluate(() => window.lab.settled(20000));
      await page.keyboard.press(" ");
      await page.waitForFunction(() => window.lab.getState().animation.step > 0, null, { timeout: 20000 });
      assert.equal(await page.evaluate(() => window.lab.getState().lesson.step), at, `Space after ${button}: the animation played, the step stayed`);
      await page.evaluate(() => window.lab.pause());
    }
    await page.evaluate((i) => window.lab.openLesson("chapter", i), animate + 1);
    await page.click("#lesson-prev");
    await page.waitForFunction((i) => window.lab.getState().lesson.step === i, animate);
    await page.evaluate(() => window.lab.settled(20000));
    await page.keyboard.press(" ");
    await page.waitForFunction(() => window.lab.getState().animation.step > 0, null, { timeout: 20000 });
    assert.equal(await page.evaluate(() => window.lab.getState().lesson.step), animate, "Space after Back: the animation played");
    // a button reached with Tab keeps Space as its own (the keyboard's usual press)
    await page.evaluate(() => window.lab.pause());
    await page.focus("#lesson-next");
    await page.keyboard.press(" ");
    await page.waitForFunction((i) => window.lab.getState().lesson.step === i, animate + 1);
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test("the editor dialog adds, retitles, reorders and deletes steps, exports and imports the lesson, and copies each step's link", async () => {
  const { page, errors, browser, close } = await open({ width: 1280, height: 860 });
  try {
    await browser.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    const lesson = () => page.evaluate(() => window.lab.lessons().find((l) => l.id.startsWith("my-lesson-")));
    for (let n = 3; n <= 5; n++) {
      await page.evaluate((pts) => window.lab.setPoints(pts), SIX.slice(0, n));
      await page.click("#lesson-add");
    }
    await page.click("#lesson-edit");
    const rows = page.locator("#lesson-steps > li");
    assert.equal(await rows.count(), 3);
    // a step's title, edited in its field
    await rows.nth(1).locator('input[data-field="title"]').fill("Four points");
    await rows.nth(1).locator('input[data-field="title"]').press("Tab");
    await page.waitForFunction(async () => window.lab.lessons().find((l) => l.id.startsWith("my-lesson-")).steps[1].title === "Four points");
    // the first step moved down, the last deleted
    await rows.nth(0).getByRole("button", { name: "↓" }).click();
    assert.deepEqual(
      (await lesson()).steps.map((s) => s.title),
      ["Four points", "Step 1", "Step 3"],
    );
    await rows.nth(2).getByRole("button", { name: "Delete" }).click();
    assert.deepEqual(
      (await lesson()).steps.map((s) => s.title),
      ["Four points", "Step 1"],
    );
    await page.click("#lesson-dialog-close");
    await page.evaluate((id) => window.lab.openLesson(id, 0), (await lesson()).id);
    assert.equal((await page.evaluate(() => window.lab.getState())).points.length, 4, "the retitled step keeps its four points");
    await page.evaluate(() => window.lab.closeLesson());
    // a step's own link opens that step
    await page.click("#lesson-edit");
    await rows.nth(1).getByRole("button", { name: "Link" }).click();
    await page.waitForFunction(() => /Copied the link of step 2/.test(document.getElementById("lesson-edit-status").textContent));
    const link = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(link, /[?&]step=2#lesson=/);
    await rows.nth(0).getByRole("button", { name: "Embed" }).click();
    await page.waitForFunction(() => /Copied the iframe snippet of step 1/.test(document.getElementById("lesson-edit-status").textContent));
    assert.match(await page.evaluate(() => navigator.clipboard.readText()), /^<iframe src="[^"]*[?&]step=1&embed#lesson=/);
    // export: the file holds the two steps
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("#lesson-export")]);
    const file = JSON.parse(readFileSync(await download.path(), "utf8"));
    assert.deepEqual(
      file.steps.map((s) => [s.title, s.state.points.length]),
      [
        ["Four points", 4],
        ["Step 1", 3],
      ],
    );
    // import: the file under another id joins the lessons
    await page.setInputFiles("#lesson-import-file", {
      name: "other.lesson.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify({ ...file, id: "other", title: "Other" })),
    });
    await page.waitForFunction(() => /Imported "Other"/.test(document.getElementById("lesson-edit-status").textContent));
    assert.deepEqual((await page.evaluate(() => window.lab.lessons())).find((l) => l.id === "other").steps.length, 2);
    await page.click("#lesson-dialog-close");
    const other = await openLab(browser.context, link);
    await other.page.waitForFunction(() => window.lab.getState().lesson?.step === 1);
    assert.equal((await other.page.evaluate(() => window.lab.getState())).points.length, 3, "the step's link opens the step");
    await other.page.close();
    // the built-in lesson: its link and embed at the step presented, its exported file imported as a copy
    await page.selectOption("#lesson-select", "chapter");
    await page.evaluate(() => window.lab.openLesson("chapter", 4));
    const builtIn = JSON.parse(await page.evaluate(() => window.lab.exportLesson()));
    await page.evaluate(() => document.getElementById("lesson-copy-link").click());
    await page.waitForFunction(() => /Copied the link of step 5/.test(document.getElementById("lesson-edit-status").textContent));
    assert.match(await page.evaluate(() => navigator.clipboard.readText()), /[?&]lesson=chapter&step=5$/);
    await page.evaluate(() => document.getElementById("lesson-copy-embed").click());
    await page.waitForFunction(() => /Copied the iframe snippet of step 5/.test(document.getElementById("lesson-edit-status").textContent));
    assert.match(await page.evaluate(() => navigator.clipboard.readText()), /lesson=chapter&step=5&embed"/);
    const copyId = await page.evaluate((j) => window.lab.importLesson(j), JSON.stringify(builtIn));
    assert.equal(copyId, "chapter-copy");
    assert.equal(await page.evaluate((j) => window.lab.importLesson(j), JSON.stringify(builtIn)), "chapter-copy", "imported again: it finds its copy, making no other");
    const copy = await page.evaluate(() => window.lab.lessons().find((l) => l.id === "chapter-copy"));
    assert.deepEqual(
      copy.steps.map((s) => s.title),
      builtIn.steps.map((s) => s.title),
    );
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

// The page's message in presenter mode: in the lesson's panel over the step's buttons, one line
// (the whole of it on focus or hover), announced as before — not floating over the views, where it
// hid the errors chart's step axis (the pocket's step at 1280×720).
test("in presenter mode and the embed layout the page's message covers no chart, view or control: one line in the lesson's panel, the whole of it on focus; the step's buttons stay in sight", async () => {
  let pocket = -1;
  for (const [viewport, embed] of [
    // (a phone shows a lesson as a reader view, text, views, then the buttons: devices.test.mjs)
    [{ width: 1280, height: 720 }, false],
    [{ width: 1280, height: 720 }, true],
    [{ width: 960, height: 540 }, true],
  ]) {
    // the embed layout opened by its link at the pocket's step (found in presenter mode first)
    const { page, errors, close } = await open(viewport, embed ? `?lesson=chapter&step=${pocket + 1}&embed` : undefined);
    try {
      if (embed) {
        await page.waitForFunction((i) => window.lab.getState().lesson?.step === i, pocket);
      } else {
        const titles = (await page.evaluate(() => window.lab.lessons())).find((l) => l.id === "chapter").steps.map((s) => s.title);
        pocket = titles.findIndex((t) => /pocket/i.test(t));
        await page.evaluate((i) => window.lab.openLesson("chapter", i), pocket);
      }
      await typeset(page);
      const what = `step ${pocket + 1} at ${viewport.width}×${viewport.height}${embed ? ", embedded" : ""}`;
      const boxes = await page.evaluate(() => {
        const box = (e) => {
          const r = e.getBoundingClientRect();
          return { id: e.id || e.textContent.trim().slice(0, 12), left: r.left, top: r.top, right: r.right, bottom: r.bottom };
        };
        const shown = (e) => e.getClientRects().length > 0 && !e.hidden;
        const status = /** @type {HTMLElement} */ (document.getElementById("status"));
        const parts = [...document.querySelectorAll("canvas, #animation :is(button, input, select), #lesson :is(button, input, select)")].filter(shown);
        return {
          text: status.textContent,
          role: [status.getAttribute("role"), status.getAttribute("aria-live")],
          status: box(status),
          parts: parts.map(box),
          errorsChart: parts.some((e) => /trace-errors/.test(e.id)),
          oneLine: status.scrollWidth > status.clientWidth,
          nav: [...document.querySelectorAll("#lesson .lesson-nav button")].filter(shown).map(box),
        };
      });
      assert.ok(boxes.errorsChart, `${what} shows the errors chart`);
      assert.match(boxes.text, /not linearly separable/, `${what}: the page's message is shown`);
      assert.deepEqual(boxes.role, ["status", "polite"], `${what}: announced as before`);
      const s = boxes.status;
      assert.ok(s.left >= 0 && s.top >= 0 && s.right <= viewport.width && s.bottom <= viewport.height, `${what}: the message inside the window ${JSON.stringify(s)}`);
      const over = boxes.parts.filter((r) => r.left < s.right && s.left < r.right && r.top < s.bottom && s.top < r.bottom);
      assert.deepEqual(over, [], `${what}: the message ${JSON.stringify(s)} covers no canvas and no control`);
      assert.ok(boxes.oneLine, `${what}: one line, cut short`);
      // the step's buttons (Back, the action, Reset, Next, Leave) in sight without scrolling the
      // lesson's panel, even where its text is longer than the panel (the phone)
      const hidden = boxes.nav.filter((r) => r.bottom > viewport.height + 0.5 || r.top < 0);
      assert.deepEqual(hidden, [], `${what}: every step button inside the window`);
      // focused (the Tab reaches it), the whole message shows
      await page.focus("#status");
      const whole = await page.evaluate(() => {
        const e = /** @type {HTMLElement} */ (document.getElementById("status"));
        return { fits: e.scrollWidth <= e.clientWidth + 1, height: e.getBoundingClientRect().height, tab: e.tabIndex };
      });
      assert.ok(
        whole.fits && whole.height > 1.4 * (s.bottom - s.top) && whole.tab === 0,
        `${what}: focused, the whole message in several lines ${JSON.stringify(whole)}`,
      );
      if (embed) {
        assert.deepEqual(errors, []);
        continue;
      }
      // the lesson left, the message back in its place, out of the Tab order
      await page.evaluate(() => window.lab.closeLesson());
      const back = await page.evaluate(() => {
        const e = /** @type {HTMLElement} */ (document.getElementById("status"));
        return [!!e.closest("#side"), e.hasAttribute("tabindex")];
      });
      assert.deepEqual(back, [true, false], `${what}: the message back in the page's side column`);
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  }
});
