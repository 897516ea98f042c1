// Every built-in step's action ends by itself and says so: a run's length over the step's own
// speed is at most 30 s (the run played to its end — faster here, with the speed slider, to keep
// the test short), the action's button comes back to its idle label, and the numbers the step
// talks about (κ(w) of each racing rule, M and M*, ε_g) are on the lesson's panel while it runs.
// Predict, then reveal: the race steps hide their traces, the student–teacher step ε_g, until
// the action has run. A step's task (§3.2) is done once one point is relabelled so that the set is
// not separable.

import assert from "node:assert/strict";
import { test } from "node:test";
import { nextFrame, playerAtFastest, useLab } from "./harness.mjs";

const lab = useLab({ viewport: { width: 1280, height: 720 } });

/** The idle labels of the action button (lesson-view.js), by action. */
const IDLE = { animate: "▶ Play the run", race: "▶ Race", "run-curves": "▶ Run the sweep" };

const lessonState = () => lab.page.evaluate(() => window.lab.getState().lesson);
const buttonText = () => lab.page.evaluate(() => document.getElementById("lesson-action").textContent);
const numbersText = () => lab.page.evaluate(() => document.getElementById("lesson-numbers").textContent);
/** Where the step's controls and the player's scrubber sit (null for one not shown). */
const controlsTop = () =>
  lab.page.evaluate(() =>
    ["lesson-controls", "anim-scrub"].map((id) => {
      const e = /** @type {HTMLElement} */ (document.getElementById(id));
      return e.getClientRects().length ? Math.round(e.getBoundingClientRect().top) : null;
    }),
  );
const tracesVisible = () =>
  lab.page.evaluate(() => {
    const box = document.getElementById("race-traces");
    return !box.hidden && getComputedStyle(box).visibility === "visible";
  });

test("every built-in step's action ends within 30 s at its own speed, its button returns to idle, and its numbers are on the screen while it runs", async () => {
  const { page } = lab;
  const file = JSON.parse(await page.evaluate(() => window.lab.openLesson("chapter", 0).then(() => window.lab.exportLesson())));
  let ran = 0;
  for (let i = 0; i < file.steps.length; i++) {
    const step = file.steps[i];
    if (!IDLE[step.action]) continue;
    await page.evaluate((i) => window.lab.openLesson("chapter", i), i);
    await nextFrame(page);
    assert.equal(await buttonText(), IDLE[step.action], `step ${i + 1}: the button idle before the action`);
    if (step.action === "race") assert.equal(await tracesVisible(), false, `step ${i + 1}: the race's traces hidden before Space (predict, then reveal)`);
    const top = await controlsTop();
    await page.evaluate(() => window.lab.lessonAction());
    if (step.action !== "run-curves") {
      await page.waitForFunction(() => window.lab.getState().lesson.action.running);
      await nextFrame(page);
      assert.notEqual(await buttonText(), IDLE[step.action], `step ${i + 1}: the button says the run plays`);
    }
    if (step.action === "race") {
      await page.waitForFunction(() => (window.lab.getState().compare.step ?? 0) > 2);
      await page.evaluate(() => window.lab.lessonAction()); // paused: the panel and the state at one race step
      await nextFrame(page);
      assert.ok(await tracesVisible(), `step ${i + 1}: the traces shown once the race runs`);
      const text = await numbersText();
      const { compare } = await page.evaluate(() => window.lab.getState());
      assert.match(text, /κ\(w\):/);
      const kappaRules = await page.evaluate(() => [...document.querySelectorAll('#lesson-numbers [data-number="kappa"] [data-rule]')].map((e) => e.dataset.rule));
      assert.deepEqual(kappaRules, compare.rules, `step ${i + 1}: κ(w) of each racing rule on the panel (${text})`);
      for (const rule of compare.rules) {
        const kappa = compare.kappa[rule];
        assert.ok(text.includes(String(Number(kappa.toPrecision(3))).replace("-", "−")), `step ${i + 1}: κ(w) of ${rule}, ${kappa}, on the panel (${text})`);
      }
      if (compare.rules.includes("rosenblatt")) assert.match(text, /M: .*\d+ ≤ M\* = /, `step ${i + 1}: M and M* on the panel`);
      assert.deepEqual(await controlsTop(), top, `step ${i + 1}: the step's controls and the player's stay where they were when the race's numbers appear`);
      await page.evaluate(() => window.lab.lessonAction()); // on again
    }
    // to the end, faster (the speed slider at its top, 1000 steps per second)
    await playerAtFastest(page);
    await page.waitForFunction(() => window.lab.getState().lesson.action.done, null, { timeout: 90_000 });
    await nextFrame(page);
    const end = await lessonState();
    assert.equal(end.action.running, false, `step ${i + 1}: the action has ended`);
    assert.equal(await buttonText(), IDLE[step.action], `step ${i + 1}: the button back to its idle label`);
    if (step.action !== "run-curves") {
      const s = await page.evaluate(() => window.lab.getState());
      const steps = s.compare ? s.compare.steps : s.animation.steps;
      const speed = step.state.speed;
      assert.ok(steps > 0, `step ${i + 1}: the run took steps`);
      assert.ok(steps / speed <= 30, `step ${i + 1}: ${steps} steps at ${speed} per second take ${(steps / speed).toFixed(1)} s, more than 30`);
    } else {
      assert.match(await page.evaluate(() => document.getElementById("lc-status").textContent), /done/);
    }
    ran++;
  }
  assert.ok(ran >= 5, "the lesson's animations, races and sweep were all run");
  assert.deepEqual(lab.errors, []);
});

test("the student–teacher step hides ε_g until its first example, then shows every rule's", async () => {
  const { page } = lab;
  const titles = (await page.evaluate(() => window.lab.lessons()))[0].steps.map((s) => s.title);
  const student = titles.findIndex((t) => /ε_g live/.test(t));
  await page.evaluate((i) => window.lab.openLesson("chapter", i), student);
  await nextFrame(page);
  const epsHidden = () =>
    page.evaluate(() =>
      [...document.querySelectorAll("#readout td.eps")].every((td) => getComputedStyle(td).visibility === "hidden" || td.getClientRects().length === 0),
    );
  assert.ok(await epsHidden(), "ε_g out of sight before the first example");
  assert.doesNotMatch(await numbersText(), /ε/);
  await page.evaluate(() => window.lab.lessonAction());
  await nextFrame(page);
  assert.ok(!(await epsHidden()), "ε_g shown once an example is added");
  // every rule's ε_g in the readout (the step shows it: the panel's numbers leave it to the readout)
  const s = await page.evaluate(() => window.lab.getState());
  const cells = await page.evaluate(() =>
    Object.fromEntries([...document.querySelectorAll("#readout tbody tr")].map((tr) => [tr.dataset.algorithm, tr.querySelector("td.eps")?.textContent])),
  );
  for (const rule of s.shown.filter((n) => n !== "exact")) {
    const eps = s.algorithms[rule].generalizationError;
    assert.ok(eps > 0 && eps < 0.5, `ε_g of ${rule} is an error rate (${eps})`);
    assert.equal(cells[rule], String(Number(eps.toPrecision(3))), `ε_g of ${rule} (${eps}) is in the readout`);
  }
});

test("§3.2's task is done once one point is relabelled so that the set is not linearly separable", async () => {
  const { page } = lab;
  await page.evaluate(() => window.lab.openLesson("chapter", 0));
  await nextFrame(page);
  let now = await lessonState();
  assert.equal(now.task.done, false);
  assert.match(now.task.text, /not linearly separable by relabelling one point/);
  assert.match(await page.evaluate(() => document.getElementById("lesson-task").textContent), /^Task: /);
  const s = await page.evaluate(() => window.lab.getState());
  assert.equal(s.threshold, false);
  // (0.5, 1) and (1, 2) lie on one ray from the origin: with opposite labels no line through the
  // origin separates them
  const i = s.points.findIndex((p) => p.x === 0.5 && p.y === 1);
  const j = s.points.findIndex((p) => p.x === 1 && p.y === 2);
  assert.ok(i >= 0 && j >= 0 && s.points[i].label === s.points[j].label);
  const at = await page.evaluate(([x, y]) => window.lab.dataToClient(x, y), [0.5, 1]);
  await page.mouse.click(at.x, at.y);
  await page.evaluate(() => window.lab.settled());
  await nextFrame(page);
  const after = await page.evaluate(() => window.lab.getState());
  assert.equal(after.points[i].label, -s.points[i].label, "the click relabelled the point");
  assert.equal(after.separable, false);
  now = await lessonState();
  assert.equal(now.task.done, true);
  assert.match(await page.evaluate(() => document.getElementById("lesson-task").textContent), /^✓ Done: /);
  // R: the prepared set, separable again, the task not done
  await page.keyboard.press("r");
  await page.waitForFunction(() => window.lab.getState().lesson.task.done === false);
  assert.deepEqual(lab.errors, []);
});
