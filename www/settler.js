// @ts-check
/**
 * The page's side of the training worker (training-job.js): the data view's rules settle there,
 * on their own core, while the main thread only draws. The worker runs one slice of its job per
 * word of the page: after each scene it waits for "more" or for a newer job. So at most one
 * message is in flight, a new job goes out as soon as the slice under way ends, and edits that
 * come faster than that (a drag) wait, the newest of them only.
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
    /** whether the worker is running a slice (a job or "more" sent, its scene not yet back) */
    this.busy = false;
    /** the revision of the worker's job that is to go on (null: none, or stopped) */
    this.current = null;
    /** @type {any} the newest job, waiting for the slice under way to end */
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
    this.current = revision;
    if (this.busy) this.pending = job;
    else this.send(job, [xs.buffer, ys.buffer]);
  }

  /** Drops the worker's job (the page trains the current points itself). */
  stop() {
    this.pending = null;
    this.current = null;
    if (this.worker && !this.busy) this.worker.postMessage({ kind: "stop" });
  }

  /**
   * @param {any} message
   * @param {Transferable[]} transfer
   */
  send(message, transfer = []) {
    try {
      this.worker ??= this.spawn();
      this.busy = true;
      this.worker.postMessage(message, transfer);
    } catch (e) {
      this.fail(e instanceof Error ? e : new Error(String(e)));
    }
  }

  /**
   * A slice has ended with `data`: the worker is waiting. It gets the newest job if one came
   * meanwhile, else one more slice of the current job unless that one has settled, else (the
   * page moved on) it drops its job.
   * @param {JobMessage} data
   */
  answered(data) {
    this.busy = false;
    const next = this.pending;
    this.pending = null;
    if (next) this.send(next, [next.xs.buffer, next.ys.buffer]);
    else if (data.revision === this.current && !data.settled && data.error === undefined) this.send({ kind: "more", revision: data.revision });
    else if (this.current !== data.revision) this.worker?.postMessage({ kind: "stop" });
  }

  spawn() {
    const worker = spawnWorker();
    worker.onmessage = ({ data }) => {
      if (data.kind !== "training") return;
      this.answered(data);
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
    this.busy = false;
    this.current = null;
    this.pending = null;
    this.onFailure(error);
  }
}
