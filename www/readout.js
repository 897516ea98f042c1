/** The readout table beside the data view: one row per algorithm. Text only (no innerHTML). */

import { COLORS, NAMES, fmt } from "./render.js";

/** Fills `tbody` from the scene. */
export function renderReadout(tbody, state, scene) {
  const rows = [];
  if (scene) {
    for (const a of scene.algorithms) if (state.shown[a.name]) rows.push(row(a, false));
    if (state.shown.exact && scene.exact) rows.push(row(scene.exact, true));
  }
  tbody.replaceChildren(...rows);
}

/** The certified gap `κ_upper − κ(w)` with its share of `κ_upper`; below κ = 0 only the bound means something. */
function gapText(a) {
  if (a.kappaUpper === null || a.kappaUpper === undefined) return "";
  if (!(a.kappa > 0)) return `κ_max ≤ ${fmt(a.kappaUpper, 3)}`;
  return `${fmt(a.gap, 3)} (${fmt((100 * a.gap) / a.kappaUpper, 2)}%)`;
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
    isExact ? "" : `${a.updates} / ${a.steps}`,
    isExact ? "" : gapText(a),
    a.status,
  ];
  const classes = ["swatch", "name", "kappa", "errors", "updates", "gap", "status"];
  cells.forEach((c, k) => {
    const td = document.createElement("td");
    td.className = classes[k];
    if (typeof c === "string") td.textContent = c;
    else td.append(c);
    tr.append(td);
  });
  return tr;
}
