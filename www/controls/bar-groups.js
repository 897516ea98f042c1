/**
 * The first screen's control bar: the named groups (data, rules, views, learning curves, files,
 * lessons), each a button that opens or closes its panel under the bar (the learning curves: their
 * section under the views) with the group's state in the button, and "Present the chapter", the
 * way into the built-in lesson. The panels hold the page's own controls, ids unchanged.
 */

import { NAMES } from "../app/catalogue.js";
import { CHAPTER_ID } from "../lessons/lesson-chapter.js";

/** Longest summary in a group's button (characters), cut with an ellipsis beyond. */
const SUMMARY_CHARS = 28;

/** `text` cut to `n` characters with an ellipsis. @param {string} text @param {number} n */
function cut(text, n = SUMMARY_CHARS) {
  return text.length > n ? `${text.slice(0, n - 1).trimEnd()}…` : text;
}

/** The text of a menu's chosen option before its first " (" (the name without its note). @param {HTMLSelectElement} select */
function chosenName(select) {
  const text = select.selectedOptions[0]?.textContent ?? "";
  return text.split(" (")[0];
}

/**
 * Opens or closes the group `toggle` controls: its panel's `hidden` in the bar, the learning
 * curves' `folded` class (their section keeps `hidden` for a lesson link's `?hide=curves`).
 * @param {HTMLElement} toggle
 * @param {boolean} open
 * @param {() => void} [onOpen] what the group needs once it is shown (the charts sized for their width)
 */
export function setGroupOpen(toggle, open, onOpen) {
  const target = document.getElementById(/** @type {string} */ (toggle.getAttribute("aria-controls")));
  if (!target) return;
  toggle.setAttribute("aria-expanded", String(open));
  if (target.classList.contains("fold-panel")) target.hidden = !open;
  else target.classList.toggle("folded", !open);
  if (open) onOpen?.();
}

/**
 * Binds the group buttons and "Present the chapter".
 * @param {(id: string) => any} el
 * @param {{lessons: import("../lessons/lesson.js").Lessons, curves: import("../curves/curve-panel.js").CurvePanel, app: import("../app/controller.js").App}} parts
 */
export function bindGroups(el, { lessons, curves, app }) {
  /** The learning-curve charts sized for the width they now have, and drawn again. */
  const showCurves = () => {
    curves.sizeCharts(1);
    if (curves.last) curves.drawCharts();
    else curves.preview();
  };
  for (const toggle of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".fold-toggle"))) {
    const onOpen = toggle.id === "open-curves" ? showCurves : undefined;
    toggle.addEventListener("click", () => {
      const open = toggle.getAttribute("aria-expanded") !== "true";
      setGroupOpen(toggle, open, onOpen);
      if (open && toggle.id === "open-curves") el("curves").scrollIntoView({ block: "start" });
      app.scheduleRender();
    });
  }
  el("present-chapter").addEventListener("click", () => {
    lessons.open(CHAPTER_ID, 0).catch((/** @type {Error} */ e) => app.setMessage(e.message, "error"));
  });
}

/** The groups' buttons as a view of the frame: each group's state, in a few words. */
export class GroupSummary {
  /** @param {(id: string) => any} el */
  constructor(el) {
    this.el = el;
    /** @type {string} the summaries as last written */
    this.written = "";
  }

  /** @param {import("../app/view-frame.js").Frame} frame */
  render(frame) {
    const { state } = frame;
    const el = this.el;
    const shown = Object.entries(state.shown)
      .filter(([name, on]) => on && name !== "exact")
      .map(([name]) => NAMES[name] ?? name);
    const rules = shown.length > 3 ? `${shown.slice(0, 2).join(", ")} +${shown.length - 2}` : shown.join(", ") || "none";
    const views = [state.projector ? "projector" : "", state.explanations ? "" : "no explanations"].filter(Boolean).join(", ") || "standard";
    const status = /** @type {string} */ (el("lc-status").textContent).trim();
    const summaries = {
      "state-data": `${cut(chosenName(el("preset")), 18)} · P = ${state.points.length}`,
      "state-rules": `${cut(rules)}${state.compare ? " · compare" : ""}`,
      "state-views": views,
      "state-curves": cut(status || "theory only", 22),
      "state-files": "CSV · PNG · link",
      "state-lessons": cut(chosenName(el("lesson-select")), 22),
    };
    const key = JSON.stringify(summaries);
    if (key === this.written) return;
    this.written = key;
    for (const [id, text] of Object.entries(summaries)) el(id).textContent = text;
  }
}
