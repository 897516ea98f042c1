/**
 * The numbers a step talks about, live in the lesson's panel while its action runs: κ(w) of each
 * racing rule against κ_max and the updates M against the bound M* of the convergence theorem
 * while the race runs, and ε_g of each rule against the teacher shown (where the readout, which has
 * it, is not). Read from the frame drawn
 * (the race's step while it is under way), each rule marked in its colour.
 */

import { COLORS, NAMES, REFERENCES } from "../app/catalogue.js";
import { fmt } from "../text/format.js";

/** The markup each box shows (written again only when it changes). @type {WeakMap<HTMLElement, string>} */
const shownHtml = new WeakMap();

/**
 * Fills `box` (below the step's controls) with the numbers of `frame`. ε_g that the step keeps for
 * after its action is laid out already but invisible, so that nothing moves when it appears; the
 * race's lines appear while it runs (below the controls they move none; reserving their room
 * would take it from the race's charts). `eps`: "show" ε_g, keep it for "later", or "none" (the
 * readout, which has it per rule, is shown).
 * @param {HTMLElement} box
 * @param {import("../app/view-frame.js").Frame} frame
 * @param {"show" | "later" | "none"} eps
 */
export function renderLessonNumbers(box, frame, eps) {
  const { scene, compared } = frame;
  const algorithms = /** @type {any[]} */ (scene?.algorithms ?? []);
  /** @type {[string, string, string, boolean][]} each line's key, label, parts (rule: value) and whether it is shown yet */
  const lines = [];
  /** @param {string} name @param {string} value */
  const part = (name, value) => `<span class="rule" data-rule="${name}" style="--rule:${COLORS[name] ?? "inherit"}">${NAMES[name] ?? name}</span> ${value}`;
  // the race's numbers while it runs (before, the full runs' would give the answer away)
  const racing = frame.race.active ? compared.map((name) => algorithms.find((a) => a.name === name)).filter(Boolean) : [];
  if (racing.length) {
    const kappaMax = scene?.exact?.converged ? ` · κ<sub>max</sub> ${fmt(scene.exact.kappa, 3)}` : "";
    lines.push(["kappa", "κ(w)", racing.map((a) => part(a.name, fmt(a.kappa, 3))).join(" · ") + kappaMax, true]);
    const bounded = racing.filter((a) => a.updateBound !== null && a.updateBound !== undefined);
    if (bounded.length) lines.push(["updates", "M", bounded.map((a) => part(a.name, `${a.updates} ≤ M* = ${fmt(a.updateBound, 3)}`)).join(" · "), true]);
  }
  const errors = Object.entries(frame.eps ?? {}).filter(([name]) => !REFERENCES.includes(/** @type {any} */ (name)));
  if (errors.length && frame.state.showTeacher && eps !== "none")
    lines.push(["eps", "ε<sub>g</sub>", errors.map(([name, e]) => part(name, fmt(e, 3))).join(" · "), eps === "show"]);
  const html = lines
    .map(([key, label, parts, shown]) => `<span data-number="${key}"${shown ? "" : ' class="lesson-later" aria-hidden="true"'}><b>${label}:</b> ${parts}</span>`)
    .join("<br>");
  if (shownHtml.get(box) !== html) {
    box.innerHTML = html;
    shownHtml.set(box, html);
  }
  box.hidden = !lines.length;
}
