// Links, files and lesson text written to harm the page: a deflate bomb, a lesson that would
// replay 10¹² steps, a link of 150 000 points, names the page's objects inherit, TeX that names
// the page's elements. Each is refused with a message naming the value and the limit (or made
// harmless) before the heavy work would start, and the page keeps working. A heartbeat (a timer
// every 20 ms) records the main thread's longest gap while the input is read; it is reported as
// a diagnostic of the test run (`node --test` prints it), not asserted: no test asserts a time.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { deflateRawSync } from "node:zlib";
import { SIX, launch, openLab, serve } from "./harness.mjs";
import { lessonWith, points, withHeartbeat, zeroBomb } from "./hostile-inputs.mjs";

let server;
let browser;
before(async () => {
  server = await serve();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  server?.close();
});

test("a 1 GB deflate bomb in a lesson link is refused at the file-import limit, by name", async (t) => {
  const bomb = (await zeroBomb(1 << 30)).toString("base64url");
  assert.ok(bomb.length < 2_000_000, `the link fits a URL (${bomb.length} characters)`);
  const { page, errors } = await openLab(browser.context, server.url);
  await page.evaluate((hash) => {
    window.bomb = `#lesson=${hash}`; // handed over before the heartbeat starts
  }, bomb);
  const read = await withHeartbeat(page, () => import("/www/lessons/lesson-link.js").then((m) => m.readLessonLink({ search: "?step=1", hash: window.bomb })));
  assert.equal(read.value, undefined, "not opened");
  assert.match(read.error, /inflates to more than 4194304 bytes, the most a lesson file may have \(4 MiB\)/);
  t.diagnostic(`the heartbeat's longest gap: ${Math.round(read.longest)} ms`);
  // from the address bar: the page starts, says so, and shows the viewer's own points
  await page.evaluate((p) => window.lab.setPoints(p), SIX);
  const opened = await openLab(browser.context, `${server.url}?step=1#lesson=${bomb}`);
  assert.match(await opened.page.textContent("#status"), /This link's lesson could not be opened \(the link's lesson inflates to more than 4194304 bytes/);
  assert.equal((await opened.page.evaluate(() => window.lab.getState())).points.length, SIX.length, "the viewer's points");
  await opened.page.close();
  await page.close();
  assert.deepEqual(errors, []);
  assert.deepEqual(opened.errors, []);
});

test("the 10 000-point lesson racing every rule from step 100 000 is refused before any step, naming steps × points × rules and the budget", async (t) => {
  const { page, errors } = await openLab(browser.context, server.url);
  const rules = await page.evaluate(() => [...document.querySelectorAll("#shown input[type=checkbox]")].map((b) => b.id.replace(/^show-/, "")));
  const racing = rules.filter((n) => n !== "exact").slice(0, 8);
  assert.equal(racing.length, 8, `8 rules to race (${racing})`);
  const shown = ["exact", ...racing];
  const lesson = await lessonWith(page, "racing", { points: points(10_000), shown, compare: true, animate: "rosenblatt", speed: 10, step: 100_000 }, { action: "race" });
  const imported = await withHeartbeat(page, (json) => window.lab.importLesson(json), JSON.stringify(lesson));
  // 10⁵ steps × 10⁴ points × 8 rules = 8·10⁹
  const budget = /step 100000 × 10000 points × 8 rules = 8\.0e\+9 steps to replay when it opens, at most 1e\+7/;
  assert.match(imported.error ?? "(imported)", budget);
  t.diagnostic(`the heartbeat's longest gap: ${Math.round(imported.longest)} ms`);
  assert.equal((await page.evaluate(() => window.lab.lessons())).length, 1, "only the built-in lesson");
  // the same lesson by its link: refused at once, the page's own points shown
  const hash = deflateRawSync(Buffer.from(JSON.stringify(lesson))).toString("base64url");
  await page.evaluate((p) => window.lab.setPoints(p), SIX);
  const linked = await openLab(browser.context, `${server.url}?step=1#lesson=${hash}`);
  assert.match(await linked.page.textContent("#status"), budget);
  const state = await linked.page.evaluate(() => window.lab.getState());
  assert.equal(state.lesson, null);
  assert.equal(state.points.length, SIX.length);
  // under the budget (100 points, step 1000, every rule: 100 × 1000 × rules ≤ 10⁷) the step opens with its steps taken
  const small = await lessonWith(page, "small-race", { points: points(100), shown, compare: true, animate: "rosenblatt", speed: 10, step: 1000 }, { action: "race" });
  const id = await page.evaluate((json) => window.lab.importLesson(json), JSON.stringify(small));
  await page.evaluate((id) => window.lab.openLesson(id, 0), id);
  const race = await page.evaluate(() => [window.lab.getState().lesson?.id, window.lab.getState().compare?.step]);
  assert.equal(race[0], id, "opened");
  assert.ok(race[1] > 0 && race[1] <= 1000, `with its race steps taken (until the race stops, at most 1000): ${race[1]}`);
  await linked.page.close();
  await page.close();
  assert.deepEqual(errors, []);
  assert.deepEqual(linked.errors, []);
});

test("a step's race steps are replayed in slices: the page answers part-way through them", async () => {
  const { page, errors } = await openLab(browser.context, server.url);
  const rules = await page.evaluate(() => [...document.querySelectorAll("#shown input[type=checkbox]")].map((b) => b.id.replace(/^show-/, "")));
  const shown = ["exact", ...rules.filter((n) => n !== "exact").slice(0, 8)];
  // 200 points, every tenth label flipped (no rule stops early), 5000 race steps of 8 rules: 8·10⁶ ≤ 10⁷
  const noisy = points(200).map(([x, y, l], i) => [x, y, i % 10 === 0 ? -l : l]);
  const lesson = await lessonWith(page, "long-race", { points: noisy, shown, compare: true, animate: "rosenblatt", speed: 10, step: 5000 }, { action: "race" });
  const id = await page.evaluate((j) => window.lab.importLesson(j), JSON.stringify(lesson));
  const seen = await page.evaluate(async (id) => {
    const steps = [];
    let watching = true;
    const watch = () => {
      steps.push(window.lab.getState().compare?.step ?? null);
      if (watching) setTimeout(watch, 10);
    };
    setTimeout(watch, 0);
    await window.lab.openLesson(id, 0);
    watching = false;
    return { steps, final: window.lab.getState().compare?.step };
  }, id);
  assert.equal(seen.final, 5000, "every step taken");
  const partWay = seen.steps.filter((n) => n !== null && n > 0 && n < 5000);
  assert.ok(partWay.length > 0, `the page answered while the steps were replayed (seen: ${[...new Set(seen.steps)].slice(0, 20)})`);
  await page.close();
  assert.deepEqual(errors, []);
});

test("a link of 150 000 points (1.8 MB) is refused by its length before any decoding", async (t) => {
  // whole coordinates, so that 150 000 points fit the 2 MB a URL may have
  const record = { p: points(150_000).map(([x, y, l]) => [Math.round(x), Math.round(y), l]), t: 0 };
  const hash = `#v1:${Buffer.from(JSON.stringify(record)).toString("base64url")}`;
  assert.ok(hash.length > 1_500_000 && hash.length < 2_000_000, `${hash.length} characters`);
  const { page, errors } = await openLab(browser.context, server.url);
  await page.evaluate((p) => window.lab.setPoints(p), SIX);
  await page.evaluate((hash) => {
    window.longHash = hash; // handed over before the heartbeat starts
  }, hash);
  const read = await withHeartbeat(page, () => import("/www/files/data-io.js").then((io) => io.decodeHash(window.longHash)));
  assert.match(read.error ?? "(decoded)", new RegExp(`the link's state is ${hash.length} characters long, at most 1048576`));
  t.diagnostic(`the heartbeat's longest gap: ${Math.round(read.longest)} ms`);
  const page2 = await browser.context.newPage();
  page2.on("pageerror", (e) => errors.push(String(e)));
  await page2.goto(server.url + hash);
  await page2.evaluate(() => window.lab.ready);
  assert.match(
    await page2.textContent("#status"),
    /This link's picture could not be opened \(the link's state is \d+ characters long, at most 1048576\); showing your saved points instead\./,
  );
  assert.equal((await page2.evaluate(() => window.lab.getState())).points.length, SIX.length);
  await page2.close();
  await page.close();
  assert.deepEqual(errors, []);
});

test("a link of 12 000 points within the length limit is refused by its count, naming it, before the points are checked one by one", async () => {
  const record = { p: points(12_000).map(([x, y, l]) => [Math.round(x), Math.round(y), l]), t: 0 };
  const hash = `#v1:${Buffer.from(JSON.stringify(record)).toString("base64url")}`;
  const { page, errors } = await openLab(browser.context, server.url);
  await page.evaluate((p) => window.lab.setPoints(p), SIX);
  const page2 = await browser.context.newPage();
  page2.on("pageerror", (e) => errors.push(String(e)));
  await page2.goto(server.url + hash);
  await page2.evaluate(() => window.lab.ready);
  assert.match(
    await page2.textContent("#status"),
    /This link's picture could not be opened \(the link has 12000 points, at most 10000 allowed\); showing your saved points instead\./,
  );
  assert.equal((await page2.evaluate(() => window.lab.getState())).points.length, SIX.length);
  await page2.close();
  await page.close();
  assert.deepEqual(errors, []);
});

test("?hide= with a name every object inherits starts the page and names it as unknown", async () => {
  for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
    const { page, errors } = await openLab(browser.context, `${server.url}?hide=${name},curves`);
    assert.match(await page.textContent("#status"), new RegExp(`names parts this page does not have: ${name.replace(/_/g, "_")} \\(known:`));
    assert.equal(await page.evaluate(() => document.querySelector("#curves").hidden), true, "the known part is hidden");
    await page.evaluate((p) => window.lab.setPoints(p), SIX);
    assert.equal((await page.evaluate(() => window.lab.getState())).points.length, SIX.length, "the page works");
    await page.close();
    assert.deepEqual(errors, [], name);
  }
});

test("the lesson check refuses inherited names and an empty rule list; a step that cannot be put on the page is refused whole", async () => {
  const { page, errors } = await openLab(browser.context, server.url);
  await page.evaluate((p) => window.lab.setPoints(p), SIX);
  const before = await page.evaluate(() => [window.lab.getState().points, window.lab.lessons()]);
  const state = {
    points: [
      [1, 2, 1],
      [-1, -1, -1],
    ],
  };
  const curves = (algorithms) => ({ ...state, curves: { fields: { "lc-n": "5" }, algorithms } });
  const cases = [
    [{ views: ["toString"] }, state, /step 1: views: unknown view "toString"/],
    [{ views: ["__proto__"] }, state, /step 1: views: unknown view "__proto__"/],
    [{ controls: ["constructor"] }, state, /step 1: controls: unknown control "constructor"/],
    [{ controls: ["hasOwnProperty"] }, state, /step 1: controls: unknown control "hasOwnProperty"/],
    ...["toString", "constructor", "__proto__", "hasOwnProperty"].map((check) => [{ task: { check, value: 1, text: "x" } }, state, /task: check must be one of/]),
    [{ views: ["curves"], action: "run-curves" }, curves([]), /step 1: curves: the learning-curve form names no algorithm/],
  ];
  for (const [extra, s, message] of cases) {
    const lesson = await lessonWith(page, "bad", s, extra);
    const err = await page.evaluate((j) => {
      try {
        window.lab.importLesson(j);
        return null;
      } catch (e) {
        return e.message;
      }
    }, JSON.stringify(lesson));
    assert.match(err ?? "(accepted)", message);
  }
  assert.deepEqual(await page.evaluate(() => [window.lab.getState().points, window.lab.lessons()]), before, "nothing changed");
  // a form the check passes but the panel refuses (N = "abc"): the step is refused whole, the page as it was
  const odd = await lessonWith(page, "odd-form", { ...state, curves: { fields: { "lc-n": "abc" }, algorithms: ["hebb"] } }, { views: ["curves"], action: "run-curves" });
  const id = await page.evaluate((j) => window.lab.importLesson(j), JSON.stringify(odd));
  const err = await page.evaluate(
    (id) =>
      window.lab.openLesson(id, 0).then(
        () => null,
        (e) => e.message,
      ),
    id,
  );
  assert.match(err ?? "(opened)", /step 1 of "odd-form" could not be opened \(N must be a whole number/);
  const after = await page.evaluate(() => window.lab.getState());
  assert.equal(after.lesson, null, "no lesson half-open");
  assert.deepEqual(after.points, before[0], "the viewer's own points");
  await page.evaluate(() => window.lab.setThreshold(true));
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("perceptron-lab/v2")));
  assert.deepEqual([stored.p.length, stored.t], [before[0].length, 1], "an edit after the refusal is saved as ever");
  await page.close();
  assert.deepEqual(errors, []);
});

test("\\label{status} and \\ref{x} in a lesson's text: the page's status line stays its own, and no link from TeX changes the address", async () => {
  const { page, errors } = await openLab(browser.context, server.url);
  const text = "Here $\\label{status}x = 1$ and $$\\label{lesson-action} y = 2$$ and $\\ref{x}$ and $\\eqref{status}$.";
  const lesson = await lessonWith(
    page,
    "tex-ids",
    {
      points: [
        [1, 2, 1],
        [-1, -1, -1],
      ],
    },
    { text },
  );
  const id = await page.evaluate((j) => window.lab.importLesson(j), JSON.stringify(lesson));
  await page.evaluate((id) => window.lab.openLesson(id, 0), id);
  await page.waitForFunction(() => document.getElementById("lesson-text").getAttribute("aria-busy") === "false");
  assert.ok(await page.evaluate(() => document.querySelectorAll("#lesson-text math").length >= 2), "the formulas are typeset");
  const ids = await page.evaluate(() => ({
    status: document.querySelectorAll("#status").length,
    action: document.querySelectorAll("#lesson-action").length,
    inText: [...document.querySelectorAll("#lesson-text [id]")].map((e) => e.id),
    links: [...document.querySelectorAll("#lesson-text [href]")].map((e) => e.getAttribute("href")),
  }));
  assert.deepEqual(ids, { status: 1, action: 1, inText: [], links: [] });
  // the status line still speaks in its own place, not inside a formula
  await page.evaluate(() => window.lab.closeLesson());
  await page.evaluate(() =>
    window.lab.setPoints([
      { x: 1, y: 1, label: 1 },
      { x: 2, y: 2, label: -1 },
      { x: 3, y: 3, label: 1 },
    ]),
  );
  await page.waitForFunction(() => /separable/.test(document.getElementById("status").textContent));
  assert.equal(await page.evaluate(() => document.getElementById("status").closest("#lesson-text")), null);
  // a click on every typeset piece leaves the address as it was
  await page.evaluate((id) => window.lab.openLesson(id, 0), id);
  await page.waitForFunction(() => document.getElementById("lesson-text").getAttribute("aria-busy") === "false");
  const address = await page.evaluate(() => location.href);
  for (const el of await page.locator("#lesson-text math *").all()) await el.click({ force: true, timeout: 2000 }).catch(() => {});
  assert.equal(await page.evaluate(() => location.href), address);
  await page.close();
  assert.deepEqual(errors, []);
});
