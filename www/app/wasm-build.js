/**
 * Which build of the core this browser loads (feature detection, on the page and in each worker):
 * `simd`, built with wasm SIMD (`+simd128`, `www/pkg/perceptron_lab_bg.wasm`), where a SIMD
 * instruction validates; else `baseline`, the same code without SIMD
 * (`www/pkg/perceptron_lab_baseline_bg.wasm`: Safari before 16.4 and other older browsers); `null`
 * without WebAssembly (switched off, e.g. Safari's Lockdown Mode). Both builds bind to the same
 * JavaScript glue and give the same numbers (tests/browsers/).
 */

/** @typedef {"simd" | "baseline"} WasmBuild */

/** A module with one function returning a `v128.const`: valid only where wasm SIMD is. */
export const SIMD_PROBE = [
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 22, 1, 20, 0, 253, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 11,
];

/** @returns {WasmBuild | null} the build this browser runs, `null` without WebAssembly */
export function wasmBuild() {
  if (typeof WebAssembly !== "object" || typeof WebAssembly.validate !== "function") return null;
  return WebAssembly.validate(new Uint8Array(SIMD_PROBE)) ? "simd" : "baseline";
}

/**
 * The wasm file of `build` (both sit next to the glue, www/pkg/perceptron_lab.js).
 * @param {WasmBuild} build
 */
export function wasmUrl(build) {
  return new URL(build === "simd" ? "../pkg/perceptron_lab_bg.wasm" : "../pkg/perceptron_lab_baseline_bg.wasm", import.meta.url);
}

/**
 * The core compiled once, from its URL or (single-file build) its bytes: the page instantiates it,
 * and every worker gets the same compiled module in a message (`spawnWorker` in worker-pool.js)
 * instead of fetching and compiling its own copy.
 * @param {URL | Uint8Array<ArrayBuffer>} source
 * @returns {Promise<WebAssembly.Module>}
 */
export async function compileCore(source) {
  if (!(source instanceof URL)) return WebAssembly.compile(source);
  if (typeof WebAssembly.compileStreaming === "function") {
    try {
      return await WebAssembly.compileStreaming(fetch(source));
    } catch {
      // e.g. a server that does not say `application/wasm`: compiled from the bytes below
    }
  }
  const response = await fetch(source);
  if (!response.ok) throw new Error(`failed to fetch the core: ${response.status} ${response.statusText} fetching '${source}'`);
  return WebAssembly.compile(await response.arrayBuffer());
}

/** What the page says at its top without WebAssembly. */
export const NO_WASM =
  "Perceptron Lab needs WebAssembly, which this browser does not offer or has switched off: switch WebAssembly on (in Safari, turn off Lockdown Mode for this site) or open the page in a current Firefox, Chrome, Edge or Safari.";
