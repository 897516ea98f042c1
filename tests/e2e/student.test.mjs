// Student and teacher on the screen (Biehl §3.5): the teacher of a teacher set in the state and
// the panel, ε_g in the readout against arccos(R)/π computed here from getState(), "Add an
// example" ten times with the mouse growing a ten-point learning curve per rule, the teacher
// turned and shifted by dragging it, relabelling by the teacher, and the version space's size
// against the arc lengths the state reports.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useLab } from "./harness.mjs";

const lab = useLab();

/** arccos(R)/π with R the normalised overlap of w and w*, computed here. */
function epsThroughOrigin(w, t) {
  const r = (w[0] * t[0] + w[1] * t[1]) / (Math.hypot(...w) * Math.hypot(...t));
  return Math.acos(Math.max(-1, Math.min(1, r))) / Math.PI;
}

async function loadTeacherSet(page, p, seed) {
  await page.locator("#teacher-p").fill(String(p));
  await page.locator("#teacher-seed").fill(String(seed));
  await page.locator("#teacher-noise").fill("0");
  await page.evaluate(() => window.lab.loadPreset("teacher"));
}

test("a teacher set: the teacher in the state, ten examples added with the button, ε_g per rule matches arccos(R)/π", async () => {
  const { page } = lab;
  await lab.setThreshold(false);
  await loadTeacherSet(page, 12, 3);
  let s = await lab.state();
  assert.ok(s.teacher, "a teacher set has its teacher");
  assert.equal(s.teacher.w.length, 2);
  assert.equal(s.teacher.theta, 0);
  assert.ok(Math.abs(s.teacher.w[0] ** 2 + s.teacher.w[1] ** 2 - 2) < 1e-12, "|w*|² = N = 2");
  // every label is the teacher's
  for (const p of s.points) assert.equal(p.label, s.teacher.w[0] * p.x + s.teacher.w[1] * p.y >= 0 ? 1 : -1);
  assert.ok(await page.locator("#teacher-show").isChecked());
  assert.match(await page.locator("#teacher-text").textContent(), /Teacher w\* = /);
  assert.deepEqual(s.learningCurve.p, []);

  for (let k = 1; k <= 10; k++) {
    await page.locator("#add-example").click();
    s = await lab.state();
    assert.equal(s.points.length, 12 + k);
    const added = s.points.at(-1);
    assert.equal(added.label, s.teacher.w[0] * added.x + s.teacher.w[1] * added.y >= 0 ? 1 : -1, "labelled by the teacher (λ = 0)");
  }
  await page.evaluate(() => window.lab.settled(20_000));
  s = await lab.state();
  const curve = s.learningCurve;
  assert.deepEqual(
    curve.p,
    Array.from({ length: 10 }, (_, k) => 13 + k),
  );
  for (const name of ["rosenblatt", "minover", "adatron", "exact"]) {
    assert.equal(curve.eps[name]?.length, 10, `${name}: ten points`);
    assert.ok(
      curve.eps[name].every((e) => e >= 0 && e <= 1),
      `${name}: ε_g in [0, 1]`,
    );
  }
  assert.equal(curve.size.length, 10);
  // the chart is drawn
  assert.equal(await page.locator("#eps-chart").isVisible(), true);

  // ε_g in the state and the readout equals arccos(R)/π of the state's w and w*
  for (const [name, a] of Object.entries(s.algorithms)) {
    if (!a.w || a.w.every((v) => v === 0)) continue;
    const want = epsThroughOrigin(a.w, s.teacher.w);
    assert.ok(Math.abs(a.generalizationError - want) < 1e-9, `${name}: ${a.generalizationError} against ${want}`);
    const cell = await page.locator(`#readout tr[data-algorithm="${name}"] td.eps`).textContent();
    assert.ok(Math.abs(Number(cell) - want) < 6e-4, `${name}: the readout's ${cell} against ${want}`);
    // the curve's last point is this run's ε_g
    assert.ok(Math.abs(curve.eps[name].at(-1) - want) < 1e-9, `${name}: the curve ends at the readout's ε_g`);
  }

  // the version space's size: the arc's length through the origin
  const [a, b] = s.versionSpace.arcs[0];
  const len = (((b - a) % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
  assert.ok(Math.abs(s.versionSpace.size - len) < 1e-12, `size ${s.versionSpace.size} against the arc's ${len}`);
  assert.ok(Math.abs(curve.size.at(-1) - len) < 1e-12);
  assert.match(await page.locator("#vs-size").textContent(), /an arc of/);

  // any other edit starts a new curve
  await page.evaluate(() => window.lab.undo());
  assert.deepEqual((await lab.state()).learningCurve.p, []);
});

test("without a teacher there is no ε_g and adding an example is refused, changing nothing", async () => {
  const { page } = lab;
  await lab.setPoints([
    { x: 1, y: 1, label: 1 },
    { x: -1, y: -0.5, label: -1 },
  ]);
  const before = await lab.state();
  assert.equal(before.teacher, null);
  for (const a of Object.values(before.algorithms)) assert.equal(a.generalizationError, null);
  assert.ok(await page.locator("#add-example").isDisabled());
  const err = await page.evaluate(() => {
    try {
      window.lab.addExample();
      return null;
    } catch (e) {
      return e.message;
    }
  });
  assert.match(err, /needs a teacher/);
  assert.deepEqual((await lab.state()).points, before.points);
  // a bad teacher is refused by name
  const bad = await page.evaluate(() => {
    try {
      window.lab.setTeacher({ w: [0, 0], theta: 0, noise: 0 });
      return null;
    } catch (e) {
      return e.message;
    }
  });
  assert.match(bad, /zero/);
  assert.equal((await lab.state()).teacher, null);
});

test("the teacher is turned by dragging its arrow's tip, shifted by dragging its line with a threshold, hidden, and relabels the points", async () => {
  const { page } = lab;
  await lab.setThreshold(false);
  // the data view on the screen (the buttons clicked before scrolled the page down to the teacher's panel)
  await page.evaluate(() => window.scrollTo(0, 0));
  // points away from the teacher's arrow (along +x) and from the stretch of line dragged below
  await lab.setPoints([
    { x: 2, y: 2, label: 1 },
    { x: -2, y: 1.5, label: -1 },
    { x: 1.5, y: -2.5, label: 1 },
    { x: -1, y: 2.5, label: 1 },
  ]);
  await page.evaluate(() => window.lab.setTeacher({ w: [Math.SQRT2, 0], theta: 0, noise: 0 }));
  let s = await lab.state();
  assert.deepEqual(s.teacher.w, [Math.SQRT2, 0]);
  // find the tip on the screen: hover along the +x axis until the teacher's tooltip names it
  const origin = await lab.client(0, 0);
  const unit = await lab.client(1, 0);
  const perUnit = unit.x - origin.x;
  const halfWidth = (await page.locator("#data-view").boundingBox()).width / 2 / perUnit;
  const tipAt = await lab.client(0.3 * halfWidth, 0);
  await page.mouse.move(tipAt.x, tipAt.y);
  await page.mouse.down();
  const to = await lab.client(0, 0.3 * halfWidth);
  await page.mouse.move((tipAt.x + to.x) / 2, (tipAt.y + to.y) / 2 - 10, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 3 });
  await page.mouse.up();
  s = await lab.state();
  const angle = Math.atan2(s.teacher.w[1], s.teacher.w[0]);
  assert.ok(Math.abs(angle - Math.PI / 2) < 0.05, `turned to 90°: ${(angle * 180) / Math.PI}°`);
  assert.ok(Math.abs(Math.hypot(...s.teacher.w) - Math.SQRT2) < 1e-9, "|w*| kept");
  assert.equal(s.teacher.theta, 0, "through the origin the line stays on the origin");
  // relabel by the teacher: labels follow sign(w*·ξ)
  await page.locator("#teacher-relabel").click();
  s = await lab.state();
  for (const p of s.points) assert.equal(p.label, s.teacher.w[0] * p.x + s.teacher.w[1] * p.y >= 0 ? 1 : -1);
  // one undo brings the labels back, another the teacher's direction
  await page.evaluate(() => window.lab.undo());
  await page.evaluate(() => window.lab.undo());
  assert.deepEqual((await lab.state()).teacher.w, [Math.SQRT2, 0]);

  // with a threshold: drag the line (away from the arrow) to shift it to x = 1 (the data view scrolled back on the screen)
  await lab.setThreshold(true);
  await page.evaluate(() => window.scrollTo(0, 0));
  const onLine = await lab.client(0, -0.6 * halfWidth);
  const dest = await lab.client(1, -0.6 * halfWidth);
  await page.mouse.move(onLine.x, onLine.y);
  await page.mouse.down();
  await page.mouse.move(dest.x, dest.y, { steps: 4 });
  await page.mouse.up();
  s = await lab.state();
  assert.ok(Math.abs(s.teacher.theta / s.teacher.w[0] - 1) < 0.05, `the line moved to x ≈ 1: θ*/w*₁ = ${s.teacher.theta / s.teacher.w[0]}`);
  // ε_g with thresholds: parallel student and teacher disagree on the Gaussian mass between their lines
  const eps = await page.evaluate(
    ([t]) => {
      const a = window.lab.getState().algorithms.exact;
      return { eps: a.generalizationError, w: a.w, theta: a.theta, t };
    },
    [s.teacher],
  );
  assert.ok(eps.eps >= 0 && eps.eps <= 1);

  // hide: the checkbox hides the teacher's line and mark, and the state says so
  await page.locator("#teacher-show").uncheck();
  assert.equal((await lab.state()).showTeacher, false);
  await page.locator("#teacher-show").check();
  assert.equal((await lab.state()).showTeacher, true);
});

test("the Gibbs and Bayes students in 2-D: Gibbs inside the version space's arc, Bayes at its midpoint, both with ε_g in the readout and the learning curve", async () => {
  const { page } = lab;
  await lab.setThreshold(false);
  await loadTeacherSet(page, 15, 4);
  await page.locator("summary", { hasText: "More algorithms" }).first().click();
  for (const name of ["gibbs", "bayes"]) await page.locator(`#show-${name}`).check();
  await page.locator("summary", { hasText: "More algorithms" }).first().click();
  await page.locator("#add-example").click();
  await page.evaluate(() => window.lab.settled(20_000));
  const s = await lab.state();
  const [a, b] = s.versionSpace.arcs[0];
  const len = (((b - a) % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
  const offset = (phi) => (((phi - a) % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
  const gibbs = s.algorithms.gibbs;
  const bayes = s.algorithms.bayes;
  assert.ok(gibbs.kappa > 0 && offset(Math.atan2(gibbs.w[1], gibbs.w[0])) < len, "the Gibbs student is in the version space");
  assert.ok(Math.abs(offset(Math.atan2(bayes.w[1], bayes.w[0])) - len / 2) < 1e-9, "the Bayes student is the arc's midpoint");
  for (const [name, st] of [
    ["gibbs", gibbs],
    ["bayes", bayes],
  ]) {
    const want = epsThroughOrigin(st.w, s.teacher.w);
    assert.ok(Math.abs(st.generalizationError - want) < 1e-9, `${name}: ε_g`);
    assert.ok(Math.abs(s.learningCurve.eps[name].at(-1) - want) < 1e-9, `${name}: the curve's point`);
    assert.match(await page.locator(`#readout tr[data-algorithm="${name}"] td.eps`).textContent(), /^0\.\d+|^0$/);
  }
  assert.equal(await page.locator("#gibbs-resample").isVisible(), true);
  await page.locator("#gibbs-resample").click();
});
