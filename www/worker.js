/** Module worker: its own wasm instance; runs batches of learning-curve cells. */

import init, { runCells } from "./pkg/perceptron_lab.js";

// in the single-file build the page prepends PLAB_WASM_B64 to this worker's code
const ready = init(
  self.PLAB_WASM_B64 ? { module_or_path: Uint8Array.from(atob(self.PLAB_WASM_B64), (c) => c.charCodeAt(0)) } : undefined,
);
const BATCH = 4; // cells between progress messages

self.onmessage = async ({ data: { id, params, start, end } }) => {
  try {
    await ready;
    const results = [];
    for (let s = start; s < end; s += BATCH) {
      const part = runCells(params, s, Math.min(end, s + BATCH));
      results.push(...part);
      self.postMessage({ id, progress: part.length });
    }
    self.postMessage({ id, results });
  } catch (e) {
    self.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
  }
};
