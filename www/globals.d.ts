// Globals of the page and its workers that no module declares (type check only: see tsconfig.json).

/** `window.lab`: the automation interface of docs/design.md, filled in by main.js once booted. */
interface Lab {
  /** Resolves (to the lab itself) when the page is interactive. */
  ready: Promise<Lab>;
  /** ms since navigation start until interactive. */
  readyAt?: number;
  // biome-ignore lint/suspicious/noExplicitAny: the methods are added by main.js's automation()
  [method: string]: any;
}

interface Window {
  lab: Lab;
}

// Set only by the single-file build (scripts/single-file.mjs) before the page's own script runs.
/** The wasm module's bytes. */
declare var PLAB_WASM: Uint8Array<ArrayBuffer> | undefined;
/** The same bytes in base64 (the worker's copy is prepended to its code). */
declare var PLAB_WASM_B64: string | undefined;
/** The shipped data files by path under www/ (`data/….csv` → its text). */
declare var PLAB_FILES: Record<string, string> | undefined;
/** The worker's bundled code, run from a blob URL. */
declare var PLAB_WORKER_SOURCE: string | undefined;
