// Benchmark of the data view's settling training (issue "training that settles across frames"):
// for P = 200, 1 000 and 10 000, through the origin and with a threshold, on a teacher set, a
// small-margin separable set and a non-separable (noisy) set:
//   - a drag frame: `lab.movePoint` (new training of the moved points: exact optimum, version
//     space, a first slice of training; then every view redrawn), median and p95 over 40 moves;
//   - the time from the end of the drag until every shown rule (Rosenblatt, MinOver, AdaTron) has
//     stopped (`lab.settled()`), on the small-margin set.
// Usage: make build && node bench/settle.mjs [P,P,…] [frames]   ("frames": the drag frames only,
// without waiting for the rules to settle — at P = 10 000 that takes minutes per set)
import { launch, lineSet, openLab, serve } from "../tests/e2e/harness.mjs";

const SIZES = (process.argv[2] ?? "200,1000,10000").split(",").map(Number);
const MOVES = 40;
const FRAMES_ONLY = process.argv[3] === "frames";

const server = await serve();
const browser = await launch();
try {
  const { page } = await openLab(browser.context, server.url);
  console.log(`drag frame (lab.movePoint: retrain + first slice + redraw), ${MOVES} moves; time to settle after the drag`);
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
            for (let k = 0; k < MOVES; k++) {
              const a = (2 * Math.PI * k) / MOVES;
              const t0 = performance.now();
              window.lab.movePoint(i, x + 0.01 * Math.cos(a), y + 0.01 * Math.sin(a));
              times.push(performance.now() - t0);
              train.push(window.lab.lastFrame().trainMs);
              draw.push(window.lab.lastFrame().drawMs);
              await new Promise(requestAnimationFrame);
            }
            const t0 = performance.now();
            if (!FRAMES_ONLY) await window.lab.settled(600_000);
            const settle = FRAMES_ONLY ? NaN : performance.now() - t0;
            for (const v of [times, train, draw]) v.sort((a, b) => a - b);
            const s = window.lab.getState().algorithms;
            return {
              median: times[Math.floor(times.length / 2)],
              p95: times[Math.floor(times.length * 0.95)],
              train: train[Math.floor(train.length / 2)],
              draw: draw[Math.floor(draw.length / 2)],
              settle,
              stops: ["rosenblatt", "minover", "adatron"].map((n) => `${n}: ${s[n].stop} (${s[n].steps} steps)`).join(", "),
            };
          },
          [pts, threshold, MOVES, FRAMES_ONLY],
        );
        console.log(
          `P = ${String(P).padStart(5)} ${threshold ? "threshold" : "origin   "} ${kind.padEnd(12)} frame median ${r.median.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms (training ${r.train.toFixed(1)}, drawing ${r.draw.toFixed(1)})  settled after ${(r.settle / 1000).toFixed(2)} s  [${r.stops}]`,
        );
      }
    }
  }
} finally {
  await browser.close();
  server.close();
}
