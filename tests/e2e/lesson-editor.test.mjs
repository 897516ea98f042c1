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
