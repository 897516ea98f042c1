/**
 * What the page's start waits on that needs none of its other modules, started as soon as the page
 * is parsed: the core's fetch and compile, and the opening of the viewer's stored lessons.
 * index.html runs this module before main.js (and preloads its imports and the SIMD build's wasm,
 * the file every current browser runs; a browser without SIMD fetches its own), so both proceed
 * while main.js's modules are still being fetched instead of after them; main.js imports this same
 * module and awaits them. Neither in a speaker view (`?speaker`), which runs no core.
 */

import { openStore } from "../lessons/lesson-database.js";
import { compileCore, wasmBuild, wasmUrl } from "./wasm-build.js";

const speaker = new URLSearchParams(location.search).has("speaker");

/** The build this browser runs (`null` without WebAssembly). */
export const build = wasmBuild();

/**
 * The compiled core (the single-file build passes the bytes it carries, the site fetches its
 * build's file); `null` without WebAssembly or in a speaker view.
 */
export const core = build && !speaker ? compileCore(globalThis.PLAB_WASM ?? wasmUrl(build)) : null;

/** The viewer's lessons, read from storage; `null` in a speaker view. */
export const storeOpen = speaker ? null : openStore();

// a failure is said where main.js awaits them, not reported as unhandled before then
core?.catch(() => {});
storeOpen?.catch(() => {});
