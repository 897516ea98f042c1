// End-to-end tests of "saved work is never lost": a link opened over saved points keeps
// them one Undo away, a damaged saved state keeps its valid parts and names what it dropped, a
// storage that refuses to save says so, another tab's save is told (and a reload keeps both), and
// a link's dropped parts are named in sentences.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { openLab, serve, SIX, withBrowser } from "./harness.mjs";

const KEY = "perceptron-lab/v2";
const THREE = [
  { x: 1, y: 1, label: 1 },
  { x: -1, y: 0.5, label: -1 },
  { x: 0.5, y: -1.5, label: -1 },
];

/** A link (`#v1:` + base64url JSON) of the encoded record `record`. */
const link = (url, record) => `${url}#v1:${Buffer.from(JSON.stringify(record)).toString("base64url")}`;
/** The encoded points `[[x, y, label]…]` of `points`. */
const encoded = (points) => points.map((p) => [p.x, p.y, p.label]);

let server;
before(async () => {
  server = await serve();
});
after(() => server?.close());

const status = (page) => page.textContent("#status");
const points = (page) => page.evaluate(() => window.lab.getState().points);
const storedPoints = (page) => page.evaluate((key) => JSON.parse(localStorage.getItem(key)).p, KEY);
/** Waits until the status line matches `pattern` (it follows on the next frame). */
const statusMatches = (page, pattern) =>
  page.waitForFunction(([source, flags]) => new RegExp(source, flags).test(document.getElementById("status").textContent), [pattern.source, pattern.flags], {
    timeout: 10_000,
  });

test("a link opened over saved points keeps them one Undo away and says so; they stay saved until an edit", async () => {
  await withBrowser(async (context) => {
    const first = await openLab(context, server.url);
    await first.page.evaluate((p) => window.lab.setPoints(p), SIX);
    await first.page.close();
    const { page, errors } = await openLab(context, link(server.url, { p: encoded(THREE), t: 0 }));
    assert.deepEqual(await points(page), THREE, "the link's points open");
    assert.match(await status(page), /^Opened the link's 3 points; Undo brings back your 6 points\.$/);
    assert.deepEqual(await storedPoints(page), encoded(SIX), "the saved points are not written over before an edit");
    await page.evaluate(() => window.lab.setProjector(true)); // the viewer's preference is saved all the same
    assert.equal(await page.evaluate((key) => JSON.parse(localStorage.getItem(key)).P, KEY), true);
    assert.deepEqual(await storedPoints(page), encoded(SIX));
    await page.evaluate(() => window.lab.setProjector(false));
    await page.click("#undo");
    assert.deepEqual(await points(page), SIX, "Undo brings the saved points back");
    assert.deepEqual(await storedPoints(page), encoded(SIX));
    await page.click("#redo");
    assert.deepEqual(await points(page), THREE, "Redo goes to the link's again");
    assert.deepEqual(await storedPoints(page), encoded(THREE), "now saved");
    // a link of the saved points themselves: no message, nothing to undo
    const same = await openLab(context, link(server.url, { p: encoded(THREE), t: 0 }));
    assert.equal(await status(same.page), "");
    assert.equal(await same.page.evaluate(() => document.getElementById("undo").disabled), true);
    assert.deepEqual(errors, []);
    assert.deepEqual(same.errors, []);
  });
});

test("a damaged saved state keeps its valid points and settings and names what it dropped", async () => {
  await withBrowser(async (context) => {
    const { page, errors } = await openLab(context, server.url);
    const damaged = {
      version: 2,
      p: [
        [1, 1, 1],
        [2, 0.5, 1],
        [-1, -1, 7],
        [-1.5, -0.5, -1],
      ],
      t: 1,
      a: ["rosenblatt", 5],
      r: { gamma: 2, notesEta: 0.1 },
    };
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [KEY, JSON.stringify(damaged)]);
    await page.goto(server.url); // no link: the saved state opens
    await page.evaluate(() => window.lab.ready);
    const s = await page.evaluate(() => window.lab.getState());
    assert.deepEqual(s.points, [
      { x: 1, y: 1, label: 1 },
      { x: 2, y: 0.5, label: 1 },
      { x: -1.5, y: -0.5, label: -1 },
    ]);
    assert.equal(s.threshold, true, "the valid mode is kept");
    assert.equal(await page.inputValue("#rule-gamma"), "2", "the valid rule settings are kept");
    const msg = await status(page);
    assert.match(msg, /The saved state had 4 points; point 3 was left out \(label 7 is not one of/);
    assert.match(msg, /The saved state's list of shown rules was not used \(not a list of names\)\./);
    assert.doesNotMatch(msg, /preset/, "no preset replaces the saved points");
    const kept = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)), KEY);
    assert.deepEqual({ p: kept.p, a: kept.a }, { p: damaged.p, a: damaged.a }, "kept as it was until an edit");
    await page.evaluate(() => window.lab.setThreshold(false));
    assert.equal((await storedPoints(page)).length, 3, "an edit saves the valid parts");
    assert.deepEqual(errors, []);
  });
});

test("a storage that refuses to save says so, and the points stay on the page", async () => {
  await withBrowser(async (context) => {
    const page = await context.newPage();
    await page.addInitScript(() => {
      Storage.prototype.setItem = () => {
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      };
    });
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.goto(server.url);
    await page.evaluate(() => window.lab.ready);
    await page.evaluate((p) => window.lab.setPoints(p), SIX);
    await statusMatches(page, /not saved/);
    const msg = await status(page);
    assert.match(msg, /^Your last edit is not saved: this browser's storage is full\./);
    assert.match(msg, /export them \(the CSV or JSON button\) or copy the link\.$/);
    assert.deepEqual(await points(page), SIX, "the points stay");
    // every edit that is not saved says so again
    await page.evaluate(() => window.lab.setThreshold(true));
    await statusMatches(page, /storage is full/);
    assert.deepEqual(errors, []);
  });
});

test("two tabs: an edit in one tells the other, whose reload keeps its points with the other's one Undo away", async () => {
  await withBrowser(async (context) => {
    const a = await openLab(context, server.url);
    await a.page.evaluate((p) => window.lab.setPoints(p), SIX);
    const b = await openLab(context, server.url);
    assert.deepEqual(await points(b.page), SIX, "the second tab opens the saved points");
    await b.page.evaluate((p) => window.lab.setPoints(p), THREE);
    await statusMatches(a.page, /^Another tab saved 3 points in this browser\. This tab keeps its 6 points/);
    assert.deepEqual(await points(a.page), SIX, "this tab's points are kept");
    await a.page.reload();
    await a.page.evaluate(() => window.lab.ready);
    assert.deepEqual(await points(a.page), SIX, "a reload opens this tab's own points");
    assert.match(await status(a.page), /^Reopened this tab's 6 points; Undo brings back the 3 points saved in this browser\.$/);
    await a.page.click("#undo");
    assert.deepEqual(await points(a.page), THREE, "the other tab's points are one Undo away");
    assert.deepEqual(a.errors, []);
    assert.deepEqual(b.errors, []);
  });
});

test("a link's dropped parts are named in sentences, an unknown rule name too", async () => {
  await withBrowser(async (context) => {
    const url = link(server.url, { p: encoded(THREE), t: 0, a: ["rosenblatt", "foo", "minover"], r: "fast", s: -3 });
    const { page, errors } = await openLab(context, url);
    assert.deepEqual(await points(page), THREE, "the picture opens");
    const msg = await status(page);
    assert.match(msg, /The link named an unknown rule 'foo'; it was left out\./);
    assert.match(msg, /The link's rule settings were not used \(the rule settings are not an object\)\./);
    assert.match(msg, /The link's seed was not used \(the seed must be a whole number/);
    assert.doesNotMatch(msg, /link's the /);
    const shown = await page.evaluate(() => [...document.querySelectorAll("#shown input[type=checkbox]")].filter((b) => b.checked).map((b) => b.id));
    assert.ok(shown.includes("show-rosenblatt") && shown.includes("show-minover"), JSON.stringify(shown));
    // two unknown names, and a point that is not [x, y, label]
    await page.goto(link(server.url, { p: [...encoded(THREE), [1, 2]], a: ["foo", "bar"] }));
    await page.reload();
    await page.evaluate(() => window.lab.ready);
    const two = await status(page);
    assert.match(two, /The link named unknown rules 'foo' and 'bar'; they were left out\./);
    assert.match(two, /The link had 4 points; point 4 was left out \(not \[x, y, label\]\)\./);
    assert.deepEqual(await points(page), THREE);
    assert.deepEqual(errors, []);
  });
});
