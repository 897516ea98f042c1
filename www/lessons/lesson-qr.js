/**
 * A lesson step's link as a QR code, large on the screen (key Q in presenter mode), so that the
 * students open the same step on their phones. Drawn by qrcode-generator (vendored into
 * www/vendor by scripts/setup.sh, loaded on first use: no network at run time) on a canvas, one
 * square per module with the four-module quiet zone the standard asks for.
 */

/** The longest link drawn (characters): a QR code of more is too fine to scan from the room. */
export const QR_MAX_LINK = 1200;

/**
 * @typedef {{addData: (data: string) => void, make: () => void, getModuleCount: () => number, isDark: (row: number, col: number) => boolean}} QrCode
 * @typedef {(type: number, level: string) => QrCode} QrFactory
 */

/** @type {Promise<QrFactory> | null} */
let factory = null;

/** The QR code maker (loaded once). */
function qrcode() {
  factory ??= import("../vendor/qrcode.mjs").then((m) => /** @type {QrFactory} */ (/** @type {any} */ (m).default));
  return factory;
}

/**
 * The QR code of `url`: its modules (`dark[row][col]`). Throws for a link longer than QR_MAX_LINK.
 * @param {string} url
 */
export async function qrModules(url) {
  if (url.length > QR_MAX_LINK)
    throw new Error(
      `This step's link is ${url.length} characters long, too long for a QR code scanned from the room (at most ${QR_MAX_LINK}); Copy link in the editor gives it.`,
    );
  const make = await qrcode();
  const code = make(0, "M"); // the smallest version that holds it; 15 % of it may be unreadable
  code.addData(url);
  code.make();
  const n = code.getModuleCount();
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => code.isDark(r, c)));
}

/**
 * Draws `modules` on `canvas`, `size` CSS px square, black on white with a quiet zone of 4 modules.
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
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d"));
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = "#000";
  for (const [r, row] of modules.entries()) for (const [c, dark] of row.entries()) if (dark) ctx.fillRect((c + 4) * cell, (r + 4) * cell, cell, cell);
}
