// Benchmark of the built-in lesson's actions: for each step whose action runs for a while (the
// animation, the race, the learning-curve sweep), the time from the action's start
// (`lab.lessonAction()`, as Space) to its end — the player stopped at the run's last step, or
// the sweep done — at the step's own speed, with the run's length in steps. At 1280×720, one round.
// Usage: make build && node bench/lesson-actions.mjs
import { launch, openLab, serve } from "../tests/e2e/harness.mjs";

const server = await serve();
const browser = await launch({ viewport: { width: 1280, height: 720 } });
try {
  const { page } = await openLab(browser.context, server.url);
  const titles = (await page.evaluate(() => window.lab.lessons()))[0].steps.map((s) => s.title);
  console.log("time from the action's start to its end at the step's speed, 1280×720");
  console.log("step | title | action | steps | speed (steps/s) | s");
  for (let i = 0; i < titles.length; i++) {
    await page.evaluate((i) => window.lab.openLesson("chapter", i), i);
    const row = await page.evaluate(async () => {
      const lab = window.lab;
      const action = lab.getState().lesson.action.name;
      if (action === "none" || action === "add-example") return { action };
      const t0 = performance.now();
      await lab.lessonAction();
      while (!lab.getState().lesson.action.done) await new Promise((r) => setTimeout(r, 20));
      const s = lab.getState();
      const player = s.compare ?? s.animation;
      return {
        action,
        seconds: (performance.now() - t0) / 1000,
        steps: action === "run-curves" ? null : player.steps,
        speed: action === "run-curves" ? null : player.speed,
      };
    });
    if (row.seconds === undefined) continue;
    console.log(`${i + 1} | ${titles[i]} | ${row.action} | ${row.steps ?? "—"} | ${row.speed ?? "—"} | ${row.seconds.toFixed(1)}`);
  }
} finally {
  await browser.close();
  server.close();
}
