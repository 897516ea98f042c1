/** The learning-curve form: its algorithm checkboxes (from the catalogue), reading it into sweep
 * parameters, and keeping it as typed (for the link and local storage). */

import { ALGORITHMS, INFO, LIMITS, NAMES, REFERENCES } from "../app/catalogue.js";

/** The learning-curve form as typed: its fields' texts by id and the algorithms ticked. @typedef {{fields: Record<string, string>, algorithms: string[]}} CurveForm */
/**
 * A number field of the form, checked: a whole number with `int`, within [min, max]; throws naming it (`what`).
 * @typedef {(id: string, what: string, range?: {int?: boolean, min?: number, max?: number}) => number} NumberField
 */

/** The algorithm checkboxes of the panel. */
function boxes() {
  return /** @type {HTMLInputElement[]} */ ([...document.querySelectorAll("#lc-algorithms input[type=checkbox]")]);
}

/**
 * Fills `#lc-algorithms` from the catalogue: the main rules, then "more"; checked as the
 * catalogue's defaults. A rule with a setting runs at its default (named beside it). The epoch
 * field starts at the core's default.
 * @param {(id: string) => any} el
 */
export function fillAlgorithms(el) {
  // the epoch limit's default, the core's (the CLI's --epochs and Python's too)
  const epochs = /** @type {HTMLInputElement} */ (el("lc-epochs"));
  epochs.value = epochs.defaultValue = String(LIMITS.sweepEpochs);
  const group = el("lc-algorithms");
  const more = group.querySelector("details");
  /** The rule's setting at its default, as words beside its name. @param {string} name */
  const setting = (name) => {
    const s = INFO[name].setting;
    return s ? ` (${s.symbol} = ${LIMITS[/** @type {keyof import("../pkg/perceptron_lab.js").Limits} */ (s.limit)]})` : "";
  };
  for (const name of [...ALGORITHMS, ...REFERENCES]) {
    const label = document.createElement("label");
    const box = document.createElement("input");
    box.type = "checkbox";
    box.value = name;
    box.checked = box.defaultChecked = INFO[name].curveDefault;
    label.append(box, ` ${NAMES[name]}${setting(name)}`);
    if (INFO[name].curveMain) group.insertBefore(label, more);
    else more.append(label);
  }
}

/**
 * The learning-curve form's fields that a reload or a link brings back (ids of inputs and
 * selects). A form saved before a field existed lacks it, and the field keeps the page's default
 * (`lc-budget`, `lc-updates`, `lc-angle` and `lc-angle-block` came with the step budget and the
 * angle stop).
 */
export const FORM_FIELDS = [
  "lc-n",
  "lc-alpha-start",
  "lc-alpha-stop",
  "lc-alpha-count",
  "lc-reps",
  "lc-budget",
  "lc-epochs",
  "lc-updates",
  "lc-stop",
  "lc-gap",
  "lc-angle",
  "lc-angle-block",
  "lc-noise",
  "lc-labels",
  "lc-seed",
];

/**
 * The form as typed: `{fields: {id: text}, algorithms: [name]}` (checked only when a sweep runs).
 * @param {(id: string) => any} el
 * @returns {CurveForm}
 */
export function readForm(el) {
  return {
    fields: Object.fromEntries(FORM_FIELDS.map((id) => [id, el(id).value])),
    algorithms: boxes()
      .filter((b) => b.checked)
      .map((b) => b.value),
  };
}

/**
 * Checks a stored or linked form (`readForm`'s shape: known fields, short texts, algorithm names
 * of the panel); throws an Error naming what is wrong. Nothing reaches the page but `.value`s.
 * @param {any} form stored or linked JSON, not yet checked
 * @returns {CurveForm}
 */
export function checkForm(form) {
  if (!form || typeof form !== "object" || Array.isArray(form)) throw new Error("the learning-curve settings are not an object");
  const { fields = {}, algorithms = [] } = form;
  if (!fields || typeof fields !== "object" || Array.isArray(fields)) throw new Error("the learning-curve fields are not an object");
  for (const [id, v] of Object.entries(fields)) {
    if (!FORM_FIELDS.includes(id)) throw new Error(`unknown learning-curve field "${String(id).slice(0, 40)}"`);
    if (typeof v !== "string" || v.length > 40) throw new Error(`the learning-curve field ${id} is not a short text`);
  }
  const known = boxes().map((b) => b.value);
  if (!Array.isArray(algorithms) || !algorithms.every((a) => known.includes(a))) {
    throw new Error("the learning-curve algorithms are not names of the panel's algorithms");
  }
  return { fields, algorithms };
}

/**
 * Puts a checked form into the panel (a select keeps its value if the text is not one of its
 * options; fields the form lacks keep theirs) and shows the inputs its choices use.
 * @param {(id: string) => any} el
 * @param {CurveForm} form
 */
export function applyForm(el, form) {
  for (const [id, v] of Object.entries(form.fields)) {
    const input = el(id);
    if (input.tagName === "SELECT" && ![...input.options].some((o) => o.value === v)) continue;
    input.value = v;
  }
  for (const box of boxes()) box.checked = form.algorithms.includes(box.value);
  syncForm(el);
}

/**
 * Shows the inputs the form's choices use and hides the others: the epoch limit or the step
 * budget T (`[data-budget]`), the gap tolerance or the angle's tolerance and block (`[data-stop]`).
 * @param {(id: string) => any} el
 */
export function syncForm(el) {
  const budget = el("lc-budget").value;
  const stop = el("lc-stop").value;
  for (const label of el("curves").querySelectorAll("[data-budget]")) label.hidden = label.dataset.budget !== budget;
  for (const label of el("curves").querySelectorAll("[data-stop]")) label.hidden = label.dataset.stop !== stop;
}

/**
 * The form's value of input or select `id`: as typed, or its default (the page's own, whatever was typed).
 * @param {(id: string) => any} el
 * @param {boolean} defaults
 * @returns {(id: string) => string}
 */
function formValue(el, defaults) {
  return (id) => {
    const input = el(id);
    if (!defaults) return input.value;
    if (input.tagName === "SELECT") return ([...input.options].find((o) => o.defaultSelected) ?? input.options[0]).value;
    return input.defaultValue;
  };
}

/**
 * Reads the panel's inputs (or with `defaults` the page's defaults of them) into sweep
 * parameters; throws an Error naming a field that is not a number of the right kind. The core
 * checks the ranges (`curveCells`, `CurveParams::validate`).
 * @param {typeof import("../pkg/perceptron_lab.js")} wasm
 * @param {(id: string) => any} el
 * @param {{defaults?: boolean}} [options] `defaults`: the page's defaults, not what is typed
 * @returns {import("../pkg/perceptron_lab.js").CurveParams}
 */
export function readParams(wasm, el, { defaults = false } = {}) {
  const value = formValue(el, defaults);
  /** @type {NumberField} */
  const num = (id, what, { int = false, min = -Infinity, max = Infinity } = {}) => {
    const v = Number(value(id));
    if (value(id).trim() === "" || !Number.isFinite(v) || (int && !Number.isInteger(v)) || v < min || v > max) {
      throw new Error(`${what} must be ${int ? "a whole number" : "a number"} in [${min}, ${max}], got "${value(id)}"`);
    }
    return v;
  };
  const n = num("lc-n", "N", { int: true, min: 1, max: LIMITS.maxCurveN });
  const a0 = num("lc-alpha-start", "α start", { min: 1e-6, max: 1000 });
  const a1 = num("lc-alpha-stop", "α stop", { min: a0, max: 1000 });
  const count = num("lc-alpha-count", "number of α values", { int: true, min: 1, max: 1000 });
  const alphas = Array.from(wasm.alphaGrid(a0, a1, count));
  const algorithms = boxes()
    .filter((b) => (defaults ? b.defaultChecked : b.checked))
    .map((b) => /** @type {import("../pkg/perceptron_lab.js").Algorithm} */ (b.value)); // the boxes are the catalogue's names; the core checks them
  if (!algorithms.length) throw new Error("choose at least one algorithm");
  const byUpdates = value("lc-budget") === "updates";
  const budget = byUpdates
    ? // the epoch limit is not used with a step budget; the CLI's default stands in for it
      { epochs: LIMITS.sweepEpochs, updates: num("lc-updates", "updates T", { int: true, min: 1, max: 1e12 }) }
    : { epochs: num("lc-epochs", "epochs", { min: 1e-3, max: 1e6 }) };
  return {
    n,
    alphas,
    reps: num("lc-reps", "repetitions", { int: true, min: 1, max: LIMITS.maxReps }),
    algorithms,
    ...budget,
    seed: num("lc-seed", "seed", { int: true, min: 0, max: LIMITS.maxSeed }),
    noise: num("lc-noise", "label noise λ", { min: 0, max: 1 }),
    labels: /** @type {import("../pkg/perceptron_lab.js").Labels} */ (value("lc-labels")), // the select's options are the core's names; the core checks them
    stop: readStop(value, num),
    randomSeparability: true, // the storage panel: random labellings of the same inputs, against Cover
  };
}

/**
 * The stopping rule of the form (`StopRule`: `{kind}`, with its tolerance and the angle's optional block).
 * @param {(id: string) => string} value
 * @param {NumberField} num
 * @returns {import("../pkg/perceptron_lab.js").StopRule}
 */
function readStop(value, num) {
  // the select's options are the core's kinds; the core checks them
  const kind = /** @type {import("../pkg/perceptron_lab.js").StopRule["kind"]} */ (value("lc-stop"));
  if (kind === "gap") return { kind, tolerance: num("lc-gap", "gap tolerance", { min: 1e-12, max: 1 }) };
  if (kind === "angle") {
    const tolerance = num("lc-angle", "angle tolerance (radians)", { min: 1e-15, max: Math.PI });
    // no block: one epoch (P steps), as the CLI's angle:TOL
    if (value("lc-angle-block").trim() === "") return { kind, tolerance };
    return { kind, tolerance, block: num("lc-angle-block", "angle block T (steps)", { int: true, min: 1, max: 1e12 }) };
  }
  return { kind };
}
