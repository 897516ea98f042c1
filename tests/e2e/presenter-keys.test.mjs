// The presenter's keys: B / "." blank the screen black and W white, the same key brings the step
// back; a step number then Enter or G jumps; Home / End; O lists every step and opens the chosen
// one; the page's own single-key shortcuts (T, C, E, P, A, S, D, 1, 2, V) change nothing of the
// prepared scene while presenting; "?" lists the keys; Escape leaves and the address no longer
// holds the lesson; lab.lessonKey sends the same keys.

import assert from "node:assert/strict";
import { test } from "node:test";
import { SIX, nextFrame, useLab } from "./harness.mjs";

const lab = useLab({ viewport: { width: 1280, height: 720 } });

/** The lesson part of getState() and the overlays shown. */
const lessonNow = () =>
  lab.page.evaluate(() => {
    const shown = (id) => {
      const e = document.getElementById(id);
      return !!e && !e.hidden && e.getClientRects().length > 0;
    };
    return { ...window.lab.getState().lesson, shownBlank: shown("lesson-blank"), shownOverview: shown("lesson-overview"), shownHelp: shown("lesson-help") };
  });

/** What a stray key could change: points, mode, the rules shown, compare, the player, projector mode, the explanations. */
const scene = () =>
  lab.page.evaluate(() => {
    const s = window.lab.getState();
    return {
      points: s.points,
      threshold: s.threshold,
      shown: s.shown,
      compare: s.compare ? { rules: s.compare.rules, step: s.compare.step ?? 0 } : null,
      animation: s.animation,
      projector: s.projector,
      explanationsHidden: document.body.classList.contains("hide-explanations"),
      helpOpen: !!document.querySelector("#help-dialog[open]"),
      url: location.search,
    };
  });

test("B . W blank and restore; a number then Enter or G jumps; Home End; O opens the chosen step; stray keys change nothing; ? lists the keys; Escape leaves and the URL has no lesson", async () => {
  const { page } = lab;
  await lab.setPoints(SIX);
  await page.evaluate(() => window.lab.openLesson("chapter", 0));
  const steps = (await page.evaluate(() => window.lab.lessons()))[0].steps;
  const press = async (key) => {
    await page.keyboard.press(key);
    await nextFrame(page);
  };
  const waitStep = (i) =>
    page.waitForFunction((i) => window.lab.getState().lesson.step === i && document.getElementById("lesson-text").getAttribute("aria-busy") === "false", i);

  // blank black with B, back with B; with "."; white with W; a move over a blank screen shows the step again
  assert.equal((await lessonNow()).blank, null);
  await press("b");
  let now = await lessonNow();
  assert.equal(now.blank, "black");
  assert.ok(now.shownBlank);
  const color = await page.evaluate(() => getComputedStyle(document.getElementById("lesson-blank")).backgroundColor);
  assert.equal(color, "rgb(0, 0, 0)");
  await press("b");
  now = await lessonNow();
  assert.equal(now.blank, null);
  assert.ok(!now.shownBlank);
  await press(".");
  assert.equal((await lessonNow()).blank, "black");
  await press(".");
  assert.equal((await lessonNow()).blank, null);
  await press("w");
  assert.equal((await lessonNow()).blank, "white");
  assert.equal(await page.evaluate(() => getComputedStyle(document.getElementById("lesson-blank")).backgroundColor), "rgb(255, 255, 255)");
  await press("w");
  assert.equal((await lessonNow()).blank, null);

  // 7 Enter: step 7 (index 6); 1 2 G: step 12; 0 Enter: refused with a message, the step stays
  await press("7");
  assert.match(await page.evaluate(() => document.getElementById("lesson-jump").textContent), /Step 7/);
  await press("Enter");
  await waitStep(6);
  assert.equal(await page.evaluate(() => document.getElementById("lesson-title").textContent), steps[6].title);
  await press("1");
  await press("2");
  await press("g");
  await waitStep(11);
  await press("9");
  await press("9");
  await press("Enter");
  await nextFrame(page);
  assert.equal((await lessonNow()).step, 11, "a step the lesson does not have: no jump");
  assert.match(await page.evaluate(() => document.getElementById("status").textContent), /no step 99: the lesson has steps 1 to 13/);

  // Home and End
  await press("Home");
  await waitStep(0);
  await press("End");
  await waitStep(steps.length - 1);

  // O: the overview lists every step (title and thumbnail), the current one chosen; → ← choose,
  // Enter opens; a click opens too; Escape closes it without moving
  await press("o");
  now = await lessonNow();
  assert.ok(now.shownOverview);
  assert.equal(now.overview, steps.length - 1);
  const items = await page.evaluate(() =>
    [...document.querySelectorAll("#lesson-overview button")].map((b) => ({ text: b.textContent, canvas: !!b.querySelector("canvas") })),
  );
  assert.equal(items.length, steps.length);
  items.forEach((item, i) => {
    // (its title typeset: a caret's script in <sub>/<sup>)
    assert.ok(item.text.includes(steps[i].title.replace(/[_^]/g, "")), `overview item ${i + 1} names its step`);
    assert.ok(item.canvas, `overview item ${i + 1} has a thumbnail`);
  });
  await press("Home");
  await press("ArrowRight");
  await press("ArrowRight");
  assert.equal((await lessonNow()).overview, 2);
  await press("ArrowLeft");
  assert.equal((await lessonNow()).overview, 1);
  await press("Enter");
  await waitStep(1);
  now = await lessonNow();
  assert.equal(now.overview, null);
  assert.ok(!now.shownOverview);
  await press("o");
  await page.locator('#lesson-overview button[data-step="4"]').click();
  await waitStep(4);
  await press("o");
  await press("Escape");
  now = await lessonNow();
  assert.equal(now.overview, null);
  assert.equal(now.step, 4, "Escape closed the overview, it did not leave the lesson");

  // stray keys on the race step (compare on, a player set up) change nothing of the scene
  const race = steps.findIndex((s) => /race/i.test(s.title));
  await page.evaluate((i) => window.lab.openLesson("chapter", i), race);
  await waitStep(race);
  const before = await scene();
  assert.ok(before.compare, "the race step compares");
  for (const key of ["t", "T", "c", "C", "e", "E", "p", "P", "a", "A", "s", "d", "1", "2", "v", "x"]) {
    await press(key);
    assert.deepEqual(await scene(), before, `key ${key} left the scene as it was`);
  }
  assert.equal((await lessonNow()).step, race);

  // ? lists the presenter's keys (not the page's help), ? again closes it
  await press("?");
  now = await lessonNow();
  assert.ok(now.shownHelp);
  assert.equal(await page.evaluate(() => !!document.querySelector("#help-dialog[open]")), false);
  const help = await page.evaluate(() => document.getElementById("lesson-help").textContent);
  for (const key of ["PageDown", "Home", "Escape", "full screen", "overview", "blank"]) assert.ok(help.includes(key), `the list names ${key}`);
  await press("?");
  assert.ok(!(await lessonNow()).shownHelp);

  // Q: the step's link as a QR code, large: its text under it is the step's link; the code's size
  // is the smallest QR version that holds the link (level L, bytes), and its three finder patterns
  // (7×7 dark rings around a 3×3 dark centre) sit in three corners
  await press("q");
  await page.waitForFunction(() => document.getElementById("lesson-qr").dataset && document.querySelector("#lesson-qr canvas")?.dataset.modules);
  const qr = await page.evaluate(() => {
    const canvas = document.querySelector("#lesson-qr canvas");
    const n = Number(canvas.dataset.modules);
    const cell = canvas.width / (n + 8);
    const ctx = canvas.getContext("2d");
    const dark = (r, c) => ctx.getImageData(Math.floor((c + 4.5) * cell), Math.floor((r + 4.5) * cell), 1, 1).data[0] < 128;
    const finder = (r0, c0) =>
      Array.from({ length: 7 }, (_, r) =>
        Array.from({ length: 7 }, (_, c) => dark(r0 + r, c0 + c) === (r === 0 || r === 6 || c === 0 || c === 6 || (r >= 2 && r <= 4 && c >= 2 && c <= 4))),
      )
        .flat()
        .every(Boolean);
    const box = canvas.getBoundingClientRect();
    return {
      n,
      text: document.querySelector("#lesson-qr p").textContent,
      link: window.lab.lessonLink(),
      finders: [finder(0, 0), finder(0, n - 7), finder(n - 7, 0)],
      noFinderBottomRight: !finder(n - 7, n - 7),
      side: Math.min(box.width, box.height),
    };
  });
  assert.equal(qr.text, qr.link);
  assert.match(qr.link, /lesson=chapter&step=\d+/);
  // byte-mode capacity of versions 1–6 at level L (ISO/IEC 18004 table 7)
  const capacity = [17, 32, 53, 78, 106, 134];
  const version = capacity.findIndex((c) => c >= new TextEncoder().encode(qr.link).length) + 1;
  assert.ok(version >= 1, "the link fits a small QR code");
  assert.equal(qr.n, 17 + 4 * version);
  assert.deepEqual(qr.finders, [true, true, true]);
  assert.ok(qr.noFinderBottomRight);
  assert.ok(qr.side >= 400, `the code is large on the screen (${qr.side} px)`);
  await press("q");
  assert.equal(await page.evaluate(() => document.getElementById("lesson-qr").hidden), true);

  // lab.lessonKey sends the same keys
  assert.equal(await page.evaluate(() => window.lab.lessonKey("b")), true);
  assert.equal((await lessonNow()).blank, "black");
  assert.equal(await page.evaluate(() => window.lab.lessonKey("ArrowLeft")), true);
  now = await lessonNow();
  assert.equal(now.blank, null, "a move over a blank screen shows the step");
  assert.equal(now.step, race - 1);
  assert.equal(await page.evaluate(() => window.lab.lessonKey("t")), false);
  // nor an inherited name of the key map
  for (const key of ["constructor", "toString", "__proto__", "hasOwnProperty"]) assert.equal(await page.evaluate((k) => window.lab.lessonKey(k), key), false, key);

  // Escape leaves; the address no longer holds the lesson, a reload shows the viewer's own points
  assert.match(await page.evaluate(() => location.search), /lesson=chapter/);
  await press("Escape");
  await page.waitForFunction(() => window.lab.getState().lesson === null);
  const url = await page.evaluate(() => location.href);
  assert.doesNotMatch(url, /lesson|step=/);
  await page.reload();
  await page.waitForFunction(() => window.lab?.ready);
  await page.evaluate(() => window.lab.ready);
  const after = await page.evaluate(() => window.lab.getState());
  assert.equal(after.lesson, null);
  assert.deepEqual(after.points, SIX);
  await assert.rejects(
    page.evaluate(() => window.lab.lessonKey("b")),
    /no lesson is open/,
  );
  assert.deepEqual(lab.errors, []);
});
