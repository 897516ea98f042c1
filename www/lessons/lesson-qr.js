/**
 * A lesson step's link as a QR code, large on the screen (key Q in presenter mode), so that the
 * students open the same step on their phones. Drawn by qrcode-generator (vendored into
 * www/vendor by scripts/setup.sh, loaded on first use: no network at run time) on a canvas, one
 * square per module with the four-module quiet zone the standard asks for.
 *
 * A lesson of the lecturer's own travels in the link (lesson-link.js), compressed: the code holds
 * it in base 41 in alphanumeric mode (`qrLinkParts`), the address before it in byte mode. The
 * code is the smallest version that holds the link at error correction L (7 %: a projected code
 * is clean, and a smaller version has larger modules), raised to M, Q or H where the same version
 * holds it; the largest, version 40 (177 modules a side), holds a link of about 3 800 characters
 * as Copy link writes it. A longer one is said, with the link to copy.
 */

import { qrLinkParts } from "./lesson-link.js";

/**
 * @typedef {{addData: (data: string, mode?: string) => void, make: () => void, getModuleCount: () => number, isDark: (row: number, col: number) => boolean}} QrCode
 * @typedef {(type: number, level: string) => QrCode} QrFactory
 */

/** @type {Promise<QrFactory> | null} */
let factory = null;

/** The QR code maker (loaded once). */
function qrcode() {
  factory ??= import("../vendor/qrcode.mjs").then((m) => /** @type {QrFactory} */ (/** @type {any} */ (m).default));
  return factory;
}

/** Data bits of version 40 at level L (2 956 codewords; ISO/IEC 18004 table 7). */
const MAX_DATA_BITS = 2956 * 8;

/**
 * The longest link (characters, as `url` is written: the lesson in base64url) whose QR code fits
 * version 40-L, with `url`'s address before the lesson.
 * @param {string} url
 * @param {{head: string, tail: string}} parts
 */
export function longestQrLink(url, parts) {
  const headBits = 4 + 16 + 8 * new TextEncoder().encode(parts.head).length;
  if (!parts.tail) return Math.floor((MAX_DATA_BITS - 4 - 16) / 8);
  const bits = MAX_DATA_BITS - headBits - 4 - 13; // the alphanumeric segment's mode and count
  const chars = Math.floor(bits / 11) * 2 + (bits % 11 >= 6 ? 1 : 0);
  const bytes = Math.floor(chars / 3) * 2 + (chars % 3 === 2 ? 1 : 0);
  const lessonNow = Math.ceil((Math.floor(parts.tail.length / 3) * 2 + (parts.tail.length % 3 === 2 ? 1 : 0)) * (4 / 3));
  return url.length - lessonNow + Math.ceil((bytes * 4) / 3);
}

/**
 * The QR code of lesson link `url`: its modules (`dark[row][col]`), its version and error
 * correction level, and the text it holds (the link with the lesson in base 41, which opens the
 * same step). Throws, saying how long the link is and how long it may be, when even version 40-L
 * cannot hold it.
 * @param {string} url
 */
export async function qrModules(url) {
  const make = await qrcode();
  const parts = qrLinkParts(url);
  /** @param {number} version 0: the smallest that holds it @param {string} level */
  const build = (version, level) => {
    const code = make(version, level);
    code.addData(parts.head, "Byte");
    if (parts.tail) code.addData(parts.tail, "Alphanumeric");
    code.make();
    return code;
  };
  let code;
  try {
    code = build(0, "L");
  } catch {
    throw new Error(
      `This step's link is ${url.length} characters long (the lesson travels in it); the largest QR code (version 40, error correction L) holds a link of at most ${longestQrLink(url, parts)} characters. Copy the link below and share it another way, or shorten the lesson (fewer steps, points or words).`,
    );
  }
  const version = (code.getModuleCount() - 17) / 4;
  let level = "L";
  for (const higher of ["H", "Q", "M"]) {
    try {
      code = build(version, higher);
      level = higher;
      break;
    } catch {
      // the same version does not hold it at this level
    }
  }
  const n = code.getModuleCount();
  const modules = Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => code.isDark(r, c)));
  return { modules, version, level, text: parts.head + parts.tail };
}

/**
 * Draws `modules` on `canvas`, at most `size` CSS px square, black on white with a quiet zone of
 * 4 modules, each module a whole number of device pixels (sharp edges).
 * @param {HTMLCanvasElement} canvas
 * @param {boolean[][]} modules
 * @param {number} size
 */
export function drawQr(canvas, modules, size) {
  const n = modules.length + 8;
  const dpr = window.devicePixelRatio || 1;
  const cell = Math.max(1, Math.floor((size * dpr) / n));
  canvas.width = canvas.height = cell * n;
  canvas.style.width = canvas.style.height = `${(cell * n) / dpr}px`;
  canvas.dataset.cell = String(cell / dpr);
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d"));
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = "#000";
  for (const [r, row] of modules.entries()) for (const [c, dark] of row.entries()) if (dark) ctx.fillRect((c + 4) * cell, (r + 4) * cell, cell, cell);
}
