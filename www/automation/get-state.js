/**
 * `lab.getState()`: the state of the page as docs/design.md promises it (docs/automation.md lists every field),
 * in plain arrays and objects — the points, every rule's result, the version space, the
 * animation, the counts, compare mode, the rings and the traces — read from the controller.
 */

import { REFERENCES } from "../app/catalogue.js";
import { degeneracyPoints } from "../training/cover-counts.js";
import { lineStyles } from "../views/data/data-lines.js";
import { ringsOf } from "../views/data/rings.js";
import { generalizationErrors } from "../training/teacher.js";
import { comparedRules, traces, viewScene } from "../animation/compare-mode.js";

/**
 * The state of `app`, trained first if an edit waits for its training.
 * @param {import("../app/controller.js").App} app
 * @param {import("../views/weight/weight-view.js").WeightView} weightView
 */
export function labState(app, weightView) {
  app.ensureTrained(); // an edit may be waiting for its frame
  const { state, animator } = app;
  const scene = app.training.scene;
  /** @type {Record<string, Record<string, unknown>>} every rule's result, by name, as plain JSON */
  const algorithms = {};
  const teacher = state.teacher;
  const everyRule = { shown: Object.fromEntries(Object.keys(state.shown).map((n) => [n, true])) };
  const eps = generalizationErrors(app.wasm, teacher, everyRule, scene);
  for (const a of scene?.algorithms ?? []) algorithms[a.name] = algorithmState(a);
  for (const name of REFERENCES) {
    algorithms[name] =
      scene?.exact?.name === name
        ? algorithmState(scene.exact)
        : { w: null, theta: null, kappa: NaN, converged: false, updates: 0, status: scene?.notes.join(" ") ?? "" };
  }
  for (const [name, a] of Object.entries(algorithms)) a.generalizationError = teacher ? (eps[name] ?? null) : null;
  const shownAnimation = animator.frames.length > 1 ? animator : null;
  const rings = ringsOf(state, viewScene(app), shownAnimation);
  return {
    points: state.points.map((p) => ({ ...p })),
    threshold: state.threshold,
    /** extension: the rule settings `{gamma, notesEta}` (the soft margin's γ, the notes' η) */
    settings: { ...state.rules },
    /** extension: the data view's range, [cx − half, cx + half] × [cy − half, cy + half] (across the shorter side of a view that is not square) */
    view: { ...state.view },
    algorithms,
    separable: scene?.separable ?? false,
    support: [...(scene?.support ?? [])],
    teacher: teacher ? { w: [...teacher.w], theta: teacher.theta, noise: teacher.noise } : null,
    showTeacher: state.showTeacher,
    learningCurve: app.student.state(),
    preset: state.preset,
    hover: state.hover,
    region: state.region ? { phi: state.region.phi, theta: state.region.theta, labels: [...state.region.labels] } : null,
    notes: [...(scene?.notes ?? [])],
    versionSpace: versionSpaceState(scene?.versionSpace, state.threshold),
    animation: animator.status(),
    weightPlot: weightView.plotState(),
    dichotomies: dichotomiesState(app.counts.current()),
    compare: compareState(app),
    /** extension: how each shown rule's line is drawn in the data view */
    lines: lineStyles(state, viewScene(app), shownAnimation),
    rings: { byStrength: rings.byStrength, drawn: rings.groups.flatMap((g) => g.rings.map((r) => ({ ...r }))), scales: rings.scales.map((r) => ({ ...r })) },
    lesson: state.lesson ? { ...state.lesson } : null,
    /** extension: the rules shown (ticked), the references among them */
    shown: Object.keys(state.shown).filter((n) => state.shown[n]),
    traces: Object.fromEntries(Object.entries(traces(app)).map(([name, t]) => [name, traceState(t)])),
  };
}

/** A trace `{t, kappa, upper, updates, errors, pocketErrors}` in plain arrays. @param {import("../pkg/perceptron_lab.js").Trace} t */
function traceState(t) {
  return {
    t: [...t.t],
    kappa: [...t.kappa],
    upper: t.upper ? [...t.upper] : null,
    updates: [...t.updates],
    errors: [...t.errors],
    pocketErrors: t.pocketErrors ? [...t.pocketErrors] : null,
  };
}

/**
 * `getState().compare`: `{rules, kappa: {name: κ}, race}` of the compared rules (the race's at
 * the step shown while it is under way), with the race's `step` shown (null without a race),
 * `steps` taken, `playing`, `speed` (steps per second) and each rule's `w` and `theta` as drawn;
 * or null outside compare mode.
 * @param {import("../app/controller.js").App} app
 */
function compareState(app) {
  const { state, race } = app;
  if (!state.compare) return null;
  const rules = comparedRules(app);
  /** @type {Record<string, number>} */
  const kappa = {};
  /** @type {Record<string, number[]>} */
  const w = {};
  /** @type {Record<string, number>} */
  const theta = {};
  for (const a of viewScene(app)?.algorithms ?? []) {
    if (!rules.includes(a.name)) continue;
    kappa[a.name] = a.kappa;
    w[a.name] = [...a.w];
    theta[a.name] = a.theta;
  }
  return {
    rules,
    kappa,
    race: race.active,
    step: race.active ? race.index : null,
    steps: race.length - 1,
    playing: race.playing,
    speed: race.speed,
    w,
    theta,
  };
}

/** `getState().dichotomies`: the count of separable labellings of the points in the current mode, or null above the page's limit. @param {import("../pkg/perceptron_lab.js").Count | null} c */
function dichotomiesState(c) {
  return c
    ? {
        separable: c.separable,
        total: c.total,
        cover: c.cover,
        generalPosition: c.generalPosition,
        method: c.method,
        degeneracies: c.degeneracies.map((d) => ({ kind: d.kind, points: degeneracyPoints(d) })),
      }
    : null;
}

/** `getState().versionSpace` as docs/automation.md gives it: plain arrays. @param {import("../pkg/perceptron_lab.js").VersionSpaceArrays | null | undefined} vs @param {boolean} threshold */
function versionSpaceState(vs, threshold) {
  if (!vs) return threshold ? { kind: "band", phi: [], lower: [], upper: [], size: Infinity } : { kind: "arc", arcs: [[0, 2 * Math.PI]], size: 2 * Math.PI };
  if (vs.kind === "arc") return { kind: "arc", arcs: vs.arcs.map((a) => [...a]), peak: vs.peak, size: vs.size };
  return { kind: "band", phi: Array.from(vs.phi), lower: Array.from(vs.lower), upper: Array.from(vs.upper), size: vs.size };
}

/** A rule's result as `getState().algorithms` gives it: plain arrays. @param {import("../pkg/perceptron_lab.js").AlgorithmView} a */
function algorithmState(a) {
  return {
    w: [...a.w],
    theta: a.theta,
    phi: a.phi,
    kappa: a.kappa,
    converged: a.converged,
    updates: a.updates,
    steps: a.steps,
    errors: a.errors,
    stop: a.stop,
    status: a.status,
    settled: a.settled,
    updateBound: a.updateBound,
    embedding: Array.from(a.embedding ?? []),
    softMargin: a.softMargin
      ? {
          margin: a.softMargin.margin,
          slack: [...a.softMargin.slack],
          violators: [...a.softMargin.violators],
          halfNormSq: a.softMargin.halfNormSq,
          penalty: a.softMargin.penalty,
        }
      : null,
    kappaUpper: a.kappaUpper,
    gap: a.gap,
    stabilities: [...a.stabilities],
    gradient: a.gradient ?? null,
    optimum: a.optimum ? { ...a.optimum, w: a.optimum.w ? [...a.optimum.w] : null } : null,
  };
}
