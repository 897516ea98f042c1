// A step's text as the audience reads it: an equation in the line keeps the word or mark written
// right after it ("$\kappa_{\max}$, the longer…") on its own line, so that no line of the built-in
// lesson starts with the comma or full stop of the formula before it. Every step shown whole, at
// 1280×720 and 1920×1080.

import assert from "node:assert/strict";
import { test } from "node:test";
import { nextFrame, useLab } from "./harness.mjs";

const lab = useLab({ viewport: { width: 1280, height: 720 } });

/**
 * In the page: for each equation in the line (not displayed) followed by a character other than
 * a space, whether that character is drawn on the equation's line (its middle within the
 * equation's box): `[{tex, next, same}]`.
 */
function followers() {
  const out = [];
  for (const math of document.querySelectorAll("#lesson-text math:not([display='block'])")) {
    const walker = document.createTreeWalker(document.getElementById("lesson-text"), NodeFilter.SHOW_TEXT);
    walker.currentNode = math;
    // the first text after the equation (its own text nodes are inside it)
    let node = walker.nextNode();
    while (node && math.contains(node)) node = walker.nextNode();
    if (!node?.textContent || /^\s/.test(node.textContent) || node.parentElement?.closest("p") !== math.closest("p")) continue;
    const range = document.createRange();
    range.setStart(node, 0);
    range.setEnd(node, 1);
    const c = range.getBoundingClientRect();
    const m = math.getBoundingClientRect();
    const middle = (c.top + c.bottom) / 2;
    out.push({ tex: math.querySelector("annotation")?.textContent ?? math.textContent, next: node.textContent[0], same: middle >= m.top && middle <= m.bottom });
  }
  return out;
}

test("no line of the built-in lesson starts with the mark written right after an equation", async () => {
  const { page } = lab;
  const steps = (await page.evaluate(() => window.lab.lessons()))[0].steps;
  let checked = 0;
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 1920, height: 1080 },
  ]) {
    await page.setViewportSize(viewport);
    for (let i = 0; i < steps.length; i++) {
      await page.evaluate((i) => window.lab.openLesson("chapter", i), i);
      // every part shown (a step built one → at a time shows its text a paragraph at a time)
      for (let s = await lab.state(); s.lesson.part + 1 < s.lesson.parts; s = await lab.state()) await page.evaluate(() => window.lab.lessonKey("ArrowRight"));
      await page.waitForFunction(() => document.getElementById("lesson-text").getAttribute("aria-busy") === "false");
      await nextFrame(page);
      for (const f of await page.evaluate(followers)) {
        checked++;
        assert.ok(f.same, `${viewport.width}×${viewport.height}, step ${i + 1}: "${f.next}" after ${f.tex} starts a line of its own`);
      }
    }
  }
  assert.ok(checked > 20, `${checked} equations followed by a mark`);
  assert.deepEqual(lab.errors, []);
});
