// Benchmark of the data view's settling training (training spread across frames):
// for P = 200, 1 000 and 10 000, through the origin and with a threshold, on a teacher set, a
// small-margin separable set and a non-separable (noisy) set, a drag of 100 steps, one per
// animation frame:
//   - a move frame: `lab.movePoint` (up to 1 000 points a new training of the moved points —
//     exact optimum, version space, a first slice — on the page; above, the training is sent to
//     the worker; then every view redrawn), median, p95 and the slowest (the drag's first, which
//     takes the moved point out of the cached layers);
//   - every frame the page rendered during the drag (also those the worker's scenes asked for);
//   - the main thread's long tasks (over 50 ms, PerformanceObserver) during the drag: how many, the longest;
//   - how long after the last move the lines of the final points are first drawn;
//   - the time from the end of the drag until every shown rule (Rosenblatt, MinOver, AdaTron) has
//     stopped (`lab.settled()`).
// Usage: make build && node bench/settle.mjs [P,P,…] [frames] [--show=rule,rule,…]   ("frames":
// without waiting for the rules to settle before and after the drag — at P = 10 000 the long
// part of each set; --show: these rules shown too, e.g. the gradient rules and the soft margin,
// whose reference optima each drag step on up to 1 000 points computes on the page)
import { launch, lineSet, openLab, serve, showRules } from "../tests/e2e/harness.mjs";

const SIZES = (process.argv[2] ?? "200,1000,10000").split(",").map(Number);
const MOVES = 100;
const FRAMES_ONLY = process.argv[3] === "frames";
const SHOW = (process.argv.find((a) => a.startsWith("--show=")) ?? "--show=").slice(7).split(",").filter(Boolean);

const server = await serve();
const browser = await launch();
try {
  const { page } = await openLab(browser.context, server.url);
  await showRules(page, SHOW);
  if (SHOW.length) console.log(`also shown: ${SHOW.join(", ")}`);
  console.log(`a drag of ${MOVES} moves, one per frame: the move frames, all frames, when the final lines are drawn, when the rules have stopped`);
  for (const P of SIZES) {
    for (const threshold of [false, true]) {
      for (const kind of ["teacher", "small-margin", "noisy"]) {
        const pts = lineSet(kind, P, threshold);
        const r = await page.evaluate(
          async ([pts, threshold, MOVES, FRAMES_ONLY]) => {
            window.lab.setThreshold(threshold);
            window.lab.setPoints(pts);
            if (!FRAMES_ONLY) await window.lab.settled(600_000);
            const i = pts.findIndex((p) => p.label > 0);
            const { x, y } = pts[i];
            const times = [];
            const train = [];
            const draw = [];
            const longTasks = [];
            const observer = new PerformanceObserver((list) => {
              for (const e of list.getEntries()) longTasks.push(e.duration);
            });
            observer.observe({ type: "longtask", buffered: false });
            window.lab.recordFrames(true);
            const intervals = [];
            let last = performance.now();
            for (let k = 0; k < MOVES; k++) {
              const a = (2 * Math.PI * k) / MOVES;
              const t0 = performance.now();
              window.lab.movePoint(i, x + 0.01 * Math.cos(a), y + 0.01 * Math.sin(a));
              times.push(performance.now() - t0);
              train.push(window.lab.lastFrame().trainMs);
              draw.push(window.lab.lastFrame().drawMs);
              await new Promise(requestAnimationFrame);
              intervals.push(performance.now() - last);
              last = performance.now();
            }
            await new Promise((r) => setTimeout(r, 0)); // the observer's entries of the last frame
            observer.disconnect();
            const t0 = performance.now();
            // the lines of the final points: the first frame that draws them
            while (!window.lab.lastFrame().current && performance.now() - t0 < 600_000) await new Promise(requestAnimationFrame);
            const lag = performance.now() - t0;
            if (!FRAMES_ONLY) await window.lab.settled(600_000);
            const settle = FRAMES_ONLY ? NaN : performance.now() - t0;
            // every frame the page rendered during the drag (the moves' own and those the worker's scenes asked for)
            const all = window.lab
              .recordFrames(false)
              .filter((f) => f.at < t0)
              .map((f) => f.trainMs + f.drawMs);
            for (const v of [times, train, draw, all, intervals]) v.sort((a, b) => a - b);
            const q = (v, f) => v[Math.min(v.length - 1, Math.floor(v.length * f))];
            const s = window.lab.getState().algorithms;
            return {
              median: q(times, 0.5),
              p95: q(times, 0.95),
              max: times[times.length - 1],
              train: q(train, 0.5),
              draw: q(draw, 0.5),
              allMedian: q(all, 0.5),
              allP95: q(all, 0.95),
              frames: all.length,
              interval: q(intervals, 0.5),
              intervalP95: q(intervals, 0.95),
              lag,
              settle,
              longTasks: longTasks.length,
              longest: Math.max(0, ...longTasks),
              stops: ["rosenblatt", "minover", "adatron"].map((n) => `${n}: ${s[n].stop} (${s[n].steps} steps)`).join(", "),
            };
          },
          [pts, threshold, MOVES, FRAMES_ONLY],
        );
        console.log(
          `P = ${String(P).padStart(5)} ${threshold ? "threshold" : "origin   "} ${kind.padEnd(12)} move frame median ${r.median.toFixed(1).padStart(5)} ms  p95 ${r.p95.toFixed(1).padStart(5)} ms max ${r.max.toFixed(1).padStart(5)} ms (training ${r.train.toFixed(1)}, drawing ${r.draw.toFixed(1)});  all ${r.frames} frames median ${r.allMedian.toFixed(1)} p95 ${r.allP95.toFixed(1)} ms;  move to move median ${r.interval.toFixed(0)} p95 ${r.intervalP95.toFixed(0)} ms;  ${r.longTasks} long tasks (longest ${r.longest.toFixed(0)} ms);  lines current after ${r.lag.toFixed(0)} ms;  settled after ${(r.settle / 1000).toFixed(2)} s  [${r.stops}]`,
        );
      }
    }
  }
} finally {
  await browser.close();
  server.close();
}
