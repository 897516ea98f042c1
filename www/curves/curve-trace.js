/**
 * The learning-curve panel's trace of one run: the rule and α of its controls (or of a clicked
 * point) with the sweep's settings, drawn by the panel (`drawTrace`), its CSV and the CLI's
 * command line for the same run.
 */

import { INFO } from "../app/catalogue.js";
import { readParams } from "./curve-form.js";
import { download } from "../files/download.js";
import { errorMessage } from "../text/format.js";

/** A trace has a row every K steps, K chosen for about this many rows (plus the first and the last). */
const TRACE_ROWS = 400;

/**
 * Traces the rule and α of the trace controls with the form's settings.
 * @param {any} panel the CurvePanel
 */
export function traceFromForm(panel) {
  try {
    const params = readParams(panel.wasm, panel.el);
    const alpha = Number(panel.el("lc-trace-alpha").value);
    if (!(alpha > 0 && Number.isFinite(alpha))) throw new Error(`α must be a positive number, got "${panel.el("lc-trace-alpha").value}"`);
    traceRun(panel, params, panel.el("lc-trace-algorithm").value, alpha);
  } catch (e) {
    panel.traceStatus(`Not traced: ${errorMessage(e)}`);
  }
}

/**
 * Traces `algorithm` at `alpha` with the settings of the sweep `params`: the run of the first
 * repetition of a sweep at that α alone (cell 0 of `alphas: [α], reps: 1`), as the CLI's
 * `trace` does; the panel draws it and keeps its CSV.
 * @param {any} panel the CurvePanel
 * @param {any} params
 * @param {string} algorithm
 * @param {number} alpha
 */
export async function traceRun(panel, params, algorithm, alpha) {
  const { el } = panel;
  const sweep = { ...params, alphas: [alpha], reps: 1, algorithms: [algorithm], randomSeparability: false };
  const p = Math.max(1, Math.round(alpha * params.n));
  const steps = sweep.updates ?? Math.ceil(sweep.epochs * p);
  const every = Math.max(1, Math.ceil(steps / TRACE_ROWS));
  panel.traceStatus(`tracing ${algorithm} at α = ${alpha}…`);
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r))); // let the status show
  try {
    const t0 = performance.now();
    const trace = panel.wasm.traceCell(sweep, algorithm, 0, every);
    const ms = performance.now() - t0;
    panel.trace?.trace.free();
    panel.trace = { trace, params: sweep, algorithm, alpha, every, csv: trace.csv() };
    el("lc-trace-chart").hidden = false;
    panel.drawTrace();
    el("lc-trace-csv").disabled = false;
    const rows = panel.trace.csv.trim().split("\n").length - 1;
    panel.traceStatus(`${rows} rows, a row every ${every} step${every === 1 ? "" : "s"} (${ms.toFixed(0)} ms)`);
    el("lc-trace-command").textContent = `The same run from the command line: ${traceCommand(sweep, algorithm, alpha, every)}`;
  } catch (e) {
    panel.traceStatus(`Not traced: ${errorMessage(e)}`);
  }
}

/**
 * Saves the kept trace's CSV.
 * @param {any} panel the CurvePanel
 */
export function exportTrace(panel) {
  if (!panel.trace) return;
  const { algorithm, alpha, csv } = panel.trace;
  download(`trace-${algorithm}-alpha-${alpha}.csv`, new Blob([csv], { type: "text/csv" }));
}

/**
 * Whether rule `algorithm` takes the stop `kind` (the CLI's `takes_stop`): the gap the rules that
 * certify a bound or have an optimum of their own, no-improvement the rules that step on the potentials (MinOver), the others every rule.
 * @param {string} algorithm
 * @param {string} kind
 */
function takesStop(algorithm, kind) {
  if (kind === "gap") return INFO[algorithm].certifiesBound || INFO[algorithm].hasOptimum;
  if (kind === "no-improvement") return INFO[algorithm].cost === "potentials";
  return true;
}

/**
 * The CLI's `trace` command line for the same run (docs/cli.md's `perceptron-lab trace`).
 * @param {import("../pkg/perceptron_lab.js").CurveParams} params
 * @param {string} algorithm
 * @param {number} alpha
 * @param {number} every
 */
export function traceCommand(params, algorithm, alpha, every) {
  const args = ["perceptron-lab trace", `--algorithm ${algorithm}`, `--n ${params.n}`, `--alpha ${alpha}`, `--seed ${params.seed}`];
  args.push(params.updates !== undefined ? `--updates ${params.updates}` : `--epochs ${params.epochs}`);
  args.push(`--every ${every}`);
  if (params.noise) args.push(`--noise ${params.noise}`);
  if (params.labels !== "teacher") args.push(`--labels ${params.labels}`);
  const { stop } = params;
  // a stop the rule does not take is not part of its run, and the CLI's trace refuses it
  if (!takesStop(algorithm, stop.kind)) return args.join(" ");
  if (stop.kind === "gap") args.push(`--stop gap:${stop.tolerance}`);
  else if (stop.kind === "angle") args.push(`--stop angle:${stop.tolerance}${stop.block === undefined ? "" : `:${stop.block}`}`);
  else if (stop.kind !== "epochs") args.push(`--stop ${stop.kind}`);
  return args.join(" ");
}
