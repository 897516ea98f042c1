// End-to-end tests of the page on a classroom projector: at 1280×720 (and 1920×1080)
// projector mode enlarges the views by a quarter or more, writes every label of the views, the
// readout and the animation at 18 px or more, keeps the controls in fewer rows and the views, the
// readout and the animation controls on the one screen; in normal mode the readout's columns fit
// the window; the weight
// view zooms onto a version space that is a sliver (Iris with a threshold) and back; after Clear
// the empty weight view's message fits.
import { test } from "node:test";
import assert from "node:assert/strict";
import { SIX, artifact, launch, nextFrame, openLab, useLab } from "./harness.mjs";

const lab = useLab();

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

/** The computed font sizes (CSS px) of the readout's visible cells and the animation's controls and status line, as `[what, size]`. */
const textSizes = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("#readout th, #readout td, #anim-counters, #animation button, #animation select, #animation .label, #animation b, #status")]
      .filter((e) => e.getClientRects().length && e.textContent.trim())
      .map((e) => [`${e.id || e.tagName.toLowerCase()}.${e.className}: ${e.textContent.trim().slice(0, 30)}`, parseFloat(getComputedStyle(e).fontSize)]),
  );

/**
 * The one-screen checks of projector mode at `screen`: views larger than in normal mode by
 * `factor`, everything on the screen, text at least 1/40 of the screen's height (18 px at 720,
 * 27 px at 1080), the views' labels too.
 */
async function projectorScreen(screen, factor, { weightFactor = factor, plotGrows = true } = {}) {
  const least = Math.max(18, screen.height / 40);
  // the first screen as a lecturer finds it: the bar's groups closed
  const browser = await launch({ viewport: screen, groups: false });
  try {
    const { page, errors } = await openLab(browser.context, lab.server.url, { groups: false });
    await page.evaluate((p) => window.lab.setPoints(p), SIX);
    const ids = [
      "data-view",
      "weight-view",
      "weight-fit",
      "weight-whole",
      "readout",
      "anim-algorithm",
      "anim-step",
      "anim-play",
      "anim-reset",
      "anim-speed",
      "anim-scrub",
      "anim-counters",
      "controls",
    ];
    await nextFrame(page);
    const normal = await boxes(page, ids);
    const normalPlot = (await page.evaluate(() => window.lab.getState())).weightPlot;
    // the animation's status line names a step, with a point hovered: the views' every label is drawn
    const at = await page.evaluate(() => window.lab.dataToClient(1, 2));
    const texts = await drawnTexts(page, async () => {
      await page.evaluate(() => window.lab.setProjector(true));
      await page.evaluate(() => window.lab.step("rosenblatt"));
      await page.mouse.move(at.x, at.y);
    });
    await nextFrame(page);
    const big = await boxes(page, ids);
    const bigPlot = (await page.evaluate(() => window.lab.getState())).weightPlot;
    await page.screenshot({ path: artifact(`projector-${screen.width}x${screen.height}.png`) });
    const what = `at ${screen.width}×${screen.height}`;
    // the data view by `factor` on each side, the weight view by `weightFactor` in area, with its circle and its plot larger (`plotGrows`)
    const data = [big["data-view"], normal["data-view"]];
    assert.ok(
      data[0].width >= factor * data[1].width && data[0].height >= factor * data[1].height,
      `${what}: the data view ${data[0].width} px in projector mode, ${data[1].width} px without`,
    );
    const area = (b) => b.width * b.height;
    const weights = [big["weight-view"], normal["weight-view"]];
    assert.ok(
      area(weights[0]) >= weightFactor * area(weights[1]),
      `${what}: the weight view ${weights[0].width}×${weights[0].height} in projector mode, ${weights[1].width}×${weights[1].height} without`,
    );
    if (plotGrows) assert.ok(bigPlot.radius > normalPlot.radius, `${what}: the circle's radius ${bigPlot.radius} in projector mode, ${normalPlot.radius} without`);
    assert.ok(
      !plotGrows || (bigPlot.width > normalPlot.width && bigPlot.height > normalPlot.height),
      `${what}: the plot ${bigPlot.width}×${bigPlot.height} in projector mode, ${normalPlot.width}×${normalPlot.height} without`,
    );
    // the controls (the bar's groups closed) in a few rows at the top
    assert.ok(big.controls.height < 0.16 * screen.height, `${what}: controls ${big.controls.height} px high, ${normal.controls.height} without`);
    const onScreen = (b) => b.width > 0 && b.top >= 0 && b.left >= 0 && b.bottom <= screen.height && b.right <= screen.width;
    for (const id of ids) assert.ok(onScreen(big[id]), `${what}: ${id} is off the screen: ${JSON.stringify(big[id])}`);
    // the readout's every visible cell
    const cells = await page.evaluate(() =>
      [...document.querySelectorAll("#readout th, #readout td")].filter((e) => e.getClientRects().length).map((e) => e.getBoundingClientRect().toJSON()),
    );
    assert.ok(cells.length >= 20);
    assert.equal(await page.locator("#readout td.updates").first().isVisible(), true, `${what}: the updates M column is shown`);
    for (const c of cells) assert.ok(onScreen(c), `${what}: a readout cell off the screen: ${JSON.stringify(c)}`);
    // the views' labels and the text of the readout and of the animation at `least` px or more
    const small = texts.filter((t) => !(t.size >= least));
    assert.ok(texts.length > 20, `${texts.length} texts drawn`);
    assert.deepEqual(small, [], `every label of the views at ${least} px or more`);
    const sizes = await textSizes(page);
    assert.ok(sizes.length > 30, `${sizes.length} texts`);
    assert.deepEqual(
      sizes.filter(([, size]) => !(size >= least)),
      [],
      `the readout and the animation at ${least} px or more`,
    );
    const body = await page.evaluate(() => Number.parseFloat(getComputedStyle(document.body).fontSize));
    assert.ok(body >= least, `${what}: the body's text ${body} px, at least ${least}`);
    // with a threshold too
    const band = await drawnTexts(page, () => page.evaluate(() => window.lab.setThreshold(true)));
    assert.deepEqual(
      band.filter((t) => !(t.size >= least)),
      [],
    );
    const bandPlot = (await page.evaluate(() => window.lab.getState())).weightPlot;
    assert.ok(bandPlot.width > normalPlot.width, `${what}: the (φ, θ) plot ${bandPlot.width} px wide`);
    // the page's message (XOR has no version space to fit) on the screen, at `least` px
    await page.evaluate(() =>
      window.lab.setPoints([
        { x: 1, y: 1, label: 1 },
        { x: -1, y: -1, label: 1 },
        { x: 1, y: -1, label: -1 },
        { x: -1, y: 1, label: -1 },
      ]),
    );
    await page.click("#weight-fit");
    await nextFrame(page);
    const status = await page.evaluate(() => {
      const e = document.getElementById("status");
      return { box: e.getBoundingClientRect().toJSON(), text: e.textContent, size: parseFloat(getComputedStyle(e).fontSize) };
    });
    assert.match(status.text, /No version space/);
    assert.ok(onScreen(status.box) && status.size >= least, `${what}: the message ${JSON.stringify(status)}`);
    await page.evaluate(() => window.lab.setProjector(false));
    assert.deepEqual(errors, []);
    return { normal: data[1].width, projector: data[0].width, weights };
  } finally {
    await browser.close();
  }
}

test("projector mode at 1280×720: the views larger, fewer control rows, views, readout and animation on one screen, text ≥ 18 px", async () => {
  // the first screen's views already take a large share of the window (its bar in closed groups),
  // so the projector's gain is smaller than when the bar took four rows: the data view's side
  // 1.12×, the weight view's area (landscape beside it, over the readout) a little larger, its
  // circle, held by the landscape's height, no longer larger than on the first screen
  const { normal, projector, weights } = await projectorScreen({ width: 1280, height: 720 }, 1.12, { weightFactor: 1.02, plotGrows: false });
  console.log(`1280×720: data view ${normal} → ${projector} px; weight view ${weights[1].width}×${weights[1].height} → ${weights[0].width}×${weights[0].height}`);
});

test("projector mode at 1920×1080: the same on a full-HD screen, text ≥ 27 px", async () => {
  // the text at 27 px (1/40 of the height) needs a wider readout and player beside the data view:
  // the data view's side 1.15× the first screen's, the weight view's area 1.1× (its circle, held
  // by the landscape's height under which the readout at 27 px needs its room, no larger)
  const { normal, projector, weights } = await projectorScreen({ width: 1920, height: 1080 }, 1.15, { weightFactor: 1.1, plotGrows: false });
  console.log(`1920×1080: data view ${normal} → ${projector} px; weight view ${weights[1].width}×${weights[1].height} → ${weights[0].width}×${weights[0].height}`);
});

test("projector mode at 1280×720 with compare on: the data view, the κ bars and the one player share the screen while the race plays; the updates M ≤ M* column is shown", async () => {
  const screen = { width: 1280, height: 720 };
  // the first screen as a lecturer finds it: the bar's groups closed
  const browser = await launch({ viewport: screen, groups: false });
  try {
    const { page, errors } = await openLab(browser.context, lab.server.url, { groups: false });
    await page.evaluate((p) => window.lab.setPoints(p), SIX);
    await page.evaluate(() => window.lab.setProjector(true));
    await page.locator("#data-view").focus();
    await page.keyboard.press("c");
    await page.evaluate(() => window.lab.settled(20000));
    await nextFrame(page);
    // the readout's updates column, with Rosenblatt's M ≤ M*
    const updates = page.locator('#readout tr[data-algorithm="rosenblatt"] td.updates');
    assert.equal(await updates.isVisible(), true, "the updates column in projector mode");
    assert.match(await updates.textContent(), /^\d+ ≤ M\* = \d+/);
    assert.equal(await page.locator("#readout th:nth-child(6)").isVisible(), true);
    await page.locator("#anim-play").click();
    await page.waitForFunction(() => window.lab.getState().compare.steps >= 2);
    await nextFrame(page);
    const seen = await page.evaluate(() => {
      const box = (e) => e.getBoundingClientRect().toJSON();
      return {
        scroll: window.scrollY,
        data: box(document.getElementById("data-view")),
        bars: [...document.querySelectorAll("#compare-bars .bar")].map(box),
        player: ["anim-step", "anim-play", "anim-reset", "anim-speed", "anim-scrub"].map((id) => [id, box(document.getElementById(id))]),
        racing: window.lab.getState().compare.race,
      };
    });
    assert.equal(seen.racing, true, "Play in compare mode races");
    assert.equal(seen.scroll, 0, "pressing Play scrolled nothing");
    const onScreen = (b) => b.width > 0 && b.top >= 0 && b.left >= 0 && b.bottom <= screen.height && b.right <= screen.width;
    assert.ok(onScreen(seen.data), `the data view ${JSON.stringify(seen.data)}`);
    assert.equal(seen.bars.length, 3, "a κ bar for each rule shown: Rosenblatt, MinOver and AdaTron");
    for (const b of seen.bars) assert.ok(onScreen(b), `a κ bar off the screen: ${JSON.stringify(b)}`);
    for (const [id, b] of seen.player) assert.ok(onScreen(b), `${id} off the screen: ${JSON.stringify(b)}`);
    await page.screenshot({ path: artifact("projector-compare-1280x720.png") });
    await page.locator("#anim-play").click();
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test("projector mode at 1280×720 with every rule shown: the readout ends on the screen and scrolls under its header; the keyboard scrolls it", async () => {
  const browser = await launch({ viewport: { width: 1280, height: 720 } });
  try {
    const { page, errors } = await openLab(browser.context, lab.server.url);
    await page.evaluate(() => window.lab.setProjector(true));
    await page.evaluate(() => {
      document.getElementById("more-algorithms").open = true;
    });
    const boxes = page.locator("#shown input[type=checkbox]");
    for (let i = 0; i < (await boxes.count()); i++) await boxes.nth(i).check();
    await page.evaluate(() => {
      document.getElementById("more-algorithms").open = false;
    });
    await page.evaluate(() => window.lab.settled(20000));
    await nextFrame(page);
    const rules = Object.keys((await page.evaluate(() => window.lab.getState())).algorithms).length;
    assert.ok(rules >= 10, `${rules} rules shown`);
    const box = () =>
      page.evaluate(() => {
        const b = document.getElementById("readout-box");
        const head = document.querySelector("#readout thead th:nth-child(2)").getBoundingClientRect();
        const rows = [...document.querySelectorAll("#readout tbody tr")];
        const last = rows[rows.length - 1].getBoundingClientRect();
        return {
          rect: b.getBoundingClientRect().toJSON(),
          scroll: b.scrollTop,
          high: b.scrollHeight,
          client: b.clientHeight,
          head: head.top,
          last: last.bottom,
          page: window.scrollY,
        };
      });
    const before = await box();
    assert.ok(before.rect.top > 0 && before.rect.bottom <= 720, `the readout's box ${JSON.stringify(before.rect)} on the screen`);
    assert.ok(before.high > before.client, `the readout scrolls: ${before.high} px of rows in ${before.client}`);
    assert.ok(before.last > 720, "the last rule's row under the box's edge before scrolling");
    // the keyboard: Tab reaches the box, End scrolls it to its last row; the header stays, the page does not move
    await page.locator("#readout-box").focus();
    assert.equal(await page.evaluate(() => document.activeElement.id), "readout-box");
    await page.keyboard.press("End");
    await page.waitForFunction(() => {
      const b = document.getElementById("readout-box");
      return b.scrollTop + b.clientHeight >= b.scrollHeight - 1;
    });
    const after = await box();
    assert.ok(after.last <= after.rect.bottom + 1, `the last row ${after.last} in the box ending at ${after.rect.bottom}`);
    assert.ok(Math.abs(after.head - before.head) < 1, `the header stays: ${before.head} → ${after.head}`);
    assert.equal(after.page, 0, "the page itself does not scroll");
    // out of projector mode the readout has its natural height again, and no tab stop
    await page.evaluate(() => window.lab.setProjector(false));
    const normal = await page.evaluate(() => {
      const b = document.getElementById("readout-box");
      return { high: b.scrollHeight, client: b.clientHeight, tab: b.hasAttribute("tabindex") };
    });
    assert.ok(normal.high <= normal.client + 1 && !normal.tab, JSON.stringify(normal));
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test("normal mode: the readout's every column fits the window at 1280, 1600 and 1920 px (the certified gap is the last)", async () => {
  for (const screen of [
    { width: 1280, height: 720 },
    { width: 1600, height: 900 },
    { width: 1920, height: 1080 },
  ]) {
    const browser = await launch({ viewport: screen });
    try {
      const { page, errors } = await openLab(browser.context, lab.server.url);
      // long cells: Rosenblatt's "M ≤ M* = 22,133", the gaps' "1.59e−7 (0.00013%)"
      await page.evaluate(() => window.lab.loadPreset("iris"));
      await page.evaluate(() => window.lab.settled(10000));
      await nextFrame(page);
      const cells = await page.evaluate(() =>
        [...document.querySelectorAll("#readout th, #readout td")].map((e) => ({ text: e.textContent, right: e.getBoundingClientRect().right })),
      );
      const width = await page.evaluate(() => document.documentElement.clientWidth);
      for (const c of cells) assert.ok(c.right <= width, `at ${screen.width} px: "${c.text}" ends at ${c.right}`);
      assert.ok(
        cells.some((c) => /%\)$/.test(c.text)),
        "a certified gap with its share",
      );
      assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= width, "no horizontal scrolling");
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
    }
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
  await lab.frame();
  const whole = await bandPixels();
  const before = (await lab.state()).weightPlot;
  assert.equal(before.phi1 - before.phi0, 2 * Math.PI);
  await lab.page.click("#weight-fit");
  await lab.frame();
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
  await lab.frame();
  const zoomed = (await lab.state()).weightPlot;
  assert.ok(zoomed.phi1 - zoomed.phi0 < plot.phi1 - plot.phi0, "the wheel zoomed in");
  await lab.page.mouse.down();
  await lab.page.mouse.move(centre.x + 60, centre.y + 30, { steps: 4 });
  await lab.page.mouse.up();
  await lab.frame();
  const panned = (await lab.state()).weightPlot;
  assert.ok(panned.phi0 < zoomed.phi0 && panned.lo > zoomed.lo, "dragged right and down: smaller φ, larger θ in view");
  assert.ok(Math.abs(panned.phi1 - panned.phi0 - (zoomed.phi1 - zoomed.phi0)) < 1e-9, "a pan keeps the zoom");
  // the whole view again (Shift+V as the button)
  await lab.page.keyboard.press("Shift+V");
  await lab.frame();
  assert.equal((await lab.state()).weightPlot.phi1 - (await lab.state()).weightPlot.phi0, 2 * Math.PI);
  await lab.page.keyboard.press("v");
  await lab.frame();
  assert.ok((await lab.state()).weightPlot.phi1 - (await lab.state()).weightPlot.phi0 < 1, "V fits");
  await lab.page.click("#weight-whole");
  await lab.setThreshold(false);
  assert.deepEqual(lab.errors, []);
});

/** Four points whose version space straddles φ = 0: through the origin the arc |φ| < arctan(1/2), with a threshold the band over the same φ. */
const ACROSS_ZERO = [
  { x: 1, y: 2, label: 1 },
  { x: 1, y: -2, label: 1 },
  { x: -1, y: 2, label: -1 },
  { x: -1, y: -2, label: -1 },
];

/** Whether direction `phi` (any turn) lies in the window `w` (φ0…φ1, φ0 possibly negative). */
const inWindow = (phi, w) => {
  const d = (((phi - w.phi0) % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
  return d <= w.phi1 - w.phi0 + 1e-9;
};

test("the weight view fits and pans across φ = 0: a version space around φ = 0, through the origin and with a threshold", async () => {
  await lab.page.click("#weight-whole");
  await lab.setPoints(ACROSS_ZERO);
  await lab.setThreshold(false);
  await lab.frame();
  const { versionSpace: vs } = await lab.state();
  assert.equal(vs.arcs.length, 1);
  const [s, e] = vs.arcs[0];
  assert.ok(s > e, `the arc wraps past 0: ${s} to ${e}`);
  const whole = await bandPixels();
  await lab.page.click("#weight-fit");
  await lab.frame();
  const fit = (await lab.state()).weightPlot;
  // the window runs across φ = 0 and holds the whole arc, and no more than a zoom's margin
  assert.ok(fit.phi0 < 0 && fit.phi1 > 0, `the window ${fit.phi0}…${fit.phi1} across 0`);
  assert.ok(fit.phi0 <= s - 2 * Math.PI && e <= fit.phi1, `the arc ${s - 2 * Math.PI}…${e} inside ${fit.phi0}…${fit.phi1}`);
  assert.ok(fit.phi1 - fit.phi0 < 2 * (e - s + 2 * Math.PI), `the window ${fit.phi1 - fit.phi0} rad, the arc ${e - s + 2 * Math.PI}`);
  assert.ok(fit.lo <= 0 && fit.hi > 0);
  const { exact } = (await lab.state()).algorithms;
  assert.ok(inWindow(exact.phi, fit), `the optimum's φ = ${exact.phi} in the window`);
  const fitted = await bandPixels();
  assert.ok(fitted > 1.5 * whole, `the version space: ${fitted} pixels fitted, ${whole} in the whole view`);
  await lab.page.locator("#weight-section").screenshot({ path: artifact("weight-fit-across-zero.png") });
  // a drag pans on across φ = 0, by the drag's share of the window, never stopped at 0
  const box = await lab.page.locator("#weight-view").boundingBox();
  const y = box.y + box.height * 0.8;
  const x = box.x + box.width / 2;
  const span = fit.phi1 - fit.phi0;
  await lab.page.mouse.move(x, y);
  await lab.page.mouse.down();
  // three tenths of the window right, then nine tenths left: the window ends past φ = 0 whether the fit
  // centred it on 0 or not
  await lab.page.mouse.move(x + fit.width * 0.3, y, { steps: 4 });
  await lab.page.mouse.up();
  await lab.frame();
  const right = (await lab.state()).weightPlot;
  assert.ok(Math.abs(right.phi0 - (fit.phi0 - 0.3 * span)) < 0.02 * span, `dragged right: φ0 ${fit.phi0} → ${right.phi0}`);
  await lab.page.mouse.move(x, y);
  await lab.page.mouse.down();
  await lab.page.mouse.move(x - fit.width * 0.9, y, { steps: 6 });
  await lab.page.mouse.up();
  await lab.frame();
  const left = (await lab.state()).weightPlot;
  assert.ok(Math.abs(left.phi0 - (right.phi0 + 0.9 * span)) < 0.02 * span, `dragged left: φ0 ${right.phi0} → ${left.phi0}`);
  assert.ok(right.phi0 < 0 && left.phi0 > 0, `the window crossed φ = 0: ${fit.phi0} → ${right.phi0} → ${left.phi0} (span ${span})`);
  // with a threshold: the band's every φ (and its θ range) inside the fitted window
  await lab.setThreshold(true);
  await lab.frame();
  await lab.page.keyboard.press("v");
  await lab.frame();
  const state = await lab.state();
  const band = state.versionSpace;
  const plot = state.weightPlot;
  assert.ok(plot.phi0 < 0 && plot.phi1 > 0, `the band's window ${plot.phi0}…${plot.phi1} across 0`);
  assert.ok(plot.phi1 - plot.phi0 < Math.PI, `zoomed in φ: ${plot.phi1 - plot.phi0}`);
  let inside = 0;
  band.phi.forEach((phi, k) => {
    if (!(band.upper[k] > band.lower[k])) return;
    inside++;
    assert.ok(inWindow(phi, plot), `φ = ${phi} of the band outside ${plot.phi0}…${plot.phi1}`);
    assert.ok(band.lower[k] >= plot.lo && band.upper[k] <= plot.hi, `θ ${band.lower[k]}…${band.upper[k]} outside ${plot.lo}…${plot.hi}`);
  });
  assert.ok(inside > 10, `${inside} angles of the band`);
  assert.ok(inWindow(state.algorithms.exact.phi, plot));
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
