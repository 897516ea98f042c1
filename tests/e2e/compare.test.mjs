// Compare mode, the lecture's instruments: the shown rules (Rosenblatt and MinOver ticked) against
// the exact optimum, entered with the keyboard; traces from the runs that draw the lines, checked
// against κ_max (the certified bound never below it, κ(w(t)) never above it) and the readout; the
// race stepped with the mouse on the one player, one step of every compared rule per step, and
// played with Space; the compared rules are the top row's ticks.
import { test } from "node:test";
import assert from "node:assert/strict";
import { SIX, lineSet, useLab } from "./harness.mjs";

const lab = useLab();

test("the C key compares the shown rules (Rosenblatt and MinOver ticked); their traces end at the readout's κ and respect κ_max", async () => {
  const { page } = lab;
  await lab.setPoints(SIX);
  await page.locator("#show-adatron").setChecked(false);
  await page.evaluate(() => /** @type {HTMLElement} */ (document.activeElement)?.blur());
  await page.locator("#data-view").hover({ position: { x: 5, y: 5 } });
  await page.keyboard.press("c");
  await page.evaluate(() => window.lab.settled(30_000));
  const s = await lab.state();
  assert.deepEqual(s.compare.rules, ["rosenblatt", "minover"]);
  assert.equal(s.compare.race, false);
  const kappaMax = s.algorithms.exact.kappa;
  for (const name of ["rosenblatt", "minover"]) {
    assert.equal(s.compare.kappa[name], s.algorithms[name].kappa, `${name}: compare's κ is the readout's`);
    const tr = s.traces[name];
    assert.ok(tr, `a trace of ${name}`);
    assert.equal(tr.t.at(-1), s.algorithms[name].steps, `${name}: the trace ends where the rule stopped`);
    assert.equal(tr.kappa.at(-1), s.algorithms[name].kappa);
    for (let k = 0; k < tr.t.length; k++) {
      assert.ok(tr.kappa[k] <= kappaMax + 1e-9, `${name} t = ${tr.t[k]}: κ = ${tr.kappa[k]} > κ_max = ${kappaMax}`);
      if (name === "minover") assert.ok(tr.upper[k] >= kappaMax * (1 - 1e-9), `t = ${tr.t[k]}: bound ${tr.upper[k]} < κ_max`);
    }
  }
  // Rosenblatt's updates never exceed the convergence theorem's bound, shown in the readout
  const bound = s.algorithms.rosenblatt.updateBound;
  assert.ok(bound > 0);
  assert.ok(s.traces.rosenblatt.updates.every((m) => m <= bound));
  const cell = await page.locator('#readout tr[data-algorithm="rosenblatt"] td.updates').textContent();
  // M* with its digits: a bound, not rounded down to a whole number without a word
  const m = cell.match(/^(\d+) ≤ M\* = ([\d,.]+)$/);
  assert.ok(m, cell);
  assert.equal(Number(m[1]), s.algorithms.rosenblatt.updates);
  const shown = Number(m[2].replaceAll(",", ""));
  assert.ok(Math.abs(shown - bound) <= (bound < 10 ? 0.005 : 0.05) + 1e-12, `${cell}: M* = ${bound}`);
  // both trace charts are drawn
  for (const id of ["trace-kappa", "trace-updates"]) {
    const inked = await page.evaluate((id) => {
      const c = /** @type {HTMLCanvasElement} */ (document.getElementById(id));
      const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++;
      return n;
    }, id);
    assert.ok(inked > 500, `${id}: ${inked} pixels drawn`);
  }
  assert.deepEqual(lab.errors, []);
});

test("one player: in compare mode each click on its Step advances every compared rule by one step, and the traces grow with it", async () => {
  const { page } = lab;
  await lab.setPoints(SIX);
  await page.evaluate(() => window.lab.setCompare(true, ["rosenblatt", "minover", "adatron"]));
  // one Step, one Play, one Reset, one scrubber and one speed on the page: the compare panel has none
  for (const name of ["Step", "Play", "Reset"]) assert.equal(await page.getByRole("button", { name, exact: true }).count(), 1, `one ${name} button`);
  assert.equal(await page.locator("input[type=range].scrub").count(), 1, "one scrubber");
  assert.equal(await page.locator("#compare-panel button, #compare-panel input").count(), 0, "no control in the compare panel");
  assert.equal(await page.locator("#player-title").textContent(), "Race");
  for (let k = 1; k <= 4; k++) {
    await page.locator("#anim-step").click();
    const s = await lab.state();
    assert.equal(s.compare.race, true);
    for (const name of ["rosenblatt", "minover", "adatron"]) {
      const tr = s.traces[name];
      assert.equal(tr.t.at(-1), k, `${name}: one step per click`);
      assert.deepEqual(
        tr.t,
        Array.from({ length: k }, (_, i) => i + 1),
        `${name}: every step of the race is in its trace`,
      );
    }
  }
  // the automation interface steps the same race
  await page.evaluate(() => window.lab.stepCompare());
  assert.equal((await lab.state()).traces.minover.t.at(-1), 5);
  assert.equal((await lab.state()).animation.step, 0, "the animation took no step");
  // reset: the full runs' traces again
  await page.locator("#anim-reset").click();
  const s = await lab.state();
  assert.equal(s.compare.race, false);
  assert.equal(s.traces.minover.t.at(-1), s.algorithms.minover.steps);
  assert.deepEqual(lab.errors, []);
});

test("the compared rules are the top row's ticks: ticking pocket while comparing races it too; unknown rules are refused", async () => {
  const { page } = lab;
  await lab.setPoints(lineSet("small-margin", 40, false)); // every rule takes many steps
  await page.evaluate(() => window.lab.setCompare(true));
  assert.deepEqual((await lab.state()).compare.rules, ["rosenblatt", "minover"], "setCompare ticks Rosenblatt and MinOver by default");
  assert.equal(await page.locator("#compare-rules").count(), 0, "no list of its own");
  assert.equal(await page.locator("#show-adatron").isChecked(), false);
  await page.locator("#show-adatron").check();
  await page.locator("#show-rosenblatt").uncheck();
  let s = await lab.state();
  assert.deepEqual(s.compare.rules, ["minover", "adatron"]);
  const rows = await page.$$eval("#readout tbody tr[data-algorithm]", (trs) => trs.map((tr) => tr.dataset.algorithm));
  assert.deepEqual(rows, ["minover", "adatron", "exact"]);
  const bars = () => page.$$eval("#compare-bars .row", (rs) => rs.map((r) => r.dataset.algorithm));
  await page.evaluate(() => new Promise(requestAnimationFrame));
  assert.deepEqual(await bars(), ["minover", "adatron"]);
  // pocket ticked under More algorithms while comparing: compared, and the race steps it
  await page.evaluate(() => {
    document.getElementById("more-algorithms").open = true;
  });
  await page.locator("#show-pocket").check();
  await page.evaluate(() => {
    document.getElementById("more-algorithms").open = false;
  });
  s = await lab.state();
  assert.deepEqual(s.compare.rules, ["minover", "adatron", "pocket"]);
  await page.evaluate(() => new Promise(requestAnimationFrame));
  assert.deepEqual(await bars(), ["minover", "adatron", "pocket"]);
  await page.locator("#anim-step").click();
  await page.locator("#anim-step").click();
  s = await lab.state();
  assert.equal(s.compare.step, 2);
  assert.deepEqual(s.traces.pocket.t, [1, 2], "pocket took the race's two steps");
  assert.ok("pocket" in s.compare.kappa);
  // Undo brings the ticks back and compare mode stays on, comparing them
  await page.evaluate(() => window.lab.undo());
  s = await lab.state();
  assert.deepEqual(s.compare.rules, ["minover", "adatron"]);
  assert.equal(await page.locator("#show-pocket").isChecked(), false);
  // turning compare off and on changes no tick
  await page.evaluate(() => window.lab.setCompare(false));
  assert.equal((await lab.state()).compare, null);
  assert.equal(await page.locator("#show-adatron").isChecked(), true);
  await page.locator("#data-view").focus();
  await page.keyboard.press("c");
  assert.deepEqual((await lab.state()).compare.rules, ["minover", "adatron"]);
  // rules given: those ticks, one edit that Undo takes back
  await page.evaluate(() => window.lab.setCompare(true, ["rosenblatt", "pocket"]));
  assert.deepEqual((await lab.state()).compare.rules, ["rosenblatt", "pocket"]);
  assert.equal(await page.locator("#show-pocket").isChecked(), true);
  await page.evaluate(() => window.lab.undo());
  assert.deepEqual((await lab.state()).compare.rules, ["minover", "adatron"]);
  const err = await page.evaluate(() => {
    try {
      window.lab.setCompare(true, ["nonsense"]);
      return null;
    } catch (e) {
      return e.message;
    }
  });
  assert.match(err, /rules must be some of/);
  assert.deepEqual((await lab.state()).compare.rules, ["minover", "adatron"]);
  await page.evaluate(() => window.lab.setCompare(false));
  assert.equal((await lab.state()).compare, null);
  await page.locator("#show-rosenblatt").check();
  assert.deepEqual(lab.errors, []);
});

test("Space plays and pauses the race in compare mode, the animation without it; S steps and R resets either", async () => {
  const { page } = lab;
  await lab.setPoints(lineSet("small-margin", 40, false));
  await page.evaluate(() => window.lab.setCompare(true, ["minover", "adatron"]));
  await page.locator("#data-view").focus();
  await page.keyboard.press("s");
  let s = await lab.state();
  assert.equal(s.compare.step, 1, "S steps the race");
  assert.equal(s.animation.step, 0);
  await page.keyboard.press(" ");
  assert.equal((await lab.state()).compare.playing, true, "Space plays the race");
  await page.waitForFunction(() => window.lab.getState().compare.steps >= 3);
  assert.equal(await page.locator("#anim-play").textContent(), "Pause");
  await page.keyboard.press(" ");
  s = await lab.state();
  assert.equal(s.compare.playing, false, "Space pauses it");
  assert.equal(s.animation.playing, false, "the animation did not play");
  assert.equal(s.animation.step, 0);
  await page.keyboard.press("r");
  assert.equal((await lab.state()).compare.race, false, "R resets the race");
  // compare off: the same keys drive the animation
  await page.keyboard.press("c");
  await page.keyboard.press("s");
  s = await lab.state();
  assert.equal(s.compare, null);
  assert.equal(s.animation.step, 1);
  await lab.frame(); // the panel is drawn with the frame
  assert.equal(await page.locator("#player-title").textContent(), "Animate");
  await page.keyboard.press(" ");
  assert.equal((await lab.state()).animation.playing, true);
  await page.keyboard.press(" ");
  assert.equal((await lab.state()).animation.playing, false);
  await page.keyboard.press("r");
  assert.equal((await lab.state()).animation.step, 0);
  assert.deepEqual(lab.errors, []);
});

test("soft margin as the book draws it: the violators are the points with E < 1, their slack on hover", async () => {
  const { page } = lab;
  await page.evaluate(() => {
    window.lab.setCompare(false);
    document.getElementById("more-algorithms").open = true;
  });
  await page.locator("#show-soft-margin").setChecked(true);
  await page.evaluate(() => window.lab.loadPreset("noisy"));
  await page.evaluate(() => window.lab.settled(30_000));
  const s = await lab.state();
  const a = s.algorithms["soft-margin"];
  const E = s.points.map((p) => p.label * (a.w[0] * p.x + a.w[1] * p.y - a.theta));
  const violators = E.flatMap((e, i) => (e < 1 ? [i] : []));
  assert.ok(violators.length > 0, "the noisy preset has margin violators");
  assert.deepEqual(a.softMargin.violators, violators);
  for (const [i, e] of E.entries()) assert.ok(Math.abs(a.softMargin.slack[i] - Math.max(0, 1 - e)) < 1e-9);
  assert.equal(a.embedding.length, s.points.length);
  // the readout states the objective's two terms
  const status = await page.locator('#readout tr[data-algorithm="soft-margin"] + tr td.status').textContent();
  assert.match(status, /Objective \|w\|²\/2 \+ γΣβμ = .+ \+ .+; \d+ margin violators?/); // μ as its <sup>
  // hovering a violator shows its slack
  const i = violators[0];
  const c = await lab.client(s.points[i].x, s.points[i].y);
  await page.mouse.move(c.x, c.y);
  await page.evaluate(() => new Promise(requestAnimationFrame));
  assert.equal((await lab.state()).points.length, s.points.length);
  await page.locator("#show-soft-margin").setChecked(false);
  assert.deepEqual(lab.errors, []);
});

test("stepping Rosenblatt with the S key reads like Fig. 3.4: numbered points, the examples w(t) misclassifies", async () => {
  const { page } = lab;
  await lab.setPoints(SIX);
  const inked = () =>
    page.evaluate(() => {
      const c = /** @type {HTMLCanvasElement} */ (document.getElementById("data-view"));
      const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i + 3] > 128 && d[i] < 80 && d[i + 1] < 80 && d[i + 2] < 80) n++;
      return n;
    });
  const before = await inked();
  await page.locator("#anim-number").check();
  await page.evaluate(() => new Promise(requestAnimationFrame));
  const after = await inked();
  assert.ok(after > before + 30, `the numbers are drawn: ${before} → ${after} dark pixels`);
  // the keys act when no form field has the focus (the checkbox just clicked has it)
  await page.evaluate(() => /** @type {HTMLElement} */ (document.activeElement)?.blur());
  for (let k = 1; k <= 3; k++) {
    await page.keyboard.press("s");
    const s = await lab.state();
    assert.equal(s.animation.step, k);
    const { w, theta, misclassified } = s.animation;
    const expected = w.some((v) => v !== 0) ? s.points.flatMap((p, i) => ((w[0] * p.x + w[1] * p.y - theta) * p.label <= 0 ? [i] : [])) : [];
    assert.deepEqual(misclassified, expected, `step ${k}`);
    // the status line names the example by the number drawn next to it (after the frame is painted)
    await page.evaluate(() => new Promise(requestAnimationFrame));
    const counters = await page.locator("#anim-counters").textContent();
    assert.match(counters, new RegExp(`example ${s.animation.example + 1}\\b`));
  }
  await page.locator("#anim-number").uncheck();
  await page.keyboard.press("r");
  assert.deepEqual(lab.errors, []);
});

/**
 * Device pixels of `canvas` in `color` (`#RRGGBB`, within a few levels) in its top `share` (the
 * plot; the legend lies under it).
 */
async function inkOf(page, id, color, share) {
  return page.evaluate(
    ({ id, color, share }) => {
      const c = /** @type {HTMLCanvasElement} */ (document.getElementById(id));
      const h = Math.floor(c.height * share);
      const d = c.getContext("2d").getImageData(0, 0, c.width, h).data;
      const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(color.slice(i, i + 2), 16));
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (Math.abs(d[i] - r) + Math.abs(d[i + 1] - g) + Math.abs(d[i + 2] - b) < 24) n++;
      return n;
    },
    { id, color, share },
  );
}

/** The device rows of `canvas`'s top `share` holding pixels of `color`. */
async function inkRows(page, id, color, share) {
  return page.evaluate(
    ({ id, color, share }) => {
      const c = /** @type {HTMLCanvasElement} */ (document.getElementById(id));
      const h = Math.floor(c.height * share);
      const d = c.getContext("2d").getImageData(0, 0, c.width, h).data;
      const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(color.slice(i, i + 2), 16));
      const rows = [];
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < c.width; x++) {
          const i = 4 * (y * c.width + x);
          if (Math.abs(d[i] - r) + Math.abs(d[i + 1] - g) + Math.abs(d[i + 2] - b) < 24) {
            rows.push(y);
            break;
          }
        }
      }
      return rows;
    },
    { id, color, share },
  );
}

test("on the noisy set the κ trace shows every compared rule, negative κ included; M(t) stays off the axis against a far larger M*", async () => {
  const { page } = lab;
  await page.evaluate(() => window.lab.loadPreset("noisy"));
  await page.evaluate(() => window.lab.setCompare(true, ["rosenblatt", "pocket", "soft-margin"]));
  await page.evaluate(() => window.lab.settled(60_000));
  const s = await lab.state();
  const colors = await page.evaluate(() => Object.fromEntries(window.lab.catalogue().algorithms.map((a) => [a.name, a.color])));
  for (const name of ["rosenblatt", "pocket", "soft-margin"]) {
    assert.ok(
      s.traces[name].kappa.some((k) => k < 0),
      `${name}: negative κ on a set that is not separable`,
    );
    const ink = await inkOf(page, "trace-kappa", colors[name], 0.55);
    assert.ok(ink > 60, `${name}: ${ink} pixels of its colour in the κ plot`);
  }
  // a teacher set: Rosenblatt's few updates against its bound M*, on a logarithmic axis
  await page.evaluate(() => window.lab.loadPreset("teacher"));
  await page.evaluate(() => window.lab.setCompare(true, ["rosenblatt", "minover"]));
  await page.evaluate(() => window.lab.settled(60_000));
  const t = await lab.state();
  const bound = t.algorithms.rosenblatt.updateBound;
  assert.ok(bound > 10 * t.algorithms.rosenblatt.updates, `M* = ${bound} far above M = ${t.algorithms.rosenblatt.updates}`);
  // M = 1 and M = 2 at heights told apart (on a linear axis up to M* they would share a pixel row)
  const rows = await inkRows(page, "trace-updates", colors.rosenblatt, 0.65);
  assert.ok(rows.at(-1) - rows[0] >= 6, `M(t) spans device rows ${rows[0]}..${rows.at(-1)} of its plot`);
  assert.deepEqual(lab.errors, []);
});
