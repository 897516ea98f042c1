/**
 * The text of the page's canvases (the data view, the weight view) and of the core's charts:
 * one size and two inks, the core's (`catalogue().chartText`, which its plotters charts use too),
 * legible on a projection at a distance — at least 14 px in normal mode, larger in projector
 * mode, and inks with WCAG AA contrast (≥ 4.5:1) on white. Text in a series' own colour is
 * darkened to that contrast (`textInk`).
 */

import { TEXT } from "../app/catalogue.js";

/**
 * Projector mode's factor on the canvases' and charts' type: TEXT.projector at 1280×720, growing
 * with the screen beyond it (its height over 720 and its width over 1280, the lesser), as the
 * page's text does (style.css --big-text: 1/40 of the height).
 */
export function projectorScale() {
  return TEXT.projector * Math.max(1, Math.min(window.innerHeight / 720, window.innerWidth / 1280));
}

/** The canvases' type size in CSS px, in projector mode or not. @param {boolean} projector */
export function textPx(projector) {
  return Math.round(TEXT.px * (projector ? projectorScale() : 1));
}

/** The canvases' font (`weight`: "" or "bold"), in projector mode or not. @param {boolean} projector @param {string} [weight] */
export function textFont(projector, weight = "") {
  return `${weight ? `${weight} ` : ""}${textPx(projector)}px system-ui, sans-serif`;
}

/** The contrast ratio WCAG wants of text against its background. */
const AA = 4.5;

/** WCAG's relative luminance of `[r, g, b]` (0–255). @param {number[]} rgb */
function luminance(rgb) {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * `color` (`#rrggbb`) as an ink for text on white: itself if it has AA contrast there, else the
 * same hue darkened just enough (a rule's name or w(t) in the rule's colour, legible).
 * @param {string} color
 */
export function textInk(color) {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (!m) return TEXT.color;
  const rgb = [m[1], m[2], m[3]].map((h) => parseInt(h, 16));
  for (let f = 1; f > 0; f -= 0.02) {
    const c = rgb.map((v) => Math.round(v * f));
    if (1.05 / (luminance(c) + 0.05) >= AA) return `#${c.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
  }
  return "#000000";
}
