// A lesson's identity: a new lesson gets an id of its own, and a lesson from a link or a file whose
// id is one of the viewer's opens as a copy, named so — the viewer's lesson is never replaced,
// in memory or in storage.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { deflateRawSync } from "node:zlib";
import { SIX, addLessonStep, launch, openLab, putStoredLessons, serve, storedLessons } from "./harness.mjs";

let server;
before(async () => {
  server = await serve();
});
after(() => server?.close());

/** The lessons the page's store holds, as `[{id, title, steps: [step titles]}]`. */
const stored = async (page) => ((await storedLessons(page)) ?? []).map((l) => ({ id: l.id, title: l.title, steps: l.steps.map((s) => s.title) }));

test("a new lesson gets an id of its own; a link and a file with its id open as copies, and its three steps stay stored", async () => {
  const browser = await launch();
  try {
    const { page, errors } = await openLab(browser.context, server.url);
    for (const n of [3, 4, 5]) await addLessonStep(page, SIX.slice(0, n));
    const [mine] = await stored(page);
    assert.match(mine.id, /^my-lesson-[a-z0-9]{8}$/, "an id of its own");
    assert.deepEqual(mine.steps, ["Step 1", "Step 2", "Step 3"]);
    // another browser's new lesson gets another id
    const other = await launch();
    const o = await openLab(other.context, server.url);
    await addLessonStep(o.page, SIX.slice(0, 2));
    const [theirs] = await stored(o.page);
    assert.notEqual(theirs.id, mine.id);
    await other.close();

    // a colleague's lesson that happens to have my lesson's id: one step, another title
    const file = JSON.parse(await page.evaluate(() => window.lab.exportLesson()));
    const colleague = { ...file, title: "Colleague's lesson", steps: [{ ...file.steps[0], title: "Their only step" }] };
    const hash = deflateRawSync(Buffer.from(JSON.stringify(colleague))).toString("base64url");
    const linked = await openLab(browser.context, `${server.url}?step=1#lesson=${hash}`);
    await linked.page.waitForFunction(() => window.lab.getState().lesson !== null);
    const opened = await linked.page.evaluate(() => window.lab.getState().lesson);
    assert.equal(opened.id, `${mine.id}-copy`, "the link's lesson opens under an id of its own");
    assert.equal(opened.title, "Colleague's lesson (copy)", "named a copy");
    assert.equal(opened.steps, 1);
    const inLinkedTab = await linked.page.evaluate(() => window.lab.lessons());
    assert.deepEqual(
      inLinkedTab.find((l) => l.id === mine.id)?.steps.map((s) => s.title),
      ["Step 1", "Step 2", "Step 3"],
      "mine stays as it is in memory",
    );
    // an edit in the tab that opened the link: + Step (the control bar's, hidden in presenter mode) adds to the copy shown, never to mine
    await linked.page.evaluate(() => document.getElementById("lesson-add").click());
    await linked.page.waitForFunction(() => /step 2 of "Colleague's lesson \(copy\)"/.test(document.getElementById("status").textContent));
    await linked.page.close();

    // the same lesson as a file, imported in the editor: a copy again (the same file finds the same copy)
    await page.click("#lesson-edit");
    await page.setInputFiles("#lesson-import-file", { name: "theirs.lesson.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(colleague)) });
    await page.waitForFunction(() => /Imported "Colleague's lesson \(copy\)"/.test(document.getElementById("lesson-edit-status").textContent));
    const after = await stored(page);
    assert.deepEqual(
      after.find((l) => l.id === mine.id),
      mine,
      "my three steps are still stored, unchanged",
    );
    const copies = after.filter((l) => l.id !== mine.id);
    assert.deepEqual(
      copies.map((l) => [l.id, l.title, l.steps.length]),
      [
        [`${mine.id}-copy`, "Colleague's lesson (copy)", 2],
        [`${mine.id}-copy-2`, "Colleague's lesson (copy)", 1],
      ],
      "the link's copy (edited: two steps) and the file's (the link's copy has changed since, so a second copy)",
    );
    // and + Step still adds to my own lesson
    await page.click("#lesson-dialog-close");
    await addLessonStep(page, SIX);
    assert.deepEqual((await stored(page)).find((l) => l.id === mine.id).steps, ["Step 1", "Step 2", "Step 3", "Step 4"]);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test("a lesson written before ids were made unique (`my-lesson`) is still the one + Step adds to", async () => {
  const browser = await launch();
  try {
    const { page, errors } = await openLab(browser.context, server.url);
    await addLessonStep(page, SIX.slice(0, 3));
    const [file] = await storedLessons(page);
    await putStoredLessons(page, [{ ...file, id: "my-lesson" }]);
    await page.evaluate(() => localStorage.removeItem("perceptron-lab/my-lesson"));
    await page.reload();
    await page.evaluate(() => window.lab.ready);
    await addLessonStep(page, SIX.slice(0, 4));
    assert.deepEqual(await stored(page), [{ id: "my-lesson", title: "My lesson", steps: ["Step 1", "Step 2"] }]);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
