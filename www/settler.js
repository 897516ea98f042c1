// @ts-check
/**
 * The page's side of the training worker (training-job.js): the data view's rules settle there,
 * on their own core, while the main thread only draws. At most one job is in flight: edits that
 * come faster than the worker answers (a drag) wait, and only the newest of them is sent.
 */

import { spawnWorker } from "./worker-pool.js";

/**
 * @typedef {{revision: number, scene?: any, versionSpace?: any, settled?: boolean, error?: string}} JobMessage
 */

export class Settler {
  /**
   * `onMessage(message)`: a scene of a job (`{revision, scene, settled, versionSpace?}`) or its
   * error (`{revision, error}`); `onFailure(error)`: the worker itself failed (it is not used again).
   * @param {(message: JobMessage) => void} onMessage
   * @param {(error: Error) => void} onFailure
   */
  constructor(onMessage, onFailure) {
    this.onMessage = onMessage;
    this.onFailure = onFailure;
    /** @type {Worker | null} */
    this.worker = null;
    /** whether the worker can be used (false without Worker, or after it failed) */
    this.available = typeof Worker !== "undefined";
    /** the revision of the job sent and not yet answered, or null */
    this.inFlight = null;
    /** @type {any} the newest job waiting for the one in flight to answer */
    this.pending = null;
  }

  /** Starts the worker ahead of its first job (it loads its wasm instance meanwhile). */
  warm() {
    if (!this.available || this.worker) return;
    try {
      this.worker = this.spawn();
    } catch (e) {
      this.fail(e instanceof Error ? e : new Error(String(e)));
    }
  }

  /** Trains the points `xs`, `ys` with `settings` in the worker as job `revision` (replacing any earlier job). */
  start(revision, xs, ys, settings) {
    const job = { kind: "train", revision, xs, ys, settings };
    if (this.inFlight !== null) this.pending = job;
    else this.send(job);
  }

  /** Drops the worker's job (the page trains the current points itself). */
  stop() {
    this.pending = null;
    if (this.worker) this.worker.postMessage({ kind: "stop" });
  }

  /** @param {any} job */
  send(job) {
    try {
      this.worker ??= this.spawn();
      this.inFlight = job.revision;
      this.worker.postMessage(job, [job.xs.buffer, job.ys.buffer]);
    } catch (e) {
      this.fail(e instanceof Error ? e : new Error(String(e)));
    }
  }

  spawn() {
    const worker = spawnWorker();
    worker.onmessage = ({ data }) => {
      if (data.kind !== "training") return;
      if (data.revision === this.inFlight) {
        this.inFlight = null;
        const next = this.pending;
        this.pending = null;
        if (next) this.send(next);
      }
      this.onMessage(data);
    };
    worker.onerror = (e) => {
      e.preventDefault();
      this.fail(new Error(`the training worker failed: ${e.message}`));
    };
    return worker;
  }

  /** @param {Error} error */
  fail(error) {
    this.available = false;
    this.worker?.terminate();
    this.worker = null;
    this.inFlight = null;
    this.pending = null;
    this.onFailure(error);
  }
}
