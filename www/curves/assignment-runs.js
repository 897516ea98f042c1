/**
 * A course assignment of several sweeps on one chart (a preset with `ns`: the storage assignment
 * at N = 20, 40 and 100): the series kept before are cleared, then each N's sweep runs in turn
 * and is kept as a series of its own, so that every chart holds one series per N (the separable
 * fraction's chart each N's Cover curve beside it, drawn by the core).
 */

import { clearKept, keepRun } from "./kept-series.js";

/** @typedef {import("./curve-panel.js").CurvePanel} CurvePanel */
/** @typedef {import("./assignments.js").Assignment} Assignment */
/** @typedef {import("../pkg/perceptron_lab.js").CurveParams} CurveParams */

/**
 * The sweeps of preset `a` from `params` (the form as the preset filled it): one per N of its
 * `ns`, each `params` at that N; `params` alone without `ns`.
 * @param {Assignment} a
 * @param {CurveParams} params
 * @returns {CurveParams[]}
 */
export function assignmentSweeps(a, params) {
  return (a.ns ?? [params.n]).map((n) => ({ ...params, n }));
}

/**
 * Runs every sweep of `sweeps` in turn, each kept as a series (the kept series cleared first);
 * resolves the list of `{rows, csv, ms}`. A cancel or a failure stops the rest (the series kept
 * so far stay) and rejects as the sweep did.
 * @param {CurvePanel} panel
 * @param {CurveParams[]} sweeps
 */
export async function runSeries(panel, sweeps) {
  for (const p of sweeps) panel.wasm.curveCells(p); // every sweep checked before the first starts
  clearKept(panel);
  panel.clearResults();
  const out = [];
  for (const [k, params] of sweeps.entries()) {
    const result = await panel.run(params);
    keepRun(panel);
    out.push(result);
    if (k + 1 < sweeps.length) panel.status(`kept N = ${params.n} (${k + 1} of ${sweeps.length}); running N = ${sweeps[k + 1].n}…`);
  }
  panel.status(`done: ${sweeps.length} sweeps (N = ${sweeps.map((p) => p.n).join(", ")}), each kept as a series`);
  return out;
}
