/** Preset data sets of the data view. Fixed sets are listed here; generated ones come from the core. */

/** Fixed presets: `{id, name, threshold, points}`. */
export const FIXED_PRESETS = [
  {
    id: "six",
    name: "Six points (cf. Biehl Fig. 3.4)",
    threshold: false,
    points: [
      { x: 1.0, y: 2.0, label: 1 },
      { x: 2.0, y: 0.5, label: 1 },
      { x: 0.5, y: 1.0, label: 1 },
      { x: -1.5, y: -0.5, label: -1 },
      { x: -0.5, y: -2.0, label: -1 },
      { x: 1.0, y: -1.5, label: -1 },
    ],
  },
  {
    id: "offset",
    name: "Two groups off the origin (needs θ)",
    threshold: true,
    points: [
      { x: 2.5, y: 3.5, label: 1 },
      { x: 3.5, y: 3.0, label: 1 },
      { x: 3.0, y: 4.2, label: 1 },
      { x: 4.0, y: 4.0, label: 1 },
      { x: 1.0, y: 1.5, label: -1 },
      { x: 2.0, y: 1.2, label: -1 },
      { x: 1.2, y: 2.6, label: -1 },
      { x: 0.5, y: 0.6, label: -1 },
    ],
  },
  {
    // D of the perceptron lecture notes ("Linear Discriminants"), used there with a threshold
    // (f(x) = a₁x₁ + a₂x₂ + b); the notes' labels 1 / 0 are +1 / −1 here, as an imported file's are
    id: "notes-d",
    name: "Lecture notes: data set D (with θ)",
    threshold: true,
    points: [
      { x: 3, y: 1, label: 1 },
      { x: 2, y: 2.5, label: -1 },
      { x: 2, y: 1.5, label: 1 },
      { x: 4, y: 3, label: 1 },
      { x: 3, y: 3, label: -1 },
    ],
  },
  {
    id: "xor",
    name: "XOR (not separable)",
    threshold: true,
    points: [
      { x: 1, y: 1, label: 1 },
      { x: -1, y: -1, label: 1 },
      { x: 1, y: -1, label: -1 },
      { x: -1, y: 1, label: -1 },
    ],
  },
];

/** Presets loaded from a shipped file (see www/data/README.md for the source). */
export const FILE_PRESETS = [
  {
    id: "iris",
    name: "Iris: setosa vs versicolor (sepal length, width)",
    threshold: true,
    path: "data/iris-setosa-versicolor.csv", // under www/; the single-file build embeds it
  },
];

/**
 * Generated presets: `{id, name, noise}`; drawn by `teacherSet(P, seed, noise)` (noise ½ = random
 * labels). Chosen from the menu, the teacher sets put their λ in the control bar's λ field; "New
 * teacher set" and Enter in P, λ or seed draw the kind the menu shows with the fields' values.
 */
export const GENERATED_PRESETS = [
  { id: "teacher", name: "Teacher set (P, seed)", noise: 0 },
  { id: "noisy", name: "Noisy teacher set (λ, default 0.2)", noise: 0.2 },
  { id: "random", name: "Random labels", noise: 0.5 },
];

/** Every preset's id (the menu's values besides "custom"). */
export const PRESET_IDS = [...FIXED_PRESETS, ...FILE_PRESETS, ...GENERATED_PRESETS].map((p) => p.id);

/** The menu's entry for points that are no preset (edited, cleared, imported). */
export const CUSTOM = "custom";

/** The preset shown on a first visit. */
export const DEFAULT_PRESET = "six";
