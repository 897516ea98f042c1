// A step's title typesets the carets of its notation as the step's text does: step 6's
// "Student and teacher: ε_g live" shows ε with a lowered g (<sub>), never a literal "_g", in the
// presenter's panel, the overview of the steps, the speaker view and the handout; step 8's
// "κ_max" likewise. The script is at least the projected text's size in presenter mode.

import assert from "node:assert/strict";
import { test } from "node:test";
import { useLab } from "./harness.mjs";

const lab = useLab({ viewport: { width: 1280, height: 720 } });

/** In the page: the element's text, its <sub>s' texts and the first one's font size and alignment. */
function scripts(selector) {
  const e = document.querySelector(selector);
  if (!e) return null;
  const subs = [...e.querySelectorAll("sub")];
  const style = subs[0] ? getComputedStyle(subs[0]) : null;
  return { text: e.textContent, subs: subs.map((s) => s.textContent), px: style ? Number.parseFloat(style.fontSize) : 0, align: style?.verticalAlign };
}

test("lesson titles show ε_g and κ_max with their scripts in the panel, the overview, the speaker view and the handout", async () => {
  const { page } = lab;
  const steps = (await page.evaluate(() => window.lab.lessons()))[0].steps;
  assert.equal(steps[5].title, "Student and teacher: ε_g live (§3.5.1–3.5.3)", "the built-in lesson's step 6 is the one checked");
  await page.evaluate(() => window.lab.openLesson("chapter", 5));
  const panel = await page.evaluate(scripts, "#lesson-title");
  assert.equal(panel.text, "Student and teacher: εg live (§3.5.1–3.5.3)");
  assert.deepEqual(panel.subs, ["g"]);
  assert.equal(panel.align, "sub");
  assert.ok(panel.px >= 18, `the script is ${panel.px} px, under the projected text's 18 px`);
  await page.evaluate(() => window.lab.openLesson("chapter", 7));
  assert.deepEqual((await page.evaluate(scripts, "#lesson-title")).subs, ["max"]);

  // the overview (O) names each step with its title typeset
  await page.evaluate(() => window.lab.lessonKey("o"));
  const overview = await page.evaluate(() =>
    [...document.querySelectorAll("#lesson-overview button")].map((b) => [...b.querySelectorAll("sub")].map((s) => s.textContent)),
  );
  assert.deepEqual(overview[5], ["g"]);
  assert.deepEqual(overview[7], ["max"]);
  assert.ok(!(await page.evaluate(() => document.getElementById("lesson-overview").textContent)).includes("_"), "no caret is left in the overview");
  await page.evaluate(() => window.lab.lessonKey("Escape"));

  // the speaker view: the step's title and the next step's
  await page.evaluate(() => window.lab.openLesson("chapter", 5));
  const popup = page.context().waitForEvent("page", { timeout: 30_000 });
  await page.evaluate(() => window.lab.openSpeakerView());
  const speaker = await popup;
  await speaker.waitForFunction(() => document.getElementById("speaker-title")?.querySelector("sub")?.textContent === "g");
  await page.evaluate(() => window.lab.openLesson("chapter", 6));
  await speaker.waitForFunction(() => document.getElementById("speaker-next-title")?.querySelector("sub")?.textContent === "max");
  await speaker.close();

  // the handout: each step's heading
  await page.goto(await page.evaluate(() => window.lab.lessonHandoutLink("chapter")));
  await page.waitForFunction(() => document.getElementById("lesson-handout")?.dataset.ready === "true", null, { timeout: 120_000 });
  const handout = await page.evaluate(() =>
    [...document.querySelectorAll(".handout-step h2")].map((h) => ({ text: h.textContent, subs: [...h.querySelectorAll("sub")].map((s) => s.textContent) })),
  );
  assert.equal(handout.length, steps.length);
  assert.deepEqual(handout[5], { text: "Student and teacher: εg live (§3.5.1–3.5.3)", subs: ["g"] });
  assert.deepEqual(handout[7].subs, ["max"]);
  assert.deepEqual(lab.errors, []);
});
