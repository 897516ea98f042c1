/**
 * Compare mode: the shown rules (the top row's ticks) and the exact optimum as the reference,
 * each with its line, band and w, a bar of κ(w)/κ_max, and their traces against the step t
 * (recorded from the runs that draw the lines: the training restarts with traces on); the
 * page's one player drives their race. Its edits and what the views read of it, over the controller.
 */

import { ALGORITHMS, REFERENCES, SHOWN_NAMES } from "../app/catalogue.js";
import { comparedRules as comparedOf } from "../app/state-fields.js";
import { setFields } from "../app/state.js";

/** @typedef {import("../app/controller.js").App} App */

/**
 * Turns compare mode on or off. Turning it on with `rules` ticks those rules (and the
 * reference), untick the others: one edit, undone by Undo; otherwise compare mode changes no
 * tick, and Undo leaves it on. Switching it starts the player over (the race or the animation).
 * @param {App} app
 * @param {boolean} on
 * @param {readonly string[] | null} [rules] the rules to compare (turning it on), null: those ticked
 */
export function setCompare(app, on, rules = null) {
  const state = app.state;
  if (on && rules !== null) {
    const unknown = rules.filter((r) => !(/** @type {readonly string[]} */ (ALGORITHMS).includes(r)));
    if (!rules.length || unknown.length) throw new Error(`setCompare: rules must be some of ${ALGORITHMS.join(", ")}; got ${JSON.stringify(rules)}`);
    const ticks = Object.fromEntries(SHOWN_NAMES.map((n) => [n, REFERENCES.includes(n) || rules.includes(n)]));
    if (SHOWN_NAMES.some((n) => ticks[n] !== state.shown[n])) {
      app.beginEdit();
      setFields(state, { shown: { ...state.shown, ...ticks } });
      app.commit();
    }
  }
  if (on !== state.compare) {
    for (const p of app.players) p.clear();
    setFields(state, { compare: on });
    app.training.invalidate(); // the traces are recorded from tabula rasa
  }
  app.onShownChanged?.();
  app.scheduleRender();
}

/**
 * The rules compare mode compares: the shown training rules (none outside compare mode).
 * @param {App} app
 */
export function comparedRules(app) {
  return comparedOf(app.state);
}

/**
 * The player the page's player controls (and Space, S, R) drive: the race in compare mode, else the animation.
 * @param {App} app
 */
export function playerOf(app) {
  return app.state.compare ? app.race : app.animator;
}

/**
 * The race: every compared rule advanced by one step (from tabula rasa on the first call), in
 * lockstep — or, scrubbed back, the next recorded step; the data view shows where each rule stands.
 * @param {App} app
 */
export function stepRace(app) {
  if (!app.state.compare) throw new Error("stepCompare: compare mode is off");
  app.race.step();
  app.scheduleRender();
}

/**
 * Shows race step `t` of the steps taken (scrubbing: every compared rule as it stood after t steps).
 * @param {App} app
 * @param {number} t
 */
export function scrubRace(app, t) {
  if (!app.race.active) throw new Error("scrubCompare: no race is under way (step or play it first)");
  app.race.scrub(t);
}

/**
 * The traces (`{name: Trace}`): in compare mode the compared rules' — the race's up to the step
 * shown while a race is under way, else the full runs' — and the animated rule's up to the
 * frame shown once the animation has taken a step (unless that rule is compared).
 * @param {App} app
 */
export function traces(app) {
  /** @type {Record<string, import("../pkg/perceptron_lab.js").Trace>} */
  let out = {};
  if (app.state.compare) {
    if (app.race.active) out = app.race.traces();
    else {
      app.ensureTrained();
      out = app.training.traces();
    }
  }
  const animated = app.animator.trace();
  if (animated && !(app.animator.algorithm in out)) out[app.animator.algorithm] = animated;
  return out;
}

/**
 * The scene the views draw: while a race is under way the compared rules at the race step shown
 * (with the exact optimum and the version space of the points), else the full runs'.
 * @param {App} app
 */
export function viewScene(app) {
  const scene = app.training.scene;
  return app.race.active && scene ? { ...scene, algorithms: app.race.views() } : scene;
}
