/**
 * The course reports' experiments as presets of the learning-curve form, at their own parameters:
 * the same experiments as the command lines of docs/cli.md's course recipes
 * (`tests/e2e/assignments.test.mjs` checks that each preset fills the form with the parameters
 * of exactly one of those lines, and that every line has its preset). Choosing one fills the form
 * and previews its charts' theory curves; it does not run the sweep.
 */

import { applyForm } from "./curve-form.js";

/**
 * @typedef {object} Assignment
 * @property {string} id the menu's value
 * @property {string} group its group in the menu
 * @property {string} label its entry in the menu
 * @property {string} what what to look at (shown when chosen)
 * @property {string[]} algorithms
 * @property {number} n
 * @property {[number, number, number]} alpha start, stop and count of the α grid
 * @property {number} reps
 * @property {number} [epochs] the epoch limit, or
 * @property {number} [updates] the step budget T (the reports' t_max: MinOver's steps are updates)
 * @property {number} noise label noise λ
 * @property {"teacher" | "random"} labels
 * @property {number} seed
 * @property {boolean} [long] a sweep of minutes rather than seconds
 * @property {number[]} [ns] several sweeps, one per N (the first fills the form), each kept as a
 *   series of one chart (assignment-runs.js); the others are one sweep at `n`
 */

/** The reports' t_max of MinOver. */
const T_MAX = [20, 100, 5000];
/** The reports' label noise levels. */
const NOISE = [0.1, 0.2, 0.3, 0.4, 0.5];
/** The reports' input dimensions. */
const DIMENSIONS = [5, 20, 150];
/** What every experiment shares: teacher labels, no noise, seed 1, 100 repetitions. */
const COMMON = { reps: 100, noise: 0, labels: /** @type {"teacher"} */ ("teacher"), seed: 1 };
const THREE = ["minover", "adatron", "rosenblatt"];
/** The storage assignment's input dimensions, and Rosenblatt's epoch budget n_max there. */
const STORAGE_DIMENSIONS = [20, 40, 100];
const STORAGE_EPOCHS = 100;

/** The presets, in the order of the menu. @type {Assignment[]} */
export const ASSIGNMENTS = [
  ...T_MAX.map((t) => ({
    ...COMMON,
    id: `minover-updates-${t}`,
    group: "MinOver at N = 20, t_max counted in updates",
    label: `t_max = ${t} updates`,
    what: `MinOver's ε_g(α) after t_max = ${t} updates in all (at every α), against the maximal-stability curve it tends to for t_max → ∞.`,
    algorithms: ["minover"],
    n: 20,
    alpha: /** @type {[number, number, number]} */ ([0.1, 10, 100]),
    updates: t,
  })),
  ...T_MAX.map((t) => ({
    ...COMMON,
    id: `minover-epochs-${t}`,
    group: "MinOver at N = 20, t_max counted in epochs",
    label: `t_max = ${t} epochs`,
    what: `MinOver's ε_g(α) after ${t} epochs (${t}·P updates at each α), against the maximal-stability curve.`,
    algorithms: ["minover"],
    n: 20,
    alpha: /** @type {[number, number, number]} */ ([0.1, 10, 100]),
    epochs: t,
    long: t >= 1000,
  })),
  ...NOISE.map((noise) => ({
    ...COMMON,
    id: `noise-${noise}`,
    group: "Label noise at N = 20, 100 epochs",
    label: `λ = ${noise}`,
    what: `Teacher labels flipped with probability λ = ${noise}: as α grows the sets stop being linearly separable (the last chart), Rosenblatt then runs to its epoch limit; compare each rule's ε_g(α) with the noise-free curves.`,
    algorithms: THREE,
    n: 20,
    alpha: /** @type {[number, number, number]} */ ([0.1, 10, 100]),
    epochs: 100,
    noise,
  })),
  ...DIMENSIONS.map((n) => ({
    ...COMMON,
    id: `dimension-${n}`,
    group: "MinOver, AdaTron and Rosenblatt at 100 epochs",
    label: `N = ${n}`,
    what: `ε_g(α) at N = ${n} against the N → ∞ curves: the finite-size deviations shrink as N grows.`,
    algorithms: THREE,
    n,
    alpha: /** @type {[number, number, number]} */ ([0.1, 10, 50]),
    epochs: 100,
    long: n >= 100,
  })),
  {
    ...COMMON,
    id: "random-labels",
    group: "Storage: random labels",
    label: "κ(α) against Gardner, N = 20",
    what: "Random labels: κ(α) of MinOver, AdaTron and the exact optimum against Gardner's κ_max(α) (N → ∞); exact's means are over the separable sets only, fewer and fewer as α nears 2 (hollow points; the count on hover).",
    algorithms: ["minover", "adatron", "exact"],
    n: 20,
    alpha: [0.1, 2, 20],
    epochs: 100,
    labels: "random",
  },
  ...STORAGE_DIMENSIONS.map((n) => ({
    ...COMMON,
    id: `storage-${n}`,
    group: "Storage: the fraction of separable sets Q_ls(α)",
    label: `N = ${n}`,
    what: `Random labels at N = ${n}: the fraction of linearly separable sets Q_ls(α) (exact test) against Cover's C(P, N)/2^P, which falls through ½ at the capacity α_c = 2, and beside it the fraction of Rosenblatt runs that reach zero training errors within ${STORAGE_EPOCHS} epochs (never above it: at α near 2 Rosenblatt fails on some separable sets). Run the three N for the sharpening transition.`,
    algorithms: ["rosenblatt"],
    n,
    alpha: /** @type {[number, number, number]} */ ([0.1, 4, 40]),
    epochs: STORAGE_EPOCHS,
    labels: /** @type {"random"} */ ("random"),
    long: n >= 100,
  })),
  {
    ...COMMON,
    id: "storage",
    group: "Storage: the fraction of separable sets Q_ls(α)",
    label: "N = 20, 40 and 100 on one chart",
    what: `The storage assignment on one chart: Run sweeps N = 20, 40 and 100 one after another (random labels, α from 0.1 to 4), each kept as a series named by its N, replacing the series kept before. The separable-fraction chart shows each N's Q_ls(α) (exact test) with Cover's C(P, N)/2^P for that N in the series' dashes, Rosenblatt's success within ${STORAGE_EPOCHS} epochs beside it, and the capacity α_c = 2: the transition sharpens as N grows. "CSV of all series" exports the three.`,
    algorithms: ["rosenblatt"],
    n: STORAGE_DIMENSIONS[0],
    ns: STORAGE_DIMENSIONS,
    alpha: /** @type {[number, number, number]} */ ([0.1, 4, 40]),
    epochs: STORAGE_EPOCHS,
    labels: /** @type {"random"} */ ("random"),
    long: true,
  },
];

/** Fills the menu `#lc-assignment` (after its first, empty option), one group per experiment. @param {(id: string) => any} el */
export function fillAssignments(el) {
  const menu = el("lc-assignment");
  /** @type {Map<string, HTMLOptGroupElement>} */
  const groups = new Map();
  for (const a of ASSIGNMENTS) {
    if (!groups.has(a.group)) {
      const g = document.createElement("optgroup");
      g.label = a.group;
      groups.set(a.group, g);
      menu.append(g);
    }
    const option = document.createElement("option");
    option.value = a.id;
    if (a.ns) option.dataset.runs = a.ns.join(",");
    option.textContent = a.long ? `${a.label} (takes minutes)` : a.label;
    groups.get(a.group)?.append(option);
  }
}

/** The preset called `id`, or undefined. @param {string} id */
export function assignment(id) {
  return ASSIGNMENTS.find((a) => a.id === id);
}

/** Puts preset `a` into the form (every field a sweep reads; the gap and angle settings are kept). @param {(id: string) => any} el @param {Assignment} a */
export function applyAssignment(el, a) {
  const fields = {
    "lc-n": String(a.n),
    "lc-alpha-start": String(a.alpha[0]),
    "lc-alpha-stop": String(a.alpha[1]),
    "lc-alpha-count": String(a.alpha[2]),
    "lc-reps": String(a.reps),
    "lc-budget": a.updates === undefined ? "epochs" : "updates",
    ...(a.updates === undefined ? { "lc-epochs": String(a.epochs) } : { "lc-updates": String(a.updates) }),
    "lc-stop": "epochs",
    "lc-noise": String(a.noise),
    "lc-labels": a.labels,
    "lc-seed": String(a.seed),
  };
  applyForm(el, { fields, algorithms: a.algorithms });
}

/**
 * The small sweep that warms the workers up (`WorkerPool.warm`): the presets' three rules (those of
 * `dimension-20`) and the storage chart's test at N = 20, twelve α up to P = 200 (MinOver's window
 * opens from P = 56), two repetitions — the code a sweep runs, little work on each worker; 24 cells
 * rather than a handful, which shortens WebKit's first heavy sweep more (the warm-up's effect in each engine: BENCHMARKS.md, "The heavy sweep").
 */
export const WARM_UP = {
  n: 20,
  alphas: [0.5, 1, 1.5, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  reps: 2,
  algorithms: THREE,
  epochs: 100,
  seed: 1,
  noise: 0,
  labels: "teacher",
  stop: { kind: "epochs" },
  randomSeparability: true,
};
