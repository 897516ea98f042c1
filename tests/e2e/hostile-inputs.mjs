// Inputs written to harm the page, made the same way by the tests (hostile-links.test.mjs) and
// the benchmark of the main thread under them (bench/hostile-inputs.mjs), and the heartbeat that
// measures the main thread's longest gap while one is read.
import { createDeflateRaw } from "node:zlib";

/**
 * Runs `run(arg)` in the page (a function Playwright sends) while a heartbeat — a timer every
 * 20 ms — records its longest gap; resolves `{value}` or `{error}` (the message) with `longest`, the
 * longest gap in ms from just before `run` to a beat after it.
 */
export async function withHeartbeat(page, run, arg) {
  await startHeartbeat(page);
  let outcome;
  try {
    outcome = { value: await page.evaluate(run, arg) };
  } catch (e) {
    outcome = { error: e.message };
  }
  return { ...outcome, longest: await stopHeartbeat(page) };
}

/** Starts the heartbeat in the page (a timer every 20 ms recording its longest gap). */
export function startHeartbeat(page) {
  return page.evaluate(() => {
    const hb = { last: performance.now(), longest: 0, beating: true };
    const beat = () => {
      const now = performance.now();
      hb.longest = Math.max(hb.longest, now - hb.last);
      hb.last = now;
      if (hb.beating) setTimeout(beat, 20);
    };
    setTimeout(beat, 20);
    window.heartbeat = hb;
  });
}

/** Stops the heartbeat a beat after the work; resolves to its longest gap (ms). */
export function stopHeartbeat(page) {
  return page.evaluate(async () => {
    await new Promise((r) => setTimeout(r, 100));
    window.heartbeat.beating = false;
    return window.heartbeat.longest;
  });
}

/** The built-in lesson's first step as a lesson file of one step with `state` (and `extra` step fields). */
export async function lessonWith(page, id, state, extra = {}) {
  const chapter = JSON.parse(await page.evaluate(() => window.lab.openLesson("chapter", 0).then(() => window.lab.exportLesson())));
  await page.evaluate(() => window.lab.closeLesson());
  return { ...chapter, id, title: id, steps: [{ ...chapter.steps[0], ...extra, state }] };
}

/** `n` seeded points in [−5, 5]² labelled by the line x = y (an LCG: the same points every run). */
export function points(n) {
  let s = 7;
  const r = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return (10 * s) / 2147483648 - 5;
  };
  return Array.from({ length: n }, () => {
    const x = r();
    const y = r();
    return [x, y, x > y ? 1 : -1];
  });
}

/** Raw DEFLATE of `bytes` zero bytes, streamed (the bomb is never whole in memory). */
export function zeroBomb(bytes) {
  return new Promise((resolve, reject) => {
    const z = createDeflateRaw({ level: 9 });
    const out = [];
    z.on("data", (c) => out.push(c));
    z.on("end", () => resolve(Buffer.concat(out)));
    z.on("error", reject);
    const chunk = Buffer.alloc(1 << 20);
    let left = bytes;
    const pump = () => {
      while (left > 0) {
        left -= chunk.length;
        if (!z.write(chunk)) return z.once("drain", pump);
      }
      z.end();
    };
    pump();
  });
}
