// One row per step of the built-in lesson in presenter mode at 1280×720 (or --size WxH): the time
// to open the step, the time its action takes to its end, and the page's layouts (layout.js's
// "layout" performance measures: how many ran and their total ms) when it opens, while its action
// runs and when R resets it.
//  - open: from the key press (→ dispatched as a clicker's keydown, from the step before shown
//    whole; step 1 from the control bar's Present) to the step shown with every rule settled
//    (`lab.settled()`), its equations typeset (the text's aria-busy cleared) and the next frame drawn;
//  - action: from `lab.lessonAction()` (as Space) to its end at the step's own speed — the player
//    stopped at the run's last step, the sweep done; an added example: its rules settled and drawn;
//  - R: `lab.lessonKey("r")` (the key's own path) to the step back, typeset and drawn.
// Each step is opened, run and reset --runs times (default 3); the cells are medians. The load
// average (os.loadavg, as `uptime`) is printed before and after.
// Usage: make build && node bench/lesson-table.mjs [--runs 3] [--size 1280x720]
import { loadavg } from "node:os";
import { launch, openLab, serve } from "../tests/e2e/harness.mjs";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const [width, height] = arg("--size", "1280x720").split("x").map(Number);
const runs = Number(arg("--runs", "3"));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(", ");

const server = await serve();
const browser = await launch({ viewport: { width, height }, groups: false });
try {
  const { page, errors } = await openLab(browser.context, server.url, { groups: false });
  await page.evaluate(() => window.lab.openLesson("chapter", 0));
  const file = JSON.parse(await page.evaluate(() => window.lab.exportLesson()));
  await page.evaluate(() => window.lab.closeLesson());
  const started = new Date().toISOString().slice(0, 16).replace("T", " ");
  console.log(`${started} UTC, ${width}×${height}, ${runs} runs a step; load average at the start ${load()}`);

  /** The layouts since the last call, two frames on: [count, total ms]. */
  const layouts = () =>
    page.evaluate(async () => {
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const m = performance.getEntriesByName("layout");
      performance.clearMeasures("layout");
      return [m.length, m.reduce((s, e) => s + e.duration, 0)];
    });

  /** Opens step `i` as a lecturer does (Present, or → from step i − 1 shown whole); resolves its ms. */
  const open = (i) =>
    page.evaluate(async (i) => {
      const lab = window.lab;
      const frame = () => new Promise((r) => requestAnimationFrame(r));
      const until = async (ok, what) => {
        const t = performance.now();
        while (!ok()) {
          if (performance.now() - t > 120_000) throw new Error(`step ${i + 1}: ${what} took over 120 s`);
          await frame();
        }
      };
      if (i === 0) await lab.closeLesson();
      else {
        await lab.openLesson("chapter", i - 1);
        // the step before's parts revealed, so that → goes on to step i
        for (let s = lab.getState().lesson; s.part + 1 < s.parts; s = lab.getState().lesson) await lab.lessonKey("ArrowRight");
      }
      await frame();
      performance.clearMeasures("layout");
      const t0 = performance.now();
      if (i === 0) document.getElementById("lesson-present").click();
      else window.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
      await until(() => lab.getState().lesson?.step === i, "the step shown");
      await lab.settled(120_000);
      await until(() => document.getElementById("lesson-text").getAttribute("aria-busy") === "false", "typesetting");
      await frame(); // the frame that shows it
      return performance.now() - t0;
    }, i);

  /** Runs the step's action to its end at the step's speed; resolves {name, ms, steps, speed} (ms null: no action). */
  const action = () =>
    page.evaluate(async () => {
      const lab = window.lab;
      const name = lab.getState().lesson.action.name;
      if (name === "none") return { name, ms: null };
      const t0 = performance.now();
      await lab.lessonAction();
      if (name === "add-example") await lab.settled(120_000);
      else
        while (!lab.getState().lesson.action.done) {
          if (performance.now() - t0 > 300_000) throw new Error(`the action ${name} took over 300 s`);
          await new Promise((r) => setTimeout(r, 10));
        }
      await new Promise((r) => requestAnimationFrame(r));
      const ms = performance.now() - t0;
      const s = lab.getState();
      const player = name === "race" ? s.compare : name === "animate" ? s.animation : null;
      return { name, ms, steps: player?.steps ?? null, speed: player?.speed ?? null };
    });

  /** R: the step's prepared state back, typeset and drawn; resolves its ms. */
  const reset = () =>
    page.evaluate(async () => {
      const t0 = performance.now();
      await window.lab.lessonKey("r");
      while (document.getElementById("lesson-text").getAttribute("aria-busy") !== "false") await new Promise((r) => requestAnimationFrame(r));
      await new Promise((r) => requestAnimationFrame(r));
      return performance.now() - t0;
    });

  console.log("| step | title | open ms | action: run, s | R ms | layouts: open | action | R |");
  console.log("|---|---|---|---|---|---|---|---|");
  /** Each action's first run in the page (the sweep's starts the workers), s. */
  const firsts = [];
  for (let i = 0; i < file.steps.length; i++) {
    const rows = { open: [], openLayouts: [], action: [], actionLayouts: [], reset: [], resetLayouts: [] };
    let run = null;
    for (let r = 0; r < runs; r++) {
      rows.open.push(await open(i));
      rows.openLayouts.push(await layouts());
      run = await action();
      if (run.ms !== null) rows.action.push(run.ms);
      rows.actionLayouts.push(await layouts());
      rows.reset.push(await reset());
      rows.resetLayouts.push(await layouts());
    }
    if (rows.action.length) firsts.push(`${i + 1}: ${(rows.action[0] / 1000).toFixed(2)}`);
    const cell = (xs) => `${median(xs.map((x) => x[0]))}, ${median(xs.map((x) => x[1])).toFixed(1)} ms`;
    const nominal = run.steps ? ` (${run.steps} steps at ${run.speed}/s: ${(run.steps / run.speed).toFixed(1)})` : "";
    const act = run.ms === null ? "–" : `${run.name}${nominal}: ${(median(rows.action) / 1000).toFixed(2)}`;
    console.log(
      `| ${i + 1} | ${file.steps[i].title} | ${median(rows.open).toFixed(0)} | ${act} | ${median(rows.reset).toFixed(0)} | ${cell(rows.openLayouts)} | ${run.ms === null ? "–" : cell(rows.actionLayouts)} | ${cell(rows.resetLayouts)} |`,
    );
  }
  console.log(`each action's first run, s (the table has the median): ${firsts.join(", ")}`);
  console.log(`load average at the end ${load()}`);
  if (errors.length) console.log(`page errors: ${errors.join("; ")}`);
} finally {
  await browser.close();
  server.close();
}
