/** The readout table beside the data view: one row per algorithm. Text only (no innerHTML); the notation's scripts (κ_max, β^μ) as <sub> and <sup>. */

import { COLORS, INFO, NAMES } from "../app/catalogue.js";
import { fmt, grouped } from "../text/format.js";
import { setRichText } from "../text/rich-text.js";

/** @typedef {import("../app/state.js").PageState} PageState */
/** @typedef {import("../training/data-view-training.js").ViewScene} ViewScene */
/** @typedef {import("../pkg/perceptron_lab.js").AlgorithmView} AlgorithmView */

/**
 * What a screen reader announces: the points and every shown rule's κ and errors, e.g.
 * "6 points through the origin. Rosenblatt: κ = 0.894, 0 errors; MinOver: κ = 1.02, 0 errors; …".
 * @param {PageState} state
 * @param {ViewScene | null} scene
 */
export function summaryText(state, scene) {
  const mode = state.threshold ? "with a threshold" : "through the origin";
  const head = `${state.points.length} point${state.points.length === 1 ? "" : "s"} ${mode}.`;
  if (!scene) return head;
  const rules = scene.algorithms.filter((a) => state.shown[a.name]).map((a) => `${NAMES[a.name]}: κ = ${fmt(a.kappa)}, ${a.errors} error${a.errors === 1 ? "" : "s"}`);
  const exact = scene.exact?.converged ? [`exact optimum: κ_max = ${fmt(scene.exact.kappa)}`] : scene.separable ? [] : ["not linearly separable"];
  return `${head} ${[...rules, ...exact].join("; ")}.`;
}

/**
 * Fills `tbody` from the scene.
 * @param {HTMLTableSectionElement} tbody
 * @param {PageState} state
 * @param {ViewScene | null} scene
 * @param {Record<string, number>} [eps] each rule's ε_g against the teacher (none without one)
 */
export function renderReadout(tbody, state, scene, eps = {}) {
  /** @type {HTMLTableRowElement[]} */
  const rows = [];
  if (scene) {
    for (const a of scene.algorithms) if (state.shown[a.name]) rows.push(...row(a, false, eps[a.name]));
    if (scene.exact && state.shown[scene.exact.name]) rows.push(...row(scene.exact, true, eps[scene.exact.name]));
  }
  tbody.replaceChildren(...rows);
}

/** The certified gap `κ_upper − κ(w)` with its share of `κ_upper`; below κ = 0 only the bound means something. @param {AlgorithmView} a */
function gapText(a) {
  if (a.kappaUpper === null || a.kappaUpper === undefined) return "";
  if (!(a.kappa > 0)) return `κ_max ≤ ${fmt(a.kappaUpper, 3)}`;
  const gap = Math.max(0, a.gap ?? Number.NaN); // rounding can make it −1e-16 (the core gives it with κ_upper)
  return `${fmt(gap, 3)} (${fmt((100 * gap) / a.kappaUpper, 2)}%)`;
}

/**
 * The updates `M` of `w` (for Rosenblatt on separable data with the convergence theorem's bound,
 * "M = 12 ≤ M* = 136", Biehl eq. 3.35).
 * @param {AlgorithmView} a
 */
function updatesText(a) {
  if (a.updateBound === null || a.updateBound === undefined) return String(a.updates);
  return `${a.updates} ≤ M* = ${fmtBound(a.updateBound)}`;
}

/** M* with its digits (4.79, 136.4, 4,485.3): not rounded to a whole number, which would hide how close M comes. @param {number} v */
function fmtBound(v) {
  return v < 1e6 ? grouped(v, v < 10 ? 2 : 1) : v.toExponential(3);
}

/** "κ_max = 1.021", broken (in a narrow column) only before the number. @param {number} kappa */
function kappaMaxCell(kappa) {
  const label = document.createElement("span");
  label.className = "nowrap";
  setRichText(label, "κ_max =");
  const cell = document.createElement("span");
  cell.append(label, ` ${fmt(kappa)}`);
  return cell;
}

/**
 * A rule's row and its status row. `eps`: the rule's ε_g against the teacher (undefined without one).
 * @param {AlgorithmView} a
 * @param {boolean} isExact
 * @param {number | undefined} eps
 */
function row(a, isExact, eps) {
  const tr = document.createElement("tr");
  tr.dataset.algorithm = a.name;
  if (isExact) tr.className = "reference";
  const swatch = document.createElement("span");
  swatch.style.borderTopColor = COLORS[a.name];
  const cells = [
    swatch,
    NAMES[a.name],
    isExact ? kappaMaxCell(a.kappa) : fmt(a.kappa),
    isExact ? "" : String(a.errors),
    eps === undefined || !Number.isFinite(eps) ? "—" : fmt(eps, 3),
    isExact ? "" : updatesText(a),
    isExact ? "" : String(a.steps),
    isExact ? "" : gapText(a),
  ];
  const classes = ["swatch", "name", "kappa", "errors", "eps", "updates", "steps", "gap"];
  cells.forEach((c, k) => {
    const td = document.createElement("td");
    td.className = classes[k];
    if (typeof c === "string") setRichText(td, c);
    else td.append(c);
    tr.append(td);
  });
  // the stop reason, in words, on a line of its own
  const status = document.createElement("tr");
  status.className = "status-row";
  const td = document.createElement("td");
  td.colSpan = classes.length - 1;
  td.className = "status";
  const said = a.softMargin
    ? `${a.status} Objective |w|²/2 + γΣβ^μ = ${fmt(a.softMargin.halfNormSq)} + ${fmt(a.softMargin.penalty)}; ${a.softMargin.violators.length} margin violator${a.softMargin.violators.length === 1 ? "" : "s"} (β^μ > 0, dashed rings); its dashed lines are E = ±1.${optimumText(a.optimum, { softMargin: true })}`
    : a.optimum
      ? `${a.status}.${optimumText(a.optimum)}`
      : a.status;
  setRichText(td, said);
  td.title = said; // presenter mode shows its first line only (lesson.css)
  tr.title = said; // presenter mode's compact readout leaves the status row out (lesson.css)
  status.append(document.createElement("td"), td);
  return [tr, status];
}

/** "A and B", "A, B and C" (the labels of `names`). @param {string[]} names */
function labels(names) {
  const l = names.map((n) => NAMES[n]);
  return l.length < 2 ? l.join("") : `${l.slice(0, -1).join(", ")} and ${l.at(-1)}`;
}

/**
 * What the bars of the compared rules `names` mean, from the catalogue: which of them close a
 * certified gap to κ_max (`certifiesBound`) and which stop without one.
 * @param {string[]} names
 */
function certificateNote(names) {
  const closing = names.filter((n) => INFO[n].certifiesBound);
  const other = names.filter((n) => !INFO[n].certifiesBound);
  const parts = [];
  if (other.length) parts.push(`${labels(other)} ${other.length === 1 ? "stops" : "stop"} without a certified bound on κ_max`);
  if (closing.length) parts.push(`${labels(closing)} ${closing.length === 1 ? "closes" : "close"} the certified gap to κ_max`);
  return parts.length ? ` ${parts.join("; ")}.` : "";
}

/**
 * The comparison panel: a bar of κ(w)/κ_max for every compared rule (the race's while it runs;
 * the player drives the race and shows the traces).
 * @param {import("../app/view-frame.js").Frame} frame
 * @param {(id: string) => any} el
 */
function renderCompare(frame, el) {
  const { state, scene } = frame;
  const panel = el("compare-panel");
  panel.hidden = !state.compare;
  if (!state.compare) return;
  const ex = scene?.exact;
  const bars = [];
  const compared = frame.compared.map((name) => scene?.algorithms.find((a) => a.name === name)).filter((a) => a !== undefined);
  if (!ex?.converged) {
    const p = document.createElement("p");
    p.textContent = "The set is not linearly separable: there is no optimal stability to compare with.";
    bars.push(p);
  } else {
    for (const a of compared) {
      const row = document.createElement("div");
      row.className = "row";
      row.dataset.algorithm = a.name;
      const label = document.createElement("span");
      setRichText(label, `${NAMES[a.name]}: κ(w) = ${fmt(a.kappa)}`);
      const value = document.createElement("span");
      value.className = "ratio";
      setRichText(value, `${fmt((100 * a.kappa) / ex.kappa, 3)}% of κ_max`);
      row.append(label, value);
      const bar = document.createElement("div");
      bar.className = "bar";
      bar.style.width = `${Math.min(100, Math.max(0, (100 * a.kappa) / ex.kappa))}%`;
      bar.style.background = COLORS[a.name];
      bars.push(row, bar);
    }
    const note = document.createElement("p");
    note.className = "note";
    setRichText(note, `κ_max = ${fmt(ex.kappa)} (the exact optimum, 100%).${certificateNote(compared.map((a) => a.name))}`);
    bars.push(note);
  }
  el("compare-bars").replaceChildren(...bars);
}

/** The readout table and the comparison panel: a view of the frame. */
export class ReadoutView {
  /** @param {(id: string) => any} el */
  constructor(el) {
    this.el = el;
  }

  /** @param {import("../app/view-frame.js").Frame} frame */
  render(frame) {
    const table = this.el("readout");
    table.classList.toggle("no-teacher", !frame.state.teacher);
    renderReadout(table.tBodies[0], frame.state, frame.scene, frame.eps);
    renderCompare(frame, this.el);
    // the live region speaks once the rules have stopped, not at every frame of their settling
    const summary = this.el("summary");
    if (frame.settled && summary) {
      const text = summaryText(frame.state, frame.trained);
      if (summary.textContent !== text) summary.textContent = text;
    }
  }
}

/**
 * A rule's distance to its own optimum (`scene::OptimumView`: the gradient rules' and the soft
 * margin's), as a sentence after its status; empty for the other rules.
 * @param {any} o
 * @param {{softMargin?: boolean}} [rule] the soft margin's optimum is unknown only where its exact solver gave up
 */
export function optimumText(o, { softMargin = false } = {}) {
  if (!o) return "";
  if (o.kind === "unbounded")
    return ` Its cost has no minimum on this separable set: |w| grows for ever along a separating direction.${
      o.runsTo === "max-stability" ? " Gradient descent on it turns, ever more slowly (as 1/log t), to the direction of the maximal-stability line." : ""
    }`;
  if (o.kind === "unknown")
    return softMargin
      ? " Its exact optimum could not be certified here (too many examples on the margin)."
      : " Its optimum is not unique here (fewer independent points than weights).";
  return ` To its optimum (the faint wide line): cost E = ${fmt(o.cost + o.costGap, 4)} against the minimum ${fmt(o.cost, 4)}, angle ${fmt((o.angle * 180) / Math.PI, 3)}°.`;
}
