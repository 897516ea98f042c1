/**
 * The settings of the core's training (`scene::Settings`) from the page's state: the rules
 * trained, the mode, the seed, the compared rules' traces, and each rule's own setting under its
 * catalogue `setting.limit` (its key in the scene's settings), taken from the state's `rules` by its
 * `setting.key`. What is not given has the core's default.
 */

import { ALGORITHMS, CORE } from "../app/catalogue.js";
import { comparedRules, ruleSettings } from "../app/state-fields.js";
import { flattenPoints } from "../app/state.js";

/**
 * The training settings of `state`: the core rules and every other shown rule.
 * @param {import("../app/state.js").PageState} state
 * @returns {Partial<import("../pkg/perceptron_lab.js").Settings>}
 */
export function trainSettings(state) {
  const algorithms = [...CORE, ...ALGORITHMS.filter((n) => state.shown[n] && !CORE.includes(n))];
  const own = Object.fromEntries(ruleSettings().map(({ key, limit }) => [limit, state.rules[key]]));
  return {
    threshold: state.threshold,
    algorithms,
    ...own,
    seed: state.seed,
    traces: /** @type {any[]} */ (comparedRules(state)),
  };
}

/**
 * The points and settings of `state` as the core takes them (for the animation and the race).
 * @param {import("../app/state.js").PageState} state
 */
export function trainingInput(state) {
  const { xs, ys } = flattenPoints(state.points);
  return { xs, ys, settings: trainSettings(state) };
}
