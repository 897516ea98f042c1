/** A pool of module workers (one per core), each with its own wasm instance, sharing the cells of a
 * learning-curve sweep. */

/** Chunks per worker: enough that the workers finish together, few enough that messages cost nothing. */
const CHUNKS_PER_WORKER = 16;
/**
 * Jobs a worker holds at once: the one it runs and the next, waiting in its message queue, so that
 * it starts the next chunk at once instead of after its results have crossed to the page and the
 * page (busy drawing, on a machine whose cores all run workers) has answered.
 */
const JOBS_IN_FLIGHT = 2;
/**
 * A finished run's workers are kept this long for the next run (ms), then ended: a sweep run
 * again (a class changing one setting) starts at once, while an idle page holds no wasm memory.
 */
const KEEP_WARM_MS = 60_000;
/**
 * A worker that dies without a word (closed, terminated by the browser) sends nothing more, and
 * the browser says nothing: the pool watches. A busy worker is taken for dead when it has been
 * silent for this many times the longest silence of any worker so far in the run (a worker speaks
 * from inside its chunk, after each cell at most every 100 ms — worker.js —: its silences are
 * those of one cell, so the limit stays at the minimum unless a single cell takes longer)…
 */
const STALL_FACTOR = 10;
/** …and at least this long (ms)… */
const STALL_MIN_MS = 5000;
/** …or, before any worker has answered in the run (the first batch's time unknown), this long. */
const STALL_FIRST_MS = 60_000;
/** How often the pool looks (ms). */
const WATCH_MS = 1000;

/** The page's compiled core, handed to every worker (`shareCore`), or null before the page has one. */
let core = /** @type {WebAssembly.Module | null} */ (null);

/**
 * Hands the page's compiled core to the workers started from now on: each instantiates it (with its
 * own memory) instead of fetching and compiling the wasm again — in WebKit and Firefox, which do
 * not share the code of separately compiled copies, a sweep's first chunks no longer wait for two
 * more compilations and their optimisation (BENCHMARKS.md, "The heavy sweep", in each engine).
 * (null: none, each worker loads the wasm itself).
 * @param {WebAssembly.Module | null} module
 */
export function shareCore(module) {
  core = module;
}

/**
 * A module worker of worker.js with its own wasm instance (in the single-file build, `dist/perceptron-lab.html`,
 * from the code it carries). Its first message is the page's compiled core, or null where there is none or
 * the browser cannot pass it: the worker then loads the wasm itself.
 */
export function spawnWorker() {
  let worker;
  if (globalThis.PLAB_WORKER_SOURCE) {
    const blob = new Blob([globalThis.PLAB_WORKER_SOURCE], { type: "text/javascript" });
    worker = new Worker(URL.createObjectURL(blob));
  } else {
    // "../workers/": the same file from this module and from the bundle (scripts/bundle.mjs)
    worker = new Worker(new URL("../workers/worker.js", import.meta.url), { type: "module" });
  }
  try {
    worker.postMessage({ kind: "core", module: core });
  } catch {
    worker.postMessage({ kind: "core", module: null });
  }
  return worker;
}

/** A pool of module workers, each with its own wasm instance. */
export class WorkerPool {
  /** `size` workers (default: the machine's cores). */
  constructor(size = navigator.hardwareConcurrency || 2) {
    this.size = Math.max(1, Math.min(16, size));
    /** @type {Worker[]} */
    this.workers = [];
    this.nextId = 1;
    /** The watchdog's timer of the run under way. @type {ReturnType<typeof setInterval> | undefined} */
    this.watch = undefined;
    /** The timer that ends the workers kept after a finished run. @type {ReturnType<typeof setTimeout> | undefined} */
    this.cooling = undefined;
    /** The reject of the run under way, else null. @type {((e: Error) => void) | null} */
    this.reject = null;
    /** Whether the workers have been warmed (`warm`, once). */
    this.warmed = false;
  }

  spawn() {
    return spawnWorker();
  }

  /**
   * Once per pool, before its first run: starts the workers and gives each a share of the small
   * sweep `params` (`cells` cells; its answers are ignored), then lets them wait as after a run
   * (KEEP_WARM_MS). The engine optimises the core's sweep code while the page is idle instead of
   * during the first sweep: JavaScriptCore does it on the cores the workers leave free, so its
   * first heavy sweep was much slower than the next, and the optimised code stays with the shared
   * module for workers started later (BENCHMARKS.md, "The heavy sweep", in each engine). A run
   * started meanwhile takes these workers: its first chunk waits behind the small one. A worker
   * that fails meanwhile ends them all, so that the run starts fresh ones and reports the failure
   * as before.
   * @param {any} params
   * @param {number} cells
   */
  warm(params, cells) {
    if (this.warmed || this.reject || this.workers.length) return;
    this.warmed = true;
    this.workers = Array.from({ length: this.size }, () => this.spawn());
    const share = Math.ceil(cells / this.size);
    this.workers.forEach((worker, k) => {
      const start = Math.min(cells, k * share);
      const end = Math.min(cells, start + share);
      if (start < end) worker.postMessage({ id: 0, params, start, end }); // run ids start at 1
    });
    this.rest();
    for (const worker of this.workers) worker.onerror = () => this.terminate();
  }

  /**
   * Runs every cell of `params` (`cells` of them) in the order `order` (cell indices, the core's
   * `sweepOrder`: round robin over the α), calling `onProgress(done, total, finished, times)` as
   * cells finish (`times[i]`: the ms cell `finished[i]` took its worker) and `onResults(results)`
   * with every result so far after each chunk; resolves with all cell results. `cancel()` rejects
   * it with an Error named "AbortError".
   * @param {any} params
   * @param {number} cells
   * @param {ArrayLike<number>} order
   * @param {(done: number, total: number, finished: number[], times: number[]) => void} onProgress
   * @param {(results: any[]) => void} [onResults]
   */
  run(params, cells, order, onProgress, onResults = () => {}) {
    if (this.reject) this.cancel(); // a run under way is stopped, its workers ended
    clearTimeout(this.cooling);
    // the workers of the last finished run, loaded and warm, else fresh ones
    if (!this.workers.length) this.workers = Array.from({ length: this.size }, () => this.spawn());
    const queue = chunks(Array.from(order), this.size, params.alphas.length);
    /** Every result so far (all of the run's, for the results of the run). @type {any[]} */
    const results = [];
    let done = 0;
    /** The jobs each worker holds (sent, not answered). */
    /** @type {Map<Worker, Set<number>>} */
    const held = new Map();
    /** When each busy worker last spoke (or got its job); the longest silence seen, -1 before any answer. @type {Map<Worker, number>} */
    const heard = new Map();
    let longest = -1;
    /** @param {Worker} worker */
    const hear = (worker) => {
      const now = performance.now();
      longest = Math.max(longest, now - (heard.get(worker) ?? now));
      heard.set(worker, now);
    };
    return new Promise((resolve, reject) => {
      this.reject = reject;
      this.watch = setInterval(() => {
        const limit = longest < 0 ? STALL_FIRST_MS : Math.max(STALL_MIN_MS, STALL_FACTOR * longest);
        const now = performance.now();
        for (const [, at] of heard) {
          if (now - at > limit) {
            const s = Math.round((now - at) / 1000);
            this.cancel(
              new Error(
                `a worker stopped answering (silent for ${s} s): the browser may have closed it, e.g. for lack of memory; the sweep was stopped, your points and settings are kept, and Run starts it again`,
              ),
            );
            return;
          }
        }
      }, WATCH_MS);
      /** Tops `worker` up to JOBS_IN_FLIGHT jobs (the next one waits in its queue, not on the page). @param {Worker} worker */
      const feed = (worker) => {
        const ids = held.get(worker);
        if (!ids) return; // every worker of the run is held
        while (ids.size < JOBS_IN_FLIGHT && queue.length) {
          const list = /** @type {number[]} */ (queue.shift());
          const id = this.nextId++;
          if (!heard.has(worker)) heard.set(worker, performance.now());
          ids.add(id);
          worker.postMessage({ id, params, cells: list });
        }
        if (!ids.size) heard.delete(worker);
      };
      for (const worker of this.workers) {
        held.set(worker, new Set());
        worker.onmessage = ({ data }) => {
          const ids = held.get(worker);
          if (!ids?.has(data.id)) return;
          hear(worker);
          if (data.error) {
            this.cancel(new Error(data.error));
            return;
          }
          if (data.progress) {
            done += data.progress;
            onProgress(done, cells, data.cells ?? [], data.times ?? []);
            return;
          }
          ids.delete(data.id);
          results.push(...data.results);
          if (results.length === cells) {
            this.reject = null;
            clearInterval(this.watch);
            this.rest();
            resolve(results);
            return;
          }
          feed(worker); // before the page draws: the worker never waits for the page
          onResults(results);
        };
        worker.onerror = (e) =>
          this.cancel(
            new Error(
              e.message
                ? `a worker failed: ${e.message}`
                : "a worker could not start (its script or the core did not load): the sweep was stopped; reload the page and press Run again",
            ),
          );
      }
      this.workers.forEach(feed);
    });
  }

  /**
   * After a finished run: the workers wait for the next (no load, no compile, their code already
   * optimised), for KEEP_WARM_MS, then are ended (each holds its wasm memory).
   */
  rest() {
    for (const w of this.workers) {
      w.onmessage = null;
      w.onerror = null;
    }
    this.cooling = setTimeout(() => this.terminate(), KEEP_WARM_MS);
  }

  /** Stops a run (or ends the waiting workers): terminates the workers (fresh ones are made for the next run). @param {Error} [reason] */
  cancel(reason) {
    this.terminate();
    clearInterval(this.watch);
    if (this.reject) {
      const e = reason ?? Object.assign(new Error("cancelled"), { name: "AbortError" });
      const reject = this.reject;
      this.reject = null;
      reject(e);
    }
  }

  terminate() {
    clearTimeout(this.cooling);
    for (const w of this.workers) w.terminate();
    this.workers = [];
  }
}

/**
 * The chunks of a sweep run in the order `order` (round robin over `alphas` α): the first round
 * shared among the `workers` (every α's first point as soon as possible), then stretches of whole
 * rounds, in order, so that every α's repetitions arrive evenly: one round per chunk at first,
 * doubling every `workers` chunks, up to about 1 / (workers · CHUNKS_PER_WORKER) of the rest. A
 * chunk's results reach the page when it ends, so small chunks first put the whole curve over
 * its first rounds on the chart early; large ones later keep the messages few.
 * @param {number[]} order
 * @param {number} workers
 * @param {number} alphas
 * @returns {number[][]}
 */
export function chunks(order, workers, alphas) {
  const out = [];
  const first = Math.min(order.length, alphas);
  const small = Math.max(1, Math.ceil(first / workers));
  for (let s = 0; s < first; s += small) out.push(order.slice(s, Math.min(first, s + small)));
  const rest = order.length - first;
  const largest = Math.max(1, Math.ceil(rest / (workers * CHUNKS_PER_WORKER)));
  let size = Math.min(largest, Math.max(1, alphas));
  for (let s = first, k = 0; s < order.length; s += size, k++) {
    if (k > 0 && k % Math.max(1, workers) === 0) size = Math.min(largest, 2 * size);
    out.push(order.slice(s, Math.min(order.length, s + size)));
  }
  return out;
}
