/**
 * The worker's side of the data view's training (docs/ARCHITECTURE.md, training that settles):
 * one `Training` of the page's points at a time, advanced in slices of `SLICE_MS` with a scene
 * posted after each, until every rule has stopped. After each slice the worker waits for the
 * page's word: one more slice of the job (`more`) or a newer job — so a new job never queues
 * behind the slices of the one it replaces (a worker that runs slice after slice takes a message
 * from the page only after several of them). The page takes a job's scenes only while that job
 * is its current edit (`revision`).
 */

import { Training } from "../pkg/perceptron_lab.js";

/** Training per slice (ms): the worker yields between slices so that a newer job can replace this one. */
const SLICE_MS = 20;

/** @type {{revision: number, training: Training} | null} */
let job = null;

/**
 * Starts job `revision`: the points `xs`, `ys` with the core's `settings`, from tabula rasa (as
 * the page starts them: the same run, so its scenes are the page's own training, only further on).
 * The first message carries the version space; every message the scene and whether it has settled.
 * @param {{revision: number, xs: Float64Array, ys: Float64Array, settings: any}} data
 */
export function startJob({ revision, xs, ys, settings }) {
  stopJob();
  try {
    job = { revision, training: new Training(xs, ys, settings) };
    slice(job.training.versionSpace());
  } catch (e) {
    stopJob();
    self.postMessage({ kind: "training", revision, error: e instanceof Error ? e.message : String(e) });
  }
}

/** One more slice of job `revision`, if it is the current job and has not settled. @param {{revision: number}} data */
export function continueJob({ revision }) {
  if (job?.revision === revision) slice();
}

/** Drops the current job (the page has moved on to points it trains itself). */
export function stopJob() {
  job?.training.free();
  job = null;
}

/**
 * One slice of the current job and its scene (with `versionSpace` when given); a settled job is dropped.
 * @param {import("../pkg/perceptron_lab.js").VersionSpaceArrays | null} [versionSpace]
 */
function slice(versionSpace = undefined) {
  if (!job) return;
  const { revision, training } = job;
  const end = performance.now() + SLICE_MS;
  const settled = training.advance(() => performance.now() >= end);
  /** @type {any} */
  const scene = training.scene();
  /** @type {import("./settle-client.js").JobMessage & {kind: string}} */
  const message = { kind: "training", revision, scene, settled };
  if (versionSpace !== undefined) message.versionSpace = versionSpace;
  self.postMessage(message, { transfer: perExampleBuffers(scene) });
  if (settled) stopJob();
}

/**
 * The buffers of a scene's per-example arrays (each rule's `stabilities`, `embedding` and
 * `misclassified`: fresh typed arrays, not views of the wasm memory), moved to the page rather
 * than copied — at P = 10 000 some 0.7 MB a scene, every 20 ms.
 * @param {any} scene
 * @returns {ArrayBuffer[]}
 */
function perExampleBuffers(scene) {
  const views = scene.exact ? [scene.exact, ...scene.algorithms] : scene.algorithms;
  return views.flatMap((/** @type {any} */ v) => [v.stabilities, v.embedding, v.misclassified].filter((a) => ArrayBuffer.isView(a)).map((a) => a.buffer));
}
