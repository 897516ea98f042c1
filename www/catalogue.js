// @ts-check
/**
 * The core's catalogue (`catalogue()` of the wasm boundary, `src/catalogue/`) as the page uses it:
 * every algorithm's name, label, colour, dash and texts, the charts and the settings' limits.
 * Nothing here is written twice: the tables are filled once from the core by `loadCatalogue`
 * (before any view is built) and are empty until then.
 */

/** @typedef {{name: string, label: string, color: string, dash: number[], width: number, role: "core" | "extra" | "reference", budget: string, curveMain: boolean, curveDefault: boolean, animatable: boolean, optimises: string, stops: string, rule: string}} AlgorithmInfo */
/** @typedef {{name: string, description: string}} ChartInfo */
/** @typedef {{gapTolerance: number, gamma: number, notesLearningRate: number, maxSeed: number, maxPoints: number, maxCurveN: number}} Limits */

/** Every algorithm's descriptor, by name (`exact` included). @type {Record<string, AlgorithmInfo>} */
export const INFO = {};
/** The training rules, in the order of the menus. @type {string[]} */
export const ALGORITHMS = [];
/** The rules always trained in the data view (getState().algorithms has them whatever is shown). @type {string[]} */
export const CORE = [];
/** Everything that can be shown: the rules and `exact`. @type {string[]} */
export const SHOWN_NAMES = [];
/** Colour of every algorithm, of the teacher (`teacher`) and of the exact optimum's error crosses (`error`). @type {Record<string, string>} */
export const COLORS = {};
/** Label of every algorithm and of the teacher. @type {Record<string, string>} */
export const NAMES = {};
/** The learning-curve charts, in the order of the panel. @type {ChartInfo[]} */
export const CHARTS = [];
/** Defaults and limits of the settings. @type {Limits} */
export const LIMITS = { gapTolerance: NaN, gamma: NaN, notesLearningRate: NaN, maxSeed: NaN, maxPoints: NaN, maxCurveN: NaN };

/**
 * Fills the tables from the core (once; later calls do nothing).
 * @param {{catalogue: () => any}} wasm the core's exports
 */
export function loadCatalogue(wasm) {
  if (ALGORITHMS.length) return;
  const c = wasm.catalogue();
  for (const a of c.algorithms) {
    INFO[a.name] = a;
    COLORS[a.name] = a.color;
    NAMES[a.name] = a.label;
    SHOWN_NAMES.push(a.name);
    if (a.role !== "reference") ALGORITHMS.push(a.name);
    if (a.role === "core") CORE.push(a.name);
  }
  COLORS.teacher = c.teacherColor;
  COLORS.error = c.errorColor;
  NAMES.teacher = "teacher w*";
  CHARTS.push(...c.charts);
  Object.assign(LIMITS, c.limits);
}
