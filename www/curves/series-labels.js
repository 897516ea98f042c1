/**
 * A learning-curve run as a series of `window.lab.getState().sweep` and of the exported PNG: its
 * label (the parameters that make it: N, α grid, repetitions, budget, λ, labels, seed) and its
 * rows in the CSV's column names.
 */

/**
 * `epsGMean` → `eps_g_mean`: the core's rows (camelCase) in the CSV's column names.
 * @param {string} key
 */
function snake(key) {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/**
 * A row of the core (`Curve.rows()`) with the CSV's column names: `{algorithm, n, p, alpha, reps,
 * eps_g_mean, eps_g_sem, …}` (`reps`: the repetitions done so far at that α).
 * @param {Record<string, any>} row
 */
export function csvRow(row) {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [snake(k), v]));
}

/**
 * The α grid as the form writes it: `0.1:10:100` for an evenly spaced grid, else the values.
 * @param {number[]} alphas
 */
function grid(alphas) {
  const n = alphas.length;
  if (n < 3) return alphas.join(",");
  const step = (alphas[n - 1] - alphas[0]) / (n - 1);
  const even = alphas.every((a, k) => Math.abs(a - (alphas[0] + k * step)) <= 1e-9 * Math.max(1, Math.abs(a)));
  return even ? `${alphas[0]}:${alphas[n - 1]}:${n}` : alphas.join(",");
}

/**
 * The parameters of a sweep, each as a legend writes it: rules, N, α grid, repetitions, budget,
 * λ, labels, seed.
 * @param {any} params
 * @returns {string[]}
 */
function parts(params) {
  const budget = params.updates !== undefined ? `${params.updates} updates` : `${params.epochs} epochs`;
  const labels = params.labels === "random" ? "random labels" : "teacher labels";
  return [
    params.algorithms.join(", "),
    `N = ${params.n}`,
    `α ${grid(params.alphas)}`,
    `${params.reps} reps`,
    budget,
    `λ = ${params.noise}`,
    labels,
    `seed ${params.seed}`,
  ];
}

/**
 * The parameters of a sweep in one line: what tells its series apart on a chart and in an
 * exported PNG.
 * @param {any} params
 */
export function seriesLabel(params) {
  const [rules, ...rest] = parts(params);
  return `${rules}: ${rest.join(", ")}`;
}

/**
 * The names of several series in one chart's legend: of each run only the parameters in which
 * the runs differ ("N = 40" against "N = 100"; the full parameters are in the exported PNG's band
 * and in `getState().sweep`), an imported curve by its own name; one series keeps its full label.
 * @param {{label: string, params: any}[]} series
 * @returns {string[]}
 */
export function legendLabels(series) {
  const runs = series.filter((s) => s.params);
  if (runs.length < 2) return series.map((s) => s.label);
  const all = runs.map((s) => parts(s.params));
  const differ = all[0].map((_, i) => all.some((p) => p[i] !== all[0][i]));
  let run = 0;
  return series.map((s) => {
    if (!s.params) return s.label;
    run += 1;
    const own = parts(s.params).filter((_, i) => differ[i]);
    return own.length ? own.join(", ") : `run ${run}`;
  });
}

/**
 * The one line over several series (an exported PNG's band): the parameters all the runs share,
 * what the legends name instead, and the curves imported; the one series' full label alone.
 * @param {{label: string, params: any}[]} series
 * @returns {string}
 */
export function sharedLabel(series) {
  if (series.length === 1) return series[0].label;
  const runs = series.filter((s) => s.params);
  const imported = series.length - runs.length;
  const curves = imported ? `${imported} imported curve${imported > 1 ? "s" : ""}` : "";
  let text = runs.length === 1 ? runs[0].label : "";
  if (runs.length > 1) {
    const all = runs.map((s) => parts(s.params));
    const shared = all[0].filter((p, i) => all.every((r) => r[i] === p));
    text = `${runs.length} runs, each named by what differs, all with ${shared.join(", ") || "nothing in common"}`;
  }
  return [text, curves].filter(Boolean).join("; ");
}

/**
 * The label of the panel's kept run `last` (`{params, note}`), its note in brackets.
 * @param {{params: any, note?: string}} last
 */
export function runLabel(last) {
  return last.note ? `${seriesLabel(last.params)} (${last.note})` : seriesLabel(last.params);
}

/**
 * A series of `getState().sweep`: `{label, params, rows, partial}` (`partial`: a cancelled or
 * running sweep's cells so far).
 * @param {any} params
 * @param {Record<string, any>[]} rows the core's rows
 * @param {string} [note] added to the label in brackets (e.g. "partial: 40 of 100 cells")
 */
export function series(params, rows, note = "") {
  const label = runLabel({ params, note });
  return { label, params: structuredClone(params), rows: rows.map(csvRow), partial: Boolean(note) };
}

/**
 * `getState().sweep`: `{running, done, total, logEps, series: [{label, params, rows, partial}]}`
 * — `series` lists the kept series (runs kept and curves imported, `params: null` and rows
 * `{alpha, eps_g, eps_g_sem}`), then the current run; `done` and `total` count the cells of the
 * sweep under way (else of the last one), whose series holds every α reached so far, each over
 * the repetitions done (`rows[i].reps`); while it runs also `work` (the estimated share of its
 * work done, the bar's), `leftMs` (the estimated time left) and `elapsedMs` (the time since it
 * started, on the same clock); `logEps`: the ε_g chart's y axis
 * in decades.
 * @param {any} panel the CurvePanel
 */
export function sweepState(panel) {
  const kept = panel.kept.map((/** @type {any} */ k) => structuredClone(k.series));
  return { ...sweepOwn(panel, kept), logEps: panel.logEps };
}

/**
 * `sweepState` but `logEps`, the kept series `kept` first.
 * @param {any} panel
 * @param {any[]} kept
 */
function sweepOwn(panel, kept) {
  const s = panel.sweep;
  if (s) {
    let rows = [];
    if (s.results.length) {
      const partial = panel.wasm.Curve.soFar(s.params, s.results);
      rows = partial.rows();
      partial.free();
    }
    // the clock's estimate now, not the status line's (up to PROGRESS_SHOW_MS old)
    const now = performance.now();
    const est = s.clock?.cells ? s.clock.estimate(now) : null;
    return {
      running: true,
      done: s.done,
      total: s.total,
      work: est?.done ?? 0,
      leftMs: est?.leftMs ?? null,
      elapsedMs: now - s.t0,
      series: [...kept, series(s.params, rows, `running: ${s.results.length} of ${s.total} cells`)],
    };
  }
  const last = panel.last;
  if (!last) return { running: false, done: 0, total: 0, series: kept };
  const total = last.params.reps * last.params.alphas.length;
  return { running: false, done: last.cells, total, series: [...kept, series(last.params, last.rows, last.note)] };
}
