// An accessibility audit with axe-core (the npm package, run inside the page) in the states a
// lesson passes through: the default page, compare mode with a race (scrubbed, pocket's two error
// series, the animation's traces, the rings sized by x^μ), threshold mode in projector
// mode with the cells numbered and every algorithm listed, after a learning-curve run, and with
// the help dialog open. No violation is allowed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, SIX, SMALL_SWEEP, useLab } from "./harness.mjs";

const lab = useLab();
const AXE = readFileSync(join(ROOT, "node_modules", "axe-core", "axe.min.js"), "utf8");

/** The violations axe-core finds in the page as it stands: `[{id, help, nodes}]`. */
async function audit(page) {
  // evaluated through the driver, so the page's Content-Security-Policy does not block it
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE);
  return page.evaluate(async () => (await window.axe.run(document)).violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => n.target.join(" ")) })));
}

test("axe-core finds no violation in the states a lesson passes through", async () => {
  const { page } = lab;
  await lab.setPoints(SIX);
  assert.deepEqual(await audit(page), [], "the page as it opens");
  await page.evaluate(() => {
    window.lab.setCompare(true, ["rosenblatt", "minover", "pocket"]);
    window.lab.stepCompare();
    window.lab.stepCompare();
    window.lab.step("pocket");
  });
  await page.locator("#anim-scrub").focus();
  await page.keyboard.press("ArrowLeft");
  await page.locator("#ring-strength").check();
  assert.deepEqual(await audit(page), [], "compare mode with a race scrubbed back, the animation's traces, the rings sized by x^μ");
  await page.locator("#ring-strength").uncheck();
  await page.evaluate(() => {
    window.lab.setCompare(false);
    window.lab.setThreshold(true);
    window.lab.setProjector(true);
    document.getElementById("more-algorithms").open = true;
  });
  // every rule shown: the readout scrolls in projector mode
  const shown = page.locator("#shown input[type=checkbox]");
  for (let i = 0; i < (await shown.count()); i++) await shown.nth(i).check();
  await page.locator("#count-regions").check();
  assert.deepEqual(await audit(page), [], "threshold, projector, the cells numbered, every algorithm listed and shown");
  await page.evaluate((sweep) => window.lab.runLearningCurve(sweep), SMALL_SWEEP);
  assert.deepEqual(await audit(page), [], "after a learning-curve run");
  await page.locator("#count-regions").uncheck();
  await page.evaluate(() => window.lab.setProjector(false));
  await page.keyboard.press("?");
  assert.deepEqual(await audit(page), [], "the help dialog");
  await page.keyboard.press("Escape");
  assert.deepEqual(lab.errors, []);
});
