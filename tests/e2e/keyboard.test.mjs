// The page from the keyboard alone: every control of the toolbar and the data view reachable with
// Tab; points selected, moved, flipped, deleted and added in the data view; Space on a focused
// button presses that button (Step steps, it does not start Play); the screen-reader summary.
import { test } from "node:test";
import assert from "node:assert/strict";
import { SIX, useLab } from "./harness.mjs";

const lab = useLab();

test("Tab reaches every toolbar control, Import… and the data view", async () => {
  const { page } = lab;
  await lab.setPoints(SIX);
  await page.evaluate(() => /** @type {HTMLElement} */ (document.activeElement)?.blur());
  const visited = new Set();
  for (let k = 0; k < 120 && !visited.has("data-view"); k++) {
    await page.keyboard.press("Tab");
    visited.add(await page.evaluate(() => document.activeElement?.id ?? ""));
  }
  for (const id of ["class-plus", "undo", "mode-threshold", "preset", "import", "export-csv", "projector", "compare", "data-view"]) {
    assert.ok(visited.has(id), `${id} is reached with Tab (visited: ${[...visited].join(" ")})`);
  }
});

test("the data view from the keyboard: select, move, flip, delete and add points", async () => {
  const { page } = lab;
  await lab.setPoints(SIX);
  await page.locator("#data-view").focus();
  // N selects the point nearest the cursor (the view's centre), then the next
  await page.keyboard.press("n");
  await page.keyboard.press("n");
  // the arrow keys move the selected point, one undoable edit per press
  const before = (await lab.state()).points;
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowUp");
  const moved = (await lab.state()).points;
  const changed = moved.flatMap((p, i) => (p.x !== before[i].x || p.y !== before[i].y ? [i] : []));
  assert.equal(changed.length, 1, "one point moved");
  const i = changed[0];
  assert.ok(moved[i].x > before[i].x && moved[i].y > before[i].y, "right and up");
  // F flips it; Delete removes it; Ctrl+Z brings it back
  await page.keyboard.press("f");
  assert.equal((await lab.state()).points[i].label, -moved[i].label);
  await page.keyboard.press("Delete");
  assert.equal((await lab.state()).points.length, 5);
  await page.keyboard.press("Control+z");
  assert.equal((await lab.state()).points.length, 6);
  // Escape deselects; the arrows then move the cursor and A adds a point there (the current class, +1)
  await page.locator("#data-view").focus();
  await page.keyboard.press("Escape");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("a");
  const s = await lab.state();
  assert.equal(s.points.length, 7);
  assert.equal(s.points[6].label, 1);
  await page.keyboard.press("Shift+A");
  const t = await lab.state();
  assert.equal(t.points.length, 8);
  assert.equal(t.points[7].label, -1);
  assert.deepEqual(lab.errors, []);
});

test("Space on a focused button presses it: Step steps once instead of starting Play; in compare mode the race", async () => {
  const { page } = lab;
  await lab.setPoints(SIX);
  await page.locator("#anim-reset").click();
  await page.locator("#anim-step").focus();
  await page.keyboard.press(" ");
  const s = await lab.state();
  assert.equal(s.animation.step, 1);
  assert.equal(s.animation.playing, false);
  // away from buttons, Space still plays and pauses
  await page.evaluate(() => /** @type {HTMLElement} */ (document.activeElement)?.blur());
  await page.keyboard.press(" ");
  assert.equal((await lab.state()).animation.playing, true);
  await page.keyboard.press(" ");
  assert.equal((await lab.state()).animation.playing, false);
  // in compare mode the same button and key drive the race
  await page.evaluate(() => window.lab.setCompare(true));
  await page.locator("#anim-step").focus();
  await page.keyboard.press(" ");
  let c = (await lab.state()).compare;
  assert.equal(c.step, 1, "Space on Step: one race step");
  assert.equal(c.playing, false);
  await page.evaluate(() => /** @type {HTMLElement} */ (document.activeElement)?.blur());
  await page.keyboard.press(" ");
  c = (await lab.state()).compare;
  assert.equal(c.playing, true, "Space plays the race");
  await page.keyboard.press(" ");
  assert.equal((await lab.state()).compare.playing, false);
  assert.equal((await lab.state()).animation.playing, false);
  await page.evaluate(() => {
    window.lab.setCompare(false);
    window.lab.undo(); // the ticks setCompare gave
  });
  assert.deepEqual(lab.errors, []);
});

test("the screen-reader summary names every shown rule's κ and errors once they have stopped", async () => {
  const { page } = lab;
  await lab.setPoints(SIX);
  await page.evaluate(() => window.lab.settled(30_000));
  await page.evaluate(() => new Promise(requestAnimationFrame));
  const text = await page.locator("#summary").textContent();
  const s = await lab.state();
  assert.equal(await page.locator("#summary").getAttribute("aria-live"), "polite");
  assert.match(text, /^6 points through the origin\./);
  for (const [name, label] of [
    ["rosenblatt", "Rosenblatt"],
    ["minover", "MinOver"],
    ["adatron", "AdaTron"],
  ]) {
    // the readout's format: 4 significant digits, "−" for minus
    const kappa = Number(s.algorithms[name].kappa.toPrecision(4)).toString().replace("-", "−");
    const errors = s.algorithms[name].errors;
    assert.ok(text.includes(`${label}: κ = ${kappa}, ${errors} error${errors === 1 ? "" : "s"}`), `${label} in "${text}"`);
  }
  assert.match(text, /exact optimum: κ_max = /);
});
