// The presenter's keys that reach past the step (presenter-keys.test.mjs has the others): F puts
// the page in full screen and F again leaves it, the step unchanged; S opens the speaker view in a
// second window, which shows the step and follows it; "?" lists every presenter key with what it
// does, and Escape closes the list without leaving the lesson.

import assert from "node:assert/strict";
import { test } from "node:test";
import { nextFrame, useLab } from "./harness.mjs";

const lab = useLab({ viewport: { width: 1280, height: 720 } });

/** Presses `key` as a clicker or a keyboard does (a trusted key event: full screen needs one). */
const press = async (key) => {
  await lab.page.keyboard.press(key);
  await nextFrame(lab.page);
};

test("F puts the page in full screen and F again leaves it; the step stays as it was", async () => {
  const { page } = lab;
  await page.evaluate(() => window.lab.openLesson("chapter", 1));
  const before = await page.evaluate(() => window.lab.getState());
  assert.equal(await page.evaluate(() => document.fullscreenElement), null);
  await press("f");
  await page.waitForFunction(() => document.fullscreenElement === document.documentElement);
  const during = await page.evaluate(() => window.lab.getState());
  assert.equal(during.lesson.step, 1);
  assert.deepEqual(during.points, before.points);
  assert.equal(await page.evaluate(() => document.getElementById("status").textContent), "", "no refusal said");
  // capital F too, as a keyboard with Caps Lock sends it
  await press("F");
  await page.waitForFunction(() => document.fullscreenElement === null);
  assert.equal((await page.evaluate(() => window.lab.getState())).lesson.step, 1);
  assert.deepEqual(lab.errors, []);
});

test("S opens the speaker view in a second window, showing the step and following it", async () => {
  const { page } = lab;
  const steps = (await page.evaluate(() => window.lab.lessons()))[0].steps;
  await page.evaluate(() => window.lab.openLesson("chapter", 6));
  const popup = page.context().waitForEvent("page", { timeout: 30_000 });
  await press("s");
  const speaker = await popup;
  assert.match(speaker.url(), /\?speaker$/);
  const shows = (i) => speaker.waitForFunction((title) => document.getElementById("speaker-title")?.textContent === title, steps[i].title.replace(/[_^]/g, ""));
  await shows(6);
  // the presenter's own window keeps the step (S is no step move)
  assert.equal((await page.evaluate(() => window.lab.getState())).lesson.step, 6);
  await page.bringToFront();
  await press("ArrowRight");
  await page.waitForFunction(() => window.lab.getState().lesson.step === 7);
  await shows(7);
  await speaker.close();
  assert.deepEqual(lab.errors, []);
});

test('"?" lists every presenter key with what it does; Escape closes the list and the lesson stays open', async () => {
  const { page } = lab;
  await page.evaluate(() => window.lab.openLesson("chapter", 3));
  await press("?");
  await page.waitForFunction(() => !document.getElementById("lesson-help").hidden);
  const rows = await page.evaluate(() => [...document.querySelectorAll("#lesson-help tr")].map((r) => [...r.cells].map((c) => c.textContent)));
  // each key the presenter has (lesson-keys.js's handler), found in the list's first column
  // with its task named in the second
  const expected = [
    [/→/, /next step/],
    [/←/, /step before/],
    [/PageDown/, /next step/],
    [/PageUp/, /step before/],
    [/Home/, /first/],
    [/End/, /last/],
    [/Space/, /action/],
    [/^R$/, /reset/],
    [/\bB\b/, /black/],
    [/\bW\b/, /white/],
    [/\./, /blank/],
    [/Enter/, /jump/],
    [/\bG\b/, /jump/],
    [/^O$/, /overview/],
    [/^F$/, /full screen/],
    [/^S$/, /speaker view/],
    [/^Q$/, /QR code/],
    [/^\?$/, /these keys/],
    [/Escape/, /leave the lesson/],
  ];
  for (const [key, task] of expected)
    assert.ok(
      rows.some(([k, what]) => key.test(k) && task.test(what)),
      `the list has ${key} for ${task}: ${JSON.stringify(rows)}`,
    );
  // every row says what its key does
  for (const [k, what] of rows) assert.ok(k && what && what.length > 5, `row ${k}: ${what}`);
  // the list is on the screen whole, over the step
  const box = await page.evaluate(() => {
    const r = document.getElementById("lesson-help").getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
  });
  assert.ok(box.top >= 0 && box.left >= 0 && box.bottom <= 720 && box.right <= 1280, `the list fits 1280×720: ${JSON.stringify(box)}`);
  await press("Escape");
  const now = await page.evaluate(() => ({ hidden: document.getElementById("lesson-help").hidden, lesson: window.lab.getState().lesson }));
  assert.equal(now.hidden, true, "Escape closed the list");
  assert.ok(now.lesson, "and did not leave the lesson");
  assert.equal(now.lesson.step, 3);
  assert.deepEqual(lab.errors, []);
});
