/**
 * Sub- and superscripts in short labels written with carets, as the chapter's notation is typed:
 * `ξ^6`, `x^μ`, `κ_max`, `2^{P-1}`. After `^` or `_` comes a group in braces, a run of letters
 * and digits, or one character. On a canvas they are drawn smaller, raised or lowered; in the
 * page they become <sup> and <sub>.
 */

/**
 * The pieces of `text`: `{text, shift}` with shift 0 (the line), 1 (raised) or −1 (lowered).
 * @param {string} text
 * @returns {{text: string, shift: number}[]}
 */
export function richPieces(text) {
  /** @type {{text: string, shift: number}[]} */
  const out = [];
  const re = /([_^])(\{[^}]*\}|[A-Za-z0-9]+|[^\s])/gu;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > last) out.push({ text: text.slice(last, m.index), shift: 0 });
    const body = m[2].startsWith("{") ? m[2].slice(1, -1) : m[2];
    out.push({ text: body, shift: m[1] === "^" ? 1 : -1 });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last), shift: 0 });
  return out;
}

/**
 * The size of a script against its line's text, and the least a script is drawn at: the page's
 * text floor in projector mode (style.css --big-text: 1/40 of the screen's height, at most as much
 * as its width allows, never under 18 px — 18 px at 1280×720, 27 px at 1920×1080): smaller text
 * goes unread in a hall.
 */
const SCRIPT = 0.72;
const scriptFloor = () => Math.max(18, Math.min(0.025 * window.innerHeight, 0.0140625 * window.innerWidth));

/** A script's font for the line's canvas font `font`: SCRIPT of its size, never under `scriptFloor()` nor over the line's. @param {string} font */
function scriptFont(font) {
  const floor = scriptFloor();
  return font.replace(/(\d+(?:\.\d+)?)px/, (_, px) => `${Math.max(Number(px) * SCRIPT, Math.min(Number(px), floor)).toFixed(1)}px`);
}

/** The pixel size of a canvas font. @param {string} font */
const fontPx = (font) => Number(/(\d+(?:\.\d+)?)px/.exec(font)?.[1] ?? 12);

/** How wide `text` is drawn by fillRich in `ctx`'s font. @param {CanvasRenderingContext2D} ctx @param {string} text */
export function measureRich(ctx, text) {
  const font = ctx.font;
  let width = 0;
  for (const p of richPieces(text)) {
    ctx.font = p.shift ? scriptFont(font) : font;
    width += ctx.measureText(p.text).width;
  }
  ctx.font = font;
  return width;
}

/**
 * Draws `text` at (x, y) (the baseline's start) with its scripts smaller, raised or lowered.
 * @param {CanvasRenderingContext2D} ctx
 * @param {string} text
 * @param {number} x
 * @param {number} y
 */
export function fillRich(ctx, text, x, y) {
  const font = ctx.font;
  const px = fontPx(font);
  let at = x;
  for (const p of richPieces(text)) {
    ctx.font = p.shift ? scriptFont(font) : font;
    ctx.fillText(p.text, at, y + (p.shift > 0 ? -0.38 * px : p.shift < 0 ? 0.22 * px : 0));
    at += ctx.measureText(p.text).width;
  }
  ctx.font = font;
}

/**
 * Fills `el` with `text`, its scripts as <sup> and <sub>.
 * @param {HTMLElement} el
 * @param {string} text
 */
export function setRichText(el, text) {
  el.replaceChildren(
    ...richPieces(text).map((p) => {
      if (!p.shift) return p.text;
      const s = document.createElement(p.shift > 0 ? "sup" : "sub");
      s.textContent = p.text;
      return s;
    }),
  );
}
