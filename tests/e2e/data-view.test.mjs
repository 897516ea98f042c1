// End-to-end tests of the data view in headless Chromium, against the page served over HTTP.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, artifact, useLab, SIX } from "./harness.mjs";

const lab = useLab();

/**
 * Independent reference: κ_max by brute force over directions u = (cos φ, sin φ).
 * Through the origin κ(φ) = min_μ S^μ u·ξ^μ; with a threshold the best θ for each φ gives
 * κ(φ) = (min_{S=+1} u·ξ − max_{S=−1} u·ξ) / 2. The scan's maximum is within
 * (2π / steps) · max|ξ| of the true one (κ(φ) is Lipschitz with that constant).
 */
function bruteForceKappa(points, threshold, steps = 200_000) {
  let best = -Infinity;
  for (let k = 0; k < steps; k++) {
    const phi = (2 * Math.PI * k) / steps;
    const u = [Math.cos(phi), Math.sin(phi)];
    let kappa;
    if (threshold) {
      let lo = Infinity;
      let hi = -Infinity;
      for (const p of points) {
        const h = u[0] * p.x + u[1] * p.y;
        if (p.label > 0) lo = Math.min(lo, h);
        else hi = Math.max(hi, h);
      }
      kappa = (lo - hi) / 2;
    } else {
      kappa = Infinity;
      for (const p of points) kappa = Math.min(kappa, p.label * (u[0] * p.x + u[1] * p.y));
    }
    best = Math.max(best, kappa);
  }
  const maxNorm = Math.max(...points.map((p) => Math.hypot(p.x, p.y)));
  return { kappa: best, tolerance: ((2 * Math.PI) / steps) * maxNorm * (threshold ? 1 : 1) + 1e-12 };
}

test("the page starts with a preset, every algorithm trained, and no console errors", async () => {
  const s = await lab.state();
  assert.ok(s.points.length > 0, "a preset is shown");
  for (const name of ["rosenblatt", "minover", "adatron", "exact"]) {
    assert.ok(s.algorithms[name], `${name} in getState().algorithms`);
    assert.equal(s.algorithms[name].w.length, 2);
  }
  assert.equal(s.threshold, false);
  await lab.page.screenshot({ path: artifact("data-view-start.png") });
  assert.deepEqual(lab.errors, []);
});

test("add a point by click, drag it with real mouse events, flip it by click, delete it", async () => {
  await lab.setPoints(SIX);
  const before = await lab.state();
  // add: click on empty space at data point (-2, 1.5) with the +1 class selected
  const a = await lab.client(-2, 1.5);
  await lab.page.mouse.click(a.x, a.y);
  let s = await lab.state();
  assert.equal(s.points.length, 7);
  const added = s.points[6];
  assert.equal(added.label, 1);
  assert.ok(Math.abs(added.x + 2) < 0.05 && Math.abs(added.y - 1.5) < 0.05, JSON.stringify(added));
  // the new +1 point at (−2, 1.5) is on the wrong side of the old solutions: all retrained
  assert.notDeepEqual(s.algorithms.exact.w, before.algorithms.exact.w);

  // drag it to (2.5, 2.5) in 10 steps of real mouse moves
  const from = await lab.client(added.x, added.y);
  const to = await lab.client(2.5, 2.5);
  await lab.page.mouse.move(from.x, from.y);
  await lab.page.mouse.down();
  const kappas = [];
  for (let k = 1; k <= 10; k++) {
    await lab.page.mouse.move(from.x + ((to.x - from.x) * k) / 10, from.y + ((to.y - from.y) * k) / 10);
    await lab.page.evaluate(() => new Promise(requestAnimationFrame));
    kappas.push((await lab.state()).algorithms.exact.stabilities[6]);
  }
  await lab.page.mouse.up();
  s = await lab.state();
  assert.equal(s.points.length, 7);
  const moved = s.points[6];
  assert.ok(Math.abs(moved.x - 2.5) < 0.05 && Math.abs(moved.y - 2.5) < 0.05, JSON.stringify(moved));
  assert.equal(moved.label, 1, "a drag does not flip the label");
  assert.equal(new Set(kappas).size, 10, `κ^μ of the dragged point recomputed at every step: ${kappas}`);
  const ref = bruteForceKappa(s.points, false);
  assert.ok(Math.abs(s.algorithms.exact.kappa - ref.kappa) <= ref.tolerance, `${s.algorithms.exact.kappa} vs ${ref.kappa}`);

  // click without moving: flips the label
  const c = await lab.client(moved.x, moved.y);
  await lab.page.mouse.click(c.x, c.y);
  s = await lab.state();
  assert.equal(s.points[6].label, -1);
  assert.equal(s.points.length, 7);

  // shift-click on empty space adds the other class
  const d = await lab.client(-2.5, -2.5);
  await lab.page.keyboard.down("Shift");
  await lab.page.mouse.click(d.x, d.y);
  await lab.page.keyboard.up("Shift");
  s = await lab.state();
  assert.equal(s.points.length, 8);
  assert.equal(s.points[7].label, -1);

  // right-click deletes
  await lab.page.mouse.click(d.x, d.y, { button: "right" });
  s = await lab.state();
  assert.equal(s.points.length, 7);

  // undo brings the deleted point back, redo removes it again
  await lab.page.keyboard.press("Control+z");
  assert.equal((await lab.state()).points.length, 8);
  await lab.page.keyboard.press("Control+y");
  assert.equal((await lab.state()).points.length, 7);
  await lab.page.screenshot({ path: artifact("data-view-edited.png") });
  assert.deepEqual(lab.errors, []);
});

test("shown κ values match an independent brute-force optimum, in both modes", async () => {
  for (const threshold of [false, true]) {
    const pts = threshold ? [...SIX.map((p) => ({ ...p, x: p.x + 3, y: p.y + 2 }))] : SIX;
    await lab.setPoints(pts);
    await lab.page.evaluate((t) => window.lab.setThreshold(t), threshold);
    const s = await lab.state();
    assert.equal(s.threshold, threshold);
    const ref = bruteForceKappa(pts, threshold);
    const exact = s.algorithms.exact;
    assert.ok(Math.abs(exact.kappa - ref.kappa) <= ref.tolerance, `exact ${exact.kappa} vs brute force ${ref.kappa}`);
    for (const name of ["minover", "adatron"]) {
      const a = s.algorithms[name];
      assert.ok(a.kappa <= ref.kappa + ref.tolerance, `${name} κ ${a.kappa} above κ_max ${ref.kappa}`);
      assert.ok(a.kappa >= 0.99 * ref.kappa, `${name} κ ${a.kappa} not within 1% of κ_max ${ref.kappa}`);
      assert.ok(a.kappaUpper >= ref.kappa - ref.tolerance, `${name}: certified bound ${a.kappaUpper} below κ_max`);
    }
    assert.ok(s.algorithms.rosenblatt.converged && s.algorithms.rosenblatt.kappa > 0);
    // the readout shows the same numbers
    const shown = await lab.page.$eval('#readout tr[data-algorithm="exact"] td.kappa', (td) => td.textContent);
    assert.equal(shown, `κmax = ${Number(exact.kappa.toPrecision(4))}`); // κ with "max" as its <sub>
    await lab.page.screenshot({ path: artifact(`data-view-${threshold ? "threshold" : "origin"}.png`) });
  }
  await lab.page.evaluate(() => window.lab.setThreshold(false));
});

test("bad input to setPoints throws a clear Error and keeps the points", async () => {
  await lab.setPoints(SIX);
  const cases = [
    [[{ x: NaN, y: 0, label: 1 }], /coordinate 0 is NaN/],
    [[{ x: Infinity, y: 0, label: 1 }], /coordinate 0 is inf/],
    [
      [
        { x: 1, y: 2, label: 1 },
        { x: 0, y: -Infinity, label: 1 },
      ],
      /point 1: coordinate 1 is -inf/,
    ],
    [[{ x: "1", y: 0, label: 1 }], /point 0: x must be a number, got "1"/],
    [[{ x: 1, y: null, label: 1 }], /point 0: y must be a number, got null/],
    [[{ x: 1, y: 1, label: 2 }], /point 0: label 2 is not one of/],
    [
      [
        { x: 1, y: 1, label: 0 },
        { x: 2, y: 1, label: -1 },
      ],
      /point 1: label -1 mixes the two label conventions: point 0 has label 0/,
    ],
    [[{ x: 1, y: 1 }], /label must be a number/],
    ["points", /must be an array/],
    [[null], /expected \{x, y, label\}/],
  ];
  for (const [input, pattern] of cases) {
    const message = await lab.page.evaluate((p) => {
      try {
        window.lab.setPoints(p);
        return null;
      } catch (e) {
        return e instanceof Error ? e.message : `not an Error: ${e}`;
      }
    }, input);
    assert.ok(message !== null, `${JSON.stringify(input)} was accepted`);
    assert.match(message, pattern);
    assert.deepEqual((await lab.state()).points, SIX, "the old points are kept");
  }
  const tooMany = await lab.page.evaluate(() => {
    const pts = Array.from({ length: 10_001 }, (_, i) => ({ x: i, y: 1, label: 1 }));
    try {
      window.lab.setPoints(pts);
      return null;
    } catch (e) {
      return e.message;
    }
  });
  assert.match(tooMany, /10001 points is too many: at most 10000/);
  assert.deepEqual((await lab.state()).points, SIX);
  // labels 0/1 are accepted and mapped to −1/+1
  await lab.setPoints([
    { x: 1, y: 0, label: 1 },
    { x: -1, y: 0, label: 0 },
  ]);
  assert.deepEqual(
    (await lab.state()).points.map((p) => p.label),
    [1, -1],
  );
  assert.deepEqual(lab.errors, []);
});

test("a non-separable set is reported honestly and the page stays responsive", async () => {
  const xor = [
    { x: 1, y: 1, label: 1 },
    { x: -1, y: -1, label: 1 },
    { x: 1, y: -1, label: -1 },
    { x: -1, y: 1, label: -1 },
  ];
  await lab.setPoints(xor);
  await lab.page.evaluate(() => window.lab.setThreshold(true));
  const s = await lab.state();
  assert.equal(s.separable, false);
  assert.equal(s.algorithms.exact.converged, false);
  assert.ok(Number.isNaN(s.algorithms.exact.kappa));
  assert.equal(s.algorithms.rosenblatt.converged, false);
  assert.match(s.algorithms.rosenblatt.status, /not separable within 1000 epochs/);
  for (const name of ["minover", "adatron"]) {
    assert.equal(s.algorithms[name].converged, false, name);
    // negative, or undefined (NaN) when w returned to 0 — never a positive κ
    const k = s.algorithms[name].kappa;
    assert.ok(k === null || Number.isNaN(k) || k <= 0, `${name} κ ${k}`);
  }
  const status = await lab.page.$eval("#status", (el) => el.textContent);
  assert.match(status, /not linearly separable/);
  // still responsive: an edit goes through and is retrained
  const c = await lab.client(1, 1);
  await lab.page.mouse.click(c.x, c.y);
  assert.equal((await lab.state()).points[0].label, -1);
  await lab.page.screenshot({ path: artifact("data-view-xor.png") });
  await lab.page.evaluate(() => window.lab.setThreshold(false));
});

test("a reload keeps the points and the mode", async () => {
  await lab.setPoints(SIX.slice(0, 4));
  await lab.page.evaluate(() => window.lab.setThreshold(true));
  const before = await lab.state();
  await lab.page.reload();
  await lab.page.evaluate(() => window.lab.ready);
  const after = await lab.state();
  assert.deepEqual(after.points, before.points);
  assert.equal(after.threshold, true);
  assert.deepEqual(after.algorithms.exact.w, before.algorithms.exact.w);
  await lab.page.evaluate(() => window.lab.setThreshold(false));
  assert.deepEqual(lab.errors, []);
});

test("the Iris preset (shipped CSV) is separable with a threshold, at the brute-force optimum", async () => {
  await lab.page.evaluate(() => window.lab.loadPreset("iris"));
  const s = await lab.state();
  assert.equal(s.points.length, 100);
  assert.equal(s.points.filter((p) => p.label > 0).length, 50);
  assert.equal(s.threshold, true);
  const ref = bruteForceKappa(s.points, true);
  assert.ok(Math.abs(s.algorithms.exact.kappa - ref.kappa) <= ref.tolerance, `${s.algorithms.exact.kappa} vs ${ref.kappa}`);
  assert.ok(s.algorithms.rosenblatt.converged);
  assert.ok(s.algorithms.rosenblatt.kappa < 0.5 * s.algorithms.exact.kappa, "Rosenblatt stops far from the optimum here");
  await lab.page.screenshot({ path: artifact("iris.png") });
  await lab.setThreshold(false);
  assert.deepEqual(lab.errors, []);
});

test("the lecture notes' data set D (preset notes-d) is the course file's five points, with a threshold", async () => {
  // the course file, labels 0/1 as the notes give them (tests/data/README.md)
  const csv = readFileSync(join(ROOT, "tests", "data", "lecture-notes-D.csv"), "utf8")
    .trim()
    .split("\n");
  assert.equal(csv[0], "x1,x2,label");
  const want = csv.slice(1).map((line) => {
    const [x, y, t] = line.split(",").map(Number);
    assert.ok(t === 0 || t === 1);
    return { x, y, label: t === 1 ? 1 : -1 };
  });
  assert.equal(want.length, 5);
  await lab.page.evaluate(() => window.lab.loadPreset("notes-d"));
  const s = await lab.state();
  assert.deepEqual(s.points, want);
  assert.equal(s.threshold, true);
  assert.equal(await lab.page.locator("#preset").inputValue(), "notes-d");
  // separable with a threshold (and, as the notes say, without), at the brute-force optimum
  assert.equal(s.separable, true);
  const ref = bruteForceKappa(want, true);
  assert.ok(Math.abs(s.algorithms.exact.kappa - ref.kappa) <= ref.tolerance, `${s.algorithms.exact.kappa} vs ${ref.kappa}`);
  assert.ok(bruteForceKappa(want, false).kappa > 0);
  assert.ok(s.algorithms.rosenblatt.converged);
  await lab.setThreshold(false);
  assert.deepEqual(lab.errors, []);
});

test("projector mode, hidden explanations and the help overlay", async () => {
  await lab.setPoints([
    { x: 1, y: 1, label: 1 },
    { x: -1, y: -1, label: -1 },
  ]);
  const inkAt = () =>
    lab.page.evaluate(() => {
      // dark pixels in a 40×40 box around the +1 point: bigger marks ink more
      const { x, y } = window.lab.dataToClient(1, 1);
      const c = document.getElementById("data-view");
      const r = c.getBoundingClientRect();
      const k = c.width / r.width;
      const d = c.getContext("2d").getImageData((x - r.left - 20) * k, (y - r.top - 20) * k, 40 * k, 40 * k).data;
      let n = 0;
      // opaque and dark (the canvas is transparent where nothing is drawn)
      for (let i = 0; i < d.length; i += 4) if (d[i + 3] > 200 && d[i] < 60 && d[i + 1] < 60 && d[i + 2] < 60) n++;
      return n / (k * k);
    });
  const small = await inkAt();
  await lab.page.keyboard.press("p");
  await lab.page.evaluate(() => new Promise(requestAnimationFrame));
  assert.ok(await lab.page.evaluate(() => document.body.classList.contains("projector")));
  const big = await inkAt();
  assert.ok(big > 2 * small, `projector marks ${big} vs ${small} dark pixels`);
  await lab.page.screenshot({ path: artifact("projector.png") });
  await lab.page.reload();
  await lab.page.evaluate(() => window.lab.ready);
  assert.ok(await lab.page.evaluate(() => document.body.classList.contains("projector")), "kept on reload");
  await lab.page.keyboard.press("p");
  await lab.page.keyboard.press("e");
  assert.equal(await lab.page.isVisible(".explain"), false);
  await lab.page.keyboard.press("e");
  assert.equal(await lab.page.isVisible(".explain"), true);
  await lab.page.keyboard.press("?");
  assert.equal(await lab.page.isVisible("#help-dialog"), true);
  await lab.page.keyboard.press("Escape");
  assert.equal(await lab.page.isVisible("#help-dialog"), false);
  assert.deepEqual(lab.errors, []);
});

test("a lesson link hides the parts it names and reports unknown ones", async () => {
  const url = new URL(lab.page.url());
  url.search = "?hide=curves,animation,explanations,files,nonsense";
  await lab.page.goto(url.href);
  await lab.page.evaluate(() => window.lab.ready);
  assert.equal(await lab.page.isVisible("#curves"), false);
  // the groups left empty lose their buttons; the others keep theirs
  assert.equal(await lab.page.isVisible("#open-curves"), false);
  assert.equal(await lab.page.isVisible("#open-files"), false);
  assert.equal(await lab.page.isVisible("#open-data"), true);
  assert.equal(await lab.page.isVisible("#animation"), false);
  assert.equal(await lab.page.isVisible(".explain"), false);
  assert.equal(await lab.page.isVisible("#data-view"), true);
  assert.match(await lab.page.textContent("#status"), /does not have: nonsense/);
  url.search = "";
  await lab.page.goto(url.href);
  await lab.page.evaluate(() => window.lab.ready);
  assert.equal(await lab.page.isVisible("#curves"), true);
  assert.equal(await lab.page.isVisible("#open-files"), true);
  assert.equal(await lab.page.isVisible(".explain"), true, "the lesson's choice does not stick");
});
