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
const shown = new WeakMap();

/**
 * Fills `box` with the numbers of `frame` (empty when the step has none to show); `hideEps`: not
 * ε_g (the step keeps it for after its action, or its readout shows it).
 * @param {HTMLElement} box
 * @param {import("../app/view-frame.js").Frame} frame
 * @param {boolean} hideEps
 */
export function renderLessonNumbers(box, frame, hideEps) {
  const { scene, compared, eps } = frame;
  const algorithms = /** @type {any[]} */ (scene?.algorithms ?? []);
  /** @type {[string, string, string][]} each line's label, its parts (rule: value) and the rule names in it */
  const lines = [];
  /** @param {string} name @param {string} value */
  const part = (name, value) => `<span class="rule" data-rule="${name}" style="--rule:${COLORS[name] ?? "inherit"}">${NAMES[name] ?? name}</span> ${value}`;
  // the race's numbers while it runs (before, the full runs' would give the answer away)
  const racing = frame.race.active ? compared.map((name) => algorithms.find((a) => a.name === name)).filter(Boolean) : [];
  if (racing.length) {
    const kappaMax = scene?.exact?.converged ? ` · κ<sub>max</sub> ${fmt(scene.exact.kappa, 3)}` : "";
    lines.push(["kappa", "κ(w)", racing.map((a) => part(a.name, fmt(a.kappa, 3))).join(" · ") + kappaMax]);
    const bounded = racing.filter((a) => a.updateBound !== null && a.updateBound !== undefined);
    if (bounded.length) lines.push(["updates", "M", bounded.map((a) => part(a.name, `${a.updates} ≤ M* = ${fmt(a.updateBound, 3)}`)).join(" · ")]);
  }
  const errors = Object.entries(eps ?? {}).filter(([name]) => !REFERENCES.includes(/** @type {any} */ (name)));
  if (errors.length && frame.state.showTeacher && !hideEps) lines.push(["eps", "ε<sub>g</sub>", errors.map(([name, e]) => part(name, fmt(e, 3))).join(" · ")]);
  const html = lines.map(([key, label, parts]) => `<span data-number="${key}"><b>${label}:</b> ${parts}</span>`).join("<br>");
  if (shown.get(box) !== html) {
    box.innerHTML = html;
    shown.set(box, html);
  }
  box.hidden = !lines.length;
}
