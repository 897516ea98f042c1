// End-to-end tests of the data controls doing what they say: the preset menu names the
// points' kind ("custom" once edited) and "New teacher set" keeps it; Enter in P, λ and seed
// applies them; words instead of NaN and the singular; one cross per misclassified point; the
// tooltip gone after a click and off the lines; a touch's long press shows it; a teacher set
// inside the view; lab.runLearningCurve with the form's defaults.
import { test } from "node:test";
import assert from "node:assert/strict";
import { SIX, SMALL_SWEEP, artifact, launch, openLab, useLab } from "./harness.mjs";

const lab = useLab();
const menu = () => lab.page.locator("#preset").inputValue();

test("the preset menu names the points' kind, New teacher set and Enter keep it, an edit makes it custom", async () => {
  const { page } = lab;
  await page.evaluate(() => window.lab.loadPreset("random"));
  assert.equal(await menu(), "random");
  const first = await lab.state();
  assert.equal(first.teacher, null, "random labels have no teacher");
  // a new set of the same kind (today it made a teacher set and switched the menu back)
  await page.fill("#teacher-seed", "7");
  await page.click("#teacher-new");
  await lab.frame();
  let s = await lab.state();
  assert.equal(await menu(), "random");
  assert.equal(s.teacher, null);
  assert.notDeepEqual(s.points, first.points);
  // Enter in the P field applies it
  await page.fill("#teacher-p", "7");
  await page.press("#teacher-p", "Enter");
  await lab.frame();
  s = await lab.state();
  assert.equal(s.points.length, 7);
  assert.equal(await menu(), "random");
  // the noisy preset shows its λ, and is a teacher set
  await page.selectOption("#preset", "noisy");
  await lab.frame();
  assert.equal(await page.inputValue("#teacher-noise"), "0.2");
  s = await lab.state();
  assert.equal(await menu(), "noisy");
  assert.ok(s.teacher && Array.isArray(s.teacher.w), "a teacher set has its teacher");
  assert.equal(s.teacher.noise, 0.2);
  // Enter in the seed field: another noisy set
  await page.fill("#teacher-seed", "8");
  await page.press("#teacher-seed", "Enter");
  await lab.frame();
  const noisy = await lab.state();
  assert.notDeepEqual(noisy.points, s.points);
  assert.equal(await menu(), "noisy");
  // λ = 0 and Enter: a clean teacher set, which the menu says
  await page.fill("#teacher-noise", "0");
  await page.press("#teacher-noise", "Enter");
  await lab.frame();
  assert.equal(await menu(), "teacher");
  // Clear: custom; undo: the teacher set again
  await page.click("#clear");
  await lab.frame();
  assert.equal(await menu(), "custom");
  assert.equal((await lab.state()).preset, null);
  await page.click("#undo");
  await lab.frame();
  assert.equal(await menu(), "teacher");
  // an edit of a fixed preset: custom
  await page.evaluate(() => window.lab.loadPreset("six"));
  assert.equal(await menu(), "six");
  await page.evaluate(() => window.lab.movePoint(0, 1.1, 2));
  await lab.frame();
  assert.equal(await menu(), "custom");
  // the mode is not an edit of the points
  await page.evaluate(() => window.lab.loadPreset("six"));
  await lab.setThreshold(true);
  assert.equal(await menu(), "six");
  await lab.setThreshold(false);
  assert.deepEqual(lab.errors, []);
});

test("XOR says not separable (no NaN anywhere) and one support vector is singular", async () => {
  await lab.page.evaluate(() => window.lab.loadPreset("xor"));
  await lab.page.evaluate(() => window.lab.setCompare(true, ["rosenblatt", "minover", "adatron"]));
  await lab.page.evaluate(() => window.lab.settled(20_000));
  await lab.frame();
  const text = await lab.page.evaluate(() => document.body.innerText);
  assert.ok(
    !text.includes("NaN"),
    text
      .split("\n")
      .filter((l) => l.includes("NaN"))
      .join("\n"),
  );
  assert.match(text, /not separable/);
  await lab.page.evaluate(() => window.lab.setCompare(false));
  await lab.setThreshold(false);
  await lab.setPoints([{ x: 1, y: 2, label: 1 }]);
  await lab.frame();
  const readout = await lab.page.locator("#readout").innerText();
  assert.match(readout, /1 support vector\b/);
  assert.doesNotMatch(readout, /1 support vectors/);
  assert.deepEqual(lab.errors, []);
});

/**
 * The coloured runs (pixels whose channels differ by more than 60: no grey, black or white) on
 * the row of canvas pixels through the misclassification crosses' centres beside point (x, y).
 */
async function crossesBeside(x, y) {
  return lab.page.evaluate(
    ([x, y]) => {
      const c = /** @type {HTMLCanvasElement} */ (document.getElementById("data-view"));
      const r = c.getBoundingClientRect();
      const k = c.width / r.width;
      const at = window.lab.dataToClient(x, y);
      const radius = document.body.classList.contains("projector") ? 7 * 1.7 : 7;
      const row = Math.round((at.y - r.top - radius - 4) * k);
      const x0 = Math.round((at.x - r.left + radius) * k);
      const d = c.getContext("2d").getImageData(x0, row, Math.round(60 * k), 1).data;
      let runs = 0;
      let inRun = false;
      for (let i = 0; i < d.length; i += 4) {
        const coloured = d[i + 3] > 128 && Math.max(d[i], d[i + 1], d[i + 2]) - Math.min(d[i], d[i + 1], d[i + 2]) > 60;
        if (coloured && !inRun) runs++;
        inRun = coloured;
      }
      return runs;
    },
    [x, y],
  );
}

test("a point several rules misclassify gets one cross, and the tooltip names the rules", async () => {
  // (−1.8, −1.8) labelled +1 in the direction of the −1 at (−2, −2): no line through the origin
  // gets both right, and the lines pass far from them
  const points = [
    { x: 2, y: 2, label: 1 },
    { x: 1.5, y: 2.5, label: 1 },
    { x: -2, y: -2, label: -1 },
    { x: -2.5, y: -1, label: -1 },
    { x: -1.8, y: -1.8, label: 1 },
  ];
  await lab.setThreshold(false);
  await lab.setPoints(points);
  // Hebb (w = Σ ξS points away from it) and pocket (the fewest errors: this one) get it wrong too
  await lab.page.click("#more-algorithms summary");
  for (const name of ["hebb", "pocket"]) await lab.page.locator(`#show-${name}`).check();
  await lab.page.evaluate(() => window.lab.settled(20_000));
  await lab.frame();
  const s = await lab.state();
  const wrong = Object.keys(s.algorithms).filter((n) => n !== "exact" && s.algorithms[n].stabilities[4] <= 0);
  assert.ok(wrong.length >= 2, `several rules misclassify point 5: ${wrong}`);
  assert.equal(await crossesBeside(-1.8, -1.8), 1, "one cross, not one per rule");
  // hovering it: the tooltip says which rules
  const at = await lab.client(-1.8, -1.8);
  await lab.page.mouse.move(at.x, at.y);
  await lab.frame();
  assert.equal((await lab.state()).hover, 4);
  await lab.page.screenshot({ path: artifact("one-cross.png") });
  await lab.page.mouse.move(at.x + 300, at.y - 300);
  const right = points.findIndex((_, i) => !Object.keys(s.algorithms).some((n) => n !== "exact" && s.algorithms[n].stabilities[i] <= 0));
  if (right >= 0) assert.equal(await crossesBeside(points[right].x, points[right].y), 0, "no cross beside a point every rule gets right");
  for (const name of ["hebb", "pocket"]) await lab.page.locator(`#show-${name}`).uncheck();
  await lab.page.click("#more-algorithms summary");
  assert.deepEqual(lab.errors, []);
});

/** The data view's pixels (RGBA, backing store). */
const pixels = () =>
  lab.page.evaluate(() => {
    const c = /** @type {HTMLCanvasElement} */ (document.getElementById("data-view"));
    return { w: c.width, k: c.width / c.getBoundingClientRect().width, data: Array.from(c.getContext("2d").getImageData(0, 0, c.width, c.height).data) };
  });

test("the tooltip goes after a click, comes back once the pointer has left the point, and keeps off the lines", async () => {
  await lab.setThreshold(false);
  await lab.setPoints(SIX);
  await lab.page.evaluate(() => window.lab.settled(20_000));
  const at = await lab.client(1, 2);
  await lab.page.mouse.move(at.x - 200, at.y + 200);
  await lab.frame();
  const plain = await pixels();
  await lab.page.mouse.move(at.x, at.y);
  await lab.frame();
  assert.equal((await lab.state()).hover, 0, "hovering point 1 shows its information");
  const hovered = await pixels();
  // the tooltip is the only change: its box is where pixels differ
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i < plain.data.length; i += 4) {
    if (plain.data.slice(i, i + 4).every((v, j) => v === hovered.data[i + j])) continue;
    const x = (i / 4) % plain.w;
    const y = Math.floor(i / 4 / plain.w);
    [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  }
  assert.ok(x1 > x0 && y1 > y0, "a tooltip was drawn");
  // no shown rule's line (w·ξ = θ) crosses the tooltip's box (CSS pixels → data coordinates)
  const s = await lab.state();
  const corners = await lab.page.evaluate(
    ([x0, y0, x1, y1, k]) => {
      const r = document.getElementById("data-view").getBoundingClientRect();
      // dataToClient is affine on each axis: invert it from two points
      const a = window.lab.dataToClient(0, 0);
      const b = window.lab.dataToClient(1, 1);
      const toData = (px, py) => [(r.left + px / k - a.x) / (b.x - a.x), (r.top + py / k - a.y) / (b.y - a.y)];
      return [toData(x0, y0), toData(x1, y0), toData(x0, y1), toData(x1, y1)];
    },
    [x0, y0, x1, y1, plain.k],
  );
  for (const name of ["rosenblatt", "minover", "adatron", "exact"]) {
    const { w, theta } = s.algorithms[name];
    const sides = corners.map(([x, y]) => Math.sign(w[0] * x + w[1] * y - theta));
    assert.ok(!(sides.includes(1) && sides.includes(-1)), `${name}'s line crosses the tooltip`);
  }
  // a click flips the point; its tooltip goes and stays away while the pointer rests on it
  await lab.page.mouse.down();
  await lab.page.mouse.up();
  await lab.frame();
  assert.equal((await lab.state()).points[0].label, -1);
  assert.equal((await lab.state()).hover, -1, "no tooltip after the click");
  await lab.page.mouse.move(at.x + 1, at.y);
  await lab.frame();
  assert.equal((await lab.state()).hover, -1, "still none on the same point");
  await lab.page.mouse.move(at.x + 60, at.y + 60);
  await lab.page.mouse.move(at.x, at.y);
  await lab.frame();
  assert.equal((await lab.state()).hover, 0, "back once the pointer has left and returned");
  await lab.page.mouse.move(at.x - 200, at.y + 200);
  assert.deepEqual(lab.errors, []);
});

test("touch: a long press on a point shows its information without flipping it", async () => {
  const browser = await launch({ hasTouch: true });
  try {
    const { page, errors } = await openLab(browser.context, lab.server.url);
    await page.evaluate((p) => window.lab.setPoints(p), SIX);
    const at = await page.evaluate(() => window.lab.dataToClient(2, 0.5));
    const cdp = await page.context().newCDPSession(page);
    const touch = (type, p) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x: p.x, y: p.y }] });
    await touch("touchStart", at);
    await page.waitForTimeout(800);
    assert.equal(await page.evaluate(() => window.lab.getState().hover), 1, "the long press shows point 2's information");
    await touch("touchEnd", at);
    await page.waitForTimeout(100);
    const s = await page.evaluate(() => window.lab.getState());
    assert.equal(s.points[1].label, 1, "a long press does not flip");
    assert.equal(s.hover, 1, "the information stays after the finger lifts");
    await page.screenshot({ path: artifact("touch-long-press.png") });
    // the next touch takes it away
    await page.waitForTimeout(400);
    const other = await page.evaluate(() => window.lab.dataToClient(-1.5, -0.5));
    await touch("touchStart", other);
    assert.equal(await page.evaluate(() => window.lab.getState().hover), -1);
    await touch("touchEnd", other);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test("a teacher set's outermost points lie inside the view, clear of its edges", async () => {
  const points = [
    { x: 2.95, y: 0.4, label: 1 },
    { x: -2.7, y: -1.1, label: -1 },
    { x: 0.3, y: 2.9, label: 1 },
    { x: -0.2, y: -2.85, label: -1 },
  ];
  await lab.setPoints(points);
  const rect = await lab.page.evaluate(() => document.getElementById("data-view").getBoundingClientRect().toJSON());
  for (const p of points) {
    const c = await lab.client(p.x, p.y);
    const clear = Math.min(c.x - rect.left, rect.right - c.x, c.y - rect.top, rect.bottom - c.y);
    assert.ok(clear >= 16, `(${p.x}, ${p.y}) is ${clear.toFixed(1)} px from the edge`);
  }
});

test("lab.runLearningCurve fills the fields it is not given from the form's defaults", async () => {
  const { n, alphas, reps, algorithms } = SMALL_SWEEP;
  const short = await lab.page.evaluate((p) => window.lab.runLearningCurve(p), { n, alphas, reps, algorithms });
  // the defaults as the page's form has them (index.html): 100 epochs, seed 1, no noise, teacher labels, stop at the limit
  const full = await lab.page.evaluate((p) => window.lab.runLearningCurve(p), {
    n,
    alphas,
    reps,
    algorithms,
    epochs: 100,
    seed: 1,
    noise: 0,
    labels: "teacher",
    stop: { kind: "epochs" },
    randomSeparability: true,
  });
  assert.equal(short.rows.length, alphas.length);
  assert.equal(short.csv, full.csv);
  assert.deepEqual(lab.errors, []);
});
