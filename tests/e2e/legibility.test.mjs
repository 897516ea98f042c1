// Normal mode's canvas text legible at a distance: every text any canvas of the page
// draws — the data view, the weight view, the compared and animated rules' traces, the ε_g(P)
// chart of "Add an example", the learning-curve charts and the one-run trace — is at least 14
// CSS px and in a colour with WCAG AA contrast (≥ 4.5:1) against the white the canvases are
// drawn on. The canvas's fillText and strokeText are instrumented before the page loads, so
// that the wasm core's plotters charts are measured as the page's own drawing code is.
import { test } from "node:test";
import assert from "node:assert/strict";
import { SIX, SMALL_SWEEP, nextFrame, openLab, useLab } from "./harness.mjs";

const lab = useLab();
const MIN_PX = 14;
const MIN_CONTRAST = 4.5;

/**
 * Records every fillText / strokeText: the text, the context's font and colour (fillStyle or
 * strokeStyle, with globalAlpha), the canvas's id (or its parent's) and the text's size in CSS
 * px: the font's px × the context's transform, over the canvas's backing-store pixels per CSS px
 * (canvas.width / clientWidth, when the canvas is laid out).
 */
function instrument() {
  /** @type {any[]} */
  const drawn = [];
  // @ts-expect-error
  window.__drawnTexts = drawn;
  const proto = CanvasRenderingContext2D.prototype;
  for (const method of ["fillText", "strokeText"]) {
    const original = proto[method];
    proto[method] = function (text, ...rest) {
      const c = this.canvas;
      const t = this.getTransform();
      const px = Number(/(\d+(?:\.\d+)?)px/.exec(this.font)?.[1]);
      drawn.push({
        text: String(text),
        font: this.font,
        color: String(method === "fillText" ? this.fillStyle : this.strokeStyle),
        alpha: this.globalAlpha,
        canvas: c.id || `${c.parentElement?.id || c.parentElement?.className || "(detached)"} canvas`,
        // device px of the font, and backing-store px per CSS px (null: not laid out)
        px: px * Math.hypot(t.a, t.b),
        cssScale: c.clientWidth > 0 ? c.width / c.clientWidth : null,
      });
      return original.call(this, text, ...rest);
    };
  }
}

/** `[r, g, b, a]` (0–255, alpha 0–1) of a canvas colour as the context reports it (#rrggbb or rgba()). */
function parseColor(s) {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(s);
  if (hex) return [parseInt(hex[1], 16), parseInt(hex[2], 16), parseInt(hex[3], 16), 1];
  const rgba = /^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)$/.exec(s);
  if (rgba) return [Number(rgba[1]), Number(rgba[2]), Number(rgba[3]), rgba[4] === undefined ? 1 : Number(rgba[4])];
  return null;
}

/** WCAG's relative luminance of an sRGB colour (0–255 channels). */
function luminance([r, g, b]) {
  const lin = (c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG's contrast ratio of `color` (alpha `alpha` over white) against white; NaN for a colour that cannot be read (a gradient). */
function contrastOnWhite(color, alpha) {
  const c = parseColor(color);
  if (!c) return Number.NaN;
  const a = c[3] * alpha;
  const over = c.slice(0, 3).map((v) => a * v + (1 - a) * 255);
  return 1.05 / (luminance(over) + 0.05);
}

test("the WCAG contrast computed here: black on white 21, #777 on white just under 4.5, #767676 just over", () => {
  assert.equal(contrastOnWhite("#000000", 1).toFixed(1), "21.0");
  assert.ok(contrastOnWhite("#777777", 1) < 4.5);
  assert.ok(contrastOnWhite("#767676", 1) >= 4.5);
  assert.ok(contrastOnWhite("rgba(0, 0, 0, 0.3)", 1) < 4.5);
});

/** The drawn texts recorded in `page` since the last call (and forgets them). */
const takeTexts = (page) => page.evaluate(() => window.__drawnTexts.splice(0));

/** The drawn texts that are too small or too faint, one line per canvas, font and colour (with a few of its texts). */
function illegible(texts) {
  /** @type {Map<string, Set<string>>} */
  const bad = new Map();
  for (const t of texts) {
    const css = t.cssScale ? t.px / t.cssScale : Number.NaN;
    const contrast = contrastOnWhite(t.color, t.alpha);
    if (css >= MIN_PX - 0.01 && contrast >= MIN_CONTRAST) continue;
    const key = `${t.canvas}: ${css.toFixed(1)} CSS px (${t.font}), ${t.color} (α ${t.alpha}), contrast ${contrast.toFixed(2)}`;
    if (!bad.has(key)) bad.set(key, new Set());
    bad.get(key)?.add(t.text);
  }
  return [...bad].map(([key, some]) => `${key}: "${[...some].slice(0, 3).join('", "')}"${some.size > 3 ? " …" : ""}`);
}

test("every text on every canvas, in normal mode, is at least 14 CSS px and has AA contrast against white", async () => {
  await lab.browser.context.addInitScript(instrument);
  const { page, errors } = await openLab(lab.browser.context, lab.server.url);
  /** @type {any[]} */
  const all = [];
  const collect = async () => {
    await nextFrame(page);
    const texts = await takeTexts(page);
    all.push(...texts);
    return texts;
  };
  // the default preset: the data view's axes, the weight view's circle and landscape
  const start = await collect();
  assert.ok(start.some((t) => t.canvas === "data-view") && start.some((t) => t.canvas === "weight-view"), "both views draw text at load");
  // a point hovered: its tooltip; the animation stepped with the points numbered: w(t), Δw, the numbers
  await page.evaluate((p) => window.lab.setPoints(p), SIX);
  await page.locator("#anim-number").check();
  for (let i = 0; i < 3; i++) await page.evaluate(() => window.lab.step("rosenblatt"));
  const at = await page.evaluate(() => window.lab.dataToClient(1, 2));
  await page.mouse.move(at.x, at.y);
  const animated = await collect();
  assert.ok(
    animated.some((t) => /^w\(\d+\)$/.test(t.text)),
    `the step's w(t) is drawn: ${animated.map((t) => t.text).join(" | ")}`,
  );
  assert.ok(
    animated.some((t) => t.text.startsWith("Δw")),
    "the update Δw is drawn",
  );
  assert.ok(
    animated.some((t) => t.text === "6"),
    "the points are numbered",
  );
  await page.mouse.move(5, 5);
  // the animation's traces
  await page.evaluate(() => {
    const box = document.getElementById("anim-traces");
    if (box) box.hidden = false;
  });
  // compare on: the traces of the race
  await page.evaluate(() => window.lab.setCompare(true));
  await page.evaluate(() => window.lab.stepCompare());
  await page.evaluate(() => window.lab.stepCompare());
  const compared = await collect();
  for (const id of ["trace-kappa", "trace-updates"])
    assert.ok(
      compared.some((t) => t.canvas === id),
      `${id} draws text`,
    );
  await page.evaluate(() => window.lab.setCompare(false));
  // with a threshold: the (φ, θ) plot
  await page.evaluate(() => window.lab.setThreshold(true));
  await collect();
  await page.evaluate(() => window.lab.setThreshold(false));
  // the cells numbered, one under the pointer (its labelling written in the data view)
  const general = [
    [0.6, 1.9],
    [-1.3, 0.7],
    [2.1, -0.4],
    [-0.5, -1.7],
  ].map(([x, y], i) => ({ x, y, label: i % 2 ? -1 : 1 }));
  await page.evaluate((p) => window.lab.setPoints(p), general);
  await page.locator("#count-regions").check();
  await page.locator("#weight-view").scrollIntoViewIfNeeded();
  const box = await page.locator("#weight-view").boundingBox();
  for (const [fx, fy] of [
    [0.62, 0.2],
    [0.35, 0.3],
    [0.7, 0.35],
    [0.4, 0.15],
  ]) {
    await page.mouse.move(box.x + fx * box.width, box.y + fy * box.height);
    await nextFrame(page);
  }
  const cells = await collect();
  assert.ok(
    cells.some((t) => t.canvas === "weight-view" && /^\d+$/.test(t.text)),
    "the cells are numbered",
  );
  assert.ok(
    cells.some((t) => t.canvas === "data-view" && /labelling/i.test(t.text)),
    "the labelling of a cell under the pointer is written in the data view",
  );
  await page.locator("#count-regions").uncheck();
  await page.mouse.move(5, 5);
  // a teacher set with examples added: the ε_g(P) chart
  await page.evaluate(() => window.lab.loadPreset("teacher"));
  for (let i = 0; i < 3; i++) await page.evaluate(() => window.lab.addExample());
  const eps = await collect();
  // its legend names each rule's line
  const { learningCurve } = await page.evaluate(() => window.lab.getState());
  const labels = await page.evaluate(() => Object.fromEntries(window.lab.catalogue().algorithms.map((a) => [a.name, a.label])));
  const rules = Object.keys(learningCurve.eps);
  assert.ok(rules.length >= 2, `rules with ε_g: ${rules}`);
  const epsTexts = eps.filter((t) => t.canvas === "eps-chart").map((t) => t.text);
  // "ε_g" is drawn as ε, then its subscript g (src/chart/rich.rs)
  const said = (k) => `${epsTexts[k]}_${epsTexts[k + 1]}`;
  for (const name of rules)
    assert.ok(
      epsTexts.some((_, k) => said(k) === `${labels[name]}: ε_g`),
      `the legend names ${labels[name]}'s ε_g: ${epsTexts.join(" | ")}`,
    );
  // no points: the weight view's message
  await page.evaluate(() => window.lab.setPoints([]));
  const empty = await collect();
  assert.ok(
    empty.some((t) => t.canvas === "weight-view" && /No points/.test(t.text)),
    "the empty weight view's message",
  );
  // a small learning-curve sweep and one run traced
  await page.evaluate((sweep) => window.lab.runLearningCurve(sweep), SMALL_SWEEP);
  await page.fill("#lc-trace-alpha", "2");
  await page.click("#lc-trace-run");
  await page.waitForFunction(() => /rows/.test(document.getElementById("lc-trace-status").textContent), null, { timeout: 60_000 });
  const curves = await collect();
  assert.ok(
    curves.some((t) => t.canvas.startsWith("lc-chart")),
    "the learning-curve charts draw text",
  );
  assert.ok(
    curves.some((t) => t.canvas === "lc-trace-chart"),
    "the one-run trace draws text",
  );

  const canvases = new Set(all.map((t) => t.canvas));
  for (const id of ["data-view", "weight-view", "trace-kappa", "trace-updates", "anim-trace-kappa", "eps-chart", "lc-trace-chart"]) {
    assert.ok(canvases.has(id), `${id} was measured (measured: ${[...canvases].join(", ")})`);
  }
  assert.deepEqual(illegible(all), []);
  // projector mode: the views' and the traces' text larger still (18 px or more)
  await page.evaluate((p) => window.lab.setPoints(p), SIX);
  await collect();
  await page.evaluate(() => window.lab.setProjector(true));
  await page.evaluate(() => window.lab.setCompare(true));
  await page.evaluate(() => window.lab.stepCompare());
  const big = (await collect()).filter((t) => !t.canvas.startsWith("lc-"));
  assert.ok(big.some((t) => t.canvas === "trace-kappa") && big.some((t) => t.canvas === "weight-view"));
  const small = big.filter((t) => !(t.px / t.cssScale >= 18)).map((t) => `${t.canvas}: "${t.text}" (${t.font})`);
  assert.deepEqual([...new Set(small)], [], "projector mode's canvas text at 18 px or more");
  await page.evaluate(() => window.lab.setCompare(false));
  await page.evaluate(() => window.lab.setProjector(false));
  assert.deepEqual(errors, []);
  await page.close();
});

test("the Cover panel sits by the weight view it explains: beside it, on the first screen, before the animation", async () => {
  const { page } = lab;
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate((p) => window.lab.setPoints(p), SIX);
  const box = (id) => page.evaluate((id) => document.getElementById(id).getBoundingClientRect().toJSON(), id);
  const [count, weights, animation] = [await box("count-panel"), await box("weight-view"), await box("animation")];
  assert.ok(count.top < weights.bottom && count.left >= weights.right, `the panel ${JSON.stringify(count)} beside the weight view ${JSON.stringify(weights)}`);
  assert.ok(count.top < 720, `the panel starts on the first screen: ${count.top}`);
  assert.ok(count.bottom <= animation.top, "the panel comes before the animation");
});
