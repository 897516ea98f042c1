// The lecture's instruments beyond the compare panel's first version: the one
// player's scrubber and speed, driving the race in compare mode and the animation without it; the animated rule's trace; pocket's two error
// series; the rings sized by the embedding strengths. Values are checked against what the test
// computes from the state (κ and errors from w, θ and the points), with the real keyboard and
// mouse on the controls, and the play rate against a paused page clock (steps per simulated
// second, not wall-clock timing).
import { test } from "node:test";
import assert from "node:assert/strict";
import { SIX, launch, lineSet, nextFrame, openLab, useLab } from "./harness.mjs";

const lab = useLab();

/** κ(w, θ) = min_μ S^μ (w·ξ^μ − θ) / |w| of the points. */
function kappaOf(points, w, theta) {
  const n = Math.hypot(w[0], w[1]);
  return Math.min(...points.map((p) => (p.label * (w[0] * p.x + w[1] * p.y - theta)) / n));
}

/** Training errors (E^μ ≤ 0) of (w, θ) on the points. */
function errorsOf(points, w, theta) {
  return points.filter((p) => p.label * (w[0] * p.x + w[1] * p.y - theta) <= 0).length;
}

/** Pixels drawn on a canvas (alpha > 0). */
function inked(page, id) {
  return page.evaluate((id) => {
    const c = /** @type {HTMLCanvasElement} */ (document.getElementById(id));
    const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++;
    return n;
  }, id);
}

test("the race's scrubber, from the keyboard, moves every compared rule to step t: its κ is the trace's κ at t", async () => {
  const { page } = lab;
  const rules = ["rosenblatt", "minover", "adatron"];
  await lab.setPoints(SIX);
  await page.evaluate((r) => window.lab.setCompare(true, r), rules);
  const T = 14;
  /** what the race showed at each step while it was stepped forward */
  const seen = [];
  for (let t = 1; t <= T; t++) {
    await page.locator("#anim-step").click();
    const s = await lab.state();
    assert.equal(s.compare.step, t);
    assert.equal(s.compare.steps, t);
    seen[t] = s.compare;
  }
  const points = (await lab.state()).points;
  // Home, then the arrow keys: every step back to 0 and forward again
  await page.locator("#anim-scrub").focus();
  await page.keyboard.press("Home");
  let s = await lab.state();
  assert.equal(s.compare.step, 0);
  assert.equal(s.compare.steps, T, "scrubbing takes no step");
  for (const name of rules) assert.deepEqual(s.traces[name].t, [], `${name}: no step at t = 0`);
  for (let t = 1; t <= T; t++) {
    await page.keyboard.press("ArrowRight");
    s = await lab.state();
    assert.equal(s.compare.step, t);
    assert.equal(s.compare.race, true);
    for (const name of rules) {
      const { w, theta, kappa } = s.compare;
      const tr = s.traces[name];
      // the trace shows the steps up to t (a rule that stopped earlier ends at its stop)
      assert.ok(tr.t.at(-1) <= t && tr.t.every((u) => u <= t), `${name} at t = ${t}: trace ${tr.t}`);
      assert.equal(kappa[name], tr.kappa.at(-1), `${name}: κ at t = ${t} is the trace's`);
      assert.equal(kappa[name], seen[t].kappa[name], `${name}: the same run as when it was stepped`);
      assert.deepEqual(w[name], seen[t].w[name]);
      if (w[name].some((v) => v !== 0)) {
        const k = kappaOf(points, w[name], theta[name]);
        assert.ok(Math.abs(k - kappa[name]) < 1e-12, `${name} t = ${t}: κ(w) = ${k} from the drawn w, the state says ${kappa[name]}`);
      }
    }
    // the readout reads out the rules at step t (once the frame is painted)
    await nextFrame(page);
    const cell = await page.locator('#readout tr[data-algorithm="minover"] td.steps').textContent();
    assert.equal(Number(cell), Math.min(t, s.traces.minover.t.at(-1)));
  }
  // a click on the scrubber's far left goes back to the start; Step race then walks the history
  const box = await page.locator("#anim-scrub").boundingBox();
  await page.mouse.click(box.x + 2, box.y + box.height / 2);
  assert.equal((await lab.state()).compare.step, 0);
  await page.locator("#anim-step").click();
  s = await lab.state();
  assert.equal(s.compare.step, 1);
  assert.equal(s.compare.steps, T, "a step through the recorded history takes no new step");
  assert.deepEqual(s.compare.kappa, seen[1].kappa);
  await page.locator("#anim-reset").click();
  s = await lab.state();
  assert.equal(s.compare.race, false);
  assert.equal(s.compare.step, null);
  await page.evaluate(() => window.lab.setCompare(false));
  assert.deepEqual(lab.errors, []);
});

test("the animated rule's trace grows with each step (S key) and ends at the animation's κ; scrubbed back, it ends there", async () => {
  const { page } = lab;
  await page.evaluate(() => window.lab.setCompare(false));
  await lab.setPoints(SIX);
  await page.locator("#anim-algorithm").selectOption("minover");
  await page.evaluate(() => /** @type {HTMLElement} */ (document.activeElement)?.blur());
  let s = await lab.state();
  assert.equal(s.compare, null);
  assert.deepEqual(s.traces, {}, "no trace before the first step");
  assert.equal(await page.locator("#anim-traces").isHidden(), true);
  const kappaMax = s.algorithms.exact.kappa;
  for (let k = 1; k <= 8; k++) {
    await page.keyboard.press("s");
    s = await lab.state();
    const tr = s.traces.minover;
    assert.ok(tr, "the animated rule's trace");
    assert.deepEqual(Object.keys(s.traces), ["minover"]);
    assert.equal(s.animation.step, k);
    assert.deepEqual(
      tr.t,
      Array.from({ length: k }, (_, i) => i + 1),
      "one sample per step",
    );
    const { w, theta } = s.animation;
    const kappa = kappaOf(s.points, w, theta);
    assert.ok(Math.abs(tr.kappa.at(-1) - kappa) < 1e-12, `step ${k}: trace κ ${tr.kappa.at(-1)}, κ(w(t)) ${kappa}`);
    assert.equal(tr.kappa.at(-1), s.animation.kappa);
    assert.equal(tr.updates.at(-1), s.animation.updates);
    assert.equal(tr.errors.at(-1), errorsOf(s.points, w, theta));
    for (const u of tr.upper) assert.ok(u >= kappaMax * (1 - 1e-9), `the certified bound ${u} ≥ κ_max ${kappaMax}`);
  }
  await nextFrame(page);
  assert.equal(await page.locator("#anim-traces").isVisible(), true);
  assert.ok((await inked(page, "anim-trace-kappa")) > 500, "the trace is drawn beside the views");
  // the scrubber, from the keyboard: the trace ends at the frame shown
  await page.locator("#anim-scrub").focus();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  s = await lab.state();
  assert.equal(s.animation.step, 6);
  assert.equal(s.traces.minover.t.at(-1), 6);
  assert.ok(Math.abs(s.traces.minover.kappa.at(-1) - kappaOf(s.points, s.animation.w, s.animation.theta)) < 1e-12);
  // Rosenblatt: its trace and the updates chart against M*
  await page.locator("#anim-algorithm").selectOption("rosenblatt");
  await page.evaluate(() => /** @type {HTMLElement} */ (document.activeElement)?.blur());
  for (let k = 0; k < 3; k++) await page.keyboard.press("s");
  s = await lab.state();
  assert.deepEqual(Object.keys(s.traces), ["rosenblatt"]);
  assert.equal(s.traces.rosenblatt.updates.at(-1), s.animation.updates);
  await nextFrame(page);
  assert.ok((await inked(page, "anim-trace-updates")) > 300);
  await page.keyboard.press("r");
  assert.deepEqual((await lab.state()).traces, {}, "reset: no trace");
  assert.deepEqual(lab.errors, []);
});

test("pocket's trace has both series: the pocket's errors never exceed those of any earlier current w (the ratchet)", async () => {
  const { page } = lab;
  await page.evaluate(() => {
    document.getElementById("more-algorithms").open = true;
  });
  await page.locator("#show-pocket").setChecked(true);
  await page.evaluate(() => window.lab.loadPreset("noisy"));
  let s = await lab.state();
  assert.equal(s.separable, false, "the noisy preset is not separable");
  const P = s.points.length;
  await page.locator("#anim-algorithm").selectOption("pocket");
  await page.evaluate(() => /** @type {HTMLElement} */ (document.activeElement)?.blur());
  for (let k = 0; k < 4; k++) await page.keyboard.press("s");
  for (let k = 0; k < 80; k++) await page.evaluate(() => window.lab.step("pocket"));
  s = await lab.state();
  const tr = s.traces.pocket;
  assert.equal(tr.pocketErrors.length, tr.t.length);
  assert.equal(tr.errors.length, tr.t.length);
  // every step up to 20 is sampled: there the pocket's errors are exactly the fewest so far
  let fewest = P; // w = 0 errs on every example
  for (let k = 0; k < tr.t.length; k++) {
    const earlier = Math.min(...tr.errors.slice(0, k + 1));
    assert.ok(tr.pocketErrors[k] <= earlier, `t = ${tr.t[k]}: pocket ${tr.pocketErrors[k]} > an earlier current w's ${earlier}`);
    if (k > 0) assert.ok(tr.pocketErrors[k] <= tr.pocketErrors[k - 1], "the ratchet never lets go");
    if (tr.t[k] <= 20) {
      fewest = Math.min(fewest, tr.errors[k]);
      assert.equal(tr.pocketErrors[k], fewest, `t = ${tr.t[k]}`);
    }
  }
  assert.ok(
    tr.errors.some((e, k) => e !== tr.pocketErrors[k]),
    "the two series differ somewhere",
  );
  // the pocket's series is the animation's w (the pocketed one), counted here
  assert.equal(tr.pocketErrors.at(-1), errorsOf(s.points, s.animation.w, s.animation.theta));
  await nextFrame(page);
  assert.equal(await page.locator("#anim-trace-errors").isVisible(), true);
  assert.ok((await inked(page, "anim-trace-errors")) > 300, "both series drawn");
  assert.match(await page.locator("#anim-counters").textContent(), /errors \d+ \(pocket\) · current w: \d+/);
  // compared: the full run's trace ends at the readout's errors, with the same ratchet
  await page.keyboard.press("r");
  await page.evaluate(() => window.lab.setCompare(true, ["rosenblatt", "pocket"]));
  await page.evaluate(() => window.lab.settled(30_000));
  s = await lab.state();
  const full = s.traces.pocket;
  assert.equal(full.pocketErrors.at(-1), s.algorithms.pocket.errors);
  assert.equal(s.algorithms.pocket.errors, errorsOf(s.points, s.algorithms.pocket.w, s.algorithms.pocket.theta));
  for (let k = 0; k < full.t.length; k++) assert.ok(full.pocketErrors[k] <= Math.min(...full.errors.slice(0, k + 1)));
  assert.equal(s.traces.rosenblatt.pocketErrors, null, "one series for the other rules");
  await nextFrame(page);
  assert.equal(await page.locator("#trace-errors").isVisible(), true);
  await page.evaluate(() => window.lab.setCompare(false));
  await page.evaluate(() => window.lab.undo()); // the ticks setCompare gave
  await page.locator("#show-pocket").setChecked(false);
  assert.deepEqual(lab.errors, []);
});

test("the ring toggle (keyboard) sizes every ring by √x^μ of its rule, with a legend", async () => {
  const { page } = lab;
  await lab.setPoints(SIX);
  await page.evaluate(() => window.lab.settled(30_000));
  let s = await lab.state();
  assert.equal(s.rings.byStrength, false);
  const fixed = s.rings.drawn;
  assert.deepEqual(fixed.map((r) => r.point).sort(), [...s.support].sort(), "off: the exact optimum's support vectors ringed");
  assert.equal(new Set(fixed.map((r) => r.radius)).size, 1, "off: one radius");
  assert.equal(await page.locator("#ring-note").isHidden(), true);
  // the toggle (in the Views group of the bar, opened by the harness) takes the focus; Space ticks it
  await page.locator("#ring-strength").focus();
  assert.equal(await page.evaluate(() => document.activeElement?.id), "ring-strength");
  await page.keyboard.press("Space");
  await nextFrame(page);
  s = await lab.state();
  assert.equal(s.rings.byStrength, true);
  const rules = new Set(s.rings.drawn.map((r) => r.rule));
  for (const name of ["exact", "adatron", "minover", "rosenblatt"]) assert.ok(rules.has(name), `${name} has rings`);
  for (const name of rules) {
    const x = name === "exact" ? s.algorithms.exact.embedding : s.algorithms[name].embedding;
    const rings = s.rings.drawn.filter((r) => r.rule === name);
    // a ring on every point with x^μ > 0, and none elsewhere
    assert.deepEqual(
      rings.map((r) => r.point),
      x.flatMap((v, i) => (v > 0 ? [i] : [])),
      name,
    );
    const max = Math.max(...x);
    const largest = Math.max(...rings.map((r) => r.radius));
    for (const r of rings) {
      assert.equal(r.x, x[r.point]);
      // radius ∝ √x^μ: area ∝ x^μ
      assert.ok(Math.abs(r.radius - largest * Math.sqrt(x[r.point] / max)) < 1e-9, `${name} point ${r.point}: radius ${r.radius}`);
    }
  }
  const note = await page.locator("#ring-note").textContent();
  assert.match(note, /Ring area ∝ embedding strength x\^μ/);
  assert.equal(await page.locator("#ring-note").isVisible(), true);
  await page.keyboard.press("Space");
  await nextFrame(page);
  s = await lab.state();
  assert.equal(s.rings.byStrength, false);
  assert.deepEqual(s.rings.drawn, fixed);
  assert.deepEqual(lab.errors, []);
});

test("the speed control sets the play rate, in steps per second of the page's clock (race and animation alike)", async () => {
  // a page of its own whose clock the test runs: steps per simulated second, not wall-clock
  const browser = await launch();
  try {
    await browser.context.clock.install();
    const { page, errors } = await openLab(browser.context, lab.server.url);
    // a set on which MinOver and AdaTron take many steps
    await page.evaluate((p) => window.lab.setPoints(p), lineSet("small-margin", 40, false));
    await page.evaluate(() => window.lab.setCompare(true, ["minover", "adatron"]));
    await page.clock.pauseAt(Date.now() + 60_000);
    const state = () => page.evaluate(() => window.lab.getState());
    // the default speed: 10 steps per second
    assert.equal((await state()).compare.speed, 10);
    await page.locator("#anim-play").click();
    await page.clock.runFor(2000);
    let s = await state();
    assert.equal(s.compare.playing, true);
    const slow = s.compare.steps;
    assert.ok(Math.abs(slow - 20) <= 1, `10 steps/s for 2 s: ${slow} steps`);
    // faster from the keyboard: End is 1000 steps per second
    await page.locator("#anim-speed").focus();
    await page.keyboard.press("End");
    s = await state();
    assert.equal(s.compare.speed, 1000);
    await page.clock.runFor(200);
    s = await state();
    const fast = s.compare.steps - slow;
    assert.ok(Math.abs(fast - 200) <= 17, `1000 steps/s for 0.2 s: ${fast} steps`);
    assert.equal(await page.locator("#anim-speed-value").textContent(), "1000 steps/s");
    // paused: no step, however long
    await page.locator("#anim-play").click();
    const paused = (await state()).compare.steps;
    await page.clock.runFor(1000);
    assert.equal((await state()).compare.steps, paused);
    // the animation's speed works the same way (the same player, one speed)
    await page.evaluate(() => window.lab.setCompare(false));
    assert.equal((await state()).animation.speed, 1000, "the one speed control set the animation's speed too");
    await page.locator("#anim-algorithm").selectOption("minover");
    await page.locator("#anim-speed").focus();
    await page.keyboard.press("Home");
    assert.equal((await state()).animation.speed, 1);
    await page.locator("#anim-play").click();
    await page.clock.runFor(3000);
    const animated = (await state()).animation.step;
    assert.ok(Math.abs(animated - 3) <= 1, `1 step/s for 3 s: ${animated} steps`);
    await page.locator("#anim-play").click();
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
