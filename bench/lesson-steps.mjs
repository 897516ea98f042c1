// Benchmark of presenter mode: the time to open each step of the built-in lesson at
// 1280×720, from the key press (→, a keydown dispatched in the page, which the presenter's key
// handler takes as a clicker's) to the step shown with every shown rule settled
// (`lab.settled()`), its equations typeset (the text's aria-busy cleared) and the next frame
// drawn. Each step is opened `rounds` times (from the step
// before); the median and the slowest are printed.
// Usage: make build && node bench/lesson-steps.mjs [rounds]
import { launch, openLab, serve } from "../tests/e2e/harness.mjs";

const ROUNDS = Number(process.argv[2] ?? 5);

const server = await serve();
const browser = await launch({ viewport: { width: 1280, height: 720 } });
try {
  const { page } = await openLab(browser.context, server.url);
  const titles = (await page.evaluate(() => window.lab.lessons()))[0].steps.map((s) => s.title);
  console.log(`time from → to the step shown, settled and typeset, 1280×720, median and slowest of ${ROUNDS}`);
  console.log("step | title | median ms | slowest ms");
  const medians = [];
  for (let i = 0; i < titles.length; i++) {
    const times = [];
    for (let r = 0; r < ROUNDS; r++) {
      const ms = await page.evaluate(async (i) => {
        const lab = window.lab;
        /** The step's equations typeset (lesson-view.js clears the text's aria-busy). */
        const typeset = async () => {
          while (document.getElementById("lesson-text").getAttribute("aria-busy") !== "false") await new Promise((r) => requestAnimationFrame(r));
        };
        if (i === 0) {
          // the first step: opened from the control bar's Present, as a lecturer starts
          await lab.closeLesson();
          const t0 = performance.now();
          document.getElementById("lesson-present").click();
          while (lab.getState().lesson?.step !== 0) await new Promise((r) => requestAnimationFrame(r));
          await lab.settled(120_000);
          await typeset();
          await new Promise((r) => requestAnimationFrame(r)); // the frame that shows it
          return performance.now() - t0;
        }
        await lab.openLesson("chapter", i - 1);
        const t0 = performance.now();
        window.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
        while (lab.getState().lesson?.step !== i) await new Promise((r) => requestAnimationFrame(r));
        await lab.settled(120_000);
        await typeset();
        await new Promise((r) => requestAnimationFrame(r)); // the frame that shows it
        return performance.now() - t0;
      }, i);
      times.push(ms);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    medians.push(median);
    console.log(`${i + 1} | ${titles[i]} | ${median.toFixed(0)} | ${times.at(-1).toFixed(0)}`);
  }
  medians.sort((a, b) => a - b);
  console.log(`all steps: median ${medians[Math.floor(medians.length / 2)].toFixed(0)} ms, slowest step's median ${medians.at(-1).toFixed(0)} ms`);
} finally {
  await browser.close();
  server.close();
}
