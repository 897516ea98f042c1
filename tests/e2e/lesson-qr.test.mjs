// Q in presenter mode for a lesson of the lecturer's own: the QR code read back from the canvas's
// pixels (jsQR) is the step's link with the lesson in base 41 (`#lesson41=`, what
// www/lessons/lesson-link.js writes for a QR code), which opens the same step in a browser that
// never saw the lesson; its modules are large enough to scan from a projection (≥ 3 CSS px at
// 1280×720). A lesson too long for the largest QR code is said (how long, how long it may be),
// with the link to copy.

import assert from "node:assert/strict";
import { test } from "node:test";
import jsQR from "jsqr";
import { addLessonStep, artifact, launch, nextFrame, openLab, useLab } from "./harness.mjs";

const lab = useLab({ viewport: { width: 1280, height: 720 } });

/** `n` points with coordinates as a click writes them (three decimals), labelled by a line; a seeded generator. */
function points(n, seed) {
  let s = seed;
  const rnd = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  return Array.from({ length: n }, () => {
    const x = Math.round((rnd() * 4 - 2) * 1000) / 1000;
    const y = Math.round((rnd() * 4 - 2) * 1000) / 1000;
    return { x, y, label: x + 0.5 * y > 0 ? 1 : -1 };
  });
}

/** The link with its lesson (`#lesson=`, base64url) in base 41 (`#lesson41=`): written here independently of the page. */
function inBase41(link) {
  const digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ*-./:";
  const at = link.indexOf("#lesson=");
  const bytes = Buffer.from(link.slice(at + "#lesson=".length), "base64url");
  let out = "";
  for (let i = 0; i < bytes.length; i += 2) {
    let v = i + 1 < bytes.length ? bytes[i] * 256 + bytes[i + 1] : bytes[i];
    for (let k = i + 1 < bytes.length ? 3 : 2; k > 0; k--, v = Math.floor(v / 41)) out += digits[v % 41];
  }
  return `${link.slice(0, at)}#lesson41=${out}`;
}

/** Q, then the QR code shown: read back from the canvas's pixels, with its size on the screen. */
async function readQr(page) {
  await page.keyboard.press("q");
  await page.waitForFunction(() => document.querySelector("#lesson-qr canvas")?.dataset.modules || !document.querySelector("#lesson-qr .qr-copy").hidden);
  const shown = await page.evaluate(() => {
    const canvas = document.querySelector("#lesson-qr canvas");
    const box = canvas.getBoundingClientRect();
    const text = document.querySelector("#lesson-qr p");
    const data = canvas.hidden ? null : canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height);
    let pixels = "";
    if (data) for (let i = 0; i < data.data.length; i += 0x8000) pixels += String.fromCharCode(...data.data.subarray(i, i + 0x8000));
    const inside = (r) => r.left >= 0 && r.top >= 0 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
    return {
      hidden: canvas.hidden,
      width: canvas.width,
      height: canvas.height,
      pixels: btoa(pixels),
      modules: Number(canvas.dataset.modules),
      level: canvas.dataset.level,
      cell: Number(canvas.dataset.cell),
      box: { width: box.width, height: box.height },
      text: text.textContent,
      textFontPx: Number.parseFloat(getComputedStyle(text).fontSize),
      everythingInside: [canvas, text].filter((e) => !e.hidden).every((e) => inside(e.getBoundingClientRect())),
      copyShown: !document.querySelector("#lesson-qr .qr-copy").hidden,
      copyValue: document.querySelector("#lesson-qr .qr-copy input").value,
    };
  });
  const decoded = shown.hidden ? null : jsQR(new Uint8ClampedArray(Buffer.from(shown.pixels, "base64")), shown.width, shown.height);
  return { ...shown, decoded: decoded?.data ?? null, version: decoded?.version ?? null };
}

test("Q for a lesson of one's own (four steps of 20 to 50 points): the code read back is the step's link, which opens the same step; its modules are ≥ 3 px", async (t) => {
  const { page } = lab;
  for (const [k, n] of [20, 30, 40, 50].entries()) await addLessonStep(page, points(n, k + 1));
  const mine = (await page.evaluate(() => window.lab.lessons())).find((l) => l.id.startsWith("my-lesson-"));
  assert.equal(mine.steps.length, 4);
  await page.evaluate((id) => window.lab.openLesson(id, 2), mine.id);
  const link = await page.evaluate(() => window.lab.lessonLink(2));
  assert.match(link, /#lesson=/);
  assert.ok(link.length > 1200, `the link is longer than the 1 200 characters of before (${link.length})`);
  const qr = await readQr(page);
  await page.screenshot({ path: artifact("lesson-qr-own-1280x720.png") });
  t.diagnostic(`link ${link.length} characters; QR version ${qr.version}-${qr.level}, ${qr.modules} modules of ${qr.cell} px`);
  assert.ok(qr.decoded, "the QR code on the screen is readable");
  assert.equal(qr.decoded, inBase41(link), "the code holds the step's link, the lesson in base 41");
  assert.equal(qr.modules, 17 + 4 * qr.version);
  assert.ok(qr.version <= 40);
  assert.ok(qr.cell >= 3, `a module is ${qr.cell} CSS px`);
  assert.ok(Math.abs(qr.box.width - qr.cell * (qr.modules + 8)) < 0.5, "the canvas is its modules and the quiet zone, unscaled");
  assert.ok(qr.everythingInside, "the code and its caption fit the screen");
  assert.match(qr.text, /Step 3 of 4/);
  assert.match(qr.text, new RegExp(`${link.length} characters`));
  assert.equal(qr.copyShown, false);
  assert.ok(qr.textFontPx >= 18, `the caption is legible (${qr.textFontPx} px)`);
  await page.keyboard.press("q");
  await nextFrame(page);
  assert.equal(await page.evaluate(() => document.getElementById("lesson-qr").hidden), true);

  // the decoded link, in a browser that never saw the lesson, opens step 3 with its points
  const expected = await page.evaluate(() => window.lab.getState().points);
  const other = await launch({ viewport: { width: 1280, height: 720 } });
  try {
    const { page: phone, errors } = await openLab(other.context, qr.decoded);
    await phone.waitForFunction(() => window.lab.getState().lesson?.step === 2);
    const s = await phone.evaluate(() => window.lab.getState());
    assert.equal(s.lesson.steps, 4);
    assert.deepEqual(s.points, expected);
    assert.deepEqual(errors, []);
    // a damaged one (a character not of base 41) is said, and the page shows the viewer's own points
    const { page: damaged } = await openLab(other.context, `${qr.decoded.slice(0, -1)}a`);
    await damaged.waitForFunction(() => /could not be opened/.test(document.getElementById("status").textContent));
    assert.match(await damaged.textContent("#status"), /damaged/);
  } finally {
    await other.close();
  }
  assert.deepEqual(lab.errors, []);
});

test("Q near the largest QR code: version 36 to 40 still read back at ≥ 3 px a module; a lesson too long for any says how long its link is and how long it may be, and gives the link to copy", async (t) => {
  const { page } = lab;
  const id = (await page.evaluate(() => window.lab.lessons())).find((l) => l.id.startsWith("my-lesson-")).id;
  /** + Step with `n` points (to the same lesson of one's own), then that lesson's link to its first step. */
  const grow = async (n, seed) => {
    await page.evaluate(() => window.lab.closeLesson());
    await addLessonStep(page, points(n, seed));
    await page.evaluate((id) => window.lab.openLesson(id, 0), id);
    return page.evaluate(() => window.lab.lessonLink(0));
  };
  let link = await page.evaluate(() => window.lab.lessonLink(0));
  for (let seed = 50; link.length < 3300; seed++) link = await grow(30, seed);
  assert.ok(link.length <= 3800, `a link of ${link.length} characters`);
  const near = await readQr(page);
  await page.screenshot({ path: artifact("lesson-qr-largest-1280x720.png") });
  t.diagnostic(`link ${link.length} characters; QR version ${near.version}-${near.level}, ${near.modules} modules of ${near.cell} px`);
  assert.equal(near.decoded, inBase41(link));
  assert.ok(near.version >= 36, `version ${near.version}`);
  assert.ok(near.cell >= 3, `a module is ${near.cell} CSS px`);
  assert.ok(near.everythingInside);
  await page.keyboard.press("q");

  // more steps of 120 points each: too long for any QR code
  for (let seed = 100; link.length < 8000; seed++) link = await grow(120, seed);
  const qr = await readQr(page);
  assert.equal(qr.hidden, true, "no QR code is drawn");
  const m = qr.text.match(/This step's link is (\d+) characters long .*holds a link of at most (\d+) characters\./);
  assert.ok(m, `the message says how long the link is and how long it may be: ${qr.text}`);
  assert.equal(Number(m[1]), link.length);
  const most = Number(m[2]);
  assert.ok(most > 3000 && most < link.length, `at most ${most} characters`);
  assert.equal(qr.copyShown, true, "the link is offered to copy");
  assert.equal(qr.copyValue, link);
  assert.ok(qr.everythingInside);
  await page.screenshot({ path: artifact("lesson-qr-too-long-1280x720.png") });
  await page.keyboard.press("q");
  assert.deepEqual(lab.errors, []);
});
