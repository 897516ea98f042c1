// What a step's text says is what is drawn: for every step of the built-in lesson whose Look line
// names marks of the data view, those marks are drawn when the step opens (getState().marks, the
// names of what the data view drew beside its points). The numbers the race steps talk about are
// checked in lesson-actions.test.mjs, the parts a step reveals in lesson-parts.test.mjs; the steps
// whose Look line names the weight view are checked here too (getState().weightPlot).

import assert from "node:assert/strict";
import { test } from "node:test";
import { nextFrame, useLab } from "./harness.mjs";

const lab = useLab({ viewport: { width: 1280, height: 720 } });

/**
 * Each step (by a word of its title) → the marks its Look line promises, read from that line:
 * "the line of the perceptron of optimal stability, dashed, and its arrow w"; "the example
 * presented is ringed"; "the teacher's dotted line"; "the Gibbs samples"; "Rosenblatt's band
 * against the optimum's; the support vectors ringed"; "the rings, sized by x^μ"; "the soft
 * margin's band".
 */
const PROMISED = [
  [/separating line/, ["optimum", "optimum w"], null],
  [/Rosenblatt's rule, step by step/, ["w(t)", "example presented"], "step"],
  [/Student and teacher/, ["teacher"], null],
  [/Gibbs and Bayes/, ["version-space samples"], null],
  [/Stability and κ_max/, ["band rosenblatt", "optimum band", "rings"], null],
  [/Adaline and AdaTron/, ["rings x^μ"], null],
  [/pocket and the soft margin/, ["band soft-margin"], "end"],
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
