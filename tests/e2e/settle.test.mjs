// The data view always shows each rule's own answer: training runs to every rule's own stop in
// slices across frames (lab.settled), checked against the exact optimum on hard sets made here;
// the documented stops on non-separable presets; a real-mouse drag over 2 000 points with no long
// task, ending in the state computed afresh; the soft margin's violators stamped, not stroked dash by
// dash in every frame.
import { test } from "node:test";
import assert from "node:assert/strict";
import { launch, lineSet, useLab } from "./harness.mjs";

const lab = useLab();

/** κ of (w, θ) on the points, from the definition: min_μ (w·ξ^μ − θ) S^μ / |w|. */
function kappa(a, pts) {
  const n = Math.hypot(a.w[0], a.w[1]);
  return Math.min(...pts.map((p) => ((a.w[0] * p.x + a.w[1] * p.y - a.theta) * p.label) / n));
}

for (const P of [200, 1000]) {
  for (const threshold of [false, true]) {
    test(`P = ${P} ${threshold ? "with a threshold" : "through the origin"}, small margin: after settled(), MinOver and AdaTron are within the gap tolerance of κ_max, and no rule has training errors`, async () => {
      const pts = lineSet("small-margin", P, threshold);
      await lab.page.evaluate(
        ([p, t]) => {
          window.lab.setThreshold(t);
          window.lab.setPoints(p);
        },
        [pts, threshold],
      );
      await lab.page.evaluate(() => window.lab.settled(120_000));
      const s = await lab.state();
      const exact = kappa(s.algorithms.exact, pts);
      assert.ok(exact >= 0.02 - 1e-9, `κ_max = ${exact} ≥ the margin of the construction`);
      for (const name of ["rosenblatt", "minover", "adatron"]) {
        const a = s.algorithms[name];
        assert.equal(a.settled, true, `${name} settled`);
        assert.equal(a.errors, 0, `${name}: ${a.status}`);
        assert.ok(kappa(a, pts) > 0, `${name} separates`);
      }
      for (const name of ["minover", "adatron"]) {
        const k = kappa(s.algorithms[name], pts);
        // gap tolerance 10⁻³ of the certified bound, which is ≥ κ_max
        assert.ok(k >= exact * (1 - 1e-3) - 1e-12 && k <= exact + 1e-9, `${name}: κ = ${k}, κ_max = ${exact} (${s.algorithms[name].status})`);
      }
      assert.deepEqual(lab.errors, []);
    });
  }
}

test("10 000 points with a small margin (κ_max ≈ 4.6·10⁻⁴): every shown rule settles, at its own stop or at its work limit said to be not converged, and the exact optimum is the reference", async () => {
  for (const threshold of [false, true]) {
    const pts = lineSet("small-margin", 10_000, threshold, 4.6e-4);
    await lab.page.evaluate(
      ([p, t]) => {
        window.lab.setThreshold(t);
        window.lab.setPoints(p);
      },
      [pts, threshold],
    );
    // no time is asserted: the bound is the rules' work limit, which counts operations (a few
    // seconds of a core each; the wait is generous for a machine shared with other work)
    await lab.page.evaluate(() => window.lab.settled(600_000));
    const s = await lab.state();
    assert.ok(s.algorithms.exact, "the exact optimum is shown");
    const exact = kappa(s.algorithms.exact, pts);
    assert.ok(exact >= 4.6e-4 - 1e-12 && exact < 0.01, `κ_max = ${exact}: a small margin`);
    const rules = Object.entries(s.algorithms).filter(([name]) => name !== "exact");
    assert.ok(rules.length >= 3, "the shown rules are there");
    for (const [name, a] of rules) {
      const what = `${threshold ? "with a threshold" : "through the origin"}, ${name}: ${a.status}`;
      assert.equal(a.settled, true, what);
      if (a.converged) assert.match(a.status, /^converged/, what);
      else {
        assert.equal(a.stop, "limit", what);
        assert.match(a.status, /^not converged: work limit/, what);
      }
      // no rule's line is above the optimum
      if (Number.isFinite(a.kappa)) assert.ok(kappa(a, pts) <= exact + 1e-9, what);
    }
  }
  await lab.page.evaluate(() => window.lab.setThreshold(false));
  assert.deepEqual(lab.errors, []);
});

test("on the noisy and XOR presets every rule ends with its documented stop", async () => {
  await lab.page.evaluate(() => {
    document.getElementById("more-algorithms").open = true;
  });
  const { algorithms } = await lab.page.evaluate(() => window.lab.catalogue());
  const rules = algorithms.filter((a) => a.role !== "reference").map((a) => a.name);
  for (const name of rules) await lab.page.locator(`#show-${name}`).setChecked(true);
  for (const preset of ["noisy", "xor"]) {
    await lab.page.evaluate((id) => window.lab.loadPreset(id), preset);
    await lab.page.evaluate(() => window.lab.settled(120_000));
    const s = await lab.state();
    assert.equal(s.separable, false, `${preset} is not separable in its mode`);
    for (const name of rules) {
      const a = s.algorithms[name];
      assert.ok(a.settled && a.stop, `${preset}, ${name}: stopped (${a.status})`);
      assert.doesNotMatch(a.status, /settling/);
    }
    // the rules that need separability say so
    assert.match(s.algorithms.rosenblatt.status, /not separable within \d+ epochs/);
    assert.match(s.algorithms.minover.status, /set not separable/);
  }
  for (const name of rules) await lab.page.locator(`#show-${name}`).setChecked(["rosenblatt", "minover", "adatron"].includes(name));
});

/** The data view's and the weight view's pixels (RGBA bytes, base64) after the next frame. */
const pictures = (page) =>
  page.evaluate(async () => {
    await new Promise(requestAnimationFrame);
    return ["data-view", "weight-view"].map((id) => {
      const c = /** @type {HTMLCanvasElement} */ (document.getElementById(id));
      const bytes = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
      let s = "";
      for (let i = 0; i < bytes.length; i += 8192) s += String.fromCharCode(...bytes.subarray(i, i + 8192));
      return btoa(s);
    });
  });

/**
 * Asserts that two pictures of `pictures` are the same: at most 20 pixels differing at all, at
 * most 12 of them (one mark's edge) by more than 2 levels of 255 — a layer repainted around a change
 * rounds the antialiasing of overlapping marks a level apart from a whole repaint, at a pixel or
 * two, and a mark cut by the repainted region's border has its antialiased edge composited twice
 * (seen at one point's edge at the 474 px data view; a known cosmetic flaw of the cached layers).
 */
function assertSamePicture(a, b, what) {
  const [x, y] = [Buffer.from(a, "base64"), Buffer.from(b, "base64")];
  assert.equal(x.length, y.length, `${what}: the same size`);
  let differ = 0;
  let most = 0;
  let large = 0;
  for (let i = 0; i < x.length; i += 4) {
    const d = Math.max(...[0, 1, 2, 3].map((k) => Math.abs(x[i + k] - y[i + k])));
    if (d > 0) differ++;
    if (d > 2) large++;
    most = Math.max(most, d);
  }
  assert.ok(differ <= 20 && large <= 12, `${what}: ${differ} pixels differ, by up to ${most} levels (${large} by more than 2)`);
}

/**
 * `pictures` with every cached layer painted whole: projector mode on for a frame (another size
 * of every view) and off again.
 */
async function picturesAfresh(page) {
  await page.evaluate(() => window.lab.setProjector(true));
  await pictures(page);
  await page.evaluate(() => window.lab.setProjector(false));
  await page.evaluate(() => window.lab.settled(120_000));
  return pictures(page);
}

// The main thread's long tasks during such a drag are measured in bench/settle.mjs (BENCHMARKS.md),
// not asserted here: a loaded machine must not turn a test red.
test("a real-mouse drag over 2 000 points is trained off the frame, and the settled state is the one computed afresh", async () => {
  const { page } = lab;
  await page.evaluate(() => {
    document.getElementById("teacher-p").value = "2000";
    document.getElementById("teacher-seed").value = "3";
  });
  await page.evaluate(() => window.lab.loadPreset("teacher"));
  await page.evaluate(() => window.lab.setThreshold(false));
  await page.evaluate(() => window.lab.settled(120_000));
  const pts = (await lab.state()).points;
  const i = pts.findIndex((p) => p.label > 0 && Math.hypot(p.x, p.y) > 1);
  const from = await lab.client(pts[i].x, pts[i].y);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.evaluate(() => window.lab.recordFrames(true));
  // a drag step over more than 1 000 points is trained in the worker, not in the frame: the
  // frames of the drag draw the lines of the step before, as settling. Each move's frame and state
  // are read as the drag goes (whether the worker has caught up at one given moment depends on
  // the machine's load; that it never does during a drag of 30 steps would mean it trains in the frame).
  const settledDuring = [];
  for (let k = 1; k <= 30; k++) {
    await page.mouse.move(from.x + 2 * k, from.y + k);
    settledDuring.push(await page.evaluate(() => Object.values(window.lab.getState().algorithms).every((a) => a.settled)));
  }
  const frames = await page.evaluate(() => window.lab.recordFrames(false));
  await page.mouse.up();
  assert.ok(frames.length > 0, "the drag drew frames");
  assert.ok(
    frames.some((f) => f.current === false),
    "a drag's frame drew the lines of the step before",
  );
  assert.ok(
    settledDuring.some((s) => s === false),
    "…as settling",
  );
  await page.evaluate(() => window.lab.settled(120_000));
  const dragged = await lab.state();
  assert.notDeepEqual(dragged.points[i], pts[i], "the point moved");
  assert.equal(await page.evaluate(() => window.lab.lastFrame().current), true, "the final lines are drawn");
  // the views as drawn after the drag (the cached layers of the unmoved points, repainted only
  // around the dragged point, included) are the views painted afresh
  await page.mouse.move(1, 1); // no tooltip
  const afterDrag = await pictures(page);
  const afresh = await picturesAfresh(page);
  assertSamePicture(afterDrag[0], afresh[0], "the data view after the drag against the one painted afresh");
  assertSamePicture(afterDrag[1], afresh[1], "the weight view after the drag against the one painted afresh");
  // the same points computed afresh (setPoints starts a new training and settles it)
  await page.evaluate((p) => window.lab.setPoints(p), dragged.points);
  await page.evaluate(() => window.lab.settled(120_000));
  const fresh = await lab.state();
  for (const name of ["rosenblatt", "minover", "adatron", "exact"]) {
    const [a, b] = [dragged.algorithms[name], fresh.algorithms[name]];
    assert.deepEqual([a.w, a.theta, a.steps, a.stop], [b.w, b.theta, b.steps, b.stop], name);
  }
  assert.deepEqual(lab.errors, []);
});

test("at 1 000 points a drag step is trained in the frame, unless rules with an optimum of their own are shown: then in the worker", async () => {
  const { page } = lab;
  const pts = lineSet("teacher", 1000, false);
  // each move's frame: whether it drew the moved points' lines (trained in the frame) or the step before's
  const drag = () =>
    page.evaluate(async (pts) => {
      window.lab.setPoints(pts);
      const i = pts.findIndex((p) => p.label > 0);
      const current = [];
      for (let k = 1; k <= 5; k++) {
        window.lab.movePoint(i, pts[i].x + 0.01 * k, pts[i].y);
        current.push(window.lab.lastFrame().current);
        await new Promise(requestAnimationFrame);
      }
      // the moved points' lines, once the worker (or the frame) has trained them
      const t0 = performance.now();
      while (!window.lab.lastFrame().current && performance.now() - t0 < 60_000) await new Promise(requestAnimationFrame);
      return { current, final: window.lab.lastFrame().current };
    }, pts);
  const plain = await drag();
  assert.deepEqual(plain.current, [true, true, true, true, true], "the default rules: every move's lines drawn in its frame");
  const { algorithms } = await page.evaluate(() => window.lab.catalogue());
  const own = algorithms.filter((a) => a.hasOptimum).map((a) => a.name);
  assert.ok(own.length >= 2, `rules with an optimum of their own: ${own}`);
  await page.evaluate(() => {
    document.getElementById("more-algorithms").open = true;
  });
  for (const name of own) await page.locator(`#show-${name}`).check();
  const heavy = await drag();
  assert.ok(
    heavy.current.slice(1).every((c) => c === false),
    `with ${own.join(", ")} shown, the drag's frames draw the lines of the step before: ${heavy.current}`,
  );
  assert.equal(heavy.final, true, "the final lines are drawn once the worker has trained them");
  for (const name of own) await page.locator(`#show-${name}`).uncheck();
  assert.deepEqual(lab.errors, []);
});

test("the soft margin's violators are stamped rings, not a dashed path stroked dash by dash in every frame (1 000 noisy points with a threshold), and a stamp is the canvas's own dashed ring", async () => {
  const { page } = lab;
  // stamps against the dashed rings the canvas strokes itself (one path: moveTo(x + r, y), arc from
  // angle 0), at centres off the pixel grid, at three device-pixel scales, on blank canvases
  const pictures = await page.evaluate(async () => {
    const { dashedRings } = await import("/www/views/data/ring-stamp.js");
    const out = [];
    for (const scale of [1, 1.5, 2]) {
      const canvas = () => {
        const c = document.createElement("canvas");
        c.width = c.height = Math.round(300 * scale);
        const ctx = /** @type {CanvasRenderingContext2D} */ (c.getContext("2d"));
        ctx.setTransform(scale, 0, 0, scale, 0, 0);
        return ctx;
      };
      const [stroked, stamped] = [canvas(), canvas()];
      const at = [];
      for (let i = 0; i < 6; i++) for (let j = 0; j < 6; j++) at.push({ px: 25 + 50 * i + ((7 * i + 3 * j) % 10) / 10, py: 25 + 50 * j + ((3 * i + 7 * j) % 10) / 10 });
      stroked.strokeStyle = "#117733";
      stroked.lineWidth = 2;
      stroked.setLineDash([3, 3]);
      stroked.beginPath();
      for (const q of at) {
        stroked.moveTo(q.px + 16, q.py);
        stroked.arc(q.px, q.py, 16, 0, 2 * Math.PI);
      }
      stroked.stroke();
      dashedRings(stamped, at, 16, "#117733", { lineWidth: 2, dash: [3, 3] });
      const n = stroked.canvas.width;
      const [a, b] = [stroked.getImageData(0, 0, n, n).data, stamped.getImageData(0, 0, n, n).data];
      let [most, diff, inkA, inkB, hue] = [0, 0, 0, 0, 0];
      for (let i = 0; i < a.length; i += 4) {
        const d = Math.abs(a[i + 3] - b[i + 3]);
        most = Math.max(most, d);
        diff += d;
        inkA += a[i + 3];
        inkB += b[i + 3];
        if (b[i + 3] === 255) hue = Math.max(hue, Math.abs(b[i] - 0x11), Math.abs(b[i + 1] - 0x77), Math.abs(b[i + 2] - 0x33));
      }
      out.push({ scale, most, diffPerInk: diff / inkA, inkRatio: inkB / inkA, hue });
    }
    return out;
  });
  for (const p of pictures) {
    const what = `at scale ${p.scale}: ${JSON.stringify(p)}`;
    // the same dashes (a ring misplaced by half a pixel differs by 0.2–0.4 of its ink, turned by a dash by about 1)
    assert.ok(p.diffPerInk < 0.1, `the stamped rings differ from the stroked ones by less than a tenth of their ink ${what}`);
    assert.ok(p.most < 128, `no pixel differs by half its opacity or more ${what}`);
    assert.ok(Math.abs(p.inkRatio - 1) < 0.02, `as much ink ${what}`);
    assert.equal(p.hue, 0, `in the ring's colour ${what}`);
  }
  // a drag step's frame: the data view strokes no dashed ring per violator, it stamps them
  await page.evaluate(() => {
    document.getElementById("more-algorithms").open = true;
  });
  await page.locator("#show-soft-margin").check();
  const pts = lineSet("noisy", 1000, true);
  const frame = await page.evaluate(async (pts) => {
    window.lab.setThreshold(true);
    window.lab.setPoints(pts);
    const ctx = /** @type {HTMLCanvasElement} */ (document.getElementById("data-view")).getContext("2d");
    const counts = { dashedArcs: 0, images: 0 };
    const { arc, drawImage } = ctx;
    ctx.arc = function (...a) {
      if (this.getLineDash().length) counts.dashedArcs++;
      return arc.apply(this, a);
    };
    ctx.drawImage = function (...a) {
      counts.images++;
      return drawImage.apply(this, a);
    };
    const i = pts.findIndex((p) => p.label > 0);
    window.lab.movePoint(i, pts[i].x + 0.01, pts[i].y); // trained and drawn now
    const violators = window.lab.getState().algorithms["soft-margin"].softMargin.violators.length;
    delete ctx.arc;
    delete ctx.drawImage;
    return { ...counts, violators };
  }, pts);
  assert.ok(frame.violators >= 100, `many violators: ${JSON.stringify(frame)}`);
  assert.ok(frame.dashedArcs < 10, `no dashed arc stroked per violator: ${JSON.stringify(frame)}`);
  assert.ok(frame.images >= frame.violators, `a stamp per violator: ${JSON.stringify(frame)}`);
  await page.locator("#show-soft-margin").uncheck();
  await lab.setThreshold(false); // as the other tests expect
  assert.deepEqual(lab.errors, []);
});

test("over 2 500 points, edits repaint the cached points only around what changed, to the pixels of a whole repaint", async () => {
  const { page } = lab;
  await page.evaluate(() => {
    document.getElementById("teacher-p").value = "2500";
    document.getElementById("teacher-seed").value = "5";
  });
  await page.evaluate(() => window.lab.loadPreset("teacher"));
  await page.evaluate(() => window.lab.settled(120_000));
  const start = await lab.state();
  const pts = start.points;
  // above 2 000 examples the circle draws a uniform subsample of their diameters, and says so
  assert.match(await page.locator("#weight-caption").textContent(), /diameters of one example in 2 \(1250 of the 2500\)/);
  // points inside the view (not on the bounding box, which places the view), some of them
  // overlapping others' marks
  const inner = pts.map((_, i) => i).filter((i) => Math.hypot(pts[i].x, pts[i].y) < 1);
  const [a, b, c] = [inner[3], inner[10], inner[20]];
  const edits = [
    ["a point moved (one edit)", (p) => p.map((q, i) => (i === a ? { ...q, x: q.x * 0.5, y: q.y * 0.5 + 0.01 } : q))],
    ["a point flipped", (p) => p.map((q, i) => (i === b ? { ...q, label: -q.label } : q))],
    ["a point deleted (every later index shifts)", (p) => p.filter((_, i) => i !== c)],
    ["a point added", (p) => [...p, { x: 0.1, y: -0.2, label: 1 }]],
    ["two points on top of others", (p) => [...p, { ...p[a], label: -p[a].label }, { ...p[b] }]],
  ];
  let points = pts;
  for (const [what, edit] of edits) {
    points = edit(points);
    if (what.startsWith("a point moved")) await page.evaluate(([i, q]) => window.lab.movePoint(i, q.x, q.y), [a, points[a]]);
    else await page.evaluate((p) => window.lab.setPoints(p), points);
    await page.evaluate(() => window.lab.settled(120_000));
    const s = await lab.state();
    assert.equal(s.points.length, points.length, what);
    assert.deepEqual(s.view, start.view, `${what}: the view stays (the layer is patched, not repainted)`);
    const patched = await pictures(page);
    const whole = await picturesAfresh(page);
    assertSamePicture(patched[0], whole[0], `${what}: the data view against the one painted whole`);
    assertSamePicture(patched[1], whole[1], `${what}: the weight view against the one painted whole`);
  }
  assert.deepEqual(lab.errors, []);
});

test("without a training worker (it cannot load) the rules settle on the page, to the same answers", async () => {
  const browser = await launch({ serviceWorkers: "block" }); // the offline cache would serve the worker
  try {
    const page = await browser.context.newPage();
    await page.route("**/www/workers/worker.js", (route) => route.fulfill({ status: 404, body: "" }));
    const warnings = [];
    page.on("console", (m) => {
      if (m.type() === "warning") warnings.push(m.text());
    });
    await page.goto(lab.server.url);
    await page.waitForFunction(() => window.lab?.ready);
    const pts = lineSet("small-margin", 200, true);
    await page.evaluate((p) => {
      window.lab.setThreshold(true);
      window.lab.setPoints(p);
    }, pts);
    // an edit from the pointer (a click flips a point) starts a training that settles in frames
    const before = await page.evaluate(() => window.lab.getState());
    const i = 3;
    const at = await page.evaluate(([x, y]) => window.lab.dataToClient(x, y), [pts[i].x, pts[i].y]);
    await page.mouse.click(at.x, at.y);
    await page.evaluate(() => window.lab.settled(120_000));
    const clicked = await page.evaluate(() => window.lab.getState());
    assert.ok(
      warnings.some((w) => /training worker failed.*train on the page instead/.test(w)),
      `the page noticed the worker failed: ${warnings.join(" | ")}`,
    );
    assert.equal(clicked.points[i].label, -before.points[i].label, "the click flipped the point");
    await page.evaluate((p) => window.lab.setPoints(p), clicked.points);
    await page.evaluate(() => window.lab.settled(120_000));
    const fresh = await page.evaluate(() => window.lab.getState());
    for (const name of ["rosenblatt", "minover", "adatron", "exact"]) {
      const [a, b] = [clicked.algorithms[name], fresh.algorithms[name]];
      assert.ok(a.settled, `${name} settled (${a.status})`);
      assert.deepEqual([a.w, a.theta, a.steps, a.stop], [b.w, b.theta, b.steps, b.stop], name);
    }
  } finally {
    await browser.close();
  }
});
