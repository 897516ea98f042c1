// The page robust on every device of a class, the remaining cases: a training worker that dies
// (closes without a word) is noticed, said in the status line, and the rules settle on the page;
// Export after a Cancel gives the last finished sweep's CSV; the weight view's zoom follows the data
// (kept while it shows the version space, the whole again when it shows none of it); each rule's
// mark has the catalogue's shape whatever else is shown; and no two labels of the data view or
// the weight view overlap, on a laptop and on a phone.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { LARGE_SWEEP, SIX, SMALL_SWEEP, launch, lineSet, nextFrame, openLab, useLab } from "./harness.mjs";

const lab = useLab();
const TAU = 2 * Math.PI;
/** The weight view's lower plot as drawn after the next frames. */
const plot = async (page) => {
  await nextFrame(page);
  return (await page.evaluate(() => window.lab.getState())).weightPlot;
};

test("a training worker that dies without a word is noticed: the status line says so, the rules settle on the page, the points are kept", async () => {
  const browser = await launch({ serviceWorkers: "block" }); // every worker script fetched (and routed)
  try {
    // the worker's script, served with a fault: it closes itself instead of sending its job's first
    // scene — as a browser's closing of a worker (for lack of memory) looks to the page: nothing more
    await browser.context.route("**/www/workers/worker.js", async (route) => {
      const response = await route.fetch();
      const fault = `
const post = self.postMessage.bind(self);
self.postMessage = (m, t) => (m?.kind === "training" ? self.close() : post(m, t));`;
      await route.fulfill({ response, body: `${await response.text()}\n${fault}\n` });
    });
    const { page, errors } = await openLab(browser.context, lab.server.url);
    const pts = lineSet("small-margin", 200, true);
    await page.evaluate((p) => {
      window.lab.setThreshold(true);
      window.lab.setPoints(p);
    }, pts);
    // an edit from the pointer (a click flips a point) hands its training to the worker
    const i = 3;
    const at = await page.evaluate(([x, y]) => window.lab.dataToClient(x, y), [pts[i].x, pts[i].y]);
    await page.mouse.click(at.x, at.y);
    await page.evaluate(() => window.lab.settled(60_000));
    assert.match(await page.textContent("#status"), /training worker stopped answering \(silent for 5 s\).*the rules train on the page instead/);
    const clicked = await page.evaluate(() => window.lab.getState());
    assert.deepEqual(
      clicked.points,
      pts.map((p, k) => (k === i ? { ...p, label: -p.label } : p)),
      "the points are kept, the click's flip with them",
    );
    // the answers on the page are those of the same points trained afresh
    await page.evaluate((p) => window.lab.setPoints(p), clicked.points);
    await page.evaluate(() => window.lab.settled(60_000));
    const fresh = await page.evaluate(() => window.lab.getState());
    for (const name of ["rosenblatt", "minover", "adatron", "exact"]) {
      const [a, b] = [clicked.algorithms[name], fresh.algorithms[name]];
      assert.ok(a.settled, `${name} settled (${a.status})`);
      assert.deepEqual([a.w, a.theta, a.steps], [b.w, b.theta, b.steps], name);
    }
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test("Export after a Cancel gives the cancelled sweep's finished cells, labelled partial", async () => {
  const { page } = lab;
  const first = await page.evaluate((sweep) => window.lab.runLearningCurve(sweep), SMALL_SWEEP);
  const run = page.evaluate(
    (sweep) =>
      window.lab.runLearningCurve(sweep).then(
        () => "finished",
        (e) => e.name,
      ),
    LARGE_SWEEP,
  );
  await page.waitForFunction(() => document.getElementById("lc-progress").value > 0, null, { timeout: 60_000 });
  await page.evaluate(() => window.lab.cancelLearningCurve());
  assert.equal(await run, "AbortError");
  assert.equal(await page.isDisabled("#lc-csv"), false, "Export stays enabled");
  // cells had finished (the bar had moved): the chart keeps them as a partial series, and says so
  const sweep = await page.evaluate(() => window.lab.getState().sweep);
  assert.equal(sweep.running, false);
  assert.equal(sweep.series.length, 1);
  assert.equal(sweep.series[0].partial, true, "the kept series is labelled partial");
  assert.match(sweep.series[0].label, /partial/);
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#lc-csv")]);
  const csv = readFileSync(await download.path(), "utf8")
    .trim()
    .split("\n");
  assert.equal(csv[0], first.csv.split("\n")[0], "the same columns as a finished sweep's");
  const reps = csv[0].split(",").indexOf("reps");
  assert.ok(csv.length > 1, "the finished cells' rows");
  for (const row of csv.slice(1)) {
    const cells = row.split(",");
    assert.ok(LARGE_SWEEP.algorithms.includes(cells[0]), row);
    assert.ok(Number(cells[reps]) >= 1 && Number(cells[reps]) < LARGE_SWEEP.reps, `fewer repetitions than asked: ${row}`);
  }
  assert.deepEqual(lab.errors, []);
});

test("the weight view's zoom stays while it shows the version space and goes back to the whole when it shows none of it", async () => {
  const { page } = lab;
  await lab.setThreshold(false);
  await lab.setPoints(SIX);
  const windowOf = async () => {
    const p = await plot(page);
    return [p.phi0, p.phi1, p.lo, p.hi];
  };
  const isWhole = async () => {
    const [phi0, phi1] = await windowOf();
    return phi0 === 0 && phi1 === TAU;
  };
  const zoomIn = async () => {
    await page.click("#weight-fit");
    const w = await windowOf();
    assert.ok(w[1] - w[0] < Math.PI, "zoomed onto the version space");
    return w;
  };
  const zoomed = await zoomIn();
  // a small move of a point (a drag step): the version space moves a little, the zoom stays
  await page.evaluate(() => window.lab.movePoint(0, 1.02, 2.0));
  await page.evaluate(() => window.lab.settled(60_000));
  assert.deepEqual(await windowOf(), zoomed, "a small move keeps the zoom");
  // a click flips (0.5, 1) to −1 (one edit): not separable, no version space; the window shows where the curves cross
  const at = await lab.client(0.5, 1);
  await page.mouse.click(at.x, at.y);
  await page.evaluate(() => window.lab.settled(60_000));
  assert.equal((await lab.state()).separable, false);
  assert.deepEqual(await windowOf(), zoomed, "no version space: the zoom stays");
  await page.evaluate(() => window.lab.undo());
  assert.deepEqual(await windowOf(), zoomed, "undo: the version space in the window again, the zoom stays");
  // another set (its labels flipped: its version space turned by π): the whole; zoomed onto its version
  // space, Undo brings back the set whose version space is out of the window: the whole again, and Redo
  await lab.setPoints(SIX.map((p) => ({ ...p, label: -p.label })));
  assert.ok(await isWhole(), "a new set: the whole");
  await zoomIn();
  await page.evaluate(() => window.lab.undo());
  assert.ok(await isWhole(), "undo: the version space out of the window, the whole again");
  await zoomIn();
  await page.evaluate(() => window.lab.redo());
  assert.ok(await isWhole(), "redo: the whole again");
  // the threshold, an Undo across it (a window of the band's plot is not the arc's), a preset: the whole
  await zoomIn();
  await lab.setThreshold(true);
  assert.ok(await isWhole(), "the threshold: the whole again");
  await zoomIn();
  await page.evaluate(() => window.lab.undo());
  assert.ok(await isWhole(), "undo across the threshold: the whole again");
  await zoomIn();
  await page.evaluate(() => window.lab.loadPreset("xor"));
  assert.ok(await isWhole(), "a preset: the whole again");
  assert.deepEqual(lab.errors, []);
});

test("each rule's mark has its catalogue shape, in the weight view and the learning-curve charts, whatever else is shown", async () => {
  const { page } = lab;
  const { algorithms } = await page.evaluate(() => window.lab.catalogue());
  const shapes = Object.fromEntries(algorithms.map((a) => [a.name, a.marker]));
  const kinds = new Set(["circle", "square", "triangle", "triangle-down", "diamond"]);
  for (const a of algorithms) assert.ok(kinds.has(a.marker), `${a.name}: ${a.marker}`);
  for (const name of ["minover", "adatron", "exact", "bayes"]) {
    for (const other of ["minover", "adatron", "exact", "bayes"])
      if (other !== name) assert.notEqual(shapes[name], shapes[other], `${name} and ${other} (they coincide) differ by shape`);
  }
  await lab.setThreshold(false);
  await lab.setPoints(SIX);
  await page.evaluate(() => {
    document.getElementById("more-algorithms").open = true;
  });
  const rules = algorithms.map((a) => a.name);
  /** The shapes drawn in the weight view with the rules `ticked` shown (and the exact optimum). */
  const drawn = async (ticked) => {
    for (const name of rules) if (name !== "exact") await page.locator(`#show-${name}`).setChecked(ticked.includes(name));
    await page.evaluate(() => window.lab.settled(60_000));
    return Object.fromEntries((await plot(page)).marks.map((m) => [m.name, m.shape]));
  };
  const some = await drawn(["rosenblatt", "minover", "adatron"]);
  const all = await drawn(rules);
  const others = await drawn(["hebb", "pocket", "adatron", "gibbs"]);
  for (const marks of [some, all, others]) for (const [name, shape] of Object.entries(marks)) assert.equal(shape, shapes[name], name);
  assert.deepEqual(Object.keys(all).sort(), rules.slice().sort(), "every shown rule has its mark");
  await drawn(["rosenblatt", "minover", "adatron"]);
  // the charts: a rule's points have its shape whichever rules the sweep has, in any order
  const chartShapes = async (chosen) => {
    await page.evaluate((sweep) => window.lab.runLearningCurve(sweep), { ...SMALL_SWEEP, algorithms: chosen });
    const hits = await page.$eval("#lc-chart-eps", (c) => /** @type {any} */ (c).chartHits);
    return Object.fromEntries(hits.map((h) => [h.algorithm, h.shape]));
  };
  for (const chosen of [
    ["minover", "exact"],
    ["hebb", "adatron", "minover", "exact"],
    ["exact", "bayes", "rosenblatt"],
  ]) {
    const got = await chartShapes(chosen);
    assert.deepEqual(Object.keys(got).sort(), chosen.slice().sort());
    for (const name of chosen) assert.equal(got[name], shapes[name], `${name} in a sweep of ${chosen.join(", ")}`);
  }
  assert.deepEqual(lab.errors, []);
});

/**
 * Records every text the page's canvases draw: per canvas (by id), the box of each label of its
 * latest picture (a clearRect of the whole canvas starts a picture), in its backing store's pixels.
 */
function recordLabels() {
  /** @type {Map<HTMLCanvasElement, {text: string, box: number[]}[]>} */
  const drawn = new Map();
  const proto = CanvasRenderingContext2D.prototype;
  const { fillText, clearRect } = proto;
  proto.fillText = function (text, x, y, ...rest) {
    const m = this.measureText(text);
    const t = this.getTransform();
    const xs = [x - m.actualBoundingBoxLeft, x + m.actualBoundingBoxRight].map((u) => t.a * u + t.e);
    const ys = [y - m.actualBoundingBoxAscent, y + m.actualBoundingBoxDescent].map((v) => t.d * v + t.f);
    if (!drawn.has(this.canvas)) drawn.set(this.canvas, []);
    drawn.get(this.canvas)?.push({ text: String(text), box: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)] });
    return fillText.call(this, text, x, y, ...rest);
  };
  proto.clearRect = function (x, y, w, h) {
    const t = this.getTransform();
    if (x <= 0 && y <= 0 && t.a * w >= this.canvas.width - 1 && t.d * h >= this.canvas.height - 1) drawn.set(this.canvas, []);
    return clearRect.call(this, x, y, w, h);
  };
  /** @param {string} id */
  window.labelsOf = (id) => drawn.get(/** @type {HTMLCanvasElement} */ (document.getElementById(id))) ?? [];
}

/** The pairs of labels of canvas `id` whose boxes overlap (by more than half a pixel each way). */
async function overlapping(page, id) {
  await nextFrame(page);
  const labels = await page.evaluate((id) => window.labelsOf(id), id);
  const out = [];
  labels.forEach((a, i) => {
    for (const b of labels.slice(i + 1)) {
      const w = Math.min(a.box[2], b.box[2]) - Math.max(a.box[0], b.box[0]);
      const h = Math.min(a.box[3], b.box[3]) - Math.max(a.box[1], b.box[1]);
      if (w > 0.5 && h > 0.5) out.push(`"${a.text}" [${a.box.map(Math.round)}] and "${b.text}" [${b.box.map(Math.round)}]`);
    }
  });
  return { count: labels.length, out };
}

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width}×${viewport.height} no two labels of the data view or the weight view overlap, every rule shown`, async () => {
    const phone = viewport.width < 500;
    const browser = await launch({ viewport, ...(phone ? { hasTouch: true, isMobile: true } : {}) });
    try {
      await browser.context.addInitScript(recordLabels);
      const { page, errors } = await openLab(browser.context, lab.server.url);
      await page.evaluate(() => {
        document.getElementById("more-algorithms").open = true;
      });
      const { algorithms } = await page.evaluate(() => window.lab.catalogue());
      for (const a of algorithms) if (a.name !== "exact") await page.locator(`#show-${a.name}`).setChecked(true);
      const cases = [
        ["six, through the origin", () => window.lab.loadPreset("six")],
        [
          "six, through the origin, the cells and the points numbered",
          () =>
            ["count-regions", "anim-number"].forEach((id) => {
              const box = /** @type {HTMLInputElement} */ (document.getElementById(id));
              box.checked = true;
              box.dispatchEvent(new Event("change", { bubbles: true }));
            }),
        ],
        ["six, with a threshold, the cells and the points numbered", () => window.lab.setThreshold(true)],
        ["a step of the animation", () => window.lab.step("rosenblatt")],
        ["the teacher's set, its teacher shown", () => window.lab.loadPreset("teacher")],
        ["xor, with a threshold, the cells numbered", () => window.lab.loadPreset("xor")],
        ["notes-d, with a threshold, the cells numbered", () => window.lab.loadPreset("notes-d")],
      ];
      const found = [];
      for (const [what, edit] of cases) {
        await page.evaluate(edit);
        await page.evaluate(() => window.lab.settled(60_000));
        for (const id of ["data-view", "weight-view"]) {
          const { count, out } = await overlapping(page, id);
          assert.ok(count > 2, `${what}, ${id}: its labels were recorded (${count})`);
          found.push(...out.map((o) => `${what}, ${id}: ${o}`));
        }
      }
      assert.deepEqual(found, [], "overlapping labels");
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
    }
  });
}
