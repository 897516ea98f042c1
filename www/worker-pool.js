// @ts-check
/** A pool of module workers (one per core), each with its own wasm instance, sharing the cells of a
 * learning-curve sweep. */

/** Chunks per worker: enough that the workers finish together, few enough that messages cost nothing. */
const CHUNKS_PER_WORKER = 16;

/** A module worker of worker.js with its own wasm instance (in the single-file build, `dist/perceptron-lab.html`, from the code it carries). */
export function spawnWorker() {
  if (globalThis.PLAB_WORKER_SOURCE) {
    const blob = new Blob([globalThis.PLAB_WORKER_SOURCE], { type: "text/javascript" });
    return new Worker(URL.createObjectURL(blob));
  }
  return new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
}

/** A pool of module workers, each with its own wasm instance. */
export class WorkerPool {
  /** `size` workers (default: the machine's cores). */
  constructor(size = navigator.hardwareConcurrency || 2) {
    this.size = Math.max(1, Math.min(16, size));
    this.workers = [];
    this.nextId = 1;
  }

  spawn() {
    return spawnWorker();
  }

  /**
   * Runs every cell of `params` (`cells` of them), calling `onProgress(done, total)` as cells
   * finish and `onResults(results)` with every result so far after each chunk; resolves with all
   * cell results. `cancel()` rejects it with an Error named "AbortError".
   * @param {any} params
   * @param {number} cells
   * @param {(done: number, total: number) => void} onProgress
   * @param {(results: any[]) => void} [onResults]
   */
  run(params, cells, onProgress, onResults = () => {}) {
    this.cancel();
    this.workers = Array.from({ length: this.size }, () => this.spawn());
    const chunk = Math.max(1, Math.ceil(cells / (this.size * CHUNKS_PER_WORKER)));
    const queue = [];
    for (let s = 0; s < cells; s += chunk) queue.push([s, Math.min(cells, s + chunk)]);
    // cells run α-major, so the last chunks (largest P) cost the most: hand them out first
    // (longest first), so that no worker is left with a big chunk while the others idle
    queue.reverse();
    const results = [];
    let done = 0;
    return new Promise((resolve, reject) => {
      this.reject = reject;
      const feed = (worker) => {
        const job = queue.shift();
        if (!job) return;
        const id = this.nextId++;
        worker.onmessage = ({ data }) => {
          if (data.id !== id) return;
          if (data.error) {
            this.cancel(new Error(data.error));
            return;
          }
          if (data.progress) {
            done += data.progress;
            onProgress(done, cells);
            return;
          }
          results.push(...data.results);
          if (results.length < cells) onResults(results);
          if (results.length === cells) {
            this.reject = null;
            this.terminate();
            resolve(results);
          } else feed(worker);
        };
        worker.onerror = (e) => this.cancel(new Error(`a worker failed: ${e.message}`));
        worker.postMessage({ id, params, start: job[0], end: job[1] });
      };
      this.workers.forEach(feed);
    });
  }

  /** Stops a run: terminates the workers (fresh ones are made for the next run). */
  cancel(reason) {
    this.terminate();
    if (this.reject) {
      const e = reason ?? Object.assign(new Error("cancelled"), { name: "AbortError" });
      const reject = this.reject;
      this.reject = null;
      reject(e);
    }
  }

  terminate() {
    for (const w of this.workers) w.terminate();
    this.workers = [];
  }
}
