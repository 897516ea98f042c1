/** The learning-curve panel: a pool of module workers (one per core) sharing a sweep's cells;
 * progress, cancel, charts drawn by the core with plotters, CSV and PNG export. */

export const CHARTS = ["eps", "kappa", "train-error", "separable"];
/** Chunks per worker: enough that the workers finish together, few enough that messages cost nothing. */
const CHUNKS_PER_WORKER = 16;

/** A pool of module workers, each with its own wasm instance. */
export class WorkerPool {
  /** `size` workers (default: the machine's cores). */
  constructor(size = navigator.hardwareConcurrency || 2) {
    this.size = Math.max(1, Math.min(16, size));
    this.workers = [];
    this.nextId = 1;
  }

  spawn() {
    // the single-file build (`dist/perceptron-lab.html`) carries the worker's code with it
    if (globalThis.PLAB_WORKER_SOURCE) {
      const blob = new Blob([globalThis.PLAB_WORKER_SOURCE], { type: "text/javascript" });
      return new Worker(URL.createObjectURL(blob));
    }
    return new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  }

  /**
   * Runs every cell of `params` (`cells` of them), calling `onProgress(done, total)`; resolves
   * with all cell results. `cancel()` rejects it with an Error named "AbortError".
   */
  run(params, cells, onProgress) {
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

/** The learning-curve form's fields that a reload or a link brings back (ids of inputs and selects). */
export const FORM_FIELDS = ["lc-n", "lc-alpha-start", "lc-alpha-stop", "lc-alpha-count", "lc-reps", "lc-epochs", "lc-stop", "lc-gap", "lc-noise", "lc-labels", "lc-seed"];

/** The form as typed: `{fields: {id: text}, algorithms: [name]}` (checked only when a sweep runs). */
export function readForm(el) {
  return {
    fields: Object.fromEntries(FORM_FIELDS.map((id) => [id, el(id).value])),
    algorithms: [...document.querySelectorAll("#lc-algorithms input[type=checkbox]")].filter((b) => b.checked).map((b) => b.value),
  };
}

/**
 * Checks a stored or linked form (`readForm`'s shape: known fields, short texts, algorithm names
 * of the panel); throws an Error naming what is wrong. Nothing reaches the page but `.value`s.
 */
export function checkForm(form) {
  if (!form || typeof form !== "object" || Array.isArray(form)) throw new Error("the learning-curve settings are not an object");
  const { fields = {}, algorithms = [] } = form;
  if (!fields || typeof fields !== "object" || Array.isArray(fields)) throw new Error("the learning-curve fields are not an object");
  for (const [id, v] of Object.entries(fields)) {
    if (!FORM_FIELDS.includes(id)) throw new Error(`unknown learning-curve field "${String(id).slice(0, 40)}"`);
    if (typeof v !== "string" || v.length > 40) throw new Error(`the learning-curve field ${id} is not a short text`);
  }
  const known = [...document.querySelectorAll("#lc-algorithms input[type=checkbox]")].map((b) => b.value);
  if (!Array.isArray(algorithms) || !algorithms.every((a) => known.includes(a))) {
    throw new Error("the learning-curve algorithms are not names of the panel's algorithms");
  }
  return { fields, algorithms };
}

/** Puts a checked form into the panel (a select keeps its value if the text is not one of its options). */
export function applyForm(el, form) {
  for (const [id, v] of Object.entries(form.fields)) {
    const input = el(id);
    if (input.tagName === "SELECT" && ![...input.options].some((o) => o.value === v)) continue;
    input.value = v;
  }
  for (const box of document.querySelectorAll("#lc-algorithms input[type=checkbox]")) box.checked = form.algorithms.includes(box.value);
}

/** Reads the panel's inputs into sweep parameters (throws an Error naming a bad field). */
export function readParams(el) {
  const num = (id, what, { int = false, min = -Infinity, max = Infinity } = {}) => {
    const v = Number(el(id).value);
    if (!Number.isFinite(v) || (int && !Number.isInteger(v)) || v < min || v > max) {
      throw new Error(`${what} must be ${int ? "a whole number" : "a number"} in [${min}, ${max}], got "${el(id).value}"`);
    }
    return v;
  };
  const n = num("lc-n", "N", { int: true, min: 1, max: 1000 });
  const a0 = num("lc-alpha-start", "α start", { min: 1e-6, max: 1000 });
  const a1 = num("lc-alpha-stop", "α stop", { min: a0, max: 1000 });
  const count = num("lc-alpha-count", "number of α values", { int: true, min: 1, max: 1000 });
  const alphas = count === 1 ? [a0] : Array.from({ length: count }, (_, i) => a0 + ((a1 - a0) * i) / (count - 1));
  const algorithms = [...document.querySelectorAll("#lc-algorithms input:checked")].map((b) => b.value);
  if (!algorithms.length) throw new Error("choose at least one algorithm");
  const stopKind = el("lc-stop").value;
  return {
    n,
    alphas,
    reps: num("lc-reps", "repetitions", { int: true, min: 1, max: 100000 }),
    algorithms,
    epochs: num("lc-epochs", "epochs", { min: 1e-3, max: 1e6 }),
    seed: num("lc-seed", "seed", { int: true, min: 0, max: 2 ** 32 - 1 }),
    noise: num("lc-noise", "label noise λ", { min: 0, max: 1 }),
    labels: el("lc-labels").value,
    stop: stopKind === "gap" ? { kind: "gap", tolerance: num("lc-gap", "gap tolerance", { min: 1e-12, max: 1 }) } : { kind: stopKind },
    randomSeparability: true, // the storage panel: random labellings of the same inputs, against Cover
  };
}

/** Saves `blob` as a download called `name`. */
export function download(name, blob) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
