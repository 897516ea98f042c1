// The lesson editor takes any text: typed key by key into a step's text (a textarea), its look
// field and the lesson's title, spaces, punctuation and letters that are page shortcuts elsewhere
// (T, C, P, E, S, space) are saved exactly and reach no shortcut (getState() is unchanged); Tab
// after a field lands on the next field, not on the page's body.

import assert from "node:assert/strict";
import { test } from "node:test";
import { SIX, useLab } from "./harness.mjs";

const lab = useLab({ viewport: { width: 1280, height: 860 } });

test('typing "one two  three — κ ≥ 0" into a step\'s text saves exactly that, changes nothing else and keeps the focus in the editor', async () => {
  const { page } = lab;
  await lab.setPoints(SIX);
  await page.locator("#lesson-add").click();
  await page.evaluate(() => window.lab.settled());
  const before = await lab.state();
  const bodyClasses = await page.evaluate(() => document.body.className);
  await page.locator("#lesson-edit").click();
  const text = "one two  three — κ ≥ 0";
  const textarea = page.locator('#lesson-steps li:first-child textarea[data-field="text"]');
  await textarea.click();
  await textarea.pressSequentially(text);
  await page.keyboard.press("Tab");
  // the focus went on to the next field of the step (its look line), not to the page
  const focused = await page.evaluate(() => ({
    field: document.activeElement?.dataset?.field ?? document.activeElement?.tagName,
    inDialog: !!document.activeElement?.closest("dialog"),
  }));
  assert.deepEqual(focused, { field: "look", inDialog: true });
  const look = "Note the step count: T, C, P, E, S; (done).";
  await page.keyboard.type(look);
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement?.dataset?.field), "try", "Tab after the look field lands on the try field");
  // the lesson's title: letters and spaces too
  const title = page.locator("#lesson-edit-title");
  await title.click();
  await title.press("Control+a");
  await title.pressSequentially("A talk, step by step");
  await title.press("Enter");
  await page.locator('#lesson-steps li:first-child input[data-field="title"]').click();
  assert.equal(await page.evaluate(() => document.activeElement?.dataset?.field), "title", "a click lands on the field clicked");

  const file = JSON.parse(await page.evaluate(() => window.lab.exportLesson()));
  assert.equal(file.steps[0].text, text);
  assert.equal(file.steps[0].look, look);
  assert.equal(file.title, "A talk, step by step");
  assert.equal(await textarea.inputValue(), text, "the field shows what was typed");
  // nothing else changed: no shortcut reached the page
  assert.deepEqual(await lab.state(), before);
  assert.equal(await page.evaluate(() => document.body.className), bodyClasses, "projector mode and the explanations as they were");
  assert.equal(await page.evaluate(() => document.querySelector("#help-dialog[open]")), null);
  await page.locator("#lesson-dialog-close").click();
  assert.deepEqual(lab.errors, []);
});

test("a step built one → at a time from the editor: its parts typed as words are saved, a part it cannot have is refused by name", async () => {
  const { page } = lab;
  await page.locator("#lesson-edit").click();
  const textarea = page.locator('#lesson-steps li:first-child textarea[data-field="text"]');
  await textarea.fill("First.\n\nSecond.");
  await textarea.press("Tab");
  const reveal = page.locator('#lesson-steps li:first-child input[data-field="reveal"]');
  await reveal.fill("text, look");
  await reveal.press("Tab");
  await page.waitForFunction(() => /Saved in this browser/.test(document.getElementById("lesson-edit-status").textContent));
  let file = JSON.parse(await page.evaluate(() => window.lab.exportLesson()));
  assert.deepEqual(file.steps[0].reveal, ["text", "look"]);
  await page.locator('#lesson-steps li:first-child input[data-field="reveal"]').fill("text text");
  await page.locator('#lesson-steps li:first-child input[data-field="reveal"]').press("Tab");
  await page.waitForFunction(() => /^Not changed/.test(document.getElementById("lesson-edit-status").textContent));
  assert.match(await page.textContent("#lesson-edit-status"), /reveal names "text" 2 times, but the text has 2 paragraph\(s\): at most 1/);
  file = JSON.parse(await page.evaluate(() => window.lab.exportLesson()));
  assert.deepEqual(file.steps[0].reveal, ["text", "look"], "the refused edit changed nothing");
  assert.equal(await page.locator('#lesson-steps li:first-child input[data-field="reveal"]').inputValue(), "text, look", "the field shows the step as it is");
  await page.locator("#lesson-dialog-close").click();
  // presented: two parts revealed by →
  const id = file.id;
  await page.evaluate((id) => window.lab.openLesson(id, 0), id);
  assert.deepEqual(await page.evaluate(() => [window.lab.getState().lesson.part, window.lab.getState().lesson.parts]), [0, 3]);
  await page.evaluate(() => window.lab.closeLesson());
  assert.deepEqual(lab.errors, []);
});
