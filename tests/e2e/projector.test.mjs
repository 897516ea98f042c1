// End-to-end tests of the page on a classroom projector (issue 16): at 1280×720 projector mode
// enlarges the views, writes every label of the views at 18 px or more, keeps the controls in
// fewer rows and the views, the readout and the animation controls on the one screen; the weight
// view zooms onto a version space that is a sliver (Iris with a threshold) and back; after Clear
// the empty weight view's message fits.
import { test } from "node:test";
import assert from "node:assert/strict";
import { SIX, artifact, launch, openLab, useLab } from "./harness.mjs";

const lab = useLab();
const SCREEN = { width: 1280, height: 720 };
const nextFrame = (page = lab.page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** Boxes (client rectangles) of the elements with these ids. */
const boxes = (page, ids) => page.evaluate((ids) => Object.fromEntries(ids.map((id) => [id, document.getElementById(id).getBoundingClientRect().toJSON()])), ids);

/**
 * Every text the data view and the weight view draw while `action` runs in the page: its canvas,
 * text, font size (CSS px), x and width, and the canvas's CSS width.
 */
async function drawnTexts(page, action) {
  await page.evaluate(() => {
    const fillText = CanvasRenderingContext2D.prototype.fillText;
    window.__drawn = [];
    window.__fillText = fillText;
    CanvasRenderingContext2D.prototype.fillText = function (text, x, y, ...rest) {
      if (this.canvas.id === "data-view" || this.canvas.id === "weight-view") {
        const size = Number(/(\d+(?:\.\d+)?)px/.exec(this.font)?.[1]);
        window.__drawn.push({ canvas: this.canvas.id, text: String(text), size, x, width: this.measureText(String(text)).width, canvasWidth: this.canvas.clientWidth });
      }
      return fillText.call(this, text, x, y, ...rest);
    };
  });
  try {
    await action();
    await nextFrame(page);
    return await page.evaluate(() => window.__drawn);
  } finally {
    await page.evaluate(() => {
      CanvasRenderingContext2D.prototype.fillText = window.__fillText;
    });
  }
}

test("projector mode at 1280×720: larger views, fewer control rows, views, readout and animation on one screen, labels ≥ 18 px", async () => {
  const browser = await launch({ viewport: SCREEN });
  try {
    const { page, errors } = await openLab(browser.context, lab.server.url);
    await page.evaluate((p) => window.lab.setPoints(p), SIX);
    const ids = ["data-view", "weight-view", "readout", "anim-algorithm", "anim-step", "anim-play", "anim-reset", "anim-scrub", "anim-counters", "controls"];
    const normal = await boxes(page, ids);
    // the animation's status line names a step, with a point hovered: the views' every label is drawn
    const at = await page.evaluate(() => window.lab.dataToClient(1, 2));
    const texts = await drawnTexts(page, async () => {
      await page.evaluate(() => window.lab.setProjector(true));
      await page.evaluate(() => window.lab.step("rosenblatt"));
      await page.mouse.move(at.x, at.y);
    });
    await nextFrame(page);
    const big = await boxes(page, ids);
    await page.screenshot({ path: artifact("projector-1280x720.png") });
    for (const id of ["data-view", "weight-view"]) {
      assert.ok(
        big[id].width > normal[id].width && big[id].height > normal[id].height,
        `${id}: ${big[id].width}×${big[id].height} in projector mode, ${normal[id].width}×${normal[id].height} without`,
      );
    }
    assert.ok(big.controls.height < 0.6 * normal.controls.height, `controls ${big.controls.height} px high, ${normal.controls.height} without`);
    for (const id of ids) {
      const b = big[id];
      assert.ok(b.top >= 0 && b.left >= 0 && b.bottom <= SCREEN.height && b.right <= SCREEN.width, `${id} is off the screen: ${JSON.stringify(b)}`);
    }
    // the views' labels, the animation's status line, the readout's status lines and the page's
    const small = texts.filter((t) => !(t.size >= 18));
    assert.ok(texts.length > 20, `${texts.length} texts drawn`);
    assert.deepEqual(small, [], "every label of the views at 18 px or more");
    const statusSizes = await page.evaluate(() =>
      [...document.querySelectorAll("#anim-counters, #readout td.status, #status")].map((e) => [e.id || e.className, parseFloat(getComputedStyle(e).fontSize)]),
    );
    for (const [what, size] of statusSizes) assert.ok(size >= 18, `${what}: ${size} px`);
    // a long status line wraps inside the readout's column
    assert.ok(big.readout.right <= SCREEN.width);
    // with a threshold too
    const band = await drawnTexts(page, () => page.evaluate(() => window.lab.setThreshold(true)));
    assert.deepEqual(
      band.filter((t) => !(t.size >= 18)),
      [],
    );
    await page.evaluate(() => window.lab.setProjector(false));
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

/** How many pixels of the weight view have the version space's fill (light blue over white). */
const bandPixels = () =>
  lab.page.evaluate(() => {
    const c = /** @type {HTMLCanvasElement} */ (document.getElementById("weight-view"));
    const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    // rgba(86, 180, 233, 0.28) on the transparent canvas (the panel's white is its CSS background)
    const fill = [86, 180, 233, 71];
    for (let i = 0; i < d.length; i += 4) if (fill.every((v, k) => Math.abs(d[i + k] - v) <= 6)) n++;
    return n;
  });

test("the weight view zooms onto a sliver of version space (Iris with a threshold) and back; the wheel zooms and a drag pans", async () => {
  await lab.page.evaluate(() => window.lab.loadPreset("iris"));
  await nextFrame();
  const whole = await bandPixels();
  const before = (await lab.state()).weightPlot;
  assert.equal(before.phi1 - before.phi0, 2 * Math.PI);
  await lab.page.click("#weight-fit");
  await nextFrame();
  const fitted = await bandPixels();
  assert.ok(fitted > 8 * whole, `the version space: ${fitted} pixels fitted, ${whole} in the whole view`);
  const plot = (await lab.state()).weightPlot;
  assert.ok(plot.phi1 - plot.phi0 < 1, `φ from ${plot.phi0} to ${plot.phi1}`);
  // the exact optimum's (φ, θ/|w|) lies inside the fitted window
  const { exact } = (await lab.state()).algorithms;
  const thetaUnit = exact.theta / Math.hypot(...exact.w);
  assert.ok(exact.phi > plot.phi0 && exact.phi < plot.phi1 && thetaUnit > plot.lo && thetaUnit < plot.hi, JSON.stringify({ plot, phi: exact.phi, thetaUnit }));
  await lab.page.locator("#weight-section").screenshot({ path: artifact("weight-fit-iris.png") });
  // the wheel zooms in about the pointer, a drag pans
  const box = await lab.page.locator("#weight-view").boundingBox();
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await lab.page.mouse.move(centre.x, centre.y);
  await lab.page.mouse.wheel(0, -100);
  await nextFrame();
  const zoomed = (await lab.state()).weightPlot;
  assert.ok(zoomed.phi1 - zoomed.phi0 < plot.phi1 - plot.phi0, "the wheel zoomed in");
  await lab.page.mouse.down();
  await lab.page.mouse.move(centre.x + 60, centre.y + 30, { steps: 4 });
  await lab.page.mouse.up();
  await nextFrame();
  const panned = (await lab.state()).weightPlot;
  assert.ok(panned.phi0 < zoomed.phi0 && panned.lo > zoomed.lo, "dragged right and down: smaller φ, larger θ in view");
  assert.ok(Math.abs(panned.phi1 - panned.phi0 - (zoomed.phi1 - zoomed.phi0)) < 1e-9, "a pan keeps the zoom");
  // the whole view again (Shift+V as the button)
  await lab.page.keyboard.press("Shift+V");
  await nextFrame();
  assert.equal((await lab.state()).weightPlot.phi1 - (await lab.state()).weightPlot.phi0, 2 * Math.PI);
  await lab.page.keyboard.press("v");
  await nextFrame();
  assert.ok((await lab.state()).weightPlot.phi1 - (await lab.state()).weightPlot.phi0 < 1, "V fits");
  await lab.page.click("#weight-whole");
  await lab.setThreshold(false);
  assert.deepEqual(lab.errors, []);
});

test("after Clear the empty weight view's message fits the view, in both modes and in projector mode", async () => {
  for (const projector of [false, true]) {
    await lab.page.evaluate((on) => window.lab.setProjector(on), projector);
    for (const threshold of [false, true]) {
      await lab.setPoints(SIX);
      await lab.setThreshold(threshold);
      const texts = await drawnTexts(lab.page, () => lab.page.click("#clear"));
      const message = texts.filter((t) => t.canvas === "weight-view");
      assert.match(message.map((t) => t.text).join(" "), /No points: .* version space\./);
      for (const t of message) assert.ok(t.x >= 0 && t.x + t.width <= t.canvasWidth, `"${t.text}" from ${t.x} to ${t.x + t.width} in ${t.canvasWidth} px`);
    }
  }
  await lab.page.evaluate(() => window.lab.setProjector(false));
  await lab.setThreshold(false);
  assert.deepEqual(lab.errors, []);
});
