// Where the main thread's time goes in a drag (which tasks run long, and why): one set of
// bench/settle.mjs (P points, "teacher" / "small-margin" / "noisy", through the origin or with a
// threshold, the --show= rules shown too), a drag of 100 moves, one per frame, under Chromium's
// tracing; printed per thread: the tasks' wall and CPU (thread) time, how many took over 50 ms of
// wall time (the long tasks) and of CPU time (on a loaded machine the wall time of a task grows
// with the waiting for a core; its CPU time much less); the frames' JS (the animation-frame
// callbacks: the page's drawing calls) and the commit's rasterisation of the canvases
// (LayerTreeHost::DoUpdateLayers: a 2-D canvas's recorded calls are rasterised there, on the main
// thread, outside the page's own timing), and the canvas's costliest draw calls in it.
// Usage: make build && node bench/drag-trace.mjs [P] [kind] [origin|threshold] [--show=rule,rule,…]
import { launch, lineSet, openLab, serve, showRules } from "../tests/e2e/harness.mjs";

const args = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const P = Number(args[0] ?? 1000);
const KIND = args[1] ?? "noisy";
const THRESHOLD = (args[2] ?? "threshold") === "threshold";
const SHOW = (process.argv.find((a) => a.startsWith("--show=")) ?? "--show=").slice(7).split(",").filter(Boolean);
const MOVES = 100;
const CATEGORIES = ["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline", "cc", "disabled-by-default-skia"];

const server = await serve();
const browser = await launch();
try {
  const { page } = await openLab(browser.context, server.url);
  await showRules(page, SHOW);
  const pts = lineSet(KIND, P, THRESHOLD);
  await page.evaluate(
    ([pts, threshold]) => {
      window.lab.setThreshold(threshold);
      window.lab.setPoints(pts);
    },
    [pts, THRESHOLD],
  );
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on("Tracing.dataCollected", ({ value }) => events.push(...value));
  const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
  await cdp.send("Tracing.start", { traceConfig: { includedCategories: CATEGORIES }, transferMode: "ReportEvents" });
  const longTasks = await page.evaluate(
    async ([pts, MOVES]) => {
      const i = pts.findIndex((p) => p.label > 0);
      const { x, y } = pts[i];
      const long = [];
      const observer = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) long.push(e.duration);
      });
      observer.observe({ type: "longtask", buffered: false });
      for (let k = 0; k < MOVES; k++) {
        const a = (2 * Math.PI * k) / MOVES;
        window.lab.movePoint(i, x + 0.01 * Math.cos(a), y + 0.01 * Math.sin(a));
        await new Promise(requestAnimationFrame);
      }
      await new Promise((r) => setTimeout(r, 0));
      observer.disconnect();
      return long;
    },
    [pts, MOVES],
  );
  await cdp.send("Tracing.end");
  await complete;

  const threads = new Map();
  for (const e of events) if (e.ph === "M" && e.name === "thread_name") threads.set(`${e.pid}:${e.tid}`, e.args.name);
  const on = (name) => events.filter((e) => e.ph === "X" && threads.get(`${e.pid}:${e.tid}`) === name);
  const ms = (us) => (us / 1000).toFixed(0);
  const sum = (list, f) => list.reduce((s, e) => s + (f(e) ?? 0), 0);
  console.log(
    `P = ${P} ${THRESHOLD ? "threshold" : "origin"} ${KIND}${SHOW.length ? `, also shown: ${SHOW.join(", ")}` : ""}: a drag of ${MOVES} moves; ${longTasks.length} long tasks seen by the page (longest ${Math.max(0, ...longTasks).toFixed(0)} ms)`,
  );
  for (const [thread, label] of [
    ["CrRendererMain", "main thread"],
    ["DedicatedWorker thread", "worker(s)"],
  ]) {
    const tasks = on(thread).filter((e) => e.name === "ThreadControllerImpl::RunTask");
    const cpu = tasks.map((e) => e.tdur ?? 0).sort((a, b) => b - a);
    console.log(
      `  ${label}: ${tasks.length} tasks, wall ${ms(sum(tasks, (e) => e.dur))} ms, CPU ${ms(sum(tasks, (e) => e.tdur))} ms; over 50 ms: ${tasks.filter((e) => e.dur > 50_000).length} by wall time, ${cpu.filter((t) => t > 50_000).length} by CPU time (the longest ${ms(cpu[0] ?? 0)} ms CPU)`,
    );
  }
  const main = on("CrRendererMain");
  const frames = main.filter((e) => e.name === "ProxyMain::BeginMainFrame");
  const scripts = main.filter((e) => e.name === "FireAnimationFrame");
  const commits = main.filter((e) => e.name === "LayerTreeHost::DoUpdateLayers");
  console.log(
    `  ${frames.length} frames: wall ${ms(sum(frames, (e) => e.dur))} ms, CPU ${ms(sum(frames, (e) => e.tdur))} ms; the animation-frame callbacks (the page's JS) ${ms(sum(scripts, (e) => e.tdur))} ms CPU; the commit's rasterisation ${ms(sum(commits, (e) => e.tdur))} ms CPU`,
  );
  // the canvas's draw calls rasterised in the commits: by call, the costliest first
  const inCommit = (e) => commits.some((c) => e.tid === c.tid && e.ts >= c.ts && e.ts + e.dur <= c.ts + c.dur);
  const calls = new Map();
  for (const e of main) {
    if (!e.name.includes("SkCanvas::") || !inCommit(e)) continue;
    const name = e.name.replace(/^void /, "").replace(/\(.*/, "");
    const c = calls.get(name) ?? { n: 0, cpu: 0, longest: 0 };
    c.n++;
    c.cpu += e.tdur ?? 0;
    c.longest = Math.max(c.longest, e.tdur ?? 0);
    calls.set(name, c);
  }
  for (const [name, c] of [...calls].sort((a, b) => b[1].cpu - a[1].cpu).slice(0, 4)) {
    console.log(`    ${name}: ${c.n} calls, ${ms(c.cpu)} ms CPU, the longest ${(c.longest / 1000).toFixed(1)} ms`);
  }
} finally {
  await browser.close();
  server.close();
}
