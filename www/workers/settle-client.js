/**
 * The page's side of the training worker (settle-job.js): the data view's rules settle there,
 * on their own core, while the main thread only draws. The worker runs one slice of its job per
 * word of the page: after each scene it waits for "more" or for a newer job. So at most one
 * message is in flight, a new job goes out as soon as the slice under way ends, and edits that
 * come faster than that (a drag) wait, the newest of them only.
 */

import { spawnWorker } from "./worker-pool.js";

/**
 * A worker that dies without a word (closed, terminated by the browser for lack of memory) sends
 * nothing more, and the browser says nothing: the page watches. A slice takes 20 ms, so a worker
 * that has loaded its core and is silent this long (ms) over a slice is taken for dead…
 */
const STALL_MS = 5000;
/** …and one that has not yet said it loaded its core (a slow network, a slow machine) this long. */
const STALL_LOADING_MS = 60_000;

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
    /** whether the worker has said it loaded its core (its slices then answer within STALL_MS) */
    this.loaded = false;
    /** @type {ReturnType<typeof setTimeout> | undefined} the watchdog of the slice under way */
    this.watch = undefined;
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

  /**
   * Trains the points `xs`, `ys` with `settings` in the worker as job `revision` (replacing any earlier job).
   * @param {number} revision
   * @param {Float64Array} xs
   * @param {Float64Array} ys
   * @param {Partial<import("../pkg/perceptron_lab.js").Settings>} settings
   */
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
      const worker = this.worker ?? this.spawn();
      this.worker = worker;
      this.busy = true;
      worker.postMessage(message, transfer);
      this.arm();
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
    clearTimeout(this.watch);
    const next = this.pending;
    this.pending = null;
    if (next) this.send(next, [next.xs.buffer, next.ys.buffer]);
    else if (data.revision === this.current && !data.settled && data.error === undefined) this.send({ kind: "more", revision: data.revision });
    else if (this.current !== data.revision) this.worker?.postMessage({ kind: "stop" });
  }

  spawn() {
    const worker = spawnWorker();
    worker.onmessage = ({ data }) => {
      if (data.kind === "ready") {
        this.loaded = true;
        if (this.busy) this.arm();
      }
      if (data.kind === "unloaded") this.fail(new Error(`the training worker failed: its core did not load (${data.error})`));
      if (data.kind !== "training") return;
      this.answered(data);
      this.onMessage(data);
    };
    worker.onerror = (e) => {
      e.preventDefault();
      this.fail(new Error(`the training worker failed: ${e.message || "it could not start (its script did not load)"}`));
    };
    return worker;
  }

  /** Starts the watchdog of the slice under way: a worker silent beyond the limit has died (`fail`). */
  arm() {
    clearTimeout(this.watch);
    const limit = this.loaded ? STALL_MS : STALL_LOADING_MS;
    this.watch = setTimeout(() => {
      this.fail(new Error(`the training worker stopped answering (silent for ${limit / 1000} s): the browser may have closed it, e.g. for lack of memory`));
    }, limit);
  }

  /** @param {Error} error */
  fail(error) {
    clearTimeout(this.watch);
    if (!this.available) return; // failed already
    this.available = false;
    this.worker?.terminate();
    this.worker = null;
    this.busy = false;
    this.current = null;
    this.pending = null;
    this.onFailure(error);
  }
}
