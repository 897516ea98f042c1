// @ts-check
/** The readout table beside the data view: one row per algorithm. Text only (no innerHTML). */

import { COLORS, NAMES } from "./catalogue.js";
import { fmt } from "./data-view.js";

/** Fills `tbody` from the scene. */
export function renderReadout(tbody, state, scene) {
  const rows = [];
  if (scene) {
    for (const a of scene.algorithms) if (state.shown[a.name]) rows.push(...row(a, false));
    if (state.shown.exact && scene.exact) rows.push(...row(scene.exact, true));
  }
  tbody.replaceChildren(...rows);
}

/** The certified gap `κ_upper − κ(w)` with its share of `κ_upper`; below κ = 0 only the bound means something. */
function gapText(a) {
  if (a.kappaUpper === null || a.kappaUpper === undefined) return "";
  if (!(a.kappa > 0)) return `κ_max ≤ ${fmt(a.kappaUpper, 3)}`;
  const gap = Math.max(0, a.gap); // rounding can make it −1e-16
  return `${fmt(gap, 3)} (${fmt((100 * gap) / a.kappaUpper, 2)}%)`;
}

/**
 * The updates `M` of `w` (for Rosenblatt on separable data with the convergence theorem's bound,
 * "M = 12 ≤ M* = 136", Biehl eq. 3.35).
 */
function updatesText(a) {
  if (a.updateBound === null || a.updateBound === undefined) return String(a.updates);
  return `${a.updates} ≤ M* = ${fmtBound(a.updateBound)}`;
}

/** M* rounded down (M is a whole number, so ⌊M*⌋ bounds it as well). */
function fmtBound(v) {
  return v < 1e9 ? Math.floor(v + 1e-9).toLocaleString("en") : v.toExponential(2);
}

function row(a, isExact) {
  const tr = document.createElement("tr");
  tr.dataset.algorithm = a.name;
  if (isExact) tr.className = "exact";
  const swatch = document.createElement("span");
  swatch.style.borderTopColor = COLORS[a.name];
  const cells = [
    swatch,
    NAMES[a.name],
    isExact ? `κ_max = ${fmt(a.kappa)}` : fmt(a.kappa),
    isExact ? "" : String(a.errors),
    isExact ? "" : updatesText(a),
    isExact ? "" : String(a.steps),
    isExact ? "" : gapText(a),
  ];
  const classes = ["swatch", "name", "kappa", "errors", "updates", "steps", "gap"];
  cells.forEach((c, k) => {
    const td = document.createElement("td");
    td.className = classes[k];
    if (typeof c === "string") td.textContent = c;
    else td.append(c);
    tr.append(td);
  });
  // the stop reason, in words, on a line of its own
  const status = document.createElement("tr");
  status.className = "status-row";
  const td = document.createElement("td");
  td.colSpan = classes.length - 1;
  td.className = "status";
  td.textContent = a.status;
  status.append(document.createElement("td"), td);
  return [tr, status];
}

/** The comparison panel: κ of Rosenblatt against κ_max, as bars on one scale. */
export function renderCompare(panel, on, scene) {
  panel.hidden = !on;
  if (!on) return;
  const ros = scene?.algorithms.find((a) => a.name === "rosenblatt");
  const ex = scene?.exact;
  const rows = [];
  const title = document.createElement("b");
  title.textContent = "Rosenblatt vs optimal stability";
  rows.push(title);
  if (!ros || !ex?.converged) {
    const p = document.createElement("p");
    p.textContent = "The set is not linearly separable: there is no optimal stability to compare with.";
    rows.push(p);
  } else {
    const scale = Math.max(ex.kappa, ros.kappa, 1e-12);
    for (const [name, kappa, color] of [
      ["Rosenblatt κ(w)", ros.kappa, COLORS.rosenblatt],
      ["optimal κ_max", ex.kappa, COLORS.exact],
    ]) {
      const row = document.createElement("div");
      row.className = "row";
      const label = document.createElement("span");
      label.textContent = name;
      const value = document.createElement("span");
      value.textContent = fmt(kappa);
      row.append(label, value);
      const bar = document.createElement("div");
      bar.className = "bar";
      bar.style.width = `${Math.max(0, (100 * kappa) / scale)}%`;
      bar.style.background = color;
      rows.push(row, bar);
    }
    const ratio = document.createElement("p");
    ratio.textContent = `Rosenblatt stops at the first separating line: ${fmt((100 * ros.kappa) / ex.kappa, 3)}% of the optimal margin.`;
    rows.push(ratio);
  }
  panel.replaceChildren(...rows);
}

/** The readout table and the comparison panel: a view the app renders. */
export class ReadoutView {
  /** @param {(id: string) => any} el */
  constructor(el) {
    this.el = el;
  }

  /** @param {import("./app.js").App} app */
  render(app) {
    renderReadout(this.el("readout").tBodies[0], app.state, app.scene);
    renderCompare(this.el("compare-panel"), app.compare !== null, app.scene);
  }
}
