// End-to-end tests of the weight-space view and the training animation in headless Chromium.
import { test } from "node:test";
import assert from "node:assert/strict";
import { artifact, lineSet, useLab, SIX } from "./harness.mjs";

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
    assert.equal(text, `${Number(pct.toPrecision(3))}% of κmax`, name); // "max" as its <sub>
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

test("the faint example curves are a cached layer: a drag frame strokes only the moving example's curve, and the picture is the canvas's own dashed stroke of the curves", async () => {
  const { page } = lab;
  // the layer against the curves the test strokes itself: +1 solid, −1 dashed [4, 3], one path
  // per class and turn, clipped to the plot; the moving example's curve over the others in a path
  // of its own. 300 curves θ = x cos φ + y sin φ on 360 angles, a window across φ = 0 (two turns),
  // at two device-pixel scales, on blank canvases; the moving curve's values change between the
  // two frames, then another curve's
  const pictures = await page.evaluate(async () => {
    const { CurveLayer } = await import("/www/views/weight/weight-curves.js");
    const TAU = 2 * Math.PI;
    const n = 360;
    const phi = Float64Array.from({ length: n }, (_, k) => (TAU * k) / n);
    let s = 7;
    const rand = () => {
      s = (s * 1103515245 + 12345) % 2147483648;
      return (2 * s) / 2147483648 - 1;
    };
    const E = 300;
    const examples = Array.from({ length: E }, (_, j) => 2 * j + 1);
    const xi = examples.map(() => [rand(), rand()]);
    const plus = examples.map(() => rand() > 0);
    const rows = (at) => {
      const c = new Float64Array(E * n);
      at.forEach(([x, y], j) => {
        for (let k = 0; k < n; k++) c[j * n + k] = x * Math.cos(phi[k]) + y * Math.sin(phi[k]);
      });
      return c;
    };
    const p = { x: 30, y: 12, w: 260, h: 360, phi0: -1, phi1: 5.5, lo: -1.6, hi: 1.6, kind: "band" };
    const jMoving = plus.indexOf(false);
    const jHover = plus.indexOf(true);
    const [moving, hover] = [examples[jMoving], examples[jHover]];
    const W = 320;
    const H = 400;
    // the reference: the canvas's own strokes (the test's, from the values)
    const reference = (ctx, curves, keep) => {
      ctx.save();
      ctx.beginPath();
      ctx.rect(p.x, p.y, p.w, p.h);
      ctx.clip();
      ctx.lineWidth = 1;
      const X = (a) => p.x + ((a - p.phi0) / (p.phi1 - p.phi0)) * p.w;
      const Y = (v) => p.y + ((p.hi - v) / (p.hi - p.lo)) * p.h;
      for (const shift of [-TAU, 0]) {
        for (const sign of [true, false]) {
          ctx.strokeStyle = sign ? "rgba(27, 27, 27, 0.22)" : "rgba(120, 120, 120, 0.32)";
          ctx.setLineDash(sign ? [] : [4, 3]);
          ctx.beginPath();
          for (let j = 0; j < E; j++) {
            if (plus[j] !== sign || !keep(examples[j])) continue;
            ctx.moveTo(X(shift), Y(curves[j * n]));
            for (let k = 3; k < n; k += 3) ctx.lineTo(X(phi[k] + shift), Y(curves[j * n + k]));
            ctx.lineTo(X(TAU + shift), Y(curves[j * n]));
          }
          ctx.stroke();
        }
      }
      ctx.restore();
    };
    const compare = (a, b) => {
      const [da, db] = [a.getImageData(0, 0, a.canvas.width, a.canvas.height).data, b.getImageData(0, 0, a.canvas.width, a.canvas.height).data];
      let [most, diff, ink, inkB] = [0, 0, 0, 0];
      for (let i = 0; i < da.length; i++) {
        const d = Math.abs(da[i] - db[i]);
        most = Math.max(most, d);
        if (i % 4 === 3) {
          diff += d;
          ink += da[i];
          inkB += db[i];
        }
      }
      return { most, diffPerInk: diff / ink, inkRatio: inkB / ink, ink };
    };
    const out = [];
    for (const scale of [1, 2]) {
      const canvas = () => {
        const c = document.createElement("canvas");
        c.width = W * scale;
        c.height = H * scale;
        const ctx = /** @type {CanvasRenderingContext2D} */ (c.getContext("2d"));
        ctx.setTransform(scale, 0, 0, scale, 0, 0);
        return ctx;
      };
      const layer = new CurveLayer();
      const view = canvas();
      const drawn = (curves) => {
        view.clearRect(0, 0, W, H);
        layer.draw(view, { width: W, height: H }, { phi, curves, examples, plus, stride: 3, band: true, p }, hover, moving);
      };
      const at = xi.map((q) => [...q]);
      drawn(rows(at));
      // the next frame: the moving example elsewhere; the dashed segments the canvases are given
      at[jMoving] = [at[jMoving][0] + 0.3, at[jMoving][1] - 0.2];
      const curves = rows(at);
      let dashed = 0;
      const { lineTo } = CanvasRenderingContext2D.prototype;
      CanvasRenderingContext2D.prototype.lineTo = function (x, y) {
        if (this.getLineDash().length) dashed++;
        return lineTo.call(this, x, y);
      };
      drawn(curves);
      CanvasRenderingContext2D.prototype.lineTo = lineTo;
      const paintsAfterMove = layer.paints;
      const strict = canvas();
      reference(strict, curves, (mu) => mu !== hover && mu !== moving);
      reference(strict, curves, (mu) => mu === moving);
      const onePath = canvas();
      reference(onePath, curves, (mu) => mu !== hover);
      const row = { scale, dashed, paintsAfterMove, strict: compare(strict, view), onePath: compare(onePath, view) };
      // another example moves (an edit): the layer shows it
      at[jHover + 1] = [at[jHover + 1][0] - 0.4, at[jHover + 1][1] + 0.1];
      const edited = rows(at);
      drawn(edited);
      const again = canvas();
      reference(again, edited, (mu) => mu !== hover && mu !== moving);
      reference(again, edited, (mu) => mu === moving);
      out.push({ ...row, paintsAfterEdit: layer.paints, edited: compare(again, view) });
    }
    return out;
  });
  for (const r of pictures) {
    const what = `at scale ${r.scale}: ${JSON.stringify(r)}`;
    assert.equal(r.paintsAfterMove, 1, `the moving example's new curve does not repaint the layer ${what}`);
    assert.ok(r.dashed > 0 && r.dashed <= 2 * 120, `only the moving example's dashed curve is stroked, two turns of 120 segments ${what}`);
    // copying the layer rounds each pixel's colour at most a few levels of 255; a curve missing,
    // stale or solid instead of dashed differs by its whole ink (alpha 56–82 of 255) on hundreds of pixels
    assert.ok(r.strict.most <= 4, `each pixel within 4 levels of the canvas's own strokes ${what}`);
    assert.ok(r.strict.diffPerInk < 0.001, `and all pixels within a tenth of a percent of the ink ${what}`);
    assert.ok(r.edited.most <= 4 && r.edited.diffPerInk < 0.001, `an edit of another example repaints the layer to the strokes of the new curves ${what}`);
    assert.equal(r.paintsAfterEdit, 2, `once ${what}`);
    // against one path of every curve: only where the moving curve crosses another are their
    // antialiased edges blended twice
    assert.ok(r.onePath.diffPerInk < 0.02 && Math.abs(r.onePath.inkRatio - 1) < 0.02, `as one path of all the curves, but where the moving one crosses others ${what}`);
  }
  // a drag frame on 1 000 noisy points with a threshold (400 curves, about 13 000 dashed segments
  // per frame before the layer): after the drag's first frame, no canvas is given more dashed
  // segments than the moving example's curve, and the view copies the layer
  const pts = lineSet("noisy", 1000, true);
  const frames = await page.evaluate(async (pts) => {
    window.lab.setThreshold(true);
    window.lab.setPoints(pts);
    const view = /** @type {HTMLCanvasElement} */ (document.getElementById("weight-view")).getContext("2d");
    const proto = CanvasRenderingContext2D.prototype;
    const { lineTo } = proto;
    const { drawImage } = view;
    const counts = [];
    let c = { dashed: 0, images: 0 };
    proto.lineTo = function (x, y) {
      if (this.getLineDash().length) c.dashed++;
      return lineTo.call(this, x, y);
    };
    view.drawImage = function (...a) {
      c.images++;
      return drawImage.apply(this, a);
    };
    const i = pts.findIndex((q) => q.label < 0);
    for (let k = 0; k < 5; k++) {
      c = { dashed: 0, images: 0 };
      window.lab.movePoint(i, pts[i].x + 0.01 * k, pts[i].y); // drawn now
      counts.push(c);
    }
    proto.lineTo = lineTo;
    delete view.drawImage;
    const s = window.lab.getState();
    return { counts, curves: s.versionSpace.curveExamples?.length, P: s.points.length };
  }, pts);
  const what = JSON.stringify(frames);
  assert.ok(frames.counts[0].dashed > 5000, `the drag's first frame paints the layer: thousands of dashed segments ${what}`);
  for (const c of frames.counts.slice(1)) {
    assert.ok(c.dashed <= 2 * 120, `a later frame strokes at most the moving example's dashed curve ${what}`);
    assert.ok(c.images >= 1, `and copies the layer ${what}`);
  }
  await page.evaluate(() => window.lab.setPoints([]));
  await lab.setThreshold(false); // as the other tests expect
  assert.deepEqual(lab.errors, []);
});
