// The main thread under inputs written to harm the page (the corpus of tests/e2e/hostile-links.test.mjs
// and tests/README.md): for each, what the page answers and the main thread's longest gap while it
// reads the input — a heartbeat, a timer every 20 ms, records it (tests/e2e/hostile-inputs.mjs) —
// and the longest task the browser reports (PerformanceObserver "longtask", over 50 ms). The
// page's promise: it never blocks its main thread for more than a second. Each input `rounds`
// times; the slowest round is printed.
// Usage: make build && node bench/hostile-inputs.mjs [rounds]
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateRawSync } from "node:zlib";
import { SIX, launch, openLab, serve } from "../tests/e2e/harness.mjs";
import { lessonWith, points, startHeartbeat, stopHeartbeat, withHeartbeat, zeroBomb } from "../tests/e2e/hostile-inputs.mjs";

const ROUNDS = Number(process.argv[2] ?? 3);

const server = await serve();
const browser = await launch();
try {
  const { page } = await openLab(browser.context, server.url);
  const rules = await page.evaluate(() => [...document.querySelectorAll("#shown input[type=checkbox]")].map((b) => b.id.replace(/^show-/, "")));
  const shown = ["exact", ...rules.filter((n) => n !== "exact").slice(0, 8)];
  const bomb = `#lesson=${(await zeroBomb(1 << 30)).toString("base64url")}`;
  const racing = JSON.stringify(
    await lessonWith(page, "racing", { points: points(10_000), shown, compare: true, animate: "rosenblatt", speed: 10, step: 100_000 }, { action: "race" }),
  );
  const noisy = points(200).map(([x, y, l], i) => [x, y, i % 10 === 0 ? -l : l]);
  const longRace = JSON.stringify(
    await lessonWith(page, "long-race", { points: noisy, shown, compare: true, animate: "rosenblatt", speed: 10, step: 5000 }, { action: "race" }),
  );
  const whole = (n) => ({ p: points(n).map(([x, y, l]) => [Math.round(x), Math.round(y), l]), t: 0 });
  const longHash = `#v1:${Buffer.from(JSON.stringify(whole(150_000))).toString("base64url")}`;
  const manyHash = `#v1:${Buffer.from(JSON.stringify(whole(12_000))).toString("base64url")}`;
  const csv = join(mkdtempSync(join(tmpdir(), "plab-hostile-")), "ten-thousand.csv");
  writeFileSync(
    csv,
    `x1,x2,label\n${points(10_000)
      .map((p) => p.join(","))
      .join("\n")}\n`,
  );
  /** [what, the input handed to the page (as `window.hostile`), what the page runs on it] */
  const inputs = [
    [
      "a 1 GB deflate bomb in a lesson link (1.4 MB)",
      bomb,
      () => import("/www/lessons/lesson-link.js").then((m) => m.readLessonLink({ search: "?step=1", hash: window.hostile })),
    ],
    ["a lesson racing 8 rules on 10 000 points from step 100 000", racing, () => window.lab.importLesson(window.hostile)],
    [
      "a lesson step replaying 5000 race steps of 8 rules on 200 points (opened)",
      longRace,
      () => window.lab.openLesson(window.lab.importLesson(window.hostile), 0).then(() => window.lab.closeLesson()),
    ],
    ["a link of 150 000 points (1.8 MB)", longHash, () => import("/www/files/data-io.js").then((io) => io.decodeHash(window.hostile))],
    [
      "a link of 12 000 points (decoded; opening it, the page refuses it by its count)",
      manyHash,
      () => import("/www/files/data-io.js").then((io) => io.decodeHash(window.hostile)),
    ],
  ];
  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.longTasks.push(e.duration);
    }).observe({ type: "longtask", buffered: false });
  });
  console.log(`the main thread under hostile inputs, Chromium, slowest of ${ROUNDS} rounds`);
  console.log("input | the page answers | longest gap of a 20 ms timer (ms) | longest task (ms)");
  console.log("---|---|---:|---:");
  for (const [what, input, run] of inputs) {
    let gap = 0;
    let task = 0;
    let answer = "";
    for (let r = 0; r < ROUNDS; r++) {
      await page.evaluate((p) => {
        window.lab.setPoints(p);
        return window.lab.settled(60_000);
      }, SIX);
      await page.evaluate((input) => {
        window.hostile = input; // handed over before the heartbeat starts
        window.longTasks = [];
      }, input);
      const out = await withHeartbeat(page, run);
      gap = Math.max(gap, out.longest);
      task = Math.max(task, ...(await page.evaluate(() => window.longTasks)), 0);
      answer = out.error
        ? `refused: ${out.error
            .split("\n")[0]
            .replace(/^.*?Error: /, "")
            .slice(0, 90)}…`
        : "taken";
    }
    console.log(`${what} | ${answer} | ${gap.toFixed(0)} | ${task.toFixed(0)}`);
  }
  // a user's import of 10 000 points (the file input, as a user chooses the file): the rules
  // settle in the worker while the page answers (lab.setPoints settles on the main thread: the
  // automation interface's edits return trained answers)
  let gap = 0;
  let task = 0;
  for (let r = 0; r < ROUNDS; r++) {
    await page.evaluate((p) => {
      window.lab.setPoints(p);
      return window.lab.settled(60_000);
    }, SIX);
    await page.evaluate(() => {
      window.longTasks = [];
    });
    await startHeartbeat(page);
    await page.setInputFiles("#import-file", csv);
    await page.waitForFunction(() => /Imported 10000 points/.test(document.getElementById("status").textContent), null, { timeout: 120_000 });
    await page.evaluate(() => window.lab.settled(600_000));
    gap = Math.max(gap, await stopHeartbeat(page));
    task = Math.max(task, ...(await page.evaluate(() => window.longTasks)), 0);
  }
  console.log(`a CSV of 10 000 points imported from the file input, every rule settled | taken | ${gap.toFixed(0)} | ${task.toFixed(0)}`);
  // the deflated lesson link of the racing lesson, from the address bar: the page starts and says why
  const hash = deflateRawSync(Buffer.from(racing)).toString("base64url");
  const t0 = Date.now();
  const linked = await openLab(browser.context, `${server.url}?step=1#lesson=${hash}`);
  console.log(`(the racing lesson by its link: the page ready and saying why in ${Date.now() - t0} ms)`);
  await linked.page.close();
} finally {
  await browser.close();
  server.close();
}
