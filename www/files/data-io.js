/** Data in and out: CSV/JSON import (file picker, drag and drop), CSV/JSON/PNG export, and the
 * state in the URL. Parsing of CSV is the core's; every import goes through app.setPoints, which
 * validates and leaves the points untouched on failure. */

import { download } from "./download.js";
import { decodeRecord, encodeRecord } from "../app/state-fields.js";
import { errorMessage } from "../text/format.js";

/** @typedef {typeof import("../pkg/perceptron_lab.js")} Wasm */
/** @typedef {{ x: number, y: number, label: number }} Point */
/** @typedef {{ points: Point[], threshold?: boolean, notices: string[] }} Imported */

const URL_VERSION = "v1";
const MAX_FILE_BYTES = 8 << 20;
/**
 * The longest state a link may carry (characters of base64url): room for the most points a
 * picture may have at full precision (LIMITS.maxPoints × about 45 characters of JSON each) and
 * its settings. Counted before any decoding, so that a longer link costs nothing to refuse.
 */
export const MAX_HASH_CHARS = 1 << 20;

/**
 * Reads a File (CSV or JSON) into `{points, threshold?, notices}`; throws an Error naming the problem.
 * @param {Wasm} wasm
 * @param {File} file
 * @returns {Promise<Imported>}
 */
export async function readDataFile(wasm, file) {
  if (file.size > MAX_FILE_BYTES) throw new Error(`${file.name}: ${file.size} bytes is too large (at most ${MAX_FILE_BYTES})`);
  const text = await file.text();
  const looksJson = /\.json$/i.test(file.name) || /^\s*[[{]/.test(text);
  try {
    const imported = looksJson ? parseJson(text) : parseCsv(wasm, text);
    // an empty set would replace the points with nothing (the core refuses a CSV header alone)
    if (!imported.points.length) throw new Error("the file has no points");
    return imported;
  } catch (e) {
    throw new Error(`${file.name}: ${errorMessage(e)}`);
  }
}

/**
 * CSV through the core: `{points, notices}`.
 * @param {Wasm} wasm
 * @param {string} text
 * @returns {Imported}
 */
export function parseCsv(wasm, text) {
  const { xs, ys, notices } = wasm.parsePointsCsv(text);
  const points = Array.from(ys, (label, i) => ({ x: xs[2 * i], y: xs[2 * i + 1], label }));
  return { points, notices };
}

/**
 * JSON: an array of `{x, y, label}` or `{points: [...], threshold?}` (validated later by setPoints).
 * @param {string} text
 * @returns {Imported}
 */
export function parseJson(text) {
  let v;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new Error(`not valid JSON (${errorMessage(e)})`);
  }
  if (Array.isArray(v)) return { points: v, notices: [] };
  if (v && typeof v === "object" && Array.isArray(v.points)) {
    if (v.threshold !== undefined && typeof v.threshold !== "boolean") throw new Error(`"threshold" must be true or false`);
    return { points: v.points, threshold: v.threshold, notices: [] };
  }
  throw new Error('expected an array of {x, y, label} or an object {"points": [...]}');
}

/**
 * The points as CSV text (`x,y,label`).
 * @param {Point[]} points
 */
export function toCsv(points) {
  return `${["x,y,label", ...points.map((p) => `${p.x},${p.y},${p.label}`)].join("\n")}\n`;
}

/**
 * Saves the points as CSV or JSON.
 * @param {{ points: Point[], threshold: boolean }} state
 * @param {"csv" | "json"} format
 */
export function exportPoints(state, format) {
  if (format === "csv") download("points.csv", new Blob([toCsv(state.points)], { type: "text/csv" }));
  else download("points.json", new Blob([JSON.stringify({ points: state.points, threshold: state.threshold }, null, 1)], { type: "application/json" }));
}

/** Backing-store scale of exported views: sharp on a projector (3× the CSS size on a 1× screen). */
export const EXPORT_SCALE = 3;

/**
 * Saves a view as PNG at EXPORT_SCALE × its on-screen resolution: `resize(scale)` sets the
 * backing store, `redraw()` draws, and the on-screen size is restored afterwards.
 * @param {HTMLCanvasElement} canvas
 * @param {string} name
 * @param {(scale: number) => void} resize
 * @param {() => void} redraw
 */
export function exportPng(canvas, name, resize, redraw) {
  resize(EXPORT_SCALE);
  redraw();
  // null when the canvas cannot be encoded (too large): nothing to save
  canvas.toBlob((blob) => blob && download(name, blob), "image/png");
  resize(1);
  redraw();
}

/**
 * The URL hash for the state: `#v1:` + base64url of the JSON record of the link's fields
 * (state-fields.js: `{p: [[x, y, label]…], t, a, r, s, c}` — points, threshold, the shown algorithms,
 * the rule settings, the seed and the learning-curve form; all but `p` optional, so older v1 links
 * still open).
 * @param {Record<string, any>} state
 * @returns {string}
 */
export function encodeHash(state) {
  const bytes = new TextEncoder().encode(JSON.stringify(encodeRecord(state, "link")));
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `#${URL_VERSION}:${btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")}`;
}

/**
 * Decodes a URL hash into the link's fields `{points, threshold, shown?, rules?, seed?, curves?}`
 * (each checked by its row of state-fields.js; a point that is not `[x, y, label]` is null) and
 * `dropped`, the sentences naming what was left out; null for no state; throws an Error ("the
 * link's state …") for one without points.
 * @param {string} hash
 * @returns {(Record<string, any> & { points: (Point | null)[], threshold: boolean, dropped: string[] }) | null}
 */
export function decodeHash(hash) {
  if (!hash || hash === "#") return null;
  if (hash.length > MAX_HASH_CHARS) throw new Error(`the link's state is ${hash.length} characters long, at most ${MAX_HASH_CHARS}`);
  const m = /^#v(\d+):([A-Za-z0-9_-]*)$/.exec(hash);
  if (!m) throw new Error("the link's state is not in a known format");
  if (`v${m[1]}` !== URL_VERSION) throw new Error(`the link's state has version v${m[1]}; this page reads ${URL_VERSION}`);
  let v;
  try {
    const bin = atob(m[2].replace(/-/g, "+").replace(/_/g, "/"));
    v = JSON.parse(new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0))));
  } catch {
    throw new Error("the link's state is damaged (not readable)");
  }
  try {
    const { values, dropped } = decodeRecord(v, "link");
    return { ...values, points: values.points, threshold: values.threshold ?? false, dropped };
  } catch (e) {
    throw new Error(`the link's state ${errorMessage(e)}`);
  }
}
