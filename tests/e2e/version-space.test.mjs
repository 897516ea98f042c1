// End-to-end tests of the weight-space view and the training animation in headless Chromium.
import { test } from "node:test";
import assert from "node:assert/strict";
import { artifact, useLab, SIX } from "./harness.mjs";

const lab = useLab();

const TAU = 2 * Math.PI;

/**
 * Independent reference: the version space through the origin by scanning `n` directions;
 * returns the feasible grid angles' first and last (ccw, across 0 if needed) or null.
 */
function scanArc(points, n = 200_000) {
  const ok = new Uint8Array(n);
  for (let k = 0; k < n; k++) {
    const phi = (TAU * k) / n;
    const u = [Math.cos(phi), Math.sin(phi)];
    ok[k] = points.every((p) => p.label * (u[0] * p.x + u[1] * p.y) > 0) ? 1 : 0;
  }
  if (!ok.some((v) => v)) return null;
  // start: a feasible k whose predecessor is infeasible
  let start = -1;
  for (let k = 0; k < n; k++) if (ok[k] && !ok[(k - 1 + n) % n]) start = k;
  let end = start;
  while (ok[(end + 1) % n]) end = (end + 1) % n;
  return { start: (TAU * start) / n, end: (TAU * end) / n, step: TAU / n };
}

/** Angular distance on the circle. */
const angDist = (a, b) => Math.abs(((a - b + 3 * Math.PI) % TAU) - Math.PI);

function assertArcMatchesScan(vs, points, label) {
  assert.equal(vs.kind, "arc");
  const ref = scanArc(points);
  if (!ref) {
    assert.deepEqual(vs.arcs, [], `${label}: empty version space`);
    return;
  }
  assert.equal(vs.arcs.length, 1, label);
  const [s, e] = vs.arcs[0];
  assert.ok(s >= 0 && s < TAU && e >= 0 && e < TAU, `${label}: arcs in [0, 2π): ${s}, ${e}`);
  assert.ok(angDist(s, ref.start) <= ref.step, `${label}: start ${s} vs scan ${ref.start}`);
  assert.ok(angDist(e, ref.end) <= ref.step, `${label}: end ${e} vs scan ${ref.end}`);
}

test("dragging a point moves the arc to the one of the new points", async () => {
  await lab.setPoints(SIX);
  await lab.setThreshold(false);
  let s = await lab.state();
  assertArcMatchesScan(s.versionSpace, s.points, "before");
  const before = s.versionSpace.arcs[0];
  // drag point 3 (0.5, 1) to (2, -0.3): it now cuts the version space from the other side
  const from = await lab.client(0.5, 1.0);
  const to = await lab.client(2.0, -0.3);
  await lab.page.mouse.move(from.x, from.y);
  await lab.page.mouse.down();
  for (let k = 1; k <= 8; k++) {
    await lab.page.mouse.move(from.x + ((to.x - from.x) * k) / 8, from.y + ((to.y - from.y) * k) / 8);
    await lab.page.evaluate(() => new Promise(requestAnimationFrame));
    const mid = await lab.state();
    assertArcMatchesScan(mid.versionSpace, mid.points, `drag step ${k}`);
  }
  await lab.page.mouse.up();
  s = await lab.state();
  assert.ok(Math.abs(s.points[2].x - 2.0) < 0.05 && Math.abs(s.points[2].y + 0.3) < 0.05);
  assertArcMatchesScan(s.versionSpace, s.points, "after");
  assert.notDeepEqual(s.versionSpace.arcs[0], before, "the arc moved");
  // the landscape's peak is the exact optimum
  assert.ok(Math.abs(s.versionSpace.peak[1] - s.algorithms.exact.kappa) < 1e-12);
  await lab.page.screenshot({ path: artifact("weight-space-origin.png") });
});

test("relabelling a point flips the allowed side, in both modes", async () => {
  // two points: the version space is what both allow; flipping one keeps it non-empty
  const pts = [
    { x: 2, y: 1, label: 1 },
    { x: 1, y: 2, label: 1 },
  ];
  await lab.setPoints(pts);
  await lab.setThreshold(false);
  let s = await lab.state();
  const inside = (arc, k, n) => {
    const phi = arc[0] + (k / n) * ((((arc[1] - arc[0]) % TAU) + TAU) % TAU);
    return [Math.cos(phi), Math.sin(phi)];
  };
  for (let k = 1; k < 20; k++) {
    const u = inside(s.versionSpace.arcs[0], k, 20);
    assert.ok(u[0] * 1 + u[1] * 2 > 0, "before: point 2 on its +1 side");
  }
  const c = await lab.client(1, 2);
  await lab.page.mouse.click(c.x, c.y);
  s = await lab.state();
  assert.equal(s.points[1].label, -1);
  assertArcMatchesScan(s.versionSpace, s.points, "flipped");
  for (let k = 1; k < 20; k++) {
    const u = inside(s.versionSpace.arcs[0], k, 20);
    assert.ok(u[0] * 1 + u[1] * 2 < 0, "after: the allowed side flipped");
  }

  // with threshold: the band against direct evaluation, before and after a flip
  const band = [
    { x: 3, y: 3, label: 1 },
    { x: 4, y: 2.5, label: 1 },
    { x: 1, y: 1, label: -1 },
    { x: 1.5, y: 0.2, label: -1 },
    { x: 2.4, y: 2.2, label: 1 },
  ];
  await lab.setPoints(band);
  await lab.setThreshold(true);
  for (const flip of [false, true]) {
    if (flip) {
      const q = await lab.client(2.4, 2.2);
      await lab.page.mouse.click(q.x, q.y);
    }
    s = await lab.state();
    const vs = s.versionSpace;
    assert.equal(vs.kind, "band");
    assert.ok(vs.phi.length >= 360);
    let nonEmpty = 0;
    vs.phi.forEach((phi, k) => {
      const u = [Math.cos(phi), Math.sin(phi)];
      const h = s.points.map((p) => u[0] * p.x + u[1] * p.y);
      const upper = Math.min(...h.filter((_, i) => s.points[i].label > 0));
      const lower = Math.max(...h.filter((_, i) => s.points[i].label < 0));
      if (lower < upper) {
        nonEmpty++;
        assert.ok(Math.abs(vs.lower[k] - lower) < 1e-9 && Math.abs(vs.upper[k] - upper) < 1e-9, `φ = ${phi}`);
      } else {
        assert.ok(Number.isNaN(vs.lower[k]) && Number.isNaN(vs.upper[k]), `empty at φ = ${phi}`);
      }
      // the flipped point (index 4): below every allowed θ before (a +1 bounds θ from above) …
      const h4 = h[4];
      if (lower < upper) {
        if (!flip) assert.ok(vs.upper[k] <= h4 + 1e-12);
        else assert.ok(vs.lower[k] >= h4 - 1e-12);
      }
    });
    assert.ok(nonEmpty > 0, "the band is not empty");
    // the widest gap of the band is twice κ_max
    const widest = Math.max(...vs.phi.map((_, k) => (vs.upper[k] - vs.lower[k]) / 2).filter(Number.isFinite));
    const exact = s.algorithms.exact.kappa;
    assert.ok(widest <= exact + 1e-12 && widest >= exact - (TAU / vs.phi.length) * 5, `${widest} vs κ_max ${exact}`);
  }
  await lab.page.screenshot({ path: artifact("weight-space-threshold.png") });
  await lab.setThreshold(false);
});

test("the training animation steps, plays, pauses and restarts after an edit", async () => {
  await lab.setPoints(SIX);
  await lab.setThreshold(false);
  // the promised fields (docs/design.md); the state extends them with the frame's w, θ, example, misclassified
  const promised = ({ algorithm, step, playing }) => ({ algorithm, step, playing });
  let s = await lab.state();
  assert.deepEqual(promised(s.animation), { algorithm: "rosenblatt", step: 0, playing: false });
  await lab.page.evaluate(() => window.lab.step("minover"));
  s = await lab.state();
  assert.deepEqual(promised(s.animation), { algorithm: "minover", step: 1, playing: false });
  await lab.page.evaluate(() => window.lab.step("minover"));
  assert.equal((await lab.state()).animation.step, 2);
  const counters = await lab.page.$eval("#anim-counters", (el) => el.textContent);
  assert.match(counters, /^step 2 · updates 2 · κ\(w\)/);
  // play (speed from the slider's start value) and pause
  await lab.page.click("#anim-play");
  await lab.page.waitForFunction(() => window.lab.getState().animation.step >= 6);
  assert.equal((await lab.state()).animation.playing, true);
  await lab.page.click("#anim-play");
  s = await lab.state();
  assert.equal(s.animation.playing, false);
  const paused = s.animation.step;
  await lab.page.waitForTimeout(300);
  assert.equal((await lab.state()).animation.step, paused, "paused means paused");
  await lab.page.screenshot({ path: artifact("animation.png") });
  // scrub back to step 1, then step forward through the recorded history
  await lab.page.$eval("#anim-scrub", (el) => {
    el.value = "1";
    el.dispatchEvent(new Event("input"));
  });
  assert.equal((await lab.state()).animation.step, 1);
  await lab.page.evaluate(() => window.lab.step("minover"));
  assert.equal((await lab.state()).animation.step, 2);
  // an edit invalidates the run
  await lab.setPoints(SIX.slice(0, 5));
  assert.equal((await lab.state()).animation.step, 0);
  // Rosenblatt runs to its stop and then stays put
  for (let k = 0; k < 40; k++) await lab.page.evaluate(() => window.lab.step("rosenblatt"));
  s = await lab.state();
  const stopped = s.animation.step;
  await lab.page.evaluate(() => window.lab.step("rosenblatt"));
  assert.equal((await lab.state()).animation.step, stopped);
  assert.deepEqual(lab.errors, []);
});

test("compare mode shows the default pair against the optimum, each κ as a share of κ_max", async () => {
  await lab.setPoints(SIX);
  await lab.page.evaluate(() => window.lab.setCompare(true));
  const s = await lab.state();
  const bars = await lab.page.$$eval("#compare-bars .row", (rows) => rows.map((r) => [r.dataset.algorithm, r.querySelector(".ratio").textContent]));
  assert.deepEqual(
    bars.map((b) => b[0]),
    ["rosenblatt", "minover"],
  );
  for (const [name, text] of bars) {
    const pct = (100 * s.algorithms[name].kappa) / s.algorithms.exact.kappa;
    assert.equal(text, `${Number(pct.toPrecision(3))}% of κ_max`, name);
  }
  const rows = await lab.page.$$eval("#readout tbody tr[data-algorithm]", (trs) => trs.map((tr) => tr.dataset.algorithm));
  assert.deepEqual(rows, ["rosenblatt", "minover", "exact"]);
  await lab.page.screenshot({ path: artifact("compare.png") });
  // compare off changes no tick; setCompare's ticks were one edit, which Undo takes back
  await lab.page.evaluate(() => window.lab.setCompare(false));
  const rules = () => lab.page.$$eval("#readout tbody tr[data-algorithm]", (trs) => trs.map((tr) => tr.dataset.algorithm));
  assert.deepEqual(await rules(), ["rosenblatt", "minover", "exact"]);
  await lab.page.evaluate(() => window.lab.undo());
  assert.deepEqual(await rules(), ["rosenblatt", "minover", "adatron", "exact"]);
  assert.deepEqual(lab.errors, []);
});
