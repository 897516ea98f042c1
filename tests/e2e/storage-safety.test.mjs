// What the browser's storage can do to a user's work, and what the page does about it: two tabs
// adding steps at once keep every step; a storage that refuses to store is said, never claimed
// saved; records the page cannot read (a newer version, damaged JSON, no points, too many steps)
// are kept — in place or aside — and said for as long as the page is open.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { SIX, addLessonStep, openLab, putStoredLessons, serve, storedLessons, withBrowser } from "./harness.mjs";

const STATE = "perceptron-lab/v2";
const STATE_ASIDE = "perceptron-lab/v2-unreadable";
const LESSONS = "perceptron-lab/lessons";

let server;
before(async () => {
  server = await serve();
});
after(() => server?.close());

const status = (page) => page.textContent("#status");

test("two tabs adding steps to one lesson at the same time: every step is stored, and each tab shows them all", async () => {
  await withBrowser(async (context) => {
    const a = await openLab(context, server.url);
    await addLessonStep(a.page, SIX);
    const b = await openLab(context, server.url);
    // each step marked by its first point's x: tab a 1.01…1.05, tab b 2.01…2.05
    const marked = (tab, k) => [{ x: tab + k / 100, y: 0.5, label: 1 }, ...SIX.slice(1)];
    for (let k = 1; k <= 5; k++) await Promise.all([addLessonStep(a.page, marked(1, k)), addLessonStep(b.page, marked(2, k))]);
    const marks = async (page) => (await storedLessons(page)).flatMap((l) => l.steps.map((s) => s.state.points[0][0]));
    const want = [1, 1.01, 1.02, 1.03, 1.04, 1.05, 2.01, 2.02, 2.03, 2.04, 2.05];
    assert.deepEqual((await marks(a.page)).sort(), want, "all eleven steps stored, in one lesson");
    assert.equal((await storedLessons(a.page)).length, 1, "one lesson");
    for (const tab of [a, b]) {
      await tab.page.waitForFunction(() => window.lab.lessons()[1]?.steps.length === 11);
      assert.deepEqual(tab.errors, []);
    }
  });
});

test("a storage that refuses every write: + Step, an import and an edit say that nothing was saved; the work stays on the page and exports", async () => {
  await withBrowser(async (context) => {
    await context.addInitScript(() => {
      const full = () => {
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      };
      Storage.prototype.setItem = full;
      IDBObjectStore.prototype.put = full;
    });
    const { page, errors } = await openLab(context, server.url);
    const said = await addLessonStep(page, SIX);
    assert.match(said, /step 1 of "My lesson" on this page only: it is NOT saved \(this browser's storage is full\)\. Export the lesson/);
    assert.doesNotMatch(said, /Added/);
    assert.equal((await page.evaluate(() => window.lab.lessons()))[1].steps.length, 1, "the step is kept on the page");
    // an import
    await page.click("#lesson-edit");
    const file = JSON.parse(await page.evaluate(() => window.lab.exportLesson()));
    await page.setInputFiles("#lesson-import-file", {
      name: "other.lesson.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify({ ...file, id: "other", title: "Other" })),
    });
    await page.waitForFunction(() => /NOT saved/.test(document.getElementById("lesson-edit-status").textContent));
    const importSaid = await page.textContent("#lesson-edit-status");
    assert.match(importSaid, /^"Other" is open on this page only, NOT saved in this browser \(this browser's storage is full\): Export… keeps it as a file\.$/);
    // an edit in the dialog
    await page.locator('#lesson-steps > li input[data-field="title"]').first().fill("Six points");
    await page.locator('#lesson-steps > li input[data-field="title"]').first().press("Tab");
    await page.waitForFunction(() => /^Changed on this page only, NOT saved/.test(document.getElementById("lesson-edit-status").textContent));
    // Export gives the lesson as it is on the page
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("#lesson-export")]);
    const exported = JSON.parse(readFileSync(await download.path(), "utf8"));
    assert.deepEqual(
      exported.steps.map((s) => [s.title, s.state.points.length]),
      [["Six points", 6]],
    );
    assert.equal(await storedLessons(page), null, "nothing was stored, and nothing said it was");
    assert.equal(await page.evaluate((key) => localStorage.getItem(key), LESSONS), null);
    assert.deepEqual(errors, []);
  });
});

for (const [what, text, kept] of [
  ["of a newer version", JSON.stringify({ version: 3, points: [{ at: [1, 2], class: "a" }] }), STATE],
  ["truncated", '{"version":2,"p":[[1,2,1],[2,0.5,1],[-1', STATE_ASIDE],
  ["without points", JSON.stringify({ version: 2, t: 1, s: 5 }), STATE_ASIDE],
]) {
  test(`a saved state ${what}: the page starts from the preset, and after a reload and an edit the record is still readable ${kept === STATE ? "where it was" : "aside"}`, async () => {
    await withBrowser(async (context) => {
      const { page, errors } = await openLab(context, server.url);
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STATE, text]);
      await page.goto(server.url); // no link: the saved state would open
      await page.evaluate(() => window.lab.ready);
      const said =
        kept === STATE
          ? /newer version of this page \(version 3\); it is kept as it is/
          : /The saved state could not be read \(it .*\); it is kept as it is until your first edit/;
      assert.match(await status(page), said);
      assert.match(await status(page), /Showing the preset\.$/);
      assert.equal(await page.evaluate((key) => localStorage.getItem(key), STATE), text, "untouched at boot");
      await page.reload(); // the tab's link (the preset's picture) over it: untouched too, and said again
      await page.evaluate(() => window.lab.ready);
      assert.match(await status(page), said);
      assert.equal(await page.evaluate((key) => localStorage.getItem(key), STATE), text, "untouched after a reload");
      await page.evaluate(() => window.lab.setThreshold(true)); // one edit
      assert.equal(await page.evaluate((key) => localStorage.getItem(key), kept), text, `the record is kept in ${kept}`);
      if (kept === STATE) {
        await page.waitForFunction(() =>
          /Your edits are not saved in this browser: it holds a state saved by a newer version/.test(document.getElementById("status").textContent),
        );
      } else {
        const saved = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)), STATE);
        assert.equal(saved.t, 1, "the edit is saved");
        await page.evaluate(() => window.lab.setThreshold(false)); // a second edit keeps the first copy aside
        assert.equal(await page.evaluate((key) => localStorage.getItem(key), STATE_ASIDE), text);
      }
      // the editor says so and exports it
      await page.click("#lesson-edit");
      assert.match(await page.textContent("#lesson-kept"), /saved state/);
      const [download] = await Promise.all([page.waitForEvent("download"), page.click("#lesson-export-kept")]);
      assert.equal(JSON.parse(readFileSync(await download.path(), "utf8")).savedState, text);
      assert.deepEqual(errors, []);
    });
  });
}

test("stored lessons the page cannot read (a newer format, 101 steps, a lesson's damaged JSON) are kept as they are through + Step, and said until the page closes", async () => {
  await withBrowser(async (context) => {
    const { page, errors } = await openLab(context, server.url);
    await addLessonStep(page, SIX);
    const [good] = await storedLessons(page);
    const newer = { ...good, format: "perceptron-lab-lesson/2", id: "from-tomorrow", title: "From a newer page", extra: { kept: true } };
    const long = { ...good, id: "long", title: "Too long", steps: Array.from({ length: 101 }, () => good.steps[0]) };
    await putStoredLessons(page, [good, newer, long]);
    await page.reload();
    await page.evaluate(() => window.lab.ready);
    const said = await status(page);
    assert.match(said, /The lesson "From a newer page" saved in this browser could not be read \(the lesson's format must be "perceptron-lab-lesson\/1"/);
    assert.match(said, /The lesson "Too long" saved in this browser could not be read \(the lesson has 101 steps, at most 100 allowed\); it is kept as it is/);
    await addLessonStep(page, SIX.slice(0, 4)); // a write: the unreadable ones go back untouched
    const files = await storedLessons(page);
    assert.equal(files.length, 3);
    assert.equal(files[0].steps.length, 2, "the step added to the readable one");
    assert.deepEqual(files.slice(1), [newer, long], "the unreadable lessons kept as they were");
    // the status line has moved on; the Lessons button is still marked, its group and the editor still say so, and export them
    assert.doesNotMatch(await status(page), /could not be read/);
    assert.ok(await page.evaluate(() => document.getElementById("open-lessons").classList.contains("kept")), "the Lessons button marked");
    assert.match(await page.getAttribute("#open-lessons", "title"), /"Too long" saved in this browser could not be read/);
    assert.match(await page.textContent("#lessons-kept"), /"From a newer page" saved in this browser could not be read/);
    await page.click("#lesson-edit");
    assert.match(await page.textContent("#lesson-kept"), /"From a newer page" saved in this browser could not be read/);
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("#lesson-export-kept")]);
    assert.deepEqual(JSON.parse(readFileSync(await download.path(), "utf8")).lessons, [newer, long]);
    await page.click("#lesson-dialog-close");

    // the first version's list in local storage, damaged (no list at all): kept aside when the store takes it over
    const damaged = JSON.stringify([good]).slice(0, -20);
    await putStoredLessons(page, null);
    await page.evaluate(([key, text]) => localStorage.setItem(key, text), [LESSONS, damaged]);
    await page.reload();
    await page.evaluate(() => window.lab.ready);
    assert.match(await status(page), /The lessons saved in this browser are not readable \(\d+ characters, not a list of lessons\); they are kept as they are/);
    await addLessonStep(page, SIX.slice(0, 3));
    assert.equal(await page.evaluate(() => localStorage.getItem("perceptron-lab/lessons-unreadable")), damaged, "the damaged text kept aside");
    assert.equal((await storedLessons(page)).length, 1, "the new lesson stored");
    assert.equal(await page.evaluate((key) => localStorage.getItem(key), LESSONS), damaged, "the first version's value left where it was");
    assert.deepEqual(errors, []);
  });
});

test("lessons the first version kept in local storage are taken over by the store, and left where they were", async () => {
  await withBrowser(async (context) => {
    const { page, errors } = await openLab(context, server.url);
    await addLessonStep(page, SIX);
    const [lesson] = await storedLessons(page);
    const first = { ...lesson, id: "first-version", title: "From the first version" };
    await putStoredLessons(page, null);
    await page.evaluate(
      ([key, files]) => {
        localStorage.setItem(key, JSON.stringify(files));
        localStorage.setItem("perceptron-lab/my-lesson", "first-version");
      },
      [LESSONS, [first]],
    );
    await page.reload();
    await page.evaluate(() => window.lab.ready);
    assert.ok((await page.evaluate(() => window.lab.lessons().map((l) => l.id))).includes("first-version"), "the first version's lesson is in the menu");
    await addLessonStep(page, SIX.slice(0, 4));
    assert.deepEqual(
      (await storedLessons(page)).map((l) => [l.id, l.steps.length]),
      [["first-version", 2]],
    );
    assert.deepEqual(await page.evaluate((key) => JSON.parse(localStorage.getItem(key)), LESSONS), [first], "the first version's list untouched");
    assert.deepEqual(errors, []);
  });
});

test("where IndexedDB cannot be opened, the lessons are kept in local storage", async () => {
  await withBrowser(async (context) => {
    await context.addInitScript(() => Object.defineProperty(window, "indexedDB", { value: undefined }));
    const { page, errors } = await openLab(context, server.url);
    assert.doesNotMatch(await addLessonStep(page, SIX), /NOT saved/);
    await page.reload();
    await page.evaluate(() => window.lab.ready);
    assert.deepEqual(await page.evaluate((key) => JSON.parse(localStorage.getItem(key)).map((l) => l.steps.length), LESSONS), [1]);
    assert.equal((await page.evaluate(() => window.lab.lessons()))[1].steps.length, 1, "read back after a reload");
    assert.deepEqual(errors, []);
  });
});
