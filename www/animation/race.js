/**
 * Compare mode's race: every compared rule (the shown rules) stepped in lockstep from w = 0 by the core's `Race`,
 * which records every step; a `Player` as the training animation is (step, play at a speed,
 * scrub), driven by the same controls in compare mode: at race step t every compared rule is drawn, read out and traced as it stood after t
 * steps (or at its stop).
 */

import { Player } from "./player.js";
import { trainingInput } from "../training/core-settings.js";
import { comparedRules } from "./compare-mode.js";
import { errorMessage } from "../text/format.js";

/**
 * The race of the app's compared rules.
 * @extends {Player<import("../app/controller.js").App, import("../pkg/perceptron_lab.js").Race>}
 */
export class RacePlayer extends Player {
  /**
   * @param {typeof import("../pkg/perceptron_lab.js")} wasm the core's exports
   * @param {import("../app/controller.js").App} app the controller
   */
  constructor(wasm, app) {
    super(app, wasm);
    /** @type {{key: string, views: any[]} | null} the views at the step shown (the views of one frame ask more than once) */
    this.cache = null;
  }

  /** Whether a race is under way (else the views show the full runs). */
  get active() {
    return this.handle !== null;
  }

  get length() {
    return this.handle ? this.handle.steps + 1 : 1;
  }

  /** Starts the race of the compared rules from w = 0 (once); false, with a message, if it cannot. */
  ensure() {
    if (this.handle) return true;
    const app = this.app;
    if (!app.state.compare) return false;
    const rules = comparedRules(app);
    if (!rules.length) {
      app.setMessage("Nothing to race: tick the rules to compare in the top row.", "error");
      return false;
    }
    try {
      const { xs, ys, settings } = trainingInput(app.state);
      this.setRun(new this.wasm.Race(xs, ys, { ...settings, traces: [] }, /** @type {any[]} */ (rules)));
      this.index = 0;
      return true;
    } catch (e) {
      app.setMessage(`The race cannot start: ${errorMessage(e)}`, "error");
      return false;
    }
  }

  advance() {
    this.handle?.step();
  }

  /** Ends the race (the views show the full runs again). */
  clear() {
    super.clear();
    this.cache = null;
  }

  /** The compared rules at the race step shown (as `Scene.algorithms`). */
  views() {
    if (!this.handle) return [];
    const key = `${this.index}/${this.length}`;
    if (this.cache?.key !== key) this.cache = { key, views: this.handle.views(this.index) };
    return this.cache.views;
  }

  /** The compared rules' traces up to the race step shown (`{name: Trace}`). */
  traces() {
    return this.handle ? this.handle.traces(this.index) : {};
  }
}
