/**
 * The frame: everything the views draw, computed once per rendered frame by the controller —
 * the state, the scene, the animation and the race, the traces, the counts, the rings, the
 * Gibbs students, the generalisation errors. The views read it and compute nothing.
 */

import { generalizationErrors } from "../training/teacher.js";
import { ringsOf } from "../views/data/rings.js";
import { comparedRules, traces, viewScene } from "../animation/compare-mode.js";

/**
 * What a player (the animation, the race) shows: whether it plays, the recorded steps (with the
 * start), the one shown and the speed.
 * @typedef {{playing: boolean, length: number, index: number, speed: number}} PlayerState
 */

/**
 * The animation shown: the animated rule, its recorded frames (index 0 the start) and the one shown.
 * @typedef {{algorithm: string, frames: import("../animation/training-animation.js").AnimationFrame[], index
: number}} ShownAnimation
 */

/**
 * @typedef {object} Frame
 * @property {import("./state.js").PageState} state the page's state (hover, region, flags among it)
 * @property {import("../training/data-view-training.js").ViewScene | null} scene the scene drawn (the race's step while a race is under way), or null
 * @property {any} trained the training's own scene (the full runs), or null
 * @property {any} versionSpace the version space of the points, or null
 * @property {ShownAnimation | null} animation the animation once it has taken a step
 * @property {{algorithm: string, error: string | null, frame: any, trace: any, player: PlayerState}} animator the animation's panel
 * @property {PlayerState & {active: boolean}} race compare mode's race
 * @property {Set<string>} concealed the drawn parts the lesson presented conceals for now ("optimum", "version-space", "lines": lesson-parts.js)
 * @property {string[]} compared the rules compare mode compares (the shown rules; none outside it)
 * @property {Record<string, any>} traces the compared rules' traces (compare mode)
 * @property {Record<string, number>} eps every shown rule's ε_g against the teacher (`{}` without one)
 * @property {{counts: import("../training/cover-counts.js").Counted | null, labellings: import("../pkg/perceptron_lab.js").Labelling[] | null, error: string, waiting: boolean}} counts
 Cover's count
 * @property {number} regionNumber the number of the cell under the pointer among the separable labellings (0: not numbered)
 * @property {{w: number[], theta: number}[]} gibbs further Gibbs students
 * @property {import("../views/data/rings.js").Rings} rings the rings around the points
 * @property {Map<number, Float64Array>} curves example curves the version space does not carry (the hovered one, the animation's)
 * @property {number} pointsVersion counts the edits of the points (the cached layers' key)
 * @property {number} revision counts the trainings (one per edit)
 * @property {boolean} settled whether every shown rule has stopped
 * @property {boolean} canUndo
 * @property {boolean} canRedo
 * @property {{p: number[], eps: Record<string, number[]>, size: number[]}} learningCurve the examples added one at a time
 */

/**
 * A player's state for the views.
 * @param {import("../animation/player.js").Player<import("./controller.js").App, {stopped: boolean, free: () => void}>} p
 * @returns {PlayerState}
 */
function playerState(p) {
  return { playing: p.playing, length: p.length, index: p.index, speed: p.speed };
}

/**
 * The frame of `app` as it stands (after its training slice).
 * @param {import("./controller.js").App} app
 * @returns {Frame}
 */
export function buildFrame(app) {
  const { state, animator, race, counts, training } = app;
  const scene = viewScene(app);
  const animation = animator.frames.length > 1 ? { algorithm: animator.algorithm, frames: animator.frames, index: animator.index } : null;
  if (state.showRegions && training.versionSpace) counts.update();
  const waiting = counts.forFrame();
  return {
    state,
    scene,
    trained: training.scene,
    versionSpace: training.versionSpace,
    animation,
    animator: { algorithm: animator.algorithm, error: animator.error, frame: animator.current(), trace: animator.trace(), player: playerState(animator) },
    race: { active: race.active, ...playerState(race) },
    concealed: app.concealed(),
    compared: comparedRules(app),
    traces: state.compare ? traces(app) : {},
    eps: generalizationErrors(app.wasm, state.teacher, state, scene),
    counts: { counts: counts.counts, labellings: counts.labellings, error: counts.error, waiting },
    regionNumber: state.region ? counts.numberOf(state.region.labels) : 0,
    gibbs: app.student.gibbsSamples(),
    rings: ringsOf(state, scene, animation),
    curves: exampleCurves(app, scene?.versionSpace, animation),
    pointsVersion: app.pointsVersion,
    revision: training.revision,
    settled: app.settled(),
    canUndo: app.history.canUndo(),
    canRedo: app.history.canRedo(),
    learningCurve: app.student.curve,
  };
}

/**
 * The weight view's example curves that the version space does not carry (it carries a uniform
 * subsample of many): the hovered example's and those the animation's step used, from the core.
 * @param {import("./controller.js").App} app
 * @param {any} vs
 * @param {{frames: any[], index: number} | null} animation
 */
function exampleCurves(app, vs, animation) {
  const out = new Map();
  if (!vs) return out;
  const { points, threshold, hover } = app.state;
  const f = animation?.frames[animation.index];
  for (const mu of [hover, f?.example, f?.partner]) {
    const p = mu === null || mu === undefined ? undefined : points[mu];
    if (!p || out.has(mu) || vs.curveExamples.includes(mu)) continue;
    out.set(mu, app.wasm.exampleCurve(p.x, p.y, p.label, threshold));
  }
  return out;
}
