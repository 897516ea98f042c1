// What a step's text says is what is drawn: for every step of the built-in lesson whose Look line
// names marks of the data view, those marks are drawn when the step opens (getState().marks, the
// names of what the data view drew beside its points). The numbers the race steps talk about are
// checked in lesson-actions.test.mjs, the parts a step reveals in lesson-parts.test.mjs; the steps
// whose Look line names the weight view are checked here too (getState().weightPlot), and what
// §3.7, §4.1, §3.4 and §3.5.4 promise beyond a mark's name: AdaTron's rings after its run,
// pocket's falling errors and the soft margin's ringed violators, every point inside the view, the
// weight view zoomed onto the version space.

import assert from "node:assert/strict";
import { test } from "node:test";
import { nextFrame, useLab } from "./harness.mjs";

const lab = useLab({ viewport: { width: 1280, height: 720 } });

/**
 * Each step (by a word of its title) → the marks its Look line promises, read from that line:
 * "the line of the perceptron of optimal stability, dashed, and its arrow w"; "the example
 * presented is ringed"; "the teacher's dotted line"; "the Gibbs samples"; "Rosenblatt's band
 * against the optimum's; the support vectors ringed"; "the rings, sized by x^μ"; "the soft
 * margin's dashed rings mark the points inside its band or on the wrong side".
 */
const PROMISED = [
  [/separating line/, ["optimum", "optimum w"], null],
  [/Rosenblatt's rule, step by step/, ["w(t)", "example presented"], "step"],
  [/Student and teacher/, ["teacher"], null],
  [/Gibbs and Bayes/, ["version-space samples"], null],
  [/Stability and κ_max/, ["band rosenblatt", "optimum band", "rings"], null],
  [/Adaline and AdaTron/, ["rings x^μ"], null],
  [/pocket and the soft margin/, ["band soft-margin", "violators soft-margin"], "end"],
];

test("every built-in step draws the marks its Look line names", async () => {
  const { page } = lab;
  const titles = (await page.evaluate(() => window.lab.lessons()))[0].steps.map((s) => s.title);
  for (const [title, marks, run] of PROMISED) {
    const i = titles.findIndex((t) => title.test(t));
    assert.ok(i >= 0, `a step titled ${title}`);
    await page.evaluate((i) => window.lab.openLesson("chapter", i), i);
    if (run === "step")
      await page.evaluate(() => {
        for (let k = 0; k < 3; k++) window.lab.step();
      });
    if (run === "end") {
      await page.evaluate(() => window.lab.lessonAction());
      await page.waitForFunction(() => window.lab.getState().lesson.action.done, null, { timeout: 120000 });
    }
    await nextFrame(page);
    const drawn = await page.evaluate(() => window.lab.getState().marks);
    for (const m of marks) assert.ok(drawn.includes(m), `step ${i + 1} (${titles[i]}): "${m}" drawn (drawn: ${drawn.join(", ")})`);
  }
  assert.deepEqual(lab.errors, []);
});

/**
 * The steps whose Look line names the weight view: "the arc in the weight view, and where each
 * rule's w lies on it"; "the Gibbs samples inside the version space and the Bayes centre of mass";
 * "the band of (φ, θ) that separates the two groups, and each rule's point in it" — with every part
 * of the step revealed: the version space shaded (an arc on the circle, or the (φ, θ) band) and
 * the marks of the rules named.
 */
const WEIGHTS = [
  [/The version space/, "arc", ["rosenblatt", "minover"]],
  [/Gibbs and Bayes/, "arc", ["gibbs", "bayes"]],
  [/The threshold/, "band", []],
];

test("every built-in step whose Look line names the weight view draws what it names there", async () => {
  const { page } = lab;
  const titles = (await page.evaluate(() => window.lab.lessons()))[0].steps.map((s) => s.title);
  for (const [title, kind, marks] of WEIGHTS) {
    const i = titles.findIndex((t) => title.test(t));
    assert.ok(i >= 0, `a step titled ${title}`);
    await page.evaluate((i) => window.lab.openLesson("chapter", i), i);
    for (;;) {
      const { part, parts } = await page.evaluate(() => window.lab.getState().lesson);
      if (part + 1 >= parts) break;
      await page.evaluate(() => window.lab.lessonKey("ArrowRight"));
    }
    await page.evaluate(() => window.lab.settled());
    await nextFrame(page);
    const { plot, shown } = await page.evaluate(() => {
      const s = window.lab.getState();
      return { plot: s.weightPlot, shown: s.shown.filter((k) => k !== "exact") };
    });
    const what = `step ${i + 1} (${titles[i]})`;
    assert.ok(plot, `${what}: the weight view drawn`);
    assert.equal(plot.versionSpace, true, `${what}: the version space shaded`);
    assert.equal(plot.radius === null ? "band" : "arc", kind, `${what}: the version space as ${kind === "arc" ? "an arc of the circle" : "the (φ, θ) band"}`);
    const named = plot.marks.map((m) => m.name);
    for (const m of marks.length ? marks : shown) assert.ok(named.includes(m), `${what}: ${m}'s point drawn (drawn: ${named.join(", ")})`);
  }
  assert.deepEqual(lab.errors, []);
});

/** Opens the step whose title matches `title`; returns its index. @param {RegExp} title */
async function openStep(title) {
  const titles = (await lab.page.evaluate(() => window.lab.lessons()))[0].steps.map((s) => s.title);
  const i = titles.findIndex((t) => title.test(t));
  assert.ok(i >= 0, `a step titled ${title}`);
  await lab.page.evaluate((i) => window.lab.openLesson("chapter", i), i);
  await lab.page.evaluate(() => window.lab.settled(60000));
  return i;
}

/** Runs the open step's action to its end. */
async function runToEnd() {
  await lab.page.evaluate(() => window.lab.lessonAction());
  await lab.page.waitForFunction(() => window.lab.getState().lesson.action.done, null, { timeout: 120000 });
  await nextFrame(lab.page);
}

test("§3.7: AdaTron's rings, on the support vectors only, are there before its run and stay once it has ended", async () => {
  const { page } = lab;
  await openStep(/Adaline and AdaTron/);
  await nextFrame(page);
  /** AdaTron's ringed points and the exact optimum's support vectors, sorted. */
  const ringed = () =>
    page.evaluate(() => {
      const s = window.lab.getState();
      const sort = (/** @type {number[]} */ a) => [...a].sort((x, y) => x - y);
      return { adatron: sort(s.rings.drawn.filter((r) => r.rule === "adatron").map((r) => r.point)), support: sort(s.support), marks: s.marks };
    });
  const before = await ringed();
  assert.ok(before.support.length >= 2);
  assert.deepEqual(before.adatron, before.support, "before the run: AdaTron's rings on the support vectors");
  await runToEnd();
  const after = await ringed();
  assert.deepEqual(after.adatron, after.support, "after the run: AdaTron's rings on the support vectors still");
  assert.ok(after.marks.includes("rings x^μ"));
  // while it is stepped, its final rings would give the answer away: none mid-run
  await page.evaluate(() => {
    const scrub = /** @type {HTMLInputElement} */ (document.getElementById("anim-scrub"));
    scrub.value = "1";
    scrub.dispatchEvent(new Event("input"));
  });
  await nextFrame(page);
  assert.deepEqual((await ringed()).adatron, [], "mid-run: AdaTron's final rings left out");
  assert.deepEqual(lab.errors, []);
});

test("§4.1: pocket's errors fall in steps, and the soft margin rings exactly its examples with slack", async () => {
  const { page } = lab;
  await openStep(/pocket and the soft margin/);
  await runToEnd();
  const s = await page.evaluate(() => window.lab.getState());
  assert.equal(s.separable, false, "no line separates the noisy set");
  const pocket = s.traces.pocket.pocketErrors;
  for (let k = 1; k < pocket.length; k++) assert.ok(pocket[k] <= pocket[k - 1], `pocket's errors never rise (step ${k})`);
  const levels = new Set(pocket);
  assert.ok(levels.size >= 4, `pocket's errors fall in steps: ${[...levels].join(" → ")}`);
  assert.ok(pocket[0] >= 2 * pocket.at(-1), `from ${pocket[0]} to ${pocket.at(-1)}: a fall worth drawing`);
  // the violators: β^μ > 0, i.e. E^μ = S^μ w·ξ^μ < 1 (inside the band E = ±1 or misclassified), computed here
  const sm = s.algorithms["soft-margin"];
  const inside = s.points.flatMap((p, i) => (p.label * (sm.w[0] * p.x + sm.w[1] * p.y - sm.theta) < 1 - 1e-9 ? [i] : []));
  assert.deepEqual(
    [...sm.softMargin.violators].sort((a, b) => a - b),
    inside,
    "the ringed points are those with E^μ < 1",
  );
  assert.ok(inside.length > 0 && inside.length < s.points.length / 2, `${inside.length} of ${s.points.length} ringed`);
  assert.deepEqual(lab.errors, []);
});

test("§3.4: the data view holds every point of Cover's step with room for its mark and ring", async () => {
  const { page } = lab;
  await openStep(/Cover's count/);
  await nextFrame(page);
  const box = await page.evaluate(() => {
    const r = document.getElementById("data-view").getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  });
  const points = await page.evaluate(() => window.lab.getState().points);
  for (const p of points) {
    const at = await page.evaluate(([x, y]) => window.lab.dataToClient(x, y), [p.x, p.y]);
    const room = Math.min(at.x - box.left, box.right - at.x, at.y - box.top, box.bottom - at.y);
    // a point's mark and its support-vector ring reach about 20 CSS px in presenter mode
    assert.ok(room >= 30, `(${p.x}, ${p.y}) at ${room.toFixed(0)} px from the view's edge`);
  }
  assert.deepEqual(lab.errors, []);
});

test("§3.5.4: the weight view opens zoomed onto the version space, the arc filling its window", async () => {
  const { page } = lab;
  await openStep(/Gibbs and Bayes/);
  await nextFrame(page);
  const { plot, vs } = await page.evaluate(() => {
    const s = window.lab.getState();
    return { plot: s.weightPlot, vs: s.versionSpace };
  });
  assert.equal(vs.kind, "arc");
  const [[a, b]] = vs.arcs;
  assert.ok(plot.phi0 <= a && b <= plot.phi1, `the arc [${a}, ${b}] inside the window [${plot.phi0}, ${plot.phi1}]`);
  assert.ok(plot.phi1 - plot.phi0 < 2 * (b - a), "the window at most about twice the arc's length");
  assert.ok(plot.lo < 0 && vs.peak[1] < plot.hi, "κ = 0 and the peak inside");
  assert.deepEqual(lab.errors, []);
});
