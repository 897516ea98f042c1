// The speaker view: lab.openSpeakerView() opens a second window that shows the step's notes, the
// next step's title and thumbnail and a clock; → in it advances the main window, and → in the
// main window advances it (BroadcastChannel between the two).

import assert from "node:assert/strict";
import { test } from "node:test";
import { nextFrame, useLab } from "./harness.mjs";

const lab = useLab({ viewport: { width: 1280, height: 720 } });

test("the speaker view opens as a second window, shows notes and the next step, and stepping in either window steps both", async () => {
  const { page } = lab;
  await page.evaluate(() => window.lab.openLesson("chapter", 1));
  const file = JSON.parse(await page.evaluate(() => window.lab.exportLesson()));
  assert.ok(
    file.steps.every((s) => s.notes && s.notes.length > 40),
    "every step of the built-in lesson has notes",
  );
  const popup = page.context().waitForEvent("page");
  await page.evaluate(() => window.lab.openSpeakerView());
  const speaker = await popup;
  const shows = (i) =>
    speaker.waitForFunction(
      ([title, next]) => document.getElementById("speaker-title")?.textContent === title && document.getElementById("speaker-next-title").textContent === next,
      // the titles typeset: a caret's script in <sub>/<sup> (ε_g → ε<sub>g</sub>)
      [file.steps[i].title.replace(/[_^]/g, ""), file.steps[i + 1]?.title.replace(/[_^]/g, "") ?? "(the last step)"],
    );
  await shows(1);
  assert.equal(await speaker.evaluate(() => document.getElementById("speaker-notes").textContent), file.steps[1].notes);
  assert.equal(await speaker.evaluate(() => document.querySelectorAll("#speaker-next-thumb canvas").length), 1);
  assert.match(await speaker.evaluate(() => document.getElementById("speaker-now").textContent), /\d/);
  assert.match(await speaker.evaluate(() => document.getElementById("speaker-elapsed").textContent), /^\d+:\d\d since the start$/);
  // the notes are for the speaker only: the main window does not show them
  assert.ok(!(await page.evaluate(() => document.body.innerText)).includes(file.steps[1].notes.slice(0, 30)));

  // → in the speaker view advances the main window
  await speaker.keyboard.press("ArrowRight");
  await page.waitForFunction(() => window.lab.getState().lesson.step === 2);
  await shows(2);
  // its Next button too: step 3 is built one → at a time, and the speaker view counts its parts
  const parts = file.steps[2].reveal.length + 1;
  assert.ok(parts > 1, "step 3 of the built-in lesson has parts");
  await speaker.waitForFunction((n) => document.getElementById("speaker-count").textContent.includes(`part 1 of ${n}`), parts);
  await speaker.locator('#speaker button[data-key="ArrowRight"]').click();
  await page.waitForFunction(() => window.lab.getState().lesson.step === 2 && window.lab.getState().lesson.part === 1);
  await speaker.waitForFunction((n) => document.getElementById("speaker-count").textContent.includes(`part 2 of ${n}`), parts);
  for (let k = 2; k <= parts; k++) await speaker.locator('#speaker button[data-key="ArrowRight"]').click();
  await page.waitForFunction(() => window.lab.getState().lesson.step === 3);
  await shows(3);
  // → in the main window advances the speaker view; ← from the next step's first part goes back
  // (between two steps shown whole: Gibbs and Bayes, then stability)
  await page.evaluate(() => window.lab.openLesson("chapter", 6));
  await shows(6);
  await page.keyboard.press("ArrowRight");
  await page.waitForFunction(() => window.lab.getState().lesson.step === 7);
  await shows(7);
  await page.keyboard.press("ArrowLeft");
  await shows(6);
  // B in the speaker view blanks the main screen
  await speaker.keyboard.press("b");
  await page.waitForFunction(() => window.lab.getState().lesson.blank === "black");
  await speaker.keyboard.press("b");
  await page.waitForFunction(() => window.lab.getState().lesson.blank === null);
  // the last step: the speaker view says so
  await page.evaluate((i) => window.lab.openLesson("chapter", i), file.steps.length - 1);
  await nextFrame(page);
  await shows(file.steps.length - 1);
  // the lesson left: the speaker view says none is presented
  await page.evaluate(() => window.lab.closeLesson());
  await speaker.waitForFunction(() => /No lesson/.test(document.getElementById("speaker-status").textContent));
  await speaker.close();
  await assert.rejects(
    page.evaluate(() => window.lab.openSpeakerView()),
    /no lesson is open/,
  );
  assert.deepEqual(lab.errors, []);
});
