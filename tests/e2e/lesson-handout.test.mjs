// The handout: `?lesson=chapter&handout` (lab.lessonHandoutLink) lays out every step of the
// built-in lesson — title, typeset text, look and try, a picture of its prepared state — and
// printed by Chromium (page.pdf) it gives one page or more per step, each step's title starting a
// page of its own (the PDF's outline: a bookmark per heading, with the page it is on). The
// speaker's notes are printed only with `&notes`: each step's under its text.

import assert from "node:assert/strict";
import { inflateSync } from "node:zlib";
import { test } from "node:test";
import { useLab } from "./harness.mjs";

const lab = useLab({ viewport: { width: 1280, height: 860 } });

/** The PDF's objects' text, with its Flate streams inflated (where the outline and pages are). */
function pdfText(buffer) {
  const latin = buffer.toString("latin1");
  let out = latin;
  const re = /stream\r?\n/g;
  for (let m = re.exec(latin); m; m = re.exec(latin)) {
    const start = m.index + m[0].length;
    const end = latin.indexOf("endstream", start);
    try {
      out += inflateSync(buffer.subarray(start, end)).toString("latin1");
    } catch {
      // not a Flate stream (or an image): left as it is
    }
  }
  return out;
}

/** A PDF text string (a literal `(…)` or UTF-16BE `<FEFF…>`) as text. */
function pdfString(s) {
  if (s.startsWith("<")) {
    const hex = s.slice(1, -1).replace(/\s/g, "");
    const bytes = Buffer.from(hex, "hex");
    let text = "";
    for (let i = 2; i + 1 < bytes.length; i += 2) text += String.fromCharCode((bytes[i] << 8) | bytes[i + 1]);
    return text;
  }
  return s.slice(1, -1).replace(/\\([()\\])/g, "$1");
}

test("the built-in lesson's handout prints one page or more per step, each with its title and picture", async () => {
  const { page } = lab;
  // the titles as the handout typesets them: a caret's script in <sub>/<sup> (ε_g → ε<sub>g</sub>)
  const steps = (await page.evaluate(() => window.lab.lessons()))[0].steps.map((s) => s.title.replace(/[_^]/g, ""));
  const link = await page.evaluate(() => window.lab.lessonHandoutLink("chapter"));
  assert.match(link, /[?&]lesson=chapter&handout$/);
  await assert.rejects(
    page.evaluate(() => window.lab.lessonHandoutLink("no-such-lesson")),
    /no lesson "no-such-lesson"/,
  );
  await page.goto(link);
  await page.waitForFunction(() => window.lab?.ready);
  await page.waitForFunction(() => document.getElementById("lesson-handout")?.dataset.ready === "true", null, { timeout: 120_000 });

  // on the screen: a section per step, its title, its text typeset, a picture that is not blank
  const sections = await page.evaluate(() =>
    [...document.querySelectorAll(".handout-step")].map((s) => {
      const pictures = [...s.querySelectorAll("img")].map((img) => {
        const c = document.createElement("canvas");
        c.width = img.naturalWidth;
        c.height = img.naturalHeight;
        const ctx = c.getContext("2d");
        ctx.drawImage(img, 0, 0);
        const data = ctx.getImageData(0, 0, c.width, c.height).data;
        let dark = 0;
        for (let i = 0; i < data.length; i += 4) if (data[i] + data[i + 1] + data[i + 2] < 3 * 160) dark++;
        return { width: img.naturalWidth, dark };
      });
      return {
        title: s.querySelector("h2").textContent,
        math: s.querySelectorAll(".handout-text math").length,
        text: s.querySelector(".handout-text").textContent,
        notes: [...s.querySelectorAll("p")].filter((p) => p.querySelector("b")?.textContent === "Notes: ").length,
        pictures,
      };
    }),
  );
  assert.deepEqual(
    sections.map((s) => s.title),
    steps,
  );
  for (const [i, s] of sections.entries()) {
    assert.ok(s.pictures.length >= 1, `step ${i + 1} has a picture`);
    for (const p of s.pictures) assert.ok(p.width > 100 && p.dark > 50, `step ${i + 1}'s picture shows something (${p.width} px wide, ${p.dark} dark pixels)`);
    assert.ok(s.math > 0, `step ${i + 1}'s equations are typeset`);
    assert.doesNotMatch(s.text, /\$/, `step ${i + 1} shows no raw TeX`);
    assert.equal(s.notes, 0, `step ${i + 1}: no notes without &notes`);
  }
  // the page's controls are not in the handout
  assert.equal(await page.evaluate(() => document.getElementById("controls").getClientRects().length), 0);
  assert.equal(await page.evaluate(() => document.body.classList.contains("presenter")), false);

  // printed: a page per step at least, each step's heading on its own page, in order
  const pdf = await page.pdf({ format: "A4", outline: true, tagged: true });
  const text = pdfText(pdf);
  const pages = (text.match(/\/Type\s*\/Page\b/g) ?? []).length;
  assert.ok(pages >= steps.length, `${pages} pages for ${steps.length} steps`);
  const pageIds = [...text.matchAll(/(\d+) 0 obj\s*<<(?:(?!endobj)[\s\S])*?\/Type\s*\/Page\b/g)].map((m) => m[1]);
  const bookmarks = [...text.matchAll(/\/Title\s*(\((?:\\.|[^\\)])*\)|<[0-9A-Fa-f\s]+>)(?:(?!endobj)[\s\S])*?\/Dest\s*\[\s*(\d+) 0 R/g)].map((m) => ({
    title: pdfString(m[1]),
    page: m[2],
  }));
  // (a heading wrapped over two lines loses the space at its break in the outline)
  const bare = (t) => t.replace(/\s+/g, "");
  const stepMarks = steps.map((title) => bookmarks.find((b) => bare(b.title) === bare(title)));
  for (const [i, b] of stepMarks.entries()) assert.ok(b, `the PDF's outline has step ${i + 1}'s title "${steps[i]}"`);
  const onPages = stepMarks.map((b) => pageIds.indexOf(b.page));
  assert.ok(
    onPages.every((p) => p >= 0),
    "each title's bookmark points at a page",
  );
  for (let i = 1; i < onPages.length; i++) assert.ok(onPages[i] > onPages[i - 1], `step ${i + 1} starts a page after step ${i}'s (${onPages})`);
  assert.deepEqual(lab.errors, []);
});

/** A text as the page shows rich text: `κ_max`, `x^μ`, `1/κ_max²` without their carets and braces. */
const plain = (t) => t.replace(/[_^]\{([^}]*)\}/g, "$1").replace(/[_^](\S)/g, "$1");

test("with &notes the handout prints each step's notes on its page, and only its own", async () => {
  const { page } = lab;
  await page.goto(lab.server.url);
  await page.waitForFunction(() => window.lab?.ready);
  await page.evaluate(() => window.lab.openLesson("chapter", 0));
  const file = JSON.parse(await page.evaluate(() => window.lab.exportLesson()));
  const link = await page.evaluate(() => window.lab.lessonHandoutLink("chapter"));
  await page.goto(`${link}&notes`);
  await page.waitForFunction(() => window.lab?.ready);
  await page.waitForFunction(() => document.getElementById("lesson-handout")?.dataset.ready === "true", null, { timeout: 120_000 });
  const notes = await page.evaluate(() =>
    [...document.querySelectorAll(".handout-step")].map((s) =>
      [...s.querySelectorAll("p")].filter((p) => p.querySelector("b")?.textContent === "Notes: ").map((p) => p.textContent),
    ),
  );
  assert.equal(notes.length, file.steps.length);
  for (const [i, step] of file.steps.entries()) {
    assert.ok(step.notes.length > 40, `step ${i + 1} of the built-in lesson has notes`);
    assert.deepEqual(notes[i], [`Notes: ${plain(step.notes)}`], `step ${i + 1}'s notes, once`);
  }
  assert.deepEqual(lab.errors, []);
});
