/**
 * Lesson links. The built-in lesson opens by name, `?lesson=chapter&step=4`; a lesson a lecturer
 * wrote travels in the link itself, `?step=4#lesson=` + base64url of its JSON compressed with the
 * platform's CompressionStream (deflate-raw), so that a lesson of a dozen steps is short enough
 * to paste. `step` counts from 1 in a link (from 0 in `lab.openLesson`); `&embed` asks for the
 * embed layout (one step's views and its action, for an iframe). `lab.lessonLink` answers at once
 * (`lessonUrlNow`): with the compressed lesson once it has been compressed (the page compresses
 * the lesson it shows), else with its JSON uncompressed in `#lesson-json=` (longer, as valid).
 * A QR code (key Q, lesson-qr.js) carries the compressed lesson in base 41, `#lesson41=`, which
 * opens the same.
 */

import { LESSON_LIMITS } from "./lesson-format.js";

const HASH_PREFIX = "#lesson=";
const PLAIN_PREFIX = "#lesson-json=";
/**
 * The same compressed lesson written for a QR code (lesson-qr.js): in base 41, every character one
 * of QR's alphanumeric mode (digits, capitals, `*-./:`, 5.5 bits each) that a URL's hash keeps as
 * it is, two bytes in three characters — a QR code holds about a third more lesson this way than
 * in base64url, which needs byte mode (8 bits a character).
 */
const QR_PREFIX = "#lesson41=";
const BASE41 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ*-./:";
/** The compressed form (base64url) of the lessons compressed so far, by their JSON (the last few). @type {Map<string, string>} */
const compressed = new Map();
const COMPRESSED_KEPT = 8;

/** @param {string} text base64url */
function unbase64url(text) {
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

/** @param {Uint8Array} bytes */
function base64url(bytes) {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** @param {Uint8Array} bytes two bytes in three characters, a last odd byte in two */
function base41(bytes) {
  let out = "";
  for (let i = 0; i < bytes.length; i += 2) {
    const pair = i + 1 < bytes.length;
    let v = pair ? bytes[i] * 256 + bytes[i + 1] : bytes[i];
    for (let k = pair ? 3 : 2; k > 0; k--, v = Math.floor(v / 41)) out += BASE41[v % 41];
  }
  return out;
}

/** @param {string} text base 41 (`base41`); throws when it is not */
function unbase41(text) {
  if (text.length % 3 === 1) throw new Error("not base 41");
  const bytes = new Uint8Array(Math.floor(text.length / 3) * 2 + (text.length % 3 ? 1 : 0));
  for (let i = 0, at = 0; i < text.length; i += 3) {
    const group = text.slice(i, i + 3);
    let v = 0;
    for (let k = group.length - 1; k >= 0; k--) {
      const d = BASE41.indexOf(group[k]);
      if (d < 0) throw new Error("not base 41");
      v = v * 41 + d;
    }
    if (group.length === 3) {
      if (v > 0xffff) throw new Error("not base 41");
      bytes[at++] = v >> 8;
      bytes[at++] = v & 0xff;
    } else if (v > 0xff) throw new Error("not base 41");
    else bytes[at++] = v;
  }
  return bytes;
}

/**
 * A lesson link (`lessonUrl`) as a QR code holds it: `head` in byte mode, `tail` (the compressed
 * lesson in base 41, `#lesson41=`; empty for a built-in lesson's link) in alphanumeric mode.
 * Opened, it shows what `url` shows.
 * @param {string} url
 */
export function qrLinkParts(url) {
  const at = url.indexOf(HASH_PREFIX);
  if (at < 0) return { head: url, tail: "" };
  return { head: url.slice(0, at) + QR_PREFIX, tail: base41(unbase64url(url.slice(at + HASH_PREFIX.length))) };
}

/**
 * Bytes through a compression or decompression stream.
 * @param {Uint8Array} bytes
 * @param {CompressionStream | DecompressionStream} stream
 */
async function through(bytes, stream) {
  const out = new Response(new Blob([/** @type {BlobPart} */ (bytes)]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

/** Compressed bytes fed to the inflater at a time: each inflates to at most about 1 MB (DEFLATE's ratio is at most 1032:1). */
const FEED_BYTES = 1024;

/**
 * Inflates `bytes` (raw DEFLATE), fed a kilobyte at a time and counting the inflated size as it
 * streams: past `limit` bytes it stops at once and throws naming the limit, so that a small link
 * that inflates to gigabytes (a deflate bomb) costs no more than `limit` bytes of memory and the
 * main thread a moment at a time. (Fed whole, the stream would inflate all of it in one go.)
 * @param {Uint8Array} bytes
 * @param {number} limit
 */
async function inflateAtMost(bytes, limit) {
  const stream = new DecompressionStream("deflate-raw");
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  const feed = (async () => {
    for (let i = 0; i < bytes.length; i += FEED_BYTES) await writer.write(/** @type {Uint8Array<ArrayBuffer>} */ (bytes.subarray(i, i + FEED_BYTES)));
    await writer.close();
  })();
  feed.catch(() => {}); // a damaged stream is said by the reader
  /** @type {Uint8Array[]} */
  const chunks = [];
  let size = 0;
  for (;;) {
    let read;
    try {
      read = await reader.read();
    } catch {
      throw new Error("the link's lesson is damaged (not readable)");
    }
    if (read.done) break;
    size += read.value.length;
    if (size > limit) {
      reader.cancel().catch(() => {});
      writer.abort().catch(() => {});
      throw new Error(`the link's lesson inflates to more than ${limit} bytes, the most a lesson file may have (${limit >> 20} MiB); it was not opened`);
    }
    chunks.push(read.value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/**
 * The link that opens `lesson` at step `index` (from 0): by name for a built-in lesson, else the
 * lesson compressed into the hash.
 * @param {{id: string}} lesson
 * @param {any} file the lesson's file (encodeLesson), for one that is not built in; null for a built-in one
 * @param {number} index
 * @param {{embed?: boolean}} [options]
 */
export async function lessonUrl(lesson, file, index, { embed = false } = {}) {
  if (file) {
    const json = JSON.stringify(file);
    if (!compressed.has(json)) {
      const bytes = await through(new TextEncoder().encode(json), new CompressionStream("deflate-raw"));
      compressed.set(json, base64url(bytes));
      if (compressed.size > COMPRESSED_KEPT) compressed.delete(compressed.keys().next().value ?? "");
    }
  }
  return lessonUrlNow(lesson, file, index, { embed });
}

/**
 * `lessonUrl` at once: the lesson compressed if it has been (by `lessonUrl`), else its JSON plain.
 * @param {{id: string}} lesson
 * @param {any} file
 * @param {number} index
 * @param {{embed?: boolean}} [options]
 */
export function lessonUrlNow(lesson, file, index, { embed = false } = {}) {
  const url = new URL(location.href);
  url.search = "";
  url.hash = "";
  if (!file) url.searchParams.set("lesson", lesson.id);
  url.searchParams.set("step", String(index + 1));
  if (embed) url.searchParams.set("embed", "");
  if (file) {
    const json = JSON.stringify(file);
    const packed = compressed.get(json);
    url.hash = packed !== undefined ? `${HASH_PREFIX.slice(1)}${packed}` : `${PLAIN_PREFIX.slice(1)}${base64url(new TextEncoder().encode(json))}`;
  }
  // `&embed`, not `&embed=` (before the hash as well as at the end)
  return url.href.replace(/([?&])embed=(&|#|$)/, "$1embed$2");
}

/**
 * What a lesson link in `loc` asks for: `{id}` (a built-in lesson) or `{file}` (the lesson's
 * parsed JSON, not yet checked), the step (from 0) and whether to embed; null for no lesson link.
 * Throws an Error when the link's lesson cannot be read.
 * @param {{search: string, hash: string}} loc
 * @returns {Promise<{id: string | null, file: any, step: number, embed: boolean} | null>}
 */
export async function readLessonLink(loc) {
  const params = new URLSearchParams(loc.search);
  const id = params.get("lesson");
  const inHash = hashIsLesson(loc.hash);
  if (id === null && !inHash) return null;
  const stepText = params.get("step") ?? "1";
  const step = Number(stepText);
  if (!Number.isInteger(step) || step < 1) throw new Error(`the lesson link's step must be a whole number from 1, got "${stepText.slice(0, 20)}"`);
  const embed = params.has("embed");
  if (!inHash) return { id, file: null, step: step - 1, embed };
  let bytes;
  try {
    if (loc.hash.startsWith(QR_PREFIX)) bytes = unbase41(loc.hash.slice(QR_PREFIX.length));
    else bytes = unbase64url(loc.hash.slice((loc.hash.startsWith(PLAIN_PREFIX) ? PLAIN_PREFIX : HASH_PREFIX).length));
  } catch {
    throw new Error("the link's lesson is damaged (not readable)");
  }
  const limit = LESSON_LIMITS.fileBytes;
  if (loc.hash.startsWith(PLAIN_PREFIX)) {
    if (bytes.length > limit) throw new Error(`the link's lesson has ${bytes.length} bytes, at most ${limit} (${limit >> 20} MiB, the most a lesson file may have)`);
  } else bytes = await inflateAtMost(bytes, limit);
  let file;
  try {
    file = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new Error("the link's lesson is damaged (not readable)");
  }
  return { id: null, file, step: step - 1, embed };
}

/** Whether the URL's hash holds a lesson (not the page's own state, which restoreOrPreset reads). @param {string} hash */
export function hashIsLesson(hash) {
  return hash.startsWith(HASH_PREFIX) || hash.startsWith(PLAIN_PREFIX) || hash.startsWith(QR_PREFIX);
}
