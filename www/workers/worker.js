/**
 * Module worker with its own wasm instance: runs batches of learning-curve cells (the pool of
 * worker-pool.js), or the data view's training (`kind: "train"` / `"more"` / `"stop"`, settle-job.js).
 */

import init, { runCellList, runCells } from "../pkg/perceptron_lab.js";
import { continueJob, startJob, stopJob } from "./settle-job.js";
import { wasmBuild, wasmUrl } from "../app/wasm-build.js";

/** @type {(module: WebAssembly.Module | null) => void} */
let receiveCore = () => {};
// the page's first message is its compiled core (worker-pool.js's spawnWorker): instantiated here,
// not compiled again; without it (null) the worker loads the wasm itself — in the single-file build
// from PLAB_WASM_B64 (the build the page chose), prepended to this worker's code, else the build
// the page would pick (the page starts workers only with WebAssembly)
const ready = new Promise((resolve) => {
  receiveCore = resolve;
}).then((module) =>
  init({
    module_or_path: module ?? (self.PLAB_WASM_B64 ? Uint8Array.from(atob(self.PLAB_WASM_B64), (c) => c.charCodeAt(0)) : wasmUrl(wasmBuild() ?? "baseline")),
  }),
);
// the training's watchdog (settle-client.js) allows for the loading until the worker says it is done
ready.then(
  () => self.postMessage({ kind: "ready" }),
  (e) => self.postMessage({ kind: "unloaded", error: e instanceof Error ? e.message : String(e) }),
);
const PROGRESS_MS = 100; // at most ten progress messages a second: each costs the page a repaint

self.onmessage = async ({ data }) => {
  if (data.kind === "core") {
    receiveCore(data.module instanceof WebAssembly.Module ? data.module : null);
    return;
  }
  // work before any core (a page of an older version, which sends none): the worker loads its own
  receiveCore(null);
  if (data.kind === "train" || data.kind === "more" || data.kind === "stop") {
    await ready;
    if (data.kind === "train") startJob(data);
    else if (data.kind === "more") continueJob(data);
    else stopJob();
    return;
  }
  runBatch(data);
};

/**
 * A batch: the cells `cells` (indices, in that order; or [start, end) from a page that sends a
 * range) of the sweep `params` in one call into wasm, answered with progress (from inside the
 * call, after each cell, at most every PROGRESS_MS: the pool takes a worker silent for a few
 * seconds for dead, so it speaks while heavy cells run — the cells done since the last word, with
 * each one's time in ms), then results or an error.
 * @param {{id: number, params: import("../pkg/perceptron_lab.js").CurveParams, start: number, end: number, cells?: number[]}} batch
 */
async function runBatch({ id, params, start, end, cells }) {
  try {
    await ready;
    const list = cells ?? Array.from({ length: end - start }, (_, i) => start + i);
    let reported = 0;
    let last = performance.now();
    // each cell's time (ms), for the page's estimate of the work done and left (sweep-clock.js)
    let cellStart = last;
    /** @type {number[]} */
    let times = [];
    /** Tells the page of the cells done since the last word. @param {number} done cells done so far */
    const speak = (done) => {
      self.postMessage({ id, progress: done - reported, first: list[reported], cells: list.slice(reported, done), times });
      reported = done;
      times = [];
    };
    /** @param {number} done cells done so far */
    const onCell = (done) => {
      const now = performance.now();
      times.push(now - cellStart);
      cellStart = now;
      if (now - last >= PROGRESS_MS) {
        speak(done);
        last = now;
      }
    };
    const results = cells ? runCellList(params, Uint32Array.from(cells), onCell) : runCells(params, start, end, onCell);
    if (results.length > reported) speak(results.length);
    self.postMessage({ id, results });
  } catch (e) {
    self.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
  }
}
