/**
 * The rings the data view draws around the points, computed for the frame: the exact optimum's
 * support vectors, or (`ringsByStrength`) each ringed rule's embedding strengths x^μ
 * (w = Σ x^μ S^μ ξ^μ) as rings of area ∝ x^μ. `getState().rings` reports the same rings.
 */

import { INFO, REFERENCES } from "../../app/catalogue.js";
import { PROJECTOR_SCALE, pointRadius } from "./data-style.js";

/** The radius (CSS px, before the projector's scale) of a rule's ring at its largest x^μ. */
const RING_MAX_RADIUS = 22;
/** How far (CSS px) a support vector's ring lies outside its point's mark. */
const SUPPORT_GAP = 5;

/**
 * @typedef {{rule: string, point: number, x: number | null, radius: number}} Ring a ring (radius in CSS px; x null for the fixed support-vector rings)
 * @typedef {{rule: string, rings: Ring[]}} RingGroup one rule's rings, drawn in its colour
 * @typedef {{byStrength: boolean, groups: RingGroup[], scales: {rule: string, max: number}[]}} Rings
 */

/**
 * The rings of `scene` as `state` shows it (none while the cell under the pointer is previewed):
 * with `ringsByStrength`, for every shown rule that has embedding strengths (the exact optimum
 * among them when it exists), a ring around each point with x^μ > 0, radius
 * RING_MAX_RADIUS·√(x^μ / max_ν x^ν), the largest x^μ of each rule getting the largest ring (the
 * animated rule is left out while its final line is, until its run has ended at that final w);
 * else the exact optimum's support vectors.
 * @param {import("../../app/state.js").PageState} state
 * @param {import("../../training/data-view-training.js").ViewScene | null} scene
 * @param {import("../../app/view-frame.js").ShownAnimation | null} animation
 * @returns {Rings}
 */
export function ringsOf(state, scene, animation) {
  /** @type {Rings} */
  const out = { byStrength: state.ringsByStrength, groups: [], scales: [] };
  if (!scene || state.region) return out;
  if (!state.ringsByStrength) {
    const [reference] = REFERENCES;
    if (!state.shown[reference] || !scene.support.length) return out;
    const radius = pointRadius(state.projector) + SUPPORT_GAP;
    const rings = [...scene.support].filter((i) => i < state.points.length).map((point) => ({ rule: reference, point, x: null, radius }));
    out.groups.push({ rule: reference, rings });
    return out;
  }
  /** @type {import("../../pkg/perceptron_lab.js").AlgorithmView[]} */
  const rules = [];

  if (scene.exact?.converged && state.shown[scene.exact.name]) rules.push(scene.exact);
  for (const a of scene.algorithms) {
    if (!state.shown[a.name] || !INFO[a.name].ringsByStrength) continue;
    if (animation && a.name === animation.algorithm && !state.showFinal && !endsAt(animation, a)) continue;
    rules.push(a);
  }
  const scale = state.projector ? PROJECTOR_SCALE : 1;
  for (const a of rules) {
    const x = a.embedding ?? [];
    let max = 0;
    for (const v of x) if (v > max) max = v;
    if (!(max > 0)) continue;
    out.scales.push({ rule: a.name, max });
    /** @type {Ring[]} */
    const rings = [];

    x.forEach((v, point) => {
      if (v > 0 && point < state.points.length) rings.push({ rule: a.name, point, x: v, radius: RING_MAX_RADIUS * scale * Math.sqrt(v / max) });
    });
    out.groups.push({ rule: a.name, rings });
  }
  return out;
}

/**
 * Whether `animation` shows the end of its run and that end is `a`'s final w and θ (the same
 * rule and limits on the same points: equal up to rounding). The final rings are left out while
 * the rule is stepped so as not to give its answer away; once the run has stopped there, its
 * w(t) is that answer and the rings are its own embedding strengths.
 * @param {import("../../app/view-frame.js").ShownAnimation} animation
 * @param {import("../../pkg/perceptron_lab.js").AlgorithmView} a
 */
function endsAt(animation, a) {
  const f = animation.frames[animation.index];
  if (!f?.stop || animation.index !== animation.frames.length - 1 || f.w.length !== a.w.length) return false;
  const scale = Math.max(Math.abs(a.theta), ...a.w.map(Math.abs));
  const near = (/** @type {number} */ u, /** @type {number} */ v) => Math.abs(u - v) <= 1e-9 * scale;
  return near(f.theta, a.theta) && f.w.every((v, i) => near(v, a.w[i]));
}
