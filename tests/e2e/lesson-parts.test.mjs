// Sub-steps: a step built one → at a time. Each → reveals the step's next part (a paragraph, the
// look line, Cover's table) in the place it keeps while invisible, so nothing on the screen
// moves; ← takes a part back; R keeps the parts revealed; a lesson file's `reveal` is checked.

import assert from "node:assert/strict";
import { test } from "node:test";
import { nextFrame, useLab } from "./harness.mjs";

const lab = useLab({ viewport: { width: 1280, height: 720 } });

/** What the screen shows of the step: paragraphs and lines visible, the count table, every region's box. */
const screen = () =>
  lab.page.evaluate(() => {
    const visible = (e) => !!e && getComputedStyle(e).visibility === "visible" && e.getClientRects().length > 0;
    const box = (sel) => {
      const r = document.querySelector(sel)?.getBoundingClientRect();
      return r ? [Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)] : null;
    };
    const l = window.lab.getState().lesson;
    return {
      step: l.step,
      part: l.part,
      parts: l.parts,
      paragraphs: [...document.querySelectorAll("#lesson-text > p")].map(visible),
      look: visible(document.getElementById("lesson-look")),
      count: visible(document.getElementById("count-panel")),
      boxes: ["#data-view", "#weight-view", "#count-panel", "#lesson-text", "#lesson-look", "#lesson-try"].map(box),
    };
  });

test("Cover's count is built one → at a time: the formula, the table, the answer, the look line; nothing moves; ← takes a part back; R keeps them", async () => {
  const { page } = lab;
  const titles = (await page.evaluate(() => window.lab.lessons()))[0].steps.map((s) => s.title);
  const cover = titles.findIndex((t) => /Cover/.test(t));
  await page.evaluate((i) => window.lab.openLesson("chapter", i), cover);
  await page.waitForFunction(() => document.getElementById("lesson-text").getAttribute("aria-busy") === "false");
  await nextFrame(page);
  const press = async (key) => {
    await page.keyboard.press(key);
    await nextFrame(page);
    return screen();
  };
  const first = await screen();
  assert.deepEqual([first.step, first.part, first.parts], [cover, 0, 5]);
  assert.deepEqual(first.paragraphs, [true, false, false], "only the first paragraph before the first →");
  assert.equal(first.look, false);
  assert.equal(first.count, false, "the table (the answer) hidden");
  const seen = [];
  for (let part = 1; part < 5; part++) {
    const now = await press("ArrowRight");
    assert.deepEqual([now.step, now.part], [cover, part]);
    assert.deepEqual(now.boxes, first.boxes, `part ${part + 1}: nothing on the screen moved`);
    seen.push([now.paragraphs.filter(Boolean).length, now.count, now.look]);
  }
  assert.deepEqual(seen, [
    [2, false, false], // the formula
    [2, true, false], // the table
    [3, true, false], // 14 of 16
    [3, true, true], // what to look at
  ]);
  // ← takes the look line back; R puts the step's state back and keeps what was revealed
  let now = await press("ArrowLeft");
  assert.deepEqual([now.part, now.look, now.count], [3, false, true]);
  await page.keyboard.press("r");
  await page.waitForFunction(() => window.lab.getState().lesson.part === 3);
  now = await screen();
  assert.deepEqual([now.step, now.part, now.count], [cover, 3, true]);
  // → past the last part opens the next step at its first part; ← from there shows this one whole
  await press("ArrowRight");
  await press("ArrowRight");
  await page.waitForFunction((i) => window.lab.getState().lesson.step === i, cover + 1);
  await page.keyboard.press("ArrowLeft");
  await page.waitForFunction((i) => window.lab.getState().lesson.step === i, cover);
  await nextFrame(page);
  now = await screen();
  assert.deepEqual([now.part, now.paragraphs, now.look, now.count], [4, [true, true, true], true, true]);
  assert.deepEqual(lab.errors, []);
});

test("the race step: the question first, Space races, then → reveals the rest before the next step", async () => {
  const { page } = lab;
  const titles = (await page.evaluate(() => window.lab.lessons()))[0].steps.map((s) => s.title);
  const race = titles.findIndex((t) => /The race/.test(t));
  await page.evaluate((i) => window.lab.openLesson("chapter", i), race);
  let now = await screen();
  assert.deepEqual([now.part, now.parts, now.paragraphs], [0, 3, [true, false]]);
  await page.evaluate(() => window.lab.lessonAction());
  await page.waitForFunction(() => window.lab.getState().lesson.action.done, null, { timeout: 60000 });
  await page.keyboard.press(" "); // the action has nothing more to do: Space reveals the next part
  await page.waitForFunction(() => window.lab.getState().lesson.part === 1);
  now = await screen();
  assert.equal(now.step, race);
  assert.deepEqual(now.paragraphs, [true, true]);
  assert.deepEqual(lab.errors, []);
});

test("drawn overlays revealed one → at a time: the optimum, the version space, the rules' lines; a race's lines hidden until it has run", async () => {
  const { page } = lab;
  const file = JSON.parse(await page.evaluate(() => window.lab.openLesson("chapter", 0).then(() => window.lab.exportLesson())));
  await page.evaluate(() => window.lab.closeLesson());
  const race = file.steps.find((s) => /The race/.test(s.title));
  const steps = [
    {
      ...file.steps[0],
      views: ["data", "weights"],
      reveal: ["optimum", "version-space", "lines"],
      hide: [],
      action: "none",
      state: { ...file.steps[0].state, shown: ["exact", "rosenblatt", "minover"] },
    },
    { ...race, hide: ["lines", "traces"], reveal: [] },
  ];
  const id = await page.evaluate((json) => window.lab.importLesson(json), JSON.stringify({ ...file, id: "overlays", title: "Overlays", steps }));
  await page.evaluate((id) => window.lab.openLesson(id, 0), id);
  await nextFrame(page);
  /** What the two views drew: the data view's marks, the weight view's marks and shading. */
  const drawn = () =>
    page.evaluate(() => {
      const s = window.lab.getState();
      return {
        optimum: s.marks.includes("optimum"),
        versionSpace: s.weightPlot.versionSpace,
        ruleMarks: s.weightPlot.marks.filter((m) => m.name !== "exact" && m.name !== "teacher").length,
        exactMark: s.weightPlot.marks.some((m) => m.name === "exact"),
      };
    });
  const seen = [await drawn()];
  for (let part = 1; part < 4; part++) {
    await page.keyboard.press("ArrowRight");
    await nextFrame(page);
    seen.push(await drawn());
  }
  const rules = seen[3].ruleMarks;
  assert.ok(rules > 0, "the rules' marks once revealed");
  assert.deepEqual(seen, [
    { optimum: false, versionSpace: false, ruleMarks: 0, exactMark: false },
    { optimum: true, versionSpace: false, ruleMarks: 0, exactMark: true },
    { optimum: true, versionSpace: true, ruleMarks: 0, exactMark: true },
    { optimum: true, versionSpace: true, ruleMarks: rules, exactMark: true },
  ]);
  // the race: its rules' lines out of sight until Space has run it, then where they ended
  await page.evaluate((id) => window.lab.openLesson(id, 1), id);
  await nextFrame(page);
  const before = await page.evaluate(() => window.lab.getState().marks);
  assert.ok(!before.some((m) => m.startsWith("line ")), `no rule's line before the race: ${before}`);
  await page.evaluate(() => window.lab.lessonAction());
  await page.waitForFunction(() => window.lab.getState().lesson.action.done, null, { timeout: 60000 });
  await nextFrame(page);
  const after = await page.evaluate(() => window.lab.getState().marks);
  assert.deepEqual(after.filter((m) => m.startsWith("line ")).sort(), ["line minover", "line rosenblatt"], `the rules' lines after the race: ${after}`);
  await page.evaluate(() => window.lab.closeLesson());
  assert.deepEqual(lab.errors, []);
});

test("a lesson file's reveal is checked: unknown parts, more paragraphs than the text has, a look line it lacks", async () => {
  const { page } = lab;
  const file = JSON.parse(await page.evaluate(() => window.lab.openLesson("chapter", 0).then(() => window.lab.exportLesson())));
  await page.evaluate(() => window.lab.closeLesson());
  const lessons = await page.evaluate(() => window.lab.lessons().length);
  const step = { ...file.steps[0], text: "One.\n\nTwo.", look: "" };
  const tryFile = (reveal) =>
    page.evaluate(
      (json) =>
        Promise.resolve()
          .then(() => window.lab.importLesson(json))
          .then(
            () => "imported",
            (e) => e.message,
          ),
      JSON.stringify({ ...file, id: "parts", title: "Parts", steps: [{ ...step, reveal }] }),
    );
  assert.match(await tryFile(["answer"]), /reveal: unknown part "answer" \(known: text, look, try, traces, eps, count, optimum, version-space, lines\)/);
  assert.match(await tryFile(["text", "text"]), /reveal names "text" 2 times, but the text has 2 paragraph\(s\): at most 1/);
  assert.match(await tryFile(["look"]), /reveal names "look", but the step has no look line/);
  assert.equal(await page.evaluate(() => window.lab.lessons().length), lessons, "nothing imported");
  assert.equal(await tryFile(["text"]), "imported");
  assert.deepEqual(lab.errors, []);
});
