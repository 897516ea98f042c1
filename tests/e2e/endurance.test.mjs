// Endurance: the animation played at top speed past the 20 000 frames the core keeps. The
// history is thinned (the recorded steps stay under 20 000 while the run goes on), the frame
// shown follows the run, and the scrubber still goes back over the frames kept, in order.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useLab } from "./harness.mjs";

const lab = useLab();

test("the animation at top speed keeps a bounded history and stays true to the run", async () => {
  const { page } = lab;
  // four points no line through the origin separates: MinOver never stops before its limit
  await lab.setPoints([
    { x: 1, y: 0, label: 1 },
    { x: -1, y: 0.1, label: 1 },
    { x: 0, y: 1, label: -1 },
    { x: 0.1, y: -1, label: -1 },
  ]);
  await page.evaluate(() => window.lab.settled(30_000));
  await page.evaluate(() => window.lab.step("minover"));
  await page.locator("#anim-speed").fill("100"); // 1 000 steps per second
  await page.evaluate(() => window.lab.play());
  // a hang guard, not a timing requirement: the run needs about 21 s at top speed
  await page.waitForFunction(() => window.lab.getState().animation.step > 21_000, null, { timeout: 240_000, polling: 500 });
  await page.evaluate(() => window.lab.pause());
  const s = (await lab.state()).animation;
  assert.ok(s.steps < 20_000, `${s.steps} frames recorded after ${s.step} steps`);
  assert.equal(s.playing, false);
  // the scrubber over the frames kept: back to the start and forward, steps in order
  const scrub = page.locator("#anim-scrub");
  const steps = [];
  for (const i of [0, 1, 100, 5000, s.steps]) {
    await scrub.fill(String(i));
    steps.push((await lab.state()).animation.step);
  }
  assert.equal(steps[0], 0);
  assert.ok(
    steps.every((t, k) => k === 0 || t > steps[k - 1]),
    `steps shown ${steps}`,
  );
  assert.equal(steps.at(-1), s.step);
  assert.deepEqual(lab.errors, []);
});
