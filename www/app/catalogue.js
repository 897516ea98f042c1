/**
 * The core's catalogue (`catalogue()` of the wasm boundary, `src/catalogue/`) as the page uses it:
 * every algorithm's name, label, colour, dash and texts, the charts and the settings' limits.
 * Nothing here is written twice: the tables are filled once from the core by `loadCatalogue`
 * (before any view is built) and are empty until then.
 */

/** @typedef {import("../pkg/perceptron_lab.js").Algorithm} AlgorithmName */
/** @typedef {import("../pkg/perceptron_lab.js").AlgorithmInfo} AlgorithmInfo */
/** @typedef {import("../pkg/perceptron_lab.js").ChartInfo} ChartInfo */
/** @typedef {import("../pkg/perceptron_lab.js").Limits} Limits */

/** Every algorithm's descriptor, by name (`exact` included). @type {Record<string, AlgorithmInfo>} */
export const INFO = {};
/** The training rules, in the order of the menus. @type {AlgorithmName[]} */
export const ALGORITHMS = [];
/** The rules always trained in the data view (getState().algorithms has them whatever is shown). @type {AlgorithmName[]} */
export const CORE = [];
/** The references the rules are measured against (role "reference": the exact optimum). @type {AlgorithmName[]} */
export const REFERENCES = [];
/** The rules that are uniform draws from the version space (the Gibbs student), whose further draws the data view can show faintly. @type {AlgorithmName[]} */
export const DRAWS = [];
/** Everything that can be shown: the rules and `exact`. @type {AlgorithmName[]} */
export const SHOWN_NAMES = [];
/** Colour of every algorithm, of the teacher (`teacher`) and of the exact optimum's error crosses (`error`). @type {Record<string, string>} */
export const COLORS = {};
/** Label of every algorithm and of the teacher. @type {Record<string, string>} */
export const NAMES = {};
/** The learning-curve charts, in the order of the panel. @type {ChartInfo[]} */
export const CHARTS = [];
/** The page's own highlight (not a series): the hovered example's curve, the weight-space cell under the pointer and the line realising its labelling. */
export const HIGHLIGHT = "#AA3377";
/** The text of the canvases and charts: its size (CSS px), projector factor and inks (canvas-text.js uses it). @type {import("../pkg/perceptron_lab.js").ChartText} */
export const TEXT = /** @type {import("../pkg/perceptron_lab.js").ChartText} */ ({});
/** Defaults and limits of the settings. @type {Limits} */
export const LIMITS = /** @type {Limits} */ ({});
/** The run settings' table by key: each setting's valid range and the words messages write it in (the CLI's `list settings`). @type {Record<string, import("../pkg/perceptron_lab.js").SettingInfo>} */
export const SETTINGS = {};

/**
 * Fills the tables from the core (once; later calls do nothing).
 * @param {{catalogue: () => import("../pkg/perceptron_lab.js").Catalogue}} wasm the core's exports
 */
export function loadCatalogue(wasm) {
  if (ALGORITHMS.length) return;
  const c = wasm.catalogue();
  for (const a of c.algorithms) {
    INFO[a.name] = a;
    COLORS[a.name] = a.color;
    NAMES[a.name] = a.label;
    SHOWN_NAMES.push(a.name);
    if (a.role === "reference") REFERENCES.push(a.name);
    else ALGORITHMS.push(a.name);
    if (a.role === "core") CORE.push(a.name);
    if (a.drawsFromVersionSpace) DRAWS.push(a.name);
  }
  COLORS.teacher = c.teacherColor;
  COLORS.error = c.errorColor;
  NAMES.teacher = "teacher w*";
  CHARTS.push(...c.charts);
  Object.assign(TEXT, c.chartText);
  Object.assign(LIMITS, c.limits);
  for (const s of c.settings) SETTINGS[s.key] = s;
}
