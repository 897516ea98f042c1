/**
 * A step's sentences on the page: paragraphs (separated by a blank line) of plain text with TeX
 * between `$…$` (in the line) or `$$…$$` (displayed), typeset as MathML by Temml (www/vendor,
 * loaded the first time a lesson shows an equation, so that the page itself does not wait for
 * it). The text is never read as HTML.
 */

import { errorMessage } from "../text/format.js";

/** @type {Promise<typeof import("../vendor/temml.mjs").default> | null} */
let temml = null;

/** Temml, loaded once. */
function loadTemml() {
  temml ??= import("../vendor/temml.mjs").then((m) => m.default);
  return temml;
}

/**
 * The pieces of a paragraph: text and TeX (`display` for `$$…$$`). A `$` without its closing
 * partner is text; `\$` is a dollar sign.
 * @param {string} paragraph
 * @returns {{tex: boolean, display: boolean, text: string}[]}
 */
export function splitMath(paragraph) {
  const out = [];
  const re = /\$\$([^$]+)\$\$|\$((?:\\\$|[^$])+)\$/g;
  let last = 0;
  for (let m = re.exec(paragraph); m; m = re.exec(paragraph)) {
    if (m.index > last) out.push({ tex: false, display: false, text: paragraph.slice(last, m.index) });
    out.push({ tex: true, display: m[1] !== undefined, text: (m[1] ?? m[2]).trim() });
    last = re.lastIndex;
  }
  if (last < paragraph.length) out.push({ tex: false, display: false, text: paragraph.slice(last) });
  return out.map((p) => (p.tex ? p : { ...p, text: p.text.replace(/\\\$/g, "$") }));
}

/**
 * Fills `box` with the paragraphs of `text` (TeX typeset once Temml has loaded; a formula it
 * cannot read stays as its TeX, marked). Resolves when the equations are typeset.
 * @param {HTMLElement} box
 * @param {string} text
 */
export async function renderLessonText(box, text) {
  box.replaceChildren();
  /** @type {{el: HTMLElement, tex: string, display: boolean}[]} */
  const formulas = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    if (!paragraph.trim()) continue;
    const p = document.createElement("p");
    const pieces = splitMath(paragraph.trim());
    for (const [k, piece] of pieces.entries()) {
      if (!piece.tex) {
        p.append(piece.text);
        continue;
      }
      const span = document.createElement("span");
      span.className = piece.display ? "math display" : "math";
      span.textContent = piece.text; // until typeset
      formulas.push({ el: span, tex: piece.text, display: piece.display });
      // an equation in the line and the word or mark right after it ("$\kappa_{\max}$,") kept
      // on one line: the line may break after a formula, and would then start with the comma
      const next = pieces[k + 1];
      const glued = !piece.display && next && !next.tex ? (/^\S+/.exec(next.text)?.[0] ?? "") : "";
      if (glued && next) {
        const glue = document.createElement("span");
        glue.className = "math-glue";
        glue.append(span, glued);
        next.text = next.text.slice(glued.length);
        p.append(glue);
      } else p.append(span);
    }
    box.append(p);
  }
  if (!formulas.length) return;
  const t = await loadTemml();
  for (const f of formulas) {
    try {
      f.el.replaceChildren();
      t.render(f.tex, f.el, { displayMode: f.display, throwOnError: true });
      disarm(f.el);
    } catch (e) {
      f.el.textContent = f.tex;
      f.el.classList.add("math-error");
      f.el.title = `This formula could not be typeset: ${errorMessage(e)}`;
    }
  }
}

/**
 * Makes typeset TeX unable to name or reach the page: every `id` (`\label{status}` would give an
 * element the status line's own id) is removed, and every link (`\ref`, `\href`, `\url`) loses
 * its target, so that a click on it changes neither the address nor the focus.
 * @param {Element} root
 */
export function disarm(root) {
  for (const node of [root, ...root.querySelectorAll("*")]) {
    if (node !== root) node.removeAttribute("id");
    for (const name of ["href", "xlink:href", "target"]) node.removeAttribute(name);
  }
}
